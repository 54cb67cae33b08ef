"""S'mores Galore (rulebooks/smores_galore): the recipes as patterns, the text's examples,
the market and the arrow, refill and the deck running out, the actions, the end of a turn,
the last round, final scoring, and seeded random games with per-step checks.

Positions are laid out by writing into the plain-data state (tests/smores_helpers.py) while
the game waits for the arrow choice, then played on through the public API."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.interpreter.api import IllegalMove, load_game
from tabletop.interpreter.bots import RandomBot

from smores_helpers import (LETTER, RecipeBot, conserved, dish, evaluate, glob, layout, letters,
                            market, pz, set_recipes)

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def g():
    return load_game("smores_galore")


def cards_for(g, text):
    """Distinct ingredient cards spelling `text` in G, C and M."""
    pool = {f: [c for c in range(64) if g.compiled.static["ingredient"]["food"][c] == f] for f in LETTER.values()}
    return [pool[LETTER[ch]].pop(0) for ch in text]


def play(s, *labels):
    for label in labels:
        s.apply_label(label)


def start(g, players=2, seed=1, straight_ups=None, piles=None, scored=None, **kw):
    """A new game waiting for Player 1's arrow choice, with the position laid out."""
    s = g.new_state(players=players, seed=seed)
    layout(s, **kw)
    if straight_ups is not None or piles is not None or scored is not None:
        set_recipes(s, straight_ups=2 * players if straight_ups is None else straight_ups,
                    piles=piles or [], scored=scored)
    return s


def to_actions(s, add=False):
    """Take a one-card column (column 1, from whichever end the arrow allows) and flip its card
    into a stick (or add it with add=True), so the lineup stays as laid out."""
    s.apply_label(next(o for o in ("Take column 1 from the top", "Take column 1 from the bottom") if o in s.options()))
    s.apply_label(next(o for o in s.options() if o.startswith("Add the 1st card" if add else "Flip the 1st card")))
    assert "End your turn" in s.options()


def scores_offered(s):
    return [o for o in s.options() if o.startswith("Score")]


# ---------------------------------------------------------------- components and setup
def test_components_come_from_the_data(g):
    st = g.compiled.static
    foods = st["ingredient"]["food"]
    assert len(foods) == 64
    assert (foods.count("graham"), foods.count("chocolate"), foods.count("marshmallow")) == (24, 20, 20)
    dishes = st["recipe"]["dish"]
    assert len(dishes) == 29 and dishes.count("straight_up") == 8
    adv = [d for d, a in zip(dishes, st["recipe"]["advanced"]) if a]
    assert len(adv) == 21 and all(adv.count(d) == 3 for d in set(adv)) and len(set(adv)) == 7
    points = dict(zip(st["recipe"]["name"], st["recipe"]["points"]))
    assert points == {"Straight Up S'mores": 2, "Chocoholic": 4, "S'mores Stack Attack": 5, "Hot Mess": 3,
                      "Double Stuff S'mores": 4, "Zebra S'mores": 6, "Mallow Mania": 4, "Graham Slam": 3}
    assert len(g.compiled.kind_names["place"]) == 14 and len(g.compiled.kind_names["space"]) == 8


@pytest.mark.parametrize("players,piles,size", [(2, 2, 3), (3, 3, 3), (4, 3, 4)])
def test_setup_by_player_count(g, players, piles, size):
    for seed in range(40):
        s = g.new_state(players=players, seed=seed)
        assert conserved(s)
        for seat in range(players):
            assert letters(s, pz(s, seat, "lineup")) == "G"          # one graham cracker each
        assert "." not in market(s) and len(glob(s, "deck")) == 64 - players - 8 - 2
        assert len(glob(s, "discard")[0]) == len(glob(s, "discard")[1]) == 1
        assert letters(s, glob(s, "discard")[0]) != letters(s, glob(s, "discard")[1])
        assert [dish(g, r) for r in glob(s, "straight_ups")] == ["straight_up"] * (2 * players)
        sizes = [len(pile) for pile in glob(s, "pile")]
        assert sizes == [size] * piles + [0] * (3 - piles)
        tops = [dish(g, glob(s, "pile")[k][0]) for k in range(piles)]
        assert len(set(tops)) == piles                                   # distinct tops
        assert all(dish(g, r) != "straight_up" for pile in glob(s, "pile") for r in pile)
        assert len(glob(s, "box")) == 29 - 2 * players - piles * size
        assert glob(s, "arrow") is None and s.current_player == 0
        assert len(s.options()) == 14


