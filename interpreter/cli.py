"""The `tabletop` command line: check rulebooks, play games at the terminal, simulate bot games, run scenarios,
format rulebooks.

Exit codes: 0 ok, 1 a rulebook or game error (or a game left unfinished), 2 a usage error.
Whatever happens, the user sees a message in words, never a Python traceback (set
TABLETOP_DEBUG=1 to get one for an internal error).

This module parses the arguments and dispatches: `check`, `simulate` and `format` are here (the
layout itself is `dsl/formatter.py`; this module reads and writes the files), a game at
the terminal is `session.py` (laid out by `terminal.py`). It talks to the engine only through
its public API (`interpreter.api`, reached through `engine()` so tests can run the command line
against a fake). It must not know any game, and must not decide rules: it shows what the engine
says and passes answers back.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import sys
from contextlib import contextmanager

from tabletop.dsl.diagnostics import FOLD_AFTER, RulebookError, closest, echo, render_all, visible
from tabletop.interpreter import savefile
from tabletop.interpreter.bots import BOTS, MAX_DECISIONS, Seat, parse_kind
from tabletop.interpreter.errors import GameError
from tabletop.interpreter.savefile import AUTOSAVE
from tabletop.interpreter.terminal import Terminal, is_terminal, write
from tabletop.interpreter.words import quote

SEAT_KINDS = ["human", *BOTS]
SEED_LIMIT = 2 ** 63          # seeds are from -2**63 to 2**63 - 1, as a save file holds them
DIGITS = re.compile(r"[0-9]+")


class UsageError(Exception):
    """The command line asks for something impossible; exit code 2. `detail` is the message
    without the flag it starts with ("--variant: "), for a caller that says it otherwise."""

    def __init__(self, message: str, detail: str | None = None):
        super().__init__(message)
        self.detail = message if detail is None else detail


class OutputError(Exception):
    """Standard output cannot be written (a full disk, a device that refuses it); exit code 1."""


def engine():
    """The engine's API module. Tests replace this function to run the CLI against a fake."""
    from tabletop.interpreter import api
    return api


def err(message: str) -> None:
    write(sys.stderr, visible(message))     # it may quote a path or value with an escape in it


def show(text: str) -> None:
    """Print `text` on standard output. A pipe closed by its reader (`| head`) raises
    BrokenPipeError, which ends the command quietly; any other failure to write is an OutputError,
    said in words, and so is a program started without standard output (`>&-`, where Python's
    sys.stdout is None and print would drop the text without a word, and the command exit 0)."""
    if sys.stdout is None:
        raise OutputError("cannot write to standard output (it is closed).")
    try:
        print(visible(text), flush=True)     # a rulebook's words (simulate's ends) are untrusted
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as e:      # ValueError: a character the output's encoding lacks
        raise OutputError(f"cannot write to standard output ({getattr(e, 'strerror', None) or e}).") from None


# ---------------------------------------------------------------- argument parsing

def _option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"'{echo(text)}' is not KEY=VALUE (for example difficulty=elite)")
    return key.strip(), value.strip()


def _seat(text: str) -> tuple[int, str, dict]:
    number, sep, kind = text.partition("=")
    if not sep or not DIGITS.fullmatch(number.strip()) or not number.strip().lstrip("0"):
        raise argparse.ArgumentTypeError(f"'{echo(text)}' is not N=KIND with N a seat number from 1 (for example 2=random)")
    number = _positive(number)
    name = kind.partition(":")[0].strip()
    if name not in SEAT_KINDS:
        raise argparse.ArgumentTypeError(f"'{echo(name)}' is not a kind of seat; choose from {', '.join(SEAT_KINDS)}")
    try:
        name, params = parse_kind(kind)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return number - 1, name, params


def _sim_seat(text: str) -> tuple[int, str]:
    """`--seat N=KIND` of simulate: a bot (not a human) for seat N, as (seat from 0, kind text)."""
    number, sep, kind = text.partition("=")
    if not sep or not DIGITS.fullmatch(number.strip()) or not number.strip().lstrip("0"):
        raise argparse.ArgumentTypeError(f"'{echo(text)}' is not N=KIND with N a seat number from 1 (for example 2=racer)")
    return _positive(number) - 1, _bot(kind)


def _bot(text: str) -> str:
    try:
        kind, _ = parse_kind(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    if kind == "human":
        raise argparse.ArgumentTypeError("a simulation has bots in every seat, not humans")
    return text.strip()


def _path(text: str) -> str:
    """A PATH or GAME on the command line: an empty one would silently mean the current folder."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path names nothing; give a rulebook's folder, "
                                         "a .rules file or a game's name")
    return text


def _variant(text: str) -> str:
    """A --variant's name: an empty one would quietly mean the base game."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name names no variant; give a variant's name (a file "
                                         "of the rulebook's variants/ folder, without .rules), or leave "
                                         "--variant out to play the base game")
    return text


MAX_DIGITS = 100       # more than any count needs; int() will not even read 4,300


def _whole(text: str, least: int) -> int:
    """`text` as a whole number of `least` or more, else an ArgumentTypeError in words."""
    digits = text.strip()
    significant = digits.lstrip("0")
    if DIGITS.fullmatch(digits) and len(significant) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"'{echo(text)}' has more digits than any count needs (at most {MAX_DIGITS})")
    if not DIGITS.fullmatch(digits) or int(significant or "0") < least:
        raise argparse.ArgumentTypeError(f"'{echo(text)}' is not a whole number of {least} or more")
    return int(significant or "0")


def _count(text: str) -> int:
    return _whole(text, 0)


