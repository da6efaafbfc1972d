"""The cards (checklist section WF-CARD): Land cards, Vistas and their triggers, Water cards and
their connection links, the Space scoring formulas, Inspiration cards and the Townsfolk hosts and
abilities; and a check over all 160 cards of cards.toml (effects parse, each can be acquired).

Cards used (data/cards.toml): L01/L02 City (immediate yellow influence), L09 City+Observatory
(Telescope+Camel), L15 City+Library (Camel+Pigeon), L18 City+Library+Observatory; Vistas L19
(Stars: card influence), L21 (Open Water: silver), L25 (Vista: silver), L27 (Planet/Sun/Moon:
provision), L32 (Townsfolk: card influence). Water: W01 (right row 1 Black), W05 Harbour (Ship),
W04 Harbour (Ship+Ship), W19/W25/W27/W28 Open Water (W25 left bars rows 3-4, right edge silver
row 2 and provision row 3; W27 left bar row 1, immediate a free Townsfolk card; W28 immediate an
Inspiration card; W21 left bar row 4). The Capital Harbour's right edge: Yellow, Silver,
Provision, card Influence.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.wayfarers.helpers import (
    FREE_TOWNSFOLK,
    MARKET,
    OBSERVATORY,
    RESERVE,
    acts,
    board_host,
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
from upriver.core.game import Game
from upriver.games.wayfarers.components import load
from upriver.games.wayfarers.effects import Nodes
from upriver.games.wayfarers.formulas import TAGS, compile_formula
from upriver.games.wayfarers.scoring import breakdown

DATA = Path(__file__).parents[2] / "src/upriver/games/wayfarers/data/cards.toml"


# --- local helpers --------------------------------------------------------------------------


def tag(name: str) -> int:
    value: int = TAGS.index(name)
    return value


def clear_dice(g: Game) -> None:
    """Arrange every die space as empty (dice placed in earlier turns taken away)."""
    st = state(g)
    st.occupied = [0] * len(st.occupied)


def land_via_capital(g: Game, card_id: str, slot: int = 1) -> None:
    """Seat 0 places a die 1 on the Capital City, pays 2 Provisions, takes the Silver first and
    then the Land card from the display (its own effects are left pending)."""
    clear_dice(g)
    put_display(g, "land", slot, card_id)
    give(g, 0, provisions=2)
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card",
         "gain 1 silver", f"take {card_id}")


def water_via_harbour(g: Game, card_id: str, slot: int = 1) -> None:
    """Seat 0 hires a Ship, places a die 3 on the Capital Harbour, pays 2 Provisions and takes
    the Water card (its effects are left pending)."""
    clear_dice(g)
    put_display(g, "water", slot, card_id)
    give(g, 0, provisions=2, blue=1)
    set_dice(g, 0, [3])
    play(g, "place die 3", "hire a ship (1 blue influence)", "place die 3 on Capital Harbour",
         "pay 2 provisions -> water card", f"take {card_id}")


def space_via_observatory(g: Game, card_id: str) -> None:
    """Seat 0 places a die 6 (printed Telescope) on the Capital Observatory and takes a Space
    card from display slot 1 for 3 Silver."""
    clear_dice(g)
    put_display(g, "space", 1, card_id)
    give(g, 0, silver=3)
    set_dice(g, 0, [6])
    play(g, "place die 6", "place die 6 on Capital Observatory",
         f"take {card_id} (3 silver)" + OBSERVATORY)


def market(g: Game, card_id: str, silver: int = 3) -> None:
    """Seat 0 places a die 2 on the Capital Market and takes a Townsfolk card from slot 1."""
    clear_dice(g)
    put_display(g, "townsfolk", 1, card_id)
    give(g, 0, silver=silver)
    set_dice(g, 0, [2])
    play(g, "place die 2", "place die 2 on Capital Market")
    price = state(g).cfg.comp.cards[idx(g, card_id)].cost
    play(g, f"take {card_id}" + (f" ({price} silver)" if price else "") + MARKET)


def finish(g: Game) -> None:
    """Close every pending bundle of seat 0's turn with "done", then take "end turn" if the
    unused Yellow ability is offered once the effects are over (WF-RUL-15)."""
    while g.to_move == 0 and "done" in acts(g):
        play(g, "done")
    if g.to_move == 0 and "end turn" in acts(g):
        play(g, "end turn")


def pass_turn(g: Game) -> None:
    """The player to move (not seat 0) rests without rerolling, until seat 0 is to move; an
    unused Yellow ability offered at the end of the turn is left unused (WF-RUL-15)."""
    while g.to_move not in (0, None):
        a = acts(g)
        play(g, "rest" if "rest" in a else "keep the other dice" if "keep the other dice" in a
             else "end turn" if "end turn" in a else "done")


def place_on_blank(g: Game) -> None:
    """Place the pending tile on a caravan cell with no printed icon (nothing gained)."""
    st = state(g)
    board = st.cfg.comp.caravans[st.board[0]]
    for a in starting(g, "place tile at column "):
        col, row = int(a.split()[4]) - 1, int(a.split()[6]) - 1
        if board[col + 6 * row] == -1:
            play(g, a)
            return
    raise AssertionError("no blank cell")


def space_vp(g: Game, seat: int = 0) -> int:
    value: int = breakdown(state(g))[seat]["space cards"]
    return value


def insp_vp(g: Game, seat: int = 0) -> int:
    value: int = breakdown(state(g))[seat]["inspiration"]
    return value


def card_vp(g: Game, card_id: str, seat: int = 0) -> int:
    st = state(g)
    score = st.cfg.comp.cards[idx(g, card_id)].score
    assert score is not None
    value: int = score(st.counts(seat))
    return value


def by_kind(kind: str) -> list[str]:
    return [c.id for c in load().cards if c.kind == kind]


# --- all cards ------------------------------------------------------------------------------


def test_every_card_effect_and_formula_parses() -> None:
    """WF-CARD-02, WF-CARD-03, WF-CARD-11, WF-CARD-12, WF-CARD-21: every effect, score and goal
    written in cards.toml parses in the effect and formula languages, and every card has the
    parts its kind needs (a die space for Cities and Harbours, an immediate effect for Vistas
    and Open Waters, a trigger and ability for Vistas, a score for Space cards, a goal for
    Inspiration cards)."""
    raw = tomllib.loads(DATA.read_text())
    nodes = Nodes()
    seen = 0
    for section, rows in raw.items():
        for card in rows:
            seen += 1
            for key in ("immediate", "action", "ability"):
                if key in card:
                    nodes.compile(card[key])
            for text in card.get("right_links", []):
                if text:
                    nodes.compile(text)
            for key in ("score", "goal"):
                if key in card:
                    compile_formula(card[key])
            kind = card.get("kind", section)
            if kind in ("city", "harbour"):
                assert card["action"] and "needs" in card, card["id"]
            if kind in ("vista", "open_water"):
                assert card["immediate"] and "action" not in card, card["id"]
            if kind == "vista":
                assert card["trigger"] and card["ability"], card["id"]
            if section == "space":
                assert card["score"], card["id"]
            if section == "inspiration":
                assert card["goal"] and card["at_least"] > 0, card["id"]
    assert seen == 160


def _acquire_any(card_id: str) -> Game:
    g = new(2, seed=3)
    st = state(g)
    kind = card_id[0]
    if kind == "L":
        land_via_capital(g, card_id)
    elif kind == "W":
        water_via_harbour(g, card_id)
    elif kind == "S":
        gain(g, 0, "L16")
        space_via_observatory(g, card_id)
    elif kind == "T":
        for host_card in ("L19", "W19", "L18"):
            gain(g, 0, host_card)
        market(g, card_id)
        play(g, starting(g, f"tuck {card_id} under")[0])
    else:
        put_display(g, "inspiration", 1, card_id)
        water_via_harbour(g, "W28")
        play(g, f"take {card_id}", f"tuck {card_id} above Capital Sky")
    assert st.owner[idx(g, card_id)] == 0
    # resolve whatever the acquisition left, taking the first choice each time
    for _ in range(40):
        if g.to_move != 0:
            break
        a = [x for x in acts(g) if x != "done"]
        play(g, a[0] if a else "done")
    assert g.to_move == 1
    return g


@pytest.mark.parametrize("card_id", [c.id for c in load().cards])
def test_every_card_can_be_acquired_in_play(card_id: str) -> None:
    """WF-CARD-01, WF-CARD-19, WF-CARD-34, WF-CARD-41, WF-ACQ-01: each of the 160 cards can be
    taken from its display row in play and lands in the right place of the panorama: a Land or
    Water card in its row, a Space card above a Land card, a Townsfolk under a host, an
    Inspiration card above the Capital Sky; its effects then resolve and the turn passes."""
    g = _acquire_any(card_id)
    st = state(g)
    c = idx(g, card_id)
    assert c not in st.display
    kind = card_id[0]
    if kind == "L":
        assert c in st.lands[0]
    elif kind == "W":
        assert c in st.waters[0]
    elif kind == "S":
        assert st.above[idx(g, "L16")] == c
    elif kind == "T":
        assert c in st.tuck
    else:
        assert st.insp_on[board_host(0, "sky")] == c


# --- Land -----------------------------------------------------------------------------------


def test_land_cards_go_left_and_water_cards_go_right_in_order() -> None:
    """WF-CARD-01, WF-CARD-13: each new Land card joins the Land row of the panorama and each
    new Water card goes directly right of the rightmost Water card, so the Water row keeps the
    order of acquisition (left to right after the Capital Harbour)."""
    g = new(2)
    land_via_capital(g, "L16")
    finish(g)
    pass_turn(g)
    water_via_harbour(g, "W05")
    finish(g)
    pass_turn(g)
    land_via_capital(g, "L17")
    finish(g)
    pass_turn(g)
    water_via_harbour(g, "W16")
    finish(g)
    st = state(g)
    assert st.waters[0] == [idx(g, "W05"), idx(g, "W16")]
    assert sorted(st.lands[0]) == sorted([idx(g, "L16"), idx(g, "L17")])
    view = g.view(None)["players"][0]
    assert [w["card"]["id"] for w in view["waters"]] == ["W05", "W16"]


def test_city_cards() -> None:
    """WF-CARD-02: 18 City cards, each with a City tag and exactly one die space; 7 carry an
    Observatory tag, 4 a Library tag (one both), 9 have an immediate effect. A City acquired
    earlier offers its die space."""
    comp = load()
    cities = [c for c in comp.cards if c.kind == "city"]
    assert len(cities) == 18
    assert all(c.tags.count(tag("city")) == 1 and c.action >= 0 for c in cities)
    obs = {c.id for c in cities if tag("observatory") in c.tags}
    lib = {c.id for c in cities if tag("library") in c.tags}
    assert (len(obs), len(lib), len(obs & lib)) == (7, 4, 1)
    assert sum(1 for c in cities if c.immediate >= 0) == 9
    g = new(2)
    gain(g, 0, "L16")  # needs a Pigeon
    place_tile(g, 0, "basic-pigeon", 2, 2)
    set_dice(g, 0, [2])
    play(g, "place die 2")
    assert "place die 2 on L16" in acts(g)


def test_vista_cards_have_no_die_space() -> None:
    """WF-CARD-03: 18 Vista cards, each with a Vista tag, an immediate effect, a triggered
    ability and no die space: a die can never be placed on one."""
    comp = load()
    vistas = [c for c in comp.cards if c.kind == "vista"]
    assert len(vistas) == 18
    assert all(c.tags == (tag("vista"),) and c.immediate >= 0 and c.ability >= 0
               and c.trigger and c.action < 0 and not c.needs for c in vistas)
    for v in range(1, 7):
        g = new(2)
        gain(g, 0, "L19")
        set_dice(g, 0, [v])
        play(g, f"place die {v}")
        assert starting(g, f"place die {v} on Capital")
        assert not any("on L19" in a for a in acts(g))


def test_immediate_effect_resolves_once_on_entering() -> None:
    """WF-CARD-04: the immediate effect (L01: 1 Yellow Influence) is offered right after the
    card enters the panorama, and never again: a later acquisition offers nothing from it."""
    g = new(2)
    land_via_capital(g, "L01")
    st = state(g)
    assert idx(g, "L01") in st.lands[0]
    assert acts(g) == ["yellow influence", "done"]
    play(g, "yellow influence")
    assert st.guild[1] == 1
    assert g.to_move == 1
    pass_turn(g)
    land_via_capital(g, "L16")  # no immediate effect of its own
    assert g.to_move == 1  # nothing left to resolve: L01's effect is not repeated
    assert st.guild[1] == 1


def test_vista_triggers_data_nine_kinds_two_each() -> None:
    """WF-CARD-05: the 9 trigger kinds, two Vistas each: Stars; Open Water; Comet; Vista; City;
    Harbour; Planet/Sun/Moon; Observatory/Library; a Townsfolk gained."""
    comp = load()
    kinds: dict[tuple[int, ...], int] = {}
    for c in comp.cards:
        if c.kind == "vista":
            key = tuple(sorted(c.trigger))
            kinds[key] = kinds.get(key, 0) + 1
    expected = {(tag("stars"),), (tag("open_water"),), (tag("comet"),), (tag("vista"),),
                (tag("city"),), (tag("harbour"),),
                tuple(sorted((tag("planet"), tag("sun"), tag("moon")))),
                tuple(sorted((tag("observatory"), tag("library")))), (-1,)}
    assert set(kinds) == expected
    assert set(kinds.values()) == {2}


def test_vista_fires_each_time_a_card_with_its_trigger_tag_is_gained() -> None:
    """WF-CARD-05: a Vista gained earlier (L21, Open Water: 1 Silver) fires on each Open Water
    card its owner gains, and not on a card without the tag (a Harbour)."""
    g = new(2)
    gain(g, 0, "L21")
    st = state(g)
    water_via_harbour(g, "W25")
    assert "gain 1 silver" in acts(g)
    silver = st.silver[0]
    play(g, "gain 1 silver")
    assert st.silver[0] == silver + 1
    finish(g)
    pass_turn(g)
    water_via_harbour(g, "W05")  # a Harbour: W05's left bars pay Silver (row 2) ...
    assert starting(g, "gain 1 silver") == ["gain 1 silver"]  # ... once: the Vista is silent
    finish(g)
    pass_turn(g)
    water_via_harbour(g, "W26")  # Open Water again (immediate 3 silver; bars rows 1-2)
    before = st.silver[0]
    while starting(g, "gain 1 silver"):  # W05's row-2 link and the Vista: 2 Silver
        play(g, starting(g, "gain 1 silver")[0])
    assert st.silver[0] == before + 2


def test_vista_never_triggers_on_its_own_acquisition() -> None:
    """WF-CARD-06: L25 (trigger Vista: 1 Silver) does not fire when L25 itself is gained;
    it fires when a later Vista is gained."""
    g = new(2)
    land_via_capital(g, "L25")  # the Capital City's Silver was already taken
    assert not starting(g, "gain 1 silver")
    assert starting(g, "refresh die") or starting(g, "reroll die")  # L25's immediate effect
    finish(g)
    pass_turn(g)
    land_via_capital(g, "L26")
    assert "gain 1 silver" in acts(g)


def test_townsfolk_vista_fires_on_any_townsfolk_acquisition() -> None:
    """WF-CARD-07: L32 (trigger a Townsfolk gained: Influence on a card) fires when its owner
    buys a Townsfolk at the Capital Market, and also when one is acquired free through an Open
    Water card's immediate effect (W27)."""
    g = new(2)
    gain(g, 0, "L32")
    market(g, "T22")
    play(g, "tuck T22 under Capital City")
    assert starting(g, "influence on ")
    finish(g)
    pass_turn(g)
    put_display(g, "townsfolk", 2, "T25")
    water_via_harbour(g, "W27")
    play(g, "take T25" + FREE_TOWNSFOLK, "tuck T25 under Capital Harbour")
    # the Capital Harbour's row-1 link is Yellow Influence; the Vista's is a card Influence
    assert starting(g, "influence on ")


