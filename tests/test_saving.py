"""Saving a game in progress safely: links, FIFOs and devices; the save path checked before
playing and a fallback when saving still fails; never over a file this session did not write
without saying so; the seats and their bots remembered; a game named so the save loads from any
folder and cannot point at an arbitrary file; hostile save files refused in words (issues 10, 13).
"""
import json
import os
import shutil
import stat
from pathlib import Path

import jsonschema
import pytest

import fake_game  # noqa: F401  (the `run` fixture plays it)
from cli_fixtures import ROOT, CtrlC, TTYInput, final_state, real, run, schema, write  # noqa: F401
from tabletop.interpreter import cli, savefile

AUTOSAVE = cli.AUTOSAVE


def saved(path):
    return json.loads(Path(path).read_text())


# ---------------------------------------------------------------- what a save may be written over

def test_a_save_path_that_is_a_symbolic_link_is_refused_and_its_target_left_alone(run, tmp_path):
    """A link's target may be any file (another game, or /etc/passwd for a careless root)."""
    (tmp_path / "saves").mkdir()
    target = tmp_path / "saves" / "real.json"
    target.write_text("not yours")
    os.symlink(target, tmp_path / "g.json")
    code, out, err = run("play", "counting", "--seed", 3, "--save", "g.json", stdin="2\n")
    assert code == 2 and "cannot save to g.json: it is a symbolic link; name the file itself." in err
    assert "How much to add?" not in out                      # refused before anything was played
    code, out, _ = run("play", "counting", "--seed", 1, stdin="2\nsave g.json\n" + "2\n" * 10)
    assert code == 0 and "Cannot save the game to g.json: it is a symbolic link; name the file itself." in out
    assert target.read_text() == "not yours" and (tmp_path / "g.json").is_symlink()


def test_a_fifo_is_refused_before_the_game_starts_and_left_alone(run, tmp_path):
    os.mkfifo(tmp_path / "pipe")
    code, out, err = run("play", "counting", "--save", "pipe", stdin="2\n")
    assert code == 2 and "cannot save to pipe: it is a FIFO, not a regular file." in err
    assert "How much to add?" not in out                      # refused before anything was played
    assert stat.S_ISFIFO(os.stat(tmp_path / "pipe").st_mode)


def test_devices_folders_and_fifos_are_never_written(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    assert savefile.save_problem(os.devnull) == "it is a device, not a regular file"
    assert savefile.save_problem(tmp_path) == "it is a folder, not a regular file"
    game = fake_game.load_game("counting")
    snap = savefile.snapshot(game, game.new_state(seed=1), 1, [])
    with pytest.raises(savefile.SaveFileError, match="pipe: it is a FIFO, not a regular file"):
        savefile.write(tmp_path / "pipe", snap)
    assert stat.S_ISFIFO(os.stat(tmp_path / "pipe").st_mode)


def test_an_existing_file_keeps_its_permissions_and_a_new_one_follows_the_umask(run, tmp_path):
    path = tmp_path / "g.json"
    path.write_text('{"format": "tabletop-save"}')
    os.chmod(path, 0o640)
    run("play", "counting", "--seed", 3, "--save", path, stdin="2\n")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640 and saved(path)["moves"]
    old = os.umask(0o022)
    try:
        run("play", "counting", "--seed", 3, "--save", "new.json", stdin="2\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.json").st_mode) == 0o644


# ---------------------------------------------------------------- the save path, at the start and at the end

def test_a_save_folder_that_does_not_exist_is_refused_before_playing(run, tmp_path):
    code, out, err = run("play", "counting", "--save", "nowhere/g.json", stdin="2\n" * 10)
    assert code == 2 and f"cannot save to nowhere/g.json: there is no folder {tmp_path / 'nowhere'}." in err
    assert "How much to add?" not in out


