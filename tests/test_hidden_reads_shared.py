"""The compiler takes each definition's `hidden_zone_read` from the check when no definition calls
itself (`CheckedProgram.hidden_reads`) instead of working it out again: there every answer is
the definition's own, the same whoever asks first. On a ring of definitions it is not (one
worked out while another of its ring is half done takes that one to read nothing), so then the
compiler works its own out, as before."""
import shutil
from pathlib import Path

import pytest

from tabletop.dsl import ast as A
from tabletop.dsl.checker import check, hidden_zone_read
from tabletop.dsl.loader import load_program
from tabletop.interpreter import compiler as compiler_module

HERE = Path(__file__).resolve().parent
FOLDERS = [p for d in (HERE.parent / "rulebooks", HERE / "games", HERE / "hunt" / "games5")
           for p in sorted(d.iterdir()) if (p / "game.rules").exists()]
BOOKS = [(p, v) for p in FOLDERS for v in [None] + sorted(x.stem for x in (p / "variants").glob("*.rules"))]


def fresh(checked, name: str):
    """A definition's answer worked out alone, with nothing kept from before."""
    return hidden_zone_read(checked.symbols, checked.kind_zones, A.Name(name), {})


@pytest.mark.parametrize("folder,variant", BOOKS, ids=lambda x: getattr(x, "name", str(x)))
def test_the_compiler_uses_the_checks_answers_which_are_each_definitions_own(folder, variant, monkeypatch):
    checked = check(load_program(str(folder), variant))
    assert checked.hidden_reads is not None         # no bundled rulebook or test game has a ring
    given = []
    real = compiler_module.hidden_zone_read

    def asked(symbols, kind_zones, node, defines):
        given.append(defines)
        return real(symbols, kind_zones, node, defines)
    monkeypatch.setattr(compiler_module, "hidden_zone_read", asked)
    compiler_module.compile_program(checked, {})
    assert all(d is checked.hidden_reads for d in given)
    for name, s in checked.symbols.items():
        if s.kind == "define":
            assert checked.hidden_reads.get(name, fresh(checked, name)) == fresh(checked, name), name


def test_on_a_ring_of_definitions_the_answers_are_not_shared(tmp_path):
    folder = tmp_path / "mini"
    shutil.copytree(HERE / "games" / "mini", folder)
    rules = folder / "game.rules"
    rules.write_text(rules.read_text() + "define ring_a(n: int): int = count([c for c in deck]) + ring_b(n - 1)\n"
                                         "define ring_b(n: int): int = if n <= 0 then 0 else ring_a(n)\n")
    checked = check(load_program(str(folder), None))
    assert "ring_a" in checked.recursive and checked.hidden_reads is None
    # Why: asked first, ring_a finds ring_b reading nothing (ring_a half done; the right of `+` is
    # looked at first); asked first, ring_b reads the deck through ring_a.
    first_a: dict = {}
    hidden_zone_read(checked.symbols, checked.kind_zones, A.Name("ring_a"), first_a)
    assert first_a["ring_b"] is None and fresh(checked, "ring_b") == ("deck", "hidden")
