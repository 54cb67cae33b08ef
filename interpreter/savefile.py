"""Save files: a game in progress written to JSON and read back, checked before it is trusted.

A save holds what is needed to rebuild the game (which rulebook, variant, options, player
count, seed, who sits in each seat), every move answered so far, and the engine's own state.
Reading validates the file against `schemas/save.schema.json`, rebuilds the state with
`game.load_state`, and replays the moves from the seed to confirm that they give the same
state. Any problem raises `SaveFileError`, whose message names the file and the problem.

A save names its game so that it can be loaded from any folder and cannot point at an
arbitrary file: a bundled rulebook by its name, any other by the absolute path of its folder
or `.rules` file (`game_reference`, `game_location`).

This module must not know any game and must not prompt anyone. It never leaves a half-written
file behind (saving writes a temporary file and renames it into place), refuses a symbolic
link (its target could be any file), what is not a regular file (a FIFO, a device, a folder)
and a file that is not a save unless the person said to replace it, and keeps an existing
file's permissions.
"""
from __future__ import annotations

import errno
import json
import os
import re
import stat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from tabletop import data_dir
from tabletop.dsl.diagnostics import echo
from tabletop.interpreter.bots import Move, Seat

FORMAT = "tabletop-save"
AUTOSAVE = "tabletop-autosave.json"      # where `tabletop play` saves when no file was named
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
    seats: list[Seat] | None = None      # None: an older save, every seat human

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
            "seats": [seat.to_json() for seat in self.seats or [Seat() for _ in range(self.players)]],
            "moves": [[m.seat, m.index, m.time] for m in self.moves],
            "state": self.state,
        }
        if not self.title:
            del data["title"]
        return data

    @classmethod
    def from_json(cls, data: dict) -> "SavedGame":
        state = data["state"]
        if data["variant"] and isinstance(state, dict) and "variant" not in state:
            # Saved before states recorded their variant (machine.new_state): the file says it.
            state = {**state, "variant": data["variant"]}
        return cls(
            game=data["game"],
            variant=data["variant"],
            options=dict(data["options"]),
            players=data["players"],
            seed=data["seed"],
            moves=[Move(seat, index, time) for seat, index, time in data["moves"]],
            state=state,
            title=data.get("title", ""),
            seats=[Seat.from_json(s) for s in data["seats"]] if "seats" in data else None,
        )


def snapshot(game, state, seed: int, moves: list[Move], seats: list[Seat] | None = None) -> SavedGame:
    """The save of `state`, a game of `game` started from `seed` and played with `moves`."""
    return SavedGame(
        game=game_reference(game.path),
        variant=game.variant,
        options=dict(game.option_values),
        players=state.players,
        seed=seed,
        moves=list(moves),
        state=state.to_json(),
        title=game.title,
        seats=list(seats) if seats is not None else None,
    )


# ---------------------------------------------------------------- naming the game

NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


def game_reference(path: str | os.PathLike) -> str:
    """How a save names the game loaded from `path`: a bundled rulebook by its name, any other
    rulebook by its absolute path, so the save loads from any folder."""
    given = Path(path)
    bundled = data_dir("rulebooks")
    if NAME.fullmatch(str(path)) and not given.exists() and (bundled / given).is_dir():
        return str(path)
    absolute = given.resolve()
    if absolute.parent == bundled.resolve() and absolute.is_dir():
        return absolute.name
    return str(absolute)


def game_location(reference: str, save_path) -> str:
    """The rulebook a save's `game` names, checked: a bundled rulebook's name, or the absolute
    path of a rulebook folder or `.rules` file. Anything else raises SaveFileError, so a save
    cannot make the loader read an arbitrary file."""
    if "\0" in reference:
        raise SaveFileError(f"Cannot load {save_path}: the game it names holds a NUL character.")
    if NAME.fullmatch(reference) and ".." not in reference:
        folder = data_dir("rulebooks") / reference
        if folder.is_dir():
            return str(folder)
        raise SaveFileError(f"Cannot load {save_path}: it is a game of '{reference}', which is not a rulebook "
                            "bundled with tabletop; name its rulebook: tabletop play GAME --load FILE.")
    path = Path(reference)
    if not path.is_absolute():
        raise SaveFileError(f"Cannot load {save_path}: it names its game by a relative path ({echo(reference)}); "
                            "name the rulebook: tabletop play GAME --load FILE.")
    if path.is_dir() or (path.suffix == ".rules" and path.is_file()):
        return reference
    raise SaveFileError(f"Cannot load {save_path}: the game it names, {echo(reference)}, is not a rulebook folder "
                        "or .rules file; name the rulebook: tabletop play GAME --load FILE.")


