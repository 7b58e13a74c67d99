//! Demo data: seeds an empty database with a believable Tyiyn in one transaction: the `demo`
//! account, ordinary users, bots (assigned to the few auctions whose house rule lets them in, so
//! they answer visitors' bids there), and live,
//! upcoming, bid-package and finished auctions whose bids, pre-bids, prices, leaders and ledgers
//! agree. The plan is fixed (no randomness; super::demo_plan);
//! only its times are laid out relative to the moment of seeding.

use anyhow::{Context, Result};
use chrono::{DateTime, Duration, Utc};
use deadpool_postgres::Transaction;
use tokio_postgres::types::ToSql;

use super::demo_plan::{BOTS_ON_LOTS, LOTS, PEOPLE, Phase, bidders, offsets};

type Time = DateTime<Utc>;

/// What the seed created, for the start-up log.
pub struct DemoSummary {
    /// (username, password) of the accounts one can log in with.
    pub users: Vec<(String, String)>,
    /// Number of auctions created.
    pub auctions: usize,
}
// A finished lot with a person as its winner has that winner's won item, reserved from the end
// of the auction for the default 48 hours, and its auction_won notice (as the finishing
// transaction writes them), so the demo user can claim and pay for the coffee machine at once.
const INSERT_WON_ITEMS: &str = "with won as (
      insert into claim (auction_id, user_id, position, title, price, package_bids, reserved_until, created_at)
      select a.id, a.winner_id, 1, a.title, a.current_price, a.bid_package_bids,
             a.end_time + interval '48 hours', a.end_time
      from auction a join app_user u on u.id = a.winner_id
      where a.id = any($1) and a.status = 'finished' and not u.is_bot
      returning id, auction_id, user_id, title, reserved_until, created_at)
    insert into notification (user_id, kind, auction_id, payload, created_at)
    select user_id, 'auction_won', auction_id,
           jsonb_build_object('title', title, 'claimId', id, 'until', to_jsonb(reserved_until)),
           created_at
    from won";

// The demo's people confirmed their phone numbers when they joined (docs/rules/phone.md, "One
// person, one account"): each number is theirs (`phone_owner`) and had its free bids
// (`phone_bonus`), so no new account confirms it or earns them again; bots confirm nothing.
const INSERT_USER: &str = "with person as (
        insert into app_user (username, email, password_hash, first_name, last_name, phone,
            date_of_birth, gender, is_bot, ip_address, created_at, updated_at, phone_verified_at)
        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11,
            case when not $9 then $11::timestamptz end)
        returning id, phone, phone_verified_at
    ), owner as (
        insert into phone_owner (phone, user_id, verified_at)
        select phone, id, phone_verified_at from person where phone is not null and phone_verified_at is not null
    ), bonus as (
        insert into phone_bonus (phone, user_id, credited_at)
        select phone, id, phone_verified_at from person where phone is not null and phone_verified_at is not null
        on conflict (phone) do nothing
    )
    select id from person";
// Every lot starts at 1 tyiyn and climbs 1 tyiyn (0.01 som) per bid.
const INSERT_AUCTION: &str = "insert into auction (display_id, title, description, image_url,
    retail_price, estimated_value, starting_price, bid_increment, current_price, total_bids,
    start_time, status, ends_at, end_time, is_bid_package, bid_package_bids, category, condition,
    leader_id, winner_id, house_reserve, opening_secs, created_at, updated_at)
    values ('TY/2026/' || (10001 + $1::int), $2, $3, '/demo/' || $4 || '.svg', $5, $5, 1, 1,
    1 + $6::bigint, $6, $7, $8, $9, $10, $11::int is not null, $11, $12, case when $11::int is null
    then 'Новый' else 'Цифровой товар' end, $13, case when $8 = 'finished' then $13::bigint end,
    $14, $15, least($7, now()) - interval '2 days', now()) returning id";
