//! One module per subcommand: its arguments and its run function.

pub mod attacks;
pub mod convert;
pub mod count;
pub mod count_tours;
pub mod distance;
pub mod fill;
pub mod forks;
pub mod moves;
pub mod reach;
pub mod serve;
pub mod show;
pub mod tour;

use knightbits::Bitboard;

use crate::error::CliError;

/// Reads a bitboard argument in any accepted form.
pub fn bitboard(text: &str) -> Result<Bitboard, CliError> {
    text.parse()
        .map_err(|e| CliError::input("bitboard", text, e))
}

/// Reads a bitboard argument given in `numbering`, as a LERF bitboard.
pub fn read_in(
    text: &str,
    numbering: knightbits::mapping::Numbering,
) -> Result<Bitboard, CliError> {
    numbering
        .parse(text)
        .map_err(|e| CliError::input("bitboard", text, e))
}

/// Reads a board size `WxH`.
pub fn board(text: &str) -> Result<knightbits_board::Board, CliError> {
    text.parse().map_err(|e| CliError::input("board", text, e))
}

/// Reads a square of `board`: a name like `c3`, or `file,rank` counted from 0.
pub fn board_square(
    board: knightbits_board::Board,
    what: &str,
    text: &str,
) -> Result<knightbits_board::Coord, CliError> {
    board
        .parse_coord(text)
        .map_err(|e| CliError::input(what, text, e))
}

/// Reads a named choice (a method, a numbering) with the library's parser.
pub fn choice<T: std::str::FromStr>(what: &str, text: &str, valid: &str) -> Result<T, CliError>
where
    T::Err: std::fmt::Display,
{
    text.parse().map_err(|e| {
        if valid.is_empty() {
            CliError::input(what, text, e)
        } else {
            CliError::input(what, text, format!("{e}; expected {valid}"))
        }
    })
}

/// The piece whose pattern a subcommand uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Piece {
    /// The knight.
    Knight,
    /// The king.
    King,
}

impl Piece {
    /// The library's role for this piece.
    pub fn role(self) -> knightbits::Role {
        match self {
            Piece::Knight => knightbits::Role::Knight,
            Piece::King => knightbits::Role::King,
        }
    }
}
