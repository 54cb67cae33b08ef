"""Rulebooks written inline in a test: a small helper shared by the tests of single constructs.

`game(tmp_path, RULES, **files)` writes RULES as game.rules (plus any other files, by name with
`/` for folders) into a fresh folder and loads it; `diagnostics(...)` returns what checking it
reports instead; `same_after_reload(game, state, play)` checks that a state saved and loaded
plays on exactly as the original; `edited(tmp_path, book, old, new)` copies a rulebook folder
with one replacement in its game.rules. Indentation common to every line of RULES is removed, so a test may indent it.
`CELL_GRID` and `CELLS` are a small board: a kind of cells on a grid, and its data, a 2x2 square.
"""
import shutil
import textwrap
from pathlib import Path

from tabletop.dsl.diagnostics import RulebookError
from tabletop.interpreter.api import load_game


CELL_GRID = """
kind cell from "cells.yaml":
    name: text
    row: int
    col: int
grid cell at row, col
"""
CELLS = {"cells.yaml": "cells:\n" + "".join(f"  - {{name: {n}, row: {r}, col: {c}}}\n"
                                             for n, r, c in (("a", 0, 0), ("b", 0, 1), ("c", 1, 0), ("d", 1, 1)))}


def write(tmp_path: Path, rules: str, **files: str) -> Path:
    folder = tmp_path / "book"
    folder.mkdir(exist_ok=True)
    (folder / "game.rules").write_text(textwrap.dedent(rules).lstrip("\n"))
    for name, text in files.items():
        path = folder / name.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
    return folder


def game(tmp_path: Path, rules: str, variant: str | None = None, **files: str):
    return load_game(str(write(tmp_path, rules, **files)), variant=variant)


def diagnostics(tmp_path: Path, rules: str, variant: str | None = None, **files: str) -> list:
    try:
        g = game(tmp_path, rules, variant, **files)
    except RulebookError as e:
        return list(e.diagnostics)
    return list(g.warnings)


def edited(tmp_path: Path, book: Path, old: str, new: str) -> Path:
    """A copy of the rulebook folder `book` in `tmp_path` with the first `old` of its game.rules
    replaced by `new` (which must be there)."""
    folder = tmp_path / book.name
    shutil.copytree(book, folder)
    rules = folder / "game.rules"
    text = rules.read_text()
    assert old in text, old
    rules.write_text(text.replace(old, new, 1))
    return folder


def same_after_reload(g, state, play) -> None:
    """Save `state` and load it back, let `play(s)` make the same moves in both, and check that the
    two end in the same state."""
    again = g.load_state(state.to_json())
    for s in (state, again):
        play(s)
    assert state.to_json() == again.to_json()
