"""python-chess's habits: pieces as chess.KNIGHT / chess.KING or names in any case, its
argument order, variants refused by name, castling only when asked (as the command line),
royal forks defined against python-chess's gives_check, and batches a pipeline uses in one
line (rows by slice or index array, None masked, one row per move, a boolean square mask)
checked against python-chess."""

import warnings

import chess
import chess.variant
import numpy as np
import pytest
from conftest import playout, playout_fens

import knightbits as kb

CASTLE = "r3k2r/8/8/3N4/8/8/8/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize("cls,name", [
    (chess.variant.AtomicBoard, "atomic"), (chess.variant.AntichessBoard, "antichess"),
    (chess.variant.CrazyhouseBoard, "crazyhouse"), (chess.variant.ThreeCheckBoard, "3check"),
    (chess.variant.KingOfTheHillBoard, "kingofthehill"), (chess.variant.RacingKingsBoard, "racingkings"),
    (chess.variant.HordeBoard, "horde")])
def test_variants_are_refused_by_name(cls, name):
    with pytest.raises(kb.VariantError, match=f"^variant '{name}' is not supported"):
        kb.Position(cls())
    batch = kb.forks_batch([chess.Board(), cls()], errors="mask")
    assert batch.valid.tolist() == [True, False]
    assert batch.errors[1].startswith(f"variant '{name}'")


def test_chess960_with_castling_rights_is_refused_and_without_them_read():
    board = chess.Board.from_chess960_pos(518)  # the standard setup, in chess960 mode
    with pytest.raises(kb.VariantError, match="chess960"):
        kb.Position(board)
    board.castling_rights = 0
    assert kb.Position(board).legal_moves("king", castling=True) == sorted(
        m.uci() for m in board.legal_moves if board.piece_type_at(m.from_square) == chess.KING)


def test_base_board_and_board_errors_say_what_they_are():
    with pytest.raises(kb.ArgumentTypeError, match="BaseBoard has no side to move"):
        kb.Position(chess.BaseBoard())
    board = chess.Board(None)
    with pytest.raises(kb.PositionError, match="^invalid board: white has no king$"):
        kb.Position(board)
    with pytest.raises(kb.FenError, match="^invalid fen: white has no king$"):
        kb.Position(board.fen())


@pytest.mark.parametrize("piece", [chess.KNIGHT, "knight", "Knight", "KNIGHT", "n", "N", np.int64(2)])
def test_a_piece_is_chess_knight_or_its_name_in_any_case(piece):
    pos = kb.Position(CASTLE)
    assert pos.legal_moves(piece) == ["d5b4", "d5b6", "d5c3", "d5c7", "d5e3", "d5e7", "d5f4", "d5f6"]
    assert kb.techniques(piece) == kb.techniques("knight")
    assert pos.pieces(piece, chess.WHITE) == chess.BB_D5
    assert kb.legal_moves_batch([CASTLE], piece=piece).tolist() == [pos.legal_moves("knight")]


def test_king_names_methods_and_sides_in_any_case():
    pos = kb.Position(CASTLE)
    assert pos.legal_moves(chess.KING, castling=True) == pos.legal_moves("King", castling=True)
    assert kb.techniques(chess.KING) == ["lookup", "shifts", "translate"]
    assert kb.king_attacks_set(1, method="SHIFTS") == kb.king_attacks_set(1, method="shifts")
    assert kb.knight_attacks_set(1, method="Post-Mask") == chess.BB_KNIGHT_ATTACKS[chess.A1]
    assert pos.pieces(chess.ROOK, "WHITE") == chess.BB_A1 | chess.BB_H1
    assert kb.convert(1, "H1-G1", "a1-b1") == chess.BB_H1


def test_castling_only_for_the_king_and_only_when_asked():
    pos = kb.Position(CASTLE)
    board = chess.Board(CASTLE)
    castles = sorted(m.uci() for m in board.legal_moves if board.is_castling(m))
    with_castling = pos.legal_moves("king", castling=True)
    assert [m for m in with_castling if m not in pos.legal_moves("king")] == castles == ["e1c1", "e1g1"]
    # The API's rule (rules::castling), as the command line says it after "--castling: ".
    with pytest.raises(kb.OptionError, match=r'^castling is a king move: it needs piece king, not knight$'):
        pos.legal_moves("knight", castling=True)
    with pytest.raises(kb.OptionError, match="castling is a king move"):
        kb.legal_moves_batch([CASTLE], castling=True)
    batch = kb.legal_moves_batch([CASTLE], piece="king", castling=True)
    assert batch[0] == with_castling


