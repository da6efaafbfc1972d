"""The formula language of scores, Inspiration goals and Journal link requirements.

A formula is a small arithmetic expression over a player's counts (rulebook 004, "Scoring";
checklist WF-OP-26, WF-OP-27): whole numbers, ``+ - * //``, ``min``/``max``, comparisons and
``a if cond else b``. Names are the count names of ``TERMS``. A formula is checked once when the
components load and compiled to a function of a seat's count list.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

# Tags first, in the order of the tag list of rulebook 004 ("Tags").
TAGS = ("city", "vista", "harbour", "open_water", "observatory", "library",
        "stars", "planet", "sun", "moon", "comet")
CARD_COUNTS = ("land_cards", "water_cards", "space_cards", "townsfolk_cards", "inspiration_cards")
TILE_COUNTS = ("basic_tiles", "land_tiles", "water_tiles", "space_tiles", "special_tiles")
OTHER = ("tiles", "black", "yellow", "blue", "silver", "provisions", "comet_lead")
TERMS = TAGS + CARD_COUNTS + TILE_COUNTS + OTHER
INDEX = {name: i for i, name in enumerate(TERMS)}

Formula = Callable[[Sequence[int]], int]

_ALLOWED = (ast.Expression, ast.BinOp, ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Constant,
            ast.Name, ast.Load, ast.Call, ast.IfExp, ast.Compare, ast.GtE, ast.Gt, ast.LtE,
            ast.Lt, ast.Eq, ast.UnaryOp, ast.USub)


class FormulaError(ValueError):
    pass


class _Terms(ast.NodeTransformer):
    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in ("min", "max"):
            return node
        if node.id not in INDEX:
            raise FormulaError(f"unknown name {node.id!r}")
        return ast.copy_location(ast.Subscript(
            value=ast.Name(id="c", ctx=ast.Load()), slice=ast.Constant(INDEX[node.id]),
            ctx=ast.Load()), node)


def compile_formula(text: str) -> Formula:
    """``text`` as a function of a count list; a bad formula raises ``FormulaError``."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise FormulaError(f"cannot read formula {text!r}: {exc.msg}") from None
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED):
            raise FormulaError(f"formula {text!r} uses {type(node).__name__}, not allowed")
        if isinstance(node, ast.Call) and not (
                isinstance(node.func, ast.Name) and node.func.id in ("min", "max")):
            raise FormulaError(f"formula {text!r} calls something other than min or max")
        if isinstance(node, ast.Constant) and not isinstance(node.value, int):
            raise FormulaError(f"formula {text!r} has a value that is not a whole number")
    try:
        tree = ast.fix_missing_locations(_Terms().visit(tree))
    except FormulaError as exc:
        raise FormulaError(f"formula {text!r}: {exc}") from None
    body = compile(ast.Expression(body=tree.body), "<formula>", "eval")
    # ``_whole`` cannot be named by a formula (only min, max and the terms can), and taking the
    # whole number inside the one function saves a call on every score the bots look at.
    env = {"__builtins__": {}, "min": min, "max": max, "_whole": int}
    fn: Formula = eval(f"lambda c: _whole({ast.unparse(tree.body)})", env)
    del body
    return fn
