"""Type stubs of the native module (checked against it by mypy.stubtest in the tests; the
docstrings are the runtime's, kept equal by tests/test_stub_docs.py)."""

import os
from typing import Any, Callable, Dict, Iterable, List, Literal, Mapping, Optional, Protocol, Sequence, SupportsIndex, Tuple, TypedDict, Union, overload

from typing_extensions import Self, final

import numpy as np
import numpy.typing as npt

_Square = int
_Bitboard = int
_BoardSquare = Union[int, Tuple[int, int]]
_Color = Union[bool, Literal["white", "black"]]
_PieceName = Literal["pawn", "knight", "bishop", "rook", "queen", "king", "p", "n", "b", "r", "q", "k"]
# python-chess's piece types are ints (chess.KNIGHT == 2, typed chess.PieceType = int).
_PieceType = Union[int, _PieceName]
_Errors = Literal["raise", "mask"]
# Generated from the leaper definition (Leaper::ALL) by tests/stub.rs: do not edit until the end line. Refresh: KNIGHTBITS_BLESS=1 cargo test -p knightbits-py --test stub
# The pieces with moves and techniques here: a name, or python-chess's letter or piece
# type (chess.KNIGHT == 2, chess.KING == 6).
_Leaper = Union[int, Literal["knight", "king", "n", "k"]]
# The knight's methods (techniques("knight")).
_KnightMethod = Literal["lookup", "post-mask", "pre-mask", "prefix", "halves", "translate"]
# The king's methods (techniques("king")).
_KingMethod = Literal["lookup", "shifts", "translate"]
# End of the generated lines.
_Numbering = Literal["a1-b1", "lerf", "h1-g1", "a1-a2", "h1-h2", "a8-b8", "a8-a7", "h8-g8", "h8-h7"]
_U64Array = npt.NDArray[np.uint64]
_PathLike = Union[str, "os.PathLike[str]"]

class _CountProgress(TypedDict):
    """What ``count_tours(progress=)`` is called with."""

    done: int
    total: int
    unit: Literal["squares", "middle squares"]

from ._board import BoardLike

# A FEN string, a chess.Board (read through its attributes) or a Position.
_PositionLike = Union[str, "Position", BoardLike]

__all__ = ["Forks", "ForksBatch", "MoveBatch", "Position", "convert", "count_tours", "distance",
           "fork_squares", "fork_squares_batch", "forks_batch", "king_attacks", "king_attacks_batch",
           "king_attacks_set", "knight_attacks", "knight_attacks_batch", "knight_attacks_set",
           "legal_moves_batch", "path", "simd", "techniques", "tour"]

def knight_attacks(square: _Square) -> _Bitboard:
    """The squares a knight on ``square`` (an int, a1 = 0 … h8 = 63) attacks, as a bitboard int.

    >>> knight_attacks(27) == 0x0000142200221400  # d4
    True"""
def king_attacks(square: _Square) -> _Bitboard:
    """The squares a king on ``square`` (an int, a1 = 0 … h8 = 63) attacks, as a bitboard int."""
def knight_attacks_set(bitboard: SupportsIndex, method: Optional[_KnightMethod] = None) -> _Bitboard:
    """The squares attacked by the knights on ``bitboard`` (an int or ``chess.SquareSet``), as a
    bitboard int. ``method`` (any case) picks how the set is computed: a lookup table per
    knight, or the eight shifts of the whole set with file masks against wrapping, in the
    variants ``techniques("knight")`` lists; all give the same set."""
def king_attacks_set(bitboard: SupportsIndex, method: Optional[_KingMethod] = None) -> _Bitboard:
    """The squares attacked by the kings on ``bitboard``, as a bitboard int; ``method`` (any case)
    is one of ``techniques("king")``, all of which give the same set."""
def fork_squares(targets: SupportsIndex) -> _Bitboard:
    """Every square (empty or occupied) from which a knight attacks at least two of ``targets``
    (a bitboard int), as a bitboard int: the squares where a knight would fork them."""
