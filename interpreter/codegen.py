"""Rules as Python source: expressions, definitions, option lists and assignments become Python
functions, compiled once per rulebook.

The closures of `compiler.py` cost a Python call for every node of an expression; here the
common nodes (names, fields, operators, conditions, lists, comprehensions, tables, definition
and built-in calls) are written as one Python expression, so evaluating `x.power + 1 > y` is one
call, not five. A definition is a Python function of its values, its items Python locals. The
result must be the same game: the same values, the same order of evaluation, the same work
charged and the same errors at the same lines. Nodes written here charge through small helpers
made below (`charged`, `sized`, `builtin`, ...), each with its line baked in; any other node is
compiled by the closure compiler and called.

Safe by construction: the source holds only names this module makes (`m`, `env`,
`_k<n>` for a value passed in (a definition is called through its one-item list, `_k<n>[0](m, ...)`), `_v<slot>` for an item (or a parameter, or a `where` value,
set on a line before the definition's value), `_h<n>` for a field's values taken
before a loop, `_g<n>` for a test several options of a menu begin with, and a few fixed locals: `_value`, `_n`,
`_room`, `_i`, `_xs`, `_ys`, `_t`, `_l`, `_p`, `_at`, `_from`, `_end`, `_label`, `_work`, `_stamp`, `labels`, `values`, `args`, `seat`,
`declined`, `k`, and `frame` in a fused run; `fusion.py` writes with the same), the built-ins `range`, `len`, `abs` and
`type` (only to ask `type(x) is` the int class passed in; the namespace has no others),
operators, numbers this module computed, and literals written with `repr` (only ints, bools,
None, finite floats and texts, whose `repr` is always one literal). Every other value of the
rulebook (lists, tables, showers, built-ins, spans) is passed in the function's namespace under
a made-up name, never as text. `tests/test_codegen.py` parses every function generated for every
bundled rulebook and for a hostile one and checks exactly this. The code Python makes of each
source is kept between runs (`kept_code`), found again by the whole source text. This module
must not evaluate anything of a game, and must not place any text of a rulebook in the source
except through `repr`.
"""
from __future__ import annotations

import ast
import importlib.util
import itertools
import marshal
import math
from contextlib import contextmanager
from operator import countOf
from types import CodeType

from tabletop.dsl import ast as A
from tabletop.dsl import types as T
from tabletop.dsl.parse_cache import read_entry, write_entry

from . import inlining, memo, purity
from .budgets import SMALL, Spent, runaway
from .errors import PY_ERRORS, RuleError, explain, packed_parts

MAX_KEPT = 100_000     # values (and their lists' items) a machine keeps (`kept`); then all are dropped and kept anew
MAX_DEPTH = 40          # deeper expressions are split, well inside Python's parser's nesting limit
# Built-ins that are Python's own on a list (`functions._sized`): a short list is given to
# Python's directly; a long one goes through the call that charges its length.
IN_PYTHON = {"any": any, "all": all, "sum": sum}
REDUCED = ("count", "first", "any", "all")     # of a comprehension: answered by its loop (`reduced_loop`)


class _Disjoint(dict):
    """Each value of a field -> `isdisjoint` of the set of the things holding it (`grouped`); a
    value no thing holds shares nothing with any zone."""

    def __missing__(self, value):
        return _shares_nothing


def _shares_nothing(zone) -> bool:
    return True


def grouped(values: list):
    """The things (their numbers) of each value of a data field, as `isdisjoint` of each value's
    set: asked whether a zone holds a thing of that value without a Python call per thing. None
    if a value cannot be a key (or could compare equal to another without being it: a float)."""
    groups: dict = {}
    for i, v in enumerate(values):
        if type(v) not in (str, int, bool) and v is not None:
            return None
        groups.setdefault(v, []).append(i)
    return _Disjoint({v: frozenset(ix).isdisjoint for v, ix in groups.items()})


def literal(v) -> str | None:
    """`repr` of a value that is always one Python literal, else None."""
    if v is None or type(v) in (bool, int, str):
        return repr(v)
    if type(v) is float and math.isfinite(v):
        return repr(v)
    return None


