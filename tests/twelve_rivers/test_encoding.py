"""The observation encoding of 12 Rivers (``twelve_rivers/encoding.py``): a seat's view as a
fixed-length, seat-relative list of numbers for the learning surfaces.

Games here are seeded random playouts (every loop is bounded by ``MAX_STEPS``), so the file
stays well under a minute.
"""

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
from tests.twelve_rivers.helpers import SUPPLIES_TURN, play, position
from upriver.core.game import Game
from upriver.core.registry import rules_for
from upriver.games.twelve_rivers import encoding
from upriver.games.twelve_rivers.components import DATA, load
from upriver.games.twelve_rivers.state import STAGE_NAMES

GAME = "twelve-rivers"
MAX_STEPS = 600  # a random game takes about 200-250 decisions
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"allow_inactive_stretches": True, "stack_extra_pearl_effects": False,
     "extra_pearl_may_swap": False, "per_fairy_tie_rule": True},
    {"edition": "2022"},
    {"edition": "2022", "family": True, "lake_first": False, "villager_offer": "refill",
     "village_cards": "right", "stack_river_fairies": True},
]
# Blocks every seat has (the own block also has "hand").
SEAT_FIELDS = ("hand_size", "known_cards", "drawn_from_pile", "older_hidden_cards", "fairies",
               "fairies_used", "fairies_taken", "alpaca", "alpaca_cards", "markers", "track",
               "starting_place", "markaya", "markaya_pearls", "rainbow_spots", "tribe", "score")
ONE_HOT = ("round", "phase", "step")
UNBOUNDED = ("score", "alpaca")  # no maximum; an alpaca over capacity in the 2022 lake step


def segments(game: Game) -> dict[str, tuple[int, int]]:
    """Segment name -> (start, end) in the game's layout."""
    out: dict[str, tuple[int, int]] = {}
    start = 0
    for name, length in encoding.layout(game.num_players, game.options):
        out[name] = (start, start + length)
        start += length
    return out


def encode(game: Game, seat: int) -> list[float]:
    return encoding.encode(game.view(seat), game.num_players, game.options)


def part(game: Game, vector: list[float], name: str) -> list[float]:
    a, b = segments(game)[name]
    return vector[a:b]


def random_game(players: int, seed: int, options: dict[str, Any]) -> Game:
    return upriver.new_game(GAME, players=players, seed=seed, **options)


def playout(game: Game, rng: random.Random) -> Iterator[None]:
    """Yield before each decision of a random playout, then play a random legal action."""
    for _ in range(MAX_STEPS):
        if game.is_over:
            return
        yield
        game.play(rng.choice(game.legal_actions()))
    raise AssertionError(f"a random game did not end within {MAX_STEPS} decisions")


def play_until(game: Game, rng: random.Random, wanted: Callable[[Game], bool]) -> None:
    """Random decisions until ``wanted(game)`` (or fail after ``MAX_STEPS``)."""
    for _ in range(MAX_STEPS):
        if wanted(game):
            return
        assert not game.is_over, "the game ended before the wanted decision came up"
        game.play(rng.choice(game.legal_actions()))
    raise AssertionError("the wanted decision never came up")


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_view_fits_the_layout(players: int, options: dict[str, Any]) -> None:
    """In a whole random game, every seat's encoding has the layout's length, holds finite
    numbers in 0..1 (scores and alpacas aside, which are only non-negative), has exactly one
    1 in each one-hot block (round, phase, step), names the seat to move relative to the
    viewer, and the layout stays the same from the first decision to the end."""
    game = random_game(players, 11 * players + len(options), options)
    first = encoding.layout(players, game.options)
    size = sum(n for _, n in first)
    spans = segments(game)
    names = [name for name, n in first for _ in range(n)]
    steps = 0
    for _ in playout(game, random.Random(players)):
        steps += 1
        mover = game.to_move
        assert mover is not None
        for seat in range(players):
            vector = encode(game, seat)
            assert len(vector) == size
            for name, x in zip(names, vector, strict=True):
                assert math.isfinite(x) and x >= 0.0, name
                if not name.endswith(UNBOUNDED):
                    assert x <= 1.0, name
            for name in ONE_HOT:
                assert sum(part(game, vector, name)) == 1.0, name
            to_move = part(game, vector, "to_move")
            assert to_move.index(1.0) == (mover - seat) % players and sum(to_move) == 1.0
        assert encoding.layout(players, game.options) == first
    assert steps > 50
    a, b = spans["to_move"]
    assert sum(encode(game, 0)[a:b]) == 0.0  # game over: no one to move
    assert encoding.layout(players, game.options) == first


