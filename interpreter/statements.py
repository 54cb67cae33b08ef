"""Compiled statements: one small class per statement form, each with `run(m, frame)`.

A statement either changes the state at once, pushes a block onto the machine's frame stack
(if, loops, calls), or asks for a decision and pauses (choose, menus, secret choices,
reactions). Decisions are resumed by `resume(m, pending, answer)`. Statements whose work grows
with a size (loops and decisions going through a list, moving or shuffling many things, storing
a list of lists, a statement with a large expression) charge the machine's work budget
(`budgets.py`). Nothing here keeps state between calls: all of it lives in the machine's
plain-data state.
"""
from __future__ import annotations

from tabletop.dsl import ast as A
from tabletop.dsl import types as T

from . import alike, codegen, inlining, memo, purity, twins
from .budgets import MAX_FRAMES, SMALL, runaway
from .compiler import _int_capped, charged_copy
from .errors import BudgetExceeded, RuleError
from . import words as W

DECLINE = "Decline"
SECRET_PROMPT = "Choose in secret"
REACTION_PROMPT = "React?"     # a reaction's question as the seats not asked see it
MAX_LIST = 100_000     # the most items 'add' may put in one list
NO_REACTION = "Don't react"
MAX_SKIPPED_ROUNDS = 100   # rounds in which skip_turn skips everyone before the game is stopped
BIG_STATEMENT = 16     # a statement whose expressions are larger than this charges their size


def _charge(m, n, where, span):
    m.work -= n
    if m.work < 0:
        raise runaway(where, span)


class Stmt:
    span = None
    sid = -1          # index in Compiled.stmts, for statements that ask
    private = False   # a decision whose labels may name what only its player sees (Compiler.reads_hidden)
    big = None        # (size, rule, line) of a statement that costs its size to run
    alike = None      # f(m, a, b, skip): whether two of its options' values are alike (alike.py)
    own_slots = ()    # the locals it sets while making its options (not a difference between them)
    node = None       # its AST statement
    # A decision's prompt when it is a plain text ("Choose" without one), so that `_ask_one` need
    # not work it out; None when the prompt shows values (`_plain_text`).
    fixed_prompt = None
    distinct = False  # a decision whose labels can never be twins (`twins.py`): `_ask_one` need not look for them

    def run(self, m, frame):
        raise NotImplementedError


class Simple(Stmt):
    def __init__(self, fn, span):
        self.fn, self.span = fn, span

    def run(self, m, frame):
        self.fn(m, m.envs[frame[2]])


class Call(Stmt):
    def __init__(self, proc_name, args, span):
        self.proc_name, self.args, self.span = proc_name, args, span
        self.values = _values(args)

    def run(self, m, frame):
        if self.args:
            m.call(m.prog.procs[self.proc_name], self.values(m, m.envs[frame[2]]), self.span)
        else:       # the common call of a rule with no values, without making an empty list
            m.call(m.prog.procs[self.proc_name], (), self.span)


def _values(args: list):
    """f(m, env) -> the list of the values of `args`, in order; written out for a few (a
    comprehension is a call of its own)."""
    if len(args) == 1:
        a, = args
        return lambda m, env: [a(m, env)]
    if len(args) == 2:
        a, b = args
        return lambda m, env: [a(m, env), b(m, env)]
    if len(args) == 3:
        a, b, c = args
        return lambda m, env: [a(m, env), b(m, env), c(m, env)]
    return lambda m, env: [x(m, env) for x in args]


class If(Stmt):
    def __init__(self, branches, other, span):
        self.branches, self.other, self.span = branches, other, span

    def run(self, m, frame):
        env = m.envs[frame[2]]
        for cond, block in self.branches:
            if cond(m, env):
                break
        else:
            block = self.other
            if block is None:
                return
        stack = m.s["stack"]
        if len(stack) >= MAX_FRAMES:
            m.push(block, frame[2], None)     # says why
        stack.append([block, 0, frame[2], None])

    @staticmethod
    def enter(m, frame, block: int):
        """Push the chosen branch's block, as `run` does (a fused run that tests the conditions
        itself calls it: `fusion.py`)."""
        stack = m.s["stack"]
        if len(stack) >= MAX_FRAMES:
            m.push(block, frame[2], None)     # says why
        stack.append([block, 0, frame[2], None])


class For(Stmt):
    each, where = 1, ""      # the work of one item (its condition); the rule it is in
    copied = None            # (rule, line) when its items are lists: they are copied first (`_items_copied`)

    def __init__(self, slot, items, cond, block, span):
        self.slot, self.items, self.cond, self.block, self.span = slot, items, cond, block, span

    def run(self, m, frame):
        env = m.envs[frame[2]]
        items = list(self.items(m, env))
        if self.copied is not None:
            items = charged_copy(m, items, *self.copied)
        _charge(m, len(items) * self.each, self.where, self.span)
        i = self.next_index(m, env, items, 0)
        if i < len(items):
            env[self.slot] = items[i]
            m.push(self.block, frame[2], [items, i])

    def next_index(self, m, env, items, i):
        if self.cond is None:
            return i
        while i < len(items):
            env[self.slot] = items[i]
            if self.cond(m, env):
                return i
            i += 1
        return i


class Repeat(Stmt):
    def __init__(self, count, block, span):
        self.count, self.block, self.span = count, block, span

    def run(self, m, frame):
        n = self.count(m, m.envs[frame[2]])
        if n > 0:
            m.push(self.block, frame[2], [n, 1])
        elif n < 0:
            raise negative_repeat(self.span)(n)


def negative_repeat(span):
    """The error for `repeat n times` with n below 0 (fused runs raise it too)."""
    return lambda n: RuleError(f"Cannot repeat {n} times: the number of times must be 0 or more.", span)


class While(Stmt):
    def __init__(self, cond, block, span):
        self.cond, self.block, self.span = cond, block, span

    def run(self, m, frame):
        if self.cond(m, m.envs[frame[2]]):
            m.push(self.block, frame[2], None)


class Stop(Stmt):
    def __init__(self, span):
        self.span = span

    def run(self, m, frame):
        self.leave(m, None)

    def leave(self, m, env):
        m.stop_loop(self.span)


class Return(Stmt):
    def __init__(self, span):
        self.span = span

    def run(self, m, frame):
        self.leave(m, None)

    def leave(self, m, env):
        m.return_proc()


class EndGame(Stmt):
    def __init__(self, reason, span, at: str):
        self.reason, self.span, self.at = reason, span, at      # at: "game.rules:246", Compiler.ending

    def run(self, m, frame):
        self.leave(m, m.envs[frame[2]])

    def leave(self, m, env):
        m.end_game(self.reason(m, env) if self.reason else W.ENDED, self.at)


class Signal(Stmt):
    def __init__(self, event, args, span):
        self.event, self.args, self.span = event, args, span

    def run(self, m, frame):
        env = m.envs[frame[2]]
        if not m.prog.reactions.get(self.event):
            return
        args = [a(m, env) for a in self.args]
        m.push(m.signal_block, frame[2], {"event": self.event, "args": args, "i": 0, "reacted": False})


