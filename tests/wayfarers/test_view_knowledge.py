"""What a seat sees (issue 25): the view holds everything the table of ``view.KNOWLEDGE`` says a
seat may know: the turn under way (what its player did, every step still owed), where the cards
a seat put under a pile lie, who drew, the dice in the order pending steps name them, every
card a seat owns, the caravans' tiles face and part, the end's last turns, the solo opponent's
pending steps and face-down Scheme cards; the terminal and the learning encoding carry the turn
too, and the fields the table calls derived do follow from the ones it names."""

from __future__ import annotations

import random
from typing import Any

import upriver
from tests.wayfarers.helpers import (
    acts,
    gain,
    give,
    new,
    place_tile,
    play,
    put_display,
    rest_turn,
    set_dice,
    state,
)
from upriver.core import knowledge
from upriver.core.game import Game
from upriver.games.wayfarers import encoding, render, view
from upriver.games.wayfarers.cards import COUNT_COLUMN
from upriver.games.wayfarers.state import (
    AI,
    AI_BESIDE,
    AI_MARKERS,
    AI_PATH,
    CELLS,
    COMET_TRACK,
    State,
)

MARKET = "townsfolk card | 2 provisions"  # the Capital Market's die action


def turn(g: Game, seat: int | None = 0) -> dict[str, Any]:
    out: dict[str, Any] = g.view(seat)["this_turn"]
    return out


def fresh_table() -> Game:
    """Seat 0 to move, with one Yellow Influence, dice 5, 2 and 5 in that order, nothing else
    on its Guilds."""
    g = new(2, seed=1, sides="aaa")
    give(g, 0, black=0, yellow=1, blue=0, silver=5, provisions=2)
    set_dice(g, 0, [5, 2, 5])
    return g


def test_the_view_says_what_the_mover_did_this_turn_and_what_is_still_owed() -> None:
    """Every seat (and a spectator) sees the turn under way: nothing done at first; choosing a
    die pends its placement (the die by its place in supply); Yellow Influence used then is
    flagged and pends its change above the placement; once the die is placed the main action
    is done, its column is named and the Market's action waits, as a part of the die's action;
    the Townsfolk taken waits for its host; with nothing left the turn passes, and the next
    starts clean."""
    g = fresh_table()
    for seat in (0, 1, None):
        assert turn(g, seat) == {"seat": 0, "main_action_done": False, "used": [],
                                 "die_column": None, "spare_pigeons": 0, "cards_gained": [],
                                 "workers_placed": {}, "pending": []}
    play(g, "place die 2")
    die = {"step": "place a die", "die": 1, "value": 2, "caravan_columns_used": [],
           "caravan_chain": "not started"}
    assert turn(g)["pending"] == [die]
    play(g, "use yellow influence")
    assert turn(g)["used"] == ["yellow influence"]
    assert turn(g, 1)["pending"] == [
        {"step": "yellow influence", "first_step": None, "die_to_place": 1}, die]
    play(g, "yellow: the die to place, 2 to 3")
    assert turn(g)["pending"][0]["first_step"] == {"die": 1, "value": 3, "by": 1}
    play(g, "yellow: no second step", "place die 3 on Capital Market")
    t = turn(g, 1)
    assert t["main_action_done"] and t["die_column"] == 3 and t["used"] == ["yellow influence"]
    assert t["pending"] == [{"step": "resolve effects",
                             "parts": [{"part": MARKET, "die_action": True,
                                        "from": "Capital Market"}]}]
    take = next(a for a in acts(g) if a.startswith("take T"))
    townsfolk = take.split()[1]
    play(g, take)
    assert turn(g)["pending"][0] == {"step": "tuck a townsfolk", "card": townsfolk}
    play(g, next(a for a in acts(g) if a.startswith(f"tuck {townsfolk} under ")))
    assert turn(g, None) == {"seat": 1, "main_action_done": False, "used": [],
                             "die_column": None, "spare_pigeons": 0, "cards_gained": [],
                             "workers_placed": {}, "pending": []}


def test_a_card_gained_this_turn_is_named_while_the_turn_goes_on() -> None:
    """WF-TURN-15: a Land card taken with the Capital City's action counts as gained this turn
    while the action's Silver is still to take."""
    g = fresh_table()
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card")
    take = next(a for a in acts(g) if a.startswith("take L"))
    play(g, take)
    t = turn(g, 1)
    assert t["cards_gained"] == [take.split()[1]]
    assert t["pending"][0]["step"] == "resolve effects"
    assert "silver" in [p["part"] for p in t["pending"][0]["parts"]]


