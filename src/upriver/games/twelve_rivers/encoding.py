"""A seat's view of 12 Rivers as a fixed-length list of numbers: the observation of the learning
surfaces (``upriver.rl``).

``encode`` reads only the ``view(seat)`` dict it is given, so it can never carry what the seat
may not know (``view.py`` decides that); it never sees a game state. It is the reference. The
fixed sizes (spaces, stretches, sites, Markaya tiles and their spots, card and fairy kinds, alpaca
cards, rounds) come from the edition's component tables (``components.load``, the same tables the
game is built from, including a user's ``components=PATH`` file), so ``layout`` depends on the
player count and the options only, never on the position. The step and phase vocabularies are
the names the view uses (``state.STAGE_NAMES``, ``state.PHASE_OF_STAGE``); of the state module,
``encode`` uses only those name tables.

``encode_state`` gives the same numbers straight from the state, without building the view (the
learning surfaces call it at every step). It reads only what ``view`` shows a seat, field by
field (while the seats deliver, the others' pieces as ``view.seen_by`` shows them), and a test
holds it equal to ``encode(view(seat))`` on every decision of random and greedy games and on
every seat's determinised copies (``tests/conformance/test_state_encoding.py``).

Design:

- **Seat-relative.** The observing seat's block (``own.*``) comes first, then one block per other
  seat in seat order after it (``other1.*`` is the next seat, ``other2.*`` the one after, ...),
  so one policy can play from any seat. The turn order of the round is the track
  (``*.track``) and the starting order each seat's ``*.starting_place``, not the block order.
  Every "whose" value (the seat to move) is relative too.
- **Tiles by position.** Each Markaya (2022: villager) tile has a fixed place in every tile
  segment, in component-file order; what a tile needs (spot colours, objective, points) never
  changes, so it is left to the place rather than repeated as numbers. A seat's block holds the
  tiles it owns and the pearls on each spot.
- **Scaling.** Categorical values are one-hot blocks (all zero: none), flags are 0/1, and counts
  are divided by a documented maximum so they lie in 0..1. The exceptions: scores (no maximum:
  divided by ``SCORE_SCALE``) and, in the 2022 edition's lake step only, an alpaca briefly over
  its capacity (``alpaca_capacity``) while its owner chooses what to discard.
- **Not encoded:** the legal actions (the action mask carries them), the viewer's seat number
  (everything is relative to it), the component file's name and the notes (text only).
- **Cheap.** The index tables are built once per (players, edition, component file) and cached;
  ``encode`` fills a zeroed list by dictionary look-ups, touching only what the view lists, and
  ``encode_state`` a zeroed ``array`` of doubles by the state's own indices (the surfaces hand
  its buffer to numpy as is).

Layout, in order (``C`` = card kinds in play: 5, or 1 camp card in 2022; ``T`` = tiles, 30;
``S`` = storage spots over all tiles: 106, 2022: 150; ``N`` = board spaces, 56; ``K`` = track
spaces, 12; ``A`` = alpaca/mission cards, 5; ``P`` = players). Pearl colours are always in the
order green, blue, pink, purple, white; fairy kinds in power-slot order (fire, earth, wind,
light, water; 2022: bonfire, breeze, cloud, mushroom, river).

Each seat's block (``own.`` then ``other1.`` ... ``other{P-1}.``):

========================  =========  ============================================================
segment                   length     numbers
========================  =========  ============================================================
``hand``                  C          (own block only) cards in hand by kind / that kind's count
``hand_size``             1          cards in hand / all supply cards (50; 2022: 48)
``known_cards``           C          cards of the hand everyone saw taken, by kind / kind's count
``drawn_from_pile``       1          cards drawn face down from the pile since it was built (less
                                     those seen paid) / all supply cards
``older_hidden_cards``    1          at most how many hidden cards predate the pile / all supply
                                     cards (capped at 1: an old save reads 99, "unknown")
``fairies``               5          fairies held, by kind / that kind's count (5)
``fairies_used``          5          fairies the seat used (back in the box), by kind / kind's count
``fairies_taken``         5          fairies the seat ever took, by kind / kind's count
``alpaca``                5          pearls on the alpaca, by colour / ``alpaca_capacity`` (6)
``alpaca_cards``          A          1 for each alpaca (2022: mission) card the seat has claimed
``markers``               N          1 on each board space holding one of the seat's markers
``track``                 K          1 on each turn-order track space holding the seat's marker
``starting_place``        P          one-hot of the seat's place in the starting order (first..last)
``markaya``               T          1 for each tile the seat owns
``markaya_pearls``        5 * S      per spot of every tile (tile order, spot order): one-hot of
                                     the pearl's colour on it (all zero: empty or not the seat's)
``rainbow_spots``         S          (2022) 1 on each spot a mushroom fairy turned rainbow (the
                                     view's list is always empty in the current edition: no segment)
``tribe``                 4          (2022) one-hot of the seat's tribe: fire, wood, water, earth
``score``                 1          reputation points so far / ``SCORE_SCALE`` (100)
========================  =========  ============================================================

Then what every seat sees alike:

========================  =========  ========================================================
``rules``                 2          1 for the 2022 edition; 1 for its Family Mode
``round``                 rounds     one-hot of the round (1..5)
``phase``                 4          one-hot: exploration, collection, end, any
``step``                  17         one-hot of the decision being asked (``STAGE_NAMES``)
``to_move``               P          one-hot of the seat to decide, relative to the viewer
                                     (0: the viewer); all zero once the game is over
``current_space``         N          one-hot of the space being resolved (river, sea, village)
``cost_left``             1          cards still to pay / the highest space cost (3)
``picks_left``            1          pearls still to take at a river marker / rivers (12),
                                     since one round's pearls (one per river) bound it
``delivering``            1          1 while the seats deliver (step 5, simultaneous)
``placed``                N          one-hot of this exploration turn's marker, once placed
                                     (supplies may not move it)
``cost``                  1          the full placement cost being paid / the highest cost (3)
``cards_left``            1          supply cards still to take / the most one gain gives (the
                                     most cards on a tile, at least 1: 2)
``cards_optional``        1          1 while the cards being taken may be declined
``moving_from``           N          one-hot of the space whose marker supplies are moving
``picks_taken``           1          pearls taken so far at this river marker / rivers (12)
``picks_added``           1          picks added there by fishing-net pairs and water fairies
                                     / rivers (12): a pick is added only while the marker
                                     holds more pearls than picks
``given_up_here``         5          pearls given up at this marker, by colour / colour's total
``fairy_during``          17         one-hot of the step a fairy's use interrupted
                                     (``STAGE_NAMES``; all zero when no fairy is being used)
``earth_moves_left``      1          pearls an earth fairy may still move / ``EARTH_MOVES`` (3;
                                     2022: a breeze fairy moves any number, divided by the
                                     alpaca's capacity and capped at 1)
``earth_moved``           1          pearls it has moved so far, over the same maximum
``rivers``                12 * 5     per river above the dam: one-hot of its pearl's colour
``pools``                 27 * 5     per river stretch, pearls by colour / rivers (12)
``sea``                   5          pearls in the sea by colour / that colour's total
``sites``                 8 * 5      per fairy site, fairies by kind / that kind's count
``bag``                   5          pearls in the bag by colour / that colour's total
``card_display``          C          (current edition) face-up cards by kind / display size 3
``draw_pile``             1          cards in the draw pile / all supply cards
``draw_pile_pool``        C          cards known to be in the pile or drawn face down from it
                                     since it was built, by kind / that kind's count
``discard``               C          face-up discards by kind / that kind's count
``markaya_display``       T          1 for each tile in the display (the village offer)
``markaya_deck``          1          tiles in the deck / all tiles
``markaya_deck_bottom``   T          1 for each tile seen going under the deck
``markaya_out``           T          1 for each tile out of the game (starting tiles not in
                                     play; 2022: villagers that left the game)
``fairy_supply``          1          face-down fairies left / all fairies (25)
``fairies_in_box``        1          fairies returned to the box unseen at setup / all fairies
``fairies_used``          5          fairies used (back in the box) by kind / kind's count
``alpaca_cards``          2 * A      per card: in play, still unclaimed
``pearls_out``            5          (2022) pearls discarded from the game / colour's total
========================  =========  ========================================================

With the built-in components the vector has 1,932 / 2,600 / 3,270 numbers at 2 / 3 / 4 players
in the current edition and 2,660 / 3,698 / 4,738 in 2022, most of them the sparse per-seat tile
spots.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from upriver.games.twelve_rivers import scoring
from upriver.games.twelve_rivers import view as views
from upriver.games.twelve_rivers.components import COLOURS, EDITIONS, TRIBES, load

# The names the view gives its "step" and "phase" (vocabulary only, no position is read); the
# stage numbers and ``State`` are for ``encode_state`` alone.
from upriver.games.twelve_rivers.state import (
    AFTER_BEFRIEND,
    AFTER_GAIN,
    CARDS,
    EARTH_STEP,
    MUSHROOM_STEP,
    OVER,
    PAY,
    PHASE_OF_STAGE,
    RIVER,
    STAGE_NAMES,
    SUP_TO,
    State,
)

SCORE_SCALE = 100.0  # scores have no maximum; a strong final score is about 40
EARTH_MOVES = 3  # pearls an earth fairy moves at most (TR-FAIRY-09; delivery.apply_use_earth)
PHASES = tuple(dict.fromkeys(PHASE_OF_STAGE))  # exploration, collection, end, any

_COLOUR = {c: i for i, c in enumerate(COLOURS)}
_TRIBE = {t: i for i, t in enumerate(TRIBES)}
_STEP = {s: i for i, s in enumerate(STAGE_NAMES)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
# By stage number, for ``encode_state``: its phase's place, and the view's own step sets (a
# marker being resolved, an exploration turn under way), so the two cannot drift apart.
_PHASE_AT = tuple(_PHASE[p] for p in PHASE_OF_STAGE)
_COLLECTION = _PHASE["collection"]
_AT_SPACE = tuple(stage in views.AT_SPACE for stage in range(len(STAGE_NAMES)))
_TURN_STEP = tuple(stage in views.TURN_STEPS for stage in range(len(STAGE_NAMES)))
_FAIRY_STEPS = (EARTH_STEP, MUSHROOM_STEP)
_ZERO5 = array("d", bytes(8 * 5))


@dataclass(frozen=True)
class _Seat:
    """Where one seat block's segments start (``hand`` is -1 outside the own block)."""

    hand: int
    hand_size: int
    known_cards: int
    drawn_from_pile: int
    older_hidden_cards: int
    fairies: int
    fairies_used: int
    fairies_taken: int
    alpaca: int
    alpaca_cards: int
    markers: int
    track: int
    starting_place: int
    markaya: int
    markaya_pearls: int
    rainbow_spots: int  # -1 outside the 2022 edition
    tribe: int  # -1 outside the 2022 edition
    score: int


