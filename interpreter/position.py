"""Setting a position by name: variables, zones, players' values, things' fields and whose turn
it is, written in the game's words, applied to a state's plain data.

A change names what it sets the way the rulebook does: `water_level`, `discard[0]`, a player
(`Player 2: {lineup: [...]}`), a kind (`space: {Dark Pit: {flood: flooded}}`, `every` for all of
its things), `current` or `leader` (who leads the round under way). Things that zones hold
(cards) are never copied: a zone set to some cards gets those cards from where they are. Each
named card is, in order of preference, one already in that place, one that the same change
takes out of another place it sets, one in no place at all, or one from the kind's *rest* zone
(the supply, say the deck). Cards a change takes out of a place and does not put anywhere go to
the rest zone; with no rest zone named for that kind the change is refused, so a position never
loses or duplicates a card.

`apply_changes` edits the data it is given; the API (`State.set_position`) gives it a copy,
validates the result like a loaded state and asks the pending decision again. This module must
not run the rules or know any game.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
import dataclasses
from dataclasses import dataclass, field
from typing import Callable

from tabletop.dsl.diagnostics import did_you_mean, ended

from . import words as W
from .statements import TakeTurns

EVERY = "every"
_INDEXED = re.compile(r"^(\w+)\[(\d{1,9})\]$")


class PositionError(ValueError):
    """A position that cannot be set; the message names the value and what is wrong. `keys` is
    where in the changes it is written, when known: ("pile",) or ("Player 1", "lineup"). `unknown`
    is a name the game does not have, when that is what is wrong: ("variable", name) (a variable,
    zone or kind), ("player value", name) or ("field", kind, name). `stage` says which check of
    `State.set_position` refused it, after the changes were made: "position" (not a possible
    state: `outside` is then the game's variable left outside its range, if that is why),
    "restart" (the turn cannot start again) or "rules" (the rules fail from it); "" before."""
    keys: tuple = ()
    unknown: tuple = ()
    stage: str = ""
    outside: str = ""


@dataclass
class Place:
    """One place that holds things of a kind: a zone, or a thing's field (a board space's card).
    A variable that holds a thing only refers to it (`var chosen: card`): it is no place."""
    name: str                      # in words, for messages: "deck", "Player 1's lineup"
    kind: str
    single: bool                   # holds at most one thing (a variable or field of type thing)
    get: Callable                  # data -> list of things
    put: Callable                  # (data, list of things) -> None
    keys: tuple = field(default=(), compare=False)    # where a scenario wrote it, when not from its name
    seat: int | None = field(default=None, compare=False)    # whose place it is (1 for Player 1's), if a seat's


def held_kinds(prog) -> set:
    """Kinds whose things zones hold (cards), as opposed to things only referred to (spaces)."""
    out = set()
    for table, types in (("g", prog.global_types), ("p", prog.player_types)):
        for slot, t in enumerate(types):
            if (table, slot) in prog.zones:
                out.add(t.split("thing:", 1)[1] if "thing:" in t else None)
    out.discard(None)
    for owner, zones in prog.thing_zones.items():      # a zone inside a kind (a tile's battlers)
        for name in zones:
            out.add(prog.field_types[owner][name].split("thing:", 1)[1])
    return out


def places(prog, data: dict, kinds: set) -> list[Place]:
    """Every place that holds things of the given kinds, in declaration order."""
    out = []

    def add_slot(label, t, getter, setter, seat=None):
        elem = t
        while elem.startswith("list:"):
            elem = elem[5:]
        if not elem.startswith("thing:") or elem[6:] not in kinds:
            return
        kind = elem[6:]
        if t.startswith("list:list:"):
            for k in range(len(getter(data) or [])):
                out.append(Place(f"{label}[{k}]", kind, False, lambda d, k=k: getter(d)[k],
                                 lambda d, xs, k=k: getter(d).__setitem__(k, list(xs))))
        elif t.startswith("list:"):
            out.append(Place(label, kind, False, getter, lambda d, xs: setter(d, list(xs)), seat=seat))
        else:
            out.append(Place(label, kind, True, lambda d: [] if getter(d) is None else [getter(d)],
                             lambda d, xs: setter(d, xs[0] if xs else None)))

    for slot, (name, t) in enumerate(zip(prog.global_names, prog.global_types)):
        if ("g", slot) in prog.zones:      # a variable only refers to things; zones hold them
            add_slot(name, t, lambda d, s=slot: d["globals"][s],
                     lambda d, v, s=slot: d["globals"].__setitem__(s, v))
    seats = len(data["players"])
    # Each seat's row, then each side's (a side has the players' zones), named as positions name them.
    rows = [("players", r, f"Player {r + 1}") for r in range(seats)]
    rows += [("sides", r, W.show(prog, "player", seats + r, seats)) for r in range(len(data.get("sides", [])))]
    for table, r, who in rows:
        for slot, (name, t) in enumerate(zip(prog.player_names, prog.player_types)):
            if ("p", slot) not in prog.zones:
                continue
            add_slot(f"{who}'s {name}", t, lambda d, tb=table, r=r, s=slot: d[tb][r][s],
                     lambda d, v, tb=table, r=r, s=slot: d[tb][r].__setitem__(s, v),
                     r + 1 if table == "players" else None)
    for owner, fields in prog.field_types.items():
        for fname, t in fields.items():
            if t.replace("list:", "", 1).startswith("thing:") and t.rsplit("thing:", 1)[1] in kinds:
                for i, thing in enumerate(prog.kind_names[owner]):
                    add_slot(f"{owner} '{thing}' {fname}", t, lambda d, o=owner, f=fname, i=i: d["fields"][o][f][i],
                             lambda d, v, o=owner, f=fname, i=i: d["fields"][o][f].__setitem__(i, v))
    return out


# ---------------------------------------------------------------------------- reading a change
@dataclass
class _Direct:
    """A value set as it is (no things that zones hold): where, its type, the words."""
    name: str
    t: str
    words: object
    put: Callable
    keys: tuple = ()        # where a scenario wrote it (PositionError.keys)


def _err_at(place: Place, problem: str) -> PositionError:
    """The error of a place, knowing where a scenario writes it: "Player 1's hand" is the key
    `hand` under `Player 1`, "pile[2]" the key `pile[2]` (or `pile`)."""
    e = _err(place.name, problem)
    who, _, zone = place.name.partition("'s ")
    e.keys = place.keys or ((who, zone) if zone else (place.name,))
    return e


def _err(where: str, problem: str) -> PositionError:
    return PositionError(f"{where}: {problem}" + ("" if problem.endswith(("?", ".", "!")) else "."))


def _global_target(prog, data, key: str):
    """(name, slot, index or None) for `name` or `name[k]`, or None."""
    m = _INDEXED.match(key)
    name, k = (m.group(1), int(m.group(2))) if m else (key, None)
    if name not in prog.global_names:
        return None
    return name, prog.global_names.index(name), k


def _parse(prog, data, changes: dict, held: set):
    """Split the changes into direct values, places to fill with named things, the current player
    and the round's leader."""
    players = len(data["players"])
    directs, targets, current, leader = [], [], None, None
    place_by_name = {p.name: p for p in places(prog, data, held)}

    def slot_change(label, t, words, put, numbered_len, zone: bool):
        """One variable or zone (or one zone of a numbered zone) set to `words`. A zone's things
        are moved into it; a variable that holds things only refers to them, wherever they are."""
        elem = t.replace("list:", "")
        if zone and elem.startswith("thing:") and elem[6:] in held:
            if t.startswith("list:list:"):
                # Fewer lists than zones leave the last zones empty (a 2-player game's unused pile).
                if not isinstance(words, list) or len(words) > numbered_len or \
                        not all(isinstance(ws, list) or W.is_none(ws) for ws in words):
                    raise _err(label, f"give its {numbered_len} zones as a list of lists, at most {numbered_len} "
                                      f"(those not listed are empty), or one zone as '{label}[0]: [...]'")
                for k in range(numbered_len):
                    targets.append((place_by_name[f"{label}[{k}]"], words[k] if k < len(words) else []))
                return
            if not t.startswith("list:"):      # one thing, or none
                words = [] if W.is_none(words) else [words]
            targets.append((place_by_name[label], words))
            return
        directs.append(_Direct(label, t, words, put))

    for raw, value in changes.items():
        with _written_at(raw, directs):
            key = str(raw)
            if key == "current":
                current = _read(prog, "player", value, players, "current")
                if current is None or current >= players:
                    raise _err("current", f"{W.quote(value)} is not a seat at the table (Player 1 to Player {players})")
                continue
            if key == "leader" and key not in prog.global_names:
                leader = _read(prog, "player", value, players, "leader")
                if leader is None or leader >= players:
                    raise _err("leader", f"{W.quote(value)} is not a seat at the table (Player 1 to Player {players})")
                continue
            if key == "turn_number":
                if type(value) is not int or value < 0:     # turns are counted from 0, before the first
                    raise _err("turn_number", f"turns are counted 0, 1, 2, ..., so not {W.quote(value)}")
                directs.append(_Direct("turn_number", "int", value, lambda d, v: d.__setitem__("turn_number", v)))
                continue
            m = W._PLAYER.match(key)
            if m or key in prog.sides:
                # A side (the volcano) has the players' values, in its own row after the seats'.
                seat = int(m.group(1)) - 1 if m else players + prog.sides.index(key)
                if m and not 0 <= seat < players:          # Player N names a seat, never a side
                    raise _err(key, f"this game has Player 1 to Player {players}")
                if not isinstance(value, dict):
                    raise _err(key, "give a player's values as a mapping, e.g. {lineup: [...]}")
                for name, words in value.items():
                    with _written_at(name, directs):
                        label = f"{W.show(prog, 'player', seat, players)}'s {name}"
                        rows = data["players"] if seat < players else data["sides"]
                        r = seat if seat < players else seat - players
                        mm = _INDEXED.match(str(name))
                        base, k = (mm.group(1), int(mm.group(2))) if mm else (str(name), None)
                        if base not in prog.player_names:
                            e = _err(label, f"this game has no player value '{base}'; "
                                     + W.player_value_hint(prog, base, setting=True))
                            e.unknown = ("player value", base)
                            raise e
                        slot = prog.player_names.index(base)
                        t = prog.player_types[slot]
                        table = "players" if seat < players else "sides"
                        row = rows[r]
                        zone = ("p", slot) in prog.zones
                        if k is not None:
                            _numbered_index(label, t, row[slot], k)
                            slot_change(label, t[5:], words,
                                        lambda d, v, s=r, sl=slot, k=k, tb=table: d[tb][s][sl].__setitem__(k, v), 0, zone)
                        else:
                            slot_change(label, t, words, lambda d, v, s=r, sl=slot, tb=table: d[tb][s].__setitem__(sl, v),
                                        len(row[slot]) if t.startswith("list:list:") else 0, zone)
                continue
            if key in prog.kinds:
                _thing_fields(prog, data, key, value, held, directs, targets, place_by_name, players)
                continue
            g = _global_target(prog, data, key)
            if g is None and key in prog.define_types:
                raise _err(key, f"'{key}' is a definition, worked out from the game each time it is used, so it "
                                "cannot be set; set the values it reads instead")
            if g is None and key in prog.dice:
                raise _err(key, f"'{key}' is a die, rolled afresh at each roll, so a position cannot set it; to fix "
                                f"what it rolls, write a step 'force: [...]' with its faces, in the order they are rolled")
            if g is None and key in getattr(prog, "table_names", ()):
                raise _err(key, f"'{key}' is a table, written in the rulebook, so a position cannot set it; set the "
                                "variable it is looked up by instead")
            if g is None and key in prog.options:
                raise _err(key, f"'{key}' is an option of the game, chosen before it starts; write it as the case's "
                                f"'options: {{{key}: {prog.options[key]['default']}}}', not in a 'set'")
            if g is None:
                hint = W.name_hint(prog, key, ["current"])
                e = _err(key, "this game has no variable, zone or kind of that name, and it is not a player "
                         "('Player 2') or 'current'" + (f"; {hint}" if hint else ""))
                e.unknown = ("variable", str(key))
                raise e
            name, slot, k = g
            t = prog.global_types[slot]
            zone = ("g", slot) in prog.zones
            if k is not None:
                _numbered_index(key, t, data["globals"][slot], k)
                slot_change(key, t[5:], value, lambda d, v, s=slot, k=k: d["globals"][s].__setitem__(k, v), 0, zone)
            else:
                slot_change(key, t, value, lambda d, v, s=slot: d["globals"].__setitem__(s, v),
                            len(data["globals"][slot]) if t.startswith("list:list:") else 0, zone)
    return directs, targets, current, leader


