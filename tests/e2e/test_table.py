"""End-to-end: the game page as a table people would choose to play at, in Debian's chromium:
every decision made on the board, what just happened shown, names everywhere and safe,
confirmation before what cannot be undone, honest about its connection, usable on a phone
and from the keyboard, replays that follow the log."""

from __future__ import annotations

import functools
import itertools
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import upriver
from tests.e2e.conftest import ServerFactory
from tests.e2e.pages import (
    TOUCH_TARGETS,
    Contexts,
    board_targets,
    click_and_wait,
    click_listed,
    legal_on,
    open_seat,
    play_one,
    ply,
    touch,
    visible_point,
    wait_for_turn_or_end,
)

pytestmark = pytest.mark.browser


# Decision kinds, by the shape of their text (names, colours and numbers left out).
def kind_of(action: str) -> str:
    text = re.sub(r"\b(M\d+|V\d+|S\d|T\d+|B\d+)\b", "#", action)
    text = re.sub(r"\d+", "N", text)
    words = ("green|blue|pink|purple|white|wood|stone|clay|food|banner|lantern|supplies|"
             "fishing net|instrument|camp card|fire|earth|wind|light|water|cloud|river|bonfire|"
             "breeze|mushroom")
    return re.sub(rf"\b({words})\b", "X", text)


@pytest.mark.deep  # whole games in the browser
@pytest.mark.parametrize(("game", "options"), [
    ("twelve-rivers", {}), ("twelve-rivers", {"edition": "2022"}), ("the-river", {})])
def test_every_kind_of_decision_is_made_by_a_click_on_the_board(
        server: ServerFactory, new_context: Contexts, game: str, options: dict[str, Any],
) -> None:
    """Two people play a whole game by clicking the board, each on their own page. Whenever a
    decision is to be made, every legal option but the game's passes is a target on the board
    of the seat to move, and the click goes to a kind of decision not clicked yet where there is
    one, so that every kind met in the game is made at least once by a click on the board."""
    srv = server()
    made = srv.api("POST", "/api/games", {"game": game, "players": 2, "seed": 4,
                                          "options": options,
                                          "seats": [{"kind": "human"}] * 2})
    pages = [open_seat(new_context, srv, made, s) for s in (0, 1)]
    passes = upriver.button_only(game)
    met: set[str] = set()
    clicked: set[str] = set()
    for _ in range(600):
        shown = srv.api("GET", f"/api/games/{made['id']}")
        if shown["over"]:
            break
        page = pages[shown["to_move"]]
        wait_for_turn_or_end(page)
        legal = legal_on(page)
        targets = set(board_targets(page))
        assert set(legal) - passes <= targets, set(legal) - passes - targets
        met |= {kind_of(a) for a in legal if a not in passes}
        fresh = [a for a in legal if a in targets and kind_of(a) not in clicked]
        choice = fresh[0] if fresh else next((a for a in legal if a in targets), None)
        if choice is None:
            click_listed(page)
            continue
        target = page.locator(f'#board [data-action="{choice}"]').first
        click_and_wait(page, target.click)
        clicked.add(kind_of(choice))
    assert met <= clicked, sorted(met - clicked)
    assert len(clicked) >= 8


