"""Rule tests for delivering pearls to Markaya in 12 Rivers (current rules, rulebook 000,
"5. Deliver to Markaya"): checklist TR-DELIV-01..10.

Markaya spots come from the placeholder tiles of data/markaya.toml (TR-RULING-08): every
starting Markaya S1..S4 has the spots green, blue, rainbow; M01 has green, green, blue; M07 has
blue, blue, pink; M06 has green, green, green.
"""

from __future__ import annotations

from tests.game_helpers import current, deliveries, pearls_on
from tests.twelve_rivers.helpers import play, position, seat_view

RIVER_STEP = "collect pearls from the river"
DELIVER_STEP = "deliver to Markaya"


def test_delivery_comes_only_after_every_marker_is_back_on_the_track() -> None:
    """TR-DELIV-01: no delivery while markers are still on the board; step 5 starts with every
    marker back on the track."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "green - - - - -"
        markaya_display = "M01 M02 M03 M04 M05 M06"
        [spaces]
        "R1-01 space 1" = 0
        "R4-A space 1" = 0
        "sea" = 1
        "village 3" = 1
        "village 4" = 0
        "village 6" = 1
        [[seat]]
        alpaca = "blue"
        """
    )
    assert current(g)["step"] == RIVER_STEP
    assert deliveries(g) == []
    g.play("take green")
    # The sea is empty; the village markers act, and only then does delivery start.
    while current(g)["step"] != DELIVER_STEP:
        assert deliveries(g) == []
        g.play("befriend no one")
    v = current(g)
    assert v["spaces"] == {}
    assert sorted(s for s in v["track"] if s is not None) == [0, 0, 0, 1, 1, 1]
    assert deliveries(g) == [
        "deliver blue to S1 spot 2",
        "deliver blue to S1 spot 3",
        "deliver green to S1 spot 1",
        "deliver green to S1 spot 3",
    ]


def test_players_deliver_independently_of_each_other() -> None:
    """TR-DELIV-02: delivery is simultaneous, so what one player delivers never changes the
    other's options or result, whoever the engine asks first."""
    text = """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "green blue"
        [[seat]]
        alpaca = "green white"
        markaya = ["M01"]
        """
    results = []
    for seat0_actions in ([], ["deliver green to S1 spot 1", "deliver blue to S1 spot 3"]):
        g = position(text)
        assert g.to_move == 0
        play(g, *seat0_actions)
        if g.to_move == 0:  # seat 0 still has pearls and free spots: it stops here
            g.play("done")
        assert g.to_move == 1 and current(g)["step"] == DELIVER_STEP
        results.append(deliveries(g))
        play(g, "deliver green to M01 spot 1", "deliver white to S2 spot 3")
        results.append(seat_view(g, 1)["markaya"])
    assert results[0] == results[2]
    assert (
        results[1]
        == results[3]
        == [
            {"id": "S2", "pearls": [None, None, "white"], "rainbow_spots": []},
            {"id": "M01", "pearls": ["green", None, None], "rainbow_spots": []},
        ]
    )


def test_player_may_deliver_every_alpaca_pearl_including_to_the_starting_markaya() -> None:
    """TR-DELIV-03: any number of alpaca pearls, up to all of them, go onto free spots of the
    player's own Markaya, the starting Markaya included."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "green blue pink blue"
        markaya = ["M07"]
        """
    )
    play(
        g,
        "deliver green to S1 spot 1",
        "deliver pink to S1 spot 3",
        "deliver blue to S1 spot 2",
    )
    assert g.to_move == 0
    g.play("deliver blue to M07 spot 1")
    assert seat_view(g, 0)["alpaca"] == {}
    assert pearls_on(g, 0, "S1") == ["green", "blue", "pink"]
    assert pearls_on(g, 0, "M07") == ["blue", None, None]
    # Nothing left to deliver for anyone: the next round has begun.
    assert current(g)["round"] == 2


def test_no_delivery_outside_step_five() -> None:
    """TR-DELIV-04: during exploration and river collection there is no delivery action; only
    an earth fairy can move an alpaca pearl onto a Markaya then."""
    g = position(
        """
        players = 2
        step = "place"
        track = "0 1 0 1 0 1"
        [[seat]]
        alpaca = "green"
        [[seat]]
        alpaca = "green"
        fairies = "earth"
        """
    )
    assert not [a for a in g.legal_actions() if a.startswith("deliver")]
    assert "use earth fairy" not in g.legal_actions()
    g.play("place R4-A space 1")
    assert g.to_move == 1
    assert not [a for a in g.legal_actions() if a.startswith("deliver")]
    assert "use earth fairy" in g.legal_actions()
    play(g, "use earth fairy", "earth: move green from alpaca to S2 spot 1")
    assert pearls_on(g, 1, "S2") == ["green", None, None]
    assert seat_view(g, 1)["alpaca"] == {}


