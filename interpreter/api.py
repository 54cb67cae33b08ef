"""The engine's Python API: load a game, start one, read and answer decisions, save and load.

In the spirit of OpenSpiel's Game/State: `load_game` compiles a rulebook once into a `Game`;
`Game.new_state` starts a seeded game; a `State` says who must decide what (`pending`),
accepts an answer (`apply`), and can be copied, viewed per seat, rendered, and saved as plain
JSON. The command line, the bots and the tests all use only this module. It must not print
or read the terminal.
"""
from __future__ import annotations

import marshal
import os

from dataclasses import dataclass, field

from tabletop.dsl.checker import check
from tabletop.dsl.collector import collector_paused
from tabletop.dsl.diagnostics import Diagnostic, RulebookError, Span, did_you_mean, echo, ended
from tabletop.dsl.loader import load_program, note_changes

from . import words as W
from .budgets import Spent, runaway
from .compiler import Compiled, compile_program
from .errors import PY_ERRORS, IllegalMove, RuleError, SaveError, failed
from .machine import Machine, new_state
from .position import PositionError, apply_changes
from .statecheck import MAX_TIME, outside_range, state_problem
from .statements import TakeTurns
from .view import display_parts, named_view, prompt_seen, redacted_state, render_state, view_of

_new = object.__new__

__all__ = ["load_game", "Game", "State", "Decision", "Result", "IllegalMove", "SaveError", "RuleError",
           "RulebookError", "PositionError", "MAX_TIME"]



@dataclass
class Decision:
    players: list              # seats that must answer now (several: a secret simultaneous choice)
    prompt: str
    options: list              # labels for the first of `players`; see State.options(seat)
    timed: bool = False
    kind: str = "choose"


@dataclass
class Result:
    winners: list              # the seats that win (several: a shared win)
    scores: list               # each seat's score
    reason: str                # the `end game` text
    sides: list = field(default_factory=list)        # the sides that win, by name ("volcano")
    side_scores: dict = field(default_factory=dict)  # each side's score, by name
    scored: bool = True        # False: the rulebook has no score (a `winners:` line decides), every score 0
    ended_at: str = ""         # the `end game` line that ended it, as "game.rules:246" (Game.endings)

    @property
    def nobody_won(self) -> bool:
        """Nobody at all wins: no seat and no side (the volcano exploded)."""
        return not self.winners and not self.sides

    @property
    def shared(self) -> bool:
        """Several win together (seats, sides, or both)."""
        return len(self.winners) + len(self.sides) > 1


def _place_order(at: str) -> tuple:
    """"game.rules:246" as (file, 246), so that line 46 comes before line 246."""
    file, _, line = at.rpartition(":")
    return (file != "game.rules", file, int(line) if line.isdigit() else 0)


