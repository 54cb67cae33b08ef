"""The cases of the broken-rulebook hunt, round 12: a mechanical sweep of single-token slips,
not hand-picked. Every case is made by one mutation operator applied to one token or one line of
a bundled rulebook's files (game.rules, the variant files, the data YAML) or of a test game's
(tests/games), the places drawn by a fixed seed, so the set is the same on every run:

- a name misspelt by one letter (dropped, doubled, two neighbours swapped), for each kind of
  name: a rule, a definition, a variable, a zone, a field, a kind, an enum value, a built-in, a
  keyword (a misspelling that makes another name of the book is skipped);
- a `:` dropped at a block line's end or added to a line that takes none; a bracket or
  parenthesis left unclosed or doubled; a quote left unclosed or doubled; a comma dropped or
  doubled in a list or a call;
- a line indented or dedented one level; a declaration's line deleted while its uses remain; a
  declaration's line written twice;
- an operator swapped for one that does not fit (`==` for `=` and back, `and` for `+` and back,
  `>` for `==`); a number where a name belongs, and a name where a number belongs;
- an argument dropped, or one too many, in a call of a rule, a definition or a built-in;
- in YAML data: a key misspelt, a value of the wrong type, an entry indented one space off, an
  entry written twice.

Each is a Case of harness.py judged by its verdicts; the '^' of the mutated text marks the line
of the slip. A mutant `tabletop check` passes is played (`simulate -n 3 --seed 1`, as cases7.py
plays its cases): an error in play is judged by simulate's first error (told, wrong line), and a
mutant that plays cleanly is `valid` when the operator may leave a meaningful rulebook
(`maybe_valid`: a dedent, a deleted say, `>` for `==` between numbers, ...) and `missed`
otherwise; a warning at the line with a clean play is `warned`. A case's words (what a right
message holds): a misspelt name's, the name it should have been (a did-you-mean); a `:`, `)`,
`]` or `,` dropped, that character in quotes; a line indented or dedented, "indent"; a call with an
argument dropped or one too many, the name called; a declaration deleted or written twice, its
name; the others, only the line.

`python tests/hunt/cases12.py [VERDICTS] [-j N]` runs them over N processes (2 by default) and
prints each result (only those of the verdicts named, as "crash,wrong line") and the counts;
`--list` prints the cases without running them. A tool, not a test: the tests that keep what it
found are in tests/test_hunt12.py.

Counts, 525 cases (SEED 12), before this round's fixes and after:
  before: told 466, wrong line 40, right line 9, valid 6, warned 4
  after:  told 504, wrong line 7, right line 4, valid 6, warned 4
(before, wrong line: a name misspelt where it is declared and used once, told at the use, 21; an
enum's value misspelt, its data right, told at each record, 10; a dedent or indent told at the
next line, 3; a variant's syntax error after the E014s it caused, 2; right line: a keyword slip
told as "put a ','", 5. Left after: an enum value that is also a rule's name, a field misspelt
where its data gives it, a parameter dropped from a definition written over two lines, a
comparison swapped that fails in play where its value is used, a local whose slip offers another
name, a dedent that leaves a loop's item unknown (right line, without "indent"), a comma dropped
before 'then' in `winners:`.)
The places are drawn from the files as they are, so an edit of one moves the draws after it: after
round 12 of the blind cases added two lines to Smackatoa!'s game.rules (Fast Talk), the set is
another 525, and gave told 498, wrong line 10, right line 7, warned 6, valid 1, missed 3 (the
three missed are the sweep's own: a comma dropped inside a text, `", "` made `" "`, twice,
and a `shuffle deck` indented into the loop above it, which still means something; a reaction's
misspelt game variable, missed too, is now E201 as in a rule). With the earlier text of that one
file, the same code gives told 505, wrong line 7, right line 3, valid 6, warned 4.
The other hunt files, before and after (no file worse; "slow" is wall-clock, on a busy machine):
  cases.py   told 491, warned 6, valid 86, missed 1, wrong line 1 -> told 492, warned 6, valid 86, missed 1
  cases4.py  told 228, valid 38, warned 7 -> the same
  cases5.py  told 156, valid 42, warned 15, wrong line 1 -> the same
  cases7.py  told 34, warned 3, valid 7, slow 2 -> told 35, warned 3, valid 7, slow 1 (one finished in time)
  cases9.py  told 299, valid 26, warned 7 -> the same (after the keyword-slip rule was narrowed to
             swapped or doubled letters: `end hand 5` had been offered 'and')
  cases10.py told 129, valid 25, warned 4, slow 4, wrong line 3, right line 2 -> told 130, valid 25, warned 4,
             slow 2, wrong line 3, right line 3 (two that were slow finished in time: one told, one right line)
  cases11.py told 104, valid 6, right line 2, wrong line 1, slow 1 -> the same"""
