//! ## What is drawn
//!
//! Self-contained SVG pictures of the board: squares, file and rank labels, marked squares,
//! pieces, arrows for moves and a polyline for a tour (drawn in that order, pieces on top).
//!
//! The writer needs no allocator: [`Svg`] borrows its inputs and writes through
//! [`core::fmt::Write`] (or `Display`). The output is deterministic (the same input always
//! gives the same bytes, integer coordinates only), uses no external resources, and puts rank
//! 8 on top and file a on the left, as every other picture in this crate.
//!
//! Pieces are given as `(Square, char)` pairs, so this module knows nothing of positions:
//! pass `Piece::symbol()` or any character.
//!
//! ```
//! use knightbits_svg::Svg;
//! use knightbits::{knight, Square};
//!
//! let pieces = [(Square::D4, '♞')];
//! let svg = Svg::new()
//!     .marked(knight::attacks(Square::D4))
//!     .pieces(&pieces)
//!     .to_string();
//! assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert_eq!(svg.matches("class=\"mark\"").count(), 8);
//! assert!(svg.contains(">♞</text>"));
//! assert!(svg.trim_end().ends_with("</svg>"));
//! ```

#![doc = include_str!("../README.md")]
#![no_std]
#![deny(missing_docs)]
#![deny(unsafe_code)]

#[cfg(test)]
extern crate std;

use core::fmt::{self, Write};

use knightbits::Bitboard;
use knightbits::Square;

/// Side of one square, in SVG user units.
pub const SQUARE: u32 = 48;
/// Margin around the board that holds the labels.
pub const MARGIN: u32 = 20;
/// Width and height of the whole picture.
pub const SIZE: u32 = 8 * SQUARE + 2 * MARGIN;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const MARK: &str = "#1f6feb";
const HIGHLIGHT: &str = "#0f766e";
const ARROW: &str = "#d93f3f";
const TOUR: &str = "#1d2330";

/// A picture of the board; build it with the methods below, then write it with
/// [`Svg::write_to`] or `Display`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Svg<'a> {
    title: &'a str,
    marked: Bitboard,
    highlighted: Bitboard,
    pieces: &'a [(Square, char)],
    arrows: &'a [(Square, Square)],
    tour: &'a [Square],
    no_labels: bool,
}