MAX_GAMES = 100_000_000       # a run's outcomes are kept to sum them up: more would not fit in memory


def _games(text: str) -> int:
    value = _count(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"'{echo(text)}' games are more than one run can sum up; the most is {MAX_GAMES:,}")
    return value


def _positive(text: str) -> int:
    return _whole(text, 1)


def _seed(text: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,19}", text.strip()) or not -SEED_LIMIT <= int(text) < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"'{echo(text)}' is not a whole number from -2**63 to 2**63 - 1")
    return int(text)


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors quote the arguments given safely (`err`)."""

    def _print_message(self, message, file=None):
        super()._print_message(visible(message) if message else message, file)

    def unknown(self, extra: list) -> str:
        """The usage error for arguments this command does not take, said by the command itself
        (`tabletop test --scenario FILE`): a flag close to one of its own is named, else its flags
        are listed and its positional arguments said to be given without a flag."""
        said = f"unrecognized arguments: {' '.join(extra)}"
        flag = next((e.split("=", 1)[0] for e in extra if e.startswith("-") and e != "-"), None)
        if flag is None:
            return said
        flags = [o for a in self._actions for o in a.option_strings if o not in ("-h", "--help")]
        # compared without their dashes, which would make '--x' as close to '--bot' as a slip of one letter
        bare_flags = {o.lstrip("-"): o for o in flags}
        guess = closest(flag.lstrip("-"), bare_flags)
        if guess:
            return f"{said}; did you mean '{bare_flags[guess]}'?"
        bare = [a for a in self._actions if not a.option_strings and a.metavar and a.help]
        told = f"{said}; '{self.prog}' has no option {flag}" + (f" (its options: {', '.join(flags)})" if flags else "")
        if bare:
            told += "; " + "; ".join(f"{a.metavar} ({a.help}) is given without a flag" for a in bare)
        return told


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tabletop",
        description="Check, play, simulate, test and format tabletop games written as rulebooks.",
        epilog="A GAME is a folder name under rulebooks/ (taboo_atoll_express) or a path to a "
               "rulebook folder or .rules file. Exit codes: 0 ok, 1 rulebook or game error, 2 usage error.",
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    game_args = argparse.ArgumentParser(add_help=False)
    game_args.add_argument("--variant", type=_variant, metavar="V", help="play the named variant of the game")
    game_args.add_argument("--option", action="append", type=_option, default=[], metavar="K=V",
                           help="set a game option, e.g. difficulty=elite (repeatable)")
    game_args.add_argument("--players", type=_positive, metavar="P",
                           help="number of players (default: the game's minimum)")

    check = sub.add_parser("check", help="validate rulebooks and report every error",
                           description="Load each rulebook and report every error found, with its "
                                       "file, line and column. Exit 0 when all are clean, 1 on errors, "
                                       "2 when a rulebook or variant named does not exist.")
    check.add_argument("paths", nargs="+", type=_path, metavar="PATH", help="rulebook folder, .rules file or game name")
    check.add_argument("--format", choices=["text", "json"], default="text",
                       help="text for people (default) or json for programs (schemas/diagnostics.schema.json)")
    check.add_argument("--json", action="store_const", dest="format", const="json",
                       help="the same as --format json (as simulate's --json)")
    check.add_argument("--variant", type=_variant, metavar="V", help="check the rulebook with only this variant applied "
                                                      "(default: the rulebook, then each of its variants)")
    check.add_argument("--every-warning", action="store_true",
                       help=f"show each warning in full (by default a warning met more than {FOLD_AFTER} times "
                            "is shown that many times, then its other places in one line)")
    check.set_defaults(run=cmd_check)

    play = sub.add_parser("play", parents=[game_args], help="play a game at the terminal",
                          description="Play a game at the terminal. Each seat is a human or a bot; "
                                      "humans answer each decision with a number or the option's label.",
                          epilog="End of input, Ctrl-C, 'quit', a closed terminal or SIGTERM before the end "
                                 "saves the game (to --save FILE, else the --load FILE or the last 'save FILE', "
                                 f"else a new {AUTOSAVE}; somewhere that works if that fails, saying where) "
                                 "and exits 1; resume it with 'tabletop play --load FILE'. The save remembers "
                                 "the seats and their bots. A race (a timed choice, such as Smackshapes' tap) "
                                 "between two or more humans at one terminal is played on one clock: each "
                                 "seat buzzes with its own key (its number, 1 to 9), pressed without Enter; "
                                 "then each names its answer without hurry, and the buzz is its time.")
    play.add_argument("game", nargs="?", type=_path, metavar="GAME", help="the game to play (optional with --load)")
    play.add_argument("--seed", type=_seed, metavar="S", help="the engine's seed (default: a random one, shown)")
    play.add_argument("--seat", action="append", type=_seat, default=[], metavar="N=KIND[:K=V,...]",
                      help=f"who plays seat N (1-based): {', '.join(SEAT_KINDS)}, a bot with parameters after "
                           "a colon (2=first:patience=50); default human (repeatable; with --load, changes "
                           "the saved seat)")
    play.add_argument("--moves", metavar="FILE",
                      help="play these option labels (one a line; '#' comments; a line may be an option's number, unless an option's label is that number) "
                           "before asking anyone, each shown as a person's answer is (Player 1 chose: ...)")
    play.add_argument("--save", metavar="FILE", help="save the game to FILE at the end or when stopped "
                                                      "(checked before the game starts)")
    play.add_argument("--load", metavar="FILE", help="resume the game saved in FILE (saved there again when it "
                                                      "stops or ends, unless --save names another file)")
    play.add_argument("--dump-state", action="store_true",
                      help="print the final state as JSON on stdout (everything else goes to stderr)")
    play.add_argument("--quiet", action="store_true", help="show only what a human needs to decide (the table, the "
                      "question) and the result: no answer, nor any line the rules say")
    play.set_defaults(run=cmd_play)

    sim = sub.add_parser("simulate", parents=[game_args], help="play many seeded bot games and sum them up",
                         description="Play N games with bots in every seat and report wins, scores and "
                                     "lengths. The same seed gives the same statistics. Exit 1 if any game "
                                     "failed.")
    sim.add_argument("game", type=_path, metavar="GAME", help="the game to simulate")
    sim.add_argument("-n", "--games", type=_games, default=100, metavar="N",
                     help=f"number of games (default 100, at most {MAX_GAMES:,})")
    sim.add_argument("--seed", type=_seed, default=0, metavar="S", help="seed of the whole run (default 0)")
    sim.add_argument("--bot", type=_bot, default="random", metavar="KIND[:K=V,...]",
                     help=f"the bot in every seat: {', '.join(sorted(BOTS))}, with parameters after a colon "
                          "(first:patience=50); default random")
    sim.add_argument("--seat", action="append", type=_sim_seat, default=[], metavar="N=KIND[:K=V,...]",
                     help="another bot for seat N (1-based), e.g. 2=racer:skill=0.9 (repeatable); the win "
                          "rates then compare the bots")
    sim.add_argument("--max-decisions", type=_positive, default=MAX_DECISIONS, metavar="M",
                     help="a game still running after M decisions counts as an error (default %(default)s)")
    sim.add_argument("--workers", type=_positive, default=os.cpu_count() or 1, metavar="W",
                     help="processes sharing the games (default: all cores, here %(default)s; at most twice "
                          "as many); the statistics are the same for any number")
    sim.add_argument("--json", action="store_true", help="print the statistics as JSON")
    sim.set_defaults(run=cmd_simulate)

    test = sub.add_parser("test", help="run a rulebook's scenarios (set a position, force dice, move, expect)",
                          description="Run the scenario files of rulebooks (each folder's scenarios/*.yaml) or "
                                      "the files given, and report each failing case with its file and line, what "
                                      "was expected and what happened. Exit 0 when all pass, 1 otherwise, "
                                      "2 when a path does not exist.")
    test.add_argument("paths", nargs="+", type=_path, metavar="PATH", help="rulebook folder, game name, scenario file or folder")
    test.add_argument("--format", choices=["text", "json"], default="text",
                      help="text for people (default) or json for programs (schemas/test.schema.json)")
    test.add_argument("--json", action="store_const", dest="format", const="json",
                      help="the same as --format json (as simulate's --json)")
    test.add_argument("-k", metavar="TEXT", dest="only", help="run only the cases whose name contains TEXT")
    test.add_argument("-v", "--verbose", action="store_true", help="list every case with ok or FAILED")
    test.set_defaults(run=cmd_test)

    fmt = sub.add_parser("format", help="lay rulebook files out in the house style",
                         description="Rewrite each rulebook file in the one layout of the bundled rulebooks: "
                                     "4 spaces a block, spaces around operators, ', ' after commas. Texts and "
                                     "comments are kept byte for byte, no line is wrapped or joined, and a file is "
                                     "written only when its new text parses to the same rules (each file replaced "
                                     "at once, keeping its permissions). A rulebook folder is its game.rules and "
                                     "variants/*.rules. Exit 0 when all are formatted (or, with --check, already "
                                     "were), 1 when a file would change (--check) or cannot be formatted (it does "
                                     "not parse: its errors are shown), 2 when a path does not exist.")
    fmt.add_argument("paths", nargs="+", type=_path, metavar="PATH", help="rulebook folder, .rules file or game name")
    fmt.add_argument("--check", action="store_true",
                     help="change nothing; list the files that would change and exit 1 if there are any")
    fmt.add_argument("--diff", action="store_true", help="change nothing; print what would change as a unified diff")
    fmt.set_defaults(run=cmd_format)
    parser.commands = {"check": check, "play": play, "simulate": sim, "test": test, "format": fmt}
    return parser


class _VersionAction(argparse.Action):
    """`--version`, looked up only when asked for: reading the installed package's metadata costs
    every other command a fifth of a cold `check`."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show the program's version number and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        try:
            show(f"{parser.prog} {_version()}")
        except BrokenPipeError:
            _silence_stdout()
            parser.exit(1)
        except OutputError as e:
            parser.exit(1, f"{parser.prog}: {e}\n")
        parser.exit()


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
        args, extra = parser.parse_known_args(argv)
        if extra:   # told by the command given, with its usage, not by `tabletop` with the list of commands
            command = parser.commands.get(getattr(args, "command", None), parser)
            command.error(command.unknown(extra))
    except SystemExit as e:  # argparse has printed the usage error or the help
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    try:
        if sys.stdout is None and args.command != "play":    # their output is their point: say so now, not after
            show("")
        return args.run(args)
    except UsageError as e:
        err(f"tabletop {args.command}: {e}")
        return 2
    except (GameError, OutputError) as e:
        err(str(e) if isinstance(e, GameError) else f"tabletop {args.command}: {e}")
        return 1
    except RulebookError as e:
        err(render_all(e.diagnostics, getattr(e, "sources", None), how_to_see=SEE_EVERY))
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


