"""The server's games: created, loaded, played, undone, watched and handed to bots.

A game lives in the database as its setup and decisions, and in memory as a replayed
``upriver`` game object while the server runs. Every change goes through one lock per game and
is stored before anyone is told of it; what each watcher is sent is built from ``view(seat)``
only, so no page can carry another seat's hidden information.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import functools
import hmac
import logging
import random
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import upriver
from upriver.core.game import Game
from upriver.core.rng import derive_seed
from upriver.server.bots import (
    BOTS_ALONE,
    PEOPLE_WAIT,
    BotFailed,
    BotPool,
    check_level,
    level_of,
)
from upriver.server.store import (
    CHANNEL,
    Deadline,
    GameRecord,
    Keep,
    MoveRecord,
    ReviewRecord,
    SeatRecord,
    Stale,
    Store,
    token_hash,
)
from upriver.server.timers import Timer, check_timer, deadline_after, turn_of

log = logging.getLogger("upriver.server")

BOT_RETRIES = 5  # times a game's bots start again after something unexpected
SWEEP_SECONDS = 1.0  # how often a process looks for bots' turns nobody is playing
CLAIM_MARGIN = 5.0  # seconds a bot's claim outlasts its time limit
STOP_SECONDS = 3.0  # the longest a stopping server waits for its games' tasks
PAGE_BACKLOG = 16  # updates kept for a page that has not read them yet
# Options that name files on the server are not offered on the web.
SERVER_ONLY_OPTIONS = {"components"}
REVIEW_SEED = 0  # the judge's seed: ``upriver review --seed 0`` gives the same review
REVIEW_LIMIT = 300.0  # seconds one turn's judgement may take before it is given up
REVIEW_TRIES = 3  # times a turn is judged again after its worker failed
LARGEST_LOSSES = 5  # costliest decisions listed per seat
MAX_LINKS = 150  # seat links one "my games" request may ask about (a body stays small)
# A game nobody watches, no bot plays and nobody touched for this long leaves memory; it is
# loaded from the database again, exactly as it was, when someone next asks for it.
IDLE_SECONDS = 300.0


class Refused(Exception):
    """A request that cannot be carried out; nothing was changed."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class LiveGame:
    """A stored game replayed in memory, with who is watching it."""

    record: GameRecord
    game: Game
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: dict[asyncio.Queue[dict[str, Any]], int | None] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    thinking: int | None = None  # the bot seat this process is deciding for right now
    # Pages already built for the current position, by seat (None: spectators).
    pages: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    touched: float = field(default_factory=time.monotonic)  # last asked for or changed

    @property
    def ply(self) -> int:
        return len(self.game.history)


def public_seat(s: SeatRecord) -> dict[str, Any]:
    """What everyone may know of a seat: never its token."""
    return {"seat": s.seat, "kind": s.kind, "agent": s.agent, "name": s.name, "away": s.away}


def timer_of(record: GameRecord) -> Timer | None:
    """The table's turn timer, as stored."""
    if record.turn_seconds is None:
        return None
    return Timer(record.turn_seconds, record.on_timeout or "bot",
                 record.timeout_level or "medium")


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


@functools.cache
def game_name(game_id: str) -> str:
    """A game's display name (its id, for a game no longer registered)."""
    return str(upriver.game_info(game_id)["name"]) if game_id in upriver.games() else game_id


def table_name(game_id: str, options: dict[str, Any], players: int,
               view: dict[str, Any] | None = None) -> str:
    """A table's name as the header and the lobby show it: the game, and what sets this table
    apart where the game has editions or opponents: "12 Rivers (2022 first edition, Family
    Mode)", "Wayfarers of the South Tigris (solo against the Mayor)". The view names an AI
    board dealt at random."""
    name = game_name(game_id)
    extra = []
    if game_id == "twelve-rivers":
        extra.append("2022 first edition" if options.get("edition") == "2022"
                     else "current rules")
        if options.get("family"):
            extra.append("Family Mode")
    opponent = (view or {}).get("opponent")
    if opponent:
        extra.append(f"solo against the {opponent['board'].title()}")
    elif game_id == "wayfarers" and players == 1:  # the lobby's list has no view to read
        board = options.get("ai_board", "random")
        extra.append("solo against a random AI board" if board == "random"
                     else f"solo against the {str(board).title()}")
    return name + (f" ({', '.join(extra)})" if extra else "")


def replay(record: GameRecord, upto: int | None = None) -> Game:
    """The game of ``record`` after its first ``upto`` decisions (all by default)."""
    game = upriver.new_game(record.game, players=record.players, seed=record.seed,
                            **record.options)
    game.follow_opponents()  # the page shows an automated opponent's steps in the log
    for move in record.moves[:upto]:
        game.play(move.action)
    return game


