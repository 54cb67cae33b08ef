"""Options with the same label for alike values are one option (interpreter/alike.py): two
Flotsam cards in a hand offer "Play Flotsam" once. Things that differ in a changing field, in
where they lie, or in a list or local that holds one and not the other, are not alike: their
options keep a number, so each stays a move of its own."""
import json

from inline import game

CARDS = """
cards:
  - {name: "Twin", count: 3}
  - {name: "Odd"}
"""

RULES = """
game "Twins"
players 2
kind card from "cards.yaml":
    name: text
    marked: bool = false
zone deck: card, hidden
player zone hand: card, owner
player zone kept: card, public
var chosen: list of card = []
setup:
    deck = [c for c in card]
    draw 4 from deck to players[0].hand
    MARK
turn:
    choose c from FROM labelled "Keep {c}" prompt "Keep a card"
    move c from current.hand to current.kept
    end game "One pick."
define score(p: player): int = count(p.kept)
"""


def state(tmp_path, mark="pass", source="current.hand", cards=CARDS):
    g = game(tmp_path, RULES.replace("MARK", mark).replace("FROM", source), **{"cards.yaml": cards})
    return g, g.new_state(players=2)


def test_alike_things_with_one_label_are_one_option(tmp_path):
    assert state(tmp_path)[1].options() == ["Keep Twin", "Keep Odd"]


def test_a_changing_field_tells_things_apart(tmp_path):
    s = state(tmp_path, "players[0].hand[1].marked = true")[1]
    assert s.options() == ["Keep Twin", "Keep Twin (2)", "Keep Odd"]


def test_a_list_holding_one_of_them_tells_them_apart(tmp_path):
    s = state(tmp_path, "add players[0].hand[2] to chosen")[1]
    assert s.options() == ["Keep Twin", "Keep Twin (2)", "Keep Odd"]


def test_things_in_different_places_are_not_alike(tmp_path):
    # Four Twins and an Odd: four cards dealt to the hand, the Odd and nothing else in the deck.
    s = state(tmp_path, source="current.hand + deck", cards=CARDS.replace("count: 3", "count: 4"))[1]
    assert s.options() == ["Keep Twin", "Keep Odd"]
    # One Twin left in the deck: the hand's Twins are one option, the deck's another.
    (tmp_path / "b").mkdir()
    s = state(tmp_path / "b", source="current.hand + deck", cards=CARDS.replace("count: 3", "count: 5"))[1]
    assert s.options() == ["Keep Twin", "Keep Twin (2)", "Keep Odd"]


def test_the_first_of_alike_things_is_the_one_taken(tmp_path):
    g, s = state(tmp_path)
    s.apply_label("Keep Twin")
    kept = json.loads(json.dumps(s.to_json()))["players"][0][g.compiled.player_names.index("kept")]
    assert kept == [0]          # the first Twin of the data, first in the hand


def test_a_menus_options_for_alike_things_are_one_option(tmp_path):
    """A menu's option for each card (`option "Keep {c}" for c in ...`) merges alike cards too,
    each option apart: the same cards under two options stay two options."""
    menu = '''choose prompt "Keep a card":
        option "Keep {c}" for c in current.hand:
            move c from current.hand to current.kept
        option "Burn {c}" for c in current.hand:
            move c from current.hand to deck
    end game "One pick."'''
    rules = RULES.replace('''choose c from FROM labelled "Keep {c}" prompt "Keep a card"
    move c from current.hand to current.kept
    end game "One pick."''', menu).replace("MARK", "pass")
    g = game(tmp_path, rules, **{"cards.yaml": CARDS})
    assert g.new_state(players=2).options() == ["Keep Twin", "Keep Odd", "Burn Twin", "Burn Odd"]


def test_the_item_of_a_comprehension_or_function_done_with_tells_nothing_apart(tmp_path):
    # Writing Masks (tests/games/bluff): after `proof = [c for c in p.hand if c.role == r]` the
    # comprehension's slot still held the last card looked at, a Captain, so a hand of two
    # Captains offered "Lay down your Captain" and "Lay down your Captain (2)".
    looked = '''odd = count([x for x in reverse(current.hand) if x.name == "Odd"])
    names = sort(current.hand, y => y.name)
    say "{odd} {names}"
    choose c from current.hand labelled "Keep {c}" prompt "Keep a card"'''
    rules = RULES.replace('choose c from FROM labelled "Keep {c}" prompt "Keep a card"', looked).replace("MARK", "pass")
    s = game(tmp_path, rules, **{"cards.yaml": CARDS}).new_state(players=2)
    assert s.log == ["1 Odd, Twin, Twin, Twin"]
    assert s.options() == ["Keep Twin", "Keep Odd"]