class Source:
    """Writes expression trees as Python source; values it cannot write become named constants.

    A slot in `bound` (the item of a comprehension or lambda, a definition's parameter or `where`
    value) is the Python local `_v<slot>`; any other slot is `env[<slot>]`, the rule's variables. Once a node
    falls back to a closure, which reads its items from `env`, `fell_back` is set and the caller
    writes the expression again with nothing bound."""

    def __init__(self, compiler, bound=frozenset()):
        self.c = compiler
        self.names: dict[str, object] = {}
        self.bound = bound
        self.fell_back = False
        self.in_iterable = 0     # writing a comprehension's list, where Python allows no `:=`
        self.hoist = None        # the comprehension whose list is worked out and charged first...
        self.pre: list = []      # ...by these lines, before the expression (see `definition`)
        self.fields: dict = {}   # made name -> (kind, field) of a data field's values, for errors
        self.loop_fields = None  # (kind, field) -> the local `_h<n>` holding its values, in a loop written in lines
        self.given = None        # slot -> the value written for it, in a definition written in place
        self.seats = frozenset() # values written that hold a seat, never none (a reaction's `by p`)
        self.reduce = None       # (built-in, call) asking the hoisted comprehension for its answer alone
        self.reduced = False     # ...and whether its loop gave it
        self.whole = None        # a template that is an option's label or a function's value, whose long
        self.whole_charge = None  # text is charged by these lines after it (`whole_charge_lines`), or None
        self.spans: list = []    # (text written, its node's span, index of its first part's entry), for errors

    def lines_before(self, text: str) -> list:
        """The lines `pre` that `text` (written with `hoist` set) needs before it: none when the
        comprehension was not written as a loop after all (a node around it fell back)."""
        return self.pre if "_ys" in text else []

    def namespace(self, origin=None) -> dict:
        """The names the source is run with, and `__about__`, which only an error reads
        (`errors.explain`): what made names stand for, and the definition it is (`origin`)."""
        names = getattr(self.c, "about_names", None)
        if names is None:       # one for the whole compile, shared by every function
            out = self.c.out
            names = self.c.about_names = {"players": lambda: out.player_names, "globals": lambda: out.global_names,
                                          "fields": lambda: {n: key for key, n in out.field_numbers.items()}}
        # A definition's parts are kept to name the part an error is in; a statement's, packed
        # in one tuple of plain values (`errors.packed_parts`), to name which value was none.
        return dict(self.names, __about__={"fields": self.fields, "names": names, "origin": origin,
                                           "spans": self.spans if origin else packed_parts(self.spans)})

    def const(self, value) -> str:
        name = f"_k{len(self.names)}"
        self.names[name] = value
        return name

    def field_list(self, kind: str, field: str) -> str:
        """The state's list of field `field` of each thing of `kind`, by its number
        (`Compiled.field_number`): Python reaches a list's item for a fifth of two look-ups by text."""
        return f"m.fl[{int(self.c.out.field_number(kind, field))}]"

    def value(self, v) -> str:
        text = literal(v)
        return text if text is not None else self.const(v)

    def slot(self, s) -> str:
        if self.given and s in self.given:       # a parameter of a definition written in place
            return self.given[s]
        return f"_v{int(s)}" if s in self.bound else f"env[{int(s)}]"

    def fallback(self, e) -> str:
        self.fell_back = True
        return f"{self.const(self.c.closure(e))}(m, env)"

    def write(self, e, depth: int = 0) -> str:
        if depth > MAX_DEPTH:
            self.fell_back = True
            return f"{self.const(self.c.expr(e))}(m, env)"
        method = getattr(self, "w_" + type(e).__name__, None)
        first = len(self.spans)
        out = method(e, depth + 1) if method is not None else None
        if out is None:
            del self.spans[first:]      # the parts written before it fell back are not in the source
            return self.fallback(e)
        # The node each text stands for, and where the entries of the parts written inside it
        # begin (`first`): a tree of texts, which an error places in the source to find the part
        # whose instruction failed (`errors.part_that_failed`). Placed only when an error is
        # told: finding each part's place as it is written would slow the compile.
        self.spans.append((out, e.span, first))
        return out

    # ------------------------------------------------------------------ nodes
    def w_Lit(self, e, d):
        return self.value(e.value)

    def w_Name(self, e, d):
        c = self.c
        k, arg = c.refs[id(e)][:2]
        if k == "local":
            return self.slot(arg)
        if k == "global":
            return f"m.g[{int(arg)}]"
        if k == "enum":
            return self.value(arg)
        if k == "option":
            return self.value(c.opts[arg])
        if k == "side":
            return f"(m.player_count + {int(arg)})"
        if k == "define":
            return self.defined(arg, [], d)
        if k == "kind":
            per_player = c.out.per_player_kinds.get(arg)
            if per_player is not None:
                return f"[*range({int(per_player)} * m.player_count)]"
            return f"[*range({int(c.out.kinds.get(arg, 0))})]"
        if k == "enum_list":        # a new list each time, as the compiler's
            return "[" + ", ".join(self.value(v) for v in c.refs[id(e)][2]) + "]"
        if k == "value":
            return {"players": "[*range(m.player_count)]", "current": "m.s['current']",
                    "player_count": "m.player_count", "turn_number": "m.s['turn_number']"}.get(arg, "None")
        if k == "die":
            return self.const(c.out.dice[arg])
        if k == "pattern":
            return self.const(c.out.patterns[arg])
        return None

    def w_ThingRef(self, e, d):
        return repr(int(self.c.refs[id(e)][2]))

    def w_Field(self, e, d):
        ref = self.c.refs.get(id(e), ("dynamic", e.name))
        if ref[0] == "attr":
            values = self.const(self.c.out.static[ref[1]][ref[2]])
            self.fields[values] = (ref[1], ref[2])
            return f"{values}[{self.write(e.obj, d)}]"
        if ref[0] == "field":
            if self.loop_fields is not None:
                # In a loop written in lines, the values' list is taken once before it: the state
                # keeps each field's list for the whole game, changing only its items.
                name = self.loop_fields.get((ref[1], ref[2]))
                if name is None:
                    name = self.loop_fields[(ref[1], ref[2])] = f"_h{len(self.fields)}"    # one name, one field
                    self.fields[name] = (ref[1], ref[2])
                return f"{name}[{self.write(e.obj, d)}]"
            return f"{self.field_list(ref[1], ref[2])}[{self.write(e.obj, d)}]"
        if ref[0] == "pvar":
            return f"m.pl[{self.write(e.obj, d)}][{int(ref[1])}]"
        return None

    def w_Index(self, e, d):
        ref = self.c.refs[id(e)]
        if ref[0] != "table":
            if isinstance(e.key, A.Lit) and type(e.key.value) is int and e.key.value >= 0:
                return f"{self.write(e.obj, d)}[{self.write(e.key, d)}]"
            xs, i = self.write(e.obj, d), self.write(e.key, d)
            if not self.in_iterable and _read_only(self.c, e.obj) and _index_read(self.c, e.key):
                # An item that is there is taken in place (a whole number from 0 to the length);
                # else `item_at`, with the list and the index read again, raises as it did (a
                # none, a negative number, one past the end). The list, which cannot fail, is
                # read after the index.
                return (f"(_l[_i] if (_i := {i}) is not None and -1 < _i < len(_l := {xs}) "
                        f"else {self.const(item_at)}({xs}, {i}))")
            return f"{self.const(item_at)}({xs}, {i})"
        table = self.c.tables.get(ref[1])
        if table is None or not all(self.c.constant(entry[4]) is not None for entry in table):
            return None
        if e.more_keys:
            if any(len(more) != len(e.more_keys) for _, _, _, more, _ in table):
                return None
            rows = [([(low, high), *more], self.c.constant(node)[0]) for low, high, _, more, node in table]
            lookup = table_by_keys(ref[1], rows, self.c.where(), e.span)
            keys = "".join(f"{self.write(k, d)}, " for k in [e.key, *e.more_keys])
            return f"{self.const(lookup)}(m, ({keys}))"
        rows = [(low, high, self.c.constant(node)[0]) for low, high, _, _, node in table]
        lookup = table_of_values(ref[1], rows, self.c.where(), e.span)
        return f"{self.const(lookup)}(m, {self.write(e.key, d)})"

    def defined(self, name: str, args: list, d) -> str:
        """A call of definition `name`: written in place when it is small and safe to
        (inlining.py), else a call."""
        values = [self.write(a, d) for a in args]
        # Through the definition's one-item list (`Compiled.cell`), not `_fast[name]`: a list's
        # item costs Python about a third of a look-up by text (170 instructions a call less).
        call = f"{self.const(self.c.out.cell(name))}[0](m{''.join(', ' + v for v in values)})"
        plan = inlining.plan(self.c, name) if self.given is None else None
        if plan is None or not all(inlining.plain(a, self.c.refs) for a in args) \
                or any(v == "None" for s, v in zip(plan.slots, values) if s in plan.guarded):
            return call      # (a none written as a value whose field it reads: the definition tells its error)
        if plan.tally is not None and self.in_iterable:
            return call      # (written in place, it names `_l`, which Python allows nowhere there)
        self.given, fell_back, self.fell_back = dict(zip(plan.slots, values)), self.fell_back, False
        try:
            body = self.write(plan.decl.body, d) if plan.tally is None else self.tally(plan.tally, call, d)
        finally:
            self.given, failed, self.fell_back = None, self.fell_back, fell_back
        if failed:           # a part only a closure can do would read the caller's variables
            return call
        tests = [f"{v} is not None" for s, v in zip(plan.slots, values) if s in plan.guarded and v not in self.seats]
        return f"({body} if {' and '.join(dict.fromkeys(tests))} else {call})" if tests else f"({body})"

    def tally(self, t, call: str, d) -> str:
        """A count or search of a zone by a field of its things' data (`inlining.Tally`), asked of
        Python in place while the zone holds no more than SMALL things; `call` for a longer one,
        which the definition charges."""
        kind, name = t.field
        values = self.c.out.static[kind][name]
        zone, value = self.write(t.zone, d), self.write(t.value, d)
        groups = grouped(values) if t.how == "any" else None
        if groups is not None:
            # `any`: whether the zone shares a thing with the set of things of that value, asked of
            # the set in C (a thing is in a zone at most once, so `count` is not asked this way).
            try:
                fixed = ast.literal_eval(value)        # the value written as a literal: its set now
            except (ValueError, SyntaxError):
                found = f"not {self.const(groups)}[{value}](_l)"
            else:
                found = f"not {self.const(groups[fixed])}(_l)"
        else:
            self.fields[self.const(values)] = (kind, name)
            each = f"{self.const(map)}({self.const(values.__getitem__)}, _l)"
            found = f"{self.const(countOf)}({each}, {value})" if t.how == "count" else f"{value} in {each}"
        return f"({found} if len(_l := {zone}) <= {SMALL} else {call})"

    def item_key(self, key, d) -> str:
        """A list's index: a whole number written in the rules is used as it is; any other is
        checked, since Python would count a negative one from the end."""
        if isinstance(key, A.Lit) and type(key.value) is int and key.value >= 0:
            return self.write(key, d)
        return f"{self.const(counted_from_start)}({self.write(key, d)})"

    def w_Call(self, e, d):
        ref = self.c.refs[id(e)]
        name = ref[1]
        if ref[0] == "define":
            return self.defined(name, e.args, d)
        if name in REDUCED and len(e.args) == 1 and self.hoist is e.args[0] and not self.in_iterable:
            self.reduce, self.reduced = (name, e), False
            args = [self.write(e.args[0], d)]
            self.reduce = None
            if self.reduced:            # the comprehension's loop left the answer in `_ys`
                return "_ys"
        else:
            args = [self.write(a, d) for a in e.args]
        types = self.c.types
        if name == "count":
            return f"len({args[0]})"
        if name == "abs":
            return f"abs({args[0]})"
        if name == "roll":
            die_ref = self.c.refs.get(id(e.args[0]))
            die = die_ref[1] if die_ref and die_ref[0] == "die" else None
            return f"m.roll({args[0]}, {args[1] if len(args) > 1 else 'None'}, {self.value(die)})"
        if name in ("pick", "shuffled"):
            t = T.elem(types.get(id(e.args[0]), T.ANY))
            return f"m.{name}({args[0]}, {self.value(t)})"
        if name == "match_length":
            values = self.pattern_values(e.args[0], args[0])
            ref = self.c.refs.get(id(e.args[1]))
            if ref and ref[0] == "pattern" and not self.in_iterable:
                inline = self.matched(values, self.c.out.patterns[ref[1]])
                if inline is not None:
                    if self.spans and self.spans[-1][0] == args[1]:
                        self.spans.pop()        # the pattern's name, not in the source (and it cannot fail)
                    return inline
            return f"m.match_length({values}, {args[1]})"
        if name == "join":
            show = self.c.shower(T.elem(types.get(id(e.args[0]), T.ANY)))
            sep = args[1] if len(args) > 1 else "', '"
            return f"{self.const(joiner(show, self.c.where(), e.span))}(m, {args[0]}, {sep})"
        from .functions import FUNCTIONS, PLAIN
        if name not in FUNCTIONS:
            return None
        fn = FUNCTIONS[name]
        if len(args) == 1 and not self.in_iterable:     # the commonest, written without a call
            if name == "first":
                return f"(_l[0] if (_l := {args[0]}) else None)"
            if name == "last":
                return f"(_l[-1] if (_l := {args[0]}) else None)"
            if name in IN_PYTHON:
                charged_call = self.const(sized_builtin(fn.inner, self.c.where(), e.span))
                return f"({self.const(IN_PYTHON[name])}(_l) if len(_l := {args[0]}) <= {SMALL} else {charged_call}(m, _l))"
            if name in ("unique", "sort") and purity.single_value(T.elem(types.get(id(e.args[0]), T.ANY))):
                # Of numbers, texts, things, players or enum values, neither can fail: a short list
                # is done by Python itself (a none among the items sorts last, by the built-in).
                whole = self.const(builtin(fn, self.c.where(), e.span, 1, (name, [self.c.text_of(e.args[0])])))
                short = f"(_l := {args[0]}) is not None and len(_l) <= {SMALL}"     # a none: the built-in says so
                if name == "unique":
                    return f"({self.const(list)}({self.const(dict.fromkeys)}(_l)) if {short} else {whole}(m, _l))"
                return f"({self.const(sorted)}(_l) if {short} and None not in _l else {whole}(m, _l))"
        if name in PLAIN:
            pass
        elif hasattr(fn, "inner") and len(args) == 1:
            fn = sized_builtin(fn.inner, self.c.where(), e.span)
        else:
            fn = builtin(fn, self.c.where(), e.span, len(args), (name, [self.c.text_of(a) for a in e.args]))
        return f"{self.const(fn)}(m, {', '.join(args)})"

    def matched(self, values: str, pattern) -> str | None:
        """`Machine.match_length` of a short pattern written out in place (S'mores Galore asks
        about three a menu, each a call and a loop of Python otherwise). As there, each
        alternative in turn tests its groups in order, one only once the values reach its end,
        an unordered group by sorting, and the longest match wins: the same values give the
        same answer or the same error. The values are held in `_p`, read only by these tests.
        A pattern of many alternatives (charged by the call) or long ones is left to the call."""
        alts = pattern["sorted"]
        if len(alts) > 8 or sum(len(g) for alt in alts for g in alt) > 64:
            return None
        ends = []
        for alt in alts:
            tests, i = [], 0
            for group in alt:
                n = len(group)
                fits = f"len(_p) >= {int(i + n)} and " if i + n > 1 else ""      # (the values are not empty)
                if n == 1:
                    tests.append(f"{fits}_p[{int(i)}] == {self.value(group[0])}")
                else:
                    tests.append(f"{fits}{self.const(sorted)}(_p[{int(i)}:{int(i + n)}]) == {self.const(group)}")
                i += n
            if all(len(g) == 1 for g in alt):       # comparing one value cannot fail: one look at the length
                tests = [f"len(_p) >= {int(i)}"] + [f"_p[{int(k)}] == {self.value(g[0])}" for k, g in enumerate(alt)]
            ends.append(f"({int(i)} if {' and '.join(tests)} else 0)")
        if not ends or not all(alt for alt in alts):
            return None
        best = ends[0] if len(ends) == 1 else f"{self.const(max)}({', '.join(ends)})"
        return f"({best} if (_p := {values}) else 0)"

    def pattern_values(self, node, written: str) -> str:
        """The enum values a pattern is matched against: the items, or each thing's data field of
        the pattern's enum (the checker found it)."""
        field_ref = self.c.c.pattern_fields.get(id(node))
        if field_ref is None:
            return written
        # Each field read in C (no Python frame a list); a none among the things fails as `attrs[x]` does.
        attrs = self.c.out.static[field_ref[0]][field_ref[1]]
        return f"[*{self.const(map)}({self.const(attrs.__getitem__)}, {written})]"

    def w_StartsWith(self, e, d):
        values = self.pattern_values(e.seq, self.write(e.seq, d))
        pattern = self.c.out.patterns[e.pattern]
        inline = None if self.in_iterable else self.matched(values, pattern)
        return f"({inline} > 0)" if inline is not None else f"(m.match_length({values}, {self.const(pattern)}) > 0)"

    def w_Lambda(self, e, d):
        slot = self.c.c.slots[id(e)]
        if slot not in self.bound:
            return None
        return f"(lambda _v{int(slot)}: {self.write(e.body, d)})"

    def w_Unary(self, e, d):
        x = self.write(e.operand, d)
        return f"(not {x})" if e.op == "not" else f"(-{x})"

    def w_Binary(self, e, d):
        op = e.op
        a, b = self.write(e.left, d), self.write(e.right, d)
        if op in ("and", "or"):
            return f"({a} {op} {b})"
        types = self.c.types
        lt, rt = types.get(id(e.left), T.ANY), types.get(id(e.right), T.ANY)
        lists = lt.startswith("list:") or rt.startswith("list:")
        where, span = self.c.where(), e.span
        if op == "+":
            if T.TEXT in (lt, rt):
                sa, sb = self.const(self.c.shower(lt)), self.const(self.c.shower(rt))
                return f"{self.const(sized(where, span, 'text'))}(m, {sa}(m, {a}) + {sb}(m, {b}))"
            if lists:
                return f"{self.const(joined_lists(where, span))}(m, {a}, {b})"
            return f"({a} + {b})"
        if op == "-":
            return f"({a} - {b})"
        if op == "*":
            return f"{self.const(capped(span))}({a} * {b})"
        if op in ("/", "%"):
            return f"{self.const(divide(op, span, where, self.c.text_of(e.right)))}({a}, {b})"
        if op in ("in", "not in") and lists and not self.in_iterable and inlining.plain(e.left, self.c.refs):
            # A short list asked in place (the item, a plain read, is read after the list, which
            # changes nothing); a long one is charged by the helper.
            listed = self.c.text_of(e.right)
            return f"({a} {op} _l if (_l := {b}) is not None and len(_l) <= {SMALL} else {self.const(list_compare(op, where, span, listed))}(m, {a}, _l))"
        if op in ("==", "!=", "in", "not in") and lists:
            return f"{self.const(list_compare(op, where, span, self.c.text_of(e.right)))}(m, {a}, {b})"
        if op in ("==", "!=", "<", "<=", ">", ">=", "in", "not in"):
            return f"({a} {op} {b})"
        return None

    def w_Cond(self, e, d):
        return f"({self.write(e.then, d)} if {self.write(e.test, d)} else {self.write(e.other, d)})"

    def w_ListLit(self, e, d):
        return f"[{''.join(self.write(i, d) + ', ' for i in e.items)}]"

    def w_Comprehension(self, e, d):
        each = self.c.cost(e.expr) + self.c.cost(e.cond)
        if self.hoist is e:
            # Worked out first, by lines before the expression: a loop, not a comprehension,
            # which Python 3.11 calls as a function of its own (most lists here are short).
            self.hoist = None
            items = self.write(e.iterable, d)
            ref = self.c.refs.get(id(e.iterable))
            if isinstance(e.iterable, A.Name) and ref is not None and (ref[0] == "kind" or ref[:2] == ("value", "players")):
                items = items[2:-1]      # `[*range(n)]`: the things or players, gone through without their list
            pre = charge_lines(self, items, each, self.c.where(), e.span)
            self.loop_fields = {}
            item, body = self.slot(self.c.c.slots[id(e)]), self.write(e.expr, d)
            cond = self.write(e.cond, d) if e.cond is not None else None
            pre += [f"{name} = {self.field_list(kind, field)}" for (kind, field), name in self.loop_fields.items()]
            self.loop_fields = None
            mode, self.reduce = self.reduce, None
            loop = self.reduced_loop(mode, e, item, body, cond) if mode is not None else None
            if loop is not None:
                self.reduced = True
                pre += loop
            elif cond is not None:
                pre += ["_ys = []", f"for {item} in _xs:", f"    if {cond}:", f"        _ys.append({body})"]
            else:
                pre += ["_ys = []", f"for {item} in _xs:", f"    _ys.append({body})"]
            self.pre = pre
            return "_ys"
        else:
            self.in_iterable += 1
            try:
                items = f"{self.const(charged(each, self.c.where(), e.span))}(m, {self.write(e.iterable, d)})"
            finally:
                self.in_iterable -= 1
        body = self.write(e.expr, d)
        cond = f" if {self.write(e.cond, d)}" if e.cond is not None else ""
        return f"[{body} for {self.slot(self.c.c.slots[id(e)])} in {items}{cond}]"

    def reduced_loop(self, mode, e, item: str, body: str, cond: str | None) -> list | None:
        """The loop that leaves in `_ys` the count, first item, `any` or `all` of the comprehension
        `e` (whose list is in `_xs`, charged) without making its list; None to make the list.
        `first`, `any` and `all` stop at their answer, so only where the items left unread could
        neither fail nor do anything (`inlining.cannot_fail`); `any` and `all` charge the list's
        length as the built-in would (only a list with no condition, whose length is known)."""
        name, call = mode
        fieldable = {self.c.c.slots[id(e)]} if inlining.valid_items(self.c, e.iterable) else set()
        quiet = all(inlining.cannot_fail(self.c, x, None, fieldable, set()) for x in (e.expr, e.cond) if x is not None)

        def each(lines: list) -> list:     # the loop, its lines under the condition if there is one
            if cond is None:
                return [f"for {item} in _xs:"] + [f"    {x}" for x in lines]
            return [f"for {item} in _xs:", f"    if {cond}:"] + [f"        {x}" for x in lines]
        if name == "count":        # each item's value is worked out only if working it out may fail
            body_quiet = inlining.cannot_fail(self.c, e.expr, None, fieldable, set())
            return ["_ys = 0"] + each(["_ys += 1"] if body_quiet else [body, "_ys += 1"])
        if not quiet:
            return None
        if name == "first":
            return ["_ys = None"] + each([f"_ys = {body}", "break"])
        if cond is not None:
            return None
        charge = [f"if len(_xs) > {SMALL}:", "    m.work -= len(_xs)", "    if m.work < 0:",
                  f"        raise {self.const(runaway)}({self.const(self.c.where())}, {self.const(call.span)})"]
        if name == "any":
            return charge + ["_ys = False"] + each([f"if {body}:", "    _ys = True", "    break"])
        return charge + ["_ys = True"] + each([f"if not {body}:", "    _ys = False", "    break"])

    def w_Template(self, e, d):
        parts = []
        for p in e.parts:
            if isinstance(p, str):
                parts.append(repr(p))
            elif self.texts_only(p):
                parts.append(self.write(p, d))      # shown as it is: no call to show it
            else:
                show = self.const(self.c.shower(self.c.types.get(id(p), T.ANY)))
                parts.append(f"{show}(m, {self.write(p, d)})")
        if len(parts) == 1 and isinstance(e.parts[0], str):
            return parts[0]
        joined = f"''.join(({''.join(x + ', ' for x in parts)}))"
        made = self.const(sized(self.c.where(), e.span, 'text'))
        if self.whole is e:      # charged by the lines after it, statements, not by a call here
            self.whole_charge = whole_charge_lines(self, made, e.span)
            return joined
        if self.in_iterable:
            return f"{made}(m, {joined})"
        return f"(_t if len(_t := {joined}) <= {SMALL} else {made}(m, _t))"   # a short text costs nothing more

    def texts_only(self, e) -> bool:
        """Is `e` sure to give a text (which a template shows as it is): a data field whose every
        value is a text (a thing's name), or a table of texts written out?"""
        if self.c.types.get(id(e)) != T.TEXT:
            return False
        ref = self.c.refs.get(id(e))
        if isinstance(e, A.Field) and ref is not None and ref[0] == "attr":
            return all(type(v) is str for v in self.c.out.static[ref[1]][ref[2]])
        if isinstance(e, A.Index) and ref is not None and ref[0] == "table":
            table = self.c.tables.get(ref[1])
            constants = [self.c.constant(entry[4]) for entry in table] if table is not None else [None]
            return all(k is not None and type(k[0]) is str for k in constants)
        return False


