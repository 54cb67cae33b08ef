"""What the fifteenth broken-rulebook hunt (tests/hunt/cases15.py: first drafts of four new
games, tests/hunt/games15) found. Each test is a small rulebook with one mistake a first draft
made, and what `tabletop check` (or play) must say of it; each fails without the change it names."""
import json
from pathlib import Path

from tabletop.interpreter import cli

HEAD = 'game "Draft"\nplayers 2\n'
TAIL = '\ndefine score(p: player): int = 0\n'


def book(tmp_path: Path, rules: str, **data: str) -> Path:
    """A rulebook folder: game.rules, and a data file for each keyword (cards="..." is cards.yaml)."""
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "game.rules").write_text(rules, encoding="utf-8")
    for name, text in data.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


def errors(capsys, folder: Path) -> list:
    """The errors `tabletop check --format json` gives, which must fail."""
    code = cli.main(["check", "--format", "json", str(folder)])
    out = json.loads(capsys.readouterr().out)
    assert code == 1, out
    return [d for d in out["diagnostics"] if d.get("severity", "error") == "error"]


def only(found: list, code: str, line: int) -> dict:
    """The one error, of this code at this line."""
    assert len(found) == 1 and (found[0]["code"], found[0]["line"]) == (code, line), found
    return found[0]


def test_an_option_with_two_fors_says_an_option_has_one(tmp_path, capsys):
    """Liar's bid `option "Bid {n} x {f}" for n in ... for f in ...:` was told "This option is not
    directly in the block of a 'choose' ... indent it": the option was in its place. Now: one 'for',
    and product(A, B) for the pairs, at the second 'for'."""
    rules = HEAD + ('turn:\n    choose:\n        option "Bid {n} of {f}" for n in range(1, 3) for f in range(1, 6):\n'
                    '            pass\n        option "Stop":\n            end game "over"\n') + TAIL
    d = only(errors(capsys, book(tmp_path, rules)), "E101", 5)
    assert d["column"] == 54 and "one 'for'" in d["message"] and "product(A, B)" in d["hint"], d


def test_an_unknown_function_lists_the_built_ins_and_its_function_is_no_second_error(tmp_path, capsys):
    """Drop Four's `count(take_while(line, x => ...))`: E201 with no hint, and an E301 for the
    `x => ...` given to it as well (one mistake, two errors). Now one error naming the built-ins."""
    rules = HEAD + ('define n(xs: list of int): int = count(take_while(xs, x => x > 0))\n'
                    'turn:\n    say "{n([1, 2])}"\n    end game "over"\n') + TAIL
    d = only(errors(capsys, book(tmp_path, rules)), "E201", 3)
    assert "take_while" in d["message"] and "built-ins" in d["hint"] and "index_of" in d["hint"], d


def test_a_data_field_missing_from_some_records_offers_a_default(tmp_path, capsys):
    """Shed's action cards had no number: "the field 'number' is missing", and the hint only listed
    the fields. Now it offers the kind's `number: int, default 0` too."""
    rules = HEAD + ('kind card from "cards.yaml":\n    name: text\n    number: int\nzone deck: card, hidden\n'
                    'turn:\n    end game "over"\n') + TAIL
    cards = 'cards:\n  - {name: "Red 1", number: 1}\n  - {name: "Skip"}\n'
    d = only(errors(capsys, book(tmp_path, rules, cards=cards)), "E022", 3)
    assert "'number: int, default 0'" in d["hint"], d


def test_a_player_where_a_zone_is_wanted_names_their_zones(tmp_path, capsys):
    """`draw 7 from deck to p`: "must be a zone or a list, not a player", with no hint."""
    rules = HEAD + ('kind card:\n    name: text\nzone deck: card, hidden\nplayer zone hand: card, owner\n'
                    'player zone won: card, public\nsetup:\n    for p in players:\n        draw 7 from deck to p\n'
                    'turn:\n    end game "over"\n') + TAIL
    d = only(errors(capsys, book(tmp_path, rules)), "E301", 10)
    assert "p.hand, p.won" in d["hint"], d


