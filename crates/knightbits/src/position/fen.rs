//! FEN reading and writing, with full validation.

use core::fmt::{self, Write};
use core::str::FromStr;

use super::{FenError, Piece, Position, Role};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::{File, Rank, Square};

/// The castling letters with the rook corner each one names, in FEN order.
const CASTLING: [(char, Square); 4] = [
    ('K', Square::H1),
    ('Q', Square::A1),
    ('k', Square::H8),
    ('q', Square::A8),
];

fn capped(n: usize) -> u8 {
    n.min(255) as u8
}

/// What a byte of a placement is, in [`CLASS`]: 1 to 8 a run of empty squares, [`SLASH`],
/// [`SPACE`] (ASCII white space, which ends the field), [`BAD`], or a piece:
/// `PIECE + role * 2 + color`.
const BAD: u8 = 0;
const SLASH: u8 = 9;
const SPACE: u8 = 10;
const PIECE: u8 = 16;

/// The class of every byte, so the placement is read with one table look-up a byte.
static CLASS: [u8; 256] = classes();

const fn classes() -> [u8; 256] {
    let mut table = [BAD; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = match byte {
            b'1'..=b'8' => byte - b'0',
            b'/' => SLASH,
            _ if byte.is_ascii_whitespace() => SPACE,
            _ => match Piece::from_char(byte as char) {
                Some(piece) => PIECE + piece.role as u8 * 2 + piece.color as u8,
                None => BAD,
            },
        };
        b += 1;
    }
    table
}

/// Where reading a placement stopped (at white space or the end), with the rank (counted
/// from the FEN's first, rank 8) and the files described in it so far.
struct Stop {
    end: usize,
    row: usize,
    files: usize,
}

/// How many ranks `text` has (`/`-separated, up to its first white space).
fn rank_count(text: &[u8]) -> usize {
    1 + text
        .iter()
        .take_while(|b| !b.is_ascii_whitespace())
        .filter(|&&b| b == b'/')
        .count()
}

/// The error of a placement: a wrong number of ranks comes first, then the first fault.
fn ranked(text: &str, fault: FenError) -> FenError {
    match rank_count(text.as_bytes()) {
        8 => fault,
        count => FenError::RankCount {
            count: capped(count),
        },
    }
}

/// What [`read_fast`] needs of a placement byte, packed: the piece in the low four bits
/// (`role + 1`, the colour in bit 3; 0 for no piece), [`SLASH_BIT`], [`SPACE_BIT`], and in the
/// high byte the squares it moves on (a digit its run, a piece 1, a slash 0, a byte that has
/// no place in a placement [`OFF_BOARD`]).
static BYTES: [u16; 256] = bytes();
const SLASH_BIT: u16 = 1 << 4;
const SPACE_BIT: u16 = 1 << 5;
/// More squares than a board has: once passed, the placement cannot end on square 64.
const OFF_BOARD: u16 = 100;

const fn bytes() -> [u16; 256] {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match CLASS[b] {
            BAD => OFF_BOARD << 8,
            SLASH => SLASH_BIT,
            SPACE => SPACE_BIT,
            run @ 1..=8 => (run as u16) << 8,
            class => {
                let piece = (class - PIECE) as u16;
                1 << 8 | (piece & 1) << 3 | ((piece >> 1) + 1)
            }
        };
        b += 1;
    }
    table
}