def bound_slots(compiler, e) -> set:
    """The slots of the comprehensions and lambdas inside `e`: their items can be Python locals."""
    return {compiler.c.slots[id(node)] for node in compiler.walks.under(e, (A.Comprehension, A.Lambda), statements=False)}


BUILTINS = {"range": range, "len": len, "abs": abs, "type": type}    # the only built-in names the source may use


def _compiled(text: str, name: str, names: dict, line):
    """Compile `text` (a function definition named `name`) in a namespace of `names`, or None."""
    try:
        code = _CODE.get(text)
        if code is None:
            code = _kept().get(text)
            if code is None:
                code = compile(text, f"<rule line {line}>", "exec")
            _CODE[text] = code
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return None
    if _USED is not None:
        _USED[text] = code
    namespace = dict(names)
    namespace["__builtins__"] = BUILTINS
    # Read only once an error is caught: the source, to find the instruction that failed.
    about = namespace.get("__about__")
    if about is None:
        about = namespace["__about__"] = {}
    about["source"] = text      # each function's own (its namespace is its own copy)
    exec(code, namespace)      # the source holds only names made above: see the module docstring
    fn = namespace[name]
    fn.source = text
    return fn


_WRITING = True      # False while a rulebook compiles to closures only (`closures_only`)
_CODE: dict = {}     # source text -> code object: a rulebook loaded again in one process compiles nothing
_KEPT: dict | None = None    # source text -> code object, kept from the last compile of this rulebook (read at the first miss in _CODE)
_USED: dict | None = None    # the same for the sources of the compile under way
_ENTRY: str | None = None    # the name of the kept code of the compile under way
_ON_DISK: dict = {}          # entry name -> the sources this process last read from it or wrote to it
KEPT_ANSWERS = 4096     # source texts whose `_shareable` and `_calls` answers are kept, each
_SHAREABLE: dict = {}  # source text -> `_shareable`
_CALLS: dict = {}      # source text -> `_calls`


