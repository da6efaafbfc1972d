"""End-to-end: Wayfarers in chromium, every decision taken on the board."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import ServerFactory
from tests.e2e.pages import Contexts, click_listed, legal_on, try_board, wait_for_turn_or_end
from upriver.games.wayfarers.svg import PASSES

pytestmark = pytest.mark.browser
HIGHLIGHT = "rgb(243, 156, 18)"  # style.css's --glow, on the first shape of every target
SHAPES = {"rect", "circle", "path", "ellipse", "polygon"}


def open_wayfarers(page: Page, url: str, players: int, board: str | None = None) -> None:
    """Create a Wayfarers game in the lobby (a person in seat 0, easy bots in the others, the
    AI board for solo) and open seat 0's page."""
    page.goto(url + "/")
    page.locator("#seat-0").wait_for()
    page.select_option("#game", "wayfarers")
    page.select_option("#players", str(players))
    if board is not None:
        page.select_option("#opt-ai_board", f'"{board}"')
    page.select_option("#seat-0", "human")
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", "easy")
    page.click("#create")
    page.click('a.seat-link[data-seat="0"]')
    page.wait_for_url(re.compile(r"/games/[^/?]+\?seat=0&token="))


def test_wayfarers_decisions_are_all_taken_on_the_board(
        server: ServerFactory, new_context: Contexts) -> None:
    """A Wayfarers game created in the lobby (a person and an easy bot): the board draws the
    five display rows, the Journal Track and both players; for 40 decisions every legal action
    but the passes ("done", "end turn") is a target on the board, every target is a drawn
    piece (a die, a card, a Worker space, a Guild...: it carries ``data-piece``) outlined in
    the highlight colour, and each decision is taken by clicking one."""
    srv = server()
    page = new_context().new_page()
    open_wayfarers(page, srv.url, 2)
    expect(page.locator('#board [data-piece="land1"]')).to_have_count(1)
    expect(page.locator('#board [data-piece^="marker"]')).to_have_count(2)
    kinds: set[str] = set()
    for _ in range(40):
        if wait_for_turn_or_end(page):
            break
        legal = legal_on(page)
        targets = set(page.locator("#board [data-action].target").evaluate_all(
            "ts => ts.map(t => t.dataset.action)"))
        assert set(legal) - PASSES <= targets, set(legal) - targets
        looks = page.locator("#board [data-action].target").evaluate_all(
            "ts => ts.map(t => [t, [...t.children].find(c => c.tagName !== 'title')])"
            ".map(([t, s]) => [t.dataset.piece || '', s.tagName, getComputedStyle(s).stroke])")
        assert looks and all(name for name, _, _ in looks), looks
        assert {shape for _, shape, _ in looks} <= SHAPES, looks
        assert {stroke for _, _, stroke in looks} == {HIGHLIGHT}, looks
        action = try_board(page)
        if action is None:
            assert set(legal) & PASSES
            click_listed(page)
        else:
            kinds.add(action.split(" ")[0])
    assert len(kinds) >= 3, kinds


@pytest.mark.deep  # whole games in the browser: minutes each
@pytest.mark.long
@pytest.mark.parametrize("players", [2, 3, 4])
def test_wayfarers_is_played_to_the_end_in_the_browser(
        server: ServerFactory, new_context: Contexts, players: int) -> None:
    """A person plays Wayfarers to the end by clicking on the board (the first target each
    time, "done" when nothing else is drawn) against easy bots; the final scores show."""
    srv = server()
    page = new_context().new_page()
    open_wayfarers(page, srv.url, players)
    for _ in range(3000):
        if wait_for_turn_or_end(page):
            break
        if try_board(page) is None:
            click_listed(page)
    else:
        pytest.fail("the game did not end")
    expect(page.locator("#final")).to_be_visible()
    expect(page.locator("#score-table tr.total th")).to_have_count(players + 1)


# One AI board's whole game in the default tier (the quickest), the others' in the deep tier.
@pytest.mark.parametrize("board", [
    *(pytest.param(b, marks=pytest.mark.deep) for b in ("stargazer", "inventor", "mayor")),
    "wayfarer"])
def test_wayfarers_solo_is_played_to_the_end_in_the_browser(
        server: ServerFactory, new_context: Contexts, board: str) -> None:
    """A person plays a solo game against an AI board to the end by clicking on the board; the
    AI board option shows only for one player; the opponent's panel lists what it did, and so
    do the log (its steps after the decision they came with) and "since your last decision";
    the header names the AI board; the final table has the opponent's column and the status
    names who won; the log shows the opponent in its colour on the board."""
    srv = server()
    page = new_context().new_page()
    page.goto(srv.url + "/")
    page.locator("#seat-0").wait_for()
    page.select_option("#game", "wayfarers")
    page.select_option("#players", "2")
    expect(page.locator('[data-row="ai_board"]')).to_be_hidden()
    page.select_option("#players", "1")
    expect(page.locator('[data-row="ai_board"]')).to_be_visible()
    open_wayfarers(page, srv.url, 1, board)
    expect(page.locator("#title")).to_contain_text(f"solo against the {board.title()}")
    saw_opponent_steps = saw_recent = False
    for _ in range(3000):
        if wait_for_turn_or_end(page):
            break
        saw_opponent_steps = saw_opponent_steps or page.locator(
            "#board text", has_text="revealed Scheme").count() > 0
        saw_recent = saw_recent or page.locator(
            "#recent li.opponent", has_text=f"The opponent ({board.title()})").count() > 0
        if try_board(page) is None:
            click_listed(page)
    else:
        pytest.fail("the game did not end")
    assert saw_opponent_steps and saw_recent
    expect(page.locator("#log li.opponent", has_text="revealed Scheme").first).to_be_visible()
    dot = page.locator("#log li.opponent .seat-dot").first  # the opponent's colour on the board
    assert dot.evaluate("d => getComputedStyle(d).backgroundColor") == "rgb(107, 76, 154)"
    expect(page.locator("#final")).to_be_visible()
    expect(page.locator("#score-table th.opponent")).to_have_text(board.title())
    expect(page.locator("#status")).to_contain_text("Game over")