/// The placement at the start of `bytes` when it is well formed (8 ranks of 8 files up to
/// its first white space or the end): where it ends and the roles' then the colours'
/// bitboards; `None` for any fault, which [`read_exact`] then names.
///
/// Built for speed: no branch depends on a byte but the end of the field. Each byte stores
/// its piece code into a 64-square mailbox (digits and slashes store an empty square that
/// the next byte overwrites) and moves the square counter on; a rank is right when a slash
/// finds the counter at the rank's end, and the placement when 7 slashes were seen and the
/// counter ends on square 64 (a wrong byte moves it past the board for good). The mailbox
/// then becomes bit planes, eight squares a multiplication.
fn read_fast(bytes: &[u8]) -> Option<(usize, [u64; 8])> {
    // `at` counts squares in FEN order (a8 = 0, h8 = 7, a7 = 8, ...); `limit` is the end of
    // the current rank; `wrong` collects the misplaced slashes.
    let (mut at, mut limit, mut wrong) = (0usize, 8usize, 0usize);
    let mut mailbox = [0u8; 128];
    let mut end = 0;
    while let Some(&byte) = bytes.get(end) {
        let entry = BYTES[byte as usize];
        if entry & SPACE_BIT != 0 {
            break;
        }
        let slash = 0usize.wrapping_sub(usize::from(entry & SLASH_BIT != 0));
        mailbox[at & 127] = (entry & 15) as u8;
        wrong |= (at ^ limit) & slash;
        limit += 8 & slash;
        at += usize::from(entry >> 8);
        end += 1;
    }
    if wrong != 0 || at != 64 || limit != 64 {
        return None;
    }
    // Bit `k` of the eight bytes of a rank, gathered into one byte (byte `i` to bit `i`).
    const LOW_BITS: u64 = 0x0101_0101_0101_0101;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut planes = [0u64; 4];
    for (row, rank) in mailbox.chunks_exact(8).take(8).enumerate() {
        let word = u64::from_le_bytes([
            rank[0], rank[1], rank[2], rank[3], rank[4], rank[5], rank[6], rank[7],
        ]);
        for (k, plane) in planes.iter_mut().enumerate() {
            let bits = ((word >> k) & LOW_BITS).wrapping_mul(GATHER) >> 56;
            *plane |= bits << ((7 - row) * 8);
        }
    }
    let [p0, p1, p2, black] = planes;
    let pick = |on: bool, plane: u64| if on { plane } else { !plane };
    let mut boards = [0u64; 8];
    for (role, board) in boards.iter_mut().take(6).enumerate() {
        let code = role + 1;
        *board = pick(code & 1 == 1, p0) & pick(code & 2 == 2, p1) & pick(code & 4 == 4, p2);
    }
    let occupied = p0 | p1 | p2;
    boards[6 + Color::White as usize] = occupied & !black;
    boards[6 + Color::Black as usize] = black;
    Some((end, boards))
}

/// Reads the placement at the start of `text` into the piece bitboards, up to its first
/// ASCII white space: [`read_fast`], or for a placement with a fault [`read_exact`], whose
/// errors are settled by [`ranked`] and [`finish`].
fn read_board(text: &str, pos: &mut Position) -> Result<Stop, FenError> {
    let Some((end, boards)) = read_fast(text.as_bytes()) else {
        return read_exact(text, pos);
    };
    for (into, bits) in pos.by_role.iter_mut().chain(&mut pos.by_color).zip(boards) {
        into.0 |= bits;
    }
    Ok(Stop {
        end,
        row: 7,
        files: 8,
    })
}

/// Reads the placement at the start of `text`, byte by byte into the piece bitboards, up to
/// its first ASCII white space, stopping at the first fault; the errors are settled by
/// [`ranked`] and [`finish`].
fn read_exact(text: &str, pos: &mut Position) -> Result<Stop, FenError> {
    let bytes = text.as_bytes();
    let (mut row, mut files) = (0usize, 0usize);
    // The roles' bitboards, then the colours', filled here and stored once at the end.
    let mut boards = [0u64; 8];
    let mut end = 0;
    while let Some(&byte) = bytes.get(end) {
        match CLASS[byte as usize] {
            SPACE => break,
            SLASH => {
                if files != 8 {
                    return Err(FenError::RankFiles {
                        rank: Rank::ALL[7 - row],
                        files: capped(files),
                    });
                }
                if row == 7 {
                    return Err(FenError::RankCount {
                        count: capped(rank_count(bytes)),
                    });
                }
                row += 1;
                files = 0;
            }
            BAD => {
                // Every byte before `end` is ASCII, so `end` starts a character.
                let char = text[end..]
                    .chars()
                    .next()
                    .unwrap_or(char::REPLACEMENT_CHARACTER);
                return Err(FenError::PlacementChar {
                    rank: Rank::ALL[7 - row],
                    char,
                });
            }
            run @ 1..=8 => files += run as usize,
            piece => {
                if files < 8 {
                    let bit = 1u64 << ((7 - row) * 8 + files);
                    let piece = (piece - PIECE) as usize;
                    boards[piece >> 1] |= bit;
                    boards[6 + (piece & 1)] |= bit;
                }
                files += 1;
            }
        }
        end += 1;
    }
    for (into, bits) in pos.by_role.iter_mut().chain(&mut pos.by_color).zip(boards) {
        into.0 |= bits;
    }
    Ok(Stop { end, row, files })
}

