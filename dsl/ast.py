"""The abstract syntax tree: plain dataclasses, one per construct, each keeping its source span.

The parser builds these; the loader, checker and compiler read them. Nodes hold no behaviour
and no resolved information (names stay names): resolving is the checker's job. `walk` goes
through a tree for the passes that look at every node; `Walks` hands the walk of every node of a
program from one walk of all of it, for the passes that walk the same trees again and again. The
code dataclass writes for the node classes (their `__init__`) is kept for the next import, in the
user's own cache folder (`_compile_kept`), as Python keeps a module's.
"""
from __future__ import annotations

import dataclasses
import importlib.util
import marshal
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, fields
from itertools import compress, repeat
from types import CodeType
from typing import Any, Optional
from weakref import ref

from .diagnostics import Span
from .parse_cache import read_entry, write_entry

NOWHERE = Span("<builtin>")
class _NoDefault:
    """The mark of a data field every record must give: one object, kept by copies."""

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self):
        return "NO_DEFAULT"

    def __reduce__(self):         # unpickled (parse_cache.py) as the same one object
        return "NO_DEFAULT"


NO_DEFAULT = _NoDefault()


@dataclass(eq=False, repr=False)
class Node:
    """A node's `==` and `repr` go by its fields, as a dataclass's would, but are written once here
    rather than generated for each of the many node classes (which costs a cold start dearly)."""
    span: Span = field(default=NOWHERE, kw_only=True, repr=False, compare=False)

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _fields(self.__class__, "compare"))

    __hash__ = None         # as a dataclass with `==`: nodes are told apart by id()

    def __repr__(self):
        shown = ", ".join(f"{f}={getattr(self, f)!r}" for f in _fields(self.__class__, "repr"))
        return f"{self.__class__.__qualname__}({shown})"


_dataclass = dataclass(eq=False, repr=False)
_CODE_ENTRY = f"the code of tabletop.dsl.ast's dataclasses\0{importlib.util.MAGIC_NUMBER.hex()}"
_kept_code: dict | None = None      # source text -> its code, as the last import compiled it
_used_code: dict = {}               # the same, for this import's classes


def _node(cls):
    """A node class made a dataclass. One without a docstring gets a short one first: dataclass
    would otherwise write its signature there, which costs `inspect.signature` for each class.
    The functions dataclass writes for it (`__init__`) are compiled by `_compile_kept`."""
    if cls.__doc__ is None:
        cls.__doc__ = f"The syntax tree's {cls.__name__} node."
    dataclasses.exec = _compile_kept        # dataclass runs the source it writes with exec()
    try:
        return _dataclass(cls)
    finally:
        del dataclasses.exec


def _compile_kept(text: str, globals_: dict, names: dict) -> None:
    """`exec(text, globals_, names)` as dataclass calls it, with the code of `text` taken from
    the last import of this module when it compiled the very same text (kept in the user's own
    cache folder, parse_cache.py, keyed by the version of Python's code): compiling the source
    of the node classes' `__init__` was a twentieth of a cold `tabletop check`. It is the code
    compiling that text gives, trusted as Python trusts its own .pyc files (see codegen.py)."""
    global _kept_code
    if _kept_code is None:
        _kept_code = {}
        kept = read_entry("code", _CODE_ENTRY)
        if kept is not None:
            try:
                _kept_code = {t: c for t, c in marshal.loads(kept) if type(t) is str and type(c) is CodeType}
            except (ValueError, EOFError, TypeError):      # damaged: every source is compiled again
                pass
    code = _kept_code.get(text)
    if code is None:
        code = compile(text, "<string>", "exec", dont_inherit=True)     # as dataclasses.py's own exec
    _used_code[text] = code
    exec(code, globals_, names)


def _keep_code() -> None:
    """Keep the code of this import's classes for the next one, when it is not what was kept."""
    global _kept_code, _used_code
    if _kept_code is not None and _used_code.keys() != _kept_code.keys():
        try:
            write_entry("code", _CODE_ENTRY, marshal.dumps(list(_used_code.items())))
        except ValueError:
            pass
    _kept_code = _used_code = None
