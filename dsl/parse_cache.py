"""Parsed rulebook files and checked data files kept for the next load: in this process, and on
disk between processes.

Parsing a rulebook with lark is most of a cold `tabletop check` once lark's grammar analysis is
cached (parser.py): importing lark, building its lexer and parsing the text. A file that parsed
cleanly before is not parsed again. Its AST is kept as a pickle, keyed by a hash of the text,
the file's name (spans carry it) and the parser's own sources (a changed parser or grammar never
reads an old entry), in a folder only this user can write: loading a pickle someone else wrote
would run their code. A file with syntax errors is not kept (its diagnostics are made afresh).
Each file's declarations are kept too, by their text, from its last clean parse (one pickle
with its AST, written as both entries): an edited file is parsed declaration by declaration, and
only those whose text changed go to lark.
An entry that cannot be read is parsed again, quietly; the folder keeps at most MAX_FILES of
each sort, listed only when it may be full.

The parser itself, once built, is kept whole too (parser.py's `_kept_parser`, as a "parser"
entry), keyed by lark's version and the parser's sources. Other modules keep compiled code here
(`read_entry`, `write_entry`): codegen.py the rules' functions, ast.py its classes' `__init__`
(so ast.py imports this module, and this module imports ast.py only when first asked for).

A data file's records are kept the same way once they were read and validated without a single
diagnostic (`kept_records`, `keep_records`), as JSON, keyed by a hash of the file's text (not its
name: a rulebook copied elsewhere finds them), what the kind asks of it and which YAML reader read
it (both in the loader's `wants`), and the loader's sources; so a check whose data files are
unchanged neither reads YAML nor imports jsonschema.

This module must not parse or validate: on a miss the loader does, and parser.py is imported
only then.
"""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import ast as A

MAX_TEXT = 100_000       # characters: rulebooks are far smaller; a hostile one is not kept
MAX_FILES = 200          # parsed files kept on disk; the oldest go first
PRUNE_MARGIN = 50        # a full folder is pruned to so many entries below MAX_FILES
MAX_BYTES = 16 << 20     # an entry larger than this is damaged: it is parsed again
_IN_PROCESS: dict = {}   # key -> pickled module, for the files parsed or read in this process
_SHARED: dict = {}       # key -> the module itself, for the clean files loaded in this process
_IN_PROCESS_MAX = 64
_HERE = Path(__file__).resolve().parent
_PARSER_SOURCES = ("grammar.lark", "parser.py", "texts.py", "ast.py", "diagnostics.py", "builtins.py")
_DATA_SOURCES = ("loader.py", "quick_schema.py", "diagnostics.py", "../schemas/rulebook-data.schema.json")
_hashes: dict = {}       # sources -> their hash
_entries: dict = {}      # (folder, sort of entry) -> how many it holds, as this process last counted