def _journal_ready(g: Game, jpos: int) -> None:
    st = state(g)
    st.jpos[0] = jpos
    give(g, 0, green_workers=1)


def test_special_tile_tags_trigger_vistas_other_tiles_do_not() -> None:
    """WF-CARD-08: the Special Vista tile fires a Vista-trigger Vista (L25: 1 Silver); a Basic
    tile has no tags and fires nothing."""
    g = new(2, sides="aaa")
    gain(g, 0, "L25")
    place_tile(g, 0, "basic-camel", 2, 3)  # 32 -> 40 on side a needs 1 Basic tile
    _journal_ready(g, 32)
    put_display(g, "townsfolk", 4, "T22")  # slot 4: Journal and 1 Provision
    play(g, "place green worker on T22", "gain 1 provision", "journal to 40",
         "take tile special-vista (free)")
    place_on_blank(g)
    assert "gain 1 silver" in acts(g)
    finish(g)
    pass_turn(g)
    give(g, 0, silver=2)
    set_dice(g, 0, [2])
    clear_dice(g)
    play(g, "place die 2", "place die 2 on Capital Reserve",
         "take tile basic-ship (2 silver)" + RESERVE)
    place_on_blank(g)
    assert g.to_move == 1  # nothing fired


def test_townsfolk_under_a_vista_resolves_when_it_fires() -> None:
    """WF-CARD-09: when L27 (Planet/Sun/Moon: 1 Provision) fires, the Merchant T18 tucked under
    it (1 Silver) resolves too; the player picks the order and both are optional."""
    g = new(2)
    gain(g, 0, "L27")
    gain(g, 0, "T18", under="L27")
    gain(g, 0, "L16")
    st = state(g)
    space_via_observatory(g, "S10")  # Jupiter, Planet: immediate 1 Yellow Influence
    assert {"gain 1 provision", "gain 1 silver", "yellow influence"} <= set(acts(g))
    silver, provisions = st.silver[0], st.provisions[0]
    play(g, "gain 1 silver")  # the Townsfolk first
    assert "gain 1 provision" in acts(g)
    play(g, "gain 1 provision", "done")
    assert (st.silver[0], st.provisions[0]) == (silver + 1, provisions + 1)
    assert st.guild[1] == 0  # the Jupiter's effect was declined