impl<'a> Svg<'a> {
    /// An empty board with labels.
    pub const fn new() -> Svg<'a> {
        Svg {
            title: "",
            marked: Bitboard::EMPTY,
            highlighted: Bitboard::EMPTY,
            pieces: &[],
            arrows: &[],
            tour: &[],
            no_labels: false,
        }
    }

    /// A title (shown by viewers as a tooltip, read by screen readers).
    pub const fn title(mut self, title: &'a str) -> Svg<'a> {
        self.title = title;
        self
    }

    /// Squares drawn filled (an attack set, a fill, a bitboard's bits).
    pub const fn marked(mut self, squares: Bitboard) -> Svg<'a> {
        self.marked = squares;
        self
    }

    /// Squares drawn with a frame (fork squares, a path's squares).
    pub const fn highlighted(mut self, squares: Bitboard) -> Svg<'a> {
        self.highlighted = squares;
        self
    }

    /// Pieces: a character drawn on each square.
    pub const fn pieces(mut self, pieces: &'a [(Square, char)]) -> Svg<'a> {
        self.pieces = pieces;
        self
    }

    /// Arrows from one square to another (moves).
    pub const fn arrows(mut self, arrows: &'a [(Square, Square)]) -> Svg<'a> {
        self.arrows = arrows;
        self
    }

    /// A tour or path: a line through the squares in order, the first one circled.
    pub const fn tour(mut self, squares: &'a [Square]) -> Svg<'a> {
        self.tour = squares;
        self
    }

    /// Leaves out the file and rank labels.
    pub const fn without_labels(mut self) -> Svg<'a> {
        self.no_labels = true;
        self
    }

    /// Writes the picture.
    pub fn write_to<W: Write + ?Sized>(&self, w: &mut W) -> fmt::Result {
        writeln!(
            w,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{SIZE}\" height=\"{SIZE}\" \
viewBox=\"0 0 {SIZE} {SIZE}\" font-family=\"DejaVu Sans, Arial, sans-serif\" role=\"img\">"
        )?;
        if !self.title.is_empty() {
            w.write_str("<title>")?;
            escape(w, self.title)?;
            w.write_str("</title>\n")?;
        }
        if !self.arrows.is_empty() {
            writeln!(
                w,
                "<defs><marker id=\"kb-arrowhead\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" \
markerWidth=\"4\" markerHeight=\"4\" orient=\"auto-start-reverse\">\
<path d=\"M0,0 L10,5 L0,10 z\" fill=\"{ARROW}\"/></marker></defs>"
            )?;
        }
        write!(
            w,
            "<rect width=\"{SIZE}\" height=\"{SIZE}\" fill=\"#ffffff\"/>\n\
<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{b}\" height=\"{b}\" fill=\"{DARK}\"/>\n",
            b = 8 * SQUARE
        )?;
        for sq in Square::ALL {
            if sq.is_light() {
                let (x, y) = corner(sq);
                writeln!(
                    w,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{LIGHT}\"/>"
                )?;
            }
        }
        if !self.no_labels {
            self.write_labels(w)?;
        }
        for sq in self.marked {
            let (x, y) = corner(sq);
            let inset = SQUARE / 8;
            writeln!(
                w,
                "<rect class=\"mark\" x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" rx=\"{r}\" \
fill=\"{MARK}\" fill-opacity=\"0.8\"/>",
                x + inset,
                y + inset,
                s = SQUARE - 2 * inset,
                r = SQUARE / 6
            )?;
        }
        for sq in self.highlighted {
            let (x, y) = corner(sq);
            writeln!(
                w,
                "<rect class=\"highlight\" x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" \
fill=\"none\" stroke=\"{HIGHLIGHT}\" stroke-width=\"4\"/>",
                x + 2,
                y + 2,
                s = SQUARE - 4
            )?;
        }
        self.write_tour(w)?;
        for &(from, to) in self.arrows {
            let (x1, y1) = center(from);
            let (x2, y2) = center(to);
            writeln!(
                w,
                "<line class=\"arrow\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{ARROW}\" \
stroke-width=\"{}\" stroke-linecap=\"round\" stroke-opacity=\"0.85\" marker-end=\"url(#kb-arrowhead)\"/>",
                SQUARE / 8
            )?;
        }
        for &(sq, c) in self.pieces {
            let (x, y) = center(sq);
            write!(
                w,
                "<text class=\"piece\" x=\"{x}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" \
fill=\"#111111\">",
                y + SQUARE * 13 / 40,
                SQUARE * 7 / 8
            )?;
            let mut buf = [0u8; 4];
            escape(w, c.encode_utf8(&mut buf))?;
            w.write_str("</text>\n")?;
        }
        w.write_str("</svg>\n")
    }

    fn write_labels<W: Write + ?Sized>(&self, w: &mut W) -> fmt::Result {
        let font = MARGIN * 3 / 5;
        for (i, c) in "abcdefgh".chars().enumerate() {
            let x = MARGIN + i as u32 * SQUARE + SQUARE / 2;
            writeln!(
                w,
                "<text x=\"{x}\" y=\"{}\" font-size=\"{font}\" text-anchor=\"middle\" fill=\"#555555\">{c}</text>",
                SIZE - MARGIN / 3
            )?;
        }
        for rank in 0..8u32 {
            let y = MARGIN + (7 - rank) * SQUARE + SQUARE / 2 + font / 3;
            writeln!(
                w,
                "<text x=\"{}\" y=\"{y}\" font-size=\"{font}\" text-anchor=\"middle\" fill=\"#555555\">{}</text>",
                MARGIN / 2,
                rank + 1
            )?;
        }
        Ok(())
    }

    fn write_tour<W: Write + ?Sized>(&self, w: &mut W) -> fmt::Result {
        let Some(&first) = self.tour.first() else {
            return Ok(());
        };
        w.write_str("<polyline class=\"tour\" points=\"")?;
        for (i, &sq) in self.tour.iter().enumerate() {
            let (x, y) = center(sq);
            if i > 0 {
                w.write_char(' ')?;
            }
            write!(w, "{x},{y}")?;
        }
        writeln!(
            w,
            "\" fill=\"none\" stroke=\"{TOUR}\" stroke-width=\"2\" stroke-linejoin=\"round\"/>"
        )?;
        let (x, y) = center(first);
        writeln!(
            w,
            "<circle class=\"start\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{TOUR}\"/>",
            SQUARE / 8
        )?;
        for &sq in self.tour.iter().skip(1) {
            let (x, y) = center(sq);
            writeln!(w, "<circle cx=\"{x}\" cy=\"{y}\" r=\"3\" fill=\"{TOUR}\"/>")?;
        }
        Ok(())
    }
}

impl fmt::Display for Svg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// A knight's tour (or any path) on a board of any size: the checkered board as one pattern,
/// the path through the squares' centres, the start as a dot and the end as a ring, and on
/// boards of at most 144 squares each square's move number.
///
/// Squares are row-major indices, `rank * width + file` (as `knightbits_board::Board::index`
/// numbers them), rank 0 at the bottom.
///
/// ```
/// use knightbits_svg::TourSvg;
/// // a1 b3 c1 on a 3 x 3 board: indices 0, 7, 2.
/// let svg = TourSvg::new(3, 3, &[0, 7, 2], false).to_string();
/// assert!(svg.contains("points=\"8,40 24,8 40,40\""));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TourSvg<'a> {
    width: u32,
    height: u32,
    squares: &'a [u32],
    closed: bool,
}

