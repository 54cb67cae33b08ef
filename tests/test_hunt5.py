"""What the fifth broken-rulebook hunt (tests/hunt/cases5.py) found: a new author's game from
scratch and round 4's slips that passed in silence. Each test is one change to the small rulebook
of test_author_mistakes.py (or one scenario file of tests/hunt/games5/race) with the diagnostic
it must get, and fails without the change it names: lines after `take turns` that never run, a
winners key twice, the same option twice, `current` read in setup, data names with spaces, data
under a misspelt key, hints for YAML indentation, '#' and '.' in template braces, ranges written
'1-6', grids, and scenario sets of dice, tables and options. The checker is used alone, as
`tabletop check` uses it; scenarios as `tabletop test` runs them."""
from pathlib import Path

import pytest

from tabletop.interpreter import scenarios
from test_author_mistakes import expect, run

RACE = Path(__file__).resolve().parent / "hunt" / "games5" / "race"
TURN_END = '            end game "The deck is empty."\n'


# ------------------------------------------------------------------ round 4's silent slips
def test_a_line_after_take_turns_never_runs(tmp_path):
    """`take turns` goes on until `end game` (or an `end` of its stage): was silent."""
    found, at = run(tmp_path, ("setup:\n    deck = shuffled(card)\n",
                               'setup:\n    deck = shuffled(card)\n\nplay:\n    take turns\n    ^say "done"\n'))
    expect(found, "W103", "game.rules", at, "takes turns", "never")


def test_a_line_after_a_call_of_a_rule_that_takes_turns_never_runs(tmp_path):
    """A rule (not a stage: `end` of a stage comes back after its call) that always takes turns."""
    found, at = run(tmp_path, ("setup:\n    deck = shuffled(card)\n",
                               "setup:\n    deck = shuffled(card)\n\nrule turns:\n    take turns\n\n"
                               'play:\n    turns()\n    ^say "done"\n'))
    expect(found, "W103", "game.rules", at, "calls the rule 'turns'", "takes turns")
    (tmp_path / "last").mkdir()
    found, _ = run(tmp_path / "last", ("setup:\n    deck = shuffled(card)\n",
                                       "setup:\n    deck = shuffled(card)\n\nrule turns:\n    take turns\n\nplay:\n    turns()\n"))
    assert not [d for d in found if d.code == "W103"], [d.message for d in found]


def test_a_line_after_a_long_chain_of_calls_that_ends_taking_turns_never_runs(tmp_path):
    """Whether a call takes turns for good was found by going down the calls one inside another:
    a chain of 1,000 rules each calling the next ran out of Python's depth, and the check said only
    "The rulebook nests expressions too deeply to check", at no line."""
    chain = "".join(f"rule r{i}:\n    say \"{i}\"\n    r{i + 1}()\n" for i in range(1000))
    found, at = run(tmp_path, ("setup:\n    deck = shuffled(card)\n",
                               "setup:\n    deck = shuffled(card)\n\n" + chain + "rule r1000:\n    take turns\n\n"
                               'play:\n    r0()\n    ^say "done"\n'))
    assert not [d for d in found if d.code == "E900"], [d.message for d in found]
    expect(found, "W103", "game.rules", at, "calls the rule 'r0'", "takes turns")


def test_a_second_take_rounds_never_runs(tmp_path):
    found, at = run(tmp_path, ("setup:\n    deck = shuffled(card)\n",
                               "setup:\n    deck = shuffled(card)\n\nplay:\n    take rounds\n    ^take rounds\n\n"
                               "round:\n    pass\n"))
    expect(found, "W103", "game.rules", at, "takes rounds")


@pytest.mark.parametrize("ranking", ["highest score, then ^lowest score", "highest score, then ^highest score"])
def test_a_winners_key_twice_never_breaks_a_tie(tmp_path, ranking):
    found, at = run(tmp_path, ("define score(p: player)", f"winners: {ranking}\ndefine score(p: player)"))
    expect(found, "W125", "game.rules", (at[0], None), "ranked by 'score' twice", "never breaks a tie")


