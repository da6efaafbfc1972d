"""Fixtures for the browser tests: an ``upriver serve`` process and Debian's chromium.

The server runs as its own process on a free loopback port with a temporary SQLite file, so a
test can stop it and start it again on the same port and database. The browser is the system's
chromium; nothing is downloaded. Without it the tests are skipped, except under CI (``CI`` set),
where they must run.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, expect, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
UPRIVER = Path(sys.executable).with_name("upriver")
START_TIMEOUT = 30.0
STOP_TIMEOUT = 10.0
# Playwright's longest wait for any one step or expectation, in milliseconds.
STEP_TIMEOUT_MS = 20_000
expect.set_options(timeout=STEP_TIMEOUT_MS)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """One ``upriver serve`` process that can be stopped and started again as it was."""

    def __init__(self, db: Path, port: int, *, bot_delay: float, log: Path,
                 review_iters: int | None = None, idle_minutes: float | None = None) -> None:
        self.db = db
        self.port = port
        self.bot_delay = bot_delay
        self.log = log
        self.review_iters = review_iters
        self.idle_minutes = idle_minutes
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        assert self.proc is None, "the server is already running"
        command = [str(UPRIVER), "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--db", f"sqlite:///{self.db}", "--bot-delay", str(self.bot_delay),
                   "--bot-workers", "1"]
        if self.review_iters:
            command += ["--review-iters", str(self.review_iters)]
        if self.idle_minutes:
            command += ["--idle-minutes", str(self.idle_minutes)]
        with self.log.open("ab") as out:
            # A session of its own, so stopping it also ends its bot worker processes.
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"upriver serve exited with {self.proc.returncode}:\n"
                                   + self.log.read_text(errors="replace"))
            try:
                self.api("GET", "/api/catalog")
                return
            except (OSError, urllib.error.URLError):
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"upriver serve did not answer within {START_TIMEOUT} s:\n"
                           + self.log.read_text(errors="replace"))

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(STOP_TIMEOUT)
        # Whatever is left of the server's own process group (bot workers) goes too.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)

    def restart(self) -> None:
        self.stop()
        self.start()

    def api(self, method: str, path: str, body: Any = None) -> Any:
        """The JSON answer of one API call; an error status raises ``HTTPError``."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())


ServerFactory = Callable[..., Server]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerFactory]:
    """Start servers with ``server(bot_delay=..., review_iters=...)``; every one is stopped at
    teardown."""
    started: list[Server] = []

    def start(bot_delay: float = 0.0, review_iters: int | None = None,
              idle_minutes: float | None = None) -> Server:
        n = len(started)
        srv = Server(tmp_path / f"upriver-{n}.db", free_port(), bot_delay=bot_delay,
                     log=tmp_path / f"server-{n}.log", review_iters=review_iters,
                     idle_minutes=idle_minutes)
        started.append(srv)
        srv.start()
        return srv

    yield start
    for srv in started:
        srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is not installed (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests, but {message}", pytrace=False)
        pytest.skip(message)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                    args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def new_context(browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """Fresh browser contexts (separate storage, like separate people), closed at teardown."""
    contexts: list[BrowserContext] = []

    def make(width: int = 1400, height: int = 900, **options: Any) -> BrowserContext:
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        context.set_default_timeout(STEP_TIMEOUT_MS)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
