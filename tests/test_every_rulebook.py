"""Every bundled rulebook, with each of its variants, at every player count: it checks clean and
seeded random games of it finish without a rule error. New rulebooks are covered as they land.

The quick suite plays a few games of each; `--soak` plays many more (marked `soak`).
"""
from pathlib import Path

import pytest

from tabletop.interpreter.api import load_game
from tabletop.interpreter.simulate import simulate

RULEBOOKS = Path(__file__).resolve().parent.parent / "rulebooks"


def _cases():
    for folder in sorted(p for p in RULEBOOKS.iterdir() if (p / "game.rules").exists()):
        variants = [None] + sorted(v.stem for v in (folder / "variants").glob("*.rules"))
        for variant in variants:
            game = load_game(str(folder), variant=variant)
            for players in range(game.min_players, game.max_players + 1):
                yield pytest.param(folder.name, variant, players,
                                   id=f"{folder.name}{'+' + variant if variant else ''}-{players}p")


CASES = list(_cases())


@pytest.mark.parametrize("name, variant, players", CASES)
def test_random_games_finish(name, variant, players):
    game = load_game(str(RULEBOOKS / name), variant=variant)
    stats = simulate(game, 3, seed=20261122, players=players, max_decisions=20_000)
    assert stats["errors"] == 0, stats["error_messages"]
    assert stats["finished"] == 3


@pytest.mark.soak
@pytest.mark.parametrize("name, variant, players", CASES)
def test_many_random_games_finish(name, variant, players, soak_scale):
    game = load_game(str(RULEBOOKS / name), variant=variant)
    stats = simulate(game, 20 * soak_scale, seed=7, players=players, max_decisions=50_000)
    assert stats["errors"] == 0, stats["error_messages"]
