//! Step traces: what each technique shows, step by step, is the technique itself.
//!
//! The union of a trace's steps that are part of the result is the method's attack set (and
//! the testkit's reference) on every single square and on thousands of random sets; each step
//! says truly what it did (the shift, the mask, what the mask removed); formulas are written
//! as the sources write them.

use knightbits::king::technique::Method as KingMethod;
use knightbits::knight::Direction;
use knightbits::knight::technique::{Method, post_mask, pre_mask};
use knightbits::trace::{Step, Trace};
use knightbits::{Bitboard, Square, king};
use knightbits_testkit as testkit;

/// All 64 single squares, the two extremes, some edge sets and 3,000 random sets (dense,
/// sparse, very sparse).
fn sets() -> Vec<Bitboard> {
    let mut rng = testkit::Rng::new(0x7ace);
    let mut v: Vec<Bitboard> = Square::ALL.into_iter().map(Bitboard::from_square).collect();
    v.extend([
        Bitboard::EMPTY,
        Bitboard::FULL,
        Bitboard::FILE_A | Bitboard::FILE_H,
        Bitboard(0x8100_0000_0000_0081),
        Bitboard(0x0123_4567_89ab_cdef),
    ]);
    v.extend((0..3_000).map(|i| Bitboard(rng.set(i))));
    v
}

/// The union of the steps that are part of the result; checks the exact size on the way.
fn union(trace: Trace) -> Bitboard {
    let mut len = trace.len();
    let mut union = Bitboard::EMPTY;
    for step in trace {
        union |= if step.is_part() {
            step.set()
        } else {
            Bitboard::EMPTY
        };
        len -= 1;
    }
    assert_eq!(len, 0, "the trace yields exactly len() steps");
    union
}

/// Proves the steps shown are the technique, not an approximation of it: every trace adds up
/// to its method and to the reference, for every method of every leaper (the library's one
/// list, so a new method or leaper is covered without being named: the reference walks the
/// testkit's deltas for the knight and the king, the definition's for any other), on every
/// single square and on 3,005 sets.
#[test]
fn every_trace_adds_up_to_its_method() {
    use knightbits::technique::Leaper;
    for set in sets() {
        for m in knightbits::technique::Method::ALL {
            let reference = match m.leaper() {
                Leaper::Knight => Bitboard(testkit::knights(set.0)),
                Leaper::King => Bitboard(testkit::kings(set.0)),
                #[allow(unreachable_patterns)]
                other => {
                    let deltas: Vec<(i8, i8)> = other
                        .directions()
                        .iter()
                        .map(|d| (d.file_delta(), d.rank_delta()))
                        .collect();
                    Bitboard(testkit::union_of(set.0, |sq| testkit::steps(sq, &deltas)))
                }
            };
            assert_eq!(m.attacks(set), reference, "{m} {set:?}");
            assert_eq!(union(m.trace(set)), reference, "{m} trace {set:?}");
        }
    }
}

/// The shape of each trace: how many steps, which are part of the result, which piece each
/// step is about.
#[test]
fn traces_have_the_sources_steps() {
    let set = Bitboard::from_square(Square::B1) | Square::G1 | Square::D4;
    let names = |t: Trace| t.map(|s| s.name()).collect::<Vec<_>>();
    let parts = |t: Trace| t.map(|s| s.is_part()).collect::<Vec<_>>();
    assert_eq!(names(Method::Lookup.trace(set)), ["b1", "g1", "d4"]);
    let directions: Vec<&str> = Direction::ALL.iter().map(|d| d.name()).collect();
    assert_eq!(names(Method::PostMask.trace(set)), directions);
    assert_eq!(names(Method::PreMask.trace(set)), directions);
    assert_eq!(
        names(Method::Prefix.trace(set)),
        [
            "east", "west", "up 2", "down 2", "east 2", "west 2", "up 1", "down 1"
        ]
    );
    assert_eq!(
        parts(Method::Prefix.trace(set)),
        [false, false, true, true, false, false, true, true]
    );
    assert_eq!(
        names(Method::Halves.trace(set)),
        [
            "l1", "l2", "r1", "r2", "h1", "h2", "h1 << 16", "h1 >> 16", "h2 << 8", "h2 >> 8"
        ]
    );
    assert_eq!(
        parts(Method::Halves.trace(set)),
        [
            false, false, false, false, false, false, true, true, true, true
        ]
    );
    assert_eq!(
        names(Method::Translate.trace(set)),
        ["default mask", "b1", "g1", "d4"]
    );
    let at: Vec<Option<Square>> = Method::Translate.trace(set).map(|s| s.at()).collect();
    assert_eq!(
        at,
        [
            Some(Square::F3),
            Some(Square::B1),
            Some(Square::G1),
            Some(Square::D4)
        ]
    );
    assert_eq!(
        names(KingMethod::Shifts.trace(set)),
        [
            "north",
            "northEast",
            "east",
            "southEast",
            "south",
            "southWest",
            "west",
            "northWest"
        ]
    );
    assert_eq!(
        names(KingMethod::Translate.trace(set)),
        ["default mask", "b1", "g1", "d4"]
    );
    assert_eq!(Method::Lookup.trace(Bitboard::EMPTY).len(), 0);
    assert_eq!(Method::Translate.trace(Bitboard::EMPTY).len(), 1);
}

