"""The machine: runs a compiled game over a plain-data state until someone must decide.

The state is a dict of lists and numbers (see `new_state`); the frame stack, the locals of
paused rules, the pending decision and the random generator are all in it, so a game can be
saved anywhere and continued identically. The machine holds no game state of its own beyond
a reference to that dict. It must not know any game: everything comes from `Compiled`.
"""
from __future__ import annotations

from tabletop.dsl.builtins import MAX_ROLLS, ROLLED_IN_VAIN    # throws of one roll(d, keep) before giving up
from tabletop.dsl.types import show as show_type

from .budgets import MAX_FRAMES, SMALL, WORK_BUDGET, Spent, loop_forever, placed, runaway, spend
from .compiler import Block, Compiled, bounded_join
from .errors import PY_ERRORS, BudgetExceeded, ForcedMismatch, RuleError, Runaway, StepsSpent, failed, line_words
from . import rng as R
from . import statements as S
from . import words as W
from .statecheck import things_in_one_place, things_problem
from .view import Hidden, PartlyHidden, hidden_words, partly_hidden_words

STEP_BUDGET = 1_000_000      # statements run between two decisions (bundled games: at most about 400)
TURNS_BLAME = 100            # turns in one run of the rules beyond which a runaway says the game never ends
ROLLS_KEEP = 100             # dice rolls kept in the state since the last answer
ROLLS_FLAT = 2 * ROLLS_KEEP  # the rolls' flat list (die, face, die, face) at its longest
LOG_KEEP = 30
SEAT_NAMES = [f"Player {n}" for n in range(1, 65)]    # made once: a seat's name is in most lines said


