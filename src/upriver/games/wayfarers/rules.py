"""Wayfarers of the South Tigris as an upriver game: options, the decision dispatcher,
save/load (rulebook 004).

The rules live in ``setup``, ``turns`` (main actions, dice, Workers, Guild abilities, the end
of a turn), ``resolve`` (effect parts), ``cards``, ``caravan``, ``journal`` and ``scoring``.
"""

from __future__ import annotations

from typing import Any

from upriver.core.options import Option
from upriver.core.rules_base import RulesBase
from upriver.games.wayfarers import (
    catalogue,
    encoding,
    evaluation,
    opponent_log,
    position,
    refusals,
    render,
    scoring,
    setup,
    svg,
    turns,
)
from upriver.games.wayfarers import view as views
from upriver.games.wayfarers.components import load
from upriver.games.wayfarers.solo_components import load_solo
from upriver.games.wayfarers.state import (
    AI_BESIDE,
    AI_BOARD,
    AI_MARKERS,
    AI_PATH,
    CARDS,
    OVER,
    Config,
    State,
)

AI_BOARDS = ("stargazer", "inventor", "mayor", "wayfarer")  # solo_components' board order
OPTIONS = {
    "sides": Option(
        "random", (), "the side of each main-board section (left, middle, right), which sets "
        "the Journal link requirements", allowed="random, or three letters a or b for the "
        "left, middle and right sections (e.g. aab)", pattern="random|[ab]{3}"),
    "round_limit": Option(
        200, (), "the game ends after this round even if nothing triggered the end (not a rule "
        "of the game: only a table that stalls for ever reaches it)", minimum=1, maximum=1000),
    "ai_board": Option(
        "random", ("random", *AI_BOARDS), "solo: the opponent's AI board, each with its own "
        "Focus (Stargazer: Space cards, Inventor: tiles, Mayor: Townsfolk, Wayfarer: the "
        "Journal)", players=(1,)),
}


def make_config(players: int, options: dict[str, Any]) -> Config:
    text = options["sides"]
    sides = (-1, -1, -1) if text == "random" else tuple("ab".index(x) for x in text)
    board = options.get("ai_board", "random")
    return Config(comp=load(), players=players, sides=sides, round_limit=options["round_limit"],
                  ai_board=-1 if board == "random" else AI_BOARDS.index(board))


class Wayfarers(RulesBase):
    """The rules object the core drives (see ``upriver.core.game.Rules``)."""

    game_id = "wayfarers"
    name = "Wayfarers of the South Tigris"
    players: tuple[int, ...] = (1, 2, 3, 4)  # 1: solo against the automated opponent
    options = OPTIONS
    over_stage = OVER
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

    def legal(self, st: State) -> tuple[list[str], list[Any]]:
        texts: list[str] = []
        moves: list[Any] = []
        turns.legal(st, texts, moves)
        return texts, moves

    def apply(self, st: State, move: tuple[Any, ...]) -> tuple[list[str], list[Any]] | None:
        return turns.apply(st, move)

    def to_move(self, st: State) -> int | None:
        """In solo the human decides everything asked of anyone (WF-SOLO-58)."""
        if st.stage == OVER:
            return None
        return 0 if st.ai else st.seat

    def turns_taken(self, st: State) -> int:
        """Turns ended so far, the solo opponent's included (``Game.turns_taken``)."""
        return int(st.turn)

    def opponents(self, st: State) -> list[dict[str, Any]]:
        """The solo opponent, named after its AI board (WF-SOLO-60)."""
        if not st.ai:
            return []
        breakdown = scoring.opponent_breakdown(st)
        name = load_solo().boards[st.ai[AI_MARKERS][AI_BOARD]].name
        return [{"name": name, "score": sum(breakdown.values()),
                 "breakdown": breakdown}]

    def automatic_lines(self, st: State) -> list[str]:
        """What the solo opponent did since its turn began. Each turn's lines begin with the
        Scheme card it revealed or with its Rest (WF-SOLO-11), and two turns in a row never
        begin alike: a revealed card stays face up until a Rest shuffles it back, and a Rest
        is followed by a reveal."""
        return opponent_log.lines(st)

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
        # The solo opponent's Influence is unlimited (WF-SOLO-07): only the seats' is counted.
        influence = sum(st.inf_supply[s] + sum(st.guild[s * 3 : s * 3 + 3])
                        + st.card_inf.count(s) for s in range(p))
        workers = (sum(st.workers) + sum(bin(b).count("1") for b in st.card_workers)
                   + sum(st.green_on))
        dice = sum(len(d) for d in st.dice) + sum(st.reserve) + sum(st.occupied)
        tiles = sum(st.tile_supply) + sum(1 for code in st.caravan if code >= 0 and
                                          code % 2 == 0) + _tile_in_hand(st)
        if st.ai:
            tiles += sum(1 for code in st.ai[AI_PATH] if code >= 0 and code % 2 == 0)
            tiles += len(st.ai[AI_BESIDE])
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
