"""What the eleventh broken-rulebook hunt (tests/hunt/cases11.py) found: several mistakes in one
rulebook (a name misspelt where it is declared, told at every use instead of at the declaration;
a follow-on error at an unknown name's own place; a block without its ':' that hid the other
slips of its rule), weak hints (a slip of `true`, an enum value written as a number word, a
variant's `remove var NAME` misspelt, `+= =`, a list added to a number, an operator given none),
and scenario files (a move given to the seat that is not offered it, a variant's card in a case
that plays no variant, an expectation failing after a `force` written one move late). Each test
is one or two edits of a test game, with what the checker, `simulate` or `tabletop test` must
say; each fails without the change it names."""
import json
import shutil
from pathlib import Path

from inline import edited
from tabletop.interpreter import cli
from test_author_mistakes import diagnose
from test_hunt10 import first_error

TESTS = Path(__file__).resolve().parent
GAMES = TESTS / "games"
RULEBOOKS = TESTS.parent / "rulebooks"


def errors_of(folder, variant=None) -> list:
    return [d for d in diagnose(folder, variant) if d.severity == "error"]


def shown(found) -> list:
    return [f"{d.span.line}: {d.message} | {d.hint}" for d in found]


# ------------------------------------------------------------------ a declaration misspelt
def test_a_zone_misspelt_where_declared_is_told_once_at_the_declaration(tmp_path):
    """`zone tabel` with `table` used twice: was "Unknown name 'table'" at line 25 (the first use),
    with the hint "did you mean 'tabel'?", and nothing at the declaration."""
    folder = edited(tmp_path, GAMES / "mini", "zone table: card, public", "zone tabel: card, public")
    found = errors_of(folder)
    assert len(found) == 1, shown(found)
    assert found[0].span.line == 12 and "'tabel' is declared here and never used" in found[0].message, shown(found)
    assert "used at line 25 and 1 more (35)" in found[0].hint and "did you mean 'zone table'?" in found[0].hint, shown(found)


def test_an_event_misspelt_where_declared_buries_no_other_error(tmp_path):
    """`event rollng_again` with its reaction and signal spelt right: was an error at the reaction
    and at the signal, and none at the declaration; a second slip is still told, after it."""
    folder = edited(tmp_path, GAMES / "dice", "event rolling_again(roller: player)", "event rollng_again(roller: player)")
    rules = folder / "game.rules"
    rules.write_text(rules.read_text().replace("    p.banked = min(p.banked + n, 100)", "    p.banked = mn(p.banked + n, 100)"))
    found = errors_of(folder)
    assert [d.span.line for d in found] == [24, 64], shown(found)
    assert "did you mean 'event rolling_again'?" in found[0].hint, shown(found)


def test_a_misspelt_variable_and_its_local_are_one_error(tmp_path):
    """`var levl` in Smackatoa!, whose rules set and read `level`: was four errors (the
    declaration, the local set, the unknown name at each read)."""
    folder = tmp_path / "k"
    shutil.copytree(RULEBOOKS / "smackatoa", folder)
    rules = folder / "game.rules"
    rules.write_text(rules.read_text().replace("var level: int in 1 to 4 = 1", "var levl: int in 1 to 4 = 1"))
    found = errors_of(folder)
    assert len(found) == 1 and found[0].span.line == 131, shown(found)
    assert "did you mean 'var level'?" in found[0].hint, shown(found)


def test_the_one_use_of_a_definition_misspelt_is_told_at_the_use(tmp_path):
    """`s = hre(p)`, the only use of `define here`: either line may be the slip, so it is told at
    the use, as before (a declaration is blamed only when two uses or more agree)."""
    folder = edited(tmp_path, TESTS / "hunt" / "games5" / "race", "    s = here(p)\n", "    s = hre(p)\n")
    found = errors_of(folder)
    assert [d.span.line for d in found] == [23] and "did you mean 'here'?" in found[0].hint, shown(found)


