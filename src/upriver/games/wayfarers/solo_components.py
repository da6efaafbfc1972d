"""The solo opponent's components, read from ``data/solo.toml``: the six Scheme cards, the four
AI boards with their caravans, and the Resource Track (rulebook 004, "Solo Play"; checklist
WF-SOLO-02, -09, -10, -16, -17, -22, -27, -30, -51).

The opponent's actions are written in a small language of their own (see the data file's
header); each compiles to a tuple of ``(operation, parameter)`` steps done in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from upriver.core.component_files import component_error, load_toml
from upriver.games.wayfarers.components import DATA
from upriver.games.wayfarers.effects import CARD_TYPES, GUILDS

# Operations of the opponent.
(ACQUIRE, TILE, SPECIAL_TILE, COMET, INFLUENCE, CARD_INFLUENCE, JOURNAL, FOCUS, WORKER,
 GREEN_WORKER, RETRIEVE, TRACK) = range(12)
ANY = -1  # a tile colour or Guild the opponent picks by its colour order
BLACK, BLUE, YELLOW, GREEN = range(4)  # the colour order's colours (WF-SOLO-23)
COLOURS = ("black", "blue", "yellow", "green")

Step = tuple[int, int]


@dataclass(frozen=True)
class Scheme:
    id: str
    red: bool
    silver: int  # Resource Track steps on reveal
    cost: tuple[int, int]  # (Guild, Influence) the first action spends; (-1, 0) none
    first: tuple[Step, ...]
    second: tuple[Step, ...]
    special_slot: int  # the Special tile slot it prefers (1-10)
    comet: bool


@dataclass(frozen=True)
class AiBoard:
    name: str
    focus: tuple[Step, ...]
    rest: tuple[Step, ...]
    bonus: tuple[Step, ...]
    caravan: tuple[tuple[Step, ...], ...]  # 21 cells, top row first, 7 per row


@dataclass(frozen=True)
class Solo:
    schemes: tuple[Scheme, ...]
    boards: tuple[AiBoard, ...]
    track_colours: tuple[int, ...]  # per Resource Track space: a colour of ``COLOURS``
    track_inspiration: tuple[int, ...]  # per space: first preferred card, from the top
    bonus_space: int
    comet_max: int
    slot_orders: tuple[tuple[int, ...], ...]  # per sum value 1-4: slots 1-4 in order


_WORDS: dict[str, Step] = {
    **{f"{t} card": (ACQUIRE, i) for i, t in enumerate(CARD_TYPES)},
    "tile": (TILE, ANY), "special tile": (SPECIAL_TILE, 0), "comet": (COMET, 0),
    **{f"{g} influence": (INFLUENCE, i) for i, g in enumerate(GUILDS)},
    "any influence": (INFLUENCE, ANY), "card influence": (CARD_INFLUENCE, 0),
    "journal": (JOURNAL, 0), "focus": (FOCUS, 0),
    "worker green": (WORKER, 1 << 0), "worker green/yellow": (WORKER, 1 << 0 | 1 << 1),
    "worker green/blue": (WORKER, 1 << 0 | 1 << 2),
}


def compile_steps(text: str, where: str) -> tuple[Step, ...]:
    """``a & b & c`` into steps; the empty text is no step."""
    if not text.strip():
        return ()
    out = []
    for word in text.split("&"):
        word = " ".join(word.split())
        if word not in _WORDS:
            raise component_error(where, f"unknown opponent operation {word!r}")
        out.append(_WORDS[word])
    return tuple(out)


def _scheme(raw: dict[str, object], where: str) -> Scheme:
    first = str(raw["first"])
    cost = (-1, 0)
    if "->" in first:
        pay, first = (x.strip() for x in first.split("->", 1))
        words = pay.split()
        if (len(words) != 4 or words[0] != "pay" or words[2] not in GUILDS
                or words[3] != "influence"):
            raise component_error(where, f"cannot read the cost {pay!r}")
        cost = (GUILDS.index(words[2]), int(words[1]))
    colour = str(raw["colour"])
    if colour not in ("red", "blue"):
        raise component_error(where, f"a Scheme card is red or blue, not {colour!r}")
    return Scheme(str(raw["id"]), colour == "red", int(str(raw["silver"])), cost,
                  compile_steps(first, where), compile_steps(str(raw["second"]), where),
                  int(str(raw["special_slot"])), bool(raw["comet"]))


@cache
def load_solo() -> Solo:
    raw = load_toml(DATA / "solo.toml")
    schemes = tuple(_scheme(s, f"solo.toml scheme {s.get('id')}") for s in raw["scheme"])
    if len(schemes) != 6 or sum(s.red for s in schemes) != 3:
        raise component_error("solo.toml", "the game has 6 Scheme cards, 3 of them red")
    boards = []
    for b in raw["board"]:
        where = f"solo.toml board {b.get('name')}"
        rows = b["caravan"]
        if len(rows) != 3 or any(len(r) != 7 for r in rows):
            raise component_error(where, "an AI caravan is 7 cells wide and 3 high")
        cells = tuple(compile_steps(cell, where) for row in rows for cell in row)
        boards.append(AiBoard(str(b["name"]), compile_steps(b["focus"], where),
                              compile_steps(b["rest"], where), compile_steps(b["bonus"], where),
                              cells))
    if len(boards) != 4:
        raise component_error("solo.toml", f"{len(boards)} AI boards, the game has 4")
    track = raw["track"]
    colours = tuple(COLOURS.index(c) for c in track["colours"])
    inspiration = tuple(int(x) for x in track["inspiration"])
    if len(colours) != 8 or len(inspiration) != 8 or not all(2 <= x <= 4 for x in inspiration):
        raise component_error("solo.toml", "the Resource Track has 8 spaces, each preferring "
                              "the 2nd, 3rd or 4th Inspiration card")
    orders = tuple(tuple(int(x) for x in o) for o in track["slot_orders"])
    if len(orders) != 4 or any(sorted(o) != [1, 2, 3, 4] for o in orders):
        raise component_error("solo.toml", "a slot order per sum value 1-4, each of slots 1-4")
    return Solo(schemes, tuple(boards), colours, inspiration, int(track["bonus_space"]),
                int(track["comet_max"]), orders)
