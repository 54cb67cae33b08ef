"""Checking a game state before it is trusted: what `Game.load_state` and a scenario's position get.

A state comes from outside (a save file, a program, a scenario's position), so it is checked
against the rulebook before the engine runs on it, by one function, `state_problem`:

- its shape: the fields, sizes and rule positions the rulebook's compiled program expects, and
  each loop in progress as the machine makes one (plain JSON only: every key a text); the variant
  and the options it was played with, which must be the game's;
- its values: each of the type its declaration gives, and within its declared range; the locals
  of the rules under way (`envs`) one list per rule on the frame stack, each local none or of the
  type the checker gave it;
- its things: each thing in at most one place among all the zones (the game's, the players'
  and the sides'), once, so nothing is duplicated;
- its pending decision: the decision the rules would ask in that position. The statement the
  rules are paused at is run again on a copy (with the random generator wound back by as many
  draws as it makes) and must ask the same players the same question with the same options; a
  secret choice's answers so far must be answers to those options.

The first problem found is returned as words that name the offending value ("the card
'Coconut Tree' is in 'deck' and in Player 2's 'hand'"), or "" when the state fits. This module
must not change the state it is given.
"""
from __future__ import annotations

import json
from pathlib import Path

from tabletop.dsl import types as T

from . import rng as R
from .compiler import Compiled
from .errors import RuleError

MAX_TIME = 3600.0    # the longest reaction time an answer may carry, in seconds


def state_problem(prog: Compiled, data, ask_again: bool = True) -> str:
    """Why `data` is not a state of the game `prog` could be in, naming the offending value, or "".

    With `ask_again` false the pending decision's options are not compared with what the rules
    would ask now: for a position whose values were just set on purpose, which is then asked
    again (`State.set_position`)."""
    try:
        return (_shape_problem(prog, data) or things_problem(prog, data)
                or (_asked_problem(prog, data) if ask_again and data.get("pending") is not None else ""))
    except RecursionError:
        return "it nests too deeply to be a state"


def _shown(v) -> str:
    """A value as the state holds it, short enough for a message."""
    try:
        text = json.dumps(v)
    except (TypeError, ValueError, RecursionError):
        text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _fits_value(prog: Compiled, v, t: str, seats) -> bool:
    """Does a saved value fit a declared type? `seats` are the player values the state may hold."""
    if t.startswith("list:"):
        return isinstance(v, list) and all(_fits_value(prog, x, t[5:], seats) for x in v)
    if v is None:
        return t.startswith(("thing:", "enum:")) or t in ("player", "any")
    if t == "int":
        return type(v) is int
    if t == "bool":
        return type(v) is bool
    if t == "text":
        return isinstance(v, str)
    if t == "player":
        return type(v) is int and v in seats
    if t.startswith("thing:"):
        return type(v) is int and 0 <= v < prog.kinds.get(t[6:], 0)
    if t.startswith("enum:"):
        return isinstance(v, str) and v in prog.enum_values.get(t[5:], ())
    return True


def _player_values(prog: Compiled, players: int) -> set:
    """The player values a state of `players` seats may hold: a seat at the table, a side, or a
    seat the rulebook's data names (`team: 4`), which a rule may copy though that seat is empty."""
    return set(range(players + len(prog.sides))) | {seat[3] for seat in prog.data_seats}


def _stray_seat(v, t: str, seats):
    """(the number, where in `v` it is) for the first number in `v` (of type `t`) that stands for a
    player and is none of `seats`: (3, "[1]") in a list; None when there is none."""
    if t.startswith("list:") and isinstance(v, list):
        for k, x in enumerate(v):
            found = _stray_seat(x, t[5:], seats)
            if found is not None:
                return found[0], f"[{k}]{found[1]}"
        return None
    return (v, "") if t == "player" and type(v) is int and v not in seats else None


def _misfit(prog: Compiled, what: str, v, t: str, seats, players: int, place: str) -> str:
    """Why `what` holding `v` does not fit its type `t`; a player not in the game is told with
    where the state's data holds it (in a save file, under its "state")."""
    found = _stray_seat(v, t, seats)
    if found is None:
        return f"{what} {_shown(v)}, which is not {T.a(t)}"
    seat, inside = found
    table = f"Player 1 to Player {players}" if players > 1 else "only Player 1"
    sides = "".join(f" and the side '{x}'" for x in prog.sides)
    shown = f"Player {seat + 1}" if seat >= 0 else "a seat numbered below 0"
    return (f"{what} {shown} ({seat}, at {place}{inside} in the state's data), and this game of {players} has "
            f"{table}{sides}")


