"""Errors the engine raises, each a full sentence for people, and `explain`, which says in words
about the rulebook what a Python error caused by a rulebook means.

`RuleError` is a mistake the rulebook makes while being played (it names the rulebook line);
`IllegalMove` is a choice that is not allowed now (it says why); `SaveError` is a saved game
that cannot be read; `GameError` ends a game at the command line (exit code 1). This module must
not import the rest of the engine.
"""
from __future__ import annotations

import os
import re
import stat


class RuleError(Exception):
    """The rulebook did something impossible during play."""
    called = False      # its message names the call of the rule it is in (`called_at`): named once

    def __init__(self, message: str, span=None):
        self.message = message
        self.span = None
        super().__init__(message)
        self.at(span)

    def at(self, span) -> "RuleError":
        """Name the rulebook line, unless a more precise one is already named."""
        if self.span is None and span is not None:
            self.span = span
            if getattr(span, "line", 0):
                if self.message.startswith(_NO_PLAYER):
                    self.message = _player_named(self.message, span)
                self.args = (f"{span}: {self.message}",)
        return self


def called_at(e: RuleError, code, span) -> RuleError:
    """`e`, raised inside a rule that the generated function `code` called at `span` (a rule run
    in place, `fusion.Generated`), saying so: a value out of its range or a none in a rule is
    often what the call passed (`advance(current, 0 - r)`). Only the nearest call is named; an
    error of a definition, or of the caller's own line, is left as it is. Error path only."""
    try:
        if isinstance(e, BudgetExceeded) or not getattr(e.span, "line", 0) or not getattr(span, "line", 0) \
                or (e.span.file, e.span.line) == (span.file, span.line) or e.called:
            return e
        tb, below = e.__traceback__, False
        while tb is not None:
            if below and tb.tb_frame.f_code.co_name == "_rule":
                e.message = f"{e.message} (It is in a rule called at {span.file}:{span.line}.)"
                e.args, e.called = (f"{e.span}: {e.message}",), True
                return e
            below = below or tb.tb_frame.f_code is code
            tb = tb.tb_next
    except Exception:        # the error path must never fail: the error as it was
        pass
    return e


# `Machine.seat`'s words for a none where a seat was wanted (`next_player(auctioneer)` before it is set)
_NO_PLAYER = "The player here is none (no player is named)"
# the built-in that asked for the seat, by the words `Machine.seat` was given (dsl.builtins.SEAT_WORDS)
_SEAT_CALLS = {"have a seat to its left": "next_player", "start an order of seats": "players_from"}


def _player_named(message: str, span) -> str:
    """`message` with the player it is about named as the rulebook's line (`span`) writes it,
    when the line seats one value only ("'auctioneer' is none here"); else as it is. The line is
    read from its file: this is the error path, and never fails."""
    text = _rules_lines(span)[-1:]
    if not text:
        return message
    text = text[0]
    called = next((f for words, f in _SEAT_CALLS.items() if message.endswith(f"nobody can {words}.")), None)
    if called is None:
        return message
    found = re.findall(rf"\b{called}\(\s*([A-Za-z_][\w.]*(?:\([^()]*\))?)\s*\)",
                       text.split("#", 1)[0] if '"' not in text else text)
    named = set(found)
    if len(named) != 1 or "none" in named:
        return message
    name = named.pop()
    return (f"'{name}' is none here (no player is named){message[len(_NO_PLAYER):]} Set '{name}' to a player "
            f"before this line, or check 'if {name} != none:' first.")


def _rules_lines(span) -> list:
    """The lines of the rulebook's file from its first to `span`'s line, the error path's words
    read from the text (which the compiled rules do not keep); [] when the file is not a regular
    file of at most 2,000,000 bytes (it may have changed or gone since it was loaded: never wait
    on a FIFO or read a device) or cannot be read. Never fails."""
    try:
        with open(span.file, "rb", opener=lambda path, flags: os.open(path, flags | os.O_NONBLOCK)) as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > 2_000_000:
                return []
            lines = f.read().decode("utf-8", "replace").split("\n")[:span.line]
            return lines if len(lines) == span.line else []
    except Exception:        # the error path must never fail
        return []