class Host:
    """All games of one server."""

    def __init__(self, store: Store, *, bot_delay: float = 0.4, bots: BotPool | None = None,
                 review_iters: int | None = None, idle_seconds: float = IDLE_SECONDS) -> None:
        from upriver.review import DEFAULT_ITERS

        self.store = store
        self.review_iters = review_iters or DEFAULT_ITERS
        self.reviewing: dict[str, asyncio.Task[None]] = {}
        self.bot_delay = bot_delay
        self.bots = bots or BotPool()
        self.live: dict[str, LiveGame] = {}  # the games in use (``evict_idle``)
        self.idle_seconds = idle_seconds
        self._loading = asyncio.Lock()
        self.name = secrets.token_hex(8)  # this process, in the bot claims it makes
        self.stats = {"bot_turns": 0, "bot_decisions": 0, "bot_fallbacks": 0, "bot_turns_lost": 0,
                      "caught_up": 0, "evicted": 0}
        self._tasks: list[asyncio.Task[None]] = []

    # ----- life of the server

    async def start(self) -> None:
        """Start the bot workers, hear other processes' changes (PostgreSQL), and keep bots
        moving in every game where one is to move: those this process was playing, and those a
        process that stopped left behind."""
        self.bots.start()
        loop = asyncio.get_running_loop()
        listen = self.store.listen_url()
        if listen is not None:
            self._tasks.append(loop.create_task(self._listen(listen)))
        self._tasks.append(loop.create_task(self._sweep()))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for live in self.live.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
        for task in self.reviewing.values():
            task.cancel()
        pending = [*self._tasks, *(lv.bot_task for lv in self.live.values() if lv.bot_task),
                   *self.reviewing.values()]
        if pending:  # a task stuck in the database must not keep the server from stopping
            await asyncio.wait(pending, timeout=STOP_SECONDS)
        self.bots.stop()
        with contextlib.suppress(Exception):  # the database may be what failed
            self.store.release_bots(self.name)
            self.store.release_reviews(self.name)

    # ----- several server processes on one database

    async def _listen(self, url: str) -> None:
        """Hear every change another process stores (PostgreSQL ``LISTEN``), and catch up with
        it at once: the pages this process serves follow within moments."""
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    for game_id in list(self.live):  # what happened while nobody listened
                        self._heard(game_id)
                    async for note in conn.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("listening for other servers' changes failed (%s); retrying", err)
                await asyncio.sleep(1.0)

    def _heard(self, game_id: str) -> None:
        if game_id in self.live:
            task = asyncio.get_running_loop().create_task(self._catch_up(game_id))
            self._tasks.append(task)
            task.add_done_callback(self._tasks_done)

    def _tasks_done(self, task: asyncio.Task[None]) -> None:
        with contextlib.suppress(ValueError):
            self._tasks.remove(task)

    async def _catch_up(self, game_id: str) -> None:
        live = self.live.get(game_id)
        if live is None:
            return
        async with live.lock:
            changed = self._sync(live)
        if changed:
            self._changed(live)

    def _sync(self, live: LiveGame) -> bool:
        """Bring the game in memory up to what the database holds (another process may have
        stored decisions, taken one back or handed a seat to a bot). Caller holds the lock."""
        header, later = self.store.since(live.record.id, max(0, live.ply - 1))
        if header is None:
            return False
        changed = False
        if [(s.kind, s.agent, s.away) for s in header.seats] != [
                (s.kind, s.agent, s.away) for s in live.record.seats]:
            live.record.seats = header.seats
            changed = True
        record = live.record
        if header.rematch_id != record.rematch_id:
            record.rematch_id = header.rematch_id
            changed = True
        clock = (header.deadline, header.warned, header.status == "abandoned")
        if clock != (record.deadline, record.warned, record.status == "abandoned"):
            record.deadline, record.warned = header.deadline, header.warned
            if header.status == "abandoned":
                record.status = "abandoned"
            changed = True
        ours = live.record.moves
        known = later[:1] if ours else []
        if header.ply < live.ply or (ours and (not known or known[0] != ours[-1])):
            self._reload(live)  # a decision was taken back: replay what is stored
            self.stats["caught_up"] += 1
            return True
        new = later[1:] if ours else later
        if not new:
            if changed:
                live.pages.clear()
            return changed
        try:
            for move in new:
                live.game.play(move.action)
                ours.append(move)
        except ValueError:
            self._reload(live)
        live.record.to_move, live.record.status = header.to_move, header.status
        live.record.result = header.result
        live.pages.clear()
        self.stats["caught_up"] += 1
        return True

    async def _sweep(self) -> None:
        """Every second, find games where a bot is to move and no process is deciding for it
        (a new game made elsewhere, a process that stopped mid-thought), and play them; and
        let go of the games nobody uses."""
        while True:
            try:
                self.evict_idle()
                for game_id in self.store.bot_turns_waiting():
                    try:
                        live = await self.get(game_id)
                    except Refused as err:
                        log.error("cannot play bots in game %s: %s", game_id, err.message,
                                  extra={"game": game_id})
                        continue
                    if live.bot_task is None or live.bot_task.done():
                        async with live.lock:
                            self._sync(live)
                        self._schedule_bots(live)
                for game_id in self.store.reviews_waiting():
                    self._schedule_review(game_id)
                for game_id in self.store.timers_due():
                    await self._time_out(game_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("looking for bots' turns failed")
            await asyncio.sleep(SWEEP_SECONDS)

    async def _time_out(self, game_id: str) -> None:
        """A person's turn ran out: warn them; once the grace after the warning has run out
        too, a bot of the table's level takes their seat until they come back, or the game
        is abandoned, as the table chose. One process does each step (the store's updates
        are conditional), whichever sweeps first."""
        live = await self.get(game_id)
        async with live.lock:
            self._sync(live)
            record, seat, timer = live.record, live.game.to_move, timer_of(live.record)
            if (timer is None or seat is None or record.seats[seat].kind != "human"
                    or record.deadline is None or record.deadline > _now()):
                return
            if not record.warned:
                until = _now() + dt.timedelta(seconds=timer.grace)
                if not self.store.warn(game_id, live.ply, until):
                    return
                record.deadline, record.warned = until, True
                log.info("game %s: seat %d ran out of time and was warned", game_id, seat,
                         extra={"game": game_id, "seat": seat})
            elif timer.on_timeout == "bot":
                if not self.store.time_out(game_id, live.ply, seat, timer.level):
                    return
                taken = record.seats[seat]
                taken.kind, taken.agent, taken.away = "bot", timer.level, True
                record.deadline, record.warned = None, False
                log.info("game %s: a bot plays seat %d until its person comes back",
                         game_id, seat, extra={"game": game_id, "seat": seat})
            else:
                if not self.store.time_out(game_id, live.ply, seat, None):
                    return
                record.status, record.deadline, record.warned = "abandoned", None, False
                log.info("game %s: abandoned, seat %d ran out of time", game_id, seat,
                         extra={"game": game_id, "seat": seat})
            live.pages.clear()
        self._changed(live)

    # ----- creating and finding games

    def create(self, spec: Any) -> dict[str, Any]:
        """Create a game from a request body; returns its id, host token and seat links."""
        game, seat_specs, seed = _check_new_game(spec)
        public = spec.get("public", True)
        if not isinstance(public, bool):
            raise Refused(400, "public must be true or false")
        try:
            timer = check_timer(spec.get("timer"))
        except ValueError as err:
            raise Refused(400, str(err)) from None
        # The secrets are given out once, here; the database keeps only their hashes, and the
        # browser that created the game keeps the links.
        host_token = secrets.token_urlsafe(18)
        tokens = [secrets.token_urlsafe(18) for _ in seat_specs]
        record = GameRecord(
            id=secrets.token_urlsafe(9), game=game.game_id, options=game.options,
            players=game.num_players,
            seed=seed, host_token_hash=token_hash(host_token), to_move=game.to_move,
            public=public)
        for seat, (kind, agent, name) in enumerate(seat_specs):
            record.seats.append(SeatRecord(seat, kind, agent, token_hash(tokens[seat]), name))
        if timer is not None:
            record.turn_seconds, record.on_timeout = timer.seconds, timer.on_timeout
            record.timeout_level = timer.level
            self._set_deadline(record, deadline_after(
                game, None, timer, [k == "human" for k, _, _ in seat_specs], _now()))
        self.store.create(record)
        live = LiveGame(record, game)
        self.live[record.id] = live
        self._schedule_bots(live)
        return {
            "id": record.id,
            "host_token": host_token,
            "seats": [{**public_seat(s), "token": tokens[s.seat] if s.kind == "human" else None}
                      for s in record.seats],
        }

    async def get(self, game_id: str) -> LiveGame:
        live = self.live.get(game_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        async with self._loading:
            live = self.live.get(game_id)
            if live is None:
                record = self.store.load(game_id)
                if record is None:
                    raise Refused(404, f"no game {game_id!r}")
                try:
                    game = replay(record)
                except ValueError as err:
                    raise Refused(500, f"game {game_id} cannot be replayed: {err}") from None
                live = self.live[game_id] = LiveGame(record, game)
        return live

    def lobby(self) -> list[dict[str, Any]]:
        return [_summary(r) for r in self.store.listing()]

    def my_games(self, body: Any) -> dict[str, Any]:
        """The games a browser holds seat links for, public or not, running or finished:
        ``{"seats": [{"id", "seat", "token"}, ...]}`` (at most ``MAX_LINKS``). Each game whose
        seat a token proves, newest first, with ``held``: the seats proved; a link that proves
        nothing (a mistyped token, a game gone) is left out."""
        links = body.get("seats") if isinstance(body, dict) else None
        if not isinstance(links, list) or len(links) > MAX_LINKS:
            raise Refused(400, f"seats must be a list of at most {MAX_LINKS} seat links")
        wanted: dict[str, dict[int, str]] = {}
        for link in links:
            if not (isinstance(link, dict) and isinstance(link.get("id"), str)
                    and isinstance(link.get("token"), str)
                    and isinstance(link.get("seat"), int)
                    and not isinstance(link.get("seat"), bool)):
                raise Refused(400, "each seat link must be {id, seat, token}")
            wanted.setdefault(link["id"][:32], {})[link["seat"]] = link["token"]
        out = []
        for record in self.store.mine(list(wanted)):
            held = sorted(seat for seat, token in wanted[record.id].items()
                          if 0 <= seat < len(record.seats) and hmac.compare_digest(
                              record.seats[seat].token_hash, token_hash(token)))
            if held:
                out.append({**_summary(record), "held": held})
        return {"games": out}

    async def rematch(self, game_id: str, body: Any) -> dict[str, Any]:
        """The same table plays again: ``{"token"}``, a seat's or the host's, once the game is
        over (or abandoned). A new game with the same game, options, seats (people, bots and
        names; a person a bot sat in for plays in person again), timer and visibility, and a
        new seed; each link to the old game holds the same seat in the new one (the same
        token). Asked again, by anyone, in any process: the same rematch."""
        if not isinstance(body, dict) or not isinstance(body.get("token"), str):
            raise Refused(400, "expected a JSON object with a token")
        live = await self.get(game_id)
        old = live.record
        given = token_hash(body["token"])
        if not any(hmac.compare_digest(h, given)
                   for h in (old.host_token_hash, *(s.token_hash for s in old.seats))):
            raise Refused(403, "only the game's host or one of its seats may ask for a rematch")
        async with live.lock:
            self._sync(live)
            if not live.game.is_over and old.status != "abandoned":
                raise Refused(409, "a rematch comes once the game is over")
            if old.rematch_id is not None:
                return {"id": old.rematch_id}
            seed = secrets.randbits(62)
            game = upriver.new_game(old.game, players=old.players, seed=seed, **old.options)
            game.follow_opponents()
            new = GameRecord(
                id=secrets.token_urlsafe(9), game=old.game, options=old.options,
                players=old.players, seed=seed, host_token_hash=old.host_token_hash,
                to_move=game.to_move, public=old.public, turn_seconds=old.turn_seconds,
                on_timeout=old.on_timeout, timeout_level=old.timeout_level)
            for s in old.seats:
                kind, agent = ("human", None) if s.away else (s.kind, s.agent)
                new.seats.append(SeatRecord(s.seat, kind, agent, s.token_hash, s.name))
            self._set_deadline(new, deadline_after(
                game, None, timer_of(new), [s.kind == "human" for s in new.seats], _now()))
            old.rematch_id = self.store.create_rematch(game_id, new)
            if old.rematch_id == new.id:
                again = self.live[new.id] = LiveGame(new, game)
                self._schedule_bots(again)
            live.pages.clear()
        self._notify(live)
        return {"id": old.rematch_id}

    def evict_idle(self) -> int:
        """Let go of every game not in use: nobody watching, no bot to play or playing, no
        review under way, nothing held, and untouched for ``idle_seconds``. Such a game costs
        no memory; ``get`` loads it from the database, as it was, when it is next asked for.
        Returns how many games went."""
        now = time.monotonic()
        idle = [game_id for game_id, live in self.live.items() if self._idle(live, now)]
        for game_id in idle:
            del self.live[game_id]
        self.stats["evicted"] += len(idle)
        return len(idle)

    def _idle(self, live: LiveGame, now: float) -> bool:
        return (now - live.touched >= self.idle_seconds and not live.watchers
                and live.thinking is None and not live.lock.locked()
                and (live.bot_task is None or live.bot_task.done())
                and live.record.id not in self.reviewing)

    # ----- who may do what

    @staticmethod
    def seat_for(live: LiveGame, seat: Any, token: Any) -> int | None:
        """The seat a (seat, token) pair speaks for: ``None`` for a spectator."""
        if seat is None and token is None:
            return None
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(token, str):
            raise Refused(400, "seat must be a number and token a text")
        if not 0 <= seat < live.record.players:
            raise Refused(404, f"seat {seat} does not exist in this "
                               f"{live.record.players}-player game")
        if not hmac.compare_digest(live.record.seats[seat].token_hash, token_hash(token)):
            raise Refused(403, f"wrong token for seat {seat}")
        return seat

    # ----- what a seat is shown

    def payload(self, live: LiveGame, seat: int | None) -> dict[str, Any]:
        """Everything one page shows, from ``view(seat)`` and the public record only."""
        page = live.pages.get(seat)
        if page is None:
            page = live.pages[seat] = self._build_page(live, seat)
        return page

    def _build_page(self, live: LiveGame, seat: int | None) -> dict[str, Any]:
        game, record = live.game, live.record
        view = game.view(seat)
        over = game.is_over
        mine = (seat is not None and game.to_move == seat and record.seats[seat].kind == "human"
                and record.status != "abandoned")
        out: dict[str, Any] = {
            "id": record.id,
            "game": record.game,
            "name": table_name(record.game, record.options, record.players, view),
            "options": record.options,
            "ply": live.ply,
            "seat": seat,
            "to_move": game.to_move,
            "over": over,
            "view": view,
            "svg": upriver.render_svg(record.game, view, [s.name for s in record.seats]),
            "legal": game.legal_actions() if mine else [],
            "log": [[s, a] for s, a in game.log(seat)],
            # An automated opponent's steps, each after the decision it came with: public.
            "opponent_log": [[ply, line] for ply, line in game.opponent_log()],
            "opponent_names": [o["name"] for o in game.opponents()],
            "opponent_colour": upriver.opponent_colour(record.game, view),
            "can_undo": seat is not None and self.can_undo(live, seat),
            "thinking": live.thinking,
            "seats": [public_seat(s) for s in record.seats],
            "colours": upriver.seat_colours(record.game, view),  # each seat's, on its board
            "status": record.status,
            "clock": _clock(record),
            "rematch": record.rematch_id,  # the game this table went on to play
            # How decisions were taken, where the table should know (a bot that gave none).
            "events": [{"ply": i + 1, "seat": m.seat, "text": m.note}
                       for i, m in enumerate(record.moves) if m.note],
        }
        if over:
            out["scores"] = game.scores()
            out["breakdown"] = game.score_breakdown()
            out["winners"] = game.winners()
            out["opponents"] = game.opponents()
        return out

    def can_undo(self, live: LiveGame, seat: int) -> bool:
        """Undo is open while the last decision is this seat's, revealed nothing, and the
        game is not over (the rulebooks have no undo: see docs/web.md)."""
        moves = live.record.moves
        return (bool(moves) and not live.game.is_over and moves[-1].seat == seat
                and not moves[-1].revealed and live.record.seats[seat].kind == "human")

    # ----- changing a game

    async def act(self, game_id: str, body: Any) -> dict[str, Any]:
        """A human seat's decision: ``{"seat", "token", "action", "ply"}``."""
        seat, token, ply = _fields(body, "seat", "token", "ply")
        action = body.get("action")
        if not isinstance(action, str):
            raise Refused(400, "action must be a text")
        live = await self.get(game_id)
        who = self.seat_for(live, seat, token)
        assert who is not None
        async with live.lock:
            self._check_ply(live, ply)
            if live.record.status == "abandoned":
                raise Refused(409, "the game was abandoned: a person ran out of time")
            if live.record.seats[who].kind != "human":
                raise Refused(409, f"seat {who} is played by a bot")
            if live.game.to_move != who:
                raise Refused(409, _not_your_turn(live, who))
            self._apply(live, who, action)
        self._changed(live)
        return self.payload(live, who)

    async def undo(self, game_id: str, body: Any) -> dict[str, Any]:
        """Take back the seat's own last decision: ``{"seat", "token", "ply"}``."""
        seat, token, ply = _fields(body, "seat", "token", "ply")
        live = await self.get(game_id)
        who = self.seat_for(live, seat, token)
        assert who is not None
        async with live.lock:
            self._check_ply(live, ply)
            if not self.can_undo(live, who):
                raise Refused(409, "nothing to undo: the last decision is not yours, revealed "
                                   "something, or the game is over")
            moves = live.record.moves[:-1]
            game = replay(live.record, len(moves))
            deadline = self._deadline(live, game, turn_of(live.game))
            try:
                self.store.remove_last_move(game_id, live.ply, to_move=game.to_move,
                                            deadline=deadline)
            except Stale as err:
                self._reload(live)
                raise Refused(409, f"stale: {err}") from None
            live.record.moves = moves
            live.record.to_move = game.to_move
            self._set_deadline(live.record, deadline)
            live.game = game
            live.pages.clear()
            if live.bot_task is not None:
                live.bot_task.cancel()
        self._changed(live)
        return self.payload(live, who)

    async def hand_to_bot(self, game_id: str, seat: Any, body: Any) -> dict[str, Any]:
        """Give a seat to a bot: ``{"token", "agent"}``; the seat's own token or the host's."""
        if not isinstance(body, dict) or not isinstance(body.get("token"), str):
            raise Refused(400, "expected a JSON object with a token")
        live = await self.get(game_id)
        if not isinstance(seat, int) or not 0 <= seat < live.record.players:
            raise Refused(404, f"seat {seat} does not exist in this game")
        given = token_hash(body["token"])
        if not (hmac.compare_digest(live.record.host_token_hash, given)
                or hmac.compare_digest(live.record.seats[seat].token_hash, given)):
            raise Refused(403, f"only the game's host or seat {seat} may hand it to a bot")
        try:
            agent = check_level(str(body.get("agent", "medium")))
        except ValueError as err:
            raise Refused(400, str(err)) from None
        async with live.lock:
            if live.game.is_over or live.record.status == "abandoned":
                raise Refused(409, "the game is over")
            record_seat = live.record.seats[seat]
            # The clock stops if the seat handed over is the one to move.
            deadline = self._deadline(live, live.game, turn_of(live.game), changed=(seat, False))
            self.store.set_seat(game_id, seat, kind="bot", agent=agent, deadline=deadline)
            record_seat.kind, record_seat.agent, record_seat.away = "bot", agent, False
            self._set_deadline(live.record, deadline)
            live.pages.clear()
        self._changed(live)
        return {"seat": seat, "kind": "bot", "agent": agent}

    async def come_back(self, game_id: str, seat: Any, body: Any) -> dict[str, Any]:
        """A person whose seat a bot took when they ran out of time takes it back:
        ``{"token"}``, the seat's own. Their turn, if it is theirs, starts a fresh clock."""
        if not isinstance(body, dict) or not isinstance(body.get("token"), str):
            raise Refused(400, "expected a JSON object with a token")
        live = await self.get(game_id)
        who = self.seat_for(live, seat, body["token"])
        assert who is not None
        async with live.lock:
            self._sync(live)
            record_seat = live.record.seats[who]
            if not record_seat.away:
                raise Refused(409, f"seat {who} is not played by a bot in its person's absence")
            if live.game.is_over or live.record.status == "abandoned":
                raise Refused(409, "the game is over")
            fresh = None if live.game.to_move == who else turn_of(live.game)
            deadline = self._deadline(live, live.game, fresh, changed=(who, True))
            self.store.set_seat(game_id, who, kind="human", agent=None, deadline=deadline)
            record_seat.kind, record_seat.agent, record_seat.away = "human", None, False
            self._set_deadline(live.record, deadline)
            if live.bot_task is not None and live.game.to_move == who:
                live.bot_task.cancel()
            live.pages.clear()
        self._changed(live)
        return self.payload(live, who)

    def _check_ply(self, live: LiveGame, ply: int) -> None:
        """The decision number the page saw must be the game's; before refusing one as stale,
        read the game again (another process may have moved it on)."""
        if ply != live.ply and self._sync(live):
            self._notify(live)
        if ply != live.ply:
            raise Refused(409, f"stale: the game is at decision {live.ply}, not {ply}; "
                               "reload to see the latest position")

    def _apply(self, live: LiveGame, seat: int, action: str, note: str | None = None) -> None:
        """Play, then store; on any failure the game is left as it was. Caller holds the lock."""
        before = live.game.clone()
        live.touched = time.monotonic()
        try:
            live.game.play(action)
        except ValueError as err:
            raise Refused(422, str(err)) from None
        game = live.game
        live.pages.clear()
        # A decision that turned up something hidden from its seat can never be taken back
        # (the game says so); bots never take a decision back.
        revealed = (before.hidden_from(seat) != game.hidden_from(seat)
                    if live.record.seats[seat].kind == "human" else True)
        result = ({"scores": game.scores(), "winners": game.winners()}
                  if game.is_over else None)
        move = MoveRecord(seat, action, revealed, note)
        deadline = self._deadline(live, game, turn_of(before))
        try:
            self.store.add_move(live.record.id, len(before.history), move,
                                to_move=game.to_move, result=result, deadline=deadline)
        except Stale as err:
            # Another server process took this decision: forget ours and load theirs.
            live.game = before
            live.pages.clear()
            self._sync(live)
            raise Refused(409, f"stale: {err}") from None
        except Exception:
            live.game = before
            live.pages.clear()
            raise
        live.record.moves.append(move)
        live.record.to_move = game.to_move
        self._set_deadline(live.record, deadline)
        if result is not None:
            live.record.status, live.record.result = "over", result

    @staticmethod
    def _deadline(live: LiveGame, game: Game, before: tuple[int | None, int | None] | None,
                  changed: tuple[int, bool] | None = None) -> Deadline:
        """The turn timer's deadline once ``game`` is the position (``turn_of`` the one
        before it: a turn that goes on keeps its clock), with the seat ``changed`` names
        about to become a person's (True) or a bot's (False)."""
        humans = [s.kind == "human" for s in live.record.seats]
        if changed is not None:
            humans[changed[0]] = changed[1]
        return deadline_after(game, before, timer_of(live.record), humans, _now())

    @staticmethod
    def _set_deadline(record: GameRecord, deadline: Deadline) -> None:
        if not isinstance(deadline, Keep):
            record.deadline, record.warned = deadline, False

    def _reload(self, live: LiveGame) -> None:
        """Load the game as the database has it (another server process changed it)."""
        record = self.store.load(live.record.id)
        if record is not None:
            live.record, live.game = record, replay(record)
        live.pages.clear()

    def _changed(self, live: LiveGame) -> None:
        """Tell every watcher, then let bots take their turns."""
        live.pages.clear()
        self._notify(live)
        self._schedule_bots(live)

    # ----- watching

    def watch(self, live: LiveGame, seat: int | None) -> asyncio.Queue[dict[str, Any]]:
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=PAGE_BACKLOG)
        live.watchers[queue] = seat
        live.touched = time.monotonic()
        _offer(queue, self.payload(live, seat))
        return queue

    @staticmethod
    def unwatch(live: LiveGame, queue: asyncio.Queue[dict[str, Any]]) -> None:
        live.watchers.pop(queue, None)
        live.touched = time.monotonic()

    # ----- reviews

    @staticmethod
    def may_review(live: LiveGame, token: Any) -> bool:
        """Anyone may see and ask for a public game's review; a private game's is for those
        holding one of its links (a seat's or the host's)."""
        if live.record.public:
            return True
        if not isinstance(token, str):
            return False
        given = token_hash(token)
        return any(hmac.compare_digest(h, given) for h in
                   [live.record.host_token_hash, *(s.token_hash for s in live.record.seats)])

    def _reviewable(self, live: LiveGame, token: Any) -> None:
        if not live.game.is_over:
            raise Refused(409, "a review opens once the game is over")
        if not self.may_review(live, token):
            raise Refused(403, "this game is private: only its players may see its review")

    async def request_review(self, game_id: str, body: Any) -> dict[str, Any]:
        """Ask for a finished game's review: ``{"token"}`` (none needed for a public game).
        It is queued once, and judged in the background on the bot workers; a review that
        failed is taken up again where it stopped."""
        if not isinstance(body, dict):
            raise Refused(400, "expected a JSON object")
        live = await self.get(game_id)
        self._reviewable(live, body.get("token"))
        stored = self.store.review(game_id)
        if stored is not None and stored.status == "failed":
            self.store.retry_review(game_id)
        if stored is None:
            from upriver.review import turns

            start = replay(live.record, 0)
            total = await asyncio.to_thread(
                lambda: sum(t.judged for t in turns(start, live.game.history)))
            self.store.request_review(game_id, iters=self.review_iters, seed=REVIEW_SEED,
                                      total=total)
        self._schedule_review(game_id)
        return self.review_payload(live, self.store.review(game_id))

    async def show_review(self, game_id: str, token: Any) -> dict[str, Any]:
        live = await self.get(game_id)
        self._reviewable(live, token)
        return self.review_payload(live, self.store.review(game_id))

    @staticmethod
    def review_payload(live: LiveGame, stored: ReviewRecord | None) -> dict[str, Any]:
        """What the replay page shows of a review: how far it got, every decision judged so
        far, and per seat its summary and costliest decisions."""
        from upriver.review import Review
        from upriver.review.judge import Judgement

        seats = [public_seat(s) for s in live.record.seats]
        colours = upriver.seat_colours(live.record.game, live.game.view(None))
        if stored is None:
            return {"status": "none", "done": 0, "total": 0, "decisions": [], "seats": seats,
                    "colours": colours}
        review = Review(live.record.game, live.record.players, live.record.options,
                        list(range(live.record.players)), stored.iters, 0.0, stored.seed,
                        [Judgement.from_dict(d) for d in stored.decisions])
        return {
            "status": stored.status, "note": stored.note, "done": len(stored.decisions),
            "total": stored.total, "iters": stored.iters, "seed": stored.seed, "seats": seats,
            "colours": colours,  # each seat's colour on its board, for the chart's lines
            "plies": len(live.game.history), "players": live.record.players,
            "decisions": [j.to_dict() for j in review.judgements],
            "summary": [review.summary(s) for s in review.seats],
            "largest": [[j.ply for j in review.largest_losses(s, LARGEST_LOSSES)]
                        for s in review.seats],
        }

    async def review_boards(self, game_id: str, ply: int, token: Any) -> dict[str, Any]:
        """The boards after a judged decision: as taken, and as the bot would have had it
        (public views only, like every replay)."""
        live = await self.get(game_id)
        self._reviewable(live, token)
        stored = self.store.review(game_id)
        judged = next((d for d in (stored.decisions if stored else []) if d["ply"] == ply),
                      None)
        if judged is None:
            raise Refused(404, f"decision {ply + 1} has not been judged")
        names = [s.name for s in live.record.seats]
        boards = {}
        for key in ("taken", "best"):
            game = replay(live.record, ply)
            game.play(judged[key])
            view = game.view(None)
            boards[key] = upriver.render_svg(live.record.game, view, names)
        return {"ply": ply, "judged": judged, **boards}

    def _schedule_review(self, game_id: str) -> None:
        task = self.reviewing.get(game_id)
        if task is None or task.done():
            self.reviewing[game_id] = asyncio.get_running_loop().create_task(
                self._review(game_id))

    async def _review(self, game_id: str) -> None:
        """Judge a review a turn at a time (``upriver.review.turns``), keeping each decision as
        it comes, while this process holds the review (a restart, here or in another process,
        goes on from the last decision kept: a turn kept in part is judged again, the same
        way, and only its missing decisions are kept)."""
        from upriver.review import turns

        claim = REVIEW_LIMIT + CLAIM_MARGIN
        try:
            if not self.store.claim_review(game_id, self.name, claim):
                return
            stored = self.store.review(game_id)
            live = await self.get(game_id)
            if stored is None:
                return
            start = replay(live.record, 0)
            todo = await asyncio.to_thread(lambda: list(turns(start, live.game.history)))
            kept, counted = len(stored.decisions), 0
            for t in todo:
                counted += t.judged
                if counted <= kept:
                    continue
                for attempt in range(REVIEW_TRIES):
                    try:
                        judged = await self.bots.judge(t.saved, list(t.taken),
                                                       derive_seed(stored.seed, t.ply),
                                                       stored.iters, REVIEW_LIMIT)
                        break
                    except BotFailed as err:
                        if attempt == REVIEW_TRIES - 1:
                            self.store.fail_review(game_id, self.name,
                                                   f"decision {t.ply + 1}: {err.reason}")
                            return
                for judgement in judged[len(judged) - (counted - kept):]:
                    if not self.store.add_judgement(game_id, self.name, judgement, claim):
                        return  # another process took it over
                kept = counted
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("reviewing game %s stopped", game_id, extra={"game": game_id})
        finally:
            self.reviewing.pop(game_id, None)

    # ----- bots

    def _schedule_bots(self, live: LiveGame) -> None:
        seat = live.game.to_move
        if seat is None or live.record.seats[seat].kind != "bot" \
                or live.record.status == "abandoned":
            return
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = asyncio.get_running_loop().create_task(self._bots_guarded(live))

    async def _bots_guarded(self, live: LiveGame) -> None:
        """Bots' turns, carried on after anything unexpected (a database hiccup) a few times."""
        for _ in range(BOT_RETRIES):
            try:
                await self._bots_play(live)
                return
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bots in game %s stopped; trying again", live.record.id,
                              extra={"game": live.record.id})
                await asyncio.sleep(1.0)

    async def _bots_play(self, live: LiveGame) -> None:
        """Bots play while it is a bot seat's turn, a whole turn at a time (one agent decides
        all its decisions, so a search bot's budget is the turn's), each decision shown in its
        turn; a change meanwhile (an undo) wins. A bot that gives no decision in time, or
        fails, is replaced for that decision by a random legal move, noted in the game for
        everyone to see: no bot can freeze a game."""
        while True:
            seat = live.game.to_move
            if seat is None or live.record.seats[seat].kind != "bot":
                return
            await asyncio.sleep(self.bot_delay)
            async with live.lock:
                seat, ply = live.game.to_move, live.ply
                if seat is None or live.record.seats[seat].kind != "bot":
                    return
                level = level_of(live.record.seats[seat].agent)
                saved = live.game.to_json()
            if not self.store.claim_bot(live.record.id, ply, self.name,
                                        level.limit + CLAIM_MARGIN):
                self.stats["bot_turns_lost"] += 1
                return  # another process decides this turn; it will say when it is stored
            seed = derive_seed(live.record.seed, ply)
            note = None
            self._thinking(live, seat)
            try:
                people = any(s.kind == "human" for s in live.record.seats)
                actions = await self.bots.turn(saved, level.spec, seed, level.limit,
                                               PEOPLE_WAIT if people else BOTS_ALONE)
            except BotFailed as err:
                actions, note = [""], f"{live.record.seats[seat].name}: the bot {err.reason}"
            finally:
                live.thinking = None
            self.stats["bot_turns"] += 1
            for i, action in enumerate(actions or [""]):  # nothing said: a random legal move
                if i:  # each decision of the turn is shown in its turn, and held as ever
                    await asyncio.sleep(self.bot_delay)
                    if not self.store.claim_bot(live.record.id, ply + i, self.name,
                                                level.limit + CLAIM_MARGIN):
                        break
                if not await self._bot_decision(live, seat, ply + i, action, seed,
                                                note if i == 0 else None):
                    break

    async def _bot_decision(self, live: LiveGame, seat: int, ply: int, action: str, seed: int,
                            note: str | None) -> bool:
        """Play a bot's decision at ``ply``, or a random legal move if it is not legal (noted);
        False when the game has moved on meanwhile (an undo, another process)."""
        async with live.lock:
            if live.ply != ply or live.game.to_move != seat \
                    or live.record.seats[seat].kind != "bot":
                return False
            self.stats["bot_decisions"] += 1
            if action not in live.game.legal_actions():
                if note is None:
                    note = f"{live.record.seats[seat].name}: the bot chose {action!r}, " \
                           "which is not legal"
                action = random.Random(seed).choice(live.game.legal_actions())
                note += "; a random legal move was played instead"
                self.stats["bot_fallbacks"] += 1
                log.warning("game %s, decision %d: %s", live.record.id, ply + 1, note,
                            extra={"game": live.record.id, "seat": seat})
            try:
                self._apply(live, seat, action, note)
            except Refused as err:  # stale: another server took this decision
                log.info("bot in game %s: %s", live.record.id, err.message,
                         extra={"game": live.record.id, "seat": seat})
                return False
        self._notify(live)
        return True

    def _thinking(self, live: LiveGame, seat: int) -> None:
        """Tell the pages a bot is thinking, when it may take a while (a search bot)."""
        live.thinking = seat
        if self.bot_delay or level_of(live.record.seats[seat].agent).spec.startswith("mcts"):
            live.pages.clear()
            self._notify(live)

    def _notify(self, live: LiveGame) -> None:
        """Send each watcher the new position as its seat sees it."""
        for queue, seat in list(live.watchers.items()):
            _offer(queue, self.payload(live, seat))


