//! Lot images as stored: the re-encoded bytes by id and digest (`sql/queries/image`).

use deadpool_postgres::GenericClient;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/image/", $name, ".sql"))
    };
}

/// Stores `bytes` (`digest` their SHA-256 in hex) or finds the same picture stored before: its id.
pub async fn insert(
    db: &impl GenericClient,
    digest: &str,
    bytes: &[u8],
    (width, height): (u32, u32),
    uploaded_by: i64,
) -> Result<i64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("insert_image")).await?;
    let (width, height) =
        (i32::try_from(width).unwrap_or(i32::MAX), i32::try_from(height).unwrap_or(i32::MAX));
    // A concurrent upload of the same picture that committed meanwhile is invisible to this
    // statement's snapshot: the second run finds it.
    for _ in 0..2 {
        if let Some(row) = db.query_opt(&stmt, &[&digest, &bytes, &width, &height, &uploaded_by]).await? {
            return Ok(row.get(0));
        }
    }
    let again = db.query_one(&stmt, &[&digest, &bytes, &width, &height, &uploaded_by]).await?;
    Ok(again.get(0))
}

/// Image `id`'s bytes when `prefix` is the first 16 hex digits of its digest.
pub async fn bytes(
    db: &impl GenericClient,
    id: i64,
    prefix: &str,
) -> Result<Option<Vec<u8>>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_image")).await?;
    Ok(db.query_opt(&stmt, &[&id, &prefix]).await?.map(|row| row.get(0)))
}
