"""Keeping games in a database: embedded SQLite by default, PostgreSQL by URL.

All access is synchronous SQLAlchemy Core: each call is one short transaction on a local
database, cheaper than handing it to a thread.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from upriver.server.tables import games, moves, reviews, seats

MIGRATIONS = Path(__file__).parent / "migrations"


class Stale(Exception):
    """The game moved on before this change could be stored."""


class Keep:
    """A change that leaves the turn's deadline as it is (``KEEP``)."""


KEEP = Keep()
Deadline = dt.datetime | None | Keep  # a turn timer's new deadline, none, or the same


def token_hash(token: str) -> str:
    """What is kept of a seat's or the host's secret: its SHA-256, so the database alone never
    lets anyone play a seat (the tokens are random, so a plain hash is enough)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRecord:
    seat: int
    kind: str  # "human" or "bot"
    agent: str | None
    token_hash: str
    name: str
    away: bool = False  # a bot plays it because its person ran out of time


@dataclass
class MoveRecord:
    seat: int
    action: str
    revealed: bool
    note: str | None = None


@dataclass
class GameRecord:
    id: str
    game: str
    options: dict[str, Any]
    players: int
    seed: int
    host_token_hash: str
    status: str = "playing"
    ply: int = 0
    to_move: int | None = 0
    result: dict[str, Any] | None = None
    created_at: dt.datetime | None = None
    updated_at: dt.datetime | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    moves: list[MoveRecord] = field(default_factory=list)
    public: bool = True  # anyone may ask for its review; the lobby lists it
    # The turn timer (``upriver.server.timers``): none when turn_seconds is None.
    turn_seconds: int | None = None
    on_timeout: str | None = None
    timeout_level: str | None = None
    deadline: dt.datetime | None = None
    warned: bool = False
    rematch_id: str | None = None  # the game its table went on to play


@dataclass
class ReviewRecord:
    """A game's review as stored: how it is judged, how far it got, and what it found."""

    game_id: str
    status: str  # "queued", "running", "done" or "failed"
    iters: int
    seed: int
    total: int  # decisions to judge
    decisions: list[dict[str, Any]] = field(default_factory=list)  # judged so far, in order
    note: str | None = None


def default_url() -> str:
    """An SQLite file in the user's data directory (created if missing)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("upriver"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'upriver.db'}"


def engine_for(url: str) -> Engine:
    """An engine for ``url``; ``postgresql://`` URLs use the psycopg 3 driver."""
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    try:
        engine = sa.create_engine(url)
    except (sa.exc.ArgumentError, sa.exc.NoSuchModuleError) as err:
        raise ValueError(f"cannot use database URL {url!r}: {err}") from None
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        _make_folder(engine.url.database)
    return engine


def _make_folder(database: str | None) -> None:
    """An SQLite file's folder is made if missing, as every other output of upriver's is; one
    that cannot be made is refused in one line."""
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    try:
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ValueError(f"cannot use database file {database}: {err.strerror or err}") from None


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets the lobby read while a move is written; foreign keys are off by default.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


MIGRATION_LOCK = 0x75707269  # PostgreSQL advisory lock key held while migrating ("upri")


