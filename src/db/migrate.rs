//! Applies `sql/migrations/NNNN_name.sql` in order, each once, recorded in `schema_migration`.
//! A landed migration is never edited; a change is a new file added to [`MIGRATIONS`].

use deadpool_postgres::Pool;

/// Every migration, in order: (name, SQL).
pub const MIGRATIONS: &[(&str, &str)] = &[
    ("0001_foundation", include_str!("../../sql/migrations/0001_foundation.sql")),
    ("0002_commit_bid_groups", include_str!("../../sql/migrations/0002_commit_bid_groups.sql")),
    ("0003_operator", include_str!("../../sql/migrations/0003_operator.sql")),
    ("0004_bid_created_index", include_str!("../../sql/migrations/0004_bid_created_index.sql")),
    ("0005_payments", include_str!("../../sql/migrations/0005_payments.sql")),
    ("0006_claims", include_str!("../../sql/migrations/0006_claims.sql")),
    ("0007_session_lifetime", include_str!("../../sql/migrations/0007_session_lifetime.sql")),
    ("0008_heartbeat", include_str!("../../sql/migrations/0008_heartbeat.sql")),
    ("0009_record", include_str!("../../sql/migrations/0009_record.sql")),
    ("0010_autobid", include_str!("../../sql/migrations/0010_autobid.sql")),
    ("0011_limits", include_str!("../../sql/migrations/0011_limits.sql")),
    ("0012_fairness", include_str!("../../sql/migrations/0012_fairness.sql")),
    ("0013_buy_now", include_str!("../../sql/migrations/0013_buy_now.sql")),
    ("0014_username_skeleton", include_str!("../../sql/migrations/0014_username_skeleton.sql")),
    ("0015_group_commit_fair_shares", include_str!("../../sql/migrations/0015_group_commit_fair_shares.sql")),
    ("0016_house_rule", include_str!("../../sql/migrations/0016_house_rule.sql")),
    ("0017_site_texts", include_str!("../../sql/migrations/0017_site_texts.sql")),
];

/// Applies the migrations not yet recorded; one transaction each, under an advisory lock so two
/// starting servers do not race.
pub async fn run(pool: &Pool) -> anyhow::Result<()> {
    let mut client = pool.get().await?;
    client
        .batch_execute(
            "create table if not exists schema_migration (
                 name text primary key,
                 applied_at timestamptz not null default now())",
        )
        .await?;
    for (name, sql) in MIGRATIONS {
        let tx = client.transaction().await?;
        tx.execute("select pg_advisory_xact_lock(727274)", &[]).await?;
        let done = tx.query_opt("select 1 from schema_migration where name = $1", &[name]).await?;
        if done.is_none() {
            tx.batch_execute(sql).await?;
            tx.execute("insert into schema_migration (name) values ($1)", &[name]).await?;
            tracing::info!(migration = name, "applied");
        }
        tx.commit().await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_migration_file_is_listed_in_order() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/sql/migrations");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("migrations directory exists")
            .map(|e| e.expect("readable entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".sql"))
            .map(|n| n.trim_end_matches(".sql").to_owned())
            .collect();
        files.sort();
        let listed: Vec<&str> = MIGRATIONS.iter().map(|(n, _)| *n).collect();
        assert_eq!(files, listed);
    }
}
