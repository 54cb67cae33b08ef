"""Diagnostics: errors and warnings about rulebooks, written for people.

Every pass reports problems as `Diagnostic` values that carry a code, a message, a
`Span` (file, line, column) and an optional hint. This module renders them like a good
compiler (the source line with a caret) and as JSON. It also holds what two passes both say or
look for in a line (`EXTENDS_MISSPELT`, `CHOOSE_FROM`). It must not know any pass's internals and
must never raise on odd input: a diagnostic about a diagnostic is useless.
"""
from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Span:
    file: str
    line: int = 0          # 1-based; 0 means "the whole file"
    column: int = 0        # 1-based
    end_line: int = 0
    end_column: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.column}"
        return self.file


@dataclass
class Diagnostic:
    code: str
    message: str
    span: Span
    hint: str = ""
    severity: str = "error"   # "error" or "warning"
    # What it is about, as data for the passes that amend a diagnostic after it is made (never
    # shown, nor compared): ("undeclared field", kind, field) a data record's field the kind
    # lacks, ("no field", kind, field) a rule reading one, ("no thing", kind) a thing's name that
    # is none of the kind's, ("table gap", table, key type) a W109, ("unknown", name) a name that
    # is none (a value, type, rule, function, event, die, die face or table key), ("not in enum", value, enum, field)
    # an E025, ("given twice", table) a table's keys given twice (E202), ("declared twice", name) a
    # name declared twice (E202), ("built-in", name) a built-in's name declared again (E203),
    # ("call", name) a call's values that do not fit what it takes (E207, E301), ("unset", name) a
    # name changed before it has a value, ("removed", name) a name a variant removes and then
    # changes, ("no player field", name) a player's field no player has, ("set, never used", name) a
    # new local set and never read (E201), ("uncalled", rule) an E404 whose every 'end game' is in
    # that rule nothing calls, ("remove with its keyword", name) a variant's `remove var NAME`,
    # ("no section", "turn") an E403 of a game with no 'turn', 'round' or 'play' section,
    # ("':' missing",) a line that ends where only ':' may come, ("extends misspelt",) `extend "../x"`, ("'=' for '=='",) a '=' in a
    # condition, ("names", name) any other error that is about one name its message quotes.
    about: tuple = field(default=(), compare=False)
    # The other places of the same error, told once in its hint by the checker ("the same at 2
    # more places (lines 15, 16)"): their spans, one a line, for the passes after it.
    same_at: tuple = field(default=(), compare=False)

    def __post_init__(self):
        # A hostile rulebook's name or text of a megabyte, quoted by a message once for each of
        # a thousand records, would print a gigabyte: each is quoted cut short (`_cut`).
        if len(self.message) > LONG_RUN or len(self.hint) > LONG_RUN:
            self.message, self.hint = _cut(self.message), _cut(self.hint)

    def is_about(self, name: str) -> bool:
        """Whether the error is about the declaration named `name` (by `about`, never by its words):
        the name it was raised for (a field's kind, not the field), a W109's table or the enum
        of its key, or an E025's value or enum."""
        what = self.about[:1]
        if not what:
            return False
        if what == ("not in enum",):
            return self.about[1] == f"'{name}'" or self.about[2] == name     # the value as its words quote it
        if what == ("table gap",):
            return name in self.about[1:3]
        if what == ("missing field",):      # a data field, not a declaration
            return False
        return len(self.about) > 1 and self.about[1] == name     # ("indented",) names nothing

    def same_places(self) -> str:
        """The note of its other places (`same_at`): "the same at 2 more places (lines 15, 16)",
        a place in another file with its file's name; "" if none."""
        lines = [f"{x.line}" if x.file == self.span.file else f"{x.file}:{x.line}" for x in self.same_at]
        if not lines:
            return ""
        shown = ", ".join(lines[:8]) + (", ..." if len(lines) > 8 else "")
        return f"the same at {len(lines)} more place{'s' * (len(lines) > 1)} (line{'s' * (len(lines) > 1)} {shown})"

    def to_json(self) -> dict:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "file": self.span.file,
            "line": self.span.line,
            "column": self.span.column,
            "hint": self.hint,
        }


