"""`extend table NAME:` in a variant: entries added to a base table without copying it, so a value
an `extend enum` (or `extend option`) adds can have its row; and the mistakes it can hold, each
at its line. `extend display:` too: lines added under the base's display, which a variant that
adds a resource wants to show."""
import textwrap

import pytest

from tabletop.dsl.formatter import format_text
from inline import diagnostics, game
from tabletop.interpreter.api import load_game

# A dish's length is looked up in a table keyed by the enum, so a variant can give a new dish its
# length with one line (an `if`/`else` on the enum in a definition could not be extended).
BASE = '''
    game "Dishes"
    players 1
    enum dish: toast, stew
    option pace: slow, quick = slow
    table length:
        toast -> 2
        stew -> 5
    table hurry:
        slow -> 0
        quick -> 1
    table bonus:
        1 to 3, toast -> 10
        4, stew -> 20
    var total: int = 0
    define score(p: player): int = total
    turn:
        choose d from [toast, stew] labelled "Cook {d}"
        total += length[d] - hurry[pace]
        end game "done"
'''
FEAST = '''
    extends "../game.rules"
    extend enum dish: feast
    extend option pace: frantic
    extend table length:
        feast -> 9
    extend table hurry:
        frantic -> 3
    extend table bonus:
        5 to 6, toast -> 30
        1, feast -> 40
    replace turn:
        choose d from [toast, stew, feast] labelled "Cook {d}"
        total += length[d] - hurry[pace] + bonus[1, d]
        end game "done"
'''


def test_a_variant_gives_a_new_enum_value_its_row_and_plays_it(tmp_path):
    g = game(tmp_path, BASE, "feast", **{"variants__feast.rules": FEAST})
    assert not [w for w in g.warnings if w.code == "W109"], [w.message for w in g.warnings]
    s = g.new_state(seed=1)
    assert s.options(0) == ["Cook toast", "Cook stew", "Cook feast"]
    s.apply_label("Cook feast")
    assert s.is_over and s.scores() == [9 - 0 + 40]
    # the choice the variant added to the option is looked up in the row it added
    frantic = load_game(str(tmp_path / "book"), variant="feast", options={"pace": "frantic"}).new_state(seed=1)
    frantic.apply_label("Cook toast")
    assert frantic.scores() == [2 - 3 + 10]


def test_the_base_table_is_left_as_it_was(tmp_path):
    game(tmp_path, BASE, "feast", **{"variants__feast.rules": FEAST})
    base = game(tmp_path, BASE, **{"variants__feast.rules": FEAST})
    s = base.new_state(seed=1)
    s.apply_label("Cook stew")
    assert s.options(0) == [] and s.scores() == [5]
    assert base.options["pace"]["choices"] == ["slow", "quick"]


def test_without_the_row_the_new_value_is_w109_where_it_is_looked_up(tmp_path):
    """The gap `extend table` closes: the same variant without its `extend table length` warns."""
    cut = FEAST.replace("    extend table length:\n        feast -> 9\n", "")
    found = diagnostics(tmp_path, BASE, "feast", **{"variants__feast.rules": cut})
    gaps = [w for w in found if w.code == "W109"]
    assert gaps and "no entry for feast" in gaps[0].message, [w.message for w in found]
    assert gaps[0].hint == "add an entry for it (a variant adds one with 'extend table length:')", gaps[0].hint


def codes(found):
    return sorted((d.code, d.span.file.rsplit("/", 1)[-1], d.span.line) for d in found if d.code[0] == "E")


def test_an_entry_the_base_has_already_is_e015_naming_the_base_line(tmp_path):
    variant = '''
        extends "../game.rules"
        extend table length:
            stew -> 7
        extend table bonus:
            2 to 8, toast -> 1
            4 to 9, stew -> 2
    '''
    found = diagnostics(tmp_path, BASE, "v", **{"variants__v.rules": variant})
    assert codes(found) == [("E015", "v.rules", 3), ("E015", "v.rules", 5), ("E015", "v.rules", 6)], found
    stew, toast, overlap = sorted((d for d in found if d.code == "E015"), key=lambda d: d.span.line)
    assert stew.message.startswith("'extend table length' adds an entry for stew, which the base's table has "
                                   "already (line 7 of ") and stew.message.endswith(
        "/game.rules); an extend adds new keys only."), stew.message
    assert stew.hint == "leave this entry out, or replace the whole table: 'replace table length:'"
    assert "for 2 to 8, toast" in toast.message and "(line 12 of " in toast.message
    assert "for 4 to 9, stew" in overlap.message and "(line 13 of " in overlap.message


