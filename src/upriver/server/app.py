"""The web app: pages, a JSON API and a WebSocket per open game page.

Routes::

    GET  /                              the lobby: games in progress and finished, a new game
    GET  /games/{id}[?seat=N&token=T]   a game page: a seat's own page, or a spectator's
    GET  /games/{id}/replay             step through a finished game
    GET  /api/catalog                   games, their player counts and options, bot levels
    GET  /api/status                    this server process: bots' work, catching up with others
    GET  /api/games                     the lobby as JSON
    POST /api/games                     create a game -> its id, host token and seat tokens
    GET  /api/games/{id}[?seat&token]   what that page shows (view, SVG, legal actions, log)
    POST /api/games/{id}/actions        {"seat", "token", "action", "ply"}
    POST /api/games/{id}/undo           {"seat", "token", "ply"}
    POST /api/games/{id}/seats/{n}/bot  {"token", "agent"}: hand a seat to a bot
    GET  /api/games/{id}/replay/{step}  the public view after ``step`` decisions (finished games)
    POST /api/games/{id}/review         {"token"}: ask for the game's review (finished games)
    GET  /api/games/{id}/review[?token] the review: progress, judged decisions, per-seat summary
    GET  /api/games/{id}/review/{ply}[?token]  the boards after decision ``ply`` as taken and as
                                        the bot would have had it
    WS   /api/games/{id}/live[?seat&token]  the page's payload after every change
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import upriver
from upriver.server.bots import LEVELS, BotPool
from upriver.server.host import (
    IDLE_SECONDS,
    SERVER_ONLY_OPTIONS,
    Host,
    Refused,
    public_seat,
    replay,
)
from upriver.server.logs import setup as setup_logs
from upriver.server.store import Store

STATIC = Path(__file__).parent / "static"
MAX_BODY = 16_384

Handler = Callable[[Request], Awaitable[Response]]


def api(handler: Callable[[Host, Request], Awaitable[Any]]) -> Handler:
    """A JSON endpoint: refusals become ``{"error": "..."}`` with their status."""

    async def endpoint(request: Request) -> Response:
        host: Host = request.app.state.host
        try:
            return JSONResponse(await handler(host, request))
        except Refused as err:
            return JSONResponse({"error": err.message}, status_code=err.status)

    return endpoint


async def body_of(request: Request) -> Any:
    """The JSON body of a request that changes something: refused unless it is JSON, sent from
    this site's own pages (a foreign page must not create or play games here), small, and made
    of well-formed text."""
    same_site(request)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(415, "send the request body as application/json")
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > MAX_BODY:
        raise Refused(413, f"request body over {MAX_BODY} bytes")
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise Refused(413, f"request body over {MAX_BODY} bytes")
    try:
        body = json.loads(raw)
    except RecursionError:
        raise Refused(400, "the request body is nested too deeply") from None
    except ValueError:
        raise Refused(400, "the request body is not JSON") from None
    check_text(body)
    return body


def same_site(request: HTTPConnection) -> None:
    """Refuse a request another site's page made (the browser says where it came from)."""
    fetched = request.headers.get("sec-fetch-site")
    if fetched is not None and fetched not in ("same-origin", "none"):
        raise Refused(403, "requests from other sites are refused")
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        raise Refused(403, "requests from other sites are refused")


MAX_DEPTH = 8  # no request needs more than an object of lists of objects


def check_text(value: Any) -> None:
    """Every text in a body is well-formed: no lone surrogates, no control characters; and the
    body is shallow. Anything else is a 400, before it reaches a game or the database."""
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise Refused(400, "the request body is nested too deeply")
        if isinstance(item, str):
            plain_text(item)
        elif isinstance(item, dict):
            for k, v in item.items():
                plain_text(k)
                pending.append((v, depth + 1))
        elif isinstance(item, list):
            pending.extend((v, depth + 1) for v in item)


