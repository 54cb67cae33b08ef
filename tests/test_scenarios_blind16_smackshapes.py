"""Round 16 of blind cases (Smackshapes and Colorcracks): the game ends as soon as somebody is out
of hand cards, at a round's start too; and a card only Colorcracks has, named in a case of the
base game, is told to need 'variant: colorcracks' in an expectation and a move, as in a `set`.

"The game ends as soon as somebody is out of (hand) cards." The rulebook looked only after a
round's award, so a position set with an empty hand (and the round started again) went on: the
others were asked to pick, and the player with no card sat the round out. The check now runs
before a round begins as well as after it ends, in the base game and in Colorcracks (which
extends it); ordinary games, where every hand runs out in the same round, play as before.

A `set` naming '5 red circles' in a case that plays no variant was told the card belongs to the
variant 'colorcracks'; an `expect` of it (`Player 1: {hand: [9 green stars]}`, `deck: {lacks: [5
red circles]}`) and a move (`Play 5 yellow stars`) were told only "did you mean '8 red circles'",
which sent the writer to the wrong card.
"""
import pytest
from pathlib import Path

from tabletop.interpreter import scenarios

ROOT = Path(__file__).resolve().parent.parent

EMPTY_AT_START = """rest: {card: deck}
cases:
  - name: a hand set empty ends the game before the round is played
    players: 3
    set:
      smackhead: Player 2
      Player 1: {hand: [], score_pile: [1 red circle]}
    restart turn: true
    steps:
      - expect:
          over: true
          reason: Player 1 is out of cards.
          winners: [Player 1]
          scores: [1, 0, 0]
          Player 2: {hand: {count: 3}}
          table: []
"""

# Player 1 plays their last card; the others keep theirs, and the game ends after that round.
LAST_CARD = """rest: {card: deck}
cases:
  - name: the last card of one hand ends the game after its round
    players: 2
    set:
      smackhead: Player 1
      Player 1: {hand: [1 red square]}
      Player 2: {hand: [8 red circles, 2 green squares]}
    steps:
      - expect: {over: false, deciding: [Player 1, Player 2]}
      - {move: Play 1 red square, by: Player 1}
      - {move: Play 8 red circles, by: Player 2}
      - {move: Smack 1 red square, by: Player 2, time: 0.2}
      - {move: Smack 8 red circles, by: Player 1, time: 0.1}
      - expect: {over: true, reason: Player 1 is out of cards., scores: [0, 2], Player 2: {hand: [2 green squares]}}
"""


def run(tmp_path, text, variant=None):
    path = tmp_path / "case.yaml"
    head = f"game: {ROOT / 'rulebooks' / 'smackshapes'}\n"
    if variant:
        head += f"variant: {variant}\n"
    path.write_text(head + text)
    return scenarios.run_files([path])


def test_an_empty_hand_at_a_rounds_start_ends_the_game(tmp_path):
    report = run(tmp_path, EMPTY_AT_START)
    assert report.failures == [], [f.message for f in report.failures]


def test_colorcracks_ends_so_too(tmp_path):
    report = run(tmp_path, EMPTY_AT_START, "colorcracks")
    assert report.failures == [], [f.message for f in report.failures]


def test_a_hand_emptied_by_the_round_still_ends_the_game_after_it(tmp_path):
    report = run(tmp_path, LAST_CARD)
    assert report.failures == [], [f.message for f in report.failures]


FORGOTTEN = """rest: {card: deck}
cases:
  - name: a variant card in a base game case
    players: 2
    steps:
      - STEP
"""
HINT = "belongs to the variant 'colorcracks', which this case does not play: add 'variant: colorcracks'"


@pytest.mark.parametrize("step, code, name", [
    ("expect: {Player 1: {hand: [9 green stars]}}", "T030", "9 green stars"),
    ("expect: {deck: {lacks: [5 red circles]}}", "T030", "5 red circles"),
    ("expect: {smackhead_card: 5 yellow stars}", "T030", "5 yellow stars"),
    ("expect: {card: {7 red stars: {}}}", "T030", "7 red stars"),
    ("move: Play 5 yellow stars", "T020", "5 yellow stars"),
])
def test_a_card_of_the_variant_named_in_a_base_case_says_to_play_the_variant(tmp_path, step, code, name):
    report = run(tmp_path, FORGOTTEN.replace("STEP", step))
    [f] = report.failures
    assert f.code == code, f
    assert f.hint.startswith(f"'{name}' {HINT}"), f.hint


