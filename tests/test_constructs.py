"""Engine constructs that Taboo Atoll Express does not use: secret simultaneous choices, timed
races, reactions out of turn, hidden zones in views, patterns, `may choose`, and saving in the
middle of a secret choice. The fixture rulebooks are in tests/games/."""
import json
from pathlib import Path

import pytest

from tabletop.interpreter.api import IllegalMove, load_game

from inline import CELL_GRID, CELLS, game, write

GAMES = Path(__file__).parent / "games"


@pytest.fixture(scope="module")
def mini():
    return load_game(str(GAMES / "mini"))


def card(g, name):
    return g.compiled.kind_names["card"].index(name)


def hand(s, seat):
    return s.data["players"][seat][s.game.compiled.player_names.index("hand")]


def glob(s, name):
    return s.data["globals"][s.game.compiled.global_names.index(name)]


def test_secret_choice_waits_for_everyone_and_hides_other_options(mini):
    s = mini.new_state(players=3, seed=1)
    d = s.pending
    assert d.kind == "secret" and d.players == [0, 1, 2]
    table_before = list(glob(s, "table"))
    s.apply(0, seat=1, time=0.5)
    assert s.pending.players == [0, 2]              # still waiting, nothing revealed
    assert glob(s, "table") == table_before
    with pytest.raises(IllegalMove, match="not Player 2's decision"):
        s.apply(0, seat=1, time=0.5)                 # no second answer
    assert "options" not in s.view(0)["pending"] or s.view(0)["pending"]["options"] == s.options(0)
    assert s.view(1)["pending"].get("options") is None   # seat 1 already answered: nothing to show
    s.apply(0, seat=0, time=0.9)
    s.apply(0, seat=2, time=0.9)
    assert len(glob(s, "table")) == len(table_before) + 3   # all revealed at once


def test_timed_race_runs_in_reaction_time_order_and_ties_go_by_seat_from_current(mini):
    s = mini.new_state(players=3, seed=2)
    for seat, t in ((0, 0.9), (1, 0.2), (2, 0.9)):
        s.apply(0, seat=seat, time=t)
    played = [line for line in s.log if "played" in line]
    assert [p.split()[1] for p in played] == ["2", "1", "3"]   # fastest first; seat 1 before seat 3 on a tie
    assert "after 200 ms" in played[0]


def play_without_shields(s):
    for seat in list(s.pending.players):
        opts = s.options(seat)
        s.apply(next(i for i, o in enumerate(opts) if "Shield" not in o), seat, 1.0)


def find_seed_with_shield(g, seat, players=3):
    for seed in range(200):
        s = g.new_state(players=players, seed=seed)
        if any(g.compiled.kind_names["card"][c] == "Shield" for c in hand(s, seat)) and \
                sum(g.compiled.kind_names["card"][c] != "Shield" for c in hand(s, seat)) >= 1:
            return s
    raise AssertionError("no seed deals a Shield")


def test_reaction_is_offered_out_of_turn_and_can_change_the_target(mini):
    s = find_seed_with_shield(mini, seat=1)
    play_without_shields(s)
    d = s.pending
    assert d.kind == "reaction" and d.players == [1]      # the victim, not the current player
    assert d.options == ["Play a Shield", "Don't react"]
    s.apply_label("Play a Shield", seat=1)
    assert glob(s, "target") == 2                          # the shield passed the attack on
    assert any("target is Player 3" in line for line in s.log)


def test_declining_a_reaction_keeps_the_target(mini):
    s = find_seed_with_shield(mini, seat=1)
    play_without_shields(s)
    s.apply_label("Don't react", seat=1)
    assert glob(s, "target") == 1
    assert any("target is Player 2" in line for line in s.log)


def test_hidden_zones_are_redacted_in_views_and_renders(mini):
    s = mini.new_state(players=2, seed=4)
    v0, v1 = s.view(0), s.view(1)
    assert v0["players"][0]["hand"] == hand(s, 0)                    # my own hand
    assert v0["players"][1]["hand"] == [None] * len(hand(s, 1))      # theirs: only how many
    assert all(c is None for c in v0["variables"]["deck"])            # the deck: nobody
    assert v1["players"][1]["hand"] == hand(s, 1)
    assert "rng" not in json.dumps(v0)


