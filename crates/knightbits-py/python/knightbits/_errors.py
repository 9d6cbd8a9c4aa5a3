"""The exceptions knightbits raises. Every one derives from ``knightbits.Error``, and also from
``ValueError`` (a bad value) or ``TypeError`` (a wrong type), so ``except ValueError`` keeps
working. Each carries ``argument`` (the name of the argument at fault, e.g. ``"square"`` or
``"fens"``) and ``index`` (the row of a batch, or None)."""

from typing import Optional

__all__ = ["Error", "ArgumentTypeError", "ArgumentValueError", "SquareError", "OptionError",
           "PositionError", "FenError", "VariantError", "BoardError"]


class Error(Exception):
    """Base class of every error knightbits raises: ``except knightbits.Error`` catches them
    all. ``argument`` names the argument at fault; ``index`` is the row of a batch (else None)."""

    argument: Optional[str]
    index: Optional[int]

    def __init__(self, message: str, *, argument: Optional[str] = None,
                 index: Optional[int] = None) -> None:
        super().__init__(message)
        self.argument = argument
        self.index = index


class ArgumentTypeError(Error, TypeError):
    """An argument of the wrong type (a float where a square int goes, a list where a numpy
    array goes, a bare string where a sequence of FENs goes)."""


class ArgumentValueError(Error, ValueError):
    """An argument of the right type with a value out of range (a count below 1, a bitboard
    past 64 bits)."""


class SquareError(ArgumentValueError):
    """A square that is not on the board (an int outside 0..=63, or outside the board of
    ``distance``, ``path``, ``tour`` and ``count_tours``)."""


class OptionError(ArgumentValueError):
    """A name that is not one of an option's values: a piece, a technique (``method=``),
    ``errors=``, a numbering, a ``targets`` letter."""


class PositionError(ArgumentValueError):
    """A position that breaks the rules of chess (no king, a pawn on the back rank, the side
    not to move in check, castling rights without king and rook, an impossible en passant
    square), from a ``chess.Board``."""


class FenError(PositionError):
    """A FEN string that is not a legal position; ``fen`` is the string."""

    fen: Optional[str]

    def __init__(self, message: str, *, argument: Optional[str] = None,
                 index: Optional[int] = None, fen: Optional[str] = None) -> None:
        super().__init__(message, argument=argument, index=index)
        self.fen = fen


class VariantError(PositionError):
    """A board of a chess variant knightbits does not play (atomic, antichess, crazyhouse,
    three-check, king of the hill, racing kings; chess960 with castling rights)."""


class BoardError(ArgumentValueError):
    """A board size or request that ``distance``, ``path``, ``tour`` or ``count_tours`` cannot
    serve (a side outside 1..=10000, a board without a tour, a count too large)."""
