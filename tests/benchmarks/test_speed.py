"""Speed benchmarks (pytest-benchmark). CI runs each once as a smoke test (--benchmark-disable);
measure with ``pytest tests/benchmarks --benchmark-enable``. No timed assertions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import upriver
from upriver.core.game import Game


def midgame(game_id: str, players: int, decisions: int = 120) -> Game:
    g = upriver.new_game(game_id, players=players, seed=1)
    rng = random.Random(1)
    for _ in range(decisions):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
    return g


def random_playout(game_id: str, players: int, seed: int) -> int:
    g = upriver.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    return len(g.history)


@pytest.mark.parametrize("game_id", upriver.games())
def test_bench_random_game_4p(benchmark: Any, game_id: str) -> None:
    players = max(upriver.game_info(game_id)["players"])
    seeds = iter(range(10**6))
    decisions = benchmark(lambda: random_playout(game_id, players, next(seeds)))
    assert decisions > 0


@pytest.mark.parametrize("game_id", upriver.games())
def test_bench_clone(benchmark: Any, game_id: str) -> None:
    g = midgame(game_id, max(upriver.game_info(game_id)["players"]))
    twin = benchmark(g.clone)
    assert twin.to_json() == g.to_json()


@pytest.mark.parametrize("game_id", upriver.games())
def test_bench_legal_actions(benchmark: Any, game_id: str) -> None:
    g = midgame(game_id, max(upriver.game_info(game_id)["players"]))

    def fresh_legal() -> list[str]:
        g._legal = None  # measure the rules, not the cache
        return g.legal_actions()

    assert benchmark(fresh_legal)


@pytest.mark.parametrize("game_id", upriver.games())
def test_bench_save_and_load(benchmark: Any, game_id: str) -> None:
    g = midgame(game_id, max(upriver.game_info(game_id)["players"]))
    loaded = benchmark(lambda: upriver.load_game(g.to_json()))
    assert loaded.view(0) == g.view(0)
