"""What the ninth broken-rulebook hunt (tests/hunt/cases9.py) found: slips in the newest
constructs (a secret choice's `or "..."` without `may`, `extend choose` naming a filled-in label,
a table of several keys looked up key by key), a porter's habits from Python and other languages
(`else COND:`, `var int n`, `while c do:`, `0..3`, `range(n)`, `side volcano: player`, a quoted
declared name, `may chooses`, `return "why"`, a line indented 2 where its block goes in 4), a thing
the rules name that the data lacks, and the hints of a tester's scenario mistakes. Each test is one
change to the small rulebook of test_author_mistakes.py (or one scenario file of a test game)
with the diagnostic it must get, and fails without the change it names. The checker is used
alone, as `tabletop check` uses it; scenarios as `tabletop test` runs them."""
from pathlib import Path

import pytest

from tabletop.interpreter import scenarios
from test_author_mistakes import expect, run

TESTS = Path(__file__).resolve().parent
RACE = TESTS / "hunt" / "games5" / "race"
AUCTION = TESTS / "games" / "auction"
SMACKSHAPES = TESTS.parent / "rulebooks" / "smackshapes"
DRAW = "    draw 1 from deck to current.hand\n"


# ------------------------------------------------------------------ a porter's habits, told with the fix
@pytest.mark.parametrize("old, new, words", [
    # `else rolls > 4:`: was "add ':' or the end of the line here"
    ("    if level < 9:\n        level += 1\n", "    if level < 9:\n        level += 1\n    else ^level > 3:\n        pass\n",
     ["'else' takes no condition", "write 'elif level > 3:'"]),
    # `var int n = 0`: the type before the name, was "add ':' or the end of the line here"
    ("var level: int in 0 to 9 = 0", "var ^int rounds = 0\nvar level: int in 0 to 9 = 0",
     ["name comes first", "write 'var rounds: int = 0'"]),
    ("player var points: int = 0", "player var ^bool done = false\nplayer var points: int = 0",
     ["write 'player var done: bool = false'"]),
    # `while c do:`: was "put a ',' before 'do': items of a list are parted by commas"
    (DRAW, DRAW + "    while level < 0 ^do:\n        pass\n", ["'do' is not part of the language", "write 'while level < 0:'"]),
    # `for i in 0..3:`: was "add a name or the end of the line here"
    (DRAW, DRAW + "    for i in 0^..3:\n        pass\n", ["'..' is not part of the language", "range(0, 3)"]),
    # `side volcano: player`: was "add the end of the line here"
    ("player var points: int = 0", "side volcano^: player\nplayer var points: int = 0",
     ["a side is declared by its name alone", "write 'side volcano'"]),
    # `side "volcano"`: was "add a name or the end of the line here"
    ("player var points: int = 0", "side ^\"volcano\"\nplayer var points: int = 0",
     ["written without quotes", "write 'side volcano'"]),
    # `return "why"` where a stage or the game is ended: was "to work a value out, write a definition"
    (DRAW, DRAW + "    if level > 8:\n        ^return \"Too high.\"\n", ["end NAME \"Too high.\"", "'turn' or 'game'"]),
])
def test_a_porters_habit_is_told_with_its_fix(tmp_path, old, new, words):
    found, at = run(tmp_path, (old, new))
    expect(found, "E101", "game.rules", at, *words)


def test_may_chooses_in_a_secret_choice_says_may_choose(tmp_path):
    """Was "Unexpected 'b'; expected 'from'", at the name after the verb."""
    found, at = run(tmp_path, (DRAW, DRAW + "    secretly each p in players ^may chooses c from p.hand labelled \"Pass {c}\":\n"
                                            "        pass\n"))
    at = (at[0], at[1] + 4)
    expect(found, "E101", "game.rules", at, "after 'may' the word is 'choose'", "may choose x from")


def test_a_var_of_two_names_with_no_type_word_is_not_read_as_a_type(tmp_path):
    """`var card top = none` could be either order: no guess, the plain ':' hint."""
    found, at = run(tmp_path, ("var level: int in 0 to 9 = 0", "var card ^top = none\nvar level: int in 0 to 9 = 0"))
    d = expect(found, "E101", "game.rules", at)
    assert "name comes first" not in d.message, d.message


