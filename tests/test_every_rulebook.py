"""Every bundled rulebook, with each of its variants, at every player count: it checks clean and
seeded random games of it finish without a rule error. New rulebooks are covered as they land.

The quick suite plays a few games of each; `--soak` plays many more (marked `soak`).
"""
import pytest

from bundled import bundled, bundled_game
from tabletop.interpreter.simulate import simulate


def _cases():
    for folder, variant, game in bundled():
        for players in range(game.min_players, game.max_players + 1):
            yield pytest.param(folder.name, variant, players,
                               id=f"{folder.name}{'+' + variant if variant else ''}-{players}p")


CASES = list(_cases())


@pytest.mark.parametrize("name, variant, players", CASES)
def test_random_games_finish(name, variant, players):
    game = bundled_game(name, variant)
    stats = simulate(game, 3, seed=20261122, players=players, max_decisions=20_000)
    assert stats["errors"] == 0, stats["error_messages"]
    assert stats["finished"] == 3


@pytest.mark.soak
@pytest.mark.parametrize("name, variant, players", CASES)
def test_many_random_games_finish(name, variant, players, soak_scale):
    game = bundled_game(name, variant)
    stats = simulate(game, 20 * soak_scale, seed=7, players=players, max_decisions=50_000)
    assert stats["errors"] == 0, stats["error_messages"]