/// The checks at the end of a placement: 8 ranks, the last one of 8 files.
fn finish(stop: Stop) -> Result<(), FenError> {
    if stop.row != 7 {
        return Err(FenError::RankCount {
            count: capped(stop.row + 1),
        });
    }
    if stop.files != 8 {
        return Err(FenError::RankFiles {
            rank: Rank::First,
            files: capped(stop.files),
        });
    }
    Ok(())
}

/// Reads a placement field into `pos`'s empty bitboards; `text` holds no white space
/// ([`Placement`](super::Placement) refuses it before).
pub(super) fn placement(text: &str, pos: &mut Position) -> Result<(), FenError> {
    read_board(text, pos)
        .and_then(finish)
        .map_err(|fault| ranked(text, fault))
}

/// The length of the field at the start of `bytes` (up to its first ASCII white space).
fn field_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(bytes.len())
}

/// The index of the first byte from `at` on that is not ASCII white space.
fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    at
}

/// A whole number of ASCII digits (no sign) that fits in a `u32`.
fn number(text: &[u8]) -> Option<u32> {
    if text.is_empty() {
        return None;
    }
    text.iter().try_fold(0u32, |n, &b| {
        if !b.is_ascii_digit() {
            return None;
        }
        n.checked_mul(10)?.checked_add(u32::from(b - b'0'))
    })
}

fn castling(text: &str) -> Result<Bitboard, FenError> {
    let mut rights = Bitboard::EMPTY;
    if text == "-" {
        return Ok(rights);
    }
    for &b in text.as_bytes() {
        match CASTLING
            .iter()
            .find(|&&(letter, _)| letter as u32 == u32::from(b))
        {
            Some(&(_, rook)) if !rights.contains(rook) => rights.insert(rook),
            _ => return Err(FenError::Castling(super::Excerpt::new(text))),
        };
    }
    if rights.is_empty() {
        return Err(FenError::Castling(super::Excerpt::new(text)));
    }
    Ok(rights)
}

/// An en passant field's square: a lower-case file letter and a rank digit.
fn ep_square(text: &[u8]) -> Option<Square> {
    match *text {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Some(Square::from_coords(
            File::ALL[(file - b'a') as usize],
            Rank::ALL[(rank - b'1') as usize],
        )),
        _ => None,
    }
}

impl Position {
    /// Reads a FEN: the six fields, or the first four or five (missing counters are `0` and
    /// `1`), separated by white space; surrounding white space is ignored.
    ///
    /// Besides the syntax of each field, it rejects positions whose rules are undefined: a side
    /// without exactly one king, the side not to move in check, a pawn on rank 1 or 8, a
    /// castling right without its king and rook in place, an en passant square that no double
    /// pawn push can have left. Well-formed but unreachable positions (three knights giving
    /// check at once, nine queens) are accepted.
    ///
    /// The castling letters may come in any order but each at most once; `Display` writes
    /// them as `KQkq` (Shredder-FEN file letters are not read). The counters are kept as
    /// given, a fullmove number of 0 included, so the FEN writes back unchanged.
    ///
    /// ```
    /// use knightbits::position::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2N b - -")?;
    /// assert_eq!(pos.to_string(), "4k3/8/8/8/8/8/8/4K2N b - - 0 1");
    /// let err = Position::from_fen("4k3/8/8/8/8/8/8/4K2N b - - 0 1 extra").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid fen: expected 4 to 6 fields, found 7");
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let bytes = fen.as_bytes();
        let mut pos = blank();
        // One pass: the placement is read as its field is found, then the other fields'
        // bounds; the field count is checked first, as the errors' order says.
        let start = skip_space(bytes, 0);
        let board = read_board(&fen[start..], &mut pos);
        let board_end = start
            + match &board {
                Ok(stop) => stop.end,
                Err(_) => field_len(&bytes[start..]),
            };
        let mut fields = [(0, 0); 5];
        let mut count = usize::from(start < bytes.len());
        let mut at = board_end;
        loop {
            at = skip_space(bytes, at);
            if at == bytes.len() {
                break;
            }
            let field_start = at;
            at += field_len(&bytes[at..]);
            if let Some(field) = fields.get_mut(count - 1) {
                *field = (field_start, at);
            }
            count += 1;
        }
        if !(4..=6).contains(&count) {
            return Err(FenError::FieldCount {
                count: capped(count),
            });
        }
        board
            .and_then(finish)
            .map_err(|fault| ranked(&fen[start..board_end], fault))?;
        let [turn, rights, ep, half, full] = fields.map(|(from, to)| &fen[from..to]);