def test_a_finished_game_has_no_turn_under_way() -> None:
    """Every position of a game has its turn under way, until the game is over."""
    g = upriver.new_game("wayfarers", players=2, seed=2, round_limit=1)
    rng = random.Random(2)
    while not g.is_over:
        assert g.view(0)["this_turn"]["seat"] == g.to_move
        g.play(rng.choice(g.legal_actions()))
    assert "this_turn" not in g.view(0)


def test_a_worker_placed_this_turn_is_named_with_its_card() -> None:
    """WF-ACQ-11: the Worker placed this turn shows with its card and colour, for every seat."""
    g = new(2, seed=1, sides="aaa")
    give(g, 0, black=0, yellow=0, blue=0, silver=10, provisions=5, yellow_workers=1)
    put_display(g, "land", 4, "L20")
    play(g, "place yellow worker on L20")
    for seat in (0, 1):
        assert turn(g, seat)["workers_placed"] == {"L20": ["yellow"]}
        assert turn(g, seat)["main_action_done"]


def test_a_rest_shows_the_dice_still_to_reroll() -> None:
    """WF-TURN-10: after a Rest the dice kept in supply may be rerolled one by one: the pending
    step names them by place and value."""
    g = fresh_table()
    set_dice(g, 0, [4])
    play(g, "rest")
    pending = turn(g)["pending"]
    assert {"step": "reroll dice", "dice": [0], "values": [4]} in pending
    assert g.view(1)["players"][0]["dice_in_order"][0] == 4


def test_the_dice_show_in_the_order_pending_steps_name_them() -> None:
    """Dice are named by value, but a pending step names the die it is about by its place in
    supply: the view gives the order too."""
    g = fresh_table()
    me = g.view(1)["players"][0]
    assert me["dice"] == [2, 5, 5] and me["dice_in_order"] == [5, 2, 5]
    play(g, "place die 5")
    assert turn(g)["pending"][0]["die"] == 0


def drawing_game() -> Game:
    """Seat 0 draws 3 Land cards to keep one (a Yellow Worker on L20, slot 4)."""
    g = new(2, seed=1, sides="aaa")
    give(g, 0, black=0, yellow=0, blue=0, silver=0, provisions=3, yellow_workers=1)
    set_dice(g, 0, [])
    put_display(g, "land", 4, "L20")
    play(g, "place yellow worker on L20", "pay 3 provisions -> draw 3 land", "draw 3 land")
    return g


def test_everyone_sees_who_drew_and_the_drawn_cards_are_the_drawers() -> None:
    """WF-ACQ-18: the cards drawn for a draw-3 choice are seen by the player drawing only; who
    drew them, how many and from which row are public."""
    g = drawing_game()
    st = state(g)
    ids = [st.cfg.comp.cards[c].id for c in st.drawn]
    assert g.view(0)["drawn"] == ids and g.view(0)["drawer"] == 0
    for seat in (1, None):
        v = g.view(seat)
        assert v["drawn"] == 3 and v["drawer"] == 0
        assert not any(f"'{c}'" in repr(v) for c in ids)
    assert turn(g, 1)["pending"][0] == {"step": "keep a drawn card", "row": "land"}


def test_a_seat_sees_where_the_cards_it_put_under_a_pile_lie() -> None:
    """WF-RUL-17: the two cards not kept go under the Land pile in sight: everyone sees that
    seat 0 knows those two places; seat 0 alone sees which card lies where."""
    g = drawing_game()
    st = state(g)
    kept = g.view(0)["drawn"][1]
    play(g, f"keep {kept}")
    bottom = [st.cfg.comp.cards[c].id for c in st.piles[1][:2]]
    mine = g.view(0)["rows"]["land"]
    assert mine["under_pile"] == [{"place": 0, "known_to": 0, "card": bottom[0]},
                                  {"place": 1, "known_to": 0, "card": bottom[1]}]
    for seat in (1, None):
        v = g.view(seat)
        assert v["rows"]["land"]["under_pile"] == [{"place": 0, "known_to": 0, "card": None},
                                                   {"place": 1, "known_to": 0, "card": None}]
        assert not any(f"'{c}'" in repr(v) for c in bottom)