def test_coloured_spot_takes_only_its_own_colour() -> None:
    """TR-DELIV-05: a pink pearl fits only a pink spot (or a rainbow one), never a blue one."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "pink"
        markaya = ["M07", "M01"]
        """
    )
    assert deliveries(g) == ["deliver pink to M07 spot 3", "deliver pink to S1 spot 3"]


def test_rainbow_spot_takes_any_colour() -> None:
    """TR-DELIV-06: the rainbow spot of a starting Markaya accepts each of the five colours."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "green blue pink purple white"
        """
    )
    for colour in ("green", "blue", "pink", "purple", "white"):
        assert f"deliver {colour} to S1 spot 3" in g.legal_actions()
    g.play("deliver white to S1 spot 3")
    assert pearls_on(g, 0, "S1") == [None, None, "white"]


def test_a_spot_holds_only_one_pearl() -> None:
    """TR-DELIV-07: a filled spot takes no second pearl; M01's two green spots take two greens,
    and a third green has only the starting Markaya left."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "green green green green"
        markaya = ["M01"]
        """
    )
    g.play("deliver green to M01 spot 1")
    assert "deliver green to M01 spot 1" not in g.legal_actions()
    g.play("deliver green to M01 spot 2")
    assert deliveries(g) == ["deliver green to S1 spot 1", "deliver green to S1 spot 3"]
    play(g, "deliver green to S1 spot 1", "deliver green to S1 spot 3")
    assert pearls_on(g, 0, "M01") == ["green", "green", None]
    assert pearls_on(g, 0, "S1") == ["green", None, "green"]
    assert seat_view(g, 0)["alpaca"] == {}


def test_delivered_pearls_stay_on_their_markaya() -> None:
    """TR-DELIV-08: delivered pearls never go back to the alpaca; they are still in place in
    the next round, with no action to take them off."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "green blue"
        """
    )
    g.play("deliver green to S1 spot 1")
    assert g.to_move == 0
    assert not [a for a in g.legal_actions() if "S1 spot 1" in a]
    g.play("done")
    v = current(g)
    assert v["round"] == 2 and v["phase"] == "exploration"
    assert pearls_on(g, 0, "S1") == ["green", None, None]
    assert seat_view(g, 0)["alpaca"] == {"blue": 1}
    assert g.score_breakdown()[0]["pearls"] == 1


def test_delivered_pearl_moves_only_with_an_earth_fairy() -> None:
    """TR-DELIV-08: the one exception is an earth fairy, which may move a delivered pearl to
    another of the player's Markaya (never back to the alpaca)."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        fairies = "earth"
        markaya = ["S1: green", "M06"]
        """
    )
    assert g.legal_actions() == ["use earth fairy", "done"]
    g.play("use earth fairy")
    assert g.legal_actions() == ["earth: move green from S1 spot 1 to M06 spot 1"]
    g.play("earth: move green from S1 spot 1 to M06 spot 1")
    assert pearls_on(g, 0, "S1") == [None, None, None]
    assert pearls_on(g, 0, "M06") == ["green", None, None]
    assert seat_view(g, 0)["alpaca"] == {}


def test_delivering_is_optional() -> None:
    """TR-DELIV-09: a player may keep pearls on the alpaca though matching spots are free."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "green blue"
        """
    )
    assert "done" in g.legal_actions()
    assert "deliver green to S1 spot 1" in g.legal_actions()
    g.play("done")
    assert seat_view(g, 0)["alpaca"] == {"green": 1, "blue": 1}
    assert pearls_on(g, 0, "S1") == [None, None, None]


def test_delivery_only_to_the_players_own_markaya() -> None:
    """TR-DELIV-10: no delivery to another player's Markaya or to a displayed one."""
    g = position(
        """
        players = 2
        step = "deliver"
        markaya_display = "M02 M03 M04 M05 M06 M08"
        [[seat]]
        alpaca = "blue"
        [[seat]]
        markaya = ["M07"]
        """
    )
    assert g.to_move == 0
    assert deliveries(g) == ["deliver blue to S1 spot 2", "deliver blue to S1 spot 3"]
    assert not [a for a in g.legal_actions() if "S2" in a or "M07" in a or "M02" in a]


