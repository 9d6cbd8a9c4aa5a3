//! The split's tests: against the whole sweep, out of core, stopped and resumed.

use super::*;
use crate::sweep::Sweep;
use crate::sweep::tests::scratch;
use knightbits_board::Board;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

/// The split's count of `count` (`split/`), calling `progress` after each round and
/// `joining` twice a pass of its join.
fn open_tours(
    count: Sweep,
    progress: &mut dyn FnMut(Round),
    joining: &mut dyn FnMut(&Joined),
) -> Result<(u128, Joined), CountError> {
    let go_on = AtomicBool::new(false);
    SplitCount::new(count)?.run_split(
        &mut |r| {
            progress(r);
            ControlFlow::Continue(())
        },
        &mut |j| {
            joining(j);
            ControlFlow::Continue(())
        },
        &go_on,
    )
}

/// `split` resumed to its end: its total, the rounds it ran and the passes done when its join
/// first reported.
fn resume(mut split: SplitCount) -> (Result<u128, CountError>, u32, Option<u64>) {
    let (mut rounds, mut first) = (0, None);
    let total = split.run_split(
        &mut |_| {
            rounds += 1;
            ControlFlow::Continue(())
        },
        &mut |j| {
            first.get_or_insert(j.done);
            ControlFlow::Continue(())
        },
        &AtomicBool::new(false),
    );
    (total.map(|t| t.0), rounds, first)
}

/// `split` run to its end, or its error.
fn open_tours_of(mut split: SplitCount) -> Result<(u128, Joined), CountError> {
    let go_on = |_: &_| ControlFlow::Continue(());
    split.run_split(
        &mut |_| ControlFlow::Continue(()),
        &mut go_on.clone(),
        &AtomicBool::new(false),
    )
}

/// Every perfect matching of 2 to 16 nodes (up to 12 enumerated: 10,395 of them; 14 and 16
/// sampled) has its own rank below their number, (n - 1)!!, and is its rank unranked.
#[test]
fn pairings_rank_one_to_one() {
    use super::join::{MEETS, rank, unrank};
    /// Every perfect matching of the nodes in `left`, completing `partner`.
    fn each(left: u32, partner: &mut [u8; MEETS], out: &mut Vec<[u8; MEETS]>) {
        if left == 0 {
            out.push(*partner);
            return;
        }
        let i = left.trailing_zeros();
        let mut rest = left & !(1 << i);
        while rest != 0 {
            let p = rest.trailing_zeros();
            rest &= rest - 1;
            (partner[i as usize], partner[p as usize]) = (p as u8, i as u8);
            each(left & !(1 << i) & !(1 << p), partner, out);
        }
    }
    for len in (2..=16).step_by(2) {
        let mut all = Vec::new();
        each((1 << len) - 1, &mut [0; MEETS], &mut all);
        let number: u64 = (1..len as u64).step_by(2).product();
        assert_eq!(all.len() as u64, number, "{len}");
        let step = if len <= 12 { 1 } else { 997 };
        let mut ranks: Vec<u64> = Vec::new();
        for m in all.iter().step_by(step) {
            let r = rank(m, len);
            assert!(r < number, "{len}: {m:?}");
            assert_eq!(unrank(r, len), *m, "{len}: {r}");
            ranks.push(r);
        }
        ranks.sort_unstable();
        ranks.dedup();
        assert_eq!(ranks.len(), all.len().div_ceil(step), "{len}");
    }
}

/// The split at the middle cut.
mod split {
    use super::*;

