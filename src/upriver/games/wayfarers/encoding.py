"""A seat's view as a fixed-length list of numbers: the observation of the learning surfaces
(``upriver.rl``).

``encode`` reads only the ``view(seat)`` dict it is given, never the game state, so it can
carry nothing the seat may not know. The fixed sizes (160 cards, 28 Journal spaces, 23 tile
types, 18 caravan cells, ...) come from the component data, read once.

``encode_state`` gives the same numbers straight from the state, without building the view (the
learning surfaces call it at every step). It reads only what ``view`` shows a seat: of the draw
piles their sizes, of the solo opponent's face-down Scheme pile its size, of the cards another
seat drew for a keep-one choice their number; the pending steps are walked top first as
``view.frames`` walks them. Its index tables (a host, caravan tile code, effect node or Journal
Tile to its place) are built once from the reference's own tables. A test holds it equal to
``encode(view(seat))`` on every decision of random and greedy games and on every seat's
determinised copies (``tests/conformance/test_state_encoding.py``).

Design:

- Seat-relative: the observing seat's block comes first (``own``), then every other seat in
  turn order after it (``other1`` sits next, ...); in solo the automated opponent's block
  (``opponent``) takes the second place. Seat numbers inside the table parts (who has
  Influence on a card, who moves, who went first, who triggered the end) are one-hot over the
  same order: place 0 is the observer, place k the k-th seat after it. So one policy can play
  from any seat.
- Categories are one-hot blocks, flags 0/1, counts divided by the maximum named below. Where
  the game sets no maximum (Silver, Provisions, the solo opponent's unlimited Influence, VP)
  the divisor is a typical amount and the value may pass 1; everything is finite.
- What the view gives as text is mapped through the components: a card id to its global index
  (Townsfolk 0-35, Land 36-71, Water 72-107, Space 108-143, Inspiration 144-159), a Journal
  space id to its place among the 28 spaces, a tile id to its place among the 23 tile types.
- Two pairings are summarised, not spelled out, to keep the vector small: which Townsfolk is
  tucked under which card (the ``tucked`` flags and the assets it adds to dice on that host
  are exact; a Townsfolk's identity is in ``cards``), and which Inspiration card lies above
  which Space card (the ``inspiration above`` flags are exact, the pairing is exact only while
  a seat holds one Inspiration card).
- Left out: the legal actions (the action mask carries them), the solo opponent's narrative
  ``since_its_turn_began`` (its effects are already on the table), each display row's
  actions, which are printed and never change, and, from the view's fuller account: where the
  cards put under a pile lie (``rows[].under_pile``), the dice's order in supply
  (``dice_in_order``: the pending steps are encoded by the values they name), a caravan
  tile's face and part (``caravan_tiles``: its icons are encoded), and the lists that repeat
  what the blocks hold (``cards``, ``influence_on_cards``).

Layout, in order (T = seats at the table: the player count, 2 in solo).

Per human seat, with ``who`` = ``own``, ``other1`` .. ``other3``:

- ``who.resources`` (3): Silver / 20, Provisions / 20 (no maximum), Influence in supply / 15.
- ``who.guilds`` (3): Influence on the black, yellow and blue Guilds / 15.
- ``who.workers`` (3): green, yellow and blue Workers in supply / 4.
- ``who.dice`` (6): dice in supply showing 1 .. 6, each count / 5.
- ``who.reserve`` (1): dice not yet gained / 2.
- ``who.journal`` (28): one-hot, the Journal space of the marker.
- ``who.player board`` (4): one-hot, which player board (it sets the caravan's icons).
- ``who.tags`` (11): city .. comet tag counts, each / the number printed in the whole game.
- ``who.cards`` (160): 1 for each card in the panorama (Land, Water, Space above, Townsfolk
  tucked, Inspiration above).
- ``who.dice placed`` (42): 1 where a die sits: the Capital City, Harbour, Observatory,
  Library, Market and Reserve, then the 18 City and 18 Harbour cards (the only cards with a
  die space).
- ``who.tucked`` (74): 1 where a Townsfolk is tucked: Capital City, Capital Harbour, then the
  72 Land and Water cards.
- ``who.tucked assets`` (152): for each die host (Capital City, Capital Harbour, the 36 City
  and Harbour cards) the camel, ship, pigeon and telescope its tucked Townsfolk adds, each / 2.
- ``who.space above`` (72): 1 for each Land and Water card with a Space card above it.
- ``who.inspiration above`` (37): 1 for the Capital Sky, then each Space card, with an
  Inspiration card above it.
- ``who.last water`` (37): one-hot, the rightmost Water card (the Capital Harbour while none):
  a new Water card's links line up against it.
- ``who.caravan`` (180): per cell (column + 6 * row), 1 if covered, then flags for the 9 tile
  icons on it (camel, ship, pigeon, telescope, up, down, updown, silver_off, provision_off).
- ``who.tiles`` (23): upgrade tiles of each type in the caravan / the copies of that type (4,
  a Special tile 1).
- ``who.score`` (6): the final breakdown (primary tags, unique sets, space cards, inspiration,
  caravan, guilds) / 50, no maximum; zeros until the game is over.

The solo opponent (``opponent``):

- ``opponent.board`` (4): one-hot AI board (Stargazer, Inventor, Mayor, Wayfarer).
- ``opponent.resource track`` (8): one-hot, its Resource Track space.
- ``opponent.colour order`` (16): 4 places x one-hot of black, blue, yellow, green.
- ``opponent.sum value`` (4): one-hot, the sum value 1 .. 4.
- ``opponent.comet track`` (1): its Comet Track space / the track's top.
- ``opponent.schemes face up`` (6), ``opponent.latest scheme`` (6), ``opponent.second latest
  scheme`` (6): flags and one-hots over the six Scheme cards (blue-1 .. red-3).
- ``opponent.scheme pile`` (1): face-down Scheme cards / 6.
- ``opponent.guilds`` (3): its Influence per Guild / 15 (unlimited, may pass 1).
- ``opponent.workers`` (3): / 4.
- ``opponent.journal`` (28): one-hot.
- ``opponent.cards`` (160): 1 for each card it holds.
- ``opponent.caravan`` (21): 1 for each covered cell of its path.
- ``opponent.tiles`` (23), ``opponent.tiles beside`` (23): tiles of each type on its path and
  beside its board, / the copies of that type.
- ``opponent.score`` (3): its VP from cards, tiles and Guilds / 50 (no maximum).

The table (after every seat's block):

- ``table.round`` (1): rounds completed / the ``round_limit`` option.
- ``table.over`` (1): 1 once the game is over.
- ``table.decision`` (14): one-hot, what is being asked: the main action, then each pending
  step of ``view.pending`` (effect, resolve effects, tuck a townsfolk, ...).
- ``table.to move`` (T), ``table.first player`` (T), ``table.end triggered by`` (T): one-hot
  seat places, all zeros for none.
- ``table.sides`` (3): 1 where a main-board section shows its side b.
- ``table.journal tiles`` (100): for each of the 10 Journal Tile spaces, one-hot of its tile.
- ``table.green workers`` (4): 1 for each Green Worker column (1, 3, 5, 7) still on the track.
- ``table.tiles left`` (23): tiles of each type on the main board / its copies.
- ``table.piles`` (5): draw-pile sizes / the cards of that type (36, Inspiration 16).
- ``display.townsfolk``, ``display.land``, ``display.water``, ``display.space`` (4 x (36 + T
  + 3)) and ``display.inspiration`` (4 x (16 + T + 3)): per slot (slot 1 first), one-hot of
  the card there (by its place within its type; zeros for an empty slot), one-hot of the seat
  place whose Influence is on it, flags for a green, yellow and blue Worker on it.
- ``table.drawn`` (160): 1 for each card the observer drew to keep one (another seat's drawn
  cards stay hidden).
- ``table.drawn count`` (1): cards drawn for a keep-one choice, whoever drew them, / 3.

The turn under way (``view.this_turn``), last in ``table``, all zeros once the game is over;
counts of pending steps are capped at 1:

- ``table.turn seat`` (T): one-hot seat place whose turn it is (in solo the opponent's turn
  too, while the human allows or denies it a card).
- ``table.main action done`` (1): the turn's main action is taken (WF-TURN-01).
- ``table.used this turn`` (5): flags, Black, Yellow and Blue Influence used, a Ship hired,
  the end of the turn offered (WF-GLD-02, WF-GLD-10, WF-RUL-15).
- ``table.die column`` (6): one-hot, the caravan column of the die placed this turn (zeros
  before one is): its discounts apply to the die's action (WF-UPG-21..23).
- ``table.spare pigeon`` (1): the placed die has a Pigeon beyond its space's needs
  (WF-ACQ-08).
- ``table.cards gained this turn`` (160): 1 for each card gained this turn (WF-TURN-15).
- ``table.workers placed this turn`` (60): per display slot (rows in display order, slot 1
  first), flags for a green, yellow and blue Worker placed there this turn (WF-ACQ-11).
- ``table.pending steps`` (12): pending steps of each kind, each count / 4: resolve effects,
  tuck a townsfolk, inspiration, keep a drawn card, place a tile, black extra journal, place
  a die, yellow influence, reroll dice, end the turn, the opponent acts, allow or deny the
  opponent.
- ``table.next parts`` (P): the parts of the topmost effect bundle (the one resolved now, or
  the one the decision on top interrupts), each written text's count / 2; P is the number of
  distinct part texts in the component data (63).
- ``table.next parts from die`` (1): those parts belong to the placed die's action.
- ``table.later parts`` (P): the parts of every bundle below it, each text's count / 4.
- ``table.cards in hand`` (160): 1 for each card waiting for its place (a Townsfolk's host,
  an Inspiration card's Space card or discard).
- ``table.inspiration slot`` (4): one-hot, the display slot whose action the topmost such
  Inspiration card would be discarded for (WF-CARD-36).
- ``table.keep row`` (5): one-hot, the row of the cards drawn to keep one.
- ``table.tiles in hand`` (23): tiles waiting to be placed in the caravan, each / its copies;
  ``table.tile face`` (2): one-hot, the topmost one's face.
- ``table.die to place`` (6): one-hot, the value of the die being placed;
  ``table.caravan columns used`` (6): flags, the columns its caravan chain has visited;
  ``table.caravan chain`` (3): one-hot, not started, under way, over (WF-UPG-16..20).
- ``table.yellow first step`` (6): one-hot, the value of the die a Yellow change already
  moved; ``table.yellow direction`` (2): one-hot, up or down; ``table.yellow placing`` (1):
  the change is made while placing a die (WF-GLD-07..09).
- ``table.dice to reroll`` (6): the dice still to reroll after a Rest, per value, count / 5
  (WF-TURN-10).
- ``table.opponent steps`` (19): the solo opponent's steps still to do, per kind, count / 4.
- ``table.allow or deny`` (23): one-hot of what the opponent would do (acquire a card, place
  a Worker, retrieve one), then one-hot of the display position of the card (WF-SOLO-58/59).
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from upriver.games.wayfarers import caravan, priorities, scoring, solo_components
from upriver.games.wayfarers import opponent as opponent_steps
from upriver.games.wayfarers.components import ASSETS, LAND, SPACE, TILE_ICONS, WATER
from upriver.games.wayfarers.components import load as load_components
from upriver.games.wayfarers.effects import ALL, AT_ONCE, ATOM, CARD_TYPES, GUILDS
from upriver.games.wayfarers.formulas import TAGS
from upriver.games.wayfarers.solo_components import COLOURS, load_solo
from upriver.games.wayfarers.state import (
    AI,
    AI_BESIDE,
    AI_BOARD,
    AI_MARKERS,
    AI_PATH,
    AI_REVEALED,
    CARDS,
    COMET_TRACK,
    CTX_DIE,
    F_AI,
    F_ALL,
    F_ALLOW,
    F_DIE,
    F_INSP,
    F_KEEP,
    F_REROLL,
    F_TILE,
    F_TUCK,
    F_YELLOW,
    HOSTS,
    OVER,
    SKY,
    TAGS_N,
    TRACK,
    WORKER_COLOURS,
    State,
)
from upriver.games.wayfarers.view import AI_DENIABLE, AI_STEPS, CHAINS, STEP_NAMES, USED

CELLS = 18  # caravan: 6 columns x 3 rows
AI_CELLS = 21  # the solo opponent's path
SLOTS = 4
WORKERS = ("green", "yellow", "blue")
CAPITAL_PARTS = ("Capital City", "Capital Harbour", "Capital Observatory", "Capital Library",
                 "Capital Market", "Capital Reserve")
# The pending steps as ``view._pending`` names them; None is the main action.
DECISIONS: tuple[str | None, ...] = (
    None, "effect", "resolve effects", "tuck a townsfolk", "inspiration", "keep a drawn card",
    "place a tile", "black extra journal", "place a die", "yellow influence", "reroll dice",
    "end the turn", "the opponent acts", "allow or deny the opponent")
SCORE_CATEGORIES = ("primary tags", "unique sets", "space cards", "inspiration", "caravan",
                    "guilds")
OPPONENT_SCORE = ("cards", "tiles", "guilds")
# Typical amounts for holdings the game leaves unbounded (the value may pass 1).
MONEY_SCALE = 20.0
VP_SCALE = 50.0
INFLUENCE_MAX = 15.0
WORKERS_MAX = 4.0
DICE_MAX = 5.0
RESERVE_MAX = 2.0
SCHEMES = 6
TRACK_SPACES = 8
SUM_VALUES = 4
TILE_COPIES = 4.0  # of each non-Special tile type (one per player)
DRAWN_MAX = 3  # every draw-N-keep-1 in the data draws 3 (prices.draw_keep)
DEFAULT_ROUND_LIMIT = 200  # the round_limit option's default, for options given without it
# The turn under way (``view.this_turn``).
TURN_FLAGS = tuple(name for _, name in USED)
PENDING = STEP_NAMES[1:]  # a bundle's parts ("effect") are counted in the parts segments
OPPONENT_STEPS = tuple(AI_STEPS.values())
ALLOW = tuple(AI_STEPS[op] for op in (solo_components.ACQUIRE, opponent_steps.PLACE,
                                      opponent_steps.PICK))
STEPS_MAX = 4.0  # pending steps of one kind (a typical most; capped at 1)
PARTS_NEXT = 2.0  # equal parts in the bundle on top ("2 modify die")


@dataclass(frozen=True)
class _Tables:
    """Lookups from the view's texts to vector places, built once from the components."""

    cards: int  # 160
    card: dict[str, int]  # card id -> global index
    first: tuple[int, ...]  # first global index per card type
    type_size: tuple[int, ...]  # cards per type
    journal: dict[int, int]  # Journal space id -> place
    journal_tile: dict[str, int]  # Journal Tile text -> place
    tile_spaces: tuple[str, ...]  # the Journal Tile spaces' ids as the view's keys
    tile: dict[str, int]  # tile id -> place
    tile_cells: tuple[int, ...]  # cells each tile type covers
    tile_copies: tuple[float, ...]
    die_host: dict[str, int]  # host name (card id or capital part) -> place in dice placed
    tuck_host: dict[str, int]  # host name -> place in tucked
    assets: dict[str, tuple[float, ...]]  # Townsfolk id -> asset counts / 2
    tag_max: tuple[float, ...]
    boards: dict[str, int]  # AI board name -> place
    schemes: dict[str, int]
    comet_max: float
    parts: dict[str, int]  # effect part text -> place, for the pending bundles