@dataclass(frozen=True)
class _Plan:
    """The layout of one (players, edition, component file) and the look-up tables ``encode``
    and ``encode_state`` need, built once."""

    players: int
    edition: str
    segments: tuple[tuple[str, int], ...]
    at: dict[str, int]  # segment name -> its first index
    size: int
    zeros: bytes  # ``size`` zero doubles, an observation's starting buffer
    seats: tuple[_Seat, ...]  # block 0 is the viewer's, block k the k-th seat after it
    e2022: bool
    rounds: int
    # Look-ups by the names the view uses.
    card: dict[str, int]
    fairy: dict[str, int]
    space: dict[str, int]
    stretch: dict[str, int]
    site: dict[str, int]
    tile: dict[str, int]
    spot_base: dict[str, int]  # tile id -> index of its first spot
    acard: dict[tuple[str, int, int], int]  # (colour, count, points) -> card index
    # The same look-ups by the state's indices (``encode_state``). Spaces, stretches and tiles
    # have unique ids (``components`` checks), so their place is their index; fairy names and
    # site ids may repeat in a user's file, where the view's dicts keep the last one.
    fairy_at: tuple[int, ...]  # fairy slot -> the place of its name
    site_at: tuple[int, ...]  # site -> the place of its id
    shared_sites: bool  # some site id repeats: a later site's counts replace an earlier one's
    site_cell: tuple[int, ...]  # site * 5 + fairy slot -> its cell in "sites" (ids unique)
    site_most: tuple[float, ...]  # ... and that cell's divisor
    acard_at: tuple[int, ...]  # alpaca card -> the place of the first card alike
    # Divisors.
    card_max: tuple[float, ...]
    fairy_max: tuple[float, ...]
    pearl_max: tuple[float, ...]
    all_cards: float
    all_fairies: float
    all_tiles: float
    alpaca_max: float
    display_max: float
    cost_max: float
    rivers_max: float
    gain_max: float
    earth_max: float


