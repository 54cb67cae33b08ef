"""A forced result left over is explained by what really left it (round 14 of blind cases).

T012's hint sent every result forced before the case's first move to 'force setup', as meant for
what the setup drew. Two blind cases were misled: an Abatteroxie case forced the Doom Die's roll
before a move whose Battle Royale card ended the game (nothing is drawn after the end), and one
forced an explosion's three results of which the moves used two. The hint now says that the game
ended, or how many of the force's results the moves used, and keeps 'force setup' for a force
before any move of which nothing was used.
"""
from pathlib import Path

from tabletop.interpreter import scenarios

ROOT = Path(__file__).resolve().parent.parent

# Player 1 moves onto A4 with two Battle Royale cards; D4's two battles take both blue battlers
# there, and blue has no other: the game ends before the Doom Phase, whose roll the case forced.
ENDED = """rest: {battler: fallen, card: deck}
cases:
  - name: the roll of a doom phase that never comes
    players: 2
    set:
      tile: {every: {removed: false, battlers: []}, A1: {battlers: ["Player 1's battler"]},
             D4: {battlers: ["Player 1's battler", "Player 1's battler", "Player 1's battler",
                             "Player 2's battler", "Player 2's battler"]}}
      Player 1: {hand: ["1 + Battle Royale", "1 + Battle Royale", "3", "3"]}
    steps:
      - force: [Move Eliminator]
      - move: Move 1 battler 1 tile each (play 1 + Battle Royale and 1 + Battle Royale)
      - move: Move a battler from A1
      - move: Move to B1
      - expect: {over: true}
"""

# C4 blows up with its one battler, which lands on C3: the second 'lands' and pick are left over,
# and the game goes on (B3 holds both teams).
PARTLY_USED = """rest: {battler: fallen, card: deck}
cases:
  - name: two battlers' results forced for one
    players: 2
    set:
      eliminator: C4
      tile: {every: {removed: true, battlers: []},
             C3: {removed: false, battlers: ["Player 1's battler", "Player 2's battler", "Player 2's battler"]},
             B3: {removed: false, battlers: ["Player 1's battler", "Player 2's battler"]},
             C4: {removed: false, battlers: ["Player 1's battler", "Player 1's battler"]}}
      Player 1: {hand: ["1", "1", "3", "3"]}
    steps:
      - force: [Explosion, lands, {pick: C3}, lands, {pick: C3}]
      - move: Move 1 battler 1 tile each (play 1 and 1)
      - move: Move a battler from C4
      - move: Move to C3
      - expect: {over: false}
"""


def failure_of(tmp_path, text):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / 'abatteroxie'}\n" + text)
    report = scenarios.run_files([path])
    [f] = report.failures
    return f


def test_a_result_left_because_the_game_ended_says_so(tmp_path):
    f = failure_of(tmp_path, ENDED)
    assert f.code == "T012" and f.line == 12, f
    assert f.hint.startswith("the game ended ("), f.hint
    assert "before the rules came to this draw: the moves after it used none of the results of this 'force', " \
           "and an ended game draws nothing more" in f.hint, f.hint
    assert "force setup" not in f.hint


def test_a_result_forced_before_any_move_and_partly_used_is_not_sent_to_force_setup(tmp_path):
    f = failure_of(tmp_path, PARTLY_USED)
    assert f.code == "T012" and f.line == 14, f
    assert f.hint == ("the moves after it used 3 of the results of this 'force' and came to no other throw, pick "
                      "or shuffle: the rules draw only where they come to one, so a result meant for a draw they "
                      "passed by is left over")


def test_a_part_of_one_label_given_to_apply_label_is_answered_with_that_label():
    """`apply_label` takes a label whole; given 'Move to B3' where the option is 'Move to B3 from
    A3, pushing east', its hint named 'Move to A4', the label nearest in spelling, which misled a
    blind probe. It now names the one label that holds the words."""
    import pytest

    from tabletop.interpreter.api import load_game
    from tabletop.interpreter.errors import IllegalMove

    state = load_game("abatteroxie").new_state(players=2, seed=1)
    r, b = "Player 1's battler", "Player 2's battler"
    tiles = {"every": {"removed": False, "battlers": []}, "A3": {"battlers": [r]}, "B3": {"battlers": [r, r, b, b, b]}}
    state.set_position({"tile": tiles, "Player 1": {"hand": ["1", "1", "2", "2"]}}, rest={"battler": "fallen", "card": "deck"})
    state.apply_label("Move 1 battler 1 tile each (play 1 and 1)")
    state.apply_label("Move a battler from A3")
    with pytest.raises(IllegalMove) as e:
        state.apply_label("Move to B3")
    assert e.value.reason == (
        "'Move to B3' is not an option now. Did you mean 'Move to B3 from A3, pushing east'?")
