//! The operator's view of the nodes (issue 25; docs/operations.md, "Several nodes"): each node
//! that shares this database, whether it is alive, what it holds, its bids a second and sockets,
//! and telling one to drain (hand its auctions over and take none) or to take its share again;
//! both audited. One node without leases has no such list.

use chrono::{DateTime, Utc};
use deadpool_postgres::Pool;
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use super::audit::action;
use crate::auth::CurrentUser;
use crate::config::ClusterSettings;
use crate::db;
use crate::db::leases::NodeRow;
use crate::error::AppError;
use crate::i18n::Msg;

/// One node.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeView {
    #[schema(example = "node-a")]
    pub id: String,
    pub started_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    /// Seen within two lease lengths: it renews its leases.
    pub alive: bool,
    /// Handing its auctions over and taking none (SIGTERM, or the operator's "drain").
    pub draining: bool,
    /// The auctions it runs: it holds their leases.
    pub auctions: Vec<i64>,
    /// Bids accepted a second, at its last beat.
    pub bids_per_second: f32,
    /// Realtime sockets open on it, at its last beat.
    pub sockets: i32,
}

impl From<NodeRow> for NodeView {
    fn from(n: NodeRow) -> NodeView {
        NodeView {
            id: n.id,
            started_at: n.started_at,
            last_seen_at: n.last_seen_at,
            alive: n.alive,
            draining: n.draining,
            auctions: n.auctions,
            bids_per_second: n.bids_per_sec,
            sockets: n.sockets,
        }
    }
}

/// The nodes, as the node answering sees them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClusterView {
    /// Whether the nodes take leases (`[cluster] node_id` or `nats_url` is set); `false`: one
    /// node runs every auction and `nodes` is empty.
    pub leases: bool,
    /// The node that answered.
    #[schema(required)]
    pub node: Option<String>,
    /// Live ones first, then those that stopped, newest first.
    pub nodes: Vec<NodeView>,
}

/// The nodes that share this database.
pub async fn view(pool: &Pool, settings: &ClusterSettings) -> Result<ClusterView, AppError> {
    if !settings.leases() {
        return Ok(ClusterView { leases: false, node: None, nodes: Vec::new() });
    }
    let window = settings.lease_ms.max(1) as i64 * 2;
    let nodes = db::leases::nodes(&pool.get().await?, window).await?;
    Ok(ClusterView {
        leases: true,
        node: Some(settings.node()),
        nodes: nodes.into_iter().map(NodeView::from).collect(),
    })
}

/// Tells node `id` to drain (`on`) or to take its share again, audited in the same transaction;
/// the view after it. 404 for an unknown node (or without leases).
pub async fn set_draining(
    pool: &Pool,
    settings: &ClusterSettings,
    admin: &CurrentUser,
    id: &str,
    on: bool,
) -> Result<ClusterView, AppError> {
    if !settings.leases() {
        return Err(AppError::NotFound(Msg::NodeNotFound));
    }
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let was = db::leases::set_draining(&tx, id, on).await?.ok_or(AppError::NotFound(Msg::NodeNotFound))?;
    let name = if on { "cluster.drain" } else { "cluster.resume" };
    let entry = action(
        admin,
        name,
        "node",
        None,
        Some(json!({"node": id, "draining": was})),
        Some(json!({"node": id, "draining": on})),
    );
    db::audit::log(&tx, &entry).await?;
    super::commit(tx).await?;
    tracing::info!(node = id, draining = on, admin = admin.id, "node told by the operator");
    view(pool, settings).await
}
