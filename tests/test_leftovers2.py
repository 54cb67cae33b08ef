"""Leftovers (2): a count checked by its bounds (`count: {at least: 1}`) wherever a count is a
check; W131 hearing every read of a zone; the terminal's answers; a typed label that is a number."""
import pytest

from tabletop.interpreter import scenarios
from test_scenarios import run_text


# ---------------------------------------------------------------------------- 1: a count's bounds
_DEALT = ("cases:\n  - name: the case\n    players: 4\n    force setup: [{shuffle: []}, {pick: Player 3}]\n"
          "    steps:\n      - expect:\n          ")


@pytest.mark.parametrize("check,fails", [
    ("Player 1: {hand: {count: {at least: 1}}}", None),
    ("Player 1: {hand: {count: {at least: 3, at most: 3}}}", None),
    ("options: {count: {at least: 1}}", None),
    ("deciding: {count: {at most: 4}}", None),
    ("log: {count: {at most: 30}}", None),
    ("Player 1: {hand: {count: {at most: 1}}}", "The count of Player 1's hand should be {at most: 1}, but it is 3."),
    ("deciding: {count: {at least: 5}}", "The count of who decides should be {at least: 5}, but it is 4."),
    ("Player 1: {hand: {count: {at least: -1}}}",
     "The count of Player 1's hand: 'at least' needs a whole number from 0, not -1."),
    ("Player 1: {hand: {count: {at lest: 1}}}", "The count of Player 1's hand: 'at lest' is not a check of a count"),
    ("Player 1: {hand: {count: {}}}", "The count of Player 1's hand: '{}' names no check"),
])
def test_a_count_takes_the_checks_a_number_takes(tmp_path, check, fails):
    report, failures = run_text(tmp_path, _DEALT + check + "\n", "smackshapes")
    assert report.ok is (fails is None), scenarios.render(report)
    if fails:
        assert failures[0].message.startswith(fails), scenarios.render(report)
        assert failures[0].code == "T030" and failures[0].line == 8


def test_a_count_check_inside_every_thing_of_a_kind(tmp_path):
    """`every` of a kind: each tile's own zone, its count bounded."""
    text = ("rest: {battler: fallen}\ncases:\n  - name: the case\n    players: 2\n    seed: 5\n    steps:\n"
            "      - expect:\n          tile: {every: {battlers: {count: {at most: 2}}}}\n"
            "      - expect:\n          tile: {every: {battlers: {count: {at least: 3}}}}\n")
    report, failures = run_text(tmp_path, text, "abatteroxie")
    assert [f.line for f in failures] == [11], scenarios.render(report)
    assert "should be {count: {at least: 3}} for every tile" in failures[0].message
