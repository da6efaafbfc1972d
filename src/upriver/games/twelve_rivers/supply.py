"""Supply cards: taking, the display, the reshuffles, and paying for pairs (rulebook 000,
"Supply Cards in the Exploration Phase" and "Supply Cards in the Collection Phase")."""

from __future__ import annotations

from typing import Final

from upriver.games.twelve_rivers.components import CARD_KINDS, FIRE
from upriver.games.twelve_rivers.state import State

# ``sum`` and ``any`` over generators, not lists: compiled (mypyc) into loops rather than calls
# of the builtins, on the paths every step takes.

TAKE_TEXT: Final = tuple(f"take {k} from display" for k in CARD_KINDS)
DRAW_TEXT: Final = "draw from pile"
NO_CARD_TEXT: Final = "take no card"
# Pair variants: two cards, a card and a fire fairy, two fire fairies (TR-FAIRY-05, TR-FAIRY-06).
PAIR_TEXT: Final = tuple(
    (f"play {k} pair", f"play {k} pair ({k} + fire fairy)", f"play {k} pair (2 fire fairies)")
    for k in CARD_KINDS
)
# Repeated three-of-a-kind reshuffles stop after this many tries (TR-RULING-12; open point 9).
MAX_RESHUFFLES: Final = 50


def discard_card(st: State, seat: int, kind: int) -> None:
    """A card leaves a hand face up onto the discard pile (payment or pair). A display left
    short because every pile was empty (TR-RULING-13) fills up again as soon as cards exist."""
    i = seat * 5 + kind
    st.hands[i] -= 1
    st.discard[kind] += 1
    if st.known[i] > 0:  # what others know was in the hand can only shrink
        st.known[i] -= 1
    else:
        _hidden_card_paid(st, seat, kind)
    if len(st.display) < st.cfg.comp.card_display:
        refill_display(st)


def _hidden_card_paid(st: State, seat: int, kind: int) -> None:
    """A card nobody saw the seat take is now face up. If the seat can hold no card from
    before the pile was built, everyone knows it was drawn from the pile: it leaves the pile's
    pool, so a later reshuffle does not count it twice. Otherwise nobody else can tell, and the
    pool keeps it as a card that may still be in the seat's hand."""
    i = seat * 5 + kind
    if st.pile_old[seat] == 0 and st.pile_drawn[i] > 0:
        st.pile_drawn[i] -= 1
        st.pile_pool[kind] -= 1
    hidden = sum(st.hands[j] - st.known[j] for j in range(seat * 5, seat * 5 + 5))
    st.pile_old[seat] = min(st.pile_old[seat], hidden)


def use_fairy(st: State, seat: int, kind: int) -> None:
    """A used fairy goes back to the box (TR-FAIRY-01); the box is counted per seat, so a use
    that the others may not see yet (during delivery) stays the seat's own."""
    st.fairies[seat * 5 + kind] -= 1
    st.fairy_used[seat * 5 + kind] += 1


def _shuffle_discard_into_deck(st: State) -> None:
    """The face-up discards are shuffled into the pile. Everyone saw them: a pile built from
    nothing but discards has a known make-up (``pile_pool``), and discards shuffled into a
    pile add to what it may hold."""
    if not st.deck:  # a new pile: every hidden card in a hand now predates it
        st.pile_pool = [0] * 5
        st.pile_drawn = [0] * (5 * st.num_players)
        for s in range(st.num_players):
            st.pile_old[s] = sum(st.hands[j] - st.known[j] for j in range(s * 5, s * 5 + 5))
    for kind, n in enumerate(st.discard):
        st.deck.extend([kind] * n)
        st.pile_pool[kind] += n
        st.discard[kind] = 0
    st.rng.shuffle(st.deck)


def draw_face_down(st: State, seat: int) -> None:
    """The top card of the pile into a hand, seen only by its taker."""
    kind = st.deck.pop()
    st.hands[seat * 5 + kind] += 1
    st.pile_drawn[seat * 5 + kind] += 1


