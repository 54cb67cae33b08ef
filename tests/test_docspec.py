"""Statements of docs/language.md checked one by one: each test is the smallest rulebook that
exercises what the reference promises, and failed before the fix it came with."""
from inline import diagnostics, game


TOKENS = {"tokens.yaml": "tokens:\n  - {name: T}\n", "cards.yaml": "cards:\n  - {name: C}\n"}


def test_a_say_line_showing_a_things_own_secret_zone_is_w106(tmp_path):
    # W106: "a `say` line ... that shows a whole zone not everyone may see (`{deck}`, `{p.hand}`)":
    # a thing's own zone seen by its owner (`zone inside: card, owner` in a player kind) is one too.
    found = diagnostics(tmp_path, """
        game "Tokens"
        players 2
        kind card from "cards.yaml":
            name: text
        player kind token from "tokens.yaml":
            name: text
            zone inside: card, owner
            zone shown: card, public
        define score(p: player): int = 0
        turn:
            tk = first([t for t in token if t.owner == current])
            add first(card) to tk.inside
            say "{tk.inside}"
            say "{tk.shown} {count(tk.inside)}"
            end game "done"
        """, **TOKENS)
    hits = [d for d in found if d.code == "W106"]
    assert len(hits) == 1 and "'inside'" in hits[0].message and "only its owner" in hits[0].message
    assert hits[0].span.line == 13


NUMBERED = """
    game "Piles"
    players 2
    kind card from "cards.yaml":
        name: text
    zone deck: card, hidden
    zone piles[2]: card, hidden
    player zone stacks[2]: card, owner
    define score(p: player): int = 0
    setup:
        deck = card
        draw 1 from deck to piles[1]
        draw 2 from deck to players[0].stacks[0]
    display:
        show "{piles[1]} {count(piles[0])} {count(piles[1])}"
        show "{p}: {p.stacks[0]} {count(p.stacks[0])}" for p in players
    turn:
        say "{count(piles[1])} left"
        choose n from [1, 2] labelled "{n} ({count(piles[1])})"
        end game "done"
    """


def test_one_zone_of_a_numbered_zone_is_shown_and_counted_like_any_zone(tmp_path):
    # "`discard[k]` is one of them, usable wherever a zone is": a display may show it whole or count
    # it (E311 is only for reading its cards), and counting it in a say line is no W106.
    g = game(tmp_path, NUMBERED, **{"cards.yaml": "cards:\n  - {name: C, count: 4}\n"})
    assert not [d for d in g.warnings if d.code == "W106"]
    s = g.new_state(players=2)
    assert [line["text"] for line in s.display(1)[:2]] == ["1 hidden card 0 1", "Player 1: 2 hidden cards 2"]
    assert s.display(0)[1]["text"] == "Player 1: C, C 2"
    assert s.log == ["1 left"] and s.options() == ["1 (1)", "2 (1)"]


def test_showing_one_zone_of_a_hidden_numbered_zone_in_a_say_line_is_w106(tmp_path):
    found = diagnostics(tmp_path, NUMBERED.replace('say "{count(piles[1])} left"', 'say "{piles[1]} left"'),
                        **{"cards.yaml": "cards:\n  - {name: C, count: 4}\n"})
    hits = [d for d in found if d.code == "W106"]
    assert len(hits) == 1 and "shows every card of the zone 'piles'" in hits[0].message


def test_a_backslash_before_a_brace_is_one_error_not_three(tmp_path):
    # "One mistake is one error": `\{` is E109 (whose hint says to write {{), and the brace it
    # meant is not also an unclosed '{' (E102) or a bad expression (E103).
    found = diagnostics(tmp_path, r'''
        game "Braces"
        players 2
        define score(p: player): int = 0
        turn:
            say "a \{b\} c, \\{current} \" {{d}}"
            end game "done"
        ''')
    assert [(d.code, d.span.column) for d in found] == [("E109", 12), ("E109", 15)]


def test_a_list_added_to_a_text_is_refused_with_the_way_to_show_it(tmp_path):
    # "`+` also joins two lists, or texts (... a list is not [shown in words] ...: show it in a
    # template, or with `join`)": the error says so.
    found = diagnostics(tmp_path, """
        game "Join"
        players 2
        define score(p: player): int = 0
        define xs: list of int = [1]
        define shown: text = "Cards: " + xs
        turn:
            say "{shown}"
            end game "done"
        """)
    assert [d.code for d in found] == ["E301"]
    assert "join(xs)" in found[0].hint and "template" in found[0].hint


