"""`seen by Player N` in a scenario's `expect`: the checks inside read the game as that seat's view
shows it, so a case can test what the printed rules hide ("face down", a hand, a secret choice)
as well as what they do. Without it an expectation sees everything, as a referee does, and a
tester had no way to write "the other players cannot see your card".
"""

from tabletop.interpreter import scenarios
from test_scenarios import run_text


run = run_text       # (tmp_path, text, game) -> (report, failures)


SECRET = """rest: {card: deck}
cases:
  - name: a secret choice
    players: 2
    force setup: [{shuffle: []}, {pick: Player 1}]
    set:
      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}
      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}
    steps:
      - expect:
          seen by Player 1:
            Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}
            Player 2: {hand: [hidden, hidden, hidden]}
          seen by Player 2:
            Player 1: {hand: {count: 3, lacks: [1 red circle, 2 yellow circles, 3 blue circles]}}
          seen by a spectator: {Player 2: {hand: [none, none, none]}}
      - {move: Play 1 red circle, by: Player 1}
      - expect:
          seen by Player 2: {Player 1: {hand: [hidden, hidden, hidden]}, table: []}
      - {move: Play 8 yellow squares, by: Player 2}
      - expect:
          seen by Player 2: {table: [1 red circle, 8 yellow squares], Player 1: {hand: [hidden, hidden]}}
          Player 1: {hand: [2 yellow circles, 3 blue circles]}
"""


def test_a_hand_is_seen_by_its_owner_only_and_a_secret_card_once_revealed(tmp_path):
    report, failures = run(tmp_path, SECRET, "smackshapes")
    assert report.ok, scenarios.render(report)


def test_a_check_of_what_a_seat_cannot_see_fails_and_says_whose_view(tmp_path):
    text = SECRET.replace("Player 2: {hand: [hidden, hidden, hidden]}", "Player 2: {hand: [8 yellow squares, "
                                                                        "4 green circles, 6 green circles]}", 1)
    report, failures = run(tmp_path, text, "smackshapes")
    assert [(f.code, f.line) for f in failures] == [("T030", 14)], scenarios.render(report)
    assert failures[0].message == ("Seen by Player 1: Player 2's hand should be [8 yellow squares, 4 green "
                                   "circles, 6 green circles], but it is [hidden, hidden, hidden]."), failures[0].message


def test_seen_by_names_a_player_or_a_spectator_and_checks_only_the_games_values(tmp_path):
    text = """rest: {ingredient: deck, recipe: box}
cases:
  - name: who
    steps:
      - expect: {seen by Player 3: {deck: {count: 52}}}
  - name: what
    steps:
      - expect: {seen by Player 1: {log: {count: 14}}}
  - name: empty
    steps:
      - expect: {seen by Player 1: {}}
"""
    report, failures = run(tmp_path, text, "smores_galore")
    assert [(f.code, f.line) for f in failures] == [("T030", 6), ("T030", 9), ("T030", 12)], scenarios.render(report)
    assert "should name a player of this game (Player 1 to Player 2) or 'a spectator'" in failures[0].message
    assert "'log' is none of those (check it outside 'seen by Player 1'" in failures[1].message
    assert "should be a mapping of what Player 1 sees" in failures[2].message


def test_a_face_down_deck_keeps_its_count_in_view(tmp_path):
    text = """rest: {ingredient: deck, recipe: box}
cases:
  - name: deck
    set: {deck: [Chocolate]}
    steps:
      - expect:
          deck: {starts: [Chocolate], count: 52}
          seen by Player 1: {deck: {count: 52, starts: [hidden], lacks: [Chocolate]}, discard: {count: 2}}
"""
    report, failures = run(tmp_path, text, "smores_galore")
    assert report.ok, scenarios.render(report)
    report, failures = run(tmp_path, text.replace("starts: [hidden]", "starts: [Chocolate]"), "smores_galore")
    assert [(f.code, f.line) for f in failures] == [("T030", 9)], scenarios.render(report)
