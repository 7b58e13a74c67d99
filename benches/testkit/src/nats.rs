//! A private `nats-server` (Debian's package, `/usr/sbin/nats-server`) that a test may stop and
//! start again on the same port: the bus between nodes (issue 25). Killed on drop.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running NATS server.
pub struct Nats {
    pub port: u16,
    child: Option<Child>,
}

impl Nats {
    /// Starts one on a free port below 32768 (above it, ports collide with outgoing connections).
    pub fn start() -> Nats {
        let seed = std::process::id() as u16;
        let port = (0..2000u16)
            .map(|i| 20_000 + (seed.wrapping_mul(7).wrapping_add(i * 13)) % 12_000)
            .find(|p| std::net::TcpListener::bind(("127.0.0.1", *p)).is_ok())
            .expect("a free port below 32768");
        let mut nats = Nats { port, child: None };
        nats.resume();
        nats
    }

    /// Its URL, for `TYIYN_CLUSTER__NATS_URL`.
    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// Stops it at once (SIGKILL): every node loses its connection.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it (again) on the same port, waiting until it accepts connections.
    pub fn resume(&mut self) {
        let bin = ["/usr/sbin/nats-server", "/usr/bin/nats-server"]
            .into_iter()
            .find(|p| std::path::Path::new(p).exists())
            .expect("nats-server not found: apt-get install nats-server");
        let child = Command::new(bin)
            .args(["-a", "127.0.0.1", "-p", &self.port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server starts");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "nats-server did not come up on {}", self.port);
            // Blocking code (`resume` is not async), so not the async `eventually`; up to `deadline`.
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        self.stop();
    }
}
