"""End-to-end: every game is played in chromium by clicking drawn pieces only, on a desktop
and on a phone: no decision is a text chip, every target is outlined, and on a phone every
target is a finger's width."""

from __future__ import annotations

import random
from typing import Any

import pytest

import upriver
from tests.e2e.conftest import ServerFactory
from tests.e2e.pages import (
    TOUCH_TARGETS,
    Contexts,
    click_and_wait,
    click_listed,
    legal_on,
    open_seat,
    touch,
    visible_point,
    wait_for_turn_or_end,
)

pytestmark = pytest.mark.browser
HIGHLIGHT = "rgb(243, 156, 18)"  # style.css's --glow
SHAPES = {"rect", "circle", "path", "ellipse", "polygon"}
TABLES = [("twelve-rivers", 2, {}), ("twelve-rivers", 2, {"edition": "2022"}),
          ("the-river", 2, {}), ("wayfarers", 2, {}), ("wayfarers", 1, {"ai_board": "mayor"})]
DEVICES: dict[str, dict[str, Any]] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 390, "height": 844, "is_mobile": True, "has_touch": True}}


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize(("game", "players", "options"), TABLES,
                         ids=["12r", "12r-2022", "river", "wayfarers", "wayfarers-solo"])
def test_every_game_is_played_by_clicking_drawn_pieces_only(
        server: ServerFactory, new_context: Contexts, device: str, game: str, players: int,
        options: dict[str, Any]) -> None:
    """A person plays 20 decisions against easy bots by clicking (on a phone, tapping twice)
    a random target of the board each time. At every decision: every legal action but the
    game's passes is a target; every target is a drawn piece (``data-piece``) whose first
    shape is outlined in the highlight colour; on the phone every target is at least 32 CSS
    px on its shorter side. A pass button is used only when nothing else is legal."""
    srv = server()
    made = srv.api("POST", "/api/games", {
        "game": game, "players": players, "seed": 6, "options": options,
        "seats": [{"kind": "human"}] + [{"kind": "bot", "agent": "easy"}] * (players - 1)})
    page = open_seat(new_context, srv, made, 0, **DEVICES[device])
    assert touch(page) == (device == "phone")
    passes = upriver.button_only(game)
    rng = random.Random(6)
    clicked = 0
    for _ in range(20):
        if wait_for_turn_or_end(page):
            break
        legal = legal_on(page)
        looks = page.evaluate(TOUCH_TARGETS)
        assert set(legal) - passes <= {t["action"] for t in looks}
        assert all(t["piece"] for t in looks), [t for t in looks if not t["piece"]]
        assert {t["tag"] for t in looks} <= SHAPES, looks
        assert {t["stroke"] for t in looks} <= {HIGHLIGHT}, looks
        if device == "phone":
            assert all(t["side"] >= 32 for t in looks), min(looks, key=lambda t: t["side"])
        if not looks:
            assert set(legal) <= passes, legal
            click_listed(page)
            continue
        target = page.locator("#board .target").nth(rng.randrange(len(looks)))
        if device == "phone":  # a first tap shows the piece, a second plays it
            page.touchscreen.tap(*visible_point(target))
            point = visible_point(target)
            click_and_wait(page, lambda: page.touchscreen.tap(*point))  # noqa: B023
        else:
            point = visible_point(target)
            click_and_wait(page, lambda: page.mouse.click(*point))  # noqa: B023
        clicked += 1
    assert clicked >= 10