# ---------------------------------------------------------------- recipes as patterns
PATTERN_CASES = [
    ("straight_up", "GCMG", 4), ("straight_up", "GMCG", 4), ("straight_up", "GMCGCC", 4),
    ("straight_up", "GCCG", 0), ("straight_up", "GCM", 0), ("straight_up", "CGCMG", 0),
    ("chocoholic", "GCCCCG", 6), ("chocoholic", "GCCCCGM", 6), ("chocoholic", "GCCCG", 0), ("chocoholic", "GCCMCG", 0),
    # Stack Attack: a chocolate and a marshmallow in each half
    ("stack_attack", "GCMGMCG", 7), ("stack_attack", "GMCGCMG", 7), ("stack_attack", "GCMGCMG", 7),
    ("stack_attack", "GCCGMMG", 0), ("stack_attack", "GMMGCCG", 0), ("stack_attack", "GCMGCMC", 0),
    # Hot Mess: no grahams
    ("hot_mess", "CMMC", 4), ("hot_mess", "CMMCG", 4), ("hot_mess", "GCMMC", 0), ("hot_mess", "MCCM", 0),
    ("hot_mess", "CMCM", 0),
    # Double Stuff: two separate pairs, each in any order
    ("double_stuff", "GCMCMG", 6), ("double_stuff", "GMCCMG", 6), ("double_stuff", "GMCMCG", 6),
    ("double_stuff", "GCMMCG", 6), ("double_stuff", "GCCMMG", 0), ("double_stuff", "GMMCCG", 0),
    # Zebra: alternating, starting either way
    ("zebra", "GCMCMCMG", 8), ("zebra", "GMCMCMCG", 8), ("zebra", "GMCMCMCGG", 8), ("zebra", "GCMCMCG", 0),
    ("zebra", "GCMMCCMG", 0), ("zebra", "GCMCMCMC", 0), ("zebra", "GCMCMCCG", 0),
    ("mallow_mania", "GMMMMG", 6), ("mallow_mania", "GMMMG", 0), ("mallow_mania", "GMMCMG", 0),
    ("graham_slam", "GGG", 3), ("graham_slam", "GGGG", 3), ("graham_slam", "GG", 0), ("graham_slam", "GGCG", 0),
    # only at the left end of the lineup
    ("graham_slam", "CGGG", 0), ("mallow_mania", "MGMMMMG", 0), ("zebra", "CGCMCMCMG", 0),
]


@pytest.mark.parametrize("dish_name,lineup,length", PATTERN_CASES)
def test_recipe_patterns(g, dish_name, lineup, length):
    s = g.new_state(players=2, seed=0)
    assert evaluate(s, "dish_length", dish_name, cards_for(g, lineup)) == length


def test_a_matching_lineup_offers_the_recipe_and_one_that_does_not_match_at_the_left_does_not(g):
    s = start(g, lineups={0: "GCMGCMGC"}, straight_ups=4, piles=[["stack_attack"], ["hot_mess"]])
    to_actions(s)
    assert scores_offered(s) == ["Score Straight Up S'mores (2)", "Score S'mores Stack Attack (5)"]
    s = start(g, lineups={0: "GCMMC"}, straight_ups=4, piles=[["stack_attack"], ["hot_mess"]])
    to_actions(s)
    assert scores_offered(s) == []                       # C M M C is there, but not at the left end
    s.apply_label("Burn the leftmost card onto discard pile 1")
    assert scores_offered(s) == ["Score Hot Mess (3)"]


def test_only_recipes_on_display_can_be_scored(g):
    s = start(g, lineups={0: "GGG"}, straight_ups=4, piles=[["zebra", "graham_slam"], ["hot_mess"]])
    to_actions(s)
    assert scores_offered(s) == []                       # Graham Slam is under the Zebra


# ---------------------------------------------------------------- taking ingredients
def test_helaina_adds_three_cards_from_a_column_in_order(g):
    # "Helaina has taken three cards from a column and must add them to her lineup in order. She
    # places the chocolate beside her graham cracker, then the next chocolate, and finally the
    # marshmallow."
    s = start(g, lineups={0: "G", 1: "G"}, market="CGGCCGMM", deck="GGGM")
    s.apply_label("Take column 2 from the top")
    assert s.options() == ["Add the 1st card (Chocolate) to your lineup", "Flip the 1st card (Chocolate) into a stick"]
    play(s, "Add the 1st card (Chocolate) to your lineup", "Add the 2nd card (Chocolate) to your lineup")
    assert s.options()[0] == "Add the 3rd card (Marshmallow) to your lineup"
    s.apply_label("Add the 3rd card (Marshmallow) to your lineup")
    assert letters(s, pz(s, 0, "lineup")) == "GCCM"
    # refilled in reading order from the top of the deck
    assert market(s) == "GGGGCGGM" and letters(s, glob(s, "deck"))[:1] == "M"
    assert s.options()[-1] == "End your turn" and conserved(s)


