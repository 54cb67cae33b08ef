"""The end of the game, its result and whose turn it is, checked while the last move is still
under way (a share of the cards the next winner must still choose, a push the mover must still
choose), are told with the question the move waits on, as a game value checked so is: the move's
rules have not reached the end or the next turn yet."""
from pathlib import Path

from tabletop.interpreter import scenarios

ROOT = Path(__file__).resolve().parent.parent

SHARE = """
variant: colorcracks
rest: {card: deck}
cases:
  - name: the last round shared, the second winner not yet chosen
    players: 2
    set:
      smackhead: Player 1
      Player 1: {hand: [5 yellow stars], score_pile: [1 red circle]}
      Player 2: {hand: [8 yellow squares]}
    steps:
      - {move: Play 5 yellow stars, by: Player 1}
      - {move: Play 8 yellow squares, by: Player 2}
      - {move: Smack 8 yellow squares, by: Player 1, time: 0.1}
      - {move: Smack 5 yellow stars, by: Player 2, time: 0.2}
      - {move: Take 5 yellow stars, by: Player 1}
      - expect: {over: true, scores: [2, 1], winners: [Player 1]}
"""

PUSH = """
rest: {battler: fallen, card: deck}
cases:
  - name: the push not chosen yet
    players: 2
    set:
      tile:
        every: {removed: true, battlers: []}
        C3: {removed: false, battlers: [Player 1's battler]}
        C2: {removed: false, battlers: [Player 1's battler, Player 2's battler, Player 2's battler,
                                        Player 2's battler, Player 2's battler]}
        C1: {removed: false}
      Player 1: {hand: ["1", "1", "2", "3"]}
    steps:
      - move: Move 1 battler 1 tile each (play 1 and 1)
      - move: Move a battler from C3
      - move: Move to C2
      - expect: {current: Player 2, turn_number: 2}
"""

SHARE_NOTE = ("the move 'Smack 5 yellow stars (every yellow card wins)' (line 16) is still under way: the game "
              "asks Player 2 'Take a card of your share' inside it; what its rules did before that question is "
              "done, what they do after the answer is not done yet")
PUSH_NOTE = ("the move 'Move to C2 from C3, pushing north' (line 18) is still under way: the game asks Player 1 "
             "'C2 holds more than 5 battlers: push one north' inside it; what its rules did before that question "
             "is done, what they do after the answer is not done yet")


def failures_of(tmp_path, game, text):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / game}\n" + text)
    return scenarios.run_files([path]).failures


def test_the_end_checked_while_a_share_waits_names_the_question(tmp_path):
    over, scores, winners = failures_of(tmp_path, "smackshapes", SHARE)
    assert [f.code for f in (over, scores, winners)] == ["T030"] * 3
    assert over.got == "false" and over.hint == SHARE_NOTE
    assert scores.hint == SHARE_NOTE
    assert winners.hint.endswith(SHARE_NOTE)


def test_whose_turn_checked_while_a_push_waits_names_the_question(tmp_path):
    current, turn = failures_of(tmp_path, "abatteroxie", PUSH)
    assert current.hint == PUSH_NOTE and turn.hint == PUSH_NOTE


def test_no_note_once_the_move_is_done(tmp_path):
    # Answered, the turn goes on to the Doom Die and Player 2's turn: a wrong turn number is
    # then just wrong, with no question to name.
    text = PUSH.replace("      - expect: {current: Player 2, turn_number: 2}\n",
                        "      - force: [Move Eliminator]\n      - move: Push the blue battler on C2 north\n"
                        "      - move: Move the eliminator under C2\n      - expect: {turn_number: 5}\n")
    [turn] = failures_of(tmp_path, "abatteroxie", text)
    assert turn.code == "T030" and not turn.hint


ENDED = """
rest: {battler: fallen, card: deck}
cases:
  - name: a force written after the move whose seeded roll ended the game
    players: 2
    set:
      tile:
        every: {removed: false, battlers: []}
        B3: {battlers: [Player 1's battler]}
        C2: {battlers: [Player 2's battler, Player 2's battler, Player 2's battler, Player 2's battler,
                        Player 2's battler]}
      Player 1: {hand: ["1", "1", "2", "3"]}
    steps:
      - move: Move 1 battler 2 tiles each (play 1 and 2)
      - move: Move a battler from B3
      - move: Move to C2 from B2
      - force: [Move Eliminator]
      - expect: {over: false}
"""


def test_a_force_after_the_end_says_why_the_game_ended(tmp_path):
    # The seed's Doom Die (seed 0) rolls Battle Royale, and blue's majority on C2 takes red's
    # last battler: the force meant for the die comes one move late.
    [f] = failures_of(tmp_path, "abatteroxie", ENDED)
    assert f.code == "T011" and f.line == 18
    assert f.hint == ("the game ended ('Only Player 2 (blue) is left.') in the last move; since the last move "
                      "the seed rolled doom_die battle_royale, which no 'force' gave")


LEFT_OVER = """
rest: {battler: fallen, card: deck}
cases:
  - name: a fall die forced for a blast with no tile beside it to land on
    players: 2
    set:
      eliminator: D4
      tile:
        every: {removed: true, battlers: []}
        C3: {removed: false, battlers: [Player 1's battler, Player 2's battler]}
        C2: {removed: false}
        D4: {removed: false, battlers: [Player 2's battler]}
      Player 1: {hand: ["1", "1", "2", "3"]}
    steps:
      - move: Move 1 battler 1 tile each (play 1 and 1)
      - move: Move a battler from C3
      - force: [Explosion, lands]
      - move: Move to C2
      - expect: {tile: {D4: {removed: true}}}
"""


def test_a_result_left_over_after_moves_is_not_sent_to_force_setup(tmp_path):
    # D4 has no open tile beside it: its battler falls without a throw, so 'lands' is left. The
    # case has moved already, so 'force setup' (what the setup draws) is no help.
    [f] = failures_of(tmp_path, "abatteroxie", LEFT_OVER)
    assert f.code == "T012" and f.line == 18
    assert f.hint == ("the moves after it used 1 of the results of this 'force' and came to no other throw, pick "
                      "or shuffle: the rules draw only where they come to one, so a result meant for a draw they "
                      "passed by is left over")


def test_a_result_forced_before_any_move_is_still_sent_to_force_setup(tmp_path):
    text = LEFT_OVER.replace("""      - move: Move 1 battler 1 tile each (play 1 and 1)
      - move: Move a battler from C3
      - force: [Explosion, lands]
      - move: Move to C2
      - expect: {tile: {D4: {removed: true}}}
""", """      - force: [Explosion]
      - expect: {tile: {D4: {removed: false}}}
""")
    [f] = failures_of(tmp_path, "abatteroxie", text)
    assert f.code == "T012" and "goes in 'force setup'" in f.hint
