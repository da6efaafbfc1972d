"""End-to-end, in Debian's chromium: after a game (issue 28). A finished table plays again
with one click, every seat's link taking it to its seat in the rematch, and the lobby lists
this browser's games, running and finished, from the links it holds."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import ServerFactory
from tests.e2e.pages import Contexts, two_people_in_the_lobby
from tests.e2e.test_timers import expire

pytestmark = pytest.mark.browser


def test_a_finished_table_plays_again_and_the_lobby_lists_both_games(
        server: ServerFactory, new_context: Contexts) -> None:
    """Made in the lobby, abandoned when its person ran out of time: "Play again with the
    same seats" opens the seat's page in the new game; the other seat's page of the old
    game offers the same rematch; the lobby's "Your games" lists both."""
    srv = server()
    lobby = new_context().new_page()
    two_people_in_the_lobby(lobby, srv.url, "the-river")
    lobby.select_option("#turn-time", "60")
    lobby.select_option("#on-timeout", "abandon")
    lobby.click("#create")
    lobby.locator("a.seat-link").first.wait_for()
    old_id = srv.api("GET", "/api/games")["games"][0]["id"]
    links = {s: lobby.locator(f'a.seat-link[data-seat="{s}"]').get_attribute("href")
             for s in (0, 1)}

    other = new_context().new_page()
    other.goto(str(links[1]))
    other.locator("#board svg").first.wait_for()
    lobby.goto(str(links[0]))
    lobby.locator("#board svg").first.wait_for()
    expire(srv, old_id)
    expect(lobby.locator("#clock")).to_contain_text("Time is up")
    expire(srv, old_id)
    expect(lobby.locator("#status")).to_have_text("Abandoned: a person ran out of time")
    lobby.click("#rematch")
    lobby.wait_for_url(re.compile(r"/games/(?!" + re.escape(old_id) + r")[^/?]+\?seat=0&token="))
    lobby.locator("#board svg").first.wait_for()
    new_id = lobby.url.split("/games/")[1].split("?")[0]
    expect(lobby.locator("#status")).not_to_contain_text("Abandoned")

    join = other.locator("#rematch-link")
    expect(join).to_have_text("Your table plays again: join the rematch")
    join.click()
    other.wait_for_url(re.compile(re.escape(f"/games/{new_id}?seat=1&token=")))
    other.locator("#board svg").first.wait_for()

    lobby.goto(srv.url + "/")
    rows = lobby.locator("#yours tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_have_attribute("data-game", new_id)
    expect(rows.nth(1)).to_contain_text("abandoned")


def test_a_game_left_idle_leaves_memory_and_its_page_plays_on(
        server: ServerFactory, new_context: Contexts) -> None:
    """A server that lets idle games go after 6 seconds: once its page is closed, the game
    leaves memory; its link opens it again from the database, as it was, and play goes on."""
    srv = server(idle_minutes=0.1)
    made = srv.api("POST", "/api/games", {"game": "twelve-rivers", "players": 2, "seed": 6,
                                          "seats": [{"kind": "human"}, {"kind": "human"}]})
    seat = srv.api("GET", f"/api/games/{made['id']}")["to_move"]
    link = f"{srv.url}/games/{made['id']}?seat={seat}&token={made['seats'][seat]['token']}"
    context = new_context()
    page = context.new_page()
    page.goto(link)
    page.locator("#board svg").first.wait_for()
    page.locator("#passes button, #board [data-action].target").first.click()
    page.wait_for_function("() => document.querySelector('#board').dataset.ply === '1'")
    before = srv.api("GET", f"/api/games/{made['id']}")
    page.close()
    evicted = srv.api("GET", "/api/status")["evicted"]
    end = time.monotonic() + 30
    while srv.api("GET", "/api/status")["evicted"] == evicted:
        assert time.monotonic() < end, "the idle game stayed in memory"
        time.sleep(0.5)
    assert srv.api("GET", "/api/status")["games_in_memory"] == 0
    page = context.new_page()
    page.goto(link)
    page.locator("#board svg").first.wait_for()
    after = srv.api("GET", f"/api/games/{made['id']}")
    assert after["view"] == before["view"] and after["log"] == before["log"]
    expect(page.locator("#board")).to_have_attribute("data-ply", "1")
