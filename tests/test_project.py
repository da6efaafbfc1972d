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


def test_readme_opens_with_the_two_commands_and_ci_runs_the_second_then_the_deep_tier() -> None:
    """The README opens with exactly two commands; .ci/run runs the test command verbatim (the
    default tier), then the deep tier the README names (tests/tiers.py)."""
    readme = (ROOT / "README.md").read_text()
    head = readme.split("## ")[0]
    commands = _commands(head)
    assert len(commands) == 2
    assert "upriver serve" in commands[0]
    assert "pytest" in commands[1] and "--deep" not in commands[1]
    ci = (ROOT / ".ci" / "run").read_text()
    deep = ".venv/bin/pytest --deep"
    assert commands[1] in ci and deep in readme
    assert ci.index(commands[1]) < ci.index(deep)


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


def _imports() -> dict[str, set[str]]:
    """Each module of the package and the package modules it imports, anywhere in it (a
    function-level import is still an import)."""
    src = ROOT / "src"
    modules = {}
    for path in (src / "upriver").rglob("*.py"):
        name = ".".join(path.relative_to(src).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                edges[name] |= {a.name for a in node.names if a.name in modules}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    edges[name].add(full if full in modules else base)
        edges[name] &= set(modules)
        edges[name].discard(name)
    return edges


def test_no_import_circle() -> None:
    """Modules import downward only: no module imports, directly or through others, a module
    that imports it."""
    edges = _imports()
    circles = []
    for start in sorted(edges):
        stack, seen = [(start, [start])], {start}
        while stack:
            node, path = stack.pop()
            for nxt in sorted(edges[node]):
                if nxt == start:
                    circles.append(" -> ".join([*path, nxt]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    assert not circles, "\n".join(circles[:10])
