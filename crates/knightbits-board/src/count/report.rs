//! What a count reports as it goes and before it starts.

/// How far a long count has come: `done` of `total` units of work (middle squares for open
/// tours, squares of the board for closed tours).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Units finished.
    pub done: u64,
    /// Units in all.
    pub total: u64,
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