def test_layout_names_each_segment_once_and_matches_the_rules_object() -> None:
    """Segment names are unique with positive lengths; the own block comes first and has the
    hand, the other seats follow in seat order without one; the rules object hands out the
    same layout and encoding; the lengths grow with the player count."""
    rules: Any = rules_for(GAME)
    sizes = []
    for players in (2, 3, 4):
        for options in OPTION_SETS:
            game = random_game(players, 1, options)
            lay = encoding.layout(players, game.options)
            names = [name for name, _ in lay]
            assert len(set(names)) == len(names)
            assert all(n > 0 for _, n in lay)
            assert names[0] == "own.hand"
            seats = [n.split(".")[0] for n in names if "." in n]
            assert list(dict.fromkeys(seats)) == ["own"] + [f"other{k}" for k in
                                                            range(1, players)]
            assert not any(n.startswith("other") and n.endswith(".hand") for n in names)
            assert rules.observation_layout(players, game.options) == lay
            assert rules.encode(game.view(1), players, game.options) == encode(game, 1)
            if options == {}:
                sizes.append(sum(n for _, n in lay))
    assert sizes[0] < sizes[1] < sizes[2]


def test_a_corrected_component_file_sizes_the_layout(tmp_path: Path) -> None:
    """The fixed sizes come from the component tables the game uses: a file with a longer
    turn-order track gives longer track segments, and its views fit them."""
    text = (DATA / "components.toml").read_text().replace("track_spaces = 12",
                                                          "track_spaces = 15")
    path = tmp_path / "components.toml"
    path.write_text(text)
    game = random_game(2, 3, {"components": str(path)})
    lay = dict(encoding.layout(2, game.options))
    assert lay["own.track"] == 15 and lay["other1.track"] == 15
    assert dict(encoding.layout(2, {}))["own.track"] == 12
    size = sum(lay.values())
    for step, _ in enumerate(playout(game, random.Random(3))):
        if step % 10 == 0:
            assert len(encode(game, 0)) == size


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {}), (4, {"edition": "2022"}),
                                                  (2, {"edition": "2022", "family": True})])
def test_determinising_leaves_a_seats_encoding_unchanged(players: int,
                                                          options: dict[str, Any]) -> None:
    """What a seat cannot see is resampled by ``determinize`` for several seeds, and that
    seat's encoding stays the same, at many points of a game including the simultaneous
    delivery step; the resampling really moved hidden things, so the check is not empty."""
    game = random_game(players, 5, options)
    checked = changed = 0
    delivering = False
    for step, _ in enumerate(playout(game, random.Random(7))):
        if step % 4:
            continue
        delivering |= game.view(None)["step"] == "deliver to Markaya"
        for seat in range(players):
            vector = encode(game, seat)
            for seed in range(3):
                twin = game.determinize(seat, seed)
                assert encode(twin, seat) == vector
                checked += 1
                changed += twin.hidden_from(seat) != game.hidden_from(seat)
    assert delivering and checked > 100 and changed > checked // 2