def test_save_and_load_in_the_middle_of_a_secret_choice(mini):
    s = mini.new_state(players=3, seed=5)
    s.apply(0, seat=2, time=0.3)
    saved = json.loads(json.dumps(s.to_json()))
    t = mini.load_state(saved)
    for x in (s, t):
        x.apply(0, seat=0, time=0.5)
        x.apply(0, seat=1, time=0.7)
    assert s.to_json() == t.to_json()


def test_patterns_match_leading_items_with_any_order_groups(tmp_path):
    (tmp_path / "game.rules").write_text('''game "Patterns"
players 1
enum suit: red, blue, green
pattern rb of suit: red, {blue, red}
pattern zig of suit:
    red, blue, red
    blue, red, blue
var result: list of int = []
turn:
    result = [match_length([red, blue, red], rb), match_length([red, red, blue, green], rb),
              match_length([red, green, blue], rb), match_length([blue, red, blue, red], zig),
              match_length([green, red, blue, red], zig)]
    end game "done"
winners: players
''')
    g = load_game(str(tmp_path))
    s = g.new_state(seed=0)
    assert s.is_over
    assert s.data["globals"][0] == [3, 3, 0, 3, 0]


def test_may_choose_offers_a_decline_that_binds_none(tmp_path):
    (tmp_path / "game.rules").write_text('''game "Maybe"
players 1
var picked: int = 0
var declined: bool = false
turn:
    may choose n from [1, 2] labelled "Take {n}"
    if n == none:
        declined = true
    else:
        picked = n
    end game "done"
winners: players
''')
    g = load_game(str(tmp_path))
    s = g.new_state(seed=0)
    assert s.options() == ["Take 1", "Take 2", "Decline"]
    s.apply_label("Decline")
    assert s.data["globals"] == [0, True]
    s = g.new_state(seed=0)
    s.apply_label("Take 2")
    assert s.data["globals"] == [2, False]


def test_the_engines_decline_is_kept_apart_from_a_rulebook_option_of_the_same_words(tmp_path):
    (tmp_path / "game.rules").write_text('''game "Same words"
players 1
var picked: int = 0
turn:
    may choose n from [1, 2] labelled "Decline"
    if n != none:
        picked = n
    end game "done"
winners: players
''')
    s = load_game(str(tmp_path)).new_state(seed=0)
    assert s.options() == ["Decline", "Decline (2)", "Decline (3)"]
    s.apply_label("Decline (3)")
    assert s.data["globals"] == [0]


def test_may_choose_from_nothing_asks_nobody_and_binds_none(tmp_path):
    """'Decline' alone is no choice: the rules go on at once, with the name none, and the block
    after the line runs as for a decline."""
    (tmp_path / "game.rules").write_text('''game "Nothing"
players 1
var seen: list of int = []
var asked: int = 0
turn:
    may choose k from [1, 2] if k > 5 labelled "Take {k}":
        add 0 to seen
    may choose n from [1, 2] if n > 5 labelled "Take {n}"
    if n == none:
        add 1 to seen
    choose m from [7] labelled "Then {m}"
    asked = m
    end game "done"
winners: players
''')
    g = load_game(str(tmp_path))
    s = g.new_state(seed=0)
    assert s.options() == ["Then 7"] and s.decisions == 0
    s.apply_label("Then 7")
    assert s.data["globals"] == [[0, 1], 7]


def test_stop_leaves_only_the_innermost_loop_and_return_leaves_the_rule(tmp_path):
    (tmp_path / "game.rules").write_text('''game "Loops"
players 1
var trace: list of int = []
rule early:
    add 100 to trace
    return
    add 999 to trace
turn:
    for i in range(1, 3):
        for j in range(1, 3):
            if j == 2:
                stop
            add i * 10 + j to trace
    early()
    end game "done"
winners: players
''')
    s = load_game(str(tmp_path)).new_state(seed=0)
    assert s.data["globals"][0] == [11, 21, 31, 100]


