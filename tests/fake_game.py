"""A tiny fake of the engine API (`interpreter.api`), for testing the command line alone.

"Counting race": players take turns adding 1, 2 or (on an even counter) 3 to a shared
counter; after each move a seeded die may add a bonus point. Whoever brings the counter to
the target wins; each seat's score is what it added. Variants exercise the rest of the
contract: "secret" (simultaneous secret choices), "timed" (answers need a reaction time),
"endless" (never ends), "stuck" (a decision without options) and "crash" (the engine fails at the third decision). The rulebook
name "broken" fails to load with a diagnostic.

It implements only the documented contract and must not grow features the CLI relies on
but the real engine lacks.
"""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.dsl.diagnostics import Diagnostic, RulebookError, Sources, Span
from tabletop.interpreter.errors import IllegalMove, RuleError, SaveError  # the engine's own, re-exported

__all__ = ["load_game", "Game", "State", "Decision", "Result", "IllegalMove", "SaveError", "RuleError"]


@dataclass
class Decision:
    players: list[int]
    prompt: str
    options: list[str]
    timed: bool = False
    kind: str = "choose"


@dataclass
class Result:
    winners: list[int]
    scores: list[int]
    reason: str


VARIANTS = {None, "secret", "timed", "endless", "crash", "stuck"}
BROKEN_TEXT = "game \"Broken\"\nplayers 1 to 2\nturn { gibberish }\n"


def load_game(path, variant=None, options=None, source=True):
    if str(path).endswith("broken"):
        diag = Diagnostic("E101", "unexpected word 'gibberish'; expected a rule or '}'",
                          Span("broken/game.rules", 3, 8, 3, 17), hint="did you mean 'give'?")
        error = RulebookError([diag])
        error.sources = Sources({"broken/game.rules": BROKEN_TEXT})
        raise error
    if not str(path).endswith("counting"):
        diag = Diagnostic("E001", f"there is no rulebook called '{path}'", Span(str(path)))
        error = RulebookError([diag])
        error.sources = Sources()
        raise error
    if variant not in VARIANTS:
        diag = Diagnostic("E016", f"there is no variant '{variant}'", Span(str(path)))
        raise RulebookError([diag])
    values = {"target": "10"}
    for key, value in (options or {}).items():
        if key not in values:
            raise RulebookError([Diagnostic("E030", f"Counting Race has no option '{key}'.", Span(str(path)))])
        if value not in Game.options[key]["choices"]:
            raise RulebookError([Diagnostic("E031", f"The option '{key}' cannot be '{value}'.", Span(str(path)))])
        values[key] = value
    return Game(str(path), variant, values)


class Game:
    title = "Counting Race"
    min_players = 1
    max_players = 4
    options = {"target": {"choices": ["10", "20"], "default": "10"}}

    def __init__(self, path, variant, option_values):
        self.path = path
        self.variant = variant
        self.option_values = option_values

    def new_state(self, players=None, seed=0):
        players = self.min_players if players is None else players
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Counting Race is for 1 to 4 players, not {players}.")
        return State(self, {
            "players": players, "counter": 0, "totals": [0] * players, "turn": 0,
            "rng": seed % 2**31, "decisions": 0, "picks": {}, "result": None,
        })

    def load_state(self, data):
        keys = {"players", "counter", "totals", "turn", "rng", "decisions", "picks", "result"}
        if not isinstance(data, dict) or set(data) != keys:
            raise SaveError("the state does not have the fields of a Counting Race state")
        return State(self, data)

    def player_count(self, state):
        return state.players


