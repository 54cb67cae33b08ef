"""Instant reactions: `reaction NAME instantly by p [for x in L] if ...` is offered at any decision
point, and between two turns, where its condition holds, not only where a rule signals an event
(Voodoo Schmoodoo on a player who is out). A declined offer is not made again while it still holds; a reaction's
`for` gives one option per item."""
import pytest

from inline import diagnostics, game, same_after_reload

# Each turn a player drops cards. A player with no cards may be given one back, at once, by
# anyone else who still holds a Gift.
GIFTS = '''
    game "Gifts"
    players 3
    player var cards: int = 2
    player var gifts: int = 0

    setup:
        players[0].gifts = 1
        players[2].gifts = 1

    define out(p: player): bool = p.cards == 0
    define skip_turn(p: player): bool = out(p)

    turn:
        choose prompt "{current} holds {current.cards}":
            option "Drop a card":
                current.cards -= 1
            option "Drop every card" if current.cards > 1:
                current.cards = 0
            option "Drop every card, with {next_player(current)}":
                current.cards = 0
                next_player(current).cards = 0
        if all([out(p) for p in players]) or turn_number >= 12:
            end game "Done."

    reaction gift instantly by p for victim in [q for q in players if out(q)] if p.gifts > 0 and p != victim labelled "Give {victim} a card" prompt "{victim} is out":
        p.gifts -= 1
        victim.cards += 1
        say "{p} gives {victim} a card."

    define score(p: player): int = p.cards
'''


def test_an_instant_reaction_is_offered_at_the_next_decision_to_each_seat_that_may_play_it(tmp_path):
    s = game(tmp_path, GIFTS).new_state(players=3, seed=0)
    s.apply_label("Drop every card")                  # Player 1 is out; no event is signalled
    d = s.pending
    assert d.kind == "reaction" and d.players == [2] and d.prompt == "Player 1 is out"
    assert d.options == ["Give Player 1 a card", "Don't react"]
    s.apply_label("Give Player 1 a card")             # Player 3 gives; then the turn is asked again
    assert s.log[-1] == "Player 3 gives Player 1 a card."
    assert s.pending.kind == "menu" and s.pending.players == [1]
    assert s.pending.prompt == "Player 2 holds 2"


def test_a_declined_offer_is_not_made_again_while_it_holds_and_is_when_it_holds_anew(tmp_path):
    s = game(tmp_path, GIFTS).new_state(players=3, seed=0)
    s.apply_label("Drop every card")
    s.apply_label("Don't react")                      # Player 3 keeps the gift
    assert s.pending.kind == "menu" and s.pending.players == [1]
    s.apply_label("Drop a card")                      # Player 2: a decision point, Player 1 still out
    assert s.pending.kind == "menu" and s.pending.players == [2]     # not offered again
    s.apply_label("Drop every card")                  # Player 3 is out too: a new occasion
    # Asked from the player about to decide (Player 2, with no gift): Player 3 may not give to
    # themself, and Player 1, out but holding a gift, is offered the new occasion.
    d = s.pending
    assert d.kind == "reaction" and d.players == [0] and d.options == ["Give Player 3 a card", "Don't react"]
    s.apply_label("Don't react")
    assert s.pending.kind == "menu" and s.pending.players == [1]


# A player who is out may come back in by the rules' own doing, and go out again later.
COMEBACK = '''
    game "Comeback"
    players 2
    player var cards: int = 1
    player var saves: int = 3
    define out_players: list of player = [p for p in players if p.cards == 0]
    reaction save instantly by p for victim in out_players if p.saves > 0 and p != victim labelled "Save {victim}":
        p.saves -= 1
        victim.cards += 2
    turn:
        choose prompt "Your move":
            option "Lose all cards":
                current.cards = 0
            option "Gain a card":
                current.cards += 1
            option "End":
                end game "done"
    define score(p: player): int = p.cards
'''


def test_a_declined_offer_is_made_again_once_its_item_left_the_list_and_came_back(tmp_path):
    """The occasion is the item being in the list ("a player who has no cards"): declined while
    Player 1 was out, offered again when Player 1, back in, goes out a second time."""
    s = game(tmp_path, COMEBACK).new_state(seed=1)
    s.apply_label("Lose all cards")
    assert s.pending.kind == "reaction" and s.pending.options == ["Save Player 1", "Don't react"]
    s.apply_label("Don't react")
    s.apply_label("Gain a card")                      # Player 2
    assert s.pending.kind == "menu" and s.pending.players == [0]     # declined: not offered again
    s.apply_label("Gain a card")                      # Player 1 is back in
    s.apply_label("Gain a card")                      # Player 2
    s.apply_label("Lose all cards")                   # Player 1 is out again: a new occasion
    assert s.pending.kind == "reaction" and s.pending.players == [1]
    assert s.pending.options == ["Save Player 1", "Don't react"]


