"""Parsed rulebook files kept for the next load: in this process, and on disk between processes.

Parsing a rulebook with lark is most of a cold `tabletop check` once lark's grammar analysis is
cached (parser.py): importing lark, building its lexer and parsing the text. A file that parsed
cleanly before is not parsed again. Its AST is kept as a pickle, keyed by a hash of the text,
the file's name (spans carry it) and the parser's own sources (a changed parser or grammar never
reads an old entry), in a folder only this user can write: loading a pickle someone else wrote
would run their code. A file with syntax errors is not kept (its diagnostics are made afresh).
An entry that cannot be read is parsed again, quietly; the folder keeps at most MAX_FILES.

This module must not parse: on a miss it hands the text to parser.py, imported only then.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
import tempfile
from pathlib import Path

from . import ast as A

MAX_TEXT = 100_000       # characters: rulebooks are far smaller; a hostile one is not kept
MAX_FILES = 200          # parsed files kept on disk; the oldest go first
MAX_BYTES = 16 << 20     # an entry larger than this is damaged: it is parsed again
_IN_PROCESS: dict = {}   # key -> pickled module, for the files parsed or read in this process
_IN_PROCESS_MAX = 64
_HERE = Path(__file__).resolve().parent
_PARSER_SOURCES = ("grammar.lark", "parser.py", "ast.py", "diagnostics.py")
_parser_hash: str | None = None


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
    """The AST and diagnostics of a rulebook file, as parser.parse gives them (a fresh copy the
    caller may change), from the cache when this exact text of this file parsed cleanly before."""
    try:
        key = _key(text, file) if len(text) <= MAX_TEXT else None
    except OSError:              # the parser's sources cannot be read: nothing can be keyed safely
        key = None
    if key is None:
        from .parser import parse
        return parse(text, file)
    kept = _IN_PROCESS.get(key)
    folder = None
    if kept is None:
        folder = cache_folder()
        kept = _read(folder, key) if folder else None
    if kept is not None:
        try:
            module = pickle.loads(kept)
            if isinstance(module, A.Module):
                _remember(key, kept)
                return module, []
        except Exception:        # noqa: BLE001 - a damaged entry is parsed again, not reported
            pass
    from .parser import parse
    module, errors = parse(text, file)
    if not errors:
        try:
            kept = pickle.dumps(module, protocol=pickle.HIGHEST_PROTOCOL)
        except RecursionError:   # an expression too long to pickle: it is simply not kept
            return module, errors
        _remember(key, kept)
        if folder:
            _write(folder, key, kept)
    return module, errors


def _key(text: str, file: str) -> str:
    global _parser_hash
    if _parser_hash is None:
        h = hashlib.sha256(f"{sys.version_info[:2]}".encode())
        for name in _PARSER_SOURCES:
            h.update((_HERE / name).read_bytes())
        _parser_hash = h.hexdigest()
    return hashlib.sha256(f"{_parser_hash}\0{file}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _remember(key: str, kept: bytes) -> None:
    if key not in _IN_PROCESS and len(_IN_PROCESS) >= _IN_PROCESS_MAX:
        _IN_PROCESS.pop(next(iter(_IN_PROCESS)))
    _IN_PROCESS[key] = kept


def _read(folder: str, key: str) -> bytes | None:
    try:
        with open(os.path.join(folder, f"parsed-{key}.pickle"), "rb") as f:
            return f.read(MAX_BYTES)
    except OSError:
        return None


def _write(folder: str, key: str, kept: bytes) -> None:
    """Write the entry whole or not at all (another process may be reading it), then drop the
    oldest entries past MAX_FILES. A folder that cannot be written is left alone."""
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".parsed-")
        with os.fdopen(fd, "wb") as f:
            f.write(kept)
        os.replace(tmp, os.path.join(folder, f"parsed-{key}.pickle"))
        tmp = None
        entries = [e for e in os.scandir(folder) if e.name.startswith("parsed-")]
        if len(entries) > MAX_FILES:
            entries.sort(key=lambda e: e.stat().st_mtime_ns)
            for e in entries[:len(entries) - MAX_FILES]:
                os.unlink(e.path)
    except OSError:           # a full disk, or another process pruning the same entries
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
