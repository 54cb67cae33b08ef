"""The terminal at the table: the game's display laid out for the terminal's width, long menus
in groups and columns, and line input with editing and history.

Boards and long lines are laid out with `rich`, which measures the terminal and wraps a board's
cells to fit it (an 80-column terminal shows a 6-column map as a narrower table rather than as
wrapped noise). A menu longer than a screenful is shown in groups, one per `option` clause of
the rulebook's menu, with the words every option of a group starts with written once as its
heading, and the options in columns; a menu taller than the screen is followed by its question
again, which it scrolled away. Input goes through the standard library's `readline`
where the terminal has one, so arrow keys edit the line and bring back earlier answers, and
Tab completes an option's label. At a terminal every line is broken between words to fit its
width (a terminal breaks it anywhere, "Marshma/llow"), its continuation indented (an option's under
its label), a number kept with the word before it, and a board too narrow for its cells' words
is drawn as lines, row by row.

This module must not decide rules or hold game state: it shows what it is given and reads
lines. Writing never raises: a closed terminal or pipe must not lose a game in progress.
"""
from __future__ import annotations

import os
import re
import sys
import textwrap

from tabletop.dsl.diagnostics import visible

SHORT_MENU = 12      # menus up to this long are one option a line


def write(file, text: str = "") -> None:
    """Print a line to `file`, ignoring a terminal or pipe that has gone away. At a terminal the
    line is broken between words to fit its width; a pipe or a file gets it whole. Its control
    characters are shown as their pictures: a rulebook is untrusted, and its texts (or its data's,
    where YAML's escapes write any character) must not send the terminal escape sequences."""
    text = visible(text)
    try:
        if is_terminal(file):
            text = "\n".join(fit(text, terminal_width(file)))
        print(text, file=file, flush=True)
    except (OSError, ValueError):
        pass


def terminal_width(file) -> int:
    """The columns of the terminal `file` is, as rich measures them: COLUMNS first, else the
    terminal's own size, else 80."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        return os.get_terminal_size(file.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


def terminal_height(file) -> int:
    """The rows of the terminal `file` is: LINES first, else the terminal's own size, else 24."""
    rows = os.environ.get("LINES", "")
    if rows.isdigit() and int(rows) > 0:
        return int(rows)
    try:
        return os.get_terminal_size(file.fileno()).lines or 24
    except (AttributeError, ValueError, OSError):
        return 24


OPTION_START = re.compile(r" *(?:[0-9]+\. )?")     # a line's indentation, and an option's number
NUMBER_WORD = re.compile(r"\(?[0-9]")               # a word that is a number: "2", "12;", "(3)"
GAP = re.compile(r"( +)")


def fit(text: str, width: int) -> list[str]:
    """`text` as lines of at most `width` columns (`fit_line`)."""
    lines = []
    for line in text.split("\n"):
        lines += fit_line(line, width)
    return lines