_FIELDS: dict = {}


def _fields(cls, which: str) -> tuple:
    """The names of `cls`'s fields that take part in `==` ("compare") or in `repr` ("repr")."""
    key = (cls, which)
    names = _FIELDS.get(key)
    if names is None:
        names = _FIELDS[key] = tuple(f.name for f in fields(cls) if getattr(f, which))
    return names


# ----------------------------------------------------------------------------- types
@_node
class TypeRef(Node):
    name: str                      # int, bool, text, player, an enum, a kind, or "list"
    elem: Optional["TypeRef"] = None


# ----------------------------------------------------------------------------- expressions
class Expr(Node):
    pass


@_node
class Lit(Expr):
    value: Optional[int]           # int, bool, None: never a node, so walks do not look inside


@_node
class Template(Expr):
    parts: list                    # str and Expr, concatenated; a plain string has one str part


@_node
class Name(Expr):
    name: str


@_node
class ThingRef(Expr):
    kind: str
    name: str


@_node
class Field(Expr):
    obj: Expr
    name: str
    name_span: Optional[Span] = field(default=None, kw_only=True, compare=False)   # the name, for carets


def where_lines(e) -> tuple[list, "Expr"]:
    """A definition's value `e` taken apart: its `where` lines, first first, and the value under them."""
    wheres = []
    while isinstance(e, Where):
        wheres.append(e)
        e = e.body
    return wheres, e


@_node
class Index(Expr):
    obj: Expr
    key: Expr
    more_keys: list = field(default_factory=list)   # a table keyed by several values: t[a, b]


@_node
class Call(Expr):
    name: str
    args: list


@_node
class Unary(Expr):
    op: str                        # "-" or "not"
    operand: Expr


@_node
class Binary(Expr):
    op: str                        # + - * / % == != < <= > >= and or in "not in"
    left: Expr
    right: Expr


@_node
class Cond(Expr):
    test: Expr
    then: Expr
    other: Expr


@_node
class Lambda(Expr):
    param: str
    body: Expr


@_node
class ListLit(Expr):
    items: list


@_node
class Comprehension(Expr):
    expr: Expr
    var: str
    iterable: Expr
    cond: Optional[Expr]


@_node
class Where(Expr):
    """`where NAME = VALUE` under a definition: `value` is worked out once, before `body` (the
    definition's value, or the next `where` line), which reads it as `name`. Its span is the
    `where` line's; a definition with several lines nests them, the first outermost."""
    name: str
    value: Expr
    body: Expr
    name_span: Optional[Span] = field(default=None, kw_only=True, compare=False)   # the name, for carets


@_node
class StartsWith(Expr):
    seq: Expr
    pattern: str


# ----------------------------------------------------------------------------- statements
class Stmt(Node):
    pass


@_node
class Assign(Stmt):
    target: Expr
    op: str                        # "=", "+=", "-="
    value: Expr


@_node
class CallStmt(Stmt):
    name: str
    args: list


@_node
class Move(Stmt):
    what: Expr
    source: Expr
    dest: Expr
    to_top: bool = False


@_node
class Draw(Stmt):
    count: Expr
    source: Expr
    dest: Expr


@_node
class Shuffle(Stmt):
    zone: Expr


@_node
class EndGame(Stmt):
    reason: Optional[Template]


@_node
class EndStage(Stmt):
    name: str                      # a stage's name, or "turn" for the turn section
    reason: Optional[Template]


@_node
class TakeTurns(Stmt):
    start: Optional[Expr]          # who starts each round; None: first_player, else Player 1


@_node
class TakeRounds(Stmt):
    leader: Optional[Expr]         # who leads each round (`current`); None: first_player, else Player 1


@_node
class Say(Stmt):
    text: Template


