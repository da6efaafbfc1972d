"""The per-card tables a copy shares until it writes (``State.w_*``, ``PlainState.cow_fields``):
no step of a copy ever changes the state it was copied from, nor the other way round."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import upriver
from tests.tiers import share
from upriver.games.wayfarers import state as wf_state
from upriver.games.wayfarers.state import COW

SOURCES = Path(wf_state.__file__).parent


@pytest.mark.tiered
@pytest.mark.parametrize(("players", "options"), [
    (1, {"ai_board": "mayor"}), (2, {}), (3, {}), (4, {})])
def test_every_step_of_a_copy_leaves_its_original_as_it_was(
        players: int, options: dict[str, str]) -> None:
    """At points of random games, each legal action played on its own copy (as the bots judge
    them) leaves the original and a copy made before it untouched, and the original then
    plays on without changing either copy."""
    for seed in share(range(4), default=1):
        rng = random.Random(players * 10 + seed)
        g = upriver.new_game("wayfarers", players=players, seed=seed, **options)
        while not g.is_over:
            actions = g.legal_actions()
            if rng.random() < 0.15:
                before, bystander = g.to_json(), g.clone()
                for action in actions:
                    twin = g.clone()
                    twin.play(action)
                    assert g.to_json() == before, action
                kept = g.clone()
                g.play(rng.choice(actions))
                assert bystander.to_json() == before == kept.to_json()
            else:
                g.play(rng.choice(actions))


def test_the_rules_write_a_shared_table_only_through_its_copying_writer() -> None:
    """No module of the game assigns into a table of ``COW`` directly (``st.owner[c] = s``):
    a direct write would change every state sharing the table."""
    tables = "|".join(COW)
    direct = re.compile(rf"^\s*[\w.]*\.({tables})\[.*\]\s*[-+|&^]?=(?!=)")
    found = [f"{path.name}:{n}: {line.strip()}"
             for path in sorted(SOURCES.glob("*.py"))
             for n, line in enumerate(path.read_text().splitlines(), 1)
             if direct.search(line)]
    assert found == []
