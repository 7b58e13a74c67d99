//! The bid-package catalogue as admins keep it: every package, active or not, created and edited
//! (never deleted: a package that should not be sold any more is deactivated, and the orders that
//! name it keep pointing at it). The public catalogue and ordering live in `db::payments`.

use deadpool_postgres::GenericClient;
use tokio_postgres::Row;
use tyiyn_actors::ids::Tyiyn;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/package/", $name, ".sql"))
    };
}

/// What an admin sets on a package. Money in tyiyn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackageFields {
    pub bids: i32,
    pub price: Tyiyn,
    pub original_price: Tyiyn,
    pub popular: bool,
    pub active: bool,
    pub position: i32,
}

/// A package as stored: its id and fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdminPackageRow {
    pub id: i32,
    pub fields: PackageFields,
}

impl AdminPackageRow {
    fn from_row(r: &Row) -> AdminPackageRow {
        AdminPackageRow {
            id: r.get(0),
            fields: PackageFields {
                bids: r.get(1),
                price: Tyiyn(r.get(2)),
                original_price: Tyiyn(r.get(3)),
                popular: r.get(4),
                active: r.get(5),
                position: r.get(6),
            },
        }
    }
}

/// Every package, inactive ones too, in catalogue order.
pub async fn all(db: &impl GenericClient) -> Result<Vec<AdminPackageRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_all")).await?;
    Ok(db.query(&stmt, &[]).await?.iter().map(AdminPackageRow::from_row).collect())
}

/// One package, locked until the caller's transaction ends.
pub async fn lock(
    db: &impl GenericClient,
    id: i32,
) -> Result<Option<AdminPackageRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("lock_package")).await?;
    Ok(db.query_opt(&stmt, &[&id]).await?.as_ref().map(AdminPackageRow::from_row))
}

/// A new package with the next free id (run inside a transaction: creations take turns).
pub async fn insert(
    db: &impl GenericClient,
    p: &PackageFields,
) -> Result<AdminPackageRow, tokio_postgres::Error> {
    db.batch_execute(q!("lock_catalogue")).await?;
    let stmt = db.prepare_cached(q!("insert_package")).await?;
    let row = db
        .query_one(&stmt, &[&p.bids, &p.price.0, &p.original_price.0, &p.popular, &p.active, &p.position])
        .await?;
    Ok(AdminPackageRow::from_row(&row))
}

/// Saves a package's fields; `None` when it does not exist.
pub async fn update(
    db: &impl GenericClient,
    id: i32,
    p: &PackageFields,
) -> Result<Option<AdminPackageRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("update_package")).await?;
    let row = db
        .query_opt(
            &stmt,
            &[&id, &p.bids, &p.price.0, &p.original_price.0, &p.popular, &p.active, &p.position],
        )
        .await?;
    Ok(row.as_ref().map(AdminPackageRow::from_row))
}