# ------------------------------------------------------------------ indentation
def test_a_line_indented_2_where_its_block_goes_in_4_is_told_at_that_line(tmp_path):
    """The line above, the block's first, was told 'indented further than the next line of its
    block': it went in 4, as every block of the file does; the line going in 2 is the one off."""
    found, at = run(tmp_path, ("        level += 1\n", "        level += 1\n      ^level += 0\n"))
    expect(found, "E104", "game.rules", at, "between the block above it (column 9)", "one around that (column 5)",
           "indent it to column 9")


# ------------------------------------------------------------------ the newest constructs
def test_or_after_the_label_of_a_secret_choice_without_may_is_refused(tmp_path):
    """A plain choose was refused (E205); a secret one passed, and its "decline" was never offered."""
    found, at = run(tmp_path, (DRAW, DRAW + "    secretly each p in players chooses c from p.hand labelled \"Pass {c}\" "
                                            "or ^\"Keep them\":\n        pass\n"))
    expect(found, "E205", "game.rules", at, "only a 'may choose' has one", "secretly each p in ... may choose")


def test_the_declining_label_is_quoted_once(tmp_path):
    found, at = run(tmp_path, (DRAW, DRAW + "    choose c from current.hand labelled \"Play {c}\" or ^\"Pass\"\n"))
    d = expect(found, "E205", "game.rules", at, "'or \"pass\"'")
    assert '""' not in d.message, d.message


MENU = ("turn:\n    draw 1 from deck to current.hand\n",
        "rule act:\n    choose prompt \"Act\":\n        option \"Take {c.name}\" for c in deck:\n            pass\n"
        "        option \"Wait\":\n            pass\n\nturn:\n    act()\n    draw 1 from deck to current.hand\n")


def test_extend_choose_naming_a_label_filled_in_is_told_the_base_s_label(tmp_path):
    """`replace option "Take Ace of hearts"` for the base's "Take {c.name}": the hint said only
    'exactly as the base writes it, braces and all', without which label that was."""
    variant = 'extends "../game.rules"\nextend choose in act:\n    remove option "Take Ace of hearts"\n'
    found, _ = run(tmp_path, MENU, add={"variants/x.rules": variant}, variant="x")
    expect(found, "E015", "x.rules", (3, None), "write \"Take {c.name}\", braces and all")


def test_a_table_of_two_keys_looked_up_key_by_key_is_told_the_pair(tmp_path):
    """`damage[level][r]`, as a dict of dicts is read: the hint was 'write damage[key, key]'."""
    table = "table pay:\n    hearts, 1 -> 2\n    spades, 1 to 9 -> 1\n\n"
    found, at = run(tmp_path, ("define best(cs", table + "define paid(c: card): int = ^pay[c.suit][c.rank]\n"
                                                          "define best(cs"))
    expect(found, "E207", "game.rules", at, "write pay[c.suit, c.rank]", "one pair of brackets")


@pytest.mark.parametrize("call, words", [("range(^3)", "python's range(3) is range(0, 2) here"),
                                         ("range(^count(deck))", "python's range(count(deck)) is range(0, count(deck) - 1)")])
def test_range_of_one_value_is_told_python_s_range(tmp_path, call, words):
    found, at = run(tmp_path, (DRAW, DRAW + f"    for i in {call}:\n        pass\n"))
    expect(found, "E207", "game.rules", (at[0], at[1] - 6), words, "range(1, ")


def test_a_thing_named_by_the_rules_and_missing_from_the_data_names_the_data_file(tmp_path):
    """A card list short by one: the hint offered only the nearest name, as if the rules were wrong."""
    found, at = run(tmp_path, ("define best(cs", "define top: card = card ^\"Three of spades\"\ndefine best(cs"))
    expect(found, "E201", "game.rules", (at[0], None), "each card is a record of cards.yaml",
           "add the record named \"three of spades\" there")


# ------------------------------------------------------------------ a tester's scenario mistakes, with hints
def scenario(tmp_path, game: Path, text: str):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {game}\n" + text, encoding="utf-8")
    return scenarios.run_files([path]).failures


