"""The optional compiled build (issue 16): ``UPRIVER_COMPILE=1`` compiles the modules that bots
and random play spend their time in with mypyc; without it the package is pure Python.

    pip install mypy setuptools
    UPRIVER_COMPILE=1 pip install --no-build-isolation .

The compiled modules are the same source, so they give the same games to the bit (checked by
tests/test_compiled.py). Everything else is configured in pyproject.toml.
"""

from __future__ import annotations

import os

from setuptools import setup

GAMES = "src/upriver/games"
COMPILED = [
    *(f"{GAMES}/twelve_rivers/{m}.py" for m in (
        "state", "components", "exploration", "collection", "delivery", "supply", "taking_cards",
        "preparation", "evaluation", "scoring", "view")),
    *(f"{GAMES}/the_river/{m}.py" for m in (
        "state", "components", "cleanup", "evaluation", "scoring", "setup", "storage",
        "turns", "view")),
    *(f"{GAMES}/wayfarers/{m}.py" for m in (
        "state", "components", "caravan", "cards", "effects", "evaluation", "journal",
        "opponent", "priorities", "resolve", "scoring", "setup", "stack", "turns", "view")),
    "src/upriver/core/game.py",
    "src/upriver/core/rng.py",
    "src/upriver/core/plain_state.py",
    "src/upriver/core/margins.py",
    "src/upriver/agents/greedy.py",
    "src/upriver/agents/mcts.py",
]


def ext_modules() -> list[object]:
    if os.environ.get("UPRIVER_COMPILE") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        raise SystemExit("UPRIVER_COMPILE=1 needs mypyc in the build environment: "
                         "pip install mypy setuptools, then pip install "
                         "--no-build-isolation .") from None
    return list(mypycify(COMPILED, opt_level="3"))


setup(ext_modules=ext_modules())