def test_moving_a_named_thing_from_a_zone_into_itself_is_w108(tmp_path):
    # W108: "a `move` from a zone into the same zone (`move c from current.hand to current.hand`)":
    # a card named by its kind, `card "A"`, is one card as a name is.
    found = diagnostics(tmp_path, """
        game "Itself"
        players 2
        kind card from "cards.yaml":
            name: text
        zone deck: card, hidden
        define score(p: player): int = 0
        setup:
            deck = card
        turn:
            move card "A" from deck to deck
            end game "done"
        """, **{"cards.yaml": "cards:\n  - {name: A}\n  - {name: B}\n"})
    hits = [d for d in found if d.code == "W108"]
    assert len(hits) == 1 and hits[0].span.line == 10 and "into itself" in hits[0].message


HAND_REACTION = """
    game "Discards"
    players 2
    kind card from "cards.yaml":
        name: text
    zone deck: card, hidden
    zone table: card, public
    player zone hand: card, owner
    event hit(p: player)
    reaction bury on hit(p) by q for c in q.hand if q != p labelled "Bury {c}":
        move c from q.hand to deck
    reaction wave on hit(p) by q if q != p and count(q.hand) > 0 labelled "Wave":
        move first(q.hand) from q.hand to table
    define score(p: player): int = 0
    setup:
        for c in card:
            add c to players[1].hand
    turn:
        signal hit(current)
        end game "done"
    """


def test_playing_a_reaction_whose_label_names_a_secret_card_is_not_shown(tmp_path):
    # Hidden information: "when a bot answers a decision whose options come from what only its
    # player sees ... the others read 'Player 1 (random) has chosen.'": a reaction offered for each
    # card of the hand, labelled with it, is such a decision; a reaction labelled in public words is not.
    s = game(tmp_path, HAND_REACTION, **{"cards.yaml": "cards:\n  - {name: Ace}\n"}).new_state(players=2)
    assert s.pending.kind == "reaction" and s.options(1) == ["Bury Ace", "Wave", "Don't react"]
    assert [s.answer_is_public(i, 1) for i in range(3)] == [False, True, False]
    assert s.options_name_secrets()


def test_ordering_two_values_that_are_not_numbers_is_one_error(tmp_path):
    # "One mistake is one error": `x < b` for two enum values is one E301, not one per side.
    found = diagnostics(tmp_path, """
        game "Order"
        players 2
        enum colour: red, blue
        var x: colour = red
        define score(p: player): int = 0
        turn:
            if x < blue:
                pass
            end game "done"
        """)
    assert [(d.code, d.span.column) for d in found] == [("E301", 8)]


def test_a_die_shown_in_a_text_is_e301_as_a_die_added_or_compared_is(tmp_path):
    # E301: "a die used as a number (`d6 + d6`) or compared (`d6 == d8`)"; "You rolled {d6}" showed
    # every face of the die ("1, 2, 3, 4, 5, 6") with no word from the checker.
    found = diagnostics(tmp_path, """
        game "Dice"
        players 2
        die d6: 1 to 6
        define score(p: player): int = 0
        turn:
            r = roll(d6)
            say "You rolled {d6}, then {r}."
            end game "done"
        """)
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E301", 7, 22)]
    assert "roll(d6)" in found[0].hint


def test_a_games_zone_seen_by_owner_shows_each_player_their_own_things(tmp_path):
    # "`owner` (only the player it belongs to)", and E205 refuses a game's zone seen by `owner`
    # only "whose things have no owner": so a pool of a player kind's things is seen thing by
    # thing, each by its owner. It was hidden from everyone.
    g = game(tmp_path, """
        game "Bids"
        players 2
        player kind bid from "bids.yaml":
            name: text
        zone pool: bid, owner
        zone piles[2]: bid, owner
        define score(p: player): int = 0
        setup:
            pool = bid
            move [b for b in bid if b.name == "Bid 2"] from pool to piles[1]
        display:
            show "{pool} / {piles[1]} / {count(pool)}"
        turn:
            choose b from pool if b.owner == current labelled "Reveal {b}"
            end game "done"
        """, **{"bids.yaml": "bids:\n  - {name: Bid 1}\n  - {name: Bid 2}\n"})
    s = g.new_state(players=2)
    assert s.view(0, named=True)["variables"]["pool"] == ["Player 1's Bid 1", None]
    assert s.view(1, named=True)["variables"]["pool"] == [None, "Player 2's Bid 1"]
    assert s.view(None)["variables"]["pool"] == [None, None]
    assert s.display(0)[0]["text"] == "Bid 1 and 1 hidden bid / Bid 2 and 1 hidden bid / 2"
    assert s.display(None)[0]["text"] == "2 hidden bids / 2 hidden bids / 2"
    assert s.options() == ["Reveal Bid 1"] and not s.answer_is_public(0)


