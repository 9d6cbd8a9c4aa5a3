//! Can the knight catch the passed pawn? The wiki's use of knight fills "in late pawn-knight
//! endings whether a knight may catch a passer", by feeding back safe target sets.

use core::fmt;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::{Rank, Square};

use super::fill::fill;

/// The race could not be set up: the pawn stood on a first or last rank, or the knight on the
/// pawn's square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PawnRaceError {
    /// A pawn is never on rank 1 or rank 8.
    PawnOnBackRank,
    /// The knight and the pawn were on the same square.
    SameSquare,
}

impl fmt::Display for PawnRaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PawnRaceError::PawnOnBackRank => "a pawn cannot stand on rank 1 or rank 8",
            PawnRaceError::SameSquare => "the knight and the pawn are on the same square",
        })
    }
}

impl core::error::Error for PawnRaceError {}

/// The squares a pawn of `color` on `pawn` attacks.
#[inline]
const fn pawn_attacks(pawn: Square, color: Color) -> Bitboard {
    let b = Bitboard::from_square(pawn);
    let front = match color {
        Color::White => b.north_one(),
        Color::Black => b.south_one(),
    };
    front.east_one().union(front.west_one())
}

/// The first square of a passed pawn's path where a knight stops it, or `None` if the pawn
/// promotes and survives; the knight belongs to the other side, all other pieces are ignored.
///
/// The pawn's path is its own square `s0`, then `s1`, `s2`, … up its file to the promotion
/// square `sk` (included). The race, ply by ply:
/// - **Who moves first:** `to_move`. Then the sides alternate, one move each.
/// - **The pawn** advances on every one of its side's moves, one square, or two on its first
///   move from its start rank (rank 2 for white, rank 7 for black). So it stands on `si` after
///   its `i`-th move, or its `(i − 1)`-th from the start rank, where it never stands on `s1`
///   (the double step passes over it). If the knight stands on a square the pawn attacks when
///   the pawn's side is to move, the pawn captures it and the race is lost.
/// - **The knight** may move or stay (its side can spend the move elsewhere, say with its
///   king); it never ends a move on a square the pawn then attacks.
/// - **Occupying `si` no later than the pawn reaches it** means landing on `si` before the
///   pawn's move that would take it off `si`: before the pawn gets there (blockade: a pawn
///   cannot move onto or over an occupied square of its file) or while it stands there
///   (capture; on the promotion square, capture of the new piece on the knight's next move).
///   `s0` counts too: the knight captures the pawn where it stands.
///
/// In numbers, with `d(i)` the knight distance to `si` ([`distance`](super::distance)):
/// - knight's side to move: catch on `si` when `d(i) ≤ i + 1`; from the start rank
///   `d(1) ≤ 1` and `d(i) ≤ i` for `i ≥ 2`;
/// - pawn's side to move: every limit is one lower, `d(i) ≤ i`; from the start rank
///   `d(1) = 0` (already there) and `d(i) ≤ i − 1` for `i ≥ 2`.
///
/// The rule about squares the pawn attacks can only delay the knight; it is applied exactly by
/// filling over the safe squares of each ply (`fill(reached) & !pawn attacks`). On the 8x8
/// board it changes the outcome only when the pawn's side is to move and the pawn attacks the
/// knight (it captures: `None`); the tests check this on every race.
///
/// The result is the lowest `si` (nearest the pawn) that the knight can occupy in time.
///
/// ```
/// use knightbits::{knight, Color, Square};
/// // Black knight d8, white pawn a5, black to move: Nd8-c6, a5-a6, Nc6-a7 blockades.
/// assert_eq!(
///     knight::catch_square(Square::D8, Square::A5, Color::White, Color::Black),
///     Ok(Some(Square::A7))
/// );
/// // Black knight h1, white pawn a6: the knight is far too slow.
/// assert_eq!(
///     knight::catch_square(Square::H1, Square::A6, Color::White, Color::Black),
///     Ok(None)
/// );
/// ```
pub fn catch_square(
    knight: Square,
    pawn: Square,
    pawn_color: Color,
    to_move: Color,
) -> Result<Option<Square>, PawnRaceError> {
    if matches!(pawn.rank(), Rank::First | Rank::Eighth) {
        return Err(PawnRaceError::PawnOnBackRank);
    }
    if knight == pawn {
        return Err(PawnRaceError::SameSquare);
    }
    let (step, start_rank) = match pawn_color {
        Color::White => (1i8, Rank::Second),
        Color::Black => (-1i8, Rank::Seventh),
    };
    // The path s0 (the pawn's square) … sk (the promotion square).
    let mut path = [pawn; 7];
    let mut len = 1;
    while let Some(next) = path[len - 1].offset(0, step) {
        path[len] = next;
        len += 1;
    }
    let path = &path[..len];
    let last = len - 1;

    let mut reached = Bitboard::from_square(knight);
    let mut pawn_at = 0; // index into `path`
    let mut pawn_moves = 0;
    let mut best: Option<usize> = None;
    // Path squares the knight holds while the pawn stands on path[pawn_at]: the pawn's own
    // square (a capture) and every square ahead (a blockade).
    let record = |reached: Bitboard, pawn_at: usize, best: &mut Option<usize>| {
        if let Some(i) = (pawn_at..len).find(|&i| reached.contains(path[i])) {
            *best = Some(best.map_or(i, |b| b.min(i)));
        }
    };
    record(reached, pawn_at, &mut best);
    let mut pawn_turn = to_move == pawn_color;
    loop {
        if pawn_turn {
            if pawn_at == last {
                break;
            }
            // Where the pawn could capture the knight, it does.
            reached = reached.difference(pawn_attacks(path[pawn_at], pawn_color));
            let double = pawn_moves == 0 && pawn.rank() == start_rank;
            pawn_at += if double { 2 } else { 1 };
            pawn_moves += 1;
        } else {
            // Move or pass, but never onto a square the pawn attacks.
            reached = fill(reached).difference(pawn_attacks(path[pawn_at], pawn_color));
            record(reached, pawn_at, &mut best);
            if pawn_at == last {
                // The knight's reply to the promotion was its last chance.
                break;
            }
        }
        pawn_turn = !pawn_turn;
    }
    Ok(best.map(|i| path[i]))
}

