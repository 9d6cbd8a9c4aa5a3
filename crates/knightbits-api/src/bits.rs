//! Questions about one bitboard: `show` (and the explorer's `view` of it), `convert` and
//! `count`.

use knightbits::mapping::Numbering;
use knightbits::{Bitboard, Square, popcount};
use serde::{Serialize, Serializer};

use super::form::{Named, query};
use super::values;
use super::{Bits, Error, Squares, display};

/// `show`: a bitboard (LERF) seen in a numbering. Built by [`ShowRequest::new`] (every
/// bitboard and numbering combine); its fields are private:
///
/// ```compile_fail,E0451
/// use knightbits::{Bitboard, mapping::Numbering};
/// let r = knightbits_api::bits::ShowRequest { bitboard: Bitboard::FULL, numbering: Numbering::A1B1 };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowRequest {
    bitboard: Bitboard,
    numbering: Numbering,
}

impl ShowRequest {
    /// `bitboard` seen in `numbering`.
    pub fn new(bitboard: Bitboard, numbering: Numbering) -> Self {
        ShowRequest {
            bitboard,
            numbering,
        }
    }

    /// The squares.
    pub fn bitboard(&self) -> Bitboard {
        self.bitboard
    }

    /// The numbering whose bit indices are told.
    pub fn numbering(&self) -> Numbering {
        self.numbering
    }
}

/// The parameters of `/api/show`: `input` in any form, a number read in `from` (default:
/// `numbering`), seen in `numbering` (default a1-b1).
struct ShowQuery {
    input: Named<String>,
    numbering: Option<Numbering>,
    from: Option<Numbering>,
}

query!(ShowQuery {
    input,
    numbering,
    from
});
query!(ShowRequest via ShowQuery);

impl TryFrom<ShowQuery> for ShowRequest {
    type Error = Error;

    fn try_from(q: ShowQuery) -> Result<ShowRequest, Error> {
        let numbering = q.numbering.unwrap_or(Numbering::A1B1);
        Ok(ShowRequest::new(
            read_in(&q.input, q.from.unwrap_or(numbering))?,
            numbering,
        ))
    }
}

/// The `input` parameter, its numbers read in `numbering`.
fn read_in(input: &Named<String>, numbering: Numbering) -> Result<Bitboard, Error> {
    input.read(|text| values::bitboard_in(text, numbering))
}

/// The answer to `show`: `{"bitboard", "squares", "count", "numbering", "indices"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Show {
    /// The squares as a LERF bitboard.
    pub bitboard: Bitboard,
    /// Their names.
    pub squares: Squares,
    /// How many.
    pub count: u32,
    /// The numbering of `indices`.
    #[serde(serialize_with = "display")]
    pub numbering: Numbering,
    /// Each square's bit index in that numbering, a1 first.
    pub indices: Vec<u8>,
}

/// Answers `show`.
pub fn show(req: &ShowRequest) -> Show {
    let bb = req.bitboard;
    Show {
        bitboard: bb,
        squares: Squares(bb),
        count: bb.count(),
        numbering: req.numbering,
        indices: bb.into_iter().map(|sq| req.numbering.index(sq)).collect(),
    }
}

/// The explorer's view of a bitboard: `show`'s fields, then the forms the page shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// What `show` answers.
    #[serde(flatten)]
    pub shown: Show,
    /// The value of the bitboard in the numbering.
    pub value: Bits,
    /// The LERF value in decimal.
    pub decimal: String,
    /// The LERF value in binary, `0b` and 64 digits.
    pub binary: String,
    /// Every square's bit index in the numbering, a1 first.
    pub grid: Vec<u8>,
    /// The bitboard as a Rust constant.
    pub rust: String,
    /// The count by every popcount method.
    pub popcounts: Popcounts,
}

/// Answers the explorer's `show`.
pub fn view(req: &ShowRequest) -> View {
    let (bb, numbering) = (req.bitboard, req.numbering);
    View {
        shown: show(req),
        value: Bits(numbering.from_lerf(bb)),
        decimal: bb.0.to_string(),
        binary: format!("{:#066b}", bb.0),
        grid: Square::ALL.iter().map(|&sq| numbering.index(sq)).collect(),
        rust: format!("const BITBOARD: u64 = {};", rust_hex(bb.0)),
        popcounts: Popcounts(bb.0),
    }
}

/// `0x0000_1422_0022_1400`: hex in groups of four, as rustfmt leaves a long literal.
fn rust_hex(v: u64) -> String {
    let digits = format!("{v:016x}");
    let groups: Vec<&str> = (0..4).map(|i| &digits[i * 4..i * 4 + 4]).collect();
    format!("0x{}", groups.join("_"))
}

