"""Views: what one seat may see of a state, as plain data and as text.

A zone's visibility (public, owner, hidden, seen by others: every seat but its owner's, or seen
by one player: `seen by current`, or by the player a variable holds when the view is made, and
`owner and seen by` that player besides the owner; or `top public`, a face-up pile whose top thing
alone every seat sees) decides what is redacted: hidden cards become none, keeping only how many there are. The
display evaluates the rulebook's `display` section on the redacted state, so a display can never
leak what the seat may not know; it comes as parts (`display_parts`: boards as rows of cell
texts, and lines) for a terminal to lay out, and as plain text (`render_state`). The random generator, paused locals and other seats' secret
answers are never shown. This module must not change the state it is given.
"""
from __future__ import annotations

from tabletop.dsl.ast import seer_name
from .compiler import Compiled
from .errors import RuleError
from .statements import REACTION_PROMPT, SECRET_PROMPT


class Hidden(list):
    """A redacted zone: one None per hidden card, so a display shows "3 hidden cards"."""


class PartlyHidden(list):
    """A game's zone seen by `owner` (of a player kind's things), as one seat sees it: its own
    things, and None for each of the others', so a display shows "A, B and 2 hidden cards"; or a
    face-up pile (`top public`): its top thing, and None for each under it ("A and 4 hidden cards")."""


def partly_hidden_words(shown: list, hidden: int, kind: str = "card") -> str:
    """How a zone the seat sees part of reads: its visible things, then how many are hidden."""
    if not hidden:
        return ", ".join(shown) if shown else "nothing"
    return f"{', '.join(shown)} and {hidden_words(hidden, kind)}" if shown else hidden_words(hidden, kind)


def hidden_words(n: int, kind: str = "card") -> str:
    """'3 hidden cards', in the words of the zone's kind: '4 hidden pips', '1 hidden battery'."""
    word = kind.replace("_", " ")
    if n != 1:
        word = word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else \
            word + "es" if word.endswith(("s", "x", "ch", "sh")) else word + "s"
    return f"{n} hidden {word}"


def seer(prog: Compiled, data: dict, vis: str, row: list | None = None) -> int | None:
    """The one seat that sees a zone `seen by NAME` (or `owner and seen by NAME`, besides its
    owner) in the state `data`: the current player, the player a game variable holds now, or for
    a player zone the player its owner's variable holds (`row`: the owner's values). None for
    none (then nobody does) and for any other visibility."""
    name = seer_name(vis)
    if name is None:
        return None
    if name == "current":
        return data["current"]
    if name in prog.global_names:
        return data["globals"][prog.global_names.index(name)]
    return row[prog.player_names.index(name)] if row is not None else None


def hidden_from(vis: str, owner: int | None, seat: int | None, looker: int | None = None) -> bool:
    """Whether a zone of visibility `vis` (of `owner`'s, None for the game's) is hidden from
    `seat`; `looker` is the one seat that sees a zone `seen by ...` (`seer`)."""
    if vis == "hidden":
        return True
    if vis == "owner":
        return seat is None or owner != seat
    if vis.startswith("owner and seen by "):
        return seat is None or (owner != seat and looker != seat)
    if vis == "others":
        # `seen by others`: every seat but its owner's. Not a spectator's: that view is what all
        # at the table may see (a screen several people read), the owner too.
        return seat is None or owner == seat
    if vis.startswith("seen by "):
        return seat is None or looker is None or looker != seat
    return False        # public, and `top public`, whose top every seat sees (`_top_only` hides the rest)


def _redact(v, numbered: bool):
    """Hidden cards become none; only how many there are (per zone, for numbered zones) shows."""
    return [Hidden([None] * len(z)) for z in v] if numbered else Hidden([None] * len(v))


def _top_only(v, numbered: bool):
    """A face-up pile (`top public`) as every seat sees it: its first thing (the top: `first(pile)`
    draws it), and none for each thing under it; a pile of one or none hides nothing."""
    def one(z):
        return z if len(z) < 2 else PartlyHidden([z[0]] + [None] * (len(z) - 1))
    return [one(z) for z in v] if numbered else one(v)


def unseen_from(prog: Compiled, data: dict, vis: str, owner: int | None, seat: int | None, row=None) -> int | None:
    """Where the things `seat` may not see begin in each zone of a place (of `owner`, -1 for a
    side's; `row` the owner's values): 0 when all are hidden, 1 for a face-up pile (`top public`:
    all but its top), None when all are seen. determinize.py deals again the same places."""
    if vis == "top":
        return 1
    return 0 if hidden_from(vis, owner, seat, seer(prog, data, vis, row)) else None


