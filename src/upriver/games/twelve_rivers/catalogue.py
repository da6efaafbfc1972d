"""Every decision text 12 Rivers can ever offer, numbered once: the action space of the learning
surfaces (``upriver.rl``).

An action's index is its place in ``actions()``; a legal set is a mask over it. The tuple is the
union over 2, 3 and 4 players and over every option value, so an agent keeps the same indices
whatever the player count, and both editions share one numbering.

How it is built. Nothing here is harvested from played games and no long list is written out:
each group below is generated from the built-in component data of both editions
(``components.load``: board spaces, fairy sites, track spaces, Markaya / villager tiles and their
spots, card and fairy names) and from the text patterns the rules use when they list legal
actions (``exploration``, ``collection``, ``delivery``, ``supply``). Where the rules keep a text
as a constant or a helper (``TAKE_PEARL``, ``PAIR_TEXT``, ``place_texts_of``...) it is reused, so
the two cannot drift; the few texts the rules format inline are mirrored here with a note of
where. Player counts and the other options change only which of these texts are legal, never
their wording, so the editions are the only axis the generation walks.

A group the rules offer in one edition only is generated for that edition only (for instance
pairs and exchanges in the current rules, the mushroom fairy and the lake in the 2022 edition),
as the rules gate it on ``cfg.e2022``. Where the rules decide a text's exact form from the
component data, the catalogue does the same: a current-edition delivery onto a spot the pearl
does not fit carries " with light fairy", one that fits does not, so each (pearl, spot) has one
text. Positions that go beyond play (a current-edition position given ``rainbow`` spots) can
offer texts outside the catalogue; play cannot.

Not covered: a user's own component file (option ``components=PATH``) may rename spaces, tiles,
cards or fairies; the catalogue is that of the built-in components.

Groups, in the order of a round, with their sizes (current + 2022 where both exist):

=====================  =====  ====================================================================
group                   size  texts
=====================  =====  ====================================================================
place                     56  ``place R1-01 space 1`` ... ``place village 6``: every space
pay                       10  ``pay wind fairy``, ``pay banner``...; 2022 ``pay camp card``...
take card                  7  ``take banner from display``..., ``draw from pile``, ``take no card``
pair                      15  ``play banner pair`` in its 3 variants, for the 5 card kinds
end turn                   1  ``end turn``
banner                    12  ``banner: move marker on track space 1 to the front``...
lantern                   40  ``lantern: take fire fairy from stump 1``...: 8 sites x 5 fairies
supplies from             56  ``supplies: move marker from R1-01 space 1``...
supplies to               56  ``supplies: move it to R1-01 space 1``...
take pearl                 5  ``take green``...
exchange pearl            20  ``exchange green for blue``...: a full alpaca, current rules
full alpaca               25  2022: ``take blue, discard green from alpaca``, ``take blue and
                              discard it``
use fairy                  5  ``use earth fairy``, ``use water fairy``; 2022 ``use breeze
                              fairy``, ``use mushroom fairy``, ``use river fairy``
lake discard               5  2022: ``discard green``...
befriend                  57  ``befriend no one``, ``befriend M01``...``befriend V30``
deliver                 1280  ``deliver green to S1 spot 1``...: 5 pearls x 106 + 150 spots
earth from alpaca       1280  ``earth: move green from alpaca to S1 spot 1``... (2022 breeze)
earth between Markaya  54190  ``earth: move green from S1 spot 1 to M01 spot 1``...: current
                              rules, 5 pearls x ordered pairs of spots on different tiles
earth done                 2  ``earth: done``, ``breeze: done``
mushroom                 129  2022: ``mushroom: make V01 spot 1 rainbow``: spots not printed
                              rainbow
done                       1  ``done``: river, sea, instrument pair, delivery
=====================  =====  ====================================================================

Total: 57252 texts. "earth between Markaya" is 95% of them; a learner that finds this too wide
can factor that group (source spot, pearl, target spot) without renumbering the others, since it
is one contiguous block.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache

from upriver.games.twelve_rivers import collection, delivery, exploration, supply
from upriver.games.twelve_rivers.components import (
    COLOURS,
    EARTH,
    EDITIONS,
    FIRE,
    LIGHT,
    RAINBOW,
    WATER,
    WIND,
    Components,
    load,
)

CURRENT, E2022 = EDITIONS
LIGHT_SUFFIX = " with light fairy"  # delivery.legal_deliver and _earth_moves
Spot = tuple[str, int]  # (spot name, the colour it needs: a COLOURS index or RAINBOW)


def _spots(comp: Components) -> list[list[Spot]]:
    """Each tile's spots, named as ``delivery._spot_name`` names them."""
    return [[(f"{tile.id} spot {k + 1}", need) for k, need in enumerate(tile.spots)]
            for tile in comp.tiles]


