"""numpy batches: the SIMD kernels against a pure-Python formula on every length 0..300 (every
tail and vector split) and a numpy formula on a few million values; out=, views, dtypes."""

import random

import chess
import numpy as np
import pytest

import knightbits as kb

M = 2**64 - 1
NOT_A, NOT_AB = 0xFEFEFEFEFEFEFEFE, 0xFCFCFCFCFCFCFCFC
NOT_H, NOT_GH = 0x7F7F7F7F7F7F7F7F, 0x3F3F3F3F3F3F3F3F


def knight_formula(b):
    """The wiki's eight shifted and masked directions, in plain Python ints."""
    return (((b << 17) & NOT_A) | ((b << 15) & NOT_H) | ((b << 10) & NOT_AB) | ((b << 6) & NOT_GH)
            | ((b >> 17) & NOT_H) | ((b >> 15) & NOT_A) | ((b >> 10) & NOT_GH)
            | ((b >> 6) & NOT_AB)) & M


def king_formula(b):
    sides = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H)
    row = b | sides
    return (sides | (row << 8) | (row >> 8)) & M


def fork_formula(t):
    return sum(1 << s for s in chess.SQUARES if chess.popcount(chess.BB_KNIGHT_ATTACKS[s] & t) >= 2)


def np_knight(a):
    """The same formula vectorised with numpy (uint64 shifts drop the high bits)."""
    u = np.uint64
    out = ((a << u(17)) & u(NOT_A)) | ((a << u(15)) & u(NOT_H)) | ((a << u(10)) & u(NOT_AB))
    out |= ((a << u(6)) & u(NOT_GH)) | ((a >> u(17)) & u(NOT_H)) | ((a >> u(15)) & u(NOT_A))
    out |= ((a >> u(10)) & u(NOT_GH)) | ((a >> u(6)) & u(NOT_AB))
    return out


def random_array(rng, n):
    return np.array([rng.getrandbits(64) for _ in range(n)], dtype=np.uint64)


def test_every_length_0_to_300():
    rng = random.Random(22)
    for n in range(301):
        a = random_array(rng, n)
        values = [int(x) for x in a]
        assert kb.knight_attacks_batch(a).tolist() == [knight_formula(x) for x in values], n
        assert kb.king_attacks_batch(a).tolist() == [king_formula(x) for x in values], n
        if n <= 40:  # the counting reference is slow
            assert kb.fork_squares_batch(a).tolist() == [fork_formula(x) for x in values], n


def test_batches_equal_single_calls_with_sparse_sets():
    rng = np.random.default_rng(5)
    # Sets of 0..4 pieces: the shapes a real board gives.
    a = np.array([sum(1 << int(s) for s in rng.choice(64, size=k, replace=False))
                  for k in rng.integers(0, 5, size=2000)], dtype=np.uint64)
    # Expected values from python-chess's tables and the pure-Python formula, not the package.
    values = [int(x) for x in a]
    assert kb.fork_squares_batch(a).tolist() == [fork_formula(x) for x in values]
    assert kb.knight_attacks_batch(a).tolist() == [knight_formula(x) for x in values]
    assert kb.king_attacks_batch(a).tolist() == [king_formula(x) for x in values]
    # And the single calls agree with the batches.
    assert [kb.fork_squares(x) for x in values] == [fork_formula(x) for x in values]


def test_millions_of_values_against_numpy_formula():
    rng = np.random.default_rng(1)
    a = rng.integers(0, 2**64 - 1, size=3_000_001, dtype=np.uint64, endpoint=True)
    assert np.array_equal(kb.knight_attacks_batch(a), np_knight(a))


def test_input_is_not_modified_and_out_is_filled():
    a = np.arange(1000, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    before = a.copy()
    out = np.zeros_like(a)
    got = kb.knight_attacks_batch(a, out=out)
    assert got is out
    assert np.array_equal(a, before)
    assert np.array_equal(out, np_knight(a))
    # In place.
    kb.knight_attacks_batch(a, out=a)
    assert np.array_equal(a, np_knight(before))


def test_strided_view_is_converted():
    a = np.arange(200, dtype=np.uint64) * np.uint64(0x0101010101010101)
    view = a[::3]
    assert not view.flags.c_contiguous
    assert np.array_equal(kb.knight_attacks_batch(view), np_knight(view.copy()))


@pytest.mark.parametrize("fn", [kb.knight_attacks_batch, kb.king_attacks_batch, kb.fork_squares_batch])
def test_wrong_dtype_or_shape_is_a_type_error(fn):
    with pytest.raises(TypeError, match=r"not a 1-D int64 array"):
        fn(np.arange(4, dtype=np.int64))
    with pytest.raises(TypeError, match="not a 1-D float64 array"):
        fn(np.zeros(4))
    with pytest.raises(TypeError, match="not a 2-D"):
        fn(np.zeros((2, 2), dtype=np.uint64))
    with pytest.raises(TypeError, match="not list"):
        fn([1, 2, 3])
    a = np.zeros(4, dtype=np.uint64)
    with pytest.raises(ValueError, match="out has 3 elements, a has 4"):
        fn(a, out=np.zeros(3, dtype=np.uint64))
    with pytest.raises(TypeError, match="out must be a 1-D numpy.uint64"):
        fn(a, out=np.zeros(4, dtype=np.int64))
    with pytest.raises(TypeError, match="C-contiguous"):
        fn(a, out=np.zeros(8, dtype=np.uint64)[::2])
    assert fn(np.zeros(0, dtype=np.uint64)).shape == (0,)


def test_read_only_input_is_fine():
    a = np.arange(10, dtype=np.uint64)
    a.flags.writeable = False
    assert kb.king_attacks_batch(a).tolist() == [king_formula(int(x)) for x in a]


def test_simd_names_the_kernel():
    assert kb.simd() in ("avx512", "avx2", "scalar")


def test_read_only_out_says_so():
    a = np.arange(4, dtype=np.uint64)
    out = np.zeros(4, dtype=np.uint64)
    out.flags.writeable = False
    with pytest.raises(kb.ArgumentValueError, match="^out is read-only$"):
        kb.knight_attacks_batch(a, out=out)


def test_new_array_is_owned_and_writeable():
    a = np.arange(1000, dtype=np.uint64)
    got = kb.knight_attacks_batch(a)
    assert got.flags.writeable and got.flags.c_contiguous and got.dtype == np.uint64
    got[0] = 1  # numpy owns the memory the kernel wrote
    assert np.array_equal(got[1:], np_knight(a)[1:])
