"""Which definitions' values the machine keeps between the writes that could change them.

A definition reads a few places of a game: `open_tiles` reads the tiles' `removed` field,
`reach(t)` that and the variable `tiles_to_move`. Asked again before any of those places is
written, it gives the same value, so the machine keeps it (`codegen.kept`) instead of scanning
again. Each place is a numbered cell: a game variable, a player variable (of every player), a
field of a kind (of every thing), or whose turn it is (`TURN`: the current player and the turn
number, which a new turn or round writes); cell 0 is everything. The machine counts the writes
of each cell (`Machine.ver`); a kept value is used again only while the sum of the counts of the
cells its definition reads is what it was when the value was worked out (counts only grow, so
any write changes the sum). A zone of a thing that a definition reads only as its parameter's
own (`t.battlers` in `teams_on(t)`) is checked by what it holds instead (`Reads.zones`): its
cell is written when any thing's zone of that name is, and most writes are of another thing's;
and so is a game variable of one value (`Reads.values`), which a new turn may set to the value
it held.

This module reads the AST and the checker's resolutions; it writes no Python source. It must
not guess: a definition that reads anything it does not know (or draws at random) is not kept,
and a statement whose written place it does not know writes cell 0, so every kept value goes.
A new turn or round writes `TURN` alone, where the machine starts it (statements.py); other
writes that are not statements (a new game, a loaded one, an error part way) count as writing
everything, where the machine or the API makes them.
"""
from __future__ import annotations

import os
from time import perf_counter

from tabletop.dsl import ast as A
from tabletop.dsl.graphs import components

from . import purity

EVERYTHING = 0
# Whose turn it is: the current player and the turn number. The compiler makes it cell 1 in
# every rulebook (`TURN_KEY`), so the machine's turn start writes it without asking.
TURN = 1
TURN_KEY = ("turn",)
# The values a new turn or round changes (a definition reading one reads `TURN`), and those that
# do not change in a game (`none` stands in for a name the checker refused).
_TURN_VALUES = ("current", "turn_number")
_SEAT_VALUES = ("players", "player_count", "none")
# Tests set TABLETOP_CHECK_KEPT=1: every kept value used again is worked out again and compared.
CHECKING = os.environ.get("TABLETOP_CHECK_KEPT") == "1"


def cell(compiler, key: tuple) -> int:
    """The number of cell `key` (("g", slot), ("p", slot) or ("f", kind, field)), made on first use
    (`TURN_KEY` is made with the compiler)."""
    ids = compiler.cell_ids
    n = ids.get(key)
    if n is None:
        n = ids[key] = len(ids) + 1
    return n


# ---------------------------------------------------------------------------- what definitions read
# The expression nodes whose reads are known: any other (a statement, a node added to the
# language later) makes a definition unknown until it is taught here.
_KNOWN = (A.Lit, A.ThingRef, A.Name, A.Field, A.Index, A.Call, A.Template, A.Binary, A.Unary, A.Cond,
          A.ListLit, A.Comprehension, A.Lambda, A.StartsWith, A.Where)
# (A `where` line reads what its value reads; the name it binds is a local, which reads nothing.)
# Names that read nothing that changes: locals, enum values and enums' lists, options, sides,
# kinds, dice, patterns. (The values are told apart below.)
_STILL = ("local", "enum", "enum_list", "option", "side", "kind", "die", "pattern")


def _own(compiler, node, out: set, calls: set) -> bool:
    """Add the cells `node` reads itself to `out` and the definitions it calls to `calls`;
    False if it reads anything not known (then it is never kept)."""
    refs = compiler.refs
    tables = set()           # the names of tables looked up: a table's entries are its own (below)
    for x in compiler.walks.walk(node):
        if not isinstance(x, _KNOWN):
            return False
        if isinstance(x, A.Name):
            if id(x) in tables:
                continue
            k, arg = refs[id(x)][:2]
            if k == "global":
                out.add(cell(compiler, ("g", arg)))
            elif k == "define":
                calls.add(arg)
            elif k == "value" and arg in _TURN_VALUES:
                out.add(TURN)
            elif k not in _STILL and not (k == "value" and arg in _SEAT_VALUES):
                return False
        elif isinstance(x, A.Field):
            ref = refs.get(id(x))
            if not ref or ref[0] not in ("field", "pvar", "attr"):
                return False
            if ref[0] == "field":
                out.add(cell(compiler, ("f", ref[1], ref[2])))
            elif ref[0] == "pvar":
                out.add(cell(compiler, ("p", ref[1])))
        elif isinstance(x, A.Index):
            ref = refs[id(x)]
            if ref[0] == "table":
                table = compiler.tables.get(ref[1])
                if table is None or not all(compiler.constant(entry[4]) is not None for entry in table):
                    return False
                tables.add(id(x.obj))
        elif isinstance(x, A.Call):
            ref = refs[id(x)]
            if ref[0] == "define":
                calls.add(ref[1])
            elif ref[1] in purity.CHANCE:
                return False
    return True


