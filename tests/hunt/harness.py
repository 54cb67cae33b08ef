"""The harness of the broken-rulebook hunt (round 2): copies a bundled rulebook to a scratch
folder, makes one edit, runs `tabletop check` (or `tabletop test`) in this process with its
output captured, and sorts the answer: told (the first error at the line the edit marks, with
the words a right hint holds), right line, wrong line, or crash (a traceback, an internal error
or an exit code other than 1 or 2). It is a tool for people hunting mistakes, not a test: the
tests that keep what it found are in tests/test_broken_data_and_variants.py. It must not touch
the bundled rulebooks (it edits copies only)."""
from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO.parent))

from tabletop.interpreter import cli  # noqa: E402


@dataclass
class Case:
    """One edit: `edits` is a list of (file, old, new) replacements in the copy (new may hold one
    '^' marking where the error belongs), (file, None) to delete a file, (file, b"...") to write
    bytes, or (file, "->target") for a symbolic link. `at` overrides the place: (file, line)."""
    name: str
    book: str
    edits: list
    words: tuple = ()
    at: tuple | None = None
    cmd: str = "check"
    args: tuple = ()
    group: str = ""
    valid: bool = False      # the edit leaves a rulebook the language allows: it must pass
    bad: tuple = ()          # words a right hint must not hold (a wrong did-you-mean)
    also: tuple = ()         # other lines ((file, line), ...) the first error may rightly name
    maybe_valid: bool = False  # an edit the language may well allow (a swap of two lines): passing is no fault
    multi: bool = False      # several mistakes, one an edit: judged by verdict_multi (words: one tuple per edit)
    extra: int = 0           # (multi) errors allowed beyond one for each edit


def adders(cases: list, file: str = "game.rules"):
    """The two ways a hunt file adds a case of one replacement in a file (`file` by default):
    `c` checked, and `p` played (`simulate -n GAMES --seed 1`, as cases7.py plays its cases)."""
    def c(group, name, book, old, new, words=(), file=file, **kw):
        cases.append(Case(name, book, [(file, old, new)], tuple(words), group=group, **kw))

    def p(group, name, book, old, new, words=(), file=file, **kw):
        cases.append(Case(name, book, [(file, old, new)], tuple(words), cmd="simulate", group=group, **kw))
    return c, p


@dataclass
class Result:
    case: Case
    rc: int
    out: str
    where: tuple | None
    first: dict | None = None
    verdict: str = ""
    errors: list = field(default_factory=list)


def make(case: Case, root: Path, marks: list | None = None) -> tuple[Path, tuple | None]:
    """Makes the edited copy; `marks`, if given, gets the place (file, line) of each edit in turn
    (its '^', else its start)."""
    book = root / "book"
    shutil.copytree(REPO / "rulebooks" / case.book, book)
    where = case.at
    for edit in case.edits:
        path = book / edit[0]
        if len(edit) == 2:
            if edit[1] is None:
                path.unlink()
            elif isinstance(edit[1], bytes):
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(edit[1])
            elif edit[1].startswith("->"):
                path.unlink(missing_ok=True)
                path.symlink_to(edit[1][2:])
            else:  # a whole new text
                path.parent.mkdir(parents=True, exist_ok=True)
                text = edit[1]
                at = text.find("^")
                if marks is not None and case.multi:   # every '^' of a multi case's new text marks a mistake
                    hats = [i for i, ch in enumerate(text) if ch == "^"]
                    marks.extend((edit[0], text.count("\n", 0, i) + 1) for i in hats)
                    path.write_text(text.replace("^", ""), encoding="utf-8")
                else:
                    path.write_text(text.replace("^", "", 1) if at >= 0 else text, encoding="utf-8")
                if at >= 0 and where is None:
                    where = (edit[0], text.count("\n", 0, at) + 1)
            continue
        _, old, new = edit
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{case.name}: no {old!r} in {edit[0]}"
        start = text.index(old)
        at = new.find("^")
        changed = text[:start] + new.replace("^", "", 1) + text[start + len(old):]
        path.write_text(changed, encoding="utf-8")
        pos = start + (at if at >= 0 else 0)
        if where is None:
            where = (edit[0], changed.count("\n", 0, pos) + 1)
        if marks is not None:  # (a multi case lists a file's edits top to bottom, so none moves another)
            marks.append((edit[0], changed.count("\n", 0, pos) + 1))
    return book, where