def techniques(piece: _Leaper = "knight") -> List[str]:
    """The names of the ways ``piece`` (``chess.KNIGHT``, ``chess.KING`` or their names) has to
    compute an attack set (a lookup table, shifts with wrap masks, ...), for the ``method=``
    argument of ``knight_attacks_set`` and ``king_attacks_set``."""
def simd() -> Literal["avx512", "avx2", "scalar"]:
    """The instruction set the batch kernels use on this machine (``"avx512"``, ``"avx2"`` or
    ``"scalar"``), detected at run time."""
def knight_attacks_batch(a: _U64Array, /, out: Optional[_U64Array] = None) -> _U64Array:
    """The knight attack set of every bitboard of `a` (a 1-D numpy.uint64 array): a new uint64
    array, or `out` (same length) filled and returned. SIMD (AVX-512, AVX2 or scalar, picked at
    run time), with the GIL released; `a` is read in place when C-contiguous."""
def king_attacks_batch(a: _U64Array, /, out: Optional[_U64Array] = None) -> _U64Array:
    """The king attack set of every bitboard of `a` (a 1-D numpy.uint64 array), as
    `knight_attacks_batch`."""
def fork_squares_batch(a: _U64Array, /, out: Optional[_U64Array] = None) -> _U64Array:
    """The fork squares of every target set of `a` (a 1-D numpy.uint64 array): the squares from
    which a knight attacks at least two of the targets, as `knight_attacks_batch`."""
def forks_batch(
    fens: Iterable[Optional[_PositionLike]], targets: str = "kqr", errors: _Errors = "raise"
) -> ForksBatch:
    """The knight forks of every position of ``fens`` (a sequence of FEN strings, ``chess.Board``s
    or ``Position``s; a bare string is refused) for its side to move, against the opponent's
    pieces named by ``targets`` (piece letters, default king, queens and rooks): a
    ``ForksBatch``. The FENs are parsed and answered with the GIL released, a batch of more
    than 1,024 positions shared by a thread per core (at most 8) in chunks of 1,024. A position that
    does not read (a bad FEN, None, a variant's board) raises the package's error with its
    ``index``, or with ``errors="mask"`` is marked in ``valid`` and ``errors`` and the batch
    goes on."""
def legal_moves_batch(
    fens: Iterable[Optional[_PositionLike]],
    piece: _Leaper = "knight",
    errors: _Errors = "raise",
    castling: bool = False,
) -> MoveBatch:
    """The legal moves of the side to move's knights or king (``piece=chess.KNIGHT`` or
    ``chess.KING``, or their names; castling only with ``castling=True``) in every position of
    ``fens`` (FEN strings, ``chess.Board``s or ``Position``s): a ``MoveBatch``. Parsed and
    answered with the GIL released; positions that do not read as in ``forks_batch``."""
def convert(bitboard: SupportsIndex, frm: _Numbering, to: _Numbering) -> _Bitboard:
    """The same squares renumbered from numbering ``frm`` to numbering ``to``. A numbering is
    named by the squares it puts at bit 0 and bit 1: ``"a1-b1"`` (little-endian rank-file,
    python-chess's), ``"h1-g1"`` (little-endian rank-file mirrored, as some engines and the
    Chess Programming Wiki's examples number), ``"a1-a2"``, ``"h1-h2"``, ``"a8-b8"``,
    ``"a8-a7"``, ``"h8-g8"``, ``"h8-h7"``; names are read in any case.

    >>> hex(convert(0xA1100110A, frm="h1-g1", to="a1-b1"))
    '0x5088008850'"""
def distance(
    from_square: _BoardSquare, to_square: _BoardSquare, width: int = 8, height: int = 8
) -> Optional[int]:
    """The fewest knight moves from ``from_square`` to ``to_square`` on a ``width`` x ``height``
    board, or None when the knight cannot get there (a 3 x 3 board's centre)."""
def path(
    from_square: _BoardSquare, to_square: _BoardSquare, width: int = 8, height: int = 8
) -> Optional[List[int]]:
    """One shortest knight path from ``from_square`` to ``to_square``, both included, as square
    ints (``rank * width + file``), or None when there is none."""
