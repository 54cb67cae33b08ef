"""Which definitions depend only on the rulebook's data: their values can be kept and reused.

A definition whose body reads nothing of a game (no variable, field, zone, player count or
current player, and no chance) but only its parameters, the things' data, enum values, options,
tables of literals and other such definitions, gives the same value for the same parameters in
every game of a compiled rulebook: "the spaces on this line", "the space of this colour and
number". `codegen.definition` keeps those values (`remembered`), so a scan of every thing is made
once per parameter, not at every call. A definition that also reads the seats (the players, the
player count, a player in words: "the colour of this seat") is kept per player count too. One
of a list ("the words for this pair of cards") is fixed as well, so an option's label that calls
it is kept per item (`codegen._item_only`); its own values are not kept, as a key made of a list
at every call costs more than it saves (`keyed`). This module only reads the AST and the
checker's resolutions; it must not guess: anything it does not know is treated as reading the
game.
`draws_chance` says whether an expression may draw at random, so that the machine asks twice
only what gives the same answer twice.
"""
from __future__ import annotations

from tabletop.dsl import ast as A

CHANCE = frozenset({"roll", "pick", "shuffled"})
SEATED = frozenset({"next_player", "players_from"})      # they depend on the number of players
SEAT_VALUES = frozenset({"players", "player_count"})     # values that depend on it alone
KEYS = frozenset({"int", "text", "bool", "player"})
MAX_KEPT = 4096        # values kept per definition: a rulebook cannot fill the memory with them


def fixed_definitions(compiler, seated: bool = False) -> set:
    """The names of the definitions whose values depend only on their parameters and the data
    (with `seated`, and on the number of players: the seats, the sides after them, a player
    shown in words; their values are kept per player count)."""
    checked = compiler.c
    decls = {n: s.decl for n, s in checked.symbols.items() if s.kind == "define"}
    # Each parameter must be a number, text, thing, player or enum value, or a list of those:
    # one that can be a key (a list as a tuple; only `keyed` values are kept by `remembered`).
    keyed = [n for n, d in decls.items() if all(_key_type(checked.param_type(p)) for p in d.params)]
    # Each body is looked at once, taking every definition it calls as fixed (`_fixed` is a plain
    # "and" of facts about its parts and of "this one is fixed", never "not fixed"): those whose
    # own parts read the game are out, and each of the others is fixed if all it calls are.
    calls = {}
    for name in keyed:
        called = _Called()
        if _fixed(compiler, decls[name].body, called, seated):
            calls[name] = set(called)
    fixed = set(calls)
    changed = True
    while changed:          # drop each that calls one dropped, until none changes
        changed = False
        for name in sorted(fixed):
            if not calls[name] <= fixed:
                fixed.discard(name)
                changed = True
    return fixed


def single_value(t: str) -> bool:
    """Is type `t` a number, text, yes/no, player, thing or enum value: one Python compares,
    orders and hashes as the language does?"""
    return t in KEYS or t.startswith(("thing:", "enum:"))


def _key_type(t: str) -> bool:
    """Can a value of type `t` be a key (a list of single values, as a tuple)?"""
    return single_value(t) or (t.startswith("list:") and single_value(t[5:]))


def keyed(compiler, d) -> bool:
    """Are a definition's parameters all single values, so that they key its kept values as they
    are? (A list would be made a tuple at every call, which costs more than it saves.)"""
    return not any(compiler.c.param_type(p).startswith("list:") for p in d.params)


def worth_keeping(body) -> bool:
    """Does a definition go through a list or call anything? Keeping the value of one that only
    does arithmetic or picks a text costs more than working it out again."""
    if isinstance(body, (A.Comprehension, A.Call)):
        return True
    if isinstance(body, A.Node):
        return any(worth_keeping(v) for k, v in vars(body).items() if k != "span")
    if isinstance(body, (list, tuple)):
        return any(worth_keeping(v) for v in body)
    return False


def _shows_players(compiler, node, seated: bool = False) -> bool:
    """Is `node` shown in words as a player (a name that depends on the seats)? Never, with
    `seated`: then the seats are known."""
    return not seated and "player" in compiler.types.get(id(node), "")


class _Called(set):
    """Asked whether a definition is fixed, says yes, and keeps its name (`fixed_definitions`)."""

    def __contains__(self, name) -> bool:
        self.add(name)
        return True