    /// The split counts every board it takes as the sweep of the whole board does (itself
    /// checked against OEIS and meet in the middle elsewhere): 3 to 8 across, 4 to 8 rows.
    /// 8x6 swept across 8 agrees too (49,929,787,608: `split_run`, ignored, 140 s).
    #[test]
    fn the_split_counts_as_the_whole_sweep() {
        let dir = std::env::temp_dir();
        for (w, h) in [
            (3, 4),
            (5, 4),
            (6, 4),
            (8, 4),
            (3, 6),
            (4, 6),
            (5, 6),
            (6, 6),
            (7, 4),
            (4, 8),
            (5, 8),
        ] {
            let board = Board::new(w, h).unwrap();
            let count = || {
                Sweep::<u64>::open_tours(board, None, 2, u64::MAX, &dir)
                    .unwrap()
                    .across(w)
                    .unwrap()
            };
            let want = count().run(&mut |_| {}).unwrap();
            let (got, joined) = open_tours(count(), &mut |_| {}, &mut |_| {}).unwrap();
            assert_eq!(got, want, "{w}x{h}: {joined:?}");
        }
    }
    /// Within a small budget the top half's layers go to disk and the join takes several
    /// passes, and the count is the same; the pairs foreseen before each pass are those it
    /// tests.
    #[test]
    fn a_split_out_of_core_in_passes_counts_the_same() {
        let dir = std::env::temp_dir();
        for (w, h) in [(6, 6), (8, 4)] {
            let board = Board::new(w, h).unwrap();
            let count = |budget| {
                Sweep::<u64>::open_tours(board, None, 2, budget, &dir)
                    .unwrap()
                    .across(w)
                    .unwrap()
            };
            let (whole, one) = open_tours(count(u64::MAX), &mut |_| {}, &mut |_| {}).unwrap();
            let mut disk = false;
            let (mut ahead, mut calls) = (0, 0);
            let mut joining = |j: &Joined| {
                // Twice a pass: the pairs foreseen once its sums are made, then tested.
                if calls % 2 == 0 {
                    ahead += j.ahead;
                }
                calls += 1;
            };
            let (small, many) =
                open_tours(count(4 << 20), &mut |r| disk |= r.from_disk, &mut joining).unwrap();
            assert_eq!((ahead, calls), (many.pairs, 2 * many.passes), "{w}x{h}");
            assert_eq!(one.passes, 1);
            assert!(disk && many.passes > 1, "{w}x{h}: {many:?}");
            assert_eq!(small, whole, "{w}x{h}: {many:?}");
        }
    }

    /// A split count stopped after a round before the cut, at it or past it (its progress
    /// callback panics) resumes from its checkpoint, the layer at the cut (the bottom half)
    /// kept beside it, and gives the same total, in memory and out of core; the first round it
    /// reports is the one after the stop wherever a checkpoint was written past the cut.
    /// Nothing is left in the folder at the end.
    #[test]
    fn a_stopped_split_resumes_from_its_checkpoint() {
        let dir = scratch("split-resume");
        let board = Board::new(6, 6).unwrap();
        let count = |budget| {
            Sweep::<u64>::open_tours(board, None, 2, budget, &dir)
                .unwrap()
                .across(6)
                .unwrap()
        };
        let (whole, _) = open_tours(count(u64::MAX), &mut |_| {}, &mut |_| {}).unwrap();
        let path = dir.join("6x6.layer");
        // The cut is after round 17: the layer before round 18 is the bottom half.
        for budget in [u64::MAX, 4 << 20] {
            for stop in [17, 18, 21] {
                let stopped = catch_unwind(AssertUnwindSafe(|| {
                    let count = count(budget).with_checkpoint(&path, 0.0);
                    open_tours(count, &mut |r| assert!(r.round < stop, "stop"), &mut |_| {})
                }));
                assert!(stopped.is_err());
                let mut first = None;
                let count = count(budget).with_checkpoint(&path, 0.0);
                let mut first_round = |r: Round| {
                    first.get_or_insert(r.round);
                };
                let (got, _) = open_tours(count, &mut first_round, &mut |_| {}).unwrap();
                assert_eq!(got, whole, "budget {budget}, stop {stop}");
                if stop >= 18 {
                    assert_eq!(first, Some(stop + 1), "budget {budget}, stop {stop}");
                }
                let left: Vec<_> = fs::read_dir(&dir).unwrap().collect();
                assert!(left.is_empty(), "{left:?}");
            }
        }
        let _ = fs::remove_dir_all(&dir);
    }