def tour(
    width: int, height: int, closed: bool = False, start: Optional[_BoardSquare] = None
) -> List[int]:
    """A knight's tour of a ``width`` x ``height`` board as square ints (``rank * width + file``):
    open (Warnsdorff's rule: always move to the square with the fewest onward moves, ties
    broken by Roth's rule, the square farthest from the centre; known constructions as a
    fallback) from ``start`` (default 0, the a1 corner), or closed (divide and conquer: closed
    tours of small boards joined into one). A board without one raises ``BoardError`` saying
    why: no closed tour exists on the boards Schwenk's theorem (1991) excludes, with both sides
    odd, a side of 1, 2 or 4, or 3 x 4, 3 x 6 or 3 x 8 (the message calls it "schwenk"). A
    closed tour is read from ``start`` too (default 0), as the command line's ``tour --closed``.
    The GIL is released while it runs."""
def count_tours(
    width: int,
    height: int,
    closed: bool = False,
    start: Optional[_BoardSquare] = None,
    threads: Optional[int] = None,
    *,
    progress: Optional[Callable[[_CountProgress], object]] = None,
    max_memory: Union[int, str, None] = None,
    scratch: Optional[_PathLike] = None,
    checkpoint: Optional[_PathLike] = None,
    across: Optional[int] = None,
) -> int:
    """The number of knight's tours of a ``width`` x ``height`` board: directed open tours (from
    ``start``, or from every square), or undirected closed tours with ``closed=True``, on
    ``threads`` threads (1 to 1024, default: every core), as ``knightbits count-tours`` counts
    them, an ``int`` of any size (``count_tours(6, 25, closed=True)`` has 39 digits). ``max_memory`` (bytes, as an int or a string such as ``"10G"``; default the memory
    available) bounds the memory of a count of a board up to 8 wide, which keeps the layers
    past it in the folder ``scratch`` (default the system's temporary folder). With
    ``checkpoint`` (a file path), the count keeps its work there as it goes and when stopped,
    and the same call resumes from it; the file is removed when the count ends. ``across``
    (one of the board's sides, default the shorter) is the side the frontier programme lays
    across: ``count_tours(8, 6, across=8)`` sweeps the board rank by rank as the chessboard is
    swept, to the same count; another number raises ``ArgumentValueError``.
    ``progress(p)`` is called whenever a unit of work ends and at least every 0.1 s while the
    count runs, with ``p`` a dict ``{"done": int, "total": int, "unit": "squares" | "middle
    squares"}``; an exception it raises stops the count (its checkpoint kept) and is raised
    again here. Ctrl-C stops the count within a second with ``KeyboardInterrupt``, its checkpoint
    kept. The GIL is released while counting, except while ``progress`` runs."""

