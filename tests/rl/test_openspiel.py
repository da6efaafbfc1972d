"""Every game as an OpenSpiel Python game: OpenSpiel's consistency checks pass and its own
bots and evaluation helpers play complete games."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.bots import uniform_random

import upriver
from tests.rl.configs import environment_configurations
from upriver import rl
from upriver.rl.openspiel import register, short_name


def test_every_game_is_registered_with_openspiel() -> None:
    """``register`` adds one OpenSpiel game per upriver game, with its player counts."""
    names = register()
    assert names == [short_name(g) for g in upriver.games()]
    for game_id in upriver.games():
        game_type = pyspiel.load_game(short_name(game_id)).get_type()
        assert game_type.min_num_players == min(upriver.game_info(game_id)["players"])
        assert game_type.max_num_players == max(upriver.game_info(game_id)["players"])
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


@pytest.mark.parametrize(("game_id", "players", "options"), environment_configurations())
def test_openspiel_random_sim_test_passes(game_id: str, players: int,
                                          options: dict[str, Any]) -> None:
    """OpenSpiel's C++ consistency checks over a random game (legal actions, masks, clones,
    observation tensors and strings, returns) for every game, player count and edition."""
    if game_id == "wayfarers" and players > 1:
        # Random seats never race to the end: their games last until the stall guard (round
        # 200). A nearer guard keeps the check's thousands of clones quick; the rules are the same.
        options = {**options, "round_limit": 40}
    game = rl.openspiel_game(game_id, players=players, seed=3, **options)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


# Short games where the game has a stall guard, so the random rollouts stay quick.
WHOLE_GAMES = [
    pytest.param("the-river", 2, {"round_limit": 4}, id="the-river-2p"),
    pytest.param("twelve-rivers", 2, {}, id="twelve-rivers-2p"),
    pytest.param("twelve-rivers", 2, {"edition": "2022"}, id="twelve-rivers-2p-2022"),
    pytest.param("wayfarers", 2, {"round_limit": 3}, id="wayfarers-2p"),
    pytest.param("wayfarers", 1, {"ai_board": "mayor"}, id="wayfarers-solo"),
]


@pytest.mark.parametrize(("game_id", "players", "options"), WHOLE_GAMES)
def test_openspiel_mcts_and_ismcts_bots_play_whole_games(game_id: str, players: int,
                                                         options: dict[str, Any]) -> None:
    """OpenSpiel's MCTS bot (through its ``evaluate_bots`` helper) and IS-MCTS bot, with its
    random-rollout evaluator, each play a whole game (against its random bot where there are
    two seats); the returns are the game's result."""
    game = rl.openspiel_game(game_id, players=players, seed=1, **options)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator,
                            random_state=rng)
    others = [uniform_random.UniformRandomBot(s, rng) for s in range(1, players)]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, [searcher, *others], rng)
    _check_result(state, returns)
    # IS-MCTS has no restart_at, so evaluate_bots cannot drive it: the same loop by hand.
    bots = [ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rng),
            *others]
    state = game.new_initial_state()
    for _ in range(20_000):
        if state.is_terminal():
            break
        state.apply_action(bots[state.current_player()].step(state))
    _check_result(state, state.returns())


def _check_result(state: Any, returns: Any) -> None:
    assert state.is_terminal() and list(returns) == state.returns()
    g = state.upriver_game
    assert list(returns) == [1.0 if s in g.winners() else -1.0 for s in range(g.num_players)]


def test_resampling_keeps_what_the_seat_knows() -> None:
    """``resample_from_infostate`` is ``determinize``: the seat's observation and information
    state are unchanged."""
    game = rl.openspiel_game("twelve-rivers", players=3, seed=5)
    state = game.new_initial_state()
    rng = np.random.RandomState(5)
    for _ in range(25):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    twin = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.))
    assert twin.observation_tensor(seat) == state.observation_tensor(seat)
    assert twin.information_state_string(seat) == state.information_state_string(seat)
    assert twin.legal_actions() == state.legal_actions()


def test_bad_parameters_are_refused() -> None:
    """A bad player count, reward or option value is upriver's one-line ``BadOption``; a
    parameter the game does not have is refused by OpenSpiel itself."""
    for params in ({"players": 9}, {"reward": "gold"}, {"round_limit": 0}):
        with pytest.raises(upriver.BadOption) as err:
            rl.openspiel_game("the-river", **params)
        assert "\n" not in str(err.value)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'speed'"):
        rl.openspiel_game("the-river", speed=3)
