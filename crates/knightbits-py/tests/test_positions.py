"""Positions against python-chess: legal knight and king moves, attack sets, forks, on the core's
test positions and on random playouts; chess.Board read through its attributes equals the FEN
path; batches equal single calls; errors and pickling."""

import pickle

import chess
import numpy as np
import pytest
from conftest import CORPUS, playout, playout_fens
from hypothesis import given
from hypothesis import strategies as st

import knightbits as kb

ROLES = {"pawn": chess.PAWN, "knight": chess.KNIGHT, "bishop": chess.BISHOP,
         "rook": chess.ROOK, "queen": chess.QUEEN, "king": chess.KING}


def legal(board, piece, castling=True):
    """python-chess's legal moves of the side to move's knights or king, sorted UCI (without
    castling moves unless ``castling``)."""
    pieces = board.knights if piece == "knight" else board.kings
    mask = pieces & board.occupied_co[board.turn]
    return sorted(m.uci() for m in board.generate_legal_moves(from_mask=mask)
                  if castling or not board.is_castling(m))


def attacks(board, side, role):
    out = 0
    for s in board.pieces(role, side):
        out |= int(board.attacks_mask(s))
    return out


def forks(board, targets="kqr"):
    """The forks as python-chess computes them: fork squares by counting knight attacks on the
    targets, legal knight moves onto them, forced ones (no enemy pawn or knight attacks the
    destination), royal ones (check and a queen attacked)."""
    them = not board.turn
    types = [chess.PIECE_SYMBOLS.index(c) for c in targets]
    tgt = 0
    for t in types:
        tgt |= int(board.pieces(t, them))
    squares = sum(1 << s for s in chess.SQUARES
                  if chess.popcount(chess.BB_KNIGHT_ATTACKS[s] & tgt) >= 2)
    mine = board.knights & board.occupied_co[board.turn]
    moves = sorted(board.generate_legal_moves(from_mask=mine), key=lambda m: m.uci())
    on = [m for m in moves if squares >> m.to_square & 1]
    guards = (board.pawns | board.knights) & board.occupied_co[them]
    forced = [m for m in on if not board.attackers_mask(them, m.to_square) & guards]
    king = board.king(them)
    queens = board.queens & board.occupied_co[them]
    royal = [m for m in moves
             if chess.BB_KNIGHT_ATTACKS[m.to_square] & chess.BB_SQUARES[king]
             and chess.BB_KNIGHT_ATTACKS[m.to_square] & queens]
    return kb.Forks(squares, [m.uci() for m in on], [m.uci() for m in forced],
                    [m.uci() for m in royal])


def check(board):
    """Every question on ``board``, knightbits against python-chess."""
    pos = kb.Position(board)
    assert pos == kb.Position(board.fen(en_passant="fen"))
    assert pos.turn == board.turn
    for piece in ("knight", "king"):
        assert pos.legal_moves(piece) == legal(board, piece, castling=False), (board.fen(), piece)
    assert pos.legal_moves(chess.KING, castling=True) == legal(board, "king"), board.fen()
    for side in (chess.WHITE, chess.BLACK):
        for name, role in ROLES.items():
            assert pos.attacks_by(name, side) == attacks(board, side, role), (board.fen(), name)
            assert pos.pieces(role, side) == int(board.pieces(role, side))
    assert pos.forks() == forks(board)
    assert pos.forks("kq") == forks(board, "kq")
    assert pos.is_check() == board.is_check()


def test_corpus_positions(corpus):
    for fen in corpus:
        check(chess.Board(fen))


@given(st.integers(0, 2**32 - 1), st.integers(0, 150))
def test_random_playouts(seed, plies):
    check(playout(seed, plies))


def test_castling_is_the_kings_move():
    pos = kb.Position("r3k2r/8/8/3N4/8/8/8/R3K2R w KQkq - 0 1")
    assert pos.legal_moves("king", castling=True) == ["e1c1", "e1d1", "e1d2", "e1e2", "e1f1",
                                                      "e1f2", "e1g1"]
    # As the command line: castling only when asked for.
    assert pos.legal_moves("king") == ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]


def test_forks_object_fields_and_repr():
    f = kb.Position("q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1").forks()
    assert (f.squares, f.moves, f.forced_moves, f.royal_moves) == (1 << chess.C7, ["d5c7"], ["d5c7"], ["d5c7"])
    assert repr(f) == ("Forks(squares=0x0004000000000000, moves=['d5c7'], "
                       "forced_moves=['d5c7'], royal_moves=['d5c7'])")
    assert eval(repr(f), {"Forks": kb.Forks}) == f


def test_position_repr_str_and_hash():
    pos = kb.Position(chess.Board())
    assert repr(pos) == "Position('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')"
    assert eval(repr(pos), {"Position": kb.Position}) == pos
    assert pos.fen() == chess.STARTING_FEN
    assert len({pos, kb.Position(chess.STARTING_FEN)}) == 1
    assert str(pos).splitlines()[-1].split() == list("abcdefgh")
    assert str(pos).splitlines()[0].split() == ["8", *"rnbqkbnr"]


def test_pickling_round_trips():
    fens = playout_fens(50, seed=3)
    for fen in fens:
        pos = kb.Position(fen)
        assert pickle.loads(pickle.dumps(pos)) == pos
        f = pos.forks()
        assert pickle.loads(pickle.dumps(f)) == f
    batch = kb.forks_batch(fens)
    again = pickle.loads(pickle.dumps(batch))
    assert again.tolist() == batch.tolist()
    assert np.array_equal(again.squares, batch.squares)
    moves = kb.legal_moves_batch(fens, piece="king")
    assert pickle.loads(pickle.dumps(moves)).tolist() == moves.tolist()


