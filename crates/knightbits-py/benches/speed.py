"""knightbits against what a Python user would otherwise write, in one run; prints the table of
BENCHMARKS.md's Python section (medians of interleaved repetitions, ratios against the peer).

    python crates/knightbits-py/benches/speed.py [--positions 100000] [--data DIR] [--quick]

Every row first checks that both sides give the same answers. Nothing here is a test: speed is
measured, never asserted.

``--data DIR`` adds rows on real positions: every position of the standard-chess games of the
``*.pgn`` files in DIR, the positions of its ``*.epd`` suites and the ``epd`` lines of its
``*.perft`` files (python-chess's test data: ``data/`` with ``data/pgn/``,
``examples/perft/`` and ``examples/bratko_kopec/`` of a python-chess clone, copied into one
directory; they are not part of this repository), repeated to ``--positions``.
"""

import argparse
import glob
import io
import os
import platform
import random
import statistics
import subprocess
import time
import timeit

import chess
import chess.pgn
import numpy as np

import knightbits as kb


def cpu():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith("Model name:"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def interleaved_all(fns, repeat):
    """Seconds of each function in each of ``repeat`` rounds, the functions taking turns (a
    result is dropped before the next call, so each call allocates afresh)."""
    times = [[] for _ in fns]
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t = time.perf_counter()
            fn()
            times[i].append(time.perf_counter() - t)
    return times


def interleaved(fns, repeat):
    """Median seconds of each function over ``repeat`` rounds, the functions taking turns."""
    return [statistics.median(t) for t in interleaved_all(fns, repeat)]


def spread(values):
    """The 10th and 90th percentiles."""
    deciles = statistics.quantiles(values, n=10)
    return deciles[0], deciles[-1]


def playout_fens(count, seed=2026):
    """FENs of seeded random playouts with python-chess (up to 120 plies a game), every ply:
    the positions of play, as the Rust benchmarks' "real play" rows."""
    rng = random.Random(seed)
    fens, board = [], chess.Board()
    while len(fens) < count:
        moves = list(board.legal_moves)
        if not moves or board.ply() >= 120:
            board = chess.Board()
            continue
        board.push(rng.choice(moves))
        fens.append(board.fen())
    return fens


def data_fens(directory):
    """The FENs of python-chess's test data in ``directory`` (see the module's help): every
    position of the standard-chess PGN games, then the EPD and perft positions."""
    fens = []
    for path in sorted(glob.glob(os.path.join(directory, "*.pgn"))):
        with open(path, encoding="utf-8-sig") as f:
            text = io.StringIO(f.read())
        while (game := chess.pgn.read_game(text)) is not None:
            board = game.board()
            if board.uci_variant != "chess" or board.chess960:
                continue
            fens.append(board.fen())
            for move in game.mainline_moves():
                board.push(move)
                fens.append(board.fen())
    lines = []
    for path in sorted(glob.glob(os.path.join(directory, "*.epd"))):
        with open(path) as f:
            lines += [line.strip() for line in f]
    for path in sorted(glob.glob(os.path.join(directory, "*.perft"))):
        with open(path) as f:
            lines += [line[4:].strip() for line in f if line.startswith("epd ")]
    for line in lines:
        if not line or line.startswith("#"):
            continue
        board, _ = chess.Board.from_epd(line)
        if board.is_valid():
            fens.append(board.fen())
    return fens


def chess_forks(fen):
    """The forks answer with python-chess: chess.Board(fen) and its attack tables (fork squares
    setwise: squares attacked from two targets' knight patterns)."""
    board = chess.Board(fen)
    them = not board.turn
    targets = (board.kings | board.queens | board.rooks) & board.occupied_co[them]
    once = twice = 0
    for t in chess.scan_forward(targets):
        a = chess.BB_KNIGHT_ATTACKS[t]
        twice |= once & a
        once |= a
    squares = twice
    mine = board.knights & board.occupied_co[board.turn]
    legal = list(board.generate_legal_moves(from_mask=mine))
    moves = [m for m in legal if squares & chess.BB_SQUARES[m.to_square]]
    guards = (board.pawns | board.knights) & board.occupied_co[them]
    forced = [m for m in moves if not board.attackers_mask(them, m.to_square) & guards]
    king = chess.BB_SQUARES[board.king(them)]
    queens = board.queens & board.occupied_co[them]
    royal = [m for m in legal if chess.BB_KNIGHT_ATTACKS[m.to_square] & king
             and chess.BB_KNIGHT_ATTACKS[m.to_square] & queens]
    return squares, moves, forced, royal


def chess_knight_moves(fen):
    board = chess.Board(fen)
    return list(board.generate_legal_moves(from_mask=board.knights & board.occupied_co[board.turn]))


def uci_sorted(moves):
    return sorted(m.uci() for m in moves)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=100_000)
    ap.add_argument("--data", help="a directory of python-chess's test data (PGN, EPD, perft)")
    ap.add_argument("--quick", action="store_true", help="small sizes, to try the script")
    args = ap.parse_args()
    n_pos = 2_000 if args.quick else args.positions
    n_bb = 1 << 16 if args.quick else 8 << 20
    rows = []

    # 1. knight_attacks_batch on 8 Mi bitboards against ndarray.copy().
    a = np.random.default_rng(1).integers(0, 2**64 - 1, size=n_bb, dtype=np.uint64, endpoint=True)
    out = np.empty_like(a)
    assert np.array_equal(kb.knight_attacks_batch(a)[:4096],
                          [kb.knight_attacks_set(int(x)) for x in a[:4096]])
    # Interleaved rounds (each function once a round, the same array), so load that comes and
    # goes hits all of them alike; the ratio is the median of the rounds' own ratios, with the
    # 10th and 90th percentiles as its spread. numpy's own ufunc writing a new array is the
    # yardstick of what a fresh array costs beside the copy.
    one = np.uint64(1)
    times = interleaved_all([a.copy, lambda: kb.knight_attacks_batch(a),
                             lambda: kb.knight_attacks_batch(a, out=out),
                             lambda: np.left_shift(a, one)], 41)
    copy = statistics.median(times[0])
    for name, t in [(f"knight_attacks_batch, {n_bb:,} bitboards (new array)", times[1]),
                    (f"knight_attacks_batch(out=), {n_bb:,} bitboards", times[2]),
                    (f"numpy a << 1 (new array, for scale), {n_bb:,} bitboards", times[3])]:
        ratios = [c / x for c, x in zip(times[0], t)]
        low, high = spread(ratios)
        rows.append((name, statistics.median(t), "a.copy()", copy, statistics.median(ratios),
                     f"{low:.2f}–{high:.2f}"))

    # 2 and 3. The position batches against python-chess. The machine is shared, so the ratio
    # is the median over chunks of 5,000 FENs, each timed both ways back to back; the time of
    # knightbits on the whole list is the median of 5 calls.
    fens = playout_fens(n_pos)
    size = max(1, min(5_000, n_pos // 20))

    def compare(ours, theirs, check, fens=fens):
        chunks = [fens[i:i + size] for i in range(0, len(fens), size)]
        ratios, t_theirs = [], 0.0
        for chunk in chunks:
            t = time.perf_counter()
            want = [theirs(f) for f in chunk]
            spent = time.perf_counter() - t
            t_theirs += spent
            check(chunk, ours(chunk), want)
            (t_ours,) = interleaved([lambda: ours(chunk)], 3)
            ratios.append(spent / t_ours)
        (t_all,) = interleaved([lambda: ours(fens)], 5)
        low, high = spread(ratios)
        return t_all, t_theirs, statistics.median(ratios), f"{low:.1f}–{high:.1f}"

    def check_forks(chunk, got, want):
        for i in range(0, len(chunk), max(1, len(chunk) // 100)):
            sq, mv, fo, ro = want[i]
            f = got[i]
            assert (f.squares, f.moves, f.forced_moves, f.royal_moves) == (
                sq, uci_sorted(mv), uci_sorted(fo), uci_sorted(ro)), chunk[i]
        assert np.array_equal(got.squares, np.array([w[0] for w in want], dtype=np.uint64))

    def check_moves(chunk, got, want):
        for i in range(0, len(chunk), max(1, len(chunk) // 100)):
            assert got[i] == uci_sorted(want[i]), chunk[i]
        assert len(got.from_squares) == sum(len(w) for w in want)

    if args.data:
        real = data_fens(args.data)
        real = (real * (n_pos // len(real) + 1))[:n_pos]
        distinct = len(set(real))
        t_kb, t_chess, ratio, ratio_spread = compare(kb.forks_batch, chess_forks, check_forks,
                                                     real)
        rows.append((f"forks_batch, {n_pos:,} FENs of python-chess's test data ({distinct:,} "
                     "distinct, repeated)", t_kb, "chess.Board(fen) + attack tables", t_chess,
                     ratio, ratio_spread))
        t_kb, t_chess, ratio, ratio_spread = compare(
            lambda c: kb.legal_moves_batch(c, piece="knight"), chess_knight_moves, check_moves,
            real)
        rows.append((f"legal_moves_batch(piece=\"knight\"), the same {n_pos:,} FENs", t_kb,
                     "chess.Board(fen) + generate_legal_moves(from_mask=knights)", t_chess,
                     ratio, ratio_spread))
    t_kb, t_chess, ratio, ratio_spread = compare(kb.forks_batch, chess_forks, check_forks)
    rows.append((f"forks_batch, {n_pos:,} FENs (parsing included)", t_kb,
                 "chess.Board(fen) + attack tables", t_chess, ratio, ratio_spread))
    (t_list,) = interleaved([lambda: kb.forks_batch(fens).tolist()], 3)
    rows.append((f"forks_batch(...).tolist(), {n_pos:,} FENs (Forks objects, UCI strings)",
                 t_list, "chess.Board(fen) + attack tables", t_chess, None))
    t_kb, t_chess, ratio, ratio_spread = compare(
        lambda c: kb.legal_moves_batch(c, piece="knight"), chess_knight_moves, check_moves)
    rows.append((f"legal_moves_batch(piece=\"knight\"), {n_pos:,} FENs (CSR arrays)", t_kb,
                 "chess.Board(fen) + generate_legal_moves(from_mask=knights)", t_chess, ratio,
                 ratio_spread))

    # 4. Position(board) from a chess.Board, no FEN; and single-square lookups for the record.
    boards = [chess.Board(f) for f in fens[:10_000]]
    fen_list = fens[:10_000]
    assert all(kb.Position(b) == kb.Position(f) for b, f in zip(boards[:500], fen_list[:500]))
    per = len(boards)
    rounds = [[] for _ in range(3)]
    for _ in range(9):
        for i, fn in enumerate([lambda: [kb.Position(b) for b in boards],
                                lambda: [kb.Position(f) for f in fen_list],
                                lambda: [chess.Board(f) for f in fen_list]]):
            t = time.perf_counter()
            fn()
            rounds[i].append((time.perf_counter() - t) / per)
    (pb, pf, cb), (pb_best, pf_best, cb_best) = (
        [statistics.median(r) for r in rounds], [min(r) for r in rounds])
    rows.append(("Position(board), one chess.Board, median", pb, "chess.Board(fen)", cb))
    rows.append(("Position(board), one chess.Board, best of 9 rounds", pb_best,
                 "chess.Board(fen)", cb_best))
    rows.append(("Position(fen), one FEN, median", pf, "chess.Board(fen)", cb))
    sq = chess.D4
    single = min(timeit.repeat(lambda: kb.knight_attacks(sq), number=200_000, repeat=7)) / 200_000
    table = min(timeit.repeat(lambda: chess.BB_KNIGHT_ATTACKS[sq], number=200_000, repeat=7)) / 200_000
    rows.append(("knight_attacks(square), one call", single, "chess.BB_KNIGHT_ATTACKS[sq]", table))

    print(f"CPU: {cpu()} ({os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}); Python {platform.python_version()}; numpy {np.__version__}; "
          f"python-chess {chess.__version__}; knightbits kernels: {kb.simd()}")
    print()
    print("| knightbits | time | peer | time | peer / knightbits | spread (p10–p90) |")
    # (the position batch rows: the median of per-chunk ratios, see above; the bitboard rows:
    # the median of per-round ratios)
    print("|---|---:|---|---:|---:|---:|")
    for row in rows:
        name, ours, peer, theirs = row[:4]
        ratio = row[4] if len(row) > 4 and row[4] is not None else theirs / ours
        ratio_spread = row[5] if len(row) > 5 else ""
        print(f"| {name} | {fmt(ours)} | {peer} | {fmt(theirs)} | {ratio:.2f}x | {ratio_spread} |")
    print(f"\n(load average {os.getloadavg()[0]:.1f} at the end)")


def fmt(seconds):
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e9:.0f} ns"


if __name__ == "__main__":
    main()
