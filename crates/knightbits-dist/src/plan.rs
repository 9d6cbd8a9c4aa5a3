//! Plans of counts across processes: the count's own plan, with the keys' exchange between
//! processes priced by a measurement of it on this machine.

use std::cell::Cell;
use std::net::TcpListener;
use std::rc::Rc;
use std::time::Instant;

use knightbits_count::{Count, Plan};
use timely::dataflow::InputHandle;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};

use crate::{Cluster, DistError, Fallen, execute};

/// Keys each worker sends in a measurement of the exchange.
const KEYS: u64 = 1 << 22;

/// Keys sent between two steps of a worker, as a count sends them.
const STEP_EVERY: u64 = 1 << 16;

/// `job`'s plan over `processes` processes as [`count`](crate::count) runs it: the count's own
/// plan ([`Count::plan`], from about `seconds` of counting), its seconds lengthened by the
/// keys' exchange at what it cost here ([`exchange_cost`]): every key a process's workers make
/// (the keys it sends, [`Plan::sent_keys_per_process`], are `(P - 1) / P` of them) passes
/// through the dataflow, and those it sends cross to another process; its threads share the
/// work. The network's own time is left out: on loopback it is part of the measurement. One
/// process's plan is the count's own (a count without `--processes`).
pub fn plan(job: &mut Count, processes: u32, seconds: f64) -> Result<Plan, DistError> {
    let plan = job.plan(processes, seconds).map_err(DistError::Count)?;
    match plan.processes {
        1 => Ok(plan),
        _ => Ok(exchanged(plan, exchange_cost()?, job.threads())),
    }
}

/// `plan` lengthened by its keys' exchange at `cost`, shared by `threads`.
fn exchanged(plan: Plan, cost: ExchangeCost, threads: usize) -> Plan {
    let p = f64::from(plan.processes);
    let sent = plan.sent_keys_per_process as f64;
    let made = sent * p / (p - 1.0).max(1.0);
    let exchange = (made * cost.per_key + sent * cost.per_key_crossing) / threads.max(1) as f64;
    Plan {
        seconds: plan.seconds + exchange,
        ..plan
    }
}

/// What the keys' exchange costs a worker, in wall seconds a key, measured on this machine by
/// [`exchange_cost`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExchangeCost {
    /// A key through the dataflow to the worker that owns it, that worker itself: buffered,
    /// routed by its hash and taken in.
    pub per_key: f64,
    /// More for a key another process owns: serialised, sent over a socket and read back.
    pub per_key_crossing: f64,
}

/// The keys' exchange measured here (about a second): one worker alone sends 2^22 keys to
/// itself through the dataflow a count uses, one at a time as a count does; then two
/// processes of one worker each (on threads of this process, talking over 127.0.0.1) each
/// send as many to the worker their hash names, half of them to the other. The first gives a
/// key's cost, the difference over the keys that crossed a crossing's.
pub fn exchange_cost() -> Result<ExchangeCost, DistError> {
    let alone = exchange(1)?;
    let two = exchange(2)?;
    Ok(ExchangeCost {
        per_key: alone / KEYS as f64,
        per_key_crossing: ((two - alone) / (KEYS as f64 / 2.0)).max(0.0),
    })
}

/// The wall seconds `processes` processes of one worker each (threads of this process, on
/// 127.0.0.1) take to send [`KEYS`] keys each: the slowest worker's.
fn exchange(processes: usize) -> Result<f64, DistError> {
    let addresses = match processes {
        1 => Vec::new(),
        p => free_addresses(p)?,
    };
    let runs: Vec<_> = (0..processes)
        .map(|process| {
            let cluster = Cluster {
                threads: 1,
                process,
                addresses: addresses.clone(),
            };
            std::thread::spawn(move || -> Result<f64, DistError> {
                let workers = execute(cluster.config()?, send_keys)?;
                workers
                    .join()
                    .into_iter()
                    .try_fold(0.0f64, |most, r| Ok(most.max(r?)))
            })
        })
        .collect();
    let mut slowest = 0.0f64;
    for run in runs {
        let seconds = run
            .join()
            .map_err(|_| DistError::Start("a measurement of the exchange panicked".into()))??;
        slowest = slowest.max(seconds);
    }
    Ok(slowest)
}

