"""What the generated code may skip or move because nothing in it can fail or do anything:
small definitions written in place of their calls, the items after the answer of `first`,
`any` or `all` of a comprehension (`cannot_fail`, `valid_items`; codegen.py's `reduced_loop`),
and the leading tests of a menu option asked before its list (`statements._tested_first`).

A call of a definition costs a Python call, which for a one-line test such as
`define holding(p: player): bool = count(p.hand) > 0` costs more than the test, and a rulebook
may ask such a test many times a decision. A definition may be written in place when its body
- has no `where` line (its values are lines of the definition's own function, with locals
  of their own, which an expression written in place has no room for),
- calls no definition and holds no comprehension, lambda, text or table (it is a leaf, so
  writing it in place cannot grow without bound, and it does work of a few units), and
- is made only of parts that cannot fail once each parameter whose field it reads is not none:
  numbers, names, fields of a parameter, `count` of a zone, `==` and `!=` (which never fail),
  `<` and the like between counts, numbers and the game's variables declared with a range
  (which refuse a none), `in` a zone, `not`, `and`, `or` and `if`.
One more form is written in place: a count or search of a zone by a field of its things' data
(`count([c for c in p.hand if c.suit == s])`, `any([c.title == t for c in p.hand])`: `Tally`),
which Python answers itself while the zone holds no more than SMALL things (a longer zone is a
call, charged as before): a count from the field's list of values, a search from the set of the
things holding that value (`codegen.grouped`).
A parameter that might be none is tested where the body is written: `(body if v is not None
else call)`, so a none still goes to the definition itself, and its error names its line as
before. The values given must be plain reads (`plain`), so that reading one where the
body names it twice reads the same value and does nothing else.

What changes is only the work charged: a definition written in place is not charged its body's
few units at each use (a tally, at most a few units for each of SMALL things); the expression
that calls it was charged for the call. Any other definition that loops or calls another is
always a call, so a rulebook that runs away still runs out of budget.

This module decides; codegen.py writes. It must not write Python source.
"""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.dsl import ast as A

MAX_NODES = 12      # a body larger than this is a call: writing it at every use gains little
ORDERED = ("<", "<=", ">", ">=")


@dataclass
class Tally:
    """A definition that counts or looks for the things of a zone by a field of their data:
    `count([c for c in p.hand if c.suit == s])`, `any([c.title == t for c in p.hand])`. Written
    in place, Python answers without a call or a loop of Python lines, while the zone holds no
    more than SMALL things: `count` goes through the zone's field values (`map` of the field's
    list), `any` asks whether the zone shares a thing with the set of those of that value."""
    how: str              # "count" or "any"
    zone: A.Expr          # the zone gone through: a zone of a parameter, or of the game
    field: tuple          # (kind, field) of the things' data compared
    value: A.Expr         # what it is compared with: a parameter, a number, an enum value


@dataclass
class Plan:
    """How to write a definition in place: its declaration, its parameters' slots in order, and
    the slots of those whose fields it reads (each must not be none); `tally` for a count or
    search of a zone (`Tally`), else its body is written as it is."""
    decl: A.DefineDecl
    slots: list
    guarded: set
    tally: Tally | None = None


def plan(compiler, name: str):
    """The Plan for writing definition `name` in place, or None when it must be called (worked
    out once per compile, in `compiler.inline_plans`)."""
    plans = compiler.inline_plans
    if name not in plans:
        plans[name] = _plan(compiler, name)
    return plans[name]


def _plan(compiler, name: str):
    sym = compiler.c.symbols.get(name)
    decl = getattr(sym, "decl", None)
    if not isinstance(decl, A.DefineDecl) or decl.body is None or isinstance(decl.body, A.Where):
        return None      # (a `where` value is a line of the definition's own function: never in place)
    slots = [compiler.c.slots.get(id(p)) for p in decl.params]
    if None in slots:
        return None
    if compiler.walks.size(decl.body) > MAX_NODES:
        return None
    guarded: set = set()
    tally = _tally(compiler, decl.body, set(slots), guarded)
    if tally is not None:
        return Plan(decl, slots, guarded, tally)
    if not cannot_fail(compiler, decl.body, set(slots), set(slots), guarded):
        return None
    return Plan(decl, slots, guarded)