def outside_range(prog: Compiled, data: dict) -> str:
    """The name of the game's variable (not a player's) whose value is outside its declared
    range, as `_values_problem` finds it first; "" when none is."""
    for (table, slot), (lo, hi, name) in prog.ranges.items():
        v = data["globals"][slot] if table == "g" and slot < len(data["globals"]) else None
        if type(v) is int and not lo <= v <= hi:
            return name
    return ""


def _values_problem(prog: Compiled, data: dict) -> str:
    n = len(data["players"])
    seats = _player_values(prog, n)
    for (table, slot), (lo, hi, name) in prog.ranges.items():
        rows = [(data["globals"], "")] if table == "g" else [(row, f"Player {p + 1}'s ") for p, row in enumerate(data["players"])]
        for row, whose in rows:
            v = row[slot] if slot < len(row) else None
            if type(v) is int and not lo <= v <= hi:
                return f"{whose}'{name}' is {v}, outside its range {lo} to {hi}"
    for i, (name, t, v) in enumerate(zip(prog.global_names, prog.global_types, data["globals"])):
        if not _fits_value(prog, v, t, seats):
            return _misfit(prog, f"the variable '{name}' holds", v, t, seats, n, f"globals[{i}]")
    for p, row in enumerate(data["players"] + data.get("sides", [])):
        whose = f"Player {p + 1}'s" if p < n else f"the side {prog.sides[p - n]}'s"
        where = f"players[{p}]" if p < n else f"sides[{p - n}]"
        for i, (name, t, v) in enumerate(zip(prog.player_names, prog.player_types, row)):
            if not _fits_value(prog, v, t, seats):
                return _misfit(prog, f"{whose} '{name}' holds", v, t, seats, n, f"{where}[{i}]")
    for kind, fields in prog.field_types.items():
        for name, t in fields.items():
            for i, v in enumerate(data["fields"][kind][name]):
                if not _fits_value(prog, v, t, seats):
                    return _misfit(prog, f"the {kind} '{prog.kind_names[kind][i]}' has '{name}'", v, t, seats, n,
                                   f"fields.{kind}.{name}[{i}]")
    return ""


def _pending_problem(prog: Compiled, data: dict, p: dict) -> str:
    """Is the pending decision one this rulebook can resume?"""
    from . import statements as S
    kinds = {"choose": S.Choose, "menu": S.Menu, "secret": S.Secret}
    if p.get("kind") == "reaction":
        aux = data["stack"][-1][3] if data["stack"] else None
        if not isinstance(aux, dict) or not (aux.get("event") is None or aux.get("event") in prog.reactions):
            return "its pending reaction has no event to resume"
        offered = prog.reactions_to(aux["event"])
        labels, values = p.get("labels"), p.get("values")
        if not isinstance(values, list) or not all(
                v is None or (isinstance(v, list) and len(v) == 2 and type(v[0]) is int and 0 <= v[0] < len(offered))
                for v in values):
            return "its pending reaction's options do not match the rulebook"
    elif p.get("kind") in kinds:
        if not isinstance(p.get("stmt"), int) or not 0 <= p["stmt"] < len(prog.stmts) \
                or not isinstance(prog.stmts[p["stmt"]], kinds[p["kind"]]):
            return "its pending decision does not match the rulebook"
        if not isinstance(p.get("env"), int) or not 0 <= p["env"] < len(data["envs"]):
            return "its pending decision refers to rule locals it does not have"
        if p["kind"] == "secret":
            by_l, by_v = p.get("by_seat_labels"), p.get("by_seat_values")
            if not isinstance(by_l, dict) or not isinstance(by_v, dict) or not isinstance(p.get("answers"), dict):
                return "its pending secret choice is malformed"
            for seat in p["players"]:
                ls, vs = by_l.get(str(seat)), by_v.get(str(seat))
                if not isinstance(ls, list) or not isinstance(vs, list) or len(ls) != len(vs) or not ls:
                    return "its pending secret choice has options that do not match"
            return ""
        labels, values = p.get("labels"), p.get("values")
    else:
        return "its pending decision is of an unknown kind"
    if not isinstance(labels, list) or not isinstance(values, list) or len(labels) != len(values) or not labels:
        return "its pending decision's options do not match their values"
    if not all(isinstance(x, str) for x in labels):
        return "its pending decision has an option that is not a text"
    if p["kind"] == "menu":
        n = len(prog.stmts[p["stmt"]].options)
        if not all(isinstance(v, list) and len(v) == 2 and type(v[0]) is int and 0 <= v[0] < n for v in values):
            return "its pending menu's options do not match the rulebook"
    return ""


