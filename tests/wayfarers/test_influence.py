"""Rule tests for Influence on Guilds and on cards (WF-INF-01..17)."""

from __future__ import annotations

import random

from tests.wayfarers.helpers import (
    ANY_GUILD,
    LIBRARY,
    OBSERVATORY,
    RESERVE,
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
from upriver.games.wayfarers.scoring import winners

CARD_INFLUENCE_TILE = 8  # index of "2 card influence" among the Journal Tiles (journal.toml)


def _on_card(g: Game, card: str, seat: int) -> int:
    """Arrange ``seat``'s Influence on a display card (taken from its supply)."""
    st = state(g)
    c = idx(g, card)
    st.card_inf[c] = seat
    st.inf_supply[seat] -= 1
    g._legal = None
    return c


def _totals(g: Game, seat: int) -> int:
    st = state(g)
    return int(st.inf_supply[seat] + sum(st.guild[seat * 3 : seat * 3 + 3])
               + sum(1 for c in st.card_inf if c == seat))


def _finish(g: Game) -> None:
    while state(g).stack:
        a = acts(g)
        play(g, next(x for x in ("done", "keep the other dice", "no extra journal step",
                                 "yellow: no second step", "end turn") if x in a))


def _rest_to_card_influence_tile(g: Game) -> None:
    """Rest with no die; the Capital Townsfolk's Journal step enters space 10, whose Journal
    Tile is arranged to be "2 card influence"."""
    state(g).jtile_at[0] = CARD_INFLUENCE_TILE
    set_dice(g, 0, [])
    play(g, "rest", "journal to 10")


def test_each_player_has_exactly_fifteen_influence() -> None:
    """WF-INF-01: each player's 15 Influence are always in supply, on a Guild or on a card,
    and a card holding one is always on display (WF-INF-06: taking it returns the Influence;
    the rules look for a player's Influence on cards among the display's only)."""
    on_cards = on_guilds = 0
    for seed in (2, 4):
        g = new(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if g.is_over:
                break
            play(g, rng.choice(acts(g)))
            for seat in range(3):
                assert _totals(g, seat) == 15
            st = state(g)
            assert all(c in st.display for c, s in enumerate(st.card_inf) if s >= 0)
            on_cards = max(on_cards, sum(1 for c in st.card_inf if c >= 0))
            on_guilds = max(on_guilds, sum(st.guild))
    assert on_cards > 0 and on_guilds > 3  # the games did move Influence around


def test_guild_icons_put_influence_on_the_named_or_chosen_guild() -> None:
    """WF-INF-02: a named icon puts 1 Influence on that Guild; an any-Guild icon lets the
    player choose, separately for each icon."""
    g = new(2, seed=1)
    put_display(g, "land", 2, "L25")  # slot 2: 2 Silver & Yellow Influence
    play(g, "place yellow worker on L25")
    assert [a for a in acts(g) if a.endswith(" influence")] == ["yellow influence"]
    play(g, "yellow influence")
    assert g.view(0)["players"][0]["guilds"] == {"black": 0, "yellow": 1, "blue": 1}
    assert g.view(0)["players"][0]["influence"] == 13

    g = new(2, seed=1)
    state(g).jpos[0] = 90
    give(g, 0, black=1)  # 90 -> 102 costs 1 Black
    set_dice(g, 0, [])
    play(g, "rest", "journal to 102")
    chosen = [f"{guild} influence" + ANY_GUILD for guild in ("black", "yellow", "blue")]
    assert set(chosen) <= set(acts(g))
    play(g, chosen[1])
    assert set(chosen) <= set(acts(g))
    play(g, chosen[2])
    assert g.view(0)["players"][0]["guilds"] == {"black": 0, "yellow": 1, "blue": 2}


def test_card_influence_goes_on_any_display_card_without_influence() -> None:
    """WF-INF-03, WF-INF-04, WF-INF-05: Influence on a card goes on a face-up display card of
    any row (Space and Inspiration included) that has none, a Worker being no obstacle; never
    on a panorama or pile card; and never a second one on a card."""
    g = new(2, seed=1)
    st = state(g)
    gain(g, 0, "W25")
    put_display(g, "land", 2, "L25")
    _on_card(g, "L25", 1)
    st.card_workers[st.display[16]] |= 4  # a Blue Worker on an Inspiration card
    _rest_to_card_influence_tile(g)
    names = st.cfg.comp.cards
    offered = {a.removeprefix("influence on ") for a in starting(g, "influence on ")}
    expected = {names[c].id for c in st.display if c >= 0 and st.card_inf[c] < 0}
    assert offered == expected
    assert len(offered) == 19 and "L25" not in offered and "W25" not in offered
    assert names[st.display[16]].id in offered
    assert any(x.startswith("S") for x in offered) and any(x.startswith("I") for x in offered)
    first = names[st.display[12]].id  # a Space card
    play(g, f"influence on {first}")
    again = {a.removeprefix("influence on ") for a in starting(g, "influence on ")}
    assert again == offered - {first}
    assert g.view(0)["rows"]["space"]["slots"][0]["influence"] == 0


def test_influence_travels_with_its_card_and_returns_when_the_card_is_acquired() -> None:
    """WF-INF-06: Influence stays on a card sliding along the display; it leaves only when the
    card is acquired, by anyone, and goes back to its owner's supply."""
    g = new(2, seed=1)
    put_display(g, "land", 1, "L09")
    put_display(g, "land", 2, "L25")
    _on_card(g, "L25", 1)
    give(g, 0, provisions=2)
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card",
         "take L09")
    _finish(g)
    slot1 = g.view()["rows"]["land"]["slots"][0]
    assert (slot1["id"], slot1["influence"]) == ("L25", 1)  # slid to slot 1 with it
    supply = g.view()["players"][1]["influence"]
    give(g, 1, provisions=2)
    set_dice(g, 1, [1])
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card",
         "take L25")
    assert g.view()["players"][1]["influence"] == supply + 1  # its owner took it: no fee
    _finish(g)
    # Acquired by another player: back to the owner's supply too.
    g = new(2, seed=1)
    put_display(g, "land", 1, "L09")
    _on_card(g, "L09", 1)
    supply = g.view()["players"][1]["influence"]
    give(g, 0, provisions=2, silver=1)
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card",
         "take L09 (fee 1 silver to seat 1)")
    assert g.view()["players"][1]["influence"] == supply + 1
    assert g.view()["players"][0]["lands"][0]["card"]["id"] == "L09"


