"""Sides: a participant that scores and can win without a seat (Smackatoa!'s volcano). It has the
players' variables and zones, is not in `players`, never takes a turn or decides, and is reported
apart by `State.result`, `tabletop play` and `tabletop simulate`."""
import json
import subprocess
import sys

import pytest

from inline import game, write
from tabletop.interpreter.api import RuleError, SaveError
from tabletop.interpreter.simulate import simulate

# Each turn the player banks 1 to 3 points, feeds the house 2, or shares 2 with it; the first to
# 6 wins, the house wins ties with a player, and lighting the fuse means nobody wins.
RACE = '''
    game "House race"
    players 2 to 3
    side house
    player var points: int = 0
    player zone stash: token, owner
    kind token:
        name: text
    var boom: bool = false
    define everyone: list of player = players + [house]
    define top: int = max([p.points for p in everyone])
    define leaders: list of player = [p for p in everyone if p.points == top]
    define house_first(p: player): int = if p == house then 1 else 0

    turn:
        choose prompt "Your move":
            option "Bank {n}" for n in [1, 2, 3]:
                current.points += n
            option "Feed {house}":
                house.points += 2
            option "Share with {house}":
                current.points += 2
                house.points += 2
            option "Light the fuse":
                boom = true
                end game "Boom."
        if top >= 6:
            end game "{leaders} reached {top}."

    define score(p: player): int = p.points
    winners: if boom then [] else (if house in leaders then [house] else leaders)
'''


TIE = ["Feed house", "Bank 2", "Bank 1", "Share with house", "Bank 1", "Share with house"]


def play(s, labels):
    for label in labels:
        s.apply_label(label)
    return s


def test_a_side_has_the_players_variables_but_is_not_a_player(tmp_path):
    s = game(tmp_path, RACE).new_state(players=2, seed=0)
    assert s.players == 2 and s.game.sides == ["house"]
    assert s.pending.options[3] == "Feed house"      # shown in words
    play(s, ["Feed house", "Bank 1"])
    view = s.view(0)
    assert view["sides"] == {"house": {"points": 2, "stash": []}}
    assert [p["points"] for p in view["players"]] == [0, 1]


def test_the_side_wins_and_is_reported_apart(tmp_path):
    s = play(game(tmp_path, RACE).new_state(players=2, seed=0), TIE)
    r = s.result
    assert (r.winners, r.sides, r.scores, r.side_scores) == ([], ["house"], [2, 6], {"house": 6})
    assert not r.nobody_won and not r.shared     # a tie between the house and Player 2: the house wins


def test_a_shared_win_and_nobody_winning_are_told_apart(tmp_path):
    g = game(tmp_path, RACE.replace("then [house] else leaders", "then leaders else leaders"))
    shared = play(g.new_state(players=2, seed=0), TIE).result
    assert (shared.winners, shared.sides, shared.shared) == ([1], ["house"], True)
    nobody = play(g.new_state(players=2, seed=0), ["Light the fuse"]).result
    assert (nobody.winners, nobody.sides, nobody.nobody_won) == ([], [], True)


def test_a_ranking_ranks_the_sides_with_the_players(tmp_path):
    g = game(tmp_path, RACE.replace("winners: if boom then [] else (if house in leaders then [house] else leaders)",
                                    "winners: highest score, then highest house_first"))
    r = play(g.new_state(players=3, seed=0), ["Bank 2", "Feed house", "Bank 1", "Share with house",
                                             "Bank 1", "Bank 1", "Share with house"]).result
    assert r.scores == [6, 1, 2] and r.side_scores == {"house": 6}
    assert (r.winners, r.sides) == ([], ["house"])     # the house wins the tie with Player 1


def test_a_side_cannot_decide_or_have_a_seat_to_its_left(tmp_path):
    # (named as it is, `by house` or `next_player(house)` is refused by the checker: E301; through
    # a value, in play)
    for line, message in (("h = house\n                choose x from [1, 2] by h",
                           "'house' is a side, not a seat at the table, so it cannot decide"),
                          ("h = house\n                x = next_player(h)", "so it cannot have a seat to its left")):
        g = game(tmp_path, f'''
            game "Bossy"
            players 2
            side house
            turn:
                {line}
                end game
            define score(p: player): int = 0
        ''')
        with pytest.raises(RuleError, match=message):
            g.new_state(players=2, seed=0)


