"""Rule tests for 12 Rivers supply cards (taking, display, reshuffles, pairs, banner, lantern,
supplies) and the fire and wind fairies (TR-CARD, TR-FAIRY-03..07, TR-FAIRY-12,
TR-RULING-12..17)."""

from __future__ import annotations

from pathlib import Path

import pytest

import upriver
from tests.twelve_rivers.helpers import play, position, seat_view, totals


def cards(kind: str, n: int) -> str:
    return " ".join([kind] * n)


def many(**counts: int) -> str:
    """A hand text from counts per kind (``fishing_net`` for fishing nets)."""
    return " ".join(cards(kind.replace("_", " "), n) for kind, n in counts.items())


def pair_kinds(game: upriver.Game) -> set[str]:
    """The card kinds of every pair on offer (whatever pays for it)."""
    out = set()
    for action in game.legal_actions():
        if action.startswith("play ") and " pair" in action:
            out.add(action.removeprefix("play ").split(" pair")[0])
    return out


def hand(game: upriver.Game, seat: int) -> dict[str, int]:
    entry: dict[str, int] = game.view(seat)["players"][seat]["hand"]
    return entry


def full_turn(seat: str) -> str:
    """A 2-player position: seat 0 placed a marker on R4-A earlier this round and is to move
    again, with a marker still on the track and a fairy on a site; ``seat`` is its seat table."""
    return (
        'players = 2\ntrack = "0 1 0 1 1"\ncard_display = "banner lantern instrument"\n'
        '[spaces]\n"R4-A space 1" = 0\n[sites]\n"stump 2" = "water"\n'
        f"[[seat]]\n{seat}\n"
    )


TWO_OF_EACH = many(banner=2, lantern=2, supplies=2, fishing_net=2, instrument=2)
FULL_TURN = full_turn(f'hand = "{TWO_OF_EACH}"')


# -- taking cards, display and reshuffle ------------------------------------------------------


def test_there_is_no_hand_limit() -> None:
    """TR-CARD-01: no hand limit: a player holding 30 cards still takes one and keeps all."""
    held = f"{cards('banner', 10)} {cards('lantern', 10)} {cards('supplies', 10)}"
    game = position(f'players = 2\n[[seat]]\nhand = "{held}"')
    play(game, "place R5 space 1", "draw from pile")
    assert seat_view(game, 0)["hand_size"] == 31
    assert game.view(0)["discard"] == {}


def test_take_a_display_card_or_the_top_of_the_pile() -> None:
    """TR-CARD-02: a card taken is one of the face-up display cards or the top of the pile."""
    game = position('players = 2\ncard_display = "banner supplies banner"')
    play(game, "place R5 space 1")
    assert sorted(game.legal_actions()) == sorted([
        "take banner from display", "take supplies from display", "draw from pile",
        "take no card",
    ])


def test_display_is_refilled_at_once_after_taking_from_it() -> None:
    """TR-CARD-03: taking a display card refills the display straight away, back to 3, from the
    draw pile."""
    game = position('players = 2\ncard_display = "banner supplies lantern"')
    pile = game.view(0)["draw_pile"]
    play(game, "place R5 space 1", "take supplies from display")
    view = game.view(0)
    assert len(view["card_display"]) == 3
    assert view["card_display"][:2] == ["banner", "lantern"]
    assert view["draw_pile"] == pile - 1
    assert hand(game, 0) == {"supplies": 1}


def test_drawing_from_the_pile_leaves_the_display_alone() -> None:
    """TR-CARD-04: drawing the top card of the pile leaves the display unchanged."""
    game = position('players = 2\ncard_display = "banner supplies lantern"')
    pile = game.view(0)["draw_pile"]
    play(game, "place R5 space 1", "draw from pile")
    view = game.view(0)
    assert view["card_display"] == ["banner", "supplies", "lantern"]
    assert view["draw_pile"] == pile - 1
    assert seat_view(game, 0)["hand_size"] == 1


def test_several_cards_are_taken_one_at_a_time() -> None:
    """TR-CARD-05: an effect giving 2 cards (a Markaya showing 2) gives them one at a time, each
    with its own choice, the display being refilled in between."""
    game = position(
        'players = 2\nstep = "collect"\nmarkaya_display = "M19 M01"\n'
        'card_display = "banner lantern supplies"\n[spaces]\n"village 1" = 0\n'
    )
    play(game, "befriend M19")
    assert game.view(0)["step"] == "take supply cards"
    play(game, "take lantern from display")
    view = game.view(0)
    assert hand(game, 0) == {"lantern": 1}
    assert len(view["card_display"]) == 3  # refilled before the second choice
    assert view["to_move"] == 0 and view["step"] == "take supply cards"
    second = view["card_display"][2]
    assert f"take {second} from display" in game.legal_actions()
    play(game, f"take {second} from display")
    assert seat_view(game, 0)["hand_size"] == 2


