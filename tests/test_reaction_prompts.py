"""The question a seat is asked when more than one reaction is open to it shows each reaction's
prompt, not the first one's alone: a Smackatoa! player about to discard all their cards who holds
both Spite: My Only Friend and Voodoo Schmoodoo was asked only "play Voodoo Schmoodoo?" while
offered both cards."""
from inline import game
from tabletop.interpreter.api import load_game

RULES = '''
    game "Prompts"
    players 2
    player var a: int = 0
    player var b: int = 0
    event hit(by: player)
    reaction shield on hit(by) by p if p.a > 0 labelled "Raise the shield" prompt "{by} strikes: raise your shield?":
        p.a -= 1
    reaction dodge on hit(by) by p if p.b > 0 labelled "Dodge" prompt "{by} strikes: dodge?":
        p.b -= 1
    reaction duck on hit(by) by p if p.b > 1 labelled "Duck" prompt "{by} strikes: dodge?":
        p.b -= 2
    turn:
        signal hit(current)
        choose k from [1] labelled "Done"
        end game "done"
    define score(p: player): int = p.a + p.b
    winners: highest score
'''


def first_question(tmp_path, a: int, b: int):
    state = game(tmp_path, RULES).new_state(seed=1)
    state.set_position({"Player 1": {"a": a, "b": b}}, restart_turn=True)
    assert state.pending.kind == "reaction", state.pending
    return state.pending


def test_one_open_reaction_shows_its_own_prompt(tmp_path):
    assert first_question(tmp_path, 1, 0).prompt == "Player 1 strikes: raise your shield?"


def test_two_open_reactions_show_both_prompts_in_the_order_written(tmp_path):
    p = first_question(tmp_path, 1, 1)
    assert p.prompt == "Player 1 strikes: raise your shield? / Player 1 strikes: dodge?"
    assert p.options == ["Raise the shield", "Dodge", "Don't react"]


def test_a_prompt_two_open_reactions_share_is_shown_once(tmp_path):
    p = first_question(tmp_path, 0, 2)
    assert p.prompt == "Player 1 strikes: dodge?"
    assert p.options == ["Dodge", "Duck", "Don't react"]


def test_a_smackatoa_victim_holding_spite_and_voodoo_is_asked_of_both():
    state = load_game("smackatoa").new_state(players=3, seed=0)
    state.set_position({"leader": "Player 1", "Player 1": {"hand": ["Backstab!", "Flotsam"]},
                        "Player 2": {"hand": ["Voodoo Schmoodoo", "Spite: My Only Friend"]},
                        "Player 3": {"hand": ["Flotsam"]}}, rest={"card": "deck"})
    state.apply_label("Play Backstab!")
    state.apply_label("Backstab Player 2")
    pending = state.pending
    assert pending.players == [1] and "Play Spite: My Only Friend" in pending.options, pending
    assert "Play Voodoo Schmoodoo on Player 2" in pending.options, pending
    assert "Voodoo Schmoodoo?" in pending.prompt and "sore loser" in pending.prompt, pending.prompt
