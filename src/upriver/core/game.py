"""The game contract every game implements, and the public game object built on it.

A game supplies a *rules* object (plain functions over a plain-data state); this module turns it
into the public interface of ``docs/interface.md``: legality checks, history, clones, save/load.
"Not your turn", "game over" and "illegal action" are handled here once, not in every game.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from upriver.core.errors import BadOption, BadPosition, IllegalAction
from upriver.core.margins import margins
from upriver.core.options import Option, check_options


class State(Protocol):
    """A game's plain-data state; the rules module defines the concrete class."""

    def copy(self) -> State: ...


class Rules(Protocol):
    """What a game package provides to the core (see ``upriver.games.twelve_rivers.rules``)."""

    game_id: str
    name: str
    players: tuple[int, ...]
    options: dict[str, Option]

    def new_state(self, num_players: int, options: dict[str, Any], seed: int) -> Any: ...
    def to_move(self, state: Any) -> int | None: ...
    def legal(self, state: Any) -> tuple[list[str], list[Any]]: ...
    # ``apply`` may return the next decision's ``legal`` pair when it had to build it anyway.
    def apply(self, state: Any, move: Any) -> tuple[list[str], list[Any]] | None: ...
    def scores(self, state: Any) -> list[int]: ...
    def score_breakdown(self, state: Any) -> list[dict[str, int]]: ...
    def winners(self, state: Any) -> list[int]: ...
    # An automated opponent that is not a seat (a solo game's): name, score and breakdown.
    def opponents(self, state: Any) -> list[dict[str, Any]]: ...
    # What such an opponent did since its turn began, a line per step; a new turn's list
    # never begins with the whole list of the turn before (``Game.opponent_log``).
    def automatic_lines(self, state: Any) -> list[str]: ...
    def is_over(self, state: Any) -> bool: ...
    # The turns ended so far, for games that count them (``Game.turns_taken``), else None.
    def turns_taken(self, state: Any) -> int | None: ...
    # ``legal``: the legal texts when the core has them already (the seat to move's view).
    def view(self, state: Any, seat: int | None,
             legal: list[str] | None = None) -> dict[str, Any]: ...
    def secret_moves(self, state: Any) -> int: ...
    def hidden_from(self, state: Any, seat: int) -> Any: ...
    secret_text: str
    def determinize(self, state: Any, seat: int, seed: int) -> Any: ...
    def state_to_dict(self, state: Any) -> dict[str, Any]: ...
    def state_from_dict(self, data: dict[str, Any], options: dict[str, Any]) -> Any: ...
    def from_position(self, text: str) -> tuple[Any, dict[str, Any]]: ...
    def to_position(self, state: Any, options: dict[str, Any]) -> str: ...
    # Why a move this text names is not legal now, in the rule's words (None: no reason known).
    def refusal(self, state: Any, action: str) -> str | None: ...
    # Whether a text names a move of the game at all (a catalogue text).
    def names_a_move(self, action: str) -> bool: ...
    # The learning surfaces (``upriver.rl``): a fixed action catalogue and an encoded view.
    def action_catalogue(self) -> tuple[str, ...]: ...
    def observation_layout(self, players: int,
                           options: dict[str, Any]) -> list[tuple[str, int]]: ...
    def encode(self, view: dict[str, Any], players: int,
               options: dict[str, Any]) -> list[float]: ...
    def encode_seat(self, state: Any, seat: int, players: int,
                    options: dict[str, Any]) -> array[float]: ...


