"""The checker: a loaded program -> a checked program, or every mistake found before play.

It resolves every name (with "did you mean"), types every expression, checks argument counts,
assignments and statement forms, and checks the game's structure (a title, player counts,
a turn, an end condition, a way to find winners). It records what each name and field refers
to, and how many local slots each body needs, for the compiler. It must not run anything.
"""
from __future__ import annotations

import bisect
import dataclasses
import itertools
import re
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import ast as A
from .collector import collector_paused
from .graphs import components, on_rings
from . import builtins as B
from . import kept_checks
from . import types as T
from .diagnostics import (CHOOSE_FROM, Diagnostic, RulebookError, Span, closest, data_words, did_you_mean,
                          word_at, yaml_misread)
from .loader import COPIES, MAX_RECORDS, Program, _one_slip, titled

SCALAR_TYPES = {"int": T.INT, "bool": T.BOOL, "text": T.TEXT, "player": T.PLAYER}
OWNER = "owner"          # the built-in field of a `player kind`'s things
SECTIONS = ("game", "setup", "play", "turn", "round")
MAX_TABLE_KEYS = 100_000  # combinations of keys a table of several keys covers (its ranges counted out)
MAX_REACH_DEPTH = 100     # rules followed one inside another looking for a ring of calls (E309): past it, none is told
# Statements after which nothing in the same block runs, and why.
ENDS = {"EndGame": "ends the game", "Return": "leaves the rule", "Stop": "leaves the loop",
        "EndStage": "ends the turn or stage"}
NUMBER_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
# Names from other languages, and what this one writes.
OTHER_LANGUAGES = {"True": "write true", "False": "write false", "None": "write none", "null": "write none",
                   "nil": "write none", "TRUE": "write true", "FALSE": "write false", "NULL": "write none",
                   "len": "write count(xs)", "length": "write count(xs)", "size": "write count(xs)",
                   "this": "write current for the player whose turn it is", "self": "write current for the player whose turn it is",
                   "random": "write roll(die) or pick(list)", "print": "write say \"...\"",      # names `end` and the sections own
                   "filter": "keep the items that hold with [x for x in xs if ...]", "map": "write [f(x) for x in xs]",
                   # a truth and no value in words, and the player "I" am, as printed rules say them
                   "yes": "write true", "no": "write false", "nothing": "write none", "nobody": "write none",
                   "me": "write current for the player whose turn it is", "you": "write current for the player whose turn it is"}


@dataclass
class Symbol:
    kind: str          # option enum enum_value kind die var pvar table define rule stage side pattern event reaction
    decl: Any
    type: str = T.ANY
    slot: int = -1


@dataclass
class Context:
    """Locals of one body (a rule, a phase, a definition, a reaction, or a top-level expression)."""
    names: dict = field(default_factory=dict)    # name -> (type, slot)
    size: int = 0
    assigned: dict = field(default_factory=dict)  # name -> span of first assignment
    used: set = field(default_factory=set)
    secret: dict = field(default_factory=dict)    # a local -> (its last value, the locals' before it), for W106
    params: dict = field(default_factory=dict)    # a parameter's name -> its declaration (`Checker.blame`)
    slot_types: list = field(default_factory=list)  # per slot, (its name, the type of every value it holds)
    gone: dict = field(default_factory=dict)      # a name known only in a block now over -> why, for E201's hint
    later: dict = field(default_factory=dict)     # a local -> the line that first sets it, for E201's hint

    @contextmanager
    def scoped(self, name: str, typ: str):
        """A name bound for one body (a loop, an option, a comprehension, a function): it gets a
        fresh slot and its own type, and the name means what it meant before once the body ends."""
        old = self.names.get(name)
        self.names[name] = (typ, self.size)
        self.slot_types.append((name, typ))
        self.size += 1
        self.used.add(name)
        try:
            yield self.size - 1
        finally:
            if old is None:
                self.names.pop(name, None)
                self.gone[name] = (f"'{name}' is the item of a loop, a choice or a list, and names it only inside "
                                   "that: use it there, or set a name of your own before it to keep a value for after")
            else:
                self.names[name] = old

    def bind(self, name: str, typ: str) -> int:
        if name in self.names:
            old_type, slot = self.names[name]
            self.names[name] = (T.join(old_type, typ) if old_type != typ else typ, slot)
            # The slot may hold a value of either type: a saved state is checked against both.
            kept = self.slot_types[slot][1]
            self.slot_types[slot] = (name, T.join(kept, typ) if kept != typ else typ)
            return slot
        self.names[name] = (typ, self.size)
        self.slot_types.append((name, typ))
        self.size += 1
        return self.size - 1


@dataclass
class CheckedProgram:
    program: Program
    symbols: dict                                  # values: enums and their values, kinds, vars, definitions, ...
    rules: dict = field(default_factory=dict)      # rules, a namespace of their own: only statements call them
    refs: dict = field(default_factory=dict)       # id(node) -> resolution tuple
    types: dict = field(default_factory=dict)      # id(node) -> type
    env_sizes: dict = field(default_factory=dict)  # id(body owner) -> local slot count
    env_types: dict = field(default_factory=dict)  # id(rule or reaction) -> (name, type) per local slot
    slots: dict = field(default_factory=dict)      # id(binder node) -> slot(s)
    block_slots: dict = field(default_factory=dict)  # id(a block's list of statements) -> the slots of the locals first set in it
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    phases: dict = field(default_factory=dict)
    winners: Any = None
    display: Any = None
    grids: dict = field(default_factory=dict)
    kinds: dict = field(default_factory=dict)      # kind -> KindDecl
    kind_fields: dict = field(default_factory=dict)  # kind -> {field: (type, dynamic)}
    kind_zones: dict = field(default_factory=dict)   # kind -> {zone field: visibility}
    secret_labels: set = field(default_factory=set)  # id(choice) whose options name a local set from hidden cards
    per_player_kinds: dict = field(default_factory=dict)  # `player kind` -> things per player
    things: dict = field(default_factory=dict)     # kind -> list of records, one per thing
    reactions: dict = field(default_factory=dict)  # event -> [ReactionDecl]
    instants: list = field(default_factory=list)   # reactions offered at any decision point
    sides: list = field(default_factory=list)      # the sides' names, in declaration order
    table_keys: dict = field(default_factory=dict)  # table -> key type, when it has one
    pattern_fields: dict = field(default_factory=dict)  # id(list expr) -> (kind, field) matched by a pattern
    globals_: list = field(default_factory=list)   # global var/zone decls in slot order
    player_slots: list = field(default_factory=list)  # per-player var/zone decls in slot order
    warnings: list = field(default_factory=list)
    param_types: dict = field(default_factory=dict)  # id(parameter) -> its type (never on the node: the AST is shared)
    recursive: set = field(default_factory=set)    # the definitions that may call themselves, directly or through others
    walks: Any = None                              # A.Walks of the program's declarations, when the check made it
    # What a later pass works out from this check alone, by what it is (`Compiler.compile`): one
    # dict shared by the copies `kept_checks` hands out of one check, so a warm load works it out once.
    answers: dict = field(default_factory=dict, compare=False, repr=False)

    def param_type(self, prm) -> str:
        """A parameter's resolved type; any type for one not resolved (a declaration with a mistake)."""
        return self.param_types.get(id(prm), T.ANY)


def _ranks_players(s) -> bool:
    """Whether a symbol is a definition winners may rank by, as written: of one player, giving an
    int (a "did you mean" for a winners line offers no other)."""
    d = s.decl
    return s.kind == "define" and len(d.params) == 1 and getattr(d.params[0].type, "name", "") == "player" \
        and getattr(d.result, "name", "") == "int"


def _number_word(name: str) -> str:
    """The hint for a number written as a word ('three'): a number is written in digits. (A
    rulebook that declares such a name never gets here: the name is known.)"""
    n = NUMBER_WORDS.get(name.lower())
    return f"a number is written in digits: {n}" if n is not None else ""


# The words the grammar reads as values, never names: a slip of one ('tru') is a did-you-mean too.
_LITERALS = ("true", "false", "none")


def _literal_slip(name: str) -> str:
    """"did you mean 'true'?" for a name one letter from true, false or none ('tru'), else ""."""
    near = [x for x in _LITERALS if _one_letter(x, name) or _one_slip(x, name)]
    return f"did you mean '{near[0]}'?" if near else ""


def _number_word_or_name(name: str, names) -> str:
    """The hint for a number written as a word ('three'), unless a declared name is one letter from
    it (an enum value 'twos' in a list of them, written 'two'): then that name comes first."""
    word = _number_word(name)
    if not word:
        return ""
    near = [n for n in set(names) if n != name and abs(len(n) - len(name)) <= 1 and _one_letter(n, name)]
    return f"did you mean '{min(near)}'? ({word})" if near else word


def _one_letter(a: str, b: str) -> bool:
    """Whether `a` and `b` differ by one letter added, dropped or changed."""
    if len(a) < len(b):
        a, b = b, a
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    return any(a[:i] + a[i + 1:] == b for i in range(len(a)))


def _gaps(ranges: list, low: int, high: int, most: int) -> list:
    """The first `most` whole numbers from low to high that no range (a, b) holds, found from the
    ranges' ends, so a range of a billion values costs no more than one of ten."""
    out, v = [], low
    for a, b in sorted(ranges):
        if v > high or len(out) >= most:
            break
        out.extend(range(v, min(a, high + 1, v + most - len(out))))
        v = max(v, b + 1)
    out.extend(range(v, min(high + 1, v + most - len(out))))
    return out[:most]


def _fixed_number(e, sym, depth: int = 0) -> tuple:
    """(the whole number `e` certainly is, the definition of no values that gives it or None):
    written out (`_constant`), or through such definitions; (None, None) when not certain."""
    n = _constant(e)
    if n is not None:
        return n, None
    s = sym.get(e.name) if isinstance(e, A.Name) else None
    if s is not None and s.kind == "define" and not s.decl.params and depth < 20:
        n, via = _fixed_number(s.decl.body, sym, depth + 1)
        return n, via or (e.name if n is not None else None)
    return None, None


def _holds(op: str, n: int, lo, hi):
    """Whether `x OP n` holds for every x from `lo` to `hi` (True), for none (False), or depends
    (None); `lo` or `hi` None is no end on that side."""
    below = hi is not None and n > hi          # n is above every x
    above = lo is not None and n < lo          # n is below every x
    return {"==": False if below or above else None, "!=": True if below or above else None,
            "<": True if below else False if lo is not None and n <= lo else None,
            "<=": True if hi is not None and n >= hi else False if above else None,
            ">": True if above else False if hi is not None and n >= hi else None,
            ">=": True if lo is not None and n <= lo else False if below else None}[op]


def _bound(e, sym, var: str, top: bool):
    """The highest (`top`) or lowest number a value set to the variable `var` can be, with the
    `min(..., N)` (`max(..., N)` for the lowest) that caps it: (bound, cap call or None), or None
    when it is not certain. `var` itself (`x = min(x + 1, 5)`... read as it is) is "same": the
    value stays within what the other lines allow. Only numbers written out (or given by
    definitions of no values), `min` and `max` are followed."""
    n, _ = _fixed_number(e, sym)
    if n is not None:
        return n, None
    if isinstance(e, A.Name) and e.name == var:
        return "same", None
    if not isinstance(e, A.Call) or e.name not in ("min", "max") or len(e.args) < 2:
        return None
    parts = [_bound(a, sym, var, top) for a in e.args]
    if (e.name == "min") == top:           # the least of them (for top): any one bounded bounds it
        known = [b for b in parts if b is not None and b[0] != "same"]
        if not known:
            return None
        best = min(known, key=lambda b: b[0]) if top else max(known, key=lambda b: b[0])
        return best[0], best[1] or e
    if any(b is None for b in parts):      # the greatest of them (for top): each must be bounded
        return None
    known = [b for b in parts if b[0] != "same"]
    if not known:
        return "same", None
    worst = max(known, key=lambda b: b[0]) if top else min(known, key=lambda b: b[0])
    return worst[0], next((b[1] for b in known if b[1] is not None), None)


# What a choice that offers things is called in a warning about what it shows (W136, W139).
OFFERED_BY = {"choose": "choice", "option": "option's list", "secret": "secret choice",
              "reaction": "reaction's list"}


class Checker:
    def __init__(self, program: Program):
        self.p = program
        self.diags: list[Diagnostic] = []
        self.dead_from = None            # (the first line of a block that never runs, why) while checking it
        self.blamed: list = []           # (an error at a use, the declaration it may come from, its name)
        self.checked_by_data: set = set()   # ids of fields whose type the data's records agree with
        self.read_as_players: dict = {}     # a game variable's name -> the errors reading it as p.name
        self._walks: A.Walks | None = None     # the walk of every node, by one walk of all: walks()
        self._walked: dict = {}               # id -> (node or list, its walk as a list): walked()
        self.clashes: set = set()             # names declared twice as two sorts of thing (E202)
        self.endless_loops: list = []         # (E309 error args, the lines it looked through), told in structure()
        self.refused_pvars: set = set()       # player vars and zones refused for a name already taken (E202)
        self.hidden_reads: dict = {}          # definition -> the hidden zone it reads (hidden_zone_read)
        self.compared: list = []             # (comparison, variable's symbol, op, number) for W135
        self.out = CheckedProgram(program, {})
        self.sym = self.out.symbols
        self.locals_set: dict = {}      # each name a rule sets as a local -> where it is first set
        self.param_types = self.out.param_types
        self.lookup_gaps_warned: set = set()   # tables warned about once (W109 by an enum)
        self.narrowed: dict = {}             # key's text -> the enum values a condition leaves it (W109)
        self.rules = self.out.rules
        self.rules_changing: dict | None = None   # rule -> the parameters it changes as zones (`changed_params`)
        self.reaction_names: dict = {}
        self.ctx: Context | None = None
        self.ended = False          # an `end game` statement exists
        # A section written again (E202): only the last is checked, but an 'end game' in an earlier
        # one is an end the author wrote, not told as E404 too.
        self.hidden_sections: list = []
        self.never_runs: list = []  # (the condition, the `end game`) for an `end game` in a block that never runs
        self.dead_block = None      # the condition that keeps the block being checked from ever running
        # Names a `may choose` binds in the block being checked: none after a "Decline", even when
        # what is chosen is a list (`may choose pr from combinations(role, 2)`), so `pr != none` is no E301.
        self.declinable: list = []
        self.untimed: list = []      # the secret choices without `timed as` whose blocks are being checked
        self.secret_players: list = []  # (name, slot, choice) of the secret choices whose blocks are being checked
        self.turn_loops: list = []  # `take turns` statements, which need a turn section
        self.round_loops: list = []  # `take rounds` statements, which need a round section
        self.ends_turn: list = []   # `end turn` statements, which need one too
        self.define_stack: list = []
        self.where_below: dict = {}     # while a `where` value is checked: the names of the lines below it -> their line
        self.guessed: set = set()       # ids of E201s whose hint is only a guess (a definition's parameters), for a better one
        self.mistyped: set = set()       # ids of definitions whose value does not fit their type
        self.endless: set = set()   # definitions reported as never giving their answer (E309)
        self.choices: list = []     # every choose, menu and secret choice checked (for E310)
        self.indexed_again: dict = {}   # id of a lookup -> the lookup written right after it (`t[a][b]`)
        self.stored_types: dict = {}    # id of an assignment to a variable or field -> the type of what it sets
        self.not_yet: dict = {}     # a choice's names -> the part worked out before it (`before_the_choice`)
        self.may_end_memo = None    # what may end the game, a stage or the turn (`what_may_end`)
        self._taking_turns = None   # the rules that always take turns or rounds (`rules_taking_turns`)
        self.outcomes_memo: dict = {}   # how a call of each rule may finish (`play_finishes`)
        self.reach_depth = 0        # rules gone into by `reaches_by`, one inside another
        self.secret_fields: set = set()  # (kind, field) warned about as set where some seat cannot see (W121)

    # ------------------------------------------------------------------ reporting
    def word(self, node, word: str, after: int = 0, next_token: bool = False) -> Span:
        """Where `word` is on the node's line (after column `after`), for the caret; with
        `next_token`, the first token after it."""
        span = word_at(self.p.sources, node.span, word, after)
        if next_token and span is not node.span:
            line = self.p.sources.line(span.file, span.line) or ""
            rest = line[span.end_column - 1:]
            gap = len(rest) - len(rest.lstrip())
            return Span(span.file, span.line, span.end_column + gap)
        return span

    def error(self, code, message, node_or_span, hint="", about=()):
        span = node_or_span if isinstance(node_or_span, Span) else node_or_span.span
        self.diags.append(Diagnostic(code, message, span, hint, about=about))
        if code in ("E301", "E201", "E303") and isinstance(node_or_span, A.Node):
            self.blame(node_or_span)

    def blame(self, node):
        """Note the declaration whose type an error at a use may come from: the variable, zone,
        parameter or definition the failing value is read from (`token`, `c.rank`, `f(x)`). When
        several uses of one declaration fail, the declaration is the likelier mistake (`check`)."""
        if isinstance(node, A.Comprehension):         # `[c.rank for c in cs]`: what it makes
            node = node.expr
        if isinstance(node, A.Binary):        # `s == token`: either side's declaration may be wrong
            self.blame(node.left)
            self.blame(node.right)
            return
        while isinstance(node, (A.Field, A.Index)) or isinstance(node, A.Call) and node.name in _PICKERS and node.args:
            if isinstance(node, A.Call):        # `first(current.hand).suit`: a card of the hand
                node = node.args[0]
                continue
            s = self.sym.get(node.name) if isinstance(node, A.Field) else None
            if s is not None and s.kind == "pvar":      # `current.recipes`: a player's zone or variable
                self.blamed.append((self.diags[-1], s.decl, node.name, s.type))
                return
            ref = self.out.refs.get(id(node))
            if ref and ref[0] in ("field", "attr"):     # `s.number`: the field its kind declares
                owner = next((f for f in getattr(self.out.kinds.get(ref[1]), "fields", []) if f.name == node.name), None)
                if owner is not None:
                    self.blamed.append((self.diags[-1], owner, node.name, None))
                    if not self.out.kind_fields.get(ref[1], {}).get(node.name, (None, True))[1]:
                        self.checked_by_data.add(id(owner))
                    return
            node = node.obj
        name = getattr(node, "name", None) if isinstance(node, (A.Name, A.Call)) else None
        if name is None:
            return
        decl = None
        if self.ctx is not None and name in self.ctx.params and isinstance(node, A.Name):
            decl = self.ctx.params[name]
        elif self.lookup_local(name) is None:
            s = self.sym.get(name)
            if s is not None and s.kind in (("var", "pvar") if isinstance(node, A.Name) else ("define",)):
                decl = s.decl
        if decl is not None:
            t = self.out.param_type(decl) if isinstance(decl, A.Param) else getattr(self.sym.get(name), "type", None)
            self.blamed.append((self.diags[-1], decl, name, t))

    def blame_place(self, place):
        """After an error at a value put into `place` (`won = true`, `add s to seen`): when the
        value came from no declaration, the place's own declaration may be the mistake."""
        if not (self.blamed and self.blamed[-1][0] is self.diags[-1]):
            self.blame(place)

    def warn(self, code, message, node_or_span, hint="", about=()):
        span = node_or_span if isinstance(node_or_span, Span) else node_or_span.span
        self.out.warnings.append(Diagnostic(code, message, span, hint, severity="warning", about=about))

    # ------------------------------------------------------------------ declarations
    def declare(self, name: str, sym: Symbol, node, table: dict | None = None):
        """Declare a name among the values (or in `table`: the rules, which only statements call,
        so a rule may share its name with an enum value such as a die face)."""
        table = self.sym if table is None else table
        if name in table:
            first = table[name].decl
            first_at = getattr(first, "span", None)
            at = self.word(node, name, after=1) if isinstance(node, A.Decl) else node
            added = self.p.added_values
            if isinstance(first, (A.EnumDecl, A.OptionDecl)) and table[name].kind == "enum_value" and name in added:
                # A value a variant's `extend enum` added, clashing with a name of the base: the
                # variant's word is the likelier mistake, so the error is there, naming the other.
                first_at, at = at, added[name]
            elif isinstance(first, A.EnumDecl) and first_at is not None and first_at.line:   # at the value itself
                first_at = self.word(first, name, after=first_at.column + len(first.kind_word) + len(first.name))
            elif (isinstance(node, (A.EnumDecl, A.OptionDecl)) and sym.kind == "enum_value" and name in added
                  and first_at is not None and first_at.line):
                at = added[name]
            where = f" (first declared at {first_at})" if first_at is not None and first_at.line else ""
            if table[name].kind != sym.kind:
                self.clashes.add(name)
            if sym.kind == "pvar" and table[name].kind != "pvar":
                self.refused_pvars.add(name)
            same_file = getattr(first_at, "file", None) == (at if isinstance(at, Span) else at.span).file
            if at is added.get(name):
                self.error("E202", f"The name '{name}' is declared twice{where}: the value '{name}' this "
                                   f"'extend' adds would hide it.", at,
                           f"give the new value another name, or rename the other '{name}'", about=("declared twice", name))
                return
            if getattr(node, "replace", False) or getattr(node, "extend", False):
                # `include "../game.rules"` then `replace ...`: the file extends nothing to replace in
                word = "extend" if node.extend else "replace"
                if same_file:       # in the file that declares it: no included file, and no base to change
                    self.error("E202", f"The name '{name}' is declared twice{where}: '{word}' changes a declaration of "
                                       "the rulebook a variant extends, and this file extends none.", at,
                               "a variant starts with 'extends \"../game.rules\"'; in a base rulebook, keep one "
                               "declaration", about=("declared twice", name))
                    return
                self.error("E202", f"The name '{name}' is declared twice{where}: '{word}' changes only a declaration "
                                   "of the rulebook its file extends, and an included file's declarations are not "
                                   "that rulebook's but the file's own.", at,
                           "to change a rulebook, extend it: a variant starts with 'extends \"../game.rules\"', "
                           "not 'include'", about=("declared twice", name))
                return
            self.error("E202", f"The name '{name}' is declared twice{where}.", at,
                       "rename one of them, or keep one" if same_file else
                       "in a variant, write 'replace' before the declaration to change the base rulebook's declaration of that name, or 'extend' to add to it",
                       about=("declared twice", name))
            return
        table[name] = sym

    @staticmethod
    def in_file(first, second) -> str:
        """' of FILE' when `first` was written in another file than `second`, else ''."""
        return f" of {first.span.file}" if first.span.file != second.span.file else ""

    def twice(self, d, word: str, what: str, first):
        """A one-off declaration (`game`, `players`) written a second time: E202 at the second."""
        self.error("E202", f"The game's {what} is given twice: a second '{word}' line (the first is at line "
                   f"{first.span.line}{self.in_file(first, d)}).", self.word(d, word),
                   f"keep one '{word}' line; in a variant, the variant's own '{word}' line counts instead of the base's")

    def collect(self):
        out = self.out
        once: dict = {}
        for d in self.p.decls:
            if isinstance(d, A.GameDecl):
                if once.get("game") is not None:
                    self.twice(d, "game", "title", once["game"])
                once.setdefault("game", d)
                out.title = d.name
            elif isinstance(d, A.PlayersDecl):
                if once.get("players") is not None:
                    self.twice(d, "players", "player count", once["players"])
                once.setdefault("players", d)
                if d.low < 1 or d.high < d.low or d.high > 16:
                    self.error("E210", f"Player counts must be from 1 to 16, lowest first; got {d.low} to {d.high}.",
                               self.word(d, str(d.low), after=len("players")),
                               "a game needs at least 1 player" if d.low < 1 else
                               "a game takes at most 16 players" if d.high > 16 else
                               f"write the fewest players first: players {d.high} to {d.low}")
                out.min_players, out.max_players = d.low, d.high
            elif isinstance(d, A.OptionDecl):
                self.declare(d.name, Symbol("option", d, "enum:" + d.name), d)
                if d.default is not None and d.default not in d.choices:
                    self.error("E211", f"The default '{d.default}' is not one of the option's choices.",
                               self.word(d, d.default, after=len(f"option {d.name}")),
                               did_you_mean(d.default, d.choices) or f"choose one of {', '.join(d.choices)}")
                for v in d.choices:
                    self.declare(v, Symbol("enum_value", d, "enum:" + d.name), d)
            elif isinstance(d, A.EnumDecl):
                again = self.sym.get(d.name)
                self.declare(d.name, Symbol("enum", d, "enum:" + d.name), d)
                # The enum declared twice is one error, at its name, not one more per value it repeats.
                told = set(again.decl.values) if again is not None and again.kind == "enum" else set()
                for v in d.values:
                    if v not in told:
                        self.declare(v, Symbol("enum_value", d, "enum:" + d.name), d)
            elif isinstance(d, A.KindDecl):
                self.declare(d.name, Symbol("kind", d, T.list_of("thing:" + d.name)), d)
                out.kinds[d.name] = d
            elif isinstance(d, A.DieDecl):
                self.declare(d.name, Symbol("die", d, "die:" + d.name), d)
            elif isinstance(d, A.VarDecl):
                self.declare(d.name, Symbol("pvar" if d.per_player else "var", d), d)
            elif isinstance(d, A.ZoneDecl):
                self.declare(d.name, Symbol("pvar" if d.per_player else "var", d), d)
            elif isinstance(d, A.TableDecl):
                self.declare(d.name, Symbol("table", d), d)
            elif isinstance(d, A.DefineDecl):
                self.declare(d.name, Symbol("define", d), d)
            elif isinstance(d, A.StageDecl):
                if d.name in SECTIONS:
                    self.error("E202", f"A stage cannot be called '{d.name}': 'end {d.name}' would mean the "
                               f"{'game' if d.name == 'game' else d.name + ' section'}.", d, "give the stage another name")
                self.declare(d.name, Symbol("stage", d), d, self.rules)
            elif isinstance(d, A.RuleDecl):
                self.declare(d.name, Symbol("rule", d), d, self.rules)
            elif isinstance(d, A.SideDecl):
                self.declare(d.name, Symbol("side", d, T.PLAYER, slot=len(out.sides)), d)
                out.sides.append(d.name)
            elif isinstance(d, A.PatternDecl):
                self.declare(d.name, Symbol("pattern", d), d)
            elif isinstance(d, A.EventDecl):
                self.declare(d.name, Symbol("event", d), d)
            elif isinstance(d, A.ReactionDecl):
                # Nothing names a reaction but a variant's `replace`, so it may share its name with
                # the card it plays (an enum value): reactions have a namespace of their own.
                self.declare(d.name, Symbol("reaction", d), d, self.reaction_names)
            elif isinstance(d, A.PhaseDecl):
                if d.name in out.phases:
                    first = out.phases[d.name].span
                    self.hidden_sections.append(out.phases[d.name])
                    if first.file == d.span.file:
                        self.error("E202", f"The game has two '{d.name}' sections (the first at line {first.line}).", d,
                                   f"keep one, with the steps of both (a variant writes 'replace {d.name}:' "
                                   f"or 'extend {d.name}:' to change the base rulebook's)")
                    else:
                        self.error("E202", f"The game has two '{d.name}' sections.", d,
                                   f"in a variant, write 'replace {d.name}:' to change the base rulebook's section, or 'extend {d.name}:' to add steps after it")
                out.phases[d.name] = d
            elif isinstance(d, A.WinnersDecl):
                if out.winners is not None:
                    first = out.winners
                    self.error("E202", f"The game has two 'winners' rules (the first at line {first.span.line}"
                                       f"{self.in_file(first, d)}).", self.word(d, "winners"),
                               "keep one 'winners' line; in a variant, write 'replace winners:' to change the base's")
                out.winners = d
            elif isinstance(d, A.DisplayDecl):
                if out.display is not None:
                    self.error("E202", "The game has two 'display' sections.", d)
                out.display = d
            elif isinstance(d, A.GridDecl):
                if d.name in out.grids:
                    first = out.grids[d.name]
                    self.error("E202", f"The kind '{d.name}' is laid out on a grid twice (first at line "
                               f"{first.span.line}{self.in_file(first, d)}).", self.word(d, "grid"),
                               "keep one 'grid' line for the kind")
                    continue
                out.grids[d.name] = d
            elif isinstance(d, A.RemoveDecl):
                self.error("E014", "'remove' belongs in a variant that extends another rulebook.", d)
        for name in SCALAR_TYPES:
            if name in self.sym:
                self.error("E203", f"'{name}' is a built-in type and cannot be declared.", self.sym[name].decl,
                           about=("built-in", name))
        # A built-in function is only ever called, so an enum value (used bare) or a rule (called
        # by a statement) may share its name: the use tells them apart. Built-in values may not.
        for name in list(B.VALUES) + list(B.BUILTINS):
            s = self.sym.get(name)
            if s is not None and (name in B.VALUES or s.kind not in ("enum_value",)):
                at = (self.p.added_values.get(name) or self.word(s.decl, name, after=s.decl.span.column + len(s.decl.kind_word))) \
                    if s.kind == "enum_value" else s.decl
                self.error("E203", f"'{name}' is built into the language and cannot be declared again.", at,
                           about=("built-in", name))
            if name in B.VALUES and name in self.rules:
                self.error("E203", f"'{name}' is built into the language and cannot be declared again.",
                           self.rules[name].decl, about=("built-in", name))

    def walks(self) -> A.Walks:
        """The walk of every node of the rulebook, from one walk of all its declarations (the
        checker annotates nodes but never replaces one, so it stays true); handed on to the
        compiler, whose passes walk the same trees (`CheckedProgram.walks`)."""
        if self._walks is None:
            self._walks = self.out.walks = A.Walks.of(self.p.decls)
        return self._walks

    def all_nodes(self) -> list:
        """Every node of the rulebook, walked once for the passes that look at all of them."""
        return self.walks().nodes

    def nodes_of(self, *classes) -> list:
        """The nodes of `all_nodes` that are of one of `classes`, in the same order (`Walks.nodes_of`)."""
        return self.walks().nodes_of(classes)

    def walked(self, x) -> list:
        """`A.walk(x)` as a list (a slice of `walks`), kept for the rest of the check: many passes
        (calls, endings, the zones a rule changes, ...) go through the same rule bodies again.
        Kept with `x` itself, so its id is no other's while the check runs; the checker never
        changes a node."""
        got = self._walked.get(id(x))
        if got is None:
            got = self._walked[id(x)] = (x, self.walks().walk(x))
        return got[1]

    def shadowing(self):
        """E202 at a parameter or a name a loop, a comprehension or a choice binds that has the name of
        a top-level variable, zone, definition, table, side, option or die: inside its body the name
        would mean the local one, and the rules would silently read (or fail to type) the wrong thing.
        A kind's or an enum's name may be a local's (`define word(colour: colour)`, `for card in hand`),
        as authors write them: inside, the name is the local, and the list of all is not needed there."""
        def place(n, name, keyword):
            """Where `name` is bound in `n`: after `keyword` on its line (worked out only for a clash)."""
            if keyword is None:
                return self.word(n, name)
            start = self.word(n, keyword)
            return self.word(n, name, after=start.end_column - 1) if start is not n.span else n.span
        binders = (A.RuleDecl, A.DefineDecl, A.ReactionDecl, A.For, A.Comprehension, A.ShowLine, A.MenuOption,
                   A.Choose, A.Secret, A.Lambda, A.ShowBoard, A.Where)
        # Rules and stages are only ever called by a statement, so a local name cannot hide them.
        hidden = ("var", "define", "table", "side", "option", "die")
        top = {name for name, s in self.sym.items() if s.kind in hidden}
        for n in self.nodes_of(*binders):
            found = []        # (name, the keyword before it or a parameter, what it is)
            if isinstance(n, (A.RuleDecl, A.DefineDecl)):
                found = [(p.name, p, "parameter") for p in n.params]
            elif isinstance(n, A.ReactionDecl) and not n.instant:
                found = [(x, "(", "name") for x in n.event_args]
            if isinstance(n, A.ReactionDecl):
                found.append((n.player_var, "by", "name"))
                if n.var:
                    found.append((n.var, "for", "name"))
            elif isinstance(n, (A.For, A.Comprehension, A.ShowLine)) or (isinstance(n, A.MenuOption) and n.var):
                if n.var:
                    found = [(n.var, "for", "name")]
            elif isinstance(n, A.Choose):
                found = [(n.var, "choose", "name")]
            elif isinstance(n, A.Secret):
                found = [(n.player_var, "each", "name"), (n.var, "chooses", "name")]
                if n.time_var:
                    found.append((n.time_var, "timed", "name"))
            elif isinstance(n, A.Lambda):
                found = [(n.param, None, "name")]
            elif isinstance(n, A.ShowBoard):
                found = [(n.var, "board", "name")]
            elif isinstance(n, A.Where):
                found = [(n.name, "where", "where name")]
            for name, at, what in found:
                if name in B.VALUES:       # `for current in players`: the built-in would be hidden
                    span = (Span(at.span.file, at.span.line, at.span.column, at.span.line, at.span.column + len(name))
                            if isinstance(at, A.Param) else place(n, name, at))
                    local = what if what in ("parameter", "where name") else "name a loop, choice or reaction binds"
                    self.error("E203", f"'{name}' is built into the language, so it cannot be a {local}: inside, "
                                       f"'{name}' would no longer mean the built-in.", span, "choose another name",
                               about=("built-in", name))
                    continue
                if name not in top:
                    continue
                s = self.sym.get(name)
                if s is None or not isinstance(s.decl, A.Decl) or not s.decl.span.line:
                    continue
                d = s.decl
                if isinstance(at, A.Param):
                    span = Span(at.span.file, at.span.line, at.span.column, at.span.line, at.span.column + len(name))
                else:
                    span = place(n, name, at)
                where = f"line {d.span.line}{self.in_file(d, n) if hasattr(n, 'span') else ''}"
                self.error("E202", f"The {what} '{name}' has the name of the {d.kind_word} '{name}' ({where}); "
                                   "rename one of them.", span,
                           f"inside, '{name}' would mean this {what}, never the {d.kind_word}",
                           about=("shadows", name, d.span.file, d.span.line, d.kind_word))

    def resolve_type(self, t: A.TypeRef) -> str:
        if t.name == "list":
            return T.list_of(self.resolve_type(t.elem))
        if t.name in SCALAR_TYPES:
            return SCALAR_TYPES[t.name]
        s = self.sym.get(t.name)
        if s and s.kind in ("enum", "option"):
            return "enum:" + t.name
        if s and s.kind == "kind":
            return "thing:" + t.name
        known = list(SCALAR_TYPES) + [n for n, s in self.sym.items() if s.kind in ("enum", "kind", "option")]
        self.error("E204", f"Unknown type '{t.name}'.", t, self.meant(t.name, known, t) or
                   "types are int, bool, text, player, an enum, a kind, or 'list of' one of them",
                   about=("unknown", t.name))
        return T.ERROR

    def signatures(self):
        """Types of fields, vars, tables and definitions, before any body is checked."""
        out = self.out
        # A field most of whose records give another type is told there (E022): its type is wrong,
        # or all those records are, and its uses cannot tell which.
        told_by_data = {d.span for d in self.p.data_problems if d.code == "E022" and d.about[:1] == ("field type",)}
        for name, k in out.kinds.items():
            fields = {}
            for f in k.fields:
                if f.name in fields:
                    self.error("E202", f"The kind '{name}' declares the field '{f.name}' twice.", f)
                if k.per_player and f.name == OWNER:
                    self.error("E202", f"The things of a 'player kind' have a built-in field '{OWNER}' (the player they "
                               "belong to); it cannot be declared again.", f)
                if f.name == COPIES:
                    self.error("E202", f"The kind '{name}' declares a field '{COPIES}', but in a data file '{COPIES}' "
                               "is how many copies of a record to make, so it can never be a field.", f,
                               "give the field another name, such as 'amount'")
                fields[f.name] = (self.resolve_type(f.type), f.default is not None)
            if k.per_player:
                fields[OWNER] = (T.PLAYER, False)
            out.kind_zones[name] = self.thing_zones(k, fields)
            out.kind_fields[name] = fields
            out.things[name] = self.expand_things(k, fields)
            if k.source is None and not k.more_sources and not getattr(k, "per_player", False):
                # `kind card:` with no `from`: no data, so no things, and every zone of them stays empty
                self.warn("W130", f"The kind '{name}' names no data file, so the game has no things of it at all: "
                                  f"'{name}' is an empty list, and so is every zone of them.", k,
                          f"name the file of its records: 'kind {name} from \"{name}s.yaml\":'")
            for f in k.fields:
                if f.span in told_by_data and f.name in fields:
                    fields[f.name] = (T.ERROR, fields[f.name][1])
        for name, g in out.grids.items():
            if name not in out.kinds:
                self.error("E201", f"'grid' names '{name}', which is not a kind.", g, did_you_mean(name, out.kinds))
                continue
            for f in (g.row, g.col):
                typ, changing = out.kind_fields[name].get(f, (None, False))
                if typ not in (T.INT, T.ERROR):
                    ints = [n for n, (ft, ch) in out.kind_fields[name].items() if ft == T.INT and not ch]
                    self.error("E205", f"The grid needs the kind '{name}' to have a whole-number field '{f}' from its data.",
                               self.word(g, f, after=len("grid")),
                               (did_you_mean(f, ints) or f"its whole-number fields from the data are {', '.join(ints)}")
                               if ints else f"declare the row and column in the kind '{name}' as '{f}: int' and give them in its data")
                elif changing:
                    # The grid is laid out once, from the data: a place that could change is no place.
                    decl = next((x for x in out.kinds[name].fields if x.name == f), None)
                    line = f", line {decl.span.line}" if decl is not None and decl.span.line else ""
                    self.error("E205", f"The grid places each {name} by its fields '{g.row}' and '{g.col}', which must "
                                       f"be fixed data, and '{f}' is a changing field (it has a starting value{line}), "
                                       "so the grid could not be laid out from it.",
                               self.word(g, f, after=g.span.column - 1 + len(f"grid {name} at")),
                               f"give '{f}' no starting value ('{f}: int'), and write each {name}'s {f} in its data")
            else:
                self.check_cells(out.kinds[name], g)
        for k in out.kinds.values():
            self.check_record_names(k, k.name in out.grids)
        for s in self.sym.values():
            d = s.decl
            if s.kind in ("var", "pvar"):
                if isinstance(d, A.ZoneDecl):
                    if d.elem not in out.kinds:
                        other = getattr(self.sym.get(d.elem), "kind", None)
                        self.error("E204", f"The zone '{d.name}' holds '{d.elem}', which is not a kind.",
                                   self.word(d, d.elem, after=len(f"zone {d.name}")),
                                   self.meant(d.elem, out.kinds, d) or
                                   (f"'{d.elem}' is {'an' if other in ('enum', 'option') else 'a'} {other}; a zone holds "
                                    f"things of a kind ({', '.join(sorted(out.kinds))}), and a list of values is a "
                                    f"variable: 'var {d.name}: list of {d.elem} = []'" if other and out.kinds else ""))
                    s.type = T.list_of("thing:" + d.elem if d.elem in out.kinds else T.ERROR)
                    if d.visibility == "others" and not d.per_player:
                        self.error("E205", f"The zone '{d.name}' is the game's, not a player's, so it has no owner "
                                           f"for 'seen by others' to hide it from.",
                                   self.word(d, "others", after=d.span.column + len(f"zone {d.name}")),
                                   "'seen by others' is for a 'player zone' (each player's own, seen by everyone "
                                   "else): use public or hidden here")
                    if d.visibility == "owner" and not d.per_player and d.elem in out.kinds \
                            and not out.kinds[d.elem].per_player:
                        self.error("E205", f"The zone '{d.name}' is the game's, not a player's, and a {d.elem} has no "
                                           f"owner, so nobody is its owner to see it.",
                                   self.word(d, "owner", after=d.span.column + len(f"zone {d.name}")),
                                   "use public or hidden; or 'player zone' for each player's own")
                    if d.count is not None:
                        if not 1 <= d.count <= 100:
                            self.error("E206", f"A numbered zone has 1 to 100 zones, not {d.count}.",
                                       self.word(d, str(d.count), after=d.span.column + len("zone") + len(d.name)))
                        s.type = T.list_of(s.type)
                else:
                    s.type = self.resolve_type(d.type)
                    if (d.low is not None) and s.type != T.INT:
                        self.error("E205", f"Only whole-number variables can have a range, and '{d.name}' is "
                                           f"declared as {T.a(s.type)}.", d,
                                   f"write 'int' for its type if it counts something, or leave out 'in {d.low} to "
                                   f"{d.high}'")
                table = out.player_slots if s.kind == "pvar" else out.globals_
                s.slot = len(table)
                table.append(d)
            elif s.kind == "die":
                faces = d.faces
                if not faces:
                    self.error("E206", f"The die '{d.name}' has no faces.", self.word(d, ":", after=3, next_token=True),
                               "write its faces, e.g. die d6: 1 to 6 (the lower number first)")
                else:
                    if len(faces) > B.MAX_FACES:      # listed one by one (a range is told by the parser)
                        self.error("E206", B.too_many_faces(len(faces)),
                                   self.word(d, d.name, after=d.span.column - 1 + len("die")),
                                   "a face listed twice comes up twice as often: give fewer faces")
                    s.type = "die:int" if all(isinstance(f, int) for f in faces) else self.die_faces(d)
            elif s.kind == "define":
                self.params(d)
                s.type = self.resolve_type(d.result) if d.result else None
            elif s.kind == "event":
                self.params(d)
        for s in self.rules.values():
            self.params(s.decl)
        for s in list(self.sym.values()):
            if s.kind == "table":
                s.type = self.table_type(s.decl)
                self.check_table_keys(s.decl)
        self.check_seers()

    def zone_decls(self) -> list:
        """Every zone declared: the game's, the players' and each kind's own."""
        zones = [s.decl for s in self.sym.values() if s.kind in ("var", "pvar") and isinstance(s.decl, A.ZoneDecl)]
        return zones + [z for k in self.out.kinds.values() for z in getattr(k, "zones", [])]

    def check_seers(self):
        """Each zone `seen by NAME` (or `owner and seen by NAME`): NAME must say one player when a
        view is made, so it is `current` or a game variable of a player; for a player zone, a
        player variable of a player too, each player's own naming who sees that player's zone
        (E201 when unknown, E205 for another name). `owner and seen by` is for player zones only."""
        zones = self.zone_decls()
        players = sorted(n for n, s in self.sym.items() if s.kind == "var" and s.type == T.PLAYER)
        example = f"'seen by current' (the player whose turn it is) or 'seen by {players[0] if players else 'looker'}'"
        for d in zones:
            name = A.seer_name(d.visibility)
            if name is None:
                continue
            per_player = getattr(d, "per_player", False)
            if d.visibility.startswith("owner ") and not per_player:
                self.error("E205", f"The zone '{d.name}' is not a player's, so it has no owner to see it besides "
                                   f"'{name}'.", self.word(d, "owner"),
                           f"'owner and seen by' is for a 'player zone' (each player's own); here write 'seen by {name}'")
                continue
            if name == "current":
                continue
            by = self.word(d, "by", after=self.word(d, "seen").end_column - 1)
            at = self.word(d, name, after=by.end_column - 1)
            s = self.sym.get(name)
            where = f"The zone '{d.name}' is seen by '{name}'"
            if s is not None and s.kind == "pvar" and per_player and s.type in (T.PLAYER, T.ERROR):
                continue        # each player's zone, seen by the player their own variable names
            if s is None:
                self.error("E201", f"{where}, which is not a known name: a zone is seen by 'current' or by a game "
                                   "variable of a player.", at,
                           did_you_mean(name, ["current"] + players) or
                           f"{example}, declared as 'var {name}: player = none'")
            elif s.kind == "pvar" and s.type in (T.PLAYER, T.ERROR):
                self.error("E205", f"{where}, a player variable: each player has one, so it names no one player "
                                   "who sees the game's zone (a player zone may be seen by the player its owner's "
                                   "variable names).", at,
                           f"declare it for the game, 'var {name}: player = none', or write {example}")
            elif s.kind != "var" or s.type not in (T.PLAYER, T.ERROR):
                what = f"{T.a(s.type)} variable" if s.kind == "var" and s.type else f"a {getattr(s.decl, 'kind_word', s.kind)}"
                self.error("E205", f"{where}, which is {what}, not a player: a zone is seen by one player, named "
                                   "by 'current' or by a game variable of a player.", at, example)

    def die_faces(self, d: A.DieDecl) -> str:
        """The type of a die with word faces: values of one enum. Its faces are all numbers or all
        words: the odd one out (a word among numbers, a number among words) is one error at that
        face; so is a word that is no enum's value."""
        colon = self.word(d, ":", after=d.span.column - 1 + len(f"die {d.name}"))
        seen = colon.end_column - 1 if colon is not d.span else 0
        def at(face):
            nonlocal seen
            span = self.word(d, str(face), after=seen)
            if span is not d.span:
                seen = span.end_column - 1
            return span
        numbers = [f for f in d.faces if isinstance(f, int)]
        words = [f for f in d.faces if isinstance(f, str)]
        values = [n for n, x in self.sym.items() if x.kind == "enum_value"]
        if numbers and len(words) <= len(numbers):
            for f in words:
                digit = NUMBER_WORDS.get(f.lower())
                self.error("E301", f"The die '{d.name}' has numbered faces, and the face '{f}' is a word.", at(f),
                           f"write it as a number: {digit}" if digit is not None else
                           "a die's faces are all numbers or all values of one enum")
            return "die:int"
        kinds = [self.sym[f].type for f in words if f in self.sym and self.sym[f].kind == "enum_value"]
        # Faces of two enums: the enum most faces are of is the die's, the others are told.
        most = max(dict.fromkeys(kinds), key=kinds.count, default=None)
        enums = {most} if most else set()
        enum = most[5:] if most else None
        for f in d.faces:
            if isinstance(f, int):
                self.error("E301", f"The die '{d.name}' has faces that are words, and the face {f} is a number.", at(f),
                           "a die's faces are all numbers or all values of one enum")
                continue
            fs = self.sym.get(f)
            if fs is not None and fs.kind == "enum_value" and fs.type != most:
                self.error("E301", f"The die face '{f}' is a value of the enum '{fs.type[5:]}', and the die's other faces "
                                   f"are of the enum '{enum}'.", at(f), "a die's faces are all values of one enum")
            elif fs is not None and fs.kind == "enum_value":
                at(f)
            elif enum is not None:
                own = [n for n, x in self.sym.items() if x.kind == "enum_value" and x.type == "enum:" + enum]
                self.error("E201", f"The die face '{f}' is not a value of the enum '{enum}', as the die's other faces are.",
                           at(f), did_you_mean(f, own) or f"add it to the enum: enum {enum}: {', '.join(own + [f])}",
                           about=("unknown", f))
            else:
                self.error("E201", f"The die face '{f}' is not a number or a value of an enum.", at(f),
                           did_you_mean(f, values) or "declare the die's faces in an enum first: enum colour: red, blue",
                           about=("unknown", f))
        return "die:" + (enums.pop() if len(enums) == 1 else T.ANY)

    def thing_zones(self, k: A.KindDecl, fields: dict) -> dict:
        """A `zone` inside a kind: one zone per thing, kept as a changing field holding a list."""
        zones = {}
        for z in k.zones:
            if z.name in fields:
                self.error("E202", f"The kind '{k.name}' declares '{z.name}' twice.", z)
            if z.per_player or z.count is not None:
                self.error("E205", f"A zone inside a kind is one zone for each {k.name}; it cannot be a player zone "
                           "or numbered.", z, "declare a player zone or a numbered zone outside the kind")
            if z.elem not in self.out.kinds:
                self.error("E204", f"The zone '{z.name}' holds '{z.elem}', which is not a kind.",
                           self.word(z, z.elem, after=len(f"zone {z.name}")),
                           self.meant(z.elem, self.out.kinds, z))
            if z.visibility in ("owner", "others") and not k.per_player:
                self.error("E205", f"Only the things of a 'player kind' have an owner, so the zone '{z.name}' of each "
                           f"{k.name} cannot be seen by {'its owner alone' if z.visibility == 'owner' else 'all but its owner'}.", z,
                           "use public or hidden")
            fields[z.name] = (T.list_of("thing:" + z.elem if z.elem in self.out.kinds else T.ERROR), True)
            zones[z.name] = z.visibility
        return zones

    def params(self, d):
        seen = set()
        for prm in d.params:
            self.param_types[id(prm)] = self.resolve_type(prm.type)
            if prm.name in seen:
                self.error("E202", f"The parameter '{prm.name}' is named twice.", prm)
            seen.add(prm.name)

    def expand_things(self, k: A.KindDecl, fields: dict) -> list:
        if k.source is None:
            return []
        if k.name in self.p.data_failed:
            # The loader reported its errors; its enum values are still checked (a wrong type
            # elsewhere in the data must not hide them), and no things are made from it.
            for rec in self.p.data.get(k.name, []):
                for f, (typ, dynamic) in fields.items():
                    if not dynamic and typ.startswith("enum:") and isinstance(rec.get(f), str):
                        self.data_value(rec[f], typ, k, f, rec)
            return []
        records = self.p.data.get(k.name, [])
        bad = {f.name: f.data_default for f in k.fields if f.data_default is not A.NO_DEFAULT and f.name in fields
               and not self.default_fits(k, f, fields[f.name][0])}
        things = []
        before = len(self.diags)
        for rec in records:
            clean = {key: v for key, v in rec.items() if key not in ("_line", "_file", "count")}
            for f, (typ, dynamic) in fields.items():
                if f in bad and clean.get(f) == bad[f]:
                    continue            # the default's mistake, told once where it is written
                if not dynamic and f in clean:
                    clean[f] = self.data_value(clean[f], typ, k, f, rec)
            things.extend(dict(clean) for _ in range(rec.get("count", 1)))
        self.enum_value_misspelt(k, records, before)
        self.enum_field_told_once(k, fields, records, before)
        if k.per_player:
            # One set per player, player by player: things[i] belongs to seat i // len(set).
            self.out.per_player_kinds[k.name] = len(things)
            things = [dict(t, **{OWNER: seat}) for seat in range(self.out.max_players) for t in things]
            if len(things) > MAX_RECORDS:
                self.error("E024", f"The 'player kind' {k.name} makes {len(things)} things for "
                           f"{self.out.max_players} players; the limit is {MAX_RECORDS}.", k)
                things = []
        return things

    def record_at(self, k: A.KindDecl, rec: dict) -> Span:
        """Where a data record starts: its file (a variant's own, or the kind's) and line."""
        file = rec.get("_file") or self.p.data_files.get(k.name, "?")
        line = rec.get("_line", 0)
        text = self.p.sources.line(file, line) or ""
        return Span(file, line, len(text) - len(text.lstrip()) + 1 if line else 0)

    def check_cells(self, k: A.KindDecl, g: A.GridDecl):
        """Each cell of a grid holds one thing: two records (or copies by `count`) at one row and
        column are E202 at the second, naming the first."""
        if k.name in self.p.data_failed:
            return
        seen = {}
        for rec in self.p.data.get(k.name, []):
            cell = (rec.get(g.row), rec.get(g.col))
            if not all(isinstance(v, int) for v in cell):
                continue
            at = self.record_at(k, rec)
            if cell in seen or rec.get("count", 1) > 1:
                first = seen.get(cell, rec)
                where = (f"as \"{first.get('name')}\" (line {first.get('_line', 0)})" if first is not rec
                         else f"{rec.get('count')} times, by its count")
                self.error("E202", f"The {k.name} \"{rec.get('name')}\" is at {g.row} {cell[0]}, {g.col} {cell[1]}: the "
                           f"same place of the grid {where}; each place holds one {k.name}.",
                           self.data_where(at, g.row), f"give it its own {g.row} and {g.col}")
            seen.setdefault(cell, rec)

    def check_record_names(self, k: A.KindDecl, unique: bool):
        """Two records of one kind with one name: the things could not be told apart, and
        `kind "name"` names only the first. Copies of one thing are made by `count`, so this is a
        mistake: E202 for a kind on a grid (each place is its own) or a thing the rules name, else
        the warning W105 (two cards may share a name and differ in a field)."""
        if k.name in self.p.data_failed or k.per_player:
            return
        named = None
        seen = {}
        for rec in self.p.data.get(k.name, []):
            name = rec.get("name")
            if not isinstance(name, str):
                continue
            if name in seen:
                first = seen[name]
                at = self.data_where(self.record_at(k, rec), "name")
                file = rec.get("_file") or self.p.data_files.get(k.name, "?")
                elsewhere = (f" of {first.get('_file') or self.p.data_files.get(k.name, '?')}"
                             if (first.get("_file") or self.p.data_files.get(k.name)) != file else "")
                message = (f"Two {k.name} records are named \"{name}\" (the first at line {first.get('_line', 0)}"
                           f"{elsewhere}), so the things cannot be told apart")
                hint = "give each its own name; for several copies of one thing write 'count: N' on one record"
                if named is None and not unique:        # only for a rulebook with such records
                    named = {e.name for d in self.p.decls for e in A.walk(d)
                             if isinstance(e, A.ThingRef) and e.kind == k.name}
                if unique or name in named:
                    why = "each place of a grid has its own name" if unique else f"'{k.name} \"{name}\"' names only the first"
                    self.error("E202", f"{message}: {why}.", at, hint)
                else:
                    self.out.warnings.append(Diagnostic("W105", f"{message}.", at, hint, severity="warning"))
                continue
            seen[name] = rec

    def enum_value_misspelt(self, k: A.KindDecl, records: list, before: int):
        """A value misspelt where its enum is declared (`enum colour: red, wite`), while the
        records spell it right: every record giving 'white' is an E025, and 'wite' is given by no
        record of the field. One error at the enum's value instead, naming the records; only when
        two records or more give the value, the enum has one value one slip from it, and none of
        the field's records gives that one."""
        if len(self.diags) - before < 2:        # (no error, nothing to look at: a check of a sound rulebook)
            return
        for f in k.fields:
            wrong = [d for d in self.diags[before:] if d.code == "E025" and d.about[:1] == ("not in enum",)
                     and d.about[3] == f.name]
            if len(wrong) < 2:
                continue
            given = {str(v) for r in records if f.name in r
                     for v in (r[f.name] if isinstance(r[f.name], list) else [r[f.name]])}
            for value in dict.fromkeys(d.about[1] for d in wrong):
                typ = "enum:" + wrong[0].about[2]
                near = [n for n, x in self.sym.items() if x.kind == "enum_value" and x.type == typ
                        and _one_slip(n, value.strip("'")) and n not in given]
                if len(near) != 1:
                    continue
                mine = [d for d in wrong if d.about[1] == value]
                if len(mine) < 2:       # one record against one declaration: either may be the slip
                    continue
                gone = {id(d) for d in mine}
                self.diags[before:] = [d for d in self.diags[before:] if id(d) not in gone]
                decl = self.sym[near[0]].decl
                lines = sorted({d.span.line for d in mine})
                self.error("E025", f"The enum '{decl.name}' declares '{near[0]}', which no {k.name} record gives, while "
                                   f"{len(mine)} records give {value}, which it does not declare: "
                                   "the value is misspelt here.",
                           self.word(decl, near[0], after=decl.span.column - 1),
                           f"write {value} here; or, if '{near[0]}' is right, the records in "
                           f"{Path(mine[0].span.file).name} (line{'s' * (len(lines) > 1)} "
                           f"{', '.join(map(str, lines[:6]))}{', ...' if len(lines) > 6 else ''})",
                           about=("names", near[0]))

    def enum_field_told_once(self, k: A.KindDecl, fields: dict, records: list, before: int):
        """A field of an enum whose values most of its records (two or more) are not: the
        declaration names the wrong enum (`first: colour` where the records give shapes), so one
        error there, as the loader's E022 for a wrong type, and the field's uses take the error
        type; not one error for each record."""
        for f in k.fields:
            typ = fields.get(f.name, ("",))[0]
            if not T.elem(typ).startswith("enum:") if typ.startswith("list:") else not typ.startswith("enum:"):
                continue
            wrong = [(d, d.about[1]) for d in self.diags[before:]
                     if d.code == "E025" and d.about[:1] == ("not in enum",) and d.about[3] == f.name]
            given = sum(1 for r in records if f.name in r)
            starts = self.record_lines(k, records) if wrong else {}
            lines = {_record_line(starts, d.span) for d, _ in wrong}     # an item of a list may have its own line
            if len(lines) < 2 or 2 * len(lines) < given or not f.span.line:
                continue
            gone = {id(d) for d, _ in wrong}
            self.diags[before:] = [d for d in self.diags[before:] if id(d) not in gone]
            values = list(dict.fromkeys(v for _, v in wrong))
            shown = ", ".join(values[:4]) + (", ..." if len(values) > 4 else "")
            names = {v.strip("'") for v in values}
            other = next((n for n, x in self.sym.items() if x.kind == "enum" and names <=
                          {m for m, y in self.sym.items() if y.kind == "enum_value" and y.type == "enum:" + n}), None)
            ordered = sorted(lines)
            self.error("E022", f"The field '{f.name}' of the kind '{k.name}' is declared {T.show(typ)}, but {len(lines)} of "
                               f"its {given} records give something else ({shown}).", f,
                       (f"those are values of the enum '{other}': write '{f.name}: "
                        f"{'list of ' if typ.startswith('list:') else ''}{other}'; or, if the type is right, " if other else
                        "correct the field's type here; or, if it is right, ") +
                       f"the records in {Path(self.p.data_files.get(k.name, 'the data')).name} (line{'s' * (len(ordered) > 1)} "
                       f"{', '.join(map(str, ordered[:6]))}{', ...' if len(ordered) > 6 else ''})")
            fields[f.name] = (T.ERROR, fields[f.name][1])

    def value_at(self, where: Span, key: str, index: int | None = None) -> Span:
        """The caret under a record's value of `key` (or item `index` of its list): on the record's
        line when it is written there, else where the loader finds it in the file (a field on a
        line of its own, an item of a list). Only for a diagnostic: finding it may read the YAML."""
        at = self.data_where(where, key)
        if (index is not None or at is where) and where.line and not where.file.endswith(".rules"):
            at = self.p.data_value_span(where.file, where.line, key, index) or at
        return at

    def record_lines(self, k: A.KindDecl, records: list) -> dict:
        """The lines where the records of `k` start, in order, by data file: `_record_line` finds
        the record a place in the file belongs to."""
        own = self.p.data_files.get(k.name)
        starts: dict = {}
        for r in records:
            starts.setdefault(r.get("_file") or own, []).append(r.get("_line", 0))
        return {file: sorted(lines) for file, lines in starts.items()}

    def data_where(self, where: Span, key: str) -> Span:
        """The value of `key` on a data record's line, for the caret."""
        at = word_at(self.p.sources, where, key)
        if at is where:
            return where
        line = self.p.sources.line(where.file, where.line) or ""
        rest = line[at.end_column - 1:]
        return Span(where.file, where.line, at.end_column + len(rest) - len(rest.lstrip(" :")))

    def default_fits(self, k: A.KindDecl, f: A.FieldDecl, typ: str) -> bool:
        """Whether a data field's `default` (the value of the records that leave it out) is of its
        type; else an error at the field, where the author wrote it (the records never did)."""
        v = f.data_default
        if typ.startswith("list:") and v != []:
            self.error("E301", f"The field '{f.name}' is a list, and a list's default can only be [], the empty list.",
                       self.word(f, "default", next_token=True), f"write '{f.name}: {T.show(typ)}, default []'")
            return False
        if typ.startswith(("thing:", "enum:", "list:")) or typ == T.PLAYER:
            before = len(self.diags)
            self.data_value(v, typ, k, f.name, {"_file": f.span.file, "_line": f.span.line})
            return len(self.diags) == before
        fits = {T.INT: type(v) is int, T.BOOL: type(v) is bool, T.TEXT: type(v) is str}.get(typ, True)
        if not fits:
            self.error("E301", f"The field '{f.name}' is {T.a(typ)}, but its default is {data_words(v)}.",
                       self.word(f, "default", next_token=True),
                       f"write a default of the field's type: '{f.name}: {T.show(typ)}, default ...'")
        return fits

    def data_value(self, v, typ: str, k: A.KindDecl, f: str, rec: dict, index: int | None = None):
        """A value read from data (item `index` of the field's list), as the engine holds it:
        things by index, seats from 0."""
        if typ == T.ERROR:          # the field's type is a mistake already told
            return v
        where = Span(rec.get("_file") or self.p.data_files.get(k.name, "?"), rec.get("_line", 0), 1)
        if typ.startswith("list:"):
            if not isinstance(v, list):
                self.error("E025", f"The field '{f}' is a list; write it as [a, b, ...].", self.value_at(where, f, index))
                return []
            return [self.data_value(x, typ[5:], k, f, rec, i) for i, x in enumerate(v)]
        if v is None or v == "none":
            # `none` (or YAML's null) is a value of the types that can hold none in play.
            if typ.startswith(("thing:", "enum:")) or typ == T.PLAYER:
                return None
            if v is None:
                self.error("E025", f"The field '{f}' is {T.a(typ)} and cannot be none.", self.value_at(where, f, index))
                return v
        if typ.startswith("thing:"):
            other = typ[6:]
            # Things, not records: a record with a count makes that many things, so the named
            # thing is the first one its record makes.
            first, at = {}, 0
            for t in self.p.data.get(other, []):
                first.setdefault(t.get("name"), at)
                at += t.get("count", 1)
            if v not in first:
                self.error("E025", f"The field '{f}' names a {other}, and there is no {other} named {data_words(v)}.",
                           self.value_at(where, f, index),
                           did_you_mean(str(v), [n for n in first if isinstance(n, str)]), about=("no thing", other))
                return None
            return first[v]
        if typ == T.PLAYER:
            if not (isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= self.out.max_players):
                self.error("E025", f"The field '{f}' is a seat from 1 to {self.out.max_players}, not {data_words(v)}.",
                           self.value_at(where, f, index))
                return None
            return v - 1
        if typ.startswith("enum:"):
            s = self.sym.get(v) if isinstance(v, str) else None
            if s is None or s.type != typ:
                values = [n for n, x in self.sym.items() if x.type == typ and x.kind == "enum_value"]
                at = self.value_at(where, f, index)
                self.error("E025", f"The value {data_words(v)} of '{f}' is not a value of the enum '{T.show(typ)}'.", at,
                           yaml_misread(self.p.sources, at, v) or did_you_mean(str(v), values)
                           or f"the enum '{T.show(typ)}' has the values {', '.join(values)}",
                           about=("not in enum", data_words(v), T.show(typ), f))
        return v

    def table_type(self, d: A.TableDecl) -> str:
        """The type of value a table gives: the one most of its entries give (the first's on a tie),
        so that the entry that differs is told, not the others that agree."""
        ctx = Context()
        typed = [(e, self.expr(e.value, ctx)) for e in d.entries]
        known = [t for _, t in typed if not T.unknown(t)]
        kinds = {t: known.count(t) for t in dict.fromkeys(known)}       # a few types, however long the table
        vt = max(kinds, key=lambda t: sum(n for u, n in kinds.items() if T.join(u, t) != T.ANY), default=None)
        for e, t in typed:
            if vt is None or T.unknown(t):
                continue
            if T.join(vt, t) == T.ANY:
                # One table gives one type of value: `2 to 5 -> "3"` among numbers would fail later,
                # wherever the value is used.
                first = next(x for x, u in typed if x is not e and not T.unknown(u) and T.join(vt, u) != T.ANY)
                self.error("E301", f"The table '{d.name}' gives {T.a(vt)} for its other keys "
                           f"(line {first.span.line}{self.in_file(first, e)}) "
                           f"but {T.a(t)} here; every entry of a table gives the same type of value.", e.value,
                           self.type_hint(e.value, t, vt))
                continue
            vt = T.join(vt, t)
        self.out.env_sizes[id(d)] = ctx.size
        return vt or T.ANY

    # ------------------------------------------------------------------ bodies
    def check_bodies(self):
        out = self.out
        for s in self.sym.values():
            d = s.decl
            if s.kind in ("var", "pvar") and isinstance(d, A.VarDecl):
                ctx = Context()
                t = self.expr(d.init, ctx)
                if d.low is not None and d.low > d.high:
                    self.error("E206", f"The range {d.low} to {d.high} of '{d.name}' is backwards, so no number is in "
                               "it: write the lower number first.", self.word(d, str(d.low), after=len(d.name)),
                               f"write 'in {d.high} to {d.low}'")
                elif d.low is not None and (start := _fixed_number(d.init, self.sym))[0] is not None \
                        and not d.low <= start[0] <= d.high:
                    n, via = start
                    self.error("E208", f"'{d.name}' must stay from {d.low} to {d.high}, but starts at {n}"
                                       + (f" ('{via}' is {n})." if via else "."), d.init)
                elif d.low is not None:
                    self.table_start_in_range(d)
                if not T.fits(t, s.type):
                    self.error("E301", f"The variable '{d.name}' is {T.a(s.type)} but starts as {T.a(t)}.", d.init,
                               self.type_hint(d.init, t, s.type))
                    s.type = T.ERROR        # the type or the start is wrong: its uses cannot tell which
                out.env_sizes[id(d)] = ctx.size
        for k in out.kinds.values():
            for f in k.fields:
                if f.default is not None:
                    ctx = Context()
                    t = self.expr(f.default, ctx)
                    ft = out.kind_fields[k.name][f.name][0]
                    if not T.fits(t, ft):
                        self.error("E301", f"The field '{f.name}' is {T.a(ft)} but starts as {T.a(t)}.", f.default,
                                   self.type_hint(f.default, t, ft))
                        out.kind_fields[k.name][f.name] = (T.ERROR,) + tuple(out.kind_fields[k.name][f.name][1:])
                    out.env_sizes[id(f)] = ctx.size
        for s in self.sym.values():
            if s.kind == "define":
                self.define_type(s)
            elif s.kind == "pattern":
                self.check_pattern(s.decl)
        self.check_starting_values()
        for d in self.recursive_definitions():
            self.out.recursive.add(d.name)
            self.check_endless(d)
        self.check_table_loops()
        for s in self.reaction_names.values():
            self.check_reaction(s.decl)
        for s in self.rules.values():
            self.body(s.decl, s.decl.params, s.decl.body)
        for ph in out.phases.values():
            self.body(ph, [], ph.body)
        if out.winners:
            self.check_winners(out.winners)
        if out.display:
            self.check_display(out.display)
        self.check_choices_draw_nothing()

    def check_choices_draw_nothing(self):
        """E310, in a rulebook with an instant reaction, for a choice whose options, labels,
        prompt or chooser may draw at random (`roll`, `pick`, `shuffled`, itself or through a
        definition). An instant reaction may be played before any choice, which is then worked out
        again, so its dice would be rolled again: the rules roll first, into a name. (A loaded
        save asks its choice again from the generator wound back, which gives the same draws.)"""
        if not self.out.instants:
            return
        first_instant = self.out.instants[0]
        memo: dict = {}

        def draws(e) -> bool:
            for n in self.walks().walk(e, statements=False):
                ref = self.out.refs.get(id(n))
                if ref is None:
                    continue
                if ref[0] == "builtin" and ref[1] in ("roll", "pick", "shuffled"):
                    return True
                if ref[0] == "define":
                    if ref[1] not in memo:
                        memo[ref[1]] = False        # a definition calling itself adds nothing
                        s = self.sym.get(ref[1])
                        memo[ref[1]] = s is not None and s.kind == "define" and draws(s.decl.body)
                    if memo[ref[1]]:
                        return True
            return False

        for r in self.out.instants:
            # an instant reaction's own condition, list and words are worked out at every decision point
            part = next((x for x in (r.iterable, r.cond, r.label, r.prompt) if x is not None and draws(x)), None)
            if part is not None:
                self.error("E310", "This instant reaction rolls or picks at random to find out whether it may be "
                                   "played, which is worked out at every decision point and again after each "
                                   "reaction: each time, the dice would be rolled again.", part,
                           "roll where the game moves on, into a variable ('lucky = roll(d6) > 3' in the rule that "
                           "makes the moment), and read that variable in the condition")
        for st in self.choices:
            if isinstance(st, (A.Choose, A.Secret)):
                parts = [st.source, st.cond, st.label, st.prompt, st.declined]
                parts += [st.by] if isinstance(st, A.Choose) else [st.players]
            else:
                parts = [st.by, st.prompt] + [x for o in st.options for x in (o.iterable, o.cond, o.label)]
            part = next((x for x in parts if x is not None and draws(x)), None)
            if part is not None:
                self.error("E310", "This choice rolls or picks at random while it works out what to offer, "
                           f"but an instant reaction (line {first_instant.span.line}) may be played before "
                           "it: the choice is then worked out again, and its dice would be rolled again.", part,
                           "roll first, into a name, then choose: 'rolled = [roll(d6), roll(d6)]', then "
                           "'choose x from rolled ...'")
        del draws         # it calls itself: freed now, not left to the collector with the checker

    def recursive_definitions(self) -> list:
        """The definitions that may call themselves, directly or through others (or through a
        table's entries, which a look-up works out): only these can be endless (E309, W104), and
        there are few, so the closer look is kept for them."""
        calls = {}
        for s in self.sym.values():
            if s.kind in ("define", "table"):
                calls[s.decl.name] = {r[1] for n in self.walks().walk(self.value_of(s.decl.name))
                                      if (r := self.out.refs.get(id(n))) is not None and r[0] in ("define", "table")}
        ringed = on_rings(calls)
        return [self.sym[name].decl for name in calls if self.sym[name].kind == "define" and name in ringed]

    def check_endless(self, d):
        """E309 for a definition that can never give its answer: every way through its value calls
        itself (or another definition that always calls it back) first; or, with no values, it
        calls itself at all, itself or through the entries of a table it looks up (nothing has
        changed when it does), and draws nothing at random."""
        found = self.always_calls(d.body, d.name, {d.name})
        if found is None and not d.params and not any(
                isinstance(n, A.Call) and n.name in ("roll", "pick", "shuffled") for n in A.walk(d.body)):
            found = self.calls_at_all(d.body, d.name, set())
        if found is None or d.name in self.endless:
            return
        node, via = found
        self.endless.update({d.name, via})      # a loop of two definitions is one mistake
        via_table = getattr(self.sym.get(via), "kind", None) == "table"
        if via is None:
            how = "itself"
        elif via_table:
            how = f"the table '{via}', whose entry leads back to '{d.name}',"
        else:
            how = f"'{via}', which always comes back to '{d.name}',"
        verb = "looks up" if via_table else "calls"
        hint = "give it a way out, e.g. 'if ... then <answer> else ...', or compute it another way"
        if not d.params:
            self.error("E309", f"The definition '{d.name}' {verb} {how} before it has an answer, so working it "
                       "out never ends.", node, hint)
        else:       # certain too, but a game only fails once it is used: reported, not refused
            self.warn("W104", f"The definition '{d.name}' {verb} {how} whatever its values are, before it has "
                      "an answer, so working it out never ends.", node, hint)

    def calls_at_all(self, e, name: str, seen: set, via=None):
        """(node, table passed through) of a use of the definition `name` anywhere in `e`, or in
        the entries of a table `e` looks up that the look-up may give (and so on, table after
        table); None if there is none."""
        for n in A.walk(e):
            ref = self.out.refs.get(id(n))
            if ref == ("define", name):
                return n, via
            if ref is not None and ref[0] == "table" and ref[1] not in seen and isinstance(n, A.Index):
                seen.add(ref[1])
                hit = self.calls_at_all(self.entries_looked_up(n, self.sym[ref[1]].decl), name, seen, via or ref[1])
                if hit is not None:
                    return (n, hit[1]) if via is None else hit
        return None

    def entries_looked_up(self, e: A.Index, table: A.TableDecl) -> list:
        """The values of a table that a look-up may give: the one entry its keys pick when they are
        written out (numbers, enum values, texts), else every entry's."""
        return [table.entries[i].value for i in self.entry_indexes(e, table)[0]]

    def entry_indexes(self, e: A.Index, table: A.TableDecl) -> tuple:
        """([positions of the entries a look-up may give], whether its keys are written out): the
        one entry its written keys pick (none, if no entry has them), else every entry."""
        keys = [_key_constant(k, self.out.refs) for k in [e.key] + list(e.more_keys)]
        if any(k is None for k in keys):
            return list(range(len(table.entries))), False
        for i, x in enumerate(table.entries):
            given = [(x.low, x.high)] + list(x.more_keys)
            if len(given) == len(keys) and all(
                    (lo <= k <= hi if isinstance(lo, int) and isinstance(hi, int) and type(k) is int else lo == k)
                    for (lo, hi), k in zip(given, keys)):
                return [i], True
        return [], True

    def check_table_loops(self):
        """E309 for entries of tables that look each other up in a ring with no definition between
        (`1 -> t[2]` and `2 -> t[1]`, or an entry of `t` looking up one of `u` that looks up `t`
        again), each look-up made whatever the other values are: looking any of them up never
        gives an answer. With the keys written out the ring is certain; a key worked out in play
        (`t[level]`) leads back only for some of its values, so that ring is the warning W104.
        (A ring through a definition is told at the definition: `check_endless`.)"""
        tables = {n: s.decl for n, s in self.sym.items() if s.kind == "table" and isinstance(s.decl, A.TableDecl)}
        edges: dict = {}       # (table, entry position) -> [(the look-up, (table, entry position), keys written)]
        for name, d in tables.items():
            for i, x in enumerate(d.entries):
                for n in _sure_lookups(x.value):
                    ref = self.out.refs.get(id(n))
                    if ref is None or ref[0] != "table" or ref[1] not in tables:
                        continue
                    picked, written = self.entry_indexes(n, tables[ref[1]])
                    edges.setdefault((name, i), []).extend((n, (ref[1], j), written) for j in picked)
        told: set = set()
        for certain in (True, False):
            part = _ring_parts(edges, certain)      # a ring stays within one: the others are not searched
            for start in edges:
                if start in told or start not in part:
                    continue
                ring = _ring(start, edges, certain, part)
                if ring is None:
                    continue
                told.update(node for _, node in ring)
                self.table_ring(tables, start, ring, certain)

    def table_ring(self, tables: dict, start: tuple, ring: list, certain: bool):
        name, i = start
        entry = tables[name].entries[i]
        keys = [(entry.low, entry.high)] + list(entry.more_keys)
        shown = ", ".join(_shown_key(lo) if lo == hi else f"{_shown_key(lo)} to {_shown_key(hi)}" for lo, hi in keys)
        chain = ", which looks up ".join(self.text_of(n) for n, _ in ring)
        if certain:
            self.error("E309", f"The table entry {name}[{shown}] looks up {chain} again, before it has an answer, so "
                               "looking it up never ends.", ring[0][0],
                       "give one of these entries a value that does not look up the others")
        else:
            self.warn("W104", f"The table entry {name}[{shown}] looks up {chain}, by a key worked out in play: where "
                              "that key leads back to this entry, looking it up never ends.", ring[0][0],
                      "make sure the key never leads back to this entry, or work the value out another way")

    def always_calls(self, e, name: str, seen: set, via=None):
        """(node, definition or table passed through) of a use of the definition `name` that
        working out `e` always reaches, following definitions `e` always uses and tables it looks
        up (all the entries a look-up may give); None when some way avoids it."""
        if not isinstance(e, A.Expr) or isinstance(e, A.Lambda):
            return None
        if isinstance(e, A.Cond):
            hit = self.always_calls(e.test, name, seen, via)
            if hit is None:
                then = self.always_calls(e.then, name, seen, via)
                hit = then if then is not None and self.always_calls(e.other, name, seen, via) is not None else None
            return hit
        if isinstance(e, A.Binary) and e.op in ("and", "or"):
            return self.always_calls(e.left, name, seen, via)
        if isinstance(e, A.Comprehension):
            return self.always_calls(e.iterable, name, seen, via)
        ref = self.out.refs.get(id(e))
        parts = [v for v in vars(e).values() if isinstance(v, (A.Expr, list))]
        for part in parts:
            for x in (part if isinstance(part, list) else [part]):
                hit = self.always_calls(x, name, seen, via)
                if hit is not None:
                    return hit
        if ref is not None and ref[0] == "define":
            if ref[1] == name:
                return e, via
            s = self.sym.get(ref[1])
            if ref[1] not in seen and s is not None and s.kind == "define":
                seen.add(ref[1])
                if self.always_calls(s.decl.body, name, seen, via) is not None:
                    return e, via or ref[1]
        if ref is not None and ref[0] == "table" and isinstance(e, A.Index) and ref[1] not in seen:
            s = self.sym.get(ref[1])
            if s is not None and s.kind == "table":
                seen.add(ref[1])
                ways = self.entries_looked_up(e, s.decl)
                if ways and all(self.always_calls(x, name, seen, via) is not None for x in ways):
                    return e, via or ref[1]
        return None

    def check_starting_values(self):
        """A starting value is worked out before the game starts, in order: the things' own zones
        (empty), then the kinds' fields that have a starting value, kind by kind and field by field
        as declared, then each player's variables and zones, then the game's, in the order they are
        declared. One that reads a field or variable with no value yet (itself, one that starts
        after it), directly or through a definition, is E308: it would fail as soon as a game starts."""
        # each field with a starting value -> its place in the order they start
        order = {(kind, f.name): i for i, (kind, f) in
                 enumerate((kind, f) for kind, k in self.out.kinds.items() for f in k.fields if f.default is not None)}
        for s in self.sym.values():
            d = s.decl
            if s.kind in ("var", "pvar") and isinstance(d, A.VarDecl):
                starts = (s.slot, None, None) if s.kind == "var" else (0, s.slot, None)
                self.starting_value(d.init, d.name, "", starts, order)
        for kind, k in self.out.kinds.items():
            for f in k.fields:
                if f.default is not None:
                    self.starting_value(f.default, f.name, kind, (0, 0, order[(kind, f.name)]), order)

    def starting_value(self, init, name: str, kind: str, starts: tuple, order: dict):
        """E308 if `init`, the starting value of `name` (a field of `kind`, or a variable: kind
        ""), reads what has no value yet when it is worked out (`starts` and the fields' `order`,
        as `unset` takes them)."""
        found = self.reads_unset(init, lambda ref: self.unset(ref, *starts, order), set())
        if found is None:
            return
        node, (what, read, read_kind), via = found
        through = f" (through the {self.sym[via].kind.replace('define', 'definition')} '{via}')" if via else ""
        itself = read == name and read_kind == kind and (what == "field") == bool(kind)
        if itself and via is None:
            message = f"The starting value of '{name}' reads '{name}' itself, which has no value yet."
        else:
            if itself:
                later = f"it is this very {'field' if kind else 'variable'}"
            elif kind:
                later = ("the fields start kind by kind and field by field as declared, and it starts after this one"
                         if what == "field" else "the things' fields start before any variable")
            elif what == "game variable" and starts[1] is not None:       # read by a player's variable
                later = "a player's variables start before the game's"
            else:
                later = "it is declared after this one"
            of = f" of {T.article(read_kind)} {read_kind}" if what == "field" else ""
            message = (f"The starting value of '{name}' reads the {'field' if what == 'field' else 'variable'} "
                       f"'{read}'{of}{through}, which has no value yet: {later}.")
        self.error("E308", message, node,
                   "start it with a fixed value (0, [], none) and set it in 'setup:'")

    def unset(self, ref, game_from: int | None, players_from: int | None, fields_from: int | None, order: dict):
        """(what, name, kind) for a read `ref` of what has no value yet: a game variable or zone of
        slot `game_from` or later, a player's of slot `players_from` or later, a field with a
        starting value at place `fields_from` of `order` or later (None: none of them); else None."""
        if ref[0] == "global" and game_from is not None and game_from <= ref[1] < len(self.out.globals_):
            return "game variable", self.out.globals_[ref[1]].name, ""
        if ref[0] == "pvar" and players_from is not None and players_from <= ref[1] < len(self.out.player_slots):
            return "player variable", self.out.player_slots[ref[1]].name, ""
        if ref[0] == "field" and fields_from is not None and order.get((ref[1], ref[2]), -1) >= fields_from:
            return "field", ref[2], ref[1]
        return None

    def reads_unset(self, expr, unset, seen: set):
        """The first (node, what `unset` says of its read, definition or table it is read
        through) of a read `unset` finds no value for when `expr` is worked out. A table's
        look-up may give any of its entries, so each entry's value counts."""
        for node in self.walks().walk(expr):
            ref = self.out.refs.get(id(node))
            if ref is None:
                continue
            found = unset(ref)
            if found is not None:
                return node, found, None
            if ref[0] in ("define", "table") and ref[1] not in seen:
                seen.add(ref[1])
                body = self.value_of(ref[1])
                if body is not None:
                    inner = self.reads_unset(body, unset, seen)
                    if inner is not None:
                        return node, inner[1], inner[2] or ref[1]
        return None

    def value_of(self, name: str):
        """What working out the definition or looking up the table `name` reads: the definition's
        body, or the values of all the table's entries (a look-up gives one of them); None for
        anything else."""
        s = self.sym.get(name)
        if s is not None and s.kind == "define":
            return s.decl.body
        if s is not None and s.kind == "table":
            return [e.value for e in s.decl.entries]
        return None

    def define_type(self, s: Symbol) -> str:
        """The type of a definition's value where it is used. One whose value does not fit its
        declared type is told once, at its body; its uses then take the error type, since either
        the declaration or the body is wrong and the uses cannot tell which."""
        d = s.decl
        if id(d) in self.mistyped:
            return T.ERROR
        if id(d) in self.out.env_sizes:
            return s.type or T.ANY
        if d in self.define_stack:
            return s.type or T.ANY
        self.define_stack.append(d)
        ctx = Context()
        for prm in d.params:
            self.out.slots[id(prm)] = ctx.bind(prm.name, self.param_types[id(prm)])
            ctx.params[prm.name] = prm
        below, self.where_below = self.where_below, {}      # (another definition's `where` lines are not this one's)
        t = self.expr(d.body, ctx)
        self.where_below = below
        self.define_stack.pop()
        self.out.env_sizes[id(d)] = ctx.size
        if s.type is None:
            s.type = t
        elif not T.fits(t, s.type):
            value = A.where_lines(d.body)[1]        # told at the value, not at a `where` line
            self.error("E301", f"'{d.name}' is declared as {T.a(s.type)} but its value is {T.a(t)}.", value,
                       self.type_hint(value, t, s.type))
            self.mistyped.add(id(d))
            return T.ERROR
        return s.type

    def body(self, owner, params, stmts):
        saved = self.ctx
        self.ctx = Context()
        for st in self.walks().under(stmts, (A.Assign,)):
            if st.op == "=" and isinstance(st.target, A.Name):
                self.ctx.later.setdefault(st.target.name, st.span.line)
        for prm in params:
            self.out.slots[id(prm)] = self.ctx.bind(prm.name, self.out.param_type(prm))
            self.ctx.params[prm.name] = prm
        self.block(stmts, loop=False)
        self.out.env_sizes[id(owner)] = self.ctx.size
        self.out.env_types[id(owner)] = self.ctx.slot_types
        self.tell_unused_locals()
        self.ctx = saved

    def tell_unused_locals(self):
        """The locals a rule's or a reaction's body sets and never reads: a misspelt game
        variable (E201), or a value left unused (W101)."""
        for name, span in self.ctx.assigned.items():
            self.locals_set.setdefault(name, span)
        for name, span in self.ctx.assigned.items():
            if name not in self.ctx.used:
                meant = did_you_mean(name, [n for n, s in self.sym.items() if s.kind == "var"])
                if meant:       # `levle = level + 1`: a misspelt variable, never set
                    self.error("E201", f"'{name}' is set here but never used: it is a new local, not a variable "
                                       "of the game, so the game's variable is not set.", A.Name(name, span=span), meant,
                               about=("set, never used", name))
                    continue
                self.warn("W101", f"'{name}' is set here but never used.",
                          A.Name(name, span=span), did_you_mean(name, [n for n, s in self.sym.items() if s.kind == "pvar"]))

    def check_table_keys(self, d: A.TableDecl):
        """Each key position of a table holds numbers (or ranges), or values of one enum, or texts;
        every entry gives the same number of keys, and no combination of keys twice."""
        width = 1 + len(d.entries[0].more_keys) if d.entries else 1
        for e in d.entries:
            if 1 + len(e.more_keys) != width:
                self.error("E207", f"The table '{d.name}' is keyed by {width} value{'s' * (width > 1)}, "
                           f"but this entry gives {1 + len(e.more_keys)}.", e,
                           f"give every entry {width} key{'s' * (width > 1)}, parted by commas, as the first entry "
                           f"(line {d.entries[0].span.line}) does")
        entries = [e for e in d.entries if 1 + len(e.more_keys) == width]
        key_types = []
        for i in range(width):
            keys = [(e, *([(e.low, e.high)] + e.more_keys)[i]) for e in entries]
            key_types.append(self.check_key_position(d, keys, i if width > 1 else None))
        if width == 1:
            self.check_single_keys(d, entries)
        elif self.within_key_limit(d, entries):
            self.check_key_combinations(d, entries)
        if all(key_types):
            self.out.table_keys[d.name] = key_types

    def check_single_keys(self, d: A.TableDecl, entries: list):
        """No key twice in a table of one key. Ranges are compared by their ends, never expanded:
        `1 to 999999999` is one entry, not a billion keys."""
        seen, ranges = {}, []
        for e in entries:
            if not isinstance(e.low, int):
                if e.low in seen:
                    self.duplicate(d, e.low, e, seen[e.low])
                seen[e.low] = e
            elif e.low <= e.high:       # an empty range is E206, and holds no key
                ranges.append(e)
        # Sorted by their low ends, a range overlaps an earlier one exactly when it starts at or
        # before the furthest end so far; the later of the two in the file is the one reported.
        furthest = None
        for e in sorted(ranges, key=lambda r: (r.low, r.span.line, r.span.column)):
            if furthest is not None and e.low <= furthest.high:
                first, second = sorted((furthest, e), key=lambda r: (r.span.line, r.span.column))
                self.duplicate(d, e.low, second, first)
            if furthest is None or e.high > furthest.high:
                furthest = e

    def within_key_limit(self, d: A.TableDecl, entries: list) -> bool:
        """A table of several keys is checked combination by combination, so it may cover at most
        MAX_TABLE_KEYS of them; counted from the ranges' ends before any is expanded."""
        total = 0
        for e in entries:
            covers = 1
            for lo, hi in [(e.low, e.high)] + e.more_keys:
                covers *= max(hi - lo + 1, 0) if isinstance(lo, int) and isinstance(hi, int) else 1
            total += covers
            if total > MAX_TABLE_KEYS:
                self.error("E206", f"The table '{d.name}' covers more than {MAX_TABLE_KEYS:,} combinations of keys "
                           f"by this entry, which alone covers {covers:,}; a table of several keys covers at most "
                           f"{MAX_TABLE_KEYS:,}.", e, "split the table, or use fewer or shorter ranges")
                return False
        return True

    def check_key_combinations(self, d: A.TableDecl, entries: list):
        """No combination of keys twice in a table of several keys (within MAX_TABLE_KEYS)."""
        seen, told = {}, set()
        for e in entries:
            spans = [range(lo, hi + 1) if isinstance(lo, int) else [lo] for lo, hi in [(e.low, e.high)] + e.more_keys]
            for combo in _product(spans):
                if combo in seen and (id(e), id(seen[combo])) not in told:
                    # two entries overlapping in many combinations are told once, at the first
                    told.add((id(e), id(seen[combo])))
                    self.duplicate(d, ", ".join(str(k) for k in combo), e, seen[combo])
                seen[combo] = e

    def duplicate(self, d: A.TableDecl, shown, entry, first):
        ranged = any(isinstance(lo, int) and lo != hi for lo, hi in
                     [(x.low, x.high) for x in (entry, first)] + list(entry.more_keys) + list(first.more_keys))
        self.error("E202", f"The table '{d.name}' gives '{shown}' twice (first at line {first.span.line}"
                           f"{self.in_file(first, entry)}).", entry,
                   (f"the first entry whose keys match gives the value, so this one never would for '{shown}': "
                    + ("make the ranges of the two entries end before each other begins" if ranged else
                       "give each key one entry, and leave this one out or change its key")),
                   about=("given twice", d.name))

    def check_key_position(self, d: A.TableDecl, keys: list, position) -> str | None:
        """Check one key position [(entry, low, high)] of a table; its key type, if it has one."""
        where = f" in its {_ORDINALS[position]} key" if position is not None else ""
        enum_types = {self.sym[lo].type for _, lo, _ in keys
                      if isinstance(lo, str) and lo in self.sym and self.sym[lo].kind == "enum_value"}
        for e, lo, hi in keys:
            if isinstance(lo, int) and isinstance(hi, int) and hi < lo:
                self.error("E206", f"The range {lo} to {hi} is empty.", e)
            bare = isinstance(lo, str) and not isinstance(lo, A.TextKey)
            if bare and not enum_types and (lo not in self.sym or self.sym[lo].kind != "enum_value"):
                self.error("E201", f"The table key '{lo}' is not a value of any enum or option.", e,
                           self.meant(lo, [n for n, x in self.sym.items() if x.kind == "enum_value"], e)
                           or 'write a text key in quotes: "like this"', about=("unknown", lo))
            if enum_types and isinstance(lo, str) and (lo not in self.sym or self.sym[lo].kind != "enum_value"):
                values = [n for n, x in self.sym.items() if x.kind == "enum_value" and x.type in enum_types]
                self.error("E201", f"The table '{d.name}' is keyed by {T.show(next(iter(enum_types)))}{where}, "
                           f"and '{lo}' is not one.", e, self.meant(lo, values, e), about=("unknown", lo))
        if len(enum_types) > 1:     # `red -> 1`, `green -> 3`, `circle -> 2`: the most keys' enum decides
            typed = [self.sym[lo].type for _, lo, _ in keys if isinstance(lo, str) and lo in self.sym
                     and self.sym[lo].kind == "enum_value"]
            first = max(typed, key=lambda t: (typed.count(t), -typed.index(t)))
            e, lo = next((e, lo) for e, lo, _ in keys if isinstance(lo, str) and lo in self.sym
                         and self.sym[lo].kind == "enum_value" and self.sym[lo].type != first)
            self.error("E301", f"The table '{d.name}' is keyed by {T.show(first)}{where}, but '{lo}' is "
                               f"{T.a(self.sym[lo].type)}: a table's keys are values of one enum.", e,
                       did_you_mean(lo, [n for n, x in self.sym.items() if x.kind == "enum_value" and x.type == first]))
            return None
        numbers = [e for e, lo, _ in keys if isinstance(lo, int)]
        if numbers and len(numbers) < len(keys):
            # the fewer sort of key is the odd one out (a variant's `extend table` entry among the
            # base's names); on a tie, the later entry, which was written against the first
            others = [e for e, lo, _ in keys if not isinstance(lo, int)]
            odd = numbers if len(numbers) < len(others) else others if len(others) < len(numbers) else \
                max((numbers, others), key=lambda es: (es[0].span.file != d.span.file, es[0].span.line))
            hint = (f"the other keys are whole numbers, as at line {numbers[0].span.line}" if odd is others else
                    f"the other keys are names or texts, as at line {others[0].span.line}")
            self.error("E301", f"The table '{d.name}' mixes whole numbers with names or texts{where or ' in its keys'}.",
                       odd[0], hint + f"{self.in_file(others[0] if odd is numbers else numbers[0], odd[0])}")
            return None
        if len(enum_types) == 1:
            return next(iter(enum_types))
        if keys and all(isinstance(lo, int) for _, lo, _ in keys):
            return T.INT
        if keys and all(isinstance(lo, A.TextKey) for _, lo, _ in keys):
            return T.TEXT
        return None

    def check_pattern(self, d: A.PatternDecl):
        es = self.sym.get(d.enum)
        if es is None or es.kind != "enum":
            self.error("E201", f"A pattern is over the values of an enum; '{d.enum}' is not an enum.", d,
                       did_you_mean(d.enum, [n for n, s in self.sym.items() if s.kind == "enum"]))
            return
        for alt in d.alternatives:
            for group in alt:
                for v in group:
                    if v not in es.decl.values:
                        self.error("E201", f"'{v}' is not a value of '{d.enum}'.", self.pattern_word(d, v),
                                   did_you_mean(v, es.decl.values))

    def table_start_in_range(self, d: A.VarDecl):
        """E208 at a table's entry when a variable declared in a range starts as a lookup of that
        table (`water_level: int in 0 to 14 = start_level[difficulty]`) and the entry's number is
        outside the range: the game would fail as it starts, for that key only."""
        init = d.init
        if not (isinstance(init, A.Index) and isinstance(init.obj, A.Name) and not init.more_keys):
            return
        table = getattr(self.sym.get(init.obj.name), "decl", None)
        if not isinstance(table, A.TableDecl):
            return
        for e in table.entries:
            if not isinstance(e.low, str):      # a number key may be one the game never looks up
                continue
            v = _constant(e.value)          # a negative number is '-' and a number
            if v is not None and not d.low <= v <= d.high:
                self.error("E208", f"'{d.name}' must stay from {d.low} to {d.high}, but starts as '{table.name}' "
                                   f"gives it, and this entry gives {v}.", e.value,
                           f"give a number from {d.low} to {d.high}, or widen the range of '{d.name}'")
                return

    def pattern_word(self, d: A.PatternDecl, word: str) -> Span:
        """Where `word` is among a pattern's values, on whichever of its lines it is written."""
        first = d.span.column + len("pattern") + len(d.name) + len(d.enum) + 4     # past 'pattern NAME of ENUM:'
        for line in range(d.span.line, max(d.span.end_line or 0, d.span.line) + 1):
            where = Span(d.span.file, line, 1)
            at = word_at(self.p.sources, where, word, first if line == d.span.line else 0)
            if at is not where:
                return at
        return d.span

    def check_reaction(self, d: A.ReactionDecl):
        params = []
        if d.instant:
            self.out.instants.append(d)
        else:
            ev = self.sym.get(d.event)
            if ev is None or ev.kind != "event":
                self.error("E201", f"The reaction waits for the event '{d.event}', which is not declared.", d,
                           did_you_mean(d.event, [n for n, s in self.sym.items() if s.kind == "event"])
                           or self.not_an_event(d.event), about=("unknown", d.event))
            else:
                params = ev.decl.params
                if len(d.event_args) != len(params):
                    self.error("E207", f"The event '{d.event}' carries {_values(len(params))}, but the reaction "
                                       f"names {_values(len(d.event_args))}.",
                               self.word(d, d.event, after=self.word(d, "on").end_column - 1),
                               f"name one for each of the event's: on {d.event}("
                               f"{', '.join(getattr(x, 'name', str(x)) for x in params)})")
            self.out.reactions.setdefault(d.event, []).append(d)
        saved = self.ctx
        self.ctx = Context()
        slots = []
        for i, name in enumerate(d.event_args):
            t = self.out.param_type(params[i]) if i < len(params) else T.ANY
            slots.append(self.ctx.bind(name, t))
        slots.append(self.ctx.bind(d.player_var, T.PLAYER))
        if d.var is not None:
            # `for x in L`: one option per item; x is bound for the condition, label, prompt and body.
            t = self.expr(d.iterable, self.ctx)
            self.want_list(t, d.iterable)
            self.own_cards_unseen(d.iterable, A.Name(d.player_var, span=d.span), "reaction")
            slots.append(self.ctx.bind(d.var, T.elem(t)))
            self.ctx.used.add(d.var)
        self.out.slots[id(d)] = slots
        if d.cond is not None:
            self.want(d.cond, T.BOOL, "The reaction's condition")
        self.template(d.label)
        if d.prompt is not None:
            self.template(d.prompt)
        self.block(d.body, loop=False)
        self.out.env_sizes[id(d)] = self.ctx.size
        self.out.env_types[id(d)] = self.ctx.slot_types
        self.tell_unused_locals()
        self.ctx = saved
        self.reaction_uses_nothing_up(d)

    def reaction_uses_nothing_up(self, d: A.ReactionDecl):
        """A reaction whose block changes nothing its condition reads is open again as soon as it is
        played (the event's reactions are offered again after one is played), so a player may play
        it without end: most often the card it plays is never moved out of the hand. By names,
        on the safe side: anything the block may change unseen (a signal, the game's end) is no warning."""
        reads = self.names_read([d.cond, d.iterable])
        writes = self.names_written(d.body, set())
        if not reads or writes is None or reads & writes:
            return
        self.warn("W112", f"Playing the reaction '{d.name}' changes nothing its condition reads "
                          f"({', '.join(sorted(reads))}), so it is open again at once: a player could play it "
                          "again and again, without end.", self.word(d, d.name, after=d.span.column),
                  "use something up when it is played (move the card it plays out of the hand, or set what "
                  "the condition checks)")

    def names_read(self, nodes) -> set:
        """The names of the variables, zones and fields that `nodes` read, through definitions."""
        names, seen, todo = set(), set(), self.walks().walk(nodes, statements=False)
        while todo:
            x = todo.pop()
            if isinstance(x, (A.Name, A.Call)):
                s = self.sym.get(x.name)
                if s is not None and s.kind == "define" and x.name not in seen:
                    seen.add(x.name)
                    todo.extend(self.walks().walk(s.decl.body, statements=False))
                elif s is not None and s.kind in ("var", "pvar", "zone", "pzone"):
                    names.add(x.name)
            elif isinstance(x, A.Field):
                names.add(x.name)
        return names

    def names_written(self, body, seen: set):
        """The names of what the statements of `body` may change (a zone moved from or to, a
        variable or field set), through the rules they call; None if they may change more unseen."""
        written = set()
        for st in self.walks().walk(body):
            if isinstance(st, (A.Signal, A.EndGame, A.EndStage)):
                return None
            if isinstance(st, A.CallStmt):
                s = self.sym.get(st.name)
                if s is None or not isinstance(s.decl, A.RuleDecl):
                    return None
                if st.name not in seen:
                    seen.add(st.name)
                    more = self.names_written(s.decl.body, seen)
                    if more is None:
                        return None
                    written |= more
                continue
            written |= self.names_set_by(st)
        return written

    def names_set_by(self, st) -> set:
        """The names of the variables, zones and fields one statement itself changes (a zone moved
        from or to, a variable or field set), not those of the statements in its block."""
        written = set()
        parts = {A.Assign: ("target",), A.Move: ("source", "dest"), A.Draw: ("source", "dest"),
                 A.Shuffle: ("zone",), A.AddTo: ("target",), A.RemoveFrom: ("target",)}.get(type(st), ())
        for part in parts:
            for x in self.walks().walk(getattr(st, part), statements=False):
                if isinstance(x, A.Field) or isinstance(x, A.Name) and \
                        getattr(self.sym.get(x.name), "kind", None) in ("var", "pvar", "zone", "pzone"):
                    written.add(x.name)
        return written

    def definition_giving(self, field: str):
        """The definition of one player that gives that player's variable `field` as it is
        (`define coins_left(p: player): int = p.coins`), if the rulebook has one."""
        for x in self.sym.values():
            d = x.decl
            if x.kind == "define" and _ranks_players(x) and isinstance(d.body, A.Field) and d.body.name == field \
                    and isinstance(d.body.obj, A.Name) and d.body.obj.name == d.params[0].name:
                return d
        return None

    def check_winners(self, w: A.WinnersDecl):
        if w.ranking:
            after = len("winners:")
            for i, (way, name) in enumerate(w.ranking):
                at = self.word(w, name, after=after)
                after = at.end_column - 1 if at is not w.span and at.line == w.span.line else after
                first = next((x for x in w.ranking[:i] if x[1] == name), None)
                if first is not None:
                    # `highest score, then lowest score`: the players still tied have equal scores,
                    # so the second key can never tell them apart
                    self.warn("W125", f"The winners are ranked by '{name}' twice: players still tied after "
                                      f"'{first[0]} {name}' have the same {name}, so '{way} {name}' never breaks a tie.",
                              at, f"leave out 'then {way} {name}', or rank the tie by another definition")
            for _, name in w.ranking:
                s = self.sym.get(name)
                if s is None or s.kind != "define" or len(s.decl.params) != 1:
                    # `winners: lowest points` for a player's variable: said at the name, with the
                    # definition that ranks by it
                    pvar = s is not None and s.kind == "pvar" and not isinstance(s.decl, A.ZoneDecl)
                    giving = self.definition_giving(name) if pvar else None
                    hint = (f"'{name}' is a player's variable, and the definition '{giving.name}' (line "
                            f"{giving.span.line}) gives it: write 'winners: ... {giving.name}' (or rank by one of "
                            f"its own, 'define {name}_of(p: player): int = p.{name}')" if giving is not None else
                            f"'{name}' is a player's variable: rank by a definition of it, 'define "
                            f"{name}_of(p: player): int = p.{name}', and write 'winners: ... {name}_of'"
                            if pvar else did_you_mean(name, [n for n, x in self.sym.items() if _ranks_players(x)]))
                    ranks = sorted(n for n, x in self.sym.items() if _ranks_players(x))
                    if not hint and ranks:
                        hint = f"the definitions of one player here: {', '.join(ranks[:8])}"
                    self.error("E201", f"Winners are ranked by definitions of one player, such as 'define score(p: player): int = ...'; '{name}' is not one.",
                               self.word(w, name, after=len("winners:")), hint)
                elif not T.unknown(took := self.out.param_type(s.decl.params[0])) and took != T.PLAYER:
                    prm = s.decl.params[0]
                    self.error("E301", f"Winners are ranked by definitions of one player, and '{name}' takes "
                                       f"{T.a(took)} ('{prm.name}: {T.show(took)}').", self.word(w, name),
                               f"rank by a definition of a player, such as 'define {name}(p: player): int = ...'")
                elif s.type is not None and id(s.decl) not in self.mistyped and not T.unknown(s.type) and not T.fits(s.type, T.INT):
                    self.error("E301", f"Winners are ranked by numbers, and '{name}' gives {T.a(s.type)}.",
                               self.word(w, name), f"rank by a definition that gives an int, such as 'define {name}(p: player): int = ...'")
        else:
            ctx = Context()
            saved, self.ctx = self.ctx, ctx
            t = self.expr(w.expr, ctx)
            self.ctx = saved
            if not T.fits(t, T.list_of(T.PLAYER)):
                self.error("E301", f"'winners' must be a list of players, not {T.a(t)}.", w.expr,
                           f"one player is a list of one: winners: [{self.text_of(w.expr)}]" if t == T.PLAYER else "")
            self.out.env_sizes[id(w)] = ctx.size

    def grid_line_hint(self, kind: str) -> str:
        """How to lay `kind` out on a grid, naming two of its whole-number data fields, or ""."""
        ints = [n for n, (ft, ch) in self.out.kind_fields.get(kind, {}).items() if ft == T.INT and not ch]
        if self.out.grids or len(ints) < 2:
            return ""
        row = next((n for n in ints if n in ("row", "y", "rank")), ints[0])
        col = next((n for n in ints if n in ("col", "column", "x", "file") and n != row), next(n for n in ints if n != row))
        return f"lay the kind out on a grid first: 'grid {kind} at {row}, {col}'"

    def check_display(self, d: A.DisplayDecl):
        for item in d.items:
            ctx = Context()
            saved, self.ctx = self.ctx, ctx
            if isinstance(item, A.ShowLine):
                if item.var:
                    t = self.expr(item.iterable, ctx)
                    self.want_list(t, item.iterable)
                    self.out.slots[id(item)] = ctx.bind(item.var, T.elem(t))
                if item.cond is not None:
                    self.want(item.cond, T.BOOL, "The display line's condition")
                self.template(item.text)
                self.display_reads_no_hidden_card(item)
            else:
                if item.kind not in self.out.grids:
                    self.error("E205", f"A board shows a kind laid out by a 'grid' declaration; '{item.kind}' has none.", item,
                               did_you_mean(item.kind, self.out.grids) or self.grid_line_hint(item.kind)
                               or (f"the kind laid out on a grid is '{sorted(self.out.grids)[0]}': "
                                   f"board {item.var} in {sorted(self.out.grids)[0]}: ..." if self.out.grids else ""))
                self.out.slots[id(item)] = ctx.bind(item.var, "thing:" + item.kind if item.kind in self.out.kinds else T.ERROR)
                self.template(item.text)
            self.ctx = saved
            self.out.env_sizes[id(item)] = ctx.size

    def display_reads_no_hidden_card(self, item: A.ShowLine):
        """E311: the display is drawn from what the seat looking at it may see, where each card it
        may not see is none; a line that reads such cards (beyond showing the zone or counting
        it) cannot be drawn for that seat."""
        for part in (getattr(item.text, "parts", None) or []) + [item.cond]:
            if part is None or isinstance(part, str) or _named_whole(part) and \
                    part is not item.cond and not self.names_definition(part) or self.numbered_member(part):
                continue                           # a whole zone is shown as "3 hidden cards"
            found = self.hidden_zone_read(part)
            if found:
                what = "This display line's condition reads" if part is item.cond else "This display line reads"
                top = f"; of a face-up pile, its top card is seen by all (first({found[0]}))" if found[1] == "top" else ""
                self.error("E311", f"{what} the cards of the zone '{found[0]}', {_which_may_see(found[1])}: "
                                   "for a seat that may not see them they are hidden, so the line cannot be drawn.",
                           part, ("a condition may ask how many cards the zone holds ('if count(p.hand) > 0')"
                                  if part is item.cond else "show the zone itself ({p.hand} shows '3 hidden cards' to "
                                                            "the others) or how many it holds ({count(p.hand)})") + top)
                return

    # ------------------------------------------------------------------ statements
    def takes_turns_for_good(self, st) -> str | None:
        """How a line never hands back to the next one by taking turns or rounds, in words, or
        None. `take turns` and `take rounds` go on until `end game` or an `end` of the stage they
        run in, which leaves that stage too: the line after them never runs. So does the line after
        a call of a rule (not a stage: `end` of a stage comes back after its call) that always
        takes them, itself or through the rules it always calls."""
        if isinstance(st, (A.TakeTurns, A.TakeRounds)):
            what = "turns" if isinstance(st, A.TakeTurns) else "rounds"
            return (f"takes {what}, which go on until 'end game' or an 'end' of the stage they are taken in, "
                    f"and that leaves the stage too: nothing after 'take {what}' in the same block runs")
        if not isinstance(st, A.CallStmt) or st.name not in self.rules_taking_turns():
            return None
        body = self.rules[st.name].decl.body
        what = "rounds" if any(isinstance(x, A.TakeRounds) for x in A.walk(body)) else "turns"
        return (f"calls the rule '{st.name}', which takes {what}: they go on until 'end game' or an 'end' "
                f"of the stage they are taken in, and never come back to the line after the call")

    def rules_taking_turns(self) -> set:
        """The rules (not stages) that always take turns or rounds: one of their own lines does, or
        calls a rule that does. Worked out once, from those rules back to their callers, so a long
        chain of rules each calling the next costs no deeper than the chain is long."""
        if self._taking_turns is None:
            callers: dict = {}
            found = []
            for name, sym in self.rules.items():
                decl = getattr(sym, "decl", None)
                if type(decl) is not A.RuleDecl:
                    continue
                for inner in decl.body:
                    if isinstance(inner, (A.TakeTurns, A.TakeRounds)):
                        found.append(name)
                    elif isinstance(inner, A.CallStmt):
                        callers.setdefault(inner.name, []).append(name)
            taking, todo = set(found), found
            while todo:
                for caller in callers.get(todo.pop(), ()):
                    if caller not in taking:
                        taking.add(caller)
                        todo.append(caller)
            self._taking_turns = taking
        return self._taking_turns

    def block(self, stmts, loop: bool):
        """Check a block. A local first set in it belongs to it: after the block the name is
        unknown again, and another block may set the same name to a value of another type."""
        before = set(self.ctx.names)
        ended = None
        outer_dead = getattr(self, "dead_from", None)
        prev = None
        for st in stmts:
            if ended is not None and prev.span.file != st.span.file:
                # a variant's `extend` step after a base block that never comes to its end
                self.warn("W103", f"This line can never run: the base's line before it, "
                                  f"{Path(prev.span.file).name}:{prev.span.line}, {ended}.", st,
                          "an 'extend' adds its steps after the base's own; to run a step before that line, "
                          "'replace' the base's section or rule with one that holds it, or add it where the "
                          "base still runs (an 'extend setup:' runs before the turns)")
                ended, why = None, ended
                if outer_dead is None:
                    self.dead_from = (st, why)
            elif ended is not None:
                self.warn("W103", f"This line can never run: the line before it {ended}.", st,
                          "remove it, or move it before that line")
                ended, why = None, ended        # one warning a block is enough
                if outer_dead is None:
                    self.dead_from = (st, why)      # the lines from here on never run (for E304's hint)
            self.stmt(st, loop)
            prev = st
            if type(st).__name__ in ENDS:
                ended = ENDS[type(st).__name__]
            else:
                ended = self.takes_turns_for_good(st)
        self.dead_from = outer_dead
        new = [n for n in self.ctx.names if n not in before]
        if new:
            self.out.block_slots[id(stmts)] = [self.ctx.names[n][1] for n in new]
        for name in new:
            del self.ctx.names[name]
            at = self.ctx.assigned.get(name)
            where = f"at line {at.line} " if at is not None and hasattr(at, "line") else ""
            self.ctx.gone[name] = (f"'{name}' is set {where}inside a block (under an 'if', a loop or a choice), and a "
                                   f"name first set in a block is unknown after it: set it before the block "
                                   f"('{name} = ...') to use it after")

    def stmt(self, st, loop):
        m = getattr(self, "st_" + type(st).__name__)
        m(st, loop)

    def st_Assign(self, st: A.Assign, loop):
        self.secret_player_set(st)
        vt = self.expr(st.value, self.ctx)
        if isinstance(st.target, A.Name) and st.op == "=":    # `c = first(current.hand)`: W106 asks later
            self.ctx.secret[st.target.name] = (st.value, dict(self.ctx.secret))
        zone = self.zone_named(st.value)
        if zone:
            self.error("E307", f"The zone '{zone}' cannot be stored in a variable: the variable would hold a copy, "
                       f"and cards moved from the copy would also stay in '{zone}'.", st.value,
                       f"name the zone itself where cards move, or copy its cards on purpose: [c for c in {zone}]")
        tgt = st.target
        if isinstance(tgt, A.Name) and tgt.name in B.VALUES and self.lookup_local(tgt.name) is None:
            self.error("E303", f"'{tgt.name}' is kept by the engine and cannot be set by a rule.", tgt,
                       "current follows the turn order (or 'take rounds led by p'); keep your own variable "
                       "for anything else" if tgt.name == "current" else "keep a variable of your own instead")
            return
        if isinstance(tgt, A.Name) and self.lookup_local(tgt.name) is None and tgt.name not in self.sym:
            if st.op != "=":
                near = did_you_mean(tgt.name, self.visible_names())
                local = near.split("'")[1] if near else None
                if local is not None and self.lookup_local(local) is not None:
                    # The close name may be the typo (set once by mistake): say both ways out.
                    at = self.ctx.assigned.get(local)
                    where = f" (set on line {at.line})" if at is not None and at.line else ""
                    near = f"set it first ({tgt.name} = ...), or, if '{local}'{where} was meant, write that"
                self.error("E201", f"'{tgt.name}' has no value yet, so '{st.op}' cannot change it.", tgt,
                           self.ctx.gone.get(tgt.name) or near or f"set it first: {tgt.name} = ...",
                           about=("unset", tgt.name))
                return
            if vt == T.NONE:
                self.error("E302", f"A new name '{tgt.name}' cannot start as none: its type would be unknown.", st)
            gone = self.p.changes.get(tgt.name, ("",))
            if gone[0] == "removed" and gone[2] and getattr(tgt.span, "file", None) != gone[1].file:
                # The base set a variable the variant removed: quietly a new local here, unless told.
                self.error("E014", f"This sets '{tgt.name}', which {gone[1].file}:{gone[1].line} removes, so it would "
                                   f"only make a name of this rule's own and the base's '{tgt.name}' would be gone.",
                           tgt, f"replace the rules that use '{tgt.name}' too, or keep it", about=("removed", tgt.name))
            slot = self.bind_local(tgt.name, vt, st)
            self.ctx.assigned.setdefault(tgt.name, tgt.span)
            self.out.refs[id(tgt)] = ("local", slot)
            self.out.types[id(tgt)] = vt
            return
        tt = self.place(tgt, reads=st.op != "=", value=st.value if st.op == "=" else None)
        self.stored_types[id(st)] = tt
        if isinstance(tgt, A.Name) and tgt.name == "first_player" and self.out.refs.get(id(tgt), ("",))[0] == "global":
            self.side_not_seat(st.value, "take the first turn")      # the next round's start player
        if st.op != "=" and tt != T.INT and not T.unknown(tt):
            name = self.text_of(tgt)
            hint = ("" if st.op != "+=" else
                    f"to add to a list, write 'add x to {name}' or '{name} = {name} + [...]'" if T.is_list(tt) else
                    f"to add to a text, write '{name} = {name} + ...'" if tt == T.TEXT else "")
            self.error("E301", f"'{st.op}' works on whole numbers; this is {T.a(tt)}.", tgt, hint)
            return
        if not T.fits(vt, tt):
            what = "add" if st.op == "+=" else "take" if st.op == "-=" else "assign"
            into = "from" if st.op == "-=" else "to"
            self.error("E301", f"Cannot {what} {T.a(vt)} {into} '{self.text_of(tgt)}', which holds {T.a(tt)}.", st.value,
                       self.type_hint(st.value, vt, tt))
            self.blame_place(tgt)
            return
        if st.op == "=":
            self.out_of_range(tgt, st.value)
        else:
            self.step_out_of_range(tgt, st)

    def out_of_range(self, tgt, value):
        """E208 for a number certain to be outside the range a variable must stay in: a whole number
        written out, or a definition of no values that gives one (a variant's `replace define`)."""
        s = self.sym.get(tgt.name) if isinstance(tgt, (A.Name, A.Field)) else None
        ref = self.out.refs.get(id(tgt), ("",))[0]
        if s is None or not isinstance(s.decl, A.VarDecl) or s.decl.low is None or ref not in ("global", "pvar"):
            return
        n, via = _fixed_number(value, self.sym)
        if n is not None and not s.decl.low <= n <= s.decl.high:
            change = self.p.changes.get(via, ("",)) if via else ("",)
            through = (f" ('{via}', as {change[1].file}:{change[1].line} replaces it, is {n})"
                       if change[0] in ("replaced", "retyped") else f" ('{via}' is {n})" if via else "")
            self.error("E208", f"'{s.decl.name}' must stay from {s.decl.low} to {s.decl.high}, but this sets it to "
                               f"{n}{through}.", value, f"give a number from {s.decl.low} to {s.decl.high}, or widen "
                                                       f"the range where '{s.decl.name}' is declared (line {s.decl.span.line}"
                                                       f"{self.in_file(s.decl, value)})")

    def step_out_of_range(self, tgt, st: A.Assign):
        """E208 for `level += 20` on a variable `in 0 to 9`: a step wider than the whole range takes
        it out of the range from any value it may hold (play does not stop it at the end: it fails)."""
        s = self.sym.get(tgt.name) if isinstance(tgt, (A.Name, A.Field)) else None
        ref = self.out.refs.get(id(tgt), ("",))[0]
        if s is None or not isinstance(s.decl, A.VarDecl) or s.decl.low is None or ref not in ("global", "pvar"):
            return
        n, via = _fixed_number(st.value, self.sym)
        lo, hi = s.decl.low, s.decl.high
        if n is None or lo > hi or abs(n) <= hi - lo:      # a backwards range is E206
            return
        given = f" ('{via}' is {n})" if via else ""
        self.error("E208", f"'{s.decl.name}' must stay from {lo} to {hi}, but '{st.op} {n}'{given} takes it out of "
                           f"that range from any value it may hold: the game would stop here with an error.", st.value,
                   f"change it by at most {hi - lo}, or widen the range where '{s.decl.name}' is declared "
                   f"(line {s.decl.span.line}{self.in_file(s.decl, st)}); to stop at the end, write "
                   f"'{self.text_of(tgt)} = {'min' if (n > 0) == (st.op == '+=') else 'max'}("
                   f"{self.text_of(tgt)} {st.op[0]} {abs(n)}, {hi if (n > 0) == (st.op == '+=') else lo})'")

    def zone_named(self, e) -> str:
        """The zone an expression names directly (`deck`, `p.hand`, `discard[k]`), or "". An item
        of a zone (`deck[0]`, `discard[k][0]`) is a thing, not a zone: only a numbered zone's
        index names a zone."""
        if isinstance(e, A.Index):
            return self.zone_named(e.obj) if self.numbered_member(e) else ""
        ref = self.out.refs.get(id(e))
        if isinstance(e, A.Name) and ref and ref[0] == "global":
            s = self.sym.get(e.name)
            return e.name if s and isinstance(s.decl, A.ZoneDecl) else ""
        if isinstance(e, A.Field) and ref and ref[0] == "pvar":
            s = self.sym.get(e.name)
            return e.name if s and isinstance(s.decl, A.ZoneDecl) else ""
        if isinstance(e, A.Field) and ref and ref[0] == "field" and e.name in self.out.kind_zones.get(ref[1], {}):
            return e.name
        return ""

    def bind_local(self, name: str, typ: str, node) -> int:
        """A rule's own local, which keeps one type for the whole rule."""
        old = self.ctx.names.get(name)
        if old is not None and not (T.fits(typ, old[0]) or T.fits(old[0], typ)):
            self.error("E301", f"'{name}' already holds {T.a(old[0])} in this rule; it cannot hold {T.a(typ)} too.", node,
                       "use another name")
        return self.ctx.bind(name, typ)

    def place(self, tgt, reads: bool = True, value=None) -> str:
        """Type an assignable place: a variable, a local, a thing's changing field, a player's var.
        `reads`: the statement reads it too (`+=`); a local only written again is still unused.
        `value`: what `=` sets it to, which E303's hint for one item of a list writes in its place."""
        if isinstance(tgt, A.Name):
            local = self.lookup_local(tgt.name)
            if local is not None:
                self.out.refs[id(tgt)] = ("local", local[1])
                if reads:
                    self.ctx.used.add(tgt.name)
                return local[0]
            s = self.sym.get(tgt.name)
            if s and s.kind == "var":
                self.out.refs[id(tgt)] = ("global", s.slot)
                return s.type
            if s and s.kind == "pvar":
                self.error("E303", f"'{tgt.name}' belongs to each player; write p.{tgt.name} for a player p.", tgt)
                return T.ERROR
            if s is None and tgt.name not in B.VALUES:
                changeable = [n for n, x in self.sym.items() if x.kind in ("var", "zone", "pzone", "pvar")]
                self.error("E201", f"Unknown name '{tgt.name}'.", tgt, self.ctx.gone.get(tgt.name) or
                           self.meant(tgt.name, changeable + list(self.ctx.names), tgt) or
                           "only variables, zones and changing fields can be changed", about=("unknown", tgt.name))
                return T.ERROR
            hint = ""
            if tgt.name in B.VALUES and B.VALUES[tgt.name] == T.PLAYER:
                zone = self.a_player_zone()
                hint = f"a player is not a zone: write {tgt.name}.{zone}" if zone else "a player is not a zone"
            words = {"kind": "the kind (the list of all its things)", "define": "a definition, worked out where it is used",
                     "enum_value": "a value of an enum", "enum": "the enum (the list of all its values)", "die": "a die", "table": "a table",
                     "option": "an option", "pattern": "a pattern", "side": "a side"}
            if s is not None and s.kind in words and not hint:
                # `card = first(deck)`, `target = 3`: a new name for a value, which is already declared
                # the declaration may be the base's, and this line a variant's: name its file then
                line = (f" (line {s.decl.span.line}{self.in_file(s.decl, tgt)})" if getattr(s.decl, "span", None)
                        else "")
                hint = (f"'{tgt.name}' is {words[s.kind]}{line}; a name set in a block must be a name of its own: "
                        f"call it something else, such as 'my_{tgt.name}'")
                if s.kind == "define":
                    hint += f", or declare 'var {tgt.name}: ...' in place of the definition to keep a changing value"
            self.error("E303", f"'{tgt.name}' cannot be changed; only variables, zones and changing fields can.", tgt,
                       hint)
            return T.ERROR
        if isinstance(tgt, A.Field):
            ot = self.expr(tgt.obj, self.ctx)
            t = self.field_type(tgt, ot)
            ref = self.out.refs.get(id(tgt))
            if ref and ref[0] == "attr":
                self.error("E303", f"The field '{tgt.name}' comes from the data and never changes.", tgt.name_span or tgt,
                           f"to make it a changing field, give it a starting value in the kind: {tgt.name}: ... = ...")
            elif ref and ref[0] == "field" and tgt.name not in self.out.kind_zones.get(ref[1], {}):
                self.field_in_secret(tgt, ref[1])
            return t
        if isinstance(tgt, A.Index):
            t = self.expr(tgt, self.ctx)
            if self.zone_named(tgt):         # one zone of a numbered zone: cards move in and out of it
                return t
            xs, k = self.text_of(tgt.obj), self.text_of(tgt.key)
            after = str(int(k) + 1) if re.fullmatch(r"\d+", k) else f"{k} + 1"
            item = f"[{self.text_of(value)}]" if value is not None and not isinstance(value, A.ListLit) else "[...]"
            if self.zone_visibility(tgt.obj) is not None:
                # a zone's things move, never copied: the list's way would leave the one replaced in no zone
                card = self.text_of(value) if value is not None else "c"
                self.error("E303", "One thing in a zone cannot be set on its own: things move in and out of a zone.",
                           tgt, f"move the one there out ('move {xs}[{k}] from {xs} to ...'), and the new one in "
                                f"('move {card} from ... to {xs}'; 'to top of {xs}' puts it first)")
                return T.ERROR
            self.error("E303", "One item of a list cannot be set on its own; the whole list is set.", tgt,
                       f"{xs} = take({xs}, {k}) + {item} + drop({xs}, {after})")
            return T.ERROR
        self.error("E303", "Only a variable, a zone, or a field can be assigned to.", tgt)
        return T.ERROR

    def field_in_secret(self, tgt, kind: str):
        """W121, once for each field of a kind: a changing field set on a thing of a kind that a zone
        not everyone sees may hold. The field is public wherever the thing lies (views show every
        thing's changing fields), so a Liar's Dice die whose `face` is set under its owner's cup
        shows its face to every seat."""
        if (kind, tgt.name) in self.secret_fields:
            return
        self.secret_fields.add((kind, tgt.name))
        held = [(d.name, d.visibility) for d in (x.decl for x in self.sym.values() if x.kind in ("var", "pvar"))
                if isinstance(d, A.ZoneDecl) and d.elem == kind and d.visibility != "public"]
        held += [(z.name, z.visibility) for k in self.out.kinds.values() for z in getattr(k, "zones", [])
                 if z.elem == kind and z.visibility != "public"]
        if not held:
            return
        names = " and ".join(f"'{n}'" for n, _ in held[:3])
        cup = next((n for n, v in held if v == "owner"), held[0][0])
        self.warn("W121", f"A thing's changing field is seen by every seat wherever the thing lies, and a {kind} can "
                          f"lie in {names}, which not every seat may see: every seat reads the '{tgt.name}' set here.",
                  tgt.name_span or tgt,
                  f"keep a secret value as things in the zone: a kind whose things carry it from the data (one thing "
                  f"per face, 'face: int' with no starting value) moved into '{cup}'; or set '{tgt.name}' only on "
                  "things everyone sees")

    def st_CallStmt(self, st: A.CallStmt, loop):
        s = self.rules.get(st.name)
        if s is None:
            hint = self.meant(st.name, self.rules, st)
            value = self.sym.get(st.name)
            if value is not None and value.kind == "define":
                hint = f"'{st.name}' is a definition (a value), not a rule; use it inside an expression"
            elif value is not None and value.kind == "event":
                hint = f"'{st.name}' is an event: write 'signal {st.name}(...)' to set off its reactions"
            self.error("E201", f"There is no rule named '{st.name}'.", st, OTHER_LANGUAGES.get(st.name) or hint,
                       about=("unknown", st.name))
            for a in st.args:
                self.expr(a, self.ctx)
            return
        self.check_args(st, s.decl.params, st.args, f"The {s.decl.kind_word} '{st.name}'", st.name)
        changed = self.changed_params(st.name)
        self.zones_handed(st.args, [p.name in changed for p in s.decl.params], f"the rule '{st.name}'")

    def zones_handed(self, args: list, changed: list, to: str):
        """E307 for each zone among `args` whose value the rule or reaction it is handed to changes."""
        for a, change in zip(args, changed):
            zone = self.zone_named(a) if change else None
            if zone:
                self.error("E307", f"The zone '{zone}' is handed to {to}, which moves cards from or to that value: "
                           f"it gets a copy (lists are values), and cards moved from the copy would also stay in "
                           f"'{zone}'.", a, "name the zone itself where cards move (hand over the player or thing "
                           "whose zone it is)")

    def changed_params(self, rule: str) -> set:
        """The names of `rule`'s parameters its statements move cards from or to, add to, remove
        from, draw from or to, or shuffle, itself or by handing them to a rule that does. Worked
        out for every rule at once, the first time it is asked (`_changed_by_rules`)."""
        if self.rules_changing is None:
            self.rules_changing = self._changed_by_rules()
        return self.rules_changing.get(rule, set())

    def _changed_by_rules(self) -> dict:
        """rule -> the parameters it changes as zones: what each rule changes itself, then, until
        nothing more is found, what it hands to a rule that changes it. Each round goes through
        each call once, so a chain of rules calling one another costs its length, not every path."""
        direct, handed = {}, {}
        for name, s in self.rules.items():
            params = {p.name for p in s.decl.params}
            direct[name] = self.changed_names(params, s.decl.body, through_calls=False)
            handed[name] = [(node.name, prm.name, a.name) for node in self.walks().under(s.decl.body, (A.CallStmt,))
                            if node.name in self.rules
                            for prm, a in zip(self.rules[node.name].decl.params, node.args)
                            if isinstance(a, A.Name) and a.name in params]
        changed = {name: set(names) for name, names in direct.items()}
        grew = True
        while grew:
            grew = False
            for name, passes in handed.items():
                for callee, theirs, mine in passes:
                    if theirs in changed[callee] and mine not in changed[name]:
                        changed[name].add(mine)
                        grew = True
        return changed

    def changed_names(self, names: set, body: list, through_calls: bool = True) -> set:
        """Which of `names` the statements of `body` change as zones: themselves, and with
        `through_calls` by handing them to a rule that does (`changed_params`)."""
        out = set()
        for node in self.walks().under(body, (A.Move, A.Draw, A.AddTo, A.RemoveFrom, A.Shuffle, A.CallStmt)):
            if isinstance(node, (A.Move, A.Draw)):
                places = [node.source, node.dest]
            elif isinstance(node, (A.AddTo, A.RemoveFrom)):
                places = [node.target]
            elif isinstance(node, A.Shuffle):
                places = [node.zone]
            elif isinstance(node, A.CallStmt) and node.name in self.rules and through_calls:
                inner = self.changed_params(node.name)
                places = [a for prm, a in zip(self.rules[node.name].decl.params, node.args) if prm.name in inner]
            else:
                continue
            out |= {x.name for x in places if isinstance(x, A.Name) and x.name in names}
        return out

    def check_args(self, node, params, args, what, name):
        """The values of a call of the rule, event or definition `name` (`what`: "The rule 'bump'")."""
        if len(args) != len(params):
            self.error("E207", f"{what} takes {len(params)} value{'s' if len(params) != 1 else ''} but is given {len(args)}.", node,
                       "(" + ", ".join(f"{p.name}: {T.show(self.out.param_type(p))}" for p in params) + ")"
                       # every call alike and the declaration the odd one out: the slip may be at the declaration
                       + self.declared_line(name, node, ", as {where} declares it"), about=("call", name))
            # with a value missing or one too many, the values no longer line up with the
            # parameters: each is only checked in itself, not against the parameter at its place
            for a in args:
                self.expr(a, self.ctx)
            return
        typed = []
        for prm, a in zip(params, args):
            before = len(self.diags)
            typed.append((prm, a, self.expr(a, self.ctx), self.out.param_type(prm)))
            self.unknown_value_of(a, self.out.param_type(prm), before)
        wrong = [k for k, (_, _, at, pt) in enumerate(typed) if not T.fits(at, pt)]
        if len(wrong) == 2:          # `sink(t, s)` for `sink(s, t)`: two values the other way round
            (p1, a1, t1, w1), (p2, a2, t2, w2) = typed[wrong[0]], typed[wrong[1]]
            if T.fits(t1, w2) and T.fits(t2, w1):
                self.error("E301", f"{what} takes '{p1.name}' ({T.a(w1)}) before '{p2.name}' ({T.a(w2)}), and these two "
                                   "values are the other way round.", a1,
                           f"write {self.text_of(a2)} where {self.text_of(a1)} is, and {self.text_of(a1)} where "
                           f"{self.text_of(a2)} is", about=("call", name))
                if self.blamed and self.blamed[-1][0] is self.diags[-1]:
                    self.blamed.pop()       # the call's mistake, not a declaration's
                wrong = []
        for k, (prm, a, at, pt) in enumerate(typed):
            if k in wrong:
                self.error("E301", f"{what} wants {T.a(pt)} for '{prm.name}', not {T.a(at)}.", a,
                           self.type_hint(a, at, pt), about=("call", name))
                # the value's declaration may be the mistake, or the parameter's own
                self.blamed.append((self.diags[-1], prm, prm.name, pt))
        for a in args[len(params):]:
            self.expr(a, self.ctx)

    def unknown_value_of(self, a, want: str, before: int) -> None:
        """An unknown name given where an enum's value is wanted (`in_force(double_trouble)`), told
        with no better guess: the hint lists the enum's values, the likeliest to have been meant (a
        value the author meant to add to the enum, or one spelt otherwise)."""
        if not (isinstance(a, A.Name) and want.startswith("enum:")):
            return
        for k in range(before, len(self.diags)):
            d = self.diags[k]
            if d.code == "E201" and (not d.hint or id(d) in self.guessed) and d.span.line == a.span.line \
                    and d.about[:2] == ("unknown", a.name):
                values = [n for n, x in self.sym.items() if x.kind == "enum_value" and x.type == want]
                self.diags[k] = dataclasses.replace(
                    d, hint=f"{T.a(want)} is wanted here, one of: {', '.join(values[:8])}"
                            + (", ..." if len(values) > 8 else "") + f"; a new value is declared in the enum '{want[5:]}'")

    def zone_place(self, e, what) -> str:
        if isinstance(e, (A.ListLit, A.Comprehension, A.Call)):
            # `draw 1 from [c for c in deck] to ...`: a list worked out on the spot is no place; the
            # general E303 said "assigned to", a word the author never wrote
            self.expr(e, self.ctx)
            self.error("E303", f"{what} must be a zone or a variable that holds a list, not a list worked out "
                               f"here ('{self.text_of(e)}'): things moved in or out of it would go nowhere.", e,
                       "name the zone itself, such as deck or current.hand")
            return T.ERROR
        t = self.place(e)
        if not T.is_list(t):
            # a player for their zone (`draw 7 from deck to p`): the zones a player has
            zones = [n for n, x in self.sym.items() if x.kind == "pvar" and isinstance(x.decl, A.ZoneDecl)] if t == T.PLAYER else []
            self.error("E301", f"{what} must be a zone or a list, not {T.a(t)}.", e,
                       "a player's zones are " + ", ".join(f"{self.text_of(e)}.{z}" for z in zones) if zones else "")
        return t

    def st_Move(self, st: A.Move, loop):
        wt = self.expr(st.what, self.ctx)
        src = self.zone_place(st.source, "Where cards move from")
        dst = self.zone_place(st.dest, "Where cards move to")
        if not (T.fits(wt, T.elem(src)) or T.fits(wt, src)):
            self.error("E301", f"Cannot move {T.a(wt)} out of {T.a(src)}.", st.what)
        if not T.fits(T.elem(src), T.elem(dst)):
            self.error("E301", f"Cannot move from {T.a(src)} to {T.a(dst)}.", st.dest)
        if st.source == st.dest:
            self.move_into_itself(st)
        self.into_a_variable(st.dest)
        if isinstance(st.what, A.Name) and self.lookup_local(st.what.name) is not None \
                and (self.zone_visibility(st.dest) == "public" or st.to_top and self.zone_visibility(st.dest) == "top"):
            # `c = first(deck)` then `move c from deck to discard`: the card is face up now, so a
            # text that names it shows nothing secret (W106); so is one put on top of a face-up pile
            self.ctx.secret.pop(st.what.name, None)

    def zone_visibility(self, place):
        """'public', 'owner' or 'hidden' for a zone written as `discard`, `p.hand`, `discard[k]`
        or a thing's own zone `t.battlers`; None when `place` is not one of these."""
        if self.numbered_member(place):
            place = place.obj
        if isinstance(place, A.Name):
            if self.lookup_local(place.name) is not None:
                return None
            decl = getattr(self.sym.get(place.name), "decl", None)
        elif isinstance(place, A.Field):
            ref = self.out.refs.get(id(place))
            if ref and ref[0] == "field":
                return self.out.kind_zones.get(ref[1], {}).get(place.name)
            s = self.sym.get(place.name)
            decl = getattr(s, "decl", None) if s is not None and s.kind == "pvar" else None
        else:
            return None
        return decl.visibility if isinstance(decl, A.ZoneDecl) else None

    def into_a_variable(self, dest):
        """W116 at a move into the game's or a player's variable that is not a zone: a variable
        only refers to things, so a card moved there is in no zone (a local list is the rule's own
        scratch, and is not reported)."""
        if self.zone_named(dest):
            return
        ref = self.out.refs.get(id(dest))
        if ref and ref[0] in ("global", "pvar"):
            name, t = dest.name, getattr(self.sym.get(dest.name), "type", "") or ""
            kind = t[11:] if t.startswith("list:thing:") else "KIND"
            zone = "player zone" if ref[0] == "pvar" else "zone"
            self.warn("W116", f"'{name}' is a variable, not a zone: a card moved into it leaves its zone and is in none "
                              "(a variable only refers to things).", dest,
                      f"declare it as a zone ('{zone} {name}: {kind}, public'), or move the card to a zone")

    def move_into_itself(self, st: A.Move):
        """W108 at a `move` whose zones are one: it moves nothing (the whole zone; its first card to
        its top; its last card to its end) or only puts one named card last. Turning a pile over,
        cutting it (`take(pile, 2)` to its end), its first card to its end, and putting a card on
        top of its own pile are moves on purpose."""
        def ends(name):
            return isinstance(st.what, A.Call) and st.what.name == name and st.what.args == [st.source]
        if ends("first") and not st.to_top:
            return
        if st.to_top and not ends("first") and st.what != st.source:
            return
        # Cards picked from another list (every card of a kind, the top of another pile) were
        # meant for another zone.
        picked = _picked_from(st.what)
        elsewhere = picked is not None and picked != st.source
        if not (st.what == st.source or ends("first") or ends("last") or isinstance(st.what, (A.Name, A.ThingRef))
                or elsewhere):
            return          # some cards worked out from the zone, put at its end: a cut, on purpose
        zone, what = self.text_of(st.source), self.text_of(st.what)
        if st.what == st.source or ends("first") or ends("last"):
            result = "it changes nothing"
        elif elsewhere:
            result = (f"it only puts them last in '{zone}', and fails on any that is not there already (they are "
                      f"picked from '{self.text_of(picked)}', not from '{zone}')")
        else:
            result = f"it only puts {what} last in '{zone}'"
        self.warn("W108", f"This moves {what} from '{zone}' into itself: {result}.", st.dest,
                  "name the zone it should go to" + ("" if result.startswith("it changes") or elsewhere else
                                                     f"; to put it on top, write 'to top of {zone}'"))

    def count_below_zero(self, count, does: str, what: str, fails: str, hint: str):
        """E208 at a count certain to be below 0 (`repeat -1 times`, `draw start - 5 from ...`, a
        definition of no values giving one); the number the count is, or None when unknown."""
        n, via = _fixed_number(count, self.sym)
        if n is not None and n < 0:
            given = f" ('{via}' is {n})" if via else ""
            self.error("E208", f"This {does.format(n=n)}{given}, but {what} must be 0 or more: the game would stop "
                               f"here with an error, '{fails.format(n=n)}'.", count, hint)
        return n

    def st_Draw(self, st: A.Draw, loop):
        self.want(st.count, T.INT, "How many to draw")
        self.count_below_zero(st.count, "draws {n} cards", "the number to draw", "Cannot draw {n} cards",
                              "draw 0 or more cards")
        src = self.zone_place(st.source, "Where cards are drawn from")
        dst = self.zone_place(st.dest, "Where drawn cards go")
        if not T.fits(T.elem(src), T.elem(dst)):
            self.error("E301", f"Cannot draw from {T.a(src)} into {T.a(dst)}.", st.dest)
        self.into_a_variable(st.dest)

    def st_Shuffle(self, st: A.Shuffle, loop):
        if self.whole_numbered_zone(st.zone, "shuffled"):
            return
        # recorded for the engine, which forces a shuffle's result by the names of its items
        self.out.types[id(st.zone)] = self.zone_place(st.zone, "What is shuffled")

    def whole_numbered_zone(self, e, what: str) -> bool:
        """E301 for a numbered zone named without its number where one zone is meant (`shuffle
        discard` of `zone discard[2]` would shuffle the order of the piles, not their cards)."""
        name = e.name if isinstance(e, (A.Name, A.Field)) else None
        if isinstance(e, A.Name) and self.lookup_local(name) is not None:
            return False
        s = self.sym.get(name) if name else None
        zone = getattr(s, "decl", None)
        if not (isinstance(zone, A.ZoneDecl) and zone.count is not None and
                (isinstance(e, A.Name) or s.kind == "pvar")):
            return False
        self.error("E301", f"'{name}' is {zone.count} zones, {name}[0] to {name}[{zone.count - 1}], so it cannot be "
                           f"{what} whole.", e, f"name one of them: {name}[k]" +
                   (f"; all their cards are flatten({name})" if what == "counted" else ""))
        return True

    def st_EndGame(self, st: A.EndGame, loop):
        if self.dead_block is None:
            self.ended = True
        else:
            self.never_runs.append((self.dead_block, st))
        if st.reason:
            self.template(st.reason)
            self.public_text(st.reason, "The reason the game ends is shown to every seat")

    def st_EndStage(self, st: A.EndStage, loop):
        if st.name == "turn":
            self.ends_turn.append(st)
        else:
            s = self.rules.get(st.name)
            if s is None or s.kind != "stage":
                stages = [n for n, x in self.rules.items() if x.kind == "stage"]
                meant = closest(st.name, stages + ["game", "turn"])
                hint = f"did you mean '{meant}'?" if meant else ""
                if meant in ("game", "") and s is None and self.dead_block is None:
                    # `end gam "..."`, `end play "..."`: likeliest the game's end; E404 "no rule ever
                    # says 'end game'" as well would send the author looking for an end they did write
                    self.ended = True
                if s is not None:
                    hint = f"'{st.name}' is a rule; only a stage (declared with 'stage {st.name}:') can be ended"
                self.error("E201", f"There is no stage named '{st.name}' to end.", self.word(st, st.name, after=st.span.column + 2),
                           hint or "'end' ends the game ('end game \"why\"'), the turn, or a stage declared with "
                                   "'stage NAME:'")
        if st.reason:
            self.template(st.reason)

    def st_TakeTurns(self, st: A.TakeTurns, loop):
        self.turn_loops.append(st)
        if st.start is not None:
            self.want_seat(st.start, "take the first turn", "Who starts each round")

    def want_seat(self, e, what: str, purpose: str):
        """A player who must be a seat at the table: never a side, nor none written out."""
        if isinstance(e, A.Lit) and e.value is None:
            self.error("E301", f"This names no player (none), so nobody can {what}.", e,
                       "name a player, or leave it out to use 'first_player' (or Player 1)")
        elif not self.side_not_seat(e, what):
            self.want(e, T.PLAYER, purpose)

    def side_not_seat(self, e, what: str) -> bool:
        """E301 for a side named where a seat must act: a side never decides or takes a turn."""
        side = self.side_named(e)
        if side is None:
            return False
        said = f"'{side}' is a side" if isinstance(e, A.Name) and e.name == side else \
            f"'{self.text_of(e)}' is the side '{side}'"
        self.error("E301", f"{said}, not a seat at the table, so it cannot {what}.", e,
                   "name a player: a side only holds variables and zones, and scores")
        return True

    def side_listed(self, e, seen: tuple = ()):
        """An item written in a list of players (`[bank]`, `players + [bank]`, for a side `bank`) that is
        certainly a side, or None."""
        if isinstance(e, A.Binary) and e.op == "+":
            return self.side_listed(e.left, seen) or self.side_listed(e.right, seen)
        if isinstance(e, A.ListLit):
            return next((x for x in e.items if self.side_named(x) is not None), None)
        s = self.sym.get(e.name) if isinstance(e, A.Name) and self.lookup_local(e.name) is None else None
        if s is not None and s.kind == "define" and not s.decl.params and e.name not in seen:
            return self.side_listed(s.decl.body, seen + (e.name,))
        return None

    def side_named(self, e, seen: tuple = ()) -> str | None:
        """The side a value certainly is: a side's name, a definition whose value is one (whatever
        its values are), or an `if` both of whose branches are the same side; else None."""
        if isinstance(e, A.Cond):
            a = self.side_named(e.then, seen)
            return a if a is not None and self.side_named(e.other, seen) == a else None
        if not isinstance(e, (A.Name, A.Call)) or self.lookup_local(e.name) is not None:
            return None
        s = self.sym.get(e.name)
        if s is None:
            return None
        if s.kind == "side" and isinstance(e, A.Name):
            return e.name
        if s.kind == "define" and e.name not in seen:
            return self.side_named(s.decl.body, seen + (e.name,))
        return None

    def st_TakeRounds(self, st: A.TakeRounds, loop):
        self.round_loops.append(st)
        if st.leader is not None:
            self.want_seat(st.leader, "lead a round", "Who leads each round")

    def st_Say(self, st: A.Say, loop):
        self.template(st.text)
        self.public_text(st.text, "A 'say' line is in every seat's log")

    def hidden_zone_read(self, node):
        """(name, visibility) of a zone not everyone may see whose things `node` reads."""
        return hidden_zone_read(self.sym, self.out.kind_zones, node, self.hidden_reads)

    def secret_local(self, node, known: dict | None = None):
        """(zone, visibility) when `node` reads a local set from cards not everyone may see: its
        last value before here (`Context.secret`: the value, and the locals' as they were then),
        asked only when a text everyone reads names the local."""
        known = self.ctx.secret if known is None and self.ctx is not None else known
        if not known:
            return None
        for x in self.walks().walk(node):
            if isinstance(x, A.Name) and x.name in known and self.lookup_local(x.name) is not None:
                value, before = known[x.name]
                found = self.hidden_zone_read(value) or self.secret_local(value, before)
                if found:
                    return found
        return None

    def names_definition(self, part) -> bool:
        """Whether `part` is a definition's name alone (`{top}` for `define top: card = first(deck)`),
        which reads what its body reads, unlike a zone's or variable's name."""
        return isinstance(part, A.Name) and self.lookup_local(part.name) is None and \
            getattr(self.sym.get(part.name), "kind", None) == "define"

    def numbered_member(self, part) -> bool:
        """Whether `part` is one zone of a numbered zone, `piles[k]` or `p.piles[k]`: a whole zone."""
        if not isinstance(part, A.Index) or part.more_keys:
            return False
        decl = getattr(self.numbered_zone_named(part.obj), "decl", None)
        return isinstance(decl, A.ZoneDecl) and decl.count is not None

    def public_text(self, tpl, why: str):
        """W106 for a text everyone reads that shows a whole zone not everyone may see: `{deck}`
        or `{p.hand}` lists its cards (the display shows such a zone as "3 hidden cards")."""
        for part in getattr(tpl, "parts", None) or []:
            vis = self.zone_visibility(part)        # `{deck}`, `{p.hand}`, `{piles[1]}`, `{t.inside}`
            if vis is None or vis == "public":
                continue
            zone = part.obj if self.numbered_member(part) else part
            ref = self.out.refs.get(id(zone)) if isinstance(zone, A.Field) else None
            of = f" of a {ref[1]}" if ref and ref[0] == "field" else ""      # a thing's own zone
            self.warn("W106", f"{why}, and this shows every card of the zone '{zone.name}'{of}, "
                      f"{_which_may_see(vis)}.", part,
                      "show how many with {count(...)}, or name only the cards revealed")
        for part in getattr(tpl, "parts", None) or []:
            if isinstance(part, str) or _named_whole(part) and not self.secret_local(part) \
                    and not self.names_definition(part) or self.numbered_member(part):
                continue                           # a whole zone: said above
            found = self.hidden_zone_read(part) or self.secret_local(part)
            if found:
                self.warn("W106", f"{why}, and this is worked out from the cards of the zone '{found[0]}', "
                                  f"{_which_may_see(found[1])}.", part,
                          "show what everyone may know: how many with {count(...)}, or cards revealed: to reveal "
                          "them, move them first to a zone everyone sees (a public zone) and read that zone")

    def not_an_event(self, name: str, signalled: bool = False) -> str:
        """The hint for a `signal` or `reaction ... on` of a rule (or a stage): what a rule is, and
        how an event is declared."""
        if name not in self.rules:
            declare = f"declare it: 'event {name}(...)', and set it off with 'signal {name}(...)'"
            events = [f"{n} (line {x.decl.span.line})" for n, x in self.sym.items() if x.kind == "event"]
            other = self.sym.get(name)
            what = f"'{name}' is the {other.decl.kind_word} at line {other.decl.span.line}, not an event; " \
                if other is not None and getattr(other.decl, "name", None) == name and hasattr(other.decl, "kind_word") else ""
            if events:      # a name that is no event's, in a rulebook that has events: which it has
                return f"{what}the events declared here: {', '.join(events[:8])}; or {declare}"
            return what + declare
        if signalled:
            return f"'{name}' is a rule: run it on a line of its own, {name}(...); 'signal' sets off an event's reactions"
        return (f"'{name}' is a rule, and a reaction waits for an event: declare 'event NAME(...)', and write "
                f"'signal NAME(...)' in '{name}' where the reaction may come")

    def st_Signal(self, st: A.Signal, loop):
        s = self.sym.get(st.event)
        if s is None or s.kind != "event":
            self.error("E201", f"There is no event named '{st.event}'.", self.word(st, st.event, after=st.span.column + 5),
                       did_you_mean(st.event, [n for n, x in self.sym.items() if x.kind == "event"])
                       or self.not_an_event(st.event, signalled=True), about=("unknown", st.event))
            return
        self.check_args(st, s.decl.params, st.args, f"The event '{st.event}'", st.event)
        for r in self.reaction_names.values():
            d = r.decl
            if d.event == st.event and not d.instant:
                changed = self.changed_names(set(d.event_args), d.body)
                self.zones_handed(st.args, [x in changed for x in d.event_args], f"the reaction '{d.name}'")

    def st_Pass(self, st, loop):
        pass

    def st_Stop(self, st, loop):
        if not loop:
            dead = getattr(self, "dead_from", None)
            # after a `return` in the same block, the loop's own line was likely lost (deleted) there
            self.error("E304", "'stop' leaves a loop, but it is not inside one.", st,
                       f"the lines from line {dead[0].span.line} on follow a line that {dead[1]}, so they never run: "
                       f"is a loop's line ('for ...:', 'while ...:') missing above line {dead[0].span.line}?"
                       if dead is not None else "use 'return' to leave a rule")

    def st_Return(self, st, loop):
        pass

    def st_AddTo(self, st: A.AddTo, loop):
        it = self.expr(st.item, self.ctx)
        lt = self.zone_place(st.target, "What 'add' adds to")
        if not T.fits(it, T.elem(lt)):
            hint = (f"'add' adds one item; to add each of them: for x in {self.text_of(st.item)}: add x to "
                    f"{self.text_of(st.target)}") if T.is_list(it) and T.fits(T.elem(it), T.elem(lt)) else \
                self.type_hint(st.item, it, T.elem(lt))
            holds = f"'{self.text_of(st.target)}', which holds {T.plural(T.elem(lt))}" if T.is_list(lt) else T.a(lt)
            self.error("E301", f"Cannot add {T.a(it)} to {holds}.", st.item, hint)
            self.blame_place(st.target)

    def st_RemoveFrom(self, st: A.RemoveFrom, loop):
        it = self.expr(st.item, self.ctx)
        lt = self.zone_place(st.target, "What 'remove' removes from")
        if not T.fits(it, T.elem(lt)):
            self.error("E301", f"'{self.text_of(st.target)}' holds {T.plural(T.elem(lt))}, and no {T.show(it)}." if T.is_list(lt)
                       else f"{T.a(lt).capitalize()} holds no {T.show(it)}.", st.item)

    def st_If(self, st: A.If, loop):
        # What the branches above leave each name: each of their conditions is false here. Met
        # once per branch, not worked out again for every branch below (a long elif chain).
        ruled_out: dict = {}
        for cond, blk in st.branches:
            self.want(cond, T.BOOL, "The condition")
            with self.narrowed_by(ruled_out, self.enum_narrowing(cond, False)):
                self.never_running(blk, loop, cond if _certain_truth(cond, self.sym) is False else None)
            _meet(ruled_out, self.enum_narrowing(cond, True))
        if st.other:
            with self.narrowed_by(ruled_out):
                self.block(st.other, loop)

    def narrowing(self, *conds):
        """While checking what a condition guards, the enum values it leaves a name or field
        (`cat in [ones, twos]`, `role != pilot`), so that W109 does not warn of a table's missing
        entry for a value the lookup cannot be reached with. Each of `conds` is (condition,
        negated): `negated` for a branch below it, where it is false. A line of a block that sets
        the name again is not followed: the warning is then missed, never given wrongly."""
        return self.narrowed_by(*(self.enum_narrowing(cond, negated) for cond, negated in conds))

    @contextmanager
    def narrowed_by(self, *maps):
        """While checking a block, each name's enum values narrowed to those every one of `maps`
        ({key's text: values}, from `enum_narrowing`) allows."""
        before = dict(self.narrowed)
        for allowed_by in maps:
            _meet(self.narrowed, allowed_by)
        try:
            yield
        finally:
            self.narrowed = before

    def enum_narrowing(self, cond, negated: bool) -> dict:
        """{key's text: the enum values it can have} where `cond` holds (is false, `negated`), for
        `x == v`, `x != v`, `x in [v, w]`, `x not in [...]`, `not`, `and` and `or` of these; {} for
        any other condition."""
        if isinstance(cond, A.Unary) and cond.op == "not":
            return self.enum_narrowing(cond.operand, not negated)
        if not isinstance(cond, A.Binary):
            return {}
        if cond.op in ("and", "or"):
            left, right = self.enum_narrowing(cond.left, negated), self.enum_narrowing(cond.right, negated)
            if (cond.op == "and") == negated:       # either side may be the one that holds
                return {k: left[k] | right[k] for k in left if k in right}
            return {k: left[k] & right[k] if k in left and k in right else left.get(k, right.get(k))
                    for k in {*left, *right}}
        if cond.op in ("==", "!="):
            key, values = (cond.left, [cond.right]) if self.enum_value_of(cond.right) else (cond.right, [cond.left])
        elif cond.op in ("in", "not in") and isinstance(cond.right, A.ListLit):
            key, values = cond.left, cond.right.items
        else:
            return {}
        enums = {self.enum_value_of(v) for v in values}
        if not values or None in enums or len(enums) != 1 or not isinstance(key, (A.Name, A.Field)):
            return {}
        enum = enums.pop()
        named = frozenset(v.name for v in values)
        every = frozenset(n for n, x in self.sym.items() if x.kind == "enum_value" and x.type == enum)
        holds = (cond.op in ("==", "in")) != negated
        return {self.text_of(key): named if holds else every - named}

    def enum_value_of(self, e):
        """The enum of `e` when it is one of its values written by name (not a local), else None."""
        if not isinstance(e, A.Name) or self.lookup_local(e.name) is not None:
            return None
        s = self.sym.get(e.name)
        return s.type if s is not None and s.kind == "enum_value" else None

    def st_For(self, st: A.For, loop):
        t = self.expr(st.iterable, self.ctx)
        self.want_list(t, st.iterable)
        before = self.ctx.secret.pop(st.var, None)
        # `for c in [x for x in looking]`: each c is a card not everyone may see (W106 asks later)
        self.ctx.secret[st.var] = (st.iterable, dict(self.ctx.secret))
        with self.ctx.scoped(st.var, T.elem(t)) as slot:
            self.out.slots[id(st)] = slot
            if st.cond is not None:
                self.want(st.cond, T.BOOL, "The condition")
            empty = isinstance(st.iterable, A.ListLit) and not st.iterable.items
            self.never_running(st.body, True, st.iterable if empty else None)
        self.ctx.secret.pop(st.var, None)
        if before is not None:
            self.ctx.secret[st.var] = before
        if T.elem(t) == T.PLAYER:
            self.current_for_loop_name(st.var, [st.cond, st.body], "This loop over players")
            self.passed_on_again(st)

    def passed_on_again(self, st: A.For):
        """W123: a loop over players that moves things from each player's zone into the same zone
        of another player (`move p.hand from p.hand to next_player(p).hand`, "pass your hand to the
        left"): when the loop comes to that player, what it received moves on with their own, so
        every hand ends with one player. The things need a stop on the way: another zone."""
        for node in self.walks().walk(st.body):
            if not isinstance(node, A.Move):
                continue
            src, dst = node.source, node.dest
            # the whole zone, passed to a player worked out from this one (`next_player(p)`)
            if isinstance(src, A.Field) and isinstance(dst, A.Field) and src.name == dst.name and node.what == src \
                    and isinstance(src.obj, A.Name) and src.obj.name == st.var \
                    and any(isinstance(x, A.Name) and x.name == st.var for x in self.walks().walk(dst.obj)) \
                    and not (isinstance(dst.obj, A.Name) and dst.obj.name == st.var) \
                    and isinstance(getattr(self.sym.get(src.name), "decl", None), A.ZoneDecl) \
                    and self.sym[src.name].decl.per_player:
                zone, other = src.name, self.text_of(dst.obj)
                self.warn("W123", f"This moves {st.var}'s '{zone}' into {other}'s '{zone}', and the loop then comes "
                                  f"to that player and moves it on with theirs: the things end up with one player.",
                          node, f"move each into a zone of its own first (player zone passing), then, in a second "
                                f"loop, each 'passing' into its owner's '{zone}'")
                return

    def current_for_loop_name(self, var: str, parts: list, what: str):
        """`for p in players: draw 3 from deck to current.hand`: a loop over players (or a secret
        choice's block, run for each player) that never names its player but names `current`, the
        player whose turn it is (in setup, Player 1 every time), almost always meant its player."""
        names = [x for x in self.walks().walk(parts) if isinstance(x, A.Name)]
        if any(x.name == var for x in names):
            return
        current = next((x for x in names if x.name == "current" and self.sym.get("current") is None), None)
        if current is not None:
            self.warn("W111", f"{what} never names its player '{var}', but names 'current', "
                              f"the player whose turn it is, the same one at every pass.", current,
                      f"did you mean '{var}'?")

    def want_chooser(self, by):
        """`by PLAYER`: who chooses. `by none` names nobody, so nobody could answer."""
        if isinstance(by, A.Lit) and by.value is None:
            self.error("E301", "'by none' names no player, so nobody could make this choice.", by,
                       "name the player who chooses, e.g. 'by current', or leave out 'by' for the current player")
            return
        if self.side_not_seat(by, "choose"):
            return
        self.want(by, T.PLAYER, "Who chooses")

    def st_Repeat(self, st: A.Repeat, loop):
        self.want(st.count, T.INT, "How many times to repeat")
        n = self.count_below_zero(st.count, "repeats {n} times", "the number of times", "Cannot repeat {n} times",
                                  "repeat 0 or more times")
        self.never_running(st.body, True, st.count if n is not None and n <= 0 else None)

    def st_While(self, st: A.While, loop):
        self.want(st.cond, T.BOOL, "The condition")
        if _certain_truth(st.cond, self.sym) is True and not any(isinstance(x, WAYS_OUT) for x in A.walk(st.body)):
            why = " (a count is never below 0)" if any(_a_count(x, self.sym) for x in A.walk(st.cond)) else ""
            self.error("E309", f"This loop runs for ever: its condition {self.text_of(st.cond)!r} is always true{why}, and "
                               "nothing in it stops it ('stop', 'return', 'end ...'), calls a rule, signals or asks "
                               "anyone anything: the game would stop here with an error when it comes to it.",
                       st.cond, "add 'stop' where the loop is done, or loop on the condition that keeps it going")
        else:
            self.unchanging_loop(st)
        self.never_running(st.body, True, st.cond if _certain_truth(st.cond, self.sym) is False else None)

    def unchanging_loop(self, st: A.While):
        """E309 for a `while` whose body cannot change what its condition reads: the body only sets
        names (`=`, `+=`, `-=`), says things and branches, none of the names it sets is read by
        the condition, and the condition reads only names, fields and the built-ins that roll
        nothing. Once the loop is entered its condition stays true, and nothing leaves it."""
        body = self.walks().walk(st.body)
        if not body:
            return
        if any(not isinstance(x, QUIET_STATEMENTS) for x in body if isinstance(x, A.Stmt)):
            self.unchanged_by_calls(st)
            return
        read = set()
        for x in self.walks().walk(st.cond):
            if isinstance(x, A.Call):
                if x.name not in B.BUILTINS or x.name in ("roll", "pick", "shuffled"):
                    return      # a definition or a rule may read anything, a roll changes
            elif isinstance(x, A.Name):
                sym = self.sym.get(x.name)
                local = self.ctx is not None and x.name in self.ctx.names
                if not local and (sym is None or sym.kind not in ("var", "pvar", "option", "enum_value")):
                    self.unchanged_by_calls(st)     # a definition or a zone: read through it
                    return
                read.add(x.name)
            elif isinstance(x, A.Field):
                read.add(x.name)
            elif isinstance(x, (A.Lambda, A.Comprehension, A.Where, A.Template)):
                return
        set_names = set()
        for x in body:
            if isinstance(x, A.Assign):     # `p.points += 1` sets 'points', not 'p'
                top = [x.target] if isinstance(x.target, (A.Name, A.Field)) else self.walks().walk(x.target)
                set_names |= {y.name for y in top if isinstance(y, (A.Name, A.Field))}
        if not read or read & set_names:
            return
        self.error("E309", f"This loop runs for ever once it starts: nothing in it changes what its condition "
                           f"{self.text_of(st.cond)!r} reads, and nothing in it stops it ('stop', 'return', "
                           "'end ...'), calls a rule, signals or asks anyone anything: the game would stop here "
                           "with an error when it comes to it.",
                   st.cond, self.dedented_below(st, read)
                   or "change what the condition reads inside the loop, or write 'if' if it should run once")

    def unchanged_by_calls(self, st: A.While):
        """E309 for a `while` whose body calls rules, moves things or asks players, none of which
        (nor the rules called, nor a reaction a decision lets run) can change what its condition
        reads: `while round_number < 3: draft_round()` whose rule never raises `round_number`. On
        the safe side: a way out of the loop or the game, a signal, turns taken, a roll or a
        comprehension in the condition, or a call of anything but a rule is no error."""
        nodes, called, todo = [], [], [st.body]
        while todo:
            for x in self.walks().walk(todo.pop()):
                if isinstance(x, (A.Stop, A.Return, A.EndGame, A.EndStage, A.TakeTurns, A.TakeRounds, A.Signal)):
                    return
                if isinstance(x, A.CallStmt):
                    s = self.rules.get(x.name)
                    if s is None or not isinstance(s.decl, A.RuleDecl):
                        return
                    if x.name not in called:
                        called.append(x.name)
                        todo.append(s.decl.body)
                nodes.append(x)
        writes = set()
        for x in nodes:
            writes |= self.names_set_by(x)
        if any(isinstance(x, (A.Choose, A.Menu, A.Secret)) for x in nodes):    # reactions may run at a decision
            for d in self.p.decls:
                if isinstance(d, A.ReactionDecl):
                    more = self.names_written(d.body, set())
                    if more is None:
                        return
                    writes |= more
        for x in nodes:     # locals set anywhere, and the names loops and choices bind
            if isinstance(x, A.Assign):
                writes |= {y.name for y in self.walks().walk(x.target, statements=False) if isinstance(y, A.Name)}
            writes |= {getattr(x, a) for a in ("var", "player_var", "time_var") if isinstance(getattr(x, a, None), str)}
        reads = set()
        for x in self.walks().walk(st.cond, statements=False):
            if isinstance(x, A.Call) and x.name in ("roll", "pick", "shuffled"):
                return
            if isinstance(x, (A.Lambda, A.Comprehension, A.Where)):
                return
            if isinstance(x, A.Name) and self.ctx is not None and x.name in self.ctx.names:
                reads.add(x.name)
        reads |= self.names_read([st.cond])
        if not reads or reads & writes:
            return
        through = f", nor the rule{'s' * (len(called) > 1)} it calls ({', '.join(called)})," if called else ""
        # told once every rule is checked, and only if none of the lines it looked through holds an
        # error (`round_numbr += 1` in the rule called: that slip is the one to tell)
        self.endless_loops.append((
            (f"This loop runs for ever once it starts: nothing in it{through} changes what its "
             f"condition {self.text_of(st.cond)!r} reads ({', '.join(sorted(reads))}), and nothing in "
             "it stops it ('stop', 'return', 'end ...').", st.cond, self.dedented_below(st, reads) or
             f"change {' or '.join(sorted(reads))} inside the loop (or in a rule it calls), or write "
             "'if' if it should run once"),
            {(x.span.file, x.span.line) for x in nodes if getattr(x, "span", None) is not None}))

    def tell_endless_loops(self):
        """E309 for the loops unchanged_by_calls found, unless an error is on a line it looked through."""
        wrong = {(d.span.file, d.span.line) for d in self.diags if d.severity == "error"}
        for args, lines in self.endless_loops:
            if not lines & wrong:
                self.error("E309", *args)

    def dedented_below(self, st: A.While, reads: set) -> str:
        """For an endless loop: when the line right after it changes what its condition reads, the
        hint that it was likely meant inside the loop (a line dedented a step too far), else ''."""
        after = None
        for node in self.all_nodes():
            blocks = [getattr(node, "body", None), getattr(node, "other", None)] + \
                [blk for _, blk in getattr(node, "branches", None) or ()]
            for blk in blocks:
                if isinstance(blk, list):
                    k = next((i for i, x in enumerate(blk) if x is st), None)
                    if k is not None and k + 1 < len(blk):
                        after = blk[k + 1]
        changed = sorted(self.names_set_by(after) & reads) if isinstance(after, A.Stmt) else []
        if not changed:
            return ""
        return (f"line {after.span.line}, just below the loop, changes {' and '.join(changed)}: if it belongs "
                f"in the loop, indent it under the 'while' line")

    def never_running(self, body: list, loop: bool, dead):
        """Check a block that never runs when `dead` (its condition, certainly false, or its count,
        certainly 0 or less) is given: an `end game` in it does not end the game (E404)."""
        before = self.dead_block
        if dead is not None and before is None:
            self.dead_block = dead
        try:
            self.block(body, loop)
        finally:
            self.dead_block = before

    def decline_written_early(self, st) -> bool:
        """`may choose n from xs or "Pass"`: the way to decline named before the label, where the
        text reads as the right side of an `or` of the list; E101 says where it goes, instead of
        two type errors about an `or` the author never meant."""
        src = st.source
        if not (isinstance(src, A.Binary) and src.op == "or" and isinstance(src.right, A.Template)):
            return False
        text = self.text_of(src.right)
        self.error("E101", f"'or {text}' names the way to decline, and goes right after the label: "
                           f"'labelled \"...\" or {text}'.", src.right,
                   f"write 'may choose {st.var} from {self.text_of(src.left)} labelled \"...\" or {text}'")
        return True

    def st_Choose(self, st: A.Choose, loop):
        self.choices.append(st)
        if self.decline_written_early(st):      # checked on as the choice from the list meant
            st = dataclasses.replace(st, source=st.source.left)
        t = self.expr(st.source, self.ctx)
        self.want_list(t, st.source)
        # Who chooses and the prompt are worked out before the choice: its name has no value there.
        with self.before_the_choice({st.var: "what this choice chooses"}, "who chooses is known"):
            if st.by is not None:
                self.want_chooser(st.by)
        with self.before_the_choice({st.var: "what this choice chooses"}, "its prompt is asked"):
            if st.prompt:
                self.template(st.prompt)
                self.public_text(st.prompt, "A choice's prompt is in every seat's view")
        self.decline_label(st)
        self.own_cards_unseen(st.source, st.by, "choose")
        if st.body is not None:
            with self.ctx.scoped(st.var, T.elem(t)) as slot:
                self.out.slots[id(st)] = slot
                self.choose_parts(st)
                before = self.chosen_from(st.var, st.source)
                self.declinable.append(st.var if st.may else None)
                try:
                    self.block(st.body, loop)
                finally:
                    self.declinable.pop()
                self.ctx.secret.pop(st.var, None)
                if before is not None:
                    self.ctx.secret[st.var] = before
            if st.may:
                self.declined_then_used(st)
            return
        self.out.slots[id(st)] = self.bind_local(st.var, T.elem(t), st)
        self.ctx.used.add(st.var)
        self.choose_parts(st)
        self.chosen_from(st.var, st.source)

    def own_cards_unseen(self, source, by, how: str):
        """W136 at a choice among the things of the chooser's own zone `seen by others` (`choose c
        from current.hand` when hands are held facing away): the options are those things, so
        their labels (or their number: alike things are offered once) show the chooser what the
        rules hide from them. Told when the zone's player is the chooser written out: `current`
        for a choice without `by`, or the `by` (the player of a secret choice or a reaction) by
        the same name. (And W139 for a face-up pile's things, `under_top_offered`.)"""
        self.under_top_offered(source, how)
        if not isinstance(source, A.Field) or not isinstance(source.obj, A.Name):
            return
        s = self.sym.get(source.name)
        decl = getattr(s, "decl", None) if s is not None and s.kind == "pvar" else None
        if not isinstance(decl, A.ZoneDecl) or decl.visibility != "others":
            return
        who = by.name if isinstance(by, A.Name) else "current" if by is None else None
        if source.obj.name != who:
            return
        item = OFFERED_BY[how]
        shown = self.text_of(source)
        self.warn("W136", f"This {item} offers the things of '{shown}', which its owner does not see "
                          f"('seen by others'), to that owner: each option is one of them, so its label, and how many "
                          "options there are (alike things are offered once), show the owner what the rules hide.",
                  source, f"offer places instead: '{'choose' if how in ('choose', 'secret') else 'for'} i "
                          f"{'from' if how in ('choose', 'secret') else 'in'} range(1, count({shown}))' labelled \"Card {{i}}\", "
                          f"and take '{shown}[i - 1]'")

    def under_top_offered(self, source, how: str):
        """W139 at a choice among the things of a face-up pile (`top public`: `choose c from
        discard[k]`): each option is one of them, so the labels (and their number) show the
        chooser the things under the top, which nobody sees."""
        if self.zone_visibility(source) != "top":
            return
        shown = self.text_of(source)
        self.warn("W139", f"This {OFFERED_BY[how]} offers the things of '{shown}', a face-up pile whose things under "
                          "its top nobody sees ('top public'): each option is one of them, so its label, and how many "
                          "options there are, show the chooser what lies under the top.",
                  source, f"offer the top alone ('first({shown})'), or make the pile 'public' if the rules let "
                          "players look through it")

    def decline_label(self, st):
        """`or "Pass"` after a choice's label: the label of a `may choose`'s way to decline, worked
        out with the prompt, before anything is chosen (so it cannot name what is chosen)."""
        if st.declined is None:
            return
        if not st.may:
            self.error("E205", f"'or {self.text_of(st.declined)}' after the label names the option that declines, and only "
                               "a 'may choose' has one: this choice must be answered.", st.declined,
                       "write 'may choose' to let the player decline, or leave out 'or \"...\"'")
        with self.before_the_choice({st.var: "what this choice chooses"}, "its way to decline is labelled"):
            self.template(st.declined)

    def chosen_from(self, var: str, source):
        """`choose c from q.hand ...`: from here on `c` is a card of the list chosen from, as for
        `c = ...` and `for c in ...`, so a later menu whose labels name it (an Inquisitor told which
        card was shown) keeps its answers from the others, and a text everyone reads that names it
        is W106. Gives what the name meant before, for a block to put back."""
        before = self.ctx.secret.pop(var, None)
        self.ctx.secret[var] = (source, dict(self.ctx.secret))
        return before

    def declined_then_used(self, st: A.Choose):
        """W120: the block of a `may choose x ...:` runs after a "Decline" too, with `x` none, so a
        `move x ...`, an `x.field` or `p.bid = x` (a number cannot be none) in it fails in play,
        unless it is reached only where `x` is known not to be none (`_DeclinedChoice` says where
        that is)."""
        walk = _DeclinedChoice(st.var, self.sym, self.stored_types)
        walk.block(st.body, False)
        if not walk.uses:
            return
        var = st.var
        use = min(walk.uses, key=lambda n: (n.span.line, n.span.column))
        what = f"'move {var} ...'" if isinstance(use, A.Move) else f"'{self.text_of(use)}'"
        setting = next((s for s, name in walk.settings if name is use), None)
        if setting is not None:             # the chosen value stored where a none does not fit
            what = (f"setting '{self.text_of(setting.target)}' ({T.a(self.stored_types[id(setting)])}, "
                    f"which cannot be none) to '{var}'")
        self.warn("W120", f"The block of 'may choose {var}' (line {st.span.line}) runs after a \"Decline\" too, with "
                          f"'{var}' none, and {what} here then fails in play.", use,
                  f"test 'if {var} != none:' first, and put the lines that need a value under it")

    def choose_parts(self, st: A.Choose):
        if st.cond is not None:
            self.want(st.cond, T.BOOL, "The condition")
        if _certainly_empty(st.source, self.sym):
            shown = self.text_of(st.source)
            self.error("E208", f"This choice chooses from '{shown}', "
                               f"{'an empty list' if shown == '[]' else 'a list certain to be empty'}: with nothing "
                               "to choose, the game would stop here with an error when it comes to it.", st.source,
                       "choose from the list of what may be chosen (range(a, b) counts up from a to b, both "
                       "included, and is empty when b is below a)" if shown != "[]" else
                       "choose from the list of what may be chosen")
        elif st.cond is not None and _certain_truth(st.cond, self.sym) is False:
            self.error("E208", f"This choice offers only the items for which {self.text_of(st.cond)!r} holds, which "
                               "is never true: with nothing to choose, the game would stop here with an error when "
                               "it comes to it.", st.cond, "write the condition an item must meet to be chosen")
        if st.label:
            self.template(st.label)
        self.mark_secret_labels(st, {st.var}, st.source, st.cond, st.label, st.declined)

    def mark_secret_labels(self, st, bound: set, *parts):
        """Mark a choice whose options may name a card not everyone may see through a local set
        from such cards (`for given in looking: choose q ... labelled "Give {given} to {q}"`): its
        answers are not shown to the others. The compiler follows zones and definitions itself
        (`Compiler.reads_hidden`), not locals. The names the choice binds are its own items."""
        known = {k: v for k, v in self.ctx.secret.items() if k not in bound}
        if any(self.secret_local(x, known) for x in parts if x is not None):
            self.out.secret_labels.add(id(st))

    @contextmanager
    def before_the_choice(self, names: dict, when: str):
        """Check a part of a choice worked out before anything is chosen (who chooses, the prompt):
        the names the choice binds are not known there (`Checker.not_yet`), even where the same
        name held a value before (the choice's own name is set while its options are made)."""
        hidden = {n: self.ctx.names.pop(n) for n in names if n in self.ctx.names}
        saved = self.not_yet
        self.not_yet = {**saved, **{n: (what, when) for n, what in names.items()}}
        try:
            yield
        finally:
            self.not_yet = saved
            self.ctx.names.update(hidden)

    def st_Menu(self, st: A.Menu, loop):
        self.choices.append(st)
        if st.by is not None:
            self.want_chooser(st.by)
        if st.prompt:
            self.template(st.prompt)
            self.public_text(st.prompt, "A choice's prompt is in every seat's view")
        for opt in st.options:
            if not opt.var:
                self.option_parts(opt, loop)
                continue
            t = self.expr(opt.iterable, self.ctx)
            self.want_list(t, opt.iterable)
            self.own_cards_unseen(opt.iterable, st.by, "option")
            with self.ctx.scoped(opt.var, T.elem(t)) as slot:
                self.out.slots[id(opt)] = slot
                self.option_parts(opt, loop)
        self.mark_secret_labels(st, {o.var for o in st.options if o.var},
                                *[x for o in st.options for x in (o.iterable, o.cond, o.label)])
        plain: dict = {}         # the options with no `for`, by their label and condition
        for opt in st.options:
            if opt.var:
                continue
            twin = plain.setdefault(A.shape((opt.label, opt.cond)), opt)
            if twin is not opt:
                # offered together, the engine numbers the second ("Rest (2)"): a copied option
                self.warn("W126", f"This choice has two options labelled {self.text_of(opt.label)} "
                                  f"(lines {twin.span.line} and {opt.span.line}), offered on the same condition: "
                                  "the player sees the second as the first's label with '(2)' after it.",
                          opt.label, "label them differently, or join their blocks into one option")
                break
        never = [o for o in st.options if self.never_offered(o) is not None]
        if st.options and len(never) == len(st.options):
            self.error("E208", "None of this choice's options is ever offered (each one's condition is never true, "
                               "or its list is '[]'): the game would stop here with an error when it comes to it, "
                               "'None of this choice's options is possible now'.", self.never_offered(never[0]),
                       "write the condition on which each option may be chosen")

    def never_offered(self, opt: A.MenuOption):
        """The condition (certainly false) or the list (`[]`) that keeps an option from being offered, or None."""
        if opt.cond is not None and _certain_truth(opt.cond, self.sym) is False:
            return opt.cond
        if opt.var and isinstance(opt.iterable, A.ListLit) and not opt.iterable.items:
            return opt.iterable
        return None

    def option_parts(self, opt: A.MenuOption, loop):
        if opt.cond is not None:
            self.want(opt.cond, T.BOOL, "The option's condition")
        self.template(opt.label)
        self.never_running(opt.body, loop, self.never_offered(opt))

    def st_Secret(self, st: A.Secret, loop):
        self.choices.append(st)
        if self.decline_written_early(st):      # checked on as the choice from the list meant
            st = dataclasses.replace(st, source=st.source.left)
        self.secret_names_bound_once(st)
        pt = self.expr(st.players, self.ctx)
        if not T.fits(pt, T.list_of(T.PLAYER)):
            self.error("E301", f"'secretly each' needs a list of players, not {T.a(pt)}.", st.players,
                       f"for one player, write the list of that one: [{self.text_of(st.players)}]" if pt == T.PLAYER else "")
        else:
            side = self.side_listed(st.players)
            if side is not None and side.span.file == st.players.span.file and \
                    st.players.span.line <= side.span.line <= st.players.span.end_line:
                self.side_not_seat(side, "choose in secret")
            elif side is not None:          # listed by a definition: told where it is used
                self.error("E301", f"'{self.text_of(st.players)}' holds the side '{self.side_named(side)}', which is "
                                   "not a seat at the table, so it cannot choose in secret.", st.players,
                           "choose among seats, such as 'players': a side only holds variables and zones, and scores")
        with self.ctx.scoped(st.player_var, T.PLAYER) as ps:
            t = self.expr(st.source, self.ctx)
            self.want_list(t, st.source)
            self.own_cards_unseen(st.source, A.Name(st.player_var, span=st.span), "secret")
            bound = {st.var: "what this choice chooses", **({st.time_var: "how long each seat took to choose"}
                                                              if st.time_var else {})}
            with self.before_the_choice(bound, "its prompt is asked"):
                if st.prompt is not None:
                    self.template(st.prompt)
            if st.declined is not None:
                if not st.may:      # as for a plain choose (decline_label): only a `may` choice declines
                    self.error("E205", f"'or {self.text_of(st.declined)}' after the label names the option that "
                                       "declines, and only a 'may choose' has one: every player asked must answer this "
                                       "secret choice.", st.declined,
                               "write 'secretly each p in ... may choose ...' to let each player decline, or leave out "
                               "'or \"...\"'")
                with self.before_the_choice(bound, "its way to decline is labelled"):
                    self.template(st.declined)
            timed = self.ctx.scoped(st.time_var, T.INT) if st.time_var else nullcontext(-1)
            with self.ctx.scoped(st.var, T.elem(t)) as vs, timed as ts:
                self.out.slots[id(st)] = (ps, vs, ts)
                if st.cond is not None:
                    self.want(st.cond, T.BOOL, "The condition")
                self.template(st.label)
                self.mark_secret_labels(st, {st.var, st.player_var}, st.source, st.cond, st.label, st.declined)
                self.declinable.append(st.var if st.may else None)
                self.untimed.append(None if st.time_var else st)
                self.secret_players.append((st.player_var, ps, st))
                try:
                    self.block(st.body, loop)
                finally:
                    self.declinable.pop()
                    self.untimed.pop()
                    self.secret_players.pop()
                if st.may:
                    self.declined_then_used(st)
        self.current_for_loop_name(st.player_var, [st.body], "This secret choice's block, run for each player,")

    def secret_names_bound_once(self, st: A.Secret):
        """E202 when a secret choice binds one name twice (`secretly each p in players chooses p
        from ...`): its block runs once per player with both set, so the later one hides the
        earlier, and the block could no longer tell which player chose (or what)."""
        bound = [(st.player_var, "each", "each player"), (st.var, "chooses", "the choice")]
        if st.time_var:
            bound.append((st.time_var, "timed", "the reaction time"))
        for i, (name, keyword, what) in enumerate(bound):
            first = next((w for n, _, w in bound[:i] if n == name), None)
            if first is None:
                continue
            start = self.word(st, keyword, after=st.span.column - 1)
            at = self.word(st, name, after=start.end_column - 1) if start is not st.span else st.span
            lost = {"each player": "which player chose", "the choice": "what was chosen"}[first]
            self.error("E202", f"This secret choice names '{name}' twice, as {first} and as {what}: in its block "
                               f"'{name}' would be {what} alone, and the block could not tell {lost}.", at,
                       "give each its own name, e.g. 'secretly each p in players chooses x from ...'")

    def secret_player_set(self, st: A.Assign):
        """W137 at `p = ...` in the block of `secretly each p in ...`: the block runs once for each
        player who answered, with `p` that player, and the lines after this one would read
        another player as the one who chose (their card, their points, what is said of them)."""
        tgt = st.target
        if not self.secret_players or not isinstance(tgt, A.Name):
            return
        bound = self.lookup_local(tgt.name)
        for name, slot, choice in reversed(self.secret_players):
            if name == tgt.name and bound is not None and bound[1] == slot:
                self.warn("W137", f"'{name}' is the player whose answer this block carries out: the secret choice at "
                                  f"line {choice.span.line} runs it once for each player, with '{name}' that player, "
                                  f"and setting '{name}' here makes the lines after it read another player as the one "
                                  "who chose.", tgt,
                          f"keep the other player in a name of its own ('other = ...') and leave '{name}' to be "
                          "the player who chose")
                return

    def key_values(self, key, kt: str):
        """What a table key's expression may be, when it is known: ("enum", its values) for a value
        of an enum (or option), ("ints", [(low, high)]) for a variable declared 'in LOW to HIGH',
        the player count, or a roll of a die of number faces; else None."""
        if kt.startswith("enum:"):
            return "enum", {n for n, x in self.sym.items() if x.kind == "enum_value" and x.type == kt}
        if kt != T.INT:
            return None
        faces = self.rolled_numbers(key)
        if faces:
            return "ints", [(f, f) for f in faces]
        if isinstance(key, A.Name) and key.name == "player_count" and self.lookup_local(key.name) is None \
                and "player_count" not in self.sym:
            return "ints", [(self.out.min_players, self.out.max_players)]
        name = key.name if isinstance(key, (A.Name, A.Field)) else None
        s = self.sym.get(name) if name else None
        if s is None or not isinstance(s.decl, A.VarDecl) or s.decl.low is None or \
                isinstance(key, A.Name) and (self.lookup_local(name) is not None or s.decl.per_player) or \
                isinstance(key, A.Field) and not s.decl.per_player:
            return None
        return "ints", [(s.decl.low, s.decl.high)]

    def key_fits(self, table: A.TableDecl, i: int, key, kt: str, want: list):
        """Whether the key `key` (of type `kt`) fits the table's key position `i`: False when its
        type does not, or when it may be a number no entry there covers; True when every value it
        may be is covered; None (it may) when its values are not known."""
        if T.unknown(kt) or kt == T.ERROR:
            return None
        if not T.fits(kt, want[i]):
            return False
        known = self.key_values(key, kt)
        if known is None:
            return None
        given = [([(x.low, x.high)] + x.more_keys)[i] for x in table.entries if len(x.more_keys) + 1 > i]
        if known[0] == "enum":
            return known[1] <= {lo for lo, _ in given}
        ranges = [(lo, hi) for lo, hi in given if isinstance(lo, int) and isinstance(hi, int)]
        return len(ranges) == len(given) and not any(_gaps(ranges, lo, hi, 1) for lo, hi in known[1])

    def swapped_keys(self, table: A.TableDecl, keys: list, kts: list, want: list) -> dict:
        """A lookup of a table of several keys with two keys in each other's places (`damage[r,
        level]` for a table keyed `level, r`): some key whose values are known fits not its own
        position but the other's, and with the two swapped every key fits. For each of the two
        positions that does not fit, the words saying so, with the table's line and the lookup
        written right (for W138, or E301's hint); else {}."""
        if len(keys) < 2 or len(keys) != len(want) or not table.entries:
            return {}
        now = [self.key_fits(table, i, k, t, want) for i, (k, t) in enumerate(zip(keys, kts))]
        if False not in now:
            return {}
        for i, j in itertools.combinations(range(len(keys)), 2):
            if (now[i] is False or now[j] is False) and \
                    all(now[k] is not False for k in range(len(keys)) if k not in (i, j)) and \
                    self.key_fits(table, i, keys[j], kts[j], want) is not False and \
                    self.key_fits(table, j, keys[i], kts[i], want) is not False:
                order = list(range(len(keys)))
                order[i], order[j] = j, i
                fixed = f"{table.name}[{', '.join(self.text_of(keys[k]) for k in order)}]"
                return {place: (f"'{self.text_of(keys[place])}' fits the {_ORDINALS[other]} key of the table "
                                f"'{table.name}' (line {table.span.line}), not its {_ORDINALS[place]}", fixed)
                        for place, other in ((i, j), (j, i)) if now[place] is False}
        return {}

    # ------------------------------------------------------------------ expressions
    def want(self, e, typ, what):
        t = self.expr(e, self.ctx)
        if not T.fits(t, typ):
            self.error("E301", f"{what} must be {T.a(typ)}, not {T.a(t)}.", e, self.type_hint(e, t, typ))
        return t

    def want_list(self, t, node):
        if not T.is_list(t):
            hint = "to count from 1 to n, write range(1, n)" if t == T.INT else self.type_hint(node, t, T.list_of(T.ANY))
            if t == T.INT and isinstance(node, A.Name) and self.lookup_local(node.name) is not None:
                # `dice = roll(d6) + roll(d6)`, then `for d in dice`: a sum, where a list was meant
                hint = (f"'{node.name}' was set to a number: a list is written in brackets, [a, b, c] ('+' of "
                        f"numbers adds them up), and the numbers from 1 to {node.name} are range(1, {node.name})")
            if not hint and t == T.PLAYER:
                # `choose c from current`: a player is not the cards they hold; name their zone
                zone = self.a_player_zone()
                if zone:
                    hint = f"a player is not a list; their things are in their zones: {self.text_of(node)}.{zone}"
            self.error("E301", f"Expected a list here, not {T.a(t)}.", node, hint)

    def a_player_zone(self) -> str | None:
        """The first zone each player has, for a hint that a player is not a zone: None if none."""
        return next((d.name for d in self.p.decls if isinstance(d, A.ZoneDecl) and d.per_player), None)

    def text_of(self, node) -> str:
        """The source text of an expression on one line, or '...'."""
        sp = node.span
        line = self.p.sources.line(sp.file, sp.line) if sp.line and sp.end_line == sp.line else None
        return line[sp.column - 1:sp.end_column - 1] if line and sp.end_column > sp.column else "..."

    def type_hint(self, node, have: str, want: str) -> str:
        """The likely fix when `node`, of type `have`, is used where `want` is: a thing's field of
        the wanted type ("did you mean c.rank?"), a table's look-up, an enum value without quotes."""
        if isinstance(node, A.Name) and node.name in self.sym and self.sym[node.name].kind == "die":
            return f"{node.name} is a die; roll({node.name}) gives one of its faces"
        if have.startswith("thing:"):
            kind = have[6:]
            fields = [f for f, (t, _) in self.out.kind_fields.get(kind, {}).items() if T.fits(t, want) and want != T.ANY]
            if fields:
                shown = node.name if isinstance(node, A.Name) else self.text_of(node)
                return f"did you mean {shown}.{fields[0]}?" if len(fields) == 1 else \
                    f"did you mean one of its fields: {', '.join(f'{shown}.{f}' for f in fields[:4])}?"
        if isinstance(node, A.Name):
            sym = self.sym.get(node.name)
            if sym is not None and sym.kind == "table":
                return f"look the table up: {node.name}[...]"
        return self.confusion_hint(node, have, want)

    def names_zones_whole(self, text: str) -> bool:
        """Whether `text` names a numbered zone without its number (`first(pile)`)."""
        return any(isinstance(z, A.ZoneDecl) and z.count and re.search(rf"\b{z.name}\b(?!\s*\[)", text)
                   for z in self.p.decls)

    def confusion_hint(self, node, have: str, want: str) -> str:
        """The fix for a value of one sort written where another is wanted, in the confusions an
        author makes: a text for an enum value (`"pilot"`), a number for a truth and back, a
        kind for one of its things, one item for a list of them and back. "" when none fits."""
        shown = self.text_of(node)
        if self.names_zones_whole(shown):
            return ""       # the hint that the zone is several zones is the likelier fix (_numbered_zone_hint)
        plain = "".join(node.parts) if isinstance(node, A.Template) and all(isinstance(x, str) for x in node.parts) \
            else None
        if plain == "none" and T.nullable(want) or plain in ("true", "false") and want == T.BOOL:
            return f"write {plain} without quotes: in quotes it is a text"     # `"none"` for none
        if plain is not None and want.startswith("enum:"):
            sym = self.sym.get(plain)
            if sym is not None and sym.kind == "enum_value" and sym.type == want:
                return f"write {plain} without quotes: it is {T.a(want)}, not a text"
        if want.startswith("enum:") and have in (T.INT, T.TEXT):
            values = [n for n, x in self.sym.items() if x.kind == "enum_value" and x.type == want]
            if values:
                return (f"{T.a(want)} is one of its values, written without quotes: {', '.join(values[:6])}"
                        + (", ..." if len(values) > 6 else ""))
        if plain is not None and want == T.INT and re.fullmatch(r"-?\d{1,15}", plain.strip()):
            return f"a number in quotes is a text: write {plain.strip()} without the quotes"
        if plain is not None and want.startswith("thing:"):
            return f'name the thing by its kind: {want[6:]} "{plain}"'
        if want == T.BOOL and have == T.INT:
            if isinstance(node, A.Lit) and node.value in (0, 1):
                return f"a truth is written {'true' if node.value else 'false'} (or false, true), not as a number"
            return f"a whole number is not a truth; compare it: {shown} > 0"
        if want == T.INT and have == T.BOOL:
            return f"a truth is not a number; to count it as one: (if {shown} then 1 else 0)"
        if isinstance(node, A.Name) and self.lookup_local(node.name) is None and have.startswith("list:thing:") \
                and want == have[5:] and (self.sym.get(node.name) and self.sym[node.name].kind == "kind"):
            return (f"'{node.name}' is the kind, the list of all its things; name one, {node.name} \"...\", "
                    f"or take one from a list: first({node.name}), pick({node.name})")
        if want.startswith("list:") and not T.unknown(T.elem(want)) and T.fits(have, T.elem(want)) \
                and not T.unknown(have) and have != T.NONE:
            return f"a list of one is written in brackets: [{shown}]"
        if have.startswith("list:") and T.fits(T.elem(have), want) and not T.unknown(want) and not T.unknown(have):
            return f"this is a list of them; one of them is first({shown}), or go through each with 'for x in {shown}:'"
        return ""

    def template(self, tpl: A.Template):
        for part in tpl.parts:
            if not isinstance(part, str):
                t = self.expr(part, self.ctx)
                if t.startswith("die:") and isinstance(part, A.Name):     # `"You rolled {d6}"`
                    self.error("E301", f"This shows the die '{part.name}' itself (every face it has), not a face "
                                       "rolled with it.", part,
                               f"roll it: {{roll({part.name})}} gives one of its faces; to show a roll twice, "
                               "keep it in a name first")

    def lookup_local(self, name):
        if self.ctx is None:
            return None
        return self.ctx.names.get(name)

    def meant(self, name: str, candidates, node) -> str:
        """did_you_mean, with where the name it offers is declared (a local: first set), when the
        rules declare it: a name misspelt where it is declared and used once is told at the use
        (either may be the slip), so the hint names the declaration's line too."""
        return did_you_mean(name, candidates, lambda close: self.declared_line(close, node))

    def declared_line(self, name: str, node, words: str = " ({verb} at {where})") -> str:
        """" (declared at line N)" of the rules' declaration of `name` (" of FILE" when it is in
        another file than `node`), " (set at line N)" of a local; "" for a built-in. `words` is
        the phrase, with {verb} and {where} in it."""
        span, verb = None, "declared"
        if self.ctx is not None and name in self.ctx.assigned:
            span, verb = self.ctx.assigned[name], "set"
        elif name in self.rules:
            span = getattr(self.rules[name].decl, "span", None)
        elif name in self.sym:
            span = getattr(self.sym[name].decl, "span", None)
        if span is None or not getattr(span, "line", 0):
            return ""
        here = getattr(getattr(node, "span", None), "file", None)
        where = f"line {span.line}{'' if span.file == here else ' of ' + Path(span.file).name}"
        return words.format(verb=verb, where=where)

    def visible_names(self):
        names = list(self.sym) + list(B.VALUES)
        if self.ctx:
            names += list(self.ctx.names)
        return names

    def expr(self, e, ctx: Context) -> str:
        saved, self.ctx = self.ctx, ctx
        try:
            t = getattr(self, "ex_" + type(e).__name__)(e)
        finally:
            self.ctx = saved
        self.out.types[id(e)] = t
        return t

    def ex_Lit(self, e: A.Lit):
        if e.value is None:
            return T.NONE
        if isinstance(e.value, bool):
            return T.BOOL
        return T.INT

    def ex_Template(self, e: A.Template):
        self.template(e)
        return T.TEXT

    def ex_Name(self, e: A.Name):
        local = self.lookup_local(e.name)
        if local is not None:
            self.ctx.used.add(e.name)
            self.out.refs[id(e)] = ("local", local[1])
            return local[0]
        if e.name in B.VALUES:
            self.out.refs[id(e)] = ("value", e.name)
            return B.VALUES[e.name]
        s = self.sym.get(e.name)
        if s is None and e.name in self.not_yet:
            what, when = self.not_yet[e.name]
            self.error("E201", f"'{e.name}' is {what}, and {when} before the choice is made, so '{e.name}' has no "
                               "value here.", e,
                       "name who chooses by what is known before the choice, such as current" if when.startswith("who")
                       else f"show it in the choice's block; the prompt may show only what is known before the choice"
                       if what.startswith("how long") else
                       "show each item in the choice's label (labelled \"{" + e.name + "}\"), and in the prompt only "
                       "what is known before the choice")
            self.out.refs[id(e)] = ("value", "none")
            return T.ERROR
        if s is None and e.name in self.rules:      # rules and stages have names of their own
            kind, params = self.rules[e.name].kind, getattr(self.rules[e.name].decl, "params", None)
            self.error("E305", f"'{e.name}' is a {kind}, not a value: a {kind} is run by a line of its own.", e,
                       f"call it on a line of its own, {e.name}({'...' if params else ''}); for a value, declare "
                       "a definition")
            self.out.refs[id(e)] = ("value", "none")
            return T.ERROR
        if s is None and e.name in self.where_below:
            self.error("E201", f"'{e.name}' is named by a 'where' line below this one (line {self.where_below[e.name]}), "
                               "and a 'where' line may use only the parameters and the names above it.", e,
                       f"move the 'where {e.name}' line above this one")
            self.out.refs[id(e)] = ("value", "none")
            return T.ERROR
        if s is None:
            gone = self.ctx.gone.get(e.name) if self.ctx is not None else None
            hint = gone or OTHER_LANGUAGES.get(e.name) or _number_word_or_name(e.name, self.visible_names()) \
                or _literal_slip(e.name) or self.meant(e.name, self.visible_names(), e)
            close = closest(e.name, self.visible_names()) if hint.startswith("did you mean") else ""
            if getattr(self.sym.get(close), "kind", None) in ("pvar", "pzone"):
                # each player's own, never read bare: the slip is likelier a name not yet declared
                what = "zone" if self.sym[close].kind == "pzone" else "variable"
                hint = (f"'{close}' is each player's own {what}, read as current.{close} or p.{close}; if '{e.name}' "
                        f"is one of the game's, declare it ('zone {e.name}: KIND, public' or 'var {e.name}: TYPE = ...')")
            set_at = self.ctx.later.get(e.name, 0) if self.ctx is not None else 0
            if not hint and set_at > e.span.line:
                # `winner.tricks += 1` above `winner = taker`: lines run in order
                hint = (f"'{e.name}' is first set at line {set_at}, below this line; lines run in order, so set it "
                        "before the line that uses it")
            guessed = not hint and self.define_stack and e.name.isidentifier()
            if guessed:
                # a definition reads only its parameters and the game's names: one it calls by is missing
                d = self.define_stack[-1]
                params = ", ".join(p.name for p in d.params)
                hint = (f"'{d.name}' has the parameters {params}" if params else f"'{d.name}' has no parameters") + \
                    f"; if '{e.name}' is one its calls give, add it" + \
                    (f" at line {d.span.line}" if d.span.line != e.span.line else "") + \
                    f": define {d.name}({params + ', ' if params else ''}{e.name}: TYPE)"
            if not hint and self.ctx is not None and self.ctx.names:
                hint = "the names set here are " + ", ".join(sorted(self.ctx.names)[:8])
                if self.untimed and self.untimed[-1] is not None:
                    # a secret choice gives how long each player took only under a name it is given
                    hint += (f"; if '{e.name}' is meant as the time each player took to answer, write "
                             f"'timed as {e.name}' after the choice's label (line {self.untimed[-1].span.line})")
            self.error("E201", f"Unknown name '{e.name}'.", e, hint, about=("unknown", e.name))
            if guessed:
                self.guessed.add(id(self.diags[-1]))
            self.out.refs[id(e)] = ("value", "none")
            return T.ERROR
        k = s.kind
        if k == "var":
            self.out.refs[id(e)] = ("global", s.slot)
            return s.type
        if k == "enum_value":
            self.out.refs[id(e)] = ("enum", e.name)
            return s.type
        if k == "option":
            self.out.refs[id(e)] = ("option", e.name)
            return s.type
        if k == "side":
            self.out.refs[id(e)] = ("side", s.slot)
            return T.PLAYER
        if k == "kind":
            self.out.refs[id(e)] = ("kind", e.name)
            return s.type
        if k == "enum":
            # The list of its values in declaration order (an `extend enum`'s after the base's, as
            # the loader merged them): `for r in role`, so a variant's new value joins every such list.
            self.out.refs[id(e)] = ("enum_list", e.name, tuple(s.decl.values))
            return T.list_of("enum:" + e.name)
        if k == "define":
            if s.decl.has_params:
                self.error("E207", f"'{e.name}' needs values in parentheses: {e.name}(...).", e,
                           f"write {e.name}(" + ", ".join(p.name for p in s.decl.params) + ")")
            self.out.refs[id(e)] = ("define", e.name)
            return self.define_type(s)
        if k == "table":
            # A table is not a value: only its entries are (`u[1]`), wherever a value is written.
            self.error("E305", f"'{e.name}' is a table, not a value: a value is one of its entries, looked up by "
                               "its key.", e, f"look it up: {self.table_lookup_example(s.decl)}")
            return T.ERROR
        if k in ("die", "pattern"):
            self.out.refs[id(e)] = (k, e.name)
            return s.type if k == "die" else k
        if k == "pvar":
            self.error("E303", f"'{e.name}' belongs to each player; write p.{e.name} for a player p, e.g. current.{e.name}.", e)
            return s.type
        self.error("E305", f"'{e.name}' is {T.article(k)} {k}, not a value.", e)
        return T.ERROR

    @staticmethod
    def table_lookup_example(d: A.TableDecl) -> str:
        """A look-up of the table by its first entry's keys, as a rulebook writes it (`u[1]`,
        `damage[1, 2]`, `names["x"]`)."""
        if not d.entries:
            return f"{d.name}[key]"
        e = d.entries[0]
        return f"{d.name}[{', '.join(_shown_key(lo) for lo, _ in [(e.low, e.high)] + list(e.more_keys))}]"

    def ex_ThingRef(self, e: A.ThingRef):
        s = self.sym.get(e.kind)
        if s is None or s.kind != "kind":
            line = self.p.sources.line(e.span.file, e.span.line) or ""
            before = line[:max(e.span.column - 1, 0)]
            choose = CHOOSE_FROM.match(before)
            if choose and not before[choose.end():].strip():
                # `choose c from pot "Take {c}"`: the label without its word reads as a thing named by a kind
                self.error("E201", f"'labelled' is missing before the options' label \"{e.name}\": "
                                   f"'{e.kind} \"{e.name}\"' reads as a thing named by a kind.", e,
                           f"write 'from {e.kind} labelled \"{e.name}\"'")
                return T.ERROR
            self.error("E201", f"'{e.kind} \"{e.name}\"' names a thing, but '{e.kind}' is not a kind.", e,
                       did_you_mean(e.kind, self.out.kinds))
            return T.ERROR
        names = [t.get("name") for t in self.out.things.get(e.kind, [])]
        if e.kind in self.p.data_failed:
            return "thing:" + e.kind          # its data failed: that error says it all
        if e.name not in names:
            # the rules may be right and the data short: say where the things come from
            files = [Path(f).name for f in [self.p.data_files.get(e.kind)] + [r.get("_file") for r in
                                                                              self.out.things.get(e.kind, [])] if f]
            files = list(dict.fromkeys(files))
            hint = did_you_mean(e.name, [n for n in names if isinstance(n, str)])
            if files:
                hint = (f"{hint + ' ' if hint else ''}Each {e.kind} is a record of {' or '.join(files)}: if the "
                        f"rules are right, add the record named \"{e.name}\" there")
            self.error("E201", f"There is no {e.kind} named \"{e.name}\".", self.word(e, f'"{e.name}"'), hint,
                       about=("no thing", e.kind))
            return "thing:" + e.kind
        if e.kind in self.out.per_player_kinds:
            self.error("E205", f"Every player has a {e.kind} named \"{e.name}\", so '{e.kind} \"{e.name}\"' does not "
                       "say whose.", e, f"name a player's own: first([x for x in {e.kind} if x.{OWNER} == p and "
                       f"x.name == \"{e.name}\"])")
        self.out.refs[id(e)] = ("thing", e.kind, names.index(e.name))
        return "thing:" + e.kind

    def beyond_range(self, e: A.Binary):
        """W133 for `raft_pieces == 16` on a variable `in 0 to 15`: a variable with a range compared
        with a number certain to be beyond it, so that the comparison never holds (or, with `!=`,
        always holds). One always true by order (`level <= 4`) is a careful guard, not told.
        Every comparison of a variable with a number is kept for W135 (`capped_comparisons`)."""
        flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
        for var, other, op in ((e.left, e.right, e.op), (e.right, e.left, flip.get(e.op))):
            s = self.sym.get(var.name) if isinstance(var, (A.Name, A.Field)) else None
            if s is None or not isinstance(s.decl, A.VarDecl) or op is None:
                continue
            if self.out.refs.get(id(var), ("",))[0] not in ("global", "pvar"):
                continue
            n, _ = _fixed_number(other, self.sym)
            if n is not None:
                self.compared.append((e, s, op, n))
            if n is None or s.decl.low is None:
                continue
            lo, hi = s.decl.low, s.decl.high
            if lo > hi:
                continue
            holds = _holds(op, n, lo, hi)
            if holds is None or holds and op != "!=":     # `level <= 4` always true is only a careful guard
                continue
            self.warn("W133", f"'{s.decl.name}' stays from {lo} to {hi}, so {self.text_of(e)!r} is always "
                              f"{'true' if holds else 'false'}.", e,
                      f"compare with a number from {lo} to {hi}, or widen the range where '{s.decl.name}' is "
                      f"declared (line {s.decl.span.line}{self.in_file(s.decl, e)})")
            return

    def no_thing_has(self, e: A.Binary):
        """W132 for `c.name == "Shieldx"`: a field that comes from the data (never set in play)
        compared with a text written out that no thing of the kind has in that field, so the
        comparison never holds. Only a text, never a template with values put in."""
        for side, other in ((e.left, e.right), (e.right, e.left)):
            if not (isinstance(side, A.Field) and isinstance(other, A.Template) and len(other.parts) == 1
                    and isinstance(other.parts[0], str)):
                continue
            ot = self.out.types.get(id(side.obj), "")
            kind = ot[6:] if isinstance(ot, str) and ot.startswith("thing:") else ""
            typ, changing = self.out.kind_fields.get(kind, {}).get(side.name, (None, True))
            things = self.out.things.get(kind) or []
            if typ != T.TEXT or changing or not things or kind in self.p.data_failed:
                continue
            values = [x.get(side.name) for x in things]
            text = other.parts[0]
            if text in values:
                continue
            always = "false" if e.op == "==" else "true"
            self.warn("W132", f"No {kind} has the {side.name} \"{text}\", so this comparison is always {always}.",
                      other, did_you_mean(text, sorted({v for v in values if isinstance(v, str)})) or
                      f"compare with the {side.name} of a {kind} in its data")

    def field_type(self, e: A.Field, ot: str) -> str:
        if ot.startswith("thing:"):
            kind = ot[6:]
            fields = self.out.kind_fields.get(kind, {})
            if e.name not in fields:
                hint = did_you_mean(e.name, fields)
                near = next((f for f in getattr(self.out.kinds.get(kind), "fields", []) if hint and
                             f"'{f.name}'" in hint and f.span and f.span.file == e.span.file), None)
                if near is not None:        # the field's own line may hold the slip (a misspelt declaration)
                    hint = f"{hint.rstrip('?')} (declared at line {near.span.line})?"
                if e.name == "owner" and kind not in self.out.per_player_kinds:
                    hint = f"a thing has an 'owner' when its kind is one set per player: 'player kind {kind} ...'"
                given = next((d for d in self.p.data_problems if d.code == "E023" and
                              d.about == ("undeclared field", kind, e.name)), None)
                if given is not None and not hint:
                    # the field's line was lost from the kind (deleted, misspelt): its data still gives it
                    last = (getattr(self.out.kinds.get(kind), "fields", None) or [None])[-1]
                    after = f", after its last field (line {last.span.line})" if last is not None and last.span \
                        and last.span.file == e.span.file else ""
                    hint = (f"the data gives '{e.name}' ({given.span.file.rsplit('/', 1)[-1]}:{given.span.line}): "
                            f"declare it in the kind '{kind}'{after}")
                self.error("E201", f"{T.article(kind).capitalize()} {kind} has no field '{e.name}'.",
                           e.name_span or e.span, hint, about=("no field", kind, e.name))
                self.blame(e.obj)       # the value's declaration, not this field's name
                return T.ERROR
            typ, dynamic = fields[e.name]
            self.out.refs[id(e)] = ("field" if dynamic else "attr", kind, e.name)
            return typ
        if ot == T.PLAYER:
            s = self.sym.get(e.name)
            if s is None or s.kind != "pvar":
                if e.name in self.refused_pvars:
                    # `option passing` and `player zone passing`: E202 told that the player's
                    # zone was refused, and "a player has no 'passing'" would say it was never written
                    return T.ERROR
                if s is not None and s.kind == "define":
                    hint = f"'{e.name}' is a definition: write {e.name}(p) for a player p"
                else:
                    hint = (self.meant(e.name, [n for n, x in self.sym.items() if x.kind == "pvar"], e) or
                            "declare it with 'player var' or 'player zone'")
                    if e.name == "name" and "name" not in self.sym:
                        # `"{current.name}"`: a player is shown in words as it is
                        hint = (f"a player is shown by itself, \"Player 1\": write {{{self.text_of(e.obj)}}} in a "
                                "text; or declare 'player var name: text' for names of your own")
                self.error("E201", f"A player has no '{e.name}'.", e.name_span or e.span, hint,
                           about=("no player field", e.name))
                self.blame(e.obj)
                if s is not None and s.kind == "var":
                    self.read_as_players.setdefault(e.name, []).append(self.diags[-1])
                return T.ERROR
            self.out.refs[id(e)] = ("pvar", s.slot)
            return s.type
        if ot == T.ERROR:           # its mistake was told where it was made
            return T.ERROR
        if ot == T.ANY:
            self.error("E301", f"Cannot tell what kind of thing this is, so '.{e.name}' cannot be read.", e,
                       "give the value a declared type, e.g. through a definition with a result type",
                       about=("untyped", e.name))
        else:
            # `p.hand.size`: how many is a built-in's answer
            hint = f"how many items: count({self.text_of(e.obj)})" if T.is_list(ot) and \
                e.name in ("size", "length", "len", "count") else ""
            if not hint and T.is_list(ot) and ot.startswith("list:thing:") and not self.names_zones_whole(self.text_of(e.obj)):
                # `space.flood = dry`, `flooded_this_turn.flood`: each of the things has the field
                fields = self.out.kind_fields.get(ot[11:], {})
                if e.name in fields:
                    hint = (f"a list has no fields, each of its things has: [x.{e.name} for x in "
                            f"{self.text_of(e.obj)}], or 'for x in {self.text_of(e.obj)}:' and x.{e.name}")
            obj = self.text_of(e.obj)
            if not hint and T.is_list(ot) and not self.names_zones_whole(obj):     # `b.first` of a pair: its items
                hint = f"a list's items are {obj}[0], {obj}[1], ... (from 0); first({obj}) and last({obj}) its ends"
            self.error("E301", f"{T.a(ot).capitalize()} has no fields; '.{e.name}' needs a thing or a player.", e, hint)
        self.out.refs[id(e)] = ("dynamic", e.name)
        return T.ERROR

    def ex_Field(self, e: A.Field):
        return self.field_type(e, self.expr(e.obj, self.ctx))

    def chained_keys(self, e: A.Index) -> list:
        """The keys of the lookups written right after `e` (`t[a][b][c]`: b and c for `t[a]`)."""
        keys = []
        while id(e) in self.indexed_again:
            e = self.indexed_again[id(e)]
            keys += [e.key] + list(e.more_keys or [])
        return keys

    def ex_Index(self, e: A.Index):
        if isinstance(e.obj, A.Name) and self.sym.get(e.obj.name) and self.sym[e.obj.name].kind == "table" \
                and self.lookup_local(e.obj.name) is None:
            keys = [e.key] + e.more_keys
            want = self.out.table_keys.get(e.obj.name)
            table = self.sym[e.obj.name].decl
            width = 1 + len(table.entries[0].more_keys) if table.entries else 1
            if len(keys) != width:
                chained = self.chained_keys(e)
                hint = "write " + e.obj.name + "[" + ", ".join(["key"] * width) + "]"
                if len(keys) < width and len(keys) + len(chained) == width:
                    # `damage[level][r]`: the keys in brackets of their own, as a dict of dicts is read
                    hint = (f"write {e.obj.name}[{', '.join(self.text_of(k) for k in keys + chained)}]: a table's "
                            "keys go in one pair of brackets, parted by commas")
                self.error("E207", f"The table '{e.obj.name}' is looked up by {width} value{'s' * (width > 1)}, "
                           f"not {len(keys)}.", e, hint)
            before = len(self.diags)
            kts = [self.expr(key, self.ctx) for key in keys]
            swapped = self.swapped_keys(table, keys, kts, want) if want and len(keys) == width else {}
            for i, (key, kt) in enumerate(zip(keys, kts)):
                if want and i < len(want) and not T.fits(kt, want[i]):
                    where = f" in its {_ORDINALS[i]} key" if width > 1 else ""
                    self.error("E301", f"The table '{e.obj.name}' is looked up by {T.a(want[i])}{where}, not by {T.a(kt)}.",
                               key, "{}: the keys look swapped; write {}".format(*swapped[i]) if i in swapped else
                               self.type_hint(key, kt, want[i])
                               or f"its entries are looked up like {self.table_lookup_example(table)}")
            if swapped and len(self.diags) == before:
                said, fixed = swapped[min(swapped)]
                self.warn("W138", f"The keys of this lookup look swapped: {said}.", e, f"write {fixed}")
            if len(keys) == width and len(self.diags) == before and self.written_key_missing(e, table):
                pass            # certain to fail: a warning that it might would say less
            elif width == 1 and len(keys) == 1:
                self.table_gap(table, keys[0])
                if want and want[0].startswith("enum:") and self.out.types.get(id(keys[0])) == want[0]:
                    self.enum_table_gap(table, keys[0], want[0])
            elif (len(keys) == width and want and len(want) == width
                  and all(w.startswith("enum:") and self.out.types.get(id(k)) == w for k, w in zip(keys, want))):
                self.enum_pairs_gap(table, keys, want)
            self.out.refs[id(e)] = ("table", e.obj.name)
            return self.sym[e.obj.name].type
        if isinstance(e.obj, A.Index):
            self.indexed_again[id(e.obj)] = e
        ot = self.expr(e.obj, self.ctx)
        if ot == T.ERROR:           # a table or list whose mistake was told: its key could be anything
            for key in [e.key] + list(e.more_keys or []):
                self.expr(key, self.ctx)
            return T.ERROR
        self.want(e.key, T.INT, "A list position")
        zone = self.numbered_zone_named(e.obj)
        told = len(self.diags)
        if zone is not None and isinstance(zone.decl, A.ZoneDecl) and zone.decl.count is not None \
                and 1 <= zone.decl.count <= 100 and isinstance(e.key, A.Lit) and type(e.key.value) is int and not 0 <= e.key.value < zone.decl.count:
            n, name = zone.decl.count, self.text_of(e.obj)
            them = f"{name}[0]" if n == 1 else f"{name}[0] and {name}[1]" if n == 2 else f"{name}[0] to {name}[{n - 1}]"
            self.error("E208", f"The numbered zone '{name}' is {them}, counted from 0: there is no "
                               f"{name}[{e.key.value}].", e.key, f"the last is {name}[{n - 1}]")
        if not self.seat_beyond_the_table(e) and len(self.diags) == told:
            self.list_counted_from_its_end(e)
        for extra in e.more_keys:
            self.expr(extra, self.ctx)
            self.error("E301", "A list is looked up by one position; only a table takes several keys.", extra)
        self.want_list(ot, e.obj)
        self.out.refs[id(e)] = ("list",)
        return T.elem(ot)

    def list_counted_from_its_end(self, e: A.Index):
        """E208 at `xs[-1]` (or a definition of no values giving a number below 0): items count
        from 0, so the look-up fails whenever it is reached."""
        n, via = _fixed_number(e.key, self.sym)
        if n is None or 0 <= n < _NO_LIST_THIS_LONG:
            return
        name = self.text_of(e.obj)
        given = f" ('{via}' is {n})" if via else ""
        if n >= _NO_LIST_THIS_LONG:
            self.error("E208", f"No list in play comes near {n:,} items (a stored list holds at most a million), so "
                               f"'{name}' has no item {n}{given}: this look-up fails whenever it is reached.", e.key,
                       f"the last item is {name}[count({name}) - 1]")
            return
        self.error("E208", f"The items of '{name}' are counted from {name}[0]: there is no item {n}{given} (a list "
                           "is not counted from its end), so this look-up fails whenever it is reached.", e.key,
                   f"the last item is {name}[count({name}) - 1]")

    def seat_beyond_the_table(self, e: A.Index):
        """E208 at `players[5]` in a game for at most 4: no player count has that seat. (One that
        only some counts have, `players[3]` in a game for 2 to 4, is for the rules to test.)"""
        if not (isinstance(e.obj, A.Name) and e.obj.name == "players" and self.lookup_local("players") is None
                and "players" not in self.sym):
            return False
        past = self.seats_past_the_last(e.key)
        if past is not None:
            self.error("E208", f"'players' lists the seats from players[0] to players[player_count - 1]: "
                               f"there is no players[{self.text_of(e.key)}], with any number of players.", e.key,
                       "the last seat is players[player_count - 1]; to go round the table, players[(i + 1) % player_count]")
            return True
        if _constant(e.key) is None:
            return False
        n, most = _constant(e.key), self.out.max_players
        if n < 0:
            self.error("E208", f"'players' lists the seats from players[0]: there is no players[{n}] "
                               "(a list is not counted from its end).", e.key,
                       "the last seat is players[player_count - 1]")
            return True
        if n >= most:
            self.error("E208", f"'players' lists the seats from players[0], and this game is for at most {most} "
                               f"player{'s' * (most != 1)}: there is no players[{n}].", e.key,
                       f"the last seat is players[{most - 1}]" + (
                           " (with the fewest players, players[{}])".format(self.out.min_players - 1)
                           if self.out.min_players != most else ""))

    def seats_past_the_last(self, key):
        """How far past the last seat a key certainly is, as `player_count` (0), `player_count + 1`
        (1) or `count(players)` (0), or None when it is not certain."""
        def the_count(x) -> bool:
            if isinstance(x, A.Name) and x.name == "player_count":
                return self.lookup_local("player_count") is None and "player_count" not in self.sym
            return (isinstance(x, A.Call) and x.name == "count" and len(x.args) == 1 and isinstance(x.args[0], A.Name)
                    and x.args[0].name == "players" and self.lookup_local("players") is None and "players" not in self.sym)
        if the_count(key):
            return 0
        if isinstance(key, A.Binary) and key.op == "+":
            for a, b in ((key.left, key.right), (key.right, key.left)):
                n = _constant(b)
                if the_count(a) and n is not None and n >= 0:
                    return n
        return None

    def written_key_missing(self, e: A.Index, table: A.TableDecl):
        """E208 at a look-up whose keys are written out (`bonus[2]`, `damage[4, 12]`) and match no
        entry: it fails in play whenever it is reached."""
        found, written = self.entry_indexes(e, table)
        given = ""
        if not written and table.entries:       # keys a definition of no values gives: `bonus[start]`
            fixed = [_fixed_number(k, self.sym) for k in [e.key] + list(e.more_keys)]
            numbers = all(isinstance(lo, int) and isinstance(hi, int) for x in table.entries
                          for lo, hi in [(x.low, x.high)] + list(x.more_keys))
            if numbers and all(n is not None for n, _ in fixed) and any(via for _, via in fixed):
                keys = [n for n, _ in fixed]
                found = [i for i, x in enumerate(table.entries)
                         if len([(x.low, x.high)] + list(x.more_keys)) == len(keys) and all(
                             isinstance(lo, int) and isinstance(hi, int) and lo <= k <= hi
                             for (lo, hi), k in zip([(x.low, x.high)] + list(x.more_keys), keys))]
                written = True
                given = " (" + ", ".join(f"'{via}' is {n}" for n, via in fixed if via) + ")"
        if found or not written or not table.entries:
            return False
        keys = ", ".join(self.text_of(k) for k in [e.key] + list(e.more_keys)) + given
        change = self.p.changes.get(table.name, ("",))
        through = f" (as {change[1].file}:{change[1].line} replaces it)" if change[0] in ("replaced", "retyped") else ""
        at = f"line {table.span.line}" if table.span.file == e.span.file else f"{table.span.file}:{table.span.line}"
        self.error("E208", f"The table '{table.name}'{through} has no entry for {keys}, so this look-up fails "
                           f"whenever it is reached.", e,
                   f"add an entry for {keys} to the table ({at}), or look up a key it has")
        return True

    def numbered_zone_named(self, obj):
        """The declaration `obj` names when it is a game's zone (`discard`) or a player's zone
        (`p.piles`), so a number it does not have is told for both; else None."""
        if isinstance(obj, A.Name) and self.lookup_local(obj.name) is None:
            return self.sym.get(obj.name)
        if isinstance(obj, A.Field) and (self.out.refs.get(id(obj)) or ("",))[0] == "pvar":
            return self.sym.get(obj.name)
        return None

    def table_gap(self, table: A.TableDecl, key) -> None:
        """W109 at a table lookup whose key is known to range over values the table has no entry
        for: a variable declared 'in LOW to HIGH', or `player_count`. The lookup would fail in
        play when the key comes to such a value (unless the rules never look it up then)."""
        faces = self.rolled_numbers(key)
        if faces:
            ranges = [(x.low, x.high) for x in table.entries if isinstance(x.low, int) and not x.more_keys]
            missing = [f for f in faces if not any(a <= f <= b for a, b in ranges)]
            if missing and len(ranges) == len(table.entries):
                shown = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
                self.warn("W109", f"The table '{table.name}' has no entry for {shown}, which '{self.text_of(key)}' "
                                  f"(faces {self.faces_shown(key.args[0].name)}) can be.", key,
                          f"add an entry for {'it' if len(missing) == 1 else 'them'}", about=("table gap", table.name, None))
            return
        if isinstance(key, A.Name) and key.name == "player_count" and self.lookup_local(key.name) is None \
                and "player_count" not in self.sym:
            low, high, what = self.out.min_players, self.out.max_players, f"the player count ({{}})"
        else:
            name = key.name if isinstance(key, (A.Name, A.Field)) else None
            s = self.sym.get(name) if name else None
            if s is None or not isinstance(s.decl, A.VarDecl) or s.decl.low is None or \
                    (isinstance(key, A.Name) and self.lookup_local(name) is not None) or \
                    isinstance(key, A.Field) and not s.decl.per_player or isinstance(key, A.Name) and s.decl.per_player:
                return
            low, high, what = s.decl.low, s.decl.high, f"'{self.text_of(key)}' ({{}})"
        ranges = [(x.low, x.high) for x in table.entries if isinstance(x.low, int) and not x.more_keys]
        if len(ranges) != len(table.entries):
            return            # keyed by names
        missing = _gaps(ranges, low, high, 6)
        if missing:
            shown = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
            self.warn("W109", f"The table '{table.name}' has no entry for {shown}, which "
                              f"{what.format(f'{low} to {high}')} can be.", key,
                      f"add an entry for {'it' if len(missing) == 1 else 'them'}, or a range that covers "
                      f"{'it' if len(missing) == 1 else 'them'}", about=("table gap", table.name, None))

    def rolled_numbers(self, key) -> list:
        """The whole-number faces `key` may give when it is a plain roll of a die (`roll(d6)`), in
        order; else []."""
        if not (isinstance(key, A.Call) and key.name == "roll" and len(key.args) == 1 and isinstance(key.args[0], A.Name)
                and (self.out.refs.get(id(key.args[0])) or ("",))[0] == "die" and "roll" not in self.sym):
            return []
        faces = self.sym[key.args[0].name].decl.faces
        return sorted(set(faces)) if faces and all(type(f) is int for f in faces) else []

    def enum_table_gap(self, table: A.TableDecl, key, enum: str) -> None:
        """W109 at a lookup, by a value of an enum, of a table that has no entry for some of the
        enum's values: the lookup fails in play when the key comes to one of them."""
        given = {x.low for x in table.entries}
        missing = [n for n, x in self.sym.items() if x.kind == "enum_value" and x.type == enum and n not in given]
        reached = self.narrowed.get(self.text_of(key))      # under `if cat in [ones, twos] then ...`
        if reached is not None:
            missing = [n for n in missing if n in reached]
        if missing and table.name not in self.lookup_gaps_warned:
            self.lookup_gaps_warned.add(table.name)
            shown = ", ".join(missing[:5]) + (", ..." if len(missing) > 5 else "")
            # a variant gives a value it adds its row without copying the table
            more = f" (a variant adds one with 'extend table {table.name}:')" if getattr(self.p, "variant", None) else ""
            self.warn("W109", f"The table '{table.name}' has no entry for {shown}, which '{self.text_of(key)}' "
                              f"({T.show(enum)}) can be.", key,
                      f"add an entry for {'it' if len(missing) == 1 else 'them'}{more}",
                      about=("table gap", table.name, T.show(enum)))

    def enum_pairs_gap(self, table: A.TableDecl, keys: list, enums: list) -> None:
        """W109 at a lookup of a table of several keys, each a value of an enum (or option), that
        has no entry for some of their combinations (`gain[role, pace]` after a variant's `extend
        enum role: smith` gave smith only some paces): the lookup fails in play when it comes to one."""
        if table.name in self.lookup_gaps_warned:
            return
        given = {tuple([x.low] + [lo for lo, _ in x.more_keys]) for x in table.entries}
        values = [[n for n, x in self.sym.items() if x.kind == "enum_value" and x.type == enum] for enum in enums]
        total = 1
        for v in values:
            total *= max(len(v), 1)
        if total > 100_000:         # E206 bounds a table's combinations; a lookup's are not counted past it
            return
        missing = [c for c in itertools.product(*values) if c not in given]
        if not missing:
            return
        self.lookup_gaps_warned.add(table.name)
        shown = "; ".join(", ".join(c) for c in missing[:5]) + ("; ..." if len(missing) > 5 else "")
        more = f" (a variant adds them with 'extend table {table.name}:')" if getattr(self.p, "variant", None) else ""
        self.warn("W109", f"The table '{table.name}' has no entry for {shown}, which "
                          f"'{', '.join(self.text_of(k) for k in keys)}' ({', '.join(T.show(x) for x in enums)}) can be.",
                  keys[0], f"add an entry for {'it' if len(missing) == 1 else 'them'}{more}",
                  about=("table gap", table.name, ", ".join(T.show(x) for x in enums)))

    def ex_Call(self, e: A.Call):
        s = self.sym.get(e.name)
        if s is not None and s.kind == "define":
            if not s.decl.has_params:
                self.error("E207", f"'{e.name}' takes no values; write it without parentheses.", e, about=("call", e.name))
            self.check_args(e, s.decl.params, e.args, f"'{e.name}'", e.name)
            self.out.refs[id(e)] = ("define", e.name)
            return self.define_type(s)
        if e.name in B.BUILTINS:
            return self.builtin_call_or_swapped(e)
        hint = self.meant(e.name, [n for n, x in self.sym.items() if x.kind == "define"] + list(B.BUILTINS), e)
        if e.name in self.rules:
            what = "a stage" if isinstance(self.rules[e.name].decl, A.StageDecl) else "a rule"
            hint = f"'{e.name}' is {what}, which gives no value; call it as a statement on a line of its own"
        elif s is not None and s.kind == "pvar":
            hint = f"write p.{e.name} for a player p"
        elif s is not None and s.kind == "table":
            hint = f"'{e.name}' is a table: look it up with square brackets, {e.name}[key]"
        elif s is not None and s.kind == "kind":
            # `space("Dark Pit")`: a thing is named by its kind and its name, without parentheses
            named = "".join(e.args[0].parts) if len(e.args) == 1 and isinstance(e.args[0], A.Template) and \
                all(isinstance(x, str) for x in e.args[0].parts) else "..."
            hint = f"'{e.name}' is a kind; one of its things is named without parentheses: {e.name} \"{named}\""
        elif s is not None and s.kind in ("var", "zone", "enum_value", "option_value"):
            hint = f"'{e.name}' is a value, not a function: write it without parentheses"
        elif s is None:     # a function of another language (take_while, filter): the ones there are
            hint = (hint + " The" if hint else "the") + " functions are the built-ins (" + ", ".join(sorted(B.BUILTINS)) \
                + ") and the rulebook's definitions with parameters"
        self.error("E201", f"There is no function named '{e.name}'.", e, OTHER_LANGUAGES.get(e.name) or hint,
                   about=("unknown", e.name))
        for a in e.args:
            if not isinstance(a, A.Lambda):     # `x => ...` given to it is no second mistake
                self.expr(a, self.ctx)
        return T.ERROR

    def builtin_call_or_swapped(self, e: A.Call) -> str:
        """A built-in call, checked; one whose two values are the other way round
        (`roll(c => c != black, colour_die)`, `drop(2, hand)`) is one error saying so, where its
        values checked one by one would each give one."""
        before, blamed, warned = len(self.diags), len(self.blamed), len(self.out.warnings)
        t = self.builtin_call(e)
        if len(self.diags) == before or not 2 <= len(e.args) <= 3:
            return t
        kinds = []
        for a in e.args:            # two values of one type cannot be the other way round
            n, w = len(self.diags), len(self.out.warnings)
            kinds.append("fn" if isinstance(a, A.Lambda) else self.expr(a, self.ctx))
            del self.diags[n:], self.out.warnings[w:]
        for i in range(len(e.args)):
            for j in range(i + 1, len(e.args)):
                if kinds[i] == kinds[j] or T.ERROR in (kinds[i], kinds[j]):
                    continue
                args = list(e.args)
                args[i], args[j] = args[j], args[i]
                tried = len(self.diags)
                swapped = self.builtin_call(A.Call(e.name, args, span=e.span))
                clean = len(self.diags) == tried
                del self.diags[tried:]
                if not clean:
                    continue
                del self.diags[before:]
                del self.blamed[blamed:]
                del self.out.warnings[warned:]
                self.out.refs[id(e)] = ("builtin", e.name)
                a, b = self.text_of(e.args[i]), self.text_of(e.args[j])
                which = f"'{a}' and '{b}'" if "..." not in (a, b) else \
                    f"its {('first', 'second', 'third')[i]} and {('second', 'third')[j - 1]} values"
                self.error("E301", f"The values of '{e.name}' are in the wrong order: {which} are the other way round.",
                           e.args[i],
                           f"it is {B.BUILTINS[e.name][2]}")
                if self.blamed and self.blamed[-1][0] is self.diags[-1]:
                    self.blamed.pop()       # the call's mistake, not a declaration's
                return swapped
        return t

    def builtin_call(self, e: A.Call) -> str:
        lo, hi, desc = B.BUILTINS[e.name]
        if not lo <= len(e.args) <= hi:
            if e.name == "range" and len(e.args) == 1:
                # `range(n)`, as Python writes it (0 to n - 1): here both ends are written and both are in
                n = re.sub(r"\blen\(", "count(", self.text_of(e.args[0]))     # `range(len(xs))`, all Python
                last = e.args[0].value - 1 if isinstance(e.args[0], A.Lit) and type(e.args[0].value) is int else f"{n} - 1"
                desc = f"{desc}; Python's range({n}) is range(0, {last}) here, and the numbers 1 to {n} are range(1, {n})"
            self.error("E207", f"'{e.name}' takes {lo if lo == hi else f'{lo} to {hi}'} value{'s' if hi != 1 else ''} but is given {len(e.args)}.",
                       e, desc, about=("call", e.name))
        self.out.refs[id(e)] = ("builtin", e.name)
        types = []
        lam_at = B.LAMBDA_ARG.get(e.name)
        if e.name == "roll" and len(e.args) == 1 and isinstance(e.args[0], A.Name) and \
                e.args[0].name not in self.sym and self.lookup_local(e.args[0].name) is None:
            dice = [n for n, x in self.sym.items() if x.kind == "die"]
            self.error("E201", f"There is no die named '{e.args[0].name}'.", e.args[0],
                       did_you_mean(e.args[0].name, dice) or (f"the dice are {', '.join(dice)}" if dice
                                                            else "declare one, e.g. die d6: 1 to 6"),
                       about=("unknown", e.args[0].name))
            return T.ERROR
        ends = [_constant(a) for a in e.args]
        if e.name == "range" and len(e.args) == 2 and None not in ends and ends[1] - ends[0] + 1 > B.MAX_ITEMS:
            self.error("E301", f"range({ends[0]}, {ends[1]}) would make "
                               f"{ends[1] - ends[0] + 1} numbers; a list holds at most {B.MAX_ITEMS}.",
                       e, "count something smaller, or work with the ends themselves")
            return T.list_of(T.INT)
        if e.name in ("count", "shuffled") and len(e.args) == 1 and \
                self.whole_numbered_zone(e.args[0], "counted" if e.name == "count" else "shuffled"):
            return T.INT if e.name == "count" else T.ANY
        if e.name in ("min", "max") and len(e.args) == 2 and isinstance(e.args[1], A.Lambda) \
                and not isinstance(e.args[0], A.Lambda):
            # `max(players, p => p.coins)`, Python's key= habit: one error that writes both readings
            items = self.expr(e.args[0], self.ctx)
            lam = e.args[1]
            key = self.text_of(lam.body)
            listed = self.text_of(e.args[0])
            with self.ctx.scoped(lam.param, T.elem(items) if T.is_list(items) else T.ANY):
                numbered = self.expr(lam.body, self.ctx) == T.INT
            least = e.name == "min" or not numbered     # a text key is not turned round: the last of the sort
            item = f"first(sort({listed}, {lam.param} => {key if e.name == 'min' else f'0 - {key}'}))" if least == \
                (e.name == "min") else f"last(sort({listed}, {lam.param} => {key}))"
            self.error("E301", f"'{e.name}' takes numbers, not a function: it gives the {'least' if e.name == 'min' else 'greatest'} "
                               "number, never the item that has it.", lam,
                       (f"the number: {e.name}([{key} for {lam.param} in {listed}]); " if numbered else "")
                       + f"the item: {item}")
            return T.elem(items) if T.is_list(items) else T.ERROR
        if e.name in ("min", "max") and len(e.args) == 1:
            one = self.expr(e.args[0], self.ctx)
            if not one.startswith("list:") and not T.unknown(one):
                self.error("E207", f"'{e.name}' of one number is that number; give it a list or several numbers.",
                           e.args[0], f"write {e.name}([...]) or {e.name}(a, b)")
                return T.INT
        for i, a in enumerate(e.args):
            if isinstance(a, A.Lambda):
                if lam_at != i:
                    self.error("E301", f"'{e.name}' does not take a function here.", a, desc)
                ptype = self.lambda_param_type(e.name, types)
                with self.ctx.scoped(a.param, ptype) as slot:
                    self.out.slots[id(a)] = slot
                    bt = self.expr(a.body, self.ctx)
                if lam_at == i and B.ARG_TYPES[e.name][i] == B.KEY:
                    if not sortable(bt):
                        self.error("E301", f"The key of '{e.name}' must be one value that sorts (a number, text, truth, "
                                           f"player, thing or enum value), not {T.a(bt)}.", a.body,
                                   "sort by one field of each item, such as x => x.value" if T.is_list(bt) else desc)
                elif bt != T.BOOL and not T.unknown(bt):
                    self.error("E301", f"This function must give a truth (true or false), not {T.a(bt)}.", a.body)
                self.out.types[id(a)] = "fn:" + bt
                types.append("fn:" + bt)
            elif i < len(B.ARG_TYPES[e.name]) and B.ARG_TYPES[e.name][i] == B.PATTERN and isinstance(a, A.Name):
                ps = self.sym.get(a.name)
                if ps is None or ps.kind != "pattern":
                    self.error("E201", f"'{a.name}' is not a pattern.", a,
                               did_you_mean(a.name, [n for n, x in self.sym.items() if x.kind == "pattern"]))
                elif types:
                    self.pattern_subject(e.args[0], types[0], ps.decl)
                self.out.refs[id(a)] = ("pattern", a.name)
                types.append("pattern")
            else:
                types.append(self.expr(a, self.ctx))
        wants = B.ARG_TYPES[e.name]
        for i in range(min(len(e.args), len(wants))):
            self.builtin_value(e, i, wants[i], types, desc)
        if e.name == "roll":
            if len(e.args) == 2 and not isinstance(e.args[1], A.Lambda) and types[1] == T.INT:
                # `roll(d6, 3)` for "roll three dice": told as one mistake, not as a face later used as a list
                return T.ERROR
            if not types or not (types[0].startswith("die:") or types[0] == T.ERROR):
                self.error("E301", "'roll' rolls a die declared with 'die'.", e.args[0] if e.args else e,
                           did_you_mean(getattr(e.args[0], "name", "") if e.args else "", [n for n, x in self.sym.items() if x.kind == "die"]))
                return T.ERROR
            return T.ERROR if types[0] == T.ERROR else types[0][4:]
        if e.name in B.NUMBERS_ONLY and len(types) == 1:
            if not T.fits(types[0], T.list_of(T.INT)):
                self.error("E301", f"'{e.name}' needs a list of whole numbers, not {T.a(types[0])}.", e.args[0],
                           self.numbers_hint(e.args[0], types[0]) or desc)
        elif e.name in B.NUMBERS_ONLY:
            for a, t in zip(e.args, types):
                if not T.fits(t, T.INT):
                    self.error("E301", f"'{e.name}' compares whole numbers, and this is {T.a(t)}.", a,
                               self.type_hint(a, t, T.INT))
        return B.result_type(e.name, types)

    def builtin_value(self, e: A.Call, i: int, want: str, types: list, desc: str):
        """The value at position `i` of a built-in call against what `B.ARG_TYPES` says it must
        be: a type, a list, a grid's space, a function, a pattern's name, an item of the first
        value's list, a seat; and a number written out against the limits the engine holds it to
        (`B.LIMITS`), in the engine's words."""
        a, t, name, nth = e.args[i], types[i], e.name, _ORDINALS[i]
        if want in (B.FUNCTION, B.KEY):
            if name == "roll" and not isinstance(a, A.Lambda) and t == T.INT:
                die = self.text_of(e.args[0])
                self.error("E301", f"'roll' throws one die: its second value says which faces to keep ('x => ...'), "
                                   f"not how many dice to throw.", a,
                           f"to throw it {self.text_of(a)} times, write [roll({die}) for i in range(1, {self.text_of(a)})]")
            elif not isinstance(a, A.Lambda):
                self.error("E301", f"'{name}' wants a function like 'x => ...' here.", a, desc, about=("call", name))
            elif name == "roll" and self.keeps_no_face(e.args[0], a):
                die = e.args[0].name
                self.error("E301", f"This function keeps no face of the die '{die}', so it would be rolled again and "
                                   f"again: \"{B.ROLLED_IN_VAIN}\"", a.body,
                           f"keep some of its faces ({self.faces_shown(die)})")
            return
        if want in (B.DIE, B.NUMBERS) or isinstance(a, A.Lambda):
            return          # the die with the result, the numbers below; a function here is told
        if want in (B.SPACE, B.SAME_SPACE):
            first = types[0]
            on_grid = first.startswith("thing:") and first[6:] in self.out.grids
            if want == B.SAME_SPACE and on_grid and not T.unknown(t) and t != first:
                self.error("E301", f"'{name}' joins two spaces of one grid: its first value is {T.a(first)}, and this is "
                                   f"{T.a(t)}.", a, self.type_hint(a, t, first) or desc)
            elif want == B.SAME_SPACE and not on_grid and not T.unknown(first):
                pass            # the first value is told: what the second must be follows from it
            elif not (t.startswith("thing:") and t[6:] in self.out.grids) and not T.unknown(t):
                hint = "" if want == B.SPACE else desc
                if t.startswith("thing:") and want == B.SPACE:
                    # `neighbours(x)` for a piece standing on a square: the square is one of its fields
                    on = [n for n, (ft, _) in self.out.kind_fields.get(t[6:], {}).items()
                          if ft.startswith("thing:") and ft[6:] in self.out.grids]
                    grids = sorted(self.out.grids)
                    hint = (f"did you mean {self.text_of(a)}.{on[0]}, the {T.show(self.out.kind_fields[t[6:]][on[0]][0])} it is on?"
                            if len(on) == 1 and self.text_of(a) != "..." else
                            f"give it {T.a('thing:' + grids[0])}, the kind laid out with 'grid'" if grids else
                            self.grid_line_hint(t[6:]))
                self.error("E301", f"'{name}' works on a kind laid out with 'grid', not {T.a(t)}.", a, hint)
            return
        if want == B.PATTERN:
            if t not in ("pattern", T.ERROR):
                patterns = [n for n, x in self.sym.items() if x.kind == "pattern"]
                self.error("E301", f"'{name}' wants the name of a pattern as its {nth} value, not {T.a(t)}.", a,
                           f"the patterns are {', '.join(patterns)}" if patterns else desc, about=("call", name))
            return
        if want == B.ITEM:
            first = types[0]
            if first.startswith("list:") and T.join(T.elem(first), t) == T.ANY and not T.unknown(T.elem(first)) \
                    and not T.unknown(t):
                self.error("E301", f"'{name}' looks for an item in {T.a(first)}, and this is {T.a(t)}; "
                           "it would never be found.", a, self.type_hint(a, t, T.elem(first)))
            return
        if want == B.SEAT:
            what = B.SEAT_WORDS[name]
            if isinstance(a, A.Lit) and a.value is None:
                self.error("E301", f"The player here is none (no player is named), so nobody can {what}.", a,
                           f"name a player: {name}(current)")
                return
            if self.side_not_seat(a, what):
                return
            want = T.PLAYER
        if want.startswith("list:"):
            if not T.is_list(t):
                self.want_list(t, a)
            elif not T.fits(t, want):
                self.error("E301", f"'{name}' needs {_LIST_WORDS.get(want, T.a(want))}, not {T.a(t)}.", a)
            return
        if not T.fits(t, want):
            self.error("E301", f"'{name}' wants {T.a(want)} as its {nth} value, not {T.a(t)}.", a,
                       self.type_hint(a, t, want) or desc, about=("call", name))
            return
        limit = B.LIMITS.get((name, i))
        n = _constant(a) if limit is not None else None
        if n is not None and (limit[0] is not None and n < limit[0] or limit[1] is not None and n > limit[1]):
            self.error("E301", limit[2].format(n=n), a,
                       f"give {limit[0]} or more" if limit[0] is not None and n < limit[0] else f"give at most {limit[1]}")

    def keeps_no_face(self, die, fn: A.Lambda) -> bool:
        """Whether `roll(die, fn)` keeps none of the die's faces, worked out face by face where the
        function reads only its face, numbers and enum values (`x => x > 6` of a d6, `x => false`)."""
        ref = self.out.refs.get(id(die))
        s = self.sym.get(die.name) if isinstance(die, A.Name) and ref is not None and ref[0] == "die" else None
        if s is None or s.kind != "die" or not s.decl.faces:
            return False
        for face in dict.fromkeys(s.decl.faces):
            try:
                if _worked_out(fn.body, {fn.param: face}, self.out.refs) is not False:
                    return False
            except _Unknown:
                return False
        return True

    def faces_shown(self, die: str) -> str:
        faces = list(dict.fromkeys(self.sym[die].decl.faces))
        if all(type(f) is int for f in faces) and faces == list(range(faces[0], faces[0] + len(faces))) and len(faces) > 2:
            return f"{faces[0]} to {faces[-1]}"
        return ", ".join(map(str, faces[:8])) + (", ..." if len(faces) > 8 else "")

    def numbers_hint(self, node, t: str) -> str:
        """For a list of things where numbers are wanted: a list of one of their number fields."""
        kind = T.elem(t)[6:] if T.elem(t).startswith("thing:") else None
        fields = [f for f, (ft, _) in self.out.kind_fields.get(kind, {}).items() if ft == T.INT] if kind else []
        if not fields:
            return ""
        return f"give it numbers, such as [x.{fields[0]} for x in {self.text_of(node)}]"

    def lambda_param_type(self, name, types):
        if name == "roll":
            return types[0][4:] if types and types[0].startswith("die:") else T.ANY
        if name in B.LAMBDA_ARG and B.ARG_TYPES[name][B.LAMBDA_ARG[name]] == B.KEY:   # an item: sort(hand, c => c.value)
            return T.elem(types[0]) if types else T.ANY
        return types[0] if types else T.ANY

    def ex_Lambda(self, e: A.Lambda):
        self.error("E301", "A function 'x => ...' can only be given to a built-in such as roll, within, reachable or sort.", e)
        return T.ERROR

    def ex_Unary(self, e: A.Unary):
        if e.op == "not":
            self.want(e.operand, T.BOOL, "What 'not' applies to")
            return T.BOOL
        self.want(e.operand, T.INT, "A negative")
        return T.INT

    def ex_Binary(self, e: A.Binary):
        op = e.op
        if op in ("and", "or"):
            self.want(e.left, T.BOOL, f"Each side of '{op}'")
            self.want(e.right, T.BOOL, f"Each side of '{op}'")
            return T.BOOL
        lt = self.expr(e.left, self.ctx)
        rt = self.expr(e.right, self.ctx)
        if op in ("in", "not in"):
            if not T.is_list(rt):
                self.error("E301", f"'{op}' looks inside a list, not {T.a(rt)}.", e.right)
            elif not T.fits(lt, T.elem(rt)):
                self.error("E301", f"{T.a(rt).capitalize()} never holds {T.a(lt)}.", e)
            return T.BOOL
        if op in ("==", "!=") and (lt.startswith("die:") or rt.startswith("die:")):
            die = e.left if lt.startswith("die:") else e.right
            self.error("E301", f"This compares the die '{self.text_of(die)}' itself, not a face rolled with it.", die,
                       f"roll it: roll({self.text_of(die)}) gives one of its faces")
            return T.BOOL
        if op in ("==", "!="):
            listed = lt if rt == T.NONE else rt if lt == T.NONE else None
            side = e.left if rt == T.NONE else e.right
            if (listed is not None and listed.startswith("list:")     # `current.hand == none`
                    and not (isinstance(side, A.Name) and side.name in self.declinable)):
                self.error("E301", f"A list is never none, so this is always {'false' if op == '==' else 'true'}; "
                                   "an empty list is [].", e,
                           f"to ask whether it is empty, write count({self.text_of(side)}) {op} 0")
                return T.BOOL
            if T.NONE not in (lt, rt) and not (T.fits(lt, rt) or T.fits(rt, lt)):
                where, hint = e, self.type_hint(e.left, lt, rt) or self.type_hint(e.right, rt, lt)
                for side, other in ((e.right, lt), (e.left, rt)):
                    if isinstance(side, A.Template) and other.startswith("enum:"):
                        value = "".join(p for p in side.parts if isinstance(p, str))
                        sym = self.sym.get(value)
                        if sym is not None and sym.type == other:
                            where, hint = side, f"write {value} without quotes: it is {T.a(other)}, not a text"
                    elif isinstance(side, A.Template) and other.startswith("thing:"):
                        hint = hint or "compare its name: x.name == \"...\", or name the thing: kind \"...\""
                    elif other == T.INT and T.is_list(rt if side is e.right else lt):
                        # `w.hand == 0`: how many it holds was meant
                        hint = f"to compare how many it holds, write count({self.text_of(side)}) {op} " \
                               f"{self.text_of(e.left if side is e.right else e.right)}"
                self.error("E301", f"Comparing {T.a(lt)} with {T.a(rt)} is always {'false' if op == '==' else 'true'}.",
                           where, hint)
            else:
                self.no_thing_has(e)
                self.beyond_range(e)
            return T.BOOL
        if op == "+" and (T.is_list(lt) and not T.unknown(lt) or T.is_list(rt) and not T.unknown(rt)):
            if not (T.fits(lt, rt) or T.fits(rt, lt)):
                shown = T.TEXT in (lt, rt)          # `"Cards: " + xs`: + with a list joins lists
                one = e.right if T.is_list(lt) and T.fits(rt, T.elem(lt)) else \
                    e.left if T.is_list(rt) and T.fits(lt, T.elem(rt)) else None
                self.error("E301", f"Cannot join {T.a(lt)} and {T.a(rt)}.", e,
                           "'+' with a list joins two lists; to show a list in a text, put it in a template, "
                           "\"...{xs}\", or use join(xs)" if shown else
                           f"'+' joins two lists; make the item a list of one: [{self.text_of(one)}]" if one is not None else "")
            return T.join(lt, rt)
        if op == "+" and T.TEXT in (lt, rt):
            return T.TEXT
        if op in ("<", "<=", ">", ">="):
            self.beyond_range(e)
        bad = [(side, t) for side, t in ((e.left, lt), (e.right, rt)) if not T.fits(t, T.INT)]
        if len(bad) == 2 and lt == rt and op in ("<", "<=", ">", ">="):    # `colour < blue`: one mistake, one error
            self.error("E301", f"'{op}' works on whole numbers, not {T.a(lt)}: both sides here are one.", e,
                       self.type_hint(e.left, lt, T.INT))
            bad = []
        for side, t in bad:
            self.error("E301", f"'{op}' works on whole numbers, not {T.a(t)}.", side, self.type_hint(side, t, T.INT))
            self.blame(side)
        if op in ("/", "%") and _constant(e.right) == 0:
            self.error("E309", f"This {'divides' if op == '/' else 'takes the remainder'} by 0, which has no answer: "
                       "the game would stop here with an error.", e.right)
        return T.BOOL if op in ("<", "<=", ">", ">=") else T.INT

    def ex_Cond(self, e: A.Cond):
        self.want(e.test, T.BOOL, "The condition")
        with self.narrowing((e.test, False)):
            a = self.expr(e.then, self.ctx)
        with self.narrowing((e.test, True)):
            b = self.expr(e.other, self.ctx)
        if not (T.fits(a, b) or T.fits(b, a)):
            # `if c then [] else volcano`: one branch a list, the other one item of it
            one = e.other if T.is_list(a) and not T.is_list(b) and (T.unknown(T.elem(a)) or T.fits(b, T.elem(a))) else \
                e.then if T.is_list(b) and not T.is_list(a) and (T.unknown(T.elem(b)) or T.fits(a, T.elem(b))) else None
            self.error("E301", f"Both branches should be the same type; one is {T.a(a)}, the other {T.a(b)}.", e,
                       f"a list of one is written in brackets: [{self.text_of(one)}]" if one is not None else
                       self.type_hint(e.other, b, a) or self.type_hint(e.then, a, b))
        return T.join(a, b)

    def ex_ListLit(self, e: A.ListLit):
        t = None
        for item in e.items:
            it = self.expr(item, self.ctx)
            if t is not None and not (T.fits(it, t) or T.fits(t, it)):
                self.error("E301", f"A list holds one type of thing; this {T.show(it)} is among {T.show(t)} items.", item)
            t = it if t is None else T.join(t, it)
        return T.list_of(t or T.ANY)

    def ex_Comprehension(self, e: A.Comprehension):
        it = self.expr(e.iterable, self.ctx)
        self.want_list(it, e.iterable)
        with self.ctx.scoped(e.var, T.elem(it)) as slot:
            self.out.slots[id(e)] = slot
            if e.cond is not None:
                self.want(e.cond, T.BOOL, "The condition")
            return T.list_of(self.expr(e.expr, self.ctx))

    def ex_Where(self, e: A.Where):
        """`where NAME = VALUE` under a definition: VALUE is checked with the names above it, then
        the rest of the definition with NAME bound to VALUE's type. NAME may not be a parameter's
        or an earlier `where` line's (E202; a top-level name is told by `shadowing`); one the rest
        never reads is W101."""
        ctx = self.ctx
        below = self.where_below
        self.where_below = {}
        for later in A.where_lines(e.body)[0]:
            self.where_below.setdefault(later.name, later.span.line)
        t = self.expr(e.value, ctx)
        self.where_below = below
        at = e.name_span or e
        taken = ctx.names.get(e.name)
        if taken is not None:
            prm = ctx.params.get(e.name)
            if prm is not None:
                self.error("E202", f"The where name '{e.name}' has the name of a parameter of this definition (line "
                                   f"{prm.span.line}); rename one of them.", at,
                           f"inside, '{e.name}' would mean this value, never the parameter")
            else:
                self.error("E202", f"The where name '{e.name}' is named twice in this definition.", at,
                           "give each 'where' line a name of its own")
        with ctx.scoped(e.name, t) as slot:
            self.out.slots[id(e)] = slot
            body = self.expr(e.body, ctx)
        if not any(isinstance(n, A.Name) and n.name == e.name and self.out.refs.get(id(n), (None, None))[:2] == ("local", slot)
                   for n in A.walk(e.body, statements=False)):
            self.warn("W101", f"The where name '{e.name}' is never used.", at,
                      "use it in the definition's value, or remove the line")
        return body

    def ex_StartsWith(self, e: A.StartsWith):
        t = self.expr(e.seq, self.ctx)
        self.want_list(t, e.seq)
        s = self.sym.get(e.pattern)
        if s is None or s.kind != "pattern":
            self.error("E201", f"There is no pattern named '{e.pattern}'.", e,
                       did_you_mean(e.pattern, [n for n, x in self.sym.items() if x.kind == "pattern"]))
        else:
            self.pattern_subject(e.seq, t, s.decl)
        return T.BOOL

    def pattern_subject(self, seq, t: str, pattern: A.PatternDecl):
        """A pattern matches a list of its enum's values, or of things with a data field of that enum."""
        item, want = T.elem(t), "enum:" + pattern.enum
        known = self.sym.get(pattern.enum)
        if item == want or T.unknown(item) or known is None or known.kind != "enum":
            return          # a pattern of an enum that is not one: told at the pattern
        if item.startswith("thing:"):
            kind = item[6:]
            fields = [f for f, (ft, dynamic) in self.out.kind_fields.get(kind, {}).items() if ft == want and not dynamic]
            if len(fields) == 1:
                self.out.pattern_fields[id(seq)] = (kind, fields[0])
                return
            if len(fields) > 1:
                self.error("E301", f"{T.article(kind).capitalize()} {kind} has several {pattern.enum} fields ({', '.join(fields)}); the pattern "
                           f"'{pattern.name}' cannot tell which to match.", seq, f"match a list such as [x.{fields[0]} for x in ...]")
                return
        changing = [f for f, (ft, dynamic) in self.out.kind_fields.get(item[6:], {}).items() if ft == want and dynamic] \
            if item.startswith("thing:") else []
        if changing:        # things are matched by a field read from data, which never changes
            self.error("E301", f"The pattern '{pattern.name}' matches things by their {pattern.enum} field read from "
                               f"data, and the field '{changing[0]}' of {T.article(item[6:])} {item[6:]} changes in play.",
                       seq, f"match a list such as [x.{changing[0]} for x in ...]")
            return
        self.error("E301", f"The pattern '{pattern.name}' matches {pattern.enum} values, and {T.a(t)} has none.", seq)

    # ------------------------------------------------------------------ structure
    def structure(self):
        self.tell_endless_loops()
        out = self.out
        first = self.p.decls[0].span if self.p.decls else Span(self.p.root)
        if not out.title:
            self.error("E401", "The rulebook has no title.", first, 'add a line such as: game "My Game"')
        if not any(isinstance(d, A.PlayersDecl) for d in self.p.decls):
            self.error("E402", "The rulebook does not say how many players it takes.", first,
                       "add a line such as: players 2 to 4")
        if "play" not in out.phases and "turn" not in out.phases and "round" not in out.phases:
            self.error("E403", "The game has no 'turn' section, so nobody ever plays.", first,
                       "add 'turn:' followed by what a player does on their turn", about=("no section", "turn"))
        if "turn" not in out.phases:
            for st in self.turn_loops + self.ends_turn:
                what = "'take turns' plays" if isinstance(st, A.TakeTurns) else "'end turn' ends"
                self.error("E403", f"{what} the 'turn' section, and the game has none.", st,
                           "add 'turn:' followed by what a player does on their turn")
        if "play" in out.phases and "turn" in out.phases and not self.turn_loops:
            self.warn("W110", "The 'turn' section never runs: the 'play' section (and the stages it runs) "
                              "never says 'take turns'.", out.phases["turn"],
                      "write 'take turns' in the play section where the turns begin, or leave out 'play:'")
        if "play" in out.phases and "round" in out.phases and not self.turn_loops and not self.round_loops:
            self.warn("W110", "The 'round' section never runs: the 'play' section (and the stages it runs) "
                              "never says 'take turns' or 'take rounds'.", out.phases["round"],
                      "write 'take turns' or 'take rounds' in the play section, or leave out 'play:'")
        if "round" not in out.phases:
            for st in self.round_loops:
                self.error("E403", "'take rounds' plays the 'round' section, and the game has none.", st,
                           "add 'round:' followed by what everyone does in a round")
        self.ends_during_setup()
        self.current_in_setup()
        self.check_endless_rules()
        uncalled = self.ends_never_called() if self.ended else None
        if uncalled is not None:
            self.ended = False
        self.play_finishes()
        if not self.ended and not any(isinstance(x, A.EndGame) for x in A.walk([s.body for s in self.hidden_sections])):
            at, hint, about = first, "add 'end game \"why\"' where the rules say the game ends", ()
            if uncalled is not None:        # every `end game` is in rules nothing comes to
                end, name = uncalled
                about = ("uncalled", name)
                at, hint = end, (f"nothing calls the {self.rules[name].kind} '{name}' (nor a rule that calls it), so "
                                 f"this line never runs; call '{name}()' where the game may end")
            elif self.never_runs:     # every `end game` is in a block that never runs: `if false: end game`
                dead, end = self.never_runs[0]
                at, hint = dead, (f"the 'end game' on line {end.span.line} never runs: {self.text_of(dead)!r} keeps "
                                  "its block from running; write the condition on which the game ends")
            if self.p.ends_dropped:      # a variant's replace (or remove) took away the base's `end game`
                change, base = self.p.ends_dropped[0]
                verb = "removes" if isinstance(change, A.RemoveDecl) else "replaces"
                at, about = self.word(change, base.name, after=change.span.column - 1), ()
                hint = (f"this {verb} the base's {titled(base)} (line {base.span.line} of "
                        f"{Path(base.span.file).name}), "
                        f"which said 'end game'; add 'end game \"why\"' where the game ends")
            said = "every 'end game' is in a rule or stage that nothing calls" if uncalled is not None else \
                "no rule ever says 'end game'" if not self.never_runs else \
                "every 'end game' is in a block that never runs"
            self.error("E404", f"The game has no end condition: {said}.", at, hint, about=about)
        if out.winners is None and not (self.sym.get("score") and self.sym["score"].kind == "define"):
            other = self.rules.get("score")
            if self.sym.get("score") is not None:
                pass            # a score of another kind: hooks() says what it must be
            elif other is not None and isinstance(other.decl, A.Decl):     # a rule named score
                self.error("E406", f"'score' is used by the engine to find the winners and must be a definition, "
                                   f"'define score(p: player): int = ...', not a {other.decl.kind_word}.", other.decl,
                           "or say who wins with a 'winners:' line")
            elif (near := next((n for n, x in self.sym.items() if x.kind == "define" and _one_slip(n, "score")),
                               None)) is not None:    # `define scroe(p: player)`: the slip is at its name
                decl = self.sym[near].decl
                self.error("E405", f"The game has no way to find its winners: the definition '{near}' is one slip "
                                   "from 'score', the definition the engine finds the winners by.",
                           self.word(decl, near, after=decl.span.column - 1),
                           f"rename it 'score' (define score(p: player): int = ...), or add a 'winners:' line",
                           about=("names", near))
            else:
                ranks = [x.decl for x in self.sym.values() if _ranks_players(x)]
                self.error("E405", "The game has no way to find its winners.", first,
                           f"the definition '{ranks[0].name}' (line {ranks[0].span.line}) gives an int for each player: "
                           f"rename it 'score', or write 'winners: highest {ranks[0].name}'" if len(ranks) == 1 else
                           "add 'define score(p: player): int = ...' or a 'winners:' line")

    def play_finishes(self):
        """E404 for a `play` section that finishes without `end game` on every way through (the
        game then fails: "The play section is over, but nothing said 'end game'"), and W118 for
        one that finishes so on some way: a way that ends the game, loops for ever (`while true`
        with no `stop`, `take turns`) or calls a rule or stage that never comes back does not."""
        play = self.out.phases.get("play")
        if play is None or not self.ended:      # nothing says 'end game' at all: E404 says so
            return
        calls = {name: [x.name for x in self.walks().under(s.decl.body, (A.CallStmt,)) if x.name in self.rules]
                 for name, s in self.rules.items() if isinstance(s.decl, A.RuleDecl)}
        roots = [x.name for x in self.walks().walk(play.body) if isinstance(x, A.CallStmt) and x.name in calls]
        for name in _postorder(roots, calls):       # the rules called before those that call them
            self.outcomes_memo[name] = self.rule_outcomes(name)
        ways = self.outcomes(play.body)
        if not ways & {"through", "return"}:
            return
        at = self.word(play, "play")
        if ways <= {"through", "return"}:
            self.error("E404", "The 'play' section finishes without 'end game' on every way through, and then the "
                               "game stops with an error: the play section is over, but nothing said 'end game'.", at,
                       "end it with 'end game \"why\"', or with 'take turns' (the turns go on until a rule says "
                       "'end game')")
        else:
            self.warn("W118", "The 'play' section can finish without 'end game' on some way through, and then the "
                              "game stops with an error: the play section is over, but nothing said 'end game'.", at,
                      "end that way with 'end game \"why\"', or repeat the play with 'while true:' until a rule "
                      "says 'end game'")

    def outcomes(self, body: list) -> set:
        """How running `body` may finish: "through" (past its last line), "return", "stop" (out of
        the loop it is in), "out" (the game or a stage ends, or it never finishes)."""
        ways = {"through"}
        for st in body:
            if "through" not in ways:
                break
            ways = (ways - {"through"}) | self.stmt_outcomes(st)
        return ways

    def stmt_outcomes(self, st) -> set:
        ways = self.own_outcomes(st)
        # a signal's reactions, an instant reaction before a decision, a rule: each may end the game
        return ways | {"out"} if "out" not in ways and self.may_end(st) else ways

    def own_outcomes(self, st) -> set:
        if isinstance(st, (A.EndGame, A.EndStage, A.TakeTurns, A.TakeRounds)):
            return {"out"}
        if isinstance(st, A.Return):
            return {"return"}
        if isinstance(st, A.Stop):
            return {"stop"}
        if isinstance(st, A.If):
            ways = set().union(*(self.outcomes(block) for _, block in st.branches))
            return ways | (self.outcomes(st.other) if st.other is not None else {"through"})
        if isinstance(st, (A.While, A.For, A.Repeat)):
            inside = self.outcomes(st.body)
            ways = (inside - {"stop", "through"}) | ({"through"} if "stop" in inside else set())
            forever = isinstance(st, A.While) and _certain_truth(st.cond, self.sym) is True
            return ways if forever else ways | {"through"}
        if isinstance(st, (A.Choose, A.Secret)) and st.body is not None:
            return self.outcomes(st.body)
        if isinstance(st, A.Menu) and st.options:
            return set().union(*(self.outcomes(o.body) for o in st.options))
        if isinstance(st, A.CallStmt):
            s = self.rules.get(st.name)
            if s is None or not isinstance(s.decl, A.RuleDecl):
                return {"through"}
            # Worked out before (`play_finishes`); a rule in a ring of calls not yet worked out comes
            # back only by its other ways.
            return self.outcomes_memo.get(st.name, {"out"})
        return {"through"}

    def rule_outcomes(self, name: str) -> set:
        """How a call of the rule or stage `name` may finish for its caller: "through" when its
        body may come back (or, for a stage, some line ends it), "out" when it may end more."""
        s = self.rules[name]
        inside = self.outcomes(s.decl.body)
        back = inside & {"through", "return", "stop"}
        ended = isinstance(s.decl, A.StageDecl) and any(isinstance(x, A.EndStage) and x.name == name
                                                        for x in self.nodes_of(A.EndStage))
        return ({"through"} if back or ended else set()) | (inside & {"out"})

    def check_endless_rules(self):
        """E309 for a rule or stage that calls itself on every way through, before anything could
        end it (`rule r(n: int): r(n + 1)`, `stage hand: hand()`), itself or through the rules it
        calls; and for a `turn` section that says `take turns` (a `round` section `take rounds`) on
        every way through: each time, the rules nest one level deeper, and play stops with an error
        when they nest too deeply. A way through that returns is a way out (a rule that counts down
        and returns is fine); when a line on the way may end the game, a stage or the turn first,
        the rules might still end, so it is the warning W104."""
        procs = {":" + name: self.out.phases[name].body for name in ("turn", "round") if name in self.out.phases}
        procs.update((name, s.decl.body) for name, s in self.rules.items() if isinstance(s.decl, A.RuleDecl))
        # `take turns` plays the round section too, after each round of turns
        also = {":turn": ":round"} if ":round" in procs else {}
        calls = {name: {x for st in self.walks().under(body, (A.CallStmt, A.TakeTurns, A.TakeRounds))
                        if (c := _callee(st)) in procs for x in (c, also.get(c)) if x}
                 for name, body in procs.items()}
        ring = components(calls)        # only a procedure in a ring of calls can come back to itself
        members: dict = {}
        for name, body in procs.items():
            members.setdefault(ring[name], {})[name] = body
        told: set = set()
        for name, body in procs.items():
            mine = members[ring[name]]
            if name in told or not (name in calls[name] or len(mine) > 1):
                continue
            found = self.always_reaches(body, name, mine, {name: None})
            if found is None:
                continue
            node, chain, ender = found
            told.update([name] + chain)
            self.endless_rule(name, node, chain, ender)

    def endless_rule(self, name: str, node, chain: list, ender):
        section = name[1:] if name.startswith(":") else None
        title = f"The {section} section" if section else f"The {self.rules[name].kind} '{name}'"
        loop = "take turns" if section == "turn" or isinstance(node, A.TakeTurns) else "take rounds"
        if not chain:
            action = f"says '{loop}', which plays the {section} section again inside this {section}," \
                if section else "calls itself"
        elif chain[0].startswith(":"):
            action = f"says 'take {chain[0][1:]}s', and those {chain[0][1:]}s always come back to it,"
        else:
            back = f"plays the {section} section again inside this {section}" if section else "comes back to it"
            action = f"calls '{chain[0]}', which always {back},"
        hint = (f"write '{loop}' once, in the 'play' section or a stage it calls: the {section} section is "
                f"{'one player' + chr(39) + 's turn' if section == 'turn' else 'one round'}" if section else
                "give it a way out (an 'if' that returns, or that does not call it again), or repeat the steps with "
                "a loop ('while ...:'), which does not nest")
        if ender is None:
            self.error("E309", f"{title} {action} on every way through, before anything could end it, so the rules "
                               "nest deeper and deeper without end once it runs.", node, hint)
        else:
            self.warn("W104", f"{title} {action} on every way through that goes on, so the rules nest one level deeper "
                              f"each time: unless the game, a stage or the turn ends first (line {ender.span.line}), "
                              "play stops with an error when they nest too deeply.", node, hint)

    def always_reaches(self, body: list, target: str, procs: dict, seen: dict):
        """(the statement, the procedures called on the way, the first line on the way that may end
        the game, a stage or the turn, or None) when every way through `body` reaches the
        procedure `target` (a rule, a stage, or ':turn' and ':round', which `take turns` and `take
        rounds` play) before it leaves; None if some way leaves first (a `return`, an `end`, a
        loop or `take turns` that never finishes) or never reaches it. `procs` are the procedures
        that may lead back to `target`; `seen` keeps what each of them gives (None while it is
        worked out), so each body is gone through once, however many calls of it there are."""
        ender = None
        for st in body:
            hit = self.reaches_by(st, target, procs, seen)
            if hit is not None:
                return hit[0], hit[1], ender or hit[2]
            if isinstance(st, (A.Return, A.EndGame, A.EndStage, A.Stop, A.TakeTurns, A.TakeRounds)) or \
                    isinstance(st, A.While) and _certain_truth(st.cond, self.sym) is True or \
                    any(isinstance(x, A.Return) for x in self.walked(st)):
                return None
            if ender is None and self.may_end(st):
                ender = st
        return None

    def reaches_by(self, st, target: str, procs: dict, seen: set):
        """(the statement, the procedures on the way, a line that may end things first) when `st`
        always reaches `target`: a call of it, `take turns` for ':turn', `take rounds` for ':round',
        a call of a procedure that always reaches it, an `if` all of whose branches do."""
        callee = _callee(st)
        if callee == target:
            return st, [], None
        if callee == ":turn" and target == ":round" and ":round" in procs:
            # each round of these turns ends in the round section, unless a turn ends things first
            turn = self.out.phases["turn"].body if "turn" in self.out.phases else []
            return st, [":turn"], next((x for x in turn if self.may_end(x)), None)
        if callee is not None and callee in procs:
            if callee not in seen and self.reach_depth < MAX_REACH_DEPTH:
                seen[callee] = None
                self.reach_depth += 1
                try:
                    seen[callee] = self.always_reaches(procs[callee], target, procs, seen)
                finally:
                    self.reach_depth -= 1
            inner = seen.get(callee)
            return None if inner is None else (st, [callee] + inner[1], inner[2])
        if isinstance(st, A.If) and st.other is not None:
            ways = [self.always_reaches(block, target, procs, seen) for _, block in st.branches]
            ways.append(self.always_reaches(st.other, target, procs, seen))
            if all(w is not None for w in ways):
                return ways[0][0], ways[0][1], next((w[2] for w in ways if w[2] is not None), None)
        return None

    def may_end(self, st) -> bool:
        """Whether running `st` may end the game, a stage or the turn (which leaves the rules under
        way): an `end`, `take turns` or `take rounds` (whose sections may), a call of a rule that
        may, a signal whose reactions may, or a decision when an instant reaction may."""
        if self.may_end_memo is None:
            self.may_end_memo = self.what_may_end()
        return any(self.may_end_memo.get(key, False) for key in _ending_keys(self.walks().under(st, _ENDING)))

    def what_may_end(self) -> dict:
        """("rule", name), ("event", name), ("instant",) -> whether running it may end the game, a
        stage or the turn: first what each does itself, then, until nothing more is found, what it
        calls, signals or lets an instant reaction do. Without recursion, so a long chain of rules
        costs its length."""
        bodies = {("rule", n): [s.decl.body] for n, s in self.rules.items() if isinstance(s.decl, A.RuleDecl)}
        for r in self.reaction_names.values():
            if not r.decl.instant:
                bodies.setdefault(("event", r.decl.event), []).append(r.decl.body)
        bodies[("instant",)] = [r.body for r in self.out.instants]
        ends, uses = {}, {}
        for key, blocks in bodies.items():
            keys = [k for b in blocks for st in b for k in _ending_keys(self.walks().under(st, _ENDING))]
            ends[key] = ("end",) in keys
            uses[key] = [k for k in keys if k != ("end",)]
        grew = True
        while grew:
            grew = False
            for key, used in uses.items():
                if not ends[key] and any(ends.get(k, False) for k in used):
                    ends[key] = grew = True
        ends[("end",)] = True
        return ends

    def current_in_setup(self):
        """W128 at the first `current` the setup's own lines read: no turn is under way during the
        setup, so it is Player 1 (or `first_player`) every time, almost always meant to be each
        player in a loop or a player chosen there. Once, and not where W111 already says so."""
        setup = self.out.phases.get("setup")
        if setup is None or self.sym.get("current") is not None:
            return
        said = {(d.span.line, d.span.column) for d in self.out.warnings if d.code == "W111"}
        for x in self.walks().walk(setup.body):
            if isinstance(x, A.Name) and x.name == "current" and (x.span.line, x.span.column) not in said:
                self.warn("W128", "The setup reads 'current', the player whose turn it is, but no turn is under way "
                                  "during the setup: it is the first player every time.", x,
                          "name the player you mean: each one in 'for p in players:', or 'first(players)'")
                return

    def ends_during_setup(self):
        """W113 at an `end turn` or `end STAGE` that the setup or the `play` section runs outside
        any turn and that stage, itself or through the rules and stages it calls, the turns and
        rounds it takes and the reactions to what it signals (no turn is under way there, and a
        stage only while it runs), and at an `end turn` that the round section runs (a round is no
        turn): the line fails when it is reached."""
        for section, ends in (("setup", None), ("play", None), ("round", "turn")):
            if section in self.out.phases:
                self.ends_outside(section, ends)

    def ends_outside(self, section: str, only: str | None):
        # A rule is gone through again only when it is reached with fewer stages under way than
        # before, and then with those under way on every way to it so far: at most once more for
        # each stage, however many ways lead to it.
        todo, entered, warned = [(self.out.phases[section].body, [], frozenset())], {}, set()
        name = "setup" if section == "setup" else f"'{section}' section"
        while todo:
            body, via, running = todo.pop()
            for st in self.walked(body):
                if isinstance(st, A.EndStage) and (only is None or st.name == only) and st.name not in running \
                        and id(st) not in warned:
                    warned.add(id(st))
                    where = f"is reached from the {name}, through {self.way_through(via)}," if via else f"is in the {name},"
                    why = (f"the 'play' section runs it outside any {st.name}" if section == "play" else
                           f"no {st.name} is under way while the {name} runs")
                    self.warn("W113", f"'end {st.name}' {where} but {why}, so this line fails when it is reached.",
                              st, f"end the {st.name} where it is played, or leave the call out of the {name}")
                elif isinstance(st, A.CallStmt) and isinstance(getattr(self.rules.get(st.name), "decl", None), A.RuleDecl):
                    before = entered.get(st.name)
                    now = running if before is None else before & running
                    if now != before:
                        entered[st.name] = now
                        stage = {st.name} if isinstance(self.rules[st.name].decl, A.StageDecl) else set()
                        todo.append((self.rules[st.name].decl.body, via + [st.name], now | stage))
                elif isinstance(st, A.Signal):
                    for r in self.out.reactions.get(st.event, []):
                        before = entered.get(("reaction", r.name))
                        now = running if before is None else before & running
                        if now != before:
                            entered[("reaction", r.name)] = now
                            todo.append((r.body, via + [("reaction", r.name)], now))
                elif only is None and isinstance(st, (A.TakeTurns, A.TakeRounds)):
                    # the turns a play section takes outside a stage are outside it too
                    played = "turn" if isinstance(st, A.TakeTurns) else "round"
                    before = entered.get(":" + played)
                    now = running if before is None else before & running
                    if now != before and played in self.out.phases:
                        entered[":" + played] = now
                        turn = {"turn"} if played == "turn" else set()
                        todo.append((self.out.phases[played].body, via + [played], now | turn))

    def way_through(self, via: list) -> str:
        """The rules, stages, sections and reactions a line is reached through, in words."""
        if all(isinstance(r, str) and r in self.rules for r in via):
            kinds = {self.rules[r].kind for r in via}
            return f"the {kinds.pop() if len(kinds) == 1 else 'rule'}{'s' * (len(via) > 1)} {', '.join(repr(r) for r in via)}"
        return ", ".join(f"the reaction '{r[1]}'" if isinstance(r, tuple) else f"the {self.rules[r].kind} '{r}'"
                         if r in self.rules else f"the '{r}' section" for r in via)

    def hooks(self):
        """Names the engine itself uses must have the shape it expects."""
        shapes = {"score": ([T.PLAYER], T.INT), "skip_turn": ([T.PLAYER], T.BOOL), "next_turn": ([T.PLAYER], T.PLAYER)}
        for name, (params, result) in shapes.items():
            s = self.sym.get(name)
            if s is None or name in self.clashes:     # also declared as another sort of thing: E202 says so
                continue
            got = [self.out.param_type(p) for p in s.decl.params] if s.kind == "define" else None
            if s.kind != "define" or got != params or not T.fits(s.type or T.ANY, result):
                self.error("E406", f"'{name}' is used by the engine and must be 'define {name}(p: player): {T.show(result)} = ...'.",
                           s.decl)
            elif name == "next_turn" and isinstance(s.decl.body, A.Lit) and s.decl.body.value is None:
                self.error("E301", "'next_turn' gives none for every player, but the next turn must be a seat at "
                                   "the table.", s.decl.body, "give the player whose turn comes next, e.g. "
                                                              "'next_player(p)'")
            elif name == "next_turn" and (side := self.side_named(s.decl.body)) is not None:
                self.error("E301", f"'next_turn' gives the side '{side}', but the next turn must be a seat at the table.",
                           s.decl.body, "give a player: a side only holds variables and zones, and scores")
        for name, (params, result) in shapes.items():
            r = self.rules.get(name)
            if r is not None and name not in self.sym:
                self.error("E406", f"'{name}' is used by the engine and must be 'define {name}(p: player): "
                                   f"{T.show(result)} = ...', not a {r.kind}.", r.decl)
        skip = self.sym.get("skip_turn")
        # Instant reactions are offered between two turns, skipped ones too, and an answer to one
        # starts the count of skipped turns again: a game may be played by them alone.
        offered = any(r.cond is None or _certain_truth(r.cond, self.sym) is not False for r in self.out.instants)
        if skip is not None and skip.kind == "define" and "round" not in self.out.phases and not offered and \
                self.turns_certain() and _certain_truth(skip.decl.body, self.sym) is True:
            self.error("E309", "'skip_turn' is true for every player, so every turn is skipped: nobody ever plays, "
                               "and the game never ends (it stops with an error after 100 rounds of skipped turns).",
                       skip.decl.body, "give the condition on which a player's turn is skipped, e.g. "
                                       "'define skip_turn(p: player): bool = p.frozen'")
        fp = self.sym.get("first_player")
        if fp is not None and (fp.kind != "var" or fp.type != T.PLAYER):
            self.error("E406", "'first_player' is used by the engine and must be 'var first_player: player = ...'.", fp.decl)
        elif fp is not None and isinstance(fp.decl, A.VarDecl):
            self.side_not_seat(fp.decl.init, "take the first turn")

    def ends_never_called(self):
        """(the first `end game`, the rule or stage it is in) when every `end game` that may run is in
        rules and stages that nothing outside them calls, directly or through others: the game
        never ends. None when one is where it may run."""
        dead = {id(end) for _, end in self.never_runs}
        bodies = {name: s.decl.body for name, s in self.rules.items() if isinstance(s.decl, A.RuleDecl)}
        calls = {name: {x.name for x in self.walks().under(body, (A.CallStmt,))} for name, body in bodies.items()}
        outside = [x for d in self.p.decls if not isinstance(d, A.RuleDecl) for x in self.walked(d)]
        todo = [x.name for x in outside if isinstance(x, A.CallStmt)]
        reached: set = set()
        while todo:
            name = todo.pop()
            if name in reached or name not in calls:
                continue
            reached.add(name)
            todo.extend(calls[name])
        live = lambda nodes: any(isinstance(x, A.EndGame) and id(x) not in dead for x in nodes)
        if live(outside) or any(live(self.walked(bodies[name])) for name in reached):
            return None
        for name, body in bodies.items():
            end = next((x for x in self.walked(body) if isinstance(x, A.EndGame) and id(x) not in dead), None)
            if end is not None:
                return end, name
        return None

    def turns_certain(self) -> bool:
        """Whether every game comes to `take turns` before anything could end it: there is no `play`
        section (the turns are the game), or every way through it reaches `take turns` first."""
        play = self.out.phases.get("play")
        if play is None:
            return True
        procs = {name: s.decl.body for name, s in self.rules.items() if isinstance(s.decl, A.RuleDecl)}
        found = self.always_reaches(play.body, ":turn", procs, {})
        return found is not None and found[2] is None

    def in_base(self, decl) -> bool:
        """Whether `decl` is the base rulebook's, while a variant is checked: a warning there is
        the variant's doing (it replaced what used the declaration), and is mended in the variant."""
        variant = getattr(self.p, "variant", None)
        return bool(variant) and Path(decl.span.file).name != f"{variant}.rules"

    def by_the_variant(self, decl) -> str:
        return f" in the variant '{self.p.variant}'" if self.in_base(decl) else ""

    def remove_in_variant(self, decl, name: str) -> str:
        # Oh Hell replaced Little Hearts' play and hand, and was told of the base's pass_cards at the
        # base's line, with no word of what to write: the base is right as it is for its own game.
        return (f"if the variant has no use for it, write 'remove {name}' in the variant (the base rulebook's "
                "own game may still need it)" if self.in_base(decl) else "")

    def unused(self):
        """Warn about rules and definitions nothing uses (a hook such as score is used by the engine)."""
        called, used = set(), set()
        for node in self.nodes_of(A.CallStmt, A.Call, A.Name):
            if isinstance(node, A.CallStmt):
                called.add(node.name)
            elif isinstance(node, (A.Call, A.Name)):
                used.add(node.name)
        if self.out.winners and self.out.winners.ranking:
            used.update(n for _, n in self.out.winners.ranking)
        hooks = {"score", "skip_turn", "next_turn"}
        if "turn" not in self.out.phases:       # the turn order's hooks, in a game without turns
            for name in ("skip_turn", "next_turn"):
                s = self.sym.get(name)
                if s is not None and s.kind == "define" and name not in used:
                    self.warn("W102", f"The definition '{name}' is never used: the game has no 'turn' section, "
                                      "so no turns are taken.", s.decl)
        for name, s in self.rules.items():
            if name not in called and not (name in hooks and name not in self.sym):      # E406 told it
                self.warn("W102", f"The {s.kind} '{name}' is never used{self.by_the_variant(s.decl)}.", s.decl,
                          self.remove_in_variant(s.decl, name))
        for name, s in self.sym.items():
            if s.kind == "define" and name not in used and name not in hooks:
                self.warn("W102", f"The definition '{name}' is never used{self.by_the_variant(s.decl)}.", s.decl,
                          self.remove_in_variant(s.decl, name))
        for name, s in self.sym.items():
            # `var actions_lft` declared, and `actions_left = 2` in a rule: the rule sets a local of
            # its own, and the game's variable (misspelt where it is declared) is never used
            local = closest(name, self.locals_set) if s.kind == "var" and name not in used else ""
            if local:
                at = self.locals_set[local]
                self.error("E201", f"The variable '{name}' is never used, and a rule sets '{local}' (line {at.line}), "
                                   f"one slip from it: '{local}' is a new local of that rule, not this variable.",
                           self.word(s.decl, name, after=s.decl.span.column - 1) if s.decl.span else s.decl,
                           f"spell the two alike: did you mean 'var {local}'?")
        self.unsignalled()
        self.never_read()
        self.capped_comparisons()

    def capped_comparisons(self):
        """W135 at a comparison that a cap on every line setting the variable makes impossible:
        `level > 4` where `level` is only ever set to `min(..., 4)` (or to smaller numbers, or
        lowered), so what it guards never runs. A floor (`max(..., 0)`) is told the same way.
        A variable with a range that W133 tells already is not told again."""
        writes: dict = {}
        for n in self.nodes_of(A.Assign):
            if isinstance(n.target, (A.Name, A.Field)) \
                    and self.out.refs.get(id(n.target), ("",))[0] in ("global", "pvar"):
                writes.setdefault(n.target.name, []).append(n)
        limits: dict = {}
        told = set()
        for e, s, op, n in self.compared:
            name = s.decl.name
            if id(e) in told:
                continue
            told.add(id(e))
            if name not in limits:
                limits[name] = [self.capped(s, writes.get(name, []), top) for top in (True, False)]
            if s.decl.low is not None and _holds(op, n, s.decl.low, s.decl.high) is not None:
                continue                        # W133 tells it (or the range makes it certain anyway)
            for (bound, at), word in zip(limits[name], ("at most", "at least")):
                holds = None if at is None else \
                    _holds(op, n, None, bound) if word == "at most" else _holds(op, n, bound, None)
                if holds is None or holds and op != "!=":
                    continue
                line = f"line {at.span.line}{self.in_file(at, e)}"
                self.warn("W135", f"Every line that sets '{name}' keeps it {word} {bound} ({self.text_of(at)!r} on "
                                  f"{line}), so {self.text_of(e)!r} is always {'true' if holds else 'false'}.", e,
                          f"compare with a number '{name}' can reach, or change the cap on {line}")
                break

    def capped(self, s, writes: list, top: bool) -> tuple:
        """(the highest (`top`) or lowest value the variable of `s` can ever hold, the `min(...)`
        or `max(...)` call on a line setting it that caps it), or (None, None) when some line (or
        its starting value) may take it past every cap, or no line caps it."""
        start = _bound(s.decl.init, self.sym, s.decl.name, top)
        if start is None or start[0] == "same":
            return None, None
        bounds = [start]
        for w in writes:
            if w.op == "=":
                b = _bound(w.value, self.sym, s.decl.name, top)
                if b is None:
                    return None, None
                if b[0] != "same":
                    bounds.append(b)
            else:           # `+=`/`-=` a number written out, only away from the cap
                n, _ = _fixed_number(w.value, self.sym)
                if n is None or n != 0 and ((n > 0) == (w.op == "+=")) == top:
                    return None, None
        bound = max(b for b, _ in bounds) if top else min(b for b, _ in bounds)
        # the cap that holds it there; a number set outright that reaches as far is no cap
        at = next((c for b, c in bounds if b == bound and c is not None), None)
        return (bound, at) if at is not None else (None, None)

    def never_read(self):
        """W122 at a variable (of the game, or of each player) that rules set but nothing ever reads:
        no condition, definition, text, display or score looks at it, so setting it changes nothing
        (a variable kept from a draft, or a slip where another was meant). `add`, `remove` and
        `+=` count as reads; `first_player` is read by the engine."""
        assigns = self.nodes_of(A.Assign)
        targets = {id(n.target) for n in assigns if n.op == "="}
        names = {n.name for n in self.nodes_of(A.Name) if id(n) not in targets}
        names |= {A.seer_name(d.visibility) for d in self.zone_decls() if A.seer_name(d.visibility)}
        fields = {n.name for n in self.nodes_of(A.Field) if id(n) not in targets}
        for name, s in self.sym.items():
            if s.kind == "var" and name != "first_player" and name not in names and name not in fields or \
                    s.kind == "pvar" and name not in fields and name not in names:
                if not any(id(n.target) in targets and getattr(n.target, "name", None) == name for n in assigns):
                    continue        # never set either: declared and unused, a draft's leftover W102 does not cover
                self.warn("W122", f"The variable '{name}' is set but never read{self.by_the_variant(s.decl)}: nothing "
                                  "the rules do or show depends on it.", self.word(s.decl, name),
                          f"the base's lines that set it do no harm; to be rid of them, replace the rules that set it in "
                          f"the variant and 'remove {name}'" if self.in_base(s.decl) else
                          "remove it and the lines that set it, or use it where it was meant to count")

    def unsignalled(self):
        """W107 at a reaction to an event no rule ever signals (it can never be played); W102 at an
        event nothing signals or reacts to. The program is the merged one: a base may declare an
        event that only its variant signals."""
        signalled = {n.event for n in self.nodes_of(A.Signal)}
        reacted = set()
        for d in self.p.decls:
            if isinstance(d, A.ReactionDecl) and not d.instant:
                reacted.add(d.event)
                s = self.sym.get(d.event)
                if s is not None and s.kind == "event" and d.event not in signalled:
                    self.warn("W107", f"The reaction '{d.name}' waits for the event '{d.event}', which no rule ever "
                                      "signals, so it can never be played.", self.word(d, d.event, after=d.span.column - 1 + len(f"reaction {d.name} on")),
                              f"signal it where it happens: signal {d.event}(...)")
        for name, s in self.sym.items():
            if s.kind == "event" and name not in signalled and name not in reacted:
                self.warn("W102", f"The event '{name}' is never used: no rule signals it and no reaction waits for it.",
                          s.decl)

    def deals_too_many(self):
        """W134 at a setup's deal that takes more things than its zone holds: the setup fills a zone
        with every thing of a kind (`deck = shuffled(card)`, or `for c in card: add c to deck`),
        then deals a number written out to each player (`for p in players: draw 4 from deck to
        p.hand`), with no other line between that names the zone. Even with the fewest players the
        last ones are dealt fewer, or none: a draw from an empty zone draws nothing, and the game
        fails later where their hand is chosen from."""
        setup = self.out.phases.get("setup")
        if setup is None:
            return
        held: dict = {}         # a zone's name -> how many things the setup put into it, so far
        for st in setup.body:
            zone = kind = None
            if isinstance(st, A.Assign) and st.op == "=" and isinstance(st.target, A.Name) and \
                    isinstance(st.value, A.Call) and st.value.name == "shuffled" and len(st.value.args) == 1 and \
                    isinstance(st.value.args[0], A.Name):
                zone, kind = st.target.name, st.value.args[0].name
            elif isinstance(st, A.For) and st.cond is None and isinstance(st.iterable, A.Name) and len(st.body) == 1 \
                    and isinstance(st.body[0], A.AddTo) and isinstance(st.body[0].item, A.Name) \
                    and st.body[0].item.name == st.var and isinstance(st.body[0].target, A.Name):
                zone, kind = st.body[0].target.name, st.iterable.name
            if zone is not None and (self.sym.get(kind) is None or self.sym[kind].kind != "kind"
                                     or kind in self.p.data_failed or kind in self.out.per_player_kinds):
                zone = None
            if zone is not None:
                held[zone] = len(self.out.things.get(kind) or [])
                continue
            if isinstance(st, A.Shuffle) and isinstance(st.zone, A.Name):
                continue
            deal = self.deal(st)
            if deal is not None and deal[0] in held:
                name, n, draw = deal
                self.dealt_beyond(name, held[name], n, draw)
                held[name] -= n * self.out.max_players
            names = {x.name for x in self.walks().walk(st) if isinstance(x, A.Name)}
            for name in list(held):
                if name in names and (deal is None or deal[0] != name):
                    del held[name]      # another line takes from it or adds to it: no longer certain

    def deal(self, st):
        """(zone, n, the draw) for `for p in players: draw n from Z to p.X` with n a number written
        out (or a definition of no values giving one), else None."""
        if not (isinstance(st, A.For) and st.cond is None and isinstance(st.iterable, A.Name)
                and st.iterable.name == "players" and len(st.body) == 1 and isinstance(st.body[0], A.Draw)):
            return None
        draw = st.body[0]
        n, _ = _fixed_number(draw.count, self.sym)
        if n is None or n <= 0 or not isinstance(draw.source, A.Name):
            return None
        return draw.source.name, n, draw

    def dealt_beyond(self, zone: str, held: int, n: int, draw):
        """W134 when even the fewest players take more than the zone holds. (With the most players
        only, a game may mean it: the last seats dealt fewer, a game that copes with a short hand.)"""
        most, fewest = self.out.max_players, self.out.min_players
        if n * fewest <= held:
            return
        players = f"{fewest} player{'s' * (fewest != 1)}"
        self.warn("W134", f"'{zone}' holds {held} thing{'s' * (held != 1)} here, but dealing {n} to each player "
                          f"takes {n * fewest} even with {players}, the fewest: the last players are dealt fewer, or "
                          f"none (a draw from an empty zone draws nothing).", draw.count,
                  f"deal at most {held // most} each" + (f" ({held // fewest} with {players})" if held // fewest != held // most else "")
                  + f", or deal by the number of players: 'draw {held} / player_count ...'")

    def never_filled(self):
        """W131 at the first read of a zone that nothing ever puts a thing into (`choose ... from Z`,
        `draw ... from Z`, `move ... from Z`, `first(Z)`, `last(Z)`, `for x in Z`, `[... for x in Z]`):
        a zone starts empty, so with no `Z = ...`, `add ... to Z`, `move ... to Z` or `draw ... to Z`
        anywhere (a game without a setup) every read of it finds nothing.
        A zone handed to a rule or a signal's reactions (which may fill it under another name)
        counts as filled, and things put into a local (`add c to z`) may fill any zone: the
        warning must never be a false alarm."""
        zones = {n for n, x in self.sym.items() if isinstance(x.decl, A.ZoneDecl)}
        if not zones:
            return
        filled, read = set(), {}

        def named(e):
            while isinstance(e, A.Index):       # `discard[0]`: one of a numbered zone
                e = e.obj
            return e.name if isinstance(e, (A.Name, A.Field)) else None

        for node in self.nodes_of(A.Assign, A.AddTo, A.Move, A.Draw, A.CallStmt, A.Signal, A.Choose, A.For,
                                  A.Comprehension, A.Call):
            if isinstance(node, A.Assign):
                filled.add(named(node.target))
            elif isinstance(node, A.AddTo):
                filled.add(named(node.target))
            elif isinstance(node, (A.Move, A.Draw)):
                filled.add(named(node.dest))
            elif isinstance(node, (A.CallStmt, A.Signal)):      # a rule or a reaction may fill what it is given
                filled.update(named(n) for n in self.walks().walk(node.args, statements=False))
            source = node.source if isinstance(node, (A.Choose, A.Draw, A.Move)) else \
                node.iterable if isinstance(node, (A.For, A.Comprehension)) else \
                node.args[0] if isinstance(node, A.Call) and node.name in ("first", "last") and node.args \
                and node.name not in self.sym else None
            name = named(source) if source is not None else None
            if name in zones:
                read.setdefault(name, (node, source))
        moved_to = {named(n.target) for n in self.nodes_of(A.AddTo)} | {named(n.dest) for n in self.nodes_of(A.Move, A.Draw)}
        places = zones | {z.name for k in self.out.kinds.values() for z in getattr(k, "zones", [])}
        if any(n is None or n not in places for n in moved_to):
            return      # things put into a local (`for z in zs: add c to z`) may be put into any zone
        for name, (node, source) in read.items():
            if name in filled:
                continue
            zone = self.text_of(source)
            how = (f"choice chooses from '{zone}'" if isinstance(node, A.Choose) else
                   f"draw draws from '{zone}'" if isinstance(node, A.Draw) else
                   f"move takes from '{zone}'" if isinstance(node, A.Move) else
                   f"'{node.name}' takes the {node.name} thing of '{zone}'" if isinstance(node, A.Call) else
                   f"loop goes through '{zone}'")
            each = self.sym[name].decl.per_player
            self.warn("W131", f"This {how}, but nothing in the rules ever puts a "
                              f"thing into {'any player' + chr(39) + 's' if each else 'the zone'} '{name}': a zone starts "
                              "empty, so there is never anything here.", source,
                      f"fill it in 'setup:', as 'for p in players: draw 3 from deck to p.{name}'" if each else
                      f"fill it in 'setup:', as '{name} = shuffled(card)' (the kind's things) or 'add ... to {name}'")

    def run(self) -> CheckedProgram:
        self.collect()
        self.shadowing()
        self.signatures()
        self.check_bodies()
        self.structure()
        self.hooks()
        self.unused()
        self.never_filled()
        self.deals_too_many()
        for d, early in self.p.cut_short:
            self.warn("W115", f"The base's {d.kind_word} '{d.name}' can return early (line {early.span.line}), and then "
                              f"the steps this 'extend' adds after it do not run.", d.span,
                      f"if they must run whatever happens, replace the {d.kind_word} and write the steps where they "
                      "belong, or move the base's early part into a rule of its own")
        self.out.warnings.extend(getattr(self.p, "data_warnings", ()))     # the loader's (W117)
        for path in self.p.unread_data:
            shown = path.name if path.parent.name != "variants" else f"variants/{path.name}"
            self.warn("W114", f"The data file '{shown}' is read by no kind, so its records are not in the game.",
                      Span(str(path)), f"name it where its things are declared: 'kind NAME from \"{path.name}\"', "
                                       f"or in a variant 'extend kind NAME from \"{path.name}\"'")
        return self.out


_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
# A built-in's list of one type of item, in the words of its errors (`sum(["a"])`).
_LIST_WORDS = {T.list_of(T.INT): "a list of numbers", T.list_of(T.BOOL): "a list of truths",
               T.list_of(B.LIST): "a list of lists"}


def _not_none_if(cond, when: bool, name: str, sym: dict, depth: int = 0) -> bool:
    """Whether `cond` having the truth `when` means that the local `name` is not none: `name != none`
    true, `name == none` false, `not`, `and` and `or` of such tests, and a definition given `name`
    whose value is such a test of its parameter (followed 5 calls deep)."""
    if isinstance(cond, A.Binary) and cond.op in ("==", "!="):
        tested = any(isinstance(a, A.Name) and a.name == name and isinstance(b, A.Lit) and b.value is None
                     for a, b in ((cond.left, cond.right), (cond.right, cond.left)))
        return tested and when == (cond.op == "!=")
    if isinstance(cond, A.Unary) and cond.op == "not":
        return _not_none_if(cond.operand, not when, name, sym, depth)
    if isinstance(cond, A.Binary) and cond.op in ("and", "or"):
        sides = (_not_none_if(cond.left, when, name, sym, depth), _not_none_if(cond.right, when, name, sym, depth))
        # `a and b` true (or `a or b` false) holds both sides' truths; otherwise only one is known.
        return any(sides) if (cond.op == "and") == when else all(sides)
    if isinstance(cond, A.Call) and depth < 5:
        s = sym.get(cond.name)
        if s is not None and s.kind == "define" and s.decl.params:
            body = A.where_lines(s.decl.body)[1]
            return any(isinstance(a, A.Name) and a.name == name and k < len(s.decl.params)
                       and _not_none_if(body, when, s.decl.params[k].name, sym, depth + 1)
                       for k, a in enumerate(cond.args))
    return False


def _leaves_block(stmts: list) -> bool:
    """Whether a block ends by leaving (`return`, `end game`, `end NAME`): nothing after it runs."""
    return bool(stmts) and isinstance(stmts[-1], (A.Return, A.EndGame, A.EndStage))


@dataclass
class _DeclinedChoice:
    """W120's walk over the block of `may choose VAR ...:`, collecting in `uses` each `move VAR ...`,
    `VAR.field` and VAR stored where a none does not fit (`p.bid = VAR` for a number, text, truth or
    list, with `types`, the checker's type of what each assignment sets) reached where VAR may
    still be none. VAR is known not none under
    `if VAR != none:` (or an `elif`/`else` after `if VAR == none:`), after `if VAR == none: return`
    (or `end game`), on the right of `VAR != none and` or `VAR == none or`, and in the `then` of
    `if VAR != none then`; a test written in a definition given VAR counts as written out.

    Each method takes `safe` (VAR known not none there): a safe part is not looked into."""
    var: str
    sym: dict
    types: dict = field(default_factory=dict)       # the type each assignment sets, by the assignment's id
    uses: list = field(default_factory=list)
    settings: list = field(default_factory=list)    # (the assignment, VAR in its value) of each such use

    def known(self, cond, when: bool) -> bool:
        return _not_none_if(cond, when, self.var, self.sym)

    def stored(self, s: A.Assign) -> None:
        """`p.bid = b`, `total += b`, `p.bid = if b == 0 then 0 else b`: VAR itself stored (or added)
        where its type has no none (a number, text, truth or list), reached with VAR maybe none."""
        t = self.types.get(id(s), "")
        if not (t in ("int", "bool", "text") or t.startswith("list:")):
            return
        ends = [(s.value, False)]
        while ends:
            e, safe = ends.pop()
            if safe:
                continue
            if self.is_var(e):
                self.uses.append(e)
                self.settings.append((s, e))
            elif isinstance(e, A.Cond):
                ends += [(e.then, self.known(e.test, True)), (e.other, self.known(e.test, False))]

    def block(self, stmts: list, safe: bool) -> bool:
        """The statements in order; gives whether VAR is known not none after them."""
        for s in stmts:
            safe = self.stmt(s, safe)
        return safe

    def stmt(self, s, safe: bool) -> bool:
        if safe:
            return True
        if isinstance(s, A.If):
            return self.if_(s)
        if isinstance(s, A.Move) and isinstance(s.what, A.Name) and s.what.name == self.var:
            self.uses.append(s)
        if isinstance(s, A.For) and self.is_var(s.iterable):     # `for c in pr:` with pr none
            self.uses.append(s.iterable)
        if isinstance(s, A.Assign):
            self.stored(s)
        self.parts(s)
        return False

    def if_(self, s: A.If) -> bool:
        """An `if`: each branch is safe when its test (or every test above failing) says so; after
        the `if`, VAR is known not none when it is in every branch that does not leave."""
        known_after = []
        above_failed = False            # every test above failed: VAR may be known not none by it
        for cond, body in s.branches:
            self.expr(cond, above_failed)
            inside = self.block(body, above_failed or self.known(cond, True))
            if not _leaves_block(body):
                known_after.append(inside)
            above_failed = above_failed or self.known(cond, False)
        other = s.other or []
        inside = self.block(other, above_failed)
        if not _leaves_block(other):
            known_after.append(inside)
        return bool(known_after) and all(known_after)

    def expr(self, e, safe: bool) -> None:
        if safe or e is None:
            return
        inside = list(A.walk(e))        # a stack, not recursion: a chain of 300 '+' is one line
        if not any(isinstance(n, (A.Cond, A.Stmt)) or isinstance(n, A.Binary) and n.op in ("and", "or")
                   for n in inside):    # nothing in it keeps a part from VAR none: each use counts
            self.uses.extend(n for n in inside if self.reads_field(n))
            return
        if self.reads_field(e):
            self.uses.append(e)
        if isinstance(e, A.Binary) and e.op in ("and", "or"):
            self.expr(e.left, False)
            self.expr(e.right, self.known(e.left, e.op == "and"))
        elif isinstance(e, A.Cond):
            self.expr(e.test, False)
            self.expr(e.then, self.known(e.test, True))
            self.expr(e.other, self.known(e.test, False))
        else:
            self.parts(e)

    def reads_field(self, n) -> bool:
        """`VAR.field`, or VAR read as a list (`pr[0]`, `count(pr)`, `join(pr, ...)`, `x in pr`,
        `[x for x in pr]`; `for x in pr:` is told by `stmt`): what a `may choose` chooses from `combinations(...)` is a list, none
        after a "Decline", and each of these fails on none in play."""
        if isinstance(n, A.Field):
            return self.is_var(n.obj)
        if isinstance(n, A.Index):
            return self.is_var(n.obj)
        if isinstance(n, A.Comprehension):
            return self.is_var(n.iterable)
        if isinstance(n, A.Binary) and n.op in ("in", "not in"):
            return self.is_var(n.right)
        # first() and last() of none give none in play; the other built-ins that take a list fail.
        if isinstance(n, A.Call) and n.name in B.ARG_TYPES and n.name not in ("first", "last") and n.name not in self.sym:
            wants = B.ARG_TYPES[n.name]
            return any(self.is_var(a) and i < len(wants) and isinstance(wants[i], str) and wants[i].startswith("list:")
                       for i, a in enumerate(n.args))
        return False

    def is_var(self, e) -> bool:
        return isinstance(e, A.Name) and e.name == self.var

    def parts(self, node) -> None:
        """The parts of a node that is no test, first to last: a block in it (a loop's, a choice's,
        a menu option's) in order, so that a guard in it holds below it; the rest each on its own."""
        for value in A.branch_values(node):
            if isinstance(value, list) and value and all(isinstance(v, A.Stmt) for v in value):
                self.block(value, False)
                continue
            for c in A.nodes_in(value):
                self.stmt(c, False) if isinstance(c, A.Stmt) else self.expr(c, False)


def _record_line(starts: dict, at: Span) -> int:
    """The line of the record that holds the place `at` of a data file (its own line, or one below
    it where a field or a list's item of it is written), from `Checker.record_lines`."""
    lines = starts.get(at.file, [])
    i = bisect.bisect_right(lines, at.line)
    return lines[i - 1] if i else at.line


def _certainly_empty(e, sym) -> bool:
    """Whether a list expression is empty whatever the game's state, from its constants alone:
    `[]`, `range(1, 0)` (a range whose end is below its start), or a comprehension over such a
    list. (Not a comprehension's condition: its variable may shadow a definition of the game.)"""
    if isinstance(e, A.ListLit):
        return not e.items
    if isinstance(e, A.Call) and e.name == "range" and len(e.args) == 2:
        a, b = _constant(e.args[0]), _constant(e.args[1])
        return a is not None and b is not None and b < a
    if isinstance(e, A.Comprehension):
        return _certainly_empty(e.iterable, sym)
    return False


def _constant(e):
    """The whole number an expression of number literals stands for (`0`, `-0`, `2 - 2`), or None."""
    if isinstance(e, A.Lit) and isinstance(e.value, int) and not isinstance(e.value, bool):
        return e.value
    if isinstance(e, A.Unary) and e.op == "-":
        v = _constant(e.operand)
        return None if v is None else -v
    if isinstance(e, A.Binary) and e.op in ("+", "-", "*"):
        a, b = _constant(e.left), _constant(e.right)
        if a is None or b is None or abs(a) > 10 ** 15 or abs(b) > 10 ** 15:
            return None
        return a + b if e.op == "+" else a - b if e.op == "-" else a * b
    return None


# What may leave a `while true` loop, or do something in it that may end the game (a rule, a
# signal's reactions, an instant reaction played at a choice).
# The statements a loop may hold and still be certain not to change anything but the names it sets.
QUIET_STATEMENTS = (A.Assign, A.Say, A.Pass, A.If)
WAYS_OUT = (A.Stop, A.Return, A.EndGame, A.EndStage, A.TakeTurns, A.TakeRounds, A.CallStmt, A.Signal, A.Choose,
            A.Menu, A.Secret)


# A list position no list in play reaches: a stored list holds at most a million items
# (budgets.MAX_WEIGHT), and one made between two decisions costs a unit of work an item, of the
# five million it may spend (budgets.WORK_BUDGET); this is far beyond both.
_NO_LIST_THIS_LONG = 10 ** 9


def _meet(narrowed: dict, allowed_by: dict):
    """Narrow `narrowed` ({key's text: enum values}) to what `allowed_by` allows too."""
    for key, allowed in allowed_by.items():
        narrowed[key] = narrowed.get(key, allowed) & allowed


def _certain_truth(e, sym, depth: int = 0):
    """True or False when the condition `e` is certain from the text alone (`false`, `1 > 2`, `not
    true`, `n < 0` for a definition of no values giving 3), else None."""
    if depth > 20:
        return None
    if isinstance(e, A.Lit) and type(e.value) is bool:
        return e.value
    if isinstance(e, A.Unary) and e.op == "not":
        v = _certain_truth(e.operand, sym, depth + 1)
        return None if v is None else not v
    if isinstance(e, A.Name):
        s = sym.get(e.name)
        if s is not None and s.kind == "define" and not s.decl.params:
            return _certain_truth(s.decl.body, sym, depth + 1)
        return None
    if isinstance(e, A.Binary) and e.op in ("and", "or"):
        a, b = _certain_truth(e.left, sym, depth + 1), _certain_truth(e.right, sym, depth + 1)
        if e.op == "and":
            return False if False in (a, b) else True if a is True and b is True else None
        return True if True in (a, b) else False if a is False and b is False else None
    if isinstance(e, A.Binary) and e.op in ("==", "!=", "<", "<=", ">", ">="):
        a, b = _fixed_number(e.left, sym)[0], _fixed_number(e.right, sym)[0]
        if a is None and b is not None and _a_count(e.left, sym):
            return _count_against(e.op, b)
        if b is None and a is not None and _a_count(e.right, sym):
            flipped = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}.get(e.op, e.op)
            return _count_against(flipped, a)
        if a is None or b is None:
            return None
        return {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[e.op]
    return None


def _a_count(e, sym) -> bool:
    """Is `e` the built-in `count(...)` of one list, a number that is never below 0?"""
    return isinstance(e, A.Call) and e.name == "count" and len(e.args) == 1 and "count" not in sym


def _count_against(op: str, n: int):
    """`count(...) OP n`: True or False when certain whatever the count (0 or more), else None:
    `count(xs) > -1` and `count(xs) >= 0` are always true, `count(xs) < 0` never."""
    if n < 0:
        return op in ("!=", ">", ">=")
    if n == 0 and op in (">=", "<"):
        return op == ">="
    return None


def _key_constant(e, refs: dict):
    """The table key an expression is written as, when it is written out: a whole number, an enum
    value's name, or a text without braces; else None."""
    n = _constant(e)
    if n is not None:
        return n
    ref = refs.get(id(e))
    if isinstance(e, A.Name) and ref is not None and ref[0] == "enum":
        return ref[1]
    if isinstance(e, A.Template) and all(isinstance(p, str) for p in e.parts):
        return "".join(e.parts)
    return None


def _sure_lookups(e) -> list:
    """The look-ups (`x[k]`) that working out `e` always makes: not those of one branch of an `if`,
    of the right side of `and` or `or`, of a comprehension's items or of a function; a definition's
    body is not looked into."""
    out, todo = [], [e]
    while todo:
        x = todo.pop()
        if isinstance(x, list):
            todo.extend(x)
            continue
        if not isinstance(x, A.Expr) or isinstance(x, A.Lambda):
            continue
        if isinstance(x, A.Cond):
            todo.append(x.test)
            continue
        if isinstance(x, A.Binary) and x.op in ("and", "or"):
            todo.append(x.left)
            continue
        if isinstance(x, A.Comprehension):
            todo.append(x.iterable)
            continue
        if isinstance(x, A.Index):
            out.append(x)
        todo.extend(v for k, v in vars(x).items() if k != "span" and isinstance(v, (A.Expr, list)))
    return out


def _ring_parts(edges: dict, certain: bool) -> dict:
    """Each node that may lie on a ring -> its strongly connected component (`graphs.on_rings`), by
    the look-ups written out only when `certain`. A node in no ring is left out, so a long chain of
    tables is searched once, not once from each of its entries."""
    return on_rings({node: [nxt for _, nxt, written in out if written or not certain] for node, out in edges.items()})


def _ring(start, edges: dict, certain: bool, part: dict):
    """A path of edges [(look-up, node)] from `start` back to it (`Checker.check_table_loops`); with
    `certain`, by look-ups whose keys are written out only, else with at least one worked out in play.
    None if there is none. Only `start`'s component (`_ring_parts`) is searched: no other node
    leads back to it."""
    stack, seen, mine = [(start, [], True)], set(), part[start]
    while stack:
        node, path, sure = stack.pop()
        for n, nxt, written in edges.get(node, ()):
            if certain and not written or part.get(nxt) != mine:
                continue
            step = path + [(n, nxt)]
            if nxt == start:
                if certain or not (sure and written):
                    return step
                continue
            key = (nxt, sure and written)
            if key not in seen:
                seen.add(key)
                stack.append((nxt, step, sure and written))
    return None


def _shown_key(k) -> str:
    """A table's key as a rulebook writes it: a number, an enum value, a text in quotes."""
    if isinstance(k, A.TextKey):
        return '"' + k.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'
    return str(k)


class _Unknown(Exception):
    """An expression `_worked_out` cannot work out before play."""


def _worked_out(e, env: dict, refs: dict):
    """The value of an expression of whole numbers, truths, enum values and the names of `env`
    (a die's face), as play would give it; raises _Unknown for anything else."""
    if isinstance(e, A.Lit):
        return e.value          # none too: a face is never none
    if isinstance(e, A.Name):
        ref = refs.get(id(e))
        if ref is not None and ref[0] == "enum":
            return ref[1]
        if ref is not None and ref[0] == "local" and e.name in env:
            return env[e.name]
        raise _Unknown
    if isinstance(e, A.Unary):
        v = _worked_out(e.operand, env, refs)
        if e.op == "not" and type(v) is bool:
            return not v
        if e.op == "-" and type(v) is int:
            return -v
        raise _Unknown
    if isinstance(e, A.Cond):
        test = _worked_out(e.test, env, refs)
        if type(test) is not bool:
            raise _Unknown
        return _worked_out(e.then if test else e.other, env, refs)
    if isinstance(e, A.Binary):
        a = _worked_out(e.left, env, refs)
        if e.op in ("and", "or") and type(a) is bool:
            return a if (e.op == "and") != a else _truth(_worked_out(e.right, env, refs))
        b = _worked_out(e.right, env, refs)
        if e.op in ("==", "!="):
            return (a == b and type(a) is type(b)) == (e.op == "==")
        if type(a) is int and type(b) is int:
            if e.op in ("<", "<=", ">", ">="):
                return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[e.op]
            if e.op in ("+", "-", "*") and max(abs(a), abs(b)) < 10 ** 15:
                return a + b if e.op == "+" else a - b if e.op == "-" else a * b
            if e.op in ("/", "%") and b != 0:
                return a // b if e.op == "/" else a % b
    raise _Unknown


def _truth(v):
    if type(v) is not bool:
        raise _Unknown
    return v


# The statements `_ending_keys` looks for: only these of a statement's walk are handed to it.
_ENDING = (A.EndGame, A.EndStage, A.TakeTurns, A.TakeRounds, A.CallStmt, A.Signal, A.Choose, A.Menu, A.Secret)


def _ending_keys(nodes: list) -> list:
    """What running a statement may end things through, from the nodes of its walk
    (`Checker.what_may_end`): ("end",) for an `end`,
    `take turns` or `take rounds` of its own; ("rule", name) for a call; ("event", name) for a
    signal; ("instant",) for a decision, before which an instant reaction may be played."""
    keys = []
    for x in nodes:
        if isinstance(x, (A.EndGame, A.EndStage, A.TakeTurns, A.TakeRounds)):
            keys.append(("end",))
        elif isinstance(x, A.CallStmt):
            keys.append(("rule", x.name))
        elif isinstance(x, A.Signal):
            keys.append(("event", x.event))
        elif isinstance(x, (A.Choose, A.Menu, A.Secret)):
            keys.append(("instant",))
    return keys


def _postorder(roots: list, edges: dict) -> list:
    """The nodes reached from `roots` by `edges`, each after those it leads to (but in a ring),
    without recursion."""
    out, done = [], set()
    for root in roots:
        if root in done:
            continue
        done.add(root)
        work = [(root, iter(edges.get(root, ())))]
        while work:
            node, it = work[-1]
            nxt = next((x for x in it if x not in done), None)
            if nxt is None:
                work.pop()
                out.append(node)
            else:
                done.add(nxt)
                work.append((nxt, iter(edges.get(nxt, ()))))
    return out


def _callee(st):
    """The procedure a statement plays: a rule or stage it calls, ':turn' for `take turns`,
    ':round' for `take rounds`; else None."""
    if isinstance(st, A.CallStmt):
        return st.name
    return ":turn" if isinstance(st, A.TakeTurns) else ":round" if isinstance(st, A.TakeRounds) else None


def _product(lists):
    """Every combination taking one item from each list, as tuples."""
    out = [()]
    for xs in lists:
        out = [t + (x,) for t in out for x in xs]
    return out


def _follows_syntax_error(d: Diagnostic, broken: set, structure: bool = True) -> bool:
    """An error that comes from a declaration that did not parse (or a variant's change left out)
    rather than from its own line: a name that declaration declares, or, with `structure`, the
    game's structure (its sections may be the broken ones)."""
    if structure and d.code.startswith("E4"):
        return True
    if broken and d.code == "E301" and d.about[:1] == ("untyped",):
        return True        # a value of a kind (or type) that did not parse
    if d.code == "E201" and d.about[:1] == ("no field",) and d.about[1] in broken:
        return True        # a field of a kind whose fields did not parse
    if "grid" in broken and d.code in ("E301", "E205") and ("laid out with 'grid'" in d.message or "laid out by a 'grid'" in d.message):
        return True        # a grid that did not parse
    return d.code in ("E201", "E204", "E207", "E301", "E302", "E305") and any(f"'{n}'" in d.message for n in broken)


def _numbered_zone_hint(d: Diagnostic, program: Program) -> Diagnostic:
    """A type error on a line that names a numbered zone without its number (`choose k from
    discard`, `first(discard).food`) is most often that: the hint says to name one of the zones."""
    if d.code != "E301" or d.hint or not program.sources:
        return d
    line = program.sources.line(d.span.file, d.span.line) or ""
    for z in program.decls:
        if isinstance(z, A.ZoneDecl) and z.count and re.search(rf"\b{z.name}\b(?!\s*\[)", line):
            return dataclasses.replace(d, hint=f"'{z.name}' is {z.count} zones, {z.name}[0] to {z.name}[{z.count - 1}]: "
                                               f"name one of them, {z.name}[k]")
    return d


def _which_may_see(visibility: str) -> str:
    """The words after a zone's name in W106 and E311: who may see its cards."""
    if visibility == "top":
        return "whose cards under the top one nobody may see"
    return f"which {_who_may_see(visibility)} may see"


def _who_may_see(visibility: str) -> str:
    """Who may see a zone not everyone may see, in W106's and E311's words."""
    who = A.seer_name(visibility)
    if visibility.startswith("owner and seen by "):
        return f"only its owner and {'the current player' if who == 'current' else f'the player in {who!r}'}"
    if who is not None:
        return "only the current player" if who == "current" else f"only one player (the one in '{who}')"
    if visibility == "others":
        return "every player but its owner"
    return "nobody" if visibility == "hidden" else "only its owner"


def hidden_zone_read(symbols: dict, kind_zones: dict, node, defines: dict):
    """(name, visibility) of a zone not everyone may see (an `owner` or `hidden` zone) whose things
    `node` reads, itself or through the definitions it calls; None if it reads none. A zone's size
    (`count(p.hand)`) is known to all. By names, so a field of another kind named like such a zone
    counts too (on the safe side); a local never has a zone's name (E202). `defines` keeps each
    definition's answer from call to call. The checker warns with it (W106, E311); the compiler
    marks with it the choices whose labels may name a secret card (`Compiler.reads_hidden`)."""
    def zone(x):
        return _secret_zone(x, symbols, kind_zones)

    todo = [node]
    pop, push, extend = todo.pop, todo.append, todo.extend
    while todo:
        x = pop()
        cls = x.__class__
        if cls is list or cls is tuple:
            extend(x)
            continue
        if not isinstance(x, A.Node):           # a text of a template, a number, none
            if isinstance(x, (list, tuple)):
                extend(x)
            continue
        # Asked by class: only a name, a field or an index can be a zone (`_secret_zone`), and
        # many nodes are asked a load (every label, prompt and text said), so no question is
        # asked of a node that cannot answer it.
        if cls is A.Call:
            if x.name == "count" and len(x.args) == 1 and zone(x.args[0]):
                continue
            if (x.name == "first" and len(x.args) == 1 or x.name == "take" and len(x.args) == 2) \
                    and _top_read(x.args[0], x.args[1:], zone, symbols):
                if isinstance(x.args[0], A.Index):
                    push(x.args[0].key)         # `first(discard[k])`: which pile may be worked out from anything
                continue
        elif cls is A.Binary:
            if x.op in ("==", "!=") and _emptiness(x, zone):
                continue                        # `p.hand != []` tells no more than its count
        elif cls is A.Index and not x.more_keys and _top_read(x.obj, [x.key], zone, symbols, 0):
            if isinstance(x.obj, A.Index):
                push(x.obj.key)                 # `discard[k][0]`: k is read
            continue
        if cls is A.Name or cls is A.Field or cls is A.Index:
            found = zone(x)
            if found:
                return found
        if (cls is A.Name or cls is A.Call) and getattr(symbols.get(x.name), "kind", None) == "define":
            if x.name not in defines:
                defines[x.name] = None          # a definition that calls itself reads what its body reads
                defines[x.name] = hidden_zone_read(symbols, kind_zones, symbols[x.name].decl.body, defines)
            if defines[x.name]:
                return defines[x.name]
        if not isinstance(x, A.Stmt):           # its fields, the last looked at first
            for name in A.field_order(cls):
                push(getattr(x, name))
    return None


def _secret_zone(x, symbols: dict, kind_zones: dict):
    """(name, visibility) when `x` is a zone not everyone may see, for `hidden_zone_read` (a
    function of its own, not one nested there: one calling itself there is a cycle the collector
    has to find)."""
    if isinstance(x, A.Index) and not x.more_keys:      # one zone of a numbered zone, `piles[k]`
        found = _secret_zone(x.obj, symbols, kind_zones) if isinstance(x.obj, (A.Name, A.Field)) else None
        decl = getattr(symbols.get(x.obj.name), "decl", None) if found else None
        return found if isinstance(decl, A.ZoneDecl) and decl.count is not None else None
    if isinstance(x, A.Name):
        decl = getattr(symbols.get(x.name), "decl", None)
    elif isinstance(x, A.Field):
        s = symbols.get(x.name)
        decl = s.decl if s is not None and s.kind == "pvar" else None
        if decl is None:
            return next(((x.name, zones[x.name]) for zones in kind_zones.values()
                         if zones.get(x.name, "public") != "public"), None)
    else:
        return None
    return (decl.name, decl.visibility) if isinstance(decl, A.ZoneDecl) and decl.visibility != "public" else None


def _named_whole(part) -> bool:
    """Whether a text's part names a value whole, `{deck}` or `{p.hand}` (a zone is shown whole, as
    "3 hidden cards" where hidden), rather than reading into one (`{first(deck).name}`)."""
    return isinstance(part, A.Name) or isinstance(part, A.Field) and isinstance(part.obj, A.Name)


def _top_read(pile, rest: list, zone, symbols: dict, at: int = 1) -> bool:
    """Whether a read of `pile` with the arguments `rest` reads only the top of a face-up pile (a
    `top public` zone), which every seat sees: `first(pile)` (no `rest`), `take(pile, 1)` (`at` 1),
    `pile[0]` (`at` 0). Any other read of it (`pile[1]`, `last(pile)`, `drop(pile, 1)`, a loop
    over it) reads the things under the top, which nobody sees. A numbered zone's name alone is
    all its piles (`discard[0]` is a whole pile, not a top)."""
    if rest and not (isinstance(rest[0], A.Lit) and type(rest[0].value) is int and rest[0].value in (0, at)):
        return False
    if isinstance(pile, (A.Name, A.Field)) and \
            getattr(getattr(symbols.get(pile.name), "decl", None), "count", None) is not None:
        return False
    found = zone(pile)
    return found is not None and found[1] == "top"


def _emptiness(x, zone) -> bool:
    """Whether comparison `x` sets a zone against the empty list, `p.hand == []` (either way round)."""
    for a, b in ((x.left, x.right), (x.right, x.left)):
        if isinstance(b, A.ListLit) and not b.items and zone(a):
            return True
    return False


def sortable(t: str) -> bool:
    """Whether a value of type `t` can be a sort key: one value that sorts (a number, text, truth,
    player, thing or enum value), or none of them; not a list, a function or a die."""
    return t in (T.INT, T.TEXT, T.BOOL, T.PLAYER, T.NONE) or T.unknown(t) or t.startswith(("thing:", "enum:"))


_PICKERS = ("first", "last", "take", "drop", "pick", "shuffled", "sort", "reverse", "unique", "rest")


def _blame_declarations(diags: list, blamed: list, checked_by_data: set = frozenset()) -> list:
    """Several uses of one variable, zone, parameter or definition that do not fit its declared
    type: one error at the declaration, listing them (a `var token: card` that should say
    `tile` gave an error at each of its uses, none at the line to change)."""
    present = {id(d) for d in diags}
    groups: dict = {}
    for d, decl, name, t in blamed:
        if id(d) in present:
            groups.setdefault(id(decl), (decl, name, t, []))[3].append(d)
    dropped, added, single = set(), [], []
    # The declaration with most failing uses first, and of two, not a field its data agrees with: a
    # use blamed on two (`s.colour == c`) is counted for the likelier one only.
    for decl, name, t, uses in sorted(groups.values(), key=lambda g: (-len({id(d) for d in g[3]}),
                                                                      id(g[0]) in checked_by_data)):
        uses = [d for d in {id(d): d for d in uses}.values() if id(d) not in dropped]
        if not getattr(decl, "span", None) or not decl.span.line:
            continue
        here = next((d for d in diags if id(d) not in dropped and d not in uses and d.span.file == decl.span.file
                     and d.span.line == decl.span.line), None)
        # Two failing uses on one line are likelier one wrong word there than a wrong declaration.
        if len({(d.span.file, d.span.line) for d in uses}) < (1 if here is not None else 2):
            # One failing use: its error stays, and names the declaration, the other likely mistake
            # (unless a declaration with more failing uses takes the error, below).
            single += [(d, decl, name, t) for d in uses if d.code == "E301" and d.span.file == decl.span.file
                       and d.span.line != decl.span.line and f"line {decl.span.line}" not in d.hint]
            continue
        shown = "; ".join(f"line {d.span.line}: {d.message.rstrip('.')}" for d in uses[:4]) + ("; ..." if len(uses) > 4 else "")
        what = f" as {T.a(t)}" if t and not T.unknown(t) else ""
        dropped |= {id(d) for d in uses}
        note = f"{len(uses)} of its uses {'does' if len(uses) == 1 else 'do'} not fit its declared type either ({shown})"
        if here is not None:        # the declaration's own error says the rest (it may be there twice)
            dropped |= {id(d) for d in diags if (d.code, d.message, d.span) == (here.code, here.message, here.span)}
            added.append(dataclasses.replace(here, hint=f"{here.hint}; {note}" if here.hint else note))
            continue
        if all(d.code == "E303" for d in uses):        # `player var x` read as a game variable
            added.append(Diagnostic("E303", f"'{name}' is declared here for each player, and {len(uses)} of its uses "
                                            f"read it as one value of the game ({shown}).", decl.span,
                                    f"if the game has one '{name}', drop 'player' here; else write p.{name}"))
            continue
        added.append(Diagnostic("E301", f"'{name}' is declared here{what}, and {len(uses)} of its uses do not fit "
                                        f"that ({shown}).", decl.span,
                                "correct the declared type; or, if it is right, the lines that use it"))
    for d, decl, name, t in single:
        if id(d) not in dropped:
            was = f"'{name}' is declared{' ' + T.a(t) if t and not T.unknown(t) else ''} at line {decl.span.line}"
            dropped.add(id(d))
            added.append(dataclasses.replace(d, hint=f"{d.hint}; {was}" if d.hint else was))
    if not added:
        return diags
    return [d for d in diags if id(d) not in dropped] + added


def _game_variables_read_as_players(checker) -> list:
    """A game variable or zone that every use reads as a player's (`current.bonus`, never
    `bonus`): the declaration left out `player`, so one error there, not one at each use."""
    drop, told = set(), []
    for name, errors in checker.read_as_players.items():
        s = checker.sym.get(name)
        if s is None or not s.decl.span.line or ("global", s.slot) in checker.out.refs.values():
            continue
        drop |= {id(d) for d in errors}
        what = "zone" if isinstance(s.decl, A.ZoneDecl) else "var"
        lines = sorted({d.span.line for d in errors})
        shown = ", ".join(map(str, lines[:6])) + (", ..." if len(lines) > 6 else "")
        told.append(Diagnostic("E303", f"'{name}' is declared here for the whole game, but {'its use' if len(errors) == 1 else f'all {len(errors)} of its uses'} "
                                       f"read{'s' if len(errors) == 1 else ''} it as each player's (line{'s' * (len(errors) > 1)} {shown}).",
                               s.decl.span, f"if each player has their own '{name}', write 'player {what} {name}' here"))
    return [d for d in checker.diags if id(d) not in drop] + told


def _picked_from(e):
    """The list that a moved value is picked from: a comprehension's, or that of first, last, take,
    drop (`take(deck, 1)`); None for anything else."""
    if isinstance(e, A.Comprehension):
        return e.iterable
    if isinstance(e, A.Call) and e.name in ("first", "last", "take", "drop") and e.args:
        return _picked_from(e.args[0]) or e.args[0]
    return None


def _field_lost_to_syntax(d: Diagnostic, program: Program) -> bool:
    """A data record's field the kind does not declare, when a line of that kind's declaration
    did not parse: the field was most likely declared on it (or after it)."""
    if d.about[:1] != ("undeclared field",):
        return False
    kind = next((k for k in program.decls if isinstance(k, A.KindDecl) and k.name == d.about[1]), None)
    if kind is None:
        return False
    after = [x.span.line for x in program.decls if x.span.file == kind.span.file and x.span.line > kind.span.line]
    end = min(after, default=10 ** 9)
    return any(e.span.file == kind.span.file and kind.span.line < e.span.line <= end for e in program.syntax_problems)


_GISTS = {"E025": "not in enum", "E201": "unknown", "E202": "given twice"}


_DECLARED_AS = {"var": "var", "pvar": "player var", "zone": "zone", "pzone": "player zone", "kind": "kind",
                "enum": "enum", "define": "define", "event": "event", "rule": "rule", "stage": "stage", "die": "die",
                "table": "table"}
def _missing(d) -> str | None:
    """The name a use of a name declared nowhere is about (by `about`): an unknown name, type,
    rule, function, event or die, or a player's field that no player has; else None."""
    if d.code in ("E201", "E204") and d.about[:1] in (("unknown",), ("no player field",)):
        return d.about[1]
    return None


def _misspelt_declarations(checker, program) -> list:
    """A name misspelt where it is declared (`zone tabel`, while every rule writes `table`): each
    use of the right name is unknown, and the declaration is never used. One error at the
    declaration, naming the uses, instead of an error at every use and the errors that follow from
    them (an untyped parameter of a reaction to an event that is 'unknown'). Only a declaration
    whose name no line of the rules writes but its own, one slip from the missing name, which is
    written alike twice or more (with one use, either may be the slip: it is told at the use)."""
    if program.sources is None:
        return checker.diags
    texts = {f: re.sub(r"#[^\n\"]*$", "", x, flags=re.M) for f, x in program.sources.texts.items() if f.endswith(".rules")}
    missing: dict = {}
    for d in checker.diags:
        said = _missing(d)
        if said is not None:
            missing.setdefault(said, []).append(d)
    if not missing:
        return checker.diags
    declared = {**{n: s for n, s in checker.sym.items() if s.kind in _DECLARED_AS},
                **{n: s for n, s in checker.rules.items() if s.kind in _DECLARED_AS}}
    found = {}
    for name, uses in missing.items():
        near = sorted(n for n in declared if n != name and _one_slip(n, name) and n not in missing
                      and getattr(getattr(declared[n].decl, "span", None), "file", None) in texts
                      and sum(len(re.findall(rf"\b{re.escape(n)}\b", x)) for x in texts.values()) == 1)
        if len(near) != 1 or name in declared:
            continue
        s = declared[near[0]]
        span = s.decl.span
        found[name] = (near[0], s, span)
    if not found:
        return checker.diags
    def missing_name(d):
        said = _missing(d) or (d.about[1] if d.code == "E201" and d.about[:1] == ("set, never used",) else None)
        return said if said in found else None
    named = [(d, missing_name(d)) for d in checker.diags]
    dropped: dict = {}
    for d, name in named:
        if name is not None:
            dropped.setdefault(name, []).append(d)
    # one use against one declaration: either may be the slip, so it is told at the use as it was
    found = {n: f for n, f in found.items() if len(dropped.get(n, [])) >= 2}
    if not found:
        return checker.diags
    out = []
    for d, name in named:
        if name in found:
            continue
        if any(d.span.line == f[2].line and d.span.file == f[2].file for f in found.values()):
            continue     # its own "never used" at the declaration: told below
        if any(d.is_about(f[0]) for f in found.values()):
            continue     # nothing calls the misspelt rule ('end game' never reached): told below
        out.append(d)
    # an error of an untyped value in a declaration that used the missing name follows from it
    broken = [(x.span.file, x.span.line, getattr(x.span, "end_line", x.span.line) or x.span.line)
              for x in program.decls if getattr(x, "span", None) is not None
              and any(u.span.file == x.span.file and x.span.line <= u.span.line <= (getattr(x.span, "end_line", 0) or x.span.line)
                      for n in found for u in dropped[n])]
    out = [d for d in out if not (d.code == "E301" and d.about[:1] == ("untyped",)
                                  and any(f == d.span.file and a <= d.span.line <= b for f, a, b in broken))]
    for name, (decl_name, s, span) in found.items():
        uses = sorted({(u.span.file, u.span.line) for u in dropped[name]}, key=lambda x: x[1])
        first, more = uses[0][1], [str(line) for _, line in uses[1:7]] + (["..."] if len(uses) > 7 else [])
        used = f"line {first}" + (f" and {len(uses) - 1} more ({', '.join(more)})" if more else "")
        where = checker.word(s.decl, decl_name, after=span.column - 1)
        # the words written before the name (`zone`, `player var`): a zone's symbol is a var's sort
        before = (program.sources.line(where.file, where.line) or "")[:max(where.column - 1, 0)].split()
        word = " ".join(w for w in before if w not in ("replace", "extend")) or _DECLARED_AS[s.kind]
        out.append(Diagnostic("E201", f"The {word} '{decl_name}' is declared here and never used, while the rules use "
                                      f"'{name}', which is declared nowhere: the declaration's name is misspelt.",
                              where, f"did you mean '{word} {name}'? ('{name}' is used at {used}; or spell the uses "
                                     f"'{decl_name}')",
                              about=("names", decl_name)))
    return out


def _follow_ons_of_an_unknown_name(diags: list) -> list:
    """An error of the type or sort of an expression that starts where an unknown name starts
    (`draw 1 from deck to hand_of(current)`, `hand_of` no function: "where drawn cards go must be
    a zone") follows from the unknown name, which has no type: the unknown name is told alone."""
    unknown = {(d.span.file, d.span.line, d.span.column) for d in diags
               if d.code == "E201" and d.about[:1] == ("unknown",)}
    if not unknown:
        return diags
    return [d for d in diags if not (d.code in ("E301", "E303") and (d.span.file, d.span.line, d.span.column) in unknown)]


def _same_error_once(diags: list) -> list:
    """One mistake, one error: an unknown name said in the same words at two places or more (the
    uses of a name that is missing), or any other error at three or more, is reported once, at
    the first, with the others' lines (in its hint, and as `same_at`)."""
    def gist(d):
        """What an error is about (`Diagnostic.about`): the same bad value of an enum in many
        records' fields, one unknown name used as a die face, a table key and a value, one
        table's keys given twice; else its words."""
        if d.about[:1] == (_GISTS.get(d.code),):
            return d.code, d.about[1:3]
        return d.code, d.message
    places: dict = {}
    for d in diags:
        places.setdefault(gist(d), []).append(d)
    out = []
    for d in diags:
        same = places[gist(d)]
        if len(same) < (2 if d.code in ("E201", "E204", "E025") else 3):
            out.append(d)
        elif same[0] is d:
            at = {(x.span.file, x.span.line): x.span for x in same[1:]}       # one a line
            d = dataclasses.replace(d, same_at=tuple(at.values()))
            note = d.same_places()
            out.append(dataclasses.replace(d, hint=f"{d.hint}; {note}" if d.hint else note))
    return out


@collector_paused()
def check(program: Program) -> CheckedProgram:
    """Check a loaded program; raises RulebookError listing every error found. A program the
    same as one of the last few checked, to its very declarations, gets that check again
    (`kept_checks`)."""
    return kept_checks.kept(program, _checked)


def _checked(program: Program) -> CheckedProgram:
    """The check of `program`, worked out."""
    checker = Checker(program)
    try:
        out = checker.run()
    except RecursionError:
        chain = checker.define_stack
        if chain:    # a definition using the next, and so on: the one where the depth ran out, and the first
            d, first = chain[-1], chain[0]
            checker.diags.append(Diagnostic(
                "E900", f"The rulebook nests expressions too deeply to check: the definition '{d.name}' is reached "
                        f"through {len(chain) - 1} definitions, each using the next (from '{first.name}', line "
                        f"{first.span.line}).", checker.word(d, d.name, after=d.span.column),
                "shorten the chain: give some of the definitions their values directly, or work them out in a rule"))
        else:
            checker.diags.append(Diagnostic("E900", "The rulebook nests expressions too deeply to check.", Span(program.root)))
        out = checker.out
    if program.syntax_problems or program.change_problems:
        structure = bool(program.syntax_problems)     # a broken section, not a change left out
        checker.diags = [d for d in checker.diags if not _follows_syntax_error(d, program.broken_names, structure)]
    if program.syntax_problems:
        out.warnings = []        # an unused rule may be used by the declaration that did not parse
    # A definition named like a built-in (`define count(x: int)`) is E203; the calls of the
    # built-in that its values do not fit follow from that mistake, not from their own lines.
    built_in = {d.about[1] for d in checker.diags if d.code == "E203" and d.about[:1] == ("built-in",)}
    checker.diags = [d for d in checker.diags
                     if not (d.code == "E301" and d.about[:1] == ("call",) and d.about[1] in built_in)]
    # A name declared twice as two sorts of thing (an enum value and a variable) is one mistake:
    # the lines that use it as the second fail for that reason alone.
    if checker.clashes:
        def uses_clash(d) -> bool:
            line = program.sources.line(d.span.file, d.span.line) or "" if program.sources else ""
            return d.code in ("E301", "E303", "E305") and any(re.search(rf"\b{n}\b", line) for n in checker.clashes)
        checker.diags = [d for d in checker.diags if not uses_clash(d)]
    # A kind declared twice (`kind card` in a variant, for `extend kind card`): one of the two is
    # read, so the other's fields are missing at every use for that reason.
    twice = {d.about[1] for d in checker.diags if d.code == "E202" and d.about[:1] == ("declared twice",)
             and getattr(checker.sym.get(d.about[1]), "kind", None) == "kind"}
    if twice:
        checker.diags = [d for d in checker.diags if not (d.code == "E201" and d.about[:2] in {("no field", n) for n in twice})]
    # A value of a name that is unknown has no type: reading its fields fails for that reason.
    unknown = {d.about[1] for d in checker.diags if d.code == "E201" and d.about[:1] == ("unknown",)}
    if unknown:
        def reads_unknown(d) -> bool:
            line = program.sources.line(d.span.file, d.span.line) or "" if program.sources else ""
            return d.code == "E301" and d.about[:1] == ("untyped",) and \
                any(re.search(rf"\b{n}\b", line) for n in unknown)
        checker.diags = [d for d in checker.diags if not reads_unknown(d)]
    checker.diags = _game_variables_read_as_players(checker)
    checker.diags = _misspelt_declarations(checker, program)
    checker.diags = _follow_ons_of_an_unknown_name(checker.diags)
    checker.diags = [_numbered_zone_hint(d, program) for d in checker.diags]
    checker.diags[:0] = list(program.syntax_problems) + list(program.change_problems) + [d for d in program.data_problems
                                                         if not _field_lost_to_syntax(d, program)]
    checker.diags = _blame_declarations(checker.diags, checker.blamed, checker.checked_by_data)
    checker.diags[:0] = _variant_names_the_base_binds(checker.diags, program)
    if twice:       # its data's fields, too, are missing from the declaration that was read
        checker.diags = [d for d in checker.diags if not (d.about[:1] == ("undeclared field",) and d.about[1] in twice)]
    if checker.diags:
        seen, unique = set(), []
        for d in checker.diags:
            key = (d.code, d.message, d.span.file, d.span.line, d.span.column)
            if key not in seen:
                seen.add(key)
                unique.append(d)
        # The likeliest cause first: lines that do not parse, then the played variant's own file
        # (the one being written), then the rules before their data; by place within each.
        variant = f"{program.variant}.rules" if program.variant else None
        unique.sort(key=lambda d: (not d.code.startswith("E1"), Path(d.span.file).name != variant,
                                   d.span.file.endswith((".yaml", ".yml")), d.span.file, d.span.line, d.span.column))
        unique = _same_error_once(unique)
        raise RulebookError(unique, program.sources, out.warnings)
    return out


def _variant_names_the_base_binds(diags: list, program) -> list:
    """One E202 at each declaration of the played variant whose name the base's rules give their
    own parameters and locals (`define s: int = 1` in a variant, where the base writes `for s in
    space`): there the name would mean theirs, and every such line is an error of the base's, which
    is no place to fix it. The variant's line is where the name was chosen."""
    if not program.variant:
        return []
    mine = f"{program.variant}.rules"
    found: dict = {}
    for d in diags:
        if d.code == "E202" and d.about[:1] == ("shadows",) and Path(d.about[2]).name == mine \
                and d.span.file != d.about[2]:
            found.setdefault(d.about[1:], []).append(d.span)
    out = []
    for (name, file, line, kind), uses in found.items():
        text = (program.sources.line(file, line) if program.sources else "") or ""
        at = re.search(rf"\b{re.escape(name)}\b", text)
        col = at.start() + 1 if at else 1
        first = min(uses, key=lambda u: (u.file, u.line))
        more = len({(u.file, u.line) for u in uses}) - 1
        where = f"{first.file}:{first.line}" + (f" and {more} more line{'s' * (more != 1)}" if more else "")
        out.append(Diagnostic("E202", f"This {kind} is named '{name}', a name the base rulebook gives its own "
                                      f"parameters and locals ({where}): there '{name}' would mean theirs, never "
                                      f"this {kind}.", Span(file, line, col, line, col + len(name)),
                              f"give the {kind} a name the base does not use, such as '{name}_{program.variant}'"))
    return out


def _values(n: int) -> str:
    """"1 value", "2 values": a count of an event's values in words."""
    return f"{n} value" if n == 1 else f"{n} values"
