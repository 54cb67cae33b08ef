"""Taboo Atoll Express tests that need Python: the setup's invariants over many seeds, the
difficulty option as the API sees it, and the score formula on random setups. The rules' worked
cases (actions, roles, the treasure search, the Messenger, flooding, winning, losing, scoring)
are scenarios in rulebooks/taboo_atoll_express/scenarios/, run by tests/test_scenarios.py.
"""
import pytest

from tabletop.dsl.diagnostics import RulebookError
from tabletop.interpreter.api import load_game
from taboo_helpers import COLOURS, PLATFORM, game, get_var, score_by_hand, space_index, spaces_in, treasure


@pytest.mark.parametrize("seed", range(40))
def test_setup_invariants(seed):
    g = game()
    s = g.new_state(seed=seed)
    # "Roll for 6 spaces, placing a purple cube on each ... The same space may not be rolled twice."
    assert len(spaces_in(s, "flooded")) == 6
    assert spaces_in(s, "sunk") == set()
    for colour in COLOURS:
        t = treasure(s, colour)
        # "place it in the space delimited by the number die in the corresponding color.
        # Reroll if the space is Idiot's Platform."
        assert t["location"] != PLATFORM
        assert g.compiled.static["space"]["colour"][space_index(g, t["location"])] == colour
        assert not t["claimed"]
    # "Lastly, place the player pawn on the Idiot's Platform space."
    assert get_var(s, "pawn") == space_index(g, PLATFORM)
    # "You have no role until the end of your first turn."
    assert get_var(s, "current_role") == "no_role"
    assert get_var(s, "water_level") == 0          # newbie, the default
    # Five setup dice, blacks rerolled: each white is a special action (at most 3), each colour
    # a search point.
    points = sum(treasure(s, c)["search"] for c in COLOURS)
    whites = 5 - points
    assert get_var(s, "special_actions") == min(whites, 3)
    assert get_var(s, "actions_left") == 3
    assert s.pending.prompt == f"Take an action (3 left, {get_var(s, 'special_actions')} special)"
    # the setup's dice are recorded: at least 6 x 2 space dice, 4 treasure dice, 5 search dice
    assert len(s.rolls) >= 12 + 4 + 5
    assert not s.is_over


def test_default_difficulty_is_newbie_and_unknown_difficulty_is_refused():
    assert game().option_values["difficulty"] == "newbie"
    assert get_var(load_game("taboo_atoll_express").new_state(seed=1), "water_level") == 0
    with pytest.raises(RulebookError) as e:
        load_game("taboo_atoll_express", options={"difficulty": "eliet"})
    assert e.value.diagnostics[0].code == "E031"
    assert "elite" in e.value.diagnostics[0].hint


@pytest.mark.parametrize("seed", range(10))
def test_the_score_of_a_fresh_game(seed):
    s = game().new_state(seed=seed)
    points = sum(treasure(s, c)["search"] for c in COLOURS)
    assert s.scores() == [score_by_hand(False, 0, 0, 18, 6, points)]
