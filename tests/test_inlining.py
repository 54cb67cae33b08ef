"""Small definitions written in place where they are used (interpreter/inlining.py): the same
values as a call, a none still told by the definition at its own line, and only definitions
that cannot fail are written so."""
import re

import pytest

from inline import game
from tabletop.interpreter import codegen
from tabletop.interpreter.api import RuleError
from tabletop.interpreter.machine import Machine


def own(fn):
    """A definition's own function, not the one that keeps its values (memo.py)."""
    return getattr(fn, "definition", fn)


def calls(g, name: str, fn) -> bool:
    """Does definition function `fn`'s source call definition `name` (through its one-item list,
    `Compiled.cell`)?"""
    fn = own(fn)
    cell = g.compiled.definition_cells[name]
    return any(f"{k}[0](m" in fn.source for k, v in fn.__globals__.items() if v is cell)

# The tiles, a deck and hands of them, and a player variable: what both test rulebooks hold.
TILES_AND_HANDS = '''
    kind tile from "tiles.yaml":
        name: text
        row: int
    zone deck: tile, hidden
    player zone hand: tile, owner
    var who: player = none'''
RULES = '''
    game "In place"
    players 3''' + TILES_AND_HANDS + '''
    define holding(p: player): bool = count(p.hand) > 0
    define low(t: tile): bool = t.row == 0
    define next_row(t: tile): int = t.row + 1
    define holders: list of player = [p for p in players if holding(p)]
    define low_tiles: list of tile = [t for t in deck if low(t)]
    define rows_after: list of int = [next_row(t) for t in deck]
    setup:
        deck = [t for t in tile]
        move first(deck) from deck to players[1].hand
    turn:
        choose p from players labelled "{p}"
        CHANGE
        end game "done"
    winners: players
'''
TILES = {"tiles.yaml": "tiles:\n" + "".join(f"  - {{name: t{i}, row: {i % 2}}}\n" for i in range(4))}


def test_a_small_definition_is_written_in_place_and_gives_what_a_call_gives(tmp_path, monkeypatch):
    g = game(tmp_path, RULES.replace("CHANGE", "who = p"), **TILES)
    fast = g.compiled.fast
    assert "len(m.pl[" in own(fast["holders"]).source           # count(p.hand) > 0, with no call
    assert calls(g, "low", fast["low_tiles"])         # ...only where a none would go
    assert calls(g, "next_row", fast["rows_after"])   # `+` can fail: always a call
    s = g.new_state(seed=0)
    assert s.evaluate("holders") == ["Player 2"]
    assert s.evaluate("low_tiles") == ["t2"]
    assert s.evaluate("rows_after") == [2, 1, 2]
    monkeypatch.setattr(codegen, "_compiled", lambda *args: None)       # every definition a call
    slow = game(tmp_path, RULES.replace("CHANGE", "who = p"), **TILES).new_state(seed=0)
    assert [slow.evaluate(n) for n in ("holders", "low_tiles", "rows_after")] == [["Player 2"], ["t2"], [2, 1, 2]]


@pytest.mark.parametrize("closures", [False, True])
def test_a_none_given_to_a_definition_written_in_place_is_its_error_at_its_line(tmp_path, monkeypatch, closures):
    texts, compiled = [], codegen._compiled
    monkeypatch.setattr(codegen, "_compiled", lambda text, *args: None if closures else texts.append(text) or compiled(text, *args))
    g = game(tmp_path, RULES.replace("CHANGE", "if holding(who):\n            who = p"), **TILES)
    if not closures:     # written in place, with the test that sends a none to the definition itself
        assert any(re.search(r"\(len\(m\.pl\[m\.g\[1\]\]\[0\]\) > 0\) if m\.g\[1\] is not None else _k\d+\[0\]\(m, m\.g\[1\]\)", t)
                   for t in texts)
    s = g.new_state(seed=0)
    with pytest.raises(RuleError) as e:
        s.apply(0)
    assert e.value.span.line == 9           # `define holding`, not the turn's line
    assert "holding" in str(e.value)


ANSWERS = '''
    game "Answers"
    players 2
    kind tile from "tiles.yaml":
        name: text
        row: int
    zone deck: tile, public
    var picked: list of tile = []
    define first_low: tile = first([t for t in deck if t.row == 0])
    define first_row: int = first([t.row for t in deck])
    define any_high: bool = any([t.row == 3 for t in deck])
    define all_low: bool = all([t.row < 9 for t in deck])
    define lows: int = count([t for t in deck if t.row == 0])
    define picked_low: tile = first([t for t in picked if t.row == 0])
    setup:
        deck = [t for t in tile]
        picked = [first(deck), none]
    turn:
        choose t from deck labelled "{t}"
        if picked_low == t:
            end game "found"
        end game "done"
    winners: players
'''
MANY_TILES = {"tiles.yaml": "tiles:\n" + "".join(f"  - {{name: t{i}, row: {i % 4}}}\n" for i in range(40))}


