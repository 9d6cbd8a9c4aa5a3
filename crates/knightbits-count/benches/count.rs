//! Tour counting: all directed open tours of 5 x 5 and 6 x 6 by meet in the middle on two
//! threads, the 6 x 6 tours from a corner by the same count job, undirected closed tours of 6 x 6 and 3 x 12 by the frontier programme, and
//! the directed open tours of 5 x 8 by the frontier programme in 64-bit keys.

use criterion::{Criterion, criterion_group, criterion_main};
use knightbits_board::{Board, Coord};
use knightbits_count::{Count, Method, count_closed_tours, count_open_tours};
use std::hint::black_box;
use std::time::Duration;

fn open(c: &mut Criterion) {
    let mut g = c.benchmark_group("count_open");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    for (w, h) in [(5, 5), (6, 6)] {
        let board = Board::new(w, h).unwrap();
        g.bench_function(format!("{board}"), |b| {
            b.iter(|| count_open_tours(black_box(board), None, 2).unwrap())
        });
    }
    g.finish();
}

fn open_from_a_corner(c: &mut Criterion) {
    let mut g = c.benchmark_group("count_open_from");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    let board = Board::new(6, 6).unwrap();
    g.bench_function(format!("{board} a1"), |b| {
        b.iter(|| {
            let count = Count::open(black_box(board), Some(Coord::new(0, 0)))
                .unwrap()
                .by(Method::MeetInTheMiddle)
                .unwrap()
                .with_threads(2);
            let go_on = &mut |_| std::ops::ControlFlow::Continue(());
            count.run(go_on).unwrap()
        })
    });
    g.finish();
}

fn closed(c: &mut Criterion) {
    let mut g = c.benchmark_group("count_closed");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    for (w, h) in [(6, 6), (3, 12)] {
        let board = Board::new(w, h).unwrap();
        g.bench_function(format!("{board}"), |b| {
            b.iter(|| count_closed_tours(black_box(board), 2).unwrap())
        });
    }
    g.finish();
}

fn open_in_64_bit_keys(c: &mut Criterion) {
    let mut g = c.benchmark_group("count_open_64");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    let board = Board::new(5, 8).unwrap();
    g.bench_function(format!("{board}"), |b| {
        b.iter(|| {
            let count = Count::open(black_box(board), None).unwrap().with_threads(2);
            assert_eq!(count.method(), Method::Sweep);
            // OEIS A083386 a(8), both directions.
            let go_on = &mut |_| std::ops::ControlFlow::Continue(());
            assert_eq!(count.run(go_on).unwrap(), 36_122_108);
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    open,
    open_from_a_corner,
    closed,
    open_in_64_bit_keys
);
criterion_main!(benches);
