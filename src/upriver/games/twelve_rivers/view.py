"""What each seat may know, decided in one place; and determinisation for search bots.

Hidden: the order of the supply-card draw pile, the cards in other players' hands (except the ones
everyone saw them take from the display), the order of the Markaya deck (except the tiles seen going
under it), the face-down fairy supply and the fairies left in the box unseen. Everything else,
including the pearl bag's contents (which follow from what is visible), is public.
"""

from __future__ import annotations

from typing import Any

from upriver.core.rng import Rng, derive_seed
from upriver.games.twelve_rivers import delivery, scoring
from upriver.games.twelve_rivers.components import COLOURS, EDITIONS, TRIBES
from upriver.games.twelve_rivers.state import (
    AFTER_BEFRIEND,
    BEFORE_ALPACA,
    BEFORE_FAIRIES,
    BEFORE_LIT,
    BEFORE_SPOTS,
    BEFORE_USED,
    CARDS,
    DELIVER,
    EARTH_STEP,
    INSTRUMENT_STEP,
    LAKE_DISCARD,
    MUSHROOM_STEP,
    OVER,
    PAY,
    PHASE_OF_STAGE,
    RIVER,
    SEA,
    STAGE_NAMES,
    VILLAGE,
    State,
)

# Steps that resolve one marker, whose space the view names.
_AT_SPACE = {RIVER, SEA, VILLAGE, INSTRUMENT_STEP, LAKE_DISCARD}


def _named(names: tuple[str, ...], counts: list[int]) -> dict[str, int]:
    return {n: c for n, c in zip(names, counts, strict=True) if c}


def _rainbow_spots(st: State, t: int) -> dict[str, list[int]]:
    """2022: the spots of a villager tile that a mushroom fairy turned rainbow."""
    if not st.cfg.e2022:
        return {}
    base = st.cfg.comp.spot_offset[t]
    return {"rainbow_spots": [k + 1 for k in range(len(st.cfg.comp.tiles[t].spots))
                              if st.lit[base + k]]}


def _seat(s: int) -> int | None:
    return None if s < 0 else s


def _context(st: State) -> tuple[str, str | None]:
    """The phase and the space being resolved, seen through a fairy used mid-decision."""
    stage = st.resume if st.stage in (EARTH_STEP, MUSHROOM_STEP) else st.stage
    befriending = stage == CARDS and st.after_cards == AFTER_BEFRIEND
    phase = "collection" if befriending else PHASE_OF_STAGE[stage]
    at_space = stage in _AT_SPACE or befriending
    return phase, st.cfg.comp.space_names[st.cur_space] if at_space else None


def seen_by(st: State, seat: int | None) -> State:
    """The position as ``seat`` sees it. While the seats deliver (step 5, simultaneous in the
    rulebook), every other seat's alpaca, fairies (held and used) and Markaya pearls show as they
    were when the step began, and the seat delivering looks to the others as if it were just
    delivering."""
    if not st.delivering:
        return st
    shown = st.copy()
    before = st.before_delivery
    comp = st.cfg.comp
    for s in range(st.num_players):
        if s == seat:
            continue
        shown.alpaca[s * 5 : s * 5 + 5] = before[BEFORE_ALPACA][s * 5 : s * 5 + 5]
        shown.fairies[s * 5 : s * 5 + 5] = before[BEFORE_FAIRIES][s * 5 : s * 5 + 5]
        for t in st.tiles_of[s]:
            a, b = comp.spot_offset[t], comp.spot_offset[t] + len(comp.tiles[t].spots)
            shown.spots[a:b] = before[BEFORE_SPOTS][a:b]
            shown.lit[a:b] = before[BEFORE_LIT][a:b]
        shown.fairy_used[s * 5 : s * 5 + 5] = before[BEFORE_USED][s * 5 : s * 5 + 5]
    if st.seat != seat:
        shown.stage = DELIVER
    return shown


