"""What the fourth broken-rulebook hunt (tests/hunt/cases4.py) found told at the right line with a
wrong or empty hint, each kept as one change to the small rulebook of test_author_mistakes.py:
an expansion's `extend` of a name that is another sort of declaration, characters an editor puts
in place of plain ones, a value of one sort written where another is wanted, a kind called like a
function, an `elif` after an `else`, `timed` without its name, an instant reaction given an
event, a rule signalled or waited for as an event, and a template's braces holding no value.
Each test fails without the hint it names. The checker is used alone, as `tabletop check` uses it."""
import pytest

from tabletop.dsl.diagnostics import closest
from test_author_mistakes import expect, run

VARIANT = {"variants/x.rules": 'extends "../game.rules"\nCHANGE\n'}


@pytest.mark.parametrize("new, words", [
    ("extend enum ^card: joker", ["'card' there is a kind", "write 'extend kind card'"]),
    ("extend kind ^suit:\n    colour: int = 0", ["there is an enum", "write 'extend enum suit'"]),
    ("extend rule ^best:\n    say \"x\"", ["there is a definition", "cannot be extended", "'replace define best ...'"]),
    ("extend table ^level:\n    1 -> 2", ["there is a variable", "'replace var level ...'"]),
])
def test_an_extend_of_a_name_the_base_declares_as_another_sort_says_which(tmp_path, new, words):
    """Was "'extend' needs a enum named 'card' ..., and there is none. did you mean 'card'?"."""
    found, at = run(tmp_path, ("CHANGE", new), file="variants/x.rules", add=VARIANT, variant="x")
    expect(found, "E015", "x.rules", at, *words)


@pytest.mark.parametrize("old, new, words", [
    ('say "Level {level + 1} reached"', 'say ^\u201cLevel {level + 1} reached\u201d', ["plain double quotes"]),
    ("players 2 to 4", "players 2 ^\u2013 4", ["'to'"]),
    ("    if level < 9:", "    if level ^\u2260 9:", ["'!='"]),
    ("    if level < 9:", "    if level ^\u2264 9:", ["'<='"]),
    ("zone deck: card, hidden", "^\ufeffzone deck: card, hidden", ["byte order mark"]),
    ("var level: int in 0 to 9 = 0", "var level: int in 0 to 9 = ^\\ # none yet\n    0", ["nothing may follow it"]),
])
def test_a_character_an_editor_put_in_place_of_a_plain_one_is_named_with_the_plain_one(tmp_path, old, new, words):
    """Was E100 "The character '“' cannot start anything here." with no hint."""
    found, at = run(tmp_path, (old, new))
    expect(found, "E100", "game.rules", at, *words)


@pytest.mark.parametrize("old, new, column, words", [
    ("    if level < 9:", "    if ^level:", True, ["compare it: level > 0"]),
    ("        level += 1", "        level = ^level < 9", True, ["(if level < 9 then 1 else 0)"]),
    ("bonus[first(current.hand).suit]", "bonus[^\"hearts\"]", True, ["write hearts without quotes"]),
    ("    deck = shuffled(card)", "    ^deck = shuffled(card) + first(card)", False, ["[first(card)]"]),
    ("define best(cs: list of card): int = max(", "define kept: list of card = ^first(deck)\ndefine best(cs: list of card): int = max(",
     True, ["[first(deck)]"]),
    ("    draw 1 from deck to current.hand\n", "    draw 1 from deck to current.hand\n    add ^deck to current.hand\n", True,
     ["for x in deck: add x to current.hand"]),
    ("    draw 1 from deck to current.hand\n", "    draw 1 from deck to current.hand\n    level = ^card.rank\n", False,
     ["[x.rank for x in card]"]),
])
def test_a_value_of_one_sort_where_another_is_wanted_gets_the_fix(tmp_path, old, new, column, words):
    """Each was E301 with no hint ("Cannot assign a bool to something that holds an int.")."""
    found, at = run(tmp_path, (old, new))
    expect(found, "E301", "game.rules", at if column else (at[0], None), *words)


def test_a_kind_written_where_one_of_its_things_is_says_it_is_the_kind(tmp_path):
    found, at = run(tmp_path, ("    draw 1 from deck to current.hand\n",
                                     "    draw 1 from deck to current.hand\n    top = ^card\n"),
                    add={"game.rules": _with_top()})
    expect(found, "E301", "game.rules", at, "'card' is the kind", "first(card)")


