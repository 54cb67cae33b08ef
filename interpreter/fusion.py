"""Straight-line statements fused: a run of statements that can never pause becomes one step.

A block's statements run one at a time through the machine's frame stack, so that a game can
pause at any decision and be saved. Most statements never pause: assignments, moves, draws,
`say`, and `if` and `for` whose blocks hold only such statements. A run of them is written here
as one generated Python function (an `if` as a Python `if`, a `for` as a Python `for`), which
calls the statements' own compiled functions and conditions, so the run costs one step of the
machine instead of a step and a frame per statement. The result must be the same game: the
same statements in the same order, the same work charged, the same error at the same line
(each generated line knows its statement's line) and the same steps counted, each statement
checking the machine's step budget as the machine would before running it.

The block keeps its length: the fused statement stands at the run's first place and the others
stay where they were, skipped over, so a saved game's frames still point at the same statements.
The source holds only names `codegen.py` makes (see its docstring); this module must not
fuse a statement that can pause or push a frame. A statement that leaves the run (`return`,
`stop`, `end game`, `end NAME`) does to the frame stack what it does unfused, and the run ends.
"""
from __future__ import annotations

import sys

from . import codegen
from . import statements as S
from .budgets import Spent, runaway
from .errors import PY_ERRORS, BudgetExceeded, RuleError, explain
from .machine import STEP_BUDGET


class Fused(S.Stmt):
    """A run of `count` statements that cannot pause, run as one generated function."""

    def __init__(self, fn, count: int, spans: dict, owner: str, span):
        self.fn, self.count, self.spans, self.owner, self.span = fn, count, spans, owner, span
        self.code = fn.__code__

    def run(self, m, frame):
        try:
            steps = self.fn(m, m.envs[frame[2]])
        except Spent:
            raise runaway(f"the {self.owner}", self.span_of()) from None
        except RuleError as e:
            raise e.at(self.span_of())
        except RecursionError as e:
            raise BudgetExceeded(f"The rules nest too deeply in the {self.owner}.", self.span_of()) from None
        except PY_ERRORS as e:
            raise RuleError(f"This line of the {self.owner} cannot be carried out: {explain(e)}.",
                            self.span_of()) from None
        frame[1] += self.count - 1
        return steps

    def span_of(self) -> object:
        """The line of the statement that was running: the generated line the error passed."""
        tb = sys.exc_info()[2]
        line = None
        while tb is not None:
            if tb.tb_frame.f_code is self.code:
                line = tb.tb_lineno
            tb = tb.tb_next
        return self.spans.get(line, self.span)


class Skipped(S.Stmt):
    """A statement of a fused run after its first: the fused statement ran it already."""

    def __init__(self, original):
        self.original, self.span = original, original.span

    def run(self, m, frame):
        raise RuleError("A fused statement was entered in its middle.", self.span)


# Statements that leave the run: the fused function does what they do to the frame stack (their
# `leave`) and returns, and the machine goes on from wherever they leave it.
EXITS = (S.Return, S.Stop, S.EndGame, S.EndStage)


def fusable(c, st) -> bool:
    """Can `st` never pause, push a frame or end anything? (Its blocks, for `if` and `for`.)"""
    if type(st) is S.Simple:
        return True
    if type(st) is S.If:
        blocks = [b for _, b in st.branches] + ([st.other] if st.other is not None else [])
        return all(whole(c, b) for b in blocks)
    if type(st) in (S.For, S.While, S.Repeat):
        return whole(c, st.block)
    return type(st) in EXITS


def whole(c, block: int) -> bool:
    """Does a whole block fuse?"""
    return all(fusable(c, st) for st in originals(c, block))


def originals(c, block: int) -> list:
    blk = c.out.blocks[block]
    return [st.original if type(st) is Skipped else st.first if type(st) is Fused else st for st in blk.stmts]


def fuse(c, block: int) -> None:
    """Replace each run of statements in `block` that cannot pause (two or more, or one `if` or
    `for`) by a fused statement and skipped places."""
    blk = c.out.blocks[block]
    stmts, i = blk.stmts, 0
    while i < len(stmts):
        j = i
        while j < len(stmts) and fusable(c, stmts[j]):
            j += 1
        run = stmts[i:j]
        if len(run) >= 2 or (run and type(run[0]) is not S.Simple):
            fused = write(c, run, blk.owner)
            if fused is not None:
                fused.first = run[0]
                stmts[i:j] = [fused] + [Skipped(st) for st in run[1:]]
        i = max(j, i + 1)


def write(c, run: list, owner: str):
    src = codegen.Source(c)
    # `_room`: the statements this run may still count before the machine's step budget is spent
    # (the machine counted its first already).
    lines, spans = ["def _fused(m, env):", "    _n = 0", f"    _room = {STEP_BUDGET + 1} - m.steps"], {}
    stop = src.const(loops_forever(owner))

    def emit(text: str, depth: int, span=None):
        lines.append("    " * depth + text)
        if span is not None:
            spans[len(lines)] = span

    def charge(st, depth):
        big = getattr(st, "big", None)
        if big is not None:
            size, where, span = big
            emit(f"{src.const(codegen.spent(int(size), where, span))}(m)", depth, span)

    def statements(sts, depth, loops):
        for st in sts:
            # Count the statement, and stop as the machine would before running one too many.
            emit("_n += 1", depth)
            emit(f"if _n > _room: raise {stop}()", depth, st.span)
            charge(st, depth)
            if type(st) is S.Simple:
                emit(f"{src.const(st.fn)}(m, env)", depth, st.span)
            elif type(st) is S.Stop and loops:
                emit("break", depth, st.span)         # the innermost loop is one of this run's
            elif type(st) in EXITS:
                emit(f"{src.const(st.leave)}(m, env)", depth, st.span)
                emit("return _n", depth)
            elif type(st) is S.If:
                for k, (cond, block) in enumerate(st.branches):
                    emit(f"{'if' if k == 0 else 'elif'} {src.const(cond)}(m, env):", depth, st.span)
                    body(block, depth + 1, loops)
                if st.other is not None:
                    emit("else:", depth)
                    body(st.other, depth + 1, loops)
            elif type(st) in (S.While, S.Repeat):
                if type(st) is S.While:
                    emit(f"while {src.const(st.cond)}(m, env):", depth, st.span)
                else:
                    emit(f"for _i in range({src.const(st.count)}(m, env)):", depth, st.span)
                body(st.block, depth + 1, loops + 1)
            else:
                items = f"{src.const(codegen.charged(int(st.each), st.where, st.span))}(m, [*{src.const(st.items)}(m, env)])"
                emit(f"for env[{int(st.slot)}] in {items}:", depth, st.span)
                if st.cond is not None:
                    emit(f"if not {src.const(st.cond)}(m, env):", depth + 1, st.span)
                    emit("continue", depth + 2)
                body(st.block, depth + 1, loops + 1)

    def body(block, depth, loops):
        sts = originals(c, block)
        if not sts:
            emit("pass", depth)
        statements(sts, depth, loops)

    statements(run, 1, 0)
    lines.append("    return _n")
    fn = codegen._compiled("\n".join(lines) + "\n", "_fused", src.names, getattr(run[0].span, "line", "?"))
    if fn is None:
        return None
    return Fused(fn, len(run), spans, owner, run[0].span)


def loops_forever(owner: str):
    """The machine's error for rules that run too many statements without a decision (the fused
    statement names the line)."""
    return lambda: BudgetExceeded(f"The rules ran {STEP_BUDGET} steps without asking anyone anything; "
                                  f"the {owner} seems to loop forever.")

