"""Type stubs of knightbits (the names of the native module)."""

from ._knightbits import Forks as Forks
from ._knightbits import ForksBatch as ForksBatch
from ._knightbits import MoveBatch as MoveBatch
from ._knightbits import Position as Position
from ._knightbits import convert as convert
from ._knightbits import count_tours as count_tours
from ._knightbits import distance as distance
from ._knightbits import fork_squares as fork_squares
from ._knightbits import fork_squares_batch as fork_squares_batch
from ._knightbits import forks_batch as forks_batch
from ._knightbits import king_attacks as king_attacks
from ._knightbits import king_attacks_batch as king_attacks_batch
from ._knightbits import king_attacks_set as king_attacks_set
from ._knightbits import knight_attacks as knight_attacks
from ._knightbits import knight_attacks_batch as knight_attacks_batch
from ._knightbits import knight_attacks_set as knight_attacks_set
from ._knightbits import legal_moves_batch as legal_moves_batch
from ._knightbits import path as path
from ._knightbits import simd as simd
from ._knightbits import techniques as techniques
from ._knightbits import tour as tour

__all__ = [
    "Forks",
    "ForksBatch",
    "MoveBatch",
    "Position",
    "convert",
    "count_tours",
    "distance",
    "fork_squares",
    "fork_squares_batch",
    "forks_batch",
    "king_attacks",
    "king_attacks_batch",
    "king_attacks_set",
    "knight_attacks",
    "knight_attacks_batch",
    "knight_attacks_set",
    "legal_moves_batch",
    "path",
    "simd",
    "techniques",
    "tour",
]