def test_josh_flips_a_graham_into_a_stick_that_goes_to_the_campfire(g):
    # "Josh selects a different column and decides he doesn't want a second graham cracker in
    # his lineup. He flips the other graham cracker to a stick ... then adds the chocolate, and
    # finally the marshmallow. At the end of his turn, Josh puts the stick on the campfire."
    s = start(g, lineups={0: "G", 1: "G"}, market="CGGCCGMM", deck="CCCCCC")
    play(s, "Take column 2 from the top", "Add the 1st card (Chocolate) to your lineup",
         "Add the 2nd card (Chocolate) to your lineup", "Add the 3rd card (Marshmallow) to your lineup",
         "End your turn")
    assert s.current_player == 1
    play(s, "Take column 3 from the top", "Flip the 1st card (Graham Cracker) into a stick",
         "Add the 2nd card (Chocolate) to your lineup", "Add the 3rd card (Marshmallow) to your lineup")
    assert letters(s, pz(s, 1, "lineup")) == "GCM"
    assert letters(s, pz(s, 1, "below")) == "G" and glob(s, "campfire") == []
    s.apply_label("End your turn")
    assert pz(s, 1, "below") == [] and letters(s, glob(s, "campfire")) == "G"
    assert pz(s, 1, "sticks") == []                      # sticks on the campfire are nobody's yet
    assert conserved(s)


def test_the_arrow_must_move_but_the_same_line_from_the_other_end_is_allowed(g):
    s = start(g, market="CGGCCGMM")
    play(s, "Take column 2 from the top", *["Flip the %s card (%s) into a stick" % x for x in
                                            (("1st", "Chocolate"), ("2nd", "Chocolate"), ("3rd", "Marshmallow"))])
    play(s, "End your turn")
    opts = s.options()
    assert len(opts) == 13
    assert "Take column 2 from the top" not in opts and "Take column 2 from the bottom" in opts
    with pytest.raises(IllegalMove):
        s.apply_label("Take column 2 from the top")
    # after a whole round the arrow's place is still the last one taken
    s.apply_label("Take column 2 from the bottom")
    assert glob(s, "arrow") == g.compiled.kind_names["place"].index("column 2 from the bottom")


def test_taking_a_row_from_either_end(g):
    s = start(g, lineups={0: "G"}, market="GGCMGMCC")
    # row 2 is middle far left .. far right: C M G M
    s.apply_label("Take row 2 from the left")
    for _ in range(4):
        s.apply(0)
    assert letters(s, pz(s, 0, "lineup")) == "GCMGM"
    s = start(g, lineups={0: "G"}, market="GGCMGMCC")
    s.apply_label("Take row 2 from the right")
    taken = []
    for _ in range(4):
        taken.append(s.options()[0])
        s.apply(0)
    assert taken == ["Add the 1st card (Marshmallow) to your lineup", "Add the 2nd card (Graham Cracker) to your lineup",
                     "Add the 3rd card (Marshmallow) to your lineup", "Add the 4th card (Chocolate) to your lineup"]
    assert letters(s, pz(s, 0, "lineup")) == "GMGMC"
    # the two-card top row
    s = start(g, lineups={0: ""}, market="CMGGGGGG")
    play(s, "Take row 1 from the right", "Add the 1st card (Marshmallow) to your lineup",
         "Add the 2nd card (Chocolate) to your lineup")
    assert letters(s, pz(s, 0, "lineup")) == "MC"


@pytest.mark.parametrize("place", ["column 1 from the top", "column 1 from the bottom",
                                   "column 4 from the top", "column 4 from the bottom"])
def test_taking_a_one_card_column_from_either_end(g, place):
    s = start(g, lineups={0: "G"}, market="GGCGGMGG", deck="CCCC")
    s.apply_label("Take " + place)
    card = "Chocolate" if "column 1" in place else "Marshmallow"
    assert s.options() == [f"Add the 1st card ({card}) to your lineup", f"Flip the 1st card ({card}) into a stick"]
    s.apply(0)
    assert s.options()[-1] == "End your turn"           # one card only, then the actions
    assert letters(s, pz(s, 0, "lineup")) == "G" + card[0]
    assert market(s) == "GGCGGCGG" if "column 4" in place else market(s) == "GGCGGMGG"


def test_refill_takes_the_deck_top_in_reading_order(g):
    s = start(g, market="GGCMGMCC", deck="MMMG")
    before = len(glob(s, "deck"))
    play(s, "Take row 2 from the left", *["Add the %s card (%s) to your lineup" % x for x in
                                          (("1st", "Chocolate"), ("2nd", "Marshmallow"), ("3rd", "Graham Cracker"),
                                           ("4th", "Marshmallow"))])
    assert market(s) == "GG" + "MMMG" + "CC"
    assert len(glob(s, "deck")) == before - 4 and conserved(s)


# ---------------------------------------------------------------- the deck runs out
def test_deck_exhaustion_keeps_the_discard_tops_and_shuffles_the_rest(g):
    s = start(g, market="GGCMGMCC", deck="M", discard_1="GCCM", discard_2="CMMG", rest="campfire")
    play(s, "Take row 2 from the left", *["Flip the %s card (%s) into a stick" % x for x in
                                          (("1st", "Chocolate"), ("2nd", "Marshmallow"), ("3rd", "Graham Cracker"),
                                           ("4th", "Marshmallow"))])
    assert market(s)[2] == "M"                           # the last deck card came first
    assert letters(s, glob(s, "discard")[0]) == "G" and letters(s, glob(s, "discard")[1]) == "C"
    assert "." not in market(s)
    refilled = sorted(market(s)[3:6] + letters(s, glob(s, "deck")))
    assert refilled == sorted("CCMMMG")                  # the six cards under the tops
    assert len(glob(s, "deck")) == 3
    assert any("The deck ran out" in line for line in s.log)
    assert conserved(s)


