"""Every decision text Wayfarers can ever offer, numbered once: the action space of the learning
surfaces (``upriver.rl``).

The texts are generated, never harvested: from the built-in components (``components.load``:
card ids, the board's die spaces and centre names, the effect node table every card, board
space, worker slot, caravan cell and Journal Tile compiles into, the Journal links, the tile
shapes and prices, the seats) and from the text patterns of the functions that list legal
decisions (``turns.legal_*``, ``resolve.steps`` / ``resolve.atom_steps`` /
``resolve.card_steps`` / ``resolve.tile_steps`` / ``resolve.retrieve_steps`` and
``opponent.allow_choices``). Where the game has a helper that formats a piece of text it is
called, not copied: ``cards.host_name`` (board parts), ``cards.fee_text`` (Influence fees),
``resolve._pay_text``, ``resolve.silver_price`` / ``resolve.tile_price`` (undiscounted prices),
``resolve.tiles_of`` and ``caravan._footprints`` (where a tile can go). Those helpers take a
State but read only its components and ``card_inf``; a blank State with just those set
(``_probe``) serves them, so nothing here plays or sets up a game.

One catalogue serves every table: the 4 seats of the data are all named wherever a text names a
seat (a fee "to seat K"), the solo answers are included, and the options change no text (the
``sides`` choose which requirement guards a Journal link, never where the link goes; the AI
board and the round limit change what happens, not how a decision reads).

It over-approximates where the state decides: every discounted price from the full price down
to 0 (a die column's discounts are unbounded, and a cost is listed discounted even where no
die is placed), and every Influence source (an empty supply takes it from a Guild or any card
holding the seat's Influence). Texts that can never be legal cost a mask bit only.

A bundle of effect parts (``turns.legal_bundle``) names each step by its part and step only
(``resolve.step_text``): a plain part's step is its own text, "modify die 3 to 4"; any other
part's carries the part, "modify die 3 to 4 (of: card influence | move influence | modify
die)", unless its own text is the part's text (a cost paid in full, "pay 2 provisions -> water
card"). The parts that can sit in a bundle are found from the node table as the rules push them
(``stack._parts``: an effect's parts, a Journal Tile's spread in; what is left of a chosen
group; a paid cost's gain).

Groups, in order (sizes with the built-in components; "x 9 fees" is no fee, or 1 Silver or
1 Provision to any of the 4 seats):

==============  =======  =================================================================
main              2,060  "place die 3" (6), "place green worker on L01[, fee 1 silver to
                         seat 2]" (228 card and colour pairs x 9 fees), "rest", "use yellow
                         influence" (offered in several frames, listed once, here)
die                 263  "place die 3 on Capital City" (6 values x 42 die spaces: 6 on the
                         board, 36 Cities and Harbours), "caravan: die 3 to 4" (10), "hire a
                         ship (1 blue influence)"
yellow               31  "yellow: die 3 to 4", "yellow: die 3 on to 4", "yellow: the die to
                         place, 3 to 4" (10 each), "yellow: no second step"
reroll                7  "reroll a 3 kept in supply" (6), "keep the other dice"
gain                 17  "gain 2 silver", "gain 1 provision" (the amounts in the data),
                         "pay 2 provisions -> water card" (each cost paid in full)
influence           489  "black influence[ (from yellow)| (from L01)]" (3 Guilds x 163)
card influence   26,080  "influence on L01[ (from black)| (from L02)]" (160 cards x 163:
                         the supply, 3 Guilds, the 159 other cards)
move influence        6  "move influence black to yellow"
journal              27  "journal to 23" (every link's end)
retrieve          2,052  "retrieve green worker from L01[, fee ...]" (228 x 9 fees)
dice                 58  "refresh die on L09" (42), "reroll die 3" (6), "modify die 3 to 4"
                         (10)
take card         3,568  "take L01", "take T05 (2 silver, fee 1 silver to seat 1)", "take S03
                         (fee 1 provision to seat 2)" (every price down to 0, x 9 fees), and
                         for a die's action "draw 3 land (pigeon)", "draw 3 water (1
                         provision)"
draw                  2  "draw 3 land", "draw 3 water"
take tile           101  "take tile land-camel face a (3 silver)" .. "(0 silver)", "(2 yellow
                         influence)", "take tile special-comet (free)" (a Space tile at a
                         price is offered only by a choice: a named part)
done                  1  "done"
named part       89,362  a step of a part that is not plain (a choice, a discounted cost,
                         "any influence", a free or discounted card) + " (of: PART)";
                         78,240 of them are the Card Influence steps of the 3 choices
                         offering it
tuck              1,398  "tuck T05 under Capital City|L01" (Land and Water cards showing a
                         tag the Townsfolk needs), "tuck I03 above Capital Sky|S12",
                         "discard I03 for: 2 provisions" (16 x 4 slots)
keep                 72  "keep L01" (a drawn Land or Water card)
place tile           16  "place tile at column 2 row 1" (the top-left cells any tile fits)
black                28  "black influence: journal on to 23" (27), "no extra journal step"
end                   1  "end turn"
solo              2,480  "let the opponent take L01[ and gain 1 silver|provision]", "deny: pay
                         1 silver|provision, the opponent may not take L01"; likewise "place
                         a green worker on T05" and "retrieve a blue worker from W02" (496
                         interactions x 5 answers)
==============  =======  =================================================================

Total: 128,119. The groups are disjoint: each text is in one group only, so a text's kind of
decision follows from its index. ``tests/wayfarers/test_catalogue.py`` checks this table against
``groups()``.

Two card lists multiply: Card Influence placed from an empty supply names the card it comes
from (160 targets x 159 sources), and a named part repeats that for the 3 choices that offer
Card Influence. Those texts are well-formed and reachable, so they stay: 130k mask bits are
cheap, far below the size (some hundreds of thousands) where a structured action (verb, card,
source, part) would be worth its complication.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

from upriver.games.wayfarers import caravan, cards, resolve
from upriver.games.wayfarers.components import (
    INSPIRATION,
    LAND,
    SPACE,
    TOWNSFOLK,
    WATER,
    Card,
    Components,
    load,
)
from upriver.games.wayfarers.effects import (
    ALL,
    ANY_GUILD,
    ATOM,
    CARD,
    CARD_INFLUENCE,
    CARD_TYPES,
    CHOICE,
    DRAW,
    GREEN_WORKER,
    GUILDS,
    INFLUENCE,
    JOURNAL,
    JOURNAL_TILE,
    MODIFY,
    MOVE_INFLUENCE,
    NEW_DIE,
    PAY,
    PROVISION,
    REFRESH,
    RETRIEVE,
    SILVER,
    TILE,
)
from upriver.games.wayfarers.opponent import WORKER_ROW
from upriver.games.wayfarers.state import (
    CARDS,
    CENTRE,
    CITY,
    HARBOUR,
    SKY,
    WORKER_COLOURS,
    Config,
    State,
    host,
)

Group = tuple[str, tuple[str, ...]]

FACES = range(1, 7)  # a die's values (``stack.roll``)
STEPS = (1, -1)  # a die changes by one, up or down, never past 1 or 6
COST = -1  # the "operation" of a cost (a PAY node), beside the operations of ``effects``


def _probe(comp: Components, seat: int = -1) -> State:
    """The part of a State the game's text helpers read: the components, and whose Influence
    is on each card (all of one seat's, to name that seat in a fee). Nothing else is set."""
    probe = State.blank(Config(comp, players=len(comp.seats), sides=()), len(comp.seats), 0)
    probe.card_inf = [seat] * CARDS
    return probe


def _changes() -> Iterator[tuple[int, int]]:
    """(value, new value) of every one-step die change."""
    for v in FACES:
        for d in STEPS:
            if v + d in FACES:
                yield v, v + d


def _fees(comp: Components) -> tuple[str, ...]:
    """No fee, or 1 Silver or 1 Provision to any seat (``cards.fee_text``)."""
    out = [""]
    for seat in range(len(comp.seats)):
        probe = _probe(comp, seat)
        out += [cards.fee_text(probe, 0, way) for way in (1, 2)]
    return tuple(out)


def _die_spaces(comp: Components) -> list[int]:
    """Every die space as a host: the board's (``resolve._die_spaces``), then the cards with a
    die action (Cities and Harbours)."""
    parts = (CITY, HARBOUR, *range(CENTRE, CENTRE + len(comp.centre)))
    return [host(0, p) for p in parts] + [c.index for c in comp.cards if c.action >= 0]


def _names(comp: Components, hosts: Iterable[int]) -> list[str]:
    probe = _probe(comp)
    return [cards.host_name(probe, h) for h in hosts]


def _worker_cards(comp: Components, colour: int, solo: bool) -> list[Card]:
    """The cards a Worker of this colour can stand on: the rows that take it
    (``rows.*.workers``), and in solo the row the opponent puts it on (``opponent.WORKER_ROW``)."""
    rows = [r for r in range(len(CARD_TYPES)) if comp.row_workers[r] >> colour & 1
            or (solo and WORKER_ROW.get(colour) == r)]
    return [comp.cards[c] for r in rows for c in comp.cards_of(r)]


# --- the parts of a bundle ----------------------------------------------------------------


def _roots(comp: Components) -> list[int]:
    """Every compiled effect: an ALL node no other node holds."""
    nodes = comp.nodes
    held = {k for kids in nodes.kids for k in kids}
    return [n for n, kind in enumerate(nodes.kind) if kind == ALL and n not in held]


def _bundle_parts(comp: Components) -> list[int]:
    """Every node that can be an item of a bundle, as the rules push them: an effect's parts
    (``stack._parts``: a new die and the Green Worker taken at once, a Journal Tile's parts
    spread in), the rest of a group once one of its parts is chosen, a paid cost's gain
    (``resolve.apply_path``)."""
    nodes = comp.nodes
    found: dict[int, None] = {}

    def parts(node: int) -> None:
        for kid in nodes.kids[node] if nodes.kind[node] == ALL else (node,):
            op = nodes.op[kid] if nodes.kind[kid] == ATOM else -1
            if op in (NEW_DIE, GREEN_WORKER):
                continue
            if op == JOURNAL_TILE:
                for tile in comp.journal_tiles:
                    parts(tile)
                continue
            item(kid)

    def item(node: int) -> None:
        if node in found:
            return
        found[node] = None
        chosen(node)

    def chosen(node: int) -> None:
        kind = nodes.kind[node]
        if kind == CHOICE:
            for alt in nodes.kids[node]:
                chosen(alt)
        elif kind == ALL:
            for kid in nodes.kids[node]:
                item(kid)
        elif kind == PAY:
            parts(nodes.kids[node][0])

    for root in _roots(comp):
        parts(root)
    return list(found)


# --- the step texts of effect parts -------------------------------------------------------


def _influence_sources(comp: Components, exclude_guild: int) -> list[str]:
    """``resolve._influence_sources``: the supply, or a Guild or a card holding it."""
    return ["", *(f" (from {GUILDS[g]})" for g in range(len(GUILDS)) if g != exclude_guild),
            *(f" (from {c.id})" for c in comp.cards)]


def _prices(top: int) -> range:
    """A price and every discount of it down to nothing."""
    return range(top, -1, -1)


def _card_texts(comp: Components, ctype: int, flags: int) -> list[str]:
    """``resolve.card_steps`` for one row, at every price the row's cards can have."""
    probe = _probe(comp)
    fees = _fees(comp)
    out = []
    for c in comp.cards_of(ctype):
        card = comp.cards[c]
        bases = comp.space_prices if ctype == SPACE else (card.cost,) if ctype == TOWNSFOLK \
            else (0,)
        tops = sorted({resolve.silver_price(probe, b, flags, 0) for b in bases}, reverse=True)
        for price in sorted({p for top in tops for p in _prices(top)}, reverse=True):
            for fee in fees:
                text = f"take {card.id}"
                if price:
                    text += f" ({price} silver{fee})"
                elif fee:
                    text += f" ({fee[2:]})"
                out.append(text)
    if ctype in (LAND, WATER):  # a die's action may draw instead (CTX_DIE)
        name = CARD_TYPES[ctype]
        out += [f"draw {comp.draw_keep} {name} (pigeon)",
                f"draw {comp.draw_keep} {name} (1 provision)"]
    return out


def _tile_texts(comp: Components, colour: int, flags: int) -> list[str]:
    """``resolve.tile_steps`` for one colour: each tile and face, each way to pay."""
    ways: list[str] = []
    for text, silver, guild in resolve.tile_price(_probe(comp), colour, flags, 0):
        if guild < 0 and silver > 0:
            ways += [f"{s} silver" for s in _prices(silver)]
        else:
            ways.append(text)
    out = []
    for tile in resolve.tiles_of(colour):
        for face in range(len(tile.faces)):
            face_text = f" face {'ab'[face]}" if len(tile.faces) > 1 else ""
            out += [f"take tile {tile.id}{face_text} ({way})" for way in ways]
    return out


def _atom_texts(comp: Components, node: int) -> list[str]:
    """``resolve.atom_steps``, every text an operation can offer."""
    nodes = comp.nodes
    op, amount, param, flags = (nodes.op[node], nodes.amount[node], nodes.param[node],
                                nodes.flags[node])
    if op == SILVER:
        return [f"gain {amount} silver"]
    if op == PROVISION:
        return [f"gain {amount} provision" + ("s" if amount > 1 else "")]
    if op == INFLUENCE:
        guilds = range(len(GUILDS)) if param == ANY_GUILD else (param,)
        return [f"{GUILDS[g]} influence{t}" for g in guilds for t in _influence_sources(comp, g)]
    if op == CARD_INFLUENCE:
        return [f"influence on {c.id}{t}" for c in comp.cards
                for t in _influence_sources(comp, -1) if t != f" (from {c.id})"]
    if op == MOVE_INFLUENCE:
        return [f"move influence {a} to {b}" for a in GUILDS for b in GUILDS if b != a]
    if op == JOURNAL:
        return [f"journal to {dst}" for dst in _link_ends(comp)]
    if op == RETRIEVE:
        return _retrieve_texts(comp)
    if op == REFRESH:
        return ([f"refresh die on {name}" for name in _names(comp, _die_spaces(comp))]
                + [f"reroll die {v}" for v in FACES])
    if op == MODIFY:
        return [f"modify die {v} to {w}" for v, w in _changes()]
    if op == CARD:
        return _card_texts(comp, param, flags)
    if op == DRAW:
        return [f"draw {amount} {CARD_TYPES[param]}"]
    if op == TILE:
        return _tile_texts(comp, param, flags)
    return []  # a new die, the Green Worker, a Journal Tile: resolved when pushed


def _retrieve_texts(comp: Components) -> list[str]:
    """``resolve.retrieve_steps``: any Worker the table can put on a card, fee paid."""
    fees = _fees(comp)
    return [f"retrieve {WORKER_COLOURS[colour]} worker from {card.id}{fee}"
            for colour in range(len(WORKER_COLOURS))
            for card in _worker_cards(comp, colour, solo=True) for fee in fees]


def _link_ends(comp: Components) -> tuple[int, ...]:
    """Every Journal space a link leads to, under either side of each section."""
    ends = {link.dst for links in comp.links_from.values() for link in links}
    return tuple(sorted(ends))


def _pay_texts(comp: Components, node: int) -> list[str]:
    """A cost, and every discount of it, then what it buys (``resolve.pay_step_text``)."""
    nodes = comp.nodes
    gain = nodes.text[nodes.kids[node][0]]
    return [resolve.pay_step_text(s, p, gain) for s in _prices(nodes.param[node])
            for p in _prices(nodes.amount[node])]


def _steps(comp: Components, node: int, memo: dict[object, list[str]]) -> list[str]:
    """``resolve.steps`` of a node: every text it can offer, once per way it is offered. Equal
    operations share one list (the memo's key is what the texts depend on)."""
    nodes = comp.nodes
    kind = nodes.kind[node]
    key: object = node
    if kind == ATOM:
        key = (nodes.op[node], nodes.amount[node], nodes.param[node], nodes.flags[node])
    elif kind == PAY:
        key = (COST, nodes.param[node], nodes.amount[node], nodes.text[nodes.kids[node][0]])
    got = memo.get(key)
    if got is not None:
        return got
    if kind == ATOM:
        got = _atom_texts(comp, node)
    elif kind == PAY:
        got = _pay_texts(comp, node)
    else:  # a choice offers every alternative's steps, a group every distinct part's
        kids = nodes.kids[node] if kind == CHOICE else tuple(dict.fromkeys(nodes.kids[node]))
        got = [t for kid in kids for t in _steps(comp, kid, memo)]
    memo[key] = got
    return got


# Effect steps by operation, in the order the groups are listed.
_EFFECT_GROUPS = (
    ("gain", (SILVER, PROVISION, COST)),
    ("influence", (INFLUENCE,)),
    ("card influence", (CARD_INFLUENCE,)),
    ("move influence", (MOVE_INFLUENCE,)),
    ("journal", (JOURNAL,)),
    ("retrieve", (RETRIEVE,)),
    ("dice", (REFRESH, MODIFY)),
    ("take card", (CARD,)),
    ("draw", (DRAW,)),
    ("take tile", (TILE,)),
)


def _effect_groups(comp: Components) -> list[Group]:
    """The steps of every bundle part as ``resolve.step_text`` names them: a plain part's
    (and a cost paid in full, whose own text is its part's) by operation; then every other
    part's, named by their part."""
    nodes = comp.nodes
    memo: dict[object, list[str]] = {}
    items = _bundle_parts(comp)

    def bare(node: int, text: str) -> bool:
        return nodes.plain[node] or text == nodes.text[node]

    leaves = [n for n in items if nodes.plain[n] or nodes.kind[n] == PAY]
    out: list[Group] = []
    for name, ops in _EFFECT_GROUPS:
        # In the group's order of operations (gains before costs, refreshes before changes),
        # then by row or colour and amount.
        mine = sorted((ops.index(op), nodes.param[n], nodes.amount[n], nodes.flags[n], n)
                      for n in leaves
                      if (op := COST if nodes.kind[n] == PAY else nodes.op[n]) in ops)
        texts: dict[str, None] = {}
        lists: set[int] = set()  # equal operations share one list: read it once
        for *_, n in mine:
            steps = _steps(comp, n, memo)
            if nodes.plain[n] and id(steps) in lists:
                continue
            lists.add(id(steps))
            texts.update((t, None) for t in steps if bare(n, t))
        out.append((name, tuple(texts)))
    out.append(("done", ("done",)))
    # Every other part's steps, named by the part (one node per text: equal texts are equal
    # parts); a step whose own text is its part's text is listed with its operation above.
    parts: dict[str, int] = {}
    for n in items:
        if not nodes.plain[n]:
            parts.setdefault(nodes.text[n], n)
    named: dict[str, None] = {}
    for part in sorted(parts):
        n = parts[part]
        named.update((resolve.step_text(nodes, n, t), None) for t in _steps(comp, n, memo)
                      if not bare(n, t))
    out.append(("named part", tuple(named)))
    return out


# --- the groups ---------------------------------------------------------------------------


def _main(comp: Components) -> Group:
    fees = _fees(comp)
    texts = [f"place die {v}" for v in FACES]
    texts += [f"place {WORKER_COLOURS[colour]} worker on {card.id}{fee}"
              for colour in range(len(WORKER_COLOURS))
              for card in _worker_cards(comp, colour, solo=False) for fee in fees]
    return "main", (*texts, "rest", "use yellow influence")


def _die(comp: Components) -> Group:
    spaces = _names(comp, _die_spaces(comp))
    texts = [f"place die {v} on {name}" for name in spaces for v in FACES]
    texts += [f"caravan: die {v} to {w}" for v, w in _changes()]
    return "die", (*texts, "hire a ship (1 blue influence)")


def _yellow() -> Group:
    texts = [f"yellow: die {v} to {w}" for v, w in _changes()]
    texts += [f"yellow: die {v} on to {w}" for v, w in _changes()]
    texts += [f"yellow: the die to place, {v} to {w}" for v, w in _changes()]
    return "yellow", (*texts, "yellow: no second step")


def _reroll() -> Group:
    return "reroll", (*(f"reroll a {v} kept in supply" for v in FACES), "keep the other dice")


def _tuck(comp: Components) -> Group:
    """Townsfolk under a Land or Water card (the Capital City and Harbour included) showing a
    tag it needs (``cards.tuck_hosts``); Inspiration above a Space card or the Capital Sky, or
    discarded for its slot's action (``turns.legal_insp``)."""
    landscape = [(host(0, CITY), comp.capital_city), (host(0, HARBOUR), comp.capital_harbour)]
    landscape += [(c, comp.cards[c]) for t in (LAND, WATER) for c in comp.cards_of(t)]
    probe = _probe(comp)
    texts = []
    for tf in comp.cards_of(TOWNSFOLK):
        need = comp.cards[tf].hosts
        texts += [f"tuck {comp.cards[tf].id} under {cards.host_name(probe, h)}"
                  for h, card in landscape if any(t in need for t in card.tags)]
    skies = _names(comp, [host(0, SKY), *comp.cards_of(SPACE)])
    slots = comp.slot_actions[INSPIRATION]
    for c in comp.cards_of(INSPIRATION):
        name = comp.cards[c].id
        texts += [f"tuck {name} above {sky}" for sky in skies]
        texts += [f"discard {name} for: {comp.nodes.text[action]}" for action in slots]
    return "tuck", tuple(texts)


def _keep(comp: Components) -> Group:
    """A card drawn to keep: the rows a draw reads (``draw N land``, a die's Land or Water
    card)."""
    nodes = comp.nodes
    rows = sorted({nodes.param[n] for n in range(len(nodes.kind)) if nodes.kind[n] == ATOM
                   and (nodes.op[n] == DRAW or (nodes.op[n] == CARD
                                                and nodes.param[n] in (LAND, WATER)))})
    return "keep", tuple(f"keep {comp.cards[c].id}" for r in rows for c in comp.cards_of(r))


def _place_tile(comp: Components) -> Group:
    shapes = sorted({(t.width, t.height) for t in comp.tiles})
    anchors = sorted({a for w, h in shapes for a, _ in caravan._footprints(w, h)})
    return "place tile", tuple(f"place tile at column {a % 6 + 1} row {a // 6 + 1}"
                               for a in anchors)


def _black(comp: Components) -> Group:
    return "black", (*(f"black influence: journal on to {dst}" for dst in _link_ends(comp)),
                     "no extra journal step")


def _solo(comp: Components) -> Group:
    """``opponent.allow_choices``: the opponent takes a card of any row (each card gain is one
    for it), places a Worker on its colour's row, or retrieves one from any row."""
    whats = [f"take {c.id}" for c in comp.cards]
    whats += [f"place a {WORKER_COLOURS[colour]} worker on {comp.cards[c].id}"
              for colour, row in sorted(WORKER_ROW.items()) for c in comp.cards_of(row)]
    whats += [f"retrieve a {WORKER_COLOURS[colour]} worker from {card.id}"
              for colour in range(len(WORKER_COLOURS))
              for card in _worker_cards(comp, colour, solo=True)]
    texts = []
    for what in whats:
        texts += [f"let the opponent {what} and gain 1 silver",
                  f"let the opponent {what} and gain 1 provision",
                  f"let the opponent {what}",
                  f"deny: pay 1 silver, the opponent may not {what}",
                  f"deny: pay 1 provision, the opponent may not {what}"]
    return "solo", tuple(texts)


@cache
def groups() -> tuple[Group, ...]:
    """The catalogue by kind of decision, in order: (name, texts)."""
    comp = load()
    return (_main(comp), _die(comp), _yellow(), _reroll(), *_effect_groups(comp), _tuck(comp),
            _keep(comp), _place_tile(comp), _black(comp), ("end", ("end turn",)), _solo(comp))


@cache
def actions() -> tuple[str, ...]:
    """Every decision text the game can ever offer, each once, in a stable order."""
    return tuple(t for _, texts in groups() for t in texts)
