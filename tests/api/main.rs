//! Black-box tests of the real server over HTTP against real PostgreSQL.

mod admin;
mod admin_access;
mod admin_reports;
mod auctions;
mod auth;
mod bots;
mod check;
mod contract;
mod helpers;
mod openapi;
mod payments;
mod profile;
mod realtime;
mod settings;
mod socket;
