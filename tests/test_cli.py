"""The `tabletop` command line, run in-process against a fake engine (tests/fake_game.py).

End-to-end tests on the real engine and rulebooks live at the bottom of this file.
"""
import io
import json
import os
import shutil
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

import fake_game
from cli_fixtures import ROOT, CtrlC, EchoedTTYInput, TTYInput, final_state, real, run, schema, tabletop, write  # noqa: F401
from tabletop.interpreter import cli


# ---------------------------------------------------------------- check

def test_check_a_clean_rulebook_says_ok(run):
    code, out, _ = run("check", "counting")
    assert code == 0 and out.strip() == "counting: ok"


def test_check_shows_each_diagnostic_with_its_line_and_caret(run):
    code, out, _ = run("check", "counting", "broken")
    assert code == 1
    assert "broken/game.rules:3:8: error E101: unexpected word 'gibberish'" in out
    assert "   3 | turn { gibberish }" in out
    assert "|        ^^^^^^^^^" in out
    assert "hint: did you mean 'give'?" in out
    assert "counting: ok" in out and "broken: 1 error" in out


def test_check_json_is_valid_against_its_schema(run):
    code, out, _ = run("check", "--format", "json", "counting", "broken")
    data = json.loads(out)
    jsonschema.validate(data, schema("diagnostics.schema.json"))
    assert code == 1 and data["ok"] is False
    assert [f["path"] for f in data["files"]] == ["counting", "broken"]
    assert [f["ok"] for f in data["files"]] == [True, False]
    assert data["diagnostics"][0]["line"] == 3 and data["diagnostics"][0]["code"] == "E101"


def test_check_and_test_take_json_as_simulate_does(run):
    """The design asks for `--json` where a program reads the output; `check --json` and
    `test --json` were usage errors, only `--format json` worked."""
    code, out, _ = run("check", "--json", "counting")
    assert code == 0 and json.loads(out) == json.loads(run("check", "--format", "json", "counting")[1])
    assert cli.build_parser().parse_args(["test", "--json", "counting"]).format == "json"


def test_check_json_of_a_clean_rulebook(run):
    code, out, _ = run("check", "counting", "--format=json")
    data = json.loads(out)
    jsonschema.validate(data, schema("diagnostics.schema.json"))
    assert code == 0 and data == {"files": [{"path": "counting", "variant": None, "ok": True, "errors": 0, "warnings": 0}],
                                  "diagnostics": [], "ok": True}


def test_check_an_unknown_rulebook_is_a_usage_error_not_a_crash(run):
    code, out, err = run("check", "nowhere")
    assert code == 2 and "there is no rulebook called 'nowhere'" in err
    code, out, err = run("check", "counting", "nowhere")     # the others are still checked
    assert code == 2 and "counting: ok" in out and "'nowhere'" in err


@pytest.mark.parametrize("argv", [["check", ""], ["test", " "], ["play", ""], ["simulate", ""]])
def test_an_empty_path_is_a_usage_error(run, argv):
    code, _, err = run(*argv)
    assert code == 2 and "an empty path names nothing" in err


@pytest.mark.parametrize("argv", [["check"], ["check", "--format", "xml", "counting"], [], ["frobnicate"]])
def test_usage_errors_exit_2(run, argv):
    code, _, err = run(*argv)
    assert code == 2 and "usage:" in err


@pytest.mark.parametrize("command", [[], ["check"], ["play"], ["simulate"]])
def test_help_everywhere(run, command):
    code, out, _ = run(*command, "--help")
    assert code == 0 and "usage: tabletop" in out


# ---------------------------------------------------------------- play: scripted

def test_a_moves_file_plays_labels_numbers_and_skips_comments(run, tmp_path):
    moves = write(tmp_path / "moves.txt", "# opening\nAdd 2\n\n3\nadd 2\nAdd 2\nAdd 2\nAdd 2\nAdd 2\n")
    code, out, err = run("play", "counting", "--seed", 1, "--moves", moves)
    assert code == 0
    assert "Player 1 chose: Add 2\nPlayer 1 chose: Add 3\nPlayer 1 chose: Add 2" in out
    assert "The game is over: The counter reached 10.\nPlayer 1 wins.\nFinal score: 11" in out


def test_a_bad_line_in_a_moves_file_names_file_line_label_and_options(run, tmp_path):
    moves = write(tmp_path / "moves.txt", "Add 2\n# fine so far\nFly to the moon\n")
    code, _, err = run("play", "counting", "--seed", 1, "--moves", moves)
    assert code == 1
    assert f"{moves}:3: 'Fly to the moon' is not an option for Player 1 now" in err
    assert "'Add 1', 'Add 2'" in err
    saved = json.loads((tmp_path / cli.AUTOSAVE).read_text())
    assert saved["moves"] == [[0, 1, None]]   # the good line is kept


@pytest.mark.parametrize("number", ["9", "0"])
def test_an_option_number_out_of_range_in_a_moves_file(run, tmp_path, number):
    """Said as at the terminal, with the numbers there are (it was told as a label not found)."""
    moves = write(tmp_path / "moves.txt", f"{number}\n")
    code, _, err = run("play", "counting", "--moves", moves, "--seed", 0)
    assert code == 1 and f"{moves}:1: there is no option {number} for Player 1 now; the options are numbered 1 to 3." in err


def test_a_long_line_or_a_nul_in_a_moves_file_is_quoted_cut_short_and_visible(run, tmp_path):
    """A line of a million characters was printed whole, a NUL written to the terminal raw; the
    game played so far is saved all the same."""
    moves = write(tmp_path / "long.txt", "Add 2\n" + "x" * 1_000_000 + "\n")
    code, out, err = run("play", "counting", "--seed", 1, "--moves", moves)
    assert code == 1 and f"{moves}:2: '{'x' * 80}…' is not an option for Player 1 now" in err
    assert len(out + err) < 3000
    assert json.loads((tmp_path / cli.AUTOSAVE).read_text())["moves"] == [[0, 1, None]]
    moves = write(tmp_path / "nul.txt", "Add\x002\n\x1b[2J\n")
    code, out, err = run("play", "counting", "--seed", 1, "--moves", moves, "--save", "n.json")
    assert code == 1 and f"{moves}:1: 'Add\u24002' is not an option for Player 1 now" in err
    assert "\0" not in out + err and "\x1b" not in out + err


def test_an_unreadable_moves_file_is_a_usage_error(run, tmp_path):
    code, _, err = run("play", "counting", "--moves", tmp_path / "none.txt")
    assert code == 2 and "--moves: Cannot read the moves file" in err and "none.txt" in err


def test_after_the_moves_file_the_game_goes_on_from_stdin(run, tmp_path):
    moves = write(tmp_path / "moves.txt", "Add 2\n")
    code, out, _ = run("play", "counting", "--seed", 1, "--moves", moves, stdin="2\n" * 10)
    assert code == 0 and "The game is over" in out
    assert out.count("> ") >= 2          # the rest was asked at the prompt