def _suffix(edition: str, colour: int, need: int) -> str:
    """The light fairy's mark, as ``delivery._placements`` decides it: current rules only, and
    only where the pearl does not fit the spot. In the 2022 edition a pearl goes only where it
    fits or onto a space a mushroom fairy turned rainbow, so any pearl may reach any spot
    unmarked."""
    if edition == E2022 or need in (colour, RAINBOW):
        return ""
    return LIGHT_SUFFIX


# One generator per group: given an edition and its components, that edition's texts.

def _place(edition: str, comp: Components) -> Iterable[str]:
    return exploration.place_texts_of(comp.space_names)


def _pay(edition: str, comp: Components) -> Iterator[str]:
    # exploration.legal_pay: wind waives the cost, then one card or fire fairy at a time
    yield f"pay {comp.fairy_names[WIND]} fairy"
    yield from (f"pay {name}" for name in comp.card_names)
    yield f"pay {comp.fairy_names[FIRE]} fairy"


def _take_card(edition: str, comp: Components) -> Iterable[str]:
    if edition == E2022:
        return ()  # camp cards are drawn without a choice (supply.gain_cards)
    return (*supply.TAKE_TEXT, supply.DRAW_TEXT, supply.NO_CARD_TEXT)


def _pair(edition: str, comp: Components) -> Iterable[str]:
    if edition == E2022:
        return ()  # camp cards have no powers
    return (text for variants in supply.PAIR_TEXT for text in variants)


def _end_turn(edition: str, comp: Components) -> Iterable[str]:
    return (exploration.END_TURN,)


def _banner(edition: str, comp: Components) -> Iterator[str]:
    if edition == E2022:
        return
    for slot in range(comp.track_spaces):  # exploration.legal_banner
        yield f"banner: move marker on track space {slot + 1} to the front"


def _lantern(edition: str, comp: Components) -> Iterator[str]:
    if edition == E2022:
        return
    for site in comp.site_ids:  # exploration.legal_lantern
        for name in comp.fairy_names:
            yield f"lantern: take {name} fairy from {site}"


def _supplies_from(edition: str, comp: Components) -> Iterator[str]:
    if edition == E2022:
        return
    yield from (f"supplies: move marker from {n}" for n in comp.space_names)


def _supplies_to(edition: str, comp: Components) -> Iterator[str]:
    if edition == E2022:
        return
    yield from (f"supplies: move it to {n}" for n in comp.space_names)


def _take_pearl(edition: str, comp: Components) -> Iterable[str]:
    return collection.TAKE_PEARL


def _exchange(edition: str, comp: Components) -> Iterator[str]:
    if edition == E2022:
        return  # a full 2022 alpaca discards instead
    for give, row in enumerate(collection.EXCHANGE):
        yield from (text for take, text in enumerate(row) if take != give)


def _full_alpaca(edition: str, comp: Components) -> Iterator[str]:
    if edition != E2022:
        return
    for take in range(len(COLOURS)):  # collection._pearl_options, 2022 branch
        yield from (collection.KEEP[take][a] for a in range(len(COLOURS)) if a != take)
        yield collection.DROP[take]


def _use_fairy(edition: str, comp: Components) -> Iterator[str]:
    # delivery.add_earth_option and collection._boost_options
    yield f"use {comp.fairy_names[EARTH]} fairy"
    if edition == E2022:
        yield f"use {comp.fairy_names[LIGHT]} fairy"  # the mushroom fairy
    yield f"use {comp.fairy_names[WATER]} fairy"


def _lake_discard(edition: str, comp: Components) -> Iterable[str]:
    return collection.DISCARD if edition == E2022 else ()