class Machine:
    def __init__(self, prog: Compiled, state: dict):
        self.prog = prog
        self.s = state
        self.g = state["globals"]
        # A side (the volcano) is a player value after the seats: it has the players' variables.
        self.seats = state["players"]
        self.pl = self.seats + state["sides"] if prog.sides else self.seats
        self.f = state["fields"]
        self.fl = prog.field_lists(self.f)     # the same lists by number, as generated code reads them
        self.envs = state["envs"]
        self.player_count = len(state["players"])
        self.signal_block = prog.signal_block
        self.work = WORK_BUDGET      # counts down as the rules work (budgets.py); not game state
        self.skipped = 0             # turns skip_turn skipped in a row since the rules started running
        self.steps = 0               # statements run since the rules started running (fusion.py reads it)
        self.turns_from = state.get("turn_number", 0)    # turns played when the rules started running
        self.rounds_run = 0          # rounds of `take rounds` started since the rules started running
        self.zones_written = None    # the last line that put things into a zone by `add` or `=`
        self.kinds_written = set()   # what those lines' zones hold: the kinds of thing the check looks at
        # Definitions' values kept while what they read is not written (memo.py, `codegen.kept`):
        # the writes of each place counted, and the values. Not game state: a new machine starts
        # with none, and works them out again.
        self.ver = [0] * prog.cells
        self.kept = [{} for _ in range(prog.kept_count)]
        self.kept_size = 0           # values and their items kept: bounded (codegen.MAX_KEPT)

    def forget_kept(self):
        """Drop every kept value (too many are kept: a rulebook cannot fill the memory with them)."""
        for values in self.kept:
            values.clear()
        self.kept_size = 0

    # ------------------------------------------------------------------ randomness
    # Every random draw comes here: from the seeded generator, or from the results a scenario
    # forced (the state's "forced" list, in the game's words, used in order).
    def below(self, n: int) -> int:
        self.s["rng"], x = R.below(self.s["rng"], n)
        return x

    def roll(self, faces: list, keep, die: str | None):
        """A die rolled until `keep(face)` holds: each throw is seeded or forced, and recorded
        in the state's "rolls", a flat list die, face, die, face (cheap to copy)."""
        s = self.s
        rolls = s.get("rolls")
        if rolls is None:
            rolls = s["rolls"] = []
        if not die:
            die = self.die_name(faces)
        forced = s.get("forced")
        throws = 1
        while True:         # not a `for` over a range: most dice are kept at the first throw
            if forced:
                face = self.forced_face(faces, die)
            else:
                s["rng"], x = R.below(s["rng"], len(faces))
                face = faces[x]
            rolls += (die, face)
            if len(rolls) > ROLLS_FLAT:
                del rolls[:2]
            if keep is None or keep(face):
                return face
            if throws >= MAX_ROLLS:
                raise RuleError(ROLLED_IN_VAIN)
            throws += 1

    def pick(self, xs: list, t: str):
        if not xs:
            return None
        if self.s.get("forced"):
            want = self.next_forced("pick", f"pick from a {show_type('list:' + t)} at random")["pick"]
            for x in xs:
                if W.matches(self.prog, t, x, want, self.player_count):
                    return x
            raise ForcedMismatch(f"The scenario forced a pick of {W.quote(want)}, but the rules pick from "
                                 f"{W.describe(self.prog, 'list:' + t, xs, self.player_count)}.") \
                .waiting(len(self.s["forced"]) + 1, self.s.get("rolls") or ())
        return xs[self.below(len(xs))]

    def shuffled(self, xs: list, t: str) -> list:
        if len(xs) > SMALL:
            spend(self, len(xs))
        xs = list(xs)
        self.shuffle(xs, t)
        return xs

    def shuffle(self, xs: list, t: str = "any"):
        first = []
        if self.s.get("forced") and xs:
            # A forced shuffle names the items that come first, in order; the rest is shuffled.
            for want in self.next_forced("shuffle", f"shuffle a {show_type('list:' + t)}")["shuffle"]:
                i = next((i for i, x in enumerate(xs) if W.matches(self.prog, t, x, want, self.player_count)), None)
                if i is None:
                    names = list(dict.fromkeys(str(n) for n in W.show(self.prog, "list:" + t, xs, self.player_count)))
                    held = f"it holds {', '.join(names[:8])}{', ...' if len(names) > 8 else ''}" if names \
                        else "nothing is left in it"
                    raise ForcedMismatch(f"The scenario forced a shuffle that puts {W.quote(want)} first, but the list "
                                         f"shuffled has no more of it ({held}).").waiting(len(self.s["forced"]) + 1, self.s.get("rolls") or ())
                first.append(xs.pop(i))
        self.s["rng"] = R.shuffle(self.s["rng"], xs)
        xs[0:0] = first

    def next_forced(self, what: str, doing: str) -> dict:
        forced = self.s["forced"]
        if what not in forced[0]:
            # The deal's shuffle comes before most of a setup's draws: say how to pass it by.
            passing = "; put {shuffle: []} before it to leave this shuffle to the seed" if what == "shuffle" else ""
            raise ForcedMismatch(f"The scenario forced {W.describe_forced(forced[0])} next, but the rules {doing} "
                                 f"here{passing}.").waiting(len(forced), self.s.get("rolls") or ())
        return forced.pop(0)

    def forced_face(self, faces: list, die: str | None):
        entry = self.next_forced("roll", f"roll {die or 'a die'}")
        face, name = entry["roll"], die or self.die_name(faces)
        if entry.get("die") not in (None, name):
            raise ForcedMismatch(f"The scenario forced a roll of {entry['die']}, but the rules roll {name} "
                                 "here.").waiting(len(self.s["forced"]) + 1, self.s.get("rolls") or ())
        if face not in faces:
            raise ForcedMismatch(f"The scenario forced a roll of {W.quote(face)}, but {name} has no such face "
                                 f"(its faces: {', '.join(str(f) for f in faces)}).").waiting(len(self.s["forced"]) + 1, self.s.get("rolls") or ())
        return face

    def die_name(self, faces: list) -> str:
        return next((n for n, f in self.prog.dice.items() if f is faces), None) \
            or next((n for n, f in self.prog.dice.items() if f == faces), "a die")

    # ------------------------------------------------------------------ helpers for statements
    def push(self, block: int, env_index: int, aux):
        stack = self.s["stack"]
        if len(stack) >= MAX_FRAMES:
            blk = self.prog.blocks[block]
            blocks = [f[0] for f in stack]
            why = ("a rule probably calls itself without end" if len(set(blocks)) < len(blocks) else
                   "no rule calls itself, but the chain of rules each calling the next is too long")
            raise BudgetExceeded(f"The rules nest more than {MAX_FRAMES} deep in the {blk.owner}; {why}.")
        stack.append([block, 0, env_index, aux])

    def call(self, proc, args: list, span):
        env = args + proc.rest if args else [None] * proc.size      # the values take the first slots
        envs = self.envs
        envs.append(env)
        stack = self.s["stack"]
        if len(stack) >= MAX_FRAMES:
            self.push(proc.block, len(envs) - 1, None)       # says why
        stack.append([proc.block, 0, len(envs) - 1, None])

    def ask(self, pending: dict, frame=None):
        """Pause for a decision. At a decision point (`frame` is the asking statement's), an
        instant reaction that may be played now comes first; the statement then asks again."""
        if frame is not None and self.prog.instants and self.instants_first(frame[2]):
            frame[1] -= 1
            return
        self.s["pending"] = pending

    def instants_first(self, env_index: int) -> bool:
        """At a moment someone may play an instant reaction (a decision point, or between two
        turns or rounds): offer them, and say so, so that the caller runs again after them."""
        if self.prog.instants and self.instant_ready():
            self.offer_instants(env_index)
            return True
        return False

    def offer_instants(self, env_index: int):
        """Push the frame that offers the instant reactions (a signal frame with no event)."""
        self.push(self.signal_block, env_index, {"event": None, "args": [], "i": 0, "reacted": False})

    def say(self, text: str):
        log = self.s["log"]
        log.append(text)
        self.s["said"] = self.s.get("said", 0) + 1   # lines said in the whole game: the log keeps the last 30
        if len(log) > LOG_KEEP:
            del log[0]

    def end_game(self, reason: str, at: str = ""):
        """End the game: `reason` is the `end game` text ("The game is over." without one), `at`
        where that line is ("game.rules:246"), which the state keeps so that a run of games can be
        counted by how each ended. The log's last line says it, as the rules' own lines are said."""
        self.s["over"] = True
        self.s["reason"] = reason
        if at:
            self.s["ended_at"] = at
        self.say(W.game_over(reason))
        self.s["stack"].clear()
        self.envs.clear()
        self.s["pending"] = None

    def end_stage(self, name: str, reason, span):
        """Leave the innermost running stage `name` (":turn" for the turn section) from any depth:
        the frame stack is unwound to that stage's frame, which goes too."""
        block = self.prog.stages[name]
        stack = self.s["stack"]
        for i in range(len(stack) - 1, -1, -1):
            if stack[i][0] == block:
                break
        else:
            i = self.between_turns() if name == ":turn" else -1
            if i < 0:
                what = "turn" if name == ":turn" else name
                raise RuleError(f"'end {what}' is used, but no {what} is under way.", span)
        blocks = self.prog.blocks
        while len(stack) > i:
            if blocks[stack.pop()[0]].kind == "proc":
                self.envs.pop()
        if reason:
            self.say(reason)

    def between_turns(self) -> int:
        """Where the instant reactions offered between two turns start on the frame stack (they
        sit on the turn order's frame), or -1. An `end turn` in one of them ends what is left of
        that moment, and the next turn comes, as it would from within a turn: the rulebook cannot
        tell whether a card played instantly was played in a turn or between two."""
        stack, blocks = self.s["stack"], self.prog.blocks
        for i in range(len(stack) - 1, 0, -1):     # the outermost such moment: others may be nested in it
            frame = stack[i]
            if frame[0] == self.signal_block and frame[3]["event"] is None and blocks[stack[i - 1][0]].kind == "turns":
                return i
        return -1

    def stop_loop(self, span):
        stack = self.s["stack"]
        while stack:
            frame = stack.pop()
            kind = self.prog.blocks[frame[0]].kind
            if kind == "proc":
                raise RuleError("'stop' found no loop to leave in this rule.", span)
            if kind in ("for", "repeat", "while"):
                return

    def return_proc(self):
        stack = self.s["stack"]
        while stack:
            frame = stack.pop()
            if self.prog.blocks[frame[0]].kind == "proc":
                self.envs.pop()
                return

    def grid_of(self, thing):
        only = self.prog.only_grid
        if only is not None:
            return only
        for g in self.prog.grids.values():
            if thing in g.pos:
                return g
        raise RuleError("This thing is not on a grid.")

    def first_player(self) -> int:
        slot = self.prog.first_player_slot
        if slot < 0:
            return 0
        p = self.g[slot]
        # none: Player 1, as with no `first_player`; a side never takes a turn
        return 0 if p is None else self.seat(p, "take the first turn")

    def player_name(self, p) -> str:
        if 0 <= p < self.player_count and p < len(SEAT_NAMES):
            return SEAT_NAMES[p]
        if p >= self.player_count and p - self.player_count < len(self.prog.sides):
            return self.prog.sides[p - self.player_count].replace("_", " ")
        return f"Player {p + 1}"       # a seat, or one the data names that this game has not

    def show_player(self, p) -> str:
        """A player value in words, whatever it holds (for error messages)."""
        if p is None:
            return "nobody"
        if type(p) is int and 0 <= p < self.player_count + len(self.prog.sides):
            return self.player_name(p)
        if type(p) is int and p >= 0:       # a seat the data names, in a game of fewer players
            return f"Player {p + 1} (who does not play in this game of {self.player_count})"
        return self.show_any(p)

    def seat(self, p, what: str) -> int:
        """p, if it is a seat at the table; else a rule error saying it cannot `what`."""
        if type(p) is int and 0 <= p < self.player_count:
            return p
        if type(p) is int and self.player_count <= p < len(self.pl):
            raise RuleError(f"'{self.player_name(p)}' is a side, not a seat at the table, so it cannot {what}.")
        if p is None:
            raise RuleError(f"The player here is none (no player is named), so nobody can {what}.")
        raise RuleError(f"{self.show_player(p)} is not a seat at the table, so it cannot {what}.")

    def show_any(self, v) -> str:
        if v is None:
            return "none"
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, list):
            if type(v) is Hidden and v:
                return hidden_words(len(v))
            if type(v) is PartlyHidden:
                return partly_hidden_words([self.show_any(x) for x in v if x is not None], v.count(None))
            return bounded_join(self, ", ", (self.show_any(x) for x in v)) if v else "nothing"
        if isinstance(v, str):
            return v.replace("_", " ")
        return str(v)

    def match_length(self, values, pattern) -> int:
        """How many leading values the pattern matches (its longest alternative), or 0.
        `values` are enum values: the compiler maps things to their field of the pattern's enum."""
        if len(pattern["alternatives"]) > SMALL:
            spend(self, len(pattern["alternatives"]))
        best = 0
        for alt in pattern["sorted"]:
            i = 0
            for group in alt:
                n = len(group)
                if i + n > len(values) or (values[i] != group[0] if n == 1 else sorted(values[i:i + n]) != group):
                    break
                i += n
            else:
                best = max(best, i)
        return best

    # ------------------------------------------------------------------ running
    def run(self):
        """Run until a decision is pending or the game is over."""
        s = self.s
        stack = s["stack"]
        blocks = self.prog.blocks
        code = self.prog.code    # each block's statements, then None (its end): no length asked each step
        budget = STEP_BUDGET
        steps = self.steps       # the statements an answer's block ran already (`statements.answered`)
        while stack and s["pending"] is None:
            frame = stack[-1]
            pc = frame[1]
            st = code[frame[0]][pc]
            if st is not None:
                frame[1] = pc + 1
                steps += 1
                if steps > budget:
                    blk: Block = blocks[frame[0]]
                    raise self.steps_spent(f"The rules ran {budget} steps without asking anyone anything; "
                                           f"the {blk.owner} seems to loop forever.", st.span)
                self.steps = steps
                try:
                    more = st.run(self, frame)     # a fused run of statements counts each of them
                    if more:
                        steps += more - 1
                except Spent:          # a built-in spent the budget where no call site named it
                    blk = blocks[frame[0]]
                    raise self.runaway_placed(runaway(f"the {blk.owner}", st.span), st, blk, steps) from None
                except Runaway as e:
                    raise self.runaway_placed(e.at(st.span), st, blocks[frame[0]], steps) from None
                except StepsSpent as e:       # a fused run's step budget: the turns may be said
                    raise (BudgetExceeded(e.message + self.turns_said(), e.span) if e.placed else
                           self.steps_spent(e.message, e.span)).at(st.span) from None
                except RuleError as e:
                    raise e.at(st.span)
                except RecursionError:
                    raise BudgetExceeded(f"The rules nest too deeply in the {blocks[frame[0]].owner}.", st.span) from None
                except PY_ERRORS as e:
                    owner = blocks[frame[0]].owner
                    raise failed(e, e.__traceback__, f"This line of the {owner} cannot be carried out",
                                 st.span, f"{line_words(st.span)} of the {owner}") from None
                continue
            blk = blocks[frame[0]]
            kind = blk.kind
            if kind == "seq":          # the common ends, without a call
                stack.pop()
            elif kind == "proc":
                stack.pop()
                self.envs.pop()
            else:
                try:
                    if kind == "while":      # the loop around a menu ends at most decisions: its test without a call
                        if blk.data.cond(self, self.envs[frame[2]]):
                            frame[1] = 0
                        else:
                            stack.pop()
                    else:
                        self.end_block(frame, blk)
                except Runaway as e:
                    raise (self.signalled_in_loop(e, steps) if kind == "signal" else e) from None
                except BudgetExceeded:
                    raise
                except (RuleError, *PY_ERRORS) as e:
                    raise self.block_failed(e, frame, blk) from None
        if self.zones_written is not None:
            self.check_one_place()

    def check_one_place(self):
        """Each thing in one place, once the rules that put things into a zone without `move` have
        run to a pause (`statements._in_one_place`); else a rule error at the last such line."""
        span, self.zones_written = self.zones_written, None
        kinds = set(self.kinds_written)
        self.kinds_written.clear()
        if things_in_one_place(self.prog, self.s, kinds):
            return
        problem = things_problem(self.prog, self.s)
        if problem:
            raise RuleError(f"When the rules paused, {problem}; the last line that put things into a zone is "
                            "this one. A thing is in one place at a time: 'move ... from ... to ...' takes it "
                            "out of where it was.", span)

    def steps_spent(self, message: str, span) -> BudgetExceeded:
        """The run of the rules past its step budget, said by `message` at `span` (error path
        only): with the turns played in it when many were, else naming the innermost loop of the
        running rule (a `while` with its condition, `budgets.loop_forever`, as a fused run names it)."""
        said = self.turns_said()
        if said:
            return BudgetExceeded(message + said, span)
        loop = self.innermost_loop()
        if loop is not None and loop[0] == "while" and getattr(loop[1], "node", None) is not None:
            return BudgetExceeded(loop_forever(message, loop[1].node, span).message, span)
        return BudgetExceeded(message + self.loop_note(), span)

    def innermost_loop(self):
        """(kind, statement) of the innermost loop of the running rule on the frame stack, or None
        (error path only)."""
        try:
            for frame in reversed(self.s["stack"]):
                b = self.prog.blocks[frame[0]]
                if b.kind in ("for", "repeat", "while") and getattr(getattr(b.data, "span", None), "line", 0):
                    return b.kind, b.data
                if b.kind == "proc":
                    return None
        except Exception:        # the error path must never fail
            pass
        return None

    def loop_note(self) -> str:
        """" It was inside the loop at game.rules:59 ..." for a run of the rules past its step
        budget, naming the innermost loop of the running rule on the frame stack (error path only):
        a `while` whose condition never turns false is the likeliest cause; "" if there is none."""
        loop = self.innermost_loop()
        if loop is None:
            return ""
        kind, span = loop[0], loop[1].span
        what = "that its condition can become false" if kind == "while" else "that it ends"
        return f" It was inside the {kind} loop at {span.file}:{span.line}: check {what}."

    def runaway_placed(self, e, st, blk: Block, steps: int):
        """The work budget ran out while `st` of `blk` ran (error path only): told by
        `budgets.placed`, with the innermost loop of this rule around it."""
        if e.placed:            # told where it ran out already (a fused run): the turns may still be said
            return self.turns_without_deciding(e)
        loop = None
        for frame in reversed(self.s["stack"]):
            b = self.prog.blocks[frame[0]]
            if b.kind in ("for", "repeat", "while") and b.data is not None:
                loop = b.data.span
                break
            if b.kind == "proc":
                break
        return self.turns_without_deciding(placed(e, blk.owner, st.span, loop, steps))

    def signalled_in_loop(self, e: Runaway, steps: int):
        """The work budget ran out while the reactions to an event were asked (error path only):
        when the event was signalled inside a loop of its rule that had run many statements, the
        loop kept signalling, and the error names the loop, not the reaction that was asked."""
        if e.placed:
            return self.turns_without_deciding(e)
        for frame in reversed(self.s["stack"][:-1]):
            b = self.prog.blocks[frame[0]]
            if b.kind in ("for", "repeat", "while") and b.data is not None:
                return self.turns_without_deciding(placed(e, b.owner, None, b.data.span, steps))
            if b.kind == "proc":
                break
        return e

    def turns_said(self) -> str:
        """" N turns were played since ..." when many turns went by in this run of the rules, else
        "" (error path only)."""
        turns = self.s.get("turn_number", 0) - self.turns_from
        rounds = self.rounds_run
        if max(turns, rounds) < TURNS_BLAME:
            return ""
        played = f"{turns:,} turns were" if turns >= rounds else f"{rounds:,} rounds were"
        return (f" {played} played since anyone last decided anything, and the game has not ended: "
                "where nobody decides, the game goes on until an 'end game' is reached, so check that one can be.")

    def turns_without_deciding(self, e):
        """The runaway `e`, saying so when many turns went by in it (error path only): in a game where
        nobody decides (a race of dice), an end that is never reached spends the budget wherever the
        rules happen to be, and naming that line alone blamed a definition that was fine."""
        said = self.turns_said()
        if not said or getattr(e, "turns_told", False):
            return e
        out = Runaway(f"{e.message}{said}", e.span)
        out.where, out.placed, out.turns_told = getattr(e, "where", ""), e.placed, True
        return out

    def block_failed(self, e, frame, blk: Block) -> RuleError:
        """An error while a block ended (error path only): a loop's next test or item, said at the
        loop's line, or a reaction's condition, items, label or prompt, at the reaction's line."""
        if blk.kind == "signal":
            return self.reaction_failed(e, self.prog.reactions_to(frame[3]["event"]))
        span = getattr(blk.data, "span", None)
        if isinstance(e, RuleError):
            return e.at(span)
        return failed(e, e.__traceback__, f"This line of the {blk.owner} cannot be carried out", span,
                      f"{line_words(span)} of the {blk.owner}")

    @staticmethod
    def reaction_failed(e, reactions) -> RuleError:
        """An error while a reaction's condition, items, label or prompt were worked out (error
        path only), said at the line of the reaction whose generated code it happened in (the
        traceback's code is named after its line, `codegen._compiled`), else the first's."""
        lines, tb = set(), e.__traceback__
        while tb is not None:
            name = tb.tb_frame.f_code.co_filename
            if name.startswith("<rule line "):
                lines.add(name[len("<rule line "):-1])
            tb = tb.tb_next
        r = next((r for r in reactions if str(getattr(r["span"], "line", "")) in lines), reactions[0])
        if isinstance(e, RuleError):
            return e.at(r["span"])
        where = f"the reaction '{r['name']}'"
        return failed(e, e.__traceback__, f"This line of {where} cannot be carried out", r["span"],
                      f"{line_words(r['span'])} of {where}")

    def end_block(self, frame, blk: Block):
        """The end of block `blk` reached (`run` ends a `while` block itself)."""
        kind = blk.kind
        stack = self.s["stack"]
        if kind == "seq":
            stack.pop()
        elif kind == "proc":
            stack.pop()
            self.envs.pop()
        elif kind == "for":
            items, i = frame[3]
            st = blk.data
            env = self.envs[frame[2]]
            i = st.next_index(self, env, items, i + 1)
            if i < len(items):
                env[st.slot] = items[i]
                frame[3] = [items, i]
                frame[1] = 0
            else:
                stack.pop()
        elif kind == "repeat":
            n, i = frame[3]
            if i < n:
                frame[3] = [n, i + 1]
                frame[1] = 0
            else:
                stack.pop()
        elif kind == "secret":
            rows, i = frame[3]
            if i + 1 < len(rows):
                blk.data.bind(self.envs[frame[2]], rows[i + 1])
                frame[3] = [rows, i + 1]
                frame[1] = 0
            else:
                stack.pop()
        elif kind == "signal":
            self.offer_reactions(frame)
        else:
            raise RuleError(f"Unknown block kind {kind}.")

    # ------------------------------------------------------------------ reactions
    def offer_reactions(self, frame):
        """Offer a signalled event's reactions (or, for an instant frame, the instant reactions)
        to each seat in order from the current player. After a pass in which anyone reacted,
        offer again, since a reaction can enable another: but only to the seats up to the last
        one that reacted, as those after it were already asked since then (`last`)."""
        aux = frame[3]
        instant = aux["event"] is None
        reactions = self.prog.reactions_to(aux["event"])
        first = None if instant else self.prog.first_open.get(aux["event"])
        n = self.player_count
        last = aux.get("last")
        end = n if aux["reacted"] or last is None else last + 1
        while aux["i"] < end:
            if first is not None:       # the seats with nothing open passed in one call
                aux["i"] = self.first_open(first, reactions, aux, end)
                if aux["i"] >= end:
                    break
            seat = (self.s["current"] + aux["i"]) % n
            if first is None and self.none_open(reactions, aux["args"], seat, instant):
                aux["i"] += 1
                continue
            labels, values, prompt = self.reaction_options(reactions, aux["args"], seat, instant)
            if labels:
                if not instant and self.prog.instants and self.instant_ready():
                    self.offer_instants(frame[2])     # a decision point: instants first, then this again
                    return
                # The engine's own option is kept apart from a reaction labelled the same.
                labels, values = S._distinct(labels + [S.NO_REACTION], values + [None])
                what = "React?" if instant else f"React to {aux['event'].replace('_', ' ')}?"
                self.s["pending"] = {"kind": "reaction", "stmt": -1, "env": -1, "players": [seat],
                                     "prompt": prompt or what, "labels": labels, "values": values}
                return
            aux["i"] += 1
        if aux["reacted"]:
            aux["i"], aux["reacted"] = 0, False
            return
        self.s["stack"].pop()

    def first_open(self, first, reactions, aux, end: int) -> int:
        """The number in the order of the first seat still to be asked, before the `end`-th, with
        an event's reaction open to it (`end` if none), by its reactions' test written as one function
        `first`. On an error, the work is given back and the seats asked one by one, as without
        that function, so the error is met in the failing reaction's own code and said at its
        line (the one function is named after the first reaction's)."""
        work = self.work
        try:
            return first(self, aux["args"], aux["i"], end)
        except Exception:
            self.work = work
        i, n = aux["i"], self.player_count
        while i < end and self.none_open(reactions, aux["args"], (self.s["current"] + i) % n, False):
            i += 1
        return i

    def none_open(self, reactions, args, seat, instant) -> bool:
        """Whether no reaction is open to `seat`, asked of each reaction's generated `open` (the
        common answer, found without making labels). It charges what `reaction_offers` would
        charge finding nothing. When something may be open it gives the work back and says False:
        `reaction_options` then works the offers out from the start, charging them once."""
        declined = self.s["declined"] if instant else ()
        work = self.work
        for k, r in enumerate(reactions):
            if not r["ask_twice"] or r["open"](self, args, seat, declined, k):
                self.work = work
                return False
        return True

    def reaction_options(self, reactions, args, seat, instant):
        """The labels, values ([reaction, item]) and prompt of the reactions `seat` may play now.
        An instant reaction the seat declined is left out while it still holds. When several
        reactions with prompts are open, each one's prompt (of its first item) is shown, in the order
        the reactions are written, the same text once, joined by " / ": the first alone would ask
        of one card while offering two."""
        labels, values, prompts, asked = [], [], [], -1
        for k, r, x, env in self.reaction_offers(reactions, args, seat, instant):
            labels.append(r["label"](self, env))
            values.append([k, x])
            if k != asked and r["prompt"] is not None:
                asked, text = k, r["prompt"](self, env)
                if text not in prompts:
                    prompts.append(text)
        labels, values = S._distinct(labels, values)
        return labels, values, " / ".join(prompts) if prompts else None

    def reaction_offers(self, reactions, args, seat, instant, first: int = 0):
        """Each reaction `seat` may play now, as (its number, the reaction, its item, its env), one
        at a time (`first`: the number of the first of `reactions`)."""
        declined = self.s["declined"] if instant else ()
        for k, r in enumerate(reactions, first):
            self.work -= r["each"]      # a list of items is charged by the compiled list
            if self.work < 0:
                raise runaway(f"the reaction '{r['name']}'", r["span"])
            env = self.reaction_env(r, args, seat)
            early = r["early"]
            if early and not r["cond"](self, env):
                continue       # the condition does not mention the item: tested once
            slot = r["item_slot"]
            for x in (list(r["items"](self, env)) if r["items"] is not None else [None]):
                if slot >= 0:
                    env[slot] = x
                if declined and [seat, k, x] in declined:
                    continue
                if early or r["cond"](self, env):
                    yield k, r, x, env

    def instant_ready(self) -> bool:
        """Whether some seat may play an instant reaction now (an error in a reaction's condition
        or items is said at the reaction's line, not at the decision or turn that asked)."""
        try:
            return self.instants_open()
        except BudgetExceeded:
            raise
        except (RuleError, *PY_ERRORS) as e:
            raise self.reaction_failed(e, self.prog.instants) from None

    def instants_open(self) -> bool:
        """Whether some seat may play an instant reaction now. Declined offers are forgotten once
        their condition no longer holds, or their item has left the reaction's list (`for victim
        in out_players`: the victim came back in), so a new occasion is offered again."""
        instants = self.prog.instants
        declined = self.s["declined"]
        if declined:
            still = []
            for seat, k, x in declined:
                r = instants[k]
                env = self.reaction_env(r, [], seat)
                if r["item_slot"] >= 0:
                    if r["items"] is not None and x not in r["items"](self, env):
                        continue
                    env[r["item_slot"]] = x
                if r["cond"](self, env):
                    still.append([seat, k, x])
            declined[:] = still
        every = self.prog.instants_open
        if every is not None:          # the loop below, written as one function
            work = self.work
            try:
                return every(self, (), declined)
            except Exception:
                # The one function is named after the first reaction's line: the work is given
                # back and the loop below meets the same error in the failing reaction's own
                # code, so that it is said at that reaction's line.
                self.work = work
        opens = self.prog.instant_opens
        for seat in range(self.player_count):
            for k, is_open in opens:
                if is_open is None:
                    if next(self.reaction_offers(instants[k:k + 1], [], seat, True, k), None):
                        return True
                elif is_open(self, (), seat, declined, k):
                    return True
        return False

    def reaction_env(self, r, args, seat):
        env = [None] * r["size"]
        for slot, value in zip(r["slots"], list(args) + [seat]):
            env[slot] = value
        return env

    def resume_reaction(self, pending, index):
        frame = self.s["stack"][-1]
        aux = frame[3]
        choice = pending["values"][index]
        seat = pending["players"][0]
        aux["i"] += 1
        instant = aux["event"] is None
        if choice is None:
            if instant:
                self.s["declined"].extend([seat] + v for v in pending["values"] if v is not None)
            return
        aux["reacted"] = True
        aux["last"] = aux["i"] - 1       # the seats after it are asked after this reaction
        k, x = choice
        r = self.prog.reactions_to(aux["event"])[k]
        env = self.reaction_env(r, aux["args"], seat)
        if r["item_slot"] >= 0:
            env[r["item_slot"]] = x
        self.envs.append(env)
        try:
            self.push(r["proc"].block, len(self.envs) - 1, None)
        except BudgetExceeded as e:       # a reaction that sets off itself, over and over
            raise e.at(r["span"]) from None

    # ------------------------------------------------------------------ deciding
    def apply(self, index: int, seat: int, time):
        # A machine may be kept between decisions (api.State keeps one): what counts the rules'
        # running starts again at each answer, as in a new machine.
        s = self.s
        self.work = WORK_BUDGET
        self.skipped = self.steps = self.rounds_run = 0
        self.turns_from = s.get("turn_number", 0)
        self.zones_written = None
        if self.kinds_written:      # left by a run that failed: a run that pauses leaves it empty
            self.kinds_written.clear()
        pending = s["pending"]
        s["pending"] = None
        s["decisions"] += 1
        s["rolls"] = []
        if pending["kind"] == "reaction":
            self.resume_reaction(pending, index)
        else:
            self.prog.stmts[pending["stmt"]].resume(self, pending, index, seat, time)
        self.run()