HIDDEN = "delivers to Markaya (shown once every seat has delivered)"
SIMULTANEOUS = """
    players = 3
    round = 5
    step = "deliver"
    [[seat]]
    alpaca = "green pink white"
    fairies = "light"
    [[seat]]
    alpaca = "green"
    [[seat]]
    alpaca = "blue"
"""


def test_a_delivery_stays_hidden_from_the_others_until_every_seat_has_delivered() -> None:
    """TR-DELIV-02: "All players may carry out this step simultaneously": what a seat delivers
    (pearls placed, a light fairy used) is hidden from the other seats and spectators, in the
    views, the scores they show and the log, until every seat has delivered; then all is shown.
    The log shows the others one line per seat, so not even the number of decisions leaks."""
    g = position(SIMULTANEOUS)
    before = {s: g.view(s) for s in (None, 1, 2)}
    play(g, "deliver green to S1 spot 1", "deliver white to S1 spot 2 with light fairy", "done")
    assert g.to_move == 1
    mine = seat_view(g, 0)
    assert mine["alpaca"] == {"pink": 1} and mine["fairies"] == {}
    assert pearls_on(g, 0, "S1") == ["green", "white", None]
    for seat in (None, 2):
        view = g.view(seat)
        assert view["players"][0] == before[seat]["players"][0]
        assert view["fairies_used"] == {} and view["scores"] == before[seat]["scores"]
        assert g.log(seat) == [(0, HIDDEN)]
    assert g.log(0) == g.history
    play(g, "deliver green to S2 spot 1")  # seat 1 has nothing left to deliver
    assert g.to_move == 2
    assert g.log(2) == [(0, HIDDEN), (1, HIDDEN)]
    assert g.log(1) == [(0, HIDDEN), (1, "deliver green to S2 spot 1")]
    assert g.view(1)["players"][0] == before[1]["players"][0]
    play(g, "deliver blue to S3 spot 2")  # the last delivery of the game: all is shown
    assert g.is_over
    assert g.log(None) == g.history == g.log(2)
    assert g.view(None)["players"][0]["markaya"][0]["pearls"] == ["green", "white", None]
    assert g.view(None)["fairies_used"] == {"light": 1}


def test_a_hidden_delivery_is_resampled_for_the_seats_that_cannot_see_it() -> None:
    """TR-DELIV-02 with determinisation: a seat deciding its delivery cannot know what another
    seat delivered in the same step, so a determinised copy for it redelivers that seat's
    pearls at random; the deciding seat's view is unchanged, and its own pieces are kept."""
    g = position(SIMULTANEOUS)
    play(g, "deliver green to S1 spot 1", "deliver white to S1 spot 2 with light fairy", "done")
    outcomes = set()
    for seed in range(30):
        d = g.determinize(1, seed)
        assert d.view(1) == g.view(1) and d.view(None) == g.view(None)
        assert d.to_move == 1 and d.legal_actions() == g.legal_actions()
        outcomes.add(tuple(d.state.alpaca[0:5]) + tuple(d.state.spots))
        assert sum(d.state.alpaca[0:5]) + sum(1 for c in d.state.spots if c >= 0) == 3
    assert len(outcomes) > 1  # not the real delivery every time
    real = tuple(g.state.alpaca[0:5]) + tuple(g.state.spots)
    assert any(o != real for o in outcomes)
    mine = g.determinize(0, 3)  # seat 0 knows its own delivery
    assert mine.state.spots == g.state.spots and mine.state.alpaca == g.state.alpaca


def test_a_seat_is_asked_to_deliver_exactly_when_it_has_more_than_done_to_choose() -> None:
    """TR-DELIV-03: the delivery step asks a seat only when a pearl fits a spot or a fairy can
    be used (anything but "done"); the quick check agrees with the decisions listed, at every
    seat of positions from random games of both editions."""
    import random

    import upriver
    from upriver.games.twelve_rivers import delivery
    from upriver.games.twelve_rivers.state import DELIVER

    asked = 0
    for edition in ("current", "2022"):
        for seed in range(4):
            game = upriver.new_game("twelve-rivers", players=3, seed=seed, edition=edition)
            rng = random.Random(seed)
            while not game.is_over:
                game.play(rng.choice(game.legal_actions()))
                st = game.state.copy()
                for seat in range(3):
                    st.seat, st.stage = seat, DELIVER
                    texts: list[str] = []
                    delivery.legal_deliver(st, texts, [])
                    assert delivery._has_delivery_choice(st) == (len(texts) > 1)
                    asked += len(texts) > 1
    assert asked > 100  # the check met both answers
