"""One world a seat could believe in: a state's hidden things dealt again, as that seat cannot tell.

A bot that looks ahead must not look at what its seat may not see (another's hand, the order of
a deck) nor at the dice to come (the generator in the state). `believed` takes a copy of a state and deals the things in every place hidden from the seat again at random among those same
places (each place keeps how many it holds, and each thing stays a thing of its kind; a face-up
pile's top, `top public`, is seen and stays, only the things under it are dealt again), draws the
other seats' secret answers given so far again, and gives the copy a new generator. What the seat
sees is the same in the copy as in the state: `view_of(copy, seat)` equals `view_of(state, seat)`.

Things the paused rules' locals, the stack or the pending decision may name stay where they are
(a local holding "the card just drawn" would otherwise name a card now elsewhere). Such values are
told apart only by being whole numbers, so a few things may stay put that could have moved: the
world is then a little less random, never one the rules could not reach. That is the one thing of
what is hidden a world keeps: where a thing the rules are holding lies. Everything else hidden is
dealt from the things alone, sorted, never from where they lie, so two states a seat cannot tell
apart give it the same worlds.

This module changes only the copy it is given, and must not use the global `random`.
"""
from __future__ import annotations

from .compiler import Compiled
from . import rng as R
from .view import unseen_from


def _thing_kind(t: str, numbered: bool) -> str | None:
    """The kind of thing a zone of type `t` holds ("list:thing:card" -> "card"), or None."""
    if numbered and t.startswith("list:"):
        t = t[len("list:"):]
    return t[len("list:thing:"):] if t.startswith("list:thing:") else None


def _places(prog: Compiled, data: dict, seat: int | None) -> dict:
    """The hidden places, by kind of thing: a list of (zone, index in it) for each thing the
    seat cannot see where it lies, in the same order as view.py redacts them."""
    places: dict = {}

    def zone_places(zone, kind, numbered, seen_owner=None, under=0):
        """`under` 1 for a face-up pile: its top (index 0) is seen, the things under it are not."""
        if kind is None:
            return
        owners = prog.static.get(kind, {}).get("owner") if seen_owner is not None else None
        for z in (zone if numbered else [zone]):
            for i, x in enumerate(z[under:] if under else z, under):
                if owners is None or owners[x] != seen_owner:
                    places.setdefault(kind, []).append((z, i))

    for v, (vis, numbered), t in zip(data["globals"], prog.global_vis, prog.global_types):
        if vis == "owner" and seat is not None:       # each seat sees its own things of it
            zone_places(v, _thing_kind(t, numbered), numbered, seen_owner=seat)
        elif (under := unseen_from(prog, data, vis, None, seat)) is not None:
            zone_places(v, _thing_kind(t, numbered), numbered, under=under)
    rows = list(enumerate(data["players"])) + [(-1, row) for row in data.get("sides", [])]
    for p, row in rows:
        for v, (vis, numbered), t in zip(row, prog.player_vis, prog.player_types):
            if (under := unseen_from(prog, data, vis, p, seat, row)) is not None:
                zone_places(v, _thing_kind(t, numbered), numbered, under=under)
    for kind, zones in prog.thing_zones.items():
        owners = prog.static[kind].get("owner")
        for z, vis in zones.items():
            if vis == "public":
                continue
            t = prog.field_types[kind][z]
            for i, v in enumerate(data["fields"][kind][z]):
                if (under := unseen_from(prog, data, vis, owners[i] if owners else None, seat)) is not None:
                    zone_places(v, _thing_kind(t, False), False, under=under)
    return places


def _named_by_rules(data: dict) -> set:
    """Every whole number the paused rules hold where a thing can be: their locals, what a loop or
    an event carries (a frame's last part), the pending decision's values and the items of declined
    offers. Any of them may name a thing, which must then stay where it is. (A frame's block, step
    and locals' index, and who is asked, are never things.)"""
    pending = data.get("pending") or {}
    todo = [data["envs"], [frame[3] for frame in data["stack"]], pending.get("values"),
            pending.get("by_seat_values"), [x[2:] for x in data.get("declined") or ()]]
    found = set()
    while todo:
        x = todo.pop()
        if type(x) is int:
            found.add(x)
        elif isinstance(x, list):
            todo.extend(x)
        elif isinstance(x, dict):
            todo.extend(x.values())
    return found


def believed(prog: Compiled, out: dict, seat: int | None, generator: int) -> tuple[dict, int]:
    """The plain-data state `out` (a copy: it is changed) made as `seat` might believe it to be
    (see the module's docstring), dealt from the generator state `generator`; and the generator
    state after."""
    pinned = _named_by_rules(out)
    for kind, spots in _places(prog, out, seat).items():
        free = [(z, i) for z, i in spots if z[i] not in pinned]
        things = sorted(z[i] for z, i in free)     # as the seat knows them: which, not where
        generator = R.shuffle(generator, things)
        for (z, i), x in zip(free, things):
            z[i] = x
    pending = out.get("pending")
    if pending is not None and pending.get("answers"):
        for who, answer in pending["answers"].items():      # other seats' secret answers
            if who != str(seat):
                generator, answer[0] = R.below(generator, len(pending["by_seat_labels"][who]))
    generator, fresh = R.next_u64(generator)
    out["rng"] = R.seed_state(fresh)          # the dice to come: not the game's own
    out["forced"] = []
    return out, generator
