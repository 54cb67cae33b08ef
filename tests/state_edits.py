"""Reading and editing a test game's plain-data state by name, shared by the games' test helpers:
variables and players' values, asking the pending decision again after an edit, and finding a
generator state under which some steps roll as wanted. Nothing here knows a game."""
from __future__ import annotations

from tabletop.interpreter import rng as R
from tabletop.interpreter.machine import Machine


def glob(s, name):
    return s.data["globals"][s.game.compiled.global_names.index(name)]


def set_glob(s, name, value):
    s.data["globals"][s.game.compiled.global_names.index(name)] = value


def pz(s, seat, name):
    return s.data["players"][seat][s.game.compiled.player_names.index(name)]


def set_pz(s, seat, name, value):
    s.data["players"][seat][s.game.compiled.player_names.index(name)] = value


def refresh(s):
    """Ask the pending decision again, so its options fit a position edited through `s.data`.

    A menu or choice is asked by the statement just before the paused frame's position;
    stepping that position back by one and running the machine asks it anew. Asking uses no
    randomness, so nothing else changes.
    """
    assert s.data["pending"] is not None and s.data["pending"]["kind"] in ("menu", "choose")
    s.data["pending"] = None
    s.data["stack"][-1][1] -= 1
    Machine(s.game.compiled, s.data).run()


def find_rng(s, step, want, tries: int = 20000) -> int:
    """A random generator state under which `step(copy)` leads to a copy where `want(copy)` holds."""
    for k in range(tries):
        c = s.copy()
        c.data["rng"] = R.seed_state(k)
        step(c)
        if want(c):
            return R.seed_state(k)
    raise AssertionError(f"no generator state among {tries} gives the wanted roll")