def _twins(labels: list) -> bool:
    """Whether two of the labels are the same. Two or three are compared pair by pair, which
    costs less than making a set of them (from four on, the set costs less)."""
    n = len(labels)
    if n < 4:
        if n < 3:
            return n == 2 and labels[0] == labels[1]
        a, b, c = labels
        return a == b or a == c or b == c
    return len(set(labels)) != n


def _distinct(labels, values, same=None):
    """Options must be distinct: identical labels for the same value merge, and for alike values
    (`same(a, b)`, see alike.py); others get a number."""
    if not _twins(labels):     # the common case: nothing to merge or number
        return labels, values
    out_l, out_v, seen, kept = [], [], {}, {}     # seen: each label shown; kept: the options given each label
    for label, value in zip(labels, values):
        shown = label
        if label in seen:
            given = kept.get(label, [])
            if any(out_v[k] == value or (same is not None and same(out_v[k], value))
                   for k in (given if seen[label] in given else given + [seen[label]])):
                continue
            n = 2
            while f"{label} ({n})" in seen:
                n += 1
            shown = f"{label} ({n})"
        kept.setdefault(label, []).append(len(out_l))
        seen[shown] = len(out_l)
        out_l.append(shown)
        out_v.append(value)
    return out_l, out_v


def _same(st, m, env_index):
    """The test of alike values for `_distinct` in statement `st`'s options, or None."""
    if st.alike is None:
        return None
    skip = {(env_index, slot) for slot in st.own_slots}
    return lambda a, b: st.alike(m, a, b, skip)


def _ask_one(st, m, frame, kind, labels, values):
    """Pause for one player's decision (the statement's `by`, else the current player), as
    `Machine.ask` does, written in place: it runs at every decision."""
    n = len(labels)
    # one label has no twin; from four on, the set `_twins` would make, made here without its call
    if n > 1 and not st.distinct and (len(set(labels)) != n if n > 3 else _twins(labels)):
        labels, values = _distinct(labels, values, _same(st, m, frame[2]))
    env = m.envs[frame[2]]
    s = m.s
    who = m.seat(st.by(m, env), "decide") if st.by else s["current"]
    prompt = st.fixed_prompt
    if prompt is None:
        prompt = st.prompt(m, env)
    pending = {"kind": kind, "stmt": st.sid, "env": frame[2], "players": [who],
               "prompt": prompt, "labels": labels, "values": values}
    if m.prog.instants and m.instants_first(frame[2]):
        frame[1] -= 1          # asked again after them
        return
    s["pending"] = pending


class Choose(Stmt):
    """`choose x from E [if C] [labelled L] [by P] [prompt Q]`, optionally with a body."""
    each, where = 1, ""      # the work of one option (condition and label); the rule it is in
    copied = None            # (rule, line) when the items are lists: the one chosen is copied (`_items_copied`)
    options = None           # f(m, env) -> (labels, values), written as Python source by codegen.py
    in_place = None          # its block run at once when answered (`answered`), set by fusion.py
    declined = None          # f(m, env) -> the label of `may`'s way to decline (`or "Pass"`), else "Decline"

    def __init__(self, slot, source, cond, label, by, prompt, may, block, span):
        self.slot, self.source, self.cond, self.label = slot, source, cond, label
        self.by, self.prompt, self.may, self.block, self.span = by, prompt, may, block, span

    def run(self, m, frame):
        env = m.envs[frame[2]]
        labels, values = (self.options or self.each_option)(m, env)
        if self.may:
            labels, values = _distinct(labels, values, _same(self, m, frame[2]))
            if not labels:          # "Decline" alone is no choice: nobody is asked, and x is none
                env[self.slot] = None
                if self.block is not None:
                    m.push(self.block, frame[2], None)
                return
            # The engine's own option is kept apart from a rulebook's option of the same words.
            decline = self.declined(m, env) if self.declined is not None else DECLINE
            labels, values = _distinct(labels + [decline], values + [None])
        if not labels:
            raise RuleError(self.nothing_to_choose(m, env), self.span)
        _ask_one(self, m, frame, "choose", labels, values)

    # What the rulebook wrote (set by `_choose`), for the message of an empty choice.
    said, source_said, cond_said, recount = "", "...", "...", False

    def nothing_to_choose(self, m, env) -> str:
        """The message of a choice with no options (error path only): the choice as the rulebook
        wrote it, and whether its list was empty or no item met its condition."""
        choice = f"'{self.said}'" if self.said else "This choice"
        listed = f"'{self.source_said}'" if self.source_said != "..." else "the list it chooses from"
        try:                         # who was to choose, and is stuck
            who = m.show_player(self.by(m, env) if self.by else m.s["current"])
        except Exception:
            who = ""
        stuck = f" {who} was to choose, and cannot." if who else ""
        guard = (f" Ask only when there is something to choose ('if count({self.source_said}) > 0:' around it), "
                 f"or make sure {listed} cannot be empty here.") if self.source_said != "..." else ""
        if self.cond is None:
            return f"{choice} has nothing to choose from: {listed} is empty.{stuck}{guard}"
        condition = f" '{self.cond_said}'" if self.cond_said != "..." else ""
        size = None
        if self.recount:             # the list again, when asking for it cannot draw at random
            try:
                size = len(self.source(m, env))
            except Exception:
                size = None
        if size == 0:
            return f"{choice} has nothing to choose from: {listed} is empty.{stuck}{guard}"
        held = f" ({size} item{'s' * (size != 1)})" if size else ""
        return (f"{choice} has nothing to choose from: no item of {listed}{held} meets the condition{condition}."
                f"{stuck} Ask only when some item meets it (an 'if' around the choice), or write 'may choose' "
                "so that the player can decline.")

    def each_option(self, m, env):
        """The options' labels and values, item by item (when `options` could not be compiled)."""
        labels, values = [], []
        source = self.source(m, env)
        _charge(m, len(source) * self.each, self.where, self.span)
        for x in source:
            env[self.slot] = x
            if self.cond is None or self.cond(m, env):
                labels.append(self.label(m, env))
                values.append(x)
        return labels, values

    def resume(self, m, pending, index, seat, time):
        env = m.envs[pending["env"]]
        value = pending["values"][index]
        if self.copied is not None and type(value) is list:
            value = charged_copy(m, value, *self.copied)
        env[self.slot] = value
        if self.block is not None:
            answered(m, self.block, pending["env"], self.in_place)


def answered(m, block: int, env_index: int, in_place):
    """Run the block an answer chose: pushed for the machine to run, or, when the whole block is
    one fused run that leaves no frame of its own (`fusion.in_place`), run here at once, counted
    as the machine would count it (the machine goes on counting from `m.steps`)."""
    stack = m.s["stack"]
    if len(stack) >= MAX_FRAMES:
        m.push(block, env_index, None)      # says why, as pushing the block would
    if in_place is not None:
        m.steps = 1
        m.steps = in_place(m, [block, 0, env_index, None])
        return
    stack.append([block, 0, env_index, None])