# Every field a state may have (machine.new_state makes them; "sides", "declined", "options" and
# "variant" only for some rulebooks, "said", "rolls", "forced" and "options" missing from states saved by older versions,
# "ended_at" only in a game that an `end game` ended).
STATE_KEYS = frozenset({"format", "globals", "players", "fields", "stack", "envs", "pending", "rng", "current",
                        "turn_number", "over", "reason", "decisions", "log", "said", "rolls", "forced", "sides",
                        "declined", "options", "variant", "ended_at"})


def _shape_problem(prog: Compiled, data) -> str:
    """Why data does not have the shape of a state of this game, or a value does not fit, or ""."""
    if not isinstance(data, dict):
        return "it is not a JSON object"
    need = {"globals": list, "players": list, "fields": dict, "stack": list, "envs": list, "rng": int,
            "current": int, "turn_number": int, "over": bool, "reason": str, "decisions": int, "log": list}
    for k, t in need.items():
        if k not in data:
            return f"the field '{k}' is missing"
        if not isinstance(data[k], t) or (t is int and isinstance(data[k], bool)):
            return f"the field '{k}' should be a {t.__name__}"
    extra = sorted(set(data) - STATE_KEYS)
    if extra:
        return f"it has a field '{extra[0]}' that a state does not have"
    if data.get("format", 1) != 1:
        return f"its format is {_shown(data['format'])}, and this engine reads format 1"
    problem = variant_problem(prog, data) or _options_problem(prog, data)
    if problem:
        return problem
    if len(data["globals"]) != len(prog.globals_init):
        return f"it has {len(data['globals'])} variables where the rulebook has {len(prog.globals_init)}"
    n = len(data["players"])
    if not prog.min_players <= n <= prog.max_players:
        return f"it has {n} players"
    if not 0 <= data["current"] < n + len(prog.sides):
        return f"its current player, {data['current']}, is not a seat (0 to {n - 1})"
    if data["decisions"] < 0 or data["turn_number"] < 0:
        return "its count of decisions or turns is below 0"
    if not 0 <= data["rng"] < 1 << 64:
        return "its random generator's state is not a 64-bit number"
    if data["over"] and data.get("pending") is not None:
        return "it is over and still waits for a decision"
    if data["reason"] and not data["over"]:     # only the end of the game gives a reason
        return f"it gives the reason the game ended, {_shown(data['reason'])}, but the game is not over"
    if "ended_at" in data:
        if not data["over"]:
            return "it says where the game ended, but the game is not over"
        if not isinstance(data["ended_at"], str) or data["ended_at"] not in prog.endings:
            return f"it says the game ended at {_shown(data['ended_at'])}, which is no 'end game' line of the rulebook"
    if any(not isinstance(p, list) or len(p) != len(prog.player_init) for p in data["players"]):
        return "a player's variables do not match the rulebook"
    if prog.sides:
        sides = data.get("sides")
        if not isinstance(sides, list) or len(sides) != len(prog.sides) \
                or any(not isinstance(p, list) or len(p) != len(prog.player_init) for p in sides):
            return "its sides' variables do not match the rulebook"
    elif "sides" in data:
        return "it has sides, and the rulebook has none"
    if prog.instants:
        declined = data.get("declined")
        if not isinstance(declined, list) or not all(
                isinstance(d, list) and len(d) == 3 and type(d[0]) is int and 0 <= d[0] < n
                and type(d[1]) is int and 0 <= d[1] < len(prog.instants) for d in declined):
            return "its declined reactions do not match the rulebook"
    unknown = [k for k in data["fields"] if k not in prog.dynamic]    # carried along for ever, or not JSON (a number)
    if unknown:
        return f"its fields name {_shown(unknown[0])}, which is no kind of the rulebook's"
    for kind, fields in prog.dynamic.items():
        got = data["fields"].get(kind)
        if not isinstance(got, dict) or set(got) != set(fields):
            return f"the fields of '{kind}' do not match the rulebook"
        if any(not isinstance(v, list) or len(v) != prog.kinds[kind] for v in got.values()):
            return f"the fields of '{kind}' have the wrong number of things"
    for frame in data["stack"]:
        if not (isinstance(frame, list) and len(frame) == 4 and isinstance(frame[0], int)
                and 0 <= frame[0] < len(prog.blocks) and isinstance(frame[1], int)
                and 0 <= frame[1] <= len(prog.blocks[frame[0]].stmts) and isinstance(frame[2], int)
                and 0 <= frame[2] < max(len(data["envs"]), 1)):
            return "its rule positions do not match the rulebook"
        if _inside_a_run(prog.blocks[frame[0]].stmts, frame[1]):
            return "its rule positions do not match the rulebook (one is inside statements the rules run as one step)"
        kind = prog.blocks[frame[0]].kind
        aux = frame[3]
        if kind == "turns" and not (isinstance(aux, dict) and type(aux.get("seat")) is int
                                    and 0 <= aux["seat"] <= n and type(aux.get("leader")) is int
                                    and 0 <= aux["leader"] < n
                                    and (aux.get("last") is None or (type(aux["last"]) is int and 0 <= aux["last"] < n))
                                    and type(aux.get("again", False)) is bool):
            return "its turn order does not match the rulebook"
        if kind == "rounds" and not (aux is None or (isinstance(aux, dict) and set(aux) == {"leader"}
                                                     and type(aux["leader"]) is int and 0 <= aux["leader"] < n)):
            return "its rounds do not match the rulebook"
        if kind == "signal" and not (isinstance(aux, dict) and type(aux.get("i")) is int and 0 <= aux["i"] <= n
                                     and type(aux.get("reacted")) is bool and isinstance(aux.get("args"), list)
                                     and (aux.get("last") is None or (type(aux["last"]) is int and 0 <= aux["last"] < n))
                                     and (aux.get("event") is None or aux.get("event") in prog.reactions)
                                     and (aux.get("event") is not None or prog.instants)):
            return "its reactions in progress do not match the rulebook"
        if not _loop_fits(kind, aux):
            return "its loops in progress do not match the rulebook"
    problem = _locals_problem(prog, data) or _values_problem(prog, data)
    if problem:
        return problem
    if not all(isinstance(line, str) for line in data["log"]):
        return "its log holds something that is not a text"
    rolls = data.get("rolls", [])
    if not isinstance(rolls, list) or len(rolls) % 2 or not all(isinstance(d, str) for d in rolls[0::2]):
        return "its dice rolled are not a list of die names and faces"
    if not isinstance(data.get("forced", []), list) or not all(
            isinstance(f, dict) and len(set(f) & {"roll", "pick", "shuffle"}) == 1 for f in data.get("forced", [])):
        return "its forced results are malformed"
    if "said" in data and (type(data["said"]) is not int or data["said"] < len(data["log"])):
        return "its count of lines said does not fit its log"
    p = data.get("pending")
    if p is not None:
        if not isinstance(p, dict) or "kind" not in p or "players" not in p:
            return "its pending decision is malformed"
        if not isinstance(p["players"], list) or not p["players"] \
                or not all(type(s) is int and 0 <= s < n for s in p["players"]):
            return "its pending decision names unknown players"
        if not isinstance(p.get("prompt"), str):
            return "its pending decision has no prompt"
        problem = _pending_problem(prog, data, p)
        if problem:
            return problem
    elif not data["over"]:
        return "the game is neither over nor waiting for a decision"
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError):
        return "it holds values that are not plain JSON"
    if json.loads(text) != data:     # a key that is not a text, which JSON writes as one
        return "it holds a key that is not a text, which is not plain JSON"
    return ""