@_node
class Signal(Stmt):
    event: str
    args: list


@_node
class Pass(Stmt):
    pass


@_node
class Stop(Stmt):
    pass


@_node
class Return(Stmt):
    pass


@_node
class AddTo(Stmt):
    item: Expr
    target: Expr


@_node
class RemoveFrom(Stmt):
    item: Expr
    target: Expr


@_node
class If(Stmt):
    branches: list                 # [(cond, [Stmt])]
    other: Optional[list]


@_node
class For(Stmt):
    var: str
    iterable: Expr
    cond: Optional[Expr]
    body: list


@_node
class Repeat(Stmt):
    count: Expr
    body: list


@_node
class While(Stmt):
    cond: Expr
    body: list


@_node
class Choose(Stmt):
    var: str
    source: Expr
    cond: Optional[Expr]
    label: Optional[Template]
    by: Optional[Expr]
    prompt: Optional[Template]
    may: bool
    body: Optional[list]           # None: the choice is bound for the rest of the block
    declined: Optional[Template] = None     # `or "Pass"`: the label of a `may choose`'s way to decline


@_node
class MenuOption(Node):
    label: Template
    var: Optional[str]
    iterable: Optional[Expr]
    cond: Optional[Expr]
    body: list


@_node
class Menu(Stmt):
    by: Optional[Expr]
    prompt: Optional[Template]
    options: list


@_node
class Secret(Stmt):
    player_var: str
    players: Expr
    var: str
    source: Expr
    cond: Optional[Expr]
    label: Template
    time_var: Optional[str]
    body: list
    prompt: Optional[Template] = None      # the question each player sees (default "Choose in secret")
    may: bool = False                      # `may choose`: each may decline (the name is then none)
    declined: Optional[Template] = None    # `or "Pass"`: the label of that way to decline


# ----------------------------------------------------------------------------- declarations
@_node
class Decl(Node):
    name: str
    replace: bool = field(default=False, kw_only=True)
    extend: bool = field(default=False, kw_only=True)     # `extend`: added to the base's declaration

    kind_word = "declaration"


@_node
class GameDecl(Decl):
    kind_word = "game title"


@_node
class PlayersDecl(Decl):
    low: int = 1
    high: int = 1
    kind_word = "player count"


@_node
class OptionDecl(Decl):
    choices: list = field(default_factory=list)
    default: Optional[str] = None
    kind_word = "option"


@_node
class EnumDecl(Decl):
    values: list = field(default_factory=list)
    kind_word = "enum"


@_node
class FieldDecl(Node):
    name: str
    type: TypeRef
    default: Optional[Expr]        # None: read from the kind's data file
    data_default: Any = NO_DEFAULT  # a data field's value for records that leave it out


@_node
class KindDecl(Decl):
    source: Optional[str] = None
    fields: list = field(default_factory=list)
    per_player: bool = False       # `player kind`: one set of the things per player, each with `owner`
    zones: list = field(default_factory=list)   # ZoneDecl: one zone per thing (a tile's battlers)
    more_sources: list = field(default_factory=list)  # (file, Span): data files variants add with `extend kind`
    kind_word = "kind"


@_node
class GridDecl(Decl):             # name is the kind laid out on the grid
    row: str = "row"
    col: str = "col"
    kind_word = "grid"


@_node
class DieDecl(Decl):
    faces: list = field(default_factory=list)     # ints and enum value names
    kind_word = "die"


@_node
class VarDecl(Decl):
    type: TypeRef = None
    per_player: bool = False
    low: Optional[int] = None
    high: Optional[int] = None
    init: Expr = None
    kind_word = "variable"


@_node
class ZoneDecl(Decl):
    elem: str = ""
    per_player: bool = False
    visibility: str = "public"     # public, owner, others, hidden, top (`top public`: its first thing alone seen by all), "seen by NAME" or "owner and seen by NAME" (NAME: current or a variable of a player)
    count: Optional[int] = None    # numbered zones: `zone discard[2]` is discard[0] and discard[1]
    kind_word = "zone"


