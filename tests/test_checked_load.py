"""Checked load (issue 13): `Game.load_state` refuses a state the game could not be in, naming the
offending value: a thing in two zones or twice in one, a value outside its range, and a pending
decision that is not the one the paused rules ask (a forged option, a missing one, the wrong seat,
answers to a secret choice that are not among its options). States the engine itself makes load,
including a decision whose options were shuffled at random (the generator is wound back)."""
import pytest

from inline import game
from tabletop.interpreter.api import RuleError, SaveError
from tabletop.interpreter.statecheck import state_problem

CARDS = '''
game "Scoring"
players 2
kind card from "cards.yaml":
    name: text
    value: int
zone deck: card, hidden
player zone hand: card, owner
player var points: int in 0 to 50 = 0
setup:
    deck = shuffled(card)
    for p in players:
        draw 2 from deck to p.hand
turn:
    choose prompt "Your move":
        option "Draw" if count(deck) > 0:
            draw 1 from deck to current.hand
        option "Score {c.name}" for c in current.hand:
            current.points += c.value
            move c from current.hand to deck
        option "Pass":
            pass
    if turn_number >= 6:
        end game "Six turns."
define score(p: player): int = p.points
'''
DATA = {"cards.yaml": "cards:\n  - {name: Ace, value: 5}\n  - {name: King, value: 4}\n  - {name: Queen, value: 3}\n"
                      "  - {name: Jack, value: 2}\n  - {name: Ten, value: 1}\n  - {name: Nine, value: 1}\n"}


@pytest.fixture
def scoring(tmp_path):
    g = game(tmp_path, CARDS, **DATA)
    return g, g.new_state(seed=4)


def refused(g, data, words):
    with pytest.raises(SaveError) as e:
        g.load_state(data)
    assert words in str(e.value), str(e.value)


def test_states_the_engine_makes_load_at_every_step(scoring):
    g, s = scoring
    while not s.is_over:
        again = g.load_state(s.to_json())
        assert again.to_json() == s.to_json()
        s.apply(len(s.options()) - 1 if s.decisions % 3 == 0 else 0)


def test_a_card_in_two_zones_is_refused_naming_it_and_both_zones(scoring):
    g, s = scoring
    data = s.to_json()
    hand = g.compiled.player_names.index("hand")
    card = data["players"][0][hand][0]
    data["players"][1][hand].append(card)
    name = g.compiled.kind_names["card"][card]
    refused(g, data, f"the card '{name}' is in Player 1's 'hand' and in Player 2's 'hand'")


def test_a_card_twice_in_one_zone_is_refused(scoring):
    g, s = scoring
    data = s.to_json()
    deck = g.compiled.global_names.index("deck")
    data["globals"][deck].append(data["globals"][deck][0])
    refused(g, data, "is in 'deck' twice")


def test_a_value_outside_its_range_is_refused_naming_it(scoring):
    g, s = scoring
    data = s.to_json()
    data["players"][1][g.compiled.player_names.index("points")] = 51
    refused(g, data, "Player 2's 'points' is 51, outside its range 0 to 50")


def test_a_forged_option_is_refused(scoring):
    """The issue's case: an option that scores with a card the player does not hold."""
    g, s = scoring
    data = s.to_json()
    pending = data["pending"]
    ten = g.compiled.kind_names["card"].index("Ten")
    assert ten not in data["players"][0][g.compiled.player_names.index("hand")]     # seed 4 did not deal it
    pending["labels"].insert(1, "Score Ten")
    pending["values"].insert(1, [1, ten])
    refused(g, data, "offers \"Score Ten\", which the rules do not offer here")


def test_a_missing_option_or_another_seat_is_refused(scoring):
    g, s = scoring
    data = s.to_json()
    del data["pending"]["labels"][-1], data["pending"]["values"][-1]
    refused(g, data, "lacks the option \"Pass\"")
    data = s.to_json()
    data["pending"]["players"] = [1]
    refused(g, data, "asks Player 2, where the rules ask Player 1")