def variant_problem(prog: Compiled, data: dict) -> str:
    """A state played with another variant than the game's (or with one, into the base game, or
    without one, into a variant), naming the variant it was played with and how to load the
    game with it; "" when they agree."""
    saved = data.get("variant")
    if saved is not None and not (isinstance(saved, str) and saved.replace("_", "a").replace("-", "a").isalnum()):
        return f"its variant is {_shown(saved)}, which is not a variant's name"
    if saved == prog.variant:
        return ""
    if saved is None:
        return (f"it was played without a variant, and this game was loaded with the variant '{prog.variant}' "
                "(load the game without a variant to go on: at the command line, without --variant)")
    now = f"with the variant '{prog.variant}'" if prog.variant else "without a variant"
    return (f"it was played with the variant '{saved}', and this game was loaded {now} (load the game with "
            f"variant='{saved}' to go on: at the command line, --variant {saved})")


def _options_problem(prog: Compiled, data: dict) -> str:
    """The options a state was played under must be the game's: their values are compiled into
    the rules, so a state of `difficulty` elite loaded into a game of newbie would go on as newbie.
    A state without them (saved before states recorded them) is taken as it was before."""
    if "options" not in data:
        return ""
    saved = data["options"]
    if not isinstance(saved, dict):
        return "its options are not a table of option names and values"
    def said(v):
        return f"'{v}'" if isinstance(v, str) and len(v) <= 40 else _shown(v)
    for name in saved:
        if name not in prog.option_values:
            return f"it was played with the option {said(name)}, which the rulebook does not have"
    for name, value in prog.option_values.items():
        if name not in saved:
            return f"it does not say which value of the option '{name}' it was played with"
        if saved[name] != value:
            return (f"it was played with the option {name} {said(saved[name])}, and this game was loaded with "
                    f"{name} {said(value)} (load the game with {name} {said(saved[name])} to go on)")
    return ""


