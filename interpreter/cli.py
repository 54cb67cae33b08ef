"""The `tabletop` command line: check rulebooks, play games at the terminal, simulate bot games.

Exit codes: 0 ok, 1 a rulebook or game error (or a game left unfinished), 2 a usage error.
Whatever happens, the user sees a message in words, never a Python traceback (set
TABLETOP_DEBUG=1 to get one for an internal error).

This module talks to the engine only through its public API (`interpreter.api`, reached
through `engine()` so tests can run the command line against a fake). It must not know any
game, and must not decide rules: it shows what the engine says and passes answers back.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import sys
import time
from dataclasses import dataclass, field

from tabletop.dsl.diagnostics import RulebookError, render_all
from tabletop.interpreter import savefile
from tabletop.interpreter.bots import BOTS, Move, bot_move, make_bot
from tabletop.interpreter.simulate import derive_seed, simulate

AUTOSAVE = "tabletop-autosave.json"
SEAT_KINDS = ["human", *BOTS]
HELP_TEXT = """\
Answer with the option's number or its exact label. Other commands:
  ?, help      this help
  show         show the table and the options again
  save [FILE]  save the game and go on playing (default file: {target})
  quit         stop playing (you will be offered to save)"""


class UsageError(Exception):
    """The command line asks for something impossible; exit code 2."""


class GameError(Exception):
    """The game cannot go on (a bad save, a bad moves file, an engine failure); exit code 1."""


def engine():
    """The engine's API module. Tests replace this function to run the CLI against a fake."""
    from tabletop.interpreter import api
    return api


def err(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


# ---------------------------------------------------------------- argument parsing

def _option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"'{text}' is not KEY=VALUE (for example difficulty=elite)")
    return key.strip(), value.strip()


def _seat(text: str) -> tuple[int, str]:
    number, sep, kind = text.partition("=")
    if not sep or not number.strip().isdigit() or int(number) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not N=KIND with N a seat number from 1 (for example 2=random)")
    if kind.strip() not in SEAT_KINDS:
        raise argparse.ArgumentTypeError(f"'{kind}' is not a kind of seat; choose from {', '.join(SEAT_KINDS)}")
    return int(number) - 1, kind.strip()


def _count(text: str) -> int:
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of 0 or more")
    return int(text)


def _positive(text: str) -> int:
    value = _count(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"'{text}' must be at least 1")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="Check, play and simulate tabletop games written as rulebooks.",
        epilog="A GAME is a folder name under rulebooks/ (taboo_atoll_express) or a path to a "
               "rulebook folder or .rules file. Exit codes: 0 ok, 1 rulebook or game error, 2 usage error.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    game_args = argparse.ArgumentParser(add_help=False)
    game_args.add_argument("--variant", metavar="V", help="play the named variant of the game")
    game_args.add_argument("--option", action="append", type=_option, default=[], metavar="K=V",
                           help="set a game option, e.g. difficulty=elite (repeatable)")
    game_args.add_argument("--players", type=_positive, metavar="P",
                           help="number of players (default: the game's minimum)")

    check = sub.add_parser("check", help="validate rulebooks and report every error",
                           description="Load each rulebook and report every error found, with its "
                                       "file, line and column. Exit 0 when all are clean, 1 on errors.")
    check.add_argument("paths", nargs="+", metavar="PATH", help="rulebook folder, .rules file or game name")
    check.add_argument("--format", choices=["text", "json"], default="text",
                       help="text for people (default) or json for programs")
    check.add_argument("--variant", metavar="V", help="check the rulebook with this variant applied")
    check.set_defaults(run=cmd_check)

    play = sub.add_parser("play", parents=[game_args], help="play a game at the terminal",
                          description="Play a game at the terminal. Each seat is a human or a bot; "
                                      "humans answer each decision with a number or the option's label.",
                          epilog="End of input, Ctrl-C or 'quit' before the end saves the game (to --save "
                                 f"FILE, else the --load FILE, else {AUTOSAVE}) and exits 1; resume it with "
                                 "'tabletop play --load FILE'.")
    play.add_argument("game", nargs="?", metavar="GAME", help="the game to play (optional with --load)")
    play.add_argument("--seed", type=_seed, metavar="S", help="the engine's seed (default: a random one, shown)")
    play.add_argument("--seat", action="append", type=_seat, default=[], metavar="N=KIND",
                      help=f"who plays seat N (1-based): {', '.join(SEAT_KINDS)}; default human (repeatable)")
    play.add_argument("--moves", metavar="FILE",
                      help="play these option labels (one a line; '#' comments; a line may be a number) "
                           "before asking anyone")
    play.add_argument("--save", metavar="FILE", help="save the game to FILE at the end or when stopped")
    play.add_argument("--load", metavar="FILE", help="resume the game saved in FILE")
    play.add_argument("--dump-state", action="store_true",
                      help="print the final state as JSON on stdout (everything else goes to stderr)")
    play.add_argument("--quiet", action="store_true", help="show only what a human needs to decide and the result")
    play.set_defaults(run=cmd_play)

    sim = sub.add_parser("simulate", parents=[game_args], help="play many seeded bot games and sum them up",
                         description="Play N games with bots in every seat and report wins, scores and "
                                     "lengths. The same seed gives the same statistics. Exit 1 if any game "
                                     "failed.")
    sim.add_argument("game", metavar="GAME", help="the game to simulate")
    sim.add_argument("-n", "--games", type=_count, default=100, metavar="N", help="number of games (default 100)")
    sim.add_argument("--seed", type=_seed, default=0, metavar="S", help="seed of the whole run (default 0)")
    sim.add_argument("--bot", choices=sorted(BOTS), default="random", help="the bot in every seat (default random)")
    sim.add_argument("--max-decisions", type=_positive, default=100_000, metavar="M",
                     help="a game still running after M decisions counts as an error (default 100000)")
    sim.add_argument("--json", action="store_true", help="print the statistics as JSON")
    sim.set_defaults(run=cmd_simulate)
    return parser


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("tabletop")
    except Exception:
        return "(not installed)"