# ---------------------------------------------------------------- writing

def save_problem(path: str | os.PathLike, replace_any: bool = False) -> str:
    """Why a save cannot go to `path`, as a few words, or "" when it can. Checked before a
    game starts, so a bad --save is found before anything is played, and again at each save.

    A symbolic link is refused, not written through: its target may be any file. A file that
    is there already is replaced only if it is a tabletop save (or empty), unless `replace_any`
    (the person said to replace it), so that a mistyped name never costs someone another file."""
    if "\0" in os.fspath(path):
        return "the file name holds a NUL character"
    if os.fspath(path).lower().endswith(NOT_SAVE_SUFFIXES):
        # a rulebook's folder reads every .rules file as rules, and `tabletop test` every .yaml
        return f"a file named '*{Path(path).suffix}' is read as part of a rulebook; name the save '*.json'"
    try:
        return _place_problem(path, replace_any)
    except ValueError:
        return "the file name holds a NUL character"
    except OSError as e:     # a name too long for the file system, a folder on the way that is a file
        return e.strerror or str(e)


def _place_problem(path: str | os.PathLike, replace_any: bool) -> str:
    """`save_problem` once the name itself is fine; the file system's own refusals are OSErrors."""
    if os.path.islink(path):
        return "it is a symbolic link; name the file itself"
    info = os.stat(path) if os.path.lexists(path) else None
    if info is not None and not stat.S_ISREG(info.st_mode):
        what = ("a folder" if stat.S_ISDIR(info.st_mode) else "a FIFO" if stat.S_ISFIFO(info.st_mode)
                else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
                else "a socket" if stat.S_ISSOCK(info.st_mode) else "not a regular file")
        return f"it is {what}, not a regular file"
    if os.fspath(path).endswith(("/", os.sep)):     # it would be written without the '/', and told with it
        return "a name that ends with '/' names a folder; name the file"
    folder = Path(absolute(path)).parent
    if not folder.is_dir():
        return f"there is no folder {folder}"
    if len(os.fsencode(Path(path).name)) > (longest := _name_max(folder)):
        return f"its name is longer than the {longest} bytes a file's name may have there"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} cannot be written to"
    if info is not None and not os.access(path, os.W_OK):
        return "the file is read-only"
    if info is not None and info.st_size > 0 and not replace_any and not _is_save(Path(path)):
        return "it holds something that is not a tabletop save, which saving would destroy"
    return ""


