"""The loader: a rulebook folder or file -> one merged list of declarations plus its data.

It reads `.rules` files (a folder's `game.rules` first, then the others by name), follows
`include` and `extends`, applies `replace`, `remove` and `extend` (an `extend choose` grows a
copy of the base rule with its menu's options changed, an `extend table` or `extend display` a copy
of the table or display with its new entries or lines, so no later pass knows it was extended),
and reads each kind's YAML data file, validated against `schemas/rulebook-data.schema.json`
narrowed by the kind's declared fields, so a data error points at the YAML line. Every file it
reads is inside the rulebook's own folder (a variant's: its game's folder) and is read through
`dsl/files.py`; YAML is checked for depth and for aliases that would expand beyond
`MAX_YAML_NODES` before it is built. It must not check names or types (the checker does) and
must not execute anything: YAML is read with the safe loader only.
"""
from __future__ import annotations

import dataclasses
import datetime
import functools
import importlib.machinery
import importlib.util

import os
import re
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path


from . import ast as A
from .collector import collector_paused
from .diagnostics import (Diagnostic, RulebookError, Sources, Span, closest, data_words, echo,
                          did_you_mean, word_at, yaml_misread, yaml_syntax_hint)
from .builtins import MAX_DIGITS
from .files import MAX_FILE_BYTES, FileProblem, RulebookFolder
from .texts import TEXT_OR_COMMENT
from .parse_cache import keep_records, kept_records, parse_file, records_key
from .quick_schema import surely_fits
from tabletop import data_dir

RULEBOOKS = data_dir("rulebooks")
SCHEMAS = data_dir("schemas")
MAX_RECORDS = 5_000
MAX_CHAIN = 64                # files read one inside another by 'extends' and 'include'
COPIES = "count"          # a data record's key for how many copies of it to make, never a field
MAX_YAML_DEPTH = 20           # a data file is a key, a list of records, and their fields' lists
MAX_YAML_NODES = 200_000      # values in a data file once its aliases are expanded
MAX_NUMBER = 10 ** MAX_DIGITS - 1
VARIANT_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")

__all__ = ["Program", "load_program", "find_rulebook", "note_changes", "MAX_FILE_BYTES", "MAX_RECORDS"]


@dataclass
class Program:
    """What the loader hands the checker."""
    root: str
    decls: list
    data: dict = field(default_factory=dict)       # kind name -> list of records (with "_line")
    data_files: dict = field(default_factory=dict)  # kind name -> file name
    sources: Sources = field(default_factory=Sources)
    variant: str | None = None
    data_problems: list = field(default_factory=list)   # errors in data files, reported with the checker's
    syntax_problems: list = field(default_factory=list)  # syntax errors, reported with the checker's
    change_problems: list = field(default_factory=list)  # a variant's changes left out (`Loader.skip`), likewise
    broken_names: set = field(default_factory=set)      # names the declarations with syntax errors declare
    data_failed: set = field(default_factory=set)       # kinds whose data could not be read
    unread_data: list = field(default_factory=list)     # data files of the rulebook (or variant) no kind reads
    data_read: set = field(default_factory=set)         # the real paths of the data files read
    changes: dict = field(default_factory=dict)         # name -> ("removed", "replaced" or "retyped", the span, ...)
    added_values: dict = field(default_factory=dict)    # a value an `extend enum`/`extend option` added -> its word's span
    cut_short: list = field(default_factory=list)       # (an `extend`, the base's `return` that skips its steps)
    ends_dropped: list = field(default_factory=list)    # (a variant's `replace` or `remove`, the base's declaration
                                                        # it dropped, which said `end game`)
    data_warnings: list = field(default_factory=list)   # warnings about data files (W117), reported with the checker's

    def data_value_span(self, file: str, line: int, key: str, index: int | None = None) -> Span | None:
        """Where a data record (of `file`, starting at `line`) writes a field's value, or one item
        of its list: for the checker's errors about values (`record_value_span`)."""
        return record_value_span(self.sources, file, line, key, index)


def variant_name_for(name: str, folder: Path | None = None) -> str:
    """A variant's name made from a file's name that cannot be one: "Calm Seas" -> "calm_seas", or
    "calm_seas_2" when `folder` already holds a calm_seas.rules."""
    base = re.sub(r"[^a-z0-9_-]+", "_", name.strip().lower()).strip("_") or "variant"
    out, n = base, 1
    while folder is not None and os.path.lexists(folder / f"{out}.rules"):
        n += 1
        out = f"{base}_{n}"
    return out


def resolve_game_path(game: str) -> Path:
    """A GAME argument: a path to a folder or file, or a folder name under rulebooks/."""
    p = Path(game)
    if p.exists():
        return p
    q = RULEBOOKS / game
    if q.is_dir() and Path(os.path.realpath(q)).parent == Path(os.path.realpath(RULEBOOKS)):
        return q         # a bundled rulebook by its name (never a path that leaves the bundle)
    return p


def variant_files(folder: Path) -> list:
    """A rulebook folder's variant files, variants/*.rules, in name order (whatever their names:
    the loader says which cannot be a variant's)."""
    return sorted(Path(folder, "variants").glob("*.rules"))


def find_rulebook(game: str) -> Path:
    """The rulebook a GAME names: a folder, a regular `.rules` file (links followed), or the name of
    a bundled rulebook. Anything else raises RulebookError (E001 nothing there, E002 something that
    is not a rulebook), so a name taken from a save file cannot make the loader read another file."""
    try:
        path = resolve_game_path(game)
        exists = path.exists()
    except (OSError, ValueError):          # a NUL in the name, a name too long
        path, exists = Path(game), False
    if not exists and os.path.islink(path):      # a link in a loop, or to nothing
        raise RulebookError([Diagnostic("E002", f"'{game}' is a symbolic link that leads to no file "
                                                "(to a missing file, or round in a loop).", Span(game))])
    if not exists:
        known = sorted(p.name for p in RULEBOOKS.iterdir() if p.is_dir()) if RULEBOOKS.exists() else []
        raise RulebookError([Diagnostic("E001", f"There is no rulebook '{game}'.", Span(game),
                                        did_you_mean(game, known) or (f"rulebooks: {', '.join(known)}" if known else ""))])
    if path.is_dir():
        return path
    real = os.path.realpath(path)
    if real.endswith(".rules") and str(path).endswith(".rules") and stat.S_ISREG(os.stat(real).st_mode):
        return path
    raise RulebookError([Diagnostic("E002", f"'{game}' is not a rulebook: give a rulebook's folder or a .rules file.",
                                    Span(game))])


def _yaml_reader() -> str:
    """Which YAML reader `_yaml` reads data files with, "libyaml" or "python": the two read some
    texts apart (`{name: What? Toast}` is a mistake to PyYAML's own), so records one kept are not
    the other's. From PyYAML itself once imported, else from its files, so that a check whose data
    files are kept still does not import it."""
    yaml = sys.modules.get("yaml")
    if yaml is not None:
        return "libyaml" if hasattr(yaml, "CSafeLoader") else "python"
    return _yaml_reader_installed()


@functools.lru_cache(maxsize=1)
def _yaml_reader_installed() -> str:
    """`_yaml_reader` from PyYAML's files, looked for once a process: finding them asks the file
    system about every folder on Python's path, for every data file a load reads."""
    try:
        spec = importlib.util.find_spec("yaml")
        folders = list(spec.submodule_search_locations or []) if spec is not None else []
        names = {f"_yaml{suffix}" for suffix in importlib.machinery.EXTENSION_SUFFIXES}
        return "libyaml" if any(os.path.exists(os.path.join(f, n)) for f in folders for n in names) else "python"
    except (ImportError, OSError, ValueError):
        return "python"


@functools.lru_cache(maxsize=1)
def _yaml():
    """PyYAML, and its safe loader that records each mapping's line in a "_line" key (libyaml's
    when PyYAML has it: several times faster). Imported only to read a data file the cache does
    not hold: a check of an unchanged rulebook saves a tenth of its time."""
    import yaml

    class LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        pass

    class RepeatedKey(yaml.MarkedYAMLError):
        """A mapping that gives one key twice: YAML would keep the last, silently."""
    LineLoader.RepeatedKey = RepeatedKey

    class LongNumber(yaml.MarkedYAMLError):
        """A whole number of hundreds of digits: Python will not even make one of 4,300 digits."""
    LineLoader.LongNumber = LongNumber

    def digits_of(node) -> int:
        # Hexadecimal, octal and binary digits too (0xfff...): letters are digits there.
        return sum(ch.isalnum() for ch in re.sub(r"^[-+]?0[xXoObB]", "", node.value))

    def too_long(node, said: str = "This number"):
        digits = digits_of(node)
        return LongNumber(None, None, f"{said} has {digits:,} digits; a rulebook's numbers have at most "
                                      f"{MAX_DIGITS}.", node.start_mark)

    def construct_int(loader, node):
        if digits_of(node) > 100:         # far beyond MAX_DIGITS, which the validation says of a shorter one
            raise too_long(node)
        return loader.construct_yaml_int(node)
    LineLoader.add_constructor(_INT_TAG, construct_int)

    def refuse_repeated_keys(loader, node):
        first: dict = {}
        for key_node, value in node.value:      # a key merged in (<<) may be given again: that is what merging is for
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = loader.construct_object(key_node)
            if isinstance(value, yaml.ScalarNode) and value.tag == _INT_TAG and digits_of(value) > 100:
                raise too_long(value, f"The number given for {data_words(key)}")     # named here, where its key is known
            if key in first:
                raise RepeatedKey(None, None, f"The data file gives the key {data_words(key)} twice in one "
                                  f"mapping (first at line {first[key]}).", key_node.start_mark)
            first[key] = key_node.start_mark.line + 1

    def construct_mapping(loader, node):
        refuse_repeated_keys(loader, node)
        mapping = yaml.SafeLoader.construct_mapping(loader, node, deep=True)
        mapping["_line"] = node.start_mark.line + 1
        for key_node, value_node in node.value:       # its numbers (and its lists' numbers) YAML 1.1 misreads
            if value_node.tag == _INT_TAG:
                loader.note_number(mapping, key_node, None, value_node)
            elif type(value_node) is yaml.SequenceNode:
                for i, item in enumerate(value_node.value):
                    if item.tag == _INT_TAG:
                        loader.note_number(mapping, key_node, i, item)
        return mapping
    LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)

    def init(loader, stream):
        super(LineLoader, loader).__init__(stream)
        loader.odd_numbers = []        # (mapping, key, index in its list or None, text, number, node)

    def note_number(loader, mapping, key_node, index, node):
        """Keep a whole number not written in plain decimal digits (`010` is 8 to YAML 1.1, `1:30` is
        90, `0x10` is 16, `1_000` is 1000): the loader warns of it, at its place (W117)."""
        text = node.value
        plain = _DECIMAL.fullmatch(text)
        if plain and (text.lstrip("+-")[:1] != "0" or len(text.lstrip("+-")) == 1):
            return                     # plain digits, the common case
        value = loader.construct_object(node)
        if plain and value == int(text, 10):
            return                     # `007`, `00`: read in octal as they are written
        key = loader.construct_object(key_node) if type(key_node) is yaml.ScalarNode else None
        loader.odd_numbers.append((mapping, key, index, text, value, node))
    LineLoader.__init__ = init
    LineLoader.note_number = note_number
    return yaml, LineLoader


_INT_TAG = "tag:yaml.org,2002:int"
_DECIMAL = re.compile(r"[-+]?[0-9]+")


_YAML_WORDS = [(re.compile(p), w) for p, w in [
    (r"expected ',' or '\]', but got", "a list written in [ ] is not closed with ']', or two of its items are not "
                                      "separated by ','"),
    (r"expected ',' or '\}', but got", "a mapping written in { } is not closed with '}', or two of its entries are "
                                      "not separated by ','"),
    # PyYAML says "here" or "in this context" by version; a key indented past the keys around it
    # (`  row: 0` then `   col: 3`) gives it too
    (r"mapping values are not allowed (here|in this context)",
     "a ': ' is not allowed here: a key indented further than the keys around it (line it up with them), or a "
     "text holding ': ' not written in quotes"),
    (r"found character '\\t' that cannot start any token", "a line holds a tab; YAML indents with spaces only"),
    (r"found unexpected end of stream", "a quoted text is never closed"),
    (r"found undefined alias '?([^']*)'?", "'*{0}' names no anchor: write '&{0}' before it"),
    (r"could not find expected ':'", "a key is not followed by ':'"),
    (r"did not find expected key", "a line is not indented like the keys around it, or is not 'key: value'"),
    (r"did not find expected '-' indicator", "a line is not indented like the list's items around it"),
    (r"found duplicate anchor '?([^']*)'?", "the anchor '&{0}' is given twice"),
    (r"but found another document", "a line '---' starts a second document, and a file holds one"),
    # a line indented less than the block it is in, but not as little as the one above it
    (r"expected <block end>, but found '<block sequence start>'",
     "a list item ('- ') is indented differently from the items or keys around it"),
    (r"expected <block end>, but found '<block mapping start>'",
     "a key is indented differently from the keys around it"),
    (r"expected <block end>, but found", "a line is indented differently from the lines around it"),
]]


def _one_slip(a: str, b: str) -> bool:
    """Whether `a` is `b` with one slip of the keys: a letter wrong, missing or added, or two
    letters swapped (`crads` for `cards`); never for names of three letters or fewer."""
    if a == b or min(len(a), len(b)) < 4 or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def colon_slip(text: str, line: int, problem) -> tuple[int, str, int, str] | None:
    """Where YAML's "could not find expected ':'" comes from: it is found on the line after the
    slip, which is the line above that has no ': ' (`suit hearts`), or a record without its
    '- ' (`{name: ...}` alone). (line, message, column, hint), or None."""
    if not str(problem or "").startswith("could not find expected ':'"):
        return None
    lines = text.split("\n")
    above = next((i for i in range(min(line, len(lines) + 1) - 2, -1, -1)
                  if lines[i].strip() and not lines[i].lstrip().startswith("#")), None)
    if above is None:
        return None
    src = lines[above]
    plain = re.sub(r'"(?:[^"\\]|\\.)*"', "", src)
    col = len(src) - len(src.lstrip()) + 1
    if plain.lstrip().startswith("{"):
        return (above + 1, "This record is not an item of the list: it has no '- ' before it.", col,
                "start it with '- ' as the records around it: - {name: ...}")
    if ":" not in plain and plain.strip():
        return (above + 1, "This line is not 'key: value': it has no ':' after its key.", col,
                f"put ': ' between the key and its value, as '{src.strip().split(' ', 1)[0]}: ...'")
    return None


def colon_in_text(source: str, column: int, problem) -> tuple[str, str] | None:
    """(key, text) when YAML's "mapping values are not allowed" points at a ': ' inside the plain
    text of a key on the same line (`- name: Ties at 300: the volcano wins`), which YAML reads as a
    second key; None for a key indented too far, the other cause of that problem."""
    if not str(problem or "").startswith("mapping values are not allowed"):
        return None
    m = re.match(r"(\s*(?:-\s+)*)([^\s#'\"\[\]{}:][^:#]*?):\s+(?=\S)", source)
    if m is None or not m.end() < column <= len(source) or source[column - 1] != ":":
        return None
    value = source[m.end():]
    if value[:1] in "'\"[{|>&*!%@`":
        return None
    return m.group(2).strip(), re.sub(r"\s+#.*$", "", value).rstrip()


def quoted_text(text: str) -> str:
    """`text` as a YAML text in quotes: double quotes, or single ones when it holds a '"'."""
    if '"' not in text and "\\" not in text:
        return f'"{text}"'
    return "'" + text.replace("'", "''") + "'"


def colon_in_text_words(found: tuple[str, str]) -> str:
    """The problem `colon_in_text` found, in words (a sentence)."""
    return f"the text of '{found[0]}' holds ': ', which YAML reads as the start of another key."


