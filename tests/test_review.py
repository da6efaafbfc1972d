"""Game review (issue 17): each decision judged from its seat's knowledge against the search
bot's choice (``upriver.review``), and ``upriver review`` on the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import upriver
from upriver.agents import make_agent
from upriver.agents.mcts import MCTSAgent
from upriver.cli import cli
from upriver.core.game import Game
from upriver.core.rng import derive_seed
from upriver.review import CLASSES, classify, decisions, judge, judge_turn, review_game, turns
from upriver.review.chances import curve_for, curves, final_worth, win_share
from upriver.review.classes import THRESHOLDS
from upriver.review.game_review import Review, check_budget
from upriver.terminal import saves

# One configuration of each game and kind of hidden information: hands and a draw pile (12
# Rivers), a tile stack and a building deck (The River), card piles and a solo opponent's
# face-down Schemes (Wayfarers).
HIDDEN = [("twelve-rivers", 4, {}), ("twelve-rivers", 3, {"edition": "2022"}),
          ("the-river", 3, {}), ("wayfarers", 2, {}), ("wayfarers", 1, {})]

FINAL_DELIVERY = """
players = 2
round = 5
step = "deliver"
[[seat]]
alpaca = "green blue white"
[[seat]]
alpaca = "green white"
"""


def _played(game_id: str, players: int, options: dict[str, object], plies: int,
            seed: int = 3) -> Game:
    """A game after ``plies`` random decisions, then on to the next decision with a choice."""
    g = upriver.new_game(game_id, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over and (len(g.history) < plies or g.legal_count() < 2):
        g.play(rng.choice(g.legal_actions()))
    assert not g.is_over
    return g


@pytest.mark.parametrize(("game_id", "players", "options"), HIDDEN,
                         ids=[f"{g}-{p}{'-' + '-'.join(map(str, o.values())) if o else ''}"
                              for g, p, o in HIDDEN])
def test_a_review_never_reads_hidden_state(game_id: str, players: int,
                                           options: dict[str, object]) -> None:
    """A decision judged in a game whose hidden parts (decks, other hands, the random stream)
    are swapped for another deal consistent with what the deciding seat saw gets exactly the
    same values, for the same seed: the judge never looks past the seat's knowledge."""
    for plies in (6, 40):
        real = _played(game_id, players, options, plies)
        seat = real.to_move
        assert seat is not None
        swapped = real.determinize(seat, 9_999)
        swapped._observer = None  # it must pass for a real game, not a judge's copy
        assert swapped.hidden_from(seat) != real.hidden_from(seat)
        assert swapped.view(seat) == real.view(seat)
        taken = real.legal_actions()[-1]
        a = judge(real, taken, seed=5, iters=40)
        b = judge(swapped, taken, seed=5, iters=40)
        assert a == b
        assert a.visits >= 40 // 6


def test_a_deliberately_bad_decision_is_classed_a_mistake_or_worse() -> None:
    """In the last round's delivery, stopping ("done") with the pearls that fill the starting
    Markaya still on the alpaca throws its points away: the review calls it a mistake or a
    blunder, and prefers a delivery."""
    g = upriver.from_position("twelve-rivers", FINAL_DELIVERY)
    j = judge(g, "done", seed=1, iters=300)
    assert j.best.startswith("deliver")
    assert j.grade in ("mistake", "blunder")
    assert j.loss >= THRESHOLDS[1][1]
    assert j.best_margin > j.margin
    good = judge(g, j.best, seed=1, iters=300)
    assert good.grade == "best" and good.loss == 0.0


def test_the_decision_taken_is_judged_even_when_the_bot_would_not_search_it() -> None:
    """The bot searches only its greedy look-ahead's six best actions; the decision taken is
    searched all the same, with at least a sixth of the iterations."""
    g = _played("twelve-rivers", 4, {}, 30)
    while g.legal_count() <= 6:
        g.play(g.legal_actions()[0])
    worst = g.legal_actions()[-1]
    j = judge(g, worst, seed=2, iters=120)
    assert j.visits >= 120 // 6
    assert j.choices == g.legal_count()


