"""The cases of the broken-rulebook hunt, round 14: hostile and pathological input. Rulebooks are
untrusted (design.md), so each case is a file an attacker or a runaway generator could hand the
engine: sizes far past any real rulebook (a 5 MB file, a 100,000-character line, 10,000 rules,
a table of 100,000 entries, 50,000 data records, 5,000 braces in a text, parentheses 500 and
5,000 deep, `if` 200 deep, 3,000 `elif`s); numbers (10**400 written out, ranges and repeats of
10**9 and more, a deck of 10**7 cards, -0, 1e309, NaN and infinities, booleans for numbers);
YAML hostility (aliases that expand a billion times, deep nesting, Python tags, duplicate
keys, a megabyte anchor used a thousand times, NUL bytes, UTF-16, a folder, a symbolic-link
loop, a FIFO and /dev/zero as data); text hostility (NUL bytes, invalid UTF-8 and lone
surrogates, right-to-left marks and zero-width joiners in names, homoglyphs, names 10,000
characters long, Python's keywords and builtins as names, texts that try to leave the generated
code's quotes); runaway play (mutual recursion, a definition calling itself forever, a reaction
storm, lists and texts that double, a game that never ends, a choice of 100,000 options, labels
of a megabyte); variants (extending itself by another spelling, two variants extending each
other, chains 50 and 500 deep, `extends` and `from` of paths outside the folder or of devices);
options, players and scenario files out of range.

Each case is a Case of harness.py, judged as harness.verdict judges a check (cmd "check"), as
cases7.play judges a played one (cmd "simulate", `simulate -n 2 --seed 1`), or as cases13.usage
judges a command line (cmd "usage"). Each runs in a child process of its own (forked), with its
address space capped at MEMORY bytes (resource.setrlimit RLIMIT_AS: a memory blow-up is a
MemoryError or a dead child, "died", not a swapping machine) and its processor time at CPU
seconds (RLIMIT_CPU: stopped then, "hang"); one that used more than SLOW seconds of processor
time is "slow" whatever it said (processor time, not wall-clock, so a loaded machine does not
make a case slow); one whose output is
over LOUD characters is "loud" (a message must quote a hostile input cut short, not whole).
`python tests/hunt/cases14.py [VERDICTS]` runs them (HUNT_ONLY=text for those whose names hold
it) and prints each result and the counts. A tool, not a test: the tests that keep what it found
are in tests/test_hunt14.py.

Counts, 234 cases, before this round's fixes (main at 3c6f56d) and after (processor time):
  before: told 160, valid 52, wrong line 7, right line 7, loud 2, slow 2, missed 2, warned 1, died 1
  after:  told 178, valid 52, loud 2, wrong line 1, warned 1
(before: a megabyte name quoted whole by each of a thousand W105 warnings, a gigabyte (died at
the memory cap), and a 100,000-character name quoted whole (loud); tables of 100,000 entries
parsed for 14 s (slow; now refused past 10,000 lines of one declaration, E105); a rulebook over
2,000,000 bytes told at line 0; a form feed put an indentation error one line off; UTF-16 without
a byte order mark told as NULs; chains of 500 variants told as "nests too deeply" at the 18th; a
file including itself, or two including each other, passed; E026 of 50,000 plain records spoke
of aliases; a 5,000-digit data number named no field; invisible and look-alike characters inside
a name did not say what the name reads; a scenario over the limit at line 0. Left after: 10,000
unused rules give 10,000 warnings W102 (loud, by design: each is its own), a thousand records of
one name a thousand W105 (loud: each cut short now, 400,000 characters in all); a sexagesimal
number is W117's (warned, by design). A million signals of an event whose reaction is closed
ran out the work budget told at the reaction's line, not at the loop that signals (wrong line);
after the merge, `Machine.signalled_in_loop` names the loop: told 179, valid 52, loud 2, warned 1.
By design and so expected: a NUL in a comment or a text (shown as ␀, never raw), a line indented
by 100,000 spaces, a 100,000-character name or text, 10,000 rules, variables or enum values, a
chain of 50 variants.)
The other hunt files, before (main at 3c6f56d, wall-clock "slow" on a machine at a load of 9)
and after; no file worse:
  cases.py   told 489, valid 86, warned 6, missed 1, wrong line 1 -> the same
  cases4.py  told 228, valid 38, warned 7 -> the same
  cases5.py  told 156, valid 42, warned 15, wrong line 1 -> the same
  cases7.py  told 32, valid 6, warned 3, slow 5 -> told 36, valid 7, warned 3 (wall-clock)
  cases9.py  told 299, valid 26, warned 7 -> the same
  cases10.py told 130, valid 25, warned 4, slow 4, wrong line 3, right line 1 -> told 132, valid 25, warned 4,
             wrong line 3, slow 2, right line 1 (wall-clock)
  cases11.py told 107, valid 6, slow 1 -> the same
  cases12.py told 498, wrong line 10, right line 7, warned 6, missed 3, valid 1 -> the same
  cases13.py told 136, valid 29, warned 9, wrong line 3 -> the same"""
import contextlib
import io
import json
import multiprocessing
import os
import resource
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness  # noqa: E402
from harness import Case, Result  # noqa: E402
import cases7  # noqa: E402

from tabletop.interpreter import cli  # noqa: E402

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
MI, DI, TR = (str(TESTS / "games" / g) for g in ("mini", "dice", "tricks"))
T, S, A, K, H = "taboo_atoll_express", "smores_galore", "abatteroxie", "smackatoa", "smackshapes"
G = "game.rules"
CY = "cards.yaml"
X = "variants/x.rules"
GAMES = 2
SLOW = 10.0            # seconds of the child's processor time (not wall-clock: two cores shared with other work)
CPU = 60               # seconds of processor time before the child is stopped (RLIMIT_CPU): a hang
HANG = 600.0           # seconds, wall-clock, before the child is killed whatever it does
MEMORY = 3 << 30       # bytes of address space a case may use
LOUD = 50_000          # characters of output
MINI = (TESTS / "games" / "mini" / G).read_text(encoding="utf-8")
CARDS = (TESTS / "games" / "mini" / CY).read_text(encoding="utf-8")
# mini with a rule `hook` called at the end of every turn: a played case writes `rule hook:`
HOOKED = MINI.replace("    draw 1 from deck to current.hand\n", "    draw 1 from deck to current.hand\n    hook()\n")
HOOK_LINE = HOOKED.count("\n") + 1          # the first line of text appended to HOOKED
CASES = []