def migrate(engine: Engine) -> None:
    """Bring the schema up to date with Alembic. Several server processes starting at once on
    one PostgreSQL database take turns: the first migrates, the others find it done."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"),
                               {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


CHANNEL = "upriver_games"  # PostgreSQL: every change to a game is announced here, by its id


class Store:
    """Games, seats and decisions in one database. On PostgreSQL, several server processes may
    share it: each change is announced (``NOTIFY``) in the transaction that makes it, and a
    bot's turn is claimed by one process at a time."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = engine_for(self.url)
        self.shared = self.engine.dialect.name == "postgresql"
        migrate(self.engine)

    def listen_url(self) -> str | None:
        """Where to ``LISTEN`` for other processes' changes (PostgreSQL only: an SQLite file
        belongs to one server process)."""
        if not self.shared:
            return None
        return self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def _announce(self, db: sa.Connection, game_id: str) -> None:
        if self.shared:  # delivered when the transaction commits, to every listener
            db.execute(sa.text("SELECT pg_notify(:channel, :id)"),
                       {"channel": CHANNEL, "id": game_id})

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """Raise unless the database answers a query (``/healthz``)."""
        with self.engine.connect() as db:
            db.execute(sa.text("SELECT 1"))

    def create(self, record: GameRecord) -> None:
        with self.engine.begin() as db:
            self._insert(db, record)

    def create_rematch(self, old_id: str, record: GameRecord) -> str:
        """Store ``record`` as the rematch of game ``old_id`` and return its id; if that game
        has a rematch already (asked twice, or by two processes at once), store nothing and
        return that one's id."""
        with self.engine.begin() as db:
            taken = db.execute(games.update().where(
                (games.c.id == old_id) & games.c.rematch_id.is_(None))
                .values(rematch_id=record.id, updated_at=_now())).rowcount
            if taken:
                self._insert(db, record)
                self._announce(db, old_id)
                return record.id
        with self.engine.connect() as db:
            existing = db.execute(sa.select(games.c.rematch_id).where(
                games.c.id == old_id)).scalar_one()
        return str(existing)

    def mine(self, game_ids: list[str]) -> list[GameRecord]:
        """The games of ``game_ids`` that exist, newest first, with their seats (and the seats'
        token hashes, to check a browser's links against)."""
        if not game_ids:
            return []
        with self.engine.connect() as db:
            rows = db.execute(games.select().where(games.c.id.in_(game_ids))
                              .order_by(games.c.updated_at.desc())).mappings().all()
            return _seated(db, rows, tokens=True)

    def _insert(self, db: sa.Connection, record: GameRecord) -> None:
        now = _now()
        record.created_at = record.updated_at = now
        db.execute(games.insert().values(
            id=record.id, game=record.game, options=record.options,
            players=record.players, seed=record.seed, host_token=record.host_token_hash,
            status=record.status, ply=0, to_move=record.to_move, result=None,
            created_at=now, updated_at=now, public=record.public,
            turn_seconds=record.turn_seconds, on_timeout=record.on_timeout,
            timeout_level=record.timeout_level, deadline=record.deadline, warned=False))
        db.execute(seats.insert(), [
            {"game_id": record.id, "seat": s.seat, "kind": s.kind, "agent": s.agent,
             "token": s.token_hash, "name": s.name, "away": s.away}
            for s in record.seats])
        self._announce(db, record.id)

    def load(self, game_id: str) -> GameRecord | None:
        with self.engine.connect() as db:
            row = db.execute(games.select().where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            record = _record(row)
            record.seats = [
                SeatRecord(r.seat, r.kind, r.agent, r.token, r.name, bool(r.away))
                for r in db.execute(seats.select().where(seats.c.game_id == game_id)
                                    .order_by(seats.c.seat))]
            record.moves = [
                MoveRecord(r.seat, r.action, bool(r.revealed), r.note)
                for r in db.execute(moves.select().where(moves.c.game_id == game_id)
                                    .order_by(moves.c.ply))]
        return record

    def listing(self, limit: int = 200) -> list[GameRecord]:
        """The most recently active public games, newest first, with their seats."""
        with self.engine.connect() as db:
            rows = db.execute(games.select().where(games.c.public.is_(True))
                              .order_by(games.c.updated_at.desc()).limit(limit)).mappings().all()
            return _seated(db, rows, tokens=False)

    def playing(self) -> list[str]:
        with self.engine.connect() as db:
            return [r.id for r in db.execute(
                sa.select(games.c.id).where(games.c.status == "playing"))]

    def add_move(self, game_id: str, ply: int, move: MoveRecord, *, to_move: int | None,
                 result: dict[str, Any] | None, deadline: Deadline = KEEP) -> None:
        """Store decision number ``ply`` (0-based); ``Stale`` if another got there first."""
        try:
            with self.engine.begin() as db:
                db.execute(moves.insert().values(
                    game_id=game_id, ply=ply, seat=move.seat, action=move.action,
                    revealed=move.revealed, note=move.note, created_at=_now()))
                self._advance(db, game_id, ply, ply + 1, to_move, result, deadline)
                self._announce(db, game_id)
        except IntegrityError:
            raise Stale(f"decision {ply + 1} of game {game_id} was already taken") from None

    def remove_last_move(self, game_id: str, ply: int, *, to_move: int | None,
                         deadline: Deadline = KEEP) -> None:
        """Take back decision number ``ply - 1`` when the game stands at ``ply``."""
        with self.engine.begin() as db:
            gone = db.execute(moves.delete().where(
                (moves.c.game_id == game_id) & (moves.c.ply == ply - 1))).rowcount
            if gone != 1:
                raise Stale(f"game {game_id} is no longer at decision {ply}")
            self._advance(db, game_id, ply, ply - 1, to_move, None, deadline)
            self._announce(db, game_id)

    def _advance(self, db: sa.Connection, game_id: str, old: int, new: int,
                 to_move: int | None, result: dict[str, Any] | None,
                 deadline: Deadline) -> None:
        timer = _clock_values(deadline)
        done = db.execute(games.update().where(
            (games.c.id == game_id) & (games.c.ply == old) & (games.c.status != "abandoned"))
            .values(ply=new, to_move=to_move, result=result,
                    status="over" if result is not None else "playing", updated_at=_now(),
                    **timer)).rowcount
        if done != 1:
            raise Stale(f"game {game_id} is no longer at decision {old}")

    def set_seat(self, game_id: str, seat: int, *, kind: str, agent: str | None,
                 away: bool = False, deadline: Deadline = KEEP) -> None:
        timer = _clock_values(deadline)
        with self.engine.begin() as db:
            db.execute(seats.update().where((seats.c.game_id == game_id) & (seats.c.seat == seat))
                       .values(kind=kind, agent=agent, away=away))
            db.execute(games.update().where(games.c.id == game_id).values(updated_at=_now(),
                                                                           **timer))
            self._announce(db, game_id)

    # ----- turn timers

    def timers_due(self) -> list[str]:
        """Games being played whose turn's deadline has passed (a warning or a time-out due)."""
        with self.engine.connect() as db:
            return [r.id for r in db.execute(sa.select(games.c.id).where(
                (games.c.status == "playing") & (games.c.deadline < _now())))]

    def warn(self, game_id: str, ply: int, until: dt.datetime) -> bool:
        """The person to move at decision ``ply`` ran out of time: mark them warned, with
        ``until`` as their last moment. False if another process did it, or the game moved."""
        with self.engine.begin() as db:
            done = db.execute(games.update().where(self._due(game_id, ply, warned=False))
                              .values(warned=True, deadline=until, updated_at=_now())).rowcount
            if done:
                self._announce(db, game_id)
        return bool(done == 1)

    def time_out(self, game_id: str, ply: int, seat: int, level: str | None) -> bool:
        """The warned person's grace is over too: a bot of ``level`` takes their seat until
        they come back, or (``level`` None) the game is abandoned. False if another process
        did it, or the game moved on meanwhile."""
        with self.engine.begin() as db:
            change: dict[str, Any] = {"deadline": None, "warned": False, "updated_at": _now()}
            if level is None:
                change["status"] = "abandoned"
            done = db.execute(games.update().where(self._due(game_id, ply, warned=True))
                              .values(**change)).rowcount
            if done and level is not None:
                db.execute(seats.update().where(
                    (seats.c.game_id == game_id) & (seats.c.seat == seat))
                    .values(kind="bot", agent=level, away=True))
            if done:
                self._announce(db, game_id)
        return bool(done == 1)

    @staticmethod
    def _due(game_id: str, ply: int, *, warned: bool) -> Any:
        return ((games.c.id == game_id) & (games.c.ply == ply) & (games.c.status == "playing")
                & (games.c.deadline < _now()) & (games.c.warned.is_(warned)))

    def since(self, game_id: str, ply: int) -> tuple[GameRecord | None, list[MoveRecord]]:
        """The game's row and seats, and its decisions from number ``ply`` on (0-based): what
        a process needs to catch up with changes made by another."""
        with self.engine.connect() as db:
            row = db.execute(games.select().where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None, []
            record = _record(row)
            record.seats = [
                SeatRecord(r.seat, r.kind, r.agent, r.token, r.name, bool(r.away))
                for r in db.execute(seats.select().where(seats.c.game_id == game_id)
                                    .order_by(seats.c.seat))]
            later = [
                MoveRecord(r.seat, r.action, bool(r.revealed), r.note)
                for r in db.execute(moves.select().where(
                    (moves.c.game_id == game_id) & (moves.c.ply >= ply)).order_by(moves.c.ply))]
        return record, later

    def claim_bot(self, game_id: str, ply: int, owner: str, seconds: float) -> bool:
        """Claim the bot's turn at decision ``ply`` for ``owner`` (a server process) for
        ``seconds``: False while another process holds it. A claim lapses, so a bot's game goes
        on when the process that was deciding it stops."""
        now = _now()
        free = (games.c.bot_owner.is_(None) | (games.c.bot_ply != ply)
                | (games.c.bot_until < now) | (games.c.bot_owner == owner))
        with self.engine.begin() as db:
            done = db.execute(games.update().where(
                (games.c.id == game_id) & (games.c.ply == ply) & (games.c.status == "playing")
                & free).values(bot_ply=ply, bot_owner=owner,
                               bot_until=now + dt.timedelta(seconds=seconds))).rowcount
        return bool(done == 1)

    def release_bots(self, owner: str) -> None:
        """Give up every claim ``owner`` holds (a server stopping), so others need not wait
        for them to lapse."""
        with self.engine.begin() as db:
            db.execute(games.update().where(games.c.bot_owner == owner)
                       .values(bot_owner=None, bot_until=None))

    def bot_turns_waiting(self) -> list[str]:
        """Games where a bot is to move and no process holds a live claim on that turn."""
        now = _now()
        with self.engine.connect() as db:
            return [r.id for r in db.execute(
                sa.select(games.c.id).select_from(games.join(seats, (
                    seats.c.game_id == games.c.id) & (seats.c.seat == games.c.to_move)))
                .where((games.c.status == "playing") & (seats.c.kind == "bot") & (
                    games.c.bot_owner.is_(None) | (games.c.bot_ply != games.c.ply)
                    | (games.c.bot_until < now))))]

    # ----- reviews

    def review(self, game_id: str) -> ReviewRecord | None:
        with self.engine.connect() as db:
            row = db.execute(reviews.select().where(reviews.c.game_id == game_id)).mappings() \
                .first()
        return None if row is None else ReviewRecord(
            row["game_id"], row["status"], row["iters"], int(row["seed"]), row["total"],
            list(row["decisions"]), row["note"])

    def request_review(self, game_id: str, *, iters: int, seed: int, total: int) -> None:
        """Queue a review of a finished game, unless it has one already (asked twice, or by
        two processes at once, it is still computed once)."""
        now = _now()
        try:
            with self.engine.begin() as db:
                db.execute(reviews.insert().values(
                    game_id=game_id, status="queued" if total else "done", iters=iters,
                    seed=seed, total=total, decisions=[], created_at=now, updated_at=now))
                self._announce(db, game_id)
        except IntegrityError:
            pass

    def retry_review(self, game_id: str) -> None:
        """Queue a failed review again; it goes on from the decisions already judged."""
        with self.engine.begin() as db:
            db.execute(reviews.update().where(
                (reviews.c.game_id == game_id) & (reviews.c.status == "failed"))
                .values(status="queued", note=None, updated_at=_now()))
            self._announce(db, game_id)

    def reviews_waiting(self) -> list[str]:
        """Reviews not finished that no process holds a live claim on (new ones, and those a
        process left when it stopped)."""
        now = _now()
        with self.engine.connect() as db:
            return [r.game_id for r in db.execute(
                sa.select(reviews.c.game_id).where(
                    reviews.c.status.in_(("queued", "running"))
                    & (reviews.c.owner.is_(None) | (reviews.c.until < now)))
                .order_by(reviews.c.created_at))]

    def claim_review(self, game_id: str, owner: str, seconds: float) -> bool:
        """Claim (or keep) the work on a review for ``seconds``; False while another process
        holds it."""
        now = _now()
        with self.engine.begin() as db:
            done = db.execute(reviews.update().where(
                (reviews.c.game_id == game_id) & reviews.c.status.in_(("queued", "running"))
                & (reviews.c.owner.is_(None) | (reviews.c.until < now)
                   | (reviews.c.owner == owner)))
                .values(owner=owner, until=now + dt.timedelta(seconds=seconds))).rowcount
        return bool(done == 1)

    def add_judgement(self, game_id: str, owner: str, judgement: dict[str, Any],
                      seconds: float) -> bool:
        """Keep one more judged decision of a review ``owner`` holds, and hold it ``seconds``
        longer; the review is done with its last. False if the claim was lost meanwhile."""
        now = _now()
        with self.engine.begin() as db:
            row = db.execute(reviews.select().where(
                (reviews.c.game_id == game_id) & (reviews.c.owner == owner))
                .with_for_update()).mappings().first()
            if row is None or row["status"] not in ("queued", "running"):
                return False
            judged = [*row["decisions"], judgement]
            db.execute(reviews.update().where(reviews.c.game_id == game_id).values(
                decisions=judged, status="done" if len(judged) >= row["total"] else "running",
                until=now + dt.timedelta(seconds=seconds), updated_at=now))
            self._announce(db, game_id)
        return True

    def fail_review(self, game_id: str, owner: str, note: str) -> None:
        with self.engine.begin() as db:
            db.execute(reviews.update().where(
                (reviews.c.game_id == game_id) & (reviews.c.owner == owner))
                .values(status="failed", note=note, owner=None, until=None,
                        updated_at=_now()))
            self._announce(db, game_id)

    def release_reviews(self, owner: str) -> None:
        """Give up the reviews ``owner`` works on (a server stopping): another process, or
        this one started again, goes on from the last decision kept."""
        with self.engine.begin() as db:
            db.execute(reviews.update().where(reviews.c.owner == owner)
                       .values(owner=None, until=None))


def _clock_values(deadline: Deadline) -> dict[str, Any]:
    """The games-table values a change sets for the turn timer: a new deadline (or none)
    clears the warning; ``KEEP`` sets nothing."""
    return {} if isinstance(deadline, Keep) else {"deadline": deadline, "warned": False}


def _seated(db: sa.Connection, rows: Any, *, tokens: bool) -> list[GameRecord]:
    """The games of ``rows`` in their order, each with its seats (their token hashes only
    with ``tokens``)."""
    records = {r["id"]: _record(r) for r in rows}
    if records:
        for r in db.execute(seats.select().where(seats.c.game_id.in_(list(records)))
                            .order_by(seats.c.seat)):
            records[r.game_id].seats.append(SeatRecord(
                r.seat, r.kind, r.agent, r.token if tokens else "", r.name, bool(r.away)))
    return list(records.values())


def _record(row: Any) -> GameRecord:
    return GameRecord(
        id=row["id"], game=row["game"], options=dict(row["options"]), players=row["players"],
        seed=int(row["seed"]), host_token_hash=row["host_token"], status=row["status"],
        ply=row["ply"], to_move=row["to_move"], result=row["result"],
        created_at=row["created_at"], updated_at=row["updated_at"], public=bool(row["public"]),
        turn_seconds=row["turn_seconds"], on_timeout=row["on_timeout"],
        timeout_level=row["timeout_level"], deadline=_aware(row["deadline"]),
        warned=bool(row["warned"]), rematch_id=row["rematch_id"])


def _aware(when: dt.datetime | None) -> dt.datetime | None:
    """A stored moment in UTC (SQLite gives it back without its time zone)."""
    return when if when is None or when.tzinfo else when.replace(tzinfo=dt.UTC)