class RulebookError(Exception):
    """Raised when a rulebook cannot be loaded; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic], sources: "Sources | None" = None, warnings=None):
        self.diagnostics = diagnostics
        self.sources = sources          # to quote the offending lines when rendering
        self.warnings = warnings or []
        super().__init__("\n".join(f"{d.span}: {d.message}" for d in diagnostics))


@dataclass
class Sources:
    """Source texts by file name, so diagnostics can quote the offending line. Each text is split
    into lines once, on first use, so rendering thousands of diagnostics stays linear."""
    texts: dict[str, str] = field(default_factory=dict)
    _lines: dict = field(default_factory=dict, repr=False, compare=False)

    def line(self, file: str, line: int) -> str | None:
        text = self.texts.get(file)
        if text is None or line < 1:
            return None
        lines = self._lines.get(file)
        if lines is None or lines[0] is not text:
            lines = self._lines[file] = (text, text.split("\n"))   # the parser counts lines by "\n"
        lines = lines[1]
        return lines[line - 1].rstrip("\r") if line <= len(lines) else None


QUOTE_WIDTH = 120      # the most of a source line a diagnostic quotes


def word_at(sources: "Sources | None", span: Span, word: str, after: int = 0) -> Span:
    """The span of `word` (a name, or any text such as '"cards.yaml"') on the line of `span`, at
    or after its column (and after the `after`-th column), so a caret can sit under the token
    that is wrong rather than where its declaration starts; `span` itself when it is not there."""
    line = sources.line(span.file, span.line) if sources is not None else None
    if not line or not word:
        return span
    line = line.replace("\t", "    ")
    start = max(span.column - 1, after, 0)
    pattern = re.escape(word)
    if word[:1].isalnum() or word[:1] == "_":
        pattern = r"(?<![\w])" + pattern + r"(?![\w])"
    m = re.compile(pattern).search(line, start)
    if m is None:
        return span
    return Span(span.file, span.line, m.start() + 1, span.line, m.end() + 1)


def data_words(value) -> str:
    """A value read from a data file, in the language's words ("none", "true", "a list"), never
    Python's repr: messages speak of what the file says, not of how Python holds it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "YAML's 'not a number' (.nan)"
        if value in (float("inf"), float("-inf")):
            return "infinity (.inf)" if value > 0 else "minus infinity (-.inf)"
        if value.is_integer():
            return f"the number {value!r}, written with a point"
        return f"the number {value:g}, which is not whole"
    if isinstance(value, str):
        shown = "".join(c if c.isprintable() else " " for c in value[:40])
        return f"'{shown}{'…' if len(value) > 40 else ''}'"
    if isinstance(value, list):
        return "a list" if value else "an empty list"
    if isinstance(value, dict):
        return "a mapping" if value else "an empty mapping"
    if hasattr(value, "year"):          # YAML reads 2024-01-31 as a date
        return "a date"
    return "a value a data file cannot hold"


# The words YAML 1.1 (which PyYAML reads) takes for true, false or nothing, beyond those the rules write.
_YAML_SPECIAL = re.compile(r"(yes|no|on|off|y|n|true|false|null|~)", re.IGNORECASE)


# A whole number as YAML 1.1 may write it: octal (010), base 60 (1:30), hexadecimal, binary, with '_'.
_YAML_NUMBER = re.compile(r"[-+]?[0-9][0-9A-Za-z_:]*")


def yaml_misread(sources: "Sources | None", span: Span, value) -> str:
    """A hint when YAML read a word at `span` of a data file as a truth or as nothing (`name: No`
    is false, `type: off` is false, `null` is none), or read a number written otherwise than in
    plain digits (`code: 010` is 8, `time: 1:30` is 90): what was written, and how to keep it a
    word. "" when the value was not read so, or the word is not there."""
    if not (isinstance(value, bool) or value is None or type(value) is int):
        return ""
    line = sources.line(span.file, span.line) if sources is not None and span.line else None
    if not line:
        return ""
    if type(value) is int:
        m = _YAML_NUMBER.match(line, max(span.column - 1, 0))
        word = m.group(0) if m else ""
        if not word or (re.fullmatch(r"[-+]?[0-9]+", word) and int(word) == value):
            return ""
        return f'YAML reads {word} as the number {value}: write it in quotes, "{word}"'
    m = _YAML_SPECIAL.match(line, max(span.column - 1, 0))
    if m is None or (m.end() < len(line) and (line[m.end()].isalnum() or line[m.end()] == "_")):
        return ""
    word = m.group(0)
    read = "none" if value is None else "true" if value else "false"
    if word == read:
        return ""
    return f'YAML reads {word} as {read}: write it in quotes, "{word}"'


