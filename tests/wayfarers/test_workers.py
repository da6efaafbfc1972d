"""Rule tests for Wayfarers Workers (WF-WORK-01..14)."""

from __future__ import annotations

from tests.wayfarers.helpers import (
    ANY_GUILD,
    ROWS,
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
from upriver.core.game import Game
from upriver.games.wayfarers.effects import GUILDS


def table(dice: list[int] | None = None, **holdings: int) -> Game:
    """Seat 0 to move, side a everywhere, no Guild Influence and no Workers unless given."""
    g = new(2, seed=1, sides="aaa")
    state(g).board[0] = 0
    give(g, 0, **{"black": 0, "yellow": 0, "blue": 0, "silver": 10, "provisions": 5,
                  "green_workers": 0, "yellow_workers": 0, "blue_workers": 0, **holdings})
    set_dice(g, 0, dice or [])
    return g


def worker_cards(g: Game, colour: str) -> set[str]:
    return {a.split()[4] for a in starting(g, f"place {colour} worker on ")}


def display_ids(g: Game, row: int) -> set[str]:
    st = state(g)
    return {st.cfg.comp.cards[c].id for c in st.display[row * 4 : row * 4 + 4] if c >= 0}


def test_a_supply_holds_any_number_of_workers_of_any_colour() -> None:
    """WF-WORK-01: Workers are Green, Yellow or Blue, and a supply may hold any number of each;
    every Worker in supply can be placed."""
    g = table(green_workers=2, yellow_workers=3, blue_workers=2)
    play(g, "place yellow worker on " + sorted(worker_cards(g, "yellow"))[0])
    st = state(g)
    assert st.workers[0:3] == [2, 2, 2]
    g = table(green_workers=2)
    assert worker_cards(g, "green") and not worker_cards(g, "yellow")


def test_workers_go_only_on_the_four_worker_rows() -> None:
    """WF-WORK-02, WF-WORK-03: a Worker goes only on a face-up card of the Townsfolk, Land,
    Water or Inspiration row, never a Space card or a panorama card; Townsfolk take only Green,
    Land Green and Yellow, Water Green and Blue, Inspiration all three."""
    g = table(green_workers=1, yellow_workers=1, blue_workers=1)
    gain(g, 0, "L20")  # a panorama card
    townsfolk, land, water, space, insp = (display_ids(g, r) for r in range(5))
    green, yellow, blue = (worker_cards(g, c) for c in ("green", "yellow", "blue"))
    assert green <= townsfolk | land | water | insp
    assert townsfolk & green and land & green and water & green and insp & green
    assert yellow <= land | insp and yellow & land and yellow & insp
    assert blue <= water | insp and blue & water and blue & insp
    assert not (green | yellow | blue) & space
    assert "L20" not in green | yellow | blue
    assert not townsfolk & (yellow | blue)


def test_one_worker_of_each_colour_per_card() -> None:
    """WF-WORK-04: a card holds at most one Worker of each colour: an Inspiration card with a
    Yellow Worker takes no second Yellow but still takes Green and Blue."""
    g = table(green_workers=1, yellow_workers=2, blue_workers=1)
    put_display(g, "inspiration", 1, "I01")  # slot 1: 2 provisions
    play(g, "place yellow worker on I01", "gain 2 provisions")
    play(g, "rest")  # seat 1
    while state(g).seat == 1:
        a = acts(g)
        play(g, "keep the other dice" if "keep the other dice" in a
             else "end turn" if "end turn" in a else "done")
    assert "I01" not in worker_cards(g, "yellow")
    assert "I01" in worker_cards(g, "green") and "I01" in worker_cards(g, "blue")


def test_placing_a_worker_resolves_the_slot_action_without_taking_the_card() -> None:
    """WF-WORK-05, WF-WORK-11: placing a Worker resolves the action of the card's display slot
    (Land slot 2: 2 Silver and 1 Yellow Influence) and the card stays on display."""
    g = table(yellow_workers=1)
    card = put_display(g, "land", 2, "L20")
    play(g, "place yellow worker on L20")
    assert sorted(acts(g)) == ["done", "gain 2 silver", "yellow influence"]
    play(g, "gain 2 silver", "yellow influence")
    st = state(g)
    assert st.silver[0] == 12 and st.guild[1] == 1
    assert st.display[4 + 1] == card and st.owner[card] == -1 and st.card_workers[card] == 2


def test_a_worker_needs_a_resolvable_part() -> None:
    """WF-WORK-06, WF-BUG-06: a Worker may be placed only where some part of the slot action
    can be resolved: Land slot 4 (pay 3 Provisions to draw 3) is no target with 2 Provisions."""
    g = table(yellow_workers=1, provisions=2)
    put_display(g, "land", 4, "L20")
    assert "L20" not in worker_cards(g, "yellow")
    g = table(yellow_workers=1, provisions=3)
    put_display(g, "land", 4, "L20")
    assert "L20" in worker_cards(g, "yellow")
    play(g, "place yellow worker on L20", "pay 3 provisions -> draw 3 land", "draw 3 land")
    assert len(state(g).drawn) == 3


def _empty_pile(g: Game, row: str) -> None:
    """Arrange an empty draw pile for ``row``."""
    st = state(g)
    st.piles[ROWS[row]] = []
    st.pile_known[ROWS[row]] = []
    g._legal = None


def test_a_pay_then_draw_needs_a_pile_to_draw_from() -> None:
    """WF-OP-01, WF-WORK-06: the pay step of a pay-then-gain is offered only when its gain side
    can be done once paid. With an empty Land pile, Land slot 4 (pay 3 Provisions -> draw 3
    Land, its only action part) is no Worker target even with the Provisions to pay, while the
    other Land cards still are; and once a Worker is on it, emptying the pile withdraws the
    pay step, so nothing is paid."""
    g = table(green_workers=1, yellow_workers=1)
    put_display(g, "land", 4, "L20")
    assert "L20" in worker_cards(g, "yellow") and "L20" in worker_cards(g, "green")  # control
    others = display_ids(g, 1) - {"L20"}
    _empty_pile(g, "land")
    assert state(g).provisions[0] == 5
    assert "L20" not in worker_cards(g, "yellow") | worker_cards(g, "green")
    assert others <= worker_cards(g, "yellow") and others <= worker_cards(g, "green")
    g = table(yellow_workers=1)
    put_display(g, "land", 4, "L20")
    play(g, "place yellow worker on L20")
    assert acts(g) == ["pay 3 provisions -> draw 3 land", "done"]  # control: cards to draw
    _empty_pile(g, "land")
    assert acts(g) == ["done"]  # the pay step is not offered
    play(g, "done")
    st = state(g)
    assert st.provisions[0] == 5 and not st.drawn and g.to_move == 1


def _seat1_worker_on(g: Game, row: str, slot: int, card_id: str, colour: int) -> int:
    """A Worker placed by seat 1 in an earlier turn."""
    card = put_display(g, row, slot, card_id)
    state(g).card_workers[card] |= 1 << colour
    return card


def test_placed_workers_are_public() -> None:
    """WF-WORK-07, WF-WORK-08: any player's retrieve effect takes any Worker on a display card,
    whoever placed it, into their supply; the Influence fee applies."""
    g = table([6], provisions=0)
    card = _seat1_worker_on(g, "land", 2, "L20", 1)
    state(g).card_inf[card] = 1
    place_tile(g, 0, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on Capital Library")
    retrieve = starting(g, "retrieve yellow worker from L20, fee 1 silver to seat ")
    assert len(retrieve) == 1
    play(g, retrieve[0])
    st = state(g)
    assert st.workers[0 * 3 + 1] == 1 and st.card_workers[card] == 0
    assert st.silver == [9, 4]


def test_a_worker_placed_this_turn_cannot_be_retrieved() -> None:
    """WF-WORK-09: a Worker placed this turn cannot be retrieved that turn: the Green Worker
    placed on a Townsfolk card to take a Planet is not offered to the Planet Vista L28's
    retrieve, while an older Worker is."""
    g = table(green_workers=1)
    gain(g, 0, "L28")  # Vista: Planet/Sun/Moon -> retrieve worker
    put_display(g, "space", 1, "S10")  # Jupiter
    put_display(g, "townsfolk", 1, "T08")  # slot 1: space card (1 silver off)
    old = _seat1_worker_on(g, "land", 2, "L21", 1)
    play(g, "place green worker on T08", "take S10 (2 silver)" + SPACE_OFF)
    retrieves = starting(g, "retrieve ")
    assert retrieves == ["retrieve yellow worker from L21"]
    play(g, "retrieve yellow worker from L21")
    assert state(g).card_workers[old] == 0
    assert state(g).card_workers[idx(g, "T08")] == 1


def test_track_green_workers_are_never_retrieved() -> None:
    """WF-WORK-10: the Green Workers on the Journal Track are gained only by entering their
    column; a retrieve with no Worker on display finds nothing."""
    g = table([6])
    place_tile(g, 0, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on Capital Library")
    assert not starting(g, "retrieve ")
    assert state(g).green_on == [1, 1, 1, 1]


def _slot_text(g: Game, row: int, slot: int) -> str:
    comp = state(g).cfg.comp
    return str(comp.nodes.text[comp.slot_actions[row][slot]])


def test_land_row_slot_actions() -> None:
    """WF-WORK-11: Land slots: 1 a Townsfolk at its price and modify a die; 2: 2 Silver and 1
    Yellow Influence; 3: a Land tile at its price; 4: pay 3 Provisions to draw 3 Land, keep 1."""
    g = table()
    assert [_slot_text(g, 1, s) for s in range(4)] == [
        "townsfolk card & modify die", "2 silver & yellow influence", "land tile",
        "pay 3 provisions -> draw 3 land"]
    g = table([3], yellow_workers=1, silver=3)
    put_display(g, "townsfolk", 1, "T08")  # Farmer, 2 Silver, City host
    put_display(g, "land", 1, "L20")
    play(g, "place yellow worker on L20", "take T08 (2 silver)", "tuck T08 under Capital City",
         "modify die 3 to 4")
    st = state(g)
    assert st.silver[0] == 1 and st.dice[0] == [4] and st.owner[idx(g, "T08")] == 0
    g = table(yellow_workers=1, silver=3)
    put_display(g, "land", 3, "L20")
    play(g, "place yellow worker on L20")
    assert "take tile land-pigeon face a (3 silver)" in acts(g)


def test_water_row_slot_actions() -> None:
    """WF-WORK-12: Water slots: 1 refresh a die and modify dice twice; 2: 2 Provisions and 1
    Blue Influence; 3: a Water tile at its price; 4: pay 3 Provisions to draw 3 Water."""
    g = table()
    assert [_slot_text(g, 2, s) for s in range(4)] == [
        "refresh die & 2 modify die", "2 provisions & blue influence", "water tile",
        "pay 3 provisions -> draw 3 water"]
    g = table(blue_workers=1, provisions=0)
    put_display(g, "water", 2, "W20")
    play(g, "place blue worker on W20", "gain 2 provisions", "blue influence")
    assert state(g).provisions[0] == 2 and state(g).guild[2] == 1
    g = table(blue_workers=1, provisions=3)
    put_display(g, "water", 4, "W20")
    play(g, "place blue worker on W20", "pay 3 provisions -> draw 3 water", "draw 3 water")
    st = state(g)
    assert st.provisions[0] == 0 and len(st.drawn) == 3
    assert all(st.cfg.comp.cards[c].type == 2 for c in st.drawn)


def test_townsfolk_row_slot_actions() -> None:
    """WF-WORK-13: Townsfolk slots: 1 a Space card 1 Silver off; 2: 1 Influence on each Guild;
    3: a free Basic tile; 4: Journal and 1 Provision."""
    g = table()
    assert [_slot_text(g, 0, s) for s in range(4)] == [
        "space card (1 silver off)", "yellow influence & blue influence & black influence",
        "basic tile (free)", "journal & provision"]
    g = table(green_workers=1)
    put_display(g, "townsfolk", 2, "T08")
    play(g, "place green worker on T08", *[f"{x} influence" for x in GUILDS])
    assert state(g).guild[0:3] == [1, 1, 1]
    g = table(green_workers=1, provisions=0)
    put_display(g, "townsfolk", 4, "T08")
    play(g, "place green worker on T08", "gain 1 provision", "journal to 10")
    assert state(g).provisions[0] == 1 and state(g).jpos[0] == 10


def test_inspiration_column_slot_actions() -> None:
    """WF-WORK-14: Inspiration slots (slot 1 at the bottom): 1: 2 Provisions; 2: 1 Provision and
    1 Influence on any Guild; 3: 1 Silver and refresh a die; 4: 2 Silver."""
    g = table()
    assert [_slot_text(g, 4, s) for s in range(4)] == [
        "2 provisions", "provision & any influence", "silver & refresh die", "2 silver"]
    g = table(blue_workers=1, provisions=0)
    put_display(g, "inspiration", 2, "I01")
    play(g, "place blue worker on I01")
    assert {"gain 1 provision", "black influence" + ANY_GUILD, "yellow influence" + ANY_GUILD,
            "blue influence" + ANY_GUILD} <= set(acts(g))
    play(g, "gain 1 provision", "black influence" + ANY_GUILD)
    assert state(g).provisions[0] == 1 and state(g).guild[0] == 1
