"""Rules compiled to Python source (issue 9): the source is safe by construction, and the speed
paths (generated source, fused statements, kept values) play the same game as the rules say.

Safety is checked on the source itself: every function generated for every bundled rulebook and
variant, and for a rulebook whose texts try to break out of their quotes, is parsed and may hold
only the names, attributes and literals `interpreter/codegen.py` promises.
"""
import ast
import random
import re
from pathlib import Path

import pytest
import yaml

from inline import game, write
from tabletop.dsl import parse_cache
from tabletop.interpreter import codegen, errors
from tabletop.interpreter.api import RuleError, load_game
from tabletop.interpreter.machine import Machine

RULEBOOKS = Path(__file__).resolve().parent.parent / "rulebooks"

# What the source may hold, written out here rather than read from codegen.py, so that adding a
# name there needs a reason here.
NAMES = {"m", "env", "frame", "_value", "_n", "_room", "_i", "_xs", "_ys", "_t", "_l", "_label", "_work", "labels", "values", "args", "seat", "declined", "k",
         "_left",       # `except _k<n> as _left`: a rule run in place that ended the game or a stage (fusion.Left)
         "_error",      # `except _k<n> as _error`: a fused run's error, named by its line (Generated.told)
         "_stamp",      # a kept definition's sum of the write counts of what it reads (codegen.kept)
         "_p",          # the values a pattern written in place is matched against (codegen.matched)
         "_at", "_from",  # the seat asked, by its number in the order from the current player (codegen.first_open)
         "_end",        # where in that order the seats to ask stop (codegen.first_open)
         "range", "len", "abs",
         "type"}        # `type(_value) is _k<n>` (int): a stored number capped without a call when it fits
MADE = re.compile(r"_[kvhzg]\d+")           # a value passed in, an item held in a local, a field's values,
#                                             what a kept definition read: a parameter's zone, a variable (codegen.kept),
#                                             a test several menu options begin with (codegen._guard)
ATTRIBUTES = {"g", "pl", "fl", "s", "envs", "player_count", "work", "steps",         # the machine's state
              "roll", "pick", "shuffled", "match_length",                    # its random draws, patterns
              "append", "join",                                              # labels.append, "".join
              "n",                                                           # _left.n, the statements it ran
              "ver", "kept", "get", "kept_size", "forget_kept"}     # write counts and kept values (codegen.kept)
FUNCTIONS = {"_expression", "_definition", "_options", "_statement", "_fused", "_rule", "_open", "_first", "_kept"}
HOSTILE = "x'); __import__('os').system('echo owned') #\" \\ {{ }} \u00e9\n"


class Sources(list):
    """Source texts, and `definitions`: each definition's source with its `__about__`."""
    def __init__(self):
        super().__init__()
        self.definitions = []


@pytest.fixture
def sources(monkeypatch):
    """Every source text compiled while the fixture is used."""
    texts = Sources()
    compiled = codegen._compiled

    def record(text, name, names, line):
        texts.append(text)
        if name == "_definition":
            texts.definitions.append((text, names["__about__"]))
        return compiled(text, name, names, line)
    monkeypatch.setattr(codegen, "_compiled", record)
    return texts


def unsafe_parts(text: str) -> list:
    """What in a generated function the promise does not allow."""
    bad = []
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id not in NAMES and not MADE.fullmatch(node.id):
            bad.append(f"name {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr not in ATTRIBUTES:
            bad.append(f"attribute {node.attr}")
        elif isinstance(node, ast.Constant) and type(node.value) not in (int, str, bool, float, type(None)):
            bad.append(f"literal {node.value!r}")
        elif isinstance(node, ast.arg) and node.arg not in ("m", "env", "frame", "_room", "values", "args", "seat",
                                                            "declined", "k", "_at", "_end") \
                and not MADE.fullmatch(node.arg):
            bad.append(f"parameter {node.arg}")
        elif isinstance(node, (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal, ast.ClassDef,
                               ast.AsyncFunctionDef, ast.With, ast.Delete)):
            bad.append(type(node).__name__)
        elif isinstance(node, ast.FunctionDef) and node.name not in FUNCTIONS:
            bad.append(f"function {node.name}")
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef):
        bad.append("more than one function")
    return bad


def test_every_bundled_rulebook_compiles_to_source_that_keeps_the_promise(sources):
    codegen._CODE.clear()
    for folder in sorted(p for p in RULEBOOKS.iterdir() if (p / "game.rules").exists()):
        for variant in [None] + sorted(v.stem for v in (folder / "variants").glob("*.rules")):
            load_game(str(folder), variant=variant)
    assert len(sources) > 1000
    kinds = {ast.parse(t).body[0].name for t in sources}
    assert kinds == FUNCTIONS        # each kind of generated function was seen and checked
    for text in sources:
        assert unsafe_parts(text) == [], text
    # Every part of a definition that can fail is placed in its source, so an error there names
    # it (`errors.part_that_failed`): all but an item's bare name and the things or players gone
    # through by number (`[*range(n)]`, written `range(n)` before a loop), which cannot fail.
    assert len(sources.definitions) > 200
    for text, about in sources.definitions:
        lost = [t for (t, _, _), at in zip(about["spans"], errors.placed(text.encode(), about["spans"]))
                if at is None and not re.fullmatch(r"_v\d+", t) and not t.startswith("[*range(")]
        assert lost == [], text


HOSTILE_RULES = '''
    game "Quotes"
    players 1
    kind card from "cards.yaml":
        name: text
        note: text
    var score_text: text = "start"
    define note_of(c: card): text = c.note
    define shout(t: text): text = "<" + t + ">"
    turn:
        choose c from card labelled "Play {c.name}: {c.note}"
        score_text = shout(note_of(c)) + "'\\"{c.name}"
        say "{score_text}"
        end game
    winners: players
'''


def test_rulebook_texts_reach_the_source_only_as_quoted_literals(tmp_path, sources):
    cards = yaml.safe_dump({"cards": [{"name": "a'b", "note": HOSTILE}, {"name": 'c"d', "note": "plain"}]})
    g = game(tmp_path, HOSTILE_RULES, **{"cards.yaml": cards})
    for text in sources:
        assert unsafe_parts(text) == [], text
    s = g.new_state(seed=1)
    note = s.evaluate("note_of", "a'b")
    assert note.startswith("x'); __import__('os').system('echo owned') #")
    assert s.options()[0] == f"Play a'b: {note}"      # a text is shown as written
    s.apply(0)
    assert s.is_over
    assert s.to_json()["log"][-2:] == ["<" + HOSTILE + ">'\"a'b", "The game is over."]


