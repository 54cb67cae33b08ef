"""Helpers for the Taboo Atoll Express scenario tests: name things, set up positions, force rolls.

A scenario starts from a fresh game paused at the first action menu, edits the plain-data
state (`State.data`) into the position it wants, asks the pending menu again so its options
fit the new position (`refresh`), and then drives the game only through the public API
(`apply_label`, `options`, `result`).

Randomness stays the engine's own. When a scenario needs a particular roll (say, "the first
space flooded this turn is Dark Pit"), `force` tries the random generator states
`rng.seed_state(0)`, `seed_state(1)`, ... on copies of the state, runs the same steps on each
copy, and keeps the first generator state under which the roll came out as wanted. The test
then runs those steps on the real state and checks what the rules say must follow. The
condition given to `force` only ever looks at the dice (which spaces were rolled, which dice
were offered), never at the consequence the test asserts.
"""
from __future__ import annotations

import functools

from state_edits import find_rng, refresh  # noqa: F401 (tests import refresh from here)
from tabletop.interpreter.api import load_game

GAME = "taboo_atoll_express"
PLATFORM = "Idiot's Platform"
COLOURS = ["red", "blue", "green", "yellow"]
SKULL = 14

# Where the scenarios put the treasures when they do not care: each on a space of its own
# colour, away from the middle of the map where the scenarios happen.
OUT_OF_THE_WAY = {"red": "Starsight Hill", "blue": "Wave Fortress", "green": "Lunar Peak",
                  "yellow": "Windswept Plains"}


@functools.lru_cache(maxsize=None)
def game(difficulty: str = "newbie"):
    """The compiled game (cached: compiling once per difficulty is enough)."""
    return load_game(GAME, options={"difficulty": difficulty})


# ----------------------------------------------------------------------------- names
def space_index(g, name: str) -> int:
    return g.compiled.kind_names["space"].index(name)


def space_name(g, i: int) -> str:
    return g.compiled.kind_names["space"][i]


def all_spaces(g) -> list[str]:
    return list(g.compiled.kind_names["space"])


def treasure_index(g, colour: str) -> int:
    return g.compiled.static["treasure"]["colour"].index(colour)


# ----------------------------------------------------------------------------- reading and writing
def get_var(s, name: str):
    return s.data["globals"][s.game.compiled.global_names.index(name)]


def set_var(s, name: str, value):
    s.data["globals"][s.game.compiled.global_names.index(name)] = value


def flood_state(s, name: str) -> str:
    return s.data["fields"]["space"]["flood"][space_index(s.game, name)]


def flood(s, name: str, state: str):
    assert state in ("dry", "flooded", "sunk")
    s.data["fields"]["space"]["flood"][space_index(s.game, name)] = state


def all_dry(s):
    flooding = s.data["fields"]["space"]["flood"]
    flooding[:] = ["dry"] * len(flooding)


def spaces_in(s, state: str) -> set[str]:
    return {space_name(s.game, i) for i, f in enumerate(s.data["fields"]["space"]["flood"]) if f == state}


def pawn(s) -> str:
    return space_name(s.game, get_var(s, "pawn"))


def put_pawn(s, name: str):
    set_var(s, "pawn", space_index(s.game, name))


def treasure(s, colour: str) -> dict:
    i = treasure_index(s.game, colour)
    t = s.data["fields"]["treasure"]
    loc = t["location"][i]
    return {"search": t["search"][i], "claimed": t["claimed"][i],
            "location": None if loc is None else space_name(s.game, loc)}


def set_treasure(s, colour: str, location: str | None = None, search: int | None = None,
                 claimed: bool | None = None):
    i = treasure_index(s.game, colour)
    t = s.data["fields"]["treasure"]
    if location is not None:
        t["location"][i] = space_index(s.game, location)
    if search is not None:
        t["search"][i] = search
    if claimed is not None:
        t["claimed"][i] = claimed