def test_a_review_is_reproducible_for_the_same_seed_and_budget() -> None:
    """The same game, seed and iteration budget give the same review, whether its decisions
    were judged in one process or spread over two."""
    g = upriver.new_game("the-river", players=2, seed=4)
    start = g.clone()
    rng = random.Random(4)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    one = review_game(start, g.history, seats=[1], iters=25, seed=8, jobs=1)
    two = review_game(start, g.history, seats=[1], iters=25, seed=8, jobs=2)
    assert one.to_dict() == two.to_dict()
    assert {j.seat for j in one.judgements} == {1}


def test_forced_decisions_are_not_judged() -> None:
    """Only decisions that offered a choice are judged: a forced one teaches nothing."""
    g = upriver.new_game("twelve-rivers", players=2, seed=6)
    start = g.clone()
    choices = []
    rng = random.Random(6)
    while not g.is_over:
        choices.append(g.legal_count())
        g.play(rng.choice(g.legal_actions()))
    judged = [d.ply for d in decisions(start, g.history)]
    assert judged == [i for i, n in enumerate(choices) if n > 1]
    assert len(judged) < len(choices)  # the game has forced decisions, so this checks them


def test_a_review_refuses_a_history_that_does_not_fit_the_game() -> None:
    g = upriver.new_game("twelve-rivers", players=2, seed=6)
    other = 1 - (g.to_move or 0)
    with pytest.raises(ValueError, match=f"seat {other}'s in the record"):
        list(decisions(g, [(other, "anything")]))


def _random_game(game_id: str, seed: int) -> tuple[Game, list[tuple[int, str]]]:
    g = upriver.new_game(game_id, players=2, seed=seed)
    start = g.clone()
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    return start, g.history


@pytest.mark.parametrize("game_id", ["twelve-rivers", "the-river", "wayfarers"])
def test_a_reviews_turns_are_each_seats_run_of_decisions_in_one_turn(game_id: str) -> None:
    """A review's turns (issue 26) are the game's turns: each a seat's decisions in one turn
    of the game (``turns_taken``), together the whole history, with as many judged as there
    are decisions with a choice; per decision, each decision with a choice alone."""
    start, history = _random_game(game_id, 11)
    every = list(turns(start, history))
    end = 0
    for t in every:  # in order, apart, each a run of its seat's decisions from its position
        assert t.ply >= end and history[t.ply:t.ply + len(t.taken)] == [
            (t.seat, a) for a in t.taken]
        end = t.ply + len(t.taken)
        g = upriver.load_game(t.saved)
        turn = (t.seat, g.turns_taken)
        assert len(g.history) == t.ply
        for action in t.taken:
            assert (g.to_move, g.turns_taken) == turn
            g.play(action)
        assert g.is_over or (g.to_move, g.turns_taken) != turn  # the whole run
    assert sum(t.judged for t in every) == len(list(decisions(start, history)))
    assert any(t.judged > 1 for t in every)  # turns of several choices: what this is about
    alone = list(turns(start, history, per="decision"))
    assert [(t.ply, t.taken[0]) for t in alone] == [
        (d.ply, d.taken) for d in decisions(start, history)]
    mine = list(turns(start, history, {1}))
    assert mine == [t for t in every if t.seat == 1]
    with pytest.raises(ValueError, match="per turn or per decision"):
        list(turns(start, history, per="move"))


def _turn_of_choices(game_id: str, seed: int, least: int = 2) -> tuple[Game, list[str]]:
    """A position at the start of a seat's turn with at least ``least`` decisions of choice,
    and the turn's decisions."""
    start, history = _random_game(game_id, seed)
    turn = next(t for t in turns(start, history) if t.judged >= least)
    return upriver.load_game(turn.saved), list(turn.taken)