def test_every_interaction_with_an_influenced_card_pays_its_owner() -> None:
    """WF-INF-07, WF-INF-08, WF-INF-09: acquiring a card, placing a Worker on it and
    retrieving a Worker from it are interactions; with another player's Influence there, the
    payer chooses 1 Silver or 1 Provision and it goes to that player. One's own Influence costs
    nothing."""
    g = new(2, seed=1)
    put_display(g, "land", 2, "L25")
    put_display(g, "land", 3, "L33")
    _on_card(g, "L25", 1)
    _on_card(g, "L33", 0)
    a = acts(g)
    assert "place yellow worker on L25, fee 1 silver to seat 1" in a
    assert "place yellow worker on L25, fee 1 provision to seat 1" in a
    assert "place yellow worker on L25" not in a
    assert "place yellow worker on L33" in a  # own Influence: no fee
    before = [(p["silver"], p["provisions"]) for p in g.view()["players"]]
    play(g, "place yellow worker on L25, fee 1 provision to seat 1")
    after = [(p["silver"], p["provisions"]) for p in g.view()["players"]]
    assert after[1] == (before[1][0], before[1][1] + 1)
    assert after[0][1] == before[0][1] - 1
    _finish(g)
    play(g, "rest", "keep the other dice", "end turn")  # seat 1's turn, Yellow unused
    # Retrieving the Worker from L25 (Capital Library: Influence + retrieve a Worker).
    place_tile(g, 0, "basic-pigeon", 2, 2)
    set_dice(g, 0, [2])
    give(g, 0, silver=1, provisions=0)
    play(g, "place die 2", "place die 2 on Capital Library")
    assert "retrieve yellow worker from L25, fee 1 silver to seat 1" + LIBRARY in acts(g)
    assert not starting(g, "retrieve yellow worker from L25, fee 1 provision")
    silver1 = g.view()["players"][1]["silver"]
    play(g, "retrieve yellow worker from L25, fee 1 silver to seat 1" + LIBRARY)
    assert g.view()["players"][1]["silver"] == silver1 + 1
    assert g.view()["players"][0]["workers"]["yellow"] == 1


