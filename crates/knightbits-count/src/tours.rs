//! A number of tours of any size: what [`Count`](super::Count) returns.

use core::fmt;
use num_bigint::BigUint;
use std::string::String;
use std::vec::Vec;

/// A number of tours, of any size (6 x 40 has 377,031,597,006,006,571,424,070,743,308,269,
/// 493,020,186,682,009,428,464,253,448,495,336 closed tours, 219 bits), shown in decimal.
///
/// ```
/// use knightbits_count::Tours;
/// let n = Tours::from(9862u128);
/// assert_eq!(n, 9862);
/// assert_eq!(n.to_string(), "9862");
/// assert_eq!(n.to_u128(), Some(9862));
/// // OEIS A175881 a(25), closed tours of 6 x 25: 128 bits, within a u128
/// let a25: Tours = "298772700964630993744576968415214630040".parse().unwrap();
/// assert_eq!(a25.to_u128(), Some(298772700964630993744576968415214630040));
/// assert_eq!(a25.bits(), 128);
/// // a(30), 6 x 30: 158 bits, past it
/// let a30: Tours = "322863244258188584511076820531771298243292346804".parse().unwrap();
/// assert_eq!(a30.to_u128(), None);
/// assert_eq!(a30.bits(), 158);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tours(BigUint);

impl Tours {
    /// The number, when it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        u128::try_from(&self.0).ok()
    }

    /// Bits of the number written in binary (0 for none).
    pub fn bits(&self) -> u64 {
        self.0.bits()
    }

    /// The number's bytes, least significant first (none for 0): for a caller that builds its
    /// own integer from them.
    pub fn to_bytes_le(&self) -> Vec<u8> {
        match self.0.bits() {
            0 => Vec::new(),
            _ => self.0.to_bytes_le(),
        }
    }

    /// The number as `num-bigint`'s integer.
    pub(crate) fn from_big(n: BigUint) -> Tours {
        Tours(n)
    }
}

/// `n` as a number of tours, for the tests' expected counts.
#[cfg(test)]
pub(crate) fn tours(n: u128) -> Tours {
    Tours::from(n)
}

impl From<u128> for Tours {
    fn from(n: u128) -> Tours {
        Tours(BigUint::from(n))
    }
}

impl PartialEq<u128> for Tours {
    fn eq(&self, other: &u128) -> bool {
        self.to_u128() == Some(*other)
    }
}

impl fmt::Display for Tours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Why a text is not a number of tours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotANumber(String);

impl fmt::Display for NotANumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a number of tours: {:?}", self.0)
    }
}

impl std::error::Error for NotANumber {}

impl core::str::FromStr for Tours {
    type Err = NotANumber;

    /// Decimal digits only.
    fn from_str(s: &str) -> Result<Tours, NotANumber> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NotANumber(s.into()));
        }
        BigUint::parse_bytes(s.as_bytes(), 10)
            .map(Tours)
            .ok_or_else(|| NotANumber(s.into()))
    }
}
