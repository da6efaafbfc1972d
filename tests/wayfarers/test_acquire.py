"""Acquiring cards (checklist section WF-ACQ): the displays, prices, draw 3 keep 1, Influence fees
beside prices, Workers on acquired cards, the end-of-turn refill and sliding, and what the views
hide.

Prices (data/board.toml, cards.toml): Space slots 1-4 cost 3, 4, 4, 5 Silver; Townsfolk T15
Hunter 0, T22 Messenger 1, T08 Farmer 2, T13 Guardian 3. The Capital City: pay 2 Provisions,
then 1 Silver and a Land card (Camel); the Capital Observatory: a Space card or Space tile
(Telescope); the Capital Market: a Townsfolk card or 2 Provisions (any die).
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from tests.wayfarers.helpers import (
    FREE_TOWNSFOLK,
    MARKET,
    OBSERVATORY,
    SPACE_OFF,
    acts,
    gain,
    give,
    idx,
    new,
    place_tile,
    play,
    put_display,
    set_dice,
    starting,
    state,
)
from tests.wayfarers.test_cards import (
    clear_dice,
    finish,
    pass_turn,
    water_via_harbour,
)
from upriver.core.game import Game

BOARD = Path(__file__).parents[2] / "src/upriver/games/wayfarers/data/board.toml"


def row_ids(g: Game, row: str) -> list[str | None]:
    return [None if c is None else c["id"] for c in g.view(None)["rows"][row]["slots"]]


def pile_top(g: Game, row: int, n: int = 1) -> list[str]:
    st = state(g)
    return [st.cfg.comp.cards[c].id for c in st.piles[row][::-1][:n]]


def capital_city_choice(g: Game, provisions: int = 2) -> None:
    """Seat 0 places a die 1 on the Capital City and pays 2 Provisions (the Land card and the
    Silver are still to choose)."""
    clear_dice(g)
    give(g, 0, provisions=provisions)
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card")


def test_any_face_up_card_of_the_row_may_be_taken() -> None:
    """WF-ACQ-01: a Land card acquisition offers every face-up card of the Land display."""
    g = new(2)
    for slot, c in enumerate(("L12", "L16", "L19", "L30"), 1):
        put_display(g, "land", slot, c)
    capital_city_choice(g)
    assert set(starting(g, "take ")) == {"take L12", "take L16", "take L19", "take L30"}


def test_display_geometry_and_slide_directions() -> None:
    """WF-ACQ-02, WF-ACQ-14: slot 1 is the slot farthest from the pile: new cards come in at
    slot 4 (next to the pile) and the others slide toward slot 1. The rows' slide directions in
    the data are: Townsfolk and Land right, Space and Water left, Inspiration down."""
    rows = tomllib.loads(BOARD.read_text())["rows"]
    assert {name: rows[name]["slide"] for name in rows} == {
        "townsfolk": "right", "land": "right", "water": "left", "space": "left",
        "inspiration": "down"}
    g = new(2)
    st = state(g)
    names = ("townsfolk", "land", "water", "space", "inspiration")
    before = {n: row_ids(g, n) for n in names}
    tops = {n: pile_top(g, r)[0] for r, n in enumerate(names)}
    for r in range(5):
        st.display[r * 4] = -1  # slot 1 of every row emptied this turn
    set_dice(g, 0, [2, 3])
    play(g, "rest", "keep the other dice")
    for n in names:
        assert row_ids(g, n) == [*before[n][1:], tops[n]], n


def test_land_and_water_cards_have_no_price() -> None:
    """WF-ACQ-03: a Land or Water card costs nothing of its own: with no Silver the Capital City
    still takes one (and pays out its 1 Silver), and the Capital Harbour takes a Water card."""
    g = new(2)
    st = state(g)
    give(g, 0, silver=0)
    put_display(g, "land", 4, "L16")
    capital_city_choice(g)
    assert "take L16" in acts(g)
    play(g, "take L16", "gain 1 silver")
    assert st.silver[0] == 1 and idx(g, "L16") in st.lands[0]
    pass_turn(g)
    give(g, 0, silver=0)
    water_via_harbour(g, "W05", slot=4)
    assert st.silver[0] == 0 and idx(g, "W05") in st.waters[0]


def test_space_prices_by_slot() -> None:
    """WF-ACQ-04: a Space card costs 3, 4, 4 or 5 Silver from slot 1, 2, 3 or 4; with 4 Silver
    the slot-4 card is not offered."""
    g = new(2)
    gain(g, 0, "L16")
    for slot, c in enumerate(("S16", "S17", "S18", "S19"), 1):
        put_display(g, "space", slot, c)
    give(g, 0, silver=4)
    set_dice(g, 0, [6])
    play(g, "place die 6", "place die 6 on Capital Observatory")
    assert set(starting(g, "take S")) == {"take S16 (3 silver)" + OBSERVATORY,
                                          "take S17 (4 silver)" + OBSERVATORY,
                                          "take S18 (4 silver)" + OBSERVATORY}
    give(g, 0, silver=5)
    g._legal = None
    assert "take S19 (5 silver)" + OBSERVATORY in acts(g)
    play(g, "take S19 (5 silver)" + OBSERVATORY)
    assert state(g).silver[0] == 0


def test_townsfolk_printed_price() -> None:
    """WF-ACQ-05: a Townsfolk card costs its printed Silver (Hunter 0, Messenger 1, Farmer 2,
    Guardian 3); with 2 Silver the Guardian is not offered."""
    g = new(2)
    gain(g, 0, "L19")
    gain(g, 0, "W19")
    for slot, c in enumerate(("T15", "T22", "T08", "T13"), 1):
        put_display(g, "townsfolk", slot, c)
    give(g, 0, silver=2)
    set_dice(g, 0, [2])
    play(g, "place die 2", "place die 2 on Capital Market")
    assert set(starting(g, "take T")) == {"take T15" + MARKET, "take T22 (1 silver)" + MARKET,
                                          "take T08 (2 silver)" + MARKET}
    play(g, "take T08 (2 silver)" + MARKET)
    assert state(g).silver[0] == 0


def test_price_modifiers() -> None:
    """WF-ACQ-06: "free" waives a Townsfolk's price (W27); "1 Silver off" lowers a Space card's
    price (the Townsfolk row's slot-1 Worker); a Silver discount icon in the die's column lowers
    it by 1 more, stacking with "1 Silver off" (L14, die 6); a price never goes below 0."""
    # free: the Guardian (3) from W27's immediate effect with no Silver
    g = new(2)
    gain(g, 0, "W19")
    put_display(g, "townsfolk", 1, "T13")
    water_via_harbour(g, "W27")
    give(g, 0, silver=0)
    assert "take T13" + FREE_TOWNSFOLK in acts(g)
    # 1 Silver off: the Worker on Townsfolk slot 1; the slot-4 Space card costs 4
    g = new(2)
    gain(g, 0, "L16")
    put_display(g, "space", 4, "S19")
    give(g, 0, silver=4, green_workers=1)
    play(g, starting(g, "place green worker on ")[0])
    assert "take S19 (4 silver)" + SPACE_OFF in acts(g)
    # 1 Silver off plus a caravan discount: L14 with a die 6 over a Silver discount
    g = new(2)
    gain(g, 0, "L14")
    gain(g, 0, "T34", under="L14")  # Vagrant: the Camel L14 needs
    gain(g, 0, "L16")
    place_tile(g, 0, "land-discount", 5, 2)  # face a: the discount in column 6
    put_display(g, "space", 1, "S16")
    put_display(g, "space", 4, "S19")
    give(g, 0, silver=9)
    set_dice(g, 0, [6])
    play(g, "place die 6", "place die 6 on L14")
    assert {"take S16 (1 silver)" + SPACE_OFF,
            "take S19 (3 silver)" + SPACE_OFF} <= set(acts(g))
    # never below 0: the Hunter (0) and Messenger (1) with a die 6 at the Capital Market
    g = new(2)
    st = state(g)
    gain(g, 0, "L19")
    place_tile(g, 0, "land-discount", 5, 2)
    put_display(g, "townsfolk", 1, "T15")
    put_display(g, "townsfolk", 2, "T22")
    put_display(g, "townsfolk", 3, "T08")
    give(g, 0, silver=1)
    set_dice(g, 0, [6])
    play(g, "place die 6", "place die 6 on Capital Market")
    offered = set(acts(g))
    assert {take + MARKET for take in ("take T15", "take T22", "take T08 (1 silver)")} <= offered
    play(g, "take T15" + MARKET, "tuck T15 under L19")
    assert st.silver[0] == 1


def test_draw_three_keep_one_instead_of_the_display() -> None:
    """WF-ACQ-07, WF-ACQ-09: a die action's Land card may instead be one of the top 3 of the
    Land pile, for 1 Provision; exactly one is kept (no "done") and the other two go to the
    bottom of the same pile."""
    g = new(2)
    st = state(g)
    top3 = pile_top(g, 1, 3)
    size = len(st.piles[1])
    capital_city_choice(g, provisions=3)
    assert "draw 3 land (1 provision)" in acts(g)
    play(g, "draw 3 land (1 provision)")
    assert st.provisions[0] == 0
    assert sorted(acts(g)) == sorted(f"keep {c}" for c in top3)
    play(g, f"keep {top3[1]}")
    assert idx(g, top3[1]) in st.lands[0]
    assert len(st.piles[1]) == size - 1
    bottom = {st.cfg.comp.cards[c].id for c in st.piles[1][:2]}
    assert bottom == {top3[0], top3[2]}


def test_draw_three_paid_with_a_spare_pigeon() -> None:
    """WF-ACQ-08: the draw-3 option is paid with a Pigeon among the die's assets beyond the
    space's needs (a Basic Pigeon tile in column 1 beside the printed Camel) or with 1
    Provision; without either it is not offered."""
    g = new(2)
    st = state(g)
    capital_city_choice(g, provisions=2)  # nothing left after paying
    assert not starting(g, "draw ")
    g = new(2)
    st = state(g)
    place_tile(g, 0, "basic-pigeon", 1, 2)
    capital_city_choice(g, provisions=2)
    assert starting(g, "draw ") == ["draw 3 land (pigeon)"]
    play(g, "draw 3 land (pigeon)")
    assert st.provisions[0] == 0 and starting(g, "keep ")


def test_acquiring_takes_the_workers_and_returns_the_influence() -> None:
    """WF-ACQ-10: acquiring a display card gives the acquirer every Worker on it (Green and
    Yellow) and returns the Influence on it to its owner (seat 1, who also gets the fee)."""
    g = new(2)
    st = state(g)
    card = put_display(g, "land", 2, "L16")
    st.card_workers[card] = 0b011  # Green and Yellow, placed in earlier turns
    st.card_inf[card] = 1
    st.inf_supply[1] -= 1
    give(g, 0, green_workers=0, yellow_workers=0, silver=1)
    inf1, silver1 = st.inf_supply[1], st.silver[1]
    capital_city_choice(g)
    play(g, starting(g, "take L16 (fee 1 silver to seat ")[0])
    assert st.workers[0:3] == [1, 1, 1]
    assert st.card_workers[card] == 0 and st.card_inf[card] == -1
    assert st.inf_supply[1] == inf1 + 1 and st.silver[1] == silver1 + 1


def test_card_with_a_worker_placed_this_turn_cannot_be_acquired() -> None:
    """WF-ACQ-11: a Green Worker placed on T22 (slot 4: Journal) reaches the free-Townsfolk
    Journal Tile; T22 is not offered that turn, the other Townsfolk cards are."""
    g = new(2)
    st = state(g)
    for slot, c in enumerate(("T17", "T25", "T24", "T22"), 1):
        put_display(g, "townsfolk", slot, c)
    k = st.jtile_at.index(3)  # "townsfolk card (free)" onto space 10
    st.jtile_at[k], st.jtile_at[0] = st.jtile_at[0], 3
    give(g, 0, green_workers=1)
    play(g, "place green worker on T22", "journal to 10")
    assert set(starting(g, "take T")) == {"take T17" + FREE_TOWNSFOLK, "take T25" + FREE_TOWNSFOLK,
                                          "take T24" + FREE_TOWNSFOLK}


def test_emptied_slot_stays_empty_until_the_turn_ends() -> None:
    """WF-ACQ-12: a slot emptied during a turn is not refilled before the turn ends."""
    g = new(2)
    st = state(g)
    put_display(g, "land", 2, "L16")
    pile = len(st.piles[1])
    capital_city_choice(g)
    play(g, "take L16")
    assert g.to_move == 0 and row_ids(g, "land")[1] is None and len(st.piles[1]) == pile
    play(g, "gain 1 silver")
    assert g.to_move == 1 and row_ids(g, "land")[1] is not None


def test_refill_slides_toward_slot_one_and_fills_near_the_pile() -> None:
    """WF-ACQ-13: after the card of slot 2 is taken, the cards of slots 3 and 4 slide to slots 2
    and 3 in order, and the pile's top card fills slot 4."""
    g = new(2)
    for slot, c in enumerate(("L12", "L16", "L19", "L30"), 1):
        put_display(g, "land", slot, c)
    top = pile_top(g, 1)[0]
    capital_city_choice(g)
    play(g, "take L16", "gain 1 silver")
    assert row_ids(g, "land") == ["L12", "L19", "L30", top]


def test_workers_and_influence_travel_with_the_card() -> None:
    """WF-ACQ-15: a Worker and an Influence on the slot-3 card stay on it when it slides to
    slot 2."""
    g = new(2)
    st = state(g)
    put_display(g, "land", 2, "L16")
    card = put_display(g, "land", 3, "L19")
    st.card_workers[card] = 0b010
    st.card_inf[card] = 1
    capital_city_choice(g)
    play(g, "take L16", "gain 1 silver")
    slot2 = g.view(None)["rows"]["land"]["slots"][1]
    assert slot2["id"] == "L19" and slot2["workers"] == ["yellow"] and slot2["influence"] == 1


def test_actions_and_prices_belong_to_slots() -> None:
    """WF-ACQ-16: a Space card that slides from slot 2 to slot 1 costs 3 instead of 4; a Land
    card that slides into slot 1 offers slot 1's Worker action (a Townsfolk card and a die
    change)."""
    g = new(2)
    gain(g, 0, "L16")
    gain(g, 0, "L17")
    put_display(g, "space", 1, "S16")
    put_display(g, "space", 2, "S17")
    give(g, 0, silver=4)
    set_dice(g, 0, [6])
    play(g, "place die 6", "place die 6 on Capital Observatory")
    assert "take S17 (4 silver)" + OBSERVATORY in acts(g)
    play(g, "take S16 (3 silver)" + OBSERVATORY)
    finish(g)
    pass_turn(g)
    clear_dice(g)
    give(g, 0, silver=3)
    set_dice(g, 0, [6])
    play(g, "place die 6", "place die 6 on Capital Observatory")
    assert "take S17 (3 silver)" + OBSERVATORY in acts(g)
    g = new(2)
    put_display(g, "land", 2, "L19")
    put_display(g, "townsfolk", 1, "T22")
    capital_city_choice(g)
    play(g, f"take {row_ids(g, 'land')[0]}", "gain 1 silver")
    assert row_ids(g, "land")[0] == "L19"
    pass_turn(g)
    give(g, 0, silver=1, yellow_workers=1)
    set_dice(g, 0, [3])
    play(g, "place yellow worker on L19")
    assert "take T22 (1 silver)" in acts(g) and "modify die 3 to 4" in acts(g)


def test_space_townsfolk_and_inspiration_only_from_the_display() -> None:
    """WF-ACQ-17: acquiring a Space, Townsfolk or Inspiration card never offers a draw from the
    pile."""
    g = new(2)
    gain(g, 0, "L16")
    give(g, 0, silver=9, provisions=5)
    set_dice(g, 0, [6])
    play(g, "place die 6", "place die 6 on Capital Observatory")
    assert starting(g, "take S") and not starting(g, "draw")
    g = new(2)
    give(g, 0, silver=9, provisions=5)
    set_dice(g, 0, [2])
    play(g, "place die 2", "place die 2 on Capital Market")
    assert not starting(g, "draw")
    g = new(2)
    water_via_harbour(g, "W28")
    give(g, 0, provisions=5)
    assert starting(g, "take I") and not starting(g, "draw")


def test_piles_and_drawn_cards_are_hidden() -> None:
    """WF-ACQ-18: no seat's view shows a pile's cards; cards drawn for a draw-3 choice are seen
    by the drawer only, and the places of the cards put back under the pile are part of what
    the other seat cannot see; displays, panoramas and resources are public."""
    g = new(2)
    st = state(g)
    capital_city_choice(g, provisions=3)
    play(g, "draw 3 land (1 provision)")
    drawn = [st.cfg.comp.cards[c].id for c in st.drawn]
    assert g.view(0)["drawn"] == drawn
    assert g.view(1)["drawn"] == 3
    seen = json.dumps(g.view(1))
    assert not any(f'"{c}"' in seen for c in drawn)
    hidden_pile = [st.cfg.comp.cards[c].id for pile in st.piles for c in pile]
    assert not any(f'"{c}"' in json.dumps(g.view(s)) for s in (0, 1) for c in hidden_pile)
    play(g, f"keep {drawn[0]}")
    finish(g)
    back = {idx(g, c) for c in drawn[1:]}
    assert back <= set(g.hidden_from(1)[1][1])  # their places are unknown to seat 1
    public = g.view(1)["players"][0]
    assert public["silver"] == st.silver[0] and public["dice"] == sorted(st.dice[0])
    assert public["lands"][0]["card"]["id"] == drawn[0]
