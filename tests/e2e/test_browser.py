"""End-to-end: people playing in chromium against an ``upriver serve`` process.

Pages are driven only as a person would: selects, links, buttons and the SVG board's targets.
The API is used to set up games and to check what the server holds.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import ServerFactory
from tests.e2e.pages import (
    MAX_DECISIONS,
    Contexts,
    board_targets,
    legal_on,
    play_one,
    ply,
    svg_targets,
    try_board,
    wait_for_turn_or_end,
)

pytestmark = pytest.mark.browser

# ---------------------------------------------------------------- tests


@pytest.mark.deep  # a whole game in the browser
def test_twelve_rivers_against_bots_played_to_the_end_by_clicking(
        server: ServerFactory, new_context: Contexts) -> None:
    """A game of 12 Rivers created in the lobby (one human, three easy bots) is played to the
    end by clicking, on the board where a target is drawn and in the list otherwise; the final
    scores show one column per seat and a total, and the replay steps through the game."""
    srv = server()
    page = new_context().new_page()
    page.goto(srv.url + "/")
    page.locator("#seat-0").wait_for()
    page.select_option("#game", "twelve-rivers")
    page.select_option("#players", "4")
    page.select_option("#seat-0", "human")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "easy")
    page.click("#create")
    page.click('a.seat-link[data-seat="0"]')
    page.wait_for_url(re.compile(r"/games/[^/?]+\?seat=0&token="))

    on_board = 0
    for _ in range(MAX_DECISIONS):
        if wait_for_turn_or_end(page):
            break
        on_board += play_one(page)
    else:
        pytest.fail(f"the game was not over after {MAX_DECISIONS} of our decisions")

    expect(page.locator("#final")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Game over")
    table = page.locator("#score-table")
    expect(table.locator("tr").first.locator("th")).to_have_count(5)  # a corner and 4 seats
    total = table.locator("tr.total")
    expect(total).to_have_count(1)
    expect(total.locator("th")).to_have_count(5)
    assert total.locator("th").first.text_content() == "total"
    assert all(re.fullmatch(r"-?\d+", s) for s in total.locator("th").all_text_contents()[1:])
    assert on_board > 0, "no decision went through a target on the board"
    decisions = ply(page)
    game_id = page.url.split("/games/")[1].split("?")[0]
    assert srv.api("GET", f"/api/games/{game_id}")["over"]

    page.click("#replay-link")
    # The seat's link carries its token on to the replay, where it opens a private game's review.
    page.wait_for_url(re.compile(r"/replay\?token=[^&]+$"))
    board = page.locator("#board")
    expect(board).to_have_attribute("data-step", "0")
    page.click("#next")
    expect(board).to_have_attribute("data-step", "1")
    page.click("#last")
    expect(board).to_have_attribute("data-step", str(decisions))
    expect(page.locator("#status")).to_contain_text(f"decision {decisions} of {decisions}")
    expect(page.locator("#final")).to_be_visible()
    expect(page.locator("#log li")).to_have_count(decisions)


def test_two_people_each_see_only_their_own_hand(
        server: ServerFactory, new_context: Contexts) -> None:
    """Two people play 12 Rivers in separate browsers. Each page draws the board as the server
    renders it for that seat, receives only its own seat's hidden cards (the supply cards in
    hand; the other hand is a count), and follows the other's decisions live; the seat not to
    move cannot act. (The River has no card hidden from one seat only: whatever a player takes
    was face up, see docs/rulings/the-river.md.)"""
    srv = server()
    made = srv.api("POST", "/api/games", {
        "game": "twelve-rivers", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 3})
    game_id = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    pages: list[Page] = []
    frames: list[list[dict[str, Any]]] = [[], []]
    for seat in (0, 1):
        page = new_context().new_page()
        received = frames[seat]
        page.on("websocket", lambda ws, received=received: ws.on(
            "framereceived", lambda data: received.append(json.loads(data))))
        page.goto(f"{srv.url}/games/{game_id}?seat={seat}&token={tokens[seat]}")
        page.locator("#board svg").first.wait_for()
        page.evaluate("() => { window.notReloaded = true; }")
        pages.append(page)

    def seat_view(seat: int | None) -> dict[str, Any]:
        query = "" if seat is None else f"?seat={seat}&token={tokens[seat]}"
        return srv.api("GET", f"/api/games/{game_id}{query}")

    on_board = 0
    for _ in range(8):
        shown = seat_view(None)
        mover = shown["to_move"]
        page, other = pages[mover], pages[1 - mover]
        page.locator("#actions button.action").first.wait_for(state="attached")
        assert legal_on(other) == [] and board_targets(other) == []
        before = ply(other)
        on_board += play_one(page)
        # The other page follows without a reload.
        expect(other.locator("#board")).to_have_attribute("data-ply", str(before + 1))
    assert on_board > 0

    views = [seat_view(0), seat_view(1)]
    for seat, page in enumerate(pages):
        assert page.evaluate("() => window.notReloaded") is True
        players = views[seat]["view"]["players"]
        mine, theirs = players[seat], players[1 - seat]
        assert mine["hand"] is not None and theirs["hand"] is None and theirs["hand_size"] >= 1
        # What the page holds is this seat's view, not the other's.
        held = page.evaluate("() => current.view.players.map(p => p.hand)")
        assert held[seat] == mine["hand"] and held[1 - seat] is None
        # Every message the page ever received kept the other seat's hand hidden.
        assert frames[seat], "the page got nothing over its WebSocket"
        for frame in frames[seat]:
            assert frame["view"]["players"][1 - seat]["hand"] is None
        # The board is the server's drawing for this seat: its targets and its texts.
        svg = views[seat]["svg"]
        assert set(board_targets(page)) == svg_targets(svg) == set(views[seat]["legal"])
        texts = page.locator("#board svg text").all_text_contents()
        assert texts == [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
        shown = " ".join(texts).replace("\u2068", "").replace("\u2069", "")  # name isolates
        assert f"Seat {seat} (you)" in shown
        assert f"Seat {1 - seat} (you)" not in shown
    assert views[0]["view"] != views[1]["view"]
    assert [p["hand"] for p in seat_view(None)["view"]["players"]] == [None, None]

    # The seat not to move cannot act: the server refuses and the position stays.
    mover = views[0]["to_move"]
    idle = pages[1 - mover]
    at = ply(idle)
    idle.evaluate("action => send(action)", views[mover]["legal"][0])
    expect(idle.locator("#error")).to_contain_text(f"it is seat {mover}'s turn")
    assert ply(idle) == at == seat_view(None)["ply"]


def test_wrong_token_link_shows_an_error_and_cannot_act(
        server: ServerFactory, new_context: Contexts) -> None:
    """A seat link with a wrong token shows the server's refusal ("wrong token for seat 0"),
    draws nothing to act on, and what it sends is refused, leaving the game as it was."""
    srv = server()
    made = srv.api("POST", "/api/games", {
        "game": "the-river", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 3})
    game_id, token = made["id"], made["seats"][1]["token"]
    shown = srv.api("GET", f"/api/games/{game_id}?seat=1&token={token}")
    assert shown["to_move"] == 1 and shown["legal"]
    page = new_context().new_page()
    page.goto(f"{srv.url}/games/{game_id}?seat=1&token=not-{token}")
    expect(page.locator("#error")).to_contain_text("wrong token for seat 1")
    assert legal_on(page) == [] and board_targets(page) == []
    refusal = page.evaluate(
        """([path, body]) => api("POST", path, body).then(() => "accepted", e => e.message)""",
        [f"/api/games/{game_id}/actions",
         {"seat": 1, "token": f"not-{token}", "action": shown["legal"][0], "ply": 0}])
    assert refusal == "wrong token for seat 1"
    assert srv.api("GET", f"/api/games/{game_id}")["ply"] == 0


def test_restart_mid_game_and_carry_on(server: ServerFactory, new_context: Contexts) -> None:
    """A game of 12 Rivers against bots survives the server stopping: the open page says at the
    top that the connection was lost and turns its controls off, reconnects by itself to the
    restarted server (same port, same database), shows the same position with its controls
    back, and play carries on by clicking."""
    srv = server()
    made = srv.api("POST", "/api/games", {
        "game": "twelve-rivers", "players": 3, "seed": 11,
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "easy"},
                  {"kind": "bot", "agent": "easy"}]})
    page = new_context().new_page()
    page.goto(f"{srv.url}/games/{made['id']}?seat=0&token={made['seats'][0]['token']}")
    for _ in range(4):
        assert not wait_for_turn_or_end(page)
        play_one(page)
    assert not wait_for_turn_or_end(page)
    at = ply(page)
    legal = legal_on(page)
    page.evaluate("() => { window.notReloaded = true; }")

    srv.stop()
    # While the connection is lost the page says so at the top and its controls are off.
    expect(page.locator("#connection")).to_be_visible()
    expect(page.locator("#connection")).to_contain_text("Connection lost")
    assert page.evaluate("() => document.body.classList.contains('offline')")
    assert page.locator("#actions button:not([disabled])").count() == 0
    assert page.evaluate("""() => getComputedStyle(
        document.querySelector('#board .target')).pointerEvents""") == "none"
    srv.start()
    expect(page.locator("#connection")).to_be_hidden()
    expect(page.locator("#error")).to_have_text("")
    expect(page.locator("#board")).to_have_attribute("data-ply", str(at))
    assert legal_on(page) == legal
    assert page.evaluate("() => window.notReloaded") is True

    play_one(page)
    assert ply(page) > at
    assert srv.api("GET", f"/api/games/{made['id']}")["ply"] >= at + 1
    page.reload()
    page.locator("#board svg").first.wait_for()
    assert ply(page) >= at + 1


def test_undo_in_the_browser_takes_back_a_placement(
        server: ServerFactory, new_context: Contexts) -> None:
    """A person places a marker on the board, then clicks undo: the board, the options and the
    log are as before the placement, on this page and on the other seat's page."""
    srv = server()
    made = srv.api("POST", "/api/games", {
        "game": "twelve-rivers", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 12})
    game_id = made["id"]
    mover = srv.api("GET", f"/api/games/{game_id}")["to_move"]
    pages = []
    for seat in (mover, 1 - mover):
        page = new_context().new_page()
        page.goto(f"{srv.url}/games/{game_id}?seat={seat}&token={made['seats'][seat]['token']}")
        page.locator("#board svg").first.wait_for()
        pages.append(page)
    page, other = pages
    expect(page.locator("#undo")).to_be_disabled()
    options = legal_on(page)
    assert try_board(page, lambda a: a.startswith("place ")) is not None
    expect(page.locator("#log li")).to_have_count(1)
    expect(other.locator("#log li")).to_have_count(1)
    expect(page.locator("#undo")).to_be_enabled()
    page.click("#undo")
    expect(page.locator("#board")).to_have_attribute("data-ply", "0")
    expect(other.locator("#board")).to_have_attribute("data-ply", "0")
    expect(page.locator("#log li")).to_have_count(0)
    expect(other.locator("#log li")).to_have_count(0)
    expect(page.locator("#undo")).to_be_disabled()
    assert legal_on(page) == options
    assert srv.api("GET", f"/api/games/{game_id}")["log"] == []