def test_with_nothing_to_reshuffle_spaces_stay_empty_and_only_lines_with_cards_are_offered(g):
    s = start(g, market="GGCMGMCC", deck="", discard_1="G", discard_2="C", rest="campfire")
    play(s, "Take row 2 from the left", *["Flip the %s card (%s) into a stick" % x for x in
                                          (("1st", "Chocolate"), ("2nd", "Marshmallow"), ("3rd", "Graham Cracker"),
                                           ("4th", "Marshmallow"))])
    assert market(s) == "GG....CC" and conserved(s)
    s.apply_label("End your turn")
    assert s.options() == ["Take row 1 from the left", "Take row 1 from the right", "Take row 3 from the left",
                           "Take row 3 from the right", "Take column 2 from the top", "Take column 2 from the bottom",
                           "Take column 3 from the top", "Take column 3 from the bottom"]


def test_burned_cards_refill_the_market_at_the_next_turn(g):
    # The next player refills: cards burned since can be reshuffled into a new deck.
    s = start(g, lineups={0: "CMCM"}, market="GGCMGMCC", deck="", discard_1="G", discard_2="C", rest="campfire")
    play(s, "Take row 2 from the left", *["Flip the %s card (%s) into a stick" % x for x in
                                          (("1st", "Chocolate"), ("2nd", "Marshmallow"), ("3rd", "Graham Cracker"),
                                           ("4th", "Marshmallow"))])
    play(s, "Burn the 4 leftmost cards onto discard pile 1", "End your turn")
    assert s.current_player == 1
    # the four burned cards (not the new top, the last burned) came back into the market
    assert "." not in market(s) and letters(s, glob(s, "discard")[0]) == "M"
    assert sorted(market(s)[2:6]) == sorted("CMCG") and glob(s, "deck") == []
    assert conserved(s)


def test_the_game_ends_when_no_ingredient_is_left_to_collect(g):
    s = start(g, market="GG......", deck="", discard_1="G", discard_2="C", rest="campfire")
    assert len(s.options()) == 14                        # listed before the position was laid out
    play(s, "Take row 1 from the left", "Flip the 1st card (Graham Cracker) into a stick",
         "Flip the 2nd card (Graham Cracker) into a stick", "End your turn")
    assert s.is_over and s.result.reason == "No ingredients are left to collect."
    assert s.result.winners == [0, 1]


# ---------------------------------------------------------------- actions
def test_burn_options_and_the_last_burned_card_on_top(g):
    s = start(g, lineups={0: "GCMG"}, discard_1="C", discard_2="G")
    to_actions(s)
    burns = [o for o in s.options() if o.startswith("Burn")]
    assert burns == ["Burn the leftmost card onto discard pile 1", "Burn the leftmost card onto discard pile 2",
                     "Burn the 2 leftmost cards onto discard pile 1", "Burn the 2 leftmost cards onto discard pile 2",
                     "Burn the 3 leftmost cards onto discard pile 1", "Burn the 3 leftmost cards onto discard pile 2",
                     "Burn the 4 leftmost cards onto discard pile 1", "Burn the 4 leftmost cards onto discard pile 2"]
    s.apply_label("Burn the 3 leftmost cards onto discard pile 2")
    assert letters(s, pz(s, 0, "lineup")) == "G"
    assert letters(s, glob(s, "discard")[1]) == "MCGG"
    s.apply_label("Burn the leftmost card onto discard pile 1")
    assert pz(s, 0, "lineup") == [] and s.current_player == 1   # two actions: the turn is over
    assert conserved(s)


def test_nothing_to_burn_churn_or_return_with_an_empty_lineup(g):
    s = start(g, lineups={0: ""})
    to_actions(s)
    assert s.options() == ["End your turn"]


def test_churn_swaps_two_adjacent_different_ingredients(g):
    s = start(g, lineups={0: "GCMG"})
    to_actions(s)
    assert [o for o in s.options() if o.startswith("Churn")] == ["Churn cards 1 and 2", "Churn cards 2 and 3",
                                                                 "Churn cards 3 and 4"]
    s.apply_label("Churn cards 2 and 3")
    assert letters(s, pz(s, 0, "lineup")) == "GMCG"
    s = start(g, lineups={0: "GGCC"})
    to_actions(s)
    assert [o for o in s.options() if o.startswith("Churn")] == ["Churn cards 2 and 3"]
    s = start(g, lineups={0: "G"})
    to_actions(s)
    assert not [o for o in s.options() if o.startswith("Churn")]