@pytest.mark.parametrize("game, text, line, words", [
    # 'by' a seat not at the table: the seats asked were not named
    (AUCTION, "cases:\n  - name: x\n    players: 3\n    force setup: [{shuffle: [Crown]}]\n    steps:\n"
              "      - move: Bid 7\n        by: Player 7\n      - expect: {deciding: [Player 3, Player 1]}\n", 8,
     ["'by' names a seat asked now: Player 2, Player 3, Player 1"]),
    # seats written as numbers under 'deciding'
    (AUCTION, "cases:\n  - name: x\n    players: 3\n    force setup: [{shuffle: [Crown]}]\n    steps:\n"
              "      - expect: {deciding: [2, 3, 1]}\n", 7, ["deciding: [Player 2, Player 3, Player 1]"]),
    # a number in words
    (RACE, "cases:\n  - name: x\n    force setup: [2]\n    steps:\n      - expect: {rolls: one}\n", 6,
     ["write a whole number in digits (the game has 1 now)"]),
    # a misspelt name put first by a forced shuffle
    (AUCTION, "cases:\n  - name: x\n    players: 3\n    force setup: [{shuffle: [Crwn]}]\n    steps:\n"
              "      - expect: {deciding: [Player 2, Player 3, Player 1]}\n", 5, ["did you mean 'Crown'?"]),
    # a reaction time in words
    (SMACKSHAPES, "cases:\n  - name: x\n    players: 2\n    steps:\n      - {move: Play 1 red circle, by: Player 1, time: fast}\n"
                  "      - expect: {over: false}\n", 6, ["a number of seconds, such as time: 0.4"]),
])
def test_a_testers_scenario_mistake_has_a_hint_naming_the_fix(tmp_path, game, text, line, words):
    failures = scenario(tmp_path, game, text)
    assert failures, "no failure"
    f = failures[0]
    said = f.message + " " + (f.hint or "")
    assert f.line == line, (f.line, said)
    for w in words:
        assert w in said, said


# ------------------------------------------------------------------ batch 2
def test_a_declinable_choice_stored_where_none_does_not_fit_is_warned(tmp_path):
    """`p.bid = b` after `may choose b`: every "Decline" stops the game (an int cannot be none),
    and the check passed. Guarded (`if b == none then 0 else b`), it is not warned."""
    base = (DRAW, DRAW + "    may choose n from range(1, 3) labelled \"Take {n}\":\n        level = ^n\n")
    found, at = run(tmp_path, base)
    expect(found, "W120", "game.rules", at, "setting 'level' (an int, which cannot be none) to 'n'")
    (tmp_path / "guarded").mkdir()
    found, _ = run(tmp_path / "guarded", (DRAW, DRAW + "    may choose n from range(1, 3) labelled \"Take {n}\":\n"
                                                        "        level = if n == none then 0 else n\n"))
    assert not [d for d in found if d.code == "W120"], [d.message for d in found]
    (tmp_path / "tested").mkdir()
    found, at = run(tmp_path / "tested", (DRAW, DRAW + "    may choose n from range(1, 3) labelled \"Take {n}\":\n"
                                                       "        level = if n == 1 then 0 else ^n\n"))
    expect(found, "W120", "game.rules", at, "setting 'level'")


def test_overlapping_ranges_of_a_two_key_table_say_how_to_part_them(tmp_path):
    table = "table pay:\n    hearts, 1 to 5 -> 2\n    hearts, 4 to 9 -> 1\n\n"
    found, at = run(tmp_path, ("define best(cs", table + "define best(cs"))
    d = expect(found, "E202", "game.rules", (27, None), "gives 'hearts, 4' twice")
    assert [x.code for x in found if x.severity == "error"] == ["E202"], [x.message for x in found]
    assert "make the ranges of the two entries end before each other begins" in d.hint, d.hint


def test_a_stage_called_in_a_value_is_told_it_is_a_stage(tmp_path):
    found, at = run(tmp_path, ("define best(cs", "stage hand:\n    pass\n\ndefine x: int = ^hand()\ndefine best(cs"))
    expect(found, "E201", "game.rules", at, "'hand' is a stage, which gives no value")