/// One move of a pawn race.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RaceMove {
    /// The knight jumps (onto the pawn's square: it takes the pawn).
    Knight {
        /// Where it stood.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// The knight's side moves elsewhere (its king): the knight waits where it stands.
    Wait {
        /// The knight's square.
        on: Square,
    },
    /// The pawn advances (two squares on its first move from its start rank).
    Pawn {
        /// Where it stood.
        from: Square,
        /// Where it lands.
        to: Square,
    },
}

/// Most moves a race line can hold: six pawn moves and seven knight moves.
const MAX_LINE: usize = 13;

/// A race the knight wins: the square where it stops the pawn ([`catch_square`]) and one line
/// of play onto it, move by move, its waits included ([`catch_line`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RaceLine {
    square: Square,
    moves: [RaceMove; MAX_LINE],
    len: u8,
}

impl RaceLine {
    /// The square of the pawn's path the knight stops it on.
    pub const fn square(&self) -> Square {
        self.square
    }

    /// Every move of both sides, the first mover's first, up to the knight's landing.
    pub fn moves(&self) -> &[RaceMove] {
        &self.moves[..self.len as usize]
    }

    /// The knight's jumps (its waits not counted).
    pub fn knight_moves(&self) -> u32 {
        self.moves()
            .iter()
            .filter(|m| matches!(m, RaceMove::Knight { .. }))
            .count() as u32
    }

    /// The pawn's moves.
    pub fn pawn_moves(&self) -> u32 {
        self.moves()
            .iter()
            .filter(|m| matches!(m, RaceMove::Pawn { .. }))
            .count() as u32
    }
}

