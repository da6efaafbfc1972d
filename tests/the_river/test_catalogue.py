"""The River's action catalogue (``catalogue.actions``): every text the rules ever offer is in
it, once, in the group of its kind of decision.

Decisions are gathered from seeded random games at every player count and option set, from
games where a greedy bot holds some seats, from games on river boards whose printed warehouses
moved (a ``components`` file), and from positions built for the decisions play rarely or never
reaches with the built-in components.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import upriver
from tests.the_river.helpers import no_spot_left, play, position
from upriver.agents import make_agent
from upriver.core.game import Game
from upriver.core.registry import rules_for
from upriver.games.the_river import catalogue
from upriver.games.the_river.components import DATA, load

GROUP_OF = {text: name for name, texts in catalogue.groups() for text in texts}
GROUPS = tuple(name for name, _ in catalogue.groups())

# The groups a decision of each step (the view's "step") may come from: the rules' stages.
STEP_GROUPS = {
    "choose a starting tile": {"starting tile"},
    "trade or place a pioneer": {"trade", "claim", "islands", "reserve", "construct",
                                 "first player", "swap", "set aside"},
    "trade: choose resources to return": {"trade"},
    "store resources": {"store"},
    "choose resources": {"choose"},
    "pay for the building": {"pay"},
    "swap: choose the first tile": {"swap"},
    "swap: choose the second tile": {"swap"},
    "move covered resources": {"cover", "store"},
}

# Every option at a value other than its default, and the scoring variants in between.
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"mixed_tile_matches": "neither", "meadow_counts_for_columns": False,
     "column_pair_requires_adjacency": True, "resource_points": "1 per resource"},
    {"resource_points": "1 per 3 resources", "round_limit": 4},
)
SEEDS = range(6)
MAX_DECISIONS = 3000  # a game takes about 150; bounds a game that would stall

Seen = dict[str, set[str]]  # text -> the steps it was offered in


def observe(game: Game, seen: Seen) -> None:
    seat = game.to_move
    assert seat is not None
    step = game.view(seat)["step"]
    for text in game.legal_actions():
        seen.setdefault(text, set()).add(step)


def run(game: Game, seen: Seen, seed: int, greedy_seats: tuple[int, ...] = (),
        limit: int = MAX_DECISIONS) -> None:
    """Play to the end (or ``limit`` decisions), noting every decision offered on the way."""
    rng = random.Random(seed)
    bots = {s: make_agent("greedy", seed + s) for s in greedy_seats}
    for _ in range(limit):
        if game.is_over:
            return
        observe(game, seen)
        seat = game.to_move
        bot = bots.get(seat) if seat is not None else None
        game.play(bot.choose(game) if bot else rng.choice(game.legal_actions()))


def corrected_boards(folder: Path) -> Path:
    """A ``components`` file whose boards print two warehouses on every space: stored
    resources then sit on any space, and covering one spills two of them."""
    lines = []
    for line in (DATA / "boards.toml").read_text().splitlines():
        if line.startswith("spaces = "):
            spaces = ['["warehouse", "warehouse"]'] * load().river_spaces
            line = f"spaces = [{', '.join(spaces)}]"
        lines.append(line)
    path = folder / "boards.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.fixture(scope="module")
def random_play() -> Seen:
    """Seeded random games: every player count, every option set, several seeds."""
    seen: Seen = {}
    for players in (2, 3, 4):
        for options in OPTION_SETS:
            for seed in SEEDS:
                run(upriver.new_game("the-river", players=players, seed=seed, **options),
                    seen, seed)
    return seen


@pytest.fixture(scope="module")
def other_play(tmp_path_factory: pytest.TempPathFactory) -> Seen:
    """Greedy seats, and moved printed warehouses (random seats)."""
    seen: Seen = {}
    for players in (2, 3, 4):
        for seed in range(2):
            game = upriver.new_game("the-river", players=players, seed=100 + seed)
            run(game, seen, seed, greedy_seats=tuple(range(seed, players, 2)))
    boards = corrected_boards(tmp_path_factory.mktemp("boards"))
    for players in (2, 3, 4):
        for seed in range(4):
            run(upriver.new_game("the-river", players=players, seed=seed,
                                 components=str(boards)), seen, seed)
    return seen


# ---------------------------------------------------------------- positions for rare decisions


def set_aside(tmp_path: Path) -> Iterator[Game]:
    """RV-RULING-10: the only decision is to set a pioneer aside (``helpers.no_spot_left``)."""
    yield no_spot_left()


def covered_two_kinds(tmp_path: Path) -> Iterator[Game]:
    """RV-TERRAIN-06: covering a space that holds two kinds which cannot both move asks which
    is lost; only a boards file printing two warehouses on a space makes that possible."""
    # Space 3's wood and clay spill; every other printed space is full and T05 has 1 warehouse.
    full = {4: "stone stone", 5: "stone stone", 6: "stone stone", 7: "stone stone",
            8: "food food", 9: "food food", 10: "wood wood", 11: "wood clay", 12: "clay clay"}
    stored = ", ".join(f'"{k}" = "{v}"' for k, v in {3: "wood clay", **full}.items())
    game = position(f"""