# Python errors that a rulebook's own mistake can cause while its rules run.
PY_ERRORS = (TypeError, IndexError, KeyError, AttributeError, ValueError)

# Everything below runs only once an error is caught: nothing here is on the hot path.

_KINDS = {"NoneType": "none", "int": "a number", "float": "a number", "str": "a text", "bool": "true or false",
          "list": "a list", "Hidden": "a list", "PartlyHidden": "a list", "tuple": "a list", "dict": "a table", "function": "a function",
          "builtin_function_or_method": "a function"}


def kind_words(python_name: str) -> str:
    """A Python type's name as the rulebook's kind of value: 'NoneType' -> "none"."""
    return _KINDS.get(python_name.strip("'\""), "a value of another kind")


def _value_words(v) -> str:
    return kind_words(type(v).__name__)


def explain(e: Exception, tb=None) -> str:
    """A Python error caused by a rulebook, in words about the rulebook, never Python's own: what
    the failing part of the generated code did (found from the traceback `tb`, if given), else
    what the error says, else a plain sentence. No line here: the caller names it."""
    words = None
    if tb is not None:
        try:
            words = _from_code(e, tb)
        except Exception:        # the error path must never fail: fall back to the message
            words = None
    return words or _from_message(e)


def _from_message(e: Exception) -> str:
    text = str(e)
    if isinstance(e, IndexError):
        if len(e.args) == 2 and type(e.args[0]) is int and type(e.args[1]) is int:      # `codegen.item_at`
            return no_item(e.args[0], e.args[1])
        if e.args and type(e.args[0]) is int:      # `codegen.counted_from_start`
            return (f"a list has no item at that position: it asks for item {e.args[0]}, "
                    "but items count from 0")
        return "a list has no item at that position"
    if isinstance(e, KeyError):
        if e.args and e.args[0] is None:
            return "a value it needs is none (a space, thing or player that is not there)"
        return "it looks up a value that has no entry"
    if isinstance(e, AttributeError):
        obj = getattr(e, "obj", None)
        if getattr(e, "name", None) == "replace" and type(obj) in (int, float, bool, list):
            return (f"it shows {_value_words(obj)} ({obj!r}) where one of an enum's values belongs "
                    "(is a table or data entry of the wrong kind?)")
        if obj is None:
            return "a value it needs is none"
        return f"a value is {_value_words(obj)}, which is not the kind of value it needs here"
    if isinstance(e, TypeError):
        for pattern, words in _TYPE_ERRORS:
            m = pattern.match(text)
            if m:
                return words(*m.groups())
        if "NoneType" in text:
            return "a value it needs is none"
        return "it was given a value of the wrong kind"
    return "it was given a value it cannot use"


def no_item(key: int, length: int, what: str = "") -> str:
    """Item `key` of a list of `length` items (`what`: "'lineup'", or "") is not there, in words."""
    of = f", {what}" if what else ""
    items = f"{length} item{'s' * (length != 1)}"
    if key < 0:
        return (f"a list has no item at that position: it asks for item {key} of a list of "
                f"{items}{of}, but items count from 0")
    last = f"the last is item {length - 1}" if length else "it is empty"
    return (f"a list has no item at that position: it asks for item {key} of a list of "
            f"{items}{of} (items count from 0, so {last})")


def _none_or(kind: str, if_none: str, otherwise: str) -> str:
    return if_none if kind == "NoneType" else otherwise


_UNARY = {"abs()": "abs()", "unary -": "'-'", "unary +": "'+'"}

