//! Knight distance, paths and fills: 8x8 table lookups against the any-board closed form.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use knightbits::knight;
use knightbits::{Bitboard, Square};
use knightbits_board::{Board, Coord, infinite_distance};

/// Number of queries per iteration.
const N: usize = 1024;

/// A fixed pseudo-random sequence (xorshift64), so every run measures the same pairs.
fn randoms(seed: u64) -> impl Iterator<Item = u64> {
    let mut x = seed;
    core::iter::from_fn(move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        Some(x)
    })
}

fn square_pairs() -> Vec<(Square, Square)> {
    randoms(0x2545_f491_4f6c_dd1d)
        .take(N)
        .map(|r| {
            (
                Square::ALL[(r & 63) as usize],
                Square::ALL[((r >> 6) & 63) as usize],
            )
        })
        .collect()
}

fn coord_pairs(board: Board) -> Vec<(Coord, Coord)> {
    let (w, h) = (board.width() as u64, board.height() as u64);
    randoms(0x9e37_79b9_7f4a_7c15)
        .take(N)
        .map(|r| {
            let c = |x: u64| Coord::new((x % w) as u16, ((x / w) % h) as u16);
            (c(r & 0xffff_ffff), c(r >> 32))
        })
        .collect()
}

fn distance(c: &mut Criterion) {
    let mut g = c.benchmark_group("distance");
    g.throughput(Throughput::Elements(N as u64));
    let pairs = square_pairs();
    g.bench_function("8x8 table", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for &(a, t) in black_box(&pairs) {
                sum += knight::distance(a, t);
            }
            sum
        })
    });
    let deltas: Vec<(i32, i32)> = randoms(0x1234_5678_9abc_def1)
        .take(N)
        .map(|r| ((r & 0x7ff) as i32 - 1024, ((r >> 11) & 0x7ff) as i32 - 1024))
        .collect();
    g.bench_function("infinite formula", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for &(df, dr) in black_box(&deltas) {
                sum += infinite_distance(df, dr);
            }
            sum
        })
    });
    let chess: Vec<(Coord, Coord)> = pairs
        .iter()
        .map(|&(a, t)| {
            let c = |s: Square| Coord::new(s.file() as u16, s.rank() as u16);
            (c(a), c(t))
        })
        .collect();
    for (name, board, pairs) in [
        ("8x8 closed form", Board::CHESS, chess),
        (
            "1000x1000 closed form",
            Board::new(1000, 1000).unwrap(),
            coord_pairs(Board::new(1000, 1000).unwrap()),
        ),
        (
            "10000x3 closed form",
            Board::new(10_000, 3).unwrap(),
            coord_pairs(Board::new(10_000, 3).unwrap()),
        ),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut sum = 0u32;
                for &(a, t) in black_box(&pairs) {
                    sum += black_box(board).distance(a, t).unwrap_or(0);
                }
                sum
            })
        });
    }
    g.finish();
}

fn path(c: &mut Criterion) {
    let mut g = c.benchmark_group("path");
    let pairs = square_pairs();
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("8x8 table, 1024 paths", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for &(a, t) in black_box(&pairs) {
                sum += knight::path(a, t).map(|s| s as u32).sum::<u32>();
            }
            sum
        })
    });
    let board = Board::new(10_000, 10_000).unwrap();
    let (a, t) = (Coord::new(0, 0), Coord::new(9_999, 9_999));
    g.throughput(Throughput::Elements(6_667));
    g.bench_function("10000x10000 corner to corner (6,667 squares)", |b| {
        b.iter(|| {
            black_box(board)
                .path(a, t)
                .unwrap()
                .map(|c| c.file as u32)
                .sum::<u32>()
        })
    });
    g.finish();
}

fn fill(c: &mut Criterion) {
    let mut g = c.benchmark_group("fill");
    let a1 = Bitboard::from_square(Square::A1);
    g.bench_function("six fills from a1", |b| {
        b.iter(|| knight::fills(black_box(a1)).fold(0u64, |acc, f| acc ^ f.0))
    });
    g.bench_function("reach_exactly a1 in 11 moves", |b| {
        b.iter(|| knight::reach_exactly(black_box(a1), black_box(11)))
    });
    g.finish();
}

criterion_group!(benches, distance, path, fill);
criterion_main!(benches);
