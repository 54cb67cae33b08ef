"""Names and values: a local belongs to the block where it is first set, and a table may be keyed
by several values (Smackatoa!'s eruption table is level x roll)."""
import pytest

from inline import diagnostics, game
from tabletop.interpreter.api import RuleError


def errors(found):
    return sorted((d.code, d.span.line) for d in found if d.severity == "error")


def test_a_local_first_set_in_a_block_is_unknown_after_it(tmp_path):
    found = diagnostics(tmp_path, '''
        game "Scopes"
        players 1
        turn:
            if turn_number > 1:
                n = 1
            else:
                n = 2
            say "{n}"
            end game
        define score(p: player): int = 0
    ''')
    assert errors(found) == [("E201", 8)]
    assert [d.message for d in found if d.severity == "error"] == ["Unknown name 'n'."]


def test_two_blocks_may_set_the_same_name_to_values_of_different_types(tmp_path):
    g = game(tmp_path, '''
        game "Scopes"
        players 1
        turn:
            for k in [1, 2]:
                x = k * 10
                say "number {x}"
            for w in [true]:
                x = [w, not w]
                say "truths {x}"
            x = "done"
            say "{x}"
            end game
        define score(p: player): int = 0
    ''')
    s = g.new_state(players=1, seed=0)
    assert s.log == ["number 10", "number 20", "truths yes, no", "done", "The game is over."]


def test_a_local_set_before_a_block_is_the_same_name_inside_it(tmp_path):
    g = game(tmp_path, '''
        game "Scopes"
        players 1
        turn:
            total = 0
            for k in [1, 2, 3]:
                total += k
            say "{total}"
            end game
        define score(p: player): int = 0
    ''')
    assert g.new_state(players=1, seed=0).log == ["6", "The game is over."]


DAMAGE = '''
    game "Eruptions"
    players 1
    enum heat: warm, hot
    table damage:
        1, 2 to 3 -> 0
        1, 4 to 12 -> 1
        2, 2 to 7 -> 1
        2, 8 to 12 -> 3
    table mood:
        warm, 1 -> "calm"
        hot, 1 -> "rumbling"
    turn:
        say "{damage[1, 3]} {damage[1, 9]} {damage[2, 7]} {damage[2, 12]} {mood[hot, 1]}"
        say "{damage[2 + turn_number, 5]}"
        end game
    define score(p: player): int = 0
'''


def missing_entry_then_log(tmp_path, rules: str, missing_line: str, message: str, line: int) -> list:
    """Play `rules`: the line `missing_line` asks a table for a key it has no entry for, the error
    `message` at `line`; without that line, the log the rules say."""
    with pytest.raises(RuleError, match=message) as e:
        game(tmp_path, rules).new_state(players=1, seed=0)
    assert e.value.span.line == line
    return game(tmp_path, rules.replace(missing_line, "")).new_state(players=1, seed=0).log


def test_a_table_keyed_by_two_values(tmp_path):
    # (a key worked out in play: written out, damage[3, 5] is refused at check, E208)
    log = missing_entry_then_log(tmp_path, DAMAGE, '        say "{damage[2 + turn_number, 5]}"\n',
                                 "The table 'damage' has no entry for 3, 5", 14)
    assert log == ["0 1 1 3 rumbling", "The game is over."]


def test_table_keys_are_checked_position_by_position(tmp_path):
    found = diagnostics(tmp_path, '''
        game "Eruptions"
        players 1
        enum heat: warm, hot
        table damage:
            1, 2 to 3 -> 0
            1, 3 -> 1
            2 -> 4
            hot, 5 -> 2
        table by_heat:
            warm, 1 -> 0
            hot, 1 -> 1
        turn:
            say "{damage[1]} {by_heat[1, warm]} {by_heat[hot, 1]}"
            end game
        define score(p: player): int = 0
    ''')
    assert [(d.code, d.span.line, d.message) for d in found if d.severity == "error"] == [
        ("E202", 6, "The table 'damage' gives '1, 3' twice (first at line 5)."),
        ("E207", 7, "The table 'damage' is keyed by 2 values, but this entry gives 1."),
        ("E301", 8, "The table 'damage' mixes whole numbers with names or texts in its first key."),
        ("E207", 13, "The table 'damage' is looked up by 2 values, not 1."),
        ("E301", 13, "The table 'by_heat' is looked up by a heat in its first key, not by an int."),
        ("E301", 13, "The table 'by_heat' is looked up by an int in its second key, not by a heat."),
    ]


def test_a_table_of_single_keys_gives_each_entry_and_names_a_missing_key_at_its_line(tmp_path):
    """A table whose keys are single values (looked up in a dict) gives the same as one with
    ranges (searched entry by entry), and a key with no entry is the same error at the line."""
    rules = '''
        game "Lookups"
        players 1
        enum heat: warm, hot
        var n: int = 0
        table bonus:
            1 -> 10
            2 -> 20
            3 -> 30
        table ranged:
            1 -> 10
            2 to 3 -> 25
        table feel:
            warm -> "calm"
            hot -> "rumbling"
        turn:
            n = 2
            say "{bonus[1]} {bonus[n]} {bonus[n + 1]} {ranged[n]} {feel[warm]} {feel[hot]}"
            n = 4
            say "{bonus[n]}"
            end game
        define score(p: player): int = 0
    '''
    log = missing_entry_then_log(tmp_path, rules, '            say "{bonus[n]}"\n',
                                 "The table 'bonus' has no entry for 4", 19)
    assert log == ["10 20 30 25 calm rumbling", "The game is over."]