def test_a_record_name_with_a_space_inside_its_quotes(tmp_path):
    found, at = run(tmp_path, ('{name: "Ace of hearts"', '{name: ^"Ace of hearts "'), file="cards.yaml")
    expect(found, "W127", "cards.yaml", at, "space inside its quotes", 'write it without the space: "Ace of hearts"')


def test_records_under_a_key_one_slip_from_the_kinds(tmp_path):
    found, at = run(tmp_path, ("cards:", "^crads:"), file="cards.yaml")
    expect(found, "W129", "cards.yaml", at, "under 'crads'", "write 'cards:'")
    (tmp_path / "free").mkdir()
    found, _ = run(tmp_path / "free", ("cards:", "deck:"), file="cards.yaml")     # a name of the author's own
    assert not [d for d in found if d.code == "W129"], [d.message for d in found]


# ------------------------------------------------------------------ a new author's game
def test_the_same_option_twice_in_a_menu(tmp_path):
    menu = ('    choose prompt "Go on?":\n        option "Rest":\n            pass\n'
            '        option ^"Rest":\n            level = 0\n')
    found, at = run(tmp_path, ("    if count(deck) == 0:", menu + "    if count(deck) == 0:"))
    expect(found, "W126", "game.rules", (at[0], None), 'two options labelled "Rest"', "label them differently")
    apart = menu.replace('option ^"Rest":', 'option "Rest" if level > 3:')
    (tmp_path / "apart").mkdir()
    found, _ = run(tmp_path / "apart", ("    if count(deck) == 0:", apart + "    if count(deck) == 0:"))
    assert not [d for d in found if d.code == "W126"], [d.message for d in found]


def test_the_same_option_twice_in_a_long_menu_is_found_without_comparing_every_pair(tmp_path, monkeypatch):
    """Each option was compared with every option before it: a menu of 4,000 options took 21 s to
    check. The options are found by their label and condition now; the twin is still told, and
    options alike in label only are not."""
    from tabletop.dsl import ast as A
    compared = []
    real = A.Node.__eq__
    monkeypatch.setattr(A.Node, "__eq__", lambda a, b: compared.append(1) or real(a, b))
    many = "".join(f'        option "Rest {{level + {i}}}" if level > {i % 7}:\n            pass\n' for i in range(600))
    menu = ('    choose prompt "Go on?":\n' + many + '        option "Rest {level + 3}" if level > 0:\n            pass\n'
            '        option ^"Rest {level + 599}" if level > 4:\n            level = 0\n')
    found, at = run(tmp_path, ("    if count(deck) == 0:", menu + "    if count(deck) == 0:"))
    expect(found, "W126", "game.rules", (at[0], None), 'two options labelled "Rest {level + 599}"')
    assert len([d for d in found if d.code == "W126"]) == 1
    assert len(compared) < 10_000, len(compared)


def test_current_read_in_setup(tmp_path):
    found, at = run(tmp_path, ("    deck = shuffled(card)\n", "    deck = shuffled(card)\n    draw 1 from deck to ^current.hand\n"))
    expect(found, "W128", "game.rules", at, "no turn is under way during the setup", "for p in players")


def test_an_unknown_name_one_slip_from_a_players_own_says_how_to_declare_it(tmp_path):
    """`first(point)` with only `player var points`: was "did you mean 'points'?", which is not
    readable there either."""
    found, at = run(tmp_path, ("    if level < 9:", "    if ^point < 9:"))
    expect(found, "E201", "game.rules", at, "each player's own variable", "current.points", "declare it")


@pytest.mark.parametrize("old, new, code, words", [
    ("players 2 to 4", "players 2^-4", "E101", ["with 'to', not '-'", "write '2 to 4'"]),
    ("players 2 to 4", "players ^4 to 3", "E210", ["players 3 to 4"]),
    ("zone deck: card, hidden", "zone deck: card^", "E101", ["', public', ', owner', ', hidden', ', seen by others', ', seen by current' or ', top public'"]),
    ("grid cell at row, col", "grid cell at ^line, col", "E205", ["whole-number fields from the data are row, col"]),
])
def test_a_declaration_written_wrongly_gets_the_fix(tmp_path, old, new, code, words):
    found, at = run(tmp_path, (old, new))
    expect(found, code, "game.rules", at, *words)


