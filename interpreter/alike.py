"""Alike options: two things a player cannot tell apart, which the rules hold alike, are one option.

A hand of Flotsam, Flotsam and Jetsam offers "Play Flotsam" once, not "Play Flotsam" and "Play
Flotsam (2)": playing either Flotsam is the same move. Two options merge only when their labels
are the same words (`statements._distinct` asks here then, never otherwise, so this costs nothing
while labels differ) and their values are alike: equal, or things of one kind that

- have the same name and the same fields in the data,
- have the same changing fields now, and
- are held alike by the state: every zone, variable, changing field and local of a rule under way
  that can hold such a thing holds the one as often as the other. So they lie in the same zone,
  and no list (`moved_this_turn`) or local (`arrived`) holds one without the other. The item of a
  comprehension or function (`[c for c in hand if ...]`) is no such local: it names an item only
  while that value is worked out, and what its slot keeps afterwards is the last item looked at;
  nor is a name of a block that is over: the item of a loop or choice with a block (`for c in
  hand:`), or a local first set inside an `if`, a loop or an option, unknown after it.

Lists of things are alike item by item. Anything else is alike only when equal. The option kept is
the first of the alike ones, so the rules go on with the same thing they would have taken first.
This module reads the state and must not change it.
"""
from __future__ import annotations

from .statecheck import procs_by_block


def alike_for(t: str):
    """f(m, a, b, skip) -> whether values `a` and `b` of type `t` are alike (`skip`: the locals,
    as (env index, slot), that the asking statement itself sets while making its options), or None
    when values of `t` hold no thing, so that alike means equal."""
    if "thing:" not in t:
        return None
    if t.startswith("thing:"):
        kind = t[len("thing:"):]
        return lambda m, a, b, skip: a == b or _things_alike(m, kind, a, b, skip)
    if t.startswith("list:"):
        item = alike_for(t[len("list:"):])
        if item is None:
            return None

        def lists(m, a, b, skip):
            if a == b:
                return True
            if type(a) is not list or type(b) is not list or len(a) != len(b):
                return False
            return all(item(m, x, y, skip) for x, y in zip(a, b))
        return lists
    return None


def _signatures(prog, kind: str) -> list:
    """For each thing of `kind`, the number of the first thing with the same name and data fields
    (worked out once per compiled program)."""
    sigs = prog.alike_signatures.get(kind)
    if sigs is None:
        static = prog.static.get(kind, {})
        names = prog.kind_names.get(kind, [])
        first: dict = {}
        sigs = []
        for i, name in enumerate(names):
            record = repr((name, [(f, col[i]) for f, col in sorted(static.items())]))
            sigs.append(first.setdefault(record, i))
        prog.alike_signatures[kind] = sigs
    return sigs


def _things_alike(m, kind: str, a, b, skip) -> bool:
    if type(a) is not int or type(b) is not int:
        return False
    prog = m.prog
    sigs = _signatures(prog, kind)
    if not (0 <= a < len(sigs) and 0 <= b < len(sigs)) or sigs[a] != sigs[b]:
        return False
    s = m.s
    fields = s["fields"].get(kind, {})
    for f in prog.field_types.get(kind, {}):
        col = fields.get(f)
        if col is not None and col[a] != col[b]:
            return False
    # Each place asked in place, by how it holds the kind (`_holders`), not by a call: this runs
    # for every two options of the same words, and a call per place cost more than its test.
    g_slots, p_slots, columns, locals_ = _holders(prog, kind)
    for rows, slots in (((s["globals"],), g_slots), (s["players"] + s.get("sides", []), p_slots)):
        for row in rows:
            for slot, how, t in slots:
                v = row[slot]
                if v is None:
                    continue
                if how is _LIST:
                    if v.count(a) != v.count(b):
                        return False
                elif how is _ONE:
                    if (v == a) != (v == b):
                        return False
                elif not _held_alike(v, t, kind, a, b):
                    return False
    for other, f, t in columns:
        for v in s["fields"].get(other, {}).get(f, ()):
            if not _held_alike(v, t, kind, a, b):
                return False
    envs, stack = s["envs"], s["stack"]
    running = None      # (env, block) of every block under way: made when a loop's item is met
    for frame in stack:
        held = locals_.get(frame[0])
        if held and 0 <= frame[2] < len(envs):
            env = envs[frame[2]]
            for slot, how, t, body in held:
                if (frame[2], slot) in skip or slot >= len(env):
                    continue
                if body is not None:
                    if running is None:
                        running = {(f[2], f[0]) for f in stack}
                    if (frame[2], body) not in running:
                        continue            # a name of a block that is over: its slot keeps a leftover
                v = env[slot]
                if v is None:
                    continue
                if how is _ONE:         # a local holds one thing, most often
                    if (v == a) != (v == b):
                        return False
                elif how is _LIST:
                    if v.count(a) != v.count(b):
                        return False
                elif not _held_alike(v, t, kind, a, b):
                    return False
    return True


_LIST, _ONE, _OTHER = "list", "one", "other"      # how a place holds a thing of a kind (`_holders`)


def _holders(prog, kind: str) -> tuple:
    """Where the state can hold a thing of `kind`, each with how it holds it (`_LIST`, a list of
    such things; `_ONE`, one; `_OTHER`, a value with such things deeper in it) and its type
    (worked out once per program): the globals' slots, the players' slots, the things' changing
    fields as (kind, field), and by the block of each rule, its locals' slots, each with the
    block that alone names it (a loop's item) or None."""
    found = prog.alike_holders.get(kind)
    if found is None:
        def holds(t):
            return "thing:" + kind in t

        def how(t):
            return _LIST if t == "list:thing:" + kind else _ONE if t == "thing:" + kind else _OTHER
        procs = procs_by_block(prog)
        found = ([(i, how(t), t) for i, t in enumerate(prog.global_types) if holds(t)],
                 [(i, how(t), t) for i, t in enumerate(prog.player_types) if holds(t)],
                 [(k, f, t) for k, fs in prog.field_types.items() for f, t in fs.items() if holds(t)],
                 {block: [(i, how(t), t, p.scoped.get(i)) for i, (_, t) in enumerate(p.locals)
                          if holds(t) and i not in p.passing]
                  for block, p in procs.items()})
        prog.alike_holders[kind] = found
    return found


def _held_alike(v, t: str, kind: str, a: int, b: int) -> bool:
    """Whether the value `v` of type `t` holds thing `a` of `kind` as often as thing `b`."""
    if v is None:
        return True
    if t == "list:thing:" + kind:
        return v.count(a) == v.count(b)
    if t == "thing:" + kind:
        return (v == a) == (v == b)
    if t.startswith("list:") and type(v) is list:
        return all(_held_alike(x, t[len("list:"):], kind, a, b) for x in v)
    return True
