"""Leftovers (2): a count checked by its bounds (`count: {at least: 1}`) wherever a count is a
check; W131 hearing every read of a zone; the terminal's answers; a typed label that is a number.
Then three more: a zone seen by one player (`seen by current`, `seen by looker`), W135 (a
comparison a cap on every write makes impossible), a long `elif` chain checked and started
in linear time, and loading that leaves no cycles for the collector."""
from pathlib import Path

import pytest

from tabletop.dsl import ast as A
from tabletop.dsl.formatter import format_text
from tabletop.dsl.parser import parse
from tabletop.interpreter import scenarios
from tabletop.interpreter.api import State
from tabletop.interpreter.determinize import believed
from inline import diagnostics, game
from test_scenarios import run_text

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------------- 1: a count's bounds
_DEALT = ("cases:\n  - name: the case\n    players: 4\n    force setup: [{shuffle: []}, {pick: Player 3}]\n"
          "    steps:\n      - expect:\n          ")


@pytest.mark.parametrize("check,fails", [
    ("Player 1: {hand: {count: {at least: 1}}}", None),
    ("Player 1: {hand: {count: {at least: 3, at most: 3}}}", None),
    ("options: {count: {at least: 1}}", None),
    ("deciding: {count: {at most: 4}}", None),
    ("log: {count: {at most: 30}}", None),
    ("Player 1: {hand: {count: {at most: 1}}}", "The count of Player 1's hand should be {at most: 1}, but it is 3."),
    ("deciding: {count: {at least: 5}}", "The count of who decides should be {at least: 5}, but it is 4."),
    ("Player 1: {hand: {count: {at least: -1}}}",
     "The count of Player 1's hand: 'at least' needs a whole number from 0, not -1."),
    ("Player 1: {hand: {count: {at lest: 1}}}", "The count of Player 1's hand: 'at lest' is not a check of a count"),
    ("Player 1: {hand: {count: {}}}", "The count of Player 1's hand: '{}' names no check"),
])
def test_a_count_takes_the_checks_a_number_takes(tmp_path, check, fails):
    report, failures = run_text(tmp_path, _DEALT + check + "\n", "smackshapes")
    assert report.ok is (fails is None), scenarios.render(report)
    if fails:
        assert failures[0].message.startswith(fails), scenarios.render(report)
        assert failures[0].code == "T030" and failures[0].line == 8


def test_a_count_check_inside_every_thing_of_a_kind(tmp_path):
    """`every` of a kind: each tile's own zone, its count bounded."""
    text = ("rest: {battler: fallen}\ncases:\n  - name: the case\n    players: 2\n    seed: 5\n    steps:\n"
            "      - expect:\n          tile: {every: {battlers: {count: {at most: 2}}}}\n"
            "      - expect:\n          tile: {every: {battlers: {count: {at least: 3}}}}\n")
    report, failures = run_text(tmp_path, text, "abatteroxie")
    assert [f.line for f in failures] == [11], scenarios.render(report)
    assert "should be {count: {at least: 3}} for every tile" in failures[0].message


# ---------------------------------------------------------------------------- 2: W131's reads
_NO_SETUP = "setup:\n    deck = shuffled(card)\n\nturn:\n    draw 1 from deck to current.hand"


@pytest.mark.parametrize("read, words", [
    ("move first(card) from ^deck to current.hand", "move takes from 'deck'"),
    ("current.points += first(^deck).rank", "'first' takes the first thing of 'deck'"),
    ("current.points += last(^deck).rank", "'last' takes the last thing of 'deck'"),
    ("for c in ^deck:\n        say \"{c.name}\"", "loop goes through 'deck'"),
    ("current.points += count([c for c in ^deck if c.rank > 1])", "loop goes through 'deck'"),
])
def test_every_read_of_a_zone_nothing_fills_is_told(tmp_path, read, words):
    """Not only a choice or a draw: a move from it, `first`, `last` and a loop over it find nothing."""
    from test_author_mistakes import expect, run
    found, at = run(tmp_path, (_NO_SETUP, f"turn:\n    add first(card) to current.hand\n    {read}"))
    expect(found, "W131", "game.rules", at, words, "nothing in the rules ever puts", "starts empty")