from __future__ import annotations

import multiprocessing
import os
import random
import re
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import REPO, Case, main as harness_main, run as check_run  # noqa: E402

from tabletop.dsl.builtins import BUILTINS  # noqa: E402

SEED = 12
GAMES = 3                      # games a mutant that passes the check is played
BOOKS = [("rulebooks/" + b, b) for b in ("smackatoa", "smackshapes", "abatteroxie", "taboo_atoll_express", "smores_galore")] \
    + [("tests/games/" + g, str(REPO / "tests" / "games" / g)) for g in
       ("auction", "bluff", "board", "dice", "draft", "fireworks", "flip", "market", "mini", "tricks", "yacht")]
GRAMMAR = (REPO / "dsl" / "grammar.lark").read_text(encoding="utf-8")
KEYWORDS = set(re.findall(r'"([a-z_]{2,})"', GRAMMAR))
NAME = re.compile(r"[A-Za-z_]\w*")
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")

# How many cases each operator makes (at most), over all files: about 500 in all.
QUOTA = {
    "misspelt rule": 20, "misspelt definition": 25, "misspelt variable": 25, "misspelt zone": 25,
    "misspelt field": 25, "misspelt kind": 20, "misspelt enum value": 25, "misspelt built-in": 25,
    "misspelt keyword": 30, "misspelt local": 15,
    "colon dropped": 20, "colon added": 15, "bracket unclosed": 15, "bracket doubled": 10,
    "quote unclosed": 12, "quote doubled": 8, "comma dropped": 15, "comma doubled": 10,
    "indented": 15, "dedented": 15, "declaration deleted": 20, "declaration twice": 15,
    "operator swapped": 30, "number for a name": 10, "name for a number": 10,
    "argument dropped": 15, "argument too many": 15,
    "yaml key misspelt": 12, "yaml wrong type": 12, "yaml indented": 8, "yaml entry twice": 8,
}
# Operators whose mutant may well be a rulebook the language allows (then passing is no fault).
MAYBE = {"dedented", "declaration deleted", "operator swapped", "number for a name", "name for a number",
         "yaml entry twice", "yaml wrong type", "misspelt rule", "misspelt definition", "misspelt local",
         "declaration twice", "comma doubled"}


# ------------------------------------------------------------------ reading a rules file
def texts_of(line: str) -> list[tuple[int, int]]:
    """The (start, end) of each quoted text of the line outside its comment."""
    spans, i = [], 0
    while i < len(line):
        if line[i] == "#":
            break
        if line[i] == '"':
            m = STRING.match(line, i)
            end = m.end() if m else len(line)
            spans.append((i, end))
            i = end
            continue
        i += 1
    return spans


def code_mask(line: str) -> list[bool]:
    """True for each character of the line that is code (not inside a text or a comment)."""
    mask = [True] * len(line)
    for start, end in texts_of(line):
        mask[start:end] = [False] * (end - start)
    hash_at = next((i for i, ch in enumerate(line) if ch == "#" and mask[i]), len(line))
    mask[hash_at:] = [False] * (len(line) - hash_at)
    return mask


def tokens(lines: list[str]):
    """(line index, column, name) of every name in code."""
    for n, line in enumerate(lines):
        mask = code_mask(line)
        for m in NAME.finditer(line):
            if mask[m.start()] and not (m.start() and line[m.start() - 1].isdigit()):
                yield n, m.start(), m.group()


