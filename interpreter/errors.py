"""Errors the engine raises, each a full sentence for people, and `explain`, which says in words
about the rulebook what a Python error caused by a rulebook means.

`RuleError` is a mistake the rulebook makes while being played (it names the rulebook line);
`IllegalMove` is a choice that is not allowed now (it says why); `SaveError` is a saved game
that cannot be read. This module must not import the rest of the engine.
"""
from __future__ import annotations


class RuleError(Exception):
    """The rulebook did something impossible during play."""

    def __init__(self, message: str, span=None):
        self.message = message
        self.span = None
        super().__init__(message)
        self.at(span)

    def at(self, span) -> "RuleError":
        """Name the rulebook line, unless a more precise one is already named."""
        if self.span is None and span is not None:
            self.span = span
            if getattr(span, "line", 0):
                self.args = (f"{span}: {self.message}",)
        return self


# Python errors that a rulebook's own mistake can cause while its rules run.
PY_ERRORS = (TypeError, IndexError, KeyError, AttributeError, ValueError)


def explain(e: Exception) -> str:
    """A Python error caused by a rulebook, in words about the rulebook."""
    text = str(e)
    if isinstance(e, TypeError) and "NoneType" in text:
        return "a value it needs is none"
    if isinstance(e, IndexError):
        return "a list has no item at that position"
    if isinstance(e, TypeError) and "not supported between" in text:
        return "it compares or combines values of different kinds"
    return text or type(e).__name__


class BudgetExceeded(RuleError):
    """The rulebook ran too long or nested too deep without asking anyone anything."""


class IllegalMove(Exception):
    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


class SaveError(Exception):
    pass