def test_lines_left_after_the_end_are_reported(run, tmp_path):
    moves = write(tmp_path / "moves.txt", "Add 2\n" * 9)
    code, _, err = run("play", "counting", "--seed", 1, "--moves", moves)
    assert code == 0 and "the game ended before this line" in err


def test_scripted_timed_answers_carry_a_time(run, tmp_path):
    moves = write(tmp_path / "moves.txt", "Add 2 @ 0.25\nAdd 1\n")
    code, _, _ = run("play", "counting", "--variant", "timed", "--seed", 1, "--moves", moves,
                     "--save", "s.json")
    assert code == 1
    saved = json.loads((tmp_path / "s.json").read_text())
    assert saved["moves"][:2] == [[0, 1, 0.25], [0, 0, 1.0]]


def test_dump_state_prints_only_json_on_stdout(run, tmp_path):
    moves = write(tmp_path / "moves.txt", "Add 2\n" * 8)
    code, state = final_state(run, "play", "counting", "--seed", 1, "--moves", moves)
    assert code == 0 and state["counter"] >= 10 and state["result"]["winners"] == [0]


def test_the_same_seed_and_moves_give_the_same_game(run, tmp_path):
    moves = write(tmp_path / "moves.txt", "Add 1\n" * 12)
    first = final_state(run, "play", "counting", "--seed", 42, "--moves", moves)
    second = final_state(run, "play", "counting", "--seed", 42, "--moves", moves)
    assert first == second


# ---------------------------------------------------------------- play: interactive

def test_interactive_play_shows_the_table_prompt_and_numbered_options(run):
    code, out, _ = run("play", "counting", "--seed", 1, stdin="3\n" * 2 + "2\n" * 10)
    assert code == 0
    assert "Counter: 0 of 10\nYour total: 0\nHow much to add?" in out
    assert "   1. Add 1\n   2. Add 2\n   3. Add 3\n> " in out


def test_a_wrong_number_or_word_is_explained_and_asked_again(run):
    code, out, _ = run("play", "counting", "--seed", 1, stdin="42\nfly\n\n2\n" + "2\n" * 10)
    assert code == 0
    assert "There is no option 42; choose 1 to 3." in out
    assert "'fly' is not an option or a command; type a number from 1 to 3, or ? for help." in out
    assert "The game is over" in out


def test_an_exact_label_is_an_answer(run):
    code, out, _ = run("play", "counting", "--seed", 1, stdin="Add 2\n" * 10)
    assert code == 0 and "The game is over" in out


def test_help_and_show_at_the_prompt(run):
    code, out, _ = run("play", "counting", "--seed", 1, stdin="?\nshow\n" + "2\n" * 10)
    assert code == 0
    assert "Answer with the option's number or its exact label" in out
    assert out.count("Counter: 0 of 10") == 2


def test_end_of_input_saves_and_says_how_to_resume(run, tmp_path):
    code, out, err = run("play", "counting", "--seed", 3, stdin="2\n")
    assert code == 1
    assert "End of input. The game is not over." in err
    assert f"Game saved to {cli.AUTOSAVE}. Resume it with: tabletop play --load {cli.AUTOSAVE}" in err
    saved = json.loads((tmp_path / cli.AUTOSAVE).read_text())
    jsonschema.validate(saved, schema("save.schema.json"))
    assert saved["moves"] == [[0, 1, None]] and saved["seed"] == 3


def test_end_of_input_goes_to_the_save_file_when_one_is_given(run, tmp_path):
    code, _, err = run("play", "counting", "--seed", 3, "--save", "mine.json", stdin="")
    assert code == 1 and "Game saved to mine.json" in err
    assert (tmp_path / "mine.json").exists() and not (tmp_path / cli.AUTOSAVE).exists()


class Unreadable(io.StringIO):
    """Standard input open for writing only (`0>/dev/null`): each read fails."""

    def readline(self, *args):
        raise OSError(9, "Bad file descriptor")


@pytest.mark.parametrize("stdin, problem", [
    (Unreadable(), "Standard input cannot be read (Bad file descriptor)."),
    ("1\n" + "\0" * 200_000, "Standard input sent a line of more than 100,000 characters, which no one types."),
], ids=["unreadable", "no line end"])
def test_input_that_cannot_be_read_or_no_one_typed_stops_the_game_and_saves_it(run, tmp_path, stdin, problem):
    """/dev/zero has no line ends: read whole, its first line would fill the memory."""
    code, _, err = run("play", "counting", "--seed", 3, stdin=stdin)
    assert code == 1 and f"{problem} The game is not over." in err
    assert (tmp_path / cli.AUTOSAVE).exists()


def test_a_quiet_game_of_a_random_seed_still_shows_the_seed(real):
    """--help: "the engine's seed (default: a random one, shown)". --quiet dropped the opening line
    that shows it, and a game of bots alone, which ends without a save, could not be played again."""
    code, out, _ = real("play", "smackshapes", "--seat", "1=random", "--seat", "2=random", "--quiet")
    seed = re.match(r"Seed (\d+)\.\n", out)
    assert code == 0 and seed
    again = real("play", "smackshapes", "--seat", "1=random", "--seat", "2=random", "--quiet", "--seed", seed[1])
    assert again[1] == out[seed.end():]            # the same game; a seed given is not said again


def test_a_game_started_without_standard_input_is_saved(run, tmp_path, monkeypatch, capsys):
    """`tabletop play GAME <&-`: Python's sys.stdin is None."""
    monkeypatch.setattr(cli, "engine", lambda: fake_game)
    monkeypatch.setattr(sys, "stdin", None)
    code = cli.main(["play", "counting", "--seed", "3"])
    err = capsys.readouterr().err
    assert code == 1 and "Standard input cannot be read (it is closed). The game is not over." in err
    assert (tmp_path / cli.AUTOSAVE).exists()


def test_a_number_of_thousands_of_digits_is_no_option_not_a_fault(run, tmp_path):
    code, out, err = run("play", "counting", "--seed", 3, stdin="9" * 5000 + "\n" + "0" * 5000 + "2\n")
    assert code == 1 and "There is no option 9999" in out and "choose 1 to 3." in out
    assert "internal error" not in err
    assert json.loads((tmp_path / cli.AUTOSAVE).read_text())["moves"] == [[0, 1, None]]


def test_ctrl_c_at_the_prompt_saves_without_a_traceback(run, tmp_path):
    code, _, err = run("play", "counting", "--seed", 3, stdin=CtrlC("1\n"))
    assert code == 1 and "Interrupted. The game is not over." in err
    assert json.loads((tmp_path / cli.AUTOSAVE).read_text())["moves"] == [[0, 0, None]]


def test_nothing_is_lost_resuming_gives_the_same_game_as_playing_through(run, tmp_path):
    answers = ["2", "1", "3", "2", "1", "2", "2", "2", "2", "2"]
    code, whole = final_state(run, "play", "counting", "--players", 2, "--seed", 8,
                              stdin="\n".join(answers) + "\n")
    assert code == 0
    code, _, _ = run("play", "counting", "--players", 2, "--seed", 8, "--save", "g.json",
                     stdin="\n".join(answers[:3]) + "\n")
    assert code == 1
    code, resumed = final_state(run, "play", "--load", "g.json", stdin="\n".join(answers[3:]) + "\n")
    assert code == 0 and resumed == whole


