"""Two messages a new author met writing Coup and Can't Stop: a reaction that names more values
than its event carries (said in words, "1 value", at the event's name, with the names to write),
and Python's key function given to `max` or `min` (one error, whose hint writes both the number
and the item that has it, instead of two errors about a list of players and a function)."""
from inline import diagnostics

BASE = """
game "Claims"
players 2
player var coins: int = 0
event claimed(who: player)
reaction challenge on claimed(who) by p labelled "Challenge {who}":
    p.coins += 1
turn:
    signal claimed(current)
    end game "Done."
define score(p: player): int = p.coins
"""


def test_a_reaction_naming_more_values_than_its_event_carries(tmp_path):
    rules = BASE.replace("on claimed(who) by", "on claimed(who, role) by")
    [d] = [d for d in diagnostics(tmp_path, rules) if d.code == "E207"]
    assert d.message == "The event 'claimed' carries 1 value, but the reaction names 2 values."
    assert (d.span.line, d.span.column) == (5, 23)          # at 'claimed', not at 'reaction'
    assert d.hint == "name one for each of the event's: on claimed(who)"


def test_max_given_a_key_function_is_one_error_with_both_readings(tmp_path):
    rules = BASE.replace('    end game "Done."', '    richest = max(players, p => p.coins)\n    end game "{richest} is richest."')
    found = [d for d in diagnostics(tmp_path, rules) if not d.code.startswith("W")]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E301", 9, 28)], found
    assert found[0].hint == ("the number: max([p.coins for p in players]); the item: "
                             "first(sort(players, p => 0 - p.coins))")
    # a key that is no number cannot be turned round: the last of the sort
    rules = rules.replace("p => p.coins", "p => \"{p}\"")
    [d] = [d for d in diagnostics(tmp_path, rules) if d.code == "E301"]
    assert d.hint == 'the item: last(sort(players, p => "{p}"))'
