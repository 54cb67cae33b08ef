"""The words of run-time errors: every mistake a rulebook makes while it is played is told in words
about the rulebook (the line, the definition, the value, the zone), never in Python's own words."""
import re

import pytest

from inline import CELL_GRID, CELLS, game, write
from tabletop.interpreter import cli, codegen, machine
from tabletop.interpreter.api import RuleError
from tabletop.interpreter.errors import BudgetExceeded, explain
from tabletop.interpreter.simulate import simulate

HEAD = """
game "Messages"
players 2
var x: int = 0
var picked: list of int = []
define score(p: player): int = x
"""

TILES = """
tiles:
  - {name: A1, row: 0, col: 0}
  - {name: B1, row: 0, col: 1}
  - {name: A2, row: 1, col: 0}
"""

GRID = """
game "Grid"
players 1
kind tile from "tiles.yaml":
    name: text
    row: int
    col: int
grid tile at row, col
var spot: tile = none
define score(p: player): int = 0
"""

# What Python says, which no message may contain.
PYTHON_WORDS = re.compile(r"NoneType|object|operand|subscriptable|attribute|not supported between|"
                          r"interpreted as|iterable|\bstr\b|'int'|list index|\bNone\b")


def error_of(g, **kw) -> RuleError:
    with pytest.raises(RuleError) as e:
        g.new_state(seed=1, **kw)
    assert not PYTHON_WORDS.search(str(e.value)), str(e.value)
    return e.value


def line_of(folder, text: str) -> int:
    lines = (folder / "game.rules").read_text().split("\n")
    return next(i for i, line in enumerate(lines, 1) if text in line)


@pytest.mark.parametrize("call, name", [("within(spot, 2, t => true)", "within"),
                                        ("reachable(spot, t => true)", "reachable"),
                                        ("[step(spot, 1, 0)]", "step")])
def test_a_space_that_is_none_is_named_with_the_built_in(tmp_path, call, name):
    folder = write(tmp_path, GRID + f"""
turn:
    say "{{{call}}}"
    end game "done"
""", **{"tiles.yaml": TILES})
    from tabletop.interpreter.api import load_game
    e = error_of(load_game(str(folder)))
    assert f"'spot' is none, so {name}() has no space to start from" in str(e)
    assert e.span.line == line_of(folder, "say")


def test_a_field_of_none_in_a_definition_names_the_definition_the_field_and_the_caller(tmp_path):
    folder = write(tmp_path, GRID + """
define spot_name: text = spot.name
rule tell:
    say "{spot_name}"
turn:
    tell()
    end game "done"
""", **{"tiles.yaml": TILES})
    from tabletop.interpreter.api import load_game
    e = error_of(load_game(str(folder)))
    assert e.span.line == line_of(folder, "define spot_name")
    assert "The definition 'spot_name' cannot be worked out" in str(e)
    assert "it reads the field 'name' of a tile that is none" in str(e)
    assert f"used by line {line_of(folder, 'say')} of the rule 'tell'" in str(e)


def test_a_field_of_none_names_the_definition_with_the_closures_too(tmp_path, monkeypatch):
    monkeypatch.setattr(codegen, "_compiled", lambda *args: None)
    folder = write(tmp_path, GRID + """
define spot_name: text = spot.name
turn:
    say "{spot_name}"
    end game "done"
""", **{"tiles.yaml": TILES})
    from tabletop.interpreter.api import load_game
    e = error_of(load_game(str(folder)))
    assert e.span.line == line_of(folder, "define spot_name")
    assert "The definition 'spot_name' cannot be worked out: a value it needs is none" in str(e)


def test_an_index_past_the_end_says_the_index_the_length_and_the_definition(tmp_path):
    g = game(tmp_path, HEAD + """
var hand: list of int = [4, 5, 6]
define pair_at(i: int): bool = hand[i - 1] == hand[i + 1]
turn:
    if pair_at(2):
        x = 1
    end game "done"
""")
    e = error_of(g)
    assert e.span.line == 8          # the definition, not the line that uses it
    assert "The definition 'pair_at' cannot be worked out: a list has no item at that position" in str(e)
    assert "item 3 of a list of 3 items, 'hand'" in str(e) and "the last is item 2" in str(e)
    assert "used by line 10 of the turn section" in str(e)


