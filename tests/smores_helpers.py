"""Helpers for the S'mores Galore tests: reading a state's zones, laying out a position by
writing into the plain-data state, and a simple test bot that plays towards the recipes on
display so that simulated games reach the last round. Nothing here is game logic the engine
uses; the rulebook is rulebooks/smores_galore/game.rules."""
from __future__ import annotations

import random
from collections import Counter

from state_edits import glob, pz, set_glob, set_pz  # noqa: F401 (tests import them from here)
from tabletop.interpreter.machine import Machine

LETTER = {"G": "graham", "C": "chocolate", "M": "marshmallow"}
SHORT = {v: k for k, v in LETTER.items()}
DISH_NAMES = {
    "straight_up": "Straight Up S'mores", "chocoholic": "Chocoholic", "stack_attack": "S'mores Stack Attack",
    "hot_mess": "Hot Mess", "double_stuff": "Double Stuff S'mores", "zebra": "Zebra S'mores",
    "mallow_mania": "Mallow Mania", "graham_slam": "Graham Slam",
}
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


def place_id(g, name):
    return g.compiled.kind_names["place"].index(name)


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


# ---------------------------------------------------------------- laying out a position
def layout(s, *, lineups=None, below=None, sticks=None, market=None, discard_1="C", discard_2="M",
           campfire="", deck=None, rest="deck", arrow=None):
    """Put every ingredient card somewhere new, by letters (G, C, M). `market` is 8 letters in
    reading order ('.' empty). `discard_1` and `discard_2` are discard piles 1 and 2 as the
    options number them: discard[0] and discard[1]. Cards not named go to `rest` (after `deck`'s
    named cards when rest is the deck). Do this while the game waits for the arrow choice: options already
    listed are not recomputed."""
    g = s.game
    pool = {f: [c for c in range(64) if food(g, c) == f] for f in LETTER.values()}

    def take(text):
        return [pool[LETTER[ch]].pop(0) for ch in text]

    for seat in range(s.players):
        set_pz(s, seat, "lineup", take((lineups or {}).get(seat, "")))
        set_pz(s, seat, "below", take((below or {}).get(seat, "")))
        set_pz(s, seat, "sticks", take((sticks or {}).get(seat, "")))
    cards = s.data["fields"]["space"]["card"]
    text = market if market is not None else "GGCCMMGG"
    for i, ch in enumerate(text):
        cards[i] = None if ch == "." else take(ch)[0]
    set_glob(s, "discard", [take(discard_1), take(discard_2)])
    set_glob(s, "campfire", take(campfire))
    set_glob(s, "taken", [])
    set_glob(s, "deck", take(deck or ""))
    leftover = [c for f in LETTER.values() for c in pool[f]]
    glob(s, rest).extend(leftover) if rest != "deck" else glob(s, "deck").extend(leftover)
    if arrow is not None:
        set_glob(s, "arrow", place_id(g, arrow))
    assert conserved(s)


def recipes_of(g, dish_name):
    return [r for r in range(29) if dish(g, r) == dish_name]


def set_recipes(s, *, straight_ups=0, piles=(), scored=None):
    """Lay out the recipe cards: `straight_ups` Straight Up cards in their pile, `piles` a list
    of lists of dish names (top first), `scored` {seat: [dish names]}; the rest go to the box."""
    g = s.game
    free = {d: recipes_of(g, d) for d in DISH_NAMES}
    set_glob(s, "straight_ups", [free["straight_up"].pop(0) for _ in range(straight_ups)])
    set_glob(s, "pile", [[free[d].pop(0) for d in (piles[k] if k < len(piles) else [])] for k in range(3)])
    for seat in range(s.players):
        set_pz(s, seat, "recipes", [free[d].pop(0) for d in (scored or {}).get(seat, [])])
    set_glob(s, "box", sorted(r for rs in free.values() for r in rs))
    assert conserved(s)


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