def test_townsfolk_tucked_this_turn_does_not_resolve_when_its_vista_fires() -> None:
    """WF-CARD-09: the Hunter (2 modify die) tucked this turn under L32 (a Townsfolk gained:
    card Influence) does not resolve when L32 fires on that very tuck."""
    g = new(2)
    gain(g, 0, "L32")
    market(g, "T15")
    set_dice(g, 0, [4])  # a die in supply the Hunter could change
    play(g, "tuck T15 under L32")
    assert starting(g, "influence on ")
    assert not starting(g, "modify die")


def test_vista_fires_only_for_its_owner() -> None:
    """WF-CARD-10: seat 1's L21 (Open Water: 1 Silver) does not fire when seat 0 gains an Open
    Water card."""
    g = new(2)
    gain(g, 1, "L21")
    st = state(g)
    before = st.silver[1]
    water_via_harbour(g, "W25")
    assert "gain 1 silver" not in acts(g)
    finish(g)
    assert st.silver[1] == before


# --- Water ----------------------------------------------------------------------------------


def test_harbour_and_open_water_cards() -> None:
    """WF-CARD-11, WF-CARD-12: 18 Harbours, each with a Harbour tag and one die space (3 also
    Library); 18 Open Waters, each with an Open Water tag and an immediate effect and no die
    space. A Harbour gained earlier offers its die space; an Open Water never does."""
    comp = load()
    harbours = [c for c in comp.cards if c.kind == "harbour"]
    opens = [c for c in comp.cards if c.kind == "open_water"]
    assert len(harbours) == 18 and len(opens) == 18
    assert all(c.tags.count(tag("harbour")) == 1 and c.action >= 0 and c.needs
               for c in harbours)
    assert sum(1 for c in harbours if tag("library") in c.tags) == 3
    assert all(c.tags == (tag("open_water"),) and c.immediate >= 0 and c.action < 0
               for c in opens)
    g = new(2)
    gain(g, 0, "W05")
    gain(g, 0, "W19")
    give(g, 0, blue=1)
    set_dice(g, 0, [3])
    play(g, "place die 3", "hire a ship (1 blue influence)")
    assert "place die 3 on W05" in acts(g)
    assert not any("W19" in a for a in acts(g))


