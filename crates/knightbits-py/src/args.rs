//! Reading Python arguments: squares, bitboards, sides, pieces, option names and counts, each
//! refused with one of the package's exceptions (`errors.rs`) whose message starts with the
//! argument's name. Nothing here lets an `OverflowError` or a panic through: every int is read
//! as a Python int first and compared with its range.

use knightbits::position::Role;
use knightbits::technique::Leaper;
use knightbits::{Bitboard, Color, Square};
use knightbits_api::values;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};

use crate::errors::{Kind, named};

/// The name of `obj`'s type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// `repr(obj)` on one line, cut at 60 characters (a numpy array's spans lines).
pub fn repr(obj: &Bound<'_, PyAny>) -> String {
    let text = obj.repr().map(|r| r.to_string()).unwrap_or_default();
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() > 60 {
        format!("{}...", line.chars().take(57).collect::<String>())
    } else {
        line
    }
}

/// Is `obj` an int: a Python `int` that is not a `bool`, or a numpy integer scalar?
/// (`chess.SquareSet` has `__index__` too, but it is a set, not a number.)
fn as_int<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
    let py = obj.py();
    if obj.is_instance_of::<PyBool>() {
        return Ok(None);
    }
    if obj.is_instance_of::<PyInt>() {
        return Ok(Some(obj.clone()));
    }
    let numpy_int = obj.hasattr(intern!(py, "dtype"))?
        && obj.hasattr(intern!(py, "__index__"))?
        && obj
            .getattr(intern!(py, "ndim"))
            .is_ok_and(|n| n.extract::<usize>().is_ok_and(|n| n == 0))
        && obj
            .getattr(intern!(py, "dtype"))?
            .getattr(intern!(py, "kind"))?
            .extract::<String>()
            .is_ok_and(|k| k == "i" || k == "u");
    Ok(if numpy_int {
        obj.call_method0(intern!(py, "__index__")).ok()
    } else {
        None
    })
}

/// An int argument `name` in `lo..=hi` (numpy integers too), refused with the range.
pub fn int_in(obj: &Bound<'_, PyAny>, name: &str, what: &str, lo: i64, hi: i64) -> PyResult<i64> {
    let Some(int) = as_int(obj)? else {
        return Err(named(
            Kind::Type,
            name,
            format!("{what} is an int, not {}", type_name(obj)),
        ));
    };
    int.extract::<i64>()
        .ok()
        .filter(|i| (lo..=hi).contains(i))
        .ok_or_else(|| {
            named(
                Kind::Value,
                name,
                format!("{what} {} is not in {lo}..={hi}", repr(&int)),
            )
        })
}

