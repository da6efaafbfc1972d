"""Reading what a person typed as one of the legal actions.

A choice is a number (1 = the first action), an action's text, or the start of its words
("pla r2" for "place R2-1P space 1"), case-insensitive. Typing is forgiving, so a short answer
picks the one action it can mean; when it can mean several, the person sees the candidates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

QUIT_WORDS = ("q", "quit")
HELP_WORDS = ("?", "help")


@dataclass(frozen=True)
class Answer:
    """What an answer means: exactly one of ``action``, ``quit``, ``help``, ``page``, or an
    ``error`` (with ``candidates`` when the answer fits several actions)."""

    action: str | None = None
    quit: bool = False
    help: bool = False
    help_filter: str = ""  # "? pla" lists only what "pla" matches
    page: int = 0  # +1 next page of options, -1 previous
    error: str = ""
    candidates: list[str] = field(default_factory=list)


def _words(text: str) -> list[str]:
    return text.casefold().split()


def matches(typed: str, actions: list[str]) -> list[str]:
    """The actions whose words start with the typed words, in order: first those that begin
    with them ("pla r2" -> "place R2-1P space 1"), and only when none does, those that contain
    them as a run of words ("r2-1p sp 1" -> "place R2-1P space 1")."""
    want = _words(typed)
    if not want:
        return []

    def fits_at(words: list[str], at: int) -> bool:
        return len(words) - at >= len(want) and all(
            w.startswith(t) for w, t in zip(words[at:], want, strict=False))

    split = [(a, _words(a)) for a in actions]
    first = [a for a, words in split if fits_at(words, 0)]
    if first:
        return first
    return [a for a, words in split if any(fits_at(words, i) for i in range(1, len(words)))]


def read(answer: str, actions: list[str],
         why_not: Callable[[str], str | None] | None = None) -> Answer:
    """Interpret one line typed by the person deciding among ``actions``; ``why_not`` says why
    a typed move of the game that is not among them is not legal now (``Game.why_not``)."""
    typed = " ".join(answer.split())
    low = typed.casefold()
    if low in QUIT_WORDS:
        return Answer(quit=True)
    if low in HELP_WORDS:
        return Answer(help=True)
    if low.startswith("?"):
        return Answer(help=True, help_filter=typed[1:].strip())
    if low in ("", ">", "+"):
        return Answer(page=1)
    if low in ("<", "-"):
        return Answer(page=-1)
    count = len(actions)
    if typed.isdigit():
        if 1 <= int(typed) <= count:
            return Answer(action=actions[int(typed) - 1])
        return Answer(error=f"no choice {typed}: type 1-{count}, an action's words, ? or q")
    exact = [a for a in actions if " ".join(a.split()).casefold() == low]
    if exact:
        return Answer(action=exact[0])
    found = matches(typed, actions)
    if len(found) == 1:
        return Answer(action=found[0])
    if found:
        return Answer(error=f"{typed!r} fits {len(found)} choices: type more, or a number",
                      candidates=found)
    reason = why_not(typed) if why_not is not None else None
    if reason:
        return Answer(error=reason)
    return Answer(error=f"not a choice: {typed!r} (type 1-{count}, an action's words, "
                        "? for help, q to quit)")