# ---------------------------------------------------------------- main

def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse has printed the usage error or the help
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    try:
        return args.run(args)
    except UsageError as e:
        err(f"tabletop {args.command}: {e}")
        return 2
    except GameError as e:
        err(str(e))
        return 1
    except RulebookError as e:
        err(render_all(e.diagnostics, getattr(e, "sources", None)))
        return 1
    except KeyboardInterrupt:
        err("Interrupted.")
        return 1
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except Exception as e:
        if os.environ.get("TABLETOP_DEBUG"):
            raise
        err(f"tabletop {args.command}: internal error ({type(e).__name__}: {e}). "
            "Please report it; TABLETOP_DEBUG=1 shows the traceback.")
        return 1


def _silence_stdout() -> None:
    """After a closed pipe (`tabletop ... | head`), keep Python from complaining at exit."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def load(api, path: str, variant: str | None, options: dict[str, str]):
    """Load a game; a bad option value is a usage error, a bad rulebook a RulebookError."""
    try:
        return api.load_game(path, variant=variant, options=options)
    except OSError as e:
        raise UsageError(f"cannot read {e.filename or path}: {e.strerror or e}.") from None
    except ValueError as e:
        raise UsageError(str(e)) from None


def check_players(game, players: int | None) -> None:
    if players is not None and not game.min_players <= players <= game.max_players:
        span = (f"{game.min_players}" if game.min_players == game.max_players
                else f"{game.min_players} to {game.max_players}")
        raise UsageError(f"{game.title} is for {span} players, not {players}.")


def new_state(game, players: int | None, seed: int):
    check_players(game, players)
    try:
        return game.new_state(players=players, seed=seed)
    except ValueError as e:
        raise UsageError(str(e)) from None


# ---------------------------------------------------------------- check

def cmd_check(args) -> int:
    api = engine()
    files, found = [], []
    for path in args.paths:
        diagnostics, sources = _check_one(api, path, args.variant)
        errors = sum(1 for d in diagnostics if d.severity == "error")
        files.append({"path": path, "ok": errors == 0, "errors": errors,
                      "warnings": len(diagnostics) - errors})
        found.extend(diagnostics)
        if args.format == "text":
            _print_check(path, diagnostics, sources, errors)
    ok = all(f["ok"] for f in files)
    if args.format == "json":
        print(json.dumps({"files": files, "diagnostics": [d.to_json() for d in found], "ok": ok}, indent=1))
    return 0 if ok else 1


def _check_one(api, path: str, variant: str | None):
    """The diagnostics of one rulebook (errors, or the warnings of a clean one) and its sources."""
    try:
        game = load(api, path, variant, {})
    except RulebookError as e:
        return list(e.diagnostics), getattr(e, "sources", None)
    return list(getattr(game, "warnings", [])), getattr(game, "sources", None)


def _print_check(path: str, diagnostics, sources, errors: int) -> None:
    if diagnostics:
        print(render_all(diagnostics, sources))
    warnings = len(diagnostics) - errors
    if errors:
        print(f"{path}: {errors} error{'s' * (errors != 1)}"
              + (f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""))
    else:
        print(f"{path}: ok" + (f" ({warnings} warning{'s' * (warnings != 1)})" if warnings else ""))


# ---------------------------------------------------------------- simulate

def cmd_simulate(args) -> int:
    api = engine()
    game = load(api, args.game, args.variant, dict(args.option))
    check_players(game, args.players)
    stats = simulate(game, args.games, args.seed, players=args.players, bot=args.bot,
                     max_decisions=args.max_decisions, name=args.game)
    print(json.dumps(stats, indent=1) if args.json else format_stats(stats))
    return 1 if stats["errors"] else 0


def _range(r: dict) -> str:
    if r["mean"] is None:
        return "none finished"
    return f"min {r['min']:g}, mean {r['mean']:g}, max {r['max']:g}"


def format_stats(stats: dict) -> str:
    games = stats["games"]
    players = stats["players"]
    lines = [f"{stats['title']}: {games} games, {players} player{'s' * (players != 1)}, "
             f"seed {stats['seed']}, {stats['bot']} bots"]
    settings = ([f"variant {stats['variant']}"] if stats["variant"] else []) + \
        [f"{k}={v}" for k, v in stats["options"].items()]
    if settings:
        lines.append(f"  {', '.join(settings)}")
    lines.append(f"  finished: {stats['finished']}, errors: {stats['errors']}")
    lines += [f"    {message}" for message in stats["error_messages"]]
    for seat, wins in enumerate(stats["wins"]):
        share = f" ({100 * wins / stats['finished']:.1f}%)" if stats["finished"] else ""
        lines.append(f"  {seat_name(seat)}: {wins} wins{share}; score {_range(stats['scores'][seat])}")
    for name, side in stats.get("sides", {}).items():
        share = f" ({100 * side['wins'] / stats['finished']:.1f}%)" if stats["finished"] else ""
        shared = f", {side['shared_wins']} shared" if side["shared_wins"] else ""
        lines.append(f"  {name.replace('_', ' ')} (a side): {side['wins']} wins{share}{shared}; score {_range(side['scores'])}")
    lines.append(f"  no winner: {stats['no_winner']}")
    lines.append(f"  decisions per game: {_range(stats['decisions'])}")
    rate = stats["games_per_second"]
    lines.append(f"  time: {stats['seconds']:.2f} s" + (f" ({rate:g} games/s)" if rate else ""))
    return "\n".join(lines)


# ---------------------------------------------------------------- play

@dataclass
class Script:
    """A moves file: option labels (or 1-based numbers), one a line, played in order."""
    path: str
    lines: list[tuple[int, str]]
    position: int = 0

    @classmethod
    def read(cls, path: str) -> "Script":
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else "it is not UTF-8 text"
            raise GameError(f"Cannot read the moves file {path}: {reason}.") from None
        lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)]
        return cls(path, [(n, line) for n, line in lines if line and not line.startswith("#")])

    def next(self) -> tuple[int, str] | None:
        if self.position >= len(self.lines):
            return None
        self.position += 1
        return self.lines[self.position - 1]


TIMED_SUFFIX = re.compile(r"^(.*?)\s+@\s*(\d+(?:\.\d+)?)\s*s?$")


def match_option(text: str, options: list[str]) -> int | None:
    """The index `text` names: an exact label, a 1-based number, or a label in other case."""
    if text in options:
        return options.index(text)
    if text.isdigit():
        number = int(text)
        return number - 1 if 1 <= number <= len(options) else None
    folded = [i for i, label in enumerate(options) if label.casefold() == text.casefold()]
    return folded[0] if len(folded) == 1 else None


def list_some(options: list[str], limit: int = 5) -> str:
    shown = ", ".join(f"'{o}'" for o in options[:limit])
    return shown + (f", … ({len(options)} in all)" if len(options) > limit else "")


class Stop(Exception):
    """The game stops before its end: end of input, Ctrl-C, 'quit', a bad moves file, a rule error."""

    def __init__(self, message: str = "", offer: bool = True):
        super().__init__(message)
        self.message = message
        self.offer = offer   # ask before saving, when someone is there to answer


@dataclass
class Session:
    """One game at the terminal: who sits where, the moves so far, and where to save."""
    api: object
    game: object
    state: object
    seed: int
    moves: list[Move]
    bots: dict[int, object]
    save_target: str
    save_requested: bool
    script: Script | None = None
    quiet: bool = False
    out: object = field(default_factory=lambda: sys.stdout)

    # -- output --
    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def interactive(self) -> bool:
        try:
            return sys.stdin.isatty()
        except (AttributeError, ValueError):
            return False

    # -- the game loop --
    def run(self) -> int:
        try:
            self.loop()
        except Stop as stop:
            return self.stopped(stop)
        except KeyboardInterrupt:  # outside a prompt: the state may be half-updated, so rebuild it
            self.state = savefile.replay(self.game, self.state.players, self.seed, self.moves)
            return self.stopped(Stop("Interrupted.", offer=False))
        except getattr(self.api, "RuleError", ()) as e:  # the failed move is not kept; rebuild as above
            self.state = savefile.replay(self.game, self.state.players, self.seed, self.moves)
            return self.stopped(Stop(f"The rulebook failed during play: {e}", offer=False))
        self.finished()
        return 0

    def loop(self) -> None:
        while not self.state.is_over:
            decision = self.state.pending
            seat = decision.players[0]
            if not self.state.options(seat):
                raise GameError(f"The game asks {seat_name(seat)} to decide but offers no options; "
                                "the rulebook or the engine is at fault.")
            if seat in self.bots:
                move = bot_move(self.bots[seat], self.state, seat)
                self.apply(move, f"{seat_name(seat)} ({self.bots[seat].name})")
            elif self.script and (line := self.script.next()):
                self.apply(self.scripted(decision, seat, *line), seat_name(seat), line)
            else:
                move = self.ask(decision, seat)
                if move is not None:
                    self.apply(move, None)

    def apply(self, move: Move, who: str | None, line: tuple[int, str] | None = None) -> None:
        label = self.state.options(move.seat)[move.index]
        try:
            self.state.apply(move.index, seat=move.seat, time=move.time)
        except self.api.IllegalMove as e:
            if line is not None:
                raise Stop(f"{self.script.path}:{line[0]}: '{line[1]}' was refused: {e.reason}") from None
            if who is not None:
                raise GameError(f"{who} chose '{label}', which the game refused: {e.reason}") from None
            self.say(e.reason)
            return
        self.moves.append(move)
        if who is not None and not self.quiet:
            self.say(f"{who}: {label}")

    def scripted(self, decision, seat: int, number: int, text: str) -> Move:
        options = self.state.options(seat)
        index, seconds = match_option(text, options), None
        if index is None and (timed := TIMED_SUFFIX.match(text)):
            index, seconds = match_option(timed.group(1), options), float(timed.group(2))
        if index is None:
            raise Stop(f"{self.script.path}:{number}: '{text}' is not an option for {seat_name(seat)} now; "
                       f"the options are {list_some(options)}.")
        if decision.timed and seconds is None:
            seconds = 1.0
        return Move(seat, index, seconds if decision.timed else None)

    # -- asking a human --
    def show(self, decision, seat: int) -> None:
        self.say()
        self.say(self.state.render(seat))
        who = f"{seat_name(seat)}: " if self.state.players > 1 else ""
        self.say(f"{who}{self.state.prompt(seat)}")
        for number, label in enumerate(self.state.options(seat), 1):
            self.say(f"  {number:>2}. {label}")

    def ask(self, decision, seat: int) -> Move | None:
        """One answer from the human in `seat`, or None after a command (the caller asks again)."""
        self.show(decision, seat)
        options = self.state.options(seat)
        started = time.monotonic()
        while True:
            text = self.read_line("> ").strip()
            index = match_option(text, options)
            if index is not None:
                seconds = time.monotonic() - started if decision.timed else None
                return Move(seat, index, seconds)
            if not self.command(text, options, decision, seat):
                return None

    def command(self, text: str, options: list[str], decision, seat: int) -> bool:
        """Carry out a command typed at the prompt; True to keep reading at the same prompt."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("?", "help"):
            self.say(HELP_TEXT.format(target=self.save_target))
        elif word in ("show", "board"):
            return False
        elif word == "save":
            self.save(rest.strip() or self.save_target)
        elif word in ("quit", "exit"):
            raise Stop("You left the game.")
        elif text.isdigit():
            self.say(f"There is no option {text}; choose 1 to {len(options)}.")
        elif not text:
            self.say(f"Type a number from 1 to {len(options)}, or ? for help.")
        else:
            self.say(f"'{text}' is not an option or a command; type a number from 1 to "
                     f"{len(options)}, or ? for help.")
        return True

    def read_line(self, prompt: str) -> str:
        print(prompt, end="", file=self.out, flush=True)
        try:
            line = sys.stdin.readline()
        except KeyboardInterrupt:
            self.say()
            raise Stop("Interrupted.") from None
        if not line:
            self.say()
            raise Stop("End of input.")
        return line

    # -- the end --
    def save(self, path: str) -> None:
        snapshot = savefile.snapshot(self.game, self.state, self.seed, self.moves)
        try:
            savefile.write(path, snapshot)
        except savefile.SaveFileError as e:
            err(str(e))
            return
        self.say(f"Game saved to {path}.")

    def stopped(self, stop: Stop) -> int:
        err(f"{stop.message} The game is not over.")
        if stop.offer and self.interactive() and not self.save_requested and not self.confirm_save():
            err("Not saved.")
            return 1
        snapshot = savefile.snapshot(self.game, self.state, self.seed, self.moves)
        try:
            savefile.write(self.save_target, snapshot)
        except savefile.SaveFileError as e:
            err(str(e))
            return 1
        err(f"Game saved to {self.save_target}. Resume it with: tabletop play --load {self.save_target}")
        return 1

    def confirm_save(self) -> bool:
        err(f"Save the game to {self.save_target}? [Y/n] ")
        try:
            answer = sys.stdin.readline().strip().lower()
        except KeyboardInterrupt:
            return True
        return answer not in ("n", "no")

    def finished(self) -> None:
        if not self.quiet:
            humans = [s for s in range(self.state.players) if s not in self.bots]
            self.say()
            self.say(self.state.render(humans[0] if humans else 0))
        self.say(format_result(self.state.result, self.state.players))
        if self.script and (line := self.script.next()):
            err(f"{self.script.path}:{line[0]}: the game ended before this line; it and the rest were not played.")
        if self.save_requested:
            self.save(self.save_target)