class Menu(Stmt):
    each, where = (), ""     # the work of one item of each option (condition and label); the rule it is in
    listed = None            # f(m, env) -> (labels, values), written as Python source by codegen.py

    def __init__(self, options, by, prompt, span, early=frozenset()):
        self.options, self.by, self.prompt, self.span = options, by, prompt, span
        self.early = early     # options whose condition does not mention their item
        self.in_place = [None] * len(options)   # each option's block run at once when chosen (`answered`)
        self.copied = {}       # option -> (rule, line), when its items are lists (`_items_copied`)
        self.firsts = {}       # option -> (its condition's leading parts tested first, the rest): `_tested_first`

    def run(self, m, frame):
        big = self.big
        if big is not None:       # its size charged here, not by a call around this one (`compile_stmt`)
            m.work -= big[0]
            if m.work < 0:
                raise runaway(big[1], big[2])
        env = m.envs[frame[2]]
        labels, values = (self.listed or self.each_option)(m, env)
        if not labels:
            raise RuleError("None of this choice's options is possible now.", self.span)
        _ask_one(self, m, frame, "menu", labels, values)

    def each_option(self, m, env):
        """The options' labels and values, item by item (when `listed` could not be compiled)."""
        labels, values = [], []
        for i, (label, slot, source, cond, block) in enumerate(self.options):
            if source is None:
                if cond is None or cond(m, env):
                    labels.append(label(m, env))
                    values.append([i, None])
                continue
            if cond is not None and i in self.early and not cond(m, env):
                continue       # the condition does not depend on the option's item: skip the list
            check = cond if cond is not None and i not in self.early else None
            first = self.firsts.get(i)
            if first is not None:       # its leading parts do not: tested once, before the list
                if not first[0](m, env):
                    continue
                check = first[1]
            xs = source(m, env)
            _charge(m, len(xs) * self.each[i], self.where, self.span)
            for x in xs:
                env[slot] = x
                if check is None or check(m, env):
                    labels.append(label(m, env))
                    values.append([i, x])
        return labels, values

    def resume(self, m, pending, index, seat, time):
        i, x = pending["values"][index]
        _, slot, _, _, block = self.options[i]
        if slot is not None:
            if i in self.copied and type(x) is list:
                x = charged_copy(m, x, *self.copied[i])
            m.envs[pending["env"]][slot] = x
        answered(m, block, pending["env"], self.in_place[i])


class Secret(Stmt):
    """`secretly each p in P chooses x from E labelled L [timed as t]:` then the body per player.
    With `may choose`, each seat asked also has "Decline" (x none), and the body runs for every
    player of P, those with nothing to choose (not asked) with x none too."""
    each, where = 1, ""      # the work of one option (condition and label); the rule it is in
    declined = None          # f(m, env) -> the label of `may`'s way to decline (`or "Pass"`), else "Decline"

    def __init__(self, slots, players, source, cond, label, timed, block, span, prompt=None, may=False):
        self.pslot, self.vslot, self.tslot = slots
        self.players, self.source, self.cond, self.label = players, source, cond, label
        self.timed, self.block, self.span, self.prompt = timed, block, span, prompt
        self.may = may

    def run(self, m, frame):
        env = m.envs[frame[2]]
        by_seat_l, by_seat_v, by_seat_p, seats = {}, {}, {}, []
        listed = set()
        everyone = []           # with `may`: every player of the list, for the block's order
        for p in self.players(m, env):
            env[self.pslot] = p = m.seat(p, "choose in secret")
            if p in listed:
                raise RuleError(f"{m.player_name(p)} is twice in the list of players who choose in secret; "
                                "each player chooses once.", self.span)
            listed.add(p)
            everyone.append(p)
            if self.prompt is not None:
                by_seat_p[str(p)] = self.prompt(m, env)
            labels, values = [], []
            source = self.source(m, env)
            _charge(m, len(source) * self.each, self.where, self.span)
            for x in source:
                env[self.vslot] = x
                if self.cond is None or self.cond(m, env):
                    labels.append(self.label(m, env))
                    values.append(x)
            labels, values = _distinct(labels, values, _same(self, m, frame[2]))
            if labels and self.may:     # the engine's own option, kept apart from a label of the same words
                decline = self.declined(m, env) if self.declined is not None else DECLINE
                labels, values = _distinct(labels + [decline], values + [None])
            if labels:
                seats.append(p)
                by_seat_l[str(p)] = labels
                by_seat_v[str(p)] = values
        if not seats:
            if self.may and everyone:   # as `may choose`: nobody is asked, and the block runs with none
                rows = [[p, None, None] for p in everyone]
                self.bind(env, rows[0])
                m.push(self.block, frame[2], [rows, 0])
            return
        prompts = {k: v for k, v in by_seat_p.items() if k in by_seat_l}
        pending = {"kind": "secret", "stmt": self.sid, "env": frame[2], "players": seats,
                   "prompt": prompts.get(str(seats[0]), SECRET_PROMPT), "by_seat_labels": by_seat_l,
                   "by_seat_values": by_seat_v, "answers": {}, "timed": self.timed, "order": seats}
        if prompts:
            pending["by_seat_prompts"] = prompts
        if self.may and len(everyone) > len(seats):
            # the players with nothing to choose are not asked, but the block runs for them too
            pending["unasked"] = [p for p in everyone if str(p) not in by_seat_l]
            pending["listed"] = everyone
        m.ask(pending, frame)

    def resume(self, m, pending, index, seat, time):
        pending["answers"][str(seat)] = [index, time]
        pending["players"] = [p for p in pending["players"] if p != seat]
        if pending["players"]:
            m.ask(pending)     # still waiting for the others
            return
        # The reveal goes in the order of the players' list; a race by reaction time, compared in
        # the milliseconds the rules see, with equal times in that order.
        order = {p: k for k, p in enumerate(pending.get("listed", pending["order"]))}
        rows = [[p, None, None] for p in pending.get("unasked", ())]     # `may`: nothing to choose, none
        for key, (i, t) in pending["answers"].items():
            p = int(key)
            rows.append([p, pending["by_seat_values"][key][i], t])
        if self.timed:
            rows.sort(key=lambda r: (_millis(r[2]) if r[2] is not None else 10 ** 9, order[r[0]]))
        else:
            rows.sort(key=lambda r: order[r[0]])
        env = m.envs[pending["env"]]
        self.bind(env, rows[0])
        m.push(self.block, pending["env"], [rows, 0])

    def bind(self, env, row):
        env[self.pslot], env[self.vslot] = row[0], row[1]
        if self.tslot >= 0:
            env[self.tslot] = _millis(row[2] or 0)


def _millis(seconds: float) -> int:
    """A reaction time as the rules see it: whole milliseconds."""
    return int(round(seconds * 1000))