# What the command line asked for and the rulebook does not have: a path that names no rulebook
# (E001, E002), a variant it has not (E016), an option it has not or a value it does not allow
# (E030, E031). These are usage errors (exit 2), said with the rulebook's did-you-mean.
PATH_CODES, VARIANT_CODES, OPTION_CODES = ("E001", "E002"), ("E016",), ("E030", "E031")


def _option_values(pairs: list) -> dict:
    """The --option K=V pairs as a dict; one option given two values is a usage error (the last
    one would silently win)."""
    values: dict = {}
    for k, v in pairs:
        if k in values and values[k] != v:
            raise UsageError(f"--option {k} is given twice, as '{values[k]}' and as '{v}'; give it once.")
        values[k] = v
    return values


def load(api, path: str, variant: str | None, options: dict[str, str], source: bool = True,
         variant_given: bool = True):
    """Load a game; what the command line names and the rulebook lacks (no such rulebook,
    variant, option or option value) is a usage error, a bad rulebook a RulebookError. A game
    only checked is compiled without `source` (api.load_game): it is never played.
    `variant_given`: the variant was named on the command line (not found in the folder)."""
    try:
        return api.load_game(path, variant=variant, options=options, source=source)
    except OSError as e:
        raise UsageError(f"cannot read {e.filename or path}: {e.strerror or e}.") from None
    except ValueError as e:
        raise UsageError(str(e)) from None
    except RulebookError as e:
        usage = _usage_problem(e, path, variant_given)
        if usage is None:
            raise
        raise UsageError(*usage) from None