@contextmanager
def _written_at(key, directs: list):
    """Where the changes inside were written, under `key`: on an error raised there, and on each
    value they set directly (told when it is read; `PositionError.keys`)."""
    before = len(directs)
    try:
        yield
    except PositionError as e:
        e.keys = (key, *e.keys)
        raise
    finally:
        for d in directs[before:]:
            d.keys = (key, *d.keys)


def _numbered_index(label, t, value, k):
    if not t.startswith("list:list:"):
        raise _err(label, "only a numbered zone (zone NAME[N]) is indexed like this")
    if not 0 <= k < len(value):
        raise _err(label, f"the zones are numbered 0 to {len(value) - 1}")


def _placed(place, kind, written, fname):
    """A thing's field or own zone, keyed by where it is written ({tile: {B2: {battlers: [...]}}}),
    so that a name that cannot be placed there is told at its line."""
    return dataclasses.replace(place, keys=(kind, written, fname))


def _thing_fields(prog, data, kind, value, held, directs, targets, place_by_name, players):
    if not isinstance(value, dict):
        raise _err(kind, "give things' fields as a mapping, e.g. {THING: {FIELD: VALUE}}")
    fields = prog.field_types.get(kind, {})
    per_thing = {}
    for thing_words, changes in value.items():
        label = f"{kind} {W.quote(thing_words)}"
        if not isinstance(changes, dict):
            e = _err(label, f"give its fields as a mapping, e.g. {W.fields_example(prog, kind)}")
            e.keys = (thing_words,)         # told at the thing, not at the kind's key
            raise e
        if thing_words == EVERY:
            continue
        found = W.thing_candidates(prog, kind, thing_words, players)
        if len(found) != 1:
            problem = (f"{len(found)} {kind}s are called {W.quote(thing_words)}; name one as '{thing_words} #1'"
                       if found else str(W._unknown_thing(prog, kind, thing_words, players)))
            e = _err(label, problem)
            e.keys = (thing_words,)
            raise e
        per_thing.setdefault(found[0], {}).update({f: (thing_words, w) for f, w in changes.items()})
    every = {f: (EVERY, w) for f, w in value.get(EVERY, {}).items()}
    for i in (i for i in range(prog.kinds[kind]) if W.in_game(prog, kind, i, players)):
        # `every` first, then what is said of this thing by name
        for fname, (written, words) in {**every, **per_thing.get(i, {})}.items():
            label = f"{kind} '{prog.kind_names[kind][i]}' {fname}"
            if fname not in fields:
                static = fname in prog.static.get(kind, {})
                hint = "" if static else W.field_hint(prog, kind, fname)
                e = _err(label, ("it is printed on the thing and never changes" if static else
                                 f"a {kind} has no changing field '{fname}'") + (f"; {hint}" if hint else ""))
                e.keys = (written, fname)
                e.unknown = () if static else ("field", kind, str(fname))
                raise e
            t = fields[fname]
            if t.startswith("thing:") and t[6:] in held:
                targets.append((_placed(place_by_name[label], kind, written, fname), [] if W.is_none(words) else [words]))
            elif t.startswith("list:thing:") and t[11:] in held:    # the thing's own zone
                targets.append((_placed(place_by_name[label], kind, written, fname), words))
            else:
                directs.append(_Direct(label, t, words, lambda d, v, f=fname, i=i: d["fields"][kind][f].__setitem__(i, v),
                                       (written, fname)))


