"""The formatter: rulebook text -> the same rulebook in one canonical layout (`tabletop format`).

The layout is the house style of the bundled rulebooks: blocks indented by 4 spaces per level,
one space around binary operators, `=`, `->` and `=>` and after a keyword, `, ` after a comma and
`: ` after a colon, none inside brackets, before `(` of a call or `[` of an index, or around `.`;
a unary minus sticks to what it negates. Every token is kept as written: a text (and the
`{...}` parts of a template) and a comment are never touched, byte for byte. The lines are
kept as they are: each line break, each `\\` continuation, each comment where it was (a whole-line
comment indented like the code it sits in, a comment after code in its column when the code
leaves room, else two spaces after the code). Runs of blank lines become one; blank lines at the
start and end of the file, whitespace at line ends and a `\\` that continues nothing (before a
blank or comment line) go; lines end with "\\n". A continuation line is indented 4 past its
logical line, or inside brackets under the first item after the open bracket (or 4 past the
bracket's line when the bracket ends its line). No line is ever wrapped or joined: a long line
stays long.

Safety: a text is formatted only when it parses without an error, and the result is parsed
again and compared with the original's AST (spans aside); if they differ, nothing is returned.
The formatter must not change what a rulebook means, touch files (the command line writes
them) or guess a wrap.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import ast as A
from .diagnostics import RulebookError, Sources
from .parser import parse
from .texts import TEXT_PATTERN

INDENT = 4          # spaces per block level, and the step of a continuation line
COMMENT_GAP = 2     # at least this many spaces between code and a comment after it


class LayoutError(Exception):
    """The formatter could not lay a text out without changing what it means: a fault of the
    formatter, said in a sentence naming the file and line; the text must be left as it is."""


# One token of a line, as the grammar's lexer sees it: a text whole (so a `#` or `{` in it is
# its own), a comment to the end of the line, a `\` that continues the line, a word, a number,
# a two-character operator before its one-character prefix. A text is the grammar's own
# pattern, so one with a text inside its braces (`"{join(xs, ", ")}"`) is one token, kept whole.
_TOKEN = re.compile(r'''
    (?P<space>[\t ]+)
  | (?P<string>''' + TEXT_PATTERN + r''')
  | (?P<comment>\#.*)
  | (?P<cont>\\[\t ]*$)
  | (?P<word>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<int>[0-9]+)
  | (?P<op>==|!=|<=|>=|=>|->|\+=|-=|[-+*/%=<>])
  | (?P<punct>[,:.()\[\]{}])
''', re.X)

_OPENERS, _CLOSERS = "([{", ")]}"
# The keywords a value follows (`to -1`, `if (a or b)`, `in [1, 2]`): after one of these, as
# after an operator or an opener, a `-` negates and a bracket starts a value. Every other word
# may end a value (a name, `none`, and keywords a rulebook may use as names: `players`, `take`),
# so that a `-` after it subtracts and a bracket after it calls or indexes: `take(xs, 2)`.
_LEADING = {"if", "elif", "else", "then", "not", "and", "or", "in", "to", "of", "from", "by",
            "move", "draw", "shuffle", "add", "remove", "while", "repeat", "default"}


@dataclass
class _Tok:
    kind: str           # string, comment, cont, word, int, op, punct
    text: str


@dataclass
class _Line:
    """One physical line: its indentation's width (a tab counts as 4, as the parser reads it),
    its code tokens, its comment and the comment's column, and whether it continues the logical
    line above (inside brackets, or after a `\\`)."""
    number: int
    width: int
    tokens: list = field(default_factory=list)
    comment: str | None = None
    comment_col: int = 0
    continued: bool = False

    @property
    def blank(self) -> bool:
        return not self.tokens and self.comment is None


def _width(space: str) -> int:
    return space.count(" ") + INDENT * space.count("\t")


def _lines(text: str, file: str) -> list[_Line]:
    """The text's physical lines, tokenized, each knowing whether it continues the one above."""
    out, depth, backslash = [], 0, False
    for number, raw in enumerate(text.split("\n"), 1):
        if raw.endswith("\r"):              # a CRLF file: the line ends where "\r\n" starts
            raw = raw[:-1]
        lead = len(raw) - len(raw.lstrip(" \t"))
        line = _Line(number, _width(raw[:lead]), continued=depth > 0 or backslash)
        pos, col = lead, line.width
        while pos < len(raw):
            m = _TOKEN.match(raw, pos)
            if m is None:
                raise LayoutError(f"{file}:{number}:{col + 1}: the formatter cannot read this line "
                                  "(though the parser did); the file is left as it is.")
            kind, value = m.lastgroup, m.group()
            if kind == "comment":
                line.comment, line.comment_col = value, col
            elif kind != "space":
                line.tokens.append(_Tok(kind, "\\" if kind == "cont" else value))
                if kind == "punct" and value in _OPENERS:
                    depth += 1
                elif kind == "punct" and value in _CLOSERS:
                    depth = max(depth - 1, 0)
            col += _width(value) if kind == "space" else len(value)
            pos = m.end()
        # After a `\`, only a line of code continues: a blank or comment line ends the line
        # (the grammar's line break takes it), and so the logical line with it. Such a `\`
        # continues nothing and goes (kept, it would join the line to the next once the blank
        # line between them went).
        if backslash and not line.tokens:
            out[-1].tokens.pop()
        backslash = bool(line.tokens) and line.tokens[-1].kind == "cont"
        if line.continued and not line.tokens and depth == 0:
            line.continued = False
        out.append(line)
    return out


