"""Bots: seeded, independent of the global generator, always answering with a legal index."""
import random

import pytest

import fake_game
from tabletop.interpreter.bots import FirstBot, RandomBot, bot_move, make_bot


def counting_state(variant=None, players=2):
    return fake_game.load_game("counting", variant=variant).new_state(players=players, seed=3)


def choices(bot, state, n=50):
    return [bot.choose(state, 0) for _ in range(n)]


def test_random_bot_is_reproducible_from_its_seed_alone():
    state = counting_state()
    random.seed(1)
    first = choices(make_bot("random", 7), state)
    random.seed(2)
    second = choices(make_bot("random", 7), state)
    assert first == second
    assert choices(make_bot("random", 8), state) != first


def test_random_bot_does_not_touch_the_global_generator():
    random.seed(5)
    expected = random.random()
    random.seed(5)
    bot = make_bot("random", 1)
    choices(bot, counting_state())
    bot.reaction_time(counting_state(), 0)
    assert random.random() == expected


def test_random_bot_uses_every_option_and_only_legal_indices():
    state = counting_state()   # counter 0 is even: three options
    picked = choices(RandomBot(0), state, 300)
    assert set(picked) == {0, 1, 2}


def test_random_reaction_times_lie_between_0_3_and_1_5_seconds():
    bot = RandomBot(4)
    times = [bot.reaction_time(counting_state(), 0) for _ in range(200)]
    assert all(0.3 <= t <= 1.5 for t in times)
    assert max(times) - min(times) > 0.5


def test_first_bot_always_takes_option_zero():
    bot = make_bot("first", 99)
    assert isinstance(bot, FirstBot)
    assert choices(bot, counting_state(), 5) == [0] * 5


def test_bot_move_gives_a_time_only_for_timed_decisions():
    bot = RandomBot(0)
    assert bot_move(bot, counting_state(), 0).time is None
    timed = bot_move(bot, counting_state("timed"), 0)
    assert 0.3 <= timed.time <= 1.5


def test_an_unknown_bot_name_is_refused_with_the_known_names():
    with pytest.raises(ValueError, match="no bot called 'clever'.*first, random"):
        make_bot("clever", 0)