def _read(prog, t, words, players, label):
    try:
        return W.read(prog, t, words, players)
    except W.WordsError as e:
        raise _err(label, str(e)) from None


# ---------------------------------------------------------------------------- applying
def apply_changes(prog, data: dict, changes: dict, rest: dict | None = None) -> None:
    """Set the named values of `data` (a state's plain data) in place. `rest` maps a kind to the
    zone (as a change names it: "deck", "discard[1]", "Player 1's lineup") that supplies and
    takes back its things. Raises PositionError naming the first value that cannot be set."""
    if not isinstance(changes, dict):
        raise PositionError("A position is a mapping of names to values.")
    if rest is not None and not isinstance(rest, dict):
        raise PositionError("rest maps each kind of thing to the zone that supplies it, such as {'card': 'deck'}.")
    held = held_kinds(prog)
    directs, targets, current, leader = _parse(prog, data, changes, held)
    players = len(data["players"])
    for d in directs:
        try:
            d.put(data, _read(prog, d.t, d.words, players, d.name))
        except PositionError as e:
            e.keys = d.keys
            raise
    rest = dict(rest or {})
    check_rest(prog, data, rest, held)
    for kind in sorted({p.kind for p, _ in targets}):
        _fill(prog, data, kind, [(p, ws) for p, ws in targets if p.kind == kind], kind in rest, rest.get(kind))
    if leader is not None:      # who leads the round under way, and the later ones (TakeTurns.set_leader)
        why = TakeTurns.set_leader(prog, data, leader, current)
        if why:
            e = _err("leader", f"a round's leader cannot be set here: {why}")
            e.keys = ("leader",)
            raise e
    elif current is not None:
        TakeTurns.set_current(prog, data, current)


