"""An item of a list by a whole-number index, `xs[i]` or `current.hand[i - 1]`, is taken in place
by the generated code when it is there (codegen.w_Index); a none, a negative number or one past
the end still goes to `item_at`, whose error names the position and the list's length. The same
values and the same errors, at the same lines and columns, as the call of `item_at` alone gives."""
import pytest

from inline import game
from tabletop.interpreter import codegen
from tabletop.interpreter.errors import RuleError

RULES = """
game "Index"
players 2
var xs: list of int = [10, 20, 30]
player var marks: list of int = [5, 6]
define item(i: int): int = xs[i]
define before(i: int): int = current.marks[i - 1]
define at: int = AT
turn:
    i = at
    say "{item(i)} {before(i)} {xs[i + 1]}"
    end game "Once."
define score(p: player): int = 1
"""


def said(tmp_path, at: str, in_place: bool, monkeypatch):
    tmp_path.mkdir()
    codegen._CODE.clear()
    if not in_place:
        monkeypatch.setattr(codegen, "_read_only", lambda c, e: False)
    g = game(tmp_path, RULES.replace("AT", at))
    monkeypatch.undo()
    codegen._CODE.clear()
    try:
        return [line for line in g.new_state(players=2, seed=1).log if line[:1].isdigit()]
    except RuleError as e:
        return str(e).replace(str(tmp_path), "BOOK")


@pytest.mark.parametrize("at", ["0", "1", "2", "-1", "3", "first([x for x in xs if x > 100])"])
def test_in_place_as_the_call(tmp_path, at, monkeypatch):
    placed = said(tmp_path / "a", at, True, monkeypatch)
    assert placed == said(tmp_path / "b", at, False, monkeypatch)
    if at == "1":
        assert placed == ["20 5 30"]
    if at in ("-1", "3") or at.startswith("first"):
        assert "line" in placed and ("position" in placed or "none" in placed)


def test_the_index_is_in_place_in_the_source(tmp_path, monkeypatch):
    sources = []
    compiled = codegen._compiled
    monkeypatch.setattr(codegen, "_compiled", lambda text, *rest: sources.append(text) or compiled(text, *rest))
    codegen._CODE.clear()
    game(tmp_path, RULES.replace("AT", "1"))
    assert sum("_l[_i] if (_i := " in text for text in sources) >= 3