def test_moving_to_the_top_and_drawing_from_the_top(tmp_path):
    (tmp_path / "c.yaml").write_text("cards:\n  - {name: A}\n  - {name: B}\n  - {name: C}\n")
    (tmp_path / "game.rules").write_text('''game "Zones"
players 1
kind card from "c.yaml":
    name: text
zone pile: card, public
zone other: card, public
setup:
    for c in card:
        add c to pile
turn:
    move card "C" from pile to top of other
    draw 5 from pile to other
    end game "done"
winners: players
''')
    g = load_game(str(tmp_path))
    s = g.new_state(seed=0)
    names = g.compiled.kind_names["card"]
    assert [names[c] for c in s.data["globals"][1]] == ["C", "A", "B"]   # draw takes what there is
    assert s.data["globals"][0] == []


def test_turns_start_from_first_player_and_skip_turn_skips_seats(tmp_path):
    (tmp_path / "game.rules").write_text('''game "Order"
players 3 to 4
var first_player: player = none
var order: list of player = []
player var out: bool = false
define skip_turn(p: player): bool = p.out
setup:
    first_player = players[2]
    current.out = false
    players[1].out = true
turn:
    add current to order
    if count(order) == 5:
        end game "done"
winners: players
''')
    s = load_game(str(tmp_path)).new_state(players=4, seed=0)
    assert s.data["globals"][1] == [2, 3, 0, 2, 3]     # from seat 2, seat 1 is skipped


def test_data_fields_may_name_things_seats_and_lists(tmp_path):
    (tmp_path / "places.yaml").write_text('places:\n  - {name: "Hut"}\n  - {name: "Cave"}\n')
    (tmp_path / "cards.yaml").write_text('cards:\n  - {name: "Map", home: "Cave", seat: 2, tags: [1, 3]}\n')
    (tmp_path / "game.rules").write_text('''game "Data"
players 2
kind place from "places.yaml":
    name: text
kind card from "cards.yaml":
    name: text
    home: place
    seat: player
    tags: list of int
var seen: text = ""
turn:
    seen = join([c.home for c in card]) + " " + join([c.seat for c in card]) + " " + join(first(card).tags)
    end game "done"
winners: players
''')
    s = load_game(str(tmp_path)).new_state(players=2, seed=0)
    assert s.data["globals"][0] == "Cave Player 2 1, 3"


@pytest.mark.parametrize("record, words", [
    ('{name: "Map", home: "Cavern", seat: 1, tags: []}', "no place named 'Cavern'"),
    ('{name: "Map", home: "Cave", seat: 3, tags: []}', "seat from 1 to 2"),
    ('{name: "Map", home: "Cave", seat: 1, tags: 4}', "list"),
])
def test_bad_data_values_point_at_the_yaml_line(tmp_path, record, words):
    from tabletop.dsl.diagnostics import RulebookError
    (tmp_path / "places.yaml").write_text('places:\n  - {name: "Hut"}\n  - {name: "Cave"}\n')
    (tmp_path / "cards.yaml").write_text(f'cards:\n  - {record}\n')
    (tmp_path / "game.rules").write_text('game "Data"\nplayers 2\nkind place from "places.yaml":\n    name: text\n'
                                         'kind card from "cards.yaml":\n    name: text\n    home: place\n'
                                         '    seat: player\n    tags: list of int\nturn:\n    end game "x"\nwinners: players\n')
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path))
    d = e.value.diagnostics[0]
    assert d.span.file.endswith("cards.yaml") and d.span.line == 2 and words in d.message


def test_a_name_reused_by_two_options_keeps_each_options_type(tmp_path):
    (tmp_path / "c.yaml").write_text("cards:\n  - {name: A}\n")
    (tmp_path / "game.rules").write_text('''game "Scopes"
players 1
kind card from "c.yaml":
    name: text
var said: text = ""
turn:
    choose prompt "Pick":
        option "Numbers {r[0]}" for r in [[1, 2]]:
            said = "numbers"
        option "Card {r.name}" for r in card:
            said = r.name
    end game "done"
winners: players
''')
    s = load_game(str(tmp_path)).new_state(seed=0)
    assert s.options() == ["Numbers 1", "Card A"]
    s.apply_label("Card A")
    assert s.data["globals"][0] == "A"


