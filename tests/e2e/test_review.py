"""End-to-end: a finished game's review on its replay page, in chromium (issue 17)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import ServerFactory
from tests.e2e.pages import Contexts

pytestmark = pytest.mark.browser


def test_a_review_graph_appears_and_a_click_jumps_the_replay_to_the_alternative(
        server: ServerFactory, new_context: Contexts) -> None:
    """Asked for on the replay page, the review shows its progress, then a graph of each
    seat's win chance; clicking a point that lost something jumps the replay to just after
    that decision and shows the bot's choice on a board beside the one taken, with the points
    it lost and the pieces that differ between the two boards highlighted on both."""
    srv = server(review_iters=15)
    made = srv.api("POST", "/api/games", {
        "game": "the-river", "players": 2, "seed": 4,
        "seats": [{"kind": "bot", "agent": "easy", "name": "Ada"},
                  {"kind": "bot", "agent": "easy", "name": "Bo"}]})
    gid = made["id"]
    deadline = time.monotonic() + 60
    while not srv.api("GET", f"/api/games/{gid}")["over"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    page = new_context().new_page()
    page.goto(f"{srv.url}/games/{gid}/replay")
    ask = page.locator("#review-ask")
    expect(ask).to_be_visible()
    ask.click()
    expect(ask).to_be_hidden()
    points = page.locator("#win-graph .point")
    expect(points.first).to_be_visible()
    expect(page.locator("#review-status")).to_contain_text("Every decision with a choice judged",
                                                          timeout=90_000)
    expect(page.locator("#review-table tr")).to_have_count(3)  # a heading and two seats
    # The last one drawn: no other point lies over it to catch the click.
    costly = page.locator("#win-graph .point:not(.best)").last
    ply = int(costly.get_attribute("data-ply") or "")
    costly.click()
    expect(page.locator("#board")).to_have_attribute("data-step", str(ply + 1))
    expect(page.locator("#log li.current")).to_have_attribute("value", str(ply + 1))
    expect(page.locator("#review-choice")).to_be_visible()
    expect(page.locator("#review-choice")).to_have_attribute("data-ply", str(ply))
    expect(page.locator("#review-detail")).to_contain_text(f"Decision {ply + 1}")
    expect(page.locator("#review-detail")).to_contain_text("The bot's choice")
    expect(page.locator("#board-taken svg").first).to_be_visible()
    expect(page.locator("#board-best svg").first).to_be_visible()
    judged = srv.api("GET", f"/api/games/{gid}/review/{ply}")["judged"]
    expect(page.locator("#review-detail")).to_contain_text(judged["best"])
    expect(page.locator("#review-detail")).to_contain_text("points")
    # What differs between the two boards shines on both, and only that.
    differs = page.locator("#board-taken .differs")
    expect(differs.first).to_be_visible()
    taken = page.locator("#board-taken [data-piece]").evaluate_all(
        "ns => Object.fromEntries(ns.map(n => [n.dataset.piece, n.dataset.state]))")
    best = page.locator("#board-best [data-piece]").evaluate_all(
        "ns => Object.fromEntries(ns.map(n => [n.dataset.piece, n.dataset.state]))")
    marked = set(differs.evaluate_all("ns => ns.map(n => n.dataset.piece)"))
    assert marked == {k for k, v in taken.items() if best.get(k) != v}
    # The largest losses list jumps the same way.
    first_loss = page.locator("#losses button.loss").first
    loss_ply = int(first_loss.get_attribute("data-ply") or "")
    first_loss.click()
    expect(page.locator("#board")).to_have_attribute("data-step", str(loss_ply + 1))
    expect(page.locator("#review-choice")).to_have_attribute("data-ply", str(loss_ply))
