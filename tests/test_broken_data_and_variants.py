"""Mistakes the second hunt with broken rulebooks found told badly (tests/hunt/cases.py): in data
files, variants and scenario files, in single edits of a rulebook, and habits from Python,
JavaScript, Ludii and YAML configurations. Each case is one change to the small rulebook of
test_author_mistakes.py (BASE), with the diagnostic it must get at the line (and column) its '^'
marks, words its message or hint must hold, and words a wrong hint held, which it must not."""
import textwrap

import pytest

from test_author_mistakes import BASE, expect, run
from tabletop.interpreter import scenarios

VARIANT = 'extends "../game.rules"\n'


def told(found, code, file, at, words=(), never=()):
    hit = expect(found, code, file, at, *words)
    for w in never:
        assert w.lower() not in hit.hint.lower(), f"{w!r} in the hint {hit.hint!r}"
    return hit


# ------------------------------------------------------------------ files named by a rulebook
@pytest.mark.parametrize("add, variant, file, at, words, never", [
    # a variant's path is taken from variants/: the base is one folder up (the hint offered the variant itself)
    ({"variants/v.rules": 'extends "game.rules"\n'}, "v", "v.rules", (1, 9), ["'../game.rules'", "variants/"], ["v.rules"]),
    ({"variants/v.rules": 'extends "../games.rules"\n'}, "v", "v.rules", (1, 9), ["'../game.rules'"], []),
    # an include of a file that is not there never offers the file that includes it
    ({"game.rules": textwrap.dedent(BASE["game.rules"]).replace("players 2 to 4\n", 'players 2 to 4\ninclude "more.rules"\n')},
     None, "game.rules", (4, 9), [], ["game.rules"]),
])
def test_a_missing_rules_file_is_offered_a_file_of_its_sort(tmp_path, add, variant, file, at, words, never):
    found, _ = run(tmp_path, add=add, variant=variant)
    told(found, "E011", file, at, words, never)


def test_a_missing_data_file_is_never_offered_a_rules_file(tmp_path):
    found, at = run(tmp_path, ('kind card from "cards.yaml"', 'kind card from ^"game.yaml"'))
    told(found, "E011", "game.rules", at, ["game.yaml"], ["game.rules"])


# ------------------------------------------------------------------ variants
def test_a_variant_that_extends_a_data_file_is_one_error_at_its_extends(tmp_path):
    found, _ = run(tmp_path, add={"variants/v.rules": 'extends "../cards.yaml"\n'}, variant="v")
    told(found, "E012", "v.rules", (1, 9), ["is a data file, not a rulebook", 'extends "../game.rules"'])
    assert len([d for d in found if d.severity == "error"]) == 1, [d.message for d in found]


def test_replace_in_a_rulebook_that_extends_none_is_e015(tmp_path):
    found, at = run(tmp_path, ("define best(", "^replace define best("))
    told(found, "E015", "game.rules", (at[0], None), ["extends none", "'best'", "without 'replace'"])


@pytest.mark.parametrize("line", ["remove define best: int = 1", "remove define best(cs: list of card): int"])
def test_remove_with_its_declaration_after_it_says_to_name_it_alone(tmp_path, line):
    found, _ = run(tmp_path, add={"variants/v.rules": VARIANT + line + "\n"}, variant="v")
    told(found, "E101", "v.rules", (2, 1), ["'remove' takes the name alone", "remove best"])


# ------------------------------------------------------------------ data files
CARD = '  - {name: "Ace of hearts", suit: hearts, rank: 1}'


@pytest.mark.parametrize("new, words, never", [
    # a quote left open runs the text past the '}': "This '{' is never closed ... close it with '}'" was wrong
    ('  - {name: ^"Ace of hearts, suit: hearts, rank: 1}', ["quoted text", "never closed"], ["close it with '}'"]),
    # ': ' inside a text not in quotes
    ('  - {name: ^Ace of hearts: the best, suit: hearts, rank: 1}', ["holds ': '", 'name: "Ace of hearts: the best"'],
     ["close it with '}'"]),
    # the same in a block record: it was told with a hint about indents, which did not fit
    ('  - name: Ace of hearts^: the best\n    suit: hearts\n    rank: 1',
     ["holds ': '", 'name: "Ace of hearts: the best"'], ["indented"]),
    # a key indented past the keys around it keeps its hint about indents
    ('  - name: Ace of hearts\n    suit: hearts\n     rank^: 1', ["indented further"], ["quotes"]),
    ('  - {name: "Ace of hearts", suit: hearts, rank: 1}\n^---\n', ["'---' starts a second document"], []),
    ('  - &ace {name: "Ace of hearts", suit: hearts, rank: 1}\n  - ^*acee', ["did you mean '*ace'"], []),
])
def test_a_yaml_slip_in_a_record_is_named_for_what_it_is(tmp_path, new, words, never):
    found, at = run(tmp_path, (CARD, new), file="cards.yaml")
    told(found, "E020", "cards.yaml", at, words, never)


