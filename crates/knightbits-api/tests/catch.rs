//! `catch` against a brute-force race: one knight, one pawn, the two kings out of play (each
//! side may spend a move with its king, which here is the knight "passing"). The race is
//! played move by move from every placement, over every choice of the knight, with the
//! pawn's moves forced (forward, two from its start rank, capturing the knight when it can),
//! without `knight::catch_square`, knight fills or distances: knight jumps come from the
//! testkit's deltas.

use knightbits::{Color, Square};
use knightbits_api::sources::{CatchRequest, ToMove, catch};

/// Squares as (file, rank) from 0.
type Fr = (i8, i8);

fn fr(sq: Square) -> Fr {
    (sq.file() as i8, sq.rank() as i8)
}

fn knight_jumps((f, r): Fr) -> Vec<Fr> {
    knightbits_testkit::KNIGHT_DELTAS
        .iter()
        .map(|&(df, dr)| (f + df, r + dr))
        .filter(|&(f, r)| (0..8).contains(&f) && (0..8).contains(&r))
        .collect()
}

/// The race from one placement: the lowest index of the pawn's path (its square = 0, … the
/// promotion square) on which some play of the knight stands while the pawn is at or behind
/// it, or `None`.
fn race(knight: Fr, pawn: Fr, white: bool, knight_first: bool) -> Option<usize> {
    let dr = if white { 1 } else { -1 };
    let start_rank = if white { 1 } else { 6 };
    let mut path = vec![pawn];
    while (0..8).contains(&(path.last().unwrap().1 + dr)) {
        let (f, r) = *path.last().unwrap();
        path.push((f, r + dr));
    }
    let attacked = |at: usize| {
        let (f, r) = path[at];
        [(f - 1, r + dr), (f + 1, r + dr)]
    };
    let mut best: Option<usize> = None;
    // Depth first over (knight square, pawn index, pawn moves made, whose turn).
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![(knight, 0usize, 0u32, knight_first)];
    let on_path = |k: Fr, at: usize| (at..path.len()).find(|&i| path[i] == k);
    if let Some(i) = on_path(knight, 0) {
        best = Some(i);
    }
    while let Some((k, at, moves, knight_turn)) = stack.pop() {
        if !seen.insert((k, at, moves.min(1), knight_turn)) {
            continue;
        }
        if knight_turn {
            let mut options = knight_jumps(k);
            options.push(k); // the king moves instead
            for next in options {
                if attacked(at).contains(&next) {
                    continue; // the pawn would take it
                }
                if let Some(i) = on_path(next, at) {
                    best = Some(best.map_or(i, |b| b.min(i)));
                    continue; // blockade or capture: the race is over
                }
                stack.push((next, at, moves, false));
            }
        } else {
            if at + 1 == path.len() {
                continue; // promoted, and the knight's reply did not take the new piece
            }
            if attacked(at).contains(&k) {
                continue; // the pawn takes the knight
            }
            let double = moves == 0 && path[0].1 == start_rank;
            let to = at + if double { 2 } else { 1 };
            stack.push((k, to, moves + 1, true));
        }
    }
    best.map(|i| path[i]).map(|(f, r)| (r * 8 + f) as usize)
}

#[test]
fn catch_agrees_with_the_race_played_out_on_every_placement() {
    let mut caught = 0;
    let mut races = 0;
    for knight in Square::ALL {
        for pawn in Square::ALL {
            let r = pawn.rank() as u8;
            if knight == pawn || r == 0 || r == 7 {
                continue;
            }
            for color in [Color::White, Color::Black] {
                for to_move in [ToMove::Knight, ToMove::Pawn] {
                    races += 1;
                    let req = CatchRequest {
                        knight,
                        pawn,
                        side: color,
                        to_move,
                    };
                    let answer = catch(&req).unwrap();
                    let expected = race(
                        fr(knight),
                        fr(pawn),
                        color == Color::White,
                        to_move == ToMove::Knight,
                    );
                    assert_eq!(
                        answer.square.map(|s| s as usize),
                        expected,
                        "knight {knight}, {color} pawn {pawn}, {to_move:?} first"
                    );
                    assert_eq!(answer.caught, expected.is_some());
                    if let Some(sq) = answer.square {
                        caught += 1;
                        let path = answer.path.as_ref().expect("a route");
                        assert_eq!(path.first(), Some(&knight));
                        assert_eq!(path.last(), Some(&sq));
                        assert_eq!(path.len() as u32, answer.knight_moves.unwrap() + 1);
                        for pair in path.windows(2) {
                            let (a, b) = (fr(pair[0]), fr(pair[1]));
                            assert!(knightbits_testkit::is_knight_step(
                                (b.0 - a.0).into(),
                                (b.1 - a.1).into()
                            ));
                        }
                    }
                }
            }
        }
    }
    assert_eq!(races, 64 * 48 * 4 - 48 * 4);
    assert!(caught > 0 && caught < races, "{caught} of {races}");
}

/// The wiki's and the core's examples: knight d8 against a white pawn on a5, black to move,
/// blockades on a7 in two moves; from h1 against a6 it is far too slow.
#[test]
fn the_documented_races() {
    let d8 = catch(&CatchRequest {
        knight: Square::D8,
        pawn: Square::A5,
        side: Color::White,
        to_move: ToMove::Knight,
    })
    .unwrap();
    assert_eq!(d8.square, Some(Square::A7));
    assert_eq!(d8.knight_moves, Some(2));
    assert_eq!(d8.pawn_moves, Some(1));
    assert_eq!(d8.path, Some(vec![Square::D8, Square::C6, Square::A7]));
    let h1 = catch(&CatchRequest {
        knight: Square::H1,
        pawn: Square::A6,
        side: Color::White,
        to_move: ToMove::Knight,
    })
    .unwrap();
    assert!(!h1.caught);
    assert_eq!(
        serde_json::to_string(&h1).unwrap(),
        r#"{"caught":false,"square":null,"knight_moves":null,"pawn_moves":null,"path":null}"#
    );
}
