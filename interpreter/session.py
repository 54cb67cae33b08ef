"""A game at the terminal: who sits in each seat, the moves so far, asking humans, letting bots
and a moves file answer, and saving whenever the game stops before its end.

The loop asks the seat the engine names for each decision. Every answer is shown to the table
the same way, a person's, a bot's or a moves file's ("Player 2 chose: Move to Foggy Knoll"; a
`may choose` declined with its question, "Player 2 chose: Decline ("Give away a totem?")"), as a
line every seat reads (kept to show again above the next hand-over and on the next screen), or
only "Player 2 has chosen." when its label is not public (`State.answer_is_public`: a secret
choice, a card from a hand), and not at all for a reaction passed up, nor when a line the rules
said on that answer tells it already ("Player 2 takes row 1 from the left: ..."), or on the same
seat's next answers (an answer that says nothing waits while its seat alone answers on); with
`--quiet`, none is shown. A secret choice is one step (`secret_choice`): every seat answers before anything of it
is shown, and the rules' reveal follows the last answer. The rules' `say` lines are shown once
each, as they are said. Several people at one terminal pass
the keyboard (`hand_over`) before one is shown what only they may see: the screen is cleared, what
happened since the last clear (every seat's to read, all of it, not the log's last 30 lines) is
shown again, and they press Enter (an
output that is not a terminal cannot be cleared, so the game stops there instead). After
a race, which everyone watched, the first to answer is handed it even if they had it last; before
the result, which everyone reads, the last person's screen is cleared.

Nothing is lost: end of input, Ctrl-C, Ctrl-\\ (SIGQUIT), `quit`, a closed terminal (SIGHUP),
SIGTERM, a bad moves-file line, a rule error or an internal error all save the game (asking
first when someone is there to answer), never over a file this session did not write without
saying so, and somewhere that works if the chosen place fails.

This module talks to the engine only through its public API; it must not know any game or
decide rules, and it must not parse the command line (that is `cli.py`).
"""
from __future__ import annotations

import os
import re
import shlex
import signal
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.dsl.diagnostics import echo, visible
from tabletop.interpreter import race, savefile
from tabletop.interpreter.errors import GameError
from tabletop.interpreter.bots import MAX_DECISIONS, Move, Seat, bot_move
from tabletop.interpreter.terminal import Terminal, is_terminal, terminal_width, write, write_raw
from tabletop.interpreter.words import game_over, labels_fitting

AUTOSAVE = savefile.AUTOSAVE
# Each paragraph is one line, which the terminal breaks to its width (broken here, it came out
# ragged: "... the option of that" / "number), or ..." even at 80 columns).
HELP_TEXT = (
    "Answer with the option's number or its exact label, or whole words of one label only{example}. "
    "Other commands:\n"
    "    ?, help      this help\n"
    "    show         show the table and the options again\n"
    "    save [FILE]  save the game and go on playing (default file: {target})\n"
    "    quit         stop playing (you will be offered to save)\n"
    "At a terminal, the arrow keys edit the line and bring back earlier ones (not the last person's, "
    "once the keyboard is passed); Tab completes a label.\n"
    "Where an option's label is itself a number, typing that number answers that option, not the "
    "option of that number in the menu; whenever a number could be read both ways, you are told which "
    "was taken.")

# Public lines shown again after a clear: every one since the last clear, up to this many (a
# person away while bots played is shown all they missed; past this, how many are not shown).
KEPT_EVENTS = 1000
NUMBER = re.compile(r"[0-9]+")        # ASCII digits only: '²' and '①' are not numbers here
NUMBER_WORD = re.compile(r"(?<![\w.])[0-9]+(?![\w.])")      # a number as a word of a label: "Bid 3", not "A1"
TIMED_SUFFIX = re.compile(r"^(.*?)\s+@\s*([0-9]+(?:\.[0-9]+)?)\s*s?$")


class Stop(Exception):
    """The game stops before its end: end of input, Ctrl-C, 'quit', a bad moves file, a rule error."""

    def __init__(self, message: str = "", offer: bool = True, save: bool = True):
        super().__init__(message)
        self.message = message
        self.offer = offer   # ask before saving, when someone is there to answer
        self.save = save     # false only when nothing was played yet: there is nothing to keep


class Signalled(Exception):
    """SIGTERM, SIGHUP or SIGQUIT arrived: the game is saved without asking, as the terminal may
    be gone."""

    def __init__(self, signum: int):
        self.signum = signum
        super().__init__("The terminal was closed." if signum == getattr(signal, "SIGHUP", None)
                         else "Quit (Ctrl-\\)." if signum == getattr(signal, "SIGQUIT", None)
                         else "The game was told to stop (SIGTERM).")


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


SEAT_NAMED = re.compile(r"(?<![0-9A-Za-z])player ([0-9]+)(?![0-9A-Za-z])", re.IGNORECASE)


