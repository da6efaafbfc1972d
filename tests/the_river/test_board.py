"""The River's SVG board: every decision of the seat to move is a target on it and nobody
else's drawing has one; pieces carry stable names and states, explain themselves, and names are
drawn safely (upriver.core.drawing's contract)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import upriver
from tests.the_river.helpers import play, position
from upriver.core import drawing
from upriver.core.game import Game
from upriver.games.the_river import svg
from upriver.games.the_river.components import DATA

NS = "{http://www.w3.org/2000/svg}"


def targets(drawn: str) -> list[str]:
    root = ET.fromstring(drawn)
    return [e.attrib["data-action"] for e in root.iter() if "data-action" in e.attrib]


def pieces(drawn: str) -> dict[str, str]:
    """Each piece's state; a name appears once."""
    root = ET.fromstring(drawn)
    found = [(e.attrib["data-piece"], e.attrib["data-state"]) for e in root.iter()
             if "data-piece" in e.attrib]
    names = [n for n, _ in found]
    assert len(names) == len(set(names)), "a piece name appears twice"
    return dict(found)


def assert_all_drawn(game: Game) -> None:
    """Every legal action of the seat to move but the passes is a target of its drawing, and
    every target is one of them; no other seat's or spectator's drawing has a target."""
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    legal = set(view["legal_actions"])
    drawn = svg.render(view)
    wanted = legal - svg.PASSES
    assert drawing.drawn_actions(drawn, wanted) == wanted, sorted(
        wanted - drawing.drawn_actions(drawn, wanted))
    assert set(targets(drawn)) <= legal
    for outer in ET.fromstring(drawn).iter():
        if "data-action" in outer.attrib:  # a click means one decision: no target in another
            assert not any("data-action" in e.attrib for e in outer.iter() if e is not outer)
    for other in [None, *range(game.num_players)]:
        if other != seat:
            assert 'class="target"' not in svg.render(game.view(other))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_every_decision_of_the_seat_to_move_is_on_its_board_and_only_there(
        players: int, seed: int) -> None:
    game = upriver.new_game("the-river", players=players, seed=seed)
    rng = random.Random(seed)
    steps: set[str] = set()
    while not game.is_over:
        assert_all_drawn(game)
        steps.add(game.view(None)["step"])
        game.play(rng.choice(game.legal_actions()))
    assert ET.fromstring(svg.render(game.view(None))).tag == NS + "svg"
    assert {"trade or place a pioneer", "store resources", "pay for the building"} <= steps


def test_the_passes_are_empty() -> None:
    assert frozenset() == svg.PASSES
    assert upriver.button_only("the-river") == frozenset()


def test_taking_from_an_empty_food_island_is_drawn_on_it() -> None:
    """RV-PRODUCE-12: the food island's chips offer wood, stone and clay when it is empty."""
    game = position("""
players = 2
[[seat]]
river = ["T37"]
[[seat]]
river = ["T43"]
resources = "food food food food"
""")
    assert {"take wood from the food island", "take stone from the food island"} <= set(
        game.legal_actions())
    assert_all_drawn(game)


def test_setting_a_pioneer_aside_is_drawn_on_the_boat() -> None:
    game = position("""
players = 3
terrain_display = "T01"
building_display = ["B31", "B32", "B33", "B28"]
[spots]
"first player" = 1
"swap" = 1
[[seat]]
river = ["T13", "T57", "T58", "T59", "T60", "T61", "T62", "T63", "T64", "T65"]
reserved = ["B29", "B30"]
claims = 2
on_board = 2
[[seat]]
on_board = 2
[[seat]]
boat = 1
on_board = 3
""")
    assert game.legal_actions() == ["set a pioneer aside"]
    assert_all_drawn(game)
    root = ET.fromstring(svg.render(game.view(0)))
    boat = next(e for e in root.iter() if e.attrib.get("data-piece") == "boat:0")
    assert boat.attrib["data-action"] == "set a pioneer aside"


def piece_of(drawn: str, action: str) -> str:
    """The piece that is the target of ``action`` (it must be one)."""
    root = ET.fromstring(drawn)
    found = [e.attrib.get("data-piece", "") for e in root.iter()
             if e.attrib.get("data-action") == action]
    assert len(found) == 1 and found[0], (action, found)
    return found[0]


