"""The terminal texts of The River (``the_river/render.py``) name the decision under way as the
table sees it (the space chosen first in a swap, the tile that covered resources, a trade's
food, the seats still to pick a starting tile) and every pioneer where it stands."""

from __future__ import annotations

import upriver
from tests.the_river.helpers import position, position_from
from upriver.games.the_river import render

PLAIN_TILES = "T14 T15 T16 T26 T27"  # tiles without meadow effects


def test_the_space_chosen_first_in_a_swap_is_named() -> None:
    """RV-SWAP-01: while the second tile is chosen, the step and the text name the first."""
    game = position_from({"players": 2, "terrain_display": PLAIN_TILES},
                         ({"river": ["T01", "T13", "T25"]},))
    game.play("swap two tiles")
    game.play("swap: space 2")
    view = game.view(1)
    assert render.step(view).endswith("(space 2 chosen first)")
    assert "swap: space 2 chosen first" in render.text(view)


def test_pioneers_on_the_unlimited_spots_are_listed_by_seat() -> None:
    """RV-PLACE-01: the full text and the short board list who stands on the terrain island
    and the construction site; a claim over framed space 4 is noted for its seat."""
    game = position(f"""
players = 2
terrain_display = "{PLAIN_TILES}"
[spots]
"construct" = [1]
[[seat]]
river = ["T37", "T38", "T39"]
[[seat]]
boat = 3
""")
    game.play("claim T14")
    view = game.view(1)
    text = render.text(view)
    assert "Pioneers on the terrain island: seat 0 x1" in text
    assert "Pioneers on the construction site: seat 1 x1" in text
    assert "claims this round 1, 1 framed space covered" in text
    board = next(s["lines"] for s in render.compact(view) if s["name"] == "board")
    assert "pioneers on the terrain island: seat 0 x1" in board


def test_the_tile_that_covered_resources_and_a_trades_food_are_named() -> None:
    """RV-TERRAIN-05, RV-TRADE-01: the step names the tile whose placing covered resources,
    and while a trade's food is stored, that the turn goes on after."""
    game = position_from({"players": 2, "terrain_display": PLAIN_TILES},
                         ({"river": ["T37", "T38"], "stored": {"3": "wood"}},))
    game.play("claim T14")
    view = game.view(1)
    assert render.step(view) == "move covered resources (covered by T14)"
    assert "T14 covered these resources; its meadow follows" in render.text(view)
    trade = position_from({"players": 2}, ({"river": ["T37"], "stored": {
        "1": "wood", "3": "wood", "5": "clay", "8": "stone"}},))
    trade.play("trade 3 resources for 1 food")
    while trade.legal_actions()[0].startswith("trade: return"):
        trade.play(trade.legal_actions()[0])
    assert render.step(trade.view(0)) == "store resources (then the turn goes on)"


def test_the_seats_still_to_pick_a_starting_tile_and_the_tokens_out_are_listed() -> None:
    """RV-PRELIM-02, RV-SETUP-10: the step names the seats picking after the one asked; the
    text lists them all, the opening player and the tokens out of play."""
    game = upriver.new_game("the-river", players=2, seed=0)
    view = game.view(0)
    first, second = view["prelim_order"]
    assert render.step(view) == f"choose a starting tile (then seat {second})"
    text = render.text(view)
    assert f"still to pick a starting tile: seat {first}, seat {second}" in text
    assert f"Opening player (round 1): seat {view['opening_player']}" in text
    assert "Bonus tokens out of play: " in text
