"""A value checked while the last move is still under way and the rules now ask another seat from
inside it (a taunt's target choosing which cards to discard) is told with the move and the question
it waits on, as an unfinished earlier move and the mover's own next question inside a move are."""
from pathlib import Path

from tabletop.interpreter import scenarios

ROOT = Path(__file__).resolve().parent.parent

CASE = """
rest: {card: deck}
cases:
  - name: a taunt whose target chooses discards
    players: 3
    set:
      leader: Player 1
      level: 2
      totem: {"9": {holder: Player 2}}
      Player 1: {hand: [Don't Taunt the Lava, Flotsam]}
      Player 2: {hand: [Flotsam, Jetsam, Coconut Tree]}
      Player 3: {hand: [Flotsam, Flotsam]}
    steps:
      - force: [4, 5, 4, 5]
      - move: Play Don't Taunt the Lava
      - expect: {Player 2: {hand: {count: 1}}}
"""


def failure_of(tmp_path, text):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / 'smackatoa'}\n" + text)
    [failure] = scenarios.run_files([path]).failures
    return failure


def test_the_last_move_under_way_asking_another_seat_is_named_in_the_hint(tmp_path):
    failure = failure_of(tmp_path, CASE)
    assert failure.code == "T030" and failure.line == 17
    assert failure.hint == ("the list is [Flotsam, Jetsam, Coconut Tree]; the move 'Play Don't Taunt the Lava' "
                            "(line 16) is still under way: the game asks Player 2 'Discard a card (2 in all)' inside "
                            "it; what its rules did before that question is done, what they do after the answer is "
                            "not done yet")


def test_the_next_question_inside_the_same_move_is_named_after_an_answer(tmp_path):
    # The target has discarded and is asked where the hot totem goes: the taunt is still not done.
    text = CASE.replace("      - expect: {Player 2: {hand: {count: 1}}}\n",
                        "      - moves: [Discard Jetsam, Discard Coconut Tree]\n        by: Player 2\n"
                        "      - expect: {raft_pieces: 1}\n")
    failure = failure_of(tmp_path, text)
    assert failure.line == 19
    assert failure.hint == ("the move 'Play Don't Taunt the Lava' (line 16) is still under way: the game asks Player 2 "
                            "'You may give the hot 9 totem to a cardholder' inside it; what its rules did before that "
                            "question is done, what they do after the answer is not done yet")


def test_no_note_for_the_next_players_turn(tmp_path):
    text = CASE.replace("      - expect: {Player 2: {hand: {count: 1}}}\n",
                        "      - moves: [Discard Jetsam, Discard Coconut Tree, Decline]\n        by: Player 2\n"
                        "      - expect: {raft_pieces: 2}\n")
    failure = failure_of(tmp_path, text)
    assert failure.line == 19 and "under way" not in (failure.hint or "")