def test_losing_covered_resources_is_clicked_on_the_resources_waiting(tmp_path: Path) -> None:
    """RV-TERRAIN-06: the covered resources that do not fit wait in the top band, one piece
    per kind, and the one to lose is clicked there."""
    boards = (DATA / "boards.toml").read_text().replace(
        '["wood"], ["warehouse"], ["stone"]', '["wood"], ["warehouse", "warehouse"], ["stone"]')
    path = tmp_path / "boards.toml"
    path.write_text(boards)
    game = position(f"""
players = 2
terrain_display = "T05 T06"
[options]
components = "{path}"
[[seat]]
river = ["T01", "T02"]
stored = {{ "3" = "wood clay", "5" = "stone", "8" = "stone", "10" = "food" }}
""")
    play(game, "claim T05")
    assert sorted(game.legal_actions()) == ["lose covered clay", "lose covered wood"]
    assert_all_drawn(game)
    mine = svg.render(game.view(0))
    assert piece_of(mine, "lose covered clay") == "waiting:clay"
    assert piece_of(mine, "lose covered wood") == "waiting:wood"
    drawn = svg.render(game.view(1))
    assert "Off covered warehouses" in drawn  # everyone sees what waits
    assert "waiting:clay" in pieces(drawn)


def test_forfeiting_a_new_resource_is_clicked_on_it_where_it_waits() -> None:
    """RV-PRODUCE-07: with every warehouse full, a new resource is forfeited by clicking it in
    the band where the new resources wait to be stored."""
    game = upriver.new_game("the-river", players=2, seed=0)
    rng = random.Random(0)
    while not any(a.startswith("forfeit ") for a in game.legal_actions()):
        game.play(rng.choice(game.legal_actions()))
    drawn = svg.render(game.view(game.to_move))
    for action in game.legal_actions():
        if action.startswith("forfeit "):
            assert piece_of(drawn, action) == f"waiting:{action.split()[1]}"


def test_a_reserved_card_s_waiver_is_on_its_cost_and_a_meadow_s_on_the_meadow() -> None:
    """RV-BUILD-03, RV-RULING-05: the reserved card being paid for waives one resource of its cost
    (clicked on that cost symbol of the card) and a kept meadow discount one more (clicked
    on the discount meadow of the river, one drawn resource per kind it may waive)."""
    game = position("""
players = 2
[[seat]]
river = ["T40", "T63"]
reserved = ["B07"]
discounts = 1
stored = { "1" = "stone" }
""")
    play(game, "construct reserved B07")  # 2 wood 1 stone: stone paid, wood waived
    legal = set(game.legal_actions())
    assert {"waive wood (reserved card)", "waive wood (meadow)"} <= legal
    drawn = svg.render(game.view(0))
    assert piece_of(drawn, "waive wood (reserved card)") == "reserved:0:0:waive-wood"
    assert piece_of(drawn, "waive wood (meadow)") == "meadow:0:2:wood"
    assert_all_drawn(game)
    play(game, "waive wood (meadow)")
    drawn = svg.render(game.view(0))
    assert not any(n.startswith("meadow:") for n in pieces(drawn))


def test_a_meadow_waiver_without_its_meadow_is_clicked_on_what_is_still_to_pay() -> None:
    """A position may keep a discount with no discount meadow on the river: the waiver is
    then on the resource still to pay."""
    game = position("""
players = 2
[[seat]]
river = ["T40"]
reserved = ["B07"]
discounts = 1
stored = { "1" = "stone" }
""")
    play(game, "construct reserved B07")
    waivers = [a for a in game.legal_actions() if a.endswith("(meadow)")]
    assert waivers
    drawn = svg.render(game.view(0))
    for waiver in waivers:
        assert piece_of(drawn, waiver) == f"to-pay:{waiver.split()[1]}"
    assert_all_drawn(game)