@pytest.mark.parametrize("read", ["move first(deck) from deck to current.hand", "current.points += first(deck).rank",
                                  "for c in deck:\n        say \"{c.name}\""])
def test_a_read_of_a_zone_the_setup_fills_is_no_alarm(tmp_path, read):
    from test_author_mistakes import run
    found, _ = run(tmp_path, ("    draw 1 from deck to current.hand", f"    add first(card) to current.hand\n    {read}"))
    assert not [d for d in found if d.code == "W131"], [d.message for d in found]


# ---------------------------------------------------------------------------- 4: a typed number
_BIDS = """\
game "Bids"
players 1
turn:
    choose n from range(2, 4) prompt "Bid how many?":
        say "You bid {n}."
    choose m from range(2, 4) labelled "Raise to {m}" prompt "Raise?":
        say "You raise to {m}."
    end game "Done."
define score(p: player): int = 0
"""


def test_a_typed_number_that_is_a_label_answers_that_label_and_each_reading_is_told(monkeypatch, tmp_path, capsys):
    """The options 2, 3, 4: typing 3 answered the third option, 4 (the menu's number always won).
    Now the label wins, and the player is told; where the number is the menu's beside a label
    holding it ("Raise to 3"), the player is told which option the number took."""
    from test_terminal_at_the_table import played
    (tmp_path / "bids.rules").write_text(_BIDS)
    code, out, err = played(monkeypatch, tmp_path, capsys, "3\n3\n", tmp_path / "bids.rules", "--seed", 1)
    assert "You bid 3." in out and "You raise to 4." in out, out
    assert "'3' is taken as the option labelled 3 (option 2); the option numbered 3 is '4'." in out
    assert "'3' is taken as the option numbered 3, 'Raise to 4' ('Raise to 3' is option 2)." in out
    assert code == 0


def test_a_plain_number_or_label_is_taken_without_a_note():
    from tabletop.interpreter.session import match_option, number_note
    options = ["Pass", "Take 2", "Take 3"]
    assert match_option("2", options) == 1 and number_note("2", options, 1) == ""   # 'Take 2' is option 2
    assert number_note("Pass", options, 0) == "" and number_note("3", ["Pass", "2", "3"], 2) == ""
    assert number_note("1", ["2", "3"], 0) == "'1' is taken as the option numbered 1, '2'."
    # menus not named by numbers: a grid's squares, two labels with the same number, several numbers
    assert number_note("2", ["Move from A1", "Move from A2", "Move from B2"], 1) == ""
    assert number_note("2", ["Take row 1 from the left", "Take row 1 from the right", "Pass"], 1) == ""
    assert number_note("2", ["Move 1 battler 2 tiles", "Move 2 battlers 1 tile"], 1) == ""


# ---------------------------------------------------------------------------- 3: an answer told later
_STEPS = """\
game "Steps"
players 2
var moves: int = 0
turn:
    choose x from range(1, 2) labelled "Move a pawn from {x}" prompt "From where?":
        choose y from range(4, 5) labelled "Move to {y}" prompt "To where?":
            if moves < 2:
                say "{current} moves a pawn from {x} to {y}."
            else:
                say "Nothing to tell."
            moves += 1
    if moves >= 4:
        end game "Done."
define score(p: player): int = 0
"""


def test_an_answer_the_rules_tell_only_after_the_same_seats_next_answer_is_shown_once(monkeypatch, tmp_path, capsys):
    """"Move a pawn from 1", then "Move to 5", then the rules' "Player 1 moves a pawn from 1 to 5.":
    the first answer was shown as well ("Player 1 chose: Move a pawn from 1"), the same move twice.
    It now waits for the lines of the same seat's next answer; untold, it is shown before them."""
    from test_terminal_at_the_table import played
    (tmp_path / "steps.rules").write_text(_STEPS)
    code, out, err = played(monkeypatch, tmp_path, capsys, "1\n2\n1\n1\n", tmp_path / "steps.rules",
                            "--seat", "2=first", "--seed", 3)
    assert code == 0, err
    assert "  Player 1 moves a pawn from 1 to 5.\n  Player 2 moves a pawn from 1 to 4.\n" in out, out
    # told by no line: each answer shown, in the order given, above the line said after them
    assert ("Player 1 chose: Move a pawn from 1\nPlayer 1 chose: Move to 4\n  Nothing to tell.\n"
            "Player 2 (first) chose: Move a pawn from 1\nPlayer 2 (first) chose: Move to 4\n  Nothing to tell.\n") in out
    assert out.count("chose: Move a pawn from 1") == 2, out


