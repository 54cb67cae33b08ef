"""What the thirteenth broken-rulebook hunt (tests/hunt/cases13.py, slips of meaning an author
writing a game or a variant makes) found: a `while` whose body calls rules, none of which can
change what its condition reads, or whose condition reads a zone or a definition the quiet body
never changes, passed the check and ran for ever; a variant's `extend table` entry of the wrong
sort of key was told at the base's first entry; a variant's `remove turn` that leaves no section
was told at the base's `game` line. Each test is one edit of a test game, with what the checker
must say; each fails without the change it names."""
import json
from pathlib import Path

from inline import edited
from tabletop.interpreter import cli
from test_hunt11 import errors_of

TESTS = Path(__file__).resolve().parent
GAMES = TESTS / "games"


def shown(found) -> list:
    return [f"{d.code} {Path(d.span.file).name}:{d.span.line}:{d.span.column}: {d.message} | {d.hint}" for d in found]


def checked(capsys, folder, *args) -> list:
    """The errors `tabletop check --format json` gives (the command a reader runs), which must fail."""
    code = cli.main(["check", "--format", "json", *args, str(folder)])
    out = json.loads(capsys.readouterr().out)
    assert code == 1, out
    return [d for d in out["diagnostics"] if d.get("severity", "error") == "error"]


def variant(tmp_path, book: Path, text: str) -> Path:
    """A copy of `book` with a variant variants/x.rules that extends its game.rules."""
    folder = edited(tmp_path, book, "\n", "\n")
    (folder / "variants").mkdir(exist_ok=True)
    (folder / "variants" / "x.rules").write_text('extends "../game.rules"\n' + text)
    return folder


# ------------------------------------------------------------------ loops that never end
def test_a_loop_whose_called_rules_never_change_its_condition_is_told(tmp_path):
    """Tide Pool's `while round_number < 3: draft_round()` with `round_number += 1` left out of
    the rule: passed the check (a loop that calls a rule was never looked into) and dealt until
    the deck ran dry. Now E309 at the condition, naming the rules it looked through."""
    found = errors_of(edited(tmp_path, GAMES / "draft", "    round_number += 1\n", ""))
    assert found and (found[0].code, found[0].span.line) == ("E309", 49), shown(found)
    assert "draft_round, score_round" in found[0].message and "round_number" in found[0].hint, shown(found)


def test_a_loop_that_changes_its_condition_in_a_called_rule_passes(tmp_path):
    """The same game as written (draft_round raises round_number): no error."""
    assert errors_of(edited(tmp_path, GAMES / "draft", "\n", "\n")) == []


def test_a_quiet_loop_on_a_zone_and_a_definition_is_told(tmp_path):
    """Market Road's refill with its `draw` replaced by a `say`: the condition reads zones and a
    definition, which the old check gave up on. Now E309 at the condition."""
    found = errors_of(edited(tmp_path, GAMES / "market", "        draw 1 from deck to row\n", '        say "refill"\n'))
    assert found and (found[0].code, found[0].span.line) == ("E309", 50), shown(found)
    assert "(deck, row)" in found[0].message, shown(found)


def test_a_loop_whose_rule_signals_an_event_passes(tmp_path):
    """A signal inside the loop lets reactions run, and one may change the condition's variable
    (mini's Shield sets `target`): no E309, on the safe side."""
    folder = edited(tmp_path, GAMES / "mini", "    draw 1 from deck to current.hand\n",
                    "    draw 1 from deck to current.hand\n    while target == current:\n        nudge()\n"
                    "rule nudge:\n    signal attacked(current)\n")
    assert [d for d in errors_of(folder) if d.code == "E309"] == []