@dataclass
class Game:
    compiled: Compiled
    path: str
    variant: str | None
    option_values: dict
    warnings: list = field(default_factory=list)
    sources: object = None          # dsl.diagnostics.Sources, to render the warnings

    @property
    def title(self):
        return self.compiled.title

    @property
    def scored(self) -> bool:
        """Whether the rulebook scores its players (`score`); without, a `winners:` line decides."""
        return self.compiled.score is not None

    @property
    def min_players(self):
        return self.compiled.min_players

    @property
    def max_players(self):
        return self.compiled.max_players

    @property
    def options(self):
        """A fresh copy: changing it never changes the game (as a view)."""
        return _copy(self.compiled.options)

    @property
    def sides(self) -> list:
        """The names of the game's sides: participants that score and can win without a seat."""
        return list(self.compiled.sides)

    @property
    def endings(self) -> dict:
        """Every `end game` line of the rulebook, as where it is ("game.rules:246", the file named
        from the rulebook's folder) -> its text as written (templates unfilled), in the order of
        the files and lines; `Result.ended_at` names one of them."""
        return dict(sorted(self.compiled.endings.items(), key=lambda kv: _place_order(kv[0])))

    def new_state(self, players: int | None = None, seed: int = 0, force: list | None = None) -> "State":
        if not _seat_number(seed):
            raise ValueError(f"The seed is a whole number, not {seed!r}.")
        if players is not None and not _seat_number(players):
            raise ValueError(f"The number of players is a whole number, not {players!r}.")
        n = self.min_players if players is None else players
        if not self.min_players <= n <= self.max_players:
            span = f"{self.min_players}" if self.min_players == self.max_players else f"{self.min_players} to {self.max_players}"
            noun = "player" if self.max_players == 1 else "players"
            raise ValueError(f"{self.title} is played by {span} {noun}, not {n}.")
        return State(self, new_state(self.compiled, n, seed, self.forced_results(force or [])))

    def load_state(self, data) -> "State":
        """A State from plain data, checked first (statecheck.py): its shape, every value against its
        type and range, each thing in one zone once, and the pending decision the one the rules ask."""
        problem = state_problem(self.compiled, data)
        if problem:
            raise SaveError(f"The saved state does not fit {self.title}: {problem}.")
        data = _copy(data)
        data.setdefault("rolls", [])          # states saved before dice were recorded
        data.setdefault("forced", [])
        if self.compiled.option_values:       # a state saved before states recorded their options
            data.setdefault("options", dict(self.compiled.option_values))
        return State(self, data)

    def forced_results(self, results: list) -> list:
        """Random results in the game's words -> the state's forced entries, each checked to be
        possible: a die face must be a face of the die (of some die, if none is named)."""
        if not isinstance(results, list):
            raise PositionError("Forced results are a list, e.g. [black, {number_die: 6}, {pick: Dark Pit}].")
        out = []
        for r in results:
            if isinstance(r, dict) and len(r) == 1:
                (key, value), = r.items()
                if key in ("pick", "shuffle"):
                    if key == "shuffle" and not isinstance(value, list):
                        raise PositionError(f"A forced shuffle lists what comes first, in order, not {W.quote(value)}.")
                    out.append({key: value})
                    continue
                if key == "roll":
                    key = None
                elif key not in self.compiled.dice:
                    hint = did_you_mean(str(key), list(self.compiled.dice) + ["pick", "shuffle", "roll"])
                    raise PositionError(ended(f"'{key}' is not a die of {self.title}, nor 'pick' or 'shuffle'", hint))
                for face in (value if isinstance(value, list) else [value]):
                    out.append({"roll": self._face(face, key), "die": key})
            elif isinstance(r, (str, int)) and not isinstance(r, bool):
                out.append({"roll": self._face(r, None), "die": None})
            else:
                raise PositionError(f"{W.quote(r)} is not a forced result: give a die face (black), a named die's "
                                    "face ({number_die: 6}), {pick: THING} or {shuffle: [THING, ...]}.")
        return out

    def _face(self, face, die: str | None):
        dice = {die: self.compiled.dice[die]} if die else self.compiled.dice
        for faces in dice.values():
            for f in faces:
                if f == face and type(f) is type(face) or str(f) == str(face):
                    return f
        # In the game's words, as an enum value is written ("Black" for black); only when that
        # names one face.
        loose = W.one_named(face, [f for faces in dice.values() for f in faces]) if isinstance(face, str) else None
        if loose is not None:
            return loose
        if not dice:
            raise PositionError(f"{self.title} has no dice, so nothing can roll {W.quote(face)}.")
        listed = "; ".join(f"{n}: {', '.join(str(f) for f in fs)}" for n, fs in dice.items())
        what = f"a face of {die}" if die else "a face of any die of " + self.title
        raise PositionError(f"{W.quote(face)} is not {what} ({listed}){_as_two_throws(face, dice)}.")


def _as_two_throws(face, dice: dict) -> str:
    """"; a total of two dice is forced ..." when a number no face shows is the sum of two faces of
    one die: a rule text's "roll the dice ... 7" is two throws, and a tester who forces the 7 is
    told so."""
    if type(face) is not int:
        return ""
    for name, faces in dice.items():
        nums = [f for f in faces if type(f) is int]
        pairs = sorted(([a, b] for a in nums for b in nums if a + b == face and a <= b), key=lambda ab: ab[1] - ab[0])
        pair = pairs[0] if pairs else None
        if pair:
            return (f"; a total of two dice is forced die by die, as its two faces in the order they are thrown: "
                    f"[{pair[0]}, {pair[1]}] for {face}")
    return ""


