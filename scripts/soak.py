"""Soak test of the web app at scale (issue 28): two ``upriver serve`` processes on one
PostgreSQL database, many games, many WebSockets, bots and scripted people playing for a while.

    .venv/bin/python scripts/soak.py --db postgresql://u:p@127.0.0.1/db --out soak/
        # the full run: 10,000 games, 1,000 sockets, 10 minutes
    .venv/bin/python scripts/soak.py --db ... --games 200 --sockets 40 --seconds 20
        # the short version CI runs (tests/server/test_soak.py)

The database is emptied first. Games are made on both servers in turn: two-person games of 12
Rivers and The River whose people are scripted (each seat a WebSocket, on either server, and a
POST per decision after a few seconds' thought; when a game ends, its table plays a rematch),
games of two bots watched by spectators, and idle games nobody opens (the rest of ``--games``:
what a server must not keep in memory). Reported, as JSON in ``--out`` and a plot of each
server's resident memory over time:

- click-to-board: from a person's POST to the page with the new decision on that person's
  socket (p50, p99);
- errors: refused requests other than a lost race (``stale``), error messages on a socket, a
  socket that broke or went quiet for a minute, a page that never came;
- moves lost or applied twice: every decision a server accepted from a person, against the
  decisions stored for that seat (both 0 when nothing went wrong).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
import websockets

GAMES = ("twelve-rivers", "the-river")
QUIET = 60.0  # seconds a playing socket may go without a page before it counts as an error


@dataclass
class Tally:
    clicks: list[float] = field(default_factory=list)  # click-to-board, seconds
    accepted: Counter[tuple[str, int]] = field(default_factory=Counter)  # (game, seat)
    errors: list[str] = field(default_factory=list)
    stale: int = 0
    pages: int = 0
    finished: int = 0
    memory: dict[str, list[tuple[float, int]]] = field(default_factory=dict)

    def error(self, what: str) -> None:
        if len(self.errors) < 1000:
            self.errors.append(what)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def empty(url: str) -> None:
    engine = sa.create_engine("postgresql+psycopg://" + url.split("://", 1)[1])
    with engine.begin() as db:
        db.execute(sa.text("DROP SCHEMA public CASCADE"))
        db.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


def start_server(url: str, log: Path, bot_delay: float) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    upriver = Path(sys.executable).with_name("upriver")
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [str(upriver), "serve", "--port", str(port), "--db", url, "--bot-delay",
             str(bot_delay), "--bot-workers", "1", "--idle-minutes", "1"],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    return proc, f"http://127.0.0.1:{port}"


async def wait_up(client: httpx.AsyncClient, base: str) -> None:
    for _ in range(600):
        with contextlib.suppress(httpx.HTTPError):
            if (await client.get(base + "/healthz")).status_code == 200:
                return
        await asyncio.sleep(0.1)
    raise SystemExit(f"the server at {base} did not start")


def rss(pid: int) -> int:
    """Resident memory of a process, bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


async def watch_memory(procs: dict[str, subprocess.Popen[bytes]], tally: Tally,
                       stop: asyncio.Event, every: float) -> None:
    start = time.monotonic()
    while not stop.is_set():
        for name, proc in procs.items():
            with contextlib.suppress(OSError):
                tally.memory.setdefault(name, []).append(
                    (round(time.monotonic() - start, 1), rss(proc.pid)))
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), every)


async def create(client: httpx.AsyncClient, base: str, spec: dict[str, Any],
                 tally: Tally) -> dict[str, Any] | None:
    response = await client.post(base + "/api/games", json=spec)
    if response.status_code != 200:
        tally.error(f"create: {response.status_code} {response.text[:200]}")
        return None
    made: dict[str, Any] = response.json()
    return made


def ws_url(base: str, game_id: str, seat: int | None = None, token: str | None = None) -> str:
    query = "" if seat is None else f"?seat={seat}&token={token}"
    return base.replace("http", "ws", 1) + f"/api/games/{game_id}/live{query}"


async def person(client: httpx.AsyncClient, bases: list[str], made: dict[str, Any], seat: int,
                 tally: Tally, rng: random.Random, think: tuple[float, float],
                 until: float) -> None:
    """One scripted person: watches their seat on one server, posts each decision to the other
    (so every click crosses servers), and plays the rematch when the game ends."""
    game_id, token = made["id"], made["seats"][seat]["token"]
    watch, post = bases[seat % 2], bases[1 - seat % 2]
    while time.monotonic() < until:
        try:
            async with websockets.connect(ws_url(watch, game_id, seat, token),
                                          max_size=None) as ws:
                game_id = await play_one_game(client, post, ws, game_id, seat, token, tally,
                                              rng, think, until)
        except (TimeoutError, OSError, websockets.WebSocketException, httpx.HTTPError) as err:
            tally.error(f"person {game_id} seat {seat}: {type(err).__name__} {err}")
            return
        if game_id is None:
            return