def test_the_item_of_a_loop_tells_things_apart_only_while_its_block_runs(tmp_path):
    # `for x in ...:` left its last item in its slot after the loop, and that told two Twins apart
    # at every later choice of the rule; inside the loop the item is named, and tells them apart.
    after = '''for x in reverse(current.hand):
        say "{x}"
    choose c from current.hand labelled "Keep {c}" prompt "Keep a card"'''
    inside = '''for x in take(current.hand, 1):
        choose c from current.hand labelled "Keep {c}" prompt "Keep a card"
        move c from current.hand to current.kept'''
    for n, (looked, options) in enumerate([(after, ["Keep Twin", "Keep Odd"]),
                                           (inside, ["Keep Twin", "Keep Twin (2)", "Keep Odd"])]):
        rules = RULES.replace('choose c from FROM labelled "Keep {c}" prompt "Keep a card"\n    move c from current.hand to '
                              'current.kept', looked + ("" if n else "\n    move c from current.hand to current.kept"))
        rules = rules.replace("MARK", "pass")
        (tmp_path / str(n)).mkdir()
        assert game(tmp_path / str(n), rules, **{"cards.yaml": CARDS}).new_state(players=2).options() == options


def test_a_local_first_set_in_a_block_tells_things_apart_only_while_the_block_runs(tmp_path):
    # a name first set under an `if` is unknown after it, but its slot kept the card
    over = '''if true:
        y = first(current.hand)
        say "{y}"
    choose c from current.hand labelled "Keep {c}" prompt "Keep a card"
    move c from current.hand to current.kept'''
    running = '''if true:
        y = first(current.hand)
        choose c from current.hand labelled "Keep {c}" prompt "Keep a card"
        move c from current.hand to current.kept'''
    whole = '''y = first(current.hand)
    choose c from current.hand labelled "Keep {c}" prompt "Keep a card"
    move c from current.hand to current.kept'''
    cases = [(over, ["Keep Twin", "Keep Odd"]), (running, ["Keep Twin", "Keep Twin (2)", "Keep Odd"]),
             (whole, ["Keep Twin", "Keep Twin (2)", "Keep Odd"])]
    for n, (looked, options) in enumerate(cases):
        rules = RULES.replace('choose c from FROM labelled "Keep {c}" prompt "Keep a card"\n    move c from current.hand to '
                              'current.kept', looked).replace("MARK", "pass")
        (tmp_path / str(n)).mkdir()
        assert game(tmp_path / str(n), rules, **{"cards.yaml": CARDS}).new_state(players=2).options() == options, n


def test_every_way_a_place_holds_a_thing_tells_things_apart(tmp_path):
    """Each place is asked by how it holds the kind (alike.py asks them in place, not by a call):
    a game's list, a game's variable of one thing, a player's variable of one thing, a list of
    lists, and a thing's field; each one holding one Twin alone tells the Twins apart."""
    extra = '''var one: card = none
var piles: list of list of card = []
player var favourite: card = none
kind box from "boxes.yaml":
    name: text
    holds: card = none
'''
    marks = ["add players[0].hand[1] to chosen", "one = players[0].hand[1]",
             "players[1].favourite = players[0].hand[1]", "piles = [[players[0].hand[1]]]",
             "first([b for b in box]).holds = players[0].hand[1]"]
    for n, mark in enumerate(marks):
        rules = RULES.replace("var chosen: list of card = []", "var chosen: list of card = []\n" + extra)
        (tmp_path / str(n)).mkdir()
        g = game(tmp_path / str(n), rules.replace("MARK", mark).replace("FROM", "current.hand"),
                 **{"cards.yaml": CARDS, "boxes.yaml": "boxes:\n  - {name: \"Box\"}\n"})
        assert g.new_state(players=2).options() == ["Keep Twin", "Keep Twin (2)", "Keep Odd"], mark
        (tmp_path / f"same{n}").mkdir()
        same = game(tmp_path / f"same{n}", rules.replace("MARK", "pass").replace("FROM", "current.hand"),
                    **{"cards.yaml": CARDS, "boxes.yaml": "boxes:\n  - {name: \"Box\"}\n"})
        assert same.new_state(players=2).options() == ["Keep Twin", "Keep Odd"]
