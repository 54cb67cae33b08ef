"""Abatteroxie (rulebooks/abatteroxie): the setup at every player count, seeded random games with
the game's invariants checked at every step, views, and a scripted game played to its end. The
rule text's worked examples and rules are scenarios: rulebooks/abatteroxie/scenarios/*.yaml.
"""
import json
import random
from pathlib import Path

import pytest

from abatteroxie_helpers import board, card_names, conserved, eliminator, evaluate, game, pz, removed
from cli_fixtures import tabletop

DATA = Path(__file__).resolve().parent / "data"


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_places_one_battler_of_each_team_on_each_of_21_tiles(players):
    s = game().new_state(players=players, seed=11)
    assert len(removed(s)) == 4 and "C3" not in removed(s)
    letters = " ".join(f"{x}1" for x in "RBGP"[:players])
    assert set(board(s).values()) == {letters} and len(board(s)) == 21
    assert eliminator(s) == "C3"
    for seat in range(players):
        assert len(pz(s, seat, "hand")) == 4 and len(pz(s, seat, "deck")) == 9
        assert sorted(card_names(s, pz(s, seat, "hand") + pz(s, seat, "deck"))) == sorted(
            ["1", "1", "2", "2", "2", "3", "3", "4 tiles only", "4 battlers only", "1 + Battle Royale",
             "1 + Battle Royale", "2 + Move Eliminator", "1 + Explosion"])
    assert conserved(s)


def test_the_explosion_tiles_differ_from_game_to_game():
    holes = {frozenset(removed(game().new_state(players=2, seed=k))) for k in range(12)}
    assert len(holes) > 6


# ---------------------------------------------------------------- seeded random games
PUSHING = "battlers: push one"


class Capacity:
    """"Never more than the maximum on a tile after a move's pushes end": a tile holds more only
    where an explosion left battlers, and such a tile never grows until an explosion again."""

    def __init__(self, s):
        self.capacity = 6 if s.players == 4 else 5
        self.removed = len(removed(s))
        self.allowed = {}

    def check(self, s):
        if PUSHING in s.pending.prompt:
            return                              # a push is under way
        counts = {t: len(text.split()) and sum(int(p[1:]) for p in text.split()) for t, text in board(s).items()}
        exploded = len(removed(s)) > self.removed
        self.removed = len(removed(s))
        for t, n in counts.items():
            if not exploded:
                assert n <= self.allowed.get(t, self.capacity), f"{t} holds {n} battlers"
            self.allowed[t] = max(self.capacity, n)


def check_step(s, capacity):
    opts = s.options()
    assert opts and len(set(opts)) == len(opts)
    assert conserved(s)
    capacity.check(s)
    for seat in range(s.players):
        assert 0 <= evaluate(s, "battlers_left", seat) <= 21
        assert 0 <= evaluate(s, "tiebreaker_count", seat) <= 21 * (s.players - 1) + 21


def run_random(g, players, seed, *, roundtrip=False, bound=2000):
    s = g.new_state(players=players, seed=seed)
    rnd = random.Random(seed)
    capacity = Capacity(s)
    played = []
    while not s.is_over:
        check_step(s, capacity)
        if roundtrip and len(played) % 5 == 0:
            t = g.load_state(json.loads(json.dumps(s.to_json())))
            assert t.options() == s.options() and t.render(0) == s.render(0)
        i = rnd.randrange(len(s.options()))
        played.append(i)
        s.apply(i)
        assert len(played) <= bound, "the game did not end"
    assert conserved(s)
    r = s.result
    assert r.winners and all(0 <= w < players for w in r.winners)
    assert r.reason in ("The center tile is the only tile left.", "No team has a battler left.") or \
        r.reason.startswith("Only Player ")
    return s, played


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(players):
    g = game()
    endings = set()
    for seed in range(12):
        s, played = run_random(g, players, seed, roundtrip=seed % 6 == 0)
        endings.add(s.result.reason.split(" (")[0])
        if seed % 6 == 0:                               # same seed and moves -> same game
            t = g.new_state(players=players, seed=seed)
            for i in played:
                t.apply(i)
            assert t.to_json() == s.to_json()
    assert endings & {"Only Player 1", "Only Player 2", "Only Player 3", "Only Player 4"}


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games(players, soak_scale):
    g = game()
    endings = set()
    for seed in range(100, 100 + 30 * soak_scale):
        s, _ = run_random(g, players, seed, roundtrip=seed % 10 == 0)
        endings.add(s.result.reason)
    assert "The center tile is the only tile left." in endings


def test_a_copy_and_a_saved_game_play_on_identically():
    g = game()
    s = g.new_state(players=4, seed=9)
    rnd = random.Random(9)
    for _ in range(40):
        s.apply(rnd.randrange(len(s.options())))
    c, t = s.copy(), g.load_state(s.to_json())
    while not s.is_over:
        i = rnd.randrange(len(s.options()))
        for x in (s, c, t):
            x.apply(i)
    assert s.to_json() == c.to_json() == t.to_json()


def test_a_seat_sees_its_own_hand_only():
    s = game().new_state(players=3, seed=2)
    for seat in range(3):
        v = s.view(seat)
        for k, p in enumerate(v["players"]):
            assert (p["hand"] == pz(s, k, "hand")) == (k == seat)
            assert p["deck"] == [None] * 9
        assert v["fields"]["tile"]["battlers"] == s.data["fields"]["tile"]["battlers"]
    text = s.render(1)
    assert "Player 2 (blue): 21 battlers on the board, 0 tie-breakers; hand " in text
    assert "Player 1 (red): 21 battlers on the board, 0 tie-breakers; hand 4 hidden cards" in text


# ---------------------------------------------------------------- a scripted game
SCRIPT = DATA / "abatteroxie_3p.moves"


def test_the_scripted_game_plays_to_its_end():
    # tabletop play abatteroxie --players 3 --seed 132 --moves tests/data/abatteroxie_3p.moves
    labels = [ln.strip() for ln in SCRIPT.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    s = game().new_state(players=3, seed=132)
    capacity = Capacity(s)
    for label in labels:
        assert not s.is_over
        check_step(s, capacity)
        s.apply_label(label)
    assert s.is_over and conserved(s)
    r = s.result
    assert r.reason == "The center tile is the only tile left."
    assert board(s) == {"C3": "B1 G1"}
    # blue and green have one battler each on the centre; blue has more tie-breakers
    assert r.scores == [0, 1, 1] and r.winners == [1]
    assert [evaluate(s, "tiebreaker_count", k) for k in range(3)] == [9, 6, 2]


def test_the_scripted_game_plays_to_its_end_at_the_command_line():
    done = tabletop("play", "abatteroxie", "--players", 3, "--seed", 132, "--moves", SCRIPT)
    assert done.returncode == 0, done.stderr
    assert "The game is over: The center tile is the only tile left." in done.stdout
    assert "Winner: Player 2" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