def test_a_save_command_saves_and_play_goes_on(run, tmp_path):
    code, out, _ = run("play", "counting", "--seed", 1, stdin="2\nsave mid.json\n" + "2\n" * 10)
    assert code == 0 and "Game saved to mid.json." in out and "The game is over" in out
    assert json.loads((tmp_path / "mid.json").read_text())["moves"] == [[0, 1, None]]


def test_quit_without_a_terminal_saves_without_asking(run, tmp_path):
    code, _, err = run("play", "counting", "--seed", 1, stdin="2\nquit\n")
    assert code == 1 and "You left the game." in err and "Save the game" not in err
    assert (tmp_path / cli.AUTOSAVE).exists()


def test_quit_at_a_terminal_offers_to_save_and_respects_no(run, tmp_path):
    code, _, err = run("play", "counting", "--seed", 1, stdin=TTYInput("2\nquit\nn\n"))
    assert code == 1 and "Save the game to" in err and "Not saved." in err
    assert not (tmp_path / cli.AUTOSAVE).exists()


def test_quit_at_a_terminal_saves_by_default(run, tmp_path):
    code, _, err = run("play", "counting", "--seed", 1, stdin=TTYInput("2\nquit\n\n"))
    assert code == 1 and (tmp_path / cli.AUTOSAVE).exists()


def test_a_finished_game_is_saved_when_asked(run, tmp_path):
    code, _, _ = run("play", "counting", "--seed", 1, "--save", "done.json", stdin="2\n" * 10)
    assert code == 0
    saved = json.loads((tmp_path / "done.json").read_text())
    assert saved["state"]["result"] is not None


def test_bots_play_their_seats(run):
    code, out, _ = run("play", "counting", "--players", 3, "--seed", 4, "--seat", "2=random",
                       "--seat", "3=first", stdin="1\n" * 10)
    assert code == 0
    assert "Player 2 (random) chose: Add" in out and "Player 3 (first) chose: Add 1" in out


def test_an_all_bot_game_is_reproducible(run):
    argv = ["play", "counting", "--players", 2, "--seed", 4, "--seat", "1=random", "--seat", "2=random"]
    first = final_state(run, *argv)
    assert first[0] == 0 and first == final_state(run, *argv)


def test_secret_simultaneous_choices_ask_each_human(run):
    code, out, _ = run("play", "counting", "--variant", "secret", "--players", 2, "--seed", 1,
                       stdin="2\n1\n" * 10)
    assert code == 0
    assert "Player 1: Choose secretly" in out and "Player 2: Choose secretly" in out


def test_a_rule_error_during_play_stops_the_game_and_keeps_the_moves_before_it(run, tmp_path):
    code, _, err = run("play", "counting", "--variant", "crash", "--seat", "1=first", "--seed", 1)
    assert code == 1 and "internal error" not in err
    assert "The rulebook failed during play: rule 'boom' went over its step budget" in err
    saved = json.loads((tmp_path / cli.AUTOSAVE).read_text())
    assert saved["moves"] == [[0, 0, None], [0, 0, None]]


def test_an_engine_bug_is_a_one_line_message_not_a_traceback(run, monkeypatch):
    def broken(*args, **kwargs):
        raise KeyError("stack")
    monkeypatch.setattr(fake_game, "load_game", broken)
    code, _, err = run("check", "counting")
    assert code == 1
    assert err.strip() == ("tabletop check: internal error (KeyError: 'stack'). "
                           "Please report it; TABLETOP_DEBUG=1 shows the traceback.")


def test_an_engine_bug_in_the_middle_of_a_game_still_saves_it(run, monkeypatch, tmp_path):
    """Never lose a game in progress, even to a fault of tabletop itself."""
    real_apply = fake_game.State.apply

    def broken_second(self, *args, **kwargs):
        if self.decisions >= 1:
            raise KeyError("stack")
        return real_apply(self, *args, **kwargs)
    monkeypatch.setattr(fake_game.State, "apply", broken_second)
    code, _, err = run("play", "counting", "--seed", 3, stdin="2\n2\n")
    assert code == 1 and "Traceback" not in err
    assert "tabletop play: internal error (KeyError: 'stack'). Please report it" in err
    assert "Game saved to tabletop-autosave.json. Resume it with: tabletop play --load tabletop-autosave.json" in err
    assert json.loads((tmp_path / "tabletop-autosave.json").read_text())["moves"] == [[0, 1, None]]


def test_a_decision_without_options_is_reported_not_looped_on(run):
    code, _, err = run("play", "counting", "--variant", "stuck", stdin="1\n")
    assert code == 1 and "asks Player 1 to decide but offers no options" in err


# ---------------------------------------------------------------- play: loading

def saved_game(run, tmp_path):
    run("play", "counting", "--seed", 3, "--save", "g.json", stdin="2\n")
    return tmp_path / "g.json"