def headed(prompt: str, seat: int, players: int) -> str:
    """A seat's question headed by whom it asks ("Player 2: Your turn"), when several play. A
    prompt that says already whose it is is not named twice: one that starts with the seat's name
    ("Player 2 (blue): play 2 cards"), or that names that seat and no other ("Battle Royale on A1:
    Player 1 (red) holds the majority", asked of Player 1). One that names another seat as well
    is headed, so the table knows which of them answers ("Player 1: Player 2's hand: take one")."""
    name = seat_name(seat)
    if players < 2 or re.match(re.escape(name) + r"(?![0-9A-Za-z])", prompt, re.IGNORECASE):
        return prompt
    if {_whole(n) - 1 for n in SEAT_NAMED.findall(prompt)} == {seat}:
        return prompt
    return f"{name}: {prompt}"


WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
COPY_NUMBER = re.compile(r" \([0-9]+\)$")      # "Play Rubber Tree (2)": the engine's, for a label given twice
ENDINGS = ("", "s", "es", "d", "ed", "ing")


def tells_the_answer(line: str, seat: int, label: str) -> bool:
    """Whether a line the rules said tells the table the answer `label` of `seat` already: it names
    the seat ("Player 1", not "Player 10") and every word of the label, a verb with its ending
    ("Take row 1 from the left" in "Player 1 takes row 1 from the left: Chocolate."), or of a
    label of four words or more every word but the first. The
    terminal then shows the rules' line alone, not "Player 1 chose: ..." above it saying the same."""
    if not re.search(re.escape(seat_name(seat)) + r"(?![0-9])", line):
        return False
    said = {w.casefold() for w in WORD.findall(line)}
    wanted = [w.casefold() for w in WORD.findall(COPY_NUMBER.sub("", label))]
    told = [any(w + end in said for end in ENDINGS) or (w.endswith("y") and w[:-1] + "ies" in said) for w in wanted]
    # A label's first word may be the menu's verb where the line has its own: "Move 4 battlers 2
    # tiles each (play 4 battlers only and 2)" is told by "Player 1 plays 4 battlers only and 2: 4
    # battlers, 2 tiles each." When the rest is long enough to name the answer alone, it is enough.
    return bool(wanted) and (all(told) or len(wanted) >= 4 and all(told[1:]))


def chose(who: str, label: str | None) -> str:
    """The line that shows the table an answer: its label when the other seats may read it
    ("Player 2 chose: Move to Foggy Knoll"), else only that it was given."""
    return f"{who} chose: {label}" if label is not None else f"{who} has chosen."


def tell(text: str) -> None:
    """A message about the session (not the game) on standard error (a file name in it may hold
    an escape)."""
    write(sys.stderr, visible(text))


# ---------------------------------------------------------------- answers typed or scripted

def match_option(text: str, options: list[str], forms=()) -> int | None:
    """The index `text` names: an exact label, a 1-based number, or a label in other case. A text
    that is exactly a label names that option even where it is a number too ("3" among the
    options 2, 3, 4 is the option 3, not the third): a player answers with the value they mean,
    and `number_note` says so at the terminal. A number no label is stays the menu's number."""
    if text in options:
        return options.index(text)
    if NUMBER.fullmatch(text):
        return _whole(text) - 1 if 1 <= _whole(text) <= len(options) else None
    folded = [i for i, label in enumerate(options) if label.casefold() == text.casefold()]
    if len(folded) == 1:
        return folded[0]
    fitting = options_fitting(text, options, forms)
    return fitting[0] if len(fitting) == 1 else None


def number_note(text: str, options: list[str], index: int) -> str:
    """What a typed number was taken as, when the menu could read it two ways: as an option's label
    that is that number, while the menu's option of that number is another ("3" among 2, 3, 4), or
    as the menu's number in a menu whose options are named by numbers (typed "3" took option 3,
    "Bid 4", beside "Bid 3"); "" when it is plain. Said before the answer is made, so that the
    player knows which reading was taken. A menu is named by numbers when each label that holds a
    number as a word holds one, and no other label the same (so a grid's "A1" or two piles' "Take
    row 1 from the left" and "... right" never make one)."""
    if not NUMBER.fullmatch(text):
        return ""
    number = _whole(text)
    if options[index] == text:
        if 1 <= number <= len(options) and number != index + 1:
            return (f"'{text}' is taken as the option labelled {text} (option {index + 1}); the option numbered "
                    f"{number} is '{options[number - 1]}'.")
        return ""
    named = [NUMBER_WORD.findall(label) for label in options]
    values = [found[0] for found in named if found]
    if not values or any(len(found) > 1 for found in named) or len(set(values)) != len(values):
        return ""
    if named[index] and _whole(named[index][0]) == number:      # "2" took "Take 2": both readings agree
        return ""
    others = [i for i, found in enumerate(named) if i != index and found and _whole(found[0]) == number]
    return (f"'{text}' is taken as the option numbered {text}, '{options[index]}'" +
            (f" ('{options[others[0]]}' is option {others[0] + 1})." if others else "."))