def test_three_identical_display_cards_are_reshuffled_with_the_discards() -> None:
    """TR-CARD-06: when the display shows 3 cards of one kind, they and the whole discard pile
    are shuffled into the draw pile and 3 new cards are turned up. Here the refill turns up a
    third banner; the draw pile is empty and the discard holds 2 supplies."""
    for seed in range(10):
        game = position(
            f"""
            players = 2
            seed = {seed}
            card_display = "banner banner lantern"
            discard = "supplies supplies"
            [[seat]]
            hand = "{many(lantern=9, supplies=8, fishing_net=10, instrument=10)}"
            [[seat]]
            hand = "{cards('banner', 7)}"
            """
        )
        assert game.view(0)["draw_pile"] == 1  # the last banner
        play(game, "place R5 space 1", "take lantern from display")
        view = game.view(0)
        assert view["discard"] == {}
        assert len(view["card_display"]) == 3
        assert view["draw_pile"] == 2  # 3 banners + 2 supplies, 3 of them turned up
        assert "supplies" in view["card_display"]
        assert totals(game)["supply cards"] == 50


def test_empty_draw_pile_is_replaced_by_the_shuffled_discards() -> None:
    """TR-CARD-07: whenever a card must be drawn or turned up and the pile is empty, the discard
    pile is shuffled to form a new draw pile first."""
    rest = (f'[[seat]]\nhand = "{many(banner=9, lantern=9, supplies=9)}"\n'
            f'[[seat]]\nhand = "{many(fishing_net=9, instrument=9)}"\n')
    text = ('players = 2\ncard_display = "banner lantern supplies"\n'
            'discard = "fishing net instrument"\n' + rest)
    game = position(text)
    assert game.view(0)["draw_pile"] == 0
    play(game, "place R5 space 1")
    assert "draw from pile" in game.legal_actions()
    drawn = game.clone()
    play(drawn, "draw from pile")
    assert set(hand(drawn, 0)) - {"banner", "lantern", "supplies"} in (
        {"fishing net"}, {"instrument"})
    assert drawn.view(0)["discard"] == {}
    assert drawn.view(0)["draw_pile"] == 1
    assert drawn.view(0)["card_display"] == ["banner", "lantern", "supplies"]
    refill = game.clone()
    play(refill, "take lantern from display")
    view = refill.view(0)
    assert view["discard"] == {}
    assert view["draw_pile"] == 1
    assert view["card_display"][:2] == ["banner", "supplies"]
    assert view["card_display"][2] in ("fishing net", "instrument")


REBUILT_PILE = """
    players = 2
    card_display = "supplies instrument banner"
    discard = "banner banner lantern lantern lantern instrument instrument"
    [[seat]]
    hand = "banner banner banner banner lantern supplies supplies supplies supplies supplies
            supplies fishing net fishing net fishing net fishing net fishing net instrument
            instrument instrument instrument"
    [[seat]]
    hand = "banner banner banner lantern lantern lantern lantern lantern lantern supplies
            supplies supplies fishing net fishing net fishing net fishing net fishing net
            instrument instrument instrument"
"""


def _counts(kinds: list[int]) -> list[int]:
    return [kinds.count(k) for k in range(5)]


def test_a_pile_rebuilt_from_the_discards_keeps_its_known_make_up_when_resampled() -> None:
    """TR-CARD-07: the face-up discards become the new pile, so every seat knows what the pile
    holds (less what was drawn from it). A determinised copy for any seat keeps the pile within
    that make-up, never pooling it with the cards hidden in other hands; the views say what may
    be in the pile."""
    g = position(REBUILT_PILE.replace("\n            ", " "))
    assert g.view(None)["draw_pile"] == 0
    play(g, "place R5 space 1", "draw from pile")  # the discards become the pile, 1 drawn
    rebuilt = {"banner": 2, "lantern": 3, "instrument": 2}
    assert g.view(None)["draw_pile"] == 6 and g.view(None)["draw_pile_pool"] == rebuilt
    drew = [k for k in range(5) if g.state.pile_drawn[k]]  # the one card seat 0 drew
    assert len(drew) == 1
    names = ["banner", "lantern", "supplies", "fishing net", "instrument"]
    own = dict(rebuilt)
    own[names[drew[0]]] -= 1
    assert g.view(0)["draw_pile_pool"] == {k: n for k, n in own.items() if n}
    assert g.view(1)["draw_pile_pool"] == rebuilt
    allowed = {0: _counts([k for k in range(5) for _ in range(own.get(names[k], 0))]),
               1: [2, 3, 0, 0, 2]}
    for seat in (0, 1):
        piles = set()
        for seed in range(40):
            d = g.determinize(seat, seed)
            pile = _counts(d.state.deck)
            assert len(d.state.deck) == 6
            assert all(pile[k] <= allowed[seat][k] for k in range(5)), (seat, pile)
            assert d.view(seat) == g.view(seat)
            piles.add(tuple(d.state.deck))
        assert len(piles) > 1  # the order (and, for seat 1, which card left) is resampled


