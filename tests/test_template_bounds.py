"""A long text a template makes, charged by lines rather than a call (issue 9).

A text a template makes is charged its length when longer than `budgets.SMALL` (32). An
option's label and a template that is a whole expression's value (a prompt, a `say`) are
charged by statements written after the text (`codegen.whole_charge_lines`), not by a call of
`codegen.sized`'s helper inside the expression; the charge, and the budget error with its line,
must be the same as the closures of `compiler.py` give.
"""
import re

from inline import write
from tabletop.interpreter import codegen, machine
from tabletop.interpreter.api import load_game
from tabletop.interpreter.errors import BudgetExceeded

LABELS = '''
game "Long labels"
players 1
kind card from "cards.yaml":
    name: text
var tally: int = 0
define score(p: player): int = tally
turn:
    choose c from card labelled "Take {c}, with {tally} taken" prompt "Pick one of the cards on the table: {tally} taken"
    tally += 1
    choose prompt "Then one more card, with {tally} taken so far":
        option "Keep the card called {d} for later" for d in card:
            tally += 1
        option "Keep {tally} cards and stop here, right now":
            tally += 1
    end game "Done."
'''


def test_a_long_label_or_prompt_charged_by_lines_charges_and_stops_as_the_closures_do(tmp_path, monkeypatch):
    """An option's label, and a prompt, that may pass 32 characters is charged by the lines
    after it (`codegen.whole_charge_lines`), not by a call: at every work budget from none to
    enough, the generated source and the closures list the same options or stop with the same
    error at the same line."""
    written = []
    compiled = codegen._compiled
    monkeypatch.setattr(codegen, "_compiled", lambda text, *rest: written.append(text) or compiled(text, *rest))
    folder = write(tmp_path, LABELS, **{"cards.yaml": "cards:\n  - {name: Ace}\n  - {name: A card named at length}\n"})
    codegen._CODE.clear()
    games = {source: load_game(str(folder), source=source) for source in (True, False)}
    # Every label and prompt is charged by lines: no template measured inside an expression.
    texts = [t for t in written if "'Take '" in t or "'Keep '" in t or "'Pick one" in t or "'Then one" in t]
    assert len([t for t in texts if t.startswith("def _options")]) == 2 and all("m.work -= len(_label)" in t and "len(_t :=" not in t for t in texts), texts
    seen = {True: [], False: []}
    for budget in range(400):
        monkeypatch.setattr(machine, "WORK_BUDGET", budget)
        for source, g in games.items():
            try:
                s = g.new_state(seed=1)
                s.apply(1)
                seen[source].append((s.pending.prompt, s.options()))
            except BudgetExceeded as e:
                seen[source].append((str(e), e.span.line))
    assert seen[True] == seen[False]
    # Stopped at each statement's own charge, and at each long text: both labels and prompts, the
    # label of an option with no list, and the kept label of one with a list (made once per card).
    told = {re.search(r"game.rules:(\d+:\d+)", x[0]).group(1) for x in seen[True] if type(x[1]) is int}
    assert told == {"8:5", "8:33", "8:71", "10:19", "11:16", "13:16"}, told
    assert seen[True][-1] == ("Then one more card, with 1 taken so far",
                              ["Keep the card called Ace for later", "Keep the card called A card named at length for later",
                               "Keep 1 cards and stop here, right now"])