def test_a_block_without_its_colon_hides_no_other_slip_of_its_rule(tmp_path):
    """Yacht's `while rerolls > 0` without its ':' and `add kat to current.used` in the same turn
    section: was the syntax error alone (the broken section was left out whole)."""
    folder = edited(tmp_path, GAMES / "yacht", "    while rerolls > 0:\n", "    while rerolls > 0\n")
    rules = folder / "game.rules"
    rules.write_text(rules.read_text().replace("    add cat to current.used\n", "    add kat to current.used\n"))
    found = errors_of(folder)
    assert [(d.code, d.span.line) for d in found] == [("E101", 67), ("E201", 78)], shown(found)


def test_an_equals_sign_in_a_condition_hides_no_other_slip_of_its_rule(tmp_path):
    """`if s != none and s.bonus = 0:` and `p.positon` below it in the same rule: was the syntax
    error alone."""
    folder = edited(tmp_path, TESTS / "hunt" / "games5" / "race", "    if s != none and s.bonus > 0:",
                    "    if s != none and s.bonus = 0:")
    rules = folder / "game.rules"
    rules.write_text(rules.read_text().replace("        p.position = min(p.position + s.bonus", "        p.position = min(p.positon + s.bonus"))
    found = errors_of(folder)
    assert [(d.code, d.span.line) for d in found] == [("E101", 24), ("E201", 26)], shown(found)


# ------------------------------------------------------------------ did you mean
def test_a_slip_of_true_is_told_as_true(tmp_path):
    """`current.points += tru`... in mini: was "did you mean 'target'?" or a name of the game."""
    folder = edited(tmp_path, GAMES / "mini", "        p.points += c.value\n", "        p.won = tru\n")
    rules = folder / "game.rules"
    rules.write_text(rules.read_text().replace("player var points: int = 0", "player var points: int = 0\nplayer var won: bool = false"))
    found = errors_of(folder)
    assert found and found[0].hint == "did you mean 'true'?", shown(found)


def test_an_enum_value_written_as_a_number_word_is_named(tmp_path):
    """`[ones, two, threes]` in Yacht, whose category is `twos`: was "a number is written in
    digits: 2" alone."""
    folder = edited(tmp_path, GAMES / "yacht", "    if cat in [ones, twos,", "    if cat in [ones, two,")
    found = errors_of(folder)
    assert found and found[0].hint.startswith("did you mean 'twos'?"), shown(found)
    assert "a number is written in digits: 2" in found[0].hint, shown(found)


def test_remove_with_its_keyword_names_the_base_name_it_misspells(tmp_path):
    """`remove var water_levl` in a variant of Taboo: was "write 'remove water_levl'", which
    would fail next for a name the base lacks."""
    folder = tmp_path / "t"
    shutil.copytree(RULEBOOKS / "taboo_atoll_express", folder)
    (folder / "variants" / "x.rules").write_text('extends "../game.rules"\nremove var water_levl\n')
    found = errors_of(folder, "x")
    assert found and found[0].span.line == 2, shown(found)
    assert "write 'remove water_level'" in found[0].hint and "did you mean 'water_level'?" in found[0].hint, shown(found)


def test_an_unknown_function_where_cards_go_is_told_once(tmp_path):
    """`draw 1 from deck to hand_of(current)`: was the unknown function and, at the same place,
    "Where drawn cards go must be a zone ...", which follows from it."""
    folder = edited(tmp_path, GAMES / "mini", "    draw 1 from deck to current.hand\n", "    draw 1 from deck to hand_of(current)\n")
    found = errors_of(folder)
    assert [(d.code, d.span.line) for d in found] == [("E201", 33)], shown(found)


def test_an_operator_given_none_names_the_side_that_is_none(tmp_path, capsys):
    """`say "Next: {last(kept) + 1}."` before any die is kept: was "'+' cannot combine none and a
    number." alone, naming no value of the line."""
    folder = edited(tmp_path, GAMES / "dice", "        callers_now = callers\n",
                    "        callers_now = callers\n        say \"Next: {last(kept) + 1}.\"\n")
    said = first_error(capsys, folder)
    assert "'+' cannot combine none and a number ('last(kept)' is none here)" in said, said