def test_a_player_count_refused_for_a_one_player_game_says_player(tmp_path):
    import pytest
    from tabletop.interpreter import cli
    g = game(tmp_path, """
        game "Solo"
        players 1
        define score(p: player): int = 0
        turn:
            end game "done"
        """)
    with pytest.raises(cli.UsageError, match=r"^Solo is for 1 player, not 3\.$"):
        cli.check_players(g, 3)


def test_adding_to_a_list_or_text_with_plus_equals_says_how_to(tmp_path):
    # Statements: "`+=` and `-=` are for numbers: a list grows by `add x to xs` or `xs = xs + [...]`".
    found = diagnostics(tmp_path, """
        game "Grow"
        players 2
        var xs: list of int = []
        define score(p: player): int = 0
        turn:
            xs += [1, 2]
            end game "done"
        """)
    assert [d.code for d in found] == ["E301"]
    assert "add x to xs" in found[0].hint and "xs = xs + [...]" in found[0].hint


def test_replace_and_extend_in_a_file_that_extends_nothing_are_told_in_its_words(tmp_path):
    # E015: "an `extend` in a file that extends no base" (named as written, `extend turn`, not a
    # word of the engine's); a `replace` there is told without speaking of an included file.
    found = diagnostics(tmp_path, """
        game "Base"
        players 2
        define score(p: player): int = 0
        turn:
            end game "done"
        extend turn:
            pass
        """)
    assert [d.code for d in found] == ["E015"] and "'extend turn'" in found[0].message
    found = diagnostics(tmp_path, """
        game "Base"
        players 2
        define score(p: player): int = 0
        turn:
            end game "done"
        replace define score(p: player): int = 1
        """)
    assert [d.code for d in found] == ["E202"] and "this file extends none" in found[0].message
    assert "include" not in found[0].message + found[0].hint


def test_extending_or_replacing_a_section_the_base_lacks_is_told_as_a_section(tmp_path):
    # E015: "`replace` or `extend` names nothing of that kind in the base rulebook": for a section,
    # in the reference's word (not the engine's 'phase', nor "did you mean 'players'?").
    base = """
        game "Base"
        players 2
        define score(p: player): int = 0
        turn:
            end game "done"
        """
    found = diagnostics(tmp_path, base, **{"variants__v.rules": 'extends "../game.rules"\nreplace play:\n    pass\n'},
                        variant="v")
    assert [d.code for d in found] == ["E015"]
    assert found[0].message == "'replace play' needs a 'play' section in the base rulebook, and it has none."
    assert "players" not in found[0].hint


def test_a_section_a_variant_extends_then_replaces_is_named_as_written(tmp_path):
    # Messages name a section as the reference does ("the 'turn' section"), never 'phase'.
    base = """
        game "Base"
        players 2
        define score(p: player): int = 0
        turn:
            end game "done"
        """
    found = diagnostics(tmp_path, base, variant="v", **{"variants__v.rules": (
        'extends "../game.rules"\nextend turn:\n    pass\nreplace turn:\n    end game "x"\n')})
    assert [d.code for d in found] == ["E015"]
    assert "'extend turn' at line 2 adds to the base's section" in found[0].message
    assert "phase" not in found[0].message + found[0].hint


def test_a_pattern_over_things_whose_enum_field_changes_in_play_says_so(tmp_path):
    # pattern: things "are matched by their field of that enum read from data"; a changing field
    # is told as one, with the list to match instead (it said the cards had no such field).
    found = diagnostics(tmp_path, """
        game "Recipes"
        players 2
        enum ingredient: graham, chocolate
        kind card from "cards.yaml":
            name: text
            food: ingredient = graham
        pattern pair of ingredient: graham, chocolate
        define score(p: player): int = 0
        define line: list of card = [first(card)]
        turn:
            if line starts with pair:
                end game "done"
            end game "over"
        """, **{"cards.yaml": "cards:\n  - {name: G}\n"})
    assert [d.code for d in found] == ["E301"]
    assert "the field 'food' of a card changes in play" in found[0].message
    assert "[x.food for x in ...]" in found[0].hint
