"""The server's log: one line per event on standard error, as text for a person or as JSON
for a log collector (``upriver serve --log-format json``). A line about a game names it in a
field of its own (``game``), so a collector can follow one game across server processes."""

from __future__ import annotations

import datetime as dt
import json
import logging
import os

FORMATS = ("text", "json")
FIELDS = ("game", "seat")  # the ``extra`` fields a line may carry


class JsonLines(logging.Formatter):
    """A record as one JSON object: time (UTC, ISO 8601), level, logger, process, message,
    the game fields it carries, and the traceback of an exception."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(),
            "level": record.levelname.lower(),
            "logger": record.name,
            "process": os.getpid(),
            "message": record.getMessage(),
        }
        for name in FIELDS:
            if hasattr(record, name):
                line[name] = getattr(record, name)
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def setup(form: str = "text", level: int = logging.INFO) -> None:
    """Send upriver's log lines to standard error in ``form`` ("text" or "json")."""
    if form not in FORMATS:
        raise ValueError(f"log format must be {' or '.join(FORMATS)}, not {form!r}")
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLines() if form == "json" else logging.Formatter(
        "%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger = logging.getLogger("upriver")
    logger.handlers[:] = [handler]
    logger.setLevel(level)
    logger.propagate = False