def test_repeated_three_identical_display_is_reshuffled_again() -> None:
    """TR-RULING-12: if a reshuffle turns up 3 identical cards again, it is repeated. After the
    refill shows banner x3, the reshuffle deals 3 of {banner x3, supplies}: a quarter of the
    time three banners again; with the repeat, the display always ends with the supplies card."""
    for seed in range(40):
        game = position(
            f"""
            players = 2
            seed = {seed}
            card_display = "banner banner lantern"
            discard = "supplies"
            [[seat]]
            hand = "{many(lantern=9, supplies=9, fishing_net=10, instrument=10)}"
            [[seat]]
            hand = "{cards('banner', 7)}"
            """
        )
        play(game, "place R5 space 1", "take lantern from display")
        view = game.view(0)
        assert len(view["card_display"]) == 3, seed
        assert "supplies" in view["card_display"], seed
        assert view["draw_pile"] == 1 and view["discard"] == {}


def test_three_identical_display_stays_when_every_card_left_is_that_kind() -> None:
    """TR-RULING-12 (stopping rule, open point 9): when the draw pile, discard and display hold
    only one kind, no reshuffle can help, and the three identical cards simply stay."""
    game = position(
        f"""
        players = 2
        card_display = "banner banner lantern"
        [[seat]]
        hand = "{many(lantern=9, supplies=10, fishing_net=10, instrument=10)}"
        [[seat]]
        hand = "{cards('banner', 7)}"
        """
    )
    play(game, "place R5 space 1", "take lantern from display")
    view = game.view(0)
    assert view["card_display"] == ["banner", "banner", "banner"]
    assert view["draw_pile"] == 0


def test_display_still_shows_three_cards_after_many_reshuffles(tmp_path: Path) -> None:
    """TR-CARD-06, TR-RULING-12, TR-CARD-03: however many reshuffles it takes, the display ends
    with 3 face-up cards. With a deck of 47 banners and 1 lantern, 1 supplies, 1 fishing net,
    the setup display (seed 59) needs more reshuffles than the engine's cap, and the engine then
    leaves the display empty while 38 cards sit in the draw pile."""
    deck = tmp_path / "cards.toml"
    deck.write_text(
        '[cards]\nbanner = 47\nlantern = 1\nsupplies = 1\n"fishing net" = 1\ninstrument = 0\n'
    )
    game = upriver.new_game("twelve-rivers", players=2, seed=59, components=str(deck))
    view = game.view(0)
    assert view["draw_pile"] + len(view["card_display"]) == 38
    assert len(view["card_display"]) == 3


def test_only_display_cards_can_be_taken_when_both_piles_are_empty() -> None:
    """TR-RULING-13: with the draw and discard piles both empty only display cards can be taken,
    and the display is not refilled; with nothing left at all there is no card to take."""
    held = (f'[[seat]]\nhand = "{cards("banner", 9)} {cards("lantern", 9)} '
            f'{cards("supplies", 9)} {cards("fishing net", 10)}"\n'
            f'[[seat]]\nhand = "{cards("instrument", 10)}"\n')
    game = position('players = 2\ncard_display = "banner lantern supplies"\n' + held)
    play(game, "place R5 space 1")
    assert sorted(game.legal_actions()) == sorted([
        "take banner from display", "take lantern from display", "take supplies from display",
        "take no card",
    ])
    play(game, "take lantern from display")
    assert game.view(0)["card_display"] == ["banner", "supplies"]
    assert game.view(0)["draw_pile"] == 0
    everything = (f'[[seat]]\nhand = "{cards("banner", 10)} {cards("lantern", 10)} '
                  f'{cards("supplies", 10)} {cards("fishing net", 10)}"\n'
                  f'[[seat]]\nhand = "{cards("instrument", 10)}"\n')
    empty = position('players = 2\ncard_display = ""\n' + everything)
    play(empty, "place R5 space 1")
    assert empty.view(0)["step"] != "take supply cards"
    assert seat_view(empty, 0)["hand_size"] == 40


# -- pairs ------------------------------------------------------------------------------------


def test_two_cards_of_one_kind_make_a_pair_with_one_effect() -> None:
    """TR-CARD-08: two cards of one kind form a pair giving that kind's effect once."""
    game = position('players = 2\n[[seat]]\nhand = "banner banner"')
    play(game, "place R4-A space 1", "play banner pair")
    assert game.view(0)["step"] == "banner: choose a marker"
    play(game, "banner: move marker on track space 5 to the front")
    view = game.view(0)
    assert view["discard"] == {"banner": 2}
    assert hand(game, 0) == {}
    assert view["track"][:6] == [0, 1, 0, 1, None, 1]  # one marker moved, once


