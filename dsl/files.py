"""Reading a rulebook's files: only regular files inside the rulebook's own folder, and only so much.

A rulebook is untrusted input, and so is every path written in it (`include`, `extends`,
`kind ... from`, a variant's name). `RulebookFolder` answers two questions about such a path:
is it inside the folder once every symbolic link is followed, and what does it hold, read from
a regular file of at most `MAX_FILE_BYTES` bytes (a FIFO, a device or a file under /proc is
never opened for reading; the size is counted while reading, not trusted from `stat`).
Problems are `FileProblem`s carrying a diagnostic code and a sentence for the loader to place
at the line that named the file. This module must not parse anything, and its messages must
never quote what a file outside the folder holds (they name the path as the rulebook wrote it).
"""
from __future__ import annotations

import os
import re
import stat

MAX_FILE_BYTES = 2_000_000
_SYSTEM = ("/proc", "/sys")     # the kernel's files look regular: never a rulebook's, whatever a link says


class FileProblem(Exception):
    """Why a file a rulebook names cannot be read: a diagnostic code and a sentence."""

    def __init__(self, code: str, message: str, hint: str = "", line: int = 0, column: int = 0):
        self.code, self.message, self.hint = code, message, hint
        self.line, self.column = line, column    # where in the file itself, when the problem is in its text
        super().__init__(message)


def _neighbours_hint(real: str, what: str = "", asker: str | None = None, root: str = "") -> str:
    """"did you mean ...?" naming a file beside a missing one whose name is close (a typo), as
    the rulebook would write it (with the folders it wrote before the name). Only a file of the
    same sort is offered (a `.rules` file for a rules file, any other for a data file), and never
    the file that names it: a variant told to extend itself, or a rulebook to include itself,
    would be a worse mistake than the one it made. A rules file found one folder up from the
    file naming it (`extends "game.rules"` in variants/) is offered with its '../', when it is
    inside the rulebook's folder `root` (a file outside it is never named)."""
    from .diagnostics import closest
    folder, name = os.path.split(real)
    written = re.search(r'"([^"]*)"', what)
    written_dir = os.path.dirname(written.group(1)) if written else ""
    rules = not what.startswith("The data file")      # an include, or the rulebook a variant extends
    try:
        near = [f for f in os.listdir(folder) if os.path.isfile(os.path.join(folder, f))
                and f.endswith(".rules") == rules and os.path.join(folder, f) != asker]
    except OSError:
        return ""
    if asker and rules and os.path.dirname(real) == os.path.dirname(asker):
        up = os.path.join(os.path.dirname(os.path.dirname(asker)), name)
        if root and _within(up, root) and os.path.isfile(up):
            return (f"did you mean '{os.path.join('..', written_dir, name)}'? a path is taken from the folder "
                    f"of the file that names it, {os.path.basename(os.path.dirname(asker))}/")
    # names compared without their endings: '.yaml' alone made 'monsters.yaml' close to 'cells.yaml'
    stems = {}
    for f in sorted(near):
        stems.setdefault(os.path.splitext(f)[0], f)
    close = closest(os.path.splitext(name)[0], stems)
    guess = f"did you mean '{stems[close]}'?" if close else ""
    if guess and written_dir:      # '../games.rules': did you mean '../game.rules'?
        guess = guess.replace("'", "'" + written_dir + "/", 1)
    there = f"the files there: {', '.join(sorted(near)[:8])}" if near else ""
    if not guess and not rules and name.endswith((".yaml", ".yml")):
        # a new game's kind declared before its data file was written
        stem = name.rsplit(".", 1)[0]
        return (f"create {name} beside the file that names it: one key holding the records, '{stem}:', then one "
                f"'  - {{name: ..., count: 2}}' a record" + (f" ({there})" if there else ""))
    return guess or there


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