// Bid k (from 1) costs starting_price + k * bid_increment; the first $2 are converted pre-bids.
const INSERT_BIDS: &str = "insert into bid (auction_id, user_id, amount, is_bot, bot_name,
    is_prebid, created_at)
    select a.id, u.id, a.starting_price + b.k * a.bid_increment, u.is_bot,
        case when u.is_bot then u.first_name || ' ' || u.last_name end, b.k <= $2, b.at
    from unnest($3::bigint[], $4::timestamptz[]) with ordinality b (user_id, at, k)
    join app_user u on u.id = b.user_id join auction a on a.id = $1
    order by b.k";
// A started lot's pre-bids point at the bids they became.
const INSERT_PREBIDS: &str = "insert into prebid (auction_id, user_id, bid_id, created_at)
    select $1, p.user_id, (select b.id from bid b where b.auction_id = $1
        and b.user_id = p.user_id and b.is_prebid), p.at
    from unnest($2::bigint[], $3::timestamptz[]) p (user_id, at)";
// Signup bonus, purchases, then -1 per pre-bid; a paid bid is its own debit (migration 0027) and
// bots bid for free. The database held no auction, hence no pre-bid, before the seed: all of them
// are ours.
const INSERT_LEDGER: &str = "insert into ledger_entry (user_id, delta, reason, auction_id,
    created_at)
    select id, 5, 'signup_bonus', null::bigint, created_at
        from app_user where id = any($1) and not is_bot
    union all select u.id, p.bids, 'purchase', null::bigint, u.created_at + interval '2 hours'
        from unnest($1::bigint[], $2::bigint[]) p (id, bids) join app_user u on u.id = p.id
        where p.bids > 0
    union all select user_id, -1, 'prebid', auction_id, created_at from prebid
    order by 5";
const INSERT_BOT_ASSIGNMENTS: &str = "insert into bot_assignment (auction_id, bot_id, bid_limit)
    select * from unnest($1::bigint[], $2::bigint[], $3::int[])";
// The check (bid_balance >= 0) guards the plan's arithmetic.
const SET_BALANCES: &str = "update app_user u set bid_balance = coalesce((select sum(l.delta)
    from ledger l where l.user_id = u.id), 0)::bigint where u.id = any($1) and not u.is_bot";

/// Seeds a believable demo into an empty database (does nothing and returns Ok(None) when any
/// auction already exists, or when one of the demo usernames is taken).
pub async fn seed(
    client: &mut deadpool_postgres::Object,
    demo_password_hash: &str,
    demo_password: &str,
) -> anyhow::Result<Option<DemoSummary>> {
    let tx = client.transaction().await?;
    let logins: Vec<&str> = PEOPLE.iter().map(|p| p.login).collect();
    let taken = "select exists (select 1 from auction)
        or exists (select 1 from app_user where lower(username) = any($1))";
    if tx.query_one(taken, &[&logins]).await?.get::<_, bool>(0) {
        return Ok(None);
    }
    let now = Utc::now();
    let mut ids = Vec::with_capacity(PEOPLE.len());
    for i in 0..PEOPLE.len() {
        ids.push(insert_person(&tx, i, demo_password_hash, now).await?);
    }
    let mut lots = Vec::with_capacity(LOTS.len());
    for (i, lot) in LOTS.iter().enumerate() {
        let inserted = insert_lot(&tx, i, &ids, now).await;
        lots.push(inserted.with_context(|| format!("demo auction {}", lot.title))?);
    }
    let auctions: Vec<i64> = BOTS_ON_LOTS.iter().map(|&(lot, _, _)| lots[lot]).collect();
    let bots: Vec<i64> = BOTS_ON_LOTS.iter().map(|&(_, who, _)| ids[who as usize]).collect();
    let limits: Vec<i32> = BOTS_ON_LOTS.iter().map(|&(_, _, limit)| limit as i32).collect();
    tx.execute(INSERT_BOT_ASSIGNMENTS, &[&auctions, &bots, &limits]).await?;
    let bought: Vec<i64> = PEOPLE.iter().map(|p| p.purchased).collect();
    tx.execute(INSERT_LEDGER, &[&ids, &bought]).await?;
    tx.execute(SET_BALANCES, &[&ids]).await?;
    tx.execute(INSERT_WON_ITEMS, &[&lots]).await?;
    tx.commit().await?;
    let users = vec![("demo".to_owned(), demo_password.to_owned())];
    let auctions = LOTS.len();
    Ok(Some(DemoSummary { users, auctions }))
}