def test_any_number_of_pairs_may_be_played() -> None:
    """TR-CARD-09: when pairs are allowed any number may be played, none included; each gives
    one effect and its cards go to the discard pile."""
    game = position(FULL_TURN)
    play(game, "place sea")
    assert "end turn" in game.legal_actions()  # none is fine
    play(game, "play lantern pair", "lantern: take water fairy from stump 2")
    assert "end turn" in game.legal_actions()
    play(game, "play supplies pair", "supplies: move marker from R4-A space 1",
         "supplies: move it to R4-A space 2")
    play(game, "play banner pair", "banner: move marker on track space 3 to the front")
    view = game.view(0)
    assert view["discard"] == {"banner": 2, "lantern": 2, "supplies": 2}
    assert seat_view(game, 0)["fairies"] == {"water": 1}
    assert view["spaces"] == {"R4-A space 2": 0, "sea": 0}
    # nothing left to play, so the turn is over; the banner's marker acts next
    assert game.to_move == 0
    assert game.view(0)["step"] == "place a family marker"


def test_a_card_pays_a_cost_or_makes_a_pair_never_both() -> None:
    """TR-CARD-10: a card used to pay can't also be half of a pair."""
    game = position('players = 2\n[[seat]]\nhand = "banner banner"')
    play(game, "place R3-1 space 1", "pay banner")
    assert game.to_move == 1  # one banner left: no pair, the turn is over
    assert hand(game, 0) == {"banner": 1}
    game = position('players = 2\n[[seat]]\nhand = "banner banner banner"')
    play(game, "place R3-1 space 1", "pay banner")
    assert "play banner pair" in game.legal_actions()
    play(game, "play banner pair", "banner: move marker on track space 3 to the front")
    assert game.view(0)["discard"] == {"banner": 3}


def test_different_kinds_never_pair_except_with_a_fire_fairy() -> None:
    """TR-CARD-11: two cards of different kinds never form a pair; only a fire fairy may stand in
    for a card."""
    game = position(full_turn('hand = "banner lantern supplies fishing net instrument"'))
    play(game, "place sea")
    assert pair_kinds(game) == set()
    assert game.to_move == 1
    with_fire = position(full_turn('hand = "banner lantern supplies"\nfairies = "fire"'))
    play(with_fire, "place sea")
    assert sorted(a for a in with_fire.legal_actions() if a.startswith("play")) == [
        "play banner pair (banner + fire fairy)",
        "play lantern pair (lantern + fire fairy)",
        "play supplies pair (supplies + fire fairy)",
    ]


def test_pairs_only_by_the_active_player_after_placing_and_paying() -> None:
    """TR-CARD-12: in exploration only the active player plays pairs, on their own turn, after
    placing the marker and settling its cost."""
    game = position(FULL_TURN)
    assert pair_kinds(game) == set()  # before placing
    play(game, "place R2-1P space 2")
    assert game.view(0)["step"] == "pay the placement cost"
    assert pair_kinds(game) == set()  # while paying
    play(game, "pay fishing net", "pay fishing net")
    assert pair_kinds(game) == {"banner", "lantern", "supplies"}
    assert "legal_actions" not in game.view(1)
    play(game, "end turn")
    assert game.to_move == 1
    with pytest.raises(upriver.IllegalAction):
        game.play("play banner pair")


def test_only_banner_lantern_and_supplies_pairs_in_exploration() -> None:
    """TR-CARD-13: in exploration only banner, lantern and supplies pairs can be played, not
    fishing-net or instrument pairs."""
    game = position(FULL_TURN)
    play(game, "place village 5")
    assert pair_kinds(game) == {"banner", "lantern", "supplies"}
    assert hand(game, 0)["fishing net"] == 2 and hand(game, 0)["instrument"] == 2


def test_only_fishing_net_and_instrument_pairs_in_collection() -> None:
    """TR-CARD-14: in collection only fishing-net (at a river) and instrument (after befriending)
    pairs can be played, not banner, lantern or supplies pairs."""
    all_pairs = f'hand = "{TWO_OF_EACH}"'
    game = position(
        f'players = 2\nstep = "collect"\nrivers = "white pink"\nmarkaya_display = "M01 M02"\n'
        f'[spaces]\n"R2-1P space 1" = 0\n"village 1" = 0\n[sites]\n"stump 1" = "water"\n'
        f"[[seat]]\n{all_pairs}\n"
    )
    assert pair_kinds(game) == {"fishing net"}
    play(game, "take white", "done")
    assert game.view(0)["step"] == "befriend a Markaya"
    play(game, "befriend M01")
    while game.view(0)["step"] == "take supply cards":
        game.play("draw from pile")
    assert pair_kinds(game) == {"instrument"}


# -- banner -----------------------------------------------------------------------------------


