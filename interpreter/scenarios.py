"""Scenarios: a rulebook's tests written as YAML cases, read, checked, run and reported.

A scenario file (`schemas/scenario.schema.json`, explained in docs/scenarios.md) holds cases.
Each case starts a game (players, seed, options, variant; the setup's random results may be
forced), may set a position, and runs steps: `set` a position, `force` the next random results,
`move` (or `moves`) by label, and `expect` values, options, log lines and the result (with
`when said`, as they were when the rules said a line during the last move). A case stops at its
first failing step; every failure is located at its line of the file and says what was expected
and what happened; a warning (T040) is told beside them and fails no case.

`find_files` finds the scenario files of a path (a rulebook folder's `scenarios/` folder, a
folder of scenario files, or one file); `run_files` runs them into a `Report`. This module uses
only the engine's public API (`interpreter.api`) and the state's data as saved games hold it
(`when said` hears each line as the rules append it to the data's log, and keeps a copy of the
data then, never changing what the rules do); it must not print or read the terminal (the
command line does) and must not know any game.
"""
from __future__ import annotations

import copy
import dataclasses
import json
import marshal
import os
import re
import stat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import jsonschema
import yaml

from tabletop import data_dir
from tabletop.dsl.quick_schema import surely_fits
from tabletop.dsl.diagnostics import Diagnostic, RulebookError, Sources, Span, did_you_mean, ECHO_WIDTH, echo, ended
from tabletop.dsl.loader import (comment_hint, comment_words, flow_comment, flow_question, question_hint,
                                 question_words, resolve_game_path, strict_validator,
                                 yaml_character_problem, yaml_shape_problem, yaml_words, indent_hint, colon_slip, colon_in_text,
                                 colon_in_text_words, colon_in_text_hint,
                                 alias_hint, alias_name, find_rulebook, variant_files)

from .view import Hidden, PartlyHidden
from . import api, position
from . import words as W
from .errors import ForcedMismatch
from .machine import LOG_KEEP

SCHEMA_PATH = data_dir("schemas") / "scenario.schema.json"
MAX_FILE_BYTES = 2_000_000
MAX_DEPTH = 30          # lists and mappings inside one another: a case's deepest checks are about 10 deep
SUFFIXES = (".yaml", ".yml")
# Expectation keys that are not the game's own names.
RESERVED = ("options", "offered", "not offered", "log", "said", "over", "winners", "scores", "reason", "prompt",
            "deciding", "rolled", "current", "turn_number")
# The subjects of expectations that are said in the plural.
_PLURAL = frozenset({"The options", "The scores", "The winners", "The dice rolled since the last move"})
OPERATORS = ("count", "has", "lacks", "starts", "at least", "at most")
_CALL = re.compile(r"^(\w+)\((.*)\)$")
# `seen by Player 2: {...}`: the checks inside read the state as that seat's view shows it.
_SEEN = re.compile(r"^seen by\s+(.+)$", re.IGNORECASE)
_SPECTATOR = ("a spectator", "spectator")
# What `seen by Player 2` checks of the pending decision: what it asks that seat.
_ASKED = ("options", "offered", "not offered", "prompt")
# Expectations of the game's course that a move still under way has not reached yet, as a game
# value has not: the end and its result, whose turn it is, how many turns have begun.
_REACHED = ("over", "winners", "scores", "reason", "current", "turn_number")
_INDEXED = re.compile(r"^(\w+)\[(\d{1,9})\]$")

# Failure codes: what went wrong, as `tabletop test` reports it (docs/scenarios.md lists them).
CODES = {
    "T001": "the scenario file cannot be read",
    "T002": "the scenario file does not follow the scenario format",
    "T003": "the case's rulebook cannot be loaded",
    "T010": "a position cannot be set",
    "T011": "a forced random result is impossible or does not fit the rules' draw",
    "T012": "a forced random result was never used",
    "T020": "a move cannot be made",
    "T021": "the rules failed while playing",
    "T030": "an expectation does not hold",
    "T040": "a move's reaction time is over two minutes: times are in seconds (a warning)",
}
# A move's `time` beyond this many seconds was most likely meant in milliseconds (`time: 400`).
SLOW_TIME = 120


# ---------------------------------------------------------------------------- results
@dataclass
class Failure:
    code: str
    message: str
    file: str
    line: int
    column: int = 1
    case: str = ""
    expected: str = ""
    got: str = ""
    hint: str = ""
    file_mistake: bool = False      # the file's mistake, not the game's: no dice the seed rolled explain it
    severity: str = "error"         # "warning": told, but the case still passes (T040)

    def diagnostic(self) -> Diagnostic:
        return Diagnostic(self.code, self.message, Span(self.file, self.line, self.column), self.hint, self.severity)

    def to_json(self) -> dict:
        return {**self.diagnostic().to_json(), "case": self.case, "expected": self.expected, "got": self.got}


@dataclass
class CaseResult:
    file: str
    line: int
    name: str
    failures: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


@dataclass
class Report:
    cases: list = field(default_factory=list)         # CaseResult, in file order
    errors: list = field(default_factory=list)        # Failures of whole files (unreadable, malformed)
    warnings: list = field(default_factory=list)      # Failures of severity "warning": no case fails by them
    files: list = field(default_factory=list)         # [path, cases, failed]
    sources: Sources = field(default_factory=Sources)

    @property
    def ok(self) -> bool:
        """Whether cases ran and every one passed: a run of none checked nothing."""
        return not self.errors and bool(self.cases) and all(c.ok for c in self.cases)

    @property
    def failures(self) -> list:
        return self.errors + [f for c in self.cases for f in c.failures]

    def to_json(self) -> dict:
        out = {
            "ok": self.ok,
            "files": [{"path": p, "cases": n, "passed": n - bad, "failed": bad} for p, n, bad in self.files],
            "cases": [{"file": c.file, "line": c.line, "name": c.name, "ok": c.ok} for c in self.cases],
            "failures": [f.to_json() for f in self.failures],
        }
        if self.warnings:       # only when there are some: a report without keeps its old shape
            out["warnings"] = [f.to_json() for f in self.warnings]
        return out


class _Stop(Exception):
    """A case stops at its first failing step."""

    def __init__(self, *failures: Failure):
        self.failures = list(failures)


# ---------------------------------------------------------------------------- reading YAML with lines
class LDict(dict):
    """A mapping read from YAML that remembers where each key was written, and which of its keys
    were written as nothing (`~: 3`, `null: 3`), which name nothing (`empty`)."""
    where: tuple = (1, 1)
    lines: dict
    empty: tuple = ()


class LList(list):
    where: tuple = (1, 1)
    lines: list


class _Loader(yaml.SafeLoader):
    """The safe loader, remembering lines; only true and false are truths (a label "No" stays a text)."""


class _Unlike(Exception):
    """What libyaml's parser would place elsewhere than PyYAML's: `_load` reads the file with PyYAML."""


class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """The same loader over libyaml's parser, when PyYAML has it: it reads a file several times
    faster. Only a file it reads without error is taken from it; any other file is read again by
    `_Loader`, so that every error, its words and its line are PyYAML's own."""

    def construct_scalar(self, node):
        # A value left out (`{row: , col: 2}`, or a `?` with nothing after it) is an empty text
        # the two parsers may place a column or a line apart.
        if node.value == "" and not node.style:
            raise _Unlike
        return super().construct_scalar(node)

    def construct_object(self, node, deep=False):
        # Inside [ ] or { }, a '?' ends a text for PyYAML (`[What? They Float!]`, which the file
        # is told of), never for libyaml.
        if getattr(node, "flow_style", False):
            inside = node.value if isinstance(node, yaml.SequenceNode) else [n for pair in node.value for n in pair]
            if any(isinstance(n, yaml.ScalarNode) and not n.style and "?" in n.value for n in inside):
                raise _Unlike
        return super().construct_object(node, deep)


_LOADERS = (_Loader, _FastLoader)

for _cls in _LOADERS:
    _cls.yaml_implicit_resolvers = {
        k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
        for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}
    _cls.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                               list("tTfF"))


def _mark(node) -> tuple:
    return node.start_mark.line + 1, node.start_mark.column + 1


class DuplicateKey(yaml.MarkedYAMLError):
    pass


class LongNumber(yaml.MarkedYAMLError):
    """A whole number of more digits than a scenario's values can have (Python would not even
    turn one of 4,300 into text)."""


MAX_YAML_DIGITS = 100       # a scenario value's digits (a seed has at most 19; the rules' numbers 15)


def _int(loader, node):
    digits = sum(ch.isdigit() for ch in node.value)
    if digits > MAX_YAML_DIGITS:
        raise LongNumber(None, None, f"This number has {digits:,} digits; a scenario's numbers have at most "
                                     f"{MAX_YAML_DIGITS} (a seed at most 19).", node.start_mark)
    return loader.construct_yaml_int(node)


def _key_words(key) -> str:
    """A key YAML read as a value other than a text, as the file wrote it: true, 5; none as '~'."""
    return "~" if key is None else W.written(key)


def _mapping(loader, node):
    written = set()
    for key_node, _ in node.value:        # a key written twice is a mistake; one merged in (<<) is not
        if not isinstance(key_node, yaml.ScalarNode):     # `? [a, b]`: a list (or mapping) as a key
            what = "list" if isinstance(key_node, yaml.SequenceNode) else "mapping"
            raise yaml.constructor.ConstructorError(None, None, f"a key is a {what}, where a scenario's keys are "
                                                                "names", key_node.start_mark)
        if key_node.tag != "tag:yaml.org,2002:merge":
            if key_node.value in written:
                raise DuplicateKey(None, None, f"the key '{key_node.value}' is given twice", key_node.start_mark)
            written.add(key_node.value)
    loader.flatten_mapping(node)
    out = LDict()
    out.where, out.lines, out.values = _mark(node), {}, {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key is None:
            out.empty += ("~",)
        key = key if isinstance(key, str) else _key_words(key)
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = _mark(key_node)
        out.values[key] = _mark(value_node)
    return out


def _sequence(loader, node):
    out = LList(loader.construct_object(child, deep=True) for child in node.value)
    out.where, out.lines = _mark(node), [_mark(child) for child in node.value]
    return out


for _cls in _LOADERS:
    _cls.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
    _cls.add_constructor("tag:yaml.org,2002:int", _int)
    _cls.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def _load(text: str):
    """The scenario file's YAML, read by libyaml when it can; raises the pure-Python loader's error."""
    # A tab is where the two differ: libyaml takes one inside a plain text, PyYAML refuses it.
    if getattr(yaml, "__with_libyaml__", False) and "\t" not in text:
        try:
            return yaml.load(text, Loader=_FastLoader)  # noqa: S506 -- a CSafeLoader subclass
        except Exception:   # noqa: BLE001 -- any failure: the pure-Python loader says what it says of it
            pass
    return yaml.load(text, Loader=_Loader)   # noqa: S506 -- a SafeLoader subclass


def where_key(mapping, key) -> tuple:
    return getattr(mapping, "lines", {}).get(key, getattr(mapping, "where", (1, 1)))


def where_value(mapping, key) -> tuple:
    """Where the value of `key` is written (`game: nosuch`: at nosuch)."""
    return getattr(mapping, "values", {}).get(key) or where_key(mapping, key)


def where_item(items, i) -> tuple:
    lines = getattr(items, "lines", [])
    return lines[i] if i < len(lines) else getattr(items, "where", (1, 1))


def _locate(doc, path) -> tuple:
    """The line and column of the value at a JSON Schema error's path."""
    at, node = getattr(doc, "where", (1, 1)), doc
    for part in path:
        if isinstance(node, dict) and part in node:
            at, node = where_key(node, part), node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            at, node = where_item(node, part), node[part]
        else:
            break
    return at


@lru_cache(maxsize=1)
def _validator():
    return strict_validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


_TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "a text", "array": "a list",
               "object": "a mapping (KEY: VALUE)", "boolean": "true or false", "null": "none"}
_NEEDS = {"cases": "a scenario file needs at least one case", "steps": "a case needs at least one step",
          "moves": "list at least one move", "expect": "name at least one value to check",
          "name": "a case needs a name", "game": "name the rulebook, or leave 'game' out",
          "force": "name at least one result to force", "force setup": "name at least one result to force, or leave "
                                                                       "'force setup' out"}


def _place(path: list) -> str:
    """Where in a scenario file a JSON Schema error's path is, in words: "step 2 of case 1"."""
    words, case, step = [], None, None
    for i, part in enumerate(path):
        before = path[i - 1] if i else None
        if before == "cases" and isinstance(part, int):
            case = f"case {part + 1}"
        elif before == "steps" and isinstance(part, int):
            step = f"step {part + 1}"
        elif before in ("force", "force setup") and isinstance(part, int):
            words.append(f"forced result {part + 1}")
        elif before == "moves" and isinstance(part, int):
            words.append(f"move {part + 1}")
        elif before == "options" and isinstance(part, str):
            words = [f"the option {_q(part)}"]
        elif before == "rest" and isinstance(part, str):
            words = [f"the rest zone of {_q(part)}"]
        elif isinstance(part, str) and part not in ("cases", "steps") or \
                isinstance(part, str) and i == len(path) - 1:
            words = [_q(part)]
    owner = " of ".join(x for x in (step, case) if x)
    if words and owner:
        return f"{words[-1]} of {owner}"
    return (words[-1] if words else owner) or "the scenario file"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _value_words(v) -> str:
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    return W.quote(v)


def _missing_key(error) -> str:
    return next((k for k in error.validator_value if isinstance(error.instance, dict) and k not in error.instance),
                str(error.validator_value[0]))


def _misspelt(error):
    """For a missing required key, (the key written instead, the hint), when one is close to it."""
    if error.validator != "required" or not isinstance(error.instance, dict):
        return None
    missing = _missing_key(error)
    for key in error.instance:
        if str(key) not in error.schema.get("properties", {}) and did_you_mean(str(key), [missing]):
            return key, f"did you mean '{missing}' for {_q(key)}?"
    return None


def _indented_under(error):
    """For a missing required key, (the key, the key missing) when a mapping under one of the
    mapping's own keys holds it: written indented too far, under the key above it."""
    if error.validator != "required" or not isinstance(error.instance, dict):
        return None
    missing = _missing_key(error)
    return next(((key, missing) for key, value in error.instance.items()
                 if isinstance(value, dict) and missing in value), None)


def _path_end(error):
    path = list(error.absolute_path)
    return path[-1] if path else None


def _extra_step_keys(step: dict) -> list:
    """The keys of a step that its one action cannot have (`time` beside `moves`)."""
    actions = [k for k in ("set", "force", "move", "moves", "expect") if k in step]
    if len(actions) != 1:
        return []
    allowed = {"set": ("rest", "restart turn"), "move": ("by", "time"), "moves": ("by",),
               "expect": ("when said",)}.get(actions[0], ())
    return [k for k in ("rest", "restart turn", "by", "time", "when said") if k in step and k not in allowed]


def _schema_message(error) -> str:
    """A JSON Schema error about a scenario file, in words: never the schema's own ("is not of type")."""
    place = _place(list(error.absolute_path))
    v = error.validator
    if v == "oneOf" and isinstance(error.instance, dict):
        actions = [k for k in ("set", "force", "move", "moves", "expect") if k in error.instance]
        if not actions:
            return f"{_cap(place)} does none of set, force, move, moves or expect, and a step does one of them"
        if len(actions) > 1:
            return f"{_cap(place)}: a step does one thing, and this one has {' and '.join(actions)}; split it into steps"
        extra = _extra_step_keys(error.instance)
        return f"{_cap(place)}: a '{actions[0]}' step cannot have {', '.join(extra) or 'these keys'}"
    if v == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(error.schema.get("properties", {}))
        unknown = [k for k in error.instance if k not in allowed]
        if unknown:
            hint = did_you_mean(str(unknown[0]), allowed)
            if unknown[0] in ("game", "common") and "cases" not in allowed:
                # a file plays one rulebook: `game:` is written once, at its top, like `common:`
                hint = f"'{unknown[0]}:' is written once, at the top of the file, for every case in it"
            return (f"{_q(unknown[0])} is not a key of {place} (the keys are {', '.join(allowed)})"
                    + (f"; {hint}" if hint else ""))
    if v == "required":
        missing = _missing_key(error)
        what = f"'{missing}:' list" if missing in ("cases", "steps") else f"'{missing}:'"
        misspelt = _misspelt(error)
        return f"{_cap(place)} has no {what}" + (f"; {misspelt[1]}" if misspelt else
                                                  f" ({_NEEDS[missing]})" if missing in _NEEDS else "")
    if v == "type":
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        kinds = " or ".join(_TYPE_WORDS.get(t, t) for t in wanted)
        if _path_end(error) == "by" and type(error.instance) is int:
            # `by: 2`: a seat is named in the game's words, as the moves and the log name it
            return (f"{_cap(place)} should be {kinds}, not {_value_words(error.instance)}; a player is written "
                    f"as the game names them: by: Player {error.instance}")
        return f"{_cap(place)} should be {kinds}, not {_value_words(error.instance)}"
    if v in ("minItems", "minProperties", "minLength"):
        key = next((p for p in reversed(list(error.absolute_path)) if isinstance(p, str)), "")
        return f"{_cap(place)} is empty" + (f": {_NEEDS[key]}" if key in _NEEDS and place == f"'{key}'" or
                                            key in _NEEDS and place.startswith(f"'{key}'") else "")
    if _path_end(error) == "seed" and v in ("minimum", "maximum"):       # as the command line and saves say it
        return f"{_cap(place)} should be a whole number from -2**63 to 2**63 - 1, not {_value_words(error.instance)}"
    if v in ("minimum", "exclusiveMinimum"):
        return f"{_cap(place)} should be at least {error.validator_value}, not {_value_words(error.instance)}"
    if v in ("anyOf", "maxProperties") and "forced result" in place:
        return (f"{_cap(place)} should be a die's face, or one of {{DIE: face}}, {{pick: item}} and "
                f"{{shuffle: [items first]}}, not {_value_words(error.instance)}")
    return f"{_cap(place)} does not fit the scenario format (docs/scenarios.md explains each key)"