def read_cells(compiler) -> dict:
    """Definition name -> (the sorted cells it reads, itself or through the definitions it calls,
    with cell 0; whether it calls itself, directly or through others), for each definition
    whose reads are all known."""
    decls = {n: s.decl for n, s in compiler.c.symbols.items() if s.kind == "define"}
    own, calls = {}, {}
    for name, d in decls.items():
        cells, called = set(), set()
        if _own(compiler, d.body, cells, called):
            own[name], calls[name] = cells, called
    # A definition calling one whose reads are not known is not known: from those, back to callers.
    callers: dict = {}
    for name, called in calls.items():
        for c in called:
            callers.setdefault(c, []).append(name)
    todo = [c for c in callers if c not in own]
    unknown = set(todo)
    while todo:
        for caller in callers.get(todo.pop(), ()):
            if caller not in unknown:
                unknown.add(caller)
                todo.append(caller)
    known = [n for n in own if n not in unknown]
    # What a definition reads through those it calls (calls may go round): the definitions that
    # call each other share their reads, and a part of the calls is finished after all it calls.
    part = components({n: calls[n] for n in known})
    members: dict = {}
    for n in known:
        members.setdefault(part[n], []).append(n)
    reads: dict = {}
    for n in part:               # in the order the parts are finished: callees first
        k = part[n]
        if k in reads:
            continue
        cells = set().union(*(own[m] for m in members[k]))
        for m in members[k]:
            for c in calls[m]:
                if part[c] != k:
                    cells |= reads[part[c]]
        reads[k] = cells
    return {n: (tuple(sorted(reads[part[n]] | {EVERYTHING})), len(members[part[n]]) > 1 or n in calls[n])
            for n in known}


class Reads(tuple):
    """The sorted cells a kept definition reads; `zones`: (cell, parameter index, kind, field) for
    each zone of a thing that it reads only as that parameter's own zone (`param_zones`); and
    `values`: (cell, slot) for each game variable of one value (a number, text, yes/no, player,
    thing or enum value: never changed in place) that it reads. Its kept value is used again
    while the counts of the other cells sum as before, each such zone of the value's parameter
    holds the same things in the same order as then, and each such variable holds the very same
    value (`codegen.kept`): a move between two other tiles does not drop a tile's kept value,
    nor a variable set again to what it held."""
    zones: tuple = ()
    values: tuple = ()


