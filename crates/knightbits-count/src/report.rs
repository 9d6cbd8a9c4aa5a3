//! What a count reports as it goes and before it starts.

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

/// What one round of the 64-bit frontier programme did, for the caller's log.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Round {
    /// The square placed (0 first).
    pub round: u32,
    /// States after it.
    pub states: u64,
    /// Their ways, summed.
    pub ways: u128,
    /// Passes over the old layer (1 in memory; more out of core).
    pub passes: u32,
    /// Was the old layer read from a file?
    pub from_disk: bool,
    /// Bytes of the next layer's tables at their fullest, a state.
    pub bytes_per_state: f64,
    /// Wall seconds of the round.
    pub seconds: f64,
}