def test_placing_a_marker_shows_on_the_board_and_asks_for_payment() -> None:
    """Placing on a row-1 space (pay 3): the placer's own marker segment and every other seat's
    view of that seat change, the step becomes the payment and the cost left is shown."""
    game = random_game(4, 2, {})
    mover = game.to_move
    assert mover is not None
    before = [encode(game, s) for s in range(4)]
    game.play("place R1-01 space 1")
    after = [encode(game, s) for s in range(4)]
    space = load().space_names.index("R1-01 space 1")
    for seat in range(4):
        rel = (mover - seat) % 4
        block = "own" if rel == 0 else f"other{rel}"
        assert part(game, before[seat], f"{block}.markers")[space] == 0.0
        assert part(game, after[seat], f"{block}.markers")[space] == 1.0
        assert part(game, after[seat], "step") != part(game, before[seat], "step")
        assert part(game, after[seat], "cost_left")[0] > 0.0
        assert part(game, before[seat], "cost_left")[0] == 0.0


def test_taking_a_display_card_shows_in_the_hand_and_to_the_others() -> None:
    """A card taken from the display: the taker's own hand segment changes; the others see the
    taker's known cards and hand size change, and never its hand."""
    game = random_game(3, 4, {})
    rng = random.Random(4)
    play_until(game, rng, lambda g: any(a.endswith(" from display") for a in g.legal_actions()))
    mover = game.to_move
    assert mover is not None
    before = [encode(game, s) for s in range(3)]
    game.play(next(a for a in game.legal_actions() if a.endswith(" from display")))
    after = [encode(game, s) for s in range(3)]
    assert part(game, after[mover], "own.hand") != part(game, before[mover], "own.hand")
    for seat in range(3):
        if seat == mover:
            continue
        block = f"other{(mover - seat) % 3}"
        for name in ("known_cards", "hand_size"):
            assert (part(game, after[seat], f"{block}.{name}")
                    != part(game, before[seat], f"{block}.{name}")), name


def test_taking_a_river_pearl_moves_it_to_the_alpaca() -> None:
    """A pearl taken at a river marker: the taker's alpaca segment gains it and the pools
    segment changes."""
    game = random_game(2, 6, {})
    rng = random.Random(6)
    play_until(game, rng, lambda g: g.view(None)["step"] == "collect pearls from the river"
               and any(a.startswith("take ") for a in g.legal_actions()))
    seat = game.to_move
    assert seat is not None
    before = encode(game, seat)
    game.play(next(a for a in game.legal_actions() if a.startswith("take ")))
    after = encode(game, seat)
    assert sum(part(game, after, "own.alpaca")) > sum(part(game, before, "own.alpaca"))
    assert part(game, after, "pools") != part(game, before, "pools")


@pytest.mark.parametrize("options", [{}, {"edition": "2022"}])
def test_befriending_a_tile_moves_it_from_the_display_to_the_seat(
        options: dict[str, Any]) -> None:
    """Befriending a Markaya (2022: villager) tile: it leaves the display segment and appears
    in the seat's own tile segment at the same place."""
    game = random_game(2, 8, options)
    rng = random.Random(8)
    play_until(game, rng, lambda g: any(a.startswith("befriend ") and a != "befriend no one"
                                        for a in g.legal_actions()))
    seat = game.to_move
    assert seat is not None
    action = next(a for a in game.legal_actions()
                  if a.startswith("befriend ") and a != "befriend no one")
    tile = [t.id for t in load("", game.options["edition"]).tiles].index(
        action.removeprefix("befriend "))
    before = encode(game, seat)
    game.play(action)
    after = encode(game, seat)
    assert part(game, before, "markaya_display")[tile] == 1.0
    assert part(game, after, "markaya_display")[tile] == 0.0
    assert part(game, before, "own.markaya")[tile] == 0.0
    assert part(game, after, "own.markaya")[tile] == 1.0