def _schema_hint(error) -> str:
    """What to write for a value of the wrong type where the fix is plain from the key alone ('' if
    it is not): a step's `time`, a case's `players` and `seed`."""
    if error.validator != "type":
        return ""
    end = _path_end(error)
    wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
    if "array" in wanted and isinstance(end, str) and not isinstance(error.instance, (list, dict)):
        # `moves: Bid 7`, `force setup: 2`: one item where a list goes
        return f"write it as a list, in brackets: {end}: [{error.instance}]"
    if end == "time":
        return "a reaction time is a number of seconds, such as time: 0.4"
    if end == "players":
        return "write how many play as a whole number, such as players: 3"
    if end == "seed":
        return "write the seed as a whole number, such as seed: 7"
    return ""


def read_file(path: Path, name: str, sources: Sources):
    """The scenario file's data, or a Failure saying why it cannot be used."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):     # a FIFO would never end, a device never stop
            what = "a FIFO" if stat.S_ISFIFO(info.st_mode) else "a device" if stat.S_ISCHR(info.st_mode) \
                or stat.S_ISBLK(info.st_mode) else "not a regular file"
            return Failure("T001", f"The scenario file cannot be read: it is {what}.", name, 0)
        if info.st_size > MAX_FILE_BYTES:       # placed at the line where the limit is passed
            with path.open("rb") as f:
                line = f.read(MAX_FILE_BYTES).count(b"\n") + 1
            return Failure("T001", f"The scenario file is larger than {MAX_FILE_BYTES:,} bytes: it passes them at "
                                   f"line {line:,}.", name, line)
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) else "it is not UTF-8 text"
        return Failure("T001", f"The scenario file cannot be read: {reason}.", name, 0)
    sources.texts[name] = text
    # Refused before it is built, as a data file is (E026): a file nesting hundreds of lists deep
    # would exhaust Python's recursion, and aliases of aliases (*a of *b ...) its memory and time.
    shape = yaml_shape_problem(text, "scenario file", MAX_DEPTH, "; a case's steps and checks are a few levels deep")
    if shape is not None:
        return Failure("T001", shape[0], name, shape[1], shape[2])
    try:
        doc = _load(text)
    except DuplicateKey as e:
        mark = e.problem_mark
        return Failure("T001", f"The scenario file is not valid YAML: {e.problem}.", name, mark.line + 1,
                       mark.column + 1, hint="give each key once")
    except LongNumber as e:
        mark = e.problem_mark
        return Failure("T002", e.problem, name, mark.line + 1, mark.column + 1)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        comment = flow_comment(text, line, col) if mark else None
        if comment is not None:     # `hand: [Chocolate #3]`: the '#' began a comment
            words = comment_words(comment)
            return Failure("T001", f"The scenario file is not valid YAML: {words[:1].lower()}{words[1:]}", name,
                           comment[0], comment[1], hint=comment_hint(comment))
        question = flow_question(text, line, col, e.problem) if mark else None
        if question is not None:    # `hand: [What? They Float!]`: the '?' ended the text
            words = question_words(question)
            return Failure("T001", f"The scenario file is not valid YAML: {words[:1].lower()}{words[1:]}", name,
                           question[0], question[1], hint=question_hint(question))
        hint = ""
        source = sources.line(name, line) or ""
        if 0 < col <= len(source) and source[col - 1] == "[" and re.match(r"\w", source[col - 2:col - 1] or " "):
            hint = 'inside { }, write a numbered zone in quotes: {"discard[0]": [...]}'
        opened = e.context_mark
        braced = re.search(r"\w[^,\[\]{}]*?\s*\{[^{}]*\}", source[opened.column:]) \
            if opened is not None and opened.line + 1 == line and "flow" in str(e.context or "") else None
        if not hint and braced:
            # `options: [Move {r}, Rest]`: a label copied from the rules, its braces read as a YAML mapping
            written = braced.group(0).strip()
            hint = (f"a '{{' inside [ ] starts a YAML mapping: a label or name is written as the game shows it, with "
                    f"its values filled in (what the game shows for \"{written}\"); a text that holds braces goes in "
                    f"quotes, \"{written}\"")
        if not hint and opened is not None and "flow" in str(e.context or "") and \
                str(e.problem or "").startswith("expected ','"):
            ch = "{" if "mapping" in str(e.context) else "["
            close = "}" if ch == "{" else "]"
            hint = (f"the '{ch}' at line {opened.line + 1}, column {opened.column + 1} is never closed with "
                    f"'{close}', or two of its items lack a ',' between them")
        alias = alias_name(text, e.problem, line, col)
        problem = f"found undefined alias '{alias}'" if alias else e.problem or e.context
        slip = colon_slip(text, line, problem)
        if slip is not None:
            return Failure("T001", f"The scenario file is not valid YAML: {slip[1][:1].lower()}{slip[1][1:]}",
                           name, slip[0], slip[2], hint=slip[3])
        inner = colon_in_text(source, col, problem)
        if inner is not None:       # `- name: Ties at 300: the volcano wins`: a second ': ' in the text
            return Failure("T001", f"The scenario file is not valid YAML: {colon_in_text_words(inner)}", name, line,
                           col, hint=colon_in_text_hint(inner))
        return Failure("T001", f"The scenario file is not valid YAML: {yaml_words(problem)}.",
                       name, line, col, hint=hint or alias_hint(text, alias)
                       or (indent_hint(text, line) if "indent" in yaml_words(problem) else ""))
    except yaml.YAMLError as e:
        odd = yaml_character_problem(text, e)      # a NUL: PyYAML gives only an offset, and its own words
        if odd is not None:
            return Failure("T001", f"The scenario file is not valid YAML: {odd[0]}.", name, odd[1], odd[2],
                           hint="remove it: a scenario file is text, and a NUL or other control character is no "
                                "part of text")
        return Failure("T001", f"The scenario file is not valid YAML: {yaml_words(getattr(e, 'problem', e))}.",
                       name, 0)
    if not isinstance(doc, dict):
        return Failure("T002", "A scenario file is a mapping with a 'cases' list.", name, 1,
                       hint="start the file with a line 'cases:', and the cases under it, each '  - name: ...'"
                       if isinstance(doc, list) else "")
    empty = _empty_key(doc, [])
    if empty is not None:
        path, mapping = empty
        return Failure("T002", f"{_cap(_place(path))} has a key written as nothing ('~', or nothing before the "
                               "':'), which names nothing.", name, *where_key(mapping, "~"),
                       hint="write the name of what is set or checked before the ':'")
    validator = _validator()
    # jsonschema is asked only of a file the quick check cannot vouch for, and writes its message
    errors = [] if surely_fits(doc, validator.schema) else list(validator.iter_errors(doc))
    # A required key missing because it is misspelt ('case:' for 'cases:') is told at the misspelt key.
    error = next((e for e in errors if _misspelt(e)), None) or jsonschema.exceptions.best_match(errors)
    if error is not None:
        path = list(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            path += [k for k in error.instance if k not in error.schema.get("properties", {})][:1]
        elif _misspelt(error):
            path.append(_misspelt(error)[0])
        elif error.validator == "oneOf" and isinstance(error.instance, dict):
            path += _extra_step_keys(error.instance)[:1]      # told at the key the step cannot have
        nested = _indented_under(error)
        if nested is not None and not _misspelt(error):     # 'steps:' indented under the case's 'set:'
            owner, missing = nested
            line, col = _locate(doc, path + [owner, missing])
            return Failure("T002", f"{_schema_message(error)}: the '{missing}:' at this line is indented under "
                                   f"{_q(owner)}, so it is read as a part of {_q(owner)}.", name, line, col,
                           hint=f"write '{missing}:' as far left as {_q(owner)}")
        line, col = _locate(doc, path)
        message = _schema_message(error)
        return Failure("T002", message if message.endswith("?") else message + ".", name, line, col,
                       hint=_schema_hint(error))
    return doc


def _empty_key(node, path: list):
    """(the path, the mapping) of the first mapping holding a key written as nothing, outside
    `common` (which only anchors what the cases share); else None."""
    if isinstance(node, dict):
        if getattr(node, "empty", ()):
            return path, node
        for key, value in node.items():
            if not (key == "common" and not path):
                found = _empty_key(value, path + [key])
                if found is not None:
                    return found
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found = _empty_key(value, path + [i])
            if found is not None:
                return found
    return None


# ---------------------------------------------------------------------------- finding files
def find_files(path: str) -> list[Path]:
    """Scenario files of a rulebook folder (its scenarios/ folder) or of one of its .rules files, a
    folder of them, or one file.
    Raises FileNotFoundError when the path does not exist."""
    p = Path(path)
    if os.path.lexists(p) and not p.exists():      # a link that leads nowhere, or to itself: said when read
        return [p]
    if not p.exists():
        p = resolve_game_path(path)
    if not p.exists():
        raise FileNotFoundError(path)
    if p.is_file() and p.suffix == ".rules":      # a rulebook's file: its rulebook's scenarios
        book = p.parent.parent if p.parent.name == "variants" else p.parent
        return find_files(str(book)) if (book / "scenarios").is_dir() else []
    if p.is_file():
        return [p]
    if not p.is_dir():                 # a device or a FIFO: reported when read, never read
        return [p] if p.suffix in SUFFIXES else []
    if (p / "scenarios").is_dir():
        p = p / "scenarios"
    elif (p / "game.rules").exists():  # a rulebook without scenarios: its .yaml files are its data
        return []
    return sorted(f for f in p.iterdir() if f.suffix in SUFFIXES and not f.is_dir())    # what is no file is said so


def _game_of(path: Path, doc: dict) -> str:
    if "game" in doc:
        given = path.parent / doc["game"]
        return str(given) if given.exists() else doc["game"]
    folder = path.parent
    return str(folder.parent if folder.name == "scenarios" else folder)


def _where_keys(mapping, keys: tuple, at: tuple) -> tuple:
    """Where the innermost of `keys` is written in nested mappings read from a file; else `at`."""
    for key in keys:
        if isinstance(mapping, list) and type(key) is int and 0 <= key < len(mapping):
            at, mapping = where_item(mapping, key), mapping[key]       # a name in a list of things
            continue
        numbered = _INDEXED.match(key) if isinstance(key, str) else None
        if isinstance(mapping, dict) and key not in mapping and numbered:
            key = numbered.group(1)         # pile[2], set as a whole by 'pile'
        if not isinstance(mapping, dict) or key not in mapping:
            break
        at = where_key(mapping, key)
        mapping = mapping[key]
        if numbered and key == numbered.group(1) and isinstance(mapping, list) and int(numbered.group(2)) < len(mapping):
            at, mapping = where_item(mapping, int(numbered.group(2))), mapping[int(numbered.group(2))]
    return at


def _empty_mapping(node):
    """(the key, where it is written) of the first value `{}` in a position to set, else None: a
    `set` of `Player 1: {}` sets nothing, and is most likely a value left out by mistake."""
    for key, value in (node.items() if isinstance(node, dict) else ()):
        if value == {}:
            return key, where_key(node, key)
        found = _empty_mapping(value)
        if found is not None:
            return found
    return None


def _holds_a_rulebook(folder: Path) -> bool:
    try:
        return any(folder.glob("*.rules"))
    except OSError:
        return True          # let the loader say what is wrong with it


def display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, RuntimeError, OSError):     # elsewhere; or a link to itself
        return str(path)


# ---------------------------------------------------------------------------- running
def run_files(paths: list[Path], only: str | None = None) -> Report:
    """Run every case of these scenario files (those whose name contains `only`, if given)."""
    report = Report()
    games: dict = {}
    for path in paths:
        name = display(path)
        doc = read_file(path, name, report.sources)
        if isinstance(doc, Failure):
            report.errors.append(doc)
            report.files.append([name, 0, 0])
            continue
        if "game" not in doc and not _holds_a_rulebook(Path(_game_of(path, doc))):
            report.errors.append(Failure(
                "T003", "This scenario file has no 'game:' line, and the folder it is in is not a rulebook's "
                "(it has no .rules file), so no game is named for its cases.", name, 1, 1,
                hint="add 'game: NAME' at the top: a rulebook's name under rulebooks/ (smores_galore) or its "
                     "path from this file; or keep the file in a rulebook's scenarios/ folder"))
            report.files.append([name, 0, 0])
            continue
        runner = _FileRunner(path, name, doc, games)
        results = [runner.run(i, case) for i, case in enumerate(doc["cases"])
                   if only is None or only.casefold() in case["name"].casefold()]
        report.cases.extend(results)
        report.warnings.extend(runner.warnings)
        report.files.append([name, len(results), sum(1 for r in results if not r.ok)])
    return report


def _threw(who: str, rolls) -> str:
    """The hint listing what `who` (the move, the setup) threw before a forced result that did not
    fit, or "" when it threw nothing: a throw the rules made again took a result meant for later."""
    if not rolls:
        return ""
    return (f"before it {who} threw {_shown(rolls)}; every throw takes the next forced result, a throw the rules "
            "make again (a face they cannot use) too")


def _shown(rolls) -> str:
    """Throws as a hint lists them: the last twelve, those nearest the result that did not fit (a
    setup throws dozens)."""
    return ("..., " if len(rolls) > 12 else "") + ", ".join(f"{die} {face}" for die, face in rolls[-12:])


def _rolls_of(forced: list) -> list:
    """The forced rolls among forced results (a state's entries: {"roll": face, "die": name or None})."""
    return [e for e in forced if isinstance(e, dict) and "roll" in e]


class _FileRunner:
    def __init__(self, path: Path, name: str, doc: dict, games: dict):
        self.path, self.name, self.doc, self.games = path, name, doc, games
        self.game_path = _game_of(path, doc)
        self.case_rest = None       # the running case's own rest zones, for each of its sets
        self.said_mark = 0          # the lines said before the last move or set (`said`)
        self.forced_before = []     # the forced results the move under way may use (T021 names the first's line)
        self.moves_after = True     # whether a move comes after the step under way (`with_waiting`)
        # Which of the state's rolls since the last answer a 'force' gave, roll by roll (`drew`): a
        # forced result is used before any seeded one, so those of each draw come first in it.
        self.forced_rolls = []
        self.moved = False          # whether the case has made a move yet
        self.listening = False      # whether the case has a `when said` step: its moves keep each moment
        self.heard = []             # (line, the game's data when it was said) since the last move step
        self.heard_since = "the case began"     # what `heard` starts at, for a message
        self.last_draw = None       # the last move, as (label, line), if it drew seeded random results
        self.force_after = {}       # a force step's first line -> `last_draw` when it was given (T012)
        self.words = {}             # id(game) -> the words of its rulebook (`vocabulary`)
        self.warnings = []          # T040s of the file's cases, in order
        self.slow = []              # (line, time) of the running case's moves given a time over SLOW_TIME

    def vocabulary(self, game) -> set:
        """Every word the game's rulebook writes (rules, data and variant files, and the engine's own
        labels), casefolded: an option label can hold no other word but numbers. Empty when the
        rulebook's text is not at hand."""
        if id(game) not in self.words:
            texts = list(getattr(game.sources, "texts", {}).values())
            forms = [p for form in game.compiled.label_patterns for p in form if p]
            shown = ["player true false", *W.NONE_WORDS]     # how a text shows a player, a truth, nothing
            self.words[id(game)] = {w for text in texts + forms + shown for w in _label_words(text)} if texts else set()
        return self.words[id(game)]

    def fail(self, code, message, at, expected="", got="", hint="", file_mistake=False) -> Failure:
        case_at, use_at = getattr(self, "case_at", None), getattr(self, "use_at", None)
        if case_at and use_at and at[0] < case_at[0] <= use_at[0] \
                and at[0] not in {where_key(self.doc, k)[0] for k in self.doc}:
            # written above the case, in an anchor it shares (not a key of the file's own, `variant:`
            # or `rest:`): say where this case uses it
            note = f"line {at[0]} is in an anchor ('&name') the cases share; this case uses it at line {use_at[0]}"
            hint = f"{hint}; {note}" if hint else note
        return Failure(code, message, self.name, at[0], at[1], self.case_name, expected, got, hint, file_mistake)

    def forced_lines(self, game, results, at: tuple, state=None) -> list:
        """Where each forced result is written: its item of the list (a `{colour_die: [red, blue]}`
        item gives as many results as it names), else `at`, the list's key. A result that cannot be
        (a face no die has, a die the game lacks) fails the case (T011) where it is written, which in
        a list written one item a line is not the key's line."""
        lined = isinstance(results, list) and getattr(results, "lines", None)
        out = []
        for i, part in enumerate([[item] for item in results] if isinstance(results, list) else [results]):
            where = where_item(results, i) if lined else at
            try:
                out.extend([where] * len(game.forced_results(part)))
            except api.PositionError as e:
                raise _Stop(self.fail("T011", str(e), where, hint=self.move_not_force(state, part))) from None
        return out

    def load(self, case) -> "api.Game":
        variant = case.get("variant", self.doc.get("variant"))
        options = {k: str(v) for k, v in {**self.doc.get("options", {}), **case.get("options", {})}.items()}
        key = (self.game_path, variant, tuple(sorted(options.items())))
        if key not in self.games:
            try:
                self.games[key] = api.load_game(self.game_path, variant=variant, options=options)
            except RulebookError as e:
                self.games[key] = e
            except (OSError, ValueError) as e:
                self.games[key] = RulebookError([Diagnostic("E011", str(e), Span(self.game_path))])
        game = self.games[key]
        if isinstance(game, RulebookError):
            raise _Stop(self.not_loaded(case, game))
        return game

    def not_loaded(self, case, error: RulebookError) -> Failure:
        """T003 at what the file or the case named: an unknown variant or option at its value, any
        other error of the rulebook at `game:` (or, without one, at the case)."""
        first = error.diagnostics[0] if error.diagnostics else None
        if first is not None and first.code == "E016":
            owner = case if "variant" in case else self.doc
            return self.fail("T003", first.message, where_value(owner, "variant"),
                             hint=first.hint)
        if first is not None and first.code in ("E030", "E031"):
            for owner in (case, self.doc):
                options = owner.get("options") or {}
                named = next((k for k in options if first.about[1:2] == (k,)), None)
                if named is not None:
                    at = where_key(options, named) if first.code == "E030" else where_value(options, named)
                    return self.fail("T003", first.message, at, hint=first.hint)
        at = where_value(self.doc, "game") if "game" in self.doc else where_key(case, "name")
        if first is not None and first.code in ("E001", "E002") and "game" in self.doc:
            return self.fail("T003", first.message, at,
                             hint="'game' is a rulebook's path from this file, or a name under rulebooks/")
        where = f" ({first.span}: {first.message})" if first else ""
        return self.fail("T003", f"The rulebook {self.game_path} cannot be loaded{where}.", at,
                         hint="run 'tabletop check' on it")

    def run(self, index: int, case: dict) -> CaseResult:
        self.case_name = case["name"]
        at = where_item(self.doc["cases"], index)
        self.case_at, self.use_at = at, where_key(case, "force setup")
        result = CaseResult(self.name, at[0], self.case_name)
        self.forced_at = []
        self.forced_from = []       # for each forced result: (its 'force' step, whether a move came before it)
        self.takers = []            # (label, line, first, end, throws) of each move that used forced results
        self.slow = []
        try:
            game = self.load(case)
            self.players = case.get("players", game.min_players)
            try:
                self.forced_at = self.forced_lines(game, case.get("force setup", []), where_key(case, "force setup"))
                self.forced_from = [(None, False)] * len(self.forced_at)
                state = game.new_state(players=self.players, seed=case.get("seed", 0), force=case.get("force setup"))
                self.forced_rolls = []
                self.drew(state, 0, len(_rolls_of(game.forced_results(case.get("force setup", [])))))
            except api.PositionError as e:        # an item that cannot be was told at its line already
                raise _Stop(self.fail("T011", str(e), where_key(case, "force setup"))) from None
            except ValueError as e:               # a player count the game does not allow
                raise _Stop(self.fail("T010", str(e), where_key(case, "players"))) from None
            except api.RuleError as e:
                # a forced result the setup cannot use is the 'force setup' line's mistake, told at its item
                at = where_key(case, "force setup" if isinstance(e, ForcedMismatch) and "force setup" in case else "name")
                if isinstance(e, ForcedMismatch) and 0 < e.left <= len(self.forced_at):
                    at = self.forced_at[-e.left]
                hint = (self.shuffled_name_hint(game.compiled, case.get("force setup"))
                        or _threw("the setup", e.thrown)) if isinstance(e, ForcedMismatch) else ""
                raise _Stop(self.fail("T021", f"The rules failed during the setup: {e}", at, hint=hint)) from None
            self.case_rest = case.get("rest")
            self.rest_set = {}          # rest zones a `set` of the case listed: zone -> (kind, cards listed)
            # the rest zones are checked where they are written, whether or not a `set` uses them
            self.check_rest(state, self.doc.get("rest"), where_key(self.doc, "rest"))
            self.check_rest(state, self.case_rest, where_key(case, "rest"))
            self.said_mark = 0          # `said` checks the lines said since the last move or set
            self.listening = any(isinstance(st, dict) and "when said" in st for st in case["steps"])
            self.heard, self.heard_since = [], "the case began"
            self.moved = False
            self.mover = None           # (seat, turn_number, rule frames) of the last move: is its action still asked?
            self.earlier = []           # (turn_number, rule frames, label, line) of the moves since the last set
            self.answers = []           # (seat, label, line, prompt, seats asked) of each move: who answered a secret choice
            self.last_draw, self.force_after = None, {}
            if "set" in case or case.get("restart turn"):
                self.use_at = where_key(case, "set" if "set" in case else "restart turn")
                self.set(state, case.get("set", {}), None, where_key(case, "set" if "set" in case else "restart turn"),
                         case.get("restart turn", False), restart_at=where_key(case, "restart turn"))
            for i, step in enumerate(case["steps"]):
                self.use_at = where_item(case["steps"], i)
                self.moves_after = any(isinstance(s, dict) and ("move" in s or "moves" in s) for s in case["steps"][i + 1:])
                self.step(state, step, self.use_at)
            left = state.forced
            if left:
                first = self.forced_at[-len(left)]
                hint = self.late_force(first) or self.fewer_draws(len(self.forced_at) - len(left), state)
                raise _Stop(self.fail("T012", f"{len(left)} forced result{'s were' if len(left) > 1 else ' was'} never "
                                      f"used: {', '.join(W.describe_forced(f) for f in left)}.", first, hint=hint))
            self.checks_something(case)
        except _Stop as stop:
            result.failures = [self.with_slow_time(f) for f in stop.failures]
        return result

    def with_slow_time(self, f: Failure) -> Failure:
        """A failure after a move given a time over SLOW_TIME (T040) says so: a time meant in
        milliseconds (`time: 400`) makes the answer 400 seconds slow, which may be why."""
        earlier = [(line, time) for line, time in self.slow if line <= f.line]
        if not earlier:
            return f
        line, time = earlier[-1]
        note = (f"the move at line {line} was given a time of {time:g} seconds; a move's time is in seconds "
                f"('time: {_ms(time)}' for {time:g} ms)")
        return dataclasses.replace(f, hint=f"{f.hint}; {note}" if f.hint else note)

    def fewer_draws(self, idx: int, state) -> str:
        """Why the forced result at `idx` (of the case's, in order) was left over, when no move
        before its `force` drew from the seed: the game ended, and an ended game draws nothing; or,
        forced before the case's first move with none of its results used, it was meant for what
        the setup and the first turn drew already; else the moves after it came to fewer draws
        than the case forced (some of its results used shows the moves did reach it)."""
        step, moved = self.forced_from[idx] if idx < len(self.forced_from) else (None, False)
        used = sum(1 for j in range(idx) if self.forced_from[j][0] == step)
        drew = f"used {used} of the results of this 'force'" if used else "used none of the results of this 'force'"
        if state.is_over:
            reason = state.result.reason if state.result else ""
            return (f"the game ended{f' ({_q(reason)})' if reason else ''} before the rules came to this draw: "
                    f"the moves after it {drew}, and an ended game draws nothing more")
        if not moved and not used:
            return ("the rules drew fewer random results after it than the case forced; what "
                    "they draw before the first decision (the setup, and the first turn until "
                    "someone is asked) was drawn already, and goes in 'force setup'")
        who = "the setup and the moves after it" if step is None else "the moves after it"     # 'force setup'
        return (f"{who} {drew} and came to no other throw, pick or shuffle: the rules draw only "
                "where they come to one, so a result meant for a draw they passed by is left over")

    def late_force(self, first, told_at_force=True) -> str:
        """The usual slip behind forced results left over: the `force` (its first line `first`)
        written after the move that drew from the seed. The hint saying so, or ""."""
        drew = self.force_after.get(first[0])
        if drew is None:
            return ""
        force = "this 'force'" if told_at_force else f"the 'force' at line {first[0]}"
        return (f"the move {W.quote(drew[0])} (line {drew[1]}) just before {force} drew random results from "
                "the seed; a 'force' goes before the move whose rules draw it")

    def checks_something(self, case):
        """A case without an `expect` step would pass whatever the rules did after its moves: told,
        once its steps have run (so that a move that cannot be made is told first)."""
        if not any("expect" in step for step in case["steps"]):
            raise _Stop(self.fail("T002", "This case has no 'expect' step, so it checks nothing but that its steps "
                                  "can be made; add an 'expect' step saying what should hold after them.",
                                  where_key(case, "steps")))

    # ------------------------------------------------------------------ steps
    def step(self, state, step: dict, at: tuple):
        if "set" in step or "move" in step or "moves" in step:
            self.said_mark = state.said
            self.last_draw = None
            self.mover = None
            self.heard, self.heard_since = [], "the last set" if "set" in step else "the last move"
        if "set" in step:
            self.earlier = []
            self.answers = []       # a set asks a secret choice again, its answers dropped
            self.set(state, step["set"], step.get("rest"), where_key(step, "set"), step.get("restart turn", False),
                     where_key(step, "rest"), where_key(step, "restart turn"))
        elif "force" in step:
            lines = self.forced_lines(state.game, step["force"], where_key(step, "force"), state)
            try:
                state.force(step["force"])
            except api.PositionError as e:
                raise _Stop(self.fail("T011", str(e), where_key(step, "force"),
                                      hint=self.ended_hint(state) if state.is_over else "")) from None
            self.forced_at.extend(lines)
            self.forced_from.extend([(at, self.moved)] * len(lines))
            for line in lines:
                self.force_after.setdefault(line[0], self.last_draw)
        elif "move" in step:
            self.move(state, step["move"], step.get("by"), step.get("time"), where_key(step, "move"), step)
        elif "moves" in step:
            for i, label in enumerate(step["moves"]):
                self.move(state, label, step.get("by"), None, where_item(step["moves"], i), step)
        elif "when said" in step:
            self.expect_when_said(state, step)
        else:
            failures = _Expectations(self, state).check(step["expect"])
            if failures:
                raise _Stop(*[self.with_late_force(self.with_waiting(self.with_rolls(f, state), state), state)
                              for f in failures])

    def with_late_force(self, f: Failure, state) -> Failure:
        """A failed expectation while forced results wait because their `force` came after the move
        that drew from the seed says so (the options came from the seed's dice), as a move does."""
        left = state.forced
        if f.code != "T030" or f.file_mistake or not (f.expected or f.got) or not left \
                or len(left) > len(self.forced_at):
            return f
        late = self.late_force(self.forced_at[-len(left)], told_at_force=False)
        if not late or late in f.hint:
            return f
        return dataclasses.replace(f, hint=f"{f.hint}; {late}" if f.hint else late)

    def expect_when_said(self, state, step: dict):
        """`expect: {...}` with `when said: TEXT`: the checks read the game as it was when the rules
        said the line that is (else holds) TEXT, of the lines the last move or moves step made
        them say (the moves keep each such moment, `_Heard`): a hand's scores before the next
        deal, which the next decision would show dealt anew."""
        at = where_value(step, "when said")
        text = W.written(step["when said"])
        lines = [line for line, _ in self.heard]
        hits = [i for i, line in enumerate(lines) if line == text] or \
            [i for i, line in enumerate(lines) if text in line]
        if not hits:
            if not self.moved or self.heard_since == "the last set":
                why = (f"no move was made since {self.heard_since}; 'when said' reads a line said by the last "
                       "move or moves step")
            elif not lines:
                why = "the last move made the rules say nothing"
            else:
                why = "no line said after the last move holds it"
            hint = ("it was said before the last move; put this step right after the step that says it"
                    if any(text in line for line in state.log[:max(len(state.log) - state.said + self.said_mark, 0)]) else
                    did_you_mean(text, lines) or ("the lines said are under 'got'" if lines else ""))
            raise _Stop(self.fail("T030", f"'when said' names the moment the rules said {W.quote(text)}, but {why}.",
                                  at, _fmt(text), _fmt(lines[-8:]) if lines else "", hint))
        if len({lines[i] for i in hits}) > 1:
            some = W.listed([W.quote(lines[i]) for i in hits[:4]])
            raise _Stop(self.fail("T030", f"'when said' should name one moment, but {W.quote(text)} is held by "
                                  f"{len({lines[i] for i in hits})} lines said after the last move: {some}.", at,
                                  hint="write more of the line, or the whole line"))
        line, data = self.heard[hits[0]]
        then = api.State(state.game, data)
        for key in step["expect"]:
            if key in _ASKED + ("deciding",) and key not in then.game.compiled.global_names:
                raise _Stop(self.fail("T030", f"{_q(key)} cannot be checked 'when said': nobody is asked anything "
                                      "while the rules run; check it in an 'expect' step without 'when said', which "
                                      "reads the game at the next decision.", where_key(step["expect"], key)))
        failures = _Expectations(self, then).check(step["expect"])
        for f in failures:
            f.message = f"When {W.quote(line)} was said: {f.message[:1].lower()}{f.message[1:]}" \
                if not f.message.startswith(("'", "Player")) else f"When {W.quote(line)} was said: {f.message}"
        if failures:
            raise _Stop(*[self.with_rolls(f, then) for f in failures])

    def with_rolls(self, f: Failure, state) -> Failure:
        """A failed expectation after the seed rolled dice says which: a die the case did not force
        may be why the game went another way (a `force` written one move late)."""
        if f.code != "T030" or state.forced or not (f.expected or f.got) or f.file_mistake:
            return f        # forced results left: every roll was forced; or the file's mistake, not the game's
        note = self.seeded_rolls(state)
        if not note:
            return f
        return dataclasses.replace(f, hint=f"{f.hint}; {note}" if f.hint else note)

    def seeded_rolls(self, state) -> str:
        """Which dice the seed rolled since the last move, none of them forced ('' when none)."""
        rolls = state.rolls
        marks = [False] * (len(rolls) - len(self.forced_rolls)) + self.forced_rolls[-len(rolls):] if rolls else []
        seeded = [roll for roll, forced in zip(rolls, marks) if not forced]
        if not seeded:
            return ""
        shown = ", ".join(f"{die} {face}" for die, face in seeded[:8]) + (", ..." if len(seeded) > 8 else "")
        since = "since the last move" if self.moved else "since the game began"
        return f"{since} the seed rolled {shown}, which no 'force' gave"

    def ended_hint(self, state) -> str:
        """Why a game is over where the case still forces a result: the end's reason, and the dice
        the seed rolled on the way (a `force` written after the move whose rolls ended it)."""
        reason = state.result.reason if state.result else ""
        when = "in the last move" if self.moved else "before the case's first move"
        ended = f"the game ended{f' ({_q(reason)})' if reason else ''} {when}"
        rolled = self.seeded_rolls(state)
        return f"{ended}; {rolled}" if rolled else ended

    def with_waiting(self, f: Failure, state) -> Failure:
        """A failed expectation after a move that left the forced results waiting, at a question
        to someone else (another seat's reaction to that move), or to the mover again with no move
        after it in the case (a re-roll showing a die that must be kept, asked as one option), says
        so: the rules stopped at that question before the draw the case forced, so nothing the draw
        does has happened yet."""
        if f.code != "T030" or f.file_mistake or not (f.expected or f.got) or state.is_over:
            return f
        waiting, pending, mover = state.forced, state.pending, getattr(self, "mover", None)
        if not waiting or not self.forced_before or pending is None or mover is None:
            return f
        if pending.kind != "reaction" and pending.players == [mover[0]] and self.moves_after:
            return f        # the mover's own next question, and a move follows: the case may mean to draw later
        shown = ", ".join(str(e["roll"]) if "roll" in e else f"a pick of {e['pick']}" if "pick" in e else "a shuffle"
                          for e in waiting[:8]) + (", ..." if len(waiting) > 8 else "")
        who = " and ".join(W.show(state.game.compiled, "player", p, state.players) for p in pending.players)
        answer = "the case's next move" if pending.players == [mover[0]] else "'by:'"
        if f.hint and f"asks {who} {W.quote(pending.prompt)}" in f.hint:
            # the move under way was named with this question already (`with_pending`)
            note = f"the forced results {shown} wait undrawn behind that question (answer it with {answer})"
        else:
            note = (f"the forced results {shown} wait undrawn: after the last move the game asks {who} "
                    f"{W.quote(pending.prompt)} ({', '.join(pending.options)}), and what the rules do after that "
                    f"answer is not done yet (answer it with {answer})")
        return dataclasses.replace(f, hint=f"{f.hint}; {note}" if f.hint else note)

    @staticmethod
    def move_not_force(state, results) -> str:
        """A forced 'result' that is an option of the pending decision ("Keep blue and red") was
        meant as a move: say so, since 'not a face of any die' does not."""
        if state is None or state.is_over or state.pending is None:
            return ""
        for r in results if isinstance(results, list) else [results]:
            if isinstance(r, str) and r.strip():
                try:
                    label = state.options()[state.find_option(r, substring=True)]
                except api.IllegalMove:
                    continue
                return (f"{W.quote(r)} names the option {W.quote(label)} of the decision now pending; "
                        f"to answer it, write '- move: {r}', not a 'force'")
        return ""

    def with_pending(self, f: Failure, state) -> Failure:
        """A value not yet as expected after a move whose player, or another seat, is asked again
        from inside that move's option says so: the move began an action the rules finish only
        after the next answer (a score that asks which pile the cards go to, a taunt's target
        choosing discards), so the expectation came one move early."""
        raw = state.data.get("pending") if not state.is_over else None
        if f.code == "T030" and not f.file_mistake and (f.expected or f.got) and raw and raw.get("kind") == "secret" \
                and raw.get("answers"):
            # A secret choice answered by some seats: what they chose is carried out with the
            # others' answers, all at once, so the chooser's card is still where it was.
            prog = state.game.compiled
            done = W.listed([W.show(prog, "player", int(k), state.players) for k in sorted(raw["answers"], key=int)])
            waits = W.listed([W.show(prog, "player", p, state.players) for p in raw["players"]])
            note = (f"a secret choice waits for {waits}: what {done} chose is carried out only when every seat "
                    "asked has answered, all at once")
            return dataclasses.replace(f, hint=f"{f.hint}; {note}" if f.hint else note)
        mover = getattr(self, "mover", None)
        if f.code != "T030" or f.file_mistake or not (f.expected or f.got) or state.is_over or not mover:
            return f
        seat, turn, frames = mover
        pending = state.pending
        if pending is None:
            return f
        now = _frames(state)
        def inside(frames):
            return len(now) > len(frames) and now[:len(frames)] == frames
        if pending.players == [seat] and state.data.get("turn_number") == turn and inside(frames):
            who = W.show(state.game.compiled, "player", seat, state.players)
            note = (f"the last move is not finished: the game asks {who} {W.quote(pending.prompt)} inside it; what "
                    "the rules do after that answer is not done yet")
            return dataclasses.replace(f, hint=f"{f.hint}; {note}" if f.hint else note)
        # A move whose action is still under way and now asks another seat (a taunt's target
        # choosing discards), or an earlier move so (a card whose eruption asks the target,
        # answered by a reaction since): the block that asked it has not ended and runs deeper now
        # (its option's body, or what the block does with the answer: `choose c ...` then `play(c)`).
        # The innermost such move is the one not finished.
        def running(frames):
            if not frames or len(now) <= len(frames) or now[:len(frames) - 1] != frames[:-1]:
                return False
            block, at = frames[-1]
            return now[len(frames) - 1][0] == block and now[len(frames) - 1][1] >= at
        who = " and ".join(W.show(state.game.compiled, "player", p, state.players) for p in pending.players)
        for moved_in, moved_frames, label, line in reversed(self.earlier):
            if moved_in == state.data.get("turn_number") and running(moved_frames):
                # What the move did before this question is done: say so, or a tester doubts a value
                # that is already final (a whole turn can run inside the move that began it).
                note = (f"the move {W.quote(label)} (line {line}) is still under way: the game asks {who} "
                        f"{W.quote(pending.prompt)} inside it; what its rules did before that question is done, "
                        "what they do after the answer is not done yet")
                return dataclasses.replace(f, hint=f"{f.hint}; {note}" if f.hint else note)
        # The last move is done, but rules begun after it in the same turn still run and now ask
        # someone (a rule the round section runs after the round's last move, asking a player to choose):
        # the rules on the frame stack that were not on it when the move was asked.
        begun = _rules_begun_since(state.game.compiled, now, frames)
        if begun and state.data.get("turn_number") == turn:
            note = (f"the last move is done, but the rules after it are still under way ({', '.join(begun)}): the "
                    f"game asks {who} {W.quote(pending.prompt)} inside them; what they did before that question is "
                    "done, what they do after the answer is not done yet")
            return dataclasses.replace(f, hint=f"{f.hint}; {note}" if f.hint else note)
        return f

    @staticmethod
    def shuffled_name_hint(prog, forced) -> str:
        """'did you mean' for the first name a forced shuffle puts first that names no thing of the
        game (`{shuffle: [Crwn]}`), as a misspelt thing is told elsewhere; '' when each names one."""
        names = list(dict.fromkeys(n for ns in prog.kind_names.values() for n in ns))
        for entry in forced if isinstance(forced, list) else []:
            items = entry.get("shuffle") if isinstance(entry, dict) else None
            for w in items if isinstance(items, list) else []:
                if isinstance(w, str) and not any(W.thing_candidates(prog, k, w) for k in prog.kind_names):
                    guess = did_you_mean(w, names)
                    if guess:
                        return f"{W.quote(w)} names nothing of this game: {guess}"
        return ""

    def drawn_before(self, state) -> str:
        """What the move threw before the forced result that did not fit, in order: the usual slip is
        a throw the rules made again (a sunk space, a claimed colour), which took a forced result
        the case meant for the next throw."""
        return _threw("the move", state.rolls)

    def taken_earlier(self, left: int) -> str:
        """Which earlier moves used the results written before the one that did not fit in its own
        `force` step (`left`: the results left, that one the first), with what each threw: a throw
        the rules made again in an earlier move (a claimed colour rolled again) took a result the
        case meant for a later throw, and the move that failed threw nothing wrong itself."""
        idx = len(self.forced_at) - left
        if not 0 <= idx < len(self.forced_from):
            return ""
        step = self.forced_from[idx][0]
        start = next(j for j in range(idx + 1) if self.forced_from[j][0] == step)
        told = []
        for label, line, first, end, rolls in self.takers:
            if first < idx and end > start:
                told.append(f"the move {W.quote(label)} (line {line}) used {min(end, idx) - max(first, start)} of "
                            f"them" + (f" and threw {_shown(rolls)}" if rolls else ""))
        if not told:
            return ""
        return (f"the results written before it in its 'force' were used by earlier moves: {'; '.join(told)}; every "
                "throw takes the next forced result, a throw the rules make again (a face they cannot use) too")

    def drew(self, state, before: int, forced: int):
        """Note which rolls the action just taken made were forced: of the rolls after the first
        `before`, the first as many as it used of the `forced` rolls waiting (forced results are
        used before any the seed gives; telling them apart by face would take a seeded roll of the
        same face, made earlier, for a forced one, and list the forced one as the seed's)."""
        rolls = len(state.rolls)
        used = forced - len(_rolls_of(state.forced))
        new = max(rolls - before, 0)
        marks = self.forced_rolls[:before] + [True] * min(used, new) + [False] * (new - min(used, new))
        self.forced_rolls = marks[-rolls:] if rolls else []     # the state keeps only the last rolls

    def check_rest(self, state, rest, at):
        if not rest:
            return
        try:
            position.check_rest(state.game.compiled, state.data, rest)
        except position.PositionError as e:
            raise _Stop(self.fail("T010", str(e), at)) from None

    def set(self, state, changes, rest, at, restart_turn=False, rest_at=None, restart_at=None):
        self.check_rest(state, rest, rest_at or at)
        if not changes and not restart_turn:
            raise _Stop(self.fail("T010", "This 'set' names nothing to set, so it changes nothing; name the values "
                                  "to set, or add 'restart turn: true' to start the turn under way again.", at))
        empty = _empty_mapping(changes)
        if empty is not None:
            raise _Stop(self.fail("T010", f"{_q(empty[0])} is set to '{{}}', which names nothing to set; name its "
                                  "values, or leave it out.", empty[1]))
        # the file's rest zones, then the case's (for every set of the case), then the step's own
        rest = {**self.doc.get("rest", {}), **(self.case_rest or {}), **(rest or {})}
        before, forced = len(state.rolls), len(_rolls_of(state.forced))
        try:
            state.set_position(changes, rest, restart_turn)
            self.drew(state, before, forced)
            for kind, zone in rest.items():     # a rest zone set lists its first cards only
                if isinstance(changes, dict) and isinstance(zone, str) and isinstance(changes.get(zone), list):
                    self.rest_set[zone] = (kind, len(changes[zone]))
        except api.PositionError as e:
            keys = getattr(e, "keys", ())
            outside = getattr(e, "outside", "")
            if not keys and outside and isinstance(changes, dict) and outside in changes:
                keys = (outside,)    # a variable found out of its range once set: at its own line
            seat = re.search(r"(Player \d+)'s '(\w+)' is -?\d+, outside its range", str(e))
            if not keys and seat and isinstance(changes, dict) and isinstance(changes.get(seat.group(1)), dict) \
                    and seat.group(2) in changes[seat.group(1)]:
                keys = (seat.group(1), seat.group(2))     # a player's value, the same
            at = _where_keys(changes, keys, at)
            if restart_turn and restart_at and getattr(e, "stage", "") == "restart":
                at = restart_at         # told at 'restart turn: true', which asked for it
            hint = self.variant_hint(state.game, getattr(e, "unknown", ()) or _thing_named(str(e)))
            if not restart_turn and getattr(e, "stage", "") == "rules" and state.turn_under_way:
                hint = ("the lines of the turn before this decision ran before the position was set; with "
                        "'restart turn: true' beside the set, the turn starts again from the position")
            if not hint and "is not a player of this game" in str(e):
                value = changes
                for k in keys:
                    value = value.get(k) if isinstance(value, dict) else None
                if type(value) is int:     # `current: 2`: a seat by its number
                    hint = f"write the seat as the game names it: Player {value}"
            raise _Stop(self.fail("T010", str(e), at, hint=hint)) from None

    def variant_hint(self, game, unknown: tuple) -> str:
        """For a name the game played does not have (`PositionError.unknown`), when no variant is
        played: the hint that a variant of the rulebook declares it, and to add `variant:`; else ""."""
        if not unknown or game.variant is not None:
            return ""
        owners = []
        try:
            folder = find_rulebook(self.game_path)
        except (RulebookError, OSError, ValueError):
            return ""
        for path in variant_files(folder) if folder.is_dir() else []:
            try:      # (the error path only: each variant loaded once, as a case naming it would)
                prog = self.load({"variant": path.stem}).compiled
            except _Stop:
                continue
            names = {"variable": list(prog.global_names) + list(prog.kinds), "player value": prog.player_names,
                     "field": prog.field_types.get(unknown[1], {}),
                     "thing": prog.kind_names.get(unknown[1], [])}[unknown[0]]
            if unknown[-1] in names:
                owners.append(path.stem)
        if not owners:
            return ""
        which = " and ".join(f"'{v}'" for v in owners)
        return (f"'{unknown[-1]}' belongs to the variant{'s' * (len(owners) > 1)} {which}, which this case does not "
                f"play: add 'variant: {owners[0]}' to the case (or to the file, for all its cases)")

    def variant_thing_hint(self, game, text: str) -> str:
        """For a move's label that names, in whole words, a thing only a variant of the rulebook has
        (`Play 5 yellow stars` in a case that plays no variant): the hint of `variant_hint`; else ""."""
        if game.variant is not None:
            return ""
        own = {n for names in game.compiled.kind_names.values() for n in names}
        try:
            folder = find_rulebook(self.game_path)
        except (RulebookError, OSError, ValueError):
            return ""
        for path in variant_files(folder) if folder.is_dir() else []:
            try:      # (the error path only, as in variant_hint)
                prog = self.load({"variant": path.stem}).compiled
            except _Stop:
                continue
            for kind, names in prog.kind_names.items():
                for name in sorted((n for n in names if n not in own), key=len, reverse=True):
                    if re.search(rf"(?<!\w){re.escape(str(name))}(?!\w)", text, re.IGNORECASE):
                        return self.variant_hint(game, ("thing", kind, name))
        return ""

    def answered_already(self, state, seat):
        """The answer (seat, label, line, ...) `seat` gave to the secret choice still asked of other
        seats, found among the last moves that answered it (the same question, asked of the seats
        asked now and more); None if the seat gave none."""
        waiting = set(state.pending.players)
        for answer in reversed(self.answers):
            # each answer of one secret choice leaves the seats asked before it but its own
            if answer[3] != state.pending.prompt or set(answer[4]) != waiting | {answer[0]}:
                return None
            if answer[0] == seat:
                return answer
            waiting = set(answer[4])
        return None

    @staticmethod
    def other_seat_offered(state, label, seat):
        """Another seat asked now whose options a move's label names, when the seat of its 'by' has
        none: the 'by' is the slip. None otherwise."""
        for other in state.pending.players:
            if other == seat:
                continue
            try:
                state.find_option(str(label), other, substring=True)
            except api.IllegalMove:
                continue
            return other
        return None

    def slow_time(self, label, time, at):
        """T040, a warning: a move given a time of over SLOW_TIME seconds (legal up to MAX_TIME),
        most likely meant in milliseconds, as the rules' `timed as t` reads it."""
        self.slow.append((at[0], time))
        f = self.fail("T040", f"The move {W.quote(label)} is given a reaction time of {time:g} seconds, over "
                              f"{SLOW_TIME // 60} minutes.", at,
                      hint=f"a move's time is in seconds (the rules read it in milliseconds): for {time:g} ms, "
                           f"write 'time: {_ms(time)}'")
        self.warnings.append(dataclasses.replace(f, severity="warning"))

    def move(self, state, label, by, time, at, step=None):
        # a mistake in 'by' or 'time' is told at its own line, the move's otherwise
        by_at, time_at = (where_key(step, "by"), where_key(step, "time")) if step is not None else (at, at)
        seat = None
        if by is not None:
            try:
                seat = W.read(state.game.compiled, "player", by, state.players)
            except W.WordsError as e:
                asked = [W.show(state.game.compiled, "player", p, state.players) for p in state.pending.players] \
                    if state.pending is not None and not state.is_over else []
                raise _Stop(self.fail("T020", f"by: {e}.", by_at,
                                      hint=f"'by' names a seat asked now: {', '.join(asked)}" if asked else "")) from None
        if state.is_over:
            raise _Stop(self.fail("T020", f"Cannot make the move {W.quote(label)}: the game is over "
                                  f"({state.result.reason}).", at))
        if seat is not None and seat not in state.pending.players:
            prog, n = state.game.compiled, state.players
            asked = [W.show(prog, "player", p, n) for p in state.pending.players]
            hint = "'by' names a seat that is asked now; they are listed under 'got'"
            done = self.answered_already(state, seat)
            if done is not None:        # a second answer to one secret choice: the first stands
                hint = (f"{W.show(prog, 'player', seat, n)} has already answered this question ({W.quote(done[1])} at "
                        f"line {done[2]}), and an answer once given is not changed; the question waits for the "
                        f"seats listed under 'got'")
            raise _Stop(self.fail("T020", f"Cannot make the move {W.quote(label)} by {W.show(prog, 'player', seat, n)}: "
                                  "that player is not asked now.", by_at, got=_fmt(asked), hint=hint))
        options = state.options(seat)
        if time is not None and not state.pending.timed:
            raise _Stop(self.fail("T020", f"Cannot make the move {W.quote(label)} with a time: this decision is not "
                                  "timed, so a reaction time means nothing here.", time_at, hint="leave 'time' out"))
        if time is not None and not 0 <= time <= api.MAX_TIME:
            raise _Stop(self.fail("T020", f"Cannot make the move {W.quote(label)}: a reaction time is from 0 to "
                                  f"{api.MAX_TIME:g} seconds, not {time:g}.", time_at))
        if time is not None and time > SLOW_TIME:
            self.slow_time(label, time, time_at)
        try:
            index = state.find_option(str(label), seat, substring=True)
            self.forced_before = list(state.data.get("forced", []))      # what this move may use
            first_left = len(self.forced_before)
            self.moved = True
            asked = (seat if seat is not None else state.pending.players[0], state.data.get("turn_number"),
                     _frames(state))
            rng = state.data.get("rng")
            asked_before = (state.pending.prompt, tuple(state.pending.players))
            if self.listening:
                data = state.data
                data["log"] = _Heard(data["log"], data, self.heard)
                try:
                    state.apply(index, seat, time)
                finally:
                    data["log"] = list(data["log"])
            else:
                state.apply(index, seat, time)
            self.forced_rolls = []          # an answer starts the state's rolls again
            self.mover = asked
            self.earlier.append((asked[1], asked[2], options[index], at[0]))
            left = len(state.data.get("forced", []))
            if left < first_left <= len(self.forced_at):    # which forced results this move used (T021's hint)
                self.takers.append((options[index], at[0], len(self.forced_at) - first_left,
                                    len(self.forced_at) - left, list(state.rolls)))
            self.answers.append((asked[0], options[index], at[0]) + asked_before)
            self.drew(state, 0, len(_rolls_of(self.forced_before)))
            self.last_draw = (options[index], at[0]) if state.data.get("rng") != rng else None
        except api.IllegalMove as e:
            hint = "the options are listed under 'got'"
            number = str(label).strip()
            if number.isdigit() and "is not an option now" in e.reason \
                    and not any(re.search(rf"(?<!\d){number}(?!\d)", o) for o in options):
                # `move: 2` as in a numbered menu: a move is never its place in the list
                hint = (f"a move names an option by its label (or a unique part of it), never by its number "
                        f"in the list, and no option holds the number {number}; the options "
                        f"are {_fmt_some(options)}")
            elif "is not an option now" in e.reason:
                # `Play 5 yellow stars`, a card only a variant's data holds: the variant was forgotten
                hint = self.variant_thing_hint(state.game, str(label)) or hint
            left = state.forced
            late = self.late_force(self.forced_at[-len(left)], told_at_force=False) if left else ""
            if late:    # the options came from the seed's dice, the forced ones still waiting: say why
                hint = f"{hint}; {late}"
            if by is None and len(state.pending.players) > 1:
                # no 'by' while several seats are asked: the first answers, though the move is another's
                other = self.other_seat_offered(state, label, state.pending.players[0])
                if other is not None:
                    prog, n = state.game.compiled, state.players
                    who, first = W.show(prog, "player", other, n), W.show(prog, "player", state.pending.players[0], n)
                    raise _Stop(self.fail("T020", f"Cannot make the move {W.quote(label)}: it is an option of {who}, "
                                          f"and a move with no 'by' is answered by the first seat asked, {first}.", at,
                                          got=_fmt_some(options), hint=f"write 'by: {who}' beside the move")) from None
            other = self.other_seat_offered(state, label, seat) if by is not None else None
            if other is not None:       # the move is right, its 'by' is not: told at the 'by' line
                prog, n = state.game.compiled, state.players
                who, mine = W.show(prog, "player", other, n), W.show(prog, "player", seat, n)
                raise _Stop(self.fail("T020", f"Cannot make the move {W.quote(label)} by {mine}: it is an option of "
                                      f"{who}, not of {mine}.", by_at, got=_fmt_labels(options),
                                      hint=f"write 'by: {who}' (or give {mine} a move of their own options)")) from None
            raise _Stop(self.fail("T020", f"Cannot make the move {W.quote(label)}: {e.reason}", at,
                                  got=_fmt_labels(options), hint=hint)) from None
        except ForcedMismatch as e:       # the 'force' line's mistake: told there, with the move that drew
            first = self.forced_at[-len(self.forced_before)] if self.forced_before else at
            if 0 < e.left <= len(self.forced_at):       # the result that did not fit, at its own line
                first = self.forced_at[-e.left]
            hint = self.shuffled_name_hint(state.game.compiled, self.forced_before) \
                or "; ".join(h for h in (self.taken_earlier(e.left), self.drawn_before(state)) if h)
            raise _Stop(self.fail("T021", f"A forced result does not fit what the rules draw after the move "
                                  f"{W.quote(options[index])} (line {at[0]}): {e}", first, hint=hint)) from None
        except api.RuleError as e:
            raise _Stop(self.fail("T021", f"The rules failed after the move {W.quote(options[index])}: {e}", at)) from None


_NOT_A_THING = re.compile(r"(?:.*?: )?'([^']+)' is not an? (\w+)(?:;|$)")


def _thing_named(message: str) -> tuple:
    """("thing", kind, name) for a position's words that name no thing of a kind ("Player 1's hand:
    '5 red circles' is not a card; ..."), which a variant's data may hold; else ()."""
    m = _NOT_A_THING.match(message)
    return ("thing", m.group(2), m.group(1)) if m else ()


def _ms(time) -> str:
    """`time` read as milliseconds, in seconds as a move's `time` is written (400 -> "0.4")."""
    return f"{time / 1000:g}"


class _Heard(list):
    """The state's log while a move of a case with a `when said` step runs. Every line the rules say
    is appended to the log (`Machine.say`, the one place that says), so here each is kept with a
    copy of the game's data at that moment: the values as they were when the line was said."""

    def __init__(self, lines, data: dict, heard: list):
        super().__init__(lines)
        self.data, self.heard = data, heard

    def append(self, line):
        super().append(line)
        data = self.data
        data["log"] = list(self)        # a plain list, which marshal copies
        try:
            try:
                then = marshal.loads(marshal.dumps(data))
            except ValueError:
                then = copy.deepcopy(data)
        finally:
            data["log"] = self
        # as it is once the line is said: counted, and the log kept to its last lines
        then["said"] = then.get("said", 0) + 1
        del then["log"][:-LOG_KEEP]
        self.heard.append((line, then))


# ---------------------------------------------------------------------------- expectations
@dataclass
class _ScoresNow:
    """The scores of a game still under way, as a `Result` holds those of an ended one."""
    scores: list
    side_scores: dict


FIELD_WIDTH = 400      # the most of a value an "expected:" or "got:" line shows


def _frames(state) -> list:
    """Where the rules stand: each frame's block and position. A decision asked with these frames
    as the first ones and more after them is asked from inside the answer just given (an
    option's body under way), so the answer's action is not finished."""
    return [tuple(frame[:2]) for frame in state.data.get("stack") or []]


def _rules_begun_since(prog, now: list, frames: list) -> list:
    """The rules and sections (each a proc's block) on the frame stack `now` below the frames it
    shares with `frames` (where a move was asked), outermost first, as messages name them: those
    begun after that move's own block ended."""
    k = 0
    while k < min(len(now), len(frames)) and now[k][0] == frames[k][0]:
        k += 1
    procs = {p.block for p in prog.procs.values()}
    return [prog.blocks[b].owner for b, _ in now[k:] if b in procs]


def _each(checks) -> None:
    """Run every check (each a callable that may raise _Stop) and raise one _Stop with all their
    failures: an expectation of several values reports each wrong one, not only the first."""
    failures = []
    for check in checks:
        try:
            check()
        except _Stop as stop:
            failures.extend(stop.failures)
    if failures:
        raise _Stop(*failures)


def _fmt(w) -> str:
    """A value for a failure's "expected:" and "got:" lines, in the file's words ([Chocolate,
    Marshmallow], none, true): at most FIELD_WIDTH characters, control characters as pictures."""
    return echo(W.written(w), FIELD_WIDTH)


def _said(w) -> str:
    """A value inside a failure's sentence: at most ECHO_WIDTH characters (diagnostics.echo)."""
    return echo(W.written(w))


def _in_sentence(w) -> str:
    """A value inside a failure's sentence, in quotes when it is a sentence itself (a game's
    reason, a question), so that the failure does not run on into it: "but it is 'Two piles are
    empty.'", never "but it is Two piles are empty.."."""
    return f"'{_said(w)}'" if isinstance(w, str) and w.rstrip().endswith((".", "?", "!", ":")) else _said(w)


def _q(w) -> str:
    """What the file wrote (a key, a label), in quotes inside a sentence: 'Play Ace'."""
    return f"'{_said(w)}'"


def _fmt_some(items: list, limit: int = 12) -> str:
    """A long list cut short: the first items and how many there are in all."""
    if len(items) <= limit:
        return _fmt(items)
    return "[" + ", ".join(_fmt(x) for x in items[:limit]) + f", ... ({len(items)} in all)]"


def _fmt_labels(labels: list, limit: int = 60) -> str:
    """The labels offered, for a failure's "got:" line: each one whole (a case copies them from
    it), the first `limit` of them, at most ECHO_WIDTH characters a label on average."""
    shown = echo(W.written(labels[:limit]), limit * ECHO_WIDTH)
    return shown if len(labels) <= limit else f"{shown[:-1]}, ... ({len(labels)} in all)]"


def _same(a, b) -> bool:
    """Equal words: a truth is never equal to a number (Python's False == 0); nothing is `none`."""
    if a is None or b is None:
        return all(x is None or W.is_none(x) for x in (a, b))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b and (type(a) is bool) == (type(b) is bool)


def _sentence(text: str) -> str:
    return text if text.endswith(("?", ".", "!")) else text + "."


def _same_label(a: str, b: str) -> bool:
    """The same label, or one listing the same items in another order (`words.same_list_reordered`)."""
    return a == b or W.same_list_reordered(str(a), str(b))


def _label_named(x, options: list):
    """The option that label `x` names: the same label first, else the same list in another order."""
    return next((o for o in options if o == str(x)), None) or next((o for o in options if _same_label(o, str(x))), None)


def _take_label(x, pool: list) -> tuple:
    """Takes out of `pool` (the options an `options` list, or its `has`, has not matched yet) the
    one label `x` names, as `_label_named` finds it: (that option, None); or, when none is left,
    (None, the option numbered for it, "Play Flotsam (2)" for "Play Flotsam", or None)."""
    hit = _label_named(x, pool)
    if hit is None:
        return None, next((o for o in pool if re.fullmatch(re.escape(str(x)) + r" \(\d+\)", o)), None)
    pool.remove(hit)
    return hit, None


def _comma_split(x, wanted: list, options: list):
    """The option a label with a comma was meant to be, when YAML split it into items of the
    list (`[Push north, Battle Royale first]` for the label "Push north, Battle Royale first"):
    `x` and the items around it, joined by ", ", give that option. Else None."""
    items = [str(w) for w in wanted]
    if str(x) not in items:
        return None
    i = items.index(str(x))
    for size in range(2, 5):
        for start in range(max(0, i - size + 1), min(i, len(items) - size) + 1):
            joined = ", ".join(items[start:start + size])
            if joined in options:
                return joined
    return None


def _comma_quoted(label: str) -> str:
    """The hint for a label YAML split at its commas."""
    return (f"the option '{label}' holds a comma, and a list written in brackets splits its items at commas: "
            f'put the label in quotes, "{label}"')


def _nothing_offered(state, options: list) -> str:
    """Why no option is offered, when the game is over: the hint of a check of options then."""
    if options or not state.is_over:
        return ""
    reason = state.data.get("reason") or ""
    return f"the game is over{f' ({_q(reason)})' if reason else ''}, so nothing is offered"


class _SeenState:
    """A state as one seat's view shows it: the redacted data, the rest the state's own."""

    def __init__(self, state, data: dict):
        self._state, self.data = state, data

    def __getattr__(self, name):
        return getattr(self._state, name)


def _seen_said(stop: _Stop, viewer: str):
    """Each failure of a `seen by` check says whose view it read."""
    for f in stop.failures:
        f.message = f"Seen by {viewer}: {f.message[:1].lower()}{f.message[1:]}" \
            if not f.message.startswith(("'", "Player")) else f"Seen by {viewer}: {f.message}"


class _AskedState:
    """A state whose pending decision is read as it asks one seat: that seat's options and prompt
    (`seen by Player 2: {options: [...]}`), the rest the state's own."""

    def __init__(self, state, seat: int):
        self._state, self._seat = state, seat

    def options(self, seat=None):
        return self._state.options(self._seat)

    @property
    def pending(self):
        p = self._state.pending
        return None if p is None else dataclasses.replace(p, prompt=self._state.prompt(self._seat),
                                                          options=self._state.options(self._seat))

    def __getattr__(self, name):
        return getattr(self._state, name)


def _a_thing_named_hidden(prog) -> bool:
    """Whether a thing of the game is named "hidden": then `hidden` in a `seen by` check is that
    thing, not a card the seat may not see."""
    return any("hidden" in (n.casefold() for n in names) for names in prog.kind_names.values())


def _hidden_words(w, prog):
    """The words of a `seen by` check, each `hidden` read as `none` (a card the seat may not see),
    unless the game has a thing of that name."""
    if isinstance(w, str) and w.casefold() == "hidden" and not _a_thing_named_hidden(prog):
        return "none"
    if isinstance(w, LList):
        out = LList(_hidden_words(x, prog) for x in w)
        out.__dict__.update(w.__dict__)
        return out
    if isinstance(w, list):
        return [_hidden_words(x, prog) for x in w]
    if isinstance(w, LDict):
        out = LDict((k, _hidden_words(v, prog)) for k, v in w.items())
        out.__dict__.update(w.__dict__)
        return out
    if isinstance(w, dict):
        return {k: _hidden_words(v, prog) for k, v in w.items()}
    return w


def _none_shown_hidden(w, prog):
    """A `seen by` check's list as the file wrote it: each card `_hidden_words` read as `none` is
    `hidden` again (in a list, `none` can only be a card the seat may not see)."""
    if not isinstance(w, list) or _a_thing_named_hidden(prog):
        return w
    return [_none_shown_hidden(x, prog) if isinstance(x, list)
            else "hidden" if isinstance(x, str) and x.casefold() == "none" else x for x in w]


def _hidden_shown(v, words):
    """`words` (a value in words) with each card of a redacted zone (`view.Hidden`, or the
    others' cards of a `view.PartlyHidden`) shown as `hidden`, as a `seen by` check writes it."""
    if isinstance(v, (Hidden, PartlyHidden)) and isinstance(words, list):
        return ["hidden" if x is None else w for x, w in zip(v, words)]
    if isinstance(v, list) and isinstance(words, list) and any(isinstance(x, list) for x in v):
        return [_hidden_shown(x, w) for x, w in zip(v, words)]       # a numbered zone's zones
    return words


class _Expectations:
    def __init__(self, runner: _FileRunner, state):
        self.r, self.s = runner, state
        self.prog = state.game.compiled
        self.n = state.players
        self.about_asking = set()       # ids of the failures of what a seat is asked (`seen by`)

    def check(self, expect: dict) -> list:
        failures = []
        for key, want in expect.items():
            at = where_key(expect, key)
            try:
                self.one(key, want, at)
            except _Stop as stop:
                # a game value, the result or whose turn it is (not the options or the log): perhaps
                # checked mid-action
                mid = key not in RESERVED or key in self.prog.global_names or key in _REACHED
                failures.extend(self.whose(key, f) if not mid else f if id(f) in self.about_asking
                                else self.r.with_pending(f, self.s) for f in stop.failures)
        return failures

    def whose(self, key: str, f: Failure) -> Failure:
        """A failed check of the options or prompt while several seats are asked at once (a secret
        choice) read the first seat's: say so, and how to check another's."""
        p = self.s.pending if not self.s.is_over else None
        if key not in _ASKED or key in self.prog.global_names or p is None or len(p.players) < 2 or f.file_mistake:
            return f
        first, other = (W.show(self.prog, "player", q, self.n) for q in p.players[:2])
        note = (f"{len(p.players)} seats are asked at once, and {_q(key)} reads what {first} (the first) is asked; "
                f"to check what {other} is asked, write 'seen by {other}: {{{key}: ...}}'")
        return dataclasses.replace(f, hint=f"{f.hint}; {note}" if f.hint else note)

    def bad(self, what: str, want, got, at, hint="", got_line: str | None = None) -> _Stop:
        # "The options should be [...], but they are [...]": the verb agrees with a plural subject
        # "The scores (has 9) should be ..., but they are": a check's note does not change the subject
        it = "they are" if what.split(" (")[0] in _PLURAL else "it is"
        return _Stop(self.r.fail("T030", f"{what} should be {_in_sentence(want)}, but {it} {_in_sentence(got)}.", at,
                                 _fmt(want), _fmt(got) if got_line is None else got_line, hint))

    def unknown(self, message: str, at, hint: str = "", **kw) -> _Stop:
        # a card only a variant's data holds ('5 red circles' in a case that plays no variant):
        # the variant was forgotten, as a `set` of it is told (T010)
        hint = hint or self.r.variant_hint(self.s.game, _thing_named(message))
        return _Stop(self.r.fail("T030", message, at, hint=hint, **kw))

    def rest_hint(self, what: str, wanted: int, has: int) -> str:
        """For a zone holding more cards than checked, when the case `set` it and it is the rest
        zone of its kind (S'mores Galore's `deck: [Marshmallow]`): that set listed its first cards,
        and the other cards of the kind stayed under them, so the deck was never one card."""
        kind, listed = getattr(self.r, "rest_set", {}).get(what, (None, 0))
        if kind is None or has <= max(wanted, listed):
            return ""
        return (f"'{what}' is this case's rest zone for {kind}: a 'set' of it ({listed} listed) names what comes "
                f"first in it, and every other {kind} not placed elsewhere stays after them; to make it hold only "
                f"what is listed, give the case another rest zone, 'rest: {{{kind}: none}}'")

    def hidden_hint(self, w) -> str:
        """For words naming nothing of the game that hold `hidden` (`deck: [hidden, hidden]`,
        `box: {lacks: [hidden]}`), outside `seen by`: that is how a seat's view shows a card it may
        not see, and this check reads the whole state, as a referee does."""
        words = w if isinstance(w, list) else [w]
        if _a_thing_named_hidden(self.prog) or not any(isinstance(x, str) and x.casefold() == "hidden"
                                                       for x in words):
            return ""
        return ("'hidden' is how a seat's view shows a card it may not see, inside 'seen by Player N: "
                "{...}'; outside it a check reads every card, as a referee does: to check what a seat "
                "sees, write the check inside 'seen by'")

    # one key of `expect`
    def one(self, key: str, want, at):
        s = self.s
        seen = _SEEN.match(key)
        if seen and key not in self.prog.global_names:
            return self.seen_by(seen.group(1).strip(), want, at)
        if key in RESERVED and key not in self.prog.global_names:
            return self.reserved(key, want, at)
        m = W._PLAYER.match(key)
        if m or key in self.prog.sides:
            seat = int(m.group(1)) - 1 if m else self.n + self.prog.sides.index(key)
            # the example names one of this game's own values of a player (a hand, a score), not another game's
            example = f"{{{self.prog.player_names[0]}: ...}}" if self.prog.player_names else "{points: 3}"
            if m and not 0 <= seat < self.n or not isinstance(want, dict):     # Player 4 of 3 is not the side
                raise self.unknown(f"{_q(key)} should be a player of this game (Player 1 to Player {self.n}) "
                                   f"with a mapping of values, e.g. {example}.", at)
            if not want:
                raise self.unknown(f"{_q(key)}: '{{}}' names none of the player's values, so it would hold whatever "
                                   f"the rules did; name a value to check, e.g. {example}.", at)
            # every value named is checked, so one wrong value does not hide the next
            _each(lambda name=name, w=w: self.player_value(seat, str(name), w, where_key(want, name))
                  for name, w in want.items())
            return
        if key in self.prog.kinds:
            return self.things(key, want, at)
        if key in self.prog.dice:      # a die's faces, as its line declares them: the odds the rules print
            return self.compare(f"The faces of the die {_q(key)}", "list:" + self.prog.face_types[key],
                                self.prog.dice[key], want, at)
        im = _INDEXED.match(key)
        base = im.group(1) if im else key
        if base in self.prog.global_names:
            slot = self.prog.global_names.index(base)
            t, v = self.prog.global_types[slot], s.data["globals"][slot]
            if im:
                t, v = self.index(key, t, v, int(im.group(2)), at)
            return self.compare(key, t, v, want, at)
        cm = _CALL.match(key)
        name, args = (cm.group(1), [a.strip() for a in cm.group(2).split(",") if a.strip()]) if cm else (key, [])
        if name in self.prog.define_types:
            try:
                got = s.evaluate(name, *[_scalar(a) for a in args])
            except api.PositionError as e:
                raise self.unknown(str(e), at) from None
            except api.RuleError as e:
                raise self.unknown(f"{_q(key)} cannot be worked out now: {e}", at) from None
            return self.compare(key, self.prog.define_types[name][1], got, want, at, shown=True)
        names = list(self.prog.global_names) + list(self.prog.kinds) + list(self.prog.dice) + list(self.prog.define_types) \
            + list(RESERVED)
        hint = did_you_mean(key, names)
        called = re.fullmatch(r"\s*([A-Za-z_]\w*)\s*\((.*)\)\s*", key)
        if not hint and called:         # `scor(Player 1)`: the definition's name alone is misspelt
            guess = did_you_mean(called.group(1), list(self.prog.define_types))
            hint = guess.replace(f"'{guess.split(chr(39))[1]}'", f"'{guess.split(chr(39))[1]}({called.group(2)})'") \
                if guess else ""
        variant = "" if hint else self.r.variant_hint(s.game, ("variable", key))
        if variant:
            raise _Stop(self.r.fail("T030", f"{_q(key)} is not a variable, zone, kind, definition or expectation of "
                                    "this game.", at, hint=variant))
        if key.count("(") != key.count(")"):
            # `{on_tile(B2, Player 4): 3}`: YAML ends a key inside { } at ', ', cutting the call in two
            whole = f"{key}, ...)" if "(" in key else f"...(..., {key}"
            hint = (f"inside {{ }} YAML ends a key at each ', ', which cuts a definition's arguments apart; "
                    f"write the whole key in quotes, {W.quote(whole)}.")
        if not hint and re.fullmatch(r"\s*\d+\s*", str(key)) and 0 < int(key) <= 16:
            hint = f"a player is written as the game shows them: 'Player {int(key)}'"     # `1: {position: 3}`
        if not hint and not called:     # nothing close: say what there is, which a file cannot guess
            hint = W.name_hint(self.prog, key)
        elif not hint and self.prog.define_types:     # a definition asked with values: the definitions
            hint = f"its definitions are {W.listed(sorted(self.prog.define_types))}"
        raise self.unknown(ended(f"{_q(key)} is not a variable, zone, kind, definition or expectation of this game",
                                 hint), at)

    def seen_by(self, who: str, want, at):
        """`seen by Player 2: {deck: {lacks: [Chocolate]}, Player 1: {hand: [hidden, hidden]}}`: the
        game's variables, zones, players' values and things' fields as that seat's view shows them
        (`view.redacted_state`), where a card the seat may not see is `hidden` (or `none`), one for
        each, so its count is still known. `seen by a spectator` is the view of nobody at the table."""
        key = f"seen by {who}"
        if who.casefold() in _SPECTATOR:
            seat, viewer = None, "a spectator"
        else:
            m = W._PLAYER.match(who)
            if not m or not 1 <= int(m.group(1)) <= self.n:
                raise self.unknown(f"{_q(key)} should name a player of this game (Player 1 to Player {self.n}) or "
                                   "'a spectator', whose view the checks inside read.", at)
            seat, viewer = int(m.group(1)) - 1, f"Player {m.group(1)}"
        if not isinstance(want, dict) or not want:
            raise self.unknown(f"{_q(key)} should be a mapping of what {viewer} sees, e.g. {{deck: [hidden, hidden]}} "
                               "or {Player 1: {hand: {lacks: [...]}}}.", at)
        sees = _SeenExpectations(self.r, _SeenState(self.s, api.redacted_state(self.prog, self.s.data, seat)))
        # every key is checked, so a wrong option does not hide a wrong hand
        _each(lambda name=name, w=w: self.seen_one(sees, seat, viewer, key, str(name), w, where_key(want, name))
              for name, w in want.items())

    def seen_one(self, sees, seat, viewer: str, key: str, name: str, w, kat):
        """One key of `seen by`: what the seat is asked, or a value as its view shows it."""
        if name in _ASKED and name not in self.prog.global_names:
            return self.asked(seat, viewer, name, w, kat)
        im = _INDEXED.match(name)
        own = (name in self.prog.kinds or W._PLAYER.match(name) or name in self.prog.sides
               or (im.group(1) if im else name) in self.prog.global_names)
        if not own:
            raise self.unknown(f"{_q(key)} checks the game's variables, zones, players' values and things' fields "
                               f"as {viewer} sees them, and the options and prompt {viewer} is asked; "
                               f"{_q(name)} is none of those (check it outside {_q(key)}, as the referee sees "
                               "it).", kat)
        try:
            sees.one(name, _hidden_words(w, self.prog), kat)
        except _Stop as stop:
            _seen_said(stop, viewer)
            raise

    def asked(self, seat, viewer: str, key: str, want, at):
        """`seen by Player 2: {options: [...]}` (or `offered`, `not offered`, `prompt`): what the
        pending decision asks that seat, which in a secret choice is its own. A seat not asked
        is told so, with who is asked what, since its options would be none whatever the rules did."""
        s = self.s
        if seat is None or s.is_over or s.pending is None or seat not in s.pending.players:
            if s.is_over or s.pending is None:
                now = ("the game is over, so nobody is asked anything" if s.is_over else
                       "nobody is asked anything while the rules run")
            else:
                now = "; ".join(f"{W.show(self.prog, 'player', p, self.n)} is asked {W.quote(s.prompt(p))}"
                                for p in s.pending.players)
            who = "A spectator" if seat is None else viewer
            raise self.unknown(f"{who} is not asked anything here; {now}.", at,
                               "'seen by' a seat checks the options and prompt of a seat that is asked now")
        try:
            _Expectations(self.r, _AskedState(s, seat)).reserved(key, want, at)
        except _Stop as stop:
            _seen_said(stop, viewer)
            self.about_asking.update(id(f) for f in stop.failures)     # no hint that a move is under way
            raise

    def index(self, key, t, v, k, at):
        if not t.startswith("list:list:"):
            raise self.unknown(f"{_q(key)}: only a numbered zone (zone NAME[N]) is indexed like this.", at)
        if not 0 <= k < len(v):
            raise self.unknown(f"{_q(key)}: the zones are numbered 0 to {len(v) - 1}.", at)
        return t[5:], v[k]

    def player_value(self, seat, name, want, at):
        im = _INDEXED.match(name)
        base = im.group(1) if im else name
        label = f"{W.show(self.prog, 'player', seat, self.n)}'s {name}"
        if base not in self.prog.player_names:
            variant = self.r.variant_hint(self.s.game, ("player value", base))
            if variant:
                raise _Stop(self.r.fail("T030", f"This game has no player value {_q(base)}.", at, hint=variant))
            hint = W.player_value_hint(self.prog, base, setting=False)
            raise self.unknown(ended(f"This game has no player value {_q(base)}", hint), at)
        slot = self.prog.player_names.index(base)
        row = self.s.data["players"][seat] if seat < self.n else self.s.data["sides"][seat - self.n]
        t, v = self.prog.player_types[slot], row[slot]
        if im:
            t, v = self.index(label, t, v, int(im.group(2)), at)
        self.compare(label, t, v, want, at, seat=seat + 1 if seat < self.n else None)

    def things(self, kind, want, at):
        if not isinstance(want, dict):
            raise self.unknown(f"'{kind}' should be a mapping of things to their fields, e.g. {{NAME: {{FIELD: VALUE}}}}.", at)
        fields = self.prog.field_types.get(kind, {})
        if not want:
            raise self.unknown(f"'{kind}': '{{}}' names no {kind}, so it would hold whatever the rules did; name one "
                               "with its fields, e.g. {NAME: {FIELD: VALUE}}.", at)
        # every thing and field named is checked, so one wrong thing does not hide the next
        _each(lambda thing=thing, fw=fw: self.thing(kind, fields, want, thing, fw) for thing, fw in want.items())

    def thing(self, kind, fields, want, thing, fw):
        tat = where_key(want, thing)
        if thing == "every" and fw == {}:      # a thing named with {} is there; every one always is
            raise self.unknown(f"'{kind}' 'every': '{{}}' names no field, so it would hold whatever the rules "
                               "did; name a field to check, e.g. {every: {FIELD: VALUE}}.", tat)
        if thing == "every":      # every thing not named in the same mapping
            named = {i for other in want if other != "every"
                     for i in W.thing_candidates(self.prog, kind, other, self.n)}
            targets = [i for i in range(self.prog.kinds[kind]) if i not in named
                       and W.in_game(self.prog, kind, i, self.n)]
        else:
            targets = W.thing_candidates(self.prog, kind, thing, self.n)
            if len(targets) != 1:
                raise self.unknown(f"{kind} {W.quote(thing)}: " + (
                    f"{len(targets)} {kind}s have this name; name one as '{thing} #1'." if targets
                    else f"{W._unknown_thing(self.prog, kind, thing, self.n)}."), tat)
        if not isinstance(fw, dict):
            raise self.unknown(f"{kind} {W.quote(thing)} should be a mapping of fields, e.g. "
                               f"{W.fields_example(self.prog, kind)}.", tat)
        _each(lambda fname=fname, w=w: self.field(kind, fields, thing, targets, fname, w, where_key(fw, fname))
              for fname, w in fw.items())

    def field(self, kind, fields, thing, targets, fname, w, fat):
        if fname not in fields:
            if fname in self.prog.static.get(kind, {}):     # as a set says it
                raise self.unknown(f"{kind} {W.quote(thing)} {fname}: it is printed on the {kind} and never "
                                   "changes, so there is nothing to check; check a changing field.", fat)
            hint = W.field_hint(self.prog, kind, fname)
            raise self.unknown(ended(f"A {kind} has no changing field {_q(fname)}", hint), fat)
        wrong = []          # (name, failure) of each thing whose field is not as expected
        for i in targets:
            name = self.prog.kind_names[kind][i]
            try:
                self.compare(f"{kind} '{name}' {fname}", fields[fname], self.s.data["fields"][kind][fname][i], w, fat)
            except _Stop as stop:
                if not stop.failures[0].got:        # the file's mistake (words naming nothing): said once
                    raise
                wrong.append((name, stop.failures[0]))
        if len(wrong) == 1 or thing != "every" and wrong:
            raise _Stop(wrong[0][1])
        if wrong:           # `every`: one failure naming each thing that is not as expected
            first = wrong[0][1]
            got = "; ".join(f"{W.quote(name)}: {f.got}" for name, f in wrong[:12])
            got += f"; ... ({len(wrong)} in all)" if len(wrong) > 12 else ""
            raise _Stop(self.r.fail(
                "T030", f"{kind} {fname} should be {_said(w)} for every {kind} not named beside 'every', but "
                f"{len(wrong)} are not: {', '.join(W.quote(n) for n, _ in wrong[:6])}"
                + (f" and {len(wrong) - 6} more." if len(wrong) > 6 else "."), fat, first.expected, got))

    # comparing a value with the words expected
    def words(self, t, v):
        """A value of the game in words, as a failure shows it."""
        return W.show(self.prog, t, v, self.n)

    def compare(self, what, t, v, want, at, shown=False, seat=None):
        """Check value `v` of type `t` against the words `want` (`seat`, 1 for Player 1: whose value
        it is, for the hint of a misnamed thing of their own)."""
        got = v if shown else self.words(t, v)
        if isinstance(want, dict):
            return self.operators(what, t, v, got, want, at, shown)
        if t.startswith("list:list:") and isinstance(want, list) and isinstance(v, list) and want \
                and all(isinstance(x, (dict, list)) for x in want) and (len(want) != len(v) or any(isinstance(x, dict) for x in want)):
            # a numbered zone's zones, one check each: `pile: [{count: 3}, {count: 3}, []]`; a list
            # of another length misses a zone (an unused pile of a smaller game is still there)
            if len(want) != len(v):
                raise self.unknown(f"{what}: the game has {len(v)} of these zones, numbered 0 to {len(v) - 1}, "
                                   f"but {len(want)} are checked; give one list or check for each, or check "
                                   f"one zone by its number, {_q(what.rsplit(' ', 1)[-1] + '[0]')}.", at)
            return _each(lambda i=i: self.compare(f"{what}[{i}]", t[5:], v[i], want[i], at, shown, seat)
                         for i in range(len(v)))
        want = W.truths(t, want)         # `no` where the game has a truth is false, as in the data files
        ok = _same(got, want) if shown else W.matches(self.prog, t, v, want, self.n)
        if not ok:      # words that name nothing of the kind are the file's mistake, not the game's
            try:
                W.check_words(self.prog, t, want, self.n, seat)
            except W.WordsError as e:
                # a number or truth in words (`rolls: two`): what the game keeps, and what it has now
                hint = f"write a whole number in digits (the game has {_said(got)} now)" if t == "int" and \
                    type(got) is int else f"write true or false (the game has {_said(got)} now)" if t == "bool" else \
                    f"write the seat as the game names it: Player {want}" if t == "player" and type(want) is int \
                    and 1 <= want <= self.n else \
                    f"a list is written in [ ]; to check how many it holds, write {{count: {want}}}" \
                    if t.startswith("list:") and type(want) is int else self.hidden_hint(want)
                # the value as it is, so one run shows what to write (`deck: [x]` showed nothing)
                raise self.unknown(_sentence(f"{what}: {e}"), at, hint, got=_fmt(got)) from None
            if not shown and W.numbered_words(want):    # `Chocolate #4` expected: say which chocolate is there
                got = W.show_numbered(self.prog, t, v, self.n)
            hint = self.rest_hint(what, len(want), len(got)) if isinstance(want, list) and isinstance(got, list) else ""
            if isinstance(want, list) and isinstance(got, list) and len(want) > 1 and \
                    sorted(str(x).casefold() for x in want) == sorted(str(x).casefold() for x in got):
                # a hand passed on, cards moved one by one: the order is the rules', and may not matter
                hint = (f"the same items in another order: a list is checked in order; in any order, "
                        f"write {{has: {_fmt(want)}, count: {len(want)}}}")
            raise self.bad(what, want, got, at, hint=hint)

    def operators(self, what, t, v, got, want, at, shown):
        self.some_check(what, want, at)
        unknown = [k for k in want if k not in OPERATORS]
        if unknown:
            hint = did_you_mean(str(unknown[0]), OPERATORS)
            raise self.unknown(ended(f"{what}: {_q(unknown[0])} is not a check (the checks are {', '.join(OPERATORS)})",
                                     hint), at)
        elem = t[5:] if t.startswith("list:") else t

        def has(item_words, items, plain):
            if shown:
                return item_words in items
            return any(W.matches(self.prog, elem, x, item_words, self.n) for x in plain)

        def one(op, w):
            oat = where_key(want, op)
            if op in ("has", "lacks", "starts") and t.startswith("list:") and elem not in ("text", "any"):
                try:          # a misspelt name would make every 'lacks' hold
                    for item in (w if isinstance(w, list) else [w]):
                        W.check_words(self.prog, elem, item, self.n)
                except W.WordsError as e:       # the value as it is, so one run shows what to write
                    raise self.unknown(_sentence(f"{what} ({op}): {e}"), oat, self.hidden_hint(w), got=_fmt(got)) from None
            if op in ("at least", "at most"):
                if type(got) is not int:
                    raise self.unknown(f"{what} is {_said(got)}, not a number, so '{op}' does not apply.", oat)
                if type(w) is not int:
                    raise self.unknown(f"{what}: '{op}' needs a whole number, not {W.quote(w)}.", oat)
                if (got < w) if op == "at least" else (got > w):
                    raise self.bad(what, {op: w}, got, oat)
                return
            if op in ("has", "lacks", "starts"):
                self.some_items(what, op, w, oat)
            if op in ("has", "lacks") and not isinstance(got, list) and t not in ("text", "any"):
                # One thing, player or enum value: 'has' is that value, 'lacks' is none of these (never a
                # search in its name, where a misspelt 'lacks' would hold whatever the rules did).
                for item in (w if isinstance(w, list) else [w]):
                    if not W.is_none(item):
                        try:
                            W.check_words(self.prog, t, item, self.n)
                        except W.WordsError as e:
                            raise self.unknown(_sentence(f"{what} ({op}): {e}"), oat) from None
                    same = _same(got, item) if shown else W.matches(self.prog, t, v, item, self.n)
                    if same != (op == "has"):
                        raise self.bad(f"{what} ({op} {_said(item)})", {op: w}, got, oat)
                return
            if isinstance(got, str) and op in ("has", "lacks", "starts"):
                texts = w if isinstance(w, list) else [w]
                for text in texts:
                    self.some_text(f"{what} ({op})", text, oat)
                    if op == "lacks":       # a word the rulebook never writes: no text of the game holds it
                        self.in_the_rulebook(text, f"{what} (lacks)", oat, "text the rules write", got)
                    hit = got.startswith(str(text)) if op == "starts" else str(text) in got
                    if hit != (op != "lacks"):
                        raise self.bad(f"{what} ({op} {W.quote(str(text))})", {op: w}, got, oat)
                return
            if not isinstance(got, list):
                raise self.unknown(f"{what} is {_said(got)}, not a list, so '{op}' does not apply.", oat)
            plain = v if isinstance(v, list) else []
            if op == "count":
                of = what[:1].lower() + what[1:] if what.startswith(("The ", "Who ", "What ")) else what
                if isinstance(w, dict) and t.startswith("list:thing:") \
                        and any(k not in ("at least", "at most") for k in w) \
                        and not any(did_you_mean(str(k), ("at least", "at most")) for k in w
                                    if k not in ("at least", "at most")):
                    # {count: {Graham Cracker: 20, Chocolate: 16}}: how many things of each name
                    self.count_by_name(of, elem, w, got, plain, shown, oat)
                    return
                if isinstance(w, dict):     # {count: {at least: 1}}: the count's bounds, as a number's
                    self.count_bounds(f"The count of {of}", len(got), w, oat, got)
                    return
                if type(w) is not int or w < 0:     # a check that could never hold
                    raise self.unknown(f"{what} (count): a count is a whole number from 0, or a check of one such as "
                                       f"{{at least: 1}}, not {W.quote(w)}.", oat)
                if len(got) != w:
                    raise self.bad(f"The count of {of}", w, len(got), oat,
                                   hint=self.rest_hint(what, w, len(got)) or f"the list is {_fmt(got)}")
            elif op in ("has", "lacks"):
                items = w if isinstance(w, list) else [w]
                if op == "has":
                    # several of one name need that many
                    pool = list(got) if shown else list(plain)
                    for item in items:
                        found = [i for i, x in enumerate(pool)
                                 if (x == item if shown else W.matches(self.prog, elem, x, item, self.n))]
                        if not found:
                            raise self.bad(f"{what} (has {_said(item)})", {op: w}, got, oat)
                        del pool[found[0]]
                else:
                    for item in items:
                        if has(item, got, plain):
                            raise self.bad(f"{what} (lacks {_said(item)})", {op: w}, got, oat)
            elif op == "starts":
                items = w if isinstance(w, list) else [w]
                head_plain, head = plain[:len(items)], got[:len(items)]
                ok = head == items if shown else W.matches(self.prog, t, head_plain, items, self.n)
                if not ok:
                    raise self.bad(f"{what} (starts)", {op: w}, got, oat)

        # every check of the mapping is made and each failure told: `{count: 41, lacks: [Ace]}`
        _each(lambda op=op, w=w: one(op, w) for op, w in want.items())

    def count_by_name(self, of: str, elem: str, want: dict, got: list, plain: list, shown: bool, at):
        """`count: {Graham Cracker: 20, Chocolate: 16}`: the things of each name in the list, each
        count a whole number from 0 or a check of one (`{at least: 1}`). Names the kind has not are
        refused, as a bound mixed in is: it would count nothing."""
        named = next(k for k in want if k not in ("at least", "at most"))
        for bound in ("at least", "at most"):
            if bound in want:
                raise self.unknown(f"The count of {of}: {_q(bound)} mixed with names; a count by name gives each name "
                                   f"its own count or check, {{count: {{{named}: {{{bound}: {want[bound]}}}}}}}.",
                                   where_key(want, bound))
        for name, n in want.items():
            nat = where_key(want, name)
            try:
                W.check_words(self.prog, elem, name, self.n)
            except W.WordsError as e:
                raise self.unknown(_sentence(f"The count of {of} ({name}): {e}"), nat) from None
            found = sum(1 for x in (got if shown else plain)
                        if (_same(x, name) if shown else W.matches(self.prog, elem, x, name, self.n)))
            what = f"The count of {name} in {of}"
            if isinstance(n, dict):
                self.count_bounds(what, found, n, nat, got)
            elif type(n) is not int or n < 0:
                raise self.unknown(f"{what}: a count is a whole number from 0, or a check of one such as "
                                   f"{{at least: 1}}, not {W.quote(n)}.", nat)
            elif found != n:
                raise self.bad(what, n, found, nat, hint=f"the list is {_fmt_some(got)}")

    def count_bounds(self, what, count: int, want: dict, at, got):
        """`count: {at least: 1, at most: 3}`: a count checked as a number is, by its bounds; every
        bound is a whole number from 0 (a bound below 0 would hold whatever the rules did)."""
        self.some_check(what, want, at)
        for op, w in want.items():
            oat = where_key(want, op)
            if op not in ("at least", "at most"):
                hint = did_you_mean(str(op), ("at least", "at most"))
                raise self.unknown(ended(f"{what}: {_q(op)} is not a check of a count (a count is a whole number, "
                                         "or has the checks 'at least' and 'at most')", hint), oat)
            if type(w) is not int or w < 0:
                raise self.unknown(f"{what}: '{op}' needs a whole number from 0, not {W.quote(w)}.", oat)
            if (count < w) if op == "at least" else (count > w):
                raise self.bad(what, {op: w}, count, oat, hint=f"the list is {_fmt_some(got)}")

    def some_check(self, what, want: dict, at):
        """`{}` where checks belong names none, so it would hold whatever the rules did: refused."""
        if not want:
            raise self.unknown(f"{what}: '{{}}' names no check, so it would hold whatever the rules did; write the "
                               "value itself, or a check such as {count: 3}.", at)

    def some_items(self, what, op, w, at):
        """`has: []` (or `lacks`, `starts`, `offered`) names nothing to look for: refused."""
        if w == []:
            raise self.unknown(f"{what}: '{op}: []' names nothing, so it would hold whatever the rules did; "
                               "name what to look for.", at)

    def some_text(self, what, text, at):
        """An empty (or blank) text is part of every text, so looking for it would hold whatever the
        rules did (or never hold): refused."""
        if not W.written(text).strip():
            raise self.unknown(f"{what}: an empty text is part of every text, so the check would hold whatever the "
                               "rules did; name the words to look for.", at)

    def offered_holding(self, x, options: list):
        """The option `x` names, as a move would find it (`State.find_option`): the same label (words
        in any order), else one of the same form with the same values ("Take 3 gems" for "Take 3
        gems from pile 1"), else, for a text not written as a whole label,
        one holding it. So 'not offered' holds exactly when a move of the same words would find
        nothing to make."""
        hit = _label_named(x, options)
        if hit is None:
            found = W.labels_fitting(str(x), options, True, self.prog.label_patterns)
            hit = options[found[0]] if found else None
        return hit

    def in_the_rulebook(self, x, what: str, at, holder="option", shown=None):
        """A label claimed not offered (or a text a log lacks) that holds a word its rulebook never
        writes (`Teleport to Dark Pit`, where no rule, data file or option form says "teleport")
        names nothing the game could ever offer or say, so the check would hold whatever the rules
        do: refused."""
        words = self.r.vocabulary(self.s.game)
        strange = [w for w in _label_words(str(x)) if words and w not in words]
        if strange:
            hint = did_you_mean(strange[0], words) or "write the words as the game shows them"
            raise _Stop(self.r.fail("T030", f"{what}: {_q(x)} holds the word '{strange[0]}', which this game's "
                                            f"rulebook never uses, so no {holder} could ever hold it and the check "
                                            "would hold whatever the rules do.", at, f"not {_fmt(x)}",
                                    _fmt(shown) if isinstance(shown, str) else
                                    _fmt_some(self.s.options() if shown is None else shown), hint,
                                    file_mistake=True))

    def not_a_near_miss(self, x, options: list, at):
        """A label claimed not offered that is one letter or some punctuation away from an option
        ('Play Ace' beside 'Play Ace!') would hold whatever the rules do: refused."""
        near = W.near_miss(str(x), options)
        if near is not None:
            raise _Stop(self.r.fail("T030", f"{_q(x)} is not an option, but '{near}' is, which it almost names: the "
                                            "check would hold whatever the rules do.", at, f"not {_fmt(x)}",
                                    _fmt_some(options), "write the label exactly as the game shows it",
                                    file_mistake=True))

    def misfit_hint(self, key, want) -> str:
        """The fix for a misfit `misfit` told, where it is plain: seats written as numbers ([2, 3]
        for 'deciding' or 'winners') written as the game names them."""
        items = want if isinstance(want, list) else [want]
        if key in ("winners", "deciding") and any(type(x) is int for x in items):
            named = [f"Player {x}" if type(x) is int else str(x) for x in items]
            return (f"write the seats as the game names them: {key}: "
                    + (f"[{', '.join(named)}]" if isinstance(want, list) else named[0]))
        return ""

    # the expectations that are not the game's names
    def misfit(self, key, want) -> str:
        """Why `want` cannot be what the expectation `key` (one that is not the game's own name)
        checks, as a sentence: a value of the wrong kind (a list where a text belongs, `maybe` for
        `over`, `nobody` for `current`), which compared would only fail as a mismatch, or show
        Python's words for it; "" when it fits. Each key's words are in docs/scenarios.md."""
        seats = "Player 1" if self.n == 1 else f"Player 1 to Player {self.n}"
        players = seats + "".join(f", {side}" for side in self.prog.sides)

        def scalar(x) -> bool:
            return not isinstance(x, (list, dict)) and x is not None

        def listing(noun: str, fits, checks: bool, note: str = "") -> str:
            """`want`: one item or a list of items that `fits`, or (with `checks`) a mapping of checks."""
            if isinstance(want, dict):
                if not checks:
                    return f"{_q(key)} lists {noun}, not a mapping."
                for op, w in want.items():       # the items a has, lacks or starts looks for
                    if op in ("has", "lacks", "starts"):
                        for x in (w if isinstance(w, list) else [w]):
                            if not fits(x):
                                return f"{_q(key)} ({op}) lists {noun}, not {_value_words(x)}." + colon_text(x)
                return ""
            items = want if isinstance(want, list) else [want]
            for i, x in enumerate(items):
                if not fits(x):
                    where = f"; item {i + 1} is {_value_words(x)}" if isinstance(want, list) else \
                        f", not {_value_words(x)}"
                    return f"{_q(key)} lists {noun}{where}." + (note if W.is_none(x) else "") + colon_text(x)
            return ""

        def colon_text(x) -> str:
            """A text with ': ' in it, unquoted in a YAML list, is read as a mapping of one key
            ([Storm: no trumps]): say so, and how to write it."""
            if isinstance(x, dict) and len(x) == 1:
                (k, v), = x.items()
                if scalar(k) and (scalar(v) or v is None):
                    text = f"{k}: {'' if v is None else v}".rstrip()
                    return f" YAML reads a text holding ': ' as a mapping: quote it, \"{text[:80]}\"."
            return ""

        if key in ("options", "offered", "not offered"):
            return listing("option labels as texts", lambda x: isinstance(x, (str, int)), key == "options")
        if key in ("log", "said"):
            return listing("the lines the rules said, as texts", scalar, True)
        if key in ("winners", "deciding"):
            return listing(f"players by name ({players})", lambda x: isinstance(x, str) and not W.is_none(x),
                           True, " A game won by nobody has the winners []." if key == "winners" else
                           " When nobody decides, write [].")
        if key == "rolled":
            return listing("the faces the dice rolled, as numbers or names",
                           lambda x: isinstance(x, (str, int)) and not isinstance(x, bool), True)
        if key == "over":
            if type(want) is bool or isinstance(want, str) and want in W.TRUTHS:
                return ""
            return ended(f"{_q(key)} is true or false, not {_value_words(want)}",
                         did_you_mean(str(want), ["true", "false"]) if isinstance(want, str) else "")
        if key in ("reason", "prompt"):
            if scalar(want) or isinstance(want, dict) or want is None and key == "prompt":
                return ""
            what = "the reason the game ended" if key == "reason" else "the pending decision's question"
            return f"{_q(key)} is a text, {what}, not {_value_words(want)}."
        if key == "turn_number":
            if type(want) is int or isinstance(want, dict):
                return ""
            return f"{_q(key)} is a whole number, how many turns have begun, not {_value_words(want)}."
        if key == "current":
            names = [f"Player {k}" for k in range(1, self.n + 1)]
            if isinstance(want, str) and not W.is_none(want):
                try:
                    if W.read(self.prog, "player", want, self.n) < self.n:
                        return ""
                except W.WordsError:
                    pass
            if W.is_none(want):
                return (f"{_q(key)} is the player whose turn it is, by name ({seats}), not "
                        f"{_value_words(want)}: there is always a current player.")
            return ended(f"{_q(key)} is the player whose turn it is, by name ({seats}), "
                         f"not {_value_words(want)}", did_you_mean(str(want), names) if isinstance(want, str) else "")
        if key == "scores":
            def number(x) -> bool:
                return type(x) is int or isinstance(x, dict)
            shape = ("every seat's score in seat order as whole numbers (scores: [6, 0]), or some players' by "
                     "name (scores: {Player 1: 6})")
            if isinstance(want, list):
                bad = next((i for i, x in enumerate(want) if not number(x)), None)
                return "" if bad is None else f"{_q(key)} lists {shape}; item {bad + 1} is {_value_words(want[bad])}."
            if isinstance(want, dict):
                if any(k in OPERATORS for k in want):
                    return ""
                bad = next((k for k, x in want.items() if not number(x)), None)
                return "" if bad is None else (f"{_q(key)}: the score of {_q(bad)} is a whole number, not "
                                               f"{_value_words(want[bad])}.")
            return f"{_q(key)} lists {shape}, not {_value_words(want)}."
        return ""

    def reserved(self, key, want, at):
        s = self.s
        problem = self.misfit(key, want)
        if problem:
            raise self.unknown(problem, at, self.misfit_hint(key, want))
        if key == "options" and isinstance(want, dict):
            self.some_check("The options", want, at)
            if "lacks" in want:
                options = s.options()
                self.some_items("The options", "lacks", want["lacks"], where_key(want, "lacks"))
                for x in (want["lacks"] if isinstance(want["lacks"], list) else [want["lacks"]]):
                    self.some_text("The options (lacks)", x, where_key(want, "lacks"))
                    hit = self.offered_holding(x, options)
                    if hit is not None:
                        raise _Stop(self.r.fail("T030", f"The options should lack {_q(x)}, but '{hit}' is offered.",
                                                where_key(want, "lacks"), f"lacks {_fmt(x)}", _fmt_some(options)))
                    self.not_a_near_miss(x, options, where_key(want, "lacks"))
                    self.in_the_rulebook(x, "The options (lacks)", where_key(want, "lacks"))
                want = _without(want, "lacks")
                if not want:
                    return None
            if "has" in want:       # whole labels, as `options` lists them: a list's items in any order
                options, hat = s.options(), where_key(want, "has")
                self.some_items("The options", "has", want["has"], hat)
                pool = list(options)
                for x in (want["has"] if isinstance(want["has"], list) else [want["has"]]):
                    self.some_text("The options (has)", x, hat)
                    hit, numbered = _take_label(x, pool)
                    if hit is None:
                        part = self.offered_holding(x, options)
                        joined = _comma_split(x, want["has"], options) if isinstance(want["has"], list) else None
                        hint = (f"options with the same label are numbered: this one is '{numbered}'" if numbered else
                                _comma_quoted(joined) if joined else
                                f"'has' names whole labels; {_q(x)} is part of '{part}' ('offered' finds a part of a "
                                "label)" if part is not None and not _label_named(x, options) else
                                _nothing_offered(s, options) or did_you_mean(str(x), options)
                                or "the options are listed under 'got'")
                        said = ("it is offered fewer times than it is listed" if _label_named(x, options)
                                else "it is not offered")
                        raise _Stop(self.r.fail("T030", f"The options should have {_q(x)}, but {said}.",
                                                hat, f"has {_fmt(x)}", _fmt_some(options), hint))
                want = _without(want, "has")
                if not want:
                    return None
            return self.operators("The options", "list:text", s.options(), s.options(), want, at, True)
        if key in ("options", "offered", "not offered"):
            wanted = want if isinstance(want, list) else [want]
            options = s.options()
            if key != "options":        # `options: []` is a check: nothing is offered
                self.some_items(f"'{key}'", key, want, at)
                for x in wanted:
                    self.some_text(f"'{key}'", x, at)
            if key == "options":
                rest = list(options)
                for x in wanted:
                    hit, numbered = _take_label(x, rest)
                    if hit is None:
                        parts = [y.strip() for y in str(x).split(",")] if not isinstance(want, list) else []
                        joined = _comma_split(x, wanted, options) if isinstance(want, list) else None
                        hint = (f"options with the same label are numbered: this one is '{numbered}'" if numbered
                                else f"{_q(x)} is offered fewer times than it is listed" if _label_named(x, options)
                                # `options: Move 2, Rest`: one text to YAML, meant as a list
                                else f"the options are a list: write them in brackets, [{x}]"
                                if len(parts) > 1 and all(_label_named(y, options) for y in parts)
                                else _comma_quoted(joined) if joined
                                else _nothing_offered(s, options) or f"{_q(x)} is not offered")
                        raise self.bad("The options", wanted, options, at, hint=hint, got_line=_fmt_labels(options))
                if rest:
                    raise self.bad("The options", wanted, options, at, hint=f"'{rest[0]}' is offered too",
                                   got_line=_fmt_labels(options))      # every label whole: the case copies them
            elif key == "offered":
                for x in wanted:
                    if self.offered_holding(x, options) is None:
                        joined = _comma_split(x, wanted, options) if isinstance(want, list) else None
                        hint = _comma_quoted(joined) if joined else \
                            _nothing_offered(s, options) or W.another_number(str(x), options) \
                            or did_you_mean(str(x), options)
                        raise _Stop(self.r.fail("T030", f"{_q(x)} should be offered, but it is not.", at, _fmt(x),
                                                _fmt_labels(options), hint or "the options are listed under 'got'"))
            else:
                for x in wanted:
                    hit = self.offered_holding(x, options)
                    if hit is not None:
                        raise _Stop(self.r.fail("T030", f"{_q(x)} should not be offered, but it is ('{hit}').", at,
                                                f"not {_fmt(x)}", _fmt_some(options)))
                    self.not_a_near_miss(x, options, at)
                    self.in_the_rulebook(x, "'not offered'", at)
            return
        if key in ("log", "said"):
            # `said`: only the lines said since the last move or set, so an old line cannot answer
            new = min(s.said - self.r.said_mark, len(s.log))
            lines, what = (list(s.log), "The log") if key == "log" else \
                (list(s.log[len(s.log) - new:]) if new > 0 else [], "What was said since the last move")
            if isinstance(want, dict):
                return self.log_checks(want, at, lines, what)
            if want == []:      # as `options: []`: no line at all, not "these lines" of none
                if lines:
                    raise self.bad(what, [], lines[-8:], at, hint=f"it has {len(lines)} line{'s' * (len(lines) != 1)}")
                return None
            wanted = [W.written(x) for x in (want if isinstance(want, list) else [want])]
            at_line = 0      # several lines are said in the order listed, each line once per listing
            for i, line in enumerate(wanted):
                if line not in lines:
                    close = did_you_mean(line, lines)
                    if key == "said" and line in s.log:       # said, but before the last move or set
                        close = ("it was said before the last move or set; check it right after the step that "
                                 "says it, or with 'log', which checks every line kept")
                    if _ECHO.match(line) and not any(_ECHO.match(x) for x in lines):
                        close = _ECHO_HINT
                    joined = next((x for x in lines if i + 1 < len(wanted) and x.startswith(line + ", ")), None)
                    if joined is not None:     # `said: [Player 1 rolls 3, 4.]`: YAML cut the line at its commas
                        close = (f"YAML cuts an unquoted line inside [ ] at each ', ': the line {W.quote(joined)} "
                                 "was said; write it in quotes")
                    raise _Stop(self.r.fail("T030", f"{what} should have the line {W.quote(line)}, but it has not.",
                                            at, _fmt(line), _fmt(lines[-8:]), close or "the last lines are under 'got'"))
                found = next((k for k in range(at_line, len(lines)) if lines[k] == line), None)
                if found is None:
                    if wanted.count(line) > lines.count(line):
                        problem = (f"the line {W.quote(line)} {wanted.count(line)} times, but it has it "
                                   f"{lines.count(line)} time{'s' * (lines.count(line) != 1)}")
                    else:
                        problem = f"the line {W.quote(line)} after {W.quote(wanted[i - 1])}, but it comes before it"
                    raise _Stop(self.r.fail("T030", f"{what} should have {problem}.", at, _fmt(wanted),
                                            _fmt(lines[-8:]), "several lines are checked in the order listed"))
                at_line = found + 1
            return
        if key == "over":
            return self.compare_plain("Whether the game is over", s.is_over, W.truths("bool", want), at)
        if key in ("winners", "scores", "reason"):
            # mid-game, the scores are the `score` definition's now (winners and a reason wait for the end)
            if not s.is_over and not (key == "scores" and self.prog.score is not None):
                # no `score` to work out: the points are a variable of each player
                hint = ("this game has no 'define score', so its scores exist only at the end: check a player's "
                        "variable now, as 'Player 1: {points: 6}'") if key == "scores" else ""
                raise _Stop(self.r.fail("T030", f"The {key} should be {_said(want)}, but the game is not over.", at,
                                        _fmt(want), f"still playing: {s.pending.prompt if s.pending else ''}", hint))
            try:
                r = s.result if s.is_over else _ScoresNow(s.scores(), s.side_scores())
            except api.RuleError as e:
                raise self.unknown(f"The scores cannot be worked out now: {e}", at) from None
            if key == "reason":
                return self.compare_plain("The reason the game ended", r.reason, _text(want), at)
            if key == "scores" and isinstance(want, dict) and want and not any(k in OPERATORS for k in want):
                for who, score in want.items():      # {Player 1: 6, volcano: 3}: those players' scores
                    m = W._PLAYER.match(str(who))
                    if m and not 1 <= int(m.group(1)) <= self.n:
                        raise self.unknown(f"The scores: this game has Player 1 to Player {self.n}, not {_q(who)}.",
                                           where_key(want, who))
                    if not m and who not in self.prog.sides:
                        names = [f"Player {k}" for k in range(1, self.n + 1)] + list(self.prog.sides)
                        raise self.unknown(ended(f"The scores: {_q(who)} is not a player of this game (the scores are "
                                                 f"given by player, {', '.join(names)}, or as a list in seat order)",
                                                 did_you_mean(str(who), names)), where_key(want, who))
                    got = r.scores[int(m.group(1)) - 1] if m else r.side_scores[who]
                    self.compare_plain(f"{W.show(self.prog, 'player', int(m.group(1)) - 1, self.n) if m else who}'s "
                                       "score", got, score, where_key(want, who))
                return None
            if key == "scores" and isinstance(want, list) and any(isinstance(x, dict) for x in want):
                # [{at least: 0}, 3]: each seat's score checked as any number is, at its own item
                if len(want) != len(r.scores):
                    raise self.bad("The scores", want, r.scores, at,
                                   hint=f"the list gives every seat's score in seat order, {len(r.scores)} in all")
                _each(lambda i=i, w=w: self.compare_plain(
                    f"{W.show(self.prog, 'player', i, self.n)}'s score", r.scores[i], w, where_item(want, i))
                    for i, w in enumerate(want))
                return None
            if key == "scores":
                return self.compare_plain("The scores", r.scores, want, at)
            winners = list(r.winners) + [self.n + self.prog.sides.index(side) for side in r.sides]
            if isinstance(want, dict):      # `{has: [Player 2]}`: a shared win that holds Player 2, as `deciding`
                return self.operators("The winners", "list:player", winners,
                                      [W.show(self.prog, "player", p, self.n) for p in sorted(winners)], want, at, False)
            return self.compare_set("The winners", winners, want if isinstance(want, list) else [want], at)
        if key == "prompt":
            return self.compare_plain("The prompt", s.pending.prompt if s.pending else None, _text(want), at)
        if key == "deciding" and isinstance(want, dict):
            seats = s.pending.players if s.pending else []
            return self.operators("Who decides", "list:player", seats,
                                  [W.show(self.prog, "player", p, self.n) for p in seats], want, at, False)
        if key == "deciding":
            wanted = want if isinstance(want, list) else [want]
            return self.compare_set("Who decides", s.pending.players if s.pending else [], wanted, at)
        if key == "rolled":
            got = [face for _, face in s.rolls]
            if not isinstance(want, dict):
                want = want if isinstance(want, list) else [want]
            # a face no die has (7 of a six-sided die) is the file's mistake: a 'lacks' of it would hold;
            # a face in words ("Battle Royale") is compared as the face it names (battle_royale)
            faced = {}
            for op, faces in ({"": want} if isinstance(want, list) else want).items():
                faced[op] = faces
                if op in ("", "has", "lacks", "starts"):
                    try:
                        named = s.game.forced_results(list(faces) if isinstance(faces, list) else [faces])
                    except api.PositionError as e:
                        what = "'rolled'" if not op else f"'rolled' ({op})"
                        raise self.unknown(f"{what} lists the faces the dice rolled: {e}",
                                           where_key(want, op) if op else at) from None
                    named = [r.get("roll", x) for r, x in zip(named, faces if isinstance(faces, list) else [faces])]
                    faced[op] = named if isinstance(faces, list) else named[0]
            want = faced[""] if isinstance(want, list) else faced
            return self.compare_plain("The dice rolled since the last move", got, want, at)
        if key == "current":
            return self.compare("The current player", "player", s.current_player, want, at)
        if key == "turn_number":
            return self.compare_plain("The turn number", s.data["turn_number"], want, at)

    def log_checks(self, want: dict, at, log: list, what: str):
        """`log: {has: "goes first"}`: some line holds the text (`lacks`: none does); `count`, `at
        least` and `at most` count the lines kept (the last 30), or with `said` those said since
        the last move."""
        self.some_check(what, want, at)
        for op, w in want.items():
            if op not in ("has", "lacks"):
                one = LDict({op: w})        # located at its own line, as the other checks are
                one.lines = {op: where_key(want, op)}
                self.operators(what, "list:text", log, log, one, at, True)
                continue
            self.some_items(what, op, w, where_key(want, op))
            for text in (W.written(x) for x in (w if isinstance(w, list) else [w])):
                self.some_text(f"{what} ({op})", text, where_key(want, op))
                if op == "lacks":
                    self.in_the_rulebook(text, f"{what} (lacks)", where_key(want, op), "line the rules say", log[-8:])
                hit = next((line for line in log if text in line), None)
                if (hit is None) == (op == "has"):
                    said = f"the line '{hit}' holds it" if hit else "no line holds it"
                    echo = op == "has" and _ECHO_PART.search(text) and not any(_ECHO_PART.search(x) for x in log)
                    raise _Stop(self.r.fail("T030", f"{what} should {'not ' * (op == 'lacks')}have a line holding "
                                            f"{W.quote(text)}, but {said}.", where_key(want, op), _fmt(text),
                                            _fmt(log[-8:]), _ECHO_HINT if echo else "the last lines are under 'got'"))

    def compare_plain(self, what, got, want, at):
        if isinstance(want, dict):
            return self.operators(what, "list:any" if isinstance(got, list) else "any", got, got, want, at, True)
        if got != want or type(got) is not type(want) and not (isinstance(got, list) and isinstance(want, list)):
            raise self.bad(what, want, got, at)

    def compare_set(self, what, seats, want, at):
        try:
            wanted = sorted(W.read(self.prog, "player", w, self.n) for w in want)
        except W.WordsError as e:
            raise self.unknown(f"{what}: {e}.", at) from None
        if sorted(seats) != wanted:
            raise self.bad(what, want, [W.show(self.prog, "player", p, self.n) for p in sorted(seats)], at)


class _SeenExpectations(_Expectations):
    """The checks inside `seen by`: a card the seat may not see is shown as `hidden`, as the
    file writes it, never as `none` (which reads as an empty place)."""

    def words(self, t, v):
        return _hidden_shown(v, super().words(t, v))

    def bad(self, what: str, want, got, at, hint="", got_line: str | None = None) -> _Stop:
        # the file's `hidden` was read as `none` to compare; echo it as the file wrote it
        return super().bad(what, _none_shown_hidden(want, self.prog), got, at, hint, got_line)


# "Player 2 chose: Play Ace" and "Player 2 has chosen." are how `tabletop play` shows an answer
# (session.py), never a line the rules say: a tester who read them on the screen expects them in
# the log, and is told where they come from.
_ECHO = re.compile(r"^.+? (chose: .+|has chosen\.)$")
_ECHO_PART = re.compile(r"\bchose: |\bhas chosen\b")
_ECHO_HINT = ("the terminal shows each answer so ('Player 2 chose: ...', or 'Player 2 has chosen.' for a secret "
              "one), but an answer is not a line the rules say, and the log holds only those: check what the "
              "answer did, or who is still 'deciding'")


def _without(mapping, key):
    """A mapping read from the file without `key`, its other keys still located at their lines."""
    out = LDict((k, v) for k, v in mapping.items() if k != key)
    out.where, out.lines = getattr(mapping, "where", (1, 1)), getattr(mapping, "lines", {})
    return out


def _text(w):
    """A text expected (a reason, a prompt) as the file's words: `reason: 5` is the text 5."""
    return W.written(w) if isinstance(w, (int, float)) else w


def _label_words(text: str) -> list:
    """The words of a text, casefolded, without numbers; `no_role` is two words, as shown, and
    "Player 2's" is one (the engine writes whose a thing is so, `words.owned_name`)."""
    text = re.sub(r"['’]s\b", "", text.casefold())
    return [w for w in re.findall(r"[^\W_]+", text) if not w.isdigit()]


def _scalar(text: str):
    """An argument written inside an expectation's key: a number, a truth, or words."""
    if re.fullmatch(r"-?\d{1,18}", text):
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    return text


# ---------------------------------------------------------------------------- reporting
def render(report: Report, verbose: bool = False) -> str:
    """The report as text for people: each failure like a compiler's diagnostic (file:line:col,
    the line of the file with a caret, what was expected and what happened), then a summary."""
    from tabletop.dsl.diagnostics import render as render_diagnostic
    out = []
    for f in report.errors:
        out.append(render_diagnostic(f.diagnostic(), report.sources))
    for c in report.cases:
        if verbose:
            out.append(f"{c.file}:{c.line}: {'ok' if c.ok else 'FAILED'}: {c.name}")
        for f in c.failures:
            text = render_diagnostic(Diagnostic(f.code, f"'{c.name}': {f.message}", Span(f.file, f.line, f.column),
                                                f.hint), report.sources)
            extra = [f"     = expected: {f.expected}"] * bool(f.expected) + [f"     = got: {f.got}"] * bool(f.got)
            out.append("\n".join([text, *extra]))
    for f in report.warnings:
        out.append(render_diagnostic(Diagnostic(f.code, f"'{f.case}': {f.message}", Span(f.file, f.line, f.column),
                                                f.hint, "warning"), report.sources))
    total = len(report.cases)
    failed = sum(1 for c in report.cases if not c.ok)
    summary = f"{total} case{'s' * (total != 1)}: {total - failed} passed, {failed} failed"
    if report.warnings:
        summary += f" ({len(report.warnings)} warning{'s' * (len(report.warnings) != 1)})"
    if report.errors:
        summary += f"; {len(report.errors)} scenario file{'s' * (len(report.errors) != 1)} could not be used"
    out.append(summary)
    return "\n\n".join(out) if not verbose else "\n".join(out)
