"""The observation encoding of The River (``the_river/encoding.py``): fixed lengths, finite and
scaled numbers, seat-relative blocks, and nothing read from outside a seat's view."""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import upriver
from tests.the_river.helpers import position, position_from
from upriver.core.game import Game
from upriver.core.registry import rules_for
from upriver.games.the_river import encoding
from upriver.games.the_river.components import load
from upriver.games.the_river.state import STAGE_NAMES

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"mixed_tile_matches": "neither", "meadow_counts_for_columns": False,
     "column_pair_requires_adjacency": True, "resource_points": "1 per resource"},
    {"round_limit": 3, "resource_points": "1 per 3 resources"},
]
MAX_STEPS = 1500  # a random game of The River takes a few hundred decisions


def segments(game: Game) -> dict[str, slice]:
    """Each named segment of the layout as a slice of the vector."""
    out: dict[str, slice] = {}
    start = 0
    for name, length in encoding.layout(game.num_players, game.options):
        out[name] = slice(start, start + length)
        start += length
    return out


def enc(game: Game, seat: int) -> list[float]:
    return encoding.encode(game.view(seat), game.num_players, game.options)


def random_steps(game: Game, seed: int, limit: int = MAX_STEPS) -> Iterator[Game]:
    """Play random legal decisions, yielding the game before each one and once at the end."""
    rng = random.Random(seed)
    for _ in range(limit):
        yield game
        if game.is_over:
            return
        game.play(rng.choice(game.legal_actions()))
    raise AssertionError(f"no end within {limit} decisions")


def find(players: int, wanted: Callable[[Game], str | None], seeds: int = 20) -> tuple[Game, str]:
    """The first position of seeded random games where ``wanted`` names a decision to try."""
    for seed in range(seeds):
        for game in random_steps(upriver.new_game("the-river", players=players, seed=seed),
                                 seed):
            if not game.is_over and (action := wanted(game)) is not None:
                return game, action
    raise AssertionError("no such decision in the random games")


def starting(prefix: str) -> Callable[[Game], str | None]:
    def pick(game: Game) -> str | None:
        return next((a for a in game.legal_actions() if a.startswith(prefix)), None)
    return pick


def test_layout_names_are_unique_and_sized_by_players() -> None:
    """Every segment has a distinct name and a positive length; one seat block per player, and
    the total grows with the player count."""
    totals = []
    for players in (2, 3, 4):
        options = upriver.new_game("the-river", players=players, seed=0).options
        lay = encoding.layout(players, options)
        names = [name for name, _ in lay]
        assert len(set(names)) == len(names)
        assert all(length > 0 for _, length in lay)
        assert sum(name.endswith(" river") for name in names) == players
        totals.append(sum(length for _, length in lay))
    assert totals == sorted(set(totals))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "scoring", "short"])
def test_random_games_keep_length_and_scale(players: int, options: dict[str, Any]) -> None:
    """In a whole random game, every seat's vector at every step has the layout's length, only
    finite numbers, 0..1 outside the points (which are never negative), exactly one step; the
    layout never changes; at the end each seat's points add up to the game's score."""
    game = upriver.new_game("the-river", players=players, seed=players, **options)
    first = encoding.layout(players, game.options)
    total = sum(length for _, length in first)
    seg = segments(game)
    points = [seg[f"{who} points"] for who in encoding.seat_names(players)]
    inside = [i for i in range(total) if not any(s.start <= i < s.stop for s in points)]
    for g in random_steps(game, seed=players * 10):
        assert encoding.layout(players, g.options) == first
        for seat in range(players):
            x = enc(g, seat)
            assert len(x) == total
            assert all(math.isfinite(v) for v in x)
            assert all(0.0 <= x[i] <= 1.0 for i in inside)
            assert all(v >= 0.0 for s in points for v in x[s])
            assert sum(x[seg["step"]]) == 1.0
    scores = game.scores()
    for seat in range(players):
        own = enc(game, seat)[seg["own points"]]
        assert sum(own[:-1]) * encoding.POINT_SCALE == pytest.approx(scores[seat])
        assert own[-1] * encoding.POINT_SCALE == pytest.approx(scores[seat])


def test_components_option_sizes_the_layout(tmp_path: Path) -> None:
    """A component file with other token values changes the "token values" segment, and the
    vectors of a game played with it follow its layout."""
    path = tmp_path / "tokens.toml"
    path.write_text("[tokens]\nvalues = [" + ", ".join(["3"] * 10 + ["0"] * 10) + "]\n"
                    "two_dots = [" + ", ".join(["1"] * 20) + "]\n")
    game = upriver.new_game("the-river", players=2, seed=1, components=str(path))
    lay = dict(encoding.layout(2, game.options))
    assert lay["token values"] == 2
    assert dict(encoding.layout(2, {"components": ""}))["token values"] > 2
    total = sum(lay.values())
    for g in random_steps(game, seed=1):
        assert len(enc(g, 0)) == total


