"""Bots: seeded, independent of the global generator, always answering with a legal index; each
answer a function of the bot's kind, parameters, seed and the position, so a save can hold a bot."""
import random

import pytest

import fake_game
from tabletop.interpreter.bots import FirstBot, RandomBot, Seat, bot_move, make_bot, parse_kind


def counting_state(variant=None, players=2):
    return fake_game.load_game("counting", variant=variant).new_state(players=players, seed=3)


def positions(n, variant=None):
    """n positions of the same game, after 0, 1, ... n - 1 decisions (the counter kept at 0)."""
    states = []
    for k in range(n):
        state = counting_state(variant)
        state.d["decisions"] = k
        states.append(state)
    return states


def choices(bot, state=None, n=50):
    return [bot.choose(s, 0) for s in positions(n)]


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
    picked = choices(RandomBot(0), n=300)     # counter 0 is even: three options
    assert set(picked) == {0, 1, 2}
    assert 60 < picked.count(0) < 140


def test_random_reaction_times_lie_between_0_3_and_1_5_seconds():
    bot = RandomBot(4)
    times = [bot.reaction_time(s, 0) for s in positions(200)]
    assert all(0.3 <= t <= 1.5 for t in times)
    assert max(times) - min(times) > 0.5


def test_a_bot_answers_the_same_position_the_same_way_whenever_it_is_asked():
    bot = make_bot("random", 11)
    first = choices(bot, n=40)
    again = make_bot("random", 11)      # a bot made afresh, as after loading a save
    assert choices(again, n=40) == first
    assert [bot.choose(s, 1) for s in positions(40)] != first   # another seat draws apart


def test_the_option_and_the_reaction_time_are_drawn_apart():
    bot = RandomBot(2)
    states = positions(100, "timed")
    picks = [bot.choose(s, 0) for s in states]
    times = [bot.reaction_time(s, 0) for s in states]
    fast = [p for p, t in zip(picks, times) if t < 0.9]
    slow = [p for p, t in zip(picks, times) if t >= 0.9]
    assert len(set(fast)) > 1 and len(set(slow)) > 1


def test_bot_parameters_are_read_from_text_and_checked():
    bot = make_bot("first", 3, {"patience": "5"})
    assert bot.patience == 5
    with pytest.raises(ValueError, match="The first bot has no parameter 'skill'; its parameters are patience"):
        make_bot("first", 3, {"skill": "0.7"})
    with pytest.raises(ValueError, match="The random bot has no parameter 'x'; it takes none"):
        make_bot("random", 3, {"x": "1"})
    with pytest.raises(ValueError, match="first bot's patience is a whole number of 0 or more, not 'soon'"):
        make_bot("first", 3, {"patience": "soon"})


@pytest.mark.parametrize("kind, params, words", [
    ("first", {"patience": "x"}, "The first bot's patience is a whole number of 0 or more, not 'x'."),
    ("first", {"patience": "-4"}, "The first bot's patience is a whole number of 0 or more, not '-4'."),
    ("first", {"patience": "1.5"}, "The first bot's patience is a whole number of 0 or more, not '1.5'."),
    ("first", {"patience": "9" * 5000}, "The first bot's patience is a whole number of at most 15 digits, not '999"),
    ("racer", {"skill": "nan"}, "The racer bot's skill is a number from 0 (slow) to 1 (quick), not 'nan'."),
    ("racer", {"skill": "1e400"}, "The racer bot's skill is a number from 0 (slow) to 1 (quick), not '1e400'."),
    ("racer", {"skill": "2"}, "The racer bot's skill is a number from 0 (slow) to 1 (quick), not '2'."),
    ("racer", {"skill": "a\0b"}, "The racer bot's skill is a number from 0 (slow) to 1 (quick), not 'a\u2400b'."),
    ("first", {"patience": "\u0663"}, "The first bot's patience is a whole number of 0 or more, not '\u0663'."),   # not too long
])
def test_a_parameter_of_the_wrong_kind_is_said_in_the_bots_words(kind, params, words):
    """Python's own words ("invalid literal for int() with base 10") never reach the person; what
    they typed is quoted at most 80 characters long, a NUL shown as a picture."""
    with pytest.raises(ValueError) as e:
        make_bot(kind, 3, params)
    message = str(e.value)
    assert message.startswith(words) and "int()" not in message and "literal" not in message
    assert len(message) < 200 and "\0" not in message


def test_a_parameter_read_well_keeps_its_value():
    assert make_bot("first", 3, {"patience": " 50 "}).patience == 50
    assert make_bot("first", 3, {"patience": 50}).patience == 50
    assert make_bot("racer", 3, {"skill": "0.25"}).skill == 0.25
    assert make_bot("racer", 3, {"skill": ".5"}).skill == 0.5
    assert make_bot("racer", 3, {"skill": "1"}).skill == 1.0


def test_a_seat_kind_with_parameters_is_parsed_as_typed():
    assert parse_kind("first:patience=50") == ("first", {"patience": "50"})
    assert parse_kind("random") == ("random", {})
    assert Seat("first", {"patience": "50"}, 9).describe() == "first:patience=50"
    seat = Seat("first", {"patience": "50"}, 9)
    assert Seat.from_json(seat.to_json()) == seat
    for bad, message in [("first:patience", "not KEY=VALUE"), ("human:x=1", "takes no parameters"),
                         ("genius", "no bot called 'genius'"),
                         # the last of two values quietly won, as a repeated --option must not
                         ("racer:skill=0.5,skill=0.7", "The parameter skill is given twice, as '0.5' and as '0.7'")]:
        with pytest.raises(ValueError, match=message):
            parse_kind(bad)


def test_the_first_bot_loses_patience_and_finishes_a_game_that_would_never_end():
    """'Wait' is always the first option of the endless variant: taking it for ever never ends
    anything. After `patience` decisions the bot answers at random and says why."""
    bot = make_bot("first", 1, {"patience": "10"})
    early, late = positions(10), positions(60)[10:]
    assert [bot.choose(s, 0) for s in early] == [0] * 10
    assert len({bot.choose(s, 0) for s in late}) > 1
    assert bot.finding(early[-1]) is None
    assert "had not ended the game after 10 decisions" in bot.finding(late[-1])


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
    with pytest.raises(ValueError, match="no bot called 'clever'.*first, lookahead, racer, random"):
        make_bot("clever", 0)


def test_a_racer_with_no_winning_answer_keeps_still_rather_than_pay(tmp_path):
    """When no option raises its score, a racer takes one that does not lower it: a wrong ring
    that costs points is not rung while keeping still is offered. (It plays on with everyone
    taking the first option, so keeping still is listed first.)"""
    import textwrap
    from tabletop.interpreter.api import load_game
    path = tmp_path / "bell.rules"
    path.write_text(textwrap.dedent("""
        game "Bell"
        players 2
        player var points: int = 10
        turn:
            secretly each p in players chooses a from [1, 2] labelled "{a}" timed as t:
                if a == 2:
                    p.points -= 1
            if turn_number >= 20:
                end game "Done."
        define score(p: player): int = p.points
    """).lstrip())
    game = load_game(str(path))
    answers = []
    for seed in range(12):
        racer = make_bot("racer", seed, {"skill": "1"})
        state = game.new_state(players=2, seed=seed)
        answers.append(state.options(0)[racer.choose(state, 0)])
    assert set(answers) == {"1"}
