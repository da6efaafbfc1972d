"""Setup and the preparation phase (rulebook 000, "Setup" and "Preparation Phase")."""

from __future__ import annotations

from upriver.games.twelve_rivers import supply
from upriver.games.twelve_rivers.state import PLACE, Config, State


def new_state(cfg: Config, seed: int) -> State:
    """Setup: bag, fairy supply, alpaca cards, Markaya deck, starting Markaya, track, cards.

    The starting Markaya 1..P are dealt at random, and whoever holds tile k is k-th in turn
    order: their markers go onto the track round-robin in that order (TR-SETUP-07..09, -11).
    2022 edition (rulebook 001, "Game Setup"): no starting tiles; "the player who recently
    climbed a mountain" starts, drawn at random here, and play goes on to the left (in seat
    order); all 25 fairies face down, one random mission card, starting hands by turn position
    (TR22-SETUP-05..13).
    """
    comp = cfg.comp
    p = cfg.players
    st = State.blank(cfg, p, seed)
    if cfg.e2022:
        first = st.rng.below(p)
        st.order = [(first + k) % p for k in range(p)]
    else:
        st.order = list(range(p))
        st.rng.shuffle(st.order)  # order[k] holds starting Markaya k + 1
    st.bag = list(comp.pearl_counts)  # TR-SETUP-02
    st.rivers = [-1] * comp.n_rivers
    st.pools = [0] * (5 * len(comp.stretch_ids))
    st.sea = [0] * 5
    st.occ = [-1] * len(comp.space_names)
    st.track = [-1] * comp.track_spaces
    for k in range(comp.markers_per_player * p):  # TR-SETUP-11: round-robin in turn order
        st.track[k] = st.order[k % p]
    st.sites = [0] * (5 * len(comp.site_ids))
    fairies = [k for k, n in enumerate(comp.fairy_counts) for _ in range(n)]
    st.rng.shuffle(fairies)
    keep = len(fairies) if comp.fairy_supply_all else comp.fairies_per_player * p  # TR-SETUP-03
    st.fairy_supply = fairies[:keep]
    st.fairy_out = sorted(fairies[keep:])
    st.fairy_used = [0] * (5 * p)
    st.hands = [0] * (5 * p)
    st.known = [0] * (5 * p)
    st.fairies = [0] * (5 * p)
    st.alpaca = [0] * (5 * p)
    st.acards = [-1] * len(comp.alpaca_cards)  # TR-SETUP-05: -1 open, -2 not in play
    if cfg.family:
        st.acards = [-2] * len(comp.alpaca_cards)  # TR22-FAMILY-02
    elif comp.alpaca_cards_in_play:  # TR22-SETUP-07: one random mission
        drawn = st.rng.below(len(comp.alpaca_cards))
        st.acards = [-1 if i == drawn else -2 for i in range(len(comp.alpaca_cards))]
    st.deck = [k for k, n in enumerate(comp.card_counts) for _ in range(n)]
    st.rng.shuffle(st.deck)
    st.pile_pool = list(comp.card_counts)  # every card starts in the pile
    st.pile_drawn = [0] * (5 * p)
    st.pile_old = [0] * p  # the starting hands are dealt from the pile
    hands = comp.starting_hands.get(p, (comp.hand_size,) * p)  # TR-SETUP-12, TR22-SETUP-10/11
    for k, seat in enumerate(st.order):
        for _ in range(hands[k]):
            supply.draw_face_down(st, seat)
    st.display = []
    st.discard = [0] * 5
    supply.refill_display(st)  # TR-SETUP-13, TR-SETUP-15

    st.owner = [-1] * len(comp.tiles)
    st.tiles_of = [[] for _ in range(p)]
    st.mk_out = []
    regular = []
    for i, tile in enumerate(comp.tiles):
        if tile.start == 0:
            regular.append(i)
        elif tile.start <= p:  # TR-SETUP-07/08: dealt as turn order says
            holder = st.order[tile.start - 1]
            st.owner[i] = holder
            st.tiles_of[holder].append(i)
        else:
            st.mk_out.append(i)
    st.rng.shuffle(regular)  # TR-SETUP-06
    st.mk_deck = regular
    st.mk_tail = 0
    st.mk_display = []
    st.spots = [-1] * comp.n_spots
    st.lit = [0] * comp.n_spots
    st.pearls_out = [0] * 5
    st.fairies_taken = [0] * (5 * p)
    st.before_delivery = []
    st.given = [0] * 5
    st.round = 1
    for name in ("seat", "cur_space", "pay_left", "pay_full", "last_placed", "picks",
                 "picks_done", "boosts", "cards_left", "cards_optional", "after_cards",
                 "coll_stretch", "coll_pos", "village_pos", "deliver_seat", "earth_left",
                 "earth_moved", "resume", "moving_from", "delivering", "dl_moves", "turns"):
        setattr(st, name, 0)
    prepare_round(st)
    return st


def prepare_round(st: State) -> None:
    """Refill pearls, place fairies, exchange Markaya; then the first marker on the track moves."""
    comp = st.cfg.comp
    p = st.num_players
    # 1. Refill pearls: one random pearl into each of the 3P leftmost rivers (TR-PREP-05/06).
    for r in range(comp.rivers_per_player * p):
        colour = st.rng.weighted(st.bag)
        st.bag[colour] -= 1
        st.rivers[r] = colour
    # 2. Place fairies: P drawn, left to right on the round's site kind (TR-PREP-09..13).
    kind = 0 if st.round % 2 == 1 else 1
    placed = 0
    for site, site_kind in enumerate(comp.site_kind):
        if site_kind == kind and placed < p and st.fairy_supply:
            st.sites[site * 5 + st.fairy_supply.pop()] += 1
            placed += 1
    # 3. Exchange Markaya: leftovers under the deck in display order, then reveal 6
    #    (TR-PREP-15/16, TR-RULING-11). 2022: the leftovers leave the game (TR22-RULING-08), or
    #    stay with the offer topped up to 6 (option villager_offer = refill).
    if st.cfg.e2022:
        if not st.cfg.villagers_refill:
            st.mk_out.extend(st.mk_display)
            st.mk_display = []
    elif st.mk_display:
        st.mk_deck[0:0] = reversed(st.mk_display)
        st.mk_tail += len(st.mk_display)
        st.mk_display = []
    while len(st.mk_display) < comp.markaya_display and st.mk_deck:
        st.mk_display.append(st.mk_deck.pop())
    st.mk_tail = min(st.mk_tail, len(st.mk_deck))
    start_turn(st)


def start_turn(st: State) -> None:
    """The marker on the frontmost occupied track space moves next (TR-EXPL-01)."""
    for seat in st.track:
        if seat >= 0:
            st.stage = PLACE
            st.seat = seat
            return
    raise AssertionError("start_turn with an empty track")