def yaml_syntax_hint(text: str, line: int) -> str:
    """Words for a YAML error that comes from something other than YAML: a tab indenting the line,
    a text in single quotes holding an apostrophe (`'Don't ...'`), or a rulebook given as a data
    file. "" otherwise."""
    lines = text.split("\n")
    if 0 < line <= len(lines) and "\t" in lines[line - 1][:len(lines[line - 1]) - len(lines[line - 1].lstrip())]:
        return "data files are indented with spaces, not tabs: replace the tab at the start of this line with spaces"
    near = lines[max(line - 2, 0):line + 1] if line else lines[:1]
    for src in near:
        m = re.search(r"'[^'\n]*'[A-Za-z]", src)
        if m:
            shown = src[m.start():].split(",")[0].strip().strip("}]")
            return (f"a text in single quotes ends at its second ' ({shown}); write texts in double quotes: "
                    f'"{shown.strip(chr(39))}"')
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    if re.search(r"!![\w/]", here):
        return "a data file takes plain values, without YAML tags (!!...): write the value alone"
    if re.match(r"\s*-\s*\{.*\}\s*,", here):
        return "one record a line: start the next record on a line of its own, with '- '"
    if re.search(r'^(game\s+"|players\s+\d|enum\s+\w+\s*:|rule\s+\w+|turn\s*:)', text, re.MULTILINE):
        return "this file is not YAML data (it looks like a rulebook); 'kind ... from' names a .yaml data file"
    return ""


def closest(name: str, candidates) -> str:
    """The candidate closest to `name`, or "" when nothing is close."""
    # Short names differ by a larger share for one wrong letter ("d8" for "d6").
    pool = sorted(set(candidates))
    if len(name) == 1:      # one letter shares a half with any name of three that holds it ('p', 'zap')
        pool = [c for c in pool if len(c) <= 2]
    close = difflib.get_close_matches(name, pool, n=1, cutoff=0.5 if len(name) <= 3 else 0.6)
    return close[0] if close else ""


def did_you_mean(name: str, candidates, where=None) -> str:
    """A hint naming the closest candidate, or "" when nothing is close; `where`, if given, says
    where the candidate is declared (" (declared at line 12)"), or ""."""
    close = closest(name, candidates)
    return f"did you mean '{close}'?{where(close) if where else ''}" if close else ""


def ended(sentence: str, guess: str) -> str:
    """`sentence` with its end: '; did you mean ...?' when there is a guess (a guess that is not a
    question ends with a full stop), else a full stop."""
    if not guess:
        return f"{sentence}."
    return f"{sentence}; {guess}" + ("" if guess.endswith((".", "?", "!")) else ".")


# Control characters quoted as their pictures (U+2400...), one column each, so the caret still lines up.
_VISIBLE = {**{c: 0x2400 + c for c in range(0x20)}, 0x7F: 0x2421}
# The C1 controls too (U+0080 to U+009F: some terminals read U+009B as the start of an escape).
_VISIBLE_ECHO = {**_VISIBLE, **{c: 0xFFFD for c in range(0x80, 0xA0)}}

ECHO_WIDTH = 80        # the most of a person's input (a line, a name, a value) a message quotes
LONG_RUN = 200         # characters without a space a diagnostic's message or hint quotes whole (a path fits)
LONG_WORDS = 2_000     # the most of a message or hint shown


def _cut(text: str) -> str:
    """A message or hint with each run of more than LONG_RUN characters without a space (a
    name, a number, a text a rulebook wrote) cut to ECHO_WIDTH and '…', and the whole to LONG_WORDS
    (split at spaces by str.split, several times faster than a pattern over a megabyte)."""
    text = " ".join(w if len(w) <= LONG_RUN else w[:ECHO_WIDTH] + "…" for w in text.split(" "))
    return text if len(text) <= LONG_WORDS else text[:LONG_WORDS] + "…"
_VISIBLE_LINES = {c: p for c, p in _VISIBLE_ECHO.items() if c not in (0x09, 0x0A)}


def visible(message: str) -> str:
    """A whole message for the terminal, whatever input it quotes (a path, a flag's value): its
    control characters shown as their pictures, as `echo` shows them, its line ends and tabs kept."""
    return message.translate(_VISIBLE_LINES)


def echo(text, width: int = ECHO_WIDTH) -> str:
    """Input quoted back in a message: at most `width` characters, then '…' (a line of a million
    characters is not printed whole), and its control characters shown as their pictures (a NUL
    as ␀), so that nothing of it reaches the terminal raw. Never raises."""
    text = text if isinstance(text, str) else str(text)
    if len(text) > width:
        text = text[:width] + "…"
    return text.translate(_VISIBLE_ECHO)


