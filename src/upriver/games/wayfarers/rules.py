"""Wayfarers of the South Tigris as an upriver game: options, the decision dispatcher,
save/load (rulebook 004).

The rules live in ``setup``, ``turns`` (main actions, dice, Workers, Guild abilities, the end
of a turn), ``resolve`` (effect parts), ``cards``, ``caravan``, ``journal`` and ``scoring``.
"""

from __future__ import annotations

from typing import Any

from upriver.core.options import Option
from upriver.core.rules_base import RulesBase
from upriver.games.wayfarers import evaluation, position, render, scoring, setup, svg, turns
from upriver.games.wayfarers import view as views
from upriver.games.wayfarers.components import load
from upriver.games.wayfarers.state import CARDS, OVER, Config, State

OPTIONS = {
    "sides": Option(
        "random", (), "the side of each main-board section (left, middle, right), which sets "
        "the Journal link requirements", allowed="random, or three letters a or b for the "
        "left, middle and right sections (e.g. aab)", pattern="random|[ab]{3}"),
    "round_limit": Option(
        200, (), "the game ends after this round even if nothing triggered the end (not a rule "
        "of the game: only a table that stalls for ever reaches it)", minimum=1, maximum=1000),
}


def make_config(players: int, options: dict[str, Any]) -> Config:
    text = options["sides"]
    sides = (-1, -1, -1) if text == "random" else tuple("ab".index(x) for x in text)
    return Config(comp=load(), players=players, sides=sides, round_limit=options["round_limit"])


class Wayfarers(RulesBase):
    """The rules object the core drives (see ``upriver.core.game.Rules``)."""

    game_id = "wayfarers"
    name = "Wayfarers of the South Tigris"
    players: tuple[int, ...] = (2, 3, 4)
    options = OPTIONS
    over_stage = OVER
    state_cls = State
    scoring = scoring
    views = views
    position = position
    evaluation = evaluation
    render = render
    svg = svg

    def make_config(self, players: int, options: dict[str, Any]) -> Config:
        return make_config(players, options)

    def new_state(self, num_players: int, options: dict[str, Any], seed: int) -> State:
        return setup.new_state(make_config(num_players, options), seed)

    def legal(self, st: State) -> tuple[list[str], list[Any]]:
        texts: list[str] = []
        moves: list[Any] = []
        turns.legal(st, texts, moves)
        return texts, moves

    def apply(self, st: State, move: tuple[Any, ...]) -> tuple[list[str], list[Any]] | None:
        return turns.apply(st, move)

    def start_order(self, st: State) -> list[int]:
        return [(st.first_player + k) % st.num_players for k in range(st.num_players)]

    def notable_components(self, st: State, seat: int) -> list[str]:
        comp = st.cfg.comp
        return [comp.cards[c].name for c in range(CARDS) if st.owner[c] == seat
                and comp.cards[c].type in (0, 3)]

    def component_totals(self, st: State) -> dict[str, int]:
        """Every component wherever it lies; constant for a whole game."""
        p = st.num_players
        comp = st.cfg.comp
        on_display = sum(1 for c in st.display if c >= 0)
        cards_ = (sum(len(x) for x in st.piles) + on_display + len(st.drawn)
                  + sum(1 for c in range(CARDS) if st.owner[c] >= 0) + _in_hand(st))
        influence = (sum(st.inf_supply) + sum(st.guild)
                     + sum(1 for c in st.card_inf if c >= 0))
        workers = (sum(st.workers) + sum(bin(b).count("1") for b in st.card_workers)
                   + sum(st.green_on))
        dice = sum(len(d) for d in st.dice) + sum(st.reserve) + sum(st.occupied)
        tiles = sum(st.tile_supply) + sum(1 for code in st.caravan if code >= 0 and
                                          code % 2 == 0) + _tile_in_hand(st)
        return {"cards": cards_, "influence": influence - comp.influence * p,
                "workers": workers, "dice": dice, "tiles": tiles}


def _in_hand(st: State) -> int:
    """Cards taken but not yet placed: a Townsfolk waiting for its host, an Inspiration card
    waiting to be tucked or discarded."""
    from upriver.games.wayfarers.state import F_INSP, F_TUCK

    return sum(1 for i in range(0, len(st.stack), 4) if st.stack[i] in (F_TUCK, F_INSP))


def _tile_in_hand(st: State) -> int:
    from upriver.games.wayfarers.state import F_TILE

    return sum(1 for i in range(0, len(st.stack), 4) if st.stack[i] == F_TILE)


RULES = Wayfarers()