def LN(s: str) -> int:
    """The line of mini's game.rules that holds `s`."""
    return MINI[:MINI.index(s)].count("\n") + 1


HOOKS = {}             # case name -> function(book folder) run after the edits (a FIFO, a device)


def add(group, name, book, edits, words=(), cmd="check", **kw):
    CASES.append(Case(name, book, edits, tuple(words), cmd=cmd, group=group, **kw))


def m(group, name, extra, words=(), **kw):
    """mini with `extra` appended to game.rules (its '^' marks the error), checked."""
    add(group, name, MI, [(G, MINI + extra)], words, **kw)


def mp(group, name, body, words=(), **kw):
    """mini whose turn ends by calling `rule hook:` with `body` (and any declarations after it), played."""
    add(group, name, MI, [(G, HOOKED + "rule hook:\n" + body)], words, cmd="simulate", **kw)


def whole(group, name, text, words=(), book=MI, file=G, **kw):
    """A whole new file (text or bytes), checked."""
    add(group, name, book, [(file, text)], words, **kw)


def cards(group, name, text, words=(), **kw):
    """mini's cards.yaml replaced by `text` (its '^' marks the error), checked."""
    add(group, name, MI, [(CY, text)], words, **kw)


def v(group, name, text, words=(), book=T, extra=(), **kw):
    """A new variant x.rules (its '^' marks the error) and other files `extra`, checked with --variant x."""
    add(group, name, book, [(X, text), *extra], words, args=("--variant", "x"), **kw)


def usage(group, name, book, args, words=(), cmd="simulate"):
    add(group, name, book, [], words, cmd="usage", args=(cmd, *args))


def only(names: str) -> None:
    """Keeps the cases named in the file `names` (one a line), for a rerun of a few."""
    wanted = set(Path(names).read_text(encoding="utf-8").split("\n"))
    CASES[:] = [c for c in CASES if c.name in wanted]


def lines(n, make):
    return "".join(make(i) for i in range(n))


# ================================================================== sizes
n = "sizes"
BIG = MINI + ("# " + "y" * 77 + "\n") * 65000
whole(n, "a 5 MB rulebook (comments after the game)", BIG, ["2,000,000"], at=(G, BIG.encode()[:2_000_000].count(b"\n") + 1))
cards(n, "a 5 MB data file", CARDS + ('  - {name: "Filler", value: 1, suit: red}\n' * 130000), ["2,000,000"], at=(G, LN("kind card from")))
m(n, "a 100,000-character text in a say", 'rule long_say:\n    ^say "' + "z" * 100_000 + '"\n', [], maybe_valid=True)
m(n, "a 100,000-character comment line", "# " + "c" * 100_000 + "\n", [], valid=True, at=None)
m(n, "a 100,000-character name declared", "var " + "n" * 100_000 + ": int = 0\n", [], maybe_valid=True, at=(G, HOOK_LINE - 1))
m(n, "a 100,000-character name misspelt in use", "var " + "n" * 99_999 + "a: int = 0\nrule use_it:\n    ^" + "n" * 99_999 + "b = 1\n", [],
  also=((G, HOOK_LINE - 1),))      # (told at the declaration, naming the use's line: a name used once misspelt)
m(n, "a line of 100,000 characters of 1 + 1 + ...", "define sum_up: int = ^" + " + ".join(["1"] * 25_000) + "\n", ["operators"])
m(n, "a list literal of 30,000 items", "define many: list of int = ^[" + ", ".join(["1"] * 30_000) + "]\n", [], maybe_valid=True)
m(n, "10,000 rules", lines(10_000, lambda i: f"rule r{i}:\n    say \"{i}\"\n"), [], maybe_valid=True, at=(G, HOOK_LINE - 1))
m(n, "10,000 definitions in a chain", "define d0: int = 1\n" + lines(9_999, lambda i: f"define d{i + 1}: int = d{i} + 1\n"), [],
  maybe_valid=True, at=(G, HOOK_LINE - 1))
m(n, "10,000 definitions each calling the next (a chain 10,000 deep)",
  lines(9_999, lambda i: f"define e{i}: int = e{i + 1}\n") + "define e9999: int = 1\nrule use_e:\n    target.points = e0\n", ["e0"],
  maybe_valid=True, at=(G, HOOK_LINE - 1), also=((G, HOOK_LINE + 322),))   # (told where the checker's depth runs out)
m(n, "10,000 variables", lines(10_000, lambda i: f"var v{i}: int = {i}\n"), [], maybe_valid=True, at=(G, HOOK_LINE - 1))
m(n, "an enum of 10,000 values", "enum lots: " + ", ".join(f"l{i}" for i in range(10_000)) + "\n", [], maybe_valid=True,
  at=(G, HOOK_LINE - 1))
m(n, "a table of 100,000 entries", "table big:\n" + lines(100_000, lambda i: f"    {i} -> {i}\n"), ["10,000 lines"],
  at=(G, HOOK_LINE - 1 + 10_000))
m(n, "a table of 100,000 entries keyed by one enum", "table by_suit:\n" + lines(100_000, lambda i: "    red -> 1\n"), ["10,000 lines"],
  at=(G, HOOK_LINE - 1 + 10_000))
m(n, "a table with a range of 10**12 keys", "table wide:\n    ^0 to 999999999999 -> 1\n", [], maybe_valid=True)
cards(n, "a data file of 50,000 records", "cards:\n" + '  - {name: "Ace", value: 1, suit: red}\n' * 50_000, ["5,000"], at=(CY, 28573))
cards(n, "a data file of 40,000 one-line records with counts", "cards:\n" + '  - {name: "A", value: 1, suit: red, count: 1}\n' * 40_000,
      ["5,000"], at=(CY, 22223))
