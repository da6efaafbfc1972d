"""Positions written from a game continue exactly as the game does, in every game, option set and
player count (docs/interface.md, "Positions"; issue 29).

A game is played at random; at points spread over it, the position ``g.to_position()`` writes is
read back with ``upriver.from_position``. The two games must then be one game: the same text
written again, the same views for every seat and a spectator, the same legal actions, and, played
on with the same decisions, the same legal actions at every step and the same end. The random
stream is part of the position, so dice, draws and shuffles to come agree too.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import upriver
from tests.conformance.configs import configurations
from tests.tiers import share
from upriver.core.errors import BadPosition
from upriver.core.game import Game

GAMES = 4  # per configuration
POINTS = 8  # sampled describable points per game, spread over it
MAX_DECISIONS = 20_000


def describable_points(g: Game, rng: random.Random) -> tuple[list[Game], int]:
    """Clones of ``g`` at up to ``POINTS`` of the points its position format describes, spread
    over one random playthrough (the last point always among them), and how many such points
    the playthrough had."""
    points: list[Game] = []
    n = 0
    while True:
        try:
            g.to_position()
        except BadPosition:
            pass
        else:
            points.append(g.clone())
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
        n += 1
        assert n < MAX_DECISIONS, "game did not end"
    if len(points) <= POINTS:
        return points, len(points)
    chosen = [*sorted(rng.sample(range(len(points) - 1), POINTS - 1)), len(points) - 1]
    return [points[i] for i in chosen], len(points)


def assert_same_game(g: Game, read: Game) -> None:
    assert read.num_players == g.num_players
    assert read.to_move == g.to_move
    assert read.legal_actions() == g.legal_actions()
    for seat in [None, *range(g.num_players)]:
        assert read.view(seat) == g.view(seat), f"seat {seat}'s view differs"
    assert read.scores() == g.scores()


@pytest.mark.tiered
@pytest.mark.parametrize(("game_id", "players", "options"), configurations())
def test_a_position_written_from_a_game_continues_as_the_game_does(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """At points sampled over random games, the written position reads back into the same game:
    same text, views, legal actions and scores, and the same future under the same decisions
    (legal actions at every step, the final views, scores and winners)."""
    for seed in share(range(GAMES), default=1):
        rng = random.Random(seed * 7919 + players)
        start = upriver.new_game(game_id, players=players, seed=seed, **options)
        points, found = describable_points(start, rng)
        # Every game's format describes at least the turns' starts and the end (a one-round
        # solo game has two such points).
        assert found >= 2 and points[-1].is_over, f"{found} describable points in a game"
        for g in points:
            text = g.to_position()
            read = upriver.from_position(game_id, text)
            assert read.to_position() == text
            assert read.options == g.options
            assert_same_game(g, read)
            choices = random.Random(rng.random())
            steps = 0
            while not g.is_over:
                action = choices.choice(g.legal_actions())
                g.play(action)
                read.play(action)
                assert read.legal_actions() == g.legal_actions()
                steps += 1
                assert steps < MAX_DECISIONS
            assert read.is_over
            assert_same_game(g, read)
            assert read.score_breakdown() == g.score_breakdown()
            assert read.winners() == g.winners()
            assert read.opponents() == g.opponents()


@pytest.mark.parametrize("game_id", upriver.games())
def test_a_bad_random_key_is_refused_in_one_line(game_id: str) -> None:
    """A position's ``random`` key is the generator's state as hexadecimal text below 2**64;
    anything else is refused with one line."""
    players = upriver.game_info(game_id)["players"][-1]
    text = upriver.new_game(game_id, players=players, seed=3).to_position()
    assert "random = " in text
    for bad in ('"0x1' + "0" * 16 + '"', '"zebra"', "12", '"-0x5"'):
        lines = [f"random = {bad}" if line.startswith("random = ") else line
                 for line in text.splitlines()]
        with pytest.raises(BadPosition) as exc:
            upriver.from_position(game_id, "\n".join(lines))
        assert "\n" not in str(exc.value) and "random" in str(exc.value)