def test_an_instant_reaction_whose_condition_rolls_is_refused(tmp_path):
    """Its condition is worked out at every decision point: the dice would be rolled each time (passed)."""
    found, at = run(tmp_path, ("define best(cs", "die d6: 1 to 6\nreaction lucky instantly by p if ^roll(d6) > 5 "
                                                  "labelled \"Lucky\":\n    p.points += 1\n\ndefine best(cs"))
    expect(found, "E310", "game.rules", at, "instant reaction rolls", "read that variable in the condition")


@pytest.mark.parametrize("old, new, words", [
    # `if c: end game ...` on one line: was "add the end of the line here"
    ("    if count(deck) == 0:\n        end game", "    if count(deck) == 0: ^end game",
     ["a block's lines go under the line that opens it", "on a line of its own below"]),
    # `switch r:`: was "is an '=' missing? to set it, write 'switch = r'"
    (DRAW, DRAW + "    ^switch level:\n        pass\n", ["there is no 'switch'", "elif"]),
    # `0 < x < 3`: was no hint
    ("    if level < 9:", "    if 0 < level ^< 9:", ["comparisons do not chain", "'0 < level and level < 9'"]),
    # `bonus.get(suit)`: was "call it as get(bonus)"
    ("bonus[first(current.hand).suit]", "bonus.get^(first(current.hand).suit)", ["bonus[first(current.hand).suit]"]),
])
def test_more_porter_habits_are_told_with_their_fix(tmp_path, old, new, words):
    found, at = run(tmp_path, (old, new))
    expect(found, "E101", "game.rules", at, *words)


def test_a_label_with_braces_inside_a_scenario_list_says_to_fill_it_in(tmp_path):
    """`options: [Move {r}, Rest]`: the hint said the '[' was never closed."""
    failures = scenario(tmp_path, RACE, "cases:\n  - name: x\n    force setup: [2]\n    steps:\n"
                                        "      - expect: {options: [Move {r}, Rest]}\n")
    f = failures[0]
    assert f.line == 6, (f.line, f.message)
    assert "values filled in" in f.hint and '"Move {r}"' in f.hint, f.hint


# ------------------------------------------------------------------ batch 3
@pytest.mark.parametrize("word, fix", [("yes", "write true"), ("no", "write false"), ("nothing", "write none"),
                                       ("me", "write current")])
def test_a_word_of_printed_rules_for_a_value_is_told_the_language_s(tmp_path, word, fix):
    """`if yes:` was told "did you mean 'players'?", `nothing` and `me` had no hint."""
    found, at = run(tmp_path, ("    if level < 9:", f"    if level < 9 and ^{word} != none:"))
    expect(found, "E201", "game.rules", at, f"unknown name '{word}'", fix)


def test_range_of_len_is_told_with_count(tmp_path):
    found, at = run(tmp_path, (DRAW, DRAW + "    for i in range(^len(current.hand)):\n        pass\n"))
    expect(found, "E207", "game.rules", (at[0], at[1] - 6), "range(0, count(current.hand) - 1)")


@pytest.mark.parametrize("old, new, words", [
    # `(s := x)`: was "add ')' here"
    ("    if level < 9:", "    if (n ^:= level) < 9:", ["':=' is not part of the language", "'n = ...'"]),
    # `define x: int = return ...`: was "put a ',' before ..."
    ("define best(cs: list of card): int = max(", "define best(cs: list of card): int = ^return max(",
     ["with no 'return'", "leave out 'return'"]),
    # `rule r(p: player, int n)`: was "add ':' or the end of the line here"
    ("define best(cs", "rule give(p: player, ^int n):\n    p.points += n\n\ndefine best(cs",
     ["a parameter's name comes first", "write 'n: int'"]),
])
def test_still_more_porter_habits_are_told_with_their_fix(tmp_path, old, new, words):
    found, at = run(tmp_path, (old, new))
    expect(found, "E101", "game.rules", at, *words)


def test_timed_written_before_the_declining_label_says_the_order(tmp_path):
    """Was "Unexpected 'or'; expected ':'. add ':' here"."""
    found, at = run(tmp_path, (DRAW, DRAW + "    secretly each p in players may choose c from p.hand labelled \"Pass {c}\" "
                                            "timed as t ^or \"Keep\":\n        pass\n"))
    expect(found, "E101", "game.rules", at, "'or \"...\"' belongs right after the label", "timed as t:")


