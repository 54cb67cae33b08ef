"""What the sixth broken-rulebook hunt found: round 1's cases (tests/hunt/cases.py) whose first
error was told on a line other than the edited one, a list certain to be empty chosen from, and
dice notation (`die 6d6`) where a die is declared. Each test is one change to the small rulebook
of test_author_mistakes.py with the diagnostic it must get, and fails without the change it
names. The checker is used alone, as `tabletop check` uses it."""
import pytest

from test_author_mistakes import expect, run


# ------------------------------------------------------------------ the edited line named
def test_a_misspelt_field_declaration_is_named_by_the_did_you_mean(tmp_path):
    """`rank` declared as `rnak`: the error is where `c.rank` is read, and its hint names the
    declaration's line, where the slip is (was: "did you mean 'rnak'?" alone)."""
    found, _ = run(tmp_path, ("    rank: int\n", "    rnak: int\n"))
    hit = expect(found, "E201", "game.rules", (25, None), "no field 'rank'")
    assert "did you mean 'rnak' (declared at line 9)?" in hit.hint, hit.hint


def test_one_use_that_does_not_fit_a_definitions_type_names_the_definition(tmp_path):
    """A definition declared bool and used once as a number: the error at the use names where the
    definition is declared, the other likely mistake (was: only the use's hint)."""
    found, _ = run(tmp_path, ("define best(cs: list of card): int = max([c.rank for c in cs])",
                              "define best(cs: list of card): bool = max([c.rank for c in cs]) > 0"))
    hit = next(d for d in found if d.code == "E301" and d.span.line == 39)
    assert "'best' is declared a bool at line 25" in hit.hint, hit.hint


# ------------------------------------------------------------------ a list certain to be empty
@pytest.mark.parametrize("source", ["[n for n in range(1, 0)]", "range(3, 2 - 1)", "[c for c in range(5, 4) if c > 0]"])
def test_choosing_from_a_list_certain_to_be_empty(tmp_path, source):
    found, at = run(tmp_path, ("    draw 1 from deck to current.hand\n", "    draw 1 from deck to current.hand\n"
                               f'    choose x from ^{source} prompt "Pick":\n        say "{{x}}"\n'))
    expect(found, "E208", "game.rules", at, "certain to be empty", "nothing to choose", "empty when b is below a")


def test_choosing_from_a_range_of_one_is_fine(tmp_path):
    found, _ = run(tmp_path, ("    draw 1 from deck to current.hand\n", "    draw 1 from deck to current.hand\n"
                              '    choose x from [n for n in range(1, 1)] prompt "Pick":\n        say "{x}"\n'))
    assert not [d for d in found if d.code == "E208"], [d.message for d in found]


# ------------------------------------------------------------------ dice notation
@pytest.mark.parametrize("decl, words", [("die ^6d6", ("'6d6' is dice notation", "die d6: 1 to 6", "6 times")),
                                         ("die ^d20x", ()),
                                         ("die ^2d10: 1 to 10", ("'2d10' is dice notation", "die d10: 1 to 10"))])
def test_dice_notation_where_a_die_is_declared(tmp_path, decl, words):
    found, at = run(tmp_path, ("var level: int in 0 to 9 = 0\n", f"var level: int in 0 to 9 = 0\n{decl}\n"))
    if not words:           # a name that only starts like dice notation is no slip of this kind
        assert not [d for d in found if "dice notation" in d.message], [d.message for d in found]
        return
    expect(found, "E101", "game.rules", at, *words, "declared by a name and its faces")


# ------------------------------------------------------------------ a zone nothing fills
def test_a_game_without_a_setup_draws_from_a_zone_nothing_fills(tmp_path):
    """No `setup:`: the deck starts empty and nothing ever puts a card into it (was silent)."""
    found, at = run(tmp_path, ("setup:\n    deck = shuffled(card)\n\nturn:\n    draw 1 from deck",
                               "turn:\n    draw 1 from ^deck"))
    expect(found, "W131", "game.rules", at, "draw draws from 'deck'", "nothing in the rules ever puts",
           "starts empty", "deck = shuffled(card)")


def test_a_players_zone_nothing_fills_is_told_where_it_is_chosen_from(tmp_path):
    found, at = run(tmp_path, ("    draw 1 from deck to current.hand\n",
                               '    choose c from ^current.hand prompt "Pick":\n        say "{c}"\n'))
    expect(found, "W131", "game.rules", at, "choice chooses from 'current.hand'", "any player's 'hand'",
           "for p in players: draw 3 from deck to p.hand")


@pytest.mark.parametrize("fill", ["rule deal(z: list of card):\n    add first(card) to z\n",
                                  "rule deal():\n    for z in [deck]:\n        add first(card) to z\n"])
def test_a_zone_filled_through_a_rule_or_a_local_is_no_alarm(tmp_path, fill):
    """A zone handed to a rule, or things put into a local that may be any zone: maybe filled."""
    call = "deal(deck)" if "z:" in fill else "deal()"
    found, _ = run(tmp_path, ("setup:\n    deck = shuffled(card)\n", f"{fill}\nsetup:\n    {call}\n"))
    assert not [d for d in found if d.code == "W131"], [d.message for d in found]


# ------------------------------------------------------------------ a loop's line deleted
def test_stop_after_a_return_names_the_first_line_that_never_runs(tmp_path):
    """`for p in holders:` deleted below `if ...: return` (abatteroxie, round 1): its block now
    follows the `return`, and its `stop` is outside any loop; the hint names where the loop's line
    was lost (was: "use 'return' to leave a rule")."""
    found, at = run(tmp_path, ("    if level < 9:\n        level += 1\n",
                               "    if level < 9:\n        return\n        ^level += 1\n        if level > 3:\n"
                               "            stop\n"))
    hit = expect(found, "E304", "game.rules", (at[0] + 2, None), "not inside one")
    assert f"the lines from line {at[0]} on follow a line that leaves the rule" in hit.hint, hit.hint
    assert f"missing above line {at[0]}" in hit.hint, hit.hint


def test_a_deleted_field_its_data_gives_is_told_where_to_declare_it(tmp_path):
    """`rank: int` deleted from the kind (smores_galore's `advanced`, round 1): the hint names the
    kind's last field, where the line goes back (was: "declare it in the kind 'card'" alone)."""
    found, _ = run(tmp_path, ("    rank: int\n", ""))
    hit = next(d for d in found if d.code == "E201" and "no field 'rank'" in d.message)
    assert "declare it in the kind 'card', after its last field (line 8)" in hit.hint, hit.hint