def declared(texts: list[str]) -> dict[str, set]:
    """The names each kind of declaration makes, over all the book's rules files."""
    out = {k: set() for k in ("rule", "definition", "variable", "zone", "kind", "field", "enum value", "local")}
    for text in texts:
        in_kind = False
        for line in text.splitlines():
            code = line.split("#")[0]
            if m := re.match(r"\s*(?:replace\s+|extend\s+)?rule (\w+)", code):
                out["rule"].add(m.group(1))
            if m := re.match(r"\s*(?:replace\s+)?define (\w+)", code):
                out["definition"].add(m.group(1))
            if m := re.match(r"\s*(?:replace\s+)?(?:player |side )?var (\w+)", code):
                out["variable"].add(m.group(1))
            if m := re.match(r"\s*(?:replace\s+)?(?:player |side )?zone (\w+)", code):
                out["zone"].add(m.group(1))
            if m := re.match(r"\s*(?:extend\s+)?kind (\w+)", code):
                out["kind"].add(m.group(1))
                in_kind = code.rstrip().endswith(":")
                continue
            if m := re.match(r"\s*(?:extend\s+)?enum \w+\s*:(.*)", code):
                out["enum value"].update(re.findall(r"\w+", m.group(1)))
            if in_kind and (m := re.match(r"\s+(\w+)\s*:", code)):
                out["field"].add(m.group(1))
                continue
            in_kind = False
            if m := re.match(r"\s+(\w+)\s*(?:=|\+=|-=)(?!=)", code):
                out["local"].add(m.group(1))
    return out


def kind_of(name: str, lines: list[str], n: int, col: int, decl: dict) -> str:
    if name in KEYWORDS:
        return "keyword"
    before = lines[n][:col].rstrip()
    if before.endswith(".") and name in decl["field"]:
        return "field"
    for k in ("rule", "definition", "variable", "zone", "kind", "enum value"):
        if name in decl[k]:
            return k
    if name in BUILTINS:
        return "built-in"
    if name in decl["field"] and re.match(r"\s+\w+\s*:", lines[n]):
        return "field"
    if name in decl["local"]:
        return "local"
    return ""


def misspell(name: str, rng: random.Random) -> str:
    ops = ["drop", "double", "swap"] if len(name) > 2 else ["double", "swap"]
    op = rng.choice(ops)
    i = rng.randrange(len(name) - (1 if op == "swap" else 0))
    if op == "drop":
        return name[:i] + name[i + 1:]
    if op == "double":
        return name[:i + 1] + name[i:]
    return name[:i] + name[i + 1] + name[i] + name[i + 2:]


# ------------------------------------------------------------------ the operators
class Sweep:
    """Collects candidate mutants per operator, then draws each operator's quota by the seed."""

    def __init__(self):
        self.found: dict[str, list] = {op: [] for op in QUOTA}

    def add(self, op, book, file, lines, n, new_line, words=(), marked=None, args=(), also=()):
        """A mutant replacing line n by new_line (a list of lines for several, [] to delete it);
        `marked` is the line (index in the new text) the slip is at, n by default."""
        new = lines[:n] + (new_line if isinstance(new_line, list) else [new_line]) + lines[n + 1:]
        at = n if marked is None else marked
        if at >= len(new) or "^" in "".join(new):
            return
        new = new[:at] + ["^" + new[at]] + new[at + 1:]
        self.found[op].append((book, file, "".join(new), tuple(words), tuple(args), tuple(also),
                               lines[n].strip()[:60]))

    def draw(self, rng: random.Random) -> list[Case]:
        cases = []
        for op, quota in QUOTA.items():
            # round the books in turn, each's candidates in a seeded order, so no one book fills the quota
            by_book: dict[str, list] = {}
            for found in self.found[op]:
                by_book.setdefault(found[0], []).append(found)
            queues = [rng.sample(pool, len(pool)) for pool in by_book.values()]
            chosen = []
            while len(chosen) < quota and any(queues):
                chosen += [q.pop() for q in queues if q][:quota - len(chosen)]
            for i, (book, file, text, words, args, also, what) in enumerate(chosen):
                label = Path(book).name
                cases.append(Case(f"{op} #{i + 1}: {label} {file}: {what}", book, [(file, text)], words,
                                  args=args, group=op, maybe_valid=op in MAYBE, also=also))
        return cases


