//! The lobby's recent frames: the latest compact update of each auction this node's hub has sent
//! or relayed, kept a few minutes, so that a page whose lists are as of some moment (the lists in
//! its HTML, or the last frame before its socket dropped) can be brought up to date over its new
//! socket (`lobbySince`) instead of reading the lists again.

use std::collections::HashMap;
use std::sync::Arc;

use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::AuctionId;

/// How long an auction's latest frame is kept after it was sent.
pub const KEPT_MS: i64 = 5 * 60 * 1000;
/// How far before the asked moment frames are sent again: the nodes' clocks may differ by this
/// much (the lists were read on one node, the frames kept on another), and a frame sent twice
/// changes nothing (each carries whole values, and a page keeps the newer of two).
pub const SLACK_MS: i64 = 2_000;

pub struct RecentLobby {
    started: UnixMillis,
    frames: HashMap<AuctionId, (UnixMillis, Arc<str>)>,
}

impl RecentLobby {
    /// Keeps nothing yet: frames before `started` were never seen here.
    pub fn new(started: UnixMillis) -> RecentLobby {
        RecentLobby { started, frames: HashMap::new() }
    }

    /// `frame` is `auction`'s latest, sent at `at`.
    pub fn note(&mut self, auction: AuctionId, at: UnixMillis, frame: Arc<str>) {
        self.frames.insert(auction, (at, frame));
    }

    /// Forgets the frames older than [`KEPT_MS`].
    pub fn prune(&mut self, now: UnixMillis) {
        self.frames.retain(|_, (at, _)| now.ms_since(*at) <= KEPT_MS);
    }

    /// Every change since `since`, as each auction's latest frame, oldest first; `None` when this
    /// node cannot know them all (it started after that moment, or has forgotten what came then).
    pub fn since(&self, since: UnixMillis, now: UnixMillis) -> Option<Vec<Arc<str>>> {
        let from = since.plus_ms(-SLACK_MS);
        if from.0 < self.started.0 || now.ms_since(from) > KEPT_MS {
            return None;
        }
        let mut frames: Vec<&(UnixMillis, Arc<str>)> =
            self.frames.values().filter(|(at, _)| at.0 >= from.0).collect();
        frames.sort_by_key(|(at, _)| at.0);
        Some(frames.into_iter().map(|(_, frame)| frame.clone()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(text: &str) -> Arc<str> {
        Arc::from(text)
    }

    #[test]
    fn brings_each_auction_changed_since_a_moment_up_to_its_latest_frame() {
        let mut recent = RecentLobby::new(UnixMillis(1_000));
        recent.note(AuctionId(1), UnixMillis(10_000), frame("a1"));
        recent.note(AuctionId(2), UnixMillis(20_000), frame("b1"));
        recent.note(AuctionId(1), UnixMillis(30_000), frame("a2"));
        // Since 25 s: auction 1's latest; auction 2 last changed before (within the slack: no).
        assert_eq!(recent.since(UnixMillis(25_000), UnixMillis(31_000)), Some(vec![frame("a2")]));
        // Since 21 s: 2 s of slack reaches auction 2's frame too, oldest first.
        assert_eq!(
            recent.since(UnixMillis(21_000), UnixMillis(31_000)),
            Some(vec![frame("b1"), frame("a2")])
        );
        // Nothing since: an empty catch-up, which is an answer too.
        assert_eq!(recent.since(UnixMillis(40_000), UnixMillis(41_000)), Some(vec![]));
    }

    #[test]
    fn cannot_answer_for_before_it_started_or_beyond_what_it_keeps() {
        let mut recent = RecentLobby::new(UnixMillis(100_000));
        recent.note(AuctionId(1), UnixMillis(150_000), frame("a"));
        assert_eq!(recent.since(UnixMillis(101_000), UnixMillis(150_000)), None);
        assert!(recent.since(UnixMillis(102_000), UnixMillis(150_000)).is_some());
        let later = UnixMillis(102_000 + KEPT_MS + 1);
        assert_eq!(recent.since(UnixMillis(104_000), later), None);
        recent.prune(UnixMillis(150_000 + KEPT_MS + 1));
        assert_eq!(
            recent.since(UnixMillis(150_000 + KEPT_MS), UnixMillis(150_000 + KEPT_MS + 1)),
            Some(vec![])
        );
    }
}
