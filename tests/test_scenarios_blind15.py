"""A seat that declined a reaction is not asked the same again (round 15 of blind cases).

Smackatoa!'s Backstab! makes a player about to discard all their cards; they play Spite: My Only
Friend, and the next seat, holding Voodoo Schmoodoo, declines to play it on them. The engine then
asked every seat again, because somebody had reacted in that pass, and so asked the Voodoo
Schmoodoo holder the very same question a second time, nothing having been played since it
declined. After a pass with a reaction, the seats are now asked again only up to the last seat
that reacted: those after it were asked after its reaction.
"""
from pathlib import Path

from inline import game
from tabletop.interpreter import scenarios
from tabletop.interpreter.api import load_game

ROOT = Path(__file__).resolve().parent.parent

# Each player holds some one-shot cards; a signal offers them to every seat.
CARDS = '''
    game "Cards"
    players 3
    player var cards: int = 0
    event ev(by: player)
    reaction play on ev(by) by p if p.cards > 0 labelled "Play" prompt "Play a card?":
        p.cards -= 1
    turn:
        signal ev(current)
        choose k from [1] labelled "Done"
        end game "done"
    define score(p: player): int = p.cards
    winners: highest score
'''


def asked(tmp_path, cards: list, answers: list) -> list:
    """The seats asked, in order, while the answers are given (each 'Play' or "Don't react")."""
    state = game(tmp_path, CARDS).new_state(seed=1)
    state.set_position({f"Player {i + 1}": {"cards": n} for i, n in enumerate(cards)}, restart_turn=True)
    seats = []
    for answer in answers:
        assert state.pending.kind == "reaction", state.pending
        seats.append(state.pending.players[0])
        state.apply_label(answer)
    assert state.pending.kind != "reaction", (seats, state.pending)
    return seats


def test_the_blind_case_of_spite_then_voodoo_passes():
    path = ROOT / "rulebooks" / "smackatoa" / "scenarios" / "blind_15.yaml"
    report = scenarios.run_files([path], only="the seat that declines Voodoo Schmoodoo is not asked the same again")
    assert report.ok and len(report.cases) == 1, [f.message for f in report.failures]


def test_a_seat_after_the_last_reaction_is_asked_once(tmp_path):
    # Player 2 plays; Player 3 declines after it: nothing is played since, so nobody is asked again.
    assert asked(tmp_path, [0, 1, 1], ["Play", "Don't react"]) == [1, 2]


def test_a_seat_before_the_last_reaction_is_asked_again(tmp_path):
    # Player 1 declines, Player 2 plays: Player 1 is asked again, Player 3 (asked after) is not.
    assert asked(tmp_path, [1, 1, 1], ["Don't react", "Play", "Don't react", "Don't react"]) == [0, 1, 2, 0]


def test_a_reaction_in_the_second_pass_asks_the_later_seats_again(tmp_path):
    # Player 1 declines, Player 2 plays, Player 3 declines; then Player 1 plays in the second
    # pass: Player 2 and Player 3 are asked again after it.
    assert asked(tmp_path, [1, 2, 1], ["Don't react", "Play", "Don't react", "Play", "Don't react", "Don't react"]) \
        == [0, 1, 2, 0, 1, 2]


def test_spite_then_a_declined_voodoo_schmoodoo_is_not_offered_again():
    state = load_game("smackatoa").new_state(players=3, seed=0)
    state.set_position({"leader": "Player 1", "Player 1": {"hand": ["Backstab!", "Flotsam"]},
                        "Player 2": {"hand": ["Flotsam", "Spite: My Only Friend"]},
                        "Player 3": {"hand": ["Flotsam", "Voodoo Schmoodoo"]}}, rest={"card": "deck"})
    state.apply_label("Play Backstab!")
    state.apply_label("Backstab Player 2")
    state.force([1, 2])
    state.apply_label("Play Spite: My Only Friend")
    assert state.pending.prompt == "Player 2 is about to discard all their cards: play Voodoo Schmoodoo?"
    state.apply_label("Don't react")
    assert state.evaluate("hand", "Player 2") == []
    assert state.pending.prompt == "Player 2 has no cards: play Voodoo Schmoodoo?"
