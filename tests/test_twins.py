"""A decision whose labels can never be twins skips the look for them (interpreter/twins.py); one
that can have twins keeps it, and its twins are still merged or numbered."""
import random

import pytest

from bundled import bundled
from inline import CELL_GRID, game
from tabletop.interpreter import statements as S

RULES = """
game "Twins"
players 1
""" + CELL_GRID + """
kind token from "tokens.yaml":
    name: text
var here: cell = cell "a"
var there: cell = cell "d"
DEFINES
turn:
    choose prompt "Go":
OPTIONS
    end game "One move."
define score(p: player): int = 1
"""

NAMES = ("a", "b", "c", "d")


def cells(names=NAMES, tokens=("x", "y")) -> dict:
    return {"cells.yaml": "cells:\n" + "".join(f'  - {{name: "{n}", row: {r}, col: {c}}}\n'
                                              for n, (r, c) in zip(names, ((0, 0), (0, 1), (1, 0), (1, 1)))),
            "tokens.yaml": "tokens:\n" + "".join(f'  - {{name: "{n}"}}\n' for n in tokens)}


def menu(tmp_path, options: str, defines: str = "", names=NAMES, tokens=("x", "y")):
    body = "".join(f"        {line}:\n            say \"ok\"\n" for line in options.strip().splitlines())
    g = game(tmp_path, RULES.replace("OPTIONS\n", body).replace("DEFINES", defines), **cells(names, tokens))
    st, = [st for st in g.compiled.stmts if isinstance(st, S.Menu)]
    return st.distinct, g.new_state(players=1).options()


def test_the_grid_lists_of_one_space_lie_apart(tmp_path):
    proved, options = menu(tmp_path, 'option "Go to {s.name}" for s in [here] + neighbours(here) + diagonals(here)')
    assert proved and options == ["Go to a", "Go to b", "Go to c", "Go to d"]


def test_the_neighbours_of_two_spaces_can_be_twins(tmp_path):
    # b and c are next to both a and d: each is offered once, as the same move
    proved, options = menu(tmp_path, 'option "Go to {s.name}" for s in neighbours(here) + neighbours(there)')
    assert not proved and options == ["Go to b", "Go to c"]


def test_a_space_drawn_twice_is_two_draws(tmp_path):
    # `somewhere` may roll again at each use: the same name read twice is not the same space
    proved, _ = menu(tmp_path, 'option "Go to {s.name}" for s in [somewhere] + neighbours(somewhere)',
                     "define somewhere: cell = pick(cell)")
    assert not proved


def test_two_calls_of_one_definition_are_two_places(tmp_path):
    defines = "define around(x: cell): list of cell = neighbours(w)\n    where w = x\n" \
              "define corners(x: cell): list of cell = diagonals(w)\n    where w = x"
    proved, options = menu(tmp_path, 'option "Go to {s.name}" for s in around(here) + around(there)', defines)
    assert not proved and options == ["Go to b", "Go to c"]
    proved, _ = menu(tmp_path, 'option "Go to {s.name}" for s in around(here) + corners(here)', defines)
    assert proved


def test_things_of_one_name_are_twins(tmp_path):
    # two alike tokens named "x": one option, found by the look for twins
    proved, options = menu(tmp_path, 'option "Take {t.name}" for t in token', tokens=("x", "y", "x"))
    assert not proved and options == ["Take x", "Take y"]
    proved, options = menu(tmp_path, 'option "Take {t}" for t in token', tokens=("x", "y", "x"))
    assert not proved and options == ["Take x", "Take y"]
    proved, options = menu(tmp_path, 'option "Take {t}" for t in token')
    assert proved and options == ["Take x", "Take y"]


def test_two_options_that_can_say_the_same(tmp_path):
    proved, options = menu(tmp_path, 'option "Go to {s.name}" for s in neighbours(here)\noption "Go to b"')
    assert not proved and options == ["Go to b", "Go to c", "Go to b (2)"]
    proved, options = menu(tmp_path, 'option "Go to {s.name}" for s in neighbours(here)\noption "Go to e"')
    assert proved and options == ["Go to b", "Go to c", "Go to e"]