    /// A join stopped by its callback once a pass is done, or by the stop flag once a pass's
    /// sums are made (the pass abandoned), says where it stopped in the split's units and
    /// keeps the checkpoint, the bottom half and the passes done (`PATH.join`); the same count
    /// resumes at the join, with no round run again, from the passes done, to the same total,
    /// and leaves nothing in the folder.
    #[test]
    fn a_stopped_join_resumes_from_its_passes() {
        let dir = scratch("split-join");
        let board = Board::new(6, 6).unwrap();
        let path = dir.join("6x6.layer");
        let count = || {
            let c = Sweep::<u64>::open_tours(board, None, 2, 4 << 20, &dir).unwrap();
            SplitCount::new(c.across(6).unwrap().with_checkpoint(&path, 30.0)).unwrap()
        };
        let (whole, one) = open_tours(
            Sweep::<u64>::open_tours(board, None, 2, u64::MAX, &dir).unwrap(),
            &mut |_| {},
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(one.passes, 1);
        // The top half: the rows above the cut (3) and the first past it.
        let top = 24;
        for flag in [false, true] {
            let stop = AtomicBool::new(false);
            let mut calls = 0;
            let outcome = count().run_split(
                &mut |_| ControlFlow::Continue(()),
                &mut |_| {
                    calls += 1;
                    match (flag, calls) {
                        // The first pass done: the callback stops the count.
                        (false, 2) => ControlFlow::Break(()),
                        // The second pass's sums made: the flag abandons its tests.
                        (true, 3) => {
                            stop.store(true, Ordering::Relaxed);
                            ControlFlow::Continue(())
                        }
                        _ => ControlFlow::Continue(()),
                    }
                },
                &stop,
            );
            assert_eq!(calls, if flag { 3 } else { 2 });
            let Err(CountError::Stopped {
                done,
                total,
                unit,
                checkpoint,
            }) = outcome
            else {
                panic!("{outcome:?}");
            };
            assert_eq!((done, unit), (top + 1, "squares and join passes"));
            assert!(total > top + 1, "{total}");
            assert_eq!(checkpoint.as_deref(), Some(path.as_path()));
            for suffix in ["", ".bottom", ".join"] {
                assert!(with_suffix(&path, suffix).exists(), "{suffix}");
            }
            let (total, rounds, first) = resume(count());
            assert_eq!(total, Ok(whole), "flag {flag}");
            assert_eq!((rounds, first), (0, Some(1)), "flag {flag}");
            let left: Vec<_> = fs::read_dir(&dir).unwrap().collect();
            assert!(left.is_empty(), "{left:?}");
        }
        let _ = fs::remove_dir_all(&dir);
    }

    /// A stop flag set as the top half's last round ends is seen before the join's first pass
    /// makes its sums (the bottom half's reading back and sorting look at it): the count says
    /// it stopped after the top half's units,
    /// keeps the checkpoint and the bottom half, and resumes with no round run again from the
    /// join's first pass to the same total.
    #[test]
    fn a_split_stopped_before_its_join_resumes_at_the_join() {
        let dir = scratch("split-bottom");
        let board = Board::new(6, 6).unwrap();
        let path = dir.join("6x6.layer");
        let count = || {
            let c = Sweep::<u64>::open_tours(board, None, 2, 4 << 20, &dir).unwrap();
            SplitCount::new(c.across(6).unwrap().with_checkpoint(&path, 30.0)).unwrap()
        };
        let (whole, _) = open_tours_of(count()).unwrap();
        let top = 24;
        let stop = AtomicBool::new(false);
        let mut joined = 0;
        let outcome = count().run_split(
            &mut |r| {
                if r.round + 1 == top as u32 {
                    stop.store(true, Ordering::Relaxed);
                }
                ControlFlow::Continue(())
            },
            &mut |_| {
                joined += 1;
                ControlFlow::Continue(())
            },
            &stop,
        );
        let Err(CountError::Stopped {
            done, checkpoint, ..
        }) = outcome
        else {
            panic!("{outcome:?}");
        };
        assert_eq!((done, joined), (top, 0));
        assert_eq!(checkpoint.as_deref(), Some(path.as_path()));
        assert!(path.exists() && with_suffix(&path, ".bottom").exists());
        let (total, rounds, first) = resume(count());
        assert_eq!(total, Ok(whole));
        assert_eq!((rounds, first), (0, Some(0)));
        let left: Vec<_> = fs::read_dir(&dir).unwrap().collect();
        assert!(left.is_empty(), "{left:?}");
        let _ = fs::remove_dir_all(&dir);
    }

    /// The split's own errors: a sweep with an odd number of rows, or fewer than 4, and a count
    /// from one start; a checkpoint of the sweep of the same board is not the split's.
    #[test]
    fn the_split_refuses_what_it_cannot_count() {
        let dir = scratch("split-refuses");
        let open = |w, h, start| {
            Sweep::<u64>::open_tours(Board::new(w, h).unwrap(), start, 2, u64::MAX, &dir)
        };
        for (w, h, rows) in [(5, 5, 5), (6, 7, 7), (6, 2, 2)] {
            let c = open(w, h, None).unwrap().across(w).unwrap();
            assert_eq!(
                SplitCount::new(c).err(),
                Some(CountError::NoMiddleCut { rows })
            );
        }
        let a1 = Some(knightbits_board::Coord::new(0, 0));
        assert_eq!(
            SplitCount::new(open(6, 6, a1).unwrap()).err(),
            Some(CountError::EveryStart {
                method: Method::Split
            })
        );
        let path = dir.join("sweep.layer");
        let sweep = open(6, 6, None).unwrap().with_checkpoint(&path, 0.0);
        let stopped = catch_unwind(AssertUnwindSafe(|| {
            sweep.run(&mut |r| assert!(r.round < 12, "stop"))
        }));
        assert!(stopped.is_err() && path.exists());
        let split = SplitCount::new(open(6, 6, None).unwrap().with_checkpoint(&path, 0.0)).unwrap();
        let outcome = open_tours_of(split);
        assert_eq!(outcome.err(), Some(CountError::Checkpoint));
        assert!(path.exists(), "the sweep's checkpoint is left alone");
        let _ = fs::remove_dir_all(&dir);
    }
}

/// Timed runs of the split, ignored.
mod split_runs {
    use super::*;

