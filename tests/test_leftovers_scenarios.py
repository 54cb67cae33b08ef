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


LEADER = """rest: {card: deck}
cases:
  - name: Player 1 leads the round
    players: 3
    seed: 1
    set: {leader: Player 1}
    steps:
      - expect: {current: Player 1, log: {has: Player 3 holds the 9 totem and goes first}}
      - moves: [Play Oh Look! Penguins!, Play Flotsam, Play Banana Tree, Play Reward Competition,
                Play Magma Powered Buzzsaw, "Discard What? They Float!", Give the hot 4 totem to Player 1]
      - expect: {current: Player 1, said: {has: "The volcano rolls 5 at level 1"}}
"""


def test_a_set_of_leader_makes_a_player_lead_the_round_and_the_later_ones(tmp_path):
    """Smackatoa!'s leader is the hand's local `opener` (`take turns from opener`): a `set` of
    `current` made Player 1 play, but the round still ended at Player 2, and the next one was led
    by Player 3 again. `leader: Player 1` makes the round Player 1's (P1, P2, P3, then the volcano)
    and sets the local the later rounds read, so the next round is Player 1's too."""
    path = tmp_path / "lead.yaml"
    path.write_text(f"game: {Path(__file__).resolve().parent.parent / 'rulebooks' / 'smackatoa'}\n" + LEADER)
    report = scenarios.run_files([path])
    assert report.ok, scenarios.render(report)


def test_leader_is_refused_in_a_game_of_rounds_without_turns(tmp_path):
    """Smackshapes plays rounds led by the Smackhead, without turns: `current` leads them there."""
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {Path(__file__).resolve().parent.parent / 'rulebooks' / 'smackshapes'}\n"
                    "cases:\n  - name: x\n    players: 2\n    set: {leader: Player 2}\n    steps:\n"
                    "      - expect: {over: false}\n")
    f = scenarios.run_files([path]).failures[0]
    assert (f.code, f.line) == ("T010", 5), f.message
    assert "leader: a round's leader cannot be set here: this game plays rounds without turns: set 'current'" \
        in f.message, f.message
