//! Processes of one count across processes, started by a test on loopback: their host file,
//! their end, a kill -9 of one of them. Every wait is bounded, and the processes still running
//! are killed when their [`Group`] is dropped.

use std::net::TcpListener;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::{Child, Output};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// The processes of one count, process 0 first; those still running are killed (and waited
/// for) when dropped.
pub struct Group(pub Vec<Child>);

impl Drop for Group {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// A host file of `p` free loopback ports, one `127.0.0.1:PORT` a line, in a file of its own in
/// the temporary folder (the tests of a binary run at once).
pub fn hostfile(p: usize) -> PathBuf {
    static FILES: AtomicU32 = AtomicU32::new(0);
    let listeners: Vec<TcpListener> = (0..p)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("a free port"))
        .collect();
    let text: String = listeners
        .iter()
        .map(|l| format!("{}\n", l.local_addr().unwrap()))
        .collect();
    let path = std::env::temp_dir().join(format!(
        "knightbits-hosts-{}-{}",
        std::process::id(),
        FILES.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&path, text).unwrap();
    path
}

impl Group {
    /// Waits for every process, at most `limit`; their outputs, process 0 first.
    pub fn outputs(mut self, limit: Duration) -> Vec<Output> {
        let started = Instant::now();
        while self
            .0
            .iter_mut()
            .any(|c| c.try_wait().ok().flatten().is_none())
        {
            assert!(
                started.elapsed() < limit,
                "the processes did not end within {limit:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        self.0
            .drain(..)
            .map(|c| c.wait_with_output().unwrap())
            .collect()
    }

    /// Waits until both parts of a layer of a count on 2 workers, before a round of `rounds`,
    /// are in the checkpoint folder `dir` and `ready` holds, at most 120 s, every process
    /// still running.
    pub fn wait_for_layer(
        &mut self,
        dir: &Path,
        rounds: RangeInclusive<u32>,
        ready: &dyn Fn() -> bool,
    ) {
        let complete = |round: u32| {
            let here = dir.join(format!("layer-{round:03}"));
            here.join("part-0-of-2").exists() && here.join("part-1-of-2").exists()
        };
        let started = Instant::now();
        while !(ready() && rounds.clone().any(complete)) {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "no layer of rounds {rounds:?}"
            );
            assert!(
                self.0
                    .iter_mut()
                    .all(|c| c.try_wait().ok().flatten().is_none()),
                "a process ended before it was killed"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Kills process 1 (SIGKILL) and checks that process 0, losing its peer, ends with an
    /// error within `limit`; process 0's output.
    pub fn kill_process_1(mut self, limit: Duration) -> Output {
        let started = Instant::now();
        self.0[1].kill().unwrap();
        let _ = self.0[1].wait();
        while self.0[0].try_wait().ok().flatten().is_none() {
            assert!(
                started.elapsed() < limit,
                "process 0 went on without its peer"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let zero = self.0.remove(0).wait_with_output().unwrap();
        assert!(
            !zero.status.success(),
            "process 0 ended well without its peer"
        );
        zero
    }
}
