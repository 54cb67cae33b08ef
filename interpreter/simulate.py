"""Simulation: many seeded games played by bots, summed up as plain-data statistics.

Game i of a run seeded S uses an engine seed and bot seeds derived from (S, i) alone, so the
same run gives the same statistics on any machine; only the timing fields (`seconds`,
`games_per_second`) may differ. A game that raises, or that goes past the decision limit,
is counted in `errors` and the run goes on. The first games' display is drawn at their first
decision and at their end, as `play` would draw it, so a display line that fails is an error of
the run. Wins alone and shared wins are counted apart (a
shared win counts for each of its winners). How the games ended is counted per `end game` line
of the rulebook and per reason as said (`end_lines`, `reasons`). What the run shows about the
rulebook itself (a game that can go on for ever) is reported in `findings`; a run whose first games all ran into a budget stops there and says
why (`stopped`). Numbers keep full precision; rounding
is for whoever shows them to people. Games may be spread over worker processes, each a process
group of its own, so that a signal sent to the run's group stops the run through the parent; a
worker that dies (`kill -9`) ends the run at once, in words (`RunCut`), never a run that waits for
ever.

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
from tabletop.interpreter.errors import BudgetExceeded

MAX_ERROR_MESSAGES = 5
# A run whose first games all ran into a budget (none finished) stops there: each such game costs
# seconds (100,000 decisions, or a million steps), and the rest would almost surely do the same.
HOPELESS = 3
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
    runaway: bool = False       # stopped by a budget: the decision limit, or the steps or depth of the rules


class TooLong(Exception):
    pass


FOREVER = ("the game was not over after {n} decisions: the rules may let a game go on for ever "
           "(or it is longer than --max-decisions)")


def play_one(game, players: int, seed: int, bot: str | list[str], index: int, max_decisions: int) -> Outcome:
    """Play game number `index` of a run to its end with one bot per seat (`bot` is the kind of
    every seat, or a list of one kind per seat)."""
    try:
        state = game.new_state(players=players, seed=derive_seed(seed, index, "engine"))
    except Exception as e:
        e.when = ", before the first decision"
        raise
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
            raise TooLong(f"the game was not over after {max_decisions} decisions{_asking(state)}")
        seat = state.pending.players[0]
        move = bot_move(bots[seat], state, seat)
        try:
            state.apply(move.index, seat=move.seat, time=move.time)
        except Exception as e:
            # the state as the rules left it when they failed: the turn it failed in
            when = getattr(state, "when", None)
            e.when = f", {when()}" if when else ""
            raise
    if shown:
        state.display(0)
    result = state.result
    findings = sorted({f for b in bots if (f := getattr(b, "finding", lambda s: None)(state))})
    return Outcome(state.decisions, list(result.winners), list(result.scores), findings=findings,
                   sides=list(getattr(result, "sides", [])), side_scores=dict(getattr(result, "side_scores", {})),
                   reason=result.reason, ended_at=getattr(result, "ended_at", ""))


def _asking(state) -> str:
    """What the game was asking when it was stopped, as "; it was asking Player 2: 'Your card'"
    (where a game that goes on for ever goes round), or "" if that cannot be told."""
    try:
        pending = state.pending
        prompt = " ".join(str(pending.prompt).split())
        if len(prompt) > 60:
            prompt = prompt[:57] + "..."
        return f"; it was asking Player {pending.players[0] + 1}: '{prompt}'"
    except Exception:       # only words for the message: it must never fail the run
        return ""


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
        return Outcome(error=f"game {i}: {e}", findings=[FOREVER.format(n=max_decisions)], runaway=True)
    except Exception as e:  # an engine failure is a finding of the run, not its end
        reason = getattr(e, "reason", "") or str(e) or type(e).__name__
        return Outcome(error=f"game {i}{getattr(e, 'when', '')}: {reason}", runaway=isinstance(e, BudgetExceeded))


def _start_worker(job):
    """A worker process's run: the game (loaded here when the process did not fork) and the
    settings, with the worker set apart from the run's signals."""
    # A process group of its own: a signal sent to the run's group (`timeout`, `kill -TERM -PGID`)
    # reaches the parent alone, which stops the workers.
    if hasattr(os, "setpgid"):
        try:
            os.setpgid(0, 0)
        except OSError:
            pass
    signal.signal(signal.SIGTERM, signal.SIG_DFL)     # the parent stops its workers with SIGTERM
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
    return (game, *rest)


def _worker(job, conn, parents_ends: list) -> None:
    """A worker process: plays each range of games the parent sends on its own pipe and sends
    back their outcomes, until the parent sends None or goes away."""
    # The parent's ends of the pipes, which a forked worker holds too: held here, they would keep
    # a pipe open after the parent died (`kill -9`), and the worker would wait on it for ever.
    for end in parents_ends:
        end.close()
    job = _start_worker(job)
    try:
        while (task := conn.recv()) is not None:
            first, end = task
            conn.send([_one(job, i) for i in range(first, end)])
    except (EOFError, OSError):       # the parent is gone: nobody waits for the outcomes
        pass


class WorkerLost(Exception):
    """A worker process ended before it sent back the games it was given (killed by a signal,
    by the system for want of memory, or by a fault of Python itself)."""

    def __init__(self, proc):
        proc.join(2)                  # reaped, so its exit code is known
        code = proc.exitcode
        if code is not None and code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            # the system short of memory kills with SIGKILL; another signal was sent, or a crash
            how = f"was killed by {name}" + (" (by hand, or by the system for want of memory)" if name == "SIGKILL" else "")
        else:
            how = "stopped" if code is None else f"ended with exit code {code}"
        super().__init__(f"A worker process {how} in the middle of the run, and the games it was playing "
                         "are lost")


