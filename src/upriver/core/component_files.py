"""Reading a game's component files (TOML), with the errors a person can act on."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from upriver.core.errors import BadOption


def component_error(where: str, msg: str) -> BadOption:
    """The error for a bad value in the component data read from ``where``."""
    return BadOption(f"component data {where}: {msg}")


def load_toml(path: Path) -> dict[str, Any]:
    """One component file; an unreadable or invalid file is a one-line ``BadOption``."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except OSError as exc:
        raise BadOption(f"cannot read component file {path}: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise BadOption(f"component file {path} is not valid TOML: {exc}") from None
