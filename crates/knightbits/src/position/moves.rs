//! Knight and king moves of a position: [`Move`], the fixed-capacity [`MoveList`], and the
//! legal and pseudo-legal generators.

use core::fmt;

use super::{Position, Role};
use crate::bitboard::Bitboard;
use crate::square::{File, Rank, Square};
use crate::{king, knight, slider};

/// What a [`Move`] does besides going from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveKind {
    /// To an empty square.
    Quiet,
    /// Takes the enemy piece on the destination.
    Capture,
    /// Castling towards the h-file (the king goes from e to g).
    CastleKingSide,
    /// Castling towards the a-file (the king goes from e to c).
    CastleQueenSide,
}

/// A knight or king move. For castling, `from` and `to` are the king's squares (`e1g1`).
///
/// `Display` is the UCI notation.
///
/// ```
/// use knightbits::position::{Move, MoveKind};
/// use knightbits::Square;
/// let m = Move { from: Square::G1, to: Square::F3, kind: MoveKind::Quiet };
/// assert_eq!(m.to_string(), "g1f3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece lands on.
    pub to: Square,
    /// Quiet, capture or castling.
    pub kind: MoveKind,
}

impl fmt::Display for Move {
    /// UCI: origin then destination square, `g1f3`; castling as the king's move, `e1g1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// A list of moves in a fixed array (no allocation), in UCI text order.
///
/// [`MoveList::CAPACITY`] is enough for every position: the knight graph of the board has 168
/// edges and each edge gives at most one knight move of one side (a move leaves an own knight
/// for a square without an own piece, so never both ways), plus at most 8 king steps and 2
/// castlings.
///
/// ```
/// use knightbits::position::Position;
/// let moves = Position::start().legal_knight_moves();
/// assert_eq!(moves.len(), 4);
/// let uci: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(uci, ["b1a3", "b1c3", "g1f3", "g1h3"]);
/// ```
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

const NO_MOVE: Move = Move {
    from: Square::A1,
    to: Square::A1,
    kind: MoveKind::Quiet,
};

impl MoveList {
    /// The most moves a list holds: 168 knight moves + 8 king steps + 2 castlings.
    pub const CAPACITY: usize = 178;

    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: [NO_MOVE; MoveList::CAPACITY],
            len: 0,
        }
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        self.moves.get(..self.len).unwrap_or(&[])
    }

    /// The moves, in order.
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// How many moves.
    pub const fn len(&self) -> usize {
        self.len
    }

    /// No move at all?
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Does the list hold `m`?
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    /// The destination squares of all moves.
    pub fn destinations(&self) -> Bitboard {
        self.iter().map(|m| m.to).collect()
    }

    /// The list of `moves` (the capacity argument above bounds every list of one position).
    pub(super) fn from_moves(moves: impl IntoIterator<Item = Move>) -> MoveList {
        let mut list = MoveList::new();
        for m in moves {
            list.push(m);
        }
        list
    }

    /// Appends `m`; the capacity argument above shows the list never overflows.
    fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}

impl fmt::Display for MoveList {
    /// The moves in UCI separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, m) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The legal moves of one piece of the side to move, as a set: where it stands and every square
/// it may go to (for castling, the king's destination `c1`, `g1`, `c8` or `g8`). The form an
/// engine wants: no list to fill and no order to keep; [`PieceMoves::moves`] spells them out.
///
/// ```
/// use knightbits::position::Position;
/// use knightbits::Square;
/// let king = Position::start().legal_king_move_set(true);
/// assert_eq!(king.from, Square::E1);
/// assert!(king.is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceMoves {
    /// The square the piece leaves.
    pub from: Square,
    /// Every square it may move to.
    pub to: Bitboard,
}

impl PieceMoves {
    /// How many moves.
    #[inline]
    pub const fn len(&self) -> usize {
        self.to.count() as usize
    }

    /// No move at all?
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// The moves as `(from, to)` pairs, destinations in LERF order.
    #[inline]
    pub fn moves(self) -> impl Iterator<Item = (Square, Square)> {
        let from = self.from;
        self.to.into_iter().map(move |to| (from, to))
    }
}

/// The legal move sets of the knights of the side to move, one [`PieceMoves`] per knight that
/// may move at all (pinned knights and, in double check, every knight are left out; a set may
/// still be empty when every jump is blocked), knights in LERF order; made by
/// [`Position::legal_knight_move_sets`].
#[derive(Clone, Copy, Debug)]
pub struct MoveSets {
    pub(super) knights: Bitboard,
    pub(super) targets: Bitboard,
}

impl Iterator for MoveSets {
    type Item = PieceMoves;