def test_a_die_range_with_a_dash_or_names(tmp_path):
    found, at = run(tmp_path, ("var level:", "die d6: 1^-6\nvar level:"))
    expect(found, "E101", "game.rules", at, "write '1 to 6'")
    (tmp_path / "names").mkdir()
    found, at = run(tmp_path / "names", ("var level:", "die d6: one ^to six\nvar level:"))
    expect(found, "E101", "game.rules", at, "whole numbers", "'1 to 6'")


def test_neighbours_of_a_thing_standing_on_the_grid_names_its_field(tmp_path):
    """Was E301 "'neighbours' works on a kind laid out with 'grid', not a pawn." with no hint."""
    from test_author_mistakes import build, diagnose
    kind = "kind pawn from \"pawns.yaml\":\n    name: text\n    at: cell = none\n"
    build(tmp_path / "book", ("zone deck:", kind + "zone deck:"), add={"pawns.yaml": "pawns:\n  - {name: Pawn}\n"})
    rules = tmp_path / "book" / "game.rules"
    rules.write_text(rules.read_text().replace("    if level < 9:", "    if count(neighbours(first(pawn))) < 9:"))
    hit = next(d for d in diagnose(tmp_path / "book") if d.code == "E301" and "neighbours" in d.message)
    assert "did you mean first(pawn).at, the cell it is on?" in hit.hint, hit.hint


def test_winners_naming_no_definition_lists_those_there_are(tmp_path):
    found, at = run(tmp_path, ("define score(p: player)", "winners: highest ^level\ndefine score(p: player)"))
    expect(found, "E201", "game.rules", at, "the definitions of one player here: score")


# ------------------------------------------------------------------ templates
@pytest.mark.parametrize("text, words", [
    ("{level # the level}", ["not a comment", "write {level} alone"]),
    ("{level.}", ["followed by the name of a field", "show {level} itself"]),
    ("{.rank}", ["a field is read from something"]),
])
def test_a_template_brace_holding_a_comment_or_a_dot(tmp_path, text, words):
    found, _ = run(tmp_path, ('say "Level {level + 1} reached"', f'say "Level {text} reached"'))
    hit = next(d for d in found if d.code == "E103")
    for w in words:
        assert w in hit.hint, hit.hint


# ------------------------------------------------------------------ YAML layout
@pytest.mark.parametrize("new, line, words", [
    ('  - name: "Ace of hearts"\n     suit: hearts\n    rank: 1', 3, ["indented by 5 spaces, the line above it (line 2) by 2"]),
    ('  - name: "Ace of hearts"\n    suit hearts\n    rank: 1', 3, ["no ':' after its key", "'suit: ...'"]),
    ('  - {name: "Ace of hearts", suit: hearts, rank: 1}\n  {name: "Ace", suit: hearts, rank: 1}', 3, ["no '- ' before it"]),
])
def test_a_data_file_laid_out_wrongly_is_told_at_its_line(tmp_path, new, line, words):
    found, _ = run(tmp_path, ('  - {name: "Ace of hearts", suit: hearts, rank: 1}', new), file="cards.yaml")
    expect(found, "E020", "cards.yaml", (line, None), *words)


def scenario(tmp_path, text):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {RACE}\n" + text, encoding="utf-8")
    return scenarios.run_files([path]).failures