def _loop_fits(kind: str, aux) -> bool:
    """Whether a frame's loop state has the shape the machine gives a block of this kind: a `for`'s
    items and the index of the one under way, a `repeat`'s count and the round under way (from 1),
    a secret choice's rows of answers and the one under way, and nothing for a block that is no
    loop (the machine would ignore it, or fail on it in play as a value of the wrong kind)."""
    if kind in ("seq", "proc", "while"):
        return aux is None
    if kind not in ("for", "repeat", "secret"):      # turns, rounds and reactions: checked above
        return True
    if not (isinstance(aux, list) and len(aux) == 2 and type(aux[1]) is int):
        return False
    if kind == "repeat":
        return type(aux[0]) is int and 1 <= aux[1] <= aux[0]
    return isinstance(aux[0], list) and 0 <= aux[1] < len(aux[0])


def procs_by_block(prog: Compiled) -> dict:
    """Every rule, section and reaction by the block its frame runs."""
    procs = {p.block: p for p in prog.procs.values()}
    for r in [*prog.instants, *(r for rs in prog.reactions.values() for r in rs)]:
        procs[r["proc"].block] = r["proc"]
    return procs


def _locals_problem(prog: Compiled, data: dict) -> str:
    """The values of the rules under way (`envs`), as the machine keeps them: the game's own first,
    then one list per rule, section or reaction on the frame stack, in its order, each frame using
    its rule's; each as long as its rule has locals, and each local none (not set yet) or a value
    of the type the rulebook gives it. A state saved under another version of the rulebook, or
    edited, would otherwise read a wrong value in play, and fail far from its cause."""
    envs, stack, blocks = data["envs"], data["stack"], prog.blocks
    if not stack:
        return "" if not envs else "it holds the values of rules under way, and no rule is under way"
    procs, seats, n = procs_by_block(prog), _player_values(prog, len(data["players"])), len(data["players"])
    at = 0
    for depth, frame in enumerate(stack):
        block = blocks[frame[0]]
        if block.kind == "proc":
            at += 1
        if frame[2] != at:
            return (f"its rule positions do not match the rulebook (the {block.owner}, frame {depth} of its stack, "
                    f"uses the values envs[{frame[2]}], where the machine would give it envs[{at}])")
        proc = procs.get(frame[0]) if block.kind == "proc" else None
        if proc is None:
            continue
        env = envs[at] if at < len(envs) else None
        if not isinstance(env, list) or len(env) != proc.size:
            held = f"{len(env)} value{'s' * (len(env) != 1)}" if isinstance(env, list) else _shown(env)
            return (f"its rule positions do not match the rulebook (the {block.owner} under way has "
                    f"{proc.size} local{'s' * (proc.size != 1)}, and envs[{at}] holds {held})")
        for slot, ((name, t), v) in enumerate(zip(proc.locals, env)):
            if v is not None and not _fits_value(prog, v, t, seats):
                line = f" ({Path(proc.span.file).name} line {proc.span.line})" if proc.span else ""
                return _misfit(prog, f"the {block.owner}{line}, under way, has its local '{name}' "
                                     f"(envs[{at}][{slot}]) holding", v, t, seats, n, f"envs[{at}][{slot}]")
    if len(envs) != at + 1 or not isinstance(envs[0], list):
        return (f"it holds {len(envs)} lists of rules' values (envs), where the {at} rules under way and the "
                f"game's own need {at + 1}")
    return ""


