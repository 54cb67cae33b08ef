"""The turn order a rulebook gives with `define next_turn(p: player): player`: a card that
reverses the turns ("rules that change mid-game"), with skipped seats, rounds, saves and scenarios."""
import textwrap

import pytest

from inline import diagnostics, game, same_after_reload, write
from tabletop.interpreter import scenarios
from tabletop.interpreter.api import RuleError

REVERSE = """
    game "Reverse"
    players 3 to 4
    var reversed: bool = false
    var rounds: int = 0
    player var points: int = 0
    player var out: bool = false
    define previous(p: player): player = players[(index_of(players, p) + player_count - 1) % player_count]
    # "Reverse: the turns go the other way."
    define next_turn(p: player): player = if reversed then previous(p) else next_player(p)
    define skip_turn(p: player): bool = p.out
    round:
        rounds += 1
    turn:
        choose prompt "Your turn":
            option "Reverse":
                reversed = not reversed
            option "Score":
                current.points += 1
            option "Drop out" if count([p for p in players if not p.out]) > 2:
                current.out = true
        if current.points >= 3:
            end game "{current} wins."
    define score(p: player): int = p.points
"""


def turns(g, moves, players=4):
    s = g.new_state(players=players, seed=1)
    seen = [s.current_player]
    for label in moves:
        s.apply_label(label)
        seen.append(s.current_player)
    return s, seen


def test_a_reverse_card_turns_the_order_round_at_once(tmp_path):
    g = game(tmp_path, REVERSE)
    s, seen = turns(g, ["Score", "Reverse", "Score", "Score", "Reverse"])
    # Player 1 scores, Player 2 reverses: Player 1 again, then Player 4, then Player 3 reverses: Player 4
    assert seen == [0, 1, 0, 3, 2, 3]


def test_a_round_is_a_turn_for_each_seat_in_the_rulebook_s_order(tmp_path):
    g = game(tmp_path, REVERSE)
    s, seen = turns(g, ["Reverse", "Reverse", "Reverse", "Reverse"])
    # Each reverses in turn: Player 1, 4, 1, 4 make four turns, one round, though 2 and 3 had none
    assert seen == [0, 3, 0, 3, 0] and s.data["globals"][1] == 1


def test_skipped_seats_are_passed_over_in_the_rulebook_s_order(tmp_path):
    g = game(tmp_path, REVERSE)
    _, seen = turns(g, ["Score", "Drop out", "Reverse", "Score"])
    # Player 2 drops out; Player 3 reverses: Player 2 is skipped, so Player 1, then Player 4
    assert seen == [0, 1, 2, 0, 3]


def test_a_saved_game_plays_on_in_the_same_order(tmp_path):
    g = game(tmp_path, REVERSE)
    s, _ = turns(g, ["Score", "Reverse"])
    same_after_reload(g, s, lambda t: [t.apply_label(x) for x in ("Score", "Reverse", "Score")])


def test_scenarios_set_current_and_restart_a_turn_in_the_rulebook_s_order(tmp_path):
    folder = write(tmp_path, REVERSE)
    (folder / "scenarios").mkdir()
    (folder / "scenarios" / "r.yaml").write_text(textwrap.dedent("""
        cases:
          - name: setting current goes on from that seat in the rulebook's order
            set: {reversed: true, current: Player 3}
            steps:
              - move: Score
              - expect: {current: Player 2, Player 3: {points: 1}}
          - name: a turn started again is the same seat's
            players: 3
            steps:
              - move: Reverse
              - set: {Player 3: {points: 1}}
                restart turn: true
              - expect: {current: Player 3, turn_number: 2}
              - move: Score
              - expect: {current: Player 2, Player 3: {points: 2}}
        """))
    report = scenarios.run_files(scenarios.find_files(str(folder)))
    assert report.ok and len(report.cases) == 2, scenarios.render(report)


@pytest.mark.parametrize("wrong", ["define next_turn(p: player): int = 0",
                                   "define next_turn: player = current",
                                   "var next_turn: player = none"])