SEAT_1_RICH = """
    players = 3
    sea = "white"
    markaya_display = "M01 M02 M03 M04 M05 M06"
    [spaces]
    "R2-1P space 1" = 1
    "village 2" = 2
    [[seat]]
    hand = "banner"
    [[seat]]
    hand = "lantern lantern"
    fairies = "fire water"
    alpaca = "green pink pink"
    markaya = ["M07: blue - pink"]
    alpaca_cards = "white"
    [[seat]]
    alpaca = "blue"
"""


def test_what_seat_1_owns_is_its_own_block_and_seat_0s_first_other_block() -> None:
    """Seat-relative: in a built position, seat 1's fairies, alpaca, tile with its pearls,
    alpaca card and marker fill seat 1's own segments and the same numbers fill seat 0's
    ``other1`` (and seat 2's ``other2``) segments; seat 1's hand shows only to seat 1."""
    game = position(SEAT_1_RICH)
    mine, zero, two = encode(game, 1), encode(game, 0), encode(game, 2)
    for field in ("fairies", "alpaca", "alpaca_cards", "markers", "markaya", "markaya_pearls",
                  "hand_size", "track"):
        own = part(game, mine, f"own.{field}")
        assert any(own), field
        assert part(game, zero, f"other1.{field}") == own, field
        assert part(game, two, f"other2.{field}") == own, field
        assert part(game, zero, f"own.{field}") != own, field
    space = load().space_names.index("R2-1P space 1")
    assert part(game, zero, "other1.markers")[space] == 1.0
    assert part(game, zero, "own.markers")[space] == 0.0
    comp = load()
    base = comp.spot_offset[comp.tile_index["M07"]]
    pearls = part(game, zero, "other1.markaya_pearls")
    assert pearls[5 * base : 5 * base + 15] == [0, 1, 0, 0, 0] + [0] * 5 + [0, 0, 1, 0, 0]
    cap = comp.alpaca_capacity
    assert part(game, zero, "other1.alpaca") == pytest.approx([1 / cap, 0, 2 / cap, 0, 0])
    fire, water = comp.fairy_counts[0], comp.fairy_counts[4]
    assert part(game, zero, "other1.fairies") == pytest.approx([1 / fire, 0, 0, 0, 1 / water])
    lanterns = comp.card_counts[1]
    assert part(game, mine, "own.hand") == pytest.approx([0, 2 / lanterns, 0, 0, 0])
    assert part(game, zero, "own.hand")[1] == 0.0


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, {"edition": "2022"})])
def test_each_seats_public_block_reads_the_same_from_every_seat(
        players: int, options: dict[str, Any]) -> None:
    """In played positions, the block seat s fills in its own encoding equals the block k
    places after the viewer in every other seat's encoding (hand aside), whenever every seat's
    view shows seat s alike (mid-delivery they may not)."""
    game = random_game(players, 9, options)
    compared = 0
    for step, _ in enumerate(playout(game, random.Random(9))):
        if step % 5:
            continue
        views = [game.view(s) for s in range(players)]
        spans = segments(game)
        vectors = [encoding.encode(v, players, game.options) for v in views]
        for s in range(players):
            public = [{k: e for k, e in v["players"][s].items() if k != "hand"} for v in views]
            if any(p != public[0] for p in public):
                continue
            for viewer in range(players):
                rel = (s - viewer) % players
                block = "own" if rel == 0 else f"other{rel}"
                for field in SEAT_FIELDS:
                    if f"own.{field}" not in spans:
                        continue
                    a, b = spans[f"own.{field}"]
                    c, d = spans[f"{block}.{field}"]
                    assert vectors[s][a:b] == vectors[viewer][c:d], (field, s, viewer)
                compared += 1
    assert compared > 100


def test_encoding_reads_only_the_view_and_leaves_it_alone() -> None:
    """Encoding a deep copy of the view, or the view sent through JSON, gives the same vector,
    and encoding leaves the view exactly as it was."""
    game = random_game(4, 12, {"edition": "2022"})
    for step, _ in enumerate(playout(game, random.Random(12))):
        if step % 9:
            continue
        for seat in range(4):
            view = game.view(seat)
            kept = copy.deepcopy(view)
            vector = encoding.encode(view, 4, game.options)
            assert view == kept
            assert encoding.encode(copy.deepcopy(view), 4, game.options) == vector
            assert encoding.encode(json.loads(json.dumps(view)), 4, game.options) == vector