players = 2
terrain_display = "T05 T06"
[options]
components = "{corrected_boards(tmp_path)}"
[[seat]]
river = ["T01", "T02"]
stored = {{ {stored} }}
[[seat]]
""")
    yield play(game, "claim T05")


def empty_food_island(tmp_path: Path) -> Iterator[Game]:
    """RV-PRODUCE-12: the food island is empty, so it offers wood, stone or clay."""
    yield position("""
players = 2
[[seat]]
river = ["T37"]
[[seat]]
river = ["T43"]
resources = "food food food food"
""")


def long_swap(tmp_path: Path) -> Iterator[Game]:
    """RV-SWAP-01: a river of 11 tiles offers every space from 1 to 11, in both orders."""
    tiles = ", ".join(f'"{t.id}"' for t in load().tiles[:11])
    game = position(f"players = 2\n[[seat]]\nriver = [{tiles}]\n[[seat]]\n")
    yield play(game, "swap two tiles")
    yield play(game, "swap: space 11")


def spread_resources(tmp_path: Path) -> Iterator[Game]:
    """Resources of a kind on a tile and on a printed space: paying, trading and returning
    name the place they come from (``storage.sources``)."""
    game = position("""
players = 2
building_display = ["B01", "B02", "B03"]
[[seat]]
river = ["T37"]
stored = { "1" = "wood", "3" = "wood", "5" = "stone", "8" = "clay", "10" = "food" }
[[seat]]
""")
    yield game
    yield play(game.clone(), "trade 3 resources for 1 food")
    yield play(game, "construct B01")


# scenario -> the group its decisions must include
RARE = {
    set_aside: "set aside",
    covered_two_kinds: "cover",
    empty_food_island: "islands",
    long_swap: "swap",
    spread_resources: "pay",
}


@pytest.fixture(scope="module")
def rare_play(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Seen]:
    """Per scenario: the decisions at its positions, and (under "<name> walk") those of a
    short random walk on from each."""
    out: dict[str, Seen] = {}
    for scenario in RARE:
        at: Seen = {}
        walk: Seen = {}
        for k, game in enumerate(scenario(tmp_path_factory.mktemp(scenario.__name__))):
            observe(game, at)
            run(game.clone(), walk, k, limit=200)
        out[scenario.__name__] = at
        out[f"{scenario.__name__} walk"] = walk
    return out


def everything(random_play: Seen, other_play: Seen, rare_play: dict[str, Seen]) -> Seen:
    seen: Seen = {}
    for part in (random_play, other_play, *rare_play.values()):
        for text, steps in part.items():
            seen.setdefault(text, set()).update(steps)
    return seen


# ---------------------------------------------------------------- the catalogue itself


def test_every_entry_is_a_distinct_nonempty_string() -> None:
    """No text is listed twice, and each is a non-empty string without stray spaces."""
    texts = catalogue.actions()
    assert len(texts) == len(set(texts))
    for text in texts:
        assert isinstance(text, str) and text and text == text.strip() and "  " not in text


def test_groups_split_the_catalogue_in_order() -> None:
    """The groups, concatenated, are the catalogue; each has a distinct name and some texts."""
    parts = catalogue.groups()
    assert tuple(t for _, texts in parts for t in texts) == catalogue.actions()
    assert len(GROUPS) == len(set(GROUPS))
    assert all(texts for _, texts in parts)


def test_group_sizes_follow_the_components() -> None:
    """One text per tile to start with and to claim, one per building to reserve, two to
    construct, and every first and second space of a swap: generated from the data."""
    comp = load()
    size = {name: len(texts) for name, texts in catalogue.groups()}
    n = comp.river_spaces
    assert size["starting tile"] == size["claim"] == len(comp.tiles)
    assert size["reserve"] == len(comp.buildings)
    assert size["construct"] == 2 * len(comp.buildings)
    assert size["swap"] == 1 + n + n * (n - 1)
    assert {f"claim {t.id}" for t in comp.tiles} <= set(catalogue.actions())


def test_catalogue_is_cached_quick_and_served_by_the_rules() -> None:
    """Built once (the same tuple every call), in well under a second from scratch, and what
    the rules object hands the learning surfaces."""
    catalogue.actions.cache_clear()
    catalogue.groups.cache_clear()
    start = time.perf_counter()
    first = catalogue.actions()
    assert time.perf_counter() - start < 0.5
    assert catalogue.actions() is first
    rules: Any = rules_for("the-river")
    assert rules.action_catalogue() == first


def test_order_does_not_depend_on_a_game_being_played() -> None:
    """Playing games changes nothing: the catalogue is the same tuple before and after, at
    every player count."""
    before = catalogue.actions()
    for players in (2, 3, 4):
        run(upriver.new_game("the-river", players=players, seed=7), {}, 7, limit=100)
    catalogue.actions.cache_clear()
    catalogue.groups.cache_clear()
    assert catalogue.actions() == before


# ---------------------------------------------------------------- what play offers


@pytest.mark.parametrize("source", ["random", "other", "rare"])
def test_every_offered_decision_is_in_the_catalogue(
        source: str, random_play: Seen, other_play: Seen, rare_play: dict[str, Seen]) -> None:
    """Every legal action of seeded random games (2-4 players, every option set), of games
    with greedy seats and moved warehouses, and of the rare positions is a catalogue text."""
    seen = {"random": random_play, "other": other_play,
            "rare": everything({}, {}, rare_play)}[source]
    assert seen, "nothing was played"
    missing = sorted(set(seen) - set(catalogue.actions()))
    assert not missing, f"offered but not catalogued: {missing[:20]}"


def test_each_decision_is_listed_in_its_steps_group(
        random_play: Seen, other_play: Seen, rare_play: dict[str, Seen]) -> None:
    """A decision's group is one of those its step (the rules' stage) can offer, so the groups
    say what kind of decision a text is."""
    wrong = [(text, step, GROUP_OF.get(text))
             for text, steps in everything(random_play, other_play, rare_play).items()
             for step in steps if GROUP_OF.get(text) not in STEP_GROUPS[step]]
    assert not wrong, wrong[:20]


@pytest.mark.parametrize("group", GROUPS)
def test_each_group_arises_with_its_catalogue_texts(
        group: str, random_play: Seen, other_play: Seen, rare_play: dict[str, Seen]) -> None:
    """Every kind of decision comes up somewhere (random play, or else greedy seats, moved
    warehouses or a built position) with texts this group lists."""
    sources = {"random play": random_play, "greedy / moved warehouses": other_play,
               **{f"position {k}": v for k, v in rare_play.items()}}
    reached = [name for name, seen in sources.items()
               if any(GROUP_OF.get(t) == group for t in seen)]
    print(f"group {group!r} reached by: {', '.join(reached) or 'nothing'}")
    assert reached, f"no decision of group {group!r} arose"


@pytest.mark.parametrize("scenario", list(RARE), ids=lambda f: f.__name__)
def test_rare_positions_offer_their_groups_texts(
        scenario: Any, rare_play: dict[str, Seen]) -> None:
    """Each built position reaches the decision it was built for, and the rules offer it with
    texts the catalogue lists in that group."""
    seen = rare_play[scenario.__name__]
    assert set(seen) <= set(catalogue.actions())
    group = RARE[scenario]
    assert any(GROUP_OF.get(t) == group for t in seen), (
        f"{scenario.__name__} offered nothing of group {group!r}: {sorted(seen)}")


def test_random_play_covers_most_of_the_catalogue(
        random_play: Seen, other_play: Seen, rare_play: dict[str, Seen]) -> None:
    """Play reaches a large part of the catalogue, so its templates match the rules' (a
    misspelt template would leave its whole family unreached); the unreached are printed."""
    seen = everything(random_play, other_play, rare_play)
    unreached = [t for t in catalogue.actions() if t not in seen]
    print(f"{len(catalogue.actions()) - len(unreached)} of {len(catalogue.actions())} texts "
          f"reached; unreached: {unreached}")
    by_group = {name: sum(1 for t in texts if t in seen) for name, texts in catalogue.groups()}
    assert all(by_group.values()), by_group
    assert len(unreached) < len(catalogue.actions()) // 4