# ---------------------------------------------------------------------------- 5: a round's leader
def _lead_book(tmp_path, start: str, extra: str = "") -> str:
    """Three players take turns from `start` ("" for none); each round says who opened it."""
    (tmp_path / "lead.rules").write_text(f"""\
game "Lead"
players 3
var opened: int = 0
var rounds: int = 0
{extra}
define after(p: player): player = next_player(p)
play:
    take turns{start}
turn:
    choose:
        option "Go":
            say "{{current}} goes."
round:
    rounds += 1
    say "Round {{rounds}} is over."
    if rounds >= 3:
        end game "Done."
define score(p: player): int = 0
""")
    return str(tmp_path / "lead.rules")


_LEAD_CASE = """cases:
  - name: Player 2 leads
    players: 3
    set: {leader: Player 2}
    steps:
      - moves: [Go, Go, Go]
      - expect: {said: [Player 2 goes., Player 3 goes., Player 1 goes., Round 1 is over.], current: Player 2}
      - moves: [Go, Go, Go]
      - expect: {said: [Player 2 goes., Player 3 goes., Player 1 goes., Round 2 is over.], current: Player 2}
"""


@pytest.mark.parametrize("start, extra", [
    (" from dealer", "var dealer: player = none\nsetup:\n    dealer = first(players)"),    # a game variable
    ("", "var first_player: player = none"),                                             # first_player
    (" from first_player", "var first_player: player = none\nsetup:\n    first_player = first(players)"),
])
def test_a_leader_set_leads_the_later_rounds_whatever_value_the_turns_start_from(tmp_path, start, extra):
    """`take turns from dealer` (a game variable) or `first_player`: the round under way was led by
    the player set, and the next one by Player 1 again; the value read at each round is set too."""
    book = _lead_book(tmp_path, start, extra)
    path = tmp_path / "lead.yaml"
    path.write_text(f"game: {book}\n" + _LEAD_CASE)
    report = scenarios.run_files([path])
    assert report.ok, scenarios.render(report)


@pytest.mark.parametrize("start, extra, words", [
    ("", "", "every round of this game begins with Player 1 (its turns are taken with no 'from', and it has no "
             "'first_player' variable), so no other player leads one: set 'current'"),
    (" from after(first(players))", "", "the rules take the turns from a value worked out again at each round "
                                      "(line 8), so the later rounds would not follow a leader set here"),
])
def test_a_leader_the_later_rounds_cannot_follow_is_refused_in_words(tmp_path, start, extra, words):
    book = _lead_book(tmp_path, start, extra)
    path = tmp_path / "lead.yaml"
    path.write_text(f"game: {book}\n" + _LEAD_CASE)
    f = scenarios.run_files([path]).failures[0]
    assert (f.code, f.line) == ("T010", 5), f.message
    assert "leader: a round's leader cannot be set here: " + words in f.message, f.message


def test_player_1_may_lead_where_every_round_begins_with_player_1(tmp_path):
    book = _lead_book(tmp_path, "")
    path = tmp_path / "lead.yaml"
    path.write_text(f"game: {book}\n" + _LEAD_CASE.replace("Player 2", "Player 1").replace(
        "[Player 1 goes., Player 3 goes., Player 1 goes.", "[Player 1 goes., Player 2 goes., Player 3 goes."))
    report = scenarios.run_files([path])
    assert report.ok, scenarios.render(report)


# ---------------------------------------------------------------------------- a zone seen by one player
CARDS = {"cards.yaml": "cards:\n" + "".join(f"  - {{name: {n}}}\n" for n in "ABCDEFGH")}

PEEK = """
game "Peek"
players 3
winners: highest score
kind card from "cards.yaml":
    name: text
zone deck: card, hidden
# The top cards while the current player looks at them.
zone looking: card, seen by current
var looker: player = none
zone peek: card, seen by looker
player zone hand: card, owner
define score(p: player): int = count(p.hand)
setup:
    deck = shuffled(card)
    looker = players[2]
    draw 1 from deck to peek
turn:
    draw 2 from deck to looking
    choose c from looking labelled "Keep {c}":
        move c from looking to current.hand
    move looking from looking to deck
    if count(current.hand) == 2:
        end game
"""