@contextmanager
def kept_code(rulebook: str):
    """While a rulebook compiles: take the code of each source from the last compile of the same
    rulebook (kept by parse_cache.py in the user's own cache folder, keyed by the rulebook and the
    Python that compiled it), and keep this compile's afterwards. A code object is found by its
    whole source text, which the engine wrote (see the docstring), so it is the code that
    compiling that text gives; an entry that cannot be read is ignored and the text compiled.
    The entry is read only for a source this process has not compiled yet (a rulebook loaded
    again in one process reads nothing: reading was 2% of a warm load), and written
    only when its sources are not this compile's."""
    global _KEPT, _USED, _ENTRY
    name = f"{rulebook}\0{importlib.util.MAGIC_NUMBER.hex()}"
    _KEPT, _USED, _ENTRY = None, {}, name
    try:
        yield
        known = _KEPT is None and _ON_DISK.get(name) == _USED.keys()     # as kept, without reading it
        if not known and _USED.keys() != _kept().keys():
            try:
                write_entry("code", name, marshal.dumps(list(_USED.items())))
                _ON_DISK[name] = frozenset(_USED)
            except ValueError:
                pass
    finally:
        _KEPT, _USED, _ENTRY = None, None, None


def _kept() -> dict:
    """The kept code of the compile under way (`kept_code`), read at the first call; {} outside one."""
    global _KEPT
    if _KEPT is None:
        if _ENTRY is None:
            return {}
        _KEPT = _read_kept(_ENTRY)
        _ON_DISK[_ENTRY] = frozenset(_KEPT)
    return _KEPT


def writing() -> bool:
    """Is Python source being written (not `closures_only`)?"""
    return _WRITING


@contextmanager
def closures_only():
    """While a rulebook compiles: write no Python source, so that every node is the closure
    compiler's. The game is the same, only slower to play; `tabletop check` compiles this way,
    since it plays nothing and Python's compiling of the source is a third of its compile."""
    global _WRITING
    _WRITING = False
    try:
        yield
    finally:
        _WRITING = True


def _read_kept(name: str) -> dict:
    kept = read_entry("code", name)
    if kept is None:
        return {}
    try:
        items = marshal.loads(kept)
        return {text: code for text, code in items if type(text) is str and type(code) is CodeType}
    except (ValueError, EOFError, TypeError):       # damaged: every source is compiled again
        return {}


def _written(compiler, e, bound: set, hoist=None) -> tuple[Source, str]:
    """`e` written with the `bound` slots as Python locals (and the list of comprehension
    `hoist`, if given, worked out first by the lines `src.pre`; and a template's long text
    charged by the lines `src.whole_charge` after it, the value then in `_label`)."""
    src = Source(compiler, bound)
    src.hoist, src.whole = hoist, e
    return src, src.write(e)


def _written_with(compiler, wheres: list, value, bound: set, hoist=None) -> tuple[Source, list, str]:
    """A definition's `where` lines (`name = value`, in order) and its value, written by one Source
    with the `bound` slots as Python locals; the value's leading comprehension `hoist` as in
    `_written` (the `where` values are written before it, so none of them is hoisted)."""
    src = Source(compiler, bound)
    lines = [f"{src.slot(compiler.c.slots[id(w)])} = {src.write(w.value)}" for w in wheres]
    src.hoist = hoist
    return src, lines, src.write(value)


def charge_lines(src: Source, xs: str, each: int, where: str, span) -> list:
    """Lines that set `_xs` to the list `xs` and charge its length times `each`, as `charged`
    does, without a call."""
    lines = [f"_xs = {xs}"]
    if each:
        lines += [f"m.work -= len(_xs) * {int(each)}", "if m.work < 0:",
                  f"    raise {src.const(runaway)}({src.const(where)}, {src.const(span)})"]
    return lines


def leading_comprehension(e):
    """The comprehension whose list is the first thing `e` works out, if there is one: `e`
    itself, or one first among the values of a call or an operator. Nothing before it can
    fail or change anything, so its list can be worked out, and charged, in a line before."""
    while True:
        if isinstance(e, A.Comprehension):
            return e
        if isinstance(e, A.Call) and e.args:
            e = e.args[0]
        elif isinstance(e, A.Binary):
            e = e.left
        elif isinstance(e, A.Unary):
            e = e.operand
        else:
            return None


def function(compiler, e):
    """The Python function f(m, env) computing expression `e`; the closure compiler's if the
    expression has nothing to gain or its source cannot be compiled."""
    if not _WRITING:
        return compiler.closure(e)
    lead = leading_comprehension(e)
    src, body = _written(compiler, e, bound_slots(compiler, e), lead)
    if src.fell_back and src.bound:
        src, body = _written(compiler, e, set(), lead)
    if len(src.names) == 2 and body == f"{list(src.names)[-1]}(m, env)":
        return src.names[body[:-8]]     # the whole expression is one closure: call it directly
    lines = src.lines_before(body)
    if src.whole_charge:
        lines, body = lines + [f"_label = {body}"] + src.whole_charge, "_label"
    pre = "".join(f"    {x}\n" for x in lines)
    fn = _compiled(f"def _expression(m, env):\n{pre}    return {body}\n", "_expression", src.namespace(),
                   getattr(e.span, "line", "?"))
    return fn if fn is not None else compiler.closure(e)


def definition(compiler, d, each: int, where: str, endless):
    """A definition as a Python function f(m, *values), or None if its source cannot be compiled.
    Its parameters and items are Python locals; if part of it fell back to a closure, the items
    go in an `env` list of the definition's size, as the closures expect, and so do the values."""
    if not _WRITING:
        return None
    slots = [int(compiler.c.slots[id(p)]) for p in d.params]
    # `where` lines: each value a Python line of its own, worked out in order before the value.
    wheres, value = A.where_lines(d.body)
    named = {int(compiler.c.slots[id(w)]) for w in wheres}
    lead = leading_comprehension(value)
    src, named_lines, body = _written_with(compiler, wheres, value, set(slots) | named | bound_slots(compiler, d.body), lead)
    uses_env = src.fell_back
    if uses_env:
        src, named_lines, body = _written_with(compiler, wheres, value, set(slots), lead)
    lines = [f"def _definition(m{''.join(f', _v{s}' for s in slots)}):",
             f"    m.work -= {int(each)}",
             "    if m.work < 0:",
             f"        raise {src.const(runaway)}({src.const(where)}, {src.const(d.span)})"]
    if uses_env:
        lines.append(f"    env = [None] * {int(compiler.c.env_sizes.get(id(d), 0))}")
        lines += [f"    env[{s}] = _v{s}" for s in slots]
    pre = named_lines + src.lines_before(body)
    lines.append("    try:")
    # The source line of each `where` value -> its name and line, for an error there (`errors.failed`).
    named_at = {len(lines) + 1 + k: (w.name, w.span) for k, w in enumerate(wheres)}
    lines += [f"        {x}" for x in pre] + [f"        return {body}",
              f"    except {src.const(RecursionError)}:", f"        raise {src.const(endless)}() from None"]
    names = src.namespace((where, d.span))
    if named_at:
        names["__about__"]["wheres"] = named_at
    return _compiled("\n".join(lines) + "\n", "_definition", names, getattr(d.span, "line", "?"))


def kept(compiler, fn, index: int, cells: tuple, arity: int, listed: bool, where: str, span, checked=None):
    """Definition `fn(m, *values)` with its values kept on the machine (`m.kept[index]`, keyed by
    the values) while the cells it reads are not written (memo.py): a value is used again while
    the sum of those cells' write counts (`m.ver`) is what it was and each zone it reads only as
    a parameter's own (`cells.zones`, memo.Reads) holds what it held. A value used again is charged
    the work its working out cost, so the work budget counts as if it were worked out again; a
    list is handed out as a new list. `checked(m, value, values)` (tests only) is asked instead of
    handing out a kept value."""
    src = Source(compiler)
    params = [f"_v{int(i)}" for i in range(arity)]
    key = "None" if arity == 0 else params[0] if arity == 1 else f"({', '.join(params)},)"
    copy = "[*{}]" if listed else "{}"
    hand_out = (f"{src.const(checked)}(m, _t[1], ({''.join(p + ', ' for p in params)}))" if checked is not None
                else copy.format("_t[1]"))
    # A zone read only as a parameter's own (memo.Reads.zones) is compared with the things it
    # held when the value was kept, in place of its cell's count, which any thing's zone bumps;
    # a variable of one value (`values`) with the value it held, which is never changed in place,
    # so the same object is the same value (a miss for an equal one made anew is only slower).
    zones, values = getattr(cells, "zones", ()), getattr(cells, "values", ())
    compared = {c for c, *_ in zones + values}
    zs = [f"_z{k}" for k in range(len(zones) + len(values))]
    lines = [f"def _kept(m{''.join(', ' + p for p in params)}):",
             f"    _stamp = {' + '.join(f'm.ver[{int(c)}]' for c in cells if c not in compared)}"]
    lines += [f"    {z} = {src.field_list(kind, field)}[_v{int(i)}] if _v{int(i)} is not None else []"
              for z, (_, i, kind, field) in zip(zs, zones)]
    lines += [f"    {z} = m.g[{int(slot)}]" for z, (_, slot) in zip(zs[len(zones):], values)]
    same = "".join(f" and _t[{k + 3}] {'==' if k < len(zones) else 'is'} {z}" for k, z in enumerate(zs))
    lines += [f"    _l = m.kept[{int(index)}]",
              f"    _t = _l.get({key})",
              f"    if _t is not None and _t[0] == _stamp{same}:",
              "        m.work -= _t[2]",
              "        if m.work < 0:",
              f"            raise {src.const(runaway)}({src.const(where)}, {src.const(span)})",
              f"        return {hand_out}",
              "    _work = m.work",
              f"    _value = {src.const(fn)}(m{''.join(', ' + p for p in params)})",
              f"    m.kept_size += {'len(_value) + 1' if listed else '1'}{''.join(f' + len({z})' for z in zs[:len(zones)])}",
              f"    if m.kept_size > {int(MAX_KEPT)}:",
              "        m.forget_kept()",
              f"    _l[{key}] = (_stamp, {copy.format('_value')}, _work - m.work"
              f"{''.join(f', [*{z}]' if k < len(zones) else f', {z}' for k, z in enumerate(zs))})",
              "    return _value"]
    return _compiled("\n".join(lines) + "\n", "_kept", src.namespace((where, span)), getattr(span, "line", "?"))


