//! Knight's tours: open 1000x1000 by Warnsdorff's rule, closed 4000x4000 by divide and conquer.

use criterion::{Criterion, criterion_group, criterion_main};
use knightbits::Square;
use knightbits_board::tour::{Tour, warnsdorff_8x8};
use knightbits_board::{Board, Coord};
use std::hint::black_box;

fn tours(c: &mut Criterion) {
    let mut g = c.benchmark_group("tour");
    g.bench_function("open 8x8 bitboards", |b| {
        b.iter(|| warnsdorff_8x8(black_box(Square::A1)))
    });
    let thousand = Board::new(1000, 1000).unwrap();
    g.sample_size(20);
    g.bench_function("open 1000x1000", |b| {
        b.iter(|| Tour::open(black_box(thousand), Coord::new(0, 0)).unwrap())
    });
    g.bench_function("closed 1000x1000", |b| {
        b.iter(|| Tour::closed(black_box(thousand)).unwrap())
    });
    let odd = Board::new(1001, 1001).unwrap();
    g.bench_function("open 1001x1001 from the centre", |b| {
        b.iter(|| Tour::open(black_box(odd), Coord::new(500, 500)).unwrap())
    });
    let big = Board::new(4000, 4000).unwrap();
    g.sample_size(10);
    g.bench_function("closed 4000x4000", |b| {
        b.iter(|| Tour::closed(black_box(big)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, tours);
criterion_main!(benches);