def _name_max(folder: Path) -> int:
    """The longest file name (in bytes) the file system of `folder` allows."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):   # not known there (or not POSIX): the usual limit
        return 255


def absolute(path: str | os.PathLike) -> str:
    """`path` made absolute. A relative name in a current folder that was deleted leads nowhere:
    an OSError that says so (os.path.abspath's own says only "No such file or directory")."""
    try:
        return os.path.abspath(path)
    except FileNotFoundError:
        raise OSError(errno.ENOENT, "the current folder no longer exists (it was deleted or moved), so a "
                                    "name relative to it leads nowhere") from None


def real(path: str | os.PathLike) -> str:
    """`path` with its links resolved, to tell whether two names are one file; the name as given
    when it cannot be resolved (see `absolute`)."""
    try:
        return os.path.realpath(path)
    except OSError:
        return os.fspath(path)


def game_in_progress(path: str | os.PathLike) -> str:
    """A few words naming the game saved in `path` when it is a save of a game still in progress
    ("My Game, 34 moves in"), else "": saving another game there would lose it."""
    try:
        data = json.loads(_read_text(Path(path)))
    except (SaveFileError, ValueError, RecursionError, OSError):
        return ""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return ""
    state = data.get("state")
    if not isinstance(state, dict) or state.get("over") is not False:
        return ""         # a finished game, or no game at all
    moves = data.get("moves")
    title = data.get("title") or data.get("game") or "a game"
    n = len(moves) if isinstance(moves, list) else 0
    return f"{title}, {n} move{'s' * (n != 1)} in"


def _is_save(path: Path) -> bool:
    """Does `path` hold a tabletop save (of any game)? Only its format mark is looked at."""
    try:
        data = json.loads(_read_text(path))
    except (SaveFileError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def write(path: str | os.PathLike, saved: SavedGame, replace_any: bool = False) -> None:
    """Write `saved` to `path` atomically; raise SaveFileError when the file cannot be written.

    A symbolic link, anything but a regular file, and a file that is not a save (unless
    `replace_any`) are refused; a file that exists keeps its permissions (only the new temporary
    file's are set)."""
    problem = save_problem(path, replace_any)
    if problem:
        raise SaveFileError(f"Cannot save the game to {path}: {problem}.")
    target = Path(absolute(path))
    text = json.dumps(saved.to_json(), indent=1, sort_keys=False) + "\n"
    size = len(text.encode("utf-8"))
    if size > MAX_BYTES:       # it could never be loaded: `read` refuses it
        raise SaveFileError(f"Cannot save the game to {path}: the save would be {size:,} bytes, more than the "
                            f"{MAX_BYTES:,} a save may hold; the rules keep too much in the game's variables.")
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode) if target.exists() else _new_file_mode()
        replace_atomically(target, text, mode)
    except OSError as e:
        raise SaveFileError(f"Cannot save the game to {path}: {e.strerror or e}.") from None


def replace_atomically(target: Path, text: str, mode: int) -> None:
    """Put `text` at `target` at once: a temporary file in the same folder, with permissions
    `mode`, put in its place by os.replace, so a reader sees the old text or the new, never half
    (saves, and `tabletop format`). Raises OSError; no temporary file is left behind."""
    import tempfile           # imported here: `tabletop check` never writes, and starts without it
    # The temporary file is named after the target, cut short: a name the file system allows
    # (up to 255 bytes) would not leave room for the dot and random letters around it.
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:TEMP_NAME]}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            os.fchmod(f.fileno(), mode)
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        if os.path.lexists(tmp):
            os.unlink(tmp)
        raise