def view(st: State, seat: int | None, legal: list[str] | None) -> dict[str, Any]:
    st = seen_by(st, seat)
    comp = st.cfg.comp
    p = st.num_players
    over = st.stage == OVER
    cards = comp.card_names + ("",) * (5 - len(comp.card_names))
    fairy_names = comp.fairy_names
    players = []
    for s in range(p):
        hand = st.hands[s * 5 : s * 5 + 5]
        players.append(
            {
                "seat": s,
                "hand": _named(cards, hand) if s == seat else None,
                "hand_size": sum(hand),
                "known_cards": _named(cards, st.known[s * 5 : s * 5 + 5]),
                "fairies": _named(fairy_names, st.fairies[s * 5 : s * 5 + 5]),
                "alpaca": _named(COLOURS, st.alpaca[s * 5 : s * 5 + 5]),
                "markaya": [
                    {
                        "id": comp.tiles[t].id,
                        "pearls": [COLOURS[c] if c >= 0 else None
                                   for c in scoring.tile_pearls(st, t)],
                        **_rainbow_spots(st, t),
                    }
                    for t in st.tiles_of[s]
                ],
                "alpaca_cards": [COLOURS[comp.alpaca_cards[i][0]]
                                 for i, o in enumerate(st.acards) if o == s],
            }
        )
    pools = {}
    for i, sid in enumerate(comp.stretch_ids):
        counts = st.pools[i * 5 : i * 5 + 5]
        if any(counts):
            pools[sid] = _named(COLOURS, counts)
    sites = {}
    for i, sid in enumerate(comp.site_ids):
        counts = st.sites[i * 5 : i * 5 + 5]
        if any(counts):
            sites[sid] = _named(fairy_names, counts)
    to_move = None if over else st.seat
    phase, space = _context(st)
    out: dict[str, Any] = {
        "game": "twelve-rivers",
        "edition": EDITIONS[st.cfg.e2022],
        "components_file": comp.source,
        "family": st.cfg.family,
        "viewer": seat,
        "round": st.round,
        "phase": phase,
        "step": STAGE_NAMES[st.stage],
        "to_move": to_move,
        "current_space": space,
        "rivers": [COLOURS[c] if c >= 0 else None for c in st.rivers],
        "pools": pools,
        "sea": _named(COLOURS, st.sea),
        "spaces": {comp.space_names[i]: s for i, s in enumerate(st.occ) if s >= 0},
        "sites": sites,
        "track": [_seat(s) for s in st.track],
        "bag": _named(COLOURS, st.bag),
        "card_display": [cards[k] for k in st.display],
        "draw_pile": len(st.deck),
        "draw_pile_pool": _named(cards, pile_pool_for(st, seat)),
        "discard": _named(cards, st.discard),
        "markaya_display": [comp.tiles[t].id for t in st.mk_display],
        "markaya_deck": len(st.mk_deck),
        "markaya_deck_bottom": [comp.tiles[t].id for t in st.mk_deck[: st.mk_tail]],
        "fairy_supply": len(st.fairy_supply),
        "fairies_used": _named(fairy_names, [sum(st.fairy_used[k :: 5]) for k in range(5)]),
        "alpaca_cards": [
            {"colour": COLOURS[c], "count": n, "points": pts, "owner": _seat(st.acards[i])}
            for i, (c, n, pts) in enumerate(comp.alpaca_cards)
            if st.acards[i] != -2  # -2: not in play (2022: only the drawn mission)
        ],
        "pearls_out": _named(COLOURS, st.pearls_out),
        "tribes": [TRIBES[comp.tribes[s]] for s in range(p)] if st.cfg.e2022 else None,
        "players": players,
        "scores": scoring.scores(st),
        "notes": [comp.tiles_note] if comp.tiles_note else [],
    }
    if st.stage == PAY:
        out["cost_left"] = st.pay_left
    if st.stage == RIVER:
        out["picks_left"] = st.picks
    if legal is not None and seat is not None and seat == to_move:
        out["legal_actions"] = legal
    return out


def pile_pool_for(st: State, seat: int | None) -> list[int]:
    """The cards ``seat`` knows the draw pile holds, together with the cards others drew face
    down from it since it was built (the seat's own draws taken out)."""
    if seat is None:
        return st.pile_pool[:]
    return [max(0, st.pile_pool[k] - st.pile_drawn[seat * 5 + k]) for k in range(5)]