/// [`catch_square`] with one line of play the race allows onto that square: every move of
/// both sides, the knight's waits included, the knight never ending a move where the pawn
/// attacks it, and landing at the earliest turn it can. `None` when the pawn promotes and
/// survives.
///
/// ```
/// use knightbits::knight::{catch_line, RaceMove};
/// use knightbits::{Color, Square};
/// // Nb3 at once would be taken by a2xb3: the knight waits, a2-a4, Nb3, a4-a5, Nxa5.
/// let line = catch_line(Square::A1, Square::A2, Color::White, Color::Black)?.unwrap();
/// assert_eq!(line.square(), Square::A5);
/// assert_eq!(line.moves(), [
///     RaceMove::Wait { on: Square::A1 },
///     RaceMove::Pawn { from: Square::A2, to: Square::A4 },
///     RaceMove::Knight { from: Square::A1, to: Square::B3 },
///     RaceMove::Pawn { from: Square::A4, to: Square::A5 },
///     RaceMove::Knight { from: Square::B3, to: Square::A5 },
/// ]);
/// # Ok::<(), knightbits::knight::PawnRaceError>(())
/// ```
pub fn catch_line(
    knight: Square,
    pawn: Square,
    pawn_color: Color,
    to_move: Color,
) -> Result<Option<RaceLine>, PawnRaceError> {
    let Some(square) = catch_square(knight, pawn, pawn_color, to_move)? else {
        return Ok(None);
    };
    let (step, start_rank) = match pawn_color {
        Color::White => (1i8, Rank::Second),
        Color::Black => (-1i8, Rank::Seventh),
    };
    let double = pawn.rank() == start_rank;
    // Replay the race as catch_square does, keeping the knight's squares after each of its
    // turns (layer 0: its start) until it stands on `square` with the pawn not past it.
    let mut layers = [Bitboard::EMPTY; MAX_LINE];
    let mut pawns = [pawn; MAX_LINE + 1];
    let mut reached = Bitboard::from_square(knight);
    layers[0] = reached;
    let mut at = pawn; // the pawn's square
    let mut pawn_moves = 0;
    let mut turns = 0; // knight turns so far
    let behind = |at: Square| match pawn_color {
        Color::White => at.rank() <= square.rank(),
        Color::Black => at.rank() >= square.rank(),
    };
    let mut pawn_turn = to_move == pawn_color;
    while !(reached.contains(square) && behind(at)) {
        if pawn_turn {
            reached = reached.difference(pawn_attacks(at, pawn_color));
            let n = if pawn_moves == 0 && double { 2 } else { 1 };
            at = match at.offset(0, step * n) {
                Some(next) => next,
                None => return Ok(None), // unreachable: catch_square found the square
            };
            pawn_moves += 1;
            pawns[pawn_moves] = at;
        } else {
            reached = fill(reached).difference(pawn_attacks(at, pawn_color));
            turns += 1;
            if turns >= MAX_LINE {
                return Ok(None); // unreachable: a race has at most seven knight turns
            }
            layers[turns] = reached;
        }
        pawn_turn = !pawn_turn;
    }
    // Walk back from the landing: wait where the knight could already stand, else jump from
    // a square it could stand on one turn earlier.
    let mut squares = [square; MAX_LINE];
    for t in (1..=turns).rev() {
        let here = squares[t];
        squares[t - 1] = if layers[t - 1].contains(here) {
            here
        } else {
            (super::attacks(here) & layers[t - 1])
                .first()
                .unwrap_or(here)
        };
    }
    // The line: the moves in turn order.
    let mut line = RaceLine {
        square,
        moves: [RaceMove::Wait { on: square }; MAX_LINE],
        len: 0,
    };
    let (mut k, mut p) = (0, 0);
    let mut pawn_turn = to_move == pawn_color;
    while k < turns || p < pawn_moves {
        let m = if pawn_turn {
            p += 1;
            RaceMove::Pawn {
                from: pawns[p - 1],
                to: pawns[p],
            }
        } else {
            k += 1;
            let (from, to) = (squares[k - 1], squares[k]);
            if from == to {
                RaceMove::Wait { on: to }
            } else {
                RaceMove::Knight { from, to }
            }
        };
        line.moves[line.len as usize] = m;
        line.len += 1;
        pawn_turn = !pawn_turn;
    }
    Ok(Some(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catch(knight: Square, pawn: Square, pawn_color: Color, to_move: Color) -> Option<Square> {
        catch_square(knight, pawn, pawn_color, to_move).unwrap()
    }

    /// Hand-checked races. Notation: `d(x)` is the knight distance from the knight to x; with
    /// the knight to move it catches on the i-th square ahead when `d ≤ i + 1` (start rank:
    /// `d(s1) ≤ 1`, `d(si) ≤ i`), with the pawn to move when `d` is one less; every route
    /// named below avoids the squares the pawn attacks.
    #[test]
    fn hand_checked_races() {
        use Color::{Black, White};
        use Square::*;

        // 1. Queen's wing, white pawn a5 (s1 a6, s2 a7, s3 a8), black knight d8.
        //    d(a5) = 2, d(a6) = 3, d(a7) = 2 (d8-c6-a7), d(a8) = 3.
        //    Knight to move: a5 needs ≤ 1, a6 ≤ 2, a7 ≤ 3 → a7 (blockade: Nc6, a6, Na7).
        assert_eq!(catch(D8, A5, White, Black), Some(A7));
        //    Pawn to move: a6 needs ≤ 1, a7 ≤ 2 → a7 (a6 Nc6 a7 Nxa7, a capture).
        assert_eq!(catch(D8, A5, White, White), Some(A7));

        // 2. King's wing, black pawn h7 on its start rank (s1 h6, s2 h5, s3 h4, s4 h3, s5 h2,
        //    s6 h1), white knight e2. d(h7) = 4, d(h6) = 3, d(h5) = 2 (e2-f4-h5),
        //    d(h4) = 3, d(h3) = 2 (e2-g1-h3).
        //    Knight to move: h6 needs ≤ 1, h5 ≤ 2 → h5 (Nf4, h5 double step, Nxh5).
        assert_eq!(catch(E2, H7, Black, White), Some(H5));
        //    Pawn to move: h5 needs ≤ 1, h4 ≤ 2, h3 ≤ 3 → h3 (h5, Nf4, h4, Nh3 blockade).
        assert_eq!(catch(E2, H7, Black, Black), Some(H3));

        // 3. Promotion square, white pawn b6 (s1 b7, s2 b8), black knight e5.
        //    d(b6) = 2, d(b7) = 3, d(b8) = 2 (e5-c6-b8 or e5-d7-b8).
        //    Pawn to move: b7 needs ≤ 1, b8 ≤ 2 → b8 (b7 Nc6 b8=Q Nxb8).
        assert_eq!(catch(E5, B6, White, White), Some(B8));
        //    Knight to move: b7 needs ≤ 2 (3 is too slow), b8 ≤ 3 → b8 (blockade).
        assert_eq!(catch(E5, B6, White, Black), Some(B8));

        // 4. Knight already on the path, black pawn c5 (s1 c4, s2 c3, s3 c2, s4 c1), white
        //    knight c2. d(c5) = 3, d(c4) = 2 (c2-e3-c4), d(c3) = 3, d(c2) = 0.
        //    Pawn to move: c4 needs ≤ 1, c3 ≤ 2, c2 ≤ 3 → c2 (it already blockades).
        assert_eq!(catch(C2, C5, Black, Black), Some(C2));
        //    Knight to move: c5 needs ≤ 1, c4 ≤ 2 → c4 (Ne3, c4, Nxc4).
        assert_eq!(catch(C2, C5, Black, White), Some(C4));

        // 5. Too far, white pawn a6 (s1 a7, s2 a8), black knight h1, either side to move:
        //    d(a6) = 4, d(a7) = 5, d(a8) = 6, against limits of at most 1, 2, 3.
        assert_eq!(catch(H1, A6, White, Black), None);
        assert_eq!(catch(H1, A6, White, White), None);

        // 6. White pawn g2 on its start rank (s1 g3, s2 g4, …, s6 g8), black knight e5, black
        //    to move: d(g2) = 3, d(g3) = 4, d(g4) = 1. Knight to move: g4 needs ≤ 2 → g4
        //    (Ng4 blockades at once; g3 would need d ≤ 1).
        assert_eq!(catch(E5, G2, White, Black), Some(G4));
        //    Pawn to move: g4 needs ≤ 1 (g2-g4 Nxg4, a capture) → g4.
        assert_eq!(catch(E5, G2, White, White), Some(G4));

        // 7. Capture on the spot: black knight b4, white pawn a2 on its start rank (s1 a3,
        //    s2 a4, s3 a5, …). d(a2) = 1, d(a3) = 2, d(a4) = 3, d(a5) = 2 (b4-c6-a5).
        //    Knight to move: a2 needs ≤ 1 → a2 (Nxa2 at once).
        assert_eq!(catch(B4, A2, White, Black), Some(A2));
        //    Pawn to move: a3 needs 0 (the double step passes it), a4 ≤ 1, a5 ≤ 2 → a5
        //    (a2-a4, Nc6, a5, Nxa5; c6 is never attacked by the pawn).
        assert_eq!(catch(B4, A2, White, White), Some(A5));

        // 8. The pawn takes first: black knight b3, white pawn a2 (which attacks b3), white to
        //    move: a2xb3, so `None`, although the arithmetic alone would pass a5 (a2-a4, then
        //    d(a5) = 1 ≤ 2). With the knight to move: d(a2) = 2 > 1, d(a3) = 3 > 1,
        //    d(a4) = 2 ≤ 2 → a4 (Nc5, a2-a4, Nxa4).
        assert_eq!(catch(B3, A2, White, White), None);
        assert_eq!(catch(B3, A2, White, Black), Some(A4));
        //    Mirrored on the other wing and colour: white knight g6, black pawn h7.
        assert_eq!(catch(G6, H7, Black, Black), None);
        assert_eq!(catch(G6, H7, Black, White), Some(H5));
    }

    /// Independent reference, by deadlines instead of sets: for each path square, the last
    /// knight ply on which landing there still stops the pawn, and a ply-by-ply search of the
    /// earliest knight arrival over (file, rank) coordinates, avoiding the squares the pawn
    /// attacks whenever the pawn's side is to move next.
    fn reference(knight: Square, pawn: Square, color: Color, to_move: Color) -> Option<Square> {
        let dir: i32 = if color == Color::White { 1 } else { -1 };
        let (pf, pr) = (pawn.file() as i32, pawn.rank() as i32);
        let last_rank = if color == Color::White { 7 } else { 0 };
        let start = if color == Color::White { 1 } else { 6 };
        let k = (last_rank - pr).unsigned_abs() as usize; // index of the promotion square
        // Pawn rank after m of its moves, pushing every time.
        let rank_after = |m: usize| -> i32 {
            let steps = if pr == start && m >= 1 { m + 1 } else { m };
            pr + dir * steps.min(k) as i32
        };
        let knight_first = to_move != color;
        // Plies are numbered from 0; the pawn's m-th move (m ≥ 1) is at this ply.
        let pawn_ply = |m: usize| if knight_first { 2 * m - 1 } else { 2 * m - 2 };
        // The pawn's rank just before ply t (after the pawn moves made at earlier plies).
        let mut rank_before = [pr; 21];
        let mut m = 0;
        for (t, rank) in rank_before.iter_mut().enumerate() {
            while pawn_ply(m + 1) < t {
                m += 1;
            }
            *rank = rank_after(m);
        }
        let attacked = |f: i32, r: i32, t: usize| -> bool {
            let prank = rank_before[t];
            prank != last_rank && r == prank + dir && (f - pf).abs() == 1
        };
        let is_knight_ply = |t: usize| t.is_multiple_of(2) == knight_first;
        // alive[t] = squares the knight can stand on just before ply t.
        let mut alive = [[false; 64]; 20];
        alive[0][knight as usize] = true;
        // No deadline lies beyond the ply of the pawn's move after promotion.
        let horizon = pawn_ply(if pr == start { k } else { k + 1 });
        for t in 0..horizon {
            for s in 0..64 {
                if !alive[t][s] {
                    continue;
                }
                let (f, r) = ((s % 8) as i32, (s / 8) as i32);
                if is_knight_ply(t) {
                    // Stay, or one of the testkit's eight jumps.
                    let mut targets = [(f, r); 9];
                    for (i, (df, dr)) in knightbits_testkit::KNIGHT_DELTAS.into_iter().enumerate() {
                        targets[i + 1] = (f + i32::from(df), r + i32::from(dr));
                    }
                    for (g, q) in targets {
                        // After this ply the pawn's side moves: no attacked square.
                        if (0..8).contains(&g) && (0..8).contains(&q) && !attacked(g, q, t + 1) {
                            alive[t + 1][(q * 8 + g) as usize] = true;
                        }
                    }
                } else if !attacked(f, r, t) {
                    alive[t + 1][s] = true;
                }
            }
        }
        (0..=k).find_map(|i| {
            let target_rank = pr + dir * i as i32;
            let sq = (target_rank * 8 + pf) as usize;
            // The pawn move that takes it off (or over) s_i: with the double step, s_1 is
            // passed by move 1; otherwise s_i is left by move i + 1 (from the start rank, by
            // move i); the promotion square is "left" when the new piece could move away.
            let leave = if pr == start && i >= 1 { i } else { i + 1 };
            let deadline = pawn_ply(leave); // the knight must be there before this ply
            (0..=deadline)
                .any(|t| alive[t][sq])
                .then(|| Square::from_index(sq as u8).unwrap())
        })
    }

    /// Proves `catch_square` equal to the deadline reference on every race: all 64 knight
    /// squares, every pawn square of ranks 2 to 7, both colours, both sides to move.
    #[test]
    fn every_race_matches_the_reference() {
        let mut caught = 0;
        for color in Color::ALL {
            for to_move in Color::ALL {
                for pawn in Square::ALL {
                    if matches!(pawn.rank(), Rank::First | Rank::Eighth) {
                        continue;
                    }
                    for knight in Square::ALL {
                        if knight == pawn {
                            continue;
                        }
                        let got = catch(knight, pawn, color, to_move);
                        assert_eq!(
                            got,
                            reference(knight, pawn, color, to_move),
                            "{knight} {pawn} {color} {to_move}"
                        );
                        caught += got.is_some() as u32;
                    }
                }
            }
        }
        // Both outcomes occur often (the test would be weak otherwise).
        assert!(caught > 3_000 && caught < 12_096 - 1_000, "{caught}");
    }

    /// Proves the documented arithmetic on every race: with `d` from the distance table, the
    /// first `si` with `d(si) ≤ i + 1` (start rank: `d(s1) ≤ 1`, `d(si) ≤ i`), one less with
    /// the pawn to move; `None` when the pawn is to move and attacks the knight.
    #[test]
    fn every_race_follows_the_documented_arithmetic() {
        for color in Color::ALL {
            for to_move in Color::ALL {
                for pawn in Square::ALL {
                    if matches!(pawn.rank(), Rank::First | Rank::Eighth) {
                        continue;
                    }
                    let (dir, start) = match color {
                        Color::White => (1, Rank::Second),
                        Color::Black => (-1, Rank::Seventh),
                    };
                    for knight in Square::ALL {
                        if knight == pawn {
                            continue;
                        }
                        let attacked = pawn.offset(1, dir) == Some(knight)
                            || pawn.offset(-1, dir) == Some(knight);
                        let mut expected = None;
                        if !(attacked && to_move == color) {
                            let mut square = Some(pawn);
                            let mut i = 0;
                            while let Some(s) = square {
                                let mut limit = if pawn.rank() == start && i >= 1 {
                                    i
                                } else {
                                    i + 1
                                };
                                if to_move == color {
                                    limit -= 1;
                                }
                                if super::super::distance(knight, s) <= limit {
                                    expected = Some(s);
                                    break;
                                }
                                i += 1;
                                square = s.offset(0, dir);
                            }
                        }
                        assert_eq!(
                            catch(knight, pawn, color, to_move),
                            expected,
                            "{knight} {pawn} {color} {to_move}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_eq!(
            catch_square(Square::A1, Square::B8, Color::White, Color::White),
            Err(PawnRaceError::PawnOnBackRank)
        );
        assert_eq!(
            catch_square(Square::A1, Square::B1, Color::Black, Color::White),
            Err(PawnRaceError::PawnOnBackRank)
        );
        assert_eq!(
            catch_square(Square::C4, Square::C4, Color::Black, Color::White),
            Err(PawnRaceError::SameSquare)
        );
        assert_eq!(
            PawnRaceError::SameSquare.to_string(),
            "the knight and the pawn are on the same square"
        );
    }
}
