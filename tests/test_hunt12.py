"""What the twelfth broken-rulebook hunt (tests/hunt/cases12.py, a mechanical sweep of one-token
slips) found: a name misspelt where it is declared and used once, told at the use with a
did-you-mean that did not say where the name it offers is (a rule, a local, a kind, a rule's
parameters); `define score` misspelt, told at the `game` line; a variant's line that does not
parse, told after the E014s it caused; a block's first line indented a step too far, and a line
dedented alone inside its block, told at the line after; a YAML line indented wrong, whose hint
did not say which line is "the line above"; `noen` for `none`; a name missing from a
definition's parameters; a keyword slip read as a name (`fi`, `iff`, `lsit of`, `playyers`),
told at the word after it; a value misspelt where its enum is declared, told at each record of the
data. Each test is one edit of a test game or a bundled rulebook, with what the checker must say;
each fails without the change it names."""
import contextlib
import json
import shutil
from pathlib import Path

from inline import edited
from tabletop.interpreter import cli
from test_hunt11 import errors_of

TESTS = Path(__file__).resolve().parent
GAMES = TESTS / "games"
RULEBOOKS = TESTS.parent / "rulebooks"


def shown(found) -> list:
    return [f"{d.code} {Path(d.span.file).name}:{d.span.line}:{d.span.column}: {d.message} | {d.hint}" for d in found]


# ------------------------------------------------------------------ did you mean, and where it is
def test_a_rule_misspelt_where_declared_and_called_once_names_the_declarations_line(tmp_path):
    """`rule auctin:` with its one call `auction()` (line 39): was "did you mean 'auctin'?", which
    left the reader to find where 'auctin' is; either line may be the slip, so both are named."""
    found = errors_of(edited(tmp_path, GAMES / "auction", "rule auction:", "rule auctin:"))
    assert [(d.code, d.span.line) for d in found] == [("E201", 39)], shown(found)
    assert "did you mean 'auctin'? (declared at line 43)" in found[0].hint, shown(found)


def test_a_local_misspelt_where_set_names_the_line_that_sets_it(tmp_path):
    """`upp = first(block)` then `up` read below: the hint offers 'upp' and says where it is set."""
    found = errors_of(edited(tmp_path, GAMES / "auction", "    up = first(block)", "    upp = first(block)"))
    assert found and found[0].span.line == 46, shown(found)
    assert "did you mean 'upp'? (set at line 45)" in found[0].hint, shown(found)


def test_a_zone_of_a_misspelt_kind_names_the_kinds_line(tmp_path):
    """`kind ccard` while `zone deck: card` (line 17) holds cards: told at the zone, naming line 12."""
    found = errors_of(edited(tmp_path, GAMES / "fireworks", 'kind card from "cards.yaml":', 'kind ccard from "cards.yaml":'))
    assert found and (found[0].code, found[0].span.line) == ("E204", 17), shown(found)
    assert "did you mean 'ccard'? (declared at line 12)" in found[0].hint, shown(found)


def test_a_rule_given_fewer_parameters_than_its_calls_names_the_declaration(tmp_path):
    """`rule offer_block(actor: player, target: player)`, every call giving three values: the
    calls are told (the first, with the others' lines), and the hint names the declaration's line."""
    found = errors_of(edited(tmp_path, GAMES / "bluff", "rule offer_block(actor: player, target: player, act: blockable):",
                             "rule offer_block(actor: player, target: player):"))
    assert found and (found[0].code, found[0].span.line) == ("E207", 74), shown(found)
    assert "as line 133 declares it" in found[0].hint, shown(found)


def test_none_with_two_letters_swapped_is_offered_none(tmp_path):
    """`blocker = noen`: was "the names set here are act, actor, target"."""
    found = errors_of(edited(tmp_path, GAMES / "bluff", "    blocker = none", "    blocker = noen"))
    assert found and found[0].span.line == 134 and "did you mean 'none'?" in found[0].hint, shown(found)