def colon_in_text_hint(found: tuple[str, str]) -> str:
    """The fix for it: the text in quotes."""
    return f"write the text in quotes: {found[0]}: {quoted_text(found[1])}"


def indent_hint(text: str, line: int) -> str:
    """For a YAML error of indentation at `line`: how far it and the line above it are indented,
    in words, so the author sees which one to move. "" when there is no line above."""
    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return ""
    def depth(s):
        return len(s) - len(s.lstrip(" "))
    at = next((k for k in range(line - 1, 0, -1) if lines[k - 1].strip() and not lines[k - 1].lstrip().startswith("#")), None)
    if at is None:
        return ""
    here, there = depth(lines[line - 1]), depth(lines[at - 1])
    return (f"this line is indented by {here} space{'s' * (here != 1)}, the line above it (line {at}) by {there}: "
            "the keys of one mapping, and the '- ' items of one list, start at one indent, and what is "
            "inside a key or item is indented further")


def alias_name(text: str, problem, line: int, column: int):
    """The name of an alias that names no anchor ('quite' of '*quite'), from PyYAML's problem or,
    where its C loader leaves the name out, from the text at (line, column); else None."""
    problem = str(problem or "")
    m = re.match(r"found undefined alias(?: '?([^']*)'?)?", problem)
    if not m:
        return None
    if m.group(1):
        return m.group(1)
    lines = text.split("\n")
    here = lines[line - 1][column - 1:] if 0 < line <= len(lines) else ""
    at = re.match(r"\*([^\s,\[\]{}]+)", here)
    return at.group(1) if at else None


def alias_hint(text: str, name) -> str:
    """"did you mean '*quiet'?" for an alias that names no anchor ('*quite'), among the anchors
    the file gives; else ""."""
    guess = did_you_mean(name, re.findall(r"&([^\s,\[\]{}]+)", text)) if name else ""
    return guess.replace("'", "'*", 1) if guess else ""


def _glued_colon(key) -> str:
    """The hint for `{colour:red}`: YAML reads a ':' with no space after it as part of the key."""
    if not isinstance(key, str) or ":" not in key.strip(":"):
        return ""
    field, value = key.split(":", 1)
    return f"put a space after the ':': '{field}: {value}' (YAML reads '{key}' as one key)"


def yaml_words(problem) -> str:
    """A PyYAML problem ("expected ',' or ']', but got '<scalar>'") in words for people."""
    problem = str(problem or "").strip()
    for pattern, words in _YAML_WORDS:
        m = pattern.match(problem)
        if m:
            return words.replace("{0}", m.group(1)) if m.groups() else words
    return problem or "it cannot be read"


def flow_slip(text: str, line: int) -> tuple[int, str, str] | None:
    """Why a '{' or '[' that YAML says is never closed is closed on its own line after all: a
    quote with no partner (`{name: "Breakneck Dive, row: 0}`), which runs the text on past the
    '}', or a text not in quotes holding ': ' (`{name: red treasure: the ruby}`). The column, the
    message and the hint, or None."""
    lines = text.split("\n")
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    code = here.split(" #")[0].rstrip()
    if not code.endswith(("}", "]")):
        return None
    quotes = [m.start() for m in re.finditer(r'(?<!\\)"', code)]
    if len(quotes) % 2:
        at = quotes[-1]
        return (at + 1, "A quoted text on this line is never closed: its quotes (\") do not pair up.",
                "end the text with its closing \" before the ',' or '}' after it")
    blank = re.sub(r'"(?:[^"\\]|\\.)*"', lambda m: " " * len(m.group(0)), code)
    for m in re.finditer(r"[{,]\s*([A-Za-z_][\w ]*):\s+([^,{}\[\]\"]*?:\s[^,{}\[\]]*)(?=[,}])", blank):
        value = code[m.start(2):m.end(2)].strip()
        return (m.start(2) + 1, f"The text '{value}' holds ': ', which YAML reads as the start of another key.",
                f'write the text in quotes: {m.group(1).strip()}: "{value}"')
    return None


def flow_comment(text: str, line: int, column: int) -> tuple[int, int, str] | None:
    """A ' #' inside a [ ] or { } that is still open at (line, column), where a YAML error was
    found: YAML reads it as a comment, so the rest of that line is lost (`[Chocolate #3]`). Its
    (line, column) and the words it cut ("Chocolate #3", or "" if they cannot be told), or None."""
    lines = text.split("\n")
    found: list = []          # (depth, line, column, words) of comments inside [ ] or { } still open
    depth = 0
    for n, src in enumerate(lines[:max(line, 0)], start=1):
        i, quote, start = 0, "", True       # `start`: a quote here would open a quoted scalar
        end = column - 1 if n == line else len(src)
        while i < min(end, len(src)):
            ch = src[i]
            if quote:
                if ch == "\\" and quote == '"':
                    i += 1
                elif ch == quote:
                    if quote == "'" and src[i + 1:i + 2] == "'":
                        i += 1
                    else:
                        quote = ""
            elif ch in "'\"" and start:
                quote = ch
            elif ch == "#" and (i == 0 or src[i - 1] in " \t"):
                if depth:
                    before = re.split(r"[\[{,]|:\s", src[:i])[-1].strip()
                    number = re.match(r"#\s*(\d+)", src[i:])
                    words = f"{before} #{number.group(1)}" if before and number else ""
                    found.append((depth, n, i + 1, words))
                break
            elif ch in "[{":
                depth += 1
            elif ch in "]}":
                depth = max(depth - 1, 0)
                found = [f for f in found if f[0] <= depth]
            start = ch in " \t[{,:-" if not quote else False
            i += 1
    if not found or not depth:
        return None
    return found[-1][1:]


def flow_question(text: str, line: int, column: int, problem) -> tuple[int, int, str] | None:
    """A '?' inside a [ ] or { }, in a text not in quotes, where PyYAML stopped with "expected ','
    or ']', but got '?'" at (line, column): PyYAML ends an unquoted text there, reading '?' as the
    start of a key, so a card named `What? They Float!` breaks the list it is in. Its (line,
    column) and the words around it ("What? They Float!"), or None."""
    if not re.match(r"expected ',' or '[\]}]', but got '\?'", str(problem or "")):
        return None
    lines = text.split("\n")
    src = lines[line - 1] if 0 < line <= len(lines) else ""
    if not (0 < column <= len(src)) or src[column - 1] != "?":
        return None
    before = re.split(r"[\[{,]|:\s", src[:column - 1])[-1]
    after = re.split(r"[,\]}]", src[column:])[0]
    return line, column, (before + "?" + after).strip()


def question_words(question: tuple) -> str:
    """What `flow_question` found, in words (a sentence)."""
    return (f"The '?' in '{question[2]}' ends a text not in quotes: inside [ ] or {{ }}, YAML reads '?' as the "
            "start of a key.")


def question_hint(question: tuple) -> str:
    return f'write "{question[2]}" in quotes'


def yaml_shape_problem(text: str, what: str = "data file", max_depth: int = MAX_YAML_DEPTH,
                       shape: str = "; a data file is one key holding a list of records") -> tuple[str, int, int] | None:
    """(message, line, column) if the YAML of a `what` ("data file", "scenario file") nests
    deeper than `max_depth` or would hold more than MAX_YAML_NODES values once its aliases are
    expanded ("billion laughs"), else None; `shape` ends the depth's sentence, saying what such
    a file holds. Scenario files are read through it too (interpreter/scenarios.py)."""
    return _yaml_shape_problem(text, None, what, max_depth, shape)


def _yaml_shape_problem(text: str, events=None, what: str = "data file", max_depth: int = MAX_YAML_DEPTH,
                        shape: str = "; a data file is one key holding a list of records") -> tuple[str, int, int] | None:
    """(message, line, column) if the YAML nests deeper than MAX_YAML_DEPTH or would hold more than
    MAX_YAML_NODES values once its aliases are expanded ("billion laughs"), else None. It reads
    the file's events, which PyYAML makes without recursion and without building anything, so a
    hostile file is refused before it costs memory. Malformed YAML passes here: loading it then
    reports where it is wrong. libyaml (since PyYAML 6.0.4) refuses a file nesting about 1,000
    deep before it has handed over the 21st level; the pure-Python events read it again, so the
    message names the first level too deep, as with any other PyYAML."""
    yaml = _yaml()[0]
    if events is None:            # libyaml reads events several times faster
        events = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    depth, nodes, aliased = 0, 0, False
    sizes: dict = {}              # anchor -> how many values it stands for, expanded
    open_: list = []              # (anchor, nodes before it) of each collection being read
    try:
        for ev in yaml.parse(text, Loader=events):
            if isinstance(ev, yaml.ScalarEvent):
                nodes += 1
                if ev.anchor:
                    sizes[ev.anchor] = 1
            elif isinstance(ev, yaml.AliasEvent):
                nodes += sizes.get(ev.anchor, 1)
                aliased = True
            elif isinstance(ev, yaml.CollectionStartEvent):
                depth += 1
                if depth > max_depth:
                    return (f"The {what} nests more than {max_depth} lists or maps deep{shape}.",
                            ev.start_mark.line + 1, ev.start_mark.column + 1)
                open_.append((ev.anchor, nodes))
                nodes += 1
            elif isinstance(ev, yaml.CollectionEndEvent):
                depth -= 1
                anchor, before = open_.pop()
                if anchor:
                    sizes[anchor] = nodes - before
            else:
                continue
            if nodes > MAX_YAML_NODES:
                return ((f"The {what} would hold more than {MAX_YAML_NODES:,} values once its aliases (*name) "
                         "are expanded." if aliased else f"The {what} holds more than {MAX_YAML_NODES:,} values, "
                         "past this one" + (f"; a data file makes at most {MAX_RECORDS:,} things" if what == "data file" else "")
                         + "."),
                        ev.start_mark.line + 1, ev.start_mark.column + 1)
    except yaml.YAMLError as e:
        if events is not yaml.SafeLoader and "nesting depth" in str(getattr(e, "problem", "")):
            return _yaml_shape_problem(text, yaml.SafeLoader, what, max_depth, shape)
        return None
    return None


def yaml_character_problem(text: str, error) -> tuple[str, int, int] | None:
    """For PyYAML's error about a character YAML does not allow in a file (a NUL, another control
    character), which it places only by its offset in the stream ("position 67", counted in
    characters by PyYAML and in UTF-8 bytes by libyaml): (words, line, column), the words naming
    the character ("it holds a NUL character (U+0000), which YAML does not allow"); else None."""
    code = getattr(error, "character", None)
    position = getattr(error, "position", None)
    if type(error).__name__ != "ReaderError" or type(code) is not int or type(position) is not int:
        return None
    char = chr(code) if 0 <= code <= 0x10FFFF else ""
    offset = position
    if getattr(error, "encoding", "unicode") != "unicode":      # libyaml: an offset in UTF-8 bytes
        offset = len(text.encode("utf-8", "surrogatepass")[:position].decode("utf-8", "ignore"))
    if not (0 <= offset < len(text) and text[offset] == char):
        offset = text.find(char) if char else -1
    if offset < 0:
        return None
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    what = ("a NUL character" if code == 0 else "a control character" if code < 0x20 or 0x7F <= code < 0xA0
            else "a character")
    return f"it holds {what} (U+{code:04X}), which YAML does not allow", line, column


def _strip_lines(value):
    if isinstance(value, dict):
        return {k: _strip_lines(v) for k, v in value.items() if k != "_line"}
    if isinstance(value, list):
        return [_strip_lines(v) for v in value]
    return value


