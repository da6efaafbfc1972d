"""End-to-end, in Debian's chromium: a table with a time per turn (issue 28). The clock shows
the time left, the warning says what comes next, a bot plays an absent person's seat, and
they take it back with one click. Time is moved on by writing the deadline into the past in
the server's database, as its passing would."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import Server, ServerFactory
from tests.e2e.pages import Contexts, two_people_in_the_lobby
from upriver.server.store import engine_for
from upriver.server.tables import games

pytestmark = pytest.mark.browser


def expire(srv: Server, game_id: str) -> None:
    engine = engine_for(f"sqlite:///{srv.db}")
    with engine.begin() as db:
        db.execute(games.update().where(games.c.id == game_id).values(
            deadline=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)))
    engine.dispose()


def test_a_timed_table_warns_then_a_bot_sits_in_until_the_person_takes_the_seat_back(
        server: ServerFactory, new_context: Contexts) -> None:
    """Made in the lobby with three minutes a turn: the page counts the seat's time down;
    out of time, it says in red that a bot will play for them; then a bot does, the seat
    shows as away, and "Take my seat back" gives it back to the person. A restart of the server
in the middle keeps the warning and its deadline."""
    srv = server(bot_delay=0.3)
    page = new_context().new_page()
    two_people_in_the_lobby(page, srv.url, "the-river")
    expect(page.locator("#timeout-row")).to_be_hidden()
    page.select_option("#turn-time", "180")
    expect(page.locator("#timeout-row")).to_be_visible()
    page.select_option("#on-timeout", "bot:easy")
    page.click("#create")
    page.locator("a.seat-link").first.wait_for()
    game_id = srv.api("GET", "/api/games")["games"][0]["id"]
    first = srv.api("GET", f"/api/games/{game_id}")["to_move"]
    page.locator(f'a.seat-link[data-seat="{first}"]').click()
    page.locator("#board svg").first.wait_for()

    clock = page.locator("#clock")
    expect(clock).to_have_text(re.compile(r"^(3:00|2:[0-5]\d) left$"))
    expire(srv, game_id)
    expect(clock).to_have_text(re.compile(r"^Time is up: in 0:[0-4]\d a bot plays for you$"))
    expect(clock).to_have_class(re.compile(r"\bwarned\b"))
    warned = srv.api("GET", f"/api/games/{game_id}")["clock"]
    srv.restart()  # the warning and its deadline are kept, not started again
    assert srv.api("GET", f"/api/games/{game_id}")["clock"] == warned
    expect(page.locator("#connection")).to_be_hidden()
    expect(clock).to_have_text(re.compile(r"^Time is up: in 0:[0-4]\d a bot plays for you$"))

    expire(srv, game_id)
    mine = page.locator("#seats li").nth(first)
    expect(mine).to_contain_text("away: a bot plays for now")
    page.wait_for_function("() => Number(document.querySelector('#board').dataset.ply) > 0")
    page.click("button.come-back")
    expect(mine).to_contain_text("(person)")
    expect(page.locator("button.come-back")).to_have_count(0)
    assert srv.api("GET", f"/api/games/{game_id}")["seats"][first]["away"] is False


def test_an_abandoned_game_says_so_and_offers_nothing(server: ServerFactory,
                                                      new_context: Contexts) -> None:
    """A table that chose to abandon: out of time and grace, every page says the game was
    abandoned, offers no decision, and the lobby lists it as abandoned."""
    srv = server()
    made = srv.api("POST", "/api/games", {
        "game": "twelve-rivers", "players": 2, "seed": 4, "seats": [{"kind": "human"}] * 2,
        "timer": {"seconds": 60, "on_timeout": "abandon"}})
    seat = srv.api("GET", f"/api/games/{made['id']}")["to_move"]
    page = new_context().new_page()
    page.goto(f"{srv.url}/games/{made['id']}?seat={seat}&token={made['seats'][seat]['token']}")
    page.locator("#board svg").first.wait_for()
    expire(srv, made["id"])
    expect(page.locator("#clock")).to_contain_text("the game is abandoned")
    expire(srv, made["id"])
    expect(page.locator("#status")).to_have_text("Abandoned: a person ran out of time")
    expect(page.locator("#clock")).to_be_hidden()
    expect(page.locator("#passes button")).to_have_count(0)
    expect(page.locator("button.hand-to-bot")).to_have_count(0)
    lobby = new_context().new_page()
    lobby.goto(srv.url + "/")
    expect(lobby.locator(f'tr[data-game="{made["id"]}"]')).to_contain_text("abandoned")
