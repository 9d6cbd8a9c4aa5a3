"""Type stubs of knightbits: the native module's names (listed once, in _knightbits.pyi), the
exceptions and the version."""

from ._errors import (ArgumentTypeError as ArgumentTypeError,
                      ArgumentValueError as ArgumentValueError, BoardError as BoardError,
                      Error as Error, FenError as FenError, OptionError as OptionError,
                      PositionError as PositionError, SquareError as SquareError,
                      VariantError as VariantError)
from ._knightbits import *
from ._board import BoardLike as BoardLike

__version__: str
__all__ = ["Forks", "ForksBatch", "MoveBatch", "Position", "convert", "count_tours", "distance",
           "fork_squares", "fork_squares_batch", "forks_batch", "king_attacks", "king_attacks_batch",
           "king_attacks_set", "knight_attacks", "knight_attacks_batch", "knight_attacks_set",
           "legal_moves_batch", "path", "simd", "techniques", "tour",
           "ArgumentTypeError", "ArgumentValueError", "BoardError", "BoardLike", "Error", "FenError",
           "OptionError", "PositionError", "SquareError", "VariantError"]
