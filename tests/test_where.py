"""`where NAME = VALUE` lines under a definition: a value named part-way, worked out once, in
order, before the definition's value (docs/language.md, "Definitions"). Each test writes a small
rulebook inline; the mistakes an author can make with them are in test_author_mistakes.py."""
import pytest

from inline import game
from tabletop.dsl.formatter import format_text
from tabletop.interpreter import codegen
from tabletop.interpreter.api import RuleError


def glob(s, name):
    return s.data["globals"][s.game.compiled.global_names.index(name)]


NAMED = """
    game "Where"
    players 1
    die d6: 1 to 6
    var n: int = 3
    var seen: list of int = []
    define doubled(k: int): int = k * 2
    define f(k: int): int = a + b
        where a = doubled(k)
        where b = a + n
    define nearest(xs: list of int): list of int = [x for x in xs if x == low]
        where low = min(xs)
    define pair: list of int = [r, r]
        where r = roll(d6)
    turn:
        seen = [f(1), f(2)] + nearest([4, 2, 7, 2]) + pair
        end game
    define score(p: player): int = 0
"""


@pytest.mark.parametrize("closures", [False, True])
def test_where_lines_name_values_the_definition_uses_each_worked_out_once(tmp_path, closures):
    """Each line may use the parameters and the names above it; a value drawn at random is drawn
    once, so both uses of it are the same number (generated code and closures alike)."""
    if closures:
        with codegen.closures_only():
            g = game(tmp_path, NAMED)
    else:
        g = game(tmp_path, NAMED)
    for seed in range(6):
        seen = glob(g.new_state(seed=seed), "seen")
        assert seen[:4] == [2 + 5, 4 + 7, 2, 2]
        assert seen[4] == seen[5] and 1 <= seen[4] <= 6


WORKED_OUT_FIRST = """
    game "Where"
    players 1
    var seen: list of int = []
    define top_or_zero(xs: list of int): int = if xs == [] then 0 else top
        where top = first(xs) + 1
    define guarded(xs: list of int): int = if xs == [] then 0 else top
        where top = if xs == [] then 0 else first(xs) + 1
    turn:
        seen = [guarded([]), guarded([4]), top_or_zero([4]), top_or_zero([])]
        end game
    define score(p: player): int = 0
"""


@pytest.mark.parametrize("closures", [False, True])
def test_a_where_value_is_worked_out_before_the_value_even_where_it_is_not_needed(tmp_path, closures):
    """The rule: every `where` value is worked out, before the definition's value, whether or not
    the branch taken uses it; its error names the `where` line and the definition."""
    if closures:
        with codegen.closures_only():
            g = game(tmp_path, WORKED_OUT_FIRST)
    else:
        g = game(tmp_path, WORKED_OUT_FIRST)
    with pytest.raises(RuleError) as failed:
        g.new_state(seed=0)
    assert failed.value.span.line == 5          # `where top = first(xs) + 1`, with xs empty
    assert "The value of 'top' in the definition 'top_or_zero' cannot be worked out" in str(failed.value)
    assert "none" in str(failed.value)


def test_a_definition_with_where_lines_reading_only_its_values_is_kept_for_the_game(tmp_path):
    """purity.py knows the node: a definition of its values and the data alone is kept per values."""
    g = game(tmp_path, """
        game "Fixed"
        players 1
        var seen: list of int = []
        define spread(k: int): list of int = [x + low for x in [k, k + 1]]
            where low = min([k, 10])
        turn:
            seen = spread(1) + spread(1)
            end game "done"
        winners: players
        """)
    assert g.compiled.fast["spread"].__qualname__.startswith("remembered")
    assert glob(g.new_state(seed=0), "seen") == [2, 3, 2, 3]


def test_the_formatter_keeps_where_lines_and_lays_them_out(tmp_path):
    text = ('game "W"\nplayers 1\ndefine f(k: int): int = a+1\n  where  a=k *2\n  where b = a\n'
            'turn:\n    end game\n')
    assert format_text(text) == ('game "W"\nplayers 1\ndefine f(k: int): int = a + 1\n    where a = k * 2\n'
                                 '    where b = a\nturn:\n    end game\n')


@pytest.mark.parametrize("value", ["0" + "+1" * 300, "a\n                where a = 0" + "+1" * 300])
def test_a_value_too_deep_to_compile_is_e900_not_an_internal_error(tmp_path, value):
    """A chain of 300 `+` (the most a line may chain) passed the checker and made the closure
    compiler, which `tabletop check` uses, recurse too deeply: "internal error (RecursionError)".
    It is E900 at the definition, as the checker's own."""
    from inline import diagnostics
    with codegen.closures_only():
        found = diagnostics(tmp_path, f"""
            game "Deep"
            players 1
            turn:
                end game
            define score(p: player): int = {value}
        """)
    assert [(d.code, d.span.line) for d in found if d.severity == "error"] == [("E900", 5)], found
    assert "'score' nests expressions too deeply" in found[0].message


def test_a_rule_too_deep_to_compile_is_e900_at_its_section(tmp_path):
    """The same chain in a turn section's line: the closure compiler recursed too deeply there too."""
    from inline import diagnostics
    with codegen.closures_only():
        found = diagnostics(tmp_path, """
            game "Deep"
            players 1
            var n: int = 0
            turn:
                n = 0""" + "+1" * 295 + """
                end game
            define score(p: player): int = n
        """)
    assert [(d.code, d.span.line) for d in found if d.severity == "error"] == [("E900", 4)], found
    assert "The turn section nests expressions too deeply" in found[0].message