def test_churn_then_score_in_one_turn(g):
    s = start(g, lineups={0: "GCMMCMCG"}, straight_ups=4, piles=[["zebra"], ["hot_mess"]])
    to_actions(s)
    assert scores_offered(s) == []
    s.apply_label("Churn cards 4 and 5")
    assert letters(s, pz(s, 0, "lineup")) == "GCMCMMCG"
    s.apply_label("Churn cards 6 and 7")
    assert s.current_player == 1                         # two actions used: no score this turn


def test_return_may_take_the_card_just_discarded(g):
    s = start(g, lineups={0: "GCCM"}, discard_1="G", discard_2="M")
    to_actions(s)
    assert [o for o in s.options() if o.startswith("Return")] == ["Return cards 2 and 3 onto discard pile 1",
                                                                  "Return cards 2 and 3 onto discard pile 2"]
    s.apply_label("Return cards 2 and 3 onto discard pile 1")
    assert s.options() == ["Take the Chocolate from discard pile 1", "Take the Marshmallow from discard pile 2"]
    s.apply_label("Take the Chocolate from discard pile 1")
    assert letters(s, pz(s, 0, "lineup")) == "GMC"       # added at the right
    assert letters(s, glob(s, "discard")[0]) == "CG"
    assert conserved(s)


def test_return_from_the_other_pile_and_no_return_without_a_matching_pair(g):
    s = start(g, lineups={0: "MMGC"}, discard_1="G", discard_2="C")
    to_actions(s)
    play(s, "Return cards 1 and 2 onto discard pile 2", "Take the Graham Cracker from discard pile 1")
    assert letters(s, pz(s, 0, "lineup")) == "GCG"
    assert glob(s, "discard")[0] == [] and letters(s, glob(s, "discard")[1]) == "MMC"
    assert not [o for o in s.options() if o.startswith("Return")]
    s.apply_label("End your turn")
    # "You must always have two discard piles": the empty pile gets the other's top first
    # then the tops matched (M, M): cards move from pile 2 until a different one shows
    assert letters(s, glob(s, "discard")[0]) == "MM" and letters(s, glob(s, "discard")[1]) == "C"
    assert conserved(s)


# ---------------------------------------------------------------- scoring
def test_score_collects_the_campfire_sticks_and_discards_from_the_left(g):
    s = start(g, lineups={0: "GMCGC"}, campfire="CMG", straight_ups=4, piles=[["zebra"], ["hot_mess"]])
    play(s, "Take column 1 from the top", "Flip the 1st card (Chocolate) into a stick")
    assert scores_offered(s) == ["Score Straight Up S'mores (2)"]
    s.apply_label("Score Straight Up S'mores (2)")
    assert s.options() == ["Discard the 4 ingredients onto discard pile 1", "Discard the 4 ingredients onto discard pile 2"]
    s.apply_label("Discard the 4 ingredients onto discard pile 2")
    assert letters(s, pz(s, 0, "lineup")) == "C"         # leftovers stay to the right
    assert letters(s, pz(s, 0, "sticks")) == "CMG" and glob(s, "campfire") == []
    assert letters(s, glob(s, "discard")[1]) == "GCMGM"
    assert [dish(g, r) for r in pz(s, 0, "recipes")] == ["straight_up"]
    assert len(glob(s, "straight_ups")) == 3
    assert letters(s, pz(s, 0, "below")) == "C"          # the stick flipped this turn stays below
    s.apply_label("End your turn")
    assert letters(s, glob(s, "campfire")) == "C"        # ... and goes on the campfire afterwards
    assert s.scores()[0] == 2 + 3
    assert conserved(s)


def test_score_only_once_per_turn(g):
    s = start(g, lineups={0: "GGGGGG"}, straight_ups=4, piles=[["graham_slam", "graham_slam"], ["hot_mess"]])
    to_actions(s)
    play(s, "Score Graham Slam (3)", "Discard the 3 ingredients onto discard pile 1")
    assert letters(s, pz(s, 0, "lineup")) == "GGG"       # still a Graham Slam, and one on display
    assert scores_offered(s) == [] and s.options()[-1] == "End your turn"
    s.apply_label("Burn the leftmost card onto discard pile 1")
    assert s.current_player == 1


def test_score_again_on_a_later_turn(g):
    s = start(g, lineups={0: "GGGGGG"}, straight_ups=4, piles=[["graham_slam", "graham_slam", "zebra"], ["hot_mess"]])
    to_actions(s)
    play(s, "Score Graham Slam (3)", "Discard the 3 ingredients onto discard pile 1", "End your turn")
    to_actions(s)                                        # Player 2
    s.apply_label("End your turn")
    to_actions(s)                                        # Player 1 again
    assert scores_offered(s) == ["Score Graham Slam (3)"]