@pytest.mark.parametrize("failing, words", [
    ("    else hand[i + 5]", "item 7 of a list of 3 items, 'hand'"),
    ("    else [i, i][i] + 1", "item 2 of a list of 2 items"),
    ("    else spot.row", "a tile that is none"),
])
def test_an_error_on_a_later_line_of_a_definition_is_at_that_line(tmp_path, failing, words):
    """Yahtzee's scoring is one definition written over eight lines with '\\'; a failure in its
    sixth line was told at its first, the 'define' line, leaving the reader to find the case."""
    folder = write(tmp_path, GRID + f"""
var hand: list of int = [4, 5, 6]
define points(i: int): int = \\
    if i == 0 then 1 \\
    else if i == 1 then hand[i] \\
{failing}
turn:
    say "{{points(2)}}"
    end game "done"
""", **{"tiles.yaml": TILES})
    from tabletop.interpreter.api import load_game
    e = error_of(load_game(str(folder)))
    assert "The definition 'points' cannot be worked out" in str(e) and words in str(e), str(e)
    assert e.span.line == line_of(folder, failing.strip()), str(e)
    assert f"used by line {line_of(folder, 'say')} of the turn section" in str(e)


def test_a_definition_that_ranks_the_winners_and_fails_says_the_winners_used_it(tmp_path):
    # It said "It was used by 'bonus' at line 8", as if the definition had used itself.
    g = game(tmp_path, HEAD + """
define bonus(p: player): int = picked[0]
winners: highest bonus
turn:
    end game "done"
""")
    s = g.new_state(seed=1)
    with pytest.raises(RuleError) as e:
        s.result
    assert e.value.span.line == 7, "the definition's line"
    assert "The definition 'bonus' cannot be worked out: a list has no item at that position" in str(e.value)
    assert str(e.value).endswith("It was used by the winners' ranking by 'bonus' at line 8.")


def test_a_negative_index_says_items_count_from_0(tmp_path):
    g = game(tmp_path, HEAD + """
turn:
    x = [10, 20, 30][x - 1]
    end game "done"
""")
    e = error_of(g)
    assert e.span.line == 8 and "no item at that position" in str(e) and "items count from 0" in str(e)


def test_a_list_looked_up_by_a_position_that_is_none_says_so(tmp_path):
    g = game(tmp_path, HEAD + """
turn:
    k = pick([i for i in [1, 2] if i > 5])
    x = [10, 20][k]
    end game "done"
""")
    e = error_of(g)
    assert e.span.line == 9, e.span
    assert "the position of an item in a list is none, not a number" in str(e), str(e)
    assert "thing, player or item" not in str(e)


CARDS = """
game "Cards"
players 2
kind card from "cards.yaml":
    name: text
zone deck: card, hidden
zone table: card, public
player zone hand: card, owner
var winners: list of player = []
define score(p: player): int = 0
setup:
    for c in card:
        add c to deck
    draw 1 from deck to current.hand
"""
CARD_DATA = """
cards:
  - {name: Red Circle}
  - {name: Blue Square}
  - {name: Star, count: 2}
"""


@pytest.mark.parametrize("moved", ["c", "[c]"])       # one thing, and a list of them
def test_a_thing_moved_from_the_wrong_zone_is_named_in_the_games_words(tmp_path, moved):
    g = game(tmp_path, CARDS + f"""
turn:
    for c in current.hand:
        move {moved} from deck to table
    end game "done"
""", **{"cards.yaml": CARD_DATA})
    e = error_of(g)
    assert e.span.line == 17
    assert str(e).endswith("'Red Circle' is not in deck, so it cannot be moved to table.")