def test_a_number_in_quotes_in_data_says_to_leave_out_the_quotes(tmp_path):
    found, at = run(tmp_path, (CARD, '  - {name: "Ace of hearts", suit: hearts, rank: ^"1"}'), file="cards.yaml")
    told(found, "E022", "cards.yaml", at, ["'rank' should be a whole number", "write 1 without the quotes"])


def test_a_date_in_data_says_to_quote_it(tmp_path):
    found, at = run(tmp_path, (CARD, '  - {^name: 2024-01-01, suit: hearts, rank: 1}'), file="cards.yaml")
    told(found, "E021", "cards.yaml", at, ["as a date", '"2024-01-01"'], ["one key holding a list"])


def test_a_misspelt_changing_field_in_data_is_offered_with_what_it_is(tmp_path):
    """`usd: true` for `used: bool = false`: the hint was "declare it in the kind"."""
    add = {"game.rules": textwrap.dedent(BASE["game.rules"]).replace("    rank: int\n", "    rank: int\n    used: bool = false\n")}
    found, at = run(tmp_path, (CARD, '  - {name: "Ace of hearts", suit: hearts, rank: 1, ^usd: true}'),
                    file="cards.yaml", add=add)
    told(found, "E023", "cards.yaml", at, ["did you mean 'used'", "changing field"], ["declare it in the kind"])


# ------------------------------------------------------------------ single edits of a rulebook
CHOOSE = ('    draw 1 from deck to current.hand\n',
          '    draw 1 from deck to current.hand\n    choose prompt "Pick":\n        option "Up" if level < 9:\n'
          '            level += 1\n        option "Stay":\n            level += 0\n')


def test_an_option_whose_block_was_deleted_is_told_there_not_at_the_next_option(tmp_path):
    old, new = CHOOSE
    found, at = run(tmp_path, (old, new.replace('if level < 9:\n            level += 1\n', 'if level < 9^:\n')))
    told(found, "E101", "game.rules", at, ["option's block", "empty"], ["indent it as far as the other options"])


def test_an_option_without_its_label_says_so(tmp_path):
    old, new = CHOOSE
    found, at = run(tmp_path, (old, new.replace('option "Up" if', 'option ^if')))
    told(found, "E101", "game.rules", at, ["needs its label"], ["if c then a else b"])


def test_a_variable_misspelt_where_it_is_declared_beside_a_local_of_its_right_name(tmp_path):
    """`var sparez` declared, and a rule that sets `spare` and reads it: the rule's `spare` is a local,
    the game's variable is never used, and nothing was said."""
    add = {"game.rules": textwrap.dedent(BASE["game.rules"]).replace(
        "var level: int in 0 to 9 = 0\n", "var level: int in 0 to 9 = 0\nvar sparez: int = 0\n").replace(
        '    say "Level', '    spare = 2\n    while spare > 0:\n        spare -= 1\n    say "Level')}
    found, _ = run(tmp_path, add=add)
    told(found, "E201", "game.rules", (20, 5), ["'sparez' is never used", "'spare'", "new local"])


def test_a_field_deleted_from_its_kind_and_used_says_its_data_still_gives_it(tmp_path):
    found, _ = run(tmp_path, ("    rank: int\n", ""))
    told(found, "E201", "game.rules", (24, 45), ["has no field 'rank'", "the data gives 'rank' (cards.yaml:2)",
                                                 "declare it in the kind 'card'"])


def test_a_number_written_as_a_word_says_to_write_digits(tmp_path):
    found, at = run(tmp_path, ("        level += 1", "        level += ^three"))
    told(found, "E201", "game.rules", at, ["in digits: 3"])


def test_winners_offers_only_a_definition_it_can_rank_by(tmp_path):
    """`best(cs: list of card)` is no ranking of players: "did you mean 'best'?" led to another error."""
    found, at = run(tmp_path, ("define score(p: player)", "winners: highest ^bst\ndefine score(p: player)"))
    told(found, "E201", "game.rules", at, ["definitions of one player"], ["'best'"])