def test_a_name_no_variant_has_gets_no_such_hint(tmp_path):
    for step in ("expect: {Player 1: {hand: [10 red circles]}}", "move: Play 10 red circles"):
        [f] = run(tmp_path, FORGOTTEN.replace("STEP", step)).failures
        assert "variant" not in f.hint, f.hint
    # played with the variant, the names are the game's own: no failure for the card itself
    report = run(tmp_path, FORGOTTEN.replace("STEP", "expect: {card: {7 red stars: {}}}"), "colorcracks")
    assert report.failures == [], [f.message for f in report.failures]


def test_words_that_name_no_card_are_told_with_the_value_there_is(tmp_path):
    """`Player 1: {hand: [x]}` was told "'x' is not a card." and no more: the hand was not shown,
    as it is when a check of the same list fails, so a second run was needed to see what to write."""
    text = FORGOTTEN.replace("players: 2\n", "players: 2\n    set: {Player 1: {hand: [1 red circle, 2 yellow circles]}}\n")
    [f] = run(tmp_path, text.replace("STEP", "expect: {Player 1: {hand: [x]}}")).failures
    assert f.code == "T030" and f.message.endswith("'x' is not a card."), f.message
    assert f.got == "[1 red circle, 2 yellow circles]", f.got
    # seen by another seat, the value is shown as that seat sees it
    [f] = run(tmp_path, text.replace("STEP", "expect: {seen by Player 2: {Player 1: {hand: [x]}}}")).failures
    assert f.got == "[hidden, hidden]", f.got


ROUND = """rest: {card: deck}
cases:
  - name: the race
    players: 3
    set:
      smackhead: Player 2
      Player 1: {hand: [1 red circle, 2 yellow circles]}
      Player 2: {hand: [8 red circles, 3 blue circles]}
      Player 3: {hand: [1 red square, 4 red stars]}
    steps:
STEPS      - expect: {over: false}
"""
PICKS = """      - {move: Play 1 red circle, by: Player 1}
      - {move: Play 8 red circles, by: Player 2}
      - {move: Play 1 red square, by: Player 3}
"""


def test_a_second_answer_to_a_secret_choice_is_told_that_the_first_stands(tmp_path):
    """"Once you tapped something, you can't change anymore": a case tapping twice was told only that
    the player "is not asked now", which does not say why."""
    steps = PICKS + "      - {move: Smack 8 red circles, by: Player 1, time: 0.3}\n" \
                    "      - {move: Smack 1 red square, by: Player 1, time: 0.2}\n"
    [f] = run(tmp_path, ROUND.replace("STEPS", steps)).failures
    assert f.code == "T020" and f.message.endswith("by Player 1: that player is not asked now."), f.message
    assert f.hint.startswith("Player 1 has already answered this question ('Smack 8 red circles' at line 15), "
                             "and an answer once given is not changed"), f.hint
    assert f.got == "[Player 2, Player 3]", f.got
    # the secret pick, the same
    steps = "      - {move: Play 1 red circle, by: Player 1}\n      - {move: Play 2 yellow circles, by: Player 1}\n"
    [f] = run(tmp_path, ROUND.replace("STEPS", steps)).failures
    assert "already answered this question ('Play 1 red circle' at line 12)" in f.hint, f.hint


def test_the_answer_named_is_the_one_to_the_question_asked_now_not_last_rounds(tmp_path):
    # round 1: Player 1 picks 1 red circle (line 12), all three tap; round 2 asks the same question
    # again: Player 1 picks 2 yellow circles (line 18) and then tries a second card (line 19)
    steps = PICKS + "      - {move: Smack 8 red circles, by: Player 1, time: 0.3}\n" \
                    "      - {move: Smack 8 red circles, by: Player 2, time: 0.3}\n" \
                    "      - {move: Smack 1 red square, by: Player 3, time: 0.3}\n" \
                    "      - {move: Play 2 yellow circles, by: Player 1}\n" \
                    "      - {move: Play 4 red stars, by: Player 1}\n"
    [f] = run(tmp_path, ROUND.replace("STEPS", steps)).failures
    assert f.code == "T020" and f.line == 19, f
    assert "already answered this question ('Play 2 yellow circles' at line 18)" in f.hint, f.hint


def test_a_move_with_no_by_that_is_another_seats_option_says_to_write_by(tmp_path):
    steps = "      - {move: Play 1 red circle}\n"
    [f] = run(tmp_path, ROUND.replace("STEPS", steps)).failures
    assert f.code == "T020", f
    assert f.message == ("Cannot make the move 'Play 1 red circle': it is an option of Player 1, and a move with no "
                         "'by' is answered by the first seat asked, Player 2."), f.message
    assert f.hint == "write 'by: Player 1' beside the move", f.hint
