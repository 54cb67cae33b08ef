"""Fingerprints of seeded random games of every bundled rulebook, variant and player count: the
games that a seed gives must not change when the engine is made faster (issue 9).

`python tests/same_games.py` writes `tests/data/same_games.json`; `tests/test_same_games.py`
plays the games again and compares. Regenerate only when a rulebook's rules change on purpose,
and say so in the commit: an engine change must never need it.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bundled import bundled  # noqa: E402
from tabletop.interpreter.bots import bot_move, make_bot  # noqa: E402

FILE = Path(__file__).resolve().parent / "data" / "same_games.json"
SEEDS = (1, 2)


def configs():
    for folder, variant, game in bundled():
        for players in range(game.min_players, game.max_players + 1):
            yield f"{folder.name}{'+' + variant if variant else ''}-{players}p", game, players


def fingerprint(game, players: int, seed: int) -> str:
    """A hash of a seeded random game: every move and the final state."""
    state = game.new_state(players=players, seed=seed)
    bots = [make_bot("random", seed * 100 + s) for s in range(players)]
    h = hashlib.sha256()
    while not state.is_over:
        seat = state.pending.players[0]
        move = bot_move(bots[seat], state, seat)
        h.update(f"{move.seat},{move.index},{move.time};".encode())
        state.apply(move.index, seat=move.seat, time=move.time)
    final = state.to_json()
    # Where the game ended is a line number, which moves with any line written above it (a comment
    # too); how it ended is in the state's reason and its log, which are kept.
    final.pop("ended_at", None)
    # A variant's state names its variant (so it cannot be loaded into another game), which is
    # not how the game went: the fingerprints recorded before states named it stay the same.
    final.pop("variant", None)
    h.update(json.dumps(final, sort_keys=True).encode())
    return h.hexdigest()[:16]


def compute() -> dict:
    return {name: [fingerprint(game, players, s) for s in SEEDS] for name, game, players in configs()}


if __name__ == "__main__":
    FILE.write_text(json.dumps(compute(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {FILE}")
