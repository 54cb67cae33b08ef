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


def test_the_closures_alone_play_the_same_games(monkeypatch):
    """With no Python source generated at all (every expression, definition and statement left to
    the closures of compiler.py and the machine's own steps), the games are the same: the
    generated code is a faster path to the same game, never another game."""
    from tabletop.interpreter import codegen
    from tabletop.interpreter.api import load_game
    monkeypatch.setattr(codegen, "_compiled", lambda *args: None)
    seen = set()
    for name, game, players in CONFIGS:
        book = name.rsplit("-", 1)[0]
        if book in seen:          # one player count of each rulebook and variant keeps it quick
            continue
        seen.add(book)
        slow = load_game(game.path, game.variant)
        assert not any(hasattr(f, "source") for f in slow.compiled.fast.values())
        assert [fingerprint(slow, players, s) for s in SEEDS] == KNOWN[name], name
