"""Texts inside a template's braces (`"{join(names, ", ")} win"`, as in Python 3.12's f-strings):
they check and run, the formatter keeps them byte for byte, and each way of getting their quotes
or braces wrong is one error at its column (docs/language.md, "Texts inside braces")."""
import re

import pytest

from cpu import cpu_seconds
from inline import diagnostics, game
from tabletop.dsl import texts
from tabletop.dsl.formatter import format_text
from tabletop.dsl.parser import GRAMMAR_PATH, parse

RULES = '''
game "Quotes"
players 2
define names: list of text = ["Ann", "Bo"]
define won: bool = true
turn:
    say "{join(names, ", ")} win"
    say "{if won then "yes" else "no"}"
    say "{join(["{n} ({n})" for n in names], "; ")}!"
    end game "{if not won then "lost" else "over"}"
winners: players
'''


def test_texts_inside_braces_check_and_say_the_right_text(tmp_path):
    s = game(tmp_path, RULES).new_state(players=2, seed=1)
    assert s.log == ["Ann, Bo win", "yes", "Ann (Ann); Bo (Bo)!", "The game is over: over"]


def _line(rules: str, said: str) -> str:
    return rules.replace('    say "{if won then "yes" else "no"}"', "    " + said)


@pytest.mark.parametrize("said, code, at, words", [
    # a brace never closed inside a text: at the '{'
    ('say "{join(names, ", ")"', "E102", '{join', "'{' with no closing '}'"),
    # a quote never closed inside braces (or a partner dropped): at the quote left alone
    ('say "{join(names, ")} win"', "E108", '")} win', "missing a quote"),
    ('say "{if won then "yes" else no"}"', "E108", '"}"', "missing a quote"),
    # the text itself never closed, though its braces hold a text: at its opening quote
    ('say "{join(names, ", ")} win', "E108", '"{join', "never closed"),
    # an escaped quote inside braces: at its backslash
    ('say "{if won then \\"yes\\" else \\"no\\"}"', "E103", '\\"yes', "plain quotes"),
    # texts nested two levels deep: at the innermost quote
    ('say "{join(["{join(names, ", ")}" for n in names], "")}"', "E103", '", ")}" for', "nested too deep"),
])
def test_each_mistake_with_quotes_inside_braces_is_one_error_at_its_column(tmp_path, said, code, at, words):
    found = [d for d in diagnostics(tmp_path, _line(RULES, said)) if d.severity == "error"]
    assert [d.code for d in found] == [code], [(d.code, d.message) for d in found]
    assert (found[0].span.line, found[0].span.column) == (7, 5 + said.index(at)), found[0].span
    assert words in found[0].message, found[0].message


def test_the_formatter_keeps_texts_inside_braces_byte_for_byte_and_round_trips():
    messy = RULES.replace("    say ", "    say    ").replace("define won: bool = true", "define  won :bool=true")
    out = format_text(messy)
    assert out == RULES.lstrip("\n"), out
    assert format_text(out) == out
    assert parse(out, "x.rules")[0] == parse(RULES, "x.rules")[0]


def test_the_grammar_reads_a_text_by_the_one_pattern_every_scan_uses():
    grammar = GRAMMAR_PATH.read_text()
    assert re.search(r"^STRING: /(.*)/$", grammar, re.M).group(1) == texts.TEXT_PATTERN


def test_a_line_of_braces_and_quotes_that_is_no_text_is_refused_in_linear_time():
    """Read with backtracking, each `{x "a" }` could be a part or a brace and words: 2**n ways."""
    line = '"' + '{x "a" } ' * 3000            # never closed
    started = cpu_seconds()
    assert texts.TEXT.match(line) is None
    assert cpu_seconds() - started < 2      # a few milliseconds; backtracking, 2**3000 ways: never


def test_brackets_inside_a_text_inside_braces_count_for_the_nesting_limit(tmp_path):
    deep = "(" * 120 + "1" + ")" * 120
    found = diagnostics(tmp_path, _line(RULES, f'say "{{join(names, ", ") + {deep}}}"'))
    assert "E105" in [d.code for d in found], [(d.code, d.message) for d in found]
