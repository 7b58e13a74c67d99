//! CPU time of the processes a load run involves, read from `/proc`: the server (its
//! `/proc/<pid>/stat`, which sums all its threads), the PostgreSQL server the bench database lives
//! on, the load tool itself, and the whole machine (so that other work on a shared machine shows).
//! PostgreSQL's share is the postmaster and its shared processes (checkpointer, background writer,
//! WAL writer, launchers, autovacuum) plus the backends connected to the bench's database; the
//! backends of other databases on the same cluster (another engineer's tests) are counted apart.
//! Where the machine exposes hardware counters, also the server's instructions and cycles from
//! `perf stat`. A load tool samples at the start and the end of its measured window and divides
//! the difference by the bids accepted in it (docs/performance.md, "CPU per durable bid").

use std::collections::HashMap;
use std::process::{Child, Command, Stdio};
use std::time::Instant;

/// CPU seconds (user + system) used in a window, per party.
#[derive(Clone, Copy, Debug, Default)]
pub struct Used {
    pub server: f64,
    /// The postmaster, its shared processes and the bench database's backends.
    pub postgres: f64,
    /// Backends of other databases on the same PostgreSQL server.
    pub other_databases: f64,
    /// What PostgreSQL processes that ended in the window used over their whole lives (the
    /// postmaster's `cutime + cstime`), whichever database they served; in no other figure.
    pub exited: f64,
    /// The load tool (this process).
    pub client: f64,
    /// Every CPU of the machine, busy time (`/proc/stat`, all but idle and iowait).
    pub machine: f64,
}

impl Used {
    /// Busy time on the machine that the server, its PostgreSQL share and the load tool do not
    /// account for: other work (other databases' backends included), the kernel's own threads.
    pub fn other(&self) -> f64 {
        self.machine - self.server - self.postgres - self.client
    }
}

/// CPU clock ticks used so far, per party; PostgreSQL's per process, so that a process that
/// starts or ends between two samples counts only for what it used in between.
#[derive(Clone, Debug, Default)]
pub struct Sample {
    server: u64,
    client: u64,
    machine: u64,
    /// pid → (is the bench's: shared or serving the bench database, `utime + stime`).
    postgres: HashMap<u32, (bool, u64)>,
    /// The postmasters' `cutime + cstime`.
    reaped: u64,
}

/// Which processes count as PostgreSQL's.
#[derive(Clone, Copy, Debug)]
enum Postgres {
    /// The postmaster with this pid and its children: the cluster the bench database is on.
    Cluster(u32),
    /// Every process named `postgres` on the machine (the bench connection's backend was not
    /// visible in `/proc`, e.g. PostgreSQL on another host or in a container).
    Named,
}

/// Reads the CPU time of a run's processes.
#[derive(Clone, Debug)]
pub struct Meter {
    server: u32,
    postgres: Postgres,
    /// The bench's database: backends connected to it are the bench's.
    database: String,
    /// Clock ticks per second, the unit of `/proc/<pid>/stat`'s times.
    tick: f64,
}

impl Meter {
    /// A meter for the server process `server`, and for the PostgreSQL cluster whose backend
    /// `backend` serves one of the bench's connections to `database` (`select pg_backend_pid(),
    /// current_database()`): the backend's parent is the postmaster.
    pub fn new(server: u32, backend: u32, database: &str) -> Meter {
        let postmaster = stat(&backend.to_string())
            .and_then(|b| stat(&b.ppid.to_string()).filter(|p| p.comm == "postgres").map(|_| b.ppid));
        // SAFETY: sysconf only reads a configuration value.
        let tick = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
        Meter {
            server,
            postgres: postmaster.map_or(Postgres::Named, Postgres::Cluster),
            database: database.to_owned(),
            tick: if tick > 0 { tick as f64 } else { 100.0 },
        }
    }

    /// The server process measured.
    pub fn server(&self) -> u32 {
        self.server
    }

    /// The clock ticks used so far by each party.
    pub fn sample(&self) -> Sample {
        let mut sample = Sample {
            server: stat(&self.server.to_string()).map_or(0, |s| s.own),
            client: stat("self").map_or(0, |s| s.own),
            machine: machine_busy(),
            ..Sample::default()
        };
        for (pid, s) in self.postgres_processes() {
            let ours = match database_of(pid) {
                Some(db) => db == self.database,
                None => true,
            };
            sample.postgres.insert(pid, (ours, s.own));
            // Only a postmaster has children: a backend never forks.
            sample.reaped += s.reaped;
        }
        sample
    }

    /// What was used between two samples, in seconds.
    pub fn used(&self, first: &Sample, last: &Sample) -> Used {
        let secs = |ticks: u64| ticks as f64 / self.tick;
        let (mut ours, mut others) = (0, 0);
        for (pid, &(is_ours, ticks)) in &last.postgres {
            let before = first.postgres.get(pid).map_or(0, |b| b.1);
            *(if is_ours { &mut ours } else { &mut others }) += ticks.saturating_sub(before);
        }
        Used {
            server: secs(last.server.saturating_sub(first.server)),
            postgres: secs(ours),
            other_databases: secs(others),
            exited: secs(last.reaped.saturating_sub(first.reaped)),
            client: secs(last.client.saturating_sub(first.client)),
            machine: secs(last.machine.saturating_sub(first.machine)),
        }
    }