def param_zones(compiler, reads: dict) -> dict:
    """Definition name (each of `reads`, from `read_cells`) -> {cell: the index of the one parameter
    through which it reads that cell, or None}, for each cell of a zone of a thing (a field holding
    a list of things) the definition reads, itself or through the definitions it calls. An index
    means the definition reads that zone only as `p.zone` of that parameter `p`, itself or by
    handing `p` as that argument to a definition that reads it so; then its value depends on
    that one thing's zone, not on the zone of every thing of the kind. None means it reads it
    otherwise (of an item, a variable, another parameter, in a definition calling itself)."""
    refs, slots = compiler.refs, compiler.c.slots
    zone_cells = {n for key, n in compiler.cell_ids.items() if key[0] == "f"
                  and compiler.c.kind_fields.get(key[1], {}).get(key[2], ("",))[0].startswith("list:thing:")}
    walked = {}
    for name in reads:
        if zone_cells.isdisjoint(reads[name][0]):      # no zone read, itself or through calls: no walk
            walked[name] = [], []
            continue
        d = compiler.c.symbols[name].decl
        index = {slots[id(p)]: i for i, p in enumerate(d.params)}

        def param(e):
            ref = refs.get(id(e)) if isinstance(e, A.Name) else None
            return index.get(ref[1]) if ref is not None and ref[0] == "local" else None
        fields, handed = [], []     # (cell, parameter index or None); (callee, each argument's index or None)
        for x in compiler.walks.walk(d.body):
            if isinstance(x, A.Field):
                ref = refs.get(id(x))
                c = compiler.cell_ids.get(("f", ref[1], ref[2])) if ref and ref[0] == "field" else None
                if c in zone_cells:
                    fields.append((c, param(x.obj)))
            elif isinstance(x, (A.Call, A.Name)):
                ref = refs.get(id(x))
                if ref and ref[0] == "define":
                    handed.append((ref[1], [param(a) for a in x.args] if isinstance(x, A.Call) else []))
        walked[name] = fields, handed
    part = components({n: {c for c, _ in walked[n][1]} for n in walked})
    size: dict = {}
    for k in part.values():
        size[k] = size.get(k, 0) + 1
    out: dict = {}
    for name in part:              # callees first
        fields, handed = walked[name]
        if size[part[name]] > 1 or reads[name][1]:
            out[name] = {c: None for c in reads[name][0] if c in zone_cells}
            continue
        via: dict = {}
        for c, i in fields + [(c, None if j is None or j >= len(args) else args[j])
                              for callee, args in handed for c, j in out[callee].items()]:
            via[c] = i if c not in via or via[c] == i else None
        out[name] = via
    return out


def kept_definitions(compiler) -> dict:
    """Definition name -> the cells it reads, for each definition whose values the machine keeps:
    one whose reads are known, whose parameters are single values (they key the kept values),
    that goes through a list or calls something (else working it out is cheaper than keeping
    it), and whose value is not a list of lists (a kept list is handed out as a new list; the
    lists in it would be shared). The definitions that depend on the data alone are kept for
    the whole game already (purity.py) and are left out, and so are those that call themselves:
    the keeping's call at each level would halve the depth they may reach before Python's
    limit, where the engine says a definition calls itself without end. The cells come as
    `Reads`, with the zones read only as a parameter's own (`param_zones`) for a parameter of
    that kind itself."""
    out = {}
    reads = read_cells(compiler)
    zones = param_zones(compiler, reads)
    keys = {n: key for key, n in compiler.cell_ids.items()}
    globals_ = compiler.c.globals_
    for name, (cells, recursive) in reads.items():
        d = compiler.c.symbols[name].decl
        result = compiler.c.symbols[name].type or compiler.types.get(id(d.body), "")
        if recursive or name in compiler.fixed or name in compiler.seated or not purity.worth_keeping(d.body) \
                or not all(purity.single_value(compiler.c.param_type(p)) for p in d.params) \
                or not purity.single_value(result[5:] if result.startswith("list:") else result):
            continue
        out[name] = kept = Reads(cells)
        # (A parameter of another type, a wider one, might hold a thing of another kind.)
        kept.zones = tuple((c, i, keys[c][1], keys[c][2]) for c, i in sorted(zones[name].items())
                           if i is not None and compiler.c.param_type(d.params[i]) == "thing:" + keys[c][1])
        kept.values = tuple((c, keys[c][1]) for c in cells if keys.get(c, ("",))[0] == "g"
                            and purity.single_value(compiler.c.symbols[globals_[keys[c][1]].name].type or ""))
    return out


# ---------------------------------------------------------------------------- what statements write
def _place(compiler, e) -> tuple:
    """The cells writing into place `e` (a variable, field, zone or one of a numbered zone)
    writes: none for the rule's own variables, cell 0 for a place not known."""
    while isinstance(e, A.Index):
        e = e.obj
    ref = compiler.refs.get(id(e))
    if ref is None:
        return (EVERYTHING,)
    if isinstance(e, A.Name):
        if ref[0] == "local":
            return ()
        if ref[0] == "global":
            return (cell(compiler, ("g", ref[1])),)
    if isinstance(e, A.Field):
        if ref[0] == "field":
            return (cell(compiler, ("f", ref[1], ref[2])),)
        if ref[0] == "pvar":
            return (cell(compiler, ("p", ref[1])),)
    return (EVERYTHING,)