def test_one_option_per_item_and_the_reaction_sees_its_item(tmp_path):
    s = game(tmp_path, GIFTS).new_state(players=3, seed=0)
    s.apply_label("Drop every card, with Player 2")    # Players 1 and 2 are out at once
    # Offered as soon as the turn is over, from the current player: Player 1, out but holding a gift.
    d = s.pending
    assert d.players == [0] and d.options == ["Give Player 2 a card", "Don't react"]
    s.apply_label("Don't react")
    d = s.pending
    assert d.players == [2] and d.options == ["Give Player 1 a card", "Give Player 2 a card", "Don't react"]
    s.apply_label("Give Player 2 a card")
    assert s.view(None)["players"][1]["cards"] == 1 and s.view(None)["players"][2]["gifts"] == 0
    assert s.pending.kind == "menu" and s.pending.players == [1]     # Player 2, back in, takes the next turn


def test_a_state_paused_on_an_instant_reaction_saves_and_loads(tmp_path):
    g = game(tmp_path, GIFTS)
    s = g.new_state(players=3, seed=0)
    s.apply_label("Drop every card")
    same_after_reload(g, s, lambda state: [state.apply_label(label) for label in ("Don't react", "Drop a card")])
    bad = s.to_json()
    bad["declined"] = [[0, 5, 1]]
    with pytest.raises(Exception, match="declined reactions do not match"):
        g.load_state(bad)


# A player may cut the next turn short: between two turns there is no turn under way, and the
# offer comes then too, so its `end turn` ends that moment and the next turn comes.
CUT = '''
    game "Cut"
    players 2
    player var points: int = 0
    player var cuts: int = 1
    turn:
        current.points += 1
        choose n from [1, 2] labelled "Take {n}"
        current.points += n
        if turn_number >= 4:
            end game "Done."
    reaction cut instantly by p if p != current and p.cuts > 0 labelled "Cut {current}'s turn":
        p.cuts -= 1
        end turn "{p} cuts the turn short."
    define score(p: player): int = p.points
'''


@pytest.mark.parametrize("source", [True, False])
def test_end_turn_in_an_instant_reaction_offered_between_two_turns_goes_on_to_the_next_turn(tmp_path, source):
    # It used to be a rule error: "'end turn' is used, but no turn is under way."
    from tabletop.interpreter.api import load_game
    from inline import write
    g = load_game(str(write(tmp_path, CUT)), source=source)
    s = g.new_state(seed=1)
    # Before the first turn, Player 2 may cut it: no turn is under way yet.
    assert s.pending.kind == "reaction" and s.pending.players == [1] and s.data["turn_number"] == 0
    s.apply_label("Cut Player 1's turn")
    assert s.log == ["Player 2 cuts the turn short."]
    assert s.current_player == 0 and s.options() == ["Take 1", "Take 2"]
    s.apply_label("Take 2")
    # Within Player 2's turn, Player 1 cuts it: it ends, and Player 1's turn comes.
    assert s.current_player == 1 and s.pending.players == [0]
    s.apply_label("Cut Player 2's turn")
    assert s.current_player == 0 and s.options() == ["Take 1", "Take 2"] and s.data["turn_number"] == 3


def test_end_turn_in_an_instant_reaction_nested_in_another_between_two_turns_ends_that_moment(tmp_path):
    # A choice inside an instant reaction is a decision point: the reaction offered there is
    # nested in the moment between the turns, and its `end turn` ends the whole moment.
    g = game(tmp_path, CUT.replace("turn:\n        current.points += 1", '''reaction grab instantly by p if p.cuts > 0 and p.points == 0 labelled "Grab":
        p.points += 1
        choose n from [1, 2] labelled "Grab {n}" by p
        p.points += n
    turn:
        current.points += 1''').replace("p != current and p.cuts > 0", "p.cuts > 0 and p.points > 0"))
    s = g.new_state(seed=1)
    s.apply_label("Grab")                     # Player 1, before the first turn
    assert s.pending.players == [0] and s.options() == ["Cut Player 1's turn", "Don't react"]
    s.apply_label("Cut Player 1's turn")      # nested in the grab: the moment ends, Grab's choice too
    assert s.log == ["Player 1 cuts the turn short."] and s.data["turn_number"] == 0
    assert s.pending.players == [1] and s.options() == ["Grab", "Don't react"]


# Every turn is skipped; the game is played by an instant reaction alone, offered between turns.
BELL = '''
    game "Bell"
    players 2
    player var rings: int = 0

    define skip_turn(p: player): bool = true
    define score(p: player): int = p.rings

    reaction ring instantly by p if p.rings < 3 labelled "Ring the bell":
        p.rings += 1
        if p.rings == 3:
            end game "{p} rang three times."

    turn:
        say "Nobody plays a turn."
'''


def test_skip_turn_always_true_is_no_error_where_an_instant_reaction_may_be_offered_between_turns(tmp_path):
    """E309 said that nobody could ever play, but instant reactions are offered between the skipped
    turns (and each answer starts the count of skipped turns again): this game is played and won."""
    s = game(tmp_path, BELL).new_state(players=2, seed=0)
    while not s.is_over:
        assert s.pending.kind == "reaction"
        s.apply_label("Ring the bell", seat=s.pending.players[0])
    assert s.result.winners == [0] and s.result.reason == "Player 1 rang three times."
    # A reaction that can never be offered plays nothing: the error stands.
    (tmp_path / "never").mkdir()
    found = diagnostics(tmp_path / "never", BELL.replace("if p.rings < 3", "if false"))
    assert [d.code for d in found if d.code == "E309"] == ["E309"], [d.message for d in found]
