"""The engine's seeded random generator: splitmix64, whose whole state is one integer.

One integer is cheap to copy and exactly JSON round-trippable, so a saved game continues with
the same rolls. This module must not use Python's global `random`.
"""
from __future__ import annotations

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


def below(state: int, n: int) -> tuple[int, int]:
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
