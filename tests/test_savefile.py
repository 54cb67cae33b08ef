"""Save files: round trip, schema validation, and refusal of files that lie about their moves."""
import json
from pathlib import Path

import pytest

import fake_game
from tabletop.interpreter import savefile
from tabletop.interpreter.bots import Move


@pytest.fixture
def game():
    return fake_game.load_game("counting")


def played(game, moves, seed=5, players=2):
    return savefile.replay(game, players, seed, moves)


MOVES = [Move(0, 0), Move(1, 1), Move(0, 0)]


def test_a_saved_game_reads_back_to_the_same_state(game, tmp_path):
    state = played(game, MOVES)
    path = tmp_path / "game.json"
    savefile.write(path, savefile.snapshot(game, state, 5, MOVES))
    saved = savefile.read(path)
    assert (saved.players, saved.seed, saved.moves) == (2, 5, MOVES)
    assert saved.game == str(Path("counting").resolve())      # a rulebook of the user's: its absolute path
    restored = savefile.restore(game, saved, path)
    assert restored.to_json() == state.to_json()
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]   # no temporary file left behind


def test_a_save_file_matches_its_schema_and_format(game, tmp_path):
    path = tmp_path / "game.json"
    savefile.write(path, savefile.snapshot(game, played(game, MOVES), 5, MOVES))
    data = json.loads(path.read_text())
    assert data["format"] == "tabletop-save" and data["version"] == 1
    assert data["moves"] == [[0, 0, None], [1, 1, None], [0, 0, None]]


@pytest.mark.parametrize("text, problem", [
    ("{not json", "not valid JSON"),
    ("[]", "not a tabletop save"),
    ('{"format": "tabletop-save"}', "not a tabletop save (the file has no 'version')"),
])
def test_a_broken_file_is_refused_with_its_name_and_problem(tmp_path, text, problem):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(savefile.SaveFileError) as e:
        savefile.read(path)
    assert str(path) in str(e.value) and problem in str(e.value)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(savefile.SaveFileError, match="no such file"):
        savefile.read(tmp_path / "nothing.json")


def test_a_state_that_does_not_follow_from_its_moves_is_refused(game, tmp_path):
    path = tmp_path / "game.json"
    savefile.write(path, savefile.snapshot(game, played(game, MOVES), 5, MOVES))
    data = json.loads(path.read_text())
    data["state"]["counter"] += 5
    path.write_text(json.dumps(data))
    with pytest.raises(savefile.SaveFileError, match="differs from its moves replayed from seed 5"):
        savefile.restore(game, savefile.read(path), path)


def test_moves_that_cannot_be_replayed_are_refused(game, tmp_path):
    path = tmp_path / "game.json"
    savefile.write(path, savefile.snapshot(game, played(game, MOVES), 5, MOVES))
    data = json.loads(path.read_text())
    data["moves"][0] = [1, 0, None]          # Player 2 did not have the first turn
    path.write_text(json.dumps(data))
    with pytest.raises(savefile.SaveFileError, match="cannot be replayed.*Player 2 has nothing to decide"):
        savefile.restore(game, savefile.read(path), path)


def test_a_state_the_engine_rejects_is_refused(game, tmp_path):
    saved = savefile.snapshot(game, played(game, MOVES), 5, MOVES)
    saved.state = {"something": "else"}
    with pytest.raises(savefile.SaveFileError, match="not valid for this game"):
        savefile.restore(game, saved, "x.json")


def test_writing_where_no_file_can_go_is_a_clear_error(game, tmp_path):
    saved = savefile.snapshot(game, played(game, []), 5, [])
    with pytest.raises(savefile.SaveFileError, match="Cannot save the game to .*missing"):
        savefile.write(tmp_path / "missing" / "game.json", saved)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(players="two"), "'players' should be a whole number, not \"two\""),
    (lambda d: d.update(version=2), "'version' should be 1, not 2"),
    (lambda d: d.update(colour="red"), "the file has a key 'colour' that a save does not have"),
])
def test_a_save_of_the_wrong_shape_is_told_in_words_not_json_schemas(game, tmp_path, change, words):
    path = tmp_path / "game.json"
    savefile.write(path, savefile.snapshot(game, played(game, MOVES), 5, MOVES))
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(savefile.SaveFileError) as e:
        savefile.read(path)
    assert words in str(e.value) and "is not of type" not in str(e.value)


@pytest.mark.parametrize("name", ["game.rules", "moves.yaml", "cases.YML"])
def test_a_save_is_never_written_under_a_name_a_rulebook_reads(game, tmp_path, name):
    """A rulebook's folder reads every .rules file as its rules, and `tabletop test` reads .yaml."""
    saved = savefile.snapshot(game, played(game, []), 5, [])
    with pytest.raises(savefile.SaveFileError, match=r"read as part of a rulebook; name the save '\*.json'"):
        savefile.write(tmp_path / name, saved)
    assert list(tmp_path.iterdir()) == []


def test_a_save_too_big_to_load_is_not_written(game, tmp_path, monkeypatch):
    saved = savefile.snapshot(game, played(game, MOVES), 5, MOVES)
    path = tmp_path / "game.json"
    savefile.write(path, saved)
    size = path.stat().st_size
    monkeypatch.setattr(savefile, "MAX_BYTES", size - 1)
    with pytest.raises(savefile.SaveFileError, match=f"the save would be {size:,} bytes, more than the {size - 1:,}"):
        savefile.write(tmp_path / "big.json", saved)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_another_games_save_is_named_as_such_not_as_edited(game, tmp_path):
    saved = savefile.snapshot(game, played(game, MOVES), 5, MOVES)
    saved.title = "Another Game"
    with pytest.raises(savefile.SaveFileError, match="it is a game of Another Game, not of") as e:
        savefile.restore(game, saved, tmp_path / "x.json")
    assert "edited" not in str(e.value)


def test_a_seed_written_with_a_point_is_refused_when_the_file_is_read(game, tmp_path):
    """JSON Schema calls 1.0 an integer; the save's reader does not, as the rulebooks' data does not."""
    path = tmp_path / "game.json"
    savefile.write(path, savefile.snapshot(game, played(game, MOVES), 5, MOVES))
    data = json.loads(path.read_text())
    data["seed"] = 5.0
    path.write_text(json.dumps(data))
    with pytest.raises(savefile.SaveFileError, match=r"not a tabletop save \('seed' should be a whole number, not 5.0\)"):
        savefile.read(path)