class State:
    def __init__(self, game, data):
        self.game = game
        self.d = data

    # -- reading --
    @property
    def players(self):
        return self.d["players"]

    @property
    def decisions(self):
        return self.d["decisions"]

    @property
    def current_player(self):
        return self.d["turn"]

    @property
    def is_over(self):
        return self.d["result"] is not None

    @property
    def result(self):
        r = self.d["result"]
        return Result(**r) if r else None

    @property
    def target(self):
        return int(self.game.option_values["target"])

    @property
    def pending(self):
        if self.is_over:
            return None
        if self.game.variant == "secret":
            waiting = [s for s in range(self.players) if str(s) not in self.d["picks"]]
            return Decision(waiting, "Choose secretly how much to add", ["Add 1", "Add 2"], kind="secret")
        if self.game.variant == "endless":
            return Decision([self.d["turn"]], "Wait", ["Wait", "Wait longer"])
        if self.game.variant == "stuck":
            return Decision([self.d["turn"]], "Nothing to do", [])
        labels = ["Add 1", "Add 2"] + (["Add 3"] if self.d["counter"] % 2 == 0 else [])
        return Decision([self.d["turn"]], "How much to add?",
                        labels, timed=self.game.variant == "timed")

    def options(self, seat=None):
        return list(self.pending.options) if self.pending else []

    def prompt(self, seat=None):
        return self.pending.prompt if self.pending else ""

    def render(self, seat):
        return "\n".join(part["text"] for part in self.display(seat))

    def display(self, seat):
        # as the engine's: seat None is what every seat may see (a watcher of bots alone)
        return [{"text": f"Counter: {self.d['counter']} of {self.target}"}] + \
            ([] if seat is None else [{"text": f"Your total: {self.d['totals'][seat]}"}])

    def option_groups(self, seat=None):
        return [0] * len(self.options(seat))

    def answer_is_public(self, index, seat=None):
        return self.pending is not None and self.pending.kind != "secret"

    def declines(self, index, seat=None):
        return False        # the counting game has no `may choose`

    @property
    def log(self):
        return []

    @property
    def said(self):
        return 0

    def view(self, seat):
        return {"counter": self.d["counter"], "total": self.d["totals"][seat]}

    def copy(self):
        return State(self.game, self.to_json())

    def to_json(self):
        import json
        return json.loads(json.dumps(self.d))

    # -- playing --
    def apply_label(self, label, seat=None, time=None):
        options = self.options(seat)
        if label not in options:
            raise IllegalMove(f"'{label}' is not an option now.")
        self.apply(options.index(label), seat, time)

    def apply(self, index, seat=None, time=None):
        pending = self.pending
        if pending is None:
            raise IllegalMove("The game is over; nobody can move.")
        seat = pending.players[0] if seat is None else seat
        if seat not in pending.players:
            raise IllegalMove(f"Player {seat + 1} has nothing to decide now.")
        if not 0 <= index < len(pending.options):
            raise IllegalMove(f"There is no option {index}.")
        if pending.timed and time is None:
            raise IllegalMove("This decision is a race; the answer needs a reaction time.")
        if self.game.variant == "crash" and self.d["decisions"] == 2:
            raise RuleError("rule 'boom' went over its step budget")
        self.d["decisions"] += 1
        if self.game.variant == "endless":
            return
        if self.game.variant == "secret":
            self.d["picks"][str(seat)] = index + 1
            if len(self.d["picks"]) == self.players:
                for s, amount in self.d["picks"].items():
                    self._add(int(s), amount)
                self.d["picks"] = {}
                self._maybe_end(None)
            return
        self._add(seat, index + 1)
        if self._roll() == 2:
            self.d["counter"] += 1
        self._maybe_end(seat)
        self.d["turn"] = (seat + 1) % self.players

    def _add(self, seat, amount):
        self.d["counter"] += amount
        self.d["totals"][seat] += amount

    def _roll(self):
        self.d["rng"] = (self.d["rng"] * 1103515245 + 12345) % 2**31
        return self.d["rng"] % 3

    def _maybe_end(self, mover):
        if self.d["counter"] < self.target:
            return
        totals = self.d["totals"]
        if mover is None:
            winners = [s for s, t in enumerate(totals) if t == max(totals)]
        else:
            winners = [mover]
        self.d["result"] = {"winners": winners, "scores": list(totals),
                            "reason": f"The counter reached {self.target}."}