m(n, "a template of 5,000 braces", 'rule braces:\n    ^say "' + "{target}" * 5_000 + '"\n', ["1,000"])
m(n, "a template of 5,000 doubled braces (plain text)", 'rule braces:\n    say "' + "{{}}" * 5_000 + '"\n', [], valid=True, at=None)
m(n, "a template's value in parentheses 500 deep", 'rule braces:\n    ^say "{' + "(" * 500 + "target" + ")" * 500 + '}"\n', ["100"])
m(n, "an expression in parentheses 500 deep", "define deep: int = ^" + "(" * 500 + "1" + ")" * 500 + "\n", ["100"])
m(n, "an expression in parentheses 5,000 deep", "define deep: int = ^" + "(" * 5_000 + "1" + ")" * 5_000 + "\n", ["100"])
m(n, "brackets 5,000 deep", "define deep: list of int = ^" + "[" * 5_000 + "1" + "]" * 5_000 + "\n", ["100"])
m(n, "5,000 parentheses opened and never closed", "define deep: int = ^" + "(" * 5_000 + "1\n", [])
m(n, "`not` 5,000 times", "define deep: bool = ^" + "not " * 5_000 + "true\n", [])
m(n, "a minus 5,000 times", "define deep: int = ^" + "- " * 5_000 + "1\n", [])
m(n, "a field read 5,000 times in a chain", "define deep: int = ^target" + ".points" * 5_000 + "\n", [])
m(n, "if nested 200 deep", "rule nest:\n" + "".join("    " * (i + 1) + ("^" if i == 100 else "") + "if true:\n" for i in range(200))
  + "    " * 201 + "say \"deep\"\n", ["100"])
m(n, "3,000 elifs", "rule chain(k: int):\n    if k == 0:\n        say \"0\"\n" + lines(3_000, lambda i: f"    elif k == {i + 1}:\n        say \"{i + 1}\"\n"),
  [], maybe_valid=True, at=(G, HOOK_LINE - 1))
m(n, "a menu of 3,000 options", "rule menu:\n    choose prompt \"Pick\":\n" + lines(3_000, lambda i: f"        option \"O{i}\":\n            say \"{i}\"\n"),
  [], maybe_valid=True, at=(G, HOOK_LINE - 1))
m(n, "50,000 blank lines, then a mistake", "\n" * 50_000 + "rule late:\n    ^say \"{nobody}\"\n", ["nobody"])
m(n, "a line indented by 100,000 spaces", "rule wide:\n" + " " * 100_000 + "^say \"x\"\n", [], maybe_valid=True)
m(n, "a 1,000,000-character text", 'define huge: text = ^"' + "h" * 1_000_000 + '"\n', [], maybe_valid=True)
m(n, "a kind of 5,000 fields", "kind wide:\n" + lines(5_000, lambda i: f"    f{i}: int\n"), [], maybe_valid=True, at=(G, HOOK_LINE - 1))
m(n, "a rule of 5,000 parameters", "rule many(" + ", ".join(f"a{i}: int" for i in range(5_000)) + "):\n    say \"x\"\n", [],
  maybe_valid=True, at=(G, HOOK_LINE - 1))
m(n, "a call with 5,000 arguments", "rule use:\n    ^first(" + ", ".join(["1"] * 5_000) + ")\n", ["first"])

# ================================================================== numbers
n = "numbers"
m(n, "10**400 written out", "define big: int = ^1" + "0" * 400 + "\n", ["15"])
m(n, "a number of 5,000 digits in a table", "table big2:\n    ^" + "9" * 5_000 + " -> 1\n", ["15"])
m(n, "a number of 5,000 digits as a player count", "", [], at=(G, 4))
CASES[-1].edits = [(G, MINI.replace("players 2 to 3", "players 2 to ^" + "9" * 5_000))]
m(n, "players 1 to 10**15", "", ["16"], at=(G, 4))
CASES[-1].edits = [(G, MINI.replace("players 2 to 3", "players 2 to ^999999999999999"))]
mp(n, "a for over range(1, 10**12)", "    for i in range(1, 999999999999):\n        ^target.points += 1\n", [], also=((G, HOOK_LINE + 1),))
mp(n, "repeat 10**9", "    repeat 999999999 times:\n        ^target.points += 1\n", [], also=((G, HOOK_LINE + 1),))
mp(n, "repeat 10**14 nested twice", "    repeat 99999999999999 times:\n        repeat 99999999999999 times:\n            ^say \"x\"\n", [],
   also=((G, HOOK_LINE + 1), (G, HOOK_LINE + 2)))
mp(n, "repeat a negative number", "    repeat -5 times:\n        say \"never\"\n", [], maybe_valid=True, at=(G, HOOK_LINE + 1))
mp(n, "points multiplied past 10**15", "    repeat 40 times:\n        ^target.points = target.points * 10 + 1\n", ["limit"])
mp(n, "a number grown by doubling in a loop", "    var_x = 1\n    while var_x > 0:\n        ^var_x = var_x * 2\n", [],
   also=((G, HOOK_LINE + 2),))
cards(n, "a deck of 10**7 cards by a count", CARDS.replace('suit: blue, count: 2}', 'suit: blue, ^count: 10000000}'), ["count"])
cards(n, "a count of 10**15 - 1", CARDS.replace('suit: blue, count: 2}', 'suit: blue, ^count: 999999999999999}'), ["count"])
cards(n, "a count of 10**30", CARDS.replace('suit: blue, count: 2}', 'suit: blue, ^count: 1000000000000000000000000000000}'), ["count"])
cards(n, "5,000 records each with count 5,000", "cards:\n" + '  - {name: "A", value: 1, suit: red, count: 5000}\n' * 4_000, [],
      at=(CY, 2))
mp(n, "-0 as a number", "    target.points = -0\n", [], maybe_valid=True, at=None)
m(n, "2 ** 10**6 (no power)", "define huge: int = 2 ^** 1000000\n", [])
cards(n, "1e309 for a number", CARDS.replace('value: 1, suit: red}', '^value: 1e309, suit: red}'), ["value"])
cards(n, "1.0e+309 (YAML 1.1 float, infinite)", CARDS.replace('value: 1, suit: red}', '^value: 1.0e+309, suit: red}'), ["value"])
cards(n, ".nan for a number", CARDS.replace('value: 1, suit: red}', '^value: .nan, suit: red}'), ["value"])
cards(n, ".inf for a number", CARDS.replace('value: 1, suit: red}', '^value: .inf, suit: red}'), ["value"])
cards(n, "-.inf for a count", CARDS.replace('suit: blue, count: 2}', 'suit: blue, ^count: -.inf}'), ["count"])
cards(n, "true for a number", CARDS.replace('value: 1, suit: red}', '^value: true, suit: red}'), ["value"])
cards(n, "false for a count", CARDS.replace('suit: blue, count: 2}', 'suit: blue, ^count: false}'), ["count"])
cards(n, "a hex number past 10**15", CARDS.replace('value: 1, suit: red}', '^value: 0xFFFFFFFFFFFFFFFFFFFF, suit: red}'), ["value"])
cards(n, "a sexagesimal number past 10**15", CARDS.replace('value: 1, suit: red}', '^value: 99999999:59:59:59, suit: red}'), ["value"])
cards(n, "a number of 5,000 digits in data", CARDS.replace('value: 1, suit: red}', '^value: ' + "7" * 5_000 + ', suit: red}'), ["value"])
m(n, "a float in the rules", "define half: int = ^1e9\n", [])
m(n, "a range var of 10**18", "var wide: int in 0 to ^1000000000000000000 = 0\n", ["15"])
mp(n, "draw 10**9 cards", "    ^draw 999999999 from deck to target.hand\n", ["deck"], maybe_valid=True)
mp(n, "a die of 10**9 faces", "    target.points = roll(huge)\ndie huge: 1 to 999999999\n", [], maybe_valid=True, at=(G, HOOK_LINE + 2))
mp(n, "modulo zero", "    target.points = target.points ^% 0\n", [])