def format_result(result, players: int) -> str:
    lines = [f"Game over: {result.reason}"]
    sides = getattr(result, "sides", [])
    names = [seat_name(w) for w in result.winners] + [side.replace('_', ' ') for side in sides]
    if not names:
        lines.append("Nobody wins.")
    else:
        lines.append(f"Winner{'s' * (len(names) > 1)}: {', '.join(names)}" + (" (a shared win)" if len(names) > 1 else ""))
    scores = [f"{seat_name(s)} {score}" for s, score in enumerate(result.scores)]
    scores += [f"{side.replace('_', ' ')} {score}" for side, score in getattr(result, "side_scores", {}).items()]
    if scores:
        lines.append("Score" + "s" * (len(scores) > 1) + ": " + ", ".join(scores))
    return "\n".join(lines)


def cmd_play(args) -> int:
    api = engine()
    if args.load:
        game, state, seed, moves = _resume(api, args)
    else:
        if not args.game:
            raise UsageError("name a GAME to play, or give --load FILE to resume a saved game.")
        game = load(api, args.game, args.variant, dict(args.option))
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        state, moves = new_state(game, args.players, seed), []
    bots = _bots(args.seat, state.players, seed, len(moves))
    session = Session(api, game, state, seed, moves, bots,
                      save_target=args.save or args.load or AUTOSAVE, save_requested=bool(args.save),
                      script=Script.read(args.moves) if args.moves else None, quiet=args.quiet,
                      out=sys.stderr if args.dump_state else sys.stdout)
    if not args.quiet and not args.load:
        session.say(f"{game.title}: {state.players} player{'s' * (state.players != 1)}, seed {seed}. "
                    "Type ? for help.")
    code = session.run()
    if args.dump_state:
        print(json.dumps(session.state.to_json(), indent=1), flush=True)
    return code


def _resume(api, args):
    given = [flag for flag, value in (("--seed", args.seed), ("--players", args.players),
                                      ("--variant", args.variant), ("--option", args.option or None))
             if value is not None]
    if given:
        raise UsageError(f"{', '.join(given)} cannot be used with --load; the saved game fixes them.")
    try:
        saved = savefile.read(args.load)
        game = load(api, args.game or saved.game, saved.variant, saved.options)
        state = savefile.restore(game, saved, args.load)
    except savefile.SaveFileError as e:
        raise GameError(str(e)) from None
    return game, state, saved.seed, list(saved.moves)


def _bots(seats: list[tuple[int, str]], players: int, seed: int, moves_so_far: int) -> dict[int, object]:
    bots = {}
    for seat, kind in seats:
        if seat >= players:
            raise UsageError(f"--seat {seat + 1}={kind}: this game has {players} seat{'s' * (players != 1)}.")
        if kind == "human":
            bots.pop(seat, None)
        else:
            bots[seat] = make_bot(kind, derive_seed(seed, moves_so_far, f"seat {seat}"))
    return bots
