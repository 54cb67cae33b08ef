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


def one_of_each_rulebook():
    """The first player count of each rulebook and variant: (name, game, players)."""
    seen = set()
    for name, game, players in CONFIGS:
        book = name.rsplit("-", 1)[0]
        if book not in seen:
            seen.add(book)
            yield name, game, players


def test_the_closures_alone_play_the_same_games(monkeypatch):
    """With no Python source generated at all (every expression, definition and statement left to
    the closures of compiler.py and the machine's own steps), the games are the same: the
    generated code is a faster path to the same game, never another game."""
    from tabletop.interpreter import codegen
    from tabletop.interpreter.api import load_game
    monkeypatch.setattr(codegen, "_compiled", lambda *args: None)
    for name, game, players in one_of_each_rulebook():     # one player count of each keeps it quick
        slow = load_game(game.path, game.variant)
        assert not any(hasattr(f, "source") for f in slow.compiled.fast.values())
        assert [fingerprint(slow, players, s) for s in SEEDS] == KNOWN[name], name


def test_the_state_at_every_decision_is_the_same_with_the_closures_alone(monkeypatch):
    """Not only the end: at each decision the whole state (the rules' variables left by listing
    the options, the frames, the pending decision) is what the closures alone make, so a game
    saved by either is loaded by the other. (Smackatoa is left out: there a comprehension's item
    stays among a rule's variables after the closures, not after the generated code, a value
    nothing reads again.)"""
    from tabletop.interpreter import codegen
    from tabletop.interpreter.api import load_game
    from tabletop.interpreter.bots import bot_move, make_bot
    books = [("taboo_atoll_express", 1), ("smores_galore", 3), ("abatteroxie", 3)]
    fast = [load_game(name) for name, _ in books]
    monkeypatch.setattr(codegen, "_compiled", lambda *args: None)
    for (name, players), quick in zip(books, fast):
        slow = load_game(name)
        a, b = quick.new_state(players=players, seed=5), slow.new_state(players=players, seed=5)
        bot = make_bot("random", 7)
        for _ in range(150):
            assert a.to_json() == b.to_json(), name
            if a.is_over:
                break
            move = bot_move(bot, a, a.pending.players[0])
            a.apply(move.index, seat=move.seat, time=move.time)
            b.apply(move.index, seat=move.seat, time=move.time)


def test_the_dice_in_python_alone_play_the_same_games(monkeypatch):
    """With the C generator turned off (rng.py's own below and shuffle), the games are the same:
    _splitmix.c is a faster path to the same dice. One player count of each rulebook and variant."""
    from tabletop.interpreter import rng
    monkeypatch.setattr(rng, "below", rng.python_below)
    monkeypatch.setattr(rng, "shuffle", rng.python_shuffle)
    for name, game, players in one_of_each_rulebook():
        assert [fingerprint(game, players, s) for s in SEEDS] == KNOWN[name], name