@pytest.mark.parametrize("text, line, words", [
    ("cases:\n  - name: x\n   steps:\n      - expect: {rolls: 0}\n", 4, ["a key is indented differently", "indented by 3 spaces"]),
    ("cases:\n  - name: x\n    steps\n      - expect: {rolls: 0}\n", 4, ["no ':' after its key", "'steps: ...'"]),
    ("cases:\n  - name: x\n    set: {d6: 3}\n    steps:\n      - expect: {rolls: 0}\n", 4, ["is a die", "force:"]),
    ("cases:\n  - name: x\n    set: {goal: 3}\n    steps:\n      - expect: {rolls: 0}\n", 4, ["is a table"]),
    ("cases:\n  - name: x\n    set: {length: long}\n    steps:\n      - expect: {rolls: 0}\n", 4, ["is an option", "options: {length"]),
    ("cases:\n  - name: x\n    set:\n      Player 1: {position: 30}\n    steps:\n      - expect: {rolls: 0}\n", 5,
     ["outside its range 0 to 20"]),
    ("cases:\n  - name: x\n    steps:\n      - expect: {1: {position: 0}}\n", 5, ["'Player 1'"]),
    ("cases:\n  - name: x\n    force setup: [2]\n    steps:\n      - expect:\n          options: Move 2, Rest\n", 7,
     ["write them in brackets, [Move 2, Rest]"]),
])
def test_a_testers_scenario_mistake_is_told_at_its_line(tmp_path, text, line, words):
    failures = scenario(tmp_path, text)
    assert failures, "no failure"
    f = failures[0]
    said = f.message + " " + (f.hint or "")
    assert f.line == line, (f.line, said)
    for w in words:
        assert w in said, said


def test_a_scenario_file_that_is_a_list_says_to_start_with_cases(tmp_path):
    import shutil
    shutil.copytree(RACE, tmp_path / "race")
    path = tmp_path / "race" / "scenarios" / "bonus.yaml"
    path.write_text("- name: x\n  steps:\n    - expect: {rolls: 0}\n", encoding="utf-8")
    f = scenarios.run_files([path]).failures[0]
    assert (f.code, f.line) == ("T002", 1), (f.code, f.line)
    assert "start the file with a line 'cases:'" in f.hint, f.hint


def test_an_error_about_nothing_named_is_about_no_declaration():
    """E104's about=("indented",) made `is_about` fail with an IndexError, which crashed
    `tabletop check` of a variant that replaces something when a line was indented into nothing
    (round 1's "over-indent a line" of taboo_atoll_express with calm_seas)."""
    from tabletop.dsl.diagnostics import Diagnostic, Span
    d = Diagnostic("E104", "This line is indented more than the line before it.", Span("game.rules", 3, 1),
                   about=("indented",))
    assert not d.is_about("skull")


def test_a_local_used_above_the_line_that_sets_it_says_where_it_is_set(tmp_path):
    """Was "Unknown name 'gain'." with no hint, the line setting it right below."""
    found, at = run(tmp_path, ("    if level < 9:", "    current.points += ^gain\n    gain = 2\n    if level < 9:"))
    expect(found, "E201", "game.rules", at, "'gain' is first set at line 34, below this line")


def test_a_zone_of_an_enum_says_what_a_zone_holds(tmp_path):
    """Was E204 "The zone 'deck' holds 'suit', which is not a kind." with no hint."""
    found, at = run(tmp_path, ("zone deck: card, hidden", "zone deck: ^suit, hidden"))
    expect(found, "E204", "game.rules", at, "'suit' is an enum", "things of a kind (card, cell)", "list of suit")


def test_a_kind_whose_data_file_is_not_written_yet_says_how_to_write_it(tmp_path):
    """Was E011 "The data file "cards.yaml" of the kind 'card' does not exist." with no hint."""
    found, at = run(tmp_path, ('kind card from "cards.yaml"', 'kind card from ^"monsters.yaml"'))
    expect(found, "E011", "game.rules", at, "create monsters.yaml beside the file that names it", "'monsters:'")


def test_a_kind_that_names_no_data_file_has_no_things(tmp_path):
    """`kind card:` with no `from`: the deck stayed empty, and check said nothing."""
    found, at = run(tmp_path, ('kind card from "cards.yaml":', '^kind card:'))
    expect(found, "W130", "game.rules", at, "names no data file", "'kind card from \"cards.yaml\":'")