@pytest.mark.parametrize("damage, problem", [
    (lambda text: text[:len(text) // 2], "not valid JSON"),
    (lambda text: text.replace('"moves"', '"mooves"'), "not a tabletop save"),
    (lambda text: text.replace('"counter": 2', '"counter": 7'), "differs from its moves"),
])
def test_a_corrupt_save_is_refused_and_left_untouched(run, tmp_path, damage, problem):
    path = saved_game(run, tmp_path)
    path.write_text(damage(path.read_text()))
    before = path.read_bytes()
    code, _, err = run("play", "--load", path, stdin="2\n")
    assert code == 1 and f"Cannot load {path}" in err and problem in err
    assert path.read_bytes() == before and not (tmp_path / cli.AUTOSAVE).exists()


def test_loading_a_missing_file(run, tmp_path):
    code, _, err = run("play", "--load", "nothing.json")
    assert code == 2 and "--load: there is no file nothing.json." in err


def test_a_resumed_game_saves_back_to_its_file_when_stopped_again(run, tmp_path):
    path = saved_game(run, tmp_path)
    code, _, err = run("play", "--load", path, stdin="1\n")
    assert code == 1 and f"Game saved to {path}" in err
    assert len(json.loads(path.read_text())["moves"]) == 2


# ---------------------------------------------------------------- play: usage

@pytest.mark.parametrize("argv, message", [
    (["play"], "name a GAME"),
    (["play", "counting", "--players", "9"], "Counting Race is for 1 to 4 players, not 9."),
    (["play", "counting", "--option", "speed"], "not KEY=VALUE"),
    (["play", "counting", "--seat", "5=random"], "this game has 1 seat."),
    (["play", "counting", "--seat", "1=genius"], "not a kind of seat"),
    (["play", "--load", "x.json", "--seed", "0"], "--seed cannot be used with --load"),
    (["play", "counting", "--seed", "soon"], "not a whole number"),
    (["play", "counting", "--seed", "9" * 30], "not a whole number from -2**63 to 2**63 - 1"),
    (["simulate", "counting", "-n", "x" * 500], "'" + "x" * 80 + "…' is not a whole number of 0 or more"),
    (["play", "counting", "--seat", "1=" + "g" * 500], "'" + "g" * 80 + "…' is not a kind of seat"),
    (["play", "counting", "--seat", "1=first:speed=3"], "The first bot has no parameter 'speed'"),
    (["play", "counting", "--seat", "1=first:patience=-4"], "patience is a whole number of 0 or more, not '-4'."),
    (["play", "counting", "--seat", "1=first:patience=x"], "patience is a whole number of 0 or more, not 'x'."),
    (["play", "counting", "--seat", "²=random"], "is not N=KIND"),
    (["play", "counting", "--variant", ""], "argument --variant: an empty name names no variant"),
    (["simulate", "counting", "--variant", " "], "argument --variant: an empty name names no variant"),
    (["check", "counting", "--variant", ""], "argument --variant: an empty name names no variant"),
    (["simulate", "counting", "--bot", "human"], "bots in every seat"),
])
def test_play_usage_errors_exit_2(run, argv, message):
    code, _, err = run(*argv)
    assert code == 2 and message in err


@pytest.mark.parametrize("argv, message", [
    (["play", "counting", "--option", "speed=fast"], "--option: Counting Race has no option 'speed'"),
    (["play", "counting", "--option", "target=99"], "--option: The option 'target' cannot be '99'"),
    (["simulate", "counting", "--option", "target=99"], "cannot be '99'"),
    (["play", "counting", "--variant", "nope"], "--variant: there is no variant 'nope'"),
    (["check", "counting", "--variant", "nope"], "there is no variant 'nope'"),
    (["play", "nowhere"], "there is no rulebook called 'nowhere'"),
    (["simulate", "nowhere"], "there is no rulebook called 'nowhere'"),
])
def test_what_the_command_line_names_and_the_rulebook_lacks_is_a_usage_error(run, argv, message):
    code, _, err = run(*argv)
    assert code == 2 and message in err


def test_a_broken_rulebook_cannot_be_played(run):
    code, _, err = run("play", "broken")
    assert code == 1 and "broken/game.rules:3:8" in err


# ---------------------------------------------------------------- simulate

def simulate_json(run, *argv):
    code, out, _ = run("simulate", "counting", "--json", *argv)
    data = json.loads(out)
    jsonschema.validate(data, schema("simulate.schema.json"))
    return code, data


def test_simulate_json_has_the_statistics(run):
    code, data = simulate_json(run, "-n", 40, "--seed", 11, "--players", 3)
    assert code == 0
    assert (data["games"], data["finished"], data["errors"], data["players"]) == (40, 40, 0, 3)
    assert sum(data["wins"]) + data["no_winner"] == 40     # one winner per game when the counter moves alone
    assert all(s["min"] <= s["mean"] <= s["max"] for s in data["scores"])
    assert data["decisions"]["min"] >= 4


def test_simulate_is_the_same_for_the_same_seed_apart_from_timing(run):
    timing = ("seconds", "games_per_second")
    _, first = simulate_json(run, "-n", 30, "--seed", 11, "--players", 2)
    _, second = simulate_json(run, "-n", 30, "--seed", 11, "--players", 2)
    _, other = simulate_json(run, "-n", 30, "--seed", 12, "--players", 2)
    strip = lambda d: {k: v for k, v in d.items() if k not in timing}
    assert strip(first) == strip(second)
    assert strip(first) != strip(other)


def test_simulate_reports_shared_wins_apart_from_wins_alone(run):
    _, data = simulate_json(run, "-n", 30, "--seed", 2, "--players", 2, "--variant", "secret")
    assert data["shared_games"] > 0
    assert sum(data["wins"]) + data["shared_games"] + data["no_winner"] == data["finished"]
    assert data["shared_wins"] == [data["shared_games"]] * 2      # two seats: each shared win is both seats'
    code, out, _ = run("simulate", "counting", "-n", 30, "--seed", 2, "--players", 2, "--variant", "secret")
    assert f"shared wins: {data['shared_games']} games" in out
    assert "so the shared percentages overlap" in out
    assert f"Player 1: {data['wins'][0]} won alone" in out


def test_simulate_rounds_for_people_and_keeps_full_precision_in_json(run):
    _, data = simulate_json(run, "-n", 7, "--seed", 5, "--players", 3)
    means = [s["mean"] for s in data["scores"]] + [data["decisions"]["mean"]]
    assert any(len(repr(m).split(".")[-1]) > 4 for m in means)    # sevenths: more than 4 decimals
    code, out, _ = run("simulate", "counting", "-n", 7, "--seed", 5, "--players", 3)
    for m in means:
        assert f"mean {round(m, 2):g}," in out and repr(m) not in out


def test_simulate_counts_engine_errors_and_goes_on(run):
    code, data = simulate_json(run, "-n", 5, "--seed", 1, "--variant", "crash")
    assert code == 1 and data["errors"] == 5 and data["finished"] == 0
    assert data["error_messages"][0] == "game 0: rule 'boom' went over its step budget"
    assert data["scores"] == [{"min": None, "mean": None, "max": None}]


def test_simulate_reports_a_decision_without_options(run):
    code, data = simulate_json(run, "-n", 2, "--variant", "stuck")
    assert code == 1 and data["errors"] == 2 and "has no options" in data["error_messages"][0]


def test_simulate_stops_a_game_that_goes_on_too_long(run):
    code, data = simulate_json(run, "-n", 3, "--variant", "endless", "--max-decisions", 50)
    assert code == 1 and data["errors"] == 3
    assert "not over after 50 decisions" in data["error_messages"][0]


def test_simulate_text_summary(run):
    code, out, _ = run("simulate", "counting", "-n", 20, "--seed", 3, "--players", 2, "--bot", "first")
    assert code == 0
    assert out.startswith("Counting Race: 20 games, 2 players, seed 3, first bots")
    assert "finished: 20, errors: 0" in out and "Player 2: " in out and "decisions per game: min" in out


def test_simulate_of_one_game_says_one_game(run):
    code, out, _ = run("simulate", "counting", "-n", 1, "--seed", 3, "--players", 2, "--bot", "first")
    assert code == 0 and out.startswith("Counting Race: 1 game, 2 players, seed 3, first bots"), out


@pytest.mark.parametrize("argv", [["-n", "-3"], ["--bot", "genius"], ["--players", "0"], ["--players", "7"]])
def test_simulate_usage_errors(run, argv):
    code, _, _ = run("simulate", "counting", *argv)
    assert code == 2


# ---------------------------------------------------------------- the installed console script

def test_console_script_exit_codes_without_tracebacks(tmp_path):
    for argv, expected in [(["--help"], 0), (["check"], 2), (["play", "--seat", "x"], 2),
                           (["play", "--load", tmp_path / "none.json"], 2)]:
        proc = tabletop(*argv, cwd=tmp_path)
        assert proc.returncode == expected, (argv, proc.stderr)
        assert "Traceback" not in proc.stdout + proc.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, a device every write to fails")
@pytest.mark.parametrize("argv", [["check", "smores_galore"], ["test", "smores_galore", "-k", "Burn"],
                                  ["simulate", "smores_galore", "-n", 2, "--workers", 1, "--json"], ["--version"]])
def test_output_that_cannot_be_written_is_said_in_words(tmp_path, argv):
    """`> /dev/full`: a full disk is not an internal error of tabletop."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "tabletop", *map(str, argv)], stdout=full, stderr=subprocess.PIPE,
                              text=True, cwd=tmp_path, env=env, timeout=120)
    assert proc.returncode == 1 and "cannot write to standard output (No space left on device)." in proc.stderr
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr


class ReaderGone(io.StringIO):
    """Standard output piped to a reader that went away (`tabletop play | head`)."""

    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")

    def fileno(self):
        if not hasattr(self, "fd"):
            self.fd = os.open(os.devnull, os.O_WRONLY)
        return self.fd


def test_a_game_whose_output_reader_went_away_is_still_saved(run, tmp_path, monkeypatch):
    """The table is drawn with rich, whose own way with a broken pipe ends the program at once."""
    monkeypatch.setattr(sys, "stdout", ReaderGone())
    code, _, err = run("play", "counting", "--seed", 3, "--save", "g.json", stdin="2\n")
    assert code == 1 and "End of input. The game is not over." in err
    assert json.loads((tmp_path / "g.json").read_text())["moves"] == [[0, 1, None]]


def test_a_game_started_without_standard_output_is_saved_not_an_internal_error(run, tmp_path, monkeypatch):
    """`tabletop play GAME >&-`: Python's sys.stdout is None, and the prompt's write failed as a
    fault of tabletop's own."""
    monkeypatch.setattr(sys, "stdout", None)
    for stdin, save in ((io.StringIO("2\n"), "a.json"), (TTYInput("2\n"), "b.json")):     # input() needs stdout
        code, _, err = run("play", "counting", "--seed", 3, "--save", save, stdin=stdin)
        assert code == 1 and "internal error" not in err and "End of input. The game is not over." in err
        assert json.loads((tmp_path / save).read_text())["moves"] == [[0, 1, None]]


@pytest.mark.parametrize("argv", [["check", "counting"], ["simulate", "counting", "-n", "2"],
                                  ["play", "counting", "--seat", "1=first", "--dump-state"], ["--version"]])
def test_a_command_whose_output_has_nowhere_to_go_says_so(run, tmp_path, monkeypatch, argv):
    """Without standard output, print drops the text without a word: the command exited 0 having
    said nothing. It says so and exits 1, before the work (a game whose state is to be printed
    is not played)."""
    monkeypatch.setattr(sys, "stdout", None)
    code, _, err = run(*argv)
    assert code == 1 and "cannot write to standard output (it is closed)" in err
    assert not (tmp_path / cli.AUTOSAVE).exists()


@pytest.mark.parametrize("flag", ["--moves", "--load"])
def test_an_empty_moves_or_load_file_name_is_a_usage_error(run, tmp_path, flag):
    """As --save: an empty name was taken as the flag not given, and the game played on without
    the moves, or a new game started instead of the saved one."""
    code, _, err = run("play", "counting", "--seed", 3, flag, "", stdin="2\n")
    assert code == 2 and f"{flag} needs a file name; an empty one names no file." in err
    assert not (tmp_path / cli.AUTOSAVE).exists()


def test_end_of_input_in_a_real_process_with_the_fake_engine(tmp_path):
    code = ("import sys, fake_game; from tabletop.interpreter import cli; cli.engine = lambda: fake_game; "
            "sys.exit(cli.main(sys.argv[1:]))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "tests"), str(ROOT)]))
    proc = subprocess.run([sys.executable, "-c", code, "play", "counting", "--seed", "1"],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, cwd=tmp_path,
                          env=env, timeout=60)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "tabletop play --load tabletop-autosave.json" in proc.stderr
    assert (tmp_path / "tabletop-autosave.json").exists()


# ---------------------------------------------------------------- end to end on the real engine

TABOO = "taboo_atoll_express"


def random_game(seed, bot_seed, **load_args):
    """The option labels of a whole random game played through the API, and its final state."""
    from tabletop.interpreter.api import load_game
    from tabletop.interpreter.bots import make_bot
    state = load_game(TABOO, **load_args).new_state(seed=seed)
    bot, labels = make_bot("random", bot_seed), []
    while not state.is_over:
        index = bot.choose(state, 0)
        labels.append(state.options(0)[index])
        state.apply(index, seat=0)
    return labels, state


def broken_copy(tmp_path, top="", bottom=""):
    folder = tmp_path / "broken_atoll"
    shutil.copytree(ROOT / "rulebooks" / TABOO, folder)
    rules = folder / "game.rules"
    text = rules.read_text()
    rules.write_text(top + text + bottom)
    return folder, text.count("\n") + top.count("\n") + 1


def test_real_check_is_clean(real):
    code, out, _ = real("check", ROOT / "rulebooks" / TABOO)
    assert code == 0 and out.strip() == f"{ROOT / 'rulebooks' / TABOO}: ok\n{ROOT / 'rulebooks' / TABOO} --variant calm_seas: ok"


@pytest.mark.parametrize("where", ["top", "bottom"])
def test_real_check_points_at_a_stray_line(real, tmp_path, where):
    stray = "this line does not belong here\n"
    folder, last = broken_copy(tmp_path, **{where: stray})
    code, out, _ = real("check", "--format", "json", folder)
    data = json.loads(out)
    jsonschema.validate(data, schema("diagnostics.schema.json"))
    assert code == 1 and not data["ok"]
    expected_line = 1 if where == "top" else last
    assert [(d["file"].endswith("game.rules"), d["line"]) for d in data["diagnostics"]] == [(True, expected_line)]
    code, out, _ = real("check", folder)
    assert code == 1 and f"{expected_line:>4} | this line does not belong here" in out


def test_real_scripted_game_plays_to_the_end_like_the_api(real, tmp_path):
    labels, expected = random_game(seed=5, bot_seed=9)
    moves = write(tmp_path / "moves.txt", "# a whole random game\n" + "\n".join(labels) + "\n")
    code, out, err = real("play", TABOO, "--seed", 5, "--moves", moves, "--dump-state")
    assert code == 0, err
    assert json.loads(out) == expected.to_json()
    result = expected.result
    assert f"Final score: {result.scores[0]}" in err
    # The game's end is the log's last line, said once: under the final table, with the result.
    assert expected.log[-1] == f"The game is over: {result.reason}"
    assert err.count(result.reason) == 1
    assert f"\n\nThe game is over: {result.reason}\nPlayer 1 {'wins' if result.winners else 'does not win'}." in err


def test_the_end_of_a_game_played_quietly_is_said_with_the_result(real, tmp_path):
    """With --quiet the rules' lines are not shown, so the result says why the game ended."""
    labels, expected = random_game(seed=5, bot_seed=9)
    moves = write(tmp_path / "moves.txt", "\n".join(labels) + "\n")
    code, out, err = real("play", TABOO, "--seed", 5, "--moves", moves, "--quiet")
    assert code == 0, err
    assert (out + err).count(expected.result.reason) == 1
    assert f"The game is over: {expected.result.reason}\n" in out + err


def test_real_interrupted_game_resumes_to_the_same_end(real, tmp_path):
    labels, expected = random_game(seed=2, bot_seed=4, options={"difficulty": "elite"})
    half = len(labels) // 2
    first = write(tmp_path / "first.txt", "\n".join(labels[:half]) + "\n")
    rest = write(tmp_path / "rest.txt", "\n".join(labels[half:]) + "\n")
    code, _, err = real("play", TABOO, "--seed", 2, "--option", "difficulty=elite", "--moves", first)
    assert code == 1 and "tabletop play --load tabletop-autosave.json" in err
    code, out, err = real("play", "--load", cli.AUTOSAVE, "--moves", rest, "--dump-state")
    assert code == 0, err
    assert json.loads(out) == expected.to_json()


def test_real_bad_option_number_and_label(real):
    code, out, _ = real("play", TABOO, "--seed", 1, stdin="999\nFly to the moon\nPass\n")
    assert code == 1
    assert "There is no option 999; choose 1 to" in out
    assert "'Fly to the moon' is not an option or a command" in out
    from tabletop.interpreter.api import load_game
    passing = load_game(TABOO).new_state(seed=1).options(0).index("Pass")
    assert json.loads(Path(cli.AUTOSAVE).read_text())["moves"] == [[0, passing, None]]


def test_real_tampered_save_is_refused(real, tmp_path):
    real("play", TABOO, "--seed", 1, "--save", "g.json", stdin="1\n1\n")
    data = json.loads(Path("g.json").read_text())
    jsonschema.validate(data, schema("save.schema.json"))
    data["seed"] += 1
    Path("g.json").write_text(json.dumps(data))
    code, _, err = real("play", "--load", "g.json")
    assert code == 1 and "Cannot load g.json" in err and "replayed from seed 2" in err


def test_real_unknown_option_is_a_usage_error(real):
    code, _, err = real("play", TABOO, "--option", "difficulty=hard")
    assert code == 2 and "cannot be 'hard'; choose one of newbie, normal" in err
    code, _, err = real("play", TABOO, "--option", "dificulty=hard")
    assert code == 2 and "did you mean 'difficulty'?" in err
    code, _, err = real("check", "rulebooks/nowhere")
    assert code == 2 and "There is no rulebook 'rulebooks/nowhere'" in err


def test_real_simulate_is_reproducible_and_error_free(real):
    def once():
        code, out, _ = real("simulate", TABOO, "-n", 25, "--seed", 11, "--json")
        data = json.loads(out)
        jsonschema.validate(data, schema("simulate.schema.json"))
        assert code == 0
        return {k: v for k, v in data.items() if k not in ("seconds", "games_per_second")}
    first = once()
    assert first == once()
    assert first["game"] == TABOO and first["games"] == 25 and first["errors"] == 0
    assert len(first["wins"]) == 1 and first["decisions"]["mean"] > 0


def test_real_console_script(tmp_path):
    proc = tabletop("check", ROOT / "rulebooks" / TABOO, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.strip().endswith(": ok")
    folder, _ = broken_copy(tmp_path, top="stray\n")
    proc = tabletop("check", folder, cwd=tmp_path)
    assert proc.returncode == 1 and ":1:1: error" in proc.stdout
    proc = tabletop("play", TABOO, "--seed", "1", stdin="", cwd=tmp_path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert "End of input" in proc.stderr and (tmp_path / "tabletop-autosave.json").exists()
    proc = tabletop("simulate", TABOO, "-n", "3", "--json", cwd=tmp_path)
    assert proc.returncode == 0 and json.loads(proc.stdout)["games"] == 3


def test_version_is_looked_up_only_when_asked_for(run, monkeypatch):
    asked = []
    monkeypatch.setattr(cli, "_version", lambda: asked.append(1) or "9.9")
    code, out, _ = run("--version")
    assert (code, out, asked) == (0, "tabletop 9.9\n", [1])
    asked.clear()
    code, out, _ = run("check", "counting")
    assert code == 0 and asked == []


def test_a_part_of_a_label_picks_the_one_option_holding_it_and_several_are_listed(real):
    """A long menu shows an option under its group's heading ('Flame Sanctuary' under 'Air
    Support: fly to ...'): typing that part picks it when one option holds it."""
    code, out, _ = real("play", "taboo_atoll_express", "--seed", 1, "--quiet",
                        stdin="Flame Sanctuary\nFoggy Knoll\n")
    assert "'Flame Sanctuary' fits 2 options: '1. Move to Flame Sanctuary', '25. Air Support: fly to Flame " \
           "Sanctuary'; type its number." in out
    assert "is not an option" not in out


def test_what_was_typed_is_shown_back_without_its_control_characters(real):
    code, out, _ = real("play", "taboo_atoll_express", "--seed", 1, "--quiet", stdin="\x1b[2Jhello\n")
    assert "'\u241b[2Jhello' is not an option or a command" in out and "\x1b" not in out


@pytest.mark.parametrize("argv", [
    ["check", "\x1b[2Jx"], ["play", "--load", "\x1b[2Jx.json"], ["play", "taboo_atoll_express", "--players", "\x1b[2J"],
    ["play", "taboo_atoll_express", "--option", "difficulty=\x1b[2Jelite"], ["check", "taboo_atoll_express", "--variant", "\x1b[2J"],
    ["check", "taboo_atoll_express", "--format", "\x1b[2J"],
])
def test_a_command_line_argument_is_quoted_back_without_its_control_characters(real, argv):
    """An escape in a path or a flag's value would clear the screen or recolour it."""
    code, out, err = real(*argv)
    assert code == 2 and "\x1b" not in out + err and ("\u241b[2J" in err or "'\\x1b[2J'" in err)


@pytest.mark.parametrize("flag", ["-n", "--workers", "--max-decisions", "--players", "--seat"])
def test_a_count_of_thousands_of_digits_is_a_usage_error_in_words(real, flag):
    value = "9" * 5000 + ("=random" if flag == "--seat" else "")
    code, _, err = real("simulate", "taboo_atoll_express", flag, value)
    assert code == 2 and "has more digits than any count needs (at most 100)" in err
    assert "invalid" not in err and len(err) < 1000


def test_simulate_refuses_more_games_than_a_run_can_sum_up(real):
    code, _, err = real("simulate", "taboo_atoll_express", "-n", "1000000000000")
    assert code == 2 and "the most is 100,000,000" in err


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_seat_given_twice_is_a_usage_error(real, command):
    code, _, err = real(command, "smackshapes", "--seat", "2=random", "--seat", "2=first", "-n" if command ==
                        "simulate" else "--quiet", *(["1"] if command == "simulate" else []))
    assert code == 2 and "--seat 2 is given twice, as random and as first" in err


def test_a_racer_skill_that_is_not_a_number_is_said_in_words(real):
    code, _, err = real("simulate", "smackshapes", "--seat", "2=racer:skill=abc", "-n", "1")
    assert code == 2 and "skill is a number from 0 (slow) to 1 (quick), not 'abc'." in err and "convert" not in err


@pytest.mark.parametrize("workers", ["0", "-3", "two"])
def test_workers_below_one_are_refused_in_one_sentence(real, workers):
    code, _, err = real("simulate", "smackshapes", "--workers", workers, "-n", "1")
    assert code == 2 and f"'{workers}' is not a whole number of 1 or more" in err


def test_an_empty_save_name_is_a_usage_error(real):
    code, _, err = real("play", "smackshapes", "--save", "")
    assert code == 2 and "--save needs a file name" in err


def test_a_bots_choice_among_its_own_secret_cards_is_not_shown_to_the_humans(real):
    """The options of a decision are the deciding player's only (language.md, Hidden information):
    with a human at the terminal, a bot playing from its hidden hand 'has chosen', and the rules
    say what becomes public; a reaction a bot passes up is not news. Bots alone hide nothing."""
    code, out, _ = real("play", "smackatoa", "--players", 3, "--seed", 5, "--seat", "1=random", "--seat", "3=random",
                        stdin="1\n" * 40)
    assert "Player 1 (random) has chosen." in out and "Player 1 plays " in out
    # the cards of a turn are told by the rules as they are played (a reaction played is shown: it is public)
    assert not re.search(r"Player [13] \(random\) chose: Play (Flotsam|Jetsam|Driftwood|Rumble Rumble|Plot Twist)", out), out
    assert "chose: Don't react" not in out
    code, out, _ = real("play", "smackatoa", "--players", 3, "--seed", 5, "--seat", "1=random", "--seat", "2=random",
                        "--seat", "3=random")
    # a card played is told by the rules' line alone ("Player 1 plays ..."), one discarded by the bot's answer
    assert code == 0 and re.search(r"Player [123] \(random\) chose: Discard [A-Z]", out) and "has chosen" not in out
    assert "\n  Player 1 plays Rumble Rumble." in out and "chose: Play Rumble Rumble" not in out


def test_which_answers_others_may_see():
    from tabletop.interpreter.api import load_game
    s = load_game("smackatoa").new_state(players=3, seed=5)
    assert s.pending.options[0].startswith("Play ") and not s.answer_is_public(0)
    s = load_game("smores_galore").new_state(players=2, seed=5)
    assert all(s.answer_is_public(i) for i in range(len(s.options())))
    assert not s.answer_is_public(len(s.options())), "no such answer"


def test_a_variants_own_file_is_its_rulebook_with_that_variant(real):
    path = ROOT / "rulebooks" / "smackshapes" / "variants" / "colorcracks.rules"
    code, out, err = real("check", path)
    assert code == 0 and out.strip() == f"{path}: ok", out + err
    from tabletop.interpreter.api import load_game
    assert load_game(str(path)).compiled.kinds == load_game("smackshapes", "colorcracks").compiled.kinds == {"card": 36}


def test_people_sharing_a_terminal_pass_the_keyboard_before_their_secrets_are_shown(monkeypatch, tmp_path, capsys):
    """Smackatoa's hands are each player's own: before Player 2's hand is shown, the screen is
    cleared and Player 2 presses Enter; so does Player 1 before the first screen, which the others
    may be watching. S'mores hides nothing, so nobody waits."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", TTYInput("\n" + "1\n\n" * 8))      # Enter, then an answer and Enter
    screen = TTYOutput()      # the people's terminal, which the hand-over clears
    monkeypatch.setattr(sys, "stdout", screen)
    cli.main(["play", "smackatoa", "--players", "3", "--seed", "5"])
    shown = screen.getvalue() + capsys.readouterr().err
    monkeypatch.undo()
    monkeypatch.chdir(tmp_path)
    assert shown.index("Pass the keyboard to Player 1, then press Enter.") < shown.index("Player 1: 0 points; totems")
    assert "Pass the keyboard to Player 2, then press Enter." in shown
    monkeypatch.setattr(sys, "stdin", TTYInput("1\n" * 4))
    cli.main(["play", "smores_galore", "--players", "2", "--seed", "5", "--save", str(tmp_path / "s.json")])
    out, err = capsys.readouterr()
    assert "Pass the keyboard" not in out + err and "Player 2: " in out


class TTYOutput(io.StringIO):
    """Standard output that is a terminal, as a person's is."""

    def isatty(self):
        return True


def played_at_40_columns(monkeypatch, tmp_path, capsys, game, typed, *argv):
    """What a game shows on a 40-column terminal (escapes taken out); standard error is not one."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "40")
    screen = TTYOutput()
    monkeypatch.setattr(sys, "stdin", EchoedTTYInput(typed, screen))
    monkeypatch.setattr(sys, "stdout", screen)
    cli.main(["play", game, "--seed", "3", *argv])
    return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", screen.getvalue())


@pytest.mark.parametrize("game, players, words", [
    ("taboo_atoll_express", 1, ["Breakneck", "Sanctuary", "~flooded~", "treasure"]),
    ("smores_galore", 2, ["Marshmallow", "Chocolate", "Cracker"]),
])
def test_at_40_columns_no_line_is_wider_and_no_word_is_cut(monkeypatch, tmp_path, capsys, game, players, words):
    """At 40 columns Taboo's map was a 43-column table of 'Sanctu/ary', S'mores' board
    'Marshma/llow', and long lines (help, log, prompts) were cut by the terminal anywhere. Now a
    board too narrow for its words is drawn row by row, and every line breaks between words."""
    shown = played_at_40_columns(monkeypatch, tmp_path, capsys, game, "?\n1\nquit\nn\n", "--players", str(players))
    lines = shown.replace("\r", "").split("\n")
    assert max(len(line) for line in lines) <= 40, [line for line in lines if len(line) > 40]
    tokens = set(shown.split())
    assert all(word in tokens for word in words), shown
    assert "Row 1:" in shown and "(default file:" in shown


def test_a_prompt_wider_than_the_terminal_breaks_between_words(monkeypatch, tmp_path, capsys):
    """'Pass the keyboard to Player 1, then press Enter.' is 50 columns: the terminal showed
    '... then pres' and 's Enter.' on the next line."""
    shown = played_at_40_columns(monkeypatch, tmp_path, capsys, "smackatoa", "\nquit\nn\n", "--players", "3")
    assert "Pass the keyboard to Player 1, then\n  press Enter. " in shown, shown[:300]


def test_what_a_move_did_is_shown_again_after_the_screen_is_cleared_for_the_next_person(monkeypatch, tmp_path):
    """The screen was cleared for the hand-over right after the lines saying what Player 1's card
    did were shown: neither Player 1 nor Player 2 could read them. They are every seat's to read."""
    monkeypatch.chdir(tmp_path)
    screen = TTYOutput()
    monkeypatch.setattr(sys, "stdin", TTYInput("\n1\n\nquit\nn\n"))
    monkeypatch.setattr(sys, "stdout", screen)
    cli.main(["play", "smackatoa", "--players", "3", "--seed", "3"])
    *_, passing, player_2 = screen.getvalue().split("\x1b[2J")
    assert "Pass the keyboard to Player 2" in passing and "  Player 1 plays " in passing
    assert "Player 2: Your turn" in player_2 and "  Player 1 plays " in player_2
    assert "Player 1 holds the 4 totem" not in player_2        # only what happened since the last hand-over


def test_help_and_save_at_the_hand_over_prompt_do_what_they_do_at_any_prompt(monkeypatch, tmp_path, capsys):
    """'save FILE' typed while passing the keyboard was taken for Enter: nothing was saved."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", TTYInput("?\nsave early.json\n\nquit\nn\n"))
    screen = TTYOutput()
    monkeypatch.setattr(sys, "stdout", screen)
    cli.main(["play", "smackatoa", "--players", "3", "--seed", "3"])
    out = screen.getvalue()
    assert "Answer with the option's number" in out and "Game saved to early.json." in out
    assert out.count("Pass the keyboard to Player 1, then press Enter.") == 3      # asked again after each
    assert "Player 1: Your turn" in out and (tmp_path / "early.json").exists()


def masks(tmp_path):
    """A game of two, each dealt a secret mask, that the first player can end at once: for what
    the screen shows of secrets at the end."""
    from inline import write as write_book
    book = write_book(tmp_path, """
        game "Masks"
        players 2
        kind card from "cards.yaml":
            name: text
        player zone mask: card, owner
        zone box: card, hidden
        setup:
            box = [c for c in card]
            for p in players:
                move first(box) from box to p.mask
        turn:
            choose prompt "Go":
                option "Stop":
                    end game "Done."
        define score(p: player): int = 0
        display:
            show "{p}: {p.mask}" for p in players
        """, **{"cards.yaml": "card:\n  - name: Thief\n  - name: Banker\n"})
    return book


def test_the_last_players_secrets_are_cleared_from_the_screen_everyone_reads_the_result_on(monkeypatch, tmp_path):
    """Player 1 saw their own mask, ended the game, and the result was printed under it, on the
    screen the whole table reads; the game's own last view hides the masks."""
    book = masks(tmp_path)
    monkeypatch.chdir(tmp_path)
    screen = TTYOutput()
    monkeypatch.setattr(sys, "stdin", TTYInput("\nStop\n"))
    monkeypatch.setattr(sys, "stdout", screen)
    assert cli.main(["play", str(book), "--seed", "1"]) == 0
    shown = screen.getvalue()
    last = shown.split("\x1b[2J")[-1]
    assert "Player 1: Thief" in shown
    assert "The game is over: Done." in last and "Player 1: 1 hidden card" in last and "Thief" not in last, last


def test_a_moves_file_for_a_game_of_bots_alone_says_no_move_was_played(run, tmp_path):
    moves = write(tmp_path / "moves.txt", "Add 2\nAdd 2\n")
    code, _, err = run("play", "counting", "--players", 2, "--seed", 4, "--seat", "1=random", "--seat", "2=random",
                       "--moves", moves)
    assert code == 0 and "every seat was a bot, so none of its moves was played" in err
    assert "the game ended before this line" not in err


def test_the_last_screen_of_a_game_of_several_people_shows_no_one_s_secrets(tmp_path, capsys):
    """It was drawn from Player 1's view, whoever was at the keyboard (outside author)."""
    book = masks(tmp_path)
    moves = write(tmp_path / "moves.txt", "Stop\n")
    assert cli.main(["play", str(book), "--seed", "1", "--moves", str(moves)]) == 0
    out = capsys.readouterr().out
    last = out[out.rindex("Stop"):]
    assert "Player 1: 1 hidden card" in last and "Thief" not in last and "Banker" not in last, out


def test_check_goes_on_to_the_next_variant_after_one_with_errors(real, tmp_path):
    """Without --variant, a variant's own errors do not stop its folder's later variants (only the
    base's errors do): 'a' is broken, 'b' and 'c' are still checked and said ok."""
    book = tmp_path / "book"
    (book / "variants").mkdir(parents=True)
    (book / "game.rules").write_text('game "G"\nplayers 1\nvar x: int = 0\nturn:\n    end game "done"\n'
                                     'define score(p: player): int = x\n')
    (book / "variants" / "a.rules").write_text('extends "../game.rules"\nreplace var y: int = 1\n')
    for name in ("b", "c"):
        (book / "variants" / f"{name}.rules").write_text('extends "../game.rules"\nreplace var x: int = 2\n')
    code, out, err = real("check", book)
    assert code == 1 and f"{book} --variant a: 1 error" in out, out + err
    assert f"{book} --variant b: ok" in out and f"{book} --variant c: ok" in out, out + err


def test_play_without_a_game_names_the_bundled_games(run):
    """`tabletop play` alone said to name a GAME, and a new player knows none of their names."""
    code, out, err = run("play")
    assert code == 2 and err.startswith("tabletop play: name a GAME to play (abatteroxie, smackatoa, ")
    assert "taboo_atoll_express, or a rulebook's folder), or give --load FILE to resume a saved game." in err


def test_the_command_leaves_what_it_made_to_the_end_of_the_process():
    """`python -m tabletop` hands every object still alive to the collector as permanent once the
    command is done (tabletop/__main__.py): the interpreter's collections at exit would walk them
    all only to free memory the process gives back anyway. The command's output and exit code
    are as ever."""
    code = ("import gc, sys; from tabletop.__main__ import main; sys.argv = ['tabletop', 'check', sys.argv[1]]; "
            "c = main(); print('exit', c, 'frozen', gc.get_freeze_count() > 10000)")
    proc = subprocess.run([sys.executable, "-c", code, str(ROOT / "rulebooks" / "smackatoa")], capture_output=True,
                          text=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT), TABLETOP_NO_CACHE="1"))
    assert proc.stdout.splitlines()[-2:] == [f"{ROOT / 'rulebooks' / 'smackatoa'}: ok", "exit 0 frozen True"], proc.stdout + proc.stderr


MAY_TAKE = '''game "May"
players 2
player var coins: int = 0
turn:
    may choose k from [1, 2] labelled "Take {k}" prompt "Take coins from the pot?":
        if k != none:
            current.coins += k
    may choose k from [3] labelled "Take {k}" or "Pass" prompt "Take the big pile?":
        if k != none:
            current.coins += k
    end game "done"
define score(p: player): int = p.coins
winners: highest score
'''


def test_a_declined_may_choice_is_shown_with_its_question(real, tmp_path):
    """'Player 1 chose: Decline' alone does not say what was declined: the question is shown too,
    the rulebook's own way to decline as much as the engine's; an option taken is shown as ever."""
    (tmp_path / "may").mkdir()
    (tmp_path / "may" / "game.rules").write_text(MAY_TAKE)
    (tmp_path / "moves.txt").write_text("Decline\nPass\n")
    code, out, _ = real("play", tmp_path / "may", "--seed", 1, "--moves", tmp_path / "moves.txt")
    assert code == 0, out
    assert 'Player 1 chose: Decline ("Take coins from the pot?")' in out, out
    assert 'Player 1 chose: Pass ("Take the big pile?")' in out, out
    (tmp_path / "moves.txt").write_text("Take 2\nTake 3\n")
    code, out, _ = real("play", tmp_path / "may", "--seed", 1, "--moves", tmp_path / "moves.txt")
    assert code == 0 and "Player 1 chose: Take 2\n" in out and "Take coins from" not in out, out
