//! Text pictures of bitboards: the labelled diagram, a compact form, and diagrams side by side.
//!
//! Every picture puts rank 8 on top and file a on the left, `1` for a member and `.` for an
//! empty square, as the Chess Programming Wiki draws them. The functions return values that
//! implement [`Display`](core::fmt::Display), so they work without an allocator.

use core::fmt::{self, Write};

use crate::bitboard::Bitboard;
use crate::mapping::Numbering;
use crate::square::Square;

/// Width in characters of one labelled diagram line (`8 . . . . . . . .`).
const LABELLED_WIDTH: usize = 17;
/// Width of one compact diagram line (`. . . . . . . .`).
const COMPACT_WIDTH: usize = 15;

/// The labelled diagram of a bitboard; the same text as `Bitboard`'s `Display`.
///
/// ```
/// use knightbits::{render, Bitboard, Square};
/// let text = render::diagram(Bitboard::from_square(Square::B1)).to_string();
/// assert_eq!(text.lines().nth(7), Some("1 . 1 . . . . . ."));
/// assert_eq!(text.lines().nth(8), Some("  a b c d e f g h"));
/// ```
pub fn diagram(bb: Bitboard) -> Diagram {
    Diagram { bb, labels: true }
}

/// The diagram without rank and file labels: eight lines of eight cells.
///
/// ```
/// use knightbits::{render, Bitboard};
/// let text = render::compact(Bitboard::RANK_8).to_string();
/// assert_eq!(text.lines().next(), Some("1 1 1 1 1 1 1 1"));
/// assert_eq!(text.lines().count(), 8);
/// ```
pub fn compact(bb: Bitboard) -> Diagram {
    Diagram { bb, labels: false }
}

/// A bitboard drawn as a diagram; made by [`diagram`] or [`compact`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diagram {
    bb: Bitboard,
    labels: bool,
}

impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_diagram(f, self.bb, self.labels)
    }
}

/// Several diagrams in a row, each under its caption, as the wiki shows its six fill steps.
///
/// ```
/// use knightbits::{render, Bitboard, Square};
/// let boards = [
///     ("1. Fill", Bitboard::from_square(Square::A1)),
///     ("2. Fill", Bitboard::from_square(Square::B3)),
/// ];
/// let text = render::side_by_side(&boards).to_string();
/// let mut lines = text.lines();
/// assert_eq!(lines.next(), Some("1. Fill             2. Fill"));
/// assert_eq!(lines.nth(5), Some("3 . . . . . . . .   3 . 1 . . . . . ."));
/// ```
pub fn side_by_side<'a>(boards: &'a [(&'a str, Bitboard)]) -> SideBySide<'a> {
    SideBySide {
        boards,
        labels: true,
    }
}

/// Like [`side_by_side`] but with compact diagrams (no labels).
pub fn side_by_side_compact<'a>(boards: &'a [(&'a str, Bitboard)]) -> SideBySide<'a> {
    SideBySide {
        boards,
        labels: false,
    }
}

/// Captioned diagrams in a row; made by [`side_by_side`].
#[derive(Clone, Copy, Debug)]
pub struct SideBySide<'a> {
    boards: &'a [(&'a str, Bitboard)],
    labels: bool,
}

/// Columns between two diagrams.
const GAP: &str = "   ";

impl fmt::Display for SideBySide<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = if self.labels {
            LABELLED_WIDTH
        } else {
            COMPACT_WIDTH
        };
        let last = self.boards.len().saturating_sub(1);
        // Captions, padded to the diagram width (the last one is not padded).
        for (i, (caption, _)) in self.boards.iter().enumerate() {
            if i == last {
                f.write_str(caption)?;
            } else {
                write!(f, "{caption:<width$}{GAP}")?;
            }
        }
        f.write_char('\n')?;
        for row in 0..8 {
            for (i, (_, bb)) in self.boards.iter().enumerate() {
                if i > 0 {
                    f.write_str(GAP)?;
                }
                write_row(f, *bb, row, self.labels)?;
            }
            f.write_char('\n')?;
        }
        if self.labels {
            for i in 0..self.boards.len() {
                if i > 0 {
                    f.write_str(GAP)?;
                }
                f.write_str(FILE_LABELS)?;
            }
            f.write_char('\n')?;
        }
        Ok(())
    }
}

