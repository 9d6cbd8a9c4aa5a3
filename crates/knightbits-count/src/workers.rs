//! Worker threads for the counts: how many, and joining them so that a worker's panic reaches
//! the caller instead of becoming a smaller count.

use std::sync::atomic::{AtomicBool, Ordering};
use std::vec::Vec;

/// The number of threads the machine can run at once (1 where that cannot be told): the
/// default for every count.
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The memory available for a new count now (`MemAvailable`, read by the `procfs` crate), in
/// bytes; `None` where the system does not say (not Linux, no `/proc`).
pub fn available_memory() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        use procfs::Current;
        procfs::Meminfo::current().ok()?.mem_available
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// The bytes free for this user in the file system holding `dir` (`statvfs`, by the `rustix`
/// crate); `None` where the system does not say.
pub fn available_disk(dir: &std::path::Path) -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let s = rustix::fs::statvfs(dir).ok()?;
        Some(s.f_bavail.saturating_mul(s.f_frsize))
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = dir;
        None
    }
}

/// The peak resident memory of this process so far (`VmHWM`, read by the `procfs` crate), in
/// bytes; `None` where the system does not say.
pub fn peak_memory() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        let kib = procfs::process::Process::myself()
            .ok()?
            .status()
            .ok()?
            .vmhwm?;
        Some(kib * 1024)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// `f` of every item, each on its own scoped thread, in the items' order. A worker's panic is
/// raised again on the calling thread with its own payload (`resume_unwind`), after every
/// worker has ended: the caller never sees a partial result.
pub(crate) fn map<I: Send, T: Send>(items: Vec<I>, f: impl Fn(I) -> T + Sync) -> Vec<T> {
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .into_iter()
            .map(|i| scope.spawn(move || f(i)))
            .collect();
        let mut results = Vec::with_capacity(handles.len());
        let mut panic = None;
        for h in handles {
            match h.join() {
                Ok(t) => results.push(t),
                Err(payload) => panic = panic.or(Some(payload)),
            }
        }
        if let Some(payload) = panic {
            std::panic::resume_unwind(payload);
        }
        results
    })
}

/// Elements a step of [`sort_until`] sorts at once.
const PIECE: usize = 1 << 20;

/// Sorts `v` by `key` (not stably) on `threads` threads, looking at `stop` before each step: a
/// split of a slice at its median or the sort of at most `PIECE` elements. `false` once
/// stopped, `v` then part sorted.
pub(crate) fn sort_until<T: Send, K: Ord>(
    v: &mut [T],
    key: &(impl Fn(&T) -> K + Sync),
    threads: usize,
    stop: &AtomicBool,
) -> bool {
    if stop.load(Ordering::Relaxed) {
        return false;
    }
    if v.len() <= PIECE {
        v.sort_unstable_by_key(key);
        return true;
    }
    // Nothing left of the median is above it, nothing right of it below.
    let mid = v.len() / 2;
    v.select_nth_unstable_by_key(mid, key);
    let (lo, hi) = v.split_at_mut(mid);
    if threads > 1 {
        let half = threads / 2;
        map(std::vec![(lo, half), (hi, threads - half)], |(s, t)| {
            sort_until(s, key, t, stop)
        })
        .into_iter()
        .all(|sorted| sorted)
    } else {
        sort_until(lo, key, 1, stop) && sort_until(hi, key, 1, stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn linux_tells_the_memory_available_and_the_peak_of_this_process() {
        let buffer = std::vec![1u8; 8 << 20];
        let peak = peak_memory().expect("VmHWM on Linux");
        assert!(peak >= buffer.len() as u64, "{peak}");
        assert!(available_memory().expect("MemAvailable on Linux") > 0);
        assert_eq!(buffer.iter().map(|&b| u64::from(b)).sum::<u64>(), 8 << 20);
    }
    use std::panic::{AssertUnwindSafe, catch_unwind};

    #[test]
    fn results_come_back_in_order() {
        assert_eq!(map(std::vec![1, 2, 3, 4], |x| x * 10), [10, 20, 30, 40]);
    }

    /// A worker that panics makes the whole call panic with the worker's own message; no
    /// result is returned (before, a failed worker's table was replaced by an empty one and the
    /// count came out smaller).
    #[test]
    fn a_worker_panic_reaches_the_caller() {
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            map(std::vec![1, 2, 3], |x| {
                if x == 2 {
                    panic!("worker 2 failed");
                }
                x
            })
        }));
        let payload = outcome.expect_err("the panic must reach the caller");
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"worker 2 failed"));
    }

    /// Proves `sort_until` sorts as the standard sort does, on one thread and on several, for
    /// slices shorter than a piece and many pieces long, with runs of equal keys; and that a
    /// stop set before it starts leaves the slice untouched.
    #[test]
    fn sorting_in_steps_sorts_and_stops() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut random = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let never = AtomicBool::new(false);
        for (len, range) in [
            (0, 1),
            (1000, 1 << 60),
            (3 * PIECE + 17, 1 << 60),
            (2 * PIECE + 5, 7),
        ] {
            let v: Vec<(u64, u32)> = (0..len).map(|i| (random() % range, i as u32)).collect();
            let mut want = v.clone();
            want.sort_by_key(|e| e.0);
            for threads in [1, 2, 3] {
                let mut got = v.clone();
                assert!(sort_until(&mut got, &|e: &(u64, u32)| e.0, threads, &never));
                let keys = |s: &[(u64, u32)]| s.iter().map(|e| e.0).collect::<Vec<_>>();
                assert_eq!(keys(&got), keys(&want), "{len} on {threads} threads");
                got.sort();
                let mut all = v.clone();
                all.sort();
                assert_eq!(got, all, "the same elements");
            }
        }
        let stopped = AtomicBool::new(true);
        let v: Vec<u64> = (0..PIECE as u64 * 2).rev().collect();
        let mut got = v.clone();
        assert!(!sort_until(&mut got, &|&e| e, 2, &stopped));
        assert_eq!(got, v);
    }
}
