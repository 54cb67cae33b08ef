"""The built-in functions every rulebook may call: their names, argument counts and result types.

The checker uses `signature()` to type a call; the interpreter implements each name in
`interpreter/functions.py`. This module must stay free of runtime code so both sides can
agree on one table.
"""
from __future__ import annotations

from . import types as T

MAX_ITEMS = 100_000      # the largest list a built-in may build: untrusted rulebooks must not exhaust memory
MAX_FACES = 1000         # the faces of one die, which `roll` draws from
MAX_DIGITS = 15          # a number written in the rules (E106) or in data (E027): within 10^15


def too_many_faces(n: int) -> str:
    """E206's words for a die of n faces, listed or as a range."""
    return f"A die has at most {MAX_FACES} faces, not {n}."


# name: (min args, max args, short description)
BUILTINS = {
    "count": (1, 1, "count(list): how many items"),
    "sum": (1, 1, "sum(list of numbers)"),
    "min": (1, 9, "min(list) or min(a, b, ...)"),
    "max": (1, 9, "max(list) or max(a, b, ...)"),
    "abs": (1, 1, "abs(number)"),
    "first": (1, 1, "first(list): the first item, or none"),
    "last": (1, 1, "last(list): the last item, or none"),
    "rest": (1, 1, "rest(list): all but the first item"),
    "take": (2, 2, "take(list, n): the first n items"),
    "drop": (2, 2, "drop(list, n): all but the first n items"),
    "reverse": (1, 1, "reverse(list)"),
    "sort": (1, 2, "sort(list) or sort(list, x => key): smallest first (numbers), alphabetical (texts and enum values), "
                   "or in data order (things); with a key, by the key of each item"),
    "unique": (1, 1, "unique(list): without repeats, first occurrence kept"),
    "flatten": (1, 1, "flatten(list of lists): the items of each list in turn, as one list"),
    "pairs": (1, 1, "pairs(list): every two items, in order, as lists of two"),
    "product": (2, 2, "product(a, b): every [x, y] with x from a and y from b"),
    "combinations": (2, 2, "combinations(list, k): every list of k of its items, in the list's order, each once"),
    "range": (2, 2, "range(a, b): the whole numbers from a to b, both included"),
    "all": (1, 1, "all(list of truths)"),
    "any": (1, 1, "any(list of truths)"),
    "join": (1, 2, "join(list) or join(list, separator): the items as one text"),
    "roll": (1, 2, "roll(die) or roll(die, face => keep?): a seeded roll, rolled again until kept"),
    "pick": (1, 1, "pick(list): one item at random (seeded)"),
    "shuffled": (1, 1, "shuffled(list): a shuffled copy (seeded)"),
    "neighbours": (1, 1, "neighbours(space): the spaces up, down, left and right"),
    "diagonals": (1, 1, "diagonals(space): the diagonal neighbours"),
    "step": (3, 3, "step(space, rows, cols): the space that far away, or none"),
    "line_from": (3, 3, "line_from(space, rows, cols): the spaces step after step that way, nearest first, to the edge or a hole"),
    "within": (3, 3, "within(space, n, passable): spaces at most n orthogonal steps away through passable ones"),
    "reachable": (2, 2, "reachable(space, through): spaces reached by orthogonal steps whose every stop before the last is `through`"),
    "connected": (3, 3, "connected(a, b, passable): a path of passable spaces joins a and b"),
    "paths": (3, 3, "paths(space, n, passable): every path of exactly n steps with no space twice"),
    "longest_path": (3, 3, "longest_path(space, n, passable): the most steps, up to n, of a path with no space twice"),
    "index_of": (2, 2, "index_of(list, item): its position from 0, or -1"),
    "next_player": (1, 1, "next_player(p): the seat to p's left"),
    "players_from": (1, 1, "players_from(p): every player in seat order, starting with p"),
    "match_length": (2, 2, "match_length(list, pattern_name): how many leading items the pattern matched, or 0"),
}

# What each value of each built-in must be, position by position: every built-in has one entry
# for each value it may take (a test holds the table to it, and gives each position a wrong value).
# An entry is a type of types.py ("list:any" is any list) or one of the words below, which the
# checker knows.
LIST = T.list_of(T.ANY)
SPACE = "space"              # a thing of a kind laid out with `grid`
SAME_SPACE = "same space"    # a space of the same kind as the first value's (`connected(a, b, ...)`)
FUNCTION = "function"        # `x => ...`, giving a truth
KEY = "key"                  # `x => ...`, giving one value that sorts: a number, text, truth, player, thing or enum value
DIE = "die"                  # a die declared with `die`
PATTERN = "pattern"          # the name of a pattern
ITEM = "item"                # an item of the type of the first value's items (`index_of`)
NUMBERS = "numbers"          # whole numbers, or one list of them (`min`, `max`)
SEAT = "seat"                # a player with a seat at the table: not a side, not none