def _tally(c, body, params: set, guarded: set):
    """The Tally `body` is, or None: `count` of the things of a zone whose data field equals a
    value, or `any` of that comparison, over a zone of the game or of a parameter (then guarded:
    a none still goes to the definition), compared with a plain read that cannot fail (a
    parameter, a variable of the game, a constant)."""
    from .statements import _mentions
    if not isinstance(body, A.Call) or len(body.args) != 1 or not isinstance(body.args[0], A.Comprehension):
        return None
    ref = c.refs.get(id(body))
    how = ref[1] if ref is not None and ref[0] != "define" else None
    comp = body.args[0]
    if how == "count" and isinstance(comp.expr, A.Name) and comp.expr.name == comp.var:
        test = comp.cond
    elif how == "any" and comp.cond is None:
        test = comp.expr
    else:
        return None
    if not isinstance(test, A.Binary) or test.op != "==":
        return None
    read: set = set()
    for mine, other in ((test.left, test.right), (test.right, test.left)):
        field = c.refs.get(id(mine)) if isinstance(mine, A.Field) else None
        if field is None or field[0] != "attr" or not isinstance(mine.obj, A.Name) or mine.obj.name != comp.var \
                or c.refs.get(id(mine.obj), ("",))[0] != "local":
            continue
        if _mentions(other, comp.var) or not isinstance(other, (A.Name, A.Lit, A.ThingRef)) \
                or not cannot_fail(c, other, params, set(), read):
            return None
        if not _zone(c, comp.iterable, params) or _mentions(comp.iterable, comp.var):
            return None
        owner = _local(c, comp.iterable.obj, params) if isinstance(comp.iterable, A.Field) else None
        if owner is not None:
            guarded.add(owner)
        return Tally(how, comp.iterable, (field[1], field[2]), other)
    return None


def cannot_fail(c, expr, names, fieldable: set, read: set) -> bool:
    """Can `expr` neither fail nor do anything (draw, charge work, call a definition), given that
    the locals in `fieldable` are not none? It may name the locals in `names` (any local if
    None), and read fields only of those in `fieldable`; `read` gets the ones whose fields it
    reads."""
    return all(_safe(c, node, names, fieldable, read) for node in c.walks.walk(expr, statements=False))


def valid_items(c, iterable) -> bool:
    """Are the items of `iterable` never none: the things of a kind, the players, or a zone's?"""
    ref = c.refs.get(id(iterable))
    if ref is None:
        return False
    if isinstance(iterable, A.Name):
        return ref[0] in ("kind", "enum_list") or (ref[0] == "value" and ref[1] == "players") or _zone(c, iterable, None)
    return isinstance(iterable, A.Field) and _zone(c, iterable, None)


def _safe(c, node, names, fieldable: set, read: set) -> bool:
    """Can `node` not fail, and do nothing? Each node of an expression is asked in turn, so a node
    answers only for itself and what it reads directly."""
    refs, types = c.refs, c.types
    if isinstance(node, (A.Lit, A.ThingRef)):
        return True
    if isinstance(node, A.Name):
        ref = refs.get(id(node))
        if ref is None:
            return False
        if ref[0] == "local":
            return names is None or ref[1] in names
        if ref[0] == "value":
            return ref[1] in ("current", "player_count", "turn_number")
        return ref[0] in ("global", "enum", "enum_list", "option")
    if isinstance(node, A.Field):
        ref = refs.get(id(node))
        slot = _local(c, node.obj, fieldable)
        if ref is None or ref[0] not in ("attr", "field", "pvar") or slot is None:
            return False
        read.add(slot)
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
            return _zone(c, node.right, fieldable)
        return False
    if isinstance(node, A.Call):
        ref = refs.get(id(node))
        return ref is not None and ref[0] != "define" and ref[1] == "count" and len(node.args) == 1 \
            and _zone(c, node.args[0], fieldable)
    return False


def _local(c, node, slots: set):
    """The slot of `node` if it names one of the locals `slots`, else None."""
    if isinstance(node, A.Name):
        ref = c.refs.get(id(node))
        if ref is not None and ref[0] == "local" and ref[1] in slots:
            return ref[1]
    return None


def _whole_number(c, node) -> bool:
    """A number that is never none: one written in the rules, a count, or the game's variable
    declared with a range (`var actions_left: int in 0 to 3`), which refuses a none."""
    if isinstance(node, A.Lit):
        return type(node.value) is int
    if isinstance(node, A.Call):
        ref = c.refs.get(id(node))
        return ref is not None and ref[0] != "define" and ref[1] == "count"
    if isinstance(node, A.Name):
        ref, sym = c.refs.get(id(node)), c.c.symbols.get(node.name)
        return ref is not None and ref[0] == "global" and sym is not None and \
            isinstance(sym.decl, A.VarDecl) and sym.decl.low is not None
    return False


def _zone(c, node, fieldable) -> bool:
    """A zone (always a list, of things never none): a global zone, a player's or a thing's zone
    (of a local in `fieldable`, whose Field is asked too; of anything when `fieldable` is None,
    for a list whose items are asked about, not read)."""
    ref = c.refs.get(id(node))
    if ref is None or not c.types.get(id(node), "").startswith("list:"):
        return False
    if isinstance(node, A.Name):
        sym = c.c.symbols.get(node.name)
        return ref[0] == "global" and sym is not None and isinstance(sym.decl, A.ZoneDecl)
    if not isinstance(node, A.Field) or (fieldable is not None and _local(c, node.obj, fieldable) is None):
        return False
    if ref[0] == "pvar":
        sym = c.c.symbols.get(node.name)
        return sym is not None and isinstance(sym.decl, A.ZoneDecl)
    if ref[0] == "field":
        kind = c.c.symbols.get(ref[1])
        return kind is not None and any(z.name == ref[2] for z in getattr(kind.decl, "zones", ()))
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