@cache
def _tables() -> _Tables:
    comp = load_components()
    solo = load_solo()
    tag_max = [0] * len(TAGS)
    printed = [c.tags for c in comp.cards] + [t.tags for t in comp.tiles]
    printed += [comp.capital_city.tags, comp.capital_harbour.tags, comp.capital_sky.tags,
                comp.centre_tags]
    for tags in printed:
        for t in tags:
            tag_max[t] += 1
    die_host = {name: i for i, name in enumerate(CAPITAL_PARTS)}
    for c in comp.cards:
        if c.kind in ("city", "harbour"):
            die_host[c.id] = len(die_host)
    tuck_host = {"Capital City": 0, "Capital Harbour": 1}
    for c in comp.cards:
        if c.type in (LAND, WATER):
            tuck_host[c.id] = len(tuck_host)
    nodes = comp.nodes
    # Every text a bundle part can have: a node that is not a whole effect (ALL) nor resolved
    # as it is pushed (a new die, a Green Worker, a Journal Tile).
    texts = sorted({nodes.text[i] for i in range(len(nodes.kind)) if nodes.kind[i] != ALL
                    and not (nodes.kind[i] == ATOM and nodes.op[i] in AT_ONCE)})
    return _Tables(
        cards=len(comp.cards), card=dict(comp.by_id), first=comp.first,
        type_size=tuple(comp.first[k + 1] - comp.first[k] for k in range(len(CARD_TYPES))),
        journal={s.id: i for i, s in enumerate(comp.spaces)},
        journal_tile={comp.nodes.text[n]: i for i, n in enumerate(comp.journal_tiles)},
        tile_spaces=tuple(str(s) for s in comp.tile_spaces),
        tile={t.id: t.index for t in comp.tiles},
        tile_cells=tuple(t.width * t.height for t in comp.tiles),
        tile_copies=tuple(1.0 if t.colour == 4 else TILE_COPIES for t in comp.tiles),
        die_host=die_host, tuck_host=tuck_host,
        assets={c.id: tuple(c.assets.count(a) / 2 for a in range(len(ASSETS)))
                for c in comp.cards if c.assets},
        tag_max=tuple(float(max(1, n)) for n in tag_max),
        boards={b.name: i for i, b in enumerate(solo.boards)},
        schemes={s.id: i for i, s in enumerate(solo.schemes)},
        comet_max=float(max(1, solo.comet_max)),
        parts={text: i for i, text in enumerate(texts)},
    )


