"""The compiler: a checked program -> a `Compiled` game that the machine runs.

Expressions become Python closures `f(m, env)` with every name, field and table already
resolved to a slot or an array, so the hot path never walks the AST or looks a name up by
string. Statement lists become numbered blocks of small statement objects; control flow
lives in the machine's plain-data frame stack, so a game can pause mid-rule and be saved.
Where the work of an expression grows with a size (comprehensions, definition calls, built-ins,
texts, tables) the closures charge the machine's work budget (`budgets.py`), and the error
names the line and the rule or definition it is in (`self.where()`). This module must not hold
game state: everything it builds is shared by every game.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from tabletop.dsl import ast as A
from tabletop.dsl.collector import collector_paused
from tabletop.dsl import types as T
from tabletop.dsl.checker import OWNER, CheckedProgram, hidden_zone_read
from tabletop.dsl.diagnostics import Diagnostic, RulebookError

from . import codegen, memo, purity
from .budgets import MAX_WEIGHT, SMALL, Spent, runaway
from .errors import PY_ERRORS, BudgetExceeded, RuleError, failed
from .functions import FUNCTIONS


def pattern_words(pattern: dict) -> str:
    """A pattern in words, as a template shows it: "graham, (chocolate and marshmallow in any
    order), graham"; each way to match is joined by "or"."""
    def group(values, alone):
        words = [v.replace("_", " ") for v in values]
        if len(words) == 1:
            return words[0]
        text = f"{', '.join(words[:-1])} and {words[-1]} in any order"
        return text if alone else f"({text})"
    return " or ".join(", ".join(group(g, len(alt) == 1) for g in alt) for alt in pattern["alternatives"])


MAX_SIZE = 100_000     # the longest text or list a rulebook may build with '+'
MAX_INT = 10 ** 15     # the largest whole number a rulebook may store or multiply to


def guarded(fn, span, what: str):
    """Wrap fn(m, x) (an expression, or a definition called with its values) so that a mistake
    in it is a RuleError naming its line."""
    def run(m, x):
        try:
            return fn(m, x)
        except Spent:
            raise runaway(what[0].lower() + what[1:], span) from None
        except RuleError as e:
            raise e.at(span)
        except RecursionError:
            raise RuleError(f"{what} nests too deeply.", span) from None
        except PY_ERRORS as e:
            used_by = f"{what[0].lower()}{what[1:]} at line {getattr(span, 'line', '?')}"
            raise failed(e, e.__traceback__, f"{what} cannot be worked out", span, used_by) from None
    return run


def _int_capped(v, span):
    if type(v) is int and not -MAX_INT <= v <= MAX_INT:
        raise RuleError(f"This makes the number {str(v)[:20]}..., beyond the limit of {MAX_INT}.", span)
    return v


def _too_long(span):
    return RuleError(f"This would make a text of more than {MAX_SIZE:,} characters; the limit is {MAX_SIZE:,}.", span)


def _made(m, n: int, what: str, where: str, span):
    """A text or list of `n` items is being made: beyond MAX_SIZE it is refused, else charged."""
    if n > MAX_SIZE:
        raise _too_long(span) if what == "text" else RuleError(
            f"This would make a list of {n} items; the limit is {MAX_SIZE}.", span)
    m.work -= n
    if m.work < 0:
        raise runaway(where, span)


def _too_deep(what: str, span, split: str) -> RulebookError:
    """E900 for `what` ("the definition 'x'", "the turn section"), whose Python compile ran out of
    stack on a long chain of operators: the checker got through it, with less on its stack."""
    return RulebookError([Diagnostic("E900", f"{what[0].upper()}{what[1:]} nests expressions too deeply to compile (a long "
                                             "chain of operators, each inside the next).", span,
                                     f"split the value: name parts of it {split}")])


def charged_copy(m, value, where: str, span):
    """A copy of a list of lists, so that the state never holds one list twice (a saved game could
    not keep it so, and a list holding itself twice over doubles at each step). The items copied
    are charged as work and may be at most MAX_WEIGHT in all."""
    count = [0]

    def copy(v):
        count[0] += len(v)
        if count[0] > MAX_WEIGHT:
            raise RuleError(f"This would store a list holding more than {MAX_WEIGHT:,} items in its lists; "
                            f"the limit is {MAX_WEIGHT:,}.", span)
        return [copy(x) if type(x) is list else x for x in v]
    out = copy(value)
    m.work -= count[0]
    if m.work < 0:
        raise runaway(where, span)
    return out


def bounded_join(m, sep: str, texts) -> str:
    """`sep.join(texts)`, stopping with a RuleError (no line yet) once the text would be longer than
    MAX_SIZE characters, before it is made; a long text is charged as work."""
    if type(texts) is list:
        total = sum(map(len, texts)) + len(sep) * len(texts)
        if total > SMALL:
            if total > MAX_SIZE + len(sep):
                raise _too_long(None)
            m.work -= total
            if m.work < 0:
                raise Spent()
        return sep.join(texts)
    out, total = [], 0
    for t in texts:
        total += len(t) + len(sep)
        if total > MAX_SIZE + len(sep):
            raise _too_long(None)
        out.append(t)
    m.work -= total
    if m.work < 0:
        raise Spent()
    return sep.join(out)


@dataclass
class Grid:
    kind: str
    order: list
    pos: dict
    at: dict
    orthogonal: dict
    diagonal: dict


@dataclass
class Block:
    stmts: list
    kind: str = "seq"          # seq proc for repeat while secret signal turns
    owner: str = ""            # the rule or section it belongs to, for error messages
    data: object = None        # the loop's statement, for loops


@dataclass
class Proc:
    name: str
    block: int
    size: int
    param_slots: list
    span: object = None
    locals: list = field(default_factory=list)     # (name, type) per slot, for checking a saved state's values
    # The slots of its comprehensions' and functions' items: they name an item only while a value is
    # worked out, so what one still holds afterwards is no thing the rules hold (`alike`).
    passing: frozenset = frozenset()
    # The slots named only inside a block of their own, each with that block: the items of its loops
    # and choices with a block (`for c in hand:`), and the locals first set inside an `if`, a loop
    # or an option (`alike`).
    scoped: dict = field(default_factory=dict)

    def __post_init__(self):
        # The checker binds a rule's parameters first (`Checker.body`), so they take the first
        # slots: a call's env is its values and then `rest`, made in one step (`Machine.call`).
        self.rest = [None] * (self.size - len(self.param_slots))