ARG_TYPES = {
    "count": (LIST,),
    "sum": (T.list_of(T.INT),),
    "min": (NUMBERS,) * BUILTINS["min"][1],
    "max": (NUMBERS,) * BUILTINS["max"][1],
    "abs": (T.INT,),
    "first": (LIST,),
    "last": (LIST,),
    "rest": (LIST,),
    "take": (LIST, T.INT),
    "drop": (LIST, T.INT),
    "reverse": (LIST,),
    "sort": (LIST, KEY),
    "unique": (LIST,),
    "flatten": (T.list_of(LIST),),
    "pairs": (LIST,),
    "product": (LIST, LIST),
    "combinations": (LIST, T.INT),
    "range": (T.INT, T.INT),
    "all": (T.list_of(T.BOOL),),
    "any": (T.list_of(T.BOOL),),
    "join": (LIST, T.TEXT),
    "roll": (DIE, FUNCTION),
    "pick": (LIST,),
    "shuffled": (LIST,),
    "neighbours": (SPACE,),
    "diagonals": (SPACE,),
    "step": (SPACE, T.INT, T.INT),
    "line_from": (SPACE, T.INT, T.INT),
    "within": (SPACE, T.INT, FUNCTION),
    "reachable": (SPACE, FUNCTION),
    "connected": (SPACE, SAME_SPACE, FUNCTION),
    "paths": (SPACE, T.INT, FUNCTION),
    "longest_path": (SPACE, T.INT, FUNCTION),
    "index_of": (LIST, ITEM),
    "next_player": (SEAT,),
    "players_from": (SEAT,),
    "match_length": (LIST, PATTERN),
}
NUMBERS_ONLY = tuple(name for name, wants in ARG_TYPES.items() if NUMBERS in wants)
# What a seat is asked to do, in the words the engine's error uses when it is given a side or none.
SEAT_WORDS = {"next_player": "have a seat to its left", "players_from": "start an order of seats"}

# Numbers a built-in refuses in play, by (name, position): (lowest, highest, the words, with {n}
# for the number). The engine (functions.py) refuses them in these words, and the checker tells a
# number written out there in the same words.
LIMITS = {
    ("within", 1): (0, None, "within() looks for spaces 0 steps or more away, not {n}."),
    ("paths", 1): (0, None, "paths() looks for paths of 0 steps or more, not {n}."),
    ("longest_path", 1): (None, 500, "longest_path() may look for at most 500 steps, not {n}."),
    ("combinations", 1): (0, None, "combinations() takes 0 items or more at a time, not {n}."),
}
MAX_ROLLS = 1000         # throws of one roll(d, keep) before the engine gives up (machine.py uses this)
ROLLED_IN_VAIN = f"A die was rolled {MAX_ROLLS} times and no face was ever kept."    # the engine's words, and the checker's

# Names with a value, usable anywhere.
VALUES = {
    "players": T.list_of(T.PLAYER),
    "current": T.PLAYER,
    "player_count": T.INT,
    "turn_number": T.INT,
}

# Builtins that take a function as their last argument, and its position; those of grid spaces.
LAMBDA_ARG = {name: i for name, wants in ARG_TYPES.items() for i, want in enumerate(wants) if want in (FUNCTION, KEY)}
GRID_FUNCTIONS = {name for name, wants in ARG_TYPES.items() if wants and wants[0] == SPACE}


def result_type(name: str, args: list[str]) -> str:
    """The result type of a builtin call, given its argument types."""
    a0 = args[0] if args else T.ANY
    if name in ("count", "sum", "abs", "index_of", "match_length", "longest_path"):
        return T.INT
    if name in ("min", "max"):
        return T.INT
    if name in ("first", "last", "pick"):
        return T.elem(a0)
    if name in ("rest", "take", "drop", "reverse", "unique", "shuffled", "sort"):
        return a0
    if name == "flatten":
        return T.elem(a0) if T.elem(a0).startswith("list:") else T.list_of(T.ANY)
    if name in ("pairs", "combinations"):
        return T.list_of(T.list_of(T.elem(a0)))
    if name == "product":
        e1, e2 = T.elem(a0), T.elem(args[1] if len(args) > 1 else T.ANY)
        return T.list_of(T.list_of(e1 if e1 == e2 else T.ANY))
    if name == "range":
        return T.list_of(T.INT)
    if name in ("all", "any", "connected"):
        return T.BOOL
    if name == "join":
        return T.TEXT
    if name == "roll":
        return T.ANY   # refined by the checker from the die's faces
    if name in ("neighbours", "diagonals", "within", "reachable", "line_from"):
        return T.list_of(a0)
    if name == "step":
        return a0
    if name == "paths":
        return T.list_of(T.list_of(a0))
    if name == "next_player":
        return T.PLAYER
    if name == "players_from":
        return T.list_of(T.PLAYER)
    return T.ANY
