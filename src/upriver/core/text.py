"""What every game's text rendering (the terminal) shares."""

from __future__ import annotations

import textwrap


def fold(items: list[str], width: int, indent: str = "", sep: str = " · ") -> list[str]:
    """Items joined by ``sep`` into lines of at most ``width``, broken between items or after
    a comma inside one, never inside "2 wood"."""
    glue = "\xa0"  # textwrap breaks only at plain spaces
    pieces = [", ".join(p.replace(" ", glue) for p in item.split(", ")) for item in items]
    text = (sep.rstrip().replace(" ", glue) + " ").join(pieces)
    lines = textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False)
    return [line.replace(glue, " ") for line in lines]
