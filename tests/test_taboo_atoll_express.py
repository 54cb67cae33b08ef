"""Scenario tests for Taboo Atoll Express: one or more per rule of the text and the house rules.

Each test sets a position up through the plain-data state (see tests/taboo_helpers.py), then
plays it through the API. Rolls a scenario needs are found by `force`, which searches the
engine's own random generator states; its conditions only look at the dice, never at the
consequence the test checks.

The map, for reading the tests (row 0 at the top; colour by quadrant):

    row 0:                    Breakneck Dive  Copper Fields
    row 1:    Wave Fortress   Water Sanctuary Ghost Stone    Lunar Peak
    row 2: Forgotten Swamp Evenfall Forest Temple Reef Solar Palace Lookout Hill Earth Sanctuary
    row 3: Sands of Despair Wind Sanctuary Secret Eden Dark Pit     Blood Woods  Starsight Hill
    row 4:    Windswept Plains Bender's Crossing Flame Sanctuary Dwelling of Sparks
    row 5:                    Foggy Knoll     Idiot's Platform
"""
import pytest

from tabletop.dsl.diagnostics import RulebookError
from tabletop.interpreter.api import IllegalMove, load_game
from taboo_helpers import (COLOURS, PLATFORM, all_spaces, finish_actions, flood_first, flood_rolls, flood_state,
                           force, game, get_var, in_action_phase, in_search, keep_pair, keep_two_plain, labels_starting, pawn,
                           put_pawn, refresh, scenario, score_by_hand, search_offers_black, set_treasure, set_var,
                           space_index, spaces_in, targets, to_clean_search, treasure)

DARK_PIT_ORTHOGONAL = {"Solar Palace", "Secret Eden", "Blood Woods", "Flame Sanctuary"}
DARK_PIT_DIAGONAL = {"Temple Reef", "Lookout Hill", "Bender's Crossing", "Dwelling of Sparks"}


# ============================================================================ setup
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
    assert pawn(s) == PLATFORM
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
    assert not s.is_over


@pytest.mark.parametrize("difficulty,level", [("newbie", 0), ("normal", 2), ("elite", 5), ("crazy", 6),
                                              ("insane", 8), ("idiotic", 9)])
def test_difficulty_sets_the_start_water_level(difficulty, level):
    s = game(difficulty).new_state(seed=5)
    assert get_var(s, "water_level") == level
    assert f"Water level {level} of 14" in s.render(0)


def test_default_difficulty_is_newbie_and_unknown_difficulty_is_refused():
    assert game().option_values["difficulty"] == "newbie"
    assert get_var(load_game("taboo_atoll_express").new_state(seed=1), "water_level") == 0
    with pytest.raises(RulebookError) as e:
        load_game("taboo_atoll_express", options={"difficulty": "eliet"})
    assert e.value.diagnostics[0].code == "E031"
    assert "elite" in e.value.diagnostics[0].hint


@pytest.mark.parametrize("level,floods", [(0, 2), (1, 2), (2, 3), (5, 3), (6, 4), (8, 4), (9, 5), (13, 5)])
def test_floods_per_turn_follow_the_water_level(level, floods):
    s = scenario(water=level)
    to_clean_search(s)
    s.apply_label(next(o for o in s.options() if " and " in o))
    assert len(flood_rolls(s)) == floods
    assert len(set(flood_rolls(s))) == floods          # all different while dry spaces remain
    assert spaces_in(s, "flooded") == set(flood_rolls(s))


# ============================================================================ actions
def test_three_actions_a_turn_then_the_search():
    s = scenario(seed=2)
    for left in (3, 2, 1):
        assert s.pending.prompt == f"Take an action ({left} left, 0 special)"
        s.apply_label("Pass")
    assert in_search(s)


def test_move_to_adjacent_unsunk_spaces_only():
    s = scenario(pawn_at="Dark Pit", sunk=["Solar Palace"], flooded=["Secret Eden"])
    assert targets(s, "Move to ") == {"Secret Eden", "Blood Woods", "Flame Sanctuary"}
    s.apply_label("Move to Secret Eden")         # a flooded space may be entered
    assert pawn(s) == "Secret Eden"
    assert get_var(s, "actions_left") == 2