def test_unchanged_under_determinize() -> None:
    """Resampling what nobody sees (stack and deck order, the random stream) leaves each seat's
    vector as it was, though the hidden order does change."""
    game = upriver.new_game("the-river", players=4, seed=5)
    checked = 0
    for step, g in enumerate(random_steps(game, seed=5)):
        if step % 40 or g.is_over:
            continue
        for seat in range(4):
            before = enc(g, seat)
            hidden = []
            for seed in range(4):
                twin = g.determinize(seat, seed)
                hidden.append(twin.hidden_from(seat))
                assert enc(twin, seat) == before
            assert any(h != g.hidden_from(seat) for h in hidden)
            checked += 1
        if checked >= 16:
            break
    assert checked >= 16


def test_claim_moves_the_tile_from_the_display_to_the_river() -> None:
    """Claiming a tile: the claimer's own river and the terrain display change, and the tile's
    row in "tiles" moves from the display to the claimer's river (relative seat 0 for the
    claimer, 1 for the seat before it)."""
    game, action = find(4, starting("claim "))
    seat = game.to_move
    assert seat is not None
    seg = segments(game)
    tile = action.removeprefix("claim ")
    row = encoding.tables().tile_index[tile] * (3 + 4)
    before = enc(game, seat)
    behind = (seat - 1) % 4
    before_behind = enc(game, behind)
    game.play(action)
    after = enc(game, seat)
    assert after[seg["own river"]] != before[seg["own river"]]
    assert after[seg["terrain display"]] != before[seg["terrain display"]]
    tiles = seg["tiles"].start + row
    assert before[tiles : tiles + 7] == [1.0, 0, 0, 0, 0, 0, 0]
    assert after[tiles : tiles + 7] == [0.0, 0, 0, 1, 0, 0, 0]
    after_behind = enc(game, behind)
    assert after_behind[seg["other 1 river"]] != before_behind[seg["other 1 river"]]
    assert after_behind[tiles : tiles + 7] == [0.0, 0, 0, 0, 1, 0, 0]


def test_produce_takes_the_spot_and_empties_the_island() -> None:
    """Producing wood: the wood island shrinks and the wood spot shows the producer as
    relative seat 0 in its own vector."""
    game, action = find(3, starting("produce wood"))
    seat = game.to_move
    assert seat is not None
    seg = segments(game)
    before = enc(game, seat)
    game.play(action)
    after = enc(game, seat)
    islands = seg["islands"]
    assert after[islands][0] < before[islands][0]
    assert after[islands][1:] == before[islands][1:]
    spot = encoding.tables().spot_ids.index(
        next(s for s, who in game.view(seat)["spots"].items() if who == seat
             and s.startswith("wood")))
    cells = after[seg["spots"]][spot * 4 : spot * 4 + 4]
    assert cells == [0.0, 1.0, 0.0, 0.0]
    assert before[seg["spots"]][spot * 4] == 1.0  # free before


def test_trade_shows_the_step_and_what_is_left_to_return() -> None:
    """Choosing to trade: the step becomes "trade: choose resources to return" and the
    decision segment counts the resources still to return, one fewer after each."""
    game, action = find(4, starting("trade "))
    seat = game.to_move
    assert seat is not None
    seg = segments(game)
    game.play(action)
    x = enc(game, seat)
    assert x[seg["step"]].index(1.0) == STAGE_NAMES.index("trade: choose resources to return")
    left = seg["decision"].start + 6
    assert x[left] == 1.0
    game.play(game.legal_actions()[0])
    assert enc(game, seat)[left] == pytest.approx(2 / 3)


def test_reserve_shows_the_card_with_its_reserver() -> None:
    """Reserving a card: it leaves the building display for the reserver's supplies, and its
    row in "buildings" moves from the display to "reserved by relative seat 0"."""
    game, action = find(2, starting("reserve "))
    seat = game.to_move
    assert seat is not None
    seg = segments(game)
    card = action.removeprefix("reserve ")
    row = seg["buildings"].start + encoding.tables().card_index[card] * 5
    before = enc(game, seat)
    game.play(action)
    after = enc(game, seat)
    assert before[row : row + 5] == [1.0, 0, 0, 0, 0]
    assert after[row : row + 5] == [0.0, 1, 0, 0, 0]
    assert after[seg["building display"]] != before[seg["building display"]]
    assert after[seg["own supplies"]] != before[seg["own supplies"]]


