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


@pytest.mark.parametrize("game_id", upriver.games())
def test_mcts_stops_early_only_once_its_choice_cannot_change(game_id: str) -> None:
    """With an iteration budget, stopping when the leading root action can no longer be
    overtaken gives the choice the whole budget gives, and in at least one position stops
    before the end of the budget."""
    stopped_early = 0
    for seed in range(3):
        g = midgame(game_id, 2, seed, 30)
        early = MCTSAgent(seed, iters=400, width=3)
        full = MCTSAgent(seed, iters=400, width=3, early=0)
        assert early.choose(g) == full.choose(g)
        assert full.last_iterations == 400
        assert early.last_iterations <= 400
        stopped_early += early.last_iterations < 400
    assert stopped_early


def test_turns_taken_counts_the_solo_opponents_turns() -> None:
    """A solo seat always decides next, so a turn's end shows in ``turns_taken``: the person's
    turn and the opponent's that follows it are two turns."""
    g = upriver.new_game("wayfarers", players=1, seed=4, ai_board="mayor")
    rng = random.Random(4)
    assert g.turns_taken == 0
    while g.turns_taken == 0:
        g.play(rng.choice(g.legal_actions()))
    assert g.to_move == 0 and g.turns_taken == 2


BUDGETED = [
    ("twelve-rivers", 2, {}), ("twelve-rivers", 3, {"edition": "2022"}),
    ("the-river", 2, {}), ("wayfarers", 2, {}), ("wayfarers", 1, {"ai_board": "mayor"}),
]


def _bot_turns(game_id: str, players: int, options: dict[str, str], agent: MCTSAgent,
               turns: int) -> list[list[int]]:
    """The iterations of each decision of seat 0's first ``turns`` turns, the other seats random.
    A turn is a run of seat 0's decisions within one value of ``turns_taken`` (outside the
    counted turns, as in 12 Rivers' collection, the run alone)."""
    g = upriver.new_game(game_id, players=players, seed=5, **options)
    rng = random.Random(5)
    spent: list[list[int]] = []
    key = None
    while not g.is_over and len(spent) <= turns:
        if g.to_move != 0:
            g.play(rng.choice(g.legal_actions()))
            continue
        if (g.turns_taken, len(g.history)) != key:
            spent.append([])
        key = (g.turns_taken, len(g.history) + 1)
        g.play(agent.choose(g))
        spent[-1].append(agent.last_iterations)
        assert agent.turn_spent()[0] == (sum(spent[-1]) if agent.per == "turn"
                                         else agent.last_iterations)
    return spent[:turns]


@pytest.mark.parametrize(("game_id", "players", "options"), BUDGETED)
def test_a_bots_turn_never_spends_more_than_its_budget(
        game_id: str, players: int, options: dict[str, str]) -> None:
    """``mcts:iters=N`` is N iterations per turn, whatever the turn's number of decisions: the
    turn's later decisions spend what the first left, and a new turn has the whole budget again
    (the per-decision budget spends N on each)."""
    per_turn = _bot_turns(game_id, players, options, MCTSAgent(1, iters=40, early=0), 8)
    assert all(sum(turn) <= 40 for turn in per_turn)
    assert sum(sum(turn) == 40 for turn in per_turn) >= 4  # each new turn has the budget
    per_decision = _bot_turns(game_id, players, options,
                              MCTSAgent(1, iters=40, early=0, per="decision"), 8)
    assert all(n in (0, 40) for turn in per_decision for n in turn)
    if game_id == "wayfarers":  # turns of many decisions: each decision would spend it all
        assert any(sum(turn) > 40 for turn in per_decision)


