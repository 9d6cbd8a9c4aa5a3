//! Typed values of the command line. Clap reads them itself, so a bad value ends the run
//! before anything is computed: exit code 2 and one line naming the accepted values.
//!
//! The names come from the library's lists through [`Choice`]; none is written here.

use std::ffi::OsStr;
use std::marker::PhantomData;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Arg, Command};
use knightbits::mapping::Numbering;
use knightbits::{Bitboard, Square};

use knightbits::technique::{Leaper, Method};
use knightbits_api as api;
use knightbits_api::values::Choice;

/// Clap's refusal of `value`: "invalid value … [possible values: …]".
fn refuse(
    names: impl IntoIterator<Item = &'static str>,
    cmd: &Command,
    arg: Option<&Arg>,
    value: &OsStr,
) -> clap::Error {
    match PossibleValuesParser::new(names).parse_ref(cmd, arg, value) {
        Err(e) => e,
        Ok(_) => clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd),
    }
}

/// Reads a [`Choice`]: whatever the library's reader accepts (its aliases and case rules),
/// offering the names of `T::ALL` in help and in the refusal.
#[derive(Clone, Copy, Debug)]
pub struct ChoiceParser<T>(PhantomData<T>);

/// The value parser of a [`Choice`].
pub fn choice<T: Choice>() -> ChoiceParser<T> {
    ChoiceParser(PhantomData)
}

impl<T: Choice> TypedValueParser for ChoiceParser<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, clap::Error> {
        value
            .to_str()
            .and_then(T::read)
            .ok_or_else(|| refuse(T::ALL.iter().map(|c| c.name()), cmd, arg, value))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            T::ALL.iter().map(|c| PossibleValue::new(c.name())),
        ))
    }
}

/// The value parser of `--method`: a method of either piece, by any name one of them has
/// (the library's one list, [`Method::ALL`]); a name no piece has is refused by clap. The
/// command reads it for its `--piece` with [`api::values::method`], which refuses a name only the
/// other piece has, naming that piece's methods.
#[derive(Clone, Copy, Debug)]
pub struct MethodParser;

impl MethodParser {
    /// The name every piece has a method by (its lookup table), used when none is named.
    pub const DEFAULT: &'static str = Method::ALL[0].name();

    /// The help of `--method`: each piece's methods, from the library's list.
    pub fn help() -> String {
        let pieces: Vec<String> = Leaper::ALL
            .into_iter()
            .map(|leaper| {
                let name = leaper.name();
                let methods: Vec<&str> = leaper.methods().iter().map(|m| m.name()).collect();
                format!(
                    "{}{}: {}",
                    name[..1].to_ascii_uppercase(),
                    &name[1..],
                    methods.join(", ")
                )
            })
            .collect();
        format!("Technique. {}", pieces.join(". "))
    }

    /// Every name some piece has a method by, each once, in the library's order.
    fn names() -> Vec<&'static str> {
        let mut names: Vec<&'static str> = Vec::new();
        for m in Method::ALL {
            if !names.contains(&m.name()) {
                names.push(m.name());
            }
        }
        names
    }
}

impl TypedValueParser for MethodParser {
    type Value = Method;

    fn parse_ref(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<Method, clap::Error> {
        value
            .to_str()
            .and_then(|text| {
                Method::ALL
                    .into_iter()
                    .find(|m| m.name().eq_ignore_ascii_case(text))
            })
            .ok_or_else(|| refuse(MethodParser::names(), cmd, arg, value))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            MethodParser::names().into_iter().map(PossibleValue::new),
        ))
    }
}

/// `--index N` and `--one-based`: one square given by its bit number in `--mapping`, as the
/// article gives a knight (`1 << knightNr`) and the devlog draws its squares (1 to 64).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct IndexArgs {
    /// The single square whose bit number is N in --mapping (0 to 63; 1 to 64 with
    /// --one-based), in place of INPUT: --index 27 is d4, --index 18 --mapping h1-g1 is f3.
    #[arg(long, value_name = "N", conflicts_with = "input",
          value_parser = clap::value_parser!(u8).range(0..=64))]
    pub index: Option<u8>,
    /// Count --index from 1, as the devlog numbers its squares (h1 = 1 in h1-g1).
    #[arg(long, requires = "index", conflicts_with = "input")]
    pub one_based: bool,
}

