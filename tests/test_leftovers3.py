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


# ---------------------------------------------------------------------------- 3. three slips
from inline import diagnostics, edited  # noqa: E402
from tabletop.interpreter.api import load_game  # noqa: E402

AUCTION = ROOT / "tests" / "games" / "auction"
SMACKATOA = ROOT / "rulebooks" / "smackatoa"


def codes(folder) -> list:
    try:
        return [(d.code, d.span.line) for d in load_game(str(folder)).warnings]
    except Exception as e:      # noqa: BLE001 - an error is a failure of the test, shown
        raise AssertionError(e) from None


def test_a_secret_choices_player_set_again_in_its_block_is_warned_at_the_assignment(tmp_path):
    text = (AUCTION / "game.rules").read_text()
    line = text[:text.index('        say "{p} bid')].count("\n") + 1
    folder = edited(tmp_path, AUCTION, '        say "{p} bid', '        p = auctioneer\n        say "{p} bid')
    warned = [d for d in load_game(str(folder)).warnings if d.code == "W137"]
    assert [(d.span.line, d.span.column) for d in warned] == [(line, 9)]
    assert warned[0].message.startswith("'p' is the player whose answer this block carries out")
    # a loop of its own inside the block names another p: setting that one is no slip
    other = edited(tmp_path / "2", AUCTION, '        say "{p} bid',
                   '        for p in players:\n            p = auctioneer\n        say "{p} bid')
    assert "W137" not in [c for c, _ in codes(other)]
    assert "W137" not in [c for c, _ in codes(AUCTION)]


def test_a_table_looked_up_with_its_keys_swapped_is_warned(tmp_path):
    folder = edited(tmp_path, SMACKATOA, "n = damage[level, r] + ", "n = damage[r, level] + ")
    [w] = [d for d in load_game(str(folder)).warnings if d.code == "W138"]
    assert w.message == ("The keys of this lookup look swapped: 'level' fits the first key of the table 'damage' "
                         "(line 69), not its second.")
    assert w.hint == "write damage[level, r]"
    assert "W138" not in [c for c, _ in codes(SMACKATOA)]


SWAP_RULES = """game "Swap"
players 2 to 2
enum pace: slow, fast
var level: int in 1 to 3 = 1
var tempo: pace = slow
table gain:
    1, slow -> 1
    1, fast -> 2
    2, slow -> 3
    2, fast -> 4
    3, slow -> 5
    3, fast -> 6
table wide:
    1 to 3, 1 to 9 -> 1
define score(p: player): int = 0
setup:
    pass
turn:
    level = 1 + (turn_number % 3)
    say "{LOOKUP}"
    if turn_number > 5:
        end game "done"
"""


def told(tmp_path, lookup: str) -> list:
    folder = tmp_path / lookup.replace("[", "_").replace(", ", "_").rstrip("]")
    folder.mkdir()
    return diagnostics(folder, SWAP_RULES.replace("LOOKUP", lookup))


def test_swapped_keys_of_an_enum_are_said_in_the_type_error_and_no_false_alarm(tmp_path):
    first, second = [d for d in told(tmp_path, "gain[tempo, level]") if d.code == "E301"]
    assert first.hint.startswith("'tempo' fits the second key of the table 'gain' (line 6), not its first: the keys "
                                 "look swapped; write gain[level, tempo]")
    assert second.hint.startswith("'level' fits the first key of the table 'gain' (line 6), not its second")
    # the right order, and keys that fit both orders (ranges the table covers either way), are not told
    for ok in ("gain[level, tempo]", "wide[level, level]", "wide[level, 2]"):
        assert [d for d in told(tmp_path, ok) if d.code in ("W138", "E301")] == [], ok
    # a number of 1 to 3 in the second place of `wide` fits it (1 to 9): no swap to tell
    assert [d.code for d in told(tmp_path, "wide[2, level]") if d.code == "W138"] == []


def test_a_moves_time_over_two_minutes_is_a_warning_and_a_hint(tmp_path):
    text = SECRET + """      - {move: Play 1 red circle, by: Player 1}
      - {move: Play 8 yellow squares, by: Player 2}
      - {move: Smack 8 yellow squares, by: Player 1, time: 400}
      - {move: Smack 1 red circle, by: Player 2, time: 0.2}
      - expect: {log: {has: "first, after 400000 ms"}}
"""
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / 'smackshapes'}\nrest: {{card: deck}}\n" + text)
    report = scenarios.run_files([path])
    assert report.ok and report.failures == []
    [w] = report.warnings
    assert (w.code, w.severity, w.line) == ("T040", "warning", 14)
    assert w.hint.endswith("write 'time: 0.4'")
    assert "1 warning" in scenarios.render(report)
    path.write_text(path.read_text().replace("400000 ms", "400 ms"))
    report = scenarios.run_files([path])
    [f] = report.failures
    assert "the move at line 14 was given a time of 400 seconds" in f.hint
    # 120 seconds is a time a case may mean: no warning
    path.write_text(path.read_text().replace("time: 400}", "time: 120}").replace("400 ms", "120000 ms"))
    assert scenarios.run_files([path]).warnings == []


def test_a_json_report_lists_the_warnings_by_the_schema(tmp_path, capsys):
    import json
    import jsonschema
    from tabletop.interpreter import cli
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / 'smackshapes'}\nrest: {{card: deck}}\n" + SECRET + """\
      - {move: Play 1 red circle, by: Player 1}
      - {move: Play 8 yellow squares, by: Player 2}
      - {move: Smack 8 yellow squares, by: Player 1, time: 400}
      - expect: {deciding: [Player 2]}
""")
    assert cli.main(["test", "--format", "json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    jsonschema.validate(report, json.loads((ROOT / "schemas" / "test.schema.json").read_text()))
    assert [(w["code"], w["severity"], w["line"]) for w in report["warnings"]] == [("T040", "warning", 14)]
