"""Hundreds of seeded random games of Taboo Atoll Express, checking invariants at every step.

A third of the games are played by a uniformly random player, a third by a "keen" random
player who claims, escapes with the treasures and shores up whenever it can, and a third by a
"planner" who keeps useful dice and heads for treasures it can claim, so that the games also
reach full search tracks and claimed treasures. Every few games, the game is saved
to JSON and loaded back at every step and must go on exactly like a game that never was.
"""
import json
import random
from pathlib import Path

import pytest

from taboo_helpers import COLOURS, PLATFORM, SKULL, game, get_var, score_by_hand, space_index

GAMES = 300
DIFFICULTIES = ["newbie", "normal", "elite", "crazy", "insane", "idiotic"]
START_LEVEL = {"newbie": 0, "normal": 2, "elite": 5, "crazy": 6, "insane": 8, "idiotic": 9}
ROLES = {"no_role", "explorer", "engineer", "diver", "pilot", "navigator", "messenger"}
FLOOD_STATES = ("dry", "flooded", "sunk")
MAX_DECISIONS = 1500          # far above any game seen; a game that runs longer never ends
# Score bounds from the formula: at best a win (50), four claims (60), the water at 0 (70) and
# every space dry (48) with no search point left unused; at worst 0 (the water at the skull,
# every space sunk, nothing claimed and no point saved).
MAX_SCORE = 50 + 4 * 15 + 5 * SKULL + 2 * 24
MIN_SCORE = 0


def random_player(rng):
    def choose(s):
        return rng.randrange(len(s.options()))
    return choose


def keen_player(rng):
    prefer = ("Air Support: fly off", "Claim the", "Shore up", "Get Digging", "Escape to")

    def choose(s):
        opts = s.options()
        for word in prefer:
            hits = [i for i, o in enumerate(opts) if o.startswith(word)]
            if hits and rng.random() < 0.9:
                return rng.choice(hits)
        return rng.randrange(len(opts))
    return choose


def planner_player(rng):
    """Heads for a treasure it can claim (or, with all four, for Idiot's Platform), flying there
    with Air Support when it can; otherwise shores up or plays at random."""
    def choose(s):
        opts = s.options()
        g = s.game
        static = g.compiled.static["space"]
        names = g.compiled.kind_names["space"]
        t = s.data["fields"]["treasure"]
        goals = [t["location"][i] for i in range(4) if not t["claimed"][i] and t["search"][i] >= 5]
        if all(t["claimed"]):
            goals = [space_index(g, PLATFORM)]

        def dist(a, b):
            return abs(static["row"][a] - static["row"][b]) + abs(static["col"][a] - static["col"][b])

        for word in ("Air Support: fly off", "Claim the"):
            hits = [i for i, o in enumerate(opts) if o.startswith(word)]
            if hits:
                return hits[0]
        if goals and rng.random() < 0.95:
            here = get_var(s, "pawn")
            best, best_d = None, min(dist(here, goal) for goal in goals)
            for i, o in enumerate(opts):
                for verb in ("Air Support: fly to ", "Fly to ", "Navigate to ", "Swim to ", "Move to ", "Escape to "):
                    if o.startswith(verb) and o[len(verb):] in names:
                        d = min(dist(names.index(o[len(verb):]), goal) for goal in goals)
                        if d < best_d:
                            best, best_d = i, d
            if best is not None:
                return best
        keeps = [i for i, o in enumerate(opts) if o.startswith("Keep ")]
        if keeps:
            def worth(label):        # dice that bring an unclaimed treasure nearest to 5
                total = 0
                for die in label[5:].split(" and "):
                    if die in COLOURS:
                        k = g.compiled.static["treasure"]["colour"].index(die)
                        total += 1 + t["search"][k] if t["search"][k] < 5 else 0
                    elif die == "white":
                        total += 2
                return total
            return max(keeps, key=lambda i: (worth(opts[i]), rng.random()))
        keen = [i for i, o in enumerate(opts) if o.startswith("Shore up")]
        if keen and rng.random() < 0.8:
            return rng.choice(keen)
        return rng.randrange(len(opts))
    return choose


def difficulty_of(i):
    return DIFFICULTIES[i % len(DIFFICULTIES)]


