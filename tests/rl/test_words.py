"""The structured action space (``actions="words"``): a decision spelled one word at a time,
with the flat catalogue's mask contract (issue 27)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import upriver
from tests.rl.configs import environment_configurations
from upriver import rl
from upriver.rl.surface import Surface
from upriver.rl.words import END, Spelling, vocabulary


def _spell(spelling: Spelling, words: tuple[int, ...]) -> int | None:
    """Say an action's words in order (those the spelling asks for)."""
    for depth, word in enumerate((*words, END)):
        if spelling.action is not None:
            break
        if depth == spelling.depth:
            spelling.choose(word)
    return spelling.action


@pytest.mark.parametrize(("game_id", "players"), [
    ("twelve-rivers", 4), ("the-river", 3), ("wayfarers", 2), ("wayfarers", 1)])
def test_every_legal_action_is_spelled_and_every_masked_word_leads_to_one(
        game_id: str, players: int) -> None:
    """At decisions of random games: each legal action is reached by saying its words, and
    only it; each word the mask offers, at every depth, continues at least one legal action;
    the words offered are never fewer than two (a forced word is said for the learner)."""
    surface = Surface(game_id, players)
    vocab = vocabulary(surface.actions)
    g = upriver.new_game(game_id, players=players, seed=4)
    rng = random.Random(4)
    checked = 0
    while not g.is_over and checked < 60:
        legal = surface.legal_indices(g)
        if len(legal) > 1:
            for index in legal:
                assert _spell(Spelling(vocab, legal), vocab.spelled[index]) == index
            walk = Spelling(vocab, legal)
            while walk.action is None:
                offered = walk.legal_words()
                assert len(offered) >= 2
                for word in offered:
                    assert walk.ways[word], "a masked word continues a legal action"
                walk.choose(rng.choice(offered))
            assert walk.action in legal
            checked += 1
        g.play(rng.choice(g.legal_actions()))
    assert checked >= 20


def test_the_vocabulary_is_every_word_of_the_catalogue_and_bounds_the_choices() -> None:
    """Word 0 is ``<end>``; every catalogue text is its words; the observation holds one block
    per choice, as many as the catalogue's most."""
    env = rl.gym_env("the-river", players=2, actions="words")
    vocab = env.vocab
    assert vocab.words[END] == "<end>"
    for text, spelled in zip(env.surface.actions, vocab.spelled, strict=True):
        assert " ".join(vocab.words[w] for w in spelled) == text
    assert vocab.choices >= 2
    assert env.observation_space.shape == (env.surface.size + vocab.choices * vocab.size,)
    assert env.action_space.n == vocab.size


def test_a_spelled_decision_is_played_when_one_action_is_left() -> None:
    """Words said show in the observation's blocks, the seat's own part stays as it was, and
    the game moves only when the words name one legal action."""
    env = rl.gym_env("twelve-rivers", players=2, actions="words", opponents="random")
    obs, info = env.reset(seed=3)
    rng = random.Random(3)
    base = env.surface.size
    moves = 0
    for _ in range(200):
        spelling = env.spelling
        assert spelling is not None
        before = len(env.game.history)
        word = rng.choice(env.legal())
        assert info["action_mask"][word]
        obs, _, done, _, info = env.step(word)
        if done:
            break
        if len(env.game.history) == before:  # a word said, the decision goes on
            k = len(env.spelling.chosen) - 1
            assert obs[base + k * env.vocab.size + word] == 1.0
            assert obs[base:].sum() == len(env.spelling.chosen)
        else:
            moves += 1
            assert obs[base:].sum() == 0.0  # a new decision starts with no words
    assert moves > 20


def test_an_unmasked_word_is_penalised_or_refused_and_changes_nothing() -> None:
    """The flat space's contract: an unmasked word returns the penalty and the reason (or
    raises with ``illegal="raise"``), and neither the game nor the words said change."""
    env = rl.gym_env("twelve-rivers", players=2, actions="words")
    obs, _ = env.reset(seed=5)
    before = (env.game.to_json(), list(env.spelling.chosen), env.spelling.depth)
    bad = int(np.flatnonzero(~env.action_masks())[0])
    after, reward, done, _, info = env.step(bad)
    assert reward == -1.0 and not done and "continues no legal action" in info["illegal"]
    assert np.array_equal(obs, after)
    assert (env.game.to_json(), list(env.spelling.chosen), env.spelling.depth) == before
    for word in (env.vocab.size, -1, 2.5):
        assert "whole number" in env.step(word)[4]["illegal"]
    strict = rl.gym_env("twelve-rivers", players=2, actions="words", illegal="raise")
    strict.reset(seed=5)
    with pytest.raises(upriver.IllegalAction, match="continues no legal action"):
        strict.step(bad)
    with pytest.raises(upriver.BadOption, match="actions must be one of catalogue, words"):
        rl.gym_env("twelve-rivers", actions="letters")


