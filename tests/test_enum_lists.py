"""An enum's name as the list of its values, in declaration order and with an `extend enum`'s
values after the base's: a choice, a loop, a comprehension and `count` over it, a new list each
time it is read (a rule may change the one it got), and the checker typing it `list of ENUM`."""
import pytest

from tabletop.interpreter import codegen
from inline import diagnostics, game

BASE = '''
    game "Crews"
    players 1
    enum role: diver, pilot, navigator
    var picked: list of role = []
    var total: int = 0
    winners: [p for p in players]
    define others(r: role): list of role = [x for x in role if x != r]
    define roles: list of role = role
    turn:
        choose r from role labelled "Be a {r}"
        picked = roles
        remove r from picked
        left = role
        remove r from left
        total = count(others(r)) * 100 + count(role) * 10 + count(roles) + count(left)
        for x in role if x != r:
            say "{x} stays."
        end game "done"
'''
SCOUT = '''
    extends "../game.rules"
    extend enum role: scout
'''


@pytest.mark.parametrize("closures", [False, True])
def test_an_enums_name_is_its_values_in_order_for_a_choice_a_loop_and_count(tmp_path, closures):
    """Generated code and closures alike: a definition's value and a statement's are each a new list."""
    if closures:
        with codegen.closures_only():
            g = game(tmp_path, BASE)
    else:
        g = game(tmp_path, BASE)
    s = g.new_state(seed=1)
    assert s.options(0) == ["Be a diver", "Be a pilot", "Be a navigator"]
    s.apply_label("Be a pilot")
    assert [line for line in s.log if "stays" in line] == ["diver stays.", "navigator stays."]
    names = s.game.compiled.global_names
    # the lists the rule took and changed are its own: `role` and `roles` still have all three values
    assert s.data["globals"][names.index("picked")] == ["diver", "navigator"]
    assert s.data["globals"][names.index("total")] == 2 * 100 + 3 * 10 + 3 + 2


def test_a_variants_extend_enum_joins_every_such_list(tmp_path):
    g = game(tmp_path, BASE, "scout", **{"variants__scout.rules": SCOUT})
    s = g.new_state(seed=1)
    assert s.options(0) == ["Be a diver", "Be a pilot", "Be a navigator", "Be a scout"]
    s.apply_label("Be a scout")
    assert s.data["globals"][s.game.compiled.global_names.index("total")] == 3 * 100 + 4 * 10 + 4 + 3


def test_the_checker_types_an_enums_name_as_a_list_of_its_values(tmp_path):
    wrong = BASE.replace("define roles: list of role = role", "define roles: int = role")
    found = diagnostics(tmp_path, wrong)
    assert [d.code for d in found if d.code.startswith("E")] == ["E301"], [d.message for d in found]
    assert "list of role" in found[0].message


def test_an_enum_and_a_kind_or_variable_of_the_same_name_are_e202(tmp_path):
    for clash in ("var role: int = 0", "kind role from \"roles.yaml\":\n        name: text"):
        found = diagnostics(tmp_path, BASE.replace("    var total", f"    {clash}\n    var total", 1),
                            **{"roles.yaml": "roles:\n  - {name: a}\n"})
        assert any(d.code == "E202" and "'role' is declared twice" in d.message for d in found), \
            [d.message for d in found]


def test_a_local_may_have_an_enums_name_as_a_kinds_and_means_the_local(tmp_path):
    """`define word(colour: colour)` is how authors write it: inside, the name is the parameter,
    as a kind's name is a loop's item in `for card in hand` (the enum's list is not needed there)."""
    text = BASE.replace("define others(r: role): list of role = [x for x in role if x != r]",
                        "define others(role: role): list of role = [role]")
    assert [d.message for d in diagnostics(tmp_path, text) if d.severity == "error"] == []


def test_generated_source_writes_the_enums_list_out_where_it_is_read(tmp_path, monkeypatch):
    """A list display, so each read makes a new list (a stored copy would be one list shared by
    every read); and written out, not left to a closure."""
    texts, compiled = [], codegen._compiled
    monkeypatch.setattr(codegen, "_compiled", lambda text, *rest: texts.append(text) or compiled(text, *rest))
    game(tmp_path, BASE)
    assert any("return ['diver', 'pilot', 'navigator']" in t for t in texts), texts
