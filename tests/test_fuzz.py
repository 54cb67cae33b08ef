"""Hypothesis: generated and mutated rulebooks never raise anything but a diagnostic.

Three sources of rulebooks:
- the Taboo Atoll Express rules text, mutated (lines deleted, duplicated, swapped, re-indented,
  truncated; random tokens and characters inserted);
- token soup: lines of the language's words and symbols at random indentation;
- small well-formed rulebooks built from random typed statements and expressions, most of
  which pass the checker, so that they are also compiled and played for a few seeded moves.

Loading and checking must raise nothing but `RulebookError`; compiling and playing a
rulebook that checks must raise nothing but `RuleError` (or `IllegalMove`, never here).
The quick suite tries 25 rulebooks of the first and third kinds (each is compiled and played)
and 60 of token soup; the soak run (`--soak`) 400 of the first and third.
"""
import random
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

from tabletop.dsl.checker import check
from tabletop.dsl.diagnostics import RulebookError, render_all
from tabletop.dsl.loader import load_program
from tabletop.dsl.parser import MAX_BLOCKS
from tabletop.dsl.parser import parse
from tabletop.interpreter.api import Game
from tabletop.interpreter.compiler import compile_program
from tabletop.interpreter.errors import RuleError

ROOT = Path(__file__).resolve().parent.parent
TABOO = ROOT / "rulebooks" / "taboo_atoll_express"
TABOO_LINES = (TABOO / "game.rules").read_text().splitlines(keepends=True)

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAY_FUZZ = settings(FUZZ, max_examples=25)         # rulebooks compiled and played: a quick slice
SOAK_FUZZ = settings(FUZZ, max_examples=400)       # the soak run's (pytest --soak -m soak)

WORDS = ["game", "players", "option", "enum", "kind", "from", "grid", "at", "die", "var", "in", "to", "define",
         "rule", "setup", "turn", "round", "winners", "display", "show", "board", "choose", "option", "labelled",
         "prompt", "by", "may", "if", "elif", "else", "then", "for", "repeat", "times", "while", "stop", "pass",
         "return", "end", "say", "add", "remove", "move", "draw", "shuffle", "and", "or", "not", "true", "false",
         "none", "list", "of", "int", "bool", "text", "player", "space", "treasure", "pawn", "water_level",
         "roll", "count", "first", "neighbours", "s", "t", "x", "flood", "sunk", "dry", "score", "players",
         "current", "signal", "event", "reaction", "secretly", "each", "chooses", "table", "pattern", "zone"]
SYMBOLS = [":", ",", "(", ")", "[", "]", "{", "}", "=", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%",
           "+=", "-=", "=>", "->", ".", '"', '"text"', '"{s.name}"', '"{"', "0", "1", "14", "-3", "#", "\\",
           "'", "@", "$", "ü", "\t"]
TOKENS = WORDS + SYMBOLS


# ----------------------------------------------------------------------------- running
class Folder:
    """One temporary copy of the Taboo folder, reused by every example (hypothesis and
    function-scoped fixtures do not mix)."""

    def __init__(self):
        self.root = Path(tempfile.mkdtemp(prefix="tabletop-fuzz-"))
        self.taboo = self.root / "taboo"
        shutil.copytree(TABOO, self.taboo)
        self.single = self.root / "gen.rules"

    def write_taboo(self, text):
        (self.taboo / "game.rules").write_text(text, encoding="utf-8")
        return self.taboo

    def write_single(self, text):
        self.single.write_text(text, encoding="utf-8")
        return self.single


@pytest.fixture(scope="module")
def folder():
    f = Folder()
    yield f
    shutil.rmtree(f.root, ignore_errors=True)


def load_and_check(path):
    """Load and check; returns the checked program or None when it has diagnostics."""
    try:
        checked = check(load_program(str(path)))
    except RulebookError as e:
        assert e.diagnostics, "a RulebookError without diagnostics"
        text = render_all(e.diagnostics, getattr(e, "sources", None))
        assert "__ANON" not in text and "Traceback" not in text
        return None
    return checked


def play(checked, path, seed, moves=25):
    """Compile and play a few seeded random moves; only RuleError may come out."""
    values = {n: (s.decl.default or s.decl.choices[0]) for n, s in checked.symbols.items() if s.kind == "option"}
    try:
        compiled = compile_program(checked, values)
        g = Game(compiled, str(path), None, values)
        s = g.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if s.is_over:
                break
            options = s.options()
            assert options and len(set(options)) == len(options)
            s.apply(rng.randrange(len(options)))
        s.view(0)
        s.render(0)
        if s.is_over:
            s.result
    except (RuleError, RulebookError):
        pass