# ------------------------------------------------------------------ variants told at their own line
def test_an_extend_table_entry_of_the_wrong_sort_of_key_is_told_at_the_variant(tmp_path):
    """`extend table summit: 3 -> 90` on a table keyed by an option: was told at the base's first
    entry (game.rules:12); now at the variant's entry, naming a line of the other sort."""
    folder = variant(tmp_path, GAMES / "dice", "extend option length: epic\nextend table summit:\n    3 -> 90\n")
    found = errors_of(folder, "x")
    assert found and (found[0].code, Path(found[0].span.file).name, found[0].span.line) == ("E301", "x.rules", 4), shown(found)
    assert "as at line 12" in found[0].hint, shown(found)


def test_a_variant_removing_the_only_section_is_told_at_the_remove(tmp_path, capsys):
    """`remove turn` in a variant of a game with only a turn section: was E403 at the base's
    `game` line, which the variant's author did not touch; now at the remove, saying so."""
    found = checked(capsys, variant(tmp_path, GAMES / "dice", "remove turn\n"), "--variant", "x")
    assert found and (found[0]["code"], Path(found[0]["file"]).name, found[0]["line"]) == ("E403", "x.rules", 2), found
    assert "Removing 'turn'" in found[0]["message"] and "replace turn:" in found[0]["hint"], found


# ------------------------------------------------------------------ hints that name the way out
def test_winners_by_a_players_variable_names_the_definition_that_gives_it(tmp_path):
    """`winners: highest score, then highest coins` in Sealed Bids, which has `define
    coins_left(p: player): int = p.coins`: the hint told the reader to write a new definition
    'coins_of'; now it names the one the rulebook has."""
    found = errors_of(edited(tmp_path, GAMES / "auction", "then highest coins_left", "then highest coins"))
    assert found and (found[0].code, found[0].span.line) == ("E201", 30), shown(found)
    assert "the definition 'coins_left' (line 29) gives it" in found[0].hint, shown(found)


def test_a_reaction_on_a_name_that_is_no_event_lists_the_events(tmp_path):
    """`reaction shield on score(victim)`: the hint said only "declare it"; now it says what
    'score' is and which events the rulebook declares."""
    found = errors_of(edited(tmp_path, GAMES / "mini", "reaction shield on attacked(victim)", "reaction shield on score(victim)"))
    assert found and (found[0].code, found[0].span.line) == ("E201", 34), shown(found)
    assert "'score' is the definition at line 38, not an event" in found[0].hint, shown(found)
    assert "the events declared here: attacked (line 15)" in found[0].hint, shown(found)


def test_then_without_its_comma_says_where_the_comma_goes(tmp_path):
    """`winners: highest score then highest coins_left`: the message now says "put ',' before
    'then'" (the fix in the words of the slip, as the other dropped-comma messages do)."""
    found = errors_of(edited(tmp_path, GAMES / "market", "highest score, then", "highest score then"))
    assert found and (found[0].code, found[0].span.line) == ("E101", 37), shown(found)
    assert "put ',' before 'then'" in found[0].message, shown(found)


def test_a_parameter_dropped_from_a_definition_over_two_lines_names_its_line(tmp_path):
    """Flip's `define bracketed(s: square, c: colour)` without `d`, read on its `where` line 33:
    the hint now names the line to add it at, 32."""
    found = errors_of(edited(tmp_path, GAMES / "flip", "define bracketed(s: square, d: direction, c: colour)",
                             "define bracketed(s: square, c: colour)"))
    assert found and (found[0].code, found[0].span.line) == ("E201", 33), shown(found)
    assert "add it at line 32: define bracketed(s, c, d: TYPE)" in found[0].hint, shown(found)


def test_no_score_names_the_one_definition_that_could_be_it(tmp_path):
    """Climb's `define score` renamed `points`: E405 said to add a score; now it names 'points'."""
    found = errors_of(edited(tmp_path, GAMES / "dice", "define score(p: player): int = p.banked",
                             "define points(p: player): int = p.banked"))
    assert found and found[0].code == "E405", shown(found)
    assert "the definition 'points' (line 68)" in found[0].hint and "winners: highest points" in found[0].hint, shown(found)