def test_a_decision_not_where_the_rules_are_paused_is_refused(scoring):
    g, s = scoring
    data = s.to_json()
    data["stack"][-1][1] -= 1          # as if the statement before the menu had asked
    refused(g, data, "not the one its rules are paused at")


def test_a_scenario_position_may_change_the_options_it_asks_again(scoring):
    """`ask_again=False`: a position set on purpose is asked again afterwards, so its options are
    not compared with the old ones (State.set_position)."""
    g, s = scoring
    data = s.to_json()
    data["pending"]["labels"][0] = "Draw a card"
    assert state_problem(g.compiled, data, ask_again=False) == ""
    assert "the rules do not offer here" in state_problem(g.compiled, data)


RANDOM_OPTIONS = '''
game "Shuffled menu"
players 1
var picked: int = 0
turn:
    choose n from shuffled(range(1, 6)) labelled "Take {n}":
        picked = n
    if turn_number >= 3:
        end game "Done."
define score(p: player): int = picked
'''


def test_options_drawn_at_random_are_asked_again_from_the_generator_wound_back(tmp_path):
    g = game(tmp_path, RANDOM_OPTIONS)
    s = g.new_state(seed=9)
    while not s.is_over:
        assert g.load_state(s.to_json()).options() == s.options()
        forged = s.to_json()
        forged["pending"]["labels"].reverse()
        forged["pending"]["values"].reverse()
        with pytest.raises(SaveError, match="pending decision"):
            g.load_state(forged)
        s.apply(0)


ROLLED_OPTIONS = '''
game "Rolled menu"
players 1
die d6: 1 to 6
var picked: int = 0
turn:
    choose n from [1, 2, 3, 4] if roll(d6) > 3 labelled "Take {n}":
        picked = n
    if turn_number >= 12:
        end game "Done."
define score(p: player): int = picked
'''


def test_options_whose_conditions_roll_load_though_a_generator_not_wound_back_offers_none(tmp_path):
    # Asked again from the generator where the state left it, every roll may fail ("nothing to
    # choose from"); the run from the generator wound back offers what the state offers.
    g = game(tmp_path, ROLLED_OPTIONS)
    loaded = 0
    for seed in range(12):
        try:
            s = g.new_state(seed=seed)
            while not s.is_over:
                assert g.load_state(s.to_json()).options() == s.options()
                loaded += 1
                s.apply(0)
        except RuleError as e:     # this game's own way to fail: every roll low, nothing to choose
            assert "nothing to choose from" in str(e)
    assert loaded > 20


SECRET = '''
game "Secret pick"
players 3
player var shown: int = 0
turn:
    secretly each p in players chooses n from [1, 2, 3] labelled "Show {n}" timed as t:
        p.shown = n
    end game "Shown."
define score(p: player): int = p.shown
'''


def test_a_secret_choice_in_progress_loads_and_forged_answers_are_refused(tmp_path):
    g = game(tmp_path, SECRET)
    s = g.new_state(seed=1)
    s.apply(1, seat=2, time=0.5)
    assert g.load_state(s.to_json()).pending.players == [0, 1]
    data = s.to_json()
    data["pending"]["answers"]["2"] = [7, 0.5]
    refused(g, data, "the answer [7, 0.5], which is not one of the options")
    data = s.to_json()
    data["pending"]["answers"]["2"] = [1, -3]
    refused(g, data, "the reaction time -3, which is not from 0 to 3600 seconds")
    data = s.to_json()
    data["pending"]["players"] = [0, 1, 2]
    refused(g, data, "waits for Player 1 and Player 2 and Player 3, where the answers so far leave "
                     "Player 1 and Player 2")
    data = s.to_json()
    data["pending"]["by_seat_labels"]["0"][0] = "Show 9"
    refused(g, data, "the rules do not offer here")


EDITED = '''
game "Edited"
players 2
player var points: int = 0
rule bonus:
    choose n from [1, 2] labelled "Bonus {n}"
    current.points += n
turn:
    choose n from [1, 2] labelled "Take {n}"
    current.points += n
    bonus()
    current.points += 1
    if turn_number >= 4:
        end game "Done."
define score(p: player): int = p.points
'''


