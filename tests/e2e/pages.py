"""Driving game pages as a person would: the board's targets, the buttons, waiting for turns."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from playwright.sync_api import BrowserContext, Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

if TYPE_CHECKING:
    from tests.e2e.conftest import Server

Contexts = Callable[..., BrowserContext]
MAX_DECISIONS = 400
# How long a board target may take to become clickable before the list is used instead (ms).
TARGET_TRIAL_MS = 500
DATA_ACTION = re.compile(r'data-action="([^"]*)"')

TURN_OR_END = """() => !document.querySelector('#final').hidden
    || document.querySelector('#actions button.action') !== null"""
PLY_CHANGED_OR_ERROR = """(before) => document.querySelector('#board').dataset.ply !== before
    || document.querySelector('#error').textContent.trim() !== ''"""


# ---------------------------------------------------------------- helpers


def open_seat(new_context: Contexts, srv: Server, made: dict[str, Any], seat: int,
              **viewport: Any) -> Page:
    """Open a seat's page of a game made through the API (``viewport``: the context's
    size, touch and the like)."""
    page = new_context(**viewport).new_page()
    page.goto(f"{srv.url}/games/{made['id']}?seat={seat}&token={made['seats'][seat]['token']}")
    page.locator("#board svg").first.wait_for()
    return page




# Every target's action, piece, shorter side, outlined shape (its own outline where it draws
# one, else its first shape: a <title> may come before it) and that shape's outline colour.
TOUCH_TARGETS = """() => [...document.querySelectorAll('#board .target')].map(t => {
    const r = t.getBoundingClientRect();
    const shape = /^(rect|circle|ellipse|path|polygon)$/.test(t.tagName) ? t
        : t.querySelector(':scope > .outline')
          || [...t.children].find(c => c.tagName !== 'title');
    return {action: t.dataset.action, piece: t.dataset.piece || '', side: Math.min(r.width,
            r.height), tag: shape.tagName, stroke: getComputedStyle(shape).stroke}; })"""


VISIBLE_POINT = """t => { const r = t.getBoundingClientRect();
    const spots = [[5, 5]];
    for (let i = 1; i < 10; i++) for (let j = 1; j < 10; j++) spots.push([i, j]);
    for (const [i, j] of spots) {
        const x = r.left + r.width * i / 10, y = r.top + r.height * j / 10;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('[data-action]') === t) return [x, y]; }
    throw new Error('every point of ' + t.dataset.action + ' is covered'); }"""


def visible_point(target: Locator) -> tuple[float, float]:
    """A point of a target on the screen that no other drawing covers: its centre where it
    can be (a person taps what they see)."""
    target.scroll_into_view_if_needed()
    x, y = target.evaluate(VISIBLE_POINT)
    return float(x), float(y)



def ply(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-ply") or -1)


def legal_on(page: Page) -> list[str]:
    """The actions the page offers in its list."""
    return page.locator("#actions button.action").evaluate_all(
        "buttons => buttons.map(b => b.dataset.action)")


def board_targets(page: Page) -> list[str]:
    return page.locator("#board [data-action].target").evaluate_all(
        "targets => targets.map(t => t.dataset.action)")


def svg_targets(svg: str) -> set[str]:
    return {html.unescape(a) for a in DATA_ACTION.findall(svg)}


def touch(page: Page) -> bool:
    """Whether the page plays as on a touch screen (two taps a decision, a zoomed board)."""
    return bool(page.evaluate("() => document.body.classList.contains('touch')"))


def wait_for_turn_or_end(page: Page) -> bool:
    """Wait until this seat may act or the game is over; True if it is over."""
    page.wait_for_function(TURN_OR_END)
    return page.locator("#final").is_visible()


def click_and_wait(page: Page, clicked: Callable[[], None]) -> None:
    """Click, then wait for the board to move on; a refusal shown on the page fails."""
    before = page.locator("#board").get_attribute("data-ply") or ""
    clicked()
    page.wait_for_function(PLY_CHANGED_OR_ERROR, arg=before)
    assert page.locator("#error").text_content() == "", "the server refused a click"


def try_board(page: Page, prefer: Callable[[str], bool] = lambda a: True) -> str | None:
    """Click the first board target the list also offers (preferred ones first); its action,
    or None when no such target can be clicked."""
    legal = set(legal_on(page))
    targets = page.locator("#board [data-action].target").all()
    offered = [t for t in targets if t.get_attribute("data-action") in legal]
    offered.sort(key=lambda t: not prefer(t.get_attribute("data-action") or ""))
    for target in offered:
        try:
            target.click(trial=True, timeout=TARGET_TRIAL_MS)
        except PlaywrightTimeout:
            continue  # covered by another drawing: not clickable by a person either
        action = target.get_attribute("data-action")
        if touch(page):  # a first tap shows the piece, a second plays it
            target.click()
        click_and_wait(page, target.click)
        return action
    return None


def click_listed(page: Page) -> None:
    """Take the first decision offered as a button: a pass beside the board, or else the first
    of the list of all options (opened first)."""
    passes = page.locator("#passes button.action")
    if passes.count():
        click_and_wait(page, passes.first.click)
        return
    if page.locator("#all-actions[open]").count() == 0:
        page.locator("#all-actions summary").click()
    click_and_wait(page, page.locator("#all-actions-list button.action").first.click)


def play_one(page: Page, prefer: Callable[[str], bool] = lambda a: True) -> bool:
    """Take one decision on a page whose seat is to move; True if it went through the board."""
    if try_board(page, prefer) is not None:
        return True
    click_listed(page)
    return False




def two_people_in_the_lobby(page: Page, url: str, game: str) -> None:
    """Open the lobby and fill its form for ``game`` with two people (then pick more, and
    click "Create game")."""
    page.goto(url + "/")
    page.locator("#seat-0").wait_for()
    page.select_option("#game", game)
    page.select_option("#players", "2")
    page.select_option("#seat-1", "human")