def test_views_that_do_not_fit_are_refused() -> None:
    """A spectator's view (no seat), a view of another player count or of another edition is
    refused rather than encoded into the wrong places."""
    game = random_game(3, 0, {})
    with pytest.raises(ValueError, match="spectator"):
        encoding.encode(game.view(None), 3, game.options)
    with pytest.raises(ValueError, match="does not fit"):
        encoding.encode(game.view(0), 4, game.options)
    with pytest.raises(ValueError, match="does not fit"):
        encoding.encode(game.view(0), 3, {**game.options, "edition": "2022"})


# --- What the table shows of a decision under way, and each seat's public record -------------


def changed(game: Game, before: list[float], after: list[float]) -> set[str]:
    """The names of the segments where two encodings differ."""
    return {name for name, (a, b) in segments(game).items() if before[a:b] != after[a:b]}


def edited(game: Game, seat: int, edit: Callable[[dict[str, Any]], None]) -> set[str]:
    """The segments that change when ``edit`` changes one piece of the seat's real view."""
    view = game.view(seat)
    before = encoding.encode(view, game.num_players, game.options)
    view = copy.deepcopy(view)
    edit(view)
    return changed(game, before, encoding.encode(view, game.num_players, game.options))


def space_index(name: str) -> int:
    return load().space_names.index(name)


def one_hot_at(cells: list[float]) -> int | None:
    """The index of a one-hot segment's 1, or None when it is all zero."""
    assert sum(cells) in (0.0, 1.0)
    return cells.index(1.0) if any(cells) else None


def test_the_marker_supplies_move_is_encoded() -> None:
    """TR-CARD-20: once a supplies pair picks the marker to move, every seat's ``moving_from``
    is the one-hot of that marker's space (before: all zero); a view naming another space
    changes that segment only."""
    game = position(SUPPLIES_TURN)
    play(game, "place R5 space 1", "take no card", "play supplies pair")
    before = [encode(game, s) for s in (0, 1)]
    game.play("supplies: move marker from R4-A space 1")
    for seat in (0, 1):
        assert one_hot_at(part(game, before[seat], "moving_from")) is None
        assert one_hot_at(part(game, encode(game, seat), "moving_from")) == space_index(
            "R4-A space 1")
    assert edited(game, 1, lambda v: v.update(moving_from="R1-01 space 1")) == {"moving_from"}


def test_the_marker_placed_this_turn_is_encoded() -> None:
    """The marker placed this exploration turn (which supplies may not move) is the one-hot
    ``placed`` while the turn goes on, and nothing once the next seat places."""
    game = position(SUPPLIES_TURN)
    assert one_hot_at(part(game, encode(game, 1), "placed")) is None
    game.play("place R5 space 1")
    for seat in (0, 1):
        assert one_hot_at(part(game, encode(game, seat), "placed")) == space_index("R5 space 1")
    play(game, "take no card", "end turn")
    assert one_hot_at(part(game, encode(game, 0), "placed")) is None
    assert edited(game, 0, lambda v: v.update(placed="R5 space 1")) == {"placed"}


def test_the_full_placement_cost_is_encoded_beside_what_is_left() -> None:
    """Paying for a row-1 space (3 cards): ``cost`` stays the whole cost (3 / 3) while
    ``cost_left`` falls with each card paid."""
    game = position(SUPPLIES_TURN)
    game.play("place R1-01 space 1")
    x = encode(game, 1)
    assert part(game, x, "cost") == [1.0] and part(game, x, "cost_left") == [1.0]
    game.play("pay supplies")
    x = encode(game, 1)
    assert part(game, x, "cost") == [1.0]
    assert part(game, x, "cost_left") == pytest.approx([2 / 3])
    assert edited(game, 1, lambda v: v.update(cost=2)) == {"cost"}


