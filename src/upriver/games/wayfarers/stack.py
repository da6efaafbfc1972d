"""The stack of pending decisions, and effects pushed onto it as bundles of parts.

An effect's parts are resolved in any order the player picks, each optional (WF-OP-03,
WF-RUL-07, WF-RUL-08), so an effect becomes a bundle: an ``F_ALL`` frame over one ``F_ITEM``
frame per part. Parts with nothing to decide happen as the bundle is pushed: a new die is
mandatory (WF-DICE-10), the Green Worker goes to the first to enter its column (WF-JRN-23), and
a Journal Tile spreads its own parts into the bundle (WF-OP-13).
"""

from __future__ import annotations

from collections.abc import Iterable

from upriver.games.wayfarers.effects import (
    ALL,
    ATOM,
    GREEN_WORKER,
    JOURNAL_TILE,
    NEW_DIE,
)
from upriver.games.wayfarers.state import F_ALL, F_ITEM, GREEN, State

Effect = tuple[int, int, int]  # (effect node, context, where it comes from: state.FROM_*)


def push(st: State, kind: int, a: int = 0, b: int = 0, c: int = 0) -> None:
    st.stack += (kind, a, b, c)


def pop(st: State) -> None:
    del st.stack[-4:]


def roll(st: State) -> int:
    """One die roll from the game's seeded stream (WF-DICE-12)."""
    return st.rng.below(6) + 1


def new_die(st: State, seat: int) -> None:
    """Gain a new die: mandatory; nothing with an empty reserve (WF-DICE-10, WF-OP-15)."""
    if st.reserve[seat] > 0:
        st.reserve[seat] -= 1
        st.dice[seat].append(roll(st))


def _parts(st: State, node: int, ctx: int, src: int, out: list[Effect]) -> None:
    nodes = st.cfg.comp.nodes
    for kid in nodes.kids[node] if nodes.kind[node] == ALL else (node,):
        if nodes.kind[kid] == ATOM:
            op = nodes.op[kid]
            if op == NEW_DIE:
                new_die(st, st.seat)
                continue
            if op == GREEN_WORKER:
                take_green(st, st.seat)
                continue
            if op == JOURNAL_TILE:
                space = st.cfg.comp.spaces[st.cfg.comp.space_index[st.jpos[st.seat]]]
                if space.tile_space >= 0:
                    tile = st.jtile_at[space.tile_space]
                    _parts(st, st.cfg.comp.journal_tiles[tile], 0, src, out)
                continue
        out.append((kid, ctx, src))


def take_green(st: State, seat: int) -> None:
    """The Green Worker of the column just entered, if still on the track (WF-OP-14)."""
    space = st.cfg.comp.spaces[st.cfg.comp.space_index[st.jpos[seat]]]
    if space.green >= 0 and st.green_on[space.green]:
        st.green_on[space.green] = 0
        st.workers[seat * 3 + GREEN] += 1


def push_effects(st: State, effects: Iterable[Effect]) -> None:
    """One bundle of the parts of every (effect node, context, source) given; none if no
    part."""
    parts: list[Effect] = []
    for node, ctx, src in effects:
        if node >= 0:
            _parts(st, node, ctx, src, parts)
    if parts:
        for node, ctx, src in parts:
            push(st, F_ITEM, node, ctx, src)
        push(st, F_ALL, len(parts))


def bundle_items(st: State) -> list[int]:
    """Stack positions of the items of the bundle on top."""
    n = st.stack[-3]
    base = len(st.stack) - 4 - 4 * n
    return [base + 4 * i for i in range(n)]


def remove_item(st: State, pos: int) -> None:
    """Take one item out of the bundle on top (the bundle goes when it is empty)."""
    del st.stack[pos : pos + 4]
    st.stack[-3] -= 1
    if st.stack[-3] == 0:
        pop(st)