def _usage_problem(e: RulebookError, path: str, variant_given: bool) -> tuple | None:
    """The usage error a RulebookError is (its only diagnostic is about the command line), as its
    message and the same without the flag, or None."""
    if len(e.diagnostics) != 1:
        return None
    d = e.diagnostics[0]
    codes = PATH_CODES + OPTION_CODES + (VARIANT_CODES if variant_given else ())
    if d.code not in codes or d.code in PATH_CODES and d.span.file != path:
        return None
    flag = {"E016": "--variant: ", "E030": "--option: ", "E031": "--option: "}.get(d.code, "")
    message = d.message
    if d.hint:
        message = message.rstrip(".") + f"; {d.hint}" + ("" if d.hint.endswith("?") else ".")
    return f"{flag}{message}", message


def check_players(game, players: int | None) -> None:
    if players is not None and not game.min_players <= players <= game.max_players:
        span = (f"{game.min_players}" if game.min_players == game.max_players
                else f"{game.min_players} to {game.max_players}")
        noun = "player" if game.max_players == 1 else "players"
        raise UsageError(f"{game.title} is for {span} {noun}, not {players}.")


def new_state(api, game, players: int | None, seed: int):
    check_players(game, players)
    try:
        return game.new_state(players=players, seed=seed)
    except ValueError as e:
        raise UsageError(str(e)) from None
    except getattr(api, "RuleError", ()) as e:    # setup failed before anyone decided anything
        raise GameError(f"The rulebook failed before the first decision of the game: {e}") from None


# ---------------------------------------------------------------- check

def cmd_check(args) -> int:
    api = engine()
    files, found, usage = [], [], []
    for path in args.paths:
        # Without --variant, a rulebook's folder is checked with each of its variants too.
        told = set()       # the base's warnings, not told again under each of its variants
        base_failed = False
        for variant in [args.variant] if args.variant else [None] + _variants_of(path):
            try:
                diagnostics, sources = _check_one(api, path, variant, bool(args.variant))
                diagnostics = [d for d in diagnostics if d.severity == "error" or _key(d) not in told]
                told |= {_key(d) for d in diagnostics if d.severity != "error"}
            except UsageError as e:     # no such rulebook, or no such variant: the others are still checked
                usage.append(str(e))
                err(f"tabletop check: {e}")
                break
            errors = sum(1 for d in diagnostics if d.severity == "error")
            if variant is None:
                base_failed = errors > 0
            elif not args.variant and base_failed:
                break       # the base has errors: its variants would only repeat them
            # (a variant with errors of its own does not stop its folder's other variants)
            files.append({"path": path, "variant": variant, "ok": errors == 0, "errors": errors,
                          "warnings": len(diagnostics) - errors})
            found.extend(diagnostics)
            if args.format == "text":
                _print_check(path + (f" --variant {variant}" if variant else ""), diagnostics, sources, errors,
                             args.every_warning)
    ok = all(f["ok"] for f in files) and not usage
    if args.format == "json":
        show(json.dumps({"files": files, "diagnostics": [d.to_json() for d in found], "ok": ok}, indent=1))
    return 2 if usage else 0 if ok else 1


SEE_EVERY = "('tabletop check --every-warning' shows each.)"


def _key(d) -> tuple:
    return d.code, d.message, d.span.file, d.span.line, d.span.column


def _variants_of(path: str) -> list[str]:
    """The variants of the rulebook a check names: its folder's variants/*.rules."""
    from tabletop.dsl.loader import find_rulebook, variant_files
    try:
        folder = find_rulebook(path)
    except RulebookError:
        return []
    if not folder.is_dir():
        return []
    return [v.stem for v in variant_files(folder) if v.is_file()]


def _check_one(api, path: str, variant: str | None, variant_given: bool = True):
    """The diagnostics of one rulebook (errors, or the warnings of a clean one) and its sources."""
    try:
        game = load(api, path, variant, {}, source=False, variant_given=variant_given)
    except RulebookError as e:
        return list(e.diagnostics), getattr(e, "sources", None)
    return list(getattr(game, "warnings", [])), getattr(game, "sources", None)


