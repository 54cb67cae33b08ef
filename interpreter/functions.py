"""Runtime implementations of the built-in functions named in `dsl/builtins.py`.

Each takes the machine (for the board and the current state) and already evaluated
arguments. A built-in whose work grows with its lists or the board charges it to the
machine's work budget (`budgets.spend`, which raises `Spent`; the compiled call names the line).
The random ones (`roll`, `pick`, `shuffled`) are the machine's own (`Machine.roll`,
`pick`, `shuffled`): every draw goes there, so a scenario can force it. These must not change
game state.
"""
from __future__ import annotations

from collections import deque
from itertools import combinations, product as _product

from tabletop.dsl.builtins import LIMITS, MAX_ITEMS      # the language's limits, which the checker knows too

from .budgets import MAX_WEIGHT, SMALL, Spent, spend
from .errors import RuleError

MAX_PATHS = 10_000       # paths one paths() may find


def _sized(fn):
    """A built-in whose work is the length of its first argument (a list): charged beyond SMALL."""
    def charged(m, xs, *rest):
        if len(xs) > SMALL:
            spend(m, len(xs))
        return fn(m, xs, *rest)
    charged.inner = fn       # never raises: codegen.py calls it after charging, naming the line
    return charged


def _range(m, a, b):
    if b - a + 1 > MAX_ITEMS:
        raise RuleError(f"range({a}, {b}) would make {b - a + 1} numbers; the limit is {MAX_ITEMS}.")
    if b - a + 1 > SMALL:
        spend(m, 2 * (b - a + 1))     # each item is a new number, beside its place in the list
    return list(range(a, b + 1))


def _pairs(m, xs):
    n = len(xs) * (len(xs) - 1) // 2
    if n > MAX_ITEMS:
        raise RuleError(f"pairs() of {len(xs)} items would make too many pairs; the limit is {MAX_ITEMS}.")
    spend(m, 3 * n)           # each pair is a list of two
    return [list(p) for p in combinations(xs, 2)]


def _product_of(m, a, b):
    if len(a) * len(b) > MAX_ITEMS:
        raise RuleError(f"product() of {len(a)} and {len(b)} items would make too many pairs; the limit is {MAX_ITEMS}.")
    spend(m, 3 * len(a) * len(b))
    return [[x, y] for x, y in _product(a, b)]


def _combinations(m, xs, k):
    """Every list of k items of xs, in xs's order, each once (itertools.combinations). How many
    there are is counted before any is made, step by step so that it stops as soon as it passes
    the limit (C(100000, 50000) is never worked out); the items they hold in all are bounded as a
    stored list's are (MAX_WEIGHT), so a huge result is a sentence, never a hang or MemoryError."""
    if type(k) is not int:
        raise RuleError(f"combinations() takes a whole number of items at a time, not {m.show_any(k) if m else k}.")
    if k < 0:
        raise RuleError(LIMITS[("combinations", 1)][2].format(n=k))
    n = len(xs)
    if k > n:
        return []
    r, total = min(k, n - k), 1
    for i in range(1, r + 1):       # C(n-r+i, i) grows with i, up to C(n, r): the first past the limit is enough
        total = total * (n - r + i) // i
        if total > MAX_ITEMS:
            break
    if total > MAX_ITEMS or total * k > MAX_WEIGHT:
        many = f"more than {MAX_ITEMS:,} lists" if total > MAX_ITEMS else \
            f"{total:,} lists of {k:,} ({total * k:,} items in all)"
        raise RuleError(f"combinations() of {n:,} items, {k:,} at a time, would make {many}; the limit is "
                        f"{MAX_ITEMS:,} lists and {MAX_WEIGHT:,} items in all.")
    spend(m, (k + 1) * total)        # each combination is a list of k
    return [list(c) for c in combinations(xs, k)]


def _min(m, *args):
    items = args[0] if len(args) == 1 and isinstance(args[0], list) else list(args)
    if len(items) > SMALL:
        spend(m, len(items))
    return min(items) if items else 0


