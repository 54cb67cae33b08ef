"""Which decisions can never offer two options of the same label: proved once, at compile time.

`statements._ask_one` looks for twins among a decision's labels (a set of them) at every
decision, so that options of the same words are merged or numbered (`statements._distinct`). A
menu of many options whose labels can never be equal needs no such look: Taboo's action menu
offers about thirteen, "Move to {s.name}" for the spaces next to the pawn, "Fly to {s.name}",
"Shore up {s.name}", "Pass", and so on. `never_twins` proves that of a decision, or says no:

- **Between options.** What each option's label can read is worked out as a small language
  (`Words`: texts in a row, each part a literal, one of a finite set of texts, a number, or
  anything), a superset of the texts it can make. Two options cannot make the same text when
  their finite sets of texts do not meet, when no text of one fits the other's pattern, or when
  their fixed beginnings or endings differ ("Move to " and "Fly to ").
- **Within an option.** Its list can hold no item twice (`unique`: the things of a kind, an
  enum's values, a comprehension keeping its items of such a list, the grid's neighbours,
  diagonals, `within`, `reachable`, `line_from` of one space, `[x] + neighbours(x)` and the
  like whose parts lie apart on the grid, `pairs` and `product` of such lists, a definition
  giving one), and its label tells its items apart: every text it can make, worked out item by
  item over the item's kind or enum, names one item (`{s.name}` over records whose names differ).

Anything it does not know is "could be twins": the look stays. It reads only the AST, the
checker's resolutions and types and the rulebook's fixed data (names, data fields, the grid's
layout never changes); it must not guess, evaluate a game, or write source.
"""
from __future__ import annotations

import itertools
import re

from tabletop.dsl import ast as A
from tabletop.dsl import types as T

from . import codegen

LIMIT = 1024          # texts worked out for one option, at most: a larger label is not proved
MAX_ROWS = 16         # ways a label can be made (an `if` in it doubles them), at most
MAX_GAPS = 2          # parts of a label that can be any text or number, at most, for a pattern to be asked
MAX_TEXT = 65_536     # characters of an option's texts, at most, for them to be fitted to a pattern
NUMBER = r"(?:-?[0-9]+|none)"      # an int shown (none: "none")
ANYTHING = "(?s:.*)"

# A part of a label's text: ("lit", text), ("set", frozenset of texts), ("key", path, {value: text})
# (the item's value at `path` shown: the item itself at (), its first at (0,)), ("num",), ("any",).
ANY = (("any",),)


class _Shows:
    """What a shower may ask of the machine for a scalar value (`Machine.show_any` reads nothing
    of the machine for one)."""

    @staticmethod
    def show_any(v):
        from .machine import Machine
        return Machine.show_any(None, v)


# ---------------------------------------------------------------- the proof

def never_twins(c, decision, options: list) -> bool:
    """Can `decision` (a menu or choice of the AST) never offer two options of the same label?
    `options`: per option a tuple (label template or None, the item's slot or None, its list or
    None); a label None shows the item. Worked out from the check alone (its resolutions, types
    and data), so kept with it for the copies of one kept check (`CheckedProgram.answers`): a
    warm load of the same rulebook asks nothing again."""
    if not codegen.writing():       # nothing is played (`tabletop check`): the look costs nothing then
        return False
    kept = c.c.answers.setdefault("never twins", {})
    proved = kept.get(id(decision))
    if proved is None:
        try:
            proved = _never_twins(c, options)
        except RecursionError:      # a chain of definitions deeper than Python's stack: not proved
            proved = False
        kept[id(decision)] = proved
    return proved


