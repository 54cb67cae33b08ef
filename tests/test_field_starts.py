"""A thing's field may start from fields declared before it, worked out ones too: each is read by
generated code through the machine's field lists by number, which must hold it before the next
start is worked out."""
from inline import game

RULES = '''
    game "Starts"
    players 2
    kind gem from "gems.yaml":
        name: text
        size: int
        double: int = gem "big".size * 2
        both: int = gem "small".double + 2
    var total: int = sum([g.both for g in gem])
    turn:
        choose k from [1] labelled "Done"
        end game "done"
    define score(p: player): int = 0
    define small_double: int = gem "small".double
    define boths: list of int = [g.both for g in gem]
    winners: highest score
'''
GEMS = "gems:\n  - {name: small, size: 1}\n  - {name: big, size: 5}\n"


def test_a_field_starts_from_worked_out_fields_before_it(tmp_path):
    state = game(tmp_path, RULES, **{"gems.yaml": GEMS}).new_state(seed=1)
    assert state.evaluate("small_double") == 10
    assert state.evaluate("boths") == [12, 12]
    assert state.evaluate("total") == 24
