use super::*;
use crate::checkpoint::Header;
use crate::{Frontier, Kind, peak_memory};
use knightbits_board::Coord;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A scratch folder of the test's own, empty.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("knightbits-closed-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap()
}

/// The 128-bit programme's count: other layers, other tables, other placing code.
fn by_frontier(b: Board) -> u128 {
    let f = Frontier::new(b, Kind::Closed).unwrap();
    let last = f.run(f.first(), 1, &mut |_| {}).unwrap();
    f.total(&last).unwrap()
}

/// Counts equal the 128-bit programme's on every board from 1 x 1 to 6 x 7, on one thread and on
/// two, and with 7 x 6 and 8 x 5 swept across their longer side, and OEIS where its terms are at
/// hand: 9,862 on 6 x 6 (A001230), 16 and 176 on 3 x 10 and 3 x 12 (A070030), none on 4 x n. A
/// sweep across a number that is not a side, or past 8, is refused.
#[test]
fn counts_match_the_128_bit_programme_and_oeis() {
    let dir = scratch("match");
    for w in 1..=6 {
        for h in w..=7 {
            let b = board(w, h);
            let want = by_frontier(b);
            for threads in [1, 2] {
                let c = Sweep::<u64>::new(b, threads, u64::MAX, &dir).unwrap();
                assert_eq!(c.run(&mut |_| {}), Ok(want), "{b} on {threads} threads");
            }
            if w == 4 {
                assert_eq!(want, 0, "{b}");
            }
        }
    }
    // Swept across the longer side: 7 x 6 (A175881 a(7), 1,067,638) and 8 x 5 (44,202, A383661
    // a(20), as the docs' table has it) against the 128-bit programme across the shorter one.
    for (w, h, want) in [(7, 6, 1_067_638), (8, 5, 44_202)] {
        let b = board(w, h);
        assert_eq!(by_frontier(b), want, "{b}");
        let c = Sweep::<u64>::new(b, 2, u64::MAX, &dir)
            .unwrap()
            .across(w)
            .unwrap();
        assert_eq!(c.run(&mut |_| {}), Ok(want), "{b} across {w}");
    }
    let c = Sweep::<u64>::new(board(8, 5), 1, u64::MAX, &dir).unwrap();
    assert_eq!(c.across(7).unwrap_err(), CountError::NotASide { side: 7 });
    let c = Sweep::<u64>::new(board(9, 5), 1, u64::MAX, &dir).unwrap();
    assert_eq!(c.across(9).unwrap_err(), CountError::TooWide { limit: 8 });
    let count = |w, h| {
        Sweep::<u64>::new(board(w, h), 2, u64::MAX, &dir)
            .unwrap()
            .run(&mut |_| {})
    };
    assert_eq!(count(6, 6), Ok(9862));
    assert_eq!(count(3, 10), Ok(16));
    assert_eq!(count(3, 12), Ok(176));
    let _ = fs::remove_dir_all(&dir);
}

/// 6 x 7 closed (1,067,638, OEIS A175881) is the same in memory and out of core under 4 MiB,
/// under a third of its in-memory tables, where the old layer is read from disk in several
/// passes; nothing is left in the scratch folder.
#[test]
fn out_of_core_counts_the_same() {
    let dir = scratch("ooc");
    let b = board(6, 7);
    let mut peak = 0.0f64;
    let in_memory = Sweep::<u64>::new(b, 2, u64::MAX, &dir)
        .unwrap()
        .run(&mut |r| peak = peak.max(r.bytes_per_state * r.states as f64))
        .unwrap();
    assert_eq!(in_memory, 1_067_638);
    let budget = 4 << 20;
    assert!(peak > 3.0 * budget as f64, "{peak} bytes at most in memory");
    let (mut disk, mut passes) = (0, 0);
    let out_of_core = Sweep::<u64>::new(b, 2, budget, &dir)
        .unwrap()
        .run(&mut |r| {
            disk += u32::from(r.from_disk);
            passes = passes.max(r.passes);
        })
        .unwrap();
    assert_eq!(out_of_core, 1_067_638);
    assert!(
        disk >= 4 && passes >= 4,
        "{disk} rounds from disk, {passes} passes at most"
    );
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "scratch files left");
    let _ = fs::remove_dir_all(&dir);
}