def test_adding_a_value_of_the_wrong_type_names_the_zone(tmp_path):
    """`add c.value to table` (a number to a zone of cards): the message said "Cannot add an int
    to a list of cards" without naming the zone; now it names it and what it holds."""
    found = errors_of(edited(tmp_path, GAMES / "mini", "        p.points += c.value", "        add c.value to table"))
    assert found and (found[0].code, found[0].span.line) == ("E301", 27), shown(found)
    assert found[0].message == "Cannot add an int to 'table', which holds cards.", shown(found)


# ------------------------------------------------------------------ a call with a value missing or too many
def test_a_call_with_a_value_missing_is_not_also_told_its_values_types_by_place(tmp_path):
    """`advance(c.steps)` for `rule advance(p: player, n: int)`: was E207 and then E301 "wants a
    player for 'p', not an int" (the values checked against the parameters at their places, which
    no longer line up); now only the E207."""
    found = errors_of(edited(tmp_path, GAMES / "market", "            advance(current, c.steps)", "            advance(c.steps)"))
    assert [d.code for d in found] == ["E207"], shown(found)


def test_a_parameter_dropped_from_a_definition_is_not_blamed_on_the_other_ones_type(tmp_path):
    """Fireworks' `define told(i: int)` without `p`, called `told(current, i)`: was E301 at the
    declaration, "'i' is declared here as an int, and 3 of its uses do not fit that" (the calls'
    first values held against 'i'); now the unknown 'p', with the line to add it at."""
    found = errors_of(edited(tmp_path, GAMES / "fireworks", "define told(p: player, i: int): text", "define told(i: int): text"))
    assert found and (found[0].code, found[0].span.line) == ("E201", 45), shown(found)
    assert "add it at line 44: define told(i, p: TYPE)" in found[0].hint, shown(found)
    assert not [d for d in found if d.code == "E301"], shown(found)


def test_an_endless_loop_whose_changing_line_was_dedented_names_that_line(tmp_path):
    """S'mores Galore's setup loop `while count(clashing_piles) > 0:` with its `move ... pile[k]`
    line dedented out of it (hunt round 2's "dedent line 218", which passed the check before the
    thirteenth hunt's E309 read through definitions): told at the loop, and the hint names line
    218, the line below it that changes what the condition reads."""
    line = "        move first(pile[k]) from pile[k] to pile[k]\n"
    found = errors_of(edited(tmp_path, TESTS.parent / "rulebooks" / "smores_galore", line, line[4:]))
    assert found and (found[0].code, found[0].span.line) == ("E309", 216), shown(found)
    assert found[0].hint.startswith("line 218, just below the loop, changes pile"), shown(found)


def test_an_endless_loop_is_not_told_over_an_error_in_a_rule_it_calls(tmp_path):
    """`round_numbr += 1` in the rule Tide Pool's loop calls: the slip is told at its line (54), and
    not the loop it leaves endless above it (line 49), which hunt round 12's mutants of that line
    found told first. (A guard for this round's E309, not a fix of the old code.)"""
    found = errors_of(edited(tmp_path, GAMES / "draft", "    round_number += 1\n", "    round_numbr += 1\n"))
    assert found and (found[0].code, found[0].span.line) == ("E201", 54), shown(found)
    assert not [d for d in found if d.code == "E309"], shown(found)


# ------------------------------------------------------------------ a reaction's locals
def test_a_game_variable_misspelt_in_a_reaction_s_body_is_told_there(tmp_path):
    """Masks' block reaction setting `blockign_role = r` (the sweep of hunt 12, its cases moved by
    an edit of Smackatoa!): a reaction's body made a new local and the game's variable stayed
    none, with no word, though the same slip in a rule is E201. Now told at the reaction's line."""
    found = errors_of(edited(tmp_path, GAMES / "bluff", "    blocking_role = r\n", "    blockign_role = r\n"))
    assert found and (found[0].code, found[0].span.line) == ("E201", 48), shown(found)
    assert "never used" in found[0].message and "blocking_role" in (found[0].hint or ""), shown(found)
