"""A warm load of unchanged files is not checked again (`dsl/kept_checks.py`): the check it gets
is the same, table for table, as checking it anew, and any change to the program (a record's
value, its type, an order) is checked anew."""
import dataclasses
import shutil
from pathlib import Path

import pytest

from tabletop.dsl import checker as C
from tabletop.dsl import kept_checks
from tabletop.dsl.diagnostics import RulebookError
from tabletop.dsl.loader import load_program

RULEBOOKS = Path(__file__).resolve().parent.parent / "rulebooks"
BOOKS = [(p.name, v) for p in sorted(RULEBOOKS.iterdir()) if (p / "game.rules").exists()
         for v in [None] + sorted(x.stem for x in (p / "variants").glob("*.rules"))]


def runs_counted(monkeypatch) -> list:
    """Make `Checker.run` note each program it checks, in the list returned."""
    ran = []
    real = C.Checker.run

    def run(self):
        ran.append(self.p)
        return real(self)
    monkeypatch.setattr(C.Checker, "run", run)
    return ran


@pytest.mark.parametrize("book,variant", BOOKS)
def test_a_kept_check_is_the_check_worked_out_again(book, variant):
    path = str(RULEBOOKS / book)
    C.check(load_program(path, variant))
    program = load_program(path, variant)
    kept = C.check(program)
    fresh = C._checked(program)
    assert kept.program is program
    for f in dataclasses.fields(kept):
        if f.name == "walks":
            # one walk of the same declarations, though not always the same object: `Walks.of`
            # keeps the last few programs' only, and other tests in this process load many
            assert [id(n) for n in kept.walks.nodes] == [id(n) for n in fresh.walks.nodes]
        elif f.name != "program" and f.compare:
            assert getattr(kept, f.name) == getattr(fresh, f.name), f.name


def test_an_unchanged_load_is_not_checked_again_and_gets_tables_of_its_own(monkeypatch):
    ran = runs_counted(monkeypatch)
    path = str(RULEBOOKS / "taboo_atoll_express")
    first = C.check(load_program(path, None))
    second = C.check(load_program(path, None))
    assert len(ran) <= 1
    second.warnings.append("a caller's own note")
    second.refs.clear()
    third = C.check(load_program(path, None))
    assert len(ran) <= 1
    assert third.refs == first.refs and third.refs and "a caller's own note" not in third.warnings


def test_a_changed_record_is_checked_again_and_the_same_one_not(tmp_path, monkeypatch):
    book = tmp_path / "taboo"
    shutil.copytree(RULEBOOKS / "taboo_atoll_express", book)
    C.check(load_program(str(book), None))
    ran = runs_counted(monkeypatch)
    data = next(p for p in sorted(book.glob("*.yaml")) if "name:" in p.read_text())
    text = data.read_text()
    data.write_text(text.replace("name:", "name: 12 #", 1))     # a text's value made a number
    with pytest.raises(RulebookError):
        C.check(load_program(str(book), None))
    assert len(ran) == 1
    data.write_text(text)           # as it was: the check kept before
    C.check(load_program(str(book), None))
    assert len(ran) == 1


def test_the_fingerprint_tells_types_and_orders_apart():
    f = kept_checks.fingerprint
    assert f({"a": True}) != f({"a": 1})
    assert f([1]) != f([1.0]) and f(0.0) != f(-0.0)
    assert f(["a", "b"]) != f(["b", "a"]) and f((1,)) != f([1])
    assert f({"a": 1, "b": 2}) != f({"b": 2, "a": 1})
    assert f({"x": [1, "a", None]}) == f({"x": [1, "a", None]})
    thing = object()
    assert f(thing) == f(thing) != f(object())


def test_a_variant_that_extends_gets_the_declarations_it_had_and_is_not_checked_again(monkeypatch):
    path = str(RULEBOOKS / "smackshapes")
    first = load_program(path, "colorcracks")
    C.check(first)
    ran = runs_counted(monkeypatch)
    again = load_program(path, "colorcracks")
    assert all(a is b for a, b in zip(first.decls, again.decls)) and len(first.decls) == len(again.decls)
    C.check(again)
    assert ran == []


def test_an_extend_that_told_an_error_is_merged_again_and_tells_it_again(tmp_path):
    book = tmp_path / "smackshapes"
    shutil.copytree(RULEBOOKS / "smackshapes", book)
    (book / "variants" / "twice.rules").write_text('extends "../game.rules"\n\nextend enum colour: red, pink\n')
    for _ in range(2):
        with pytest.raises(RulebookError) as told:
            C.check(load_program(str(book), "twice"))
        assert [d.code for d in told.value.diagnostics] == ["E015"]


@pytest.mark.parametrize("book,variant", BOOKS)
def test_the_fixed_definitions_a_kept_check_shares_are_those_worked_out_again(book, variant):
    from tabletop.interpreter import purity
    from tabletop.interpreter.compiler import Compiler, compile_program
    path = str(RULEBOOKS / book)
    compile_program(C.check(load_program(path, variant)), {})
    checked = C.check(load_program(path, variant))
    assert "fixed definitions" in checked.answers       # shared with the check compiled above
    compiler = Compiler(checked, {})
    compiler.compile()
    fixed = purity.fixed_definitions(compiler)
    assert compiler.fixed == fixed and compiler.seated == purity.fixed_definitions(compiler, seated=True) - fixed
