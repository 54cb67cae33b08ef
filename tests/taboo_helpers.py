"""Helpers for the Taboo Atoll Express tests that need Python (seeded random games, setup
invariants over many seeds): names of things and reading the plain-data state. The rules'
worked cases are scenarios: rulebooks/taboo_atoll_express/scenarios/*.yaml (`tabletop test`).
"""
from __future__ import annotations

import functools

from tabletop.interpreter.api import load_game

GAME = "taboo_atoll_express"
PLATFORM = "Idiot's Platform"
COLOURS = ["red", "blue", "green", "yellow"]
SKULL = 14


@functools.lru_cache(maxsize=None)
def game(difficulty: str = "newbie"):
    """The compiled game (cached: compiling once per difficulty is enough)."""
    return load_game(GAME, options={"difficulty": difficulty})


def space_index(g, name: str) -> int:
    return g.compiled.kind_names["space"].index(name)


def get_var(s, name: str):
    return s.data["globals"][s.game.compiled.global_names.index(name)]


def spaces_in(s, state: str) -> set[str]:
    names = s.game.compiled.kind_names["space"]
    return {names[i] for i, f in enumerate(s.data["fields"]["space"]["flood"]) if f == state}


def treasure(s, colour: str) -> dict:
    """A treasure's fields in the game's words."""
    return next(t for t in s.view(0, named=True)["fields"]["treasure"] if t["name"] == f"{colour} treasure")


def scenario(seed: int = 0, **changes):
    """A fresh game at its first action menu, set to a quiet position (every space dry, the
    treasures unclaimed without search points, no special actions) plus `changes`, by name."""
    s = game().new_state(seed=seed)
    s.set_position({"space": {"every": {"flood": "dry"}}, "treasure": {"every": {"search": 0, "claimed": False}},
                    "special_actions": 0, **changes})
    return s


def score_by_hand(won: bool, claimed: int, water: int, dry: int, flooded: int, unused_points: int) -> int:
    """The text's score: +50 for winning, +15 per treasure claimed, +5 per space left on the water
    level tracker, +2 per unflooded space, +1 per flooded unsunk space, +1 per unused search point."""
    return 50 * won + 15 * claimed + 5 * (SKULL - water) + 2 * dry + flooded + unused_points