def _options(options: dict[str, Any]) -> tuple[str, str]:
    return str(options.get("edition", "current")), str(options.get("components", ""))


@lru_cache(maxsize=32)
def _plan(players: int, edition: str, components: str) -> _Plan:
    comp = load(components, edition)
    e2022 = edition == "2022"
    n_cards = len(comp.card_names)
    n_spots = comp.n_spots
    n_acards = len(comp.alpaca_cards)
    segments: list[tuple[str, int]] = []

    def add(name: str, length: int) -> int:
        start = sum(n for _, n in segments)
        segments.append((name, length))
        return start

    seats = []
    for k in range(players):
        pre = "own." if k == 0 else f"other{k}."
        seats.append(_Seat(
            hand=add(pre + "hand", n_cards) if k == 0 else -1,
            hand_size=add(pre + "hand_size", 1),
            known_cards=add(pre + "known_cards", n_cards),
            drawn_from_pile=add(pre + "drawn_from_pile", 1),
            older_hidden_cards=add(pre + "older_hidden_cards", 1),
            fairies=add(pre + "fairies", 5),
            fairies_used=add(pre + "fairies_used", 5),
            fairies_taken=add(pre + "fairies_taken", 5),
            alpaca=add(pre + "alpaca", 5),
            alpaca_cards=add(pre + "alpaca_cards", n_acards),
            markers=add(pre + "markers", len(comp.space_names)),
            track=add(pre + "track", comp.track_spaces),
            starting_place=add(pre + "starting_place", players),
            markaya=add(pre + "markaya", len(comp.tiles)),
            markaya_pearls=add(pre + "markaya_pearls", 5 * n_spots),
            rainbow_spots=add(pre + "rainbow_spots", n_spots) if e2022 else -1,
            tribe=add(pre + "tribe", len(TRIBES)) if e2022 else -1,
            score=add(pre + "score", 1),
        ))
    add("rules", 2)
    add("round", comp.rounds)
    add("phase", len(PHASES))
    add("step", len(STAGE_NAMES))
    add("to_move", players)
    add("current_space", len(comp.space_names))
    add("cost_left", 1)
    add("picks_left", 1)
    add("delivering", 1)
    add("placed", len(comp.space_names))
    add("cost", 1)
    add("cards_left", 1)
    add("cards_optional", 1)
    add("moving_from", len(comp.space_names))
    add("picks_taken", 1)
    add("picks_added", 1)
    add("given_up_here", 5)
    add("fairy_during", len(STAGE_NAMES))
    add("earth_moves_left", 1)
    add("earth_moved", 1)
    add("rivers", comp.n_rivers * 5)
    add("pools", len(comp.stretch_ids) * 5)
    add("sea", 5)
    add("sites", len(comp.site_ids) * 5)
    add("bag", 5)
    if comp.card_display:
        add("card_display", n_cards)
    add("draw_pile", 1)
    add("draw_pile_pool", n_cards)
    add("discard", n_cards)
    add("markaya_display", len(comp.tiles))
    add("markaya_deck", 1)
    add("markaya_deck_bottom", len(comp.tiles))
    add("markaya_out", len(comp.tiles))
    add("fairy_supply", 1)
    add("fairies_in_box", 1)
    add("fairies_used", 5)
    add("alpaca_cards", 2 * n_acards)
    if e2022:
        add("pearls_out", 5)

    at: dict[str, int] = {}
    total = 0
    for name, length in segments:
        at[name] = total
        total += length
    acard: dict[tuple[str, int, int], int] = {}
    for i, (c, n, pts) in enumerate(comp.alpaca_cards):
        acard.setdefault((COLOURS[c], n, pts), i)
    fairy = {name: i for i, name in enumerate(comp.fairy_names)}
    site = {sid: i for i, sid in enumerate(comp.site_ids)}
    fairy_max = tuple(float(max(1, n)) for n in comp.fairy_counts)
    return _Plan(
        players=players,
        edition=edition,
        segments=tuple(segments),
        at=at,
        size=total,
        zeros=bytes(8 * total),
        seats=tuple(seats),
        e2022=e2022,
        rounds=comp.rounds,
        card={name: i for i, name in enumerate(comp.card_names)},
        fairy=fairy,
        space={name: i for i, name in enumerate(comp.space_names)},
        stretch={sid: i for i, sid in enumerate(comp.stretch_ids)},
        site=site,
        tile={t.id: i for i, t in enumerate(comp.tiles)},
        spot_base={t.id: comp.spot_offset[i] for i, t in enumerate(comp.tiles)},
        acard=acard,
        fairy_at=tuple(fairy[name] for name in comp.fairy_names),
        site_at=tuple(site[sid] for sid in comp.site_ids),
        shared_sites=len(site) < len(comp.site_ids),
        site_cell=tuple(5 * site[sid] + fairy[name] for sid in comp.site_ids
                        for name in comp.fairy_names),
        site_most=tuple(fairy_max[fairy[name]] for _ in comp.site_ids
                        for name in comp.fairy_names),
        acard_at=tuple(acard[(COLOURS[c], n, pts)] for c, n, pts in comp.alpaca_cards),
        card_max=tuple(float(max(1, comp.card_counts[i])) for i in range(n_cards)),
        fairy_max=fairy_max,
        pearl_max=tuple(float(max(1, n)) for n in comp.pearl_counts),
        all_cards=float(max(1, sum(comp.card_counts))),
        all_fairies=float(max(1, sum(comp.fairy_counts))),
        all_tiles=float(max(1, len(comp.tiles))),
        alpaca_max=float(comp.alpaca_capacity),
        display_max=float(max(1, comp.card_display)),
        cost_max=float(max(1, *comp.space_cost)),
        rivers_max=float(max(1, comp.n_rivers)),
        gain_max=float(max(1, *(t.cards for t in comp.tiles))),
        earth_max=float(max(1, comp.alpaca_capacity if e2022 else EARTH_MOVES)),
    )