def sweep_rules(sw: Sweep, book: str, file: str, text: str, decl: dict, names: set, rng, args=()):
    lines = text.splitlines(keepends=True)
    plain = [ln.rstrip("\n") for ln in lines]
    for n, col, name in tokens(plain):
        k = kind_of(name, plain, n, col, decl) if len(name) > 1 else ""
        if not k:
            continue
        for _ in range(2):
            wrong = misspell(name, rng)
            if wrong != name and wrong not in names and wrong not in KEYWORDS and wrong not in BUILTINS:
                break
        else:
            continue
        words = (name,)
        new = plain[n][:col] + wrong + plain[n][col + len(name):] + "\n"
        sw.add("misspelt " + k, book, file, lines, n, new, words, args=args)
    for n, line in enumerate(plain):
        code = "".join(ch if ok else " " for ch, ok in zip(line, code_mask(line))).rstrip()
        if not code.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if _continued(plain, n):
            continue
        nxt = next((m for m in range(n + 1, len(plain)) if plain[m].strip() and not plain[m].lstrip().startswith("#")), None)
        opens = code.endswith(":") and nxt is not None and len(plain[nxt]) - len(plain[nxt].lstrip()) > indent
        depth_ok = code.count("(") == code.count(")") and code.count("[") == code.count("]")
        # `:` dropped at a block line's end, or added where none belongs
        if opens:
            cut = len(code) - 1
            sw.add("colon dropped", book, file, lines, n, line[:cut] + line[cut + 1:] + "\n", ("':'",), args=args)
        elif depth_ok and indent > 0 and not code.endswith((",", "(", "[", "{")) and nxt is not None:
            sw.add("colon added", book, file, lines, n, code + ":" + line[len(code):] + "\n", args=args)
        # a bracket left unclosed or doubled
        for close in (")", "]"):
            at = code.rfind(close)
            if at > 0 and depth_ok:
                sw.add("bracket unclosed", book, file, lines, n, line[:at] + line[at + 1:] + "\n", (f"'{close}'",), args=args)
                sw.add("bracket doubled", book, file, lines, n, line[:at] + close + line[at:] + "\n", args=args)
        # a quote left unclosed or doubled
        spans = [s for s in texts_of(line) if line[s[1] - 1] == '"' and s[1] - s[0] > 1]
        if spans:
            start, end = rng.choice(spans)
            sw.add("quote unclosed", book, file, lines, n, line[:end - 1] + line[end:] + "\n", args=args)
            sw.add("quote doubled", book, file, lines, n, line[:start] + '"' + line[start:] + "\n", args=args)
        # a comma dropped or doubled in a list or a call
        commas = [i for i, ch in enumerate(code) if ch == ","]
        if commas and depth_ok:
            i = rng.choice(commas)
            sw.add("comma dropped", book, file, lines, n, line[:i] + line[i + 1:] + "\n", ("','",), args=args)
            sw.add("comma doubled", book, file, lines, n, line[:i] + "," + line[i:] + "\n", args=args)
        # a line indented or dedented one level (not a continuation line of an open bracket)
        prev = next((plain[m] for m in range(n - 1, -1, -1) if plain[m].strip()), "")
        only = prev.rstrip().endswith(":") and (nxt is None or len(plain[nxt]) - len(plain[nxt].lstrip()) < indent)
        if depth_ok and not only:      # (the only line of its block, indented more, is a block of its own)
            sw.add("indented", book, file, lines, n, "    " + line + "\n", ("indent",), args=args)
            if indent >= 4:
                sw.add("dedented", book, file, lines, n, line[4:] + "\n", ("indent",), args=args, also=((file, n),))
        # an operator swapped for one that does not fit
        for old, new in ((" == ", " = "), (" + ", " and "), (" and ", " + "), (" == ", " > ")):
            at = code.find(old)
            if at >= 0:
                sw.add("operator swapped", book, file, lines, n, line[:at] + new + line[at + len(old):] + "\n", args=args)
        if m := re.match(r"(\s+[\w.\[\]]+) = (?!=)", code):
            sw.add("operator swapped", book, file, lines, n, m.group(1) + " == " + line[m.end():] + "\n", args=args)
        # a number where a name belongs, and a name where a number belongs
        uses = [(c, nm) for (ln, c, nm) in tokens([line]) if kind_of(nm, plain, n, c, decl) in ("variable", "zone", "local")]
        if uses and indent > 0:
            c, nm = rng.choice(uses)
            sw.add("number for a name", book, file, lines, n, line[:c] + "1" + line[c + len(nm):] + "\n", args=args)
        nums = [m for m in NUMBER.finditer(code)]
        if nums and indent > 0:
            m = rng.choice(nums)
            other = rng.choice(sorted(decl["zone"] or decl["kind"] or {"players"}))
            sw.add("name for a number", book, file, lines, n, line[:m.start()] + other + line[m.end():] + "\n", args=args)
        # an argument dropped or one too many in a call of a rule, a definition or a built-in
        for m in re.finditer(r"\b(\w+)\(", code):
            if not (m.group(1) in decl["rule"] or m.group(1) in decl["definition"] or m.group(1) in BUILTINS):
                continue
            least, most = BUILTINS.get(m.group(1), (0, 0, ""))[:2]
            depth, i = 1, m.end()
            while i < len(code) and depth:
                depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(code[i], 0)
                i += 1
            if depth:
                continue
            named = (m.group(1),) if not re.match(r"\s*(?:replace\s+)?(?:define|rule|event) ", code) else ()
            inner = code[m.end():i - 1]
            parts = _split_args(inner)
            if not parts:
                continue
            less = ", ".join(parts[:-1])
            more = ", ".join(parts + [parts[-1].strip()])
            if not most or len(parts) == least:     # (a built-in that takes a varying number: one that is too few)
                sw.add("argument dropped", book, file, lines, n, line[:m.end()] + less + line[i - 1:] + "\n", named,
                       args=args)
            if not most or len(parts) == most:
                sw.add("argument too many", book, file, lines, n, line[:m.end()] + more + line[i - 1:] + "\n", named,
                       args=args)
            break
    # a declaration's line deleted while its uses remain; a declaration written twice
    for n, line in enumerate(plain):
        m = re.match(r"(?:player |side )?(var|zone|define|enum|die|pattern|event) (\w+)", line)
        code = _code(line)
        if not m or line.rstrip().endswith(":") and m.group(1) != "enum" or _continued(plain, n) \
                or code.rstrip().endswith(("\\", ",")) or code.count("(") != code.count(")") \
                or code.count("[") != code.count("]"):
            continue
        name = m.group(2)
        # its uses, in code or in a text's braces, but not a field of the same name (`.name`) unless
        # it is each player's own (`p.hand`); an enum's values are its uses too
        names = [name] + (re.findall(r"\w+", code.split(":", 1)[1]) if m.group(1) == "enum" else [])
        dotted = "" if line.startswith("player ") else "."
        use = re.compile(rf"(?<![\w{dotted}])(?:{'|'.join(map(re.escape, names))})\b")
        used = [u for u, ln in enumerate(plain) if u != n and use.search(ln.split("#")[0] if '"' not in ln else ln)]
        if used:
            first = used[0] - (1 if used[0] > n else 0)
            also = tuple((file, u - (1 if u > n else 0) + 1) for u in used)
            sw.add("declaration deleted", book, file, lines, n, [], (name,), marked=first, args=args, also=also)
        sw.add("declaration twice", book, file, lines, n, [lines[n], lines[n]], (name,), marked=n + 1, args=args,
               also=((file, n + 1),))


