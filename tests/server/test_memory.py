"""A server keeps in memory only the games in use (issue 28, "bounded memory"): a game nobody
watches, no bot plays and nobody touched for a while leaves memory, and comes back from the
database exactly as it was when it is next asked for. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import gc
import tracemalloc
from typing import Any

import pytest

from tests.tiers import count
from upriver.server.bots import BotPool
from upriver.server.host import Host
from upriver.server.store import Store

GAMES = count(2000, default=500)  # games opened, then left idle
SPEC = {"game": "twelve-rivers", "players": 2, "seats": [{"kind": "human"}] * 2}


def traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


async def play_some(host: Host, made: dict[str, Any], decisions: int) -> None:
    """The seats to move take their first legal decisions, as their pages would."""
    for _ in range(decisions):
        live = await host.get(made["id"])
        seat = live.game.to_move
        assert seat is not None
        await host.act(made["id"], {"seat": seat, "token": made["seats"][seat]["token"],
                                    "action": live.game.legal_actions()[0], "ply": live.ply})


async def idle_games_leave_memory(url: str) -> None:
    host = Host(Store(url), bot_delay=0.0, bots=BotPool(0), idle_seconds=3600.0)
    first = host.create({**SPEC, "seed": 1})  # fills the caches a game's first use fills
    await play_some(host, first, 5)
    tracemalloc.start()
    try:
        base = traced()
        made = [host.create({**SPEC, "seed": seed}) for seed in range(2, GAMES + 2)]
        for m in made[:200]:
            await play_some(host, m, 3)
        del made  # the links a browser keeps are not the server's
        held = traced() - base
        assert len(host.live) == GAMES + 1
        assert host.evict_idle() == 0, "games touched a moment ago are in use"

        host.idle_seconds = 0.0
        assert host.evict_idle() == GAMES + 1
        left = traced() - base
        # Nothing of the idle games stays: what is left is the database layer's own caches.
        assert left < held // 100, f"{left} bytes left of {held} after eviction"
        assert host.stats["evicted"] == GAMES + 1
    finally:
        tracemalloc.stop()
    host.store.close()


@pytest.mark.tiered
def test_idle_games_leave_memory(db_url: str) -> None:
    """2,000 games opened (500 in the default tier; 200 with decisions taken), then idle: once
    evicted, less than a hundredth of the memory they held is still held; before their idle
    time none goes."""
    asyncio.run(idle_games_leave_memory(db_url))


async def evicted_games_come_back(url: str) -> None:
    host = Host(Store(url), bot_delay=0.0, bots=BotPool(0), idle_seconds=0.0)
    made = host.create({**SPEC, "seed": 7})
    await play_some(host, made, 6)
    live = await host.get(made["id"])
    before = live.game.to_json()
    views = [live.game.view(s) for s in (None, 0, 1)]
    assert host.evict_idle() == 1 and made["id"] not in host.live

    again = await host.get(made["id"])
    assert again is not live
    assert again.game.to_json() == before
    assert [again.game.view(s) for s in (None, 0, 1)] == views
    await play_some(host, made, 2)  # and play goes on from there
    assert len((await host.get(made["id"])).game.history) == 8
    host.store.close()


def test_an_evicted_game_comes_back_exactly_as_it_was(db_url: str) -> None:
    """Evicted after six decisions, the game loads again with the same state, history and
    views for every seat, and its seats play on."""
    asyncio.run(evicted_games_come_back(db_url))


async def games_in_use_stay(url: str) -> None:
    host = Host(Store(url), bot_delay=0.0, bots=BotPool(0), idle_seconds=0.0)
    watched = host.create({**SPEC, "seed": 3})
    held = host.create({**SPEC, "seed": 4})
    reviewed = host.create({**SPEC, "seed": 5})
    page = host.watch(await host.get(watched["id"]), None)
    held_live = await host.get(held["id"])
    reviewing = asyncio.get_running_loop().create_future()
    host.reviewing[reviewed["id"]] = reviewing
    async with held_live.lock:
        assert host.evict_idle() == 0
    assert set(host.live) == {watched["id"], reviewed["id"], held["id"]}
    assert host.evict_idle() == 1 and held["id"] not in host.live  # its lock let go

    host.unwatch(host.live[watched["id"]], page)
    del host.reviewing[reviewed["id"]]
    reviewing.cancel()
    assert host.evict_idle() == 2 and not host.live
    host.store.close()


def test_a_game_in_use_stays(db_url: str) -> None:
    """A game with a page watching it, a decision being stored (its lock held) or a review
    under way is never evicted, however long untouched; once let go, it is."""
    asyncio.run(games_in_use_stay(db_url))
