"""The work budget (interpreter/budgets.py) stops runaways (tests/hostile/) but never a real game:
every bundled rulebook plays with a budget a hundred times smaller. And the built-ins rewritten
to take linear time (unique, moving many things) give the same results as the plain ones."""
import random

import pytest

from bundled import bundled_game
from inline import game, write
from tabletop.interpreter import machine
from tabletop.interpreter.api import load_game
from tabletop.interpreter.budgets import SMALL, WORK_BUDGET, Spent
from tabletop.interpreter.errors import BudgetExceeded, RuleError
from tabletop.interpreter.functions import FUNCTIONS, MAX_PATHS
from tabletop.interpreter.statements import Menu
from test_every_rulebook import CASES


@pytest.mark.parametrize("name, variant, players", CASES)
def test_real_games_use_less_than_a_hundredth_of_the_work_budget(monkeypatch, name, variant, players):
    monkeypatch.setattr(machine, "WORK_BUDGET", WORK_BUDGET // 100)
    g = bundled_game(name, variant)
    for seed in range(2):
        s = g.new_state(players=players, seed=seed)
        rnd = random.Random(seed)
        while not s.is_over and s.decisions < 2000:
            pending = s.pending
            for seat in list(pending.players):
                s.apply(rnd.randrange(len(s.options(seat))), seat, 0.5 if pending.timed else None)
        s.scores(), s.render(0)


class FakeMachine:
    work = WORK_BUDGET


@pytest.mark.parametrize("seed", range(20))
def test_unique_keeps_the_first_of_equal_items_in_order(seed):
    rnd = random.Random(seed)
    items = [rnd.choice([1, 2, 3, True, "a", "b", None]) for _ in range(rnd.randrange(80))]
    plain = []
    for x in items:
        if x not in plain:
            plain.append(x)
    assert FUNCTIONS["unique"](FakeMachine(), items) == plain
    pairs = [[rnd.randrange(3), rnd.choice([0, 1, True, None, "a"])] for _ in range(rnd.randrange(60))]
    nested = [[[rnd.randrange(2)], rnd.randrange(2)] for _ in range(rnd.randrange(30))]
    for lists in (pairs, nested, pairs + [3, "a", 3]):
        m = FakeMachine()
        kept = FUNCTIONS["unique"](m, lists)
        expected = [p for i, p in enumerate(lists) if p not in lists[:i]]
        assert kept == expected and all(a is b for a, b in zip(kept, expected))   # the first of equal ones
        lists_among = any(type(x) is list for x in lists)      # charged as compared pair by pair
        assert WORK_BUDGET - m.work == (len(lists) > SMALL) * len(lists) + lists_among * (len(lists) ** 2 // 2)



class GridMachine(FakeMachine):
    """A machine whose every space is on one grid of rows x cols, neighbours in the engine's order."""

    def __init__(self, rows: int, cols: int, work: int):
        self.work = work
        grid = type("Grid", (), {})()
        grid.orthogonal = {r * cols + c: [(r + dr) * cols + c + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                                          if 0 <= r + dr < rows and 0 <= c + dc < cols]
                           for r in range(rows) for c in range(cols)}
        self.grid = grid

    def grid_of(self, s):
        return self.grid


def paths_by_copying(m, s, n, passable):
    """paths() as it was first written: a walk that copies the path at each step, charged its length."""
    out = []

    def walk(path):
        m.work -= len(path)
        if m.work < 0:
            raise Spent()
        if len(out) > MAX_PATHS:
            raise RuleError("too many")
        if len(path) == n + 1:
            out.append(path[1:])
            return
        for y in m.grid_of(s).orthogonal[path[-1]]:
            if y not in path and passable(y):
                walk(path + [y])
    walk([s])
    return out


def same_paths(rows: int, cols: int, shut: set, s: int, n: int, work: int):
    results = []
    for paths in (FUNCTIONS["paths"], paths_by_copying):
        asked, m = [], GridMachine(rows, cols, work)
        try:
            found = paths(m, s, n, lambda x: asked.append(x) or x not in shut)
        except Spent:
            found = "spent"
        except RuleError:
            found = "too many"
        results.append((found, m.work, asked))
    assert results[0] == results[1]
    return results[0][0]


@pytest.mark.parametrize("seed", range(20))
def test_paths_walked_in_place_are_found_charged_and_asked_as_by_copying(seed):
    """The same paths in the same order, the same work charged, the same spaces asked about in
    the same order, and the budget met at the same point."""
    rnd = random.Random(seed)
    for _ in range(40):
        rows, cols = rnd.randint(1, 6), rnd.randint(1, 6)
        shut = {x for x in range(rows * cols) if rnd.random() < 0.25}
        same_paths(rows, cols, shut, rnd.randrange(rows * cols), rnd.randint(0, 7),
                   rnd.choice([WORK_BUDGET, rnd.randint(0, 300)]))


def test_paths_past_the_limit_stop_as_by_copying():
    assert same_paths(12, 12, set(), 66, 10, WORK_BUDGET) == "too many"
    assert same_paths(12, 12, set(), 66, 10, 50_000) == "spent"

MOVES = '''
game "Moves"
players 1
kind card from "cards.yaml":
    name: text
    rank: int
zone deck: card, hidden
zone pile: card, public
setup:
    deck = [c for c in card]
turn:
    move [c for c in deck if c.rank != 7] from deck to pile
    move [c for c in pile if c.rank % 3 == 0] from pile to top of deck
    end game "Moved."
define score(p: player): int = count(deck)
'''


def test_moving_many_things_at_once_keeps_their_order(tmp_path):
    """80 cards (more than the 32 moved one by one): the same result as moving each in turn."""
    cards = "cards:\n" + "".join(f"  - {{name: c{i}, rank: {i}}}\n" for i in range(80))
    g = game(tmp_path, MOVES, **{"cards.yaml": cards})
    data = g.new_state().to_json()
    view = {name: data["globals"][i] for i, name in enumerate(g.compiled.global_names)}
    moved = [i for i in range(80) if i != 7]
    back = [i for i in moved if i % 3 == 0]
    assert view["pile"] == [i for i in moved if i not in back]
    assert view["deck"] == back + [7]


def test_a_budget_error_names_the_definition_and_its_line(tmp_path):
    g = game(tmp_path, '''
        game "Runaway"
        players 1
        var x: int = 0
        define spin(n: int): int = if n == 0 then 0 else spin(n - 1) + spin(n - 1)
        turn:
            x = spin(30)
            end game "Done."
        define score(p: player): int = x
        ''')
    with pytest.raises(BudgetExceeded) as e:
        g.new_state()
    assert e.value.span.line == 4 and "in the definition 'spin'" in str(e.value)


def test_a_long_chain_of_rules_each_calling_the_next_plays(tmp_path):
    """300 rules, each adding one and calling the next: more than are run in place inside one
    another (fusion.INLINE_DEPTH), fewer than the frames the machine allows."""
    chain = "".join(f"rule r{i}:\n    hits += 1\n    r{i + 1}()\n" for i in range(300))
    g = game(tmp_path, 'game "Chain"\nplayers 1\nvar hits: int = 0\n' + chain + "rule r300:\n    hits += 1\n"
             'turn:\n    r0()\n    end game "Done."\ndefine score(p: player): int = hits\n')
    s = g.new_state()
    assert s.is_over and s.result.scores == [301]


BIG_MENU = '''
    game "Big menu"
    players 1
    var a: int = 0
    define score(p: player): int = a
    turn:
        choose prompt "Pick":
            option "One" if a + a + a + a + a + a + a + a > -1:
                a += 1
            option "Two" if a + a + a + a + a + a + a + a > -2:
                end game "Done."
'''


@pytest.mark.parametrize("source", [True, False])
def test_a_large_menu_is_charged_its_size_each_time_it_asks_at_its_own_line(tmp_path, monkeypatch, source):
    """A menu whose expressions are large costs their size at each ask, charged by the menu's own
    `run` (no call around it): with a budget one unit short the rules stop at the menu's line,
    with the budget just enough they ask, and each ask after an answer costs the same."""
    g = load_game(str(write(tmp_path, BIG_MENU)), source=source)
    menu = next(st for st in g.compiled.stmts if isinstance(st, Menu))
    size = menu.big[0]
    assert size > 16 and menu.run.__func__ is Menu.run
    monkeypatch.setattr(machine, "WORK_BUDGET", size - 1)
    with pytest.raises(BudgetExceeded) as e:
        g.new_state(seed=1)
    assert e.value.span.line == menu.span.line and "units of work in the turn section" in str(e.value)
    monkeypatch.setattr(machine, "WORK_BUDGET", size)
    s = g.new_state(seed=1)
    assert s.options() == ["One", "Two"]
    s.apply(0)
    assert s.options() == ["One", "Two"]
    monkeypatch.setattr(machine, "WORK_BUDGET", size - 1)
    with pytest.raises(BudgetExceeded):
        s.apply(0)
