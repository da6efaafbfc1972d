"""The small pieces of the 12 Rivers table as SVG: supply cards, fairies, pearls and the
badges that tell apart several decisions on one piece.

Every function returns SVG text. A piece that is a target has its shape first (so the page's
highlight outlines it), its name (``data-piece``) and a tooltip inside the shape."""

from __future__ import annotations

from html import escape

from upriver.core.drawing import piece, target, title

CARD_W, CARD_H = 34, 44
# A colour per supply card kind, so a hand reads at a glance; the name is printed too.
CARD_FILL = {"banner": "#c0392b", "lantern": "#e67e22", "supplies": "#8d6e4a",
             "fishing net": "#2a8c82", "instrument": "#7b5ea7", "camp card": "#4f8a3a"}
FAIRY_FILL = {"fire": "#e4572e", "earth": "#8d6e4a", "wind": "#9ec5e8", "light": "#f6d55c",
              "water": "#3c8dde", "bonfire": "#e4572e", "breeze": "#9ec5e8",
              "cloud": "#d7dde3", "mushroom": "#b5651d", "river": "#3c8dde"}
FAIRY_INK = {"wind": "#123", "light": "#332", "breeze": "#123", "cloud": "#123"}

PEARL_FILL = {"green": "#4caf50", "blue": "#2f7de1", "pink": "#e86aa6", "purple": "#8e44ad",
              "white": "#f4f4f4"}
# A letter on every pearl, so colours need not be told apart by hue alone.
PEARL_LETTER = {"green": "G", "blue": "B", "pink": "P", "purple": "U", "white": "W"}
PEARL_INK = {"green": "#fff", "blue": "#fff", "pink": "#222", "purple": "#fff", "white": "#222"}


def label(x: float, y: float, text: str, size: float, fill: str = "#222", *,
          bold: bool = False) -> str:
    """Centred text on a piece that lets clicks through to the piece."""
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="middle" '
            f'fill="{fill}"{weight} pointer-events="none">{escape(text)}</text>')


def _words(kind: str) -> list[str]:
    """A card's name on up to two lines ("fishing" / "net")."""
    parts = kind.split()
    if len(parts) > 1:
        return [parts[0], " ".join(parts[1:])]
    return [kind]


def card(x: float, y: float, kind: str, count: int | None, action: str | None,
         legal: set[str], name: str, tip: str, *, face_down: bool = False) -> str:
    """A supply card (or, ``face_down``, the draw pile) with its name and how many."""
    fill = "#6b7b8c" if face_down else CARD_FILL.get(kind, "#777")
    out = [f"<g{target(action, legal)}{piece(name, count if count is not None else kind)}>"
           f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#fff" '
           f'stroke="#555">{title(tip)}</rect>'
           f'<rect x="{x + 2:g}" y="{y + 2:g}" width="{CARD_W - 4}" height="12" rx="2" '
           f'fill="{fill}" pointer-events="none"/>']
    if face_down:  # the backs of the cards below the top one
        out.append(f'<path d="M{x + 3:g} {y + CARD_H + 2:g}h{CARD_W - 4}v-{CARD_H - 4}" '
                   f'fill="none" stroke="#555" pointer-events="none"/>')
    for k, word in enumerate(_words(kind)):
        out.append(label(x + CARD_W / 2, y + 24 + k * 9, word, 8 if len(word) < 10 else 7))
    if count is not None:
        out.append(label(x + CARD_W / 2, y + CARD_H - 3, f"\u00d7{count}", 10, bold=True))
    out.append("</g>")
    return "".join(out)


def fairy(cx: float, cy: float, kind: str, count: int, action: str | None, legal: set[str],
          name: str, tip: str, r: float = 11) -> str:
    """A fairy token: a disc in its power's colour with its name's first two letters and a
    count when more than one."""
    ink = FAIRY_INK.get(kind, "#fff")
    out = [f"<g{target(action, legal)}{piece(name, count)}>"
           f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{FAIRY_FILL.get(kind, "#bbb")}" '
           f'stroke="#6b4e00" stroke-width="1.2">{title(tip)}</circle>'
           f'<text x="{cx:g}" y="{cy + r * 0.35:g}" font-size="{r * 0.9:.1f}" '
           f'text-anchor="middle" fill="{ink}" font-weight="bold" pointer-events="none">'
           f"{escape(kind[:2].capitalize())}</text>"]
    if count > 1:
        out.append(f'<circle cx="{cx + r * 0.8:g}" cy="{cy - r * 0.8:g}" r="{r * 0.5:g}" '
                   f'fill="#fff" stroke="#333" stroke-width=".6" pointer-events="none"/>'
                   f'<text x="{cx + r * 0.8:g}" y="{cy - r * 0.6:g}" font-size="{r * 0.6:.1f}" '
                   f'text-anchor="middle" pointer-events="none">{count}</text>')
    out.append("</g>")
    return "".join(out)