def _seen(prog: Compiled, data: dict, v, vis: str, numbered: bool, owner: int | None, seat: int | None, row=None):
    """A player's zone (of `owner`, -1 for a side's) or a thing's own zone, as `seat` sees it."""
    under = unseen_from(prog, data, vis, owner, seat, row)
    return v if under is None else _top_only(v, numbered) if under else _redact(v, numbered)


def _owned(prog: Compiled, v, t: str, numbered: bool, seat: int | None):
    """A game's zone seen by `owner`, as `seat` sees it: each thing by the player who owns it."""
    t = t[len("list:"):] if numbered else t          # a numbered zone is a list of zones
    kind = t[len("list:thing:"):] if t.startswith("list:thing:") else None
    owners = prog.static.get(kind, {}).get("owner") if kind else None
    if seat is None or not owners:
        return _redact(v, numbered)
    def one(z):
        return PartlyHidden(x if owners[x] == seat else None for x in z)
    return [one(z) for z in v] if numbered else one(v)


def redacted_state(prog: Compiled, data: dict, seat: int | None) -> dict:
    out = dict(data)
    out["globals"] = [(_owned(prog, v, t, numbered, seat) if vis == "owner" else
                       _seen(prog, data, v, vis, numbered, None, seat))
                      for v, (vis, numbered), t in zip(data["globals"], prog.global_vis, prog.global_types)]
    out["players"] = [[_seen(prog, data, v, vis, numbered, p, seat, row)
                       for v, (vis, numbered) in zip(row, prog.player_vis)]
                      for p, row in enumerate(data["players"])]
    out["fields"] = _redacted_fields(prog, data, seat)
    if prog.sides:     # a side's owner zones are seen by nobody at the table (its public ones by all)
        out["sides"] = [[_seen(prog, data, v, vis, numbered, -1, seat, row)
                         for v, (vis, numbered) in zip(row, prog.player_vis)] for row in data["sides"]]
    out["envs"] = []
    out["stack"] = []
    out["rng"] = 0
    return out


def _redacted_fields(prog: Compiled, data: dict, seat: int | None) -> dict:
    """Things' fields, with each thing's own zone redacted where the seat may not see it (a
    zone seen by its `owner` belongs to a player kind's thing, whose owner is its `owner` field)."""
    fields = data["fields"]
    secret = {kind: {z: vis for z, vis in zones.items() if vis != "public"} for kind, zones in prog.thing_zones.items()}
    if not any(secret.values()):
        return fields
    out = {kind: dict(fs) for kind, fs in fields.items()}
    for kind, zones in secret.items():
        owners = prog.static[kind].get("owner")
        for z, vis in zones.items():
            out[kind][z] = [_seen(prog, data, v, vis, False, owners[i] if owners else None, seat)
                            for i, v in enumerate(fields[kind][z])]
    return out


def _prompt_for(p: dict, seat: int | None) -> str:
    """The question as `seat` may see it. In a secret choice each seat may have its own (it may
    name the seat's hand): a seat sees its own; the others see it only if everyone's is the same."""
    prompts = p.get("by_seat_prompts")
    if not prompts:
        return p["prompt"]
    if seat is not None and str(seat) in prompts:
        return prompts[str(seat)]
    shown = set(prompts.values())
    return shown.pop() if len(shown) == 1 else SECRET_PROMPT


def prompt_seen(p: dict, seat: int | None) -> str:
    """The question of the pending decision `p` as `seat` may read it (`State.prompt` and views)."""
    if p["kind"] == "reaction" and seat not in p["players"]:
        return REACTION_PROMPT      # a reaction's own question may name the card behind it
    return _prompt_for(p, seat)


def _pending_for(data: dict, seat: int | None):
    p = data.get("pending")
    if p is None:
        return None
    view = {"players": list(p["players"]), "prompt": prompt_seen(p, seat)}
    if seat in p["players"]:
        view["options"] = list(p["by_seat_labels"][str(seat)]) if p["kind"] == "secret" else list(p["labels"])
    return view


def view_of(prog: Compiled, data: dict, seat: int | None) -> dict:
    r = redacted_state(prog, data, seat)
    return {
        "seat": seat,
        "current": data["current"],
        "turn_number": data["turn_number"],
        "over": data["over"],
        "reason": data["reason"],
        "variables": dict(zip(prog.global_names, r["globals"])),
        "players": [dict(zip(prog.player_names, row)) for row in r["players"]],
        "sides": {name: dict(zip(prog.player_names, row)) for name, row in zip(prog.sides, r.get("sides", []))},
        "fields": r["fields"],
        "pending": _pending_for(data, seat),
        "log": list(data["log"]),
        "rolls": [[d, f] for d, f in zip(data.get("rolls", [])[0::2], data.get("rolls", [])[1::2])],
    }


