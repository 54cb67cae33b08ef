"""A template that can never make more than 32 characters is not measured (issue 9).

A text a template makes is charged its length when longer than `budgets.SMALL` (32); the
generated source tests each text's length for that. Where the template's own words and the
longest each of its values can be shown as (a thing's name, a data field, an enum value, a
player, a number of a declared range, a text definition's value) cannot pass 32 characters,
the test is left out (`codegen.Source.longest_text`). These tests hold a rulebook at the edge:
names that make exactly 32 characters, and 33 (in the data, and added by a variant's `extend
kind`), and compare every value and charge with the closures of `compiler.py`.
"""
import re

from inline import write
from tabletop.interpreter.api import load_game
from tabletop.interpreter.machine import Machine

RULES = '''
game "Edges"
players 1 to 3
enum colour: red, sky_blue
kind card from "cards.yaml":
    name: text
var level: int in -99 to 999 = 0
var tally: int = 0
define edge(c: card): text = "Play {c}"
define named(c: card): text = "Play {c.name}"
define twice(c: card): text = "{edge(c)}!"
define hue(x: colour): text = "This card is coloured {x}"
define who(p: player): text = "{p} plays a card now, then"
define at_level: text = "The level of the game is {level}"
define counted: text = "{tally}"
turn:
    end game
winners: players
'''
EXTEND = 'extends "../game.rules"\n\nextend kind card from "more.yaml":\n    rank: int, default 0\n'


def cards(*names: str) -> str:
    return "cards:\n" + "".join(f"  - {{name: {n}}}\n" for n in names)


def book(tmp_path, longest: int, added: int | None = None):
    """The rulebook with cards named 'Ace' and one of `longest` letters, and a variant adding one
    of `added` letters."""
    files = {"cards.yaml": cards("Ace", "L" * longest)}
    if added is not None:
        files |= {"variants__longer.rules": EXTEND, "variants__more.yaml": cards("M" * added)}
    return write(tmp_path, RULES, **files)


def measured(g, name: str) -> bool:
    """Does the definition's generated source test the length of the text it makes?"""
    f = g.compiled.fast[name]      # the generated function, or a wrapper that keeps its values
    own = [x for x in (f, getattr(f, "definition", None), *(c.cell_contents for c in f.__closure__ or ()))
           if hasattr(x, "source")]
    return bool(re.search(r"len\(_t := ", own[0].source))


def played(folder, variant=None) -> dict:
    """Each definition's value and the work it was charged, for each thing, colour or player it
    takes, with the generated source and with the closures alone (which must agree)."""
    found = {}
    for source in (True, False):
        g = load_game(str(folder), variant=variant, source=source)
        m = Machine(g.compiled, g.new_state(players=3, seed=1).to_json())
        got = found[source] = []
        calls = [("edge", (c,)) for c in range(g.compiled.kinds["card"])]
        calls += [("named", (c,)) for c in range(g.compiled.kinds["card"])]
        calls += [("twice", (c,)) for c in range(g.compiled.kinds["card"])]
        calls += [("hue", (x,)) for x in ("red", "sky_blue", None)] + [("who", (p,)) for p in (0, 2, None)]
        for name, args in calls:
            before = m.work
            got.append((name, args, g.compiled.defines[name](m, args), before - m.work))
        for level in (-99, 999, 5):       # the level's range: "-99" and "999", 28 characters
            m.g[g.compiled.global_names.index("level")] = level
            before = m.work
            got.append(("at_level", level, g.compiled.defines["at_level"](m, ()), before - m.work))
    assert found[True] == found[False]
    return {(name, args): (value, cost) for name, args, value, cost in found[True]}


def test_a_template_that_cannot_pass_32_characters_is_not_measured(tmp_path):
    folder = book(tmp_path, 27)         # "Play " and 27 letters: 32 at most
    g = load_game(str(folder))
    assert not measured(g, "edge") and not measured(g, "named")
    assert not measured(g, "hue")        # 22 words and "sky blue"
    assert not measured(g, "who")        # "nobody" or "Player 3", and 20 words
    assert not measured(g, "at_level")   # 25 words and at most 4 characters of its range ("none")
    assert measured(g, "twice")          # "Play " and 27 letters, and "!": 33
    assert measured(g, "counted")        # a number of no range may be long
    got = played(folder)
    assert got[("edge", (1,))] == ("Play " + "L" * 27, got[("edge", (0,))][1])     # 32: charged nothing more
    assert got[("twice", (1,))][0] == "Play " + "L" * 27 + "!"
    assert got[("at_level", -99)] == ("The level of the game is -99", got[("at_level", 5)][1])


def test_a_template_that_may_pass_32_characters_charges_a_long_text(tmp_path):
    folder = book(tmp_path, 28)         # "Play " and 28 letters: 33
    g = load_game(str(folder))
    assert measured(g, "edge") and measured(g, "named")
    got = played(folder)
    assert got[("edge", (1,))][1] - got[("edge", (0,))][1] == 33       # the long one costs its length
    assert got[("named", (1,))][1] - got[("named", (0,))][1] == 33


def test_a_variants_records_count_in_the_bound(tmp_path):
    """The base's names make 32 characters at most, the variant's added card 33: the variant's
    templates test the length and charge it, the base's do not."""
    folder = book(tmp_path, 27, added=28)
    assert not measured(load_game(str(folder)), "edge")
    g = load_game(str(folder), variant="longer")
    assert measured(g, "edge") and measured(g, "named")
    got = played(folder, "longer")
    assert got[("edge", (2,))][0] == "Play " + "M" * 28
    assert got[("edge", (2,))][1] - got[("edge", (0,))][1] == 33
    assert got[("named", (2,))][1] - got[("named", (0,))][1] == 33


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
    from tabletop.interpreter import machine
    from tabletop.interpreter.errors import BudgetExceeded
    folder = write(tmp_path, LABELS, **{"cards.yaml": cards("Ace", "A card named at length")})
    games = {source: load_game(str(folder), source=source) for source in (True, False)}
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