def test_names_are_used_everywhere_and_cannot_turn_a_line_around(
        server: ServerFactory, new_context: Contexts) -> None:
    """People's names (one written right to left, one very long) and readable bot names are
    used on the board, in the seat list, the log and the title, each beside a dot of the
    seat's colour on the board; each is isolated (a <bdi>, or first-strong isolates in the
    drawing), so a U+202E in a name cannot reverse the log."""
    srv = server()
    evil = "\u202eevil"
    long_name = "Bartholomew the Magnificent of Rivers"  # at most 40 characters
    made = srv.api("POST", "/api/games", {"game": "twelve-rivers", "players": 3, "seed": 2,
                                          "seats": [{"kind": "human", "name": evil},
                                                    {"kind": "human", "name": long_name},
                                                    {"kind": "bot", "agent": "easy"}]})
    page = open_seat(new_context, srv, made, 0)
    names = page.locator("#seats bdi.name").all_text_contents()
    assert names == [evil, long_name, "Nile (random bot, easy)"]
    dots = page.locator("#seats .seat-dot").evaluate_all(
        "ds => ds.map(d => getComputedStyle(d).backgroundColor)")
    assert len(set(dots)) == 3  # each seat in its own colour, as on the board
    assert "\u2068\u202eevil\u2069" in page.locator("#board").inner_html()
    shortened = page.locator("#board").inner_html()
    assert re.search("Bartholomew the \\w*\u2026", shortened)  # cut with an ellipsis
    # Measured inside the page in one step, until it is laid out: the seat list is redrawn
    # whenever the bot moves, and a box taken across a redraw is of a detached element (0).
    width = page.wait_for_function(
        "() => { const e = document.querySelectorAll('#seats bdi.name')[1];"
        " const w = e && e.isConnected ? e.getBoundingClientRect().width : 0;"
        " return w > 0 && w; }").json_value()
    assert 0 < width < 250  # cut by the style sheet in the list
    for _ in range(6):  # some decisions, so the log has lines of each person
        shown = srv.api("GET", f"/api/games/{made['id']}")
        mover = shown["to_move"]
        if mover == 2:
            page.wait_for_function("() => Number(document.querySelector('#board').dataset.ply)"
                                   f" > {shown['ply']}")
            continue
        other = open_seat(new_context, srv, made, mover) if mover != 0 else page
        play_one(other)
    line = page.locator("#log li").filter(has=page.locator("bdi.name", has_text="evil")).first
    assert line.locator("bdi.name").count() == 1
    assert (line.text_content() or "").startswith(evil + ": ")


def test_leaving_or_handing_a_seat_to_a_bot_asks_first(
        server: ServerFactory, new_context: Contexts) -> None:
    """"A bot plays for me" cannot be taken back, so the page asks; saying no changes nothing,
    saying yes gives the seat to a bot."""
    srv = server()
    made = srv.api("POST", "/api/games", {"game": "the-river", "players": 2, "seed": 3,
                                          "seats": [{"kind": "human"}] * 2})
    page = open_seat(new_context, srv, made, 1)
    asked: list[str] = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.click('button.hand-to-bot[data-seat="1"]')
    assert asked and "cannot take it back" in asked[0]
    assert srv.api("GET", f"/api/games/{made['id']}")["seats"][1]["kind"] == "human"
    page.once("dialog", lambda d: d.accept())
    page.click('button.hand-to-bot[data-seat="1"]')
    expect(page.locator("#seats li").nth(1)).not_to_contain_text("(person)")
    assert srv.api("GET", f"/api/games/{made['id']}")["seats"][1]["kind"] == "bot"


def no_horizontal_scroll(page: Page) -> bool:
    return bool(page.evaluate(
        "() => document.scrollingElement.scrollWidth <= window.innerWidth"))


@pytest.mark.parametrize("game", ["twelve-rivers", "the-river"])
def test_on_a_phone_the_board_fits_and_the_game_stays_playable(
        server: ServerFactory, new_context: Contexts, game: str) -> None:
    """At 390 px wide: the page never scrolls sideways (the board, zoomed so that every
    target is a finger's width, pans in its own box), the seats' panels stack, and decisions
    are made by tapping the board (a pass stays at hand)."""
    srv = server()
    made = srv.api("POST", "/api/games", {"game": game, "players": 4, "seed": 5,
                                          "seats": [{"kind": "human"}] + [
                                              {"kind": "bot", "agent": "easy"}] * 3})
    page = open_seat(new_context, srv, made, 0, width=390, height=844, is_mobile=True,
                     has_touch=True)
    for _ in range(6):
        assert not wait_for_turn_or_end(page)
        assert no_horizontal_scroll(page)
        play_one(page)
    assert no_horizontal_scroll(page)
    assert page.locator("#board").evaluate("b => b.getBoundingClientRect().width") <= 390
    lefts = page.locator("#board svg").evaluate_all(
        "svgs => svgs.map(s => Math.round(s.getBoundingClientRect().left))")
    assert len(set(lefts)) == 1  # one column: the panels stack under the board