def _offer(queue: asyncio.Queue[dict[str, Any]], payload: dict[str, Any]) -> None:
    """Queue a page's update: each decision is sent, so a page can show a bot's run of
    decisions step by step; a page too slow to keep up loses the oldest, never the newest."""
    while queue.full():
        queue.get_nowait()
    queue.put_nowait(payload)


def _not_your_turn(live: LiveGame, seat: int) -> str:
    if live.game.is_over:
        return "the game is over"
    return f"it is seat {live.game.to_move}'s turn, not seat {seat}'s"


def _summary(r: GameRecord) -> dict[str, Any]:
    """A game as the lobby lists it (no tokens)."""
    return {
        "id": r.id, "game": r.game, "name": table_name(r.game, r.options, r.players),
        "options": r.options, "players": r.players, "status": r.status,
        "ply": r.ply, "to_move": r.to_move, "result": r.result,
        "updated_at": r.updated_at.isoformat() if r.updated_at else None,
        "seats": [public_seat(s) for s in r.seats], "rematch": r.rematch_id,
    }


def _clock(record: GameRecord) -> dict[str, Any] | None:
    """What a page shows of the turn timer: its settings, and when the turn under way runs
    out (after a warning, when the grace runs out)."""
    timer = timer_of(record)
    if timer is None:
        return None
    return {"turn_seconds": timer.seconds, "on_timeout": timer.on_timeout,
            "level": timer.level, "grace": timer.grace, "warned": record.warned,
            "deadline": record.deadline.isoformat() if record.deadline else None}


