"""Project checks: CI runs the README's test command, and every checklist id is tested."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKLISTS = ROOT.parent / "shared" / "rules" / "checklists"
# checklist file -> the test folder that must cite every id in it
COVERED = {
    "twelve-rivers-000.md": "twelve_rivers",
    "twelve-rivers-001.md": "twelve_rivers_2022",
    "the-river-003.md": "the_river",
    "wayfarers-004.md": "wayfarers",
}


def _commands(text: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)\n```", text, flags=re.S)


def test_readme_opens_with_the_two_commands_and_ci_runs_the_second() -> None:
    """The README opens with exactly two commands; .ci/run runs the test command verbatim."""
    readme = (ROOT / "README.md").read_text()
    head = readme.split("## ")[0]
    commands = _commands(head)
    assert len(commands) == 2
    assert "upriver serve" in commands[0]
    assert "pytest" in commands[1]
    assert commands[1] in (ROOT / ".ci" / "run").read_text()


@pytest.mark.parametrize("checklist", sorted(COVERED))
def test_every_checklist_id_is_cited_by_a_test(checklist: str) -> None:
    """Each rule id of the game's checklist appears in a test docstring of its test folder."""
    path = CHECKLISTS / checklist
    if not path.exists():
        pytest.skip(f"{path} is not beside this checkout")
    ids = set(re.findall(r"\*\*([A-Z][A-Z0-9]*-[A-Z]+-\d+)\*\*", path.read_text()))
    assert ids
    cited: set[str] = set()
    for test_file in (ROOT / "tests" / COVERED[checklist]).glob("test_*.py"):
        for node in ast.walk(ast.parse(test_file.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                cited |= set(re.findall(r"[A-Z][A-Z0-9]*-[A-Z]+-\d+", doc))
    missing = sorted(ids - cited, key=lambda s: (s.rsplit("-", 1)[0], int(s.rsplit("-", 1)[1])))
    assert not missing, f"{len(missing)} ids untested: {', '.join(missing)}"
