//! The server binary's commands other than serving. `tyiyn check [--database-url URL]` verifies
//! the database's invariants ([`crate::db::check`]) without migrating it or starting the server,
//! prints one line per invariant and exits 0 when all hold, 1 when any is violated, 2 when it
//! cannot check (bad arguments or configuration, no connection, a failed query).

use std::process::ExitCode;

use crate::config::Settings;
use crate::db::check;
use crate::startup::redact;

/// What `tyiyn` accepts, printed on a wrong command line.
pub const USAGE: &str = "usage: tyiyn                              serve the site
       tyiyn check [--database-url URL]  verify the database's invariants
                                         (exit 0 all hold, 1 violated, 2 cannot check)
       tyiyn openapi                     print the OpenAPI document of the HTTP API
       tyiyn events-schema               print the JSON Schema of the socket events
";

/// `tyiyn check` with the arguments after `check`; returns the process's exit code.
pub fn check(args: &[String]) -> ExitCode {
    let url = match database_url(args) {
        Ok(url) => url,
        Err(message) => {
            eprint!("tyiyn check: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("tyiyn check: cannot start a runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let shown = redact(&url);
    let report = runtime.block_on(async {
        let mut client = check::connect(&url)
            .await
            .map_err(|e| format!("cannot connect to {shown}: {:#}", anyhow::Error::from(e)))?;
        check::run(&mut client).await.map_err(|e| format!("checking {shown}: {:#}", anyhow::Error::from(e)))
    });
    match report {
        Ok(report) => {
            print!("{report}");
            let total = report.findings().len();
            match report.violated() {
                0 => {
                    println!("{shown}: all {total} invariants hold");
                    ExitCode::SUCCESS
                }
                n => {
                    println!("{shown}: {n} of {total} invariants violated");
                    ExitCode::from(1)
                }
            }
        }
        Err(message) => {
            eprintln!("tyiyn check: {message}");
            ExitCode::from(2)
        }
    }
}

/// `--database-url URL` (or `--database-url=URL`), else the server's own setting: `DATABASE_URL`,
/// `TYIYN_DATABASE__URL`, then `config/default.toml`.
fn database_url(args: &[String]) -> Result<String, String> {
    match args {
        [] => Settings::load(None)
            .map(|s| s.database.url.expose().to_owned())
            .map_err(|e| format!("configuration: {e}")),
        [flag, url] if flag == "--database-url" => Ok(url.clone()),
        [arg] => match arg.strip_prefix("--database-url=") {
            Some(url) => Ok(url.to_owned()),
            None => Err(format!("unexpected argument {arg:?}")),
        },
        _ => Err(format!("unexpected arguments {args:?}")),
    }
}