def test_a_player_removed_from_a_list_they_are_not_in_is_named(tmp_path):
    g = game(tmp_path, CARDS + """
turn:
    remove current from winners
    end game "done"
""", **{"cards.yaml": CARD_DATA})
    e = error_of(g)
    assert e.span.line == 16
    assert str(e).endswith("'Player 1' is not in winners, so it cannot be removed from it.")


def test_moving_the_first_of_an_empty_zone_says_it_is_none_because_the_zone_is_empty(tmp_path):
    g = game(tmp_path, CARDS + """
turn:
    move first(table) from table to deck
    end game "done"
""", **{"cards.yaml": CARD_DATA})
    e = error_of(g)
    assert e.span.line == 16
    assert str(e).endswith("'first(table)' is none here (table is empty), and none is not in table, "
                           "so it cannot be moved to deck.")


WALK = """
game "Walk"
players 1
var n: int = 0
var xs: list of int = []
define score(p: player): int = n
define heavy(k: int): int = count([y for y in xs if y > k])
setup:
    xs = range(1, 100)
    while player_count > 0:
        n = heavy(3)
turn:
    end game "done"
"""


def test_an_endless_loop_is_blamed_on_the_loop_not_the_definition_it_calls(tmp_path):
    e = error_of(game(tmp_path, WALK))
    assert isinstance(e, BudgetExceeded)
    assert e.span.line == 9
    assert "The loop at line 9 of the setup section kept repeating" in str(e)
    assert "the work ran out at line 6, in the definition 'heavy'" in str(e)


def test_an_endless_loop_is_blamed_on_the_loop_unfused_too(tmp_path, monkeypatch):
    monkeypatch.setattr(codegen, "_compiled", lambda *args: None)
    test_an_endless_loop_is_blamed_on_the_loop_not_the_definition_it_calls(tmp_path)


DEEP = HEAD + """
define f(n: int): int = if n <= 0 then 0 else f(n - 1) + 1
setup:
    x = f(5000)
turn:
    end game "done"
"""


# A chain of definitions each calling the one before it, none calling itself (the scale probe
# met it: 1,000 of them were told that 'd22' calls itself).
CHAIN = HEAD + "define d0: int = x\n" + "".join(f"define d{i}: int = d{i - 1} + 1\n" for i in range(1, 1500)) + """
setup:
    x = d1499
turn:
    end game "done"
"""


@pytest.mark.parametrize("fused", [True, False])
@pytest.mark.parametrize("rules, lines, words, not_words", [
    (DEEP, (7, 7), ["The definition 'f' calls itself more deeply than the engine can follow",
                    "it may call itself without end, or need fewer calls"], []),
    (CHAIN, (7, 1506), ["The definitions call one another more deeply than the engine can follow",
                        "though no definition calls itself"], ["calls itself more deeply"]),
], ids=["calling itself", "a chain"])
def test_a_definition_that_ends_but_too_deep_is_not_said_to_call_itself_without_end(tmp_path, monkeypatch, fused,
                                                                                     rules, lines, words, not_words):
    if not fused:
        monkeypatch.setattr(codegen, "_compiled", lambda *args: None)
    e = error_of(game(tmp_path, rules))
    assert isinstance(e, BudgetExceeded) and lines[0] <= e.span.line <= lines[1], (str(e), e.span)
    assert all(w in str(e) for w in words) and not any(w in str(e) for w in not_words), str(e)


@pytest.mark.parametrize("statement, words", [
    ("draw x - 1 from deck to table", "Cannot draw -1 cards"),
    ("repeat x - 3 times:\n        say \"again\"", "Cannot repeat -3 times"),
])
def test_a_negative_count_is_an_error(tmp_path, statement, words):
    g = game(tmp_path, CARDS + """
var x: int = 0
turn:
    """ + statement + """
    end game "done"
""", **{"cards.yaml": CARD_DATA})
    e = error_of(g)
    assert e.span.line == 17 and words in str(e)