def test_pieces_in_python_chess_order_and_the_old_order_warns():
    board = playout(3, 40)
    pos = kb.Position(board)
    for piece_type in chess.PIECE_TYPES:
        for color in chess.COLORS:
            assert pos.pieces(piece_type, color) == int(board.pieces(piece_type, color))
            assert pos.pieces(piece_type=piece_type, color=color) == int(board.pieces(piece_type, color))
    with pytest.warns(DeprecationWarning, match="pieces"):
        old = pos.pieces(chess.WHITE, chess.KNIGHT)
    assert old == int(board.pieces(chess.KNIGHT, chess.WHITE))
    assert not hasattr(pos, "attacks")  # python-chess's attacks(square) means one square
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pos.pieces(chess.KNIGHT, chess.WHITE)


def gives_royal_check(board, move):
    """python-chess: the move gives check, and the moved knight itself attacks the king and a
    queen (a discovered check by another piece is not the knight's fork)."""
    them = not board.turn
    reach = chess.BB_KNIGHT_ATTACKS[move.to_square]
    return (board.gives_check(move) and reach & chess.BB_SQUARES[board.king(them)]
            and reach & board.queens & board.occupied_co[them])


def test_royal_moves_are_direct_knight_checks_that_attack_a_queen():
    discovered = chess.Board("4k3/1q6/8/8/4N3/8/8/4R1K1 w - - 0 1")
    move = chess.Move.from_uci("e4c5")
    assert discovered.gives_check(move)  # the rook's check, uncovered
    assert chess.BB_KNIGHT_ATTACKS[chess.C5] & chess.BB_B7  # and the knight attacks the queen
    assert "e4c5" not in kb.Position(discovered).forks().royal_moves
    assert kb.Position(discovered).forks().royal_moves == ["e4d6"]
    seen = 0
    for fen in playout_fens(1500, seed=30) + [discovered.fen()]:
        board = chess.Board(fen)
        knights = board.knights & board.occupied_co[board.turn]
        want = sorted(m.uci() for m in board.generate_legal_moves(from_mask=knights)
                      if gives_royal_check(board, m))
        for targets in ("kqr", "r", "p"):  # royal moves do not depend on targets
            assert kb.Position(fen).forks(targets).royal_moves == want, (fen, targets)
        seen += len(want)
    assert seen >= 5


def python_chess_rows(board, targets="kqr"):
    """One row per fork or royal move, with its flags, by python-chess."""
    them = not board.turn
    tgt = 0
    for c in targets:
        tgt |= int(board.pieces(chess.PIECE_SYMBOLS.index(c), them))
    squares = {s for s in chess.SQUARES if chess.popcount(chess.BB_KNIGHT_ATTACKS[s] & tgt) >= 2}
    guards = (board.pawns | board.knights) & board.occupied_co[them]
    rows = []
    knights = board.knights & board.occupied_co[board.turn]
    for m in sorted(board.generate_legal_moves(from_mask=knights), key=lambda m: m.uci()):
        fork = m.to_square in squares
        royal = bool(gives_royal_check(board, m))
        if fork or royal:
            forced = fork and not board.attackers_mask(them, m.to_square) & guards
            rows.append((m.from_square, m.to_square, fork, forced, royal))
    return rows, squares


def test_batch_table_square_mask_and_rows_against_python_chess():
    fens = playout_fens(400, seed=31)
    batch = kb.forks_batch(fens)
    table = batch.table()
    assert set(table) == {"position", "from_square", "to_square", "fork", "forced", "royal"}
    assert len({len(v) for v in table.values()}) == 1
    mask = batch.square_mask()
    assert mask.shape == (len(fens), 64) and mask.dtype == np.bool_
    got_rows = list(zip(*(table[k].tolist() for k in ("position", "from_square", "to_square",
                                                         "fork", "forced", "royal"))))
    want_rows = []
    for i, fen in enumerate(fens):
        rows, squares = python_chess_rows(chess.Board(fen))
        want_rows += [(i, *r) for r in rows]
        assert set(np.flatnonzero(mask[i]).tolist()) == squares, fen
    assert got_rows == want_rows
    assert sum(r[5] for r in want_rows) > 0 and sum(r[3] for r in want_rows) > 0
    moves = kb.legal_moves_batch(fens).table()
    assert len(moves["position"]) == sum(len(kb.Position(f).legal_moves()) for f in fens)


