"""What the eighth broken-rulebook hunt found. Every edit of the hunt's round files (tests/hunt/
cases*.py) is now told at its line; these tests keep the hints this round added to parse errors
that were told at the right line with no hint at all. Each is one edit of the race test game, with
what `tabletop check` must say; each fails without the change it names."""
import json
from pathlib import Path

from inline import edited
from tabletop.interpreter import cli

RACE = Path(__file__).resolve().parent / "hunt" / "games5" / "race"


def first_error(tmp_path, capsys, old: str, new: str, book: Path = RACE) -> dict:
    assert cli.main(["check", "--format", "json", str(edited(tmp_path, book, old, new))]) == 1
    errors = [d for d in json.loads(capsys.readouterr().out)["diagnostics"] if d["severity"] == "error"]
    return errors[0]


HERE_DEF = "define here(p: player): space = first([s for s in space if s.index == p.position])"


def test_a_definition_that_adds_to_a_variable_is_told_a_definition_changes_nothing(tmp_path, capsys):
    """`define here(...): space = rolls += 1`: was "Unexpected '='" with no hint."""
    d = first_error(tmp_path, capsys, HERE_DEF, "define here(p: player): space = rolls += 1")
    assert (d["code"], d["line"]) == ("E101", 19)
    assert "a definition works a value out and changes nothing" in d["hint"]
    assert "in a rule or the turn" in d["hint"]
    assert "'=='" not in d["hint"]          # '+=' is no comparison written wrong


def test_a_definition_with_a_lone_equals_is_told_both_the_comparison_and_the_setting(tmp_path, capsys):
    """`define won(p: player): bool = p.position = 20`: perhaps '==' meant; was no hint."""
    d = first_error(tmp_path, capsys, HERE_DEF, HERE_DEF + "\ndefine won(p: player): bool = p.position = 20")
    assert (d["code"], d["line"]) == ("E101", 20)
    assert d["hint"].startswith("to compare two values, write '=='")
    assert "changes nothing" in d["hint"]


def test_a_map_literal_of_another_language_is_told_the_table(tmp_path, capsys):
    """`var rolls: int = {"a": 0}["a"]`: was "Unexpected '{'" with no hint."""
    d = first_error(tmp_path, capsys, "var rolls: int = 0", 'var rolls: int = {"a": 0}["a"]')
    assert (d["code"], d["line"], d["column"]) == ("E101", 17, 18)
    assert "no '{...}' maps" in d["hint"] and "table NAME:" in d["hint"] and "NAME[KEY]" in d["hint"]


def test_a_set_in_a_rule_after_a_definition_line_keeps_its_own_hint(tmp_path, capsys):
    """The definition hint is only for the line that starts 'define': an '==' slip elsewhere is not
    told about definitions."""
    d = first_error(tmp_path, capsys, "var rolls: int = 0", "var rolls: int = 0 = 1")
    assert "definition" not in d.get("hint", "")


SQUARES = RACE.parent / "squares"
SMACKSHAPES = Path(__file__).resolve().parents[1] / "rulebooks" / "smackshapes"


def test_rounds_without_take_is_told_the_verb(tmp_path, capsys):
    """`rounds led by smackhead` for `take rounds ...` (round 2's "smackshapes play without take"):
    was "Unexpected 'led'" with no hint."""
    d = first_error(tmp_path, capsys, "    take rounds led by smackhead", "    rounds led by smackhead  # the deal",
                    SMACKSHAPES)
    assert (d["code"], d["line"]) == ("E101", 52)
    assert d["hint"].startswith("write 'take rounds led by smackhead':")


def test_setting_players_is_told_the_engine_keeps_it(tmp_path, capsys):
    """`players = []` in the turn (round 5's "squares: players set"): was no hint."""
    d = first_error(tmp_path, capsys, "    if turn_number >= 12:", "    players = []\n    if turn_number >= 12:", SQUARES)
    assert (d["code"], d["line"]) == ("E101", 34)
    assert "'players' is kept by the engine" in d["hint"] and "'var'" in d["hint"]


def test_an_empty_winners_line_is_told_how_to_rank(tmp_path, capsys):
    """`winners:` with nothing after it (round 2's "winners empty"): was no hint."""
    d = first_error(tmp_path, capsys, "winners: highest score", "winners:")
    assert (d["code"], d["line"]) == ("E101", 40)
    assert "winners: highest score" in d["hint"]


def test_a_range_on_a_variable_that_is_not_a_number_names_its_type_and_the_two_ways_out(tmp_path, capsys):
    """`player var position: bool in 0 to 20 = 0` (round 2's "... made bool"): was "Only whole-number
    variables can have a range." with no hint."""
    d = first_error(tmp_path, capsys, "player var position: int in 0 to 20 = 0",
                    "player var position: bool in 0 to 20 = false")
    assert (d["code"], d["line"]) == ("E205", 16)
    assert "'position' is declared as a bool" in d["message"]
    assert d["hint"].startswith("write 'int' for its type if it counts something, or leave out 'in 0 to 20'")