@pytest.mark.parametrize("players", [2, 4])
def test_every_decision_is_clicked_on_a_drawn_piece(players: int) -> None:
    """No text chips: every target is a piece of the table (it carries ``data-piece``) and
    piece names are unique, at every decision of random games."""
    for seed in range(2):
        game = upriver.new_game("the-river", players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            drawn = svg.render(game.view(game.to_move))
            names = pieces(drawn)
            for action in game.legal_actions():
                assert piece_of(drawn, action) in names
            game.play(rng.choice(game.legal_actions()))


def test_a_stored_resource_is_the_target_for_paying_and_trading_it() -> None:
    """The stored disc on its space is the natural place: ``pay stone from space 5`` is on the
    stone stored on space 5."""
    game = position("""
players = 2
building_display = ["B03", "B02", "B01"]
[[seat]]
river = ["T40", "T02"]
stored = { "1" = "stone", "5" = "stone", "3" = "clay" }
""")
    play(game, "construct B03")  # 1 stone 1 clay
    view = game.view(0)
    assert {"pay stone", "pay stone from space 5"} <= set(view["legal_actions"])
    root = ET.fromstring(svg.render(view))
    space5 = [e for e in root.iter() if e.attrib.get("data-action") == "pay stone from space 5"]
    assert space5 and all(e.find(NS + "title") is not None for e in space5)
    assert_all_drawn(game)


def spaces_of(drawn: str, action: str) -> set[str]:
    """The river pieces (``river:seat:space``) holding a target of ``action``."""
    root = ET.fromstring(drawn)
    parent = {child: node for node in root.iter() for child in node}
    found = set()
    for e in root.iter():
        if e.attrib.get("data-action") == action:
            node: ET.Element | None = e
            while node is not None and not node.attrib.get("data-piece", "").startswith(
                    "river:"):
                node = parent.get(node)
            if node is not None:
                found.add(node.attrib["data-piece"])
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_a_clicked_warehouse_or_stored_resource_is_the_one_that_changes(players: int) -> None:
    """Storing "on a tile" goes to the first tile with room and taking "from a tile" takes
    from the last one holding that kind: only those warehouses are targets, so the space
    clicked is the space whose state changes."""
    checked = 0
    for seed in range(3):
        game = upriver.new_game("the-river", players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move
            action = rng.choice(game.legal_actions())
            if action.startswith(("store ", "pay ", "trade: return", "return stored")):
                drawn = svg.render(game.view(seat))
                where = spaces_of(drawn, action)
                before = pieces(drawn)
                game.play(action)
                after = pieces(svg.render(game.view(seat)))
                assert len(where) == 1, (action, where)
                changed = {n for n in before if n.startswith(f"river:{seat}:")
                           and before[n] != after[n]}
                assert where <= changed, (action, where, changed)
                checked += 1
            else:
                game.play(action)
    assert checked > 20


def test_a_card_both_constructible_and_reservable_has_two_targets() -> None:
    game = position("""
players = 2
building_display = ["B01", "B02", "B03"]
[[seat]]
resources = "wood stone"
""")
    legal = set(game.legal_actions())
    assert {"construct B01", "reserve B01"} <= legal
    found = targets(svg.render(game.view(0)))
    assert found.count("construct B01") == 1 and found.count("reserve B01") == 1


def test_names_are_isolated_and_cut() -> None:
    game = upriver.new_game("the-river", players=3, seed=2)
    long = "Bartholomew the Magnificent Explorer of Rivers"
    names = ["\u202eevil", long, "Ann"]
    drawn = svg.render(game.view(0), names)
    assert drawing.FSI + "\u202eevil" + drawing.PDI in drawn
    assert long not in drawn
    assert drawing.FSI + long[:15] in drawn and "\u2026" + drawing.PDI in drawn
    # the right-to-left override never escapes its isolate
    for text in re.findall("\u202e[^\u2069]*", drawn):
        assert "<" not in text
    assert "Seat 0" in svg.render(game.view(0))  # no names: "Seat N"


def test_pieces_carry_names_and_states_that_change_with_them() -> None:
    game = upriver.new_game("the-river", players=3, seed=4)
    while game.view(None)["step"] == "choose a starting tile":
        game.play(game.legal_actions()[0])
    seat = game.to_move
    assert seat is not None
    before = pieces(svg.render(game.view(None)))
    for name in ("island:wood", "island:food", f"river:{seat}:2", f"boat:{seat}",
                 f"tokens:{seat}", f"reserved:{seat}", "tokens:left", "building:0"):
        assert name in before, name
    tile = next(a for a in game.legal_actions() if a.startswith("claim "))
    play(game, tile)
    after = pieces(svg.render(game.view(None)))
    tile_id = tile.split()[1]
    assert f"display:{tile_id}" in before and f"display:{tile_id}" not in after
    assert before[f"river:{seat}:2"] != after[f"river:{seat}:2"]
    assert tile_id in after[f"river:{seat}:2"]
    assert before[f"boat:{seat}"] != after[f"boat:{seat}"]
    assert before["spot:first player"] == after["spot:first player"]
    # producing changes the island and the producer's stored resources
    while not any(a.startswith("produce ") for a in game.legal_actions()):
        game.play(game.legal_actions()[-1])
    mover = game.to_move
    before = pieces(svg.render(game.view(None)))
    kind = next(a for a in game.legal_actions() if a.startswith("produce ")).split()[1]
    play(game, f"produce {kind}")
    after = pieces(svg.render(game.view(None)))
    assert before[f"island:{kind}"] != after[f"island:{kind}"]
    assert before[f"spot:{kind} 1"] != after[f"spot:{kind} 1"]
    if game.view(None)["step"] != "store resources":
        assert before[f"resources:{mover}"] != after[f"resources:{mover}"]


def titled(drawn: str, prefix: str) -> list[bool]:
    root = ET.fromstring(drawn)
    return [e.find(NS + "title") is not None for e in root.iter()
            if e.attrib.get("data-piece", "").startswith(prefix)]


def mid_game(players: int = 4, seed: int = 3, decisions: int = 120) -> Game:
    game = upriver.new_game("the-river", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_actions()))
    return game


def test_tiles_buildings_tokens_islands_and_pioneers_explain_themselves() -> None:
    game = mid_game()
    drawn = svg.render(game.view(0))
    for prefix in ("display:", "river:", "building:", "reserved:0:", "tokens:", "island:",
                   "boat:"):
        found = titled(drawn, prefix)
        assert found and all(found), prefix
    root = ET.fromstring(drawn)
    texts = [t.text or "" for t in root.iter(NS + "title")]
    assert any(re.search(r"^Building B\d+: \d+ VP; costs ", t) for t in texts)
    assert any("warehouse" in t and "produces" in t for t in texts)  # a tile
    assert any(t.startswith("Wood island: ") for t in texts)
    assert any(t.startswith("pioneer of ") or ": pioneer of " in t for t in texts)


def test_resources_and_terrains_have_shapes_and_letters_and_a_legend() -> None:
    drawn = svg.render(mid_game().view(None))
    root = ET.fromstring(drawn)
    legend = [e for e in root.iter(NS + "g") if e.attrib.get("class") == "legend"]
    assert len(legend) == 1
    words = " ".join(t.text or "" for t in legend[0].iter(NS + "text"))
    for word in ("wood", "stone", "clay", "food", "warehouse", "pioneer", "first player",
                 "desert", "badlands", "forest", "meadow", "mountains"):
        assert word in words
    symbols = {e.attrib["id"] for e in root.iter(NS + "symbol")}
    assert {"rv-wood", "rv-stone", "rv-clay", "rv-food", "rv-house"} <= symbols
    # no letter codes for symbols any more: every resource is drawn by its shape
    assert ">W S<" not in drawn and ">H H<" not in drawn
    codes = {t.text for t in root.iter(NS + "text")}
    assert codes & {"Fo", "Mo", "De", "Ba", "Me"}


def test_panels_mark_the_viewer_the_first_player_and_whose_turn_it_is() -> None:
    game = mid_game(players=4)
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    root = ET.fromstring(svg.render(view, ["A", "B", "C", "D"]))
    panels = [e for e in root.iter(NS + "g") if "player" in e.attrib.get("class", "").split()]
    assert len(panels) == 4
    classes = [e.attrib["class"].split() for e in panels]
    assert classes[0].count("you") == 1 and sum("you" in c for c in classes) == 1
    assert sum("to-move" in c for c in classes) == 1
    first = view["first_player"]
    pawns = {e.attrib["data-piece"]: e.attrib["data-state"] for e in root.iter()
             if e.attrib.get("data-piece", "").startswith("pawn:")}
    assert pawns[f"pawn:{first}"] == "first"
    assert list(pawns.values()).count("first") == 1


def test_the_board_fits_a_narrow_screen() -> None:
    """A compact viewBox, no text under 9 units, every box inside the width (4 players)."""
    game = mid_game(players=4)
    drawn = svg.render(game.view(game.to_move), ["x" * 40] * 4)
    root = ET.fromstring(drawn)
    width = float(root.attrib["viewBox"].split()[2])
    assert width <= 600
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', drawn)]
    assert sizes and min(sizes) >= 9
    for rect in root.iter(NS + "rect"):
        x = float(rect.attrib.get("x", 0))
        assert x >= 0 and x + float(rect.attrib.get("width", 0)) <= width + 0.5


def test_the_svg_parses_at_every_step() -> None:
    game = mid_game(players=3, decisions=0)
    rng = random.Random(9)
    seen: set[str] = set()
    while not game.is_over:
        view = game.view(game.to_move)
        if view["step"] not in seen:
            seen.add(view["step"])
            assert ET.fromstring(svg.render(view)).tag == NS + "svg"
        game.play(rng.choice(game.legal_actions()))
    assert ET.fromstring(svg.render(game.view(None))).tag == NS + "svg"
    assert len(seen) >= 6


def test_the_building_being_paid_is_marked_when_the_view_names_it() -> None:
    """When the view says what is being paid (``paying``), the card and the cost left show."""
    game = position("""
players = 2
building_display = ["B03", "B02", "B01"]
[[seat]]
river = ["T40"]
stored = { "1" = "stone clay" }
""")
    play(game, "construct B03")
    view: dict[str, Any] = game.view(0)
    view["paying"] = {"building": "B03", "left": {"wood": 0, "stone": 1, "clay": 1}}
    drawn = svg.render(view)
    assert ">paying<" in drawn and "Still to pay" in drawn
    assert ET.fromstring(drawn).tag == NS + "svg"