    #[inline]
    fn next(&mut self) -> Option<PieceMoves> {
        let from = self.knights.pop_first()?;
        Some(PieceMoves {
            from,
            to: knight::attacks(from) & self.targets,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.knights.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for MoveSets {}

/// The squares of `bb` in UCI text order: file a first, and within a file rank 1 first. The
/// a1-h8 transpose turns that order into LERF order, so moves come out sorted without a sort.
fn uci_order(bb: Bitboard) -> impl Iterator<Item = Square> {
    bb.flip_diagonal().into_iter().map(transposed)
}

/// A move from `from` to each square of `targets` in UCI order, a capture where `them` has a
/// piece, else quiet.
fn moves_from(from: Square, targets: Bitboard, them: Bitboard) -> impl Iterator<Item = Move> {
    uci_order(targets).map(move |to| Move {
        from,
        to,
        kind: if them.contains(to) {
            MoveKind::Capture
        } else {
            MoveKind::Quiet
        },
    })
}

/// The jumps of the knights on `knights` onto the squares of `onto`, in UCI order (knights
/// first, then destinations), a capture where `them` has a piece.
pub(super) fn knight_moves_onto(knights: Bitboard, onto: Bitboard, them: Bitboard) -> KnightJumps {
    // Most positions have no such move: one test of all the knights' jumps settles them.
    let knights = if (knight::attacks_set(knights) & onto).is_empty() {
        Bitboard::EMPTY
    } else {
        knights.flip_diagonal()
    };
    KnightJumps {
        knights,
        from: Square::A1,
        to: Bitboard::EMPTY,
        onto,
        them,
    }
}

/// The iterator of [`knight_moves_onto`]: the knights and the current knight's destinations
/// are kept transposed (a1-h8), so popping the lowest square gives UCI order.
pub(super) struct KnightJumps {
    knights: Bitboard,
    from: Square,
    to: Bitboard,
    onto: Bitboard,
    them: Bitboard,
}

/// The square whose transpose (a1-h8) is `t`.
fn transposed(t: Square) -> Square {
    Square::from_coords(File::ALL[t.rank() as usize], Rank::ALL[t.file() as usize])
}

impl Iterator for KnightJumps {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        while self.to.is_empty() {
            let from = transposed(self.knights.pop_first()?);
            let to = knight::attacks(from) & self.onto;
            if to.any() {
                self.from = from;
                self.to = to.flip_diagonal();
            }
        }
        let to = transposed(self.to.pop_first()?);
        let kind = if self.them.contains(to) {
            MoveKind::Capture
        } else {
            MoveKind::Quiet
        };
        Some(Move {
            from: self.from,
            to,
            kind,
        })
    }
}

impl Position {
    /// Appends a move from `from` to each square of `targets` in UCI order, quiet or capture.
    fn push_moves(&self, list: &mut MoveList, from: Square, targets: Bitboard) {
        for m in moves_from(from, targets, self.them()) {
            list.push(m);
        }
    }

    /// Pseudo-legal knight moves of the side to move: every knight's attacks `& !own`, pins and
    /// checks ignored. Sorted in UCI text order.
    ///
    /// ```
    /// use knightbits::position::Position;
    /// let pos: Position = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1".parse()?;
    /// assert_eq!(pos.pseudo_legal_knight_moves().len(), 6);
    /// assert!(pos.legal_knight_moves().is_empty()); // pinned
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn pseudo_legal_knight_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        for from in uci_order(self.pieces(self.turn(), Role::Knight)) {
            self.push_moves(&mut list, from, knight::attacks(from) & !self.us());
        }
        list
    }

    /// Legal knight moves of the side to move, sorted in UCI text order.
    ///
    /// A pinned knight never moves (every knight jump leaves the pin line); in check a knight
    /// may only capture the checker or step between a sliding checker and the king; in double
    /// check no knight moves.
    ///
    /// ```
    /// use knightbits::position::Position;
    /// // The rook on e8 checks along the e-file: the knight can only interpose on e3 or e5.
    /// let pos: Position = "4r2k/8/8/8/2N5/8/8/4K3 w - - 0 1".parse()?;
    /// let uci: Vec<String> = pos.legal_knight_moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(uci, ["c4e3", "c4e5"]);
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn legal_knight_moves(&self) -> MoveList {
        let sets = self.legal_knight_move_sets();
        let mut list = MoveList::new();
        for from in uci_order(sets.knights) {
            self.push_moves(&mut list, from, knight::attacks(from) & sets.targets);
        }
        list
    }

    /// The legal knight moves of the side to move as one destination set per knight
    /// ([`PieceMoves`]): the moves of [`Position::legal_knight_moves`] without a list or an
    /// order, the form to use where speed matters.
    ///
    /// ```
    /// use knightbits::position::Position;
    /// use knightbits::{Bitboard, Square};
    /// let sets: Vec<_> = Position::start().legal_knight_move_sets().collect();
    /// assert_eq!(sets.len(), 2);
    /// assert_eq!(sets[0].from, Square::B1);
    /// assert_eq!(sets[0].to, Bitboard::from_square(Square::A3) | Square::C3);
    /// ```
    pub fn legal_knight_move_sets(&self) -> MoveSets {
        let checkers = self.checkers();
        let mut targets = !self.us();
        let mut knights = self.pieces(self.turn(), Role::Knight) - self.pinned();
        if checkers.has_more_than_one() {
            knights = Bitboard::EMPTY;
        } else if let Some(checker) = checkers.first() {
            targets &= slider::between(self.king(self.turn()), checker).with(checker);
        }
        MoveSets { knights, targets }
    }

    /// Pseudo-legal king moves of the side to move: king attacks `& !own`, attacked squares
    /// included. With `castling`, also each castling the rights allow with the squares between
    /// king and rook empty (attacks on the king's path are not looked at). Sorted in UCI order.
    ///
    /// ```
    /// use knightbits::position::Position;
    /// let pos: Position = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse()?;
    /// assert_eq!(pos.pseudo_legal_king_moves(false).len(), 5);
    /// assert_eq!(pos.pseudo_legal_king_moves(true).to_string(), "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1");
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn pseudo_legal_king_moves(&self, castling: bool) -> MoveList {
        let from = self.king(self.turn());
        let mut to = king::attacks(from) & !self.us();
        let rights = self.castling_rights() & self.us();
        if castling && rights.any() {
            for c in &CASTLINGS[self.turn() as usize] {
                if rights.contains(c.rook) && c.empty.is_disjoint(self.occupied()) {
                    to.insert(c.to);
                }
            }
        }
        self.king_list(PieceMoves { from, to })
    }

    /// Legal king moves of the side to move, sorted in UCI text order.
    ///
    /// The king never goes to an attacked square; the attacks of enemy sliders are computed
    /// with the king itself removed from the board, so it cannot step back along a checking
    /// line. With `castling`, each castling is added when the right exists, every square
    /// between king and rook is empty, and the king is not in check and does not pass through
    /// or land on an attacked square (the rook's path may be attacked, as b1 in `e1c1`).
    ///
    /// ```
    /// use knightbits::position::Position;
    /// // The rook on a1 checks: e1 must leave the first rank, and cannot castle.
    /// let pos: Position = "4k3/8/8/8/8/8/8/r3K2R w K - 0 1".parse()?;
    /// assert_eq!(pos.legal_king_moves(true).to_string(), "e1d2 e1e2 e1f2");
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn legal_king_moves(&self, castling: bool) -> MoveList {
        self.king_list(self.legal_king_move_set(castling))
    }

    /// The legal king moves of the side to move as one destination set ([`PieceMoves`]),
    /// castling destinations included with `castling`: the moves of
    /// [`Position::legal_king_moves`] without a list or an order.
    ///
    ///
    /// ```
    /// use knightbits::position::Position;
    /// use knightbits::{Bitboard, Square};
    /// let pos: Position = "4k3/8/8/8/8/8/8/r3K2R w K - 0 1".parse()?;
    /// let king = pos.legal_king_move_set(true);
    /// assert_eq!(king.to, Bitboard::from_square(Square::D2) | Square::E2 | Square::F2);
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn legal_king_move_set(&self, castling: bool) -> PieceMoves {
        let us = self.turn();
        let from = self.king(us);
        // Every enemy attack with the king off the board, so that it cannot step back along a
        // checking line.
        let attacked = self.attacks_with(us.other(), self.occupied().without(from));
        let mut to = king::attacks(from) & !self.us() & !attacked;
        let rights = self.castling_rights() & self.us();
        if castling && rights.any() && !attacked.contains(from) {
            for c in &CASTLINGS[us as usize] {
                if rights.contains(c.rook)
                    && c.empty.is_disjoint(self.occupied())
                    && c.path.is_disjoint(attacked)
                {
                    to.insert(c.to);
                }
            }
        }
        PieceMoves { from, to }
    }

    /// The king moves of `set` as a list in UCI order: quiet, capture, or castling (a king
    /// move of two files).
    fn king_list(&self, set: PieceMoves) -> MoveList {
        let mut list = MoveList::new();
        let them = self.them();
        for to in uci_order(set.to) {
            let kind = match to.file() as i8 - set.from.file() as i8 {
                2 => MoveKind::CastleKingSide,
                -2 => MoveKind::CastleQueenSide,
                _ if them.contains(to) => MoveKind::Capture,
                _ => MoveKind::Quiet,
            };
            list.push(Move {
                from: set.from,
                to,
                kind,
            });
        }
        list
    }
}

/// One castling: the rook's corner, the king's destination, the squares between king and rook
/// (which must be empty) and the king's path (the squares it crosses and lands on, which must
/// not be attacked).
#[derive(Clone, Copy)]
struct Castling {
    rook: Square,
    to: Square,
    empty: Bitboard,
    path: Bitboard,
}

const fn castling(rook: Square, to: Square, king: Square) -> Castling {
    Castling {
        rook,
        to,
        empty: slider::between(king, rook),
        path: slider::between(king, to).with(to),
    }
}

/// The castlings of white and of black, king side first.
const CASTLINGS: [[Castling; 2]; 2] = [
    [
        castling(Square::H1, Square::G1, Square::E1),
        castling(Square::A1, Square::C1, Square::E1),
    ],
    [
        castling(Square::H8, Square::G8, Square::E8),
        castling(Square::A8, Square::C8, Square::E8),
    ],
];