def _fixed(compiler, node, fixed: set, seated: bool = False) -> bool:
    refs = compiler.refs
    if isinstance(node, (A.Lit, A.ThingRef)):
        return True
    if isinstance(node, A.Name):
        k, arg = refs[id(node)][:2]
        if k == "kind":
            return seated or arg not in compiler.out.per_player_kinds
        if k == "side" or (k == "value" and arg in SEAT_VALUES):
            return seated
        if k == "define":
            return arg in fixed
        return k in ("local", "enum", "enum_list", "option", "die", "pattern")
    if isinstance(node, A.Field):
        ref = refs.get(id(node))
        return bool(ref) and ref[0] == "attr" and _fixed(compiler, node.obj, fixed, seated)
    if isinstance(node, A.Index):
        ref = refs[id(node)]
        if ref[0] == "table":
            table = compiler.tables.get(ref[1])
            if table is None or node.more_keys or not all(compiler.constant(entry[4]) is not None for entry in table):
                return False
            return _fixed(compiler, node.key, fixed, seated)
        return _fixed(compiler, node.obj, fixed, seated) and _fixed(compiler, node.key, fixed, seated)
    if isinstance(node, A.Call):
        ref = refs[id(node)]
        if ref[0] == "define" and ref[1] not in fixed:
            return False
        if ref[0] != "define" and (ref[1] in CHANCE or (ref[1] in SEATED and not seated)):
            return False
        if ref[0] != "define" and ref[1] == "join" and _shows_players(compiler, node.args[0], seated):
            return False
        return all(_fixed(compiler, a, fixed, seated) for a in node.args)
    if isinstance(node, A.Template):
        return all(isinstance(p, str) or (not _shows_players(compiler, p, seated) and _fixed(compiler, p, fixed, seated))
                   for p in node.parts)
    if isinstance(node, A.Binary):
        if node.op == "+" and (_shows_players(compiler, node.left, seated) or _shows_players(compiler, node.right, seated)):
            return False
        return _fixed(compiler, node.left, fixed, seated) and _fixed(compiler, node.right, fixed, seated)
    if isinstance(node, A.Unary):
        return _fixed(compiler, node.operand, fixed, seated)
    if isinstance(node, A.Cond):
        return all(_fixed(compiler, x, fixed, seated) for x in (node.test, node.then, node.other))
    if isinstance(node, A.ListLit):
        return all(_fixed(compiler, x, fixed, seated) for x in node.items)
    if isinstance(node, A.Comprehension):
        return all(_fixed(compiler, x, fixed, seated) for x in (node.expr, node.iterable, node.cond) if x is not None)
    if isinstance(node, A.Lambda):
        return _fixed(compiler, node.body, fixed, seated)
    if isinstance(node, A.StartsWith):
        return _fixed(compiler, node.seq, fixed, seated)
    if isinstance(node, A.Where):       # its name is a local, fixed when its value is
        return _fixed(compiler, node.value, fixed, seated) and _fixed(compiler, node.body, fixed, seated)
    return False


def _flat(value) -> bool:
    """A value that can be kept and handed out again: a number, text, yes/no, none, or a list of
    those (handed out as a new list each time)."""
    if type(value) is list:
        return all(type(x) in (int, str, bool) or x is None for x in value)
    return type(value) in (int, str, bool) or value is None


def remembered(fn, where: str, span, seated: bool = False):
    """`fn(m, *values)` with its values kept per parameters (and per player count, if `seated`).
    A kept value is charged the work its first computing cost, so the work budget counts as if it
    were computed again."""
    from .budgets import runaway
    kept: dict = {}

    def call(m, *args):
        key = (m.player_count, *args) if seated else args
        try:
            hit = kept.get(key)
        except TypeError:           # a list among the parameters: nothing kept
            return fn(m, *args)
        if hit is not None:
            value, work = hit
            m.work -= work
            if m.work < 0:
                raise runaway(where, span)
            return list(value) if type(value) is list else value
        before = m.work
        value = fn(m, *args)
        if len(kept) < MAX_KEPT and _flat(value):
            kept[key] = (list(value) if type(value) is list else value, before - m.work)
        return value
    return call


def draws_chance(compiler, node, seen: set | None = None) -> bool:
    """Might evaluating `node` draw a random result (roll, pick, shuffled), itself or through a
    definition it calls? Asking such an expression twice would draw twice."""
    seen = set() if seen is None else seen
    for x in compiler.walks.walk(node):
        ref = compiler.refs.get(id(x), ("",)) if isinstance(x, (A.Call, A.Name)) else ("",)
        if ref[0] == "builtin" and ref[1] in CHANCE:
            return True
        if ref[0] == "define" and ref[1] not in seen:
            seen.add(ref[1])
            if draws_chance(compiler, compiler.c.symbols[ref[1]].decl.body, seen):
                return True
    return False
