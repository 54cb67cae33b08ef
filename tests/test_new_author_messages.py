"""Messages a new author met writing Coup, Sushi Go and Can't Stop: a reaction that names more
values than its event carries (said in words, "1 value", at the event's name, with the names to
write); Python's key function given to `max` or `min` (one error, whose hint writes both the
number and the item that has it, instead of two errors about a list of players and a function);
and a name used after the block it was set in, or after the loop or choice whose item it is
(said so, where the hint guessed another name: "did you mean 'coins'?")."""
from inline import diagnostics

BASE = """
game "Claims"
players 2
player var coins: int = 0
event claimed(who: player)
reaction challenge on claimed(who) by p labelled "Challenge {who}":
    p.coins += 1
turn:
    signal claimed(current)
    end game "Done."
define score(p: player): int = p.coins
"""


def test_a_reaction_naming_more_values_than_its_event_carries(tmp_path):
    rules = BASE.replace("on claimed(who) by", "on claimed(who, role) by")
    [d] = [d for d in diagnostics(tmp_path, rules) if d.code == "E207"]
    assert d.message == "The event 'claimed' carries 1 value, but the reaction names 2 values."
    assert (d.span.line, d.span.column) == (5, 23)          # at 'claimed', not at 'reaction'
    assert d.hint == "name one for each of the event's: on claimed(who)"


def test_max_given_a_key_function_is_one_error_with_both_readings(tmp_path):
    rules = BASE.replace('    end game "Done."', '    richest = max(players, p => p.coins)\n    end game "{richest} is richest."')
    found = [d for d in diagnostics(tmp_path, rules) if not d.code.startswith("W")]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E301", 9, 28)], found
    assert found[0].hint == ("the number: max([p.coins for p in players]); the item: "
                             "first(sort(players, p => 0 - p.coins))")
    # a key that is no number cannot be turned round: the last of the sort
    rules = rules.replace("p => p.coins", "p => \"{p}\"")
    [d] = [d for d in diagnostics(tmp_path, rules) if d.code == "E301"]
    assert d.hint == 'the item: last(sort(players, p => "{p}"))'


def test_a_name_used_after_the_block_that_set_it_says_so(tmp_path):
    rules = BASE.replace('    end game "Done."', '    if current.coins > 0:\n        bonus = 2\n    say "{bonus}"\n'
                         '    end game "Done."')
    [d] = [d for d in diagnostics(tmp_path, rules) if d.code == "E201"]
    assert (d.message, d.span.line) == ("Unknown name 'bonus'.", 11)
    assert d.hint.startswith("'bonus' is set at line 10 inside a block"), d.hint     # was: did you mean 'coins'?
    # changed after the block, the same
    [d] = [d for d in diagnostics(tmp_path, rules.replace('say "{bonus}"', "bonus += 1")) if d.code == "E201"]
    assert d.hint.startswith("'bonus' is set at line 10 inside a block"), d.hint


def test_a_loop_s_or_a_choice_s_item_used_after_it_says_so(tmp_path):
    for block in ("    for q in players:\n        q.coins += 1\n",
                  '    choose q from players labelled "Pay {q}":\n        q.coins += 1\n'):
        rules = BASE.replace('    end game "Done."', block + '    end game "{q} paid."')
        [d] = [d for d in diagnostics(tmp_path, rules) if d.code == "E201"]
        assert d.message == "Unknown name 'q'." and d.hint.startswith("'q' is the item of a loop, a choice or a list")


def test_a_reaction_s_label_without_labelled_says_where_the_label_goes(tmp_path):
    """`... if p != who "Challenge {who}":` reads `who "..."` as a thing named by a kind, and then
    the ':' is unexpected: the hint says the label needs its word, as a choice's does (it said
    "add 'labelled' here" at the colon; with an `if` before a text, "'then' is missing")."""
    words = "a reaction's label follows the word 'labelled'"
    for line in ('reaction challenge on claimed(who) by p if p != who "Challenge {who}":',
                 'reaction challenge on claimed(who) by p "Challenge {who}":',
                 'reaction challenge on claimed(who) by p if p.coins > 2 "Challenge {who}":'):
        rules = BASE.replace('reaction challenge on claimed(who) by p labelled "Challenge {who}":', line)
        [d] = diagnostics(tmp_path, rules)
        assert d.code == "E101" and d.hint.startswith(words), (line, d.message, d.hint)
    rules = BASE.replace("    signal claimed(current)\n",
                         '    choose c from players if c.coins > 2 "Pay {c}"\n    signal claimed(c)\n')
    [d] = diagnostics(tmp_path, rules)
    assert d.hint.startswith("the options' label follows the word 'labelled'"), (d.message, d.hint)
    # an 'if' expression missing its 'then' is still told so
    rules = BASE.replace("    signal claimed(current)\n", '    x = if current.coins > 2 "a"\n    signal claimed(current)\n')
    [d] = diagnostics(tmp_path, rules)
    assert d.message.endswith("'then' is missing."), d.message