def test_two_piles_showing_the_same_recipe_say_which_pile(g):
    s = start(g, players=3, lineups={0: "GGG"}, straight_ups=6,
              piles=[["graham_slam", "zebra"], ["hot_mess"], ["graham_slam", "chocoholic"]])
    to_actions(s)
    assert scores_offered(s) == ["Score Graham Slam (3) from advanced pile 1", "Score Graham Slam (3) from advanced pile 3"]
    play(s, "Score Graham Slam (3) from advanced pile 3", "Discard the 3 ingredients onto discard pile 1")
    assert [dish(g, r) for r in glob(s, "pile")[2]] == ["chocoholic"]
    assert [dish(g, r) for r in glob(s, "pile")[0]] == ["graham_slam", "zebra"]


# ---------------------------------------------------------------- end of turn: discard piles
def test_discard_fix_up_lets_the_player_choose_the_pile(g):
    s = start(g, discard_1="CG", discard_2="CM")
    to_actions(s)
    s.apply_label("End your turn")
    assert s.options() == ["Move cards from discard pile 1 onto discard pile 2 until the tops differ",
                           "Move cards from discard pile 2 onto discard pile 1 until the tops differ"]
    s.apply_label("Move cards from discard pile 1 onto discard pile 2 until the tops differ")
    assert letters(s, glob(s, "discard")[0]) == "G" and letters(s, glob(s, "discard")[1]) == "CCM"
    assert s.current_player == 1


def test_discard_fix_up_moves_several_cards_when_only_one_way_works(g):
    s = start(g, discard_1="CCG", discard_2="CC")
    to_actions(s)
    s.apply_label("End your turn")
    assert letters(s, glob(s, "discard")[0]) == "G" and letters(s, glob(s, "discard")[1]) == "CCCC"
    assert s.current_player == 1


def test_discard_fix_up_leaves_piles_that_cannot_differ(g):
    s = start(g, discard_1="CC", discard_2="C")
    to_actions(s)
    s.apply_label("End your turn")
    assert letters(s, glob(s, "discard")[0]) == "CC" and letters(s, glob(s, "discard")[1]) == "C"
    assert s.current_player == 1


def test_discard_fix_up_after_burning_onto_a_matching_top(g):
    s = start(g, lineups={0: "MG"}, discard_1="C", discard_2="G")
    to_actions(s)
    play(s, "Burn the 2 leftmost cards onto discard pile 1")
    assert letters(s, glob(s, "discard")[0]) == "GMC"     # both piles show a graham now
    s.apply_label("End your turn")
    # pile 2 is a lone graham, so the graham on pile 1 moves over: no choice to make
    assert letters(s, glob(s, "discard")[0]) == "MC" and letters(s, glob(s, "discard")[1]) == "GG"
    assert s.current_player == 1 and conserved(s)


# ---------------------------------------------------------------- the last round
def order_of_turns(s, limit=12):
    """Play each turn by taking the first line, flipping every card, and ending the turn."""
    seats = []
    while not s.is_over and len(seats) < limit:
        seats.append(s.current_player)
        s.apply(0)
        while s.options() and s.options()[0].startswith(("Add the", "Flip the")):
            s.apply(1)
        s.apply_label("End your turn")
    return seats


@pytest.mark.parametrize("players,caller", [(2, 0), (3, 0), (4, 0), (3, 1), (4, 2)])
def test_the_last_round_gives_each_other_player_one_more_turn(g, players, caller):
    lineups = {seat: ("GGG" if seat == caller else "") for seat in range(players)}
    piles = [["graham_slam"], ["zebra", "zebra"]] + ([["hot_mess"]] if players > 2 else [])
    s = start(g, players=players, lineups=lineups, straight_ups=0, piles=piles)
    order_of_turns(s, limit=caller)
    assert s.current_player == caller and not glob(s, "last_round")
    to_actions(s)
    play(s, "Score Graham Slam (3)", "Discard the 3 ingredients onto discard pile 1")
    assert glob(s, "last_round") and glob(s, "last_round_caller") == caller
    assert not s.is_over and s.options()[-1] == "End your turn"   # the caller finishes the turn
    s.apply_label("End your turn")
    seats = order_of_turns(s)
    assert seats == [(caller + i) % players for i in range(1, players)]
    assert s.is_over and s.result.reason == "Two recipe piles are empty and everyone has had one more turn."
    assert s.result.winners == [caller]


def test_one_empty_pile_is_not_the_end(g):
    s = start(g, players=3, lineups={0: "GGG"}, straight_ups=6, piles=[["graham_slam"], ["zebra"], ["hot_mess"]])
    to_actions(s)
    play(s, "Score Graham Slam (3)", "Discard the 3 ingredients onto discard pile 1", "End your turn")
    assert not glob(s, "last_round")
    assert order_of_turns(s, limit=6) == [1, 2, 0, 1, 2, 0] and not s.is_over


def test_an_unused_third_pile_does_not_count_as_empty_with_two_players(g):
    s = start(g, players=2, lineups={0: "GGG"}, straight_ups=4, piles=[["graham_slam"], ["zebra"]])
    to_actions(s)
    play(s, "Score Graham Slam (3)", "Discard the 3 ingredients onto discard pile 1")
    assert not glob(s, "last_round")


