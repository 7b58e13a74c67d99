//! The real binary stops as the README says: SIGINT (Ctrl-C) and SIGTERM both drain in-flight
//! requests, and the log says so; with its output going to a pipe it writes no colour codes.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// PostgreSQL to create the test's database in: `DATABASE_URL` (any database), else the local one.
fn database(name: &str) -> (String, String) {
    let url = std::env::var("DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let base = url.split('?').next().unwrap_or(&url);
    let prefix = &base[..base.rfind('/').expect("a database in the URL")];
    (format!("{prefix}/{name}"), format!("{prefix}/postgres"))
}

fn stops_on(signal: libc::c_int, name: &str) {
    let db = format!("tyiyn_test_stop_{}", hex::encode(rand::random::<[u8; 4]>()));
    let (url, admin) = database(&db);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tyiyn"))
        .env("DATABASE_URL", &url)
        .env("BIND_ADDR", "127.0.0.1:0")
        .env("TYIYN_SERVER__METRICS_ADDR", "127.0.0.1:0")
        .env("TYIYN_AUTH__BCRYPT_COST", "4")
        .env("DEMO_DATA", "0")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).expect("reads") > 0, "ended before listening:\n{seen}");
        seen.push_str(&line);
        if line.starts_with("Tyiyn is listening") {
            break;
        }
    }
    // SAFETY: sending a signal to our own child process.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        assert!(Instant::now() < deadline, "still running after {name}");
        // Blocking code (a plain #[test]), so not the async `eventually`; bounded by `deadline`.
        std::thread::sleep(Duration::from_millis(50));
    };
    out.read_to_string(&mut seen).expect("reads the rest");
    assert!(status.success(), "{name}: {status}\n{seen}");
    assert!(seen.contains(&format!("{name}: draining in-flight requests")), "{seen}");
    assert!(seen.contains("stopped"), "{seen}");
    assert!(!seen.contains('\u{1b}'), "no colour codes in a pipe:\n{seen}");
    let _ =
        Command::new("psql").arg(&admin).args(["-qc", &format!("drop database if exists \"{db}\"")]).status();
}

#[test]
fn sigint_and_sigterm_both_drain_and_say_so() {
    stops_on(libc::SIGINT, "SIGINT");
    stops_on(libc::SIGTERM, "SIGTERM");
}
