"""count_tours driven as the command line drives it: a progress callback that can stop the
count, Ctrl-C in the middle of a unit or a round, resuming from a checkpoint to the OEIS totals, the GIL released
while counting, and the arguments refused with the package's errors."""

import os
import signal
import threading
import time

import pytest

import knightbits as kb


class Stop(Exception):
    """Raised by a test's progress callback to stop the count."""


@pytest.fixture(autouse=True)
def ctrl_c_raises():
    """SIGINT raises KeyboardInterrupt whatever the test run inherited: a shell that starts a job
    in the background hands it SIGINT ignored, and Python then sets no handler of its own."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_progress_is_called_as_the_count_goes_and_reaches_the_end():
    seen = []
    assert kb.count_tours(6, 6, closed=True, threads=1, progress=seen.append) == 9862  # A001230
    assert seen and all(p["total"] == 36 and p["unit"] == "squares" for p in seen)
    done = [p["done"] for p in seen]
    assert done == sorted(done), "never going back"
    assert seen[-1]["done"] == 36
    meet = []
    assert kb.count_tours(5, 5, progress=meet.append) == 1728  # A165134
    assert meet[-1]["unit"] == "middle squares" and meet[-1]["done"] == meet[-1]["total"] > 0


@pytest.mark.parametrize("width,height,closed,stop_at,total", [
    (6, 6, True, 12, 9862),    # OEIS A001230, by the 64-bit frontier programme
    (5, 5, False, 1, 1728),    # OEIS A165134, by meet in the middle
])
def test_an_exception_from_progress_stops_the_count_and_the_same_call_resumes(
        tmp_path, width, height, closed, stop_at, total):
    checkpoint = tmp_path / "count.ckpt"

    def stop(p):
        if p["done"] >= stop_at:
            raise Stop(p["done"])

    with pytest.raises(Stop):
        kb.count_tours(width, height, closed=closed, progress=stop, checkpoint=checkpoint)
    assert checkpoint.exists(), "the stopped count keeps its checkpoint"
    seen = []
    assert kb.count_tours(width, height, closed=closed, progress=seen.append,
                          checkpoint=str(checkpoint)) == total
    assert seen[0]["done"] >= stop_at, "resumed where it stopped"
    assert not checkpoint.exists(), "the checkpoint is removed at the end"


def test_ctrl_c_keeps_the_checkpoint_and_the_same_call_resumes(tmp_path):
    checkpoint = tmp_path / "five.ckpt"

    def interrupt(p):
        if p["done"] >= 1:
            signal.raise_signal(signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        kb.count_tours(5, 5, progress=interrupt, checkpoint=checkpoint)
    assert checkpoint.exists()
    assert kb.count_tours(5, 5, checkpoint=checkpoint) == 1728  # A165134
    assert not checkpoint.exists()


def test_ctrl_c_stops_a_long_count_inside_a_unit(tmp_path):
    # 7 x 7 open tours take minutes; SIGINT comes from a timer thread after half a second.
    sent = []

    def interrupt():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.5, interrupt)
    started = time.monotonic()

    def bounded(p):
        # Bounds the test if the interrupt were lost.
        if time.monotonic() - started > 20:
            raise Stop("not interrupted within 20 s")

    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            kb.count_tours(7, 7, threads=2, progress=bounded, checkpoint=tmp_path / "seven.ckpt")
        stopped = time.monotonic()
    finally:
        timer.cancel()
    assert sent, "the timer fired"
    # A unit of 7 x 7 takes about a minute on 2 cores: a count that looked for Ctrl-C only
    # between units would stop tens of seconds later. The bound is loose on purpose (a loaded
    # machine is slow); the Rust suite proves without a clock that a stop ends the unit.
    assert stopped - sent[0] < 10.0, f"stopped {stopped - sent[0]:.2f} s after SIGINT"


def test_ctrl_c_in_the_middle_of_a_frontier_round_stops_and_resumes(tmp_path):
    # 7 x 6 open swept across 7 by the 64-bit frontier programme: its late rounds take one to
    # two seconds; SIGINT comes once a round has run for 0.3 s, the count stops with
    # KeyboardInterrupt, and the same call resumes from its checkpoint at that round (stopped
    # again there: the tests above resume to the whole count, and the Rust suite's
    # `a_stop_in_the_middle_of_a_round_abandons_it` this very count).
    checkpoint = tmp_path / "seven-by-six.ckpt"
    began = {}
    sent = []

    def interrupt_mid_round(p):
        now = time.monotonic()
        if not sent and now - began.setdefault(p["done"], now) >= 0.3:
            sent.append((now, p["done"]))
            signal.raise_signal(signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        kb.count_tours(7, 6, across=7, threads=2, progress=interrupt_mid_round,
                       checkpoint=checkpoint)
    stopped = time.monotonic()
    assert sent, "a round ran for 0.3 s"
    # Loose on purpose: the Rust suite proves without a clock that the round is abandoned.
    assert stopped - sent[0][0] < 10.0, f"stopped {stopped - sent[0][0]:.2f} s after SIGINT"
    assert checkpoint.exists(), "the layer before the abandoned round is kept"
    # The same call resumes from that round (its first progress says so), stopped at once.
    seen = []

    def stop_at_once(p):
        seen.append(p)
        signal.raise_signal(signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        kb.count_tours(7, 6, across=7, progress=stop_at_once, checkpoint=checkpoint)
    assert seen[0]["done"] >= sent[0][1], "resumed from the abandoned round"
    assert seen[0]["done"] <= sent[0][1] + 1, "not past it"
    assert checkpoint.exists()


def test_the_gil_is_released_while_counting():
    # A Python thread counting in a loop runs about as fast during a count as beside a sleep:
    # with the GIL held it would run only while the progress callback does.
    def spin(out):
        begun = time.monotonic()
        n = 0
        while time.monotonic() < begun + 1.0:
            n += 1
        out.append(n / (time.monotonic() - begun))

    def rate(during):
        out = []
        t = threading.Thread(target=spin, args=(out,))
        t.start()
        during()
        t.join()
        return out[0]

    idle = rate(lambda: time.sleep(1.2))

    def count():
        started = time.monotonic()

        def for_a_while(p):
            if time.monotonic() - started > 1.2:
                raise Stop()

        with pytest.raises(Stop):
            kb.count_tours(7, 7, threads=1, progress=for_a_while)

    busy = rate(count)
    assert busy > 0.25 * idle, f"{busy:.0f} loops/s during the count, {idle:.0f} beside a sleep"


@pytest.mark.parametrize("kwargs,error,argument,words", [
    (dict(progress=5), kb.ArgumentTypeError, "progress", "progress is a callable, not int"),
    (dict(max_memory="4Q"), kb.ArgumentValueError, "max_memory",
     "max_memory: unknown size suffix 'Q' (K, M, G or T)"),
    (dict(max_memory="lots"), kb.ArgumentValueError, "max_memory",
     'max_memory: "lots" is not a size such as 4G or 512M'),
    (dict(max_memory=0), kb.ArgumentValueError, "max_memory",
     "max_memory: a memory budget in bytes 0 is not in 1..="),
    (dict(max_memory=1.5), kb.ArgumentTypeError, "max_memory", "max_memory: a memory budget"),
    (dict(scratch="/no/such/folder"), kb.ArgumentValueError, "scratch",
     "scratch: /no/such/folder is not a folder"),
    (dict(scratch=3), kb.ArgumentTypeError, "scratch", "scratch: a path is a str or os.PathLike"),
    (dict(checkpoint="/no/such/folder/count.ckpt"), kb.ArgumentValueError, "checkpoint",
     "checkpoint: /no/such/folder/count.ckpt is not in a folder that exists"),
    (dict(checkpoint=[]), kb.ArgumentTypeError, "checkpoint",
     "checkpoint: a path is a str or os.PathLike, not list"),
    (dict(across=7), kb.ArgumentValueError, "across", "across: 7 is not a side of the board"),
    (dict(across=5), kb.ArgumentValueError, "across",
     "across: meet in the middle lays no side across the board"),
    (dict(across="5"), kb.ArgumentTypeError, "across", "across: a side of the board is an int"),
])
def test_bad_arguments_raise_the_packages_errors_naming_them(kwargs, error, argument, words):
    with pytest.raises(error) as e:
        kb.count_tours(5, 5, **kwargs)
    assert e.value.argument == argument
    assert str(e.value).startswith(words), str(e.value)


def test_a_memory_budget_reads_as_the_command_line_reads_it(tmp_path):
    assert kb.count_tours(5, 5, max_memory="10G") == 1728  # A165134
    assert kb.count_tours(6, 6, closed=True, max_memory=1 << 30, scratch=tmp_path) == 9862


def test_another_counts_checkpoint_is_refused(tmp_path):
    checkpoint = tmp_path / "other.ckpt"
    checkpoint.write_bytes(b"not a checkpoint at all")
    with pytest.raises(kb.ArgumentValueError) as e:
        kb.count_tours(5, 5, checkpoint=checkpoint)
    assert e.value.argument == "checkpoint"
    assert checkpoint.exists()


def test_a_board_swept_across_its_longer_side_counts_the_same():
    # OEIS A118067 a(8): 792 directed open tours of 3 x 8; A175881 a(5): 8 closed tours of 6 x 5.
    assert kb.count_tours(3, 8, across=8) == 792
    assert kb.count_tours(8, 3, across=8) == 792
    assert kb.count_tours(6, 5, closed=True, across=6) == 8


def test_a_count_past_64_bits_is_a_whole_int():
    # OEIS A175855 a(10): closed tours of 5 x 20, 66 bits (the sweep's residues modulo three
    # primes joined). Every count reaches Python by one way, `int.from_bytes` of its bytes, so
    # this proves counts of any size; the Rust tests prove the counts themselves against OEIS:
    # 5 x 40 closed (A175855 a(20), 150 bits) in CI, 6 x 25, 6 x 30 and 6 x 40 (A175881; 128,
    # 158 and 219 bits) every night.
    n = kb.count_tours(5, 20, closed=True)
    assert type(n) is int
    assert n == 53034853662012222798
    assert n.bit_length() == 66
    assert kb.count_tours(6, 5, closed=True) == 8  # one byte
    assert kb.count_tours(4, 4, closed=True) == 0  # no byte