def test_shore_up_the_current_or_an_adjacent_space():
    s = scenario(pawn_at="Dark Pit", flooded=["Dark Pit", "Secret Eden", "Temple Reef", "Lookout Hill"])
    # Temple Reef and Lookout Hill are diagonal: only the Explorer may shore them up.
    assert targets(s, "Shore up ") == {"Dark Pit", "Secret Eden"}
    s.apply_label("Shore up Secret Eden")
    assert flood_state(s, "Secret Eden") == "dry"
    assert get_var(s, "actions_left") == 2
    assert targets(s, "Shore up ") == {"Dark Pit"}


def test_explorer_moves_and_shores_up_diagonally():
    s = scenario(pawn_at="Dark Pit", role="explorer", flooded=["Temple Reef"], sunk=["Lookout Hill"])
    assert targets(s, "Move to ") == DARK_PIT_ORTHOGONAL | DARK_PIT_DIAGONAL - {"Lookout Hill"}
    assert targets(s, "Shore up ") == {"Temple Reef"}
    s.apply_label("Move to Temple Reef")
    assert pawn(s) == "Temple Reef"


def test_navigator_moves_up_to_two_spaces_for_one_action():
    s = scenario(pawn_at="Dark Pit", role="navigator", sunk=["Solar Palace"])
    assert targets(s, "Move to ") == {"Secret Eden", "Blood Woods", "Flame Sanctuary"}
    # Two steps, never through the sunk Solar Palace (so not to Ghost Stone).
    assert targets(s, "Navigate to ") == {"Temple Reef", "Lookout Hill", "Wind Sanctuary", "Starsight Hill",
                                          "Bender's Crossing", "Dwelling of Sparks", PLATFORM}
    s.apply_label("Navigate to Wind Sanctuary")
    assert pawn(s) == "Wind Sanctuary"
    assert get_var(s, "actions_left") == 2
    # Other roles never navigate.
    assert targets(scenario(pawn_at="Dark Pit", role="explorer"), "Navigate to ") == set()


def test_engineer_shores_up_two_spaces_for_one_action():
    s = scenario(pawn_at="Dark Pit", role="engineer", flooded=["Dark Pit", "Secret Eden", "Blood Woods"])
    pairs = labels_starting(s, "Shore up ")
    assert "Shore up Dark Pit and Secret Eden" in pairs
    assert "Shore up Secret Eden and Blood Woods" in pairs
    assert "Shore up Dark Pit and Blood Woods" in pairs
    s.apply_label("Shore up Dark Pit and Blood Woods")
    assert flood_state(s, "Dark Pit") == flood_state(s, "Blood Woods") == "dry"
    assert flood_state(s, "Secret Eden") == "flooded"
    assert get_var(s, "actions_left") == 2
    # Only the Engineer has the two-space option.
    other = scenario(pawn_at="Dark Pit", role="diver", flooded=["Dark Pit", "Secret Eden"])
    assert not any(" and " in o for o in labels_starting(other, "Shore up "))


def test_diver_swims_through_flooded_and_sunk_spaces():
    # Solar Palace (sunk) and Secret Eden (flooded) are water the Diver can swim through.
    s = scenario(pawn_at="Dark Pit", role="diver", sunk=["Solar Palace"], flooded=["Secret Eden"])
    assert targets(s, "Swim to ") == {"Ghost Stone", "Temple Reef", "Lookout Hill",       # past Solar Palace
                                      "Wind Sanctuary", "Bender's Crossing"}             # past Secret Eden
    assert "Swim to Solar Palace" not in s.options()     # never ends on a sunk space
    assert "Swim to Copper Fields" not in s.options()    # Ghost Stone is dry: no swimming past it
    s.apply_label("Swim to Ghost Stone")
    assert pawn(s) == "Ghost Stone"
    assert get_var(s, "actions_left") == 2               # one action for the whole swim
    # A longer swim: a chain of water from Ghost Stone up to Copper Fields and on.
    s = scenario(pawn_at="Foggy Knoll", role="diver",
                 flooded=["Bender's Crossing", "Secret Eden"], sunk=["Temple Reef", "Water Sanctuary"])
    assert {"Breakneck Dive", "Wave Fortress", "Ghost Stone", "Evenfall Forest"} <= targets(s, "Swim to ")
    s.apply_label("Swim to Breakneck Dive")
    assert pawn(s) == "Breakneck Dive"
    # Other roles never swim.
    assert targets(scenario(pawn_at="Dark Pit", role="pilot", sunk=["Solar Palace"]), "Swim to ") == set()