@dataclass
class Compiled:
    title: str
    min_players: int
    max_players: int
    options: dict                      # name -> {"choices": [...], "default": ...}
    option_values: dict = field(default_factory=dict)  # name -> the value this program was compiled with
    variant: str | None = None         # the variant this program is the rulebook with, if any
    blocks: list = field(default_factory=list)
    procs: dict = field(default_factory=dict)
    defines: dict = field(default_factory=dict)      # name -> python function(m, args)
    fast: dict = field(default_factory=dict)         # name -> the same as function(m, *args)
    # name -> [that function]: generated code calls a definition through its one-item list, whose
    # item Python reaches in a fraction of a dict look-up by text (`put_definition` keeps both).
    definition_cells: dict = field(default_factory=dict)
    # (kind, field) -> its number, for each field generated code reads: a machine holds the
    # state's list of each in `Machine.fl`, by that number (`field_lists`).
    field_numbers: dict = field(default_factory=dict)
    # [(name, init fn, size, fixed)] per slot; fixed: (value,) for a start that is such a constant,
    # made without calling init (`Compiler.fixed_start`), else None
    globals_init: list = field(default_factory=list)
    player_init: list = field(default_factory=list)
    global_names: list = field(default_factory=list)
    player_names: list = field(default_factory=list)
    global_vis: list = field(default_factory=list)    # (visibility, numbered) per global slot
    player_vis: list = field(default_factory=list)
    ranges: dict = field(default_factory=dict)        # ("g"|"p", slot) -> (low, high, name)
    range_spans: dict = field(default_factory=dict)   # ("g"|"p", slot) -> the declaration, for errors
    kinds: dict = field(default_factory=dict)         # kind -> number of things
    static: dict = field(default_factory=dict)        # kind -> attr -> list
    dynamic: dict = field(default_factory=dict)       # kind -> field -> (init fn, size)
    fixed_starts: dict = field(default_factory=dict)  # (kind, field) -> a number, text, yes/no or none every thing starts with
    grids: dict = field(default_factory=dict)
    only_grid: object = None     # the grid, when the game has one (Machine.grid_of)
    grid_of_kind: dict = field(default_factory=dict)
    patterns: dict = field(default_factory=dict)
    stmts: list = field(default_factory=list)         # every decision statement by id
    reactions: dict = field(default_factory=dict)     # event -> [compiled reaction]
    instants: list = field(default_factory=list)      # reactions offered at any decision point
    instant_opens: list = field(default_factory=list)  # [(k, instants[k]'s quick `open` test or None)]
    instants_open: object = None    # all of them for every seat as one function (`codegen.instants_open`), or None
    first_open: dict = field(default_factory=dict)   # event -> the seat-by-seat test of its reactions as one function (`codegen.first_open`)
    sides: list = field(default_factory=list)         # the sides' names; side i is the player value players + i
    stages: dict = field(default_factory=dict)        # stage name (or ":turn") -> its block, for `end`
    root: int = -1
    score: object = None
    winners: object = None
    display: list = field(default_factory=list)
    kind_names: dict = field(default_factory=dict)    # kind -> list of display names
    signal_block: int = -1
    first_player_slot: int = -1                       # the `first_player` variable, if declared
    skip_turn: object = None                          # the `skip_turn` definition, named at its line
    skip_turn_span: object = None
    next_turn: object = None                          # the `next_turn` definition: the turn order, when given
    next_turn_span: object = None
    score_span: object = None       # the `score` definition's line, for an error in its value
    global_types: list = field(default_factory=list)   # declared type per global slot
    player_types: list = field(default_factory=list)
    field_types: dict = field(default_factory=dict)    # kind -> field -> type, for changing fields
    enum_values: dict = field(default_factory=dict)    # enum or option -> its values
    per_player_kinds: dict = field(default_factory=dict)  # `player kind` -> things per player
    thing_zones: dict = field(default_factory=dict)    # kind -> {zone field: visibility}, for views
    zones: set = field(default_factory=set)            # ("g"|"p", slot) of every zone (not a variable)
    # Each kind of thing's zones, for the check that each thing is in one place: (kind, the global
    # zones' slots, the global numbered zones' slots, the same two per player), `thing_places`.
    thing_places: list = field(default_factory=list)
    # Each label the rules can show as its parts: fixed text (casefolded) and None for a value put
    # in, so a scenario can tell which form a text is written in (`scenarios.named_options`).
    label_patterns: list = field(default_factory=lambda: [("decline",), ("don't react",)])
    dice: dict = field(default_factory=dict)           # die name -> its faces
    face_types: dict = field(default_factory=dict)     # die name -> the type of its faces ("int", "enum:colour")
    table_names: list = field(default_factory=list)    # the tables' names, for a scenario that sets one
    # Each table's declaration and its entries' keys, for the message of a look-up no entry has
    # (`codegen.no_table_entry`): name -> (span, [(low, high), ...] of the first key).
    table_entries: dict = field(default_factory=dict)
    define_types: dict = field(default_factory=dict)   # definition -> ([parameter types], result type)
    cells: int = 2                  # the places whose writes the machine counts (memo.py): 0 everything, 1 the turn
    kept_count: int = 0             # the definitions whose values the machine keeps (`codegen.kept`)
    # Each seat the data names (`team: 3`), as (kind, field, thing, player value, the kind's line):
    # in a game of fewer players with sides that value is a side's (`machine.data_seat_problem`);
    # in any game it is a player value a state may hold though that seat is not at the table
    # (`statecheck`).
    data_seats: list = field(default_factory=list)
    # Every `end game` line, in the order compiled, as where it is ("game.rules:246", the file
    # named from the rulebook's folder) -> its text as written, for counting games by how they ended.
    endings: dict = field(default_factory=dict)
    # Worked out when first asked, by alike.py: each thing's first twin in the data, and where a kind's things can be held.
    alike_signatures: dict = field(default_factory=dict)
    alike_holders: dict = field(default_factory=dict)
    # Per block, its statements and then None, the block's end: what `Machine.run` steps through
    # (a frame's step is at most the number of statements, `statecheck`).
    code: list = field(default_factory=list)

    def reactions_to(self, event: str | None) -> list:
        """The reactions a reaction frame offers: a signalled event's, or (`event` None) the
        instant ones, offered at any decision point."""
        return self.instants if event is None else self.reactions[event]

    def cell(self, name: str) -> list:
        """Definition `name`'s one-item list, which generated code calls it through (made before
        the definition is compiled when a caller is written first)."""
        cell = self.definition_cells.get(name)
        if cell is None:
            cell = self.definition_cells[name] = [None]
        return cell

    def field_number(self, kind: str, name: str) -> int:
        """The number of field `name` of `kind` among `field_lists`' lists."""
        n = self.field_numbers.get((kind, name))
        if n is None:
            n = self.field_numbers[(kind, name)] = len(self.field_numbers)
        return n

    def field_lists(self, fields: dict) -> list:
        """The state's field lists (`fields`, as `state["fields"]`) by their numbers; None for
        a field the state does not hold yet (a new state's, while its fields are made)."""
        return [fields.get(kind, {}).get(name) for kind, name in self.field_numbers]

    def put_definition(self, name: str, fn):
        """`fn` is definition `name` from now on, for every caller (a trial's end swaps it)."""
        self.fast[name] = fn
        self.cell(name)[0] = fn


