"""Leftovers 3: a case checks what one seat is asked (`seen by Player 2: {options: ...}`), and the
values as they were when a line was said (`when said`); and three slips the checker warns of."""
from pathlib import Path

from tabletop.interpreter import scenarios

ROOT = Path(__file__).resolve().parent.parent


def run_case(tmp_path, game: str, text: str):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / game}\nrest: {{card: deck}}\n" + text)
    return scenarios.run_files([path]).failures


SECRET = """
cases:
  - name: secret
    players: 2
    force setup: [{shuffle: []}, {pick: Player 1}]
    set:
      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}
      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}
    steps:
"""


# ---------------------------------------------------------------------------- 1. whose options
def test_seen_by_a_seat_checks_the_options_that_seat_is_asked_in_a_secret_choice(tmp_path):
    ok = SECRET + """      - expect:
          seen by Player 2: {options: [Play 8 yellow squares, Play 4 green circles, Play 6 green circles],
                             offered: [Play 4 green circles], not offered: [Play 1 red circle],
                             prompt: Pick the card you will play}
          seen by Player 1: {options: {has: [Play 1 red circle], count: 3}}
"""
    assert run_case(tmp_path, "smackshapes", ok) == []
    wrong = SECRET + """      - expect:
          seen by Player 2: {options: [Play 1 red circle, Play 2 yellow circles, Play 3 blue circles]}
"""
    [f] = run_case(tmp_path, "smackshapes", wrong)
    assert f.code == "T030" and f.message.startswith("Seen by Player 2: the options should be")
    assert "Play 8 yellow squares" in f.got and "Play 1 red circle" not in f.got


def test_a_seat_not_asked_is_told_who_is_asked_what(tmp_path):
    text = SECRET + """      - {move: Play 2 yellow circles, by: Player 1}
      - expect:
          seen by Player 1: {options: []}
          seen by a spectator: {prompt: Pick}
"""
    first, spectator = run_case(tmp_path, "smackshapes", text)
    assert first.message == ("Player 1 is not asked anything here; Player 2 is asked 'Pick the card you will "
                             "play'.")
    assert first.line == 14
    assert spectator.message.startswith("A spectator is not asked anything here; Player 2 is asked")


def test_a_plain_options_check_while_several_seats_are_asked_says_whose_it_read(tmp_path):
    text = SECRET + """      - expect: {options: [Play 8 yellow squares, Play 4 green circles, Play 6 green circles]}
"""
    [f] = run_case(tmp_path, "smackshapes", text)
    assert "reads what Player 1 (the first) is asked" in f.hint
    assert "'seen by Player 2: {options: ...}'" in f.hint


def test_every_key_of_seen_by_is_reported(tmp_path):
    text = SECRET + """      - expect:
          seen by Player 2: {options: [Play 1 red circle], Player 1: {hand: [hidden]}}
"""
    failures = run_case(tmp_path, "smackshapes", text)
    assert len(failures) == 2
    assert not any("the last move is not finished" in f.hint for f in failures)


# ---------------------------------------------------------------------------- 2. when said
ROUND = SECRET + """      - {move: Play 1 red circle, by: Player 1}
      - {move: Play 8 yellow squares, by: Player 2}
      - {move: Smack 1 red circle, by: Player 1, time: 0.4}
      - {move: Smack 8 yellow squares, by: Player 2, time: 0.5}
"""


def test_when_said_reads_the_game_as_it_was_when_the_line_was_said(tmp_path):
    ok = ROUND + """      - expect: {table: [1 red circle, 8 yellow squares], smackhead: Player 1,
                 said: ["Player 2 smacks 8 yellow squares first, after 500 ms."]}
        when said: Player 2 wins 2 cards
      - expect: {table: [], smackhead: Player 2}
"""
    assert run_case(tmp_path, "smackshapes", ok) == []
    wrong = ROUND + """      - expect: {table: []}
        when said: Player 2 wins 2 cards
"""
    [f] = run_case(tmp_path, "smackshapes", wrong)
    assert f.message == ("When 'Player 2 wins 2 cards and becomes the Smackhead.' was said: table should be [], "
                         "but it is [1 red circle, 8 yellow squares].")


def test_when_said_of_no_line_or_of_several_lines_is_told(tmp_path):
    none = ROUND + """      - expect: {table: []}
        when said: Player 1 wins
"""
    [f] = run_case(tmp_path, "smackshapes", none)
    assert f.message == ("'when said' names the moment the rules said 'Player 1 wins', but no line said after "
                         "the last move holds it.")
    assert "Player 2 wins 2 cards" in f.got
    several = ROUND + """      - expect: {table: []}
        when said: Player 2
"""
    [f] = run_case(tmp_path, "smackshapes", several)
    assert f.message.startswith("'when said' should name one moment, but 'Player 2' is held by 2 lines")
    earlier = ROUND + """      - {move: Play 2 yellow circles, by: Player 1}
      - expect: {table: []}
        when said: Player 2 wins 2 cards
"""
    [f] = run_case(tmp_path, "smackshapes", earlier)
    assert "the last move made the rules say nothing" in f.message
    assert f.hint.startswith("it was said before the last move")
    unmoved = SECRET + """      - expect: {table: []}
        when said: Revealed
"""
    [f] = run_case(tmp_path, "smackshapes", unmoved)
    assert "no move was made since the case began" in f.message


def test_when_said_refuses_what_only_a_decision_has_and_goes_only_with_expect(tmp_path):
    asked = ROUND + """      - expect: {options: [Play 2 yellow circles]}
        when said: Player 2 wins 2 cards
"""
    [f] = run_case(tmp_path, "smackshapes", asked)
    assert f.message.startswith("'options' cannot be checked 'when said': nobody is asked anything")
    beside_move = SECRET + """      - {move: Play 1 red circle, by: Player 1, when said: Revealed}
      - expect: {table: []}
"""
    [f] = run_case(tmp_path, "smackshapes", beside_move)
    assert f.code == "T002" and "'move' step cannot have when said" in f.message