def test_a_local_cannot_change_its_type(tmp_path):
    from tabletop.dsl.diagnostics import RulebookError
    (tmp_path / "game.rules").write_text('game "T"\nplayers 1\nturn:\n    x = 1\n    x = "one"\n    end game "x"\nwinners: players\n')
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path))
    assert e.value.diagnostics[0].code == "E301" and e.value.diagnostics[0].span.line == 5


def test_a_pattern_reads_the_field_of_the_kind_the_list_holds(tmp_path):
    (tmp_path / "cards.yaml").write_text('cards:\n  - {name: "Rose", suit: red}\n')
    (tmp_path / "gems.yaml").write_text('gems:\n  - {name: "Ruby", suit: blue}\n')
    (tmp_path / "game.rules").write_text('''game "Two kinds"
players 1
enum suit: red, blue
kind card from "cards.yaml":
    name: text
    suit: suit
kind gem from "gems.yaml":
    name: text
    suit: suit
pattern blue_first of suit: blue
var result: list of bool = []
turn:
    result = [[gem "Ruby"] starts with blue_first, [card "Rose"] starts with blue_first, match_length([gem "Ruby"], blue_first) == 1]
    end game "done"
winners: players
''')
    s = load_game(str(tmp_path)).new_state(seed=0)
    assert s.data["globals"][0] == [True, False, True]


def test_lists_are_values_so_a_saved_game_continues_identically(tmp_path):
    (tmp_path / "game.rules").write_text('''game "Values"
players 1
var xs: list of int = [1, 2]
turn:
    ys = xs
    choose n from [1, 2] labelled "Add {n}"
    add n to ys
    add 10 * n to xs
    end game "done"
winners: players
''')
    g = load_game(str(tmp_path))
    s = g.new_state(seed=0)
    t = g.load_state(json.loads(json.dumps(s.to_json())))
    for x in (s, t):
        x.apply_label("Add 2")
    assert s.data["globals"][0] == t.data["globals"][0] == [1, 2, 20]


@pytest.mark.parametrize("value", ["the_xs(1)", "if true then xs else []", "first([xs, [5]])", "xs"])
def test_a_list_a_variable_holds_is_copied_however_it_is_read(tmp_path, value):
    """Lists are values: a list a variable holds, read by a definition, an `if` or an item of a
    list, is copied when it is stored, as `ys = xs` copies it."""
    (tmp_path / "game.rules").write_text(f'''game "Values"
players 1
var xs: list of int = [1, 2]
var ys: list of int = []
define the_xs(k: int): list of int = xs
turn:
    ys = {value}
    add 3 to ys
    choose n from xs labelled "Take {{n}}"
    end game "done"
winners: players
''')
    s = load_game(str(tmp_path)).new_state(seed=0)
    assert s.options(0) == ["Take 1", "Take 2"]
    assert s.data["globals"] == [[1, 2], [1, 2, 3]]


HANDED = {
    "rule": '''rule grow(ys: list of int):
    choose n from [3, 4] labelled "Add {n}"
    add n to ys
turn:
    grow(xs)
''',
    "event": '''event grown(ys: list of int)
reaction grow on grown(ys) by p if p != current labelled "Add 3":
    add 3 to ys
turn:
    signal grown(xs)
'''}


@pytest.mark.parametrize("how", sorted(HANDED))
def test_a_list_handed_to_a_rule_or_reaction_is_a_copy_so_a_game_saved_there_continues_identically(tmp_path, how):
    (tmp_path / "game.rules").write_text('game "Values"\nplayers 2\nvar xs: list of int = [1, 2]\n' + HANDED[how] + '''
    choose k from xs labelled "Take {k}"
    end game "done"
winners: players
''')
    g = load_game(str(tmp_path))
    s = g.new_state(seed=0)
    t = g.load_state(json.loads(json.dumps(s.to_json())))      # saved while the rule or reaction waits
    seat = s.pending.players[0]
    for x in (s, t):
        x.apply(0, seat)
    assert s.data["globals"] == t.data["globals"] == [[1, 2]]