def seer_name(visibility: str) -> Optional[str]:
    """NAME of a zone `seen by NAME` or `owner and seen by NAME`: the one player besides any
    owner who sees it, named when a view is made (`current`, or a variable of a player). None
    for any other visibility, `seen by others` too."""
    for head in ("seen by ", "owner and seen by "):
        if visibility.startswith(head):
            return visibility[len(head):]
    return None


class TextKey(str):
    """A table key written in quotes ("Dark Pit"), as opposed to a bare name (dark_pit)."""


@_node
class TableEntry(Node):
    low: Any
    high: Any                      # equal to low unless a range
    value: Expr
    more_keys: list = field(default_factory=list)   # [(low, high)] for the second key on


@_node
class TableDecl(Decl):
    entries: list = field(default_factory=list)
    kind_word = "table"


@_node
class Param(Node):
    name: str
    type: TypeRef


@_node
class DefineDecl(Decl):
    params: list = field(default_factory=list)
    result: Optional[TypeRef] = None
    body: Expr = None
    has_params: bool = False
    kind_word = "definition"


@_node
class RuleDecl(Decl):
    params: list = field(default_factory=list)
    body: list = field(default_factory=list)
    kind_word = "rule"


@_node
class StageDecl(RuleDecl):
    """A rule that `end NAME` can end from any depth, such as a hand of a match."""
    kind_word = "stage"


@_node
class SideDecl(Decl):
    """A side that scores and can win but never takes a turn or decides (the volcano)."""
    kind_word = "side"


@_node
class PatternDecl(Decl):
    enum: str = ""
    alternatives: list = field(default_factory=list)   # [[ [value, ...] per position ]]
    kind_word = "pattern"


@_node
class PhaseDecl(Decl):            # name is "setup", "play", "turn" or "round"
    body: list = field(default_factory=list)
    kind_word = "section"


@_node
class WinnersDecl(Decl):          # name is "winners"
    ranking: Optional[list] = None  # [("highest"|"lowest", define name)]
    expr: Optional[Expr] = None
    kind_word = "winners rule"


@_node
class ShowLine(Node):
    text: Template
    var: Optional[str] = None
    iterable: Optional[Expr] = None
    cond: Optional[Expr] = None       # `if ...`: the line (or, with `for`, each item's) is shown only then


@_node
class ShowBoard(Node):
    var: str
    kind: str
    text: Template


@_node
class DisplayDecl(Decl):          # name is "display"
    items: list = field(default_factory=list)
    kind_word = "display"


@_node
class EventDecl(Decl):
    params: list = field(default_factory=list)
    kind_word = "event"


@_node
class ReactionDecl(Decl):
    event: str = ""
    event_args: list = field(default_factory=list)
    player_var: str = ""
    cond: Optional[Expr] = None
    label: Template = None
    prompt: Optional[Template] = None       # the question the reacting player sees
    body: list = field(default_factory=list)
    instant: bool = False                   # offered at any decision point, not on an event
    var: Optional[str] = None               # `for var in iterable`: one option per item
    iterable: Optional[Expr] = None
    kind_word = "reaction"


@_node
class OptionChange(Node):
    """In an `extend choose`: `replace option "LABEL" ...:` (the new option) or `remove option
    "LABEL"` (option None), naming a base option by its label as written."""
    label: Template
    option: Optional[MenuOption] = None


@_node
class MenuExtendDecl(Decl):
    """`extend choose in NAME:` (or `extend choose prompt "..." in NAME:`): options added after
    the base menu's (MenuOption), or base options replaced or removed (OptionChange), in the one
    menu of the rule, stage or section NAME, or its menu with that prompt. The loader applies it;
    no later pass sees it."""
    prompt: Optional[Template] = None
    changes: list = field(default_factory=list)
    kind_word = "menu"


