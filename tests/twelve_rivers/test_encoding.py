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
from tests.twelve_rivers.helpers import position
from upriver.core.game import Game
from upriver.core.registry import rules_for
from upriver.games.twelve_rivers import encoding
from upriver.games.twelve_rivers.components import DATA, load

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
SEAT_FIELDS = ("hand_size", "known_cards", "fairies", "alpaca", "alpaca_cards", "markers",
               "track", "markaya", "markaya_pearls", "rainbow_spots", "tribe", "score")
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
