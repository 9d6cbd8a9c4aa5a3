//! Pictures beside the text output: `--svg FILE` (the library's SVG writer) and `--color`
//! (a Unicode board coloured with ANSI escapes when the output is a terminal).

use std::io::IsTerminal;
use std::path::PathBuf;

use knightbits::{Bitboard, Square};
use knightbits_svg::Svg;

use crate::error::CliError;

/// When to colour the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// When standard output is a terminal and `NO_COLOR` is unset or empty.
    Auto,
    /// Always (even into a pipe, and despite `NO_COLOR`).
    Always,
    /// Never: the plain text diagram.
    Never,
}

/// The picture options shared by the commands that draw a board.
#[derive(clap::Args, Debug)]
pub struct Picture {
    /// Also write the board as a self-contained SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Colour the board: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

impl Picture {
    /// Writes the SVG file if `--svg` was given.
    pub fn write_svg(&self, svg: Svg<'_>) -> Result<(), CliError> {
        let Some(path) = &self.svg else {
            return Ok(());
        };
        std::fs::write(path, svg.to_string())
            .map_err(|e| CliError::Input(format!("cannot write '{}': {e}", path.display())))
    }

    /// Whether the text output draws the coloured Unicode board.
    pub fn colored(&self) -> bool {
        match self.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stdout().is_terminal()
            }
        }
    }
}

const RESET: &str = "\x1b[0m";
const LIGHT: &str = "\x1b[48;5;223m";
const DARK: &str = "\x1b[48;5;137m";
const MARKED: &str = "\x1b[48;5;33m";
const HIGHLIGHTED: &str = "\x1b[48;5;30m";
const INK: &str = "\x1b[38;5;16m";
const WHITE_INK: &str = "\x1b[38;5;231m";
const LABEL: &str = "\x1b[38;5;244m";

/// The board in Unicode with ANSI colours, rank 8 on top: `marked` squares blue,
/// `highlighted` squares teal, a piece character on its square, a dot on marked empty squares.
pub fn board(marked: Bitboard, highlighted: Bitboard, pieces: &[(Square, char)]) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        out += &format!("{LABEL}{}{RESET} ", rank + 1);
        for file in 0..8u8 {
            let sq = Square::from_index(rank * 8 + file).unwrap_or(Square::A1);
            let piece = pieces.iter().find(|(s, _)| *s == sq).map(|&(_, c)| c);
            let bg = if marked.contains(sq) {
                MARKED
            } else if highlighted.contains(sq) {
                HIGHLIGHTED
            } else if sq.is_light() {
                LIGHT
            } else {
                DARK
            };
            let on_colour = marked.contains(sq) || highlighted.contains(sq);
            let (ink, glyph) = match piece {
                Some(c) => (if on_colour { WHITE_INK } else { INK }, c),
                None if on_colour => (WHITE_INK, '•'),
                None => (INK, ' '),
            };
            out += &format!("{bg}{ink} {glyph} ");
        }
        out += RESET;
        out.push('\n');
    }
    out += &format!("{LABEL}   a  b  c  d  e  f  g  h{RESET}\n");
    out
}

/// What a position picture shows besides the pieces.
#[derive(Default)]
pub struct Drawing {
    /// Squares filled.
    pub marked: Bitboard,
    /// Squares framed.
    pub highlighted: Bitboard,
    /// Moves drawn as arrows.
    pub arrows: Vec<(Square, Square)>,
}

impl Picture {
    /// Writes the SVG of the `--fen` position if `--svg` was given; `--svg` with `--batch`
    /// is refused (one file cannot hold many positions).
    pub fn write_position_svg(
        &self,
        source: &crate::position::Source,
        draw: impl Fn(&knightbits::Position) -> Drawing,
    ) -> Result<(), CliError> {
        if self.svg.is_none() {
            return Ok(());
        }
        let Some(fen) = source.fen.as_deref() else {
            return Err(CliError::Input(
                "--svg needs one position: --fen FEN".into(),
            ));
        };
        let pos = crate::position::parse(fen).map_err(CliError::Input)?;
        let d = draw(&pos);
        let pieces = position_pieces(&pos);
        self.write_svg(
            Svg::new()
                .title(fen)
                .marked(d.marked)
                .highlighted(d.highlighted)
                .pieces(&pieces)
                .arrows(&d.arrows),
        )
    }

    /// The text board of a position: coloured Unicode when colour is on, else the plain one;
    /// then the FEN.
    pub fn position_board(&self, pos: &knightbits::Position, marked: Bitboard) -> String {
        if self.colored() {
            format!(
                "{}{pos}\n",
                board(marked, Bitboard::EMPTY, &position_pieces(pos))
            )
        } else {
            crate::position::board(pos, marked)
        }
    }

    /// The text board of a bitboard with pieces: coloured Unicode or the plain diagram.
    pub fn diagram(&self, marked: Bitboard, pieces: &[(Square, char)]) -> String {
        if self.colored() {
            board(marked, Bitboard::EMPTY, pieces)
        } else {
            marked.to_string()
        }
    }
}

/// The moves of a list as (from, to) pairs, for arrows.
pub fn arrows(moves: &knightbits::MoveList) -> Vec<(Square, Square)> {
    moves.iter().map(|m| (m.from, m.to)).collect()
}

/// The glyph of a piece kind on the board.
pub fn glyph(piece: crate::cmd::Piece) -> char {
    match piece {
        crate::cmd::Piece::Knight => '♞',
        crate::cmd::Piece::King => '♚',
    }
}

/// The pieces on `squares`, each drawn as `glyph`.
pub fn pieces_on(squares: Bitboard, glyph: char) -> Vec<(Square, char)> {
    squares.into_iter().map(|sq| (sq, glyph)).collect()
}

/// The pieces of a position as (square, Unicode symbol).
pub fn position_pieces(position: &knightbits::Position) -> Vec<(Square, char)> {
    Square::ALL
        .iter()
        .filter_map(|&sq| position.piece_at(sq).map(|p| (sq, p.symbol())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_coloured_board_has_eight_ranks_and_resets_its_colours() {
        let text = board(
            Bitboard::from_square(Square::C6),
            Bitboard::EMPTY,
            &[(Square::D4, '♞')],
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9);
        assert!(lines[0].contains('8') && lines[7].contains('1'));
        assert!(lines.iter().all(|l| l.ends_with(RESET)));
        // d4 is on the fifth line (rank 4), c6 marked on the third.
        assert!(lines[4].contains('♞'));
        assert!(lines[2].contains(MARKED));
        assert!(!lines[4].contains(MARKED));
    }
}