# ================================================================== YAML hostility
n = "yaml"
LAUGHS = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join(["*" + chr(97 + i)] * 9) + "]\n" for i in range(8))
cards(n, "billion laughs before the records", LAUGHS + CARDS, ["alias"], at=(CY, 6))
cards(n, "billion laughs inside a record's field", CARDS.replace('value: 1, suit: red}', 'value: 1, suit: red, extra: *i}').replace(
    "cards:\n", LAUGHS + "cards:\n"), ["alias"], at=(CY, 6))
cards(n, "billion laughs by merge keys", "base: &m0 {name: x}\n" + "".join(f"m{i + 1}: &m{i + 1} {{<<: [*m{i}, *m{i}, *m{i}, *m{i}], k{i}: 1}}\n" for i in range(30))
      + CARDS, ["alias"], at=(CY, 9))
cards(n, "lists nested 10,000 deep", "cards:\n  - {name: \"Ace\", value: 1, suit: red, deep: ^" + "[" * 10_000 + "]" * 10_000 + "}\n",
      [], at=(CY, 2))
cards(n, "mappings nested 1,000 deep", "cards:\n" + "".join("  " * (i + 1) + "- k:\n" for i in range(1_000)), ["20"], at=(CY, 11))
cards(n, "!!python/object/apply:os.system", "cards:\n  - ^!!python/object/apply:os.system [\"echo pwned\"]\n", [], at=(CY, 2))
cards(n, "!!python/name:os.system as a value", CARDS.replace('value: 1, suit: red}', 'value: ^!!python/name:os.system , suit: red}'), [],
      at=(CY, 2))
cards(n, "a custom tag", CARDS.replace('value: 1, suit: red}', 'value: ^!dice 1, suit: red}'), [], at=(CY, 2))
cards(n, "!!binary for a name", CARDS.replace('{name: "Ace",', '{name: ^!!binary "QUNF",'), ["name"], at=(CY, 2))
cards(n, "!!set for a record", "cards:\n  - ^!!set {a, b}\n", [], at=(CY, 2))
cards(n, "a key twice in a record", CARDS.replace('value: 1, suit: red}', 'value: 1, suit: red, ^value: 2}'), ["value"])
cards(n, "the top key twice", CARDS + "^cards:\n  - {name: \"Extra\", value: 9, suit: red}\n", ["cards"])
cards(n, "a megabyte anchor named by 1,000 records", "cards:\n  - {name: &big \"" + "B" * 1_000_000 + "\", value: 1, suit: red}\n"
      + "  - {name: *big, value: 1, suit: red}\n" * 1_000, [], maybe_valid=True, at=(CY, 2))
cards(n, "a NUL byte in a name", CARDS.replace('{name: "Ace",', '{name: ^"A\\0ce",'), [], maybe_valid=True)
add(n, "a raw NUL byte in a data file", MI, [(CY, CARDS.replace('"Two"', '"T\x00wo"').encode())], ["NUL"], at=(CY, 3))
add(n, "the data file in UTF-16", MI, [(CY, CARDS.encode("utf-16"))], ["UTF"], at=(CY, 1))
add(n, "the data file in UTF-32", MI, [(CY, CARDS.encode("utf-32"))], ["UTF"], at=(CY, 1))
add(n, "the data file is a folder", MI, [(CY, None), (CY + "/inside.yaml", b"cards: []\n")], [CY], at=(G, LN("kind card from")))
add(n, "a symbolic-link loop as the data file", MI, [(CY, None), ("loop_a.yaml", "->loop_b.yaml"), ("loop_b.yaml", "->loop_a.yaml"),
                                                  (CY, "->loop_a.yaml")], [CY], at=(G, LN("kind card from")))
add(n, "a data file linking to itself", MI, [(CY, "->cards.yaml")], [CY], at=(G, LN("kind card from")))
add(n, "a data file linking to /dev/zero", MI, [(CY, "->/dev/zero")], [CY], at=(G, LN("kind card from")))
add(n, "a data file that is a FIFO", MI, [(CY, None)], [CY], at=(G, LN("kind card from")))
HOOKS["a data file that is a FIFO"] = lambda book: os.mkfifo(book / CY)
add(n, "a data file whose name is a FIFO and a link to it", MI, [(CY, None), (CY, "->pipe")], [CY], at=(G, LN("kind card from")))
HOOKS["a data file whose name is a FIFO and a link to it"] = lambda book: os.mkfifo(book / "pipe")
m(n, "a kind from /dev/zero", 'kind zero from ^"/dev/zero":\n    name: text\n', [])
m(n, "a kind from /proc/self/mem", 'kind mem from ^"/proc/self/mem":\n    name: text\n', [])
m(n, "a kind from ../../../../etc/passwd", 'kind pw from ^"../../../../../../../../etc/passwd":\n    name: text\n', [])
m(n, "a kind from a name 10,000 characters long", 'kind longname from ^"' + "f" * 10_000 + '.yaml":\n    name: text\n', [])
m(n, "a kind from a name with a NUL escape", 'kind nul from ^"cards\\0.yaml":\n    name: text\n', [])
m(n, "a kind from an empty name", 'kind empty from ^"":\n    name: text\n', [])
m(n, "a kind from the folder itself", 'kind here from ^".":\n    name: text\n', [])
cards(n, "a tab before a record", CARDS.replace('  - {name: "Two"', '\t- ^{name: "Two"'), [], at=(CY, 3))
cards(n, "a complex key", CARDS.replace('value: 1, suit: red}', '^? [a, b]: 1, value: 1, suit: red}'), [], at=(CY, 2))
cards(n, "the whole file one scalar of a megabyte", "^" + "s" * 1_000_000 + "\n", ["cards"], at=(CY, 1))
cards(n, "a record's line of 500,000 characters", CARDS.replace('{name: "Ace",', '{name: "' + "A" * 500_000 + '",'), [], maybe_valid=True,
      at=(CY, 2))