def cache_folder() -> str | None:
    """$XDG_CACHE_HOME/tabletop or ~/.cache/tabletop, made if missing, when only this user can
    write it (never a shared folder such as /tmp); None otherwise, or with TABLETOP_NO_CACHE set."""
    if os.environ.get("TABLETOP_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "tabletop")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        st = os.stat(folder)
        if not stat.S_ISDIR(st.st_mode) or st.st_mode & 0o022 or \
                (hasattr(os, "getuid") and st.st_uid != os.getuid()) or not os.access(folder, os.W_OK):
            return None
    except (OSError, ValueError):
        return None
    return folder


def parse_file(text: str, file: str) -> tuple[A.Module, list]:
    """The AST and diagnostics of a rulebook file, as parser.parse gives them, from the cache when
    this exact text of this file parsed cleanly before. A clean file's AST is shared by every load
    of it in this process, so no pass may change a node (the checker keeps what it works out in
    tables of its own); unpickling it again was a tenth of a warm load."""
    try:
        key = _key(text, file) if len(text) <= MAX_TEXT else None
    except OSError:              # the parser's sources cannot be read: nothing can be keyed safely
        key = None
    if key is None:
        from .parser import parse
        return parse(text, file)
    shared = _SHARED.get(key)
    if shared is not None:
        return shared, []
    kept = _IN_PROCESS.get(key)
    folder = None
    if kept is None:
        folder = cache_folder()
        kept = _read(folder, key, "parsed") if folder else None
    if kept is not None:
        try:
            module = _part(pickle.loads(kept), 0, _module_class())
            if module is not None:
                _remember(key, kept)
                _share(key, module)
                return module, []
        except Exception:        # noqa: BLE001 - a damaged entry is parsed again, not reported
            pass
    module, errors, declarations = _parse(text, file, folder)
    if not errors:
        # One pickle of the module and its declarations (which share their nodes) is both the
        # "parsed" entry and the file's "declarations" entry: pickling the nodes twice was a
        # twentieth of a check of a rulebook never seen.
        try:
            kept = pickle.dumps(module if declarations is None else (module, declarations),
                                protocol=pickle.HIGHEST_PROTOCOL)
        except RecursionError:   # an expression too long to pickle: it is simply not kept
            return module, errors
        _remember(key, kept)
        _share(key, module)
        if folder:
            _write(folder, key, kept, "parsed")
        if declarations is not None:
            _remember(_declarations_key(file), kept)
            if folder:
                _write(folder, _declarations_key(file), kept, "declarations")
    return module, errors


def _parse(text: str, file: str, folder: str | None) -> tuple[A.Module, list, dict | None]:
    """Parse a file not kept as it is now: first reusing the declarations of its last clean parse
    whose text is unchanged (`parser.parse_reusing`), else whole. Returns the module, the
    diagnostics and, from a clean parse declaration by declaration, its declarations, which are
    kept per file name for the next edit (`parse_file`)."""
    from .parser import parse, parse_reusing
    known = None
    kept = _IN_PROCESS.get(_declarations_key(file)) or \
        (_read(folder, _declarations_key(file), "declarations") if folder else None)
    if kept is not None:
        try:
            known = _part(pickle.loads(kept), 1, dict)
        except Exception:        # noqa: BLE001 - a damaged entry: the file is parsed whole
            known = None
    reused = parse_reusing(text, file, known or {})
    if reused is None:
        return parse(text, file) + (None,)
    module, declarations = reused
    return module, [], declarations


def _part(kept, at: int, sort: type):
    """The module (`at` 0) or the declarations (1) of an entry that holds both, as a pair; the module
    alone from an entry of a file parsed whole; None from anything else."""
    module = _module_class()
    if isinstance(kept, tuple) and len(kept) == 2 and isinstance(kept[0], module) and isinstance(kept[1], dict):
        return kept[at]
    return kept if at == 0 and isinstance(kept, sort) else None


def _module_class() -> type:
    """ast.Module, imported when first asked for: ast.py reads its classes' code through this
    module's `read_entry` as it is imported (the import goes one way only)."""
    from .ast import Module
    return Module


def _declarations_key(file: str) -> str:
    return _hashed(_PARSER_SOURCES, file, "declarations")


def _key(text: str, file: str) -> str:
    return _hashed(_PARSER_SOURCES, file, text)


def _hashed(sources: tuple, *parts: str) -> str:
    """A hash of `parts` and of the engine's own `sources` (files beside this module), so that a
    changed parser or loader never reads an entry an older one wrote."""
    known = _hashes.get(sources)
    if known is None:
        h = hashlib.sha256(f"{sys.version_info[:2]}".encode())
        for name in sources:
            h.update((_HERE / name).read_bytes())
        known = _hashes[sources] = h.hexdigest()
    return hashlib.sha256("\0".join((known,) + parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]


# ---------------------------------------------------------------------- data files

def records_key(text: str, wants: str) -> str | None:
    """The key of a data file's records: its text and `wants`, what the kind asks of it (written by
    the loader); None when the file is too long to keep or the sources are unreadable. Not its name:
    the records kept hold nothing of it (the loader adds a record's file after), and a file read
    without a diagnostic has none under any name, so a rulebook copied to another folder finds them."""
    if len(text) > MAX_TEXT:
        return None
    try:
        return _hashed(_DATA_SOURCES, text, wants)
    except OSError:
        return None


def kept_records(key: str | None) -> list | None:
    """The records kept under `key` (a fresh copy), or None."""
    if key is None:
        return None
    kept = _IN_PROCESS.get(key)
    if kept is None:
        folder = cache_folder()
        kept = _read(folder, key, "data") if folder else None
    if kept is None:
        return None
    try:
        records = json.loads(kept)
    except (ValueError, RecursionError):   # a damaged entry: read and validated again
        return None
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        return None
    _remember(key, kept)
    return records


def keep_records(key: str | None, records: list) -> None:
    """Keep the records of a data file that was read and validated without a diagnostic."""
    if key is None:
        return
    try:
        kept = json.dumps(records, allow_nan=True).encode()
    except (TypeError, ValueError, RecursionError):     # not plain JSON: simply not kept
        return
    _remember(key, kept)
    folder = cache_folder()
    if folder:
        _write(folder, key, kept, "data")


def _remember(key: str, kept: bytes) -> None:
    if key not in _IN_PROCESS and len(_IN_PROCESS) >= _IN_PROCESS_MAX:
        _IN_PROCESS.pop(next(iter(_IN_PROCESS)))
    _IN_PROCESS[key] = kept


def forget() -> None:
    """Drop what this process keeps, as a new process starts (the folder on disk stays)."""
    _IN_PROCESS.clear()
    _SHARED.clear()
    _entries.clear()


def _share(key: str, module: A.Module) -> None:
    if key not in _SHARED and len(_SHARED) >= _IN_PROCESS_MAX:
        _SHARED.pop(next(iter(_SHARED)))
    _SHARED[key] = module


def _read(folder: str, key: str, what: str) -> bytes | None:
    try:
        with open(os.path.join(folder, f"{what}-{key}.{_SUFFIX[what]}"), "rb") as f:
            return f.read(MAX_BYTES)
    except OSError:
        return None


_SUFFIX = {"parsed": "pickle", "declarations": "pickle", "data": "json", "code": "marshal", "parser": "pickle"}


def parser_name(*parts: str) -> str:
    """The name of the built parser's entry ("parser"), made from `parts` and the parser's own
    sources: a changed grammar or parser.py never reads an older one's."""
    return _hashed(_PARSER_SOURCES, "parser", *parts)


def read_entry(what: str, name: str) -> bytes | None:
    """The bytes kept as `what` (a sort of entry above) under a name made from `name`, or None:
    for the engine's other caches (the compiled rules' code, codegen.py)."""
    folder = cache_folder()
    return _read(folder, _hashed((), name), what) if folder else None


def write_entry(what: str, name: str, kept: bytes) -> None:
    folder = cache_folder()
    if folder:
        _write(folder, _hashed((), name), kept, what)


def _write(folder: str, key: str, kept: bytes, what: str) -> None:
    """Write the entry whole or not at all (another process may be reading it), then drop the
    oldest entries of its sort past MAX_FILES. A folder that cannot be written is left alone."""
    tmp = None
    try:
        import tempfile       # only a miss writes: a check of an unchanged rulebook starts without it
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{what}-")
        with os.fdopen(fd, "wb") as f:
            f.write(kept)
        target = os.path.join(folder, f"{what}-{key}.{_SUFFIX[what]}")
        new = not os.path.lexists(target)
        os.replace(tmp, target)
        tmp = None
        # The folder is listed at this process's first write of a sort and when it is full, then
        # pruned below MAX_FILES by a margin: listed at every write, a rulebook of thousands of
        # small files listed it thousands of times (minutes to check).
        known = _entries.get((folder, what))
        if known is not None and known + new <= MAX_FILES:
            _entries[folder, what] = known + new
            return
        entries = [e for e in os.scandir(folder) if e.name.startswith(f"{what}-")]
        keep = MAX_FILES - min(PRUNE_MARGIN, MAX_FILES // 4)
        if len(entries) > MAX_FILES:
            entries.sort(key=lambda e: e.stat().st_mtime_ns)
            for e in entries[:len(entries) - keep]:
                os.unlink(e.path)
        _entries[folder, what] = keep if len(entries) > MAX_FILES else len(entries)
    except OSError:           # a full disk, or another process pruning the same entries
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
