"""A game's state encoder gives the numbers of its view encoder (issue 27).

The learning surfaces encode a seat's observation straight from the state (``encode_state`` in
the game's ``encoding`` module) instead of building ``view(seat)`` and encoding that. The view's
encoder stays the reference: it can only read what the seat is shown, so a state encoder that
matches it everywhere carries nothing hidden either. This suite holds the two equal on every
decision of random and greedy games, for the seat to move at each decision and for every seat
at sampled ones, and on every seat's determinised copies there (which must also keep the seat's
numbers: what it cannot see was resampled).

Games: the full counts are 200 random and 20 greedy games per game, player count and option
set. The source (as it is tested everywhere else) plays them all for the default options, 20 and
2 for each other option set, and 10 and 1 for Wayfarers at 2 to 4 players, whose random games
run 1,400 to 2,800 decisions; of these the default tier plays the first random game and the
first greedy one (the random one only, for Wayfarers at 2 to 4 players), the deep tier the
rest. The Wayfarers games the source leaves out are played in the deep tier on the compiled
build (which plays the same games to the bit: tests/test_compiled.py) by two processes at once
(``test_wayfarers_full_counts_hold_on_the_compiled_build``, some 15 minutes).
``UPRIVER_ENCODING_GAMES=full`` plays the full counts of everything from the source in the deep
tier (hours of pure Python); the compiled run of the other games' option sets is the worker
below with their names (docs/learning.md gives the command and its figures).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

import pytest

import upriver
from tests.compiled_build import ROOT, compiled_site
from tests.conformance.configs import configurations
from tests.tiers import share
from upriver.agents import make_agent
from upriver.core.game import Game
from upriver.core.registry import rules_for

FULL = os.environ.get("UPRIVER_ENCODING_GAMES") == "full"
EVERY_SEAT = 7  # every seat and its determinised copies at every 7th decision


FULL_COUNTS = (200, 20)  # random and greedy games per game, player count and option set
PARTS = 2  # processes (tests) sharing each configuration's games left to the compiled build


def _counts(game_id: str, players: int, options: dict[str, Any]) -> tuple[int, int]:
    """Random and greedy games the source plays, both tiers together (the module's
    docstring)."""
    if FULL:
        return FULL_COUNTS
    if options:
        return 20, 2
    if game_id == "wayfarers" and players > 1:
        return 10, 1
    return FULL_COUNTS


def _default_share(game_id: str, players: int) -> tuple[int, int]:
    """The random and greedy games of ``_counts`` the default tier plays: the first of each,
    and no greedy one for Wayfarers at 2 to 4 players (a few seconds a game)."""
    return (1, 0) if game_id == "wayfarers" and players > 1 else (1, 1)


def _has_state_encoder(game_id: str) -> bool:
    return hasattr(rules_for(game_id).encoding, "encode_state")


STATE_ENCODED = [c for c in configurations() if _has_state_encoder(c.values[0])]


def _difference(game_id: str, players: int, options: dict[str, Any], expected: list[float],
                got: list[float]) -> str:
    """Where two vectors first differ, by the layout's segment names."""
    if len(expected) != len(got):
        return f"{len(got)} numbers, the view's encoder gives {len(expected)}"
    start = 0
    for name, width in rules_for(game_id).observation_layout(players, options):
        for i in range(start, start + width):
            if expected[i] != got[i]:
                return f"segment {name!r}, cell {i - start}: {got[i]!r}, the view's {expected[i]!r}"
        start += width
    return "no difference"


def _check(g: Game, seat: int, label: str) -> list[float]:
    rules = rules_for(g.game_id)
    expected = rules.encode(g.view(seat), g.num_players, g.options)
    got = rules.encode_seat(g.state, seat, g.num_players, g.options).tolist()
    assert got == expected, (f"{label}, seat {seat}, step {len(g.history)}: "
                             + _difference(g.game_id, g.num_players, g.options, expected, got))
    return got


def _check_position(g: Game, decision: int, label: str) -> None:
    mover = g.to_move
    if g.is_over or decision % EVERY_SEAT == 0:
        for seat in range(g.num_players):
            mine = _check(g, seat, label)
            if g.is_over:
                continue
            twin = g.determinize(seat, decision)
            assert _check(twin, seat, f"{label}, determinised for seat {seat}") == mine, \
                f"{label}: determinising for seat {seat} changed its numbers"
    elif mover is not None:
        _check(g, mover, label)


def _play(g: Game, label: str, choose: Any) -> int:
    decisions = 0
    while True:
        _check_position(g, decisions, label)
        if g.is_over:
            return decisions
        g.play(choose(g))
        decisions += 1


def play_games(game_id: str, players: int, options: dict[str, Any], randoms: Sequence[int],
               greedies: Sequence[int]) -> int:
    """Check every decision of the random games seeded ``randoms`` and the greedy games
    seeded 1000 + ``greedies``; the number of decisions played."""
    decisions = 0
    for k in randoms:
        g = upriver.new_game(game_id, players=players, seed=k, **options)
        rng = random.Random(k)
        decisions += _play(g, f"random game {k}",
                           lambda g, rng=rng: rng.choice(g.legal_actions()))
    for k in greedies:
        g = upriver.new_game(game_id, players=players, seed=1000 + k, **options)
        bots = [make_agent("greedy", 1000 + k + s) for s in range(players)]
        decisions += _play(g, f"greedy game {k}",
                           lambda g, bots=bots: bots[g.to_move].choose(g))
    return decisions


