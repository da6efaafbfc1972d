"""Setup and the preliminary turn (rulebook 003, "Setup" and "Preliminary Turn")."""

from __future__ import annotations

from upriver.games.the_river import terrain, turns
from upriver.games.the_river.state import PRELIM, Config, State


def new_state(cfg: Config, seed: int) -> State:
    comp = cfg.comp
    p = cfg.players
    st = State.blank(cfg, p, seed)
    st.stock = list(comp.stock[p])  # RV-SETUP-08/09
    st.stack = list(range(len(comp.tiles)))
    st.rng.shuffle(st.stack)  # RV-SETUP-03
    st.tile_discard = []
    st.tiles_out = []
    st.display = [st.stack.pop() for _ in range(min(p + 1, len(st.stack)))]  # RV-SETUP-04
    st.deck = list(range(len(comp.buildings)))
    st.rng.shuffle(st.deck)  # RV-SETUP-05
    st.bdisplay = [st.deck.pop() if st.deck else -1 for _ in range(comp.building_display[p])]
    in_use = [i for i in range(len(comp.token_values)) if p > 2 or comp.token_two_dots[i]]
    st.tokens_out = [i for i in range(len(comp.token_values)) if i not in in_use]  # RV-SETUP-10
    # RV-SETUP-11: zeros in the right pile; the rest in the left pile, highest on top (the end).
    st.right_pile = [i for i in in_use if comp.token_values[i] == 0]
    st.left_pile = sorted((i for i in in_use if comp.token_values[i] > 0),
                          key=lambda i: (comp.token_values[i], -i))
    st.spot_occ = [-1] * len(cfg.spots)
    st.crowd = [0] * ((len(cfg.spots) + 1) * p)
    st.boat = [comp.pioneers - 1] * p  # RV-SETUP-02
    st.on_board = [0] * p
    st.settled = [0] * p
    st.token_pioneer = [1] * p
    st.res = [0] * (4 * p)  # RV-SETUP-13
    st.river = [-1] * (comp.river_spaces * p)
    st.stored = [0] * (comp.river_spaces * p * 4)
    st.cap = [0] * p
    st.prod = [0] * (3 * p)
    for seat in range(p):
        st.refresh_board(seat)
    st.claims = [0] * p
    st.framed_new = [0] * p
    st.discounts = [0] * p
    st.extra_claims = [0] * p
    st.pending = [0] * 4
    st.pay_left = [0] * 3
    st.reserved = [[] for _ in range(p)]
    st.built = [[] for _ in range(p)]
    st.tokens = [[] for _ in range(p)]
    st.round = 1
    st.first_player = st.rng.below(p)  # RV-SETUP-12
    st.turn_seat = st.first_player
    st.opening_player = st.first_player
    st.triggered = 0
    st.choose_left = st.trade_left = st.pay_building = st.pay_reserved = 0
    st.swap_first = -1
    st.cover_tile = -1
    st.resume_turn = 0
    st.turns = 0
    st.construct_count = 0
    # RV-PRELIM-02: counter-clockwise from the first player's right; the first player last.
    st.prelim_order = [(st.first_player - k) % p for k in range(1, p + 1)]
    st.stage = PRELIM
    st.seat = st.prelim_order[0]
    return st


def apply_prelim(st: State, tile: int) -> None:
    """The picked tile goes on space 1 (RV-PRELIM-01); it is no claim (RV-PRELIM-04)."""
    st.display.remove(tile)
    terrain.place_tile(st, st.seat, tile)
    terrain.resolve_cover(st, tile)


def after_prelim_pick(st: State) -> None:
    st.prelim_order.pop(0)
    if st.prelim_order:
        st.stage = PRELIM
        st.seat = st.prelim_order[0]
        return
    st.tiles_out.extend(st.display)  # RV-PRELIM-03: the last setup tile leaves the game
    st.framed_new = [0] * st.num_players  # only spaces covered during a round settle pioneers
    st.display = []
    terrain.refill_terrain(st)  # RV-PRELIM-05
    turns.begin_round(st)
