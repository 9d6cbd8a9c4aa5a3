"""Knight and king patterns on bitboards, for python-chess users and numpy pipelines.

Conventions are python-chess's: squares are ints a1 = 0 ... h8 = 63, bitboards are ints
(bit n is square n), so ``chess.SquareSet(knightbits.knight_attacks(chess.D4))`` just works.
Every function that takes a position accepts a FEN string, a ``chess.Board`` (read through its
bitboards, no FEN round trip) or a ``knightbits.Position``.

Single squares and sets
    knight_attacks, king_attacks, knight_attacks_set, king_attacks_set, fork_squares,
    techniques (the sources' methods by name), convert (numberings)

numpy batches (1-D uint64 arrays, SIMD, the GIL released)
    knight_attacks_batch, king_attacks_batch, fork_squares_batch

Positions
    Position (legal_moves, attacks, forks), Forks;
    forks_batch -> ForksBatch and legal_moves_batch -> MoveBatch over many FENs, parsed and
    answered with the GIL released

Boards of any size
    distance, path, tour, count_tours

Bad input raises ValueError (a bad value) or TypeError (a wrong type) with one line; nothing
panics. Every object pickles, so thread pools, multiprocessing and Dask scale the calls.
"""

from . import _knightbits
from ._knightbits import *  # noqa: F403  (the names are the native module's __all__)

__all__ = list(_knightbits.__all__)
