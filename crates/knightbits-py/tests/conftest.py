"""Shared fixtures: the Rust crates' own test positions, random playouts, and the hypothesis
profiles (``--hypothesis-profile=ci`` is derandomised).

python-chess and numpy are imported at module level on purpose: a missing one is a collection
error, never a skip.
"""

import pathlib
import random
import re

import chess  # noqa: F401  (required: an ImportError fails the run)
import numpy  # noqa: F401
import pytest
from hypothesis import HealthCheck, settings

ROOT = pathlib.Path(__file__).resolve().parents[3]

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile("dev")


def corpus_fens():
    """Every FEN written in the core's position tests (read from the Rust files, so the corpus
    is the crate's own and is not retyped here), kept when python-chess reads it as valid."""
    fens = []
    for name in ("positions.rs", "position_rules.rs"):
        text = (ROOT / "crates" / "knightbits" / "tests" / name).read_text()
        for fen in re.findall(r'"([1-8pnbrqkPNBRQK/]+ [wb] [-KQkq]+ [-a-h1-8]+(?: \d+ \d+)?)"', text):
            try:
                board = chess.Board(fen)
            except ValueError:
                continue
            # Counters past 2**32 - 1 are refused by knightbits (test_positions checks that).
            small = board.halfmove_clock < 2**32 and board.fullmove_number < 2**32
            if board.is_valid() and small and fen not in fens:
                fens.append(fen)
    return fens


CORPUS = corpus_fens()


def playout(seed, plies):
    """A chess.Board after up to ``plies`` random legal moves from the start (or from a corpus
    position), chosen by ``seed``."""
    rng = random.Random(seed)
    board = chess.Board(rng.choice(CORPUS)) if rng.random() < 0.2 else chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def playout_fens(count, seed=1):
    """``count`` FENs of random playouts of 0 to 120 plies (deterministic for a seed)."""
    rng = random.Random(seed)
    return [playout(rng.randrange(2**32), rng.randrange(121)).fen() for _ in range(count)]


@pytest.fixture(scope="session")
def corpus():
    assert len(CORPUS) >= 30, "the core's test positions were not found"
    return CORPUS
