"""The web app (``upriver serve``): play in the browser against friends and bots."""

from __future__ import annotations

import json
import os
import socket

import uvicorn
from sqlalchemy.exc import OperationalError

import upriver
from upriver.server.app import SETTINGS, create_app, from_environment
from upriver.server.host import IDLE_SECONDS
from upriver.server.logs import setup as setup_logs
from upriver.server.store import default_url

__all__ = ["create_app", "from_environment", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *,
          bot_delay: float = 0.4, bot_workers: int | None = None,
          review_iters: int | None = None, idle_seconds: float = IDLE_SECONDS,
          workers: int = 1, log_format: str = "text") -> None:
    """Run the web app until interrupted; prints the address to open. With ``workers`` above
    one, that many server processes share the address (uvicorn's workers), on a PostgreSQL
    database: they hear each other's changes as separate servers do."""
    _check_free(host, port)
    url = db or default_url()
    if workers > 1 and not url.startswith(("postgresql", "postgres://")):
        raise ValueError("several workers need a PostgreSQL database (--db postgresql://...): "
                         "an SQLite file belongs to one server process")
    setup_logs(log_format)
    settings = {"db": url, "bot_delay": bot_delay, "bot_workers": bot_workers,
                "review_iters": review_iters, "idle_seconds": idle_seconds}
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
    if workers == 1:
        uvicorn.run(app, host=host, port=port, log_level="warning",
                    timeout_graceful_shutdown=5)
        return
    # Each worker process builds its own app from the same settings (the schema is already
    # migrated by the app made above).
    os.environ[SETTINGS] = json.dumps({**settings, "log_format": log_format})
    uvicorn.run("upriver.server.app:from_environment", factory=True, workers=workers,
                host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)


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