def test_rows_by_slice_index_array_and_mask():
    fens = playout_fens(50, seed=32)
    batch = kb.forks_batch(fens)
    moves = kb.legal_moves_batch(fens, piece="king")
    assert batch[10:20].tolist() == batch.tolist()[10:20]
    assert batch[::-3].tolist() == batch.tolist()[::-3]
    assert batch[[3, 1, 3]].tolist() == [batch[3], batch[1], batch[3]]
    keep = batch.squares != 0
    assert batch[keep].tolist() == [f for f, k in zip(batch.tolist(), keep) if k]
    assert np.array_equal(batch[np.array([4, 2])].squares, batch.squares[[4, 2]])
    assert moves[5:9].tolist() == moves.tolist()[5:9]
    assert moves[np.arange(0, 50, 7)].tolist() == moves.tolist()[::7]
    assert moves[-1] == moves.tolist()[-1]
    with pytest.raises(IndexError):
        moves[50]
    with pytest.raises(IndexError):
        batch[[0, 99]]


def test_bare_string_refused_and_none_masked():
    with pytest.raises(kb.ArgumentTypeError, match="not a single str"):
        kb.forks_batch(chess.STARTING_FEN)
    with pytest.raises(kb.ArgumentTypeError, match="not a single bytes"):
        kb.legal_moves_batch(chess.STARTING_FEN.encode())
    fens = [chess.STARTING_FEN, None, 42, "bad"]
    for batch in (kb.forks_batch(fens, errors="mask"), kb.legal_moves_batch(fens, errors="mask")):
        assert batch.valid.tolist() == [True, False, False, False]
        assert sorted(batch.errors) == [1, 2, 3]
        assert "not NoneType" in batch.errors[1] and "not int" in batch.errors[2]
        assert batch.errors[3].startswith("invalid fen:")
        assert batch[1:].errors == {0: batch.errors[1], 1: batch.errors[2], 2: batch.errors[3]}


def test_pandas_is_optional():
    batch = kb.forks_batch(playout_fens(20, seed=33))
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install pandas"):
            batch.to_pandas()
    else:
        frame = batch.to_pandas()
        assert list(frame.columns) == list(batch.table())


def test_large_batches_split_across_threads_keep_order_and_indices():
    # Above 1,024 positions a batch is shared by threads in chunks of 1,024: the rows, the CSR
    # offsets and the index of an error must be those of one pass (batches of 1,000 run on
    # one thread).
    # 14,000 positions, 700 playouts over and over (not a divisor of the chunks' 1,024, so a
    # chunk out of place shows; python-chess makes a playout in about 6 ms).
    fens = playout_fens(700, seed=34) * 20
    fens[12_345] = "not a fen"
    with pytest.raises(kb.FenError) as info:
        kb.forks_batch(fens)
    assert info.value.index == 12_345 and str(info.value).startswith("fens[12345]: invalid fen")
    with pytest.raises(kb.FenError, match=r"^fens\[12345\]"):
        kb.legal_moves_batch(fens)
    big = kb.forks_batch(fens, errors="mask")
    parts = [kb.forks_batch(fens[i:i + 1000], errors="mask") for i in range(0, len(fens), 1000)]
    assert big.tolist() == [f for p in parts for f in p.tolist()]
    assert np.array_equal(big.moves.offsets, np.concatenate(
        [[0]] + [p.moves.offsets[1:] + sum(len(q.moves.from_squares) for q in parts[:k])
                 for k, p in enumerate(parts)]))
    assert big.errors == {12_345: "invalid fen: expected 4 to 6 fields, found 3"}
    moves = kb.legal_moves_batch(fens, piece="king", errors="mask")
    assert moves.tolist() == [m for i in range(0, len(fens), 1000)
                              for m in kb.legal_moves_batch(fens[i:i + 1000], piece="king",
                                                            errors="mask").tolist()]
