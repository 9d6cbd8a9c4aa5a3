"""How a batch reads its FENs: a list or tuple of str is read in one pass (joined into one
text), anything else item by item. Both ways must give the same rows, errors, indices and
error texts, whatever the strings hold (NUL, non-ASCII, surrogates, subclasses of str)."""

import chess
import numpy as np
import pytest
from conftest import playout_fens

import knightbits as kb


class Fen(str):
    """A subclass of str, as some libraries hand out."""


ODD = [
    "4k3/8/8/8/8/8/8/4K2N w - - 0 1\0",  # a NUL: the joined text cannot be split back
    "4k3/8/8/8/8/8/8/4K2Né w - - 0 1",  # non-ASCII in the placement
    "  4k3/1q6/8/8/4N3/8/8/4R1K1\tw - - 12 40 ",  # white space around and between fields
    "",
    "not a fen",
]


@pytest.fixture(scope="module")
def fens300():
    return playout_fens(300, seed=42)


def rows(batch):
    return batch.tolist(), batch.valid.tolist(), batch.errors


def test_a_list_reads_as_an_iterator_does():
    fens = playout_fens(300, seed=41)
    fens[7:7] = ODD
    fens.append(Fen(chess.STARTING_FEN))
    want = rows(kb.forks_batch(iter(fens), errors="mask"))
    assert rows(kb.forks_batch(fens, errors="mask")) == want
    assert rows(kb.forks_batch(tuple(fens), errors="mask")) == want
    moves = rows(kb.legal_moves_batch(iter(fens), piece="king", errors="mask"))
    assert rows(kb.legal_moves_batch(fens, piece="king", errors="mask")) == moves
    batch = kb.forks_batch(fens, errors="mask")
    assert batch.valid.sum() == len(fens) - 4  # the NUL, é, the empty string and "not a fen"
    assert batch[9] == kb.Position(fens[9]).forks()
    assert batch.errors[7].startswith("invalid fen:") and batch.errors[8].startswith("invalid fen:")


@pytest.mark.parametrize("at", [0, 150, 299])
@pytest.mark.parametrize("bad", ODD[:2] + ODD[3:])
def test_the_first_bad_fen_raises_with_its_index_and_text(fens300, at, bad):
    fens = list(fens300)
    fens[at] = bad
    for run in (kb.forks_batch, kb.legal_moves_batch):
        with pytest.raises(kb.FenError) as joined:
            run(fens)
        with pytest.raises(kb.FenError) as one_by_one:
            run(iter(fens))
        assert joined.value.index == one_by_one.value.index == at
        assert joined.value.fen == one_by_one.value.fen == bad
        assert str(joined.value) == str(one_by_one.value)


def test_strings_that_do_not_encode_are_refused_as_before():
    fens = [chess.STARTING_FEN, "\ud800"]
    for source in (fens, iter(fens)):
        with pytest.raises(UnicodeEncodeError):
            kb.forks_batch(source)


def test_many_chunks_keep_their_order(fens300):
    # More chunks than threads: the chunks are claimed as threads come free and must come back
    # in row order.
    fens = fens300 * 70  # 21,000 positions, 21 chunks of 1,024
    batch = kb.forks_batch(fens)
    first = kb.forks_batch(fens300)
    assert np.array_equal(batch.squares, np.tile(first.squares, 70))
    assert batch[20_999] == first[299] and batch[10_250] == first[50]
    assert batch.moves.tolist() == first.moves.tolist() * 70