def short_form(options: list[str], forms=()) -> tuple[str, str] | None:
    """An example for the help, from the menu on the screen: the fewest first words of one of its
    labels that name that option alone ("Play Rubber" for "Play Rubber Tree"), and the label.
    (The help's example was one game's, "Move to Foggy" for "Move to Foggy Knoll", in every game.)"""
    for index, label in enumerate(options):
        words = label.split()
        for k in range(1, len(words)):
            short = " ".join(words[:k])
            if len(short) >= 3 and match_option(short, options, forms) == index:
                return short, label
    return None


def _whole(digits: str) -> int:
    """The number ASCII `digits` write; one of thousands of digits (which int() refuses to read)
    is larger than any menu, and counts as the largest."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 18 else sys.maxsize


def options_fitting(text: str, options: list[str], forms=()) -> list[int]:
    """The options `text` names other than whole (`words.labels_fitting`, with the rulebook's label
    `forms`), by a part of the label in whole words, as `State.find_option` reads one ("no" never
    names "Move to Foggy Knoll"), only when three characters or more were typed."""
    return labels_fitting(text, options, len(text.strip()) >= 3, forms)


def _typed(text: str) -> str:
    """What was typed, safe to show back: control characters as their pictures (an escape would
    move the terminal's cursor or clear it), and a long line cut short (diagnostics.echo, which
    quotes a moves file's lines too)."""
    return echo(text, 60)


def list_some(options: list[str], limit: int = 5) -> str:
    shown = ", ".join(f"'{o}'" for o in options[:limit])
    return shown + (f", … ({len(options)} in all)" if len(options) > limit else "")


@dataclass
class Script:
    """A moves file: option labels (or 1-based numbers), one a line, played in order."""
    path: str
    lines: list[tuple[int, str]]
    position: int = 0

    @classmethod
    def read(cls, path: str) -> "Script":
        """The moves of a regular file (`savefile.regular_text`); a byte-order mark that an editor
        put first is not part of the first move."""
        try:
            text = savefile.regular_text(path, encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError, ValueError) as e:
            reason = (e.strerror if isinstance(e, OSError) and e.strerror
                      else "it is not UTF-8 text" if isinstance(e, UnicodeDecodeError) else str(e))
            raise GameError(f"Cannot read the moves file {path}: {reason}.") from None
        lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)]
        return cls(path, [(n, line) for n, line in lines if line and not line.startswith("#")])

    @property
    def done(self) -> bool:
        return self.position >= len(self.lines)

    def next(self) -> tuple[int, str] | None:
        if self.position >= len(self.lines):
            return None
        self.position += 1
        return self.lines[self.position - 1]


def format_result(result, players: int, told: bool = False) -> str:
    """The end of a game in words: why (unless `told`: it was said already), who won (seats and
    sides such as the volcano, a shared win said as such, or nobody; in a game of one player,
    whether they won), and every score (one player's as their final score)."""
    lines = [] if told else [game_over(result.reason)]
    sides = getattr(result, "sides", [])
    side_scores = getattr(result, "side_scores", {})
    names = [seat_name(w) for w in result.winners] + [side.replace("_", " ") for side in sides]
    # One player and no side (Taboo): the game is won or not by that player, and the score is
    # theirs; "Nobody wins." then "Score: Player 1 105" read as if someone else could have.
    alone = players == 1 and not sides and not side_scores
    if alone:
        lines.append(f"{seat_name(0)} wins." if result.winners else f"{seat_name(0)} does not win.")
    elif not names:
        lines.append("Nobody wins.")
    else:
        # "Shared win:" rather than a "(a shared win)" after the names, which a narrow terminal broke
        lines.append(f"Shared win: {', '.join(names)}" if len(names) > 1 else f"Winner: {names[0]}")
    if not getattr(result, "scored", True):      # a `winners:` line decided: there are no scores to show
        return "\n".join(lines)
    if alone and result.scores:
        lines.append(f"Final score: {result.scores[0]}")
        return "\n".join(lines)
    scores = [f"{seat_name(s)} {score}" for s, score in enumerate(result.scores)]
    scores += [f"{side.replace('_', ' ')} {score}" for side, score in side_scores.items()]
    if scores:
        lines.append("Score" + "s" * (len(scores) > 1) + ": " + ", ".join(scores))
    return "\n".join(lines)


# ---------------------------------------------------------------- where the game is saved

@dataclass
class SavePlace:
    """Where the game goes when it stops: the file named by --save or --load, else a new
    autosave. A file this session did not write is never replaced without saying so."""
    target: str
    chosen: bool                                   # named by the user (--save, --load, `save FILE`)
    written: set = field(default_factory=set)      # real paths this session wrote or loaded

    def mine(self, path: str) -> bool:
        return savefile.real(path) in self.written

    def final_target(self) -> str:
        """Where a stop saves: an autosave never goes over an earlier game's file."""
        if not self.chosen and os.path.lexists(self.target) and not self.mine(self.target):
            self.target = savefile.unused_name(self.target)
        return self.target

    def record(self, path: str) -> None:
        self.target, self.chosen = path, True
        self.written.add(savefile.real(path))