def _fields(body: Any, *names: str) -> list[Any]:
    if not isinstance(body, dict):
        raise Refused(400, "expected a JSON object")
    missing = [n for n in names if n not in body]
    if missing:
        raise Refused(400, f"missing {', '.join(missing)}")
    values = [body[n] for n in names]
    if "ply" in names:
        ply = body["ply"]
        if not isinstance(ply, int) or isinstance(ply, bool):
            raise Refused(400, "ply must be a number")
    return values


def _check_new_game(spec: Any) -> tuple[Game, list[tuple[str, str | None, str]], int]:
    """Validate a new-game request (game, players, options, seats and an optional seed); the
    new game, its seats and its seed."""
    if not isinstance(spec, dict):
        raise Refused(400, "expected a JSON object")
    unknown = set(spec) - {"game", "players", "options", "seats", "seed", "public", "timer"}
    if unknown:
        raise Refused(400, f"unknown field {sorted(unknown)[0]!r}")
    game_id = spec.get("game")
    if game_id not in upriver.games():
        raise Refused(400, f"unknown game {game_id!r} (games: {', '.join(upriver.games())})")
    info = upriver.game_info(game_id)
    players: Any = spec.get("players")
    if players not in info["players"] or isinstance(players, bool):
        raise Refused(400, f"{info['name']} is for {min(info['players'])}-"
                           f"{max(info['players'])} players, not {players!r}")
    options = spec.get("options", {})
    if not isinstance(options, dict):
        raise Refused(400, "options must be an object")
    for name in options:
        offered = info["options"].get(name)
        if offered is not None and (name in SERVER_ONLY_OPTIONS or not offered["choices"]):
            raise Refused(400, f"option {name!r} is not offered on the web")
    seed = spec.get("seed", secrets.randbits(62))
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**62:
        raise Refused(400, "seed must be a whole number from 0 to 2^62")
    try:  # building the game is what checks the options
        game = upriver.new_game(game_id, players=players, seed=seed, **options)
        game.follow_opponents()
    except ValueError as err:
        raise Refused(400, str(err)) from None
    seat_specs = spec.get("seats", [{"kind": "human"}] + [{"kind": "bot"}] * (players - 1))
    if not isinstance(seat_specs, list) or len(seat_specs) != players:
        raise Refused(400, f"seats must list {players} seats")
    seats: list[tuple[str, str | None, str]] = []
    for i, s in enumerate(_seat_specs(seat_specs)):
        kind, agent, name = s
        seats.append((kind, agent, name or default_name(i, kind, agent)))
    return game, distinct_names(seats), seed