def _json_type(t: A.TypeRef) -> dict:
    """The JSON schema of a field's values in data: a whole number of at most MAX_DIGITS digits,
    a list whose items are each of the list's type (an enum value, a thing or a player is checked
    by the checker, which knows the names)."""
    if t.name == "int":
        return {"type": "integer", "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER}
    if t.name == "bool":
        return {"type": "boolean"}
    if t.name == "text":
        return {"type": "string"}
    if t.name == "list":
        return {"type": "array", "items": _json_type(t.elem)} if t.elem is not None else {"type": "array"}
    return {"type": ["string", "integer", "null"]}      # an enum value, a thing, a player, or none


_DATA_SUFFIXES = (".yaml", ".yml", ".json")
KEPT_GROWN = 64        # declarations grown by an `extend` kept (`Loader.extended`)
_GROWN: dict = {}      # (id(base), id(extend)) -> (base, extend, the grown declaration)


class Loader:
    def __init__(self, folder: RulebookFolder):
        self.folder_ = folder             # every file read must be inside it
        self.sources = Sources()
        self.diags: list[Diagnostic] = []
        self.seen: set[str] = set()
        self.reading: list[str] = []       # the files being read, each extending (or including) the next
        self.loops = 0                     # extends loops found (E019)
        self.cut_short: list = []          # Program.cut_short
        self.included_at: dict = {}        # a file read by an include -> (that include, the file holding it)
        self.real_dirs: dict[str, str] = {}   # a file's name in spans -> the real folder it is in
        self.changes: dict = {}            # names an extension removed or replaced: name -> (how, span)
        self.added_values: dict = {}       # value an extend enum or option added -> where the variant wrote it
        self.ends_dropped: list = []       # (a `replace` or `remove`, the base's declaration with `end game` it dropped)
        # A variant's `replace`, `remove` or `extend` that could not be applied and was left out:
        # the rest of the variant is still checked, so one misspelt name does not hide the others.
        self.skipped: list = []
        self.warnings: list[Diagnostic] = []   # about data files: Program.data_warnings
        self.misread_at: set = set()       # (data file, offset) of the numbers W117 was told of
        self.dropped_data: set = set()     # real paths of data files a `replace` or `remove` of their kind left out
        self._cwd: Path | None = None      # cwd()
        self.extended_a_base = False       # whether a file read extends a base (so a `replace` has one to change)

    def error(self, code, message, span, hint="", about=()):
        self.diags.append(Diagnostic(code, message, span, hint, about=about))

    def real(self, path: Path, span: Span | None, what: str) -> str | None:
        """The real path of a file the rulebook names, or None (with a diagnostic) if it is outside."""
        try:
            return self.folder_.real(path, what)
        except FileProblem as p:
            self.error(p.code, p.message, self.named_at(span, what) or Span(self.display(path)), p.hint)
            return None

    def named_at(self, span: Span | None, what: str) -> Span | None:
        """Where the line at `span` names the file `what` speaks of ('The include "x.rules"'): the
        quoted name, so the caret is under it."""
        if span is None:
            return None
        m = re.search(r'"[^"]*"', what)
        return word_at(self.sources, span, m.group(0)) if m else span

    def read(self, path: Path, span: Span | None, what: str) -> tuple[str, str] | None:
        """A file's name for diagnostics and its text, read only from inside the rulebook's folder;
        None (with a diagnostic at `span`, the line that named the file) when it cannot be read.
        `what` names the file for people, as the rulebook wrote it."""
        try:
            real = self.folder_.real(path, what)
            # the file naming this one, which a "did you mean" never offers
            asker = os.path.realpath(span.file) if span is not None and span.file else None
            text = self.folder_.read(real, what, asker)
        except FileProblem as p:
            # a place in the file itself: a byte that is not UTF-8; the limit of a file too large
            # only when nothing names the file (the line that does is the place to fix it)
            inside = Span(self.display(path), p.line, p.column, p.line, p.column + 1) \
                if p.line and (span is None or p.code != "E010") else None
            self.error(p.code, p.message, inside or self.named_at(span, what) or Span(self.display(path)), p.hint)
            return None
        # A byte order mark some editors write first is no part of the text; a line ending of a
        # carriage return alone (old Macs) is read as one, not as a character on one long line.
        if text.startswith("\ufeff"):
            text = text[1:]
        if "\r" in text:
            text = _LONE_CR.sub("\n", text)
        name = self.display(Path(real), real=True)
        self.sources.texts[name] = text
        self.real_dirs[name] = os.path.dirname(real)
        return name, text

    def display(self, path: Path, real: bool = False) -> str:
        """A file's name in diagnostics: its real path from the current folder's, or as given
        when outside it. `real`: `path` is a real path already (no link in it to follow)."""
        try:
            return str((path if real else path.resolve()).relative_to(self.cwd()))
        except (ValueError, RuntimeError, OSError):     # outside this folder; or a link loop
            return str(path)

    def cwd(self) -> Path:
        """The current folder's real path, worked out once a load (each file's name was twice the
        work of finding its real path)."""
        if self._cwd is None:
            self._cwd = Path.cwd().resolve()
        return self._cwd

    def rules_file(self, path: Path, span: Span | None = None, what: str = "") -> list:
        """Parse one file and everything it includes or extends, in order."""
        what = what or f"The file {self.display(path)}"
        real = self.real(path, span, what)
        if real is None or real in self.seen:
            return []
        if len(self.reading) >= MAX_CHAIN and span is not None:
            # each file read inside the one naming it: a chain of thousands would exhaust Python's stack
            self.error("E013", f"{what} is the {len(self.reading) + 1}th file of one chain of 'extends' and "
                               f"'include', each read by the one before; a chain holds at most {MAX_CHAIN} files.",
                       self.named_at(span, what) or span,
                       f"the chain starts at {self.display(Path(self.reading[0]), real=True)}: let its variants "
                       "extend the game's rules or a few variants, not each the one before")
            self.loops += 1
            return []
        self.seen.add(real)
        self.reading.append(real)
        try:
            return self._rules_file(real, span, what)
        finally:
            self.reading.pop()

    def _rules_file(self, real: str, span: Span | None, what: str) -> list:
        read = self.read(Path(real), span, what)
        if read is None:
            return []
        included = what[len("The include "):].strip('"') if what.startswith("The include ") else None
        named = self.named_at(span, what) if included is not None else None
        path = Path(real)
        module, errors = parse_file(read[1], read[0])
        self.diags.extend(errors)
        base: list | None = None
        own: list = []
        for d in module.decls:
            if isinstance(d, A.IncludeDecl):
                try:
                    target = os.path.realpath(path.parent / d.name)
                    self.included_at[target] = (d, read[0])
                except (OSError, ValueError):
                    target = None
                if target in self.reading:      # read already, as the file including this one: a loop
                    self.include_loop(target, d, real)
                    continue
                own.extend(self.rules_file(path.parent / d.name, d.span, f'The include "{d.name}"'))
            elif isinstance(d, A.ExtendsDecl):
                if base is not None:
                    self.error("E013", "A rulebook can extend only one other rulebook.", d.span)
                    continue
                what = f'The rulebook "{d.name}" that this one extends'
                failed, loops = len(self.diags), self.loops
                target = self._extends_target(path.parent / d.name, d.span, what)
                if target is not None and self.extends_loop(target, d, read[0]):
                    target = None
                if target is not None and included is not None and span is not None:
                    # An include adds declarations; a file that extends another changes that one.
                    self.error("E013", f"{read[0]} extends \"{d.name}\", so it cannot be included: an included file "
                                       "adds declarations of its own, and a file that extends a rulebook changes it.",
                               named or span,
                               f"to build on {read[0]}, extend it instead: extends \"{included}\"")
                    return []
                base = self.rules_file(target, d.span, what) if target is not None else None
                if base is None or (not base and len(self.diags) > failed) or self.loops > loops:
                    # The base could not be read: that error says it all, and the changes have
                    # nothing to apply to, so they are not reported one by one.
                    return [x for x in own if not (x.replace or x.extend or isinstance(x, A.RemoveDecl))]
            else:
                own.append(d)
        if base is None:
            return own
        return self.apply_changes(base, own)

    def include_loop(self, target: str, d, real: str) -> None:
        """E019 at an `include` of a file being read: the file itself, or one that includes it."""
        chain = [self.display(Path(f), real=True) for f in self.reading[self.reading.index(target):]]
        message = (f'The include "{d.name}" names this very file.' if target == real else
                   f'The include "{d.name}" names {chain[0]}, which includes this one'
                   f"{' (through ' + ', '.join(chain[1:-1]) + ')' if len(chain) > 2 else ''}: a loop of 'include'.")
        self.error("E019", message, self.named_at(d.span, f'"{d.name}"') or d.span,
                   "leave out this 'include': each file is read once, and this one is read already")

    def extends_loop(self, target: Path, d, name: str) -> bool:
        """E019 when `target` is a file being read (this one, or one that extends this one): the
        rulebooks would extend each other without end. Reported once, at the `extends` that closes
        the loop; the changes of each file in it are then not reported one by one."""
        try:
            real = os.path.realpath(target)
        except (OSError, ValueError):
            return False
        if real not in self.reading:
            return False
        files = self.reading[self.reading.index(real):]
        chain = [self.display(Path(f)) for f in files]
        inc = next((self.included_at[f] for f in files[1:] + [files[0]] if f in self.included_at), None)
        if inc is not None:      # the loop is closed by an include of a variant: that line is the mistake
            include, by = inc
            self.error("E019", f"The rulebook {by} includes \"{include.name}\", which extends a rulebook: it is a "
                               f"variant, and including it makes the two extend each other.",
                       self.named_at(include.span, f'"{include.name}"') or include.span,
                       "leave out this 'include': a variant is played with --variant")
            self.loops += 1
            return True
        if len(chain) == 1:
            message = f"The rulebook {name} extends itself."
        else:
            message = (f"The rulebook {name} extends {chain[0]}, which extends it in turn"
                       f"{' (through ' + ', '.join(chain[1:-1]) + ')' if len(chain) > 2 else ''}: a loop of 'extends'.")
        self.error("E019", message, self.named_at(d.span, f'"{d.name}"') or d.span,
                   "a variant extends the base rulebook, usually extends \"../game.rules\"")
        self.loops += 1
        return True

    def _extends_target(self, p: Path, span: Span, what: str) -> Path | None:
        real = self.real(p, span, what)
        if real is None:
            return None
        if not os.path.isdir(real) and p.suffix.lower() in _DATA_SUFFIXES:
            # `extends "../atoll.yaml"`: read as rules, its every line would be a syntax error of its own
            self.error("E012", f"{what} is a data file, not a rulebook: a variant extends the rulebook's .rules "
                               "file.", self.named_at(span, what) or span, "write extends \"../game.rules\"")
            return None
        return Path(real) / "game.rules" if os.path.isdir(real) else p

    def note_end_dropped(self, change, base_d):
        """Note a `replace` (or `remove`) that drops a base declaration saying `end game` while saying
        none itself: if the game is then left with no end, the error belongs at that line."""
        if any(isinstance(n, A.EndGame) for n in A.walk(base_d)) and \
                not any(isinstance(n, A.EndGame) for n in A.walk(change)):
            self.ends_dropped.append((change, base_d))

    def note_data_dropped(self, base_d):
        """Note the data files of a base kind that a `replace` or `remove` takes away: the variant
        leaves them out on purpose, so they are not 'read by no kind' (W114)."""
        if isinstance(base_d, A.KindDecl) and base_d.source:
            for source, span in [(base_d.source, base_d.span)] + list(base_d.more_sources):
                folder = self.real_dirs.get(span.file)
                if folder is not None:
                    self.dropped_data.add(os.path.realpath(Path(folder) / source))

    def skip(self, code, message, span, hint="", about=()):
        """An error in a change that is then left out of the merge (the base stays as it was)."""
        self.error(code, message, span, hint, about)
        self.skipped.append(self.diags[-1])

    def apply_changes(self, base: list, own: list) -> list:
        """An extension's declarations over its base: replace, remove, or add."""
        self.extended_a_base = True
        merged = list(base)
        index = {self.key(d): i for i, d in enumerate(merged)}
        overridden: set = set()
        extended: dict = {}      # key -> the `extend` of this file that grew it
        replaced: dict = {}      # key -> the `replace` of this file that replaced it
        for d in own:
            if isinstance(d, A.RemoveDecl):
                hits = [k for k in index if k[1] == d.name]
                if not hits:
                    self.skip("E014", f"There is nothing named '{d.name}' in the base rulebook to remove.", d.span,
                               did_you_mean(d.name, [k[1] for k in index]))
                for k in hits:
                    self.note_end_dropped(d, merged[index[k]])
                    self.note_data_dropped(merged[index[k]])
                    merged[index.pop(k)] = None
                if hits:      # (and whether a variable went, which a base's `name = ...` would set)
                    self.changes[d.name] = ("removed", d.span, any(k[0] == "VarDecl" for k in hits))
                continue
            if isinstance(d, A.MenuExtendDecl):
                self.extend_menu(merged, index, extended, d)
                continue
            k = self.key(d)
            gone = self.changes.get(d.name)
            if (d.extend or d.replace) and k not in index and gone and gone[0] == "removed":
                word = "extend" if d.extend else "replace"
                later = f"line {d.span.line}" + (f" of {self.display(Path(d.span.file))}" if d.span.file != gone[1].file else "")
                self.skip("E015", f"This removes '{d.name}', which the variant goes on to {word} at {later}: "
                                   f"there is nothing left to {word}.",
                           word_at(self.sources, gone[1], d.name, gone[1].column),
                           f"leave this line out: {'an' if d.extend else 'a'} '{word}' alone changes the base's {d.kind_word}",
                           about=("removed", d.name))
                continue
            # `setup`, `play`, `turn`, `round` and `display`: sections, not names
            section = isinstance(d, (A.PhaseDecl, A.DisplayDecl))
            if (d.extend or d.replace) and k not in index and section:
                word = "extend" if d.extend else "replace"
                self.skip("E015", f"'{word} {d.name}' needs a '{d.name}' section in the base rulebook, and it has none.",
                           word_at(self.sources, d.span, d.name, d.span.column),
                           f"write '{d.name}:' without '{word}' to add the section")
                continue
            if d.extend:
                if k not in index:
                    same = [key for key in index if key[1] == d.name]
                    if same:      # `extend enum space` of a kind: the name is there, as another sort
                        other = merged[index[same[0]]]
                        self.skip("E015", f"'extend {d.kind_word} {d.name}' needs {_a(d.kind_word)} named '{d.name}' in "
                                           f"the base rulebook, and '{d.name}' there is {_a(other.kind_word)}.",
                                   word_at(self.sources, d.span, d.name, d.span.column),
                                   f"write 'extend {_extend_words(other)}'" if isinstance(other, _EXTENDABLE) else
                                   f"{_a(other.kind_word)} cannot be extended; to change it, write "
                                   f"'replace {_KEYWORD.get(type(other).__name__, other.kind_word)} {d.name} ...' "
                                   "with the whole new declaration")
                        continue
                    self.skip("E015", f"'extend' needs {_a(d.kind_word)} named '{d.name}' in the base rulebook, and there is none.",
                               word_at(self.sources, d.span, d.name, d.span.column), _did_you_mean_or_list(d, k, index))
                    continue
                grown = self.extended(merged[index[k]], d)
                if grown is not None:
                    merged[index[k]] = grown
                    extended.setdefault(k, d)
                continue
            if d.replace:
                if k not in index:
                    same = [key for key in index if key[1] == d.name]
                    # a rule for a stage (or the other way) before a zone of the same name: rules and
                    # stages are called alike, and their names are a set apart from the values'
                    same.sort(key=lambda key: isinstance(merged[index[key]], A.RuleDecl) != isinstance(d, A.RuleDecl))
                    if same:      # the name is there, as another kind of declaration
                        base_d = merged[index[same[0]]]
                        hint = (f"'{d.name}' is {_a(base_d.kind_word)} in the base: write "
                                f"'replace {_declaration_word(base_d)} {d.name} ...' with the whole new "
                                f"{base_d.kind_word}")
                    else:
                        hint = _did_you_mean_or_list(d, k, index)
                    self.skip("E015", f"'replace' needs {_a(d.kind_word)} named '{d.name}' in the base rulebook, and there is none.",
                               word_at(self.sources, d.span, d.name, d.span.column), hint)
                    continue
                if k in replaced:        # the last replacement would win, and the first be lost unsaid
                    first = replaced[k]
                    where = f"line {first.span.line}" + (f" of {first.span.file}" if first.span.file != d.span.file else "")
                    at = word_at(self.sources, d.span, d.name, d.span.column - 1)
                    text = self.sources.line(d.span.file, d.span.line) or ""
                    words = " ".join(text[:at.end_column - 1].split()) if at is not d.span else f"replace {d.name}"
                    self.skip("E202", f"This replaces the {titled(d)} a second time: the variant "
                                       f"already replaces it at {where}, and only one replacement can count.", at,
                               f"keep one '{words}' (this one or the one at {where}), with what both should say")
                    continue
                replaced[k] = d
                if k in extended:        # the replacement would drop what the extend above it added
                    e = extended[k]
                    self.error("E015", f"'extend {_extend_words(e)}' at line {e.span.line} adds to the base's "
                                       f"{d.kind_word}, which this 'replace' then replaces whole, so what it adds "
                                       "would never run.", word_at(self.sources, d.span, d.name, d.span.column),
                               "put the 'extend' after the 'replace', or write its steps into the replacement")
                base_d = merged[index[k]]
                if isinstance(d, A.VarDecl) and isinstance(base_d, A.VarDecl) and \
                        _type_words(d.type) != _type_words(base_d.type):
                    # a new type: the base's rules that use it as the old one fail for this reason
                    self.changes[d.name] = ("retyped", d.span, _type_words(base_d.type), _type_words(d.type))
                elif isinstance(d, A.DefineDecl) and isinstance(base_d, A.DefineDecl) and \
                        _signature_words(d) != _signature_words(base_d):
                    self.changes[d.name] = ("retyped", d.span, _signature_words(base_d), _signature_words(d))
                elif isinstance(d, A.RuleDecl) and isinstance(base_d, A.RuleDecl) and \
                        _params_words(d) != _params_words(base_d):
                    # other values: the base's calls of it give the old ones
                    self.changes[d.name] = ("retyped", d.span, _params_words(base_d), _params_words(d))
                elif isinstance(d, A.TableDecl) and isinstance(base_d, A.TableDecl) and \
                        None not in (_entry_words(d), _entry_words(base_d)) and _entry_words(d) != _entry_words(base_d):
                    self.changes[d.name] = ("retyped", d.span, _entry_words(base_d), _entry_words(d))
                elif isinstance(d, A.TableDecl) and isinstance(base_d, A.TableDecl) and \
                        None not in (_key_words(d, merged), _key_words(base_d, merged)) and \
                        _key_words(d, merged) != _key_words(base_d, merged):
                    # keys of another sort (`1 -> 0` for `newbie -> 0`): the base's lookups give the old sort
                    self.changes[d.name] = ("retyped", d.span, _key_words(base_d, merged), _key_words(d, merged))
                elif isinstance(d, A.KindDecl) and isinstance(base_d, A.KindDecl):
                    kept = {f.name for f in d.fields}
                    dropped = [f.name for f in base_d.fields if f.name not in kept]
                    if dropped:     # the base's rules and data still use them: one error, at this line
                        self.changes[d.name] = ("narrowed", d.span, dropped)
                elif isinstance(d, (A.EnumDecl, A.OptionDecl)) and type(base_d) is type(d):
                    # values the replacement leaves out: the base's rules that name them fail for this reason
                    kept = set(_values_of(d))
                    for v in _values_of(base_d):
                        if v not in kept:
                            self.changes.setdefault(v, ("dropped", d.span, d.kind_word, d.name))
                self.note_end_dropped(d, base_d)
                self.note_data_dropped(base_d)
                merged[index[k]] = d
                self.changes.setdefault(d.name, ("replaced", d.span))
            elif isinstance(d, (A.GameDecl, A.PlayersDecl)) and type(d) not in overridden and \
                    any(isinstance(x, type(d)) for x in merged):
                # A variant's own title or player count counts instead of the base's (a second
                # one in the variant is a duplicate, which the checker reports).
                overridden.add(type(d))
                at = next(i for i, x in enumerate(merged) if isinstance(x, type(d)))
                merged[at] = d
            else:
                merged.append(d)
                index.setdefault(k, len(merged) - 1)
        return [d for d in merged if d is not None]

    def new_data_field(self, base, f):
        """A field an `extend kind` adds, read from data: the base's records were written without
        it, so it needs a default. Without one it is E022 once, here, not at every base record."""
        if f.default is not None or f.data_default is not A.NO_DEFAULT or not (base.source or base.more_sources):
            return f
        files = ", ".join(f'"{x}"' for x in [base.source] + [m[0] for m in base.more_sources] if x)
        self.error("E022", f"The new field '{f.name}' of the kind '{base.name}' is read from data, but the base's "
                           f"records ({files}) do not give it: it needs a default for them.",
                   word_at(self.sources, f.span, f.name, f.span.column - 1),
                   f"write '{f.name}: {_type_words(f.type)}, default ...' (e.g. 'default none'), or a starting "
                   f"value with '= ...' if the rules change it")
        return dataclasses.replace(f, data_default=None)

    def extended(self, base, d):
        """`_extended`, the same declaration as the last time these very two were merged when
        that merge told nothing and noted nothing (then it depends on the two alone): a warm load
        of an unchanged variant hands the checker the declarations it had, and so is not checked
        again (`kept_checks`). Held alive with them, so no id is another object's meanwhile."""
        key = (id(base), id(d))
        got = _GROWN.get(key)
        if got is not None:
            return got[2]
        noted = (len(self.diags), len(self.cut_short), dict(self.added_values))
        out = self._extended(base, d)
        if out is not None and noted == (len(self.diags), len(self.cut_short), self.added_values):
            if len(_GROWN) >= KEPT_GROWN:
                _GROWN.pop(next(iter(_GROWN)))
            _GROWN[key] = (base, d, out)
        return out

    def _extended(self, base, d):
        """The base declaration with an `extend`'s additions: a kind's new fields, zones and data
        file; an enum's new values or an option's new choices, after its own; a table's new
        entries or the display's new lines, after its own; a section's, rule's or stage's steps
        after its own. The base is copied, never changed."""
        if isinstance(d, (A.EnumDecl, A.OptionDecl)):
            return self.extended_values(base, d)
        if isinstance(d, A.TableDecl):
            return self.extended_table(base, d)
        if isinstance(d, A.DisplayDecl):        # the variant's lines under the base's
            return dataclasses.replace(base, items=list(base.items) + list(d.items))
        if isinstance(d, A.KindDecl):
            if d.per_player != base.per_player:
                self.error("E015", f"'extend kind {d.name}' must say 'player kind' exactly when the base does.", d.span)
                return None
            more = list(base.more_sources) + ([(d.source, d.span)] + list(d.more_sources) if d.source else [])
            had = {f.name for f in base.fields} | {z.name for z in base.zones}
            for f in list(d.fields) + list(d.zones):
                if f.name in had:
                    self.error("E015", f"'extend kind {d.name}' declares '{f.name}', which the base's kind already "
                                       "has; an extend adds new fields and zones only.",
                               word_at(self.sources, f.span, f.name, f.span.column - 1),
                               f"leave it out, or replace the whole kind: 'replace kind {d.name} ...'")
            fields = [self.new_data_field(base, f) for f in d.fields if f.name not in had]
            d = dataclasses.replace(d, zones=[z for z in d.zones if z.name not in had])
            return dataclasses.replace(base, fields=base.fields + fields, zones=base.zones + d.zones,
                                       more_sources=more)
        if isinstance(d, A.RuleDecl) and d.params and [(p.name, p.type.name) for p in d.params] != \
                [(p.name, p.type.name) for p in base.params]:
            self.error("E015", f"'extend {d.kind_word} {d.name}' must take the same values as the base's, or none.",
                       d.span, "leave the parameters out: the steps added see the base's")
            return None
        early = next((x for x in A.walk(base.body) if isinstance(x, A.Return)), None)
        if early is not None:
            self.cut_short.append((d, early))
        return dataclasses.replace(base, body=base.body + d.body)

    def extend_menu(self, merged: list, index: dict, extended: dict, d: A.MenuExtendDecl):
        """`extend choose in NAME:`: the base rule's (stage's, section's) menu with the options
        added after its own and those named by `replace option` or `remove option` changed in
        place. The menu is the rule's one menu, or the one whose prompt is the prompt written.
        The rule is copied along the way down to the menu, never changed (the parse cache keeps
        the base's tree). A mistake is E015 at the variant's line, and leaves out the change it is
        in: the whole `extend choose` when its menu is not found, else the one option."""
        words = f"extend choose in {d.name}"      # (d.span starts at `choose`, after `extend`)
        keys = [k for k in index if k[1] == d.name and k[0] in ("RuleDecl", "StageDecl", "PhaseDecl")]
        gone = self.changes.get(d.name)
        if not keys and gone and gone[0] == "removed":
            self.skip("E015", f"This removes '{d.name}', which the variant goes on to extend at line "
                              f"{d.span.line}: there is nothing left to extend.",
                      word_at(self.sources, gone[1], d.name, gone[1].column),
                      "leave this line out: an 'extend choose' alone changes the base's menu", about=("removed", d.name))
            return
        if not keys:
            names = [k[1] for k in index if k[0] in ("RuleDecl", "StageDecl")]
            self.skip("E015", f"'{words}' needs a rule, stage or section named '{d.name}' in the base rulebook, "
                              "and there is none.",
                      word_at(self.sources, d.span, d.name, d.span.column - 1 + len("choose")), did_you_mean(d.name, names))
            return
        k = keys[0]
        base = merged[index[k]]
        what = titled(base)
        menus = [x for x in A.walk(base.body) if isinstance(x, A.Menu)]
        if not menus:
            self.skip("E015", f"'{words}' adds options to a menu ('choose:' followed by options), and the {what} "
                              "has none.", word_at(self.sources, d.span, d.name, d.span.column - 1 + len("choose")),
                      f"to add steps at its end, write 'extend {_extend_words(base)}:'")
            return
        if d.prompt is not None:
            found = [m for m in menus if m.prompt == d.prompt]
            if not found:
                prompts = [self.written(m.prompt) for m in menus if m.prompt is not None]
                listed = "; its menus' prompts are " + ", ".join(prompts) if prompts else ", whose menus have no prompt"
                guess = _did_you_mean_text(self.written(d.prompt), prompts)
                self.skip("E015", f"The {what} has no menu with the prompt {self.written(d.prompt)}{listed}.",
                          d.prompt.span, guess or "write the prompt as the base's menu has it, braces and all")
                return
            menus = found
        if len(menus) > 1:
            lines = _lines_of(menus, d.span.file)
            if d.prompt is None:
                # the hint writes the line for the first menu whose prompt no other has
                named = [m for m in menus if m.prompt is not None and sum(x.prompt == m.prompt for x in menus) == 1]
                self.skip("E015", f"The {what} has {len(menus)} menus ({lines}), so '{words}' must say which "
                                  "one, by its prompt.", d.span,
                          f"write 'extend choose prompt {self.written(named[0].prompt)} in {d.name}:' (the prompt "
                          "as the base's menu has it)" if named else
                          f"their prompts cannot tell them apart: write the whole rule again with "
                          f"'replace {_extend_words(base)}:'")
            else:
                self.skip("E015", f"The {what} has {len(menus)} menus with this prompt ({lines}), so '{words}' "
                                  "cannot name one of them.", d.span,
                          f"write the whole rule again with 'replace {_extend_words(base)}:'")
            return
        menu = menus[0]
        options = list(menu.options)
        changed: dict = {}          # the labels this block replaced or removed -> the change's span
        for ch in d.changes:
            label = ch.label
            hits = [i for i, o in enumerate(options) if o.label == label]
            if not isinstance(ch, A.MenuOption) and self.written(label) in changed:
                # `replace option "Pass"` then `remove option "Pass"`: one of the two is a slip
                self.skip("E015", f"This block already changes the option labelled {self.written(label)} (line "
                                  f"{changed[self.written(label)].line}), so this line would change its own change.",
                          label.span, "change each option once: keep the 'replace option', or the 'remove option'")
                continue
            if not isinstance(ch, A.MenuOption):
                changed[self.written(label)] = label.span
            if isinstance(ch, A.MenuOption):
                if hits:
                    at = _lines_of([options[hits[0]]], d.span.file)
                    self.skip("E015", f"The menu already has an option labelled {self.written(label)} ({at}); "
                                      f"'{words}' adds new options.", label.span,
                              f"to change that option, write 'replace option {self.written(label)} ...:'; to add "
                              "another, label it differently")
                    continue
                options.append(ch)
                continue
            verb = "replace" if ch.option is not None else "remove"
            if not hits:
                labels = [self.written(o.label) for o in options]
                self.skip("E015", f"'{verb} option' needs an option labelled {self.written(label)} in the menu "
                                  f"of the {what} ({_lines_of([menu], d.span.file)}), and there is none.", label.span,
                          _did_you_mean_text(self.written(label), labels) or _filled_label(self.written(label), labels) or
                          "name the option by its label exactly as the base writes it, braces and all: "
                          + ", ".join(labels[:8]) + (f" and {len(labels) - 8} more" if len(labels) > 8 else ""))
                continue
            if len(hits) > 1:
                self.skip("E015", f"The menu of the {what} has {len(hits)} options labelled "
                                  f"{self.written(label)} ({_lines_of([options[i] for i in hits], d.span.file)}), "
                                  f"so '{verb} option' cannot name one of them.", label.span,
                          f"write the whole rule again with 'replace {_extend_words(base)}:'")
                continue
            if ch.option is not None:
                options[hits[0]] = ch.option
            else:
                del options[hits[0]]
        if not options:
            self.skip("E015", f"'{words}' removes every option of the menu of the {what} "
                              f"({_lines_of([menu], d.span.file)}), which would leave nothing to choose.", d.span,
                      "keep one option, or remove or replace the step that asks")
            return
        merged[index[k]] = _swapped(base, menu, dataclasses.replace(menu, options=options))
        extended.setdefault(k, d)

    def written(self, t: A.Template) -> str:
        """A text as the rulebook wrote it, quotes and braces included ('"Move to {s.name}"')."""
        sp = t.span
        line = self.sources.line(sp.file, sp.line) if sp.line and sp.end_line == sp.line else None
        if line and sp.end_column > sp.column:
            return line[sp.column - 1:sp.end_column - 1]
        return '"' + "".join(p if isinstance(p, str) else "{...}" for p in t.parts) + '"'

    def extended_values(self, base, d):
        """`extend enum title: coconut_rain` (or `extend option length: marathon`): the new values
        after the base's. A value the base has already, or one written twice, is E015 at it; an
        option's default is the base's (a new one is a `replace`)."""
        had, new = set(_values_of(base)), []
        for v in _values_of(d):
            if v in had:
                self.error("E015", f"'extend {d.kind_word} {d.name}' adds '{v}', which the {d.kind_word} already has; "
                                   "an extend adds new values only.",
                           word_at(self.sources, d.span, v, d.span.column - 1 + len(f"{d.kind_word} {d.name}")),
                           f"leave '{v}' out")
                continue
            had.add(v)
            new.append(v)
            # The merged declaration keeps the base's line: a clash of this value with another name
            # is told at the variant's word, not at the base's enum.
            self.added_values[v] = word_at(self.sources, d.span, v, d.span.column - 1 + len(f"{d.kind_word} {d.name}"))
        if isinstance(d, A.OptionDecl):
            if d.default is not None:
                self.error("E015", f"'extend option {d.name}' cannot change the option's default, '{base.default}'; "
                                   "an extend adds choices only.", d.span,
                           f"leave out '= {d.default}', or replace the whole option: 'replace option {d.name}: ...'")
            return dataclasses.replace(base, choices=list(base.choices) + new)
        return dataclasses.replace(base, values=list(base.values) + new)

    def extended_table(self, base: A.TableDecl, d: A.TableDecl) -> A.TableDecl:
        """`extend table length: marathon -> 12`: the new entries after the base's. An entry whose
        keys the base's table has already (a key, or a range that overlaps one of the base's, in
        every position) is E015 at it, naming the base's entry, and is left out; the checker then
        checks the keys and values of the whole table as one (a mistake in a new entry is at the
        variant's line). The base is copied, never changed."""
        new = []
        for e in d.entries:
            clash = next((b for b in base.entries if _entries_overlap(b, e)), None)
            if clash is None:
                new.append(e)
                continue
            keys = _keys_words(e)
            self.skip("E015", f"'extend table {d.name}' adds an entry for {keys}, which the base's table has "
                              f"already ({_lines_of([clash], e.span.file)}); an extend adds new keys only.",
                      e.span, f"leave this entry out, or replace the whole table: 'replace table {d.name}:'")
        return dataclasses.replace(base, entries=list(base.entries) + new)

    @staticmethod
    def key(d) -> tuple:
        return (type(d).__name__, d.name)

    def folder(self, folder: Path, variant: str | None) -> list:
        if variant:
            vfile = folder / "variants" / f"{variant}.rules"
            named = "/" not in variant and "\0" not in variant and os.path.lexists(vfile)
            if named and not VARIANT_NAME.fullmatch(variant):
                # The file is there, but its name cannot be a variant's ("Calm Seas.rules").
                self.error("E016", f"The variant file {self.display(vfile)} has a name that cannot be a variant's: "
                                   "a variant's name is one word of letters, digits, '_' and '-' (lower-case words joined "
                                   "by '_', as in calm_seas).",
                           Span(self.display(vfile)), f"rename the file '{variant_name_for(variant, folder / 'variants')}.rules'")
                return []
            if not VARIANT_NAME.fullmatch(variant) or not named:
                known = [p.stem for p in variant_files(folder) if VARIANT_NAME.fullmatch(p.stem) and p.stem != variant]
                self.error("E016", f"The rulebook has no variant '{echo(variant)}'.", Span(self.display(folder)),
                           _variant_named_by_its_file(variant, known) or did_you_mean(variant, known)
                           or (f"variants: {', '.join(known)}" if known else "it has no variants"))
                return []
            before = len(self.diags)
            decls = self.rules_file(vfile, None, f"The variant '{variant}'")
            if len(self.diags) == before and not any(isinstance(d, A.GameDecl) for d in decls):
                # Neither a whole rulebook nor changes to one: every error after would be a
                # symptom (no title, no players, nothing to replace) of this one.
                self.error("E015", f"The variant '{variant}' extends no rulebook and is not one of its own.",
                           Span(self.display(vfile), 1, 1),
                           "a variant starts with 'extends \"../game.rules\"', then says what it changes")
                return []
            return decls
        files = sorted(folder.glob("*.rules"), key=lambda p: (p.name != "game.rules", p.name))
        if not files:
            self.error("E017", f"The folder {self.display(folder)} has no .rules file.", Span(self.display(folder)))
            return []
        decls = []
        for f in files:
            decls.extend(self.rules_file(f))
        return decls

    def load_data(self, decls: list, base_dir: Path, program: Program):
        schema = json_schema_for_data()
        for d in decls:
            if not isinstance(d, A.KindDecl) or d.source is None:
                continue
            before = len(self.diags)
            everything, complete, read_from = [], True, {}
            for i, (source, span) in enumerate([(d.source, d.span)] + list(d.more_sources)):
                path = Path(self.real_dirs.get(span.file, base_dir)) / source
                real = os.path.realpath(path)
                same = read_from.get(real)
                if same is not None:      # its records would all be made twice
                    self.error("E015", f"'{source}' is already a data file of the kind '{d.name}' ({same.file}:"
                                       f"{same.line}); an 'extend kind' names a file of new records only.",
                               word_at(self.sources, span, source, span.column) or span,
                               "leave out 'from ...' to add fields alone, or name a file of the new records")
                    complete = False
                    continue
                read_from[real] = span
                program.data_read.add(real)
                read = self.read(path, span, f'The data file "{source}" of the kind \'{d.name}\'')
                said = len(self.diags)
                if read is not None:
                    self.records_of_another_kind(read, d, decls, path)
                records = None if read is None else self.data_file(read, d, schema)
                if i > 0:       # a variant's own records: a new field is declared under its `extend`
                    self.diags[said:] = [self.field_in_extend(x, d.name, source, span) for x in self.diags[said:]]
                elif d.replace:  # a variant's `replace kind` over the base's data: a field it added
                    self.diags[said:] = self.field_in_replacement(self.diags[said:], d, read[0] if read else source)
                if records is None:
                    complete = False
                    continue
                if i == 0:
                    program.data_files[d.name] = read[0]
                else:           # a variant's records say which file they come from
                    records = [dict(r, _file=read[0]) for r in records]
                everything.extend(records)
            if len(self.diags) > before:
                program.data_failed.add(d.name)
            if complete:
                total = sum(r.get(COPIES, 1) for r in everything)
                if total > MAX_RECORDS:
                    self.error("E024", f"The data makes more than {MAX_RECORDS} {d.name} things.", d.span)
                else:
                    program.data[d.name] = everything

    def field_in_replacement(self, diags: list, d: A.KindDecl, file: str) -> list:
        """The data's errors under a variant's `replace kind` that reads the base's file: when each
        says that one field, which the replacement declares without a default, is missing, the
        base's records were never written for it. One error then, at that field of the variant."""
        missing = {x.about[1] for x in diags if x.about[:1] == ("missing field",)}
        if len(missing) != 1 or any(x.about[:1] != ("missing field",) for x in diags):
            return diags
        name = missing.pop()
        f = next((f for f in d.fields if f.name == name and f.default is None and f.data_default is A.NO_DEFAULT), None)
        if f is None or not getattr(f.span, "line", 0):
            return diags
        shown = os.path.basename(file)
        return [Diagnostic("E022", f"The field '{name}' of this replacement has no default, and the records of "
                                   f"{shown}, written for the base, do not give it.",
                           Span(f.span.file, f.span.line, f.span.column, f.span.line, f.span.column + len(name)),
                           f"give it a default, '{name}: {_type_words(f.type)}, default ...', or a changing "
                           f"field's value, '{name}: {_type_words(f.type)} = ...'")]

    def records_of_another_kind(self, read: tuple, d: A.KindDecl, decls: list, path: Path) -> None:
        """W129 when the data file `read` of the kind `d` holds its records under the name of another
        kind of the rulebook that does not read this file itself (`spaces:` in the file `kind
        treasure` reads): any key is read, so its records become treasures, but a variant's data
        file copied from another kind's is the likelier story."""
        found = re.search(r"^([A-Za-z_]\w*)[ \t]*:", read[1], re.M)
        if found is None or found.group(1) in _kind_key_forms(d.name):
            return
        here = os.path.realpath(path)
        other = next((x for x in decls if isinstance(x, A.KindDecl) and x.name != d.name
                      and found.group(1) in _kind_key_forms(x.name)), None)
        if other is None or any(os.path.realpath(Path(self.real_dirs.get(sp.file, path.parent)) / src) == here
                                for src, sp in [(other.source, other.span)] + list(other.more_sources) if src):
            return
        line = read[1].count("\n", 0, found.start()) + 1
        self.warnings.append(Diagnostic(
            "W129", f"The records of the kind '{d.name}' are under '{found.group(1)}', which names the kind "
                    f"'{other.name}': read by '{d.name}', they all become {d.name}s.",
            Span(read[0], line, 1, line, 1 + len(found.group(1))),
            f"write '{d.name}s:' if they are {d.name}s, or name this file in the kind '{other.name}'", severity="warning"))

    def field_in_extend(self, x: Diagnostic, kind: str, source: str, span: Span) -> Diagnostic:
        """A field a variant's data file gives that the kind lacks: the variant cannot change the
        base's declaration, so the hint names the variant's `extend kind` line, where it goes."""
        if x.about[:2] != ("undeclared field", kind) or not (x.hint or "").startswith(("declare it in the kind", "every ")):
            return x           # (a hint that guesses a slip of the record's is kept)
        return dataclasses.replace(x, hint=f"declare it under 'extend kind {kind} from \"{source}\":' "
                                           f"({span.file}:{span.line}), as '{x.about[2]}: TYPE, default ...' "
                                           f"(the base's records do not give it)")

    def record_column(self, name: str, line: int) -> int:
        """The column of a record's '-' (or its first character) on its line."""
        text = self.sources.line(name, line) or ""
        return len(text) - len(text.lstrip()) + 1

    def data_span(self, name: str, path: list, value: bool = False) -> Span:
        """Where the value at `path` (keys and indexes from the top) is written in the data file:
        its key when the path ends at a key (the value itself with `value`), the '-' of an empty
        list item, or the whole file when the file cannot be read again. The file is composed again
        (nodes keep their marks, and nothing is built): this runs only for a file with a mistake."""
        yaml = _yaml()[0]
        node = _composed(self.sources.texts.get(name, ""))
        if node is False:
            return Span(name)
        start = end = node.start_mark if node is not None else None
        for step in path:
            found = _child_node(yaml, node, step)
            if found is None:
                break
            node, at = found
            at = node if value else at
            start, end = at.start_mark, at.end_mark
        if start is None:
            return Span(name)
        line = start.line + 1
        if isinstance(node, yaml.ScalarNode) and node.value == "" and not node.style and path \
                and isinstance(path[-1], int):
            return Span(name, line, self.record_column(name, line))    # an empty item: point at its '-'
        same_line = end.line == start.line and end.column > start.column
        return Span(name, line, start.column + 1, line if same_line else 0, end.column + 1 if same_line else 0)

    def key_at(self, where: Span, key: str, value: bool = False) -> Span:
        """The span of a record's `key` on its line (or of its value), for the caret."""
        at = word_at(self.sources, Span(where.file, where.line, 1), key)
        if value and at.line:
            text = self.sources.line(where.file, where.line) or ""
            rest = text[at.end_column - 1:]
            skip = len(rest) - len(rest.lstrip(" :"))
            return Span(where.file, where.line, at.end_column + skip)
        return at if at.column else where

    def data_file(self, read: tuple, d: A.KindDecl, schema: dict):
        """The records of one data file of the kind `d`, or None (with diagnostics). Records read
        and validated before without a diagnostic are kept (parse_cache.py), keyed by the file's text,
        by what the kind asks of it (its name and fields, spans left out) and by the YAML reader
        (`_yaml_reader`): the records returned hold nothing of the file's name (the caller adds it
        as `_file`)."""
        name, text = read
        key = records_key(text, repr((d.name, d.fields, _yaml_reader())))
        records = kept_records(key)
        if records is not None:
            return records
        before, warned = len(self.diags), len(self.warnings)
        records = self.read_data_file(name, text, d, schema)
        if records is not None and len(self.diags) == before and len(self.warnings) == warned:
            keep_records(key, records)      # a file with a warning is read again, to warn again
        return records

    def read_data_file(self, name: str, text: str, d: A.KindDecl, schema: dict):
        """A data file's records read from its YAML and validated, or None (with diagnostics)."""
        shape = _yaml_shape_problem(text)
        if shape is not None:
            self.error("E026", shape[0], Span(name, shape[1], shape[2]))
            return None
        yaml, line_loader = _yaml()
        loader = None
        try:
            loader = line_loader(text)
            raw = loader.get_single_data()
        except line_loader.RepeatedKey as e:
            mark = e.problem_mark
            self.error("E020", e.problem, Span(name, mark.line + 1, mark.column + 1), "give each key once")
            return None
        except line_loader.LongNumber as e:
            mark = e.problem_mark
            self.error("E027", e.problem, Span(name, mark.line + 1, mark.column + 1),
                       f"write a number from -{MAX_NUMBER:,} to {MAX_NUMBER:,} (without the commas)")
            return None
        except yaml.YAMLError as e:
            odd = yaml_character_problem(text, e)
            if odd is not None:      # a NUL: PyYAML gives only an offset, and its own words
                self.error("E020", f"The data file is not valid YAML: {odd[0]}.", Span(name, odd[1], odd[2]),
                           "remove it: a data file is text, and a NUL or other control character is no part of text")
                return None
            mark = getattr(e, "problem_mark", None)
            line = mark.line + 1 if mark else 0
            col = mark.column + 1 if mark else 0
            opened = getattr(e, "context_mark", None)
            context = str(getattr(e, "context", "") or "")
            comment = flow_comment(text, line, col) if mark else None
            if comment is not None:
                self.error("E020", comment_words(comment), Span(name, comment[0], comment[1]), comment_hint(comment))
                return None
            question = flow_question(text, line, col, getattr(e, "problem", "")) if mark else None
            if question is not None:    # `[What? They Float!]`: the '?' ended the text
                self.error("E020", question_words(question), Span(name, question[0], question[1]),
                           question_hint(question))
                return None
            if opened is not None and ("flow mapping" in context or "flow sequence" in context):
                ch = "{" if "mapping" in context else "["
                slip = flow_slip(text, opened.line + 1)
                if slip is not None:    # the '{' is closed on its line: a quote or a ': ' inside broke it
                    self.error("E020", slip[1], Span(name, opened.line + 1, slip[0]), slip[2])
                    return None
                self.error("E020", f"This '{ch}' is never closed.", Span(name, opened.line + 1, opened.column + 1),
                           yaml_syntax_hint(text, opened.line + 1) or
                           f"close it with '{'}' if ch == '{' else ']'}' at the end of the record")
                return None
            problem = getattr(e, "problem", e)
            alias = alias_name(text, problem, line, col)
            if alias:
                problem = f"found undefined alias '{alias}'"
            slip = colon_slip(text, line, problem)
            if slip is not None:
                self.error("E020", slip[1], Span(name, slip[0], slip[2]), slip[3])
                return None
            lines = text.split("\n")
            inner = colon_in_text(lines[line - 1], col, problem) if 0 < line <= len(lines) else None
            if inner is not None:     # `- name: Fast Talk: the sequel`: a second ': ' in the text
                self.error("E020", f"The data file is not valid YAML: {colon_in_text_words(inner)}",
                           Span(name, line, col), colon_in_text_hint(inner))
                return None
            self.error("E020", f"The data file is not valid YAML: {yaml_words(problem)}.",
                       Span(name, line, col), yaml_syntax_hint(text, line) or alias_hint(text, alias)
                       or (indent_hint(text, line) if "indent" in yaml_words(problem) else ""))
            return None
        finally:
            if loader is not None:
                loader.dispose()
        return self.validate_data(raw, d, name, schema, loader.odd_numbers)

    def validate_data(self, raw, kind: A.KindDecl, name: str, schema: dict, odd_numbers: list = ()):
        example = f"'{kind.name}s:' then one '- {{name: ..., count: 2}}' a record"
        if not isinstance(raw, dict):
            what = ("a list" if isinstance(raw, list) else "empty" if raw is None else f"a single value")
            first = raw[0].get("_line", 1) if isinstance(raw, list) and raw and isinstance(raw[0], dict) else 1
            self.error("E021", f"The data file is {what}; it must be one key holding the list of records.",
                       Span(name, first, self.record_column(name, first)), f"start the file with a key such as {example}")
            return None
        odd = _key_not_a_name(raw, [])
        if odd is not None:
            path, key = odd
            self.error("E021", f"The data file uses {data_words(key)} as a key, and a key names a field.",
                       self.data_span(name, path), f'write it in quotes if it is a name: "{data_words(key)}":')
            return None
        plain = _strip_lines(raw)
        errors = [] if surely_fits(plain, schema) else sorted(strict_validator(schema).iter_errors(plain),
                                                              key=lambda e: [(isinstance(k, str), k) for k in e.path])
        if errors:
            for e in errors[:5]:
                copies = bool(e.path) and e.path[-1] == COPIES    # `count: three`, `count: "3"`, `count: 0`
                self.error("E021", f"The data file does not fit its schema: {_schema_problem(e)}.",
                           self.data_span(name, list(e.path)), _float_hint(e.instance) or
                           (f"'{COPIES}' is how many copies the record makes: a whole number from 1 to 1,000, "
                            f"without quotes ({COPIES}: 3)" if copies else
                            "a data file has one key holding a list of records, e.g. 'cards:' then '- {name: ..., count: 2}'"))
            return None
        top = next(k for k in raw if k != "_line")
        records = raw[top]
        named = {kind.name, kind.name + "s", kind.name + "es", kind.name[:-1] + "ies"}
        near = next((n for n in sorted(named) if _one_slip(str(top), n)), "") if str(top) not in named else ""
        if near:
            # Any key is read, but one letter from the kind's own is a slip the author would
            # want to know of (`crads:` for the kind card), not a name of their choosing.
            self.warnings.append(Diagnostic(
                "W129", f"The records are under '{top}', one slip from '{near}', the name of the kind "
                        f"'{kind.name}' that reads them.", self.data_span(name, [top]),
                f"write '{near}:'", severity="warning"))
        if records == []:
            # The schema allows an empty list, and the game would start with no such things at all:
            # a file cut down while testing, or records under another key, far likelier than meant.
            self.warnings.append(Diagnostic(
                "W124", f"The data file holds no records under '{top}', so the kind '{kind.name}' has no "
                        "things from it.", self.data_span(name, [top]),
                f"write the records under '{top}:', one '- {{name: ..., count: 2}}' a record", severity="warning"))
        odd: dict = {}              # a record -> the numbers in it that YAML read from another notation
        for number in odd_numbers:
            odd.setdefault(id(number[0]), []).append(number)
        # A field named 'count' is the checker's error (E202): in data the key makes copies.
        wanted = {f.name: f for f in kind.fields if f.default is None and f.name != COPIES}
        changing = {f.name for f in kind.fields if f.default is not None and f.name != COPIES}
        record_schema = {"type": "object",
                         "properties": {n: _json_type(f.type) for n, f in wanted.items()},
                         "required": sorted(n for n, f in wanted.items() if f.data_default is A.NO_DEFAULT)}
        out, total = [], 0
        wrong_type: dict = {}       # a field -> (diagnostic, value, record's line) of each value of another type
        for i, rec in enumerate(records):
            line = rec.get("_line", 0)
            plain_rec = _strip_lines(rec)
            where = Span(name, line, self.record_column(name, line))
            who = f'The {kind.name} "{data_words(rec["name"])[1:-1]}"' if type(rec.get("name")) is str \
                else f"This {kind.name} record"
            too_long: set = set()   # (field, item) of the numbers of more than MAX_DIGITS digits
            if type(rec.get("name")) is str and rec["name"] != rec["name"].strip() and rec["name"].strip():
                # A thing is found by its name as written (`card "Ace"`, a scenario's `Ace`): a space
                # inside the quotes at either end keeps it from being found.
                self.warnings.append(Diagnostic(
                    "W127", f"{who} has a name with {'a space' if len(rec['name']) - len(rec['name'].strip()) == 1 else 'spaces'} "
                            "inside its quotes, at its start or end: the rules and scenarios that name it without "
                            "the space will not find it.", self.key_at(where, "name", value=True),
                    f'write it without the space: "{data_words(rec["name"].strip())[1:-1]}"', severity="warning"))
            # A misspelt key is one mistake: the unknown key says so, the field it stands for is not
            # reported missing as well.
            unknown = [k for k in plain_rec if k != COPIES and k not in wanted]
            missing = [f for f in wanted if f not in plain_rec]

            def guess(key):      # a field this record lacks first ('clo' for a missing 'col', not 'colour')
                return did_you_mean(key, missing) or did_you_mean(key, list(wanted) + [COPIES])
            meant = {guess(k).split("'")[1] for k in unknown if guess(k)}
            for e in ([] if surely_fits(plain_rec, record_schema) else strict_validator(record_schema).iter_errors(plain_rec)):
                if e.validator == "required" and not ({f for f in wanted if f not in plain_rec} - meant):
                    continue
                path = list(e.path)
                if e.validator in ("minimum", "maximum") and type(e.instance) is int:
                    # as a number in the rules (E106): play would fail far from here, at the limit
                    item = f"item {path[1] + 1} of its field '{path[0]}'" if len(path) > 1 else f"its field '{path[0]}'"
                    self.error("E027", f"{who} gives {item} as {e.instance}, a number of {len(str(abs(e.instance)))} "
                                       f"digits; a rulebook's numbers have at most {MAX_DIGITS}.",
                               self.data_span(name, [top, i] + path, value=True),
                               f"write a number from -{MAX_NUMBER:,} to {MAX_NUMBER:,} (without the commas)")
                    too_long.add((path[0], path[1] if len(path) > 1 else None))
                    continue
                if len(path) > 1:       # an item of a list: the caret under it, on its own line
                    at = self.data_span(name, [top, i] + path, value=True)
                else:
                    at = where if e.validator == "required" or not path else self.key_at(where, str(path[0]), value=True)
                misread = e.validator == "type" and (yaml_misread(self.sources, at, e.instance)
                                                     or _number_hint(e.instance, e.validator_value)
                                                     or _quote_hint(e.instance, e.validator_value, path))
                absent = [f for f in wanted if f not in e.instance][:1] if e.validator == "required" else []
                diag = Diagnostic("E022", f"{who} does not fit the kind: {_data_problem(e, wanted)}.",
                                  at, misread or (e.validator == "type" and _item_hint(path, wanted))
                                  or f"the kind '{kind.name}' reads {', '.join(sorted(wanted))} from its data"
                                  + (_default_hint(wanted[absent[0]]) if absent else ""),
                                  about=("missing field", absent[0]) if absent else ())
                if e.validator == "type" and path and str(path[0]) in wanted and not misread:
                    # (a value YAML misread is the record's mistake, whatever the others give)
                    wrong_type.setdefault(str(path[0]), []).append((diag, e.instance, line))
                else:
                    self.diags.append(diag)
            for key in [k for k, v in plain_rec.items() if v is None and k in wanted]:
                self.blank_value(self.data_span(name, [top, i, key], value=True), who, kind.name, key)
            for _, key, index, text, value, node in odd.get(id(rec), ()):
                if (key, index) not in too_long and _holds_number(wanted.get(key), key, index):
                    self.misread_number(name, who, key, index, text, value, node)
            for key in plain_rec:
                if key in changing:
                    self.error("E023", f"The {kind.name} record gives '{key}', which is a changing field: it starts at "
                               "its starting value and changes in play, so data cannot set it.",
                               self.key_at(where, key), f"data cannot set a changing field; to read it from data, declare "
                               f"it without '= ...' in the kind '{kind.name}' (with ', default ...' if some records "
                               "leave it out)")
                elif key != COPIES and key not in wanted:
                    # a key every record gives is the kind's missing field, not a slip of each record
                    everywhere = len(records) > 1 and all(isinstance(r, dict) and key in r for r in records)
                    self.error("E023", f"The {kind.name} record has a field '{key}' that the kind does not declare.",
                               self.key_at(where, key),
                               f"every {kind.name} record gives '{key}': declare it in the kind '{kind.name}'"
                               if everywhere else _glued_colon(key) or guess(key) or
                               _changing_meant(key, changing, kind.name) or f"declare it in the kind '{kind.name}'",
                               about=("undeclared field", kind.name, key))
            for f in wanted.values():
                if f.name not in rec and f.data_default is not A.NO_DEFAULT:
                    rec[f.name] = list(f.data_default) if type(f.data_default) is list else f.data_default
            total += plain_rec.get(COPIES, 1)
            if total > MAX_RECORDS:
                self.error("E024", f"The data makes more than {MAX_RECORDS} {kind.name} things.", Span(name, line, 1))
                return None
            out.append(rec)
        for field_name, found in wrong_type.items():
            f = wanted[field_name]
            given_by = len({at for _, _, at in found})      # records (a list may hold several wrong items)
            if given_by < 2 or not f.span.line:       # one record: that record is the likelier mistake
                self.diags.extend(d for d, _, _ in found)
                continue
            # Many records give another type: the declaration is the likelier mistake.
            values = list(dict.fromkeys(data_words(v) for _, v, _ in found))
            shown = ", ".join(values[:4]) + (", ..." if len(values) > 4 else "")
            lines = list(dict.fromkeys(d.span.line for d, _, _ in found))
            self.error("E022", f"The field '{field_name}' of the kind '{kind.name}' is declared {_type_words(f.type)}, "
                               f"but {given_by} of its {len(records)} records give something else ({shown}).", f.span,
                       f"correct the field's type here; or, if it is right, the records in {name} "
                       f"(line{'s' * (len(lines) > 1)} {', '.join(str(n) for n in lines[:6])}"
                       f"{', ...' if len(lines) > 6 else ''})", about=("field type", kind.name, field_name))
        return out

    def blank_value(self, at: Span, who: str, kind: str, key: str):
        """W119 at a field written with nothing after its colon (`food: ,`): YAML reads it as none,
        which a field of an enum, a thing or a player may hold, but a value left out is likelier,
        and the game would fail where a rule reads it. `none`, `null` or `~` written out is meant."""
        line = self.sources.line(at.file, at.line) if at.line and at.column else None
        if line is None or line[at.column - 1:].lstrip()[:1] not in ("", ",", "}", "#"):
            return
        self.warnings.append(Diagnostic(
            "W119", f"{who} gives its field '{key}' no value, which YAML reads as none.", at,
            f"write its value, or 'none' if this {kind} has none", severity="warning"))

    def misread_number(self, name: str, who: str, key: str, index, text: str, value: int, node) -> None:
        """W117 at a whole number YAML 1.1 read from a notation other than plain digits, where the
        field takes it: `010` is 8 (octal), `1:30` is 90 (base 60), `0x10` is 16, `1_000` is 1000.
        The game would quietly hold a number the file does not show."""
        item = ("its count" if key == COPIES else f"item {index + 1} of its field '{key}'" if index is not None
                else f"its field '{key}'")
        why, hint = _misread_words(text, value)
        start, end = node.start_mark, node.end_mark
        if (name, start.index) in self.misread_at:      # merged (<<) into another record: told once, where written
            return
        self.misread_at.add((name, start.index))
        same_line = end.line == start.line
        self.warnings.append(Diagnostic(
            "W117", f"{who} gives {item} as {text}, which YAML reads as the number {value}: {why}.",
            Span(name, start.line + 1, start.column + 1, start.line + 1 if same_line else 0,
                 end.column + 1 if same_line else 0), hint, severity="warning"))


_TYPE_WORDS = {"integer": "a whole number", "boolean": "true or false", "string": "a text", "array": "a list [a, b, ...]"}


def _data_problem(e, wanted: dict) -> str:
    """A jsonschema error about one record, in the language's words."""
    if e.validator == "required":
        missing = [f for f in wanted if f not in e.instance]
        return f"the field '{missing[0] if missing else '?'}' is missing"
    if e.validator == "type" and e.path:
        want = e.validator_value if isinstance(e.validator_value, str) else e.validator_value[0]
        where = f"item {e.path[1] + 1} of the field '{e.path[0]}'" if len(e.path) > 1 else f"the field '{e.path[0]}'"
        if e.instance is None:
            return f"{where} is {_TYPE_WORDS.get(want, want)} and cannot be none"
        return f"{where} should be {_TYPE_WORDS.get(want, want)}, not {data_words(e.instance)}"
    return e.message


def _float_hint(value) -> str:
    """The hint for a number with a point in data (`1.0`, `2.5`, `.inf`): numbers are whole; and
    for a date (`name: 2024-01-01`, which YAML reads as one): a text in quotes."""
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f'YAML reads {value} as a date: to keep it a text, write it in quotes, "{value}"'
    if type(value) is not float:
        return ""
    if value.is_integer():
        return f"numbers in data are whole, as in the rules: write {int(value)}, without the point"
    if value != value or value in (float("inf"), float("-inf")):
        return f"numbers in data are whole, as in the rules: write one of at most {MAX_DIGITS} digits"
    return "numbers in data are whole, as in the rules: a share of a number is worked out in the rules, by a division"


def _item_hint(path: list, wanted: dict) -> str:
    """The hint for an item of a list of the wrong type: what the list holds."""
    f = wanted.get(path[0]) if len(path) > 1 else None
    if f is None or f.type.elem is None:
        return ""
    item = _ITEM_WORDS.get(f.type.elem.name) or f"a {f.type.elem.name}"
    return f"the field '{f.name}' is a {_type_words(f.type)}: every item of it is {item}"


_ITEM_WORDS = {"int": "a whole number", "bool": "true or false", "text": "a text", "player": "a seat number",
               "list": "a list"}


def _holds_number(f, key: str, index) -> bool:
    """Does a record's `key` (item `index` of it, for a list) take a whole number: `count`, or a
    field of whole numbers or players (seats), or a list of them?"""
    if key == COPIES:
        return index is None
    if f is None:
        return False
    t = f.type
    if index is not None:
        if t.name != "list" or t.elem is None:
            return False
        t = t.elem
    return t.name in ("int", "player")


_PLAIN_IN_TEXT = [
    (re.compile(r"[-+]?0[0-9_]*[89][0-9_]*"), 10),      # 08, 09: not octal, so YAML 1.1 keeps them as texts
    (re.compile(r"[-+]?0o[0-7_]+"), 8),                   # YAML 1.2's octal, a text to YAML 1.1
]


def _quote_hint(value, wanted, path) -> str:
    """A hint for a number where a text is wanted (`name: 2`): YAML reads digits as a number, and
    quotes make them a text."""
    if type(value) is not int or "string" not in (wanted if isinstance(wanted, list) else [wanted]) or not path:
        return ""
    return f'YAML reads {value} as a number: write it in quotes for a text, {path[-1]}: "{value}"'


def _number_hint(value, wanted) -> str:
    """A hint for a text where a whole number is wanted that is a number in a notation YAML 1.1
    does not read as one (`08`, `0o10`, `1e3`): the number in plain digits."""
    if type(value) is not str or "integer" not in (wanted if isinstance(wanted, list) else [wanted]):
        return ""
    text, number = value.strip(), None
    if re.fullmatch(r"-?(0|[1-9][0-9]{0,14})", text):   # only quotes make YAML read such digits as a text ('08' is not one)
        return f"a number in quotes is a text: write {text} without the quotes"
    for pattern, base in _PLAIN_IN_TEXT:
        if pattern.fullmatch(text):
            number = int(text.replace("0o", "").replace("_", ""), base)
    if number is None and re.fullmatch(r"[-+]?[0-9]+(\.[0-9]*)?[eE][-+]?[0-9]+", text):
        try:
            f = float(text)
        except (OverflowError, ValueError):
            return ""
        number = int(f) if f.is_integer() and abs(f) <= MAX_NUMBER else None
    if number is None or abs(number) > MAX_NUMBER:
        return ""
    return f"YAML reads {text} as a text, not a number: write the number in plain digits, {number}"


def _misread_words(text: str, value: int) -> tuple[str, str]:
    """Why YAML 1.1 read `text` as `value`, and the hint: how to write what was meant."""
    digits = text.lstrip("+-")
    if ":" in digits:
        return ("YAML reads whole numbers joined by ':' in base 60, as minutes and seconds",
                f"write {value} if that is the number meant; a time or a score such as {text} is a text: "
                f'write it in quotes, "{text}", in a field of type text')
    if digits[:2].lower() in ("0x", "0b"):
        base = "hexadecimal (base 16)" if digits[1] in "xX" else "binary (base 2)"
        return (f"a number starting with {digits[:2]} is {base} to YAML",
                f"write the number in plain digits, {value}, as the rules write numbers")
    if digits[:1] == "0" and len(digits) > 1:
        meant = int(text.replace("_", ""), 10)
        return ("a whole number written with a leading 0 is octal (base 8) to YAML",
                f"write {meant} without the leading 0 if {meant} is meant, or {value} if {value} is")
    return ("YAML leaves out the '_' between digits",
            f"write the number in plain digits, {value}, as the rules write numbers")


@functools.lru_cache(maxsize=4)
def _composed(text: str):
    """A data file's YAML composed again (nodes with their marks, nothing built), for the places of
    its mistakes; False when it cannot be read. Kept for the file's next mistake."""
    yaml, line_loader = _yaml()
    try:
        return yaml.compose(text, Loader=line_loader)
    except yaml.YAMLError:
        return False


def record_value_span(sources: Sources, file: str, line: int, key: str, index: int | None = None) -> Span | None:
    """Where the record that starts at `line` of the data file `file` writes its field `key` (or
    item `index` of that field's list), for the caret: None when it is not written there (merged
    in from an anchor, or the file cannot be read again). Only for a diagnostic: the file is
    composed again."""
    node = _composed(sources.texts.get(file, "")) if file in sources.texts else False
    if not node:
        return None
    yaml = _yaml()[0]
    tops = node.value if isinstance(node, yaml.MappingNode) else []
    record = next((r for _, records in tops if isinstance(records, yaml.SequenceNode) for r in records.value
                   if isinstance(r, yaml.MappingNode) and r.start_mark.line + 1 == line), None)
    found = _child_node(yaml, record, key) if record is not None else None
    if found is not None and index is not None:
        found = _child_node(yaml, found[0], index)
    if found is None:
        return None
    start, end = found[0].start_mark, found[0].end_mark
    same_line = end.line == start.line and end.column > start.column
    return Span(file, start.line + 1, start.column + 1, start.line + 1 if same_line else 0,
                end.column + 1 if same_line else 0)


def _child_node(yaml, node, step):
    """(the node at `step` in a composed mapping or list, the node whose place names it: the key
    in a mapping, the item in a list), or None."""
    if isinstance(node, yaml.MappingNode):
        return next(((v, k) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == str(step)), None)
    if isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
        return node.value[step], node.value[step]
    return None


def _key_not_a_name(value, path: list):
    """(path, key) of the first key in the data that is not a text (`1:`, `true:`, `null:`), else None."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "_line":
                continue
            if not isinstance(k, str):
                return path + [str(k) if not isinstance(k, bool) else str(k).lower()], k
            found = _key_not_a_name(v, path + [k])
            if found is not None:
                return found
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found = _key_not_a_name(v, path + [i])
            if found is not None:
                return found
    return None


_WANTED = dict(_TYPE_WORDS, object="a mapping of fields", null="none")


def _where_in_data(path: list) -> str:
    """The place a schema error is about, in words: the file, its list, a record, a field, an item."""
    if not path:
        return "the file"
    if len(path) == 1:
        return f"'{path[0]}'"
    if len(path) == 2:
        return f"record {path[1] + 1} of '{path[0]}'" if isinstance(path[1], int) else f"'{path[1]}'"
    if len(path) == 3:
        return f"the field '{path[2]}'"
    return f"item {path[3] + 1} of the field '{path[2]}'" if isinstance(path[3], int) else f"the field '{path[2]}'"


def _schema_problem(e) -> str:
    """A jsonschema error about a data file's shape, in the language's words (never Python's)."""
    path, inst, want = list(e.path), e.instance, e.validator_value
    where = _where_in_data(path)
    if e.validator == "type":
        wants = [want] if isinstance(want, str) else list(want)
        words = " or ".join(_WANTED.get(w, w) for w in wants)
        return f"{where} should be {words}, not {data_words(inst)}"
    if e.validator == "anyOf" and isinstance(inst, list):
        most = next((s.get("maxItems") for s in want if s.get("type") == "array"), None)
        if most is not None and len(inst) > most:
            return f"{where} holds {len(inst):,} items, and a list in data holds at most {most:,}"
        bad = next((x for x in inst if isinstance(x, (list, dict, float)) or x is None), None)
        return f"{where} holds {data_words(bad)}, and a list in data holds only texts, whole numbers, true and false"
    if e.validator == "anyOf":
        return (f"{where} is {data_words(inst)}; a field holds a text, a whole number, true, false, none, "
                "or a list of those")
    if e.validator in ("minimum", "maximum"):
        low, high = e.schema.get("minimum"), e.schema.get("maximum")
        if low is not None and high is not None:
            return f"{where} is {data_words(inst)}, and must be from {low:,} to {high:,}"
        return f"{where} is {data_words(inst)}, and must be at {'least' if low is not None else 'most'} {want:,}"
    if e.validator == "minProperties":
        return "the file holds no key, and must be one key holding the list of records"
    if e.validator == "maxProperties":
        keys = ", ".join(f"'{k}'" for k in inst)
        return f"the file has {len(inst)} keys ({keys}), and must be one key holding the list of records"
    if e.validator == "maxItems":
        return f"{where} holds {len(inst):,} items, and a list in data holds at most {want:,}"
    return f"{where} is {data_words(inst)}, which does not fit there"


_DECLARES = re.compile(r"^(?:replace\s+|extend\s+)?(?:player\s+)?(\w+)\s+(\w+)(.*)$")


def _declared_by(sources: Sources, diags: list) -> set:
    """The names that the declarations holding syntax errors declare (and an enum's values),
    read from the line where each such declaration starts."""
    if not diags:
        return set()
    names = set()
    for d in diags:
        line = d.span.line          # back to the line where the declaration starts
        while line > 1 and not re.match(r"[A-Za-z_]", sources.line(d.span.file, line) or ""):
            line -= 1
        text = sources.line(d.span.file, line) or ""
        names |= _names_declared(_logical_line(sources, d.span.file, line))
        own = (sources.line(d.span.file, d.span.line) or "").strip()
        if d.code == "E104" and d.about[:1] == ("indented",):
            # a declaration indented by mistake (`    var x: int = 0`), or one that lost its word
            # (` ingredient from "x.yaml":`): the names it declared
            names |= _names_declared(own) | set(re.findall(r"^([A-Za-z_]\w*)", own))
        called = re.match(r"^(\w+)\s*\(", text)        # a rule missing its word: `bump(p: player):`
        if called:
            names.add(called.group(1))
        m = _DECLARES.match(text)
        if re.match(r"^\w+\s*:", text) and (m is None or m.group(1) not in _declaration_words()):
            # a kind's field line that lost its indentation: the kind above lost it and those below
            from .parser import declared_above
            names.add(declared_above(lambda k: sources.line(d.span.file, k), line, "kind"))
    return names - {None}


def _declaration_words():
    from .parser import _DECLARATION_WORDS       # only after a syntax error: lark ran anyway
    return _DECLARATION_WORDS


def _logical_line(sources: Sources, file: str, line: int) -> str:
    """A line with the lines it continues on with '\\'."""
    text, more = sources.line(file, line) or "", line
    while text.rstrip().endswith("\\") and more < line + 200:
        more += 1
        text = text.rstrip()[:-1] + " " + (sources.line(file, more) or "")
    return text


def _names_declared(text: str) -> set:
    """The names a declaration's text declares, however it went wrong: its name, an enum's or an
    option's values (with or without the colon, the keyword misspelt), the name before the colon."""
    from .parser import _closest_word
    words = _declaration_words()
    names = set()
    m = _DECLARES.match(text)
    if m is None and re.match(r"(option|enum)\b", text):      # `option :difficulty newbie, normal`
        names |= set(re.findall(r"[A-Za-z_]\w*", text)) - {"option", "enum", "default"}
    if m:
        names.add(m.group(2))
        word = m.group(1) if m.group(1) in words else _closest_word(m.group(1), words)
        if word == "enum":          # its values, with the colon or without it (`enum colour red, blue`)
            rest = m.group(3)
            names |= set(re.findall(r"\w+", rest.partition(":")[2] if ":" in rest else rest))
        if word == "option":        # its values, however the line went wrong (`option d = a, b`)
            names |= set(re.findall(r"[A-Za-z_]\w*", m.group(3))) - {"default"}
        if word == "grid":
            names.add("grid")       # its kind is laid out by no grid: the grid built-ins' errors follow
        if m.group(1) in ("turn", "setup", "round", "play"):
            names.add(m.group(1))
    names.add(text.split(":")[0].strip())
    head = re.findall(r"[A-Za-z_]\w*", re.sub(r'"[^"]*"', "", text.split(":")[0].split("(")[0]))
    if head and len(head) <= 4:        # the name before the colon (`var var hot: card`, `kind from card`)
        names.add(head[-1])
    return names


def strict_validator(schema: dict):
    """jsonschema's validator of `schema`: the judge of data `surely_fits` cannot vouch for, and the
    writer of every message (imported only then). A whole number is an int, never a float: JSON
    Schema calls 1.0 an integer, and YAML's `1.0` would reach the game as a number with a point."""
    return _strict_validator()(schema)


@functools.lru_cache(maxsize=1)
def _strict_validator():
    import jsonschema
    base = jsonschema.Draft202012Validator
    whole = base.TYPE_CHECKER.redefine("integer", lambda _, x: type(x) is int)
    return jsonschema.validators.extend(base, type_checker=whole)


def json_schema_for_data() -> dict:
    import json
    return json.loads((SCHEMAS / "rulebook-data.schema.json").read_text())


@collector_paused()
def load_program(game: str, variant: str | None = None) -> Program:
    """Load a rulebook; raises RulebookError with every diagnostic if anything is wrong.

    The rulebook reads only files inside its folder: the folder given, or the folder of the
    single `.rules` file given (whose variants, if it has any, are its folder's business). A file
    in a rulebook's `variants/` folder is that rulebook with that variant."""
    path = find_rulebook(game)
    if not path.is_dir() and variant in (None, path.stem) and path.parent.name == "variants" \
            and (path.parent.parent / "game.rules").is_file():
        # A variant's own file (rulebooks/x/variants/v.rules) means that rulebook with that
        # variant: the file extends "../game.rules", which only its folder may read.
        path, variant = path.parent.parent, path.stem
    if path.is_dir():
        loader = Loader(RulebookFolder(path))
        decls = loader.folder(path, variant)
        base_dir = path
    else:
        loader = Loader(RulebookFolder(Path(os.path.realpath(path)).parent))
        if variant:
            raise RulebookError([Diagnostic("E016", f"A single .rules file has no variants, so not '{echo(variant)}'.",
                                            Span(game), "give the rulebook's folder to play one of its variants")])
        decls = loader.rules_file(path)
        base_dir = path.parent
    if any(x.about == ("extends misspelt",) for x in loader.diags):
        # Its `extends` line did not parse (`extend "../game.rules"`): without its base, everything
        # else in it would be an error too, so only what was said about that line is reported.
        raise RulebookError(loader.diags, loader.sources)
    for d in decls:
        if d.extend:        # an `extend` met by a base is merged into it, so this one has none
            loader.error("E015", f"'extend {_extend_words(d, named=False)}' adds to a base rulebook's declaration, "
                                 "and this file extends none.",
                         d.span, "a variant starts with 'extends \"../game.rules\"'; in a base rulebook, write the whole declaration")
    if not loader.extended_a_base:
        # `replace` in a rulebook that extends none, of a name declared nowhere else in it (a name
        # declared twice is the checker's E202, which says the same): it replaces nothing.
        names = [d.name for d in decls if not isinstance(d, A.RemoveDecl)]
        for d in decls:
            if getattr(d, "replace", False) and names.count(d.name) == 1:
                loader.error("E015", f"'replace' changes a base rulebook's declaration of '{d.name}', and this "
                                     "file extends none.",
                             d.span, "in a base rulebook, write the declaration without 'replace'; a variant "
                                     "starts with 'extends \"../game.rules\"'")
    decls = [d for d in decls if not d.extend]
    _remove_with_its_keyword(loader.diags, decls)
    program = Program(str(path), decls, sources=loader.sources, variant=variant, changes=dict(loader.changes),
                      added_values=dict(loader.added_values), cut_short=list(loader.cut_short), ends_dropped=list(loader.ends_dropped))
    syntax = list(loader.diags)
    loader.load_data(decls, base_dir, program)
    program.unread_data = _unread_data(base_dir, variant, program.data_read | loader.dropped_data) \
        if path.is_dir() else []
    if syntax and not all(d.code.startswith("E1") or any(d is x for x in loader.skipped) for d in syntax):
        raise RulebookError(loader.diags, loader.sources)
    # Syntax errors do not hide the other declarations' errors: the checker reads what parsed,
    # and is told what the broken declarations declare, so that their names are not "unknown".
    # A variant's change that could not be applied is left out and counts as one of them.
    # A skipped change is no syntax error: the rest of the game is whole, so its structure and
    # warnings are still told; only the names the change's line declares are taken as broken.
    program.syntax_problems = [d for d in syntax if not any(d is x for x in loader.skipped)]
    program.change_problems = [d for d in syntax if any(d is x for x in loader.skipped)]
    program.broken_names = _declared_by(loader.sources, syntax)
    loader.diags = loader.diags[len(syntax):]
    # A data file's errors do not hide the rules' own: the checker reports them together, and
    # does not complain of things missing from a kind whose data failed. (`loader.diags` holds
    # them alone now: cutting the syntax errors off a second time lost as many data errors.)
    program.data_problems = list(loader.diags)
    program.data_warnings = loader.warnings
    return program


def _variant_named_by_its_file(variant: str, known: list) -> str:
    """The hint for a variant named by its file (`variants/colorcracks.rules`): its name alone."""
    stem = re.sub(r"\.rules$", "", variant.replace("\\", "/").rsplit("/", 1)[-1])
    if stem != variant and stem in known:
        return f"a variant is named without its folder and '.rules': write '{stem}'"
    return ""


def _remove_with_its_keyword(diags: list, decls: list) -> None:
    """A variant's `remove var water_levl` is told by the parser to drop its keyword (it cannot
    know the base's names); where the name is none of the base's, the hint names the closest."""
    names = None
    for k, d in enumerate(diags):
        if d.code != "E101" or d.about[:1] != ("remove with its keyword",):
            continue
        if names is None:
            names = {x.name for x in decls if getattr(x, "name", None) and not isinstance(x, A.RemoveDecl)}
        removed = d.about[1]
        if removed not in names:
            near = closest(removed, names)
            if near:
                diags[k] = dataclasses.replace(d, hint=f"write 'remove {near}': the base has no '{removed}'; "
                                                       f"did you mean '{near}'?")


def _unread_data(folder: Path, variant: str | None, read: set) -> list:
    """The data files a rulebook's folder holds for it that no kind reads: its own .yaml files, and
    the played variant's file named like it (variants/NAME.yaml), as shown in messages."""
    files = sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml"))
    if variant:
        files += [f for f in (folder / "variants" / f"{variant}.yaml", folder / "variants" / f"{variant}.yml")
                  if f.is_file()]
    return [f for f in files if f.is_file() and os.path.realpath(f) not in read]


def comment_words(comment: tuple) -> str:
    """What `flow_comment` found, in words (a sentence)."""
    said = f" in '{comment[2]}'" if comment[2] else ""
    return (f"The '#'{said} starts a YAML comment, so the rest of this line is not read and the [ ] or {{ }} "
            "it is in is never closed.")


def comment_hint(comment: tuple) -> str:
    if comment[2]:
        return f'write "{comment[2]}" in quotes: YAML reads # as a comment'
    return "write a name holding '#' in quotes (\"Card #3\"): YAML reads # as a comment"


def _spans_name(program: Program, span, name: str) -> bool:
    """Whether the words a diagnostic's caret marks (on its first line) name `name`: the name it
    is under, or, for a caret under an expression, a name inside it."""
    line = program.sources.line(span.file, span.line) if program.sources is not None else None
    if not line:
        return False
    start = max(span.column - 1, 0)
    end = span.end_column - 1 if span.end_line == span.line and span.end_column > span.column else None
    under = re.match(r"\w+", line[start:])
    return (under is not None and under.group(0) == name) or \
        (end is not None and re.search(rf"\b{re.escape(name)}\b", line[start:end]) is not None)


def _reading_line(program: Program, d, name: str) -> int | None:
    """The line of `d`'s file that reads `name` and so may have given the value `d` is about: `d`'s
    own line, a line its message cites ("line 69: ..."), or a line whose block one of them is in
    (`secretly each p in players chooses c from NAME:` above the line that uses `c`). Code only: a
    text's plain words and a comment are not read."""
    if program.sources is None or not d.span.line:
        return None

    def code(n):
        line = program.sources.line(d.span.file, n) or ""      # a text's words and a comment go, its {names} stay
        return TEXT_OR_COMMENT.sub(lambda m: "" if m.group(0).startswith("#") else
                                    " ".join(f"({x})" for x in re.findall(r"\{([^{}]*)\}", m.group(0))) or " ", line)
    word = re.compile(rf"\b{re.escape(name)}\b")
    for n in [d.span.line] + [int(x) for x in re.findall(r"\bline (\d+)\b", d.message)]:
        indent = len(code(n)) - len(code(n).lstrip())
        for above in range(n, 0, -1):     # the line, then each line that opens a block it is in
            text = code(above)
            at = len(text) - len(text.lstrip())
            if above != n and (not text.strip() or at >= indent or not text.rstrip().endswith(":")):
                if text.strip() and at == 0:
                    break          # the declaration's first line: no block above it
                continue
            if word.search(text):
                return above
            indent = min(indent, at)
            if at == 0:
                break
    return None


def note_changes(diagnostics: list, program: Program) -> list:
    """The checker's errors (and its W109, a table's gap) about a rulebook with a variant's
    `remove` or `replace` applied: each error in another file that names a removed name says which
    line removed it, and a first error at that `remove` line says the base still uses it; an error
    at a variable or definition the variant replaced with another type (or other values) says so;
    a gap in a table the variant replaced names the replacement. (A name replaced alike is recorded
    too, but not otherwise noted: a message naming it is not often caused by the replacement.)"""
    if not program.changes:
        return diagnostics
    out, uses, narrowed, more_uses, retyped = [], {}, {}, {}, {}
    removed = [(name, c[1]) for name, c in program.changes.items() if c[0] == "removed" and name in ("score", "winners")]
    sections = [(name, c[1]) for name, c in program.changes.items() if c[0] == "removed" and name in ("turn", "round", "play")]
    for d in diagnostics:
        d = _thing_of_a_replaced_kind(d, program)
        if d.about[:1] == ("no section",) and sections:     # the variant took away the only way to play
            name, span = sections[0]
            d = Diagnostic("E403", f"Removing '{name}' leaves the game no 'turn', 'round' or 'play' section, so nobody "
                                   "ever plays.", word_at(program.sources, span, name, span.column) or span,
                           f"write 'replace {name}:' with the variant's own steps instead of removing it")
        if d.code == "E405" and removed:      # the variant took away the base's way to find its winners
            name, span = removed[0]
            d = Diagnostic("E405", f"Removing '{name}' leaves the game no way to find its winners.",
                           word_at(program.sources, span, name, span.column) or span,
                           "add a 'winners:' line, or 'define score(p: player): int = ...', to the variant")
        for name, (how, span, *types) in program.changes.items():
            if how == "narrowed" and d.severity == "error" and _uses_dropped_field(d, name, types[0]):
                narrowed.setdefault(name, []).append(d.span)
                d = None
                break
            if how == "replaced" and d.about[:2] == ("table gap", name) \
                    and d.span.file != span.file:      # the base's lookup, the variant's entries
                d = dataclasses.replace(d, hint=f"{d.hint}: the table is the one {span.file}:{span.line} replaces it with")
                break
            if how == "replaced" and d.about[:1] == ("table gap",) and d.about[2] == name \
                    and d.span.file != span.file:      # the base's table, the variant's new values for its key
                what = "option" if any(isinstance(x, A.OptionDecl) and x.name == name for x in program.decls) else "enum"
                d = dataclasses.replace(d, hint=f"{d.hint}: {span.file}:{span.line} replaces the {what} '{name}' "
                                                "with values the base's table was not written for")
                break
            if how == "removed" and d.severity == "error" and d.span.file == span.file and d.is_about(name):
                # the variant removes a name and uses it itself: its use says which line removed it, and
                # a use in the base folded into its hint ("the same at ... game.rules:15") leads an E014
                base = [x for x in d.same_at if x.file != span.file and x.file.endswith(".rules")]
                if base:
                    uses.setdefault(name, []).append(Span(base[0].file, base[0].line, 1))
                note = f"'{name}' was removed by line {span.line}"
                d = dataclasses.replace(d, hint=f"{note}; {d.hint}" if d.hint else note)
                break
            if d.severity != "error" or d.span.file == span.file:
                continue
            # a type error on a base line that reads a retyped name, though about something else: a
            # value it gave (`chooses c from tap_targets`, then `tap_label(c)` wants a card)
            through = how == "retyped" and d.code.startswith("E3") and not d.is_about(name) \
                and not _spans_name(program, d.span, name) and _reading_line(program, d, name)
            if not d.is_about(name) and not through \
                    and not (how == "retyped" and _spans_name(program, d.span, name)):
                continue
            if how == "retyped":      # one error at the replacement first, naming the base's uses
                retyped.setdefault(name, []).append(d.span)
            if through:
                reads = "this line reads" if through == d.span.line else f"line {through} reads"
                was, now = (types if types[0].startswith("a table") else [f"'{t}'" for t in types])
                note = f"{reads} '{name}', which {span.file}:{span.line} replaces as {now} where the base has {was}"
                d = dataclasses.replace(d, hint=f"{note}; {d.hint}" if d.hint else note)
                break
            if how == "retyped":      # the base's rules use it as its old type
                was, now = (types if types[0].startswith("a table") else [f"'{t}'" for t in types])
                d = dataclasses.replace(d, hint=f"'{name}' was replaced by {span.file}:{span.line} as {now}; "
                                                f"the base's rules use it as {was}")
                break
            if how == "dropped":      # a value of an enum (or an option's choice) the replacement left out
                what = "value of the enum" if types[0] == "enum" else "choice of the option"
                note = f"'{name}' is a {what} '{types[1]}' in the base, and {span.file}:{span.line} replaces it without '{name}'"
                d = dataclasses.replace(d, hint=f"{note}; {d.hint}" if d.hint else note)
                break
            if how != "removed":      # a replaced name in a message is not often the cause: no note
                continue
            # the usual hint ("set it first") would not help; the other places of the same error,
            # told once with their lines, stay in the hint and are counted at the 'remove'
            uses.setdefault(name, []).append(d.span)
            if d.same_at:
                more_uses[name] = more_uses.get(name, 0) + len(d.same_at)
            note = f"'{name}' was removed by {span.file}:{span.line}"
            d = dataclasses.replace(d, hint=f"{note}; {d.same_places()}" if d.same_at else note)
            break
        if d is not None:
            out.append(d)
    lead = []
    for name, spans in narrowed.items():
        span, dropped = program.changes[name][1], program.changes[name][2]
        more = len(spans) - 1
        where = f"{spans[0].file}:{spans[0].line}" + (f" and {more} more place{'s' * (more != 1)}" if more else "")
        fields = ", ".join(dropped)
        lead.append(Diagnostic("E014", f"This replaces the kind '{name}' whole, with none of the base's fields "
                                       f"{fields}; the rules or the data still use them ({where}).",
                               word_at(program.sources, span, name, span.column) or span,
                               f"to add fields or records to the base's kind, write 'extend kind {name}'; "
                               f"a replacement declares every field itself"))
    for name, spans in uses.items():
        span = program.changes[name][1]
        spans = sorted({(s.file, s.line): s for s in spans}.values(), key=lambda s: (s.file, s.line))   # once each
        more = len(spans) - 1 + more_uses.get(name, 0)
        where = f"{spans[0].file}:{spans[0].line}" + (f" and {more} more place{'s' * (more != 1)}" if more else "")
        lead.append(Diagnostic("E014", f"This removes '{name}', but the base rulebook still uses it ({where}).",
                               word_at(program.sources, span, name, span.column) or span,
                               f"replace the rules that use '{name}' too, or keep it"))
    for name, spans in retyped.items():
        how, span, was, now = program.changes[name][:4]
        spans = sorted({(s.file, s.line): s for s in spans}.values(), key=lambda s: (s.file, s.line))
        more = len(spans) - 1
        where = f"{spans[0].file}:{spans[0].line}" + (f" and {more} more line{'s' * (more != 1)}" if more else "")
        was, now = (was, now) if was.startswith("a table") else (f"'{was}'", f"'{now}'")
        at = word_at(program.sources, span, name, span.column) or span
        if was.startswith("a table keyed"):      # the keys are the mistake: at the first of them
            table = next((x for x in program.decls if isinstance(x, A.TableDecl) and x.name == name and x.span == span), None)
            if table is not None and table.entries and getattr(table.entries[0].span, "line", 0):
                at = table.entries[0].span
        lead.append(Diagnostic("E301", f"This replaces '{name}' as {now} where the base has {was}, and the base's "
                                       f"rules still use it as the base has it ({where}).", at,
                               f"keep the base's {'keys and values' if was.startswith('a table') else 'type'}, or "
                               f"replace the rules that use '{name}' too",
                               about=("retyped", name)))
    # a line that does not parse leads still: a declaration it broke (a `replace rule` the variant
    # meant) is what leaves the base's uses of a removed name behind
    syntax = [d for d in out if d.code.startswith("E1")]
    return syntax + lead + [d for d in out if not d.code.startswith("E1")]


def _thing_of_a_replaced_kind(d, program: Program):
    """An error in another file than the variant's, naming a thing of a kind the variant replaced
    (`space "Dark Pit"` in the base's rules, a base record's field naming it) that is not among the
    replacement's things: the replacement's data dropped it, which the hint says."""
    kind = d.about[1] if d.about[:1] == ("no thing",) else None
    change = program.changes.get(kind) if kind else None
    if change is None or change[0] not in ("replaced", "narrowed") or d.span.file == change[1].file:
        return d
    span = change[1]
    if not any(isinstance(x, A.KindDecl) and x.name == kind for x in program.decls):
        return d
    note = f"the kind '{kind}' is replaced by {span.file}:{span.line}, and the replacement's data has no such {kind}"
    return dataclasses.replace(d, hint=f"{note}; {d.hint}" if d.hint else note)


def _uses_dropped_field(d, kind: str, dropped: list) -> bool:
    """Is `d` about a field of `kind` that a variant's replacement of the kind dropped: a rule
    reading it (E201), or a data record giving it (E023)?"""
    return d.about[:2] in (("no field", kind), ("undeclared field", kind)) and d.about[2] in dropped


_LONE_CR = re.compile(r"\r(?!\n)")


def _values_of(d) -> list:
    """The values an enum declares, or the choices of an option."""
    return list(d.values) if isinstance(d, A.EnumDecl) else list(d.choices)


def _params_words(d) -> str:
    """A rule's values as written (`(p: player, c: card)`)."""
    return f"({', '.join(f'{p.name}: {_type_words(p.type)}' for p in d.params)})"


def _signature_words(d: A.DefineDecl) -> str:
    """A definition's values and result as written (`(p: player): int`)."""
    result = _type_words(d.result) if d.result is not None else "a value of any type"
    if not (d.has_params or d.params):
        return result
    return f"({', '.join(f'{p.name}: {_type_words(p.type)}' for p in d.params)}): {result}"


def _entry_words(table) -> str | None:
    """What a table's entries give, when each is written out as the same kind of literal ("a table of
    whole numbers"); else None (an entry worked out, or of another kind, is left to the checker)."""
    kinds = {"whole numbers" if isinstance(e.value, A.Lit) and type(e.value.value) is int else
             "true or false" if isinstance(e.value, A.Lit) and type(e.value.value) is bool else
             "texts" if isinstance(e.value, A.Template) else None for e in table.entries}
    return f"a table of {kinds.pop()}" if len(kinds) == 1 and None not in kinds else None


def _key_words(table, decls: list = ()) -> str | None:
    """What a table of one key is keyed by, when every key is of one sort ("a table keyed by
    names", or by the values of one enum or option of `decls`: "a table keyed by the values of
    'colour'"); else None."""
    if any(e.more_keys for e in table.entries):
        return None
    kinds = {"texts" if isinstance(e.low, A.TextKey) else "names" if isinstance(e.low, str) else
             "whole numbers" if type(e.low) is int else None for e in table.entries}
    if kinds == {"names"}:
        owners = {x.name for x in decls if isinstance(x, (A.EnumDecl, A.OptionDecl))
                  for e in table.entries if e.low in _values_of(x)}
        if len(owners) == 1:
            return f"a table keyed by the values of '{owners.pop()}'"
    return f"a table keyed by {kinds.pop()}" if len(kinds) == 1 and None not in kinds else None


def titled(d: A.Decl) -> str:
    """A declaration as a message names it: "'turn' section" (a section's name is its word), "rule
    'score'"."""
    return f"'{d.name}' section" if isinstance(d, A.PhaseDecl) else f"{d.kind_word} '{d.name}'"


def _changing_meant(key: str, changing: set, kind: str) -> str:
    """The hint for a data key close to a changing field's name ('serch' for `search: int = 0`):
    that field is the one meant, and data cannot set it, so "declare it in the kind" would be wrong."""
    field = closest(key, changing)
    if not field:
        return ""
    return (f"did you mean '{field}'? '{field}' is a changing field, which data cannot set: it starts at its starting value; to "
            f"read it from data, declare it without '= ...' in the kind '{kind}'")


# What 'extend' can grow; any other declaration is replaced whole.
_EXTENDABLE = (A.KindDecl, A.EnumDecl, A.OptionDecl, A.TableDecl, A.RuleDecl, A.StageDecl, A.PhaseDecl, A.DisplayDecl)


_KEYWORD = {"DefineDecl": "define", "VarDecl": "var", "ZoneDecl": "zone", "WinnersDecl": "winners"}


def _kind_key_forms(name: str) -> set:
    """The keys that name the kind `name` in a data file: 'card', 'cards', 'boxes', 'berries'."""
    return {name, name + "s", name + "es", name[:-1] + "ies"}


def _declaration_word(d: A.Decl) -> str:
    """The words that start a declaration like `d`: "define", "player var", "enum"."""
    word = _KEYWORD.get(type(d).__name__, d.kind_word)
    return f"player {word}" if getattr(d, "per_player", False) and word in ("var", "zone") else word


def _did_you_mean_or_list(d: A.Decl, k: tuple, index: dict) -> str:
    """The hint for a `replace` or `extend` of a name the base lacks: a near name, else the
    base's declarations of that sort by name (a variant's author copies one from there)."""
    near = did_you_mean(d.name, [key[1] for key in index])
    if near:
        return near
    names = sorted(key[1] for key in index if key[0] == k[0] and key[1])
    if not names:
        return f"the base rulebook has no {d.kind_word} to {'extend' if d.extend else 'replace'}"
    shown = ", ".join(f"'{n}'" for n in names[:12]) + (f" and {len(names) - 12} more" if len(names) > 12 else "")
    return f"the base's {d.kind_word}{'s' if len(names) > 1 else ''}: {shown}"


def _a(word: str) -> str:
    """A kind of declaration with its article: "an enum", "a kind"."""
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _filled_label(written: str, labels: list) -> str:
    """The hint for a label written as one option of the menu shows it ("Move to Dark Pit") where
    the base's label has braces ("Move to {s.name}"): the base's labels whose braces, each read as
    any words, give the label written, or ''."""
    fits = []
    for base in labels:
        parts = re.split(r"\{[^{}]*\}", base[1:-1])
        if len(parts) > 1 and re.fullmatch(".+".join(re.escape(p) for p in parts), written[1:-1]):
            fits.append(base)
    if not fits:
        return ""
    return (f"the base writes the label with braces, filled in for each option: write {' or '.join(fits)}, braces "
            "and all (the one label stands for every option it makes)")


def _extend_words(d: A.Decl, named: bool = True) -> str:
    """What 'extend' is followed by for `d`: a section's own word (`turn`), else its kind's word and,
    when `named`, its name (`rule score`); a menu's `choose in score`."""
    if isinstance(d, (A.PhaseDecl, A.DisplayDecl)):
        return d.name
    if isinstance(d, A.MenuExtendDecl):
        return f"choose in {d.name}" if named else "choose"
    return f"{d.kind_word} {d.name}" if named else d.kind_word


def _lines_of(nodes: list, here: str) -> str:
    """Where the nodes are, for a message read in the file `here`: "line 3", "lines 3 and 9",
    with the file named when it is another ("lines 214 and 221 of game.rules")."""
    lines = " and ".join(str(n.span.line) for n in nodes)
    file = nodes[0].span.file
    return ("lines " if len(nodes) > 1 else "line ") + lines + (f" of {file}" if file != here else "")


def _entries_overlap(a: A.TableEntry, b: A.TableEntry) -> bool:
    """Whether two table entries share a combination of keys: as many keys, and in each position
    the same name or text, or numbers and ranges that overlap (compared by their ends)."""
    ka, kb = [(a.low, a.high)] + a.more_keys, [(b.low, b.high)] + b.more_keys
    if len(ka) != len(kb):
        return False        # (the checker tells the entry that gives another number of keys)
    for (lo1, hi1), (lo2, hi2) in zip(ka, kb):
        if isinstance(lo1, int) and isinstance(lo2, int):
            if max(lo1, lo2) > min(hi1, hi2):
                return False
        elif isinstance(lo1, int) or isinstance(lo2, int) or \
                isinstance(lo1, A.TextKey) != isinstance(lo2, A.TextKey) or lo1 != lo2:
            return False
    return True


def _keys_words(e: A.TableEntry) -> str:
    """An entry's keys as written: `marathon`, `2 to 5`, `"Dark Pit", 3`."""
    def one(lo, hi):
        if isinstance(lo, int):
            return str(lo) if lo == hi else f"{lo} to {hi}"
        return f'"{lo}"' if isinstance(lo, A.TextKey) else str(lo)
    return ", ".join(one(lo, hi) for lo, hi in [(e.low, e.high)] + e.more_keys)


def _did_you_mean_text(text: str, candidates: list) -> str:
    """did_you_mean for texts as written, quotes and all: the hint quotes the text once."""
    guess = did_you_mean(text.strip('"'), [c.strip('"') for c in candidates])
    return guess.replace("'", '"', 1)[::-1].replace("'", '"', 1)[::-1] if guess else ""


def _swapped(x, old, new):
    """`x` (a node, or a list or tuple of them) with the node `old` in it swapped for `new`: the
    nodes on the way down to it are copied, all else is shared, and `x` itself is never changed."""
    if x is old:
        return new
    if isinstance(x, (list, tuple)):
        out = [_swapped(y, old, new) for y in x]
        if all(a is b for a, b in zip(out, x)):
            return x
        return out if isinstance(x, list) else tuple(out)
    if isinstance(x, (A.Stmt, A.MenuOption, A.RuleDecl, A.PhaseDecl)):
        changed = {}
        for f in dataclasses.fields(x):
            v = getattr(x, f.name)
            if isinstance(v, (list, tuple, A.Node)):
                w = _swapped(v, old, new)
                if w is not v:
                    changed[f.name] = w
        return dataclasses.replace(x, **changed) if changed else x
    return x


def _default_hint(f) -> str:
    """The rest of a missing field's hint: a record that has no such value (an action card's number)
    leaves it out when the kind gives the field a default."""
    t = f.type
    value = ("[]" if t.name == "list" else "0" if t.name == "int" else '""' if t.name == "text"
             else "false" if t.name == "bool" else "none")
    return (f"; give it in this record, or, for records that have none, declare it with a default in the "
            f"kind: '{f.name}: {_type_words(t)}, default {value}'")


def _type_words(t) -> str:
    """A field's type as written (`action`, `list of card`)."""
    if t is None:
        return "..."
    if t.name == "list" and t.elem is not None:
        return "list of " + _type_words(t.elem)
    return t.name