def test_pairs_whose_words_run_together(tmp_path):
    # "a" with "b and d", and "a and b" with "d", both read "a and b and d"
    option = 'option "{two[0].name} and {two[1].name}" for two in pairs(cell)'
    proved, options = menu(tmp_path, option, names=("a", "b and d", "a and b", "d"))
    assert not proved and options.count("a and b and d") == 1 and "a and b and d (2)" in options
    proved, options = menu(tmp_path, option)
    assert proved and len(options) == 6


def test_a_label_that_does_not_tell_items_apart(tmp_path):
    proved, options = menu(tmp_path, 'option "Go {count(neighbours(s))}" for s in cell')
    assert not proved and options == ["Go 2", "Go 2 (2)", "Go 2 (3)", "Go 2 (4)"]


def _said(st) -> str:
    """The first words of a decision's first label."""
    node = st.node
    label = node.options[0].label if hasattr(node, "options") else node.label
    return label.parts[0] if label is not None and isinstance(label.parts[0], str) else ""


def test_the_bundled_decisions_proved():
    """The menu and choice most asked in Taboo and S'mores Galore are proved (the look cost
    about a percent of Taboo's play): the actions ("Move to {s.name}" ... "Shore up {two[0].name}
    and {two[1].name}" ... "Quick Schooling: become the {r}"), and where the arrow goes."""
    proved = {}
    for folder, variant, g in bundled():
        if variant is None:
            proved[folder.name] = {_said(st) for st in g.compiled.stmts if st.distinct and st.node is not None}
    assert "Move to " in proved["taboo_atoll_express"]
    assert "Take " in proved["smores_galore"]


@pytest.mark.parametrize("book", ["taboo_atoll_express", "smores_galore", "smackatoa", "abatteroxie", "smackshapes"])
def test_no_decision_proved_meets_twins_in_play(book, monkeypatch):
    asked = []

    def ask(st, m, frame, kind, labels, values):
        if st.distinct:
            assert len(set(labels)) == len(labels), (st.span, labels)
            asked.append(len(labels))
        return real(st, m, frame, kind, labels, values)
    real = S._ask_one
    monkeypatch.setattr(S, "_ask_one", ask)
    for folder, variant, g in bundled():
        if folder.name != book:
            continue
        for players in range(g.min_players, g.max_players + 1):
            for seed in range(2):
                s = g.new_state(players=players, seed=seed)
                rnd = random.Random(seed)
                while not s.is_over:
                    pending = s.pending
                    for seat in list(pending.players):
                        s.apply(rnd.randrange(len(s.options(seat))), seat,
                                rnd.uniform(0.3, 1.5) if pending.timed else None)
    if book in ("taboo_atoll_express", "smores_galore"):
        assert asked


def test_a_choice_showing_its_items(tmp_path):
    def choice(source):
        rules = RULES.replace('    choose prompt "Go":\nOPTIONS\n', f"    choose s from {source} prompt \"Go\"\n")
        g = game(tmp_path, rules.replace("DEFINES", ""), **cells())
        st, = [st for st in g.compiled.stmts if isinstance(st, S.Choose)]
        return st.distinct, g.new_state(players=1).options()
    assert choice("neighbours(here) + diagonals(here)") == (True, ["b", "c", "d"])
    assert choice("neighbours(here) + neighbours(there)") == (False, ["b", "c"])
    assert choice("[here, here]") == (False, ["a"])


def test_a_number_shown_can_say_what_another_option_says(tmp_path):
    proved, options = menu(tmp_path, 'option "Wait {count(cell)} turns"\noption "Wait 4 turns"')
    assert not proved and options == ["Wait 4 turns", "Wait 4 turns (2)"]
    proved, options = menu(tmp_path, 'option "Wait {count(cell)} turns"\noption "Wait four turns"\n'
                                     'option "Go to {s.name}" for s in cell')
    assert proved and options == ["Wait 4 turns", "Wait four turns", "Go to a", "Go to b", "Go to c", "Go to d"]


def test_a_long_chain_of_definitions(tmp_path):
    """As deep as the checker lets a chain of definitions go: proved, or (past Python's stack)
    not, never an error."""
    chain = "".join(f"define d{k}: list of cell = d{k + 1}\n" for k in range(300)) + "define d300: list of cell = cell\n"
    _, options = menu(tmp_path, 'option "Go to {s.name}" for s in d0', chain)
    assert options == ["Go to a", "Go to b", "Go to c", "Go to d"]