def _seat_parts() -> list[tuple[str, int]]:
    t = _tables()
    return [
        ("resources", 3), ("guilds", len(GUILDS)), ("workers", len(WORKERS)), ("dice", 6),
        ("reserve", 1), ("journal", len(t.journal)), ("player board", 4), ("tags", len(TAGS)),
        ("cards", t.cards), ("dice placed", len(t.die_host)), ("tucked", len(t.tuck_host)),
        ("tucked assets", (len(t.die_host) - 4) * len(ASSETS)),
        ("space above", len(t.tuck_host) - 2),
        ("inspiration above", 1 + t.type_size[SPACE]),
        ("last water", 1 + t.type_size[WATER]),
        ("caravan", CELLS * (1 + len(TILE_ICONS))), ("tiles", len(t.tile)),
        ("score", len(SCORE_CATEGORIES)),
    ]


def _opponent_parts() -> list[tuple[str, int]]:
    t = _tables()
    return [
        ("board", len(t.boards)), ("resource track", TRACK_SPACES),
        ("colour order", len(COLOURS) * len(COLOURS)), ("sum value", SUM_VALUES),
        ("comet track", 1), ("schemes face up", SCHEMES), ("latest scheme", SCHEMES),
        ("second latest scheme", SCHEMES), ("scheme pile", 1), ("guilds", len(GUILDS)),
        ("workers", len(WORKERS)), ("journal", len(t.journal)), ("cards", t.cards),
        ("caravan", AI_CELLS), ("tiles", len(t.tile)), ("tiles beside", len(t.tile)),
        ("score", len(OPPONENT_SCORE)),
    ]


def _table_parts(table: int) -> list[tuple[str, int]]:
    t = _tables()
    out = [
        ("table.round", 1), ("table.over", 1), ("table.decision", len(DECISIONS)),
        ("table.to move", table), ("table.first player", table),
        ("table.end triggered by", table), ("table.sides", 3),
        ("table.journal tiles", len(t.tile_spaces) * len(t.journal_tile)),
        ("table.green workers", 4), ("table.tiles left", len(t.tile)),
        ("table.piles", len(CARD_TYPES)),
    ]
    out += [(f"display.{name}", SLOTS * (t.type_size[r] + table + len(WORKERS)))
            for r, name in enumerate(CARD_TYPES)]
    out += [("table.drawn", t.cards), ("table.drawn count", 1)]
    out += [
        ("table.turn seat", table), ("table.main action done", 1),
        ("table.used this turn", len(TURN_FLAGS)), ("table.die column", 6),
        ("table.spare pigeon", 1), ("table.cards gained this turn", t.cards),
        ("table.workers placed this turn", len(CARD_TYPES) * SLOTS * len(WORKERS)),
        ("table.pending steps", len(PENDING)), ("table.next parts", len(t.parts)),
        ("table.next parts from die", 1), ("table.later parts", len(t.parts)),
        ("table.cards in hand", t.cards), ("table.inspiration slot", SLOTS),
        ("table.keep row", len(CARD_TYPES)), ("table.tiles in hand", len(t.tile)),
        ("table.tile face", 2), ("table.die to place", 6), ("table.caravan columns used", 6),
        ("table.caravan chain", len(CHAINS)), ("table.yellow first step", 6),
        ("table.yellow direction", 2), ("table.yellow placing", 1), ("table.dice to reroll", 6),
        ("table.opponent steps", len(OPPONENT_STEPS)),
        ("table.allow or deny", len(ALLOW) + len(CARD_TYPES) * SLOTS),
    ]
    return out


