"""Screenshots of the web app's game page for the docs: docs/screenshots/<game>.png at desktop
width (1280 px) and <game>-phone.png at a phone's (390 px).

Starts ``upriver serve`` on a free loopback port with a temporary database, plays one 4-player
game of each game part way through the API (all seats people with names, random legal decisions
from a fixed seed), then photographs seat 0's page in Debian's chromium on seat 0's turn.

Usage: .venv/bin/python scripts/screenshots.py
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
GAMES = {"twelve-rivers": 60, "the-river": 50}
SEED = 7
NAMES = ["Ana", "Bruno", "Chloé", "Dara"]
VIEWPORTS = {"": {"width": 1280, "height": 900}, "-phone": {"width": 390, "height": 844}}


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


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = subprocess.Popen(
            [str(Path(sys.executable).with_name("upriver")), "serve", "--host", "127.0.0.1",
             "--port", str(port), "--db", f"sqlite:///{tmp}/screenshots.db", "--bot-delay", "0",
             "--bot-workers", "0"],
            stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        try:
            wait_until_up(base, proc)
            pages = {game: play(base, game, n, rng) for game, n in GAMES.items()}
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                            args=CHROMIUM_ARGS)
                for suffix, viewport in VIEWPORTS.items():
                    page = browser.new_page(viewport=viewport)
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