# ----------------------------------------------------------------------------- mutated Taboo rules
@st.composite
def mutated_taboo(draw):
    lines = list(TABOO_LINES)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "token", "char", "truncate", "indent", "dedent",
                                   "replace_word"]))
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, line)
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "token":
            at = draw(st.integers(0, len(line)))
            lines[i] = line[:at] + " " + draw(st.sampled_from(TOKENS)) + " " + line[at:]
        elif op == "char":
            at = draw(st.integers(0, len(line)))
            lines[i] = line[:at] + draw(st.characters(codec="utf-8", exclude_categories=["Cs"])) + line[at:]
        elif op == "truncate":
            cut = draw(st.integers(0, sum(map(len, lines))))
            text = "".join(lines)[:cut]
            lines = text.splitlines(keepends=True) or [""]
        elif op == "indent":
            lines[i] = "    " + line
        elif op == "dedent":
            lines[i] = line[4:] if line.startswith("    ") else line.lstrip()
        elif op == "replace_word":
            words = line.split(" ")
            k = draw(st.integers(0, len(words) - 1))
            words[k] = draw(st.sampled_from(TOKENS))
            lines[i] = " ".join(words)
        if not lines:
            lines = [""]
    return "".join(lines)


@PLAY_FUZZ
@given(text=mutated_taboo(), seed=st.integers(0, 2**32))
def test_mutated_taboo_rules_give_diagnostics_or_play(folder, text, seed):
    check_and_play(folder.write_taboo(text), seed)


@pytest.mark.soak
@SOAK_FUZZ
@given(text=mutated_taboo(), seed=st.integers(0, 2**32))
def test_many_mutated_taboo_rules_give_diagnostics_or_play(folder, text, seed):
    check_and_play(folder.write_taboo(text), seed)


def check_and_play(path, seed):
    """A rulebook that checks is played a few seeded moves; one that does not gives diagnostics."""
    checked = load_and_check(path)
    if checked is not None:
        play(checked, path, seed)


# ----------------------------------------------------------------------------- token soup
@st.composite
def token_soup(draw):
    lines = []
    for _ in range(draw(st.integers(0, 12))):
        indent = "    " * draw(st.integers(0, 3))
        words = draw(st.lists(st.sampled_from(TOKENS), min_size=0, max_size=8))
        lines.append(indent + " ".join(words))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n"]))


@FUZZ
@given(text=token_soup())
def test_token_soup_gives_diagnostics(folder, text):
    path = folder.write_single(text)
    checked = load_and_check(path)
    if checked is not None:
        play(checked, path, 0)


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("game turn:\n ()[]{}\"'#=+-*/%,.<>01abcxyz_\t\\\r")), max_size=200))
def test_parse_of_any_text_gives_diagnostics(text):
    module, errors = parse(text, "any.rules")
    for e in errors:
        assert e.code.startswith("E1") and e.span.file == "any.rules"


# ----------------------------------------------------------------------------- generated rulebooks
ints = st.recursive(
    st.integers(-3, 9).map(str) | st.sampled_from(["total", "count(xs)", "sum(xs)", "roll(d6)", "first(xs)",
                                                    "turn_number", "capped", "max(xs)", "min(total, 3)"]),
    lambda e: st.tuples(e, st.sampled_from(["+", "-", "*", "/", "%"]), e).map(lambda x: f"({x[0]} {x[1]} {x[2]})")
    | st.tuples(e, e).map(lambda x: f"xs[{x[0]} % 3]")
    | st.tuples(st.booleans().map(str).map(str.lower), e, e).map(lambda x: f"(if {x[0]} then {x[1]} else {x[2]})"),
    max_leaves=5)
bools = st.recursive(
    st.sampled_from(["true", "false", "flag"]) | st.tuples(ints, st.sampled_from(["==", "!=", "<", ">=", "in"]), ints)
    .map(lambda x: f"{x[0]} {x[1]} {x[2]}" if x[1] != "in" else f"{x[0]} in xs"),
    lambda b: st.tuples(b, st.sampled_from(["and", "or"]), b).map(lambda x: f"({x[0]} {x[1]} {x[2]})")
    | b.map(lambda x: f"not {x}"),
    max_leaves=4)
lists = st.sampled_from(["xs", "[]", "[1, 2]", "range(1, 3)", "[x * 2 for x in xs]", "[x for x in xs if x > 1]",
                         "unique(xs)", "reverse(xs)", "take(xs, 2)", "rest(xs)"])


def block(stmts, depth):
    return st.lists(stmts(depth + 1), min_size=1, max_size=3).map(
        lambda ss: "\n".join("    " + line for s in ss for line in s.splitlines()))