def test_a_saved_game_keeps_the_sides_and_a_state_without_them_is_refused(tmp_path):
    g = game(tmp_path, RACE)
    s = play(g.new_state(players=2, seed=0), ["Feed house"])
    again = g.load_state(json.loads(json.dumps(s.to_json())))
    assert again.view(None)["sides"]["house"]["points"] == 2
    broken = s.to_json()
    del broken["sides"]
    with pytest.raises(SaveError, match="sides' variables do not match"):
        g.load_state(broken)
    broken = s.to_json()
    broken["sides"][0][0] = "lots"
    with pytest.raises(SaveError, match="the side house's 'points' holds \"lots\", which is not an int"):
        g.load_state(broken)


def test_simulate_and_play_report_the_side(tmp_path):
    g = game(tmp_path, RACE)
    stats = simulate(g, 30, seed=5, players=2)
    house = stats["sides"]["house"]
    assert stats["game"] == str(g.path)
    assert house["wins"] > 0 and stats["no_winner"] > 0
    assert sum(stats["wins"]) + house["wins"] + house["shared_wins"] + stats["no_winner"] == stats["finished"] == 30
    folder = write(tmp_path, RACE)
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join(TIE) + "\n")
    out = subprocess.run([sys.executable, "-m", "tabletop", "play", str(folder), "--players", "2", "--seed", "0",
                          "--moves", str(moves), "--quiet"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "Winner: house" in out.stdout
    assert "Scores: Player 1 2, Player 2 6, house 6" in out.stdout


def test_a_position_sets_a_side_s_zone_and_player_n_never_names_the_side(tmp_path):
    from tabletop.interpreter.api import PositionError
    g = game(tmp_path, RACE)
    s = g.new_state(players=2, seed=1)
    s.set_position({"house": {"stash": [], "points": 4}})
    assert s.scores() == [0, 0] and s.to_json()["sides"][0][0] == 4
    with pytest.raises(PositionError, match="Player 3: this game has Player 1 to Player 2"):
        s.set_position({"Player 3": {"points": 5}})


def test_a_side_as_the_first_player_is_a_rule_error_naming_the_turn(tmp_path):
    """`first_player` says which seat takes the first turn; a side takes no turns. (Set to the side
    by its name, it is refused by the checker, E301; through a value, in play.)"""
    g = game(tmp_path, '''
        game "Side first"
        players 2
        side volcano
        var first_player: player = none
        player var pts: int = 0
        setup:
            v = volcano
            first_player = v
        turn:
            current.pts += 1
            choose x from [1] labelled "ok"
            end game "done"
        define score(p: player): int = p.pts
    ''')
    with pytest.raises(RuleError, match="'volcano' is a side, not a seat at the table, so it cannot take the first turn"):
        g.new_state(seed=0)


@pytest.mark.parametrize("players, words", [
    ("players + [volcano]", "'volcano' is a side, not a seat at the table, so it cannot choose in secret."),
    ("everyone", "'everyone' holds the side 'volcano', which is not a seat at the table, so it cannot choose in secret."),
])
def test_a_secret_choice_among_a_list_with_a_side_written_in_is_refused_by_the_checker(tmp_path, players, words):
    """Every game failed at the secret choice: the side is in the list however the game goes."""
    from tabletop.dsl.diagnostics import RulebookError
    with pytest.raises(RulebookError) as e:
        game(tmp_path, f'''
            game "Secret side"
            players 2
            side volcano
            define everyone: list of player = players + [volcano]
            turn:
                secretly each p in {players} chooses x from [1, 2] labelled "{{x}}":
                    say "{{p}} chose {{x}}."
                end game "done"
            define score(p: player): int = 0
        ''')
    [d] = e.value.diagnostics
    assert (d.code, d.span.line, d.message) == ("E301", 6, words)