def test_an_error_in_a_fused_run_names_the_statement_that_failed(tmp_path):
    g = game(tmp_path, '''
        game "Fused"
        players 1
        var n: int = 0
        var xs: list of int = [1, 2]
        turn:
            n = 1
            n = n + 1
            if n > 0:
                n = xs[n + 5]
            end game
        winners: players
    ''')
    with pytest.raises(RuleError) as e:
        g.new_state(seed=1)
    assert e.value.span.line == 9          # `n = xs[n + 5]`, inside the fused `if`
    assert "turn section" in str(e.value) and "no item at that position" in str(e.value)


TAIL_RULES = '''
    game "Tails"
    players 1
    var n: int = 0
    var xs: list of int = [1, 2]
    var said: list of int = []
    rule ask:
        choose k from [1, 2] labelled "{k}"
        add k to said
    turn:
        n = n + 1
        if xs[CHANGE] > 0:
            add n to said
            add n to said
            ask()
        n = n + 1
        ask()
        end game
    winners: players
'''


@pytest.mark.parametrize("closures", [False, True])
def test_an_if_or_a_call_that_can_pause_ends_a_fused_run_and_plays_as_alone(tmp_path, monkeypatch, closures):
    if closures:
        monkeypatch.setattr(codegen, "_compiled", lambda *args: None)
    g = game(tmp_path, TAIL_RULES.replace("CHANGE", "0"))
    turn = next(b for b in g.compiled.blocks if b.owner == "turn section" and len(b.stmts) == 5)
    if not closures:
        # `n = n + 1` and the `if` are one step, and so are the second `n = n + 1` and `ask()`;
        # the `if`'s own block, which the machine runs, is fused too.
        assert [type(st).__name__ for st in turn.stmts] == ["Fused", "Skipped", "Fused", "Skipped", "Fused"]
        branch = turn.stmts[1].original.branches[0][1]
        assert type(g.compiled.blocks[branch].stmts[0]).__name__ == "Fused"
    s = g.new_state(seed=1)
    s.apply(1)
    s.apply(0)
    assert s.is_over and s.to_json()["globals"][2] == [1, 1, 2, 1]
    bad = game(tmp_path / "bad", TAIL_RULES.replace("CHANGE", "n + 5")) if (tmp_path / "bad").mkdir() is None else None
    with pytest.raises(RuleError) as e:
        bad.new_state(seed=1)
    assert e.value.span.line == 11 and "no item at that position" in str(e.value)    # the `if` ending the run


CHAIN_RULES = TAIL_RULES[:TAIL_RULES.index("    turn:")].replace("Tails", "Chain") + '''\
    turn:
        if n == 5:
            ask()
        elif n == 6:
            ask()
        elif xs[CHANGE] > 3:
            add 7 to said
            ask()
        elif n == 0:
            add 8 to said
            ask()
        else:
            add 9 to said
            ask()
        n = n + 1
        if n > 1:
            end game
    winners: players
'''


@pytest.mark.parametrize("closures", [False, True])
def test_an_if_of_three_conditions_that_can_pause_is_tested_in_one_step(tmp_path, monkeypatch, closures):
    """An `if` with three conditions or more, standing first in its block, is a fused run of its
    own: its conditions are tested in one call (they were a call each), and the branch chosen is
    pushed as the machine pushes it; the same game, and an error in the third condition names the
    `if`, as it does unfused."""
    if closures:
        monkeypatch.setattr(codegen, "_compiled", lambda *args: None)
    g = game(tmp_path, CHAIN_RULES.replace("CHANGE", "0"))
    turn = next(b for b in g.compiled.blocks if b.owner == "turn section" and len(b.stmts) == 3)
    assert type(turn.stmts[0]).__name__ == ("If" if closures else "Fused")
    s = g.new_state(seed=1)
    s.apply(1)
    s.apply(0)
    assert s.is_over and s.to_json()["globals"][2] == [8, 2, 9, 1]
    (tmp_path / "bad").mkdir()
    bad = game(tmp_path / "bad", CHAIN_RULES.replace("CHANGE", "n + 5"))
    with pytest.raises(RuleError) as e:
        bad.new_state(seed=1)
    assert e.value.span.line == 10 and "no item at that position" in str(e.value)     # the `if`, as unfused


def test_a_long_expression_is_split_and_still_gives_its_value(tmp_path):
    terms = " + ".join(["1"] * 300)
    g = game(tmp_path, f'''
        game "Long"
        players 1
        define total: int = {terms}
        turn:
            end game
        winners: players
    ''')
    assert g.new_state(seed=1).evaluate("total") == 300


KEPT_RULES = '''
    game "Kept"
    players 1
    kind tile from "tiles.yaml":
        name: text
        row: int
    var bonus: int = 0
    define row_of(r: int): list of tile = [t for t in tile if t.row == r]
    define row_bonus(r: int): int = count(row_of(r)) + bonus
    turn:
        bonus = 5
        end game
    winners: players
'''


def test_a_definition_of_data_alone_is_kept_and_charged_as_if_computed_again(tmp_path):
    tiles = "tiles:\n" + "".join(f"  - {{name: t{i}, row: {i % 3}}}\n" for i in range(30))
    g = game(tmp_path, KEPT_RULES, **{"tiles.yaml": tiles})
    prog = g.compiled
    m = Machine(prog, g.new_state(seed=1).to_json())
    costs, rows = [], []
    for _ in range(3):
        before = m.work
        rows.append(prog.defines["row_of"](m, (1,)))
        costs.append(before - m.work)
    assert costs[0] > 0 and costs == [costs[0]] * 3      # the same work each time
    assert rows[0] == rows[1] == rows[2] == list(range(1, 30, 3))
    rows[0].append(99)                                    # a list handed out is the caller's own
    assert prog.defines["row_of"](m, (1,)) == list(range(1, 30, 3))


def test_a_definition_that_reads_the_game_is_never_kept(tmp_path):
    tiles = "tiles:\n" + "".join(f"  - {{name: t{i}, row: {i % 3}}}\n" for i in range(30))
    g = game(tmp_path, KEPT_RULES, **{"tiles.yaml": tiles})
    s = g.new_state(seed=1)
    assert s.evaluate("row_bonus", 1) == 15           # bonus became 5 in the turn
    data = s.to_json()
    data["globals"][0] = 7
    assert g.load_state(data).evaluate("row_bonus", 1) == 17


