"""Small definitions written in place: which definitions the generated code may write as their
own expression where they are called, rather than as a call.

A call of a definition costs a Python call, which for a one-line test such as
`define cardholder(p: player): bool = count(p.hand) > 0` costs more than the test: Smackatoa asks
that one twenty times a decision. A definition may be written in place when its body
- calls no definition and holds no comprehension, lambda, text or table (it is a leaf, so
  writing it in place cannot grow without bound, and it does work of a few units), and
- is made only of parts that cannot fail once each parameter whose field it reads is not none:
  numbers, names, fields of a parameter, `count` of a zone, `==` and `!=` (which never fail),
  `<` and the like between counts and numbers, `in` a zone, `not`, `and`, `or` and `if`.
A parameter that might be none is tested where the body is written: `(body if v is not None
else call)`, so a none still goes to the definition itself, and its error names its line as
before. The values given must be plain reads (`Source.plain`), so that reading one where the
body names it twice reads the same value and does nothing else.

What changes is only the work charged: a definition written in place is not charged its body's
few units at each use; the expression that calls it was charged for the call. A definition that
loops or calls another is always a call, so a rulebook that runs away still runs out of budget.

This module decides; codegen.py writes. It must not write Python source.
"""
from __future__ import annotations

from tabletop.dsl import ast as A

MAX_NODES = 12      # a body larger than this is a call: writing it at every use gains little
ORDERED = ("<", "<=", ">", ">=")


class Plan:
    """How to write a definition in place: its declaration, its parameters' slots in order, and
    the slots of those whose fields it reads (each must not be none)."""

    def __init__(self, decl, slots: list, guarded: set):
        self.decl, self.slots, self.guarded = decl, slots, guarded


def plan(compiler, name: str):
    """The Plan for writing definition `name` in place, or None when it must be called."""
    plans = compiler.__dict__.setdefault("inline_plans", {})
    if name not in plans:
        plans[name] = _plan(compiler, name)
    return plans[name]


def _plan(compiler, name: str):
    sym = compiler.c.symbols.get(name)
    decl = getattr(sym, "decl", None)
    if not isinstance(decl, A.DefineDecl) or decl.body is None:
        return None
    slots = [compiler.c.slots.get(id(p)) for p in decl.params]
    if None in slots:
        return None
    nodes = list(A.walk(decl.body, statements=False))
    if len(nodes) > MAX_NODES:
        return None
    guarded: set = set()
    if not all(_safe(compiler, node, set(slots), guarded) for node in nodes):
        return None
    return Plan(decl, slots, guarded)


def _safe(c, node, params: set, guarded: set) -> bool:
    """Can `node` not fail (with the parameters in `guarded` not none)? Each node of the body is
    asked in turn, so a node need only answer for itself and what it reads directly."""
    refs, types = c.refs, c.types
    if isinstance(node, A.Lit):
        return True
    if isinstance(node, A.Name):
        ref = refs.get(id(node))
        if ref is None:
            return False
        if ref[0] == "local":
            return ref[1] in params
        if ref[0] == "value":
            return ref[1] in ("current", "player_count", "turn_number")
        return ref[0] in ("global", "enum", "option")
    if isinstance(node, A.ThingRef):
        return True
    if isinstance(node, A.Field):
        ref = refs.get(id(node))
        slot = _param(c, node.obj, params)
        if ref is None or ref[0] not in ("attr", "field", "pvar") or slot is None:
            return False
        guarded.add(slot)
        return True
    if isinstance(node, A.Unary):
        return node.op == "not"
    if isinstance(node, A.Cond):
        return True
    if isinstance(node, A.Binary):
        if node.op in ("==", "!=", "and", "or"):
            return not (types.get(id(node.left), "").startswith("list:") or types.get(id(node.right), "").startswith("list:"))
        if node.op in ORDERED:
            return _whole_number(c, node.left) and _whole_number(c, node.right)
        if node.op in ("in", "not in"):
            return _zone(c, node.right, params)
        return False
    if isinstance(node, A.Call):
        ref = refs.get(id(node))
        return ref is not None and ref[0] != "define" and ref[1] == "count" and len(node.args) == 1 \
            and _zone(c, node.args[0], params)
    return False


def _param(c, node, params: set):
    """The slot of `node` if it names one of the parameters, else None."""
    if isinstance(node, A.Name):
        ref = c.refs.get(id(node))
        if ref is not None and ref[0] == "local" and ref[1] in params:
            return ref[1]
    return None


def _whole_number(c, node) -> bool:
    """A number that is never none: one written in the rules, or a count."""
    if isinstance(node, A.Lit):
        return type(node.value) is int
    if isinstance(node, A.Call):
        ref = c.refs.get(id(node))
        return ref is not None and ref[0] != "define" and ref[1] == "count"
    return False


def _zone(c, node, params: set) -> bool:
    """A zone (always a list): a global zone, or a parameter's zone (the Field is asked too)."""
    if not c.types.get(id(node), "").startswith("list:"):
        return False
    ref = c.refs.get(id(node))
    if isinstance(node, A.Name):
        sym = c.c.symbols.get(node.name)
        return ref is not None and ref[0] == "global" and sym is not None and isinstance(sym.decl, A.ZoneDecl)
    if isinstance(node, A.Field):
        sym = c.c.symbols.get(node.name)
        return ref is not None and ref[0] == "pvar" and sym is not None and isinstance(sym.decl, A.ZoneDecl) \
            and _param(c, node.obj, params) is not None
    return False


def plain(node, refs) -> bool:
    """Is a value given to a definition a plain read: a number or yes/no, a parameter or item,
    a rule's or the game's variable, an enum value? Reading it twice gives the same and does
    nothing else."""
    if isinstance(node, A.Lit):
        return True
    if isinstance(node, A.Name):
        ref = refs.get(id(node))
        return ref is not None and ref[0] in ("local", "global", "enum")
    return False

