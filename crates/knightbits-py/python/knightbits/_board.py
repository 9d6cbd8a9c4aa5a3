"""The board-like inputs knightbits reads, as a typing Protocol."""

from typing import Optional, Protocol, Sequence, runtime_checkable

__all__ = ["BoardLike"]


@runtime_checkable
class BoardLike(Protocol):
    """What knightbits reads of a board: python-chess's ``chess.Board`` attributes."""

    @property
    def occupied_co(self) -> Sequence[int]:
        """The squares of each colour: ``occupied_co[True]`` white, ``[False]`` black."""

    @property
    def pawns(self) -> int:
        """The squares of the pawns, as a bitboard int."""

    @property
    def knights(self) -> int:
        """The squares of the knights."""

    @property
    def bishops(self) -> int:
        """The squares of the bishops."""

    @property
    def rooks(self) -> int:
        """The squares of the rooks."""

    @property
    def queens(self) -> int:
        """The squares of the queens."""

    @property
    def kings(self) -> int:
        """The squares of the kings."""

    @property
    def turn(self) -> bool:
        """The side to move: True for white."""

    @property
    def castling_rights(self) -> int:
        """The rooks with castling rights, as a bitboard int (corners only)."""

    @property
    def ep_square(self) -> Optional[int]:
        """The square a pawn skipped with its double push, or None."""

    @property
    def halfmove_clock(self) -> int:
        """Half-moves since the last capture or pawn move."""

    @property
    def fullmove_number(self) -> int:
        """The move number."""