def test_a_definition_of_the_seats_is_kept_per_player_count(tmp_path):
    """A definition that reads only the seats (players, player_count, a player in words) is kept,
    but per number of players: two games of one compiled rulebook at different tables differ."""
    g = game(tmp_path, '''
        game "Seats"
        players 2 to 4
        define seat_names: text = join(["{p}" for p in players], " and ")
        define last_seat: player = players[player_count - 1]
        turn:
            end game
        winners: players
    ''')
    assert g.compiled.fast["seat_names"].__qualname__.startswith("remembered")
    for n, names in ((2, "Player 1 and Player 2"), (3, "Player 1 and Player 2 and Player 3"),
                     (2, "Player 1 and Player 2"), (4, "Player 1 and Player 2 and Player 3 and Player 4")):
        s = g.new_state(players=n, seed=1)
        assert s.evaluate("seat_names") == names
        assert s.evaluate("last_seat") == f"Player {n}"
    prog = g.compiled
    m = Machine(prog, g.new_state(players=3, seed=1).to_json())
    costs = []
    for _ in range(3):
        before = m.work
        assert prog.defines["seat_names"](m, ()) == "Player 1 and Player 2 and Player 3"
        costs.append(before - m.work)
    assert costs[0] > 0 and costs == [costs[0]] * 3      # kept, and charged the same each time


def test_return_stop_and_end_game_inside_fused_runs_leave_as_the_rules_say(tmp_path):
    g = game(tmp_path, '''
        game "Exits"
        players 1
        var seen: list of int = []
        var after: int = 0
        rule first_big(xs: list of int):
            for x in xs:
                if x > 2:
                    add x to seen
                    stop
                add 0 - x to seen
            after = after + 1
            if after > 0:
                return
            after = 100
        turn:
            first_big([1, 2, 3, 4])
            first_big([5])
            if after == 2:
                end game "both returned"
            after = 50
        winners: players
    ''')
    s = g.new_state(seed=1)
    assert s.is_over and s.result.reason == "both returned"
    data = s.to_json()["globals"]
    assert data == [[-1, -2, 3, 5], 2]


LEAVING_RULES = '''
    game "Leaving"
    players 2
    var seen: list of int = []
    var hands: int = 0
    rule deepest(k: int):
        add k to seen
        if k == 3:
            end hand "Three ends the hand."
        if k == 7:
            end game "Seven ends the game."
        add 10 * k to seen
    rule deeper(k: int):
        deepest(k)
        add 100 * k to seen
    stage hand:
        hands += 1
        for k in [1, 2, 3, 4]:
            deeper(k + 4 * (hands - 1))
        add 1000 to seen
    play:
        while true:
            hand()
            add 0 to seen
    winners: players
'''


@pytest.mark.parametrize("closures", [False, True])
def test_a_rule_run_in_place_that_ends_a_stage_or_the_game_stops_the_run_around_it(tmp_path, monkeypatch, closures):
    if closures:
        monkeypatch.setattr(codegen, "_compiled", lambda *args: None)
    g = game(tmp_path, LEAVING_RULES)
    if not closures:       # the stage's loop, with both rules in it, is one fused step
        hand = g.compiled.blocks[g.compiled.procs["hand"].block]
        assert type(hand.stmts[0]).__name__ == "Fused" and hand.stmts[0].count == len(hand.stmts)
    s = g.new_state(seed=1)
    assert s.is_over and s.result.reason == "Seven ends the game."
    # The rest of each rule, the loop and the stage stop where `end` is; `play` goes on after `hand()`.
    assert s.to_json()["globals"] == [[1, 10, 100, 2, 20, 200, 3, 0, 5, 50, 500, 6, 60, 600, 7], 2]
    assert s.log[-2:] == ["Three ends the hand.", "The game is over: Seven ends the game."]


def test_a_rule_run_in_place_names_its_own_line_and_counts_its_steps(tmp_path):
    g = game(tmp_path, '''
        game "In place"
        players 1
        var xs: list of int = [1, 2]
        var total: int = 0
        rule add_up(k: int):
            total = total + k
            total = total + xs[k]
        turn:
            add_up(1)
            add_up(5)
            end game
        winners: players
    ''')
    with pytest.raises(RuleError) as e:
        g.new_state(seed=1)
    assert e.value.span.line == 7                    # `total = total + xs[k]`, in the rule
    assert "rule 'add_up'" in str(e.value)
    assert e.value.span.line != 10                   # not the call's line


def test_a_runaway_loop_in_a_rule_run_in_place_stops_at_the_step_budget(tmp_path):
    g = game(tmp_path, '''
        game "Spin"
        players 1
        var n: int = 0
        rule spin:
            while player_count > 0:
                n = n + 1
        turn:
            n = 0
            spin()
            end game
        winners: players
    ''')
    from tabletop.interpreter.errors import BudgetExceeded
    with pytest.raises(BudgetExceeded) as e:
        g.new_state(seed=1)
    # As the machine says it statement by statement: the step that would be one too many, and
    # the loop it was inside, with its condition.
    assert "ran 1000000 steps" in str(e.value) and "rule 'spin' seems to loop forever" in str(e.value)
    assert e.value.span.line == 6 and "'player_count > 0' never did" in str(e.value)


ANSWERED_RULES = '''
    game "Answered"
    players 1
    var n: int = 0
    var xs: list of int = [1, 2]
    turn:
        choose prompt "Go":
            option "Two steps":
                n = n + 1
                n = n + 1
            option "Fail":
                n = xs[n + 5]
            option "End":
                end game
        choose k from [1, 2] labelled "{k}":
            n = n + k
        while player_count > 0:
            n = n + 1
    winners: players
'''


def answered_games(tmp_path):
    """ANSWERED_RULES loaded with the generated code and with closures only: (closures, game)."""
    for closures in (False, True):
        folder = tmp_path / str(closures)
        folder.mkdir()
        g = load_game(str(write(folder, ANSWERED_RULES)), source=not closures)
        menu, pick = sorted((st for st in g.compiled.stmts if type(st).__name__ in ("Menu", "Choose")),
                            key=lambda st: st.span.line)
        assert (menu.in_place[0] is not None and pick.in_place is not None) == (not closures)
        assert menu.in_place[2] is None        # `end game` looks for the frames: the block is pushed
        yield closures, g