def test_banner_moves_own_unplaced_marker_to_the_front() -> None:
    """TR-CARD-15: a banner pair moves one of the player's markers still on the track to the
    front, ahead of every other marker."""
    game = position('players = 3\n[[seat]]\nhand = "banner banner"')
    play(game, "place R5 space 1", "take no card", "play banner pair")
    assert sorted(game.legal_actions()) == [
        "banner: move marker on track space 4 to the front",
        "banner: move marker on track space 7 to the front",
    ]
    play(game, "banner: move marker on track space 7 to the front")
    track = game.view(0)["track"]
    first = next(i for i, s in enumerate(track) if s is not None)
    assert track[first] == 0
    assert track[first + 1 :].count(0) == 1
    assert track[6] is None


def test_banner_gives_the_same_player_another_turn_at_once() -> None:
    """TR-CARD-16: the moved marker is placed next, so the same player takes another turn."""
    game = position('players = 3\n[[seat]]\nhand = "banner banner"')
    play(game, "place R5 space 1", "take no card", "play banner pair",
         "banner: move marker on track space 7 to the front")
    assert game.to_move == 0
    assert game.view(0)["step"] == "place a family marker"
    play(game, "place R5 space 2", "take no card")
    assert game.to_move == 1  # then play goes back to the track order


def test_banner_cannot_move_a_placed_or_another_players_marker() -> None:
    """TR-CARD-17: a banner can't move the marker just placed, a marker placed earlier, or another
    player's marker: only the player's own markers on the track are offered."""
    game = position(
        'players = 2\ntrack = "0 1 1 0 1"\n[spaces]\n"R5 space 3" = 0\n'
        '[[seat]]\nhand = "banner banner"\n'
    )
    play(game, "place R4-A space 1", "play banner pair")
    assert game.legal_actions() == ["banner: move marker on track space 4 to the front"]
    for bad in ("banner: move marker on track space 2 to the front",
                "banner: move marker on track space 1 to the front"):
        with pytest.raises(upriver.IllegalAction):
            game.play(bad)


def test_banner_needs_a_marker_left_on_the_track() -> None:
    """TR-RULING-15: a player with no marker left on the track can't play a banner pair."""
    game = position(
        'players = 2\ntrack = "0 1 1 1"\n[spaces]\n"R5 space 3" = 0\n"sea" = 0\n'
        '[[seat]]\nhand = "banner banner supplies supplies"\n'
    )
    play(game, "place R4-A space 1")
    assert pair_kinds(game) == {"supplies"}
    with pytest.raises(upriver.IllegalAction):
        game.play("play banner pair")


# -- lantern ----------------------------------------------------------------------------------


def test_lantern_takes_one_fairy_of_choice_from_any_site() -> None:
    """TR-CARD-18: a lantern pair takes exactly 1 fairy of the player's choice from any site
    (stump or statue, this round's or older)."""
    game = position(
        'players = 2\nround = 2\n[[seat]]\nhand = "lantern lantern"\n'
        '[sites]\n"stump 2" = "light"\n"statue 1" = "fire"\n"statue 2" = "earth"\n'
    )
    play(game, "place village 6", "play lantern pair")
    assert sorted(game.legal_actions()) == [
        "lantern: take earth fairy from statue 2",
        "lantern: take fire fairy from statue 1",
        "lantern: take light fairy from stump 2",
    ]
    play(game, "lantern: take light fairy from stump 2")
    assert seat_view(game, 0)["fairies"] == {"light": 1}
    assert game.view(0)["sites"] == {"statue 1": {"fire": 1}, "statue 2": {"earth": 1}}


def test_lantern_takes_only_one_fairy_from_a_crowded_site() -> None:
    """TR-CARD-19: from a site holding several fairies a lantern takes one; the rest stay."""
    game = position(
        'players = 2\n[[seat]]\nhand = "lantern lantern"\n[sites]\n"stump 1" = "wind water water"\n'
    )
    play(game, "place sea", "play lantern pair", "lantern: take water fairy from stump 1")
    assert seat_view(game, 0)["fairies"] == {"water": 1}
    assert game.view(0)["sites"] == {"stump 1": {"wind": 1, "water": 1}}


# -- supplies ---------------------------------------------------------------------------------


SUPPLIES_TURN = """
players = 2
track = "0 1 0 1 1"
[spaces]
"R4-A space 1" = 0
[sites]
"stump 1" = "wind"
"statue 1" = "earth"
[[seat]]
hand = "supplies supplies"
"""


def test_supplies_moves_another_placed_marker_to_a_free_space() -> None:
    """TR-CARD-20: a supplies pair moves one of the player's other markers placed this round (not
    the one just placed) to any free space the player chooses."""
    game = position(SUPPLIES_TURN)
    play(game, "place R5 space 1", "take no card", "play supplies pair")
    assert game.legal_actions() == ["supplies: move marker from R4-A space 1"]
    play(game, "supplies: move marker from R4-A space 1")
    targets = game.legal_actions()
    assert "supplies: move it to R5 space 1" not in targets  # occupied
    assert "supplies: move it to R4-A space 1" not in targets  # where it stands
    assert {"supplies: move it to R1-03 space 1", "supplies: move it to R4-A space 4",
            "supplies: move it to village 2"} <= set(targets)
    play(game, "supplies: move it to R4-A space 4")
    assert game.view(0)["spaces"] == {"R4-A space 4": 0, "R5 space 1": 0}


