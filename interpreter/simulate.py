"""Simulation: many seeded games played by bots, summed up as plain-data statistics.

Game i of a run seeded S uses an engine seed and bot seeds derived from (S, i) alone, so the
same run gives the same statistics on any machine; only the timing fields (`seconds`,
`games_per_second`) may differ. A game that raises, or that goes past the decision limit,
is counted in `errors` and the run goes on. The first games' display is drawn at their first
decision and at their end, as `play` would draw it, so a display line that fails is an error of
the run. Wins alone and shared wins are counted apart (a
shared win counts for each of its winners). How the games ended is counted per `end game` line
of the rulebook and per reason as said (`end_lines`, `reasons`). What the run shows about the
rulebook itself (a game that can go on for ever) is reported in `findings`. Numbers keep full precision; rounding
is for whoever shows them to people. Games may be spread over worker processes, each a process
group of its own, so that a signal sent to the run's group stops the run through the parent.

This module must not know any game, must not print, and must not read anything but the
engine's public API.
"""
from __future__ import annotations

import hashlib
import os
import signal
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

from tabletop.interpreter.bots import MAX_DECISIONS, bot_move, make_bot, parse_kind

MAX_ERROR_MESSAGES = 5
DISPLAYED = 10      # the first games of a run, whose display is drawn at the start and the end


