"""Bots: computer players that answer a game's pending decision through the engine API.

A bot only reads what the public API offers (`state.options(seat)`, the pending decision,
`state.decisions`) and returns an option index; for a timed decision it also gives a reaction
time. A bot keeps no state between answers: each answer is drawn from the engine's generator
seeded by the bot's seed and the position (how many decisions the game has had, the seat), so
a bot is wholly described by its kind, its parameters and its seed, a save file can remember
it, and a resumed game goes on exactly as if it had never stopped.

A kind of bot is a class in `BOTS` taking `(seed, **params)`, with `PARAMS` mapping each
parameter to the function that reads it from text (`--seat 2=first:patience=50`); adding a
bot is one line there. This module must not know any game, must not touch the global `random`
generator and must not change the state it is given: applying the choice is the caller's job.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from tabletop.dsl.diagnostics import echo
from tabletop.interpreter import rng as R

# A game of bots alone still going after this many decisions is taken never to end
# (`simulate --max-decisions`, and `play` with every seat a bot).
MAX_DECISIONS = 100_000

# What a draw is for, so a bot's option and its reaction time come from different streams.
CHOOSE, REACT, SLIP, LOOK = 1, 2, 3, 4


def _generator(seed: int, state, seat: int, purpose: int) -> int:
    """A generator state for one draw: a hash of the bot's seed, the position and the purpose."""
    x = R.seed_state(seed)
    for part in (state.decisions, seat, purpose):
        x = R.next_u64(x ^ (int(part) & R.MASK))[1]
    return x


def _below(seed: int, state, seat: int, purpose: int, n: int) -> int:
    return R.below(_generator(seed, state, seat, purpose), n)[1]


def _uniform(seed: int, state, seat: int, purpose: int, low: float, high: float) -> float:
    return low + (high - low) * _below(seed, state, seat, purpose, 1 << 53) / (1 << 53)


class RandomBot:
    """Chooses uniformly among the options; answers timed decisions in 0.3 to 1.5 seconds."""

    name = "random"
    PARAMS: dict = {}

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, state, seat: int) -> int:
        return _below(self.seed, state, seat, CHOOSE, len(state.options(seat)))

    def reaction_time(self, state, seat: int) -> float:
        return _uniform(self.seed, state, seat, REACT, 0.3, 1.5)


# A bot's parameters are read from the command line or a save, as texts (a save may also hold a
# number). Each reader raises ValueError with what the value is, in words, for make_bot's sentence
# ("The first bot's patience is a whole number of 0 or more, not 'x'."), never Python's.
_WHOLE = re.compile(r"[0-9]{1,15}")


def _count(text) -> int:
    if type(text) is int and 0 <= text < 10 ** 15:
        return text
    if isinstance(text, str) and _WHOLE.fullmatch(text.strip()):
        return int(text)
    long = isinstance(text, str) and text.strip().isascii() and text.strip().isdigit() or type(text) is int and text > 0
    raise ValueError("a whole number of at most 15 digits" if long else "a whole number of 0 or more")


class FirstBot:
    """Takes the first option and answers timed decisions in exactly one second.

    Always taking the first option can go round in circles in a game that only ends when
    someone makes progress. So that the bot finishes the games it plays, once a game has had
    `patience` decisions (default 1,000) it answers at random, from its seed; `finding` then
    says so, as something learnt about the rulebook."""

    name = "first"
    PARAMS = {"patience": _count}

    def __init__(self, seed: int = 0, patience: int = 1000):
        self.seed = seed
        self.patience = patience

    def choose(self, state, seat: int) -> int:
        if state.decisions < self.patience:
            return 0
        return _below(self.seed, state, seat, CHOOSE, len(state.options(seat)))

    def reaction_time(self, state, seat: int) -> float:
        return 1.0

    def finding(self, state) -> str | None:
        """What playing this game taught, once it is over, or None."""
        if state.decisions > self.patience:
            return (f"taking the first option every time had not ended the game after {self.patience} "
                    "decisions (the bots then played at random): the rules may let a game go on for ever")
        return None


_DECIMAL = re.compile(r"[0-9]*\.?[0-9]*")


def _skill(text) -> float:
    words = text.strip() if isinstance(text, str) else None
    if type(text) in (int, float):
        value = float(text)
    elif words and len(words) <= 30 and _DECIMAL.fullmatch(words) and words != ".":
        value = float(words)
    else:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise ValueError("a number from 0 (slow) to 1 (quick)")
    return value


