//! Serde support (feature `serde`): a bitboard is the string `"0x…"` with 16 hex digits (any
//! accepted input form is read back), a square is its name, a colour `"white"`/`"black"`.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::square::Square;

/// A fixed buffer for `0x` + 16 digits, so serialization needs no allocator.
struct Hex([u8; 18]);

impl Hex {
    fn new(bits: u64) -> Hex {
        let mut buf = *b"0x0000000000000000";
        for (i, byte) in buf[2..].iter_mut().enumerate() {
            let nibble = (bits >> (60 - 4 * i)) & 0xf;
            *byte = b"0123456789abcdef"[nibble as usize];
        }
        Hex(buf)
    }

    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.0).unwrap_or("0x")
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(Hex::new(self.0).as_str())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Color {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// Reads any `T: FromStr` from a string.
struct FromStrVisitor<T>(PhantomData<T>, &'static str);

impl<T: FromStr> Visitor<'_> for FromStrVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
        deserializer.deserialize_str(FromStrVisitor(
            PhantomData,
            "a bitboard string like \"0x…\"",
        ))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        deserializer.deserialize_str(FromStrVisitor(PhantomData, "a square name like \"d4\""))
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Color, D::Error> {
        deserializer.deserialize_str(FromStrVisitor(PhantomData, "\"white\" or \"black\""))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Bitboard, Color, Square};

    #[test]
    fn bitboards_are_hex_strings_and_squares_names() {
        let d4 = Bitboard(0x0000_1422_0022_1400);
        assert_eq!(
            serde_json::to_string(&d4).unwrap(),
            "\"0x0000142200221400\""
        );
        assert_eq!(
            serde_json::to_string(&Bitboard::FULL).unwrap(),
            "\"0xffffffffffffffff\""
        );
        assert_eq!(
            serde_json::from_str::<Bitboard>("\"0x0000142200221400\"").unwrap(),
            d4
        );
        assert_eq!(
            serde_json::from_str::<Bitboard>("\"c2,e2\"")
                .unwrap()
                .count(),
            2
        );
        assert!(serde_json::from_str::<Bitboard>("\"z9\"").is_err());
        assert!(serde_json::from_str::<Bitboard>("42").is_err());
        assert_eq!(serde_json::to_string(&Square::H8).unwrap(), "\"h8\"");
        assert_eq!(
            serde_json::from_str::<Square>("\"a1\"").unwrap(),
            Square::A1
        );
        assert!(serde_json::from_str::<Square>("\"a9\"").is_err());
        assert_eq!(serde_json::to_string(&Color::Black).unwrap(), "\"black\"");
        assert_eq!(
            serde_json::from_str::<Color>("\"white\"").unwrap(),
            Color::White
        );
        for sq in Square::ALL {
            let text = serde_json::to_string(&sq).unwrap();
            assert_eq!(serde_json::from_str::<Square>(&text).unwrap(), sq);
            let bb = Bitboard::from_square(sq);
            let text = serde_json::to_string(&bb).unwrap();
            assert_eq!(serde_json::from_str::<Bitboard>(&text).unwrap(), bb);
        }
    }
}