# Python's TypeError texts a rulebook can cause, and the same in the rules' words.
_TYPE_ERRORS = [(re.compile(pattern), words) for pattern, words in [
    (r"unsupported operand type\(s\) for ([^:]+): '(\w+)' and '(\w+)'",
     lambda op, a, b: f"'{'/' if op == '//' else op}' cannot combine {kind_words(a)} and {kind_words(b)}"),
    (r"'(\S+)' not supported between instances of '(\w+)' and '(\w+)'",
     lambda op, a, b: f"'{op}' cannot compare {kind_words(a)} with {kind_words(b)}"),
    (r"bad operand type for (abs\(\)|unary -|unary \+): '(\w+)'",
     lambda op, a: f"{_UNARY[op]} needs a number, but was given {kind_words(a)}"),
    (r"can only concatenate (\w+) \(not \"(\w+)\"\) to (\w+)",
     lambda a, b, _: f"'+' cannot combine {kind_words(a)} and {kind_words(b)}"),
    (r"'(\w+)' object is not subscriptable",
     lambda a: _none_or(a, "it takes an item from a list that is none",
                        f"it takes an item from {kind_words(a)}, which is not a list")),
    (r"list indices must be integers or slices, not (\w+)",
     lambda a: _none_or(a, "a value it needs is none: the position of an item in a list is none, not a number",
                        f"a position in a list is {kind_words(a)}, not a number")),
    (r"object of type '(\w+)' has no len\(\)", lambda a: f"it counts the items of {kind_words(a)}, which is not a list"),
    (r"'(\w+)' object is not iterable", lambda a: f"it goes through {kind_words(a)} as if it were a list"),
    (r"argument of type '(\w+)' is not iterable",
     lambda a: _none_or(a, "it looks for a value in a list that is none", f"it looks for a value in {kind_words(a)}, "
                                                                           "which is not a list")),
    (r"'(\w+)' object cannot be interpreted as an integer",
     lambda a: f"it needs a whole number, but was given {kind_words(a)}"),
    (r"unhashable type: '(\w+)'", lambda a: f"it uses {kind_words(a)} where a single value is needed"),
]]


# ------------------------------------------------------------------ reading the generated code
# The generated functions (`codegen._compiled`) run in a namespace holding `__about__`: their
# source, and what the code's made names stand for. Once an error is caught, the instruction
# that failed is found in that source (Python's positions) and the values it used are read from
# the frame, without calling anything.

def generated_frames(tb) -> list:
    """(frame, last instruction) of each generated function the traceback passed, outermost first."""
    out = []
    while tb is not None:
        about = tb.tb_frame.f_globals.get("__about__")
        if about is not None:
            out.append((tb.tb_frame, tb.tb_lasti))
        tb = tb.tb_next
    return out


def innermost_definition(tb):
    """(where, span) of the innermost definition the error passed through ("the definition 'h'"),
    or None: a generated one knows it from its namespace, a closure from its own variables. An
    error in a `where` line's value is "the value of 'x' in the definition 'h'", at that line."""
    found = None
    while tb is not None:
        f = tb.tb_frame
        about = f.f_globals.get("__about__")
        if about is not None and about.get("origin") is not None:
            found = about["origin"]
            named = about.get("wheres", {}).get(tb.tb_lineno)
            if named is not None:        # a `where` line's value: named with its line
                found = (f"the value of '{named[0]}' in {found[0]}", named[1])
        elif f.f_code.co_name == "_definition_closure":
            found = (f.f_locals.get("where"), f.f_locals.get("span"))
        elif f.f_code.co_name == "_where_value" and found is not None:      # (compiler.ex_Where)
            found = (f"the value of '{f.f_locals.get('name')}' in {found[0]}", f.f_locals.get("span"))
        tb = tb.tb_next
    return found


def _segment(frame, lasti: int):
    """The source text of the instruction at `lasti` in a generated function, or None."""
    about = frame.f_globals["__about__"]
    source = about.get("source")
    if source is None:
        return None
    positions = list(frame.f_code.co_positions())
    k = lasti // 2
    if not 0 <= k < len(positions):
        return None
    line, end_line, col, end_col = positions[k]
    if line is None or line != end_line or col is None or end_col is None:
        return None
    lines = source.split("\n")
    if not 1 <= line <= len(lines):
        return None
    return lines[line - 1].encode()[col:end_col].decode(errors="replace")


class _Unknown(Exception):
    pass