def scenario(seed: int = 0, difficulty: str = "newbie", *, pawn_at: str = PLATFORM, role: str = "no_role",
             water: int | None = None, special: int = 0, flooded=(), sunk=()):
    """A fresh game at its first action menu, edited into a known position.

    Every space is dry except those named; each treasure lies out of the way, unclaimed, with
    no search points; the pawn, role, water level and special actions are as given.
    """
    s = game(difficulty).new_state(seed=seed)
    assert s.pending.prompt.startswith("Take an action")
    all_dry(s)
    for name in flooded:
        flood(s, name, "flooded")
    for name in sunk:
        flood(s, name, "sunk")
    for colour in COLOURS:
        set_treasure(s, colour, location=OUT_OF_THE_WAY[colour], search=0, claimed=False)
    put_pawn(s, pawn_at)
    set_var(s, "current_role", role)
    set_var(s, "special_actions", special)
    if water is not None:
        set_var(s, "water_level", water)
    refresh(s)
    return s


# ----------------------------------------------------------------------------- driving a turn
def labels_starting(s, prefix: str) -> list[str]:
    return [o for o in s.options() if o.startswith(prefix)]


def targets(s, prefix: str) -> set[str]:
    """The space names of options like 'Move to X' given the prefix 'Move to '."""
    return {o[len(prefix):] for o in s.options() if o.startswith(prefix)}


def in_action_phase(s) -> bool:
    return not s.is_over and s.pending.prompt.startswith("Take an action")


def in_search(s) -> bool:
    return not s.is_over and s.pending.prompt.startswith("Treasure search")


def finish_actions(s):
    """Pass every remaining action of this turn and end its action phase, keeping special
    actions unspent. Returns at the turn's next decision (or the next turn's first one)."""
    turn = s.data["turn_number"]
    while in_action_phase(s) and s.data["turn_number"] == turn:
        if "Pass" in s.options():
            s.apply_label("Pass")
        else:
            s.apply_label("End the action phase")


def search_offers_black(s) -> bool:
    return any("black" in o for o in s.options())


def keep_two_plain(s):
    """Keep two dice at once (the first such option), so no more dice are rolled this search."""
    s.apply_label(next(o for o in labels_starting(s, "Keep ") if " and " in o))


def keep_pair(s, a: str, b: str) -> str:
    """The option keeping dice a and b, whichever order the rulebook names them in."""
    for label in (f"Keep {a} and {b}", f"Keep {b} and {a}"):
        if label in s.options():
            return label
    return f"Keep {a} and {b}"


def flood_rolls(s) -> list[str]:
    """The spaces the flood phase rolled this turn, in order."""
    return [space_name(s.game, i) for i in get_var(s, "flooded_this_turn")]


# ----------------------------------------------------------------------------- forcing rolls
def force(s, step, want, tries: int = 20000):
    """Set s's random generator so that `step(s)` will produce the wanted roll, then run it."""
    s.data["rng"] = find_rng(s, step, want, tries)
    step(s)
    assert want(s)


def to_clean_search(s):
    """From the action menu, pass the turn's actions under dice that show no black, so the
    treasure search adds nothing to the water level. Stops at the search decision."""
    force(s, finish_actions, lambda c: in_search(c) and not search_offers_black(c))


def flood_first(s, *names: str):
    """From a search decision without black dice: keep two dice, with the flood phase's first
    rolls landing on the given spaces in order."""
    want = list(names)
    force(s, keep_two_plain, lambda c: flood_rolls(c)[:len(want)] == want)


def score_by_hand(won: bool, claimed: int, water: int, dry: int, flooded: int, unused_points: int) -> int:
    """The text's score: +50 for winning, +15 per treasure claimed, +5 per space left on the water
    level tracker, +2 per unflooded space, +1 per flooded unsunk space, +1 per unused search point."""
    return 50 * won + 15 * claimed + 5 * (SKULL - water) + 2 * dry + flooded + unused_points