cards(n, "a NUL escape in a key", CARDS.replace('value: 1, suit: red}', '^"val\\0ue": 1, suit: red}'), ["value"])
cards(n, "10,000 documents", "cards: []\n" + "---\ncards: []\n" * 10_000, ["---"], at=(CY, 2))
cards(n, "an anchor on the top mapping used inside itself", "^&top cards:\n  - *top\n", [], at=(CY, 1))
cards(n, "a recursive alias (a list holding itself)", "cards: &me\n  - *me\n", ["recursive"], at=(CY, 1))

# ================================================================== text hostility
n = "text"
add(n, "a NUL byte in a comment", MI, [(G, MINI.replace("# Used by", "# Used\x00 by").encode())], [], at=(G, 2), maybe_valid=True)
add(n, "a NUL byte in a name", MI, [(G, MINI.replace("var target: player", "var tar\x00get: player").encode())], [], at=(G, LN('var target: player')))
add(n, "a NUL byte in a text", MI, [(G, MINI.replace('say "target is', 'say "tar\x00get is').encode())], [], at=(G, LN('say "target is')), maybe_valid=True)
add(n, "an invalid UTF-8 byte in a line", MI, [(G, MINI.encode().replace(b"        add c to deck", b"        add c to deck \xff"))], ["UTF-8"],
    at=(G, LN("        add c to deck")))
add(n, "a lone surrogate (CESU bytes) in a text", MI, [(G, MINI.encode().replace(b'say "target is', b'say "\xed\xa0\x80 is'))], ["UTF-8"], at=(G, LN('say "target is')))
add(n, "a truncated UTF-8 sequence at the end", MI, [(G, MINI.encode() + b"# \xe2\x82")], ["UTF-8"], at=(G, MINI.count("\n") + 1))
add(n, "the rules in UTF-16", MI, [(G, MINI.encode("utf-16"))], ["UTF"], at=(G, 1))
add(n, "the rules in UTF-16 without a BOM", MI, [(G, MINI.encode("utf-16-le"))], ["UTF"], at=(G, 1))
whole(n, "a right-to-left mark inside a name's use", MINI.replace("target = next_player(current)", "tar\u200fget = ^next_player(current)"), [],
      at=(G, LN('    target = next_player(current)')))
CASES[-1].edits = [(G, MINI.replace("    target = next_player(current)", "    ^tar\u200fget = next_player(current)"))]
CASES[-1].words = ("target",)
whole(n, "a zero-width joiner inside a name", MINI.replace("    signal attacked(target)\n    say", "    signal attacked(^tar\u200dget)\n    say"),
      ["target"])
whole(n, "a zero-width space inside a keyword", MINI.replace("    shuffle deck", "    ^shuf\u200bfle deck"), ["shuffle"])
whole(n, "a right-to-left override in a text", MINI.replace('say "target is {target}"', 'say "\u202etarget is {target}"'), [], valid=True)
whole(n, "a homoglyph (Cyrillic a) in a name's use", MINI.replace("    signal attacked(target)\n    say", "    signal attacked(^t\u0430rget)\n    say"),
      ["target"])
whole(n, "two names that look alike (Latin and Cyrillic)", MINI.replace("var target: player = none", "var target: player = none\n^var t\u0430rget: player = none"),
      [], maybe_valid=True)
whole(n, "a Greek omicron in a keyword", MINI.replace("    shuffle deck", "    shuffle deck\n    ^if n\u03bft true:\n        say \"x\""), [])
whole(n, "a fullwidth colon ending a block line", MINI.replace("setup:", "^setup\uff1a"), [":"])
whole(n, "non-breaking spaces as indentation", MINI.replace("    shuffle deck", "\u00a0\u00a0\u00a0\u00a0^shuffle deck"), [])
whole(n, "a line separator (U+2028) in a text", MINI.replace('say "target is', 'say "target\u2028is'), [], maybe_valid=True, at=(G, LN('say "target is')))
whole(n, "a form feed in indentation", MINI.replace("    shuffle deck", "  \f  ^shuffle deck"), [], maybe_valid=True)
whole(n, "a vertical tab in a line", MINI.replace("    shuffle deck", "    shuffle\v^deck"), [], maybe_valid=True)
whole(n, "a BOM in the middle of the file", MINI.replace("setup:\n", "\ufeff^setup:\n"), [], maybe_valid=True)
m(n, "a name 10,000 characters long, used", "var " + "q" * 10_000 + ": int = 0\nrule use_q:\n    " + "q" * 10_000 + " += 1\n", [],
  maybe_valid=True, at=(G, HOOK_LINE - 1))
m(n, "an undefined name 10,000 characters long", "rule use_q:\n    ^" + "q" * 10_000 + " += 1\n", [])
m(n, "a field 10,000 characters long read", "rule use_q:\n    target.points = ^target." + "p" * 10_000 + "\n", ["no 'ppp"])
for word in ("class", "__import__", "exec", "eval", "lambda", "None", "True", "self", "env", "_k3", "__builtins__", "print", "open",
             "async", "yield"):
    mp(n, f"a variable named {word}", f"    {word} = {word} + 1\n    target.points = {word}\nvar {word}: int = 0\n", [], maybe_valid=True,
       at=(G, HOOK_LINE + 3))
mp(n, "a parameter named __class__", "    bump(1)\nrule bump(__class__: int):\n    target.points += __class__\n", [], maybe_valid=True,
   at=(G, HOOK_LINE + 2))
mp(n, "a definition named exec with a parameter named eval", "    target.points = exec(2)\ndefine exec(eval: int): int = eval * 2\n", [],
   maybe_valid=True, at=(G, HOOK_LINE + 2))
mp(n, "an enum value named __init__", "    say \"{mood_now}\"\nenum mood: __init__, __del__\nvar mood_now: mood = __del__\n", [],
   maybe_valid=True, at=(G, HOOK_LINE + 2))
