"""The examples in the docs run and say what the docs say: the PGN walk-through, and forks over
a FEN file on a local Dask cluster of two processes (loopback only, bounded in time, shut down
by the example)."""

import pathlib
import subprocess
import sys

import chess
from conftest import playout_fens

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(EXAMPLES))


def test_pgn_example_finds_the_shilling_gambit_fork():
    out = subprocess.run([sys.executable, str(EXAMPLES / "pgn_forks.py")], capture_output=True,
                         text=True, timeout=120, check=True).stdout.splitlines()
    assert len(out) == 14
    # Before 5. Nxf7 white's knight on e5 forks queen g5 and rook h8 from f7.
    assert out[8].startswith(" 5. white") and "forks e5f7" in out[8] and out[8].endswith("Nxf7")
    # Black's knight on d4 forks king e1 and rook a1 from c2 once e4 and Nf3 are gone.
    assert "forks d4c2" in out[7]


def test_dask_example_equals_one_process(tmp_path):
    import dask_forks  # the example module itself
    import distributed  # noqa: F401  (required: installed by the test command, never skipped)

    # 601 lines in 7 chunks over 2 worker processes (3,000 in 7 took 33 s, most of it python-chess
    # making the playouts).
    fens = playout_fens(600, seed=9) + ["not a fen"]
    path = tmp_path / "fens.txt"
    path.write_text("\n".join(fens) + "\n")
    total = dask_forks.run(str(path), workers=2, chunk=100, timeout=240)
    alone = dask_forks.summarise(fens)
    assert total == alone
    assert total["positions"] == 601 and total["invalid"] == 1
    # The moves counted are python-chess's too: a knight move onto a fork square.
    first = next(f for f in fens if dask_forks.summarise([f])["fork_moves"])
    board = chess.Board(first)
    assert any(board.piece_type_at(m.from_square) == chess.KNIGHT for m in board.legal_moves)