def test_water_link_data() -> None:
    """WF-CARD-14: each Water card has 4 left-edge bars and 4 right-edge rewards; the right edge
    rewards are row 1: Black, Blue or Yellow Influence; row 2: Silver; row 3: Provision; row 4:
    Influence on a card."""
    raw = tomllib.loads(DATA.read_text())["water"]
    assert len(raw) == 36
    allowed = ({"", "black influence", "blue influence", "yellow influence"}, {"", "silver"},
               {"", "provision"}, {"", "card influence"})
    for card in raw:
        assert len(card["left_bars"]) == 4 and len(card["right_links"]) == 4
        for row, text in enumerate(card["right_links"]):
            assert text in allowed[row], (card["id"], row, text)


def test_water_links_pay_where_new_left_bar_meets_neighbour_reward() -> None:
    """WF-CARD-13, WF-CARD-15, WF-CARD-16: W25 (left bars rows 3-4) next to the Capital Harbour
    gains the Provision and the card Influence, not rows 1-2; W25's own right-edge Provision
    pays nothing. A later W21 (left bar row 4) goes right of W25, whose row 4 is empty: no
    link pays, and W25 is not checked again against the Capital Harbour."""
    g = new(2)
    st = state(g)
    water_via_harbour(g, "W25")
    a = acts(g)
    assert "gain 1 provision" in a and starting(g, "influence on ")
    assert "yellow influence" not in a and "gain 1 silver" not in a
    provisions = st.provisions[0]
    play(g, "gain 3 provisions", "gain 1 provision")
    play(g, starting(g, "influence on ")[0])
    assert st.provisions[0] == provisions + 4
    assert g.to_move == 1
    pass_turn(g)
    water_via_harbour(g, "W21")
    assert st.waters[0] == [idx(g, "W25"), idx(g, "W21")]
    assert not starting(g, "influence on ")
    assert not starting(g, "gain 1 provision")
    assert all(a.startswith("take tile space-") or a == "done" for a in acts(g))


def test_row_one_link_takes_the_neighbours_guild_and_resolves_at_once() -> None:
    """WF-CARD-17, WF-CARD-18: W27 (left bar row 1) next to the Capital Harbour (row 1 Yellow)
    gives Yellow Influence; next to W01 (row 1 Black) it gives Black Influence. The link
    reward resolves in the turn of the acquisition."""
    g = new(2)
    st = state(g)
    water_via_harbour(g, "W27")
    assert "yellow influence" in acts(g)
    assert "black influence" not in acts(g) and "blue influence" not in acts(g)
    play(g, "yellow influence")
    assert st.guild[1] == 1 and g.to_move == 0
    g = new(2)
    st = state(g)
    gain(g, 0, "W01")
    water_via_harbour(g, "W27")
    assert "black influence" in acts(g) and "yellow influence" not in acts(g)
    play(g, "black influence")
    assert st.guild[0] == 1


# --- Space ----------------------------------------------------------------------------------


def test_space_card_goes_above_an_acquired_land_or_water_card() -> None:
    """WF-CARD-19, WF-CARD-20: with no Land or Water card acquired, no Space card can be taken
    (the Capital City and Harbour are no positions); with one Land card, the Space card goes
    above it, and once that is topped no further Space card can be taken."""
    g = new(2)
    give(g, 0, silver=9)
    set_dice(g, 0, [6])
    play(g, "place die 6", "place die 6 on Capital Observatory")
    assert not starting(g, "take S")
    assert starting(g, "take tile space-")
    # nor through the Townsfolk row's slot-1 Worker (a Space card for 1 Silver less)
    g = new(2)
    put_display(g, "townsfolk", 1, "T22")
    give(g, 0, silver=9, green_workers=1)
    assert "place green worker on T22" not in acts(g)
    gain(g, 0, "L16")
    assert "place green worker on T22" in acts(g)
    g = new(2)
    gain(g, 0, "L16")
    space_via_observatory(g, "S16")
    st = state(g)
    assert st.above[idx(g, "L16")] == idx(g, "S16")
    finish(g)
    pass_turn(g)
    clear_dice(g)
    give(g, 0, silver=9)
    set_dice(g, 0, [6])
    play(g, "place die 6", "place die 6 on Capital Observatory")
    assert not starting(g, "take S")