def _peek(node, frame):
    """The value of a small expression of the generated source, read from the frame: names,
    literals, items of lists and tables, the machine's state and a whole-number sum. Anything
    else (above all, any call but `counted_from_start`) is _Unknown: nothing is run."""
    import ast
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in frame.f_locals:
            return frame.f_locals[node.id]
        if node.id in frame.f_globals:
            return frame.f_globals[node.id]
        raise _Unknown
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "m" \
            and node.attr in ("f", "g", "pl", "s", "player_count"):
        return getattr(_peek(node.value, frame), node.attr)
    if isinstance(node, ast.Subscript):
        container, key = _peek(node.value, frame), _peek(node.slice, frame)
        if isinstance(container, (list, tuple)) and type(key) is int and 0 <= key < len(container):
            return container[key]
        if isinstance(container, dict) and type(key) in (str, int) and key in container:
            return container[key]
        raise _Unknown
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        a, b = _peek(node.left, frame), _peek(node.right, frame)
        if type(a) is int and type(b) is int:
            return a + b if isinstance(node.op, ast.Add) else a - b
        raise _Unknown
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        a = _peek(node.operand, frame)
        if type(a) is int:
            return -a
        raise _Unknown
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1:
        fn = frame.f_globals.get(node.func.id)
        if getattr(fn, "__name__", "") == "counted_from_start":
            return _peek(node.args[0], frame)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 2 \
            and getattr(frame.f_globals.get(node.func.id), "__name__", "") == "item_at":
        container, key = _peek(node.args[0], frame), _peek(node.args[1], frame)
        if isinstance(container, list) and type(key) is int and 0 <= key < len(container):
            return container[key]
    if isinstance(node, ast.List) and len(node.elts) == 1 and isinstance(node.elts[0], ast.Starred) \
            and ast.unparse(node.elts[0].value) == "range(m.player_count)":     # the players
        return [*range(_peek(node.elts[0].value.args[0], frame))]
    raise _Unknown


def _known(node, frame):
    try:
        return True, _peek(node, frame)
    except (_Unknown, Exception):
        return False, None


def _what_list(node, about) -> str:
    """What the list `node` (of the generated source) is in the rules' words: "'lineup'", or ""."""
    import ast
    names = about.get("names") or {}
    # m.pl[p][slot]: a player's variable; m.g[slot]: a variable of the game
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        inner = node.value
        if isinstance(inner, ast.Subscript) and isinstance(inner.value, ast.Attribute) and inner.value.attr == "pl":
            return _named(names.get("players"), node.slice.value)
        if isinstance(inner, ast.Attribute) and inner.attr == "g":
            return _named(names.get("globals"), node.slice.value)
    field = _field_of(node, about)
    if field is not None:
        return f"'{field[1]}' of a {field[0]}"
    if isinstance(node, ast.List) and len(node.elts) == 1 and isinstance(node.elts[0], ast.Starred) \
            and ast.unparse(node.elts[0].value) == "range(m.player_count)":
        return "'players'"
    return ""


def written(span) -> str:
    """The rulebook's text of a node on one line (`span`), as written; "" when it spans lines or
    cannot be read. Error path only: never fails."""
    line, end = getattr(span, "line", 0), getattr(span, "end_line", 0)
    if not line or end != line:
        return ""
    text = _rules_lines(span)[-1:]
    return text[0][span.column - 1:span.end_column - 1].strip() if text else ""


def _named(table, slot) -> str:
    try:
        return f"'{table()[slot]}'"
    except Exception:
        return ""


def _field_of(node, about):
    """(kind, field) if `node` is the list of a field's values per thing (a local taken before a
    loop, or `m.fl[n]`, the field of number n), else None."""
    import ast
    if isinstance(node, ast.Name):
        return (about.get("fields") or {}).get(node.id)
    if (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
            and isinstance(node.value, ast.Attribute) and node.value.attr == "fl"):
        try:
            return (about.get("names") or {})["fields"]().get(node.slice.value)
        except Exception:        # the error path must never fail
            return None
    return None


