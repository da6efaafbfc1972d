"""The examples of docs/learning.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "learning.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)


@pytest.mark.parametrize("code", BLOCKS, ids=[f"example-{i}" for i in range(len(BLOCKS))])
def test_the_learning_docs_examples_run(code: str) -> None:
    """Each Python example of the learning page runs to its end without an error."""
    namespace: dict[str, object] = {"__name__": "__main__"}  # as a script runs it
    exec(compile(code, str(DOC), "exec"), namespace)
    assert len(namespace) > 2  # it defined what it shows (env, game, state...)