def fit_line(line: str, width: int) -> list[str]:
    """One line as lines of at most `width` columns (as the terminal counts them: a wide character
    takes two), broken between words only (a word longer than the width, such as a file name,
    stays whole). The pieces after the first are indented two more than the line, so they do not
    read as lines of their own, or for an option, under its label rather than under its number.
    A number is not parted from the word before it ("Player 2", "level 1", "Penguins: 0.", a
    score after its player), but after a comma or a semicolon (a list, "4, 6, 8"): the next line
    would start with a number, which reads as an option or as a count of something else."""
    from rich.cells import cell_len
    if cell_len(line) <= width:
        return [line]
    body = line.lstrip(" ")
    indent = len(line) - len(body)
    start = len(OPTION_START.match(line).group(0))
    under = " " * min(start if start > indent else indent + 2, width // 2)
    parts = GAP.split(body)            # words, and the spaces between them
    units = [parts[0]]                 # (spaces before, words kept together) after the first
    gaps = [""]
    for k in range(1, len(parts) - 1, 2):
        gap, word = parts[k], parts[k + 1]
        glued = gap + word
        if (gap == " " and NUMBER_WORD.match(word) and not units[-1].endswith((",", ";"))
                and cell_len(units[-1] + glued) <= width - len(under)):
            units[-1] += glued
        else:
            gaps.append(gap)
            units.append(word)
    lines, current = [], " " * indent + units[0]
    for gap, unit in zip(gaps[1:], units[1:]):
        if cell_len(current) + cell_len(gap) + cell_len(unit) <= width:
            current += gap + unit
        else:
            lines.append(current)
            current = under + unit
    lines.append(current)
    return lines


def is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


# ---------------------------------------------------------------- menus

def _words_in_common(labels: list[str]) -> list[str]:
    """The whole words every label starts with, leaving each label at least one word, and never
    parting a word from the number after it ("Player 2", "row 3" stay whole)."""
    split = [label.split(" ") for label in labels]
    common = []
    for words in zip(*split):
        if len(set(words)) != 1:
            break
        common.append(words[0])
    shortest = min(len(words) for words in split)
    common = common[:shortest - 1]
    while common and any(words[len(common)][:1].isdigit() for words in split):
        common.pop()
    return common


def _runs(groups: list[int]) -> list[tuple[int, int]]:
    """(start, end) of each run of options from the same clause."""
    runs, start = [], 0
    for i in range(1, len(groups) + 1):
        if i == len(groups) or groups[i] != groups[start]:
            runs.append((start, i))
            start = i
    return runs


def _columns(cells: list[str], width: int, indent: int) -> list[str]:
    """Cells laid out down columns, as many columns as fit the width."""
    cell_width = max(len(c) for c in cells) + 3
    ncols = max(1, min(len(cells), (width - indent) // cell_width))
    nrows = -(-len(cells) // ncols)
    lines = []
    for r in range(nrows):
        row = [cells[c * nrows + r] for c in range(ncols) if c * nrows + r < len(cells)]
        lines.append(" " * indent + "".join(cell.ljust(cell_width) for cell in row[:-1]) + row[-1])
    return lines


def menu_lines(labels: list[str], groups: list[int] | None, width: int) -> list[str]:
    """The numbered options as lines. A short menu is one option a line; a long one is split
    into the runs of options from the same clause, each headed by the words its options share
    when there are several, with the options in columns."""
    if len(labels) <= SHORT_MENU:
        return [f"  {n:>2}. {label}" for n, label in enumerate(labels, 1)]
    groups = groups if groups is not None and len(groups) == len(labels) else [0] * len(labels)
    numbers = len(str(len(labels)))
    lines = []
    for start, end in _runs(groups):
        run = labels[start:end]
        common = _words_in_common(run) if len(run) >= 3 else []
        if common:
            lines.append(f"  {' '.join(common)} …")
            run = [label.split(" ", len(common))[-1] for label in run]
        cells = [f"{n:>{numbers}}. {text}" for n, text in enumerate(run, start + 1)]
        lines += _columns(cells, width, 4 if common else 2)
    return lines


# ---------------------------------------------------------------- the display

class Terminal:
    """Where a game at the table is shown: `out` (standard output, or standard error when
    standard output carries JSON), laid out for its width."""

    def __init__(self, out=None, width: int | None = None):
        from rich.console import Console
        self.out = out if out is not None else sys.stdout
        self.console = Console(file=self.out, width=width, highlight=False, markup=False, emoji=False)
        self.console.on_broken_pipe = self._reader_gone
        self.readline = None

    def _reader_gone(self) -> None:
        """The output's reader went away (`tabletop play | head`): what is shown from now on is
        dropped, as `write` drops it. Rich's own way ends the program, and the game unsaved."""
        self.console.quiet = True

    @property
    def width(self) -> int:
        return self.console.width

    def line(self, text: str = "") -> None:
        write(self.out, text)

    def clear(self) -> None:
        """Clear the screen (and what scrolled off it), so the next person at the keyboard cannot
        read what the last one saw; nothing when the output is not a terminal."""
        if is_terminal(self.out):
            try:
                self.out.write("\x1b[3J\x1b[2J\x1b[H")
                self.out.flush()
            except (OSError, ValueError):
                pass

    def display(self, parts: list[dict]) -> None:
        """The rulebook's display: boards as tables that fit the width, lines wrapped to it."""
        for part in parts:
            try:
                if "board" in part:
                    if self._board_fits(part["board"]):
                        self.console.print(self._board(part["board"]))
                    else:
                        for line in self._board_lines(part["board"]):
                            write(self.out, line)
                    continue
                for line in part.get("text", "").split("\n"):
                    if not line.strip(" "):
                        continue
                    # wrapped to the console's width (a pipe's too: a display line may be long),
                    # with no trailing blanks, and the pieces after the first indented
                    for piece in fit_line(line.rstrip(" "), max(self.width, 1)):
                        write(self.out, piece)
            except (OSError, ValueError):
                return

    def _board_fits(self, rows: list[list]) -> bool:
        """Whether the board as a table fits the width with no word of a cell broken: each column
        as wide as its longest word, a blank either side and a rule between columns."""
        ncols = max((len(row) for row in rows), default=0)
        longest = [0] * ncols
        for row in rows:
            for c, cell in enumerate(row):
                longest[c] = max([longest[c], *(len(word) for word in (cell or "").split())])
        return sum(longest) + 3 * ncols + 1 <= self.width

    def _board_lines(self, rows: list[list]) -> list[str]:
        """A board too wide for the terminal, row by row: each cell that holds anything on its own
        line, named by its column, its lines joined with ' / '."""
        lines = []
        for r, row in enumerate(rows, 1):
            cells = [(c, " / ".join(part for part in (cell or "").split("\n") if part.strip()))
                     for c, cell in enumerate(row, 1)]
            cells = [(c, text) for c, text in cells if text]
            if cells:
                lines.append(f"Row {r}:")
                for c, text in cells:
                    lines += textwrap.wrap(f"  column {c}: {text}", max(self.width, 20), subsequent_indent="    ",
                                           break_long_words=False, break_on_hyphens=False)
        return lines

    def _board(self, rows: list[list]):
        from rich import box
        from rich.table import Table
        from rich.text import Text
        ncols = max((len(row) for row in rows), default=0)
        table = Table(box=box.SQUARE, show_header=False, show_lines=True, padding=(0, 1))
        for _ in range(ncols):
            table.add_column(overflow="fold")
        for row in rows:
            table.add_row(*[Text(visible(cell or "")) for cell in row] + [Text("")] * (ncols - len(row)))
        return table

    def menu(self, question: str, labels: list[str], groups: list[int] | None = None) -> None:
        """The question, then its numbered options. A menu taller than the screen (Taboo's 39
        options on 24 rows) scrolls the question away before the answer is typed: at a terminal
        it is then said again under the options, with where they are."""
        self.line(question)
        lines = menu_lines(labels, groups, self.width)
        for text in lines:
            self.line(text)
        if labels and is_terminal(self.out):
            width = max(self.width, 1)
            shown = len(fit(question, width)) + sum(len(fit(text, width)) for text in lines)
            if shown + 1 > terminal_height(self.out):       # + 1: the prompt's line
                self.line(f"{question} (options 1 to {len(labels)} above: scroll up to see them all)")

    # -------------------------------------------------------------- input
    def read(self, prompt: str, words: list[str] = ()) -> str:
        """One line typed after `prompt`, without its line end. At a terminal the line can be
        edited, earlier lines come back with the arrow keys and Tab completes `words`. Raises
        EOFError at the end of input (and KeyboardInterrupt for Ctrl-C)."""
        # readline draws the prompt on standard output when that is a terminal (a question on
        # standard error too: the same screen). Drawn apart, an empty answer (Enter for the
        # default at "Save the game? [Y/n]") got no line end, and what followed ran on after the
        # question, broken by the terminal in the middle of a word. input() refuses to run
        # without standard output (`>&-`): then the line is read plainly.
        editing = is_terminal(sys.stdin) and sys.stdout is not None and self._line_editing(words)
        shown_on = sys.stdout if editing and (self.out is sys.stdout or is_terminal(sys.stdout)) else self.out
        # A prompt wider than the terminal is broken between words; only its last line is the
        # prompt readline redraws.
        width = self.width if shown_on is self.out else terminal_width(shown_on)
        if is_terminal(shown_on) and len(prompt) > width:
            *before, last = fit(prompt.rstrip(" "), width)
            for line in before:
                write(shown_on, line)
            prompt = last + " "
        if editing:
            if shown_on is sys.stdout:
                return input(prompt)
            write_raw(self.out, prompt)
            return input()
        write_raw(self.out, prompt)
        return _input_line()

    def forget_typed(self) -> None:
        """Forget the lines typed so far, so that the arrow keys cannot bring back, for the next
        person at the keyboard, what the last one answered (a secret card)."""
        if self.readline:
            self.readline.clear_history()

    def _line_editing(self, words) -> bool:
        """Set up readline (once) and its completion words; False where there is none."""
        if self.readline is None:
            try:
                import readline
            except ImportError:
                self.readline = False
                return False
            self.readline = readline
            readline.parse_and_bind("tab: complete")
            readline.set_completer_delims("")
        if self.readline is False:
            return False
        choices = list(words)

        def complete(text, state):
            hits = [w for w in choices if w.casefold().startswith(text.casefold())]
            return hits[state] if state < len(hits) else None
        self.readline.set_completer(complete)
        return True


MAX_LINE = 100_000    # characters an answer may have; a longer line is not typed by anyone


def _input_line() -> str:
    """One line of standard input without its line end. Its end raises EOFError, and so does
    input that cannot be read (closed, not open for reading) or that no one typed (a line longer
    than MAX_LINE, as /dev/zero gives: read whole, it would fill the memory), with the reason as
    its message."""
    try:
        line = sys.stdin.readline(MAX_LINE + 1)
    except (AttributeError, OSError) as e:      # None when the program was started without one
        reason = getattr(e, "strerror", None) or "it is closed"
        raise EOFError(f"Standard input cannot be read ({reason}).") from None
    if not line:
        raise EOFError
    if len(line) > MAX_LINE:
        raise EOFError(f"Standard input sent a line of more than {MAX_LINE:,} characters, which no one types.")
    return line.rstrip("\r\n")


def write_raw(file, text: str) -> None:
    """Write `text` without a line end (a prompt), ignoring a closed terminal or pipe, and an output
    the program was started without (None), where `write` shows nothing either."""
    try:
        file.write(text)
        file.flush()
    except (OSError, ValueError, AttributeError):
        pass