def _who(place: int, players: int) -> str:
    if place == 0:
        return "own"
    return "opponent" if players == 1 else f"other{place}"


@cache
def _layout(players: int) -> tuple[tuple[str, int], ...]:
    if players not in (1, 2, 3, 4):
        raise ValueError(f"wayfarers is for 1 to 4 players, not {players}")
    out: list[tuple[str, int]] = [(f"own.{n}", k) for n, k in _seat_parts()]
    if players == 1:
        out += [(f"opponent.{n}", k) for n, k in _opponent_parts()]
    for place in range(1, players):
        out += [(f"{_who(place, players)}.{n}", k) for n, k in _seat_parts()]
    out += _table_parts(max(2, players))
    return tuple(out)


@cache
def _offsets(players: int) -> dict[str, dict[str, int]]:
    """Each segment's first index, by owner (``own``, ``other1``, ``opponent``, ``table``,
    ``display``) and then by part, so encoding builds no names."""
    out: dict[str, dict[str, int]] = {}
    at = 0
    for name, n in _layout(players):
        who, _, part = name.partition(".")
        out.setdefault(who, {})[part] = at
        at += n
    return out


def layout(players: int, options: dict[str, Any]) -> list[tuple[str, int]]:
    """The named segments of ``encode``'s vector in order, with their lengths; they depend on
    the player count only (no option changes what a seat sees)."""
    return list(_layout(players))


@cache
def size(players: int) -> int:
    """The vector's length at ``players``."""
    return sum(n for _, n in _layout(players))


# The caravan cell texts ("land-camel:up+ship") repeat endlessly: each is read once.
_CELL_CACHE: dict[str, tuple[int, tuple[int, ...]]] = {}
_ICON = {name: i for i, name in enumerate(TILE_ICONS)}


def _cell(text: str) -> tuple[int, tuple[int, ...]]:
    hit = _CELL_CACHE.get(text)
    if hit is None:
        tile_id, _, icons = text.partition(":")
        hit = (_tables().tile[tile_id],
               tuple(1 + _ICON[i] for i in icons.split("+") if i))
        _CELL_CACHE[text] = hit
    return hit