add(n, "a field named __dict__ in the data", MI, [(G, MINI.replace("    value: int\n", "    value: int\n    __dict__: int\n")),
                                                 (CY, CARDS.replace("value: 1, suit: red}", "value: 1, __dict__: 5, suit: red}")
                                                  .replace("value: 2,", "value: 2, __dict__: 1,").replace("value: 3,", "value: 3, __dict__: 1,")
                                                  .replace("value: 0,", "value: 0, __dict__: 1,"))], [], maybe_valid=True, at=(G, 10),
    cmd="simulate")
mp(n, "a text that closes the generated quotes", "    say \"\\\"); import os; os.system('echo pwned'); (\\\"\"\n", [], maybe_valid=True,
   at=(G, HOOK_LINE + 1))
mp(n, "a text of triple quotes and a backslash", "    say \"''' \\\"\\\"\\\" \\\\\"\n", [], maybe_valid=True, at=(G, HOOK_LINE + 1))
mp(n, "a template whose value part holds quotes", "    say \"{\\\"x\\\" + \\\"y\\\"}\"\n", [], maybe_valid=True, at=(G, HOOK_LINE + 1))
mp(n, "a label that is Python code", "    choose prompt \"__import__('os').system('x')\":\n        option \"{{__import__}}\":\n            pass\n", [],
   maybe_valid=True, at=(G, HOOK_LINE + 1))
mp(n, "a game name with quotes and braces", "    pass\n", [], maybe_valid=True, at=(G, 3))
CASES[-1].edits = [(G, HOOKED.replace('game "Mini"', 'game "Mini \\" }} {{ \\\\ \'\'\'"') + "rule hook:\n    pass\n")]

# ================================================================== runaway play
n = "runaway"
mp(n, "two rules calling each other forever", "    ping()\nrule ping:\n    ^pong()\nrule pong:\n    ping()\n", ["ping"],
   also=((G, HOOK_LINE + 4), (G, HOOK_LINE + 1)))
mp(n, "a definition calling itself forever", "    target.points = forever(1)\ndefine forever(k: int): int = ^forever(k + 1)\n", ["forever"],
   also=((G, HOOK_LINE + 1),))
mp(n, "a definition recursing 100,000 deep before its base", "    target.points = down(100000)\ndefine down(k: int): int = ^if k == 0 then 0 else down(k - 1)\n",
   [], maybe_valid=True, also=((G, HOOK_LINE + 1),))
mp(n, "two definitions recursing into each other 50,000 deep",
   "    target.points = even(50000)\ndefine even(k: int): int = ^if k == 0 then 1 else odd(k - 1)\ndefine odd(k: int): int = if k == 0 then 0 else even(k - 1)\n",
   [], maybe_valid=True, also=((G, HOOK_LINE + 1), (G, HOOK_LINE + 3)))
mp(n, "a rule recursing 100,000 deep before its base", "    down(100000)\nrule down(k: int):\n    if k > 0:\n        ^down(k - 1)\n", [],
   maybe_valid=True, also=((G, HOOK_LINE + 1),))
mp(n, "a reaction storm (a reaction that signals its own event twice)", "    pass\n", [], maybe_valid=True, at=(G, 37))
CASES[-1].edits = [(G, HOOKED.replace("    target = next_player(r)\n    signal attacked(target)",
                                      "    add first([c for c in table if c.name == \"Shield\"]) to r.hand\n    signal attacked(r)\n    signal attacked(r)")
                    + "rule hook:\n    pass\n")]
mp(n, "a list that doubles", "    xs = [1]\n    while true:\n        ^xs = xs + xs\nvar xs: list of int = []\n", [], also=((G, HOOK_LINE + 2),))
mp(n, "a text that doubles", "    s = \"ab\"\n    while true:\n        ^s = s + s\nvar s: text = \"\"\n", [], also=((G, HOOK_LINE + 2),))
mp(n, "a while that grows a list each turn", "    grow = grow + [turn_number]\n    while count(grow) < 1000000000:\n        ^grow = grow + [1]\nvar grow: list of int = []\n",
   [], also=((G, HOOK_LINE + 2),))
mp(n, "a while true that says forever", "    while true:\n        ^say \"again\"\n", [], also=((G, HOOK_LINE + 1),))
mp(n, "a while true that does nothing", "    while true:\n        ^pass\n", [], also=((G, HOOK_LINE + 1),))
mp(n, "repeat of repeat of repeat", "    repeat 1000 times:\n        repeat 1000 times:\n            repeat 1000 times:\n                ^target.points += 1\n", [],
   also=((G, HOOK_LINE + 1), (G, HOOK_LINE + 2), (G, HOOK_LINE + 3)))
mp(n, "a game that never ends", "    pass\n", ["end"], at=(G, 3))
CASES[-1].edits = [(G, HOOKED.replace('    if count(deck) == 0 or turn_number >= 4:\n        end game "done"\n', "")
                    .replace("    draw 1 from deck to current.hand\n", "") + "rule hook:\n    pass\n")]
mp(n, "a choice of 100,000 options", "    choose k from ^range(1, 100000) labelled \"Take {k}\":\n        target.points = k\n", [], maybe_valid=True)
mp(n, "a choice of 10,000,000 options", "    choose k from ^range(1, 10000000) labelled \"Take {k}\":\n        target.points = k\n", ["100000"])
mp(n, "a menu option for each of 100,000 numbers", "    choose prompt \"Pick\":\n        option \"Take {k}\" for k in ^range(1, 100000):\n            target.points = k\n",
   [], maybe_valid=True)
mp(n, "labels of a megabyte", "    choose c from target.hand labelled \"^{label_of(c)}\":\n        pass\ndefine label_of(c: card): text = join([c.name for k in range(1, 100000)], \"-\")\n",
   [], maybe_valid=True)
add(n, "a card name of 900,000 characters as a label", MI, [(CY, CARDS.replace('"Ace"', '"' + "A" * 900_000 + '"'))], [], cmd="simulate",
    maybe_valid=True, at=(CY, 2), also=((G, LN('labelled "Play {c.name}"')),))
mp(n, "a say of a 100,000-item list", "    say \"{range(1, 100000)}\"\n", [], maybe_valid=True, at=(G, HOOK_LINE + 1))
mp(n, "sorting 100,000 numbers every turn", "    target.points = first(sort(range(1, 100000)))\n", [], maybe_valid=True, at=(G, HOOK_LINE + 1))
mp(n, "an event signalled a million times", "    ^repeat 1000000 times:\n        signal attacked(target)\n", [], maybe_valid=True,
   also=((G, HOOK_LINE + 2),))

