//! The values requests are made of, and how each is read from text. The command line's
//! free-form arguments and the explorer's query parameters are read by these same functions,
//! so both refuse the same text with the same message.
//!
//! Named choices (methods, numberings, sides, pieces) are [`Choice`]s: their names and their
//! order come from the library's own lists (`Leaper::ALL`, `Leaper::methods`, `Numbering::ALL`, …).

use knightbits::mapping::{Numbering, ParseNumberingError};
use knightbits::position::{Placement, Position, Role};
use knightbits::technique::{Leaper, Method};
use knightbits::{Bitboard, Color, ParseBitboardError, ParseMethodError, Square, popcount};
use knightbits_board::{Board, BoardSizeError, Coord};

use super::Error;

/// A value picked by name from a closed list.
pub trait Choice: Copy + Send + Sync + 'static {
    /// What a value is, in a refusal: `method`, `numbering`, `side`, …
    const WHAT: &'static str;

    /// Every value, in the order offered.
    const ALL: &'static [Self];

    /// The value's name.
    fn name(self) -> &'static str;

    /// Reads a name as the library reads it (its aliases and case rules included); `None`
    /// when the text names no value.
    fn read(text: &str) -> Option<Self>;

    /// Why a text that names no value was refused: by default the list of names.
    fn refusal() -> String {
        format!("expected {}", one_of(Self::ALL.iter().map(|c| c.name())))
    }
}

/// Names as a sentence lists them: `a, b or c`.
pub fn one_of<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.into_iter().collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Reads the choice `what` from `text`.
pub fn choice<T: Choice>(what: &'static str, text: &str) -> Result<T, Error> {
    T::read(text).ok_or_else(|| Error::invalid(what, text, T::refusal()))
}

/// The library's method enums: their `ALL`, `name()` and `FromStr`; a refusal says the
/// library's "unknown method" and lists the names.
macro_rules! method_choice {
    ($($ty:ty),*) => {$(
        impl Choice for $ty {
            const WHAT: &'static str = "method";
            const ALL: &'static [Self] = &<$ty>::ALL;

            fn name(self) -> &'static str {
                <$ty>::name(self)
            }

            /// The name in any case.
            fn read(text: &str) -> Option<Self> {
                text.to_ascii_lowercase().parse().ok()
            }

            fn refusal() -> String {
                format!(
                    "{ParseMethodError}; expected {}",
                    one_of(Self::ALL.iter().map(|m| m.name()))
                )
            }
        }
    )*};
}

method_choice!(popcount::Method);

impl Choice for Numbering {
    const WHAT: &'static str = "numbering";
    const ALL: &'static [Self] = &Numbering::ALL;

    fn name(self) -> &'static str {
        Numbering::name(self)
    }

    /// Any case, and `lerf` for `a1-b1`, as the library reads numberings.
    fn read(text: &str) -> Option<Self> {
        text.parse().ok()
    }

    fn refusal() -> String {
        ParseNumberingError.to_string()
    }
}

impl Choice for Color {
    const WHAT: &'static str = "side";
    const ALL: &'static [Self] = &Color::ALL;

    /// The names the library's `Display` writes.
    fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// `white`/`w` or `black`/`b` in any case, as the library reads sides.
    fn read(text: &str) -> Option<Self> {
        text.parse().ok()
    }
}

