"""Screenshots of the web app for the docs: the game page, docs/screenshots/<game>.png at
desktop width (1280 px) and <game>-phone.png at a phone's (390 px); and a reviewed game,
docs/screenshots/review.png (its replay page) and review-graph.png (``upriver review``'s graph
of the same game).

Starts ``upriver serve`` on a free loopback port with a temporary database, plays one 4-player
game of each game part way through the API (all seats people with names, random legal decisions
from a fixed seed), then photographs seat 0's page in Debian's chromium on seat 0's turn. For
the review it lets a greedy bot and a random bot play a 2-player 12 Rivers game, asks for its
review at the default budget (a few minutes), and photographs the replay page with the costliest
decision open.

Usage: .venv/bin/python scripts/screenshots.py [--review-only | --games-only]
"""

from __future__ import annotations

import json
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
# game id -> decisions to play before the picture (then on until it is seat 0's turn)
GAMES = {"twelve-rivers": 60, "the-river": 50, "wayfarers": 90}
SEED = 7
NAMES = ["Ana", "Bruno", "Chloé", "Dara"]
VIEWPORTS = {"": {"width": 1280, "height": 900}, "-phone": {"width": 390, "height": 844}}
# A phone is a touch screen: the page zooms the board for fingers (docs/web.md).
DEVICES: dict[str, dict[str, bool]] = {"": {}, "-phone": {"is_mobile": True, "has_touch": True}}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def call(base: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def wait_until_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"upriver serve exited with {proc.returncode}")
        try:
            call(base, "GET", "/api/catalog")
            return
        except (OSError, urllib.error.URLError):
            time.sleep(0.1)
    sys.exit("upriver serve did not answer within 30 s")


def play(base: str, game: str, decisions: int, rng: random.Random) -> tuple[str, str]:
    """A 4-player game of all humans played ``decisions`` deep; its id and seat 0's token."""
    made = call(base, "POST", "/api/games", {
        "game": game, "players": 4, "seed": SEED,
        "seats": [{"kind": "human", "name": n} for n in NAMES]})
    tokens = [s["token"] for s in made["seats"]]
    done = 0
    while True:
        seat = call(base, "GET", f"/api/games/{made['id']}")["to_move"]
        if seat is None or (done >= decisions and seat == 0):
            break
        shown = call(base, "GET", f"/api/games/{made['id']}?seat={seat}&token={tokens[seat]}")
        call(base, "POST", f"/api/games/{made['id']}/actions", {
            "seat": seat, "token": tokens[seat], "action": rng.choice(shown["legal"]),
            "ply": shown["ply"]})
        done += 1
    return made["id"], tokens[0]


def reviewed(base: str) -> str:
    """A finished 2-player 12 Rivers game between a greedy and a random bot, reviewed; its id.
    Its replay file is written for ``upriver review`` too."""
    import upriver
    from upriver.terminal import saves

    made = call(base, "POST", "/api/games", {
        "game": "twelve-rivers", "players": 2, "seed": SEED,
        "seats": [{"kind": "bot", "agent": "medium", "name": "Ana (greedy)"},
                  {"kind": "bot", "agent": "easy", "name": "Bruno (random)"}]})
    gid = made["id"]
    while not call(base, "GET", f"/api/games/{gid}")["over"]:
        time.sleep(0.2)
    call(base, "POST", f"/api/games/{gid}/review", {})
    started = time.monotonic()
    while (r := call(base, "GET", f"/api/games/{gid}/review"))["status"] != "done":
        if r["status"] == "failed":
            sys.exit(f"the review failed: {r['note']}")
        time.sleep(1)
    print(f"reviewed {r['total']} decisions in {time.monotonic() - started:.0f} s")
    game = upriver.new_game("twelve-rivers", players=2, seed=SEED)
    for _, action in call(base, "GET", f"/api/games/{gid}")["log"]:
        game.play(action)
    saves.write(OUT / "review-game.json", game, ["Ana (greedy)", "Bruno (random)"], SEED)
    return gid


def review_pictures(base: str, browser: Any, gid: str) -> None:
    page = browser.new_page(viewport=VIEWPORTS[""])
    page.goto(f"{base}/games/{gid}/replay")
    page.locator("#losses button.loss").first.click()
    page.locator("#review-choice:not([hidden]) #board-best svg").first.wait_for(timeout=20_000)
    path = OUT / "review.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"{path.relative_to(ROOT)}")
    page.close()
    subprocess.run([str(Path(sys.executable).with_name("upriver")), "review",
                    str(OUT / "review-game.json"), "--seed", "0", "--out", str(OUT)],
                   check=True, stdout=subprocess.DEVNULL)
    (OUT / "review-game-review.png").replace(OUT / "review-graph.png")
    (OUT / "review-game-review.json").unlink()
    (OUT / "review-game.json").unlink()
    print(f"{(OUT / 'review-graph.png').relative_to(ROOT)}")


def main() -> None:
    review_only = "--review-only" in sys.argv[1:]
    games_only = "--games-only" in sys.argv[1:]
    OUT.mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = subprocess.Popen(
            [str(Path(sys.executable).with_name("upriver")), "serve", "--host", "127.0.0.1",
             "--port", str(port), "--db", f"sqlite:///{tmp}/screenshots.db", "--bot-delay", "0",
             "--bot-workers", "1"],
            stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        try:
            wait_until_up(base, proc)
            pages = {} if review_only else {
                game: play(base, game, n, rng) for game, n in GAMES.items()}
            review_id = None if games_only else reviewed(base)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                            args=CHROMIUM_ARGS)
                if review_id is not None:
                    review_pictures(base, browser, review_id)
                for suffix, viewport in VIEWPORTS.items() if pages else ():
                    page = browser.new_page(viewport=viewport, **DEVICES[suffix])
                    for game, (game_id, token) in pages.items():
                        page.goto(f"{base}/games/{game_id}?seat=0&token={token}")
                        page.locator("#actions button.action").first.wait_for(
                            state="attached", timeout=20_000)
                        path = OUT / f"{game}{suffix}.png"
                        page.screenshot(path=str(path), full_page=True)
                        ply = page.locator("#board").get_attribute("data-ply")
                        print(f"{path.relative_to(ROOT)}: after {ply} decisions")
                    page.close()
                browser.close()
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


if __name__ == "__main__":
    main()