def check_rest(prog, data, rest: dict, held: set | None = None) -> None:
    """PositionError unless each kind of `rest` is one that zones hold, and its rest zone one of
    its zones (or none), in this state. Checked before anything is set (and by the scenario
    runner when it reads a file or case), so a misspelt rest zone is found where it is written."""
    held = held_kinds(prog) if held is None else held
    for kind, name in (rest or {}).items():
        if kind not in held:
            hint = did_you_mean(str(kind), held)
            raise PositionError(ended(f"rest: '{kind}' is not a kind of thing that zones hold", hint))
        if not W.is_none(name):
            _rest_zones(prog, data, kind, name, places(prog, data, {kind}))


def _rest_zones(prog, data, kind, rest_name, all_places) -> list:
    """The rest zones of `kind` named `rest_name`: that zone, or (for things each player owns)
    each owner's zone of that name."""
    by_name = {p.name: p for p in all_places}
    rest = by_name.get(str(rest_name))
    if rest is None and prog.per_player_kinds.get(kind):      # `rest: {card: deck}`: each owner's deck
        owned = [by_name.get(f"Player {p + 1}'s {rest_name}") for p in range(len(data["players"]))]
        if all(r is not None and not r.single for r in owned):
            return owned
    if rest is None or rest.single:
        hint = did_you_mean(str(rest_name), [p.name for p in all_places if not p.single])
        raise PositionError(ended(f"rest: '{rest_name}' is not a zone that holds {kind}s", hint))
    return [rest]