def _zones(module):
    return {d.name: d.visibility for d in module.decls if isinstance(d, A.ZoneDecl)}


def test_seen_by_parses_and_formats_as_written():
    module, problems = parse(PEEK.lstrip("\n"))
    assert not problems
    assert _zones(module)["looking"] == "seen by current" and _zones(module)["peek"] == "seen by looker"
    assert format_text(PEEK.lstrip("\n")) == PEEK.lstrip("\n")
    squeezed = PEEK.lstrip("\n").replace("card, seen by current", "card,seen   by    current")
    assert format_text(squeezed) == PEEK.lstrip("\n")


def test_a_zone_seen_by_current_shows_to_the_current_player_only(tmp_path):
    g = game(tmp_path, PEEK, **CARDS)
    assert not [w for w in g.warnings if w.code != "W102"], g.warnings
    state = g.new_state(players=3, seed=1)
    looking = state.view(0)["variables"]["looking"]
    assert len(looking) == 2 and None not in looking          # the current player sees both cards
    for seat in (1, 2, None):
        assert state.view(seat)["variables"]["looking"] == [None, None]
    assert state.options_name_secrets()        # a bot's answer is "has chosen" to the others
    state.apply(0, 0)
    assert state.to_json()["current"] == 1     # Player 2 now looks at two new cards
    assert None not in state.view(1)["variables"]["looking"]
    assert state.view(0)["variables"]["looking"] == [None, None]


def test_a_zone_seen_by_a_variable_shows_to_that_player_and_to_nobody_for_none(tmp_path):
    g = game(tmp_path, PEEK, **CARDS)
    state = g.new_state(players=3, seed=1)
    assert None not in state.view(2)["variables"]["peek"]
    assert state.view(0)["variables"]["peek"] == [None] and state.view(1)["variables"]["peek"] == [None]
    data = state.to_json()
    data["globals"][g.compiled.global_names.index("looker")] = None
    nobody = State(g, data)
    assert all(nobody.view(seat)["variables"]["peek"] == [None] for seat in (0, 1, 2, None))


def test_a_player_zone_seen_by_current_shows_every_players_to_the_current_player_only(tmp_path):
    rules = PEEK.replace("player zone hand: card, owner\n", "player zone hand: card, seen by current\n")
    g = game(tmp_path, rules, **CARDS)
    state = g.new_state(players=3, seed=1)
    state.apply(0, 0)                        # Player 1 keeps a card; Player 2 is now the current player
    hands = [row["hand"] for row in state.view(1)["players"]]
    assert hands[0] and None not in hands[0]                  # Player 2 sees Player 1's hand
    for seat in (0, 2, None):                                 # and nobody else does, not even its owner
        assert state.view(seat)["players"][0]["hand"] == [None] * len(hands[0])


def test_a_world_a_bot_believes_keeps_the_cards_its_seat_sees_and_deals_the_others_again(tmp_path):
    g = game(tmp_path, PEEK, **CARDS)
    prog = g.compiled
    state = g.new_state(players=3, seed=3)     # card 7 in peek: no local of the paused rules names it
    data = state.to_json()
    at = prog.global_names.index("peek")       # seen by Player 3, the looker
    generator, others = 7, set()
    for _ in range(30):
        mine, generator = believed(prog, state.to_json(), 2, generator)
        assert mine["globals"][at] == data["globals"][at]          # seat 2 looks at it: it stays
        assert State(g, mine).view(2) == state.view(2)
        theirs, generator = believed(prog, state.to_json(), 0, generator)
        assert State(g, theirs).view(0) == state.view(0)
        others.add(tuple(theirs["globals"][at]))
    assert len(others) > 1                      # for seat 0 it is a card it cannot tell from the deck's


def test_a_text_everyone_reads_that_shows_a_zone_seen_by_one_player_is_told(tmp_path):
    rules = PEEK.replace("    move looking from looking to deck\n", "    say \"Left: {looking}\"\n    move looking from looking to deck\n")
    w106 = [d for d in diagnostics(tmp_path, rules, **CARDS) if d.code == "W106"]
    assert len(w106) == 1 and "only the current player may see" in w106[0].message


