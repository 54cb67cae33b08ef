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
