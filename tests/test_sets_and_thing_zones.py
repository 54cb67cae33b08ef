"""Constructs for board games with many pieces: `player kind` (one set of things per player, each
with its `owner`), a `zone` inside a kind (each tile holding its battlers), and the built-ins
`longest_path` ("move the most tiles you can") and `flatten`."""
import json

import pytest

from inline import diagnostics, game
from tabletop.interpreter.api import PositionError, SaveError

TILES = '''
    tiles:
      - {name: A1, row: 0, col: 0}
      - {name: B1, row: 0, col: 1}
      - {name: C1, row: 0, col: 2}
      - {name: A2, row: 1, col: 0}
      - {name: B2, row: 1, col: 1}
      - {name: C2, row: 1, col: 2}
'''
CARDS = '''
    cards:
      - {name: "one", number: 1}
      - {name: "two", number: 2, count: 2}
'''

# Each player's three cards start in their hand; a turn puts one on a tile; the tile's zone is
# public, its `secret` zone hidden, and a card's `notes` zone is seen by the card's owner.
GAME = '''
    game "Sets"
    players 2 to 4
    player kind card from "cards.yaml":
        name: text
        number: int
        zone notes: card, owner
    kind tile from "tiles.yaml":
        name: text
        row: int
        col: int
        zone stack: card, public
        zone secret: card, hidden
    grid tile at row, col
    player zone hand: card, owner
    setup:
        for c in card:
            add c to c.owner.hand
    turn:
        choose c from current.hand labelled "Put {c} on a tile"
        choose t from tile labelled "On {t}"
        move c from current.hand to t.stack
        if count(current.hand) == 0:
            end game "done"
    define on_board: list of card = flatten([t.stack for t in tile])
    define score(p: player): int = sum([c.number for c in on_board if c.owner == p])
'''


def sets_game(tmp_path, rules=GAME):
    return game(tmp_path, rules, **{"cards.yaml": CARDS, "tiles.yaml": TILES})


def names(g, kind, things):
    return [g.compiled.kind_names[kind][i] for i in things]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_gets_a_set_of_their_own(tmp_path, players):
    g = sets_game(tmp_path)
    s = g.new_state(players=players, seed=1)
    owner = g.compiled.static["card"]["owner"]
    hand = g.compiled.player_names.index("hand")
    for seat in range(players):
        cards = s.data["players"][seat][hand]
        assert names(g, "card", cards) == ["one", "two", "two"]
        assert [owner[c] for c in cards] == [seat] * 3
    # `card` lists the sets of the players in the game only: 3 cards each
    every = [c for seat in range(players) for c in s.data["players"][seat][hand]]
    assert sorted(every) == list(range(3 * players))


def test_a_definition_lists_the_sets_of_the_seats_at_the_table_only(tmp_path):
    """A definition (compiled before the statements) sees a player kind as the statements do: the
    things of the players in this game, for any number of players, one loaded rulebook for all."""
    rules = GAME.replace("    define on_board:", """    define every_card: int = count([c for c in card])
    define how_many: int = count(card)
    define on_board:""").replace("        choose c from current.hand", """        say "{every_card} {how_many}"
        choose c from current.hand""")
    g = sets_game(tmp_path, rules)
    for players in (2, 4, 3, 2):
        s = g.new_state(players=players, seed=1)
        assert s.log[-1] == f"{3 * players} {3 * players}"


def test_the_sets_play_to_the_end_and_score_by_owner(tmp_path):
    g = sets_game(tmp_path)
    s = g.new_state(players=3, seed=2)
    s.apply_label("Put two on a tile")
    s.apply_label("On B2")
    stack = s.data["fields"]["tile"]["stack"]
    assert names(g, "card", stack[4]) == ["two"]
    assert g.compiled.static["card"]["owner"][stack[4][0]] == 0
    while not s.is_over:           # always the first card, on A1; Player 1 runs out first
        s.apply(0)
    assert s.result.scores == [1 + 2 + 2, 1 + 2, 1 + 2]
    assert [len(z) for z in stack] == [6, 0, 0, 0, 1, 0]


def test_a_thing_zone_moves_things_and_each_tile_has_its_own(tmp_path):
    g = sets_game(tmp_path)
    s = g.new_state(players=2, seed=0)
    s.apply_label("Put one on a tile")
    s.apply_label("On A1")
    s.apply_label("Put one on a tile")
    s.apply_label("On C2")
    stack = s.data["fields"]["tile"]["stack"]
    assert [len(z) for z in stack] == [1, 0, 0, 0, 0, 1]
    assert stack[0] != stack[5]


def test_a_thing_zone_is_seen_as_its_visibility_says(tmp_path):
    g = sets_game(tmp_path)
    s = g.new_state(players=2, seed=0)
    fields = s.data["fields"]
    fields["tile"]["secret"][1] = [0, 3]          # two cards face down on B1
    fields["card"]["notes"][0] = [1]              # Player 1's card "one" has a note, seen by Player 1 only
    fields["card"]["notes"][3] = [4]              # Player 2's card "one": seen by Player 2 only
    for seat in (0, 1, None):
        view = s.view(seat)["fields"]
        assert view["tile"]["secret"][1] == [None, None]
        assert view["tile"]["stack"] == fields["tile"]["stack"]
        assert view["card"]["notes"][0] == ([1] if seat == 0 else [None])
        assert view["card"]["notes"][3] == ([4] if seat == 1 else [None])
    assert s.data["fields"]["tile"]["secret"][1] == [0, 3]      # the view changed nothing


