"""An expansion is a file: `extend` adds records and fields to a kind and steps to a rule or a
section without copying them; data fields with a default; `none` in data; and `take rounds led
by`, for games with rounds and no turns."""
import pytest

from inline import diagnostics, game

BASE = '''
    game "Base"
    players 2
    enum colour: red, blue
    kind card from "cards.yaml":
        name: text
        colour: colour
    zone deck: card, hidden
    player zone hand: card, owner
    player var points: int = 0
    setup:
        deck = shuffled(card)
    rule score_card(p: player, c: card):
        bonus = 1
        p.points += bonus
    turn:
        choose c from deck labelled "Take {c}"
        move c from deck to current.hand
        score_card(current, c)
        if count(deck) == 0:
            end game "The deck is empty."
    define score(p: player): int = p.points
'''
CARDS = '''
    cards:
      - {name: "Red", colour: red}
      - {name: "Blue", colour: blue, count: 2}
'''
EXPANSION = '''
    extends "../game.rules"
    enum power: double, nothing
    extend kind card from "more.yaml":
        power: power, default none
        used: bool = false
    # The added step sees the rule's parameters and the local its base steps set.
    extend rule score_card:
        if c.power == double:
            p.points += bonus
    extend setup:
        say "The expansion is in play."
'''
MORE = '''
    cards:
      - {name: "Gold", colour: red, power: double}
      - {name: "Plain", colour: blue, power: nothing}
'''


def files(**more):
    return {"cards.yaml": CARDS, "variants__plus.rules": EXPANSION, "variants__more.yaml": MORE, **more}


def play_all(s):
    while not s.is_over:
        s.apply(0)


def test_extend_kind_adds_records_and_a_field_with_a_default(tmp_path):
    g = game(tmp_path, BASE, "plus", **files())
    s = g.new_state(seed=3)
    assert "The expansion is in play." in s.log
    assert sorted(s.options()) == ["Take Blue", "Take Gold", "Take Plain", "Take Red"]     # the two Blue cards are alike
    play_all(s)
    assert sum(s.scores()) == 5 + 1          # one point a card, two for Gold


def test_without_the_variant_the_base_is_untouched(tmp_path):
    g = game(tmp_path, BASE, **files())
    s = g.new_state(seed=3)
    play_all(s)
    assert sum(s.scores()) == 3


def test_an_added_step_runs_after_the_base_steps_with_its_locals(tmp_path):
    g = game(tmp_path, BASE, "plus", **files())
    for seed in range(6):
        s = g.new_state(seed=seed)
        taken = []
        while not s.is_over:
            label = s.options()[0]
            taken.append(label)
            s.apply(0)
        assert sum(s.scores()) == len(taken) + ("Take Gold" in taken)


def test_a_data_field_with_a_default_in_a_base_kind(tmp_path):
    rules = BASE.replace("        colour: colour\n", "        colour: colour\n        worth: int, default 1\n") \
                .replace("        bonus = 1\n", "        bonus = c.worth\n")
    cards = '''
        cards:
          - {name: "Red", colour: red, worth: 5}
          - {name: "Blue", colour: blue, count: 2}
    '''
    g = game(tmp_path, rules, **{"cards.yaml": cards})
    s = g.new_state(seed=1)
    play_all(s)
    assert sum(s.scores()) == 5 + 1 + 1


def test_none_in_data_for_enums_things_and_players(tmp_path):
    rules = BASE.replace("        colour: colour\n", "        colour: colour\n        partner: card\n        seat: player\n") \
                .replace("        bonus = 1\n", "        bonus = if c.partner == none and c.seat == none and c.colour == none then 10 else 1\n")
    cards = '''
        cards:
          - {name: "Red", colour: none, partner: ~, seat: null}
          - {name: "Blue", colour: blue, partner: "Red", seat: 2, count: 2}
    '''
    g = game(tmp_path, rules, **{"cards.yaml": cards})
    s = g.new_state(seed=1)
    play_all(s)
    assert sum(s.scores()) == 10 + 1 + 1


def test_none_is_refused_for_a_number(tmp_path):
    rules = BASE.replace("        colour: colour\n", "        colour: colour\n        worth: int\n")
    cards = '''
        cards:
          - {name: "Red", colour: red, worth: ~}
    '''
    ds = diagnostics(tmp_path, rules, **{"cards.yaml": cards})
    assert [(d.code, d.span.line) for d in ds] == [("E022", 2)]
    assert "the field 'worth' is a whole number and cannot be none" in ds[0].message


def test_data_giving_a_changing_field_says_so(tmp_path):
    rules = BASE.replace("        colour: colour\n", "        colour: colour\n        face_up: bool = false\n")
    cards = '''
        cards:
          - {name: "Red", colour: red, face_up: true}
    '''
    ds = diagnostics(tmp_path, rules, **{"cards.yaml": cards})
    assert [d.code for d in ds] == ["E023"]
    assert "'face_up', which is a changing field" in ds[0].message
    assert "not declare" not in ds[0].message


def test_a_new_field_without_a_default_is_one_error_at_the_variants_field(tmp_path):
    bad = EXPANSION.replace("power: power, default none", "power: power")
    ds = diagnostics(tmp_path, BASE, "plus", **files(**{"variants__plus.rules": bad}))
    assert [d.code for d in ds] == ["E022"]
    assert "power" in ds[0].message and ds[0].span.file.endswith("plus.rules")
    assert "default" in (ds[0].hint or "") + ds[0].message


def test_extend_of_something_the_base_lacks(tmp_path):
    bad = EXPANSION.replace("extend rule score_card:", "extend rule score_cards:")
    ds = diagnostics(tmp_path, BASE, "plus", **files(**{"variants__plus.rules": bad}))
    assert [d.code for d in ds] == ["E015"]
    assert "score_card" in ds[0].hint


