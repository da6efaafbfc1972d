"""Board drawings for the web: well-formed SVG whose clickable targets are exactly legal
actions of the seat that sees it, drawn only from that seat's view."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import upriver
from tests.tiers import share
from upriver.core.registry import rules_for

SVG = "{http://www.w3.org/2000/svg}"


def targets(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [e.attrib["data-action"] for e in root.iter() if "data-action" in e.attrib]


PHASES = 10  # a game's decisions are drawn in ten shares: its 1st, 11th, 21st...; its 2nd...


@pytest.mark.tiered
@pytest.mark.long
@pytest.mark.parametrize("seed", [0, *(pytest.param(s, marks=pytest.mark.deep) for s in (1, 2))])
@pytest.mark.parametrize("game_id", upriver.games())
@pytest.mark.parametrize("players", [2, 4])
def test_every_drawn_target_is_a_legal_action_of_the_viewer(game_id: str, players: int,
                                                            seed: int) -> None:
    """Every decision of three random games, drawn for every seat and a spectator: the seat to
    move's board has targets that are legal actions only, and no other board has any. Drawing
    is the cost, so the first game's decisions are shared out in tenths (every tenth from the
    first, from the second...): the default tier draws the first tenth, the deep tier the rest
    and the other two games."""
    rules: Any = rules_for(game_id)
    drawn = 0
    phases = share(range(PHASES), default=1) if seed == 0 else range(PHASES)
    g = upriver.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        if len(g.history) % PHASES in phases:
            seat = g.to_move
            view = g.view(seat)
            svg = rules.render_svg(view)
            found = targets(svg)
            assert set(found) <= set(view["legal_actions"])
            drawn += len(found)
            for other in [None, *range(players)]:
                if other != seat:
                    assert targets(rules.render_svg(g.view(other))) == []
        g.play(rng.choice(g.legal_actions()))
    assert drawing_parts(rules.render_svg(g.view(None)))
    assert drawn > 10


def drawing_parts(svg: str) -> list[ET.Element]:
    """A board is one SVG, or a ``<div class="board">`` of SVG parts the page lays out."""
    root = ET.fromstring(svg)
    if root.tag == SVG + "svg":
        return [root]
    assert root.tag == "div" and root.attrib.get("class") == "board"
    parts = list(root)
    assert parts and all(part.tag == SVG + "svg" for part in parts)
    return parts


def test_twelve_rivers_placements_are_all_clickable() -> None:
    rules: Any = rules_for("twelve-rivers")
    g = upriver.new_game("twelve-rivers", players=4, seed=1)
    view = g.view(g.to_move)
    places = {a for a in view["legal_actions"] if a.startswith("place ")}
    assert places and places <= set(targets(rules.render_svg(view)))


def test_the_river_claims_and_islands_are_clickable() -> None:
    rules: Any = rules_for("the-river")
    g = upriver.new_game("the-river", players=3, seed=1)
    while g.view(None)["round"] == 1 and g.legal_actions()[0].startswith("take starting"):
        g.play(g.legal_actions()[0])
    view = g.view(g.to_move)
    wanted = {a for a in view["legal_actions"] if a.startswith(("claim ", "produce "))}
    assert wanted and wanted <= set(targets(rules.render_svg(view)))


def test_the_river_reserved_cards_are_drawn_for_all_and_clickable_only_by_their_owner(
) -> None:
    """RV-RULING-16 as overridden (docs/rulings/the-river.md): a reserved building was taken
    from the face-up display, so every seat and spectator sees it; only its owner can click it
    to construct it."""
    g = upriver.new_game("the-river", players=2, seed=3)
    rng = random.Random(5)
    while not any(a.startswith("construct reserved") for a in g.legal_actions()):
        assert not g.is_over
        actions = g.legal_actions()
        reserve = [a for a in actions if a.startswith("reserve ")]
        g.play(reserve[0] if reserve else rng.choice(actions))
    owner = g.to_move
    assert owner is not None
    mine = g.view(owner)["players"][owner]
    assert [c["id"] for c in mine["reserved_cards"]] == mine["reserved"]
    assert all(set(c["cost"]) == {"wood", "stone", "clay"} for c in mine["reserved_cards"])
    for viewer in (1 - owner, None):
        theirs = g.view(viewer)["players"][owner]
        assert theirs["reserved_cards"] == mine["reserved_cards"]
        drawn = upriver.render_svg("the-river", g.view(viewer))
        assert all(card in drawn for card in mine["reserved"])
        assert not any(t.startswith("construct") for t in targets(drawn))
    svg = upriver.render_svg("the-river", g.view(owner))
    construct = [a for a in g.legal_actions() if a.startswith("construct reserved")]
    assert set(construct) <= set(targets(svg))


def test_a_solo_opponent_has_its_board_colour_and_games_between_seats_have_none() -> None:
    """The page names the automated opponent in the colour its board draws it in."""
    from upriver.games.wayfarers.svg import OPPONENT_COLOUR

    solo = upriver.new_game("wayfarers", players=1, seed=1, ai_board="mayor")
    assert upriver.opponent_colour("wayfarers", solo.view(0)) == OPPONENT_COLOUR
    two = upriver.new_game("wayfarers", players=2, seed=1)
    assert upriver.opponent_colour("wayfarers", two.view(0)) is None
    for game_id in ("twelve-rivers", "the-river"):
        game = upriver.new_game(game_id, players=2, seed=1)
        assert upriver.opponent_colour(game_id, game.view(0)) is None