@pytest.mark.parametrize(("game_id", "players", "options"), environment_configurations())
def test_gymnasium_check_env_passes_with_words(game_id: str, players: int,
                                               options: dict[str, Any]) -> None:
    """Gymnasium's checker on the structured space, every game and option set."""
    env = rl.gym_env(game_id, players=players, actions="words", **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)


def test_the_vector_spells_as_the_single_environment_does() -> None:
    """``vector_env(actions="words")`` over two processes plays the single environments'
    games word for word."""
    vec = rl.vector_env("wayfarers", num_envs=2, processes=2, players=2, actions="words")
    singles = [rl.gym_env("wayfarers", players=2, actions="words") for _ in range(2)]
    try:
        obs, _ = vec.reset(seed=9)
        for i, env in enumerate(singles):
            assert np.array_equal(obs[i], env.reset(seed=9 + i)[0])
        rng = random.Random(9)
        for _ in range(150):
            words = [rng.choice(legal) for legal in vec.legal_actions()]
            obs, rewards, done, _, _ = vec.step(words)
            for i, env in enumerate(singles):
                one, reward, over, _, _ = env.step(words[i])
                assert reward == rewards[i] and over == done[i]
                if over:
                    one, _ = env.reset()
                assert np.array_equal(obs[i], one)
                assert sorted(env.legal()) == sorted(vec.legal_actions()[i])
    finally:
        vec.close()


WORD_CONFIGS = [pytest.param(*c[:3], id=f"{c[0]}-{c[1]}p-{c[3]}") for c in (
    ("twelve-rivers", 4, {}, "default"),
    ("twelve-rivers", 2, {"edition": "2022", "family": True}, "2022-family"),
    ("the-river", 3, {}, "default"), ("wayfarers", 2, {}, "default"),
    ("wayfarers", 1, {"ai_board": "mayor"}, "mayor"))]


@pytest.mark.parametrize(("game_id", "players", "options"), WORD_CONFIGS)
def test_pettingzoo_api_and_seed_tests_pass_with_words(game_id: str, players: int,
                                                       options: dict[str, Any]) -> None:
    """PettingZoo's ``api_test`` and ``seed_test`` on the structured space."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(rl.env(game_id, players=players, actions="words", **options), num_cycles=1000)
    seed_test(lambda: rl.env(game_id, players=players, actions="words", **options),
              num_cycles=100)


@pytest.mark.parametrize(("game_id", "players"), [
    ("twelve-rivers", 3), ("the-river", 2), ("wayfarers", 2), ("wayfarers", 1)])
def test_pettingzoo_agents_spell_the_actions_they_mean(game_id: str, players: int) -> None:
    """Agents that spell randomly chosen legal actions play exactly those, and the game is
    the one played directly with them: only decisions with one legal action are played for a
    seat, every word an agent needs is in its mask, and no other agent has a legal word."""
    env = rl.env(game_id, players=players, actions="words")
    env.reset(seed=5)
    vocab = env.vocab
    direct = upriver.new_game(game_id, players=players, seed=5)
    rng = random.Random(5)
    target: int | None = None
    spelled = 0
    for agent in env.agent_iter(20_000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        game = env.game
        if target is None:  # a new decision: the forced ones before it were played for it
            for seat, text in game.history[len(direct.history):]:
                assert direct.legal_actions() == [text] and direct.to_move == seat
                direct.play(text)
            assert env.possible_agents[direct.to_move] == agent
            target = rng.choice(env.surface.legal_indices(direct))
            before = len(game.history)
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        words = vocab.spelled[target]
        word = words[env.spelling.depth] if env.spelling.depth < len(words) else END
        assert obs["action_mask"][word] == 1
        env.step(word)
        if len(game.history) > before:
            assert game.history[before] == (direct.to_move, env.surface.actions[target])
            direct.play(env.surface.actions[target])
            target = None
            spelled += 1
    assert env.game.is_over and spelled > 20
    for _, text in env.game.history[len(direct.history):]:
        assert direct.legal_actions() == [text]
        direct.play(text)
    assert direct.is_over and direct.scores() == env.game.scores()


def test_pettingzoo_refuses_an_unmasked_word_and_changes_nothing() -> None:
    """An unmasked or malformed word raises ``IllegalAction`` in one line; the game, the
    words said and the observation stay as they were. A bad ``actions`` is one line too."""
    env = rl.env("twelve-rivers", players=2, actions="words")
    env.reset(seed=5)
    obs = env.observe(env.agent_selection)
    before = (env.game.to_json(), list(env.spelling.chosen), env.spelling.depth)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    for word in (bad, env.vocab.size, -1, 2.5):
        with pytest.raises(upriver.IllegalAction) as refused:
            env.step(word)
        assert "\n" not in str(refused.value)
    assert (env.game.to_json(), list(env.spelling.chosen), env.spelling.depth) == before
    assert np.array_equal(env.observe(env.agent_selection)["observation"], obs["observation"])
    with pytest.raises(upriver.BadOption, match="actions must be one of catalogue, words"):
        rl.env("twelve-rivers", actions="letters")