class RacerBot:
    """Races: answers a timed decision with a correct option, at a speed set by its skill.

    Which options are correct it finds without knowing the game: on a copy of the state it
    answers each option first (at once, everyone else as late as can be) and plays on, everyone
    taking the first option, for at most `LOOKAHEAD` decisions, until its own score changes or
    the game ends; an option after which its score has risen is correct. It picks one of them
    at random; if none is, one after which its score has not fallen (an option that lowers it
    is not taken while another does not), and any option if every one costs. It
    answers after 0.6 s plus up to 1.3 s more the lower its skill (0 to 1, default 0.5), give
    or take 0.4 s. The less skilled also slip: with a
    chance of half of (1 - skill) it taps any option without looking. Decisions that are not
    timed it answers at random, like the random bot."""

    name = "racer"
    PARAMS = {"skill": _skill}
    LOOKAHEAD = 30
    LATE = 60.0

    def __init__(self, seed: int = 0, skill: float = 0.5):
        self.seed = seed
        self.skill = skill

    def choose(self, state, seat: int) -> int:
        n = len(state.options(seat))
        if not state.pending.timed:
            return _below(self.seed, state, seat, CHOOSE, n)
        slip = _uniform(self.seed, state, seat, SLIP, 0.0, 1.0) < 0.5 * (1.0 - self.skill)
        if slip:
            good = []
        else:
            changes = self.changes(state, seat)
            good = ([i for i, d in enumerate(changes) if d > 0]
                    or [i for i, d in enumerate(changes) if d == 0])
        good = good or list(range(n))
        return good[_below(self.seed, state, seat, CHOOSE, len(good))]

    def changes(self, state, seat: int) -> list:
        """For each option, how the seat's score has changed once it is tried and played on."""
        before = state.scores()[seat]
        found = []
        for index in range(len(state.options(seat))):
            trial = state.copy()
            trial.apply(index, seat=seat, time=0.0)
            for _ in range(self.LOOKAHEAD):
                if trial.is_over or trial.scores()[seat] != before:
                    break
                decision = trial.pending
                trial.apply(0, seat=decision.players[0], time=self.LATE if decision.timed else None)
            found.append(trial.scores()[seat] - before)
        return found

    def reaction_time(self, state, seat: int) -> float:
        return 0.6 + 1.3 * (1.0 - self.skill) + _uniform(self.seed, state, seat, REACT, -0.4, 0.4)


class LookaheadBot:
    """Plays each option out: for every option it imagines `playouts` worlds its seat could
    believe in (determinize.py: what it cannot see dealt again, the dice to come unknown), takes
    the option in each and plays on at random for at most `depth` decisions; it takes the option
    that won most often (a shared win counts its share; a game still going at the depth counts as
    won by whoever leads on score). So it never reads what its seat may not see. Ties are broken at
    random, from its seed; timed decisions it answers like the random bot."""

    name = "lookahead"
    PARAMS = {"playouts": _count, "depth": _count}

    def __init__(self, seed: int = 0, playouts: int = 8, depth: int = 200):
        self.seed = seed
        self.playouts = max(1, playouts)
        self.depth = depth

    def choose(self, state, seat: int) -> int:
        n = len(state.options(seat))
        if n <= 1:
            return 0
        values = self.values(state, seat)
        best = max(values)
        good = [i for i, v in enumerate(values) if v == best]
        return good[_below(self.seed, state, seat, CHOOSE, len(good))]

    def values(self, state, seat: int) -> list:
        """For each option, (the share of its playouts the seat won, its mean lead on score at
        their end): the lead tells options apart where a win is rare."""
        from .api import State
        from .determinize import believed
        prog = state.game.compiled
        generator = _generator(self.seed, state, seat, LOOK)
        found = []
        for index in range(len(state.options(seat))):
            won = lead = 0.0
            for _ in range(self.playouts):
                data, generator = believed(prog, state.to_json(), seat, generator)
                trial = State(state.game, data)
                generator = self._play_out(trial, index, seat, generator)
                won += _share(trial, seat)
                lead += _lead(trial, seat)
            found.append((won / self.playouts, lead / self.playouts))
        return found

    def _play_out(self, trial, index: int, seat: int, generator: int) -> int:
        timed = trial.pending.timed
        trial.apply(index, seat, self.reaction_time(trial, seat) if timed else None)
        for _ in range(self.depth):
            if trial.is_over:
                break
            pending = trial.pending
            for who in list(pending.players):
                generator, i = R.below(generator, len(trial.options(who)))
                time = None
                if pending.timed:
                    generator, t = R.below(generator, 1 << 20)
                    time = 0.3 + 1.2 * t / (1 << 20)
                trial.apply(i, who, time)
        return generator

    def reaction_time(self, state, seat: int) -> float:
        return _uniform(self.seed, state, seat, REACT, 0.3, 1.5)