def pearl(colour: str, x: float, y: float, r: float = 6, *, action: str | None = None,
          legal: set[str] | frozenset[str] = frozenset(), name: str = "", tip: str = "") -> str:
    """A pearl with its colour's letter; a target and a piece when given ``action``/``name``."""
    named = piece(name, colour) if name else ""
    return (f"<g{target(action, legal)}{named}><circle cx=\"{x:.1f}\" cy=\"{y:.1f}\" "
            f'r="{r}" fill="{PEARL_FILL[colour]}" stroke="#333" stroke-width="0.7">'
            f"{title(tip or colour + ' pearl')}</circle>"
            f'<text x="{x:.1f}" y="{y + r * 0.45:.1f}" font-size="{r * 1.2:.1f}" '
            f'text-anchor="middle" fill="{PEARL_INK[colour]}" pointer-events="none">'
            f"{PEARL_LETTER[colour]}</text></g>")


def _mark(x: float, y: float, sign: str) -> str:
    """A small "+" (green) or "-" (red) disc at a pearl's corner."""
    fill = "#2e7d32" if sign == "+" else "#c62828"
    bar = f"M{x - 2.5:g} {y:g}h5" + (f"M{x:g} {y - 2.5:g}v5" if sign == "+" else "")
    return (f'<circle cx="{x:g}" cy="{y:g}" r="4" fill="{fill}" pointer-events="none"/>'
            f'<path d="{bar}" stroke="#fff" stroke-width="1.4" pointer-events="none"/>')


def pearls_moving(x: float, y: float, taken: str, dropped: str | None, action: str,
                  legal: set[str], name: str, tip: str) -> tuple[str, float]:
    """A choice made of pearls: the pearl taken (+) and the one dropped from the alpaca (-),
    or the pearl taken crossed out when it is dropped itself. Returns the SVG and its right
    edge."""
    w = 26 if dropped is None else 46
    still = '<g pointer-events="none">'
    out = [f"<g{target(action, legal)}{piece(name, '-')}>"
           f'<rect x="{x:g}" y="{y:g}" width="{w}" height="24" rx="12" fill="#eef6ff" '
           f'stroke="#5b8fc7">{title(tip)}</rect>',
           pearl(taken, x + 13, y + 12, 7).replace("<g>", still, 1)]
    if dropped is None:
        out.append(f'<path d="M{x + 6:g} {y + 5:g}l14 14m0 -14l-14 14" stroke="#c62828" '
                   f'stroke-width="2" pointer-events="none"/>')
    else:
        out.append(_mark(x + 19, y + 6, "+")
                   + pearl(dropped, x + 33, y + 12, 7).replace("<g>", still, 1)
                   + _mark(x + 39, y + 6, "-"))
    out.append("</g>")
    return "".join(out), x + w + 4


def pair_badge(x: float, y: float, kind: str, variant: int, action: str,
                legal: set[str], seat: int) -> str:
    """How a pair is played, drawn: two cards, a card and a fire fairy, or two fire fairies."""
    words = {0: f"two {kind} cards", 1: f"a {kind} card and a fire fairy",
             2: "two fire fairies"}[variant]
    out = [f"<g{target(action, legal)}{piece(f'pair:{seat}:{kind}:{variant}', '-')}>"
           f'<rect x="{x:g}" y="{y:g}" width="26" height="18" rx="4" fill="#eef6ff" '
           f'stroke="#5b8fc7">{title(f"{action}: {words}")}</rect>']
    for k in range(2):
        cx = x + 7 + k * 12
        if (variant == 0) or (variant == 1 and k == 0):
            out.append(f'<rect x="{cx - 4:g}" y="{y + 3:g}" width="8" height="12" rx="1.5" '
                       f'fill="{CARD_FILL.get(kind, "#777")}" stroke="#333" stroke-width=".6" '
                       f'pointer-events="none"/>')
        else:
            out.append(f'<circle cx="{cx:g}" cy="{y + 9:g}" r="4.5" fill="#e4572e" '
                       f'stroke="#6b4e00" stroke-width=".8" pointer-events="none"/>')
    out.append("</g>")
    return "".join(out)


def spot_badge(x: float, y: float, colour: str | None, action: str, words: str,
                legal: set[str], name: str, number: int) -> str:
    """One way to fill a spot: the pearl that would go there (a rainbow for the mushroom),
    with a light fairy's yellow dot when the fairy lends it its colour, numbered when two
    look alike."""
    fill = "url(#rainbow)" if colour is None else PEARL_FILL[colour]
    out = [f"<g{target(action, legal)}{piece(name, '-')}>"
           f'<circle cx="{x:g}" cy="{y:g}" r="6" fill="{fill}" stroke="#333">'
           f"{title(f'{action}: {words}')}</circle>"]
    if action.endswith("with light fairy"):
        out.append(f'<circle cx="{x + 6:g}" cy="{y - 5:g}" r="2.6" fill="#f6d55c" '
                   f'stroke="#6b4e00" stroke-width=".6" pointer-events="none"/>')
    if colour is not None:
        out.append(label(x, y + 2.6, f"{PEARL_LETTER[colour]}{number or ''}", 7,
                         PEARL_INK[colour]))
    out.append("</g>")
    return "".join(out)
