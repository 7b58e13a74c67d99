//! Tyiyn's server: the HTTP edge (routes, auth, errors), the PostgreSQL layer, and the wiring
//! of the auction runtime from the `tyiyn-actors` crate.

pub mod app;
pub mod auth;
pub mod claims;
pub mod cli;
pub mod client;
pub mod cluster;
pub mod config;
pub mod db;
pub mod demo;
pub mod domain;
pub mod error;
pub mod headers;
pub mod i18n;
pub mod ids;
pub mod lenient;
pub mod mail;
pub mod metrics;
pub mod middleware;
pub mod notify;
pub mod openapi;
pub mod outage;
pub mod outbox;
pub mod pace;
pub mod paging;
pub mod payments;
pub mod reach;
pub mod routes;
pub mod runtime;
pub mod startup;
pub mod state;
pub mod states;
pub mod telegram;
pub mod validate;
pub mod values;
pub mod ws;