def _new_file_mode() -> int:
    """The permissions a new file gets from the user's umask (mkstemp alone gives 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def unused_name(path: str | os.PathLike) -> str:
    """`path` if nothing is there, else the first of NAME-2.EXT, NAME-3.EXT, ... that is free."""
    path = Path(path)
    if not os.path.lexists(path):
        return str(path)
    n = 2
    while os.path.lexists(candidate := path.with_name(f"{path.stem}-{n}{path.suffix}")):
        n += 1
    return str(candidate)


@lru_cache(maxsize=1)
def _validator():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    from tabletop.dsl.loader import strict_validator   # only when a save is read (it imports jsonschema then)
    return strict_validator(schema)


_TYPES = {"integer": "a whole number", "number": "a number", "string": "a text", "array": "a list",
          "object": "a mapping", "boolean": "true or false", "null": "null"}


def _schema_words(error) -> str:
    """A JSON Schema error about a save, in words (never the schema's own, "is not of type")."""
    path = list(error.absolute_path)
    where = "the file"
    if path:
        where = "'" + path[0] + "'" if isinstance(path[0], str) else f"item {path[0] + 1}"
        for part in path[1:]:
            where = f"'{part}' of {where}" if isinstance(part, str) else f"item {part + 1} of {where}"

    def shown(v):
        return "a mapping" if isinstance(v, dict) else "a list" if isinstance(v, list) else json.dumps(v)[:40]
    v, wanted = error.validator, error.validator_value
    if v == "required":
        missing = next((k for k in wanted if isinstance(error.instance, dict) and k not in error.instance), wanted[0])
        return f"{where} has no '{missing}'"
    if v == "additionalProperties" and isinstance(error.instance, dict):
        extra = [k for k in error.instance if k not in error.schema.get("properties", {})]
        return f"{where} has a key '{extra[0] if extra else '?'}' that a save does not have"
    if v == "type":
        kinds = " or ".join(_TYPES.get(t, t) for t in (wanted if isinstance(wanted, list) else [wanted]))
        return f"{where} should be {kinds}, not {shown(error.instance)}"
    if v in ("const", "enum"):
        return f"{where} should be {' or '.join(json.dumps(x) for x in (wanted if v == 'enum' else [wanted]))}, " \
               f"not {shown(error.instance)}"
    if v in ("minimum", "maximum"):
        return f"{where} should be at {'least' if v == 'minimum' else 'most'} {wanted}, not {shown(error.instance)}"
    if v == "pattern" and path == ["variant"]:
        return f"{where} should be a variant's name (letters, digits, '_' and '-'), not {shown(error.instance)}"
    if v == "pattern":
        return f"{where} cannot be {shown(error.instance)}"
    if v in ("minItems", "minLength", "minProperties"):
        return f"{where} is empty or too short"
    if v in ("maxItems", "maxLength", "maxProperties"):
        return f"{where} is too long"
    return f"{where} does not fit a save's format ({shown(error.instance)})"


class _KeyTwice(ValueError):
    """A JSON object gives `key` twice."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


class _Twice(dict):
    """A JSON object that gave the key `twice` twice (read again to find where it is)."""
    twice = ""


def _once_each(pairs: list) -> dict:
    """A JSON object as a dict, refusing a key given twice in it (json.loads keeps the last)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        raise _KeyTwice(next(k for i, (k, _) in enumerate(pairs) if any(k == j for j, _ in pairs[:i])))
    return data


def _marking_twice(pairs: list) -> dict:
    data = _Twice(pairs)
    if len(data) != len(pairs):
        data.twice = next(k for i, (k, _) in enumerate(pairs) if any(k == j for j, _ in pairs[:i]))
    return data


def _where_twice(text: str) -> str:
    """Where in the save `text` the first object giving a key twice is, in words, as the schema's
    problems are said: "item 1 of 'seats'", "its top mapping", or "one mapping" if it cannot be told."""
    try:
        todo = [(json.loads(text, object_pairs_hook=_marking_twice), [])]
    except (ValueError, RecursionError):
        return "one mapping"
    while todo:
        value, path = todo.pop(0)
        if isinstance(value, _Twice) and value.twice:
            return " of ".join(reversed(path)) or "its top mapping"
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, inner in items:
            todo.append((inner, path + [f"'{key}'" if isinstance(key, str) else f"item {key + 1}"]))
    return "one mapping"


def read(path: str | os.PathLike) -> SavedGame:
    """Read and validate the save at `path`; raise SaveFileError naming the file and problem."""
    path = Path(path)
    text = _read_text(path)
    try:
        data = json.loads(text, object_pairs_hook=_once_each)
    except _KeyTwice as e:
        # JSON keeps the last of the two quietly; which one was meant, nobody can tell.
        raise SaveFileError(f"Cannot load {path}: it gives the key {echo(json.dumps(e.key))} twice in "
                            f"{_where_twice(text)}; a save gives each key once, so the file was edited or is "
                            "corrupt.") from None
    except json.JSONDecodeError as e:
        raise SaveFileError(
            f"Cannot load {path}: it is not valid JSON ({e.msg} at line {e.lineno}, column {e.colno})."
        ) from None
    except RecursionError:
        raise SaveFileError(f"Cannot load {path}: its JSON is nested too deeply to be a save.") from None
    except ValueError as e:    # a number of thousands of digits, beyond what Python will convert
        raise SaveFileError(f"Cannot load {path}: it holds a number too long to be a save's ({e}).") from None
    import jsonschema.exceptions
    error = jsonschema.exceptions.best_match(_validator().iter_errors(data))
    if error is not None:
        raise SaveFileError(f"Cannot load {path}: it is not a tabletop save ({_schema_words(error)}).")
    saved = SavedGame.from_json(data)
    if saved.seats is not None:
        if len(saved.seats) != saved.players:
            raise SaveFileError(f"Cannot load {path}: it has {len(saved.seats)} seats for {saved.players} players.")
        for number, seat in enumerate(saved.seats, 1):
            try:
                seat.is_bot and seat.bot()
            except ValueError as e:
                raise SaveFileError(f"Cannot load {path}: seat {number}: {e}") from None
    return saved


MAX_BYTES = 50_000_000        # the largest save written or read
TEMP_NAME = 40                # the characters of a save's name its temporary file's name keeps
NOT_SAVE_SUFFIXES = (".rules", ".yaml", ".yml")


def regular_text(path: str | os.PathLike, encoding: str = "utf-8") -> str:
    """The text of a file a person named (a save, a moves file), refusing what is not a regular
    file (a FIFO would block, a device would never end) and what is larger than MAX_BYTES. Its
    problems are OSErrors whose `strerror` says what is wrong in a few words."""
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise OSError(0, "it is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise OSError(0, "it is not a regular file")
    if info.st_size > MAX_BYTES:
        raise OSError(0, f"it is {info.st_size:,} bytes, more than {MAX_BYTES:,}")
    with open(path, encoding=encoding) as f:
        return f.read(MAX_BYTES + 1)


def _read_text(path: Path) -> str:
    """The text of a save (see `regular_text`), its problems as SaveFileErrors. A byte-order mark
    some editors write first is no part of it."""
    try:
        text = regular_text(path)
        return text[1:] if text.startswith("\ufeff") else text
    except FileNotFoundError:
        raise SaveFileError(f"Cannot load {path}: there is no such file.") from None
    except UnicodeDecodeError:
        raise SaveFileError(f"Cannot load {path}: it is not UTF-8 text.") from None
    except ValueError:
        raise SaveFileError(f"Cannot load {path}: the file name holds a NUL character.") from None
    except OSError as e:
        raise SaveFileError(f"Cannot load {path}: {e.strerror or e}.") from None


def replay(game, players: int, seed: int, moves: list[Move], in_words: bool = False):
    """A new state of `game` from `seed` with `moves` applied in order (engine errors propagate).
    With `in_words`, an answer with an option the decision does not have is a ValueError in the
    players' words, options counted from 1 as the terminal shows them (the API counts from 0)."""
    state = game.new_state(players=players, seed=seed)
    for number, move in enumerate(moves, 1):
        if in_words and state.pending is not None and move.seat in state.pending.players:
            count = len(state.options(move.seat))
            if not 0 <= move.index < count:
                raise ValueError(f"its move {number} answers with option {move.index + 1} (counted from 1), and "
                                 f"Player {move.seat + 1}'s decision then had {count} option{'s' * (count != 1)}")
        state.apply(move.index, seat=move.seat, time=move.time)
    return state


def _plain(data) -> str:
    """`data` as JSON text, so two states compare as written: 2.0 is not 2, nor true 1, as
    Python's == would have them."""
    return json.dumps(data, sort_keys=True)


def other_game(path, saved: SavedGame, title: str) -> str:
    """The words for a save of another game than the one named (`title`), naming both."""
    return (f"Cannot load {path}: it is a game of {echo(saved.title)}, not of {title}. Leave out the game to play "
            f"it on ('tabletop play --load {path}'), or name {echo(saved.game)}.")


def restore(game, saved: SavedGame, path: str | os.PathLike):
    """The state saved in `saved`, checked against its moves; raise SaveFileError if they disagree."""
    if saved.title and saved.title != game.title:      # another game's save: no edit to blame
        raise SaveFileError(other_game(path, saved, game.title))
    problem = _moves_problem(saved)
    if problem:
        raise SaveFileError(f"Cannot load {path}: its moves cannot be replayed from seed {saved.seed} ({problem}).")
    played = saved.state.get("variant") if isinstance(saved.state, dict) else None
    if isinstance(played, str) and played != game.variant:       # the file's "variant" says otherwise
        now = f"the variant {game.variant}" if game.variant else "no variant"
        raise SaveFileError(f"Cannot load {path}: its state was played with the variant {played}, but the file names "
                            f"{now}; the file was edited. A save of the variant {played} is resumed with the "
                            f"variant {played}.")
    try:
        state = game.load_state(saved.state)
    except Exception as e:  # the file is untrusted input: any failure means it is unusable
        raise SaveFileError(f"Cannot load {path}: the saved state is not valid for this game ({e}). The file was "
                            "edited, or the rulebook changed since the game was saved.") from None
    try:
        replayed = replay(game, saved.players, saved.seed, saved.moves, in_words=True)
    except Exception as e:
        raise SaveFileError(
            f"Cannot load {path}: its moves cannot be replayed from seed {saved.seed} ({_reason(e)})."
        ) from None
    if _plain(replayed.to_json()) != _plain(saved.state):
        raise SaveFileError(
            f"Cannot load {path}: the saved state differs from its moves replayed from seed "
            f"{saved.seed}; the file was edited or is corrupt, or the rulebook changed since the game was saved."
        )
    return state


def _reason(error: Exception) -> str:
    return str(getattr(error, "reason", "") or error).rstrip(".")      # said inside ( ) that end a sentence


def _moves_problem(saved: SavedGame) -> str:
    """A move of the save by a seat the game does not have, in the players' words (the API counts
    seats from 0, people from Player 1); "" when every move's seat is at the table."""
    for number, move in enumerate(saved.moves, 1):
        if not 0 <= move.seat < saved.players:
            return (f"its move {number} is made by Player {move.seat + 1}, and the game has "
                    + (f"Player 1 to Player {saved.players}" if saved.players > 1 else "only Player 1"))
    return ""
