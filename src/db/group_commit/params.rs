//! A group's bids and batches as the commit function's array parameters, each bid's record hash
//! chained from its auction's head.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use super::Job;
use crate::db::record::{EntryKind, Link, link};
use crate::db::rows::ts;

/// The commit function's parameters for a group: one array entry per bid (`p_batch` is its
/// batch's 1-based index) and one per batch; each batch's new record head, and where its bids'
/// hashes start in `hashes` (with the end as the last entry).
pub(super) struct GroupParams {
    pub(super) p_batch: Vec<i32>,
    pub(super) users: Vec<i64>,
    pub(super) amounts: Vec<i64>,
    pub(super) bots: Vec<bool>,
    pub(super) bot_names: Vec<Option<String>>,
    pub(super) stamps: Vec<DateTime<Utc>>,
    pub(super) hashes: Vec<String>,
    pub(super) autos: Vec<bool>,
    pub(super) new_heads: Vec<Option<(Option<i64>, String)>>,
    pub(super) starts: Vec<usize>,
    pub(super) auctions: Vec<i64>,
    pub(super) prices: Vec<i64>,
    pub(super) leaders: Vec<Option<i64>>,
    pub(super) ends: Vec<DateTime<Utc>>,
    pub(super) totals: Vec<i64>,
}

impl GroupParams {
    /// The parameters of `jobs`, chaining each bid's record hash from its auction's `known` head
    /// (`keyed`: each batch's auction and fence).
    pub(super) fn of(
        jobs: &[Job],
        known: &HashMap<i64, String>,
        keyed: &[(i64, Option<i64>)],
    ) -> GroupParams {
        let mut p_batch: Vec<i32> = Vec::new();
        let mut users: Vec<i64> = Vec::new();
        let mut amounts: Vec<i64> = Vec::new();
        let mut bots: Vec<bool> = Vec::new();
        let mut bot_names: Vec<Option<String>> = Vec::new();
        let mut stamps: Vec<DateTime<Utc>> = Vec::new();
        let mut hashes: Vec<String> = Vec::new();
        let mut autos: Vec<bool> = Vec::new();
        let mut new_heads: Vec<Option<(Option<i64>, String)>> = Vec::with_capacity(jobs.len());
        // Where each batch's hashes start in `hashes`.
        let mut starts: Vec<usize> = Vec::with_capacity(jobs.len() + 1);
        let mut auctions: Vec<i64> = Vec::with_capacity(jobs.len());
        let mut prices: Vec<i64> = Vec::with_capacity(jobs.len());
        let mut leaders: Vec<Option<i64>> = Vec::with_capacity(jobs.len());
        let mut ends: Vec<DateTime<Utc>> = Vec::with_capacity(jobs.len());
        let mut totals: Vec<i64> = Vec::with_capacity(jobs.len());
        for (i, job) in jobs.iter().enumerate() {
            let b = &job.batch;
            let mut head =
                known.get(&b.auction.0).cloned().unwrap_or_else(|| crate::db::record::genesis(b.auction.0));
            let first_seq = b.result.total_bids - b.bids.len() as i64 + 1;
            starts.push(hashes.len());
            for (k, bid) in b.bids.iter().enumerate() {
                head = link(
                    &head,
                    &Link {
                        auction: b.auction.0,
                        seq: first_seq + k as i64,
                        at: bid.stamp,
                        amount: bid.amount.0,
                        kind: EntryKind::of(bid.bidder.is_bot(), bid.is_auto),
                        user: bid.bidder.id.raw(),
                    },
                );
                hashes.push(head.clone());
                autos.push(bid.is_auto);
                p_batch.push(i as i32 + 1);
                users.push(bid.bidder.id.raw());
                amounts.push(bid.amount.0);
                bots.push(bid.bidder.is_bot());
                bot_names.push(bid.bidder.is_bot().then(|| bid.bidder.name.to_string()));
                stamps.push(ts(bid.stamp));
            }
            new_heads.push(Some((keyed[i].1, head)));
            auctions.push(b.auction.0);
            prices.push(b.result.price.0);
            leaders.push(b.result.leader.as_ref().map(|l| l.id.raw()));
            ends.push(ts(b.result.ends_at));
            totals.push(b.result.total_bids);
        }
        starts.push(hashes.len());
        starts.push(hashes.len());
        GroupParams {
            p_batch,
            users,
            amounts,
            bots,
            bot_names,
            stamps,
            hashes,
            autos,
            new_heads,
            starts,
            auctions,
            prices,
            leaders,
            ends,
            totals,
        }
    }
}
