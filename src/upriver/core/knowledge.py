"""What each seat may know, field by field: every game lists every field of its state with who
may know it (``view.KNOWLEDGE``), and its rulings document prints the same list.

A field is one of:

- ``public``: every seat and every spectator knows it, at every moment;
- ``public while``: everyone knows it while the position gives it a meaning (a step of the
  game), and nobody needs it otherwise (it keeps a value from earlier that no rule reads);
- ``own``: a flat list of per-seat slices (``width`` numbers each): a seat knows its own slice,
  everyone knows each slice's total (how many cards a hand holds, say);
- ``size``: everyone knows how many there are, nobody what they are or in which order;
- ``hidden``: nobody knows it (the game's random stream);
- ``derived``: it follows from other fields and is kept only to save work; it tells nobody
  anything the other fields do not;
- ``own rule``: the game spells out what each seat knows of it (``seen``), for the few fields
  whose rule is none of the above (a pile whose bottom cards were seen, a step played at once).

``known(table, st, seat)`` is everything ``seat`` may know (``None``: a spectator), as one
comparable value. The views, ``determinize`` and the log follow the table; the conformance
suite checks the views against it, field by field: changing a field changes a seat's view
exactly when it changes what that seat may know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

PUBLIC = "public"
PUBLIC_WHILE = "public while"
OWN = "own"
SIZE = "size"
HIDDEN = "hidden"
DERIVED = "derived"
OWN_RULE = "own rule"
KINDS = (PUBLIC, PUBLIC_WHILE, OWN, SIZE, HIDDEN, DERIVED, OWN_RULE)

Seen = Callable[[Any, int | None], object]


@dataclass(frozen=True)
class Field:
    """One field of a game's state and who may know it.

    ``shown`` says where the views show it (or why they need not), ``why`` gives the rule:
    the rulebook's words where there are some. ``meaningful(st)`` says when a ``public while``
    field means something; ``seen(st, seat)`` is an ``own rule`` field's knowledge."""

    name: str
    kind: str
    shown: str
    why: str
    width: int = 0
    meaningful: Callable[[Any], bool] | None = None
    while_text: str = ""  # the moment a "public while" field means something, in words
    seen: Seen | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: unknown kind {self.kind!r}")
        if (self.kind == PUBLIC_WHILE) != (self.meaningful is not None):
            raise ValueError(f"{self.name}: 'public while' and only it needs meaningful()")
        if (self.kind == OWN_RULE) != (self.seen is not None):
            raise ValueError(f"{self.name}: 'own rule' and only it needs seen()")
        if (self.kind == OWN) != (self.width > 0):
            raise ValueError(f"{self.name}: 'own' and only it needs a slice width")


def public(name: str, shown: str, why: str = "on the table for all to see") -> Field:
    return Field(name, PUBLIC, shown, why)


def public_while(name: str, when: str, meaningful: Callable[[Any], bool], shown: str,
                 why: str = "part of the decision under way, in full view") -> Field:
    return Field(name, PUBLIC_WHILE, shown, why, meaningful=meaningful, while_text=when)


def own(name: str, width: int, shown: str, why: str) -> Field:
    return Field(name, OWN, shown, why, width=width)


def size(name: str, shown: str, why: str) -> Field:
    return Field(name, SIZE, shown, why)


def hidden(name: str, why: str) -> Field:
    return Field(name, HIDDEN, "nowhere", why)


def derived(name: str, shown: str, why: str) -> Field:
    return Field(name, DERIVED, shown, why)


def own_rule(name: str, seen: Seen, shown: str, why: str) -> Field:
    return Field(name, OWN_RULE, shown, why, seen=seen)


def _sizes(value: Any) -> object:
    if isinstance(value, list) and value and isinstance(value[0], list):
        return tuple(len(x) for x in value)
    return len(value)


def _frozen(value: Any) -> object:
    if isinstance(value, list):
        return tuple(_frozen(x) for x in value)
    return value


def field_seen(f: Field, st: Any, seat: int | None) -> object:
    """What ``seat`` knows of one field (``None``: nothing)."""
    if f.kind == OWN_RULE:
        assert f.seen is not None
        return _frozen(f.seen(st, seat))
    value = getattr(st, f.name)
    if f.kind == PUBLIC:
        return _frozen(value)
    if f.kind == PUBLIC_WHILE:
        assert f.meaningful is not None
        return _frozen(value) if f.meaningful(st) else None
    if f.kind == OWN:
        w = f.width
        totals = tuple(sum(value[i : i + w]) for i in range(0, len(value), w))
        mine = None if seat is None else tuple(value[seat * w : seat * w + w])
        return totals, mine
    if f.kind == SIZE:
        return _sizes(value)
    return None  # hidden, derived


def known(table: Sequence[Field], st: Any, seat: int | None) -> tuple[object, ...]:
    """Everything ``seat`` may know of the position, field by field, as the table says."""
    return tuple(field_seen(f, st, seat) for f in table)


def state_fields(st: Any) -> list[str]:
    """Every field of a plain-data state (``upriver.core.plain_state``), the stream included."""
    return ["rng", *st.list_fields, *st.cow_fields, *st.shared_fields, *st.nested_fields,
            *st.scalar_fields]


def check_table(table: Sequence[Field], st: Any) -> None:
    """Every field of the state is listed exactly once, and nothing else is."""
    names = [f.name for f in table]
    doubles = sorted({n for n in names if names.count(n) > 1})
    if doubles:
        raise ValueError(f"listed twice: {', '.join(doubles)}")
    missing = set(state_fields(st)) - set(names)
    extra = set(names) - set(state_fields(st))
    if missing or extra:
        raise ValueError(f"state fields not listed: {sorted(missing)}; "
                         f"listed but not fields: {sorted(extra)}")


def table_rows(table: Sequence[Field]) -> list[str]:
    """The table as Markdown rows, as each game's rulings document prints it."""
    rows = ["| field | who may know it | where the views show it | why |",
            "|---|---|---|---|"]
    for f in table:
        who = f"public {f.while_text}" if f.kind == PUBLIC_WHILE else f.kind
        rows.append(f"| `{f.name}` | {who} | {f.shown} | {f.why} |")
    return rows