@dataclass
class Game:
    """One game in progress: the public object of ``upriver.new_game``."""

    rules: Rules
    num_players: int
    options: dict[str, Any]
    state: Any
    history: list[tuple[int, str]] = field(default_factory=list)
    _legal: tuple[list[str], list[Any]] | None = field(default=None, repr=False)
    # The seat a determinised copy was made for: its hidden parts are already resampled.
    _observer: int | None = field(default=None, repr=False)
    # What automated opponents did, once asked to follow them (``follow_opponents``): None
    # while not followed, so searches, which never ask, pay nothing for it.
    _opponent_log: list[tuple[int, str]] | None = field(default=None, repr=False, compare=False)
    _opponent_seen: list[str] = field(default_factory=list, repr=False, compare=False)
    # The rules' four questions of every step, looked up once (not on the rules object at
    # every step: a search asks them millions of times).
    _to_move: Callable[[Any], int | None] = field(init=False, repr=False, compare=False)
    _is_over: Callable[[Any], bool] = field(init=False, repr=False, compare=False)
    _legal_of: Callable[[Any], tuple[list[str], list[Any]]] = field(
        init=False, repr=False, compare=False)
    _apply_to: Callable[[Any, Any], tuple[list[str], list[Any]] | None] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rules = self.rules
        self._to_move, self._is_over = rules.to_move, rules.is_over
        self._legal_of, self._apply_to = rules.legal, rules.apply

    @property
    def game_id(self) -> str:
        return self.rules.game_id

    @property
    def to_move(self) -> int | None:
        return self._to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self._is_over(self.state)

    @property
    def turns_taken(self) -> int | None:
        """How many turns have ended so far, an automated opponent's included, for games that
        count them (``None`` otherwise). Bots look ahead to the end of a turn with it: in a solo
        game the seat to move never changes, but the turn does."""
        return self.rules.turns_taken(self.state)

    def _legal_pair(self) -> tuple[list[str], list[Any]]:
        if self._legal is None:
            self._legal = self._legal_of(self.state)
        return self._legal

    def legal_actions(self) -> list[str]:
        """Every legal decision for ``to_move``, as stable text; empty once the game is over."""
        return list(self._legal_pair()[0])

    def play(self, action: str) -> None:
        """Apply one decision, or raise ``IllegalAction`` and change nothing."""
        texts, moves = self._legal_pair()
        try:
            i = texts.index(action)
        except ValueError:
            raise IllegalAction(self.why_not(action)) from None
        self._apply(texts[i], moves[i])

    def why_not(self, action: str) -> str:
        """Why ``action`` cannot be played now, in one line: the rule that forbids the move it
        names (in the rulebook's words where the game knows them), that it names no move of the
        game, or, failing both, what the seat to move may choose."""
        if self.is_over:
            return f"{action!r} is not legal: the game is over"
        texts = self._legal_pair()[0]
        if action in texts:
            return f"{action!r} is legal now"
        choose = (f"seat {self.to_move} must choose one of {len(texts)} actions, "
                  f"e.g. {texts[0]!r}")
        if not isinstance(action, str) or not self.rules.names_a_move(action):
            return f"{action!r} names no move of {self.rules.name} ({choose})"
        reason = self.rules.refusal(self.state, action)
        if reason:
            return f"{action!r} is not legal now: {reason}"
        return f"{action!r} is not legal now ({choose})"

    def _apply(self, text: str, move: Any) -> None:
        seat = self._to_move(self.state)
        assert seat is not None
        self._legal = self._apply_to(self.state, move)
        self.history.append((seat, text))
        if self._opponent_log is not None:
            self._note_opponents()

    def follow_opponents(self) -> None:
        """From now on, keep what the game's automated opponents do (a solo game's AI board)
        after each decision, for ``opponent_log``."""
        if self._opponent_log is None:
            self._opponent_log = []
            self._opponent_seen = self.rules.automatic_lines(self.state)

    def opponent_log(self) -> list[tuple[int, str]]:
        """(decision number, line) for each step an automated opponent took since
        ``follow_opponents``: the line came with that decision (the number of decisions
        played once it happened). Its steps are public: every seat sees them on the table."""
        return list(self._opponent_log or [])

    def _note_opponents(self) -> None:
        # ``automatic_lines`` tells what the opponent did since its turn began; a new turn
        # starts a new list, never with the whole list it replaces (the rules' promise), so a
        # list that still begins with the last one only grew.
        now = self.rules.automatic_lines(self.state)
        before = self._opponent_seen
        fresh = now[len(before):] if before and now[: len(before)] == before else now
        if fresh:
            assert self._opponent_log is not None
            self._opponent_log.extend((len(self.history), line) for line in fresh)
        self._opponent_seen = now

    def legal_count(self) -> int:
        """How many legal decisions ``to_move`` has (``len(legal_actions())``, without the
        list)."""
        return len(self._legal_pair()[0])

    def play_nth(self, i: int) -> None:
        """Play ``legal_actions()[i]``: what ``play`` does with that text, without looking it
        up (search playouts); an index out of range raises ``IllegalAction``."""
        texts, moves = self._legal_pair()
        if not 0 <= i < len(texts):
            raise IllegalAction(f"there is no legal action {i}: seat {self.to_move} has "
                                f"{len(texts)}" if texts else "the game is over")
        self._apply(texts[i], moves[i])

    def log(self, seat: int | None = None) -> list[tuple[int, str]]:
        """The decisions so far as ``seat`` may know them (``None``: a spectator). A decision
        of a simultaneous step still under way is shown to the other seats only as one line per
        seat (the game's ``secret_text``), and in full once every seat has chosen; ``history``
        keeps every decision in full."""
        if seat is not None and not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} does not exist in a {self.num_players}-player game")
        secret = self.rules.secret_moves(self.state) if self.history else 0
        if not secret:
            return list(self.history)
        cut = len(self.history) - secret
        out = self.history[:cut]
        hidden = self.rules.secret_text
        for s, action in self.history[cut:]:
            if s == seat:
                out.append((s, action))
            elif not out or out[-1] != (s, hidden) or len(out) <= cut:
                out.append((s, hidden))
        return out

    def scores(self) -> list[int]:
        return self.rules.scores(self.state)

    def score_breakdown(self) -> list[dict[str, int]]:
        return self.rules.score_breakdown(self.state)

    def winners(self) -> list[int]:
        """The seats sharing victory; none when an automated opponent won."""
        return self.rules.winners(self.state) if self.is_over else []

    def opponents(self) -> list[dict[str, Any]]:
        """Automated opponents that are not seats (solo games): each one's ``name``,
        ``score`` and ``breakdown``; empty for games between seats."""
        return self.rules.opponents(self.state)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        if seat is not None and not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} does not exist in a {self.num_players}-player game")
        if seat is not None and seat == self.to_move:
            return self.rules.view(self.state, seat, list(self._legal_pair()[0]))
        return self.rules.view(self.state, seat)

    def hidden_from(self, seat: int) -> Any:
        """Everything ``seat`` cannot see (the draw piles' order, the random stream, other hands),
        as one comparable value. A decision after which it differs turned up something hidden (a
        card drawn, a tile turned face up, a shuffle), so it can never be taken back."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} does not exist in a {self.num_players}-player game")
        return self.rules.hidden_from(self.state, seat)

    def evaluate(self, seat: int) -> float:
        """A heuristic value of the position for ``seat`` (higher is better), from what that seat
        may know; used by bots on determinised copies. Games without one value the score lead."""
        evaluate = getattr(self.rules, "evaluate", None)
        if evaluate is not None:
            # On the real game, judge a determinised copy, so the value cannot carry what the
            # seat may not see; a copy already determinised for this seat is used as it is.
            state = self.state if self._observer == seat else self.rules.determinize(
                self.state, seat, 0)
            return float(evaluate(state, seat))
        return float(margins(self.scores(), self.num_players)[seat])

    def evaluations(self) -> list[float]:
        """``evaluate`` for every seat. On a determinised copy all seats are judged at once, on
        that copy: a game's evaluation reads only what every seat may know of the others
        (checked by the conformance suite), so no seat's value needs a world of its own."""
        all_at_once = getattr(self.rules, "evaluate_all", None)
        if all_at_once is None or self._observer is None:
            return [self.evaluate(s) for s in range(self.num_players)]
        return [float(v) for v in all_at_once(self.state)]

    def clone(self) -> Game:
        twin = Game.__new__(Game)
        twin.rules = self.rules
        twin.num_players = self.num_players
        twin.options = self.options
        twin.state = self.state.copy()
        twin.history = self.history.copy()
        twin._legal = self._legal
        twin._observer = self._observer
        twin._opponent_log, twin._opponent_seen = None, []  # copies for search do not follow
        twin._to_move, twin._is_over = self._to_move, self._is_over
        twin._legal_of, twin._apply_to = self._legal_of, self._apply_to
        return twin

    def determinize(self, seat: int, seed: int) -> Game:
        """A copy where all that ``seat`` cannot see is resampled; its own view is unchanged."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} does not exist in a {self.num_players}-player game")
        twin = self.clone()
        twin.state = self.rules.determinize(self.state, seat, seed)
        twin._legal = None
        twin._observer = seat
        return twin

    def to_position(self) -> str:
        """The game as position text (``upriver.from_position`` reads it back: the same views,
        legal actions and future, the random stream included); ``BadPosition`` at a point the
        game's position format does not describe, such as the middle of a turn."""
        return self.rules.to_position(self.state, self.options)

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": "upriver-game/1",
                "game": self.game_id,
                "players": self.num_players,
                "options": self.options,
                "state": self.rules.state_to_dict(self.state),
                "history": [[s, a] for s, a in self.history],
            },
            separators=(",", ":"),
        )


def check_players(rules: Rules, players: int) -> int:
    if not isinstance(players, int) or players not in rules.players:
        allowed = ", ".join(str(p) for p in rules.players)
        raise BadOption(f"{rules.game_id} is for {allowed} players, not {players!r}")
    return players


def game_from_json(rules: Rules, data: dict[str, Any]) -> Game:
    try:
        players = check_players(rules, data["players"])
        options = check_options(rules.game_id, rules.options, data["options"], players)
        state = rules.state_from_dict(data["state"], options)
        history = [(int(s), str(a)) for s, a in data["history"]]
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, BadOption | BadPosition):
            raise
        raise BadPosition(f"not a readable {rules.game_id} save: {exc}") from None
    return Game(rules, players, options, state, history)