def test_a_negative_repeat_is_an_error_when_its_body_asks(tmp_path):
    g = game(tmp_path, """
game "Counts"
players 1
var x: int = 0
define score(p: player): int = 0
turn:
    repeat x - 2 times:
        choose n from [1, 2] labelled "{n}"
    end game "done"
""")
    e = error_of(g)
    assert e.span.line == 6 and "Cannot repeat -2 times" in str(e)


DISPLAYED = HEAD + """
define last_pick: int = picked[0]
turn:
    choose n from [1, 2] labelled "Take {n}"
    x += n
    end game "done"
display:
    show "Last: {last_pick}"
"""


def test_simulate_draws_the_display_so_a_failing_display_line_is_an_error(tmp_path):
    g = game(tmp_path, DISPLAYED)
    stats = simulate(g, games=2, seed=1)
    assert stats["errors"] == 2
    message = stats["error_messages"][0]
    # At the part that failed (`picked[0]`, column 25), not where its line begins
    assert "game.rules:7:25: The definition 'last_pick' cannot be worked out" in message
    assert "item 0 of a list of 0 items, 'picked'" in message and "display line at line 13" in message


def test_the_simulate_command_reports_a_failing_display(tmp_path, capsys):
    folder = write(tmp_path, DISPLAYED.replace('"Last: {last_pick}"', '"Average: {x / count(picked)}"'))
    assert cli.main(["simulate", str(folder), "-n", "2", "--workers", "1"]) == 1
    out, err = capsys.readouterr()
    assert "errors: 2" in out + err and "game.rules:13:" in out + err and "Division by zero" in out + err


def test_a_display_that_works_changes_no_game(tmp_path):
    g = game(tmp_path, DISPLAYED.replace('"Last: {last_pick}"', '"Total: {x}"'))
    stats = simulate(g, games=3, seed=4)
    assert stats["errors"] == 0 and stats["finished"] == 3


NOTHING = None


def _raised(fn):
    try:
        fn()
    except Exception as e:    # noqa: BLE001 - the point is to see what Python raised
        return e
    raise AssertionError("nothing raised")


@pytest.mark.parametrize("make, words", [
    (lambda: abs("x"), "abs() needs a number, but was given a text"),
    (lambda: None + 1, "'+' cannot combine none and a number"),
    (lambda: None < 1, "'<' cannot compare none with a number"),
    (lambda: [1][5], "a list has no item at that position"),
    (lambda: (2).replace("_", " "), "it shows a number (2) where one of an enum's values belongs"),
    (lambda: {}[None], "a value it needs is none"),
    (lambda: [1, 2][NOTHING], "a value it needs is none"),
    (lambda: NOTHING[0], "it takes an item from a list that is none"),
    (lambda: len(None), "it counts the items of none, which is not a list"),
    (lambda: [x for x in None], "it goes through none as if it were a list"),
    (lambda: range(None), "it needs a whole number, but was given none"),
    (lambda: -"x", "'-' needs a number, but was given a text"),
    (lambda: [1] + "a", "'+' cannot combine a list and a text"),
    (lambda: int("x"), "it was given a value it cannot use"),
    (lambda: (_ for _ in ()).throw(TypeError("something Python says")), "it was given a value of the wrong kind"),
])
def test_explain_never_uses_pythons_words(make, words):
    e = _raised(make)
    said = explain(e)
    assert said == words or said.startswith(words), said
    assert not PYTHON_WORDS.search(said), said
    assert not PYTHON_WORDS.search(explain(e, e.__traceback__))


# ------------------------------------------------------------------ one thing, one place
TWO_PLACES = '''
    game "Two places"
    players 2
    kind card from "cards.yaml":
        name: text
    zone deck: card, hidden
    zone discard: card, public
    player zone hand: card, owner
    setup:
        deck = shuffled(card)
        CHANGE
    turn:
        choose c from deck labelled "Pick {c}"
        end game "done"
    define score(p: player): int = 0
'''
TWO_PLACES_CARDS = "cards:\n  - {name: A}\n  - {name: B}\n"