/// Side of one square of a [`TourSvg`], in user units.
pub const TOUR_SQUARE: u32 = 16;

impl<'a> TourSvg<'a> {
    /// A tour of `squares` on a `width` x `height` board; `closed` joins the last square to
    /// the first. Indices off the board are skipped.
    pub const fn new(width: u32, height: u32, squares: &'a [u32], closed: bool) -> TourSvg<'a> {
        TourSvg {
            width,
            height,
            squares,
            closed,
        }
    }

    fn center(&self, index: u32) -> Option<(u64, u64)> {
        if self.width == 0 || index as u64 >= self.width as u64 * self.height as u64 {
            return None;
        }
        let (file, rank) = ((index % self.width) as u64, (index / self.width) as u64);
        let s = TOUR_SQUARE as u64;
        Some((
            file * s + s / 2,
            (self.height as u64 - 1 - rank) * s + s / 2,
        ))
    }

    /// Writes the picture.
    pub fn write_to<W: Write + ?Sized>(&self, w: &mut W) -> fmt::Result {
        let s = TOUR_SQUARE as u64;
        let (vw, vh) = (self.width as u64 * s, self.height as u64 * s);
        // Shown 320 to 640 units on its longer side.
        let longest = vw.max(vh).max(1);
        let shown = longest.clamp(320, 640);
        let (pw, ph) = (vw * shown / longest, vh * shown / longest);
        writeln!(
            w,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{pw}\" height=\"{ph}\" \
viewBox=\"0 0 {vw} {vh}\" font-family=\"DejaVu Sans, Arial, sans-serif\" role=\"img\">"
        )?;
        writeln!(
            w,
            "<title>knight's tour, {} x {}, {} squares</title>",
            self.width,
            self.height,
            self.squares.len()
        )?;
        // The top-left square is (file 0, rank height - 1): dark when that rank is even.
        let (first, second) = if self.height.saturating_sub(1).is_multiple_of(2) {
            (DARK, LIGHT)
        } else {
            (LIGHT, DARK)
        };
        writeln!(
            w,
            "<defs><pattern id=\"kb-tour-squares\" width=\"{d}\" height=\"{d}\" patternUnits=\"userSpaceOnUse\">\
<rect width=\"{d}\" height=\"{d}\" fill=\"{second}\"/><rect width=\"{s}\" height=\"{s}\" fill=\"{first}\"/>\
<rect x=\"{s}\" y=\"{s}\" width=\"{s}\" height=\"{s}\" fill=\"{first}\"/></pattern></defs>",
            d = 2 * s
        )?;
        writeln!(
            w,
            "<rect width=\"{vw}\" height=\"{vh}\" fill=\"url(#kb-tour-squares)\"/>"
        )?;
        let element = if self.closed { "polygon" } else { "polyline" };
        write!(w, "<{element} class=\"tour\" points=\"")?;
        let mut started = false;
        for &i in self.squares {
            if let Some((x, y)) = self.center(i) {
                if started {
                    w.write_char(' ')?;
                }
                started = true;
                write!(w, "{x},{y}")?;
            }
        }
        // Line widths in screen pixels, whatever the board's scale.
        writeln!(
            w,
            "\" fill=\"none\" stroke=\"{TOUR}\" stroke-opacity=\"0.8\" stroke-width=\"1.5\" \
stroke-linejoin=\"round\" vector-effect=\"non-scaling-stroke\"/>"
        )?;
        if let Some((x, y)) = self.squares.first().and_then(|&i| self.center(i)) {
            writeln!(
                w,
                "<circle class=\"start\" cx=\"{x}\" cy=\"{y}\" r=\"4\" fill=\"{ARROW}\"/>"
            )?;
        }
        if let Some((x, y)) = self.squares.last().and_then(|&i| self.center(i)) {
            writeln!(
                w,
                "<circle class=\"end\" cx=\"{x}\" cy=\"{y}\" r=\"4\" fill=\"none\" stroke=\"{ARROW}\" \
stroke-width=\"2\" vector-effect=\"non-scaling-stroke\"/>"
            )?;
        }
        if self.width as u64 * self.height as u64 <= 144 {
            for (n, &i) in self.squares.iter().enumerate() {
                if let Some((x, y)) = self.center(i) {
                    writeln!(
                        w,
                        "<text x=\"{}\" y=\"{}\" font-size=\"4\" fill=\"#111111\">{}</text>",
                        x - s / 2 + 1,
                        y - s / 2 + 5,
                        n + 1
                    )?;
                }
            }
        }
        w.write_str("</svg>\n")
    }
}

impl fmt::Display for TourSvg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// The top-left corner of a square (rank 8 on top).
const fn corner(sq: Square) -> (u32, u32) {
    let file = sq.file() as u32;
    let rank = sq.rank() as u32;
    (MARGIN + file * SQUARE, MARGIN + (7 - rank) * SQUARE)
}

/// The centre of a square.
const fn center(sq: Square) -> (u32, u32) {
    let (x, y) = corner(sq);
    (x + SQUARE / 2, y + SQUARE / 2)
}

/// Writes text with the five XML special characters escaped.
fn escape<W: Write + ?Sized>(w: &mut W, text: &str) -> fmt::Result {
    for c in text.chars() {
        match c {
            '<' => w.write_str("&lt;")?,
            '>' => w.write_str("&gt;")?,
            '&' => w.write_str("&amp;")?,
            '"' => w.write_str("&quot;")?,
            '\'' => w.write_str("&apos;")?,
            c => w.write_char(c)?,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    /// A fixed-size writer: proves the picture is written without an allocator.
    struct Buf {
        bytes: [u8; 16384],
        len: usize,
    }

    impl Write for Buf {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            let end = self.len + s.len();
            let dst = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
            dst.copy_from_slice(s.as_bytes());
            self.len = end;
            Ok(())
        }
    }

    fn text(svg: &Svg<'_>) -> std::string::String {
        let mut buf = Buf {
            bytes: [0; 16384],
            len: 0,
        };
        svg.write_to(&mut buf).unwrap();
        std::string::String::from_utf8(buf.bytes[..buf.len].to_vec()).unwrap()
    }

    #[test]
    fn squares_sit_where_the_diagrams_put_them() {
        // a8 top-left, h1 bottom-right: a1 dark, h1 light (so 32 light rectangles).
        assert_eq!(corner(Square::A8), (MARGIN, MARGIN));
        assert_eq!(
            corner(Square::H1),
            (MARGIN + 7 * SQUARE, MARGIN + 7 * SQUARE)
        );
        let svg = text(&Svg::new());
        assert_eq!(svg.matches(LIGHT).count(), 32);
        assert_eq!(svg.matches("<text").count(), 16);
        assert_eq!(
            text(&Svg::new().without_labels()).matches("<text").count(),
            0
        );
    }

    #[test]
    fn tours_are_drawn_on_any_board_size() {
        // 5 x 3: index 0 is the bottom-left square, centre (8, 40); index 14 top-right.
        let t = TourSvg::new(5, 3, &[0, 7, 14], true).to_string();
        assert!(t.contains("<polygon class=\"tour\" points=\"8,40 40,24 72,8\""));
        assert!(t.contains("viewBox=\"0 0 80 48\""));
        // Bottom-left is dark: the top-left square (file 0, rank 2) is dark too.
        assert!(t.contains("<rect width=\"16\" height=\"16\" fill=\"#b58863\"/>"));
        assert_eq!(t.matches("</text>").count(), 3);
        assert!(
            t.contains("width=\"320\" height=\"192\""),
            "shown 320 wide at least"
        );
        assert!(
            TourSvg::new(0, 0, &[0], false)
                .to_string()
                .ends_with("</svg>\n")
        );
        // Off-board indices are skipped; big boards get no numbers and stay small.
        let big = TourSvg::new(100, 100, &[0, 10_000, 9_999], false).to_string();
        assert!(big.contains("points=\"8,1592 1592,8\""));
        assert!(big.contains("width=\"640\" height=\"640\""));
        assert_eq!(big.matches("</text>").count(), 0);
    }

    #[test]
    fn marks_pieces_arrows_and_tour_are_all_drawn() {
        let pieces = [(Square::D4, 'N'), (Square::E8, '<')];
        let arrows = [(Square::D4, Square::C6)];
        let tour = [Square::A1, Square::B3, Square::C5];
        let svg = text(
            &Svg::new()
                .title("d4 & co")
                .marked(Bitboard::RANK_1)
                .highlighted(Bitboard::from_square(Square::C6))
                .pieces(&pieces)
                .arrows(&arrows)
                .tour(&tour),
        );
        assert_eq!(svg.matches("class=\"mark\"").count(), 8);
        assert_eq!(svg.matches("class=\"highlight\"").count(), 1);
        assert!(svg.contains("<title>d4 &amp; co</title>"));
        assert!(svg.contains(">&lt;</text>"), "characters are escaped");
        // d4's centre to c6's centre, worked out by hand: a 20-unit margin, 48-unit squares,
        // rank 8 on top (d4: x = 20 + 3 * 48 + 24, y = 20 + 4 * 48 + 24).
        assert!(svg.contains("x1=\"188\" y1=\"236\" x2=\"140\" y2=\"140\""));
        assert!(svg.contains("class=\"tour\" points=\"44,380 92,284 140,188\""));
        assert_eq!(
            svg,
            Svg::new()
                .title("d4 & co")
                .marked(Bitboard::RANK_1)
                .highlighted(Bitboard::from_square(Square::C6))
                .pieces(&pieces)
                .arrows(&arrows)
                .tour(&tour)
                .to_string(),
            "deterministic, and the same through Display"
        );
    }
}
