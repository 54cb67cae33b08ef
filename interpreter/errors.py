"""Errors the engine raises, each a full sentence for people.

`RuleError` is a mistake the rulebook makes while being played (it names the rulebook line);
`IllegalMove` is a choice that is not allowed now (it says why); `SaveError` is a saved game
that cannot be read. This module must not import the rest of the engine.
"""
from __future__ import annotations


class RuleError(Exception):
    """The rulebook did something impossible during play."""

    def __init__(self, message: str, span=None):
        self.message = message
        self.span = span
        where = f"{span}: " if span is not None and getattr(span, "line", 0) else ""
        super().__init__(where + message)


class BudgetExceeded(RuleError):
    """The rulebook ran too long or nested too deep without asking anyone anything."""


class IllegalMove(Exception):
    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


class SaveError(Exception):
    pass