def _never_twins(c, options: list) -> bool:
    keys = [unique(c, source, {}, set()) if source is not None else () for _, _, source in options]
    if None in keys:            # a list that may hold an item twice (asked first: it costs least)
        return False
    words, finite = [], []
    for (label, slot, source), told in zip(options, keys):
        elem = T.elem(c.types.get(id(source), T.ANY)) if source is not None else None
        rows = _label_words(c, label, slot, elem)
        if rows is None:
            return False
        words.append(rows)
        made = _texts(rows)
        finite.append(frozenset(t for t, _ in made) if made is not None else None)
        if source is not None and (made is None or not _tells_apart(made, told)):
            return False
    for i in range(len(words)):
        for j in range(i + 1, len(words)):
            if not _apart(words[i], finite[i], words[j], finite[j]):
                return False
    return True


def _tells_apart(made: list, keys: tuple) -> bool:
    """Does each text name one value of the item at the paths `keys` (which tell its items apart)?"""
    named = {}
    for text, given in made:
        if any(p not in given for p in keys):
            return False        # a text not made from those parts of the item cannot tell items apart
        key = tuple(given[p] for p in keys)
        if named.setdefault(text, key) != key:
            return False
    return True


def _apart(a, fa, b, fb) -> bool:
    """Can no text of words `a` be a text of words `b`? (`fa`, `fb`: the sets of their texts, when finite.)"""
    if fa is not None and fb is not None:
        return fa.isdisjoint(fb)
    if fa is not None or fb is not None:
        texts, other = (fa, b) if fa is not None else (fb, a)
        # A pattern of several "anything" parts may try each way of splitting a text: only a
        # few such parts, over texts of bounded length, are asked of `re`
        if any(sum(p[0] in ("any", "num") for p in row) > MAX_GAPS for row in other) \
                or sum(map(len, texts)) > MAX_TEXT:
            return False
        pattern = re.compile("|".join(_pattern(row) for row in other), re.S)
        return not any(pattern.fullmatch(t) for t in texts)
    for x in a:
        for y in b:
            px, py = _fixed_end(x, 0), _fixed_end(y, 0)
            sx, sy = _fixed_end(x, -1), _fixed_end(y, -1)
            if px.startswith(py) or py.startswith(px):
                if sx.endswith(sy) or sy.endswith(sx):
                    return False
    return True


def _fixed_end(row: tuple, end: int) -> str:
    """The text every text of `row` begins (end 0) or ends (end -1) with."""
    parts = row if end == 0 else row[::-1]
    out = []
    for p in parts:
        if p[0] != "lit":
            break
        out.append(p[1])
    return "".join(out if end == 0 else out[::-1])


def _pattern(row: tuple) -> str:
    out = []
    for p in row:
        if p[0] == "lit":
            out.append(re.escape(p[1]))
        elif p[0] in ("set", "key"):
            texts = p[1] if p[0] == "set" else set(p[2].values())
            out.append("(?:" + "|".join(re.escape(t) for t in sorted(texts)) + ")")
        elif p[0] == "num":
            out.append(NUMBER)
        else:
            out.append(ANYTHING)
    return "(?:" + "".join(out) + ")"


def _texts(rows: list) -> list | None:
    """Every text the words can make, each with the item's values it was made of (a dict, path ->
    value), or None when they are not finite or too many."""
    out = []
    for row in rows:
        if any(p[0] in ("num", "any") for p in row):
            return None
        paths: dict = {}          # each path's values: those every part showing it can show
        size = 1
        for p in row:
            if p[0] == "key":
                values = set(p[2])
                paths[p[1]] = paths[p[1]] & values if p[1] in paths else values
            elif p[0] == "set":
                size *= max(len(p[1]), 1)
        for values in paths.values():
            size *= max(len(values), 1)
        if size * len(rows) > LIMIT:
            return None
        order = list(paths)
        for chosen in itertools.product(*[list(paths[k]) for k in order]):
            given = dict(zip(order, chosen))
            pieces = [(p[1],) if p[0] == "lit" else sorted(p[1]) if p[0] == "set" else (p[2][given[p[1]]],)
                      for p in row]
            out += [("".join(x), given) for x in itertools.product(*pieces)]
    return out


# ---------------------------------------------------------------- what a label can read

