"""The database schema: games, their seats, their decisions and their reviews.

A game is stored as what it was created with (game, options, players, seed) and the list of
decisions taken; the position is rebuilt by replaying them, so a stored game can never disagree
with the rules. Changes to these tables go through an Alembic migration in ``migrations/``.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    true,
)

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("host_token", String(64), nullable=False),  # its SHA-256 (hex), not the secret
    # "playing", "over" or "abandoned" (a person ran out of time at a table that chose so);
    # ply, to_move and result mirror the replayed game for the lobby.
    Column("status", String(16), nullable=False, index=True),
    Column("ply", Integer, nullable=False),
    Column("to_move", Integer, nullable=True),
    Column("result", JSON, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False, index=True),
    # A bot's turn is claimed by one server process at a time: the decision number it is
    # working on, who (a process's random name) and until when (then another may take over).
    Column("bot_ply", Integer, nullable=True),
    Column("bot_owner", String(64), nullable=True),
    Column("bot_until", DateTime(timezone=True), nullable=True),
    # A public game's review may be asked for by anyone; a private game's by its players
    # only, and the lobby leaves it out.
    Column("public", Boolean, nullable=False, server_default=true()),
    # Turn timers (none when turn_seconds is null): what happens to a seat whose person runs
    # out of time ("bot": a bot of timeout_level plays it until they come back; "abandon"),
    # when the current turn runs out, and whether its person has been warned (the deadline
    # then being the end of the grace time).
    Column("turn_seconds", Integer, nullable=True),
    Column("on_timeout", String(16), nullable=True),
    Column("timeout_level", String(16), nullable=True),
    Column("deadline", DateTime(timezone=True), nullable=True, index=True),
    Column("warned", Boolean, nullable=False, server_default=false()),
    # The game this one's table went on to play (a rematch: the same seats and settings).
    Column("rematch_id", String(32), nullable=True),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # "human" or "bot"
    Column("agent", String(200), nullable=True),  # the bot's spec, e.g. "mcts:secs=1"
    Column("token", String(64), nullable=False),  # the seat link's secret, as its SHA-256 (hex)
    Column("name", String(64), nullable=False),
    # A bot plays the seat because its person ran out of time; they may take it back.
    Column("away", Boolean, nullable=False, server_default=false()),
)

moves = Table(
    "moves",
    metadata,
    # (game_id, ply) is the primary key: two servers racing for one decision cannot both win.
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    # Whether the decision may not be taken back: it showed its seat something it could not
    # know before (a card drawn), or a bot took it.
    Column("revealed", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # What the table should know about how the decision was taken: a bot that ran out of time
    # or failed, and that a simple legal move was played for it instead.
    Column("note", Text, nullable=True),
)

reviews = Table(
    "reviews",
    metadata,
    # One review per game, of every seat, computed once and kept (upriver.review).
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    # "queued", "running", "done" or "failed"; decisions holds each judged decision so far,
    # so a review stopped by a restart goes on where it was.
    Column("status", String(16), nullable=False, index=True),
    Column("iters", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("total", Integer, nullable=False),  # decisions to judge
    Column("decisions", JSON, nullable=False),
    Column("note", Text, nullable=True),  # why a review failed
    # Like a bot's turn, a review is worked on by one server process at a time.
    Column("owner", String(64), nullable=True),
    Column("until", DateTime(timezone=True), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)