def _with_top():
    from test_author_mistakes import BASE
    return BASE["game.rules"].replace("var level: int in 0 to 9 = 0", "var level: int in 0 to 9 = 0\n        var top: card = none")


def test_a_kind_called_like_a_function_says_how_a_thing_is_named(tmp_path):
    """Was "There is no function named 'card'." with "did you mean 'count'?"."""
    found, at = run(tmp_path, ("define best(", 'define top: card = ^card("Ace of hearts")\ndefine best('))
    expect(found, "E201", "game.rules", at, 'card "Ace of hearts"')


@pytest.mark.parametrize("word, words", [
    ("elif level == 3", ["put the 'elif' before the 'else'"]),
    ("else", ["join the two 'else' blocks"]),
])
def test_an_elif_or_else_after_an_else_says_the_else_is_last(tmp_path, word, words):
    """Was "This 'elif' follows no 'if' at its indentation ... the line before it ... is not an 'if'"."""
    found, at = run(tmp_path, ("        level += 1\n", f"        level += 1\n    else:\n        level = 0\n    ^{word}:\n"
                                                     "        level = 1\n"))
    expect(found, "E101", "game.rules", at, f"after the 'else' of line {at[0] - 2}", *words)


def test_timed_without_its_name_says_timed_as(tmp_path):
    """Was "Only a line that opens a block ends with ':', and this one opens none."."""
    found, at = run(tmp_path, ("    draw 1 from deck to current.hand\n",
                               "    draw 1 from deck to current.hand\n    secretly each p in players chooses c from "
                               "p.hand labelled \"{c}\" timed^:\n        say \"{c}\"\n"))
    expect(found, "E101", "game.rules", at, "timed as t:")


def test_an_instant_reaction_given_an_event_says_it_waits_for_none(tmp_path):
    """Was "Unexpected 'on'; expected 'by'" with the hint "add 'by' or the end of the line here"."""
    found, at = run(tmp_path, ("define score(", "event rang(p: player)\nreaction ding instantly ^on rang(p) by q "
                                                "labelled \"Ding\":\n    say \"ding\"\ndefine score("))
    expect(found, "E101", "game.rules", at, "waits for no event", "leave out 'on ...'")


def test_a_rule_signalled_or_waited_for_as_an_event_says_it_is_a_rule(tmp_path):
    """Both had no hint: "There is no event named 'tick'."."""
    book = ("define score(", "rule tick:\n    say \"tick\"\nreaction r on ^tick(p) by q labelled \"R\":\n"
                             "    say \"r\"\ndefine score(")
    found, at = run(tmp_path, book)
    expect(found, "E201", "game.rules", (at[0], None), "'tick' is a rule", "event NAME(...)")
    (tmp_path / "2").mkdir()
    found, at = run(tmp_path / "2", ("    draw 1 from deck to current.hand\n",
                                     "    draw 1 from deck to current.hand\n    signal ^tick()\n"),
                    add={"game.rules": _with_tick()})
    expect(found, "E201", "game.rules", at, "'tick' is a rule: run it on a line of its own")


def _with_tick():
    from test_author_mistakes import BASE
    return BASE["game.rules"] + "\n        rule tick:\n            say \"tick\"\n"


@pytest.mark.parametrize("inside, words", [
    ("{}", ["for a brace itself, write {{"]),
    ("{level:3d}", ["write {level}, without a format"]),
    ("{x = 3}", ["set a name on a line of its own"]),
])
def test_braces_in_a_text_that_hold_no_value_say_what_to_write(tmp_path, inside, words):
    """Each was "inside {…} write an expression such as {s.name}"."""
    found, at = run(tmp_path, ('say "Level {level + 1} reached"', f'say "Level ^{inside} reached"'))
    expect(found, "E103", "game.rules", (at[0], None), *words)


def test_a_one_letter_name_is_not_taken_for_a_longer_one_that_holds_its_letter():
    """'p' unknown in a reaction was "did you mean 'zap'?"; a two-letter slip still finds its name."""
    assert closest("p", ["zap", "pot"]) == ""
    assert closest("p", ["q", "pp"]) == "pp"
    assert closest("d8", ["d6", "dice"]) == "d6"