class Tracker:
    """Checks one game's invariants at each step, remembering what may never go back."""

    def __init__(self, s, difficulty):
        self.g = s.game
        self.platform = space_index(self.g, PLATFORM)
        self.sunk = set()
        self.claimed = set()
        self.water = START_LEVEL[difficulty]
        assert get_var(s, "water_level") == self.water

    def check(self, s):
        flooding = s.data["fields"]["space"]["flood"]
        # Each space is exactly one of unflooded, flooded or sunk.
        assert len(flooding) == 24
        assert all(f in FLOOD_STATES for f in flooding)
        flooded = [i for i, f in enumerate(flooding) if f == "flooded"]
        sunk = {i for i, f in enumerate(flooding) if f == "sunk"}
        dry = 24 - len(flooded) - len(sunk)
        # Cubes within their supply: 24 purple, 24 black.
        assert len(flooded) <= 24 and len(sunk) <= 24
        # A sunk space never comes back.
        assert sunk >= self.sunk
        self.sunk = sunk

        water = get_var(s, "water_level")
        special = get_var(s, "special_actions")
        actions = get_var(s, "actions_left")
        assert 0 <= water <= SKULL and water >= self.water
        self.water = water
        assert 0 <= special <= 3
        assert 0 <= actions <= 3
        assert get_var(s, "current_role") in ROLES
        assert (get_var(s, "current_role") == "no_role") <= (s.data["turn_number"] == 1)

        t = s.data["fields"]["treasure"]
        for i in range(4):
            assert 0 <= t["search"][i] <= 5
            assert t["location"][i] != self.platform
            if t["claimed"][i]:
                self.claimed.add(i)
            assert t["claimed"][i] == (i in self.claimed)          # a claim is never undone
            if not s.is_over and not t["claimed"][i]:
                assert t["location"][i] not in sunk                 # else the game would be lost

        if water >= SKULL:
            assert s.is_over
        won = get_var(s, "won")
        unused = sum(t["search"][i] for i in range(4) if not t["claimed"][i])
        assert s.scores() == [score_by_hand(won, len(self.claimed), water, dry, len(flooded), unused)]

        if s.is_over:
            assert s.pending is None and s.options() == []
            r = s.result
            assert MIN_SCORE <= r.scores[0] <= MAX_SCORE
            assert r.winners == ([0] if won else [])
            if won:
                assert len(self.claimed) == 4 and s.data["globals"][s.game.compiled.global_names.index("pawn")] == self.platform
                assert r.scores[0] >= 50 + 60
            return
        p = s.pending
        assert p.players == [0]
        opts = s.options()
        assert opts, "a decision with no options"
        assert len(set(opts)) == len(opts), f"repeated options: {opts}"
        assert all(isinstance(o, str) and o.strip() for o in opts)
        if p.prompt.startswith("Treasure search"):
            # Each pair of dice to keep is offered once, whatever order the dice were rolled in.
            pairs = [tuple(sorted(o[len("Keep "):].split(" and "))) for o in opts if o.startswith("Keep ") and " and " in o]
            assert len(set(pairs)) == len(pairs), opts
        pawn = get_var(s, "pawn")
        if "is sinking" in p.prompt:
            assert pawn in sunk                   # the pawn is still on the sinking space
            assert all(o.startswith("Escape to ") for o in opts)
        else:
            assert pawn not in sunk


def play(seed, difficulty, make_player, round_trip=False):
    """Play one game; returns (final state, moves). With round_trip, a saved and reloaded copy
    plays alongside and must stay identical at every step."""
    g = game(difficulty)
    s = g.new_state(seed=seed)
    choose = make_player(random.Random(seed))
    tracker = Tracker(s, difficulty)
    moves = []
    while True:
        tracker.check(s)
        if round_trip:
            loaded = g.load_state(json.loads(json.dumps(s.to_json())))
            assert loaded.to_json() == s.to_json()
            assert loaded.options() == s.options()
            assert loaded.is_over == s.is_over
        if s.is_over:
            break
        assert len(moves) < MAX_DECISIONS, "the game does not end"
        i = choose(s)
        moves.append(i)
        s.apply(i)
        if round_trip:
            loaded.apply(i)
            assert loaded.to_json() == s.to_json()
            s = loaded              # continue from the reloaded copy
    assert s.decisions == len(moves)
    return s, moves


def replay(seed, difficulty, moves):
    s = game(difficulty).new_state(seed=seed)
    for i in moves:
        s.apply(i)
    return s


