"""What each seat may know, decided in one place; and determinisation for search bots.

Hidden: the order of the supply-card draw pile, the cards in other players' hands (except the ones
everyone saw them take from the display), the order of the Markaya deck (except the tiles seen going
under it), the face-down fairy supply and the fairies left in the box unseen. Everything else,
including the pearl bag's contents (which follow from what is visible), is public.
"""

from __future__ import annotations

from typing import Any

from upriver.core.rng import Rng, derive_seed
from upriver.games.twelve_rivers import scoring
from upriver.games.twelve_rivers.components import CARD_KINDS, COLOURS, FAIRY_KINDS
from upriver.games.twelve_rivers.state import OVER, PHASE_OF_STAGE, STAGE_NAMES, State


def _named(names: tuple[str, ...], counts: list[int]) -> dict[str, int]:
    return {n: c for n, c in zip(names, counts, strict=True) if c}


def _seat(s: int) -> int | None:
    return None if s < 0 else s


def view(st: State, seat: int | None, legal: list[str] | None) -> dict[str, Any]:
    comp = st.cfg.comp
    p = st.num_players
    over = st.stage == OVER
    players = []
    for s in range(p):
        hand = st.hands[s * 5 : s * 5 + 5]
        players.append(
            {
                "seat": s,
                "hand": _named(CARD_KINDS, hand) if s == seat else None,
                "hand_size": sum(hand),
                "known_cards": _named(CARD_KINDS, st.known[s * 5 : s * 5 + 5]),
                "fairies": _named(FAIRY_KINDS, st.fairies[s * 5 : s * 5 + 5]),
                "alpaca": _named(COLOURS, st.alpaca[s * 5 : s * 5 + 5]),
                "markaya": [
                    {
                        "id": comp.tiles[t].id,
                        "pearls": [COLOURS[c] if c >= 0 else None
                                   for c in scoring.tile_pearls(st, t)],
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
            sites[sid] = _named(FAIRY_KINDS, counts)
    to_move = None if over else st.seat
    out: dict[str, Any] = {
        "game": "twelve-rivers",
        "viewer": seat,
        "round": st.round,
        "phase": PHASE_OF_STAGE[st.stage],
        "step": STAGE_NAMES[st.stage],
        "to_move": to_move,
        "current_space": comp.space_names[st.cur_space] if st.stage >= 8 and not over else None,
        "rivers": [COLOURS[c] if c >= 0 else None for c in st.rivers],
        "pools": pools,
        "sea": _named(COLOURS, st.sea),
        "spaces": {comp.space_names[i]: s for i, s in enumerate(st.occ) if s >= 0},
        "sites": sites,
        "track": [_seat(s) for s in st.track],
        "bag": _named(COLOURS, st.bag),
        "card_display": [CARD_KINDS[k] for k in st.display],
        "draw_pile": len(st.deck),
        "discard": _named(CARD_KINDS, st.discard),
        "markaya_display": [comp.tiles[t].id for t in st.mk_display],
        "markaya_deck": len(st.mk_deck),
        "markaya_deck_bottom": [comp.tiles[t].id for t in st.mk_deck[: st.mk_tail]],
        "fairy_supply": len(st.fairy_supply),
        "fairies_used": _named(FAIRY_KINDS, st.fairy_used),
        "alpaca_cards": [
            {"colour": COLOURS[c], "count": n, "points": pts, "owner": _seat(st.acards[i])}
            for i, (c, n, pts) in enumerate(comp.alpaca_cards)
        ],
        "players": players,
        "scores": scoring.scores(st),
        "notes": [comp.tiles_note] if comp.tiles_note else [],
    }
    if st.stage in (1,):
        out["cost_left"] = st.pay_left
    if st.stage == 8:
        out["picks_left"] = st.picks
    if legal is not None and seat is not None and seat == to_move:
        out["legal_actions"] = legal
    return out


def determinize(st: State, seat: int, seed: int) -> State:
    """Resample what ``seat`` cannot see, keeping everything it has seen (its view is unchanged).

    Other hands keep their size and their publicly known cards; the rest of their cards and the
    draw pile are redealt from the cards ``seat`` has not seen. The Markaya deck's unseen part and
    the fairy supply are reshuffled with the fairies never revealed. The game's own random stream
    is replaced too, since future draws are unknown.
    """
    twin = st.copy()
    rng = Rng(derive_seed(seed, seat, 0xD7))
    p = st.num_players
    unseen = list(twin.deck)
    for s in range(p):
        if s == seat:
            continue
        for k in range(5):
            free = twin.hands[s * 5 + k] - twin.known[s * 5 + k]
            unseen.extend([k] * free)
            twin.hands[s * 5 + k] = twin.known[s * 5 + k]
    rng.shuffle(unseen)
    for s in range(p):
        if s == seat:
            continue
        need = sum(st.hands[s * 5 : s * 5 + 5]) - sum(twin.hands[s * 5 : s * 5 + 5])
        for _ in range(need):
            twin.hands[s * 5 + unseen.pop()] += 1
    twin.deck = unseen
    top = twin.mk_deck[twin.mk_tail :]
    rng.shuffle(top)
    twin.mk_deck[twin.mk_tail :] = top
    pool = twin.fairy_supply + twin.fairy_out
    rng.shuffle(pool)
    n = len(twin.fairy_supply)
    twin.fairy_supply = pool[:n]
    twin.fairy_out = sorted(pool[n:])
    twin.rng = Rng(derive_seed(seed, seat, 0x5A))
    return twin
