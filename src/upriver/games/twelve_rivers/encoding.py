"""A seat's view of 12 Rivers as a fixed-length list of numbers: the observation of the learning
surfaces (``upriver.rl``).

``encode`` reads only the ``view(seat)`` dict it is given, so it can never carry what the seat
may not know (``view.py`` decides that); it never sees a game state. The fixed sizes (spaces,
stretches, sites, Markaya tiles and their spots, card and fairy kinds, alpaca cards, rounds) come
from the edition's component tables (``components.load``, the same tables the game is built from,
including a user's ``components=PATH`` file), so ``layout`` depends on the player count and the
options only, never on the position. The step and phase vocabularies are the names the view
uses (``state.STAGE_NAMES``, ``state.PHASE_OF_STAGE``); only those name tables are imported.

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
  ``encode`` fills a zeroed list by dictionary look-ups, touching only what the view lists.

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

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from upriver.games.twelve_rivers.components import COLOURS, TRIBES, load

# The names the view gives its "step" and "phase" (vocabulary only, no position is read).
from upriver.games.twelve_rivers.state import PHASE_OF_STAGE, STAGE_NAMES

SCORE_SCALE = 100.0  # scores have no maximum; a strong final score is about 40
EARTH_MOVES = 3  # pearls an earth fairy moves at most (TR-FAIRY-09; delivery.apply_use_earth)
PHASES = tuple(dict.fromkeys(PHASE_OF_STAGE))  # exploration, collection, end, any

_COLOUR = {c: i for i, c in enumerate(COLOURS)}
_TRIBE = {t: i for i, t in enumerate(TRIBES)}
_STEP = {s: i for i, s in enumerate(STAGE_NAMES)}
_PHASE = {p: i for i, p in enumerate(PHASES)}


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
    needs, built once."""

    players: int
    edition: str
    segments: tuple[tuple[str, int], ...]
    at: dict[str, int]  # segment name -> its first index
    size: int
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
    return _Plan(
        players=players,
        edition=edition,
        segments=tuple(segments),
        at=at,
        size=total,
        seats=tuple(seats),
        e2022=e2022,
        rounds=comp.rounds,
        card={name: i for i, name in enumerate(comp.card_names)},
        fairy={name: i for i, name in enumerate(comp.fairy_names)},
        space={name: i for i, name in enumerate(comp.space_names)},
        stretch={sid: i for i, sid in enumerate(comp.stretch_ids)},
        site={sid: i for i, sid in enumerate(comp.site_ids)},
        tile={t.id: i for i, t in enumerate(comp.tiles)},
        spot_base={t.id: comp.spot_offset[i] for i, t in enumerate(comp.tiles)},
        acard=acard,
        card_max=tuple(float(max(1, comp.card_counts[i])) for i in range(n_cards)),
        fairy_max=tuple(float(max(1, n)) for n in comp.fairy_counts),
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
