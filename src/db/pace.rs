//! The 1-second rule across nodes (issue 25; docs/rules/bidding.md, "One user, one bid a second"):
//! each user's last bid or pre-bid in `user_pace`, taken and given back by one statement each,
//! under the row's lock, so two requests of one user on two nodes take their turns. A single node
//! keeps the same memory in `crate::pace` and never calls this.

use deadpool_postgres::GenericClient;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/pace/", $name, ".sql"))
    };
}

/// A user's last bid: its auction and arrival stamp (milliseconds since the epoch).
pub type Last = (i64, i64);

/// A stamp taken in `user_pace`, to give back when its bid is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticket {
    user: i64,
    taken: Last,
    previous: Option<Last>,
}

/// Lets `user` bid on `auction` at `stamp` unless their last bid, on another auction, was less
/// than `interval_ms` before: the ticket, or the milliseconds left to wait.
pub async fn take(
    db: &impl GenericClient,
    user: i64,
    auction: i64,
    stamp: i64,
    interval_ms: i64,
) -> Result<Result<Ticket, i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("take")).await?;
    let row = db.query_one(&stmt, &[&user, &auction, &stamp, &interval_ms]).await?;
    let previous = match (row.get::<_, Option<i64>>(1), row.get::<_, Option<i64>>(2)) {
        (Some(auction), Some(at)) => Some((auction, at)),
        _ => None,
    };
    if row.get(0) {
        return Ok(Ok(Ticket { user, taken: (auction, stamp), previous }));
    }
    // Held back by `previous`; without it (a first bid racing another of the same user's), by
    // that other bid, whose stamp this statement could not see: a whole interval.
    let wait = previous.map_or(interval_ms, |(_, at)| interval_ms - (stamp - at));
    Ok(Err(wait.clamp(1, interval_ms)))
}

/// Gives a refused bid's ticket back: the user's last bid is the one before it again, unless a
/// later bid replaced it meanwhile.
pub async fn give_back(db: &impl GenericClient, ticket: Ticket) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("give_back")).await?;
    let (auction, at) = ticket.taken;
    let (before_auction, before_at) = ticket.previous.unzip();
    db.execute(&stmt, &[&ticket.user, &auction, &at, &before_auction, &before_at]).await?;
    Ok(())
}
