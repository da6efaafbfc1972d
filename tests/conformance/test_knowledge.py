"""What a seat may know, checked field by field against each game's table (``view.KNOWLEDGE``,
printed in its rulings document): over random and greedy games at every player count and option
set, changing one field of a position changes a seat's view exactly when it changes what the
table says that seat may know. So the views hold all of it (no known field is left out) and
nothing more (no hidden field shows through), and ``determinize`` keeps it."""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path
from typing import Any

import pytest

import upriver
from tests.conformance.configs import configurations
from tests.tiers import share
from upriver.agents import make_agent
from upriver.core import knowledge
from upriver.core.game import Game
from upriver.core.registry import rules_for
from upriver.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
RULINGS = {"twelve-rivers": "twelve-rivers.md", "the-river": "the-river.md",
           "wayfarers": "wayfarers.md"}
POSITIONS = 12  # sampled positions per configuration, one of each kind of decision first
MUTATIONS = 2  # changes tried per field and position


def _kind_of_decision(g: Game) -> tuple[object, ...]:
    """A cheap name for the kind of decision a position asks for: the game's stage, the first
    word of its first choice and how many choices there are (few or many)."""
    actions = g.legal_actions()
    first = actions[0].split()[0] if actions else ""
    stack = getattr(g.state, "stack", None)
    frame = stack[-4] if isinstance(stack, list) and len(stack) >= 4 else None
    return getattr(g.state, "stage", None), frame, first, len(actions) > 3


def sample_positions(game_id: str, players: int, options: dict[str, Any],
                     seed: int) -> list[Game]:
    """Clones of the positions ``_sampled`` chose (the tests may change them)."""
    count = POSITIONS if not options else POSITIONS // 2  # other option sets: fewer
    return [g.clone() for g in _sampled(game_id, players, tuple(sorted(options.items())),
                                        seed)[:count]]


@functools.cache
def _sampled(game_id: str, players: int, option_items: tuple[tuple[str, Any], ...],
             seed: int) -> tuple[Game, ...]:
    """Positions of random and greedy games (greedy play reaches the steps good play reaches:
    late rounds, full boards), chosen to cover every kind of decision the games asked for,
    then at random: ``POSITIONS`` of them."""
    options = dict(option_items)
    rng = random.Random(seed)
    played: list[tuple[Game, list[tuple[object, ...]]]] = []
    for k, bot in enumerate(["random"] * 5 + ["greedy"]):
        g = upriver.new_game(game_id, players=players, seed=seed * 100 + k, **options)
        start = g.clone()
        agents = [make_agent(bot, seed * 100 + k + s) for s in range(players)]
        kinds = []
        while not g.is_over and len(kinds) < 3000:
            kinds.append(_kind_of_decision(g))
            seat = g.to_move
            assert seat is not None
            g.play(agents[seat].choose(g))
        kinds.append(("over",))
        played.append((start, [*kinds]))
        start.history = g.history  # the moves to replay, kept on the start position
    points = [(i, j) for i, (_, kinds) in enumerate(played) for j in range(len(kinds))]
    rng.shuffle(points)
    chosen: list[tuple[int, int]] = []
    covered: set[tuple[object, ...]] = set()
    for i, j in points:  # one position of each kind first
        kind = played[i][1][j]
        if kind not in covered:
            covered.add(kind)
            chosen.append((i, j))
    chosen = chosen[:POSITIONS]
    chosen += [p for p in points if p not in chosen][: POSITIONS - len(chosen)]
    out = []
    for i, j in chosen:  # the kinds of decision first: a shorter list keeps them
        start, _ = played[i]
        g = upriver.new_game(game_id, players=players, seed=seed * 100 + i, **options)
        for _seat, action in start.history[:j]:
            g.play(action)
        out.append(g)
    return tuple(out)


def _pool(games: list[Game], name: str) -> list[int]:
    """The values a field (or its elements) takes in the sampled positions: plausible values
    to change it to."""
    values: set[int] = set()
    for g in games:
        value = getattr(g.state, name)
        if isinstance(value, int):
            values.add(value)
        elif isinstance(value, list):
            for x in value:
                if isinstance(x, list):
                    values.update(x)
                else:
                    values.add(x)
    return sorted(values) or [0, 1]


def _fixed_length(games: list[Game], name: str) -> bool:
    """A list whose length never changes in play (one number per space, per seat...): its
    changes keep the length, as no position has another."""
    lengths = {len(getattr(g.state, name)) for g in games}
    return len(lengths) == 1


def _changed_list(xs: list[int], pool: list[int], rng: random.Random,
                  fixed: bool) -> list[int] | None:
    """One small change to a list of numbers: an element to another value, one unit moved
    between two elements (totals kept), two elements swapped (contents kept), one more or one
    fewer element (lists whose length changes in play)."""
    ys = xs[:]
    how = rng.randrange(3 if fixed else 5)
    if how == 0 and ys:
        i = rng.randrange(len(ys))
        others = [v for v in pool if v != ys[i]]
        if not others:
            return None
        ys[i] = rng.choice(others)
    elif how == 1 and len(ys) > 1:
        given = [i for i, v in enumerate(ys) if v > 0]
        if not given:
            return None
        i = rng.choice(given)
        j = rng.choice([k for k in range(len(ys)) if k != i])
        ys[i] -= 1
        ys[j] += 1
    elif how == 2 and len(ys) > 1:
        i, j = rng.sample(range(len(ys)), 2)
        ys[i], ys[j] = ys[j], ys[i]
    elif how == 3:
        ys.append(rng.choice(pool))
    elif how == 4 and ys:
        ys.pop(rng.randrange(len(ys)))
    return ys if ys != xs else None