def test_an_answers_block_run_at_once_counts_its_steps(tmp_path, monkeypatch):
    """A menu option's block or a `choose`'s body that is one fused run is run when the answer comes
    (`statements.answered`) instead of pushed: its statements count against the step budget as the
    machine counts them, as with closures only."""
    from tabletop.interpreter import fusion, machine
    from tabletop.interpreter.errors import BudgetExceeded
    monkeypatch.setattr(machine, "STEP_BUDGET", 50)
    monkeypatch.setattr(fusion, "STEP_BUDGET", 50)
    ends = []
    for _, g in answered_games(tmp_path):
        s = g.new_state(seed=1)
        s.apply(0)
        with pytest.raises(BudgetExceeded) as e:
            s.apply(1)
        assert e.value.span.line == 17 and "ran 50 steps" in str(e.value)
        ends.append(s.to_json()["globals"][0])
    # The body `n = n + k` is one step of the 50, the `while` another: n = 2 + 2 + 48.
    assert ends == [52, 52]


def test_an_answers_block_run_at_once_names_its_line(tmp_path):
    """An error in an answer's block run at once names the block's line, as with closures only."""
    for _, g in answered_games(tmp_path):
        s = g.new_state(seed=1)
        with pytest.raises(RuleError) as e:
            s.apply(1)
        assert e.value.span.line == 11 and "no item at that position" in str(e.value)


DEEP_RULES = '''
    game "Deep"
    players 1
    var n: int = 0
    rule again:
        choose prompt "Again?":
            option "Again":
                n = n + 1
                again()
            option "Stop":
                end game
    turn:
        again()
    winners: players
'''


def test_an_answers_block_that_calls_a_rule_that_asks_nests_as_with_closures_only(tmp_path):
    """A block ending with a call that pushes a frame is pushed itself, so a rule that asks again
    and again through its answers meets the nesting limit at the same depth either way."""
    from tabletop.interpreter.errors import BudgetExceeded
    depths = []
    for closures in (False, True):
        folder = tmp_path / str(closures)
        folder.mkdir()
        s = load_game(str(write(folder, DEEP_RULES)), source=not closures).new_state(seed=1)
        with pytest.raises(BudgetExceeded) as e:
            for _ in range(1000):
                s.apply(0)
        assert "nest more than" in str(e.value)
        depths.append(s.to_json()["globals"][0])
    assert depths[0] == depths[1] > 50


LEAD_RULES = '''
    game "Lead"
    players 1
    var bonus: int = 0
    var picked: list of int = []
    define score(p: player): int = bonus
    turn:
        choose prompt "Pick":
            option "Take {n}" for n in range(1, 5) if bonus > 0 and n not in picked:
                add n to picked
                bonus -= 1
            option "Bonus" if bonus < 2:
                bonus += 1
            option "Stop":
                end game "Stopped."
'''


def test_an_options_condition_true_or_false_for_every_item_lists_the_same_options(tmp_path, monkeypatch):
    """`bonus > 0` does not mention the item: once false, the generated list stops there, and
    the options are the ones the rules give item by item."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    generated = game(tmp_path / "a", LEAD_RULES)
    monkeypatch.setattr(codegen, "_compiled", lambda *a: None)
    closures = game(tmp_path / "b", LEAD_RULES)
    monkeypatch.undo()
    menu = next(st for st in generated.compiled.stmts if getattr(st, "listed", None) is not None)
    assert "break" in menu.listed.source
    seen = []
    for moves in ([0, 4, 0, 0, 1], [0, 0, 0, 1]):
        a, b = generated.new_state(seed=1), closures.new_state(seed=1)
        for move in moves:
            assert a.options() == b.options()
            seen.append(tuple(a.options()))
            a.apply(move)
            b.apply(move)
            assert a.to_json() == b.to_json()      # the item's variable left as item by item
    assert ("Bonus", "Stop") in seen                                       # the condition false
    assert ("Take 1", "Take 2", "Take 3", "Take 4", "Bonus", "Stop") in seen  # and true


GUARD_RULES = '''
    game "Guards"
    players 1
    kind tile from "tiles.yaml":
        name: text
        wet: bool = false
    var left: int = 3
    var mode: int = 0
    define dry_tiles: list of tile = [t for t in tile if not t.wet]
    define score(p: player): int = left
    turn:
        n = 0
        while left > 0:
            choose prompt "Act":
                option "Soak {t.name}" for t in tile if left > 0 and not t.wet:
                    t.wet = true
                    left -= 1
                option "Dry {t.name}" for t in tile if left > 0 and t.wet:
                    t.wet = false
                    left -= 1
                option "Walk {t.name}" for t in dry_tiles if left > 0 and mode == 0:
                    mode = 1
                option "Count" if n < 2 and left > 0:
                    n += 1
                option "Rest" if left > 0:
                    left -= 1
                option "Stay" if mode == 1 and left > 0:
                    mode = 0
                option "Calm" if count(dry_tiles) > 0 and left > 1:
                    mode = 0
        end game "Done."
'''


def test_an_options_test_shared_by_several_options_is_worked_out_once_and_lists_the_same_options(tmp_path, monkeypatch):
    """`left > 0` begins four options: the generated menu works it out once, where the first
    option tests it, and the options after it read the value kept in a local (nothing a menu works
    out can change the game); a test of a rule variable (`n < 2`) or one that calls a definition
    is worked out where it stands. An item's test reads a field's values from a local taken before
    the list. The options and states are the ones the rules give option by option."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    tiles = {"tiles.yaml": "tiles:\n  - {name: North}\n  - {name: South}\n  - {name: East}\n"}
    generated = game(tmp_path / "a", GUARD_RULES, **tiles)
    monkeypatch.setattr(codegen, "_compiled", lambda *a: None)
    closures = game(tmp_path / "b", GUARD_RULES, **tiles)
    monkeypatch.undo()
    menu = next(st for st in generated.compiled.stmts if getattr(st, "listed", None) is not None)
    source = menu.listed.source
    assert source.count("(_g0 := (m.g[0] > 0))") == 1 and source.count("_g0") == 4
    assert "_g1" not in source and "(m.g[1] == 0)" in source and "(env[0] < 2)" in source
    assert "if ((m.g[1] == 1)) and _g0:" in source            # begun with by one option alone: not kept
    wet = generated.compiled.field_numbers[("tile", "wet")]
    assert re.search(rf"_h(\d+) = m.fl\[{wet}\]\n    for _v1 in _xs:\n.*\n.*\n.*\n        if \(\(not _h\1\[_v1\]\)\):",
                     source)       # the field's values taken before the loop
    seen = set()
    for seed in range(12):
        a, b = generated.new_state(seed=seed), closures.new_state(seed=seed)
        rnd = random.Random(seed)
        while not a.is_over:
            assert a.options() == b.options()
            seen.update(a.options())
            move = rnd.randrange(len(a.options()))
            a.apply(move)
            b.apply(move)
            assert a.to_json() == b.to_json()
    assert {"Soak North", "Dry North", "Walk North", "Count", "Rest", "Stay", "Calm"} <= seen


