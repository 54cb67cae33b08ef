"""The bundled rulebooks, each with each of its variants, loaded once in a process: several test
modules make their parametrized cases from them when they are collected (in every worker), and
their tests play the same games. A new rulebook or variant is found, not listed."""
from __future__ import annotations

from functools import cache
from pathlib import Path

from tabletop.interpreter.api import Game, load_game

RULEBOOKS = Path(__file__).resolve().parent.parent / "rulebooks"


@cache
def bundled() -> tuple[tuple[Path, str | None, Game], ...]:
    """(folder, variant or None, the game loaded) of every bundled rulebook and variant, by name."""
    return tuple((folder, variant, load_game(str(folder), variant=variant))
                 for folder in sorted(p for p in RULEBOOKS.iterdir() if (p / "game.rules").exists())
                 for variant in [None] + sorted(v.stem for v in (folder / "variants").glob("*.rules")))


def bundled_game(name: str, variant: str | None = None) -> Game:
    """The game `bundled` loaded for the rulebook `name` and its `variant`."""
    return next(game for folder, v, game in bundled() if folder.name == name and v == variant)
