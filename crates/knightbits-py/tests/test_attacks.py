"""Attacks, sets, techniques, fork squares and numberings against python-chess's tables and
pure-Python references.

Proof pattern (as in the Rust crates): agreement on all 64 single squares plus the property
that a setwise routine distributes over ``|`` covers all 2^64 inputs, since every set is the
union of its squares.
"""

import itertools

import chess
import pytest
from hypothesis import given
from hypothesis import strategies as st

import knightbits as kb

BITBOARDS = st.integers(min_value=0, max_value=2**64 - 1)


def union(table, bitboard):
    """The union of ``table[s]`` over the squares of ``bitboard`` (pure Python)."""
    out = 0
    for s in chess.SquareSet(bitboard):
        out |= table[s]
    return out


def test_single_squares_match_python_chess_tables():
    for s in chess.SQUARES:
        assert kb.knight_attacks(s) == chess.BB_KNIGHT_ATTACKS[s]
        assert kb.king_attacks(s) == chess.BB_KING_ATTACKS[s]


def test_square_set_wraps_the_answer():
    assert chess.SquareSet(kb.knight_attacks(chess.D4)) == chess.SquareSet(
        [chess.C2, chess.E2, chess.B3, chess.F3, chess.B5, chess.F5, chess.C6, chess.E6]
    )


@pytest.mark.parametrize("piece,table", [("knight", chess.BB_KNIGHT_ATTACKS), ("king", chess.BB_KING_ATTACKS)])
def test_every_technique_on_every_square(piece, table):
    fn = kb.knight_attacks_set if piece == "knight" else kb.king_attacks_set
    methods = kb.techniques(piece)
    assert len(methods) >= 3
    for method in [None, *methods]:
        for s in chess.SQUARES:
            assert fn(chess.BB_SQUARES[s], method=method) == table[s], (method, s)
        assert fn(0, method=method) == 0


@given(BITBOARDS, BITBOARDS)
def test_setwise_attacks_distribute_over_union(a, b):
    for method in [None, *kb.techniques("knight")]:
        assert kb.knight_attacks_set(a | b, method=method) == kb.knight_attacks_set(
            a, method=method
        ) | kb.knight_attacks_set(b, method=method)
    for method in [None, *kb.techniques("king")]:
        assert kb.king_attacks_set(a | b, method=method) == kb.king_attacks_set(
            a, method=method
        ) | kb.king_attacks_set(b, method=method)


@given(BITBOARDS)
def test_setwise_attacks_equal_the_union_of_table_lookups(b):
    assert kb.knight_attacks_set(b) == union(chess.BB_KNIGHT_ATTACKS, b)
    assert kb.king_attacks_set(b) == union(chess.BB_KING_ATTACKS, b)
    assert kb.knight_attacks_set(chess.SquareSet(b)) == kb.knight_attacks_set(b)


def fork_reference(targets):
    """Squares from which a knight attacks at least two targets, by counting."""
    return sum(
        1 << s
        for s in chess.SQUARES
        if chess.popcount(chess.BB_KNIGHT_ATTACKS[s] & targets) >= 2
    )


def test_fork_squares_on_all_2016_pairs():
    # A square attacks >= 2 targets iff it attacks both of some pair of them, so the pairs
    # (with the setwise property below) decide every target set.
    for a, b in itertools.combinations(chess.SQUARES, 2):
        t = chess.BB_SQUARES[a] | chess.BB_SQUARES[b]
        assert kb.fork_squares(t) == fork_reference(t)


@given(BITBOARDS)
def test_fork_squares_on_random_sets(t):
    assert kb.fork_squares(t) == fork_reference(t)


def numbering_index(name, square):
    """Bit index of ``square`` in the numbering named by its squares at bit 0 and bit 1
    (``"h1-g1"``): an independent formula from the two names."""
    first, second = (chess.parse_square(n) for n in name.split("-"))
    f0, r0 = chess.square_file(first), chess.square_rank(first)
    f1, r1 = chess.square_file(second), chess.square_rank(second)
    df, dr = f1 - f0, r1 - r0
    f, r = chess.square_file(square), chess.square_rank(square)
    if df:  # files run along the bits
        return abs(r - r0) * 8 + abs(f - f0)
    return abs(f - f0) * 8 + abs(r - r0)


NUMBERINGS = ["a1-b1", "h1-g1", "a1-a2", "h1-h2", "a8-b8", "a8-a7", "h8-g8", "h8-h7"]


@given(BITBOARDS)
def test_convert_between_all_numberings(b):
    squares = list(chess.SquareSet(b))
    for frm, to in itertools.product(NUMBERINGS, NUMBERINGS):
        bits = sum(1 << numbering_index(frm, s) for s in squares)
        want = sum(1 << numbering_index(to, s) for s in squares)
        assert kb.convert(bits, frm=frm, to=to) == want, (frm, to)


def test_convert_reproduces_the_devlog_mask():
    assert kb.convert(0xA1100110A, frm="h1-g1", to="a1-b1") == 0x0000005088008850
    assert kb.convert(0xA1100110A, "h1-g1", "a1-b1") == chess.flip_horizontal(0xA1100110A)


BAD_SQUARES = [-1, 64, 2**70, -(2**70)]


@pytest.mark.parametrize("fn", [kb.knight_attacks, kb.king_attacks])
@pytest.mark.parametrize("value", BAD_SQUARES)
def test_square_out_of_range_is_a_value_error(fn, value):
    with pytest.raises(ValueError, match="not in 0..=63"):
        fn(value)


@pytest.mark.parametrize("fn", [kb.knight_attacks, kb.king_attacks])
@pytest.mark.parametrize("value", [chess.SquareSet([chess.D4]), True, "d4", 27.0, None])
def test_a_set_or_text_is_not_taken_as_a_square(fn, value):
    # SquareSet has __index__ (pyo3 would read it as the number 2**27): refused instead.
    with pytest.raises(TypeError, match="a square is an int"):
        fn(value)


@pytest.mark.parametrize("fn", [kb.knight_attacks_set, kb.king_attacks_set, kb.fork_squares])
def test_bitboards_out_of_range_are_value_errors(fn):
    with pytest.raises(ValueError, match="negative"):
        fn(-1)
    with pytest.raises(ValueError, match="does not fit in 64 bits"):
        fn(2**64)
    with pytest.raises(TypeError, match="a bitboard is an int"):
        fn("0x10")
    assert fn(2**64 - 1) == fn(chess.BB_ALL)


def test_unknown_method_and_numbering_are_value_errors():
    with pytest.raises(ValueError, match="^method: invalid method 'horse': unknown method; the knight's are lookup, "):
        kb.knight_attacks_set(1, method="horse")
    with pytest.raises(ValueError, match="prefix is the knight's method, not the king's; the king's are "):
        kb.king_attacks_set(1, method="prefix")
    with pytest.raises(ValueError):
        kb.convert(1, frm="a1-c1", to="a1-b1")
    with pytest.raises(ValueError, match="expected knight(, | or )king"):
        kb.techniques("queen")
