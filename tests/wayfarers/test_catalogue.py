"""The Wayfarers action catalogue (``catalogue.actions``): its shape, that it holds every text
the game offers (seeded random games at every player count and option set, games with a greedy
seat, and arranged positions for the rarest texts), and that each kind of decision offers only
texts of its own catalogue group (the frame on top of the stack says which kind it is)."""

from __future__ import annotations

import hashlib
import os
import random
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

import upriver
from upriver.agents import make_agent
from upriver.core.game import Game
from upriver.games.wayfarers import catalogue
from upriver.games.wayfarers.components import load
from upriver.games.wayfarers.rules import AI_BOARDS, RULES
from upriver.games.wayfarers.state import (
    F_ALL,
    F_ALLOW,
    F_BLACK,
    F_DIE,
    F_END,
    F_INSP,
    F_KEEP,
    F_REROLL,
    F_TILE,
    F_TUCK,
    F_YELLOW,
)

EFFECT_GROUPS = frozenset({"gain", "influence", "card influence", "move influence", "journal",
                           "retrieve", "dice", "take card", "draw", "take tile", "done",
                           "named part"})
# The kind of decision (the frame on top of the stack; None: the main action) -> its groups.
FRAME_GROUPS: dict[int | None, frozenset[str]] = {
    None: frozenset({"main"}), F_DIE: frozenset({"die"}), F_YELLOW: frozenset({"yellow"}),
    F_REROLL: frozenset({"reroll"}), F_ALL: EFFECT_GROUPS, F_TUCK: frozenset({"tuck"}),
    F_INSP: frozenset({"tuck"}), F_KEEP: frozenset({"keep"}),
    F_TILE: frozenset({"place tile"}), F_BLACK: frozenset({"black"}),
    F_END: frozenset({"end"}), F_ALLOW: frozenset({"solo"}),
}
YELLOW = "use yellow influence"  # listed with the main action, offered in several frames
YELLOW_FRAMES = (None, F_DIE, F_REROLL, F_ALL, F_END)
GROUP_OF = {t: name for name, texts in catalogue.groups() for t in texts}

MOVE_CAP = 4000  # a random game ends in about 1,600 decisions; this only bounds the loop
GREEDY_MOVES = 120  # decisions per game with a greedy seat (it tries every action)
SEEDS = (1, 2)
TABLE_OPTIONS: list[dict[str, Any]] = [{}, {"sides": "aaa"}, {"sides": "bbb"},
                                       {"sides": "bab", "round_limit": 6}]
SOLO_OPTIONS: list[dict[str, Any]] = [{"ai_board": b, "sides": s} for b, s in
                                      zip(AI_BOARDS, ("abb", "random", "aaa", "bba"),
                                          strict=True)] + [{}]


@dataclass
class Harvest:
    """What the games offered: per group the texts and the ways that reached it."""

    offered: dict[str, set[str]] = field(default_factory=dict)
    reached_by: dict[str, set[str]] = field(default_factory=dict)
    unknown: set[str] = field(default_factory=set)  # texts the catalogue lacks
    strays: set[tuple[str, str]] = field(default_factory=set)  # (text, group) off its kind
    decisions: int = 0

    def record(self, g: Game, how: str) -> list[str]:
        texts = g.legal_actions()
        stack = g.state.stack
        kind = stack[-4] if stack else None
        self.decisions += 1
        for text in texts:
            group = GROUP_OF.get(text)
            if group is None:
                self.unknown.add(text)
            elif text == YELLOW and kind in YELLOW_FRAMES:
                if kind is None:
                    self._add(group, text, how)
            elif group in FRAME_GROUPS[kind]:
                self._add(group, text, how)
            else:
                self.strays.add((text, group))
        return texts

    def _add(self, group: str, text: str, how: str) -> None:
        self.offered.setdefault(group, set()).add(text)
        self.reached_by.setdefault(group, set()).add(how)


