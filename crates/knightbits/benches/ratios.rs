//! The table of BENCHMARKS.md from one run: every row of `common` measured by interleaved
//! rounds, printed as markdown.
//!
//! ```text
//! cargo bench -p knightbits --bench ratios
//! RUSTFLAGS="-C target-cpu=native" cargo bench -p knightbits --bench ratios
//! ```
//!
//! Per round, every implementation of a row runs once untimed and once timed on the same
//! inputs, in an order that rotates from round to round; each round gives a ratio per pair
//! (knightbits' time over the other's), and the table shows the median of those ratios over
//! 401 rounds (`RATIOS_ROUNDS` to change). The ratio of two runs in the same round is robust to
//! the load of a shared machine changing between rounds. `-- --test` runs one round and prints
//! nothing but the agreement checks' success.

use std::hint::black_box;
use std::time::Instant;

mod common;

use common::Case;

/// The timings of one row: `times[i][r]` is implementation `i`'s time in round `r`, in ns.
struct Measured {
    case: Case,
    times: Vec<Vec<f64>>,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

impl Measured {
    fn index(&self, name: &str) -> usize {
        self.case
            .impls
            .iter()
            .position(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("{}: no implementation {name}", self.case.name))
    }

    /// Median over the rounds of `a`'s time / `b`'s time.
    fn ratio(&self, a: &str, b: &str) -> f64 {
        let (a, b) = (self.index(a), self.index(b));
        median(
            self.times[a]
                .iter()
                .zip(&self.times[b])
                .map(|(x, y)| x / y)
                .collect(),
        )
    }

    /// Median ns per element of `name`.
    fn per_element(&self, name: &str) -> f64 {
        median(self.times[self.index(name)].clone()) / self.case.elements as f64
    }

    fn names(&self) -> Vec<&'static str> {
        self.case.impls.iter().map(|(n, _)| *n).collect()
    }
}

fn measure(mut case: Case, rounds: usize) -> Measured {
    let n = case.impls.len();
    let mut times = vec![Vec::with_capacity(rounds); n];
    for round in 0..rounds {
        for j in 0..n {
            let k = (j + round) % n;
            let f = &mut case.impls[k].1;
            black_box(f());
            let start = Instant::now();
            black_box(f());
            times[k].push(start.elapsed().as_nanos() as f64);
        }
    }
    Measured { case, times }
}

fn main() {
    let test_mode = std::env::args().any(|a| a == "--test");
    let rounds = if test_mode {
        1
    } else {
        std::env::var("RATIOS_ROUNDS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(401)
    };
    let only = std::env::var("RATIOS_ONLY").ok();
    let started = Instant::now();
    let rows: Vec<Measured> = common::all()
        .into_iter()
        .filter(|c| {
            only.as_deref()
                .is_none_or(|o| o.split(',').any(|o| o == c.name) || c.name == "clock")
        })
        .map(|c| measure(c, rounds))
        .collect();
    if test_mode {
        println!("ratios: {} rows agree, each run once", rows.len());
        return;
    }
    print_table(&rows, rounds, started.elapsed().as_secs_f64());
}

/// The peers of knightbits in a row: every implementation not named knightbits….
fn peers(m: &Measured) -> Vec<&'static str> {
    m.names()
        .into_iter()
        .filter(|n| !n.starts_with("knightbits"))
        .collect()
}

