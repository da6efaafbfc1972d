"""Load test: time from a click to the updated board while bot games run on the server.

Starts ``upriver serve`` on a free loopback port with a fresh SQLite file, keeps ``--bot-games``
games of 4 bots running (a finished one is replaced), and plays a 4-human 12 Rivers game
through the same API a page uses: each "click" is a POST of one legal action, and it counts as
done when that seat's WebSocket delivers the new board. Prints the median, 90th and 99th
percentile, and how many bot decisions the server stored meanwhile.

    .venv/bin/python scripts/load.py                 # 20 bot games, 500 clicks
    .venv/bin/python scripts/load.py --bot-delay 0   # bots as fast as they can
    .venv/bin/python scripts/load.py --browser       # real clicks in chromium
    .venv/bin/python scripts/load.py --db postgresql://u:p@127.0.0.1/db --two-servers
        # two server processes on one (emptied) PostgreSQL database: each click is sent to
        # server A, and timed until the new board arrives on a page connected to server B
    .venv/bin/python scripts/load.py --hard-turns 200 --bot-delay 0
        # a person against the hard bot (The River and 12 Rivers, 2 players): each of the
        # bot's turns timed from the person's move to the board with the bot's whole turn,
        # first with no other game, then the same turns with the bot games running; their
        # difference is what the load adds to the bot's own time
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

BOTS = [{"kind": "bot", "agent": "medium"}] * 4
HUMANS = [{"kind": "human"}] * 4


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def wait_until_up(client: httpx.AsyncClient) -> None:
    for _ in range(300):
        with contextlib.suppress(httpx.HTTPError):
            if (await client.get("/api/catalog")).status_code == 200:
                return
        await asyncio.sleep(0.1)
    raise SystemExit("the server did not start")


async def keep_bot_games(client: httpx.AsyncClient, count: int, stop: asyncio.Event) -> None:
    """Keep ``count`` games of 4 bots running, alternating the two games."""
    games = ["twelve-rivers", "the-river"]
    made = 0
    while not stop.is_set():
        listing = (await client.get("/api/games")).json()["games"]
        running = sum(1 for g in listing if g["status"] == "playing"
                      and all(s["kind"] == "bot" for s in g["seats"]))
        for _ in range(count - running):
            await client.post("/api/games", json={"game": games[made % 2], "players": 4,
                                                  "seats": BOTS})
            made += 1
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)


async def clicks(client: httpx.AsyncClient, base: str, total: int, think: float,
                 ) -> list[float]:
    """Play 4-human games, timing each decision until the board arrives on the socket."""
    times: list[float] = []
    while len(times) < total:
        made = (await client.post("/api/games", json={"game": "twelve-rivers", "players": 4,
                                                       "seats": HUMANS})).json()
        gid, tokens = made["id"], [s["token"] for s in made["seats"]]
        sockets = [await websockets.connect(
            f"{base}/api/games/{gid}/live?seat={s}&token={tokens[s]}", max_size=None)
            for s in range(4)]
        try:
            pages = [json.loads(await ws.recv()) for ws in sockets]
            while len(times) < total and not pages[0]["over"]:
                seat = pages[0]["to_move"]
                page = pages[seat]
                action = page["legal"][len(times) % len(page["legal"])]
                await asyncio.sleep(think)
                start = time.perf_counter()
                response = await client.post(f"/api/games/{gid}/actions", json={
                    "seat": seat, "token": tokens[seat], "action": action, "ply": page["ply"]})
                if response.status_code != 200:
                    raise SystemExit(f"refused: {response.text}")
                fresh = json.loads(await sockets[seat].recv())
                while fresh["ply"] != page["ply"] + 1:
                    fresh = json.loads(await sockets[seat].recv())
                times.append(time.perf_counter() - start)
                pages = [fresh if s == seat else json.loads(await ws.recv())
                         for s, ws in enumerate(sockets)]
        finally:
            for ws in sockets:
                await ws.close()
    return times


async def hard_turns(client: httpx.AsyncClient, base: str, total: int,
                     think: float) -> dict[str, float]:
    """A person's 2-player games against the hard bot, the person's moves chosen by a fixed
    rule, so the same seeds give the same games: each bot turn is timed from the person's
    move until the board shows the person to move again (or the end), keyed by game and
    decision so two runs can be compared turn by turn."""
    times: dict[str, float] = {}
    k = 0
    while len(times) < total:
        game = ("the-river", "twelve-rivers")[k % 2]
        made = (await client.post("/api/games", json={
            "game": game, "players": 2, "seed": 100 + k,
            "seats": [HUMANS[0], {"kind": "bot", "agent": "hard"}]})).json()
        gid, token = made["id"], made["seats"][0]["token"]
        async with websockets.connect(f"{base}/api/games/{gid}/live?seat=0&token={token}",
                                      max_size=None) as ws:
            page = json.loads(await ws.recv())
            while len(times) < total and not page["over"]:
                if page["to_move"] != 0:  # the bot opens the game: not timed
                    page = json.loads(await ws.recv())
                    continue
                action = page["legal"][page["ply"] % len(page["legal"])]
                await asyncio.sleep(think)
                start = time.perf_counter()
                response = await client.post(f"/api/games/{gid}/actions", json={
                    "seat": 0, "token": token, "action": action, "ply": page["ply"]})
                if response.status_code != 200:
                    raise SystemExit(f"refused: {response.text}")
                fresh = json.loads(await ws.recv())
                while not fresh["over"] and (fresh["ply"] <= page["ply"]
                                             or fresh["to_move"] != 0):
                    fresh = json.loads(await ws.recv())
                if fresh["ply"] > page["ply"] + 1:  # the bot played a turn
                    times[f"{k} {page['ply']}"] = time.perf_counter() - start
                page = fresh
        k += 1
    return times


# In the page: the time of the click, then of the first frame after the board changed.
PAGE_TIMER = """() => {
  window.__clicked = null; window.__drawn = null;
  document.addEventListener('click', () => { window.__clicked = performance.now(); }, true);
  new MutationObserver(() => requestAnimationFrame(() => { window.__drawn = performance.now(); }))
    .observe(document.querySelector('#board'), {attributes: true, attributeFilter: ['data-ply']});
}"""
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


async def browser_clicks(client: httpx.AsyncClient, base: str, total: int, think: float,
                         ) -> list[float]:
    """The same in Debian's chromium, as one person against three bots: a click on one of the
    board's targets, timed by the page from the click to the first frame with the new board."""
    from playwright.async_api import async_playwright

    times: list[float] = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                          args=CHROMIUM_ARGS)
        while len(times) < total:
            made = (await client.post("/api/games", json={
                "game": "twelve-rivers", "players": 4, "seats": [HUMANS[0], *BOTS[1:]]})).json()
            seat = made["seats"][0]
            page = await (await browser.new_context()).new_page()
            await page.goto(f"{base}/games/{made['id']}?seat=0&token={seat['token']}")
            await page.wait_for_selector("#board[data-ply]")
            await page.evaluate(PAGE_TIMER)
            while len(times) < total:
                await page.wait_for_function(
                    "() => !document.querySelector('#final').hidden || "
                    "document.querySelector('#actions button.action') !== null", timeout=60_000)
                if await page.locator("#final").is_visible():
                    break
                # A click on the board's targets, or on a pass button when none is drawn.
                targets = page.locator("#board [data-action].target")
                if not await targets.count():
                    targets = page.locator("#passes button.action")
                ply = await page.locator("#board").get_attribute("data-ply")
                await asyncio.sleep(think)
                await page.evaluate("() => { window.__drawn = null; }")
                await targets.nth(len(times) % await targets.count()).dispatch_event("click")
                await page.wait_for_function(
                    "(ply) => document.querySelector('#board').dataset.ply !== ply "
                    "&& window.__drawn !== null", arg=ply)
                times.append(await page.evaluate("() => (window.__drawn - window.__clicked)")
                             / 1000)
            await page.context.close()
        await browser.close()
    return times