def test_when_saving_fails_at_the_end_the_game_goes_somewhere_that_works_and_says_where(run, tmp_path, monkeypatch):
    real_write = savefile.write

    def full_disk(path, snapshot):
        if Path(path).name == "g.json":
            raise savefile.SaveFileError(f"Cannot save the game to {path}: No space left on device.")
        real_write(path, snapshot)
    monkeypatch.setattr(savefile, "write", full_disk)
    code, _, err = run("play", "counting", "--seed", 3, "--save", "g.json", stdin="2\n")
    assert code == 1 and "Cannot save the game to g.json: No space left on device." in err
    fallback = tmp_path / AUTOSAVE
    assert f"Saved to {fallback} instead." in err
    assert f"Resume it with: tabletop play --load {fallback}" in err
    assert saved(fallback)["moves"] == [[0, 1, None]]


def test_a_game_played_in_a_folder_deleted_meanwhile_is_saved_in_the_home_folder(real, tmp_path, monkeypatch):
    """A relative name leads nowhere once the current folder is gone: the autosave goes to a
    fallback place, and a `save` at the prompt says why it cannot save there."""
    (tmp_path / "gone").mkdir()
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path / "gone")
    (tmp_path / "gone").rmdir()
    code, _, err = real("play", "taboo_atoll_express", "--seed", 1, "--quiet", stdin="save g.json\n1\n")
    home = tmp_path / "home" / AUTOSAVE
    assert code == 1 and f"Game saved to {home}." in err and saved(home)["moves"] == [[0, 0, None]]
    assert "the current folder no longer exists" in err


def test_a_relative_save_in_a_folder_deleted_meanwhile_is_refused_before_playing(real, tmp_path, monkeypatch):
    (tmp_path / "gone").mkdir()
    monkeypatch.chdir(tmp_path / "gone")
    (tmp_path / "gone").rmdir()
    code, _, err = real("play", "taboo_atoll_express", "--seed", 1, "--save", "g.json", stdin="1\n")
    assert code == 2 and "cannot save to g.json: the current folder no longer exists" in err


def test_a_save_name_as_long_as_the_file_system_allows_is_saved_and_a_longer_one_refused_first(run, tmp_path):
    """The temporary file written first is named after the save, cut short to fit."""
    longest = "n" * 250 + ".json"
    code, _, err = run("play", "counting", "--seed", 3, "--save", longest, stdin="2\n")
    assert code == 1 and saved(tmp_path / longest)["moves"] == [[0, 1, None]]
    code, out, err = run("play", "counting", "--save", "n" + longest, stdin="2\n")
    assert code == 2 and "its name is longer than the 255 bytes a file's name may have there." in err
    assert "How much to add?" not in out


def test_a_save_name_ending_with_a_slash_is_refused_before_playing(run, tmp_path):
    """It would be saved to the name without the slash, and told (and resumed) with it."""
    code, out, err = run("play", "counting", "--save", "new.json/", stdin="2\n")
    assert code == 2 and "cannot save to new.json/: a name that ends with '/' names a folder; name the file." in err
    assert not (tmp_path / "new.json").exists()


@pytest.mark.parametrize("how, stdin", [("a bad moves line", "2\n"), ("end of input", "")])
def test_an_autosave_never_replaces_an_earlier_game(run, tmp_path, how, stdin):
    (tmp_path / AUTOSAVE).write_text("an earlier game")
    argv = ["play", "counting", "--seed", 3]
    if how == "a bad moves line":
        argv += ["--moves", write(tmp_path / "m.txt", "Add 2\nFly\n")]
    code, _, err = run(*argv, stdin=stdin)
    assert code == 1 and (tmp_path / AUTOSAVE).read_text() == "an earlier game"
    assert "Game saved to tabletop-autosave-2.json" in err
    assert (tmp_path / "tabletop-autosave-2.json").exists()


def test_a_save_named_with_save_that_exists_is_said_to_be_replaced(run, tmp_path):
    """(The fake engine's saves do not say whether their game is over: replaced, with a note.)"""
    run("play", "counting", "--seed", 1, "--save", "mine.json", stdin="2\n")
    code, _, err = run("play", "counting", "--seed", 3, "--save", "mine.json", stdin="2\n")
    assert "Note: mine.json exists; saving this game will replace it." in err
    assert saved(tmp_path / "mine.json")["seed"] == 3