fn print_table(rows: &[Measured], rounds: usize, seconds: f64) {
    let row = |name: &str| rows.iter().find(|m| m.case.name == name);
    let ghz = row("clock").map(|m| 4000.0 / (m.per_element("adds") * 4000.0));
    let backend = knightbits::batch::backend().isa();
    println!("## Ratios: knightbits against the others, median of {rounds} interleaved rounds\n");
    println!(
        "batch kernels detected: {backend}; core clock while measuring: {} (4,000 dependent adds); {seconds:.0} s\n",
        ghz.map_or("-".to_string(), |g| format!("{g:.2} GHz"))
    );
    println!("| work | knightbits | against | ratio | target | met |");
    println!("|---|---|---|---|---|---|");
    let yes = |ok: bool| if ok { "yes" } else { "**no**" };
    // Rows whose target is "no slower than the fastest peer": the largest median ratio.
    let versus_fastest = |name: &str, ours: &str, limit: f64, target: &str| {
        if let Some(m) = row(name) {
            let worst = peers(m)
                .into_iter()
                .map(|p| (p, m.ratio(ours, p)))
                .max_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((peer, r)) = worst {
                println!(
                    "| {} | {ours} {:.3} ns | fastest: {peer} {:.3} ns | x{r:.2} | {target} | {} |",
                    m.case.title,
                    m.per_element(ours),
                    m.per_element(peer),
                    yes(r <= limit)
                );
            }
        }
    };
    versus_fastest("knight_square", "knightbits", 1.02, "stays x1.00");
    versus_fastest("king_square", "knightbits", 1.02, "stays x1.00");
    versus_fastest("real_play", "knightbits", 1.0, "<= x1.00");
    versus_fastest("two_knights", "knightbits", 1.0, "<= x1.00");
    if let Some(m) = row("uniform_0_10") {
        let slowest_gap = peers(m)
            .into_iter()
            .map(|p| (p, 1.0 / m.ratio("knightbits", p)))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((peer, x)) = slowest_gap {
            println!(
                "| {} | knightbits {:.3} ns | fastest: {peer} {:.3} ns | every peer >= {x:.2}x slower | every peer >= 5x slower | {} |",
                m.case.title,
                m.per_element("knightbits"),
                m.per_element(peer),
                yes(x >= 5.0)
            );
        }
    }
    if let Some(m) = row("batch_8mib") {
        let r = m.ratio("knightbits", "copy_from_slice");
        println!(
            "| {} | knightbits ({backend}) {:.3} ns | copy_from_slice {:.3} ns | x{r:.2} | <= x1.10 | {} |",
            m.case.title,
            m.per_element("knightbits"),
            m.per_element("copy_from_slice"),
            yes(r <= 1.10)
        );
    }
    if let (Some(m), Some(ghz)) = (row("batch_4096"), ghz) {
        for (isa, limit) in [("avx512", 1.2), ("avx2", 1.6)] {
            if m.names().contains(&isa) {
                let cycles = m.per_element(isa) * ghz;
                println!(
                    "| {} | {isa} kernel {:.3} ns | | {cycles:.2} cycles a bitboard | <= {limit} | {} |",
                    m.case.title,
                    m.per_element(isa),
                    yes(cycles <= limit)
                );
            }
        }
    }
    for m in ["forks", "forks_harness"].into_iter().filter_map(row) {
        let peer = "per-target loop (shakmaty)";
        let x = 1.0 / m.ratio("knightbits", peer);
        println!(
            "| {} | knightbits {:.3} ns | {peer} {:.3} ns | {x:.2}x faster | >= 3x | {} |",
            m.case.title,
            m.per_element("knightbits"),
            m.per_element(peer),
            yes(x >= 3.0)
        );
    }
    versus_fastest("legal_moves", "knightbits", 1.0, "<= x1.00");

    println!("\n### Every implementation\n");
    println!("ns per element (median), and the median ratio of knightbits' time to its time.\n");
    println!("| row | implementation | ns / element | knightbits / it |");
    println!("|---|---|---|---|");
    for m in rows {
        for name in m.names() {
            let ratio = if m.names().contains(&"knightbits") && name != "knightbits" {
                format!("{:.3}", m.ratio("knightbits", name))
            } else {
                "-".to_string()
            };
            println!(
                "| {} | {name} | {:.3} | {ratio} |",
                m.case.name,
                m.per_element(name)
            );
        }
    }
    if let (Some(m), Some(ghz)) = (row("batch_4096"), ghz) {
        println!("\n| 4,096 bitboards in cache | cycles / bitboard |");
        println!("|---|---|");
        for name in m.names() {
            println!("| {name} | {:.2} |", m.per_element(name) * ghz);
        }
    }
}
