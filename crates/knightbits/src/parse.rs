//! Reading a [`Bitboard`] from text in every form the product accepts.

use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::square::Square;

/// Why a text could not be read as a [`Bitboard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseBitboardError {
    /// The text was empty or only white space.
    Empty,
    /// A number had a digit that its base does not allow, or no digits at all.
    InvalidDigit,
    /// A number was larger than 64 bits can hold.
    Overflow,
    /// An item of a square list was not a square name; `position` is its index in the list.
    InvalidSquare {
        /// Zero-based index of the offending item.
        position: usize,
    },
    /// A FEN placement did not describe 8 ranks of 8 files.
    InvalidFen,
    /// A FEN placement was followed by more text (a whole FEN is a position, not a set).
    FenFields,
}

impl fmt::Display for ParseBitboardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBitboardError::Empty => f.write_str("empty input"),
            ParseBitboardError::InvalidDigit => f.write_str("invalid digit in number"),
            ParseBitboardError::Overflow => f.write_str("number does not fit in 64 bits"),
            ParseBitboardError::InvalidSquare { position } => {
                write!(
                    f,
                    "item {} of the square list is not a square name (a1 to h8)",
                    position + 1
                )
            }
            ParseBitboardError::InvalidFen => {
                f.write_str("fen placement must have 8 ranks of 8 files")
            }
            ParseBitboardError::FenFields => f.write_str(
                "a fen placement takes no other fields: a whole fen is a position, not a set of squares",
            ),
        }
    }
}

impl core::error::Error for ParseBitboardError {}

impl FromStr for Bitboard {
    type Err = ParseBitboardError;

    /// Reads a bitboard from any of these forms (surrounding white space is ignored):
    ///
    /// | form | example |
    /// |---|---|
    /// | hexadecimal | `0x0000142200221400`, `0X14_2200_2214_00` |
    /// | decimal | `22136263676347392` |
    /// | binary | `0b1_0000_0000` |
    /// | any number with a C suffix | `0x142200221400ULL`, `42ull`, `7u64` |
    /// | square names | `d4`, `d4,e5`, `d4, e5` |
    /// | a FEN placement (occupied squares) | `8/8/8/8/3N4/8/8/8` (alone: a whole FEN is refused) |
    ///
    /// `_` may separate digits. Numbers over 64 bits are an error, never truncated.
    ///
    /// ```
    /// use knightbits::{Bitboard, Square};
    /// let d4: Bitboard = "d4".parse().unwrap();
    /// assert_eq!("0x8000000".parse::<Bitboard>(), Ok(d4));
    /// assert_eq!("134_217_728".parse::<Bitboard>(), Ok(d4));
    /// assert_eq!("0x8000000ULL".parse::<Bitboard>(), Ok(d4));
    /// assert_eq!("8/8/8/8/3N4/8/8/8".parse::<Bitboard>(), Ok(d4));
    /// assert!("z9".parse::<Bitboard>().is_err());
    /// assert!("8/8/8/8/3N4/8/8/8 w - - 0 1".parse::<Bitboard>().is_err());
    /// assert!("0x1_0000_0000_0000_0000".parse::<Bitboard>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Bitboard, ParseBitboardError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(ParseBitboardError::Empty);
        }
        if s.contains('/') {
            if s.contains(char::is_whitespace) {
                return Err(ParseBitboardError::FenFields);
            }
            return parse_placement(s);
        }
        if is_number(s) {
            return parse_number(s).map(Bitboard);
        }
        parse_square_list(s)
    }
}

/// Is `s` (trimmed, non-empty) written as a number rather than square names or a FEN?
pub(crate) fn is_number(s: &str) -> bool {
    matches!(s.as_bytes().first(), Some(b'0'..=b'9' | b'-' | b'+')) && !s.contains('/')
}

/// Parses a number in hexadecimal (`0x`), binary (`0b`), octal (`0o`) or decimal, with `_`
/// separators and an optional `ULL`/`UL`/`U`/`LL`/`L`/`u64` suffix.
fn parse_number(s: &str) -> Result<u64, ParseBitboardError> {
    let s = strip_suffix(s);
    let bytes = s.as_bytes();
    let (radix, digits) = match bytes {
        [b'0', b'x' | b'X', rest @ ..] => (16, rest),
        [b'0', b'b' | b'B', rest @ ..] => (2, rest),
        [b'0', b'o' | b'O', rest @ ..] => (8, rest),
        _ => (10, bytes),
    };
    let mut value: u64 = 0;
    let mut seen_digit = false;
    for &b in digits {
        if b == b'_' {
            continue;
        }
        let d = match (b as char).to_digit(radix) {
            Some(d) => d as u64,
            None => return Err(ParseBitboardError::InvalidDigit),
        };
        seen_digit = true;
        value = value
            .checked_mul(radix as u64)
            .and_then(|v| v.checked_add(d))
            .ok_or(ParseBitboardError::Overflow)?;
    }
    if seen_digit {
        Ok(value)
    } else {
        Err(ParseBitboardError::InvalidDigit)
    }
}

fn strip_suffix(s: &str) -> &str {
    // Longest first, so that `ULL` is not read as `L` after `UL`.
    for suffix in [
        "u64", "ULL", "ull", "UL", "ul", "LL", "ll", "U", "u", "L", "l",
    ] {
        if let Some(rest) = s.strip_suffix(suffix) {
            return rest;
        }
    }
    s
}