def test_supplies_move_is_free_whatever_the_destination_costs() -> None:
    """TR-CARD-21: a supplies move costs nothing and gains nothing: no card paid or taken, no
    fairy needed, even to a pay-3 stretch or the pay-2 village space."""
    for target in ("R1-02 space 1", "village 1"):
        game = position(SUPPLIES_TURN)
        play(game, "place sea", "play supplies pair", "supplies: move marker from R4-A space 1",
             f"supplies: move it to {target}")
        view = game.view(0)
        assert view["spaces"] == {target: 0, "sea": 0}
        assert view["step"] != "pay the placement cost"
        assert seat_view(game, 0)["hand_size"] == 0
        assert view["discard"] == {"supplies": 2}
        assert game.to_move == 1


def test_supplies_move_is_not_a_placement() -> None:
    """TR-CARD-22, TR-RULING-14, TR-EXPL-22: a supplies move is not a placement: it takes no
    marker from the track, collects no fairies at its new stretch, and gives no final-stretch
    card; it may go to a river, the sea or the village."""
    game = position(SUPPLIES_TURN)
    play(game, "place village 5", "play supplies pair", "supplies: move marker from R4-A space 1")
    targets = {a.removeprefix("supplies: move it to ") for a in game.legal_actions()}
    assert {"R1-01 space 1", "sea", "village 1", "R5 space 5"} <= targets
    track = game.view(0)["track"]
    fairy_stretch = game.clone()
    play(fairy_stretch, "supplies: move it to R1-01 space 1")
    assert seat_view(fairy_stretch, 0)["fairies"] == {}
    assert fairy_stretch.view(0)["sites"] == {"stump 1": {"wind": 1}, "statue 1": {"earth": 1}}
    assert fairy_stretch.view(0)["track"] == track
    final = game.clone()
    play(final, "supplies: move it to R5 space 2")
    assert final.view(0)["step"] != "take supply cards"
    assert final.to_move == 1
    assert seat_view(final, 0)["hand_size"] == 0
    sea = game.clone()
    play(sea, "supplies: move it to sea")
    assert sea.view(0)["spaces"] == {"sea": 0, "village 5": 0}


def test_old_space_is_free_after_a_supplies_move() -> None:
    """TR-CARD-23: after a supplies move the marker's old space is free for later placements."""
    game = position(SUPPLIES_TURN)
    play(game, "place sea", "play supplies pair", "supplies: move marker from R4-A space 1",
         "supplies: move it to R5 space 1")
    assert game.to_move == 1
    assert "place R4-A space 1" in game.legal_actions()
    play(game, "place R4-A space 1")
    assert game.view(1)["spaces"]["R4-A space 1"] == 1


# -- fire and wind fairies --------------------------------------------------------------------


def test_fire_fairy_counts_as_one_card_of_any_kind() -> None:
    """TR-FAIRY-03: a fire fairy counts as one supply card of the player's choice: it completes a
    pair of whichever kind the player holds one card of, and counts as one card towards a
    payment; it is not a card in hand (hand size, card-count objective)."""
    game = position(full_turn('hand = "banner lantern supplies"\nfairies = "fire"'))
    assert seat_view(game, 0)["hand_size"] == 3
    play(game, "place sea")
    assert pair_kinds(game) == {"banner", "lantern", "supplies"}
    game = position('players = 2\n[[seat]]\nhand = "banner"\nfairies = "fire"')
    assert "place R2-2P space 1" in game.legal_actions()  # 1 card + fire covers pay 2
    assert "place R1-02 space 1" not in game.legal_actions()  # but not pay 3
    ended = position(
        'players = 2\nstep = "end"\n[[seat]]\nmarkaya = ["M15"]\nhand = "banner banner"\n'
        'fairies = "fire"\n'
    )
    assert ended.score_breakdown()[0]["Markaya objectives"] == 2


def test_fire_fairy_replaces_one_card_of_a_payment() -> None:
    """TR-FAIRY-04, TR-EXPL-14: paying a placement, a fire fairy replaces one card, lowering the
    cards needed by 1; several fire fairies may pay one placement."""
    game = position('players = 2\n[[seat]]\nhand = "banner banner"\nfairies = "fire"')
    assert "place R1-01 space 1" in game.legal_actions()
    play(game, "place R1-01 space 1", "pay fire fairy")
    assert game.view(0)["cost_left"] == 2
    play(game, "pay banner", "pay banner")
    view = game.view(0)
    assert view["fairies_used"] == {"fire": 1}
    assert view["discard"] == {"banner": 2}
    game = position('players = 2\n[[seat]]\nfairies = "fire fire fire"')
    play(game, "place R1-06 space 1", "pay fire fairy", "pay fire fairy", "pay fire fairy")
    assert game.view(0)["spaces"] == {"R1-06 space 1": 0}
    assert game.view(0)["fairies_used"] == {"fire": 3}
    assert game.view(0)["discard"] == {}