def can_take(st: State) -> bool:
    return bool(st.display or st.deck or any(x for x in st.discard))


def refill_display(st: State) -> None:
    """Refill to 3 face-up cards, reshuffling the discards when the pile runs out (TR-CARD-07)
    and reshuffling everything when the display shows 3 identical cards (TR-CARD-06)."""
    size = st.cfg.comp.card_display
    if size == 0:
        return  # 2022: camp cards are identical and have no display
    for attempt in range(MAX_RESHUFFLES + 1):
        while len(st.display) < size:
            if not st.deck:
                if not any(x for x in st.discard):
                    return  # TR-RULING-13: nothing left to turn up
                _shuffle_discard_into_deck(st)
            kind = st.deck.pop()
            st.display.append(kind)
            st.pile_pool[kind] -= 1  # turned up: no longer anywhere in or from the pile
        first = st.display[0]
        if size < 3 or any(k != first for k in st.display) or attempt == MAX_RESHUFFLES:
            return  # after the last try the display stays as turned up
        kinds = {first, *st.deck} | {k for k, n in enumerate(st.discard) if n}
        if len(kinds) < 2:
            return  # every card left is of one kind: no reshuffle can change the display
        for k in st.display:
            st.discard[k] += 1
        st.display.clear()
        _shuffle_discard_into_deck(st)


def take_options(st: State, texts: list[str], moves: list[tuple[object, ...]]) -> None:
    """Each distinct display kind, and the draw pile (TR-CARD-02)."""
    seen = 0
    for k in st.display:
        if not seen & (1 << k):
            seen |= 1 << k
            texts.append(TAKE_TEXT[k])
            moves.append(("take", k))
    if st.deck or any(x for x in st.discard):
        texts.append(DRAW_TEXT)
        moves.append(("take", -1))


def gain_cards(st: State, seat: int, n: int) -> None:
    """2022: identical camp cards are simply drawn from the supply (TR22-SETUP-12); when it runs
    out the paid cards are shuffled back, and with none left nothing is gained."""
    for _ in range(n):
        if not st.deck and not any(x for x in st.discard):
            return
        take_card(st, seat, -1)


def take_card(st: State, seat: int, kind: int) -> None:
    """Take a display card of ``kind`` (refilled at once, TR-CARD-03) or, with -1, draw."""
    if kind >= 0:
        st.display.remove(kind)
        st.hands[seat * 5 + kind] += 1
        st.known[seat * 5 + kind] += 1  # everyone saw which card was taken
        refill_display(st)
        return
    if not st.deck:
        _shuffle_discard_into_deck(st)
    draw_face_down(st, seat)


def pair_variants(st: State, seat: int, kind: int) -> tuple[int, ...]:
    """Ways ``seat`` can make a pair of ``kind``: 0 two cards, 1 card + fire, 2 two fires."""
    cards = st.hands[seat * 5 + kind]
    fire = st.fairies[seat * 5 + FIRE]
    out: list[int] = []
    if cards >= 2:
        out.append(0)
    if cards >= 1 and fire >= 1:
        out.append(1)
    if fire >= 2:
        out.append(2)
    return tuple(out)


def add_pair_options(
    st: State, seat: int, kind: int, texts: list[str], moves: list[tuple[object, ...]]
) -> None:
    for mode in pair_variants(st, seat, kind):
        texts.append(PAIR_TEXT[kind][mode])
        moves.append(("pair", kind, mode))


def pay_pair(st: State, seat: int, kind: int, mode: int) -> None:
    if mode == 0:
        discard_card(st, seat, kind)
        discard_card(st, seat, kind)
    elif mode == 1:
        discard_card(st, seat, kind)
        use_fairy(st, seat, FIRE)
    else:
        use_fairy(st, seat, FIRE)
        use_fairy(st, seat, FIRE)
