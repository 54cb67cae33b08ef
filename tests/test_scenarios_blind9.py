"""Messages a ninth blind tester met in `tabletop test`: a `seen by` check whose file writes
`hidden` is echoed with `hidden`, as the file wrote it, not with the `none` it is compared as."""

from tabletop.interpreter import scenarios
from test_scenarios import run_text


OWN_HAND = """rest: {card: deck}
cases:
  - name: own hand
    players: 2
    set:
      smackhead: Player 1
      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}
    steps:
      - expect:
          seen by Player 1:
            Player 1: {hand: [hidden, hidden, hidden]}
"""


def test_a_hidden_card_expected_in_a_seen_by_list_is_echoed_as_hidden(tmp_path):
    report, failures = run_text(tmp_path, OWN_HAND, "smackshapes")
    assert [(f.code, f.line) for f in failures] == [("T030", 12)], scenarios.render(report)
    assert failures[0].message == ("Seen by Player 1: Player 1's hand should be [hidden, hidden, hidden], but it is "
                                   "[1 red circle, 2 yellow circles, 3 blue circles]."), failures[0].message
    assert failures[0].expected == "[hidden, hidden, hidden]", failures[0].expected


def test_a_hidden_card_in_a_numbered_zone_is_echoed_as_hidden(tmp_path):
    text = """rest: {ingredient: deck, recipe: box}
cases:
  - name: open piles
    set: {discard: [[Chocolate], [Marshmallow]]}
    steps:
      - expect:
          seen by Player 2: {discard: [[hidden], [Marshmallow]]}
"""
    report, failures = run_text(tmp_path, text, "smores_galore")
    assert [f.code for f in failures] == ["T030"], scenarios.render(report)
    assert "should be [[hidden], [Marshmallow]]" in failures[0].message, failures[0].message
