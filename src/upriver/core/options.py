"""Game options: each declares its default, its allowed values or range, and the values of other
options it needs; a set of options is checked as a whole wherever it enters (the Python API,
positions, save files, the command line, the web).

Values arrive typed (Python, JSON, TOML) or as text (``--option family=true``); each is read into
the option's own type, so ``family=1`` is stored as ``True`` and ``edition=2022`` as ``"2022"``.
Every refusal is one ``BadOption`` line that prints values as a person types them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from upriver.core.errors import BadOption

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def shown(value: Any) -> str:
    """A value as a person would type it: ``true``, ``2022``, ``"1 per resource"``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        if not value.isprintable():  # a newline or a control character stays on one line
            return '"' + value.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'
        if value == "" or any(ch in value for ch in ' ,"=') or value != value.strip():
            return '"' + value.replace('"', '\\"') + '"'
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, int | float):
        return str(value)
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def whole_number_range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number of at least {low}"
    if high is not None:
        return f"a whole number of at most {high}"
    return "a whole number"


@dataclass(frozen=True)
class Option:
    """One game option.

    ``choices`` lists the allowed values (empty: any value of the default's type, within
    ``minimum``..``maximum`` for a whole number). ``requires`` names other options' values that a
    non-default value of this one needs (``family=true`` needs ``edition=2022``).
    """

    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""
    requires: tuple[tuple[str, Any], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    allowed: str = ""  # how to describe a free-form value ("a TOML file path")
    pattern: str = ""  # a free-form text value must match this whole (case ignored)
    players: tuple[int, ...] = ()  # the player counts a non-default value is for (): any

    def __post_init__(self) -> None:
        kind = type(self.default)
        if kind not in (bool, int, str):
            raise TypeError(f"an option's default must be a bool, int or str, not {kind}")
        if self.choices and self.default not in self.choices:
            raise ValueError("an option's default must be one of its choices")
        if (self.minimum is not None or self.maximum is not None) and kind is not int:
            raise ValueError("only a whole-number option has a range")

    @property
    def kind(self) -> type:
        return type(self.default)

    def describe(self) -> str:
        """The allowed values in one short phrase (``upriver games``, docs)."""
        if self.allowed:
            return self.allowed
        if self.kind is bool:
            return "true or false"
        if self.choices:
            return "one of " + ", ".join(shown(c) for c in self.choices)
        if self.kind is int:
            return whole_number_range(self.minimum, self.maximum)
        return "any text"

    def parse(self, name: str, value: Any) -> Any:
        """``value`` read into this option's type, or a one-line ``BadOption``."""
        if self.kind is bool:
            return self._parse_bool(name, value)
        if self.kind is int:
            return self._parse_int(name, value)
        return self._parse_str(name, value)

    def _parse_bool(self, name: str, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        if isinstance(value, str):
            low = value.strip().lower()
            if low in _TRUE:
                return True
            if low in _FALSE:
                return False
        raise BadOption(f"option {name} must be true or false, not {shown(value)}")

    def _parse_int(self, name: str, value: Any) -> int:
        number: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, float) and value.is_integer():
            number = int(value)
        elif isinstance(value, str):
            text = value.strip()
            if text.lstrip("+-").isdigit() and text.isascii():
                number = int(text)
        if number is None:
            raise BadOption(f"option {name} must be {self.describe()}, not {shown(value)}")
        if (self.choices and number not in self.choices) or (
            self.minimum is not None and number < self.minimum) or (
            self.maximum is not None and number > self.maximum):
            raise BadOption(f"option {name} must be {self.describe()}, not {shown(value)}")
        return number

    def _parse_str(self, name: str, value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)  # edition=2022 given as a number
        if not isinstance(value, str):
            raise BadOption(f"option {name} must be {self.describe()}, not {shown(value)}")
        if self.choices:
            text = value.strip()
            for choice in self.choices:
                if text == choice or text.lower() == str(choice).lower():
                    return str(choice)
            raise BadOption(f"option {name} must be {self.describe()}, not {shown(value)}")
        if self.pattern:
            text = value.strip().lower()
            if not re.fullmatch(self.pattern, text):
                raise BadOption(f"option {name} must be {self.describe()}, not {shown(value)}")
            return text
        return value


def _pair(name: str, value: Any) -> str:
    return f"{name}={shown(value)}"


def check_options(game_id: str, options: Mapping[str, Option],
                  given: Mapping[str, Any], players: int | None = None) -> dict[str, Any]:
    """All of a game's options, with defaults filled in and every value checked, or a one-line
    ``BadOption``.

    Requirements are resolved together: an option not given takes the value that the options
    given need (``family=true`` alone selects ``edition=2022``); two options needing different
    values of a third, or a given value that another option rules out, are refused naming both.
    """
    if not isinstance(given, Mapping):
        raise BadOption(f"{game_id} options must be a table of name = value, not {shown(given)}")
    for name in given:
        if name not in options:
            known = ", ".join(sorted(options)) or "none"
            raise BadOption(f"{game_id} has no option {shown(name)} (options: {known})")
    filled = {name: opt.parse(name, given[name]) if name in given else opt.default
              for name, opt in options.items()}
    for name, opt in options.items():
        if players is not None and opt.players and players not in opt.players \
                and filled[name] != opt.default:
            counts = " or ".join(str(n) for n in opt.players)
            raise BadOption(f"{_pair(name, filled[name])} is for {counts} player"
                            f"{'s' if opt.players != (1,) else ''}, not {players}")
    # who needs what: option -> (value, the "name=value" that needs it)
    needs: dict[str, tuple[Any, str]] = {}
    for _ in range(len(options) + 1):  # implied values may carry requirements of their own
        changed = False
        for name, opt in options.items():
            if filled[name] == opt.default:
                continue
            for other, value in opt.requires:
                who = _pair(name, filled[name])
                if other in needs and needs[other][0] != value:
                    first, by = needs[other]
                    raise BadOption(f"{by} needs {_pair(other, first)}, but {who} needs "
                                    f"{_pair(other, value)}")
                needs.setdefault(other, (value, who))
        for other, (value, who) in needs.items():
            if filled[other] == value:
                continue
            if other in given:
                raise BadOption(f"{who} needs {_pair(other, value)}, not "
                                f"{_pair(other, filled[other])}")
            filled[other] = value
            changed = True
        if not changed:
            return filled
    raise AssertionError("option requirements do not settle")  # pragma: no cover