def thing_places(out: Compiled) -> list:
    """Where each kind of thing can be kept, for the check that each thing is in one place: per
    kind, the slots of its global zones, of its global numbered zones (`zone discard[2]: card`),
    and the same two per player, each a tuple: told apart once here, not at each check."""
    by_kind: dict = {}
    for table, slot in sorted(out.zones):
        t = (out.global_types if table == "g" else out.player_types)[slot]
        numbered = t.startswith("list:list:")
        t = t[10:] if numbered else t[5:]
        if t.startswith("thing:"):
            by_kind.setdefault(t[6:], ([], [], [], []))[(2 if table == "p" else 0) + numbered].append(slot)
    return [(kind, *(tuple(slots) for slots in parts)) for kind, parts in by_kind.items()]


class Compiler:
    def __init__(self, checked: CheckedProgram, option_values: dict):
        self.c = checked
        self.inline_plans: dict = {}     # definition -> inlining.Plan or None, as asked
        self.refs = checked.refs
        self.types = checked.types
        sym = checked.symbols
        options = {n: {"choices": list(s.decl.choices), "default": s.decl.default or s.decl.choices[0]}
                   for n, s in sym.items() if s.kind == "option"}
        self.out = Compiled(checked.title, checked.min_players, checked.max_players, options)
        self.opts = {n: o["default"] for n, o in options.items()} | dict(option_values)
        self.out.option_values = dict(self.opts)
        self.owner_stack = []
        self.proc = None                    # the rule, section or reaction being compiled
        self.decl_where = "the rules"       # what is being compiled outside rules and sections
        self._hidden = None                 # reads_hidden's answer for each definition, worked out once
        self.cell_ids = {memo.TURN_KEY: memo.TURN}      # the places the machine counts writes of (memo.py)
        self.kept = {}                      # definition -> the cells it reads, for those the machine keeps
        self.kept_read = set()              # the cells those read: only their writes are counted
        # The walk of every node, as the checker made it: the passes below walk the same trees.
        self.walks = checked.walks if checked.walks is not None else A.Walks(checked.program.decls)

    def cost(self, node) -> int:
        """The size of an expression: how many nodes evaluating it may visit (its work, in units).
        Statements inside (the blocks of a statement or menu option) are not counted: they are steps."""
        return self.walks.size(node)

    def own_cost(self, stmt) -> int:
        """The size of the expressions a statement evaluates itself, not those of the blocks under it."""
        return self.walks.own_size(stmt)

    def reads_hidden(self, *nodes) -> bool:
        """Whether evaluating any of `nodes` may read a zone that not everyone sees (directly or
        through the definitions it calls, `checker.hidden_zone_read`): then a label made from it
        may name a secret card, and an answer is not shown to the other seats."""
        if self._hidden is None:
            self._hidden = {}
        return any(hidden_zone_read(self.c.symbols, self.c.kind_zones, n, self._hidden) for n in nodes if n is not None)

    def text_of(self, node) -> str:
        """The rulebook's text of an expression on one line, or '...' (for error messages)."""
        sp = getattr(node, "span", None)
        sources = getattr(self.c.program, "sources", None)
        if sp is None or sources is None or not sp.line or sp.end_line != sp.line or sp.end_column <= sp.column:
            return "..."
        line = sources.line(sp.file, sp.line)
        return line[sp.column - 1:sp.end_column - 1] if line else "..."

    def ending(self, node) -> str:
        """Where an `end game` statement is, as "game.rules:246" (its file named from the
        rulebook's folder, so the same on every machine), noted in `Compiled.endings` with its
        text as written; what a finished state's "ended_at" holds."""
        sp = node.span
        root = getattr(self.c.program, "root", "") or ""
        if root and not os.path.isdir(root):      # a rulebook given as its .rules file: its folder
            root = os.path.dirname(root)
        try:
            name = os.path.relpath(sp.file, root) if root else os.path.basename(sp.file)
        except ValueError:          # another drive (Windows)
            name = os.path.basename(sp.file)
        if name.startswith(".."):   # not inside the folder: its name alone
            name = os.path.basename(sp.file)
        at = f"{name.replace(os.sep, '/')}:{sp.line}"
        text = self.text_of(node.reason) if node.reason is not None else ""
        if len(text) >= 2 and text[0] == text[-1] == '"':
            text = text[1:-1]
        self.out.endings.setdefault(at, text)
        return at

    def where(self) -> str:
        """The rule, section or definition being compiled, for budget errors: "the definition 'h'"."""
        return "the " + self.owner_stack[-1] if self.owner_stack else self.decl_where

    # ------------------------------------------------------------------ formatting
    def shower(self, t: str):
        """Compile-time choice of how a value of type t is shown in a text."""
        if t.startswith("thing:"):
            names = self.out.kind_names[t[6:]]
            return lambda m, v: "none" if v is None else names[v]
        if t == T.PLAYER:
            return lambda m, v: "nobody" if v is None else m.player_name(v)
        if t.startswith("enum:"):
            return lambda m, v: "none" if v is None else v.replace("_", " ")
        if t.startswith("list:"):
            from .view import Hidden, PartlyHidden, hidden_words, partly_hidden_words
            inner = self.shower(t[5:])
            kind = t[11:] if t.startswith("list:thing:") else "card"
            return lambda m, v: (hidden_words(len(v), kind) if type(v) is Hidden and v
                                 else partly_hidden_words([inner(m, x) for x in v if x is not None], v.count(None), kind)
                                 if type(v) is PartlyHidden
                                 else bounded_join(m, ", ", [inner(m, x) for x in v] if len(v) <= SMALL
                                                   else (inner(m, x) for x in v)) if v else "nothing")
        if t == T.BOOL:
            return lambda m, v: "yes" if v else "no"
        if t == "pattern":
            return lambda m, v: pattern_words(v)
        if t == T.INT:        # the common cases first, as show_any would show them
            return lambda m, v: str(v) if type(v) is int else m.show_any(v)
        if t == T.TEXT:       # a text is shown as written ("__" stays); an enum value's '_' is a space
            return lambda m, v: v if type(v) is str else m.show_any(v)
        return lambda m, v: m.show_any(v)

    # ------------------------------------------------------------------ expressions
    def expr(self, e):
        """The Python function f(m, env) computing `e`, written as Python source (`codegen.py`)."""
        return codegen.function(self, e)

    def closure(self, e):
        """`e` as a tree of closures: for the nodes `codegen.py` does not write as source."""
        return getattr(self, "ex_" + type(e).__name__)(e)

    def ex_Lit(self, e):
        v = e.value
        return lambda m, env: v

    def ex_Template(self, e: A.Template):
        parts = []
        for p in e.parts:
            if isinstance(p, str):
                parts.append((None, p))
            else:
                parts.append((self.expr(p), self.shower(self.types.get(id(p), T.ANY))))
        if len(parts) == 1 and parts[0][0] is None:
            text = parts[0][1]
            return lambda m, env: text
        where, span = self.where(), e.span

        def template(m, env):
            # Each part is a text already within MAX_SIZE and the parts are few, so the text is
            # made first and then checked: one len() on the hot path.
            text = "".join([x if f is None else x(m, f(m, env)) for f, x in parts])
            if len(text) > SMALL:
                _made(m, len(text), "text", where, span)
            return text
        return template

    def ex_Name(self, e):
        ref = self.refs[id(e)]
        k = ref[0]
        if k == "local":
            slot = ref[1]
            return lambda m, env: env[slot]
        if k == "global":
            slot = ref[1]
            return lambda m, env: m.g[slot]
        if k == "enum":
            v = ref[1]
            return lambda m, env: v
        if k == "option":
            v = self.opts[ref[1]]
            return lambda m, env: v
        if k == "side":
            i = ref[1]
            return lambda m, env: m.player_count + i
        if k == "kind":
            per_player = self.out.per_player_kinds.get(ref[1])
            if per_player is not None:     # the sets of the players in this game, seat by seat
                return lambda m, env: list(range(per_player * m.player_count))
            things = list(range(self.out.kinds.get(ref[1], 0)))
            return lambda m, env: list(things)
        if k == "enum_list":
            values = list(ref[2])
            return lambda m, env: list(values)      # a new list each time: a rule may change the one it got
        if k == "define":
            name = ref[1]
            defines = self.out.defines
            return lambda m, env: defines[name](m, ())
        if k == "value":
            v = ref[1]
            if v == "players":
                return lambda m, env: list(range(m.player_count))
            if v == "current":
                return lambda m, env: m.s["current"]
            if v == "player_count":
                return lambda m, env: m.player_count
            if v == "turn_number":
                return lambda m, env: m.s["turn_number"]
            return lambda m, env: None
        if k == "die":
            faces = self.out.dice[ref[1]]
            return lambda m, env: faces
        if k == "pattern":
            p = self.out.patterns[ref[1]]
            return lambda m, env: p
        raise RuleError(f"'{e.name}' cannot be used as a value here.", e.span)

    def ex_ThingRef(self, e):
        ref = self.refs[id(e)]
        i = ref[2]
        return lambda m, env: i

    def ex_Field(self, e: A.Field):
        obj = self.expr(e.obj)
        ref = self.refs.get(id(e), ("dynamic", e.name))
        local = self.local_slot(e.obj)     # `x.field` of a local is the common case: one call fewer
        if ref[0] == "attr":
            values = self.out.static[ref[1]][ref[2]]
            if local is not None:
                return lambda m, env: values[env[local]]
            return lambda m, env: values[obj(m, env)]
        if ref[0] == "field":
            kind, name = ref[1], ref[2]
            if local is not None:
                return lambda m, env: m.f[kind][name][env[local]]
            return lambda m, env: m.f[kind][name][obj(m, env)]
        if ref[0] == "pvar":
            slot = ref[1]
            return lambda m, env: m.pl[obj(m, env)][slot]
        raise RuleError(f"The field '{e.name}' cannot be read here.", e.span)

    def ex_Index(self, e: A.Index):
        ref = self.refs[id(e)]
        key = self.expr(e.key)
        if ref[0] == "table":
            name = ref[1]
            if name not in self.tables:        # a table that reads itself, or one reading it: asked at play
                tables, keys = self.tables, [key] + [self.expr(k) for k in e.more_keys]
                where, span = self.where(), e.span
                lookup_in = self.table_lookup
                return lambda m, env: lookup_in(name, tables[name], keys, span, where)(m, env)
            table = self.tables[ref[1]]
            size, where, span = len(table), self.where(), e.span
            if e.more_keys:
                return self.table_lookup(name, table, [key] + [self.expr(k) for k in e.more_keys], e.span,
                                         where)

            def lookup(m, env):
                k = key(m, env)
                if size > SMALL:        # a long table costs its length to search
                    m.work -= size
                    if m.work < 0:
                        raise runaway(where, span)
                for lo, hi, val, _, _ in table:
                    if k == lo or (type(k) is int and type(lo) is int and lo <= k <= hi):
                        return val(m, env)
                raise codegen.no_table_entry(name, m, (k,), span)
            return lookup
        obj = self.expr(e.obj)
        item_at = codegen.item_at
        return lambda m, env: item_at(obj(m, env), key(m, env))

    def table_order(self, sym) -> list:
        """The tables in an order where each comes after the tables its values read (a table may
        be declared below its use); tables that read each other keep the order they are declared
        in, and look each other up when the game asks (`ex_Index`)."""
        reads = {n: [self.refs[id(x)][1] for e in s.decl.entries for x in self.walks.walk(e.value, statements=False)
                     if isinstance(x, A.Index) and self.refs.get(id(x), ("",))[0] == "table"]
                 for n, s in sym.items() if s.kind == "table"}
        order, seen = [], set()
        for first in reads:            # a depth-first walk, with a stack of its own: a chain of
            if first in seen:          # thousands of tables must not reach Python's recursion limit
                continue
            seen.add(first)
            stack = [(first, iter(reads[first]))]
            while stack:
                n, ahead = stack[-1]
                m = next((m for m in ahead if m in reads and m not in seen), None)
                if m is None:
                    stack.pop()
                    order.append(n)
                else:
                    seen.add(m)
                    stack.append((m, iter(reads[m])))
        return order

    @staticmethod
    def table_lookup(name, table, keys, span, where):
        """Look up a table keyed by several values: the first entry all of whose keys match."""
        matches, size = codegen.table_key_matches, len(table)

        def lookup(m, env):
            ks = [k(m, env) for k in keys]
            if size > SMALL:        # a long table costs its length to search
                m.work -= size
                if m.work < 0:
                    raise runaway(where, span)
            for lo, hi, val, more, _ in table:
                if matches(ks[0], lo, hi) and all(matches(k, a, b) for k, (a, b) in zip(ks[1:], more)):
                    return val(m, env)
            raise codegen.no_table_entry(name, m, ks, span)
        return lookup

    def ex_Call(self, e: A.Call):
        ref = self.refs[id(e)]
        args = [self.expr(a) for a in e.args]
        if ref[0] == "define":
            name = ref[1]
            defines = self.out.defines
            if len(args) == 1:
                a0 = args[0]
                return lambda m, env: defines[name](m, (a0(m, env),))
            return lambda m, env: defines[name](m, tuple(a(m, env) for a in args))
        where, span = self.where(), e.span
        if ref[1] == "join":     # shown by the items' type: things by name, enum values in words
            show = self.shower(T.elem(self.types.get(id(e.args[0]), T.ANY)))
            items, sep = args[0], (args[1] if len(args) > 1 else (lambda m, env: ", "))
            join = codegen.joiner(show, where, span)
            return lambda m, env: join(m, items(m, env), sep(m, env))
        if ref[1] in ("roll", "pick", "shuffled"):
            return self.chance(e, ref[1], args)
        if ref[1] == "match_length":
            values, pattern = self.pattern_values(e.args[0]), args[1]
            return lambda m, env: m.match_length(values(m, env), pattern(m, env))
        fn = codegen.builtin(FUNCTIONS[ref[1]], where, span, len(args), (ref[1], [self.text_of(a) for a in e.args]))
        return lambda m, env: fn(m, *[a(m, env) for a in args])

    def chance(self, e: A.Call, name: str, args):
        """A random draw goes through the machine, which knows the die's name or the items' type,
        so a scenario can force it in the game's words."""
        if name == "roll":
            die_ref = self.refs.get(id(e.args[0]))
            die = die_ref[1] if die_ref and die_ref[0] == "die" else None
            faces, keep = args[0], (args[1] if len(args) > 1 else None)
            if keep is None:
                return lambda m, env: m.roll(faces(m, env), None, die)
            return lambda m, env: m.roll(faces(m, env), keep(m, env), die)
        t = T.elem(self.types.get(id(e.args[0]), T.ANY))
        xs = args[0]
        if name == "pick":
            return lambda m, env: m.pick(xs(m, env), t)
        return lambda m, env: m.shuffled(xs(m, env), t)

    def ex_Lambda(self, e: A.Lambda):
        slot = self.c.slots[id(e)]
        body = self.expr(e.body)

        def make(m, env):
            def fn(x):
                env[slot] = x
                return body(m, env)
            return fn
        return make

    def ex_Where(self, e: A.Where):
        """`where NAME = VALUE`: the value worked out once, into its local, before the rest."""
        slot = self.c.slots[id(e)]
        value, body = self.expr(e.value), self.expr(e.body)

        # The name `errors.innermost_definition` looks for; it reads `name` and `span` from the frame.
        def _where_value(m, env, name=e.name, span=e.span):
            return value(m, env)

        def where(m, env):
            env[slot] = _where_value(m, env)
            return body(m, env)
        return where

    def ex_Unary(self, e):
        f = self.expr(e.operand)
        if e.op == "not":
            return lambda m, env: not f(m, env)
        return lambda m, env: -f(m, env)

    def ex_Binary(self, e: A.Binary):
        a, b = self.expr(e.left), self.expr(e.right)
        op = e.op
        if op == "and":
            return lambda m, env: a(m, env) and b(m, env)
        if op == "or":
            return lambda m, env: a(m, env) or b(m, env)
        lt, rt = self.types.get(id(e.left), T.ANY), self.types.get(id(e.right), T.ANY)
        where, span = self.where(), e.span
        if op == "+":
            if T.TEXT in (lt, rt):
                sa, sb, made = self.shower(lt), self.shower(rt), codegen.sized(where, span, "text")
                return lambda m, env: made(m, sa(m, a(m, env)) + sb(m, b(m, env)))
            if lt.startswith("list:") or rt.startswith("list:"):
                add = codegen.joined_lists(where, span)
                return lambda m, env: add(m, a(m, env), b(m, env))
            return lambda m, env: a(m, env) + b(m, env)
        if op == "-":
            return lambda m, env: a(m, env) - b(m, env)
        if op == "*":
            cap = codegen.capped(span)
            return lambda m, env: cap(a(m, env) * b(m, env))
        if op in ("/", "%"):
            div = codegen.divide(op, span, self.where(), self.text_of(e.right))
            return lambda m, env: div(a(m, env), b(m, env))
        if op in ("==", "!=", "in", "not in") and (lt.startswith("list:") or rt.startswith("list:")):
            compare = codegen.list_compare(op, where, span, self.text_of(e.right))
            return lambda m, env: compare(m, a(m, env), b(m, env))
        const = self.constant(e.right)     # comparing with an enum value or a literal: one call fewer
        if op == "==":
            if const is not None:
                v = const[0]
                return lambda m, env: a(m, env) == v
            return lambda m, env: a(m, env) == b(m, env)
        if op == "!=":
            if const is not None:
                v = const[0]
                return lambda m, env: a(m, env) != v
            return lambda m, env: a(m, env) != b(m, env)
        if op == "<":
            return lambda m, env: a(m, env) < b(m, env)
        if op == "<=":
            return lambda m, env: a(m, env) <= b(m, env)
        if op == ">":
            return lambda m, env: a(m, env) > b(m, env)
        if op == ">=":
            return lambda m, env: a(m, env) >= b(m, env)
        if op == "in":
            return lambda m, env: a(m, env) in b(m, env)
        if op == "not in":
            return lambda m, env: a(m, env) not in b(m, env)
        raise RuleError(f"Unknown operator '{op}'.", e.span)

    def local_slot(self, e):
        ref = self.refs.get(id(e)) if isinstance(e, A.Name) else None
        return ref[1] if ref and ref[0] == "local" else None

    def global_slot(self, e):
        ref = self.refs.get(id(e)) if isinstance(e, A.Name) else None
        return ref[1] if ref and ref[0] == "global" else None

    def constant(self, e):
        """(value,) for a literal, a text with nothing to fill in, or an enum value, else None."""
        if isinstance(e, A.Lit):
            return (e.value,)
        if isinstance(e, A.Template) and len(e.parts) == 1 and isinstance(e.parts[0], str):
            return (e.parts[0],)
        ref = self.refs.get(id(e)) if isinstance(e, A.Name) else None
        if ref and ref[0] == "enum":
            return (ref[1],)
        return None

    def fixed_start(self, e):
        """(value,) for a starting value that is a constant number, text, yes/no or none, which
        every game starts with and nothing can change in place (made once, not worked out), else None."""
        start = self.constant(e)
        return start if start is not None and (start[0] is None or type(start[0]) in (int, str, bool)) else None

    def ex_Cond(self, e):
        c, a, b = self.expr(e.test), self.expr(e.then), self.expr(e.other)
        return lambda m, env: a(m, env) if c(m, env) else b(m, env)

    def ex_ListLit(self, e):
        items = [self.expr(i) for i in e.items]
        return lambda m, env: [i(m, env) for i in items]

    def ex_Comprehension(self, e: A.Comprehension):
        slot = self.c.slots[id(e)]
        it, body = self.expr(e.iterable), self.expr(e.expr)
        cond = self.expr(e.cond) if e.cond is not None else None
        # Each item costs what evaluating the body (and condition) for it may cost.
        each, where, span = self.cost(e.expr) + self.cost(e.cond), self.where(), e.span

        if cond is None:
            def comp(m, env):
                xs = it(m, env)
                m.work -= len(xs) * each
                if m.work < 0:
                    raise runaway(where, span)
                out = []
                for x in xs:
                    env[slot] = x
                    out.append(body(m, env))
                return out
        else:
            def comp(m, env):
                xs = it(m, env)
                m.work -= len(xs) * each
                if m.work < 0:
                    raise runaway(where, span)
                out = []
                for x in xs:
                    env[slot] = x
                    if cond(m, env):
                        out.append(body(m, env))
                return out
        return comp

    def pattern_values(self, seq_node):
        """A function giving the enum values a pattern is matched against: the items themselves,
        or for things, each thing's data field of the pattern's enum (the checker found it)."""
        seq = self.expr(seq_node)
        field_ref = self.c.pattern_fields.get(id(seq_node))
        if field_ref is None:
            return seq
        attrs = self.out.static[field_ref[0]][field_ref[1]]
        return lambda m, env: [attrs[x] for x in seq(m, env)]

    def ex_StartsWith(self, e: A.StartsWith):
        values = self.pattern_values(e.seq)
        pattern = self.out.patterns[e.pattern]
        return lambda m, env: m.match_length(values(m, env), pattern) > 0

    # ------------------------------------------------------------------ statements
    def block(self, stmts, kind="seq", owner="", data=None) -> int:
        blk = Block([], kind, owner, data)
        self.out.blocks.append(blk)
        bid = len(self.out.blocks) - 1
        if self.proc is not None:
            # a local first set in this block is named only while it runs (`alike`)
            for slot in self.c.block_slots.get(id(stmts), ()):
                self.proc.scoped.setdefault(slot, bid)
        self.owner_stack.append(owner)
        blk.stmts = [self.stmt(s) for s in stmts]
        self.owner_stack.pop()
        return bid

    def stmt(self, s):
        from . import statements as S
        return S.compile_stmt(self, s)

    def assign_target(self, tgt):
        """A setter function(m, env, value) for an assignable place, and a getter."""
        ref = self.refs.get(id(tgt))
        if isinstance(tgt, A.Name):
            if ref[0] == "local":
                slot = ref[1]

                def set_local(m, env, v):
                    env[slot] = v
                return set_local
            slot = ref[1]

            def set_global(m, env, v):
                m.g[slot] = v
            return self.range_checked(("g", slot), tgt.span, set_global)
        if isinstance(tgt, A.Index):     # one zone of a numbered zone (the checker allows no other)
            zones, key = self.expr(tgt.obj), self.expr(tgt.key)

            def set_zone(m, env, v):
                zones(m, env)[codegen.counted_from_start(key(m, env))] = v
            return set_zone
        obj = self.expr(tgt.obj)
        if ref[0] == "field":
            kind, name = ref[1], ref[2]

            def set_field(m, env, v):
                m.f[kind][name][obj(m, env)] = v
            return set_field
        if ref[0] == "pvar":
            slot = ref[1]

            def set_pvar(m, env, v):
                m.pl[obj(m, env)][slot] = v
            return self.range_checked(("p", slot), tgt.span, set_pvar, obj)
        raise RuleError("This cannot be assigned to.", tgt.span)

    def range_checked(self, key, span, store, player=None):
        """Wrap a setter so a variable declared with a range refuses values outside it (naming the
        player, for a player's variable: `player(m, env)`)."""
        rng = self.out.ranges.get(key)
        if not rng:
            return store
        lo, hi, _ = rng
        error = codegen.out_of_range(rng, span)

        def checked(m, env, v):
            if not lo <= v <= hi:
                raise error(v, m, player(m, env)) if player is not None else error(v)
            store(m, env, v)
        return checked

    # ------------------------------------------------------------------ the whole game
    def labelled(self, label) -> None:
        """Note an option label's form: for `labelled "Score {r.name} ({n})"`, ("score ", None,
        " (", None, ")"), fixed text casefolded and None for a value put in. A scenario's or a
        player's text written whole in one form names only labels of that form
        (`words.labels_fitting`). A label written as one value (a choice's items by name) has no
        form: any text may be one."""
        if isinstance(label, A.Template):
            self.out.label_patterns.append(tuple(p.casefold() if isinstance(p, str) else None for p in label.parts))

    def compile(self) -> Compiled:
        c, out = self.c, self.out
        sym = c.symbols
        for kind, things in c.things.items():
            out.kinds[kind] = len(things)
            out.static[kind] = {}
            for fname, (typ, dynamic) in c.kind_fields[kind].items():
                if not dynamic:
                    out.static[kind][fname] = [t.get(fname) for t in things]
                    if typ in (T.PLAYER, T.list_of(T.PLAYER)) and fname != OWNER:
                        out.data_seats += [(kind, fname, i, v, c.kinds[kind].span) for i, t in enumerate(things)
                                           for v in (t.get(fname) if typ != T.PLAYER else [t.get(fname)])
                                           if type(v) is int]
            out.kind_names[kind] = [str(t.get("name", f"{kind} {i + 1}")) for i, t in enumerate(things)]
        for kind in c.kinds:
            out.kinds.setdefault(kind, 0)
            out.static.setdefault(kind, {})
            out.kind_names.setdefault(kind, [])
        # Before any expression: a player kind's list holds the things of the seats at the table.
        out.per_player_kinds = dict(c.per_player_kinds)
        # patterns before expressions that use them
        for n, s in sym.items():
            if s.kind == "pattern":
                out.patterns[n] = {"name": n, "enum": s.decl.enum, "alternatives": s.decl.alternatives,
                                   # each group's values in order, for `Machine.match_length`
                                   "sorted": [[sorted(g) for g in alt] for alt in s.decl.alternatives]}
        self.tables = {}
        for n, s in sym.items():
            if s.kind == "die":
                out.dice[n] = list(s.decl.faces)
                out.face_types[n] = s.type[len("die:"):]
        for n in self.table_order(sym):
            self.decl_where = f"the table '{n}'"
            self.tables[n] = [(e.low, e.high, self.expr(e.value), e.more_keys, e.value) for e in sym[n].decl.entries]
        out.table_names = list(self.tables)
        out.table_entries = {n: (sym[n].decl.span, [(e.low, e.high) for e in sym[n].decl.entries],
                                 any(e.more_keys for e in sym[n].decl.entries)) for n in self.tables}
        # Worked out from the check alone (its refs, types, symbols and tables' entries), so once
        # for the copies of one kept check (`CheckedProgram.answers`).
        if "fixed definitions" not in c.answers:
            fixed = frozenset(purity.fixed_definitions(self))
            c.answers["fixed definitions"] = (fixed, frozenset(purity.fixed_definitions(self, seated=True)) - fixed)
        self.fixed, self.seated = c.answers["fixed definitions"]
        self.kept = memo.kept_definitions(self) if codegen.writing() else {}
        self.kept_read = set().union(*self.kept.values())
        for n, s in sym.items():
            if s.kind == "define":
                try:
                    self.compile_define(n, s.decl)
                except RecursionError:
                    raise _too_deep(f"the definition '{n}'", s.decl.span, "on 'where' lines or in other definitions") from None
        for kind, k in c.kinds.items():
            out.dynamic[kind] = {}
            self.decl_where = f"the kind '{kind}'"
            for f in k.fields:
                if f.default is not None:
                    out.dynamic[kind][f.name] = (self.expr(f.default), c.env_sizes.get(id(f), 0))
                    start = self.fixed_start(f.default)
                    if start is not None:
                        out.fixed_starts[(kind, f.name)] = start[0]
            for z in k.zones:      # each thing's own zone starts empty
                out.dynamic[kind][z.name] = (lambda m, env: [], 0)
            if k.zones:
                out.thing_zones[kind] = dict(c.kind_zones[kind])
        for d in c.globals_:
            self.compile_var(d, out.globals_init, out.global_names, out.global_vis, "g")
        for d in c.player_slots:
            self.compile_var(d, out.player_init, out.player_names, out.player_vis, "p")
        out.global_types = [sym[d.name].type for d in c.globals_]
        out.player_types = [sym[d.name].type for d in c.player_slots]
        out.thing_places = thing_places(out)
        out.field_types = {k: {f: t for f, (t, dyn) in fs.items() if dyn} for k, fs in c.kind_fields.items()}
        out.enum_values = {n: set(x.decl.values if x.kind == "enum" else x.decl.choices)
                           for n, x in sym.items() if x.kind in ("enum", "option")}
        for n, s in sym.items():
            if s.kind == "define":
                params = [c.param_type(p) for p in s.decl.params]
                out.define_types[n] = (params, s.type or self.types.get(id(s.decl.body), T.ANY))
        fp = sym.get("first_player")
        if fp is not None and fp.kind == "var" and fp.type == T.PLAYER:
            out.first_player_slot = fp.slot
        for name, g in c.grids.items():
            out.grids[name] = self.make_grid(name, g)
        if len(out.grids) == 1:
            out.only_grid = next(iter(out.grids.values()))
        out.sides = list(c.sides)
        for n, s in c.rules.items():
            self.compile_proc(n, s.decl, s.decl.params, s.decl.body)
            if s.kind == "stage":
                out.stages[n] = out.procs[n].block
        for ev, reactions in c.reactions.items():
            out.reactions[ev] = [self.compile_reaction(r) for r in reactions]
        for ev, reactions in c.reactions.items():
            first = codegen.first_open(self, list(zip(reactions, out.reactions[ev])))
            if first is not None:
                out.first_open[ev] = first
        out.instants = [self.compile_reaction(r) for r in c.instants]
        out.instant_opens = [(k, r["open"]) for k, r in enumerate(out.instants)]
        if out.instants and all(r["open"] is not None for r in out.instants):
            out.instants_open = codegen.instants_open(self, list(zip(c.instants, out.instants)))
        for name in ("setup", "play", "turn", "round"):
            if name in c.phases:
                ph = c.phases[name]
                self.compile_proc(":" + name, ph, [], ph.body)
        if ":turn" in out.procs:
            out.stages[":turn"] = out.procs[":turn"].block
        from . import statements as S
        out.signal_block = self.block([], kind="signal", owner="reactions")
        out.root = self.block([], kind="seq", owner="turn order")
        # Setup once; then the play section, or else turns around the table until the game ends.
        root = [S.Call(":setup", [], None)] if "setup" in c.phases else []
        if "play" in c.phases:
            root += [S.Call(":play", [], None), S.PlayOver(c.phases["play"].span)]
        elif "turn" in c.phases:      # the turn section's line names the turn order in its errors
            root.append(S.TakeTurns(None, self, c.phases["turn"].span))
        else:       # rounds and no turns: everyone plays at once
            root.append(S.TakeRounds(None, self, c.phases["round"].span if "round" in c.phases else None))
        out.blocks[out.root].stmts = root
        from . import fusion      # after statements.py, which imports this module
        fusion.fuse_all(self)
        out.cells = len(self.cell_ids) + 1
        self.decl_where = "the display"
        if "skip_turn" in sym and sym["skip_turn"].kind == "define":
            out.skip_turn_span = sym["skip_turn"].decl.span
            out.skip_turn = guarded(out.defines["skip_turn"], out.skip_turn_span, "skip_turn")
        if "next_turn" in sym and sym["next_turn"].kind == "define":
            out.next_turn_span = sym["next_turn"].decl.span
            out.next_turn = guarded(out.defines["next_turn"], out.next_turn_span, "next_turn")
        if "score" in sym and sym["score"].kind == "define":
            out.score_span = sym["score"].decl.span
            out.score = guarded(out.defines["score"], out.score_span, "The score")
        if c.winners is not None:
            w = c.winners
            if w.ranking:
                out.winners = ("ranking", [(d, guarded(out.defines[n], w.span, f"The winners' ranking by '{n}'"), n, sym[n].decl.span)
                                           for d, n in w.ranking])
            else:
                self.decl_where = "the winners"
                out.winners = ("expr", guarded(self.expr(w.expr), w.span, "The winners"), c.env_sizes.get(id(w), 0),
                               w.span)
                self.decl_where = "the display"
        if c.display is not None:
            for item in c.display.items:
                size = c.env_sizes.get(id(item), 0)
                slot = c.slots.get(id(item))
                if isinstance(item, A.ShowLine):
                    out.display.append(("line", guarded(self.expr(item.text), item.span, "This display line"), size, slot,
                                        guarded(self.shown_items(item), item.span, "This display line")
                                        if item.iterable is not None or item.cond is not None else None))
                else:
                    out.display.append(("board", guarded(self.expr(item.text), item.span, "The board"), size, slot, item.kind))
        out.code = [blk.stmts + [None] for blk in out.blocks]
        return out

    def shown_items(self, item: A.ShowLine):
        """f(m, env) -> the items a display line is shown for (put in its slot, if it has one, as
        each is shown): those of its `for` whose `if` holds, or [None] once or not at all when it
        has an `if` only."""
        cond = self.expr(item.cond) if item.cond is not None else None
        if item.iterable is None:
            return lambda m, env: [None] if cond(m, env) else []
        items = self.charged_items(item.iterable, self.cost(item.text) + (self.cost(item.cond) if cond else 0), item.span)
        if cond is None:
            return items
        slot = self.c.slots[id(item)]

        def kept(m, env):
            out = []
            for x in items(m, env):
                env[slot] = x
                if cond(m, env):
                    out.append(x)
            return out
        return kept

    def charged_items(self, node, each: int, span):
        """A list expression whose items each cost `each` to use (a display line's text): its length
        times that is charged."""
        items, where = self.expr(node), self.where()

        def charged(m, env):
            xs = items(m, env)
            m.work -= len(xs) * each
            if m.work < 0:
                raise runaway(where, span)
            return xs
        return charged

    def compile_define(self, name, d: A.DefineDecl):
        """A definition as Python source (`codegen.definition`), or, if that source cannot be
        compiled, as a closure over its body with the same charge and errors."""
        self.decl_where = where = f"the definition '{name}'"
        each = self.cost(d.body)      # a call costs its body's size: recursion that branches runs out of budget
        span = d.span

        def endless():
            # Python's stack ran out: a definition that ends, but only after some hundreds of calls
            # inside one another, gets here too, so the words do not say that it never ends.
            if name not in self.c.recursive:       # a long chain of definitions, none calling itself
                return BudgetExceeded(f"The definitions call one another more deeply than the engine can follow: "
                                      f"'{name}' is reached through hundreds of calls inside one another, though no "
                                      "definition calls itself; work the value out through fewer definitions.", span)
            return BudgetExceeded(f"The definition '{name}' calls itself more deeply than the engine can follow "
                                  "(hundreds of calls inside one another): it may call itself without end, or need "
                                  "fewer calls to reach its answer.", span)
        fast = codegen.definition(self, d, each, where, endless)
        if fast is None:
            body, size = self.expr(d.body), self.c.env_sizes.get(id(d), 0)
            slots = [self.c.slots[id(p)] for p in d.params]

            def _definition_closure(m, *args):     # the name `errors.innermost_definition` looks for
                m.work -= each
                if m.work < 0:
                    raise runaway(where, span)
                env = [None] * size
                for slot, value in zip(slots, args):
                    env[slot] = value
                try:
                    return body(m, env)
                except RecursionError:
                    raise endless() from None
            fast = _definition_closure
        if (name in self.fixed or name in self.seated) and purity.keyed(self, d) and purity.worth_keeping(d.body):
            fast = purity.remembered(fast, where, span, seated=name in self.seated)
        elif name in self.kept:
            fast = self.kept_values(name, fast, d, where, span)
        self.out.put_definition(name, fast)
        cell = self.out.cell(name)
        # Looked up at each call: a definition on trial is replaced there once its trial ends.
        self.out.defines[name] = lambda m, args: cell[0](m, *args)

    def kept_values(self, name, fast, d, where, span):
        """Definition `fast` with its values kept between writes of what it reads (memo.py): on
        trial at first (`memo.on_trial`), or always and checked, in tests (`memo.CHECKING`)."""
        listed = (self.c.symbols[name].type or self.types.get(id(d.body), "")).startswith("list:")
        index, cells, arity = self.out.kept_count, self.kept[name], len(d.params)
        if memo.CHECKING:
            kept = codegen.kept(self, fast, index, cells, arity, listed, where, span, memo.check_kept(fast, name, listed))
        else:
            trial = memo.Trial(listed)
            lean = codegen.kept(self, fast, index, cells, arity, listed, where, span)
            trying = codegen.kept(self, fast, index, cells, arity, listed, where, span, trial.reused)
            kept = None if lean is None or trying is None else memo.on_trial(self.out, name, trying, lean, fast, trial)
            if kept is not None:
                kept.trial = trial       # how it went, for tests
        if kept is None:
            return fast
        self.out.kept_count += 1
        kept.definition = fast       # the definition's own function, which tests read the source of
        return kept

    def compile_var(self, d, inits, names, vis, table):
        self.decl_where = f"the starting value of '{d.name}'"
        start = None
        if isinstance(d, A.VarDecl):
            init = guarded(self.expr(d.init), d.init.span, f"The starting value of '{d.name}'")
            start = self.fixed_start(d.init)
        elif d.count is not None:
            count = d.count
            init = lambda m, env: [[] for _ in range(count)]  # noqa: E731
        else:
            init = lambda m, env: []  # noqa: E731
        size = self.c.env_sizes.get(id(d), 0)
        inits.append((d.name, init, size, start))
        names.append(d.name)
        vis.append((d.visibility if isinstance(d, A.ZoneDecl) else "public",
                    isinstance(d, A.ZoneDecl) and d.count is not None))
        if isinstance(d, A.ZoneDecl):
            self.out.zones.add((table, len(names) - 1))
        if isinstance(d, A.VarDecl) and d.low is not None:
            self.out.ranges[(table, len(names) - 1)] = (d.low, d.high, d.name)
            self.out.range_spans[(table, len(names) - 1)] = d.span

    def make_grid(self, kind, g: A.GridDecl) -> Grid:
        rows = self.out.static[kind][g.row]
        cols = self.out.static[kind][g.col]
        order = sorted(range(len(rows)), key=lambda i: (rows[i], cols[i]))
        pos = {i: (rows[i], cols[i]) for i in order}
        at = {p: i for i, p in pos.items()}
        ortho, diag = {}, {}
        for i, (r, c) in pos.items():
            ortho[i] = [at[q] for q in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)) if q in at]
            diag[i] = [at[q] for q in ((r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1)) if q in at]
        grid = Grid(kind, order, pos, at, ortho, diag)
        self.out.grid_of_kind[kind] = grid
        return grid

    def compile_proc(self, name, owner, params, body):
        size = self.c.env_sizes.get(id(owner), 0)
        slots = [self.c.slots[id(p)] for p in params]
        label = name[1:] + " section" if name.startswith(":") else f"{owner.kind_word} '{name}'"
        proc = Proc(name, -1, size, slots, owner.span, self.c.env_types.get(id(owner), []))
        proc.passing = self.passing_slots(body)
        self.out.procs[name] = proc
        self.proc = proc
        try:
            proc.block = self.block(body, kind="proc", owner=label)
        except RecursionError:
            raise _too_deep(f"the {label}", owner.span, "in definitions or on lines of their own") from None
        finally:
            self.proc = None

    def scope(self, slot, block) -> None:
        """Note that the local `slot` of the rule being compiled names its item only inside `block`."""
        if self.proc is not None and type(slot) is int and slot >= 0 and block is not None:
            self.proc.scoped[slot] = block

    def passing_slots(self, node) -> frozenset:
        """The slots of the items of the comprehensions and functions (`x => ...`) under `node`."""
        return frozenset(self.c.slots[id(n)] for n in self.walks.under(node, (A.Comprehension, A.Lambda))
                         if type(self.c.slots.get(id(n))) is int)

    def compile_reaction(self, r: A.ReactionDecl):
        self.decl_where = f"the reaction '{r.name}'"
        size = self.c.env_sizes.get(id(r), 0)
        slots = self.c.slots[id(r)]
        cond = self.expr(r.cond) if r.cond is not None else (lambda m, env: True)
        label = self.expr(r.label)
        self.labelled(r.label)
        prompt = self.expr(r.prompt) if r.prompt is not None else None
        proc = Proc(r.name, -1, size, slots, r.span, self.c.env_types.get(id(r), []))
        proc.passing = self.passing_slots(r)
        self.proc = proc
        try:
            proc.block = self.block(r.body, kind="proc", owner=f"reaction '{r.name}'")
        finally:
            self.proc = None
        each = 1 + self.cost(r.cond) + self.cost(r.label)      # the work of offering it once (to one seat, for one item)
        items = guarded(self.charged_items(r.iterable, each, r.iterable.span), r.iterable.span,
                        "The reaction's list") if r.iterable is not None else None
        from .statements import _mentions
        # A condition that does not mention the item is tested once, before the list is made.
        early = items is not None and r.cond is not None and not _mentions(r.cond, r.var)
        out = {"name": r.name, "proc": proc, "cond": cond, "label": label, "prompt": prompt, "size": size,
               "slots": slots[:len(r.event_args) + 1], "item_slot": slots[-1] if r.var is not None else -1,
               "items": items, "early": early, "each": each, "span": r.span}
        out["open"] = codegen.reaction_open(self, r, out)
        # Whether its label may name what only the seat asked may see (`for c in p.hand`, "Play {c}"):
        # then playing it is not shown to the other seats (`State.answer_is_public`).
        out["private"] = self.reads_hidden(r.iterable, r.label)
        # Whether `open` may be asked first and the offers worked out again after it: only if
        # asking twice draws nothing at random.
        out["ask_twice"] = out["open"] is not None and not any(
            purity.draws_chance(self, x) for x in (r.cond, r.iterable) if x is not None)
        return out


@collector_paused()
def compile_program(checked: CheckedProgram, option_values: dict, source: bool = True) -> Compiled:
    """The compiled program; with `source` false, of closures only (`codegen.closures_only`):
    quicker to make, slower to play, the same game."""
    if not source:
        with codegen.closures_only():
            out = Compiler(checked, option_values).compile()
    else:
        with codegen.kept_code(f"{checked.program.root}\0{checked.program.variant}"):
            out = Compiler(checked, option_values).compile()
    out.variant = checked.program.variant
    return out