def data_seat_problem(prog: Compiled, players: int):
    """A rule error if the data names a seat a game of `players` has not, where that seat's value
    is a side's (sides come after the seats): "Player 3" would silently be that side."""
    for kind, name, thing, v, span in prog.data_seats:
        per = prog.per_player_kinds.get(kind)
        if per and thing // per >= players:
            continue            # a thing of a seat not at the table: not in this game
        if players <= v < players + len(prog.sides):
            side = prog.sides[v - players]
            raise RuleError(f"The {kind} '{prog.kind_names[kind][thing]}' names Player {v + 1} in its field "
                            f"'{name}', who does not play in a game of {players}: there that seat would be taken "
                            f"for the side '{side}'. Play with {v + 1} players or more, or name only seats "
                            f"from 1 to {players} in the data.", span)


def new_state(prog: Compiled, players: int, seed: int, forced: list | None = None) -> dict:
    """A fresh game: initial values, then the machine runs setup up to the first decision.
    `forced` are random results (checked, in the game's words) that the setup uses first."""
    state = {
        "format": 1, "globals": [], "players": [[] for _ in range(players)], "fields": {},
        "stack": [], "envs": [], "pending": None, "rng": R.seed_state(seed),
        "current": 0, "turn_number": 0, "over": False, "reason": "", "decisions": 0, "log": [], "said": 0,
        "rolls": [], "forced": list(forced or []),
    }
    if prog.sides:
        state["sides"] = [[] for _ in prog.sides]     # a side's players' variables
        data_seat_problem(prog, players)
    if prog.option_values:
        # An option's value is compiled into the rules, so a state says which it was played
        # under: loaded into a game of other values, it would silently go on under those.
        state["options"] = dict(prog.option_values)
    if prog.variant:
        # So is the variant: a state loaded into the base game (or another variant) is refused,
        # and the refusal names the variant it was played with.
        state["variant"] = prog.variant
    if prog.instants:
        state["declined"] = []                       # [seat, reaction, item] offers declined
    m = Machine(prog, state)
    fields = state["fields"]
    for kind, entries in prog.dynamic.items():     # each in its place first: a save lists them so
        fields[kind] = dict.fromkeys(entries)
    # The things' own zones (empty) and the starts of one value for every thing are made first,
    # so a starting value worked out may read any of them; those worked out follow as declared
    # (the checker's E308 refuses one that reads itself or a later one).
    worked_out = []
    for kind, entries in prog.dynamic.items():
        zones = prog.thing_zones.get(kind, ())
        for name, (init, size) in entries.items():
            if (kind, name) in prog.fixed_starts:      # the same value for every thing: made once
                fields[kind][name] = [prog.fixed_starts[(kind, name)]] * prog.kinds[kind]
            elif name in zones:
                fields[kind][name] = [init(m, [None] * size) for _ in range(prog.kinds[kind])]
            else:
                worked_out.append((kind, name, init, size))
    m.fl = prog.field_lists(fields)
    numbers = prog.field_numbers
    for kind, name, init, size in worked_out:
        fields[kind][name] = values = [init(m, [None] * size) for _ in range(prog.kinds[kind])]
        if (kind, name) in numbers:      # read by number too: the later starts may read it
            m.fl[numbers[(kind, name)]] = values
    # A start that is a constant is made without a call (`Compiler.fixed_start`).
    for p, row in enumerate(m.pl):
        m.s["current"] = p
        for name, init, size, fixed in prog.player_init:
            row.append(fixed[0] if fixed else init(m, [None] * size))
    m.s["current"] = 0
    for name, init, size, fixed in prog.globals_init:
        state["globals"].append(fixed[0] if fixed else init(m, [None] * size))
    for (table, slot), (lo, hi, name) in prog.ranges.items():
        values = [state["globals"][slot]] if table == "g" else [pl[slot] for pl in m.pl]
        for v in values:
            if not lo <= v <= hi:
                raise RuleError(f"'{name}' must be from {lo} to {hi} but starts at {v}.",
                                prog.range_spans.get((table, slot)))
    state["envs"].append([])
    state["stack"].append([prog.root, 0, 0, None])
    m.ver[0] += 1        # values kept while the state was being made are dropped
    m.run()
    return state
