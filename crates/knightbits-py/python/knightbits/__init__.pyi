"""Type stubs of knightbits: the native module's names (listed once, in _knightbits.pyi)."""

from ._knightbits import *
from ._knightbits import __all__ as __all__