def _from_code(e: Exception, tb):
    """Words for the failing instruction of the innermost generated function, or None."""
    import ast
    frames = generated_frames(tb)
    if not frames:
        return None
    frame, lasti = frames[-1]
    text = _segment(frame, lasti)
    if not text:
        return None
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        return None
    about = frame.f_globals["__about__"]
    if isinstance(node, ast.Subscript):
        ok_list, xs = _known(node.value, frame)
        ok_key, key = _known(node.slice, frame)
        what = _what_list(node.value, about)
        if isinstance(e, TypeError) and str(e).endswith("not NoneType"):     # the position is none
            ok_key, key = True, None
        if ok_key and key is None and isinstance(e, TypeError):
            field = _field_of(node.value, about)
            if field is not None:
                return f"a value it needs is none: it reads the field '{field[1]}' of a {field[0]} that is none"
            if isinstance(node.value, ast.Attribute) and node.value.attr == "pl":
                return "a value it needs is none: it reads a variable of a player who is nobody"
            return "a value it needs is none: a position in a list is none"
        if ok_list and xs is None and isinstance(e, TypeError):
            return "a value it needs is none: it takes an item from a list that is none"
        if isinstance(e, IndexError) and isinstance(node.value, ast.Attribute) and node.value.attr == "pl":
            who = f"Player {key + 1}" if ok_key and type(key) is int and key >= 0 else "a player"
            return (f"it reads a variable or zone of {who}, who does not play in this game (the data may name "
                    f"seats a game of fewer players has not)")
        if isinstance(e, IndexError) and ok_list and isinstance(xs, list) and ok_key and type(key) is int:
            return no_item(key, len(xs), what)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 2 \
            and getattr(frame.f_globals.get(node.func.id), "__name__", "") == "item_at":
        if isinstance(e, IndexError) and len(e.args) == 2:      # `codegen.item_at`: the list is its first value
            return no_item(e.args[0], e.args[1], _what_list(node.args[0], about))
        return None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "abs" and node.args:
        ok, v = _known(node.args[0], frame)
        if ok:
            return f"abs() needs a number, but was given {_value_words(v)}"
    return None


class ForcedMismatch(RuleError):
    """A scenario forced a random result the rules do not draw there (`Machine.next_forced`).
    `left` is how many forced results were waiting, the one that does not fit among them, so a
    scenario can tell the mistake at that result's own line; `thrown` the dice thrown before it
    since the last answer, (die, face) in order, so a setup that fails, whose state is lost, can
    still show a throw the rules made again."""
    left: int = 0
    thrown: tuple = ()

    def waiting(self, left: int, rolls=()) -> "ForcedMismatch":
        self.left = left
        self.thrown = tuple(zip(rolls[0::2], rolls[1::2]))
        return self


class BudgetExceeded(RuleError):
    """The rulebook ran too long or nested too deep without asking anyone anything."""


class StepsSpent(BudgetExceeded):
    """The step budget spent inside a fused run of statements (`fusion.loops_forever`): the machine
    adds how many turns went by without a decision. `placed` once told at the loop that kept
    repeating (`budgets.loop_forever`): the machine then names no other loop."""
    placed = False


class Runaway(BudgetExceeded):
    """The work budget spent (`budgets.runaway`). Where the work ran out is not always what kept
    running: `placed` is set once a loop that kept repeating, or the statement under way, is named."""
    placed = False


LOOP_BLAME = 1000     # statements run in one go, beyond which a loop around the line is blamed


def failed(e: Exception, tb, head: str, span, used_by: str) -> RuleError:
    """The RuleError for a Python error `e` (its traceback `tb`) caught while running something at
    `span`: "{head}: {words}." there, or, if it happened inside a definition on another line,
    at that definition's line, saying that `used_by` ("line 80 of the rule 'reveal'") used it."""
    words = explain(e, tb)
    try:
        origin = innermost_definition(tb)
    except Exception:
        origin = None
    line = getattr(origin[1], "line", 0) if origin is not None else 0
    if line and origin[0] and line != getattr(span, "line", 0):
        where, at = origin
        try:
            at = part_that_failed(tb, origin) or at
        except Exception:        # the error path must never fail: the definition's own line then
            pass
        return RuleError(f"{where[0].upper()}{where[1:]} cannot be worked out: {words}{_none_named(words, at)}. "
                         f"It was used by {used_by}.", at)
    try:
        part = failed_part(tb, span)
    except Exception:       # the error path must never fail: the statement's whole line then
        part = None
    return RuleError(f"{head}: {words}{_none_named(words, span, part)}.", span)


_NONE_FIELD = re.compile(r"it reads the field '(\w+)' of an? [\w ]+ that is none")


