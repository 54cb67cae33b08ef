"""Quick copies of fused statements (fusion.py): a stretch of statements, or a loop, whose count
of statements has a most is tested once against the step budget's room and then run without a
test per statement. The game must be the one the checked copy plays: the same statements run,
the same step at which the budget is spent, the same line and words, the same statements counted
in a runaway's message. Each test compares the quick copies with every statement checked
(`fusion.QUICK_COPIES` off), which is how fused code ran before."""
import pytest

from inline import write
from tabletop.interpreter import fusion, machine
from tabletop.interpreter.api import load_game
from tabletop.interpreter.errors import RuleError

# A `for` loop whose body has a most (a rule run in place, `bump`, counted in it), then a `while`
# loop whose body is one tested stretch ending with a call: the step budget runs out in the
# `while`, or, set low, anywhere in the `for`; the work budget runs out at the list's line.
RULES = '''
    game "Guards"
    players 1
    var n: int = 0
    var xs: list of int = []
    define score(p: player): int = n
    rule bump(k: int):
        n = n + k
        if n > 1000000:
            n = 0
    turn:
        choose prompt "Go":
            option "Count":
                n = 0
            option "End":
                end game
        for i in range(1, 40):
            n = n + 1
            if i > 20:
                n = n + 2
                bump(1)
            else:
                n = n + 3
        while player_count > 0:
            n = n + 1
            bump(2)
            if n > 5:
                n = n + 1
                xs = xs + [n]
    winners: players
'''


def played(folder, quick: bool, monkeypatch):
    """The error the first answer meets and the game's variables after it, quick copies on or off."""
    monkeypatch.setattr(fusion, "QUICK_COPIES", quick)
    s = load_game(str(folder)).new_state(seed=1)
    with pytest.raises(RuleError) as e:
        s.apply(0)
    return type(e.value).__name__, e.value.span.line, str(e.value), s.to_json()["globals"]


def sources(folder) -> str:
    g = load_game(str(folder))
    return "\n".join(fn.source for fn in _generated(g))


def _generated(g):
    import gc
    return [o for o in gc.get_objects() if callable(o) and hasattr(o, "source") and hasattr(o, "__code__")
            and o.__code__.co_filename.startswith("<rule line ")]


def test_a_loop_with_a_most_is_tested_once(tmp_path, monkeypatch):
    """The `for` loop's body counts at most 7 statements a round (`bump` 3 of them): one test for
    the whole loop, and a quick stretch in the `while`, ending with the call."""
    folder = write(tmp_path, RULES)
    text = sources(folder)
    assert "if _n + len(_xs) * 7 <= _room:" in text
    assert "if _n + 8 <= _room:" in text


@pytest.mark.parametrize("budget", [*range(3, 140), 500, 999])
def test_the_step_budget_is_spent_at_the_same_statement(tmp_path, monkeypatch, budget):
    """Whatever the budget, it runs out at the statement, with the words and the game, that
    checking every statement gives (a budget below the loop's most runs the checked copy; one
    within a round of a tested stretch, its checked copy)."""
    monkeypatch.setattr(machine, "STEP_BUDGET", budget)
    monkeypatch.setattr(fusion, "STEP_BUDGET", budget)
    folder = write(tmp_path, RULES)
    quick, checked = played(folder, True, monkeypatch), played(folder, False, monkeypatch)
    assert quick == checked
    assert quick[0] == "BudgetExceeded" and f"ran {budget} steps" in quick[2]


def test_a_runaway_in_a_quick_stretch_counts_the_statements_run(tmp_path, monkeypatch):
    """The work budget runs out at `xs = xs + [n]`, where the quick copy has counted statements it
    has not yet added to `_n`: the loop's message counts them all, as the checked copy does."""
    folder = write(tmp_path, RULES)
    quick, checked = played(folder, True, monkeypatch), played(folder, False, monkeypatch)
    assert quick == checked
    assert "kept repeating" in quick[2] and "statements run; the work ran out at line 28" in quick[2]


FOR_RULES = '''
    game "Heap"
    players 1
    var n: int = 0
    var xs: list of int = []
    define score(p: player): int = n
    turn:
        choose prompt "Go":
            option "Heap":
                n = 0
            option "End":
                end game
        for i in range(1, 100000):
            n = n + 1
            if i > 3:
                xs = xs + [i]
                n = n + 2
    winners: players
'''


def test_a_runaway_in_a_quick_loop_counts_the_statements_run(tmp_path, monkeypatch):
    """The same inside a `for` loop tested once: the list's line is the third statement of a round."""
    folder = write(tmp_path, FOR_RULES)
    assert "if _n + len(_xs) * 4 <= _room:" in sources(folder)
    quick, checked = played(folder, True, monkeypatch), played(folder, False, monkeypatch)
    assert quick == checked
    assert "kept repeating" in quick[2] and "statements run; the work ran out at line 15" in quick[2]
