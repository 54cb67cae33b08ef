"""The checker's passes share their walks of the rulebook: `Checker.walked` walks a rule's body
once for every pass that goes through it, and `Checker.nodes_of` hands a pass the nodes of the
classes it looks for, in the order `all_nodes` has them, as asking every node would."""
from pathlib import Path

import pytest

from tabletop.dsl import ast as A
from tabletop.dsl import checker as C
from tabletop.dsl.loader import load_program

RULEBOOKS = Path(__file__).resolve().parent.parent / "rulebooks"
BOOKS = sorted(p.name for p in RULEBOOKS.iterdir() if (p / "game.rules").exists())


def checked(book: str) -> C.Checker:
    checker = C.Checker(load_program(str(RULEBOOKS / book), None))
    checker.run()
    return checker


@pytest.mark.parametrize("book", BOOKS)
def test_nodes_of_are_the_nodes_of_those_classes_in_walk_order(book):
    checker = checked(book)
    nodes = checker.all_nodes()
    for classes in [(A.Call,), (A.Stmt,), (A.RuleDecl,), (A.Assign, A.AddTo, A.Move, A.Draw, A.CallStmt, A.Signal),
                    (A.Name, A.Field, A.Expr), (A.CallStmt, A.Call, A.Name), (A.MenuExtendDecl,)]:
        got = checker.nodes_of(*classes)
        assert [id(n) for n in got] == [id(n) for n in nodes if isinstance(n, classes)], classes
        assert checker.nodes_of(*classes) is got        # kept for the next pass


def counted_walks(monkeypatch) -> list:
    """Make `A.walk` note the id of each node it is asked to walk, in the list returned."""
    walked = []
    real = A.walk

    def walk(node, statements=True):
        walked.append(id(node))
        return real(node, statements)
    monkeypatch.setattr(A, "walk", walk)
    return walked


def test_a_rule_body_is_walked_once_for_every_pass(monkeypatch):
    """Before, each pass over the rules' bodies (calls, endings, the zones a rule changes, what
    may end the game, ...) walked them again: a rule's body was walked seven times or more."""
    program = load_program(str(RULEBOOKS / "smackatoa"), None)
    real = A.walk
    walked = counted_walks(monkeypatch)
    checker = C.Checker(program)
    checker.run()
    bodies = [s.decl.body for s in checker.rules.values()]
    assert bodies and all(walked.count(id(body)) <= 1 for body in bodies)
    body = bodies[0]
    assert checker.walked(body) is checker.walked(body)
    assert [id(n) for n in checker.walked(body)] == [id(n) for n in real(body)]


GAMES = Path(__file__).resolve().parent / "games"
EVERY = [RULEBOOKS / b for b in BOOKS] + sorted(p for p in GAMES.iterdir() if (p / "game.rules").exists())


@pytest.mark.parametrize("folder", EVERY, ids=lambda p: p.name)
def test_the_walks_of_one_walk_are_the_walks_of_every_node(folder):
    """`A.Walks` hands each node's walk as a slice of one walk of all the declarations: the same
    nodes, in the same order, as `A.walk` of that node, with the statements under it or without;
    a field's value (a list of nodes, none, a number) too, and `size` is the count without; `under`
    picks the nodes of some classes among them, and `own_size` counts a statement's own
    expressions' nodes, as the compiler did by `size` of each of its fields."""
    program = load_program(str(folder), None)
    walks = A.Walks(program.decls)
    assert [id(n) for n in walks.nodes] == [id(n) for n in A.walk(program.decls)]
    values = list(walks.nodes) + [getattr(n, name) for n in walks.nodes for name in A._BRANCHES[n.__class__]]
    for x in values:
        for statements in (True, False):
            assert [id(n) for n in walks.walk(x, statements)] == [id(n) for n in A.walk(x, statements)], (x, statements)
        assert walks.size(x) == sum(1 for _ in A.walk(x, statements=False))
        for classes in [(A.Comprehension, A.Lambda), (A.Stmt,), (A.Name, A.Call)]:
            for statements in (True, False):
                assert [id(n) for n in walks.under(x, classes, statements)] == \
                    [id(n) for n in A.walk(x, statements) if isinstance(n, classes)], (x, classes, statements)
        if isinstance(x, A.Stmt):
            assert walks.own_size(x) == sum(walks.size(v) for k, v in vars(x).items() if k != "span")