def test_next_turn_of_the_wrong_shape_is_e406(tmp_path, wrong):
    found = diagnostics(tmp_path, REVERSE.replace(
        "define next_turn(p: player): player = if reversed then previous(p) else next_player(p)", wrong))
    assert any(d.code == "E406" and "define next_turn(p: player): player" in d.message for d in found), found


def test_a_next_turn_that_is_no_seat_is_a_rule_error_at_its_line(tmp_path):
    g = game(tmp_path, REVERSE.replace("if reversed then previous(p) else next_player(p)",
                                       "if reversed then none else next_player(p)"))
    s = g.new_state(players=3, seed=1)
    with pytest.raises(RuleError) as e:
        s.apply_label("Reverse")
    assert "next_turn(Player 1) is nobody, but the next turn must be a seat" in str(e.value) and e.value.span.line == 9


ROUNDS = """
    game "Lead"
    players 3
    var next_up: player = none
    player var points: int = 0
    setup:
        next_up = first(players)
    play:
        take rounds led by next_up
    round:
        current.points += 1
        choose prompt "Lead":
            option "Pass the lead":
                next_up = next_player(current)
            option "Win":
                end game "{current} wins."
    define score(p: player): int = p.points
"""


def test_setting_current_in_a_game_of_rounds_starts_the_round_again_led_by_that_seat(tmp_path):
    """The round's first line had run for the old leader, who kept its effect (outside author)."""
    folder = write(tmp_path, ROUNDS)
    (folder / "scenarios").mkdir()
    (folder / "scenarios" / "r.yaml").write_text(textwrap.dedent("""
        cases:
          - name: set current
            set: {current: Player 3}
            steps:
              - expect: {current: Player 3, Player 3: {points: 1}}
          - name: restart the round
            steps:
              - set: {Player 1: {points: 5}}
                restart turn: true
              - expect: {current: Player 1, Player 1: {points: 6}}
              - move: Pass the lead
              - expect: {current: Player 2, Player 2: {points: 1}}
        """))
    report = scenarios.run_files(scenarios.find_files(str(folder)))
    assert report.ok and len(report.cases) == 2, scenarios.render(report)


@pytest.mark.parametrize("hook", ["rule next_turn(p: player):\n    say \"x\"", "stage next_turn:\n    say \"x\"",
                                  "rule skip_turn(p: player):\n    say \"x\""])
def test_a_turn_hook_written_as_a_rule_or_stage_is_e406(tmp_path, hook):
    """It was only 'never used' (W102), and the author's turn order silently ignored (outside tester hunt8)."""
    rules = REVERSE.replace("    define next_turn(p: player): player = if reversed then previous(p) else next_player(p)\n", "")
    rules = rules.replace("    define skip_turn(p: player): bool = p.out\n", "") + "\n" + textwrap.indent(hook, "    ") + "\n"
    found = diagnostics(tmp_path, rules)
    assert [d.code for d in found if d.severity == "error"] == ["E406"], found
    assert not [d for d in found if d.code == "W102"], found


def test_a_turn_hook_in_a_game_without_turns_is_never_used(tmp_path):
    found = diagnostics(tmp_path, ROUNDS + "    define next_turn(p: player): player = next_player(p)\n")
    assert any(d.code == "W102" and "no 'turn' section" in d.message for d in found), found


def test_a_next_turn_that_never_reaches_a_seat_that_plays_is_told_at_next_turn(tmp_path):
    g = game(tmp_path, REVERSE.replace("if reversed then previous(p) else next_player(p)",
                                       "if p == players[0] then players[1] else players[0]")
             .replace("define skip_turn(p: player): bool = p.out", "define skip_turn(p: player): bool = p.points > 0"))
    s = g.new_state(players=3, seed=1)
    s.apply_label("Score")
    with pytest.raises(Exception) as e:
        s.apply_label("Score")
    assert "next_turn may never reach a seat that plays" in str(e.value) and e.value.span.line == 9
