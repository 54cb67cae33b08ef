"""The lookahead bot and the worlds it imagines (determinize.py): a world looks to its seat just as
the game does, two games the seat cannot tell apart get the same answer, and the bot plays for
the win."""
import random
import textwrap
from pathlib import Path

import pytest

from tabletop.interpreter.api import State, load_game
from tabletop.interpreter.bots import make_bot
from tabletop.interpreter.determinize import believed

RULEBOOKS = Path(__file__).resolve().parent.parent / "rulebooks"
HIDDEN = [("smackatoa", 3), ("smores_galore", 2), ("abatteroxie", 2), ("smackshapes", 3)]


def random_positions(game, players, seed, every=3, most=120):
    """The positions of a seeded random game, one in `every` decisions, at most `most` decisions."""
    state, rnd = game.new_state(players=players, seed=seed), random.Random(seed)
    for k in range(most):
        if state.is_over:
            return
        if k % every == 0:
            yield state
        pending = state.pending
        for seat in list(pending.players):
            state.apply(rnd.randrange(len(state.options(seat))), seat, rnd.uniform(0.3, 1.5) if pending.timed else None)


def placed(data):
    """Where every thing lies (the zones of the variables, the players and the things)."""
    return [data["globals"], data["players"], data["fields"], data.get("sides")]


@pytest.mark.parametrize("name,players", HIDDEN)
def test_a_believed_world_looks_to_its_seat_as_the_game_does(name, players):
    game = load_game(str(RULEBOOKS / name))
    prog, generator, worlds, moved = game.compiled, 5, 0, 0
    states = (state for seed in range(1, 20) for state in random_positions(game, players, seed))
    for state in states:
        if worlds > 30:
            break
        for seat in range(players):
            world, generator = believed(prog, state.to_json(), seat, generator)
            assert State(game, world).view(seat) == state.view(seat)
            worlds += 1
            moved += placed(world) != placed(state.to_json())
    assert worlds > 20
    assert moved > worlds // 2        # hidden things were dealt again, not left where they lay


def test_two_games_a_seat_cannot_tell_apart_get_the_same_answer():
    """Two positions of Smackatoa! that differ only in a card of the next player's hand and a card
    of the deck, swapped: the seat deciding sees the same in both, so the lookahead bot answers the
    same, with the same values for every option."""
    game = load_game(str(RULEBOOKS / "smackatoa"))
    prog = game.compiled
    state = game.new_state(players=3, seed=4)
    seat = state.pending.players[0]
    data = state.to_json()
    hand, deck = prog.player_names.index("hand"), prog.global_names.index("deck")
    other = state.to_json()
    theirs, top = other["players"][(seat + 1) % 3][hand], other["globals"][deck]
    swap = next(i for i, card in enumerate(theirs) if card not in top)
    theirs[swap], top[0] = top[0], theirs[swap]
    twin = State(game, other)
    assert twin.view(seat) == state.view(seat) and twin.view((seat + 1) % 3) != state.view((seat + 1) % 3)
    bot = make_bot("lookahead", 3, {"playouts": "2", "depth": "30"})
    values = bot.values(twin, seat)
    assert len(values) > 1 and len(set(values)) > 1       # options told apart
    assert values == bot.values(State(game, data), seat)
    assert bot.choose(twin, seat) == bot.choose(State(game, data), seat)


def test_the_lookahead_bot_does_not_change_the_state_or_the_global_generator():
    game = load_game(str(RULEBOOKS / "smores_galore"))
    state = game.new_state(players=2, seed=2)
    before = state.to_json()
    random.seed(9)
    bot = make_bot("lookahead", 1, {"playouts": "2", "depth": "20"})
    first = bot.choose(state, state.pending.players[0])
    assert random.random() == random.Random(9).random()
    assert state.to_json() == before
    assert bot.choose(state, state.pending.players[0]) == first      # a function of the position


def test_the_lookahead_bot_takes_the_win_it_can_see(tmp_path):
    """A race to 10: a seat that can reach 10 now takes the move that does, every time, where a
    random bot does not."""
    path = tmp_path / "race.rules"
    path.write_text(textwrap.dedent("""
        game "Race to ten"
        players 2
        var total: int in 0 to 20 = 0
        var mover: player = none
        turn:
            choose n from [1, 2, 3] labelled "Add {n}"
            total += n
            mover = current
            if total >= 10:
                end game "{current} reached ten."
        winners: if total >= 10 then [mover] else []
    """).lstrip())
    game = load_game(str(path))
    moves = {"lookahead": [], "random": []}
    for seed in range(10):
        state = game.new_state(players=2, seed=seed)
        state.data["globals"][0] = 7          # Player 1 to move, 3 short of ten
        for kind in moves:
            bot = make_bot(kind, seed, {"playouts": "12"} if kind == "lookahead" else {})
            moves[kind].append(state.options(0)[bot.choose(state, 0)])
    assert set(moves["lookahead"]) == {"Add 3"}
    assert set(moves["random"]) != {"Add 3"}


def test_the_lookahead_bot_takes_its_parameters_from_text():
    bot = make_bot("lookahead", 0, {"playouts": "3", "depth": "40"})
    assert (bot.playouts, bot.depth) == (3, 40)
    with pytest.raises(ValueError, match="lookahead bot's playouts is a whole number"):
        make_bot("lookahead", 0, {"playouts": "many"})


@pytest.mark.soak
@pytest.mark.parametrize("name,players", HIDDEN + [("taboo_atoll_express", 1), ("smackatoa", 6)])
def test_the_lookahead_bot_plays_whole_games_in_every_seat(name, players):
    """Lookahead bots in every seat finish games without an error: every world they imagine is
    one the rules can play on from."""
    game = load_game(str(RULEBOOKS / name))
    bots = [make_bot("lookahead", seat, {"playouts": "2", "depth": "25"}) for seat in range(players)]
    state = game.new_state(players=players, seed=1)
    for _ in range(2000):
        if state.is_over:
            break
        pending = state.pending
        for seat in list(pending.players):
            index = bots[seat].choose(state, seat)
            assert 0 <= index < len(state.options(seat))
            state.apply(index, seat, bots[seat].reaction_time(state, seat) if pending.timed else None)
    assert state.is_over


def test_only_what_the_rules_hold_stays_where_it_lies():
    """At Smackatoa!'s first decision the paused rules hold a few cards (the hand offered); every
    other hidden card is dealt again. A frame's block and step numbers are not cards: counting them
    pinned every card of a low number."""
    from tabletop.interpreter.determinize import _named_by_rules, _places
    game = load_game(str(RULEBOOKS / "smackatoa"))
    state = game.new_state(players=3, seed=4)
    data = state.to_json()
    pinned = _named_by_rules(data)
    spots = _places(game.compiled, data, state.pending.players[0])["card"]
    free = [z[i] for z, i in spots if z[i] not in pinned]
    assert len(free) >= len(spots) - len(state.options(state.pending.players[0]))
    assert set(data["stack"][-1][:3]) - pinned       # the frame's own numbers pin nothing