def statements(depth=0):
    simple = st.one_of(
        ints.map(lambda e: f"total = {e}"),
        ints.map(lambda e: f"total += {e}"),
        ints.map(lambda e: f"capped = {e}"),
        bools.map(lambda e: f"flag = {e}"),
        ints.map(lambda e: f"add {e} to xs"),
        ints.map(lambda e: f"remove {e} from xs"),
        lists.map(lambda e: f"xs = {e}"),
        ints.map(lambda e: f"bump({e})"),
        ints.map(lambda e: f'say "now {{{e}}}"'),
        lists.map(lambda e: f'choose c from {e} labelled "Take {{c}}"\ntotal += c'),
        st.just('end game "done"'),
        st.just("stop"),
        st.just("pass"),
    )
    if depth >= 2:
        return simple
    return st.one_of(
        simple, simple,
        st.tuples(bools, block(statements, depth)).map(lambda x: f"if {x[0]}:\n{x[1]}"),
        st.tuples(bools, block(statements, depth), block(statements, depth))
        .map(lambda x: f"if {x[0]}:\n{x[1]}\nelse:\n{x[2]}"),
        st.tuples(lists, block(statements, depth)).map(lambda x: f"for n in {x[0]}:\n{x[1]}"),
        st.tuples(st.integers(0, 4), block(statements, depth)).map(lambda x: f"repeat {x[0]} times:\n{x[1]}"),
        st.tuples(block(statements, depth), block(statements, depth), bools)
        .map(lambda x: f'choose prompt "Act":\n    option "A":\n{_indent(x[0])}\n'
                       f'    option "B" if {x[2]}:\n{_indent(x[1])}\n    option "Pass":\n        pass'),
    )


def _indent(text):
    return "\n".join("    " + line for line in text.splitlines())


@st.composite
def generated_rulebook(draw):
    rule_body = draw(block(statements, 0))
    turn_body = draw(block(statements, 0))
    score = draw(st.sampled_from(["total", "capped", "count(xs)", "total + capped"]))
    return (
        'game "Generated"\nplayers 1\n'
        "var total: int = 0\nvar capped: int in 0 to 5 = 0\nvar flag: bool = false\n"
        "var xs: list of int = [1, 2, 3]\n"
        "die d6: 1 to 6\n"
        f"define score(p: player): int = {score}\n"
        f"rule bump(k: int):\n{rule_body}\n"
        f"turn:\n{turn_body}\n    if turn_number > 3:\n        end game \"late\"\n"
    )


@PLAY_FUZZ
@given(text=generated_rulebook(), seed=st.integers(0, 2**32))
def test_generated_rulebooks_check_and_play_cleanly(folder, text, seed):
    check_and_play(folder.write_single(text), seed)


@pytest.mark.soak
@SOAK_FUZZ
@given(text=generated_rulebook(), seed=st.integers(0, 2**32))
def test_many_generated_rulebooks_check_and_play_cleanly(folder, text, seed):
    check_and_play(folder.write_single(text), seed)


def test_the_generator_makes_rulebooks_that_check(folder):
    """Generated rulebooks with loops and choices pass the checker, so the play part is exercised.
    The first such rulebook will do: it is not shrunk (shrinking took a minute when hypothesis had
    no example saved, as in a fresh clone)."""
    def checks(text):
        try:
            check(load_program(str(folder.write_single(text))))
            return "choose c from" in text and "repeat" in text and "if " in text
        except RulebookError:
            return False
    find(generated_rulebook(), checks,
         settings=settings(max_examples=300, deadline=None, phases=[Phase.generate], database=None, derandomize=True))


# ----------------------------------------------------------------------------- deep nesting
@pytest.mark.parametrize("expression", ["(" * 400 + "1" + ")" * 400, "1" + " + 1" * 800], ids=["parens", "sum"])
def test_deeply_nested_expressions_give_a_diagnostic(tmp_path, expression):
    path = tmp_path / "deep.rules"
    path.write_text('game "Deep"\nplayers 1\nvar x: int = 0\ndefine score(p: player): int = x\n'
                    f"turn:\n    x = {expression}\n    end game \"done\"\n")
    with pytest.raises(RulebookError) as e:
        check(load_program(str(path)))
    assert [d.code for d in e.value.diagnostics] == ["E105"]
    assert e.value.diagnostics[0].span.line == 6         # the line that nests too deeply


def test_deeply_nested_if_blocks_give_a_diagnostic_not_an_internal_error(tmp_path):
    """250 `if` blocks, one inside the other (issue 10): E105 at the first block nested too deeply."""
    lines = ['game "Deep"', "players 1", "var x: int = 0", "define score(p: player): int = x", "turn:"]
    lines += ["    " * (depth + 1) + "if x == 0:" for depth in range(250)]
    lines.append("    " * 251 + 'end game "done"')
    path = tmp_path / "deep.rules"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RulebookError) as e:
        check(load_program(str(path)))
    assert [(d.code, d.span.line) for d in e.value.diagnostics] == [("E105", 5 + MAX_BLOCKS + 1)]
