"""Text rendering of a 12 Rivers view (placeholder; replaced by the CLI work)."""

from __future__ import annotations

from typing import Any


def text(view: dict[str, Any]) -> str:
    return f"round {view['round']} - {view['step']}"