def test_space_immediate_effects() -> None:
    """WF-CARD-21: Chronicler's Comet: Journal; Blazing Trail: refresh a die; Great Omen and 8
    of the 21 Stars cards: none; each Planet, Sun, Moon and 13 Stars cards: a small gain. In
    play, the Chronicler's Comet offers a Journal step when gained."""
    comp = load()
    space = [c for c in comp.cards if c.type == 3]
    text = comp.nodes.text
    for c in space:
        if c.name == "Chronicler's Comet":
            assert text[c.immediate] == "journal"
        elif c.name == "Blazing Trail":
            assert text[c.immediate] == "refresh die"
        elif c.name == "Great Omen":
            assert c.immediate < 0
        elif c.tags[0] in (tag("planet"), tag("sun"), tag("moon")):
            assert c.immediate >= 0
    stars = [c for c in space if c.tags == (tag("stars"),)]
    assert len(stars) == 21 and sum(1 for c in stars if c.immediate >= 0) == 13
    g = new(2)
    gain(g, 0, "L16")
    space_via_observatory(g, "S01")
    assert "journal to 10" in acts(g)
    play(g, "journal to 10")
    assert state(g).jpos[0] == 10


def test_sun_and_moon() -> None:
    """WF-CARD-22: the Sun scores 3 alone, and Sun and Moon 7 each together; an opponent's Moon
    does not help. The deck holds one of each."""
    comp = load()
    assert sum(1 for c in comp.cards if c.name == "Sun") == 1
    assert sum(1 for c in comp.cards if c.name == "Moon") == 1
    g = new(2)
    gain(g, 0, "L19")
    gain(g, 0, "S36", above="L19")
    gain(g, 1, "L20")
    gain(g, 1, "S09", above="L20")  # the Moon, but seat 1's
    assert space_vp(g) == 3  # the Capital Sky scores 0 with no tile
    assert space_vp(g, 1) == 3
    g = new(2)
    gain(g, 0, "L19")
    gain(g, 0, "L20")
    gain(g, 0, "S36", above="L19")
    gain(g, 0, "S09", above="L20")
    assert space_vp(g) == 14


def test_planet_scores_one_plus_planet_tags() -> None:
    """WF-CARD-23: a Planet scores 1 + the owner's Planet tags, its own and the Special Planet
    tile included."""
    g = new(2)
    gain(g, 0, "L19")
    gain(g, 0, "S10", above="L19")
    assert space_vp(g) == 2
    gain(g, 0, "L20")
    gain(g, 0, "S11", above="L20")
    assert space_vp(g) == 6
    place_tile(g, 0, "special-planet", 2, 2)
    # each Planet 1 + 3; the Capital Sky min(1 tile, 1 Townsfolk) = 1
    assert space_vp(g) == 4 + 4 + 1


def test_comet_printed_value_or_four_with_the_strict_lead() -> None:
    """WF-CARD-24, WF-CARD-25: a Comet card scores its printed value (Chronicler's 3, Blazing
    Trail 2, Great Omen 1), or 4 when its owner has strictly more Comet tags than every other
    player; a tie for the most leaves the printed values."""
    g = new(3)
    gain(g, 0, "L19")
    gain(g, 0, "S01", above="L19")  # 1 Comet
    assert card_vp(g, "S01") == 4  # 1 against 0 and 0
    gain(g, 2, "L20")
    gain(g, 2, "S02", above="L20")  # seat 2: 1 Comet, a tie
    assert card_vp(g, "S01") == 3 and card_vp(g, "S02", 2) == 3
    gain(g, 1, "L21")
    gain(g, 1, "S03", above="L21")  # seat 1: Blazing Trail, 2 Comets: the lead
    assert card_vp(g, "S03", 1) == 4 and card_vp(g, "S01") == 3
    gain(g, 0, "L22")
    gain(g, 0, "S06", above="L22")  # seat 0: 4 Comets
    assert card_vp(g, "S06") == 4 and card_vp(g, "S01") == 4
    assert card_vp(g, "S03", 1) == 2  # printed value once behind
    gain(g, 2, "L23")
    gain(g, 2, "S07", above="L23")  # seat 2: 4 Comets, a tie again
    assert card_vp(g, "S07", 2) == 1 and card_vp(g, "S06") == 1
    assert space_vp(g) == 3 + 1


def test_tag_count_star_cards() -> None:
    """WF-CARD-26: City Light, Harbor Beacon, Ocean Star, Vista Gleam and Constellation score 1
    per City, Harbour, Open Water, Vista and Stars tag (board tags included)."""
    g = new(2)
    for c in ("L01", "L02", "L19", "W05", "W19"):
        gain(g, 0, c)
    gain(g, 0, "S16", above="L01")
    gain(g, 0, "S18", above="L02")
    gain(g, 0, "S26", above="L19")
    gain(g, 0, "S34", above="W05")
    gain(g, 0, "S29", above="W19")
    assert card_vp(g, "S16") == 3  # Capital City + L01 + L02
    assert card_vp(g, "S18") == 2  # Capital Harbour + W05
    assert card_vp(g, "S26") == 1
    assert card_vp(g, "S34") == 1
    assert card_vp(g, "S29") == 6  # Capital Sky + 5 Star cards
    assert space_vp(g) == 3 + 2 + 1 + 1 + 6


def test_scholars_star_and_observers_eye() -> None:
    """WF-CARD-27: Scholar's Star 1 + Library tags; Observer's Eye 1 + Observatory tags (the
    board centre's tags included)."""
    g = new(2)
    for c in ("L09", "L15", "L18"):
        gain(g, 0, c)
    gain(g, 0, "S24", above="L15")
    gain(g, 0, "S25", above="L09")
    assert card_vp(g, "S24") == 1 + 3  # centre, L15, L18
    assert card_vp(g, "S25") == 1 + 3  # centre, L09, L18
    assert space_vp(g) == 8


def test_guild_star_cards() -> None:
    """WF-CARD-28: Shadow Guide, Tide Navigator and Path Finder score 1 + 1 per full 2 Influence
    on the Black, Blue and Yellow Guild."""
    g = new(2)
    for c in ("L19", "L20", "L21"):
        gain(g, 0, c)
    gain(g, 0, "S21", above="L19")
    gain(g, 0, "S22", above="L20")
    gain(g, 0, "S23", above="L21")
    give(g, 0, black=5, blue=3, yellow=1)
    assert (card_vp(g, "S21"), card_vp(g, "S22"), card_vp(g, "S23")) == (3, 2, 1)
    assert space_vp(g) == 6


