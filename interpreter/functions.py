"""Runtime implementations of the built-in functions named in `dsl/builtins.py`.

Each takes the machine (for the board and the current state) and already evaluated
arguments. The random ones (`roll`, `pick`, `shuffled`) are the machine's own (`Machine.roll`,
`pick`, `shuffled`): every draw goes there, so a scenario can force it. These must not change
game state.
"""
from __future__ import annotations

from collections import deque
from itertools import combinations, product as _product

from .errors import RuleError

MAX_ITEMS = 100_000      # the largest list a built-in may build: untrusted rulebooks must not exhaust memory


def _range(m, a, b):
    if b - a + 1 > MAX_ITEMS:
        raise RuleError(f"range({a}, {b}) would make {b - a + 1} numbers; the limit is {MAX_ITEMS}.")
    return list(range(a, b + 1))


def _pairs(m, xs):
    if len(xs) * (len(xs) - 1) // 2 > MAX_ITEMS:
        raise RuleError(f"pairs() of {len(xs)} items would make too many pairs; the limit is {MAX_ITEMS}.")
    return [list(p) for p in combinations(xs, 2)]


def _product_of(m, a, b):
    if len(a) * len(b) > MAX_ITEMS:
        raise RuleError(f"product() of {len(a)} and {len(b)} items would make too many pairs; the limit is {MAX_ITEMS}.")
    return [[x, y] for x, y in _product(a, b)]


def _min(m, *args):
    items = args[0] if len(args) == 1 and isinstance(args[0], list) else list(args)
    return min(items) if items else 0


def _max(m, *args):
    items = args[0] if len(args) == 1 and isinstance(args[0], list) else list(args)
    return max(items) if items else 0


def _unique(m, xs):
    out = []
    for x in xs:
        if x not in out:
            out.append(x)
    return out


def _flatten(m, xss):
    out = []
    for xs in xss:
        out.extend(xs)
        if len(out) > MAX_ITEMS:
            raise RuleError(f"flatten() would make a list of more than {MAX_ITEMS} items.")
    return out


def _join(m, xs, sep=", "):
    return sep.join(m.show_any(x) for x in xs)


def _neighbours(m, s):
    return m.grid_of(s).orthogonal[s] if s is not None else []


def _diagonals(m, s):
    return m.grid_of(s).diagonal[s] if s is not None else []


def _step(m, s, dr, dc):
    g = m.grid_of(s)
    r, c = g.pos[s]
    return g.at.get((r + dr, c + dc))


def _within(m, s, n, passable):
    g = m.grid_of(s)
    seen = {s: 0}
    queue = deque([s])
    while queue:
        x = queue.popleft()
        if seen[x] == n:
            continue
        for y in g.orthogonal[x]:
            if y not in seen and passable(y):
                seen[y] = seen[x] + 1
                queue.append(y)
    return [x for x in g.order if x in seen and x != s]


def _reachable(m, s, through):
    g = m.grid_of(s)
    seen = {s}
    queue = deque([s])
    while queue:
        x = queue.popleft()
        for y in g.orthogonal[x]:
            if y not in seen:
                seen.add(y)
                if through(y):
                    queue.append(y)
    return [x for x in g.order if x in seen and x != s]


def _connected(m, a, b, passable):
    return a == b or b in _reachable(m, a, passable)


def _paths(m, s, n, passable):
    g = m.grid_of(s)
    out = []

    def walk(path):
        if len(out) > 10000:
            raise RuleError("paths() found more than 10000 paths; the search is too large.")
        if len(path) == n + 1:
            out.append(path[1:])
            return
        for y in g.orthogonal[path[-1]]:
            if y not in path and passable(y):
                walk(path + [y])

    walk([s])
    return out


def _longest_path(m, s, n, passable):
    """The most steps, up to n, of a path from s through passable spaces that never visits a
    space twice. A depth-first search that stops as soon as a path of n steps is found, so the
    common case (the whole distance can be walked) costs about n steps, not every path."""
    g = m.grid_of(s)
    ortho = g.orthogonal
    ok = {}            # each space's passability, asked once

    def open_(y):
        v = ok.get(y)
        if v is None:
            v = ok[y] = bool(passable(y))
        return v

    best = 0
    seen = {s}
    work = 0

    def walk(x, depth):
        nonlocal best, work
        if depth > best:
            best = depth
        if best >= n:
            return
        work += 1
        if work > 100_000:
            raise RuleError("longest_path() searched more than 100000 paths; the search is too large.")
        for y in ortho[x]:
            if y not in seen and open_(y):
                seen.add(y)
                walk(y, depth + 1)
                seen.discard(y)
                if best >= n:
                    return

    if n > 0:
        walk(s, 0)
    return best


def _index_of(m, xs, x):
    try:
        return xs.index(x)
    except ValueError:
        return -1


FUNCTIONS = {
    "count": lambda m, xs: len(xs),
    "sum": lambda m, xs: sum(xs),
    "min": _min,
    "max": _max,
    "abs": lambda m, x: abs(x),
    "first": lambda m, xs: xs[0] if xs else None,
    "last": lambda m, xs: xs[-1] if xs else None,
    "rest": lambda m, xs: list(xs[1:]),
    "take": lambda m, xs, n: list(xs[:max(n, 0)]),
    "drop": lambda m, xs, n: list(xs[max(n, 0):]),
    "reverse": lambda m, xs: list(reversed(xs)),
    "sort": lambda m, xs: sorted(xs, key=lambda x: (x is None, x)),
    "unique": _unique,
    "flatten": _flatten,
    "pairs": _pairs,
    "product": _product_of,
    "range": _range,
    "all": lambda m, xs: all(xs),
    "any": lambda m, xs: any(xs),
    "join": _join,
    # roll, pick and shuffled are the machine's (Machine.roll, pick, shuffled): the compiler
    # passes them the die's name or the items' type, so a scenario can force their results.
    "neighbours": _neighbours,
    "diagonals": _diagonals,
    "step": _step,
    "within": _within,
    "reachable": _reachable,
    "connected": _connected,
    "paths": _paths,
    "longest_path": _longest_path,
    "index_of": _index_of,
    "next_player": lambda m, p: (m.seat(p, "have a seat to its left") + 1) % m.player_count,
    "players_from": lambda m, p: [(m.seat(p, "start an order of seats") + k) % m.player_count
                                  for k in range(m.player_count)],
}