def test_one_thing_of_a_zone_set_on_its_own_is_told_to_move(tmp_path):
    """`p.hand[0] = c` got a list's hint, `p.hand = take(p.hand, 0) + [c] + drop(p.hand, 1)`,
    which would leave the card replaced in no zone and `c` in two: a zone's things move."""
    rules = BASE.replace("player var coins: int = 0\n", "player var coins: int = 0\nkind card:\n    name: text\n"
                         "zone deck: card, hidden\nplayer zone hand: card, owner\nvar sheet: list of int = [1, 2]\n")
    zone = rules.replace("    signal claimed(current)\n", "    current.hand[0] = first(deck)\n    signal claimed(current)\n")
    [d] = [d for d in diagnostics(tmp_path, zone) if d.code == "E303"]
    assert d.message == "One thing in a zone cannot be set on its own: things move in and out of a zone."
    assert "move current.hand[0] from current.hand to" in d.hint and "take(" not in d.hint
    listed = rules.replace("    signal claimed(current)\n", "    sheet[1] = 5\n    signal claimed(current)\n")
    [d] = [d for d in diagnostics(tmp_path, listed) if d.code == "E303"]
    assert d.hint == "sheet = take(sheet, 1) + [5] + drop(sheet, 2)"


def test_a_variable_set_but_never_read_is_w122_at_its_name(tmp_path):
    """Coup's first draft kept `var actor`, `var target` and `var doing`, set at each action and
    read nowhere: nothing said so (W101 is for locals, W102 for rules and definitions)."""
    rules = BASE.replace("player var coins: int = 0\n", "player var coins: int = 0\nvar actor: player = none\n"
                         "player var claims: int = 0\n") \
        .replace("    signal claimed(current)\n", "    actor = current\n    current.claims = 1\n    signal claimed(current)\n")
    found = [(d.code, d.span.line, d.span.column) for d in diagnostics(tmp_path, rules) if d.code == "W122"]
    assert found == [("W122", 4, 5), ("W122", 5, 12)], found
    # read anywhere (a text, a condition), or changed with '+=', it is no warning
    read = rules.replace('labelled "Challenge {who}"', 'labelled "Challenge {who} ({actor})"') \
        .replace("current.claims = 1", "current.claims += 1")
    assert [d for d in diagnostics(tmp_path, read) if d.code == "W122"] == []


PASSING = """
game "Pass Left"
players 3
kind card from "cards.yaml":
    name: text
zone deck: card, hidden
player zone hand: card, owner
player zone passing: card, hidden
setup:
    deck = shuffled(card)
    for p in players:
        draw 2 from deck to p.hand
turn:
    for p in players:
        move p.hand from p.hand to next_player(p).hand
    end game "Passed."
define score(p: player): int = count(p.hand)
"""


def test_hands_passed_left_in_one_loop_are_w123(tmp_path):
    """Sushi Go's "pass the hand to the left" written as one loop moves each hand on again when the
    loop reaches its new holder: all the cards end with one player, and nothing said so."""
    cards = {"cards.yaml": 'cards:\n  - {name: "Tempura", count: 6}\n'}
    found = [(d.code, d.span.line) for d in diagnostics(tmp_path, PASSING, **cards) if d.code == "W123"]
    assert found == [("W123", 14)], found
    two_loops = PASSING.replace("        move p.hand from p.hand to next_player(p).hand\n",
                                "        move p.hand from p.hand to next_player(p).passing\n    for p in players:\n"
                                "        move p.passing from p.passing to p.hand\n")
    one_card = PASSING.replace("move p.hand from p.hand", "move first(p.hand) from p.hand")
    for fine in (two_loops, one_card):
        assert [d for d in diagnostics(tmp_path, fine, **cards) if d.code == "W123"] == []
