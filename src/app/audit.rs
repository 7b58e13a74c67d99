//! The log of admin actions: each use case writes its row in the transaction of the change, with
//! [`changes`] (before/after of the changed fields only); a change an auction actor already made
//! durable is recorded after it with [`log_after`].

use deadpool_postgres::{GenericClient, Pool};
use serde_json::{Map, Value};

use crate::auth::CurrentUser;
use crate::db;
use crate::db::audit::Action;
use crate::error::AppError;

/// The fields of two JSON objects that differ: `(before, after)`, each holding only those keys.
pub fn changes(before: &Value, after: &Value) -> (Value, Value) {
    let empty = Map::new();
    let old = before.as_object().unwrap_or(&empty);
    let new = after.as_object().unwrap_or(&empty);
    let mut was = Map::new();
    let mut now = Map::new();
    for key in old.keys().chain(new.keys().filter(|k| !old.contains_key(*k))) {
        let (a, b) = (old.get(key), new.get(key));
        if a != b {
            was.insert(key.clone(), a.cloned().unwrap_or(Value::Null));
            now.insert(key.clone(), b.cloned().unwrap_or(Value::Null));
        }
    }
    (Value::Object(was), Value::Object(now))
}

/// An audit row by `admin`.
pub fn action<'a>(
    admin: &'a CurrentUser,
    action: &'static str,
    target_type: &'static str,
    target_id: Option<i64>,
    before: Option<Value>,
    after: Option<Value>,
) -> Action<'a> {
    Action { admin_id: admin.id, admin_name: &admin.username, action, target_type, target_id, before, after }
}

/// Writes the row of an action by `admin` on `target` (type, id) in the caller's transaction.
pub async fn log(
    db: &impl GenericClient,
    admin: &CurrentUser,
    action: &'static str,
    target: (&'static str, Option<i64>),
    before: Option<Value>,
    after: Option<Value>,
) -> Result<(), AppError> {
    let (target_type, target_id) = target;
    let entry = Action {
        admin_id: admin.id,
        admin_name: &admin.username,
        action,
        target_type,
        target_id,
        before,
        after,
    };
    db::audit::log(db, &entry).await?;
    Ok(())
}

/// Records an action an auction actor has already made durable. The change cannot be undone any
/// more, so a failed write is logged (with the whole row) instead of failing the request.
pub async fn log_after(pool: &Pool, action: &Action<'_>) {
    let written = async {
        let client = pool.get().await?;
        db::audit::log(&client, action).await?;
        Ok::<(), AppError>(())
    }
    .await;
    if let Err(err) = written {
        tracing::error!(
            error = %err,
            action = action.action,
            admin = action.admin_id,
            target = ?action.target_id,
            before = ?action.before,
            after = ?action.after,
            "audit row not written"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn changes_keep_only_the_fields_that_differ() {
        let (before, after) =
            changes(&json!({"a": 1, "b": "x", "c": null}), &json!({"a": 2, "b": "x", "c": null, "d": true}));
        assert_eq!(before, json!({"a": 1, "d": null}));
        assert_eq!(after, json!({"a": 2, "d": true}));
    }
}