@_node
class IncludeDecl(Decl):          # name is the path
    kind_word = "include"


@_node
class ExtendsDecl(Decl):          # name is the path
    kind_word = "extends"


@_node
class RemoveDecl(Decl):           # name is what to remove
    kind_word = "remove"


@_node
class Module(Node):
    file: str
    decls: list


_keep_code()        # every node class is made

def shape(value):
    """A hashable value that nodes equal by `==` share (their class and compared fields, all the
    way down), so equal nodes are found by a dict instead of by comparing every pair."""
    if isinstance(value, Node):
        return value.__class__, tuple(shape(getattr(value, f)) for f in _fields(value.__class__, "compare"))
    if isinstance(value, (list, tuple)):
        return type(value), tuple(shape(v) for v in value)
    if isinstance(value, dict):
        return dict, tuple((k, shape(v)) for k, v in value.items())
    return value


def walk(node, statements: bool = True):
    """Every node under `node` (a node, or a list or tuple of them), parents before children; with
    `statements` false, the statements found (the blocks inside an expression's owner) are left
    out with all under them. A stack, not recursion: some passes walk every expression. Only the
    fields that may hold a node are looked at (`_branches`): a checker or compiler pass walks
    every expression of a rulebook, some more than once."""
    todo = [node]
    pop, push, extend, known = todo.pop, todo.append, todo.extend, _BRANCHES
    while todo:
        x = pop()
        cls = x.__class__
        if cls is list or cls is tuple:
            extend(reversed(x))
            continue
        names = known.get(cls)
        if names is None:
            if not isinstance(x, Node):
                if isinstance(x, (list, tuple)):
                    extend(reversed(x))
                continue
            names = _branches(cls)
        if not statements and isinstance(x, Stmt):
            continue
        yield x
        for name in names:
            push(getattr(x, name))


_CLOSE = object()       # the mark, under a node's fields on Walks' stack, that all under the node is walked


