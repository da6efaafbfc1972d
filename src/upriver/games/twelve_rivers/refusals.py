"""Why a 12 Rivers move is not legal now, in one line, as a good table would say it (issue 29).

``why_not(st, text)`` is asked only for a catalogue text (``catalogue``) that is not legal in a
game still under way. It reads the text as the catalogue's patterns write it, then walks the
rules the legal-move functions check (``exploration``, ``taking_cards``, ``collection``,
``delivery``), in the order a player meets them, and returns the first one the move breaks as a
short lowercase clause, naming the pieces involved. It only reads the state: nothing is changed
and no randomness is drawn. Where it cannot tell, it returns ``None`` and the core says what the
seat may choose instead. Reasons use the words of the game's edition: rulebook 000 (current
rules, checklist ``twelve-rivers-000.md``) or rulebook 001 (the 2022 first edition, checklist
``twelve-rivers-001.md``), whose tribe tokens, grooves, camp phase, reward phase, trail, lake and
villager tiles are the current rules' family markers, spaces, exploration phase, collection
phase, turn order track, sea and Markaya.

The reasons, by kind of move, first rule first:

- Any move: a card kind, fairy, Markaya or step the edition does not have (TR-COMP-09, -10,
  TR-COLL-10, TR-SEA-02; TR22-COMP-02, -07, -08, TR22-SETUP-12, TR22-REWARD-11, TR22-PLACE-06);
  an earth (breeze) or mushroom fairy in use must be finished first (TR-FAIRY-09, TR22-FAIRY-08,
  -10).
- ``place``: the space is out of play at this player count (TR-RULING-05, TR22-RULING-04);
  markers are placed only in the exploration (camp) phase, one per turn (TR-EXPL-01, -02,
  TR22-CAMP-01, -02); the space is taken (TR-EXPL-03, TR22-CAMP-04); the cost is more than
  the cards and fire (bonfire) fairies held, with no wind (cloud) fairy (TR-EXPL-15,
  TR22-CAMP-07).
- ``pay``: nothing to pay before placing or after the cost is settled, and no cost outside
  placing (TR-EXPL-09, -10); a card or fairy the seat does not hold (TR-FAIRY-01, TR22-FAIRY-03);
  a wind (cloud) fairy waives a whole cost, so only before any of it is paid (TR-FAIRY-12,
  TR22-FAIRY-04); what is left to pay is more than the cards and fire fairies held (TR-EXPL-15).
- ``take ... from display``, ``draw from pile``, ``take no card``: cards are taken only after
  placing on the final stretch or befriending a Markaya (TR-EXPL-18, TR-VILL-05); the display
  shows no such card (TR-CARD-02); both piles are empty (TR-RULING-13); a Markaya's cards are
  not optional (TR-VILL-05).
- ``play ... pair``: banner, lantern and supplies pairs only in the exploration phase after the
  cost is settled, fishing net only at a river marker, instrument only right after befriending
  (TR-CARD-12..14, TR-COLL-17, -18, TR-VILL-08, -09); two cards or fire fairies make a pair
  (TR-CARD-08, TR-FAIRY-05, -06); a banner needs an own marker on the track (TR-RULING-15), a
  lantern a fairy on the board (TR-CARD-18), supplies another placed marker (TR-CARD-20); an
  extra pick needs a pearl to find and room or an exchange (TR-RULING-21, -22, TR-COLL-20).
- ``end turn``: turns belong to the exploration phase; placing, paying, the final stretch's
  card and a pair's effect come first (TR-EXPL-06, -09, -18, TR-CARD-15..23).
- ``banner:``, ``lantern:``, ``supplies:``: only as the effect of the pair just played; the
  seat's own marker on the track (TR-CARD-15, -17); a fairy of that kind on that site
  (TR-CARD-18); another of the seat's placed markers, moved to a free space in play
  (TR-CARD-20, -21).
- ``take``, ``exchange``, ``take ..., discard ...``, ``take ... and discard it``: pearls are
  collected only at river and sea markers in the collection phase (TR-COLL-01, -08, TR-SEA-02,
  TR-DELIV-01; TR22-REWARD-07, TR22-LAKE-02); one pick per marker plus extras (TR-COLL-08, -17,
  TR-FAIRY-17); a full alpaca exchanges, a free one takes (TR-COLL-10, -20, TR-SEA-03;
  TR22-REWARD-10, -11); the pearl must be at the marker and not one just given up there
  (TR-COLL-07, TR-RULING-19, -20), and a given-up pearl on the alpaca (TR-COLL-10).
- ``use ... fairy``: a fairy the seat holds, once (TR-FAIRY-01, TR22-FAIRY-03); the water
  (river) fairy only at a river marker (TR-FAIRY-17, -19, TR22-FAIRY-05, -06); the earth
  (breeze) fairy needs a pearl that fits a free spot (TR-FAIRY-09, -10, TR22-FAIRY-08); the
  mushroom fairy an empty space not rainbow already (TR22-FAIRY-10).
- ``discard``: only a lake token that overfills the alpaca discards (TR22-LAKE-03).
- ``befriend``: only the village marker being resolved, once (TR-VILL-02, -03, TR22-VILL-02);
  a Markaya on display (TR-PREP-16, TR-VILL-07, TR22-VILL-03).
- ``deliver``, earth and breeze moves, ``mushroom: make``: only in step 5 or with the fairy in
  use (TR-DELIV-01, -04, TR22-PLACE-01, -02); the seat's own pearl and own Markaya
  (TR-DELIV-03, -10, TR-FAIRY-09, TR22-PLACE-04); a free spot (TR-DELIV-07, TR22-PLACE-03) of the
  pearl's colour or rainbow, or a light fairy (TR-DELIV-05, -06, TR-FAIRY-13, TR22-PLACE-03);
  the engine names only the first of equal free spots on a tile (docs/rulings).
- ``earth: done``: the earth fairy moves at least one pearl first (TR-FAIRY-09).
- ``done``: placing is mandatory (TR-EXPL-06), a cost is paid in full (TR-EXPL-10), a 2022
  river token that stopped pearls takes one (TR22-REWARD-07), a lake overfill is discarded
  (TR22-LAKE-03); elsewhere the step is closed by its own word (``end turn``, ``take no card``,
  ``befriend no one``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from upriver.games.twelve_rivers.components import (
    BANNER,
    COLOURS,
    EARTH,
    FIRE,
    LANTERN,
    LIGHT,
    NET,
    RAINBOW,
    SUPPLIES,
    WATER,
    WIND,
)
from upriver.games.twelve_rivers.state import (
    AFTER_GAIN,
    BANNER_STEP,
    CARDS,
    DELIVER,
    EARTH_STEP,
    INSTRUMENT_STEP,
    LAKE_DISCARD,
    LANTERN_STEP,
    MUSHROOM_STEP,
    OVER,
    PAIRS,
    PAY,
    PLACE,
    RIVER,
    SEA,
    SUP_FROM,
    SUP_TO,
    VILLAGE,
    State,
)

Reason = str | None


@dataclass(frozen=True)
class Words:
    """The edition's names for the same things (checklist 001's opening paragraph)."""

    edition: str
    marker: str
    space: str
    exploration: str
    collection: str
    tile: str
    tiles: str
    sea: str
    track: str
    card: str


CURRENT_WORDS: Final = Words("the current rules", "family marker", "space", "exploration phase",
                             "collection phase", "Markaya", "Markaya", "sea", "turn order track",
                             "supply card")
WORDS_2022: Final = Words("the 2022 edition", "tribe token", "groove", "camp phase",
                          "reward phase", "villager tile", "villager tiles", "lake", "trail",
                          "camp card")
EXPLORING: Final = frozenset({PLACE, PAY, PAIRS, BANNER_STEP, LANTERN_STEP, SUP_FROM, SUP_TO})


class _Unknown(Exception):
    """A name in the text that this game's components do not have: the reason (or None)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason)
        self.reason = reason