_THING_ZONE = re.compile(r"^(\S+) '([^']*)' (\S+)$")       # "tile 'A1' battlers", as places() names it


def _places_words(names: list, sep: str) -> str:
    """Place names for a message, joined by `sep` (", " or " or "). The zones of three or more
    things of one kind are told once, "the battlers of tile A1, A2, ... or E5 (21 of them)", not
    as "tile 'A1' battlers, tile 'A2' battlers, ..." (an Abatteroxie battler was told its 21 tiles
    twice over, 1,000 characters)."""
    groups, order = {}, []
    for name in names:
        m = _THING_ZONE.match(name)
        key = (m.group(1), m.group(3)) if m else name
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(m.group(2) if m else name)
    if all(len(groups[k]) < 3 for k in order if isinstance(k, tuple)):
        return sep.join(names)
    parts = []
    for key in order:
        things = groups[key]
        if isinstance(key, tuple) and len(things) >= 3:
            shown = things[:-1] if len(things) <= 8 else things[:6] + ["..."]
            many = f" ({len(things)} of them)" if len(things) > 8 else ""
            parts.append(f"the {key[1]} of {key[0]} {', '.join(shown)}{sep if sep != ', ' else ' and '}{things[-1]}{many}")
        elif isinstance(key, tuple):
            parts.extend(f"{key[0]} '{t}' {key[1]}" for t in things)
        else:
            parts.append(key)
    return ("; " if sep == ", " else sep).join(parts) if len(parts) > 1 else parts[0]