def test_straight_up_fallback_in_the_last_round(g):
    s = start(g, players=2, lineups={0: "GGG", 1: "GMCGM"}, discard_1="C", discard_2="G",
              straight_ups=0, piles=[["graham_slam"], ["zebra"]])
    to_actions(s)
    fallback = "Score Straight Up S'mores (2) with two sticks from the discard pile"
    play(s, "Score Graham Slam (3)", "Discard the 3 ingredients onto discard pile 2", "End your turn")
    to_actions(s)                                        # Player 2, in the last round
    assert scores_offered(s) == [fallback]
    play(s, fallback, "Discard the 4 ingredients onto discard pile 1")
    assert letters(s, pz(s, 1, "lineup")) == "M"
    # two discard-pile cards flipped into sticks, plus the campfire's stick (Player 1's)
    assert len(pz(s, 1, "sticks")) == 1 + 2
    assert letters(s, glob(s, "discard")[0]) == "MGC"     # G M C G discarded, its top two flipped
    assert pz(s, 1, "extra_straight_ups") == 1 and pz(s, 1, "recipes") == []
    assert scores_offered(s) == []                       # still once per turn
    s.apply_label("End your turn")
    assert s.is_over and conserved(s)
    # Player 1: Graham Slam 3, 1 recipe, no sticks. Player 2: 3 sticks, 1 recipe: more sticks
    assert s.result.scores == [3, 3] and s.result.winners == [1]


def test_no_fallback_outside_the_last_round(g):
    s = start(g, players=3, lineups={0: "GCMG"}, straight_ups=0, piles=[["graham_slam"], ["zebra"], ["hot_mess"]])
    to_actions(s)
    assert scores_offered(s) == []


def test_no_fallback_while_the_straight_up_pile_has_cards(g):
    s = start(g, players=2, lineups={0: "GGG", 1: "GCMG"}, straight_ups=1, piles=[["graham_slam"], []])
    to_actions(s)
    play(s, "Score Graham Slam (3)", "Discard the 3 ingredients onto discard pile 1", "End your turn")
    assert glob(s, "last_round")
    to_actions(s)
    assert scores_offered(s) == ["Score Straight Up S'mores (2)"]


# ---------------------------------------------------------------- final scoring
def test_final_score_recipes_sticks_and_the_lineup_bonus_capped_at_two(g):
    s = start(g, players=4, lineups={0: "GGCC", 1: "GGCCM", 2: "GGCCMGGCC", 3: "GGCCMGGCCM"},
              sticks={0: "CC", 3: "M"}, straight_ups=7, piles=[["hot_mess"], ["zebra"], ["graham_slam"]],
              scored={0: ["zebra"], 1: ["straight_up", "hot_mess"]})
    assert s.scores() == [6 + 2 + 0, 5 + 0 + 1, 0 + 0 + 1, 0 + 1 + 2]
    s2 = start(g, players=2, lineups={0: "G" * 17, 1: "C" * 15})
    assert s2.scores() == [2, 2]


def finish(g, seat0_scored, seat0_sticks, seat1_scored, seat1_sticks):
    """Player 1 scores a Graham Slam to end the game; Player 2 takes one more turn."""
    s = start(g, players=2, lineups={0: "GGG"}, sticks={0: seat0_sticks, 1: seat1_sticks},
              straight_ups=0, piles=[["graham_slam"], ["zebra"]], scored={0: seat0_scored, 1: seat1_scored})
    to_actions(s)
    play(s, "Score Graham Slam (3)", "Discard the 3 ingredients onto discard pile 1", "End your turn")
    order_of_turns(s)
    assert s.is_over
    return s.result


def test_most_points_wins(g):
    r = finish(g, [], "", ["hot_mess"], "C")
    assert r.scores == [3, 4] and r.winners == [1]


def test_tie_broken_by_fewest_completed_recipes(g):
    r = finish(g, [], "", [], "CCC")
    assert r.scores == [3, 3] and r.winners == [1]


def test_tie_broken_by_more_sticks(g):
    r = finish(g, [], "C", ["chocoholic"], "")
    assert r.scores == [4, 4] and r.winners == [0]


def test_a_full_tie_is_a_shared_win(g):
    r = finish(g, [], "C", ["hot_mess"], "M")
    assert r.scores == [4, 4] and r.winners == [0, 1]


def test_the_fallback_counts_as_a_completed_recipe_for_ties(g):
    s = start(g, players=2, lineups={0: "GGG", 1: "GCMG"}, sticks={0: "CCC"}, straight_ups=0,
              piles=[["graham_slam"], ["hot_mess"]], scored={0: ["straight_up"], 1: ["zebra"]})
    to_actions(s, add=True)
    play(s, "Score Graham Slam (3)", "Discard the 3 ingredients onto discard pile 1", "End your turn")
    to_actions(s, add=True)
    play(s, "Score Straight Up S'mores (2) with two sticks from the discard pile",
         "Discard the 4 ingredients onto discard pile 2", "End your turn")
    assert s.is_over
    # Player 1: 2 + 3 + 3 sticks = 8, two recipes, 3 sticks.
    # Player 2: 6 + 2 sticks = 8, two recipes with the fallback (one without it), 2 sticks.
    assert s.result.scores == [8, 8]
    assert evaluate(s, "recipes_done", 1) == 2 and evaluate(s, "stick_count", 1) == 2
    assert s.result.winners == [0]