def _is_value_end(tok: _Tok | None, before: _Tok | None) -> bool:
    """Whether `tok` can end a value, so that a `-` after it subtracts and a `(` or `[` after
    it calls or indexes (a keyword after `.` is a field's name: `c.owner`)."""
    if tok is None:
        return False
    if tok.kind in ("string", "int"):
        return True
    if tok.kind == "word":
        return tok.text not in _LEADING or (before is not None and before.text == ".")
    return tok.kind == "punct" and tok.text in _CLOSERS


def _code(tokens: list) -> tuple[str, list]:
    """A line's tokens with the house spacing between them, and the column where each starts."""
    out, starts, at = [], [], 0
    prev = before = None
    unary = False           # the token before was a `-` that negates
    for tok in tokens:
        if prev is None:
            gap = ""
        elif tok.kind == "cont":
            gap = " "
        elif tok.kind == "punct" and tok.text in ",:)]}.":
            gap = ""
        elif prev.kind == "punct" and prev.text in "([{.":
            gap = ""
        elif unary:
            gap = ""
        elif tok.kind == "punct" and tok.text in "([" and _is_value_end(prev, before):
            gap = ""        # a call, a rule's parameters, an index: f(x), hand[1]
        else:
            gap = " "
        unary = tok.kind == "op" and tok.text == "-" and not _is_value_end(prev, before)
        at += len(gap)
        starts.append(at)
        at += len(tok.text)
        out.append(gap + tok.text)
        before, prev = prev, tok
    return "".join(out), starts


def _depth_of(widths: list, width: int) -> int:
    """The level of the deepest of `widths` (a stack of block indentations, from 0) at or left
    of `width`: where a comment line indented `width` sits."""
    level = 0
    for k, w in enumerate(widths):
        if w <= width:
            level = k
    return level


