"""The web app (``upriver serve``): play in the browser against friends and bots."""

from __future__ import annotations

import uvicorn
from sqlalchemy.exc import OperationalError

from upriver.server.app import create_app
from upriver.server.store import default_url

__all__ = ["create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *,
          bot_delay: float = 0.4, bot_workers: int | None = None) -> None:
    """Run the web app until interrupted; prints the address to open."""
    url = db or default_url()
    try:
        app = create_app(url, bot_delay=bot_delay, bot_workers=bot_workers)
    except OperationalError as err:
        reason = " ".join(str(err.orig).split()) or type(err.orig).__name__
        raise ValueError(f"cannot open the database {_safe(url)}: {reason}") from None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(f"upriver is serving on http://{shown}:{port}/  (games kept in {_safe(url)})",
          flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")


def _safe(url: str) -> str:
    """The URL without its password, for printing."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