@pytest.mark.parametrize("edit, words", [
    # a line added before the call fuses it with the call: the saved position is inside that run
    (("    bonus()\n", "    say \"Bonus!\"\n    bonus()\n"), "inside statements the rules run as one step"),
    # a local added: the saved turn's values would be read from the wrong places
    (("    current.points += 1\n", "    k = 1\n    current.points += k\n"), r"the turn section under way has 2 locals, and envs\[1\] holds 1 value\)")])
def test_a_state_saved_under_another_version_of_the_rules_is_refused(tmp_path, edit, words):
    # Both used to load, and play went on wrongly: "A fused statement was entered in its middle",
    # or a card read from another local's place.
    (tmp_path / "before").mkdir()
    (tmp_path / "after").mkdir()
    before = game(tmp_path / "before", EDITED)
    after = game(tmp_path / "after", EDITED.replace(*edit))
    s = before.new_state(seed=1)
    s.apply(0)
    assert s.prompt().startswith("Choose") and s.options() == ["Bonus 1", "Bonus 2"]
    with pytest.raises(SaveError, match=words):
        after.load_state(s.to_json())


LOCALS = '''
game "Locals"
players 2
kind card from "cards.yaml":
    name: text
zone deck: card, public
player var points: int = 0
setup:
    deck = [x for x in card]
rule bonus(p: player):
    c = first(deck)
    k = 2
    choose n from [1, 2] labelled "Bonus {n}"
    p.points += n + k
turn:
    choose n from [1, 2] labelled "Take {n}"
    current.points += n
    bonus(current)
    if turn_number >= 4:
        end game "Done."
define score(p: player): int = p.points
'''


@pytest.fixture
def paused_in_a_rule(tmp_path):
    """A game paused inside `bonus`, whose locals (p, c, k, ...) are the last list of `envs`."""
    g = game(tmp_path, LOCALS, **{"cards.yaml": "cards:\n  - {name: Ace}\n  - {name: King}\n"})
    s = g.new_state(seed=1)
    s.apply(0)
    data = s.to_json()
    assert data["envs"][-1][:3] == [0, 0, 2] and len(data["envs"]) == 3, data["envs"]
    return g, data


@pytest.mark.parametrize("slot, value, words", [
    (2, "two", """the rule 'bonus' (game.rules line 9), under way, has its local 'k' (envs[2][2]) holding "two", which is not an int"""),
    (1, 7, "has its local 'c' (envs[2][1]) holding 7, which is not a card"),
    (1, [0], "has its local 'c' (envs[2][1]) holding [0], which is not a card"),
    (0, 5, "has its local 'p' (envs[2][0]) holding Player 6 (5, at envs[2][0] in the state's data), and this game "
           "of 2 has Player 1 to Player 2")])
def test_a_local_of_a_rule_under_way_must_hold_a_value_of_its_type(paused_in_a_rule, slot, value, words):
    """A save with a wrong value in a paused rule's locals loaded, and play went on with it (or failed
    later, far from its cause); the other values of a state were checked, not these."""
    g, data = paused_in_a_rule
    data["envs"][2][slot] = value
    refused(g, data, words)


def test_the_rules_values_must_be_as_many_and_where_the_machine_keeps_them(paused_in_a_rule):
    g, data = paused_in_a_rule
    refused(g, {**data, "envs": data["envs"] + [[]]},
            "it holds 4 lists of rules' values (envs), where the 2 rules under way and the game's own need 3")
    refused(g, {**data, "envs": data["envs"][:2] + [data["envs"][2][:3]]},
            "the rule 'bonus' under way has 4 locals, and envs[2] holds 3 values")
    stack = [list(f) for f in data["stack"]]
    stack[-1][2] = 1
    refused(g, {**data, "stack": stack}, "the rule 'bonus', frame 3 of its stack, uses the values envs[1], where the "
                                         "machine would give it envs[2]")
    over = g.new_state(seed=1)
    while not over.is_over:
        over.apply(0)
    refused(g, {**over.to_json(), "envs": [[]]}, "it holds the values of rules under way, and no rule is under way")

