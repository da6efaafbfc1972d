"""The web app (``upriver serve``): play in the browser against friends and bots."""

from __future__ import annotations

import socket

import uvicorn
from sqlalchemy.exc import OperationalError

import upriver
from upriver.server.app import create_app
from upriver.server.host import IDLE_SECONDS
from upriver.server.store import default_url

__all__ = ["create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *,
          bot_delay: float = 0.4, bot_workers: int | None = None,
          review_iters: int | None = None, idle_seconds: float = IDLE_SECONDS) -> None:
    """Run the web app until interrupted; prints the address to open."""
    _check_free(host, port)
    url = db or default_url()
    try:
        app = create_app(url, bot_delay=bot_delay, bot_workers=bot_workers,
                         review_iters=review_iters, idle_seconds=idle_seconds)
    except OperationalError as err:
        reason = " ".join(str(err.orig).split()) or type(err.orig).__name__
        raise ValueError(f"cannot open the database {_safe(url)}: {reason}") from None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(f"upriver is serving on http://{shown}:{port}/  (games kept in {_safe(url)})",
          flush=True)
    if not upriver.compiled():
        print("upriver: this is the pure-Python build, so bots think about 2-3 times slower "
              "(the compiled build needs a C compiler at install: README)", flush=True)
    # Open pages are given a few seconds to go when the server is stopped, not for ever.
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)


def _check_free(host: str, port: int) -> None:
    """A clear one-line error, before anything starts, when the address is taken."""
    try:
        with socket.create_server((host, port)):
            pass
    except OSError as err:
        raise ValueError(f"cannot listen on {host}:{port}: {err.strerror or err} "
                         "(choose another with --port)") from None


def _safe(url: str) -> str:
    """The URL without its password, for printing."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