_NONE_SIDE = re.compile(r"'([-+*/%])' cannot combine (none|.+?) and (none|.+)$")
# a value as a line writes it: a name, a call of one level of parentheses, its fields; or a number
_OPERAND = r"(?:[A-Za-z_]\w*(?:\([^()]*\))?(?:\.[A-Za-z_]\w*)*|\d+)"


def _none_side(words: str, span) -> str:
    """For "'+' cannot combine none and a number": which written value was none, as
    " ('last(kept)' is none here)", when the rulebook's line (`span`) writes that operator once,
    between two plain values (a name, a call, a field); else "". Error path only: never fails."""
    m = _NONE_SIDE.search(words)
    if m is None or (m.group(2) == "none") == (m.group(3) == "none") or not getattr(span, "line", 0):
        return ""
    text = _rules_lines(span)[-1:]
    if not text:
        return ""
    op = re.escape(m.group(1))
    if len(re.findall(rf"(?<![-+*/%=<>!]){op}(?![-+*/%=])", re.sub(r"#.*$", "", text[0]) if '"' not in text[0] else text[0])) != 1:
        return ""
    pair = re.search(rf"({_OPERAND})\s*{op}\s*({_OPERAND})", text[0])
    if pair is None:
        return ""
    side = pair.group(1) if m.group(2) == "none" else pair.group(2)
    return f" ('{side}' is none here)" if not side.isdigit() else ""


def _none_named(words: str, span, part=None) -> str:
    """For "it reads the field 'bonus' of a space that is none": which written value was none, as
    " ('p.at' is none here)", when the rulebook's line (`span`) reads that field of one value
    only, or else the part of it whose instruction failed (`part`, a span on that line) does;
    else "" (or, for an operator given none, `_none_side`'s words). The line is read from its
    file: this is the error path, and never fails."""
    if _NONE_SIDE.search(words):
        return _none_side(words, span)
    m = _NONE_FIELD.search(words)
    nobody = "of a player who is nobody" in words
    if (m is None and not nobody) or not getattr(span, "line", 0):
        return ""
    text = _rules_lines(span)[-1:]
    if not text:
        return ""
    text = text[0].split("#", 1)[0] if '"' not in text[0] else text[0]
    field = m.group(1) if m is not None else r"[A-Za-z_]\w*"
    owner_of = re.compile(r"((?<![\w.])[A-Za-z_]\w*(?:\([^()]*\))?(?:\.[A-Za-z_]\w*)*)\." + field + r"\b")
    owners = set(owner_of.findall(text))
    if len(owners) > 1 and getattr(part, "line", 0) == span.line and getattr(part, "end_line", 0) == span.line:
        # two values' fields read on one line (`{v.name} ... {landing.name}`): the failed part's own
        owners = set(owner_of.findall(text[part.column - 1:part.end_column - 1]))
    if len(owners) != 1:
        return ""
    # a player's variable: named only when the line reads one value's fields or variables at all
    owner = owners.pop()
    return f" ('{owner}' is {'nobody' if m is None else 'none'} here{_set_above(owner, span)})"


