"""What each seat may know, decided in one place; and determinisation for search bots.

Hidden: the order of the supply-card draw pile, the cards in other players' hands (except the ones
everyone saw them take from the display), the order of the Markaya deck (except the tiles seen going
under it), the face-down fairy supply and the fairies left in the box unseen. Everything else,
including the pearl bag's contents (which follow from what is visible), is public.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from upriver.core import knowledge as kn
from upriver.core.rng import Rng, derive_seed
from upriver.games.twelve_rivers import delivery, scoring
from upriver.games.twelve_rivers.components import COLOURS, EDITIONS, TRIBES
from upriver.games.twelve_rivers.state import (
    AFTER_BEFRIEND,
    AFTER_GAIN,
    BANNER_STEP,
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
    LANTERN_STEP,
    MUSHROOM_STEP,
    OVER,
    PAIRS,
    PAY,
    PHASE_OF_STAGE,
    RIVER,
    SEA,
    STAGE_NAMES,
    SUP_FROM,
    SUP_TO,
    VILLAGE,
    State,
)

# Steps that resolve one marker, whose space the view names.
AT_SPACE: set[int] = {RIVER, SEA, VILLAGE, INSTRUMENT_STEP, LAKE_DISCARD}
# The steps of an exploration turn once its marker is placed (its card taken apart).
TURN_STEPS: set[int] = {PAY, PAIRS, BANNER_STEP, LANTERN_STEP, SUP_FROM, SUP_TO}


def _named(names: tuple[str, ...], counts: list[int]) -> dict[str, int]:
    return {n: c for n, c in zip(names, counts, strict=True) if c}


def _rainbow_spots(st: State, t: int) -> dict[str, list[int]]:
    """The spots of a tile that a fairy turned rainbow (2022: the mushroom fairy; none in the
    current rules, whose light fairy lends a pearl its colour instead)."""
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
    at_space = stage in AT_SPACE or befriending
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
    if st.seat != seat and st.stage != OVER:
        shown.stage = DELIVER
    return shown


def _step(st: State) -> int:
    """The step a decision belongs to, seen through a fairy used in the middle of it."""
    return st.resume if st.stage in (EARTH_STEP, MUSHROOM_STEP) else st.stage


def _in_turn(st: State) -> bool:
    """An exploration turn after its marker was placed (paying, its card, pairs)."""
    step = _step(st)
    return step in TURN_STEPS or (step == CARDS and st.after_cards == AFTER_GAIN)


def view(st: State, seat: int | None, legal: list[str] | None) -> dict[str, Any]:
    secret = _unseen_step(st, seat)  # another seat is delivering, unseen
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
                # Cards drawn face down from the pile since it was built, less those known to
                # have been paid; and at most how many hidden cards predate the pile.
                "drawn_from_pile": sum(st.pile_drawn[s * 5 : s * 5 + 5]),
                "older_hidden_cards": st.pile_old[s],
                "fairies": _named(fairy_names, st.fairies[s * 5 : s * 5 + 5]),
                "fairies_used": _named(fairy_names, st.fairy_used[s * 5 : s * 5 + 5]),
                "fairies_taken": _named(fairy_names, st.fairies_taken[s * 5 : s * 5 + 5]),
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
    names = comp.space_names
    out: dict[str, Any] = {
        "game": "twelve-rivers",
        "edition": EDITIONS[st.cfg.e2022],
        "components_file": comp.source,
        "family": st.cfg.family,
        "viewer": seat,
        "round": st.round,
        "turns_taken": st.turns,
        "phase": phase,
        "step": STAGE_NAMES[st.stage],
        "to_move": to_move,
        "current_space": space,
        "starting_order": st.order[:],
        "rivers": [COLOURS[c] if c >= 0 else None for c in st.rivers],
        "pools": pools,
        "sea": _named(COLOURS, st.sea),
        "spaces": {names[i]: s for i, s in enumerate(st.occ) if s >= 0},
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
        "markaya_out": [comp.tiles[t].id for t in st.mk_out],
        "fairy_supply": len(st.fairy_supply),
        "fairies_in_box": len(st.fairy_out),
        "fairies_used": _named(fairy_names, [sum(st.fairy_used[k :: 5]) for k in range(5)]),
        "alpaca_cards": [
            {"colour": COLOURS[c], "count": n, "points": pts, "owner": _seat(st.acards[i])}
            for i, (c, n, pts) in enumerate(comp.alpaca_cards)
            if st.acards[i] != -2  # -2: not in play (2022: only the drawn mission)
        ],
        "pearls_out": _named(COLOURS, st.pearls_out),
        "tribes": [TRIBES[comp.tribes[s]] for s in range(p)] if st.cfg.e2022 else None,
        "delivering": bool(st.delivering),
        "players": players,
        "scores": scoring.scores(st),
        "notes": [comp.tiles_note] if comp.tiles_note else [],
    }
    step = _step(st)
    if _in_turn(st):
        out["placed"] = names[st.last_placed]  # the turn's marker, which supplies cannot move
    if step == PAY:
        out["cost"] = st.pay_full
        out["cost_left"] = st.pay_left
    if step == CARDS:
        out["cards_left"] = st.cards_left
        out["cards_optional"] = bool(st.cards_optional)
    if step == SUP_TO:
        out["moving_from"] = names[st.moving_from]
    if step == RIVER:
        out["picks_left"] = st.picks
        out["picks_taken"] = st.picks_done
        out["picks_added"] = st.boosts  # by fishing-net pairs and water fairies
    if any(st.given):  # pearls given up at this marker, which it may not take back
        out["given_up_here"] = _named(COLOURS, st.given)
    if st.stage in (EARTH_STEP, MUSHROOM_STEP) and not secret:
        out["fairy_during"] = STAGE_NAMES[st.resume]  # the decision it goes back to
        if st.stage == EARTH_STEP:
            out["earth_moves_left"] = st.earth_left
            out["earth_moved"] = st.earth_moved
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


# --- What each seat may know, field by field (docs/rulings/twelve-rivers.md prints this table).


def _parts(st: State, name: str, seat: int) -> list[int]:
    """One seat's part of a list the delivery step keeps from the others: its 5 counts, or the
    spots of its tiles."""
    value: list[int] = getattr(st, name)
    if name in ("spots", "lit"):
        comp = st.cfg.comp
        part = [value[comp.spot_offset[t] + j] for t in st.tiles_of[seat]
                for j in range(len(comp.tiles[t].spots))]
        return [int(x != 0) for x in part] if name == "lit" else part  # lit: a flag
    return value[seat * 5 : seat * 5 + 5]


def _live(name: str) -> kn.Seen:
    """A seat's pieces on the table: public, except that while the seats deliver, what the
    others deliver stays unseen until every seat has (TR-DELIV-02): a seat then knows only its
    own part as it is now (the others' parts as they were: ``before_delivery``)."""
    def seen(st: State, seat: int | None) -> object:
        if not st.delivering:
            return [_parts(st, name, s) for s in range(st.num_players)]
        return None if seat is None else _parts(st, name, seat)
    return seen


_SNAPSHOT = {"alpaca": BEFORE_ALPACA, "fairies": BEFORE_FAIRIES, "spots": BEFORE_SPOTS,
             "lit": BEFORE_LIT, "fairy_used": BEFORE_USED}


def _before(st: State, seat: int | None) -> object:
    """While the seats deliver, everyone's pieces as the step began, as the other seats see
    them (a seat's own part is superseded by what it sees of it now)."""
    if not st.delivering:
        return None
    shown = st.copy()
    for name, i in _SNAPSHOT.items():
        setattr(shown, name, st.before_delivery[i])
    return [[_parts(shown, name, s) for name in _SNAPSHOT] for s in range(st.num_players)
            if s != seat]


def _unseen_step(st: State, seat: int | None) -> bool:
    """Another seat is delivering: its steps (a fairy half used) are not seen yet."""
    return bool(st.delivering) and seat != st.seat and st.stage != OVER


def _stage(st: State, seat: int | None) -> object:
    return DELIVER if _unseen_step(st, seat) else st.stage


def _in_fairy(name: str, *stages: int) -> kn.Seen:
    def seen(st: State, seat: int | None) -> object:
        if st.stage in stages and not _unseen_step(st, seat):
            return getattr(st, name)
        return None
    return seen


def _space(st: State, seat: int | None) -> object:
    return None if _unseen_step(st, seat) else _context(st)[1]


def _pool_seen(st: State, seat: int | None) -> object:
    return pile_pool_for(st, seat)


def _markaya_deck(st: State, seat: int | None) -> object:
    return st.mk_deck[: st.mk_tail], len(st.mk_deck)


def _is(*stages: int) -> Callable[[State], bool]:
    """The decision under way is one of ``stages`` (none is, while the seats deliver)."""
    return lambda st: not st.delivering and _step(st) in stages


def _turn_known(st: State) -> bool:
    return not st.delivering and _in_turn(st)


KNOWLEDGE: tuple[kn.Field, ...] = (
    kn.hidden("rng", "the pearls still to come out of the bag and every shuffle still to "
             "happen are chance"),
    kn.public("bag", "bag", "the pearls in the bag follow from every pearl in sight"),
    kn.public("rivers", "rivers"), kn.public("pools", "pools"), kn.public("sea", "sea"),
    kn.public("occ", "spaces"), kn.public("track", "track"), kn.public("sites", "sites"),
    kn.size("fairy_supply", "fairy_supply", "fairies are drawn face down (TR-SETUP: \"place "
           "these fairies face down\")"),
    kn.size("fairy_out", "fairies_in_box", "the fairies returned to the box at setup are never "
           "seen"),
    kn.own_rule("fairy_used", _live("fairy_used"), "players[].fairies_used",
               "a used fairy goes back to the box in sight; delivery is kept from the others "
               "until all have delivered (TR-DELIV-02)"),
    kn.own("hands", 5, "players[].hand (own), hand_size",
          "cards drawn face down are seen by their taker only; everyone counts the cards"),
    kn.public("known", "players[].known_cards", "cards taken from the face-up display"),
    kn.own_rule("fairies", _live("fairies"), "players[].fairies", "fairies lie face up in "
               "the play area (TR-DELIV-02 while delivering)"),
    kn.own_rule("alpaca", _live("alpaca"), "players[].alpaca", "pearls on the alpaca are in "
               "sight (TR-DELIV-02 while delivering)"),
    kn.public("acards", "alpaca_cards", "alpaca cards are claimed in sight"),
    kn.size("deck", "draw_pile", "the draw pile is face down"),
    kn.public("display", "card_display"), kn.public("discard", "discard"),
    kn.own_rule("mk_deck", _markaya_deck, "markaya_deck, markaya_deck_bottom",
               "the Markaya deck is face down; the tiles put under it were seen going there "
               "(TR-PREP-15)"),
    kn.public("mk_display", "markaya_display"),
    kn.public("mk_out", "markaya_out", "starting tiles not in play and (2022) villagers "
             "leaving the game are face up"),
    kn.derived("owner", "players[].markaya", "who befriended a tile: the tiles each seat holds"),
    kn.own_rule("spots", _live("spots"), "players[].markaya[].pearls", "delivered pearls are "
               "in sight (TR-DELIV-02 while delivering)"),
    kn.public("given", "given_up_here", "a pearl given up at a marker lies in sight "
             "(TR-RULING-19, -20)"),
    kn.own_rule("lit", _live("lit"), "players[].markaya[].rainbow_spots", "a mushroom fairy's "
               "rainbow spot is in sight (TR22-FAIRY-10)"),
    kn.public("pearls_out", "pearls_out"),
    kn.public("fairies_taken", "players[].fairies_taken", "every fairy is taken in sight"),
    kn.public("order", "starting_order", "the starting Markaya are dealt face up"),
    kn.own_rule("pile_pool", _pool_seen, "draw_pile_pool", "what the pile may hold follows "
               "from the cards seen; a seat leaves out the cards it drew itself (TR-CARD-07)"),
    kn.own("pile_drawn", 5, "players[].drawn_from_pile (count), draw_pile_pool (own)",
          "everyone sees a card drawn face down, only its taker what it is"),
    kn.public("pile_old", "players[].older_hidden_cards", "follows from the cards seen taken "
             "and paid since the pile was built"),
    kn.public("tiles_of", "players[].markaya", "befriended Markaya are face up"),
    kn.own_rule("before_delivery", _before, "the other seats' pieces while delivering",
               "delivery is simultaneous (TR-DELIV-02): until all have delivered, a seat "
               "sees the others' pieces as the step began"),
    kn.public("round", "round"), kn.public("turns", "turns_taken"),
    kn.own_rule("stage", _stage, "step, phase", "the decision under way; another seat's "
               "delivery is seen as delivering (TR-DELIV-02)"),
    kn.public_while("seat", "until the game ends", lambda st: st.stage != OVER, "to_move"),
    kn.own_rule("mk_tail", _markaya_deck, "markaya_deck_bottom", "how many tiles were seen "
                "going under the deck"),
    kn.own_rule("cur_space", _space, "current_space", "the marker being resolved, in sight; "
               "in an exploration turn it is the space just placed on (placed)"),
    kn.public_while("pay_left", "while paying", _is(PAY), "cost_left"),
    kn.public_while("pay_full", "while paying", _is(PAY), "cost", "a wind fairy waives only "
                   "a cost not yet paid at all (TR-FAIRY-12)"),
    kn.public_while("last_placed", "in an exploration turn", _turn_known, "placed",
                   "supplies move another marker than the one just placed (TR-CARD-20)"),
    kn.public_while("picks", "at a river marker", _is(RIVER), "picks_left"),
    kn.public_while("picks_done", "at a river marker", _is(RIVER), "picks_taken",
                   "a pearl given up is only for the first pick (TR-RULING-22)"),
    kn.public_while("boosts", "at a river marker", _is(RIVER), "picks_added",
                   "extra picks stack only by the option (TR-RULING-21)"),
    kn.public_while("cards_left", "while taking cards", _is(CARDS), "cards_left"),
    kn.public_while("cards_optional", "while taking cards", _is(CARDS), "cards_optional",
                   "the final stretch's card may be declined (TR-EXPL-18)"),
    kn.public_while("after_cards", "while taking cards", _is(CARDS), "phase, placed",
                   "cards after a placement or after befriending"),
    kn.derived("coll_stretch", "current_space", "the stretch of the marker being collected"),
    kn.derived("coll_pos", "current_space", "the place of the marker being collected"),
    kn.derived("village_pos", "current_space", "the village marker acting"),
    kn.derived("deliver_seat", "to_move", "the seat delivering"),
    kn.own_rule("earth_left", _in_fairy("earth_left", EARTH_STEP), "earth_moves_left",
               "up to 3 pearls (TR-FAIRY-09); another seat's delivery is not seen"),
    kn.own_rule("earth_moved", _in_fairy("earth_moved", EARTH_STEP), "earth_moved",
               "\"done\" ends a move of at least one pearl"),
    kn.own_rule("resume", _in_fairy("resume", EARTH_STEP, MUSHROOM_STEP), "fairy_during",
               "the decision a fairy's use interrupts"),
    kn.public_while("moving_from", "while supplies move a marker", _is(SUP_TO), "moving_from",
                   "the marker chosen to move (TR-CARD-20)"),
    kn.public("delivering", "delivering", "step 5 is under way"),
    kn.hidden("dl_moves", "how many decisions a seat took delivering: the log shows the "
             "others one line per seat until all have delivered (TR-DELIV-02)"),
)