def run(case: Case) -> Result:
    with tempfile.TemporaryDirectory() as tmp:
        marks: list = []
        book, where = make(case, Path(tmp), marks if case.multi else None)
        out, errs = io.StringIO(), io.StringIO()
        target = str(book) if case.cmd == "check" else str(book / case.edits[0][0]) if case.cmd == "test" else str(book)
        argv = [case.cmd, "--format", "json", *case.args, target]
        crash = ""
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errs):
            try:
                rc = cli.main(argv)
            except BaseException as e:  # noqa: BLE001 - a crash is what the hunt looks for
                rc, crash = -1, f"{type(e).__name__}: {e}"
        text = out.getvalue() + errs.getvalue() + crash
        r = Result(case, rc, text.replace(tmp + "/book/", ""), where)
        try:
            data = json.loads(out.getvalue())
        except ValueError:
            data = {}
        diags = data.get("failures", []) if case.cmd == "test" else data.get("diagnostics", [])
        errors = [d for d in diags if d.get("severity", "error") == "error"]
        r.errors = errors
        r.first = errors[0] if errors else None
        r.verdict = verdict_multi(r, marks) if case.multi else verdict(r, tmp)
        return r


def _test_failures(data: dict) -> list:
    found = []
    def walk(x):
        if isinstance(x, dict):
            if "line" in x and ("message" in x or "expected" in x):
                found.append(x)
                return
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(data)
    return found


def verdict(r: Result, tmp: str) -> str:
    if r.rc not in (0, 1, 2) or "Traceback" in r.out or "internal error" in r.out:
        return "crash"
    if r.case.valid:
        return "valid" if r.rc == 0 else "false alarm"
    if r.rc == 0 and r.case.maybe_valid:
        return "valid"
    if r.rc == 0:
        try:
            said = json.loads(r.out[:r.out.rindex("}") + 1]) if r.case.cmd == "check" else {}
        except ValueError:
            said = {}
        file, line = r.where or ("", 0)
        warned = [d for d in said.get("diagnostics", []) if str(d.get("file", "")).endswith(file) and d.get("line") == line]
        return "warned" if warned else "missed"
    if r.where is None:
        return "told" if r.rc in (1, 2) else "crash"
    file, line = r.where
    def at(d):
        return (str(d.get("file", "")).endswith("/" + file) or str(d.get("file", "")) == file) and d.get("line") == line
    if r.first is None:
        # a usage error, or a message on stderr: its place is in its words
        return "right line" if f"{file}:{line}" in r.out else "wrong line"
    # an error elsewhere whose hint names the edited line (or one the case allows), in its file, points there too
    names_it = (str(r.first.get("file", "")).endswith("/" + file) or str(r.first.get("file", "")) == file) \
        and any(re.search(rf"\bline {n}\b", str(r.first.get("hint", ""))) for f, n in ((file, line), *r.case.also) if f == file)
    if not at(r.first) and not names_it and not any(str(r.first.get("file", "")).endswith("/" + f) and r.first.get("line") == l
                                                    for f, l in r.case.also):
        return "wrong line"
    text = (str(r.first.get("message", "")) + " " + str(r.first.get("hint", "")) + " " + json.dumps(r.first)).lower()
    hint = str(r.first.get("hint", "")).lower()
    return "told" if all(w.lower() in text for w in r.case.words) and not any(b.lower() in hint for b in r.case.bad) \
        else "right line"