/// The count of a value by every popcount method: `{"loop": n, "table16": n, …}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Popcounts(pub u64);

impl Serialize for Popcounts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(
            popcount::Method::ALL
                .iter()
                .map(|m| (m.name(), m.count(self.0))),
        )
    }
}

/// `convert`: the same squares in another numbering. Built by [`ConvertRequest::new`]; its
/// fields are private:
///
/// ```compile_fail,E0451
/// use knightbits::{Bitboard, mapping::Numbering};
/// let r = knightbits_api::bits::ConvertRequest { bitboard: Bitboard::FULL, to: Numbering::H1G1 };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvertRequest {
    bitboard: Bitboard,
    to: Numbering,
}

impl ConvertRequest {
    /// The squares of `bitboard` (LERF) written in the numbering `to`.
    pub fn new(bitboard: Bitboard, to: Numbering) -> Self {
        ConvertRequest { bitboard, to }
    }
}

/// The parameters of `/api/convert`: `input` read in `from`, written in `to` (both default
/// a1-b1).
struct ConvertQuery {
    input: Named<String>,
    from: Option<Numbering>,
    to: Option<Numbering>,
}

query!(ConvertQuery { input, from, to });
query!(ConvertRequest via ConvertQuery);

impl TryFrom<ConvertQuery> for ConvertRequest {
    type Error = Error;

    fn try_from(q: ConvertQuery) -> Result<ConvertRequest, Error> {
        Ok(ConvertRequest::new(
            read_in(&q.input, q.from.unwrap_or(Numbering::A1B1))?,
            q.to.unwrap_or(Numbering::A1B1),
        ))
    }
}

/// The answer to `convert`: `{"numbering", "bits"}`, the value in the target numbering
/// (`"bitboard"` is always LERF, so this value has a name of its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Converted {
    /// The numbering of `bits`.
    #[serde(serialize_with = "display")]
    pub numbering: Numbering,
    /// The value in that numbering.
    pub bits: Bits,
}

/// Answers `convert`.
pub fn convert(req: &ConvertRequest) -> Converted {
    Converted {
        numbering: req.to,
        bits: Bits(req.to.from_lerf(req.bitboard)),
    }
}

/// `count`: the number of squares, by one of the article's methods. In `/api/count`: `input`
/// and `method` (default hardware). Built by [`CountRequest::new`]; its fields are private:
///
/// ```compile_fail,E0451
/// use knightbits::{Bitboard, popcount::Method};
/// let r = knightbits_api::bits::CountRequest { bitboard: Bitboard::FULL, method: Method::Loop };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountRequest {
    bitboard: Bitboard,
    method: popcount::Method,
}

impl CountRequest {
    /// The squares of `bitboard` counted by `method`.
    pub fn new(bitboard: Bitboard, method: popcount::Method) -> Self {
        CountRequest { bitboard, method }
    }
}

query!(CountRequest {
    bitboard: "input",
    method = popcount::Method::Hardware,
});

/// The answer to `count`: `{"count"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Count {
    /// The number of set bits.
    pub count: u32,
}

/// Answers `count`.
pub fn count(req: &CountRequest) -> Count {
    Count {
        count: req.method.count(req.bitboard.0),
    }
}

/// The explorer's answer to `count`: `{"count", "method"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CountBy {
    /// What `count` answers.
    #[serde(flatten)]
    pub count: Count,
    /// The method that counted.
    pub method: &'static str,
}

/// Answers the explorer's `count`.
pub fn count_by(req: &CountRequest) -> CountBy {
    CountBy {
        count: count(req),
        method: req.method.name(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_adds_the_page_forms_after_the_shown_fields() {
        let v = view(&ShowRequest::new(
            Bitboard(0x0000_0050_8800_8850),
            Numbering::H1G1,
        ));
        let json = serde_json::to_string(&v).unwrap();
        assert!(json.starts_with(
            r#"{"bitboard":"0x0000005088008850","squares":["e1","g1","d2","h2","d4","h4","e5","g5"],"count":8,"numbering":"h1-g1","indices":[3,1,12,8,28,24,35,33],"value":"0x0000000a1100110a""#
        ));
        assert!(json.ends_with(
            r#""rust":"const BITBOARD: u64 = 0x0000_0050_8800_8850;","popcounts":{"loop":8,"table16":8,"clear-lowest":8,"hardware":8}}"#
        ));
    }
}
