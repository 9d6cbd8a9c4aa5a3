//! `catch` against a brute-force race: one knight, one pawn, the two kings out of play (each
//! side may spend a move with its king, which here is the knight "passing"). The race is
//! played move by move from every placement, over every choice of the knight, with the
//! pawn's moves forced (forward, two from its start rank, capturing the knight when it can),
//! without `knight::catch_square`, knight fills or distances: knight jumps come from the
//! testkit's deltas.

use knightbits::{Color, Square};
use knightbits_api::catch::{CatchRequest, ToMove, catch};

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

/// Replays a race line move by move on (file, rank) pairs, with its own rules: the sides
/// alternate from the first mover; the pawn makes its forced move (one square, two from its
/// start rank on its first move), never onto or over the knight and never while the knight
/// stands where it attacks (it would take it instead); the knight jumps a knight step or waits,
/// and never ends a move where the pawn attacks it. The line must end with the knight on
/// `square` and the pawn at or behind it. Returns the knight's waits and its square after
/// each of its turns, its start first.
fn replay(
    line: &[String],
    mut knight: Fr,
    mut pawn: Fr,
    white: bool,
    knight_first: bool,
    square: Fr,
) -> Result<(usize, Vec<Fr>), String> {
    let dr = if white { 1 } else { -1 };
    let start_rank = if white { 1 } else { 6 };
    let attacks = |p: Fr| [(p.0 - 1, p.1 + dr), (p.0 + 1, p.1 + dr)];
    let sq = |t: &str| -> Result<Fr, String> {
        let b = t.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return Err(format!("not a square: {t}"));
        }
        Ok(((b[0] - b'a') as i8, (b[1] - b'1') as i8))
    };
    let (mut knight_turn, mut pawn_moves, mut waits) = (knight_first, 0, 0);
    let mut visited = vec![knight];
    for m in line {
        if knight_turn {
            if m == "wait" {
                waits += 1;
            } else {
                let (from, to) = (sq(&m[..2])?, sq(&m[2..])?);
                if from != knight {
                    return Err(format!("{m}: the knight is on {knight:?}"));
                }
                if !knightbits_testkit::is_knight_step(
                    (to.0 - from.0).into(),
                    (to.1 - from.1).into(),
                ) {
                    return Err(format!("{m} is not a knight move"));
                }
                knight = to;
            }
            if attacks(pawn).contains(&knight) {
                return Err(format!("{m}: the knight stands where the pawn takes it"));
            }
            visited.push(knight);
        } else {
            if attacks(pawn).contains(&knight) {
                return Err(format!("{m}: the pawn would take the knight instead"));
            }
            let (from, to) = (sq(&m[..2])?, sq(&m[2..])?);
            let n = if pawn_moves == 0 && pawn.1 == start_rank {
                2
            } else {
                1
            };
            if from != pawn || to != (pawn.0, pawn.1 + n * dr) {
                return Err(format!("{m} is not the pawn's forced move from {pawn:?}"));
            }
            if (1..=n).any(|i| knight == (pawn.0, pawn.1 + i * dr)) {
                return Err(format!("{m}: the knight blocks the pawn"));
            }
            pawn = to;
            pawn_moves += 1;
        }
        knight_turn = !knight_turn;
    }
    let behind = if white {
        pawn.1 <= square.1
    } else {
        pawn.1 >= square.1
    };
    if knight != square || pawn.0 != square.0 || !behind {
        return Err(format!(
            "the knight ends on {knight:?}, the pawn on {pawn:?}"
        ));
    }
    Ok((waits, visited))
}

#[test]
fn catch_agrees_with_the_race_played_out_on_every_placement() {
    let mut caught = 0;
    let mut races = 0;
    let mut with_waits = 0;
    for knight in Square::ALL {
        for pawn in Square::ALL {
            let r = pawn.rank() as u8;
            if knight == pawn || r == 0 || r == 7 {
                continue;
            }
            for color in [Color::White, Color::Black] {
                for to_move in [ToMove::Knight, ToMove::Pawn] {
                    races += 1;
                    let req = CatchRequest::new(knight, pawn, color, to_move).unwrap();
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
                        let line = answer.line.as_ref().expect("a line");
                        let (waits, visited) = replay(
                            line,
                            fr(knight),
                            fr(pawn),
                            color == Color::White,
                            to_move == ToMove::Knight,
                            fr(sq),
                        )
                        .unwrap_or_else(|e| {
                            panic!(
                                "knight {knight}, {color} pawn {pawn}, {to_move:?}: {e}: {line:?}"
                            )
                        });
                        with_waits += usize::from(waits > 0);
                        // The path is the knight's square after each of its turns.
                        let path = answer.path.as_ref().expect("a path");
                        assert_eq!(path.first(), Some(&knight));
                        assert_eq!(path.last(), Some(&sq));
                        let squares: Vec<Fr> = path.iter().map(|&s| fr(s)).collect();
                        assert_eq!(squares, visited, "{line:?}");
                        assert_eq!(
                            answer.knight_moves.unwrap() as usize + waits,
                            path.len() - 1
                        );
                    }
                }
            }
        }
    }
    // Every one of the 8,640 caught races replayed move by move above; some lines must wait
    // (a1 against a2 is one), and the replay saw their waits.
    assert_eq!(caught, 8640);
    assert!(with_waits > 0, "{with_waits}");
    assert_eq!(races, 64 * 48 * 4 - 48 * 4);
    assert!(caught > 0 && caught < races, "{caught} of {races}");
}

/// The wiki's and the core's examples: knight d8 against a white pawn on a5, black to move,
/// blockades on a7 in two moves; from h1 against a6 it is far too slow.
#[test]
fn the_documented_races() {
    let d8 =
        catch(&CatchRequest::new(Square::D8, Square::A5, Color::White, ToMove::Knight).unwrap())
            .unwrap();
    assert_eq!(d8.square, Some(Square::A7));
    assert_eq!(d8.knight_moves, Some(2));
    assert_eq!(d8.pawn_moves, Some(1));
    assert_eq!(d8.path, Some(vec![Square::D8, Square::C6, Square::A7]));
    assert_eq!(
        d8.line,
        Some(vec!["d8c6".into(), "a5a6".into(), "c6a7".into()])
    );
    // The issue's example: Nb3 at once would be taken, so the knight waits first.
    let a1 =
        catch(&CatchRequest::new(Square::A1, Square::A2, Color::White, ToMove::Knight).unwrap())
            .unwrap();
    assert_eq!(
        a1.path,
        Some(vec![Square::A1, Square::A1, Square::B3, Square::A5])
    );
    assert_eq!(
        serde_json::to_value(&a1.line).unwrap(),
        serde_json::json!(["wait", "a2a4", "a1b3", "a4a5", "b3a5"])
    );
    assert_eq!((a1.knight_moves, a1.pawn_moves), (Some(2), Some(2)));
    let h1 =
        catch(&CatchRequest::new(Square::H1, Square::A6, Color::White, ToMove::Knight).unwrap())
            .unwrap();
    assert!(!h1.caught);
    assert_eq!(
        serde_json::to_string(&h1).unwrap(),
        r#"{"caught":false,"square":null,"knight_moves":null,"pawn_moves":null,"path":null,"line":null}"#
    );
}
