"""Argument checks shared by the package: every bad argument becomes ``InvalidInput`` with a
message that says what is allowed, before anything reaches the native module."""

from __future__ import annotations

import json
import os
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any, SupportsInt, TypeVar, cast

from fray import _fray
from fray.errors import InvalidInput

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

IntT = TypeVar("IntT", bound="np.integer[Any]")


class _Lazy(ModuleType):
    """A module imported on first attribute use: ``import fray`` does not pay for numpy
    (about 70 ms) until an array is built."""

    def __getattr__(self, name: str) -> Any:
        import importlib

        module = importlib.import_module(self.__name__)
        return getattr(module, name)


lazy_numpy: Any = _Lazy("numpy")
"""``numpy``, imported when first used."""


def _numpy_integer(value: object) -> bool:
    """Whether ``value`` is a numpy integer; without importing numpy, since a value cannot be
    one before numpy is loaded."""
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, numpy.integer)

U64_MAX = 2**64 - 1
U32_MAX = 2**32 - 1


def u64(value: object, name: str) -> int:
    """``value`` as an integer in ``0 .. 2**64 - 1`` (seeds, streams, trial ids)."""
    if type(value) is int and 0 <= value <= U64_MAX:
        return value
    if _numpy_integer(value):
        value = int(cast(SupportsInt, value))
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(
            f"{name} must be an integer in 0 .. 2**64 - 1, got {type(value).__name__} {value!r}"
        )
    if not 0 <= value <= U64_MAX:
        raise InvalidInput(f"{name} must be in 0 .. 2**64 - 1, got {value}")
    return value


def seed_or_random(seed: object) -> int:
    """The given seed, or a fresh random one (recorded in the result, so it can be replayed)."""
    if seed is None:
        return _fray.fresh_seed()
    return u64(seed, "seed")


def i32(value: object, name: str) -> int:
    """``value`` as an integer in ``-2**31 .. 2**31 - 1`` (skill values, bases, DVs …)."""
    if type(value) is int and -(2**31) <= value < 2**31:
        return value
    if _numpy_integer(value):
        value = int(cast(SupportsInt, value))
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"{name} must be an integer, got {type(value).__name__} {value!r}")
    if not -(2**31) <= value < 2**31:
        raise InvalidInput(f"{name} must be in -2**31 .. 2**31 - 1, got {value}")
    return value


def sides(value: object) -> int:
    """Faces of a die: ``1 .. 2**32 - 1``."""
    if type(value) is int and 1 <= value <= U32_MAX:
        return value
    n = u64(value, "sides")
    if not 1 <= n <= U32_MAX:
        raise InvalidInput(f"a die needs 1 .. 2**32 - 1 sides, got {n}")
    return n


def u32(value: object, name: str) -> int:
    """``value`` as an integer in ``0 .. 2**32 - 1`` (how many extra dice deep)."""
    n = u64(value, name)
    if n > U32_MAX:
        raise InvalidInput(f"{name} must be in 0 .. 2**32 - 1, got {n}")
    return n


def count(value: object, name: str) -> int:
    """A count of items (``0 ..``)."""
    return u64(value, name)


def param(column: npt.NDArray[np.int64], dtype: type[IntT]) -> npt.NDArray[IntT]:
    """A checked per-trial parameter (a scalar or a 1-D array of in-range integers) for the
    native batch functions: one value as a 1-element array, which the native side uses for
    every trial (no n copies to build), or a contiguous array of one value per trial."""
    out: npt.NDArray[IntT] = lazy_numpy.ascontiguousarray(
        column.reshape(1) if column.size == 1 else column, dtype=dtype
    )
    return out


def threads(value: object) -> int:
    """Worker threads; ``None`` means every core (0 for the native module)."""
    if value is None:
        return 0
    n = u64(value, "threads")
    if not 1 <= n <= 1024:
        raise InvalidInput(f"threads must be None (every core) or 1 .. 1024, got {n}")
    return n


def text(value: object, name: str) -> str:
    """A string argument."""
    if type(value) is str:
        return value
    if not isinstance(value, str):
        raise InvalidInput(f"{name} must be a str, got {type(value).__name__} {value!r}")
    return value


def to_json(value: object, what: str) -> str:
    """JSON text for ``value``: a str is taken as JSON text already, anything else is encoded."""
    if isinstance(value, str):
        return value
    if isinstance(value, (bytes, bytearray)):
        try:
            return bytes(value).decode("utf-8")
        except UnicodeDecodeError as e:
            raise InvalidInput(f"the {what} bytes are not UTF-8 JSON text: {e}") from None
    try:
        return json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as e:
        raise InvalidInput(
            f"the {what} must be JSON data (dict, list, str, int, finite float, bool, None) "
            f"or JSON text: {e}"
        ) from None


def from_json(text: str) -> Any:
    """Parses JSON text produced by the native module."""
    return json.loads(text)


def read_path(path: os.PathLike[str] | str, what: str) -> str:
    """The text of a file, or ``InvalidInput`` naming the path."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidInput(f"cannot read the {what} file {os.fspath(path)!r}: {e}") from None