def fallback_places() -> list[str]:
    """Places to save when the chosen one fails: this folder, the home folder, the temp folder."""
    seen, places = set(), []
    for where in (Path.cwd, Path.home, lambda: Path(tempfile.gettempdir())):
        try:
            folder = where()
            key = folder.resolve()
        except (OSError, RuntimeError):   # the current folder deleted, no home, no temporary folder
            continue
        if key not in seen:
            seen.add(key)
            places.append(savefile.unused_name(folder / AUTOSAVE))
    return places


def _shown(path) -> str:
    """A file name as text to print: bytes that are not UTF-8 (kept by the file system as
    surrogates) are shown as '?', never as Python's escapes."""
    return str(path).encode("utf-8", "replace").decode("utf-8")


@contextmanager
def on_stop_signals(handler):
    """Inside the block, SIGTERM, SIGHUP and SIGQUIT (Ctrl-\\) go to `handler`; after it, to
    what they went to before. (Outside the main thread signals cannot be set, and are left alone.)"""
    previous = {}
    for name in ("SIGTERM", "SIGHUP", "SIGQUIT"):
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            previous[number] = signal.signal(number, handler)
        except (ValueError, OSError):
            pass
    try:
        yield
    finally:
        for number, old in previous.items():
            signal.signal(number, old)


# ---------------------------------------------------------------- the session