def test_a_list_compared_with_a_number_offers_count(tmp_path, capsys):
    """Trumps' `if w.hand == 0:`: the hint only said where 'hand' is declared."""
    rules = HEAD + ('kind card:\n    name: text\nplayer zone hand: card, owner\n'
                    'turn:\n    if current.hand == 0:\n        end game "over"\n') + TAIL
    d = only(errors(capsys, book(tmp_path, rules)), "E301", 7)
    assert "count(current.hand) == 0" in d["hint"], d


def test_a_field_of_a_list_of_numbers_offers_its_items_by_number(tmp_path, capsys):
    """Liar's `b.first` of a bid `b` from product(...): "A list of whole numbers has no fields",
    with no hint."""
    rules = HEAD + ('var n: int = 0\nturn:\n    choose b from product(range(1, 2), range(1, 6)) labelled "Bid {b}"\n'
                    '    n = b.first\n    end game "over"\n') + TAIL
    d = only(errors(capsys, book(tmp_path, rules)), "E301", 6)
    assert "b[0], b[1]" in d["hint"], d


def test_end_play_is_one_error_not_two(tmp_path, capsys):
    """Trumps' `end play "Four hands are played."` for `end game`: E404 "no rule ever says 'end game'"
    at the game's first line came first, and E201 at the line second. Now E201 alone, and its hint
    names 'end game'."""
    rules = HEAD + 'play:\n    take turns\n    end play "All played."\nturn:\n    pass\n' + TAIL
    d = only(errors(capsys, book(tmp_path, rules)), "E201", 5)
    assert "'end game" in d["hint"], d


def test_a_text_nested_too_deep_past_a_part_of_two_texts_is_e103(tmp_path, capsys):
    """Drop Four's cell `"{if a then "." else "{if b then "X" else "O"}"}"` was told E102 "a '{'
    with no closing '}'": the check for a deeper text looked only up to the next quote. The
    language's word for it is E103, at the quote too deep."""
    rules = HEAD + ('var a: bool = true\nturn:\n    say "{if a then "." else "{if a then "X" else "O"}"}"\n'
                    '    end game "over"\n') + TAIL
    d = only(errors(capsys, book(tmp_path, rules)), "E103", 5)
    assert d["column"] == 42, d


def test_a_board_over_a_list_says_a_board_is_over_a_grid_kind(tmp_path, capsys):
    """`board c in column(0):` was "Unexpected '('; expected ':'", hint "add ':'"."""
    rules = HEAD + ('kind cell:\n    name: text\n    row: int\n    col: int\ngrid cell at row, col\n'
                    'define column(k: int): list of cell = [c for c in cell if c.col == k]\n'
                    'turn:\n    end game "over"\n') + TAIL + 'display:\n    board c in column(0): "{c.name}"\n'
    d = only(errors(capsys, book(tmp_path, rules)), "E101", 14)
    assert d["column"] == 16 and "grid" in d["message"] and "add ':'" not in d["hint"], d