/// An int as python-chess numbers squares: a1 = 0 … h8 = 63.
pub fn square(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Square> {
    let Some(int) = as_int(obj)? else {
        return Err(named(
            Kind::Type,
            name,
            format!(
                "a square is an int from 0 (a1) to 63 (h8), not {}",
                type_name(obj)
            ),
        ));
    };
    int.extract::<i64>()
        .ok()
        .and_then(|i| u8::try_from(i).ok())
        .and_then(Square::from_index)
        .ok_or_else(|| {
            named(
                Kind::Square,
                name,
                format!("square {} is not in 0..=63 (a1 = 0, h8 = 63)", repr(&int)),
            )
        })
}

/// A bitboard: any int-like value (`int`, `chess.SquareSet`, a numpy integer) from 0 to
/// 2^64 - 1, bit `n` being square `n`.
pub fn bitboard(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Bitboard> {
    let py = obj.py();
    if obj.is_instance_of::<PyInt>()
        && let Ok(bits) = obj.extract::<u64>()
    {
        return Ok(Bitboard(bits));
    }
    let int = if obj.is_instance_of::<PyBool>() {
        None
    } else {
        obj.call_method0(intern!(py, "__index__")).ok()
    };
    let Some(int) = int else {
        return Err(named(
            Kind::Type,
            name,
            format!(
                "a bitboard is an int from 0 to 2**64 - 1 (or a chess.SquareSet), not {}",
                type_name(obj)
            ),
        ));
    };
    if let Ok(bits) = int.extract::<u64>() {
        return Ok(Bitboard(bits));
    }
    let negative = int.lt(0)?;
    Err(named(
        Kind::Value,
        name,
        if negative {
            format!("bitboard {} is negative", repr(&int))
        } else {
            format!("bitboard {} does not fit in 64 bits", repr(&int))
        },
    ))
}

/// A side: python-chess's `chess.WHITE` (`True`) / `chess.BLACK` (`False`), or `"white"` /
/// `"black"` in any case.
pub fn side(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Color> {
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(if b.is_true() {
            Color::White
        } else {
            Color::Black
        });
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return s
            .to_cow()?
            .to_ascii_lowercase()
            .parse::<Color>()
            .map_err(|e| named(Kind::Option, name, e));
    }
    Err(named(
        Kind::Type,
        name,
        format!(
            "a side is chess.WHITE, chess.BLACK, \"white\" or \"black\", not {}",
            type_name(obj)
        ),
    ))
}

/// Is `obj` a side (a bool, or "white" / "black")? For the old argument order of `pieces`.
pub fn is_side(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyBool>()
        || obj.cast::<PyString>().is_ok_and(|s| {
            s.to_cow()
                .is_ok_and(|t| matches!(t.to_ascii_lowercase().as_str(), "white" | "black"))
        })
}

/// A piece type: python-chess's number (`chess.KNIGHT` = 2), or a name (`"knight"`) or letter
/// (`"n"`) in any case.
pub fn role(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Role> {
    if let Ok(s) = obj.cast::<PyString>() {
        return s
            .to_cow()?
            .to_ascii_lowercase()
            .parse::<Role>()
            .map_err(|e| named(Kind::Option, name, e));
    }
    if let Some(int) = as_int(obj)? {
        return int
            .extract::<i64>()
            .ok()
            .and_then(|n| usize::try_from(n.checked_sub(1)?).ok())
            .and_then(|i| Role::ALL.get(i).copied())
            .ok_or_else(|| {
                named(
                    Kind::Option,
                    name,
                    format!(
                        "piece type {} is not in 1..=6 (chess.PAWN..KING)",
                        repr(&int)
                    ),
                )
            });
    }
    Err(named(
        Kind::Type,
        name,
        format!(
            "a piece is chess.KNIGHT, chess.KING, ... or a name such as \"knight\", not {}",
            type_name(obj)
        ),
    ))
}

/// A piece that has moves and techniques (a leaper): python-chess's number (`chess.KNIGHT`,
/// `chess.KING`), a leaper's name in any case, or python-chess's letter (`"n"`, `"k"`). The
/// name is read by the API (`values::choice`), so a piece that is no leaper is refused with
/// the command line's words.
pub fn piece(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Leaper> {
    let text = match obj.cast::<PyString>() {
        Ok(s) => s.to_cow()?.into_owned(),
        Err(_) => role(obj, name)?.name().to_owned(),
    };
    let letter = || {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Role::from_char(c.to_ascii_lowercase()).and_then(Leaper::from_role),
            _ => None,
        }
    };
    match values::choice::<Leaper>("piece", &text) {
        Ok(leaper) => Ok(leaper),
        Err(e) => letter().ok_or_else(|| named(Kind::Option, name, e)),
    }
}

/// A string argument (`str` only).
pub fn text<'py>(obj: &Bound<'py, PyAny>, name: &str, what: &str) -> PyResult<String> {
    obj.cast::<PyString>()
        .map_err(|_| {
            named(
                Kind::Type,
                name,
                format!("{what} is a str, not {}", type_name(obj)),
            )
        })?
        .to_cow()
        .map(|c| c.into_owned())
}

/// A bool argument (`True` / `False` only).
pub fn flag(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    obj.cast::<PyBool>().map(|b| b.is_true()).map_err(|_| {
        named(
            Kind::Type,
            name,
            format!("expected True or False, not {}", type_name(obj)),
        )
    })
}

/// The roles of a targets string such as `"kqr"` (any case).
pub fn roles(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<Role>> {
    let targets = text(obj, name, "targets")?;
    targets
        .chars()
        .map(|c| {
            Role::from_char(c.to_ascii_lowercase()).ok_or_else(|| {
                named(
                    Kind::Option,
                    name,
                    format!("targets {targets:?}: {c:?} is not a piece letter (p n b r q k)"),
                )
            })
        })
        .collect()
}

/// `errors=`: `"raise"` (false) or `"mask"` (true).
pub fn mask(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    let errors = text(obj, "errors", "errors")?;
    match errors.to_ascii_lowercase().as_str() {
        "raise" => Ok(false),
        "mask" => Ok(true),
        _ => Err(named(
            Kind::Option,
            "errors",
            format!("errors={errors:?}: expected \"raise\" or \"mask\""),
        )),
    }
}
