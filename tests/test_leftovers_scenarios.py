"""Scenario leftovers: checks on each score (`scores: [{at least: 0}, 3]`), a plural subject's
verb in a failed check of a list, and `move: 2` told that moves are named by their label."""
from pathlib import Path

import pytest

from tabletop.interpreter import scenarios
from test_scenarios import _scores_case


@pytest.mark.parametrize("want,fails", [
    ("[{at least: 0}, 0]", None),
    ("[{at least: 4, at most: 4}, {at most: 0}]", None),
    ("[{at least: 5}, 0]", "Player 1's score should be {at least: 5}, but it is 4."),
    ("[4, {at least: 1}]", "Player 2's score should be {at least: 1}, but it is 0."),
    ("[{at least: 0}]", "The scores should be [{at least: 0}], but they are [4, 0]."),
    ("{Player 1: {at least: 10}}", "Player 1's score should be {at least: 10}, but it is 4."),
])
def test_each_score_in_a_list_takes_the_checks_a_number_takes(tmp_path, want, fails):
    report = _scores_case(tmp_path, want)
    assert report.ok is (fails is None), scenarios.render(report)
    if fails:
        assert report.failures[0].message == fails, scenarios.render(report)


def test_a_failed_check_of_a_plural_subject_says_they_are(tmp_path):
    report = _scores_case(tmp_path, "{has: [9]}")
    assert report.failures[0].message == "The scores (has 9) should be {has: [9]}, but they are [4, 0].", \
        scenarios.render(report)


def _move_case(tmp_path, move: str):
    from inline import write
    book = write(tmp_path, """
        game "Pick"
        players 2
        turn:
            choose prompt "Go":
                option "Red":
                    end game "Done."
                option "Take 3 gems":
                    end game "Done."
        winners: players
        """)
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {book}\ncases:\n  - name: x\n    steps:\n      - move: {move}\n"
                    "      - expect: {over: true}\n")
    return scenarios.run_files([path])


def test_a_move_by_its_number_in_the_list_is_told_that_moves_are_named_by_label(tmp_path):
    f = _move_case(tmp_path, "2").failures[0]
    assert f.code == "T020" and "'2' is not an option now" in f.message
    assert f.hint.startswith("a move names an option by its label"), f.hint
    assert "never by its number in the list" in f.hint and "Red" in f.hint and "Take 3 gems" in f.hint


def test_a_number_that_a_label_holds_is_a_part_of_that_label_and_no_number_hint(tmp_path):
    assert _move_case(tmp_path, "3").ok
    f = _move_case(tmp_path, "Blue").failures[0]
    assert "number in the list" not in f.hint