@pytest.fixture(scope="module")
def games():
    out = []
    for i in range(GAMES):
        player = (random_player, keen_player, planner_player)[i % 3]
        # The planner plays the easier levels, where it gets far enough to claim treasures.
        difficulty = difficulty_of(i // 3) if player is not planner_player else DIFFICULTIES[(i // 3) % 2]
        s, moves = play(1000 + i, difficulty, player, round_trip=(i % 4 == 0))
        out.append((1000 + i, difficulty, s, moves))
    return out


def test_random_games_keep_every_invariant(games):
    assert len(games) == GAMES
    reasons = {s.result.reason.split(" sank")[0] if "sank" in s.result.reason else s.result.reason
               for _, _, s, _ in games}
    # The games reach more than one way to end.
    assert "The water level reached the skull and crossbones." in reasons
    assert "Idiot's Platform" in reasons
    assert len(reasons) >= 4


def test_games_reach_claimed_treasures(games):
    claims = [sum(s.data["fields"]["treasure"]["claimed"]) for _, _, s, _ in games]
    assert sum(claims) >= 20
    assert max(claims) >= 2


def test_the_same_seed_and_moves_give_the_same_game(games):
    for seed, difficulty, s, moves in games[::6]:
        again = replay(seed, difficulty, moves)
        assert again.to_json() == s.to_json()
        assert again.result == s.result


def test_the_same_seed_gives_the_same_start():
    g = game()
    for seed in range(20):
        assert g.new_state(seed=seed).to_json() == g.new_state(seed=seed).to_json()
    starts = {json.dumps(g.new_state(seed=seed).data["fields"]) for seed in range(20)}
    assert len(starts) > 15                     # and different seeds give different games


def test_a_round_trip_mid_decision_continues_identically():
    g = game("elite")
    s, moves = play(77, "elite", random_player)
    # Save at every step of the same game and continue to the end from each save.
    for k in range(0, len(moves), 3):
        base = replay(77, "elite", moves[:k])
        loaded = g.load_state(json.loads(json.dumps(base.to_json())))
        for i in moves[k:]:
            loaded.apply(i)
        assert loaded.to_json() == s.to_json()


@pytest.mark.parametrize("name, players", [("smackatoa", 3), ("smackshapes", 4)])
def test_workers_share_the_games_and_give_the_same_statistics(name, players):
    from tabletop.interpreter.api import load_game
    from tabletop.interpreter.simulate import simulate
    game = load_game(str(Path(__file__).resolve().parent.parent / "rulebooks" / name))
    seen = []
    one = simulate(game, 24, seed=5, players=players, workers=1, progress=lambda d, t: seen.append((d, t)))
    two = simulate(game, 24, seed=5, players=players, workers=2)
    for stats in (one, two):
        stats.pop("seconds"), stats.pop("games_per_second")
    assert one == two
    assert seen[-1] == (24, 24) and len(seen) == 24


def test_a_huge_number_of_workers_starts_no_more_processes_than_twice_the_cores(monkeypatch):
    """`--workers 100000 -n 100000` forked a hundred thousand processes, which play no faster."""
    import os
    from tabletop.interpreter import simulate as sim
    from tabletop.interpreter.api import load_game
    started = []
    monkeypatch.setattr(sim, "_in_processes", lambda job, games, workers, progress, outcomes: started.append(workers))
    sim.simulate(load_game("smackshapes"), 1000, seed=1, players=2, workers=100_000)
    assert started == [2 * (os.cpu_count() or 1)]


def test_ctrl_c_keeps_the_statistics_of_the_games_played_before_it():
    """Interrupted after 7 games, a run gives the statistics a run of 7 games gives."""
    from tabletop.interpreter.api import load_game
    from tabletop.interpreter.simulate import Interrupted, simulate

    game = load_game("smackshapes")

    def stop_after_seven(done, total):
        if done == 7:
            raise KeyboardInterrupt

    with pytest.raises(Interrupted) as e:
        simulate(game, 50, 3, players=3, progress=stop_after_seven)
    seven = simulate(game, 7, 3, players=3)
    timing = ("seconds", "games_per_second")
    assert e.value.asked == 50
    assert {k: v for k, v in e.value.stats.items() if k not in timing} == \
        {k: v for k, v in seven.items() if k not in timing}


def test_a_game_decided_by_a_winners_line_alone_shows_no_scores(tmp_path, capsys):
    """Without a score, every score is 0: the end of a game and a simulation show none."""
    from inline import write
    from tabletop.interpreter import cli
    from tabletop.interpreter.session import format_result
    folder = write(tmp_path, '''
        game "Last One Standing"
        players 2
        var loser: player = none
        turn:
            choose prompt "Stay or fold":
                option "Stay":
                    pass
                option "Fold":
                    loser = current
                    end game "Someone folded."
        winners: [p for p in players if p != loser]
        ''')
    assert cli.main(["simulate", str(folder), "-n", "5", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "won alone" in out and "score" not in out
    from tabletop.interpreter.api import load_game
    s = load_game(str(folder)).new_state(seed=1)
    while not s.is_over:
        s.apply(1)
    assert not s.result.scored and "Score" not in format_result(s.result, 2)


def test_a_run_counts_its_games_by_end_game_line_and_by_reason_with_any_number_of_workers():
    """Taboo Atoll Express has two `end game` lines that say the same words (the water reaching the
    skull): they are counted apart, and their reason together; every line is listed, those that
    ended no game too, and the lines' games add up to the finished games."""
    from tabletop.interpreter.simulate import simulate
    g = game()
    one = simulate(g, 60, seed=11)
    two = simulate(g, 60, seed=11, workers=2)
    assert (one["end_lines"], one["reasons"]) == (two["end_lines"], two["reasons"])
    lines = {e["at"]: e for e in one["end_lines"]}
    assert set(lines) == set(g.endings) and len(lines) == 6
    assert sum(e["games"] for e in one["end_lines"]) == one["finished"] == 60
    assert [e["games"] for e in one["end_lines"]] == sorted((e["games"] for e in one["end_lines"]), reverse=True)
    skull = "The water level reached the skull and crossbones."
    at_skull = [at for at, text in g.endings.items() if text == skull]
    assert len(at_skull) == 2
    by_reason = {r["reason"]: r["games"] for r in one["reasons"]}
    assert by_reason.get(skull, 0) == sum(lines[at]["games"] for at in at_skull) > 0
    sank = lines[next(at for at, text in g.endings.items() if text == "The {t.name} sank with {s.name}.")]
    assert sank["games"] == sum(r["games"] for r in sank["reasons"]) and len(sank["reasons"]) > 1
    assert all(r["reason"].startswith("The ") and " sank with " in r["reason"] for r in sank["reasons"])


def test_simulate_shows_how_the_games_ended_most_first_and_keeps_its_other_numbers(capsys):
    """The statistics a run of 300 games gave before the count of endings was added are the same
    (wins, scores, decisions); the text shows each `end game` line with its games, most first."""
    from tabletop.interpreter import cli
    assert cli.main(["simulate", "taboo_atoll_express", "-n", "300", "--seed", "11", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["finished"], data["wins"], data["no_winner"]) == (300, [0], 300)
    assert data["scores"] == [{"min": 29, "mean": 79.15333333333334, "max": 114}]
    assert data["decisions"] == {"min": 3, "mean": 21.13, "max": 55}
    out = cli.format_stats(data)          # what the run shows without --json
    shown = [line.strip() for line in out.splitlines() if line.startswith("    game.rules:")]
    assert len(shown) == 6
    counts = [int(line.rsplit(": ", 1)[1].split(" game")[0].replace(",", "")) for line in shown]
    assert counts == sorted(counts, reverse=True) and sum(counts) == 300
    assert shown[0].startswith(data["end_lines"][0]["at"] + " '" + data["end_lines"][0]["text"][:20])


def test_a_worker_killed_in_the_middle_of_a_run_ends_it_in_words(monkeypatch, capsys):
    """`kill -9` of one worker of `--workers 2` left the run waiting for ever: multiprocessing's
    Pool started another worker but never handed out the dead one's games again. Now the run ends
    at once, exit 1 with no traceback, showing the statistics of the games before the lost ones
    (the same as a run of that many gives)."""
    import os
    import signal
    from tabletop.interpreter import cli
    from tabletop.interpreter import simulate as sim
    playing = sim._one

    def killed_at_game_25(job, i):
        if i == 25:
            os.kill(os.getpid(), signal.SIGKILL)     # in the worker: it was forked with this module
        return playing(job, i)

    monkeypatch.setattr(sim, "_one", killed_at_game_25)

    def hung(signum, frame):
        raise AssertionError("the run hung after its worker was killed")
    before = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    try:
        code = cli.main(["simulate", "smackshapes", "-n", "60", "--workers", "2", "--seed", "4", "--json"])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in err
    assert "tabletop simulate: A worker process was killed by SIGKILL" in err, err
    stats = json.loads(out)
    assert 0 < stats["games"] <= 25 and f"The statistics are of the {stats['games']} games played before them, of 60." in err
    monkeypatch.setattr(sim, "_one", playing)
    same = sim.simulate(load_game_named("smackshapes"), stats["games"], 4, players=2)
    timing = ("seconds", "games_per_second", "game")
    assert {k: v for k, v in stats.items() if k not in timing} == {k: v for k, v in same.items() if k not in timing}


def load_game_named(name):
    from tabletop.interpreter.api import load_game
    return load_game(name)


def test_a_lost_worker_is_told_by_how_it_ended():
    """Only SIGKILL is the system's for want of memory; a crash (SIGSEGV) or an exit is told as it is."""
    from types import SimpleNamespace
    from tabletop.interpreter.simulate import WorkerLost
    told = lambda code: str(WorkerLost(SimpleNamespace(join=lambda timeout: None, exitcode=code)))  # noqa: E731
    assert told(-9).startswith("A worker process was killed by SIGKILL (by hand, or by the system for want of memory)")
    assert told(-11).startswith("A worker process was killed by SIGSEGV in the middle of the run")
    assert told(1).startswith("A worker process ended with exit code 1 in the middle of the run")