def option_lists(compiler, rows: list, where: str, span):
    """The options of a `choose` or a menu as one Python function f(m, env) -> (labels, values),
    or None if its source cannot be compiled. Each row is one option: a dict with its `label`
    (an expression, or None to show the item with `shower`), the `slot` and name `var` of its
    item, its `source` list (or None), its `cond` (or None), whether that condition is `early`
    (tested once, before the list: it does not mention the item), the work of one item (`each`,
    charged as a `choose` or menu statement does) and its `tag` (None: the value is the item; a
    number i: [i, item])."""
    if not _WRITING:
        return None
    nodes = [r[k] for r in rows for k in ("label", "source", "cond") if r[k] is not None]
    # Each option's item is a Python local while its list is gone through, and is put in its
    # place among the rule's variables after (`_option_lines`), as going through it would leave it.
    items = {r["slot"] for r in rows if r["source"] is not None}
    bound = set().union(items, *(bound_slots(compiler, n) for n in nodes))
    src = Source(compiler, bound)
    lines = _option_lines(src, rows, where, span)
    if src.fell_back and bound:
        src = Source(compiler)
        lines = _option_lines(src, rows, where, span)
    text = "def _options(m, env):\n    labels = []\n    values = []\n" + "".join(lines) + "    return labels, values\n"
    return _compiled(text, "_options", src.namespace(), getattr(span, "line", "?"))


def _option_lines(src: Source, rows: list, where: str, span) -> list:
    lines = []
    shared: dict = {}       # a guard's leading part -> the local `_g<n>` that holds its value (`_guard`)
    shared_used = set()     # ...and those locals read again by a later option
    for r in rows:
        tag, slot = r["tag"], r["slot"]
        item = src.slot(slot) if r["source"] is not None else "None"
        value = item if tag is None else f"[{int(tag)}, {item}]"
        src.whole, src.whole_charge = r["label"], None
        label = (src.write(r["label"]) if r["label"] is not None
                 else f"{src.const(r['shower'])}(m, {item})")
        charge, src.whole = src.whole_charge or [], None
        add = ([f"_label = {label}"] + charge + ["labels.append(_label)"] if charge else
               [f"labels.append({label})"]) + [f"values.append({value})"]
        key = (_label_key(src.c, r["source"], item, src) if r["source"] is not None and r["label"] is not None
               and _item_only(src.c, r["label"], slot) else None)
        if key is not None:
            # The label reads only the item and the rulebook's fixed data: made once per item and
            # kept with the work it cost, which each later use is charged (made again if the
            # budget left is smaller, so that it runs out where it would have).
            # A label that cost nothing (a short text, the most common) is kept apart, so that
            # using it again is one look-up.
            kept, free = {}, {}
            memo, get = src.const(kept), src.const(kept.get)
            costless, costless_get = src.const(free), src.const(free.get)
            make = ["_work = m.work",
                    f"_label = {label}"] + charge + [
                    f"if _work == m.work and len({costless}) < {MEMO_ITEMS}:",
                    f"    {costless}[{key}] = _label",
                    f"elif len({memo}) < {MEMO_ITEMS}:",
                    f"    {memo}[{key}] = (_label, _work - m.work)"]
            # A kept label found is charged by one subtraction, tested before it is kept.
            charge = [f"_label = {get}({key})",
                      "if _label is not None and (_work := m.work - _label[1]) >= 0:",
                      "    m.work = _work",
                      "    _label = _label[0]"]
            add = [f"_label = {costless_get}({key})", "if _label is None:"] + ["    " + x for x in charge] + \
                ["    else:"] + ["        " + x for x in make] + ["labels.append(_label)", f"values.append({value})"]
        if r["source"] is None:
            body = ([f"if {_guard(src, conjuncts(r['cond']), shared, shared_used)}:"] + ["    " + x for x in add]) \
                if r["cond"] is not None else add
        else:
            pre = charge_lines(src, src.write(r["source"]), int(r["each"]), where, span)
            inner = add
            parts = conjuncts(r["cond"]) if r["cond"] is not None else []
            first, parts = parts[:r.get("first", 0)], parts[r.get("first", 0):]
            if parts and not r["early"]:
                # Each field the item's test reads is taken once before the loop, as a
                # definition's loop takes it (`Source.loop_fields`).
                src.loop_fields = {}
                lead, rest = _invariant_lead(src, parts, r["var"])
                pre += [f"{name} = {src.field_list(kind, field)}" for (kind, field), name in (src.loop_fields or {}).items()]
                src.loop_fields = None
                inner = ([f"if {rest}:"] + ["    " + x for x in add]) if rest else add
                if lead:      # false for one item, false for all: the list ends there, its
                    # item left at the last one as going through every item would leave it
                    inner = [f"if not ({lead}):", f"    {item} = _xs[-1]", "    break"] + inner
            body = pre + [f"for {item} in _xs:"] + ["    " + x for x in inner]
            if item != f"env[{int(slot)}]":
                body += ["if _xs:", f"    env[{int(slot)}] = {item}"]
            if r["cond"] is not None and r["early"]:
                body = [f"if {_guard(src, conjuncts(r['cond']), shared, shared_used)}:"] + ["    " + x for x in body]
            elif first:            # tested once, before the list (`statements._tested_first`)
                body = [f"if {_guard(src, first, shared, shared_used)}:"] + ["    " + x for x in body]
        lines += ["    " + x + "\n" for x in body]
    for text, name in shared.items():     # a test no later option begins with is not kept
        if name not in shared_used:
            lines = [x.replace(f"({name} := {text})", f"({text})") for x in lines]
    return lines


MEMO_ITEMS = 4096     # labels remembered per option, at most


def _guard(src: Source, parts: list, shared: dict, used: set) -> str:
    """The test of the parts `parts` of an option's condition that come before its list (or
    the whole condition of an option without one), as source. Several options of a menu often
    begin alike (`actions_left > 0`): a first part that only reads the game (`_shareable`) is
    worked out once, where an option first tests it, kept in a local `_g<n>`, and read from
    there by the options after it. Nothing a menu works out can change the game, and a first
    part is tested whenever its option is reached, so the local holds the value each would get.
    `used` gathers the locals read again: one no later option reads is written plainly after all."""
    texts = []
    for k, p in enumerate(parts):
        text = src.write(p)
        name = shared.get(text)
        if name is not None:
            texts.append(name)
            used.add(name)
        elif k == 0 and _shareable(text):
            name = shared[text] = f"_g{len(shared)}"
            texts.append(f"({name} := {text})")
        else:
            texts.append(f"({text})")
    return " and ".join(texts)


def _shareable(text: str) -> bool:
    """Does written source only read the game's variables and fields (`m.g`, `m.pl`, `m.fl`) and the
    values passed in, and compare them: no call, no rule variable or item, no local of its own?"""
    return _answer(_SHAREABLE, text, _shareable_tree, False)


def _answer(answers: dict, text: str, of_tree, unread: bool) -> bool:
    """`of_tree` of the source `text` as Python reads it, kept by the text in `answers` (a warm
    load writes the same sources again); `unread` when Python cannot read it, not kept (too deep
    here may not be too deep with a shallower stack)."""
    got = answers.get(text)
    if got is None:
        try:
            tree = ast.parse(text, mode="eval")
        except (SyntaxError, RecursionError, MemoryError, ValueError):
            return unread
        if len(answers) >= KEPT_ANSWERS:
            answers.clear()
        got = answers[text] = of_tree(tree)
    return got


def _shareable_tree(tree) -> bool:
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and not (n.id == "m" or n.id.startswith("_k")):
            return False
        if not isinstance(n, (ast.Expression, ast.Name, ast.Load, ast.Constant, ast.Subscript, ast.Attribute,
                              ast.Compare, ast.BoolOp, ast.UnaryOp, ast.cmpop, ast.boolop, ast.unaryop)):
            return False
        if isinstance(n, ast.Attribute) and not (isinstance(n.value, ast.Name) and n.value.id == "m"
                                                 and n.attr in ("g", "pl", "fl")):
            return False
    return True


def _item_only(c, e, slot) -> bool:
    """Is `e` a label that reads only the item in `slot` and the rulebook's fixed data (its
    things' data, literals, tables of literals, definitions of those: `purity.py`), and never
    shows a player? Then the same item always gets the same label, in every game of the rulebook."""
    from .purity import _fixed
    if not _fixed(c, e, c.fixed):
        return False
    for node in c.walks.walk(e):
        if isinstance(node, A.Name):
            ref = c.refs.get(id(node), ())
            if ref[:1] == ("local",) and ref[1] != slot:
                return False
    return True


def _label_key(c, source, item: str, src) -> str | None:
    """The item as a key of the kept labels: itself (a thing, number, text, enum value) or, a list
    of those, as a tuple; None for any other item."""
    t = T.elem(c.types.get(id(source), T.ANY))
    if t in (T.INT, T.TEXT, T.BOOL) or t.startswith(("thing:", "enum:")):
        return item
    inner = T.elem(t) if t.startswith("list:") else ""
    if inner in (T.INT, T.TEXT, T.BOOL) or inner.startswith(("thing:", "enum:")):
        return f"{src.const(tuple)}({item})"
    return None


def conjuncts(e) -> list:
    """The parts of `a and b and ...`, in order."""
    if isinstance(e, A.Binary) and e.op == "and":
        return conjuncts(e.left) + conjuncts(e.right)
    return [e]


def _calls(text: str) -> bool:
    """Does written source call anything but `len` or `abs`? (Every charge and every change of a
    game is a call.) Too deep to read: assume the worst."""
    return _answer(_CALLS, text, _calls_tree, True)


def _calls_tree(tree) -> bool:
    return any(isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and n.func.id in ("len", "abs"))
               for n in ast.walk(tree))


def _invariant_lead(src: Source, parts: list, var: str):
    """An option's condition `A and B` (its parts, `conjuncts`) split where its leading parts A
    neither mention the item nor call anything (so they cost no work and change nothing): the
    same for every item, so once A is false no later item is offered. Returns (A, B) as source
    ("" for none)."""
    from .statements import _mentions
    parts = list(parts)
    lead = []
    while parts and var and not _mentions(parts[0], var):
        text = src.write(parts[0])
        if _calls(text):
            break
        lead.append(f"({text})")
        parts.pop(0)
    rest = " and ".join(f"({src.write(p)})" for p in parts)
    return " and ".join(lead), rest


