//! [`ParseMethodError`], shared by every `Method` enum that names a technique.

use core::fmt;

/// A method name was not one of those offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseMethodError;

impl fmt::Display for ParseMethodError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown method")
    }
}

impl core::error::Error for ParseMethodError {}
