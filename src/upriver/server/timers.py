"""Turn timers: a time per turn chosen when a game is created, and what happens to a seat whose
person runs out of it (issue 28). As at Board Game Arena, a person who runs out of time is
warned first; when the grace time is over too, a bot of the level the table chose plays the
seat until the person comes back and takes it again, or the game is abandoned, as the table
chose. A turn is the seat's run of decisions (every decision of a Wayfarers turn shares one
clock), and its deadline is kept in the database, so a restart loses nothing."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from upriver.core.game import Game
from upriver.server.bots import check_level
from upriver.server.store import KEEP, Deadline

MIN_SECONDS = 10
MAX_SECONDS = 7 * 24 * 3600  # a correspondence game: a week a turn
ON_TIMEOUT = ("bot", "abandon")
GRACE_SHARE = 4  # the grace after the warning is a quarter of the turn's time...
GRACE_MIN, GRACE_MAX = 10, 300  # ...from 10 seconds to 5 minutes


@dataclass(frozen=True)
class Timer:
    """A table's turn timer."""

    seconds: int  # per turn
    on_timeout: str  # "bot" or "abandon"
    level: str  # the bot level that plays an absent person's seat ("bot")

    @property
    def grace(self) -> int:
        """Seconds between the warning and the bot (or the end of the game)."""
        return max(GRACE_MIN, min(GRACE_MAX, self.seconds // GRACE_SHARE))


def check_timer(spec: Any) -> Timer | None:
    """The timer a new-game request's ``timer`` field asks for: absent or null for none, else
    ``{"seconds": 10..604800, "on_timeout": "bot" | "abandon", "level": "medium"}``;
    ``ValueError`` with one line for anything else."""
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise ValueError("timer must be an object {seconds, on_timeout, level} or null")
    unknown = set(spec) - {"seconds", "on_timeout", "level"}
    if unknown:
        raise ValueError(f"timer: unknown field {sorted(unknown)[0]!r}")
    seconds = spec.get("seconds")
    if not isinstance(seconds, int) or isinstance(seconds, bool) \
            or not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise ValueError(f"timer: seconds must be a whole number from {MIN_SECONDS} to "
                         f"{MAX_SECONDS} (a week)")
    on_timeout = spec.get("on_timeout", "bot")
    if on_timeout not in ON_TIMEOUT:
        raise ValueError(f"timer: on_timeout must be {' or '.join(ON_TIMEOUT)}, "
                         f"not {on_timeout!r}")
    level = check_level(str(spec.get("level", "medium")))
    return Timer(seconds, str(on_timeout), level)


def turn_of(game: Game) -> tuple[int | None, int | None]:
    """What identifies the turn under way: the seat to move and, in games that count turns,
    how many have ended (a solo seat never changes, its turns do)."""
    return game.to_move, game.turns_taken


def deadline_after(game: Game, before: tuple[int | None, int | None] | None,
                   timer: Timer | None, humans: list[bool], now: dt.datetime) -> Deadline:
    """The deadline after a change: a new one when a person's turn begins (``before`` is the
    turn before the change, None at creation), None when nobody's clock runs (no timer, a
    bot to move, the game over), or ``KEEP`` the one running (the same person's turn goes
    on: undoing or spreading a turn over many decisions buys no time)."""
    seat = game.to_move
    if timer is None or seat is None or not humans[seat]:
        return None
    if before is not None and turn_of(game) == before:
        return KEEP
    return now + dt.timedelta(seconds=timer.seconds)
