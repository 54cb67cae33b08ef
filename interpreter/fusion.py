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
A run may end with an `if` whose blocks can pause or a call of a rule that can: the fused
function runs that statement as the machine would (it pushes its block or frame) and returns, so
the statement costs no step of the machine's own; the machine runs what it pushed. The `if`'s
conditions are tested in the fused function, and an `if` of three conditions or more is a run
of its own even with nothing before it: one call for the chain instead of one a condition.
The source holds only names `codegen.py` makes (see its docstring); this module must not
fuse any other statement that can pause or push a frame. A statement that leaves the run (`return`,
`stop`, `end game`, `end NAME`) does to the frame stack what it does unfused, and the run ends.
"""
from __future__ import annotations

import sys

from . import codegen
from . import statements as S
from .budgets import Spent, loop_forever, placed, runaway
from .compiler import charged_copy
from .errors import PY_ERRORS, BudgetExceeded, RuleError, Runaway, StepsSpent, called_at, failed, line_words
from .machine import STEP_BUDGET


class Generated:
    """A generated function and what it needs to name the line of an error: each generated line's
    statement (`spans`) and the rule or section it belongs to (`owner`)."""

    def __init__(self, fn, spans: dict, owner: str, span, loops: dict | None = None, leaves: bool = False):
        self.fn, self.spans, self.owner, self.span = fn, spans, owner, span
        self.loops = loops or {}      # generated line -> the innermost loop statement around it
        self.code = fn.__code__
        self.leaves = leaves          # a rule run in place that may end the game or a stage (`Left`)

    def told(self, e):
        """The machine's error for `e`, raised by fn, naming the statement's line (error path
        only; called in the `except` block, whose traceback it reads). An interrupt is left as
        it is."""
        if isinstance(e, Spent):
            return self.runaway_placed(runaway(f"the {self.owner}", self.span_of()))
        if isinstance(e, Runaway):
            return self.runaway_placed(e.at(self.span_of()))
        if isinstance(e, StepsSpent) and not e.placed:
            loop = self.loops.get(self.line_of())
            if type(loop) is S.While:
                return loop_forever(e.message, loop.node, self.span_of())
        if isinstance(e, RuleError):
            return called_at(e.at(self.span_of()), self.code, self.span_of())
        if isinstance(e, RecursionError):
            return BudgetExceeded(f"The rules nest too deeply in the {self.owner}.", self.span_of())
        if isinstance(e, PY_ERRORS):
            span = self.span_of()
            return failed(e, e.__traceback__, f"This line of the {self.owner} cannot be carried out", span,
                          f"{line_words(span)} of the {self.owner}")
        return e

    def runaway_placed(self, e):
        """The work budget ran out in this run (error path only): told by `budgets.placed`, with
        the generated line under way, the loop around it and the statements the run counted."""
        if e.placed:
            return e
        tb = sys.exc_info()[2]
        line, count = None, 0
        while tb is not None:
            if tb.tb_frame.f_code is self.code:
                line, count = tb.tb_lineno, tb.tb_frame.f_locals.get("_n", 0)
            tb = tb.tb_next
        return placed(e, self.owner, self.spans.get(line, self.span), getattr(self.loops.get(line), "span", None), count)

    def line_of(self):
        """The generated line the error passed (of the innermost call of this function), or None."""
        tb = sys.exc_info()[2]
        line = None
        while tb is not None:
            if tb.tb_frame.f_code is self.code:
                line = tb.tb_lineno
            tb = tb.tb_next
        return line

    def span_of(self) -> object:
        """The line of the statement that was running: the generated line the error passed."""
        return self.spans.get(self.line_of(), self.span)


class Fused(S.Stmt):
    """A run of `count` statements that cannot pause, run as one generated function: its `run`
    (m, frame) -> the statements it ran. The function moves the frame past the run, and names the
    line of an error itself (`Generated.told`), without a call around it."""

    def __init__(self, generated: Generated, count: int, first):
        self.generated, self.count, self.first, self.span = generated, count, first, first.span
        self.run = generated.fn


class Skipped(S.Stmt):
    """A statement of a fused run after its first: the fused statement ran it already."""

    def __init__(self, original):
        self.original, self.span = original, original.span

    def run(self, m, frame):
        raise RuleError("A fused statement was entered in its middle.", self.span)


# Statements that leave the run: the fused function does what they do to the frame stack (their
# `leave`) and returns, and the machine goes on from wherever they leave it. Inside a rule run
# in place (below), `return` and a `stop` of one of its loops leave the rule; `end game` and
# `end NAME` do what they do to the frame stack and raise `Left` through the rules run in place
# around them, up to the fused run, which returns.
EXITS = (S.Return, S.Stop, S.EndGame, S.EndStage)
ENDS = (S.EndGame, S.EndStage)


class Left(BaseException):
    """Raised by a rule run in place after its `end game` or `end NAME` has ended the game or
    unwound the frame stack: the run around it stops there. `n` counts the statements run by the
    rules it passes through, each adding its own, so the fused run returns its exact count. Not
    an error (never told to anyone): a BaseException, so that nothing on the way takes it for one."""

    def __init__(self):
        self.n = 0


INLINE_DEPTH = 40      # rules run in place inside one another, at most (each is a Python call when compiled)
# An `if` with more branches is not written as one Python `if`: Python nests each `elif` one
# level inside the one before, and refuses to compile past about 3,000 levels (RecursionError),
# after a second or more of work. The machine runs such an `if` itself, and its blocks are fused
# on their own.
MAX_BRANCHES = 1000


def fusable(c, st, in_rule: bool = False) -> bool:
    """Can `st` never pause? (With its blocks, and any rule it calls.)"""
    if type(st) is S.Simple:
        return True
    if type(st) is S.If:
        if len(st.branches) > MAX_BRANCHES:
            return False
        blocks = [b for _, b in st.branches] + ([st.other] if st.other is not None else [])
        return all(whole(c, b, in_rule) for b in blocks)
    if type(st) in (S.For, S.While, S.Repeat):
        return whole(c, st.block, in_rule)
    if type(st) is S.Call:
        return inlined(c, st.proc_name) is not None
    return type(st) in EXITS


def whole(c, block: int, in_rule: bool = False) -> bool:
    """Does a whole block fuse?"""
    return all(fusable(c, st, in_rule) for st in originals(c, block))


def originals(c, block: int) -> list:
    blk = c.out.blocks[block]
    return [st.original if type(st) is Skipped else st.first if type(st) is Fused else st for st in blk.stmts]


def fuse_all(c) -> None:
    """Fuse every block of the compiled program (once every rule is compiled, so a call can run
    its rule in place)."""
    c.inlined, c.inlining = {}, set()
    if not codegen.writing():
        return
    covered: set = set()       # blocks inside fused statements: the machine never runs them now
    answers = {o[4] for st in c.out.stmts if type(st) is S.Menu for o in st.options} | \
              {st.block for st in c.out.stmts if type(st) is S.Choose and st.block is not None}
    for block in range(len(c.out.blocks)):     # a block comes before the blocks inside it
        if block not in covered:
            fuse(c, block, covered, alone=block in answers)
    for st in c.out.stmts:
        if type(st) is S.Menu:
            st.in_place = [in_place(c, o[4]) for o in st.options]
        elif type(st) is S.Choose and st.block is not None:
            st.in_place = in_place(c, st.block)


def in_place(c, block: int):
    """The fused run that is the whole of `block`, which an answer can run at once instead of
    pushing the block's frame (`statements.answered`); None if the block is not one fused run,
    if the run ends with an `if` or call that pushes a frame (the block's frame would be under
    it, counting against the nesting limit), or if a statement in it leaves (`return`, `stop`,
    `end`), which would look for its frame."""
    stmts = c.out.blocks[block].stmts
    if not stmts or type(stmts[0]) is not Fused or not whole(c, block):    # a whole block fuses as one run
        return None
    if any(type(st) in EXITS or _leaves_anywhere(c, st) for st in originals(c, block)):
        return None
    return stmts[0].run


def _leaves_anywhere(c, st) -> bool:
    return any(type(x) in EXITS for b in inner_blocks(c, st) for x in originals(c, b))


def own_blocks(st) -> list:
    """The blocks of an `if` or loop (not those inside them)."""
    if type(st) is S.If:
        return [b for _, b in st.branches] + ([st.other] if st.other is not None else [])
    if type(st) in (S.For, S.While, S.Repeat):
        return [st.block]
    return []


def inner_blocks(c, st) -> list:
    """The blocks of an `if` or loop, and the blocks inside them."""
    blocks = own_blocks(st)
    return blocks + [x for b in blocks for inner in originals(c, b) for x in inner_blocks(c, inner)]


# A run may end with one of these though they cannot be fused: it does what the statement does
# (an `if` pushes the block of its branch, a call the rule's frame) and ends, saving the machine a
# step of its own. Not a statement that asks (it may step back to ask again after instant
# reactions) or signals.
TAILS = (S.If, S.Call)


def fuse(c, block: int, covered: set, alone: bool = False) -> None:
    """Replace each run of statements in `block` that cannot pause (two or more, or one that is
    not a plain statement, or with `alone` one plain statement that is the whole block, which an
    answer then runs at once: `in_place`), with the `if` or call after it if there is one
    (`TAILS`), by a fused statement and skipped places."""
    blk = c.out.blocks[block]
    stmts, i = blk.stmts, 0
    while i < len(stmts):
        j = i
        while j < len(stmts) and fusable(c, stmts[j]):
            j += 1
        run = stmts[i:j]
        tail = stmts[j] if j < len(stmts) and type(stmts[j]) in TAILS and (run or _chain(stmts[j])) else None
        whole = run + [tail] if tail is not None else run
        if tail is not None or len(run) >= 2 or (run and type(run[0]) is not S.Simple) \
                or (alone and len(run) == len(stmts) == 1):
            generated = write(c, whole, blk.owner, tail=tail)
            if generated is not None:
                stmts[i:i + len(whole)] = [Fused(generated, len(whole), whole[0])] + [Skipped(st) for st in whole[1:]]
                covered.update(x for st in run for x in inner_blocks(c, st))     # not the tail's: the machine runs them
                j = i + len(whole)
        i = max(j, i + 1)


def _chain(st) -> bool:
    """An `if` with three conditions or more, which a fused run tests in one call even with no
    statement before it (`If.run` calls each condition in turn)."""
    return type(st) is S.If and 3 <= len(st.branches) <= MAX_BRANCHES


def inlined(c, name: str):
    """A rule that cannot pause, as a `Generated` f(m, room, values) -> statements run, which a
    fused call runs in place of pushing a frame; None for any other. A rule that calls itself
    (its frames count against the machine's nesting limit) and a stage or section (`end NAME`
    looks for its frame) are not run in place. One that may end the game or a stage is, and
    raises `Left` when it does."""
    if name in c.inlined:
        return c.inlined[name]
    proc = c.out.procs.get(name)
    if proc is None or name.startswith(":") or name in c.out.stages or name in c.inlining:
        return None
    if len(c.inlining) >= INLINE_DEPTH:     # a long chain of rules, each calling the next: the
        return None                         # rest of the chain runs as calls, frame by frame
    c.inlining.add(name)
    generated = write(c, originals(c, proc.block), c.out.blocks[proc.block].owner, proc) \
        if whole(c, proc.block, in_rule=True) else None
    c.inlining.discard(name)
    c.inlined[name] = generated
    return generated


def leaving(c, run: list, proc) -> bool:
    """May `run` (or, with `proc`, a whole rule) raise `Left`: does it hold an `end` inside a rule,
    or call a rule run in place that may?"""
    for st in run:
        if proc is not None and type(st) in ENDS:
            return True
        if type(st) is S.Call:
            rule = inlined(c, st.proc_name)
            if rule is not None and rule.leaves:
                return True
        for block in own_blocks(st):       # the blocks inside those are searched by the call
            if leaving(c, originals(c, block), proc):
                return True
    return False


def write(c, run: list, owner: str, proc=None, tail=None):
    """The Python source of a run of statements (or, with `proc`, a whole rule), compiled; `tail`,
    the last of the run, is run by its own `run` (`TAILS`)."""
    c.owner_stack.append(owner)       # the rule the expressions written belong to, for their errors
    try:
        return _write(c, run, owner, proc, tail)
    finally:
        c.owner_stack.pop()


def _write(c, run: list, owner: str, proc, tail=None):
    src = codegen.Source(c)
    made: list = []            # the Generated made below, for a fused run's errors
    if proc is None:
        # The frame moves past the run first: nothing in the run reads it, and an error ends the
        # step. `_room`: the statements this run may still count before the machine's step
        # budget is spent (the machine counted its first already). The whole run is in a `try`
        # that names the line of an error (`Generated.told`).
        lines = ["def _fused(m, frame):", f"    frame[1] += {int(len(run) - 1)}", "    env = m.envs[frame[2]]",
                 "    _n = 0", f"    _room = {STEP_BUDGET + 1} - m.steps", "    try:"]
    else:
        # A whole rule, run in place by a fused call: the same `try`, so the call needs no
        # wrapper to name the line of an error.
        lines = ["def _rule(m, _room, values):", "    _n = 0",
                 f"    env = [None] * {int(proc.size)}"]
        lines += [f"    env[{int(slot)}] = values[{k}]" for k, slot in enumerate(proc.param_slots)]
        lines.append("    try:")
    base = 2
    spans, loops, around = {}, {}, []      # `around`: the loops being written
    stop = src.const(loops_forever(owner))
    leaves = leaving(c, run if tail is None else run[:-1], proc)
    if leaves:          # the statements go inside a `try` that catches `Left` (below)
        lines.append("    " * base + "try:")

    def emit(text: str, depth: int, span=None):
        lines.append("    " * depth + text)
        if span is not None:
            spans[len(lines)] = span
        if around:
            loops[len(lines)] = around[-1]

    def expr(node) -> str:
        """An expression written in place; its items kept in `env`, as the closures keep them."""
        return f"({src.write(node)})"

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
            if st is tail and type(st) is S.If and len(st.branches) <= MAX_BRANCHES:
                # Its conditions tested here, as `If.run` tests them, one call for the chain
                # instead of one a branch; the branch chosen is pushed for the machine to run.
                for k, (_, block) in enumerate(st.branches):
                    emit(f"{'if' if k == 0 else 'elif'} {expr(st.node.branches[k][0])}:", depth, st.span)
                    emit(f"{src.const(S.If.enter)}(m, frame, {int(block)})", depth + 1, st.span)
                if st.other is not None:
                    emit("else:", depth)
                    emit(f"{src.const(S.If.enter)}(m, frame, {int(st.other)})", depth + 1, st.span)
                continue
            if st is tail:               # its own run: it charges a large statement itself
                emit(f"{src.const(st.run)}(m, frame)", depth, st.span)
                continue
            charge(st, depth)
            if type(st) is S.Simple and getattr(st, "assigns", None) is not None:
                for line in codegen.assignment_lines(src, st.node, *st.assigns):
                    emit(line, depth, st.span)
            elif type(st) is S.Simple and getattr(st, "writes", None):
                emit(f"{src.const(st.fn.unbumped)}(m, env)", depth, st.span)
                for cell in st.writes:       # the places it wrote, counted for kept values (memo.py)
                    emit(f"m.ver[{int(cell)}] += 1", depth, st.span)
            elif type(st) is S.Simple:
                emit(f"{src.const(st.fn)}(m, env)", depth, st.span)
            elif type(st) is S.Stop and loops:
                emit("break", depth, st.span)         # the innermost loop is one of this run's
            elif proc is not None and type(st) is S.Return:
                emit("return _n", depth, st.span)
            elif proc is not None and type(st) is S.Stop:
                emit(f"raise {src.const(no_loop(st.span))}()", depth, st.span)
            elif proc is not None and type(st) in ENDS:
                emit(f"{src.const(st.leave)}(m, env)", depth, st.span)
                emit(f"raise {src.const(Left)}()", depth, st.span)
            elif type(st) in EXITS:
                emit(f"{src.const(st.leave)}(m, env)", depth, st.span)
                emit("return _n", depth)
            elif type(st) is S.Call:
                # The rule runs in place: its statements count, and stop, against this run's room.
                args = "".join(f"{src.const(a)}(m, env), " for a in st.args)
                rule = src.const(inlined(c, st.proc_name).fn)
                emit(f"_n += {rule}(m, _room - _n, [{args}])", depth, st.span)
            elif type(st) is S.If:
                for k, (_, block) in enumerate(st.branches):
                    emit(f"{'if' if k == 0 else 'elif'} {expr(st.node.branches[k][0])}:", depth, st.span)
                    body(block, depth + 1, loops)
                if st.other is not None:
                    emit("else:", depth)
                    body(st.other, depth + 1, loops)
            elif type(st) in (S.While, S.Repeat):
                if type(st) is S.While:
                    around.append(st)      # its condition is tested again at each round
                    emit(f"while {expr(st.node.cond)}:", depth, st.span)
                    around.pop()
                else:
                    emit(f"_value = {expr(st.node.count)}", depth, st.span)
                    emit(f"if _value < 0: raise {src.const(S.negative_repeat(st.span))}(_value)", depth, st.span)
                    emit("for _i in range(_value):", depth, st.span)
                around.append(st)
                body(st.block, depth + 1, loops + 1)
                around.pop()
            else:
                items = f"[*{expr(st.node.iterable)}]"
                if st.copied is not None:      # lists: copied first, as the machine's loop does
                    items = f"{src.const(charged_copy)}(m, {items}, {src.const(st.copied[0])}, {src.const(st.copied[1])})"
                for line in codegen.charge_lines(src, items, int(st.each), st.where, st.span):
                    emit(line, depth, st.span)
                emit(f"for env[{int(st.slot)}] in _xs:", depth, st.span)
                around.append(st)
                if st.cond is not None:
                    emit(f"if not {expr(st.node.cond)}:", depth + 1, st.span)
                    emit("continue", depth + 2)
                body(st.block, depth + 1, loops + 1)
                around.pop()

    def body(block, depth, loops):
        sts = originals(c, block)
        if not sts:
            emit("pass", depth)
        statements(sts, depth, loops)

    statements(run, base + 1 if leaves else base, 0)
    del statements, body       # they call each other: freed when this returns, not left to the collector
    pad = "    " * base
    if leaves:
        # A rule run in place ended the game or a stage: this run stops. A rule adds the
        # statements it ran and passes it on; a fused run returns them all.
        lines.append(f"{pad}except {src.const(Left)} as _left:")
        lines.append(f"{pad}    _left.n += _n" if proc is not None else f"{pad}    return _n + _left.n")
        if proc is not None:
            lines.append(f"{pad}    raise")
    lines.append(f"    except {src.const(BaseException)} as _error:")
    lines.append(f"        raise {src.const(lambda e: made[0].told(e))}(_error) from None")
    lines.append("    return _n")
    name = "_fused" if proc is None else "_rule"
    span = proc.span if proc is not None else run[0].span
    fn = codegen._compiled("\n".join(lines) + "\n", name, src.namespace(), getattr(span, "line", "?"))
    if fn is None:
        return None
    made.append(Generated(fn, spans, owner, span, loops, leaves))
    return made[0]


def loops_forever(owner: str):
    """The machine's error for rules that run too many statements without a decision (the fused
    statement names the line)."""
    return lambda: StepsSpent(f"The rules ran {STEP_BUDGET} steps without asking anyone anything; "
                                  f"the {owner} seems to loop forever.")


def no_loop(span):
    """A `stop` with no loop to leave in a rule run in place: the machine's error."""
    return lambda: RuleError("'stop' found no loop to leave in this rule.", span)
