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
    /// Is it a floor rather than a fair guess? The sweep's layers past the rows it counts are
    /// foreseen from narrower boards, checked against counts up to
    /// [`FORESEEN_WIDTH`](super::FORESEEN_WIDTH) across; past it the layers counted since came
    /// out up to [`FORESIGHT_SHORT_MOST`](super::FORESIGHT_SHORT_MOST) times the states
    /// foreseen (docs/tour-counts.md), and the time with them.
    pub floor: bool,
}

/// What a count spread over processes will take, each process owning a share of every layer
/// by key, foreseen before it starts ([`Count::plan`](super::Count::plan)): the method's
/// estimate (its first rounds counted, the others foreseen) with every layer divided among the
/// processes, each process within its own memory budget and scratch folder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// The processes.
    pub processes: u32,
    /// States of the largest layer, all processes together.
    pub states_peak: u64,
    /// Peak bytes of a process's layers and tables (within its budget: out of core past it).
    pub memory_bytes_per_process: u64,
    /// Bytes of scratch disk a process's layer files take at once (0 in memory).
    pub disk_bytes_per_process: u64,
    /// Bytes a process sends to the others over the whole count: [`Plan::sent_keys_per_process`]
    /// a record each (the key and its ways: 16 bytes in 64-bit keys, 24 in 128-bit ones),
    /// the split's layer at the cut besides.
    pub sent_bytes_per_process: u64,
    /// Keys a process sends to the others over the whole count: of the keys its share of each
    /// layer makes (before equal keys merge: as many a state as the sampled rounds made), those
    /// another process owns ((P - 1) / P of them).
    pub sent_keys_per_process: u64,
    /// Wall seconds of the whole count, each process working as this one does (its threads on
    /// this machine's cores), the keys' exchange and the network's time left out
    /// (`knightbits-dist`'s plan adds the exchange, measured).
    pub seconds: f64,
    /// Is it a floor rather than a fair guess ([`Estimate::floor`])?
    pub floor: bool,
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
    /// Keys made by placing the square, before equal keys merged into the states: across
    /// processes, each is sent to the worker that owns it.
    pub keys: u64,
    /// Passes over the old layer (1 in memory; more out of core).
    pub passes: u32,
    /// Of those, the passes done before a stop or a kill, which the count resumed after (their
    /// part of the next layer kept beside the checkpoint); 0 for a round run whole.
    pub resumed_passes: u32,
    /// Was the old layer read from a file?
    pub from_disk: bool,
    /// Old states expanded over the passes run (those resumed after excepted): each pass
    /// reads the whole old layer, but past the first, out of core, only the states with keys
    /// in that pass are expanded (the first pass notes which).
    pub expanded: u64,
    /// Bytes of the next layer's tables at their fullest, a state.
    pub bytes_per_state: f64,
    /// Wall seconds of the round: with `resumed_passes`, the seconds of the passes done before
    /// too (kept beside the checkpoint).
    pub seconds: f64,
}
