"""A label not offered is not told as a misspelling of one with another number (round 16 of blind cases, S'mores Galore).

A blind case took "Take column 4 from the top" a second time in a row, which the Arrow rule
forbids. The failure said "Did you mean 'Take column 3 from the top'?", reading a right label as
a slip of spelling and pointing at another option, and its `got:` list stopped at 12 of the 13
options, so the one telling line ("Take column 4 from the bottom" offered, "from the top" not)
was cut. A number is never a slip of spelling (`near_miss` already holds that for `not offered`):
a label that is an option's words with another number now says so, for a `move` (and the
terminal, which names options the same way) and an `offered` check, and both list every label
offered whole in `got:`, as an `options:` check does.

A blind case also wrote `box: {lacks: [hidden]}` outside `seen by` (meaning "nobody sees the
box"), and was told only that 'hidden' is not a recipe. A `hidden` outside `seen by` now says that
it is how a seat's view shows a card, and to write the check inside `seen by`.

And a blind case set `deck: [Marshmallow]` to make a deck of one card, then checked its count:
the failure said only that the deck held 48. The deck is the file's rest zone for ingredients, and
a `set` of the rest zone lists its first cards (docs/scenarios.md); a zone checked with more than
expected, that the case set and that is its rest zone, now says so and how to make it hold only
what is listed (`rest: {ingredient: none}`).
"""
from pathlib import Path

import pytest

from tabletop.interpreter import scenarios, words as W
from tabletop.interpreter.api import load_game
from tabletop.interpreter.errors import IllegalMove

ROOT = Path(__file__).resolve().parent.parent

SAME_PLACE = """rest: {ingredient: deck, recipe: box}
cases:
  - name: the arrow moved to the place it is at
    steps:
      - moves: [Take column 4 from the top, Add the 1st card, End your turn]
      - %s
"""


def failure_of(tmp_path, step):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / 'smores_galore'}\n" + SAME_PLACE % step)
    report = scenarios.run_files([path])
    [f] = report.failures
    return f


def test_a_move_with_a_number_not_offered_names_the_other_numbers_not_a_misspelling(tmp_path):
    f = failure_of(tmp_path, "move: Take column 4 from the top")
    assert f.code == "T020" and f.line == 7, f
    assert "Did you mean" not in f.message, f.message
    assert ("'Take column 4 from the top' is not an option now. The options 'Take column 1 from the top', "
            "'Take column 2 from the top', 'Take column 3 from the top' have the same words with another "
            "number: another number is another option, not a misspelling, so the rules do not offer this "
            "one here.") in f.message, f.message
    # every label whole: the thirteenth shows that the same column from the other end is offered
    assert "(13 in all)" not in f.got and f.got.endswith("Take column 4 from the bottom]"), f.got


def test_an_offered_check_with_a_number_not_offered_says_the_same(tmp_path):
    f = failure_of(tmp_path, "expect: {offered: [Take column 4 from the top]}")
    assert f.code == "T030", f
    assert f.hint.startswith("the options 'Take column 1 from the top'"), f.hint
    assert "did you mean" not in f.hint
    assert f.got.endswith("Take column 4 from the bottom]"), f.got


def test_a_misspelt_word_is_still_answered_with_did_you_mean():
    state = load_game("smores_galore").new_state(players=2, seed=0)
    with pytest.raises(IllegalMove) as e:
        state.apply_label("Take colum 4 from the top")
    assert "Did you mean 'Take column 4 from the top'?" in e.value.reason, e.value.reason


def test_one_option_with_another_number_is_named_in_the_singular():
    state = load_game("smores_galore").new_state(players=2, seed=0)
    state.apply_label("Take column 2 from the top")
    first = state.options()[0]          # "Add the 1st card (...) to your lineup"
    third = first.replace("1st", "3rd")   # the cards are placed in the order taken
    with pytest.raises(IllegalMove) as e:
        state.apply_label(third)
    assert e.value.reason == (f"'{third}' is not an option now. The option '{first}' has the same words with "
                              "another number: another number is another option, not a misspelling, so the "
                              "rules do not offer this one here."), e.value.reason


