"""Leftovers (2): a count checked by its bounds (`count: {at least: 1}`) wherever a count is a
check; W131 hearing every read of a zone; the terminal's answers; a typed label that is a number."""
import pytest

from tabletop.interpreter import scenarios
from test_scenarios import run_text


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