def test_a_player_who_cannot_pay_the_fee_cannot_interact() -> None:
    """WF-INF-10: with neither Silver nor Provisions the influenced card is no target."""
    g = new(2, seed=1)
    put_display(g, "land", 2, "L25")
    put_display(g, "land", 3, "L33")
    _on_card(g, "L25", 1)
    give(g, 0, silver=0, provisions=0)
    a = acts(g)
    assert not any("on L25" in x for x in a)
    assert "place yellow worker on L21" in a  # slot 1, no Influence: a target


def test_price_and_fee_must_be_payable_together() -> None:
    """WF-INF-11: with 3 Silver and no Provisions a 3-Silver card under another player's
    Influence cannot be taken; one more Silver or a Provision makes it possible."""
    for silver, provisions, text in (
            (3, 0, None),
            (4, 0, "take S13 (3 silver, fee 1 silver to seat 1)" + OBSERVATORY),
            (3, 1, "take S13 (3 silver, fee 1 provision to seat 1)" + OBSERVATORY)):
        g = new(2, seed=1)
        put_display(g, "space", 1, "S13")
        put_display(g, "space", 2, "S33")
        _on_card(g, "S13", 1)
        gain(g, 0, "L01")
        give(g, 0, silver=silver, provisions=provisions)
        set_dice(g, 0, [6])
        play(g, "place die 6", "place die 6 on Capital Observatory")
        takes = starting(g, "take S13")
        assert takes == ([] if text is None else [text])
        assert starting(g, "take S33") == ([] if silver < 4
                                           else ["take S33 (4 silver)" + OBSERVATORY])
        if text:
            play(g, text)
            assert g.view()["players"][0]["silver"] == silver - 3 - (provisions == 0)


def test_a_worker_slot_price_and_the_fee_must_be_payable_together() -> None:
    """WF-INF-11: a Worker on an influenced Land slot-3 card needs the fee and the tile's 3
    Silver together."""
    for silver, provisions, ok in ((3, 0, False), (4, 0, True), (3, 1, True)):
        g = new(2, seed=1)
        put_display(g, "land", 3, "L33")
        _on_card(g, "L33", 1)
        give(g, 0, silver=silver, provisions=provisions, yellow=0)
        assert bool(starting(g, "place yellow worker on L33")) == ok


def test_drawing_from_a_pile_pays_no_fee() -> None:
    """WF-INF-12: draw 3 keep 1 is no interaction with a display card: no fee, even when every
    display card of the row holds another player's Influence."""
    g = new(2, seed=1)
    st = state(g)
    for slot in range(4, 8):
        st.card_inf[st.display[slot]] = 1
    st.inf_supply[1] -= 4
    give(g, 0, silver=0, provisions=3)
    give(g, 1, silver=3, provisions=2)
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card")
    play(g, "draw 3 land (1 provision)")
    keep = starting(g, "keep ")
    assert len(keep) == 3 and not any("fee" in k for k in keep)
    play(g, keep[0])
    _finish(g)
    p = g.view()["players"]
    assert (p[1]["silver"], p[1]["provisions"]) == (3, 2)
    assert p[0]["provisions"] == 0 and len(p[0]["lands"]) == 1


def test_move_influence_goes_from_one_guild_to_another_and_is_optional() -> None:
    """WF-INF-13: move Influence takes one from a Guild to a different Guild; no cards; may be
    declined (the caravan's printed move-Influence icon, board 1 column 2 row 2)."""
    g = new(2, seed=1)
    state(g).board[0] = 0
    give(g, 0, silver=2, black=0, yellow=0, blue=1)
    put_display(g, "land", 2, "L25")
    _on_card(g, "L25", 0)  # an Influence on a card is never moved by this
    set_dice(g, 0, [4])
    play(g, "place die 4", "place die 4 on Capital Reserve",
         "take tile basic-camel (2 silver)" + RESERVE, "place tile at column 2 row 2")
    assert set(acts(g)) == {"move influence blue to black", "move influence blue to yellow",
                            "done"}
    play(g, "move influence blue to yellow")
    assert g.view(0)["players"][0]["guilds"] == {"black": 0, "yellow": 1, "blue": 0}
    g2 = new(2, seed=1)
    state(g2).board[0] = 0
    give(g2, 0, silver=2)
    set_dice(g2, 0, [4])
    play(g2, "place die 4", "place die 4 on Capital Reserve",
         "take tile basic-camel (2 silver)" + RESERVE, "place tile at column 2 row 2", "done")
    assert g2.to_move == 1
    assert g2.view(0)["players"][0]["guilds"] == {"black": 0, "yellow": 0, "blue": 1}


