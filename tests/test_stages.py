"""Stages that end from anywhere: `stage NAME:`, `end NAME` and `end turn` from any depth (inside
a reaction inside a rule inside a turn), the `play:` section, and `take turns from P`. The
simple form (setup, turn, round) is covered by every other rulebook's tests."""
import pytest

from inline import diagnostics, game, same_after_reload
from tabletop.interpreter.api import RuleError

# A match of hands. In each hand the players take turns from the hand's leader; a player who
# picks "Dig 3" sets off a chain: a rule signals an event, the reaction to it calls a rule, and
# that rule ends the hand from there. Nothing after the `end hand` may run.
MATCH = '''
    game "Digging"
    players 2 to 3
    player var points: int = 0
    var hands: int = 0
    var after_end: int = 0
    var leader: player = none

    play:
        while true:
            hand()
            say "Hand {hands} is scored."
            if hands >= 3:
                end game "Three hands."

    stage hand:
        hands += 1
        leader = players[hands % player_count]
        take turns from leader
        after_end += 100

    turn:
        choose n from [1, 2, 3] labelled "Dig {n}"
        dig(n)
        after_end += 10

    event collapse(digger: player)
    reaction shore on collapse(digger) by p if p != digger and count([q for q in players if q.points > 0]) >= 0 labelled "Shout a warning":
        cave_in(digger)
        after_end += 1

    rule cave_in(p: player):
        end hand "The tunnel collapses on {p}."
        after_end += 1000

    rule dig(n: int):
        if n == 3:
            signal collapse(current)
            after_end += 1
        current.points += n

    round:
        say "Round over."

    define score(p: player): int = p.points
'''


def test_end_stage_from_a_reaction_inside_a_rule_inside_a_turn_skips_the_rest(tmp_path):
    g = game(tmp_path, MATCH)
    s = g.new_state(players=2, seed=1)
    assert s.current_player == 1                 # hand 1 is led by players[1]
    s.apply_label("Dig 1")                       # Player 2 digs 1
    s.apply_label("Dig 3")                       # Player 1 digs 3: the collapse is signalled
    assert s.pending.kind == "reaction" and s.pending.players == [1]
    s.apply_label("Shout a warning")             # Player 2 reacts; the reaction ends the hand
    assert s.log[-2:] == ["The tunnel collapses on Player 1.", "Hand 1 is scored."]
    assert s.current_player == 0 and s.pending.options == ["Dig 1", "Dig 2", "Dig 3"]   # hand 2's leader
    view = s.view(None)["variables"]
    # Only the finished turn (10) counted; the reaction, the rules, the turn and the stage stopped.
    assert view["after_end"] == 10 and view["hands"] == 2
    assert [p["points"] for p in s.view(None)["players"]] == [0, 1]


def test_a_declined_reaction_lets_the_turn_go_on(tmp_path):
    s = game(tmp_path, MATCH).new_state(players=2, seed=1)
    s.apply_label("Dig 2")
    s.apply_label("Dig 3")
    s.apply_label("Don't react")
    assert s.view(None)["variables"]["after_end"] == 10 + 1 + 10
    assert s.log[-1] == "Round over."


def test_the_match_ends_and_a_saved_game_mid_stage_goes_on_identically(tmp_path):
    g = game(tmp_path, MATCH)
    s = g.new_state(players=3, seed=4)
    s.apply_label("Dig 2")
    def to_the_end(state):
        while not state.is_over:
            labels = state.options()
            state.apply(labels.index("Shout a warning") if "Shout a warning" in labels else labels.index("Dig 3"))
    same_after_reload(g, s, to_the_end)
    assert s.result.reason == "Three hands."
    # Hand 1 is led by Player 2, who dug 2 before the save; hands 2 and 3 by Players 3 and 1.
    assert s.log == ["The tunnel collapses on Player 3.", "Hand 1 is scored.", "The tunnel collapses on Player 3.",
                     "Hand 2 is scored.", "The tunnel collapses on Player 1.", "Hand 3 is scored.",
                     "The game is over: Three hands."]