def test_a_save_named_with_save_that_holds_a_game_in_progress_is_refused(real, tmp_path):
    """Another game still in progress would be lost (an outside tester's case); resuming it
    from that file and saving it there again is fine."""
    real("play", "taboo_atoll_express", "--seed", 1, "--save", "mine.json", stdin="1\n")
    before = (tmp_path / "mine.json").read_text()
    code, out, err = real("play", "smores_galore", "--seed", 3, "--save", "mine.json", stdin="1\n")
    assert code == 2 and "mine.json holds a saved game still in progress (Taboo Atoll Express, 1 move in)" in err
    assert "tabletop play --load mine.json" in err
    assert (tmp_path / "mine.json").read_text() == before
    code, _, _ = real("play", "--load", "mine.json", "--save", "mine.json", stdin="1\n")
    assert code == 1 and len(saved(tmp_path / "mine.json")["moves"]) == 2


@pytest.mark.parametrize("text", ["my notes", "{}", "[1, 2]"])
def test_a_file_named_with_save_that_is_not_a_save_is_refused_and_left_alone(run, tmp_path, text):
    (tmp_path / "notes.txt").write_text(text)
    code, out, err = run("play", "counting", "--seed", 3, "--save", "notes.txt", stdin="2\n")
    assert code == 2 and ("cannot save to notes.txt: it holds something that is not a tabletop save, "
                          "which saving would destroy.") in err
    assert "How much to add?" not in out and (tmp_path / "notes.txt").read_text() == text


@pytest.mark.parametrize("where", [".", "/", os.devnull])
def test_save_at_the_prompt_to_a_folder_or_device_is_refused_and_the_game_goes_on(run, tmp_path, where):
    code, out, _ = run("play", "counting", "--seed", 1, stdin=f"2\nsave {where}\n" + "2\n" * 10)
    assert code == 0 and "The game is over" in out
    assert f"Cannot save the game to {where}: it is a" in out
    assert not os.path.exists(os.devnull + "-2")


def test_save_at_the_prompt_does_not_replace_another_file_without_a_terminal(run, tmp_path):
    (tmp_path / "other.json").write_text("someone else's")
    code, out, _ = run("play", "counting", "--seed", 1, stdin="2\nsave other.json\n" + "2\n" * 10)
    assert code == 0 and "other.json exists; saving to other-2.json instead." in out
    assert (tmp_path / "other.json").read_text() == "someone else's"
    assert saved(tmp_path / "other-2.json")["moves"] == [[0, 1, None]]


@pytest.mark.parametrize("answer, replaced", [("n", False), ("y", True)])
def test_save_at_the_prompt_asks_before_replacing_another_file(run, tmp_path, answer, replaced):
    (tmp_path / "other.json").write_text("someone else's")
    code, out, err = run("play", "counting", "--seed", 1,
                         stdin=TTYInput(f"2\nsave other.json\n{answer}\n" + "2\n" * 10))
    assert code == 0 and "other.json exists. Replace it? [y/N]" in out + err
    assert ((tmp_path / "other.json").read_text() != "someone else's") == replaced


def test_quit_after_save_offers_the_file_just_saved(run, tmp_path):
    code, _, err = run("play", "counting", "--seed", 1, stdin=TTYInput("2\nsave g.json\n1\nquit\n\n"))
    assert code == 1 and "Save the game to g.json? [Y/n]" in err and AUTOSAVE not in err
    assert "Game saved to g.json." in err and len(saved(tmp_path / "g.json")["moves"]) == 2
    assert not (tmp_path / AUTOSAVE).exists()


def test_maybe_is_not_yes(run, tmp_path):
    code, out, err = run("play", "counting", "--seed", 1, stdin=TTYInput("2\nquit\nmaybe\nn\n"))
    assert code == 1 and "Please answer y or n." in out + err and "Not saved." in err
    assert not (tmp_path / AUTOSAVE).exists()


class TTYCtrlC(CtrlC):
    def isatty(self):
        return True