def layout(players: int, options: dict[str, Any]) -> list[tuple[str, int]]:
    """The named segments of ``encode``'s vector, in order, with their lengths (module
    docstring); they depend on the player count, the edition and the component file only."""
    return list(_plan(players, *_options(options)).segments)


def encode(view: dict[str, Any], players: int, options: dict[str, Any]) -> list[float]:
    """The seat's ``view`` (``view(seat)``, never a spectator's) as ``layout``'s numbers."""
    plan = _plan(players, *_options(options))
    me = view["viewer"]
    if me is None:
        raise ValueError("a spectator's view has no seat to encode from")
    seats_in = view["players"]
    if len(seats_in) != players or view["edition"] != plan.edition:
        raise ValueError(
            f"a {len(seats_in)}-player {view['edition']} view does not fit a {players}-player "
            f"{plan.edition} layout")
    out = [0.0] * plan.size
    at = plan.at
    p = players
    card, fairy, colour = plan.card, plan.fairy, _COLOUR
    card_max, fairy_max, pearl_max = plan.card_max, plan.fairy_max, plan.pearl_max

    # The seat blocks: block k is the seat k places after the viewer.
    for entry in seats_in:
        s = entry["seat"]
        b = plan.seats[(s - me) % p]
        hand = entry["hand"]
        if hand is not None and b.hand >= 0:
            for name, n in hand.items():
                k = card[name]
                out[b.hand + k] = n / card_max[k]
        out[b.hand_size] = entry["hand_size"] / plan.all_cards
        for name, n in entry["known_cards"].items():
            k = card[name]
            out[b.known_cards + k] = n / card_max[k]
        out[b.drawn_from_pile] = entry["drawn_from_pile"] / plan.all_cards
        out[b.older_hidden_cards] = min(entry["older_hidden_cards"] / plan.all_cards, 1.0)
        _cards(out, b.fairies, entry["fairies"], fairy, fairy_max)
        _cards(out, b.fairies_used, entry["fairies_used"], fairy, fairy_max)
        _cards(out, b.fairies_taken, entry["fairies_taken"], fairy, fairy_max)
        for name, n in entry["alpaca"].items():
            out[b.alpaca + colour[name]] = n / plan.alpaca_max
        for tile in entry["markaya"]:
            tid = tile["id"]
            out[b.markaya + plan.tile[tid]] = 1.0
            base = plan.spot_base[tid]
            for k, pearl in enumerate(tile["pearls"]):
                if pearl is not None:
                    out[b.markaya_pearls + 5 * (base + k) + colour[pearl]] = 1.0
            if b.rainbow_spots >= 0:
                for k in tile.get("rainbow_spots", ()):
                    out[b.rainbow_spots + base + k - 1] = 1.0  # the view counts spots from 1
        out[b.score] = view["scores"][s] / SCORE_SCALE
    tribes = view["tribes"]
    if plan.e2022 and tribes is not None:
        for s, tribe in enumerate(tribes):
            out[plan.seats[(s - me) % p].tribe + _TRIBE[tribe]] = 1.0
    for name, s in view["spaces"].items():
        out[plan.seats[(s - me) % p].markers + plan.space[name]] = 1.0
    for i, s in enumerate(view["track"]):
        if s is not None:
            out[plan.seats[(s - me) % p].track + i] = 1.0
    for i, s in enumerate(view["starting_order"]):
        out[plan.seats[(s - me) % p].starting_place + i] = 1.0
    base = at["alpaca_cards"]
    for a in view["alpaca_cards"]:
        i = plan.acard[(a["colour"], a["count"], a["points"])]
        out[base + 2 * i] = 1.0
        owner = a["owner"]
        if owner is None:
            out[base + 2 * i + 1] = 1.0
        else:
            out[plan.seats[(owner - me) % p].alpaca_cards + i] = 1.0

    # The decision being asked.
    out[at["rules"]] = 1.0 if plan.e2022 else 0.0
    out[at["rules"] + 1] = 1.0 if view["family"] else 0.0
    rnd = view["round"]
    if not 1 <= rnd <= plan.rounds:
        raise ValueError(f"round {rnd} is outside 1..{plan.rounds}")
    out[at["round"] + rnd - 1] = 1.0
    out[at["phase"] + _PHASE[view["phase"]]] = 1.0
    out[at["step"] + _STEP[view["step"]]] = 1.0
    if view["to_move"] is not None:
        out[at["to_move"] + (view["to_move"] - me) % p] = 1.0
    if view["current_space"] is not None:
        out[at["current_space"] + plan.space[view["current_space"]]] = 1.0
    out[at["cost_left"]] = view.get("cost_left", 0) / plan.cost_max
    out[at["picks_left"]] = view.get("picks_left", 0) / plan.rivers_max
    out[at["delivering"]] = 1.0 if view["delivering"] else 0.0
    if "placed" in view:
        out[at["placed"] + plan.space[view["placed"]]] = 1.0
    out[at["cost"]] = view.get("cost", 0) / plan.cost_max
    out[at["cards_left"]] = view.get("cards_left", 0) / plan.gain_max
    out[at["cards_optional"]] = 1.0 if view.get("cards_optional") else 0.0
    if "moving_from" in view:
        out[at["moving_from"] + plan.space[view["moving_from"]]] = 1.0
    out[at["picks_taken"]] = view.get("picks_taken", 0) / plan.rivers_max
    out[at["picks_added"]] = view.get("picks_added", 0) / plan.rivers_max
    if "given_up_here" in view:
        _colours(out, at["given_up_here"], view["given_up_here"], pearl_max)
    if "fairy_during" in view:
        out[at["fairy_during"] + _STEP[view["fairy_during"]]] = 1.0
    out[at["earth_moves_left"]] = min(view.get("earth_moves_left", 0) / plan.earth_max, 1.0)
    out[at["earth_moved"]] = min(view.get("earth_moved", 0) / plan.earth_max, 1.0)

    # The board.
    base = at["rivers"]
    for r, pearl in enumerate(view["rivers"]):
        if pearl is not None:
            out[base + 5 * r + colour[pearl]] = 1.0
    base = at["pools"]
    for sid, counts in view["pools"].items():
        b = base + 5 * plan.stretch[sid]
        for name, n in counts.items():
            out[b + colour[name]] = n / plan.rivers_max
    _colours(out, at["sea"], view["sea"], pearl_max)
    base = at["sites"]
    for sid, counts in view["sites"].items():
        b = base + 5 * plan.site[sid]
        for name, n in counts.items():
            k = fairy[name]
            out[b + k] = n / fairy_max[k]

    # Supplies.
    _colours(out, at["bag"], view["bag"], pearl_max)
    if "card_display" in at:
        b = at["card_display"]
        for name in view["card_display"]:
            out[b + card[name]] += 1.0 / plan.display_max
    out[at["draw_pile"]] = view["draw_pile"] / plan.all_cards
    # The view's pool is an upper bound that can count a card twice (drawn face down, paid,
    # shuffled back in): no more than a kind's total can be in or from the pile.
    b = at["draw_pile_pool"]
    for name, n in view["draw_pile_pool"].items():
        k = card[name]
        out[b + k] = min(n / card_max[k], 1.0)
    _cards(out, at["discard"], view["discard"], card, card_max)
    b = at["markaya_display"]
    for tid in view["markaya_display"]:
        out[b + plan.tile[tid]] = 1.0
    out[at["markaya_deck"]] = view["markaya_deck"] / plan.all_tiles
    b = at["markaya_deck_bottom"]
    for tid in view["markaya_deck_bottom"]:
        out[b + plan.tile[tid]] = 1.0
    b = at["markaya_out"]
    for tid in view["markaya_out"]:
        out[b + plan.tile[tid]] = 1.0
    out[at["fairy_supply"]] = view["fairy_supply"] / plan.all_fairies
    out[at["fairies_in_box"]] = view["fairies_in_box"] / plan.all_fairies
    _cards(out, at["fairies_used"], view["fairies_used"], fairy, fairy_max)
    if plan.e2022:
        _colours(out, at["pearls_out"], view["pearls_out"], pearl_max)
    return out