def test_the_lobby_creates_games_one_after_another_with_their_options(
        server: ServerFactory, new_context: Contexts) -> None:
    """Two games made in a row from one lobby page both get created with what was chosen;
    2022-only options appear only once the 2022 edition is chosen, Family Mode is kept, and
    people's seats take the names typed for them."""
    srv = server()
    page = new_context().new_page()
    page.goto(srv.url + "/")
    page.locator("#seat-0").wait_for()
    page.select_option("#players", "2")
    page.click("#create")
    expect(page.locator("a.seat-link")).to_have_count(1)
    page.select_option("#game", "twelve-rivers")
    expect(page.locator('[data-row="family"]')).to_be_hidden()
    page.select_option("#opt-edition", '"2022"')
    expect(page.locator('[data-row="family"]')).to_be_visible()
    page.select_option("#opt-family", "true")
    page.select_option("#players", "3")
    page.select_option("#seat-1", "human")
    expect(page.locator("#name-1")).to_be_visible()
    expect(page.locator("#name-2")).to_be_hidden()
    page.fill("#name-0", "Ana")
    page.click("#create")
    expect(page.locator("a.seat-link")).to_have_count(2)
    assert page.locator("#error").text_content() == ""
    games = srv.api("GET", "/api/games")["games"]
    assert len(games) == 2
    newest = games[0]
    assert newest["players"] == 3
    assert newest["options"]["edition"] == "2022" and newest["options"]["family"] is True
    assert [s["kind"] for s in newest["seats"]] == ["human", "human", "bot"]
    assert [s["name"] for s in newest["seats"]] == ["Ana", "Seat 1",
                                                    "Nile (greedy bot, medium)"]


