//! Knight's tours: every tour the library returns is checked by the independent validator.
#![cfg(feature = "alloc")]

use knightbits::knight::tour::{self, Tour, TourError};
use knightbits::knight::{Board, Coord};

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap()
}

/// Proves: on every board up to 8x8, every start square the rule allows yields an open tour
/// (checked by the validator), and every start it refuses is refused with the rule's error.
#[test]
fn open_tours_from_every_allowed_start_up_to_8x8() {
    for w in 1..=8 {
        for h in 1..=8 {
            let b = board(w, h);
            for i in 0..b.len() {
                let s = b.coord(i);
                match tour::check_open(b, s) {
                    Ok(()) => {
                        let t = Tour::open(b, s).unwrap_or_else(|e| panic!("{b} from {s:?}: {e}"));
                        assert_eq!(t.squares()[0], i);
                        assert!(!t.is_closed());
                        assert_eq!(tour::validate(b, t.squares(), false), Ok(()), "{b} {s:?}");
                    }
                    Err(e) => assert_eq!(Tour::open(b, s), Err(e)),
                }
            }
        }
    }
}

/// Proves: every board up to 30x30 that Schwenk's theorem allows gets a closed tour that the
/// validator accepts, and every other board gets `NoClosedTour`.
#[test]
fn closed_tours_on_every_board_up_to_30x30() {
    for w in 1..=30 {
        for h in 1..=30 {
            let b = board(w, h);
            match tour::check_closed(b) {
                Ok(()) => {
                    let t = Tour::closed(b).unwrap_or_else(|e| panic!("{b}: {e}"));
                    assert!(t.is_closed());
                    assert_eq!(tour::validate(b, t.squares(), true), Ok(()), "{b}");
                }
                Err(e) => {
                    assert_eq!(e, TourError::NoClosedTour);
                    assert_eq!(Tour::closed(b), Err(e));
                }
            }
        }
    }
}

#[test]
#[ignore]
fn scratch_thin_and_odd() {
    let mut fails = 0;
    for (w, hs) in [(3u32, 3u32..=81)] {
        for h in hs {
            for (bw, bh) in [(w, h), (h, w)] {
                let b = board(bw, bh);
                let t0 = std::time::Instant::now();
                let mut n = 0;
                for i in 0..b.len() {
                    let s = b.coord(i);
                    if tour::check_open(b, s).is_ok() {
                        n += 1;
                        match Tour::open(b, s) {
                            Ok(t) => assert_eq!(tour::validate(b, t.squares(), false), Ok(())),
                            Err(e) => {
                                fails += 1;
                                println!("{b} {s:?} {e}");
                            }
                        }
                    }
                }
                let el = t0.elapsed();
                if el.as_millis() > 50 {
                    println!("{b}: {n} starts {el:?}");
                }
            }
        }
    }
    assert_eq!(fails, 0);
    let _ = Coord::new(0, 0);
}