impl IndexArgs {
    /// The square of `--index` in `numbering`, as a set; `None` without `--index`.
    pub fn square(&self, numbering: Numbering) -> Result<Option<Square>, api::Error> {
        let Some(n) = self.index else {
            return Ok(None);
        };
        let (low, high) = if self.one_based { (1, 64) } else { (0, 63) };
        if !(low..=high).contains(&n) {
            return Err(api::Error::invalid(
                "index",
                &n.to_string(),
                format!("expected {low} to {high}"),
            ));
        }
        Ok(numbering.square(n - low))
    }

    /// The pieces: the `--index` square, or `input` read in `numbering` (a number is a bit
    /// pattern of that numbering; names and FEN placements are the same in all).
    pub fn pieces(
        &self,
        input: Option<&str>,
        numbering: Numbering,
    ) -> Result<Option<Bitboard>, api::Error> {
        if let Some(sq) = self.square(numbering)? {
            return Ok(Some(Bitboard::from_square(sq)));
        }
        input
            .map(|text| api::values::bitboard_in(text, numbering))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knightbits::{king, knight};

    fn method(name: &str) -> Result<Method, clap::Error> {
        MethodParser.parse_ref(&Command::new("t"), None, OsStr::new(name))
    }

    #[test]
    fn a_method_name_is_read_for_both_pieces() {
        let lookup = method("lookup").unwrap();
        assert_eq!(
            api::values::method(Leaper::King, lookup.name()),
            Ok(Method::King(king::technique::Method::Lookup))
        );
        let prefix = method("Prefix").unwrap();
        assert_eq!(
            api::values::method(Leaper::Knight, prefix.name()),
            Ok(Method::Knight(knight::technique::Method::Prefix))
        );
        // The knight's names in the library's order, then the king's one name of its own.
        let names = MethodParser::names();
        assert_eq!(
            names[..6],
            [
                "lookup",
                "post-mask",
                "pre-mask",
                "prefix",
                "halves",
                "translate"
            ]
        );
        assert_eq!(names[6..], ["shifts"]);
        assert_eq!(
            api::values::method(Leaper::King, prefix.name())
                .unwrap_err()
                .to_string(),
            "invalid method 'prefix': prefix is the knight's method, not the king's; the king's \
             are lookup, shifts or translate"
        );
        assert_eq!(method("magic").unwrap_err().kind(), ErrorKind::InvalidValue);
    }

    #[test]
    fn an_index_is_a_square_of_the_numbering() {
        let at = |index, one_based, numbering| {
            IndexArgs {
                index: Some(index),
                one_based,
            }
            .square(numbering)
        };
        assert_eq!(at(27, false, Numbering::A1B1), Ok(Some(Square::D4)));
        assert_eq!(at(18, false, Numbering::H1G1), Ok(Some(Square::F3)));
        assert_eq!(at(19, true, Numbering::H1G1), Ok(Some(Square::F3)));
        assert_eq!(at(64, true, Numbering::A1B1), Ok(Some(Square::H8)));
        assert!(at(64, false, Numbering::A1B1).is_err());
        assert!(at(0, true, Numbering::A1B1).is_err());
    }

    #[test]
    fn choices_read_as_the_library_reads() {
        let parse = |text: &str| {
            choice::<knightbits::mapping::Numbering>().parse_ref(
                &Command::new("t"),
                None,
                OsStr::new(text),
            )
        };
        assert_eq!(parse("LERF").unwrap(), knightbits::mapping::Numbering::A1B1);
        assert_eq!(parse("a1-c1").unwrap_err().kind(), ErrorKind::InvalidValue);
    }
}