def test_every_card_a_seat_owns_and_every_influence_on_a_card_is_listed() -> None:
    """Panoramas and Influence are public (WF-ACQ-18): a seat's cards, the Townsfolk tucked and
    the Space card above included, and every card holding a seat's Influence."""
    g = new(2, seed=1, sides="aaa")
    gain(g, 1, "L20")
    gain(g, 1, "S09", above="L20")
    card = put_display(g, "water", 2, "W12")
    state(g).card_inf[card] = 1
    v = g.view(0)
    assert v["players"][1]["cards"] == ["L20", "S09"] and v["players"][0]["cards"] == []
    assert v["influence_on_cards"] == {"W12": 1}


def test_a_caravan_cell_names_its_tiles_face_and_part() -> None:
    """Two cells of a Land tile laid face b: each names the tile, the face and which of its two
    cells it is (the first carries the tile's VP)."""
    g = new(2, seed=1, sides="aaa")
    place_tile(g, 0, "land-discount", 2, 1, face=1)
    cells = g.view(1)["players"][0]["caravan_tiles"]
    assert cells[1:3] == [{"tile": "land-discount", "face": "b", "part": 0},
                          {"tile": "land-discount", "face": "b", "part": 1}]
    assert cells.count(None) == CELLS - 2


def test_the_last_turns_are_counted_once_the_end_is_triggered() -> None:
    """WF-END-02: once the end is triggered every seat takes one more turn: the view counts
    them down."""
    g = new(2, seed=1, sides="aaa")
    assert g.view(0)["final_turns_left"] is None
    state(g).end_seat = 0
    rest_turn(g)
    assert g.view(1)["final_turns_left"] == 2
    rest_turn(g)
    assert g.view(0)["final_turns_left"] == 1


