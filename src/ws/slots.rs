//! The per-address cap on open sockets (`server.max_sockets_per_address`): an upgrade takes a
//! [`Slot`] for its client address or is refused with 429; the slot is given back when the session
//! actor holding it is dropped.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// Open sockets per client address, shared by every worker.
#[derive(Debug)]
pub struct SocketSlots {
    max: usize,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One open socket's place under its address's cap; dropping it frees the place.
#[derive(Debug)]
pub struct Slot {
    ip: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl SocketSlots {
    /// At most `max` open sockets per address.
    pub fn new(max: usize) -> SocketSlots {
        SocketSlots { max, open: Arc::default() }
    }

    /// A slot for one more socket from `ip`, or `None` when that address holds `max` already.
    pub fn take(&self, ip: IpAddr) -> Option<Slot> {
        // A panic while holding the lock leaves plain counters behind: still usable.
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(ip).or_default();
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(Slot { ip, open: self.open.clone() })
    }

    /// Sockets `ip` holds open now.
    pub fn open(&self, ip: IpAddr) -> usize {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).get(&ip).copied().unwrap_or(0)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_max_slots_and_each_drop_frees_one() {
        let slots = SocketSlots::new(2);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = slots.take(a).expect("first");
        let _second = slots.take(a).expect("second");
        assert!(slots.take(a).is_none(), "a third is refused");
        assert!(slots.take(b).is_some(), "other addresses are not affected");
        drop(first);
        assert_eq!(slots.open(a), 1);
        assert!(slots.take(a).is_some(), "a freed slot can be taken again");
    }
}