def report_hard_turns(idle: dict[str, float], loaded: dict[str, float],
                      args: argparse.Namespace) -> None:
    both = [key for key in loaded if key in idle]
    extra = [(loaded[key] - idle[key]) * 1000 for key in both]
    alone = [idle[key] * 1000 for key in both]
    busy = [loaded[key] * 1000 for key in both]
    print(f"{len(both)} turns of the hard bot against a person, the same turns alone and "
          f"with {args.bot_games} games of 4 bots running (bot delay {args.bot_delay} s, "
          f"{os.cpu_count()} cores)")
    for name, values in (("alone", alone), ("with the bot games", busy),
                         ("added by the bot games", extra)):
        print(f"{name}: median {statistics.median(values):.0f} ms, p90 "
              f"{percentile(values, 0.9):.0f} ms, p99 {percentile(values, 0.99):.0f} ms, "
              f"max {max(values):.0f} ms")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def start_server(db: str, bot_delay: float) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    command = [str(Path(sys.executable).with_name("upriver")), "serve", "--port", str(port),
               "--db", db, "--bot-delay", str(bot_delay)]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True), port


def empty_postgres(url: str) -> None:
    import sqlalchemy as sa

    from upriver.server.store import engine_for

    engine = engine_for(url)
    with engine.begin() as db:
        db.execute(sa.text("DROP SCHEMA public CASCADE"))
        db.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