@final
class Position:
    """A chess position, read from a FEN string or a python-chess ``chess.Board`` (through its
    bitboards, not a FEN round trip) and checked as the library checks a FEN: one king a side,
    no pawn on rank 1 or 8, the side not to move not in check, castling rights with king and
    rook in place, an en passant square a double push can have left. Standard chess only: a
    board of another variant (``uci_variant`` other than ``"chess"``, or chess960 with castling
    rights) raises ``VariantError``. Immutable, hashable, picklable.

    >>> p = Position("q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1")
    >>> p.forks().moves
    ['d5c7']"""
    def __new__(cls, fen_or_board: _PositionLike) -> Self: ...
    @property
    def turn(self) -> bool:
        """The side to move: True for white, as python-chess's ``board.turn``."""
    def fen(self) -> str:
        """The position as a FEN, all six fields."""
    def pieces(self, piece_type: _PieceType, color: _Color) -> _Bitboard:
        """The squares of ``color``'s pieces of type ``piece_type``, as a bitboard int, in
        python-chess's order: ``pos.pieces(chess.KNIGHT, chess.WHITE)``. A piece type is
        python-chess's number or a name (``"knight"``, any case); a color is ``chess.WHITE`` /
        ``chess.BLACK`` or ``"white"`` / ``"black"``. The old order (color first) still works
        and warns (``DeprecationWarning``)."""
    def legal_moves(self, piece: _Leaper = "knight", castling: bool = False) -> List[str]:
        """The legal moves of the side to move's knights or king (``piece=chess.KNIGHT`` or
        ``chess.KING``, or their names), as sorted UCI strings. Castling is the king's move
        (``e1g1``, as python-chess writes it in standard chess), listed only with
        ``castling=True``, as the command line's ``--castling``."""
    def attacks_by(self, piece_type: _PieceType, color: _Color) -> _Bitboard:
        """The squares ``color``'s pieces of type ``piece_type`` attack together, as a bitboard
        int (knight and king sets ignore occupancy; bishops, rooks and queens stop at the
        first piece in each direction; pawns attack diagonally forward). python-chess's
        ``Board.attacks(square)`` is one square's attacks; this is a whole piece type's."""
    def is_check(self) -> bool:
        """Is the side to move in check?"""
    def forks(self, targets: str = "kqr") -> Forks:
        """The knight forks of the side to move against the opponent's pieces named by
        ``targets`` (piece letters, any case; default king, queens and rooks): a ``Forks``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> Tuple[Any, Tuple[str]]: ...

@final
class Forks:
    """The knight forks of the side to move (the command line's ``forks --json`` fields):
    ``squares``, every square (empty or occupied) from which a knight attacks at least two
    targets, as a bitboard int; ``moves``, the legal knight moves landing on one;
    ``forced_moves``, those whose destination no enemy pawn or knight attacks (the fork cannot
    be answered by taking the knight with a pawn or knight); ``royal_moves``, the legal knight
    moves after which the moved knight itself gives check and attacks a queen (a "royal
    fork"). Discovered checks are not royal: the knight does not attack the king (in
    ``4k3/1q6/8/8/4N3/8/8/4R1K1 w - - 0 1``, e4c5 gives check by the rook and attacks the queen,
    and is not listed). ``royal_moves`` does not depend on ``targets``. Moves are sorted UCI
    strings."""
    def __new__(
        cls,
        squares: int,
        moves: Sequence[str],
        forced_moves: Sequence[str],
        royal_moves: Sequence[str],
    ) -> Self: ...
    @property
    def squares(self) -> _Bitboard:
        """The fork squares, as a bitboard int."""
    @property
    def moves(self) -> List[str]:
        """The legal knight moves onto a fork square."""
    @property
    def forced_moves(self) -> List[str]:
        """The moves whose destination no enemy pawn or knight attacks."""
    @property
    def royal_moves(self) -> List[str]:
        """The legal knight moves after which the knight gives check and attacks a queen."""
    def __eq__(self, other: object, /) -> bool: ...
    def __reduce__(self) -> Tuple[Any, Tuple[int, List[str], List[str], List[str]]]: ...

_Rows = Union[slice, Sequence[int], npt.NDArray[np.integer[Any]], npt.NDArray[np.bool_]]

@final
class MoveBatch:
    """Moves of a batch of positions in CSR form: the moves of position ``i`` are
    ``from_squares[offsets[i]:offsets[i+1]]`` to ``to_squares[…]`` (numpy ``int64`` offsets,
    ``uint8`` squares a1 = 0), sorted as UCI text; ``valid[i]`` is False for a position that
    did not read (with ``errors="mask"``), and ``errors`` maps its index to the message.
    ``batch[i]`` gives position ``i``'s moves as UCI strings; ``batch[2:5]``, ``batch[[0, 3]]``
    or ``batch[mask]`` a new ``MoveBatch`` of those rows; ``batch.table()`` one row per move."""
    def __new__(
        cls,
        offsets: npt.NDArray[np.int64],
        from_squares: npt.NDArray[np.uint8],
        to_squares: npt.NDArray[np.uint8],
        valid: npt.NDArray[np.bool_],
        errors: Mapping[int, str] = {},
    ) -> Self: ...
    @property
    def offsets(self) -> npt.NDArray[np.int64]:
        """Row ``i``'s moves are ``offsets[i]`` to ``offsets[i+1]``; ``len(offsets) == len(batch) + 1``."""
    @property
    def from_squares(self) -> npt.NDArray[np.uint8]:
        """The squares the moves leave (a1 = 0)."""
    @property
    def to_squares(self) -> npt.NDArray[np.uint8]:
        """The squares the moves land on (a1 = 0)."""
    @property
    def valid(self) -> npt.NDArray[np.bool_]:
        """False where the position did not read."""
    @property
    def errors(self) -> Dict[int, str]:
        """The message of each position that did not read, by index."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, key: int, /) -> List[str]: ...
    @overload
    def __getitem__(self, key: _Rows, /) -> MoveBatch: ...
    def tolist(self) -> List[List[str]]:
        """Every position's moves as lists of UCI strings."""
    def table(self) -> Dict[str, npt.NDArray[Any]]:
        """One row per move, as a dict of numpy arrays of equal length: ``position`` (the batch
        index, int64), ``from_square`` and ``to_square`` (uint8, a1 = 0)."""
    def to_pandas(self) -> Any:
        """``table()`` as a pandas ``DataFrame`` (pandas is optional: ``ImportError`` without it)."""
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...

@final
class ForksBatch:
    """The forks of a batch of positions: ``squares`` (numpy ``uint64``, one bitboard per
    position; ``square_mask()`` gives them as a boolean ``(N, 64)`` array), ``moves``,
    ``forced_moves`` and ``royal_moves`` (each a ``MoveBatch``, defined as in ``Forks``),
    ``valid`` (numpy ``bool``) and ``errors`` (index -> message, for ``errors="mask"``).
    ``batch[i]`` is position ``i``'s ``Forks``; ``batch[2:5]``, ``batch[[0, 3]]`` or
    ``batch[mask]`` a new ``ForksBatch``; ``batch.table()`` one row per move with its flags."""
    def __new__(
        cls,
        squares: _U64Array,
        moves: MoveBatch,
        forced_moves: MoveBatch,
        royal_moves: MoveBatch,
        valid: npt.NDArray[np.bool_],
        errors: Mapping[int, str],
    ) -> Self: ...
    @property
    def squares(self) -> _U64Array:
        """The fork squares of each position (0 where the position did not read)."""
    @property
    def moves(self) -> MoveBatch:
        """The legal knight moves onto a fork square."""
    @property
    def forced_moves(self) -> MoveBatch:
        """The moves onto a fork square that no enemy pawn or knight attacks."""
    @property
    def royal_moves(self) -> MoveBatch:
        """The legal knight moves after which the knight gives check and attacks a queen."""
    @property
    def valid(self) -> npt.NDArray[np.bool_]:
        """False where the position did not read."""
    @property
    def errors(self) -> Dict[int, str]:
        """The message of each position that did not read, by index."""
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, key: int, /) -> Forks: ...
    @overload
    def __getitem__(self, key: _Rows, /) -> ForksBatch: ...
    def tolist(self) -> List[Forks]:
        """Every position's ``Forks``."""
    def square_mask(self) -> npt.NDArray[np.bool_]:
        """The fork squares as a boolean numpy array of shape ``(N, 64)``: ``[i, s]`` is True
        when square ``s`` (a1 = 0) is a fork square of position ``i``."""
    def table(self) -> Dict[str, npt.NDArray[Any]]:
        """One row per move that is a fork move or a royal move, as a dict of numpy arrays of
        equal length: ``position`` (the batch index, int64), ``from_square`` and ``to_square``
        (uint8, a1 = 0), and the flags ``fork`` (lands on a fork square: in ``moves``),
        ``forced`` (in ``forced_moves``) and ``royal`` (in ``royal_moves``). Sorted by position,
        then as UCI text."""
    def to_pandas(self) -> Any:
        """``table()`` as a pandas ``DataFrame`` (pandas is optional: ``ImportError`` without it)."""
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...