def test_a_reaction_writing_the_event_s_types_is_told_the_names_alone(tmp_path):
    """Was "Unexpected ':'" with no hint."""
    found, at = run(tmp_path, ("define best(cs", "event drew(who: player)\nreaction cheer on drew(who^: player) by p if "
                                                  "p != who labelled \"Cheer\":\n    pass\n\ndefine best(cs"))
    expect(found, "E101", "game.rules", at, "write 'on drew(who)'")


def test_a_scenario_seat_written_as_a_number_is_told_its_name(tmp_path):
    failures = scenario(tmp_path, SMACKSHAPES, "cases:\n  - name: x\n    players: 3\n"
                                               "    force setup: [{shuffle: []}, {pick: Player 3}]\n"
                                               "    steps:\n      - expect: {smackhead: 3}\n")
    f = failures[0]
    assert f.line == 7, (f.line, f.message)
    assert f.hint == "write the seat as the game names it: Player 3", f.hint


# ------------------------------------------------------------------ batch 4
@pytest.mark.parametrize("old, new, code, words", [
    # `elif:`: was "Only a line that opens a block ends with ':' ... leave out the ':'"
    (DRAW, DRAW + "    if level > 3:\n        pass\n    elif^:\n        pass\n", "E101", ["'elif' needs a condition", "'else:'"]),
    (DRAW, DRAW + "    while^:\n        stop\n", "E101", ["'while' needs a condition"]),
    # `(a, b) => ...`: was "add ')' here"
    ("max([c.rank for c in cs])", "max(sort([c.rank for c in cs], (a^, b) => a))", "E101", ["takes one value"]),
    # `x in (1, 2)`: was "add ')' here"
    ("    if level < 9:", "    if level in (1^, 2):", "E101", ["a list is written in square brackets"]),
    # `= {}` for an empty list: was the hint about tables
    ("var level: int in 0 to 9 = 0", "var level: int in 0 to 9 = 0\nvar seen: list of int = ^{}", "E101", ["an empty list is written []"]),
    # `remove option "..."` at the margin: was "add the end of the line here"
    ("define best(cs", "^remove option \"Wait\"\ndefine best(cs", "E101", ["inside 'extend choose in rule:'"]),
    # `choose from xs`: was "add 'from' or the end of the line here"
    (DRAW, DRAW + "    choose ^from current.hand labelled \"x\"\n", "E101", ["names what it chooses", "'choose c from current.hand"]),
    # `(hearts, 1) -> x` in a table of two keys: was no hint
    ("define best(cs", "table pay:\n    hearts, 1 -> 2\n    ^(spades, 2) -> 1\n\ndefine best(cs", "E101",
     ["written without brackets", "write 'spades, 2 -> 1'"]),
    # `take round`: a keyword misspelt was given no 'did you mean'
    ("setup:\n    deck = shuffled(card)\n", "setup:\n    deck = shuffled(card)\n\nplay:\n    take ^round\n\nround:\n    pass\n",
     "E101", ["did you mean 'rounds'?"]),
    # `end` alone, as Lua closes a block
    (DRAW, DRAW + "    end^\n", "E101", ["say what ends", "a block needs no 'end'"]),
    # `1 2 -> x` in a table of two keys: was "items of a list are parted by commas"
    ("define best(cs", "table pay:\n    hearts, 1 -> 2\n    spades ^2 -> 1\n\ndefine best(cs", "E101", ["a table's keys are parted by commas"]),
])
def test_statement_slips_are_told_with_their_fix(tmp_path, old, new, code, words):
    found, at = run(tmp_path, (old, new))
    expect(found, code, "game.rules", at, *words)


def test_a_table_entry_with_too_few_keys_says_how_many(tmp_path):
    table = "table pay:\n    hearts, 1 -> 2\n    ^spades -> 1\n\n"
    found, at = run(tmp_path, ("define best(cs", table + "define best(cs"))
    expect(found, "E207", "game.rules", at, "give every entry 2 keys", "(line 26) does")


def test_a_secret_choice_of_one_player_is_told_the_list_of_one(tmp_path):
    found, at = run(tmp_path, (DRAW, DRAW + "    secretly each p in ^current chooses c from p.hand labelled \"x\":\n        pass\n"))
    expect(found, "E301", "game.rules", at, "write the list of that one: [current]")


