"""Saving a game to resume it, and reading it back.

``upriver play`` saves in the replay format (``upriver-replay/1``: game, seats, seed, options,
decisions and the exact final state), so a save can be resumed with ``upriver play FILE`` and
stepped through with ``upriver replay FILE``. A plain ``Game.to_json`` save can be resumed too:
it has no seats or seed, so ``--players`` names the seats (default: a person in seat 0 and
random bots) and ``--seed`` seeds the bots.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import upriver
from upriver.core.errors import BadPosition
from upriver.core.game import Game

REPLAY_FORMAT = "upriver-replay/1"
PLAIN_FORMAT = "upriver-game/1"


@dataclass
class Saved:
    game: Game
    seats: list[str] | None  # None: a plain save, which does not say who sits where
    seed: int | None


def record(game: Game, seats: list[str], seed: int | None) -> dict[str, Any]:
    """What ``replay`` needs to rebuild the game step by step (the save alone has no seed)."""
    return {
        "format": REPLAY_FORMAT,
        "game": game.game_id,
        "players": seats,
        "seed": seed,
        "options": game.options,
        "history": [[s, a] for s, a in game.history],
        "final": json.loads(game.to_json()),
    }


def write(path: Path, game: Game, seats: list[str], seed: int | None) -> None:
    """Write the save through a temporary file, so a failure never leaves half a save; its
    folder is made when missing (``play`` checked before the game that it can be)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(record(game, seats, seed), indent=1) + "\n")
    tmp.replace(path)


def default_path(game_id: str, seed: int | None, folder: Path | None = None) -> Path:
    """``upriver-twelve-rivers-1234.json`` in the current folder, or ``-2``, ``-3``... when
    that name is taken, so no earlier save is overwritten."""
    folder = folder or Path()
    stem = f"upriver-{game_id}" + (f"-{seed}" if seed is not None else "")
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path


def read(path: str) -> Saved:
    """A game saved by ``upriver play`` or by ``Game.to_json``; a one-line ``BadPosition``
    for anything else."""
    raw = Path(path).read_bytes()
    try:
        data = json.loads(raw)
    except ValueError:
        raise BadPosition(f"{path}: not an upriver save (not JSON)") from None
    if not isinstance(data, dict):
        raise BadPosition(f"{path}: not an upriver save")
    if data.get("format") == REPLAY_FORMAT:
        try:
            seats = [str(s) for s in data["players"]]
            seed = None if data.get("seed") is None else int(data["seed"])
            final = data["final"]
        except (KeyError, TypeError, ValueError):
            raise BadPosition(f"{path}: not a readable upriver save") from None
        game = upriver.load_game(final if isinstance(final, str) else json.dumps(final))
        if game.num_players != len(seats):
            raise BadPosition(f"{path}: {len(seats)} seats named for a "
                              f"{game.num_players}-player game")
        return Saved(game, seats, seed)
    if data.get("format") == PLAIN_FORMAT:
        return Saved(upriver.load_game(raw.decode("utf-8", "replace")), None, None)
    raise BadPosition(f"{path}: not an upriver save (no {REPLAY_FORMAT} or {PLAIN_FORMAT} "
                      "format)")