def assignment(compiler, s, stored, capped_int: bool):
    """`target = value`, `+=` or `-=` as one Python function f(m, env), or None if its source
    cannot be compiled. `stored` is the value's function if it must be copied to be kept (see
    `statements._stored`), else None; `capped_int` caps the number stored."""
    if not _WRITING:
        return None
    nodes = [s.target] + ([s.value] if stored is None else [])
    src = Source(compiler, set().union(*(bound_slots(compiler, n) for n in nodes)))
    lines = assignment_lines(src, s, stored, capped_int)
    if src.fell_back and src.bound:
        src = Source(compiler)
        lines = assignment_lines(src, s, stored, capped_int)
    if lines is None:
        return None
    return _compiled("def _statement(m, env):\n" + "".join("    " + x + "\n" for x in lines), "_statement",
                     src.namespace(), getattr(s.span, "line", "?"))


def assignment_lines(src: Source, s, stored, capped_int: bool) -> list | None:
    """The lines of an assignment, in the closures' order: the value (after the target's old
    value, for `+=`), the cap, the range check, then the place stored to."""
    tgt, ref = s.target, src.c.refs.get(id(s.target))
    lines = []
    copy = getattr(stored, "charge", None)
    if copy is not None and s.op == "=":
        # A list a place may hold already, copied (`statements._stored`), in place.
        lines.append(f"_value = {src.write(s.value)}")
        lines.append(f"if len(_value) > {SMALL}: {src.const(copy)}(m, len(_value))")
        value = "[*_value]"
    elif stored is not None:
        value = f"{src.const(stored)}(m, env)"
    elif s.op == "=":
        # A list worked out first (`x = [... for ...]`) is made by lines before, as in `definition`.
        src.hoist, src.pre = leading_comprehension(s.value), []
        value = src.write(s.value)
        src.hoist = None
        lines += src.lines_before(value)
    else:
        value = src.write(s.value)
    if s.op != "=":
        value = f"({src.write(tgt)} {'+' if s.op == '+=' else '-'} {value})"
    lines.append(f"_value = {value}")
    if capped_int:       # as `capped`, without a call for the number that fits (every one, in play)
        from .compiler import MAX_INT
        lines += [f"if type(_value) is {src.const(int)} and not {-int(MAX_INT)} <= _value <= {int(MAX_INT)}:",
                  f"    _value = {src.const(capped(s.span))}(_value)"]
    key = None
    if isinstance(tgt, A.Name) and ref[0] == "local":
        place = src.slot(ref[1])
    elif isinstance(tgt, A.Name):
        place, key = f"m.g[{int(ref[1])}]", ("g", ref[1])
    elif isinstance(tgt, A.Index):
        place = f"{src.write(tgt.obj)}[{src.item_key(tgt.key, 0)}]"
    elif ref[0] == "field":
        place = f"{src.field_list(ref[1], ref[2])}[{src.write(tgt.obj)}]"
    elif ref[0] == "pvar":
        who = src.write(tgt.obj)
        place, key = f"m.pl[{who}][{int(ref[1])}]", ("p", ref[1])
    else:
        return None
    refused = none_refused(src.c, s)
    if refused is not None:
        lines += [f"if {refused_source(src, refused)}:", f"    raise {src.const(refused[2])}()"]
    rng = src.c.out.ranges.get(key) if key else None
    if rng:
        lines += [f"if not {src.value(rng[0])} <= _value <= {src.value(rng[1])}:",
                  f"    raise {src.const(out_of_range(rng, tgt.span))}(_value{', m, ' + who if key[0] == 'p' else ''})"]
    lines.append(f"{place} = _value")
    lines += [f"m.ver[{int(c)}] += 1" for c in memo.written_cells(src.c, s)]     # counted for kept values
    return lines


def reaction_open(compiler, r, info: dict):
    """Whether reaction `r` offers `seat` anything now, as one Python function
    f(m, args, seat, declined, k) -> bool, or None if its source cannot be compiled. It does what
    `Machine.reaction_offers` does up to the first offer (the same charge; the condition tested
    once if it does not mention the item, else for each item; the items the seat declined left
    out), without making an env per call through a generator: the machine asks it of every seat
    at every decision."""
    if not _WRITING:
        return None
    src = Source(compiler)
    lines = _open_lines(compiler, src, r, info, "k", "return False", False)
    if lines is None:
        src = Source(compiler)
        lines = _open_lines(compiler, src, r, info, "k", "return False", True)
    lines = ["def _open(m, args, seat, declined, k):"] + [f"    {x}" for x in lines] + ["    return False"]
    return _compiled("\n".join(lines) + "\n", "_open", src.namespace(), getattr(r.span, "line", "?"))


def instants_open(compiler, reactions: list):
    """Whether any seat may play any of the instant reactions `reactions` ([(r, info)]) now, as
    one Python function f(m, args, declined) -> bool asking, seat by seat and for each seat
    reaction by reaction, what each one's `reaction_open` asks (in the order
    `Machine.instant_ready` asks them, so the same work is charged and the same error met
    first); None if a source cannot be written so. One call instead of one per seat and
    reaction, at every decision."""
    if not _WRITING or not reactions:
        return None
    src = Source(compiler)
    # Every seat's charge for each reaction taken at once when nothing they ask draws at random
    # (`ask_twice`); see `_charged_first`.
    whole = all(info["ask_twice"] for r, info in reactions)
    every = sum(int(info["each"]) for r, info in reactions)
    lines = ["def _open(m, args, declined):"]
    lines += ["    _n = m.player_count"] + [f"    {x}" for x in _charged_first(src, reactions[0][1], f"{every} * _n")] \
        if whole else []
    # The seat is the loop's own local, named as the conditions name it (an instant reaction's
    # `by p` is its first slot), so no line copies it into another.
    seats = {int(info["slots"][-1]) for r, info in reactions}
    seat = f"_v{seats.pop()}" if len(seats) == 1 else "seat"
    lines.append(f"    for {seat} in range({'_n' if whole else 'm.player_count'}):")
    spent = 0
    for k, (r, info) in enumerate(reactions):
        spent += int(info["each"])
        yes = (f"m.work += {every} * (_n - {seat}) - {spent}", "return True") if whole else ("return True",)
        last = k == len(reactions) - 1
        one = _open_lines(compiler, src, r, info, str(int(k)), "continue" if last else "break", False, seat, yes,
                          charge=not whole)
        if one is None:
            return None
        # Each reaction's test but the last in a loop run once, which `break` leaves for the next
        # reaction; the last's `continue` goes on to the next seat.
        lines += [f"        {x}" for x in one] if last else \
            ["        while True:"] + [f"            {x}" for x in one] + ["            break"]
    lines.append("    return False")
    return _compiled("\n".join(lines) + "\n", "_open", src.namespace(), getattr(reactions[0][0].span, "line", "?"))


def first_open(compiler, reactions: list):
    """Which of the seats still to be asked first has something to play among an event's
    reactions `reactions` ([(r, info)]), as one Python function f(m, args, i, end) -> int:
    the seats are asked from the `i`-th after the current player up to (not including) the
    `end`-th, each as `Machine.none_open` asks it (each reaction's `reaction_open` in turn), and
    the answer is that seat's number in the order (`end` if none). The work of the seats passed is charged, the found
    seat's is given back (its offers are then worked out from the start). One call instead of
    two or more a seat; None if a source cannot be written so, or if a reaction may not be
    asked twice (`ask_twice`)."""
    if not _WRITING or not reactions or not all(info["ask_twice"] for r, info in reactions):
        return None
    src = Source(compiler)
    every = sum(int(info["each"]) for r, info in reactions)
    lines = ["def _first(m, args, _at, _end):",
             "    if _at >= _end:",
             "        return _at",
             "    _n = m.player_count",
             "    _from = m.s['current']"]
    lines += [f"    {x}" for x in _charged_first(src, reactions[0][1], f"{every} * (_end - _at)")]
    lines += ["    while _at < _end:",
              "        seat = (_from + _at) % _n",
              "        _work = m.work"]
    for k, (r, info) in enumerate(reactions):
        # Each reaction's test in a loop run once, which `break` leaves for the next reaction. The
        # seat found is given back its work and that of the seats after it, charged first.
        one = _open_lines(compiler, src, r, info, str(int(k)), "break", False,
                          yes=(f"m.work = _work + {every} * (_end - _at)", "return _at"), declines=False, charge=False)
        if one is None:
            return None
        lines += ["        while True:"] + [f"            {x}" for x in one] + ["            break"]
    lines += ["        _at += 1", "    return _at"]
    return _compiled("\n".join(lines) + "\n", "_first", src.namespace(), getattr(reactions[0][0].span, "line", "?"))


def _charged_first(src: Source, info: dict, total: str) -> list:
    """The lines charging, before any seat is asked, what asking each seat each reaction charges
    (`total`, a Python expression of ints), in place of a charge before each (`_open_lines`'s
    `charge`). The work counts less than it would part way through, never more, so a charge
    that runs out here or inside may be one that would not have run out; but a function written
    so is asked only where an error in it is met again by asking each seat's reactions one by
    one, each charged in turn (`Machine.instants_open`, `Machine.first_open`), and only of
    reactions that draw nothing at random, which may be asked twice. When it answers, the
    seats' charges it gives back leave the work where charging seat by seat leaves it: that
    never ran out, since the work only goes down as the seats are asked."""
    where = src.const("the reaction '%s'" % info["name"])
    return [f"m.work -= {total}", "if m.work < 0:", f"    raise {src.const(runaway)}({where}, {src.const(info['span'])})"]