def test_seen_by_a_name_that_is_not_a_game_variable_of_a_player_is_refused(tmp_path):
    cases = {"seen by lookr": ("E201", "did you mean 'looker'"),
             "seen by score": ("E205", "a definition, not a player"),
             "seen by turns": ("E205", "an int variable, not a player"),
             "seen by mine": ("E205", "a player variable")}
    for visibility, (code, words) in cases.items():
        rules = PEEK.replace("var looker: player = none\n", "var looker: player = none\nvar turns: int = 0\n"
                             "player var mine: player = none\n").replace("seen by looker", visibility)
        found = [d for d in diagnostics(tmp_path, rules, **CARDS) if d.code.startswith("E")]
        assert [d.code for d in found] == [code], (visibility, found)
        assert words in found[0].message + found[0].hint and f"'{visibility.split()[-1]}'" in found[0].message
        assert found[0].span.line == 12 and found[0].span.column == 26


# ---------------------------------------------------------------------------- W135: a cap makes it impossible
CAPPED = """
game "Cap"
players 2
winners: highest score
var level: int = 1
var heat: int = 0
player var points: int = 0
define score(p: player): int = p.points
define boiling: bool = heat < -1
turn:
    level = min(level + 1, 4)
    heat = max(heat - 1, 0)
    current.points = min(current.points + 1, 10)
    if current.points == 11:
        say "{current} has eleven."
    while level != 5:
        level = 4
        if boiling:
            say "It boils."
        if level > 4:
            end game
    if level >= 4:
        end game
"""


def _w135(tmp_path, rules):
    return [(d.span.line, d.message) for d in diagnostics(tmp_path, rules) if d.code == "W135"]


def test_a_comparison_every_cap_makes_impossible_is_told_at_it_naming_the_cap(tmp_path):
    found = _w135(tmp_path, CAPPED)
    assert [line for line, _ in found] == [8, 13, 15, 19], found
    messages = dict(found)
    assert messages[8] == ("Every line that sets 'heat' keeps it at least 0 ('max(heat - 1, 0)' on line 11), so "
                           "'heat < -1' is always false.")
    assert "keeps it at most 10 ('min(current.points + 1, 10)' on line 12)" in messages[13]
    assert messages[15].endswith("'level != 5' is always true.") and "on line 10" in messages[15]
    assert messages[19] == ("Every line that sets 'level' keeps it at most 4 ('min(level + 1, 4)' on line 10), so "
                            "'level > 4' is always false.")


@pytest.mark.parametrize("old, new", [
    ("    heat = max(heat - 1, 0)\n", "    heat = max(heat - 1, 0)\n    level += 1\n"),        # not capped
    ("    heat = max(heat - 1, 0)\n", "    heat = max(heat - 1, 0)\n    level = 5 + heat\n"),  # not certain
    ("    heat = max(heat - 1, 0)\n", "    heat = max(heat - 1, 0)\n    level = 9\n"),          # set past it outright
    ("var level: int = 1\n", "var level: int = 7\n"),                                           # starts past it
])
def test_a_variable_some_line_takes_past_the_cap_is_not_told(tmp_path, old, new):
    assert old in CAPPED
    lines = [line for line, _ in _w135(tmp_path, CAPPED.replace(old, new, 1))]
    assert 19 not in lines and 20 not in lines, lines     # `level > 4`, wherever it now is
    assert 8 in lines                                     # heat is still capped


def test_a_ranged_variable_w133_tells_is_not_told_twice(tmp_path):
    rules = CAPPED.replace("var level: int = 1\n", "var level: int in 0 to 4 = 1\n")
    found = diagnostics(tmp_path, rules)
    assert [d.span.line for d in found if d.code == "W133"] == [15, 19]
    assert [d.span.line for d in found if d.code == "W135"] == [8, 13]