def test_batches_equal_single_calls():
    fens = playout_fens(300, seed=7) + CORPUS
    boards = [chess.Board(f) for f in fens]
    fb = kb.forks_batch(fens)
    assert len(fb) == len(fens) and fb.squares.dtype == np.uint64
    assert fb.valid.all() and fb.errors == {}
    for i, fen in enumerate(fens):
        single = kb.Position(fen).forks()
        assert fb[i] == single
        assert int(fb.squares[i]) == single.squares
    assert kb.forks_batch(boards).tolist() == fb.tolist()
    assert kb.forks_batch(fens, targets="kq").tolist() == [kb.Position(f).forks("kq") for f in fens]
    for piece in ("knight", "king"):
        mb = kb.legal_moves_batch(fens, piece=piece)
        assert mb.offsets.dtype == np.int64 and mb.from_squares.dtype == np.uint8
        assert len(mb.offsets) == len(fens) + 1
        want = [kb.Position(f).legal_moves(piece) for f in fens]
        assert want == [legal(b, piece, castling=False) for b in boards]
        assert mb.tolist() == want
        assert kb.legal_moves_batch(boards, piece=piece).tolist() == want
        # The CSR arrays are the moves: rebuild UCI from them with python-chess's names.
        for i in (0, len(fens) // 2, len(fens) - 1):
            a, b = mb.offsets[i], mb.offsets[i + 1]
            rebuilt = [chess.square_name(f) + chess.square_name(t)
                       for f, t in zip(mb.from_squares[a:b], mb.to_squares[a:b])]
            assert rebuilt == want[i] == mb[i]
    assert kb.legal_moves_batch([]).tolist() == []
    assert len(kb.forks_batch(iter(fens[:5]))) == 5


BAD = "4k3/8/8/8/8/8/8/4K2N b - - 0 1 extra"


def test_bad_fen_raises_value_error_naming_its_index():
    fens = playout_fens(5) + [BAD] + playout_fens(2)
    with pytest.raises(ValueError, match=r"^fens\[5\]: invalid fen: expected 4 to 6 fields, found 7$"):
        kb.forks_batch(fens)
    with pytest.raises(ValueError, match=r"^fens\[5\]: "):
        kb.legal_moves_batch(fens)
    with pytest.raises(TypeError, match=r"^fens\[1\]: a position is"):
        kb.forks_batch(["8/8/8/8/8/8/8/8 w - - 0 1", 42])


def test_bad_fen_masked():
    fens = playout_fens(3) + [BAD, "not a fen"] + playout_fens(2)
    fb = kb.forks_batch(fens, errors="mask")
    assert fb.valid.tolist() == [True] * 3 + [False, False] + [True] * 2
    assert sorted(fb.errors) == [3, 4]
    assert fb.errors[3] == "invalid fen: expected 4 to 6 fields, found 7"
    assert fb[3] == kb.Forks(0, [], [], [])
    assert fb[5] == kb.Position(fens[5]).forks()
    mb = kb.legal_moves_batch(fens, errors="mask")
    assert mb.valid.tolist() == fb.valid.tolist() and mb[4] == []
    with pytest.raises(ValueError, match="errors="):
        kb.forks_batch(fens, errors="ignore")


@pytest.mark.parametrize("fen,message", [
    ("8/8/8/8/8/8/8/8 w - - 0 1", "invalid fen: white has no king"),
    ("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", "invalid fen:"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "invalid fen: expected 4 to 6 fields, found 1"),
])
def test_bad_positions_are_value_errors(fen, message):
    with pytest.raises(ValueError, match="^" + message):
        kb.Position(fen)


def test_board_attributes_are_checked_like_a_fen():
    board = chess.Board()
    board.castling_rights |= chess.BB_B1  # a right python-chess keeps but no FEN can say
    with pytest.raises(ValueError, match="castling right on b1"):
        kb.Position(board)
    board = chess.Board(None)
    with pytest.raises(ValueError, match="white has no king"):
        kb.Position(board)
    with pytest.raises(TypeError, match="a position is a FEN string"):
        kb.Position(42)
    pos = kb.Position(chess.Board())
    assert kb.Position(pos) == pos
    with pytest.raises(ValueError, match="expected knight(, | or )king"):
        pos.legal_moves("queen")
    with pytest.raises(ValueError, match="not a piece letter"):
        pos.forks("kx")
    with pytest.raises(ValueError):
        pos.attacks_by("knight", "green")
    with pytest.raises(TypeError):
        pos.attacks_by(None, chess.WHITE)


def test_en_passant_square_is_a_potential_one():
    board = chess.Board()
    board.push_san("e4")  # no black pawn can take: python-chess keeps ep_square, fen() hides it
    assert board.ep_square == chess.E3 and board.fen().split()[3] == "-"
    pos = kb.Position(board)
    assert pos.fen().split()[3] == "e3"
    assert pos.legal_moves() == legal(board, "knight")


def test_counters_past_32_bits_are_refused_both_ways():
    fen = "4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1"
    board = chess.Board(fen)  # python-chess keeps any int
    with pytest.raises(ValueError, match="halfmove"):
        kb.Position(fen)
    with pytest.raises(ValueError, match="halfmove_clock"):
        kb.Position(board)