/// The wiki's file masks, written out as its parallel-prefix routine and the article's `nA`
/// give them (not taken from the crate).
const NOT_A_FILE: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_AB_FILE: u64 = 0xfcfc_fcfc_fcfc_fcfc;
const NOT_H_FILE: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const NOT_GH_FILE: u64 = 0x3f3f_3f3f_3f3f_3f3f;

/// The wiki's eight knight directions ("Knight Pattern", by Calculation), literally: the name,
/// the shift (left if positive, right if negative), the mask after the shift (`(b << 17) &
/// notAFile`) and the mask before it (`(b & notHFile) << 17`). In `Direction::ALL`'s order,
/// which the test checks by name.
const WIKI: [(&str, i32, u64, u64); 8] = [
    ("noNoEa", 17, NOT_A_FILE, NOT_H_FILE),
    ("noEaEa", 10, NOT_AB_FILE, NOT_GH_FILE),
    ("soEaEa", -6, NOT_AB_FILE, NOT_GH_FILE),
    ("soSoEa", -15, NOT_A_FILE, NOT_H_FILE),
    ("soSoWe", -17, NOT_H_FILE, NOT_A_FILE),
    ("soWeWe", -10, NOT_GH_FILE, NOT_AB_FILE),
    ("noWeWe", 6, NOT_GH_FILE, NOT_AB_FILE),
    ("noNoWe", 15, NOT_H_FILE, NOT_A_FILE),
];

/// `b << shift` for a positive shift, `b >> -shift` for a negative one, as the wiki writes them.
fn wiki_shift(b: u64, shift: i32) -> u64 {
    if shift >= 0 { b << shift } else { b >> -shift }
}