def solo_asked() -> Game:
    """A solo game where the human is asked to allow or deny the opponent a card while the
    opponent still has steps to do."""
    for seed in range(60):
        g = upriver.new_game("wayfarers", players=1, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.is_over:
                break
            pending = g.view(0)["this_turn"]["pending"]
            if pending and pending[0]["step"] == "allow or deny the opponent" and len(
                    pending) > 1:
                return g
            g.play(rng.choice(g.legal_actions()))
    raise AssertionError("no solo game asked the human with opponent steps pending")


def test_the_solo_opponents_steps_still_to_do_show_when_the_human_is_asked() -> None:
    """WF-SOLO-58: asked during the opponent's turn, the human sees whose turn it is, the card
    and what the opponent would do with it, and the steps the opponent still has to do."""
    g = solo_asked()
    t = turn(g)
    assert t["seat"] == AI and g.view(0)["to_move"] == 0
    ask, *rest = t["pending"]
    assert ask["card"] in {s["id"] for row in g.view(0)["rows"].values()
                           for s in row["slots"] if s}
    assert any(ask["card"] in a for a in acts(g))
    assert rest and all(f["step"] == "the opponent acts" and f["action"] in
                        view.AI_STEPS.values() for f in rest)


def test_the_solo_opponents_markers_and_path_show_in_full() -> None:
    """The solo opponent's path cells name their tile and which of its cells each is (the
    first carries the tile's VP, WF-SOLO-50), and its other markers show: the path cells
    filled, the extra Journal step of this turn, the Resource Track steps due from fees."""
    g = upriver.from_position("wayfarers", """
players = 1
[options]
ai_board = "mayor"
[opponent]
caravan = ["basic-camel", "space-telescope"]
""")
    opp = g.view(0)["opponent"]
    laid = [cell for cell in opp["caravan_tiles"] if cell is not None]  # in cell order
    assert sorted(laid, key=str) == [{"tile": "basic-camel", "part": 0},
                                     {"tile": "space-telescope", "part": 0},
                                     {"tile": "space-telescope", "part": 1}]
    assert opp["path_filled"] == 3
    assert opp["extra_journal_step_taken"] is False and opp["resource_steps_due"] == 0


def test_the_terminal_says_what_this_turn_did_and_what_is_still_to_do() -> None:
    """The terminal names the main action done, the Influence used and the steps still owed,
    the next first."""
    g = fresh_table()
    play(g, "place die 2", "use yellow influence")
    text = render.text(g.view(0)).replace("\n    ", " ")
    assert "This turn (seat 0): · main action not taken yet · yellow influence used" in text
    assert ("Still to do, next first: · yellow influence · place die 2 (caravan chain not "
            "started)") in text


def test_the_web_board_says_what_this_turn_did_to_every_seat() -> None:
    """The web board of every seat and spectators carries the same lines: what the mover did
    this turn and what is still owed."""
    from upriver.games.wayfarers import svg

    g = fresh_table()
    play(g, "place die 2", "use yellow influence")
    for seat in (None, 0, 1):
        drawn = svg.render(g.view(seat)).replace("\n", " ")
        assert 'data-piece="this-turn"' in drawn
        assert "main action not taken yet" in drawn and "yellow influence used" in drawn


def test_the_encoding_carries_the_turn_under_way() -> None:
    """The observation flags the Yellow Influence used, the die to place and, once placed, its
    column and the pending part of its action."""
    g = fresh_table()
    play(g, "place die 2", "use yellow influence")
    seg = segments(g, 0)
    assert seg["table.used this turn"] == [0.0, 1.0, 0.0, 0.0, 0.0]
    assert seg["table.die to place"] == [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    assert seg["table.turn seat"] == [1.0, 0.0] and segments(g, 1)["table.turn seat"] == [0.0,
                                                                                          1.0]
    play(g, "yellow: the die to place, 2 to 3", "yellow: no second step",
         "place die 3 on Capital Market")
    seg = segments(g, 0)
    assert seg["table.main action done"] == [1.0]
    assert seg["table.die column"][2] == 1.0 and sum(seg["table.die column"]) == 1.0
    parts = encoding._tables().parts
    assert seg["table.next parts"][parts[MARKET]] == 0.5
    assert seg["table.next parts from die"] == [1.0]


def segments(g: Game, seat: int) -> dict[str, list[float]]:
    vec = encoding.encode(g.view(seat), g.num_players, g.options)
    out, at = {}, 0
    for name, n in encoding.layout(g.num_players, g.options):
        out[name] = vec[at : at + n]
        at += n
    return out


def derived_counts(st: State) -> dict[str, list[int]]:
    """``tags``, ``ncards`` and ``ntiles`` recomputed from the fields the table derives them
    from: the printed Capital, the cards owned, the caravans (the solo opponent: its Comet
    Track, path and tiles beside it)."""
    comp = st.cfg.comp
    out: dict[str, list[int]] = {"tags": [], "ncards": [], "ntiles": []}
    for s in range(st.cfg.table):
        opponent = bool(st.ai) and s == AI
        tags, cards_, tiles = [0] * 11, [0] * 5 if opponent else [1, 1, 1, 1, 0], [0] * 5
        if opponent:
            tags[10] = st.ai[AI_MARKERS][COMET_TRACK]
            laid = [code // 2 for code in st.ai[AI_PATH] if code >= 0 and code % 2 == 0]
            laid += st.ai[AI_BESIDE]
        else:
            for t in (*comp.capital_city.tags, *comp.capital_harbour.tags, *comp.centre_tags,
                      *comp.capital_sky.tags):
                tags[t] += 1
            laid = [code // 8 for code in st.caravan[s * CELLS : s * CELLS + CELLS]
                    if code >= 0 and code % 2 == 0]
        for c, owner in enumerate(st.owner):
            if owner == s:
                cards_[COUNT_COLUMN[comp.cards[c].type]] += 1
                if not opponent and comp.cards[c].type in (1, 2, 3):  # Land, Water, Space
                    for t in comp.cards[c].tags:
                        tags[t] += 1
        for i in laid:
            tiles[comp.tiles[i].colour] += 1
            if not opponent:
                for t in comp.tiles[i].tags:
                    tags[t] += 1
        out["tags"] += tags
        out["ncards"] += cards_
        out["ntiles"] += tiles
    return out


def test_the_fields_the_table_derives_follow_from_the_fields_it_names() -> None:
    """The table's derived fields (tags, card and tile counts) tell nothing the others do not:
    at every decision of random games at every player count they equal their recomputation."""
    derived = {f.name for f in view.KNOWLEDGE if f.kind == knowledge.DERIVED}
    assert derived == {"tags", "ncards", "ntiles"}
    checked = 0
    for players in (1, 2, 3, 4):
        g = upriver.new_game("wayfarers", players=players, seed=players)
        rng = random.Random(players)
        for _ in range(400):
            if g.is_over:
                break
            st = state(g)
            expected = derived_counts(st)
            assert {name: getattr(st, name) for name in derived} == expected
            checked += 1
            g.play(rng.choice(g.legal_actions()))
    assert checked > 1000


def test_the_table_lists_every_field_once() -> None:
    """Every field of the state, the random stream included, is in the table exactly once."""
    knowledge.check_table(view.KNOWLEDGE, state(new(2)))