def test_a_replaced_table_keyed_by_another_sort_is_named_at_the_base_lookup(tmp_path):
    """Was "The table 'bonus' is looked up by an int, not by a suit." with no word of the variant."""
    from test_author_mistakes import build
    from tabletop.dsl.diagnostics import RulebookError
    from tabletop.interpreter import api
    build(tmp_path / "book", ("CHANGE", "replace table bonus:\n    1 -> 2\n    2 -> 1"), "variants/x.rules", VARIANT)
    with pytest.raises(RulebookError) as e:      # as `tabletop check` loads it: with the variant's changes noted
        api.load_game(str(tmp_path / "book"), variant="x")
    # (since round 10 an error at the variant's `replace` comes first; the base's keys are named by their enum)
    hit = next(d for d in e.value.diagnostics if d.code == "E301" and "bonus" in d.message and d.span.file.endswith("game.rules"))
    assert "x.rules:2" in hit.hint and "a table keyed by whole numbers" in hit.hint, hit.hint
    assert "a table keyed by the values of 'suit'" in hit.hint.split("x.rules:2", 1)[1], hit.hint      # the base's keys, after the variant's


def test_a_backslash_before_a_blank_line_is_told_at_the_backslash(tmp_path):
    """Was "The line ends too early" at column 1 of the blank line after it, with no hint."""
    found, at = run(tmp_path, ("var level: int in 0 to 9 = 0", "var level: int in 0 to 9 = ^\\\n\n    0"))
    expect(found, "E101", "game.rules", at, "which is blank", "right after the '\\'")


@pytest.mark.parametrize("old, new, words", [
    ('  - {name: "Ace of hearts", suit: hearts, rank: 1}', '  - {name: ^7, suit: hearts, rank: 1}', ['name: "7"']),
    ('  - {name: "Ace of hearts", suit: hearts, rank: 1}', '  - {name: "Ace of hearts", suit: hearts, rank: ^!!python/int 1}',
     ["without YAML tags"]),
    ('  - {name: "Ace of hearts", suit: hearts, rank: 1}', '  - {name: "Ace of hearts", suit: hearts, rank: 1}, ^{name: "x"}',
     ["one record a line"]),
])
def test_data_written_as_yaml_reads_it_otherwise_says_how_to_write_it(tmp_path, old, new, words):
    found, at = run(tmp_path, (old, new), file="cards.yaml")
    hit = next(d for d in found if d.span.file.endswith("cards.yaml") and d.span.line == at[0])
    assert all(w in hit.hint for w in words), hit.hint


@pytest.mark.parametrize("old, new, words", [
    ("    if level < 9:", "    if first(current.hand).suit == ^3:", ["a suit is one of its values", "hearts, spades"]),
    ("define best(", 'define base: int = ^"3"\ndefine best(', ["write 3 without the quotes"]),
])
def test_a_number_where_an_enum_or_a_quoted_number_where_an_int_is_gets_the_fix(tmp_path, old, new, words):
    found, at = run(tmp_path, (old, new))
    expect(found, "E301", "game.rules", (at[0], None), *words)


def test_a_stage_given_too_many_values_is_called_a_stage(tmp_path):
    """Was "The rule 'hand' takes 0 values but is given 1." for a stage."""
    found, at = run(tmp_path, ("    draw 1 from deck to current.hand\n", "    draw 1 from deck to current.hand\n"
                                                                       "    ^hand(1)\n"),
                    add={"game.rules": _with_stage()})
    expect(found, "E207", "game.rules", at, "The stage 'hand' takes 0 values")


def _with_stage():
    from test_author_mistakes import BASE
    return BASE["game.rules"] + "\n        stage hand:\n            take turns\n"


def test_a_branch_of_one_item_beside_a_list_says_to_bracket_it(tmp_path):
    """`winners: if c then [] else volcano` was "Both branches should be the same type" with no hint."""
    found, at = run(tmp_path, ("define score(", "define firsts: list of player = ^if level > 3 then [] else current\n"
                                                "define score("))
    expect(found, "E301", "game.rules", at, "[current]")


def test_a_define_without_its_equals_says_where_it_goes(tmp_path):
    """Was "Unexpected '14'; expected ')', ',', '=', 'in', the end of the line." with no hint."""
    found, at = run(tmp_path, ("define score(", "define base: int ^14\ndefine score("))
    expect(found, "E101", "game.rules", at, "put '=' between the type and the value")


def test_an_unknown_name_given_for_an_enum_value_lists_the_values(tmp_path):
    """`in_force(double_trouble)`, a value never added to the enum, was "Unknown name" with no hint."""
    found, at = run(tmp_path, ("define score(", "define of_suit(s: suit): int = 1\ndefine n: int = of_suit(^diamonds)\n"
                                                "define score("))
    expect(found, "E201", "game.rules", at, "a suit is wanted here, one of: hearts, spades", "the enum 'suit'")
