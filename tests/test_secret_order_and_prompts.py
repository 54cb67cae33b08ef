"""A secret choice's and a reaction's own prompt; the reveal in the order of the players' list;
races compared in the milliseconds the rules see, ties in that order; `players_from`."""
import pytest

from inline import game
from tabletop.interpreter.api import RuleError

RACE = '''
    game "Race"
    players 2 to 4
    var leader: player = none
    var winner: player = none
    var order: list of player = []
    setup:
        leader = players[2]
    turn:
        secretly each p in players_from(leader) chooses n from [1, 2] labelled "Tap {n}" prompt "{p}, smack it!" timed as t:
            add p to order
            if winner == none:
                winner = p
        end game
    define score(p: player): int = if p == winner then 1 else 0
'''


def test_players_from_and_the_reveal_in_the_lists_order(tmp_path):
    s = game(tmp_path, RACE).new_state(players=4, seed=1)
    assert s.pending.players == [2, 3, 0, 1]
    assert s.prompt(3) == "Player 4, smack it!" and s.pending.prompt == "Player 3, smack it!"
    for seat in (0, 1, 2, 3):
        s.apply(0, seat=seat, time=0.5)
    assert s.result.winners == [2]
    order = s.data["globals"][s.game.compiled.global_names.index("order")]
    assert order == [2, 3, 0, 1]


def test_each_seat_sees_only_its_own_prompt_of_a_secret_choice(tmp_path):
    """A seat's prompt may name what only that seat knows (its hand): another seat's view, and a
    spectator's, never show it; a prompt the same for every seat is shown to all."""
    s = game(tmp_path, RACE).new_state(players=3, seed=1)
    assert s.view(0)["pending"]["prompt"] == "Player 1, smack it!"
    assert s.view(1)["pending"]["prompt"] == "Player 2, smack it!"
    assert s.view(None)["pending"]["prompt"] == "Choose in secret"
    s.apply(0, seat=2, time=0.3)
    assert s.view(2)["pending"]["prompt"] == "Player 3, smack it!"      # its own, answered
    assert s.view(None)["pending"]["prompt"] == "Choose in secret"
    (tmp_path / "same").mkdir()
    same = game(tmp_path / "same", RACE.replace('prompt "{p}, smack it!"', 'prompt "Smack it!"'))
    t = same.new_state(players=3, seed=1)
    assert t.view(None)["pending"]["prompt"] == t.view(1)["pending"]["prompt"] == "Smack it!"


def test_equal_times_at_the_precision_the_rules_see_go_in_the_lists_order(tmp_path):
    s = game(tmp_path, RACE).new_state(players=3, seed=1)
    s.apply(0, seat=0, time=0.2001)    # 200 ms, as the rules see it
    s.apply(0, seat=2, time=0.2004)    # 200 ms too; Player 3 leads the list
    s.apply(0, seat=1, time=0.3)
    assert s.result.winners == [2]


def test_a_faster_time_wins_whatever_the_order(tmp_path):
    s = game(tmp_path, RACE).new_state(players=3, seed=1)
    s.apply(0, seat=2, time=0.25)
    s.apply(0, seat=1, time=0.249)
    s.apply(0, seat=0, time=0.9)
    assert s.result.winners == [1]


def test_a_reaction_asks_its_own_prompt(tmp_path):
    s = game(tmp_path, '''
        game "Zap"
        players 3
        event discarding_all(victim: player)
        player var saved: bool = false
        reaction voodoo on discarding_all(victim) by p if p != victim and not victim.saved labelled "Play Voodoo on {victim}" prompt "{victim} is about to discard their last cards: play Voodoo?":
            victim.saved = true
        turn:
            signal discarding_all(current)
            end game
        define score(p: player): int = if p.saved then 1 else 0
    ''').new_state(players=3, seed=1)
    assert s.pending.players == [1]
    assert s.pending.prompt == "Player 1 is about to discard their last cards: play Voodoo?"
    assert s.options() == ["Play Voodoo on Player 1", "Don't react"]
    # The question names the card behind it: the seats not asked read "React?", as in their views.
    assert s.prompt(0) == s.prompt(2) == s.view(0)["pending"]["prompt"] == "React?"
    s.apply(0)
    assert s.result.winners == [0]


LUCKY = '''
    game "Lucky"
    players 3
    die d6: 1 to 6
    event dropped(victim: player)
    reaction catch on dropped(victim) by p if p != victim and CONDITION labelled "Catch it" prompt "Catch?":
        pass
    turn:
        signal dropped(current)
        end game
    define score(p: player): int = 0
'''


def test_a_reaction_whose_condition_rolls_is_asked_once_per_seat(tmp_path):
    """A reaction is first asked of each seat through its generated test, and asked again when it
    may be open; one whose condition rolls a die must not be: each seat rolls once, as the rules
    say, whatever the rolls."""
    for seed in range(8):
        s = game(tmp_path, LUCKY.replace("CONDITION", "roll(d6) == 7")).new_state(players=3, seed=seed)
        assert s.is_over and [die for die, _ in s.rolls] == ["d6", "d6"], "Players 2 and 3 roll once each"
        (tmp_path / "held").mkdir(exist_ok=True)
        held = game(tmp_path / "held", LUCKY.replace("CONDITION", "roll(d6) > 3")).new_state(players=3, seed=seed)
        rolled = len(held.rolls)
        assert 1 <= rolled <= 2 and (held.is_over or held.pending.players in ([1], [2]))


def test_a_seat_with_nothing_open_is_passed_and_one_with_something_is_asked(tmp_path):
    s = game(tmp_path, LUCKY.replace("CONDITION", "p == next_player(next_player(victim))")).new_state(players=3, seed=1)
    assert s.pending.players == [2] and s.options() == ["Catch it", "Don't react"]
    (tmp_path / "nobody").mkdir()
    nobody = game(tmp_path / "nobody", LUCKY.replace("CONDITION", "p == victim")).new_state(players=3, seed=1)
    assert nobody.is_over


def test_a_player_twice_in_a_secret_choice_is_a_rule_error(tmp_path):
    """The block runs "once per player ... in the order of the list": a player listed twice is a
    mistake of the rules, not a second answer."""
    g = game(tmp_path, RACE.replace("players_from(leader)", "[leader, leader] + players"))
    with pytest.raises(RuleError, match="Player 3 is twice in the list of players who choose in secret"):
        g.new_state(players=3, seed=1)
