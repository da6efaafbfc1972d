"""Readable Wayfarers positions (``upriver.from_position("wayfarers", text)``).

Not written yet: a position is refused with a clear error (see docs/rulings/wayfarers.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from upriver.core.errors import BadPosition


def parse(text: str, make_config: Callable[[int, dict[str, Any]], Any]) -> tuple[Any,
                                                                                 dict[str, Any]]:
    raise BadPosition("wayfarers positions are not supported yet")