def render(diag: Diagnostic, sources: Sources | None = None) -> str:
    """Render one diagnostic as text: location, code, message, source line, caret, hint."""
    out = [f"{diag.span}: {diag.severity} {diag.code}: {diag.message}"]
    src = sources.line(diag.span.file, diag.span.line) if sources else None
    if src is not None:
        src = src.replace("\t", "    ")     # as the parser reads a tab, so the caret lines up
        col = max(diag.span.column, 1)
        width = 1     # as wide as the span when it is on one line, counted before the line is shortened
        if diag.span.end_line == diag.span.line and diag.span.end_column > col:
            width = diag.span.end_column - col
        if len(src) > QUOTE_WIDTH:     # a line of thousands of characters: quote the part at the caret
            left = max(0, min(col - 1 - QUOTE_WIDTH // 4, len(src) - QUOTE_WIDTH))
            src = ("…" if left else "") + src[left:left + QUOTE_WIDTH] + ("…" if left + QUOTE_WIDTH < len(src) else "")
            col = col - left + (1 if left else 0)
        src = src.translate(_VISIBLE)     # a NUL or an escape would print as nothing, or move the terminal's cursor
        gutter = f"{diag.span.line:>4} | "
        out.append(gutter + src)
        width = max(1, min(width, len(src) - col + 1))
        out.append(" " * (len(gutter) - 2) + "| " + " " * (col - 1) + "^" * width)
    if diag.hint:
        out.append(f"     = hint: {diag.hint}")
    return "\n".join(out)


# Warnings of one code shown in full before the rest of that code are folded into one line: a
# draft with 300 unused rules would otherwise bury its one error under 2,700 lines. Errors are
# never folded (each is a different thing to fix).
FOLD_AFTER = 10
PLACES_LISTED = 20


def render_all(diags: list[Diagnostic], sources: Sources | None = None, every: bool = False,
               how_to_see: str = "") -> str:
    """Every diagnostic rendered; unless `every`, a warning code's past its FOLD_AFTER-th are
    told in one line in place of the first left out, naming their places (`how_to_see` says how
    to see each, as a CLI flag does)."""
    totals = Counter(d.code for d in diags if d.severity != "error")
    shown: Counter = Counter()
    out = []
    for d in diags:
        if not every and d.severity != "error" and totals[d.code] > FOLD_AFTER:
            shown[d.code] += 1
            if shown[d.code] > FOLD_AFTER:
                if shown[d.code] == FOLD_AFTER + 1:
                    out.append(_folded(d.code, [x.span for x in diags if x.severity != "error" and x.code == d.code]
                                       [FOLD_AFTER:], how_to_see))
                continue
        out.append(render(d, sources))
    return "\n\n".join(out)


def _folded(code: str, spans: list[Span], how_to_see: str) -> str:
    """One line for the warnings of `code` left out: how many, and where (the first places, the
    lines of each file together)."""
    by_file: dict[str, list[int]] = {}
    for s in spans[:PLACES_LISTED]:
        by_file.setdefault(s.file, []).append(s.line)
    places = "; ".join(f"line{'s' * (len(set(lines) - {0}) > 1)} {', '.join(str(n) for n in sorted(set(lines) - {0}))} "
                       f"of {file}" if any(lines) else file for file, lines in by_file.items())
    more = f" and {len(spans) - PLACES_LISTED} more" if len(spans) > PLACES_LISTED else ""
    return (f"... {len(spans)} more warning{'s' * (len(spans) != 1)} {code} like those above, at "
            f"{places}{more}." + (f" {how_to_see}" if how_to_see else ""))


# The parser's message for `extend "../game.rules"` (a variant's `extends` misspelt): the loader,
# seeing it, reports nothing more of that file, which without its base would be all errors.
EXTENDS_MISSPELT = ("A variant names the rulebook it builds on with 'extends', with an s ('extend' adds to one "
                    "declaration of that rulebook).")


# A choose or secret choice up to its 'from' (`may choose c from`, `secretly each p in players
# chooses c from`): the parser (a syntax error) and the checker (a thing named by a kind) both find
# by it an options' label written without 'labelled' (`choose c from p.hand "Play {c}"`).
CHOOSE_FROM = re.compile(r"\s*(?:may\s+)?(?:choose\s+\w+|secretly\b.*?\bchooses\s+\w+)\s+from\b")