@pytest.mark.parametrize("change, line", [
    ("move first(deck) from deck to discard\n        deck = shuffled(card)", 11),   # a new deck, the discard kept
    ("add first(deck) to players[0].hand", 10),                                    # add copies, move moves
])
def test_a_thing_put_in_a_second_place_is_a_rule_error_at_that_line(tmp_path, change, line):
    g = game(tmp_path, TWO_PLACES.replace("CHANGE", change), **{"cards.yaml": TWO_PLACES_CARDS})
    with pytest.raises(RuleError, match=r"is in .* and in .*A thing is in one place at a time") as e:
        g.new_state(seed=0)
    assert e.value.span.line == line


def test_zones_set_one_after_another_are_looked_at_only_when_the_rules_pause(tmp_path):
    # A new hand sets the deck from every card first and empties the hands after: no error.
    g = game(tmp_path, TWO_PLACES.replace("CHANGE", "draw 1 from deck to players[0].hand\n"
                                          "        deck = shuffled(card)\n        players[0].hand = []"),
             **{"cards.yaml": TWO_PLACES_CARDS})
    s = g.new_state(seed=0)
    assert sorted(s.options()) == ["Pick A", "Pick B"]


TWO_KINDS = TWO_PLACES.replace("    zone deck: card, hidden\n", """    zone deck: card, hidden
    kind token from "tokens.yaml":
        name: text
    zone pool: token, public
    player zone tokens: token, owner
""")
TOKENS = {"cards.yaml": TWO_PLACES_CARDS, "tokens.yaml": "tokens:\n  - {name: X}\n"}


def test_a_pause_looks_only_at_the_kinds_of_thing_put_into_a_zone(tmp_path, monkeypatch):
    asked = []
    real = machine.things_in_one_place
    monkeypatch.setattr(machine, "things_in_one_place", lambda prog, data, kinds=None: asked.append(kinds) or real(prog, data, kinds))
    g = game(tmp_path, TWO_KINDS.replace("CHANGE", "add first(deck) to discard\n        discard = []"), **TOKENS)
    s = g.new_state(seed=0)
    assert asked == [{"card"}]            # setup put cards into zones, and no token
    s.apply(0)
    assert asked == [{"card"}]            # the turn put nothing into a zone: no look at all


def test_a_thing_in_two_places_is_found_when_a_later_line_put_another_kind(tmp_path):
    # The card is copied into a hand; a token zone is set after: the error names that last line.
    text = TWO_KINDS.replace("CHANGE", "add first(deck) to players[0].hand\n        pool = [t for t in token]")
    g = game(tmp_path, text, **TOKENS)
    with pytest.raises(RuleError, match=r"is in .* and in .*A thing is in one place at a time") as e:
        g.new_state(seed=0)
    lines = [line.strip() for line in text.strip().splitlines()]
    assert e.value.span.line == lines.index("pool = [t for t in token]") + 1


EVERY_PLACE = '''
    game "Every place"
    players 2
    side volcano
    kind card from "cards.yaml":
        name: text
    zone deck: card, hidden
    zone discard[2]: card, public
    player zone hand: card, owner
    player zone piles[2]: card, public
    setup:
        deck = shuffled(card)
    turn:
        choose c from deck labelled "Pick {c}"
        end game "done"
    define score(p: player): int = 0
'''


