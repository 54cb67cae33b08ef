"""Where a quoted text of a rulebook starts and ends, for every pass that scans texts by hand.

A text is `"..."`; its `{...}` parts are expressions, and an expression may hold a text of its
own (`"{join(names, ", ")} win"`, as in Python 3.12's f-strings), one level deep: the inner
text may have `{...}` parts, but those hold no quote. `TEXT_PATTERN` is the grammar's STRING
(a test holds the two the same), so the lexer, the formatter and the parser's error hints all
end a text at the same quote. The pattern's repeats are possessive: a line that is no text is
refused in time linear in its length, never by trying every way to read its braces.

`problem` says what is wrong with a text the pattern does not read: a brace never closed, a
quote inside braces never closed, a `\\"` inside braces, or quotes nested too deep.

This module must not parse expressions or know the grammar's other terminals.
"""
from __future__ import annotations

import re

# An inner text's `{...}` part: no quote, no brace, no backslash.
_INNER_PART = r'\{[^"{}\\\n]*\}'
# A text inside a template's braces: plain characters, escapes, `{{`/`}}` and `{...}` parts.
_INNER = r'"(?:[^"\\\n{}]|\\.|\{\{|\}\}|' + _INNER_PART + r')*+"'
# A template's `{...}` part: anything but a quote, a brace or a backslash, and inner texts.
_PART = r'\{(?:[^"{}\\\n]|' + _INNER + r')*+\}'
# A text. The last `\{` reads a '{' that opens no part the pattern knows, as the old pattern
# did, so the parser can say what is wrong with it (E102, E103) rather than the lexer stumble.
TEXT_PATTERN = r'"(?:[^"\\\n{]|\\.|\{\{|' + _PART + r'|\{)*+"'
TEXT = re.compile(TEXT_PATTERN)
_INNER_TEXT = re.compile(_INNER)
# A text (or, never closed, the rest of its line) or a comment: what a scan of code passes over.
TEXT_OR_COMMENT = re.compile(TEXT_PATTERN + r'|"(?:[^"\\\n]|\\.)*"?|#.*')
_OLD_TEXT = re.compile(r'"(?:[^"\\\n]|\\.)*"')     # a text as if braces held no quote
_PLAIN = re.compile(r'[^"{}\\\n]*')

def text_end(line: str, i: int) -> int | None:
    """The index just past the text that starts with the quote at `line[i]`, or None when the
    line does not close it."""
    m = TEXT.match(line, i)
    return m.end() if m else None


def part_end(raw: str, i: int) -> tuple[int | None, int | None]:
    """The index of the '}' that closes the `{...}` part opening at `raw[i]`, the quotes of an
    inner text skipped (a '}' inside them closes nothing), or None when nothing closes it; and
    the index of the part's first backslash outside an inner text (`{\\"a\\"}`, a mistake), or None."""
    j, escaped = i + 1, None
    while j < len(raw):
        ch = raw[j]
        if ch == "}":
            return j, escaped
        if ch == "\\" and escaped is None:
            escaped = j
        if ch == '"':
            m = _INNER_TEXT.match(raw, j)
            if m is None:
                return None, escaped
            j = m.end()
            continue
        j += 2 if ch == "\\" else 1
    return None, escaped


def problem(line: str, i: int) -> tuple[int, str, str, str] | None:
    """What is wrong with the text opening at `line[i]` (a quote) when it is not well formed:
    (index in `line`, code, message, hint) of the first mistake in its braces, or None when its
    braces are fine (a text never closed is the caller's to say)."""
    j, n = i + 1, len(line)
    while j < n and line[j] != '"':
        ch = line[j]
        if ch == "\\":
            j += 2
            continue
        if line.startswith("{{", j):
            j += 2
            continue
        if ch == "{":
            found = _part_problem(line, j)
            if found is None:
                return None
            if isinstance(found, tuple):
                return found
            j = found + 1
            continue
        j += 1
    return None


def _part_problem(line: str, start: int):
    """The end of the `{...}` part at `line[start]`, or its mistake as `problem` gives it."""
    j, n = start + 1, len(line)
    while j < n:
        ch = line[j]
        if ch == "}":
            return j
        if ch == "\\":
            return (j, "E103", "A '\\\"' inside a template's braces is not a quote: a text inside the braces is written "
                       "with plain quotes.", 'write the text as it would stand anywhere else: {join(xs, ", ")}')
        if ch == "#":
            break
        if ch == '"':
            k = j + 1
            while k < n and line[k] != '"':
                if line[k] == "\\":
                    k += 2
                    continue
                if line.startswith(("{{", "}}"), k):
                    k += 2
                    continue
                if line[k] == "}":      # a '}' no inner text may hold: its quote was never closed
                    return _unclosed_quote(j)
                if line[k] == "{":
                    close = _PLAIN.match(line, k + 1).end()
                    if line[close:close + 1] == '"':
                        if not _closed_after_texts(line, close):     # `{y")}"`: no text there, a brace left open
                            return _unclosed_brace(k)
                        return (close, "E103", "Texts are nested too deep here: a text inside a template's braces may have "
                                       "{...} parts, but no quote inside them (one level of texts inside braces).",
                                "put the innermost text in a definition (define sep: text = \", \") and use its name")
                    k = close + 1
                    continue
                k += 1
            if k >= n:
                # The quote that ends the line's text, read as opening one: the brace is what is open.
                return _unclosed_brace(start)
            j = k + 1
            continue
        j += 1
    return _unclosed_brace(start)


def _closed_after_texts(line: str, at: int) -> bool:
    """Whether a '}' comes after the texts that start at the quote `line[at]` and the plain parts
    between them (`"X" else "O"}`): a part that holds texts, so the part is closed."""
    while at < len(line) and line[at] == '"':
        quoted = _OLD_TEXT.match(line, at)
        if quoted is None:
            return False
        at = _PLAIN.match(line, quoted.end()).end()
    return line[at:at + 1] == "}"


def _unclosed_brace(at: int):
    return (at, "E102", "This text has a '{' with no closing '}'.",
            "close it with '}' after the name or expression, or write {{ for a literal brace")


def _unclosed_quote(at: int):
    # Either its closing quote was forgotten or another text's opening one was dropped: the
    # quotes inside the braces do not pair up, and this is the one left alone.
    return (at, "E108", f"A text inside a template's braces is missing a quote: the quotes inside the braces do not "
                        f"pair up, so the '\"' at column {at + 1} opens a text that the '}}' after it cuts off.",
            "give each text inside the braces its opening and its closing \" before the '}' that closes the braces")


def spans(line: str):
    """(start, end, closed) of each text of `line`, up to a comment: as the lexer reads it, or,
    for one it cannot read, up to the next quote, or to the end of the line when none closes it."""
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if ch == "#":
            return
        if ch == '"':
            m = TEXT.match(line, i) or _OLD_TEXT.match(line, i)
            end = m.end() if m else n
            yield i, end, m is not None
            i = end
            continue
        i += 1


def parts(text: str):
    """The inside of each `{...}` part of the text `text` (quotes included), in order."""
    i, n = 1, len(text) - 1
    while i < n:
        if text.startswith(("{{", "}}"), i):
            i += 2
        elif text[i] == "\\":
            i += 2
        elif text[i] == "{":
            end, _ = part_end(text[:n], i)
            if end is None:
                return
            yield text[i + 1:end]
            i = end + 1
        else:
            i += 1
