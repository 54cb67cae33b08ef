"""The benchmark's yardstick stays in step with the rulebook (issue 9): the hand-written Taboo
Atoll Express (`baseline_taboo.py`) plays games as long as the engine plays the rulebook's.

The two draw from different random generators, so single games differ; over many seeds the
mean number of decisions a game must agree. A rule the baseline skips or adds (another flood a
turn, a search without its second die) moves that mean by far more than the tolerance.
"""
import random
import statistics
from pathlib import Path

from baseline_taboo import play
from tabletop.interpreter.api import load_game

TABOO = Path(__file__).resolve().parent.parent / "rulebooks" / "taboo_atoll_express"
GAMES = 1000


def engine_decisions(seed: int, g) -> int:
    s, rnd, n = g.new_state(seed=seed), random.Random(seed), 0
    while not s.is_over:
        s.apply(rnd.randrange(len(s.options(0))), 0)
        n += 1
    return n


def test_the_hand_written_taboo_plays_games_as_long_as_the_rulebooks():
    g = load_game(str(TABOO))
    engine = [engine_decisions(seed, g) for seed in range(GAMES)]
    hand = [play(seed) for seed in range(GAMES)]
    # A game lasts about 22 decisions, spread by about 11: the means of 1,000 games each differ by
    # about 0.5 by chance, and 2 is four times that.
    assert abs(statistics.mean(engine) - statistics.mean(hand)) < 2.0, (statistics.mean(engine), statistics.mean(hand))
    assert min(hand) >= 1 and max(hand) < 400