def test_the_quick_look_at_one_place_agrees_with_the_slow_one_in_every_kind_of_zone(tmp_path):
    # A game's zone, a numbered one, a player's and a player's numbered zone, the side's too: a
    # card put twice into any two of them (or into one twice, or a none) is found by the quick
    # look play makes, as by the slow one that names it.
    from tabletop.interpreter.statecheck import things_in_one_place, things_problem
    g = game(tmp_path, EVERY_PLACE, **{"cards.yaml": "cards:\n" + "".join(f"  - {{name: C{i}}}\n" for i in range(6))})
    prog, data = g.compiled, g.new_state(seed=0).data
    assert sorted(data["globals"][0]) == list(range(6)) and things_in_one_place(prog, data)
    deck = data["globals"][0]
    slot = {name: i for i, name in enumerate(prog.player_names)}
    rows = data["players"] + data["sides"]
    places = [data["globals"][1][0], data["globals"][1][1]] + \
        [row[slot["hand"]] for row in rows] + [pile for row in rows for pile in row[slot["piles"]]]
    assert len(places) == 11        # two discards, three hands and six piles (the side's too)
    every = [deck] + places
    for i, a in enumerate(every):
        for b in every[i:] + [None]:        # b may be a itself: a card twice in one zone
            a.append(deck[0] if b is not None else None)
            if b is not None:
                b.append(deck[0])
            assert not things_in_one_place(prog, data) and not things_in_one_place(prog, data, {"card"})
            assert things_problem(prog, data)
            a.pop()
            if b is not None:
                b.pop()
            assert things_in_one_place(prog, data) and not things_problem(prog, data)
    # A card moved (out of the deck, into the side's last pile) is still in one place.
    places[-1].append(deck.pop())
    assert things_in_one_place(prog, data) and not things_problem(prog, data)


# ---------------------------------------------------------------- an index in a rule's own statement
@pytest.mark.parametrize("closures", [False, True])
def test_an_index_past_the_end_in_a_statement_says_the_index_and_the_length(tmp_path, monkeypatch, closures):
    if closures:        # the same words when the rules are compiled to closures, without Python source
        monkeypatch.setattr(codegen, "_compiled", lambda *args: None)
    g = game(tmp_path, HEAD + """
var hand: list of int = [4, 5, 6]
var who: player = none
turn:
    who = players[index_of(hand, 6)]
    end game "done"
""")
    e = error_of(g)
    assert e.span.line == 10         # the statement's own line: no definition is involved
    assert "a list has no item at that position: it asks for item 2 of a list of 2 items" in str(e)
    assert "the last is item 1" in str(e)
    if not closures:
        assert "'players'" in str(e)


def test_an_index_past_the_end_of_a_variable_names_it(tmp_path):
    g = game(tmp_path, HEAD + """
var hand: list of int = [4, 5, 6]
turn:
    x = hand[x + 3]
    end game "done"
""")
    e = error_of(g)
    assert "it asks for item 3 of a list of 3 items, 'hand' (items count from 0, so the last is item 2)" in str(e)


# ---------------------------------------------------------------- a choice with nothing to choose from
@pytest.mark.parametrize("choice, words", [
    ("choose c from picked", "'choose c from picked' has nothing to choose from: 'picked' is empty."),
    ("choose c from [1, 2, 3] if c > 5",
     "'choose c from [1, 2, 3] if c > 5' has nothing to choose from: no item of '[1, 2, 3]' (3 items) "
     "meets the condition 'c > 5'."),
    ("choose c from picked if c > 5", "'picked' is empty."),
])
def test_a_choice_with_nothing_to_choose_from_names_its_list(tmp_path, choice, words):
    g = game(tmp_path, HEAD + f"""
turn:
    {choice}
    x = c
    end game "done"
""")
    e = error_of(g)
    assert e.span.line == 8 and words in str(e), str(e)


# ---------------------------------------------------------------- variants: their files and their removals
BASE = """
game "Base"
players 1
var bonus: int in 0 to 3 = 0
var x: int = 0
define score(p: player): int = x + bonus
turn:
    bonus += 1
    end game "done"
"""


def test_a_variant_file_whose_name_cannot_be_a_variants_says_how_to_rename_it(tmp_path):
    from inline import diagnostics
    files = {"variants__Calm Seas.rules": 'extends "../game.rules"\nreplace var x: int = 2\n'}
    [d] = diagnostics(tmp_path, BASE, "Calm Seas", **files)
    assert d.code == "E016" and "cannot be a variant's" in d.message and d.span.file.endswith("Calm Seas.rules")
    assert d.hint == "rename the file 'calm_seas.rules'"
    [d] = diagnostics(tmp_path, BASE, "calm seas", **files)       # never "did you mean" the same name
    assert d.message == "The rulebook has no variant 'calm seas'." and "Calm Seas" not in d.hint