def test_extend_in_a_rulebook_with_no_base(tmp_path):
    ds = diagnostics(tmp_path, BASE + "    extend setup:\n        say \"more\"\n", **files())
    assert [d.code for d in ds] == ["E015"]
    assert "extends none" in ds[0].message


def test_two_sections_hint_names_replace_and_extend(tmp_path):
    ds = diagnostics(tmp_path, BASE + "    setup:\n        say \"again\"\n", **files())
    assert [d.code for d in ds] == ["E202"]
    assert "the first at line" in ds[0].message      # both in one file: keep one
    assert ds[0].hint == ("keep one, with the steps of both (a variant writes 'replace setup:' "
                          "or 'extend setup:' to change the base rulebook's)")


ROUNDS = '''
    game "Rounds"
    players 3
    var leader: player = none
    var rounds_played: int = 0
    var leaders: list of player = []
    setup:
        leader = first(players)
    play:
        take rounds led by leader
    round:
        add current to leaders
        rounds_played += 1
        secretly each p in players_from(current) chooses n from [1, 2] labelled "Say {n}":
            if n == 2:
                leader = p
        if rounds_played == 4:
            end game "Four rounds."
    define score(p: player): int = count([q for q in leaders if q == p])
'''


def test_take_rounds_makes_the_leader_current_and_reads_it_again_each_round(tmp_path):
    g = game(tmp_path, ROUNDS)
    s = g.new_state(seed=1)
    assert s.current_player == 0
    answers = [[0, 0, 1], [1, 0, 0], [0, 0, 0]]        # Player 3, then Player 1 say 2; the 4th round begins
    for row in answers:
        for seat, pick in enumerate(row):
            s.apply(pick, seat=seat)
    assert s.current_player == 0
    assert s.to_json()["turn_number"] == 0
    ev = s.evaluate
    assert [ev("score", f"Player {n}") for n in (1, 2, 3)] == [3, 0, 1]    # led by 1, 3, 1, 1


def test_a_round_led_by_nobody_says_what_to_set(tmp_path):
    """hunt9 met it: a leader never set was told only that a round cannot be led by nobody."""
    from tabletop.interpreter.api import RuleError
    g = game(tmp_path, ROUNDS.replace("        leader = first(players)\n", "        pass\n"))
    with pytest.raises(RuleError) as e:
        g.new_state(seed=1)
    assert "A round cannot be led by nobody: what 'led by' names is none when the round starts" in str(e.value)
    assert "give it a player before the rounds are taken" in str(e.value)
    assert e.value.span.line == 9, e.value.span


def test_take_rounds_needs_a_round_section(tmp_path):
    rules = ROUNDS.replace("    round:\n", "    rule unused_round:\n")
    ds = diagnostics(tmp_path, rules)
    assert "E403" in [d.code for d in ds]
    assert any("'take rounds' plays the 'round' section" in d.message for d in ds)


def test_a_game_with_only_a_round_section_takes_rounds(tmp_path):
    rules = ROUNDS.replace("    play:\n        take rounds led by leader\n", "")
    g = game(tmp_path, rules)
    s = g.new_state(seed=1)
    for _ in range(4):
        for seat in range(3):
            s.apply(1, seat=seat)
    assert s.is_over


def test_an_extend_after_a_base_that_can_return_early_is_w115(tmp_path):
    """The steps an `extend rule` adds run after the base's own; a `return` in the base skips them,
    which an expansion's author did not expect (outside author: its steps silently never ran)."""
    base = BASE.replace("        bonus = 1\n", "        bonus = 1\n        if c.colour == red:\n            return\n")
    variant = 'extends "../game.rules"\nextend rule score_card:\n    p.points += 1\n'
    found = diagnostics(tmp_path, base, "more", **{"cards.yaml": CARDS, "variants__more.rules": variant})
    w = [d for d in found if d.code == "W115"]
    assert len(w) == 1 and w[0].span.line == 2 and w[0].severity == "warning", found
    assert "'score_card' can return early (line 15)" in w[0].message
    (tmp_path / "clean").mkdir()
    clean = diagnostics(tmp_path / "clean", BASE, "more", **{"cards.yaml": CARDS, "variants__more.rules": variant})
    assert not [d for d in clean if d.code == "W115"], clean


def test_a_list_field_may_default_to_an_empty_list(tmp_path):
    """`needs: list of text, default []` (outside author: only single values could be defaults)."""
    rules = BASE.replace("        colour: colour\n", "        colour: colour\n        tags: list of text, default []\n")
    cards = CARDS + "      - {name: Tagged, colour: red, tags: [big, old]}\n"
    g = game(tmp_path, rules, **{"cards.yaml": cards})
    tags = g.compiled.static["card"]["tags"]
    assert tags[-1] == ["big", "old"] and all(t == [] for t in tags[:-1]) and tags[0] is not tags[1]
    (tmp_path / "bad").mkdir()
    bad = diagnostics(tmp_path / "bad", BASE.replace("        colour: colour\n", "        colour: colour\n        n: int, default []\n"),
                      **{"cards.yaml": CARDS})
    assert any(d.code == "E301" and "its default is an empty list" in d.message for d in bad), bad


def test_a_list_field_s_default_other_than_empty_says_so(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for folder, default, words in [("a", "[big]", "default can only be [], the empty list"),
                                   ("b", "none", "a list's default can only be []")]:
        rules = BASE.replace("        colour: colour\n", f"        colour: colour\n        tags: list of text, default {default}\n")
        found = diagnostics(tmp_path / folder, rules, **{"cards.yaml": CARDS})
        errors = [d for d in found if d.severity == "error"]
        assert len(errors) == 1 and words in errors[0].message, found