    /// Says which processes are measured, e.g. `postgres: postmaster 2241 and its 38 processes`.
    pub fn scope(&self) -> String {
        let n = self.postgres_processes().len();
        let which = format!("the shared ones and those serving {}", self.database);
        match self.postgres {
            Postgres::Cluster(pm) => format!(
                "server pid {} (all threads); postgres: postmaster {pm} and, of its {} processes, {which}",
                self.server,
                n.saturating_sub(1)
            ),
            Postgres::Named => format!(
                "server pid {} (all threads); postgres: of all {n} processes named `postgres` on this machine (the bench connection's backend was not visible), {which}",
                self.server
            ),
        }
    }

    /// PostgreSQL's processes now, with their stat lines.
    fn postgres_processes(&self) -> Vec<(u32, Stat)> {
        let Ok(dir) = std::fs::read_dir("/proc") else { return Vec::new() };
        dir.flatten()
            .filter_map(|e| {
                let pid: u32 = e.file_name().into_string().ok()?.parse().ok()?;
                let s = stat(&pid.to_string())?;
                let member = match self.postgres {
                    Postgres::Cluster(pm) => pid == pm || s.ppid == pm,
                    Postgres::Named => s.comm == "postgres",
                };
                member.then_some((pid, s))
            })
            .collect()
    }
}

/// The database a PostgreSQL client backend serves, from its process title
/// (`postgres: [cluster:] user database host(port) state`); `None` for the postmaster and the
/// shared processes (`postgres: [cluster:] checkpointer`), or when titles are off
/// (`update_process_title`).
fn database_of(pid: u32) -> Option<String> {
    let raw = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
    let title = String::from_utf8_lossy(&raw).replace('\0', " ");
    let rest = title.trim().strip_prefix("postgres: ")?;
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    if words.first().is_some_and(|w| w.ends_with(':')) {
        words.remove(0);
    }
    let client = words.get(2).is_some_and(|w| w.contains('(') || *w == "[local]");
    client.then(|| words[1].to_owned())
}

/// The parts of `/proc/<pid>/stat` a meter reads.
struct Stat {
    comm: String,
    ppid: u32,
    /// `utime + stime`: this process, all its threads, in clock ticks.
    own: u64,
    /// `cutime + cstime`: its children that exited and were waited for.
    reaped: u64,
}

/// Parses `/proc/<pid>/stat` (`pid` may be `self`).
fn stat(pid: &str) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may itself hold spaces or parentheses.
    let (open, close) = (text.find('(')?, text.rfind(')')?);
    let comm = text[open + 1..close].to_owned();
    // Fields after the name, from field 3 (`state`) on: ppid is field 4, utime..cstime 14..17.
    let f: Vec<&str> = text[close + 2..].split_whitespace().collect();
    let field = |n: usize| -> Option<u64> { f.get(n - 3)?.parse().ok() };
    Some(Stat { comm, ppid: field(4)? as u32, own: field(14)? + field(15)?, reaped: field(16)? + field(17)? })
}

/// Busy clock ticks of all CPUs since boot: the `cpu` line of `/proc/stat` without idle and
/// iowait (guest time is already inside user time).
fn machine_busy() -> u64 {
    let text = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let v: Vec<u64> = text
        .lines()
        .next()
        .unwrap_or("")
        .split_whitespace()
        .skip(1)
        .take(8)
        .filter_map(|x| x.parse().ok())
        .collect();
    v.iter().sum::<u64>() - v.get(3).copied().unwrap_or(0) - v.get(4).copied().unwrap_or(0)
}

/// Whether `perf stat` counts instructions here: `Err` says why not. Runs
/// `perf stat -e instructions -x, true` once; a VM without a virtual PMU answers `<not supported>`.
pub fn perf_instructions() -> Result<(), String> {
    let out = Command::new("perf")
        .args(["stat", "-e", "instructions", "-x,", "true"])
        .stdout(Stdio::null())
        .output()
        .map_err(|e| format!("perf did not run ({e})"))?;
    let text = String::from_utf8_lossy(&out.stderr);
    match counts(&text).0 {
        Some(_) => Ok(()),
        None => Err(format!(
            "`perf stat -e instructions` says {}",
            text.lines()
                .find(|l| l.contains("instructions"))
                .unwrap_or("nothing")
                .split(',')
                .next()
                .unwrap_or("")
        )),
    }
}

/// `perf stat -e instructions,cycles -p <pid>`, attached until [`PerfStat::finish`].
pub struct PerfStat {
    child: Child,
    from: Instant,
}

impl PerfStat {
    /// Attaches to `pid` (all its threads); `None` if perf did not start.
    pub fn attach(pid: u32) -> Option<PerfStat> {
        let child = Command::new("perf")
            .args(["stat", "-e", "instructions,cycles", "-x,", "-p", &pid.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .ok()?;
        Some(PerfStat { child, from: Instant::now() })
    }

    /// Stops counting (SIGINT, as Ctrl-C would) and reads (instructions, cycles, seconds attached).
    pub fn finish(self) -> Option<(f64, f64, f64)> {
        let secs = self.from.elapsed().as_secs_f64();
        // SAFETY: signals our own child, which has not been waited for yet, so its pid is ours.
        unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGINT) };
        let out = self.child.wait_with_output().ok()?;
        let (instructions, cycles) = counts(&String::from_utf8_lossy(&out.stderr));
        Some((instructions?, cycles?, secs))
    }
}

/// The instructions and cycles in `perf stat -x,` output (`value,unit,event,…` per line; a
/// value of `<not supported>` or `<not counted>` is none).
fn counts(text: &str) -> (Option<f64>, Option<f64>) {
    let find = |event: &str| {
        text.lines().find_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f.get(2)?.split(':').next()? == event).then(|| f[0].parse().ok()).flatten()
        })
    };
    (find("instructions"), find("cycles"))
}
