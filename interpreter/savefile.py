"""Save files: a game in progress written to JSON and read back, checked before it is trusted.

A save holds what is needed to rebuild the game (rulebook path, variant, options, player
count, seed), every move answered so far, and the engine's own state. Reading validates
the file against `schemas/save.schema.json`, rebuilds the state with `game.load_state`, and
replays the moves from the seed to confirm that they give the same state. Any problem
raises `SaveFileError`, whose message names the file and the problem.

This module must not know any game, must not prompt anyone and must never leave a
half-written file behind: saving writes a temporary file and renames it into place.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import jsonschema

from tabletop import data_dir
from tabletop.interpreter.bots import Move

FORMAT = "tabletop-save"
VERSION = 1
SCHEMA_PATH = data_dir("schemas") / "save.schema.json"


class SaveFileError(Exception):
    """A save file that cannot be written, read, or trusted; the message names the file."""


@dataclass
class SavedGame:
    game: str
    variant: str | None
    options: dict[str, str]
    players: int
    seed: int
    moves: list[Move] = field(default_factory=list)
    state: dict = field(default_factory=dict)
    title: str = ""

    def to_json(self) -> dict:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "title": self.title,
            "variant": self.variant,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "moves": [[m.seat, m.index, m.time] for m in self.moves],
            "state": self.state,
        }
        if not self.title:
            del data["title"]
        return data

    @classmethod
    def from_json(cls, data: dict) -> "SavedGame":
        return cls(
            game=data["game"],
            variant=data["variant"],
            options=dict(data["options"]),
            players=data["players"],
            seed=data["seed"],
            moves=[Move(seat, index, time) for seat, index, time in data["moves"]],
            state=data["state"],
            title=data.get("title", ""),
        )


def snapshot(game, state, seed: int, moves: list[Move]) -> SavedGame:
    """The save of `state`, a game of `game` started from `seed` and played with `moves`."""
    return SavedGame(
        game=str(game.path),
        variant=game.variant,
        options=dict(game.option_values),
        players=state.players,
        seed=seed,
        moves=list(moves),
        state=state.to_json(),
        title=game.title,
    )


def write(path: str | os.PathLike, saved: SavedGame) -> None:
    """Write `saved` to `path` atomically; raise SaveFileError when the file cannot be written."""
    path = Path(path)
    text = json.dumps(saved.to_json(), indent=1, sort_keys=False) + "\n"
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        raise SaveFileError(f"Cannot save the game to {path}: {e.strerror or e}.") from None


@lru_cache(maxsize=1)
def _validator():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def read(path: str | os.PathLike) -> SavedGame:
    """Read and validate the save at `path`; raise SaveFileError naming the file and problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveFileError(f"Cannot load {path}: there is no such file.") from None
    except IsADirectoryError:
        raise SaveFileError(f"Cannot load {path}: it is a folder, not a save file.") from None
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) else "it is not UTF-8 text"
        raise SaveFileError(f"Cannot load {path}: {reason}.") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveFileError(
            f"Cannot load {path}: it is not valid JSON ({e.msg} at line {e.lineno}, column {e.colno})."
        ) from None
    error = jsonschema.exceptions.best_match(_validator().iter_errors(data))
    if error is not None:
        where = "".join(f"[{p!r}]" for p in error.absolute_path) or "the top level"
        raise SaveFileError(f"Cannot load {path}: it is not a tabletop save ({where}: {error.message}).")
    return SavedGame.from_json(data)


def replay(game, players: int, seed: int, moves: list[Move]):
    """A new state of `game` from `seed` with `moves` applied in order (engine errors propagate)."""
    state = game.new_state(players=players, seed=seed)
    for move in moves:
        state.apply(move.index, seat=move.seat, time=move.time)
    return state


def _plain(data):
    """`data` as it reads back from JSON, so two states can be compared fairly."""
    return json.loads(json.dumps(data))


def restore(game, saved: SavedGame, path: str | os.PathLike):
    """The state saved in `saved`, checked against its moves; raise SaveFileError if they disagree."""
    try:
        state = game.load_state(saved.state)
    except Exception as e:  # the file is untrusted input: any failure means it is unusable
        raise SaveFileError(f"Cannot load {path}: the saved state is not valid for this game ({e}).") from None
    try:
        replayed = replay(game, saved.players, saved.seed, saved.moves)
    except Exception as e:
        raise SaveFileError(
            f"Cannot load {path}: its moves cannot be replayed from seed {saved.seed} ({_reason(e)})."
        ) from None
    if _plain(replayed.to_json()) != _plain(saved.state):
        raise SaveFileError(
            f"Cannot load {path}: the saved state differs from its moves replayed from seed "
            f"{saved.seed}; the file was edited or is corrupt."
        )
    return state


def _reason(error: Exception) -> str:
    return str(getattr(error, "reason", "") or error)
