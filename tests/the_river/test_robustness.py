"""Edge cases found in review: what evaluations may read, bad component files and
positions, the preliminary tile and framed spaces, a game that never ends."""

from __future__ import annotations

from pathlib import Path

import pytest

import upriver
from tests.the_river.helpers import new, position
from upriver.games.the_river.components import DATA

TWO_POSITIONS = """
players = 2
building_display = ["B01", "B02", "B03"]
[[seat]]
river = ["T01"]
[[seat]]
river = ["T02"]
reserved = ["{a}"]
built = ["{b}"]
tokens = [6]
"""


def test_evaluation_reads_other_seats_cards_but_not_the_stack_or_deck_order() -> None:
    """RV-RULING-16 (overridden): another seat's reserved and built cards are public, so they
    change the evaluation; the order of the stack and the deck, which nobody sees, does not."""
    cheap = position(TWO_POSITIONS.format(a="B04", b="B05"))
    dear = position(TWO_POSITIONS.format(a="B31", b="B33"))
    assert cheap.view(0) != dear.view(0)
    assert cheap.evaluate(0) > dear.evaluate(0)
    for x in range(3):
        twin = dear.determinize(0, x)
        assert twin.state.stack != dear.state.stack or twin.state.deck != dear.state.deck
        assert twin.evaluate(0) == dear.evaluate(0)


def test_preliminary_tile_on_a_framed_space_settles_no_pioneer(tmp_path: Path) -> None:
    """RV-CLEAN-06: only framed spaces covered during a round settle a pioneer; the starting
    tile is placed before the first round."""
    boards = (DATA / "boards.toml").read_text().replace("framed = [4, 6, 8, 10]",
                                                        "framed = [1, 6, 8, 10]")
    path = tmp_path / "boards.toml"
    path.write_text(boards)
    g = new(2, seed=3, components=str(path))
    while g.view(None)["round"] == 1 and not g.is_over:
        g.play(g.legal_actions()[-1])
    assert [p["settled"] for p in g.view(None)["players"]] == [0, 0]


def test_a_stalling_game_ends_at_the_round_limit() -> None:
    """RV-END-06: with a round limit, a game where nothing triggers the end still finishes
    after that round's cleanup (the limit guards against tables that stall forever)."""
    g = new(2, seed=1, round_limit=2)
    while not g.is_over:
        actions = g.legal_actions()
        quiet = [a for a in actions if a.startswith(("take the first", "swap", "trade"))]
        g.play(quiet[0] if quiet else actions[0])
    assert g.view(None)["round"] <= 2


@pytest.mark.parametrize(("old", "new_text", "message"), [
    ('colours = ["black", "blue", "green", "yellow"]', 'colours = ["black", "blue", "green"]',
     "4 player colours"),
    ("box = [12, 12, 12, 8]", "box = [1, 12, 12, 8]", "more resources than the box"),
])
def test_bad_component_files_are_refused_in_one_line(tmp_path: Path, old: str, new_text: str,
                                                     message: str) -> None:
    """RV-COMP-14: replaceable data is checked when it is loaded."""
    text = (DATA / "components.toml").read_text()
    assert old in text
    path = tmp_path / "components.toml"
    path.write_text(text.replace(old, new_text))
    with pytest.raises(upriver.BadOption, match=message):
        new(4, components=str(path))


@pytest.mark.parametrize(("text", "message"), [
    ('players = 2\n[spots]\n"wood 1" = -1', "seat must be"),
    ("players = 2\n[[seat]]\ntokens = [6, 5, 5, 4, 4, 3]", "token spots"),
])
def test_impossible_positions_are_refused(text: str, message: str) -> None:
    """RV-PLACE-02, RV-COMP-13: a position cannot seat a pioneer nowhere or hold more tokens
    than a board has spots."""
    with pytest.raises(upriver.BadPosition, match=message):
        position(text)


def test_a_position_past_an_end_trigger_is_already_triggered() -> None:
    """RV-END-01: a position where a seat already holds 5 tokens has the end triggered."""
    g = position("players = 3\n[[seat]]\ntokens = [6, 5, 4, 3, 2]")
    assert g.view(None)["end_triggered"]