def test_the_supply_cards_still_to_take_and_whether_they_may_be_declined_are_encoded() -> None:
    """TR-VILL-05, TR-EXPL-18: befriending M19 gives 2 cards, none to decline (``cards_left``
    2 / 2, ``cards_optional`` 0), then 1 left; the final stretch's one card may be declined."""
    game = position(
        """
        players = 2
        step = "collect"
        markaya_display = "M19 M03 M04 M05"
        track = "0 0 1 1 1"
        [spaces]
        "village 4" = 0
        """
    )
    gain_max = max(t.cards for t in load().tiles)
    assert gain_max == 2
    game.play("befriend M19")
    x = encode(game, 1)
    assert part(game, x, "cards_left") == [1.0] and part(game, x, "cards_optional") == [0.0]
    game.play("draw from pile")
    assert part(game, encode(game, 1), "cards_left") == [0.5]
    final = position(SUPPLIES_TURN)
    assert part(final, encode(final, 1), "cards_left") == [0.0]
    final.play("place R5 space 1")
    x = encode(final, 1)
    assert part(final, x, "cards_left") == [0.5] and part(final, x, "cards_optional") == [1.0]
    assert edited(final, 0, lambda v: v.update(cards_optional=False)) == {"cards_optional"}
    assert edited(final, 0, lambda v: v.update(cards_left=2)) == {"cards_left"}


RIVER_WITH_A_NET = """
    players = 2
    step = "collect"
    rivers = "white green pink blue purple green"
    track = "0 1 1 0"
    [spaces]
    "R3-1 space 1" = 0
    "R4-A space 1" = 1
    [[seat]]
    hand = "fishing net fishing net"
    fairies = "water"
"""


def test_picks_taken_and_added_at_a_river_marker_are_encoded() -> None:
    """TR-COLL-17, TR-RULING-21, -22: at a river marker, one pearl taken shows in
    ``picks_taken`` (1 / 12 rivers); a fishing-net pair then adds a pick, shown in
    ``picks_added``; each changes its own segment only."""
    game = position(RIVER_WITH_A_NET)
    x = encode(game, 1)
    assert part(game, x, "picks_taken") == [0.0] and part(game, x, "picks_added") == [0.0]
    game.play("take white")
    x = encode(game, 1)
    assert part(game, x, "picks_taken") == [1 / 12] and part(game, x, "picks_added") == [0.0]
    game.play("play fishing net pair")
    x = encode(game, 1)
    assert part(game, x, "picks_taken") == [1 / 12] and part(game, x, "picks_added") == [1 / 12]
    assert edited(game, 0, lambda v: v.update(picks_taken=2)) == {"picks_taken"}
    assert edited(game, 0, lambda v: v.update(picks_added=2)) == {"picks_added"}


def test_pearls_given_up_at_a_river_marker_are_encoded() -> None:
    """TR-COLL-07, TR-RULING-19: a purple pearl given up in an exchange stays at the marker,
    which may not take it back: ``given_up_here`` shows it (1 / the purple pearls in the
    game) until the marker is done."""
    game = position(
        """
        players = 2
        step = "collect"
        rivers = "white green - - - -"
        track = "0 0 1"
        [spaces]
        "R2-1P space 1" = 0
        "R2-1P space 2" = 1
        "R5 space 1" = 1
        [[seat]]
        alpaca = "purple purple purple purple purple purple"
        hand = "fishing net fishing net"
        """
    )
    purple = load().pearl_counts[3]
    assert part(game, encode(game, 1), "given_up_here") == [0.0] * 5
    game.play("exchange purple for white")
    for seat in (0, 1):
        assert part(game, encode(game, seat), "given_up_here") == pytest.approx(
            [0, 0, 0, 1 / purple, 0])
    game.play("done")
    assert part(game, encode(game, 1), "given_up_here") == [0.0] * 5
    assert edited(game, 1, lambda v: v.update(given_up_here={"green": 1})) == {"given_up_here"}


