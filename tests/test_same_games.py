"""The same seed gives the same game, for every bundled rulebook, variant and player count, as
when the fingerprints in tests/data/same_games.json were written (see tests/same_games.py): the
engine's speed work must not change any game."""
import json

import pytest

from same_games import FILE, SEEDS, configs, fingerprint

KNOWN = json.loads(FILE.read_text())
CONFIGS = list(configs())


@pytest.mark.parametrize("name, game, players", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_seeded_games_are_the_same_as_before(name, game, players):
    assert name in KNOWN, f"no fingerprints for {name}: run python tests/same_games.py and commit them"
    assert [fingerprint(game, players, s) for s in SEEDS] == KNOWN[name]


def test_every_fingerprint_is_of_a_bundled_game():
    assert set(KNOWN) == {c[0] for c in CONFIGS}
