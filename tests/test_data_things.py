"""A data field whose type is a kind names a thing of that kind by its name: it must be that thing,
not the record at the same place, when earlier records make several things (`count`)."""
from inline import game

RULES = '''
    game "References"
    players 1
    kind card from "cards.yaml":
        name: text
        number: int
    kind spot from "spots.yaml":
        name: text
        holds: card
    define held(s: spot): card = s.holds
    define held_number(name: text): int = first([s.holds.number for s in spot if s.name == name])
    turn:
        end game
    winners: players
'''

CARDS = '''
    cards:
      - {name: "Ace", number: 1, count: 3}
      - {name: "Bee", number: 2}
      - {name: "Cat", number: 3, count: 2}
      - {name: "Dog", number: 4}
'''

SPOTS = '''
    spots:
      - {name: "north", holds: "Bee"}
      - {name: "south", holds: "Dog"}
      - {name: "west", holds: "Ace"}
'''


def test_a_data_field_names_the_thing_after_records_with_counts(tmp_path):
    g = game(tmp_path, RULES, **{"cards.yaml": CARDS, "spots.yaml": SPOTS})
    s = g.new_state(players=1, seed=1)
    assert s.evaluate("held_number", "north") == 2
    assert s.evaluate("held_number", "south") == 4
    assert s.evaluate("held_number", "west") == 1


# A data file may name seats that a game of fewer players has not: the home of Player 3.
SEATS = '''
    game "Homes"
    players 2 to 3
    {side}
    kind base from "bases.yaml":
        name: text
        team: player
    player var points: int = 0
    var holder: player = none
    turn:
        holder = last(base).team
        choose n from [1, 2] labelled "Take {n}"
        last(base).team.points += n
        end game "Done."
    define score(p: player): int = p.points
'''
BASES = "bases:\n  - {name: North, team: 1}\n  - {name: South, team: 3}\n"


def test_a_seat_the_data_names_is_not_taken_for_a_side_in_a_game_of_fewer_players(tmp_path):
    # With a side, the value of Player 3 in a game of 2 is the side's: 'South' belonged to the volcano.
    import pytest
    from tabletop.interpreter.api import RuleError
    g = game(tmp_path, SEATS.replace("{side}", "side volcano"), **{"bases.yaml": BASES})
    with pytest.raises(RuleError, match="The base 'South' names Player 3 in its field 'team', who does not play "
                                        "in a game of 2: there that seat would be taken for the side 'volcano'") as e:
        g.new_state(players=2, seed=1)
    assert e.value.span.line == 4, "the kind's line, which names its data file"
    s = g.new_state(players=3, seed=1)
    s.apply(0)
    assert s.result.scores == [0, 0, 1] and s.result.side_scores == {"volcano": 0}


def test_a_seat_the_data_names_that_is_not_at_the_table_is_named_and_a_state_holding_it_loads(tmp_path):
    import pytest
    from tabletop.interpreter.api import RuleError
    g = game(tmp_path, SEATS.replace("{side}", ""), **{"bases.yaml": BASES})
    s = g.new_state(players=2, seed=1)
    assert g.load_state(s.to_json()).options() == ["Take 1", "Take 2"], "a variable holding Player 3 loads"
    with pytest.raises(RuleError, match="it reads a variable or zone of (Player 3|a player), who does not play in this game"):
        s.apply(0)


def test_a_state_holding_a_seat_neither_at_the_table_nor_named_by_the_data_is_refused_where_it_is(tmp_path):
    """Any seat up to the game's most players was taken: a save edited to hold Player 4 in a game of
    2 loaded, and failed later. Now a player value is a seat at the table, a side, or a seat the
    data names (Player 3, the home of 'South', with no sides in the game), and the refusal says
    where in the state (in a save file, its "state") the value is."""
    import pytest
    from tabletop.interpreter import savefile
    from tabletop.interpreter.api import SaveError
    g = game(tmp_path, SEATS.replace("players 2 to 3", "players 2 to 4").replace("{side}", "var order: list of player = players"),
             **{"bases.yaml": BASES})
    s = g.new_state(players=2, seed=1)
    data = s.to_json()
    data["globals"][1] = 2                      # Player 3: the data names that seat
    g.load_state(data)
    data["globals"][1] = 3                      # Player 4: nobody names that seat
    with pytest.raises(SaveError, match=r"the variable 'holder' holds Player 4 \(3, at globals\[1\] in the state's data\), "
                                        r"and this game of 2 has Player 1 to Player 2"):
        g.load_state(data)
    data["globals"][1], data["globals"][0] = None, [0, 1, 3]
    saved = savefile.snapshot(g, s, 1, [])
    saved.state = data
    with pytest.raises(savefile.SaveFileError, match=r"Cannot load edited.json: .*'order' holds Player 4 \(3, at "
                                                     r"globals\[0\]\[2\] in the state's data\)"):
        savefile.restore(g, saved, "edited.json")
