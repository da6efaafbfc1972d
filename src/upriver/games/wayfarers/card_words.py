"""A Wayfarers card told in plain words, for the board's tooltips: what it is, what it costs,
what it needs and what it gives, as a player reads the printed card."""

from __future__ import annotations

import re
from typing import Any

_KINDS = {"townsfolk": "Townsfolk card", "city": "Land card, a City",
          "vista": "Land card, a Vista", "harbour": "Water card, a Harbour",
          "open_water": "Water card, an Open Water", "space": "Space card",
          "inspiration": "Inspiration card"}
_SCORES = {"city": "a City", "vista": "a Vista", "harbour": "a Harbour",
           "open_water": "an Open Water"}


def tag_words(tags: list[str]) -> str:
    """Tags as a player says them: "City, Observatory"."""
    return ", ".join(t.replace("_", " ").title() for t in tags)


def _or(words: list[str]) -> str:
    words = [w.replace("_", " ") for w in words]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


_THINGS = {"city": "City", "vista": "Vista", "harbour": "Harbour", "open_water": "Open Water",
           "library": "Library", "observatory": "Observatory", "planet": "Planet",
           "comet": "Comet", "stars": "Stars", "sun": "Sun", "moon": "Moon",
           "basic_tiles": "Basic tile", "land_tiles": "Land tile", "water_tiles": "Water tile",
           "space_tiles": "Space tile", "inspiration_cards": "Inspiration card",
           "townsfolk_cards": "Townsfolk card", "townsfolk": "Townsfolk card",
           "space_cards": "Space card",
           "land_cards": "Land card", "water_cards": "Water card", "silver": "Silver",
           "provisions": "Provisions", "black": "Black Influence",
           "yellow": "Yellow Influence", "blue": "Blue Influence"}


def effect(text: str) -> str:
    """An effect as the card reads: "a | b" is a choice, "a & b" both, "pay X -> Y" a price
    and what it buys."""
    text = text.replace(" & ", " and ").replace(" | ", " or ")
    return text.replace(" -> ", " \u2192 ")


def _thing(word: str) -> str:
    return _THINGS.get(word, word.replace("_", " "))


def _score(text: str) -> str:
    """A Space card's scoring formula in words."""
    if m := re.fullmatch(r"(\d+) \+ \((\w+) // 2\)", text):
        return f"{m.group(1)} VP, plus 1 VP per 2 {_thing(m.group(2))} in its Guild"
    if m := re.fullmatch(r"(\d+) \+ (\w+)", text):
        return f"{m.group(1)} VP, plus 1 VP per {_thing(m.group(2))}"
    if m := re.fullmatch(r"(\d+) if comet_lead else (\d+)", text):
        return (f"{m.group(2)} VP, or {m.group(1)} VP if you have more Comets than each "
                f"other player")
    if m := re.fullmatch(r"(\d+) if (\w+) else (\d+)", text):
        return f"{m.group(3)} VP, or {m.group(1)} VP if you also have the {_thing(m.group(2))}"
    if m := re.fullmatch(r"min\(([\w, ]+)\)( \* (\d+))?", text):
        parts = " + ".join(_thing(w.strip()) for w in m.group(1).split(","))
        return f"{m.group(3) or 1} VP per set of {parts}"
    return f"1 VP per {_thing(text)}"


def _goal(text: str, at_least: str) -> str:
    if m := re.fullmatch(r"min\(([\w, ]+)\)", text):
        return f"at least {at_least} of each of " + " and ".join(
            _thing(w.strip()) for w in m.group(1).split(","))
    words = " + ".join(_thing(w.strip()) for w in text.split("+"))
    return f"at least {at_least} {words}"


def describe(card: dict[str, Any]) -> str:
    """The card's tooltip, a sentence per thing it does."""
    name = card["id"] if card["name"] == card["id"] else f"{card['name']} ({card['id']})"
    kind = _KINDS.get(card["kind"], card["kind"])
    lines = [f"{name}: {kind}."]
    tags = [t for t in card.get("tags", []) if t != card["kind"]]
    if tags:
        lines.append(f"Also shows: {tag_words(tags)}.")
    if card["kind"] == "townsfolk":
        lines.append(f"Costs {card['cost']} silver; tucks under a card showing "
                     f"{_or([_thing(h) for h in card['hosts']])}.")
        if card.get("assets"):
            lines.append(f"A die placed on its card has a {' and a '.join(card['assets'])}.")
    if "immediate" in card:
        lines.append(f"When gained: {effect(card['immediate'])}.")
    if "action" in card:
        needs = f" (needs {' and '.join(card['needs'])})" if card.get("needs") else ""
        lines.append(f"A die placed here{needs}: {effect(card['action'])}.")
    if "ability" in card:
        ability = effect(card["ability"])
        if card.get("resting"):
            lines.append(f"When you rest with at most 1 die in supply: {ability}.")
        elif card.get("trigger"):
            shows = _or([_thing(t) for t in card["trigger"]])
            lines.append(f"Each time you gain a card or tile showing {shows}: {ability}.")
        elif card["kind"] == "townsfolk":
            lines.append(f"With its card's action: {ability}.")
        else:
            lines.append(f"Ability: {ability}.")
    if "score" in card:
        lines.append(f"Scores {_score(card['score'])}.")
    if "goal" in card:
        text, at_least = card["goal"].rsplit(" >= ", 1)
        goal = _goal(text, at_least)
        lines.append(f"Goal: {goal}; met at the end, it doubles the Space card below it.")
    return " ".join(lines)