@pytest.mark.parametrize("game, text, line, hint", [
    (RACE, "cases:\n  - name: x\n    force setup: [5]\n    set:\n      current: 2\n    steps:\n      - expect: {rolls: 1}\n",
     6, "write the seat as the game names it: Player 2"),
    (AUCTION, "cases:\n  - name: x\n    players: 3\n    force setup: [{shuffle: [Crown]}]\n    steps:\n"
              "      - expect: {block: 1}\n", 7, "a list is written in [ ]; to check how many it holds, write {count: 1}"),
    (RACE, "cases:\n  - name: x\n    force setup: 2\n    steps:\n      - expect: {rolls: 1}\n", 4,
     "write it as a list, in brackets: force setup: [2]"),
])
def test_more_scenario_slips_have_a_hint_naming_the_fix(tmp_path, game, text, line, hint):
    f = scenario(tmp_path, game, text)[0]
    assert (f.line, f.hint) == (line, hint), (f.line, f.message, f.hint)


@pytest.mark.parametrize("old, new, words", [
    ("var level: int in 0 to 9 = 0", "var ^list of int seen = []\nvar level: int in 0 to 9 = 0", ["write 'var seen: list of int = []'"]),
    (DRAW, DRAW + "    for i in 1^..count(deck):\n        pass\n", ["range(1, count(deck))"]),
    (DRAW, DRAW + "    for i in [x for x in range(1^..3)]:\n        pass\n", ["range(1, 3)"]),
])
def test_the_porter_habits_read_the_whole_expression(tmp_path, old, new, words):
    found, at = run(tmp_path, (old, new))
    expect(found, "E101", "game.rules", at, *words)


@pytest.mark.parametrize("line", ["    current..hand = []", "    if level > 3:\n        pass\n    else pass"])
def test_a_porter_habit_is_not_guessed_where_it_does_not_fit(tmp_path, line):
    """`current..hand` is a typo, not a range; `else pass` has no condition to make an 'elif' of."""
    found, _ = run(tmp_path, (DRAW, DRAW + line + "\n"))
    first = next(d for d in found if d.severity == "error")
    assert "range(" not in first.hint and "elif" not in first.hint, (first.message, first.hint)


def test_winners_ending_in_then_asks_for_the_tie_break(tmp_path):
    """Was "a value goes on to the next line only after a '\\'"."""
    found, at = run(tmp_path, ("define score(p: player): int = p.points + best(p.hand)",
                               "define score(p: player): int = p.points + best(p.hand)\nwinners: highest score, then^"))
    expect(found, "E101", "game.rules", at, "followed by what breaks the tie", "leave out ', then'")


def test_extend_choose_changing_one_option_twice_is_refused(tmp_path):
    """`replace option "Wait"` and then `remove option "Wait"` in one block passed in silence."""
    variant = ('extends "../game.rules"\nextend choose in act:\n    replace option "Wait":\n        pass\n'
               '    remove option "Wait"\n')
    found, _ = run(tmp_path, MENU, add={"variants/x.rules": variant}, variant="x")
    expect(found, "E015", "x.rules", (5, None), "already changes the option labelled \"wait\" (line 3)")


def test_a_secret_choice_block_reading_a_time_it_did_not_ask_for_says_how_to_ask(tmp_path):
    """cases9 'secret choice's block reads time it did not ask': `{t}` in the block of a secret
    choice without `timed as t` was told only the names set there. The time is given a name by
    the choice, so the hint says where; outside such a block no such guess is made."""
    found, at = run(tmp_path, (DRAW, DRAW + "    secretly each p in players chooses c from p.hand labelled \"{c}\":\n"
                                            "        say \"{p} took {^t} ms.\"\n"))
    expect(found, "E201", "game.rules", at, "the names set here are c, p",
           f"write 'timed as t' after the choice's label (line {at[0] - 1})")
    (tmp_path / "plain").mkdir()
    found, at = run(tmp_path / "plain", (DRAW, DRAW + "    say \"{^t} ms.\"\n"))
    assert not any("timed as" in (d.hint or "") for d in found), [d.hint for d in found]