class Walks:
    """The walk of every node under some roots (a program's declarations), worked out by one walk
    of them all: each node's walk is the slice of that one list from its own place to the end of
    what is under it, so the passes that walk the same trees again and again (the checker's, the
    compiler's) copy slices instead of walking. Keyed by the nodes' ids, and holding the nodes, so
    no id is another node's while it lives; it is true while no node under the roots changes,
    which no pass does (the AST is shared by every load of a file). Each declaration's own walk is
    kept while it lives (`_declaration_walk`), so a load of unchanged files walks nothing again. A
    value not under the roots (a node made later, a list of nodes) is walked as `walk` does."""
    __slots__ = ("nodes", "_at", "_end", "_stmts", "_places", "_of", "_at_of")

    @staticmethod
    def of(roots: list) -> "Walks":
        """`Walks(roots)`, the same object as the last time these very declarations were walked
        (the last few programs'): a warm load of unchanged files walks nothing, and the passes'
        indexes of it (`nodes_of`) are made once. Found by the roots' ids, held alive with it, so
        no id is another object's while it is kept; true as long as no node changes (none does)."""
        key = tuple(map(id, roots))
        got = _PROGRAM_WALKS.get(key)
        if got is None:
            if len(_PROGRAM_WALKS) >= KEPT_PROGRAM_WALKS:
                _PROGRAM_WALKS.pop(next(iter(_PROGRAM_WALKS)))
            got = _PROGRAM_WALKS[key] = (tuple(roots), Walks(roots))
        return got[1]

    def __init__(self, roots):
        self._places, self._of, self._at_of = None, {}, {}
        nodes, end = [], []
        for root in (roots if roots.__class__ is list or roots.__class__ is tuple else [roots]):
            part = _declaration_walk(root)
            at = len(nodes)
            nodes += part[1]
            end += map(at.__add__, part[2]) if at else part[2]
        self.nodes, self._end, self._stmts = nodes, end, None
        self._at = dict(zip(map(id, nodes), range(len(nodes))))

    def walk(self, x, statements: bool = True) -> list:
        """`list(walk(x, statements))`."""
        i = self._at.get(id(x))
        if i is None:
            if x.__class__ is list or x.__class__ is tuple:
                return [n for v in x for n in self.walk(v, statements)]
            return list(walk(x, statements))
        j = self._end[i]
        if statements:
            return self.nodes[i:j]
        if isinstance(x, Stmt):
            return []
        stmts = self._statements()
        k = bisect_right(stmts, i)
        if k == len(stmts) or stmts[k] >= j:        # no statement under it
            return self.nodes[i:j]
        out, nodes, end = [], self.nodes, self._end
        while i < j:
            n = nodes[i]
            if isinstance(n, Stmt):
                i = end[i]
            else:
                out.append(n)
                i += 1
        return out

    def size(self, x) -> int:
        """`len(self.walk(x, statements=False))`, without making the list when it is a slice."""
        i = self._at.get(id(x))
        if i is None:
            if x.__class__ is list or x.__class__ is tuple:
                return sum(map(self.size, x))
            return len(self.walk(x, False)) if isinstance(x, (Node, list, tuple)) else 0
        j = self._end[i]
        stmts = self._statements()
        k = bisect_right(stmts, i - 1)
        if k == len(stmts) or stmts[k] >= j:        # no statement there
            return j - i
        return len(self.walk(x, False))

    def nodes_of(self, classes: tuple) -> list:
        """The nodes of `nodes` that are of one of `classes`, in the same order, kept: many passes
        look for a few sorts of node among all of them."""
        got = self._of.get(classes)
        if got is None:
            nodes = self.nodes
            got = self._of[classes] = [nodes[i] for i in self._places_of(classes)]
        return got

    def under(self, x, classes: tuple, statements: bool = True) -> list:
        """`[n for n in self.walk(x, statements) if isinstance(n, classes)]`, from the places of
        those classes' nodes (`_places_of`) inside `x`'s slice, without copying the slice: the
        compiler asks it of every expression (the slots its comprehensions bind)."""
        i = self._at.get(id(x))
        if i is None and (x.__class__ is list or x.__class__ is tuple):
            return [n for v in x for n in self.under(v, classes, statements)]
        if i is not None:
            j = self._end[i]
            if not statements and isinstance(x, Stmt):
                return []
            stmts = self._statements() if not statements else None
            if statements or bisect_right(stmts, i) == bisect_left(stmts, j):      # no statement under it
                at = self._places_of(classes)
                nodes = self.nodes
                return [nodes[k] for k in at[bisect_left(at, i):bisect_left(at, j)]]
        return [n for n in self.walk(x, statements) if isinstance(n, classes)]

    def own_size(self, st) -> int:
        """The nodes under statement `st` that are not statements nor under another statement
        (`sum(self.size(v) for v in its fields)`): the expressions it works out itself."""
        i = self._at.get(id(st))
        if i is None:
            return sum(self.size(v) for k, v in vars(st).items() if k != "span")
        j, end, stmts = self._end[i], self._end, self._statements()
        count, k = j - i - 1, bisect_right(stmts, i)
        while k < len(stmts) and stmts[k] < j:      # each statement inside, with all under it
            inner = stmts[k]
            count -= end[inner] - inner
            k = bisect_left(stmts, end[inner], k)
        return count

    def _places_of(self, classes: tuple) -> list:
        """The places in `nodes` of the nodes of `classes`, in order: from the places of the nodes
        of each class, found in one pass, not by asking every node about every class."""
        got = self._at_of.get(classes)
        if got is None:
            places = self._places
            if places is None:
                places = self._places = {}
                for i, n in enumerate(self.nodes):
                    places.setdefault(n.__class__, []).append(i)
            found = [places[c] for c in places if issubclass(c, classes)]
            got = self._at_of[classes] = found[0] if len(found) == 1 else sorted(i for one in found for i in one)
        return got

    def _statements(self) -> list:
        """The places of the statements, in order."""
        if self._stmts is None:
            self._stmts = list(compress(range(len(self.nodes)), map(isinstance, self.nodes, repeat(Stmt))))
        return self._stmts


