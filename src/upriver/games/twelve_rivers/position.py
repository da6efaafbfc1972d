"""Readable 12 Rivers positions for tests, tutorials and bug reports (``upriver.from_position``).

A position is a small TOML text; everything it does not mention is where setup would leave it
(pearls in the bag, cards shuffled into the draw pile, Markaya in the deck)::

    players = 4
    round = 2                # default 1
    step = "collect"         # "place" (next marker on the track), "collect" (dam just removed),
                             # "deliver" (step 5 of the collection phase) or "end" (game over)
    seed = 7                 # shuffles of the components not placed
    rivers = "white green -" # pearls above the dam, river 1 onwards ("-": none)
    sea = "blue green green"
    order = "2 0 1 3"        # seats in starting turn order (default "0 1 2 3"): seat order[k]
                             # holds starting Markaya k+1
    track = "0 1 - 2"        # seat on each track space from space 1 ("-": empty; default:
                             # every marker not on the board, round-robin in turn order)
    card_display = "banner lantern supplies"
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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from upriver.core.errors import BadPosition
from upriver.core.positions import build_position, read_position
from upriver.core.rng import Rng
from upriver.games.twelve_rivers import collection, delivery, preparation, supply
from upriver.games.twelve_rivers.components import COLOURS, LIGHT, RAINBOW
from upriver.games.twelve_rivers.state import OVER, PLACE, Config, State

KEYS = {
    "players", "round", "step", "seed", "rivers", "sea", "track", "card_display", "discard",
    "markaya_display", "fairy_supply", "options", "spaces", "sites", "seat", "mission", "order",
}
SEAT_KEYS = {"hand", "fairies", "alpaca", "markaya", "alpaca_cards", "rainbow"}


def _words(value: Any, where: str) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    if not isinstance(value, str):
        raise BadPosition(f"{where} must be a string of names")
    return value.replace(",", " ").split()


def _counts(names: tuple[str, ...], value: Any, where: str) -> list[int]:
    counts = [0] * 5
    if isinstance(value, int) and not isinstance(value, bool) and len(names) == 1:
        counts[0] = value  # 2022: a number of identical camp cards
        return counts
    text = " ".join(_words(value, where))
    for name in sorted(names, key=len, reverse=True):  # "fishing net" before single words
        counts[names.index(name)] += text.count(name)
        text = text.replace(name, " ")
    if text.strip():
        raise BadPosition(f"{where}: unknown {text.split()[0]!r} (expected {', '.join(names)})")
    return counts


def _colour(word: str, where: str) -> int:
    if word == "-":
        return -1
    if word not in COLOURS:
        raise BadPosition(f"{where}: {word!r} is not a pearl colour or '-'")
    return COLOURS.index(word)


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
    rng = Rng(int(d.get("seed", 0)) ^ 0xB0A2D)
    st.rng = rng

    # Pearls: rivers, sea, alpacas and Markaya; the rest in the bag.
    st.rivers = [-1] * comp.n_rivers
    for r, w in enumerate(_words(d.get("rivers", ""), "rivers")):
        if r >= comp.n_rivers:
            raise BadPosition(f"there are only {comp.n_rivers} rivers")
        st.rivers[r] = _colour(w, "rivers")
    st.sea = [0] * 5
    for w in _words(d.get("sea", ""), "sea"):
        st.sea[_colour(w, "sea")] += 1
    st.pools = [0] * len(st.pools)
    st.spots = [-1] * comp.n_spots
    seats = d.get("seat", [])
    if len(seats) > p:
        raise BadPosition(f"{len(seats)} seat tables for {p} players")
    st.hands = [0] * (5 * p)
    st.known = [0] * (5 * p)
    st.fairies = [0] * (5 * p)
    st.alpaca = [0] * (5 * p)
    in_play = [-1 if a == -1 else -2 for a in st.acards]  # setup's draw (2022 mission)
    st.owner = [-1] * len(comp.tiles)
    st.tiles_of = [[] for _ in range(p)]
    st.mk_out = [i for i, t in enumerate(comp.tiles) if t.start > p]
    st.lit = [0] * comp.n_spots
    st.pearls_out = [0] * 5
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
        extra = set(table) - SEAT_KEYS
        if extra:
            raise BadPosition(f"{where} has unknown key(s): {', '.join(sorted(extra))}")
        st.hands[s * 5 : s * 5 + 5] = _counts(cards, table.get("hand", ""), where + " hand")
        st.fairies[s * 5 : s * 5 + 5] = _counts(fairy_names, table.get("fairies", ""),
                                                where + " fairies")
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
    st.bag = [n - u for n, u in zip(comp.pearl_counts, used, strict=True)]
    if min(st.bag) < 0:
        c = min(range(5), key=lambda i: st.bag[i])
        raise BadPosition(f"position uses more {COLOURS[c]} pearls than the game has")
    if d.get("step") != "end" and sum(st.bag) < comp.rivers_per_player * p * (comp.rounds - rnd):
        raise BadPosition("the bag holds too few pearls for the rounds still to come")
    for s in range(p):
        if sum(st.alpaca[s * 5 : s * 5 + 5]) > comp.alpaca_capacity:
            raise BadPosition(f"seat {s}: an alpaca holds at most {comp.alpaca_capacity} pearls")

    # Cards: hands, display and discard; the rest shuffled into the draw pile.
    st.discard = _counts(cards, d.get("discard", ""), "discard")
    left = list(comp.card_counts)
    if "card_display" in d:
        st.display = [cards.index(w) for w in _split_kinds(cards, d["card_display"])]
    else:
        st.display = []
    for k in range(5):
        left[k] -= st.discard[k] + st.display.count(k) + sum(st.hands[s * 5 + k]
                                                              for s in range(p))
        if left[k] < 0:
            raise BadPosition(f"position uses more {cards[k]} cards than the game has")
    st.deck = [k for k in range(5) for _ in range(left[k])]
    rng.shuffle(st.deck)
    # Nothing is known of the pile beyond what the view shows: as if every card in a hand not
    # known to the table came from it.
    unknown = [st.hands[i] - st.known[i] for i in range(5 * p)]
    st.pile_pool = [left[k] + sum(unknown[s * 5 + k] for s in range(p)) for k in range(5)]
    st.pile_drawn = unknown
    st.pile_old = [0] * p
    if len(st.display) > comp.card_display:
        raise BadPosition(f"the card display holds at most {comp.card_display} cards")
    supply.refill_display(st)  # a short or three-of-a-kind display is dealt with as in play

    # Fairies: held and on sites; the rest face down (supply) or unseen in the box.
    st.sites = [0] * len(st.sites)
    for name, kinds in d.get("sites", {}).items():
        if name not in comp.site_ids:
            raise BadPosition(f"unknown fairy site {name!r}")
        i = comp.site_ids.index(name)
        st.sites[i * 5 : i * 5 + 5] = _counts(fairy_names, kinds, f"site {name}")
    pool = []
    for k in range(5):
        n = comp.fairy_counts[k] - sum(st.fairies[s * 5 + k] for s in range(p)) - sum(
            st.sites[i * 5 + k] for i in range(len(comp.site_ids)))
        if n < 0:
            raise BadPosition(f"position uses more {fairy_names[k]} fairies than the game has")
        pool.extend([k] * n)
    rng.shuffle(pool)
    dealt = sum(comp.fairy_counts) if comp.fairy_supply_all else comp.fairies_per_player * p
    default_supply = min(len(pool), max(0, dealt - p * rnd))
    n_supply = int(d.get("fairy_supply", default_supply))
    if n_supply > len(pool):
        raise BadPosition(f"only {len(pool)} fairies are left for the supply")
    st.fairy_supply = pool[:n_supply]
    st.fairy_out = sorted(pool[n_supply:])
    st.fairy_used = [0] * (5 * p)
    st.fairies_taken = st.fairies[:]
    _check_spots(st)

    # Markaya: display and deck.
    regular = [i for i, t in enumerate(comp.tiles) if not t.start and st.owner[i] < 0]
    if "markaya_display" in d:
        st.mk_display = []
        for w in _words(d["markaya_display"], "markaya_display"):
            t = comp.tile_index.get(w, -1)
            if t not in regular or t in st.mk_display:
                raise BadPosition(f"markaya_display: {w!r} is not an available Markaya")
            st.mk_display.append(t)
        regular = [t for t in regular if t not in st.mk_display]
        rng.shuffle(regular)
    else:
        rng.shuffle(regular)
        st.mk_display = [regular.pop() for _ in range(min(comp.markaya_display, len(regular)))]
    st.mk_deck = regular
    st.mk_tail = 0

    # Markers on the board and on the track.
    st.occ = [-1] * len(comp.space_names)
    placed = [0] * p
    for name, seat in d.get("spaces", {}).items():
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

    step = d.get("step", "place")
    if step == "place":
        if all(s < 0 for s in track):
            raise BadPosition("step 'place' needs a marker on the track")
        st.stage = PLACE
        preparation.start_turn(st)
    elif step == "collect":
        collection.start(st)
    elif step == "deliver":
        if any(s >= 0 for s in st.occ):
            raise BadPosition("step 'deliver' comes after every marker is back on the track")
        delivery.start(st)
    elif step == "end":
        st.stage = OVER
        st.seat = -1
    else:
        raise BadPosition(f"step must be place, collect, deliver or end, not {step!r}")
    return st


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


def _split_kinds(cards: tuple[str, ...], value: Any) -> list[str]:
    counts = _counts(cards, value, "card_display")
    words = " ".join(_words(value, "card_display"))
    order = sorted(range(len(cards)), key=lambda k: words.find(cards[k]))
    return [cards[k] for k in order for _ in range(counts[k])]