# ------------------------------------------------------------------ score misspelt
def test_define_score_misspelt_is_told_at_its_name(tmp_path):
    """`define scoer(p: player)`: was E405 "no way to find its winners" at the `game` line (3)."""
    found = errors_of(edited(tmp_path, GAMES / "mini", "define score(p: player)", "define scoer(p: player)"))
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E405", 38, 8)], shown(found)
    assert "'scoer'" in found[0].message and "rename it 'score'" in found[0].hint, shown(found)


# ------------------------------------------------------------------ a variant's syntax error first
def test_a_variants_line_that_does_not_parse_comes_before_the_removals_it_breaks(tmp_path):
    """Oh Hell's `leader = next_player(dealer` (line 77) unclosed: its rule `play_trick`, which
    replaces the base's, is lost, so its `remove` lines are told as leaving the base's uses; those
    E014s came first, and the line that does not parse fourth."""
    folder = tmp_path / "tricks"
    shutil.copytree(GAMES / "tricks", folder)
    variant = folder / "variants" / "oh_hell.rules"
    text = variant.read_text()
    assert "    leader = next_player(dealer)\n" in text
    variant.write_text(text.replace("    leader = next_player(dealer)\n", "    leader = next_player(dealer\n", 1))
    out = tmp_path / "out.json"
    with open(out, "w") as f, contextlib.redirect_stdout(f):
        rc = cli.main(["check", "--format", "json", "--variant", "oh_hell", str(folder)])
    assert rc == 1
    errors = [d for d in json.loads(out.read_text())["diagnostics"] if d["severity"] == "error"]
    assert (errors[0]["code"], Path(errors[0]["file"]).name, errors[0]["line"]) == ("E107", "oh_hell.rules", 77), errors[:3]


# ------------------------------------------------------------------ indentation
def test_a_blocks_first_line_indented_a_step_too_far_is_told_at_that_line(tmp_path):
    """Market Road's `kind space` with its first field `name: text` indented 8: was told at the
    next field (line 17), "between the block above it and the one around that"."""
    folder = tmp_path / "market"
    shutil.copytree(GAMES / "market", folder)
    rules = folder / "game.rules"
    lines = rules.read_text().split("\n")
    assert lines[15] == "    name: text"
    lines[15] = "        name: text"
    rules.write_text("\n".join(lines))
    found = errors_of(folder)
    assert [(d.code, d.span.line) for d in found] == [("E104", 16)], shown(found)


def test_a_line_dedented_alone_inside_its_block_is_told_at_that_line(tmp_path):
    """Little Hearts' `move c from p.hand to trick` (line 105) written a step back, between lines
    of its loop that go on after it: was told at the next line (106), "indented more than the line
    before it"; one slip explains it, at line 105."""
    folder = tmp_path / "tricks"
    shutil.copytree(GAMES / "tricks", folder)
    rules = folder / "game.rules"
    lines = rules.read_text().split("\n")
    assert lines[104] == "        move c from p.hand to trick"
    lines[104] = lines[104][4:]
    rules.write_text("\n".join(lines))
    found = errors_of(folder)
    assert [(d.code, d.span.line) for d in found] == [("E104", 105)], shown(found)
    assert "lines 104 and 106" in found[0].message and "indent it to column 9" in found[0].hint, shown(found)


def test_a_line_dedented_or_the_next_indented_names_both(tmp_path):
    """Abatteroxie's `say "{t} is cut off ..."` (line 349 when written) written a step back, before
    the last line of its loop (350): either line may be the slip, so the error at 350 names 349 too.
    The line is found by its text, so lines written above it do not break the test."""
    folder = tmp_path / "abatteroxie"
    shutil.copytree(RULEBOOKS / "abatteroxie", folder)
    rules = folder / "game.rules"
    lines = rules.read_text().split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("        say \"{t} is cut off"))
    lines[at] = lines[at][4:]
    rules.write_text("\n".join(lines))
    found = errors_of(folder)
    assert [(d.code, d.span.line) for d in found] == [("E104", at + 2)], shown(found)
    assert f"if line {at + 1} went back a step by mistake, indent it to column 9" in found[0].hint, shown(found)


