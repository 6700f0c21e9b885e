"""Dice: seeded rolls with transcripts, numpy batches and exact odds of dice notation."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Iterator


from fray import _fray
from fray import _util
from fray._fray import Die, Roll, roll

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
else:
    from fray._util import lazy_numpy as np

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Die", "Roll", "Rng", "roll", "roll_batch", "Odds", "odds"]


class Rng:
    """The seeded dice generator: ChaCha8 keyed by ``(seed, stream)``.

    The same seed and stream give the same dice in Rust, C, C# and Python. Monte Carlo
    trial *i* uses stream *i*.

    A generator draws its dice in order, so it belongs to one thread: give each thread its
    own (``Rng(seed, stream=i)`` on thread *i*). A call made while another thread's call is
    drawing from it (a long :meth:`batch`) raises :class:`~fray.InvalidInput` and draws
    nothing, rather than letting thread timing decide which call gets which dice.

    >>> rng = Rng(42)
    >>> rng.roll(20) == Rng(42).roll(20)
    True
    """

    __slots__ = ("_inner",)

    def __init__(self, seed: int, stream: int = 0) -> None:
        """The generator for ``seed`` on ``stream`` (both in ``0 .. 2**64 - 1``)."""
        self._inner = _fray.Rng(_util.u64(seed, "seed"), _util.u64(stream, "stream"))

    @property
    def seed(self) -> int:
        """The seed."""
        return self._inner.seed

    @property
    def stream(self) -> int:
        """The stream."""
        return self._inner.stream

    @property
    def position(self) -> int:
        """32-bit words drawn so far: the position in the stream (raises
        :class:`~fray.InvalidInput` while another thread draws from this generator)."""
        return self._inner.position

    def roll(self, sides: int) -> int:
        """One die with ``sides`` faces: ``1 .. sides``."""
        return self._inner.roll(_util.sides(sides))

    def k_die(self) -> int:
        """The binary K die of Better World: 0 or 1."""
        return self._inner.k_die()

    def batch(self, sides: int, n: int) -> npt.NDArray[np.uint32]:
        """``n`` dice with ``sides`` faces drawn in order from this stream, as a uint32
        array; equal to ``n`` calls of :meth:`roll`. Runs without holding the GIL."""
        return self._inner.batch(_util.sides(sides), _util.count(n, "n"))

    def roll_expr(self, expression: str) -> Roll:
        """Rolls dice notation on this generator (advancing it), with a transcript."""
        return self._inner.roll_expr(expression)

    def __repr__(self) -> str:
        return repr(self._inner)


def roll_batch(
    expression: str,
    n: int,
    *,
    seed: int,
    first: int = 0,
    threads: int | None = None,
) -> npt.NDArray[np.int64]:
    """Totals of ``n`` rolls of ``expression`` as an int64 array; roll *i* uses stream
    ``first + i``, so ``roll_batch(e, n, seed=s)[i] == roll(e, seed=s, stream=i).total``.

    Runs on ``threads`` threads (``None``: every core) without holding the GIL; the result
    does not depend on the thread count.
    """
    return _fray.roll_batch(
        _util.text(expression, "expression"),
        _util.u64(seed, "seed"),
        _util.u64(first, "first"),
        _util.count(n, "n"),
        _util.threads(threads),
    )


class Odds:
    """The exact distribution of a dice expression: every value with its probability as a
    :class:`fractions.Fraction`. Counts are Python ints of any size (``odds("100d6")`` has
    a denominator of ``6**100``), the same numbers ``fray odds`` prints.

    >>> o = odds("3d8kh2+2")
    >>> o[18]
    Fraction(11, 256)
    """

    __slots__ = ("expression", "denominator", "_counts", "_packed", "unresolved_range")

    expression: str
    """The expression in canonical form."""
    denominator: int
    """The shared denominator of every count."""
    unresolved_range: tuple[int, int] | None
    """``(low, high)``: the values the :attr:`unresolved` mass may take (exploding dice
    followed only so deep), or ``None`` when nothing is unresolved."""

    def __init__(
        self,
        expression: str,
        denominator: int,
        counts: dict[int, int],
        unresolved_range: tuple[int, int] | None = None,
    ) -> None:
        """Odds from counts over one denominator (as :func:`odds` builds them)."""
        self.expression = expression
        self.denominator = denominator
        self._counts: dict[int, int] | None = counts
        self._packed: tuple[int, list[int] | tuple[int, bytes]] | None = None
        self.unresolved_range = unresolved_range

    @classmethod
    def _from_packed(
        cls,
        expression: str,
        denominator: int,
        least: int,
        packed: list[int] | tuple[int, bytes],
        unresolved_range: tuple[int, int] | None,
    ) -> Odds:
        """Odds from the counts as the extension passes them (every count from the least
        value on, as ints or fixed-width little-endian slots), turned into ints when first
        read: building thousands of big ints costs more than computing them."""
        odds = cls.__new__(cls)
        odds.expression = expression
        odds.denominator = denominator
        odds._counts = None
        odds._packed = (least, packed)
        odds.unresolved_range = unresolved_range
        return odds

    @property
    def counts(self) -> dict[int, int]:
        """``value -> count``: P(value) = count / denominator. Ascending by value."""
        counts = self._counts
        if counts is None:
            assert self._packed is not None
            least, packed = self._packed
            if isinstance(packed, list):
                counts = {v: c for v, c in enumerate(packed, least) if c}
            else:
                width, blob = packed
                view = memoryview(blob)
                from_bytes = int.from_bytes
                counts = {}
                for i in range(len(blob) // width):
                    c = from_bytes(view[i * width : (i + 1) * width], "little")
                    if c:
                        counts[least + i] = c
            self._counts = counts
            self._packed = None
        return counts

    def __getitem__(self, value: int) -> Fraction:
        """P(X = value)."""
        return Fraction(self.counts.get(value, 0), self.denominator)

    def __iter__(self) -> Iterator[tuple[int, Fraction]]:
        """``(value, probability)`` pairs, ascending by value."""
        for v, c in self.counts.items():
            yield v, Fraction(c, self.denominator)

    def __len__(self) -> int:
        """Number of values with non-zero probability."""
        return len(self.counts)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Odds):
            return NotImplemented
        return self.to_dict() == other.to_dict() and self.unresolved == other.unresolved

    __hash__ = None  # type: ignore[assignment]

    @property
    def values(self) -> list[int]:
        """Values with non-zero probability, ascending."""
        return list(self.counts)

    @property
    def min(self) -> int:
        """The smallest possible value."""
        return next(iter(self.counts))

    @property
    def max(self) -> int:
        """The largest possible value."""
        return next(reversed(self.counts))

    @property
    def unresolved(self) -> Fraction:
        """Probability mass not computed (exploding dice cut off deep); 0 otherwise."""
        return Fraction(self.denominator - sum(self.counts.values()), self.denominator)

    @property
    def mean(self) -> Fraction:
        """The exact mean over resolved values."""
        total = sum(self.counts.values())
        return Fraction(sum(v * c for v, c in self.counts.items()), total)

    @property
    def mean_bounds(self) -> tuple[Fraction, Fraction]:
        """Exact bounds on the mean of the whole distribution: the resolved part exactly, the
        unresolved mass at the lowest and the highest value it may take (equal when nothing
        is unresolved)."""
        resolved = sum(v * c for v, c in self.counts.items())
        if self.unresolved_range is None:
            m = Fraction(resolved, self.denominator)
            return m, m
        rest = self.denominator - sum(self.counts.values())
        low, high = self.unresolved_range
        return (
            Fraction(resolved + rest * low, self.denominator),
            Fraction(resolved + rest * high, self.denominator),
        )

    def at_least(self, value: int) -> Fraction:
        """P(X >= value)."""
        return Fraction(sum(c for v, c in self.counts.items() if v >= value), self.denominator)

    def at_most(self, value: int) -> Fraction:
        """P(X <= value)."""
        return Fraction(sum(c for v, c in self.counts.items() if v <= value), self.denominator)

    def to_dict(self) -> dict[int, Fraction]:
        """``value -> exact probability``."""
        return {v: Fraction(c, self.denominator) for v, c in self.counts.items()}

    def to_pandas(self) -> pd.DataFrame:
        """A DataFrame indexed by value: ``probability`` (float), ``fraction`` (exact),
        ``at_least`` and ``at_most`` (floats). Needs pandas."""
        import pandas as pd

        exact = self.to_dict()
        values = list(exact)
        probs = [float(p) for p in exact.values()]
        cum = np.cumsum(probs)
        frame = pd.DataFrame(
            {
                "probability": probs,
                "fraction": list(exact.values()),
                "at_least": [float(self.at_least(v)) for v in values],
                "at_most": cum,
            },
            index=pd.Index(values, name="value"),
        )
        frame.attrs["expression"] = self.expression
        return frame

    def __repr__(self) -> str:
        lines = [
            f"Odds({self.expression!r}: {len(self)} values, mean {float(self.mean):.4g}, "
            f"denominator {self.denominator})"
        ]
        items = list(self)
        shown = items if len(items) <= 24 else items[:12] + items[-12:]
        for i, (v, p) in enumerate(shown):
            if len(items) > 24 and i == 12:
                lines.append("     …")
            lines.append(f"  {v:>4}  {float(p):8.4%}  {p}")
        if self.unresolved:
            lines.append(f"  unresolved  {float(self.unresolved):.3g}")
        return "\n".join(lines)


def odds(expression: str, *, depth: int | None = None) -> Odds:
    """The exact odds of dice notation, by convolution (no sampling): the numbers
    ``fray odds`` prints. Probabilities are :class:`fractions.Fraction` of Python ints of
    any size; ``.to_pandas()`` gives a DataFrame.

    Exploding dice are followed until at most 2**-64 of the probability is unresolved, or
    at most ``depth`` extra dice per die (``fray odds --depth N``); the rest is
    :attr:`Odds.unresolved`, with :attr:`Odds.unresolved_range` and :attr:`Odds.mean_bounds`.

    Raises :class:`fray.InvalidInput` for notation that does not parse or whose exact odds
    exceed a documented work or memory limit (the message names it).
    """
    levels = None if depth is None else _util.u32(depth, "depth")
    expr, denominator, least, packed, unresolved_range = _fray.odds(
        _util.text(expression, "expression"), levels
    )
    return Odds._from_packed(
        expr, int.from_bytes(denominator, "little"), least, packed, unresolved_range
    )