ZONES = '''game "Alias"
players 1
kind card from "c.yaml":
    name: text
zone left: card, public
zone right: card, public
'''


@pytest.mark.parametrize("rules, line, words", [
    ("turn:\n    pile = left\n    end game \"x\"\n", 8, "[c for c in left]"),
    # Reading a zone handed to a rule is fine; moving cards from it (here two rules down) is not.
    ("rule count_of(cs: list of card):\n    say \"{count(cs)} cards\"\n"
     "rule pass_on(cs: list of card):\n    move_first(cs)\n"
     "rule move_first(cs: list of card):\n    move first(cs) from cs to right\n"
     "turn:\n    count_of(left)\n    pass_on(left)\n    end game \"x\"\n", 15, "'pass_on'"),
    ("event dealt(cs: list of card)\nreaction take on dealt(cs) by p labelled \"Take\":\n"
     "    move first(cs) from cs to right\nturn:\n    signal dealt(left)\n    end game \"x\"\n", 11, "'take'"),
])
def test_a_zone_cannot_be_stored_in_a_variable_or_handed_to_a_rule_that_moves_cards_from_it(tmp_path, rules, line, words):
    from tabletop.dsl.diagnostics import RulebookError
    (tmp_path / "c.yaml").write_text("cards:\n  - {name: A}\n")
    (tmp_path / "game.rules").write_text(ZONES + rules + "winners: players\n")
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path))
    found = [(d.code, d.span.line) for d in e.value.diagnostics if d.severity == "error"]
    d = e.value.diagnostics[0]
    assert found == [("E307", line)] and words in d.message + d.hint


LIST_ITEMS = {
    "for": '''    for x in xss:
        choose n from [3, 4] labelled "Add {n}"
        add n to x
''',
    "choose": '''    choose x from xss labelled "Pick {x}"
    add 3 to x
''',
    "option": '''    choose:
        option "Pick {x}" for x in xss:
            add 3 to x
'''}


@pytest.mark.parametrize("how", sorted(LIST_ITEMS))
def test_a_list_a_loop_or_a_choice_binds_is_a_copy_so_a_saved_game_continues_identically(tmp_path, how):
    (tmp_path / "game.rules").write_text('game "Values"\nplayers 1\nvar xss: list of list of int = [[1], [2]]\n'
                                         'turn:\n' + LIST_ITEMS[how] + '''    choose k from flatten(xss) labelled "Take {k}"
    end game "done"
winners: players
''')
    g = load_game(str(tmp_path))
    s = g.new_state(seed=0)
    t = g.load_state(json.loads(json.dumps(s.to_json())))      # saved while the loop or the choice waits
    for x in (s, t):
        while x.options(0)[0] != "Take 1":
            x.apply(0)
    assert s.options(0) == t.options(0) == ["Take 1", "Take 2"]


def test_a_list_of_neighbours_kept_and_added_to_leaves_the_board_as_it_was(tmp_path):
    g = game(tmp_path, 'game "Board"\nplayers 1' + CELL_GRID + '''
var xs: list of cell = []
turn:
    xs = neighbours(cell "a")
    add cell "a" to xs
    ys = diagonals(cell "a")
    add cell "b" to ys
    choose c from neighbours(cell "a") + diagonals(cell "a") labelled "{c}"
    end game "done"
winners: players
''', **CELLS)
    for _ in range(2):          # the second game is not changed by the first either
        s = g.new_state(seed=0)
        assert s.options(0) == ["b", "c", "d"]
        assert s.evaluate("xs") == ["b", "c", "a"]