def _label_words(c, label, slot, elem) -> list | None:
    """The label's words: a list of rows (ways it can be made), each a tuple of parts."""
    if label is None:           # the item shown as it is
        if elem is None:
            return None
        shown = _key_texts(c, elem, c.shower(elem))
        return [(("key", (), shown),)] if shown is not None else ANY_ROWS
    return _words(c, label, {slot: ()} if slot is not None else {}, set())


ANY_ROWS = [ANY]


def _words(c, e, paths: dict, seen: set) -> list:
    """Rows of parts for the text expression `e`; `paths`: slot -> the path of the item it holds."""
    if isinstance(e, A.Template):
        rows = [()]
        for p in e.parts:
            part = [(("lit", p),)] if isinstance(p, str) else _part(c, p, paths, seen)
            rows = [r + q for r in rows for q in part]
            if len(rows) > MAX_ROWS:
                return ANY_ROWS
        return [_merged(r) for r in rows]
    return _part(c, e, paths, seen)


def _merged(row: tuple) -> tuple:
    """Neighbouring literals joined, so that a fixed beginning is one part."""
    out = []
    for p in row:
        if p[0] == "lit" and out and out[-1][0] == "lit":
            out[-1] = ("lit", out[-1][1] + p[1])
        elif not (p[0] == "lit" and p[1] == ""):
            out.append(p)
    return tuple(out)


def _part(c, e, paths: dict, seen: set) -> list:
    """Rows for one part of a template: what showing the value of `e` can give."""
    t = c.types.get(id(e), T.ANY)
    path = _path(c, e, paths)
    if path is not None:
        shown = _key_texts(c, t, c.shower(t))
        if shown is not None:
            return [(("key", path, shown),)]
    if isinstance(e, A.Field) and path is None:
        at = _path(c, e.obj, paths)
        ref = c.refs.get(id(e))
        if at is not None and ref is not None and ref[0] == "attr":
            shown = _field_texts(c, ref[1], ref[2], t)
            if shown is not None:
                return [(("key", at, shown),)]
    if isinstance(e, A.Template):
        return _words(c, e, paths, seen)
    if isinstance(e, A.Cond) and t == T.TEXT:
        rows = _words(c, e.then, paths, seen) + _words(c, e.other, paths, seen)
        return rows if len(rows) <= MAX_ROWS else ANY_ROWS
    if isinstance(e, A.Call) and t == T.TEXT:
        ref = c.refs.get(id(e), ())
        if ref[:1] == ("define",) and ref[1] not in seen:
            decl = c.c.symbols[ref[1]].decl
            given = {}
            for p, a in zip(decl.params, e.args):
                at = _path(c, a, paths)
                if at is not None:
                    given[c.c.slots[id(p)]] = at
            return _words(c, A.where_lines(decl.body)[1], given, seen | {ref[1]})
    return [(_any_of(c, t),)]


def _any_of(c, t: str) -> tuple:
    """What any value of type `t` can be shown as."""
    if t == T.INT:
        return ("num",)
    shown = _key_texts(c, t, c.shower(t))
    if shown is not None:
        return ("set", frozenset(shown.values()))
    return ("any",)


def _path(c, e, paths: dict):
    """The path in the item that `e` reads (the item itself, or its k-th value), or None."""
    if isinstance(e, A.Name):
        ref = c.refs.get(id(e), ())
        if ref[:1] == ("local",) and ref[1] in paths:
            return paths[ref[1]]
        return None
    if isinstance(e, A.Index) and not e.more_keys and isinstance(e.key, A.Lit) \
            and type(e.key.value) is int and e.key.value >= 0 and c.refs.get(id(e), ("",))[0] != "table":
        at = _path(c, e.obj, paths)
        return at + (e.key.value,) if at is not None else None
    return None