def test_an_assignment_with_a_second_equals_sign_says_which_line_to_write(tmp_path):
    """`p.points += = c.value`: was "Unexpected '='; expected '(', '-', ..." with no hint."""
    folder = edited(tmp_path, GAMES / "mini", "        p.points += c.value\n", "        p.points += = c.value\n")
    found = errors_of(folder)
    assert found and found[0].span.line == 27 and found[0].message == "'+=' is followed by another '='.", shown(found)
    assert found[0].hint == "write 'p.points += c.value'", shown(found)


def test_a_list_added_to_a_number_names_the_number(tmp_path):
    """`at_stake += kept`: was "Cannot assign a list of whole numbers to something that holds an
    int.", naming neither the '+=' nor what it adds to."""
    folder = edited(tmp_path, GAMES / "dice", "            add f to kept\n", "            add f to kept\n            at_stake += kept\n")
    found = errors_of(folder)
    assert found and found[0].message == "Cannot add a list of whole numbers to 'at_stake', which holds an int.", shown(found)


# ------------------------------------------------------------------ scenario files
def test_fails(tmp_path, capsys, book: Path, scenario: str) -> dict:
    """The first failure of `tabletop test` on a scenario file x.yaml added to a copy of `book`."""
    folder = tmp_path / book.name
    shutil.copytree(book, folder)
    (folder / "scenarios" / "x.yaml").write_text(scenario)
    code = cli.main(["test", "--format", "json", str(folder / "scenarios" / "x.yaml")])
    report = json.loads(capsys.readouterr().out)
    assert code == 1 and report["failures"], report
    return report["failures"][0]


test_fails.__test__ = False


def test_a_move_given_to_the_wrong_seat_is_told_at_its_by(tmp_path, capsys):
    """A secret choice's move by the seat that is not offered it: was "'Play Ace' is not an option
    now. Did you mean 'Play Shield'?" at the move's line, as if the label were wrong."""
    failure = test_fails(tmp_path, capsys, GAMES / "mini", "rest: {card: deck}\ncases:\n  - name: secret\n    players: 2\n"
                         "    set:\n      Player 1: {hand: [Ace, Shield]}\n      Player 2: {hand: [Two, Shield]}\n"
                         "    steps:\n      - move: Play Ace\n        by: Player 2\n      - expect: {deciding: [Player 1]}\n")
    assert failure["line"] == 10, failure
    assert "it is an option of Player 1, not of Player 2" in failure["message"], failure
    assert "write 'by: Player 1'" in failure["hint"], failure


def test_a_card_of_a_variant_set_without_the_variant_says_to_add_it(tmp_path, capsys):
    """A Colorcracks card in a Smackshapes case that plays no variant: was "'5 red circles' is not
    a card; did you mean '8 red circles'?" with no hint, as for a misspelt base card."""
    failure = test_fails(tmp_path, capsys, RULEBOOKS / "smackshapes",
                         "rest: {card: deck}\ncases:\n  - name: pick\n    players: 2\n"
                         "    force setup: [{shuffle: []}, {pick: Player 1}]\n"
                         "    set:\n      Player 1: {hand: [5 red circles, 2 yellow circles]}\n"
                         "    steps:\n      - expect: {deciding: [Player 1, Player 2]}\n")
    assert failure["line"] == 7, failure
    assert "add 'variant: colorcracks' to the case" in failure["hint"], failure


def test_an_expectation_failing_after_a_late_force_names_the_force(tmp_path, capsys):
    """A `force` written after the move whose rules rolled, then an `options` check: was "The
    options should be [Keep the 2], but they are [...]" with only the option that differs."""
    failure = test_fails(tmp_path, capsys, GAMES / "dice",
                         "cases:\n  - name: late\n    players: 2\n    force setup: [3, 5, 5]\n    steps:\n"
                         "      - move: Keep the 5\n      - move: Roll again\n      - {move: Don't react, by: Player 2}\n"
                         "      - force: [5, 5, 2]\n      - expect: {options: [Keep the 2]}\n")
    assert failure["line"] == 10 and failure["code"] == "T030", failure
    assert "just before the 'force' at line 9 drew random results from the seed" in failure["hint"], failure
