//! `[cluster]`: several nodes on one PostgreSQL (issue 25; docs/rules/cluster.md, "Leases and
//! fences"; docs/operations.md, "Several nodes"). Every key is in `config/default.toml`.

use serde::Deserialize;

/// How this node shares the auctions with the others.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct ClusterSettings {
    /// The NATS server the nodes share (`nats://127.0.0.1:4222`); empty: no NATS.
    pub nats_url: String,
    /// This node's name, unique in the cluster. Empty with an empty `nats_url`: one node without
    /// leases (the default).
    pub node_id: String,
    /// Milliseconds a lease lasts unless renewed: a node that stops renewing loses its auctions
    /// to the others after this.
    pub lease_ms: u64,
    /// Milliseconds between two renewals (and two looks for auctions nobody holds).
    pub renew_ms: u64,
}

impl Default for ClusterSettings {
    fn default() -> Self {
        ClusterSettings { nats_url: String::new(), node_id: String::new(), lease_ms: 1_500, renew_ms: 400 }
    }
}

impl ClusterSettings {
    /// Whether this node takes leases: it has a name, or shares a NATS server.
    pub fn leases(&self) -> bool {
        !self.node_id.trim().is_empty() || !self.nats_url.trim().is_empty()
    }

    /// This node's name: `node_id`, or the host name and process id when it is empty.
    pub fn node(&self) -> String {
        let id = self.node_id.trim();
        if !id.is_empty() {
            return id.to_owned();
        }
        let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
        let host: String =
            host.trim().chars().filter(|c| c.is_ascii_alphanumeric() || "-_.".contains(*c)).collect();
        format!("{}-{}", if host.is_empty() { "node" } else { &host }, std::process::id())
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Settings;

    #[test]
    fn one_node_without_leases_by_default_and_a_name_turns_them_on() {
        let s = Settings::load(None).expect("defaults parse");
        assert!(!s.cluster.leases());
        let s = Settings::load(Some("[cluster]\nnode_id = \"a\"\n")).expect("loads");
        assert!(s.cluster.leases());
        assert_eq!(s.cluster.node(), "a");
        assert!(s.cluster.renew_ms < s.cluster.lease_ms);
    }
}