def test_a_variant_that_removes_a_name_the_base_uses_says_so_at_its_remove_line(tmp_path):
    from inline import diagnostics
    found = diagnostics(tmp_path, BASE, "calm", **{"variants__calm.rules": 'extends "../game.rules"\n\nremove bonus\n'})
    first, *rest = found
    assert first.code == "E014" and first.span.file.endswith("calm.rules") and (first.span.line, first.span.column) == (3, 8)
    assert "This removes 'bonus', but the base rulebook still uses it (" in first.message
    assert "and 1 more place" in first.message
    assert rest and all(d.span.file.endswith("game.rules") for d in rest)
    assert all(re.fullmatch(r"'bonus' was removed by .*calm\.rules:3", d.hint) for d in rest)


def test_a_starting_value_outside_its_range_names_the_declaration(tmp_path):
    """Found only once an option's value is known, so at the start of play: at the var's line."""
    import shutil
    from pathlib import Path

    from tabletop.interpreter.api import load_game
    src = Path(__file__).resolve().parent.parent / "rulebooks" / "taboo_atoll_express"
    book = tmp_path / "book"
    shutil.copytree(src, book, ignore=shutil.ignore_patterns("scenarios", "variants"))
    rules = book / "game.rules"
    text = rules.read_text()
    assert "= start_level[difficulty]\n" in text
    rules.write_text(text.replace("= start_level[difficulty]\n", "= start_level[difficulty] + 10\n", 1))
    line = next(n for n, x in enumerate(rules.read_text().split("\n"), 1) if "start_level[difficulty] + 10" in x)
    game = load_game(str(book), options={"difficulty": "idiotic"})
    with pytest.raises(RuleError) as e:
        game.new_state()
    assert "'water_level' must be from 0 to 14 but starts at" in str(e.value)
    assert e.value.span is not None and e.value.span.line == line


@pytest.mark.parametrize("call", ["paths(s, n, x => true)", "within(s, n, x => true)"])
def test_a_negative_number_of_steps_is_an_error(tmp_path, call):
    """Before, a search of -1 steps quietly found nothing. (The number is worked out in play here:
    written out, -1 is refused by the checker in the same words, tests/test_author_mistakes.py.)"""
    g = game(tmp_path, 'game "Steps"\nplayers 1' + CELL_GRID + f"""
define score(p: player): int = 0
turn:
    s = first(cell)
    n = turn_number - 2
    say "{{count({call})}}"
    end game "done"
""", **CELLS)
    with pytest.raises(RuleError, match="0 steps or more(| away), not -1"):
        g.new_state()


def test_a_display_line_that_reads_a_hidden_card_is_refused_at_check(tmp_path):
    """Each seat's display is drawn from what it may see; another seat's hand is none there, so a
    line that reads its cards could not be drawn: E311, before any game."""
    from tabletop.dsl.diagnostics import RulebookError
    rules = """
        game "Mini"
        players 2
        kind card from "cards.yaml":
            name: text
            value: int
        zone deck: card, hidden
        player zone hand: card, owner
        define best(p: player): int = max([c.value for c in p.hand])
        define score(p: player): int = 0
        setup:
            deck = shuffled(card)
            for p in players:
                draw 2 from deck to p.hand
        turn:
            choose c from current.hand labelled "Play {c}":
                end game "done"
        display:
            show "{p}: best card {best(p)}" for p in players
        """
    with pytest.raises(RulebookError) as e:
        game(tmp_path, rules, **{"cards.yaml": "cards:\n  - {name: One, value: 1, count: 6}\n"})
    assert [d.code for d in e.value.diagnostics] == ["E311"]
    assert "reads the cards of the zone 'hand', which only its owner may see" in e.value.diagnostics[0].message


