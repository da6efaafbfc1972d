"""A position's TOML text, read and written: the part every game's position format shares."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any, TypeVar

from upriver.core.errors import BadOption, BadPosition
from upriver.core.options import check_options
from upriver.core.registry import rules_for

T = TypeVar("T")


def read_position(game_id: str, text: str, keys: set[str]) -> tuple[dict[str, Any], int,
                                                                     dict[str, Any]]:
    """The parsed table, its player count and its options (defaults filled in); a bad text,
    an unknown key, a bad player count or a bad option raises ``BadPosition``."""
    try:
        d = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadPosition(f"position is not valid TOML: {exc}") from None
    unknown = set(d) - keys - {"players", "options", "random"}
    if unknown:
        raise BadPosition(f"position has unknown key(s): {', '.join(sorted(unknown))}")
    rules = rules_for(game_id)
    players = d.get("players")
    if players not in rules.players:
        allowed = ", ".join(str(p) for p in rules.players)
        raise BadPosition(f"position needs players = {allowed}")
    try:
        options = check_options(game_id, rules.options, d.get("options", {}), int(players))
    except BadOption as exc:
        raise BadPosition(str(exc)) from None
    return d, int(players), options


def build_position(build: Callable[[], T]) -> T:
    """``build()``, with a missing or malformed entry of the position turned into
    ``BadPosition``."""
    try:
        return build()
    except BadPosition:
        raise
    except (KeyError, ValueError, TypeError, IndexError) as exc:
        raise BadPosition(f"position: {exc}") from None


# Writing: a game's ``position.write`` returns the table and ``write_toml`` spells it. The
# standard library reads TOML but does not write it, and the game packages take no dependency;
# positions use a small part of TOML (ints, booleans, strings, lists, tables), spelled here.

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def write_toml(table: dict[str, Any]) -> str:
    """``table`` as TOML text that ``tomllib`` reads back equal: plain values first, then each
    sub-table as a ``[section]`` and each list of tables as ``[[section]]`` entries."""
    lines: list[str] = []
    _section(lines, table, ())
    return "\n".join(lines).strip("\n") + "\n"


def _section(lines: list[str], table: dict[str, Any], path: tuple[str, ...]) -> None:
    subs = [(k, v) for k, v in table.items() if isinstance(v, dict) and path == ()]
    arrays = [(k, v) for k, v in table.items() if path == () and isinstance(v, list) and v
              and all(isinstance(x, dict) for x in v)]
    nested = {k for k, _ in subs} | {k for k, _ in arrays}
    for key, value in table.items():
        if key not in nested:
            lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in subs:
        lines.extend(("", f"[{_key(key)}]"))
        _section(lines, value, (*path, key))
    for key, entries in arrays:
        for entry in entries:
            lines.extend(("", f"[[{_key(key)}]]"))
            _section(lines, entry, (*path, key))


def _key(key: str) -> str:
    return key if key and set(key) <= _BARE else _string(key)


def _string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"a position holds no {type(value).__name__}")


def write_random(state: int) -> str:
    """The generator's state as a position writes it (``random = "0x..."``): hexadecimal text,
    as TOML's integers stop at 2**63 and the state runs to 2**64."""
    return f"{state:#018x}"


def read_random(d: dict[str, Any]) -> int | None:
    """The generator state a position's ``random`` key gives (``None`` without one: the
    position's ``seed`` starts the stream)."""
    if "random" not in d:
        return None
    text = d["random"]
    try:
        value = int(text, 16) if isinstance(text, str) else -1
    except ValueError:
        value = -1
    if not 0 <= value < 1 << 64:
        raise BadPosition('random must be the generator state as hexadecimal text, "0x..." '
                          "below 2**64")
    return value