def test_fire_fairy_and_one_card_make_a_pair_of_that_card() -> None:
    """TR-FAIRY-05: a fire fairy plus one card of kind X is a pair of kind X."""
    game = position(
        'players = 2\n[[seat]]\nhand = "lantern"\nfairies = "fire"\n[sites]\n"stump 2" = "water"\n'
    )
    play(game, "place sea", "play lantern pair (lantern + fire fairy)")
    assert game.view(0)["step"] == "lantern: choose a fairy"
    play(game, "lantern: take water fairy from stump 2")
    view = game.view(0)
    assert seat_view(game, 0)["fairies"] == {"water": 1}
    assert view["discard"] == {"lantern": 1}
    assert view["fairies_used"] == {"fire": 1}


def test_two_fire_fairies_give_the_effect_of_any_kind() -> None:
    """TR-FAIRY-06: two fire fairies together give the effect of any one kind of the player's
    choice."""
    game = position(full_turn('fairies = "fire fire"'))
    play(game, "place sea")
    assert sorted(game.legal_actions()) == [
        "end turn",
        "play banner pair (2 fire fairies)",
        "play lantern pair (2 fire fairies)",
        "play supplies pair (2 fire fairies)",
    ]
    play(game, "play banner pair (2 fire fairies)",
         "banner: move marker on track space 3 to the front")
    assert game.view(0)["fairies_used"] == {"fire": 2}
    assert seat_view(game, 0)["fairies"] == {}
    assert game.view(0)["track"][:5] == [0, 1, None, 1, 1]
    assert game.to_move == 0


def test_fire_fairy_pairs_keep_the_phase_limits_of_card_pairs() -> None:
    """TR-FAIRY-07: a pair completed with fire fairies has the same limits as a card pair: not
    before placing or while paying, only banner/lantern/supplies in exploration, only fishing
    net/instrument in collection."""
    game = position(
        'players = 2\n[[seat]]\nhand = "banner fishing net instrument"\n'
        'fairies = "fire fire fire"\n[sites]\n"stump 2" = "water"\n'
    )
    assert pair_kinds(game) == set()
    play(game, "place R3-1 space 1")
    assert pair_kinds(game) == set()
    play(game, "pay banner")
    assert pair_kinds(game) == {"banner", "lantern"}  # 2 fire fairies; no fishing net, instrument
    assert "play fishing net pair (fishing net + fire fairy)" not in game.legal_actions()
    assert "play instrument pair (instrument + fire fairy)" not in game.legal_actions()
    collect = position(
        'players = 2\nstep = "collect"\nrivers = "white pink"\n[spaces]\n"R2-1P space 1" = 0\n'
        '[sites]\n"stump 1" = "water"\n[[seat]]\nhand = "banner lantern supplies"\n'
        'fairies = "fire fire"\n'
    )
    assert pair_kinds(collect) == {"fishing net"}


def test_wind_fairy_cancels_the_whole_cost_of_one_placement() -> None:
    """TR-FAIRY-12, TR-EXPL-14: a wind fairy cancels the whole cost of one placement, river or
    village: no card is paid; it is offered before anything is paid, and one fairy covers one
    placement only."""
    for space in ("R1-04 space 1", "R2-2S space 1", "village 1"):
        game = position('players = 2\n[[seat]]\nhand = "banner"\nfairies = "wind"')
        play(game, f"place {space}", "pay wind fairy")
        view = game.view(0)
        assert view["spaces"] == {space: 0}
        assert view["discard"] == {}
        assert seat_view(game, 0)["hand_size"] == 1
        assert view["fairies_used"] == {"wind": 1}
    game = position('players = 2\n[[seat]]\nhand = "banner banner lantern"\nfairies = "wind wind"')
    play(game, "place R2-1P space 1")
    assert "pay wind fairy" in game.legal_actions()
    play(game, "pay banner")
    assert "pay wind fairy" not in game.legal_actions()
    play(game, "pay banner")
    assert seat_view(game, 0)["fairies"] == {"wind": 2}


def test_fire_fairy_never_lowers_a_cost_below_zero() -> None:
    """TR-RULING-16: a fire fairy gains nothing on a pay-0 space or the final stretch (it is not
    spent), and a pay-1 space spends only one of two."""
    for space in ("R4-A space 2", "R5 space 1", "village 4", "sea"):
        game = position('players = 2\n[[seat]]\nfairies = "fire"')
        play(game, f"place {space}")
        assert "pay fire fairy" not in game.legal_actions()
        assert seat_view(game, 0)["fairies"] == {"fire": 1}
    game = position('players = 2\n[[seat]]\nfairies = "fire fire"')
    play(game, "place R3-2 space 1", "pay fire fairy")
    assert game.view(0)["step"] != "pay the placement cost"
    assert seat_view(game, 0)["fairies"] == {"fire": 1}


