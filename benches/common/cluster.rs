//! A private PostgreSQL cluster that a test may stop and start: `initdb` into a temporary
//! directory and `pg_ctl` on a free port, as the `postgres` user when run as root (PostgreSQL
//! refuses root). Removed on drop.

use std::path::PathBuf;
use std::process::Command;

/// A throwaway cluster.
pub struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
}

impl Cluster {
    /// Creates and starts a cluster (trust authentication, 127.0.0.1 only).
    pub fn start() -> Cluster {
        let initdb = which("initdb")
            .or_else(|| {
                let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
                    .ok()?
                    .filter_map(|e| Some(e.ok()?.path().join("bin/initdb")))
                    .filter(|p| p.exists())
                    .collect();
                found.sort();
                found.pop()
            })
            .expect("initdb not found: install PostgreSQL's server binaries");
        let bin =
            std::fs::canonicalize(&initdb).expect("initdb path").parent().expect("bin dir").to_path_buf();
        let dir = std::env::temp_dir().join(format!("tyiyn-cluster-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("cluster dir");
        if is_root() {
            run(Command::new("chown").arg("postgres:").arg(&dir), "chown");
        }
        let port =
            std::net::TcpListener::bind("127.0.0.1:0").expect("free port").local_addr().expect("addr").port();
        let cluster = Cluster { bin, dir, port };
        run(
            cluster.as_pg("initdb").arg("-D").arg(cluster.data()).args([
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C.UTF-8",
            ]),
            "initdb",
        );
        cluster.resume();
        cluster
    }

    /// The URL of its `postgres` database.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// Stops it the way an operator would (`pg_ctl stop -m fast`: sessions are cut, nothing is
    /// lost), waiting until it is down.
    pub fn stop(&self) {
        run(
            self.as_pg("pg_ctl").arg("-D").arg(self.data()).args(["-m", "fast", "-w", "stop"]),
            "pg_ctl stop",
        );
    }

    /// Starts it (again) on the same port, waiting until it accepts connections.
    pub fn resume(&self) {
        let options = format!(
            "-p {} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=200",
            self.port
        );
        run(
            self.as_pg("pg_ctl")
                .arg("-D")
                .arg(self.data())
                .arg("-l")
                .arg(self.dir.join("server.log"))
                .args(["-w", "-t", "60", "-o", &options, "start"]),
            "pg_ctl start",
        );
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    fn as_pg(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        if is_root() {
            let mut cmd = Command::new("runuser");
            cmd.args(["-u", "postgres", "--"]).arg(path);
            cmd
        } else {
            Command::new(path)
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ =
            self.as_pg("pg_ctl").arg("-D").arg(self.data()).args(["-m", "immediate", "-w", "stop"]).output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn run(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

fn which(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|d| PathBuf::from(d).join(program))
        .find(|p| p.exists())
}
