"""Threads and processes: the batch calls release the GIL (proved without a stopwatch: a
pure-Python thread keeps running while a call is in progress, which it cannot do while the
caller holds the GIL), two threads run batches at once and get the right answers, and the
objects cross process boundaries."""

import multiprocessing
import operator
import sys
import threading
import time

import numpy as np
import pytest
from conftest import playout_fens

import knightbits as kb

# With the GIL held through a call, another Python thread only runs at the call's edges (the
# eval-breaker checks just before and just after it): never in the middle of the call. So
# the watcher below notes the milliseconds in which it ran while every call was inside, and a
# call released the GIL when the watcher ran in several distinct milliseconds of the middle
# half of the time all calls were inside. (A count of turns against a fixed line, as before,
# failed both ways on the shared two-core machine under load: 17,644 to 31,564 turns for a held
# call, 12,123 for two released calls whose threads took both cores.)
SWITCH = 1e-5
MIDDLE_MS = 3


@pytest.fixture
def short_switch_interval():
    old = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH)
    yield
    sys.setswitchinterval(old)


@pytest.fixture(scope="module")
def fens():
    return playout_fens(200, seed=11) * 3000  # 600,000 positions


def watch(calls):
    """Runs each ``calls[i]()`` in its own thread while this thread notes the milliseconds in
    which it ran while all of them were inside their call; returns (the number of those
    milliseconds in the middle half of the time all were inside, results)."""
    inside = [False] * len(calls)
    done = [False] * len(calls)
    entered = [0.0] * len(calls)
    left = [0.0] * len(calls)
    results = [None] * len(calls)
    go = threading.Event()

    def run(i):
        go.wait()
        inside[i] = True
        entered[i] = time.perf_counter()
        results[i] = calls[i]()
        left[i] = time.perf_counter()
        inside[i] = False
        done[i] = True

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    ran = set()
    go.set()
    while not all(done):
        if all(inside):
            ran.add(int(time.perf_counter() * 1000))
    for t in threads:
        t.join(timeout=120)
        assert not t.is_alive()
    start, end = max(entered), min(left)
    assert end > start, "the calls were never inside at the same time"
    quarter = (end - start) / 4
    middle = [ms for ms in ran if (start + quarter) * 1000 <= ms < (end - quarter) * 1000 - 1]
    return len(middle), results


def test_the_method_sees_a_held_gil(short_switch_interval):
    # Control: sorting a list is C code that keeps the GIL; the watcher must not run in the
    # middle of it.
    big = [(i * 7919) % 1_000_003 / 3 for i in range(3_000_000)]
    ran, (got,) = watch([lambda: sorted(big)])
    assert ran == 0, f"ran in {ran} milliseconds of a call that holds the GIL"
    assert got[0] <= got[-1]


def test_forks_batch_releases_the_gil(fens, short_switch_interval):
    want = kb.forks_batch(fens[:200]).tolist()
    ran, (got,) = watch([lambda: kb.forks_batch(fens)])
    assert ran >= MIDDLE_MS, f"Python ran in only {ran} milliseconds of the call's middle"
    assert got.tolist()[:200] == want


def test_knight_attacks_batch_releases_the_gil(short_switch_interval):
    a = np.random.default_rng(3).integers(0, 2**63, size=40_000_000, dtype=np.uint64)
    ran, (got,) = watch([lambda: kb.knight_attacks_batch(a)])
    assert ran >= MIDDLE_MS, f"Python ran in only {ran} milliseconds of the call's middle"
    assert np.array_equal(got[:1000], [kb.knight_attacks_set(int(x)) for x in a[:1000]])


def test_two_threads_run_batches_at_once(fens, short_switch_interval):
    # Both calls inside at the same time, for many turns of a third (Python) thread: all
    # three ran together, which only released GILs allow. The batches are three times the
    # other tests' (1,800,000 positions each), so the calls overlap for long enough.
    many = fens * 3
    forks = kb.forks_batch(fens[:200])
    moves = kb.legal_moves_batch(fens[:200], piece="king")
    ran, (f, m) = watch([lambda: kb.forks_batch(many),
                         lambda: kb.legal_moves_batch(many, piece="king")])
    assert ran >= MIDDLE_MS, f"Python ran in only {ran} milliseconds with both calls inside"
    assert len(f) == len(m) == len(many) and f.valid.all() and m.valid.all()
    assert np.array_equal(f.squares, np.tile(forks.squares, 9000))
    for got, want in ((f.moves, forks.moves), (f.royal_moves, forks.royal_moves), (m, moves)):
        assert np.array_equal(got.from_squares, np.tile(want.from_squares, 9000))
        assert np.array_equal(got.to_squares, np.tile(want.to_squares, 9000))
        assert np.array_equal(np.diff(got.offsets), np.tile(np.diff(want.offsets), 9000))
    assert f[1_799_999] == forks[199] and m[1_000_123] == moves[123]


def test_multiprocessing_with_the_objects():
    fens = playout_fens(60, seed=5)
    positions = [kb.Position(f) for f in fens]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        # Positions go to the workers and come back; Forks come back from them.
        back = pool.map_async(kb.Position, fens).get(timeout=120)
        forks = pool.map_async(operator.methodcaller("forks"), positions).get(timeout=120)
        batches = pool.map_async(kb.forks_batch, [fens[:30], fens[30:]]).get(timeout=120)
    assert back == positions
    assert forks == [p.forks() for p in positions]
    assert batches[0].tolist() + batches[1].tolist() == forks