KEPT_PROGRAM_WALKS = 16     # programs whose walk `Walks.of` keeps (the parse cache keeps 64 files' nodes alive)
_PROGRAM_WALKS: dict = {}   # the roots' ids -> (the roots, their Walks)
_WALKED: dict = {}      # id(declaration) -> (a weak reference to it, its walk, one past the last under each)


def _declaration_walk(root) -> tuple:
    """(None or a weak reference to `root`, the nodes under `root` (itself first), one past the
    last node under each, counted from `root`'s place): a node's kept from its last walk while it
    lives. A declaration is the same object for every load of its file while the file's text is
    the same (the parse cache shares it) and no pass changes a node, so its walk is the same; an
    edited file is parsed to new nodes, walked anew. Warm loads walked each declaration again
    (5% of the instructions of a warm load, check and compile of every rulebook)."""
    got = _WALKED.get(id(root))
    if got is not None and got[0]() is root:
        return got
    nodes, end = _walk_with_ends(root)
    if not isinstance(root, Node):
        return None, nodes, end
    key = id(root)      # (the callback holds the dict: at exit this module's names are gone first)
    got = _WALKED[key] = (ref(root, lambda gone, key=key, kept=_WALKED: kept.pop(key, None)), nodes, end)
    return got


def _walk_with_ends(root) -> tuple[list, list]:
    """`list(walk(root))`, and for each node one past the last node under it."""
    nodes, end, opened = [], [], []      # each node; one past the last under each; those still open
    todo = [root]
    pop, push, extend, known, close_mark = todo.pop, todo.append, todo.extend, _BRANCHES, _CLOSE
    append, mark, open_, close = nodes.append, end.append, opened.append, opened.pop
    while todo:
        x = pop()
        cls = x.__class__
        if cls is list or cls is tuple:
            extend(reversed(x))
            continue
        names = known.get(cls)
        if names is None:
            if x is close_mark:          # all under the last node opened is walked
                end[close()] = len(nodes)
                continue
            if not isinstance(x, Node):
                if isinstance(x, (list, tuple)):
                    extend(reversed(x))
                continue
            names = _branches(cls)
        append(x)
        if names:
            open_(len(nodes) - 1)
            mark(0)
            push(close_mark)
            for name in names:
                push(getattr(x, name))
        else:
            mark(len(nodes))
    return nodes, end


def branch_values(node) -> list:
    """The values of a node's fields that may hold a node or a list of them, first to last."""
    return [getattr(node, name) for name in reversed(_BRANCHES.get(node.__class__) or _branches(node.__class__))]


def field_order(cls) -> tuple:
    """The fields of a node class that may hold a node or a list of them, first to last."""
    names = _FORWARD.get(cls)
    if names is None:
        names = _FORWARD[cls] = tuple(reversed(_BRANCHES.get(cls) or _branches(cls)))
    return names


def nodes_in(value) -> list:
    """The nodes in a field's value (a node, or lists and tuples of them), first to last, not
    looking inside the nodes."""
    out, todo = [], [value]
    while todo:
        v = todo.pop(0)
        if isinstance(v, (list, tuple)):
            todo[:0] = list(v)
        elif isinstance(v, Node):
            out.append(v)
    return out


_LEAVES = frozenset({"Span", "Optional[Span]", "str", "Optional[str]", "bool", "int", "Optional[int]"})
_BRANCHES: dict = {}
_FORWARD: dict = {}


def _branches(cls) -> tuple:
    """The fields of a node class that may hold a node or a list of them, last first (the order
    `walk` pushes them in, so that they come off its stack first to last)."""
    names = tuple(reversed([f.name for f in fields(cls) if f.type not in _LEAVES]))
    _BRANCHES[cls] = names
    return names