def test_tile_star_cards() -> None:
    """WF-CARD-29: Night Compass, Sea Compass, Land Guide and Earth Compass score 1 + 1 per
    Space, Water, Basic and Land tile."""
    g = new(2)
    for c in ("L19", "L20", "L21", "L22"):
        gain(g, 0, c)
    gain(g, 0, "S30", above="L19")
    gain(g, 0, "S31", above="L20")
    gain(g, 0, "S32", above="L21")
    gain(g, 0, "S33", above="L22")
    place_tile(g, 0, "space-trio", 2, 1)
    place_tile(g, 0, "water-ship", 3, 1)
    place_tile(g, 0, "water-ship-pigeon", 3, 2)
    place_tile(g, 0, "basic-camel", 2, 3)
    place_tile(g, 0, "basic-ship", 3, 3)
    place_tile(g, 0, "basic-telescope", 4, 3)
    assert (card_vp(g, "S30"), card_vp(g, "S31"), card_vp(g, "S32"), card_vp(g, "S33")) == \
        (2, 3, 4, 1)
    assert space_vp(g) == 2 + 3 + 4 + 1 + 1  # Capital Sky: min(6 tiles, 1 Townsfolk)


def test_muses_light_counts_tucked_inspiration() -> None:
    """WF-CARD-30: Muse's Light scores 1 per Inspiration card kept tucked."""
    g = new(2)
    gain(g, 0, "L19")
    gain(g, 0, "S20", above="L19")
    assert card_vp(g, "S20") == 0
    gain(g, 0, "I01", above="sky")
    gain(g, 0, "I02", above="S20")
    assert card_vp(g, "S20") == 2
    assert space_vp(g) == 2 and insp_vp(g) == 0  # both goals unmet


def test_celestial_triad() -> None:
    """WF-CARD-31: Celestial Triad scores 3 per set of one Planet, one Comet and one Stars
    tag."""
    g = new(2)
    for c in ("L19", "L20", "L21", "L22"):
        gain(g, 0, c)
    gain(g, 0, "S15", above="L19")  # Stars: with the Capital Sky, 2
    gain(g, 0, "S03", above="L21")  # 2 Comets
    assert card_vp(g, "S15") == 0
    gain(g, 0, "S10", above="L20")
    assert card_vp(g, "S15") == 3
    gain(g, 0, "S11", above="L22")
    assert card_vp(g, "S15") == 6


def test_collectors_star_counts_board_cards() -> None:
    """WF-CARD-32: Collector's Star scores 1 per set of one Townsfolk, Space, Land and Water
    card, the board's printed cards included."""
    g = new(2)
    gain(g, 0, "L19")
    gain(g, 0, "S28", above="L19")
    assert card_vp(g, "S28") == 1  # board set only: Water and Townsfolk are 1 each
    gain(g, 0, "W05")
    gain(g, 0, "T10", under="W05")
    assert card_vp(g, "S28") == 2


# --- Inspiration ----------------------------------------------------------------------------


def test_inspiration_cards_are_free_and_give_no_tags() -> None:
    """WF-CARD-33: Inspiration cards have no tags, no requirement and no price: one is taken
    with no Silver and tucking it changes no tag count."""
    comp = load()
    insp = [c for c in comp.cards if c.type == 4]
    assert len(insp) == 16 and all(not c.tags and c.cost == 0 and not c.hosts for c in insp)
    g = new(2)
    st = state(g)
    put_display(g, "inspiration", 1, "I05")
    water_via_harbour(g, "W28")
    give(g, 0, silver=0)
    tags = list(st.tags[:11])
    play(g, "take I05", "tuck I05 above Capital Sky")
    assert st.silver[0] == 0 and st.tags[:11] == tags


def test_inspiration_tuck_or_discard_for_its_slot_action() -> None:
    """WF-CARD-34: an acquired Inspiration card is tucked above a Space card without one (the
    Capital Sky qualifies) or discarded face down under its pile for the action of the slot it
    was taken from (slot 3: 1 Silver and refresh a die)."""
    g = new(2)
    gain(g, 0, "L19")
    gain(g, 0, "S16", above="L19")
    st = state(g)
    put_display(g, "inspiration", 3, "I05")
    water_via_harbour(g, "W28")
    play(g, "take I05")
    assert set(acts(g)) == {"tuck I05 above Capital Sky", "tuck I05 above S16",
                            "discard I05 for: silver & refresh die"}
    silver = st.silver[0]
    play(g, "discard I05 for: silver & refresh die")
    assert st.piles[4][0] == idx(g, "I05") and st.owner[idx(g, "I05")] == -1
    play(g, "gain 1 silver")
    assert st.silver[0] == silver + 1


def test_one_inspiration_per_space_card() -> None:
    """WF-CARD-35: a Space card holds at most one Inspiration card; with no free Space card the
    player can only discard."""
    g = new(2)
    gain(g, 0, "I01", above="sky")
    put_display(g, "inspiration", 1, "I05")
    water_via_harbour(g, "W28")
    play(g, "take I05")
    assert acts(g) == ["discard I05 for: 2 provisions"]


def test_discard_uses_the_slot_whatever_the_source() -> None:
    """WF-CARD-36: an Inspiration card from Muse's Light's immediate effect may also be
    discarded, for the action of the slot it occupied (slot 4: 2 Silver)."""
    g = new(2)
    gain(g, 0, "L19")
    st = state(g)
    put_display(g, "inspiration", 4, "I07")
    space_via_observatory(g, "S20")
    play(g, "take I07")
    assert "discard I07 for: 2 silver" in acts(g)
    silver = st.silver[0]
    play(g, "discard I07 for: 2 silver", "gain 2 silver")
    assert st.silver[0] == silver + 2


def test_met_inspiration_goal_doubles_the_space_card() -> None:
    """WF-CARD-37: City Light under Metropolis (5 City tags): with 5 Cities it scores 5 twice;
    with 4 the goal is unmet and costs nothing."""
    g = new(2)
    for c in ("L01", "L02", "L03"):
        gain(g, 0, c)
    gain(g, 0, "S16", above="L01")
    gain(g, 0, "I14", above="S16")
    assert (space_vp(g), insp_vp(g)) == (4, 0)
    gain(g, 0, "L04")
    assert (space_vp(g), insp_vp(g)) == (5, 5)