def _print_check(path: str, diagnostics, sources, errors: int, every: bool = False) -> None:
    if diagnostics:
        show(render_all(diagnostics, sources, every, SEE_EVERY))
    warnings = len(diagnostics) - errors
    if errors:
        show(f"{path}: {errors} error{'s' * (errors != 1)}"
              + (f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""))
    else:
        show(f"{path}: ok" + (f" ({warnings} warning{'s' * (warnings != 1)})" if warnings else ""))


# ---------------------------------------------------------------- test

def cmd_test(args) -> int:
    from tabletop.interpreter import scenarios
    files = []
    for path in args.paths:
        try:
            found = scenarios.find_files(path)
        except FileNotFoundError:
            raise UsageError(f"there is no rulebook or scenario file '{path}'.") from None
        except OSError as e:       # a name too long for the file system, a folder on the way that is a file
            raise UsageError(f"cannot read '{echo(path)}': {e.strerror or e}.") from None
        if not found:
            if args.format == "json":       # a script reads its answer on standard output
                show(json.dumps(scenarios.Report().to_json(), indent=1))
            err(f"{path}: no scenario files (a rulebook keeps them in its scenarios/ folder).")
            return 1
        files.extend(found)
    report = scenarios.run_files(files, args.only)
    show(json.dumps(report.to_json(), indent=1) if args.format == "json" else scenarios.render(report, args.verbose))
    if args.only and not report.cases:
        err(f"No case's name holds '{args.only}' (-k picks the cases whose names hold it).")
    return 0 if report.ok else 1


# ---------------------------------------------------------------- format

def cmd_format(args) -> int:
    from tabletop.dsl.formatter import LayoutError, format_text
    from tabletop.dsl.files import FileProblem
    targets, usage = [], False
    for path in args.paths:
        try:
            targets.extend(_rules_files(path))
        except UsageError as e:     # the other paths are still formatted, as check does
            err(f"tabletop format: {e}")
            usage = True
    changed, same, failed, seen = [], 0, 0, set()
    for shown, folder in targets:
        key = os.path.abspath(shown)
        if key in seen:             # a folder and one of its files both named
            continue
        seen.add(key)
        try:
            before = _file_id(shown)
            text = folder.read(shown, f"The file {shown}")
            new = format_text(text, shown)
        except FileProblem as e:
            err(f"tabletop format: {e.message}" + (f" ({e.hint})" if e.hint else ""))
            failed += 1
            continue
        except OSError as e:        # gone between listing and reading
            err(f"tabletop format: cannot read {shown}: {e.strerror or e}.")
            failed += 1
            continue
        except RulebookError as e:
            err(render_all(e.diagnostics, e.sources, how_to_see=SEE_EVERY))
            err(f"tabletop format: {shown} is left as it is: it does not parse.")
            failed += 1
            continue
        except LayoutError as e:
            err(f"tabletop format: {e}")
            failed += 1
            continue
        if new == text:
            same += 1
            continue
        changed.append(shown)
        if args.diff:
            import difflib
            show("\n".join(difflib.unified_diff(text.splitlines(), new.splitlines(), shown, f"{shown} (formatted)",
                                                lineterm="")))
        elif args.check:
            show(shown)
        if args.check or args.diff:
            continue
        try:
            _replace_file(shown, new, before)
        except OSError as e:
            err(f"tabletop format: cannot write {shown}: {e.strerror or e}; it is left as it is.")
            changed.pop()
            failed += 1
            continue
        show(f"formatted {shown}")
    total = len(changed) + same + failed
    done = "would be reformatted" if args.check or args.diff else "formatted"
    parts = [f"{n} {words}" for n, words in ((len(changed), done), (same, "already formatted"),
                                             (failed, "could not be formatted")) if n]
    summary = f"{total} file{'s' * (total != 1)}: {', '.join(parts)}."
    if total and (args.check or args.diff):
        err(summary)            # standard output holds only the list (or the diff), for a script
    elif total:
        show(summary)
    return 2 if usage else 1 if failed or (args.check and changed) else 0


def _rules_files(path: str) -> list:
    """The rulebook files a PATH of `format` names, as (the path shown, the folder that may be read
    from): a folder's game.rules and variants/*.rules, a .rules file, or a bundled game's files."""
    from tabletop.dsl.files import RulebookFolder
    from tabletop.dsl.loader import find_rulebook, variant_files
    try:
        found = find_rulebook(path)
    except RulebookError as e:
        d = e.diagnostics[0]
        raise UsageError(d.message.rstrip(".") + (f"; {d.hint}" if d.hint else "") + ".") from None
    if not found.is_dir():
        return [(str(found), RulebookFolder(os.path.dirname(os.path.abspath(found))))]
    folder = RulebookFolder(found)
    main = found / "game.rules"
    if not os.path.lexists(main):
        raise UsageError(f"the folder {path} has no game.rules, so it is not a rulebook; give a rulebook's "
                         "folder or a .rules file.")
    return [(str(main), folder)] + [(str(v), folder) for v in variant_files(found)]


def _file_id(path: str) -> tuple:
    st = os.lstat(path)
    return st.st_ino, st.st_size, st.st_mtime_ns


def _replace_file(path: str, text: str, before: tuple) -> None:
    """Write `text` to `path` at once (`savefile.replace_atomically`), with the file's permissions.
    A symbolic link is never written through (that would replace the link by a file, or
    write outside the rulebook), and a file changed since it was read is left alone."""
    import stat
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        raise OSError(f"it is a symbolic link, and format does not write through links; format the file it "
                      f"leads to ({os.path.realpath(path)}) instead")
    if not stat.S_ISREG(st.st_mode):
        raise OSError("it is not a regular file")
    if _file_id(path) != before:
        raise OSError("it changed while it was being formatted; run format again")
    from pathlib import Path
    from tabletop.interpreter.savefile import replace_atomically
    replace_atomically(Path(os.path.abspath(path)), text, stat.S_IMODE(st.st_mode))


