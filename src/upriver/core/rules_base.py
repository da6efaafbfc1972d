"""The plumbing every game's rules object shares: it names its own modules (scoring, views,
positions, evaluation, rendering) and its decision table, and this class wires them to the
contract the core drives (``upriver.core.game.Rules``)."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping
from typing import Any

from upriver.core.knowledge import Field
from upriver.core.options import Option
from upriver.core.positions import write_toml

Legal = Callable[[Any, list[str], list[tuple[object, ...]]], None]


class RulesBase:
    game_id: str
    name: str
    players: tuple[int, ...]
    options: dict[str, Option]
    over_stage: int  # the stage of a finished game
    legal_table: Mapping[int, Legal]  # stage -> the function listing its decisions
    state_cls: Any  # the game's State class (copy, to_dict, from_dict)
    scoring: Any  # module with scores, breakdown, winners
    views: Any  # module with view(state, seat, legal), determinize(state, seat, seed),
    #             hidden_from(state, seat) and KNOWLEDGE (what each seat may know, field by
    #             field: ``upriver.core.knowledge``)
    position: Any  # module with parse(text, make_config) and write(state, options), the table
    #                a position text holds (BadPosition where its format describes no such point)
    evaluation: Any  # module with evaluate(state, seat) and evaluate_all(state)
    render: Any  # module with text(view)
    svg: Any  # module with render(view, names) (the board as SVG with clickable legal targets)
    #           and PASSES (the actions left to buttons)
    catalogue: Any  # module with actions(): every decision text the game can ever offer
    encoding: Any  # module with layout(players, options) and encode(view, players, options)
    refusals: Any = None  # module with why_not(state, text): the rule that forbids a move

    def make_config(self, players: int, options: dict[str, Any]) -> Any:
        raise NotImplementedError

    def to_move(self, st: Any) -> int | None:
        return None if st.stage == self.over_stage else int(st.seat)

    def is_over(self, st: Any) -> bool:
        return bool(st.stage == self.over_stage)

    def legal(self, st: Any) -> tuple[list[str], list[tuple[object, ...]]]:
        texts: list[str] = []
        moves: list[tuple[object, ...]] = []
        if st.stage != self.over_stage:
            self.legal_table[st.stage](st, texts, moves)
        return texts, moves

    # Decisions the rulebook makes simultaneously stay hidden from the other seats until all
    # have chosen: a game with such steps says how many of the latest decisions are still
    # secret, and the text the others see in their place (``Game.log``).
    secret_text = "decides (shown once every seat has decided)"

    def secret_moves(self, st: Any) -> int:
        return 0

    def scores(self, st: Any) -> list[int]:
        return list(self.scoring.scores(st))

    def score_breakdown(self, st: Any) -> list[dict[str, int]]:
        return list(self.scoring.breakdown(st))

    def winners(self, st: Any) -> list[int]:
        return list(self.scoring.winners(st))

    def opponents(self, st: Any) -> list[dict[str, Any]]:
        return []

    def automatic_lines(self, st: Any) -> list[str]:
        """What an automated opponent did since its turn began (none in most games)."""
        return []

    def turns_taken(self, st: Any) -> int | None:
        """Turns ended so far; a game that counts them says so (``Game.turns_taken``)."""
        return None

    def view(self, st: Any, seat: int | None, legal: list[str] | None = None) -> dict[str, Any]:
        if legal is None and seat is not None and seat == self.to_move(st):
            legal = self.legal(st)[0]
        out: dict[str, Any] = self.views.view(st, seat, legal)
        return out

    def knowledge(self) -> tuple[Field, ...]:
        """Every field of the state with who may know it: the one decision the views,
        ``determinize``, the log and the learning encodings follow."""
        return tuple(self.views.KNOWLEDGE)

    def determinize(self, st: Any, seat: int, seed: int) -> Any:
        return self.views.determinize(st, seat, seed)

    def hidden_from(self, st: Any, seat: int) -> Any:
        return self.views.hidden_from(st, seat)

    def state_to_dict(self, st: Any) -> dict[str, Any]:
        out: dict[str, Any] = st.to_dict()
        return out

    def state_from_dict(self, data: dict[str, Any], options: dict[str, Any]) -> Any:
        return self.state_cls.from_dict(data, self.make_config(int(data["num_players"]),
                                                               options))

    def from_position(self, text: str) -> tuple[Any, dict[str, Any]]:
        result: tuple[Any, dict[str, Any]] = self.position.parse(text, self.make_config)
        return result

    def to_position(self, st: Any, options: dict[str, Any]) -> str:
        """The position text of ``st``, which ``from_position`` reads back into the same game
        (same views, legal actions and future); ``BadPosition`` at a point the game's format
        does not describe (the middle of a turn)."""
        return write_toml(self.position.write(st, options))

    def evaluate(self, st: Any, seat: int) -> float:
        """How good the position looks for ``seat``, from what it may know (bots)."""
        return float(self.evaluation.evaluate(st, seat))

    def evaluate_all(self, st: Any) -> list[float]:
        """``evaluate`` for every seat at once, on one position (search judges them all)."""
        return [float(v) for v in self.evaluation.evaluate_all(st)]

    def render_text(self, view: dict[str, Any]) -> str:
        """The view as text for the terminal (``upriver play``, ``upriver replay``)."""
        return str(self.render.text(view))

    def render_svg(self, view: dict[str, Any], names: list[str] | None = None) -> str:
        """The view as SVG; elements a legal action names carry ``data-action`` (web app), as
        ``upriver.core.drawing`` describes."""
        return str(self.svg.render(view, names))

    # The learning surfaces (``upriver.rl``): a fixed action space and a seat's view as numbers.

    def refusal(self, st: Any, action: str) -> str | None:
        """Why the move ``action`` names is not legal now, in the rule's words, where the
        game's ``refusals`` module knows (``None`` otherwise)."""
        if self.refusals is None:
            return None
        reason: str | None = self.refusals.why_not(st, action)
        return reason

    def names_a_move(self, action: str) -> bool:
        """Whether ``action`` is one of the game's decision texts (its catalogue)."""
        if self._catalogue_texts is None:
            self._catalogue_texts = frozenset(self.action_catalogue())
        return action in self._catalogue_texts

    _catalogue_texts: frozenset[str] | None = None

    def action_catalogue(self) -> tuple[str, ...]:
        """Every decision text the game can ever offer, at any player count and option set,
        each once and in a stable order: an action's index is its place here."""
        return tuple(self.catalogue.actions())

    def observation_layout(self, players: int, options: dict[str, Any]) -> list[tuple[str, int]]:
        """The named parts of ``encode``'s vector, in order, with their lengths."""
        return list(self.encoding.layout(players, options))

    def encode(self, view: dict[str, Any], players: int, options: dict[str, Any]) -> list[float]:
        """A seat's ``view`` as a flat list of numbers laid out as ``observation_layout`` says;
        it reads the view only, so it can never carry what the seat may not know."""
        return list(self.encoding.encode(view, players, options))

    def encode_seat(self, st: Any, seat: int, players: int,
                    options: dict[str, Any]) -> array[float]:
        """``encode(view(st, seat))`` as an array of doubles, which numpy reads without
        converting number by number: straight from the state where the game's encoding has an
        ``encode_state`` (held equal to the view's numbers by a test), else through the view.
        The view is built without its legal actions, which the encoding never reads."""
        direct = getattr(self.encoding, "encode_state", None)
        if direct is not None:
            values = direct(st, seat, players, options)
            return values if isinstance(values, array) else array("d", values)
        return array("d", self.encode(self.views.view(st, seat, None), players, options))