# ================================================================== variants
n = "variants"
v(n, "a variant extending itself as ./x.rules", 'extends ^"./x.rules"\n', ["itself"])
v(n, "a variant extending itself through the folder", 'extends ^"../variants/x.rules"\n', ["itself"])
v(n, "two variants extending each other", 'extends ^"y.rules"\n', ["x.rules"], also=(("variants/y.rules", 1),), extra=[("variants/y.rules", 'extends "x.rules"\n')])
v(n, "three variants in a ring", 'extends ^"y.rules"\n', [], also=(("variants/z.rules", 1),), extra=[("variants/y.rules", 'extends "z.rules"\n'),
                                                                  ("variants/z.rules", 'extends "x.rules"\n')])
v(n, "a chain of 50 variants", 'extends "v49.rules"\ndefine chained: int = 1\n', [], maybe_valid=True, at=(X, 1),
  extra=[("variants/v0.rules", 'extends "../game.rules"\n')] + [(f"variants/v{i}.rules", f'extends "v{i - 1}.rules"\n') for i in range(1, 50)])
v(n, "a chain of 500 variants", 'extends "v499.rules"\ndefine chained: int = 1\n', ["64"], at=(X, 1), also=(("variants/v437.rules", 1),),
  extra=[("variants/v0.rules", 'extends "../game.rules"\n')] + [(f"variants/v{i}.rules", f'extends "v{i - 1}.rules"\n') for i in range(1, 500)])
v(n, "a chain of 500 variants with a mistake at its root", 'extends "v499.rules"\n', ["64"], at=(X, 1), also=(("variants/v437.rules", 1),),
  extra=[("variants/v0.rules", 'extends "../game.rules"\nreplace define skul: int = 1\n')]
  + [(f"variants/v{i}.rules", f'extends "v{i - 1}.rules"\n') for i in range(1, 500)])
v(n, "extends ../../etc/passwd", 'extends ^"../../etc/passwd"\n', [])
v(n, "extends an absolute /etc/passwd", 'extends ^"/etc/passwd"\n', [])
v(n, "extends far above the root", 'extends ^"' + "../" * 60 + 'etc/passwd"\n', [])
v(n, "extends /dev/zero", 'extends ^"/dev/zero"\n', [])
v(n, "extends the root folder", 'extends ^"/"\n', [])
v(n, "extends a name with a NUL escape", 'extends ^"../game\\0.rules"\n', [])
v(n, "extends a name 10,000 characters long", 'extends ^"' + "g" * 10_000 + '.rules"\n', [])
v(n, "extends a FIFO", 'extends ^"pipe.rules"\n', [])
HOOKS["extends a FIFO"] = lambda book: os.mkfifo(book / "variants" / "pipe.rules")
v(n, "includes itself", 'extends "../game.rules"\n^include "x.rules"\n', ["this very file"])
v(n, "two files including each other", 'extends "../game.rules"\n^include "y.rules"\n', ["loop"], also=(("variants/y.rules", 1),), extra=[("variants/y.rules", 'include "x.rules"\n')])
v(n, "include of /etc/passwd", 'extends "../game.rules"\ninclude ^"/etc/passwd"\n', [])
add(n, "--variant ../../../etc/passwd", T, [], ["variant"], cmd="usage", args=("check", "--variant", "../../../../../etc/passwd"))
add(n, "--variant of 10,000 characters", T, [], ["variant"], cmd="usage", args=("check", "--variant", "v" * 10_000))
add(n, "--variant naming a FIFO", T, [], ["variant"], cmd="usage", args=("check", "--variant", "pipe"))
HOOKS["--variant naming a FIFO"] = lambda book: os.mkfifo(book / "variants" / "pipe.rules")
add(n, "game.rules is a folder", MI, [(G, None), (G + "/inside.rules", b"")], [], cmd="usage", args=("check",))
add(n, "game.rules is a FIFO", MI, [(G, None)], [], cmd="usage", args=("check",))
HOOKS["game.rules is a FIFO"] = lambda book: os.mkfifo(book / G)
add(n, "game.rules links to itself", MI, [(G, "->game.rules")], [], cmd="usage", args=("check",))
add(n, "a variant file that is a folder", T, [("variants/x.rules/inside", b"")], ["x"], cmd="usage", args=("check", "--variant", "x"))