# ---------------------------------------------------------------- simulate

def cmd_simulate(args) -> int:
    from tabletop.interpreter.simulate import Interrupted, RunCut, simulate
    api = engine()
    game = load(api, args.game, args.variant, _option_values(args.option))
    check_players(game, args.players)
    players = args.players or game.min_players
    seats = {}
    for seat, kind in args.seat:
        if seat >= players:
            raise UsageError(f"--seat {seat + 1}={kind}: this game has {players} seat{'s' * (players != 1)}.")
        if seat in seats and seats[seat] != kind:
            raise UsageError(f"--seat {seat + 1} is given twice, as {seats[seat]} and as {kind}; give it once.")
        seats[seat] = kind
    try:
        with progress_bar(not args.json and is_terminal(sys.stderr), args.games) as progress, _stopped_by_signals():
            stats = simulate(game, args.games, args.seed, players=args.players, bot=args.bot,
                             max_decisions=args.max_decisions, name=args.game, seats=seats,
                             workers=args.workers, progress=progress)
    except Interrupted as e:      # Ctrl-C: the games played so far, and exit 1
        show(json.dumps(e.stats, indent=1) if args.json else format_stats(e.stats))
        err(f"Interrupted. The statistics are of the {e.stats['games']} games played before it, of {e.asked}.")
        return 1
    except RunCut as e:           # a worker process died: the games before its own, and exit 1
        show(json.dumps(e.stats, indent=1) if args.json else format_stats(e.stats))
        err(f"tabletop simulate: {e.why}. The statistics are of the {e.stats['games']} games played before "
            f"them, of {e.asked}.")
        return 1
    show(json.dumps(stats, indent=1) if args.json else format_stats(stats))
    return 1 if stats["errors"] else 0


class _Stopped(BaseException):
    """A signal that stops a run. Not an Exception: a run counts a game's Exception as that
    game's error and goes on, so a GameError raised in the middle of a game was swallowed."""


@contextmanager
def _stopped_by_signals():
    """SIGTERM (`kill`, a job's time limit), SIGHUP (the terminal closed) and SIGQUIT (Ctrl-\\)
    stop a run as Ctrl-C does: its workers are stopped, and it says so and exits 1, rather than
    dying with no word (and the workers' tracebacks) and code 143."""
    import signal
    from tabletop.interpreter.session import on_stop_signals

    def stop(signum, frame):
        raise _Stopped(signal.Signals(signum).name)
    try:
        with on_stop_signals(stop):
            yield
    except _Stopped as e:
        raise GameError(f"The run was told to stop ({e.args[0]}); it ends without statistics.") from None


@contextmanager
def progress_bar(shown: bool, total: int):
    """A progress bar on stderr while games are played (rich), when `shown`; else no callback."""
    if not shown:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(file=sys.stderr), transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda done, _total: bar.update(task, completed=done)


def _number(x) -> str:
    """A statistic for people: two decimals at most."""
    return f"{round(x, 2):g}"


def _range(r: dict) -> str:
    if r["mean"] is None:
        return "none finished"
    return f"min {_number(r['min'])}, mean {_number(r['mean'])}, max {_number(r['max'])}"


def _share(count: int, total: int) -> str:
    return f" ({100 * count / total:.1f}%)" if total else ""


SAID_SHOWN = 5      # the reasons shown under one `end game` line whose template says several


def _ended(stats: dict, finished: int) -> list[str]:
    """How the games ended, most first: each `end game` line of the rulebook (those that ended no
    game too), and under a line whose text has values put in, the reasons it said."""
    if not finished:
        return []
    lines = ["  how the games ended, by 'end game' line:"]
    for e in stats.get("end_lines", []):
        lines.append(f"    {e['at']} {quote(e['text'])}: {e['games']:,} game{'s' * (e['games'] != 1)}"
                     f"{_share(e['games'], finished)}")
        said = e["reasons"]
        if said and (len(said) > 1 or said[0]["reason"] != e["text"]):
            lines += [f"      {quote(r['reason'])}: {r['games']:,}" for r in said[:SAID_SHOWN]]
            if len(said) > SAID_SHOWN:
                lines.append(f"      and {len(said) - SAID_SHOWN:,} more (--json lists them all)")
    return lines


