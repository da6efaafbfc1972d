"""Bots deciding for their seats, and reviews judging decisions, away from the web server's
event loop.

The web offers bots by level only: each level is a fixed agent spec with a hard time limit
for a turn. A bot's turn is worked out in a worker process (searching bots would otherwise
hold the interpreter for a second at a time), from a saved copy of the game, by one agent for
all the turn's decisions, so a search bot's budget covers the turn (docs/bots.md): the bot
sees the game only through the public interface, as everywhere else. The server enforces the
limit from outside: a worker still thinking when it is up is killed and replaced, and the game
goes on with a simple legal move instead (``BotFailed``). Idle workers are handed out by
urgency, then first come, first served: a bot's turn in a game where people play first (a
person is waiting for it), then a review's decisions (a person asked for it), then the turns of
games of bots alone. Each game asks for one turn at a time, and a review for one decision, so
no game can hold the workers. Workers run at a lower priority than the server
(``nice`` 10) and end with it however it ends (the kernel kills them when it dies; they also
watch for it).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import heapq
import json
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

import upriver
from upriver.agents import make_agent

WORKER_NICE = 10  # how much lower than the server a worker runs


@dataclass(frozen=True)
class Level:
    """A bot the web offers: a fixed agent spec, a name for people, and the longest a turn
    may take (seconds) before the server gives up on it."""

    spec: str
    label: str
    limit: float
    former: tuple[str, ...] = ()  # specs this level had before, as older games stored them


# The hard level's budget is per turn, in iterations so that it plays the same on any machine:
# 3,000 take about a second a turn here, compiled (scripts/turn_time.py, docs/bots.md).
LEVELS: dict[str, Level] = {
    "easy": Level("random", "Random bot", 5.0),
    "medium": Level("greedy", "Greedy bot", 10.0),
    "hard": Level("mcts:iters=3000", "Search bot", 10.0, former=("mcts:secs=1",)),
}


def check_level(name: str) -> str:
    """``name`` if it is a level; ``ValueError`` naming the levels otherwise."""
    if name in LEVELS:
        return name
    known = ", ".join(LEVELS)
    raise ValueError(f"bots on the web are chosen by level ({known}), not {name!r}")


def level_of(stored: str | None) -> Level:
    """The level a stored seat plays at. Games kept by an older upriver may hold an agent spec:
    a level's own spec means that level, anything else is played at the medium level, so no
    stored setting can run without a limit."""
    if stored in LEVELS:
        return LEVELS[stored]
    return next((lv for lv in LEVELS.values() if stored == lv.spec or stored in lv.former),
                LEVELS["medium"])


# How urgent a worker's job is: the lower, the sooner a free worker takes it.
PEOPLE_WAIT = 0  # a bot's turn in a game with a person at the table
REVIEW = 1  # a decision of a review someone asked for
BOTS_ALONE = 2  # a bot's turn in a game of bots only


class Handout:
    """Idle workers handed to those who ask, the most urgent first and, among equals, in the
    order they asked. Works on any objects, so its order can be tested without processes."""

    def __init__(self) -> None:
        self._idle: list[Any] = []
        self._waiting: list[tuple[int, int, asyncio.Future[Any]]] = []
        self._asked = 0

    def put(self, worker: Any) -> None:
        """A worker is free: the most urgent waiter gets it, else it waits for the next ask."""
        while self._waiting:
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():  # a cancelled ask is passed over
                future.set_result(worker)
                return
        self._idle.append(worker)

    async def get(self, urgency: int) -> Any:
        if self._idle:  # nobody is waiting, or they would have had it
            return self._idle.pop()
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._asked += 1
        heapq.heappush(self._waiting, (urgency, self._asked, future))
        try:
            return await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.put(future.result())  # handed over just as the ask was given up
            raise


class BotFailed(Exception):
    """A bot gave no decision: it ran out of time, failed, or its worker died."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


MAX_TURN = 2_000  # decisions; a bound on one turn, far above any game's


def decide_turn(saved: str, spec: str, seed: int) -> str:
    """The bot's decisions for the rest of its seat's turn in the saved game, as a JSON list:
    one agent makes them all, so a search bot's budget is the turn's. The turn ends when
    another seat is to move, the game counts a turn more (``turns_taken``) or it ends."""
    game = upriver.load_game(saved)
    agent = make_agent(spec, seed)
    seat, turn = game.to_move, game.turns_taken
    decisions: list[str] = []
    while (not game.is_over and game.to_move == seat and game.turns_taken == turn
           and len(decisions) < MAX_TURN):
        action = agent.choose(game)
        game.play(action)
        decisions.append(action)
    return json.dumps(decisions)


def judge(saved: str, taken: list[str], seed: int, iters: int) -> str:
    """A review's judgements of a seat's turn, the decisions ``taken`` from the saved game
    (``upriver.review.judge_turn``), as JSON."""
    from upriver.review.game_review import judge_saved_turn

    return json.dumps(judge_saved_turn(saved, taken, seed, iters, 0.0))


def work(kind: str) -> Callable[..., str]:
    """The work a worker does, by name: it takes the job's arguments and answers with a text
    (looked up when asked, so a test may replace one)."""
    table: dict[str, Callable[..., str]] = {"turn": decide_turn, "judge": judge}
    return table[kind]


