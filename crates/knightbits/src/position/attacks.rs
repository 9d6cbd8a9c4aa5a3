//! Attacks of every piece of a position: attack sets, attackers, checkers and pins.
//!
//! An attack set holds every square a piece could capture on if an enemy piece stood there:
//! squares of its own side are included (they are defended), knights, kings and pawns ignore
//! occupancy (pawns attack their two forward diagonals, never the square in front), and
//! bishops, rooks and queens stop at, and include, the first occupied square of each ray.

use super::{Position, Role};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::Square;
use crate::{king, knight, pawn, slider};

impl Position {
    /// The squares attacked by the pieces of `color` and `role`, with the board's occupancy
    /// (knights ignore it, as the wiki defines knight attack sets).
    ///
    /// ```
    /// use knightbits::position::{Position, Role};
    /// use knightbits::{Color, Square};
    /// let start = Position::start();
    /// let knights = start.attacks_by(Color::White, Role::Knight);
    /// assert_eq!(knights.count(), 6); // a3 c3 d2 e2 f3 h3
    /// assert!(knights.contains(Square::D2)); // an own pawn stands there: it is defended
    /// assert_eq!(start.attacks_by(Color::White, Role::Rook).count(), 4); // a2 b1 g1 h2
    /// ```
    pub fn attacks_by(&self, color: Color, role: Role) -> Bitboard {
        self.attacks_by_with(color, role, self.occupied())
    }

    /// [`Position::attacks_by`] with `occupied` in place of the board's occupancy.
    fn attacks_by_with(&self, color: Color, role: Role, occupied: Bitboard) -> Bitboard {
        let pieces = self.pieces(color, role);
        match role {
            Role::Pawn => pawn::attacks_set(color, pieces),
            Role::Knight => knight::attacks_set(pieces),
            Role::King => king::attacks_set(pieces),
            Role::Bishop => pieces.into_iter().fold(Bitboard::EMPTY, |acc, sq| {
                acc | slider::bishop_attacks(sq, occupied)
            }),
            Role::Rook => pieces.into_iter().fold(Bitboard::EMPTY, |acc, sq| {
                acc | slider::rook_attacks(sq, occupied)
            }),
            Role::Queen => pieces.into_iter().fold(Bitboard::EMPTY, |acc, sq| {
                acc | slider::queen_attacks(sq, occupied)
            }),
        }
    }

    /// Every square `color` attacks: the union of [`Position::attacks_by`] over the six roles.
    ///
    /// ```
    /// use knightbits::position::Position;
    /// use knightbits::Color;
    /// assert_eq!(Position::start().attacks(Color::White).count(), 22);
    /// ```
    pub fn attacks(&self, color: Color) -> Bitboard {
        self.attacks_with(color, self.occupied())
    }

    /// [`Position::attacks`] with `occupied` in place of the board's occupancy.
    pub(super) fn attacks_with(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let pieces = self.by_color(color);
        let queens = self.by_role(Role::Queen);
        let mut attacks = pawn::attacks_set(color, pieces & self.by_role(Role::Pawn))
            | knight::attacks_set(pieces & self.by_role(Role::Knight))
            | king::attacks_set(pieces & self.by_role(Role::King));
        // A queen's attacks are a bishop's and a rook's: two loops instead of three.
        for sq in pieces & (self.by_role(Role::Bishop) | queens) {
            attacks |= slider::bishop_attacks(sq, occupied);
        }
        for sq in pieces & (self.by_role(Role::Rook) | queens) {
            attacks |= slider::rook_attacks(sq, occupied);
        }
        attacks
    }

    /// The pieces of `by` that attack `square` (whatever stands on it).
    ///
    /// ```
    /// use knightbits::position::Position;
    /// use knightbits::{Bitboard, Color, Square};
    /// let pos: Position = "4k3/8/8/3p4/8/2N5/8/3RK3 w - - 0 1".parse()?;
    /// assert_eq!(pos.attackers_of(Square::D5, Color::White), Bitboard::from_square(Square::C3) | Square::D1);
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    pub fn attackers_of(&self, square: Square, by: Color) -> Bitboard {
        self.attackers_with(square, by, self.occupied())
    }

    fn attackers_with(&self, square: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let queens = self.by_role(Role::Queen);
        let diagonal =
            slider::bishop_attacks(square, occupied) & (self.by_role(Role::Bishop) | queens);
        let straight = slider::rook_attacks(square, occupied) & (self.by_role(Role::Rook) | queens);
        let steppers = (knight::attacks(square) & self.by_role(Role::Knight))
            | (king::attacks(square) & self.by_role(Role::King))
            | (pawn::attacks(by.other(), square) & self.by_role(Role::Pawn));
        (diagonal | straight | steppers) & self.by_color(by)
    }

    /// Does some piece of `by` attack `square`?
    ///
    /// ```
    /// use knightbits::position::Position;
    /// use knightbits::{Color, Square};
    /// let start = Position::start();
    /// assert!(start.is_attacked(Square::F3, Color::White));
    /// assert!(!start.is_attacked(Square::E4, Color::White));
    /// ```
    #[inline]
    pub fn is_attacked(&self, square: Square, by: Color) -> bool {
        self.attackers_of(square, by).any()
    }

    /// The enemy pieces giving check to the king of the side to move (empty, one or two
    /// squares; more in unreachable positions).
    ///
    /// ```
    /// use knightbits::position::Position;
    /// use knightbits::{Bitboard, Square};
    /// let pos: Position = "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1".parse()?;
    /// assert_eq!(pos.checkers(), Bitboard::from_square(Square::A1) | Square::F3);
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Computes [`Position::checkers`] from the pieces (done once, when the position is made).
    pub(super) fn find_checkers(&self) -> Bitboard {
        self.attackers_of(self.king(self.turn()), self.turn().other())
    }

    /// Is the side to move in check?
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The pieces of the side to move pinned to their king: each is the only piece between
    /// the king and an enemy bishop, rook or queen that moves along that line.
    ///
    /// ```
    /// use knightbits::position::Position;
    /// use knightbits::{Bitboard, Square};
    /// // The knight on d2 is pinned by the bishop on b4; the one on g1 is free.
    /// let pos: Position = "4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1".parse()?;
    /// assert_eq!(pos.pinned(), Bitboard::from_square(Square::D2));
    /// assert!(pos.legal_knight_moves().iter().all(|m| m.from == Square::G1));
    /// # Ok::<(), knightbits::position::FenError>(())
    /// ```
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }

    /// Computes [`Position::pinned`] from the pieces (done once, when the position is made).
    pub(super) fn find_pinned(&self) -> Bitboard {
        let us = self.turn();
        let king = self.king(us);
        let them = self.by_color(us.other());
        let queens = self.by_role(Role::Queen);
        let snipers = ((slider::rook_attacks(king, them) & (self.by_role(Role::Rook) | queens))
            | (slider::bishop_attacks(king, them) & (self.by_role(Role::Bishop) | queens)))
            & them;
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = slider::between(king, sniper) & self.occupied();
            if !blockers.has_more_than_one() {
                pinned |= blockers & self.by_color(us);
            }
        }
        pinned
    }
}