def _random_game(h: Harvest, players: int, seed: int, options: dict[str, Any]) -> None:
    g = upriver.new_game("wayfarers", players=players, seed=seed, **options)
    rng = random.Random(seed * 10 + players)
    for _ in range(MOVE_CAP):
        if g.is_over:
            return
        g.play(rng.choice(h.record(g, "random")))


def _greedy_game(h: Harvest, players: int, seed: int) -> None:
    """Seat 0 greedy, the others random: greedy play reaches long chains (costly cards, full
    caravans) random play seldom does."""
    g = upriver.new_game("wayfarers", players=players, seed=seed)
    agent = make_agent("greedy", seed)
    rng = random.Random(seed)
    for _ in range(GREEDY_MOVES):
        if g.is_over:
            return
        texts = h.record(g, "greedy")
        g.play(agent.choose(g) if g.to_move == 0 else rng.choice(texts))


# Seat 0's Influence is all placed (14 on Guilds, 1 on L01): a new one comes from a Guild or
# from L01. A die of 1 fits L08 (a camel: the caravan's printed one in column 1), whose action
# gives a Card Influence.
EMPTY_SUPPLY = '''
players = 2
seed = 3
[display]
land = ["L01", "L02", "L03", "L04"]
[influence]
L01 = 0
[[seat]]
guilds = { black = 5, yellow = 5, blue = 4 }
dice = [1]
lands = ["L08"]
'''


def _empty_supply(h: Harvest) -> list[str]:
    """Card Influence from an empty supply: the texts name the Guild or card it comes from."""
    g = upriver.from_position("wayfarers", EMPTY_SUPPLY)
    for text in ("place die 1", "place die 1 on L08"):
        h.record(g, "position")
        g.play(text)
    return h.record(g, "position")


@pytest.fixture(scope="module")
def harvest() -> Harvest:
    h = Harvest()
    start = time.perf_counter()
    for seed in SEEDS:
        for options in SOLO_OPTIONS:
            _random_game(h, 1, seed, options)
        for players in (2, 3, 4):
            for options in TABLE_OPTIONS:
                _random_game(h, players, seed, options)
    _greedy_game(h, 2, 5)
    _greedy_game(h, 1, 6)
    _empty_supply(h)
    assert time.perf_counter() - start < 60, "the harvest must stay quick"
    return h


def test_entries_are_unique_non_empty_strings() -> None:
    """Every entry is a non-empty string with no outer spaces, and none is listed twice."""
    texts = catalogue.actions()
    assert texts and all(isinstance(t, str) and t and t == t.strip() for t in texts)
    assert len(set(texts)) == len(texts)


def test_groups_are_disjoint_and_make_the_catalogue() -> None:
    """The catalogue is its groups one after another; no group is empty and each text sits in
    one group only (so a text's kind of decision is known from its index)."""
    groups = catalogue.groups()
    assert all(texts for _, texts in groups)
    assert len({name for name, _ in groups}) == len(groups)
    assert tuple(t for _, texts in groups for t in texts) == catalogue.actions()
    assert set(FRAME_GROUPS[None] | EFFECT_GROUPS).issubset(name for name, _ in groups)
    assert {name for name, _ in groups} == set().union(*FRAME_GROUPS.values())


def test_the_rules_object_serves_the_catalogue() -> None:
    """``rules.action_catalogue()`` is the module's tuple, cached (one build per process)."""
    assert RULES.action_catalogue() == catalogue.actions()
    assert catalogue.actions() is catalogue.actions()


def test_docstring_sizes_are_the_built_sizes() -> None:
    """The module docstring's table of groups gives each group's real size and the total."""
    doc = catalogue.__doc__ or ""
    rows = dict(re.findall(r"^(\S[^\n]*?)\s{2,}([\d,]+)\s{2,}\S", doc, re.M))
    sizes = {name: len(texts) for name, texts in catalogue.groups()}
    assert {k: int(v.replace(",", "")) for k, v in rows.items()} == sizes
    total = re.search(r"Total: ([\d,]+)", doc)
    assert total and int(total.group(1).replace(",", "")) == len(catalogue.actions())