def test_skip_turn_that_holds_for_every_seat_is_told_at_skip_turn(tmp_path, capsys):
    """Shed's `define skip_turn(p: player): bool = skipping`, a flag the skipped turn never resets,
    with a next_turn for the Reverse: told at next_turn's line ("next_turn may never reach a seat
    that plays"). skip_turn holding for every seat is skip_turn's mistake, whatever the order."""
    rules = HEAD + ('var skipping: bool = false\n'
                    'define next_turn(p: player): player = next_player(p)\n'
                    'define skip_turn(p: player): bool = skipping\n'
                    'turn:\n    choose x from [1, 2] labelled "Skip {x}"\n    skipping = true\n'
                    '    if turn_number > 50:\n        end game "over"\n') + TAIL
    folder = book(tmp_path, rules)
    code = cli.main(["simulate", str(folder), "--json", "--workers", "1", "-n", "1", "--seed", "1"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and "game.rules:5:" in out["error_messages"][0], out
    assert "skipped every player's turn" in out["error_messages"][0], out


def test_a_definition_that_is_none_says_what_it_is_defined_as(tmp_path, capsys):
    """Shed with its setup's `draw 1 from deck to discard` left out: "('top' is none here)", and
    nothing said that top is first(discard) of an empty pile. Now it quotes the definition."""
    rules = HEAD + ('kind card from "cards.yaml":\n    name: text\n    colour: text\n'
                    'zone deck: card, hidden\nzone discard: card, public\n'
                    'define top: card = first(discard)\n'
                    'turn:\n    say "{top.colour}"\n    end game "over"\n') + TAIL
    folder = book(tmp_path, rules, cards='cards:\n  - {name: "A", colour: red}\n')
    code = cli.main(["simulate", str(folder), "--json", "--workers", "1", "-n", "1", "--seed", "1"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and "as defined at" in out["error_messages"][0], out
    assert "game.rules:8: 'first(discard)'" in out["error_messages"][0], out


def diagnostics(capsys, folder: Path, *args) -> list:
    """Every diagnostic `tabletop check --format json` gives, errors and warnings."""
    cli.main(["check", "--format", "json", *args, str(folder)])
    return json.loads(capsys.readouterr().out)["diagnostics"]


def test_a_step_extended_after_the_bases_end_is_told_as_the_bases(tmp_path, capsys):
    """Trumps' variant `extend play:` with `dealer = players[0]`, after the base's `end game`: W103
    said "the line before it ends the game" and "move it before that line", a line the variant
    cannot see or move. Now it names the base's line and says what an extend does."""
    rules = HEAD + 'var dealer: player = none\nplay:\n    end game "over"\n' + TAIL
    folder = book(tmp_path, rules)
    (folder / "variants").mkdir()
    (folder / "variants" / "x.rules").write_text('extends "../game.rules"\nextend play:\n    dealer = players[0]\n')
    found = [d for d in diagnostics(capsys, folder, "--variant", "x") if d["code"] == "W103" and d["file"].endswith("x.rules")]
    assert len(found) == 1 and found[0]["line"] == 3, found
    assert "game.rules:5" in found[0]["message"] and "'replace'" in found[0]["hint"], found


def test_replace_rule_of_a_stage_named_like_a_zone_names_the_stage(tmp_path, capsys):
    """`replace rule hand:` of Trumps' `stage hand` (beside `player zone hand`): the hint said
    "'hand' is a zone in the base: write 'replace player zone hand ...'"."""
    rules = HEAD + ('kind card:\n    name: text\nplayer zone hand: card, owner\nstage hand:\n    take turns\n'
                    'play:\n    hand()\n    end game "over"\nturn:\n    end hand\n') + TAIL
    folder = book(tmp_path, rules)
    (folder / "variants").mkdir()
    (folder / "variants" / "x.rules").write_text('extends "../game.rules"\nreplace rule hand:\n    take turns\n')
    found = [d for d in diagnostics(capsys, folder, "--variant", "x") if d["code"] == "E015"]
    assert len(found) == 1 and "'replace stage hand" in found[0]["hint"], found


def test_none_in_quotes_says_to_write_it_without(tmp_path, capsys):
    """Trumps' hook `trump = if last then "none" else first(deck).suit`: the hint listed the suits."""
    rules = HEAD + ('enum suit: hearts, spades\nvar trump: suit = none\nturn:\n'
                    '    trump = if turn_number > 2 then "none" else hearts\n    end game "over"\n') + TAIL
    d = only(errors(capsys, book(tmp_path, rules)), "E301", 6)
    assert d["hint"].startswith("write none without quotes"), d


def test_a_player_checked_with_nothing_is_shown_a_value_of_this_game(tmp_path, capsys):
    """A scenario's `Player 2: {}`: refused (it checks nothing), with "e.g. {lineup: [...]}", a
    value of another game. Now the example is one of this game's own player values."""
    rules = HEAD + ('player var coins: int = 0\nturn:\n    choose x from [1, 2] labelled "Take {x}"\n    current.coins += x\n'
                    '    if current.coins > 5:\n        end game "rich"\n') + TAIL
    folder = book(tmp_path, rules)
    (folder / "scenarios").mkdir()
    (folder / "scenarios" / "a.yaml").write_text("cases:\n  - name: x\n    steps:\n      - expect:\n          Player 2: {}\n")
    cli.main(["test", "--format", "json", str(folder / "scenarios" / "a.yaml")])
    out = capsys.readouterr().out
    assert "e.g. {coins: ...}" in out and "lineup" not in out, out


def test_habits_met_while_drafting_are_told_with_the_line_to_write(tmp_path, capsys):
    """Slips of the drafts whose parser answer was no hint, or the wrong one: `choose k in xs`
    ("add 'from'"), a label joined with '+' (no hint), `won == true` as a statement (no hint),
    `p.taken := 0` ("write 'p.taken = = 0'"), `die d6: 1..6` (no hint), `die d6 = 1 to 6`
    ("add ':'")."""
    slips = [('    choose k in [1, 2] labelled "Take {k}"\n', 5, "write 'choose k from [1, 2] labelled"),
             ('    choose k from [1, 2] labelled "Take " + k\n', 5, 'labelled "... {value} ..."'),
             ('    won == true\n', 5, "write 'won = true'"),
             ('    won := true\n', 5, "write 'won = true'"),
             ('    pass\ndie d6: 1..6\n', 6, "write 'die d6: 1 to 6'"),
             ('    pass\ndie d6 = 1 to 6\n', 6, "write 'die d6: 1 to 6'")]
    for i, (turn, line, hint) in enumerate(slips):
        folder = tmp_path / str(i)
        folder.mkdir()
        rules = HEAD + 'var won: bool = false\nturn:\n' + turn + '    end game "over"\n' + TAIL
        d = only(errors(capsys, book(folder, rules)), "E101", line)
        assert hint in d["hint"], (turn, d)


def test_winners_of_one_player_offers_a_list_of_one(tmp_path, capsys):
    """`winners: current`: "must be a list of players, not a player", with no hint."""
    rules = HEAD + 'turn:\n    end game "over"\nwinners: current\n'
    d = only(errors(capsys, book(tmp_path, rules)), "E301", 5)
    assert "winners: [current]" in d["hint"], d


def test_a_card_a_dealt_hand_holds_says_to_set_that_hand_too(tmp_path, capsys):
    """Shed's first scenario set Player 1's hand to a Red Skip the seed had dealt to Player 3:
    T010 said where it was, not how to free it. Now: set Player 3's hand in this position too."""
    rules = HEAD.replace("players 2", "players 3") + (
        'kind card from "cards.yaml":\n    name: text\nzone deck: card, hidden\nplayer zone hand: card, owner\n'
        'setup:\n    deck = shuffled(card)\n    for p in players:\n        draw 1 from deck to p.hand\n'
        'turn:\n    choose c from current.hand labelled "Play {c.name}"\n    end game "over"\n') + TAIL
    folder = book(tmp_path, rules, cards='cards:\n  - {name: "A"}\n  - {name: "B"}\n  - {name: "C"}\n')
    (folder / "scenarios").mkdir()
    (folder / "scenarios" / "a.yaml").write_text(
        "rest: {card: deck}\ncases:\n  - name: x\n    players: 3\n    force setup: [{shuffle: [B, C, A]}]\n"
        "    set:\n      Player 1: {hand: [A]}\n    steps:\n      - expect: {over: false}\n")
    cli.main(["test", "--format", "json", str(folder / "scenarios" / "a.yaml")])
    out = json.loads(capsys.readouterr().out)
    message = out["failures"][0]["message"]
    assert "(in Player 3's hand)" in message and "set Player 3's hand in this position too" in message, message


def test_a_field_set_on_a_thing_that_is_none_names_the_field_and_the_line_that_set_it(tmp_path, capsys):
    """Drop Four's `c = lowest_empty(k)` found none, then `c.owner = current`: generated code reads
    a field's list by its number (`m.fl[n]`), and the message had fallen back to "a position in a
    list is none", naming neither the field nor `c`."""
    from test_hunt10 import first_error
    rules = (HEAD + 'kind cell from "cells.yaml":\n    name: text\n    owner: player = none\n'
             'define free: list of cell = [c for c in cell if c.owner != none]\n'
             'turn:\n    c = first(free)\n    c.owner = current\n    end game "done"\n' + TAIL)
    said = first_error(capsys, book(tmp_path, rules, cells='cells:\n  - {name: "A1"}\n'), games=1)
    assert "game.rules:9:" in said and "it reads the field 'owner' of a cell that is none" in said, said
    assert f"('c' is none here, as set at {tmp_path / 'book' / 'game.rules'}:8: 'c = first(free)')" in said, said