def test_numbered_zones_are_chosen_by_a_value_and_hidden_per_zone(tmp_path):
    (tmp_path / "c.yaml").write_text("cards:\n  - {name: A}\n  - {name: B}\n  - {name: C}\n")
    (tmp_path / "game.rules").write_text('''game "Piles"
players 2
kind card from "c.yaml":
    name: text
zone deck: card, public
zone pile[2]: card, public
player zone stash[2]: card, owner
setup:
    for c in card:
        add c to deck
turn:
    choose k from [0, 1] labelled "Pile {k + 1}"
    draw 2 from deck to pile[k]
    move first(pile[k]) from pile[k] to current.stash[1 - k]
    end game "done"
winners: players
''')
    g = load_game(str(tmp_path))
    s = g.new_state(players=2, seed=0)
    assert s.options() == ["Pile 1", "Pile 2"]
    s.apply_label("Pile 2")
    names = g.compiled.kind_names["card"]
    assert [[names[c] for c in z] for z in s.data["globals"][1]] == [[], ["B"]]
    assert s.view(0)["players"][0]["stash"] == [[0], []]            # mine
    assert s.view(1)["players"][0]["stash"] == [[None], []]         # theirs: how many in each
    t = g.load_state(json.loads(json.dumps(s.to_json())))
    assert t.to_json() == s.to_json()


def test_a_numbered_zone_cannot_be_stored_either(tmp_path):
    from tabletop.dsl.diagnostics import RulebookError
    (tmp_path / "c.yaml").write_text("cards:\n  - {name: A}\n")
    (tmp_path / "game.rules").write_text('game "P"\nplayers 1\nkind card from "c.yaml":\n    name: text\n'
                                         'zone pile[2]: card, public\nturn:\n    p = pile[0]\n    end game "x"\nwinners: players\n')
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path))
    assert e.value.diagnostics[0].code == "E307"


def test_an_item_of_a_zone_is_a_thing_that_can_be_stored(tmp_path):
    """`c = offers[i]` (the i-th cheque, For Sale's sale) was E307, "the zone 'offers' cannot be
    stored": an index into a zone was taken for a numbered zone's index. It is one card."""
    (tmp_path / "c.yaml").write_text("cards:\n  - {name: A}\n  - {name: B}\n")
    (tmp_path / "game.rules").write_text('''game "Items"
players 2
kind card from "c.yaml":
    name: text
zone deck: card, public
zone pile[2]: card, public
player zone hand: card, owner
player zone rows[2]: card, public
setup:
    deck = card
turn:
    c = deck[1]
    move c from deck to pile[0]
    d = pile[0][0]
    e = current.rows[1]
    say "{c} {d} {count(e)}"
    end game "done"
winners: players
''')
    from tabletop.dsl.diagnostics import RulebookError
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path))
    assert [(d.code, d.span.line) for d in e.value.diagnostics] == [("E307", 15)]    # a zone of p.rows still is
    text = (tmp_path / "game.rules").read_text().replace("    e = current.rows[1]\n", "    e = [x for x in current.rows[1]]\n")
    (tmp_path / "game.rules").write_text(text)
    s = load_game(str(tmp_path)).new_state(seed=0)
    assert s.pending is None and s.view(0)["log"][-2:] == ["B B 0", "The game is over: done"]


def test_an_item_of_a_plain_zone_cannot_be_set_on_its_own(tmp_path):
    """`deck[0] = x` was taken for setting one zone of a numbered zone, and checked clean."""
    from tabletop.dsl.diagnostics import RulebookError
    (tmp_path / "c.yaml").write_text("cards:\n  - {name: A}\n")
    (tmp_path / "game.rules").write_text('game "P"\nplayers 1\nkind card from "c.yaml":\n    name: text\n'
                                         'zone deck: card, public\nsetup:\n    deck = card\nturn:\n'
                                         '    deck[0] = first(deck)\n    end game "x"\nwinners: players\n')
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path))
    assert [(d.code, d.span.line) for d in e.value.diagnostics] == [("E303", 9)]


def test_one_zone_of_a_numbered_zone_can_be_set_whole(tmp_path):
    (tmp_path / "c.yaml").write_text("cards:\n  - {name: A}\n  - {name: B}\n")
    (tmp_path / "game.rules").write_text('''game "Set"
players 1
kind card from "c.yaml":
    name: text
zone pile[2]: card, public
setup:
    pile[1] = reverse(card)
turn:
    end game "done"
winners: players
''')
    g = load_game(str(tmp_path))
    assert g.new_state(seed=0).data["globals"][0] == [[], [1, 0]]


