//! The migration runner against a real database: the versioned migrations run once, and each
//! function of `sql/functions/` is applied when its text differs from the one recorded, so the
//! database's function is always the file's (docs/operations.md, "Database functions").

use deadpool_postgres::Pool;
use tyiyn::db::migrate::{self, FUNCTIONS};

use crate::helpers::spawn_app;

/// (name, checksum, applied_at, version of its pg_proc row) of every recorded function, by name.
async fn recorded(pool: &Pool) -> Vec<(String, String, String, String)> {
    let client = pool.get().await.expect("connection");
    client
        .query(
            "select f.name, f.checksum, f.applied_at::text, p.xmin::text
             from schema_function f join pg_proc p on p.proname = f.name
             order by f.name",
            &[],
        )
        .await
        .expect("schema_function reads")
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect()
}

/// The body PostgreSQL keeps for function `name`.
async fn body_of(pool: &Pool, name: &str) -> String {
    let client = pool.get().await.expect("connection");
    client
        .query_one("select prosrc from pg_proc where proname = $1", &[&name])
        .await
        .expect("one function")
        .get(0)
}

/// The body a function file defines: its text between the two `$$`.
fn body_in(sql: &str) -> &str {
    let start = sql.find("$$").expect("an opening $$") + 2;
    let end = sql.rfind("$$").expect("a closing $$");
    &sql[start..end]
}

#[actix_web::test]
async fn migrations_leave_every_function_as_its_file_says_and_run_twice_apply_none_again() {
    let app = spawn_app().await;
    let pool = app.pool().await;
    for (name, sql) in FUNCTIONS {
        assert_eq!(body_of(&pool, name).await, body_in(sql), "{name} in a fresh database");
    }
    let first = recorded(&pool).await;
    let names: Vec<&str> = first.iter().map(|r| r.0.as_str()).collect();
    let mut listed: Vec<&str> = FUNCTIONS.iter().map(|(n, _)| *n).collect();
    listed.sort_unstable();
    assert_eq!(names, listed, "one row per function");
    for (name, sql) in FUNCTIONS {
        let row = first.iter().find(|r| r.0 == *name).expect("recorded");
        assert_eq!(row.1, migrate::checksum(sql), "{name}'s checksum is its file's");
    }

    migrate::run(&pool).await.expect("migrations run again");
    assert_eq!(recorded(&pool).await, first, "nothing applied the second time");
}

#[actix_web::test]
async fn migrations_reapply_a_function_whose_text_changed() {
    let app = spawn_app().await;
    let pool = app.pool().await;
    let (name, sql) = FUNCTIONS.iter().find(|f| f.0 == "commit_bid_groups").expect("listed");
    let changed = sql.replacen("\nbegin\n", "\nbegin\n    -- changed by a test\n", 1);
    assert_ne!(&changed, sql);

    let applied = migrate::apply_functions(&pool, &[(name, &changed)]).await.expect("applies");
    assert_eq!(applied, [*name]);
    assert!(body_of(&pool, name).await.contains("-- changed by a test"));
    let again = migrate::apply_functions(&pool, &[(name, &changed)]).await.expect("applies");
    assert!(again.is_empty(), "the same text is not applied twice");

    // The server's own list puts the file's text back: its checksum differs from the recorded one.
    migrate::run(&pool).await.expect("migrations run");
    assert_eq!(body_of(&pool, name).await, body_in(sql));
    let rows = recorded(&pool).await;
    let row = rows.iter().find(|r| r.0 == *name).expect("recorded");
    assert_eq!(row.1, migrate::checksum(sql));
}

#[actix_web::test]
async fn migrations_adopt_a_database_from_before_repeatable_functions() {
    let app = spawn_app().await;
    let pool = app.pool().await;
    let client = pool.get().await.expect("connection");
    // A database migrated by an older server: every versioned migration, no functions recorded.
    client.batch_execute("drop table schema_function").await.expect("dropped");
    let versioned: i64 =
        client.query_one("select count(*) from schema_migration", &[]).await.expect("count").get(0);
    drop(client);

    migrate::run(&pool).await.expect("migrations run");
    let client = pool.get().await.expect("connection");
    let after: i64 =
        client.query_one("select count(*) from schema_migration", &[]).await.expect("count").get(0);
    assert_eq!(after, versioned, "no versioned migration ran again");
    drop(client);
    assert_eq!(recorded(&pool).await.len(), FUNCTIONS.len(), "every function recorded");
    for (name, sql) in FUNCTIONS {
        assert_eq!(body_of(&pool, name).await, body_in(sql), "{name}");
    }
}
