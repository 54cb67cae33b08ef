"""A rulebook reads only its own folder (issue 13), and everything a rulebook may rightly do inside
it still works: includes in subfolders, links that stay inside, variants that extend their game
and include its files, a single `.rules` file with files beside it, a folder reached through a
link. The hostile side (links out, /proc, devices, FIFOs, ...) is tests/hostile/corpus.py."""
import os

import pytest

from inline import write
from tabletop.dsl.diagnostics import RulebookError
from tabletop.dsl.loader import find_rulebook, load_program
from tabletop.interpreter.api import load_game

HEAD = 'game "Inside"\nplayers 1\nvar x: int = 0\ndefine score(p: player): int = x\n'
TURN = 'turn:\n    end game "done"\n'


def codes(game, variant=None):
    with pytest.raises(RulebookError) as e:
        load_program(str(game), variant)
    return [(d.code, d.span.line) for d in e.value.diagnostics]


def test_includes_in_subfolders_and_links_inside_the_folder_are_read(tmp_path):
    folder = write(tmp_path, HEAD + 'include "parts/more.rules"\ninclude "alias.rules"\n' + TURN,
                   **{"parts/more.rules": 'define more: int = 1\nkind card from "cards.yaml":\n    name: text\n',
                      "parts/cards.yaml": "cards:\n  - {name: Ace}\n"})
    os.symlink(folder / "parts" / "more.rules", folder / "alias.rules")
    game = load_game(str(folder))
    assert game.compiled.kind_names["card"] == ["Ace"]


def test_a_variant_extends_its_game_and_includes_its_files(tmp_path):
    folder = write(tmp_path, HEAD + TURN, **{
        "shared.txt": "define bonus: int = 2\n",
        "variants/by_folder.rules": 'extends ".."\ninclude "../shared.txt"\nreplace var x: int = 3\n',
        "variants/by_file.rules": 'extends "../game.rules"\nreplace var x: int = 4\n'})
    for variant, value in (("by_folder", 3), ("by_file", 4)):
        state = load_game(str(folder), variant).new_state()
        assert state.view(0)["variables"]["x"] == value


def test_a_single_rules_file_reads_the_files_beside_it_and_nothing_above(tmp_path):
    (tmp_path / "outside.rules").write_text("define secret: int = 1\n")
    inner = tmp_path / "inner"
    inner.mkdir()
    (inner / "beside.rules").write_text("define beside: int = 1\n")
    game = inner / "one.rules"
    game.write_text(HEAD + 'include "beside.rules"\n' + TURN)
    load_game(str(game))
    game.write_text(HEAD + 'include "../outside.rules"\n' + TURN)
    assert codes(game) == [("E018", 5)]
    assert codes(game, "calm") == [("E016", 0)]          # a single file has no variants


def test_a_rulebook_folder_reached_through_a_link_loads(tmp_path):
    folder = write(tmp_path, HEAD + 'include "more.txt"\n' + TURN, **{"more.txt": "define more: int = 1\n"})
    os.symlink(folder, tmp_path / "linked")
    load_game(str(tmp_path / "linked"))


@pytest.mark.parametrize("game, code", [("nowhere", "E001"), ("bad\0name", "E001"), ("../rulebooks", "E001")])
def test_a_game_name_that_names_no_rulebook_is_refused(tmp_path, monkeypatch, game, code):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RulebookError) as e:
        find_rulebook(game)
    assert [d.code for d in e.value.diagnostics] == [code]


def test_a_game_that_is_a_file_but_not_a_rules_file_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text(HEAD + TURN)
    (tmp_path / "notes.rules").symlink_to(tmp_path / "notes.txt")
    for name in ("notes.txt", "notes.rules"):
        with pytest.raises(RulebookError) as e:
            find_rulebook(str(tmp_path / name))
        assert [d.code for d in e.value.diagnostics] == ["E002"]
    assert find_rulebook("taboo_atoll_express").is_dir()     # a bundled rulebook by its name
