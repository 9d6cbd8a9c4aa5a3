//! knightbits against shakmaty, cozy-chess and chess with criterion: one group per row of the
//! table in BENCHMARKS.md, every library of a row in the same group, on identical inputs (the
//! cases of `common`, which first assert that all implementations agree).
//!
//! ```text
//! cargo bench -p knightbits --bench attacks                 # every row
//! cargo bench -p knightbits --bench attacks -- real_play    # one row (a criterion filter)
//! cargo bench -p knightbits --bench attacks -- --test       # each once: the agreement checks
//! ```
//!
//! Criterion times the implementations of a group one after the other; on a shared machine
//! the load moves between them, so the ratios of BENCHMARKS.md come from `--bench ratios`,
//! which interleaves them.

use std::time::Duration;

use criterion::{Criterion, Throughput};

mod common;

fn main() {
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    for mut case in common::all() {
        let mut group = criterion.benchmark_group(case.name);
        group.throughput(Throughput::Elements(case.elements as u64));
        if case.elements >= common::LARGE || case.name == "legal_moves" {
            group.sample_size(20);
        }
        for (name, f) in case.impls.iter_mut() {
            group.bench_function(*name, |b| b.iter(&mut *f));
        }
        group.finish();
    }
    criterion.final_summary();
}