def test_a_shared_test_is_one_that_only_reads_the_game():
    """What `_guard` may keep in a local: reads of the game's variables and fields, values passed
    in, compared; never a call, a rule variable, an item or a local made in the test."""
    for text in ("(m.g[4] > 0)", "(not m.g[5])", "(m.fl[2][m.g[3]] == 'dry')", "(_k3[m.g[2]] == 1)",
                 "((m.g[1] > 0) and (m.pl[m.g[0]][2] != None))"):
        assert codegen._shareable(text), text
    for text in ("_k4[0](m)", "(env[3] > 0)", "(_v0 != 'no_role')", "len(m.g[2])",
                 "(x in _l if (_l := m.g[7]) is not None else 0)", "(m.work > 0)", "m.s['rng']"):
        assert not codegen._shareable(text), text


def test_a_rulebook_compiled_before_compiles_no_source_again(tmp_path, monkeypatch):
    """The code of the rules' sources is kept between processes (in the user's own cache folder):
    a second compile of the same rulebook calls Python's compiler for none of them, and plays the
    same game; a damaged entry is ignored and every source compiled again."""
    import random
    from tabletop.dsl import parse_cache
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_NO_CACHE", raising=False)
    compiled = []
    monkeypatch.setattr(codegen, "compile", lambda *a: compiled.append(a[0]) or compile(*a), raising=False)

    def fresh_game():
        codegen._CODE.clear()          # as in a new process
        compiled.clear()
        return load_game(str(RULEBOOKS / "abatteroxie"))

    def play(g) -> list:
        s, rnd = g.new_state(players=3, seed=5), random.Random(5)
        for _ in range(60):
            s.apply(rnd.randrange(len(s.options())))
        return s.log

    first = play(fresh_game())
    assert len(compiled) > 100
    assert len(list((tmp_path / "tabletop").glob("code-*"))) == 1
    again = fresh_game()
    assert compiled == [], "every source's code came from the cache"
    assert play(again) == first
    for entry in (tmp_path / "tabletop").glob("code-*"):
        entry.write_bytes(b"\x00damaged")
    assert play(fresh_game()) == first and len(compiled) > 100
    assert parse_cache.read_entry("code", "no such rulebook") is None


def test_a_rulebook_compiled_again_in_one_process_reads_and_writes_no_kept_code(tmp_path, monkeypatch):
    """The kept code is read only for a source this process has not compiled (a warm load reads
    nothing), and written only when its sources changed; a new process reads it as before."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_NO_CACHE", raising=False)
    codegen._CODE.clear(), codegen._ON_DISK.clear()      # as in a new process
    reads, writes = [], []
    monkeypatch.setattr(codegen, "read_entry", lambda *a: reads.append(a[1]) or parse_cache.read_entry(*a))
    monkeypatch.setattr(codegen, "write_entry", lambda *a: writes.append(a[1]) or parse_cache.write_entry(*a))
    load_game(str(RULEBOOKS / "smackshapes"))
    assert len(writes) == 1
    reads.clear(), writes.clear()
    load_game(str(RULEBOOKS / "smackshapes"))
    assert reads == [] and writes == []
    codegen._CODE.clear(), codegen._ON_DISK.clear()      # a new process, the rulebook compiled before
    load_game(str(RULEBOOKS / "smackshapes"))
    assert len(reads) == 1 and writes == []


@pytest.mark.parametrize("book", ["taboo_atoll_express", "smackatoa", "smores_galore"])
def test_a_game_compiled_without_source_is_the_same_game(book, sources):
    """`tabletop check` compiles without Python source (api.load_game(source=False)): nothing is
    written, and the closures play the game the generated source plays, move for move. (Only the
    rules' locals may differ: a closure leaves a list's last item in the slot of a `[... for x in
    ...]`, where the source keeps it in a Python local.)"""
    import random
    closures = load_game(str(RULEBOOKS / book), source=False)
    assert sources == []
    generated = load_game(str(RULEBOOKS / book))
    assert sources
    for seed in range(3):
        a, b = closures.new_state(seed=seed), generated.new_state(seed=seed)
        rnd = random.Random(seed)
        while not a.is_over:
            assert without_locals(a) == without_locals(b)
            seat = a.pending.players[0]
            move = rnd.randrange(len(a.options(seat)))
            a.apply(move, seat, 0.5 if a.pending.timed else None)
            b.apply(move, seat, 0.5 if b.pending.timed else None)
        assert without_locals(a) == without_locals(b) and a.result == b.result


def without_locals(state) -> dict:
    data = state.to_json()
    del data["envs"]
    return data


def test_check_writes_no_source(tmp_path, monkeypatch):
    from tabletop.interpreter import cli
    written = []
    monkeypatch.setattr(codegen, "_compiled", lambda *a: written.append(a[0]))
    assert cli.main(["check", str(RULEBOOKS / "abatteroxie")]) == 0
    assert written == []


INSTANTS = '''
    game "Instants"
    players 3
    var n: int = 0
    player var points: int = 0
    reaction wave instantly by p if n > 0 and p.points == 0 labelled "Wave" prompt "Wave?":
        p.points += 1
    reaction shout instantly by p for q in players if n > 1 and q != p and q.points < 3 labelled "Shout at {q}" prompt "Shout?":
        q.points += 2
    turn:
        choose k from [1, 2] labelled "{k}"
        n += k
        if n > 6:
            end game "done"
    define score(p: player): int = p.points
    winners: highest score
'''


def test_the_instant_reactions_asked_of_every_seat_in_one_function_offer_what_the_seat_by_seat_test_does(tmp_path):
    """`codegen.instants_open` asks each seat, and each instant reaction in turn for a seat, as
    `Machine.instant_ready` does one call at a time: the same offers, the declines remembered."""
    g = game(tmp_path, INSTANTS)
    assert g.compiled.instants_open is not None and len(g.compiled.instants) == 2

    def play(one_function: bool, seed: int) -> list:
        g.compiled.instants_open = every if one_function else None
        s, rnd, seen = g.new_state(seed=seed), random.Random(seed), []
        while not s.is_over and len(seen) < 200:
            seat = s.pending.players[0]
            seen.append((seat, s.options(seat)))
            s.apply(rnd.randrange(len(s.options(seat))), seat)
        return seen + [s.to_json()]
    every = g.compiled.instants_open
    try:
        for seed in range(12):
            assert play(True, seed) == play(False, seed)
    finally:
        g.compiled.instants_open = every


def test_an_error_in_the_second_instant_reactions_condition_is_said_at_its_line_not_the_firsts(tmp_path):
    """The one function asking every instant reaction (`codegen.instants_open`) is named after
    the first reaction's line, which the error's place was taken from: an error in the second
    reaction's condition was said at the first's line. The same error as when asked seat by seat."""
    rules = INSTANTS.replace("if n > 1 and q != p", "if n > 1 and [1, 2, 3][n - 6] > 0 and q != p")
    g = game(tmp_path, rules)
    every = g.compiled.instants_open
    assert every is not None
    told = []
    for one_function in (True, False):
        g.compiled.instants_open = every if one_function else None
        s = g.new_state(seed=1)
        with pytest.raises(RuleError) as e:
            while not s.is_over:
                s.apply(0, s.pending.players[0])
        told.append(str(e.value))
    g.compiled.instants_open = every
    assert told[0] == told[1] and "reaction 'shout'" in told[0] and "game.rules:7:" in told[0], told


EVENTS = '''
    game "Events"
    players 4
    var n: int = 0
    player var points: int = 0
    event hit(v: player, by_much: int)
    reaction dodge on hit(v, by_much) by p if p == v and p.points < 3 labelled "Dodge" prompt "Dodge?":
        p.points += 1
    reaction cheer on hit(v, by_much) by p for q in players if p != v and by_much > 1 and q != p and q.points < 4 labelled "Cheer {q}":
        q.points += 2
    reaction grumble on hit(v, by_much) by p if 12 / (n - 7) > 0 and p != v labelled "Grumble":
        p.points -= 1
    turn:
        choose k from [1, 2] labelled "{k}"
        n += k
        signal hit(next_player(current), k)
        if n > 12:
            end game "done"
    define score(p: player): int = p.points
    winners: highest score
'''


def test_an_events_reactions_asked_of_the_seats_in_one_function_offer_what_the_seat_by_seat_test_does(tmp_path):
    """`codegen.first_open` passes, in one call, the seats to which none of an event's reactions
    is open, as `Machine.none_open` does one seat and reaction at a time: the same offers, the
    same work charged, and the same error (a division by zero in the third reaction's condition
    once n is 7), said at that reaction's line."""
    g = game(tmp_path, EVENTS)
    firsts = dict(g.compiled.first_open)
    assert set(firsts) == {"hit"}

    def play(one_function: bool, seed: int) -> list:
        g.compiled.first_open = firsts if one_function else {}
        s, rnd, seen = g.new_state(seed=seed), random.Random(seed), []
        try:
            while not s.is_over and len(seen) < 200:
                seat = s.pending.players[0]
                seen.append((seat, s.options(seat), s._m.work if s._m is not None else None))
                s.apply(rnd.randrange(len(s.options(seat))), seat)
        except RuleError as e:
            seen.append(str(e))
        return seen + [s.to_json()]
    try:
        ended = set()
        for seed in range(12):
            seen = play(True, seed)
            assert seen == play(False, seed)
            ended.add(seen[-2] if isinstance(seen[-2], str) else "over")
        assert any("game.rules:10:" in x and "Division by zero" in x for x in ended), ended
    finally:
        g.compiled.first_open = firsts