def test_the_browser_keeps_the_seat_links_the_server_no_longer_can_show(
        server: ServerFactory, new_context: Contexts) -> None:
    """The server keeps only hashes of the seat links' secrets, so the browser that created a
    game keeps its links, and a browser that opens a seat link keeps that one; neither the
    lobby nor any page of the server shows a secret again."""
    srv = server()
    page = new_context().new_page()
    page.goto(srv.url + "/")
    page.locator("#seat-0").wait_for()
    page.select_option("#game", "the-river")
    page.select_option("#players", "2")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "human")
    page.click("#create")
    first = page.locator('a.seat-link[data-seat="0"]')
    first.wait_for()
    game_id = (first.get_attribute("href") or "").split("/games/")[1].split("?")[0]
    kept = page.evaluate("id => JSON.parse(localStorage.getItem(`upriver-links-${id}`))", game_id)
    assert set(kept) == {"0", "1"} and all("token=" in url for url in kept.values())
    listing = json.dumps(srv.api("GET", "/api/games"))
    assert not any(url.split("token=")[1] in listing for url in kept.values())

    other = new_context().new_page()  # another person's browser opens the link sent to them
    other.goto(kept["1"])
    other.locator("#board svg").first.wait_for()
    assert other.evaluate(
        "id => JSON.parse(localStorage.getItem(`upriver-links-${id}`))", game_id) == {
        "1": kept["1"]}