def load_game(game: str, variant: str | None = None, options: dict | None = None, source: bool = True) -> Game:
    """Load, check and compile a rulebook (a folder name under rulebooks/, a folder, or a file).
    With `source` false its rules are compiled to closures only, without Python source: the same
    game, quicker to load and slower to play (for checking a rulebook)."""
    with collector_paused():
        return _load_game(game, variant, options, source)


def _load_game(game: str, variant: str | None, options: dict | None, source: bool) -> Game:
    if isinstance(game, os.PathLike):
        game = os.fspath(game)
    if not isinstance(game, str) or not game.strip():
        # An empty name would quietly mean the current folder, whatever it holds.
        raise RulebookError([Diagnostic("E001", f"A rulebook is named by a folder, a .rules file or a bundled game's "
                                                f"name, not {game!r}.", Span(str(game)))])
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"The options are a mapping of option names to values, such as {{'difficulty': 'elite'}}, "
                         f"not {echo(repr(options))}.")
    if variant is not None and (not isinstance(variant, str) or not variant.strip()):
        # An empty name would quietly mean the base game (the command line refuses it too).
        raise RulebookError([Diagnostic("E016", f"A variant is named by a text, the name of a file of the rulebook's "
                                                f"variants/ folder, not {variant!r}.", Span(game))])
    program = load_program(game, variant)
    try:
        checked = check(program)
    except RulebookError as e:      # an error caused by a variant's remove or replace names its line
        e.diagnostics = note_changes(e.diagnostics, program)
        raise
    declared = {n: s.decl for n, s in checked.symbols.items() if s.kind == "option"}
    values = {n: (d.default or d.choices[0]) for n, d in declared.items()}
    for k, v in (options or {}).items():
        if k not in declared:     # a name that is not a text is no option's name either
            raise RulebookError([Diagnostic("E030", f"{checked.title} has no option '{echo(k)}'.", Span(program.root),
                                            did_you_mean(str(k), declared) or f"options: {', '.join(declared) or 'none'}",
                                            about=("option", k))], program.sources)
        if v not in declared[k].choices:   # a value is a text, as on the command line: 3 is not "3"
            raise RulebookError([Diagnostic("E031", f"The option '{echo(k)}' cannot be " + (f"'{echo(v)}'." if isinstance(v, str) else f"{echo(repr(v))}, which is not a text."),
                                            declared[k].span,
                                            did_you_mean(str(v), declared[k].choices) or f"choose one of {', '.join(declared[k].choices)}",
                                            about=("option", k))], program.sources)
        values[k] = v
    try:
        compiled = compile_program(checked, values, source)
    except RulebookError as e:      # E900: too deep to compile; its lines are quoted from the sources
        e.sources = e.sources or program.sources
        raise
    # The game is named as it was given (a rulebook name stays a name), so saves stay portable.
    # A variant's own file (variants/v.rules) is played as that variant, and says so.
    return Game(compiled, game, variant or program.variant, values, note_changes(checked.warnings, program),
                program.sources)


