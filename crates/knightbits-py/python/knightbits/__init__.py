"""Knight and king patterns on bitboards, for python-chess users and numpy pipelines.

Conventions are python-chess's: squares are ints a1 = 0 ... h8 = 63, bitboards are ints
(bit n is square n), pieces are ``chess.KNIGHT`` / ``chess.KING`` (or their names), so
``chess.SquareSet(knightbits.knight_attacks(chess.D4))`` just works. Every function that takes
a position accepts a FEN string, a ``chess.Board`` (read through its bitboards, no FEN round
trip; standard chess only) or a ``knightbits.Position``.

Single squares and sets
    knight_attacks, king_attacks, knight_attacks_set, king_attacks_set, fork_squares,
    techniques (the ways to compute an attack set, by name), convert (bit numberings)

numpy batches (1-D uint64 arrays, SIMD, the GIL released)
    knight_attacks_batch, king_attacks_batch, fork_squares_batch

Positions
    Position (legal_moves, pieces, attacks_by, forks), Forks;
    forks_batch -> ForksBatch and legal_moves_batch -> MoveBatch over many FENs, parsed and
    answered with the GIL released; rows by index, slice or index array, one row per move
    with table() (or to_pandas())

Boards of any size
    distance, path, tour, count_tours

Errors: every exception raised for an argument is a ``knightbits.Error`` and also a
ValueError (a bad value: SquareError, OptionError, PositionError, FenError, VariantError,
BoardError, ArgumentValueError) or a TypeError (ArgumentTypeError); it carries ``argument``
and, in batches, ``index``. Every object pickles, so thread pools, multiprocessing and Dask
scale the calls.
"""

from importlib.metadata import PackageNotFoundError, version

from . import _knightbits
from ._errors import (ArgumentTypeError, ArgumentValueError, BoardError, Error, FenError,
                      OptionError, PositionError, SquareError, VariantError)
from ._knightbits import *  # noqa: F403  (the names are the native module's __all__)
from ._board import BoardLike

try:
    __version__ = version("knightbits")
except PackageNotFoundError:  # pragma: no cover (imported from a source tree)
    __version__ = "0+unknown"

__all__ = list(_knightbits.__all__) + [
    "ArgumentTypeError", "ArgumentValueError", "BoardError", "BoardLike", "Error", "FenError",
    "OptionError", "PositionError", "SquareError", "VariantError"]