def format_stats(stats: dict) -> str:
    from tabletop.interpreter.session import seat_name
    games, finished = stats["games"], stats["finished"]
    players = stats["players"]
    seats = stats.get("seats") or [stats["bot"]] * players
    mixed = len(set(seats)) > 1
    bots = "bots: " + ", ".join(f"{seat_name(s)} {k}" for s, k in enumerate(seats)) if mixed else f"{stats['bot']} bots"
    lines = [f"{stats['title']}: {games} game{'s' * (games != 1)}, {players} player{'s' * (players != 1)}, "
             f"seed {stats['seed']}, {bots}"]
    if mixed:
        lines.append("  the seats have different bots, so the win rates below compare the bots "
                     "(and the seats' places at the table)")
    settings = ([f"variant {stats['variant']}"] if stats["variant"] else []) + \
        [f"{k}={v}" for k, v in stats["options"].items()]
    if settings:
        lines.append(f"  {', '.join(settings)}")
    lines.append(f"  finished: {finished}, errors: {stats['errors']}")
    lines += [f"    {message}" for message in stats["error_messages"]]
    scored = stats.get("scored", True)
    for seat, (wins, shared) in enumerate(zip(stats["wins"], stats["shared_wins"])):
        won = f"{wins} won alone{_share(wins, finished)}"
        if stats["shared_games"]:
            won += f", {shared} shared{_share(shared, finished)}"
        lines.append(f"  {seat_name(seat)}: {won}" + (f"; score {_range(stats['scores'][seat])}" if scored else ""))
    for name, side in stats.get("sides", {}).items():
        won = f"{side['wins']} won alone{_share(side['wins'], finished)}"
        if stats["shared_games"]:
            won += f", {side['shared_wins']} shared{_share(side['shared_wins'], finished)}"
        lines.append(f"  {name.replace('_', ' ')} (a side, not a seat): {won}" +
                     (f"; score {_range(side['scores'])}" if scored else ""))
    if stats["shared_games"]:
        lines.append(f"  shared wins: {stats['shared_games']} game{'s' * (stats['shared_games'] != 1)}"
                     f"{_share(stats['shared_games'], finished)}; "
                     "each counts for every winner in it, so the shared percentages overlap")
    lines.append(f"  no winner: {stats['no_winner']}{_share(stats['no_winner'], finished)}")
    lines.append(f"  decisions per game: {_range(stats['decisions'])}")
    lines += _ended(stats, finished)
    for f in stats["findings"]:
        lines.append(f"  finding about the rulebook, in {f['games']} of {games} games: {f['finding']}")
    if stats.get("stopped"):
        lines.append(f"  {stats['stopped']['why']}")
    rate = stats["games_per_second"]
    lines.append(f"  time: {stats['seconds']:.2f} s" + (f" ({rate:g} games/s)" if rate else ""))
    return "\n".join(lines)


# ---------------------------------------------------------------- play

def cmd_play(args) -> int:
    from tabletop.interpreter.session import SavePlace, Session
    api = engine()
    if args.dump_state and sys.stdout is None:      # found now, not after the whole game
        raise OutputError("cannot write to standard output (it is closed), where --dump-state prints the final state.")
    for flag, value in (("--save", args.save), ("--load", args.load), ("--moves", args.moves)):
        if value is not None and not value.strip():     # else quietly taken as not given at all
            raise UsageError(f"{flag} needs a file name; an empty one names no file.")
    if args.save and (problem := savefile.save_problem(args.save)):
        raise UsageError(f"cannot save to {args.save}: {problem}.")
    if args.save and not (args.load and savefile.real(args.load) == savefile.real(args.save)) \
            and (held := savefile.game_in_progress(args.save)):
        raise UsageError(f"{args.save} holds a saved game still in progress ({echo(held)}), which saving this game "
                         f"would lose; resume it with: tabletop play --load {shlex.quote(args.save)}, or save "
                         "this game to another file.")
    script = _script(args.moves) if args.moves else None
    if args.load:
        game, state, seed, moves, seats = _resume(api, args)
    else:
        if not args.game:      # a new player knows no game's name yet: the bundled ones are named
            from tabletop.dsl.loader import RULEBOOKS
            known = sorted(p.name for p in RULEBOOKS.iterdir() if p.is_dir()) if RULEBOOKS.is_dir() else []
            raise UsageError("name a GAME to play" + (f" ({', '.join(known)}, or a rulebook's folder)" if known else "")
                             + ", or give --load FILE to resume a saved game.")
        game = load(api, args.game, args.variant, _option_values(args.option))
        import secrets       # here, not at the top: every other command starts quicker without it
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        state, moves, seats = new_state(api, game, args.players, seed), [], None
    seats = _seats(args.seat, seats or [Seat() for _ in range(state.players)], state.players, seed)
    place = SavePlace(args.save or args.load or AUTOSAVE, chosen=bool(args.save or args.load))
    if args.load:
        place.written.add(savefile.real(args.load))
    elif args.save and os.path.lexists(args.save):
        err(f"Note: {args.save} exists; saving this game will replace it.")
    out = sys.stderr if args.dump_state else sys.stdout
    session = Session(api, game, state, seed, moves, seats, place, save_requested=bool(args.save),
                      resumed=bool(args.load), script=script, quiet=args.quiet, term=Terminal(out))
    if args.load:   # the last few lines said before the save, for context
        session.seen = max(0, state.said - 5)
    if not args.quiet:       # a resumed game says so too, and from where: it began with no word at all
        played = f", resumed from {visible(args.load)} after {len(moves)} move{'s' * (len(moves) != 1)}" if args.load else ""
        # an event: the first hand-over's clear shows it again (it cleared the only word of `?`)
        # the variant named too: "Smackshapes" alone did not say that Colorcracks was being played
        variant = f", variant {game.variant}" if getattr(game, "variant", None) else ""
        session.event(f"{game.title}{variant}: {state.players} player{'s' * (state.players != 1)}, seed {seed}"
                      f"{played}. Type ? for help.")
        people = [n for n, seat in enumerate(seats) if not seat.is_bot]
        if len(people) > 1 and not args.seat and not args.load and not script:
            # `tabletop play smackatoa` seats three people at this keyboard: one person alone did
            # not know why the keyboard was to be passed, nor how to play against bots.
            bots = " ".join(f"--seat {n + 1}=random" for n in people[1:])
            session.event(f"All {len(people)} seats are people at this keyboard, who pass it when asked. To play "
                          f"against bots instead, start the game with {bots}.")
    elif args.seed is None and not args.load:     # --help promises a random seed is shown: to play it again
        session.say(f"Seed {seed}.")
    code = session.run()
    if args.dump_state:
        show(json.dumps(session.state.to_json(), indent=1))
    return code