def test_a_yaml_line_indented_wrong_says_which_line_is_above_it(tmp_path):
    """lots.yaml's first item indented one space more: told at the second (line 3), whose hint
    named "the line above it" without its number, though it is the line to move."""
    folder = tmp_path / "auction"
    shutil.copytree(GAMES / "auction", folder)
    data = folder / "lots.yaml"
    data.write_text(data.read_text().replace('  - {name: "Teapot"', '   - {name: "Teapot"', 1))
    found = errors_of(folder)
    assert found and found[0].span.line == 3, shown(found)
    assert "the line above it (line 2) by 3" in found[0].hint, shown(found)


# ------------------------------------------------------------------ an enum's value misspelt, its data right
def test_an_enum_value_misspelt_where_declared_is_told_at_the_enum(tmp_path):
    """`enum colour: ..., wite` while five records of cards.yaml give 'white': was an E025 at the
    first record ("did you mean 'wite'?"), in the data file, though the slip is in the rules."""
    found = errors_of(edited(tmp_path, GAMES / "fireworks", "enum colour: red, yellow, green, blue, white",
                             "enum colour: red, yellow, green, blue, wite"))
    assert [(d.code, Path(d.span.file).name, d.span.line, d.span.column) for d in found] == \
        [("E025", "game.rules", 10, 40)], shown(found)
    assert "write 'white' here" in found[0].hint and "lines 23, 24, 25, 26, 27" in found[0].hint, shown(found)


def test_an_enum_value_misspelt_in_most_records_is_told_at_the_enum_not_the_field(tmp_path):
    """Mini's `enum suit: red, bleu`, half its records giving 'blue': was E022 at the field 'suit'
    ("declared suit, but 2 of its 4 records give something else")."""
    found = errors_of(edited(tmp_path, GAMES / "mini", "enum suit: red, blue", "enum suit: red, bleu"))
    assert found and (found[0].code, found[0].span.line, found[0].span.column) == ("E025", 5, 17), shown(found)


# ------------------------------------------------------------------ a keyword slip read as a name
def test_a_declaration_word_slip_is_offered_the_nearest_word(tmp_path):
    """`playyers 3 to 5`: the lexer reads 'play' and 'yers', and the hint offered 'play'."""
    found = errors_of(edited(tmp_path, GAMES / "auction", "players 3 to 5", "playyers 3 to 5"))
    assert found and found[0].span.line == 6 and "did you mean 'players'?" in found[0].message, shown(found)


def test_a_type_words_slip_is_named_at_itself(tmp_path):
    """`define arrow_choices: lsit of place`: was "Unexpected 'of'", hinting at '=' after the type."""
    found = errors_of(edited(tmp_path, RULEBOOKS / "smores_galore", "define arrow_choices: list of place",
                             "define arrow_choices: lsit of place"))
    assert found and (found[0].span.line, found[0].span.column) == (132, 23), shown(found)
    assert "'lsit'" in found[0].message and "did you mean 'list'?" in found[0].message, shown(found)


def test_an_if_with_a_letter_doubled_or_swapped_is_named_at_itself(tmp_path):
    """`choose c from p.hand iff legal(p, c) ...` and `= fi d == straight_up then ...`: were
    "Unexpected 'legal'" and "Unexpected 'd'", hinting at a ',' missing between two values."""
    found = errors_of(edited(tmp_path, GAMES / "tricks", "choose c from p.hand if legal(p, c)",
                             "choose c from p.hand iff legal(p, c)"))
    assert found and "'iff' is not a word of the language here; did you mean 'if'?" in found[0].message, shown(found)
    found = errors_of(edited(tmp_path / "s", RULEBOOKS / "smores_galore", "text = if d == straight_up then",
                             "text = fi d == straight_up then"))
    assert found and (found[0].span.line, found[0].span.column) == (429, 36), shown(found)
    assert "did you mean 'if'?" in found[0].message, shown(found)


def test_a_name_missing_from_a_definitions_parameters_is_named_so(tmp_path):
    """`define lot_value(): int = sum([l.value for l in p.won])`, its parameter dropped: the hint
    was empty."""
    found = errors_of(edited(tmp_path, GAMES / "auction", "define lot_value(p: player)", "define lot_value()"))
    assert found and (found[0].code, found[0].span.line) == ("E201", 26), shown(found)
    assert "add it: define lot_value(p: TYPE)" in found[0].hint, shown(found)
