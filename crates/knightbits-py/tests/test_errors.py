"""Nothing escapes but the package's errors: every public function and method driven with ints
from -2**70 to 2**70, floats, None, strings, bytes, wrong arrays and odd objects in each
argument raises nothing or a ``knightbits.Error`` (never OverflowError, PanicException,
AttributeError or a bare TypeError); each message names the argument; each error is also a
ValueError or a TypeError; batches carry ``index``, FEN errors ``fen``."""

import pickle

import chess
import chess.variant
import numpy as np
import pytest

import knightbits as kb

INTS = [-2**70, -2**64, -2**63 - 1, -2**63, -2**32, -2**31, -65, -1, 0, 1, 2, 3, 5, 63, 64,
        2**31, 2**32, 2**63, 2**64, 2**70, np.int64(-1), np.uint64(2**64 - 1), np.int8(7)]
OTHERS = [1.5, float("nan"), float("inf"), None, "", "x", "KNIGHT", b"abc", bytearray(b"4k3"),
          True, False, object(), [1, 2], (1, 2, 3), {"a": 1}, np.zeros(3),
          np.zeros((2, 2), dtype=np.uint64), np.array([1, 2], dtype=np.int64),
          np.array(["a"]), chess.SquareSet([chess.A1]), chess.BaseBoard(),
          chess.variant.AtomicBoard()]
VALUES = INTS + OTHERS

FEN = "r1b1kbnr/pppp1ppp/8/4N1q1/2BnP3/8/PPPP1PPP/RNBQK2R w KQkq - 1 5"
POS = kb.Position(FEN)
U64 = np.arange(4, dtype=np.uint64)
FB = kb.forks_batch([FEN, FEN, chess.STARTING_FEN])
MB = kb.legal_moves_batch([FEN, FEN])


def small_board(v):
    """Board sides that count or tour fast (or are refused): the rest would only take time."""
    return not (isinstance(v, (int, np.integer)) and not isinstance(v, bool) and 5 < int(v) <= 10000)


# (name, function, the valid arguments, which may be replaced, a filter of values to try).
CALLS = [
    ("knight_attacks", kb.knight_attacks, [0], None),
    ("king_attacks", kb.king_attacks, [0], None),
    ("knight_attacks_set", kb.knight_attacks_set, [1, "lookup"], None),
    ("king_attacks_set", kb.king_attacks_set, [1, "shifts"], None),
    ("fork_squares", kb.fork_squares, [5], None),
    ("techniques", kb.techniques, ["knight"], None),
    ("knight_attacks_batch", kb.knight_attacks_batch, [U64, np.zeros(4, dtype=np.uint64)], None),
    ("king_attacks_batch", kb.king_attacks_batch, [U64, np.zeros(4, dtype=np.uint64)], None),
    ("fork_squares_batch", kb.fork_squares_batch, [U64, np.zeros(4, dtype=np.uint64)], None),
    ("forks_batch", kb.forks_batch, [[FEN], "kqr", "raise"], None),
    ("forks_batch (item)", lambda x: kb.forks_batch([FEN, x]), [FEN], None),
    ("forks_batch (masked item)", lambda x: kb.forks_batch([x], errors="mask"), [FEN], None),
    ("legal_moves_batch", kb.legal_moves_batch, [[FEN], "king", "raise", True], None),
    ("legal_moves_batch (item)", lambda x: kb.legal_moves_batch([FEN, x]), [FEN], None),
    ("convert", kb.convert, [1, "a1-b1", "h1-g1"], None),
    ("distance", kb.distance, [0, 1, 8, 8], None),
    ("distance (pair)", lambda f, r: kb.distance((f, r), 0), [0, 0], None),
    ("path", kb.path, [0, 1, 8, 8], None),
    ("tour", kb.tour, [5, 5, False, 0], small_board),
    ("count_tours", kb.count_tours, [3, 4, False, None, 1], small_board),
    ("Position", kb.Position, [FEN], None),
    ("Position.pieces", POS.pieces, [chess.KNIGHT, chess.WHITE], None),
    ("Position.attacks_by", POS.attacks_by, [chess.KNIGHT, chess.WHITE], None),
    ("Position.legal_moves", POS.legal_moves, ["king", True], None),
    ("Position.forks", POS.forks, ["kqr"], None),
    ("Forks", kb.Forks, [0, [], [], []], None),
    ("MoveBatch", kb.MoveBatch, [MB.offsets, MB.from_squares, MB.to_squares, MB.valid, {}], None),
    ("ForksBatch", kb.ForksBatch, [FB.squares, FB.moves, FB.forced_moves, FB.royal_moves,
                                   FB.valid, {}], None),
]


