"""Bots deciding for their seats away from the web server's event loop.

A decision is worked out in a separate process (searching bots would otherwise hold the
interpreter for a second at a time), from a saved copy of the game: the bot sees it only
through the public interface, as everywhere else.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import multiprocessing
import os
import signal

import upriver
from upriver.agents import make_agent, parse_spec

# What the lobby offers; any other valid spec may be given through the API.
LEVELS: dict[str, str] = {
    "easy": "random",
    "medium": "greedy",
    "hard": "mcts:secs=1",
}


def check_agent(spec: str) -> str:
    """The bot spec for ``spec`` (a level name or an agent spec); ``ValueError`` if unknown."""
    spec = LEVELS.get(spec, spec)
    parse_spec(spec)
    return spec


def _warm_up() -> None:
    """Prepare a new worker: games loaded, a lower priority than the server, and Ctrl+C in the
    server's terminal left to the server (it stops the workers itself)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Bots think in the background: a page waiting for its board goes first.
    os.nice(10)
    upriver.games()
    gc.freeze()


def decide(saved: str, spec: str, seed: int) -> str:
    """The bot's decision in the saved game (runs in a worker process)."""
    game = upriver.load_game(saved)
    return make_agent(spec, seed).choose(game)


class BotPool:
    """Worker processes for bot decisions; with ``workers=0`` a thread does it (tests)."""

    def __init__(self, workers: int | None = None) -> None:
        if workers is None:
            # Leave one core to the server itself.
            workers = max(1, (os.cpu_count() or 2) - 1)
        self.workers = workers
        self._pool: concurrent.futures.Executor | None = None

    def start(self) -> None:
        if self.workers > 0 and self._pool is None:
            # Spawned, not forked: the server has threads and open database connections.
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_warm_up)
            # Start the workers now, so the first bot decision does not wait for them.
            for _ in range(self.workers):
                self._pool.submit(_warm_up)

    async def decide(self, saved: str, spec: str, seed: int) -> str:
        if self._pool is None:
            return await asyncio.to_thread(decide, saved, spec, seed)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, decide, saved, spec, seed)
        except concurrent.futures.process.BrokenProcessPool:
            # A worker died (killed, out of memory): start new ones and ask once more.
            self.stop()
            self.start()
            assert self._pool is not None
            return await loop.run_in_executor(self._pool, decide, saved, spec, seed)

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