    /// A timed split count of the board `KB_SPLIT` (`WxH`, swept `W` across; scratch folder
    /// `KB_SCRATCH`, memory budget `KB_BUDGET` bytes, checkpoint `KB_CHECKPOINT`, resumed when
    /// it is there), printing its rounds and join.
    #[test]
    #[ignore]
    fn split_run() {
        let spec = std::env::var("KB_SPLIT").unwrap_or_else(|_| "8x6".into());
        let (w, h) = spec.split_once('x').unwrap();
        let (w, h): (u32, u32) = (w.parse().unwrap(), h.parse().unwrap());
        let dir = std::env::var("KB_SCRATCH").map_or_else(|_| std::env::temp_dir(), Into::into);
        let budget = std::env::var("KB_BUDGET").map_or(18 << 30, |b| b.parse().unwrap());
        let board = Board::new(w, h).unwrap();
        let mut count = Sweep::<u64>::open_tours(board, None, 2, budget, &dir)
            .unwrap()
            .across(w)
            .unwrap();
        if let Ok(path) = std::env::var("KB_CHECKPOINT") {
            count = count.with_checkpoint(Path::new(&path), 0.0);
        }
        let t = std::time::Instant::now();
        let mut round = |r: Round| {
            eprintln!(
                "round {:3} states {:12} passes {} disk {} {:6.1} B/state {:8.2} s at {:8.1} s",
                r.round,
                r.states,
                r.passes,
                r.from_disk,
                r.bytes_per_state,
                r.seconds,
                t.elapsed().as_secs_f64()
            );
        };
        let mut joining = |j: &Joined| {
            eprintln!("join {j:?} at {:8.1} s", t.elapsed().as_secs_f64());
        };
        let (got, joined) = open_tours(count, &mut round, &mut joining).unwrap();
        eprintln!(
            "{w}x{h}: {got}, bottom {} states, {joined:?}, in {:.1} s",
            joined.bottom,
            t.elapsed().as_secs_f64()
        );
    }
}
