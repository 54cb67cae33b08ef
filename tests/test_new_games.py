"""The games written in the language to prove it general (tests/games/tricks, auction, market:
a trick-taking game, a blind auction, a race with a shared market), and the gaps in the language
they found. Their scenarios run in test_scenarios.py (every folder under tests/games); here each
checks clean, is in the house layout and plays seeded random games at every player count, and
each gap they showed has its own test. This file must not hold game rules of its own beyond the
smallest rulebook that shows a gap.
"""
from pathlib import Path

import pytest

from inline import diagnostics
from tabletop.dsl import formatter
from tabletop.interpreter.api import load_game
from tabletop.interpreter.simulate import simulate

GAMES = Path(__file__).parent / "games"
NEW = ["tricks", "auction", "market"]


@pytest.mark.parametrize("name", NEW)
def test_each_new_game_checks_clean_and_is_formatted(name):
    game = load_game(str(GAMES / name))
    assert list(game.warnings) == []
    for path in sorted((GAMES / name).glob("*.rules")):
        text = path.read_text()
        assert formatter.format_text(text, str(path)) == text, f"{path.name} is not in the house layout"


@pytest.mark.parametrize("name", NEW)
def test_each_new_game_plays_random_games_at_every_player_count(name):
    # a few here, for speed; the 200 a player count the brief asks for are run by hand:
    # tabletop simulate tests/games/NAME -n 200 --players N
    game = load_game(str(GAMES / name))
    for n in range(game.min_players, game.max_players + 1):
        stats = simulate(game, 4, seed=1, players=n)
        assert stats["errors"] == 0, stats["error_messages"]
        assert stats["finished"] == 4


RULES_CLASH = """
game "Clash"
players 2
option passing: left, no_pass = left
player zone passing: card, owner
kind card from "cards.yaml":
    name: text
turn:
    say "{count(current.passing)}"
    end game "done"
define score(p: player): int = 0
"""


def test_a_player_zone_refused_for_a_taken_name_is_told_once(tmp_path):
    # Writing Little Hearts: `option passing` and `player zone passing` gave the E202 and then
    # "A player has no 'passing'" (hint: "declare it with 'player zone'") at every use, though it was declared.
    found = diagnostics(tmp_path, RULES_CLASH, **{"cards.yaml": "cards:\n  - {name: A}\n"})
    assert [d.code for d in found] == ["E202"], found
    assert "'passing' is declared twice" in found[0].message