def test_a_reaction_that_sets_itself_off_without_end_names_its_line(tmp_path):
    g = game(tmp_path, '''
        game "Echo"
        players 2
        event boom(p: player)
        reaction echo on boom(v) by p if true labelled "Echo":
            signal boom(v)
        turn:
            signal boom(current)
            end game "Done."
        define score(p: player): int = 0
        ''')
    s = g.new_state()
    with pytest.raises(RuleError) as e:
        while not s.is_over:
            s.apply(0, s.pending.players[0])
    assert e.value.span is not None and e.value.span.line == 4 and "nest more than 400 deep" in str(e.value)


@pytest.mark.parametrize("n, kind, words", [(3, "card", "3 hidden cards"), (1, "pip", "1 hidden pip"),
                                           (4, "battery", "4 hidden batteries"), (2, "box", "2 hidden boxes"),
                                           (5, "face_token", "5 hidden face tokens")])
def test_a_hidden_zone_is_shown_in_the_words_of_its_kind(n, kind, words):
    from tabletop.interpreter.view import hidden_words
    assert hidden_words(n, kind) == words


def test_a_die_whose_faces_are_never_kept_stops_after_a_thousand_throws(tmp_path):
    """(By a number worked out in play: `f => f > 3` of this die is refused by the checker in the
    same words, tests/test_author_mistakes.py.)"""
    from tabletop.interpreter import rng
    g = game(tmp_path, """
        game "Never"
        players 1
        die d: 1, 2, 3
        turn:
            choose k from [1] labelled "Go"
            n = roll(d, f => f > k + 2)
            end game "{n}"
        winners: players
        """)
    s = g.new_state(seed=1)
    state = s.data["rng"]
    with pytest.raises(RuleError) as e:
        s.apply(0)
    assert "A die was rolled 1000 times and no face was ever kept" in str(e.value) and e.value.span.line == 6
    for _ in range(1000):       # exactly 1000 throws, each one seeded draw
        state, _ = rng.below(state, 3)
    assert s.data["rng"] == state


def test_players_from_none_says_nobody_can_start_an_order_of_seats(tmp_path):
    g = game(tmp_path, """
        game "Order"
        players 2
        var who: player = none
        turn:
            for p in players_from(who):
                say "{p}"
            end game "done"
        winners: players
        """)
    with pytest.raises(RuleError) as e:
        g.new_state(seed=1)
    assert "nobody can start an order of seats" in str(e.value) and e.value.span.line == 5


@pytest.mark.parametrize("statement, whose", [("players[1].coins += 5", "Player 2"),
                                              ("bank.coins += 5", "bank"),
                                              ("for p in players:\n                p.coins += 5", "Player 1")])
def test_a_players_variable_leaving_its_range_names_the_player(tmp_path, statement, whose):
    """`'coins' must stay from 0 to 5` did not say whose coins: it now names the seat, or the side.
    Both ways a variable is set are covered: the generated line and the compiled setter of a loop's item."""
    g = game(tmp_path, f"""
        game "Purse"
        players 2
        side bank
        player var coins: int in 0 to 5 = 1
        define score(p: player): int = p.coins
        setup:
            {statement}
        turn:
            end game "done"
        """)
    e = error_of(g)
    assert f"'coins' of {whose} must stay from 0 to 5" in str(e), str(e)


def test_the_error_path_reads_a_rulebook_line_only_from_a_regular_file(tmp_path):
    """The words of a play error may quote the rulebook's line, read again from its file: a file
    that became a FIFO since the game was loaded is not waited on, a short one gives nothing."""
    import os
    from types import SimpleNamespace
    from tabletop.interpreter.errors import _rules_lines
    rules = tmp_path / "game.rules"
    rules.write_text("setup:\n    up = first(block)\n")
    assert _rules_lines(SimpleNamespace(file=str(rules), line=2)) == ["setup:", "    up = first(block)"]
    assert _rules_lines(SimpleNamespace(file=str(rules), line=9)) == []
    rules.unlink()
    os.mkfifo(rules)
    assert _rules_lines(SimpleNamespace(file=str(rules), line=2)) == []