def derive_seed(seed: int, game_index: int, purpose: str) -> int:
    """A 63-bit seed for one purpose ("engine", "seat 0", ...) of one game of a run."""
    digest = hashlib.sha256(f"{seed}/{game_index}/{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass
class Outcome:
    """How one game went: its result, or the error that stopped it, and what the bots learnt."""
    decisions: int = 0
    winners: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    error: str = ""
    findings: list[str] = field(default_factory=list)
    sides: list[str] = field(default_factory=list)          # the sides that won (the volcano)
    side_scores: dict = field(default_factory=dict)
    reason: str = ""            # the `end game` text, template filled in
    ended_at: str = ""          # that `end game` line, as "game.rules:246" (Game.endings)


class TooLong(Exception):
    pass


FOREVER = ("the game was not over after {n} decisions: the rules may let a game go on for ever "
           "(or it is longer than --max-decisions)")


def play_one(game, players: int, seed: int, bot: str | list[str], index: int, max_decisions: int) -> Outcome:
    """Play game number `index` of a run to its end with one bot per seat (`bot` is the kind of
    every seat, or a list of one kind per seat)."""
    state = game.new_state(players=players, seed=derive_seed(seed, index, "engine"))
    kinds = [bot] * state.players if isinstance(bot, str) else list(bot)
    bots = [_bot(kinds[s], derive_seed(seed, index, f"seat {s}")) for s in range(state.players)]
    # In the first games of a run the display is drawn as `play` draws it, at the first decision
    # (for the seat deciding) and at the end (for the first seat), so a display line that fails
    # is an error here too. Drawing it changes nothing in the game, but costs about as much as a
    # few decisions: drawn in every game it would slow a run of Taboo Atoll Express by 9%.
    shown = index < DISPLAYED
    if shown and not state.is_over:
        state.display(state.pending.players[0])
    while not state.is_over:
        if state.decisions >= max_decisions:
            raise TooLong(f"the game was not over after {max_decisions} decisions")
        seat = state.pending.players[0]
        move = bot_move(bots[seat], state, seat)
        state.apply(move.index, seat=move.seat, time=move.time)
    if shown:
        state.display(0)
    result = state.result
    findings = sorted({f for b in bots if (f := getattr(b, "finding", lambda s: None)(state))})
    return Outcome(state.decisions, list(result.winners), list(result.scores), findings=findings,
                   sides=list(getattr(result, "sides", [])), side_scores=dict(getattr(result, "side_scores", {})),
                   reason=result.reason, ended_at=getattr(result, "ended_at", ""))


def _bot(kind_text: str, seed: int):
    kind, params = parse_kind(kind_text)
    return make_bot(kind, seed, params)


def _stats(values: list[float]) -> dict:
    if not values:
        return {"min": None, "mean": None, "max": None}
    return {"min": min(values), "mean": sum(values) / len(values), "max": max(values)}


def _one(job: tuple, i: int) -> Outcome:
    """Game number i of a run, as an Outcome whatever happens."""
    game, players, seed, kinds, max_decisions = job
    try:
        return play_one(game, players, seed, kinds, i, max_decisions)
    except TooLong as e:
        return Outcome(error=f"game {i}: {e}", findings=[FOREVER.format(n=max_decisions)])
    except Exception as e:  # an engine failure is a finding of the run, not its end
        reason = getattr(e, "reason", "") or str(e) or type(e).__name__
        return Outcome(error=f"game {i}: {reason}")


_JOB: tuple | None = None       # a worker process's run: the game and the settings


def _start_worker(job) -> None:
    global _JOB
    # A process group of its own: a signal sent to the run's group (`timeout`, `kill -TERM -PGID`)
    # reaches the parent alone, which stops the workers. Killed by it in the middle of putting a
    # result or taking a task, a worker kept the pool's queue lock for ever (a lock between
    # processes is never given back by a dead one), and the parent's `terminate` waited for it.
    if hasattr(os, "setpgid"):
        try:
            os.setpgid(0, 0)
        except OSError:
            pass
    signal.signal(signal.SIGTERM, signal.SIG_DFL)     # the pool stops its workers with SIGTERM
    if hasattr(signal, "pthread_sigmask"):
        # Held since the fork (`_interrupts_held`), so a SIGTERM sent while the worker was still
        # starting did not run the parent's handler, whose error Python's after-fork hooks
        # would swallow; one sent before now ends the worker here.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    game, *rest = job
    if isinstance(game, tuple):        # a process that did not fork loads the game itself
        from tabletop.interpreter.api import load_game
        path, variant, options = game
        game = load_game(path, variant, options)
    _JOB = (game, *rest)


def _worker_game(i: int) -> Outcome:
    return _one(_JOB, i)


def _in_processes(job: tuple, games: int, workers: int, progress, outcomes: list) -> None:
    """The run's games spread over `workers` processes, their outcomes appended to `outcomes`
    in game order (so an interrupted run keeps those played). Each game depends on (seed, i)
    alone, so the statistics are those of one process."""
    import multiprocessing as mp
    if "fork" in mp.get_all_start_methods():
        context, sent = mp.get_context("fork"), job           # the children share the loaded game
    else:
        game = job[0]
        context = mp.get_context("spawn")
        sent = ((str(game.path), game.variant, dict(game.option_values)), *job[1:])
    chunk = max(1, min(10, games // (workers * 8)))    # small: an interrupted run keeps what was played
    pool = None
    try:
        with _interrupts_held():
            pool = context.Pool(workers, initializer=_start_worker, initargs=(sent,))
        for i, outcome in enumerate(pool.imap(_worker_game, range(games), chunksize=chunk)):
            outcomes.append(outcome)
            if progress:
                progress(i + 1, games)
    finally:
        if pool is not None:
            with _interrupts_held():
                pool.terminate()
                pool.join()


# What stops a run: Ctrl-C, and SIGTERM, SIGHUP and SIGQUIT (cli.py). The workers keep them
# held (SIGTERM aside, with which the pool stops them), and are each a process group of their own
# (`_start_worker`): one sent to the run's whole process group (the terminal closed, `timeout`)
# reaches the parent alone, which stops them.
HELD = {signal.SIGINT, signal.SIGTERM} | {getattr(signal, n) for n in ("SIGHUP", "SIGQUIT") if hasattr(signal, n)}


@contextmanager
def _interrupts_held():
    """Ctrl-C and the other signals that stop a run (HELD) wait until the block ends. The workers are started and stopped inside
    it, so an interrupt never leaves a half-made pool whose workers outlive the run (they would
    wait for work for ever, holding the terminal's output open), and forked workers inherit the
    hold: a Ctrl-C at the terminal reaches the parent alone, which stops them, and the pool's
    SIGTERM reaches a worker only once it has set SIGTERM to end it (`_start_worker`)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def max_workers() -> int:
    """The most processes a run starts: twice the cores (so two even on one core)."""
    return 2 * (os.cpu_count() or 1)


def simulate(game, games: int, seed: int, players: int | None = None, bot: str = "random",
             max_decisions: int = MAX_DECISIONS, name: str | None = None, seats: dict | None = None,
             workers: int = 1, progress=None) -> dict:
    """Play `games` bot games of `game` and return their statistics as plain data.

    `bot` is a kind with optional parameters ("first:patience=50") for every seat; `seats` maps
    a seat (from 0) to another kind for that seat ("racer:skill=0.9"); `name` is how the
    statistics name the game (default: its path). `workers` processes share the games (the
    statistics are the same for any number); `progress(done, total)` is called as games end."""
    players = game.min_players if players is None else players
    kinds = [bot] * players
    for seat, kind in (seats or {}).items():
        kinds[seat] = kind
    for kind in kinds:
        parse_kind(kind)  # an unknown bot or parameter fails here, before any game is played
    started = time.perf_counter()
    job = (game, players, seed, kinds, max_decisions)
    # More processes than cores play no faster, and `--workers 100000` would fork that many.
    workers = max(1, min(workers, games, max_workers()))
    outcomes: list = []
    try:
        if workers == 1:
            for i in range(games):
                outcomes.append(_one(job, i))
                if progress:
                    progress(i + 1, games)
        else:
            _in_processes(job, games, workers, progress, outcomes)
    except KeyboardInterrupt:
        # Ctrl-C: the games played so far (perhaps none) are summed up, and the run says it was cut short.
        stats = summarise(game, name or str(game.path), players, seed, bot, outcomes,
                          time.perf_counter() - started, kinds)
        raise Interrupted(stats, games) from None
    seconds = time.perf_counter() - started
    return summarise(game, name or str(game.path), players, seed, bot, outcomes, seconds, kinds)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a run: `stats` are those of the games played before it (the first
    `stats["games"]` of `asked`, the same as a run of that many would give)."""

    def __init__(self, stats: dict, asked: int):
        super().__init__()
        self.stats, self.asked = stats, asked


def _endings(game, finished: list[Outcome]) -> tuple[list, list]:
    """How the finished games ended: per `end game` line of the rulebook (every line, those that
    ended no game too, since an ending never reached is worth knowing), each with the reasons it
    said (a template's values make one line say several), and per reason as said, whatever line
    said it. Each list is sorted by games, most first; ties in the rulebook's order of lines, or
    alphabetically. A finished game always ended at an `end game` line (a `play` section that
    returns is a rule error, and turns go on until something ends them), so the games of the
    lines add up to `finished`."""
    endings = getattr(game, "endings", {})
    order = {at: i for i, at in enumerate(endings)}
    by_line: dict[str, dict[str, int]] = {at: {} for at in endings}
    by_reason: dict[str, int] = {}
    for o in finished:
        said = by_line.setdefault(o.ended_at, {})
        said[o.reason] = said.get(o.reason, 0) + 1
        by_reason[o.reason] = by_reason.get(o.reason, 0) + 1
    lines = [{"at": at, "text": endings.get(at, ""), "games": sum(said.values()), "reasons": _by_count(said)}
             for at, said in by_line.items()]
    lines.sort(key=lambda e: (-e["games"], order.get(e["at"], len(order))))
    return lines, _by_count(by_reason)


def _by_count(counts: dict[str, int]) -> list:
    return [{"reason": r, "games": n} for r, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


def summarise(game, name: str, players: int, seed: int, bot: str, outcomes: list[Outcome],
              seconds: float, seats: list[str] | None = None) -> dict:
    """The statistics of a run, as JSON-ready data (see schemas/simulate.schema.json)."""
    finished = [o for o in outcomes if not o.error]
    errors = [o.error for o in outcomes if o.error]
    wins, shared = [0] * players, [0] * players
    for o in finished:
        for w in o.winners:
            (wins if len(o.winners) + len(o.sides) == 1 else shared)[w] += 1
    sides = {}
    for side in getattr(game, "sides", []):
        won = [o for o in finished if side in o.sides]
        sides[side] = {"wins": sum(1 for o in won if len(o.winners) + len(o.sides) == 1),
                       "shared_wins": sum(1 for o in won if len(o.winners) + len(o.sides) > 1),
                       "scores": _stats([o.side_scores[side] for o in finished])}
    findings: dict[str, int] = {}
    for o in outcomes:
        for f in o.findings:
            findings[f] = findings.get(f, 0) + 1
    ends, reasons = _endings(game, finished)
    return {
        "game": name,
        "title": game.title,
        "variant": game.variant,
        "options": dict(game.option_values),
        "players": players,
        "seed": seed,
        "bot": bot,
        "seats": list(seats) if seats else [bot] * players,
        "games": len(outcomes),
        "finished": len(finished),
        "errors": len(errors),
        "error_messages": errors[:MAX_ERROR_MESSAGES],
        "wins": wins,
        "shared_wins": shared,
        "shared_games": sum(1 for o in finished if len(o.winners) + len(o.sides) > 1),
        "no_winner": sum(1 for o in finished if not o.winners and not o.sides),
        "sides": sides,
        "findings": [{"finding": f, "games": n} for f, n in sorted(findings.items())],
        "scored": getattr(game, "scored", True),      # without a score, "scores" are all 0
        "scores": [_stats([o.scores[s] for o in finished]) for s in range(players)],
        "decisions": _stats([o.decisions for o in finished]),
        "end_lines": ends,
        "reasons": reasons,
        "seconds": round(seconds, 3),
        "games_per_second": round(len(outcomes) / seconds, 1) if seconds > 0 else None,
    }