def _open_lines(compiler, src: Source, r, info: dict, k: str, no: str, unbound: bool, seat: str = "seat",
                yes: tuple = ("return True",), declines: bool = True, charge: bool = True):
    """The lines of one seat's test of reaction `r` (unindented): `yes` (`return True`) if it
    offers the seat something, `no` (a statement that leaves the test) if its early condition
    fails, and falling off the end otherwise. None if its condition fell back to a closure with
    the values bound as Python locals (the caller writes it again, `unbound`). `seat` is the
    Python local holding the seat asked; `declines` false when the seat cannot have declined an
    offer of it (a signalled event's reactions: only instant ones are remembered declined);
    `charge` false when the caller charged the seats' offering first (`_charged_first`)."""
    slots = [int(x) for x in info["slots"]]
    values = [f"args[{i}]" for i in range(len(slots) - 1)] + [seat]
    listed = info["items"] is not None
    # A condition tested once (it does not mention the item, or there is none) reads the values
    # as Python locals, and the env is made only for a seat it holds for, and only to work out
    # the items: most seats, most of the time, it does not hold.
    src.bound = set() if unbound or not (info["early"] or not listed) else \
        set(slots) | (bound_slots(compiler, r.cond) if r.cond is not None else set())
    src.fell_back = False
    src.seats = frozenset((seat, src.slot(slots[-1])))     # a seat is never none: no test before a definition written in place
    cond = src.write(r.cond) if r.cond is not None else "True"
    src.seats = frozenset()
    if src.fell_back and src.bound:
        return None
    where = src.const("the reaction '%s'" % info["name"])
    lines = [f"m.work -= {int(info['each'])}",
             "if m.work < 0:",
             f"    raise {src.const(runaway)}({where}, {src.const(info['span'])})"] if charge else []
    made = [f"env = [None] * {int(info['size'])}"] + [f"env[{slot}] = {value}" for slot, value in zip(slots, values)]
    bind = [f"{src.slot(slot)} = {value}" for slot, value in zip(slots, values) if src.slot(slot) != value]
    if not listed:
        # One offer, of no item: a declined one is not asked again (its condition unread), as
        # `Machine.reaction_offers` goes through its list of one.
        if declines:
            lines += [f"if declined and [{seat}, {k}, None] in declined:", f"    {no}"]
        lines += bind if src.bound else made
        if r.cond is not None:
            lines += [f"if not ({cond}):", f"    {no}"]
        return lines + list(yes)
    if info["early"] and src.bound:
        lines += bind + [f"if not ({cond}):", f"    {no}"] + made
    elif info["early"]:
        lines += made + [f"if not ({cond}):", f"    {no}"]
    else:
        lines += made
    item = f"env[{int(info['item_slot'])}]"
    lines += [f"for {item} in [*{src.const(info['items'])}(m, env)]:"]
    if declines:
        lines += [f"    if declined and [{seat}, {k}, {item}] in declined:", "        continue"]
    # An early condition does not mention the item: it held above, so it holds for each item.
    lines += [f"    {x}" for x in yes] if info["early"] else [f"    if {cond}:"] + [f"        {x}" for x in yes]
    return lines


# ---------------------------------------------------------------------- helpers the source calls
# Each carries its line, and does what the closure compiler's node of the same name does.

def charged(each: int, where: str, span):
    def items(m, xs):
        m.work -= len(xs) * each
        if m.work < 0:
            raise runaway(where, span)
        return xs
    return items


def spent(n: int, where: str, span):
    """A statement larger than `statements.BIG_STATEMENT` costs its size when it runs."""
    def spend(m):
        m.work -= n
        if m.work < 0:
            raise runaway(where, span)
    return spend


def sized(where: str, span, what: str):
    from .compiler import MAX_SIZE, _made

    def made(m, x):
        # `_made`'s charge written here: a template inside an expression calls this only for a
        # text longer than SMALL, and a second call costs about as much as the charge itself.
        # (An option's label or a function's whole value is charged by lines instead:
        # `whole_charge_lines`.)
        n = len(x)
        if n > SMALL:
            if n > MAX_SIZE:
                _made(m, n, what, where, span)      # refused there, in its words
            m.work -= n
            if m.work < 0:
                raise runaway(where, span)
        return x
    return made


def whole_charge_lines(src, made: str, span) -> list:
    """The lines that charge the text in `_label` (an option's label, a function's value) its
    length when longer than SMALL, as `sized`'s `made` (passed in as `made`) would, without a
    call: a text too long to make is refused by `made`, in its words."""
    from .compiler import MAX_SIZE
    return [f"if len(_label) > {SMALL}:",
            f"    if len(_label) > {int(MAX_SIZE)}:",
            f"        {made}(m, _label)",
            "    m.work -= len(_label)",
            "    if m.work < 0:",
            f"        raise {src.const(runaway)}({src.const(src.c.where())}, {src.const(span)})"]


def joined_lists(where: str, span):
    from .compiler import _made

    def add(m, x, y):
        if len(x) + len(y) > SMALL:
            _made(m, len(x) + len(y), "list", where, span)
        return x + y
    return add


def capped(span):
    from .compiler import _int_capped
    return lambda v: _int_capped(v, span)


def divide(op: str, span, where: str = "", divisor: str = "..."):
    """`/` or `%`; dividing by 0 is a rule error that names the divisor as written in the
    rulebook (`divisor`) and the rule, section or definition it is in (`where`)."""
    is_div = op == "/"

    def div(x, y):
        if y == 0:
            raise RuleError(zero_divisor(op, where, divisor), span)
        return x // y if is_div else x % y
    return div


def zero_divisor(op: str, where: str, divisor: str) -> str:
    """The words of a division (or remainder) by 0, naming what was 0 and a way out."""
    doing = "divides" if op == "/" else "takes the remainder of a division"
    of = f"this line of {where}" if where else "this line"
    if divisor in ("", "..."):
        return f"Division by zero: {of} {doing} by a number that is 0 here. Make sure it cannot be 0 first."
    guard = f"if {divisor} > 0 then ... else ..." if where.startswith("the definition") else f"if {divisor} > 0:"
    return (f"Division by zero: {of} {doing} by '{divisor}', which is 0 here. Make sure '{divisor}' "
            f"cannot be 0 first ('{guard}' around it, or max({divisor}, 1)).")


def list_compare(op: str, where: str, span, listed: str = "..."):
    """`==`, `!=`, `in` or `not in` with a list, charging a long list's length; `listed` is the
    rulebook's text of the right side, which an error names when it is none."""
    def charge(m, n):
        m.work -= n
        if m.work < 0:
            raise runaway(where, span)
    if op in ("in", "not in"):
        negate = op == "not in"

        def member(m, x, ys):
            try:
                if len(ys) > SMALL:
                    charge(m, len(ys))
            except TypeError:       # (a try costs nothing until it catches)
                if ys is not None:
                    raise
                what = f"'{listed}'" if listed != "..." else "the list on its right"
                raise RuleError(f"'{op}' looks for a value in a list, but {what} is none here, not a list "
                                f"({_NONE_WORDS}).", span) from None
            return (x not in ys) if negate else (x in ys)
        return member
    negate = op == "!="

    def equal(m, x, y):
        if type(x) is list and type(y) is list and len(x) > SMALL and len(y) > SMALL:
            charge(m, min(len(x), len(y)))
        return (x != y) if negate else (x == y)
    return equal


def builtin(fn, where: str, span, arity: int, called=None):
    """A built-in charges its own work and raises Spent, or a RuleError, without knowing its line:
    the call names it. `called` is (name, the arguments' texts), for the words of an error (texts,
    not nodes: a compiled game must not keep its compiler alive)."""
    def told(err, values):
        """The error to raise for `err`, raised by the built-in given `values` (error path only)."""
        if isinstance(err, Spent):
            return runaway(where, span)
        if isinstance(err, RuleError):
            return err.at(span)
        if isinstance(err, PY_ERRORS):
            return RuleError(builtin_failed(called, values, err), span)
        return err               # not the rules' error (an interrupt): as it is

    def call(m, *values):
        try:
            return fn(m, *values)
        except BaseException as err:
            raise told(err, values) from None

    def call1(m, x):        # the common cases, without packing the values
        try:
            return fn(m, x)
        except BaseException as err:
            raise told(err, (x,)) from None

    def call2(m, x, y):
        try:
            return fn(m, x, y)
        except BaseException as err:
            raise told(err, (x, y)) from None

    def call3(m, x, y, z):   # the grid searches: a space, a number, a test
        try:
            return fn(m, x, y, z)
        except BaseException as err:
            raise told(err, (x, y, z)) from None
    return call1 if arity == 1 else call2 if arity == 2 else call3 if arity == 3 else call


# Built-ins whose first value is a space of a grid to start from.
FROM_A_SPACE = {"within", "reachable", "step", "line_from", "connected", "paths", "longest_path", "neighbours", "diagonals"}
ORDINALS = ("first", "second", "third", "fourth", "fifth")


def builtin_failed(called, values, err) -> str:
    """A built-in that failed on the values it was given, in the rules' words (error path only):
    "'pawn' is none, so within() has no space to start from"."""
    name, texts = called if called is not None else ("this built-in", [])
    for k, v in enumerate(values):
        if v is None:
            said = f"'{texts[k]}'" if k < len(texts) and texts[k] != "..." else \
                f"its {ORDINALS[k] if k < len(ORDINALS) else 'one'} value"
            if name in FROM_A_SPACE and k == 0:
                return f"{said} is none, so {name}() has no space to start from."
            if name in FROM_A_SPACE and name == "connected" and k == 1:
                return f"{said} is none, so {name}() has no space to go to."
            return f"{said} is none, so {name}() cannot be worked out."
    return f"{name}() cannot be worked out with the values it was given: {explain(err, err.__traceback__)}."


def counted_from_start(i):
    """A list's index as the rules mean it: items count from 0, so a negative number names no
    item (Python would count it from the end)."""
    if type(i) is int and i < 0:
        raise IndexError(i)
    return i


def _read_only(c, e) -> bool:
    """Is `e` a list read that can neither fail nor do anything: a local or variable, or a zone or
    variable of the current player?"""
    ref = c.refs.get(id(e), ())
    if isinstance(e, A.Name):
        return ref[:1] in (("local",), ("global",))
    return isinstance(e, A.Field) and ref[:1] == ("pvar",) and isinstance(e.obj, A.Name) \
        and c.refs.get(id(e.obj), ()) == ("value", "current")


def _index_read(c, e) -> bool:
    """Is `e` a whole number (or none) that writes no local of its own: a plain read, or one plus or
    minus a number?"""
    if c.types.get(id(e)) != T.INT:
        return False
    if isinstance(e, A.Binary) and e.op in ("+", "-") and isinstance(e.right, A.Lit) and type(e.right.value) is int:
        e = e.left
    return inlining.plain(e, c.refs)


def item_at(xs, i):
    """`xs[i]` as the rules mean it: items count from 0, so a negative number names no item (Python
    would count it from the end); an item that is not there is an IndexError giving the position
    and the list's length, (i, len(xs)), for the message (`errors.explain`)."""
    if type(i) is int and i < 0:
        raise IndexError(i, len(xs)) if isinstance(xs, list) else IndexError(i)
    try:
        return xs[i]
    except IndexError:
        raise IndexError(i, len(xs)) from None