        pos.turn = match turn {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::Turn(super::Excerpt::new(turn))),
        };
        pos.castling = castling(rights)?;
        pos.ep_square = match ep {
            "-" => None,
            _ => Some(
                ep_square(ep.as_bytes())
                    .ok_or_else(|| FenError::EnPassant(super::Excerpt::new(ep)))?,
            ),
        };
        if count >= 5 {
            pos.halfmoves = number(half.as_bytes())
                .ok_or_else(|| FenError::Halfmove(super::Excerpt::new(half)))?;
        }
        if count == 6 {
            pos.fullmoves = number(full.as_bytes())
                .ok_or_else(|| FenError::Fullmove(super::Excerpt::new(full)))?;
        }
        pos.validated()
    }

    /// `self` checked as [`Position::from_fen`] checks a placement, with its checkers and pins
    /// worked out: the last step of every way to make a position (FEN or
    /// [`Setup`](super::Setup)).
    pub(super) fn validated(mut self) -> Result<Position, FenError> {
        self.validate()?;
        self.checkers = self.find_checkers();
        self.pinned = self.find_pinned();
        Ok(self)
    }

    /// The checks on the pieces that make the rules defined (see [`Position::from_fen`]).
    fn validate(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            let count = self.pieces(color, Role::King).count();
            if count != 1 {
                return Err(FenError::KingCount {
                    color,
                    count: capped(count as usize),
                });
            }
        }
        let back_ranks = Bitboard::RANK_1 | Bitboard::RANK_8;
        if let Some(square) = (self.by_role(Role::Pawn) & back_ranks).first() {
            return Err(FenError::PawnOnBackRank(square));
        }
        let waiting = self.turn.other();
        if self.is_attacked(self.king(waiting), self.turn) {
            return Err(FenError::OppositeCheck(waiting));
        }
        for (letter, rook) in CASTLING {
            let color = if rook.rank() == Rank::First {
                Color::White
            } else {
                Color::Black
            };
            let king = Square::from_coords(File::E, rook.rank());
            if self.castling.contains(rook)
                && !(self.pieces(color, Role::Rook).contains(rook)
                    && self.pieces(color, Role::King).contains(king))
            {
                return Err(FenError::CastlingRight(letter));
            }
        }
        if let Some(ep) = self.ep_square {
            // The side that just moved is `waiting`; its pawn skipped `ep` from `origin`.
            let (rank, forward) = match self.turn {
                Color::White => (Rank::Sixth, 8),
                Color::Black => (Rank::Third, -8),
            };
            let pushed = Square::from_index((ep as i8 - forward) as u8);
            let origin = Square::from_index((ep as i8 + forward) as u8);
            let ok = ep.rank() == rank
                && pushed.is_some_and(|sq| self.pieces(waiting, Role::Pawn).contains(sq))
                && origin.is_some_and(|sq| !self.occupied().contains(sq))
                && !self.occupied().contains(ep);
            if !ok {
                return Err(FenError::EnPassantSquare(ep));
            }
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// Same as [`Position::from_fen`].
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl Position {
    /// Writes the placement field.
    pub(super) fn write_placement(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        f.write_char(piece.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank != Rank::First {
                f.write_char('/')?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    /// The FEN, all six fields, castling in `KQkq` order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_placement(f)?;
        write!(f, " {} ", self.turn.char())?;
        if self.castling.is_empty() {
            f.write_char('-')?;
        }
        for (letter, rook) in CASTLING {
            if self.castling.contains(rook) {
                f.write_char(letter)?;
            }
        }
        match self.ep_square {
            Some(sq) => write!(f, " {sq}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmoves, self.fullmoves)
    }
}

/// A position with no pieces, White to move, move 1: what a FEN reader fills in.
const fn blank() -> Position {
    Position {
        by_role: [Bitboard::EMPTY; 6],
        by_color: [Bitboard::EMPTY; 2],
        turn: Color::White,
        castling: Bitboard::EMPTY,
        ep_square: None,
        halfmoves: 0,
        fullmoves: 1,
        checkers: Bitboard::EMPTY,
        pinned: Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    //! The one-pass reader against the reader it replaced (split on white space and `/`, then
    //! each field parsed alone), kept here as the oracle: the same positions, the same errors.

    use super::*;
    use proptest::prelude::*;

    fn oracle_placement(text: &str, pos: &mut Position) -> Result<(), FenError> {
        let ranks = text.split('/').count();
        if ranks != 8 {
            return Err(FenError::RankCount {
                count: capped(ranks),
            });
        }
        for (row, rank_text) in text.split('/').enumerate() {
            let rank = Rank::ALL[7 - row];
            let mut files = 0usize;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    files += d as usize;
                } else if let Some(piece) = Piece::from_char(c) {
                    if let Some(file) = u8::try_from(files).ok().and_then(File::from_index) {
                        let square = Square::from_coords(file, rank);
                        pos.by_role[piece.role as usize].insert(square);
                        pos.by_color[piece.color as usize].insert(square);
                    }
                    files += 1;
                } else {
                    return Err(FenError::PlacementChar { rank, char: c });
                }
            }
            if files != 8 {
                return Err(FenError::RankFiles {
                    rank,
                    files: capped(files),
                });
            }
        }
        Ok(())
    }

    fn oracle_castling(text: &str) -> Result<Bitboard, FenError> {
        let mut rights = Bitboard::EMPTY;
        if text == "-" {
            return Ok(rights);
        }
        for c in text.chars() {
            match CASTLING.iter().find(|&&(letter, _)| letter == c) {
                Some(&(_, rook)) if !rights.contains(rook) => rights.insert(rook),
                _ => return Err(FenError::Castling(crate::position::Excerpt::new(text))),
            };
        }
        if rights.is_empty() {
            return Err(FenError::Castling(crate::position::Excerpt::new(text)));
        }
        Ok(rights)
    }

    fn oracle_number(text: &str) -> Option<u32> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse().ok()
    }

    fn oracle(fen: &str) -> Result<Position, FenError> {
        use crate::position::Excerpt;
        let count = fen.split_ascii_whitespace().count();
        if !(4..=6).contains(&count) {
            return Err(FenError::FieldCount {
                count: capped(count),
            });
        }
        let mut fields = fen.split_ascii_whitespace();
        let mut field = || fields.next().unwrap_or("");
        let (board, turn, rights, ep, half, full) =
            (field(), field(), field(), field(), field(), field());
        let mut pos = blank();
        oracle_placement(board, &mut pos)?;
        pos.turn = match turn {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return Err(FenError::Turn(Excerpt::new(turn))),
        };
        pos.castling = oracle_castling(rights)?;
        pos.ep_square = match ep {
            "-" => None,
            _ => Some(
                ep.parse::<Square>()
                    .ok()
                    .filter(|_| ep.bytes().all(|b| !b.is_ascii_uppercase()))
                    .ok_or(FenError::EnPassant(Excerpt::new(ep)))?,
            ),
        };
        if count >= 5 {
            pos.halfmoves = oracle_number(half).ok_or(FenError::Halfmove(Excerpt::new(half)))?;
        }
        if count == 6 {
            pos.fullmoves = oracle_number(full).ok_or(FenError::Fullmove(Excerpt::new(full)))?;
        }
        pos.validated()
    }

    /// Valid FENs to mutate: the perft positions, castling, en passant, counters, checks.
    const VALID: [&str; 10] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "4k3/8/8/8/8/8/8/4K2N b - -",
        "  4k3/1q6/8/8/4N3/8/8/4R1K1\tw - - 12 4294967295 ",
        "4k3/8/8/8/8/5n2/8/r3K3 w - - 99 100",
    ];

    /// Characters that make FEN fields, wrong ones and every kind of ASCII white space
    /// (vertical tab is not one), and two non-ASCII ones.
    const ALPHABET: &[char] = &[
        'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', 'w', 'a', 'e', 'h', 'E', 'x',
        '0', '1', '2', '3', '6', '7', '8', '9', '/', '-', '+', ' ', '\t', '\n', '\x0c', '\r',
        '\x0b', 'é', '\u{a0}',
    ];

    fn check(fen: &str) {
        assert_eq!(Position::from_fen(fen), oracle(fen), "{fen:?}");
    }

    #[test]
    fn agrees_with_the_oracle_on_chosen_cases() {
        let cases = [
            "",
            "   ",
            "8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/8 w - - 0 1 2",
            "8/8/8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8/8/8/8/8/8/ w - - 0 1",
            "/8/8/8/8/8/8/8 w - - 0 1",
            "8/8/x w - - 0 1",
            "8/8/8/8/8/8/8/7 w - - 0 1",
            "8/8/8/8/8/8/8/9 w - - 0 1",
            "8/8/8/8/8/8/8/44444444 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2Né w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2N\u{a0}w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2N\x0bw - - 0 1",
            "4k3/8/8/8/8/8/8/4K2NN w - - 0 1",
            "4k3/8/8/8/8/8/8/4K2N x - - 0 1",
            "4k3/8/8/8/8/8/8/4K2N w KK - 0 1",
            "4k3/8/8/8/8/8/8/4K2N w -- - 0 1",
            "4k3/8/8/8/8/8/8/4K2N w - E3 0 1",
            "4k3/8/8/8/8/8/8/4K2N w - e9 0 1",
            "4k3/8/8/8/8/8/8/4K2N w - é 0 1",
            "4k3/8/8/8/8/8/8/4K2N w - - +1 1",
            "4k3/8/8/8/8/8/8/4K2N w - - 0 4294967296",
            "4k3/8/8/8/8/8/8/4K2N w - - 0 00000000004294967295",
        ];
        for fen in cases.into_iter().chain(VALID) {
            check(fen);
        }
        let many = "8/".repeat(300) + " w - - 0 1";
        check(&many);
        let fields = "x ".repeat(300);
        check(&fields);
    }

    /// [`read_fast`] answers exactly when [`read_exact`] reads a whole placement, with the
    /// same end and bitboards.
    fn check_fast(text: &str) {
        let mut pos = blank();
        let exact = read_exact(text, &mut pos).and_then(|stop| {
            let end = stop.end;
            finish(stop).map(|()| end)
        });
        let fast = read_fast(text.as_bytes());
        match (exact, fast) {
            (Ok(end), Some((fast_end, boards))) => {
                assert_eq!(end, fast_end, "{text:?}");
                let exact: Vec<u64> = pos
                    .by_role
                    .iter()
                    .chain(&pos.by_color)
                    .map(|b| b.0)
                    .collect();
                assert_eq!(exact, boards, "{text:?}");
            }
            (Err(_), None) => {}
            (exact, fast) => panic!("{text:?}: exact {exact:?}, fast {fast:?}"),
        }
    }

    #[test]
    fn the_fast_placement_reader_on_chosen_cases() {
        let cases = [
            "",
            "8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/8/",
            "/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/7",
            "8/8/8/8/8/8/8/9",
            "8/8/8/8/8/8/8/44",
            "8/8/8/8/8/8/8/4444",
            "8/8/8/8/8/8/8/pppppppp",
            "8/8/8/8/8/8/8/ppppppppp",
            "7/9/8/8/8/8/8/8",
            "9/7/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/7é",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw",
        ];
        for text in cases.into_iter().chain(VALID) {
            check_fast(text);
        }
        assert!(read_fast(VALID[0].as_bytes()).is_some());
    }

    fn mutated() -> impl Strategy<Value = String> {
        let edit = (
            any::<proptest::sample::Index>(),
            0..3u8,
            proptest::sample::select(ALPHABET),
        );
        (
            proptest::sample::select(&VALID[..]),
            proptest::collection::vec(edit, 1..4),
        )
            .prop_map(|(fen, edits)| {
                let mut chars: Vec<char> = fen.chars().collect();
                for (at, kind, c) in edits {
                    let i = at.index(chars.len() + 1);
                    match kind {
                        0 if i < chars.len() => chars[i] = c,
                        1 if i < chars.len() => {
                            chars.remove(i);
                        }
                        _ => chars.insert(i, c),
                    }
                }
                chars.into_iter().collect()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn agrees_with_the_oracle_on_mutated_fens(fen in mutated()) {
            check(&fen);
        }

        #[test]
        fn the_fast_placement_reader_takes_what_the_exact_one_reads(fen in mutated()) {
            check_fast(&fen);
        }

        #[test]
        fn agrees_with_the_oracle_on_random_text(
            chars in proptest::collection::vec(proptest::sample::select(ALPHABET), 0..90)
        ) {
            check(&chars.into_iter().collect::<String>());
        }
    }
}