class TakeTurns(Stmt):
    """`take turns [from P]`: turns in seat order starting from P (read again at the start of each
    round; without `from`, the `first_player` variable, else Player 1), skipping seats for which
    `skip_turn(p)` holds, with the round section after each round, until a stage or the game
    ends. With a `next_turn(p)` definition, the order is the rulebook's: the start player's turn
    first, then always next_turn of the last seat, a round every player-count turns. A game
    without a `play` section runs this after setup."""

    def __init__(self, start, c, span, start_slot=None, start_global=None):
        self.start, self.span = start, span
        # `from opener` naming a local of the rule that takes the turns (or `from dealer`, a game
        # variable): its slot, so that a position setting the round's leader sets the value the
        # later rounds read it from
        self.start_slot, self.start_global = start_slot, start_global
        self.block = c.block([], kind="turns", owner="turn order")
        c.out.blocks[self.block].stmts = [NextTurn(self, span)]

    def run(self, m, frame):
        m.push(self.block, frame[2], {"seat": 0, "leader": 0})

    @staticmethod
    def set_current(prog, data: dict, seat: int):
        """Make `seat` the player whose turn it is, in a state's plain data, as if the turns had come
        round to it: the innermost running turn loop goes on from that seat (its round ends after
        the seat before the round's start player). Only `current` changes when no turns are being
        taken (during the setup)."""
        data["current"] = seat
        n = len(data["players"])
        for frame in reversed(data["stack"]):
            if prog.blocks[frame[0]].kind == "turns" and isinstance(frame[3], dict):
                if prog.next_turn is not None:      # the next turn is next_turn(seat); the round goes on
                    frame[3]["last"] = seat
                else:
                    frame[3]["seat"] = (seat - frame[3].get("leader", 0)) % n + 1
                return

    @staticmethod
    def set_leader(prog, data: dict, leader: int, seat: int | None = None) -> str | None:
        """Make `leader` the player who leads the round under way, in a state's plain data: the
        round ends after the seat before them, and it is `seat`'s turn (the leader's when None).
        The value the loop reads its start player from at each round is set too, so the later
        rounds are led by them as well: a local of the rule taking the turns (`take turns from
        opener`), a game variable (`from dealer`), or without `from` the `first_player` variable.
        A start the rules work out anew each round (a definition, a field), or Player 1 always (no
        `from`, no `first_player`), cannot follow a leader set here: refused. None when done, else
        why it cannot be (in words)."""
        n = len(data["players"])
        for frame in reversed(data["stack"]):
            block = prog.blocks[frame[0]]
            if block.kind == "turns" and isinstance(frame[3], dict):
                break
        else:
            if prog.procs.get(":turn") is None:
                return ("this game plays rounds without turns: set 'current', and the round under way starts "
                        "again led by that player")
            return "no round of turns is under way (the setup, or a stage without turns, is)"
        if prog.next_turn is not None:
            return ("this game's 'next_turn' definition gives each turn after the one before, so a round has no "
                    "leader to set: set 'current', whose turn it becomes")
        loop = block.stmts[0].loop
        if loop.start_slot is not None:
            data["envs"][frame[2]][loop.start_slot] = leader
        elif loop.start_global is not None:
            data["globals"][loop.start_global] = leader
        elif loop.start is None and prog.first_player_slot >= 0:
            data["globals"][prog.first_player_slot] = leader
        elif loop.start is None and leader != 0:
            return ("every round of this game begins with Player 1 (its turns are taken with no 'from', and it has no "
                    "'first_player' variable), so no other player leads one: set 'current', whose turn it becomes")
        elif loop.start is not None:
            return (f"the rules take the turns from a value worked out again at each round (line {loop.span.line}), "
                    "so the later rounds would not follow a leader set here: set what that value is worked out "
                    "from, and 'current', whose turn it becomes")
        seat = leader if seat is None else seat
        frame[3]["leader"] = leader
        frame[3]["seat"] = (seat - leader) % n + 1
        data["current"] = seat
        return None

    @staticmethod
    def restart(prog, data: dict, lead: int | None = None) -> str | None:
        """Make the turn under way start again from its first line, in a state's plain data: its
        frames (and all above them) go, and the turn loop starts the same seat's turn again, with
        the same turn number. In a game of rounds without turns, the round under way starts again,
        led by `lead` if given, else by the player leading it. None when done, else why it cannot
        be (in words)."""
        turn = prog.procs.get(":turn")
        if turn is None:
            return TakeRounds.restart(prog, data, lead)
        if not _unwind(prog, data, turn.block, "turns"):
            return "no turn of the turn order is under way (the setup, a round or a stage is)"
        stack = data["stack"]
        stack[-1][3]["seat"] -= 1
        if stack[-1][3].get("last") is not None:
            stack[-1][3]["again"] = True     # in the rulebook's order, the same seat again
        data["turn_number"] -= 1
        data["pending"] = None
        return None

    @staticmethod
    def after(m, p: int) -> int:
        """The seat whose turn comes after p's, by the rulebook's `next_turn(p)`."""
        q = m.prog.next_turn(m, (p,))
        if not (type(q) is int and 0 <= q < m.player_count):
            raise RuleError(f"next_turn({m.show_player(p)}) is {m.show_player(q)}, but the next turn must be a seat "
                            "at the table.", m.prog.next_turn_span)
        return q

    def leader(self, m, env) -> int:
        if self.start is None:
            return m.first_player()
        p = self.start(m, env)
        if not (type(p) is int and 0 <= p < m.player_count):
            raise RuleError(f"Turns cannot start from {m.show_player(p)}: that is not a seat at the table.",
                            self.span)
        return p


class NextTurn(Stmt):
    """The one statement of a turn loop's frame: starts the next turn, or the round section."""

    def __init__(self, loop: TakeTurns, span):
        self.loop, self.span = loop, span

    def run(self, m, frame):
        frame[1] -= 1          # runs again when the turn or round it starts returns
        if m.prog.instants and m.instants_first(frame[2]):   # between two turns is a moment too ("played instantly")
            return
        aux = frame[3]
        procs = m.prog.procs
        if aux["seat"] >= m.player_count:
            aux["seat"] = 0
            if ":round" in procs:
                m.call(procs[":round"], [], None)
                return
        if aux["seat"] == 0 and (m.prog.next_turn is None or aux.get("last") is None):
            aux["leader"] = self.loop.leader(m, m.envs[frame[2]])     # with next_turn, for the first turn only
        if m.prog.next_turn is None:
            seat = (aux["leader"] + aux["seat"]) % m.player_count
        else:       # the rulebook's order: the start player's turn first, then next_turn of the last
            last = aux.get("last")
            seat = aux["leader"] if last is None else last if aux.pop("again", False) else self.loop.after(m, last)
            aux["last"] = seat
        aux["seat"] += 1
        if ":turn" not in procs:
            return
        skip = m.prog.skip_turn
        if skip is not None and skip(m, (seat,)):
            m.skipped += 1
            if m.skipped > m.player_count * MAX_SKIPPED_ROUNDS:
                # skip_turn holding for every seat is its own mistake, whatever order next_turn gives
                if m.prog.next_turn is not None and not all(skip(m, (s,)) for s in range(m.player_count)):
                    raise BudgetExceeded(f"skip_turn skipped every turn that next_turn gave, {MAX_SKIPPED_ROUNDS} rounds "
                                         "in a row, without anyone deciding anything: next_turn may never reach a "
                                         "seat that plays, or skip_turn skips them all.", m.prog.next_turn_span)
                raise BudgetExceeded(f"skip_turn skipped every player's turn {MAX_SKIPPED_ROUNDS} rounds in a row "
                                     "without anyone deciding anything, so nobody can ever play.",
                                     m.prog.skip_turn_span)
            return
        m.skipped = 0
        m.s["current"] = seat
        m.s["turn_number"] += 1
        m.ver[memo.TURN] += 1     # only kept values that read whose turn it is go (memo.py)
        m.call(procs[":turn"], [], None)


