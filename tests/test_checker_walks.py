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


def test_a_rule_body_is_walked_once_for_every_pass(monkeypatch):
    """Before, each pass over the rules' bodies (calls, endings, the zones a rule changes, what
    may end the game, ...) walked them again: a rule's body was walked seven times or more."""
    program = load_program(str(RULEBOOKS / "smackatoa"), None)
    walked = []
    real = A.walk

    def walk(node, statements=True):
        walked.append(id(node))
        return real(node, statements)
    monkeypatch.setattr(A, "walk", walk)
    checker = C.Checker(program)
    checker.run()
    bodies = [s.decl.body for s in checker.rules.values()]
    assert bodies and all(walked.count(id(body)) <= 1 for body in bodies)
    body = bodies[0]
    assert checker.walked(body) is checker.walked(body)
    assert [id(n) for n in checker.walked(body)] == [id(n) for n in real(body)]
