"""`combinations(L, k)`: every list of k items of L, in L's order, each once ("choose 2 cards from
your hand"); its type, and the k and sizes it refuses, each in a sentence."""
import itertools
from types import SimpleNamespace

import pytest

from inline import diagnostics, game
from tabletop.dsl.builtins import MAX_ITEMS
from tabletop.interpreter.api import RuleError
from tabletop.interpreter.budgets import MAX_WEIGHT
from tabletop.interpreter.functions import FUNCTIONS

# `n` and `k` are variables, so the checker cannot tell a wrong k before play.
RULES = '''
    game "Hands"
    players 1
    enum suit: hearts, spades, clubs, stars
    var n: int = 5
    var k: int = 2
    define hands: list of list of suit = combinations([hearts, spades, clubs, stars], 2)
    define made: list of list of int = combinations(range(1, n), k)
    define score(p: player): int = count(made)
    turn:
        say "{count(hands)} hands: {hands}"
        say "{count(made)} of range(1, {n}) by {k}"
        end game "done"
'''


def played(tmp_path, n, k):
    rules = RULES.replace("var n: int = 5", f"var n: int = {n}").replace("var k: int = 2", f"var k: int = {k}")
    return game(tmp_path, rules).new_state(seed=1)


def test_every_k_items_in_the_list_s_order_each_once(tmp_path):
    s = played(tmp_path, 5, 3)
    assert s.log[0] == ("6 hands: hearts, spades, hearts, clubs, hearts, stars, spades, clubs, spades, stars, "
                        "clubs, stars")
    assert s.scores() == [10]                 # C(5, 3)
    for n, k in ((4, 0), (3, 3), (3, 4), (6, 1)):
        assert FUNCTIONS["combinations"](SimpleNamespace(work=10**6), list(range(n)), k) == \
            [list(c) for c in itertools.combinations(range(n), k)], (n, k)


def test_its_type_is_a_list_of_lists_of_the_items_type(tmp_path):
    found = diagnostics(tmp_path, RULES.replace("define hands: list of list of suit", "define hands: list of suit"))
    [d] = [d for d in found if d.code[0] == "E"]
    assert (d.code, d.span.line) == ("E301", 6)
    assert d.message == "'hands' is declared as a list of suits but its value is a list of lists of suits.", d.message


@pytest.mark.parametrize("k, words", [
    ("-1", "combinations() takes 0 items or more at a time, not -1."),
    ('"two"', "'combinations' wants an int as its second value, not a text."),
])
def test_a_k_written_out_that_is_no_whole_number_of_0_or_more_is_refused_at_check(tmp_path, k, words):
    found = diagnostics(tmp_path, RULES.replace("range(1, n), k)", f"range(1, n), {k})"))
    [d] = [d for d in found if d.code[0] == "E"]
    assert (d.code, d.span.line, d.message) == ("E301", 7, words)


def test_a_k_below_0_in_play_is_a_rule_error_at_its_line(tmp_path):
    with pytest.raises(RuleError) as e:
        played(tmp_path, 5, -2)
    assert "combinations() takes 0 items or more at a time, not -2." in str(e.value)
    assert "line 7" in str(e.value) or ":7:" in str(e.value), str(e.value)


def test_a_k_that_is_no_whole_number_is_refused_in_a_sentence():
    with pytest.raises(RuleError) as e:
        FUNCTIONS["combinations"](None, [1, 2], None)
    assert str(e.value) == "combinations() takes a whole number of items at a time, not None."


@pytest.mark.parametrize("n, k, words", [
    # C(1000, 3) is 166 million: counted, never made
    (1000, 3, f"combinations() of 1,000 items, 3 at a time, would make more than {MAX_ITEMS:,} lists"),
    # a few lists, each nearly the whole list: 9,999,700,002 items
    (99999, 99998, "combinations() of 99,999 items, 99,998 at a time, would make 99,999 lists of 99,998 "
                   "(9,999,700,002 items in all)"),
    # C(100000, 50000) has 30,000 digits: never worked out
    (100000, 50000, f"would make more than {MAX_ITEMS:,} lists; the limit is {MAX_ITEMS:,} lists and "
                    f"{MAX_WEIGHT:,} items in all."),
])
def test_a_huge_result_is_refused_with_a_sentence(tmp_path, n, k, words):
    with pytest.raises(RuleError) as e:
        played(tmp_path, n, k)
    assert words in str(e.value), str(e.value)


def test_a_result_within_the_limits_is_charged_to_the_budget(tmp_path):
    assert played(tmp_path, 30, 3).scores() == [4060]
    m = SimpleNamespace(work=10**6)
    FUNCTIONS["combinations"](m, list(range(30)), 3)
    assert m.work == 10**6 - 4 * 4060          # each of the 4,060 lists of 3, as product() charges a pair