# ---------------------------------------------------------------------------- a long elif chain
def _chain(n: int) -> str:
    """A rule of one `if` and `n` `elif`s, called each turn (so it is also run in place)."""
    lines = ['game "Chain"', "players 2", "winners: highest score", "var x: int = 0", "player var points: int = 0",
             "define score(p: player): int = p.points", "rule pick(n: int):", "    if n == 0:", '        say "zero"']
    for i in range(1, n + 1):
        lines += [f"    elif n == {i}:", f'        say "{{current}} picks {i}."', f"        current.points += {i % 7}"]
    lines += ["    else:", '        say "Too many."', "turn:", "    x += 1", "    pick(x)", "    if x > 3:", "        end game"]
    return "\n".join(lines) + "\n"


@pytest.mark.slow
def test_a_long_elif_chain_loads_without_the_collector_and_is_never_compiled_as_one_python_if(tmp_path, monkeypatch):
    """3,000 branches: no cycle collection runs while it loads (each full one walks every object
    loading made, so loading grew faster than the rulebook), and no Python source holds the whole
    chain (Python nests each elif a level deeper and refuses past about 3,000, after the work)."""
    import gc
    from tabletop.interpreter import api, codegen
    from tabletop.interpreter.api import load_game
    from inline import write
    monkeypatch.setenv("TABLETOP_NO_CACHE", "1")      # the work itself, not a copy kept from an earlier run
    folder = write(tmp_path, _chain(3000))
    collections, sources = [], []
    compiled = codegen._compiled

    loading = api._load_game
    inside = []

    def counted(text, *args):
        fn = compiled(text, *args)
        sources.append((len(text), fn is not None))
        return fn

    def collected(phase, info):
        if phase == "start" and inside:
            collections.append(info["generation"])

    def load(*args):
        inside.append(True)
        try:
            return loading(*args)
        finally:
            inside.pop()

    monkeypatch.setattr(codegen, "_compiled", counted)
    monkeypatch.setattr(api, "_load_game", load)
    gc.callbacks.append(collected)
    try:
        g = load_game(str(folder))
        checked = load_game(str(folder), source=False)      # as `tabletop check` loads it
    finally:
        gc.callbacks.remove(collected)
    assert collections == [] and gc.isenabled()
    assert sources and all(ok for _, ok in sources), [size for size, ok in sources if not ok]
    assert max(size for size, _ in sources) < 20_000          # one branch's run, not the chain's
    for game in (g, checked):           # the game has no decision: it plays to its end at once
        data = game.new_state(players=2, seed=1).to_json()
        assert data["log"][:4] == ["Player 1 picks 1.", "Player 2 picks 2.", "Player 1 picks 3.", "Player 2 picks 4."]
        points = game.compiled.player_names.index("points")
        assert [row[points] for row in data["players"]] == [4, 6] and data["over"]


def test_each_condition_of_an_elif_chain_is_read_for_its_narrowing_twice_not_once_a_branch(tmp_path, monkeypatch):
    """The enum values a branch's name may have are narrowed by every condition above it (W109):
    met once per branch as the checker goes down. Worked out again for every branch below, a
    chain of 3,000 branches took 4.5 million readings and most of a minute to check."""
    from tabletop.dsl import checker as C
    from tabletop.interpreter.api import load_game
    from inline import write
    monkeypatch.setenv("TABLETOP_NO_CACHE", "1")
    readings = []
    reading = C.Checker.enum_narrowing

    def counted(self, cond, negated):
        readings.append(cond)
        return reading(self, cond, negated)

    monkeypatch.setattr(C.Checker, "enum_narrowing", counted)
    load_game(str(write(tmp_path, _chain(300))), source=False)
    assert 600 <= len(readings) <= 620, len(readings)       # 301 conditions, and the turn's `if`


@pytest.mark.parametrize("book", [pytest.param(b, marks=pytest.mark.slow) for b in
                                  ("abatteroxie", "smackatoa", "smores_galore", "smackshapes")] + ["taboo_atoll_express"])
def test_loading_a_rulebook_leaves_no_cycles_for_the_collector(book):
    """A load, check and compile (the program kept) leaves nothing only the cycle collector can
    free: a nested function that calls itself is a cycle with all it holds (the checker's tables
    once). Such garbage filled the young generation, and the collector walked a warm load's
    objects more often: 13,500 objects a pass over every rulebook, before. ast.literal_eval's own
    nested functions, a few per rulebook, are allowed."""
    import gc
    from tabletop.dsl.checker import check
    from tabletop.dsl.loader import load_program
    from tabletop.interpreter.compiler import compile_program
    path, kept = str(ROOT / "rulebooks" / book), []
    kept.append(compile_program(check(load_program(path, None)), {}))      # the caches warm
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        kept.append(compile_program(check(load_program(path, None)), {}))
        gc.collect()
    finally:
        gc.set_debug(0)
    garbage, gc.garbage[:] = list(gc.garbage), []
    made = {getattr(o, "__qualname__", "") for o in garbage if callable(o)}
    assert not {n for n in made if not n.startswith("literal_eval.")}, sorted(made)
    assert len(garbage) <= 200, len(garbage)


