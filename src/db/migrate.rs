//! Applies `sql/migrations/NNNN_name.sql` in order, each once, recorded in `schema_migration`;
//! then `sql/functions/<name>.sql`, each whenever its text changed, recorded with its SHA-256 in
//! `schema_function` (repeatable migrations). A landed migration is never edited; a change to the
//! schema is a new file added to [`MIGRATIONS`]. A function listed in [`FUNCTIONS`] has its current
//! text in its one file, which is edited in place (docs/operations.md, "Database functions").

use deadpool_postgres::Pool;
use sha2::{Digest, Sha256};

/// The advisory lock every migration step takes, so two starting servers do not race.
const LOCK: i64 = 727274;

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
    ("0018_phone_verification", include_str!("../../sql/migrations/0018_phone_verification.sql")),
    ("0019_outbox", include_str!("../../sql/migrations/0019_outbox.sql")),
    ("0020_telegram", include_str!("../../sql/migrations/0020_telegram.sql")),
    ("0021_watchlist", include_str!("../../sql/migrations/0021_watchlist.sql")),
    ("0022_notice_prefs", include_str!("../../sql/migrations/0022_notice_prefs.sql")),
    ("0023_leases", include_str!("../../sql/migrations/0023_leases.sql")),
    ("0024_user_fillfactor", include_str!("../../sql/migrations/0024_user_fillfactor.sql")),
    ("0025_cheaper_bid_rows", include_str!("../../sql/migrations/0025_cheaper_bid_rows.sql")),
    ("0026_user_pace", include_str!("../../sql/migrations/0026_user_pace.sql")),
    ("0027_bids_are_their_debits", include_str!("../../sql/migrations/0027_bids_are_their_debits.sql")),
    ("0028_auction_leader_reference", include_str!("../../sql/migrations/0028_auction_leader_reference.sql")),
    ("0029_commit_marks", include_str!("../../sql/migrations/0029_commit_marks.sql")),
    ("0030_sms_budget", include_str!("../../sql/migrations/0030_sms_budget.sql")),
    ("0031_lot_images", include_str!("../../sql/migrations/0031_lot_images.sql")),
    ("0032_address_per_language", include_str!("../../sql/migrations/0032_address_per_language.sql")),
    ("0033_qr_payments", include_str!("../../sql/migrations/0033_qr_payments.sql")),
    ("0034_push", include_str!("../../sql/migrations/0034_push.sql")),
];

/// Every repeatable function, in the order they are applied: (name, SQL). Each file is one
/// `create or replace function` of that name; they run after every versioned migration.
pub const FUNCTIONS: &[(&str, &str)] = &[
    ("bids_spent", include_str!("../../sql/functions/bids_spent.sql")),
    ("commit_bid_groups", include_str!("../../sql/functions/commit_bid_groups.sql")),
    ("money_spent", include_str!("../../sql/functions/money_spent.sql")),
    ("record_seal", include_str!("../../sql/functions/record_seal.sql")),
];

/// Applies the migrations not yet recorded, then the functions whose text changed; one
/// transaction each, under an advisory lock so two starting servers do not race.
pub async fn run(pool: &Pool) -> anyhow::Result<()> {
    apply_migrations(pool).await?;
    apply_functions(pool, FUNCTIONS).await?;
    Ok(())
}

/// Applies the versioned migrations not yet recorded, in order.
async fn apply_migrations(pool: &Pool) -> anyhow::Result<()> {
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
        tx.execute("select pg_advisory_xact_lock($1)", &[&LOCK]).await?;
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

/// Applies each of `functions` (name, SQL) whose SHA-256 differs from the one recorded for its
/// name, or that has none recorded (a new function, or a database from before this table), and
/// records the new checksum. Returns the names it applied. `run` passes [`FUNCTIONS`]; a test may
/// pass another text to see it applied.
pub async fn apply_functions<'a>(pool: &Pool, functions: &[(&'a str, &str)]) -> anyhow::Result<Vec<&'a str>> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    tx.execute("select pg_advisory_xact_lock($1)", &[&LOCK]).await?;
    tx.batch_execute(
        "create table if not exists schema_function (
             name       text primary key,
             checksum   text not null,
             applied_at timestamptz not null default now())",
    )
    .await?;
    tx.commit().await?;
    let mut applied = Vec::new();
    for &(name, sql) in functions {
        let sum = checksum(sql);
        let tx = client.transaction().await?;
        tx.execute("select pg_advisory_xact_lock($1)", &[&LOCK]).await?;
        let recorded = tx.query_opt("select checksum from schema_function where name = $1", &[&name]).await?;
        if recorded.map(|row| row.get::<_, String>(0)).as_deref() != Some(sum.as_str()) {
            tx.batch_execute(sql).await?;
            tx.execute(
                "insert into schema_function (name, checksum) values ($1, $2)
                 on conflict (name) do update set checksum = excluded.checksum, applied_at = now()",
                &[&name, &sum],
            )
            .await?;
            tracing::info!(function = name, checksum = %sum, "applied");
            applied.push(name);
        }
        tx.commit().await?;
    }
    Ok(applied)
}

/// The checksum a function file is recorded with: the SHA-256 of its whole text, lowercase hex.
pub fn checksum(sql: &str) -> String {
    hex::encode(Sha256::digest(sql.as_bytes()))
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

    #[test]
    fn every_function_file_is_listed() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/sql/functions");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("functions directory exists")
            .map(|e| e.expect("readable entry").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".sql"))
            .map(|n| n.trim_end_matches(".sql").to_owned())
            .collect();
        files.sort();
        let mut listed: Vec<&str> = FUNCTIONS.iter().map(|(n, _)| *n).collect();
        listed.sort_unstable();
        assert_eq!(files, listed);
    }

    #[test]
    fn each_function_file_replaces_the_function_it_is_named_after() {
        for (name, sql) in FUNCTIONS {
            let code: Vec<&str> = sql.lines().filter(|l| !l.trim_start().starts_with("--")).collect();
            let statement = format!("create or replace function {name}(");
            assert!(
                code.first().is_some_and(|l| l.starts_with(&statement)),
                "{name}: starts with {statement}"
            );
            let creates = code.iter().filter(|l| l.contains("create or replace function ")).count();
            assert_eq!(creates, 1, "{name}: one function per file");
        }
    }

    #[test]
    fn a_checksum_is_the_sha256_of_the_whole_text() {
        assert_eq!(checksum(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_ne!(checksum(FUNCTIONS[0].1), checksum(&format!("{}\n", FUNCTIONS[0].1)));
    }
}