# ---------------------------------------------------------------- hidden information and display
def test_the_deck_is_hidden_and_the_rest_is_public(g):
    s = g.new_state(players=3, seed=4)
    for seat in (0, 1, 2, None):
        v = s.view(seat)
        assert v["variables"]["deck"] == [None] * len(glob(s, "deck"))
        assert v["variables"]["discard"] == glob(s, "discard")
        assert v["variables"]["straight_ups"] == glob(s, "straight_ups")
        assert [p["lineup"] for p in v["players"]] == [pz(s, i, "lineup") for i in range(3)]
    text = s.render(1)
    for words in ("Arrow: not placed yet", "Player 3 lineup: 1:Graham Cracker", "Campfire: 0 sticks",
                  "Discard piles: 1 shows", "Straight Up pile: Straight Up S'mores (2 pts), 6 cards",
                  "Advanced pile 3:", "Scores so far: Player 1 0, Player 2 0, Player 3 0."):
        assert words in text
    assert "+" in text.splitlines()[0]                   # the market as a grid


def test_display_shows_the_arrow_and_the_last_round(g):
    s = start(g, players=2, lineups={0: "GGG"}, straight_ups=0, piles=[["graham_slam"], ["zebra"]])
    to_actions(s)
    play(s, "Score Graham Slam (3)", "Discard the 3 ingredients onto discard pile 1")
    text = s.render(0)
    assert "Arrow: at column 1 from the top." in text
    assert "Advanced pile 1: empty" in text and "LAST ROUND" in text and "Player 1 3," in text


# ---------------------------------------------------------------- random games
def check_step(s):
    opts = s.options()
    assert opts and len(set(opts)) == len(opts)
    assert conserved(s)


def run_random(g, players, seed, *, roundtrip=False, bound=3000):
    s = g.new_state(players=players, seed=seed)
    bot = RandomBot(seed)
    moves = []
    while not s.is_over:
        check_step(s)
        if roundtrip and len(moves) % 7 == 0:
            t = g.load_state(s.to_json())
            assert t.options() == s.options() and t.render(0) == s.render(0)
        i = bot.choose(s, s.pending.players[0])
        moves.append(i)
        s.apply(i)
        assert len(moves) <= bound, "the game did not end"
    assert conserved(s)
    r = s.result
    assert r.winners and all(0 <= w < players for w in r.winners) and len(r.scores) == players
    return s, moves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(g, players):
    for seed in range(30):
        s, moves = run_random(g, players, seed, roundtrip=seed % 10 == 0)
        if seed % 10 == 0:                               # same seed and moves -> same game
            t = g.new_state(players=players, seed=seed)
            for i in moves:
                t.apply(i)
            assert t.to_json() == s.to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_played_towards_recipes_reach_the_last_round(g, players):
    endings = []
    for seed in range(8):
        s = g.new_state(players=players, seed=100 + seed)
        bot = RecipeBot(seed)
        while not s.is_over:
            check_step(s)
            s.apply(bot.choose(s))
            assert s.decisions < 8000
        assert conserved(s)
        endings.append(s.result.reason)
        if glob(s, "last_round"):
            # the game ended right before the caller's next turn
            assert (s.current_player + 1) % players == glob(s, "last_round_caller")
    assert "Two recipe piles are empty and everyone has had one more turn." in endings


def test_a_copy_and_a_saved_game_play_on_identically(g):
    s = g.new_state(players=3, seed=9)
    rng = random.Random(9)
    for _ in range(60):
        s.apply(rng.randrange(len(s.options())))
    c, t = s.copy(), g.load_state(s.to_json())
    for _ in range(200):
        if s.is_over:
            break
        i = rng.randrange(len(s.options()))
        for x in (s, c, t):
            x.apply(i)
    assert s.to_json() == c.to_json() == t.to_json()


# ---------------------------------------------------------------- a scripted game
def test_the_scripted_game_plays_to_final_scores(g):
    # CLI: tabletop play smores_galore --players 2 --seed 3 --moves tests/data/smores_galore_2p.moves
    lines = [ln.strip() for ln in (DATA / "smores_galore_2p.moves").read_text().splitlines()]
    labels = [ln for ln in lines if ln and not ln.startswith("#")]
    s = g.new_state(players=2, seed=3)
    for label in labels:
        assert not s.is_over
        s.apply_label(label)
        assert conserved(s)
    assert s.is_over
    r = s.result
    assert r.reason == "Two recipe piles are empty and everyone has had one more turn."
    assert r.scores == SCRIPTED_SCORES and r.winners == SCRIPTED_WINNERS


SCRIPTED_SCORES = [12, 8]
SCRIPTED_WINNERS = [0]