def cases():
    for name, fn, args, keep in CALLS:
        for k in range(len(args)):
            for v in VALUES:
                if keep is None or keep(v):
                    yield name, fn, args, k, v


def test_every_argument_raises_only_the_packages_errors():
    tried = 0
    for name, fn, args, k, v in cases():
        call = list(args)
        call[k] = v
        tried += 1
        try:
            fn(*call)
        except kb.Error as e:
            assert isinstance(e, (ValueError, TypeError)), (name, k, v)
            assert e.argument, (name, k, v, e)
            assert str(e).strip() and "\n" not in str(e), (name, k, v, e)
        except BaseException as e:  # noqa: B036 (a PanicException is a BaseException)
            pytest.fail(f"{name} argument {k} = {v!r}: {type(e).__module__}.{type(e).__name__}: {e}")
    assert tried > 1500


@pytest.mark.parametrize("batch", [FB, MB])
def test_batch_indexing_raises_index_error_or_the_packages_errors(batch):
    for v in VALUES:
        try:
            batch[v]
        except (kb.Error, IndexError):
            pass


@pytest.mark.parametrize("call,argument,words", [
    (lambda: kb.count_tours(5, 5, threads=10**6), "threads", "threads: 1000000 is not in 1..=1024"),
    (lambda: kb.count_tours(5, 5, threads=-1), "threads", "threads: -1 is not in 1..=1024"),
    (lambda: kb.distance(0, 1, -3, 3), "width", "width: a board side -3 is not in 1..=10000"),
    (lambda: kb.distance(0, 1, 2**40, 2**40), "width", "width: a board side 1099511627776 is not in"),
    (lambda: kb.tour(-1, 5), "width", "width: a board side -1"),
    (lambda: kb.count_tours(-1, 3), "width", "width: a board side -1"),
    (lambda: kb.count_tours(3, 2**70), "height", "height: a board side 1180591620717411303424"),
    (lambda: kb.knight_attacks(2**70), "square", "square 1180591620717411303424 is not in 0..=63"),
    (lambda: kb.knight_attacks(1.5), "square", "square: a square is an int"),
    (lambda: kb.fork_squares(-1), "targets", "targets: bitboard -1 is negative"),
    (lambda: kb.distance(0, 64), "to_square", "to_square: square 64 is not on the 8x8 board"),
    (lambda: kb.knight_attacks_set(1, method=3), "method", "method: a method is a str"),
    (lambda: kb.forks_batch([FEN], errors="ignore"), "errors", 'errors: errors="ignore"'),
    (lambda: kb.forks_batch(FEN), "fens", "fens: a sequence of positions, not a single str"),
    (lambda: kb.knight_attacks_batch([1, 2]), "a", "a: must be a 1-D numpy.uint64 array, not list"),
    (lambda: kb.tour(5, 5, closed=1), "closed", "closed: expected True or False, not int"),
])
def test_messages_name_the_argument(call, argument, words):
    with pytest.raises(kb.Error) as info:
        call()
    assert info.value.argument == argument
    assert str(info.value).startswith(words), str(info.value)


def test_classes_and_attributes():
    assert issubclass(kb.FenError, kb.PositionError) and issubclass(kb.PositionError, ValueError)
    assert issubclass(kb.ArgumentTypeError, TypeError) and issubclass(kb.ArgumentTypeError, kb.Error)
    assert issubclass(kb.VariantError, kb.PositionError) and issubclass(kb.SquareError, ValueError)
    fens = [FEN, FEN, "8/8/8/8/8/8/8/8 w - - 0 1"]
    with pytest.raises(kb.FenError) as info:
        kb.forks_batch(fens)
    e = info.value
    assert (e.index, e.fen, e.argument) == (2, fens[2], "fens")
    assert str(e) == "fens[2]: invalid fen: white has no king"
    again = pickle.loads(pickle.dumps(e))
    assert (type(again), str(again), again.index, again.fen) == (kb.FenError, str(e), 2, fens[2])
    with pytest.raises(kb.ArgumentTypeError) as info:
        kb.legal_moves_batch([FEN, None])
    assert info.value.index == 1 and str(info.value).startswith("fens[1]: a position is")
    with pytest.raises(kb.SquareError):
        kb.king_attacks(64)
    with pytest.raises(kb.OptionError):
        kb.techniques("queen")
    with pytest.raises(kb.BoardError, match="no open knight's tour"):
        kb.tour(4, 4)