def test_take_turns_from_reads_its_player_again_at_each_round(tmp_path):
    g = game(tmp_path, '''
        game "Leaders"
        players 3
        var leader: player = none
        var seen: list of player = []
        setup:
            leader = players[2]
        play:
            take turns from leader
        turn:
            add current to seen
            pass_on()
        rule pass_on:
            if count(seen) == 3:
                leader = players[1]
            if count(seen) == 6:
                end game "Two rounds."
        define score(p: player): int = 0
    ''')
    s = g.new_state(players=3, seed=0)
    assert s.view(None)["variables"]["seen"] == [2, 0, 1, 1, 2, 0]


def test_end_turn_leaves_the_turn_from_inside_a_loop_and_the_next_player_plays(tmp_path):
    g = game(tmp_path, '''
        game "Short turns"
        players 2
        player var steps: int = 0
        turn:
            if turn_number > 4:
                end game "Four turns."
            repeat 5 times:
                current.steps += 1
                if current.steps % 2 == 0:
                    end turn "{current} stops."
            say "never reached"
        define score(p: player): int = p.steps
    ''')
    s = g.new_state(players=2, seed=0)
    assert s.is_over and s.scores() == [4, 4]
    assert s.log == ["Player 1 stops.", "Player 2 stops.", "Player 1 stops.", "Player 2 stops.", "The game is over: Four turns."]


# (A play section that finishes on every way through is refused by the checker, E404; one that
# may end the game, only warned of, W118.)
FORGETFUL = '''
    game "Forgetful"
    players 1
    play:
        say "One thing happens."
        if player_count > 5:
            end game
    rule never:
        end game
    define score(p: player): int = 0
'''
TOO_EARLY = '''
    game "Too early"
    players 1
    play:
        finish()
        hand()
    stage hand:
        end game
    rule finish:
        end hand "over"
    define score(p: player): int = 0
'''


@pytest.mark.parametrize("rules, message, line", [
    (FORGETFUL, "play section is over, but nothing said 'end game'", 3),
    (TOO_EARLY, "'end hand' is used, but no hand is under way", 9),
], ids=["a play section that returns", "ending a stage that is not running"])
def test_rule_errors_of_the_turn_structure_name_their_line(tmp_path, rules, message, line):
    with pytest.raises(RuleError, match=message) as e:
        game(tmp_path, rules).new_state(players=1, seed=0)
    assert e.value.span.line == line


def test_the_checker_knows_what_end_can_end(tmp_path):
    found = diagnostics(tmp_path, '''
        game "Ends"
        players 2
        stage turn:
            pass
        rule hand:
            end hand
            end round
            end hnd
        stage hnd:
            hand()
        play:
            hnd()
            take turns
            end turn
            end game
        define score(p: player): int = 0
    ''')
    errors = sorted((d.code, d.span.line, d.message, d.hint) for d in found if d.severity == "error")
    assert [(code, line) for code, line, _, _ in errors] == [
        ("E201", 6), ("E201", 7), ("E202", 3), ("E403", 13), ("E403", 14)]
    assert "'hand' is a rule" in errors[0][3]
    assert errors[2][2] == "A stage cannot be called 'turn': 'end turn' would mean the turn section."
    assert "'take turns' plays the 'turn' section" in errors[3][2]


def test_a_saved_state_with_a_forged_turn_order_or_reaction_offer_is_refused(tmp_path):
    from tabletop.interpreter.api import SaveError
    g = game(tmp_path, MATCH)
    s = g.new_state(players=2, seed=1)
    s.apply_label("Dig 1")
    s.apply_label("Dig 3")                       # a reaction offer is pending
    kinds = [g.compiled.blocks[f[0]].kind for f in s.to_json()["stack"]]
    assert "turns" in kinds and kinds[-1] == "signal"
    for kind, forged, message in (("turns", {"seat": 7, "leader": 0}, "its turn order does not match"),
                                  ("signal", {"event": "nothing", "args": [], "i": 0, "reacted": False},
                                   "its reactions in progress do not match")):
        data = s.to_json()
        for frame in data["stack"]:
            if g.compiled.blocks[frame[0]].kind == kind:
                frame[3] = forged
        with pytest.raises(SaveError, match=message):
            g.load_state(data)
