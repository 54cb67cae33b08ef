"""`purity.fixed_definitions` looks at each definition's body once, taking every definition it
calls as fixed, and then drops those that call one dropped: the same definitions as looking at
every body again with the set as it shrinks, until none changes (the greatest set each of whose
definitions is fixed given the others), for every rulebook, variant and test game, with and
without the seats known."""
import dataclasses
from pathlib import Path

import pytest

from tabletop.dsl.checker import check
from tabletop.dsl.loader import load_program
from tabletop.interpreter import compiler as compiler_module
from tabletop.interpreter import purity

HERE = Path(__file__).resolve().parent
FOLDERS = [p for d in (HERE.parent / "rulebooks", HERE / "games", HERE / "hunt" / "games5")
           for p in sorted(d.iterdir()) if (p / "game.rules").exists()]
BOOKS = [(p, v) for p in FOLDERS for v in [None] + sorted(x.stem for x in (p / "variants").glob("*.rules"))]


def shrinking(compiler, seated: bool) -> set:
    """Every body looked at again against the set as it shrinks, until none changes."""
    decls = {n: s.decl for n, s in compiler.c.symbols.items() if s.kind == "define"}
    fixed = {n for n, d in decls.items() if all(purity._key_type(compiler.c.param_type(p)) for p in d.params)}
    changed = True
    while changed:
        changed = False
        for name in sorted(fixed):
            if not purity._fixed(compiler, decls[name].body, fixed, seated):
                fixed.discard(name)
                changed = True
    return fixed


@pytest.mark.parametrize("folder,variant", BOOKS, ids=lambda x: getattr(x, "name", str(x)))
def test_the_fixed_definitions_are_those_of_looking_again_until_none_changes(folder, variant, monkeypatch):
    seen = []
    real = purity.fixed_definitions

    def both(compiler, seated=False):
        got = real(compiler, seated)
        seen.append((got, shrinking(compiler, seated)))
        return got
    monkeypatch.setattr(purity, "fixed_definitions", both)
    # Answers of its own: a check kept from an earlier load shares those worked out before.
    checked = dataclasses.replace(check(load_program(str(folder), variant)), answers={})
    compiler_module.compile_program(checked, {})
    assert len(seen) == 2
    for got, expected in seen:
        assert got == expected