def named_view(prog: Compiled, data: dict, seat: int | None) -> dict:
    """The same view in the game's words: things by name, players as "Player N", and each kind's
    changing fields as a list of {"name": ..., field: value} in the kind's order."""
    from .words import show
    v = view_of(prog, data, seat)
    n = len(data["players"])
    v["variables"] = {name: show(prog, t, v["variables"][name], n) for name, t in zip(prog.global_names, prog.global_types)}
    v["players"] = [{name: show(prog, t, row[name], n) for name, t in zip(prog.player_names, prog.player_types)}
                    for row in v["players"]]
    v["sides"] = {side: {name: show(prog, t, row[name], n) for name, t in zip(prog.player_names, prog.player_types)}
                  for side, row in v["sides"].items()}
    seen = v["fields"]          # as the seat may see them (a thing's own zone may be hidden)
    v["fields"] = {kind: [{"name": show(prog, "thing:" + kind, i, n), **{f: show(prog, t, seen[kind][f][i], n)
                                                                        for f, t in fields.items()}}
                          for i in range(len(prog.kind_names[kind]))]
                   for kind, fields in prog.field_types.items() if fields}
    v["current"] = show(prog, "player", v["current"], n)
    if v["pending"] is not None:
        v["pending"]["players"] = [show(prog, "player", p, n) for p in v["pending"]["players"]]
    return v


def display_parts(prog: Compiled, data: dict) -> list[dict]:
    """The rulebook's `display` drawn from `data` (already redacted for a seat), in order:
    `{"text": line}` for each shown line, `{"board": rows}` for a board, where rows is a list
    of rows of cell texts (None where the grid has no space; a text may hold new lines)."""
    from .machine import Machine
    try:
        return _display_parts(prog, Machine(prog, data))
    except RuleError as e:
        if " none" not in e.message or not _hides_something(prog):
            raise
        # The likely cause: the line reads a card this seat may not see (none in its view).
        raise RuleError(e.message + " The display is drawn from what the seat looking at it may see, where "
                        "each card hidden from that seat is none: a display line must not read a hidden card.",
                        e.span) from None


def _hides_something(prog: Compiled) -> bool:
    """Whether some zone of the rulebook is seen by its owner only, by one player, or by nobody."""
    return any(vis != "public" for vis, _ in [*prog.global_vis, *prog.player_vis]) or \
        any(vis != "public" for zones in prog.thing_zones.values() for vis in zones.values())


def _display_parts(prog: Compiled, m) -> list[dict]:
    parts = []
    for item in prog.display:
        kind, text, size, slot, extra = item
        env = [None] * size
        if kind == "board":
            parts.append({"board": _board_rows(m, prog.grid_of_kind[extra], text, env, slot)})
        elif extra is None:
            parts.append({"text": text(m, env)})
        else:
            for x in extra(m, env):         # the items of a `for`, or once or never for an `if` alone
                if slot is not None:
                    env[slot] = x
                parts.append({"text": text(m, env)})
    return parts


def render_state(prog: Compiled, data: dict, seat: int | None) -> str:
    lines = [part["text"] if "text" in part else board_text(part["board"]) for part in display_parts(prog, data)]
    if data["log"]:
        lines.append("")
        lines.extend("  " + entry for entry in data["log"][-5:])
    return "\n".join(lines)


def _board_rows(m, grid, text, env, slot) -> list[list[str | None]]:
    cells = {}
    for thing in grid.order:
        env[slot] = thing
        cells[grid.pos[thing]] = text(m, env)
    rows = sorted({r for r, _ in cells})
    cols = sorted({c for _, c in cells})
    return [[cells.get((r, c)) for c in cols] for r in rows]


def board_text(rows: list[list[str | None]]) -> str:
    """A board as plain text: each cell boxed, at its natural width."""
    cells = [[(cell or "").split("\n") if cell is not None else [""] for cell in row] for row in rows]
    ncols = max((len(row) for row in cells), default=0)
    width = [max((len(line) for row in cells for line in row[c]), default=1) for c in range(ncols)]
    border = "+" + "+".join("-" * (w + 2) for w in width) + "+"
    out = [border]
    for row in cells:
        for k in range(max(len(cell) for cell in row)):
            parts = [" " + (cell[k] if k < len(cell) else "").ljust(width[c]) + " " for c, cell in enumerate(row)]
            out.append("|" + "|".join(parts) + "|")
        out.append(border)
    return "\n".join(out)