/// The board with each square's bit index in `numbering`, rank 8 on top, labelled.
///
/// ```
/// use knightbits::mapping::Numbering;
/// use knightbits::render;
/// let text = render::indices(Numbering::H1G1).to_string();
/// assert_eq!(text.lines().nth(7), Some("1  7  6  5  4  3  2  1  0"));
/// ```
pub fn indices(numbering: Numbering) -> Indices {
    Indices { numbering }
}

/// The bit-index grid of a numbering; made by [`indices`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Indices {
    numbering: Numbering,
}

impl fmt::Display for Indices {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..8u8 {
            write!(f, "{}", 8 - row)?;
            for file in 0..8u8 {
                let sq = Square::ALL[((7 - row) * 8 + file) as usize];
                write!(f, " {:>2}", self.numbering.index(sq))?;
            }
            f.write_char('\n')?;
        }
        f.write_str("   a  b  c  d  e  f  g  h\n")
    }
}

impl fmt::Display for Bitboard {
    /// The diagram: rank 8 on top, file a on the left, `1` for a member, `.` otherwise,
    /// rank numbers on the left and file letters below.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_diagram(f, *self, true)
    }
}

/// Writes row `row` (0 = rank 8) of a diagram, with the rank label when `labels` is set.
pub(crate) fn write_row(
    f: &mut dyn fmt::Write,
    bb: Bitboard,
    row: usize,
    labels: bool,
) -> fmt::Result {
    let rank = 7 - row;
    if labels {
        write!(f, "{} ", rank + 1)?;
    }
    for file in 0..8 {
        if file > 0 {
            f.write_char(' ')?;
        }
        let set = bb.0 >> (rank * 8 + file) & 1 == 1;
        f.write_char(if set { '1' } else { '.' })?;
    }
    Ok(())
}

/// The file letters under a labelled diagram.
pub(crate) const FILE_LABELS: &str = "  a b c d e f g h";

/// Writes the whole diagram, eight rows and (with `labels`) the file letters, each line ended
/// by a newline.
pub(crate) fn write_diagram(f: &mut dyn fmt::Write, bb: Bitboard, labels: bool) -> fmt::Result {
    for row in 0..8 {
        write_row(f, bb, row, labels)?;
        f.write_char('\n')?;
    }
    if labels {
        f.write_str(FILE_LABELS)?;
        f.write_char('\n')?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_eight_is_on_top_and_file_a_on_the_left() {
        let bb = Bitboard::from_square(Square::A8) | Square::H1;
        let text = diagram(bb).to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "8 1 . . . . . . .");
        assert_eq!(lines[7], "1 . . . . . . . 1");
        assert_eq!(lines[8], "  a b c d e f g h");
        assert_eq!(bb.to_string(), text);
        for line in &lines {
            assert_eq!(line.len(), LABELLED_WIDTH);
        }
    }

    #[test]
    fn compact_has_no_labels() {
        let text = compact(Bitboard::from_square(Square::A1)).to_string();
        assert_eq!(text.lines().count(), 8);
        assert_eq!(text.lines().last(), Some("1 . . . . . . ."));
    }

    #[test]
    fn side_by_side_keeps_columns_aligned() {
        let boards = [
            ("a", Bitboard::FULL),
            ("longer caption", Bitboard::EMPTY),
            ("c", Bitboard::FILE_A),
        ];
        let text = side_by_side(&boards).to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 10);
        assert_eq!(lines[0], "a                   longer caption      c");
        assert_eq!(
            lines[1],
            "8 1 1 1 1 1 1 1 1   8 . . . . . . . .   8 1 . . . . . . ."
        );
        assert_eq!(
            lines[9],
            "  a b c d e f g h     a b c d e f g h     a b c d e f g h"
        );
        let compact_text = side_by_side_compact(&boards[..1]).to_string();
        assert_eq!(compact_text.lines().count(), 9);
    }
}