def why_not(st: State, text: str) -> str | None:
    """The first rule that forbids the move ``text`` names, for the seat to move, or None."""
    if st.stage == OVER:
        return None
    w = WORDS_2022 if st.cfg.e2022 else CURRENT_WORDS
    for pattern, check in _PATTERNS:
        m = pattern.fullmatch(text)
        if m is not None:
            try:
                return check(st, w, m)
            except _Unknown as unknown:
                return unknown.reason
    return None


# Small readings of the state, each the same test the legal-move functions make.

def _exploring(st: State) -> bool:
    return st.stage in EXPLORING or (st.stage == CARDS and st.after_cards == AFTER_GAIN)


def _hand(st: State) -> int:
    return sum(st.hands[st.seat * 5 + k] for k in range(5))


def _alpaca_count(st: State) -> int:
    return sum(st.alpaca[st.seat * 5 + c] for c in range(5))


def _full(st: State) -> bool:
    return _alpaca_count(st) >= st.cfg.comp.alpaca_capacity


def _an(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _no_fairy(st: State, kind: int) -> Reason:
    """The seat holds no fairy of ``kind``: said as used up if it had one (a fairy works once)."""
    i = st.seat * 5 + kind
    if st.fairies[i]:
        return None
    name = st.cfg.comp.fairy_names[kind]
    if st.fairy_used[i]:
        return f"you have used your {name} fairy, and a fairy works only once"
    return f"you have no {name} fairy"


def _colour(word: str) -> int:
    if word not in COLOURS:
        raise _Unknown(None)
    return COLOURS.index(word)


def _fairy(st: State, w: Words, name: str) -> int:
    names = st.cfg.comp.fairy_names
    if name not in names:
        raise _Unknown(f"there is no {name} fairy in {w.edition}")
    return names.index(name)


def _card(st: State, w: Words, name: str) -> int:
    names = st.cfg.comp.card_names
    if name not in names:
        card = name if name.endswith("card") else name + " card"
        raise _Unknown(f"there is no {card} in {w.edition}")
    return names.index(name)


def _space(st: State, name: str) -> int:
    names = st.cfg.comp.space_names
    if name not in names:
        raise _Unknown(None)
    return names.index(name)


def _tile(st: State, w: Words, tid: str) -> int:
    t = st.cfg.comp.tile_index.get(tid, -1)
    if t < 0:
        raise _Unknown(f"there is no {w.tile} {tid} in {w.edition}")
    return t


def _spot(st: State, t: int, number: str) -> int:
    k = int(number) - 1
    if not 0 <= k < len(st.cfg.comp.tiles[t].spots):
        raise _Unknown(None)
    return k


def _earth_word(st: State, w: Words, word: str) -> None:
    if _fairy(st, w, word) != EARTH:
        raise _Unknown(None)


def _out_of_play(st: State, w: Words, sp: int) -> Reason:
    if st.cfg.in_play[sp]:
        return None
    return (f"that {w.space} is out of play with {st.num_players} players: no active river "
            "feeds its stretch")


def _taken(st: State, w: Words, sp: int) -> Reason:
    s = st.occ[sp]
    if s < 0:
        return None
    whose = "your own" if s == st.seat else f"seat {s}'s"
    return f"that {w.space} is taken: {whose} {w.marker} is on it"


def _cost_reason(st: State, w: Words, cost: int) -> str:
    comp = st.cfg.comp
    fire = st.fairies[st.seat * 5 + FIRE]
    return (f"that {w.space} costs {cost}, more than your {_hand(st)} {w.card}s and {fire} "
            f"{comp.fairy_names[FIRE]} fairies, and you have no {comp.fairy_names[WIND]} fairy")


def _need(st: State, t: int, k: int) -> int:
    """What spot ``k`` of tile ``t`` takes: its printed colour, or rainbow once a mushroom
    fairy made it so."""
    if st.lit[st.cfg.comp.spot_offset[t] + k]:
        return RAINBOW
    return st.cfg.comp.tiles[t].spots[k]


def _colour_word(need: int) -> str:
    return "rainbow" if need == RAINBOW else COLOURS[need]


def _own_tile(st: State, w: Words, t: int) -> Reason:
    owner = st.owner[t]
    if owner == st.seat:
        return None
    tid = st.cfg.comp.tiles[t].id
    if owner >= 0:
        return f"the {w.tile} {tid} is seat {owner}'s, and you use only your own"
    if t in st.mk_out:
        return f"the {w.tile} {tid} is out of the game"
    return f"the {w.tile} {tid} is not one of yours"


def _occupied(st: State, t: int, k: int) -> Reason:
    held = st.spots[st.cfg.comp.spot_offset[t] + k]
    if held < 0:
        return None
    return f"spot {k + 1} of {st.cfg.comp.tiles[t].id} already holds a {COLOURS[held]} pearl"


def _first_equal(st: State, t: int, k: int) -> Reason:
    """The engine names only the first of the equal empty spots of a tile, as they are
    interchangeable (``delivery._open_spots``)."""
    tid = st.cfg.comp.tiles[t].id
    need = _need(st, t, k)
    base = st.cfg.comp.spot_offset[t]
    for j in range(k):
        if st.spots[base + j] < 0 and _need(st, t, j) == need:
            return (f"spot {j + 1} of {tid} is an equal free spot before it, and equal free "
                    "spots on a tile are filled first to last")
    return None


def _fits(st: State, w: Words, colour: int, t: int, k: int, light: bool) -> Reason:
    """A pearl goes on its colour or rainbow; in the current rules a light fairy lets it onto
    any other spot (the text then says so)."""
    need = _need(st, t, k)
    tid = st.cfg.comp.tiles[t].id
    fits = need in (colour, RAINBOW)
    if fits and light:
        return f"spot {k + 1} of {tid} takes a {COLOURS[colour]} pearl without a light fairy"
    if fits:
        return None
    if not light:
        return f"spot {k + 1} of {tid} takes only {_colour_word(need)} pearls"
    missing = _no_fairy(st, LIGHT)
    if missing:
        return f"spot {k + 1} of {tid} takes only {_colour_word(need)} pearls and {missing}"
    return None


def _placement(st: State, w: Words, colour: int, t: int, k: int, light: bool) -> Reason:
    return (_own_tile(st, w, t) or _occupied(st, t, k) or _fits(st, w, colour, t, k, light)
            or _first_equal(st, t, k))


def _no_pearl(st: State, colour: int) -> Reason:
    if st.alpaca[st.seat * 5 + colour]:
        return None
    return f"your alpaca holds no {COLOURS[colour]} pearl"


def _any_fit(st: State, colour: int, exclude: int, light: bool) -> bool:
    comp = st.cfg.comp
    for t in st.tiles_of[st.seat]:
        if t == exclude:
            continue
        base = comp.spot_offset[t]
        for k in range(len(comp.tiles[t].spots)):
            if st.spots[base + k] < 0 and (light or _need(st, t, k) in (colour, RAINBOW)):
                return True
    return False


def _no_earth_move(st: State, w: Words) -> Reason:
    """The earth (breeze) fairy needs a pearl to move onto a free spot it may take
    (``delivery._earth_moves``)."""
    comp = st.cfg.comp
    seat = st.seat
    light = not st.cfg.e2022 and st.fairies[seat * 5 + LIGHT] > 0
    if any(_any_fit(st, c, -1, light) for c in range(5) if st.alpaca[seat * 5 + c]):
        return None
    if not st.cfg.e2022:
        for a in st.tiles_of[seat]:
            base = comp.spot_offset[a]
            for j in range(len(comp.tiles[a].spots)):
                c = st.spots[base + j]
                if c >= 0 and _any_fit(st, c, a, light):
                    return None
    name = comp.fairy_names[EARTH]
    free = any(st.spots[comp.spot_offset[t] + k] < 0 for t in st.tiles_of[seat]
               for k in range(len(comp.tiles[t].spots)))
    if not free:
        return f"your {w.tiles} have no free spot for the {name} fairy to fill"
    return f"none of your pearls fits a free spot the {name} fairy could move it to"


def _boost_blocked(st: State, w: Words) -> Reason:
    """An extra pick at a river marker (``collection._boost_options``)."""
    cfg = st.cfg
    if st.boosts and not cfg.stack_extra:
        return "an extra pick has already been added at this marker, and extra picks do not stack"
    base = cfg.comp.space_stretch[st.cur_space] * 5
    left = sum(st.pools[base + c] - st.given[c] for c in range(5))
    if left <= st.picks:
        return (f"your {w.marker} has {left} pearl(s) for {st.picks} pick(s) left, so another "
                "pick would find none")
    if not cfg.e2022 and _full(st):
        if not cfg.extra_may_swap:
            return "your alpaca is full and an extra pick may not be an exchange"
        seat5 = st.seat * 5
        if not any(st.alpaca[seat5 + a] and st.pools[base + c] > st.given[c] and a != c
                   for a in range(5) for c in range(5)):
            return "your alpaca is full and no pearl here can be exchanged for one of yours"
    return None


def _boost_offered(st: State, w: Words) -> bool:
    """Whether a fishing net pair or a water fairy is on offer at this river marker."""
    if _boost_blocked(st, w):
        return False
    hand = st.hands[st.seat * 5 + NET]
    fire = st.fairies[st.seat * 5 + FIRE]
    pair = not st.cfg.e2022 and (hand >= 2 or (hand >= 1 and fire >= 1) or fire >= 2)
    return pair or st.fairies[st.seat * 5 + WATER] > 0


def _fairy_step(st: State, w: Words) -> Reason:
    """A fairy in use is finished before anything else (``delivery.apply_use_earth`` and
    ``apply_use_mushroom`` hold the decision until it is)."""
    names = st.cfg.comp.fairy_names
    if st.stage == EARTH_STEP:
        done = f" or say '{names[EARTH]}: done'" if st.earth_moved else ""
        return f"you are using your {names[EARTH]} fairy: move a pearl with it{done}"
    if st.stage == MUSHROOM_STEP:
        return f"you are using your {names[LIGHT]} fairy: choose the space it turns rainbow"
    return None


def _collecting_elsewhere(st: State, w: Words) -> str:
    """Pearls asked for where no river or sea marker is collecting."""
    if _exploring(st):
        return f"pearls are collected only in the {w.collection}"
    if st.stage == DELIVER:
        return f"every {w.marker} is back on the {w.track}: no more pearls are collected"
    if st.stage == LAKE_DISCARD:
        cap = st.cfg.comp.alpaca_capacity
        return (f"the {w.sea}'s pearls are all on your alpaca already: discard down to {cap} "
                "of them")
    return f"a village {w.marker} befriends a {w.tile}, it collects no pearls"


def _pick_left(st: State, w: Words) -> Reason:
    if st.stage == RIVER and st.picks <= 0:
        return (f"you have taken your pearl at this {w.marker}: only a fishing net or "
                f"{st.cfg.comp.fairy_names[WATER]} fairy adds a pick")
    return None


def _at_marker(st: State, w: Words, colour: int) -> Reason:
    """The pearl must be at the marker, and not one the seat just gave up there."""
    if st.stage == SEA:
        pool, base, where = st.sea, 0, f"in the {w.sea}"
    else:
        pool = st.pools
        base = st.cfg.comp.space_stretch[st.cur_space] * 5
        where = f"at your {w.marker}"
    name = COLOURS[colour]
    if pool[base + colour] == 0:
        return f"there is no {name} pearl {where}"
    if pool[base + colour] <= st.given[colour]:
        return f"the {name} pearl {where} is the one you gave up, and it cannot come back"
    return None


# One check per kind of text, each walking the rules in order.

def _place(st: State, w: Words, m: re.Match[str]) -> Reason:
    sp = _space(st, m[1])
    reason = _out_of_play(st, w, sp) or _fairy_step(st, w)
    if reason:
        return reason
    if st.stage != PLACE:
        if _exploring(st):
            return f"you have already placed this turn's {w.marker}"
        return f"{w.marker}s are placed only in the {w.exploration}"
    reason = _taken(st, w, sp)
    if reason:
        return reason
    cost = st.cfg.comp.space_cost[sp]
    budget = _hand(st) + st.fairies[st.seat * 5 + FIRE]
    if cost > budget and not st.fairies[st.seat * 5 + WIND]:
        return _cost_reason(st, w, cost)
    return None


def _pay_stage(st: State, w: Words) -> Reason:
    if st.stage == PAY:
        return None
    if st.stage == PLACE:
        return f"there is nothing to pay yet: a cost is paid after placing a {w.marker}"
    if _exploring(st):
        return "this turn's placement cost is settled"
    return f"costs are paid only when placing a {w.marker}, in the {w.exploration}"


def _cannot_cover(st: State, w: Words) -> Reason:
    fire = st.fairies[st.seat * 5 + FIRE]
    if _hand(st) + fire >= st.pay_left:
        return None
    return (f"your {w.card}s and {st.cfg.comp.fairy_names[FIRE]} fairies cannot cover the "
            f"{st.pay_left} still to pay")


def _pay(st: State, w: Words, m: re.Match[str]) -> Reason:
    name = m[1]
    fairy = name.endswith(" fairy")
    kind = _fairy(st, w, name.removesuffix(" fairy")) if fairy else _card(st, w, name)
    if fairy and kind not in (WIND, FIRE):
        return None
    reason = _fairy_step(st, w) or _pay_stage(st, w)
    if reason:
        return reason
    if fairy and kind == WIND:
        reason = _no_fairy(st, WIND)
        if reason is None and st.pay_left != st.pay_full:
            reason = (f"part of this cost is paid: {_an(name)} waives a whole cost, before "
                      "any of it is paid")
        return reason
    if fairy:
        return _no_fairy(st, FIRE) or _cannot_cover(st, w)
    if not st.hands[st.seat * 5 + kind]:
        return f"you have no {name}" + ("" if name.endswith("card") else " card")
    return _cannot_cover(st, w)


def _current_only(st: State, w: Words, what: str) -> None:
    if st.cfg.e2022:
        raise _Unknown(f"{what} in {w.edition}")


def _no_cards_now(st: State, w: Words) -> Reason:
    reason = _fairy_step(st, w)
    if reason is None and st.stage != CARDS:
        reason = (f"no {w.card} is to be taken now: one is taken after placing on the final "
                  f"stretch or befriending a {w.tile}")
    return reason


def _take_display(st: State, w: Words, m: re.Match[str]) -> Reason:
    _current_only(st, w, "camp cards are drawn from the supply: there is no display")
    kind = _card(st, w, m[1])
    reason = _no_cards_now(st, w)
    if reason is None and kind not in st.display:
        reason = f"the display shows no {m[1]} card"
    return reason


def _draw(st: State, w: Words, m: re.Match[str]) -> Reason:
    _current_only(st, w, "camp cards are drawn from the supply without a choice")
    reason = _no_cards_now(st, w)
    if reason is None and not st.deck and not any(st.discard):
        reason = "the draw pile and the discard pile are both empty"
    return reason


def _no_card(st: State, w: Words, m: re.Match[str]) -> Reason:
    _current_only(st, w, "camp cards are drawn from the supply without a choice")
    reason = _no_cards_now(st, w)
    if reason is None and not st.cards_optional:
        reason = (f"the {w.card}s a befriended {w.tile} gives are not optional "
                  f"({st.cards_left} more to take)")
    return reason


def _pair_stage(st: State, w: Words, kind: int, name: str) -> Reason:
    """Which moment a pair of ``kind`` belongs to (TR-CARD-12..14)."""
    stage = st.stage
    if kind in (BANNER, LANTERN, SUPPLIES):
        if stage == PAIRS:
            return None
        if not _exploring(st):
            return f"{_an(name)} pair is played only in the {w.exploration}"
        if stage == PLACE:
            return f"pairs are played after placing a {w.marker}"
        if stage == PAY:
            return "pairs are played once the placement cost is paid"
        if stage == CARDS:
            return "pairs are played once the final stretch's card is taken or declined"
        return "finish the effect of the pair just played first"
    if kind == NET:
        if stage == RIVER:
            return None
        if _exploring(st):
            return f"fishing net pairs are played only in the {w.collection}"
        if stage == SEA:
            return "a fishing net has no effect at the sea"
        return "a fishing net is played only when collecting at a river marker"
    if stage == INSTRUMENT_STEP:
        return None
    if _exploring(st):
        return f"instrument pairs are played only in the {w.collection}"
    return f"an instrument pair is played only right after befriending a {w.tile}"


def _pair_cards(st: State, kind: int, mode: int, name: str) -> Reason:
    """Two cards, a card and a fire fairy, or two fire fairies (``supply.pair_variants``)."""
    cards = st.hands[st.seat * 5 + kind]
    fire = st.fairies[st.seat * 5 + FIRE]
    fire_name = st.cfg.comp.fairy_names[FIRE]
    if mode == 0 and cards < 2:
        return f"you have {cards} {name} card(s), and a pair takes two"
    if mode == 1:
        if not cards:
            return f"you have no {name} card"
        return _no_fairy(st, FIRE)
    if mode == 2 and fire < 2:
        return f"you have {fire} {fire_name} fairies, and this pair takes two"
    return None


def _pair_situation(st: State, w: Words, kind: int) -> Reason:
    seat = st.seat
    if kind == BANNER and seat not in st.track:
        return f"you have no {w.marker} left on the {w.track} for a banner to move"
    if kind == LANTERN and not any(st.sites):
        return "no fairy is left on the board for a lantern to take"
    if kind == SUPPLIES and not any(st.occ[sp] == seat and sp != st.last_placed
                                    for sp in st.cfg.play_spaces):
        return f"you have no other placed {w.marker} for supplies to move"
    if kind == NET:
        return _boost_blocked(st, w)
    return None


def _pair(st: State, w: Words, m: re.Match[str]) -> Reason:
    _current_only(st, w, "camp cards have no powers, so there are no pairs")
    kind = _card(st, w, m[1])
    mode = 0
    if m[2] is not None:
        mode = 1
        _fairy(st, w, m[2])
    elif m[3] is not None:
        mode = 2
        _fairy(st, w, m[3])
    return (_fairy_step(st, w) or _pair_stage(st, w, kind, m[1])
            or _pair_cards(st, kind, mode, m[1]) or _pair_situation(st, w, kind))


def _end_turn(st: State, w: Words, m: re.Match[str]) -> Reason:
    reason = _fairy_step(st, w)
    if reason or st.stage == PAIRS:
        return reason
    if not _exploring(st):
        return f"there is no turn to end: the {w.exploration} is over"
    if st.stage == PLACE:
        return f"placing a {w.marker} is mandatory: a turn cannot end before it"
    if st.stage == PAY:
        return f"the placement cost is not paid yet ({st.pay_left} more)"
    if st.stage == CARDS:
        return "take or decline the final stretch's card first"
    return "finish the effect of the pair just played first"


def _effect_stage(st: State, w: Words, stage: int, pair: str) -> Reason:
    reason = _fairy_step(st, w)
    if reason is None and st.stage != stage:
        reason = f"this is the effect of {_an(pair)} pair, and none is being played"
    return reason


def _banner(st: State, w: Words, m: re.Match[str]) -> Reason:
    _current_only(st, w, "camp cards have no powers, so there are no pairs")
    slot = int(m[1]) - 1
    if not 0 <= slot < len(st.track):
        return None
    reason = _effect_stage(st, w, BANNER_STEP, "banner")
    if reason:
        return reason
    seat = st.track[slot]
    if seat < 0:
        return f"track space {slot + 1} is empty"
    if seat != st.seat:
        return f"the {w.marker} on track space {slot + 1} is seat {seat}'s, not yours"
    return None


def _lantern(st: State, w: Words, m: re.Match[str]) -> Reason:
    _current_only(st, w, "camp cards have no powers, so there are no pairs")
    kind = _fairy(st, w, m[1])
    if m[2] not in st.cfg.comp.site_ids:
        return None
    site = st.cfg.comp.site_ids.index(m[2])
    reason = _effect_stage(st, w, LANTERN_STEP, "lantern")
    if reason is None and not st.sites[site * 5 + kind]:
        reason = f"{m[2]} holds no {m[1]} fairy"
    return reason


def _supplies_from(st: State, w: Words, m: re.Match[str]) -> Reason:
    _current_only(st, w, "camp cards have no powers, so there are no pairs")
    sp = _space(st, m[1])
    if st.stage == SUP_TO:
        return "the marker to move is chosen: now choose its new space"
    reason = _effect_stage(st, w, SUP_FROM, "supplies")
    if reason:
        return reason
    s = st.occ[sp]
    if s < 0:
        return f"there is no {w.marker} on that {w.space}"
    if s != st.seat:
        return f"the {w.marker} there is seat {s}'s: supplies move only your own"
    if sp == st.last_placed:
        return f"that is the {w.marker} you just placed: supplies move another one"
    return None


def _supplies_to(st: State, w: Words, m: re.Match[str]) -> Reason:
    _current_only(st, w, "camp cards have no powers, so there are no pairs")
    sp = _space(st, m[1])
    reason = _out_of_play(st, w, sp)
    if reason:
        return reason
    if st.stage == SUP_FROM:
        return f"choose the {w.marker} to move first"
    return _effect_stage(st, w, SUP_TO, "supplies") or _taken(st, w, sp)


def _collect_stage(st: State, w: Words) -> Reason:
    reason = _fairy_step(st, w)
    if reason is None and st.stage not in (RIVER, SEA):
        reason = _collecting_elsewhere(st, w)
    return reason or _pick_left(st, w)


def _take(st: State, w: Words, m: re.Match[str]) -> Reason:
    colour = _colour(m[1])
    reason = _collect_stage(st, w)
    if reason:
        return reason
    if _full(st):
        if st.cfg.e2022:
            return "your alpaca is full: discard one of its pearls or the new one"
        return f"your alpaca is full ({st.cfg.comp.alpaca_capacity} pearls)"
    return _at_marker(st, w, colour)


def _exchange(st: State, w: Words, m: re.Match[str]) -> Reason:
    _current_only(st, w, "a full alpaca discards a pearl, it does not exchange one,")
    give, colour = _colour(m[1]), _colour(m[2])
    reason = _collect_stage(st, w)
    if reason:
        return reason
    if not _full(st):
        return "your alpaca is not full: an exchange is only for a full alpaca"
    if st.stage == RIVER and st.picks_done and not st.cfg.extra_may_swap:
        return "an extra pick may not be an exchange"
    return _no_pearl(st, give) or _at_marker(st, w, colour)


def _only_2022(st: State, w: Words, what: str) -> None:
    if not st.cfg.e2022:
        raise _Unknown(f"{what} in {w.edition}")


def _keep_or_drop(st: State, w: Words, colour: int, discard: int) -> Reason:
    reason = _collect_stage(st, w)
    if reason:
        return reason
    if st.stage != RIVER:
        return None  # the 2022 lake never stops for a pick (``collection.start_sea``)
    if not _full(st):
        return "your alpaca has room: take the pearl without discarding"
    if st.pools[st.cfg.comp.space_stretch[st.cur_space] * 5 + colour] == 0:
        return f"there is no {COLOURS[colour]} pearl at your {w.marker}"
    if discard >= 0:
        return _no_pearl(st, discard)
    return None


def _keep(st: State, w: Words, m: re.Match[str]) -> Reason:
    _only_2022(st, w, "a full alpaca exchanges a pearl, it does not discard one,")
    return _keep_or_drop(st, w, _colour(m[1]), _colour(m[2]))


def _drop(st: State, w: Words, m: re.Match[str]) -> Reason:
    _only_2022(st, w, "a full alpaca exchanges a pearl, it does not discard one,")
    return _keep_or_drop(st, w, _colour(m[1]), -1)


def _discard(st: State, w: Words, m: re.Match[str]) -> Reason:
    _only_2022(st, w, "no pearl is discarded: the sea's pearls are taken up to a full alpaca,")
    colour = _colour(m[1])
    reason = _fairy_step(st, w)
    if reason is None and st.stage != LAKE_DISCARD:
        reason = (f"pearls are discarded this way only when the {w.sea}'s pearls overfill "
                  "your alpaca")
    return reason or _no_pearl(st, colour)


def _use(st: State, w: Words, m: re.Match[str]) -> Reason:
    kind = _fairy(st, w, m[1])
    reason = _fairy_step(st, w)
    if reason:
        return reason
    if kind == WATER:
        if st.stage == SEA:
            return f"{_an(m[1])} fairy cannot be used at the {w.sea}"
        if st.stage == LAKE_DISCARD:
            return f"{_an(m[1])} fairy works only at river {w.marker}s, not at the {w.sea}"
        if st.stage != RIVER:
            return f"{_an(m[1])} fairy is used only when collecting at a river {w.marker}"
        return _no_fairy(st, WATER) or _boost_blocked(st, w)
    if kind not in (EARTH, LIGHT) or (kind == LIGHT and not st.cfg.e2022):
        return None
    reason = _no_fairy(st, kind)
    if reason:
        return reason
    if st.stage == RIVER and st.picks <= 0 and not _boost_offered(st, w):
        # with no pick left and none to add, a fairy here changes nothing
        return f"you have no pick left at this {w.marker}, and none can be added"
    if kind == EARTH:
        return _no_earth_move(st, w)
    comp = st.cfg.comp
    if not any(st.spots[comp.spot_offset[t] + k] < 0 and _need(st, t, k) != RAINBOW
               for t in st.tiles_of[st.seat] for k in range(len(comp.tiles[t].spots))):
        return f"none of your {w.tiles} has an empty space that is not rainbow already"
    return None


def _befriend(st: State, w: Words, m: re.Match[str]) -> Reason:
    t = -1 if m[1] == "no one" else _tile(st, w, m[1])
    reason = _fairy_step(st, w)
    if reason:
        return reason
    if st.stage != VILLAGE:
        if _exploring(st):
            return f"a {w.tile} is befriended in the {w.collection}, by a village {w.marker}"
        if st.stage in (CARDS, INSTRUMENT_STEP):
            return f"this village {w.marker} has befriended its {w.tile}"
        return f"no village {w.marker} is being resolved now"
    if t < 0 or t in st.mk_display:
        return None
    tid = m[1]
    owner = st.owner[t]
    if owner == st.seat:
        return f"you have befriended {w.tile} {tid} already"
    if owner >= 0:
        return f"the {w.tile} {tid} is seat {owner}'s already"
    if t in st.mk_out:
        return f"the {w.tile} {tid} is out of the game"
    return f"the {w.tile} {tid} is not on display this round"


def _deliver(st: State, w: Words, m: re.Match[str]) -> Reason:
    colour = _colour(m[1])
    t = _tile(st, w, m[2])
    k = _spot(st, t, m[3])
    light = m[4] is not None
    if light:
        _fairy(st, w, "light")
    reason = _fairy_step(st, w)
    if reason is None and st.stage != DELIVER:
        earth = st.cfg.comp.fairy_names[EARTH]
        reason = (f"pearls go onto {w.tiles} only once every {w.marker} is back on the "
                  f"{w.track}, or with {_an(earth)} fairy")
    return reason or _no_pearl(st, colour) or _placement(st, w, colour, t, k, light)


def _earth_stage(st: State, w: Words) -> Reason:
    if st.stage == EARTH_STEP:
        return None
    name = st.cfg.comp.fairy_names[EARTH]
    if st.stage == MUSHROOM_STEP:
        return _fairy_step(st, w)
    return _no_fairy(st, EARTH) or f"this needs your {name} fairy in use ('use {name} fairy')"


def _earth_from_alpaca(st: State, w: Words, m: re.Match[str]) -> Reason:
    _earth_word(st, w, m[1])
    colour = _colour(m[2])
    t = _tile(st, w, m[3])
    k = _spot(st, t, m[4])
    light = m[5] is not None
    if light:
        _fairy(st, w, "light")
    return (_earth_stage(st, w) or _no_pearl(st, colour)
            or _placement(st, w, colour, t, k, light))


def _earth_between(st: State, w: Words, m: re.Match[str]) -> Reason:
    _current_only(st, w, f"a pearl on a {w.tile} never moves again")
    _earth_word(st, w, m[1])
    colour = _colour(m[2])
    a = _tile(st, w, m[3])
    j = _spot(st, a, m[4])
    t = _tile(st, w, m[5])
    k = _spot(st, t, m[6])
    light = m[7] is not None
    if light:
        _fairy(st, w, "light")
    reason = _earth_stage(st, w) or _own_tile(st, w, a)
    if reason:
        return reason
    held = st.spots[st.cfg.comp.spot_offset[a] + j]
    if held < 0:
        return f"spot {j + 1} of {m[3]} is empty"
    if held != colour:
        return f"spot {j + 1} of {m[3]} holds a {COLOURS[held]} pearl, not {_an(m[2])} one"
    if a == t:
        return None  # not a catalogue text: the earth fairy moves a pearl to another tile
    return _placement(st, w, colour, t, k, light)


def _earth_done(st: State, w: Words, m: re.Match[str]) -> Reason:
    _earth_word(st, w, m[1])
    reason = _earth_stage(st, w)
    if reason is None and not st.earth_moved:
        reason = f"the {m[1]} fairy moves at least one pearl before you are done"
    return reason


def _mushroom(st: State, w: Words, m: re.Match[str]) -> Reason:
    kind = _fairy(st, w, m[1])
    if kind != LIGHT:
        return None
    _only_2022(st, w, f"there is no {m[1]} fairy")
    t = _tile(st, w, m[2])
    k = _spot(st, t, m[3])
    if st.stage != MUSHROOM_STEP:
        if st.stage == EARTH_STEP:
            return _fairy_step(st, w)
        return _no_fairy(st, LIGHT) or f"this needs your {m[1]} fairy in use ('use {m[1]} fairy')"
    reason = _own_tile(st, w, t)
    if reason:
        return reason
    if st.spots[st.cfg.comp.spot_offset[t] + k] >= 0:
        return f"spot {k + 1} of {m[2]} holds a pearl, and the {m[1]} fairy changes an empty one"
    if _need(st, t, k) == RAINBOW:
        return f"spot {k + 1} of {m[2]} is rainbow already"
    return _first_equal(st, t, k)


def _done(st: State, w: Words, m: re.Match[str]) -> Reason:
    reason = _fairy_step(st, w)
    if reason:
        return reason
    stage = st.stage
    if stage == RIVER:
        base = st.cfg.comp.space_stretch[st.cur_space] * 5
        if st.cfg.e2022 and st.picks > 0 and any(st.pools[base + c] for c in range(5)):
            return (f"a river {w.marker} that stopped pearls must take one (a full alpaca "
                    "discards one instead)")
        return None
    if stage in (SEA, INSTRUMENT_STEP, DELIVER):
        return None
    if stage == PLACE:
        return f"placing a {w.marker} is mandatory"
    if stage == PAY:
        return f"a placement cost is paid in full ({st.pay_left} more to pay)"
    if stage == CARDS:
        if st.cards_optional:
            return "say 'take no card' to decline the card"
        return (f"the {w.card}s a befriended {w.tile} gives are not optional "
                f"({st.cards_left} more to take)")
    if stage == PAIRS:
        return "say 'end turn' to end your turn"
    if stage == VILLAGE:
        return f"say 'befriend no one' to take no {w.tile}"
    if stage == LAKE_DISCARD:
        cap = st.cfg.comp.alpaca_capacity
        return f"your alpaca holds {_alpaca_count(st)} pearls: discard down to {cap}"
    return "finish the effect of the pair just played first"


_COLOUR = r"(\w+)"
_TILE_SPOT = r"(\S+) spot (\d+)"
_LIGHT = r"( with light fairy)?"
Check = Callable[[State, Words, re.Match[str]], Reason]
_PATTERNS: Final[tuple[tuple[re.Pattern[str], Check], ...]] = tuple(
    (re.compile(p), check) for p, check in (
        (r"place (.+)", _place),
        (r"pay (.+)", _pay),
        (r"take (.+) from display", _take_display),
        (r"draw from pile", _draw),
        (r"take no card", _no_card),
        (r"play (.+?) pair(?: \(.+ \+ (\w+) fairy\)| \(2 (\w+) fairies\))?", _pair),
        (r"end turn", _end_turn),
        (r"banner: move marker on track space (\d+) to the front", _banner),
        (r"lantern: take (\w+) fairy from (.+)", _lantern),
        (r"supplies: move marker from (.+)", _supplies_from),
        (r"supplies: move it to (.+)", _supplies_to),
        (rf"take {_COLOUR}, discard {_COLOUR} from alpaca", _keep),
        (rf"take {_COLOUR} and discard it", _drop),
        (rf"take {_COLOUR}", _take),
        (rf"exchange {_COLOUR} for {_COLOUR}", _exchange),
        (r"use (\w+) fairy", _use),
        (rf"discard {_COLOUR}", _discard),
        (r"befriend (no one|\S+)", _befriend),
        (rf"deliver {_COLOUR} to {_TILE_SPOT}{_LIGHT}", _deliver),
        (rf"(\w+): move {_COLOUR} from alpaca to {_TILE_SPOT}{_LIGHT}", _earth_from_alpaca),
        (rf"(\w+): move {_COLOUR} from {_TILE_SPOT} to {_TILE_SPOT}{_LIGHT}", _earth_between),
        (r"(\w+): done", _earth_done),
        (rf"(\w+): make {_TILE_SPOT} rainbow", _mushroom),
        (r"done", _done),
    )
)