def _set_above(name: str, span) -> str:
    """", as set at game.rules:45: 'up = first(block)'" when `name` is a local of the rule around
    `span` (or a field of one: `v.tile`) set by a plain `name = ...` on a line above it in that
    rule (the nearest such line), and no variable of the game has that name; ", as defined at
    game.rules:25: 'first(discard)'" when it is a definition of no parameters above `span`; else "".
    Error path only: never fails."""
    if not re.fullmatch(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*", name):
        return ""
    lines = _rules_lines(span)[:-1]
    if any(re.match(rf"\s*(?:player\s+)?var\s+{name}\s*:", x) for x in lines):
        return ""
    for i, text in enumerate(lines):     # a definition of no parameters (`define top: card = first(discard)`)
        found = re.match(rf"define\s+{re.escape(name)}\s*(?::[^=]*)?=\s*(.+?)\s*(?:#.*)?$", text)
        if found:
            return f", as defined at {span.file}:{i + 1}: '{found.group(1)}'"
    set_here = re.compile(rf"\s+{re.escape(name)}\s*=(?!=)\s*(.+?)\s*(?:#.*)?$")
    for i in range(len(lines) - 1, -1, -1):
        text = lines[i]
        if text.strip() and not text[:1].isspace() and not text.lstrip().startswith("#"):
            return ""        # the top of the rule or section: no such line in it
        found = set_here.match(text)
        if found:
            return f", as set at {span.file}:{i + 1}: '{name} = {found.group(1)}'"
    return ""


def packed_parts(spans: list) -> tuple:
    """`codegen.Source.spans` (text, span, index of its first part's entry) as one flat tuple of
    plain values: how many files, the files, then seven values an entry (its text, its file's
    index or -1 for no span, line, column, end line, end column, first part). One object of texts
    and numbers, which the collector stops walking after its first look, in place of the empty
    list a statement's function kept before: a list of spans each kept cost play 0.36%."""
    files, out = {}, []         # each file's index, in the order the entries first name it
    for text, sp, first in spans:
        if sp is None:
            out += (text, -1, 0, 0, 0, 0, first)
        else:
            k = files.get(sp.file)
            if k is None:
                k = files[sp.file] = len(files)
            out += (text, k, sp.line, sp.column, sp.end_line, sp.end_column, first)
    return (len(files), *files, *out)


def _unpacked(packed) -> list:
    """The entries `packed_parts` packed, as `part_that_failed` reads them; a list as it is."""
    if isinstance(packed, list):
        return packed
    from tabletop.dsl.diagnostics import Span
    files, n = packed[1:1 + packed[0]], packed[1 + packed[0]:]
    return [(n[k], None if n[k + 1] < 0 else Span(files[n[k + 1]], *n[k + 2:k + 6]), n[k + 6])
            for k in range(0, len(n), 7)]


def failed_part(tb, within):
    """The span of the part of the rulebook, inside the span `within` (a statement's), whose
    instruction failed in the innermost generated function the traceback passed, or None if it
    cannot be told for certain (as `part_that_failed` finds a definition's)."""
    frames = generated_frames(tb)
    if not frames:
        return None
    frame, lasti = frames[-1]
    about = frame.f_globals["__about__"]
    source, entries = about.get("source"), _unpacked(about.get("spans") or [])
    place = _instruction_place(frame, lasti, source)
    if place is None or not entries:
        return None
    return _part_at(source.encode(), entries, place, within)


def part_that_failed(tb, origin):
    """The span of the part of definition `origin` (or of its `where` line) whose instruction
    failed, or None if it cannot be told for certain. The generated function keeps, for each node
    it wrote, its text, its span and which entries are its parts (`codegen.Source.write`); the
    texts are placed in the function's source, each part inside its whole, and the failed
    instruction's place in the source (Python's positions) is looked up among them. So the same
    text written for two parts (`c.rank` on two lines of a definition) names the one that failed."""
    for frame, lasti in reversed(generated_frames(tb)):
        about = frame.f_globals["__about__"]
        own = about.get("origin")
        if own is None or not (own is origin or any(sp is origin[1] for _, sp in (about.get("wheres") or {}).values())):
            continue
        source, entries = about.get("source"), about.get("spans") or []
        place = _instruction_place(frame, lasti, source)
        if place is None or not entries:
            return None
        return _part_at(source.encode(), entries, place, origin[1])
    return None


def _instruction_place(frame, lasti: int, source):
    """(start, end): the bytes of the generated `source` the instruction at `lasti` was written as."""
    positions = list(frame.f_code.co_positions())
    k = lasti // 2
    if source is None or not 0 <= k < len(positions):
        return None
    line, end_line, col, end_col = positions[k]
    if None in (line, end_line, col, end_col):
        return None
    starts = [0]
    for text in source.encode().split(b"\n"):
        starts.append(starts[-1] + len(text) + 1)
    if not (1 <= line <= end_line < len(starts)):
        return None
    return starts[line - 1] + col, starts[end_line - 1] + end_col


_WORD = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


def _occurrences(source: bytes, text: bytes, lo: int, hi: int):
    """Where `text` stands whole in `source[lo:hi]`: not part of a longer name or number."""
    at = source.find(text, lo, hi)
    while at >= 0:
        before = source[at - 1] if at > 0 else 0
        after = source[at + len(text)] if at + len(text) < len(source) else 0
        if not (text[0] in _WORD and before in _WORD) and not (text[-1] in _WORD and after in _WORD):
            yield at
        at = source.find(text, at + 1, hi)


def _parts(entries: list, j: int, first: int) -> list:
    """The parts of entry j (with `first` 0 and j the number of entries: the roots), in written order."""
    out, c = [], j - 1
    while c >= first:
        out.append(c)
        c = entries[c][2] - 1
    return out[::-1]


def placed(source: bytes, entries: list) -> list:
    """Where each entry's text (`codegen.Source.spans`: text, span, index of its first part's
    entry) stands in the generated `source`, in bytes, or None where that is not certain."""
    texts = [t.encode() for t, _, _ in entries]
    at: list = [None] * len(entries)

    def parts(j: int, first: int) -> list:
        return _parts(entries, j, first)

    missing: list = []

    def put(j: int, start: int) -> None:
        # Each part in order, inside its whole, after the part before it: a method writes each part
        # once, in the order it wrote them. One not found there (written into lines of their own,
        # as a list worked out before a loop) is placed below, if its text stands once elsewhere.
        at[j] = start
        cursor, end = start, start + len(texts[j])
        for c in parts(j, entries[j][2]):
            found = next(_occurrences(source, texts[c], cursor, end), None)
            if found is None:
                missing.append(c)
            else:
                put(c, found)
                cursor = found + len(texts[c])

    # The roots are the `where` values, in order, then the value, which is returned on the last
    # line it can stand on (the lines before it may hold its text: `_ys`, a loop's list).
    cursor, roots = 0, parts(len(entries), 0)
    for r in roots:
        found = next(_occurrences(source, texts[r], cursor, len(source)), None)
        if r == roots[-1]:
            found = ([*_occurrences(source, texts[r], cursor, len(source))] or [None])[-1]
        if found is None:
            missing.append(r)
        else:
            put(r, found)
            cursor = found + len(texts[r])
    # A part not found inside its whole is placed where its text stands once, apart from the
    # places of the parts already placed (a condition's read, also written in the loop's body).
    while missing:
        taken = {(a, len(texts[j])) for j, a in enumerate(at) if a is not None}
        trying, missing, left = missing, [], []      # (`put` adds the parts of one placed here to `missing`)
        for c in trying:
            found = [a for a in _occurrences(source, texts[c], 0, len(source)) if (a, len(texts[c])) not in taken]
            if len(found) == 1:
                put(c, found[0])
                taken.add((found[0], len(texts[c])))
            else:
                left.append(c)
        if len(left) == len(trying) and not missing:
            break
        missing += left
    return at


def _part_at(source: bytes, entries: list, place: tuple, within):
    """The span of the innermost node of `entries` whose text, placed in `source` (`placed`),
    holds the bytes `place`, and which lies inside the span `within`."""
    texts = [t.encode() for t, _, _ in entries]
    at = placed(source, entries)
    start, end = place
    held = [j for j in range(len(entries)) if at[j] is not None and at[j] <= start and end <= at[j] + len(texts[j])]
    if not held:
        return None
    j = min(held, key=lambda j: (len(texts[j]), j))
    first, last, file = getattr(within, "line", 0), getattr(within, "end_line", 0), getattr(within, "file", None)
    while True:
        span = entries[j][1]
        # A part written in place of a call of another definition (inlining.py) stands elsewhere
        # in the rulebook: the call around it is named instead.
        if getattr(span, "file", None) == file and first <= getattr(span, "line", 0) <= last:
            break
        j = next((k for k in range(j + 1, len(entries)) if entries[k][2] <= j), None)
        if j is None:
            return None
    # A part not placed may hold the instruction: only a part on one line is sure to name its line.
    if any(at[c] is None for c in _parts(entries, j, entries[j][2])) and getattr(span, "end_line", 0) not in (0, span.line):
        return None
    return span


def line_words(span) -> str:
    """"line 80", or "this line" when the span has none."""
    line = getattr(span, "line", 0)
    return f"line {line}" if line else "this line"


class IllegalMove(Exception):
    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


class SaveError(Exception):
    pass


class GameError(Exception):
    """The game cannot go on (a bad save, a bad moves file, an engine failure); exit code 1."""