/// A count stopped after round 30 (its progress callback panics) resumes from its checkpoint
/// at round 31 and gives the whole count; in memory and out of core. A checkpoint of another
/// board is refused, and so is a file that is not a layer.
#[test]
fn a_stopped_count_resumes_from_its_checkpoint() {
    let dir = scratch("resume");
    let b = board(6, 7);
    for budget in [u64::MAX, 4 << 20] {
        let path = dir.join("6x7.layer");
        let count = || {
            Sweep::<u64>::new(b, 2, budget, &dir)
                .unwrap()
                .with_checkpoint(&path, 0.0)
        };
        let stopped = catch_unwind(AssertUnwindSafe(|| {
            count().run(&mut |r| assert!(r.round < 30, "stop"))
        }));
        assert!(stopped.is_err());
        assert!(path.exists(), "a checkpoint is left");
        let mut first = None;
        let total = count().run(&mut |r| {
            first.get_or_insert(r.round);
        });
        assert_eq!(total, Ok(1_067_638), "budget {budget}");
        assert_eq!(first, Some(31), "budget {budget}: resumed after round 30");
        assert!(!path.exists(), "the checkpoint is removed at the end");
    }
    let path = dir.join("6x6.layer");
    let six = Sweep::<u64>::new(board(6, 6), 1, u64::MAX, &dir).unwrap();
    let _ = catch_unwind(AssertUnwindSafe(|| {
        six.with_checkpoint(&path, 0.0)
            .run(&mut |r| assert!(r.round < 20, "stop"))
    }));
    let other = Sweep::<u64>::new(b, 1, u64::MAX, &dir)
        .unwrap()
        .with_checkpoint(&path, 0.0);
    assert_eq!(other.run(&mut |_| {}), Err(CountError::Checkpoint));
    fs::write(&path, b"not a layer").unwrap();
    assert_eq!(other.run(&mut |_| {}), Err(CountError::Checkpoint));
    let _ = fs::remove_dir_all(&dir);
}

