"""Budgets: how much work the rules may do between two decisions, and the error when it is spent.

A rulebook is untrusted, so nothing it asks for may run without bound. The machine counts the
statements it runs (`machine.STEP_BUDGET`); everything else the rules make the engine do is
counted as *work* on `Machine.work`, which starts at `WORK_BUDGET` whenever the engine starts
running the rules and counts down. A unit of work is roughly one expression evaluated or one
list item or character handled. The compiled code charges it where work grows with a size, not
per item, so the hot path stays cheap: a comprehension, a `for`, or a decision listing its
options charges the length of what it goes through times the size of the expression it runs for
each item; a definition call charges the size of its body (but for a small leaf, or a count of a
short zone, written in place of its call: `inlining.py`); a built-in charges the items it
reads or makes, a text the characters it holds (both only beyond `SMALL`, where the statement or
expression that asks already paid); a statement with a large expression charges its size. When
the count goes below zero the rules stop with `runaway`, a `BudgetExceeded` that names the line
and the rule or definition. The count is not game state (it starts afresh at each decision), so
it is never saved.

This module must not import the rest of the engine beyond `errors`.
"""
from __future__ import annotations

from .errors import LOOP_BLAME, BudgetExceeded, Runaway, StepsSpent, written

WORK_BUDGET = 5_000_000   # units of work between two decisions (about a second of the engine's time)
SMALL = 32                # sizes up to this are not charged: the step or expression asking paid for them
MAX_WEIGHT = 1_000_000    # items in one stored list, counting the items of the lists inside it
MAX_FRAMES = 400          # nested blocks and calls on the machine's frame stack


class Spent(BudgetExceeded):
    """Raised by a built-in, which does not know its line; the compiled call turns it into `runaway`."""

    def __init__(self):
        super().__init__("The work budget is spent.")


def runaway(where: str, span) -> Runaway:
    """The error for rules that spent the whole work budget, at the line `span` in `where`
    ("the definition 'h'", "the turn section")."""
    e = Runaway(f"The rules did more than {WORK_BUDGET:,} units of work in {where} without anyone "
                "deciding anything (each unit about one expression, list item or character); "
                "they seem to run away.", span)
    e.where = where
    return e


def placed(e: Runaway, owner: str, running, loop, count: int) -> Runaway:
    """The runaway `e` as it is best told, once (error path only): if `loop` (the span of the
    innermost loop around the statement `running`) had run many statements, the loop kept
    repeating; else, if the work ran out on another line (a definition), which statement of
    `owner` was under way."""
    if e.placed:
        return e
    if loop is not None and getattr(loop, "line", 0) and type(count) is int and count >= LOOP_BLAME:
        return loop_runaway(e, owner, loop, count)
    e.placed = True
    line = getattr(running, "line", 0)
    if line and line != getattr(e.span, "line", 0):
        out = Runaway(f"{e.message} It ran out while line {line} of the {owner} was carried out.", e.span)
        out.where, out.placed = getattr(e, "where", ""), True
        return out
    return e


def loop_runaway(e, owner: str, loop, count: int) -> Runaway:
    """The work budget ran out (error `e`) inside a loop of `owner` that had run `count`
    statements: the loop kept repeating, and the error names its line (error path only)."""
    inner = f", in {e.where}" if getattr(e, "where", "") and e.where != f"the {owner}" else ""
    line = getattr(e.span, "line", 0)
    out = Runaway(f"The loop at line {loop.line} of the {owner} kept repeating: the rules did more than "
                  f"{WORK_BUDGET:,} units of work without anyone deciding anything ({count:,} statements "
                  f"run; the work ran out at line {line}{inner}); they seem to run away.", loop)
    out.where, out.placed = f"the {owner}", True
    return out


def loop_forever(message: str, loop, span) -> StepsSpent:
    """The step budget spent at `span` (the statement under way) inside the `while` loop `loop`
    (its node), said by `message` ("The rules ran ... steps ...; the rule 'refill' seems to loop
    forever."), naming the loop as `Machine.loop_note` does (error path only; a fused run's loop
    is on no frame): with its condition as the rulebook writes it and, for each draw in its body,
    that a draw from an empty zone draws nothing (a row refilled from a deck that ran out: the
    condition stays as it is)."""
    from tabletop.dsl import ast as A
    cond = written(loop.cond.span)
    said = f" ('{cond}' never did)" if cond else ""
    draws = []
    for d in A.walk(loop.body):
        source = written(d.source.span) if isinstance(d, A.Draw) else ""
        if source and f"count({source})" not in (cond or ""):
            draws.append(f" The draw at {d.span.file}:{d.span.line} takes from {source}, and a draw from an empty "
                         f"zone draws nothing: once count({source}) is 0 it changes nothing the condition reads; test "
                         f"count({source}) > 0 in the condition too.")
    out = StepsSpent(f"{message} It was inside the while loop at {loop.span.file}:{loop.span.line}: check that its "
                     f"condition can become false{said}." + "".join(draws[:2]), span)
    out.placed = True
    return out


def spend(m, n: int) -> None:
    """Charge `n` units to the machine `m`; `Spent` when the budget is gone. For built-ins."""
    m.work -= n
    if m.work < 0:
        raise Spent()