class RulebookFolder:
    """The folder a rulebook may read from: a game's folder (its variants included), or the
    folder of a single `.rules` file."""

    def __init__(self, root: str | os.PathLike):
        self.root = os.path.realpath(root)
        self.given = os.path.abspath(root)

    def real(self, path: str | os.PathLike, what: str) -> str:
        """The real path of `path` (links followed), or FileProblem E018 when that is outside the
        folder. `what` names the path as the rulebook gave it, e.g. 'The include "x.rules"'."""
        try:
            real = os.path.realpath(path)
        except (OSError, ValueError) as e:      # a NUL in the name, a loop of links
            raise FileProblem("E012", f"{what} cannot be read: {_reason(e)}.") from None
        if _within(real, self.root) and not any(_within(real, s) for s in _SYSTEM):
            return real
        written = os.path.abspath(path)          # `..` resolved as written, links not followed
        linked = _within(written, self.root) or _within(written, self.given)
        how = "is a link to a file" if linked else "names a file"
        raise FileProblem("E018", f"{what} {how} outside the rulebook's folder; a rulebook may read only "
                                  "the files in its own folder.")

    def read(self, path: str | os.PathLike, what: str, asker: str | None = None) -> str:
        """The text of a regular file inside the folder, read as UTF-8, at most MAX_FILE_BYTES.
        What is not a regular file is refused before it is opened (opening a device can act on
        it), and again after (in case it was swapped in between). `asker` is the real path of the
        file that names this one, which a "did you mean" for a missing file never offers."""
        real = self.real(path, what)
        try:
            _regular(os.stat(real).st_mode, what)
        except FileNotFoundError:
            raise FileProblem("E011", f"{what} does not exist.", _neighbours_hint(real, what, asker, self.root)) from None
        except OSError as e:
            raise FileProblem("E012", f"{what} cannot be read: {_reason(e)}.") from None
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(real, flags)      # non-blocking: a FIFO swapped in must not make it wait
        except FileNotFoundError:
            raise FileProblem("E011", f"{what} does not exist.") from None
        except OSError as e:
            raise FileProblem("E012", f"{what} cannot be read: {_reason(e)}.") from None
        try:
            _regular(os.fstat(fd).st_mode, what)
            chunks, size = [], 0
            while size <= MAX_FILE_BYTES:
                chunk = os.read(fd, min(1 << 20, MAX_FILE_BYTES + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        except OSError as e:
            raise FileProblem("E012", f"{what} cannot be read: {_reason(e)}.") from None
        finally:
            os.close(fd)
        data = b"".join(chunks)
        if size > MAX_FILE_BYTES:      # placed where the limit is passed, which a file too large has no better place for
            line, column = _place(data, MAX_FILE_BYTES)
            raise FileProblem("E010", f"{what} is larger than {MAX_FILE_BYTES:,} bytes: it passes them at line "
                                      f"{line:,}.", "", line, column)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            line, column = _place(data, e.start)
            raise FileProblem("E012", f"{what} is not UTF-8 text: the byte at line {line}, column {column} (byte "
                                      f"{e.start + 1} of the file) is not part of any UTF-8 character.",
                              ("it is saved as UTF-16: " if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "")
                              + "save the file as UTF-8 (most editors offer it when saving)", line, column) from None
        nuls = data.count(0)
        if nuls * 3 > len(data) > 0:
            # UTF-16 or UTF-32 without a byte order mark decodes as UTF-8: a NUL between every letter
            raise FileProblem("E012", f"{what} is not UTF-8 text: {nuls:,} of its {len(data):,} bytes are "
                                      "NUL, as in a file saved as UTF-16 or UTF-32.",
                              "save the file as UTF-8 (most editors offer it when saving)", 1, 1)
        return text


def _place(data: bytes, at: int) -> tuple[int, int]:
    """The line and column (1-based, counted in characters) of the byte at `at`."""
    start = data.rfind(b"\n", 0, at) + 1
    return data.count(b"\n", 0, at) + 1, len(data[start:at].decode("utf-8", errors="replace")) + 1


def _regular(mode: int, what: str) -> None:
    if not stat.S_ISREG(mode):
        kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file")
        raise FileProblem("E012", f"{what} is {kind}, not a regular file.")


def _reason(e: Exception) -> str:
    return getattr(e, "strerror", None) or str(e) or type(e).__name__
