"""Helpers for the S'mores Galore tests: reading a state's zones, checking that every card is
in exactly one place, and a simple test bot that plays towards the recipes on display so that
simulated games reach the last round. Nothing here is game logic the engine uses; the rulebook
is rulebooks/smores_galore/game.rules, and positions are set by name (State.set_position)."""
from __future__ import annotations

import random
from collections import Counter

from tabletop.interpreter.machine import Machine

LETTER = {"G": "graham", "C": "chocolate", "M": "marshmallow"}
SHORT = {v: k for k, v in LETTER.items()}
# The recipes as in shared/house-rules.md, for the test bot only: alternatives of groups.
PATTERNS = {
    "straight_up": [["G", "CM", "G"]],
    "chocoholic": [["G", "C", "C", "C", "C", "G"]],
    "stack_attack": [["G", "CM", "G", "CM", "G"]],
    "hot_mess": [["C", "M", "M", "C"]],
    "double_stuff": [["G", "CM", "CM", "G"]],
    "zebra": [list("GCMCMCMG"), list("GMCMCMCG")],
    "mallow_mania": [list("GMMMMG")],
    "graham_slam": [list("GGG")],
}
INGREDIENT_ZONES_G = ("deck", "taken", "campfire")
INGREDIENT_ZONES_P = ("lineup", "below", "sticks")
RECIPE_ZONES_G = ("straight_ups", "box")


# ---------------------------------------------------------------- reading
def glob(s, name):
    return s.data["globals"][s.game.compiled.global_names.index(name)]


def pz(s, seat, name):
    return s.data["players"][seat][s.game.compiled.player_names.index(name)]


def food(g, card):
    return g.compiled.static["ingredient"]["food"][card]


def letters(s, cards):
    """Cards as a string of G, C and M."""
    return "".join(SHORT[food(s.game, c)] for c in cards)


def dish(g, r):
    return g.compiled.static["recipe"]["dish"][r]


def market(s):
    """The market in reading order as letters, '.' for an empty space."""
    return "".join("." if c is None else SHORT[food(s.game, c)] for c in s.data["fields"]["space"]["card"])


def ingredient_places(s):
    """Every place an ingredient card can be, with the cards there."""
    out = {z: glob(s, z) for z in INGREDIENT_ZONES_G}
    for k, pile in enumerate(glob(s, "discard")):          # the numbered zone discard[2]
        out[f"discard[{k}]"] = pile
    for seat in range(s.players):
        for z in INGREDIENT_ZONES_P:
            out[f"{z}{seat}"] = pz(s, seat, z)
    out["market"] = [c for c in s.data["fields"]["space"]["card"] if c is not None]
    return out


def recipe_places(s):
    out = {z: glob(s, z) for z in RECIPE_ZONES_G}
    for k, pile in enumerate(glob(s, "pile")):             # the numbered zone pile[3]
        out[f"pile[{k}]"] = pile
    for seat in range(s.players):
        out[f"recipes{seat}"] = pz(s, seat, "recipes")
    return out


def conserved(s):
    """Every one of the 64 ingredient cards and 29 recipe cards is in exactly one place."""
    ing = [c for cards in ingredient_places(s).values() for c in cards]
    rec = [r for cards in recipe_places(s).values() for r in cards]
    return sorted(ing) == list(range(64)) and sorted(rec) == list(range(29))


def evaluate(s, define, *args):
    """Evaluate one of the rulebook's definitions on a state (read-only)."""
    m = Machine(s.game.compiled, s.data)
    return s.game.compiled.defines[define](m, tuple(args))


def matches_prefix(foods: str, alternative: list[str]) -> bool:
    """Could `foods` (letters) be the start of this recipe alternative?"""
    i = 0
    for group in alternative:
        part = foods[i:i + len(group)]
        if not part:
            return True
        if Counter(part) - Counter(group):
            return False
        if len(part) < len(group):
            return True
        i += len(group)
    return True          # longer than the recipe: the rest stays to the right


def on_display(s):
    piles = [glob(s, "straight_ups")] + glob(s, "pile")[:2 if s.players == 2 else 3]
    return [dish(s.game, pile[0]) for pile in piles if pile]


# ---------------------------------------------------------------- a test bot
class RecipeBot:
    """Adds a card only while the lineup can still grow into a recipe on display, scores as
    soon as it can, burns from the left when the lineup cannot, otherwise random."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def useful(self, s, foods):
        dishes = on_display(s) or list(PATTERNS)
        if s.data["globals"][s.game.compiled.global_names.index("last_round")]:
            dishes = dishes + ["straight_up"]
        return any(matches_prefix(foods, alt) for d in dishes for alt in PATTERNS[d])

    def choose(self, s):
        opts = s.options()
        seat = s.pending.players[0]
        lineup = letters(s, pz(s, seat, "lineup"))
        score = [i for i, o in enumerate(opts) if o.startswith("Score")]
        if score:
            return self.rng.choice(score)
        if opts[0].startswith(("Add the", "Flip the")):
            card = glob(s, "taken")[0]
            ok = self.useful(s, lineup + SHORT[food(s.game, card)])
            return 0 if ok or self.rng.random() < 0.95 else 1
        if "End your turn" in opts:
            if lineup and not self.useful(s, lineup):
                k = next(k for k in range(1, len(lineup) + 1) if self.useful(s, lineup[k:]))
                words = "the leftmost card" if k == 1 else f"the {k} leftmost cards"
                pile = self.rng.choice([1, 2])
                return opts.index(f"Burn {words} onto discard pile {pile}")
            if self.rng.random() < 0.1:
                return self.rng.randrange(len(opts))
            return opts.index("End your turn")
        return self.rng.randrange(len(opts))
