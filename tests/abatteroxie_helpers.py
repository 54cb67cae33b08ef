"""Helpers for the Abatteroxie tests: reading the board, and the game's invariants.
Nothing here is game logic the engine uses; the rulebook is rulebooks/abatteroxie/game.rules.

The board reads as the display writes it: each tile's battlers as team letters and counts
("R2 B1": two red battlers and a blue one), teams by seat (R is Player 1, B Player 2, G Player 3,
P Player 4).
"""
from __future__ import annotations

import functools

from tabletop.interpreter.api import load_game
from tabletop.interpreter.machine import Machine

LETTERS = "RBGP"
TEAM_SIZE = 21
DECK_SIZE = 13


@functools.lru_cache(maxsize=None)
def game():
    return load_game("abatteroxie")


# ---------------------------------------------------------------- names
def tile_name(g, i: int) -> str:
    return g.compiled.kind_names["tile"][i]


def owner(g, kind: str, thing: int) -> int:
    return g.compiled.static[kind]["owner"][thing]


def glob(s, name):
    return s.data["globals"][s.game.compiled.global_names.index(name)]


def pz(s, seat, name):
    return s.data["players"][seat][s.game.compiled.player_names.index(name)]


def evaluate(s, define, *args):
    """One of the rulebook's definitions on a state (read-only)."""
    return s.game.compiled.defines[define](Machine(s.game.compiled, s.data), tuple(args))


# ---------------------------------------------------------------- reading
def team_text(g, battlers) -> str:
    """Battlers as team letters and counts, in seat order: "R2 B1"."""
    counts = [0] * 4
    for b in battlers:
        counts[owner(g, "battler", b)] += 1
    return " ".join(f"{LETTERS[k]}{n}" for k, n in enumerate(counts) if n)


def board(s) -> dict:
    """Every open tile's battlers as team text ("" for none)."""
    f = s.data["fields"]["tile"]
    return {tile_name(s.game, i): team_text(s.game, f["battlers"][i]) for i in range(25) if not f["removed"][i]}


def removed(s) -> set:
    f = s.data["fields"]["tile"]
    return {tile_name(s.game, i) for i in range(25) if f["removed"][i]}


def eliminator(s) -> str:
    return tile_name(s.game, glob(s, "eliminator"))


def card_names(s, cards) -> list:
    return [s.game.compiled.kind_names["card"][c] for c in cards]


# ---------------------------------------------------------------- invariants
def battler_places(s) -> list:
    """Every battler of the players in the game, wherever it is: tiles, piles, fallen, supplies."""
    out = [b for zone in s.data["fields"]["tile"]["battlers"] for b in zone] + list(glob(s, "fallen"))
    for seat in range(s.players):
        out += pz(s, seat, "tiebreakers") + pz(s, seat, "supply")
    return out


def conserved(s) -> bool:
    """Every battler and every card is in exactly one place, and each team's cards stay its own."""
    if sorted(battler_places(s)) != list(range(TEAM_SIZE * s.players)):
        return False
    removed_tiles = s.data["fields"]["tile"]["removed"]
    if any(zone and removed_tiles[i] for i, zone in enumerate(s.data["fields"]["tile"]["battlers"])):
        return False          # nobody stands on a removed tile
    for seat in range(s.players):
        cards = sum((pz(s, seat, z) for z in ("deck", "hand", "played", "discard")), [])
        if sorted(cards) != list(range(DECK_SIZE * seat, DECK_SIZE * (seat + 1))):
            return False
    return True