def _befriend(edition: str, comp: Components) -> Iterator[str]:
    # The pass first, so both editions' tiles follow it in one run. Starting Markaya are dealt
    # at setup, never shown in the village (preparation.new_state).
    yield collection.BEFRIEND_NONE
    yield from (f"befriend {tile.id}" for tile in comp.tiles if not tile.start)


def _deliver(edition: str, comp: Components) -> Iterator[str]:
    tiles = _spots(comp)
    for c, colour in enumerate(COLOURS):  # delivery.legal_deliver
        for tile in tiles:
            for name, need in tile:
                yield f"deliver {colour} to {name}{_suffix(edition, c, need)}"


def _earth_from_alpaca(edition: str, comp: Components) -> Iterator[str]:
    word = comp.fairy_names[EARTH]
    tiles = _spots(comp)
    for c, colour in enumerate(COLOURS):  # delivery._earth_moves, from the alpaca
        for tile in tiles:
            for name, need in tile:
                yield f"{word}: move {colour} from alpaca to {name}{_suffix(edition, c, need)}"


def _earth_between(edition: str, comp: Components) -> Iterator[str]:
    if edition == E2022:
        return  # placed pearls never move in the 2022 edition
    word = comp.fairy_names[EARTH]
    tiles = _spots(comp)
    # delivery._earth_moves, from a Markaya: any pearl may lie on any spot (a light fairy puts
    # it there), and it moves to a spot of another tile.
    for a, source in enumerate(tiles):
        for src, _ in source:
            for c, colour in enumerate(COLOURS):
                for t, target in enumerate(tiles):
                    if t == a:
                        continue
                    for name, need in target:
                        yield (f"{word}: move {colour} from {src} to "
                               f"{name}{_suffix(edition, c, need)}")


def _earth_done(edition: str, comp: Components) -> Iterable[str]:
    return (f"{comp.fairy_names[EARTH]}: done",)  # delivery.legal_earth


def _mushroom(edition: str, comp: Components) -> Iterator[str]:
    if edition != E2022:
        return
    word = comp.fairy_names[LIGHT]
    for tile in _spots(comp):  # delivery.legal_mushroom: spaces not rainbow already
        yield from (f"{word}: make {name} rainbow" for name, need in tile if need != RAINBOW)


def _done(edition: str, comp: Components) -> Iterable[str]:
    return (collection.DONE, delivery.DONE)  # the same word; kept once


GroupMaker = Callable[[str, Components], Iterable[str]]
GENERATORS: tuple[tuple[str, GroupMaker], ...] = (
    # exploration
    ("place", _place),
    ("pay", _pay),
    ("take card", _take_card),
    ("pair", _pair),
    ("end turn", _end_turn),
    ("banner", _banner),
    ("lantern", _lantern),
    ("supplies from", _supplies_from),
    ("supplies to", _supplies_to),
    # collection
    ("take pearl", _take_pearl),
    ("exchange pearl", _exchange),
    ("full alpaca", _full_alpaca),
    ("use fairy", _use_fairy),
    ("lake discard", _lake_discard),
    ("befriend", _befriend),
    # delivery, and the fairies usable at any of a player's own decisions
    ("deliver", _deliver),
    ("earth from alpaca", _earth_from_alpaca),
    ("earth between Markaya", _earth_between),
    ("earth done", _earth_done),
    ("mushroom", _mushroom),
    # closing a step
    ("done", _done),
)


@cache
def groups() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The catalogue by kind of decision: (group name, its texts), in catalogue order. Within a
    group the current edition's texts come first; a text both editions share is kept once."""
    comps = [(edition, load("", edition)) for edition in EDITIONS]
    out = []
    for name, make in GENERATORS:
        texts = dict.fromkeys(text for edition, comp in comps for text in make(edition, comp))
        out.append((name, tuple(texts)))
    return tuple(out)


@cache
def actions() -> tuple[str, ...]:
    """Every decision text the game can ever offer, each once, in a stable order."""
    # Plain concatenation: a text two groups both produced would show up as a duplicate (and
    # the tests check there is none) rather than be merged silently.
    return tuple(text for _, texts in groups() for text in texts)