def _unwind(prog, data: dict, block: int, loop: str) -> bool:
    """Take off a state's frame stack the innermost run of `block` that a `loop` frame ("turns",
    "rounds") started, and every frame above it, so that the loop starts it again; False when no
    such run is under way."""
    stack, blocks = data["stack"], prog.blocks
    for i in range(len(stack) - 1, 0, -1):
        if stack[i][0] == block and blocks[stack[i - 1][0]].kind == loop:
            break
    else:
        return False
    while len(stack) > i:
        if blocks[stack.pop()[0]].kind == "proc":
            data["envs"].pop()
    return True


class TakeRounds(Stmt):
    """`take rounds [led by P]`: the round section again and again, for a game with rounds and no
    turns (everyone plays at once), until a stage or the game ends. At the start of each round P
    is read again and becomes `current`, the round's leader (without `led by`: the `first_player`
    variable, else Player 1)."""

    def __init__(self, leader, c, span):
        self.leader, self.span = leader, span
        self.block = c.block([], kind="rounds", owner="rounds")
        c.out.blocks[self.block].stmts = [NextRound(self, span)]

    def run(self, m, frame):
        m.push(self.block, frame[2], None)

    @staticmethod
    def restart(prog, data: dict, lead: int | None) -> str | None:
        """The round under way starts again from its first line (see `TakeTurns.restart`)."""
        rnd = prog.procs.get(":round")
        if rnd is None:
            return "the game has no turn or round section"
        if not _unwind(prog, data, rnd.block, "rounds"):
            return "no round is under way (the setup or a stage is)"
        # the same round again: led by the player leading it now, or the one a position named
        data["stack"][-1][3] = {"leader": data["current"] if lead is None else lead}
        data["pending"] = None
        return None

    def leader_now(self, m, env) -> int:
        if self.leader is None:
            return m.first_player()
        p = self.leader(m, env)
        if not (type(p) is int and 0 <= p < m.player_count):
            if p is None:       # a player variable not set yet, or a definition that found nobody
                raise RuleError("A round cannot be led by nobody: what 'led by' names is none when the round "
                                "starts; give it a player before the rounds are taken (in the setup, or at the "
                                "end of the round before).", self.span)
            raise RuleError(f"A round cannot be led by {m.show_player(p)}: that is not a seat at the table.",
                            self.span)
        return p


class NextRound(Stmt):
    """The one statement of a round loop's frame: starts the next round."""

    def __init__(self, loop: TakeRounds, span):
        self.loop, self.span = loop, span

    def run(self, m, frame):
        frame[1] -= 1          # runs again when the round it starts returns
        if m.instants_first(frame[2]):      # between two rounds is a moment too ("played instantly")
            return
        if frame[3] is not None:        # a round started again, led by the seat a position named
            m.s["current"], frame[3] = frame[3]["leader"], None
        else:
            m.s["current"] = self.loop.leader_now(m, m.envs[frame[2]])
        m.ver[memo.TURN] += 1     # only kept values that read whose turn it is go (memo.py)
        m.rounds_run += 1      # a runaway says how many rounds went by with no decision
        m.call(m.prog.procs[":round"], [], None)


class EndStage(Stmt):
    """`end NAME ["why"]`, `end turn`: leave the innermost running stage (or turn) from any depth."""

    def __init__(self, name, reason, span):
        self.name, self.reason, self.span = name, reason, span

    def run(self, m, frame):
        self.leave(m, m.envs[frame[2]])

    def leave(self, m, env):
        m.end_stage(self.name, self.reason(m, env) if self.reason else None, self.span)


class PlayOver(Stmt):
    """After the play section: it returned without ending the game, which is the rulebook's mistake."""

    def __init__(self, span):
        self.span = span

    def run(self, m, frame):
        raise RuleError("The play section is over, but nothing said 'end game'.", self.span)


# ---------------------------------------------------------------------------- compiling
def compile_stmt(c, s):
    """Compile one AST statement with compiler `c`."""
    out = _COMPILERS[type(s).__name__](c, s)
    out.node = s       # fusion.py writes a fused statement's expressions from it
    cells = memo.written_cells(c, s)
    if cells and getattr(out, "assigns", None) is None:      # an assignment written as source counts its own
        if type(out) is not Simple:
            raise TypeError(f"A {type(s).__name__} must compile to a Simple statement, whose writes are counted.")
        out.fn = memo.bumping(out.fn, cells)
        out.writes = cells
    if isinstance(out, (Choose, Menu, Secret)):
        out.sid = len(c.out.stmts)
        c.out.stmts.append(out)
    if isinstance(out, (For, Choose, Menu, Secret)):
        out.where = c.where()
    size = c.own_cost(s)
    if size > BIG_STATEMENT:     # one step that evaluates a large expression costs its size
        run, where, span = out.run, c.where(), s.span
        out.big = (size, where, span)
        if type(out) is Menu:        # charges it itself, at every decision
            return out

        def charged(m, frame):
            m.work -= size           # as _charge, without its call: every menu of many options is one of these
            if m.work < 0:
                raise runaway(where, span)
            run(m, frame)
        out.run = charged
    return out


def _copies(c, node) -> bool:
    """Must a value of `node` be copied to be kept (see `_stored`)?"""
    t = c.types.get(id(node), "")
    return t.startswith("list:list:") or (t.startswith("list:") and _may_be_held(c, node))


# Built-ins that give an item of their list: of a list of lists, a list that list holds.
_ITEM_OF = ("first", "last", "pick")


def _may_be_held(c, node) -> bool:
    """May a list that `node` gives be one that some place already holds: a variable, field or
    item read, a definition (which may give such a read), an `if ... then ... else`, or an item
    of a list? (A list written out, a comprehension, a `+` and the other built-ins make a new one.)"""
    if isinstance(node, (A.Name, A.Field, A.Index, A.Cond)):
        return True
    if isinstance(node, A.Call):
        ref = c.refs.get(id(node))
        return ref is None or ref[0] != "builtin" or ref[1] in _ITEM_OF
    return False


def _stored(c, node, value):
    """`value` (a compiled expression for `node`) as a variable or list may keep it: a list of lists
    copied, charged and capped (`charged_copy`), so that the state never holds one list twice; a
    list that a place may hold already (`_may_be_held`) copied, since a saved game cannot keep
    two names for one list, so neither may play. (Such a copy has `charge`, which codegen.py
    calls when it writes the copy in place.)"""
    t = c.types.get(id(node), "")
    if t.startswith("list:list:"):
        where, span = c.where(), node.span
        return lambda m, env: charged_copy(m, value(m, env), where, span)
    if t.startswith("list:") and _may_be_held(c, node):
        where, span = c.where(), node.span

        def copied(m, env):
            xs = value(m, env)
            if len(xs) > SMALL:
                _charge(m, len(xs), where, span)
            return list(xs)
        copied.charge = lambda m, n: _charge(m, n, where, span)
        return copied
    return value


