"""Print a game's table of what each seat may know, as its rulings document shows it.

    .venv/bin/python scripts/knowledge_table.py twelve-rivers

Paste the rows into the game's docs/rulings/ file, section "What each seat may know", after a
change to the game's ``view.KNOWLEDGE`` (tests/conformance/test_knowledge.py checks they agree).
"""

from __future__ import annotations

import sys

from upriver.core.knowledge import table_rows
from upriver.core.registry import rules_for


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: knowledge_table.py GAME", file=sys.stderr)
        return 2
    rules = rules_for(argv[0])
    print("\n".join(table_rows(rules.knowledge())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