def _fill(prog, data, kind, targets, has_rest: bool, rest_name):
    """Put the named things of one kind in their places, moving them rather than copying them."""
    all_places = places(prog, data, {kind})
    nowhere = has_rest and W.is_none(rest_name)     # rest: {kind: none}: things may be in no place
    rests: list = []          # the rest zones: one, or (for things each player owns) each owner's
    if has_rest and not nowhere:
        rests = _rest_zones(prog, data, kind, rest_name, all_places)

    def rest_of(x):
        return rests[x // prog.per_player_kinds[kind]] if len(rests) > 1 else rests[0]
    seen = set()
    for place, ws in targets:
        if place.name in seen:
            raise _err_at(place, "it is set twice")
        seen.add(place.name)
        if not isinstance(ws, list):
            raise _err_at(place, f"{W.quote(ws)} is not a list of {kind}s")
        if not ws and any(place.name == r.name for r in rests):
            raise _err_at(place, f"it is the rest zone, where every {kind} this position takes out of its place "
                       f"goes, so it cannot be emptied; name another rest zone (rest: {{{kind}: ZONE}}), or "
                       f"rest: {{{kind}: none}} if {W._a(kind)} may be in no zone")
    current = {p.name: list(p.get(data)) for p in all_places}
    placed = {x for xs in current.values() for x in xs}
    used, picked = set(), {}
    # Each name with the things it may be; a name of one thing ("Jetsam #2") is placed before a
    # name any of several fits ("Jetsam"), which then takes one of the others.
    entries = []
    for place, ws in targets:
        picked[place.name] = [None] * len(ws)
        for i, w in enumerate(ws):
            cands = W.thing_candidates(prog, kind, w, len(data["players"]))
            if not cands:
                e = _err_at(place, str(W._unknown_thing(prog, kind, w, len(data["players"]), place.seat)))
                e.keys = (*e.keys, i)      # at the name in the list
                raise e
            entries.append((place, i, w, set(cands)))
    entries.sort(key=lambda e: len(e[3]))
    # 1. things already in the place stay where they are, but a name several fit ("Jetsam")
    # leaves alone a thing that one name of one thing ("Jetsam #2") wants anywhere
    here = {p.name: list(current[p.name]) for p, _ in targets}
    exact = {x for _, _, _, cands in entries if len(cands) == 1 for x in cands}
    for place, i, w, cands in entries:
        x = next((x for x in here[place.name] if x in cands and x not in used
                  and (len(cands) == 1 or x not in exact)), None)
        if x is not None:
            used.add(x)
            here[place.name].remove(x)
            picked[place.name][i] = x
    targeted = {p.name for p, _ in targets}
    freed = [x for p, _ in targets for x in current[p.name] if x not in used]
    unplaced = [x for x in range(prog.kinds[kind]) if x not in placed and W.in_game(prog, kind, x, len(data["players"]))]
    supply = freed + unplaced + [x for r in rests if r.name not in targeted for x in current[r.name]]
    # 2. the others come from places this change empties, from nowhere, or from the rest zone
    for place, i, w, cands in entries:
        if picked[place.name][i] is not None:
            continue
        # a name alone in a player's own zone ("2" in Player 2's hand) takes that player's own
        # thing when one is to be had: another player's would be a position the game never makes
        size = prog.per_player_kinds.get(kind) if place.seat is not None else None
        x = next((x for x in supply if x in cands and x not in used and x // size == place.seat - 1), None) \
            if size else None
        if x is None:
            x = next((x for x in supply if x in cands and x not in used), None)
        if x is None:
            holders = sorted({p.name for p in all_places if p.name not in targeted and p not in rests
                              and cands & set(current[p.name])})
            where = f" (in {_places_words(holders, ', ')})" if holders else ""
            supply_words = f"nor in {' or '.join(r.name for r in rests)}" if rests else \
                f"and no rest: {{{kind}: ZONE}} supplies one"
            owned = ""
            if len(rests) == 1 and prog.per_player_kinds.get(kind) and "'s " in rests[0].name:
                zone = rests[0].name.split("'s ", 1)[1]
                owned = f"; rest: {{{kind}: {zone}}} takes each {kind} from its owner's {zone}"
            named = sorted({name for name, row in picked.items() if any(y in cands for y in row if y is not None)})
            naming = sum(1 for row in picked.values() for y in row if y is not None and y in cands)
            if named and naming >= len(cands):
                # this very position names every one of them (one card in a hand and in the deck); when
                # it names only some, the others are where this position leaves them (said below)
                n = len(cands)
                taken = "it is" if n == 1 else f"the game has {n} and"
                raise _err_at(place, f"there is no spare {W.quote(w)}: {taken} named already in "
                           f"{', '.join(named)}{' (and in ' + _places_words(holders, ', ') + ')' if holders else ''}; "
                           f"{W._a(kind)} is in one place at a time")
            # the way out: the place that holds it set in this position too (a dealt hand), which frees it
            free = f"; set {_places_words(holders, ' or ')} in this position too, and {'it gives' if len(holders) == 1 else 'they give'} " \
                   f"the {kind} up" if holders else ""
            if len(cands) == 1:     # the only one of its name: 'the others' would be none
                raise _err_at(place, f"there is no spare {W.quote(w)}: the only one is in a place this position "
                                     f"does not change{where}, {supply_words}{owned}{free}")
            raise _err_at(place, f"there is no spare {W.quote(w)}: the others are in places this position "
                       f"does not change{where}, {supply_words}{owned}{free}")
        used.add(x)
        picked[place.name][i] = x
    for place, _ in targets:
        row = picked[place.name]
        if place.single and len(row) > 1:
            raise _err_at(place, f"it holds one {kind}, not {len(row)}")
    leftover = [x for x in freed if x not in used]
    for place, _ in targets:
        row = picked[place.name]
        if any(place.name == r.name for r in rests):
            row = row + [x for x in leftover if rest_of(x).name == place.name]
        place.put(data, row)
    for r in rests:
        if r.name not in targeted:
            r.put(data, [x for x in current[r.name] if x not in used] + [x for x in leftover if rest_of(x).name == r.name])
    if rests:
        leftover = []
    if leftover and not nowhere:
        names = ", ".join(prog.kind_names[kind][x] for x in leftover)
        raise PositionError(f"This position takes {len(leftover)} {kind}{'s' * (len(leftover) != 1)} ({names}) "
                            f"out of their places and puts them nowhere; name a zone for them with "
                            f"rest: {{{kind}: ZONE}}, or rest: {{{kind}: none}} if {W._a(kind)} may be in no zone.")
