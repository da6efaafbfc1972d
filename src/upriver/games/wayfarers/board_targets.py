"""Which drawn piece of the Wayfarers table each decision is taken on.

A person plays by touching the piece a decision is about, as at the table: the die to place,
the Capital site or card a die goes on, the Worker space of a card, a card's Influence spot,
a Guild, a Journal space, an Upgrade Tile in the supply, a caravan cell, a draw pile, their
own Silver or Provisions. ``piece_of`` names that piece for every decision text the game
offers (``catalogue`` lists them all); the decisions that end a step ("done", "keep the other
dice"...) are ``PASSES``, left to buttons beside the board.

When one piece carries several decisions (a Worker space with a fee paid in Silver or in
Provisions, a die raised or lowered, a tile bought with Silver or with Influence), the piece
gets a small badge per decision, drawn next to it: ``badge`` says what the badge shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

PASSES: frozenset[str] = frozenset({"done", "end turn", "keep the other dice",
                                    "yellow: no second step", "no extra journal step"})

CARD = r"(?:[TLWSI]\d\d|Capital \w+)"
_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key) for pattern, key in (
        (r"^place die (\d)$", r"die:\1"),
        (r"^place die \d on (.+)$", r"card:\1"),
        (r"^refresh die on (.+)$", r"die-on:\1"),
        (r"^reroll (?:a (\d) kept in supply|die (\d))$", r"die:\1\2"),
        (r"^(?:modify die|caravan: die|yellow: die) (\d)(?: on)? to \d$", r"die:\1"),
        (r"^yellow: the die to place, (\d) to \d$", r"die:\1"),
        (r"^rest$", "rest"),
        (r"^use yellow influence$", "guild-use:yellow"),
        (r"^hire a ship", "guild-use:blue"),
        (r"^(black|yellow|blue) influence(?: \(from .+\))?$", r"guild:\1"),
        (r"^move influence \w+ to (\w+)$", r"guild:\1"),
        (r"^(?:black influence: )?journal (?:on )?to (\d+)$", r"journal:\1"),
        (r"^influence on (" + CARD + r")", r"influence:\1"),
        (r"^(?:place|retrieve) (green|yellow|blue) worker (?:on|from) (" + CARD + r")",
         r"worker:\2:\1"),
        (r"^(?:take|keep|discard) (" + CARD + r")", r"card:\1"),
        (r"^tuck " + CARD + r" (?:under|above) (.+)$", r"card:\1"),
        (r"^let the opponent .*?(" + CARD + r")(?: and gain .*)?$", r"card:\1"),
        (r"^deny: .*?(" + CARD + r")$", r"card:\1"),
        (r"^(?:pay [^>]+ -> )?draw \d+ (land|water)", r"pile:\1"),
        (r"^take tile ([\w-]+?)(?: face ([ab]))? \(", r"tile:\1:\2"),
        (r"^place tile at column (\d) row (\d)$", r"cell:\1:\2"),
        (r"^gain \d+ silver$", "silver"),
        (r"^(?:gain \d+ provisions?|pay .+ -> .+)$", "provisions"),
    ))


def core(action: str) -> str:
    """The decision without the part it is a step of ("... (of: basic tile | 2 silver)")."""
    return action.split(" (of: ")[0]


def piece_of(action: str) -> str:
    """The piece a decision is taken on ("die:3", "card:L01", "worker:L01:yellow"...), or
    "" for a decision no piece carries (a pass)."""
    text = core(action)
    for pattern, key in _RULES:
        m = pattern.search(text)
        if m:
            return m.expand(key)
    return ""


# A badge's look: (shape, label). Shapes: coin (Silver), sack (Provisions), disc-COLOUR
# (Influence of a Guild), up / down (a die's face), check / cross (a solo answer), pigeon,
# face (a tile's face), card (a card it comes from), die (a die placed), number (told
# apart by a sign or a count only).
Badge = tuple[str, str]


def badge(action: str) -> Badge:
    """What a badge for this decision shows: the thing that tells it from the decisions that
    share its piece."""
    text = core(action)
    amount = re.search(r"(\d+) (silver|provisions?|black influence|blue influence|"
                       r"yellow influence)", text.split(" -> ")[0].split(", the opponent")[0])
    if text.startswith("let the opponent"):
        gain = re.search(r"gain (\d+) (silver|provision)", text)
        return ("check", "" if gain is None else _resource(gain.group(2)) + gain.group(1))
    if text.startswith("deny:"):
        return ("cross", _resource(amount.group(2)) + amount.group(1) if amount else "")
    step = re.search(r"(\d) to (\d)$", text)
    if step and not text.startswith("journal"):
        return ("up" if step.group(2) > step.group(1) else "down", "")
    face = re.search(r" face ([ab]) ", text)
    price = re.search(r"\((\d+) (silver|black influence|blue influence)\)|\((free)\)", text)
    if face:
        return ("face", face.group(1) + (_price(price) if price else ""))
    if "(pigeon)" in text:
        return ("pigeon", "")
    if text.startswith("move influence"):
        return ("disc-" + text.split()[2], "\u2192")
    source = re.search(r"\(from (\w+)\)$", text)
    if source:
        return ("disc-" + source.group(1), "") if source.group(1) in (
            "black", "yellow", "blue") else ("card", source.group(1))
    if text.startswith("reroll"):
        return ("number", "\u27f3")
    if text.startswith("place die"):
        return ("die", "")
    if text.startswith("tuck"):
        return ("number", "\u2193" if " under " in text else "\u2191")
    if amount:
        return (_resource(amount.group(2)), amount.group(1))
    return ("number", "")


def _resource(word: str) -> str:
    if word.startswith("silver"):
        return "coin"
    if word.startswith("provision"):
        return "sack"
    return "disc-" + word.split()[0]


def _price(m: re.Match[str]) -> str:
    if m.group(3):
        return ""
    return " " + m.group(1) + {"silver": "$", "black influence": "k",
                                "blue influence": "b"}[m.group(2)]


@dataclass
class Targets:
    """The viewer's legal decisions sorted onto the pieces that carry them."""

    on: dict[str, list[str]] = field(default_factory=dict)
    drawn: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, legal: Iterable[str]) -> Targets:
        out = cls()
        for action in legal:
            if action in PASSES:
                continue
            out.on.setdefault(piece_of(action), []).append(action)
        return out

    def body(self, key: str) -> str | None:
        """The decision taken by touching the piece itself: its only one."""
        actions = self.on.get(key, [])
        if len(actions) == 1:
            self.drawn.add(key)
            return actions[0]
        return None

    def badges(self, key: str) -> list[tuple[Badge, str]]:
        """The decisions of a piece that carries more than one, each with its badge; two
        that would look alike are numbered."""
        actions = self.on.get(key, [])
        if len(actions) < 2:
            return []
        self.drawn.add(key)
        looks = [badge(a) for a in actions]
        out = []
        for i, (look, action) in enumerate(zip(looks, actions, strict=True)):
            if looks.count(look) > 1:
                look = (look[0], f"{look[1]}{looks[: i + 1].count(look)}")
            out.append((look, action))
        return out

    def left_over(self) -> list[str]:
        """Decisions whose piece was not drawn (none, in a correct drawing)."""
        return [a for key, actions in self.on.items() if key not in self.drawn
                for a in actions]
