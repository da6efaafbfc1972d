"""Setting up a game (rulebook 004, "Setup"; checklist section SETUP)."""

from __future__ import annotations

from upriver.games.wayfarers.stack import roll
from upriver.games.wayfarers.state import (
    AI,
    CARD_N,
    CARDS,
    CELLS,
    HOSTS,
    PLAY,
    SLOTS,
    TAGS_N,
    TILE_N,
    Config,
    State,
)


def new_state(cfg: Config, seed: int) -> State:
    comp = cfg.comp
    p = cfg.table  # solo sets up a 2-player table, the opponent as seat 1 (WF-SOLO-01)
    st = State.blank(cfg, cfg.players, seed)
    rng = st.rng
    # Each board section's side: fixed by option or drawn (WF-SETUP-02, WF-RUL-19).
    st.sides = [s if s >= 0 else rng.below(2) for s in cfg.sides]
    st.piles = []
    for ctype in range(5):  # WF-SETUP-03/04: the base cards only, each pile shuffled
        pile = list(comp.cards_of(ctype))
        rng.shuffle(pile)
        st.piles.append(pile)
    st.pile_known = [[-1] * len(pile) for pile in st.piles]
    st.display = []
    for ctype in range(5):  # WF-SETUP-05
        for _ in range(SLOTS):
            st.display.append(st.piles[ctype].pop())
            st.pile_known[ctype].pop()
    st.jtile_at = list(range(len(comp.journal_tiles)))  # WF-SETUP-06
    rng.shuffle(st.jtile_at)
    st.green_on = [1, 1, 1, 1]  # WF-SETUP-07
    # One copy of each non-Special tile type per player; every Special tile (WF-SETUP-08/09).
    st.tile_supply = [1 if t.colour == 4 else p for t in comp.tiles]
    # WF-SETUP-14: seats are numbered from the first player; in solo the human is first
    # (WF-SOLO-06).
    st.first_player = 0 if cfg.solo else rng.below(p)
    boards = list(range(len(comp.caravans)))
    rng.shuffle(boards)
    ai_board = -1
    if cfg.solo:  # the opponent's board is the back of one of the four (WF-SOLO-02)
        ai_board = cfg.ai_board if cfg.ai_board >= 0 else rng.below(4)
        boards.remove(ai_board)
    st.board = boards[:p]  # WF-SETUP-13
    st.silver, st.provisions, st.inf_supply, st.guild = [], [], [], []
    for seat in range(p):  # by place in turn order from the first player (WF-SETUP-15..19)
        silver, provisions, guilds = comp.seats[(seat - st.first_player) % p]
        st.silver.append(silver)
        st.provisions.append(provisions)
        st.inf_supply.append(comp.influence - len(guilds))
        st.guild += [guilds.count(g) for g in range(3)]
    st.workers = [0, 1, 1] * p  # WF-SETUP-12
    st.reserve = [comp.dice - comp.dice_rolled] * p  # WF-SETUP-10
    st.dice = [[roll(st) for _ in range(comp.dice_rolled)] for _ in range(p)]
    st.jpos = [0] * p  # WF-SETUP-11
    st.occupied = [0] * HOSTS
    st.owner = [-1] * CARDS
    st.tuck = [-1] * HOSTS
    st.above = [-1] * HOSTS
    st.insp_on = [-1] * HOSTS
    st.card_inf = [-1] * CARDS
    st.card_workers = [0] * CARDS
    st.worker_new = [0] * CARDS
    st.drawn = []
    st.caravan = [-1] * (CELLS * p)  # WF-SETUP-26
    # A fresh board: City, Harbour, Observatory, Library and Stars tags (WF-TAG-03), and one
    # card of each type but Inspiration (WF-TAG-09, WF-RUL-18).
    st.tags = []
    for _ in range(p):
        tags = [0] * TAGS_N
        for t in (*comp.capital_city.tags, *comp.capital_harbour.tags, *comp.centre_tags,
                  *comp.capital_sky.tags):
            tags[t] += 1
        st.tags += tags
    st.ncards = [1, 1, 1, 1, 0] * p
    assert len(st.ncards) == CARD_N * p
    st.ntiles = [0] * (TILE_N * p)
    st.fresh = []
    st.lands = [[] for _ in range(p)]
    st.waters = [[] for _ in range(p)]
    st.stack = []
    st.ai = []
    st.schemes = []
    if cfg.solo:
        _opponent(st, ai_board)
    st.stage = PLAY
    st.seat = st.first_player
    st.used = st.die_col = st.spare_pigeon = st.main_done = st.turn = 0
    st.end_seat = st.final_left = st.drawer = -1
    return st


def _opponent(st: State, board: int) -> None:
    """The opponent as seat 1: no dice, Silver or Provisions, 1 Influence on Yellow and 1 on
    Blue, a Yellow and a Blue Worker, no cards or tags of a player board, its markers at the
    start (WF-SOLO-03..08)."""
    from upriver.games.wayfarers import opponent

    st.dice[AI] = []
    st.reserve[AI] = 0
    st.silver[AI] = st.provisions[AI] = 0
    st.guild[AI * 3 : AI * 3 + 3] = [0, 1, 1]
    st.workers[AI * 3 : AI * 3 + 3] = [0, 1, 1]
    st.ncards[AI * CARD_N : AI * CARD_N + CARD_N] = [0] * CARD_N
    st.tags[AI * TAGS_N : AI * TAGS_N + TAGS_N] = [0] * TAGS_N
    opponent.setup(st, board)
