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

impl Move {
    /// The order of UCI text: by origin file, origin rank, destination file, destination rank.
    fn uci_key(self) -> (File, Rank, File, Rank) {
        (
            self.from.file(),
            self.from.rank(),
            self.to.file(),
            self.to.rank(),
        )
    }
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

    /// Appends `m`; the capacity argument above shows the list never overflows.
    fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Keeps the moves for which `keep` holds, in order.
    pub(super) fn filtered(&self, mut keep: impl FnMut(Move) -> bool) -> MoveList {
        let mut out = MoveList::new();
        for &m in self.iter() {
            if keep(m) {
                out.push(m);
            }
        }
        out
    }

    fn sort(&mut self) {
        let len = self.len;
        if let Some(moves) = self.moves.get_mut(..len) {
            moves.sort_unstable_by_key(|m| m.uci_key());
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

/// The squares of `bb` in UCI text order: file a first, and within a file rank 1 first. The
/// a1-h8 transpose turns that order into LERF order, so moves come out sorted without a sort.
fn uci_order(bb: Bitboard) -> impl Iterator<Item = Square> {
    bb.flip_diagonal()
        .into_iter()
        .map(|t| Square::from_coords(File::ALL[t.rank() as usize], Rank::ALL[t.file() as usize]))
}

impl Position {
    /// Appends a move from `from` to each square of `targets` in UCI order, quiet or capture.
    fn push_moves(&self, list: &mut MoveList, from: Square, targets: Bitboard) {
        let them = self.them();
        for to in uci_order(targets) {
            let kind = if them.contains(to) {
                MoveKind::Capture
            } else {
                MoveKind::Quiet
            };
            list.push(Move { from, to, kind });
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
        let checkers = self.checkers();
        let mut list = MoveList::new();
        if checkers.has_more_than_one() {
            return list;
        }
        let mut targets = !self.us();
        if let Some(checker) = checkers.first() {
            targets &= slider::between(self.king(self.turn()), checker).with(checker);
        }
        for from in uci_order(self.pieces(self.turn(), Role::Knight) - self.pinned()) {
            self.push_moves(&mut list, from, knight::attacks(from) & targets);
        }
        list
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
        let mut list = MoveList::new();
        self.push_moves(&mut list, from, king::attacks(from) & !self.us());
        if castling {
            self.push_castlings(&mut list, Bitboard::EMPTY);
        }
        list.sort();
        list
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
        let us = self.turn();
        let from = self.king(us);
        let attacked = self.attacks_with(us.other(), self.occupied().without(from));
        let mut list = MoveList::new();
        self.push_moves(
            &mut list,
            from,
            king::attacks(from) & !self.us() & !attacked,
        );
        if castling && !attacked.contains(from) {
            self.push_castlings(&mut list, attacked);
        }
        list.sort();
        list
    }

    /// Appends the castlings whose right exists, with empty squares between king and rook and
    /// no square of `attacked` on the king's path (its two steps).
    fn push_castlings(&self, list: &mut MoveList, attacked: Bitboard) {
        let king = self.king(self.turn());
        let rights = self.castling_rights() & self.us();
        for rook in rights {
            let (kind, file) = if rook.file() == File::H {
                (MoveKind::CastleKingSide, File::G)
            } else {
                (MoveKind::CastleQueenSide, File::C)
            };
            let to = Square::from_coords(file, king.rank());
            let path = slider::between(king, to).with(to);
            if (slider::between(king, rook) & self.occupied()).is_empty()
                && (path & attacked).is_empty()
            {
                list.push(Move {
                    from: king,
                    to,
                    kind,
                });
            }
        }
    }
}