def _inside_a_run(stmts: list, at: int) -> bool:
    """Whether position `at` is inside a run of statements fused into one step (`fusion.py`): the
    rules never pause there, so a state saved under another version of the rulebook may point
    there, and resuming it would run the run's statements from the middle."""
    from .fusion import Skipped
    return at < len(stmts) and isinstance(stmts[at], Skipped)


# ---------------------------------------------------------------------------- things in zones
def _zone_rows(prog: Compiled, data: dict):
    """(where, zone) for every zone of the state, a numbered zone's zones one by one; `where`
    says whose zone it is, for messages."""
    n = len(data["players"])
    for table, slot in sorted(prog.zones):
        if table == "g":
            rows = [("", data["globals"])]
            name = prog.global_names[slot]
        else:
            rows = [(f"Player {p + 1}'s " if p < n else f"the side {prog.sides[p - n]}'s ", row)
                    for p, row in enumerate(data["players"] + data.get("sides", []))]
            name = prog.player_names[slot]
        kind = (prog.global_types if table == "g" else prog.player_types)[slot]
        numbered = kind.startswith("list:list:")
        for whose, row in rows:
            zone = row[slot]
            if numbered:
                for k, part in enumerate(zone):
                    yield f"{whose}'{name}[{k}]'", part, kind[10:]
            else:
                yield f"{whose}'{name}'", zone, kind[5:]


def things_in_one_place(prog: Compiled, data: dict, kinds=None) -> bool:
    """The quick form of `things_problem() == ""`, for play: each kind's things gathered from all
    its zones into one list, then counted once as a set and once as the list (both in C); only
    the `kinds` given, if given. The slow form is only for the message."""
    g = data["globals"]
    rows = data["players"]
    sides = data.get("sides")
    if sides:
        rows = rows + sides
    for kind, lists, numbered, row_lists, row_numbered in prog.thing_places:
        if kinds is not None and kind not in kinds:
            continue
        things = []
        for slot in lists:
            things += g[slot]
        for slot in numbered:
            for zone in g[slot]:
                things += zone
        if row_lists or row_numbered:
            for row in rows:
                for slot in row_lists:
                    things += row[slot]
                for slot in row_numbered:
                    for zone in row[slot]:
                        things += zone
        seen = set(things)
        if len(seen) != len(things) or None in seen:
            return False
    return True


def things_problem(prog: Compiled, data: dict) -> str:
    """Each thing may be in one zone, once: a duplicated card is a forged state (and, during
    play, a rule that put a thing in a second place: `statements._in_one_place`)."""
    seen: dict = {}
    for where, zone, t in _zone_rows(prog, data):
        if not t.startswith("thing:"):
            continue
        kind = t[6:]
        for x in zone:
            if x is None:
                return f"{where} holds none, where only things are kept"
            key = (kind, x)
            if key in seen:
                thing = f"the {kind} '{prog.kind_names[kind][x]}'"
                other = seen[key]
                if other == where:
                    return f"{thing} is in {where} twice"
                return f"{thing} is in {other} and in {where}"
            seen[key] = where
    return ""


# ---------------------------------------------------------------------------- the decision asked
_INVERSE_GOLDEN = pow(R.GOLDEN, -1, 1 << 64)     # how many draws took the generator from one state to another


