"""12 Rivers state: plain lists of small ints, so a clone is a handful of list copies.

Indexing conventions: colours, card kinds and fairy kinds are 0..4 (``components``); per-player
counts are flat lists indexed ``seat * 5 + kind``; board spaces are numbered river spaces first
(top row, left to right, top space first), then the sea, then village spaces 1..6; ``-1`` means
empty. The state always knows whose decision it is (``seat``) and what kind (``stage``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from upriver.core.plain_state import PlainState
from upriver.games.twelve_rivers.components import Components

# Decision stages: what the seat to move is deciding.
PLACE: Final = 0
PAY: Final = 1
CARDS: Final = 2
PAIRS: Final = 3
BANNER_STEP: Final = 4
LANTERN_STEP: Final = 5
SUP_FROM: Final = 6
SUP_TO: Final = 7
RIVER: Final = 8
SEA: Final = 9
VILLAGE: Final = 10
INSTRUMENT_STEP: Final = 11
DELIVER: Final = 12
EARTH_STEP: Final = 13
OVER: Final = 14
# 2022 edition only
LAKE_DISCARD: Final = 15
MUSHROOM_STEP: Final = 16
# Where each list lies in ``State.before_delivery``.
BEFORE_ALPACA: Final = 0
BEFORE_FAIRIES: Final = 1
BEFORE_SPOTS: Final = 2
BEFORE_LIT: Final = 3
BEFORE_USED: Final = 4
STAGE_NAMES: Final = (
    "place a family marker",
    "pay the placement cost",
    "take supply cards",
    "play pairs",
    "banner: choose a marker",
    "lantern: choose a fairy",
    "supplies: choose a marker",
    "supplies: choose a space",
    "collect pearls from the river",
    "collect pearls from the sea",
    "befriend a Markaya",
    "instrument pair",
    "deliver to Markaya",
    "earth fairy: move pearls",
    "game over",
    "lake: choose pearls to discard",
    "mushroom fairy: choose a space",
)
PHASE_OF_STAGE: Final = ["exploration"] * 8 + ["collection"] * 6 + ["end", "collection", "any"]
# After taking cards: go on to the pairs of an exploration turn, or to the instrument step.
AFTER_GAIN: Final = 0
AFTER_BEFRIEND: Final = 1


@dataclass(frozen=True)
class Config:
    """What does not change during a game: components, player count and rule flags."""

    comp: Components
    players: int
    in_play: tuple[bool, ...]
    play_spaces: tuple[int, ...]
    stack_extra: bool
    extra_may_swap: bool
    per_fairy_tie_rule: bool
    e2022: bool = False  # the 2022 first edition (rulebook 001)
    family: bool = False  # its Family Mode: no mission card, totems ignored
    lake_first: bool = True  # 2022: the lake is taken back before the village
    villagers_refill: bool = False  # 2022: leftover tiles stay and the offer is topped up
    village_gains: tuple[int, ...] = ()  # cards gained on placing in each village space
    # Each space's placing decision, text and move, made once per game (``legal_place``).
    place_texts: tuple[str, ...] = ()
    place_moves: tuple[tuple[object, ...], ...] = ()

LISTS: Final = (
    "bag", "rivers", "pools", "sea", "occ", "track", "sites", "fairy_supply", "fairy_out",
    "fairy_used", "hands", "known", "fairies", "alpaca", "acards", "deck", "display", "discard",
    "mk_deck", "mk_display", "mk_out", "owner", "spots", "given", "lit", "pearls_out",
    "fairies_taken", "order", "pile_pool", "pile_drawn", "pile_old",
)
SCALARS: Final = (
    "round", "stage", "seat", "mk_tail", "cur_space", "pay_left", "pay_full", "last_placed",
    "picks", "picks_done", "boosts", "cards_left", "cards_optional", "after_cards",
    "coll_stretch", "coll_pos", "village_pos", "deliver_seat", "earth_left", "earth_moved",
    "resume", "moving_from", "delivering", "dl_moves", "turns",
)


class State(PlainState[Config]):
    """The whole game position. Lists are copied on ``copy``; ``cfg`` is shared."""

    __slots__ = ("tiles_of", "before_delivery", *LISTS, *SCALARS)
    list_fields = LISTS
    nested_fields = ("tiles_of", "before_delivery")
    scalar_fields = SCALARS
    # A save from before ``pile_old``: any hidden card may predate the pile (no deduction).
    missing_in_old_saves = (("pile_old", (99, 99, 99, 99)), ("turns", 0))

    tiles_of: list[list[int]]
    # While the seats deliver (step 5): alpaca, fairies, spots, lit spots and used fairies as
    # they were when the step began, shown to the other seats until all have delivered.
    before_delivery: list[list[int]]
    bag: list[int]
    rivers: list[int]
    pools: list[int]
    sea: list[int]
    occ: list[int]
    track: list[int]
    sites: list[int]
    fairy_supply: list[int]
    fairy_out: list[int]
    fairy_used: list[int]  # per seat x kind: fairies each seat used (back in the box)
    hands: list[int]
    known: list[int]
    fairies: list[int]
    alpaca: list[int]
    acards: list[int]
    deck: list[int]
    display: list[int]
    discard: list[int]
    mk_deck: list[int]
    mk_display: list[int]
    mk_out: list[int]
    owner: list[int]
    spots: list[int]
    given: list[int]
    lit: list[int]  # 2022: spaces turned rainbow by a mushroom fairy
    pearls_out: list[int]  # 2022: pearls discarded from the game
    fairies_taken: list[int]  # per seat x kind, for studies of what winners took
    order: list[int]  # seats in starting turn order (current: by starting Markaya number)
    # What everyone knows of the draw pile: the cards it held when last built plus the discards
    # shuffled in since, less those turned up (5 counts); it holds the pile and every card drawn
    # face down from it since. Per seat x kind: the cards each seat drew face down since.
    pile_pool: list[int]
    pile_drawn: list[int]
    # Per seat, at most how many of its hidden cards it held before the pile was built (all of
    # them when the pile is rebuilt from the discards, none at setup): while none can be, a
    # hidden card it pays must have come from the pile, and everyone can tell.
    pile_old: list[int]
    round: int
    turns: int  # marker turns ended so far, every round (TR-EXPL-01)
    stage: int
    seat: int
    mk_tail: int
    cur_space: int
    pay_left: int
    pay_full: int
    last_placed: int
    picks: int
    picks_done: int
    boosts: int
    cards_left: int
    cards_optional: int
    after_cards: int
    coll_stretch: int
    coll_pos: int
    village_pos: int
    deliver_seat: int
    earth_left: int
    earth_moved: int
    resume: int
    moving_from: int
    delivering: int  # 1 from the start of step 5 until every seat has delivered
    dl_moves: int  # decisions taken in step 5 so far: hidden from the other seats

    def copy(self) -> State:
        """A twin that shares only what never changes (config, fixed lists): spelled out
        field by field, as bots and search clone on every step."""
        twin = State.__new__(State)
        twin.cfg = self.cfg
        twin.num_players = self.num_players
        twin.rng = self.rng.copy()
        twin.bag = self.bag[:]
        twin.rivers = self.rivers[:]
        twin.pools = self.pools[:]
        twin.sea = self.sea[:]
        twin.occ = self.occ[:]
        twin.track = self.track[:]
        twin.sites = self.sites[:]
        twin.fairy_supply = self.fairy_supply[:]
        twin.fairy_out = self.fairy_out[:]
        twin.fairy_used = self.fairy_used[:]
        twin.hands = self.hands[:]
        twin.known = self.known[:]
        twin.fairies = self.fairies[:]
        twin.alpaca = self.alpaca[:]
        twin.acards = self.acards[:]
        twin.deck = self.deck[:]
        twin.display = self.display[:]
        twin.discard = self.discard[:]
        twin.mk_deck = self.mk_deck[:]
        twin.mk_display = self.mk_display[:]
        twin.mk_out = self.mk_out[:]
        twin.owner = self.owner[:]
        twin.spots = self.spots[:]
        twin.given = self.given[:]
        twin.lit = self.lit[:]
        twin.pearls_out = self.pearls_out[:]
        twin.fairies_taken = self.fairies_taken[:]
        twin.order = self.order[:]
        twin.pile_pool = self.pile_pool[:]
        twin.pile_drawn = self.pile_drawn[:]
        twin.pile_old = self.pile_old[:]
        twin.tiles_of = [x[:] for x in self.tiles_of]
        twin.before_delivery = [x[:] for x in self.before_delivery]
        twin.round = self.round
        twin.stage = self.stage
        twin.seat = self.seat
        twin.mk_tail = self.mk_tail
        twin.cur_space = self.cur_space
        twin.pay_left = self.pay_left
        twin.pay_full = self.pay_full
        twin.last_placed = self.last_placed
        twin.picks = self.picks
        twin.picks_done = self.picks_done
        twin.boosts = self.boosts
        twin.cards_left = self.cards_left
        twin.cards_optional = self.cards_optional
        twin.after_cards = self.after_cards
        twin.coll_stretch = self.coll_stretch
        twin.coll_pos = self.coll_pos
        twin.village_pos = self.village_pos
        twin.deliver_seat = self.deliver_seat
        twin.earth_left = self.earth_left
        twin.earth_moved = self.earth_moved
        twin.resume = self.resume
        twin.moving_from = self.moving_from
        twin.delivering = self.delivering
        twin.dl_moves = self.dl_moves
        twin.turns = self.turns
        return twin