BOT_NAMES = ("Tigris", "Euphrates", "Nile", "Danube")  # a bot's name by its seat


def default_name(seat: int, kind: str, agent: str | None) -> str:
    """A seat's name when none was given: people count from 0, as the boards and the API do;
    a bot gets a river's name by its seat (so two bots are told apart) and says what it is:
    "Euphrates (greedy bot, medium)"."""
    if kind == "human" or agent is None:
        return f"Seat {seat}"
    return f"{BOT_NAMES[seat % len(BOT_NAMES)]} ({level_of(agent).label.lower()}, {agent})"


def distinct_names(seats: list[tuple[str, str | None, str]]) -> list[tuple[str, str | None, str]]:
    """The seats with no two names alike: a name already taken (ignoring case) gets its seat
    number, "Ana (seat 2)", so every line of the log says who."""
    taken: set[str] = set()
    out = []
    for i, (kind, agent, name) in enumerate(seats):
        if name.casefold() in taken:
            name = f"{name[:30]} (seat {i})"
        taken.add(name.casefold())
        out.append((kind, agent, name))
    return out


def _seat_specs(specs: Iterable[Any]) -> list[tuple[str, str | None, str]]:
    out: list[tuple[str, str | None, str]] = []
    for i, s in enumerate(specs):
        if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
            raise Refused(400, f"seat {i} must be {{'kind': 'human'}} or {{'kind': 'bot'}}")
        name = s.get("name", "")
        if not isinstance(name, str) or len(name) > 40:
            raise Refused(400, f"seat {i}: name must be a text of at most 40 characters")
        agent = None
        if s["kind"] == "bot":
            try:
                agent = check_level(str(s.get("agent", "medium")))
            except ValueError as err:
                raise Refused(400, f"seat {i}: {err}") from None
        out.append((s["kind"], agent, name.strip()))
    return out