async def main(args: argparse.Namespace) -> None:
    if args.db is None:
        db = f"sqlite:///{tempfile.mkdtemp(prefix='upriver-load-')}/load.db"
    else:
        db = args.db
        if db.startswith("postgres"):
            empty_postgres(db)
    if args.two_servers and not db.startswith("postgres"):
        raise SystemExit("--two-servers needs a PostgreSQL --db: an SQLite file is one server's")
    server, port = start_server(db, args.bot_delay)
    servers = [server]
    base = f"http://127.0.0.1:{port}"
    watch = f"ws://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as client:
            await wait_until_up(client)
            if args.two_servers:
                second, port_b = start_server(db, args.bot_delay)
                servers.append(second)
                watch = f"ws://127.0.0.1:{port_b}"
                async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port_b}") as b:
                    await wait_until_up(b)
            idle: dict[str, float] = {}
            if args.hard_turns:
                idle = await hard_turns(client, watch, args.hard_turns, args.think)
            stop = asyncio.Event()
            bots = asyncio.create_task(keep_bot_games(client, args.bot_games, stop))
            await asyncio.sleep(args.warm_up)
            before = sum(g["ply"] for g in (await client.get("/api/games")).json()["games"])
            started = time.perf_counter()
            loaded: dict[str, float] = {}
            if args.hard_turns:
                loaded = await hard_turns(client, watch, args.hard_turns, args.think)
                times = list(loaded.values())
            elif args.browser:
                times = await browser_clicks(client, base, args.clicks, args.think)
            else:
                times = await clicks(client, watch, args.clicks, args.think)
            elapsed = time.perf_counter() - started
            listing = (await client.get("/api/games")).json()["games"]
            stop.set()
            await bots
        stored = sum(g["ply"] for g in listing) - before - len(times)
        running = sum(1 for g in listing if g["status"] == "playing")
        if args.hard_turns:
            report_hard_turns(idle, loaded, args)
            return
        ms = [t * 1000 for t in times]
        where = "in chromium" if args.browser else "through the API"
        if args.two_servers:
            where += ", sent to server A and seen on server B"
        print(f"{len(ms)} clicks {where} with {args.bot_games} games of 4 bots running "
              f"(bot delay {args.bot_delay} s, {os.cpu_count()} cores, {db.split(':')[0]})")
        print(f"click to updated board: median {statistics.median(ms):.1f} ms, "
              f"p90 {percentile(ms, 0.9):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
              f"max {max(ms):.1f} ms")
        print(f"bot decisions stored meanwhile: {stored} in {elapsed:.0f} s "
              f"({stored / elapsed:.0f}/s); games in progress at the end: {running}")
    finally:
        for process in servers:
            os.killpg(process.pid, signal.SIGINT)  # as Ctrl+C in a terminal
            process.wait(timeout=20)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot-games", type=int, default=20)
    parser.add_argument("--clicks", type=int, default=500)
    parser.add_argument("--bot-delay", type=float, default=0.4,
                        help="the server's pause before each bot decision (its default: 0.4)")
    parser.add_argument("--think", type=float, default=0.05,
                        help="seconds between a board arriving and the next click")
    parser.add_argument("--warm-up", type=float, default=5.0)
    parser.add_argument("--db", default=None,
                        help="database URL (default: a fresh SQLite file; a PostgreSQL "
                             "database given here is emptied first)")
    parser.add_argument("--two-servers", action="store_true",
                        help="run a second server on the same PostgreSQL database and time "
                             "each click until the board arrives on a page of the second")
    parser.add_argument("--hard-turns", type=int, default=0,
                        help="time this many turns of the hard bot against a person instead, "
                             "alone and then with the bot games running")
    parser.add_argument("--browser", action="store_true",
                        help="click in Debian's chromium (/usr/bin/chromium) instead")
    asyncio.run(main(parser.parse_args()))
