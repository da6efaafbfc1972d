"""The River as an upriver game: options, save/load, and the modules that make it.

The rules live in ``setup`` (setup and the preliminary turn), ``turns`` (turns, trading, every
action, storing and paying), ``storage`` (where each stored resource sits), ``terrain`` (tiles
and covering), ``cleanup`` (cleanup and the end), ``scoring`` and ``view``; ``stages`` routes
each decision to them.
"""

from __future__ import annotations

from typing import Any

from upriver.core.options import Option
from upriver.core.rules_base import RulesBase
from upriver.games.the_river import (
    catalogue,
    encoding,
    evaluation,
    position,
    refusals,
    render,
    scoring,
    setup,
    stages,
    storage,
    svg,
)
from upriver.games.the_river import view as views
from upriver.games.the_river.components import load
from upriver.games.the_river.state import OVER, Config, State

OPTIONS = {
    "components": Option("", (), "path to a TOML file replacing component tables",
                         allowed="a file path (empty: the built-in components)"),
    "mixed_tile_matches": Option(
        "both", ("both", "neither"),
        "a two-terrain tile matches both its terrains in a column, or neither",
    ),
    "meadow_counts_for_columns": Option(
        True, (True, False), "meadow tiles count as a terrain for the column bonus"
    ),
    "column_pair_requires_adjacency": Option(
        False, (False, True), "a column's two matching tiles must be next to each other"
    ),
    "round_limit": Option(
        50, (), "the game ends after this round even if nothing triggered the end "
        "(not a rule of the game: only a table that stalls forever reaches it)",
        minimum=1, maximum=1000,
    ),
    "resource_points": Option(
        "none", ("none", "1 per resource", "1 per 3 resources"),
        "points for resources left at the end",
    ),
}


def make_config(players: int, options: dict[str, Any]) -> Config:
    comp = load(options["components"])
    side = "2" if players == 2 else "34"  # RV-SETUP-01
    return Config(
        comp=comp,
        players=players,
        side=side,
        spots=comp.spots[side],
        boards=tuple(comp.boards[(comp.colours[s], side)] for s in range(players)),
        mixed_both=options["mixed_tile_matches"] == "both",
        meadow_in_columns=options["meadow_counts_for_columns"],
        adjacent_pairs=options["column_pair_requires_adjacency"],
        resource_points=options["resource_points"],
        round_limit=options["round_limit"],
    )


class TheRiver(RulesBase):
    """The rules object the core drives (see ``upriver.core.game.Rules``)."""

    game_id = "the-river"
    name = "The River"
    players: tuple[int, ...] = (2, 3, 4)
    options = OPTIONS
    over_stage = OVER
    legal_table = stages.LEGAL
    state_cls = State
    scoring = scoring
    views = views
    position = position
    evaluation = evaluation
    render = render
    svg = svg
    catalogue = catalogue
    refusals = refusals
    encoding = encoding

    def make_config(self, players: int, options: dict[str, Any]) -> Config:
        return make_config(players, options)

    def new_state(self, num_players: int, options: dict[str, Any], seed: int) -> State:
        return setup.new_state(make_config(num_players, options), seed)

    # The decisions themselves, compiled with the rules they drive (``stages``).
    legal = staticmethod(stages.legal)
    apply = staticmethod(stages.apply)
    to_move = staticmethod(stages.to_move)
    is_over = staticmethod(stages.is_over)

    def turns_taken(self, st: State) -> int:
        """Turns ended so far (RV-TURN-02; one seat may take several in a row, RV-TURN-05);
        ``Game.turns_taken``."""
        return int(st.turns)

    def start_order(self, st: State) -> list[int]:
        """Seats in turn order in round 1: clockwise from the pawn's random first holder."""
        return [(st.opening_player + k) % st.num_players for k in range(st.num_players)]

    def notable_components(self, st: State, seat: int) -> list[str]:
        """What a seat ended with, for balance studies: its buildings and meadow tiles."""
        comp = st.cfg.comp
        n = comp.river_spaces
        names = [f"building {comp.buildings[b].id}" for b in st.built[seat]]
        names += [f"meadow {comp.tiles[t].meadow}" for t in st.river[seat * n : seat * n + n]
                  if t >= 0 and comp.tiles[t].meadow]
        return names

    def component_totals(self, st: State) -> dict[str, int]:
        """Every component wherever it lies; constant for a whole game."""
        p = st.num_players
        comp = st.cfg.comp
        river_tiles = sum(1 for t in st.river if t >= 0)
        tiles = len(st.stack) + len(st.tile_discard) + len(st.tiles_out) + len(st.display)
        cards = len(st.deck) + sum(1 for b in st.bdisplay if b >= 0) + sum(
            len(r) + len(b) for r, b in zip(st.reserved, st.built, strict=True))
        tokens = len(st.left_pile) + len(st.right_pile) + len(st.tokens_out) + sum(
            len(t) for t in st.tokens)
        pioneers = sum(st.boat) + sum(st.on_board) + sum(st.settled) + sum(st.token_pioneer)
        resources = [st.stock[k] + st.pending[k] + sum(st.res[s * 4 + k] for s in range(p))
                     for k in range(4)]
        return {
            # Every stored resource sits on a warehouse of its space, and the totals agree.
            "resources off the warehouses": storage.off_warehouses(st),
            "terrain tiles": tiles + river_tiles,
            "buildings": cards,
            "bonus tokens": tokens,
            "pioneers": pioneers,
            "resources in play": sum(resources),
            "resources in the box": sum(comp.box) - sum(comp.stock[p]) + sum(resources),
        }


RULES = TheRiver()