def _layout(text: str, file: str) -> str:
    lines = _lines(text, file)
    first_code = next((k for k, line in enumerate(lines) if line.tokens), None)
    # The level of each logical line's first line, as the parser's indenter counts blocks.
    levels: dict[int, int] = {}
    stacks: dict[int, list] = {}        # the block widths open after each such line
    stack = [0]
    for k, line in enumerate(lines):
        if not line.tokens or line.continued:
            continue
        width = 0 if k == first_code and k == 0 else line.width   # the parser ignores a first line's indentation
        while width < stack[-1]:
            stack.pop()
        if width > stack[-1]:
            stack.append(width)
        levels[k] = len(stack) - 1
        stacks[k] = list(stack)

    following: list = [None] * len(lines)       # the next logical line's first line after each line
    nxt = None
    for k in range(len(lines) - 1, -1, -1):
        following[k] = nxt
        if k in levels:
            nxt = k

    out: list[str] = []
    prev_stack = [0]
    brackets: list = []      # open brackets: (column after it, item follows on its line, its line's indent)
    base = 0                 # indent of the current logical line's first line
    for k, line in enumerate(lines):
        if line.blank:
            if out and out[-1] != "":
                out.append("")
            continue
        if line.continued:
            indent = _continuation_indent(line, brackets, base)
        elif line.tokens:
            indent = INDENT * levels[k]
            prev_stack = stacks[k]
            base = indent
        else:
            # A comment on a line of its own: at the level of the block it is written in, among
            # the blocks open above it and the one the next line of code opens.
            nxt = following[k]
            widths = list(prev_stack)
            if nxt is not None and len(stacks[nxt]) > len(widths):
                widths.append(stacks[nxt][-1])
            indent = INDENT * _depth_of(widths, line.width)
        text_of, starts = _code(line.tokens)
        code = " " * indent + text_of
        # Where the brackets opened on this line stand in the output, for the lines that continue it.
        for j, (tok, at) in enumerate(zip(line.tokens, starts)):
            if tok.kind == "punct" and tok.text in _OPENERS:
                follows = j + 1 < len(line.tokens) and line.tokens[j + 1].kind != "cont"
                brackets.append((indent + at + 1, follows, indent))
            elif tok.kind == "punct" and tok.text in _CLOSERS and brackets:
                brackets.pop()
        if line.comment is not None:
            if line.tokens:
                wanted = indent + (line.comment_col - line.width)   # its column, moved with its line
                code += " " * max(wanted - len(code), COMMENT_GAP) + line.comment
            else:
                code += line.comment
        out.append(code.rstrip(" \t\r"))      # (a comment's own trailing whitespace too)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def _continuation_indent(line: _Line, brackets: list, base: int) -> int:
    """The indent of a line that continues the one above: under the first item after the open
    bracket it is inside (or 4 past that bracket's line when nothing followed the bracket there;
    a line that starts by closing it goes back to that line's indent), else 4 past the start of
    its logical line (after a `\\`)."""
    if not brackets:
        return base + INDENT
    col, follows, opener_indent = brackets[-1]
    if line.tokens and line.tokens[0].kind == "punct" and line.tokens[0].text in _CLOSERS:
        return opener_indent
    return col if follows else opener_indent + INDENT


def _first_difference(a: A.Module, b: A.Module) -> int:
    """The line of the first declaration of `a` that `b` does not have as it is (0: none found)."""
    for x, y in zip(a.decls, b.decls):
        if x != y:
            return x.span.line
    if len(a.decls) != len(b.decls):
        rest = a.decls[len(b.decls):]
        return rest[0].span.line if rest else (a.decls[-1].span.end_line if a.decls else 1)
    return 0


def format_text(text: str, file: str = "<rules>") -> str:
    """`text` in the canonical layout. A text that does not parse raises RulebookError with the
    parser's diagnostics (and the text, to quote their lines); a layout that would read
    differently raises LayoutError, and nothing is returned."""
    # Read as the loader reads a rulebook file (`check` and `play` accept these): a byte order
    # mark is no part of the text, and a file whose lines end with a carriage return alone (old
    # Macs) has lines. Both become the usual. (A stray one inside a line is whitespace here.)
    source = text
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\n" not in text:
        text = text.replace("\r", "\n")
    module, errors = parse(text, file)
    errors = [d for d in errors if d.severity == "error"]
    if errors:
        raise RulebookError(errors, Sources({file: text}))
    out = _layout(text, file)
    if out == source:
        return out
    again, new_errors = parse(out, file)
    try:
        differs = again != module
    except RecursionError:      # the comparison walks the tree by recursion: unsure is unsafe
        raise LayoutError(f"{file}: an expression nests too deeply for the formatter to check that its layout "
                          "changes nothing, so the file is left as it is (split the expression into "
                          "definitions).") from None
    if any(d.severity == "error" for d in new_errors) or differs:
        line = _first_difference(module, again)
        where = f"{file}:{line}" if line else file
        raise LayoutError(f"{where}: formatting would change what the rulebook says here, so the file is "
                          "left as it is (a fault of the formatter: please report it).")
    return out