def _code(line: str) -> str:
    return "".join(ch for ch, ok in zip(line, code_mask(line)) if ok)


def _continued(plain: list[str], n: int) -> bool:
    """Whether line n goes on a line before it (after a `\\`, or inside an open bracket)."""
    before = "".join(_code(ln) for ln in plain[max(0, n - 8):n])
    return bool(n) and (plain[n - 1].rstrip().endswith("\\") or before.count("(") > before.count(")")
                        or before.count("[") > before.count("]"))


def _split_args(inner: str) -> list[str]:
    parts, depth, start = [], 0, 0
    mask = code_mask(inner)
    for i, ch in enumerate(inner):
        if not mask[i]:
            continue
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(inner[start:i])
            start = i + 1
    if inner.strip():
        parts.append(inner[start:])
    return [p.strip() for p in parts if p.strip()]


def sweep_yaml(sw: Sweep, book: str, file: str, text: str, rng, args=()):
    lines = text.splitlines(keepends=True)
    for n, line in enumerate(lines):
        code = line.split("#")[0].rstrip() if '"' not in line.split("#")[0] else line.rstrip("\n")
        if not code.strip():
            continue
        keys = [m for m in re.finditer(r"(?<=[{,\s])(\w+):", code)]
        if keys:
            m = rng.choice(keys)
            wrong = misspell(m.group(1), rng)
            if wrong == m.group(1):
                continue
            sw.add("yaml key misspelt", book, file, lines, n, line[:m.start(1)] + wrong + line[m.end(1):], (m.group(1),), args=args)
        values = [m for m in re.finditer(r"(?<=: )(-?\d+|\"[^\"]*\"|true|false|\w+)(?=[,}\s])", code)]
        if values:
            m = rng.choice(values)
            v = m.group(1)
            wrong = '"many"' if re.fullmatch(r"-?\d+|true|false", v) else "[1, 2]" if rng.random() < 0.5 else "12"
            sw.add("yaml wrong type", book, file, lines, n, line[:m.start(1)] + wrong + line[m.end(1):], args=args)
        if re.match(r"\s+- ", line):
            sw.add("yaml indented", book, file, lines, n, " " + line, args=args)
            if re.search(r"\bname:", line):
                sw.add("yaml entry twice", book, file, lines, n, [line, line], marked=n + 1, args=args, also=((file, n + 1),))


