"""Information-set Monte Carlo tree search (single-observer IS-MCTS, Cowling, Powley and
Whitehouse 2012).

Every iteration samples a world the searching seat cannot tell apart from the real one
(``determinize``), walks the tree by UCB over the actions legal in that world (counting how often
each action was available), expands one action, plays on with the random or greedy policy for
``depth`` decisions (0: to the end), and credits each node with the result for the seat that
chose it: the final result, or the game's evaluation squashed to 0..1 when the playout stopped
early. It never sees what its seat cannot see, and with an iteration budget it is exactly
reproducible from its seed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from upriver.core.game import Game

MAX_PLAYOUT = 20_000  # decisions; a bound on every playout, far above any game's length


class Node:
    __slots__ = ("avail", "children", "mover", "prior", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat whose choice led here
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.prior = 0.0  # progressive bias from the greedy look-ahead (root only)
        self.children: dict[str, Node] = {}


EVAL_SCALE = 6.0  # points of evaluation that move a reward from 0.5 to about 0.73


def rewards(game: Game) -> list[float]:
    """Per seat, in 0..1: at the end a share of victory plus a little for the score relative
    to the best (an automated opponent's too); before it, the game's evaluation of the seat's
    lead, squashed."""
    if not game.is_over:
        return [1.0 / (1.0 + math.exp(-v / EVAL_SCALE)) for v in game.evaluations()]
    scores = game.scores()
    winners = game.winners()
    # The best score at the table, a solo opponent's included: against it a seat's share of
    # the score tells a close loss from a rout.
    best = max(*scores, *(o["score"] for o in game.opponents()), 1)
    return [
        (0.8 / len(winners) if s in winners else 0.0) + 0.2 * max(0, scores[s]) / best
        for s in range(game.num_players)
    ]


# Visits below which the tree has no opinion worth taking: the turn's later decisions, left
# with little or none of its budget, would otherwise choose among children visited 0-2 times,
# close to at random (docs/bots.md, "the strength ladder"); the look-ahead chooses there.
ADVICE_VISITS = 40

SETTLE_EVERY = 8  # iterations between checks whether the choice is already settled


def _settled(root: Node, left: float) -> bool:
    """Whether the most visited root action stays the most visited even if every iteration
    still to come went to the runner-up (the early stop of "smart pruning"): the choice cannot
    change, so those iterations would be spent for nothing."""
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > left


class MCTSAgent:
    """The search bot. Its budget, ``iters`` iterations or ``secs`` seconds, is per turn (as a
    person thinks about a turn, not about each small decision of it): the turn's first decision
    searches, and the decisions that follow in the same turn go on from the node of the tree
    that the search had reached for them, extended with what is left of the budget. A game that
    counts turns (``Game.turns_taken``) says where a turn ends; elsewhere a seat's turn is its
    run of decisions, until another seat decides. Where no action of a decision has been visited
    ``ADVICE_VISITS`` times (a turn's later decisions, its budget mostly spent on the first),
    the greedy look-ahead chooses (with a time budget, only while time is left).
    ``per="decision"`` gives each decision the whole budget and a fresh tree."""

    name = "mcts"

    def __init__(self, seed: int, iters: int = 1000, secs: float = 0.0, c: float = 0.7,
                 playout: str = "random", depth: int = 20, bias: float = 1.0,
                 width: int = 6, early: int = 1, per: str = "turn") -> None:
        if playout not in ("random", "greedy"):
            raise ValueError(f"mcts playout must be random or greedy, not {playout!r}")
        if per not in ("turn", "decision"):
            raise ValueError(f"mcts per must be turn or decision, not {per!r}")
        self.rng = random.Random(seed)
        self.iters = iters
        self.secs = secs
        self.c = c
        self.playout = playout
        self.depth = depth if depth > 0 else MAX_PLAYOUT
        self.bias = bias
        self.width = width
        self.early = early
        self.per = per
        self.last_iterations = 0
        # The turn under way: which it is, the history's length and this agent's choice at its
        # last decision, what it has spent, and the node of the tree that choice reached.
        self._turn: tuple[int | None, int | None] | None = None
        self._length = -1
        self._choice = ""
        self._spent_iters = 0
        self._spent_secs = 0.0
        self._node: Node | None = None

    def turn_spent(self) -> tuple[int, float]:
        """Iterations and seconds of search spent so far in the current turn."""
        return self._spent_iters, self._spent_secs

    def _turn_of(self, game: Game) -> tuple[int | None, int | None]:
        """What identifies the seat's turn: its number where the game counts turns, else the
        run of decisions (it goes on while the history grows by this seat's choices only)."""
        return (game.to_move, game.turns_taken)

    def _goes_on(self, game: Game) -> bool:
        """The decision continues the turn of the last one: the same seat, the same turn, and
        nothing decided since but this agent's own choice."""
        if self.per != "turn" or self._turn is None:
            return False
        return (self._turn_of(game) == self._turn and len(game.history) == self._length + 1
                and game.history[-1] == (self._turn[0], self._choice))

    def choose(self, game: Game) -> str:
        actions = game.legal_actions()
        goes_on = self._goes_on(game)
        if not goes_on:
            self._spent_iters, self._spent_secs, self._node = 0, 0.0, None
        forced = len(actions) == 1
        if forced:
            choice = actions[0]
            self.last_iterations = 0
        else:
            iters = max(0, self.iters - self._spent_iters)
            secs = max(0.0, self.secs - self._spent_secs) if self.secs > 0 else 0.0
            spent = secs == 0.0 if self.secs > 0 else iters == 0
            if spent:  # (0, 0): no iteration, only the tree's advice or the look-ahead's
                iters, secs = 0, 0.0
            node = self._node
            # A thin tree's advice is the look-ahead's, except once a time budget is spent:
            # the look-ahead takes time, and the budget is a promise about time.
            enough = 1 if spent and self.secs > 0 else ADVICE_VISITS
            if spent and node is not None and max(
                    (node.children[a].visits for a in actions if a in node.children),
                    default=0) >= enough:
                root = node  # nothing left to search with: the tree's advice as it stands
                self.last_iterations = 0
            else:
                start = time.perf_counter()
                root, actions = self.search(game, budget=(iters, secs), root=node)
                self._spent_secs += time.perf_counter() - start
                self._spent_iters += self.last_iterations
            choice = self._most_visited(root, actions, enough)
            self._node = root.children.get(choice)
        if forced and self._node is not None:  # the tree goes on past a forced decision
            self._node = self._node.children.get(choice)
        self._turn, self._length, self._choice = self._turn_of(game), len(game.history), choice
        return choice

    def _most_visited(self, root: Node, actions: list[str],
                      enough: int = ADVICE_VISITS) -> str:
        """The most visited action, ties broken at random; where no action has been visited
        ``enough`` times, the greedy look-ahead's (the best prior)."""
        visited = [(root.children[a].visits, a) for a in actions if a in root.children]
        most = max((v for v, _ in visited), default=0)
        if most < enough:
            return max(actions, key=lambda a: root.children[a].prior if a in root.children
                       else float("-inf"))
        return self.rng.choice([a for v, a in visited if v == most])

    def search(self, game: Game, keep: str = "", share: float = 0.0,
               observe: Callable[[list[Node], Game], None] | None = None,
               budget: tuple[int, float] | None = None,
               root: Node | None = None) -> tuple[Node, list[str]]:
        """The search tree's root after the budget, and the root actions searched. ``budget``
        is (iterations, seconds), by default the agent's own (``iters``, ``secs``); seconds
        above 0 replace the iterations. ``root`` is a node of an earlier search to go on from.
        ``keep`` is searched even if the greedy look-ahead would prune it, and tried first
        whenever it has had less than ``share`` of the iterations (a review judges the decision
        taken as well as the bot's own). ``observe(path, final world)`` is told where each
        iteration ended and the nodes it went through (the root's child first)."""
        start = time.perf_counter()  # the time budget includes the greedy look-ahead
        iters, secs = budget if budget is not None else (self.iters, self.secs)
        me = game.to_move
        assert me is not None
        actions = game.legal_actions()
        root = root if root is not None else Node(-1)
        searched: frozenset[str] = frozenset()
        if self.bias > 0 or self.width > 0:
            actions = self._seed_root(game, me, root, actions, keep)
            searched = frozenset(actions)
        deadline = start + secs if secs > 0 else 0.0
        n = 0
        while True:
            now = time.perf_counter()
            if (now >= deadline) if deadline else (n >= iters):
                break
            if self.early and n and n % SETTLE_EVERY == 0:
                # The budget still to come: exact for iterations, estimated for time.
                left = n * (deadline - now) / (now - start) if deadline else iters - n
                if _settled(root, left):
                    break
            kept = root.children.get(keep) if keep else None
            first = keep if keep and (kept is None or kept.visits < share * (n + 1)) else ""
            self._iterate(game, me, root, searched, first, observe)
            n += 1
        self.last_iterations = n
        return root, actions

    def _seed_root(self, game: Game, me: int, root: Node, actions: list[str],
                   keep: str = "") -> list[str]:
        """The greedy look-ahead's opinion of each root action: only the ``width`` best are
        searched (so the budget goes where it matters), each with a prior that fades as visits
        accumulate (progressive bias, Chaslot et al. 2008); a root from an earlier search keeps
        its children's visits, and those it visited stay searched. Returns the actions to
        search."""
        from upriver.agents.greedy import GreedyAgent

        judge = GreedyAgent(self.rng.getrandbits(62))
        world = game.determinize(me, self.rng.getrandbits(62))
        values = [judge._judge(world, a, me) for a in actions]
        ranked = sorted(zip(values, actions, strict=True), key=lambda va: -va[0])
        if self.width > 0:
            visited = {a for a, child in root.children.items() if child.visits}
            ranked = ranked[: self.width] + [va for va in ranked[self.width:]
                                             if va[1] == keep or va[1] in visited]
        top = ranked[0][0]
        for v, a in ranked:
            child = root.children.get(a)
            if child is None:
                child = root.children[a] = Node(me)
            child.prior = math.exp((v - top) / EVAL_SCALE) if self.bias > 0 else 0.0
        return [a for _, a in ranked]

    def _iterate(self, game: Game, me: int, root: Node,
                 searched: frozenset[str] = frozenset(), first: str = "",
                 observe: Callable[[list[Node], Game], None] | None = None) -> None:
        world = game.determinize(me, self.rng.getrandbits(62))
        node = root
        path = [root]
        if first:  # the kept action's turn: every root action was available all the same
            for sibling in root.children.values():
                sibling.avail += 1
            node = root.children.setdefault(first, Node(me))
            node.avail = max(node.avail, 1)
            world.play(first)
            path.append(node)
        while not world.is_over:
            actions = world.legal_actions()
            if node is root and searched:  # the pruned root keeps its chosen few
                actions = [a for a in actions if a in searched]
            mover = world.to_move
            assert mover is not None
            untried = [a for a in actions
                       if a not in node.children or node.children[a].visits == 0]
            for a in actions:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                if node is root and searched:
                    action = max(untried, key=lambda a: root.children[a].prior)  # best first
                else:
                    action = self.rng.choice(untried)
                child = node.children.get(action) or Node(mover)
                if child.avail == 0:
                    child.avail = 1
                node.children[action] = child
                world.play(action)
                path.append(child)
                break
            action = self._select(node, actions)
            world.play(action)
            node = node.children[action]
            path.append(node)
        self._play_out(world)
        if observe is not None and len(path) > 1:  # it went through a root action
            observe(path[1:], world)
        result = rewards(world)
        for visited in path[1:]:
            visited.visits += 1
            visited.total += result[visited.mover]

    def _select(self, node: Node, actions: list[str]) -> str:
        best = actions[0]
        best_value = float("-inf")
        for a in actions:
            child = node.children[a]
            value = child.total / child.visits + self.c * math.sqrt(
                math.log(max(child.avail, 1)) / child.visits)
            value += self.bias * child.prior / (1 + child.visits)
            if value > best_value:
                best, best_value = a, value
        return best

    def _play_out(self, world: Game) -> None:
        """Play on ``depth`` decisions, then to the end of the current seat's run of decisions
        (or of the turn, where the game counts turns: a solo seat's run never ends): a position
        evaluated half-way through a turn (placed but not yet paid) would flatter it."""
        rng = self.rng
        greedy = None
        if self.playout == "greedy":
            from upriver.agents.greedy import GreedyAgent

            greedy = GreedyAgent(rng.getrandbits(62))
        mover, turn = world.to_move, world.turns_taken
        for n in range(self.depth + MAX_PLAYOUT):
            if world.is_over:
                return
            if n == self.depth:
                mover, turn = world.to_move, world.turns_taken
            elif n > self.depth and (world.to_move != mover or world.turns_taken != turn):
                return
            if greedy is None:  # by index: no list copy, no look-up of the text
                world.play_nth(int(rng.random() * world.legal_count()))
            else:
                world.play(greedy.choose(world))
