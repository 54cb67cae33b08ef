"""A value checked while an earlier move of the turn is still under way (a card whose eruption
now asks its target, after a reaction was answered in between) is told with the move that is not
finished and the question it waits on, as the last move's unfinished action is."""
from pathlib import Path

from tabletop.interpreter import scenarios

ROOT = Path(__file__).resolve().parent.parent

CASE = """
rest: {card: deck}
cases:
  - name: a taunt answered by Spite
    players: 3
    set:
      leader: Player 1
      totem: {"7": {holder: Player 2}}
      Player 1: {hand: [Don't Taunt the Lava, Flotsam]}
      Player 2: {hand: ["Spite: My Only Friend", Jetsam]}
      Player 3: {hand: [Flotsam, Flotsam]}
    steps:
      - force: [3, 4, 6, 6, 5, 6]
      - move: Play Don't Taunt the Lava
      - move: "Play Spite: My Only Friend"
        by: Player 2
      - expect: {raft_pieces: 1}
"""


def failure_of(tmp_path, text):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / 'smackatoa'}\n" + text)
    [failure] = scenarios.run_files([path]).failures
    return failure


def test_an_earlier_move_still_under_way_is_named_in_the_hint(tmp_path):
    failure = failure_of(tmp_path, CASE)
    assert failure.code == "T030" and failure.line == 18
    assert failure.hint == ("the move 'Play Don't Taunt the Lava' (line 15) is still under way: the game asks Player 2 "
                            "'You may give the hot 7 totem to a cardholder' inside it; what its rules did before that "
                            "question is done, what they do after the answer is not done yet")


def test_no_note_once_that_question_is_answered(tmp_path):
    text = CASE.replace("      - expect: {raft_pieces: 1}\n",
                        "      - move: Decline\n        by: Player 2\n      - expect: {raft_pieces: 2}\n")
    failure = failure_of(tmp_path, text)
    assert failure.line == 20 and "under way" not in failure.hint