def test_pilot_flies_to_any_unsunk_space_once_per_turn():
    s = scenario(seed=3, pawn_at="Dark Pit", role="pilot", sunk=["Copper Fields"])
    assert targets(s, "Fly to ") == set(all_spaces(s.game)) - {"Dark Pit", "Copper Fields"}
    s.apply_label("Fly to Breakneck Dive")
    assert pawn(s) == "Breakneck Dive"
    assert get_var(s, "actions_left") == 2
    assert targets(s, "Fly to ") == set()            # once per turn
    s.apply_label("Move to Water Sanctuary")
    # Next turn, a Pilot may fly again. (Nothing is flooded, so nothing can sink this turn.)
    to_clean_search(s)
    keep_two_plain(s)
    assert in_action_phase(s)
    set_var(s, "current_role", "pilot")
    refresh(s)
    assert "Fly to Dark Pit" in s.options()


def test_claiming_needs_five_points_and_the_pawn_on_the_space():
    s = scenario(pawn_at="Blood Woods")
    set_treasure(s, "red", location="Blood Woods", search=4)
    refresh(s)
    assert labels_starting(s, "Claim") == []                 # only 4 points
    set_treasure(s, "red", search=5)
    put_pawn(s, "Dark Pit")
    refresh(s)
    assert labels_starting(s, "Claim") == []                 # 5 points, but not on the space
    s.apply_label("Move to Blood Woods")
    assert labels_starting(s, "Claim") == ["Claim the red treasure"]
    s.apply_label("Claim the red treasure")
    assert treasure(s, "red")["claimed"]
    assert get_var(s, "actions_left") == 1
    assert labels_starting(s, "Claim") == []                 # claimed once only


def test_special_actions_do_not_use_actions():
    s = scenario(pawn_at="Dark Pit", special=3, flooded=["Copper Fields"])
    s.apply_label("Air Support: fly to Foggy Knoll")
    assert pawn(s) == "Foggy Knoll"
    s.apply_label("Get Digging: shore up Copper Fields")
    assert flood_state(s, "Copper Fields") == "dry"
    s.apply_label("Quick Schooling: become the diver")
    assert get_var(s, "current_role") == "diver"
    assert get_var(s, "actions_left") == 3
    assert get_var(s, "special_actions") == 0
    assert labels_starting(s, "Air Support") == labels_starting(s, "Get Digging") == []
    assert labels_starting(s, "Quick Schooling") == []


def test_special_actions_may_be_spent_after_the_last_action():
    s = scenario(special=1, flooded=["Copper Fields"])
    for _ in range(3):
        s.apply_label("Pass")
    assert in_action_phase(s)
    assert "End the action phase" in s.options()
    assert "Pass" not in s.options()
    s.apply_label("Get Digging: shore up Copper Fields")
    assert in_search(s)                          # no actions and no special actions left


def test_quick_schooling_offers_every_other_role():
    s = scenario(role="pilot", special=1)
    assert targets(s, "Quick Schooling: become the ") == {"explorer", "engineer", "diver", "navigator", "messenger"}


# ============================================================================ treasure search dice
def test_a_black_die_must_be_kept():
    s = scenario(seed=4)
    force(s, finish_actions, lambda c: in_search(c) and c.pending.prompt.count("black") == 1)
    assert all("black" in o for o in s.options())
    water = get_var(s, "water_level")         # every space is dry, so nothing can sink this turn
    s.apply_label(next(o for o in s.options() if " and " in o))
    assert get_var(s, "water_level") == water + 1


def test_two_blacks_in_the_first_roll_are_both_kept():
    s = scenario(seed=6)
    before = [treasure(s, c)["search"] for c in COLOURS]
    # The only way the search ends without asking anything is two blacks in the first roll.
    force(s, finish_actions, lambda c: not in_search(c) and in_action_phase(c) and c.data["turn_number"] == 2)
    assert get_var(s, "water_level") == 2               # two blacks kept; nothing could sink
    assert [treasure(s, c)["search"] for c in COLOURS] == before
    assert get_var(s, "special_actions") == 0