fn parse_square_list(s: &str) -> Result<Bitboard, ParseBitboardError> {
    let mut bb = Bitboard::EMPTY;
    for (position, item) in s.split(',').enumerate() {
        let sq: Square = item
            .trim()
            .parse()
            .map_err(|_| ParseBitboardError::InvalidSquare { position })?;
        bb |= sq;
    }
    Ok(bb)
}

/// The occupied squares of a FEN piece placement (`rnbqkbnr/pppppppp/8/…`).
pub(crate) fn parse_placement(s: &str) -> Result<Bitboard, ParseBitboardError> {
    let mut bb = Bitboard::EMPTY;
    let mut ranks = 0;
    for (row, rank_text) in s.split('/').enumerate() {
        if row >= 8 {
            return Err(ParseBitboardError::InvalidFen);
        }
        ranks += 1;
        let rank = 7 - row as u8;
        let mut file = 0u8;
        for c in rank_text.chars() {
            match c {
                '1'..='8' => file += c as u8 - b'0',
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    if file >= 8 {
                        return Err(ParseBitboardError::InvalidFen);
                    }
                    bb.0 |= 1 << (rank * 8 + file);
                    file += 1;
                }
                _ => return Err(ParseBitboardError::InvalidFen),
            }
            if file > 8 {
                return Err(ParseBitboardError::InvalidFen);
            }
        }
        if file != 8 {
            return Err(ParseBitboardError::InvalidFen);
        }
    }
    if ranks == 8 {
        Ok(bb)
    } else {
        Err(ParseBitboardError::InvalidFen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<u64, ParseBitboardError> {
        s.parse::<Bitboard>().map(|b| b.0)
    }

    #[test]
    fn numbers_in_every_base() {
        assert_eq!(p("0x0000142200221400"), Ok(0x0000_1422_0022_1400));
        assert_eq!(p("0X14_2200_2214_00"), Ok(0x0000_1422_0022_1400));
        assert_eq!(p("0x142200221400ULL"), Ok(0x0000_1422_0022_1400));
        assert_eq!(p("  22136263676347392 "), Ok(22_136_263_676_347_392));
        assert_eq!(p("0b101"), Ok(5));
        assert_eq!(p("0o17"), Ok(15));
        assert_eq!(p("7u64"), Ok(7));
        assert_eq!(p("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(p("0xffffffffffffffff"), Ok(u64::MAX));
        assert_eq!(p("0"), Ok(0));
    }

    #[test]
    fn numbers_that_do_not_fit_or_are_malformed_are_errors() {
        assert_eq!(p("18446744073709551616"), Err(ParseBitboardError::Overflow));
        assert_eq!(
            p("0x1_0000_0000_0000_0000"),
            Err(ParseBitboardError::Overflow)
        );
        assert_eq!(p("0b"), Err(ParseBitboardError::InvalidDigit));
        assert_eq!(p("0x"), Err(ParseBitboardError::InvalidDigit));
        assert_eq!(p("0b102"), Err(ParseBitboardError::InvalidDigit));
        assert_eq!(p("12ab"), Err(ParseBitboardError::InvalidDigit));
        assert_eq!(p("0xfg"), Err(ParseBitboardError::InvalidDigit));
        assert_eq!(p("-1"), Err(ParseBitboardError::InvalidDigit));
        assert_eq!(p(""), Err(ParseBitboardError::Empty));
        assert_eq!(p("   "), Err(ParseBitboardError::Empty));
    }

    #[test]
    fn square_lists() {
        assert_eq!(p("d4"), Ok(1 << 27));
        assert_eq!(p("d4,e5"), Ok(1 << 27 | 1 << 36));
        assert_eq!(p("a1, h8"), Ok(1 | 1 << 63));
        assert_eq!(p("d4,d4"), Ok(1 << 27));
        assert_eq!(
            p("d4,z9"),
            Err(ParseBitboardError::InvalidSquare { position: 1 })
        );
        assert_eq!(
            p("d4,"),
            Err(ParseBitboardError::InvalidSquare { position: 1 })
        );
    }

    #[test]
    fn fen_placements() {
        assert_eq!(
            p("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            Ok(0xffff_0000_0000_ffff)
        );
        assert_eq!(p("  8/8/8/8/3N4/8/8/8\n"), Ok(1 << 27));
        // A placement with anything after it is not read as its placement alone.
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/8/8/8/3N4/8/8/8 garbage",
            "8/8/8/8/3N4/8/8/8 w",
            "8/8/8/8/3N4/8/8/8\t-",
        ] {
            assert_eq!(p(fen), Err(ParseBitboardError::FenFields), "{fen:?}");
        }
        assert_eq!(p("8/8/8/8/8/8/8"), Err(ParseBitboardError::InvalidFen));
        assert_eq!(p("8/8/8/8/8/8/8/8/8"), Err(ParseBitboardError::InvalidFen));
        assert_eq!(p("9/8/8/8/8/8/8/8"), Err(ParseBitboardError::InvalidFen));
        assert_eq!(p("7/8/8/8/8/8/8/8"), Err(ParseBitboardError::InvalidFen));
        assert_eq!(
            p("8/8/8/8/8/8/8/ppppppppp"),
            Err(ParseBitboardError::InvalidFen)
        );
        assert_eq!(p("8/8/8/8/8/8/8/7x"), Err(ParseBitboardError::InvalidFen));
        assert_eq!(p("44/8/8/8/8/8/8/8"), Ok(0));
    }
}