def test_seat_blocks_follow_the_observer_in_a_played_game() -> None:
    """In a played 4-player game, the k-th other seat's blocks in one seat's vector are that
    seat's own blocks in its own vector; the seats' blocks differ, so this is no accident."""
    game = upriver.new_game("the-river", players=4, seed=11)
    for step, _ in enumerate(random_steps(game, seed=11)):
        if step == 120:
            break
    seg = segments(game)
    vectors = [enc(game, seat) for seat in range(4)]
    assert vectors[0][seg["own river"]] != vectors[1][seg["own river"]]
    for seat in range(4):
        for k in range(1, 4):
            other = vectors[(seat + k) % 4]
            for part in ("river", "supplies", "points"):
                assert vectors[seat][seg[f"other {k} {part}"]] == other[seg[f"own {part}"]]


def test_seat_blocks_follow_the_observer_in_a_built_position() -> None:
    """Seat 1 of a built position holds wood, a reserved card, a tile and the wood spot: they
    show in its own blocks, in seat 0's "other 1" blocks and seat 2's "other 2" blocks, and
    not in seat 0's own."""
    game = position_from(
        {"players": 3, "building_display": ["B01", "B02", "B07", "B13"]},
        ({}, {"resources": "wood wood", "reserved": ["B31"], "river": ["T05"]}, {}),
        spots={"wood 1": 1})
    seg = segments(game)
    tab = encoding.tables()
    x0, x1, x2 = (enc(game, seat) for seat in range(3))
    card = list(tab.card_numbers["B31"])
    reserved_slot = slice(17, 17 + 5)  # after resources, warehouses, production, pioneers...
    assert x1[seg["own supplies"]][reserved_slot] == card
    assert x0[seg["other 1 supplies"]][reserved_slot] == card
    assert x2[seg["other 2 supplies"]][reserved_slot] == card
    assert x0[seg["own supplies"]][reserved_slot] == [0.0] * 5
    assert x1[seg["own supplies"]][0] > 0 and x0[seg["own supplies"]][0] == 0
    first_space = slice(0, encoding.TILE_WIDTH)
    assert x1[seg["own river"]][first_space] == list(tab.tile_numbers["T05"])
    assert x0[seg["other 1 river"]][first_space] == list(tab.tile_numbers["T05"])
    spot = tab.spot_ids.index("wood 1") * 4
    assert x1[seg["spots"]][spot : spot + 4] == [0.0, 1, 0, 0]
    assert x0[seg["spots"]][spot : spot + 4] == [0.0, 0, 1, 0]
    assert x2[seg["spots"]][spot : spot + 4] == [0.0, 0, 0, 1]


def test_reads_only_the_view() -> None:
    """Encoding a deep copy or a JSON round trip of a view gives the same vector, and the view
    is left exactly as it was."""
    game = upriver.new_game("the-river", players=4, seed=2)
    seen = 0
    for step, g in enumerate(random_steps(game, seed=2)):
        if step % 25:
            continue
        for seat in range(4):
            view = g.view(seat)
            kept = copy.deepcopy(view)
            x = encoding.encode(view, 4, g.options)
            assert view == kept
            assert encoding.encode(copy.deepcopy(view), 4, g.options) == x
            assert encoding.encode(json.loads(json.dumps(view)), 4, g.options) == x
            seen += 1
    assert seen >= 20


def test_rules_hook_and_spectator() -> None:
    """The rules object hands out this module's layout and vectors; a spectator's view, which
    has no seat, is refused."""
    game = upriver.new_game("the-river", players=3, seed=4)
    rules: Any = rules_for("the-river")
    assert rules.observation_layout(3, game.options) == encoding.layout(3, game.options)
    assert rules.encode(game.view(2), 3, game.options) == enc(game, 2)
    with pytest.raises(ValueError):
        encoding.encode(game.view(None), 3, game.options)


# --- What the table shows of a decision under way, and every pioneer where it stands ----------

PLAIN_TILES = "T14 T15 T16 T26 T27"  # tiles without meadow effects


def changed(game: Game, before: list[float], after: list[float]) -> set[str]:
    """The names of the segments where two vectors differ."""
    return {name for name, s in segments(game).items() if before[s] != after[s]}


