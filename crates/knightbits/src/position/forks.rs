//! Knight forks in a position (the wiki's "Knight Forks"): fork squares, the legal knight
//! moves onto them, the forced ones and the royal ones.

use super::{MoveList, Position, Role};
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
        let them = self.turn().other();
        let squares = knight::fork_squares(targets);
        let legal = self.legal_knight_moves();
        let moves = legal.filtered(|m| squares.contains(m.to));
        let guarded = pawn::attacks_set(them, self.pieces(them, Role::Pawn))
            | knight::attacks_set(self.pieces(them, Role::Knight));
        let forced_moves = moves.filtered(|m| !guarded.contains(m.to));
        let king = self.king(them);
        let queens = self.pieces(them, Role::Queen);
        let royal_moves = legal.filtered(|m| {
            let attacks = knight::attacks(m.to);
            attacks.contains(king) && !(attacks & queens).is_empty()
        });
        Forks {
            squares,
            moves,
            forced_moves,
            royal_moves,
        }
    }
}