def test_ctrl_c_at_the_save_question_saves(run, tmp_path):
    """A game is lost only by answering no: Ctrl-C at the question takes its default, yes."""
    code, _, err = run("play", "counting", "--seed", 1, stdin=TTYCtrlC("2\nquit\n"))
    assert code == 1 and "Save the game to" in err and "Not saved." not in err and "Game saved to" in err
    assert (tmp_path / AUTOSAVE).exists()


def test_a_nul_in_a_save_path_at_the_prompt_is_refused_and_the_game_goes_on(run, tmp_path):
    code, out, _ = run("play", "counting", "--seed", 1, stdin="2\nsave a\0b.json\n" + "2\n" * 10)
    assert code == 0 and "The game is over" in out
    assert "Cannot save the game to a\u2400b.json: the file name holds a NUL character." in out   # shown, not sent


# ---------------------------------------------------------------- the seats are part of the save

SEATED = ["--players", 3, "--seed", 8, "--seat", "2=random", "--seat", "3=first:patience=2"]


def test_a_save_remembers_every_seat_with_its_bot_parameters_and_seed(run, tmp_path):
    code, _, _ = run("play", "counting", *SEATED, "--save", "g.json", stdin="1\n")
    data = saved(tmp_path / "g.json")
    jsonschema.validate(data, schema("save.schema.json"))
    kinds = [(s["kind"], s.get("params")) for s in data["seats"]]
    assert kinds == [("human", None), ("random", {}), ("first", {"patience": "2"})]
    assert all(isinstance(s["seed"], int) for s in data["seats"][1:])


def test_a_resumed_game_with_bots_ends_exactly_as_an_uninterrupted_one(run, tmp_path):
    answers = ["1", "2", "1", "2", "1", "2", "1"]
    code, whole = final_state(run, "play", "counting", *SEATED, stdin="\n".join(answers) + "\n")
    assert code == 0
    for stop_after in (1, 2):
        run("play", "counting", *SEATED, "--save", f"g{stop_after}.json",
            stdin="\n".join(answers[:stop_after]) + "\n")
        code, resumed = final_state(run, "play", "--load", f"g{stop_after}.json",
                                    stdin="\n".join(answers[stop_after:]) + "\n")
        assert code == 0 and resumed == whole


def test_a_resumed_game_that_ends_is_saved_ended_in_its_file(run, tmp_path):
    """The file it was loaded from still held the game in progress: `--load` played it again from
    there, and a new game's `--save` to it was refused as losing a game in progress."""
    run("play", "counting", *SEATED, "--save", "g.json", stdin="1\n")
    code, out, _ = run("play", "--load", "g.json", stdin="2\n" * 10)
    assert code == 0 and "Game saved to g.json." in out
    # it says it is resumed, and from where (a loaded game began with no word at all)
    assert out.startswith("Counting Race: 3 players, seed 8, resumed from g.json after 3 moves. Type ? for help.\n"), out[:200]
    assert json.loads((tmp_path / "g.json").read_text())["state"]["result"] is not None     # the fake's "over"
    code, _, _ = run("play", "counting", "--seed", 3, "--save", "g.json", stdin="1\n")
    assert code == 1 and len(json.loads((tmp_path / "g.json").read_text())["moves"]) == 1


def test_a_seat_can_change_hands_when_a_game_is_resumed(run, tmp_path):
    run("play", "counting", *SEATED, "--save", "g.json", stdin="1\n")
    code, out, _ = run("play", "--load", "g.json", "--seat", "1=first", "--seat", "2=human", stdin="2\n" * 10)
    assert code == 0 and "Player 1 (first) chose: Add" in out
    assert "Player 2: How much to add?" in out


def test_a_save_with_an_unknown_bot_is_refused(run, tmp_path):
    run("play", "counting", *SEATED, "--save", "g.json", stdin="1\n")
    data = saved(tmp_path / "g.json")
    data["seats"][1]["kind"] = "genius"
    (tmp_path / "g.json").write_text(json.dumps(data))
    code, _, err = run("play", "--load", "g.json")
    assert code == 1 and "seat 2: There is no bot called 'genius'" in err


# ---------------------------------------------------------------- how a save names its game