def _asked_problem(prog: Compiled, data: dict) -> str:
    """The pending decision must be the one the paused rules ask in this position."""
    from .machine import Machine
    from .statements import Secret

    p = data["pending"]
    if p["kind"] != "reaction":
        frame = data["stack"][-1] if data["stack"] else None
        stmts = prog.blocks[frame[0]].stmts if frame else []
        if not frame or not 0 < frame[1] <= len(stmts) or stmts[frame[1] - 1] is not prog.stmts[p["stmt"]] \
                or frame[2] != p["env"]:
            return "its pending decision is not the one its rules are paused at"
    # Run the statement again on a copy. It may draw random numbers (a shuffled list of options,
    # a roll in an option's condition): the generator is wound back by the draws it makes, until
    # the run ends where the state's does. A run from a generator not yet wound back may fail
    # (every roll too low, so nothing to choose from): only the run from the right start counts.
    start, asked, error = data["rng"], None, None
    for _ in range(4):
        copy = json.loads(json.dumps(data))
        copy["rng"], copy["forced"] = start, []
        copy["pending"] = None
        if p["kind"] != "reaction":
            copy["stack"][-1][1] -= 1
        try:
            Machine(prog, copy).run()
            error = None
        except RuleError as e:
            error = e
        asked = copy["pending"]
        if copy["rng"] == data["rng"]:
            break
        draws = ((copy["rng"] - start) * _INVERSE_GOLDEN) & R.MASK
        start = (data["rng"] - draws * R.GOLDEN) & R.MASK
    if error is not None:
        return f"its rules would not ask this decision here ({error})"
    if asked is None:
        return "its rules would not ask any decision here"
    if p["kind"] == "secret" and isinstance(prog.stmts[p["stmt"]], Secret):
        return _secret_asked_problem(p, asked)
    if _plain(asked) != _plain(p):
        return _difference(p, asked)
    return ""


def _plain(x):
    return json.loads(json.dumps(x))


def _difference(p: dict, asked: dict) -> str:
    """What differs between a saved pending decision and the one the rules ask, in words."""
    if p.get("players") != asked.get("players"):
        return (f"its pending decision asks {_seats(p.get('players'))}, where the rules ask "
                f"{_seats(asked.get('players'))}")
    offers = [("its pending decision", p.get("labels"), asked.get("labels"))]
    by_seat, real_by_seat = p.get("by_seat_labels"), asked.get("by_seat_labels")
    if isinstance(by_seat, dict) and isinstance(real_by_seat, dict):
        offers += [(f"its secret choice for Player {int(k) + 1}" if k.isdigit() else "its secret choice",
                    by_seat.get(k), real_by_seat.get(k)) for k in sorted(set(by_seat) | set(real_by_seat))]
    for what, labels, real in offers:
        labels, real = labels if isinstance(labels, list) else [], real if isinstance(real, list) else []
        extra = [x for x in labels if x not in real]
        if extra:
            return f"{what} offers {_shown(extra[0])}, which the rules do not offer here"
        missing = [x for x in real if x not in labels]
        if missing:
            return f"{what} lacks the option {_shown(missing[0])}, which the rules offer here"
    for key in sorted(set(p) | set(asked)):
        if _plain(p.get(key)) != _plain(asked.get(key)):
            return f"its pending decision's {key} is {_shown(p.get(key))}, where the rules have {_shown(asked.get(key))}"
    return "its pending decision is not the one the rules ask here"


def _seats(players) -> str:
    if not isinstance(players, list):
        return _shown(players)
    return " and ".join(f"Player {s + 1}" if type(s) is int else _shown(s) for s in players) or "nobody"


def _secret_asked_problem(p: dict, asked: dict) -> str:
    """A secret choice: the options per seat as the rules ask them, and the answers so far among them."""
    same = {k: v for k, v in p.items() if k not in ("players", "answers")}
    if _plain(same) != _plain({k: v for k, v in asked.items() if k not in ("players", "answers")}):
        return _difference(same, {k: v for k, v in asked.items() if k not in ("players", "answers")})
    answers, order = p["answers"], asked["order"]
    for key, answer in answers.items():
        labels = asked["by_seat_labels"].get(key)
        if labels is None:
            return f"its secret choice has an answer from {_shown(key)}, who is not asked"
        if not (isinstance(answer, list) and len(answer) == 2 and type(answer[0]) is int
                and 0 <= answer[0] < len(labels)):
            return f"its secret choice has the answer {_shown(answer)}, which is not one of the options"
        t = answer[1]
        if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 <= t <= MAX_TIME):
            return f"its secret choice has the reaction time {_shown(t)}, which is not from 0 to {MAX_TIME:g} seconds"
    waiting = [s for s in order if str(s) not in answers]
    if p["players"] != waiting:
        return f"its secret choice waits for {_seats(p['players'])}, where the answers so far leave {_seats(waiting)}"
    return ""