def _in_processes(job: tuple, games: int, workers: int, progress, outcomes: list) -> None:
    """The run's games spread over `workers` processes, their outcomes appended to `outcomes`
    in game order (so an interrupted run keeps those played). Each game depends on (seed, i)
    alone, so the statistics are those of one process.

    Each worker has a pipe of its own and is handed one range of games at a time; the parent
    waits on the pipes and on the processes themselves. A worker that dies (`kill -9`) raises
    WorkerLost at once. (multiprocessing's Pool hung there for ever: it starts a new worker but
    never hands out the dead one's games again, and a worker killed while it waited for work kept
    the lock of the queue every worker takes its work from.)"""
    import multiprocessing as mp
    from multiprocessing.connection import wait
    if "fork" in mp.get_all_start_methods():
        context, sent = mp.get_context("fork"), job           # the children share the loaded game
    else:
        game = job[0]
        context = mp.get_context("spawn")
        sent = ((str(game.path), game.variant, dict(game.option_values)), *job[1:])
    chunk = max(1, min(10, games // (workers * 8)))    # small: an interrupted run keeps what was played
    procs: list = []            # (process, the parent's end of its pipe)
    given: dict = {}            # worker number -> (first, end) of the games it is playing
    done: dict = {}             # game number -> outcome, until the games before it are done
    following = 0               # the next game to hand out
    try:
        with _interrupts_held():
            for _ in range(workers):
                mine, theirs = context.Pipe()
                proc = context.Process(target=_worker, args=(sent, theirs, [mine, *(c for _, c in procs)]),
                                       daemon=True)
                proc.start()
                theirs.close()
                procs.append((proc, mine))

        def hand_out(w: int) -> None:
            nonlocal following
            task = None
            if following < games:
                # the first games one at a time, so a hopeless run is told as soon as a serial one is
                size = 1 if following < HOPELESS else chunk
                task = (following, min(games, following + size))
                following = task[1]
                given[w] = task
            try:
                procs[w][1].send(task)
            except OSError:               # it died after sending its last outcomes
                if task is not None:
                    raise WorkerLost(procs[w][0]) from None

        for w in range(workers):
            hand_out(w)
        while given:
            wait([procs[w][1] for w in given] + [procs[w][0].sentinel for w in given])
            for w in list(given):
                proc, conn = procs[w]
                if conn.poll():                   # sent before it ended, if it ended: kept
                    try:
                        results = conn.recv()
                    except (EOFError, OSError):
                        raise WorkerLost(proc) from None
                    first, _ = given.pop(w)
                    done.update(enumerate(results, first))
                    hand_out(w)
                elif not proc.is_alive():
                    raise WorkerLost(proc)
            while len(outcomes) in done:
                outcomes.append(done.pop(len(outcomes)))
                if progress:
                    progress(len(outcomes), games)
                if hopeless(outcomes, games):
                    return            # the workers still playing are stopped below
    finally:
        with _interrupts_held():
            for proc, conn in procs:
                if proc.is_alive():
                    proc.terminate()
            for proc, conn in procs:
                proc.join()
                conn.close()


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
    stopped = None
    try:
        if workers == 1:
            for i in range(games):
                outcomes.append(_one(job, i))
                if progress:
                    progress(i + 1, games)
                if hopeless(outcomes, games):
                    break
        else:
            _in_processes(job, games, workers, progress, outcomes)
        if len(outcomes) < games:
            stopped = stopped_words(outcomes, games, max_decisions, game)
    except KeyboardInterrupt:
        # Ctrl-C: the games played so far (perhaps none) are summed up, and the run says it was cut short.
        stats = summarise(game, name or str(game.path), players, seed, bot, outcomes,
                          time.perf_counter() - started, kinds)
        raise Interrupted(stats, games) from None
    except WorkerLost as e:
        # As for Ctrl-C: the games before the lost ones are summed up, and the run ends in words.
        stats = summarise(game, name or str(game.path), players, seed, bot, outcomes,
                          time.perf_counter() - started, kinds)
        raise RunCut(stats, games, str(e)) from None
    seconds = time.perf_counter() - started
    stats = summarise(game, name or str(game.path), players, seed, bot, outcomes, seconds, kinds)
    if stopped:
        stats["stopped"] = {"asked": games, "why": stopped}
    return stats


def hopeless(outcomes: list, games: int) -> bool:
    """The run should stop here: its first HOPELESS games (of more) all ran into a budget."""
    return len(outcomes) == HOPELESS < games and all(o.runaway for o in outcomes)


def stopped_words(outcomes: list, games: int, max_decisions: int, game) -> str:
    """Why a run stopped after its first games, in a full sentence with a way on."""
    n = len(outcomes)
    if all(o.findings for o in outcomes):       # past the decision limit, every one
        ends = ", ".join(getattr(game, "endings", {})) or "none"
        return (f"The run stopped after {n} of {games} games: none of them was over after {max_decisions} "
                f"decisions, so the others would most likely go on as long. Check that an 'end game' "
                f"line (the rulebook's: {ends}) can be reached, or allow longer games with --max-decisions.")
    return (f"The run stopped after {n} of {games} games: each of them ran the rules past their budget "
            f"(see the errors above), so the others would most likely do the same. Fix that line first.")


class RunCut(Exception):
    """The run could not go on (a worker process died): `stats` are those of the games played
    before the lost ones (the first `stats["games"]` of `asked`), `why` says what happened."""

    def __init__(self, stats: dict, asked: int, why: str):
        super().__init__(why)
        self.stats, self.asked, self.why = stats, asked, why


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
