"""The suite's two tiers (issue 45).

The **default tier** is what ``pytest`` runs (the README's test command): every rule, every
game, option set and player count, both databases, the browser and the compiled build, in
minutes. The **deep tier** (``pytest --deep``) runs what is exhaustive: whole-game counts,
whole games in the browser, long property runs, the soak. Nothing runs in neither:

- a test marked ``deep`` runs in the deep tier only;
- a test marked ``tiered`` runs in both, each doing its share: ``share(items, default=n)``
  gives the default tier the first ``n`` items and the deep tier the rest (so the two tiers
  together play exactly the full count, none twice), and ``count(full, default=n)`` gives a
  property test (or a load) ``n`` examples in the default tier and its full run in the deep
  tier;
- every other test runs in the default tier only.

``tests/conftest.py`` sets ``DEEP`` from the command line before any test module is imported,
and refuses a ``tiered`` test that is not marked so (its deep share would never run).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

DEEP = False  # set once by tests/conftest.py (pytest --deep)
_marked: list[bool] = [False]  # whether a test marked tiered is running (tests/conftest.py)


def share(items: Sequence[T], default: int) -> Sequence[T]:
    """This tier's part of ``items``: the first ``default`` in the default tier, the rest in the
    deep tier."""
    if not _marked[0]:
        raise RuntimeError("share() is for the body of a test marked @pytest.mark.tiered "
                           "(elsewhere its deep share would never run)")
    return items[default:] if DEEP else items[:default]


def count(full: int, default: int) -> int:
    """A property test's number of examples (or a load's size) in this tier."""
    return full if DEEP else default