def _names(d: dict, file: str, line: int) -> bool:
    f = str(d.get("file", ""))
    return (f.endswith("/" + file) or f == file) and d.get("line") == line


def verdict_multi(r: Result, marks: list) -> str:
    """Several mistakes at once (a Case with multi=True, one mistake an edit, its place the edit's
    '^'; each '^' of a new file's whole text): told when every edited line is named by an error
    (at that file:line, or as "line N" in the hint of an error of its file), the errors name
    a file's edits top to bottom (the order a reader expects, the lines that do not parse first, as
    the checker puts the likeliest cause first; the files may come in any order),
    the first error names one of the edits, no more errors are given than one for each edit (and
    `extra`: follow-on errors bury the others), and each edit's first error holds its words
    (case.words: one tuple for each edit). Otherwise, in this order: crash, missed (exit 0),
    missed some (an edit no error names), wrong order, noisy (too many errors), weak hint."""
    if r.rc not in (0, 1, 2) or "Traceback" in r.out or "internal error" in r.out:
        return "crash"
    if r.case.valid:
        return "valid" if r.rc == 0 else "false alarm"
    if r.rc == 0:
        return "missed"
    errors = r.errors
    firsts = []
    own = []      # the marks named by an error at their own line: the order is theirs
    for file, line in marks:
        # named at its line, or as "line N" in the hint of an error of its file
        hit = [i for i, d in enumerate(errors) if _names(d, file, line) or (
            (str(d.get("file", "")).endswith("/" + file) or str(d.get("file", "")) == file)
            and re.search(rf"\bline {line}\b", str(d.get("hint", ""))))]
        if not hit:
            return "missed some"
        firsts.append(hit[0])
        if _names(errors[hit[0]], file, line):
            own.append(((file, line), hit[0]))
    for file in {m[0] for m in marks}:  # within a file, top to bottom (lines that do not parse first); files in any order
        mine = sorted((not str(errors[i].get("code", "")).startswith("E1"), m[1], i) for m, i in own if m[0] == file)
        if [i for *_, i in mine] != sorted(i for *_, i in mine):
            return "wrong order"
    if 0 not in firsts:
        return "wrong order"
    if len(errors) > len(marks) + r.case.extra:
        return "noisy"
    words = r.case.words or ((),) * len(marks)
    for i, ws in zip(firsts, words):
        d = errors[i]
        text = (str(d.get("message", "")) + " " + str(d.get("hint", ""))).lower()
        if not all(w.lower() in text for w in ws):
            return "weak hint"
    return "told"


def main(cases: list[Case], show: str = "", runner=None) -> None:
    """Runs each case (by `runner`, harness.run by default: cases7.py's plays those it simulates),
    prints those of the verdicts in `show` (all if empty) and the counts. HUNT_ONLY=text runs only
    the cases whose names hold it."""
    counts: dict[str, int] = {}
    rows = []
    only = os.environ.get("HUNT_ONLY", "")
    for case in cases:
        if only and only not in case.name:
            continue
        try:
            r = (runner or run)(case)
        except AssertionError as e:
            print("BAD CASE", e)
            continue
        counts[r.verdict] = counts.get(r.verdict, 0) + 1
        rows.append(r)
        if not show or r.verdict in show.split(","):
            first = r.first or {}
            print(f"[{r.verdict:10}] {case.group}/{case.name} rc={r.rc} want={r.where}")
            if case.multi:
                for d in r.errors:
                    print(f"     {d.get('file', '')}:{d.get('line')}:{d.get('column')} {d.get('code', '')}: "
                          f"{d.get('message', '')} | hint: {d.get('hint', '')}"[:400])
            elif first:
                print(f"     {first.get('file', '')}:{first.get('line')}:{first.get('column')} {first.get('code', '')}: "
                      f"{first.get('message', '')} | hint: {first.get('hint', '')}")
            else:
                print("     " + r.out.strip().replace("\n", "\n     ")[:600])
    print(json.dumps(counts), "of", sum(counts.values()))
