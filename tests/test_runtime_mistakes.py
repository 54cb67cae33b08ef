"""Mistakes that only show when a rulebook is played, and odd files handed to `play` and `test`:
each is a rule error or a refusal in words, naming the line or the file, never an internal error."""
import os
import signal

import pytest

from inline import game, write
from tabletop.interpreter import cli, session
from tabletop.interpreter.api import RuleError

HEAD = """
game "Mistakes"
players 2
var x: int = 0
var picked: list of int = []
"""


def test_a_score_that_is_none_is_a_rule_error_at_the_end(tmp_path):
    g = game(tmp_path, HEAD + """
define score(p: player): int = x
turn:
    x = pick(picked)
    end game "done"
""")
    s = g.new_state(seed=1)
    assert s.is_over
    with pytest.raises(RuleError, match="The score of Player 1 is none, but it must be a number") as e:
        s.result
    assert e.value.span.line == 6, "the score definition's line"


def test_a_ranking_value_that_is_none_is_a_rule_error(tmp_path):
    g = game(tmp_path, HEAD + """
define score(p: player): int = 1
define tiebreak(p: player): int = first(picked)
winners: highest score, then highest tiebreak
turn:
    end game "done"
""")
    with pytest.raises(RuleError, match="The 'tiebreak' that ranks the winners of Player 1 is none") as e:
        g.new_state(seed=1).result
    assert e.value.span.line == 7, "the ranking definition's line"


def test_simulate_and_play_report_a_none_score_in_words(tmp_path, capsys):
    folder = write(tmp_path, HEAD + """
define score(p: player): int = first(picked)
turn:
    end game "done"
""")
    assert cli.main(["simulate", str(folder), "-n", "2", "--workers", "1"]) == 1
    out, err = capsys.readouterr()
    assert "game.rules:6:1: The score of Player 1 is none" in out + err and "internal error" not in out + err
    assert cli.main(["play", str(folder), "--seat", "1=first", "--seat", "2=first"]) == 1
    out, err = capsys.readouterr()
    assert "The game is over, but the rulebook failed to score it: " in err and "The score of Player 1 is none" in err
    assert "internal error" not in out + err


@pytest.mark.parametrize("index", ["-1", "x - 1"])
def test_a_negative_list_index_names_no_item(tmp_path, index):
    """Items count from 0; Python's counting from the end must not leak into the rules."""
    g = game(tmp_path, HEAD + f"""
define score(p: player): int = x
turn:
    x = [10, 20, 30][{index}]
    end game "done"
""")
    with pytest.raises(RuleError, match="a list has no item at that position"):
        g.new_state(seed=1)


def test_a_negative_index_is_no_item_for_the_closures_too(tmp_path, monkeypatch):
    from tabletop.interpreter import codegen
    monkeypatch.setattr(codegen, "_compiled", lambda *args: None)
    test_a_negative_list_index_names_no_item(tmp_path, "x - 1")


def test_an_error_in_the_first_turn_is_not_called_a_setup_error(tmp_path, capsys):
    folder = write(tmp_path, HEAD + """
define score(p: player): int = x
turn:
    x = 1 / x
    end game "done"
""")
    assert cli.main(["play", str(folder), "--seat", "1=first", "--seat", "2=first"]) == 1
    err = capsys.readouterr().err
    assert "The rulebook failed before the first decision of the game:" in err and "game.rules:8:9: Division by zero." in err


@pytest.mark.parametrize("name", ["device", "fifo", "folder"])
def test_a_moves_file_that_is_not_a_regular_file_is_refused(tmp_path, capsys, name):
    folder = write(tmp_path, HEAD + """
define score(p: player): int = x
turn:
    choose n from [1, 2] labelled "Add {n}"
    x += n
    if x > 3:
        end game "done"
""")
    path = {"device": os.devnull, "fifo": str(tmp_path / "pipe"), "folder": str(tmp_path)}[name]
    if name == "fifo":
        os.mkfifo(path)
    assert cli.main(["play", str(folder), "--moves", path]) == 2        # a mistake on the command line
    assert f"--moves: Cannot read the moves file {path}: it is " in capsys.readouterr().err


def test_a_byte_order_mark_is_not_part_of_the_first_move(tmp_path):
    path = tmp_path / "m.txt"
    path.write_bytes("\ufeffAdd 1\nAdd 2\n".encode("utf-8"))
    assert [line for _, line in session.Script.read(str(path)).lines] == ["Add 1", "Add 2"]


def test_ctrl_backslash_stops_the_game_like_ctrl_c_so_it_is_saved():
    seen = []
    with session.on_stop_signals(lambda signum, frame: seen.append(signum)):
        os.kill(os.getpid(), signal.SIGQUIT)
    assert seen == [signal.SIGQUIT]
    assert str(session.Signalled(signal.SIGQUIT)) == "Quit (Ctrl-\\)."


def test_test_of_a_device_says_there_are_no_scenario_files(capsys):
    assert cli.main(["test", os.devnull]) == 1
    assert f"{os.devnull}: no scenario files" in capsys.readouterr().err


def test_test_with_a_name_no_case_holds_says_so(capsys):
    from cli_fixtures import ROOT
    assert cli.main(["test", str(ROOT / "rulebooks" / "smackshapes"), "-k", "no such case"]) == 1
    assert "No case's name holds 'no such case'" in capsys.readouterr().err


def test_turns_that_never_ask_anything_stop_at_the_turn_section_s_line(tmp_path):
    """The step budget may run out in the turn order itself, between two turns: the error still
    names a line of the rulebook."""
    g = game(tmp_path, HEAD + """
define score(p: player): int = x
turn:
    x += 1
    if x < 0:
        end game "never"
""")
    with pytest.raises(RuleError, match=r"game\.rules:[67]:\d+: The rules ran 1000000 steps without asking anyone"):
        g.new_state(seed=1)