def _key_texts(c, t: str, show) -> dict | None:
    """Each value of type `t` (a thing of a kind, an enum's value, yes/no; none too) -> its text,
    or None for a type of too many values."""
    if t.startswith("thing:"):
        values = list(range(len(c.out.kind_names.get(t[6:], ()))))
        if len(values) > LIMIT:
            return None
    elif t.startswith("enum:"):
        values = sorted(c.out.enum_values.get(t[5:], ()))
        if len(values) > LIMIT:
            return None
    elif t == T.BOOL:
        values = [True, False]
    else:
        return None
    try:
        shown = {v: show(_Shows, v) for v in values + [None]}
    except Exception:
        return None
    return shown if all(type(x) is str for x in shown.values()) else None


def _field_texts(c, kind: str, name: str, t: str) -> dict | None:
    """Each thing of `kind` -> its data field `name` shown (a thing whose field is none, or that
    cannot be shown, has no text: reading it fails or is not known)."""
    values = c.out.static.get(kind, {}).get(name)
    if values is None or len(values) > LIMIT or not (t in (T.INT, T.TEXT, T.BOOL) or t.startswith("enum:")):
        return None
    show = c.shower(t)
    out = {}
    for i, v in enumerate(values):
        if v is None or type(v) not in (int, str, bool):
            return None
        try:
            out[i] = show(_Shows, v)
        except Exception:
            return None
    return out


# ---------------------------------------------------------------- lists that hold nothing twice

ALL = frozenset({"self", "orth", "diag", "far"})     # where a grid list's spaces lie from one space
NOT_SELF = frozenset({"orth", "diag", "far"})
SPREAD = {"neighbours": frozenset({"orth"}), "diagonals": frozenset({"diag"}), "within": NOT_SELF,
          "reachable": NOT_SELF, "line_from": NOT_SELF}
SCOPE = "scope"       # the key of `env` naming whose evaluation its locals are
KEEPS = frozenset({"sort", "reverse", "rest", "take", "drop"})     # a list of some of the items, each once


def unique(c, e, env: dict, seen: set):
    """The paths that tell the items of list `e` apart when it can hold no item twice (`((),)`:
    the items themselves; `((0,), (1,))`: pairs, told apart by their two values), or None."""
    u = _unique(c, e, env, seen)
    return u[0] if u is not None else None


def _anchor(c, e, env: dict):
    """A value read twice in one evaluation that is the same both times (a variable, a local, a
    parameter, a thing named): its key, or None. A definition is not one (it may roll a die)."""
    if isinstance(e, A.ThingRef):
        return ("thing", e.kind, e.name)
    if isinstance(e, A.Name):
        ref = c.refs.get(id(e), ())
        if ref[:1] == ("local",):
            given = env.get(ref[1])
            if given is not None:
                return given[1] if given[0] == "anchor" else None
            # a local of this definition's own evaluation: its slot may be another's elsewhere
            return ("local", env.get(SCOPE), ref[1])
        if ref[:1] == ("global",):
            return ref
    return None


