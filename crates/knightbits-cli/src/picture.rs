//! Pictures beside the text output: `--svg FILE` (the request layer's [`Drawing`], written by
//! the SVG crate) and `--color` (a Unicode board coloured with ANSI escapes when the output is
//! a terminal).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use knightbits::position::Placement;
use knightbits::{Bitboard, Square};

use crate::error::CliError;
use knightbits_api::picture::Drawing;

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

/// `--color`: on every command that draws a board.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct Colour {
    /// Colour the board: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, ignore_case = true)]
    color: ColorChoice,
}

impl Colour {
    /// Whether the text output draws coloured boards.
    pub fn on(&self) -> bool {
        match self.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stdout().is_terminal()
            }
        }
    }

    /// `marked` as the coloured Unicode board when colour is on, else the plain diagram.
    pub fn diagram(&self, marked: Bitboard, highlighted: Bitboard) -> String {
        if self.on() {
            board(marked, highlighted, &[])
        } else {
            marked.to_string()
        }
    }
}

/// The picture options shared by the commands that draw a board.
#[derive(clap::Args, Debug)]
pub struct Picture {
    /// Also write the board as a self-contained SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    colour: Colour,
}

impl Picture {
    /// Whether `--svg` was given.
    pub fn wanted(&self) -> bool {
        self.svg.is_some()
    }

    /// Writes the drawing as an SVG file if `--svg` was given.
    pub fn write(&self, drawing: &Drawing) -> Result<(), CliError> {
        let Some(path) = &self.svg else {
            return Ok(());
        };
        write_file(path, &drawing.svg())
    }

    /// Whether the text output draws the coloured Unicode board.
    pub fn colored(&self) -> bool {
        self.colour.on()
    }

    /// The text board of a position (or a placement alone): coloured Unicode when colour is
    /// on, else the plain one; then its FEN as given (a placement is not given fields it lacks).
    pub fn position_board(
        &self,
        pos: &(impl Into<Placement> + Copy + std::fmt::Display),
        marked: Bitboard,
    ) -> String {
        let pieces: Placement = (*pos).into();
        if self.colored() {
            format!(
                "{}{pos}\n",
                board(marked, Bitboard::EMPTY, &Drawing::position_pieces(&pieces))
            )
        } else {
            format!("{:#}\n{pos}\n", pieces.diagram(marked))
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

/// Writes a picture file; a file that cannot be written is the user's to fix (exit code 2).
pub fn write_file(path: &Path, svg: &str) -> Result<(), CliError> {
    std::fs::write(path, svg)
        .map_err(|e| CliError::Input(format!("cannot write '{}': {e}", path.display())))
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

/// A grid of numbers (a tour's move numbers) on coloured light and dark squares: `rows` top
/// row first, each cell already padded; `labels` the rank label of each row.
pub fn number_grid(rows: &[(String, Vec<String>)]) -> String {
    let mut out = String::new();
    let height = rows.len();
    for (i, (label, cells)) in rows.iter().enumerate() {
        let rank = height - 1 - i;
        out += &format!("{LABEL}{label}{RESET} ");
        for (file, cell) in cells.iter().enumerate() {
            let bg = if (file + rank) % 2 == 1 { LIGHT } else { DARK };
            out += &format!("{bg}{INK}{cell} ");
        }
        out += RESET;
        out.push('\n');
    }
    out
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
