//! Black-box tests of the real server over HTTP against real PostgreSQL.

mod admin;
mod admin_access;
mod admin_money;
mod admin_reports;
mod auctions;
mod auth;
mod bots;
mod check;
mod claims;
mod contract;
mod headers;
mod helpers;
mod honest_numbers;
mod metrics;
mod notifications;
mod openapi;
mod payments;
mod profile;
mod realtime;
mod record;
mod sessions;
mod settings;
mod socket;
mod socket_flood;
mod socket_guard;
mod throttle;
