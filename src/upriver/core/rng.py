"""Seeded randomness kept inside a game's state.

A tiny SplitMix64 generator: its whole state is one integer, so a game's randomness is cloned,
saved and restored exactly and for free, and gives the same stream on every Python version
(``random.Random.shuffle`` makes no such promise).
"""

from __future__ import annotations

from typing import Final, TypeVar

# ``sum`` and ``any`` over generators, not lists: compiled (mypyc) into loops rather than calls
# of the builtins, on the paths every step takes.

_MASK: Final = (1 << 64) - 1
_T = TypeVar("_T")


class Rng:
    """A SplitMix64 stream. ``state`` is a plain int, saved with the game."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def copy(self) -> Rng:
        return Rng(self.state)  # already within 64 bits

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An integer in ``range(n)``; for the small n a game uses, the modulo bias of a 64-bit
        draw is below 1e-14."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.next64() % n

    def shuffle(self, items: list[_T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted(self, counts: list[int]) -> int:
        """An index drawn with probability proportional to ``counts`` (e.g. a pearl from a bag)."""
        total = sum(c for c in counts)
        r = self.below(total)
        for i, c in enumerate(counts):
            if r < c:
                return i
            r -= c
        raise AssertionError("unreachable: counts changed during the draw")


def derive_seed(*parts: int) -> int:
    """A seed for a separate stream (search, determinisation) that never touches the game's own."""
    rng = Rng(0x5EED)
    for p in parts:
        rng.state ^= p & _MASK
        rng.next64()
    return rng.next64()