def test_a_table_the_base_lacks_is_e015_with_did_you_mean(tmp_path):
    found = diagnostics(tmp_path, BASE, "v", **{"variants__v.rules": 'extends "../game.rules"\nextend table lenght:\n    toast -> 1\n'})
    [d] = [d for d in found if d.code[0] == "E"]
    assert (d.code, d.span.line) == ("E015", 2)
    assert "'extend' needs a table named 'lenght' in the base rulebook" in d.message and "length" in d.hint, d


@pytest.mark.parametrize("entry, code, words", [
    ("    feast -> \"long\"", "E301", "gives an int for its other keys (line 6 of "),
    ("    pudding -> 3", "E201", "keyed by dish, and 'pudding' is not one"),
    ("    feast, 2 -> 3", "E207", "keyed by 1 value, but this entry gives 2"),
    ("    feast -> 3\n    feast -> 4", "E202", "gives 'feast' twice (first at line 4)"),
])
def test_a_new_entry_is_checked_as_the_table_declares_at_the_variant_line(tmp_path, entry, code, words):
    variant = f'extends "../game.rules"\nextend enum dish: feast\nextend table length:\n{entry}\n'
    found = diagnostics(tmp_path, BASE, "v", **{"variants__v.rules": variant})
    [d] = [d for d in found if d.code[0] == "E"]
    assert (d.code, d.span.file.rsplit("/", 1)[-1], d.span.line) == (code, "v.rules", 3 + entry.count("\n") + 1), d
    assert words in d.message, d.message


def test_extend_table_outside_a_variant_is_e015(tmp_path):
    found = diagnostics(tmp_path, textwrap.dedent(BASE) + "extend table length:\n    stew -> 1\n")
    assert [(d.code, d.span.line) for d in found if d.code[0] == "E"] == [("E015", 20)], found


def test_the_formatter_lays_out_extend_table_and_round_trips():
    messy = ('extends "../game.rules"\nextend  table length :\n  feast->9\n  1 to  3,toast ->  2\n'
             'extend display :\n  show "{x}"for x in  xs\n')
    assert format_text(messy) == ('extends "../game.rules"\nextend table length:\n    feast -> 9\n    1 to 3, toast -> 2\n'
                                  'extend display:\n    show "{x}" for x in xs\n')


SHOWN = textwrap.dedent(BASE) + 'display:\n    show "Total: {total}"\n'


def test_extend_display_adds_lines_under_the_base_s(tmp_path):
    variant = 'extends "../game.rules"\nvar tips: int = 3\nextend display:\n    show "Tips: {tips}"\n'
    g = game(tmp_path, SHOWN, "v", **{"variants__v.rules": variant})
    assert g.new_state(seed=1).render(0).splitlines()[:2] == ["Total: 0", "Tips: 3"]
    assert "Tips" not in game(tmp_path, SHOWN).new_state(seed=1).render(0)      # the base is as it was


@pytest.mark.parametrize("base, line, code, words", [
    # a base without a display: the variant writes one of its own
    (BASE, '    show "Tips"', "E015", "'extend display' needs a 'display' section in the base rulebook"),
    # a line of the variant's is checked where it is written
    (SHOWN, '    show "Tips: {tipps}"', "E201", "tipps"),
])
def test_extend_display_mistakes_are_at_the_variant_line(tmp_path, base, line, code, words):
    found = diagnostics(tmp_path, base, "v", **{"variants__v.rules": f'extends "../game.rules"\nextend display:\n{line}\n'})
    [d] = [d for d in found if d.code[0] == "E"]
    assert (d.code, d.span.file.rsplit("/", 1)[-1], d.span.line) == (code, "v.rules", 2 if code == "E015" else 3), d
    assert words in d.message, d.message