async def play_one_game(client: httpx.AsyncClient, post: str, ws: Any, game_id: str, seat: int,
                        token: str, tally: Tally, rng: random.Random,
                        think: tuple[float, float], until: float) -> str | None:
    """Play until the game ends (the rematch's id: its table plays on) or time is up."""
    sent: tuple[int, float] | None = None  # the decision number posted, and when
    asked = False
    while True:
        # Near the end the other person may have stopped: wait no longer than the run.
        left = until - time.monotonic()
        quiet = QUIET if sent is not None or left > QUIET else max(left, 0.0) + 1.0
        try:
            page = json.loads(await asyncio.wait_for(ws.recv(), quiet))
        except TimeoutError:
            if sent is None and time.monotonic() >= until:
                return None
            raise
        tally.pages += 1
        if "error" in page:
            tally.error(f"socket {game_id}: {page['error']}")
            return None
        if sent is not None and page["ply"] > sent[0]:
            tally.clicks.append(time.perf_counter() - sent[1])
            sent = None
        if page["over"]:
            if page.get("rematch"):
                tally.finished += seat == 0
                return str(page["rematch"])
            if seat == 0 and not asked:
                asked = True
                response = await client.post(f"{post}/api/games/{game_id}/rematch",
                                             json={"token": token})
                if response.status_code != 200:
                    tally.error(f"rematch: {response.status_code} {response.text[:200]}")
                    return None
            continue
        if time.monotonic() >= until:
            return None
        if not page["legal"] or sent is not None:
            continue
        await asyncio.sleep(rng.uniform(*think))
        action = rng.choice(page["legal"])
        start = time.perf_counter()
        response = await client.post(f"{post}/api/games/{game_id}/actions", json={
            "seat": seat, "token": token, "action": action, "ply": page["ply"]})
        if response.status_code == 200:
            tally.accepted[(game_id, seat)] += 1
            sent = (page["ply"], start)
        elif response.status_code == 409 and response.json()["error"].startswith("stale"):
            tally.stale += 1
        else:
            tally.error(f"action: {response.status_code} {response.text[:200]}")


async def spectator(base: str, game_id: str, tally: Tally, until: float) -> None:
    try:
        async with websockets.connect(ws_url(base, game_id), max_size=None) as ws:
            while time.monotonic() < until:
                with contextlib.suppress(asyncio.TimeoutError):
                    page = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                    tally.pages += 1
                    if "error" in page:
                        tally.error(f"spectator {game_id}: {page['error']}")
                        return
    except (OSError, websockets.WebSocketException) as err:
        tally.error(f"spectator socket {game_id}: {type(err).__name__} {err}")


def stored_moves(url: str, seats: set[tuple[str, int]]) -> Counter[tuple[str, int]]:
    engine = sa.create_engine("postgresql+psycopg://" + url.split("://", 1)[1])
    games = sorted({g for g, _ in seats})
    out: Counter[tuple[str, int]] = Counter()
    with engine.connect() as db:
        for k in range(0, len(games), 500):
            rows = db.execute(sa.text(
                "SELECT game_id, seat, count(*) FROM moves WHERE game_id = ANY(:ids) "
                "GROUP BY game_id, seat"), {"ids": games[k:k + 500]})
            for game_id, seat, n in rows:
                if (game_id, seat) in seats:
                    out[(game_id, seat)] = n
    engine.dispose()
    return out


