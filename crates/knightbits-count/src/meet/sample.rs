//! Sampling a unit of the meet-in-the-middle count to foresee its time and table size.

use super::super::grid::{Degrees, Grid};
use super::super::packed::Filler;
use super::{PREFIX, Prefix, Walk, orbit};

/// What walking a sample of a unit's prefixes says about the whole unit.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sample {
    /// Seconds the whole unit takes on one thread: the sample's mean time a prefix times the
    /// number of prefixes.
    pub(crate) seconds: f64,
    /// Table entries at the end of the unit: the entries of the sample grown with the number of
    /// prefixes walked at the rate of the sample's last doubling (sets shared between prefixes
    /// make the growth slower than linear; the rate only falls as the sample grows, so this
    /// errs high).
    pub(crate) entries: f64,
    /// Bytes of table a entry took in the sample.
    pub(crate) bytes_per_entry: f64,
}

/// Walks prefixes of unit `m` in a shuffled order (a fixed seed) on one thread for about
/// `budget` seconds, doubling the sample, and extrapolates to the whole unit.
pub(crate) fn sample_unit(grid: &Grid, m: u32, start: Option<u32>, budget: f64) -> Sample {
    let walk = Walk::new(grid, m, start.map(|s| orbit(grid, s)));
    let work = walk.prefixes(PREFIX);
    if work.is_empty() {
        return Sample::default();
    }
    // The sampled pieces of work: subtrees below paths of `depth` squares, reached from a
    // uniformly drawn prefix by uniformly drawn viable moves, each standing for the product of
    // the choices it had (Knuth's estimator of a backtrack tree): unbiased for time.
    let depth = walk.len.saturating_sub(SAMPLED_DEPTH).max(PREFIX);
    let mut x: u64 = 0x2545_F491_4F6C_DD1D ^ u64::from(m);
    let mut random = move |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let bits = grid.len - 1;
    let mut tables = (Filler::new(bits), walk.separate.then(|| Filler::new(bits)));
    let started = std::time::Instant::now();
    let (mut drawn, mut target) = (0usize, 4usize);
    let (mut timed, mut weights) = (0.0f64, 0.0f64);
    let mut last = (0usize, 0.0f64);
    loop {
        while drawn < target {
            drawn += 1;
            let Some((at, weight)) = walk.descend(work[random(work.len())], depth, &mut random)
            else {
                continue;
            };
            let t = std::time::Instant::now();
            walk.walk(at, &mut tables);
            timed += weight * t.elapsed().as_secs_f64();
            weights += weight;
        }
        let (entries, bytes) = {
            let (f, s) = &mut tables;
            let (e1, b1) = f.size();
            let (e2, b2) = s.as_mut().map_or((0, 0), Filler::size);
            ((e1 + e2) as f64, (b1 + b2) as f64)
        };
        let elapsed = started.elapsed().as_secs_f64();
        // Enough once the budget is spent, or when the unit is plainly short: a quarter of it
        // sampled, or the whole of it foreseen to take less than the budget (more draws would
        // take longer than they tell).
        let foreseen = timed * work.len() as f64 / drawn as f64;
        let short = drawn >= SHORT_DRAWS && (foreseen <= 4.0 * elapsed || foreseen <= budget);
        if elapsed > budget || short {
            let per_draw = work.len() as f64 / drawn as f64;
            // Paths of `depth` squares in all, and the growth of the entries with the draws at
            // the rate of the last doubling (sets shared by subtrees slow it down).
            let pieces = (weights * per_draw).max(drawn as f64);
            let rate = if last.0 > 0 && last.1 > 0.0 && entries > 0.0 {
                ((entries / last.1).ln() / (drawn as f64 / last.0 as f64).ln()).clamp(0.0, 1.0)
            } else {
                1.0
            };
            return Sample {
                seconds: timed * per_draw,
                entries: entries * (pieces / drawn as f64).powf(rate),
                bytes_per_entry: if entries > 0.0 { bytes / entries } else { 0.0 },
            };
        }
        last = (drawn, entries);
        target *= 2;
    }
}

/// Subtrees drawn before a unit may be found plainly short.
const SHORT_DRAWS: usize = 64;

/// The sampled subtrees of [`sample_unit`] are those of the paths this many squares short of
/// a finished half.
const SAMPLED_DEPTH: u32 = 9;

impl Walk<'_> {
    /// A path of `depth` squares extending `at`, each move drawn uniformly among the viable
    /// ones by `random(n) < n`, and the product of the numbers of choices; `None` at a dead end.
    fn descend(
        &self,
        at: Prefix,
        depth: u32,
        random: &mut impl FnMut(usize) -> usize,
    ) -> Option<(Prefix, f64)> {
        let (mut visited, mut end, mut len, mut deg, ways) = at;
        let mut weight = 1.0f64;
        let mut moves = [(0u32, Degrees([0; 4])); 8];
        while len < depth {
            let mut n = 0;
            let mut next = self.grid.adj[end as usize] & !visited;
            while next != 0 {
                let t = next.trailing_zeros();
                next &= next - 1;
                let d = deg.minus(self.grid.adj[t as usize]);
                if self.viable(visited | (1 << t), t, len + 1, d) {
                    moves[n] = (t, d);
                    n += 1;
                }
            }
            if n == 0 {
                return None;
            }
            let (t, d) = moves[random(n)];
            weight *= n as f64;
            visited |= 1 << t;
            end = t;
            deg = d;
            len += 1;
        }
        Some(((visited, end, len, deg, ways), weight))
    }
}