def test_two_blacks_after_a_saved_die_discard_it():
    s = scenario(seed=7)
    to_clean_search(s)
    saved = next(o for o in s.options() if " and " not in o and "white" not in o)   # "Keep <colour>"
    colour = saved.split()[-1]
    before = treasure(s, colour)["search"]

    def keep_one(c):
        c.apply_label(saved)

    # The re-roll of the other two dice shows two blacks: the saved die is discarded.
    force(s, keep_one, lambda c: not in_search(c))
    assert get_var(s, "water_level") == 2
    assert treasure(s, colour)["search"] == before


def test_keep_one_then_one_more_from_the_reroll():
    s = scenario(seed=8)
    to_clean_search(s)
    first = next(o for o in s.options() if " and " not in o and "white" not in o)
    colour = first.split()[-1]

    def keep_one(c):
        c.apply_label(first)

    force(s, keep_one, lambda c: in_search(c) and not search_offers_black(c) and
          c.pending.prompt.count(colour) == 1)     # the reroll shows two other non-black faces
    assert s.pending.prompt.endswith(f"kept so far: {colour}")
    assert all(" and " not in o for o in s.options())      # one more die, not two
    second = s.options()[0].split()[-1]
    s.apply_label(s.options()[0])
    assert treasure(s, colour)["search"] == 1
    if second in COLOURS:
        assert treasure(s, second)["search"] == 1
    else:
        assert get_var(s, "special_actions") == 1


def test_claimed_colours_are_rerolled():
    s = scenario(seed=9)
    set_treasure(s, "red", claimed=True)
    set_treasure(s, "blue", claimed=True)
    set_treasure(s, "green", claimed=True)
    searched = 0
    for k in range(30):
        c = s.copy()
        c.data["rng"] = k * 7919 + 1
        finish_actions(c)
        if in_search(c):
            searched += 1
            rolled = c.pending.prompt.split("rolled ")[1].split(";")[0].split(", ")
            assert len(rolled) == 3
            assert set(rolled) <= {"yellow", "black", "white"}
    assert searched > 20


def test_white_dice_raise_special_actions_to_at_most_three():
    s = scenario(seed=10, special=2)
    force(s, finish_actions, lambda c: in_search(c) and keep_pair(c, "white", "white") in c.options())
    s.apply_label(keep_pair(s, "white", "white"))
    assert get_var(s, "special_actions") == 3


def test_search_points_stop_at_five():
    s = scenario(seed=11)
    set_treasure(s, "red", search=5)
    set_treasure(s, "blue", search=4)
    force(s, finish_actions, lambda c: in_search(c) and keep_pair(c, "red", "blue") in c.options())
    s.apply_label(keep_pair(s, "red", "blue"))
    assert treasure(s, "red")["search"] == 5
    assert treasure(s, "blue")["search"] == 5


def test_the_messenger_changes_one_die():
    s = scenario(seed=12, role="messenger")
    to_clean_search(s)
    change = labels_starting(s, "Messenger: change a ")
    assert change
    rolled_before = s.pending.prompt
    label = change[0]                       # "Messenger: change a X die to Y"
    old, new = label.split("change a ")[1].split(" die to ")
    s.apply_label(label)
    assert in_search(s)
    assert s.pending.prompt != rolled_before
    assert f"Keep {new}" in s.options()
    assert labels_starting(s, "Messenger") == []        # once per turn
    # Other roles cannot change dice.
    t = scenario(seed=12, role="pilot")
    to_clean_search(t)
    assert labels_starting(t, "Messenger") == []


# ============================================================================ flooding and sinking
def test_flooding_a_dry_space_floods_it():
    s = scenario(seed=20)
    to_clean_search(s)
    flood_first(s, "Copper Fields")
    assert flood_state(s, "Copper Fields") == "flooded"
    assert get_var(s, "water_level") == 0
    assert spaces_in(s, "sunk") == set()