async def soak(args: argparse.Namespace) -> dict[str, Any]:
    empty(args.db)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    procs: dict[str, subprocess.Popen[bytes]] = {}
    bases: list[str] = []
    for name in ("A", "B"):
        proc, base = start_server(args.db, out / f"server-{name}.log", args.bot_delay)
        procs[name] = proc
        bases.append(base)
    tally = Tally()
    stop = asyncio.Event()
    # A connection kept open shorter than the server keeps it (uvicorn: 5 s), so no request
    # goes out on one the server is closing.
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200,
                          keepalive_expiry=2.0)
    try:
        async with httpx.AsyncClient(timeout=60, limits=limits) as client:
            for base in bases:
                await wait_up(client, base)
            memory = asyncio.create_task(watch_memory(procs, tally, stop, args.sample))
            rng = random.Random(args.seed)
            tables = args.sockets * 4 // 5 // 2  # person games: two sockets each
            watched = max(1, (args.sockets - 2 * tables) // 2)  # bot games: two spectators
            made_at = time.monotonic()
            people: list[dict[str, Any]] = []
            bots: list[dict[str, Any]] = []
            for k in range(args.games):
                base = bases[k % 2]
                if k < tables:
                    spec = {"game": GAMES[k % 2], "players": 2,
                            "seats": [{"kind": "human"}] * 2}
                elif k < tables + watched:
                    spec = {"game": GAMES[k % 2], "players": 2,
                            "seats": [{"kind": "bot", "agent": "easy"}] * 2}
                else:
                    spec = {"game": GAMES[k % 2], "players": 2, "public": False,
                            "seats": [{"kind": "human"}, {"kind": "bot", "agent": "medium"}]}
                made = await create(client, base, spec, tally)
                if made is not None and k < tables:
                    people.append(made)
                elif made is not None and k < tables + watched:
                    bots.append(made)
            created = time.monotonic() - made_at
            until = time.monotonic() + args.seconds
            tasks = [person(client, bases, made, seat, tally, random.Random(rng.random()),
                            (args.think_min, args.think_max), until)
                     for made in people for seat in (0, 1)]
            tasks += [spectator(bases[s], made["id"], tally, until)
                      for made in bots for s in (0, 1)]
            await asyncio.gather(*tasks)
            stop.set()
            await memory
            statuses = {n: (await client.get(b + "/api/status")).json()
                        for n, b in zip(procs, bases, strict=True)}
    finally:
        stop.set()
        for proc in procs.values():
            proc.send_signal(signal.SIGTERM)
        for proc in procs.values():
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    stored = stored_moves(args.db, set(tally.accepted))
    lost = sum(max(0, n - stored[k]) for k, n in tally.accepted.items())
    twice = sum(max(0, stored[k] - n) for k, n in tally.accepted.items())
    clicks = sorted(tally.clicks)
    result = {
        "games_created": args.games, "seconds_creating": round(created, 1),
        "sockets": 2 * len(people) + 2 * len(bots), "person_games": len(people),
        "bot_games_watched": len(bots), "seconds_playing": args.seconds,
        "decisions_by_people": sum(tally.accepted.values()), "games_finished": tally.finished,
        "pages_received": tally.pages, "stale": tally.stale,
        "click_to_board_p50": round(statistics.median(clicks), 4) if clicks else None,
        "click_to_board_p99": round(clicks[int(0.99 * (len(clicks) - 1))], 4)
        if clicks else None,
        "errors": len(tally.errors), "error_samples": tally.errors[:20],
        "moves_lost": lost, "moves_applied_twice": twice,
        "servers": {n: {"games_in_memory": s["games_in_memory"], "evicted": s["evicted"],
                        "bot_decisions": s["bot_decisions"],
                        "rss_max_mb": round(max(v for _, v in tally.memory[n]) / 2**20, 1),
                        "rss_end_mb": round(tally.memory[n][-1][1] / 2**20, 1)}
                    for n, s in statuses.items()},
        "memory": tally.memory,
    }
    (out / "soak.json").write_text(json.dumps(result, indent=1) + "\n")
    plot(tally.memory, out / "soak-memory.png", args)
    return result


def plot(memory: dict[str, list[tuple[float, int]]], path: Path,
         args: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.2), dpi=110)
    for name, points in memory.items():
        ax.plot([t for t, _ in points], [m / 2**20 for _, m in points], label=f"server {name}")
    ax.set_xlabel("seconds since the servers started")
    ax.set_ylabel("resident memory (MiB)")
    ax.set_title(f"{args.games:,} games, {args.sockets:,} sockets, two servers")
    ax.set_ylim(bottom=0)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL URL (it is emptied first)")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--sockets", type=int, default=1_000)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--think-min", type=float, default=2.0)
    parser.add_argument("--think-max", type=float, default=8.0)
    parser.add_argument("--bot-delay", type=float, default=0.5)
    parser.add_argument("--sample", type=float, default=5.0, help="memory sampling, seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=tempfile.mkdtemp(prefix="upriver-soak-"))
    args = parser.parse_args()
    if not args.db.startswith(("postgresql://", "postgres://")):
        raise SystemExit("--db must be a PostgreSQL URL: two servers share it")
    if not (10 <= args.sockets <= 20_000 and args.sockets // 2 < args.games <= 1_000_000):
        raise SystemExit("--sockets must be 10-20,000 and --games more than half of it")
    result = asyncio.run(soak(args))
    shown = {k: v for k, v in result.items() if k != "memory"}
    print(json.dumps(shown, indent=1))
    print(f"wrote {Path(args.out) / 'soak.json'} and {Path(args.out) / 'soak-memory.png'}")
    failed = result["errors"] or result["moves_lost"] or result["moves_applied_twice"]
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