def test_the_compiler_walks_no_body_the_checker_walked(monkeypatch):
    """The compiler's passes (each expression's size, the slots its comprehensions bind, what a
    definition reads, whether it can be put in place) take their walks from the checker's one
    walk of the rulebook (`CheckedProgram.walks`): before, they walked the bodies of the rules and
    definitions again, four times and more each."""
    from tabletop.interpreter.compiler import compile_program
    checked = C.check(load_program(str(RULEBOOKS / "smackatoa"), None))
    walked = counted_walks(monkeypatch)
    compile_program(checked, {})
    bodies = [s.decl.body for s in checked.rules.values()] + \
             [s.decl.body for s in checked.symbols.values() if s.kind == "define"]
    assert bodies and not any(id(body) in walked for body in bodies)
    assert not any(id(n) in walked for n in checked.walks.nodes if isinstance(n, (A.Stmt, A.Comprehension)))


@pytest.mark.parametrize("folder", EVERY, ids=lambda p: p.name)
def test_field_order_holds_every_node_a_field_holds_in_order(folder):
    """`checker.hidden_zone_read` looks under a node through `A.field_order` (its fields that may
    hold a node, first to last): the same values, in the same order, as its fields that hold a node
    or a list, which it went through before, so it finds the same zone first."""
    program = load_program(str(folder), None)
    for n in A.Walks(program.decls).nodes:
        held = [v for k, v in vars(n).items() if k != "span" and isinstance(v, (A.Node, list, tuple))]
        mine = [v for v in (getattr(n, name) for name in A.field_order(n.__class__)) if isinstance(v, (A.Node, list, tuple))]
        assert [id(v) for v in mine] == [id(v) for v in held], n


def test_a_load_of_unchanged_files_walks_nothing_again(monkeypatch):
    """A warm load of the same files gets the same declarations (the parse cache shares them), so
    their walk, and the index of the nodes of each class, are the ones of the last load
    (`Walks.of`); so do a variant's declarations that the loader grew by an `extend` (it keeps
    them, `Loader.extended`); grown anew, they are new, and only they are walked again
    (`_declaration_walk`)."""
    from tabletop.dsl import loader
    walked = []
    real = A._walk_with_ends

    def walk_with_ends(root):
        walked.append(root)
        return real(root)
    monkeypatch.setattr(A, "_walk_with_ends", walk_with_ends)
    first = C.Checker(load_program(str(RULEBOOKS / "smackatoa"), None))
    first.run()
    walked.clear()
    again = C.Checker(load_program(str(RULEBOOKS / "smackatoa"), None))
    again.run()
    assert again.walks() is first.walks() and walked == []
    assert again.nodes_of(A.Call) is first.nodes_of(A.Call)
    base = load_program(str(RULEBOOKS / "smackshapes"), "colorcracks")
    A.Walks(base.decls)
    walked.clear()
    kept = load_program(str(RULEBOOKS / "smackshapes"), "colorcracks")
    assert all(d is e for d, e in zip(kept.decls, base.decls))
    A.Walks.of(kept.decls)
    assert walked == []
    monkeypatch.setattr(loader, "_GROWN", {})         # the grown declarations not kept: grown anew
    variant = load_program(str(RULEBOOKS / "smackshapes"), "colorcracks")
    walks = A.Walks.of(variant.decls)
    copies = [d for d, e in zip(variant.decls, base.decls) if d is not e]
    assert copies and [id(d) for d in walked] == [id(d) for d in copies]
    assert [id(n) for n in walks.nodes] == [id(n) for n in A.walk(variant.decls)]


def test_an_edited_file_is_walked_anew(tmp_path):
    """The walks kept are found by the declarations themselves, which a file's new text parses to
    anew: after an edit, the checker sees the edited rules (here a definition never used, then
    used), not the walk of the last load."""
    import shutil
    folder = tmp_path / "mini"
    shutil.copytree(GAMES / "mini", folder)

    def unused() -> list:
        checker = C.Checker(load_program(str(folder), None))
        out = checker.run()
        assert [id(n) for n in checker.all_nodes()] == [id(n) for n in A.walk(checker.p.decls)]
        return [w.message for w in out.warnings if w.code == "W102"]
    assert any("'hand_suits'" in m for m in unused())
    rules = folder / "game.rules"
    rules.write_text(rules.read_text().replace("define score(p: player): int = p.points",
                                               "define score(p: player): int = p.points + count(hand_suits(p))"))
    assert not any("'hand_suits'" in m for m in unused())
