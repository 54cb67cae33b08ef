"""Load-time limits (issue 13) seen from the inside: what the quick scan before lark refuses and
what it must leave alone, long files parsed in batches with the right lines, numbers and dice
with limits, YAML aliases that stay small still allowed. The hostile inputs themselves, with
their budgets, are tests/hostile/corpus.py."""
import pytest

from inline import diagnostics, game
from tabletop.dsl.parser import BATCH, MAX_BRACKETS, parse

HEAD = 'game "Limits"\nplayers 1\nvar x: int = 0\ndefine score(p: player): int = x\n'
TURN = 'turn:\n    end game "done"\n'


def codes(text: str) -> list:
    return [(d.code, d.span.line) for d in parse(text, "t.rules")[1]]


def test_brackets_in_comments_and_plain_words_of_texts_are_not_nesting():
    deep = "(" * (MAX_BRACKETS + 5)
    text = HEAD + f"# a comment {deep}\ndefine words: text = \"{deep}\"\n" + TURN
    assert codes(text) == []


def test_brackets_over_several_lines_count_as_one_line():
    opening = "".join("(" + "\n" for _ in range(MAX_BRACKETS + 1))
    text = HEAD + "define deep: int = " + opening + "1" + ")" * (MAX_BRACKETS + 1) + "\n" + TURN
    assert [c for c, _ in codes(text)] == ["E105"]


def test_a_deep_declaration_is_reported_and_the_others_still_checked():
    text = HEAD + "define deep: int = " + "(" * 200 + "1" + ")" * 200 + "\ndefine broken: int = \n" + TURN
    assert codes(text) == [("E105", 5), ("E101", 6)]


def test_a_long_file_is_parsed_in_batches_with_every_line_in_place():
    lines = [f"define d{i}: int = {i}" for i in range(3 * BATCH)]
    lines[BATCH + 7] = "define broken: int ="
    lines[2 * BATCH + 1] = "define also broken int = 1"
    module, errors = parse(HEAD + TURN + "\n".join(lines) + "\n", "t.rules")
    first = 4 + 2 + 1                     # the line of lines[0]
    assert [(d.code, d.span.line) for d in errors] == [("E101", first + BATCH + 7), ("E101", first + 2 * BATCH + 1)]
    names = [d.name for d in module.decls if getattr(d, "name", "").startswith("d")]
    assert len(names) == 3 * BATCH - 2 and names[-1] == f"d{3 * BATCH - 1}"
    assert module.decls[-1].span.line == first + 3 * BATCH - 1


@pytest.mark.parametrize("text, code", [
    (HEAD + "var big: int = 1234567890123456\n" + TURN, "E106"),
    (HEAD + "die huge: 1 to 1001\n" + TURN, "E206"),
])
def test_numbers_and_dice_have_limits(tmp_path, text, code):
    assert [d.code for d in diagnostics(tmp_path, text)] == [code]


def test_fifteen_digits_and_a_thousand_faces_are_fine(tmp_path):
    game(tmp_path, HEAD + "var big: int = 999999999999999\ndie d: 1 to 1000\n" + TURN)


def test_yaml_aliases_that_stay_small_are_allowed(tmp_path):
    data = "colour: &red red\ncards:\n  - {name: Ace, shade: *red}\n  - {name: King, shade: *red}\n"
    rules = HEAD + 'kind card from "cards.yaml":\n    name: text\n    shade: text\n' + TURN
    found = diagnostics(tmp_path, rules, **{"cards.yaml": data})
    assert "E026" not in [d.code for d in found]