@dataclass
class Session:
    """One game at the terminal."""
    api: object
    game: object
    state: object
    seed: int
    moves: list[Move]
    seats: list[Seat]
    place: SavePlace
    save_requested: bool = False
    resumed: bool = False                  # loaded from the save file it saves to: kept true at the end
    script: Script | None = None
    quiet: bool = False
    term: Terminal = field(default_factory=Terminal)
    seen: int = 0                          # log lines already shown (State.said)
    last_human: int | None = None          # the seat that last had the keyboard (hand_over)
    shown_alone: bool = False              # whether the screen holds what only that seat may see
    since_clear: list = field(default_factory=list)    # what happened (public lines) since the screen was cleared
    not_kept: int = 0                      # public lines since the clear beyond KEPT_EVENTS, not shown again
    end_line: str | None = None            # the log's last line once the game is over, held for the result
    held: list = field(default_factory=list)    # (seat, label, line) of answers waiting for a later one's lines

    def __post_init__(self):
        self.bots = {s: seat.bot() for s, seat in enumerate(self.seats) if seat.is_bot}
        self.forms = getattr(getattr(self.game, "compiled", None), "label_patterns", ())    # words.labels_fitting

    # -- output --
    def say(self, text: str = "") -> None:
        self.term.line(text)

    def interactive(self) -> bool:
        return is_terminal(sys.stdin)

    def who(self, seat: int) -> str:
        return f"{seat_name(seat)} ({self.seats[seat].describe()})" if seat in self.bots else seat_name(seat)

    def news(self) -> None:
        """The rules' lines said since the last look, each shown once."""
        said, log = self.state.said, self.state.log
        new = said - self.seen
        self.seen = said
        if new <= 0 or self.quiet:
            return
        if new > len(log):        # said by one move, more than the log keeps: how many, plainly
            lost = new - len(log)
            self.event(f"  ({lost} line{'s' * (lost != 1)} said before {'these' if len(log) != 1 else 'this'} "
                       f"{'are' if lost != 1 else 'is'} not shown: the game keeps only its last {len(log)}.)")
        lines = list(log[-new:] if new <= len(log) else log)
        if self.state.is_over and lines:
            # The game's end, said last: shown under the final table with the result (`finished`),
            # where it is read with who won; above a long table (Taboo's map) it scrolled away.
            *lines, self.end_line = lines
        for line in lines:
            self.event(f"  {line}")

    def told(self, seat: int, label: str) -> bool:
        """Whether a line the rules said since the last look (`news`: those the answer just made
        said) tells the answer `label` of `seat` already (`tells_the_answer`)."""
        new, log = self.state.said - self.seen, self.state.log
        return new > 0 and any(tells_the_answer(line, seat, label) for line in log[-min(new, len(log)):])

    def event(self, text: str) -> None:
        """Show a line every seat may read (a move made in the open, a line the rules said), and
        keep it to show again once the screen is cleared for the next person (`clear`)."""
        self.say(text)
        self.since_clear.append(text)
        if len(self.since_clear) > KEPT_EVENTS:
            del self.since_clear[0]
            self.not_kept += 1

    def clear(self) -> None:
        """Clear the screen (the last person's secrets go) and show again what happened since it
        was last cleared, every line of it (the log keeps only its last 30: a person who was away
        while bots played missed more): the move just made and what it did were on the screen for
        no time at all. Past KEPT_EVENTS lines, it says how many earlier ones are not shown."""
        self.term.clear()
        if self.not_kept:
            self.say(f"({self.not_kept} earlier line{'s' * (self.not_kept != 1)} since the screen was cleared "
                     f"{'are' if self.not_kept != 1 else 'is'} not shown again.)")
        for text in self.since_clear:
            self.say(text)

    def cleared(self) -> None:
        """The screen now shows what happened since the last clear: from here, it starts again."""
        self.since_clear, self.not_kept = [], 0

    # -- the game loop --
    def run(self) -> int:
        with self.signals():
            try:
                self.news()
                self.loop()
            except Stop as stop:
                return self.stopped(stop)
            except (KeyboardInterrupt, Signalled) as e:  # outside a prompt: the state may be half-updated
                self.rebuild()
                return self.stopped(Stop(str(e) or "Interrupted.", offer=False))
            except getattr(self.api, "RuleError", ()) as e:  # the failed move is not kept; rebuild as above
                try:        # the turn the rules failed in, before the state is built again
                    during = f", in {self.state.when()}"
                except Exception:
                    during = ""
                self.rebuild()
                return self.stopped(Stop(f"The rulebook failed during play{during}: {e}", offer=False))
            except Exception as e:        # a fault of tabletop itself: the game is saved all the same
                if os.environ.get("TABLETOP_DEBUG"):
                    raise
                try:
                    self.rebuild()
                except Exception:
                    pass              # the state as it is: its moves still replay the game
                return self.stopped(Stop(f"tabletop play: internal error ({type(e).__name__}: {e}). Please "
                                         "report it; TABLETOP_DEBUG=1 shows the traceback.", offer=False))
            try:
                drawn = self.finished()
            except getattr(self.api, "RuleError", ()) as e:
                tell(f"The game is over, but the rulebook failed to score it: {e}")
                return 1
            return 0 if drawn else 1

    def rebuild(self) -> None:
        self.state = savefile.replay(self.game, self.state.players, self.seed, self.moves)

    def signals(self):
        """SIGTERM, SIGHUP and SIGQUIT stop the game like Ctrl-C does, so it is saved."""
        def stop(signum, frame):
            raise Signalled(signum)
        return on_stop_signals(stop)

    def loop(self) -> None:
        unattended, start = len(self.bots) == self.state.players, self.state.decisions
        while not self.state.is_over:
            if unattended and self.state.decisions - start >= MAX_DECISIONS:
                raise Stop(f"Every seat is a bot, and the game went on for {MAX_DECISIONS} decisions: the "
                           "rulebook may never end (`tabletop simulate` reports such games).", offer=False)
            decision = self.state.pending
            if decision.kind == "secret":
                self.secret_choice(decision)
            else:
                self.answer(decision.players[0], decision)

    def secret_choice(self, decision) -> None:
        """Every seat in a secret choice answers, in seat order, before anything of it is shown:
        a bot or a moves-file line only says that it has chosen, and each human sees only their
        own options. The rules reveal the answers (with `say`) after the last one. Several humans
        at one terminal racing (a timed choice) buzz first, on one clock (`race`)."""
        buzzed = self.race(decision)
        for seat in sorted(decision.players, key=lambda s: buzzed.get(s, 0.0)):
            while not self.answer(seat, decision, secret=True, seconds=buzzed.get(seat)):
                pass

    def race(self, decision) -> dict[int, float]:
        """Each racing human's buzz time, when two or more race at this terminal; else none."""
        humans = [s for s in decision.players if s not in self.bots]
        scripted = self.script is not None and not self.script.done
        if not decision.timed or len(humans) < 2 or scripted or not race.can_race():
            return {}
        def show():
            if self.shown_alone:      # the last person's hand must not stay on the screen of all
                self.clear()
                self.cleared()
                self.shown_alone = False
            # Everyone watches the race: the first to name their answer is handed the keyboard,
            # even the one who had it last (their hand was shown to all the racers).
            self.last_human = None
            self.say()
            self.term.display(self.state.display(None))
            # The question as every seat may see it (a seat's own prompt may name its hand); the
            # options only when they are the same for every racer and name nothing secret.
            options = self.state.options(humans[0])
            same = all(self.state.options(h) == options for h in humans) and not self.state.options_name_secrets()
            self.term.menu(f"Everyone: {self.state.view(None)['pending']['prompt']}",
                           options if same else [], self.state.option_groups(humans[0]) if same else [])
            if not same:
                self.say("Each of you sees your own options after the buzz.")
        try:
            return race.buzz(humans, show, self.say)
        except EOFError:
            self.say()
            raise Stop("End of input.") from None

    def answer(self, seat: int, decision, secret: bool = False, seconds: float | None = None) -> bool:
        """Get `seat`'s answer to the decision and apply it; False if none was applied (the
        person typed a command, or an answer the engine refused), so the caller asks again."""
        if not self.state.options(seat):
            raise GameError(f"The game asks {seat_name(seat)} to decide but offers no options; "
                            "the rulebook or the engine is at fault.")
        if seat in self.bots:
            return self.apply(bot_move(self.bots[seat], self.state, seat), self.who(seat))
        if self.script and (line := self.script.next()):
            return self.apply(self.scripted(decision, seat, *line), seat_name(seat), line)
        move = self.ask(decision, seat, seconds)
        return move is not None and self.apply(move, None)

    def apply(self, move: Move, who: str | None, line: tuple[int, str] | None = None) -> bool:
        """Apply `move`, made by `who` (a bot or a moves-file line; None for the person at the
        keyboard), and show it to the table as every answer is shown, a person's too: one typed at
        a private screen is otherwise seen by no one else once the keyboard is passed."""
        label = self.state.options(move.seat)[move.index]
        # What the other seats may not see is kept from the people at this terminal; bots alone
        # (a game watched) hide nothing from anyone, but a reaction passed up is never news.
        public = self.state.answer_is_public(move.index, move.seat)
        declined = self.state.pending.kind == "reaction" and not public
        shown = public or (len(self.bots) == len(self.seats) and self.state.pending.kind != "secret")
        # "Decline" alone does not say to what: the question is shown with it.
        said = f'{label} ("{self.state.pending.prompt}")' if shown and self.state.declines(move.index, move.seat) else label
        try:
            self.state.apply(move.index, seat=move.seat, time=move.time)
        except self.api.IllegalMove as e:
            if line is not None:
                raise Stop(f"{self.script.path}:{line[0]}: '{echo(line[1])}' was refused: {e.reason}") from None
            if who is not None:
                raise GameError(f"{who} chose '{label}', which the game refused: {e.reason}") from None
            self.say(e.reason)
            return False
        self.moves.append(move)
        # A reaction passed up: nothing happened. An answer the rules' own line tells (said by this
        # answer, naming the seat and the label's words): that line alone, not the same twice.
        text = None
        if not self.quiet and not declined and not (shown and self.told(move.seat, label)):
            text = chose(who if who is not None else seat_name(move.seat), said if shown else None)
        held, self.held = self.held, []
        if self.state.said == self.seen and self.same_seat_next(move.seat) and (text is None or shown):
            # Nothing said yet, and the same seat answers next: the rules may tell this answer with
            # the next one ("Move a battler from B3", then "Move to B4": "Player 1 moves a battler
            # from B3 to B4."), so it waits for the lines a later answer says.
            self.held = held + ([(move.seat, label, text)] if text else [])
            return True
        for seat, told_label, waiting in held:      # shown now, unless a line just said tells it
            if not self.told(seat, told_label):
                self.event(waiting)
        if text:
            self.event(text)
        self.news()
        return True

    def same_seat_next(self, seat: int) -> bool:
        """Whether the next decision is `seat`'s alone (not a secret choice, a race or a reaction
        of others): the same person or bot goes on answering, and nobody else is shown anything."""
        pending = None if self.state.is_over else self.state.pending
        return pending is not None and pending.kind != "secret" and list(pending.players) == [seat]

    def scripted(self, decision, seat: int, number: int, text: str) -> Move:
        options = self.state.options(seat)
        index, seconds = match_option(text, options, self.forms), None
        if index is None and (timed := TIMED_SUFFIX.match(text)):
            index, seconds = match_option(timed.group(1), options, self.forms), float(timed.group(2))
        if index is None:
            private = self.sees_alone(seat, table=False)      # the others may be reading the screen
            fitting = options_fitting(text, options, self.forms)
            if len(fitting) > 1 and not private:
                raise Stop(f"{self.script.path}:{number}: '{echo(text)}' fits {len(fitting)} options for {seat_name(seat)} "
                           f"now: {list_some([options[i] for i in fitting])}; write the whole label.")
            if NUMBER.fullmatch(text) and not private:     # a number is the menu's, from 1, as at the terminal
                raise Stop(f"{self.script.path}:{number}: there is no option {echo(text)} for {seat_name(seat)} now; "
                           f"the options are numbered 1 to {len(options)}.")
            raise Stop(f"{self.script.path}:{number}: '{echo(text)}' is not an option for {seat_name(seat)} now" +
                       ("; its options are its own, and are not shown." if private else
                        f"; the options are {list_some(options)}."))
        if decision.timed and seconds is None:
            seconds = 1.0
        return Move(seat, index, seconds if decision.timed else None)

    # -- asking a human --
    def hand_over(self, seat: int) -> None:
        """Two or more people at one terminal must not read each other's secrets: before a person
        other than the last one is shown what only they may see (a hand, their own options), the
        screen is cleared and they press Enter once they have the keyboard. Nothing of this when
        the answers are not typed at a terminal, or the game hides nothing from anyone. When the
        output is not a terminal (`| tee log.txt`) it cannot be cleared: the game stops there (saved
        if anything was played) rather than show one person's secrets where the next can read them."""
        last, self.last_human = self.last_human, seat
        humans = [s for s in range(len(self.seats)) if s not in self.bots]
        if len(humans) < 2 or not self.interactive():
            return
        private, shown_before = self.sees_alone(seat), self.shown_alone
        self.shown_alone = private
        if last == seat:
            return
        self.term.forget_typed()     # another person has the keyboard: the last one's answers go
        # Handed over when this seat sees something alone (at the start of a game too: the others
        # may be watching), or when the last person's secrets are still on the screen.
        if not (private or (last is not None and shown_before)):
            return
        if not is_terminal(self.term.out):
            # `tabletop play ... | tee log.txt`: the pipe cannot be cleared, so the next person
            # would read the last one's secrets above their own, and the log would keep them all.
            raise Stop(f"{seat_name(seat)} is about to be shown what only they may see, and the game's output "
                       "is not a terminal (a pipe, as with '| tee', or a file): it cannot be cleared between "
                       "the people at this keyboard, and would keep each one's secrets for all to read. Play "
                       "several people at one keyboard with the output on the terminal, or one person with "
                       "bots in the other seats (--seat N=random).", offer=False, save=bool(self.moves))
        self.clear()
        while True:     # `?`, `save FILE` and `quit` work here as at any prompt (save was ignored)
            typed = self.read_line(f"Pass the keyboard to {seat_name(seat)}, then press Enter. ").strip()
            if typed.partition(" ")[0].lower() not in ("?", "help", "save", "quit", "exit"):
                break
            self.command(typed, [])
        self.clear()
        self.cleared()

    def sees_alone(self, seat: int, table: bool = True) -> bool:
        """Whether `seat` is about to be shown something the others may not see: a secret choice,
        options among its own hidden things, or (with `table`) a view of the table with more in it
        than everyone's."""
        state = self.state
        if state.pending.kind == "secret" or not all(state.answer_is_public(i, seat)
                                                     for i in range(len(state.options(seat)))):
            return True
        if not table:
            return False
        public = lambda view: {k: v for k, v in view.items() if k not in ("seat", "pending")}  # noqa: E731
        return public(state.view(seat)) != public(state.view(None))

    def show(self, seat: int) -> None:
        self.hand_over(seat)    # after a race too: each racer names a secret answer, beside their hand
        self.say()
        self.term.display(self.state.display(seat))
        self.term.menu(headed(self.state.prompt(seat), seat, self.state.players), self.state.options(seat),
                       self.state.option_groups(seat))

    def ask(self, decision, seat: int, buzzed: float | None = None) -> Move | None:
        """One answer from the human in `seat`, or None after a command (the caller asks again).
        A timed answer takes its time from the prompt, or `buzzed` when the seat raced."""
        self.show(seat)
        options = self.state.options(seat)
        started = time.monotonic()
        while True:
            text = self.read_line("> ", options).strip()
            index = match_option(text, options, self.forms)
            if index is not None:
                note = number_note(text, options, index)
                if note:
                    self.say(note)
                longest = getattr(self.api, "MAX_TIME", 3600.0)    # the engine refuses longer times
                seconds = None
                if decision.timed:
                    seconds = min(buzzed if buzzed is not None else time.monotonic() - started, longest)
                return Move(seat, index, seconds)
            if not self.command(text, options):
                return None

    def command(self, text: str, options: list[str]) -> bool:
        """Carry out a command typed at the prompt; True to keep reading at the same prompt."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("?", "help"):
            example = short_form(options, self.forms)
            self.say(HELP_TEXT.format(target=self.place.target,
                                      example=f' ("{example[0]}" for "{example[1]}")' if example else ""))
        elif word in ("show", "board"):
            return False
        elif word == "save":
            self.save_command(os.path.expanduser(rest.strip()) if rest.strip() else self.place.target)
        elif word in ("quit", "exit"):
            raise Stop("You left the game.")
        elif NUMBER.fullmatch(text):
            self.say(f"There is no option {_typed(text)}; " + ("choose 1." if len(options) == 1 else
                                                         f"choose 1 to {len(options)}."))
        elif not text:
            self.say(f"Type a number from 1 to {len(options)}, or ? for help.")
        elif len(fitting := options_fitting(text, options, self.forms)) > 1:
            self.say(f"'{_typed(text)}' fits {len(fitting)} options: "
                     f"{list_some([f'{i + 1}. {options[i]}' for i in fitting])}; type its number.")
        elif started := [i for i, label in enumerate(options) if label.casefold().startswith(text.casefold())]:
            # A word cut short ("Move to Fog"): named by whole words only, so say which it starts
            # ("not an option" alone left a new player guessing what was wrong with it).
            self.say(f"'{_typed(text)}' names no option (a label is named by whole words); it is the start of "
                     f"{list_some([f'{i + 1}. {options[i]}' for i in started])}: type "
                     f"{'its number' if len(started) == 1 else 'the number of one'}.")
        else:
            self.say(f"'{_typed(text)}' is not an option or a command; type a number from 1 to "
                     f"{len(options)}, or ? for help.")
        return True

    def read_line(self, prompt: str, words: list[str] = ()) -> str:
        try:
            return self.term.read(prompt, [*words, "help", "show", "save", "quit"])
        except KeyboardInterrupt:
            self.say()
            raise Stop("Interrupted.") from None
        except Signalled as e:
            raise Stop(str(e), offer=False) from None
        except EOFError as e:
            self.say()
            raise Stop(str(e) or "End of input.") from None

    def yes_or_no(self, question: str, default: bool) -> bool:
        """Ask on standard error until the answer is yes or no. An empty line, the end of input
        and Ctrl-C take the default (so Ctrl-C at "Save the game?" saves: a game is lost only by
        answering no)."""
        choices = "[Y/n]" if default else "[y/N]"
        while True:
            try:
                answer = Terminal(sys.stderr).read(f"{question} {choices} ").strip().lower()
            except EOFError:
                tell("")
                return default
            except KeyboardInterrupt:
                tell("")
                return default
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            if not answer:
                return default
            tell("Please answer y or n.")

    # -- saving --
    def snapshot(self):
        return savefile.snapshot(self.game, self.state, self.seed, self.moves, self.seats)

    def save_command(self, path: str) -> None:
        """`save [FILE]` at the prompt: save and go on. A file this session did not write is
        replaced only when the person says so; without a terminal, a new name is used."""
        replace_any = False
        if os.path.lexists(path) and not self.place.mine(path):
            # A folder, a device or a link: no question or other name makes it a place to save.
            if problem := savefile.save_problem(path, replace_any=True):
                self.say(f"Cannot save the game to {path}: {problem}.")
                return
            if self.interactive():
                if not self.yes_or_no(f"{path} exists. Replace it?", default=False):
                    self.say("Not saved.")
                    return
                replace_any = True
            else:
                free = savefile.unused_name(path)
                self.say(f"{path} exists; saving to {free} instead.")
                path = free
        try:
            savefile.write(path, self.snapshot(), replace_any)
        except savefile.SaveFileError as e:
            self.say(str(e))
            return
        self.place.record(path)
        self.say(f"Game saved to {path}.")

    def save_anywhere(self) -> str | None:
        """Save to the target, or if that fails to the first fallback place that works; say
        where. The path saved to, or None if no place worked."""
        target = self.place.final_target()
        snapshot = self.snapshot()
        try:
            savefile.write(target, snapshot)
            self.place.written.add(savefile.real(target))
            return target
        except savefile.SaveFileError as e:
            tell(str(e))
        for place in fallback_places():
            try:
                savefile.write(place, snapshot)
            except savefile.SaveFileError:
                continue
            tell(f"Saved to {place} instead.")
            self.place.written.add(savefile.real(place))
            return place
        tell("The game could not be saved anywhere.")
        return None

    # -- the end --
    def stopped(self, stop: Stop) -> int:
        tell(f"{stop.message} The game is not over.")
        # Nothing played yet (not even a loaded game's moves): the same seed starts the same game
        # again, so there is nothing to keep, and no question to ask.
        if not self.moves and (not stop.save or stop.offer and self.interactive()
                               and not (self.save_requested or self.resumed)):
            tell("Nothing was played, so nothing was saved.")
            return 1
        if stop.offer and self.interactive() and not self.save_requested:
            try:
                if not self.yes_or_no(f"Save the game to {self.place.final_target()}?", default=True):
                    tell("Not saved.")
                    return 1
            except Signalled:
                pass          # the terminal is gone, or the game must stop: save without asking
        with on_stop_signals(lambda signum, frame: None):   # a second signal waits for the file
            path = self.save_anywhere()
        if path is not None:
            said = f"Game saved to {_shown(path)}. Resume it with:"
            command = f"tabletop play --load {shlex.quote(_shown(path))}"
            # On a terminal too narrow for both, the command gets a line of its own, never broken
            # (the terminal may wrap it; copied, it stays one line): broken between its words, a
            # copied command ran as 'tabletop play --load' alone.
            if is_terminal(sys.stderr) and len(said) + 1 + len(command) > terminal_width(sys.stderr):
                tell(said)
                write_raw(sys.stderr, f"  {visible(command)}\n")
            else:
                tell(f"{said} {command}")
        return 1

    def finished(self) -> bool:
        """Show the end of the game: the table, the result, what is left of a moves file. False if
        the rulebook failed to draw the table (the result is told all the same)."""
        drawn = True
        if not self.quiet:
            humans = [s for s in range(self.state.players) if s not in self.bots]
            if len(humans) > 1 and self.shown_alone:     # everyone looks at the last screen
                self.clear()
                self.shown_alone = False
            self.say()
            # One person: their own view. Several at one keyboard, or bots alone: what all may see.
            try:
                self.term.display(self.state.display(humans[0] if len(humans) == 1 else None))
            except getattr(self.api, "RuleError", ()) as e:     # the result is still told
                tell(f"The game is over, but the rulebook failed to draw the table: {e}")
                drawn = False
            self.say()        # the result apart from the table, so it is found at a glance
        # The rules' lines were shown as they were said (not with --quiet), all but the game's end
        # (`Machine.end_game` says it last), held (`news`) to be said here: why, then who won. It
        # is said before the scores are counted, which may fail.
        if self.end_line is not None:
            self.say(self.end_line)
        self.say(format_result(self.state.result, self.state.players, told=self.end_line is not None))
        if self.script and (line := self.script.next()):
            if all(seat in self.bots for seat in range(self.state.players)):
                tell(f"{self.script.path}: every seat was a bot, so none of its moves was played; the moves "
                     "are a person's answers.")
            else:
                tell(f"{self.script.path}:{line[0]}: the game ended before this line; it and the rest were not played.")
        # A resumed game's file is brought up to the end too: left as it was, it would still hold a
        # game in progress, to be played again from there, and refuse to be saved over.
        if self.save_requested or self.resumed:
            path = self.save_anywhere()
            if path is not None:
                self.say(f"Game saved to {path}.")
        return drawn