IN_PLACE_RULES = '''
    game "In place"
    players 3
    var short: list of int = [3, 1, 2, 3, 1]
    var long: list of int = []
    var names: list of text = ["b", "a", "b"]
    var gone: list of player = []
    define picked(n: int): bool = n in short
    define missing(n: int): bool = n not in long
    define distinct_short: list of int = unique(short)
    define distinct_long: list of int = unique(long)
    define ordered_short: list of int = sort(short)
    define ordered_long: list of int = sort(long)
    define ordered_names: list of text = sort(unique(names))
    define ordered_players: list of player = sort(gone)
    setup:
        long = range(1, 40) + range(1, 40)
        gone = [next_player(current), none, current]
    turn:
        end game
    winners: players
'''


@pytest.mark.parametrize("name, args, value", [
    ("picked", (2,), True), ("picked", (7,), False), ("missing", (41,), True), ("missing", (5,), False),
    ("distinct_short", (), [3, 1, 2]), ("distinct_long", (), list(range(1, 41))),
    ("ordered_short", (), [1, 1, 2, 3, 3]), ("ordered_long", (), sorted(list(range(1, 41)) * 2)),
    ("ordered_names", (), ["a", "b"]), ("ordered_players", (), [0, 1, None])])
def test_in_unique_and_sort_asked_in_place_give_and_charge_what_the_built_ins_do(tmp_path, name, args, value):
    """`x in xs`, `unique` and `sort` of a short list are asked of Python in the generated source,
    a long one (more than SMALL items) goes to the built-in: the same value and the same work as
    the closures, which always call the built-in."""
    from inline import write
    states = []
    for source in (True, False):
        g = load_game(str(write(tmp_path, IN_PLACE_RULES)), source=source)
        own = getattr(g.compiled.fast[name], "definition", g.compiled.fast[name])     # not its keeping (memo.py)
        assert hasattr(own, "source") == source
        assert not source or "len(_l) <= " in own.source     # asked in place when short
        m = Machine(g.compiled, g.new_state(seed=1).to_json())
        before = m.work
        states.append((g.compiled.fast[name](m, *args), before - m.work))
    assert states[0] == states[1] and states[0][0] == value


FIRST_RULES = '''
    game "First"
    players 1
    var steps_left: int in 0 to 3 = START
    var xs: list of int = []
    define broken: list of int = [xs[5]]
    turn:
        choose prompt "Pick":
            option "Take {n}" for n in broken if steps_left > 0 and n > 0:
                end game
            option "Shuffled {n}" for n in shuffled([1, 2]) if steps_left > 0 and n > 1:
                end game
            option "Stop":
                end game "Stopped."
    winners: players
'''