def test_loading_leaves_the_collector_as_it_found_it(tmp_path):
    import gc
    from tabletop.interpreter.api import load_game
    from inline import write
    folder = write(tmp_path, _chain(3))
    gc.disable()
    try:
        load_game(str(folder))
        assert not gc.isenabled()
    finally:
        gc.enable()
    load_game(str(folder))
    assert gc.isenabled()


def test_each_pass_runs_without_the_collector_and_leaves_it_on(tmp_path, monkeypatch):
    """Loading, checking and compiling, called one by one as a tool does (the benchmark, an
    editor), each pause the collector too: not only `load_game` around them."""
    import gc
    from tabletop.dsl import checker as checking, loader
    from tabletop.interpreter import compiler as compiling
    from inline import write
    monkeypatch.setenv("TABLETOP_NO_CACHE", "1")
    folder = write(tmp_path, _chain(300))
    seen = {}

    def spying(name, fn):
        def spy(*args, **kwargs):
            seen[name] = gc.isenabled()         # inside the pass
            return fn(*args, **kwargs)
        return spy

    monkeypatch.setattr(loader, "find_rulebook", spying("load", loader.find_rulebook))
    monkeypatch.setattr(checking.Checker, "run", spying("check", checking.Checker.run))
    monkeypatch.setattr(compiling.Compiler, "compile", spying("compile", compiling.Compiler.compile))
    checked = checking.check(loader.load_program(str(folder)))
    assert gc.isenabled()
    compiling.compile_program(checked, {})
    assert gc.isenabled()
    assert seen == {"load": False, "check": False, "compile": False}


# ---------------------------------------------------------------------------- a count by name
@pytest.mark.parametrize("check,fails", [
    ("Player 1: {hand: {count: {3 red triangles: 1, 4 red stars: 1, 1 red circle: 0}}}", None),
    ("Player 1: {hand: {count: {4 red stars: {at least: 1}}}}", None),
    ("Player 1: {hand: {count: {4 red stars: 2}}}",
     "The count of 4 red stars in Player 1's hand should be 2, but it is 1."),
    ("Player 1: {hand: {count: {1 red circle: {at least: 1}}}}",
     "The count of 1 red circle in Player 1's hand should be {at least: 1}, but it is 0."),
    ("seen by Player 2: {Player 1: {hand: {count: {4 red stars: 1}}}}",
     "Seen by Player 2: the count of 4 red stars in Player 1's hand should be 1, but it is 0."),
    ("Player 1: {hand: {count: {5 red sparks: 1}}}", "The count of Player 1's hand (5 red sparks): '5 red sparks' is not"),
    ("Player 1: {hand: {count: {4 red stars: 1, at least: 1}}}", "The count of Player 1's hand: 'at least' mixed with names; "
     "a count by name gives each name its own count or check, {count: {4 red stars: {at least: 1}}}."),
    ("Player 1: {hand: {count: {4 red stars: -1}}}", "The count of 4 red stars in Player 1's hand: a count is a whole number"),
])
def test_a_count_by_name_counts_the_things_of_each_name(tmp_path, check, fails):
    """`count: {Graham: 24, Chocolate: 20}`: the things of each name a zone holds (a deck's mix),
    each a number or a check of one; a name of no card, a bound mixed in, or a count below 0 is
    the file's mistake. Player 1 holds 3 red triangles, 1 yellow triangle and 4 red stars."""
    report, failures = run_text(tmp_path, _DEALT + check + "\n", "smackshapes")
    assert report.ok is (fails is None), scenarios.render(report)
    if fails:
        assert failures[0].message.startswith(fails), scenarios.render(report)
        assert failures[0].code == "T030" and failures[0].line == 8
