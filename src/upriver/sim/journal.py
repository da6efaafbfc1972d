"""A study's journal: each finished game written down as it ends, so a long study that is
stopped (a machine restarted, Ctrl-C) goes on from where it stopped instead of from game 0.

The journal is a JSON-lines file. Its first line names the study (everything of ``SimConfig``
but the number of games); each further line is one game's result. Game ``i`` depends only on
the study and ``i`` (``runner``), so games kept from an earlier run are exactly the games a new
run would play, and a study asked for more games than before keeps the ones it has.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import IO, Any

from upriver.core.errors import BadOption
from upriver.sim.study import SimConfig


def journal_for(out: Path) -> Path:
    """Where the journal of a study written to ``out`` is kept while the study runs."""
    return out.with_name(out.name + ".games.jsonl")


def _identity(config: SimConfig) -> dict[str, Any]:
    study = asdict(config)
    study.pop("games")
    study["players"] = list(study["players"])
    return study


def played(path: Path, config: SimConfig) -> dict[int, dict[str, Any]]:
    """The games of ``config`` the journal at ``path`` already holds, by index (none if there is
    no journal). A journal of another study is refused rather than mixed in or overwritten; a
    last line cut short by a stop mid-write is dropped (that game is played again)."""
    if not path.exists():
        return {}
    lines = path.read_text().splitlines()
    try:
        head = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        head = None
    if not isinstance(head, dict) or "study" not in head:
        raise BadOption(f"{path}: not a study's journal; move it away to start the study over")
    if head["study"] != _identity(config):
        raise BadOption(f"{path}: holds the games of another study; delete it to start over, "
                        "or run that study to finish it")
    games: dict[int, dict[str, Any]] = {}
    for line in lines[1:]:
        try:
            result = json.loads(line)
        except json.JSONDecodeError:
            continue  # cut short when the study stopped
        index = result.get("index") if isinstance(result, dict) else None
        if isinstance(index, int) and 0 <= index < config.games:
            games[index] = result
    return games


def _ends_a_line(path: Path) -> bool:
    with path.open("rb") as f:  # its last byte only: a journal may hold thousands of games
        f.seek(-1, 2)
        return f.read(1) == b"\n"


class Journal:
    """Appends each finished game to the journal at ``path`` (started if missing)."""

    def __init__(self, path: Path, config: SimConfig) -> None:
        self.path = path
        fresh = not path.exists() or path.stat().st_size == 0
        cut = not fresh and not _ends_a_line(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file: IO[str] = path.open("a")
        if fresh:
            self._write({"study": _identity(config)})
        elif cut:  # end the line a stop cut short, so the next game starts a line of its own
            self._file.write("\n")

    def _write(self, record: dict[str, Any]) -> None:
        # One line and a flush per game: a stop loses at most the game being written.
        self._file.write(json.dumps(record, separators=(",", ":")) + "\n")
        self._file.flush()

    def add(self, results: list[dict[str, Any]]) -> None:
        for result in results:
            self._write(result)

    def close(self) -> None:
        self._file.close()
