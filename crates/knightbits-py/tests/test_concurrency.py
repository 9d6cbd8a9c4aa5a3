"""Threads and processes: the batch calls release the GIL (proved without a stopwatch: a
pure-Python thread keeps running while a call is in progress, which it cannot do while the
caller holds the GIL), two threads run batches at once and get the right answers, and the
objects cross process boundaries."""

import multiprocessing
import operator
import sys
import threading

import numpy as np
import pytest
from conftest import playout_fens

import knightbits as kb

# With the GIL held through a call, another Python thread only runs at the call's edges (the
# eval-breaker checks just before and just after it), one switch interval each: at 10 us, a
# few hundred loop turns at most on an idle machine. A thread that counts far more turns while
# the call is in progress ran during the call. On the shared two-core machine at load 6 to 12
# the held call (the control below) counted 17,644 to 31,564 turns and the released calls
# 121,073 to 5,645,955 (2026-11-27), so the line is drawn between them.
SWITCH = 1e-5
TURNS = 60_000


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
    """Runs each ``calls[i]()`` in its own thread while this thread counts the loop turns
    during which all of them are inside their call; returns (turns, results)."""
    inside = [False] * len(calls)
    done = [False] * len(calls)
    results = [None] * len(calls)
    go = threading.Event()

    def run(i):
        go.wait()
        inside[i] = True
        results[i] = calls[i]()
        inside[i] = False
        done[i] = True

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    turns = 0
    go.set()
    while not all(done):
        if all(inside):
            turns += 1
    for t in threads:
        t.join(timeout=120)
        assert not t.is_alive()
    return turns, results


def test_the_method_sees_a_held_gil(short_switch_interval):
    # Control: sorting a list is C code that keeps the GIL; the watcher must not count it as
    # released (measured here: under 800 turns, against millions for a released call).
    big = [(i * 7919) % 1_000_003 / 3 for i in range(3_000_000)]
    turns, (got,) = watch([lambda: sorted(big)])
    assert turns < TURNS
    assert got[0] <= got[-1]


def test_forks_batch_releases_the_gil(fens, short_switch_interval):
    want = kb.forks_batch(fens[:200]).tolist()
    turns, (got,) = watch([lambda: kb.forks_batch(fens)])
    assert turns > TURNS, f"only {turns} turns of Python ran during the call"
    assert got.tolist()[:200] == want


def test_knight_attacks_batch_releases_the_gil(short_switch_interval):
    a = np.random.default_rng(3).integers(0, 2**63, size=40_000_000, dtype=np.uint64)
    turns, (got,) = watch([lambda: kb.knight_attacks_batch(a)])
    assert turns > TURNS, f"only {turns} turns of Python ran during the call"
    assert np.array_equal(got[:1000], [kb.knight_attacks_set(int(x)) for x in a[:1000]])


def test_two_threads_run_batches_at_once(fens, short_switch_interval):
    # Both calls inside at the same time, for many turns of a third (Python) thread: all
    # three ran together, which only released GILs allow.
    want_forks = kb.forks_batch(fens[:200]).tolist() * 3000
    want_moves = kb.legal_moves_batch(fens[:200], piece="king").tolist() * 3000
    turns, (f, m) = watch([lambda: kb.forks_batch(fens),
                           lambda: kb.legal_moves_batch(fens, piece="king")])
    assert turns > TURNS, f"only {turns} turns with both calls inside"
    assert f.tolist() == want_forks
    assert m.tolist() == want_moves


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
