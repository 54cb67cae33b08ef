"""Helpers for the Abatteroxie tests: reading the board, laying out a position by writing into the
plain-data state, forcing a roll, and the game's invariants. Nothing here is game logic the
engine uses; the rulebook is rulebooks/abatteroxie/game.rules.

A position is written as the display writes it: each tile's battlers as team letters and counts
("R2 B1": two red battlers and a blue one), teams by seat (R is Player 1, B Player 2, G Player 3,
P Player 4). Battlers a position does not place go to the `fallen` pile (eliminated, credited to
nobody), so all 21 of each team are always somewhere.

Randomness stays the engine's own. When a test needs a roll (the Doom Die showing Action of
Choice, a battler falling off), `force` tries generator states on copies of the state, runs the
same steps on each copy, and keeps the first under which the dice came out as wanted; the
condition looks only at what was rolled (the log line saying so), never at what the test checks.
"""
from __future__ import annotations

import functools
import re

from state_edits import find_rng, glob, pz, refresh, set_glob, set_pz
from tabletop.interpreter.api import load_game
from tabletop.interpreter.machine import Machine

LETTERS = "RBGP"
TEAM_SIZE = 21
DECK_SIZE = 13


@functools.lru_cache(maxsize=None)
def game():
    return load_game("abatteroxie")


# ---------------------------------------------------------------- names
def tile_index(g, name: str) -> int:
    return g.compiled.kind_names["tile"].index(name)


def tile_name(g, i: int) -> str:
    return g.compiled.kind_names["tile"][i]


def owner(g, kind: str, thing: int) -> int:
    return g.compiled.static[kind]["owner"][thing]


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


def pile(s, seat) -> str:
    """A player's tie-breaker pile as team text."""
    return team_text(s.game, pz(s, seat, "tiebreakers"))


def fallen(s) -> str:
    return team_text(s.game, glob(s, "fallen"))


def card_names(s, cards) -> list:
    return [s.game.compiled.kind_names["card"][c] for c in cards]


# ---------------------------------------------------------------- laying out a position
def parse_team_text(text: str) -> list:
    """ "R2 B1" -> [(0, 2), (1, 1)] """
    out = []
    for part in text.split():
        m = re.fullmatch(r"([RBGP])(\d+)", part)
        assert m, f"not a team count: {part!r}"
        out.append((LETTERS.index(m.group(1)), int(m.group(2))))
    return out


def start(players=2, seed=0, *, board=None, removed=(), hands=None, decks=None, discards=None,
          piles=None, eliminator="C3", current=0):
    """A game at its first decision (the current player's "play 2 cards"), edited into a position.

    `board` maps tile names to team text; tiles in `removed` are removed, every other tile is open
    (and empty unless named). `piles` maps a seat to its tie-breaker pile as team text. Battlers not
    placed anywhere are in `fallen`. `hands`, `decks` and `discards` map a seat to card names (a
    deck top first); a seat's cards not named are in its deck after those named, in data order.
    `current` is the seat whose turn it is."""
    g = game()
    s = g.new_state(players=players, seed=seed)
    assert s.pending.prompt == "Player 1 (red): play 2 cards"
    tiles = s.data["fields"]["tile"]
    free = {seat: list(range(TEAM_SIZE * seat, TEAM_SIZE * (seat + 1))) for seat in range(players)}
    for i in range(25):
        tiles["removed"][i] = tile_name(g, i) in removed
        tiles["battlers"][i] = []
    for name, text in (board or {}).items():
        assert name not in removed, f"{name} is removed"
        tiles["battlers"][tile_index(g, name)] = [free[seat].pop(0) for seat, n in parse_team_text(text) for _ in range(n)]
    for seat in range(players):
        set_pz(s, seat, "tiebreakers", [free[k].pop(0) for k, n in parse_team_text((piles or {}).get(seat, ""))
                                        for _ in range(n)])
        set_pz(s, seat, "supply", [])
    set_glob(s, "fallen", [b for seat in range(players) for b in free[seat]])
    for seat in range(players):
        cards = list(range(DECK_SIZE * seat, DECK_SIZE * (seat + 1)))

        def take(names):
            out = []
            for name in names:
                c = next(c for c in cards if card_names(s, [c])[0] == name)
                cards.remove(c)
                out.append(c)
            return out
        hand = take((hands or {}).get(seat, []))
        deck = take((decks or {}).get(seat, []))
        discard = take((discards or {}).get(seat, []))
        if hands is None or seat not in hands:
            hand, cards = hand + cards[:4 - len(hand)], cards[4 - len(hand):]
        set_pz(s, seat, "hand", hand)
        set_pz(s, seat, "deck", deck + (cards if decks is None or seat not in decks else []))
        set_pz(s, seat, "discard", discard + (cards if decks is not None and seat in decks else []))
        set_pz(s, seat, "played", [])
    set_glob(s, "eliminator", tile_index(g, eliminator))
    if current != 0:
        s.data["current"] = current
        s.data["stack"][0][3]["seat"] = current + 1      # the turn order goes on from this seat
    assert conserved(s)
    refresh(s)
    return s


# ---------------------------------------------------------------- forcing rolls
def force(s, step, want):
    """Set s's generator so that `step(s)` rolls as wanted, then run it."""
    s.data["rng"] = find_rng(s, step, want, tries=5000)
    step(s)
    assert want(s)


def rolled(s, face: str) -> bool:
    """The last Doom Die roll said in the log was `face` ("Battle Royale", ...)."""
    rolls = [line for line in s.log if " on the Doom Die." in line]
    return bool(rolls) and rolls[-1].endswith(f"rolls {face} on the Doom Die.")


def moves(*labels):
    """A step that answers decisions by label (forced rolls happen inside it)."""
    def step(s):
        for label in labels:
            s.apply_label(label)
    return step


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
