//! Piece kinds ([`Role`]) and coloured pieces ([`Piece`]).

use core::fmt;
use core::str::FromStr;

use crate::color::Color;

/// The kind of a chess piece, without its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Role {
    /// A pawn.
    Pawn,
    /// A knight.
    Knight,
    /// A bishop.
    Bishop,
    /// A rook.
    Rook,
    /// A queen.
    Queen,
    /// A king.
    King,
}

impl Role {
    /// All six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The lower-case letter: `p n b r q k`.
    ///
    /// ```
    /// use knightbits::position::Role;
    /// assert_eq!(Role::Knight.char(), 'n');
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role of a letter `p n b r q k`, either case.
    ///
    /// ```
    /// use knightbits::position::Role;
    /// assert_eq!(Role::from_char('Q'), Some(Role::Queen));
    /// assert_eq!(Role::from_char('x'), None);
    /// ```
    #[inline]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// The English name in lower case: `pawn`, `knight`, …
    #[inline]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// The role with this colour.
    #[inline]
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

impl fmt::Display for Role {
    /// The English name: `pawn`, `knight`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text was not a role name (`pawn knight bishop rook queen king`) or letter (`p n b r q k`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseRoleError;

impl fmt::Display for ParseRoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid piece: expected pawn, knight, bishop, rook, queen or king")
    }
}

impl core::error::Error for ParseRoleError {}

impl FromStr for Role {
    type Err = ParseRoleError;

    /// Reads a role's English name or its letter, any case.
    ///
    /// ```
    /// use knightbits::position::Role;
    /// assert_eq!("knight".parse(), Ok(Role::Knight));
    /// assert_eq!("K".parse(), Ok(Role::King));
    /// assert!("horse".parse::<Role>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Role, ParseRoleError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return Role::from_char(c).ok_or(ParseRoleError);
        }
        Role::ALL
            .into_iter()
            .find(|role| s.eq_ignore_ascii_case(role.name()))
            .ok_or(ParseRoleError)
    }
}

/// A piece: a role and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for white (`N`), lower case for black (`n`).
    ///
    /// ```
    /// use knightbits::position::{Piece, Role};
    /// use knightbits::Color;
    /// assert_eq!(Role::Knight.of(Color::White).char(), 'N');
    /// assert_eq!(Piece::from_char('q'), Some(Role::Queen.of(Color::Black)));
    /// ```
    #[inline]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.char().to_ascii_uppercase(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece of a FEN letter (`PNBRQK` white, `pnbrqk` black).
    #[inline]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }

    /// The Unicode chess symbol: `♘` for a white knight, `♞` for a black one.
    #[inline]
    pub const fn symbol(self) -> char {
        let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
        let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
        match self.color {
            Color::White => white[self.role as usize],
            Color::Black => black[self.role as usize],
        }
    }
}

impl fmt::Display for Piece {
    /// The FEN letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}