def test_inspiration_goal_table() -> None:
    """WF-CARD-38: the 16 goals: 6 Comet, 5 Stars, 3 Planet, 4 Library, 4 Vista, 4 Open Water,
    5 Harbour, 4 Observatory, 5 City tags; 6 Townsfolk cards; 2 Basic and 2 Space tiles, 3
    Water, 3 Land tiles; 10 Influence on the Guilds, 6 Provisions, 6 Silver."""
    comp = load()
    goals = sorted((c.goal_text, c.at_least) for c in comp.cards if c.type == 4)
    assert goals == sorted([
        ("comet", 6), ("stars", 5), ("planet", 3), ("library", 4), ("vista", 4),
        ("open_water", 4), ("harbour", 5), ("observatory", 4), ("city", 5),
        ("townsfolk_cards", 6), ("min(basic_tiles, space_tiles)", 2), ("water_tiles", 3),
        ("land_tiles", 3), ("yellow + blue + black", 10), ("provisions", 6), ("silver", 6)])
    g = new(2)
    gain(g, 0, "I09", above="sky")  # 2 Basic and 2 Space tiles together
    place_tile(g, 0, "basic-camel", 2, 1)
    place_tile(g, 0, "basic-ship", 3, 1)
    place_tile(g, 0, "space-trio", 4, 1)
    assert insp_vp(g) == 0  # 2 Basic, 1 Space
    place_tile(g, 0, "space-updown", 5, 1)
    assert space_vp(g) == 1 and insp_vp(g) == 1  # Capital Sky min(4 tiles, 1 Townsfolk)


def test_goals_count_board_cards_and_end_holdings() -> None:
    """WF-CARD-39: the Townsfolk goal counts the Capital Townsfolk (5 tucked + 1 = 6 meets it);
    the Silver goal counts the Silver held."""
    g = new(2)
    for c in ("L01", "L02", "W05"):
        gain(g, 0, c)
    gain(g, 0, "T08", under="city")
    gain(g, 0, "T09", under="L01")
    gain(g, 0, "T10", under="harbour")
    gain(g, 0, "T11", under="W05")
    place_tile(g, 0, "basic-camel", 2, 1)
    place_tile(g, 0, "basic-ship", 3, 1)
    gain(g, 0, "I04", above="sky")
    assert insp_vp(g) == 0  # 5 Townsfolk cards so far
    gain(g, 0, "T22", under="L02")
    assert space_vp(g) == 2 and insp_vp(g) == 2  # Capital Sky min(2 tiles, 6) doubled
    gain(g, 0, "S16", above="L01")
    gain(g, 0, "I16", above="S16")
    give(g, 0, silver=5)
    assert insp_vp(g) == 2
    give(g, 0, silver=6)
    assert insp_vp(g) == 2 + 3  # City Light: 3 Cities, doubled


def test_discarded_inspiration_is_gone() -> None:
    """WF-CARD-40: a discarded Inspiration card scores nothing and is not one of the player's
    Inspiration cards (Muse's Light stays at 0)."""
    g = new(2)
    gain(g, 0, "L19")
    gain(g, 0, "S20", above="L19")
    st = state(g)
    put_display(g, "inspiration", 1, "I05")
    water_via_harbour(g, "W28")
    play(g, "take I05", "discard I05 for: 2 provisions")
    finish(g)
    assert st.ncards[4] == 0 and st.owner[idx(g, "I05")] == -1
    assert card_vp(g, "S20") == 0 and insp_vp(g) == 0


# --- Townsfolk ------------------------------------------------------------------------------


def test_townsfolk_tucks_under_a_host_with_a_required_tag() -> None:
    """WF-CARD-41, WF-CARD-53: the Messenger (City or Harbour) may go under the Capital City or
    the Capital Harbour, not under a Vista; once the Capital City hosts it, a second Townsfolk
    can only go under the Capital Harbour, and the first stays where it is."""
    g = new(2)
    gain(g, 0, "L19")
    market(g, "T22")
    assert set(acts(g)) == {"tuck T22 under Capital City", "tuck T22 under Capital Harbour"}
    play(g, "tuck T22 under Capital City")
    finish(g)
    pass_turn(g)
    market(g, "T25")
    assert acts(g) == ["tuck T25 under Capital Harbour"]
    play(g, "tuck T25 under Capital Harbour")
    st = state(g)
    assert st.tuck[board_host(0, "city")] == idx(g, "T22")
    assert st.tuck[board_host(0, "harbour")] == idx(g, "T25")


def test_townsfolk_without_a_host_cannot_be_acquired() -> None:
    """WF-CARD-42, WF-CARD-48: the Enforcer needs an Open Water host: without one it is not
    offered at the Capital Market; with W19 it is."""
    g = new(2)
    put_display(g, "townsfolk", 1, "T04")
    give(g, 0, silver=3)
    set_dice(g, 0, [2])
    play(g, "place die 2", "place die 2 on Capital Market")
    assert not starting(g, "take T04")
    g = new(2)
    gain(g, 0, "W19")
    market(g, "T04")
    assert acts(g) == ["tuck T04 under W19"]


def test_board_centre_never_hosts_a_townsfolk() -> None:
    """WF-CARD-43, WF-CARD-47: the board centre's Observatory and Library tags do not make it a
    host: the Black Scholar (Library or Observatory) and the Astronomer (Observatory) cannot be
    acquired with no such card; with L09 they go under L09 only (not under its Space card)."""
    for tf in ("T26", "T02"):
        g = new(2)
        put_display(g, "townsfolk", 1, tf)
        give(g, 0, silver=3)
        set_dice(g, 0, [2])
        play(g, "place die 2", "place die 2 on Capital Market")
        assert not starting(g, f"take {tf}")
        g = new(2)
        gain(g, 0, "L09")
        gain(g, 0, "S16", above="L09")
        market(g, tf)
        assert acts(g) == [f"tuck {tf} under L09"]


HOSTS = {
    "vista": ["Champion", "Hunter", "Merchant", "Scribe", "Vigilante"],
    "city": ["Farmer", "Stargazer", "Vagrant"],
    "harbour": ["Adventurer", "Fisherman", "Invader"],
    "city harbour": ["Mercenary", "Messenger", "Rogue"],
    "open_water": ["Enforcer", "Guardian", "Translator", "Warrior"],
    "observatory": ["Astronomer"],
}