def test_a_turn_is_judged_as_one_search_within_the_turns_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``judge_turn`` (issue 26): the turn's iterations are shared evenly by its decisions of
    choice, spending exactly the budget whatever their number, and each decision's search goes
    on from the node the decision before it reached, with what was learnt there."""
    game, taken = _turn_of_choices("twelve-rivers", 3)
    roots: list[tuple[Any, int]] = []
    search = MCTSAgent.search

    def recorded(self: MCTSAgent, *args: Any, **kwargs: Any) -> Any:
        given = kwargs.get("root")
        roots.append((given, given.visits if given is not None else 0))
        found = search(self, *args, **kwargs)
        roots.append((found[0], found[0].visits))
        return found

    monkeypatch.setattr(MCTSAgent, "search", recorded)
    judged = judge_turn(game, taken, seed=4, iters=301)
    k = len(judged)
    assert k >= 2 and sum(j.iterations for j in judged) == 301
    assert sorted({j.iterations for j in judged}) == sorted({301 // k, -(-301 // k)})
    assert roots[0][0] is None  # the turn's first search starts a tree
    for n in range(1, k):
        given, visits = roots[2 * n]
        before = roots[2 * n - 1][0]
        assert given is before.children[judged[n - 1].taken] and visits > 0
    probe, chosen = game.clone(), []
    for action in taken:
        if probe.legal_count() > 1:
            chosen.append((len(probe.history), action))
        probe.play(action)
    assert [(j.ply, j.taken) for j in judged] == chosen
    assert {j.seat for j in judged} == {game.to_move}


@pytest.mark.parametrize("game_id", ["twelve-rivers", "the-river"])
def test_a_turn_judged_from_another_deal_gets_the_same_judgements(game_id: str) -> None:
    """A turn's search, like a decision's, sees only what the deciding seat saw: the same
    turn in a deal swapped for another that the seat cannot tell apart at any of the turn's
    decisions is judged the same."""
    for seed in range(20):
        start, history = _random_game(game_id, seed)
        for t in turns(start, history):
            game = upriver.load_game(t.saved)
            swapped = game.determinize(t.seat, 4_242)
            swapped._observer = None  # it must pass for a real game, not a judge's copy
            if t.judged < 2 or swapped.hidden_from(t.seat) == game.hidden_from(t.seat):
                continue
            real, other = game.clone(), swapped.clone()
            alike = True
            for action in t.taken:
                if real.view(t.seat) != other.view(t.seat):
                    alike = False
                    break
                real.play(action)
                other.play(action)
            if alike:
                assert judge_turn(game, list(t.taken), seed=2, iters=60) == judge_turn(
                    swapped, list(t.taken), seed=2, iters=60)
                return
    pytest.fail("no turn of several decisions alike in two deals")


def test_a_turn_that_does_not_fit_the_game_is_refused() -> None:
    game, taken = _turn_of_choices("twelve-rivers", 3)
    with pytest.raises(ValueError, match="not legal"):
        judge_turn(game, [*taken[:1], "nonsense"], seed=1, iters=10)
    g = upriver.new_game("the-river", players=2, seed=1)
    with pytest.raises(ValueError, match="is not seat"):
        judge_turn(g, [g.legal_actions()[0]] * 40, seed=1, iters=10)


def test_a_review_per_decision_judges_each_decision_alone_with_the_whole_budget() -> None:
    """``per="decision"``: the review before turns, each decision with a choice searched from
    a fresh tree with the whole budget and its own seed."""
    start, history = _random_game("the-river", 7)
    review = review_game(start, history, seats=[0], iters=30, seed=6, per="decision")
    alone = [judge(upriver.load_game(d.saved), d.taken, seed=derive_seed(6, d.ply), iters=30)
             for d in decisions(start, history, {0})]
    assert review.judgements == alone and review.per == "decision"
    per_turn = review_game(start, history, seats=[0], iters=30, seed=6)
    assert per_turn.per == "turn" and len(per_turn.judgements) == len(alone)
    assert sum(j.iterations for j in per_turn.judgements) < sum(j.iterations for j in alone)
    assert Review.from_dict(per_turn.to_dict()) == per_turn


def test_classes_follow_the_documented_thresholds() -> None:
    """Best is the bot's own choice; then good, inaccuracy, mistake and blunder by the win
    chance lost."""
    assert classify(0.5, True) == "best"
    assert classify(0.0, False) == "good"
    thresholds = dict(THRESHOLDS)
    for name in ("inaccuracy", "mistake", "blunder"):
        assert classify(thresholds[name], False) == name
        assert classify(thresholds[name] - 1e-9, False) == CLASSES[CLASSES.index(name) - 1]


def test_win_share_is_even_when_projections_are_equal_and_grows_with_the_lead() -> None:
    assert win_share([0.0, 0.0, 0.0, 0.0], 2, 10.0) == pytest.approx(0.25)
    assert win_share([0.0], 0, 10.0) == pytest.approx(0.5)  # solo: against the opponent
    assert win_share([0.0], 0, 10.0, drift=-40.0) < 0.02  # ...whose late points are known
    # Seat 0 leads seat 1 by 5 and seat 2 by 8: seat 1 and 2 are 5 and 8 behind the leader.
    chances = [win_share([5.0, -5.0, -8.0], s, 5.0) for s in range(3)]
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] > chances[2]
    assert win_share([5.0, -5.0, -8.0], 0, 1.0) > chances[0]  # a colder game is surer


def test_a_finished_game_is_worth_its_result() -> None:
    """Win share (a tie for first shares it) and the real margin over the best other side."""
    g = upriver.new_game("the-river", players=2, seed=1)
    rng = random.Random(1)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    scores, winners = g.scores(), g.winners()
    for seat in range(2):
        win, margin = final_worth(g, seat)
        assert margin == scores[seat] - scores[1 - seat]
        assert win == (1 / len(winners) if seat in winners else 0.0)


def test_every_game_and_player_count_has_a_win_chance_calibration() -> None:
    """Each game and player count has its measured curve, and so have the 2022 edition of 12
    Rivers and its Family Mode: a game is judged by the curve of the most options it names."""
    for game_id in upriver.games():
        for players in upriver.game_info(game_id)["players"]:
            curve = curve_for(upriver.new_game(game_id, players=players, seed=1))
            assert curve.plies > 10
            assert all(0 < t < 1000 for t in curve.temperatures)
            assert (curve.drift != (0.0, 0.0)) == (players == 1)  # solo only
    default, edition, family = (
        curve_for(upriver.new_game("twelve-rivers", players=3, seed=1, **options))
        for options in ({}, {"edition": "2022"}, {"edition": "2022", "family": True}))
    assert len({default, edition, family}) == 3
    assert curve_for(upriver.new_game("twelve-rivers", players=3, seed=1,
                                      stack_extra_pearl_effects=False)) == default
    assert len(curves()) == 16


@pytest.mark.parametrize(("iters", "secs", "message"), [
    (10, 1.0, "not both"), (0, 601.0, "at most 600"), (2_000_000, 0.0, "1 to 1000000")])
def test_a_bad_review_budget_is_refused(iters: int, secs: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_budget(iters, secs)


# ---------------------------------------------------------------- upriver review


def _replay_file(folder: Path, finished: bool = True) -> Path:
    g = upriver.new_game("twelve-rivers", players=2, seed=21)
    bots = [make_agent("greedy", 1), make_agent("random", 2)]
    while not g.is_over and (finished or len(g.history) < 20):
        g.play(bots[g.to_move].choose(g))  # type: ignore[index]
    path = folder / "game.json"
    saves.write(path, g, ["greedy", "random"], 21)
    return path


def test_review_command_prints_each_decision_a_summary_and_writes_the_graph(
        tmp_path: Path) -> None:
    """``upriver review FILE --seat N --out DIR``: a table of the seat's decisions with class
    and loss, a summary per seat, and the review as JSON with its graph as a PNG."""
    path = _replay_file(tmp_path)
    result = CliRunner().invoke(cli, ["review", str(path), "--seat", "1", "--iters", "20",
                                      "--jobs", "1", "--out", str(tmp_path)],
                                terminal_width=160)
    assert result.exit_code == 0, result.output
    assert "seat 1 (random): decisions" in result.output
    assert "review summary" in result.output
    data = json.loads((tmp_path / "game-review.json").read_text())
    review = Review.from_dict(data)
    assert review.seats == [1] and review.iters == 20
    assert review.judgements and {j.seat for j in review.judgements} == {1}
    assert data["summary"][0]["decisions"] == len(review.judgements)
    assert sum(data["summary"][0]["counts"].values()) == len(review.judgements)
    png = (tmp_path / "game-review.png").read_bytes()
    assert png.startswith(b"\x89PNG")


@pytest.mark.parametrize(("extra", "message"), [
    (["--seat", "2"], "--seat must be from 0 to 1"),
    (["--iters", "5", "--secs", "1"], "not both"),
    (["--out", "/dev/null"], "/dev/null is a file, not a folder"),  # a missing one is made
])
def test_review_command_refuses_bad_input_in_one_line(tmp_path: Path, extra: list[str],
                                                      message: str) -> None:
    path = _replay_file(tmp_path)
    result = CliRunner().invoke(cli, ["review", str(path), *extra])
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


def test_review_command_needs_a_finished_replay(tmp_path: Path) -> None:
    path = _replay_file(tmp_path, finished=False)
    result = CliRunner().invoke(cli, ["review", str(path)])
    assert result.exit_code == 1 and "not finished" in result.output
    plain = tmp_path / "plain.json"
    plain.write_text(upriver.new_game("twelve-rivers", players=2, seed=1).to_json())
    result = CliRunner().invoke(cli, ["review", str(plain)])
    assert result.exit_code == 1 and "needs a replay file" in result.output


def test_the_printed_review_leads_with_points_lost_and_fits_80_columns(tmp_path: Path) -> None:
    """At 80 columns every line of ``upriver review`` fits; each decision's row gives the
    points lost before the win chance lost (a seat far behind loses little win chance
    whatever it does), and so does the summary."""
    path = _replay_file(tmp_path)
    result = CliRunner().invoke(cli, ["review", str(path), "--iters", "20", "--jobs", "1",
                                      "--out", str(tmp_path)], terminal_width=80,
                                env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if not line.startswith("wrote ")]
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    header = next(line for line in lines if "bot's choice" in line)
    assert header.index("points lost") < header.index("win % lost")
    summary = next(line for line in lines if line.strip().startswith("seat ") and "judged" in line)
    assert summary.index("points") < summary.index("win %")


def test_the_largest_losses_are_the_most_points_lost_first() -> None:
    """A seat's largest losses are ordered by points lost, then by win chance lost: a
    decision that cost 9 points but little win chance comes before one that cost 2 points
    and more win chance."""
    def judged(ply: int, win: float, margin: float) -> Any:
        from upriver.review.judge import Judgement
        return Judgement(ply=ply, seat=0, choices=2, taken="a", best="b", win=win, margin=margin,
                         best_win=0.05, best_margin=0.0, visits=10, best_visits=90,
                         iterations=100)
    review = Review("the-river", 2, {}, [0], 100, 0.0, 1,
                    [judged(3, 0.04, -9.0), judged(5, 0.0, -2.0), judged(7, 0.05, 0.0)])
    assert [j.ply for j in review.largest_losses(0)] == [3, 5]