def test_flooding_a_flooded_space_sinks_it_and_raises_the_water():
    s = scenario(seed=21, flooded=["Temple Reef"])
    to_clean_search(s)
    flood_first(s, "Temple Reef")
    assert flood_state(s, "Temple Reef") == "sunk"
    assert get_var(s, "water_level") == 1                  # one sinking, no black dice
    assert "Temple Reef sinks." in s.log
    assert spaces_in(s, "flooded") == set(flood_rolls(s)) - {"Temple Reef"}
    assert in_action_phase(s)


def test_sunk_and_already_flooded_spaces_are_rerolled():
    # Four unsunk spaces, five floods (water 9): each of the four floods once, then the fifth
    # roll counts duplicates and sinks one of them.
    keep = {PLATFORM, "Foggy Knoll", "Flame Sanctuary", "Dark Pit"}
    s = scenario(seed=22, water=9, sunk=set(all_spaces(game())) - keep)
    for colour in COLOURS:
        set_treasure(s, colour, claimed=True)
    refresh(s)
    to_clean_search(s)
    force(s, keep_two_plain, lambda c: len(flood_rolls(c)) == 5 and flood_rolls(c)[4] == "Dark Pit")
    rolls = flood_rolls(s)
    assert set(rolls[:4]) == keep                          # no sunk space, no repeat
    assert flood_state(s, "Dark Pit") == "sunk"
    assert spaces_in(s, "flooded") == keep - {"Dark Pit"}
    assert get_var(s, "water_level") == 10


ROLE_ESCAPES = {
    # Solar Palace is sunk, Secret Eden flooded, the rest dry; the pawn is on Dark Pit when it sinks.
    "no_role": {"Secret Eden", "Blood Woods", "Flame Sanctuary"},
    "engineer": {"Secret Eden", "Blood Woods", "Flame Sanctuary"},
    "navigator": {"Secret Eden", "Blood Woods", "Flame Sanctuary"},
    "messenger": {"Secret Eden", "Blood Woods", "Flame Sanctuary"},
    "explorer": {"Secret Eden", "Blood Woods", "Flame Sanctuary"} | DARK_PIT_DIAGONAL,
    "diver": {"Secret Eden", "Blood Woods", "Flame Sanctuary", "Ghost Stone", "Temple Reef", "Lookout Hill",
              "Wind Sanctuary", "Bender's Crossing"},
    "pilot": set(all_spaces(game())) - {"Dark Pit", "Solar Palace"},
}


@pytest.mark.parametrize("role", sorted(ROLE_ESCAPES))
def test_the_pawn_is_forced_off_a_sinking_space(role):
    s = scenario(seed=30, pawn_at="Dark Pit", role=role, flooded=["Dark Pit", "Secret Eden"],
                 sunk=["Solar Palace"])
    to_clean_search(s)
    flood_first(s, "Dark Pit")
    assert s.pending.prompt == "Dark Pit is sinking! Where do you go?"
    assert targets(s, "Escape to ") == ROLE_ESCAPES[role]
    assert len(s.options()) == len(ROLE_ESCAPES[role])
    dest = sorted(ROLE_ESCAPES[role])[0]
    s.apply_label(f"Escape to {dest}")
    assert pawn(s) == dest
    assert flood_state(s, "Dark Pit") == "sunk"
    assert get_var(s, "water_level") == 1
    assert not s.is_over


def test_the_pawn_drowns_with_nowhere_to_go():
    s = scenario(seed=31, pawn_at="Dark Pit", flooded=["Dark Pit"], sunk=DARK_PIT_ORTHOGONAL)
    to_clean_search(s)
    flood_first(s, "Dark Pit")
    assert s.is_over
    assert s.result.reason == "You drowned when Dark Pit sank."
    assert s.result.winners == []
    assert s.pending is None


def test_the_explorer_escapes_diagonally_where_others_drown():
    s = scenario(seed=31, pawn_at="Dark Pit", role="explorer", flooded=["Dark Pit"], sunk=DARK_PIT_ORTHOGONAL)
    to_clean_search(s)
    flood_first(s, "Dark Pit")
    assert targets(s, "Escape to ") == DARK_PIT_DIAGONAL


