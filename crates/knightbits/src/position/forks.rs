//! Knight forks in a position (the wiki's "Knight Forks"): fork squares, the legal knight
//! moves onto them, the forced ones and the royal ones.

use super::moves::knight_moves_onto;
use super::{Move, MoveList, Position, Role};
use crate::bitboard::Bitboard;
use crate::{knight, pawn};

/// The knight forks of the side to move against a set of target squares; made by
/// [`Position::forks`] and [`Position::forks_against`].
///
/// ```
/// use knightbits::position::Position;
/// use knightbits::{Bitboard, Square};
/// // White knight d5; black queen a8, king e8, rook h8; the black knight on e6 guards c7.
/// let pos: Position = "q3k2r/3p4/4n3/3N4/8/8/8/4K3 w - - 0 1".parse()?;
/// let forks = pos.forks();
/// assert!(forks.squares.contains(Square::C7)); // attacks a8 and e8
/// assert_eq!(forks.moves.to_string(), "d5c7");
/// assert!(forks.forced_moves.is_empty()); // the knight on e6 would take it
/// assert_eq!(forks.royal_moves.to_string(), "d5c7"); // check and the queen
/// # Ok::<(), knightbits::position::FenError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forks {
    /// Every square, empty or occupied, from which a knight attacks at least two targets:
    /// [`knight::fork_squares`] of the targets.
    pub squares: Bitboard,
    /// The legal knight moves of the side to move that land on one of `squares`.
    pub moves: MoveList,
    /// The wiki's forced forks: the `moves` whose destination no enemy pawn or knight
    /// attacks, so the forking knight cannot simply be taken by a minor piece or pawn.
    pub forced_moves: MoveList,
    /// Royal forks: the legal knight moves after which the knight itself attacks the enemy
    /// king (gives check) and at least one enemy queen. They do not depend on the targets.
    pub royal_moves: MoveList,
}

impl Position {
    /// The roles a knight fork is about by default: king, queen and rook.
    pub const FORK_ROLES: [Role; 3] = [Role::King, Role::Queen, Role::Rook];

    /// The default fork targets: the pieces of [`Position::FORK_ROLES`] (king, queens and
    /// rooks) of the side not to move.
    ///
    /// ```
    /// use knightbits::position::{Position, Role};
    /// use knightbits::Color;
    /// let start = Position::start();
    /// assert_eq!(start.fork_targets(), start.targets(&[Role::King, Role::Queen, Role::Rook]));
    /// assert_eq!(start.fork_targets().count(), 4);
    /// ```
    pub fn fork_targets(&self) -> Bitboard {
        self.targets(&Position::FORK_ROLES)
    }

    /// The pieces of the side not to move with one of `roles` (for example from the letters
    /// of a `--targets kqr` option, read with [`Role::from_char`]).
    pub fn targets(&self, roles: &[Role]) -> Bitboard {
        let them = self.turn().other();
        roles
            .iter()
            .fold(Bitboard::EMPTY, |acc, &role| acc | self.pieces(them, role))
    }

    /// The knight forks of the side to move against [`Position::fork_targets`].
    pub fn forks(&self) -> Forks {
        self.forks_against(self.fork_targets())
    }

    /// The knight forks of the side to move against `targets` (any set of squares).
    pub fn forks_against(&self, targets: Bitboard) -> Forks {
        let sets = self.fork_sets(targets);
        Forks {
            squares: sets.squares,
            moves: MoveList::from_moves(sets.moves()),
            forced_moves: MoveList::from_moves(sets.forced_moves()),
            royal_moves: MoveList::from_moves(sets.royal_moves()),
        }
    }

    /// The knight forks of [`Position::forks_against`] as sets of squares, the moves spelt
    /// out only when iterated: no list is filled, the form for batches of many positions.
    ///
    /// ```
    /// use knightbits::position::Position;
    /// let pos: Position = "q3k2r/3p4/4n3/3N4/8/8/8/4K3 w - - 0 1".parse()?;
    /// let sets = pos.fork_sets(pos.fork_targets());
    /// let forks = pos.forks();
    /// assert_eq!(sets.squares, forks.squares);
    /// assert!(sets.moves().eq(forks.moves.iter().copied()));
    /// assert!(sets.royal_moves().eq(forks.royal_moves.iter().copied()));
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn fork_sets(&self, targets: Bitboard) -> ForkSets {
        let them = self.turn().other();
        let legal = self.legal_knight_move_sets();
        let guarded = pawn::attacks_set(them, self.pieces(them, Role::Pawn))
            | knight::attacks_set(self.pieces(them, Role::Knight));
        // Knight jumps are symmetric: a knight on `s` attacks the king exactly when `s` is one
        // of the king's knight squares, and a queen when `s` is one of that queen's.
        let royal =
            knight::attacks(self.king(them)) & knight::attacks_set(self.pieces(them, Role::Queen));
        ForkSets {
            squares: knight::fork_squares(targets),
            knights: legal.knights,
            onto: legal.targets,
            them: self.them(),
            guarded,
            royal,
        }
    }
}

/// The knight forks of the side to move as sets, made by [`Position::fork_sets`]: the same
/// moves as [`Forks`] (and in the same order) when iterated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForkSets {
    /// Every square from which a knight attacks at least two targets, as [`Forks::squares`].
    pub squares: Bitboard,
    /// The knights of the side to move that may move at all.
    knights: Bitboard,
    /// The squares a legal knight move may land on (not an own piece; in check, the checker or
    /// a square between it and the king).
    onto: Bitboard,
    /// The pieces of the side to move's opponent.
    them: Bitboard,
    /// The squares an enemy pawn or knight attacks.
    guarded: Bitboard,
    /// The squares from which a knight attacks the enemy king and at least one enemy queen.
    royal: Bitboard,
}

impl ForkSets {
    /// The legal knight moves onto a fork square ([`Forks::moves`]), in UCI order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + use<> {
        knight_moves_onto(self.knights, self.onto & self.squares, self.them)
    }

    /// The moves onto a fork square that no enemy pawn or knight attacks
    /// ([`Forks::forced_moves`]), in UCI order.
    pub fn forced_moves(&self) -> impl Iterator<Item = Move> + use<> {
        knight_moves_onto(
            self.knights,
            self.onto & self.squares & !self.guarded,
            self.them,
        )
    }

    /// The legal knight moves after which the knight attacks the enemy king and a queen
    /// ([`Forks::royal_moves`]), in UCI order.
    pub fn royal_moves(&self) -> impl Iterator<Item = Move> + use<> {
        knight_moves_onto(self.knights, self.onto & self.royal, self.them)
    }
}
