"""Round 16 of blind cases, Abatteroxie: what the two fixes it led to do.

1. The move prompt counted the card's battlers, not the battlers that can move: a team of two
   that played a 3 was asked "Move battler 1 of 3, 1 tile", while the same prompt already said
   the tiles a battler can go when it cannot go the card's number ("move the most battlers you
   can and/or move them the most number of tiles you can"). It now says "1 of 2".
2. A `set` asking for a battler that the setup put on a tile named each of the 21 tiles twice
   ("tile 'A1' battlers, tile 'A2' battlers, ..."), 1,000 characters to read; the zones of many
   things of one kind are now told once ("the battlers of tile A1, A2, ... and E5 (21 of them)"),
   in position.py, for every game.
"""
from pathlib import Path

from tabletop.interpreter import scenarios
from tabletop.interpreter.api import load_game
from tabletop.interpreter.position import _places_words

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "rulebooks" / "abatteroxie"
R, B = "Player 1's battler", "Player 2's battler"


def start(tiles: dict, hand: list):
    """A two-player game at Player 1's first decision, every tile open and empty but those named."""
    state = load_game(str(BOOK)).new_state(players=2, seed=3)
    board = {"every": {"removed": False, "battlers": []}, **tiles}
    state.set_position({"tile": board, "Player 1": {"hand": hand}}, rest={"battler": "fallen", "card": "deck"})
    return state


def test_a_team_of_two_playing_three_battlers_is_asked_for_battler_1_of_2():
    state = start({"A1": {"battlers": [R]}, "E1": {"battlers": [R]}, "E5": {"battlers": [B]}}, ["3", "1", "2", "2"])
    state.apply_label("Move 3 battlers 1 tile each (play 3 and 1)")
    assert state.pending.prompt == "Move battler 1 of 2, 1 tile"
    state.apply_label("Move a battler from A1")
    state.apply_label("Move to B1")
    assert state.pending.prompt == "Move battler 2 of 2, 1 tile"


def test_a_battler_that_cannot_leave_its_tile_is_not_counted():
    # A1's neighbours are gone: its battler cannot move, so of the two asked for, one can be moved
    tiles = {"B1": {"removed": True}, "A2": {"removed": True}, "A1": {"battlers": [R]},
             "C3": {"battlers": [R]}, "E5": {"battlers": [B]}}
    state = start(tiles, ["2", "1", "3", "3"])
    state.apply_label("Move 2 battlers 1 tile each (play 2 and 1)")
    assert state.pending.prompt == "Move battler 1 of 1, 1 tile"
    assert state.options() == ["Move a battler from C3"]


def test_a_team_with_battlers_enough_is_still_asked_for_the_cards_number():
    state = start({"A1": {"battlers": [R, R, R]}, "E5": {"battlers": [B]}}, ["3", "1", "2", "2"])
    state.apply_label("Move 3 battlers 1 tile each (play 3 and 1)")
    assert state.pending.prompt == "Move battler 1 of 3, 1 tile"


def test_a_battler_held_on_the_tiles_is_told_with_its_tiles_once(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {BOOK}\nrest: {{battler: fallen, card: deck}}\ncases:\n  - name: x\n"
                    f"    players: 2\n    set:\n      Player 1: {{tiebreakers: [{B}]}}\n"
                    "    steps:\n      - expect: {over: false}\n")
    f = scenarios.run_files([path]).failures[0]
    assert f.code == "T010"
    assert "(in the battlers of tile A1, A2, A5, B1, B2, B3, ... and E5 (21 of them)), nor in fallen; " \
           "set the battlers of tile A1, A2, A5, B1, B2, B3, ... or E5 (21 of them) in this position too, " \
           "and they give the battler up." in f.message, f.message
    assert "tile 'A1'" not in f.message and len(f.message) < 400


def test_few_places_and_other_places_keep_their_own_names():
    assert _places_words(["Player 1's hand", "deck"], " or ") == "Player 1's hand or deck"
    assert _places_words(["tile 'A1' battlers", "tile 'B2' battlers"], ", ") == "tile 'A1' battlers, tile 'B2' battlers"
    three = ["space 'Pit' cards", "space 'Moor' cards", "space 'Fen' cards", "Player 2's hand"]
    assert _places_words(three, ", ") == "the cards of space Pit, Moor and Fen; Player 2's hand"
    assert _places_words(three, " or ") == "the cards of space Pit, Moor or Fen or Player 2's hand"