def plain_text(text: str, what: str = "a text in the request") -> str:
    if any(ord(ch) < 32 or ord(ch) == 127 or 0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        raise Refused(400, f"{what} holds a control character or a broken character")
    return text


def seat_query(request: HTTPConnection) -> tuple[Any, Any]:
    """``?seat=N&token=T`` as (int or the raw text, token); both absent for a spectator."""
    seat: Any = request.query_params.get("seat")
    token = request.query_params.get("token")
    if token is not None:
        plain_text(token, "the token")
    if seat is not None:
        try:
            seat = int(seat)
        except ValueError:
            raise Refused(400, f"seat must be a number, not {seat!r}") from None
    return seat, token


@api
async def catalog(host: Host, request: Request) -> Any:
    return {
        "games": {
            gid: {
                "name": info["name"],
                "players": info["players"],
                "options": {k: v for k, v in info["options"].items()
                            if k not in SERVER_ONLY_OPTIONS and v["choices"]},
            }
            for gid in upriver.games() for info in [upriver.game_info(gid)]
        },
        "bots": {name: {"label": lv.label, "spec": lv.spec, "limit": lv.limit}
                 for name, lv in LEVELS.items()},
    }


@api
async def status(host: Host, request: Request) -> Any:
    """This server process: its name, whether its database is shared with other processes, and
    what its bots and its listener did (for operators, and for the tests of several servers)."""
    return {"process": host.name, "shared_database": host.store.shared,
            "games_in_memory": len(host.live), **host.stats}


async def healthz(request: Request) -> Response:
    """For a load balancer or a supervisor: 200 while this process serves and its database
    answers, 503 with the reason (in one line) when the database does not."""
    host: Host = request.app.state.host
    try:
        await asyncio.to_thread(host.store.ping)
    except Exception as err:
        reason = " ".join(str(err).split())[:200] or type(err).__name__
        return JSONResponse({"ok": False, "error": f"database: {reason}"}, status_code=503)
    return JSONResponse({"ok": True, "process": host.name, "games_in_memory": len(host.live)})


@api
async def list_games(host: Host, request: Request) -> Any:
    return {"games": host.lobby()}


@api
async def create_game(host: Host, request: Request) -> Any:
    return host.create(await body_of(request))


@api
async def show_game(host: Host, request: Request) -> Any:
    live = await host.get(request.path_params["id"])
    seat, token = seat_query(request)
    return host.payload(live, host.seat_for(live, seat, token))


@api
async def act(host: Host, request: Request) -> Any:
    return await host.act(request.path_params["id"], await body_of(request))


@api
async def undo(host: Host, request: Request) -> Any:
    return await host.undo(request.path_params["id"], await body_of(request))


@api
async def hand_to_bot(host: Host, request: Request) -> Any:
    return await host.hand_to_bot(request.path_params["id"], request.path_params["seat"],
                                  await body_of(request))


@api
async def my_games(host: Host, request: Request) -> Any:
    return host.my_games(await body_of(request))


@api
async def rematch(host: Host, request: Request) -> Any:
    return await host.rematch(request.path_params["id"], await body_of(request))


@api
async def come_back(host: Host, request: Request) -> Any:
    return await host.come_back(request.path_params["id"], request.path_params["seat"],
                                await body_of(request))


@api
async def replay_step(host: Host, request: Request) -> Any:
    live = await host.get(request.path_params["id"])
    if not live.game.is_over:
        raise Refused(409, "replays open once the game is over")
    step = request.path_params["step"]
    total = len(live.record.moves)
    if not 0 <= step <= total:
        raise Refused(404, f"step must be from 0 to {total}")
    game = replay(live.record, step)
    view = game.view(None)
    out: dict[str, Any] = {
        "id": live.record.id, "game": live.record.game, "step": step, "total": total,
        "view": view,
        "svg": upriver.render_svg(live.record.game, view, [s.name for s in live.record.seats]),
        "log": [[s, a] for s, a in game.log(None)],
        "seats": [public_seat(s) for s in live.record.seats],
    }
    if game.is_over:
        out.update(scores=game.scores(), breakdown=game.score_breakdown(),
                   winners=game.winners(), opponents=game.opponents())
    return out


@api
async def ask_review(host: Host, request: Request) -> Any:
    return await host.request_review(request.path_params["id"], await body_of(request))


def _token(request: Request) -> str | None:
    token = request.query_params.get("token")
    return None if token is None else plain_text(token, "the token")


@api
async def show_review(host: Host, request: Request) -> Any:
    return await host.show_review(request.path_params["id"], _token(request))


@api
async def review_boards(host: Host, request: Request) -> Any:
    return await host.review_boards(request.path_params["id"], request.path_params["ply"],
                                    _token(request))


async def live_updates(websocket: WebSocket) -> None:
    """Send the page's payload now and after every change, until the page closes."""
    host: Host = websocket.app.state.host
    await websocket.accept()
    try:
        live = await host.get(websocket.path_params["id"])
        seat, token = seat_query(websocket)
        who = host.seat_for(live, seat, token)
    except Refused as err:
        await websocket.send_json({"error": err.message})
        await websocket.close(code=4000 + err.status)
        return
    queue = host.watch(live, who)
    try:
        await relay(websocket.receive, websocket.send_json, queue)
    except (WebSocketDisconnect, RuntimeError):
        return
    finally:
        host.unwatch(live, queue)


async def relay(receive: Callable[[], Awaitable[Any]],
                send: Callable[[Any], Awaitable[None]],
                queue: asyncio.Queue[dict[str, Any]]) -> None:
    """Send each update from ``queue`` until the page disconnects. Messages from the page are
    read (and ignored) side by side, and an update that arrives with one is still sent."""
    receiving = asyncio.ensure_future(receive())
    sending = asyncio.ensure_future(queue.get())
    try:
        while True:
            done, _ = await asyncio.wait({sending, receiving},
                                         return_when=asyncio.FIRST_COMPLETED)
            if sending in done:
                await send(sending.result())
                sending = asyncio.ensure_future(queue.get())
            if receiving in done:
                if receiving.result()["type"] == "websocket.disconnect":
                    return
                receiving = asyncio.ensure_future(receive())
    finally:
        receiving.cancel()
        sending.cancel()


def page(name: str) -> Handler:
    async def endpoint(request: Request) -> Response:
        return FileResponse(STATIC / name, media_type="text/html")

    return endpoint


SETTINGS = "UPRIVER_SERVE"  # the environment variable ``from_environment`` reads


def from_environment() -> Starlette:
    """The app as each worker process of ``upriver serve --workers N`` builds it, or a host's
    own process manager (``gunicorn -k uvicorn.workers.UvicornWorker
    'upriver.server:from_environment()'``): ``create_app``'s settings as JSON in the
    ``UPRIVER_SERVE`` environment variable, e.g. ``{"db": "postgresql://...",
    "log_format": "json"}``."""
    try:
        settings = json.loads(os.environ.get(SETTINGS, "{}"))
        if not isinstance(settings, dict):
            raise ValueError("not a JSON object")
    except ValueError as err:
        raise ValueError(f"{SETTINGS} must hold the server's settings as JSON: {err}") from None
    setup_logs(str(settings.pop("log_format", "text")))
    return create_app(**settings)


def create_app(db: str | None = None, *, bot_delay: float = 0.4,
               bot_workers: int | None = None, review_iters: int | None = None,
               idle_seconds: float = IDLE_SECONDS) -> Starlette:
    """The web app over the database at ``db`` (the user's SQLite file by default); reviews
    judge each decision with ``review_iters`` search iterations (``upriver review``'s
    default); a game unused for ``idle_seconds`` leaves memory until it is asked for again."""
    store = Store(db)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        host = Host(store, bot_delay=bot_delay, bots=BotPool(bot_workers),
                    review_iters=review_iters, idle_seconds=idle_seconds)
        app.state.host = host
        await host.start()
        # What is loaded by now lives as long as the server: keep it out of the collector's
        # full sweeps, which otherwise pause every page for tens of milliseconds.
        gc.freeze()
        try:
            yield
        finally:
            await host.stop()
            store.close()

    routes = [
        Route("/", page("lobby.html")),
        Route("/games/{id}", page("game.html")),
        Route("/games/{id}/replay", page("replay.html")),
        Route("/api/catalog", catalog),
        Route("/api/status", status),
        Route("/healthz", healthz),
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/games/{id}", show_game),
        Route("/api/games/{id}/actions", act, methods=["POST"]),
        Route("/api/games/{id}/undo", undo, methods=["POST"]),
        Route("/api/games/{id}/seats/{seat:int}/bot", hand_to_bot, methods=["POST"]),
        Route("/api/games/{id}/seats/{seat:int}/back", come_back, methods=["POST"]),
        Route("/api/games/{id}/rematch", rematch, methods=["POST"]),
        Route("/api/my-games", my_games, methods=["POST"]),
        Route("/api/games/{id}/replay/{step:int}", replay_step),
        Route("/api/games/{id}/review", ask_review, methods=["POST"]),
        Route("/api/games/{id}/review", show_review, methods=["GET"]),
        Route("/api/games/{id}/review/{ply:int}", review_boards),
        WebSocketRoute("/api/games/{id}/live", live_updates),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.store = store
    return app