def table_of_values(name: str, rows: list, where: str, span):
    """A table whose entries are all constants (literals and enum values), looked up by one key as
    `Compiler.ex_Index` does: `rows` are (low, high, value)."""
    size = len(rows)
    exact = {}          # key -> value, when no entry is a range: the first entry of a key wins
    try:
        for lo, hi, val in rows:
            if lo != hi or type(lo) is float:
                exact = None
                break
            exact.setdefault(lo, val)
    except TypeError:
        exact = None

    if exact is not None and size <= SMALL:
        missing = object()

        def found(m, k):
            try:
                val = exact.get(k, missing)
            except TypeError:
                val = missing
            if val is missing:
                raise no_table_entry(name, m, (k,), span)
            return val
        return found

    def lookup(m, k):
        if size > SMALL:        # a long table costs its length to search
            m.work -= size
            if m.work < 0:
                raise runaway(where, span)
        for lo, hi, val in rows:
            if k == lo or (type(k) is int and type(lo) is int and lo <= k <= hi):
                return val
        raise no_table_entry(name, m, (k,), span)
    return lookup


MAX_EXPANDED = 4096     # the most keys a table of several keys may be found by in a dict (`table_by_keys`)


def table_by_keys(name: str, rows: list, where: str, span):
    """A table keyed by several values (`damage[level, r]`) whose entries are all constants, looked
    up as `Compiler.table_lookup` does: `rows` are ([(low, high) of each key], value). When every
    key of every entry is a whole number, a short range of them, or a text, the keys are found in a
    dict made once (the first entry of a key wins, as the search finds it), for keys that are whole
    numbers or texts; the search entry by entry, with a closure per key, cost more than the rest of
    an eruption. Any other key is searched for entry by entry."""
    size = len(rows)
    exact: dict | None = {}
    expanded = 0
    for keys, val in rows:
        each = [_keys_matched(lo, hi) for lo, hi in keys]
        expanded += math.prod(len(e) for e in each if e is not None)
        if None in each or expanded > MAX_EXPANDED:
            exact = None
            break
        for found in itertools.product(*each):
            exact.setdefault(found, val)
    missing = object()

    def lookup(m, ks):
        if size > SMALL:        # a long table costs its length to search
            m.work -= size
            if m.work < 0:
                raise runaway(where, span)
        if exact is not None:
            for k in ks:
                if type(k) is not int and type(k) is not str:     # (a bool or a float is equal to an int)
                    break
            else:
                val = exact.get(ks, missing)
                if val is not missing:
                    return val
        for keys, val in rows:
            if all(table_key_matches(k, lo, hi) for k, (lo, hi) in zip(ks, keys)):
                return val
        raise no_table_entry(name, m, ks, span)
    return lookup


def _keys_matched(lo, hi) -> tuple | None:
    """Every whole number or text an entry's key (`lo` to `hi`) matches, or None when they are not
    so few (another type, or a long range)."""
    if type(lo) is str and lo == hi:
        return (lo,)
    if type(lo) is int and type(hi) is int and hi - lo < MAX_EXPANDED:
        return (lo, *range(lo + 1, hi + 1))      # `lo` matches even when `hi` is below it
    return None


def table_key_matches(k, lo, hi) -> bool:
    """Whether the key `k` matches a table entry's key `lo` (to `hi`): equal, or a whole number in
    the range."""
    return k == lo or (type(k) is int and type(lo) is int and lo <= k <= hi)


def no_table_entry(name: str, m, keys, span) -> RuleError:
    """The error of a look-up no entry of the table has (error path only): the keys asked for,
    where the table is written (a variant's `replace table` may be the one in play) and, for a
    table of one key, the keys it has, and what to do."""
    asked = ", ".join(m.show_any(k) for k in keys)
    said = f"The table '{name}' has no entry for {asked}."
    try:
        at, entries, several = m.prog.table_entries.get(name, (None, [], False))
        if at is not None and getattr(at, "line", 0):
            shown = [m.show_any(lo) if hi == lo or hi is None else f"{m.show_any(lo)} to {m.show_any(hi)}"
                     for lo, hi in entries]
            has = "" if several or not shown else \
                f"{', '.join(shown[:10])}{f' and {len(shown) - 10} more' if len(shown) > 10 else ''}"
            said = (f"The table '{name}' has no entry for {asked}: the table, written at {at.file}:{at.line}, has entries "
                    f"for {has or 'other keys'}. Add an entry for {asked} to the table, or keep what it is looked "
                    "up by to the keys it has.")
    except Exception:        # the error path must never fail: the plain message then
        pass
    return RuleError(said, span)


def joiner(show, where: str, span):
    """`join(xs, sep)`: the items shown by their type, as `Compiler.ex_Call` does."""
    from .compiler import bounded_join

    def join(m, xs, between):
        try:
            return bounded_join(m, between, (show(m, x) for x in xs))
        except Spent:
            raise runaway(where, span) from None
        except RuleError as err:
            raise err.at(span)
    return join


# Values that are never none: a sum (`+=` too), a comparison, a text, a list (a literal but `none`).
_NEVER_NONE = (A.Template, A.Unary, A.Binary, A.ListLit, A.Comprehension, A.StartsWith)
NONE_WORDS = _NONE_WORDS = "the first or last item of an empty list, and a pick from one, are none"


def held_type(c, tgt) -> str | None:
    """The declared type of the game's variable, player's variable or thing's field `tgt` names,
    or None for any other place (a local, a zone of a numbered zone)."""
    ref, checked = c.refs.get(id(tgt)), c.c
    if ref is None or isinstance(tgt, A.Index):
        return None
    if ref[0] == "global":
        return checked.symbols[checked.globals_[ref[1]].name].type
    if ref[0] == "pvar":
        return checked.symbols[checked.player_slots[ref[1]].name].type
    if ref[0] == "field":
        return checked.kind_fields[ref[1]][ref[2]][0]
    return None


def _no_none(t: str) -> bool:
    return not (T.nullable(t) or T.unknown(t))


def written_out(e) -> bool:
    """Is `e` a value written out (a number, a text, a truth, a list of these), never none?"""
    return _literal(e)


def _literal(e) -> bool:
    return isinstance(e, A.Lit) and e.value is not None or \
        isinstance(e, A.ListLit) and all(_literal(x) for x in e.items)


def none_test(t: str):
    """How a value of type `t` is found to hold a none where `t` has none, itself or inside its
    lists: "is" (it is none), "in" (it is none, or an item is), a function v -> bool (an item of
    an item is: a list of lists of numbers), or None when every none fits."""
    if not t.startswith("list:"):
        return "is" if _no_none(t) else None
    inner = none_test(T.elem(t))
    if inner is None:
        return "is"
    if inner == "is":
        return "in"
    deep = inner if callable(inner) else (lambda x: x is None or None in x)
    return lambda v: v is None or any(x is None or deep(x) for x in v)


def none_refused(c, s):
    """For an assignment `s` to a game's variable, a player's variable or a thing's field whose
    type has no none (a number, a truth, a text, a list, a list of these), or to a rule's local
    name holding a list whose items have none (which may itself be none: not set yet), a test
    of `_value` that finds a none stored where it does not fit, as (source, the same as a
    function of the value, the error it raises); else None. Such a none (the first item of an
    empty list) would fail far from its line, and a saved game holding it could not be loaded
    (statecheck.py refuses it)."""
    t = held_type(c, s.target)
    local = t is None and isinstance(s.target, A.Name) and (c.refs.get(id(s.target)) or ("",))[0] == "local"
    if local:
        t = c.types.get(id(s.target), T.ANY)
        if not t.startswith("list:"):
            return None          # a local number, text or truth may be none: statecheck lets it be
    test = none_test(t) if t is not None else None
    if test is None or _literal(s.value):
        return None
    name, held = s.target.name, {T.INT: "a whole number", T.BOOL: "true or false"}.get(t) or T.a(t)
    span = s.span
    if test == "is":
        if local or s.op != "=" or isinstance(s.value, _NEVER_NONE):
            return None
        return "_value is None", lambda v: v is None, lambda: RuleError(
            f"'{name}' holds {held}, never none, but this line would set it to none ({_NONE_WORDS}).", span)
    fn = (lambda v: None in v) if test == "in" else test
    if local:
        return (test, fn, True), (lambda v: v is not None and fn(v)), lambda: RuleError(
            f"'{name}' holds {held}, never none among them, but this line would put none among them "
            f"({_NONE_WORDS}).", span)
    return (test, fn, False), (lambda v: v is None or fn(v)), lambda: RuleError(
        f"'{name}' holds {held}, never none, but this line would set it to none or put none among them "
        f"({_NONE_WORDS}).", span)


def refused_source(src, refused) -> str:
    """The source of `none_refused`'s test of `_value`, for `src`'s function."""
    test = refused[0]
    if isinstance(test, str):
        return test
    how, fn, local = test
    items = "None in _value" if how == "in" else f"{src.const(fn)}(_value)"
    return f"_value is not None and {items}" if local else f"_value is None or {items}"


def none_added(c, s):
    """For `add x to L` where L is a list whose items have no none (not a zone: a zone's own check
    tells a none there), the error a none added raises; else None."""
    t = held_type(c, s.target) or c.types.get(id(s.target)) or T.ANY
    if not t.startswith("list:") or not _no_none(T.elem(t)):
        return None
    return lambda: RuleError(f"'{c.text_of(s.target)}' holds {T.a(t)}, never none, but this line would add "
                             f"none to it ({_NONE_WORDS}).", s.span)


def out_of_range(rng, span):
    """The error for a variable declared with a range given a value outside it: error(v), or for a
    player's variable error(v, m, p), which names the player (Player 2, or a side such as the volcano)."""
    lo, hi, name = rng

    def error(v, m=None, p=None):
        return RuleError(f"'{name}'{whose(m, p)} must stay from {lo} to {hi}, but would become {v}.", span)
    return error


def whose(m, p) -> str:
    """' of Player 2' for seat 1, ' of volcano' for a side; '' when the player is not known."""
    if m is None or type(p) is not int or not 0 <= p < len(m.pl):
        return ""
    return f" of {m.player_name(p)}"


def sized_builtin(inner, where: str, span):
    """A built-in of one list whose work is its length (`functions._sized`), charged here with
    its line: one call, where the general `builtin` makes three."""
    def call(m, xs):
        if len(xs) > SMALL:
            m.work -= len(xs)
            if m.work < 0:
                raise runaway(where, span)
        return inner(m, xs)
    return call