def _colours(out: list[float], base: int, counts: dict[str, int],
             most: tuple[float, ...]) -> None:
    """Pearls by colour, each over that colour's total in the game."""
    for name, n in counts.items():
        k = _COLOUR[name]
        out[base + k] = n / most[k]


def _cards(out: list[float], base: int, counts: dict[str, int], index: dict[str, int],
           most: tuple[float, ...]) -> None:
    """Counts by kind (cards or fairies), each over that kind's total in the game."""
    for name, n in counts.items():
        k = index[name]
        out[base + k] = n / most[k]


def encode_state(st: State, viewer: int, players: int, options: dict[str, Any]) -> array[float]:
    """``encode(view(st, viewer))`` without the view: the same numbers in the same order, read
    from the state field by field as ``view.view`` shows them to ``viewer``."""
    plan = _plan(players, *_options(options))
    p = players
    edition = EDITIONS[st.cfg.e2022]
    if st.num_players != p or edition != plan.edition:
        raise ValueError(
            f"a {st.num_players}-player {edition} view does not fit a {p}-player "
            f"{plan.edition} layout")
    if not 0 <= viewer < p:
        raise ValueError(f"seat {viewer} does not exist in a {p}-player game")
    # Another seat is delivering: its fairy half used is not seen (``view._unseen_step``).
    secret = bool(st.delivering) and viewer != st.seat and st.stage != OVER
    # While the seats deliver, the others' pieces as the step began (a copy, only then).
    st = views.seen_by(st, viewer)
    comp = st.cfg.comp
    n_cards = len(comp.card_names)  # the view names no card slot past these
    out = array("d", plan.zeros)  # numpy reads the buffer as is (rl.surface)
    at = plan.at
    seats = plan.seats
    card_max, fairy_max, pearl_max = plan.card_max, plan.fairy_max, plan.pearl_max
    fairy_at = plan.fairy_at
    all_cards = plan.all_cards
    alpaca_max = plan.alpaca_max
    offsets, counts = comp.spot_offset, comp.spot_count
    spots, lit = st.spots, st.lit
    hands, known, drawn, pile_old = st.hands, st.known, st.pile_drawn, st.pile_old
    fairies, used, taken, alpaca = st.fairies, st.fairy_used, st.fairies_taken, st.alpaca
    scores = scoring.scores(st)  # of what the viewer sees, as the view's

    # The seat blocks: block k is the seat k places after the viewer.
    for s in range(p):
        b = seats[(s - viewer) % p]
        i = s * 5
        if s == viewer:  # the only hand shown; its block is the own one, which has "hand"
            base = b.hand
            for k in range(n_cards):
                n = hands[i + k]
                if n:
                    out[base + k] = n / card_max[k]
        out[b.hand_size] = sum(hands[i : i + 5]) / all_cards
        base = b.known_cards
        for k in range(n_cards):
            n = known[i + k]
            if n:
                out[base + k] = n / card_max[k]
        out[b.drawn_from_pile] = sum(drawn[i : i + 5]) / all_cards
        out[b.older_hidden_cards] = min(pile_old[s] / all_cards, 1.0)
        _slots(out, b.fairies, fairies, i, fairy_at, fairy_max)
        _slots(out, b.fairies_used, used, i, fairy_at, fairy_max)
        _slots(out, b.fairies_taken, taken, i, fairy_at, fairy_max)
        base = b.alpaca
        for c in range(5):
            n = alpaca[i + c]
            if n:
                out[base + c] = n / alpaca_max
        owned, pearls, rainbow = b.markaya, b.markaya_pearls, b.rainbow_spots
        for t in st.tiles_of[s]:
            out[owned + t] = 1.0
            first = offsets[t]
            end = first + counts[t]
            cell = pearls + 5 * first  # the tile's first spot, 5 colours a spot
            for c in spots[first:end]:
                if c >= 0:
                    out[cell + c] = 1.0
                cell += 5
            if rainbow >= 0:  # the segment exists in 2022 only
                for spot in range(first, end):
                    if lit[spot]:
                        out[rainbow + spot] = 1.0
        out[b.score] = scores[s] / SCORE_SCALE
    if plan.e2022:
        for s in range(p):
            out[seats[(s - viewer) % p].tribe + comp.tribes[s]] = 1.0
    for i, s in enumerate(st.occ):
        if s >= 0:
            out[seats[(s - viewer) % p].markers + i] = 1.0
    for i, s in enumerate(st.track):
        if s >= 0:
            out[seats[(s - viewer) % p].track + i] = 1.0
    for i, s in enumerate(st.order):
        out[seats[(s - viewer) % p].starting_place + i] = 1.0
    base = at["alpaca_cards"]
    acard_at = plan.acard_at
    for i, owner in enumerate(st.acards):
        if owner == -2:  # not in play (2022: only the drawn mission is)
            continue
        k = acard_at[i]
        out[base + 2 * k] = 1.0
        if owner < 0:
            out[base + 2 * k + 1] = 1.0
        else:
            out[seats[(owner - viewer) % p].alpaca_cards + k] = 1.0

    # The decision being asked: the step seen through a fairy used in the middle of it.
    out[at["rules"]] = 1.0 if plan.e2022 else 0.0
    out[at["rules"] + 1] = 1.0 if st.cfg.family else 0.0
    rnd = st.round
    if not 1 <= rnd <= plan.rounds:
        raise ValueError(f"round {rnd} is outside 1..{plan.rounds}")
    out[at["round"] + rnd - 1] = 1.0
    stage = st.stage
    step = st.resume if stage in _FAIRY_STEPS else stage
    befriending = step == CARDS and st.after_cards == AFTER_BEFRIEND
    out[at["phase"] + (_COLLECTION if befriending else _PHASE_AT[step])] = 1.0
    out[at["step"] + stage] = 1.0
    if stage != OVER:
        out[at["to_move"] + (st.seat - viewer) % p] = 1.0
    if _AT_SPACE[step] or befriending:
        out[at["current_space"] + st.cur_space] = 1.0
    if step == PAY:
        out[at["cost_left"]] = st.pay_left / plan.cost_max
        out[at["cost"]] = st.pay_full / plan.cost_max
    if step == RIVER:
        out[at["picks_left"]] = st.picks / plan.rivers_max
        out[at["picks_taken"]] = st.picks_done / plan.rivers_max
        out[at["picks_added"]] = st.boosts / plan.rivers_max
    out[at["delivering"]] = 1.0 if st.delivering else 0.0
    if _TURN_STEP[step] or (step == CARDS and st.after_cards == AFTER_GAIN):
        out[at["placed"] + st.last_placed] = 1.0
    if step == CARDS:
        out[at["cards_left"]] = st.cards_left / plan.gain_max
        out[at["cards_optional"]] = 1.0 if st.cards_optional else 0.0
    if step == SUP_TO:
        out[at["moving_from"] + st.moving_from] = 1.0
    _counts(out, at["given_up_here"], st.given, pearl_max)
    if stage in _FAIRY_STEPS and not secret:
        out[at["fairy_during"] + st.resume] = 1.0
        if stage == EARTH_STEP:
            out[at["earth_moves_left"]] = min(st.earth_left / plan.earth_max, 1.0)
            out[at["earth_moved"]] = min(st.earth_moved / plan.earth_max, 1.0)

    # The board.
    base = at["rivers"]
    for r, c in enumerate(st.rivers):
        if c >= 0:
            out[base + 5 * r + c] = 1.0
    base = at["pools"]
    rivers_max = plan.rivers_max
    for j, n in enumerate(st.pools):  # 5 colours per stretch, as the segment is laid out
        if n:
            out[base + j] = n / rivers_max
    _counts(out, at["sea"], st.sea, pearl_max)
    base = at["sites"]
    sites = st.sites
    if plan.shared_sites:  # a user's file repeats a site id: a later site's counts replace
        for i, place in enumerate(plan.site_at):
            if any(sites[5 * i : 5 * i + 5]):
                row = base + 5 * place
                out[row : row + 5] = _ZERO5
                _slots(out, row, sites, 5 * i, fairy_at, fairy_max)
    else:
        cells, most = plan.site_cell, plan.site_most
        for j, n in enumerate(sites):
            if n:
                out[base + cells[j]] = n / most[j]

    # Supplies.
    _counts(out, at["bag"], st.bag, pearl_max)
    if "card_display" in at:
        base = at["card_display"]
        for k in st.display:
            out[base + k] += 1.0 / plan.display_max
    out[at["draw_pile"]] = len(st.deck) / all_cards
    # The pool less the viewer's own draws (``view.pile_pool_for``), capped as ``encode`` does.
    base = at["draw_pile_pool"]
    pool, mine = st.pile_pool, viewer * 5
    for k in range(n_cards):
        n = max(0, pool[k] - drawn[mine + k])
        if n:
            out[base + k] = min(n / card_max[k], 1.0)
    base = at["discard"]
    discard = st.discard
    for k in range(n_cards):
        n = discard[k]
        if n:
            out[base + k] = n / card_max[k]
    base = at["markaya_display"]
    for t in st.mk_display:
        out[base + t] = 1.0
    out[at["markaya_deck"]] = len(st.mk_deck) / plan.all_tiles
    base = at["markaya_deck_bottom"]
    deck = st.mk_deck
    for i in range(st.mk_tail):  # only the tiles seen going under; the rest is face down
        out[base + deck[i]] = 1.0
    base = at["markaya_out"]
    for t in st.mk_out:
        out[base + t] = 1.0
    out[at["fairy_supply"]] = len(st.fairy_supply) / plan.all_fairies
    out[at["fairies_in_box"]] = len(st.fairy_out) / plan.all_fairies
    base = at["fairies_used"]
    for k in range(5):
        n = sum(used[k::5])
        if n:
            place = fairy_at[k]
            out[base + place] = n / fairy_max[place]
    if plan.e2022:
        _counts(out, at["pearls_out"], st.pearls_out, pearl_max)
    return out


def _slots(out: array[float], base: int, counts: list[int], first: int,
           place: tuple[int, ...], most: tuple[float, ...]) -> None:
    """Fairies by slot (``counts[first:first + 5]``), each at its name's place over that kind's
    total; a later slot of a repeated name overwrites an earlier one, as in the view's dict."""
    for k in range(5):
        n = counts[first + k]
        if n:
            j = place[k]
            out[base + j] = n / most[j]


def _counts(out: array[float], base: int, counts: list[int], most: tuple[float, ...]) -> None:
    """Pearls by colour from the state's 5 counts, each over that colour's total."""
    for k in range(5):
        n = counts[k]
        if n:
            out[base + k] = n / most[k]
