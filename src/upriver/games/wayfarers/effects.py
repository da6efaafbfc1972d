"""The effect language of the cards, board spaces and worker slots (rulebook 004; checklist
section OP).

Written forms, loosest binding first:

- ``cost -> gain``: pay the cost in full, then the gain (WF-OP-01);
- ``a | b``: choose at most one alternative (WF-OP-02);
- ``a & b``: all of them, each optional, in any order (WF-OP-03, WF-RUL-08);
- ``( )`` groups; a leading count repeats an operation or, for Silver and Provisions, gives the
  amount (WF-OP-04); ``(free)`` and ``(1 silver off)`` adjust a price (WF-OP-05).

Each effect compiles to nodes in one shared table (``Nodes``), so the decisions on the stack are
small integers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Node kinds.
ATOM, ALL, CHOICE, PAY = range(4)

# Operations.
(SILVER, PROVISION, INFLUENCE, CARD_INFLUENCE, MOVE_INFLUENCE, JOURNAL, JOURNAL_TILE,
 GREEN_WORKER, NEW_DIE, RETRIEVE, REFRESH, MODIFY, CARD, DRAW, TILE) = range(15)

# Operations resolved as their effect is pushed, with nothing to decide (``stack._parts``).
AT_ONCE = (NEW_DIE, GREEN_WORKER, JOURNAL_TILE)

GUILDS = ("black", "yellow", "blue")  # tie-break order of rulebook 004 ("Scoring")
ANY_GUILD = 3
CARD_TYPES = ("townsfolk", "land", "water", "space", "inspiration")  # display rows, in order
TILE_COLOURS = ("basic", "land", "water", "space", "special")

# Price parameters.
FREE, ONE_OFF = 1, 2

_SIMPLE = {
    "card influence": (CARD_INFLUENCE, 0), "move influence": (MOVE_INFLUENCE, 0),
    "journal": (JOURNAL, 0), "journal tile": (JOURNAL_TILE, 0),
    "green worker": (GREEN_WORKER, 0), "new die": (NEW_DIE, 0),
    "retrieve worker": (RETRIEVE, 0), "refresh die": (REFRESH, 0), "modify die": (MODIFY, 0),
    "any influence": (INFLUENCE, ANY_GUILD),
    **{f"{g} influence": (INFLUENCE, i) for i, g in enumerate(GUILDS)},
    **{f"{t} card": (CARD, i) for i, t in enumerate(CARD_TYPES)},
    **{f"{c} tile": (TILE, i) for i, c in enumerate(TILE_COLOURS)},
}
# How much work "can it act?" takes per operation (a sort key only).
_EFFORT = {SILVER: 0, PROVISION: 0, INFLUENCE: 1, MODIFY: 1, REFRESH: 1, DRAW: 1,
           MOVE_INFLUENCE: 1, CARD_INFLUENCE: 1, CARD: 3, TILE: 4}
_ATOM = re.compile(r"(?:(\d+) )?((?:pay \d+ |draw \d+ )?[a-z ]+?)(?: \[(free|1 silver off)\])?")


class EffectError(ValueError):
    pass


@dataclass
class Nodes:
    """Every compiled node: ``kind`` and its fields; equal effects share nothing but text."""

    kind: list[int] = field(default_factory=list)
    op: list[int] = field(default_factory=list)  # ATOM: the operation
    amount: list[int] = field(default_factory=list)  # ATOM: amount; PAY: Provisions to pay
    param: list[int] = field(default_factory=list)  # ATOM: guild/type/colour; PAY: Silver
    flags: list[int] = field(default_factory=list)  # ATOM: FREE / ONE_OFF
    kids: list[tuple[int, ...]] = field(default_factory=list)  # ALL/CHOICE; PAY: (gain,)
    text: list[str] = field(default_factory=list)
    # A Silver or Provision gain can always be taken, so a node holding one outside a cost is
    # always doable: the hot "can this act?" question stops there.
    always: list[bool] = field(default_factory=list)
    # ALL/CHOICE: the distinct kids, quickest to check first (an any() over them stops early).
    check_order: list[tuple[int, ...]] = field(default_factory=list)
    effort: list[int] = field(default_factory=list)
    # A plain part: one operation whose step texts no part of another text can offer, so a
    # step of it is named by its own text (``resolve.step_text``). Not plain: "any influence"
    # (its steps are the single Guilds') and a card gain with a price adjustment (a free or
    # discounted card can cost what an unadjusted one costs after die discounts); a free
    # tile is plain, its steps say "(free)".
    plain: list[bool] = field(default_factory=list)

    def add(self, kind: int, text: str, op: int = -1, amount: int = 0, param: int = 0,
            flags: int = 0, kids: tuple[int, ...] = ()) -> int:
        self.kind.append(kind)
        self.op.append(op)
        self.amount.append(amount)
        self.param.append(param)
        self.flags.append(flags)
        self.kids.append(kids)
        self.text.append(text)
        self.always.append((kind == ATOM and op in (SILVER, PROVISION))
                           or (kind in (ALL, CHOICE) and any(self.always[k] for k in kids)))
        order = tuple(sorted(set(kids), key=lambda k: (self.effort[k], kids.index(k))))
        self.check_order.append(order)
        self.plain.append(kind == ATOM and not (op == INFLUENCE and param == ANY_GUILD)
                          and (flags == 0 or (op == TILE and flags == FREE)))
        self.effort.append(_EFFORT.get(op, 2) if kind == ATOM else 3 if kind == PAY
                           else min((self.effort[k] for k in kids), default=0))
        return len(self.kind) - 1

    def compile(self, source: str) -> int:
        """The node of ``source``; every effect's root is an ALL node (possibly of one part)."""
        source = " ".join(source.split())
        if not source:
            return self.add(ALL, "nothing")
        # A price parameter belongs to its word: keep it out of the grouping parentheses.
        marked = re.sub(r" \((free|1 silver off)\)", r" [\1]", source)
        tokens = re.findall(r"->|[|&()]|[^|&()\-]+(?:-(?!>)[^|&()\-]*)*", marked)
        tokens = [t.strip() for t in tokens if t.strip()]
        pos, node = self._pay(tokens, 0, source)
        if pos != len(tokens):
            raise EffectError(f"cannot read effect {source!r}: unexpected {tokens[pos]!r}")
        for part in self.kids[node] if self.kind[node] == ALL else (node,):
            if self.kind[part] != ATOM:
                self._nothing_at_once(part, source)
        if self.kind[node] == ALL:
            return node
        return self.add(ALL, self.text[node], kids=(node,))

    def _nothing_at_once(self, node: int, src: str) -> None:
        """Refuse a part resolved as its effect is pushed (``stack._parts``) anywhere but
        directly in an effect: in a choice or after a cost it would wait on a decision none of
        whose steps names it (and ``resolve`` never lists its steps)."""
        if self.kind[node] == ATOM:
            if self.op[node] in AT_ONCE:
                raise EffectError(f"effect {src!r}: {self.text[node]!r} happens at once, so it "
                                  "may stand only directly in an effect, not in a choice or "
                                  "after a cost")
            return
        for kid in self.kids[node]:
            self._nothing_at_once(kid, src)

    # Recursive descent, one level per operator.
    def _pay(self, toks: list[str], i: int, src: str) -> tuple[int, int]:
        i, left = self._choice(toks, i, src)
        if i < len(toks) and toks[i] == "->":
            i, gain = self._pay(toks, i + 1, src)
            silver, provisions = self._cost(left, src)
            if self.kind[gain] != ALL:
                gain = self.add(ALL, self.text[gain], kids=(gain,))
            text = f"{self.text[left]} -> {self.text[gain]}"
            return i, self.add(PAY, text, amount=provisions, param=silver, kids=(gain,))
        return i, left

    def _cost(self, node: int, src: str) -> tuple[int, int]:
        parts = self.kids[node] if self.kind[node] == ALL else (node,)
        silver = provisions = 0
        for p in parts:
            if self.kind[p] != ATOM or self.op[p] not in (-2, -3):
                raise EffectError(f"effect {src!r}: a cost must be 'pay N silver/provisions'")
            if self.op[p] == -2:
                silver += self.amount[p]
            else:
                provisions += self.amount[p]
        return silver, provisions

    def _choice(self, toks: list[str], i: int, src: str) -> tuple[int, int]:
        i, first = self._all(toks, i, src)
        alts = [first]
        while i < len(toks) and toks[i] == "|":
            i, nxt = self._all(toks, i + 1, src)
            alts.append(nxt)
        if len(alts) == 1:
            return i, first
        return i, self.add(CHOICE, " | ".join(self.text[a] for a in alts), kids=tuple(alts))

    def _all(self, toks: list[str], i: int, src: str) -> tuple[int, int]:
        i, first = self._unit(toks, i, src)
        parts = [first]
        while i < len(toks) and toks[i] == "&":
            i, nxt = self._unit(toks, i + 1, src)
            parts.append(nxt)
        if len(parts) == 1:
            return i, first
        flat: list[int] = []
        for p in parts:  # "a & (b & c)" is "a & b & c"
            flat.extend(self.kids[p] if self.kind[p] == ALL else (p,))
        return i, self.add(ALL, " & ".join(self.text[p] for p in parts), kids=tuple(flat))

    def _unit(self, toks: list[str], i: int, src: str) -> tuple[int, int]:
        if i >= len(toks):
            raise EffectError(f"cannot read effect {src!r}: it ends too soon")
        if toks[i] == "(":
            i, node = self._pay(toks, i + 1, src)
            if i >= len(toks) or toks[i] != ")":
                raise EffectError(f"cannot read effect {src!r}: a '(' is not closed")
            return i + 1, node
        return i + 1, self._atom(toks[i], src)

    def _atom(self, word: str, src: str) -> int:
        m = _ATOM.fullmatch(word)
        if not m:
            raise EffectError(f"effect {src!r}: cannot read {word!r}")
        count = int(m.group(1) or 1)
        name = m.group(2)
        flags = {None: 0, "free": FREE, "1 silver off": ONE_OFF}[m.group(3)]
        if count < 1:
            raise EffectError(f"effect {src!r}: a count must be at least 1")
        if name in ("silver", "provision", "provisions"):
            op = SILVER if name == "silver" else PROVISION
            return self.add(ATOM, word, op=op, amount=count)
        if name.startswith("pay "):
            count, what = int(name.split()[1]), name.split(None, 2)[2]
            if what not in ("silver", "provision", "provisions") or flags:
                raise EffectError(f"effect {src!r}: cannot pay {what!r}")
            return self.add(ATOM, word, op=-2 if what == "silver" else -3, amount=count)
        if name.startswith("draw "):
            count, kind = int(name.split()[1]), name.split(None, 2)[2]
            if kind not in ("land", "water") or flags:
                raise EffectError(f"effect {src!r}: cannot draw {kind!r}")
            return self.add(ATOM, word, op=DRAW, amount=count, param=CARD_TYPES.index(kind))
        if name not in _SIMPLE:
            raise EffectError(f"effect {src!r}: unknown operation {name!r}")
        op, param = _SIMPLE[name]
        if flags and op not in (CARD, TILE):
            raise EffectError(f"effect {src!r}: only a card or tile gain takes {m.group(3)!r}")
        one = self.add(ATOM, name + (f" ({m.group(3)})" if flags else ""), op=op,
                       amount=1, param=param, flags=flags)
        if count == 1:
            return one
        return self.add(ALL, word, kids=(one,) * count)