def _script(path: str):
    """The --moves file, read before anything is played: one that cannot be read is a usage error."""
    from tabletop.interpreter.session import Script
    try:
        return Script.read(path)
    except GameError as e:
        raise UsageError(f"--moves: {e}") from None


def _resume(api, args):
    given = [flag for flag, value in (("--seed", args.seed), ("--players", args.players),
                                      ("--variant", args.variant), ("--option", args.option or None))
             if value is not None]
    if given:
        raise UsageError(f"{', '.join(given)} cannot be used with --load; the saved game fixes them.")
    if not os.path.lexists(args.load):
        raise UsageError(f"--load: there is no file {args.load}.")
    try:
        saved = savefile.read(args.load)
        if args.game:
            try:
                game = load(api, args.game, saved.variant, saved.options, variant_given=False)
            except (RulebookError, UsageError) as e:
                if not saved.variant and not saved.options:
                    raise
                # The save's variant or options do not fit the game named: most likely it is
                # another game's save, which no flag given is to blame for.
                _another_games_save(api, args.game, saved, args.load)
                problem = ('; '.join(d.message for d in e.diagnostics[:2]) if isinstance(e, RulebookError)
                           else e.detail)
                raise GameError(f"Cannot load {args.load} with {args.game}: the variant or options it saved "
                                f"({_saved_choices(saved)}) do not fit: {problem}") from None
            if (game.variant or None) != (saved.variant or None):     # GAME is a variant's own file
                raise GameError(_other_variant(args.load, args.game, saved, game))
        else:
            game = _load_saved_game(api, savefile.game_location(saved.game, args.load), saved, args.load)
            if saved.title and saved.title != game.title:     # no game was named: the file contradicts itself
                raise GameError(_not_its_title(args.load, saved, game.title))
        state = savefile.restore(game, saved, args.load)
    except savefile.SaveFileError as e:
        raise GameError(str(e)) from None
    return game, state, saved.seed, list(saved.moves), saved.seats


def _other_variant(save_path, path: str, saved, game) -> str:
    """A save played with one variant (or none) resumed with GAME naming another's own file: the
    variant it was played with, and the command that resumes it."""
    played = f"with the variant {echo(saved.variant)}" if saved.variant else "without a variant"
    named = f"is the variant {echo(game.variant)}" if game.variant else "has no variant"
    return (f"Cannot load {save_path}: it was played {played}, and {echo(path)} {named}; resume it with: "
            f"tabletop play --load {shlex.quote(str(save_path))} (the save names its game and variant).")


def _saved_choices(saved) -> str:
    parts = ([f"variant {saved.variant}"] if saved.variant else []) + \
        [f"option {echo(k)}={echo(v)}" for k, v in sorted(saved.options.items())]
    return ", ".join(parts)


def _another_games_save(api, path: str, saved, save_path) -> None:
    """Raise GameError when the game at `path` is not the one `saved` is a save of (their titles
    differ), naming both; else nothing (the game could not even be loaded plainly, or is the same)."""
    title = _plain_title(api, path) if saved.title else None     # an older save does not say its title
    if title is not None and title != saved.title:
        raise GameError(savefile.other_game(save_path, saved, title))


def _plain_title(api, path: str) -> str | None:
    """The title of the game at `path` loaded without variant or options, or None if it does not
    load (which its caller says in its own words)."""
    try:
        return api.load_game(path, source=False).title
    except Exception:
        return None


def _not_its_title(save_path, saved, title: str) -> str:
    """A save whose title is not that of the game it names: edited, or the rulebook renamed."""
    return (f"Cannot load {save_path}: it says it is a game of {echo(saved.title)}, but the game it names, "
            f"{echo(saved.game)}, is {title}; the file was edited, or the rulebook's title changed since the game "
            "was saved.")


def _load_saved_game(api, location: str, saved, save_path):
    """The game a save names. Its rulebook's own errors are not quoted here: the save chose the
    file, and `tabletop check` is the place to read them."""
    try:
        return load(api, location, saved.variant, saved.options)
    except UsageError as e:      # the save's variant or options: the rulebook is not at fault
        title = _plain_title(api, location) if saved.title else None
        if title is not None and title != saved.title:     # the game it names is not the game it is a save of
            raise GameError(_not_its_title(save_path, saved, title)) from None
        raise GameError(f"Cannot load {save_path}: the variant or options it saved do not fit its game "
                        f"{echo(saved.game)}: {e.detail}") from None
    except RulebookError as e:
        count = len(getattr(e, "diagnostics", [])) or 1
        raise GameError(f"Cannot load {save_path}: its game {echo(saved.game)} does not load ({count} "
                        f"error{'s' * (count != 1)}; 'tabletop check {location}' shows them).") from None


def _seats(given: list[tuple[int, str, dict]], seats: list[Seat], players: int, seed: int) -> list[Seat]:
    """Who plays each seat: the save's seats (or all human), changed by each --seat N=KIND."""
    from tabletop.interpreter.simulate import derive_seed
    seats = list(seats)
    named: dict = {}
    for seat, kind, _ in given:
        if seat in named and named[seat] != kind:
            raise UsageError(f"--seat {seat + 1} is given twice, as {named[seat]} and as {kind}; give it once.")
        named[seat] = kind
    for seat, kind, params in given:
        if seat >= players:
            raise UsageError(f"--seat {seat + 1}={kind}: this game has {players} seat{'s' * (players != 1)}.")
        seats[seat] = Seat(kind, params, derive_seed(seed, 0, f"seat {seat}")) if kind != "human" else Seat()
    return seats