def _unique(c, e, env: dict, seen: set):
    """(paths, anchor, where) for a list that holds nothing twice: `anchor` a space (`_anchor`)
    its items lie `where` from (`ALL` when not known), else None."""
    if isinstance(e, A.Name):
        ref = c.refs.get(id(e), ())
        if ref[:1] in (("kind",), ("enum_list",)):
            return (((),), None, ALL)
        if ref[:1] == ("local",):
            given = env.get(ref[1])
            return given[1] if given is not None and given[0] == "list" else None
        if ref[:1] == ("define",):
            return _defined(c, e, ref[1], [], env, seen)
        return None
    if isinstance(e, A.Comprehension):
        slot = c.c.slots.get(id(e))
        if isinstance(e.expr, A.Name) and c.refs.get(id(e.expr), ()) == ("local", slot):
            return _unique(c, e.iterable, env, seen)       # some of the items, each as it is
        return None
    if isinstance(e, A.Where):
        wheres, value = A.where_lines(e)
        env = dict(env)
        for w in wheres:        # a `where` value that is a space read once: the space itself
            at = _anchor(c, w.value, env)
            env[c.c.slots[id(w)]] = ("anchor", at) if at is not None else ("other",)
        return _unique(c, value, env, seen)
    if isinstance(e, A.Cond):
        a, b = _unique(c, e.then, env, seen), _unique(c, e.other, env, seen)
        if a is None or b is None or a[0] != b[0]:
            return None
        return (a[0], a[1], a[2] | b[2]) if a[1] is not None and a[1] == b[1] else (a[0], None, ALL)
    if isinstance(e, A.ListLit):
        if len(e.items) <= 1:
            at = _anchor(c, e.items[0], env) if e.items else None
            return (((),), at, frozenset({"self"}) if at is not None else ALL)
        if all(isinstance(x, A.Lit) and type(x.value) is int for x in e.items) \
                and len({x.value for x in e.items}) == len(e.items):
            return (((),), None, ALL)
        named = [c.refs.get(id(x), ()) for x in e.items]
        if all(isinstance(x, A.Name) and r[:1] == ("enum",) for x, r in zip(e.items, named)) \
                and len({r[1] for r in named}) == len(named):
            return (((),), None, ALL)
        return None
    if isinstance(e, A.Binary) and e.op == "+":
        a, b = _unique(c, e.left, env, seen), _unique(c, e.right, env, seen)
        if a is None or b is None or a[0] != ((),) or b[0] != ((),):
            return None
        if a[1] is not None and a[1] == b[1] and not (a[2] & b[2]):
            return (((),), a[1], a[2] | b[2])      # apart on the grid, from the same space
        return None
    if isinstance(e, A.Call):
        ref = c.refs.get(id(e), ())
        if ref[:1] == ("define",):
            return _defined(c, e, ref[1], e.args, env, seen)
        if ref[:1] != ("builtin",):
            return None
        name = ref[1]
        if name in SPREAD:
            # The grid's lists (functions.py): each space once, never the space they start from,
            # neighbours and diagonals at other places (each thing has one place on its grid).
            return (((),), _anchor(c, e.args[0], env), SPREAD[name])
        if name in KEEPS or name == "unique":
            inner = _unique(c, e.args[0], env, seen)
            if name == "unique" and inner is None and _single(c.types.get(id(e), "")):
                return (((),), None, ALL)          # each kept once (`functions._unique`)
            return inner
        if name == "pairs":         # two items at two places of the list, in its order
            inner = _unique(c, e.args[0], env, seen)
            return (((0,), (1,)), None, ALL) if inner is not None and inner[0] == ((),) else None
        if name == "product":
            a, b = _unique(c, e.args[0], env, seen), _unique(c, e.args[1], env, seen)
            ok = a is not None and b is not None and a[0] == b[0] == ((),)
            return (((0,), (1,)), None, ALL) if ok else None
    return None


def _single(t: str) -> bool:
    """A list of numbers, texts, things or enum values: `unique` keeps each once by Python's `==`."""
    inner = T.elem(t) if t.startswith("list:") else ""
    return inner in (T.INT, T.TEXT) or inner.startswith(("thing:", "enum:"))


def _defined(c, call, name: str, args: list, env: dict, seen: set):
    """`_unique` of definition `name`'s value given `args` at `call`: each parameter is the space
    its value is (an anchor) or the list it is; its other locals are this call's own."""
    if name in seen:
        return None
    decl = getattr(c.c.symbols.get(name), "decl", None)
    if not isinstance(decl, A.DefineDecl) or decl.body is None:
        return None
    given = {SCOPE: (id(call), env.get(SCOPE))}     # its own locals, apart from the caller's and another call's
    for p, a in zip(decl.params, args):
        slot = c.c.slots[id(p)]
        at = _anchor(c, a, env)
        if at is not None:
            given[slot] = ("anchor", at)
        elif c.types.get(id(a), "").startswith("list:"):
            u = _unique(c, a, env, seen)
            if u is not None:
                given[slot] = ("list", u)
    return _unique(c, decl.body, given, seen | {name})