/// Inserts one account, joined some weeks ago; returns its id. Bots get a hash no password matches.
async fn insert_person(tx: &Transaction<'_>, i: usize, hash: &str, now: Time) -> Result<i64> {
    let p = &PEOPLE[i];
    let hash = if p.bot { super::bots::UNUSABLE_PASSWORD_HASH } else { hash };
    let joined = now - Duration::days(70 - 5 * i as i64);
    let email = (!p.bot).then(|| format!("{}@example.com", p.login));
    let ip = (!p.bot).then(|| format!("212.42.{}.{}", 96 + i, 17 + 11 * i));
    let params: [&(dyn ToSql + Sync); 11] =
        [&p.login, &email, &hash, &p.first, &p.last, &p.phone, &p.born, &p.gender, &p.bot, &ip, &joined];
    let stmt = tx.prepare_cached(INSERT_USER).await?;
    Ok(tx.query_one(&stmt, &params).await?.get(0))
}

/// Inserts one auction with its bids and pre-bids (their ledger entries come at the end); returns
/// its id.
async fn insert_lot(tx: &Transaction<'_>, i: usize, ids: &[i64], now: Time) -> Result<i64> {
    let lot = &LOTS[i];
    let seq = bidders(lot)?;
    let offs = offsets(lot.prebids.len(), seq.len());
    let span = Duration::seconds(offs.last().copied().unwrap_or(0));
    // A live lot took its last bid seconds ago and runs for minutes more so visitors can join in;
    // a finished one ended a countdown (10 s) after its last bid, or after a start without bids.
    let (min, sec) = (Duration::minutes, Duration::seconds);
    let last = match lot.phase {
        Phase::Finished(m) => now - min(m) - sec(10),
        _ => now - sec(4 * i as i64 + 4),
    };
    let (status, start, ends_at, end_time) = match lot.phase {
        Phase::Live(m) => ("live", last - span, Some(now + min(m)), None),
        Phase::Upcoming(m) => ("upcoming", now + min(m), None, None),
        Phase::Finished(_) => ("finished", last - span, None, Some(last + sec(10))),
    };
    let (n, retail, total) = (i as i32, lot.retail_som * 100, seq.len() as i64);
    let (shelf, package) = (lot.category, lot.package);
    let leader = seq.last().map(|&who| ids[who as usize]);
    let stmt = tx.prepare_cached(INSERT_AUCTION).await?;
    let params: [&(dyn ToSql + Sync); 15] = [
        &n,
        &lot.title,
        &lot.about,
        &lot.image,
        &retail,
        &total,
        &start,
        &status,
        &ends_at,
        &end_time,
        &package,
        &shelf,
        &leader,
        &lot.house,
        &lot.opening,
    ];
    let auction: i64 = tx.query_one(&stmt, &params).await?.get(0);
    let users: Vec<i64> = seq.iter().map(|&who| ids[who as usize]).collect();
    let times: Vec<_> = offs.iter().map(|&s| start + Duration::seconds(s)).collect();
    let converted = lot.prebids.len().min(seq.len()) as i64;
    let stmt = tx.prepare_cached(INSERT_BIDS).await?;
    let params: [&(dyn ToSql + Sync); 4] = [&auction, &converted, &users, &times];
    tx.execute(&stmt, &params).await?;
    // Each bid is hashed into the auction's public record (sql/migrations/0009_record.sql).
    tx.execute("select record_seal($1)", &[&auction]).await?;
    // Pre-bids were placed in the hours before the start.
    let users: Vec<i64> = lot.prebids.iter().map(|&who| ids[who as usize]).collect();
    let before = |j| start.min(now) - Duration::minutes(47 * j);
    let times: Vec<_> = (1..=users.len() as i64).rev().map(before).collect();
    let stmt = tx.prepare_cached(INSERT_PREBIDS).await?;
    tx.execute(&stmt, &[&auction, &users, &times]).await?;
    Ok(auction)
}
