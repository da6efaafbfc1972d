"""Readable 12 Rivers positions for tests, tutorials and bug reports (``upriver.from_position``),
and the same positions written from a game (``Game.to_position``).

A position is a small TOML text; everything it does not mention is where setup would leave it
(pearls in the bag, cards shuffled into the draw pile, Markaya in the deck)::

    players = 4
    round = 2                # default 1
    step = "collect"         # "place" (next marker on the track), "turn" (a turn under way:
                             # ``placed`` below), "collect" (dam just removed), "deliver" (step 5
                             # of the collection phase) or "end" (game over)
    seed = 7                 # shuffles of the components not placed
    rivers = "white green -" # pearls above the dam, river 1 onwards ("-": none)
    sea = "blue green green"
    order = "2 0 1 3"        # seats in starting turn order (default "0 1 2 3"): seat order[k]
                             # holds starting Markaya k+1
    track = "0 1 - 2"        # seat on each track space from space 1 ("-": empty; default:
                             # every marker not on the board, round-robin in turn order)
    card_display = "banner lantern supplies"   # in order, as turned up
    discard = "banner"
    markaya_display = "M01 M02 M03"
    fairy_supply = 8         # face-down fairies left (default: what setup leaves after this round)

    [options]                # game options, e.g. stack_extra_pearl_effects = false
    [spaces]                 # family markers on the board: space name = seat
    "R1-06 space 1" = 0
    [sites]                  # fairies beside the river: site = fairy kinds
    "stump 1" = "water wind"

    [[seat]]                 # one table per seat, in seat order
    hand = "banner banner lantern"
    fairies = "fire water"
    alpaca = "green blue"
    markaya = ["S1: green blue white", "M22: blue blue blue blue pink", "M11: blue green -"]
    alpaca_cards = "white"

Each seat holds its starting Markaya (listed or not). Markaya pearls are given spot by spot.

For the 2022 edition put ``edition = "2022"`` under ``[options]``; hands are then a number of
camp cards (``hand = 5``), fairies use that edition's names (``fairies = "cloud river"``),
``mission = "white"`` names the mission card in play (default: drawn at random), a seat's
``alpaca_cards = "white"`` gives it that mission, and ``rainbow = ["V05 2"]`` lists the spaces a
mushroom fairy turned rainbow.

A position written from a game says everything, so that it reads back into the very same game
(the same views, legal actions and future). These keys, all optional, describe what the ones
above leave to setup or to chance::

    turns = 14               # marker turns ended so far (default 0)
    random = "0x..."         # the random generator's state once the position stands (default:
                             # as ``seed`` leaves it): the bag's draws and shuffles still to come
    draw_pile = "banner lantern supplies"   # the draw pile in order, top card last: exactly
                             # the cards in no hand, display or discard (default: shuffled).
                             # With it the display is taken as given, not refilled or reshuffled
                             # (2022: a number of camp cards, as in the hands)
    pile_pool = "banner lantern"   # what everyone knows the draw pile may hold: its cards plus
                             # those drawn face down from it since it was built (default: the
                             # draw pile plus every seat's ``drawn``)
    markaya_deck = "M05 M12 M20"   # the Markaya deck in order, top tile last: exactly the
                             # Markaya in no hand, display or box (needs markaya_display)
    markaya_deck_seen = 2    # its bottom tiles seen going under it (default 0)
    markaya_out = "V07 V12"  # 2022: villager tiles that left the game, in order (the starting
                             # Markaya not in play are always out)
    fairy_supply = "fire water earth"   # or the face-down fairies by name, top one last; the
                             # fairies in no supply, hand, site or use are in the box
    pearls_out = "white"     # 2022: pearls that left the game
    placed = "R3-2 space 1"  # with step "turn": a turn under way, its marker placed there
    cost_left = 1            # with step "turn": what is still to pay of the space's cost
                             # (default 0: paid, the seat may play pairs or end its turn)
    at = "R2-1P space 1"     # with step "collect": the dam is gone and the marker on this space
                             # collects now (a river marker, the sea or lake marker, or a
                             # village marker); every marker before it has collected
    picks_taken = 1          # at a river marker: pearls it has taken so far (default 0)
    picks_added = 1          # at a river marker: picks added by pairs and fairies (default 0)
    given_up = "blue"        # at a river or the sea: pearls given up there in exchanges

    [pools]                  # with at: pearls in the river stretches (stretch id = colours)
    "R2-1P" = "white blue"

    [[seat]]
    known_cards = "banner"   # cards of the hand everyone saw taken from the display
    drawn = "lantern"        # cards it drew face down from the draw pile since it was built,
                             # less those seen paid (default: the hand but its known cards)
    older_hidden = 2         # at most this many of its hidden cards predate the pile (default 0)
    fairies_used = "fire"    # fairies it used, back in the box
    fairies_taken = "fire earth"   # every fairy it took (default: held and used)

A written position starts at a point where no seat is halfway through a decision of several
steps: a marker about to be placed ("place"), a turn paying its cost or playing pairs
(``step = "turn"`` with ``placed``), a marker collecting ("collect" with ``at``), the delivery
step before any seat has delivered ("deliver") or the end ("end"). ``write`` refuses any other
point (a pair's or a fairy's effect half done, a village marker befriending, the delivery step
under way) with ``BadPosition``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any, Final

from upriver.core.errors import BadPosition
from upriver.core.positions import (
    build_position,
    read_position,
    read_random,
    write_random,
    write_toml,
)
from upriver.core.rng import Rng
from upriver.games.twelve_rivers import collection, delivery, exploration, preparation, supply
from upriver.games.twelve_rivers.components import COLOURS, EARTH, LIGHT, RAINBOW
from upriver.games.twelve_rivers.state import (
    AFTER_BEFRIEND,
    CARDS,
    DELIVER,
    EARTH_STEP,
    INSTRUMENT_STEP,
    LAKE_DISCARD,
    MUSHROOM_STEP,
    OVER,
    PAIRS,
    PAY,
    PLACE,
    RIVER,
    SEA,
    VILLAGE,
    Config,
    State,
)

KEYS = {
    "players", "round", "step", "seed", "rivers", "sea", "track", "card_display", "discard",
    "markaya_display", "fairy_supply", "options", "spaces", "sites", "seat", "mission", "order",
    "turns", "draw_pile", "pile_pool", "markaya_deck", "markaya_deck_seen", "markaya_out",
    "pearls_out", "pools", "at", "picks_taken", "picks_added", "given_up", "placed", "cost_left",
}
SEAT_KEYS = {"hand", "fairies", "alpaca", "markaya", "alpaca_cards", "rainbow", "known_cards",
             "drawn", "older_hidden", "fairies_used", "fairies_taken"}
# Keys that describe a step under way, with the step and key they need.
STEP_KEYS: Final = {
    "at": ("collect", "at"), "picks_taken": ("collect", "at"), "picks_added": ("collect", "at"),
    "given_up": ("collect", "at"), "pools": ("collect", "at"), "placed": ("turn", "placed"),
    "cost_left": ("turn", "placed"),
}

# Registers a decision sets before it reads them (the cost of a placement, a river marker's
# picks, the cards still to take, a fairy's moves...): between decisions they hold what earlier
# decisions left, which no position records and nothing reads again. ``LIVE_REGISTERS`` names
# those of them still in use at each point a position describes.
SCRATCH_REGISTERS: Final = (
    "cur_space", "last_placed", "pay_left", "pay_full", "picks", "picks_done", "boosts",
    "cards_left", "cards_optional", "after_cards", "earth_left", "earth_moved", "resume",
    "moving_from",
)
LIVE_REGISTERS: Final[dict[int, tuple[str, ...]]] = {
    PAY: ("cur_space", "last_placed", "pay_left", "pay_full"),
    PAIRS: ("cur_space", "last_placed"),
    RIVER: ("cur_space", "picks", "picks_done", "boosts"),
    SEA: ("cur_space",),
    LAKE_DISCARD: ("cur_space",),
    VILLAGE: ("cur_space",),
}


def _words(value: Any, where: str) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    if not isinstance(value, str):
        raise BadPosition(f"{where} must be a string of names")
    return value.replace(",", " ").split()


def _counts(names: tuple[str, ...], value: Any, where: str) -> list[int]:
    counts = [0] * 5
    if isinstance(value, int) and not isinstance(value, bool) and len(names) == 1:
        if value < 0:
            raise BadPosition(f"{where} must be a whole number from 0")
        counts[0] = value  # 2022: a number of identical camp cards
        return counts
    text = " ".join(_words(value, where))
    for name in sorted(names, key=len, reverse=True):  # "fishing net" before single words
        counts[names.index(name)] += text.count(name)
        text = text.replace(name, " ")
    if text.strip():
        raise BadPosition(f"{where}: unknown {text.split()[0]!r} (expected {', '.join(names)})")
    return counts


def _sequence(names: tuple[str, ...], value: Any, where: str) -> list[int]:
    """Kinds named in order ("fishing net" is one name); a number of identical cards where the
    game has one kind."""
    if isinstance(value, int) and not isinstance(value, bool) and len(names) == 1:
        if value < 0:
            raise BadPosition(f"{where} must be a whole number from 0")
        return [0] * value
    words = " ".join(_words(value, where)).split()
    split = sorted(((name.split(), k) for k, name in enumerate(names)), key=lambda x: -len(x[0]))
    out: list[int] = []
    i = 0
    while i < len(words):
        for parts, k in split:
            if words[i : i + len(parts)] == parts:
                out.append(k)
                i += len(parts)
                break
        else:
            raise BadPosition(f"{where}: unknown {words[i]!r} (expected {', '.join(names)})")
    return out


def _natural(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadPosition(f"{where} must be a whole number from 0")
    return value


def _table(d: dict[str, Any], key: str) -> dict[str, Any]:
    value = d.get(key, {})
    if not isinstance(value, dict):
        raise BadPosition(f"{key} must be a table ([{key}])")
    return value


def _colour(word: str, where: str) -> int:
    if word == "-":
        return -1
    if word not in COLOURS:
        raise BadPosition(f"{where}: {word!r} is not a pearl colour or '-'")
    return COLOURS.index(word)


def _pearls(value: Any, where: str) -> list[int]:
    """Pearl counts by colour from their names (no '-')."""
    out = [0] * 5
    for w in _words(value, where):
        if w not in COLOURS:
            raise BadPosition(f"{where}: {w!r} is not a pearl colour")
        out[COLOURS.index(w)] += 1
    return out


def parse(text: str, make_config: Callable[[int, dict[str, Any]], Config]) -> tuple[State,
                                                                                  dict[str, Any]]:
    d, players, options = read_position("twelve-rivers", text, KEYS)
    cfg = make_config(players, options)
    return build_position(lambda: _build(d, cfg)), options


def _build(d: dict[str, Any], cfg: Config) -> State:
    comp = cfg.comp
    p = cfg.players
    st = preparation.new_state(cfg, int(d.get("seed", 0)))
    rnd = int(d.get("round", 1))
    if not 1 <= rnd <= comp.rounds:
        raise BadPosition(f"round must be 1..{comp.rounds}")
    st.round = rnd
    st.turns = _natural(d.get("turns", 0), "turns")
    rng = Rng(int(d.get("seed", 0)) ^ 0xB0A2D)
    st.rng = rng
    random_state = read_random(d)

    # Pearls: rivers, stretches, sea, alpacas, Markaya and out of the game; the rest in the bag.
    st.rivers = [-1] * comp.n_rivers
    for r, w in enumerate(_words(d.get("rivers", ""), "rivers")):
        if r >= comp.n_rivers:
            raise BadPosition(f"there are only {comp.n_rivers} rivers")
        st.rivers[r] = _colour(w, "rivers")
    st.sea = [0] * 5
    for w in _words(d.get("sea", ""), "sea"):
        st.sea[_colour(w, "sea")] += 1
    st.pools = [0] * len(st.pools)
    for sid, pearls in _table(d, "pools").items():
        if sid not in comp.stretch_ids:
            raise BadPosition(f"pools: unknown stretch {sid!r}")
        i = comp.stretch_ids.index(sid)
        st.pools[i * 5 : i * 5 + 5] = _pearls(pearls, f"pools {sid}")
    if "pearls_out" in d and not cfg.e2022:
        raise BadPosition("pearls_out applies to the 2022 edition (no pearl leaves the game "
                          "in the current rules)")
    st.pearls_out = _pearls(d.get("pearls_out", ""), "pearls_out")
    st.spots = [-1] * comp.n_spots
    seats = d.get("seat", [])
    if len(seats) > p:
        raise BadPosition(f"{len(seats)} seat tables for {p} players")
    st.hands = [0] * (5 * p)
    st.known = [0] * (5 * p)
    st.fairies = [0] * (5 * p)
    st.fairy_used = [0] * (5 * p)
    st.alpaca = [0] * (5 * p)
    st.pile_old = [0] * p
    drawn: list[list[int] | None] = [None] * p
    taken: list[list[int] | None] = [None] * p
    in_play = [-1 if a == -1 else -2 for a in st.acards]  # setup's draw (2022 mission)
    st.owner = [-1] * len(comp.tiles)
    st.tiles_of = [[] for _ in range(p)]
    st.mk_out = [i for i, t in enumerate(comp.tiles) if t.start > p]
    st.lit = [0] * comp.n_spots
    if "mission" in d:
        if cfg.family or not comp.alpaca_cards_in_play:
            raise BadPosition("mission applies to the 2022 edition outside Family Mode")
        c = _colour(str(d["mission"]), "mission")
        in_play = [-1 if a[0] == c else -2 for a in comp.alpaca_cards]
    st.acards = in_play
    cards = comp.card_names
    fairy_names = comp.fairy_names
    st.order = _order(d.get("order", " ".join(str(s) for s in range(p))), p)
    for i, tile in enumerate(comp.tiles):
        if 1 <= tile.start <= p:
            st.owner[i] = st.order[tile.start - 1]
            st.tiles_of[st.order[tile.start - 1]].append(i)
    for s, table in enumerate(seats):
        where = f"seat {s}"
        if not isinstance(table, dict):
            raise BadPosition(f"{where} must be a table ([[seat]])")
        extra = set(table) - SEAT_KEYS
        if extra:
            raise BadPosition(f"{where} has unknown key(s): {', '.join(sorted(extra))}")
        st.hands[s * 5 : s * 5 + 5] = _counts(cards, table.get("hand", ""), where + " hand")
        st.known[s * 5 : s * 5 + 5] = _counts(cards, table.get("known_cards", ""),
                                              where + " known_cards")
        if any(st.known[s * 5 + k] > st.hands[s * 5 + k] for k in range(5)):
            raise BadPosition(f"{where}: its known_cards must be cards of its hand")
        if "drawn" in table:
            drawn[s] = _counts(cards, table["drawn"], where + " drawn")
        st.pile_old[s] = _natural(table.get("older_hidden", 0), where + " older_hidden")
        st.fairies[s * 5 : s * 5 + 5] = _counts(fairy_names, table.get("fairies", ""),
                                                where + " fairies")
        st.fairy_used[s * 5 : s * 5 + 5] = _counts(fairy_names, table.get("fairies_used", ""),
                                                   where + " fairies_used")
        if "fairies_taken" in table:
            taken[s] = _counts(fairy_names, table["fairies_taken"], where + " fairies_taken")
        st.alpaca[s * 5 : s * 5 + 5] = _counts(COLOURS, table.get("alpaca", ""), where +
                                               " alpaca")
        for entry in table.get("markaya", []):
            tid, _, pearls = str(entry).partition(":")
            tid = tid.strip()
            if tid not in comp.tile_index:
                raise BadPosition(f"{where}: unknown Markaya {tid!r}")
            t = comp.tile_index[tid]
            if st.owner[t] not in (-1, s):
                raise BadPosition(f"{where}: Markaya {tid} belongs to seat {st.owner[t]}")
            if st.owner[t] < 0:
                if comp.tiles[t].start:
                    raise BadPosition(f"{where}: starting Markaya {tid} is not this seat's")
                st.owner[t] = s
                st.tiles_of[s].append(t)
            words = pearls.split()
            if len(words) > len(comp.tiles[t].spots):
                raise BadPosition(f"{where}: Markaya {tid} has {len(comp.tiles[t].spots)} spots")
            for k, w in enumerate(words):
                st.spots[comp.spot_offset[t] + k] = _colour(w, f"{where} {tid}")
        for w in _words(table.get("alpaca_cards", ""), where + " alpaca_cards"):
            c = _colour(w, where + " alpaca_cards")
            free = [i for i, a in enumerate(comp.alpaca_cards) if a[0] == c and st.acards[i] == -1]
            if not free:
                raise BadPosition(f"{where}: no unclaimed {w} alpaca card in play")
            st.acards[free[0]] = s
        for w in _words(table.get("rainbow", []), where + " rainbow"):
            tid, _, num = w.partition(" ")
            t = comp.tile_index.get(tid, -1)
            if t < 0 or st.owner[t] != s or not num.isdigit():
                raise BadPosition(f"{where} rainbow: {w!r} is not 'TILE SPOT' of this seat")
            k = int(num) - 1
            if not 0 <= k < len(comp.tiles[t].spots):
                raise BadPosition(f"{where} rainbow: {tid} has no spot {num}")
            st.lit[comp.spot_offset[t] + k] = 1
    used = [0] * 5
    for c in st.rivers:
        if c >= 0:
            used[c] += 1
    for c in st.spots:
        if c >= 0:
            used[c] += 1
    for c in range(5):
        used[c] += st.sea[c] + sum(st.alpaca[s * 5 + c] for s in range(p))
        used[c] += sum(st.pools[i * 5 + c] for i in range(len(comp.stretch_ids)))
        used[c] += st.pearls_out[c]
    st.bag = [n - u for n, u in zip(comp.pearl_counts, used, strict=True)]
    if min(st.bag) < 0:
        c = min(range(5), key=lambda i: st.bag[i])
        raise BadPosition(f"position uses more {COLOURS[c]} pearls than the game has")
    if d.get("step") != "end" and sum(st.bag) < comp.rivers_per_player * p * (comp.rounds - rnd):
        raise BadPosition("the bag holds too few pearls for the rounds still to come")
    for s in range(p):
        if sum(st.alpaca[s * 5 : s * 5 + 5]) > comp.alpaca_capacity and not (
                d.get("step") == "collect" and cfg.e2022
                and d.get("at") == comp.space_names[comp.sea]):
            raise BadPosition(f"seat {s}: an alpaca holds at most {comp.alpaca_capacity} pearls")

    _cards(st, d, drawn)
    _fairies(st, d, taken)
    _check_spots(st)
    _markaya(st, d)
    _markers(st, d)

    # Registers as play leaves them before the collection of this round (setup's in round 1).
    first = rnd == 1
    st.coll_stretch, st.coll_pos = (0 if first else len(comp.stretch_ids)), 0
    st.village_pos = 0 if first else len(comp.village)
    st.deliver_seat = 0 if first else p
    step = d.get("step", "place")
    for key, (needs, with_key) in STEP_KEYS.items():
        if key in d and (step != needs or with_key not in d):
            raise BadPosition(f'{key} needs step = "{needs}" with {with_key}')
    if step == "place":
        if all(s < 0 for s in st.track):
            raise BadPosition("step 'place' needs a marker on the track")
        st.stage = PLACE
        preparation.start_turn(st)
    elif step == "turn":
        _turn(st, d)
    elif step == "collect":
        if "at" in d:
            _collect_at(st, d)
        else:
            collection.start(st)
    elif step == "deliver":
        if any(s >= 0 for s in st.occ):
            raise BadPosition("step 'deliver' comes after every marker is back on the track")
        _collection_done(st)
        delivery.start(st)
    elif step == "end":
        _collection_done(st)
        st.deliver_seat = p
        st.stage = OVER
        st.seat = -1
    else:
        raise BadPosition(f"step must be place, turn, collect, deliver or end, not {step!r}")
    if random_state is not None:
        st.rng.state = random_state  # last: after every shuffle the build made
    return st


def _cards(st: State, d: dict[str, Any], drawn: list[list[int] | None]) -> None:
    """Cards: hands, display and discard; the rest shuffled into the draw pile (or as given)."""
    comp = st.cfg.comp
    p = st.num_players
    cards = comp.card_names
    st.discard = _counts(cards, d.get("discard", ""), "discard")
    st.display = _sequence(cards, d["card_display"], "card_display") if "card_display" in d \
        else []
    left = list(comp.card_counts)
    for k in range(5):
        left[k] -= st.discard[k] + st.display.count(k) + sum(st.hands[s * 5 + k]
                                                              for s in range(p))
        if left[k] < 0:
            raise BadPosition(f"position uses more {cards[k]} cards than the game has")
    if "draw_pile" in d:
        st.deck = _sequence(cards, d["draw_pile"], "draw_pile")
        for k in range(len(cards)):
            if st.deck.count(k) != left[k]:
                raise BadPosition(f"draw_pile holds {st.deck.count(k)} {cards[k]} cards, but "
                                  f"{left[k]} are in no hand, display or discard")
    else:
        st.deck = [k for k in range(5) for _ in range(left[k])]
        st.rng.shuffle(st.deck)
    # By default nothing is known of the pile beyond what the view shows: as if every card in a
    # hand not known to the table came from it.
    st.pile_drawn = []
    for s in range(p):
        own = drawn[s]
        st.pile_drawn += own if own is not None else [st.hands[s * 5 + k] - st.known[s * 5 + k]
                                                      for k in range(5)]
    st.pile_pool = [left[k] + sum(st.pile_drawn[s * 5 + k] for s in range(p)) for k in range(5)]
    if len(st.display) > comp.card_display:
        raise BadPosition(f"the card display holds at most {comp.card_display} cards")
    if "draw_pile" not in d:
        supply.refill_display(st)  # a short or three-of-a-kind display is dealt with as in play
    elif len(st.display) < comp.card_display and (st.deck or any(st.discard)):
        raise BadPosition(f"card_display: a display of fewer than {comp.card_display} cards "
                          "needs an empty draw pile and discard")
    if "pile_pool" in d:
        st.pile_pool = _counts(cards, d["pile_pool"], "pile_pool")


def _fairies(st: State, d: dict[str, Any], taken: list[list[int] | None]) -> None:
    """Fairies: held, used and on sites; the rest face down (supply) or unseen in the box."""
    comp = st.cfg.comp
    p = st.num_players
    fairy_names = comp.fairy_names
    st.sites = [0] * len(st.sites)
    for name, kinds in _table(d, "sites").items():
        if name not in comp.site_ids:
            raise BadPosition(f"unknown fairy site {name!r}")
        i = comp.site_ids.index(name)
        st.sites[i * 5 : i * 5 + 5] = _counts(fairy_names, kinds, f"site {name}")
    pool = []
    for k in range(5):
        n = comp.fairy_counts[k] - sum(st.fairies[s * 5 + k] + st.fairy_used[s * 5 + k]
                                       for s in range(p)) - sum(
            st.sites[i * 5 + k] for i in range(len(comp.site_ids)))
        if n < 0:
            raise BadPosition(f"position uses more {fairy_names[k]} fairies than the game has")
        pool.extend([k] * n)
    value = d.get("fairy_supply")
    if isinstance(value, str) and not value.strip().isdigit():
        st.fairy_supply = _sequence(fairy_names, value, "fairy_supply")
        rest = pool[:]
        for k in st.fairy_supply:
            if k not in rest:
                raise BadPosition(f"fairy_supply: no {fairy_names[k]} fairy is left for it")
            rest.remove(k)
        st.fairy_out = sorted(rest)
    else:
        st.rng.shuffle(pool)
        dealt = sum(comp.fairy_counts) if comp.fairy_supply_all else comp.fairies_per_player * p
        default_supply = min(len(pool), max(0, dealt - p * st.round))
        n_supply = int(d.get("fairy_supply", default_supply))
        if n_supply > len(pool):
            raise BadPosition(f"only {len(pool)} fairies are left for the supply")
        st.fairy_supply = pool[:n_supply]
        st.fairy_out = sorted(pool[n_supply:])
    st.fairies_taken = []
    for s in range(p):
        own = taken[s]
        st.fairies_taken += own if own is not None else [
            st.fairies[s * 5 + k] + st.fairy_used[s * 5 + k] for k in range(5)]


def _tiles(st: State, value: Any, where: str) -> list[int]:
    out = []
    for w in _words(value, where):
        if w not in st.cfg.comp.tile_index:
            raise BadPosition(f"{where}: unknown Markaya {w!r}")
        out.append(st.cfg.comp.tile_index[w])
    return out


def _markaya(st: State, d: dict[str, Any]) -> None:
    """Markaya: out of the game, display and deck."""
    comp = st.cfg.comp
    for t in _tiles(st, d.get("markaya_out", ""), "markaya_out"):
        if st.owner[t] >= 0 or t in st.mk_out:
            raise BadPosition(f"markaya_out: {comp.tiles[t].id} is held or out already")
        st.mk_out.append(t)
    regular = [i for i, t in enumerate(comp.tiles)
               if not t.start and st.owner[i] < 0 and i not in st.mk_out]
    if "markaya_display" in d:
        st.mk_display = []
        for w in _words(d["markaya_display"], "markaya_display"):
            t = comp.tile_index.get(w, -1)
            if t not in regular or t in st.mk_display:
                raise BadPosition(f"markaya_display: {w!r} is not an available Markaya")
            st.mk_display.append(t)
        regular = [t for t in regular if t not in st.mk_display]
        if "markaya_deck" in d:
            deck = _tiles(st, d["markaya_deck"], "markaya_deck")
            if sorted(deck) != regular:
                raise BadPosition("markaya_deck must hold each Markaya in no hand, display or "
                                  "box once")
            regular = deck
        else:
            st.rng.shuffle(regular)
    else:
        if "markaya_deck" in d:
            raise BadPosition("markaya_deck needs markaya_display")
        st.rng.shuffle(regular)
        st.mk_display = [regular.pop() for _ in range(min(comp.markaya_display, len(regular)))]
    st.mk_deck = regular
    st.mk_tail = _natural(d.get("markaya_deck_seen", 0), "markaya_deck_seen")
    if st.mk_tail > len(st.mk_deck):
        raise BadPosition(f"markaya_deck_seen: the deck holds {len(st.mk_deck)} tiles")


def _markers(st: State, d: dict[str, Any]) -> None:
    """Markers on the board and on the track."""
    cfg = st.cfg
    comp = cfg.comp
    p = st.num_players
    st.occ = [-1] * len(comp.space_names)
    placed = [0] * p
    for name, seat in _table(d, "spaces").items():
        if name not in comp.space_names:
            raise BadPosition(f"unknown space {name!r}")
        if not cfg.in_play[comp.space_names.index(name)]:
            raise BadPosition(f"space {name!r} is not in play with {p} players")
        if not isinstance(seat, int) or not 0 <= seat < p:
            raise BadPosition(f"space {name!r}: seat must be 0..{p - 1}")
        st.occ[comp.space_names.index(name)] = seat
        placed[seat] += 1
    track = [-1] * comp.track_spaces
    if "track" in d:
        for i, w in enumerate(_words(d["track"], "track")):
            if i >= len(track):
                raise BadPosition(f"the track has {len(track)} spaces")
            track[i] = -1 if w == "-" else int(w)
    else:
        slot = 0
        for _ in range(comp.markers_per_player):
            for s in st.order:
                if placed[s] < comp.markers_per_player:
                    placed[s] += 1
                    track[slot] = s
                    slot += 1
    st.track = track
    for s in range(p):
        n = st.occ.count(s) + track.count(s)
        if n != comp.markers_per_player:
            raise BadPosition(f"seat {s} has {n} family markers, not {comp.markers_per_player}")


def _turn(st: State, d: dict[str, Any]) -> None:
    """step = "turn": the marker on ``placed`` was placed this turn; ``cost_left`` of its cost
    is still to pay (TR-EXPL-12), or, all paid, the seat may play pairs (TR-EXPL-09) or end
    its turn."""
    comp = st.cfg.comp
    name = d.get("placed")
    if name is None:
        raise BadPosition('step "turn" needs placed (the space of the marker placed this turn)')
    if not isinstance(name, str) or name not in comp.space_names:
        raise BadPosition(f"placed: unknown space {name!r}")
    sp = comp.space_names.index(name)
    if st.occ[sp] < 0:
        raise BadPosition(f"placed: there is no family marker on {name}")
    st.seat = st.occ[sp]
    st.cur_space = st.last_placed = sp
    cost = comp.space_cost[sp]
    left = _natural(d.get("cost_left", 0), "cost_left")
    if left > cost:
        raise BadPosition(f"cost_left: {name} costs {cost}")
    texts: list[str] = []
    moves: list[tuple[object, ...]] = []
    if left:
        st.stage = PAY
        st.pay_full, st.pay_left = cost, left
        exploration.legal_pay(st, texts, moves)
        if not any(m[0] == "pay" for m in moves):
            raise BadPosition(f"seat {st.seat} cannot pay the {left} left of {name}'s cost")
    else:
        st.stage = PAIRS  # "end turn" is always offered, even with nothing else left to play


def _collection_done(st: State) -> None:
    """The registers as a finished collection phase leaves them."""
    comp = st.cfg.comp
    st.coll_stretch, st.coll_pos = len(comp.stretch_ids), 0
    st.village_pos = len(comp.village)


def _collection_order(cfg: Config) -> list[int]:
    """The spaces in the order their markers collect: river stretches top row first, left to
    right, top space first (TR-COLL-04..06), then the sea and the village (or, with the 2022
    option lake_first = false, the village and the lake)."""
    comp = cfg.comp
    rivers = [sp for spaces in comp.stretch_spaces for sp in spaces]
    last = [comp.sea, *comp.village] if cfg.lake_first else [*comp.village, comp.sea]
    return rivers + last


def _collect_at(st: State, d: dict[str, Any]) -> None:
    """step = "collect" with ``at``: the marker on that space collects now."""
    cfg = st.cfg
    comp = cfg.comp
    name = d["at"]
    if not isinstance(name, str) or name not in comp.space_names:
        raise BadPosition(f"at: unknown space {name!r}")
    sp = comp.space_names.index(name)
    if st.occ[sp] < 0:
        raise BadPosition(f"at: there is no family marker on {name}")
    if any(c >= 0 for c in st.rivers):
        raise BadPosition("at: the dam is removed before any marker collects, so the rivers "
                          "hold no pearls")
    order = _collection_order(cfg)
    earlier = [s for s in order[: order.index(sp)] if st.occ[s] >= 0]
    if earlier:
        raise BadPosition(f"at: the marker on {comp.space_names[earlier[0]]} collects before "
                          f"the one on {name}")
    st.seat = st.occ[sp]
    st.cur_space = sp
    st.given = [0] * 5
    stretch = comp.space_stretch[sp]
    if stretch < 0 and ("picks_taken" in d or "picks_added" in d):
        raise BadPosition("picks_taken and picks_added are for a river marker")
    if stretch >= 0:
        if any(st.pools[: stretch * 5]):
            raise BadPosition(f"pools: the stretches above {comp.stretch_ids[stretch]} are "
                              "collected, and their pearls rolled on")
        st.coll_stretch = stretch
        st.coll_pos = comp.stretch_spaces[stretch].index(sp)
        st.stage = RIVER
        st.picks_done = _natural(d.get("picks_taken", 0), "picks_taken")
        st.boosts = _natural(d.get("picks_added", 0), "picks_added")
        st.picks = 1 + st.boosts - st.picks_done
        if st.picks < 0:
            raise BadPosition("picks_taken: a river marker takes 1 pearl and 1 more per pick "
                              "added")
        st.given = _given(d, st.pools[stretch * 5 : stretch * 5 + 5], name)
        if not collection.has_river_choice(st):
            raise BadPosition(f"at: the marker on {name} has nothing left to decide")
        return
    if any(st.pools):
        raise BadPosition("pools: once every river marker has collected, the pearls have "
                          "rolled on to the sea")
    _collection_done(st)
    if sp in comp.village:
        if "given_up" in d:
            raise BadPosition("given_up is for a river or the sea")
        st.village_pos = comp.village.index(sp)
        st.stage = VILLAGE
        if not st.mk_display:
            raise BadPosition("at: no Markaya is left on display to befriend")
        return
    if cfg.lake_first:
        st.village_pos = 0 if st.round == 1 else len(comp.village)  # the village comes next
    if cfg.e2022:  # the lake's pearls went onto the alpaca at once (TR22-LAKE-02)
        if "given_up" in d:
            raise BadPosition("given_up is for a river or the sea (the lake has no exchange)")
        if any(st.sea):
            raise BadPosition("at: the lake token's owner took every lake pearl onto the "
                              "alpaca, so the lake is empty")
        st.stage = LAKE_DISCARD
        seat5 = st.seat * 5
        if sum(st.alpaca[seat5 : seat5 + 5]) <= comp.alpaca_capacity:
            raise BadPosition(f"at: seat {st.seat}'s alpaca holds no more than "
                              f"{comp.alpaca_capacity} pearls, so nothing is left to discard")
        return
    st.stage = SEA
    st.given = _given(d, st.sea, name)
    if not collection.has_sea_choice(st):
        raise BadPosition(f"at: the marker on {name} has no pearl to take or exchange")


def _given(d: dict[str, Any], there: list[int], name: str) -> list[int]:
    given = _pearls(d.get("given_up", ""), "given_up")
    for c in range(5):
        if given[c] > there[c]:
            raise BadPosition(f"given_up: fewer than {given[c]} {COLOURS[c]} pearls lie at "
                              f"{name}")
    return given


def _check_spots(st: State) -> None:
    """A pearl lies on a space of its colour or a rainbow one. 2022: a mushroom fairy's space
    is rainbow (``rainbow``), and nothing else lets a pearl sit elsewhere (TR22-PLACE-03).
    Current rules: a light fairy lets one pearl onto any spot, so there can be no more
    pearls off their colour than light fairies held by nobody and on no site."""
    comp = st.cfg.comp
    off = []
    for s in range(st.num_players):
        for t in st.tiles_of[s]:
            for k, need in enumerate(comp.tiles[t].spots):
                c = st.spots[comp.spot_offset[t] + k]
                if c >= 0 and need not in (c, RAINBOW) and not st.lit[comp.spot_offset[t] + k]:
                    off.append(f"{COLOURS[c]} on {comp.tiles[t].id} spot {k + 1} "
                               f"({COLOURS[need]})")
    if not off:
        return
    if st.cfg.e2022:
        raise BadPosition(f"a pearl cannot lie on a space of another colour: {off[0]}")
    free = comp.fairy_counts[LIGHT] - sum(
        st.fairies[s * 5 + LIGHT] for s in range(st.num_players)) - sum(
        st.sites[i * 5 + LIGHT] for i in range(len(comp.site_ids)))
    if len(off) > free:
        raise BadPosition(f"{len(off)} pearls lie off their colour but only {free} light "
                          f"fairies could have put them there: {off[0]}")


def _order(value: Any, p: int) -> list[int]:
    words = _words(value, "order")
    if sorted(words) != [str(s) for s in range(p)]:
        raise BadPosition(f"order must list each seat 0..{p - 1} once, not {' '.join(words)!r}")
    return [int(w) for w in words]


# --- Writing: the table of a game's state (``Game.to_position``).


def write(st: State, options: dict[str, Any]) -> dict[str, Any]:
    """The position table of ``st`` (``write_toml`` spells it), which ``parse`` reads back into
    the same game: every piece where it lies, every hidden order (draw pile, Markaya deck,
    fairy supply), what the table knows of the hands and the pile, and the random generator.
    ``BadPosition`` at a point the format does not describe: in the middle of a turn, of a
    river marker's exchange, of befriending, of a fairy's use or of the delivery step."""
    table = _describe(st, options, _point(st))
    _check_reads_back(st, table)
    return table


def _point(st: State) -> dict[str, Any]:
    """The step a position starts at, with the marker collecting; or why there is none."""
    comp = st.cfg.comp
    stage = st.stage
    if stage == OVER:
        return {"step": "end"}
    if stage == PLACE:
        return {"step": "place"}
    if stage in (PAY, PAIRS):
        turn: dict[str, Any] = {"step": "turn", "placed": comp.space_names[st.last_placed]}
        if stage == PAY:
            turn["cost_left"] = st.pay_left
        return turn
    if stage in (EARTH_STEP, MUSHROOM_STEP):
        kind = comp.fairy_names[LIGHT if stage == MUSHROOM_STEP else EARTH]
        raise BadPosition(f"seat {st.seat} is using its {kind} fairy: a position cannot start "
                          "halfway through a fairy's use")
    if stage == DELIVER:
        if st.dl_moves:
            raise BadPosition("the seats are delivering, unseen by each other until all have: a "
                              "position starts the delivery step before anyone delivers")
        return {"step": "deliver"}
    if stage in (RIVER, SEA, LAKE_DISCARD, VILLAGE):
        out: dict[str, Any] = {"step": "collect", "at": comp.space_names[st.cur_space]}
        if stage == RIVER:
            if st.picks_done:
                out["picks_taken"] = st.picks_done
            if st.boosts:
                out["picks_added"] = st.boosts
        if any(st.given):
            out["given_up"] = _names(COLOURS, st.given)
        return out
    if stage == INSTRUMENT_STEP or (stage == CARDS and st.after_cards == AFTER_BEFRIEND):
        raise BadPosition(f"seat {st.seat} is befriending at {comp.space_names[st.cur_space]}: "
                          "a position starts before or after a village marker, not halfway")
    raise BadPosition(f"seat {st.seat} is halfway through a pair or card in its turn (its "
                      f"marker is on {comp.space_names[st.last_placed]}): a position starts "
                      "with the turn's cost or pairs")


def _names(names: tuple[str, ...], counts: list[int]) -> str:
    return " ".join(name for k, name in enumerate(names) for _ in range(counts[k]))


def _cards_text(st: State, counts: list[int]) -> str | int:
    """Cards by kind: names, or a number where the game has one kind (2022 camp cards)."""
    names = st.cfg.comp.card_names
    return counts[0] if len(names) == 1 else _names(names, counts)


def _describe(st: State, options: dict[str, Any], point: dict[str, Any]) -> dict[str, Any]:
    cfg = st.cfg
    comp = cfg.comp
    p = st.num_players
    cards = comp.card_names
    fairy_names = comp.fairy_names
    tiles = comp.tiles
    t: dict[str, Any] = {"players": p, "round": st.round, "step": point.pop("step")}
    t.update(point)  # placed, cost_left; at, picks_taken, picks_added, given_up
    t["turns"] = st.turns
    t["order"] = " ".join(str(s) for s in st.order)
    rivers = [COLOURS[c] if c >= 0 else "-" for c in st.rivers]
    while rivers and rivers[-1] == "-":
        rivers.pop()
    if rivers:
        t["rivers"] = " ".join(rivers)
    if any(st.sea):
        t["sea"] = _names(COLOURS, st.sea)
    t["track"] = " ".join("-" if s < 0 else str(s) for s in st.track)
    if comp.card_display:
        t["card_display"] = " ".join(cards[k] for k in st.display)
    if any(st.discard):
        t["discard"] = _cards_text(st, st.discard)
    if len(cards) > 1:
        t["draw_pile"] = " ".join(cards[k] for k in st.deck)
    pile = [st.deck.count(k) + sum(st.pile_drawn[s * 5 + k] for s in range(p))
            for k in range(5)]
    if st.pile_pool != pile:
        t["pile_pool"] = _cards_text(st, st.pile_pool)
    t["markaya_display"] = " ".join(tiles[i].id for i in st.mk_display)
    t["markaya_deck"] = " ".join(tiles[i].id for i in st.mk_deck)
    if st.mk_tail:
        t["markaya_deck_seen"] = st.mk_tail
    unused = [i for i, tile in enumerate(tiles) if tile.start > p]
    if st.mk_out[: len(unused)] != unused:
        raise BadPosition("the starting Markaya not in play are not the first out of the game")
    if st.mk_out[len(unused) :]:
        t["markaya_out"] = " ".join(tiles[i].id for i in st.mk_out[len(unused) :])
    t["fairy_supply"] = " ".join(fairy_names[k] for k in st.fairy_supply)
    if any(st.pearls_out):
        t["pearls_out"] = _names(COLOURS, st.pearls_out)
    if not cfg.family and comp.alpaca_cards_in_play:
        drawn = [i for i, a in enumerate(st.acards) if a != -2]
        if len(drawn) != 1:
            raise BadPosition("the 2022 edition has one mission card in play")
        t["mission"] = COLOURS[comp.alpaca_cards[drawn[0]][0]]
    t["random"] = write_random(st.rng.state)
    t["options"] = dict(options)
    names = comp.space_names
    spaces = {names[sp]: s for sp, s in enumerate(st.occ) if s >= 0}
    if spaces:
        t["spaces"] = spaces
    sites = {sid: _names(fairy_names, st.sites[i * 5 : i * 5 + 5])
             for i, sid in enumerate(comp.site_ids) if any(st.sites[i * 5 : i * 5 + 5])}
    if sites:
        t["sites"] = sites
    if t["step"] == "collect":
        pools = {sid: _names(COLOURS, st.pools[i * 5 : i * 5 + 5])
                 for i, sid in enumerate(comp.stretch_ids) if any(st.pools[i * 5 : i * 5 + 5])}
        if pools:
            t["pools"] = pools
    t["seat"] = [_describe_seat(st, s) for s in range(p)]
    return t


def _describe_seat(st: State, s: int) -> dict[str, Any]:
    comp = st.cfg.comp
    fairy_names = comp.fairy_names
    five = slice(s * 5, s * 5 + 5)
    hand, known = st.hands[five], st.known[five]
    out: dict[str, Any] = {"hand": _cards_text(st, hand)}
    if any(known):
        out["known_cards"] = _cards_text(st, known)
    if st.pile_drawn[five] != [hand[k] - known[k] for k in range(5)]:
        out["drawn"] = _cards_text(st, st.pile_drawn[five])
    if st.pile_old[s]:
        out["older_hidden"] = st.pile_old[s]
    if any(st.fairies[five]):
        out["fairies"] = _names(fairy_names, st.fairies[five])
    if any(st.fairy_used[five]):
        out["fairies_used"] = _names(fairy_names, st.fairy_used[five])
    if st.fairies_taken[five] != [st.fairies[s * 5 + k] + st.fairy_used[s * 5 + k]
                                  for k in range(5)]:
        out["fairies_taken"] = _names(fairy_names, st.fairies_taken[five])
    if any(st.alpaca[five]):
        out["alpaca"] = _names(COLOURS, st.alpaca[five])
    markaya = []
    rainbow = []
    for t in st.tiles_of[s]:
        tile = comp.tiles[t]
        base = comp.spot_offset[t]
        pearls = [COLOURS[c] if c >= 0 else "-" for c in st.spots[base : base + len(tile.spots)]]
        while pearls and pearls[-1] == "-":
            pearls.pop()
        markaya.append(f"{tile.id}: {' '.join(pearls)}" if pearls else tile.id)
        rainbow += [f"{tile.id} {k + 1}" for k in range(len(tile.spots)) if st.lit[base + k]]
    if markaya:
        out["markaya"] = markaya
    claimed = [COLOURS[comp.alpaca_cards[i][0]] for i, o in enumerate(st.acards) if o == s]
    if claimed:
        out["alpaca_cards"] = " ".join(claimed)
    if rainbow:
        out["rainbow"] = rainbow
    return out


def comparable(st: State) -> dict[str, Any]:
    """``st.to_dict()`` without the scratch registers nothing reads again at this point
    (``SCRATCH_REGISTERS``): what a position read back must give exactly."""
    live = LIVE_REGISTERS.get(st.stage, ())
    return {k: v for k, v in st.to_dict().items()
            if k not in SCRATCH_REGISTERS or k in live}


def _check_reads_back(st: State, table: dict[str, Any]) -> None:
    """The table read back gives ``st`` (but its scratch registers); a state play cannot reach
    (say, with a component file's duplicate alpaca card colours) may not, and is refused."""
    twin = build_position(lambda: _build(tomllib.loads(write_toml(table)), st.cfg))
    mine, back = comparable(st), comparable(twin)
    if mine != back:
        field = next(k for k in mine if mine[k] != back.get(k))
        raise BadPosition(f"the position format cannot describe this state: its {field} "
                          "would read back otherwise")