/// `n` addresses on 127.0.0.1 with ports free just now.
fn free_addresses(n: usize) -> Result<Vec<String>, DistError> {
    let listeners = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0"))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| DistError::Start(e.to_string()))?;
    listeners
        .iter()
        .map(|l| l.local_addr().map(|a| a.to_string()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| DistError::Start(e.to_string()))
}

/// One worker of the measurement: sends [`KEYS`] keys (a mixed hash of its index and a
/// counter, with ways) to the workers their keys name, one at a time as a count does, and
/// sums the ways it receives; the seconds from the first key sent to the last received.
fn send_keys(worker: &mut timely::worker::Worker, fallen: &Fallen) -> f64 {
    let mut keys_in = InputHandle::new();
    let sum = Rc::new(Cell::new(0u64));
    let into = sum.clone();
    let probe = worker.dataflow::<u32, _, _>(|scope| {
        scope
            .input_from(&mut keys_in)
            .container::<Vec<(u64, u64)>>()
            .exchange(|x: &(u64, u64)| x.0)
            .inspect(move |x: &(u64, u64)| into.set(into.get().wrapping_add(x.1)))
            .probe()
            .0
    });
    let started = Instant::now();
    let seed = (worker.index() as u64 + 1) << 40;
    for i in 0..KEYS {
        keys_in.send((mix(seed + i), i));
        if i % STEP_EVERY == 0 {
            fallen.step(worker);
        }
    }
    keys_in.advance_to(1);
    while probe.less_than(keys_in.time()) {
        fallen.step(worker);
    }
    std::hint::black_box(sum.get());
    started.elapsed().as_secs_f64()
}

/// SplitMix64's finaliser: keys spread evenly over the workers.
fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use knightbits_board::Board;

    /// Proves a plan across processes is the count's own plan with the exchange added: 6 x 8
    /// closed on 2 processes keeps the count's largest layer, disk and keys sent (its sample's
    /// layers are counted exactly); the exchange measured here costs more than nothing and
    /// under 10 microseconds a key (16 bytes), more for a key that crosses; priced so, the keys
    /// made (twice those sent, on 2 processes) and those sent lengthen the plan, shared by the
    /// threads.
    #[test]
    fn a_plan_adds_the_exchange_measured_here() {
        let job = || {
            Count::closed(Board::new(6, 8).unwrap())
                .unwrap()
                .with_threads(1)
        };
        let cost = exchange_cost().unwrap();
        let ExchangeCost {
            per_key,
            per_key_crossing,
        } = cost;
        assert!(per_key > 0.0 && per_key_crossing > per_key, "{cost:?}");
        assert!(per_key + per_key_crossing < 1e-5, "{cost:?}");
        let own = job().plan(2, 0.0).unwrap();
        let two = plan(&mut job(), 2, 0.0).unwrap();
        let layers = |p: &Plan| {
            (
                p.processes,
                p.states_peak,
                p.disk_bytes_per_process,
                p.sent_bytes_per_process,
                p.sent_keys_per_process,
            )
        };
        assert_eq!(layers(&two), layers(&own));
        assert!(own.sent_keys_per_process > 1_000_000, "{own:?}");
        let sent = own.sent_keys_per_process as f64;
        let priced = ExchangeCost {
            per_key: 1e-8,
            per_key_crossing: 1e-7,
        };
        for threads in [1, 4] {
            let longer = exchanged(own, priced, threads).seconds - own.seconds;
            let want = (2.0 * sent * 1e-8 + sent * 1e-7) / threads as f64;
            assert!(
                (longer - want).abs() < 1e-9 * want,
                "{threads}: {longer} {want}"
            );
        }
    }
}