def test_building_is_quick_and_repeatable() -> None:
    """A fresh build takes well under a second (a generous bound on a busy machine) and gives
    the same tuple, in the same order, as the cached one."""
    cached = catalogue.actions()
    catalogue.groups.cache_clear()
    catalogue.actions.cache_clear()
    start = time.perf_counter()
    fresh = catalogue.actions()
    assert time.perf_counter() - start < 2.0
    assert fresh == cached


def test_order_does_not_depend_on_string_hashing() -> None:
    """Another process with another hash seed builds the same catalogue in the same order."""
    digest = hashlib.sha256("\n".join(catalogue.actions()).encode()).hexdigest()
    code = ("import hashlib; from upriver.games.wayfarers import catalogue; "
            "print(hashlib.sha256('\\n'.join(catalogue.actions()).encode()).hexdigest())")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.strip() == digest


def test_every_component_is_named() -> None:
    """Read from the data, not from play: every card can be taken and, in solo, let go to the
    opponent; every Journal link's end (either side) can be walked to; every board die space
    and card with a die action can take a die; every Inspiration card can be discarded for
    each slot's action."""
    comp = load()
    texts = set(catalogue.actions())
    for card in comp.cards:
        assert f"take {card.id}" in texts
        assert f"let the opponent take {card.id}" in texts
    for links in comp.links_from.values():
        for link in links:
            assert f"journal to {link.dst}" in texts
            assert f"black influence: journal on to {link.dst}" in texts
    spaces = [comp.capital_city.id, comp.capital_harbour.id, *(c[0] for c in comp.centre)]
    spaces += [c.id for c in comp.cards if c.action >= 0]
    for name in spaces:
        assert f"place die 6 on {name}" in texts
        assert f"refresh die on {name}" in texts
    for card in comp.cards_of(4):
        for action in comp.slot_actions[4]:
            assert f"discard {comp.cards[card].id} for: {comp.nodes.text[action]}" in texts


def test_every_offered_text_is_listed(harvest: Harvest) -> None:
    """No decision offered in any game or position is missing from the catalogue."""
    assert harvest.decisions > 10_000
    assert not harvest.unknown, sorted(harvest.unknown)[:20]


@pytest.mark.parametrize("group", [name for name, _ in catalogue.groups()])
def test_each_kind_of_decision_offers_its_group(harvest: Harvest, group: str) -> None:
    """Decisions of this group's kind arise, and every text a decision of that kind offers is
    in that kind's groups (none offered elsewhere lands in this group)."""
    assert harvest.offered.get(group), f"no decision reached the {group!r} group"
    assert not {t for t, g in harvest.strays if g == group}
    assert harvest.offered[group] <= set(dict(catalogue.groups())[group])


def test_random_play_alone_reaches_every_group(harvest: Harvest) -> None:
    """Random play by itself reaches every kind of decision (the greedy games and positions
    add rarer texts, not rarer kinds)."""
    assert {g for g, how in harvest.reached_by.items() if "random" in how} == set(GROUP_OF
                                                                                  .values())


def test_influence_from_an_empty_supply_names_its_source() -> None:
    """With seat 0's supply empty, a Card Influence comes from a Guild or from the display card
    holding its Influence, and the texts saying so are catalogue texts of the Card Influence
    group."""
    h = Harvest()
    texts = _empty_supply(h)
    listed = set(dict(catalogue.groups())["card influence"])
    from_card = [t for t in texts if t.startswith("influence on ") and t.endswith("(from L01)")]
    from_guild = [t for t in texts if t.startswith("influence on ") and t.endswith("(from black)")]
    assert from_card and from_guild
    assert set(from_card + from_guild) <= listed
    assert not h.unknown and not h.strays