EARTH_TURN = """
    players = 2
    step = "place"
    track = "0 1 0 1 0 1"
    [[seat]]
    alpaca = "green blue white"
    fairies = "earth"
"""


def test_an_earth_fairys_moves_and_the_step_it_interrupted_are_encoded() -> None:
    """TR-FAIRY-09: while an earth fairy is used, ``earth_moves_left`` (3 / 3, then 2 / 3),
    ``earth_moved`` (0, then 1 / 3) and the one-hot ``fairy_during`` (the placement it
    interrupted) show it; all are zero again once it is done."""
    game = position(EARTH_TURN)
    assert one_hot_at(part(game, encode(game, 1), "fairy_during")) is None
    game.play("use earth fairy")
    x = encode(game, 1)
    assert part(game, x, "earth_moves_left") == [1.0] and part(game, x, "earth_moved") == [0.0]
    assert one_hot_at(part(game, x, "fairy_during")) == STAGE_NAMES.index(
        "place a family marker")
    game.play("earth: move green from alpaca to S1 spot 1")
    x = encode(game, 1)
    assert part(game, x, "earth_moves_left") == pytest.approx([2 / 3])
    assert part(game, x, "earth_moved") == pytest.approx([1 / 3])
    assert edited(game, 1, lambda v: v.update(earth_moved=2)) == {"earth_moved"}
    assert edited(game, 1, lambda v: v.update(fairy_during="pay the placement cost")) == {
        "fairy_during"}
    game.play("earth: done")
    x = encode(game, 1)
    assert part(game, x, "earth_moves_left") == [0.0] and part(game, x, "earth_moved") == [0.0]
    assert one_hot_at(part(game, x, "fairy_during")) is None


def test_a_breeze_fairys_any_number_of_moves_reads_as_the_most() -> None:
    """2022 (TR22-FAIRY): a breeze fairy moves any number of pearls; its moves left read as
    1 rather than past the scale."""
    game = position(
        """
        players = 2
        round = 2
        fairy_supply = 0
        rivers = "white pink - - - -"
        mission = "green"
        track = "0 1 - -"
        [spaces]
        "R1-01 space 1" = 1
        "village 1" = 0
        "village 2" = 1
        "village 3" = 0
        [options]
        edition = "2022"
        [[seat]]
        hand = 4
        fairies = "breeze"
        alpaca = "pink green"
        markaya = ["V04", "V07"]
        [[seat]]
        hand = 4
        alpaca = "white"
        markaya = ["V09"]
        """
    )
    game.play("use breeze fairy")
    x = encode(game, 0)
    assert part(game, x, "earth_moves_left") == [1.0]
    assert one_hot_at(part(game, x, "fairy_during")) == STAGE_NAMES.index(
        "place a family marker")


def test_the_delivery_step_is_flagged_for_every_seat() -> None:
    """Step 5 is simultaneous: ``delivering`` is 1 for every seat while it goes on, 0 before
    (a seat that is not asked sees only that the seats are delivering)."""
    game = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "green blue"
        [[seat]]
        alpaca = "green white"
        markaya = ["M01"]
        """
    )
    for seat in (0, 1):
        assert part(game, encode(game, seat), "delivering") == [1.0]
    assert part(game, encode(position(SUPPLIES_TURN), 1), "delivering") == [0.0]
    assert edited(game, 1, lambda v: v.update(delivering=False)) == {"delivering"}


def test_the_starting_order_is_encoded_by_relative_seat() -> None:
    """``order = "2 0 1"``: seat 2 starts, seat 0 is second, seat 1 third; each seat's
    ``starting_place`` block is its place, read from every seat's side."""
    game = position('players = 3\norder = "2 0 1"\n')
    place = {2: 0, 0: 1, 1: 2}
    for viewer in range(3):
        x = encode(game, viewer)
        for seat, first in place.items():
            rel = (seat - viewer) % 3
            block = "own" if rel == 0 else f"other{rel}"
            assert one_hot_at(part(game, x, f"{block}.starting_place")) == first
    assert edited(game, 0, lambda v: v.update(starting_order=[2, 1, 0])) == {
        "own.starting_place", "other1.starting_place"}