def edited(game: Game, seat: int, edit: Callable[[dict[str, Any]], None]) -> set[str]:
    """The segments that change when ``edit`` changes one piece of the seat's real view."""
    view = game.view(seat)
    before = encoding.encode(view, game.num_players, game.options)
    view = copy.deepcopy(view)
    edit(view)
    return changed(game, before, encoding.encode(view, game.num_players, game.options))


def test_pioneers_on_the_unlimited_spots_are_encoded_by_relative_seat() -> None:
    """RV-PLACE-01: seat 1 stands at the construction site and seat 0 claims a tile (its
    pioneer goes to the terrain island); "unlimited spots" counts each seat's pioneers per spot
    (terrain, construct) / 5, the observer first."""
    game = position(f"""
players = 2
terrain_display = "{PLAIN_TILES}"
[spots]
"construct" = [1]
[[seat]]
river = ["T37"]
[[seat]]
boat = 3
""")
    assert encoding.tables().unlimited_ids == ("terrain", "construct")
    seg = segments(game)
    fifth = 1 / encoding.tables().pioneers
    assert enc(game, 0)[seg["unlimited spots"]] == [0, 0, 0, fifth]
    game.play("claim T14")
    assert enc(game, 0)[seg["unlimited spots"]] == [fifth, 0, 0, fifth]
    assert enc(game, 1)[seg["unlimited spots"]] == [0, fifth, fifth, 0]
    assert edited(game, 1, lambda v: v["unlimited_spots"].update(terrain=[2, 0])) == {
        "unlimited spots"}


def test_the_opening_player_is_encoded_by_relative_seat() -> None:
    """The opening player (who held the pawn in round 1, here seat 2) is the last p cells of
    "turn", one-hot over relative seats: 2 for seat 0, 0 for seat 2."""
    game = position_from({"players": 3, "first_player": 2})
    seg = segments(game)
    assert enc(game, 0)[seg["turn"]][-3:] == [0.0, 0.0, 1.0]
    assert enc(game, 2)[seg["turn"]][-3:] == [1.0, 0.0, 0.0]
    view = game.view(0)
    before = encoding.encode(view, 3, game.options)
    view["opening_player"] = 1
    after = encoding.encode(view, 3, game.options)
    assert changed(game, before, after) == {"turn"}
    assert after[seg["turn"]][:-3] == before[seg["turn"]][:-3]


def test_tokens_out_of_play_are_encoded_by_value() -> None:
    """RV-SETUP-10: a 2-player game leaves the tokens without 2 dots out of play (one each of
    5..1 and five 0s); "tokens out of play" counts them per value over the box's count; at 3
    players none is out."""
    game = upriver.new_game("the-river", players=2, seed=1)
    tab = encoding.tables()
    out = sorted(game.view(0)["tokens_out_of_play"])
    assert out == [0, 0, 0, 0, 0, 1, 2, 3, 4, 5]
    expected = [out.count(v) / tab.token_value_count[v] for v in tab.token_values]
    assert enc(game, 0)[segments(game)["tokens out of play"]] == pytest.approx(expected)
    three = upriver.new_game("the-river", players=3, seed=1)
    assert not any(enc(three, 0)[segments(three)["tokens out of play"]])
    assert edited(game, 0, lambda v: v["tokens_out_of_play"].append(6)) == {
        "tokens out of play"}


def test_the_space_chosen_first_in_a_swap_is_encoded() -> None:
    """RV-SWAP-01: while the second tile of a swap is chosen, "swap first" is the one-hot of
    the river space chosen first (space 2), for every seat; nothing before or after."""
    game = position_from({"players": 2, "terrain_display": PLAIN_TILES},
                         ({"river": ["T01", "T13", "T25"]},))
    seg = segments(game)
    game.play("swap two tiles")
    assert not any(enc(game, 1)[seg["swap first"]])
    game.play("swap: space 2")
    for seat in (0, 1):
        assert enc(game, seat)[seg["swap first"]] == [0.0, 1.0] + [0.0] * 10
    assert edited(game, 1, lambda v: v.update(swap_first=3)) == {"swap first"}
    game.play("swap space 2 with space 3")
    assert not any(enc(game, 1)[seg["swap first"]])


def test_the_seats_still_to_pick_a_starting_tile_are_encoded_in_order() -> None:
    """RV-PRELIM-02: "prelim order" holds, per place in the order, the one-hot of the relative
    seat still to pick; it shortens with each pick and is empty once all have picked."""
    game = upriver.new_game("the-river", players=3, seed=0)
    seg = segments(game)
    for _ in range(4):
        order = game.view(None).get("prelim_order", [])
        for seat in range(3):
            expected = [0.0] * 9
            for place, who in enumerate(order):
                expected[place * 3 + (who - seat) % 3] = 1.0
            assert enc(game, seat)[seg["prelim order"]] == expected
        if not order:
            break
        game.play(game.legal_actions()[0])
    assert not order
    game = upriver.new_game("the-river", players=3, seed=0)
    assert edited(game, 0, lambda v: v["prelim_order"].reverse()) == {"prelim order"}


