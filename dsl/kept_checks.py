"""The checks of the last few programs kept, so a warm load of unchanged files is not checked again.

A check depends on its program alone: the checker reads nothing else and changes nothing of it
(the AST is shared, see parse_cache.py). A load of unchanged files hands the checker the very
declarations the parse cache shares, and everything else it made (records, texts, file names,
notes) equal to the last load's. So a program whose declarations are the same objects as a kept
one's, and whose every other part is the same value, type and order to the last item
(`fingerprint`), gets the kept check, with itself as its program. Only a check that passed is
kept; one that fails raises every time, made anew. The kept checks are never handed out: each
caller gets a copy of the tables (`_copied`), so no caller's change reaches the next; what later
passes work out from the check alone (`CheckedProgram.answers`) is shared by the copies.
"""
from __future__ import annotations

import dataclasses

from . import ast as A

KEPT_CHECKS = 16        # programs; as many as ast.Walks.of keeps walks of
_KEPT: dict = {}        # ids of the declarations -> (fingerprint, the program, its check)

_PLAIN = frozenset({str, int, bool, type(None)})


def fingerprint(x):
    """`x` as nested tuples that are equal only for the same values of the same types in the same
    order (True is not 1, a set's order counts, as the checker may go through it); an AST node, or
    any object it does not know, by its identity (the kept program holds it alive, so no other
    object can have its id meanwhile)."""
    t = x.__class__
    if t in _PLAIN:
        return (t, x)
    if t is float:
        return (t, repr(x))         # 0.0 is not -0.0
    if t is list or t is tuple or t is set or t is frozenset:
        return (t, tuple(map(fingerprint, x)))
    if t is dict:
        return (t, tuple((fingerprint(k), fingerprint(v)) for k, v in x.items()))
    if dataclasses.is_dataclass(x) and not isinstance(x, A.Node) and not isinstance(x, type):
        return (t, tuple(fingerprint(getattr(x, f.name)) for f in dataclasses.fields(x) if f.compare))
    return (object, id(x))


def kept(program, check):
    """`check(program)`, or a copy of it kept from a program the same to the last value."""
    key = tuple(map(id, program.decls))
    print_ = fingerprint(program)
    got = _KEPT.get(key)
    if got is not None and got[0] == print_:
        return _copied(got[2], program)
    out = check(program)
    if len(_KEPT) >= KEPT_CHECKS:
        _KEPT.pop(next(iter(_KEPT)))
    _KEPT[key] = (print_, program, _copied(out, out.program))
    return out


def _copied(checked, program):
    """`checked` for `program`, its own lists, dicts and sets copied (what they hold is shared,
    as it is with the AST: nothing changes a resolved name, a type or a record once checked),
    but for those that are no part of the check (`compare=False`: `answers`), which are shared."""
    fields = dataclasses.fields(checked)
    parts = {f.name: getattr(checked, f.name) for f in fields}
    for f in fields:
        if f.compare and parts[f.name].__class__ in (list, dict, set):
            parts[f.name] = parts[f.name].copy()
    parts["program"] = program
    return checked.__class__(**parts)