def test_a_bundled_game_is_saved_by_name_and_loads_from_any_folder(real, tmp_path, monkeypatch):
    real("play", "taboo_atoll_express", "--seed", 1, "--save", "g.json", stdin="1\n")
    assert saved(tmp_path / "g.json")["game"] == "taboo_atoll_express"
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "taboo_atoll_express").mkdir(parents=True)     # a folder of the same name does not fool it
    monkeypatch.chdir(elsewhere)
    code, _, err = real("play", "--load", tmp_path / "g.json", stdin="1\n")
    assert code == 1 and "End of input" in err and len(saved(tmp_path / "g.json")["moves"]) == 2


def test_a_users_rulebook_is_saved_by_its_absolute_path(real, tmp_path, monkeypatch):
    shutil.copytree(ROOT / "rulebooks" / "taboo_atoll_express", tmp_path / "mine")
    real("play", "mine", "--seed", 1, "--save", "g.json", stdin="1\n")
    assert saved(tmp_path / "g.json")["game"] == str(tmp_path / "mine")
    (tmp_path / "other").mkdir()
    monkeypatch.chdir(tmp_path / "other")
    code, _, err = real("play", "--load", "../g.json", stdin="1\n")
    assert code == 1 and "End of input" in err


def forged(tmp_path, **changes):
    """A save of the fake game, with some fields changed."""
    data = {"format": "tabletop-save", "version": 1, "game": str(tmp_path / "counting"), "variant": None,
            "options": {}, "players": 1, "seed": 1, "moves": [],
            "state": fake_game.load_game("counting").new_state(seed=1).to_json()}
    data.update(changes)
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("game, problem", [
    ("/etc/passwd", "the game it names, /etc/passwd, is not a rulebook folder or .rules file"),
    ("../secret.rules", "it names its game by a relative path"),
    ("no_such_game", "is not a rulebook bundled with tabletop"),
])
def test_a_save_cannot_make_play_read_an_arbitrary_file(real, tmp_path, game, problem):
    path = forged(tmp_path, game=game)
    code, out, err = real("play", "--load", path)
    assert code == 1 and problem in err
    assert "root:" not in out + err


def test_a_save_naming_a_broken_rulebook_does_not_quote_its_lines(real, tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "game.rules").write_text("SECRET-LINE-42 is not a rule\n")
    code, out, err = real("play", "--load", forged(tmp_path, game=str(tmp_path / "book")))
    assert code == 1 and "its game" in err and "does not load" in err and "tabletop check" in err
    assert "SECRET-LINE-42" not in out + err


def test_a_variant_in_a_save_is_a_name_not_a_path(real, tmp_path):
    code, _, err = real("play", "--load", forged(tmp_path, game="taboo_atoll_express", variant="../../x"))
    assert code == 1 and "not a tabletop save ('variant' should be a variant's name (letters, digits, '_' and '-'), not \"../../x\")" in err


# ---------------------------------------------------------------- hostile save files

def test_a_seed_of_thousands_of_digits_is_refused_in_words(run, tmp_path):
    path = forged(tmp_path)
    path.write_text(path.read_text().replace('"seed": 1', '"seed": ' + "7" * 5000))
    code, _, err = run("play", "--load", path)
    assert code == 1 and "it holds a number too long to be a save's" in err


def test_a_seed_beyond_64_bits_is_refused(run, tmp_path):
    code, _, err = run("play", "--load", forged(tmp_path, seed=2 ** 70))
    assert code == 1 and "not a tabletop save ('seed' should be at most 9223372036854775807, not 1180591620717411303424)" in err


