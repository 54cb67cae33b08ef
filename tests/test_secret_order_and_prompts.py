"""A secret choice's and a reaction's own prompt; the reveal in the order of the players' list;
races compared in the milliseconds the rules see, ties in that order; `players_from`."""
from inline import game

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
    s.apply(0)
    assert s.result.winners == [0]
