"""Views: what one seat may see of a state, as plain data and as text.

A zone's visibility (public, owner, hidden) decides what is redacted: hidden cards become
none, keeping only how many there are. The text display evaluates the rulebook's `display`
section on the redacted state, so a display can never leak what the seat may not know. The
random generator, paused locals and other seats' secret answers are never shown. This module
must not change the state it is given.
"""
from __future__ import annotations

from .compiler import Compiled


def _hidden(vis: str, owner: int | None, seat: int | None) -> bool:
    if vis == "hidden":
        return True
    if vis == "owner":
        return seat is None or owner != seat
    return False


def _redact(v, numbered: bool):
    """Hidden cards become none; only how many there are (per zone, for numbered zones) shows."""
    return [[None] * len(z) for z in v] if numbered else [None] * len(v)


def redacted_state(prog: Compiled, data: dict, seat: int | None) -> dict:
    out = dict(data)
    out["globals"] = [(_redact(v, numbered) if _hidden(vis, None, seat) else v)
                      for v, (vis, numbered) in zip(data["globals"], prog.global_vis)]
    out["players"] = [[(_redact(v, numbered) if _hidden(vis, p, seat) else v)
                       for v, (vis, numbered) in zip(row, prog.player_vis)] for p, row in enumerate(data["players"])]
    if prog.sides:     # a side's own zones are seen by nobody at the table
        out["sides"] = [[(_redact(v, numbered) if _hidden(vis, -1, seat) else v)
                         for v, (vis, numbered) in zip(row, prog.player_vis)] for row in data["sides"]]
    out["envs"] = []
    out["stack"] = []
    out["rng"] = 0
    return out


def _pending_for(data: dict, seat: int | None):
    p = data.get("pending")
    if p is None:
        return None
    view = {"players": list(p["players"]), "prompt": p["prompt"]}
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
        "fields": data["fields"],
        "pending": _pending_for(data, seat),
        "log": list(data["log"]),
    }


def render_state(prog: Compiled, data: dict, seat: int | None) -> str:
    from .machine import Machine
    m = Machine(prog, data)
    lines = []
    for item in prog.display:
        kind, text, size, slot, extra = item
        env = [None] * size
        if kind == "board":
            lines.append(_board(m, prog.grid_of_kind[extra], text, env, slot))
        elif extra is None:
            lines.append(text(m, env))
        else:
            for x in extra(m, env):
                env[slot] = x
                lines.append(text(m, env))
    if data["log"]:
        lines.append("")
        lines.extend("  " + entry for entry in data["log"][-5:])
    return "\n".join(lines)


def _board(m, grid, text, env, slot) -> str:
    cells = {}
    for thing in grid.order:
        env[slot] = thing
        cells[grid.pos[thing]] = text(m, env).split("\n")
    rows = sorted({r for r, _ in cells})
    cols = sorted({c for _, c in cells})
    width = {c: max((len(line) for (r2, c2), ls in cells.items() if c2 == c for line in ls), default=1) for c in cols}
    height = {r: max(len(ls) for (r2, _), ls in cells.items() if r2 == r) for r in rows}
    border = "+" + "+".join("-" * (width[c] + 2) for c in cols) + "+"
    out = [border]
    for r in rows:
        for k in range(height[r]):
            parts = []
            for c in cols:
                ls = cells.get((r, c))
                line = ls[k] if ls and k < len(ls) else ""
                parts.append(" " + line.ljust(width[c]) + " ")
            out.append("|" + "|".join(parts) + "|")
        out.append(border)
    return "\n".join(out)