def test_a_page_of_another_site_cannot_create_or_play_games(
        server: ServerFactory, new_context: Contexts, tmp_path: Any) -> None:
    """A page served from another origin tries what a hostile site would: a form-like
    ``text/plain`` POST (sent without asking) and a JSON POST (which needs the server's consent,
    never given). Neither creates a game."""
    import http.server
    import threading

    srv = server()
    (tmp_path / "evil.html").write_text("<!doctype html><title>elsewhere</title>")
    handler = lambda *a: http.server.SimpleHTTPRequestHandler(  # noqa: E731
        *a, directory=str(tmp_path))
    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler) as elsewhere:
        threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
        page = new_context().new_page()
        page.goto(f"http://127.0.0.1:{elsewhere.server_address[1]}/evil.html")
        outcome = page.evaluate("""async (target) => {
            const body = JSON.stringify({game: "the-river", players: 2});
            const plain = await fetch(target, {method: "POST", mode: "no-cors", body,
                headers: {"Content-Type": "text/plain"}}).then(() => "sent", e => e.message);
            const json = await fetch(target, {method: "POST", body,
                headers: {"Content-Type": "application/json"}}).then(() => "sent", () => "blocked");
            return [plain, json];
        }""", f"{srv.url}/api/games")
        elsewhere.shutdown()
    assert outcome == ["sent", "blocked"]  # the browser did send the first; the server refused it
    assert srv.api("GET", "/api/games")["games"] == []