# ================================================================== options, players and scenarios
n = "options and players"
usage(n, "--players 10**30", DI, ("--players", "1" + "0" * 30), ["2 to 4"])
usage(n, "--players -3", DI, ("--players", "-3"), ["1 or more"])
usage(n, "--players 0", DI, ("--players", "0"), ["1 or more"])
usage(n, "--players of 10,000 digits", DI, ("--players", "9" * 10_000), ["players"])
usage(n, "--players three", DI, ("--players", "three"), ["players"])
usage(n, "--option without =", DI, ("--option", "length"), ["length"])
usage(n, "--option with an empty name", DI, ("--option", "=short"), ["KEY=VALUE"])
usage(n, "--option with an empty value", DI, ("--option", "length="), ["KEY=VALUE"])
usage(n, "--option of 100,000 characters", DI, ("--option", "length=" + "l" * 100_000), ["short"])
usage(n, "--option given twice, differently", DI, ("--option", "length=short", "--option", "length=long"), ["length"])
usage(n, "--seed 2**64", DI, ("--seed", str(2 ** 64)), ["seed"])
usage(n, "--seed 1e9", DI, ("--seed", "1e9"), ["seed"])
usage(n, "-n 10**12", DI, ("-n", str(10 ** 12)), ["100,000,000"])
usage(n, "-n -1", DI, ("-n", "-1"), ["-n"])
usage(n, "--workers 100000 for 2 games", DI, ("-n", "2", "--workers", "100000"), ["workers"])
CASES[-1].maybe_valid = True          # (as many workers as games at most: it plays)
usage(n, "--workers -1", DI, ("-n", "2", "--workers", "-1"), ["workers"])
usage(n, "--seat 1000000=random", DI, ("-n", "1", "--seat", "1000000=random"), ["seat"])
usage(n, "--seat 1=random:skill=1e999", DI, ("-n", "1", "--seat", "1=random:skill=1e999"), ["skill"])
SC = "scenarios/dice.yaml"
SCEN = (Path(DI) / SC).read_text(encoding="utf-8")
for name, old, new, words in [
        ("a scenario of 10**20 players", "    players: 2\n    force setup: [3, 5, 5]", "    players: ^100000000000000000000\n    force setup: [3, 5, 5]",
         ["players"]),
        ("a scenario of 0 players", "    players: 2\n    force setup: [3, 5, 5]", "    players: ^0\n    force setup: [3, 5, 5]", ["players"]),
        ("a scenario of 9 players", "    players: 2\n    force setup: [3, 5, 5]", "    players: ^9\n    force setup: [3, 5, 5]", ["2 to 4"]),
        ("a scenario of players: .inf", "    players: 2\n    force setup: [3, 5, 5]", "    players: ^.inf\n    force setup: [3, 5, 5]",
         ["players"]),
        ("a scenario of players: true", "    players: 2\n    force setup: [3, 5, 5]", "    players: ^true\n    force setup: [3, 5, 5]",
         ["players"]),
        ("a scenario's forced roll of 10**20", "force setup: [3, 5, 5]", "force setup: [^100000000000000000000, 5, 5]", []),
        ("a scenario's forced roll of -1", "force setup: [3, 5, 5]", "force setup: [^-1, 5, 5]", []),
        ("a scenario's seed of 10**30", "    players: 2\n    force setup: [3, 5, 5]",
         "    players: 2\n    ^seed: 1000000000000000000000000000000\n    force setup: [3, 5, 5]", ["seed"]),
        ("a scenario's option of a choice not offered", "    players: 2\n    force setup: [3, 5, 5]",
         "    players: 2\n    ^options: {length: forever}\n    force setup: [3, 5, 5]", ["short"]),
        ("a scenario's option the game lacks", "    players: 2\n    force setup: [3, 5, 5]",
         "    players: 2\n    ^options: {size: long}\n    force setup: [3, 5, 5]", ["length"]),
        ("a scenario of billion laughs", "cases:\n", LAUGHS.replace("f: &f", "^f: &f") + "cases:\n", ["alias"]),
        ("a scenario that is 3 MB", "cases:\n", "cases:\n^" + "#" * 3_000_000 + "\n", ["2,000,000"]),
        ("a scenario's move label of a megabyte", "      - move: Keep the 5", "      - move: ^" + "K" * 1_000_000, []),
        ("a scenario's expectation of a 10,000-deep list", "          rolled: [3, 5, 5]", "          rolled: ^" + "[" * 10_000 + "]" * 10_000, []),
        ("a scenario with !!python/object", "    players: 2\n    force setup: [3, 5, 5]",
         "    players: ^!!python/object/apply:os.system [\"echo pwned\"]\n    force setup: [3, 5, 5]", []),
]:
    add(n, name, DI, [(SC, old, new)], words, cmd="test")
add(n, "a scenario file that is a FIFO", DI, [(SC, None)], [], cmd="test", at=None)
HOOKS["a scenario file that is a FIFO"] = lambda book: os.mkfifo(book / SC)


# ================================================================== running
def usage_run(case: Case) -> Result:
    """A command line (case.args: the command, then its arguments, the book's folder last): told
    when it exits 1 or 2 with the words and no traceback."""
    with harness.tempfile.TemporaryDirectory() as tmp:
        book, _ = harness.make(case, Path(tmp))
        out, errs = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errs):
            try:
                rc = cli.main([*case.args, str(book)] + (["-n", "1"] if case.args[0] == "simulate" and "-n" not in case.args else []))
            except BaseException as e:  # noqa: BLE001 - a crash is what the hunt looks for
                rc, errs = -1, io.StringIO(f"{type(e).__name__}: {e}")
        text = (out.getvalue() + errs.getvalue()).replace(tmp + "/book/", "")
    r = Result(case, rc, text, None, {"message": text.strip()[:600]})
    r.verdict = "valid" if rc == 0 and case.maybe_valid else \
        "crash" if rc not in (1, 2) or "Traceback" in text or "internal error" in text else \
        "told" if all(w.lower() in text.lower() for w in case.words) else "right line"
    return r


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def _child(case: Case, conn) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU, CPU + 5))
    hook = HOOKS.get(case.name)
    if hook:
        made = harness.make
        def make(case, root, marks=None):
            book, where = made(case, root, marks)
            hook(book)
            return book, where
        harness.make = cases7.make = make
    cases7.SLOW = float("inf")     # judged here, by processor time
    started = _cpu()
    r = cases7.play(case, GAMES) if case.cmd == "simulate" else usage_run(case) if case.cmd == "usage" else harness.run(case)
    conn.send({"verdict": r.verdict, "rc": r.rc, "first": r.first, "out": r.out[:3000], "size": len(r.out),
               "seconds": _cpu() - started, "where": r.where})


def run(case: Case) -> Result:
    """One case in a child process, capped in memory and time."""
    ctx = multiprocessing.get_context("fork")
    mine, theirs = ctx.Pipe(duplex=False)
    child = ctx.Process(target=_child, args=(case, theirs))
    started = time.perf_counter()
    child.start()
    theirs.close()
    got = mine.poll(HANG)
    try:
        said = mine.recv() if got else None
    except EOFError:          # the child died before it said anything
        said = None
    seconds = time.perf_counter() - started
    if child.is_alive():
        child.kill()
    child.join()
    if said is None:
        r = Result(case, -1, f"{'hang' if not got else 'died'} after {seconds:.1f} s (exit {child.exitcode})", None)
        r.verdict = "hang" if seconds >= HANG or child.exitcode == -signal.SIGXCPU else "died"
        return r
    r = Result(case, said["rc"], said["out"], said["where"], said["first"])
    r.verdict = said["verdict"]
    if r.verdict not in ("crash",) and said["seconds"] > SLOW:
        r.verdict = "slow"
        r.out = f"({said['seconds']:.1f} s) " + r.out
    elif r.verdict not in ("crash",) and said["size"] > LOUD:
        r.verdict = "loud"
        r.out = f"({said['size']} characters) " + r.out
    if r.first:
        r.first = dict(r.first, message=str(r.first.get("message", ""))[:600], hint=str(r.first.get("hint", ""))[:300])
    return r


def main(show: str = "") -> None:
    harness.main(CASES, show, run)


if __name__ == "__main__":
    if os.environ.get("HUNT_NAMES"):
        only(os.environ["HUNT_NAMES"])
    main(sys.argv[1] if len(sys.argv) > 1 else "")
