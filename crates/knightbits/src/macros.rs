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

/// `Display` as `name()` and `FromStr` by `name()` over `ALL`, for the enums that name a
/// method on the command line.
macro_rules! impl_method_names {
    ($ty:ty) => {
        impl core::fmt::Display for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl core::str::FromStr for $ty {
            type Err = $crate::error::ParseMethodError;

            fn from_str(s: &str) -> Result<$ty, $crate::error::ParseMethodError> {
                <$ty>::ALL
                    .into_iter()
                    .find(|m| m.name() == s)
                    .ok_or($crate::error::ParseMethodError)
            }
        }
    };
}
pub(crate) use impl_method_names;