class State:
    _handed_out = False      # whether `data` was read since the last move (see `data`)
    _m = None                # the machine kept between moves (`_machine`)

    def __init__(self, game: Game, data: dict):
        self.game = game
        self._data = data

    @property
    def data(self) -> dict:
        """The state itself, as plain data (to save, inspect or change). The machine keeps values
        of definitions between moves (memo.py) while nothing they read is written; a caller
        holding the data may change it in place, so once it is read here, the next move works
        every value out again."""
        self._handed_out = True
        return self._data

    @data.setter
    def data(self, value: dict):
        self._handed_out = True
        self._data = value

    # ------------------------------------------------------------------ reading
    @property
    def is_over(self) -> bool:
        return self._data["over"]

    @property
    def players(self) -> int:
        return len(self._data["players"])

    @property
    def current_player(self) -> int:
        return self._data["current"]

    @property
    def decisions(self) -> int:
        return self._data["decisions"]

    @property
    def turn_number(self) -> int:
        """The turns begun so far (0 in the setup, before the first turn)."""
        return self._data.get("turn_number", 0)

    def when(self) -> str:
        """Where the game is, for a message about what went wrong there: "turn 4 (Player 2's
        turn)", or, in a game of rounds (or before the first turn), "after 12 decisions"."""
        n, d = self.turn_number, self.decisions
        if n:
            return f"turn {n} (Player {self.current_player + 1}'s turn)"
        return f"after {d} decision{'s' * (d != 1)}" if d else "before the first decision"

    @property
    def log(self) -> list:
        return list(self._data["log"])

    @property
    def rolls(self) -> list:
        """The dice rolled since the last answer (or since the start), in order: (die, face)."""
        flat = self._data.get("rolls", [])
        return list(zip(flat[0::2], flat[1::2]))

    @property
    def forced(self) -> list:
        """The forced random results not used yet, in order."""
        return _copy(self._data.get("forced", []))

    @property
    def turn_under_way(self) -> bool:
        """Whether a turn of the turn order is under way (one that `set_position(restart_turn=True)`
        can start again), or in a game of rounds without turns, a round."""
        return TakeTurns.restart(self.game.compiled, _copy(self._data)) is None

    @property
    def said(self) -> int:
        """How many lines the rules have said since the game began (the log keeps the last 30)."""
        n = self._data.get("said")
        return n if type(n) is int else len(self._data["log"])

    @property
    def pending(self) -> Decision | None:
        p = self._data["pending"]
        if p is None:
            return None
        kind = p["kind"]
        if kind != "secret":         # the common case, asked at every decision: one seat, its labels
            # Made as Decision(...) would make it, without calling its __init__ from C (a third of the cost).
            d = _new(Decision)
            d.players = p["players"][:]
            d.prompt = p["prompt"]
            d.options = p["labels"][:]
            d.timed = bool(p.get("timed"))
            d.kind = kind
            return d
        first = p["players"][0]
        prompts = p.get("by_seat_prompts")
        prompt = prompts.get(str(first), p["prompt"]) if prompts else p["prompt"]
        return Decision(list(p["players"]), prompt, list(_labels(p, first)), bool(p.get("timed")), kind)

    def prompt(self, seat: int | None = None) -> str:
        """The question the pending decision asks `seat` (in a secret choice each seat may have its own)."""
        self._seat(seat)
        p = self._data["pending"]
        if p is None:
            return ""
        # A seat not asked reads it as its view shows it (not a reaction's own question).
        return prompt_seen(p, p["players"][0] if seat is None else seat)

    def options(self, seat: int | None = None) -> list:
        p = self._data["pending"]
        if p is not None and p["kind"] != "secret" and type(seat) is int and seat == p["players"][0]:
            return list(p["labels"])       # the common case, asked at every decision: the seat asked
        self._seat(seat)
        if p is None:
            return []
        if seat is None:
            seat = p["players"][0]
        return list(_labels(p, seat))

    def answer_is_public(self, index: int, seat: int | None = None) -> bool:
        """Whether the label of answer `index` to the pending decision may be shown to the other
        seats (as the terminal shows a bot's answer). Not in a secret choice; not in a choice among
        what only its player may see, where a label may name a secret card; and not for a reaction
        declined, which would tell that the seat could have played it."""
        self._seat(seat)
        p = self._data["pending"]
        seat = p["players"][0] if p is not None and seat is None else seat
        if p is None or p["kind"] == "secret" or not _seat_number(index) or not 0 <= index < len(_labels(p, seat)):
            return False
        if p["kind"] == "reaction":
            chosen = p["values"][index]
            return chosen is not None and not self._reactions()[chosen[0]]["private"]
        return not self.game.compiled.stmts[p["stmt"]].private

    def declines(self, index: int, seat: int | None = None) -> bool:
        """Whether answer `index` to the pending decision is the way to decline a `may choose`
        (its "Decline", or the rulebook's `or "..."`): a label that says nothing of the question."""
        self._seat(seat)
        p = self._data["pending"]
        if p is None or p["kind"] != "choose" or not _seat_number(index):
            return False
        return index == len(p["labels"]) - 1 and bool(self.game.compiled.stmts[p["stmt"]].may)

    def _reactions(self) -> list:
        """The compiled reactions the pending reaction decision offers: the instant ones, or the
        signalled event's (the frame offering them is the top of the stack)."""
        return self.game.compiled.reactions_to(self._data["stack"][-1][3]["event"])

    def options_name_secrets(self) -> bool:
        """Whether the pending decision's options may name what only its player may see (a hand's
        cards): they come from a zone not everyone sees (`Compiler.reads_hidden`)."""
        p = self._data["pending"]
        if p is not None and p["kind"] == "reaction":
            reactions = self._reactions()
            return any(v is not None and reactions[v[0]]["private"] for v in p["values"])
        return p is not None and self.game.compiled.stmts[p["stmt"]].private

    def option_groups(self, seat: int | None = None) -> list:
        """For each of `options(seat)`, the number of the menu's `option` clause that offered it,
        so a long menu can be shown in groups (0 for every option of other decisions)."""
        p = self._data["pending"]
        labels = self.options(seat)
        if p is not None and p["kind"] == "menu" and labels:     # a seat not asked learns nothing of the menu
            return [v[0] for v in p["values"]]
        return [0] * len(labels)

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        m = Machine(self.game.compiled, self._data)
        prog = self.game.compiled
        n = self.players
        scores = [_score(prog, m, p) for p in range(n + len(prog.sides))]
        winners = _winners(prog, m, scores)
        return Result([w for w in winners if w < n], scores[:n], self._data["reason"],
                      [prog.sides[w - n] for w in winners if w >= n],
                      {name: scores[n + i] for i, name in enumerate(prog.sides)}, prog.score is not None,
                      self._data.get("ended_at", ""))

    def scores(self) -> list:
        m = Machine(self.game.compiled, self._data)
        prog = self.game.compiled
        return [_score(prog, m, p) for p in range(self.players)]

    def side_scores(self) -> dict:
        """Each side's `score` now, by the side's name ({} for a game without sides)."""
        m = Machine(self.game.compiled, self._data)
        prog = self.game.compiled
        return {name: _score(prog, m, self.players + i) for i, name in enumerate(prog.sides)}

    # ------------------------------------------------------------------ deciding
    def _seat(self, seat, error=ValueError):
        """`seat` if it is None or a seat at the table (0 is Player 1); else `error` saying so."""
        if seat is None or (type(seat) is int and 0 <= seat < len(self._data["players"])):
            return seat           # the common case, asked at every decision
        if _seat_number(seat) and 0 <= seat < self.players:
            return seat
        raise error(f"There is no seat {seat!r}: the seats are numbered 0 to {self.players - 1} "
                    f"(Player 1 to Player {self.players}).")

    def _deciding(self, seat: int | None) -> int:
        """The seat answering now (by default the first asked); IllegalMove if it may not."""
        p = self._data["pending"]
        self._seat(seat, IllegalMove)
        if p is None:
            raise IllegalMove("The game is over; there is nothing left to decide." if self.is_over
                              else "Nobody has a decision to make.")
        if seat is None:
            seat = p["players"][0]
        if seat not in p["players"]:
            who = ", ".join(f"Player {s + 1}" for s in p["players"])
            raise IllegalMove(f"It is not Player {seat + 1}'s decision; waiting for {who}.")
        return seat

    def apply(self, index: int, seat: int | None = None, time: float | None = None):
        p = self._data["pending"]
        if p is not None and type(seat) is int and type(index) is int and p["kind"] != "secret" \
                and p["players"][0] == seat and 0 <= index < len(p["labels"]):
            pass             # the common case, asked at every decision: one seat asked, a valid answer
        else:
            seat = self._deciding(seat)
            count = len(_labels(p, seat))
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < count:
                raise IllegalMove(f"There is no option {index!r}; the options are numbered 0 to {count - 1}.")
        if time is not None:
            _check_time(time)
        elif p.get("timed"):
            time = 1.0
        m = self._m
        if m is None or self._handed_out:
            m = self._machine()
        try:
            m.apply(index, seat, time)
        except BaseException:
            m.ver[0] += 1        # what the rules wrote before the error may not all be counted
            raise

    def _machine(self) -> Machine:
        """The machine over this state's data: kept while the data and its parts are the same
        objects (a machine keeps nothing of a game but its references to them, see machine.py).
        Only a caller holding the data (`data`) or a new position can change them, so between
        two answers with neither, the machine is the one kept, asked nothing."""
        m = self._m
        if m is not None and not self._handed_out:
            return m
        d = self._data
        self._handed_out = False
        if m is None or m.s is not d or m.g is not d["globals"] or m.f is not d["fields"] \
                or m.envs is not d["envs"] or m.seats is not d["players"]:
            m = self._m = Machine(self.game.compiled, d)    # new data, or a part of it replaced
        else:
            m.ver[0] += 1        # the data may have been changed in place: no kept value is used again
            m.fl = m.prog.field_lists(d["fields"])      # nor a field's list replaced
        return m

    def apply_label(self, label: str, seat: int | None = None, time: float | None = None):
        self.apply(self.find_option(label, seat), seat, time)

    def find_option(self, text: str, seat: int | None = None, substring: bool = False) -> int:
        """The number of the option `text` names: its exact label, else the one label with the same
        words in another order ("Keep blue and red" for "Keep red and blue"), else with
        `substring` the one label containing it in whole words ("no" is no part of "Knoll").
        IllegalMove says why when none or several fit."""
        if not isinstance(text, str):
            raise IllegalMove(f"An option is named by its label, a text, not {text!r}.")
        labels = self.options(self._deciding(seat))
        if not text.strip():      # it is part of every label: with `substring`, the one option of a decision
            raise IllegalMove("An empty text names no option; give an option's label.")
        if text in labels:
            return labels.index(text)
        found = W.labels_fitting(text, labels, substring, self.game.compiled.label_patterns)
        if len(found) == 1:
            return found[0]
        if found:
            shown = ", ".join(f"'{labels[i]}'" for i in found[:5]) + (", ..." if len(found) > 5 else "")
            raise IllegalMove(f"{W.quote(text)} fits {len(found)} options ({shown}); say which.")
        holding = [label for label in labels if W.holds_part(W.plain_label(text), W.plain_label(label))]
        if holding and substring:       # written as a label of its own form, which is not offered now
            raise IllegalMove(f"{W.quote(text)} is not an option now. '{holding[0]}' holds the same words but is another "
                              "option; to choose it, write its label whole.")
        # A part of one label, where labels are given whole, means that label: name it rather than
        # the label nearest in spelling ('Move to A4' for 'Move to B3' when the option is 'Move to
        # B3 from A3, pushing east').
        hint = f"did you mean '{holding[0]}'?" if len(holding) == 1 else \
            W.another_number(text, labels) or did_you_mean(text, labels)
        hint = hint if not hint or hint.endswith((".", "?", "!")) else hint + "."
        raise IllegalMove(f"{W.quote(text)} is not an option now." + (f" {hint[0].upper()}{hint[1:]}" if hint else ""))

    # ------------------------------------------------------------------ setting a position
    def set_position(self, changes: dict, rest: dict | None = None, restart_turn: bool = False):
        """Set values by name, in the game's words (see position.py and docs/engine.md), then ask the
        pending decision again so its options fit the new position; with `restart_turn`, the turn
        under way starts again from its first line instead (what it did before the decision is
        done again, from the new position). An impossible position raises PositionError naming the
        value, and leaves the state unchanged."""
        if self._data["pending"] is None:
            raise PositionError("The game is over; a position can only be set while a decision waits.")
        data = _copy(self._data)
        apply_changes(self.game.compiled, data, changes, rest)
        lead = None
        if data["current"] != self._data["current"] and self.turn_under_way:
            # Another player's turn: it starts from its first line, not in the middle of the turn
            # of the player before (whose turn's steps so far would stand for the new one's). In
            # a game of rounds without turns, the round starts again, led by that player.
            restart_turn = True
            lead = data["current"]
        self._ask_again(data, restart_turn, lead)
        self.data = data

    def ask_again(self):
        """Ask the pending decision again from the state as it is now, after `data` was edited by
        hand. The edited data is checked first, as `load_state` checks it; PositionError if it fails."""
        data = _copy(self._data)
        self._ask_again(data)
        self.data = data

    def _ask_again(self, data: dict, restart_turn: bool = False, lead: int | None = None):
        problem = state_problem(self.game.compiled, data, ask_again=False)
        if problem:
            e = PositionError(f"This is not a possible position of {self.game.title}: {problem}.")
            e.stage = "position"
            try:
                e.outside = outside_range(self.game.compiled, data)
            except Exception:       # a state too broken to read: its problem says so
                pass
            raise e
        p = data["pending"]
        if p is None:
            return
        if restart_turn:
            why = TakeTurns.restart(self.game.compiled, data, lead)
            if why:
                e = PositionError(f"The turn cannot start again: {why}.")
                e.stage = "restart"
                raise e
        elif p["kind"] != "reaction":
            data["stack"][-1][1] -= 1      # the statement that asked runs again; a reaction is re-offered
        data["pending"] = None
        try:
            Machine(self.game.compiled, data).run()
        except RuleError as e:
            err = PositionError(f"The rules cannot go on from this position: {e}")
            err.stage = "rules"
            raise err from None

    def force(self, results: list):
        """The next random results, in the game's words, used before the generator's: a die face
        (`"black"`, `6`), a named die's faces (`{"number_die": [6, 2]}`), a pick (`{"pick": "Dark Pit"}`)
        or a shuffle's first items (`{"shuffle": ["Chocolate", "Marshmallow"]}`). Each is checked to be
        possible (PositionError if not); the rules refuse a forced result that does not fit the
        draw they make (RuleError)."""
        if self._data["pending"] is None:     # as set_position: nothing more will be drawn
            raise PositionError("The game is over; random results can only be forced while a decision waits.")
        self._data.setdefault("forced", []).extend(self.game.forced_results(results))

    def evaluate(self, name: str, *args):
        """A rulebook definition's value now, or a variable's (a player's with the player), with
        arguments and result in the game's words; a player may also be given as a seat number."""
        prog = self.game.compiled
        if not isinstance(name, str):
            raise PositionError(f"A definition or variable is named by a text, not {W.quote(name)}.")
        if name in prog.global_names and name not in prog.define_types:
            if args:
                raise PositionError(f"'{name}' is a variable of the game; it takes no values, not {len(args)}.")
            slot = prog.global_names.index(name)
            return W.show(prog, prog.global_types[slot], _copy(self._data["globals"][slot]), self.players)
        if name in prog.player_names and name not in prog.define_types:
            if len(args) != 1:
                raise PositionError(f"'{name}' is a variable of each player; name the player: "
                                    f"evaluate({name!r}, \"Player 1\").")
            p = self._player(args[0], name)
            slot = prog.player_names.index(name)
            return W.show(prog, prog.player_types[slot], _copy(self._data["players"][p][slot]), self.players)
        if name not in prog.define_types:
            hint = did_you_mean(name, list(prog.define_types) + list(prog.global_names) + list(prog.player_names))
            raise PositionError(f"{self.game.title} has no definition or variable '{name}'"
                                + (f"; {hint}" if hint else "."))
        params, result = prog.define_types[name]
        if len(args) != len(params):
            raise PositionError(f"'{name}' takes {len(params)} value{'s' * (len(params) != 1)}, not {len(args)}.")
        try:
            values = tuple(self._player(a, name) if t == "player" and _seat_number(a) else W.read(prog, t, a, self.players)
                           for t, a in zip(params, args))
        except W.WordsError as e:
            raise PositionError(f"{name}: {e}.") from None
        try:
            worked_out = prog.defines[name](Machine(prog, self._data), values)
        except PY_ERRORS as e:      # values that make it fail (an item beyond a list's end): the rules' words
            raise failed(e, e.__traceback__, f"'{name}' cannot be worked out", None, "the value asked for") from None
        except Spent:
            raise runaway(f"'{name}'", None) from None
        except RecursionError:
            raise RuleError(f"'{name}' nests too deeply.") from None
        return W.show(prog, result, worked_out, self.players)

    def _player(self, who, name: str) -> int:
        """A player given by seat number (0 is Player 1) or in words, for `evaluate`."""
        if _seat_number(who):
            if not 0 <= who < self.players:
                raise PositionError(f"{name}: there is no seat {who}; the seats are 0 to {self.players - 1}.")
            return who
        try:
            return W.read(self.game.compiled, "player", who, self.players)
        except W.WordsError as e:
            raise PositionError(f"{name}: {e}.") from None

    # ------------------------------------------------------------------ copies, views, saving
    def copy(self) -> "State":
        return State(self.game, _copy(self._data))

    def to_json(self) -> dict:
        return _copy(self._data)

    def view(self, seat: int | None, named: bool = False) -> dict:
        self._seat(seat)
        if named:
            return named_view(self.game.compiled, self._data, seat)
        return _copy(view_of(self.game.compiled, self._data, seat))

    def display(self, seat: int | None) -> list:
        """The rulebook's `display` as that seat may see it, in parts for a terminal to lay out:
        `{"text": line}`, or `{"board": rows}` with rows of cell texts (None where no space is)."""
        self._seat(seat)
        return display_parts(self.game.compiled, redacted_state(self.game.compiled, self._data, seat))

    def render(self, seat: int | None) -> str:
        self._seat(seat)
        return render_state(self.game.compiled, redacted_state(self.game.compiled, self._data, seat), seat)