def test_wind_fairy_on_the_final_stretch_is_pointless_but_the_card_stays() -> None:
    """TR-RULING-17: on the final stretch a wind fairy has no cost to cancel (it is not spent),
    and the player may still take the 1 card."""
    game = position('players = 2\n[[seat]]\nfairies = "wind"')
    play(game, "place R5 space 3")
    assert game.view(0)["step"] == "take supply cards"
    assert "pay wind fairy" not in game.legal_actions()
    play(game, "draw from pile")
    assert seat_view(game, 0)["fairies"] == {"wind": 1}
    assert seat_view(game, 0)["hand_size"] == 1


def test_fairies_by_a_stretch_cannot_pay_for_that_placement() -> None:
    """TR-FAIRY-04, TR-FAIRY-12 (engine ruling, open point 3): a stretch's fairies are taken after
    its cost is settled, so a wind or fire fairy lying there can't pay for that placement."""
    sites = '[sites]\n"stump 1" = "wind fire fire"\n'
    game = position(f"players = 2\n{sites}")
    assert "place R1-01 space 1" not in game.legal_actions()
    game = position(f'players = 2\n{sites}[[seat]]\nhand = "banner banner banner"\n')
    play(game, "place R1-01 space 1")
    assert game.legal_actions() == ["pay banner"]
    play(game, "pay banner", "pay banner", "pay banner")
    assert seat_view(game, 0)["fairies"] == {"wind": 1, "fire": 2}


def _pile_and_hidden_hands(g: upriver.Game) -> dict[str, int]:
    """What the pile holds and the cards nobody else saw in any hand, by kind."""
    st = g.state
    names = st.cfg.comp.card_names
    out = {names[k]: st.deck.count(k) + sum(st.hands[s * 5 + k] - st.known[s * 5 + k]
                                            for s in range(g.num_players))
           for k in range(len(names))}
    return {k: n for k, n in out.items() if n}


def test_a_card_drawn_face_down_paid_and_reshuffled_is_counted_once() -> None:
    """TR-CARD-06, TR-CARD-07: a card seat 0 drew face down and then paid is face up on the
    discard pile; three identical display cards then shuffle it back into the pile. Every seat
    knows the pile's make-up (seat 0 held no card from before the pile), and that card is in
    it once: the pool is the pile plus the hidden cards in hands, for the spectator and for
    seat 1, and seat 0's own view leaves out only its own hidden cards."""
    from upriver.games.twelve_rivers import supply

    g = upriver.new_game("twelve-rivers", players=2, seed=1)
    st = g.state
    drawn = st.deck[-1]
    supply.take_card(st, 0, -1)
    supply.discard_card(st, 0, drawn)  # paid: face up on the discard pile
    first = st.display[0]
    for i in (1, 2):  # three identical cards turned up: the pile is not empty
        if st.display[i] != first:  # as if the pile had held them the other way round
            j = st.deck.index(first)
            st.pile_pool[st.display[i]] += 1
            st.pile_pool[first] -= 1
            st.deck[j], st.display[i] = st.display[i], first
    assert len(set(st.display)) == 1 and st.deck
    supply.refill_display(st)
    assert not any(st.discard) and len(set(st.display)) > 1  # reshuffled into the pile
    expected = _pile_and_hidden_hands(g)
    assert g.view(None)["draw_pile_pool"] == expected
    assert g.view(1)["draw_pile_pool"] == {
        k: n - seat_view(g, 1)["hand"].get(k, 0) for k, n in expected.items()
        if n - seat_view(g, 1)["hand"].get(k, 0)}
    assert g.view(0)["draw_pile_pool"] == {
        k: n - seat_view(g, 0)["hand"].get(k, 0) for k, n in expected.items()
        if n - seat_view(g, 0)["hand"].get(k, 0)}


def test_until_the_pile_is_rebuilt_its_pool_is_the_pile_and_the_hidden_hands() -> None:
    """TR-CARD-07: every card starts in the pile, so until the discards first form a new pile,
    any card in a hand that nobody saw taken came from it, and a hidden card paid is known to
    have left it: the spectator's pool is exactly the pile plus the hidden hand cards, after
    every decision of random games (reshuffles of three identical cards included)."""
    import random

    checked = 0
    for seed in range(30):
        g = upriver.new_game("twelve-rivers", players=3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and not any(g.state.pile_old):
            assert g.view(None)["draw_pile_pool"] == _pile_and_hidden_hands(g), g.history[-1:]
            checked += 1
            g.play(rng.choice(g.legal_actions()))
    assert checked > 1000