/// A closed list of names as an enum: its variants with their names, `ALL` in order, and its
/// [`Choice`] (a name read in any case, a refusal saying what the value is, `what`, and
/// listing the names).
macro_rules! choices {
    (
        $(#[$meta:meta])*
        $vis:vis enum $ty:ident ($what:literal) {
            $($(#[$vmeta:meta])* $variant:ident = $name:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $ty {
            $($(#[$vmeta])* $variant,)+
        }

        impl $ty {
            /// Every value, in the order offered.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];
        }

        impl $crate::values::Choice for $ty {
            const WHAT: &'static str = $what;
            const ALL: &'static [Self] = &<$ty>::ALL;

            fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }

            /// The name in any case.
            fn read(text: &str) -> Option<Self> {
                <$ty>::ALL
                    .into_iter()
                    .find(|v| $crate::values::Choice::name(*v).eq_ignore_ascii_case(text))
            }
        }
    };
}
pub(crate) use choices;

impl Choice for Leaper {
    const WHAT: &'static str = "piece";
    const ALL: &'static [Self] = &Leaper::ALL;

    fn name(self) -> &'static str {
        Leaper::name(self)
    }

    /// The name in any case, as the library reads it.
    fn read(text: &str) -> Option<Self> {
        text.parse().ok()
    }
}

/// The method of `leaper` named `name`, in any case (the library's rule); the refusal lists
/// `leaper`'s methods, and says whose method it is when another piece has one by that name
/// (quoting that method's name, so the words are the same whatever the case typed). The
/// refusal's field is `method`.
pub fn method(leaper: Leaper, name: &str) -> Result<Method, Error> {
    leaper.method(name).map_err(|e| {
        match e.other() {
            Some(theirs) => Error::invalid("method", theirs.name(), e),
            None => Error::invalid("method", name, e),
        }
        .at("method")
    })
}

/// The method of `leaper` named `name`, or its lookup when none is named.
pub fn method_or_lookup(leaper: Leaper, name: Option<&str>) -> Result<Method, Error> {
    name.map_or(Ok(leaper.lookup()), |name| method(leaper, name))
}

/// The piece drawn on a board without a position: the black (filled) symbol.
pub const fn glyph(leaper: Leaper) -> char {
    leaper.glyph()
}

/// The enemy pieces a fork is against: a set of roles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Targets {
    /// Bit `i` for `Role::ALL[i]`.
    roles: u8,
}

impl Targets {
    /// The letters of the default targets: king, queens and rooks.
    pub const DEFAULT_LETTERS: &'static str = "kqr";

    /// Reads piece letters (`k q r b n p`, any case, in any order, repeats allowed).
    pub fn read(text: &str) -> Result<Targets, Error> {
        let refused = || Error::invalid("targets", text, "expected piece letters from k q r b n p");
        let mut roles = 0u8;
        for c in text.chars() {
            let role = Role::from_char(c).ok_or_else(refused)?;
            roles |= Targets::bit(role);
        }
        if roles == 0 {
            return Err(refused());
        }
        Ok(Targets { roles })
    }

    /// The targets `roles` (repeats allowed; none: no target), as a front end read them.
    pub fn of(roles: &[Role]) -> Targets {
        Targets {
            roles: roles.iter().fold(0, |set, &role| set | Targets::bit(role)),
        }
    }

    fn bit(role: Role) -> u8 {
        let i = Role::ALL.iter().position(|&r| r == role).unwrap_or(0);
        1 << i
    }

    /// The squares of the targets in `position`: the pieces of the side not to move.
    pub fn squares(self, position: &Position) -> Bitboard {
        let mut roles = [Role::Pawn; Role::ALL.len()];
        let mut n = 0;
        for role in Role::ALL {
            if self.roles & Targets::bit(role) != 0 {
                roles[n] = role;
                n += 1;
            }
        }
        position.targets(&roles[..n])
    }
}

impl Default for Targets {
    fn default() -> Targets {
        Targets {
            roles: Targets::bit(Role::King) | Targets::bit(Role::Queen) | Targets::bit(Role::Rook),
        }
    }
}

/// Reads a bitboard in any accepted form (hex, decimal, binary, square names, FEN placement).
pub fn bitboard(text: &str) -> Result<Bitboard, Error> {
    text.parse().map_err(|e| bitboard_refused(text, e))
}

/// Reads a bitboard whose numbers are written in `numbering`, as a LERF bitboard.
pub fn bitboard_in(text: &str, numbering: Numbering) -> Result<Bitboard, Error> {
    numbering.parse(text).map_err(|e| bitboard_refused(text, e))
}

/// The refusal of a bitboard; a whole FEN is pointed to where positions are read.
fn bitboard_refused(text: &str, e: ParseBitboardError) -> Error {
    match e {
        ParseBitboardError::FenFields => Error::invalid(
            "bitboard",
            text,
            format!("{e}; give a position with --fen (fen= in /api/)"),
        ),
        _ => Error::invalid("bitboard", text, e),
    }
}

/// Reads a square name of the 8x8 board, in any case.
pub fn square(what: &'static str, text: &str) -> Result<Square, Error> {
    // The library's message starts "invalid square": `what` already says it.
    text.to_ascii_lowercase()
        .parse()
        .map_err(|_| Error::invalid(what, text, "expected a square name, a1 to h8"))
}

/// Reads a board size `WxH`.
pub fn board(text: &str) -> Result<Board, Error> {
    text.parse().map_err(|e| Error::invalid("board", text, e))
}

/// Reads a square of `board`: a name like `c3`, or `file,rank` counted from 0.
pub fn coord(board: Board, what: &'static str, text: &str) -> Result<Coord, Error> {
    board
        .parse_coord(&text.to_ascii_lowercase())
        .map_err(|e| match e {
            BoardSizeError::SquareOffBoard => off_board(what, text, board),
            _ => Error::invalid(what, text, e),
        })
}

/// The refusal of the square `text` as an invalid `what`: it is not on `board`.
#[inline(never)]
pub(crate) fn off_board(what: &'static str, text: &str, board: Board) -> Error {
    let off = BoardSizeError::SquareOffBoard;
    Error::invalid(what, text, format_args!("{off} {board}"))
}

/// Is `fen` a placement alone (`rnbqkbnr/…/RNBQKBNR`), without the other fields?
fn placement_only(fen: &str) -> bool {
    let fen = fen.trim();
    !fen.is_empty() && !fen.contains(char::is_whitespace) && fen.contains('/')
}

/// Reads a position in FEN (four to six fields). A placement alone is refused with a line
/// saying the answer depends on the side to move, castling and en passant.
pub fn position(fen: &str) -> Result<Position, Error> {
    if placement_only(fen) {
        return Err(Error::invalid(
            "fen",
            fen,
            "a placement alone has no side to move, castling or en passant, which this answer \
             needs: give the whole FEN",
        ));
    }
    Ok(fen.parse::<Position>()?)
}

/// Reads the pieces where only they matter: a placement alone (no king needed, nothing
/// invented for the other fields), or a whole FEN, which is read as the position it is.
pub fn placement(fen: &str) -> Result<Placement, Error> {
    if placement_only(fen) {
        return Ok(fen.parse::<Placement>()?);
    }
    Ok(Placement::from(fen.parse::<Position>()?))
}

/// Most items one list of moves or squares may hold.
pub const MAX_LIST: usize = 256;

/// The non-empty items of a comma-separated list, at most [`MAX_LIST`] of them.
fn list<'a>(text: &'a str, of: &str) -> Result<Vec<&'a str>, Error> {
    let items: Vec<&str> = text.split(',').filter(|s| !s.trim().is_empty()).collect();
    if items.len() > MAX_LIST {
        return Err(Error::refused(format!("too many {of}: at most {MAX_LIST}")));
    }
    Ok(items)
}