@pytest.mark.parametrize("source", [True, False])
def test_an_options_leading_test_of_no_item_is_asked_before_its_list(tmp_path, source):
    """`for n in L if steps_left > 0 and ...`: while `steps_left > 0` (which does not mention the
    item and cannot fail) does not hold, the option offers nothing and L is not looked at, so a
    list that cannot be worked out is no error then; once it holds, L is worked out as before. A
    list that draws at random is always worked out, so the draws are the same."""
    from inline import write
    (tmp_path / "off").mkdir()
    (tmp_path / "on").mkdir()
    off = load_game(str(write(tmp_path / "off", FIRST_RULES.replace("START", "0"))), source=source)
    menu = next(st for st in off.compiled.stmts if hasattr(st, "firsts"))
    assert sorted(menu.firsts) == [0]            # not the shuffled list's option
    assert hasattr(menu.listed, "source") if source else menu.listed is None
    s = off.new_state(seed=1)
    assert s.options() == ["Stop"]
    on = load_game(str(write(tmp_path / "on", FIRST_RULES.replace("START", "1"))), source=source)
    with pytest.raises(RuleError) as e:
        on.new_state(seed=1)
    assert "The definition 'broken'" in str(e.value) and "item 5 of a list of 0 items" in str(e.value)


@pytest.mark.parametrize("source", [True, False])
@pytest.mark.parametrize("call", ["unique", "sort"])
def test_unique_or_sort_of_a_none_says_which_list_is_none(tmp_path, source, call):
    """Asked in place, a short list goes to Python; a none still goes to the built-in, which names
    the list that is none (as the closures do)."""
    from inline import write
    g = load_game(str(write(tmp_path, f'''
        game "None list"
        players 1
        var xs: list of list of int = [[1], [2]]
        turn:
            say "{{{call}(first([x for x in xs if x == [5]]))}}"
            end game
        winners: players
    ''')), source=source)
    with pytest.raises(RuleError) as e:
        g.new_state(seed=1)
    assert f"'first([x for x in xs if x == [5]])' is none, so {call}() cannot be worked out" in str(e.value)


def test_deeply_nested_ifs_are_fused_without_searching_each_block_again_per_level(tmp_path, monkeypatch):
    """Whether a run may leave its rule was asked of every block inside each `if`, and again of
    the blocks inside those: twice the work for each level, so 22 nested `if`s took 12 s to load
    and 30 would take hours. Each block is asked once now, and the nested ifs still play."""
    from tabletop.interpreter import fusion
    monkeypatch.setenv("TABLETOP_NO_CACHE", "1")        # the compiling itself, not a kept copy
    asked = []
    real = fusion.leaving
    monkeypatch.setattr(fusion, "leaving", lambda c, run, proc: asked.append(1) or real(c, run, proc))
    depth = 16
    ifs = "".join("    " * (i + 1) + f"if x < {i + 100}:\n" for i in range(depth))
    g = game(tmp_path, 'game "Deep"\nplayers 2\nvar x: int = 0\ndefine score(p: player): int = x\n'
                       "turn:\n    x += 1\n" + ifs + "    " * (depth + 1) + "x = 50\n    end game \"done\"\n")
    assert len(asked) < 10 * depth, len(asked)
    s = g.new_state(seed=1)
    assert s.is_over and g.compiled is not None


def test_what_a_definition_reads_is_found_through_long_chains_and_rings_of_calls(tmp_path, monkeypatch):
    """memo.read_cells: a definition reads what the definitions it calls read, however long the
    chain (it was found by passing over every definition again until nothing changed: 2,000
    definitions each using the five before took 80 s to compile); definitions that call each other read alike and are marked as
    calling themselves; and one that calls a definition whose reads are not known is not known."""
    from tabletop.interpreter import memo
    monkeypatch.setenv("TABLETOP_NO_CACHE", "1")
    found = {}
    real = memo.read_cells
    monkeypatch.setattr(memo, "read_cells", lambda compiler: found.update(real(compiler)) or found)
    n = 150
    chain = "".join(f"define d{i}(k: int): int = d{i + 1}(k) + 1\n" for i in range(n))
    g = game(tmp_path, 'game "Chains"\nplayers 2\ndie three: 1, 2, 3\nvar a: int = 0\nvar b: int = 0\nvar c: int = 0\n'
                       "define score(p: player): int = a\n" + chain + f"define d{n}(k: int): int = b + k\n"
                       "define even(k: int): bool = if k <= 0 then true else odd(k - 1)\n"
                       "define odd(k: int): bool = if k <= 0 then a > 0 else even(k - 1)\n"
                       "define lone(k: int): int = c + k\n"
                       "define drawn(k: int): int = roll(three) + k\n"
                       "define through_drawn(k: int): int = drawn(k) + lone(k)\n"
                       "turn:\n    a = d0(1) + lone(2) + through_drawn(1)\n    if even(4):\n        b = 1\n"
                       '    end game "done"\n')
    cells = {name: set(read) for name, (read, _) in found.items()}
    assert cells["d0"] == cells[f"d{n}"] == cells["d75"] and len(cells["d0"]) == 2        # b, and everything
    assert cells["even"] == cells["odd"] and cells["lone"] != cells["d0"] and cells["lone"] != cells["even"]
    assert found["even"][1] and found["odd"][1] and not found["d0"][1] and not found["lone"][1]
    assert "drawn" not in found and "through_drawn" not in found
    assert g.new_state(seed=1).is_over


def test_a_table_of_several_keys_found_in_a_dict_gives_what_the_search_does():
    """A table keyed by several values whose entries are constants is looked up in a dict made once
    (`codegen.table_by_keys`): the same entry as the search entry by entry (`table_lookup`), the
    first of two that match winning, for whole numbers in and out of ranges (a range written
    backwards matches its first number alone), texts, and keys equal to a whole number that are
    not one (a bool, a float), none and a list; the same error for a key with no entry."""
    from tabletop.interpreter.compiler import Compiler

    entries = [((1, 1), [(2, 3)], 10), ((1, 1), [(2, 5)], 11), ((2, 2), [(4, 6)], 20),
               (("red", "red"), [(0, 0)], 30), ((3, 3), [(9, 7)], 40), ((1, 1), [("blue", "blue")], 50)]
    rows = [([(lo, hi), *more], v) for (lo, hi), more, v in entries]
    table = [(lo, hi, (lambda v: lambda m, env: v)(v), more, None) for (lo, hi), more, v in entries]

    class M:
        work = 1000

        @staticmethod
        def show_any(v):
            return repr(v)
    fast = codegen.table_by_keys("t", rows, "here", None)
    keys = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, True, False, 1.0, 2.0, 3.0, 4.5, "red", "blue", None, [1]]
    for a in keys:
        for b in keys:
            search = Compiler.table_lookup("t", table, [lambda m, env: a, lambda m, env: b], None, "here")
            answers = []
            for look in (lambda: fast(M, (a, b)), lambda: search(M, [])):
                try:
                    answers.append(look())
                except RuleError as e:
                    answers.append(e.message)
            assert answers[0] == answers[1], (a, b)
    assert fast(M, (1, 3)) == 10 and fast(M, (1, 4)) == 11 and fast(M, (3, 9)) == 40