/// Proves, on every single square and 3,005 sets, that each post-mask and pre-mask step is the
/// wiki's formula for its direction, computed here from the wiki's literal shifts and masks
/// (`noNoEa = (b << 17) & notAFile`, pre-mask `(b & notHFile) << 17`): its shift, mask, shifted
/// value, set and removed bits; and that the library's direction functions give the same sets.
#[test]
fn described_masks_reproduce_each_direction() {
    const POST: [fn(Bitboard) -> Bitboard; 8] = [
        post_mask::no_no_ea,
        post_mask::no_ea_ea,
        post_mask::so_ea_ea,
        post_mask::so_so_ea,
        post_mask::so_so_we,
        post_mask::so_we_we,
        post_mask::no_we_we,
        post_mask::no_no_we,
    ];
    const PRE: [fn(Bitboard) -> Bitboard; 8] = [
        pre_mask::no_no_ea,
        pre_mask::no_ea_ea,
        pre_mask::so_ea_ea,
        pre_mask::so_so_ea,
        pre_mask::so_so_we,
        pre_mask::so_we_we,
        pre_mask::no_we_we,
        pre_mask::no_no_we,
    ];
    for b in sets() {
        let post_steps: Vec<Step> = Method::PostMask.trace(b).collect();
        assert_eq!(post_steps.len(), 8);
        for (i, step) in post_steps.iter().enumerate() {
            let (name, shift, after, _) = WIKI[i];
            assert_eq!(Direction::ALL[i].name(), name);
            let shifted = wiki_shift(b.0, shift);
            let set = shifted & after;
            assert_eq!(step.shift(), Some(shift as i8), "{name}");
            assert_eq!(step.mask(), Some(Bitboard(after)), "{name}");
            assert_eq!(step.shifted(), Some(Bitboard(shifted)), "{name} {b:?}");
            assert_eq!(step.set(), Bitboard(set), "{name} {b:?}");
            assert_eq!(
                step.removed(),
                Some(Bitboard(shifted & !after)),
                "{name} {b:?}"
            );
            assert_eq!(POST[i](b), Bitboard(set), "{name} {b:?}");
            assert!(step.mask_name().is_some());
            assert!(step.is_part());
        }
        let pre_steps: Vec<Step> = Method::PreMask.trace(b).collect();
        assert_eq!(pre_steps.len(), 8);
        for (i, step) in pre_steps.iter().enumerate() {
            let (name, shift, _, before) = WIKI[i];
            let set = wiki_shift(b.0 & before, shift);
            assert_eq!(step.shift(), Some(shift as i8), "{name}");
            assert_eq!(step.mask(), Some(Bitboard(before)), "{name}");
            assert_eq!(step.set(), Bitboard(set), "{name} {b:?}");
            assert_eq!(step.shifted(), Some(Bitboard(set)), "{name} {b:?}");
            assert_eq!(
                step.removed(),
                Some(Bitboard(b.0 & !before)),
                "{name} {b:?}"
            );
            assert_eq!(PRE[i](b), Bitboard(set), "{name} {b:?}");
            assert_eq!(Direction::ALL[i].shift(b), Bitboard(set), "{name} {b:?}");
        }
        for step in Method::Halves
            .trace(b)
            .chain(Method::Prefix.trace(b))
            .chain(Method::Translate.trace(b))
            .chain(KingMethod::Shifts.trace(b))
            .chain(KingMethod::Translate.trace(b))
        {
            check_shift_and_mask(&step);
        }
    }
}

/// Whatever a step says it shifted and masked gives its set.
fn check_shift_and_mask(step: &Step) {
    if let Some(shifted) = step.shifted() {
        let mask = step.mask().unwrap_or(Bitboard::FULL);
        assert_eq!(shifted & mask, step.set(), "{}", step.name());
        assert_eq!(
            step.removed().unwrap_or(Bitboard::EMPTY),
            shifted - step.set(),
            "{}",
            step.name()
        );
    }
    assert_eq!(
        step.mask().is_some(),
        step.mask_name().is_some(),
        "{}",
        step.name()
    );
}

/// The devlog's worked case: a knight moved from f3 to a1 loses the wrapped bits on the g and
/// h files, which the trace reports as removed; and for every square, knight and king, the
/// removed bits lie only on the files the devlog clears (g and h on files a and b, a and b on
/// files g and h, none elsewhere).
#[test]
fn translation_removes_only_the_wrapped_files() {
    let steps: Vec<Step> = Method::Translate
        .trace(Bitboard::from_square(Square::A1))
        .collect();
    let a1 = steps[1];
    assert_eq!(a1.set(), Bitboard::from_iter([Square::B3, Square::C2]));
    let removed = a1.removed().unwrap();
    assert!(removed.any());
    assert!(removed.is_subset(Bitboard::FILE_G | Bitboard::FILE_H));
    assert_eq!(a1.mask_name(), Some("notGHFile"));
    assert_eq!(a1.shift(), Some(-21));
    for sq in Square::ALL {
        let knight = Method::Translate.trace(sq.into()).nth(1).unwrap();
        let king = KingMethod::Translate.trace(sq.into()).nth(1).unwrap();
        for step in [knight, king] {
            let removed = step.removed().unwrap_or(Bitboard::EMPTY);
            let allowed = match sq.file() as u8 {
                0 | 1 => Bitboard::FILE_G | Bitboard::FILE_H,
                6 | 7 => Bitboard::FILE_A | Bitboard::FILE_B,
                _ => Bitboard::EMPTY,
            };
            assert!(removed.is_subset(allowed), "{} {sq}", step.name());
            assert_eq!(step.at(), Some(sq));
        }
        assert_eq!(knight.set(), Bitboard(testkit::knight(sq as u8)));
        assert_eq!(king.set(), Bitboard(testkit::king(sq as u8)));
    }
}

