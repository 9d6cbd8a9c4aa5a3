"""Types an editor checks: ``mypy --strict`` accepts typical correct use (python-chess boards
through the BoardLike protocol, chess.KNIGHT as a piece, numpy arrays) and flags each of ten
deliberate mistakes, one per line marked ``# mistake``."""

import re
import subprocess
import sys

CORRECT = '''
import chess
import numpy as np
import knightbits as kb

board = chess.Board()
pos = kb.Position(board)
moves: list[str] = pos.legal_moves(chess.KNIGHT) + pos.legal_moves("king", castling=True)
bits: int = pos.pieces(chess.KNIGHT, chess.WHITE) | pos.attacks_by("queen", "black")
batch = kb.forks_batch([board, chess.STARTING_FEN, pos, None], targets="kq", errors="mask")
first: kb.Forks = batch[0]
some: kb.ForksBatch = batch[1:3]
mask = batch.square_mask()
table = batch.table()
out = kb.knight_attacks_batch(np.zeros(4, dtype=np.uint64))
kb.convert(1, frm="h1-g1", to="a1-b1")
kb.knight_attacks_set(1, method="post-mask")
kb.techniques(chess.KING)
d = kb.distance(0, 63)
ok: bool = isinstance(kb.Error("x"), Exception) and kb.__version__ != ""
try:
    kb.Position("8/8/8/8/8/8/8/8 w - - 0 1")
except kb.FenError as e:
    fen = e.fen
'''

MISTAKES = '''
import chess
import numpy as np
import knightbits as kb

pos = kb.Position(chess.Board())
kb.forks_batch(["x"], errors="ignore")  # mistake
pos.legal_moves(piece="queen")  # mistake
kb.forks_batch([1, 2, 3])  # mistake
kb.Position(None)  # mistake
kb.knight_attacks("d4")  # mistake
kb.knight_attacks_set(1, method="horse")  # mistake
kb.convert(1, frm="a1-c1", to="a1-b1")  # mistake
kb.knight_attacks_batch([1, 2, 3])  # mistake
pos.pieces(chess.KNIGHT, "green")  # mistake
name: str = kb.distance(0, 63)  # mistake
'''


def mypy(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                        "--cache-dir", str(tmp_path / "cache"), str(path)],
                       capture_output=True, text=True, timeout=600)
    lines = {int(m.group(1)) for m in re.finditer(rf"{re.escape(name)}:(\d+): error", r.stdout)}
    return r, lines


def test_mypy_strict_accepts_correct_use(tmp_path):
    r, lines = mypy(tmp_path, "correct.py", CORRECT)
    assert r.returncode == 0 and not lines, r.stdout + r.stderr


def test_mypy_strict_flags_all_ten_mistakes(tmp_path):
    marked = {i for i, line in enumerate(MISTAKES.splitlines(), 1) if line.endswith("# mistake")}
    assert len(marked) == 10
    r, lines = mypy(tmp_path, "mistakes.py", MISTAKES)
    assert lines == marked, r.stdout
