"""12 Rivers as an upriver game: options, save/load, and the modules that make it.

The rules themselves live in one module per part of the rulebook: ``preparation`` (setup and
preparation phase), ``exploration``, ``collection`` (dam, rivers, sea, village), ``delivery``
(delivery, earth and light fairies, end of round) and ``scoring``; ``view`` decides what each seat
sees; ``position`` reads positions; ``stages`` routes each decision to its part.
"""

from __future__ import annotations

from typing import Any

from upriver.core.options import Option
from upriver.core.rules_base import RulesBase
from upriver.games.twelve_rivers import (
    catalogue,
    encoding,
    evaluation,
    exploration,
    position,
    preparation,
    refusals,
    render,
    scoring,
    stages,
    svg,
)
from upriver.games.twelve_rivers import view as views
from upriver.games.twelve_rivers.components import COLOURS, load
from upriver.games.twelve_rivers.state import OVER, Config, State

OPTIONS = {
    "edition": Option(
        "current", ("current", "2022"), "rules: current (rulebook 000) or 2022 (rulebook 001)"
    ),
    "family": Option(
        False, (False, True), "2022 Family Mode: no mission card, totems ignored",
        requires=(("edition", "2022"),),
    ),
    "lake_first": Option(
        True, (True, False), "2022: the lake is taken back before the village",
        requires=(("edition", "2022"),),
    ),
    "villager_offer": Option(
        "replace", ("replace", "refill"),
        "2022: each round leftover villager tiles leave and 6 new are turned up (replace), "
        "or the leftovers stay and the offer is topped up to 6 (refill)",
        requires=(("edition", "2022"),),
    ),
    "village_cards": Option(
        "left", ("left", "right"),
        "2022: the +2 and +1 village grooves are the leftmost (left) or the rightmost (right)",
        requires=(("edition", "2022"),),
    ),
    "components": Option("", (), "path to a TOML file replacing component tables",
                         allowed="a file path (empty: the built-in components)"),
    "allow_inactive_stretches": Option(
        False, (False, True), "stretches fed only by inactive rivers may take markers"
    ),
    "stack_extra_pearl_effects": Option(
        True, (False, True), "fishing-net pairs and water fairies stack at one marker",
        requires=(("edition", "current"),),
    ),
    "stack_river_fairies": Option(
        False, (False, True),
        "2022: several river fairies at one token each add a pearl (the text fixes 2 pearls)",
        requires=(("edition", "2022"),),
    ),
    "extra_pearl_may_swap": Option(
        True, (False, True), "an extra pick may be an exchange when the alpaca is full",
        requires=(("edition", "current"),),
    ),
    "per_fairy_tie_rule": Option(
        False, (False, True), "apply the printed 'ties earn no points' to the fairy count",
        requires=(("edition", "current"),),
    ),
}


def make_config(players: int, options: dict[str, Any]) -> Config:
    comp = load(options["components"], options["edition"])
    in_play = comp.in_play(players, options["allow_inactive_stretches"])
    gains = comp.village_gains
    if options["village_cards"] == "right":
        gains = tuple(reversed(gains))
    return Config(
        comp=comp,
        players=players,
        in_play=in_play,
        play_spaces=tuple(i for i, ok in enumerate(in_play) if ok),
        stack_extra=options["stack_river_fairies" if options["edition"] == "2022"
                            else "stack_extra_pearl_effects"],
        extra_may_swap=options["extra_pearl_may_swap"],
        per_fairy_tie_rule=options["per_fairy_tie_rule"],
        e2022=options["edition"] == "2022",
        family=options["family"],
        lake_first=options["lake_first"],
        villagers_refill=options["villager_offer"] == "refill",
        village_gains=gains,
        place_texts=exploration.place_texts_of(comp.space_names),
        place_moves=tuple(("place", sp) for sp in range(len(comp.space_names))),
    )


class TwelveRivers(RulesBase):
    """The rules object the core drives (see ``upriver.core.game.Rules``)."""

    game_id = "twelve-rivers"
    name = "12 Rivers"
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
        return preparation.new_state(make_config(num_players, options), seed)

    # The decisions themselves, compiled with the rules they drive (``stages``).
    legal = staticmethod(stages.legal)
    apply = staticmethod(stages.apply)
    to_move = staticmethod(stages.to_move)
    is_over = staticmethod(stages.is_over)

    def turns_taken(self, st: State) -> int:
        """Marker turns ended so far (TR-EXPL-01: each marker's placing is its owner's turn, and
        one seat may have several in a row); ``Game.turns_taken``."""
        return int(st.turns)

    def secret_moves(self, st: State) -> int:
        """How many of the latest decisions the other seats may not know yet: those of the
        delivery step under way (TR-DELIV-02)."""
        return int(st.dl_moves)

    secret_text = "delivers to Markaya (shown once every seat has delivered)"

    def start_order(self, st: State) -> list[int]:
        """Seats in turn order at the start (the holder of starting Markaya 1 first)."""
        return list(st.order)

    def notable_components(self, st: State, seat: int) -> list[str]:
        """What a seat took over the game, for balance studies: its Markaya and fairy kinds."""
        comp = st.cfg.comp
        names = [f"tile {comp.tiles[t].id}" for t in st.tiles_of[seat] if not comp.tiles[t].start]
        names += [f"fairy {comp.fairy_names[k]}" for k in range(5)
                  if st.fairies_taken[seat * 5 + k]]
        names += [f"alpaca card {COLOURS[comp.alpaca_cards[i][0]]}"
                  for i, o in enumerate(st.acards) if o == seat]
        return names

    def component_totals(self, st: State) -> dict[str, int]:
        """How many of each component exist anywhere (bag, board, hands, box...): constant for
        the whole game, which the conformance suite checks after every decision."""
        p = st.num_players
        pearls = (sum(st.bag) + sum(1 for c in st.rivers if c >= 0) + sum(st.pools)
                  + sum(st.sea) + sum(st.alpaca) + sum(1 for c in st.spots if c >= 0))
        cards = len(st.deck) + len(st.display) + sum(st.discard) + sum(st.hands)
        pearls += sum(st.pearls_out)
        fairies = (len(st.fairy_supply) + len(st.fairy_out) + sum(st.fairy_used)
                   + sum(st.sites) + sum(st.fairies))
        tiles = len(st.mk_deck) + len(st.mk_display) + len(st.mk_out) + sum(
            len(t) for t in st.tiles_of)
        markers = sum(1 for s in st.occ if s >= 0) + sum(1 for s in st.track if s >= 0)
        assert all(st.owner[t] == s for s in range(p) for t in st.tiles_of[s])
        return {"pearls": pearls, "supply cards": cards, "fairies": fairies, "Markaya": tiles,
                "family markers": markers}


RULES = TwelveRivers()
