//! Tyiyn's server: the HTTP edge (routes, auth, errors), the PostgreSQL layer, and the wiring
//! of the auction runtime from the `tyiyn-actors` crate.

pub mod answer;
pub mod app;
pub mod auth;
pub mod claims;
pub mod cli;
pub mod client;
pub mod cluster;
pub mod config;
pub mod db;
pub mod demo;
pub mod error;
pub mod headers;
pub mod i18n;
pub mod ids;
pub mod images;
pub mod input;
pub mod local_hub;
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
pub mod statuses;
pub mod telegram;
pub mod ws;