def test_a_turns_later_decisions_go_on_in_the_tree_of_its_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first decision of a turn searches; a later one of the same turn goes on from the node
    that the first decision's choice reached, with its visits, and spends what is left."""
    g = upriver.new_game("wayfarers", players=2, seed=3)
    agent = MCTSAgent(2, iters=300, width=2)  # two root actions: the first settles early
    roots: list[tuple[int, int]] = []
    search = agent.search

    def spy(game: Game, *args: object, **kwargs: object) -> object:
        root = kwargs.get("root")
        roots.append((len(game.history), root.visits if root is not None else -1))
        return search(game, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(agent, "search", spy)
    turn = (g.to_move, g.turns_taken)
    while (g.to_move, g.turns_taken) == turn and len(roots) < 2:
        g.play(agent.choose(g))
    assert len(roots) == 2, "the turn has two searched decisions"
    assert roots[0][1] == -1  # a fresh tree
    assert roots[1][1] > 0  # the node the first search reached, with its visits
    assert agent.last_iterations > 0 and agent.turn_spent()[0] <= 300
    spent = agent.turn_spent()[0]
    while (g.to_move, g.turns_taken) == turn:  # the rest of the turn stays in the budget
        g.play(agent.choose(g))
    assert agent.turn_spent()[0] <= 300 and agent.turn_spent()[0] >= spent


def test_a_time_budget_is_per_turn_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """``mcts:secs=S``: the turn's decisions share S seconds (on a clock that ticks a millisecond
    whenever it is read, so the test does not depend on this machine's speed); once they are
    spent, the turn's last decisions take the tree's advice without searching."""
    import upriver.agents.mcts as mcts

    class Clock:
        now = 0.0

        @classmethod
        def perf_counter(cls) -> float:
            cls.now += 0.001
            return cls.now

    monkeypatch.setattr(mcts, "time", Clock)
    g = upriver.new_game("wayfarers", players=2, seed=3)
    agent = MCTSAgent(2, secs=0.2, early=0)
    turn = (g.to_move, g.turns_taken)
    searched = []
    while (g.to_move, g.turns_taken) == turn:
        g.play(agent.choose(g))
        searched.append(agent.last_iterations)
    assert searched[0] > 0 and searched[1:] and not any(searched[1:])
    assert 0.2 <= agent.turn_spent()[1] <= 0.2 + 0.003  # a deadline is checked each iteration


def test_a_decision_after_another_seats_decides_starts_a_new_turn() -> None:
    """Budgets follow the history: a seat's decision that does not follow its own last choice
    (another seat decided in between, or the game was rewound) is the start of a turn."""
    g = upriver.new_game("twelve-rivers", players=2, seed=8)
    agent = MCTSAgent(3, iters=30, early=0)
    first = g.clone()
    agent.choose(first)
    assert agent.turn_spent()[0] == 30
    agent.choose(g.clone())  # the same position again: not a continuation of that turn
    assert agent.turn_spent()[0] == 30 and agent.last_iterations == 30


def test_a_solo_playout_stops_at_the_end_of_the_turn_not_of_the_game() -> None:
    """MCTS plays ``depth`` decisions, then on to the end of the run of decisions; in solo the
    run ends with the turn (before, a playout ran to the end of the game)."""
    g = upriver.new_game("wayfarers", players=1, seed=2, ai_board="stargazer")
    agent = MCTSAgent(seed=1, depth=1)
    world = g.clone()
    agent._play_out(world)
    assert not world.is_over and world.turns_taken == 2
    assert len(world.history) < 40


def test_greedy_follow_up_in_solo_ends_with_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Greedy follows its own decisions only until its turn ends: the position it judges is
    the first one after the turn (and the opponent's reply), not one inside the next turn."""
    g = upriver.new_game("wayfarers", players=1, seed=3, ai_board="inventor")
    world = g.determinize(0, 1)
    start = world.turns_taken
    judged: list[Game] = []
    original = Game.evaluate

    def spy(self: Game, seat: int) -> float:
        judged.append(self.clone())
        return original(self, seat)

    monkeypatch.setattr(Game, "evaluate", spy)
    agent = make_agent("greedy", 1)
    agent._judge(world, world.legal_actions()[0], 0)  # type: ignore[attr-defined]
    monkeypatch.undo()
    last = judged[-1]
    assert not last.is_over and last.turns_taken == start + 2
    replay = world.clone()
    for _, action in last.history[len(world.history):-1]:
        replay.play(action)
        assert replay.turns_taken == start  # every follow-up but the last is inside the turn


def test_mcts_rewards_a_solo_loss_by_its_margin() -> None:
    """At the end of a solo game the reward grows with the seat's score against the opponent's:
    a lost game is not worth the same whatever the score (the opponent is the best score)."""
    from upriver.agents.mcts import rewards

    g = upriver.new_game("wayfarers", players=1, seed=6, ai_board="wayfarer")
    rng = random.Random(6)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    mine, theirs = g.scores()[0], g.opponents()[0]["score"]
    assert not g.winners() and theirs > mine > 0
    assert rewards(g) == [pytest.approx(0.2 * mine / theirs)]


def _solo_choice(seed: int) -> tuple[MCTSAgent, Game]:
    g = upriver.new_game("wayfarers", players=1, seed=seed, ai_board="stargazer")
    rng = random.Random(seed)
    while len(g.legal_actions()) < 4:
        g.play(rng.choice(g.legal_actions()))
    return MCTSAgent(seed=2, early=0), g


def test_a_choice_the_tree_has_barely_visited_is_the_look_aheads() -> None:
    """Where no action has ``ADVICE_VISITS`` visits the greedy look-ahead chooses (its best
    prior), not the most visited of a tree too thin to know; with enough visits the search's
    most visited action stands."""
    from upriver.agents.mcts import ADVICE_VISITS

    agent, g = _solo_choice(8)
    root, actions = agent.search(g, budget=(ADVICE_VISITS // 4, 0.0))
    assert 0 < max(root.children[a].visits for a in actions) < ADVICE_VISITS
    best_prior = max(actions, key=lambda a: root.children[a].prior)
    assert agent._most_visited(root, actions) == best_prior
    root, actions = agent.search(g, budget=(ADVICE_VISITS * 20, 0.0))
    most = max(root.children[a].visits for a in actions)
    assert most >= ADVICE_VISITS
    assert root.children[agent._most_visited(root, actions)].visits == most


def test_a_turns_decision_left_without_budget_and_a_thin_tree_takes_the_look_ahead(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The turn's budget spent, a later decision of the turn whose node the tree visited fewer
    than ``ADVICE_VISITS`` times runs the look-ahead (a search of no iterations) and takes its
    best prior, rather than the thin tree's most visited action."""
    from upriver.agents.mcts import Node

    g = upriver.new_game("wayfarers", players=1, seed=9, ai_board="stargazer")
    agent = MCTSAgent(seed=2, iters=30, early=0)
    calls: list[tuple[tuple[int, float] | None, Node, list[str]]] = []
    search = agent.search

    def spy(game: Game, *args: object, **kwargs: object) -> tuple[Node, list[str]]:
        root, actions = search(game, *args, **kwargs)  # type: ignore[arg-type]
        calls.append((kwargs.get("budget"), root, actions))  # type: ignore[arg-type]
        return root, actions

    monkeypatch.setattr(agent, "search", spy)
    checked = 0
    while not g.is_over and checked < 5:
        goes_on = agent._goes_on(g)
        node = agent._node if goes_on else None
        choices = len(g.legal_actions())
        before = len(calls)
        choice = agent.choose(g)
        if goes_on and node is not None and choices > 1 and agent.turn_spent()[0] == 30:
            assert node.visits < 30 + 1  # the whole turn's tree has 30 visits at most
            assert len(calls) == before + 1 and calls[-1][0] == (0, 0.0)
            _, root, actions = calls[-1]
            assert choice == max(actions, key=lambda a: root.children[a].prior)
            checked += 1
        g.play(choice)
    assert checked == 5


def test_a_spent_time_budget_takes_the_thin_trees_most_visited_action() -> None:
    """Once a time budget is spent the tree's advice stands however thin: the most visited
    action of the node, not the look-ahead's (it has not run there, so it has no opinion)."""
    from upriver.agents.mcts import ADVICE_VISITS, Node

    g = upriver.new_game("wayfarers", players=1, seed=10, ai_board="stargazer")
    rng = random.Random(10)
    while True:  # a decision with choices that continues the turn of the one before
        turn = g.turns_taken
        g.play(rng.choice(g.legal_actions()))
        if g.turns_taken == turn and len(g.legal_actions()) >= 3:
            break
    agent = MCTSAgent(seed=2, secs=1.0)
    agent._spent_secs = 2.0  # the turn's time is spent
    actions = g.legal_actions()
    node = Node(0)
    for n, a in enumerate(actions):
        node.children[a] = Node(0)
        node.children[a].visits = 1 if n < len(actions) - 1 else 3
    assert max(c.visits for c in node.children.values()) < ADVICE_VISITS
    agent._turn, agent._length = agent._turn_of(g), len(g.history) - 1
    agent._choice, agent._node = g.history[-1][1], node
    assert agent._goes_on(g)
    assert agent.choose(g) == actions[-1]