def test_tiles_out_of_the_game_and_fairies_in_the_box_are_encoded() -> None:
    """At 3 players the fourth starting tile is out of the game (``markaya_out`` 1 at its
    place) and the fairies put back in the box at setup count over all fairies."""
    game = position('players = 3\n')
    comp = load()
    view = game.view(0)
    x = encode(game, 0)
    out = part(game, x, "markaya_out")
    assert view["markaya_out"] == ["S4"]
    assert out[comp.tile_index["S4"]] == 1.0 and sum(out) == 1.0
    assert part(game, x, "fairies_in_box") == pytest.approx(
        [view["fairies_in_box"] / sum(comp.fairy_counts)])
    assert view["fairies_in_box"] > 0
    assert edited(game, 0, lambda v: v["markaya_out"].append("M01")) == {"markaya_out"}
    assert edited(game, 0, lambda v: v.update(fairies_in_box=0)) == {"fairies_in_box"}


def test_cards_each_seat_drew_from_the_pile_are_encoded_by_relative_seat() -> None:
    """A card drawn face down counts in the drawer's ``drawn_from_pile`` (over all supply
    cards), in its own block and in the other seat's ``other1`` block; the older hidden cards
    likewise, capped at 1 for an old save's "unknown" (99)."""
    game = position(SUPPLIES_TURN)
    game.play("place R5 space 1")
    all_cards = sum(load().card_counts)
    before = [encode(game, s) for s in (0, 1)]
    game.play("draw from pile")
    drawn = game.view(1)["players"][0]["drawn_from_pile"]
    for seat, block in ((0, "own"), (1, "other1")):
        x = encode(game, seat)
        assert part(game, x, f"{block}.drawn_from_pile") == pytest.approx([drawn / all_cards])
        assert (part(game, x, f"{block}.drawn_from_pile")
                > part(game, before[seat], f"{block}.drawn_from_pile"))

    def older(n: int) -> Callable[[dict[str, Any]], None]:
        return lambda v: v["players"][0].update(older_hidden_cards=n)

    assert edited(game, 1, older(2)) == {"other1.older_hidden_cards"}
    view = game.view(1)
    older(99)(view)
    assert part(game, encoding.encode(view, 2, game.options), "other1.older_hidden_cards") == [
        1.0]


def test_the_fairies_each_seat_used_and_took_are_encoded_by_relative_seat() -> None:
    """Seat 0 took an earth fairy and uses it: ``fairies_taken`` and then ``fairies_used``
    show it at the earth place (1 / the earth fairies), in seat 0's own block and seat 1's
    ``other1`` block."""
    game = position(EARTH_TURN)
    earth = load().fairy_counts[1]
    for seat, block in ((0, "own"), (1, "other1")):
        x = encode(game, seat)
        assert part(game, x, f"{block}.fairies_taken") == pytest.approx([0, 1 / earth, 0, 0, 0])
        assert part(game, x, f"{block}.fairies_used") == [0.0] * 5
    play(game, "use earth fairy", "earth: move green from alpaca to S1 spot 1")
    for seat, block in ((0, "own"), (1, "other1")):
        x = encode(game, seat)
        assert part(game, x, f"{block}.fairies_used") == pytest.approx([0, 1 / earth, 0, 0, 0])
        assert part(game, x, f"{block}.fairies_taken") == pytest.approx([0, 1 / earth, 0, 0, 0])
    assert edited(game, 1, lambda v: v["players"][1]["fairies_used"].update(fire=1)) == {
        "own.fairies_used"}
