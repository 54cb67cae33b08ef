"""Which part of a definition failed while it was played: the error names the line and column of
that part, found from where the generated code failed (`errors.part_that_failed`), even when
the same text stands for two parts of the definition (the same read written twice)."""
import pytest

from inline import write
from tabletop.interpreter.api import RuleError, load_game

HEAD = """
game "Parts"
players 1
var hand: list of int = []
define score(p: player): int = 0
"""

TAIL = """
turn:
    say "DEFINED"
    end game "done"
"""


def failed_at(tmp_path, rules: str, call: str):
    """The error of playing `rules` (a definition) with `say "{call}"`, and the rulebook's lines."""
    folder = write(tmp_path, HEAD + rules + TAIL.replace("DEFINED", call))
    with pytest.raises(RuleError) as e:
        load_game(str(folder)).new_state(seed=1)
    assert "cannot be worked out" in str(e.value) and "item 0 of a list of 0 items, 'hand'" in str(e.value), str(e.value)
    return e.value, (folder / "game.rules").read_text().split("\n")


def place(lines: list, text: str, nth: int = 1) -> tuple[int, int]:
    """(line, column), both from 1, of the nth `text` in the rulebook."""
    seen = 0
    for number, line in enumerate(lines, 1):
        start = line.find(text)
        while start >= 0:
            seen += 1
            if seen == nth:
                return number, start + 1
            start = line.find(text, start + 1)
    raise AssertionError(f"{text!r} is not there {nth} times")


def test_the_same_read_on_two_lines_of_a_definition_names_the_one_that_failed(tmp_path):
    # `hand[0]` is on lines 2 and 4 of the definition; the one on line 2 is never reached.
    e, lines = failed_at(tmp_path, """
define points(i: int): int = \\
    if i == 0 then hand[0] \\
    else if i == 1 then 5 \\
    else hand[0] + 1
""", "{points(2)}")
    assert (e.span.line, e.span.column) == place(lines, "hand[0]", 2), str(e)


def test_a_read_in_the_value_is_not_taken_for_the_same_read_in_a_where_line(tmp_path):
    # The `where` line reads `hand[0]` only when there is one; the value reads it always.
    e, lines = failed_at(tmp_path, """
define points: int = hand[0] + a
    where a = if count(hand) > 0 then hand[0] else 0
""", "{points}")
    assert (e.span.line, e.span.column) == place(lines, "hand[0]", 1), str(e)


def test_a_where_line_over_two_lines_names_the_line_that_failed(tmp_path):
    e, lines = failed_at(tmp_path, """
define points: int = a
    where a = if count(hand) > 0 then hand[0] else \\
        hand[0] + 1
""", "{points}")
    assert (e.span.line, e.span.column) == place(lines, "hand[0]", 2), str(e)


def test_a_comprehension_inside_a_comprehension_names_the_part_that_failed(tmp_path):
    # The inner list's `hand[0]` is written first but never read; the outer condition's fails.
    e, lines = failed_at(tmp_path, """
define lists: list of list of int = \\
    [[if count(hand) > 0 then hand[0] else 0 for z in xs] \\
    for xs in [[1]] if hand[0] > 0]
""", "{count(lists)}")
    assert (e.span.line, e.span.column) == place(lines, "hand[0]", 2), str(e)


def test_the_same_read_twice_on_one_line_names_the_second_when_only_it_fails(tmp_path):
    e, lines = failed_at(tmp_path, """
define points(i: int): int = \\
    if i == 0 then 1 \\
    else (if count(hand) > 0 then hand[0] else 0) + hand[0]
""", "{points(2)}")
    assert (e.span.line, e.span.column) == place(lines, "hand[0]", 2), str(e)


def test_a_part_on_the_first_line_is_named_by_its_column(tmp_path):
    e, lines = failed_at(tmp_path, """
define points: int = (if count(hand) > 0 then hand[0] else 0) + hand[0]
""", "{points}")
    assert (e.span.line, e.span.column) == place(lines, "hand[0]", 2), str(e)