/// Reads moves written as square pairs, `d5c7,e1g1`, as (from, to) pairs (for arrows).
pub fn square_pairs(what: &'static str, text: &str) -> Result<Vec<(Square, Square)>, Error> {
    list(text, what)?
        .into_iter()
        .map(|item| {
            let item = item.trim();
            item.get(..2)
                .zip(item.get(2..))
                .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
                .ok_or_else(|| Error::invalid(what, item, "expected moves such as d5c7"))
        })
        .collect()
}

/// Reads squares in order, `a1,b3,c5` (for a path).
pub fn square_list(what: &'static str, text: &str) -> Result<Vec<Square>, Error> {
    list(text, "squares")?
        .into_iter()
        .map(|s| square(what, s.trim()))
        .collect()
}

/// A number of bytes (a memory budget), written plainly or with a suffix K, M, G or T (powers
/// of 1024), optionally followed by `B` or `iB`: `4096`, `512M`, `1.5GiB`. The command line's
/// `--max-memory` and Python's `count_tours(max_memory=)` read it here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bytes(pub u64);

impl core::str::FromStr for Bytes {
    type Err = String;

    fn from_str(s: &str) -> Result<Bytes, String> {
        let t = s.trim();
        let t = t
            .strip_suffix("iB")
            .or_else(|| t.strip_suffix('B'))
            .unwrap_or(t);
        let not_a_size = || format!("{s:?} is not a size such as 4G or 512M");
        let (digits, suffix) = match t.char_indices().last() {
            Some((i, c)) if c.is_ascii_alphabetic() => (&t[..i], Some(c)),
            _ => (t, None),
        };
        let n: f64 = digits.trim().parse().map_err(|_| not_a_size())?;
        let shift = match suffix.map(|c| c.to_ascii_uppercase()) {
            None => 0,
            Some('K') => 10,
            Some('M') => 20,
            Some('G') => 30,
            Some('T') => 40,
            Some(c) => return Err(format!("unknown size suffix {c:?} (K, M, G or T)")),
        };
        let bytes = n * (1u64 << shift) as f64;
        if !(bytes.is_finite() && bytes >= 1.0 && bytes < u64::MAX as f64) {
            return Err(not_a_size());
        }
        Ok(Bytes(bytes as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knightbits::knight;

    #[test]
    fn sizes_read_with_and_without_suffixes() {
        assert_eq!("4096".parse(), Ok(Bytes(4096)));
        assert_eq!("4G".parse(), Ok(Bytes(4 << 30)));
        assert_eq!("512M".parse(), Ok(Bytes(512 << 20)));
        assert_eq!("1.5GiB".parse(), Ok(Bytes(3 << 29)));
        assert_eq!("2kB".parse(), Ok(Bytes(2048)));
        assert!("".parse::<Bytes>().is_err());
        assert_eq!(
            "4Q".parse::<Bytes>(),
            Err("unknown size suffix 'Q' (K, M, G or T)".to_string())
        );
        assert_eq!(
            "-1G".parse::<Bytes>(),
            Err("\"-1G\" is not a size such as 4G or 512M".to_string())
        );
    }

    #[test]
    fn names_and_refusals_come_from_the_library_lists() {
        assert_eq!(
            method(Leaper::Knight, "magic").unwrap_err().to_string(),
            "invalid method 'magic': unknown method; the knight's are lookup, post-mask, \
             pre-mask, prefix, halves or translate"
        );
        assert_eq!(
            method(Leaper::King, "prefix").unwrap_err().to_string(),
            "invalid method 'prefix': prefix is the knight's method, not the king's; the king's \
             are lookup, shifts or translate"
        );
        assert_eq!(
            method(Leaper::King, "magic").unwrap_err().to_string(),
            "invalid method 'magic': unknown method; the king's are lookup, shifts or translate"
        );
        // Every leaper, the knight and the king first (a third one follows them).
        let piece = choice::<Leaper>("piece", "queen").unwrap_err().to_string();
        assert!(
            [
                "invalid piece 'queen': expected knight or king",
                "invalid piece 'queen': expected knight, king"
            ]
            .iter()
            .any(|w| piece.starts_with(w)),
            "{piece}"
        );
        assert!(
            Leaper::ALL.iter().all(|l| piece.contains(l.name())),
            "{piece}"
        );
        assert_eq!(
            choice::<Color>("side", "red").unwrap_err().to_string(),
            "invalid side 'red': expected white or black"
        );
        assert!(
            choice::<Numbering>("numbering", "z1")
                .unwrap_err()
                .to_string()
                .starts_with("invalid numbering 'z1': unknown numbering: expected a1-b1")
        );
        assert_eq!(
            choice::<Numbering>("numbering", "LERF"),
            Ok(Numbering::A1B1)
        );
    }

    #[test]
    fn every_method_of_a_piece_is_found_by_its_name() {
        for leaper in Leaper::ALL {
            for &m in leaper.methods() {
                assert_eq!(method(leaper, m.name()), Ok(m));
                assert_eq!(method(leaper, &m.name().to_uppercase()), Ok(m));
                assert_eq!(m.leaper(), leaper);
            }
        }
        assert_eq!(glyph(Leaper::Knight), '♞');
        assert_eq!(glyph(Leaper::King), '♚');
    }

    #[test]
    fn a_placement_alone_is_read_only_where_it_suffices() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        assert_eq!(
            placement(start).unwrap(),
            Placement::from(position(&format!("{start} w - - 0 1")).unwrap())
        );
        // No king is needed where only the pieces matter, and none is invented.
        let knight = placement("8/8/8/8/3N4/8/8/8").unwrap();
        assert_eq!(knight.to_string(), "8/8/8/8/3N4/8/8/8");
        assert!(position("8/8/8/8/3N4/8/8/8 w - - 0 1").is_err());
        let refused = position(start).unwrap_err().to_string();
        assert!(refused.contains("no side to move"), "{refused}");
        assert!(placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX").is_err());
    }

    #[test]
    fn names_are_read_in_any_case() {
        assert_eq!(
            method(Leaper::Knight, "Post-Mask"),
            Ok(Method::Knight(knight::technique::Method::PostMask))
        );
        assert_eq!(choice::<Leaper>("piece", "KING"), Ok(Leaper::King));
        assert_eq!(choice::<Color>("side", "White"), Ok(Color::White));
        assert_eq!(square("square", "D4"), Ok(Square::D4));
        assert_eq!(coord(Board::CHESS, "square", "H8"), Ok(Coord::new(7, 7)));
        assert_eq!(
            choice::<popcount::Method>("method", "HARDWARE"),
            Ok(popcount::Method::Hardware)
        );
    }

    #[test]
    fn targets_are_distinct_roles() {
        let t = Targets::read("kqrK").unwrap();
        assert_eq!(t, Targets::read(Targets::DEFAULT_LETTERS).unwrap());
        assert_eq!(t, Targets::default());
        assert!(Targets::read("").is_err());
        assert!(Targets::read("kx").is_err());
    }
}
