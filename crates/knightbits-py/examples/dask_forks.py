"""Knight forks over a FEN file split across a local Dask cluster of processes.

Each worker process gets a chunk of lines and answers it with one ``knightbits.forks_batch``
call (the GIL released, bad lines masked); the chunks' summaries are added up. The cluster is
local and binds to 127.0.0.1 only; point ``Client`` at a scheduler's address instead to run the
same code on many machines.

    pip install "dask[distributed]"
    python crates/knightbits-py/examples/dask_forks.py FENS.txt [--workers 2] [--chunk 50000]

With no file, it writes 200,000 FENs of random games (python-chess) to a temporary file first.
"""

import argparse
import collections
import os
import random
import tempfile

import knightbits


def summarise(lines):
    """Forks of one chunk: positions, bad lines, positions with a fork move, fork moves, and
    the fork moves counted by destination square."""
    batch = knightbits.forks_batch(lines, errors="mask")
    offsets = batch.moves.offsets
    per_position = offsets[1:] - offsets[:-1]
    return {
        "positions": len(lines),
        "invalid": len(batch.errors),
        "with_fork": int((per_position > 0).sum()),
        "fork_moves": int(per_position.sum()),
        "by_square": collections.Counter(int(s) for s in batch.moves.to_squares),
    }


def add(a, b):
    out = {k: a[k] + b[k] for k in ("positions", "invalid", "with_fork", "fork_moves")}
    out["by_square"] = a["by_square"] + b["by_square"]
    return out


def chunks(path, size):
    with open(path) as f:
        chunk = []
        for line in f:
            chunk.append(line.strip())
            if len(chunk) == size:
                yield chunk
                chunk = []
        if chunk:
            yield chunk


def run(path, workers=2, chunk=50_000, timeout=300):
    """The summary of every FEN of ``path``, computed on a local cluster of ``workers``
    processes (loopback only), which is shut down before returning."""
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address=None) as cluster, \
            Client(cluster, timeout=timeout) as client:
        futures = [client.submit(summarise, c, pure=False) for c in chunks(path, chunk)]
        total = None
        for f in futures:
            part = f.result(timeout=timeout)
            total = part if total is None else add(total, part)
    return total


def random_fens(path, count, seed=0):
    import chess

    rng = random.Random(seed)
    with open(path, "w") as f:
        board, written = chess.Board(), 0
        while written < count:
            moves = list(board.legal_moves)
            if not moves or board.ply() > 120:
                board = chess.Board()
                continue
            board.push(rng.choice(moves))
            f.write(board.fen() + "\n")
            written += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("fens", nargs="?")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--chunk", type=int, default=50_000)
    args = ap.parse_args()
    path = args.fens
    if path is None:
        fd, path = tempfile.mkstemp(suffix=".fen")
        os.close(fd)
        random_fens(path, 200_000)
    try:
        total = run(path, args.workers, args.chunk)
    finally:
        if args.fens is None:
            os.unlink(path)
    print(f"positions {total['positions']:,}, invalid {total['invalid']:,}, "
          f"with a fork move {total['with_fork']:,}, fork moves {total['fork_moves']:,}")
    top = ", ".join(f"{square_name(s)} {n:,}" for s, n in total["by_square"].most_common(5))
    print(f"most common fork squares: {top}")


def square_name(s):
    return "abcdefgh"[s % 8] + str(s // 8 + 1)


if __name__ == "__main__":
    main()