def _assign(c, s: A.Assign):
    capped = c.types.get(id(s.target)) == T.INT or c.types.get(id(s.value)) == T.INT
    copied = _stored(c, s.value, c.expr(s.value)) if _copies(c, s.value) else None
    zone = _zone_named(c, s.target)
    if zone is not None:
        st = _assign_slowly(c, s, copied, capped)
        st.fn = _in_one_place(st.fn, s.span, zone.elem)
        return st
    fn = codegen.assignment(c, s, copied, capped)
    if fn is not None:
        st = Simple(fn, s.span)
        st.assigns = (copied, capped)       # fusion.py writes it in place
        return st
    return _assign_slowly(c, s, copied, capped)


def _assign_slowly(c, s: A.Assign, copied, capped: bool):
    """An assignment by closures, which fused code calls rather than writes in place."""
    value = copied or c.expr(s.value)
    setter = c.assign_target(s.target)
    refused = codegen.none_refused(c, s)
    if refused is not None:
        held, misfit, error = setter, refused[1], refused[2]

        def setter(m, env, v):
            if misfit(v):
                raise error()
            held(m, env, v)
    if capped:
        # A stored number is capped, so a loop that doubles it cannot eat the machine.
        store, span = setter, s.span
        setter = lambda m, env, v: store(m, env, _int_capped(v, span))  # noqa: E731
    if s.op == "=":
        return Simple(lambda m, env: setter(m, env, value(m, env)), s.span)
    getter = c.expr(s.target)
    if s.op == "+=":
        return Simple(lambda m, env: setter(m, env, getter(m, env) + value(m, env)), s.span)
    return Simple(lambda m, env: setter(m, env, getter(m, env) - value(m, env)), s.span)


def _call(c, s: A.CallStmt):
    # A list a place holds is copied into the rule's values, as a variable stores it: lists are
    # values, and a saved game cannot keep the rule's value and the place as one list.
    rule = c.c.rules.get(s.name)
    params = rule.decl.params if rule is not None else []
    args = [_stored(c, a, c.expr(a)) for a in s.args]
    for k, (prm, a) in enumerate(zip(params, s.args)):
        args[k] = _none_refused_arg(c, prm, a, args[k], s)
    return Call(s.name, args, s.span)


def _none_refused_arg(c, prm, node, value, s):
    """`value` (a call's value for the rule's parameter `prm`), checked when the parameter is a
    list whose items have no none: a none among them is an error at the call, as an assignment's
    (`codegen.none_refused`), not at a later line, nor a save that cannot be loaded."""
    test = codegen.none_test(c.c.param_type(prm))
    if test not in ("in",) and not callable(test) or codegen.written_out(node):
        return value
    misfit = (lambda v: None in v) if test == "in" else test
    held, name, span = T.a(c.c.param_type(prm)), prm.name, s.span

    def checked(m, env):
        v = value(m, env)
        if v is not None and misfit(v):
            raise RuleError(f"'{name}' of the rule '{s.name}' holds {held}, never none among them, but this line "
                            f"would give it none among them ({codegen.NONE_WORDS}).", span)
        return v
    return checked


def _items_of(c, node):
    f = c.expr(node)
    t = c.types.get(id(node), T.ANY)
    if t.startswith("list:"):
        return lambda m, env: list(f(m, env))
    return lambda m, env: [f(m, env)]


def _take_out(m, source: list, moved: list, span, where, missing_words=None):
    """Remove each of `moved` from `source` (its first place there), in time that grows with their
    lengths, not their product; a RuleError names the first thing that is not there (in words
    `missing_words(m, thing)` makes, if given)."""
    def not_there(x):
        if missing_words is not None:
            return RuleError(missing_words(m, x), span)
        return RuleError(f"{m.show_any(x)} is not where it should be moved from.", span)
    wanted: dict = {}
    if len(moved) > SMALL:
        _charge(m, len(source) + len(moved), where, span)
        try:
            for x in moved:
                wanted[x] = wanted.get(x, 0) + 1
        except TypeError:      # lists moved: one at a time, each through the whole source
            _charge(m, len(source) * len(moved), where, span)
            wanted = {}
    if not wanted:
        for x in moved:
            try:
                source.remove(x)
            except ValueError:
                raise not_there(x) from None
        return
    kept = []
    for x in source:
        if wanted.get(x):
            wanted[x] -= 1
        else:
            kept.append(x)
    if any(wanted.values()):
        missing = next(x for x in moved if wanted.get(x))
        raise not_there(missing)
    source[:] = kept


def _move(c, s: A.Move):
    t = c.types.get(id(s.what), T.ANY)
    if not t.startswith("list:"):
        return _move_one(c, s, t)
    items, src, dst, top = _items_of(c, s.what), c.expr(s.source), c.expr(s.dest), s.to_top
    span, where = s.span, c.where()
    missing = _not_in(T.elem(t), c.text_of(s.source), f"so it cannot be moved to {c.text_of(s.dest)}")

    def move(m, env):
        source, dest = src(m, env), dst(m, env)
        moved = items(m, env)
        _take_out(m, source, moved, span, where, missing)
        if top:
            dest[0:0] = moved
        else:
            dest.extend(moved)
    return Simple(move, span)


def _move_one(c, s: A.Move, t: str):
    """`move x from ... to ...` of one thing, the commonest move: `_take_out` of a list of one,
    in place."""
    one, src, dst, top = c.expr(s.what), c.expr(s.source), c.expr(s.dest), s.to_top
    span = s.span
    missing = _not_in(t, c.text_of(s.source), f"so it cannot be moved to {c.text_of(s.dest)}", c.text_of(s.what))

    def move_one(m, env):
        source, dest = src(m, env), dst(m, env)
        x = one(m, env)
        try:
            source.remove(x)
        except ValueError:
            raise RuleError(missing(m, x, source), span) from None
        if top:
            dest.insert(0, x)
        else:
            dest.append(x)
    return Simple(move_one, span)


def _not_in(t: str, zone: str, then: str, what: str | None = None):
    """The words for a value (of type t) that is not in the zone written `zone` (error path only):
    "'6 green circles' is not in deck, so it cannot be moved to table". When the value is none
    and its words (`what`) are known, they say so, and that the zone is empty when it is (a
    `first(...)` of an empty zone): "'first(supply)' is none here (supply is empty), ..."."""
    def words(m, x, source=None):
        if x is None and what not in (None, "", "...", "none"):
            empty = f" ({zone} is empty)" if isinstance(source, list) and not source and zone != "..." else ""
            where = f"in {zone}" if zone != "..." else "there"
            return f"'{what}' is none here{empty}, and none is not {where}, {then}."
        from . import words as W
        try:
            said = W.describe(m.prog, t, x, m.player_count) if x is not None else "none"
        except Exception:
            said = m.show_any(x)
        where = f"in {zone}" if zone != "..." else "there"
        return f"{said} is not {where}, {then}."
    return words