def answers(tmp_path, monkeypatch, closures: bool):
    texts, compiled = [], codegen._compiled
    monkeypatch.setattr(codegen, "_compiled", lambda text, *a: None if closures else texts.append(text) or compiled(text, *a))
    g = game(tmp_path, ANSWERS, **MANY_TILES)
    s = g.new_state(seed=0)
    m = Machine(g.compiled, s.to_json())
    out = {}
    for name in ("first_low", "first_row", "any_high", "all_low", "lows"):
        before = m.work
        out[name] = (g.compiled.defines[name](m, ()), before - m.work)
    with pytest.raises(RuleError) as e:
        s.apply(0)
    return out, e.value, texts


def test_count_first_any_and_all_of_a_list_are_answered_as_the_list_would_answer(tmp_path, monkeypatch):
    fast, error, texts = answers(tmp_path, monkeypatch, False)
    monkeypatch.undo()
    (tmp_path / "slow").mkdir()
    slow, slow_error, _ = answers(tmp_path / "slow", monkeypatch, True)
    assert fast == slow          # the same values, and the same work charged
    assert fast["lows"][0] == 10 and fast["any_high"][0] is True and fast["all_low"][0] is True
    # Each answered by its loop, which stops at its answer, without making the list:
    body = next(t for t in texts if "_ys = False" in t)
    assert "break" in body and "_ys.append" not in body
    # A list that may hold a none (a variable) is made whole, so a none after the answer is
    # still the error the rules meet: first() of it reads every item's row.
    lines = [x.strip() for x in ANSWERS.strip().splitlines()]
    for e in (error, slow_error):
        assert "The definition 'picked_low' cannot be worked out: a value it needs is none" in str(e)
    assert error.span.line == slow_error.span.line == 1 + next(i for i, x in enumerate(lines) if x.startswith("define picked_low"))


TALLY_RULES = '''
    game "Tally"
    players 2''' + TILES_AND_HANDS + '''
    var wanted: int = 1
    define in_row(p: player, r: int): int = count([t for t in p.hand if t.row == r])
    define holds_row(p: player, r: int): bool = any([t.row == r for t in p.hand])
    define deck_rows: int = count([t for t in deck if t.row == wanted])
    define counts: list of int = [in_row(p, 1) for p in players]
    define holding: list of bool = [holds_row(p, 2) for p in players]
    define holding_wanted: list of bool = [holds_row(p, wanted) for p in players]
    define holding_none: list of bool = [holds_row(p, 7) for p in players]
    setup:
        deck = [t for t in tile]
        draw HELD from deck to players[0].hand
    turn:
        choose p from players labelled "{p}"
        if in_row(who, 0) > 0:
            who = p
        end game "done"
    winners: players
'''


@pytest.mark.parametrize("held", [5, 40])
def test_a_count_or_search_of_a_zone_by_a_field_is_written_in_place_and_gives_what_a_call_gives(tmp_path, monkeypatch, held):
    """`count([t for t in p.hand if t.row == r])` and `any([t.row == r for t in p.hand])` are
    asked of Python in place (a short zone) and give what the definition gives, called, for a
    zone of a few things and of more than SMALL; a none still goes to the definition."""
    tiles = {"tiles.yaml": "tiles:\n" + "".join(f"  - {{name: t{i}, row: {i % 3}}}\n" for i in range(60))}
    rules = TALLY_RULES.replace("HELD", str(held))
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    g = game(tmp_path / "a", rules, **tiles)
    fast = g.compiled.fast
    assert calls(g, "in_row", fast["counts"]) and "(_l := m.pl[" in own(fast["counts"]).source
    # `any` asks the set of the things of that value (known when it is written, or looked up).
    assert calls(g, "holds_row", fast["holding"]) and "(not _k" in own(fast["holding"]).source
    assert "(not _k" in own(fast["holding_wanted"]).source and "](_l)" in own(fast["holding_wanted"]).source
    names = ("counts", "holding", "deck_rows", "holding_wanted", "holding_none")
    s = g.new_state(seed=0)
    answers = [s.evaluate(n) for n in names]
    monkeypatch.setattr(codegen, "_compiled", lambda *args: None)       # every definition a call
    slow = game(tmp_path / "b", rules, **tiles).new_state(seed=0)
    assert [slow.evaluate(n) for n in names] == answers
    assert answers == [[sum(1 for i in range(held) if i % 3 == 1), 0], [held > 2, False],
                       sum(1 for i in range(held, 60) if i % 3 == 1), [held > 1, False], [False, False]]
    with pytest.raises(RuleError) as e:          # who is none: the definition's own error
        s.apply(0)
    assert "The definition 'in_row'" in str(e.value) and "a player who is nobody" in str(e.value)