def test_a_save_nested_100000_deep_is_refused_in_words(run, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"format": "tabletop-save", "state": ' + "[" * 100_000 + "]" * 100_000 + "}")
    code, _, err = run("play", "--load", path)
    assert code == 1 and "nested too deeply" in err


def test_a_fifo_as_a_save_is_refused_without_blocking(run, tmp_path):
    os.mkfifo(tmp_path / "pipe")
    code, _, err = run("play", "--load", tmp_path / "pipe")
    assert code == 1 and "it is not a regular file" in err


def test_a_save_whose_variant_does_not_fit_its_game_says_so_not_that_the_rulebook_fails(real, tmp_path):
    real("play", "smackatoa", "--seed", 1, "--save", "v.json", stdin="1\n")
    data = json.loads((tmp_path / "v.json").read_text())
    data["variant"] = "nope"
    (tmp_path / "v.json").write_text(json.dumps(data))
    for argv in (("play", "--load", "v.json"), ("play", "smackatoa", "--load", "v.json")):
        code, _, err = real(*argv)
        assert code == 1 and "the variant or options it saved" in err and "no variant 'nope'" in err
        assert "tabletop check" not in err


def test_a_save_with_a_byte_order_mark_loads_and_is_saved_back_to(real, tmp_path):
    real("play", "taboo_atoll_express", "--seed", 1, "--save", "g.json", stdin="1\n")
    (tmp_path / "g.json").write_text((tmp_path / "g.json").read_text(), encoding="utf-8-sig")
    code, _, err = real("play", "--load", "g.json", stdin="1\n")
    assert code == 1 and "Game saved to g.json." in err and len(saved(tmp_path / "g.json")["moves"]) == 2


# ---------------------------------------------------------------- bad input (broken_probe2)

def test_a_save_of_another_game_loaded_with_a_game_named_says_so_not_that_a_flag_is_wrong(real, tmp_path):
    """`play smackatoa --load t.json`, t.json a save of Taboo with an option: it blamed --option,
    which was not given ("--option: Smackatoa! has no option 'difficulty'")."""
    real("play", "taboo_atoll_express", "--seed", 1, "--option", "difficulty=normal", "--save", "t.json", stdin="1\n")
    code, out, err = real("play", "smackatoa", "--load", "t.json")
    assert code == 1 and "--option" not in err and "How" not in out
    assert err.strip() == ("Cannot load t.json: it is a game of Taboo Atoll Express, not of Smackatoa!. Leave out "
                           "the game to play it on ('tabletop play --load t.json'), or name taboo_atoll_express.")
    assert len(saved(tmp_path / "t.json")["moves"]) == 1           # the save is left as it was


def test_a_save_of_the_base_game_resumed_with_a_variant_s_file_names_the_variant_and_the_command(real, tmp_path):
    """It replayed the moves under the variant and said "the file was edited or is corrupt"."""
    real("play", "taboo_atoll_express", "--seed", 3, "--save", "b.json", stdin="1\n")
    calm = ROOT / "rulebooks" / "taboo_atoll_express" / "variants" / "calm_seas.rules"
    code, out, err = real("play", calm, "--load", "b.json")
    assert code == 1 and "How" not in out
    assert err.strip() == (f"Cannot load b.json: it was played without a variant, and {calm} is the variant calm_seas; "
                           "resume it with: tabletop play --load b.json (the save names its game and variant).")


def test_a_variant_s_save_written_before_states_named_their_variant_still_loads(real, tmp_path):
    real("play", "taboo_atoll_express", "--variant", "calm_seas", "--seed", 3, "--save", "v.json", stdin="1\n")
    data = saved(tmp_path / "v.json")
    assert data["state"].pop("variant") == "calm_seas"
    (tmp_path / "v.json").write_text(json.dumps(data))
    code, _, err = real("play", "--load", "v.json", stdin="1\n")
    assert code == 1 and "Game saved to v.json." in err and len(saved(tmp_path / "v.json")["moves"]) == 2
    data["variant"] = None            # a file whose "variant" was edited away: its state still says it
    (tmp_path / "e.json").write_text(json.dumps(data | {"state": data["state"] | {"variant": "calm_seas"}}))
    code, _, err = real("play", "--load", "e.json")
    assert code == 1 and err.strip() == (
        "Cannot load e.json: its state was played with the variant calm_seas, but the file names no variant; the "
        "file was edited. A save of the variant calm_seas is resumed with the variant calm_seas.")


def test_a_save_whose_title_is_not_its_games_says_the_file_contradicts_itself(real, tmp_path):
    """Without a game named, "name taboo_atoll_express" would send the person to the same game."""
    real("play", "taboo_atoll_express", "--seed", 1, "--option", "difficulty=normal", "--save", "t.json", stdin="1\n")
    for game in ("taboo_atoll_express", "smackatoa"):
        data = saved(tmp_path / "t.json")
        data["title"], data["game"] = "Other Game", game
        (tmp_path / "e.json").write_text(json.dumps(data))
        code, _, err = real("play", "--load", "e.json")
        title = {"smackatoa": "Smackatoa!"}.get(game, "Taboo Atoll Express")
        assert code == 1 and err.strip() == (
            f"Cannot load e.json: it says it is a game of Other Game, but the game it names, {game}, is {title}; "
            "the file was edited, or the rulebook's title changed since the game was saved.")


def test_a_move_by_a_seat_the_game_lacks_is_told_in_players_words(real, tmp_path):
    """The API counts seats from 0 ("the seats are numbered 0 to 1"); people count from Player 1."""
    real("play", "smores_galore", "--seed", 1, "--save", "g.json", stdin="1\n")
    data = saved(tmp_path / "g.json")
    data["moves"][0][0] = 7
    (tmp_path / "g.json").write_text(json.dumps(data))
    code, _, err = real("play", "--load", "g.json")
    assert code == 1 and "numbered 0" not in err
    assert ("its moves cannot be replayed from seed 1 (its move 1 is made by Player 8, and the game has Player 1 "
            "to Player 2).") in err


def test_an_answer_with_an_option_the_decision_lacks_is_told_counted_from_1(real, tmp_path):
    real("play", "smores_galore", "--seed", 1, "--save", "g.json", stdin="1\n")
    data = saved(tmp_path / "g.json")
    data["moves"][0][1] = 99
    (tmp_path / "g.json").write_text(json.dumps(data))
    code, _, err = real("play", "--load", "g.json")
    assert code == 1 and "numbered 0" not in err and ".)." not in err
    assert "its moves cannot be replayed from seed 1 (its move 1 answers with option 100 (counted from 1), and " \
           "Player 1's decision then had " in err


def test_a_nul_in_a_saves_title_is_shown_not_written_to_the_terminal(real, tmp_path):
    real("play", "taboo_atoll_express", "--seed", 1, "--save", "t.json", stdin="1\n")
    data = saved(tmp_path / "t.json")
    data["title"] = "Taboo\0Atoll" + "x" * 5000
    (tmp_path / "t.json").write_text(json.dumps(data))
    code, out, err = real("play", "--load", "t.json")
    assert code == 1 and "\0" not in out + err and "Taboo\u2400Atoll" in err and len(err) < 500


def test_a_bot_parameter_of_the_wrong_kind_in_a_save_is_said_in_the_bots_words(run, tmp_path):
    run("play", "counting", *SEATED, "--save", "g.json", stdin="1\n")
    data = saved(tmp_path / "g.json")
    data["seats"][1] = {"kind": "first", "params": {"patience": "x"}, "seed": 0}
    (tmp_path / "g.json").write_text(json.dumps(data))
    code, _, err = run("play", "--load", "g.json")
    assert code == 1 and "seat 2: The first bot's patience is a whole number of 0 or more, not 'x'." in err
    assert "invalid literal" not in err and "int()" not in err


def test_on_a_narrow_terminal_the_resume_command_is_one_line_of_its_own(monkeypatch, tmp_path):
    """At 40 columns the message was broken between words inside the command ('tabletop play
    --load' at a line's end, the file on the next): copied, it ran without its file."""
    import io
    import sys

    class Screen(io.StringIO):
        def isatty(self):
            return True
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "40")
    screen = Screen()
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))      # then the end of input
    monkeypatch.setattr(sys, "stderr", screen)
    assert cli.main(["play", "taboo_atoll_express", "--seed", "1"]) == 1
    lines = screen.getvalue().splitlines()
    assert f"  tabletop play --load {AUTOSAVE}" in lines, lines
    assert max(len(line) for line in lines if "--load" not in line) <= 40, lines
