//! What a count reports as it goes and before it starts.

use super::closed::Round;

/// How far a running count has come: `done` of `total` units of work (middle squares by meet
/// in the middle, squares of the board by the frontier programmes:
/// [`Method::unit`](super::Method::unit)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Units finished.
    pub done: u64,
    /// Units in all.
    pub total: u64,
    /// The figures of the round just finished, by the 64-bit frontier programme; `None` from
    /// the other methods, and when the count only says it is still at `done`.
    pub round: Option<Round>,
}

/// What a short sample of a count's actual work predicts for the whole count. Rough: the
/// methods that give one say how they extrapolate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Wall seconds of the whole count.
    pub seconds: f64,
    /// Peak bytes of the count's tables.
    pub peak_bytes: u64,
    /// Bytes of scratch disk the count's files take at once (0 when it stays in memory).
    pub disk_bytes: u64,
}