def test_the_diver_swims_far_to_escape():
    # Everything but three spaces is sunk: the Diver swims through it to the two left.
    others = set(all_spaces(game())) - {"Dark Pit", PLATFORM, "Foggy Knoll"}
    s = scenario(seed=32, pawn_at="Dark Pit", role="diver", flooded=["Dark Pit"], sunk=others)
    for colour in COLOURS:
        set_treasure(s, colour, claimed=True)
    refresh(s)
    to_clean_search(s)
    flood_first(s, "Dark Pit")
    assert targets(s, "Escape to ") == {PLATFORM, "Foggy Knoll"}


@pytest.mark.parametrize("role", ["diver", "pilot", "explorer"])
def test_every_role_drowns_when_no_unsunk_space_is_left(role):
    # Dark Pit is the last unsunk space, so every flood roll lands on it: no forcing needed.
    s = scenario(seed=33, pawn_at="Dark Pit", role=role, flooded=["Dark Pit"],
                 sunk=set(all_spaces(game())) - {"Dark Pit"})
    for colour in COLOURS:
        set_treasure(s, colour, claimed=True)
    refresh(s)
    to_clean_search(s)
    keep_two_plain(s)
    assert flood_rolls(s) == ["Dark Pit"]
    assert s.is_over
    assert s.result.reason == "You drowned when Dark Pit sank."


# ============================================================================ the role roll
def test_the_role_for_the_next_turn_is_rolled_at_the_end_of_the_turn():
    roles = set()
    for seed in range(12):
        s = scenario(seed=seed)                # nothing is flooded, so nothing can sink
        finish_actions(s)
        while in_search(s):
            s.apply(0)
        assert in_action_phase(s) and s.data["turn_number"] == 2
        role = get_var(s, "current_role")
        assert role in {"explorer", "engineer", "diver", "pilot", "navigator", "messenger"}
        assert s.log[-1] == f"Your role for the next turn: {role}."
        roles.add(role)
    assert len(roles) >= 4


# ============================================================================ winning and losing
def test_a_won_game_played_to_its_end():
    s = scenario(seed=40, pawn_at="Foggy Knoll", special=1, water=3, flooded=["Copper Fields", "Dark Pit"])
    for colour in ("red", "blue", "green"):
        set_treasure(s, colour, search=0, claimed=True)
    set_treasure(s, "yellow", location="Foggy Knoll", search=5)
    refresh(s)
    escape = "Air Support: fly off the atoll with all four treasures"
    assert escape not in s.options()                 # three treasures only
    s.apply_label("Claim the yellow treasure")
    assert escape not in s.options()                 # not on Idiot's Platform
    s.apply_label(f"Move to {PLATFORM}")
    assert escape in s.options()
    s.apply_label(escape)
    assert s.is_over
    assert s.pending is None
    r = s.result
    assert r.winners == [0]
    assert r.reason == "You escaped from Idiot's Platform with all four treasures."
    expected = score_by_hand(won=True, claimed=4, water=3, dry=22, flooded=2, unused_points=0)
    assert expected == 50 + 60 + 55 + 44 + 2
    assert r.scores == [expected]
    with pytest.raises(IllegalMove):
        s.apply(0)


def test_winning_needs_a_special_action_point():
    s = scenario(pawn_at=PLATFORM, special=0)
    for colour in COLOURS:
        set_treasure(s, colour, claimed=True)
    refresh(s)
    assert labels_starting(s, "Air Support") == []
    set_var(s, "special_actions", 1)
    refresh(s)
    assert "Air Support: fly off the atoll with all four treasures" in s.options()


def test_winning_needs_all_four_treasures_and_the_platform():
    s = scenario(pawn_at="Foggy Knoll", special=2)
    for colour in COLOURS:
        set_treasure(s, colour, claimed=True)
    refresh(s)
    assert "Air Support: fly off the atoll with all four treasures" not in s.options()
    s.apply_label(f"Air Support: fly to {PLATFORM}")      # the special action brings you there
    assert "Air Support: fly off the atoll with all four treasures" in s.options()
    set_treasure(s, "green", claimed=False)
    refresh(s)
    assert "Air Support: fly off the atoll with all four treasures" not in s.options()