# ------------------------------------------------------------------ habits from other languages
@pytest.mark.parametrize("change, words", [
    (("        level += 1", "        ^assert level > 1"), ["'assert' is not part of the language", "scenario"]),
    (("        level += 1", "        ^global level"), ["'global' is not part of the language"]),
    (("        level += 1", "        ^del level"), ["'del' is not part of the language", "remove"]),
    (("players 2 to 4\n", "players 2 to 4\n^import random\n"), ["'import' is not part of the language"]),
    (("        level += 1", "        ^// one more\n        level += 1"), ["comment starts with '#'"]),
    (("        level += 1", "        ^\"\"\"One more.\"\"\"\n        level += 1"), ["no docstrings", "# One more."]),
    # after code, a '//' followed by words is a comment, not a division written twice
    (("        level += 1", "        level += 1 ^// one more"), ["comment starts with '#'", "# one more"]),
    (("        level += 1", "        ^/* one more */\n        level += 1"), ["not '/*'", "# one more"]),
    (("        level += 1", "        ^-- one more\n        level += 1"), ["not '--'", "# one more"]),
    (("players 2 to 4\n", "^(players 2 4)\n"), ["not with '('"]),
    (("define best(cs: list of card): int =", "define best(cs: list of card) ^-> int:"),
     ["type follows a ':'", "define best(cs: list of card): int = ..."]),
    (('game "Mistakes"', 'game^: "Mistakes"'), ["'game' is followed by its value", 'game "Mistakes"']),
    (("players 2 to 4", "players^: 2 to 4"), ["'players' is followed by its value"]),
    (("    rank: int\n", "    ^- rank: int\n"), ["no '-' before it", "rank: int"]),
    (("enum suit: hearts, spades", "enum suit: ^[hearts, spades]"), ["without brackets", "enum suit: hearts, spades"]),
    (("    spades -> 1", "    spades^: 1"), ["'key -> value'", "spades -> 1"]),
    (("define best(cs: list of card): int", "define best(cs: list of ^lists of card): int"), ["'lists' is no type"]),
    (('    say "Level {level + 1} reached"', '    say ^level + " reached"'), ["one quoted text", 'say "{level} reached"']),
    (('    say "Level {level + 1} reached"', '    say "Level" ^"{level} reached"'), ["one quoted text", 'say "Level {level} reached"']),
    (("    if count(deck) == 0:", "    if deck.size^() == 0:"), ["count(deck)"]),
    (("define best(cs: list of card): int = max([c.rank for c in cs])",
      "define best(cs: list of card): int = max([c.rank for c in cs if (x ^-> true)(c)])"), ["'=>'"]),
    (("define best(cs: list of card): int = max([c.rank for c in cs])",
      "define best(cs: list of card): int = first(sort([c.rank for c in cs], ^(x) => 0 - x))"),
     ["without parentheses", "x => ..."]),
    (("define best(cs: list of card): int = max([c.rank for c in cs])",
      "define best(cs: list of card): int = end ^game \"over\""), ["'end game' is a step"]),
])
def test_a_habit_from_another_language_is_named(tmp_path, change, words):
    found, at = run(tmp_path, change)
    told(found, "E101", "game.rules", at, words, ["= level", "add '", "add a name"])


# ------------------------------------------------------------------ scenario files
QUIET = "common:\n  quiet: &quiet\n    special_actions: {value}\n    pawn: Dark Pit\n"
CASE = "cases:\n  - name: x\n    set: {alias}\n    steps:\n      - expect: {{over: false}}\n"


def scenario(tmp_path, value, alias):
    path = tmp_path / "case.yaml"
    path.write_text("game: taboo_atoll_express\n" + QUIET.format(value=value) + CASE.format(alias=alias))
    [failure] = scenarios.run_files([path]).failures
    return failure


def test_a_value_out_of_its_range_in_an_anchor_is_told_at_its_own_line(tmp_path):
    failure = scenario(tmp_path, 7, "*quiet")
    assert (failure.code, failure.line) == ("T010", 4), (failure.line, failure.message)
    assert "outside its range 0 to 3" in failure.message and "line 4 is in an anchor" in failure.hint


def test_a_misspelt_definition_with_its_arguments_offers_the_definition(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text("game: taboo_atoll_express\ncases:\n  - name: x\n    steps:\n      - expect: {\"scor(Player 1)\": 3}\n")
    [failure] = scenarios.run_files([path]).failures
    assert (failure.code, failure.line) == ("T030", 5) and "did you mean 'score(Player 1)'" in failure.message


def test_an_alias_naming_no_anchor_offers_the_anchor_meant(tmp_path):
    failure = scenario(tmp_path, 0, "*quite")
    assert (failure.code, failure.line) == ("T001", 8) and "did you mean '*quiet'" in failure.hint
