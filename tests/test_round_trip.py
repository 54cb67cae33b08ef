"""The engine's own path through a decision, made cheaper without changing a game: a roll's
throws, forced then seeded, and the variables that start as a constant, made once."""
import pytest

from bundled import bundled
from tabletop.dsl.builtins import MAX_ROLLS, ROLLED_IN_VAIN
from tabletop.interpreter import rng as R
from tabletop.interpreter.api import RuleError, load_game
from tabletop.interpreter.machine import ROLLS_KEEP, Machine

RULES = ('game "Kept dice"\nplayers 1\nenum colour: black, red, blue\ndie colour_die: black, red, blue\n'
         'var kept: colour = black\nvar n: int = 0\nturn:\n    choose prompt "Roll?":\n        option "Roll":\n'
         '            kept = roll(colour_die, c => c != black)\n            n += 1\n'
         '        option "Stop":\n            end game "Stopped."\n'
         'define score(p: player): int = n\n')


@pytest.fixture
def dice(tmp_path):
    path = tmp_path / "dice.rules"
    path.write_text(RULES)
    return load_game(str(path))


def seeded_throws(state: int, faces: list, keep) -> tuple:
    """The faces thrown from the generator's `state` until `keep` holds, as rng.py gives them."""
    thrown = []
    while True:
        state, x = R.below(state, len(faces))
        thrown.append(faces[x])
        if keep(thrown[-1]):
            return state, thrown


def test_a_roll_throws_the_forced_faces_first_then_the_seeds_until_one_is_kept(dice):
    s = dice.new_state(seed=7)
    before = s.to_json()["rng"]
    s.force(["black", "black"])
    s.apply_label("Roll")
    state, thrown = seeded_throws(before, ["black", "red", "blue"], lambda c: c != "black")
    assert s.rolls == [("colour_die", c) for c in ["black", "black"] + thrown]
    assert s.evaluate("kept") == thrown[-1] and s.to_json()["rng"] == state
    assert s.forced == []


def test_a_roll_of_seeds_alone_is_the_generators_next_faces(dice):
    s = dice.new_state(seed=3)
    for _ in range(5):
        before = s.to_json()["rng"]
        s.apply_label("Roll")
        state, thrown = seeded_throws(before, ["black", "red", "blue"], lambda c: c != "black")
        assert s.rolls == [("colour_die", c) for c in thrown] and s.to_json()["rng"] == state


def test_a_face_never_kept_is_refused_after_the_most_throws_keeping_the_last_rolls(dice):
    s = dice.new_state(seed=1)
    m = Machine(dice.compiled, s.to_json())
    m.s["rolls"] = []
    with pytest.raises(RuleError) as e:
        m.roll(dice.compiled.dice["colour_die"], lambda face: False, "colour_die")
    assert str(e.value).startswith(ROLLED_IN_VAIN)
    assert len(m.s["rolls"]) == 2 * ROLLS_KEEP and MAX_ROLLS > ROLLS_KEEP
    # Forced faces count among the throws: one forced and the rest seeded are still the most.
    m.s["forced"] = [{"roll": "red", "die": None}]
    with pytest.raises(RuleError):
        m.roll(dice.compiled.dice["colour_die"], lambda face: False, "colour_die")
    assert m.s["forced"] == [] and m.s["rolls"][-2:-1] == ["colour_die"]


@pytest.mark.parametrize("book", bundled(), ids=lambda b: f"{b[0].name}-{b[1]}")
def test_a_variable_made_once_starts_as_its_start_would_make_it_and_charges_nothing(book):
    """A variable's constant start (the last of each of `Compiled.globals_init` and `player_init`)
    and each kind's `fixed_starts` stand for calling the start's function: the same value, and no
    work charged."""
    prog = book[2].compiled
    m = Machine(prog, prog_state(prog))
    for name, init, size, fixed in prog.globals_init + prog.player_init:
        if fixed is not None:
            work = m.work
            value = init(m, [None] * size)
            assert value == fixed[0] and type(value) is type(fixed[0]) and m.work == work, name
    for (kind, field), start in prog.fixed_starts.items():
        init, size = prog.dynamic[kind][field]
        work = m.work
        assert init(m, [None] * size) == start and m.work == work, (kind, field)


def test_the_bundled_games_start_some_variables_as_constants():
    """The test above is not empty: Taboo's `special_actions = 0` is made once."""
    prog = load_game("taboo_atoll_express").compiled
    assert dict((name, fixed) for name, _, _, fixed in prog.globals_init)["special_actions"] == (0,)


def prog_state(prog) -> dict:
    """A state's bare bones, enough for a start's function to run."""
    return {"globals": [], "players": [[], []], "fields": {}, "stack": [], "envs": [], "pending": None,
            "rng": 0, "current": 0, "sides": [[] for _ in prog.sides], "forced": [], "rolls": []}