def test_a_state_with_thing_zones_saves_and_loads(tmp_path):
    g = sets_game(tmp_path)
    s = g.new_state(players=4, seed=5)
    s.apply(1)
    s.apply(2)
    again = g.load_state(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json()
    forged = s.to_json()
    forged["fields"]["tile"]["stack"][0] = ["two"]
    with pytest.raises(SaveError, match="stack"):
        g.load_state(forged)


def test_a_player_kind_thing_cannot_be_named_alone(tmp_path):
    found = diagnostics(tmp_path, GAME.replace('define on_board', 'define loose: card = card "two"\n    define on_board'),
                        **{"cards.yaml": CARDS, "tiles.yaml": TILES})
    errors = [(d.code, d.message) for d in found if d.severity == "error"]
    assert errors == [("E205", 'Every player has a card named "two", so \'card "two"\' does not say whose.')]


def test_a_player_kind_cannot_declare_owner(tmp_path):
    found = diagnostics(tmp_path, GAME.replace("        number: int\n", "        number: int\n        owner: player = none\n"),
                        **{"cards.yaml": CARDS, "tiles.yaml": TILES})
    assert [d.code for d in found if d.severity == "error"] == ["E202"]
    assert "built-in field 'owner'" in found[0].message


def test_misused_zones_inside_a_kind(tmp_path):
    rules = GAME.replace("        zone secret: card, hidden\n",
                         "        zone secret: card, owner\n        player zone mine: card, public\n"
                         "        zone piles[2]: card, public\n        zone lost: coin, public\n")
    found = diagnostics(tmp_path, rules, **{"cards.yaml": CARDS, "tiles.yaml": TILES})
    errors = sorted((d.code, d.message.split(",")[0]) for d in found if d.severity == "error")
    assert errors == [
        ("E204", "The zone 'lost' holds 'coin'"),
        ("E205", "A zone inside a kind is one zone for each tile; it cannot be a player zone or numbered."),
        ("E205", "A zone inside a kind is one zone for each tile; it cannot be a player zone or numbered."),
        ("E205", "Only the things of a 'player kind' have an owner"),
    ]


def test_a_thing_zone_cannot_be_stored_in_a_variable(tmp_path):
    rules = GAME.replace("        move c from current.hand to t.stack\n",
                         "        move c from current.hand to t.stack\n        kept = t.stack\n        say \"{kept}\"\n")
    found = diagnostics(tmp_path, rules, **{"cards.yaml": CARDS, "tiles.yaml": TILES})
    assert [d.code for d in found if d.severity == "error"] == ["E307"]


def test_too_many_things_for_the_most_players(tmp_path):
    rules = GAME.replace("players 2 to 4", "players 2 to 16")
    big = "cards:\n  - {name: \"one\", number: 1, count: 400}\n"
    found = diagnostics(tmp_path, rules, **{"cards.yaml": big, "tiles.yaml": TILES})
    assert [d.code for d in found if d.severity == "error"] == ["E024"]
    assert "6400 things for 16 players" in found[0].message


PATHS = '''
    game "Paths"
    players 1
    kind tile from "tiles.yaml":
        name: text
        row: int
        col: int
        removed: bool = false
    grid tile at row, col
    var result: list of int = []
    setup:
        tile "B1".removed = true
        for n in [0, 1, 2, 3, 4, 5, 9]:
            add longest_path(tile "A1", n, x => not x.removed) to result
        add longest_path(tile "C1", 9, x => not x.removed) to result
        add count(flatten([[1, 2], [], [3]])) to result
    turn:
        end game
    define score(p: player): int = 0
'''


def test_longest_path_and_flatten(tmp_path):
    # A1 B1 C1 / A2 B2 C2 with B1 removed: from A1 the longest path is A2 B2 C2 C1 (4 steps).
    g = game(tmp_path, PATHS, **{"tiles.yaml": TILES})
    s = g.new_state(seed=0)
    assert s.data["globals"][0] == [0, 1, 2, 3, 4, 4, 4, 4, 3]


def test_longest_path_and_flatten_are_type_checked(tmp_path):
    rules = PATHS.replace("add count(flatten([[1, 2], [], [3]])) to result",
                          "add count(flatten([1, 2])) to result\n        add longest_path(3, 2, x => true) to result")
    found = diagnostics(tmp_path, rules, **{"tiles.yaml": TILES})
    assert sorted(d.code for d in found if d.severity == "error") == ["E301", "E301"]


# ---------------------------------------------------------------- positions and views in words
def test_a_position_sets_a_thing_zone_and_names_things_by_their_owner(tmp_path):
    g = sets_game(tmp_path)
    s = g.new_state(players=3, seed=0)
    s.set_position({"tile": {"B2": {"stack": ["Player 2's two", "Player 2's one"]}}}, rest={"card": "Player 2's hand"})
    named = s.view(None, named=True)
    b2 = next(t for t in named["fields"]["tile"] if t["name"] == "B2")
    assert b2["stack"] == ["Player 2's two", "Player 2's one"]
    assert s.view(1, named=True)["players"][1]["hand"] == ["Player 2's two"]
    assert [c["name"] for c in named["fields"]["card"]][:4] == ["Player 1's one", "Player 1's two", "Player 1's two",
                                                              "Player 2's one"]
    with pytest.raises(PositionError, match="'Player 5's two' is not a card"):
        s.set_position({"tile": {"B2": {"stack": ["Player 5's two"]}}}, rest={"card": "Player 2's hand"})


def test_a_named_view_keeps_a_things_hidden_zone_hidden(tmp_path):
    g = sets_game(tmp_path)
    s = g.new_state(players=2, seed=0)
    s.data["fields"]["tile"]["secret"][1] = [0, 3]
    b1 = next(t for t in s.view(0, named=True)["fields"]["tile"] if t["name"] == "B1")
    assert b1["secret"] == [None, None]
