"""Bots: computer players that answer a game's pending decision through the engine API.

A bot only reads what the public API offers (`state.options(seat)`, the pending decision)
and returns an option index; for a timed decision it also gives a reaction time. Each bot
owns its random generator, seeded at creation, so a seeded game is reproducible.

This module must not know any game, must not touch the global `random` generator and must
not change the state it is given: applying the choice is the caller's job.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field


class RandomBot:
    """Chooses uniformly among the options; answers timed decisions in 0.3 to 1.5 seconds."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state, seat: int) -> int:
        return self.rng.randrange(len(state.options(seat)))

    def reaction_time(self, state, seat: int) -> float:
        return self.rng.uniform(0.3, 1.5)


class FirstBot:
    """Always takes the first option and answers timed decisions in exactly one second."""

    name = "first"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, state, seat: int) -> int:
        return 0

    def reaction_time(self, state, seat: int) -> float:
        return 1.0


BOTS = {"random": RandomBot, "first": FirstBot}


def make_bot(name: str, seed: int = 0):
    """A new bot of the named kind with its own seeded generator."""
    try:
        kind = BOTS[name]
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise ValueError(f"There is no bot called '{name}'; the bots are: {known}.") from None
    return kind(seed)


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