def _draw(c, s: A.Draw):
    count, src, dst = c.expr(s.count), c.expr(s.source), c.expr(s.dest)
    span, where = s.span, c.where()

    def draw(m, env):
        n, source = count(m, env), src(m, env)
        if n < 0:
            raise RuleError(f"Cannot draw {n} cards: the number to draw must be 0 or more.", span)
        if len(source) > SMALL:
            _charge(m, len(source), where, span)
        taken = source[:max(n, 0)]
        del source[:len(taken)]
        dst(m, env).extend(taken)
    return Simple(draw, s.span)


def _shuffle(c, s: A.Shuffle):
    zone = c.expr(s.zone)
    t = T.elem(c.types.get(id(s.zone), T.ANY))
    span, where = s.span, c.where()

    def shuffle(m, env):
        xs = zone(m, env)
        _charge(m, len(xs), where, span)
        m.shuffle(xs, t)
    return Simple(shuffle, span)


def _say(c, s: A.Say):
    text = c.expr(s.text)
    return Simple(lambda m, env: m.say(text(m, env)), s.span)


def _add(c, s: A.AddTo):
    item, target = _stored(c, s.item, c.expr(s.item)), c.expr(s.target)
    span = s.span

    zone = _zone_named(c, s.target)
    refused = codegen.none_added(c, s) if zone is None else None

    def add(m, env):
        xs = target(m, env)
        if len(xs) >= MAX_LIST:
            raise RuleError(f"This list already holds {len(xs)} items; the limit is {MAX_LIST}.", span)
        x = item(m, env)
        if x is None and refused is not None:
            raise refused()
        xs.append(x)
    return Simple(_in_one_place(add, span, zone.elem) if zone is not None else add, span)


def _zone_named(c, e):
    """The declaration of the zone `e` names (`deck`, `p.hand`, `discard[k]`), as the checker's
    `zone_named` finds it, or None."""
    while isinstance(e, A.Index):
        e = e.obj
    ref = c.refs.get(id(e))
    if ref is None:
        return None
    if (isinstance(e, A.Name) and ref[0] == "global") or (isinstance(e, A.Field) and ref[0] == "pvar"):
        sym = c.c.symbols.get(e.name)
        if sym is not None and isinstance(sym.decl, A.ZoneDecl):
            return sym.decl
    return None


def _in_one_place(fn, span, kind):
    """`fn`, a statement that puts things of `kind` (the zone's element: a kind of thing, or another
    type, which holds no thing) into a zone without taking them out of another (`add`, or setting
    the zone). Before the rules pause, the machine then looks at every zone of the kinds so written
    (`Machine.check_one_place`): a thing in two places is a rule error naming the last such line, not a state that can no longer be saved.
    Not at once: a new hand may set the deck first and empty the hands after. Only a zone of that
    kind can hold a thing of it, so the other kinds need no look."""
    def run(m, env):
        fn(m, env)
        m.zones_written = span
        m.kinds_written.add(kind)
    return run


def _remove(c, s: A.RemoveFrom):
    item, target = c.expr(s.item), c.expr(s.target)
    span, where = s.span, c.where()
    missing = _not_in(c.types.get(id(s.item), T.ANY), c.text_of(s.target), "so it cannot be removed from it",
                      c.text_of(s.item))

    def remove(m, env):
        x, xs = item(m, env), target(m, env)
        if len(xs) > SMALL:
            _charge(m, len(xs), where, span)
        try:
            xs.remove(x)
        except ValueError:
            raise RuleError(missing(m, x, xs), span) from None
    return Simple(remove, span)


def _if(c, s: A.If):
    branches = [(c.expr(cond), c.block(blk, owner=c.owner_stack[-1])) for cond, blk in s.branches]
    other = c.block(s.other, owner=c.owner_stack[-1]) if s.other else None
    return If(branches, other, s.span)


def _items_copied(c, iterable):
    """(rule, line) if the items of `iterable` are lists, else None. A loop or a choice binds such an
    item to its name: it gets a copy, as a variable stores one (lists are values), so that changing
    it leaves the list it came from alone, as it must when a saved game goes on."""
    return (c.where(), iterable.span) if c.types.get(id(iterable), "").startswith("list:list:") else None


def _for(c, s: A.For):
    st = For(c.c.slots[id(s)], c.expr(s.iterable), c.expr(s.cond) if s.cond is not None else None, -1, s.span)
    st.copied = _items_copied(c, s.iterable)
    st.each = 1 + c.cost(s.cond)
    st.block = c.block(s.body, kind="for", owner=c.owner_stack[-1], data=st)
    c.scope(st.slot, st.block)
    return st


def _repeat(c, s: A.Repeat):
    st = Repeat(c.expr(s.count), -1, s.span)
    st.block = c.block(s.body, kind="repeat", owner=c.owner_stack[-1], data=st)
    return st


def _while(c, s: A.While):
    st = While(c.expr(s.cond), -1, s.span)
    st.block = c.block(s.body, kind="while", owner=c.owner_stack[-1], data=st)
    return st


def _choose(c, s: A.Choose):
    c.labelled(s.label)
    label = c.expr(s.label) if s.label else (lambda m, env, sh=c.shower(c.types.get(id(s.source), T.ANY)[5:]),
                                              slot=c.c.slots[id(s)]: sh(m, env[slot]))
    block = c.block(s.body, owner=c.owner_stack[-1]) if s.body is not None else None
    st = Choose(c.c.slots[id(s)], c.expr(s.source), c.expr(s.cond) if s.cond is not None else None, label,
                c.expr(s.by) if s.by is not None else None, c.expr(s.prompt) if s.prompt else None, s.may,
                block, s.span)
    st.fixed_prompt = _plain_text(c, s.prompt) if s.prompt else "Choose"
    # `may`'s options are made distinct with its way to decline before they are asked
    st.distinct = s.may or twins.never_twins(c, s, [(s.label, st.slot, s.source)])
    c.scope(st.slot, block)
    if s.declined is not None:
        c.labelled(s.declined)
        st.declined = c.expr(s.declined)
    st.copied = _items_copied(c, s.source)
    st.each = 1 + c.cost(s.cond) + c.cost(s.label)
    st.source_said, st.cond_said = c.text_of(s.source), c.text_of(s.cond) if s.cond is not None else "..."
    if st.source_said != "...":
        st.said = f"{'may ' * bool(s.may)}choose {s.var} from {st.source_said}" + \
            (f" if {st.cond_said}" if s.cond is not None and st.cond_said != "..." else "")
    st.recount = s.cond is not None and not purity.draws_chance(c, s.source)
    st.private = id(s) in c.c.secret_labels or c.reads_hidden(s.source, s.cond, s.label, s.declined)
    st.alike = alike.alike_for(c.types.get(id(s.source), T.ANY)[5:])
    st.own_slots = (st.slot,)
    st.options = codegen.option_lists(c, [{
        "label": s.label, "shower": None if s.label else c.shower(c.types.get(id(s.source), T.ANY)[5:]),
        "slot": st.slot, "var": s.var, "source": s.source, "cond": s.cond, "early": False, "each": st.each, "tag": None}],
        c.where(), s.span)
    return st