def cases() -> list[Case]:
    rng = random.Random(SEED)
    sw = Sweep()
    for folder, book in BOOKS:
        root = REPO / folder
        rules = sorted(root.glob("*.rules")) + sorted(root.glob("variants/*.rules"))
        texts = [p.read_text(encoding="utf-8") for p in rules]
        decl = declared(texts)
        names = {nm for t in texts for _, _, nm in tokens(t.splitlines())}
        for path in rules + sorted(root.glob("*.yaml")) + sorted(root.glob("variants/*.yaml")):
            file = str(path.relative_to(root))
            args = ("--variant", path.stem) if file.startswith("variants/") else ()
            text = path.read_text(encoding="utf-8")
            if path.suffix == ".rules":
                sweep_rules(sw, book, file, text, decl, names, rng, args)
            else:
                sweep_yaml(sw, book, file, text, rng, args)
    return sw.draw(rng)


CASES = cases()


# ------------------------------------------------------------------ judging
def judge(case: Case):
    """Check; a mutant the check passes is played a few seeds (cases7.play), which decides it."""
    from cases7 import play
    r = check_run(replace(case, maybe_valid=False))
    r.case = case
    if r.rc != 0 or r.verdict == "crash":
        return r
    p = play(case, GAMES)
    if p.rc != 0 or p.verdict in ("crash", "slow"):
        return p
    p.verdict = "warned" if r.verdict == "warned" else "valid" if case.maybe_valid else "missed"
    return p


def main(show: str = "", jobs: int = 2) -> None:
    only = os.environ.get("HUNT_ONLY", "")       # as harness.main: only the cases whose names hold it
    chosen = [c for c in CASES if only in c.name]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        results = dict(zip((c.name for c in chosen), pool.map(judge, chosen, chunksize=4)))
    harness_main(chosen, show, lambda case: results[case.name])


if __name__ == "__main__":
    argv = sys.argv[1:]
    if "--list" in argv:
        for c in CASES:
            print(c.group, "|", c.name)
        print(len(CASES), "cases")
        sys.exit(0)
    jobs = 2
    if "-j" in argv:
        jobs = int(argv[argv.index("-j") + 1])
        del argv[argv.index("-j"):argv.index("-j") + 2]
    main(argv[0] if argv else "", jobs)