def test_losing_when_the_water_reaches_the_skull_by_a_black_die():
    s = scenario(seed=41, water=13)
    force(s, finish_actions, lambda c: in_search(c) and c.pending.prompt.count("black") == 1)
    s.apply_label(next(o for o in s.options() if " and " in o))
    assert s.is_over
    assert s.result.reason == "The water level reached the skull and crossbones."
    assert get_var(s, "water_level") == 14
    assert s.result.winners == []
    assert s.result.scores == [score_by_hand(False, 0, 14, 24, 0, sum(treasure(s, c)["search"] for c in COLOURS))]


def test_losing_when_the_water_reaches_the_skull_by_sinking():
    s = scenario(seed=42, water=13, flooded=["Copper Fields"])
    to_clean_search(s)
    flood_first(s, "Copper Fields")
    assert s.is_over
    assert s.result.reason == "The water level reached the skull and crossbones."
    assert s.result.winners == []


def test_losing_when_an_unclaimed_treasure_sinks():
    s = scenario(seed=43, flooded=["Blood Woods"])
    set_treasure(s, "red", location="Blood Woods")
    to_clean_search(s)
    flood_first(s, "Blood Woods")
    assert s.is_over
    assert s.result.reason == "The red treasure sank with Blood Woods."
    assert s.result.winners == []


def test_a_claimed_treasure_does_not_sink_with_its_space():
    s = scenario(seed=43, flooded=["Blood Woods"])
    set_treasure(s, "red", location="Blood Woods", claimed=True)
    to_clean_search(s)
    flood_first(s, "Blood Woods")
    assert not s.is_over
    assert flood_state(s, "Blood Woods") == "sunk"


def test_losing_when_idiots_platform_sinks():
    s = scenario(seed=44, pawn_at="Dark Pit", flooded=[PLATFORM])
    to_clean_search(s)
    flood_first(s, PLATFORM)
    assert s.is_over
    assert s.result.reason == "Idiot's Platform sank, trapping you on the atoll."
    assert s.result.winners == []


def test_losing_when_idiots_platform_sinks_under_the_pawn():
    s = scenario(seed=45, pawn_at=PLATFORM, role="pilot", flooded=[PLATFORM])
    to_clean_search(s)
    flood_first(s, PLATFORM)
    assert s.is_over                                     # no escape: the game is lost at once
    assert s.result.reason == "Idiot's Platform sank, trapping you on the atoll."


# ============================================================================ scoring
def test_the_score_formula_for_a_set_position():
    s = scenario(water=5, flooded=["Copper Fields", "Dark Pit", "Foggy Knoll"], sunk=["Wave Fortress", "Lunar Peak"])
    set_treasure(s, "red", search=5, claimed=True)      # claimed: its points are used
    set_treasure(s, "blue", search=2, claimed=True)
    set_treasure(s, "green", search=3)
    set_treasure(s, "yellow", search=2)
    # 0 for winning + 2 x 15 claimed + 5 x (14 - 5) water + 2 x 19 dry + 3 flooded + (3 + 2) unused
    assert s.scores() == [0 + 30 + 45 + 38 + 3 + 5]
    assert score_by_hand(False, 2, 5, 19, 3, 5) == 121


def test_the_score_of_a_fresh_game():
    s = game().new_state(seed=46)
    points = sum(treasure(s, c)["search"] for c in COLOURS)
    assert s.scores() == [score_by_hand(False, 0, 0, 18, 6, points)]


def test_the_score_of_a_lost_game_counts_the_final_position():
    s = scenario(seed=47, water=4, flooded=["Blood Woods", "Copper Fields"], sunk=["Lunar Peak"])
    set_treasure(s, "red", location="Blood Woods", search=3)
    set_treasure(s, "blue", search=4, claimed=True)
    to_clean_search(s)
    flood_first(s, "Blood Woods")
    assert s.is_over
    points = sum(treasure(s, c)["search"] for c in COLOURS if not treasure(s, c)["claimed"])
    dry = len(spaces_in(s, "dry"))
    flooded = len(spaces_in(s, "flooded"))
    assert flood_state(s, "Blood Woods") == "sunk"
    # "Any time a space sinks, move the water level tracker up by one space": even the sinking
    # that ends the game raises the water, and the score counts it.
    assert get_var(s, "water_level") == 5
    assert s.result.scores == [score_by_hand(False, 1, 5, dry, flooded, points)]