@pytest.mark.parametrize("game", ["twelve-rivers", "the-river"])
def test_at_desktop_width_nothing_scrolls_sideways_and_the_scores_fit(
        server: ServerFactory, new_context: Contexts, game: str) -> None:
    """At 1280 px, from the first decision to the final score table (with long names), the
    page never scrolls sideways and the table fits."""
    srv = server()
    made = srv.api("POST", "/api/games", {
        "game": game, "players": 4, "seed": 6,
        "seats": [{"kind": "human", "name": "A very long name for a person, truly"}] + [
            {"kind": "bot", "agent": "easy"}] * 3})
    page = open_seat(new_context, srv, made, 0, width=1280, height=800)
    assert no_horizontal_scroll(page)
    srv.api("POST", f"/api/games/{made['id']}/seats/0/bot",
            {"token": made["seats"][0]["token"], "agent": "easy"})
    expect(page.locator("#final")).to_be_visible(timeout=120_000)
    assert no_horizontal_scroll(page)
    table = page.locator("#score-table").bounding_box()
    assert table is not None and table["x"] + table["width"] <= 1280


def test_every_decision_can_be_made_from_the_keyboard(
        server: ServerFactory, new_context: Contexts) -> None:
    """Tab reaches the board's targets and the buttons with a visible focus; Enter (or space)
    takes the decision."""
    srv = server()
    made = srv.api("POST", "/api/games", {"game": "twelve-rivers", "players": 2, "seed": 7,
                                          "seats": [{"kind": "human"}] * 2})
    mover = srv.api("GET", f"/api/games/{made['id']}")["to_move"]
    page = open_seat(new_context, srv, made, mover)
    for _ in range(4):
        if wait_for_turn_or_end(page):
            break
        if mover != srv.api("GET", f"/api/games/{made['id']}")["to_move"]:
            break
        before = ply(page)
        for _ in range(200):  # tab until a board target or an action button has the focus
            page.keyboard.press("Tab")
            focused = page.evaluate("""() => { const a = document.activeElement;
                return a && a.dataset && a.dataset.action ? a.dataset.action : null; }""")
            if focused:
                break
        assert focused, "no decision reachable by Tab"
        assert page.evaluate("() => document.activeElement.matches(':focus-visible')")
        outline = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
            return s.outlineStyle !== 'none' || s.filter !== 'none'; }""")
        assert outline, "the focus is not visible"
        page.keyboard.press("Enter")
        page.wait_for_function("(b) => Number(document.querySelector('#board').dataset.ply) > b",
                               arg=before)


def test_what_others_did_since_your_last_decision_is_highlighted_and_summarised(
        server: ServerFactory, new_context: Contexts) -> None:
    """After a person's decision, the bots' decisions play out step by step (the board shows
    every decision number in turn, not a jump), the pieces they changed are highlighted, and a
    short summary names each bot with what it did."""
    srv = server()
    made = srv.api("POST", "/api/games", {"game": "twelve-rivers", "players": 3, "seed": 11,
                                          "seats": [{"kind": "human"},
                                                    {"kind": "bot", "agent": "easy"},
                                                    {"kind": "bot", "agent": "easy"}]})
    page = open_seat(new_context, srv, made, 0)
    page.evaluate("""() => { window.plies = [];
        new MutationObserver(() => window.plies.push(
            Number(document.querySelector('#board').dataset.ply)))
        .observe(document.querySelector('#board'), {attributes: true,
                                                   attributeFilter: ['data-ply']}); }""")
    for _ in range(12):  # until the bots have played since this seat's last decision
        assert not wait_for_turn_or_end(page)
        if page.locator("#recent li").count():
            break
        play_one(page)
    plies = page.evaluate("() => window.plies")
    steps = [b - a for a, b in itertools.pairwise(plies)]
    assert steps and all(step == 1 for step in steps), plies
    expect(page.locator("#recent-box")).to_be_visible()
    recent = page.locator("#recent li").all_text_contents()
    assert any(line.startswith("Euphrates (random bot, easy)") for line in recent)
    assert page.locator("#board .changed").count() > 0


def test_a_searching_bot_says_it_is_thinking(server: ServerFactory,
                                             new_context: Contexts) -> None:
    srv = server()
    made = srv.api("POST", "/api/games", {"game": "the-river", "players": 2, "seed": 8,
                                          "seats": [{"kind": "human"},
                                                    {"kind": "bot", "agent": "hard"}]})
    page = open_seat(new_context, srv, made, 0)
    for _ in range(4):
        if wait_for_turn_or_end(page):
            break
        play_one(page)
        if srv.api("GET", f"/api/games/{made['id']}")["to_move"] == 1:
            expect(page.locator("#status")).to_contain_text("is thinking", timeout=5_000)
            return
    pytest.fail("the bot never had a turn")


def test_a_race_lost_to_a_board_already_shown_says_nothing_alarming(
        server: ServerFactory, new_context: Contexts) -> None:
    """A decision sent from a board that has just moved on is refused as stale by the server;
    the page, already showing the newer board, says nothing about it."""
    srv = server()
    made = srv.api("POST", "/api/games", {"game": "the-river", "players": 2, "seed": 9,
                                          "seats": [{"kind": "human"}] * 2})
    mover = srv.api("GET", f"/api/games/{made['id']}")["to_move"]
    page = open_seat(new_context, srv, made, mover)
    legal = legal_on(page)
    srv.api("POST", f"/api/games/{made['id']}/actions", {
        "seat": mover, "token": made["seats"][mover]["token"], "action": legal[0], "ply": 0})
    expect(page.locator("#board")).to_have_attribute("data-ply", "1")
    page.evaluate("""([path, body]) => post(path, body, 0)""",
                  [f"/api/games/{made['id']}/actions",
                   {"seat": mover, "token": made["seats"][mover]["token"],
                    "action": legal[0], "ply": 0}])
    page.wait_for_timeout(300)
    expect(page.locator("#error")).to_have_text("")


def test_the_lobby_remembers_your_games_after_a_reload(
        server: ServerFactory, new_context: Contexts) -> None:
    srv = server()
    page = new_context().new_page()
    page.goto(srv.url + "/")
    page.locator("#seat-0").wait_for()
    page.select_option("#game", "the-river")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "human")
    page.fill("#name-0", "Ana")
    page.click("#create")
    page.locator("a.seat-link").first.wait_for()
    page.reload()
    expect(page.locator("#yours-box")).to_be_visible()
    seats = page.locator("#yours a.your-seat")
    expect(seats).to_have_count(2)
    assert "Ana" in (seats.first.text_content() or "")
    seats.first.click()
    page.wait_for_url(re.compile(r"/games/[^/?]+\?seat=0&token="))


def test_a_replay_follows_its_log_and_jumps_anywhere(
        server: ServerFactory, new_context: Contexts) -> None:
    srv = server()
    made = srv.api("POST", "/api/games", {"game": "the-river", "players": 2, "seed": 10,
                                          "seats": [{"kind": "bot", "agent": "easy"}] * 2})
    page = new_context().new_page()
    page.goto(f"{srv.url}/games/{made['id']}")
    expect(page.locator("#final")).to_be_visible(timeout=120_000)
    total = ply(page)
    page.goto(f"{srv.url}/games/{made['id']}/replay")
    slider = page.locator("#step")
    expect(slider).to_have_attribute("max", str(total))
    slider.fill(str(total // 2))
    expect(page.locator("#board")).to_have_attribute("data-step", str(total // 2))
    current = page.locator("#log li.current")
    expect(current).to_have_count(1)
    assert current.evaluate("""li => { const box = li.getBoundingClientRect();
        const log = li.parentElement.getBoundingClientRect();
        return box.top >= log.top - 1 && box.bottom <= log.bottom + 1; }""")
    assert page.locator("#log li").count() == total // 2


def test_pointing_at_or_tapping_a_piece_says_what_it_is(
        server: ServerFactory, new_context: Contexts) -> None:
    """Cards, tiles, fairies and Markaya explain themselves: pointing at one on a desktop, or
    tapping it on a phone, shows what it is, what it wants and what it gives."""
    srv = server()
    made = srv.api("POST", "/api/games", {"game": "twelve-rivers", "players": 2, "seed": 12,
                                          "seats": [{"kind": "human"}] * 2})
    watcher = srv.api("GET", f"/api/games/{made['id']}")["to_move"]
    other = 1 - watcher  # not to move: nothing on its board is a target, taps only explain
    page = open_seat(new_context, srv, made, other, width=390, height=844, is_mobile=True,
                     has_touch=True)
    tile = page.locator('#board [data-piece="markaya:0"] rect').first
    tile.tap()
    expect(page.locator("#info")).to_contain_text("spots")
    expect(page.locator("#info")).to_contain_text("points")
    desktop = open_seat(new_context, srv, made, watcher)
    desktop.locator('#board [data-piece="card:0"]').first.hover()
    expect(desktop.locator("#info")).to_contain_text("card on display")


@pytest.mark.parametrize(("game", "players"), [("twelve-rivers", 2), ("the-river", 2),
                                               ("wayfarers", 2), ("wayfarers", 1)])
def test_on_a_phone_every_target_is_a_fingers_width_and_a_first_tap_only_shows(
        server: ServerFactory, new_context: Contexts, game: str, players: int) -> None:
    """On a phone (390x844, touch) for 20 decisions: every target on the board is at least
    32 CSS px on its shorter side and outlined in the highlight colour; a first tap on a
    piece marks it and says what it would do, without playing; a second tap plays it."""
    srv = server()
    made = srv.api("POST", "/api/games", {"game": game, "players": players, "seed": 5,
                                          "seats": [{"kind": "human"}] + [
                                              {"kind": "bot", "agent": "easy"}] * (players - 1)})
    page = open_seat(new_context, srv, made, 0, width=390, height=844, is_mobile=True,
                     has_touch=True)
    assert touch(page)
    tapped = 0
    for _ in range(20):
        if wait_for_turn_or_end(page):
            break
        targets = page.evaluate(TOUCH_TARGETS)
        assert all(t["side"] >= 32 for t in targets), min(targets, key=lambda t: t["side"])
        assert {t["stroke"] for t in targets} <= {"rgb(243, 156, 18)"}, targets
        drawn = page.locator("#board [data-piece].target")
        if drawn.count() == 0:
            click_listed(page)
            continue
        first = drawn.first
        action = first.get_attribute("data-action")
        before = page.locator("#board").get_attribute("data-ply")
        first.scroll_into_view_if_needed()
        page.touchscreen.tap(*visible_point(first))
        expect(page.locator("#info")).to_contain_text(f"Tap again to play: {action}")
        assert page.locator("#board").get_attribute("data-ply") == before
        assert "armed" in (first.get_attribute("class") or "")
        click_and_wait(page, functools.partial(page.touchscreen.tap, *visible_point(first)))
        tapped += 1
    assert tapped >= 5
    assert no_horizontal_scroll(page)