def test_the_tile_covering_a_warehouse_is_encoded_while_its_resources_move() -> None:
    """RV-TERRAIN-05: claiming T14 onto space 3 covers the wood stored there; while it moves,
    "covering tile" is T14's printing (its meadow follows), for every seat; then nothing."""
    game = position_from({"players": 2, "terrain_display": PLAIN_TILES},
                         ({"river": ["T37", "T38"], "stored": {"3": "wood"}},))
    seg = segments(game)
    tile = list(encoding.tables().tile_numbers["T14"])
    assert not any(enc(game, 1)[seg["covering tile"]])
    game.play("claim T14")
    for seat in (0, 1):
        assert enc(game, seat)[seg["covering tile"]] == tile
    other = next(t for t, n in encoding.tables().tile_numbers.items() if list(n) != tile)
    assert edited(game, 1, lambda v: v.update(covering_tile=other)) == {"covering tile"}
    game.play(next(a for a in game.legal_actions() if a.startswith("store wood")))
    assert not any(enc(game, 1)[seg["covering tile"]])


def test_a_trades_food_being_stored_shows_the_turn_goes_on() -> None:
    """RV-TRADE-01: a trade's food is stored before the pioneer is placed; while it is, the
    last "decision" cell is 1; once stored the turn goes on and it is 0."""
    game = position_from({"players": 2}, ({"river": ["T37"], "stored": {
        "1": "wood", "3": "wood", "5": "clay", "8": "stone"}},))
    seg = segments(game)
    flag = seg["decision"].stop - 1
    game.play("trade 3 resources for 1 food")
    while game.legal_actions()[0].startswith("trade: return"):
        game.play(game.legal_actions()[0])
    assert game.view(0)["step"] == "store resources"
    for seat in (0, 1):
        assert enc(game, seat)[flag] == 1.0
    view = game.view(1)
    before = encoding.encode(view, 2, game.options)
    del view["turn_goes_on"]
    after = encoding.encode(view, 2, game.options)
    assert changed(game, before, after) == {"decision"} and after[flag] == 0.0
    game.play(game.legal_actions()[0])
    assert game.view(0)["step"] == "trade or place a pioneer"
    assert enc(game, 0)[flag] == 0.0


def test_a_pioneer_set_aside_is_encoded_in_its_seats_supplies() -> None:
    """RV-RULING-10: a seat with no usable spot sets a pioneer aside; the next to last cell of
    its supplies counts it / 5, in its own block and in the others' blocks for it."""
    bare = [t.id for t in load().tiles if t.warehouses == 0 and t.id != "T01"]
    game = position_from(
        {"players": 3, "terrain_display": "T01", "building_display": ["B31", "B32", "B33", "B28"]},
        ({"river": bare[:10], "reserved": ["B29", "B30"], "claims": 2, "on_board": 2},),
        spots={"first player": 1, "swap": 1})
    seg = segments(game)
    game.play("set a pioneer aside")
    fifth = 1 / encoding.tables().pioneers
    for seat, block in ((0, "own"), (1, "other 2"), (2, "other 1")):
        assert enc(game, seat)[seg[f"{block} supplies"]][-2] == pytest.approx(fifth)
    assert enc(game, 0)[seg["other 1 supplies"]][-2] == 0.0
    assert edited(game, 1, lambda v: v["players"][1].update(set_aside=1)) == {"own supplies"}


def test_framed_spaces_covered_this_round_are_encoded_in_the_seats_supplies() -> None:
    """RV-CLEAN-06: claiming a tile onto framed space 4 sets the last cell of the claimer's
    supplies to 1 / 4 (the framed spaces of a board), as every seat sees it."""
    game = position_from({"players": 2, "terrain_display": PLAIN_TILES},
                         ({"river": ["T37", "T38", "T39"]},))
    seg = segments(game)
    assert enc(game, 0)[seg["own supplies"]][-1] == 0.0
    game.play("claim T14")
    assert enc(game, 0)[seg["own supplies"]][-1] == 0.25
    assert enc(game, 1)[seg["other 1 supplies"]][-1] == 0.25
    assert edited(game, 1, lambda v: v["players"][1].update(framed_covered_this_round=2)) == {
        "own supplies"}