/// Formulas are written as the sources write them.
#[test]
fn formulas_are_the_sources() {
    let formulas = |t: Trace| t.map(|s| s.formula().to_string()).collect::<Vec<_>>();
    let d4 = Bitboard::from_square(Square::D4);
    // The wiki's first and second listings, in the compass order.
    assert_eq!(
        formulas(Method::PostMask.trace(d4)),
        [
            "(b << 17) & notAFile",
            "(b << 10) & notABFile",
            "(b >> 6) & notABFile",
            "(b >> 15) & notAFile",
            "(b >> 17) & notHFile",
            "(b >> 10) & notGHFile",
            "(b << 6) & notGHFile",
            "(b << 15) & notHFile",
        ]
    );
    assert_eq!(
        formulas(Method::PreMask.trace(d4)),
        [
            "(b & notHFile) << 17",
            "(b & notGHFile) << 10",
            "(b & notGHFile) >> 6",
            "(b & notHFile) >> 15",
            "(b & notAFile) >> 17",
            "(b & notABFile) >> 10",
            "(b & notABFile) << 6",
            "(b & notAFile) << 15",
        ]
    );
    assert_eq!(formulas(Method::Lookup.trace(d4)), ["ATTACKS[d4]"]);
    assert_eq!(
        formulas(Method::Prefix.trace(d4)),
        [
            "east = eastOne(knights)",
            "west = westOne(knights)",
            "(east | west) << 16",
            "(east | west) >> 16",
            "east = eastOne(east)",
            "west = westOne(west)",
            "(east | west) << 8",
            "(east | west) >> 8",
        ]
    );
    assert_eq!(
        formulas(Method::Halves.trace(d4)),
        [
            "(knights >> 1) & 0x7f7f7f7f7f7f7f7f",
            "(knights >> 2) & 0x3f3f3f3f3f3f3f3f",
            "(knights << 1) & 0xfefefefefefefefe",
            "(knights << 2) & 0xfcfcfcfcfcfcfcfc",
            "l1 | r1",
            "l2 | r2",
            "h1 << 16",
            "h1 >> 16",
            "h2 << 8",
            "h2 >> 8",
        ]
    );
    assert_eq!(
        formulas(Method::Translate.trace(d4 | Square::H1)),
        [
            "0x0000000a1100110a in h1-g1 (the devlog's mask) around f3",
            "(mask >> 14) & notABFile",
            "mask << 6",
        ]
    );
    assert_eq!(
        formulas(KingMethod::Shifts.trace(d4)),
        [
            "b << 8",
            "(b << 9) & notAFile",
            "(b << 1) & notAFile",
            "(b >> 7) & notAFile",
            "b >> 8",
            "(b >> 9) & notHFile",
            "(b >> 1) & notHFile",
            "(b << 7) & notHFile",
        ]
    );
    assert_eq!(
        formulas(KingMethod::Translate.trace(Square::A8.into())),
        [
            "0x0000000000070507 in h1-g1 (the devlog's mask) around g2",
            "(mask << 42) & notGHFile"
        ]
    );
    assert_eq!(formulas(KingMethod::Lookup.trace(d4)), ["ATTACKS[d4]"]);
}

/// Method names parse back, and a name of the other piece's methods does not.
#[test]
fn method_names_are_the_command_lines() {
    let knight: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
    assert_eq!(
        knight,
        [
            "lookup",
            "post-mask",
            "pre-mask",
            "prefix",
            "halves",
            "translate"
        ]
    );
    let king: Vec<&str> = KingMethod::ALL.iter().map(|m| m.name()).collect();
    assert_eq!(king, ["lookup", "shifts", "translate"]);
    for m in Method::ALL {
        assert_eq!(m.name().parse(), Ok(m));
        assert_eq!(m.to_string(), m.name());
    }
    for m in KingMethod::ALL {
        assert_eq!(m.name().parse(), Ok(m));
    }
    assert!("prefix".parse::<KingMethod>().is_err());
    assert!("shifts".parse::<Method>().is_err());
    assert_eq!(
        "fast".parse::<Method>().unwrap_err().to_string(),
        "unknown method"
    );
}

/// Methods and traces work in constant context: the whole trace is data, built without
/// allocation, and `Method::attacks` is a `const fn`.
#[test]
fn methods_are_const() {
    const D4: Bitboard = Method::Translate.attacks(Bitboard(1 << 27));
    const E1: Bitboard = KingMethod::Shifts.attacks(Bitboard(1 << 4));
    assert_eq!(D4, knightbits::knight::attacks(Square::D4));
    assert_eq!(E1, king::attacks(Square::E1));
}