TWO_KEYS_RULES = '''
    game "Two keys"
    players 1
    table damage:
        1, 2 to 3 -> 0
        1, 4 -> 1
        2, 2 to 4 -> 2
    define hurt(a: int, b: int): int = damage[a, b]
    turn:
        end game
    winners: players
'''


def test_a_table_of_several_keys_of_constants_is_written_as_a_lookup_in_the_source(tmp_path):
    """`damage[a, b]` with constant entries is a call in the generated source, not a closure, and
    gives and charges what the closures do, and fails as they do for a missing entry."""
    from inline import write
    found = []
    for source in (True, False):
        g = load_game(str(write(tmp_path, TWO_KEYS_RULES)), source=source)
        own = getattr(g.compiled.fast["hurt"], "definition", g.compiled.fast["hurt"])
        assert hasattr(own, "source") == source
        assert not source or "(m, (_v0, _v1, ))" in own.source       # the lookup's call, the keys as one tuple
        m = Machine(g.compiled, g.new_state(seed=1).to_json())
        for a, b in [(1, 2), (1, 3), (1, 4), (2, 4), (2, 3), (3, 3), (1, 5)]:
            before = m.work
            try:
                found.append((source, g.compiled.fast["hurt"](m, a, b), before - m.work))
            except RuleError as e:
                found.append((source, e.message, before - m.work))
    assert [f[1:] for f in found if f[0]] == [f[1:] for f in found if not f[0]]
    assert [f[1] for f in found[:5]] == [0, 0, 1, 2, 2]


PATTERN_RULES = '''game "Patterns in place"
players 1
enum suit: red, blue, green
kind card from "cards.yaml":
    name: text
    suit: suit
pattern one of suit: red
pattern rb of suit: red, {blue, red}, green
pattern two_ways of suit:
    red, blue, red
    {red, blue, green}, blue, {green, green}
define ml_one(xs: list of suit): int = match_length(xs, one)
define ml_rb(xs: list of suit): int = match_length(xs, rb)
define ml_two(xs: list of suit): int = match_length(xs, two_ways)
define ml_cards(xs: list of card): int = match_length(xs, two_ways)
define starts_rb(xs: list of card): bool = xs starts with rb
table nick:
    red -> "Big Red"
    blue -> "Bluey"
    green -> "Greenish, a colour named at length to make a long text"
define label(c: card): text = "Take {c.name} the {nick[c.suit]}"
turn:
    end game
winners: players
'''
PATTERN_CARDS = "cards:\n  - {name: Ace, suit: red}\n  - {name: Bee, suit: blue}\n  - {name: Cue, suit: green}\n"


def _pattern_game_both_ways(tmp_path):
    """The pattern rulebook loaded with its generated source and with the closures alone: (source,
    game, a machine over a new state) for each."""
    folder = write(tmp_path, PATTERN_RULES)
    (folder / "cards.yaml").write_text(PATTERN_CARDS)
    for source in (True, False):
        g = load_game(str(folder), source=source)
        yield source, g, Machine(g.compiled, g.new_state(seed=1).to_json())


def test_a_short_pattern_is_matched_in_place_as_match_length_matches_it(tmp_path):
    """`match_length` and `starts with` of a pattern of a few alternatives are written out in the
    definition's source (no call of `Machine.match_length`), and give, charge and fail as the
    closures do for every list of up to five values, none among them (an unordered group holding
    none cannot be sorted, and a none has no field: the same error either way, which the line
    that asked tells)."""
    import itertools
    found = {}
    for source, g, m in _pattern_game_both_ways(tmp_path):
        if source:
            for name in ("ml_one", "ml_rb", "ml_two", "ml_cards", "starts_rb"):
                own = getattr(g.compiled.fast[name], "definition", g.compiled.fast[name])
                assert "match_length" not in own.source and "_p :=" in own.source, own.source
        got = found[source] = []
        for n in range(6):
            for xs in itertools.product(["red", "blue", "green", None], repeat=n):
                for name, values in (("ml_one", xs), ("ml_rb", xs), ("ml_two", xs),
                                     ("ml_cards", [None if x is None else ["red", "blue", "green"].index(x) for x in xs]),
                                     ("starts_rb", [None if x is None else ["red", "blue", "green"].index(x) for x in xs])):
                    before = m.work
                    try:
                        got.append((name, xs, g.compiled.defines[name](m, (list(values),)), before - m.work))
                    except (RuleError, TypeError) as e:      # (placed and told at the line that asked)
                        got.append((name, xs, f"{type(e).__name__}: {e}", before - m.work))
    assert found[True] == found[False]
    results = {(name, xs): r for name, xs, r, _ in found[True]}
    assert results[("ml_rb", ("red", "red", "blue", "green"))] == 4
    assert results[("ml_two", ("green", "red", "blue", "blue", "green"))] == 0
    assert results[("ml_two", ("blue", "green", "red", "blue", "green"))] == 0
    assert results[("ml_two", ("red", "blue", "red", "blue", "green"))] == 3
    assert "not supported" in results[("ml_rb", ("red", None, "blue"))]
    assert results[("ml_rb", ("green", None, "blue"))] == 0        # the first group fails first


def test_a_template_shows_a_name_or_a_table_of_texts_as_it_is(tmp_path):
    """A thing's name from the data and a table of texts go into a template's text without a call
    to show them (each is a text already); a long text made so is charged its length, as the
    closures charge it."""
    found = {}
    for source, g, m in _pattern_game_both_ways(tmp_path):
        if source:
            own = getattr(g.compiled.fast["label"], "definition", g.compiled.fast["label"])
            assert re.search(r"\('Take ', _k\d+\[_v0\], ' the ', _k\d+\(m, _k\d+\[_v0\]\), \)", own.source), own.source
        found[source] = []
        for c in range(3):
            before = m.work
            found[source].append((g.compiled.defines["label"](m, (c,)), before - m.work))
    assert found[True] == found[False]
    assert found[True][0][0] == "Take Ace the Big Red"
    assert found[True][2][1] - found[True][1][1] == len(found[True][2][0])      # the long one costs its length
