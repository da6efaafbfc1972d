"""A decision spelled word by word: the structured action space of the single-seat and vector
environments (``actions="words"``), beside the flat catalogue.

A catalogue is huge where an action has several parts (12 Rivers' earth fairy moves a colour
from a spot to a spot: 54,721 of its 57,252 actions; Wayfarers' Influence names two cards:
104,320 of 128,119), and a policy with one output per action learns each combination
separately. Here an action is the words of its text, and the learner says them one at a time:
its action space is the game's vocabulary (every word of the catalogue, plus ``<end>`` for an
action whose text is the start of a longer one), and the mask marks the words that continue
some legal action. A word that is the only way on is said for the learner, so it chooses only
where the legal actions part ways; the decision is played as soon as one legal action is left.
The mask contract is the flat one's: every masked word leads to a legal action, an unmasked
one is refused and changes nothing.

The observation adds the words chosen so far in this decision: one block per choice (the most
choices any action of the catalogue can need), each one-hot over the vocabulary.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from upriver.core.errors import BadOption, IllegalAction

END = 0  # the word after an action's last word
ACTIONS = ("catalogue", "words")  # the action spaces an environment offers


def check_actions(actions: str) -> str:
    if actions not in ACTIONS:
        raise BadOption(f"actions must be one of {', '.join(ACTIONS)}, not {actions!r}")
    return actions


class Vocabulary:
    """The words of a catalogue: each action's text as word numbers, and how many choices
    spelling one can take at most."""

    def __init__(self, actions: tuple[str, ...]) -> None:
        words = sorted({w for text in actions for w in text.split(" ")})
        self.words: tuple[str, ...] = ("<end>", *words)
        number = {w: i + 1 for i, w in enumerate(words)}
        self.spelled: list[tuple[int, ...]] = [
            tuple(number[w] for w in text.split(" ")) for text in actions]
        self.choices = _most_choices(self.spelled)

    @property
    def size(self) -> int:
        return len(self.words)


@lru_cache(maxsize=8)
def vocabulary(actions: tuple[str, ...]) -> Vocabulary:
    """The vocabulary of a catalogue, built once per catalogue."""
    return Vocabulary(actions)


def _most_choices(spelled: list[tuple[int, ...]]) -> int:
    """The most places, over all actions, where the catalogue's actions with the same start
    part ways: no legal set, a part of the catalogue, can need more choices than that."""
    ways: dict[tuple[int, ...], set[int]] = {}
    for words in spelled:
        for k in range(len(words) + 1):
            ways.setdefault(words[:k], set()).add(words[k] if k < len(words) else END)
    return max((sum(1 for k in range(len(words) + 1) if len(ways[words[:k]]) > 1)
                for words in spelled), default=0)


class Spelling:
    """One decision being spelled: the legal actions (catalogue indices) that still fit the
    words chosen so far."""

    def __init__(self, vocab: Vocabulary, legal: list[int]) -> None:
        if not legal:
            raise ValueError("a decision with no legal action cannot be spelled")
        self.vocab = vocab
        self.fitting = legal
        self.depth = 0  # words said so far, chosen or forced
        self.chosen: list[int] = []  # the words the learner chose, in order
        self.action: int | None = None  # the catalogue index, once one action is left
        self.ways: dict[int, list[int]] = {}
        self._go_on()

    def _part(self) -> dict[int, list[int]]:
        """The fitting actions by their next word."""
        spelled, depth = self.vocab.spelled, self.depth
        ways: dict[int, list[int]] = {}
        for index in self.fitting:
            words = spelled[index]
            ways.setdefault(words[depth] if depth < len(words) else END, []).append(index)
        return ways

    def _go_on(self) -> None:
        """Say every forced word; stop at a choice, or with the one action left."""
        while True:
            if len(self.fitting) == 1:
                self.action = self.fitting[0]
                self.ways = {}
                return
            ways = self._part()
            if len(ways) > 1:
                self.ways = ways
                return
            (_, fitting), = ways.items()
            self.fitting = fitting
            self.depth += 1  # END cannot be forced here: texts are unique, so two remain

    def legal_words(self) -> list[int]:
        return sorted(self.ways)

    def say(self, word: Any, game_id: str) -> None:
        """``choose`` for a learner's action as given (numpy's integers included): anything
        but a whole number of the vocabulary is refused in one line, changing nothing."""
        if isinstance(word, np.integer):
            word = int(word)
        if not isinstance(word, int) or isinstance(word, bool) \
                or not 0 <= word < self.vocab.size:
            raise IllegalAction(f"{game_id}: a word must be a whole number from 0 to "
                                f"{self.vocab.size - 1}, not {word!r}")
        self.choose(word)

    def choose(self, word: int) -> None:
        """Say ``word``; a word that continues no legal action is refused, changing nothing."""
        if word not in self.ways:
            said = " ".join(self.vocab.words[w] for w in self.said()) or "nothing yet"
            name = self.vocab.words[word] if 0 <= word < self.vocab.size else str(word)
            raise IllegalAction(f"the word {name!r} continues no legal action after "
                                f"{said!r} (choose one of {len(self.ways)} words)")
        self.chosen.append(word)
        self.fitting = self.ways[word]
        self.depth += 1
        self._go_on()

    def said(self) -> tuple[int, ...]:
        """The words said so far, forced ones included."""
        if not self.fitting:
            return ()
        return self.vocab.spelled[self.fitting[0]][:self.depth]


def observation(seen: npt.NDArray[np.float32], vocab: Vocabulary,
                spelling: Spelling | None) -> npt.NDArray[np.float32]:
    """A seat's encoding followed by the words chosen so far in its decision (``spelling``,
    none if it is not spelling one): a one-hot block over the vocabulary per choice."""
    width = vocab.size
    out = np.zeros(seen.shape[0] + vocab.choices * width, dtype=np.float32)
    out[:seen.shape[0]] = seen
    if spelling is not None:
        base = seen.shape[0]
        for k, word in enumerate(spelling.chosen):
            out[base + k * width + word] = 1.0
    return out