def _lead(state, seat: int) -> float:
    """The seat's score less the best other seat's (its score alone in a game of one seat)."""
    if not state.game.scored:
        return 0.0
    scores = state.scores()
    others = scores[:seat] + scores[seat + 1:]
    return scores[seat] - (max(others) if others else 0)


def _share(state, seat: int) -> float:
    """How much of a win `seat` has in `state`: its share of the win of a game over (none when
    nobody won), else of the lead on score (an even share of the game when nothing is scored)."""
    if state.is_over:
        winners = state.result.winners
        return 1.0 / len(winners) if seat in winners else 0.0
    if not state.game.scored:
        return 1.0 / state.players
    scores = state.scores()
    leaders = [p for p, s in enumerate(scores) if s == max(scores)]
    return 1.0 / len(leaders) if seat in leaders else 0.0


BOTS = {"random": RandomBot, "first": FirstBot, "racer": RacerBot, "lookahead": LookaheadBot}


def make_bot(name: str, seed: int = 0, params: dict | None = None):
    """A new bot of the named kind; `params` are its parameters, as texts or values."""
    try:
        kind = BOTS[name]
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise ValueError(f"There is no bot called '{echo(name)}'; the bots are: {known}.") from None
    values = {}
    for key, text in (params or {}).items():
        if key not in kind.PARAMS:
            takes = (f"its parameters are {', '.join(sorted(kind.PARAMS))}" if kind.PARAMS
                     else "it takes none")
            raise ValueError(f"The {name} bot has no parameter '{echo(key)}'; {takes}.")
        try:
            values[key] = kind.PARAMS[key](text)
        except (TypeError, ValueError) as e:
            raise ValueError(f"The {name} bot's {key} is {e}, not '{echo(str(text))}'.") from None
    return kind(seed, **values)


@dataclass
class Seat:
    """Who plays a seat: a human, or a bot of a kind with its parameters (texts) and seed."""
    kind: str = "human"
    params: dict = field(default_factory=dict)
    seed: int = 0

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"

    def bot(self):
        return make_bot(self.kind, self.seed, self.params)

    def describe(self) -> str:
        """The kind as typed on the command line: "first:patience=50"."""
        extra = ",".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.kind}:{extra}" if extra else self.kind

    def to_json(self) -> dict:
        return {"kind": "human"} if not self.is_bot else {"kind": self.kind, "params": dict(self.params),
                                                         "seed": self.seed}

    @classmethod
    def from_json(cls, data: dict) -> "Seat":
        return cls(data["kind"], dict(data.get("params", {})), data.get("seed", 0))


def parse_kind(text: str) -> tuple[str, dict]:
    """'first:patience=50' -> ("first", {"patience": "50"}), checked against the bot's parameters."""
    kind, _, rest = text.strip().partition(":")
    kind, params = kind.strip(), {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ValueError(f"'{echo(item)}' is not KEY=VALUE (for example patience=50).")
        key = key.strip()
        if key in params and params[key] != value.strip():     # else the last would quietly win
            raise ValueError(f"The parameter {echo(key)} is given twice, as '{echo(params[key])}' and as "
                             f"'{echo(value.strip())}'; give it once.")
        params[key] = value.strip()
    if kind == "human":
        if params:
            raise ValueError("A human seat takes no parameters.")
    else:
        make_bot(kind, 0, params)     # an unknown kind or parameter fails here
    return kind, params


@dataclass(frozen=True)
class Move:
    """One answer to a decision: the seat, the option index and the reaction time if timed."""
    seat: int
    index: int
    time: float | None = field(default=None)


def bot_move(bot, state, seat: int) -> Move:
    """Ask `bot` for its answer to the pending decision, with a time when the decision is timed."""
    if not state.options(seat):
        raise ValueError(f"Player {seat + 1} must decide but has no options; the rulebook or the engine is at fault.")
    index = bot.choose(state, seat)
    time = bot.reaction_time(state, seat) if state.pending.timed else None
    return Move(seat, index, time)