# ---------------------------------------------------------------- inside a worker process


def _die_with_parent(parent: int) -> None:
    """Ask Linux to kill this process when the server dies (even by SIGKILL); elsewhere, and as
    a second guard, a thread notices the server is gone and ends the process."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the server died before the request above took effect
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _worker(conn: Connection, parent: int) -> None:
    """A worker's life: decide each game it is sent, until told to stop or the server is gone."""
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's to handle
    os.nice(WORKER_NICE)  # a page waiting for its board goes first
    upriver.games()
    gc.freeze()
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        kind, *args = job
        try:
            reply: tuple[str, str] = ("ok", work(kind)(*args))
        except Exception as exc:  # a bot's failure is reported, and the worker lives on
            reply = ("error", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return


# ---------------------------------------------------------------- in the server


class _Worker:
    def __init__(self, context: Any) -> None:
        self.conn, child = multiprocessing.Pipe()
        self.process = context.Process(target=_worker, args=(child, os.getpid()), daemon=True)
        self.process.start()
        child.close()

    def kill(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()
        self.process.join(timeout=5)
        self.conn.close()

    def stop(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.conn.send(None)
        self.process.join(timeout=2)
        if self.process.is_alive():
            self.kill()
        self.conn.close()


class BotPool:
    """Worker processes for bot decisions, with ``workers=0`` a thread (tests). A decision past
    its time limit is given up: its worker is killed and replaced (a thread is left to finish
    and its answer dropped)."""

    def __init__(self, workers: int | None = None) -> None:
        if workers is None:
            # Leave one core to the server itself.
            workers = max(1, (os.cpu_count() or 2) - 1)
        self.workers = workers
        self._context = multiprocessing.get_context("spawn")  # the server has threads
        self._idle: Handout | None = None
        self._all: list[_Worker] = []
        self.replaced = 0  # workers killed and replaced (timeouts, crashes)

    def start(self) -> None:
        if self.workers > 0 and self._idle is None:
            self._idle = Handout()
            for _ in range(self.workers):
                self._add()

    def _add(self) -> None:
        assert self._idle is not None
        worker = _Worker(self._context)
        self._all.append(worker)
        self._idle.put(worker)

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._all if w.process.pid is not None]

    async def turn(self, saved: str, spec: str, seed: int, limit: float,
                   urgency: int = PEOPLE_WAIT) -> list[str]:
        """The decisions of the bot's turn, or ``BotFailed`` once ``limit`` seconds have passed
        (or the bot failed). Callers wait for a worker by ``urgency``, then in the order they
        asked."""
        decisions: list[str] = json.loads(
            await self._run(("turn", saved, spec, seed), limit, urgency))
        return decisions

    async def judge(self, saved: str, taken: list[str], seed: int, iters: int,
                    limit: float) -> list[dict[str, Any]]:
        """A review's judgements of one seat's turn (``upriver.review``), on the same workers
        and in the same queue as the bots' turns, after the turns of games where people play
        and before those of bots alone, so a review never holds up a game for more than one
        turn's search; ``BotFailed`` as for ``turn``."""
        answer: list[dict[str, Any]] = json.loads(
            await self._run(("judge", saved, taken, seed, iters), limit, REVIEW))
        return answer

    async def _run(self, job: tuple[Any, ...], limit: float, urgency: int) -> str:
        if self._idle is None:
            try:
                return await asyncio.wait_for(asyncio.to_thread(work(job[0]), *job[1:]), limit)
            except TimeoutError:
                raise BotFailed(f"ran out of time ({limit:g} s)") from None
            except Exception as exc:
                raise BotFailed(f"failed ({type(exc).__name__}: {exc})") from None
        worker = await self._idle.get(urgency)
        healthy = False
        try:
            reply = await self._ask(worker, job, limit)
            healthy = True
        finally:
            if healthy:
                self._idle.put(worker)
            else:  # out of time, dead, or cancelled mid-thought: a fresh worker takes its place
                self._replace(worker)
        status, text = reply
        if status != "ok":
            raise BotFailed(f"failed ({text})")
        return text

    async def _ask(self, worker: _Worker, job: tuple[Any, ...],
                   limit: float) -> tuple[str, str]:
        loop = asyncio.get_running_loop()
        answered: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()
        def ready() -> None:
            if not answered.done():
                answered.set_result(None)

        loop.add_reader(fd, ready)
        try:
            worker.conn.send(job)
            await asyncio.wait_for(answered, limit)
            reply: tuple[str, str] = worker.conn.recv()
            return reply
        except TimeoutError:
            raise BotFailed(f"ran out of time ({limit:g} s)") from None
        except (EOFError, OSError) as exc:
            raise BotFailed(f"stopped ({type(exc).__name__})") from None
        finally:
            loop.remove_reader(fd)

    def _replace(self, worker: _Worker) -> None:
        worker.kill()
        with contextlib.suppress(ValueError):
            self._all.remove(worker)
        self.replaced += 1
        if self._idle is not None:
            self._add()

    def stop(self) -> None:
        for worker in self._all:
            worker.stop()
        self._all = []
        self._idle = None
