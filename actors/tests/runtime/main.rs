//! The auction runtime's tests, one binary: the actors with `MemoryStore` and a driven clock, the
//! pure rules, the wire format and the seeded simulation. Each module is one area.

mod admin;
mod auction_actor;
mod autobid;
mod batching;
mod bots;
mod common;
mod crash;
mod deadlines;
mod fairness;
mod in_doubt;
mod outage;
mod outbid;
mod promotion;
mod registry;
mod simulation;
mod state_rules;
mod wire;