def hidden_from(st: State, seat: int) -> tuple[object, ...]:
    """What ``seat`` cannot see: the random stream (the bag's draws, every shuffle), the order of
    the draw pile, the Markaya deck and the face-down fairies, and the other hands. A decision
    that changes any of it turned up something hidden."""
    others = tuple(st.hands[s * 5 + k] for s in range(st.num_players) if s != seat
                   for k in range(5))
    return (st.rng.state, tuple(st.deck), tuple(st.mk_deck), tuple(st.fairy_supply),
            tuple(st.fairy_out), others)


def determinize(st: State, seat: int, seed: int) -> State:
    """Resample what ``seat`` cannot see, keeping everything it has seen (its view is unchanged).

    Other hands keep their size and their publicly known cards; the rest of their cards and the
    draw pile are redealt from the cards ``seat`` has not seen, the pile only from cards that
    may be in it (a pile rebuilt from the face-up discards has a known make-up). The Markaya
    deck's unseen part and the fairy supply are reshuffled with the fairies never revealed. The
    game's own random stream is replaced too, since future draws are unknown.
    """
    twin = st.copy()
    rng = Rng(derive_seed(seed, seat, 0xD7))
    p = st.num_players
    unseen = [0] * 5  # the pile and the other hands' unknown cards, by kind
    for k in st.deck:
        unseen[k] += 1
    for s in range(p):
        if s == seat:
            continue
        for k in range(5):
            unseen[k] += twin.hands[s * 5 + k] - twin.known[s * 5 + k]
            twin.hands[s * 5 + k] = twin.known[s * 5 + k]
    # The pile, from what may be in it. Every list is built from counts, so what seat cannot see
    # (the real order) never steers the resampling.
    pool = pile_pool_for(st, seat)
    could = [k for k in range(5) for _ in range(min(pool[k], unseen[k]))]
    rng.shuffle(could)
    twin.deck = could[: len(st.deck)]
    for k in twin.deck:
        unseen[k] -= 1
    rest = [k for k in range(5) for _ in range(unseen[k])]
    rng.shuffle(rest)
    for s in range(p):
        if s == seat:
            continue
        need = sum(st.hands[s * 5 : s * 5 + 5]) - sum(twin.hands[s * 5 : s * 5 + 5])
        for _ in range(need):
            twin.hands[s * 5 + rest.pop()] += 1
    # Who drew what from the pile: the pool less the resampled pile, dealt to the other seats
    # by how many each drew face down (a count everyone saw).
    in_pile = [0] * 5
    for k in twin.deck:
        in_pile[k] += 1
    drawn = [k for k in range(5) for _ in range(pool[k] - in_pile[k])]
    rng.shuffle(drawn)
    for s in range(p):
        if s == seat:
            continue
        n = sum(st.pile_drawn[s * 5 : s * 5 + 5])
        twin.pile_drawn[s * 5 : s * 5 + 5] = [0] * 5
        for _ in range(min(n, len(drawn))):
            twin.pile_drawn[s * 5 + drawn.pop()] += 1
    top = sorted(twin.mk_deck[twin.mk_tail :])
    rng.shuffle(top)
    twin.mk_deck[twin.mk_tail :] = top
    fairies = sorted(twin.fairy_supply + twin.fairy_out)
    rng.shuffle(fairies)
    n = len(twin.fairy_supply)
    twin.fairy_supply = fairies[:n]
    twin.fairy_out = sorted(fairies[n:])
    if st.delivering:
        _resample_deliveries(st, twin, seat, rng)
    twin.rng = Rng(derive_seed(seed, seat, 0x5A))
    return twin


def _resample_deliveries(st: State, twin: State, seat: int, rng: Rng) -> None:
    """Other seats' deliveries in the step under way are hidden from ``seat``: each is taken
    back to how it began, and a seat that had finished delivers again at random (a possible
    delivery); the seat delivering now starts its delivery afresh."""
    shown = seen_by(st, seat)
    for name in ("alpaca", "fairies", "spots", "lit", "fairy_used"):
        setattr(twin, name, getattr(shown, name)[:])
    if st.seat != seat:
        twin.stage = DELIVER  # a fairy half used by the seat delivering now is taken back too
    for s in range(st.num_players):
        if s != seat and s < st.deliver_seat:
            delivery.deliver_at_random(twin, s, rng)