@pytest.mark.parametrize("a, b, apart", [
    ("Take column 3 from the top", "Take column 4 from the top", True),
    ("Add the 1st card (Chocolate) to your lineup", "Add the 2nd card (Chocolate) to your lineup", True),
    ("Score Hot Mess (3) from advanced pile 1", "Score Hot Mess (3) from advanced pile 2", True),
    ("Take column 4 from the top", "Take column 4 from the bottom", False),     # a word, not a number
    ("Take column 4 from the top", "Take column 4 from the top", False),        # the same label
    ("Take column 4", "Take column 4 from the top", False),
    ("Add the 1st card (Chocolate)", "Add the 2nd card (Marshmallow)", False),
])
def test_numbers_apart(a, b, apart):
    assert W.numbers_apart(a, b) is apart and W.numbers_apart(b, a) is apart


HIDDEN_OUTSIDE = """rest: {ingredient: deck, recipe: box}
cases:
  - name: hidden written outside seen by
    steps:
      - expect:
          box: {lacks: [hidden]}
          deck: [hidden, hidden]
          seen by Player 2: {deck: {count: 52, lacks: [Chocolate]}, campfire: []}
"""


def test_hidden_outside_seen_by_is_told_to_go_inside_it(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / 'smores_galore'}\n" + HIDDEN_OUTSIDE)
    failures = scenarios.run_files([path]).failures
    assert [(f.code, f.line) for f in failures] == [("T030", 7), ("T030", 8)], failures
    for f in failures:
        assert "'hidden' is not a" in f.message, f.message
        assert f.hint.startswith("'hidden' is how a seat's view shows a card it may not see"), f.hint
        assert "write the check inside 'seen by'" in f.hint


def test_a_misspelt_card_outside_seen_by_gets_no_hidden_hint(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / 'smores_galore'}\n" + HIDDEN_OUTSIDE.replace(
        "box: {lacks: [hidden]}\n          deck: [hidden, hidden]", "deck: {lacks: [Chocolat]}"))
    [f] = scenarios.run_files([path]).failures
    assert "Chocolat" in f.message and "seen by" not in f.hint, (f.message, f.hint)


REST_SET = """rest: {ingredient: deck, recipe: box}
cases:
  - name: a deck of one card meant
    set: {deck: [Marshmallow], campfire: [Chocolate]}
    steps:
      - expect: {deck: {count: 1}}
  - name: the same, checked card by card
    set: {deck: [Marshmallow]}
    steps:
      - expect: {deck: [Marshmallow]}
  - name: a zone that is not the rest zone
    set: {campfire: [Chocolate, Chocolate]}
    steps:
      - expect: {campfire: {count: 1}}
  - name: the rest zone made another, the deck is one card
    rest: {ingredient: none}
    set: {deck: [Marshmallow]}
    steps:
      - expect: {deck: [Marshmallow]}
"""


def test_a_rest_zone_set_and_checked_for_fewer_cards_says_the_set_listed_its_first_cards(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / 'smores_galore'}\n" + REST_SET)
    report = scenarios.run_files([path])
    by_case = {c.name: c.failures for c in report.cases}
    [one], [listed] = by_case["a deck of one card meant"], by_case["the same, checked card by card"]
    for f in (one, listed):
        assert f.code == "T030" and f.hint == (
            "'deck' is this case's rest zone for ingredient: a 'set' of it (1 listed) names what comes first in "
            "it, and every other ingredient not placed elsewhere stays after them; to make it hold only what is "
            "listed, give the case another rest zone, 'rest: {ingredient: none}'"), f.hint
    [other] = by_case["a zone that is not the rest zone"]
    assert "rest zone" not in other.hint and other.hint.startswith("the list is"), other.hint
    assert by_case["the rest zone made another, the deck is one card"] == []
