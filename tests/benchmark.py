"""Benchmark: how long rulebooks take to load, check and compile, and how fast random games run.

Run `python tests/benchmark.py` (add `--games N`, `--json`). It is a script, not a test: speed is
measured and reported, never asserted. Random play uses a seeded `random.Random`, so the games
played are the same on every run; only the timings differ. It must not change any rulebook.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tabletop.dsl.checker import check  # noqa: E402
from tabletop.dsl.loader import load_program  # noqa: E402
from tabletop.interpreter.api import load_game  # noqa: E402
from tabletop.interpreter.compiler import compile_program  # noqa: E402

RULEBOOKS = Path(__file__).resolve().parent.parent / "rulebooks"


def time_load(game: str, repeat: int = 5) -> dict:
    parse_check, compile_ = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        checked = check(load_program(game))
        t1 = time.perf_counter()
        compile_program(checked, {})
        t2 = time.perf_counter()
        parse_check.append(t1 - t0)
        compile_.append(t2 - t1)
    return {"load_and_check_ms": round(statistics.median(parse_check) * 1000, 1),
            "compile_ms": round(statistics.median(compile_) * 1000, 1)}


def random_games(game: str, players: int | None, games: int) -> dict:
    g = load_game(game)
    decisions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        s = g.new_state(players=players, seed=seed)
        rnd = random.Random(seed)
        while not s.is_over:
            pending = s.pending
            for seat in list(pending.players):
                s.apply(rnd.randrange(len(s.options(seat))), seat, rnd.uniform(0.3, 1.5) if pending.timed else None)
                decisions += 1
    elapsed = time.perf_counter() - t0
    return {"games": games, "players": players or g.min_players, "seconds": round(elapsed, 3),
            "games_per_second": round(games / elapsed, 1), "decisions_per_second": round(decisions / elapsed),
            "mean_decisions": round(decisions / games, 1)}


def baseline(games: int) -> dict:
    """The same random policy over hand-written Python Taboo Atoll Express (tests/baseline_taboo.py)."""
    from baseline_taboo import play
    t0 = time.perf_counter()
    decisions = sum(play(seed) for seed in range(games))
    elapsed = time.perf_counter() - t0
    return {"games_per_second": round(games / elapsed, 1), "decisions_per_second": round(decisions / elapsed),
            "mean_decisions": round(decisions / games, 1)}


def state_costs(game: str, players: int | None) -> dict:
    g = load_game(game)
    s = g.new_state(players=players, seed=1)
    n = 2000
    t0 = time.perf_counter()
    for _ in range(n):
        s.copy()
    t1 = time.perf_counter()
    for _ in range(n):
        json.dumps(s.to_json())
    t2 = time.perf_counter()
    return {"copy_us": round((t1 - t0) / n * 1e6, 1), "save_json_us": round((t2 - t1) / n * 1e6, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="random games per configuration")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args(argv)
    configs = [("taboo_atoll_express", None)]
    if (RULEBOOKS / "smores_galore" / "game.rules").exists():
        configs += [("smores_galore", 2), ("smores_galore", 4)]
    if (RULEBOOKS / "abatteroxie" / "game.rules").exists():
        configs += [("abatteroxie", 2), ("abatteroxie", 3), ("abatteroxie", 4)]
    if (RULEBOOKS / "smackatoa" / "game.rules").exists():
        configs += [("smackatoa", n) for n in (3, 4, 5, 6)]
    results = []
    for game, players in configs:
        row = {"game": game}
        row.update(time_load(game))
        row.update(random_games(game, players, args.games))
        row.update(state_costs(game, players))
        results.append(row)
    base = baseline(args.games)
    taboo = results[0]
    factor = {"games": round(base["games_per_second"] / taboo["games_per_second"], 1),
              "decisions": round(base["decisions_per_second"] / taboo["decisions_per_second"], 1)}
    if args.json:
        print(json.dumps({"python": sys.version.split()[0], "results": results,
                          "hand_written_taboo": base, "engine_slower_by": factor}, indent=2))
    else:
        for r in results:
            print(f"{r['game']} ({r['players']} players): load+check {r['load_and_check_ms']} ms, "
                  f"compile {r['compile_ms']} ms; {r['games_per_second']} random games/s "
                  f"({r['decisions_per_second']} decisions/s, {r['mean_decisions']} decisions a game); "
                  f"copy {r['copy_us']} us, save {r['save_json_us']} us")
        print(f"hand-written Python Taboo Atoll Express: {base['games_per_second']} random games/s "
              f"({base['decisions_per_second']} decisions/s, {base['mean_decisions']} decisions a game); "
              f"the engine is {factor['decisions']}x slower per decision, {factor['games']}x per game")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