def encode(view: dict[str, Any], players: int, options: dict[str, Any]) -> list[float]:
    """``view`` (a seat's ``view(seat)``) as ``size(players)`` finite numbers laid out as
    ``layout`` says."""
    seat = view.get("seat")
    if not isinstance(seat, int) or view.get("game") != "wayfarers":
        raise ValueError("encode needs a wayfarers seat's view (not a spectator's)")
    seats = view["players"]
    if len(seats) != players:
        raise ValueError(f"the view has {len(seats)} players, the layout {players}")
    t = _tables()
    off = _offsets(players)
    names = _names(players)
    out = [0.0] * size(players)
    table = max(2, players)

    scores = view.get("scores") or ()
    for s, entry in enumerate(seats):
        at = off[names[(s - seat) % table]]
        _seat(out, at, entry, t)
        if s < len(scores):
            score = at["score"]
            for k, name in enumerate(SCORE_CATEGORIES):
                out[score + k] = scores[s].get(name, 0) / VP_SCALE
    if players == 1:
        _opponent(out, off["opponent"], view["opponent"], t)

    at = off["table"]
    limit = options.get("round_limit") or DEFAULT_ROUND_LIMIT
    out[at["round"]] = view["turn"] // table / limit
    out[at["over"]] = 1.0 if view["over"] else 0.0
    out[at["decision"] + DECISIONS.index(view["pending"])] = 1.0
    for name, who in (("to move", view["to_move"]), ("first player", view["first_player"]),
                      ("end triggered by", view["end_triggered_by"])):
        if who is not None:
            out[at[name] + (who - seat) % table] = 1.0
    k = at["sides"]
    for side in view["sides"]:
        if side == "b":
            out[k] = 1.0
        k += 1
    k = at["journal tiles"]
    jt = view["journal_tiles"]
    for space in t.tile_spaces:
        out[k + t.journal_tile[jt[space]]] = 1.0
        k += len(t.journal_tile)
    k = at["green workers"]
    for col in view["green_workers"]:
        out[k + (col - 1) // 2] = 1.0  # columns 1, 3, 5, 7
    k = at["tiles left"]
    for tile_id, n in view["tiles_left"].items():
        i = t.tile[tile_id]
        out[k + i] = n / t.tile_copies[i]

    piles = at["piles"]
    rows = view["rows"]
    display = off["display"]
    for r, name in enumerate(CARD_TYPES):
        row = rows[name]
        out[piles + r] = row["pile"] / t.type_size[r]
        n = t.type_size[r]
        first = t.first[r]
        k = display[name]
        for slot in row["slots"]:
            if slot is not None:
                out[k + t.card[slot["id"]] - first] = 1.0
                inf = slot["influence"]
                if inf is not None:
                    out[k + n + (inf - seat) % table] = 1.0
                for w in slot["workers"]:
                    out[k + n + table + WORKERS.index(w)] = 1.0
            k += n + table + len(WORKERS)

    drawn = view["drawn"]
    if isinstance(drawn, list):
        k = at["drawn"]
        for card_id in drawn:
            out[k + t.card[card_id]] = 1.0
        count = len(drawn)
    else:
        count = int(drawn)
    out[at["drawn count"]] = count / DRAWN_MAX
    turn = view.get("this_turn")
    if turn is not None:
        _turn(out, off["table"], turn, rows, (turn["seat"] - seat) % table, t)
    return out


def _turn(out: list[float], at: dict[str, int], turn: dict[str, Any], rows: dict[str, Any],
          place: int, t: _Tables) -> None:
    """The turn under way: whose, what its player did, and every pending step."""
    out[at["turn seat"] + place] = 1.0
    out[at["main action done"]] = 1.0 if turn["main_action_done"] else 0.0
    for name in turn["used"]:
        out[at["used this turn"] + TURN_FLAGS.index(name)] = 1.0
    if turn["die_column"] is not None:
        out[at["die column"] + turn["die_column"] - 1] = 1.0
    out[at["spare pigeon"]] = 1.0 if turn["spare_pigeons"] > 0 else 0.0
    for card_id in turn["cards_gained"]:
        out[at["cards gained this turn"] + t.card[card_id]] = 1.0
    where = {slot["id"]: (r * SLOTS + k) for r, name in enumerate(CARD_TYPES)
             for k, slot in enumerate(rows[name]["slots"]) if slot is not None}
    for card_id, colours in turn["workers_placed"].items():
        if card_id in where:  # always: a Worker stands on a display card
            for w in colours:
                k = at["workers placed this turn"] + where[card_id] * len(WORKERS)
                out[k + WORKERS.index(w)] = 1.0
    counts = [0] * len(PENDING)
    opp = [0] * len(OPPONENT_STEPS)
    bundles = 0
    first: dict[str, dict[str, Any]] = {}  # the topmost frame of each kind
    for frame in turn["pending"]:
        step = frame["step"]
        counts[PENDING.index(step)] += 1
        first.setdefault(step, frame)
        if step == "resolve effects":
            if bundles == 0:
                k, scale = at["next parts"], PARTS_NEXT
                if any(p["die_action"] for p in frame["parts"]):
                    out[at["next parts from die"]] = 1.0
            else:
                k, scale = at["later parts"], STEPS_MAX
            for part in frame["parts"]:
                i = k + t.parts[part["part"]]
                out[i] = min(1.0, out[i] + 1 / scale)
            bundles += 1
        elif step in ("tuck a townsfolk", "inspiration"):
            out[at["cards in hand"] + t.card[frame["card"]]] = 1.0
        elif step == "place a tile":
            i = t.tile[frame["tile"]]
            out[at["tiles in hand"] + i] = min(1.0, out[at["tiles in hand"] + i]
                                               + 1 / t.tile_copies[i])
        elif step == "the opponent acts":
            opp[OPPONENT_STEPS.index(frame["action"])] += 1
    for k, n in enumerate(counts):
        out[at["pending steps"] + k] = min(1.0, n / STEPS_MAX)
    for k, n in enumerate(opp):
        out[at["opponent steps"] + k] = min(1.0, n / STEPS_MAX)
    if "inspiration" in first:
        out[at["inspiration slot"] + first["inspiration"]["slot"] - 1] = 1.0
    if "keep a drawn card" in first:
        out[at["keep row"] + CARD_TYPES.index(first["keep a drawn card"]["row"])] = 1.0
    if "place a tile" in first:
        out[at["tile face"] + "ab".index(first["place a tile"]["face"])] = 1.0
    die = first.get("place a die")
    if die is not None:
        out[at["die to place"] + die["value"] - 1] = 1.0
        for v in die["caravan_columns_used"]:
            out[at["caravan columns used"] + v - 1] = 1.0
        out[at["caravan chain"] + CHAINS.index(die["caravan_chain"])] = 1.0
    yellow = first.get("yellow influence")
    if yellow is not None:
        step1 = yellow["first_step"]
        if step1 is not None:
            out[at["yellow first step"] + step1["value"] - 1] = 1.0
            out[at["yellow direction"] + (0 if step1["by"] > 0 else 1)] = 1.0
        if yellow["die_to_place"] is not None:
            out[at["yellow placing"]] = 1.0
    reroll = first.get("reroll dice")
    if reroll is not None:
        for v in reroll["values"]:
            out[at["dice to reroll"] + v - 1] += 1 / DICE_MAX
    allow = first.get("allow or deny the opponent")
    if allow is not None:
        out[at["allow or deny"] + ALLOW.index(allow["action"])] = 1.0
        row, _, slot = allow["at"].split()
        pos = CARD_TYPES.index(row) * SLOTS + int(slot) - 1
        out[at["allow or deny"] + len(ALLOW) + pos] = 1.0


@cache
def _names(players: int) -> tuple[str, ...]:
    """The block owner at each seat place."""
    return tuple(_who(place, players) for place in range(max(2, players)))


def _seat(out: list[float], at: dict[str, int], p: dict[str, Any], t: _Tables) -> None:
    k = at["resources"]
    out[k] = p["silver"] / MONEY_SCALE
    out[k + 1] = p["provisions"] / MONEY_SCALE
    out[k + 2] = p["influence"] / INFLUENCE_MAX
    k = at["guilds"]
    guilds = p["guilds"]
    for i, g in enumerate(GUILDS):
        out[k + i] = guilds[g] / INFLUENCE_MAX
    k = at["workers"]
    workers = p["workers"]
    for i, w in enumerate(WORKERS):
        out[k + i] = workers[w] / WORKERS_MAX
    k = at["dice"] - 1  # faces count from 1
    for face in p["dice"]:
        out[k + face] += 1 / DICE_MAX
    out[at["reserve"]] = p["reserve"] / RESERVE_MAX
    out[at["journal"] + t.journal[p["journal"]]] = 1.0
    out[at["player board"] + p["board"] - 1] = 1.0  # boards count from 1
    k = at["tags"]
    tags = p["tags"]
    for i, tag in enumerate(TAGS):
        out[k + i] = tags[tag] / t.tag_max[i]

    cards = at["cards"]
    placed = at["dice placed"]
    insp = at["inspiration above"]
    for part in p["capital"]:
        name = part["name"]
        if part["die"]:
            out[placed + t.die_host[name]] = 1.0
        if "townsfolk" in part:
            _tuck(out, at, t, name, part["townsfolk"])
    if p["sky_inspiration"] is not None:
        out[cards + t.card[p["sky_inspiration"]]] = 1.0
        out[insp] = 1.0
    above = at["space above"] - 2  # tuck hosts count the two capital cards first
    space_first = t.first[SPACE] - 1  # the Capital Sky comes first
    for entry in (*p["lands"], *p["waters"]):
        card_id = entry["card"]["id"]
        out[cards + t.card[card_id]] = 1.0
        if entry["die"]:
            out[placed + t.die_host[card_id]] = 1.0
        if "townsfolk" in entry:
            _tuck(out, at, t, card_id, entry["townsfolk"])
        if "space" in entry:
            space = t.card[entry["space"]]
            out[cards + space] = 1.0
            out[above + t.tuck_host[card_id]] = 1.0
            if "inspiration" in entry:
                out[cards + t.card[entry["inspiration"]]] = 1.0
                out[insp + space - space_first] = 1.0
    waters = p["waters"]
    last = t.card[waters[-1]["card"]["id"]] - t.first[WATER] + 1 if waters else 0
    out[at["last water"] + last] = 1.0

    k = at["caravan"]
    held: dict[int, int] = {}
    for cell in p["caravan"]:
        if cell is not None:
            tile, icons = _cell(cell)
            held[tile] = held.get(tile, 0) + 1
            out[k] = 1.0
            for i in icons:
                out[k + i] = 1.0
        k += 1 + len(TILE_ICONS)
    _tiles(out, at["tiles"], held, t)


def _tuck(out: list[float], at: dict[str, int], t: _Tables, host: str, townsfolk: str) -> None:
    out[at["cards"] + t.card[townsfolk]] = 1.0
    out[at["tucked"] + t.tuck_host[host]] = 1.0
    gives = t.assets.get(townsfolk)
    if gives is not None and host in t.die_host:
        # Asset hosts skip the capital's four centre spaces, which take no Townsfolk.
        i = t.die_host[host]
        k = at["tucked assets"] + (i if i < 2 else i - 4) * len(ASSETS)
        for a, n in enumerate(gives):
            out[k + a] = n


def _tiles(out: MutableSequence[float], at: int, cells: dict[int, int], t: _Tables) -> None:
    """Tile counts from covered cells: a tile covering two cells names itself in both."""
    for i, n in cells.items():
        out[at + i] = n / t.tile_cells[i] / t.tile_copies[i]


def _opponent(out: list[float], at: dict[str, int], o: dict[str, Any], t: _Tables) -> None:
    out[at["board"] + t.boards[o["board"]]] = 1.0
    out[at["resource track"] + o["resource_track"]] = 1.0
    k = at["colour order"]
    for colour in o["colour_order"]:
        out[k + COLOURS.index(colour)] = 1.0
        k += len(COLOURS)
    out[at["sum value"] + min(SUM_VALUES, max(1, o["sum_value"])) - 1] = 1.0
    out[at["comet track"]] = o["comet_track"] / t.comet_max
    up = o["schemes_face_up"]
    k = at["schemes face up"]
    for scheme in up:
        out[k + t.schemes[scheme]] = 1.0
    if up:
        out[at["latest scheme"] + t.schemes[up[-1]]] = 1.0
    if len(up) > 1:
        out[at["second latest scheme"] + t.schemes[up[-2]]] = 1.0
    out[at["scheme pile"]] = o["scheme_pile"] / SCHEMES
    k = at["guilds"]
    for i, g in enumerate(GUILDS):
        out[k + i] = o["guilds"][g] / INFLUENCE_MAX
    k = at["workers"]
    for i, w in enumerate(WORKERS):
        out[k + i] = o["workers"][w] / WORKERS_MAX
    out[at["journal"] + t.journal[o["journal"]]] = 1.0
    k = at["cards"]
    for ids in o["cards"].values():
        for card_id in ids:
            out[k + t.card[card_id]] = 1.0
    k = at["caravan"]
    held: dict[int, int] = {}
    for i, tile_id in enumerate(o["caravan"]):
        if tile_id is not None:
            out[k + i] = 1.0
            tile = t.tile[tile_id]
            held[tile] = held.get(tile, 0) + 1
    _tiles(out, at["tiles"], held, t)
    k = at["tiles beside"]
    for tile_id in o["beside"]:
        i = t.tile[tile_id]
        out[k + i] += 1 / t.tile_copies[i]
    k = at["score"]
    for i, name in enumerate(OPPONENT_SCORE):
        out[k + i] = o["score"].get(name, 0) / VP_SCALE


# --- straight from the state -----------------------------------------------------------------


@dataclass(frozen=True)
class _Direct:
    """The state's indices to vector places, for ``encode_state``: built once from the
    components through the reference's own tables (``_tables``), so both encoders put a thing
    in the same place."""

    host_die: tuple[int, ...]  # per host: its place in ``dice placed``, -1 without a die space
    host_tuck: tuple[int, ...]  # per host: its place in ``tucked``, -1 where none is tucked
    host_assets: tuple[int, ...]  # per host: its first place in ``tucked assets``, -1
    gives: tuple[tuple[float, ...] | None, ...]  # per card: a Townsfolk's assets / 2
    cells: tuple[tuple[int, tuple[int, ...]] | None, ...]  # per caravan code: tile, icon places
    node_part: tuple[int, ...]  # per effect node: its text's place among the parts, -1
    jtile: tuple[int, ...]  # per Journal Tile: its text's place
    boards: tuple[int, ...]  # per AI board: its name's place
    schemes: tuple[int, ...]  # per Scheme card: its id's place
    ai_step: dict[int, int]  # an opponent step's kind -> its place in ``opponent steps``
    allow: dict[int, int]  # a deniable step's kind -> its place in ``allow or deny``
    space_first: int  # ``inspiration above`` of Space card c is at c - space_first


@cache
def _direct() -> _Direct:
    comp = load_components()
    solo = load_solo()
    t = _tables()
    if any(t.card[c.id] != i for i, c in enumerate(comp.cards)) or any(
            t.tile[x.id] != i for i, x in enumerate(comp.tiles)):
        raise ValueError("the components list every card and tile once, in index order")
    if (None, *STEP_NAMES) != DECISIONS or WORKER_COLOURS != WORKERS:
        raise ValueError("the decisions are the view's steps, the Workers its colours")
    # A host's name as ``cards.host_name`` gives it: a card's id, else the printed part of a
    # player board (the parts repeat per seat).
    names = [c.id for c in comp.cards]
    for _ in range((HOSTS - CARDS) // 8):  # 8 hosts a seat
        names += ["Capital City", "Capital Harbour", "Capital Sky", "Capital Townsfolk",
                  *(part[0] for part in comp.centre)]
    host_die = tuple(t.die_host.get(name, -1) for name in names)
    host_assets = tuple(-1 if i < 0 else (i if i < 2 else i - 4) * len(ASSETS)
                        for i in host_die)
    cells: list[tuple[int, tuple[int, ...]] | None] = []
    for tile in comp.tiles:
        for face in range(4):
            for part in range(2):
                valid = face < len(tile.faces) and not (part and tile.width * tile.height == 1)
                code = tile.index * 8 + face * 2 + part
                cells.append(_cell(f"{tile.id}:" + "+".join(
                    TILE_ICONS[i] for i in caravan.cell_icons(comp, code))) if valid else None)
    text = comp.nodes.text
    return _Direct(
        host_die=host_die,
        host_tuck=tuple(t.tuck_host.get(name, -1) for name in names),
        host_assets=host_assets,
        gives=tuple(t.assets.get(c.id) for c in comp.cards),
        cells=tuple(cells),
        node_part=tuple(t.parts.get(x, -1) for x in text),
        jtile=tuple(t.journal_tile[text[n]] for n in comp.journal_tiles),
        boards=tuple(t.boards[b.name] for b in solo.boards),
        schemes=tuple(t.schemes[s.id] for s in solo.schemes),
        ai_step={op: OPPONENT_STEPS.index(name) for op, name in AI_STEPS.items()},
        allow={op: ALLOW.index(AI_STEPS[op]) for op in AI_DENIABLE},
        space_first=t.first[SPACE] - 1,
    )


@dataclass(frozen=True)
class _Plan:
    """Where things go at a player count: the segments' first places, by owner."""

    size: int
    zeros: bytes  # ``size`` zero doubles, an observation's starting buffer
    table: int  # seats at the table (2 in solo)
    seats: tuple[dict[str, int], ...]  # by seat place (0: the observer)
    opponent: dict[str, int]  # the solo opponent's block; empty outside solo
    at: dict[str, int]  # the table's segments
    # Per display position (row * 4 + slot): where card c's flag is (at + c), where the
    # Influence's seat places start, where the Worker flags start.
    display: tuple[tuple[int, int, int], ...]


@lru_cache(maxsize=8)
def _plan(players: int) -> _Plan:
    t = _tables()
    off = _offsets(players)
    table = max(2, players)
    display = []
    for r, name in enumerate(CARD_TYPES):
        n = t.type_size[r]
        k = off["display"][name]
        for _ in range(SLOTS):
            display.append((k - t.first[r], k + n, k + n + table))
            k += n + table + len(WORKERS)
    return _Plan(size=size(players), zeros=bytes(8 * size(players)), table=table,
                 seats=tuple(off[name] for name in _names(players)),
                 opponent=off.get("opponent", {}), at=off["table"], display=tuple(display))


def encode_state(st: State, viewer: int, players: int, options: dict[str, Any]) -> array[float]:
    """``encode(view(st, viewer))`` without the view: the same numbers in the same order, read
    from the state field by field as ``view.view`` shows them to ``viewer`` (of the piles their
    sizes, of the Scheme pile its size, of another seat's drawn cards their number)."""
    if not 0 <= viewer < players:
        raise ValueError(f"seat {viewer} does not exist in a {players}-player game")
    if st.num_players != players:
        raise ValueError(f"the state has {st.num_players} players, the layout {players}")
    plan = _plan(players)
    d = _direct()
    t = _tables()
    table = plan.table
    out = array("d", plan.zeros)  # numpy reads the buffer as is (rl.surface)
    over = bool(st.stage)

    scores = scoring.breakdown(st) if over else ()
    for s in range(players):
        _seat_state(out, plan.seats[(s - viewer) % table], st, s, t, d)
        if s < len(scores):
            k = plan.seats[(s - viewer) % table]["score"]
            score = scores[s]
            for i, name in enumerate(SCORE_CATEGORIES):
                out[k + i] = score.get(name, 0) / VP_SCALE
    if players == 1:
        _opponent_state(out, plan.opponent, st, t, d)

    at = plan.at
    limit = options.get("round_limit") or DEFAULT_ROUND_LIMIT
    out[at["round"]] = st.turn // table / limit
    out[at["over"]] = 1.0 if over else 0.0
    stack = st.stack
    if stack:
        kind = stack[-4]
        if not 0 <= kind < len(STEP_NAMES):
            raise ValueError(f"no pending step {kind}")
        out[at["decision"] + 1 + kind] = 1.0  # DECISIONS: None, then STEP_NAMES
    else:
        out[at["decision"]] = 1.0
    if not over:
        out[at["to move"] + ((0 if st.ai else st.seat) - viewer) % table] = 1.0
    out[at["first player"] + (st.first_player - viewer) % table] = 1.0
    if st.end_seat != -1:
        out[at["end triggered by"] + (st.end_seat - viewer) % table] = 1.0
    k = at["sides"]
    for i, side in enumerate(st.sides):
        if side:
            out[k + i] = 1.0
    k = at["journal tiles"]
    width = len(t.journal_tile)
    jtile = d.jtile
    for i, tile in enumerate(st.jtile_at):
        out[k + i * width + jtile[tile]] = 1.0
    k = at["green workers"]
    for i, on in enumerate(st.green_on):
        if on:
            out[k + i] = 1.0
    k = at["tiles left"]
    n = len(t.tile_copies)
    out[k : k + n] = array("d", [x / most for x, most in zip(st.tile_supply, t.tile_copies,
                                                             strict=True)])
    k = at["piles"]
    for r, pile in enumerate(st.piles):
        out[k + r] = len(pile) / t.type_size[r]

    card_inf, card_workers = st.card_inf, st.card_workers
    places = plan.display
    for pos, c in enumerate(st.display):
        if c != -1:
            card, inf_at, workers_at = places[pos]
            out[card + c] = 1.0
            inf = card_inf[c]
            if inf != -1:
                out[inf_at + (inf - viewer) % table] = 1.0
            bits = card_workers[c]
            if bits:
                for w in range(3):
                    if bits >> w & 1:
                        out[workers_at + w] = 1.0

    if viewer == st.drawer:  # the drawer alone sees the drawn cards
        k = at["drawn"]
        for c in st.drawn:
            out[k + c] = 1.0
    out[at["drawn count"]] = len(st.drawn) / DRAWN_MAX
    if st.stage != OVER:
        _turn_state(out, at, st, (st.seat - viewer) % table, t, d)
    return out


def _seat_state(out: array[float], at: dict[str, int], st: State, s: int, t: _Tables,
                d: _Direct) -> None:
    """Seat ``s``'s block, as ``_seat`` fills it from the seat's entry in the view."""
    k = at["resources"]
    out[k] = st.silver[s] / MONEY_SCALE
    out[k + 1] = st.provisions[s] / MONEY_SCALE
    out[k + 2] = st.inf_supply[s] / INFLUENCE_MAX
    k = at["guilds"]
    guild = st.guild
    for i in range(3):
        out[k + i] = guild[s * 3 + i] / INFLUENCE_MAX
    k = at["workers"]
    workers = st.workers
    for i in range(3):
        out[k + i] = workers[s * 3 + i] / WORKERS_MAX
    k = at["dice"] - 1  # faces count from 1; every die adds the same, in any order
    for face in st.dice[s]:
        out[k + face] += 1 / DICE_MAX
    out[at["reserve"]] = st.reserve[s] / RESERVE_MAX
    out[at["journal"] + t.journal[st.jpos[s]]] = 1.0
    out[at["player board"] + st.board[s]] = 1.0
    k = at["tags"]
    out[k : k + len(TAGS)] = array("d", [x / most for x, most in zip(
        st.tags[s * TAGS_N : s * TAGS_N + TAGS_N], t.tag_max, strict=True)])

    occupied, tuck, above, insp_on = st.occupied, st.tuck, st.above, st.insp_on
    host_die = d.host_die
    cards = at["cards"]
    placed = at["dice placed"]
    insp = at["inspiration above"]
    base = CARDS + 8 * s
    for h in (base, base + 1, base + 4, base + 5, base + 6, base + 7):  # as the view lists
        if occupied[h]:
            out[placed + host_die[h]] = 1.0
        townsfolk = tuck[h]
        if townsfolk != -1:
            _tuck_state(out, at, d, h, townsfolk)
    sky = insp_on[base + SKY]
    if sky != -1:
        out[cards + sky] = 1.0
        out[insp] = 1.0
    space_above = at["space above"] - 2  # tuck hosts count the two capital cards first
    host_tuck = d.host_tuck
    space_first = d.space_first
    for panorama in (st.lands[s], st.waters[s]):
        for c in panorama:
            out[cards + c] = 1.0
            if occupied[c]:
                i = host_die[c]
                if i < 0:
                    raise ValueError(f"card {c} has no die space")
                out[placed + i] = 1.0
            townsfolk = tuck[c]
            if townsfolk != -1:
                _tuck_state(out, at, d, c, townsfolk)
            space = above[c]
            if space != -1:
                out[cards + space] = 1.0
                out[space_above + host_tuck[c]] = 1.0
                inspiration = insp_on[space]
                if inspiration != -1:
                    out[cards + inspiration] = 1.0
                    out[insp + space - space_first] = 1.0
    waters = st.waters[s]
    out[at["last water"] + (waters[-1] - t.first[WATER] + 1 if waters else 0)] = 1.0

    k = at["caravan"]
    held: dict[int, int] = {}
    code_cells = d.cells
    stride = 1 + len(TILE_ICONS)
    for code in st.caravan[s * CELLS : s * CELLS + CELLS]:
        if code != -1:
            cell = code_cells[code]
            if cell is None:
                raise ValueError(f"no caravan tile code {code}")
            tile, icons = cell
            held[tile] = held.get(tile, 0) + 1
            out[k] = 1.0
            for j in icons:
                out[k + j] = 1.0
        k += stride
    _tiles(out, at["tiles"], held, t)


def _tuck_state(out: array[float], at: dict[str, int], d: _Direct, h: int,
                townsfolk: int) -> None:
    """A Townsfolk tucked under host ``h``, as ``_tuck`` puts it."""
    place = d.host_tuck[h]
    if place < 0:
        raise ValueError(f"host {h} takes no Townsfolk")
    out[at["cards"] + townsfolk] = 1.0
    out[at["tucked"] + place] = 1.0
    gives = d.gives[townsfolk]
    k = d.host_assets[h]
    if gives is not None and k >= 0:
        k += at["tucked assets"]
        for a, n in enumerate(gives):
            out[k + a] = n


def _opponent_state(out: array[float], at: dict[str, int], st: State, t: _Tables,
                    d: _Direct) -> None:
    """The solo opponent's block, as ``_opponent`` fills it: all public but its face-down
    Scheme pile, of which only the size."""
    solo = load_solo()
    m = st.ai[AI_MARKERS]
    revealed = st.ai[AI_REVEALED]
    out[at["board"] + d.boards[m[AI_BOARD]]] = 1.0
    track = m[TRACK]
    out[at["resource track"] + track] = 1.0
    k = at["colour order"]
    for colour in priorities.colour_order(solo, track):
        out[k + colour] = 1.0
        k += len(COLOURS)
    out[at["sum value"] + min(SUM_VALUES, max(1, priorities.sum_value(solo, revealed))) - 1] = 1.0
    out[at["comet track"]] = m[COMET_TRACK] / t.comet_max
    k = at["schemes face up"]
    schemes = d.schemes
    for scheme in revealed:
        out[k + schemes[scheme]] = 1.0
    if revealed:
        out[at["latest scheme"] + schemes[revealed[-1]]] = 1.0
    if len(revealed) > 1:
        out[at["second latest scheme"] + schemes[revealed[-2]]] = 1.0
    out[at["scheme pile"]] = len(st.schemes) / SCHEMES
    k = at["guilds"]
    for i in range(3):
        out[k + i] = st.guild[AI * 3 + i] / INFLUENCE_MAX
    k = at["workers"]
    for i in range(3):
        out[k + i] = st.workers[AI * 3 + i] / WORKERS_MAX
    out[at["journal"] + t.journal[st.jpos[AI]]] = 1.0
    k = at["cards"]
    owner = st.owner
    c = -1
    for _ in range(owner.count(AI)):
        c = owner.index(AI, c + 1)
        out[k + c] = 1.0
    k = at["caravan"]
    held: dict[int, int] = {}
    for i, code in enumerate(st.ai[AI_PATH]):
        if code != -1:
            out[k + i] = 1.0
            tile = code // 2
            held[tile] = held.get(tile, 0) + 1
    _tiles(out, at["tiles"], held, t)
    k = at["tiles beside"]
    for tile in st.ai[AI_BESIDE]:
        out[k + tile] += 1 / t.tile_copies[tile]
    k = at["score"]
    score = scoring.opponent_breakdown(st)
    for i, name in enumerate(OPPONENT_SCORE):
        out[k + i] = score.get(name, 0) / VP_SCALE


def _turn_state(out: array[float], at: dict[str, int], st: State, place: int, t: _Tables,
                d: _Direct) -> None:
    """The turn under way, as ``_turn`` fills it from ``view.this_turn``: the stack is walked
    top first as ``view.frames`` does, each frame read by the arguments its kind uses."""
    out[at["turn seat"] + place] = 1.0
    out[at["main action done"]] = 1.0 if st.main_done else 0.0
    used = st.used
    k = at["used this turn"]
    for i, (bit, _) in enumerate(USED):
        if used & bit:
            out[k + i] = 1.0
    if st.die_col != 0:
        out[at["die column"] + st.die_col - 1] = 1.0
    out[at["spare pigeon"]] = 1.0 if st.spare_pigeon > 0 else 0.0
    k = at["cards gained this turn"]
    for c in st.fresh:
        out[k + c] = 1.0
    k = at["workers placed this turn"]
    worker_new = st.worker_new
    for pos, c in enumerate(st.display):  # a Worker stands on a display card
        if c != -1:
            bits = worker_new[c]
            if bits:
                for w in range(3):
                    if bits >> w & 1:
                        out[k + pos * 3 + w] = 1.0

    stack = st.stack
    if len(stack) % 4:
        raise ValueError("a stack of whole frames")
    dice = st.dice[st.seat] if 0 <= st.seat < len(st.dice) else []
    counts = [0] * len(PENDING)
    opp = [0] * len(OPPONENT_STEPS)
    bundles = 0
    seen = 0  # a bit per frame kind met so far
    node_part = d.node_part
    copies = t.tile_copies
    i = len(stack) - 4
    while i >= 0:
        kind, a, b, c = stack[i], stack[i + 1], stack[i + 2], stack[i + 3]
        if kind == F_ALL:
            if a < 1 or i - 4 * a < 0:
                raise ValueError("a bundle covers its parts")
            if bundles == 0:
                k, scale = at["next parts"], PARTS_NEXT
                if any(stack[j + 2] & CTX_DIE for j in range(i - 4 * a, i, 4)):
                    out[at["next parts from die"]] = 1.0
            else:
                k, scale = at["later parts"], STEPS_MAX
            for j in range(i - 4 * a, i, 4):
                part = node_part[stack[j + 1]]
                if part < 0:
                    raise ValueError(f"no effect part {stack[j + 1]}")
                out[k + part] = min(1.0, out[k + part] + 1 / scale)
            bundles += 1
            counts[kind - 1] += 1
            i -= 4 * (a + 1)
            continue
        i -= 4
        if not F_ALL < kind <= F_ALLOW:
            raise ValueError(f"no pending step {kind} here")
        counts[kind - 1] += 1
        if kind in (F_TUCK, F_INSP):
            out[at["cards in hand"] + a] = 1.0
        elif kind == F_TILE:
            k = at["tiles in hand"] + a
            out[k] = min(1.0, out[k] + 1 / copies[a])
        elif kind == F_AI:
            opp[d.ai_step[a]] += 1
        if seen >> kind & 1:
            continue
        seen |= 1 << kind  # what follows is read from the topmost frame of its kind only
        if kind == F_INSP:
            out[at["inspiration slot"] + b] = 1.0
        elif kind == F_KEEP:
            out[at["keep row"] + a] = 1.0
        elif kind == F_TILE:
            out[at["tile face"] + b] = 1.0
        elif kind == F_DIE:
            out[at["die to place"] + dice[a] - 1] = 1.0
            k = at["caravan columns used"] - 1
            for v in range(1, 7):
                if b >> v & 1:
                    out[k + v] = 1.0
            out[at["caravan chain"] + c] = 1.0
        elif kind == F_YELLOW:
            if b != -1:
                out[at["yellow first step"] + dice[b] - 1] = 1.0
                out[at["yellow direction"] + (0 if a > 0 else 1)] = 1.0
            if c != -1:
                out[at["yellow placing"]] = 1.0
        elif kind == F_REROLL:
            k = at["dice to reroll"] - 1
            for n, value in enumerate(dice):
                if a >> n & 1:
                    out[k + value] += 1 / DICE_MAX
        elif kind == F_ALLOW:
            k = at["allow or deny"]
            out[k + d.allow[a]] = 1.0
            out[k + len(ALLOW) + (c >> 20)] = 1.0
    k = at["pending steps"]
    for n, count in enumerate(counts):
        if count:
            out[k + n] = min(1.0, count / STEPS_MAX)
    k = at["opponent steps"]
    for n, count in enumerate(opp):
        if count:
            out[k + n] = min(1.0, count / STEPS_MAX)