@pytest.mark.tiered
@pytest.mark.long
@pytest.mark.parametrize(("game_id", "players", "options"), STATE_ENCODED)
def test_the_state_encoder_gives_the_views_numbers(game_id: str, players: int,
                                                   options: dict[str, Any]) -> None:
    """Every decision of random and greedy games: the seat to move's numbers from the state
    are the view's; at every 7th decision and at the end every seat's are, and each seat's
    determinised copy gives the same numbers both ways, unchanged by the resampling."""
    randoms, greedies = _counts(game_id, players, options)
    first_random, first_greedy = _default_share(game_id, players)
    randoms_here = share(range(randoms), default=first_random)
    greedies_here = share(range(greedies), default=first_greedy)
    decisions = play_games(game_id, players, options, randoms_here, greedies_here)
    assert decisions > len(randoms_here) + len(greedies_here)  # played, not ended at setup


# The configurations the source plays short of the full counts, and their names.
SHORT = [tuple(c.values) for c in STATE_ENCODED if _counts(*c.values) != FULL_COUNTS]
SHORT_NAMES = [c.id for c in STATE_ENCODED if _counts(*c.values) != FULL_COUNTS]

# One of PARTS processes (arguments: part, PARTS, then game ids or configuration names): the
# games of each SHORT configuration named whose seed is ``part`` modulo PARTS, from the first
# game the source leaves out; prints the decisions of each configuration.
WORKER = r"""
import json, sys
import upriver
from tests.conformance.test_state_encoding import (FULL_COUNTS, SHORT, SHORT_NAMES, _counts,
                                                   play_games)
assert upriver.compiled(), "the worker imported the source, not the compiled build"
part, parts, names = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
done = []
for config, name in zip(SHORT, SHORT_NAMES):
    game_id, players, options = config
    if game_id not in names and name not in names:
        continue
    randoms, greedies = FULL_COUNTS
    first_random, first_greedy = _counts(game_id, players, options)
    done.append(play_games(game_id, players, options,
                           range(first_random + part, randoms, parts),
                           range(first_greedy + part, greedies, parts)))
print(json.dumps(done))
"""
WAYFARERS_SHORT = [(name, config) for name, config in zip(SHORT_NAMES, SHORT, strict=True)
                   if config[0] == "wayfarers"]


@pytest.mark.deep
@pytest.mark.long
@pytest.mark.skipif(FULL, reason="UPRIVER_ENCODING_GAMES=full plays every game in this process")
@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize(("name", "config"), WAYFARERS_SHORT, ids=[n for n, _ in WAYFARERS_SHORT])
def test_wayfarers_full_counts_hold_on_the_compiled_build(
        name: str, config: tuple[str, int, dict[str, Any]], part: int) -> None:
    """The Wayfarers games the configurations above leave out (to 200 random and 20 greedy
    each, every decision checked as above) on the compiled build: each configuration in
    ``PARTS`` processes, one a test, so that the workers share them out."""
    pytest.importorskip("mypyc")
    # 2 to 4 players and their round limit; the 4 AI boards and solo's
    assert len(WAYFARERS_SHORT) == 11
    site = compiled_site()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)]),
           "PYTHONHASHSEED": "0"}
    worker = subprocess.run([sys.executable, "-c", WORKER, str(part), str(PARTS), name],
                            env=env, cwd=site, capture_output=True, text=True, timeout=3000,
                            check=False)
    assert worker.returncode == 0, worker.stderr[-3000:]
    (decisions,) = json.loads(worker.stdout.strip().splitlines()[-1])
    randoms, greedies = _counts(*config)
    left = len(range(randoms + part, FULL_COUNTS[0], PARTS)) + len(
        range(greedies + part, FULL_COUNTS[1], PARTS))
    assert decisions > left, config


class _WithoutStateEncoder:
    """A game's encoding module seen without its ``encode_state``."""

    def __init__(self, module: Any) -> None:
        self._module = module

    def __getattr__(self, name: str) -> Any:
        if name == "encode_state":
            raise AttributeError(name)
        return getattr(self._module, name)


@pytest.mark.parametrize("game_id", upriver.games())
def test_a_game_without_a_state_encoder_encodes_through_its_view(
        game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``encode_seat`` of a game whose encoding has no ``encode_state`` is the view's encoder
    (so every game has one path, and the state encoders are an optimisation only)."""
    rules = rules_for(game_id)
    players = upriver.game_info(game_id)["players"][-1]
    g = upriver.new_game(game_id, players=players, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        g.play(rng.choice(g.legal_actions()))
    direct = [rules.encode_seat(g.state, seat, players, g.options).tolist()
              for seat in range(players)]
    monkeypatch.setattr(rules, "encoding", _WithoutStateEncoder(rules.encoding))
    assert not _has_state_encoder(game_id)
    for seat in range(players):
        through_view = rules.encode_seat(g.state, seat, players, g.options).tolist()
        assert through_view == rules.encode(g.view(seat), players, g.options)
        assert through_view == direct[seat]


def test_the_state_encoder_refuses_a_seat_that_does_not_exist() -> None:
    """A seat outside the game is one clear error, as ``view`` gives."""
    for game_id in upriver.games():
        if not _has_state_encoder(game_id):
            continue
        g = upriver.new_game(game_id, players=2, seed=1)
        with pytest.raises(ValueError, match="seat 2 does not exist"):
            rules_for(game_id).encode_seat(g.state, 2, 2, g.options)