def test_townsfolk_host_requirements_data() -> None:
    """WF-CARD-44, WF-CARD-45, WF-CARD-46, WF-CARD-47, WF-CARD-48: the host tags of every
    Townsfolk: Vista for Champion, Hunter, the four Merchants, three Scribes, Vigilante; City for
    both Farmers, the Camel+Pigeon Envoy, Stargazer, Vagrant; Harbour for Adventurer, both
    Fishermen, the Ship+Pigeon Envoy, Invader; City or Harbour for Mercenary, Messenger, Rogue
    and the Blue and Yellow Scholars; Observatory for the Astronomer; Library or Observatory for
    the Black Scholar; Open Water for the 9 Resting Townsfolk."""
    comp = load()
    tfs = [c for c in comp.cards if c.type == 0]
    for c in tfs:
        hosts = " ".join(TAGS[t] for t in c.hosts)
        if c.name in ("Envoy", "Scholar"):
            continue
        assert c.name in HOSTS[hosts], (c.id, c.name, hosts)
    counts = {name: sum(1 for c in tfs if c.name == name) for name in
              ("Merchant", "Scribe", "Farmer", "Fisherman")}
    assert counts == {"Merchant": 4, "Scribe": 3, "Farmer": 2, "Fisherman": 2}
    envoys = {tuple(sorted(c.assets)): tuple(TAGS[t] for t in c.hosts)
              for c in tfs if c.name == "Envoy"}
    assert envoys == {(0, 2): ("city",), (1, 2): ("harbour",)}  # camel+pigeon, ship+pigeon
    scholars = sorted((comp.nodes.text[c.ability].split()[0], tuple(TAGS[t] for t in c.hosts))
                      for c in tfs if c.name == "Scholar")
    assert scholars == [("black", ("library", "observatory")), ("blue", ("city", "harbour")),
                        ("yellow", ("city", "harbour"))]
    resting = [c for c in tfs if c.resting]
    assert len(resting) == 9 and all(c.hosts == (tag("open_water"),) for c in resting)


def test_townsfolk_hosts_in_play() -> None:
    """WF-CARD-44, WF-CARD-45, WF-CARD-46: the Blue Scholar goes under a plain City or Harbour
    but not a Vista or Open Water (RULING WF-RUL-02); a Farmer only under a City; a Scribe only
    under a Vista; a Fisherman only under a Harbour."""
    cases = {"T24": {"Capital City", "Capital Harbour", "L01", "W05"},
             "T08": {"Capital City", "L01"}, "T27": {"L19"},
             "T10": {"Capital Harbour", "W05"}}
    for tf, where in cases.items():
        g = new(2)
        for c in ("L01", "L19", "W05", "W19"):
            gain(g, 0, c)
        market(g, tf)
        assert {a.split(" under ")[1] for a in acts(g)} == where, tf


def test_townsfolk_ability_on_die_placement_either_order() -> None:
    """WF-CARD-49: the Farmer (1 Silver) under the Capital City resolves each time a die is
    placed there, before or after the host's action."""
    g = new(2)
    gain(g, 0, "T08", under="city")
    st = state(g)
    give(g, 0, provisions=2, silver=0)
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City")
    assert set(acts(g)) == {"pay 2 provisions -> silver & land card", "gain 1 silver", "done"}
    play(g, "gain 1 silver")  # the Townsfolk first
    assert st.silver[0] == 1
    play(g, "pay 2 provisions -> silver & land card", "gain 1 silver")
    assert st.silver[0] == 2
    finish(g)
    pass_turn(g)
    clear_dice(g)
    give(g, 0, provisions=2, silver=0)
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card",
         "gain 1 silver", "done")  # the host's action first (the Land card declined) ...
    play(g, "gain 1 silver")  # ... and the Farmer after
    assert st.silver[0] == 2 and g.to_move == 1


def test_asset_townsfolk_serve_only_their_own_host() -> None:
    """WF-CARD-50: the Adventurer (Ship) under W05 lets a die 3 go on W05 but not on the Capital
    Harbour; the Invader (2 Ships) serves W04; the Stargazer (Telescope+Camel) serves L09; the
    Camel+Pigeon Envoy serves L15."""
    g = new(2)
    for c in ("W05", "W04", "L09", "L15"):
        gain(g, 0, c)
    gain(g, 0, "T01", under="W05")
    gain(g, 0, "T16", under="W04")
    gain(g, 0, "T30", under="L09")
    gain(g, 0, "T06", under="L15")
    give(g, 0, blue=0)
    set_dice(g, 0, [3])
    play(g, "place die 3")
    on = {a.split(" on ")[1] for a in starting(g, "place die 3 on")}
    assert on == {"W05", "W04", "L09", "L15", "Capital Market", "Capital Reserve"}


def test_resting_townsfolk_only_on_an_eligible_rest() -> None:
    """WF-CARD-51: the Guardian (2 Silver) under W19 resolves on an eligible Rest (at most one
    die in supply), not on an ineligible one."""
    g = new(2)
    gain(g, 0, "W19")
    gain(g, 0, "T13", under="W19")
    set_dice(g, 0, [2, 4])
    play(g, "rest")
    assert "gain 2 silver" not in acts(g)
    play(g, "keep the other dice")
    assert g.to_move == 1
    pass_turn(g)
    set_dice(g, 0, [4])
    st = state(g)
    play(g, "rest")
    while "keep the other dice" in acts(g):
        play(g, "keep the other dice")
    silver = st.silver[0]
    play(g, "gain 2 silver")
    assert st.silver[0] == silver + 2


def test_resting_townsfolk_gained_during_a_rest_waits() -> None:
    """WF-CARD-52: a Guardian gained during a Rest (the Capital Townsfolk's Journal reaching the
    free-Townsfolk Journal Tile) does not resolve in that Rest, but does on the next eligible
    one."""
    g = new(2)
    gain(g, 0, "W19")
    st = state(g)
    k = st.jtile_at.index(3)  # "townsfolk card (free)" onto space 10
    st.jtile_at[k], st.jtile_at[0] = st.jtile_at[0], 3
    put_display(g, "townsfolk", 1, "T13")
    set_dice(g, 0, [])
    play(g, "rest", "journal to 10", "take T13" + FREE_TOWNSFOLK, "tuck T13 under W19")
    assert "gain 2 silver" not in acts(g)
    finish(g)
    assert g.to_move == 1
    pass_turn(g)
    set_dice(g, 0, [])
    st.occupied = [0] * len(st.occupied)
    play(g, "rest")
    assert "gain 2 silver" in acts(g)
