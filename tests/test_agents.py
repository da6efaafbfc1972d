"""Bots: legal, reproducible, and blind to what their seat cannot see."""

from __future__ import annotations

import random

import pytest

import upriver
from upriver.agents import make_agent, parse_spec
from upriver.agents.mcts import MCTSAgent
from upriver.core.game import Game

SPECS = ["random", "greedy", "mcts:iters=30:depth=4"]


def midgame(game_id: str, players: int, seed: int, decisions: int) -> Game:
    g = upriver.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if g.is_over or (len(g.legal_actions()) > 3 and _ > decisions // 2):
            break
        g.play(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("game_id", upriver.games())
@pytest.mark.parametrize("spec", SPECS)
def test_bots_only_ever_play_legal_actions(game_id: str, spec: str) -> None:
    """A whole game with the bot in every seat: each choice is one of the legal actions."""
    g = upriver.new_game(game_id, players=2, seed=11)
    agents = [make_agent(spec, s) for s in range(2)]
    steps = 0
    while not g.is_over and steps < (400 if spec.startswith("mcts") else 5000):
        choice = agents[g.to_move or 0].choose(g)
        assert choice in g.legal_actions()
        g.play(choice)
        steps += 1
    assert steps > 0


@pytest.mark.parametrize("game_id", upriver.games())
@pytest.mark.parametrize("spec", SPECS)
def test_bots_are_reproducible_from_their_seed(game_id: str, spec: str) -> None:
    g = midgame(game_id, 3, 5, 60)
    choices = {make_agent(spec, 42).choose(g.clone()) for _ in range(2)}
    assert len(choices) == 1


@pytest.mark.parametrize("game_id", upriver.games())
@pytest.mark.parametrize("spec", ["greedy", "mcts:iters=40:depth=4"])
def test_bots_play_the_same_whatever_the_hidden_information(game_id: str, spec: str) -> None:
    """Two games that look the same to the bot's seat but differ in what it cannot see (other
    hands, decks) get the same decision from the same seed: a bot reads only its own view."""
    tested = 0
    for seed in range(6):
        g = midgame(game_id, 3, seed, 40 + 17 * seed)
        if g.is_over or len(g.legal_actions()) < 2:
            continue
        seat = g.to_move
        assert seat is not None
        other = g.determinize(seat, 1000 + seed)
        assert other.view(seat) == g.view(seat)
        assert other.to_json() != g.to_json()
        assert make_agent(spec, 7).choose(g) == make_agent(spec, 7).choose(other)
        tested += 1
    assert tested >= 3


def test_mcts_prefers_a_winning_move() -> None:
    """With the game about to end, search finds the delivery that decides it."""
    g = upriver.from_position("twelve-rivers", """
        players = 2
        round = 5
        step = "deliver"
        [[seat]]
        alpaca = "white"
        [[seat]]
        markaya = ["S2: green blue -"]
    """)
    assert g.to_move == 0
    assert "deliver white to S1 spot 3" in g.legal_actions()
    choice = MCTSAgent(3, iters=60, depth=0, bias=0.0).choose(g)
    assert choice == "deliver white to S1 spot 3"


def test_agent_specs_parse_and_bad_ones_are_refused() -> None:
    assert parse_spec("mcts:iters=200:playout=greedy") == (
        "mcts", {"iters": 200, "playout": "greedy"})
    assert parse_spec("mcts:secs=1") == ("mcts", {"secs": 1.0, "iters": 0})
    for bad in ("wizard", "mcts:iters=many", "mcts:speed=3", "greedy:iters=3",
                "mcts:playout=smart"):
        with pytest.raises(upriver.BadOption):
            make_agent(bad, 0)


def test_mcts_with_a_time_budget_counts_its_iterations() -> None:
    g = midgame("the-river", 2, 1, 10)
    agent = MCTSAgent(1, iters=0, secs=0.2, bias=0.0)
    assert agent.choose(g) in g.legal_actions()
    assert agent.last_iterations > 0
