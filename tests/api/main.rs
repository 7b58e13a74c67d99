//! Black-box tests of the real server over HTTP against real PostgreSQL.

mod auth;
mod contract;
mod helpers;
mod profile;
mod settings;