def written_cells(compiler, s) -> tuple | None:
    """The cells statement `s` writes that some kept definition reads (`compiler.kept_read`), sorted:
    a write of any other cell needs no counting. None if `s` is not a statement that writes a
    place (a move, draw, shuffle, assignment, add or remove)."""
    if isinstance(s, A.Assign):
        places = [s.target]
    elif isinstance(s, (A.Move, A.Draw)):
        places = [s.source, s.dest]
    elif isinstance(s, A.Shuffle):
        places = [s.zone]
    elif isinstance(s, (A.AddTo, A.RemoveFrom)):
        places = [s.target]
    else:
        return None
    read = compiler.kept_read
    return tuple(sorted({c for p in places for c in _place(compiler, p) if c in read}))


def bumping(fn, cells: tuple):
    """Statement function `fn(m, env)` that then counts a write of each of `cells`. (A statement
    that fails part way leaves the game at an error, which drops every kept value: `api.State`.)
    Fused code calls `unbumped` and counts the writes in its own lines."""
    def run(m, env):
        fn(m, env)
        ver = m.ver
        for c in cells:
            ver[c] += 1
    run.unbumped = fn
    return run


# A definition's values are kept on trial for its first TRIAL calls in a process, each timed;
# then for good if the time the kept values saved is more than the time keeping cost, else
# never, each sort of call (a kept value used again, one worked out) weighed by its middle time,
# which the few calls another process paused on a busy machine do not move. Asking for a kept value and keeping one cost about a third of working out a short
# scan, so a definition whose values are seldom asked again before a write is quicker worked
# out each time. Which definitions are kept changes only the speed, never a game: a kept value
# is the value worked out again, charged the same work.
TRIAL = 400


class Trial:
    """A definition on trial: its calls, those that used a kept value again (`reused` is handed
    to `codegen.kept`, which asks it instead of handing out a kept value itself), and the time
    each kind took."""

    def __init__(self, listed: bool):
        self.listed = listed
        self.calls = self.hits = 0
        self.hit_times: list = []       # each call's time, by whether it used a kept value
        self.miss_times: list = []

    def reused(self, m, value, args):
        self.hits += 1
        return [*value] if self.listed else value

    def worth_keeping(self) -> bool:
        """Did the kept values save more than keeping cost? Each value used again saved the time
        of a value worked out less that of one used again; each value worked out cost about what
        using one again costs (the same asking and keeping)."""
        misses = self.calls - self.hits
        if self.hits == 0:
            return False
        if misses == 0:
            return True
        hit, miss = _median(self.hit_times), _median(self.miss_times)
        return self.hits * (miss - hit) > misses * hit


def _median(times: list) -> float:
    """The middle time: a call the system paused (another process ran) takes a thousand times
    its time, which would weigh in a mean as a thousand calls; it moves the middle by one place.
    The middle of every fourth call's time, which is as sure as the middle of all and costs a
    quarter of the sorting (that of all 400 cost 0.3% of 3 games of Abatteroxie)."""
    times = sorted(times[::4])
    return times[len(times) // 2]


def on_trial(out, name: str, trying, lean, plain, trial: Trial):
    """The definition's function while on trial: `trying` (which keeps values and counts those
    used again), timed, until TRIAL calls have been made; then definition `name` of program `out`
    (`Compiled.put_definition`, which every call goes through) becomes `lean` (which keeps
    values) or `plain` (which does not)."""
    table = out.fast
    hit_took, miss_took = trial.hit_times.append, trial.miss_times.append

    def call(m, *args):
        hits = trial.hits
        start = perf_counter()
        value = trying(m, *args)
        took = perf_counter() - start
        (hit_took if trial.hits != hits else miss_took)(took)
        trial.calls += 1
        if trial.calls >= TRIAL and table.get(name) is call:
            out.put_definition(name, lean if trial.worth_keeping() else plain)
        return value
    return call


def check_kept(fn, name: str, listed: bool):
    """For tests (TABLETOP_CHECK_KEPT): each value used again is also worked out again, and they
    must be equal, so a write the machine did not count fails loudly instead of changing a game."""
    def checked(m, value, args):
        work = m.work
        fresh = fn(m, *args)
        m.work = work
        if fresh != value or type(fresh) is not type(value):
            raise AssertionError(f"The kept value of {name}{tuple(args)} is {value!r}, but worked out again it "
                                 f"is {fresh!r}: a write was not counted.")
        return [*value] if listed else value
    return checked