def test_spending_influence_returns_it_and_needs_enough_on_the_guild() -> None:
    """WF-INF-14: spending Influence of a colour returns it from that Guild to supply; it is
    impossible with too few there (a Land tile for 2 Yellow Influence)."""
    g = new(2, seed=1)
    put_display(g, "land", 3, "L33")  # slot 3: a Land tile
    give(g, 0, silver=0, yellow=1)
    assert "place yellow worker on L33" not in acts(g)  # 3 Silver or 2 Yellow: neither
    give(g, 0, yellow=2)
    play(g, "place yellow worker on L33")
    assert all(a.endswith("(2 yellow influence)") for a in starting(g, "take tile"))
    supply = g.view(0)["players"][0]["influence"]
    play(g, starting(g, "take tile")[0])
    p = g.view(0)["players"][0]
    assert p["guilds"]["yellow"] == 0 and p["influence"] == supply + 2


def test_with_an_empty_supply_influence_may_be_moved_or_forgone() -> None:
    """WF-INF-15, WF-INF-16: with no Influence in supply, a new Influence may be moved from any
    Guild or card of the player's, or forgone; no extra Influence appears."""
    g = new(2, seed=1)
    put_display(g, "land", 2, "L25")
    put_display(g, "land", 3, "L33")
    give(g, 0, black=1, yellow=0, blue=1)
    _on_card(g, "L33", 0)
    give(g, 0, influence=0)
    assert _totals(g, 0) == 3  # arranged: the rest of the 15 are elsewhere
    play(g, "place yellow worker on L25")
    infl = [a for a in acts(g) if "influence" in a]
    assert set(infl) == {"yellow influence (from black)", "yellow influence (from blue)",
                         "yellow influence (from L33)"}
    play(g, "yellow influence (from L33)")
    p = g.view(0)["players"][0]
    assert p["guilds"] == {"black": 1, "yellow": 1, "blue": 1} and p["influence"] == 0
    assert g.view()["rows"]["land"]["slots"][2]["influence"] is None
    assert _totals(g, 0) == 3
    # Forgoing: decline the placement.
    g = new(2, seed=1)
    put_display(g, "land", 2, "L25")
    give(g, 0, influence=0, black=1, blue=0)
    play(g, "place yellow worker on L25", "gain 2 silver", "done")
    assert g.view(0)["players"][0]["guilds"] == {"black": 1, "yellow": 0, "blue": 0}
    # Card Influence with an empty supply comes from a Guild too.
    g = new(2, seed=1)
    give(g, 0, influence=0, black=0, yellow=0, blue=1)
    _rest_to_card_influence_tile(g)
    infl = starting(g, "influence on ")
    assert infl and all(a.endswith(" (from blue)") for a in infl)


def test_only_guild_influence_counts_for_majorities_stars_goals_and_ties() -> None:
    """WF-INF-17: Influence on cards counts for no Guild majority, Guild Star card, the
    ten-Influence goal or tie-break."""
    g = new(2, seed=1)
    st = state(g)
    give(g, 0, black=0, yellow=0, blue=1)
    give(g, 1, black=0, yellow=0, blue=2)
    for pos in range(0, 8):
        st.card_inf[st.display[pos]] = 0  # 8 of seat 0's Influence on cards
    gain(g, 0, "L01")
    gain(g, 0, "S22", above="L01")  # Tide Navigator: 1 + 1 per 2 Blue
    gain(g, 0, "I12", above=idx(g, "S22"))  # Eminence: 10 Influence on Guilds
    b = g.score_breakdown()
    assert b[0]["guilds"] == 0 and b[1]["guilds"] == 3  # 2 Blue beat 1 (+ 8 on cards)
    assert b[0]["space cards"] == 1  # Capital Sky 0 + Tide Navigator 1 + 1 // 2
    assert b[0]["inspiration"] == 0  # 1 on Guilds: the 10-Influence goal is not met
    # A tie on VP and on Guild Influence stays shared whatever lies on cards.
    g = new(2, seed=1)
    st = state(g)
    give(g, 0, black=1, yellow=1, blue=1)
    give(g, 1, black=1, yellow=1, blue=1)
    for pos in range(0, 5):
        st.card_inf[st.display[pos]] = 0
    assert g.scores()[0] == g.scores()[1]
    assert winners(st) == [0, 1]
