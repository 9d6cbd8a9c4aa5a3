//! The `bitboard!` diagram literal.

/// A [`Bitboard`](crate::Bitboard) constant drawn as a diagram: 64 cells, rank 8 first, file a
/// first in each row, `X` for a member and `.` for an empty square.
///
/// The diagram is checked by the compiler: a cell other than `.` or `X`, or a count other than
/// 64, does not compile. The value is computed at compile time.
///
/// ```
/// use knightbits::{bitboard, knight, Square};
///
/// // The wiki's knight on d4.
/// assert_eq!(knight::attacks(Square::D4), bitboard! {
///     . . . . . . . .
///     . . . . . . . .
///     . . X . X . . .
///     . X . . . X . .
///     . . . . . . . .
///     . X . . . X . .
///     . . X . X . . .
///     . . . . . . . .
/// });
/// ```
///
/// Sixty-three cells are rejected:
///
/// ```compile_fail
/// let _ = knightbits::bitboard! {
///     . . . . . . . .  . . . . . . . .  . . . . . . . .  . . . . . . . .
///     . . . . . . . .  . . . . . . . .  . . . . . . . .  . . . . . . .
/// };
/// ```
///
/// and so is any cell but `.` and `X`:
///
/// ```compile_fail
/// let _ = knightbits::bitboard! {
///     . . . . . . . .  . . . . . . . .  . . . . . . . .  . . . . . . . .
///     . . . . . . . .  . . . . . . . .  . . . . . . . .  . . . . . . . 1
/// };
/// ```
#[macro_export]
macro_rules! bitboard {
    (@cell .) => { 0u8 };
    (@cell X) => { 1u8 };
    (@cell $other:tt) => {
        ::core::compile_error!(concat!(
            "bitboard! cells are `.` or `X` separated by spaces, found `",
            stringify!($other),
            "`"
        ))
    };
    ($($cell:tt)*) => {{
        const BITBOARD: $crate::Bitboard =
            $crate::Bitboard::from_diagram([$($crate::bitboard!(@cell $cell)),*]);
        BITBOARD
    }};
}

/// An enum whose variants have names, written once: the enum (with the usual derives), `ALL`
/// in declaration order, `name()`, and `Display` writing the name; with `parse` after the
/// braces, `FromStr` by name too, refusing with [`ParseMethodError`](crate::ParseMethodError).
///
/// ```text
/// named! {
///     /// A way to compute king attacks.
///     pub enum Method {
///         /// The table, one lookup per king.
///         Lookup = "lookup",
///     }
///     all: "Every method, in the order above.",
///     name: "The method's name on the command line.",
///     parse
/// }
/// ```
macro_rules! named {
    (
        $(#[$meta:meta])*
        $vis:vis enum $ty:ident {
            $($(#[$vmeta:meta])* $variant:ident = $name:literal,)+
        }
        all: $all:literal,
        name: $name_doc:expr
        $(, $parse:ident)?
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $ty {
            $($(#[$vmeta])* $variant,)+
        }

        impl $ty {
            #[doc = $all]
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            #[doc = $name_doc]
            #[inline]
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }
        }

        impl core::fmt::Display for $ty {
            /// The name, as `name()`.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.pad(self.name())
            }
        }

        $($crate::macros::named!(@$parse $ty);)?
    };
    (@parse $ty:ident) => {
        impl core::str::FromStr for $ty {
            type Err = $crate::error::ParseMethodError;

            /// The value named `s` (as `name()` writes it).
            fn from_str(s: &str) -> Result<$ty, $crate::error::ParseMethodError> {
                <$ty>::ALL
                    .into_iter()
                    .find(|v| v.name() == s)
                    .ok_or($crate::error::ParseMethodError)
            }
        }
    };
}
pub(crate) use named;