def _menu(c, s: A.Menu):
    for o in s.options:
        c.labelled(o.label)
    options = []
    for o in s.options:
        options.append((c.expr(o.label), c.c.slots.get(id(o)), c.expr(o.iterable) if o.iterable is not None else None,
                        c.expr(o.cond) if o.cond is not None else None, c.block(o.body, owner=c.owner_stack[-1])))
        c.scope(options[-1][1], options[-1][4])
    early = frozenset(i for i, o in enumerate(s.options)
                      if o.var and o.cond is not None and not _mentions(o.cond, o.var))
    tested = {i: _tested_first(c, o) for i, o in enumerate(s.options) if i not in early}
    st = Menu(options, c.expr(s.by) if s.by is not None else None, c.expr(s.prompt) if s.prompt else None,
              s.span, early)
    st.fixed_prompt = _plain_text(c, s.prompt) if s.prompt else "Choose"
    texts = [_plain_text(c, o.label) if o.iterable is None else None for o in s.options]
    st.distinct = (None not in texts and len(set(texts)) == len(texts)) or \
        twins.never_twins(c, s, [(o.label, options[i][1], o.iterable) for i, o in enumerate(s.options)])
    for i, n in tested.items():
        if n:
            parts = codegen.conjuncts(s.options[i].cond)
            st.firsts[i] = (_all_of([c.expr(p) for p in parts[:n]]), _all_of([c.expr(p) for p in parts[n:]]))
    for i, o in enumerate(s.options):
        copied = _items_copied(c, o.iterable) if o.iterable is not None else None
        if copied is not None:
            st.copied[i] = copied
    st.each = tuple(1 + c.cost(o.cond) + c.cost(o.label) for o in s.options)
    st.private = id(s) in c.c.secret_labels or c.reads_hidden(*[x for o in s.options for x in (o.iterable, o.cond, o.label)])
    st.alike = _menu_alike([alike.alike_for(c.types.get(id(o.iterable), T.ANY)[5:]) if o.iterable is not None
                            else None for o in s.options])
    st.own_slots = tuple(o[1] for o in options if o[1] is not None)
    st.listed = codegen.option_lists(c, [{
        "label": o.label, "shower": None, "slot": options[i][1], "var": o.var, "source": o.iterable, "cond": o.cond,
        "early": i in early, "first": tested.get(i, 0), "each": st.each[i], "tag": i}
        for i, o in enumerate(s.options)], c.where(), s.span)
    return st


def _plain_text(c, node):
    """The text an expression always is when it is a plain text ("Pick", no values shown), else None."""
    got = c.constant(node)
    return got[0] if got is not None and type(got[0]) is str else None


def _menu_alike(each: list):
    """A menu's values are [option, item]: alike when of one option, with alike items."""
    if not any(each):
        return None
    return lambda m, a, b, skip: a[0] == b[0] and each[a[0]] is not None and each[a[0]](m, a[1], b[1], skip)


def _tested_first(c, o) -> int:
    """How many leading parts (`and`) of an option's condition are tested before its list is worked
    out: those that do not mention the item and can neither fail nor do anything
    (`inlining.cannot_fail`), when the list cannot draw at random. While they do not hold, the
    option offers nothing and its list is not looked at (`moves_left > 0 and role == scout` looks
    for a scout's moves only for a scout). 0 for none, and for a
    condition that does not mention the item at all (then the whole of it is tested first)."""
    if not o.var or o.cond is None or o.iterable is None:
        return 0
    parts = codegen.conjuncts(o.cond)
    n = 0
    while n < len(parts) and not _mentions(parts[n], o.var) and inlining.cannot_fail(c, parts[n], None, set(), set()):
        n += 1
    if n == len(parts) or (n and purity.draws_chance(c, o.iterable)):
        return 0
    return n


def _all_of(tests: list):
    """The closure of `a and b and ...`, for parts of a condition compiled one by one."""
    if len(tests) == 1:
        return tests[0]
    return lambda m, env: all(t(m, env) for t in tests)


def _mentions(node, name: str) -> bool:
    """Does an expression use the local `name`? (Conservative: a lambda or comprehension
    rebinding the name still counts as a use.)"""
    if isinstance(node, A.Name):
        return node.name == name
    if isinstance(node, A.Node):
        return any(_mentions(v, name) for v in vars(node).values())
    if isinstance(node, (list, tuple)):
        return any(_mentions(v, name) for v in node)
    return False


def _secret(c, s: A.Secret):
    c.labelled(s.label)
    st = Secret(c.c.slots[id(s)], c.expr(s.players), c.expr(s.source), c.expr(s.cond) if s.cond is not None else None,
                c.expr(s.label), s.time_var is not None, -1, s.span, c.expr(s.prompt) if s.prompt else None, s.may)
    if s.declined is not None:
        c.labelled(s.declined)
        st.declined = c.expr(s.declined)
    st.block = c.block(s.body, kind="secret", owner=c.owner_stack[-1], data=st)
    for slot in (st.pslot, st.vslot, st.tslot):
        c.scope(slot, st.block)
    st.each = 1 + c.cost(s.cond) + c.cost(s.label)
    st.private = id(s) in c.c.secret_labels or c.reads_hidden(s.source, s.cond, s.label, s.declined)
    st.alike = alike.alike_for(c.types.get(id(s.source), T.ANY)[5:])
    st.own_slots = (st.pslot, st.vslot)
    return st


_COMPILERS = {
    "Assign": _assign, "CallStmt": _call, "Move": _move, "Draw": _draw, "Shuffle": _shuffle,
    "EndGame": lambda c, s: EndGame(c.expr(s.reason) if s.reason else None, s.span, c.ending(s)),
    "EndStage": lambda c, s: EndStage(":turn" if s.name == "turn" else s.name,
                                      c.expr(s.reason) if s.reason else None, s.span),
    "TakeTurns": lambda c, s: TakeTurns(c.expr(s.start) if s.start is not None else None, c, s.span,
                                        c.local_slot(s.start) if s.start is not None else None,
                                        c.global_slot(s.start) if s.start is not None else None),
    "TakeRounds": lambda c, s: TakeRounds(c.expr(s.leader) if s.leader is not None else None, c, s.span),
    "Say": _say, "Signal": lambda c, s: Signal(s.event, [_stored(c, a, c.expr(a)) for a in s.args], s.span),
    "Pass": lambda c, s: Simple(lambda m, env: None, s.span),
    "Stop": lambda c, s: Stop(s.span), "Return": lambda c, s: Return(s.span),
    "AddTo": _add, "RemoveFrom": _remove, "If": _if, "For": _for, "Repeat": _repeat, "While": _while,
    "Choose": _choose, "Menu": _menu, "Secret": _secret,
}