def _max(m, *args):
    items = args[0] if len(args) == 1 and isinstance(args[0], list) else list(args)
    if len(items) > SMALL:
        spend(m, len(items))
    return max(items) if items else 0


def _unique(m, xs):
    """The items in order, each once (the first of equal ones)."""
    if len(xs) > SMALL:
        spend(m, len(xs))
    if not xs or type(xs[0]) is not list:
        try:
            return list(dict.fromkeys(xs))      # in time that grows with the length, for numbers, texts, things
        except TypeError:
            pass
    # Lists of lists: charged as if each were compared with those kept so far (the language's
    # cost of it), but found by a key of each list when its items can be one.
    spend(m, len(xs) * len(xs) // 2)
    try:
        kept = {}
        for x in xs:
            kept.setdefault(tuple(x) if type(x) is list else x, x)
        return list(kept.values())
    except TypeError:
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
    if len(out) + len(xss) > SMALL:
        spend(m, len(out) + len(xss))
    return out


def _join(m, xs, sep=", "):
    from .compiler import bounded_join
    return bounded_join(m, sep, (m.show_any(x) for x in xs))


def _neighbours(m, s):
    # A new list: the grid's own is shared by every game, and a rule may keep the list and add to it.
    return list(m.grid_of(s).orthogonal[s]) if s is not None else []


def _diagonals(m, s):
    return list(m.grid_of(s).diagonal[s]) if s is not None else []


def _step(m, s, dr, dc):
    g = m.grid_of(s)
    r, c = g.pos[s]
    return g.at.get((r + dr, c + dc))


def _line_from(m, s, dr, dc):
    # "The squares from here to the edge in this direction": step after step, as `step` goes.
    if dr == 0 and dc == 0:
        return []
    g = m.grid_of(s)
    r, c = g.pos[s]
    out = []
    while True:
        r, c = r + dr, c + dc
        x = g.at.get((r, c))
        if x is None:
            spend(m, len(out))
            return out
        out.append(x)


def _within(m, s, n, passable):
    if n < 0:
        raise RuleError(LIMITS[("within", 1)][2].format(n=n))
    g = m.grid_of(s)
    spend(m, len(g.order))         # a search may visit every space
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
    spend(m, len(g.order))
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
    """Every path of n steps from s, each space at most once, through spaces passable(x) holds for,
    in the order of a depth-first search that tries each space's neighbours in the grid's order.
    Each step of the search is charged the length of the path it reaches (what a copy of it
    costs), so a search that would go on for ever stops with the budget; finding more than
    MAX_PATHS paths stops it too. One path is walked in place and copied only where it ends, not
    at every step."""
    if n < 0:
        raise RuleError(LIMITS[("paths", 1)][2].format(n=n))
    ortho = m.grid_of(s).orthogonal
    spend(m, 1)
    if n == 0:
        return [[]]
    out = []
    path = [s]
    ahead = [iter(ortho[s])]        # the neighbours still to try from each space of the path
    while ahead:
        for y in ahead[-1]:
            if y not in path and passable(y):
                break
        else:                       # every neighbour of the path's end tried: step back
            ahead.pop()
            path.pop()
            continue
        path.append(y)
        k = len(path)
        m.work -= k             # spend(m, k), without a call at every step
        if m.work < 0:
            raise Spent()
        if len(out) > MAX_PATHS:
            raise RuleError(f"paths() found more than {MAX_PATHS} paths; the search is too large.")
        if k > n:
            out.append(path[1:])
            path.pop()
        else:
            ahead.append(iter(ortho[y]))
    return out


_LONGEST = LIMITS[("longest_path", 1)][1]       # the most steps longest_path looks for


def _longest_path(m, s, n, passable):
    """The most steps, up to n, of a path from s through passable spaces that never visits a
    space twice. A depth-first search that stops as soon as a path of n steps is found, so the
    common case (the whole distance can be walked) costs about n steps, not every path. Each
    space's passability is asked once, in the order the search first reaches it."""
    if n > _LONGEST:
        raise RuleError(LIMITS[("longest_path", 1)][2].format(n=n))
    if n <= 0:
        return 0
    ortho = m.grid_of(s).orthogonal
    ok = {}
    seen = {s}
    path = [s]                  # the path walked so far, and below, the steps left to try from each space
    ahead = [iter(ortho[s])]
    best = 0
    work = 1                    # paths searched: this one, of no steps
    while ahead:
        for y in ahead[-1]:
            if y not in seen:
                v = ok.get(y)
                if v is None:
                    v = ok[y] = bool(passable(y))
                if v:
                    break
        else:                   # every step from the path's end tried: step back
            ahead.pop()
            seen.discard(path.pop())
            continue
        if len(path) > best:
            best = len(path)
            if best >= n:
                break
        work += 1
        if work > 100_000:
            raise RuleError("longest_path() searched more than 100000 paths; the search is too large.")
        seen.add(y)
        path.append(y)
        ahead.append(iter(ortho[y]))
    if work > SMALL:
        spend(m, work)
    return best


def _sort(m, xs, key=None):
    """Smallest first, none last. Without a none (the common case) Python's own order is the same
    order, so no key is made for each item. With a key (`sort(hand, c => c.value)`), by each item's
    key, asked once per item in the list's order; stable, so items of equal keys keep their order,
    and those whose key is none come last."""
    if key is not None:
        keys = [key(x) for x in xs]
        order = sorted(range(len(xs)), key=(lambda i: (keys[i] is None, keys[i])) if None in keys else keys.__getitem__)
        return [xs[i] for i in order]
    if None in xs:
        return sorted(xs, key=lambda x: (x is None, x))
    return sorted(xs)


@_sized
def _index_of(m, xs, x):
    try:
        return xs.index(x)
    except ValueError:
        return -1


def _players_from(m, p) -> list:
    """The seats in order from seat `p` round the table: (p + k) % n for k in 0..n-1."""
    n = m.player_count
    if type(p) is not int or not 0 <= p < n:     # the error `seat` words (a side, none, ...)
        p = m.seat(p, "start an order of seats")
    return [*range(p, n), *range(p)]


FUNCTIONS = {
    "count": lambda m, xs: len(xs),
    "sum": _sized(lambda m, xs: sum(xs)),
    "min": _min,
    "max": _max,
    "abs": lambda m, x: abs(x),
    "first": lambda m, xs: xs[0] if xs else None,
    "last": lambda m, xs: xs[-1] if xs else None,
    "rest": _sized(lambda m, xs: list(xs[1:])),
    "take": _sized(lambda m, xs, n: list(xs[:max(n, 0)])),
    "drop": _sized(lambda m, xs, n: list(xs[max(n, 0):])),
    "reverse": _sized(lambda m, xs: list(reversed(xs))),
    "sort": _sized(_sort),
    "unique": _unique,
    "flatten": _flatten,
    "pairs": _pairs,
    "product": _product_of,
    "combinations": _combinations,
    "range": _range,
    "all": _sized(lambda m, xs: all(xs)),
    "any": _sized(lambda m, xs: any(xs)),
    "join": _join,
    # roll, pick and shuffled are the machine's (Machine.roll, pick, shuffled): the compiler
    # passes them the die's name or the items' type, so a scenario can force their results.
    "neighbours": _neighbours,
    "diagonals": _diagonals,
    "step": _step,
    "line_from": _line_from,
    "within": _within,
    "reachable": _reachable,
    "connected": _connected,
    "paths": _paths,
    "longest_path": _longest_path,
    "index_of": _index_of,
    "next_player": lambda m, p: (m.seat(p, "have a seat to its left") + 1) % m.player_count,
    "players_from": _players_from,
}

# Built-ins that never raise a RuleError or spend the budget: a call needs no line to name.
PLAIN = frozenset({"count", "abs", "first", "last"})