def _seat_number(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_time(time) -> None:
    """A reaction time must be a finite number of seconds from 0 to MAX_TIME."""
    if isinstance(time, bool) or not isinstance(time, (int, float)):
        raise IllegalMove(f"A reaction time is a number of seconds, not {time!r}.")
    if not 0 <= time <= MAX_TIME:      # also refuses nan and infinities
        raise IllegalMove(f"A reaction time must be from 0 to {MAX_TIME:g} seconds, not {time!r}.")


def _score(prog: Compiled, m: Machine, p: int) -> int:
    """Player value p's score (0 without a `score` definition); a rule error when the rules gave
    something that is not a number, e.g. none from `first` or `pick` of an empty list."""
    return _number(prog.score(m, (p,)), "score", m, p, prog.score_span) if prog.score else 0


def _number(value, what: str, m: Machine, p: int, span=None):
    if type(value) is int or type(value) is bool:
        return value
    raise RuleError(f"The {what} of {m.show_player(p)} is {m.show_any(value)}, but it must be a number "
                    f"(a list's first item, or a pick, is none when the list is empty).", span)


def _winners(prog: Compiled, m: Machine, scores: list) -> list:
    """The winning player values: seats, then sides (side i is the value players + i). `scores`
    holds every seat's and then every side's score."""
    n = len(scores)
    if prog.winners is None:
        best = max(scores) if scores else 0
        return [p for p in range(n) if scores[p] == best]
    if prog.winners[0] == "expr":
        _, fn, size, span = prog.winners
        found = fn(m, [None] * size)
        for p in found:
            if not (type(p) is int and 0 <= p < n):
                raise RuleError(f"The winners must be players, but the list holds "
                                f"{m.show_player(p) if type(p) is int else m.show_any(p)}.", span)
        return sorted(set(found))
    keys = prog.winners[1]

    def key(p):
        values = [_number(f(m, (p,)), f"'{name}' that ranks the winners", m, p, span) for _, f, name, span in keys]
        return tuple(-v if d == "highest" else v for (d, *_), v in zip(keys, values))
    ranked = {p: key(p) for p in range(n)}
    best = min(ranked.values())
    return [p for p in range(n) if ranked[p] == best]


def _labels(p: dict, seat: int) -> list:
    """The labels a pending decision offers `seat` (not a copy)."""
    if seat not in p["players"]:
        return []
    return p["by_seat_labels"].get(str(seat), []) if p["kind"] == "secret" else p["labels"]


def _copy(x):
    """A deep copy of plain data. `marshal` (the interpreter's own format for code constants, never
    read from outside here) copies lists, dicts, numbers and texts in C, two to three times as
    fast as walking them in Python; anything else it refuses is copied by walking."""
    try:
        return marshal.loads(marshal.dumps(x))
    except ValueError:
        return _walked_copy(x)


def _walked_copy(x):
    if isinstance(x, list):
        return [_walked_copy(i) if isinstance(i, (list, dict)) else i for i in x]
    if isinstance(x, dict):
        return {k: _walked_copy(v) if isinstance(v, (list, dict)) else v for k, v in x.items()}
    return x