def mutations(st: Any, name: str, pool: list[int], rng: random.Random,
              fixed: bool) -> list[Any]:
    """Copies of the position with ``name`` changed a little, in different ways."""
    out = []
    for _ in range(MUTATIONS * 4):
        if len(out) == MUTATIONS:
            break
        value = getattr(st, name)
        new: Any
        if name == "rng":
            new = Rng(rng.getrandbits(63))
        elif isinstance(value, int):
            near = (value - 1, value + 1) if len(pool) > 2 else ()  # flags stay 0 or 1
            others = [v for v in (*pool, *near) if v != value]
            if not others:
                continue
            new = rng.choice(others)
        elif value and isinstance(value[0], list):
            i = rng.randrange(len(value))
            inner = _changed_list(value[i], pool, rng, fixed)
            if inner is None:
                continue
            new = [x[:] for x in value]
            new[i] = inner
        else:
            new = _changed_list(value, pool, rng, fixed)
            if new is None:
                continue
        twin = st.copy()
        setattr(twin, name, new)
        out.append(twin)
    return out


def _view(rules: Any, st: Any, seat: int | None) -> dict[str, Any] | None:
    try:
        out: dict[str, Any] = rules.view(st, seat)
    except (IndexError, KeyError, ValueError, AssertionError, TypeError, StopIteration,
            ZeroDivisionError, AttributeError):
        return None  # a change no real position can have, that the view cannot draw
    return out


def _diff(a: Any, b: Any, path: str = "") -> str:
    """Where two views first differ, for the failure message."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _diff(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _diff(x, y, f"{path}[{i}]")
    return f"{path}: {str(a)[:80]} -> {str(b)[:80]}"


@pytest.mark.tiered
@pytest.mark.parametrize(("game_id", "players", "options"), configurations())
def test_a_view_shows_what_its_seat_may_know_and_nothing_more(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """For every field of sampled positions, small changes of it (another value, a unit
    moved, two swapped, one more or fewer): a seat's view (and a spectator's) changes exactly
    when what the game's table says that seat may know changes. The default tier changes the
    first positions (one of each kind of decision comes first), the deep tier the rest."""
    rules: Any = rules_for(game_id)
    table = rules.knowledge()
    sampled = sample_positions(game_id, players, options, seed=players)
    knowledge.check_table(table, sampled[0].state)
    games = share(sampled, default=3)
    rng = random.Random(1)
    checked = 0
    failures: list[str] = []
    for f in table:
        if f.kind == knowledge.DERIVED:
            continue
        pool = _pool(sampled, f.name)
        fixed = f.name != "rng" and not isinstance(getattr(games[0].state, f.name), int) and (
            _fixed_length(sampled, f.name))
        told = 0
        for g in games:
            st = g.state
            before = {s: (knowledge.known(table, st, s), rules.view(st, s))
                      for s in [None, *range(players)]}
            for twin in mutations(st, f.name, pool, rng, fixed):
                for seat, (was_known, was_seen) in before.items():
                    seen = _view(rules, twin, seat)
                    if seen is None:
                        continue
                    checked += 1
                    knows = knowledge.known(table, twin, seat) != was_known
                    shows = seen != was_seen
                    if knows != shows and told < 2 and len(failures) < 30:
                        told += 1
                        where = _diff(was_seen, seen) if shows else "the view did not change"
                        change = ""
                        if isinstance(getattr(st, f.name), int):
                            change = f" {getattr(st, f.name)} -> {getattr(twin, f.name)}"
                        failures.append(
                            f"{f.name} ({f.kind}){change} changed, seat {seat}: "
                            f"{'may know it' if knows else 'may not know it'}, but {where}")
    assert not failures, "\n".join(failures)
    assert checked > 200


@pytest.mark.parametrize(("game_id", "players", "options"), configurations())
def test_determinize_keeps_all_a_seat_may_know(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """A copy determinised for a seat holds the same knowledge for that seat, by the table:
    only what the seat may not know is resampled."""
    rules: Any = rules_for(game_id)
    table = rules.knowledge()
    for g in sample_positions(game_id, players, options, seed=players)[:6]:
        for seat in range(players):
            for x in range(2):
                d = rules.determinize(g.state, seat, x)
                assert knowledge.known(table, d, seat) == knowledge.known(table, g.state, seat)


@pytest.mark.parametrize("game_id", upriver.games())
def test_the_rulings_list_what_each_seat_may_know(game_id: str) -> None:
    """Each game's rulings document prints its table of what each seat may know, field by
    field, exactly as the code has it (``knowledge.table_rows``)."""
    rules: Any = rules_for(game_id)
    text = (ROOT / "docs" / "rulings" / RULINGS[game_id]).read_text()
    rows = knowledge.table_rows(rules.knowledge())
    missing = [row for row in rows if row not in text]
    assert not missing, "\n".join(missing[:10])
    assert re.search(r"^## What each seat may know", text, flags=re.M)