def test_table_keys_that_are_bare_names_must_be_enum_values(tmp_path):
    from tabletop.dsl.diagnostics import RulebookError
    (tmp_path / "game.rules").write_text('game "T"\nplayers 1\nenum colour: red, blue\ntable points:\n'
                                         '    purple -> 1\n    "any text" -> 2\nturn:\n    end game "x"\nwinners: players\n')
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path))
    assert [(d.code, d.span.line) for d in e.value.diagnostics] == [("E201", 5)]    # the quoted key is fine


def test_a_text_is_shown_as_written_and_an_enum_value_with_spaces(tmp_path):
    """'__' (an empty box on a sheet) was shown as two spaces, 'a_b' as 'a b' (outside author)."""
    from inline import game
    g = game(tmp_path, """
        game "Sheet"
        players 1
        enum mark: no_mark, big_cross
        define box: text = "__"
        define both: list of text = ["a_b", box]
        define plus: text = "+"
        turn:
            say "[{box}] {both} {join(both, plus)} {big_cross}"
            choose prompt "Go":
                option "Stop":
                    end game "Done."
        define score(p: player): int = 0
        """)
    s = g.new_state(players=1, seed=0)
    assert s.log[-1] == "[__] a_b, __ a_b+__ big cross", s.log


SORTED_BY_KEY = """
    game "Sorted"
    players 3
    enum suit: spades, hearts, clubs
    kind card from "cards.yaml":
        name: text
        value: int
        suit: suit
    player var points: int = 0
    var by_value: list of card = []
    var by_suit_or_none: list of card = []
    var seats: list of player = []
    var same: list of text = []
    define suit_unless_zero(c: card): suit = if c.value == 0 then none else c.suit
    turn:
        players[0].points = 5
        players[2].points = 7
        by_value = sort([c for c in card], c => c.value)
        by_suit_or_none = sort([c for c in card], c => suit_unless_zero(c))
        seats = sort(players, p => 0 - p.points)
        same = sort(["bb", "a", "ccc"], w => 1)
        end game "Sorted."
    winners: players
    """
CARDS = {"cards.yaml": "cards:\n" + "".join(f"  - {{name: {n}, value: {v}, suit: {s}}}\n" for n, v, s in
                                            (("A", 3, "hearts"), ("B", 0, "spades"), ("C", 1, "clubs"),
                                             ("D", 3, "spades"), ("E", 1, "hearts")))}


@pytest.mark.parametrize("source", [True, False], ids=["generated", "closures"])
def test_sort_by_a_key_is_ascending_stable_and_puts_a_none_key_last(tmp_path, source):
    g = load_game(str(write(tmp_path, SORTED_BY_KEY, **CARDS)), source=source)
    s = g.new_state(players=3, seed=0)
    names = g.compiled.kind_names["card"]
    by_value, by_suit, seats, same = s.data["globals"]
    assert [names[c] for c in by_value] == ["B", "C", "E", "A", "D"]     # equal values keep data order
    assert [names[c] for c in by_suit] == ["C", "A", "E", "D", "B"]      # clubs, hearts, spades; none last
    assert seats == [2, 0, 1]                                            # most points first
    assert same == ["bb", "a", "ccc"]                                    # equal keys: as they were


@pytest.mark.parametrize("call, words", [
    ('sort(["bb", "a"], w => [w])', "The key of 'sort' must be one value that sorts (a number, text, truth, "
                                    "player, thing or enum value), not a list of texts."),
    ("sort(players, p => players)", "must be one value that sorts (a number, text, truth, player, thing or enum "
                                    "value), not a list of players."),
    ('sort(["a"], 3)', "'sort' wants a function like 'x => ...' here."),
])
def test_a_sort_key_that_is_not_one_value_that_sorts_is_told_at_its_line(tmp_path, call, words):
    from inline import diagnostics
    found = diagnostics(tmp_path, f"""
        game "Bad key"
        players 2
        player var points: int = 0
        turn:
            xs = {call}
            end game "Done."
        winners: players
        """)
    assert any(d.code == "E301" and d.span.line == 5 and words in d.message for d in found), \
        [f"{d.code} {d.span}: {d.message}" for d in found]