/// A count killed in a round out of core just after the round's second pass was marked done,
/// its unfinished file holding part of a third, resumes after the second pass: that round says
/// so, the next ones resume nothing, and the count gives 6 x 7's 1,067,638 closed tours (OEIS
/// A175881), its checkpoint, pass mark and unfinished file gone at the end. Resumed under a
/// smaller budget the parts left take more passes than were marked, under a larger one fewer,
/// and the two passes done are kept either way; with the unfinished file removed, the round
/// starts again to the same total. Masks a kill left beside the checkpoint go at the end.
#[test]
fn a_count_killed_between_passes_resumes_after_the_last_one_marked() {
    use super::mark::PassMark;
    use std::cmp::Ordering as Cmp;
    use std::io::Write;
    let dir = scratch("passes");
    let path = dir.join("6x7.layer");
    let tmp = dir.join("6x7.layer.tmp");
    let b = board(6, 7);
    let count = |budget: u64| {
        Sweep::<u64>::new(b, 2, budget, &dir)
            .unwrap()
            .with_checkpoint(&path, 0.0)
    };
    // The resumed round's passes against those marked: under the same budget the parts left
    // may take one pass fewer (the first plan rounded up the whole round's passes); a round
    // started again plans its passes anew.
    let any = &[Cmp::Less, Cmp::Equal, Cmp::Greater][..];
    for (budget, kept, resumes, passes) in [
        (5 << 19, true, true, &[Cmp::Equal, Cmp::Less][..]),
        (4 << 19, true, true, &[Cmp::Greater][..]),
        (7 << 19, true, true, &[Cmp::Less][..]),
        (5 << 19, false, false, any),
    ] {
        let mut killed = count(5 << 19);
        killed.killed_after_passes = Some(2);
        let outcome = killed.run(&mut |_| {});
        assert!(
            matches!(outcome, Err(CountError::Stopped { .. })),
            "{outcome:?}"
        );
        let mark = PassMark::read(&path).expect("a pass mark is left");
        assert_eq!(mark.done_passes, 2);
        assert!(mark.seconds > 0.0, "{mark:?}");
        assert!(mark.passes > 2, "{mark:?}");
        let held = Header::open(&path).unwrap().unwrap().0;
        assert_eq!(
            (held.round, held.records),
            (mark.round, mark.old_states),
            "the checkpoint holds the layer before the round"
        );
        // What a writer killed in the third pass leaves past the marked bytes.
        let len = fs::metadata(&tmp).unwrap().len();
        assert_eq!(len, mark.bytes, "the marked passes are on disk");
        let mut file = fs::OpenOptions::new().append(true).open(&tmp).unwrap();
        file.write_all(&[0xab; 5000]).unwrap();
        drop(file);
        if !kept {
            fs::remove_file(&tmp).unwrap();
        }
        // The resumed round under `budget`, then the rest in memory.
        let mut first = None;
        let stopped = count(budget).run_until(
            &mut |r| {
                first = Some((r.round, r.resumed_passes, r.passes, r.seconds));
                ControlFlow::Break(())
            },
            &AtomicBool::new(false),
        );
        assert!(matches!(stopped, Err(CountError::Stopped { .. })));
        let (round, resumed, round_passes, seconds) = first.unwrap();
        assert_eq!(round, mark.round, "budget {budget}: resumed in its round");
        match resumes {
            true => {
                assert_eq!(resumed, 2, "budget {budget}: resumed after the second pass");
                assert!(seconds > mark.seconds, "the passes done count: {seconds} s");
            }
            false => assert_eq!(resumed, 0, "an unfinished file gone starts the round again"),
        }
        assert!(
            passes.contains(&round_passes.cmp(&mark.passes)),
            "budget {budget}: {round_passes} passes against {} marked",
            mark.passes
        );
        // Masks a kill -9 left beside the checkpoint, which a round in memory does not use.
        let sieve = dir.join("6x7.layer.sieve");
        fs::write(&sieve, b"masks of a killed round").unwrap();
        let mut rounds = Vec::new();
        let total = count(u64::MAX).run(&mut |r| rounds.push(r.resumed_passes));
        assert_eq!(total, Ok(1_067_638), "budget {budget}");
        assert!(rounds.iter().all(|&r| r == 0), "{rounds:?}");
        assert!(!path.exists(), "the checkpoint is removed at the end");
        assert!(!tmp.exists(), "no unfinished file is left");
        assert!(!PassMark::path(&path).exists(), "no pass mark is left");
        assert!(!sieve.exists(), "no masks are left");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Proves the passes' masks (`sieve.rs`) spare work without changing the count: 6 x 7 closed
/// under 4 MiB (rounds of up to 16 passes: masks of two bytes) and under 2.5 MiB (up to 64:
/// four and eight bytes) gives A175881's 1,067,638; a round in one pass expands each old state
/// once; a round of several passes from disk expands each at least once (its first pass
/// expands them all) and, in all, fewer than its passes times the old layer (the later passes
/// expand only the states with keys in theirs). Such rounds are there, past 16 passes too.
#[test]
fn later_passes_expand_only_the_states_with_keys_in_them() {
    let dir = scratch("sieve");
    for (budget, most) in [(4 << 20, 2..=16), (5 << 19, 17..=64)] {
        let count = Sweep::<u64>::new(board(6, 7), 2, budget, &dir).unwrap();
        let mut rounds = Vec::new();
        assert_eq!(count.run(&mut |r| rounds.push(r)), Ok(1_067_638));
        let mut sieved = 0;
        for pair in rounds.windows(2) {
            let (old, r) = (pair[0].states, pair[1]);
            if r.passes == 1 {
                assert_eq!(r.expanded, old, "round {}", r.round);
            } else {
                assert!(r.from_disk, "round {}", r.round);
                assert!(r.expanded >= old, "round {}: {r:?}", r.round);
                assert!(
                    r.expanded < old * u64::from(r.passes),
                    "round {}: {r:?}",
                    r.round
                );
                sieved += 1;
            }
        }
        assert!(sieved > 0, "no round of several passes");
        let passes = rounds.iter().map(|r| r.passes).max().unwrap_or(0);
        assert!(
            most.contains(&passes),
            "budget {budget}: {passes} passes at most"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// The environment variable that makes [`peak_memory_stays_within_the_budget`] count in a
/// process of its own: `WxH:BUDGET` (`max` for no budget).
const CHILD: &str = "KNIGHTBITS_CLOSED_COUNT_CHILD";

/// The total and the peak memory of a count run in a new process of this test binary.
fn in_child(spec: &str) -> (u128, u64) {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "sweep::tests::peak_memory_stays_within_the_budget",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, spec)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text
        .lines()
        .find_map(|l| l.split_once("count ").map(|(_, rest)| rest))
        .unwrap_or_else(|| panic!("no count from the child {spec}: {text}"));
    let mut words = line.split_whitespace();
    let total = words.next().unwrap().parse().unwrap();
    let peak = words.next().unwrap().parse().unwrap();
    (total, peak)
}

/// A count forced to a tenth of its in-memory peak gives the same total with the process's own
/// peak memory (VmHWM, read by each process at its end) at most the budget above the peak of
/// the same process counting a board with no tour (its baseline).
#[cfg(target_os = "linux")]
#[test]
fn peak_memory_stays_within_the_budget() {
    if let Ok(spec) = std::env::var(CHILD) {
        let (size, budget) = spec.split_once(':').unwrap();
        let b: Board = size.parse().unwrap();
        let budget = budget.parse().unwrap_or(u64::MAX);
        let dir = scratch(&format!("child-{size}-{budget}"));
        let total = Sweep::<u64>::new(b, 2, budget, &dir)
            .unwrap()
            .run(&mut |_| {});
        println!("count {} {}", total.unwrap(), peak_memory().unwrap());
        let _ = fs::remove_dir_all(&dir);
        return;
    }
    let (_, base) = in_child("3x4:max");
    let (total, full) = in_child("6x8:max");
    assert_eq!(total, 55_488_142);
    let budget = (full - base) / 10;
    let (total, low) = in_child(&format!("6x8:{budget}"));
    assert_eq!(total, 55_488_142);
    assert!(
        low <= base + budget,
        "peak {low} over the baseline {base} and the budget {budget} (in memory: {full})"
    );
}

/// The 128-bit programme's directed open tours (from `start` when given).
fn open_by_frontier(b: Board, start: Option<Coord>) -> u128 {
    let f = match start {
        Some(c) => Frontier::open_from(b, c).unwrap(),
        None => Frontier::new(b, Kind::Open).unwrap(),
    };
    let last = f.run(f.first(), 1, &mut |_| {}).unwrap();
    f.total(&last).unwrap()
}

/// Open tours in 64-bit keys equal the 128-bit programme's (other states: each square placed
/// inside the tour or as one of its ends, the ends counted from the key, not kept in a field of
/// their own) on every board from 1 x 1 to 4 x 7 and on 5 x 5 and 5 x 6, on one thread and on
/// two, and from every start of 3 x 4, 4 x 5 and 5 x 5; 5 x 5 is OEIS A165134's 1,728, 304 of
/// them from a corner (as meet in the middle and depth-first search find in `count::tests`).
#[test]
fn open_counts_match_the_128_bit_programme() {
    let dir = scratch("open-match");
    let mut boards: Vec<(u32, u32)> = (1..=4).flat_map(|w| (w..=7).map(move |h| (w, h))).collect();
    boards.extend([(5, 5), (5, 6)]);
    for (w, h) in boards {
        let b = board(w, h);
        let want = open_by_frontier(b, None);
        for threads in [1, 2] {
            let c = Sweep::<u64>::open_tours(b, None, threads, u64::MAX, &dir).unwrap();
            assert_eq!(c.run(&mut |_| {}), Ok(want), "{b} on {threads} threads");
        }
    }
    for (w, h) in [(3, 4), (4, 5), (5, 5)] {
        let b = board(w, h);
        let squares = (0..h).flat_map(|r| (0..w).map(move |f| Coord::new(f as u16, r as u16)));
        for c in squares {
            let want = open_by_frontier(b, Some(c));
            let count = Sweep::<u64>::open_tours(b, Some(c), 2, u64::MAX, &dir).unwrap();
            assert_eq!(count.run(&mut |_| {}), Ok(want), "{b} from {c:?}");
        }
    }
    let five = board(5, 5);
    let count = |start| Sweep::<u64>::open_tours(five, start, 2, u64::MAX, &dir).unwrap();
    assert_eq!(count(None).run(&mut |_| {}), Ok(1728));
    assert_eq!(count(Some(Coord::new(0, 0))).run(&mut |_| {}), Ok(304));
    let _ = fs::remove_dir_all(&dir);
}

/// Proves the two symmetries are used, on 6 x 6 and 8 x 4 swept across 8, closed and open, and
/// 6 x 5 open swept across 6: after the end of every row but the last (6 x 5 open: of its last
/// two rows, whose squares all take the same rules under the half turn), every key of the layer
/// is the least of itself and its image turned over left to right (and some are turned over:
/// the layer holds no image of another of its keys, and images exist); and from the middle of
/// the board on, every open state has the first end of its tour placed (the half turn counts
/// the tours whose first end comes later as the images of those whose second end comes before
/// it). The counts are checked against the 128-bit programme, which uses neither, elsewhere.
#[test]
fn row_ends_keep_one_key_of_each_image_pair_and_open_states_an_end() {
    use super::key::{DONE, oldest, slots_of};
    use super::path::{decode, unmark};
    let dir = scratch("turn");
    let mut cases = Vec::new();
    for (w, h, across) in [(6, 6, 6), (8, 4, 8), (6, 5, 6)] {
        let b = board(w, h);
        if h != 5 {
            cases.push((Sweep::<u64>::new(b, 2, u64::MAX, &dir).unwrap(), across));
        }
        cases.push((
            Sweep::<u64>::open_tours(b, None, 2, u64::MAX, &dir).unwrap(),
            across,
        ));
    }
    for (count, across) in cases {
        let count = count.across(across).unwrap();
        let open = count.frontier.kind() == Kind::Open;
        let (n, w) = (count.rounds(), across);
        let (mut layer, mut sizes, mut turned, mut checked) = (count.first(), Vec::new(), 0, 0);
        // 6 x 5 open: the middle (square 15) is inside row 2, so rows 0 to 2 are not turned.
        let from = if open && n == 30 { 17 } else { 0 };
        let want: Vec<u32> = (from..n - 1).filter(|&r| (r + 1) % w == 0).collect();
        assert_eq!(
            (0..n)
                .filter(|&r| count.places.turns(r))
                .collect::<Vec<_>>(),
            want
        );
        while layer.round < n {
            let round = layer.round;
            let (next, _) = count.step(layer, &sizes).unwrap();
            layer = next;
            sizes.push(layer.states);
            let Store::Memory(blocks) = &layer.store else {
                panic!("in memory")
            };
            let keys: std::collections::HashSet<u64> =
                blocks.iter().flat_map(|b| b.get()).map(|r| r[0]).collect();
            let top = 2 * w - 1;
            for &key in &keys {
                if count.places.turns(round) {
                    assert_eq!(count.places.kept(round, key), key, "{w} {round} {key:x}");
                    let plain = unmark(key).unwrap_or(key);
                    if oldest(plain) == DONE {
                        let image = super::key::normalise(super::key::turn_over(plain, w));
                        let image = if unmark(key).is_some() {
                            super::path::mark(image)
                        } else {
                            image
                        };
                        assert!(image == key || !keys.contains(&image), "{round} {key:x}");
                        turned += usize::from(image != key);
                    }
                }
                if open && round >= n / 2 && unmark(key).is_none() {
                    let (x, o) = decode(key, top);
                    let ends = slots_of(x, super::key::LOOSE).count_ones()
                        + u32::from(o == super::key::LOOSE);
                    assert_eq!(ends, 1, "{round} {key:x}");
                    checked += 1;
                }
            }
        }
        assert!(turned > 100, "{w} across: {turned} keys turned over");
        assert!(
            !open || checked > 100,
            "{w} across: {checked} open states checked"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// 5 x 6 to 5 x 8 open match OEIS A083386 (twice its undirected Hamiltonian paths: 37,568,
/// 1,245,736 and 36,122,108, as docs/tour-counts.md has them), 6 x 5 swept across 6 as 5 x 6,
/// and 5 x 8 out of core under a budget about half its largest tables.
#[test]
fn open_five_by_n_match_oeis() {
    let dir = scratch("open-oeis");
    for (h, want) in [
        (6, 37_568),
        (7, 1_245_736),
        (8, 36_122_108),
        (9, 529_791_280),
    ] {
        let c = Sweep::<u64>::open_tours(board(5, h), None, 2, u64::MAX, &dir).unwrap();
        assert_eq!(c.run(&mut |_| {}), Ok(want), "5x{h}");
    }
    let across = Sweep::<u64>::open_tours(board(6, 5), None, 2, u64::MAX, &dir).unwrap();
    assert_eq!(across.across(6).unwrap().run(&mut |_| {}), Ok(37_568));
    let mut passes = 0;
    let low = Sweep::<u64>::open_tours(board(5, 8), None, 2, 2 << 20, &dir).unwrap();
    assert_eq!(
        low.run(&mut |r| passes = passes.max(r.passes)),
        Ok(36_122_108)
    );
    assert!(passes > 1, "out of core in {passes} passes");
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing left behind"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// 5 x 9 open matches OEIS A083386 (529,791,280, as docs/tour-counts.md has it) and 6 x 6
/// A165134 (6,637,920): seconds each in release, `--ignored`.
#[test]
#[ignore]
fn open_five_by_nine_and_six_by_six_match_oeis() {
    let dir = scratch("open-oeis-long");
    let count = |w, h| {
        Sweep::<u64>::open_tours(board(w, h), None, 2, u64::MAX, &dir)
            .unwrap()
            .run(&mut |_| {})
    };
    assert_eq!(count(5, 9), Ok(529_791_280));
    assert_eq!(count(6, 6), Ok(6_637_920));
    let _ = fs::remove_dir_all(&dir);
}

/// Boards 9 and 10 across in 128-bit keys equal their transposes counted 6 or fewer across in
/// 64-bit keys (other keys, other widths, other tables), and OEIS where it has the term: open
/// tours of 10 x 4 (as the 128-bit programme counts 4 x 10; 10 min 35 s and 4.3 GiB in release
/// at load 8 to 15, docs/tour-counts.md), 9 x 4 (A079137's 379,376), 9 x 5 (A083386's
/// 529,791,280), 10 x 5 and 9 x 6, and closed tours of
/// 9 x 6 (A175881's 3,374,967,940). Hours on 2 cores, out of core past 16 GiB: `--ignored`.
#[test]
#[ignore]
fn nine_and_ten_across_equal_their_transposes() {
    let dir = scratch("wide-transposes");
    let budget = 16 << 30;
    let open_wide = |w, h| {
        let c = Sweep::<u128>::open_tours(board(w, h), None, 2, budget, &dir).unwrap();
        c.across(w).unwrap().run(&mut |_| {})
    };
    let open_narrow = |w, h| {
        Sweep::<u64>::open_tours(board(w, h), None, 2, budget, &dir)
            .unwrap()
            .run(&mut |_| {})
    };
    let four_by_ten = open_by_frontier(board(4, 10), None);
    assert_eq!(open_narrow(4, 10), Ok(four_by_ten));
    assert_eq!(open_wide(10, 4), Ok(four_by_ten));
    assert_eq!(open_wide(9, 4), Ok(379_376));
    assert_eq!(open_narrow(4, 9), Ok(379_376));
    assert_eq!(open_wide(9, 5), Ok(529_791_280));
    assert_eq!(open_wide(10, 5), open_narrow(5, 10));
    assert_eq!(open_wide(9, 6), open_narrow(6, 9));
    let closed = Sweep::<u128>::new(board(9, 6), 2, budget, &dir).unwrap();
    assert_eq!(
        closed.across(9).unwrap().run(&mut |_| {}),
        Ok(3_374_967_940)
    );
    let _ = fs::remove_dir_all(&dir);
}

/// An open count stopped after round 25 (its progress callback panics) resumes from its
/// checkpoint at round 26 and gives the whole count (5 x 8: OEIS A083386's 36,122,108), in
/// memory and out of core, from every start and from one; a closed count's checkpoint of the
/// same board is refused.
#[test]
fn a_stopped_open_count_resumes_from_its_checkpoint() {
    let dir = scratch("open-resume");
    let b = board(5, 8);
    let a1 = Some(Coord::new(0, 0));
    // From a1: as the same count uninterrupted (starts are checked against the 128-bit
    // programme above).
    let from_a1 = Sweep::<u64>::open_tours(b, a1, 2, u64::MAX, &dir).unwrap();
    let from_a1 = from_a1.run(&mut |_| {}).unwrap();
    assert!(from_a1 > 0);
    for (start, want) in [(None, 36_122_108), (a1, from_a1)] {
        for budget in [u64::MAX, 8 << 20] {
            let path = dir.join("5x8.layer");
            let count = || {
                Sweep::<u64>::open_tours(b, start, 2, budget, &dir)
                    .unwrap()
                    .with_checkpoint(&path, 0.0)
            };
            let stopped = catch_unwind(AssertUnwindSafe(|| {
                count().run(&mut |r| assert!(r.round < 25, "stop"))
            }));
            assert!(stopped.is_err());
            assert!(path.exists(), "a checkpoint is left");
            let mut first = None;
            let total = count().run(&mut |r| {
                first.get_or_insert(r.round);
            });
            assert_eq!(total, Ok(want), "{start:?} budget {budget}");
            assert_eq!(
                first,
                Some(26),
                "{start:?} budget {budget}: resumed after round 25"
            );
            assert!(!path.exists(), "the checkpoint is removed at the end");
        }
    }
    let path = dir.join("closed.layer");
    let _ = catch_unwind(AssertUnwindSafe(|| {
        Sweep::<u64>::new(b, 1, u64::MAX, &dir)
            .unwrap()
            .with_checkpoint(&path, 0.0)
            .run(&mut |r| assert!(r.round < 20, "stop"))
    }));
    let open = Sweep::<u64>::open_tours(b, None, 1, u64::MAX, &dir)
        .unwrap()
        .with_checkpoint(&path, 0.0);
    assert_eq!(open.run(&mut |_| {}), Err(CountError::Checkpoint));
    let from_a1 = Sweep::<u64>::open_tours(b, a1, 1, u64::MAX, &dir)
        .unwrap()
        .with_checkpoint(&path, 0.0);
    assert_eq!(from_a1.run(&mut |_| {}), Err(CountError::Checkpoint));
    let _ = fs::remove_dir_all(&dir);
}

/// Open tours in 64-bit keys equal meet in the middle's (other method, other code) on 3 x 8,
/// 4 x 7, 4 x 8 and 5 x 6, and from every start of 4 x 6 and of 5 x 6.
#[test]
fn open_counts_match_meet_in_the_middle() {
    let dir = scratch("open-meet");
    let by_keys = |b: Board, start: Option<Coord>| {
        Sweep::<u64>::open_tours(b, start, 2, u64::MAX, &dir)
            .unwrap()
            .run(&mut |_| {})
    };
    let meet = |b: Board, start| crate::count_open_tours(b, start, 2).map(u128::from);
    for (w, h) in [(3, 8), (4, 7), (4, 8), (5, 6)] {
        let b = board(w, h);
        assert_eq!(by_keys(b, None), meet(b, None), "{b}");
    }
    for (w, h) in [(4, 6), (5, 6)] {
        let b = board(w, h);
        for i in 0..b.len() {
            let c = b.coord(i);
            assert_eq!(by_keys(b, Some(c)), meet(b, Some(c)), "{b} from {c:?}");
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

/// 7 x 7 open by the 64-bit programme matches OEIS A165134 (165,575,218,320 directed open
/// tours): minutes on 2 cores, `--ignored`.
#[test]
#[ignore]
fn seven_by_seven_open_matches_oeis() {
    let dir = scratch("open-7x7");
    let started = std::time::Instant::now();
    let mut peak = 0u64;
    let count = Sweep::<u64>::open_tours(board(7, 7), None, 2, u64::MAX, &dir).unwrap();
    let total = count.run(&mut |r| peak = peak.max(r.states)).unwrap();
    println!(
        "7x7 open: {total} in {:.1} s, largest layer {peak} states",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(total, 165_575_218_320);
    let _ = fs::remove_dir_all(&dir);
}

/// Counts in 128-bit keys, across 9 to 12, equal the 128-bit programme's across the other
/// side (3 or 4: other keys, other tables, other placing code): closed tours of 9 x 3 to 12 x 3
/// (OEIS A070030: 16 on 3 x 10, 176 on 3 x 12, none on an odd number of squares) and 9 x 4
/// (none on 4 x n), open tours of 9 x 3 to 11 x 3 (1,120, 6,096 and 21,344), from every start
/// and from a corner and a middle square of 9 x 3, on one thread and on two. Keys past 64 bits
/// are needed for those widths: the 64-bit sweep refuses them.
#[test]
fn wide_keys_count_as_the_128_bit_programme() {
    let dir = scratch("wide");
    for (w, h) in [(9, 3), (10, 3), (11, 3), (12, 3), (9, 4)] {
        let b = board(w, h);
        let want = by_frontier(b);
        for threads in [1, 2] {
            let c = Sweep::<u128>::new(b, threads, u64::MAX, &dir).unwrap();
            let c = c.across(w).unwrap();
            assert_eq!(
                c.run(&mut |_| {}),
                Ok(want),
                "{b} closed on {threads} threads"
            );
        }
        let oeis = match (w, h) {
            (10, 3) => 16,
            (12, 3) => 176,
            _ => 0,
        };
        assert_eq!(want, oeis, "{b}");
    }
    for (w, h, oeis) in [(9, 3, 1120), (10, 3, 6096), (11, 3, 21_344)] {
        let b = board(w, h);
        let want = open_by_frontier(b, None);
        assert_eq!(want, oeis, "{b}");
        for threads in [1, 2] {
            let c = Sweep::<u128>::open_tours(b, None, threads, u64::MAX, &dir).unwrap();
            let c = c.across(w).unwrap();
            assert_eq!(
                c.run(&mut |_| {}),
                Ok(want),
                "{b} open on {threads} threads"
            );
        }
    }
    let b = board(9, 3);
    for c in [Coord::new(0, 0), Coord::new(4, 1), Coord::new(8, 2)] {
        let want = open_by_frontier(b, Some(c));
        let count = Sweep::<u128>::open_tours(b, Some(c), 2, u64::MAX, &dir).unwrap();
        assert_eq!(
            count.across(9).unwrap().run(&mut |_| {}),
            Ok(want),
            "{b} from {c:?}"
        );
    }
    let c = Sweep::<u64>::new(board(10, 3), 1, u64::MAX, &dir).unwrap();
    assert_eq!(c.across(10).unwrap_err(), CountError::TooWide { limit: 8 });
    let c = Sweep::<u128>::new(board(13, 13), 1, u64::MAX, &dir);
    assert_eq!(c.unwrap_err(), CountError::TooWide { limit: 12 });
    let _ = fs::remove_dir_all(&dir);
}

/// 11 x 3's open tours swept across 11 in 128-bit keys are the same in memory, out of core
/// under a budget far below its in-memory tables (layer files of 128-bit keys, read back in
/// several passes), and stopped after round 20 then resumed from the checkpoint (a layer file
/// of 128-bit keys, as its header says); the 64-bit sweep of the same board across 3 refuses
/// that checkpoint.
#[test]
fn wide_keys_go_out_of_core_and_resume() {
    let dir = scratch("wide-ooc");
    let b = board(11, 3);
    let count = |budget| {
        Sweep::<u128>::open_tours(b, None, 2, budget, &dir)
            .unwrap()
            .across(11)
            .unwrap()
    };
    let mut peak = 0.0f64;
    let in_memory = count(u64::MAX)
        .run(&mut |r| peak = peak.max(r.bytes_per_state * r.states as f64))
        .unwrap();
    assert_eq!(in_memory, open_by_frontier(b, None));
    let budget = (peak / 4.0) as u64 + BUFFERS;
    let (mut disk, mut passes) = (0, 0);
    let out_of_core = count(budget)
        .run(&mut |r| {
            disk += u32::from(r.from_disk);
            passes = passes.max(r.passes);
        })
        .unwrap();
    assert_eq!(out_of_core, in_memory);
    assert!(
        disk >= 2 && passes >= 2,
        "{disk} rounds from disk, {passes} passes"
    );
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "scratch files left");
    let path = dir.join("11x3.layer");
    for budget in [u64::MAX, budget] {
        let stopped = catch_unwind(AssertUnwindSafe(|| {
            count(budget)
                .with_checkpoint(&path, 0.0)
                .run(&mut |r| assert!(r.round < 20, "stop"))
        }));
        assert!(stopped.is_err());
        let (header, _) = Header::open(&path).unwrap().unwrap();
        assert_eq!(header.key_bits, 128);
        let mut first = None;
        let total = count(budget).with_checkpoint(&path, 0.0).run(&mut |r| {
            first.get_or_insert(r.round);
        });
        assert_eq!(total, Ok(in_memory), "budget {budget}");
        assert_eq!(first, Some(21), "budget {budget}");
    }
    let _ = catch_unwind(AssertUnwindSafe(|| {
        count(u64::MAX)
            .with_checkpoint(&path, 0.0)
            .run(&mut |r| assert!(r.round < 20, "stop"))
    }));
    let narrow = Sweep::<u64>::open_tours(b, None, 1, u64::MAX, &dir).unwrap();
    let narrow = narrow.with_checkpoint(&path, 0.0);
    assert_eq!(narrow.run(&mut |_| {}), Err(CountError::Checkpoint));
    let _ = fs::remove_dir_all(&dir);
}

/// Proves a round's `keys` are the keys its square makes before equal keys merge: on 6 x 6
/// closed and 5 x 6 open, on 2 threads, each round's figure equals the keys counted one by one
/// by placing the square on every key of the layer before it (the driver a count across
/// workers uses, not the shards that count them in a round), and is at least the states after
/// it (each state is made at least once).
#[test]
fn a_round_counts_the_keys_it_makes() {
    let dir = scratch("keys-made");
    for open in [false, true] {
        let b = if open { board(5, 6) } else { board(6, 6) };
        let count = match open {
            false => Sweep::<u64>::new(b, 2, u64::MAX, &dir).unwrap(),
            true => Sweep::<u64>::open_tours(b, None, 2, u64::MAX, &dir).unwrap(),
        };
        let (mut layer, mut sizes) = (count.first(), Vec::new());
        while layer.round < count.frontier.rounds() {
            let round = layer.round;
            let Store::Memory(blocks) = &layer.store else {
                panic!("in memory")
            };
            let mut made = 0u64;
            for r in blocks.iter().flat_map(|b| b.get()) {
                count
                    .places
                    .expand(round, r[0], &mut |_| made += 1)
                    .unwrap();
            }
            let (next, figures) = count.step(layer, &sizes).unwrap();
            assert_eq!(figures.keys, made, "{b} round {round}");
            assert!(figures.keys >= figures.states, "{b} round {round}");
            layer = next;
            sizes.push(layer.states);
        }
    }
    let _ = fs::remove_dir_all(&dir);
}
