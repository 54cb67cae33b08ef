"""The engine's seeded random generator: splitmix64, whose whole state is one integer.

One integer is cheap to copy and exactly JSON round-trippable, so a saved game continues with
the same rolls. This module must not use Python's global `random`.

This file defines the numbers. Its two hot functions, `below` and `shuffle`, are also built in C
(`_splitmix.c`, optional at install) and that copy is used when it is there: every die roll and
shuffle comes here, and in C they cost a tenth. Both give the same numbers for every input
(tests/test_rng.py), so a game never depends on which one ran. TABLETOP_PURE_PYTHON=1 turns the
C copy off.
"""
from __future__ import annotations

import os

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    return (int(seed) * 0x2545F4914F6CDD1D + 0x1234567) & MASK


def next_u64(state: int) -> tuple[int, int]:
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


_LIMITS = [0] + [(1 << 64) - ((1 << 64) % n) for n in range(1, 257)]     # below() of small n, worked out once


def python_below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) and the new state (rejection sampling, no modulo bias)."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = _LIMITS[n] if n <= 256 else (1 << 64) - ((1 << 64) % n)
    while True:      # next_u64, written in place: every die roll and shuffle comes here
        state = (state + GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        x = z ^ (z >> 31)
        if x < limit:
            return state, x % n


def python_shuffle(state: int, xs: list) -> int:
    """Shuffle `xs` in place (Fisher-Yates from the last item down); the new state."""
    for i in range(len(xs) - 1, 0, -1):
        state, j = python_below(state, i + 1)
        xs[i], xs[j] = xs[j], xs[i]
    return state


below, shuffle, IN_C = python_below, python_shuffle, False
if os.environ.get("TABLETOP_PURE_PYTHON") != "1":
    try:
        from . import _splitmix
    except ImportError:      # built without a C compiler: rng.py alone, the same numbers
        pass
    else:
        _splitmix.use_for_large_bounds(python_below)
        below, shuffle, IN_C = _splitmix.below, _splitmix.shuffle, True
