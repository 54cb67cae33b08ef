"""Abatteroxie (rulebooks/abatteroxie): the rule text's worked examples and rules as scenario
tests, seeded random games with the game's invariants checked at every step, and a scripted game.

Positions are laid out with tests/abatteroxie_helpers.py: "R2 B1" on a tile is two red battlers
(Player 1) and one blue (Player 2); G is Player 3 and P Player 4. Battle Royale, Explosion and
Move Eliminator come from the special action cards, whose actions happen right after moving, so
most cases need no dice at all.
"""
import json
import random
from pathlib import Path

import pytest

from abatteroxie_helpers import (board, card_names, conserved, eliminator, evaluate, fallen, force, game, moves,
                                 pile, pz, removed, rolled, start)
from cli_fixtures import tabletop

DATA = Path(__file__).resolve().parent / "data"
ALL = {f"{c}{r}" for c in "ABCDE" for r in range(1, 6)}


def only(*tiles):
    """Every tile removed but these (and the centre, which never goes)."""
    return sorted(ALL - set(tiles) - {"C3"})


# ---------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_places_one_battler_of_each_team_on_each_of_21_tiles(players):
    s = game().new_state(players=players, seed=11)
    assert len(removed(s)) == 4 and "C3" not in removed(s)
    letters = " ".join(f"{x}1" for x in "RBGP"[:players])
    assert set(board(s).values()) == {letters} and len(board(s)) == 21
    assert eliminator(s) == "C3"
    for seat in range(players):
        assert len(pz(s, seat, "hand")) == 4 and len(pz(s, seat, "deck")) == 9
        assert sorted(card_names(s, pz(s, seat, "hand") + pz(s, seat, "deck"))) == sorted(
            ["1", "1", "2", "2", "2", "3", "3", "4 tiles only", "4 battlers only", "1 + Battle Royale",
             "1 + Battle Royale", "2 + Move Eliminator", "1 + Explosion"])
    assert conserved(s)


def test_the_explosion_tiles_differ_from_game_to_game():
    holes = {frozenset(removed(game().new_state(players=2, seed=k))) for k in range(12)}
    assert len(holes) > 6


# ---------------------------------------------------------------- playing two cards
def test_the_cards_may_be_played_either_way_round():
    # "You may either move 2 battlers of your team 3 tiles each. Or, you may flip the cards and
    # move 3 battlers of your team 2 tiles each."
    s = start(hands={0: ["2", "3", "1 + Battle Royale", "1 + Battle Royale"]}, board={"B2": "R3"})
    opts = s.options()
    assert "Move 2 battlers 3 tiles each (play 2 and 3)" in opts
    assert "Move 3 battlers 2 tiles each (play 3 and 2)" in opts
    # two alike cards are one play; two cards with the same number are offered one way only
    assert opts.count("Move 1 battler 1 tile each (play 1 + Battle Royale and 1 + Battle Royale)") == 1
    assert len(opts) == len(set(opts)) == 7        # 2&3, 3&2, and each of them with the Battle Royale card


def test_battlers_only_and_tiles_only_cards():
    # "This symbol on a card may only be used for the number of tiles the battlers must move. This
    # symbol on a card may only be used for the number of battlers that must be moved."
    s = start(hands={0: ["4 tiles only", "4 battlers only", "2", "3"]}, board={"B2": "R3"})
    assert sorted(s.options()) == sorted([
        "Move 4 battlers 4 tiles each (play 4 battlers only and 4 tiles only)",
        "Move 4 battlers 2 tiles each (play 4 battlers only and 2)",
        "Move 4 battlers 3 tiles each (play 4 battlers only and 3)",
        "Move 2 battlers 4 tiles each (play 2 and 4 tiles only)",
        "Move 3 battlers 4 tiles each (play 3 and 4 tiles only)",
        "Move 2 battlers 3 tiles each (play 2 and 3)",
        "Move 3 battlers 2 tiles each (play 3 and 2)",
    ])


# ---------------------------------------------------------------- movement
def test_battlers_move_orthogonally_never_diagonally():
    s = start(hands={0: ["1", "2"]}, board={"B2": "R1", "E5": "B1"})
    s.apply_label("Move 2 battlers 1 tile each (play 2 and 1)")
    assert s.options() == ["Move a battler from B2"]     # one battler of the two wanted: all it has
    s.apply_label("Move a battler from B2")
    assert sorted(s.options()) == ["Move to A2", "Move to B1", "Move to B3", "Move to C2"]


def test_a_battler_never_moves_over_a_removed_tile_or_the_same_tile_twice():
    # A1 B1 C1 / A2 B2 C2 open, B1 removed: from A1, two tiles reach B2 only (A1 A2 B2), never
    # back to A1 and never through B1.
    s = start(hands={0: ["2", "1"]}, board={"A1": "R1", "E5": "B1"}, removed=only("A1", "C1", "A2", "B2", "C2", "B3", "E5",
                                                                                  "D3", "E3", "E4"))
    s.apply_label("Move 1 battler 2 tiles each (play 1 and 2)")
    s.apply_label("Move a battler from A1")
    assert s.options() == ["Move to B2"]
    s.apply_label("Move to B2")
    assert board(s)["B2"] == "R1" and board(s)["A1"] == ""


def test_move_the_most_number_of_tiles_you_can():
    # "If you don't have the correct number of battlers and/or tiles, move the most battlers you
    # can and/or move them the most number of tiles you can." Only row 3 is left: from C3 a
    # battler can move at most 2 tiles.
    s = start(hands={0: ["1", "4 tiles only"]}, board={"C3": "R1", "E3": "B1"}, removed=only("A3", "B3", "D3", "E3"))
    s.apply_label("Move 1 battler 4 tiles each (play 1 and 4 tiles only)")
    assert s.pending.prompt == "Move battler 1 of 1, 2 tiles"
    s.apply_label("Move a battler from C3")
    assert sorted(s.options()) == ["Move to A3", "Move to E3"]


def test_a_battler_that_can_move_the_whole_way_goes_before_one_that_cannot():
    # Only row 3 is left. With one battler to move 3 tiles, the red battler on A3 can (to D3) and
    # the one on C3 cannot, so only A3's may be chosen. When none can go the whole way, one that
    # goes furthest moves, as far as it can: B3's 3 tiles of 4, not C3's 2.
    s = start(hands={0: ["1", "3"]}, board={"A3": "R1", "C3": "R1", "E3": "B1"}, removed=only("A3", "B3", "D3", "E3"))
    s.apply_label("Move 1 battler 3 tiles each (play 1 and 3)")
    assert s.pending.prompt == "Move battler 1 of 1, 3 tiles"
    assert s.options() == ["Move a battler from A3"]
    s = start(hands={0: ["1", "4 tiles only"]}, board={"B3": "R1", "C3": "R1", "E3": "B1"},
              removed=only("A3", "B3", "D3", "E3"))
    s.apply_label("Move 1 battler 4 tiles each (play 1 and 4 tiles only)")
    assert s.pending.prompt == "Move battler 1 of 1, 3 tiles"
    assert s.options() == ["Move a battler from B3"]
    s.apply_label("Move a battler from B3")
    assert s.options() == ["Move to E3"]


def test_move_the_most_battlers_you_can_each_a_different_one():
    # Three battlers to move, but red has two: each moves once ("Move the battlers one at a time").
    s = start(hands={0: ["3", "1"]}, board={"A1": "R1", "E1": "R1", "E5": "B1"})
    s.apply_label("Move 3 battlers 1 tile each (play 3 and 1)")
    assert s.options() == ["Move a battler from A1", "Move a battler from E1"]
    s.apply_label("Move a battler from A1")
    s.apply_label("Move to B1")
    assert s.pending.prompt == "Move battler 2 of 3, 1 tile"
    assert s.options() == ["Move a battler from E1"]      # the battler on B1 has moved already
    s.apply_label("Move a battler from E1")
    s.apply_label("Move to D1")
    assert "Player 1 (red) has no other battler that can move." in s.log
    assert board(s)["B1"] == "R1" and board(s)["D1"] == "R1"


# ---------------------------------------------------------------- pushing
def test_moving_over_a_full_tile_does_not_push():
    # "When your battler lands on a tile ... (moving over it does not count)"
    s = start(hands={0: ["1", "2"]}, board={"A1": "R1", "B1": "B5", "E5": "B1"})
    s.apply_label("Move 1 battler 2 tiles each (play 1 and 2)")
    s.apply_label("Move a battler from A1")
    assert "Move to C1" in s.options() and "Move to B2" in s.options()
    s.apply_label("Move to C1")
    assert board(s)["B1"] == "B5" and board(s)["C1"] == "R1"


def test_landing_on_a_full_tile_pushes_one_battler_on_in_the_same_direction():
    # 2 players: a tile holds at most 5. Red lands on B1 (R1 B4) from A1, moving east: one of the
    # battlers already there goes on to C1; red chooses whose.
    s = start(hands={0: ["1", "1 + Explosion"]}, board={"A1": "R1", "B1": "R1 B4", "E5": "B1"})
    s.apply_label("Move 1 battler 1 tile each (play 1 and 1 + Explosion)")
    s.apply_label("Move a battler from A1")
    assert sorted(s.options()) == ["Move to A2", "Move to B1 from A1, pushing east"]
    s.apply_label("Move to B1 from A1, pushing east")
    assert s.pending.prompt == "B1 holds more than 5 battlers: push one east"
    assert s.options() == ["Push the red battler on B1 east", "Push the blue battler on B1 east"]
    s.apply_label("Push the blue battler on B1 east")
    assert board(s)["B1"] == "R2 B3" and board(s)["C1"] == "B1"
    assert conserved(s)


# The special card "1 + Explosion" with the eliminator under the centre gives Move Eliminator
# instead, a decision: a pause right after the move, before anything else can change the board.
PAUSE = {0: ["1", "1 + Explosion"]}
ONE_TILE = "Move 1 battler 1 tile each (play 1 and 1 + Explosion)"


def test_a_push_that_fills_the_next_tile_pushes_again():
    # "If a battler is pushed onto another tile that also contains the maximum number of
    # battlers, the player who's turn it is repeats the pushing process."
    s = start(hands=PAUSE, board={"A1": "R1", "B1": "R1 B4", "C1": "B5", "E5": "B1"})
    s.apply_label(ONE_TILE)
    s.apply_label("Move a battler from A1")
    s.apply_label("Move to B1 from A1, pushing east")
    s.apply_label("Push the blue battler on B1 east")
    # C1 then holds 6, all blue but the one that just arrived: a blue battler goes on, no question
    assert s.pending.prompt.startswith("Move Eliminator")
    assert {k: board(s)[k] for k in ("A1", "B1", "C1", "D1")} == {"A1": "", "B1": "R2 B3", "C1": "B5", "D1": "B1"}
    assert s.log[-5:-2] == ["Player 1 (red) moves a battler from A1 to B1.", "A blue battler is pushed from B1 to C1.",
                            "A blue battler is pushed from C1 to D1."]


@pytest.mark.parametrize("beyond", ["the edge", "a removed tile"])
def test_a_battler_pushed_off_the_board_or_onto_a_removed_tile_is_the_movers(beyond):
    # "If the battler is pushed onto a removed tile, or off the edge of the board, the pushed
    # battler is eliminated ... placed in front of the player that eliminated the battler."
    if beyond == "the edge":
        s = start(hands=PAUSE, board={"D1": "R1", "E1": "B5", "E5": "B1"})
        before = fallen(s)
        s.apply_label(ONE_TILE)
        s.apply_label("Move a battler from D1")
        s.apply_label("Move to E1 from D1, pushing east")
        edge = "E1"
    else:
        s = start(hands=PAUSE, board={"B1": "R1", "C1": "B5", "E5": "B1"}, removed=["D1"])
        before = fallen(s)
        s.apply_label(ONE_TILE)
        s.apply_label("Move a battler from B1")
        s.apply_label("Move to C1 from B1, pushing east")
        edge = "C1"
    assert board(s)[edge] == "R1 B4"
    assert pile(s, 0) == "B1" and pile(s, 1) == "" and fallen(s) == before     # not to the fallen pile
    assert f"A blue battler is pushed off {edge} east and eliminated by Player 1 (red)." in s.log
    assert conserved(s)


def test_pushing_your_own_battler_off_puts_it_in_your_pile():
    # House rule: every battler pushed off is credited to the moving player.
    s = start(hands=PAUSE, board={"E2": "R1", "E1": "R5", "E5": "B1"})
    s.apply_label(ONE_TILE)
    s.apply_label("Move a battler from E2")
    s.apply_label("Move to E1 from E2, pushing north")
    assert board(s)["E1"] == "R5" and pile(s, 0) == "R1"


def test_moving_onto_an_over_full_tile_pushes_until_it_holds_the_maximum():
    # Special case: "moving onto this tile results in pushing as many battlers as it takes to have
    # the number of battlers on the tile match the maximum amount allowed."
    s = start(hands=PAUSE, board={"A1": "R1", "B1": "B7", "E5": "B1"})
    s.apply_label(ONE_TILE)
    s.apply_label("Move a battler from A1")
    s.apply_label("Move to B1 from A1, pushing east")
    assert board(s)["B1"] == "R1 B4" and board(s)["C1"] == "B3"
    assert s.log.count("A blue battler is pushed from B1 to C1.") == 3


@pytest.mark.parametrize("players, holding, pushes", [(2, 5, True), (3, 5, True), (4, 5, False), (4, 6, True)])
def test_a_tile_holds_5_battlers_with_2_or_3_players_and_6_with_4(players, holding, pushes):
    # "2-3 players: max. 5 battlers. 4 players: max. 6 battlers."
    s = start(players, hands=PAUSE, board={"A1": "R1", "B1": f"B{holding}", "E5": "G1 P1" if players == 4 else "B1"})
    assert f"Tiles hold at most {5 if players < 4 else 6} battlers." in s.render(0)
    s.apply_label(ONE_TILE)
    s.apply_label("Move a battler from A1")
    label = "Move to B1 from A1, pushing east" if pushes else "Move to B1"
    assert label in s.options()
    s.apply_label(label)
    assert board(s)["B1"] == (f"R1 B{holding - 1}" if pushes else f"R1 B{holding}")
    assert board(s)["C1"] == ("B1" if pushes else "")


# ---------------------------------------------------------------- Battle Royale
BATTLE = {0: ["1 + Battle Royale", "1"]}


def battle(s, *labels):
    """Play the Battle Royale card (1 battler 1 tile: the one on E5 to D5), answer the battle's
    decisions, and have the Doom Die then show Move Eliminator (a pause)."""
    s.apply_label("Move 1 battler 1 tile each (play 1 + Battle Royale and 1)")
    s.apply_label("Move a battler from E5")
    s.apply_label("Move to D5")
    force(s, moves(*labels), lambda c: rolled(c, "Move Eliminator"))


def test_battle_royale_example_1():
    # "Purple has 3 battlers, Red has 2 and Blue has 1. Purple holds the majority and may eliminate
    # either one of the Red battlers, or the Blue battler. Purple eliminates a Blue battler."
    s = start(4, hands=BATTLE, board={"B2": "R2 B1 P3", "E5": "R1", "A5": "G1"})
    s.apply_label("Move 1 battler 1 tile each (play 1 + Battle Royale and 1)")
    s.apply_label("Move a battler from E5")
    s.apply_label("Move to D5")
    assert s.pending.players == [3] and s.pending.prompt == "Battle Royale on B2: Player 4 (purple) holds the majority"
    assert s.options() == ["Eliminate a red battler on B2", "Eliminate a blue battler on B2"]
    force(s, moves("Eliminate a blue battler on B2"), lambda c: rolled(c, "Move Eliminator"))
    assert board(s)["B2"] == "R2 P3" and pile(s, 3) == "B1"
    assert "Battle Royale on B2: Player 4 (purple) eliminates a blue battler." in s.log


def test_battle_royale_example_2():
    # "Blue and Green both have 2 battlers and Purple and Red have 1 each. Blue and Green both hold
    # the majority and may both eliminate one minority. Blue eliminates the 1 Purple battler and
    # Green eliminates the 1 Red battler." Blue goes first: next in turn order after Red.
    s = start(4, hands=BATTLE, board={"B2": "R1 B2 G2 P1", "E5": "R1"})
    s.apply_label("Move 1 battler 1 tile each (play 1 + Battle Royale and 1)")
    s.apply_label("Move a battler from E5")
    s.apply_label("Move to D5")
    assert s.pending.players == [1]
    assert s.options() == ["Eliminate a red battler on B2", "Eliminate a purple battler on B2"]
    force(s, moves("Eliminate a purple battler on B2"), lambda c: rolled(c, "Move Eliminator"))
    # Green is left only the red battler to eliminate, so it is not asked
    assert board(s)["B2"] == "B2 G2" and pile(s, 1) == "P1" and pile(s, 2) == "R1"


@pytest.mark.parametrize("current, collector", [(2, 2), (0, 1)])
def test_battle_royale_special_case_one_battler_for_two_majorities(current, collector):
    # "If two players hold the majority but there is only one battler eliminated, the player whose
    # turn it is, or the player who is next in line to have a turn, may collect the eliminated
    # battler." Blue and Green hold 2 each, Red 1: on Green's turn Green collects it; on Red's
    # turn Blue does (next in line after Red).
    mover = "RBG"[current]
    s = start(3, hands={current: ["1 + Battle Royale", "1"]}, board={"B2": "R1 B2 G2", "E5": f"{mover}1"},
              current=current)
    battle(s)
    assert board(s)["B2"] == "B2 G2"
    assert [pile(s, k) for k in range(3)] == ["R1" if k == collector else "" for k in range(3)]


def test_no_majority_no_battle():
    # "Red, green, blue and purple all have 1 battler. Nobody holds the majority." Two teams with
    # 2 each: nobody has more, so nobody holds the majority either.
    s = start(4, hands=BATTLE, board={"B2": "R1 B1 G1 P1", "C4": "B2 G2", "E5": "R1"})
    battle(s)
    assert board(s)["B2"] == "R1 B1 G1 P1" and board(s)["C4"] == "B2 G2"
    assert not any(line.startswith("Battle Royale on") for line in s.log)


def test_battle_royale_goes_through_the_tiles_in_reading_order():
    # "Start at the top left corner of the board and moving left to right, ending at the bottom
    # right corner of the board."
    s = start(3, hands=BATTLE, board={"D4": "B2 G1", "A2": "G2 R1", "E1": "R3 B2", "E5": "R1"})
    battle(s)
    battles = [line for line in s.log if line.startswith("Battle Royale on")]
    assert battles == ["Battle Royale on E1: Player 1 (red) eliminates a blue battler.",
                       "Battle Royale on A2: Player 3 (green) eliminates a red battler.",
                       "Battle Royale on D4: Player 2 (blue) eliminates a green battler."]
    assert [pile(s, k) for k in range(3)] == ["B1", "G1", "R1"]


# ---------------------------------------------------------------- the eliminator and explosions
BOOM = {0: ["1 + Explosion", "1"]}


def explode(s, want, to="D5"):
    """Play the Explosion card (the red battler on E5 moves to D5), with the explosion's dice as
    `want` says (it looks at the log lines saying where battlers fell or landed)."""
    s.apply_label("Move 1 battler 1 tile each (play 1 + Explosion and 1)")
    s.apply_label("Move a battler from E5")
    force(s, moves(f"Move to {to}"), want)


def falls_and_lands(c):
    return ([line for line in c.log if line.endswith("falls off the board.")],
            [line for line in c.log if " lands on " in line])


def test_an_explosion_blows_the_tile_away_and_its_battlers_fall_or_land_next_to_it():
    # "BOOM! ... Remove the exploded tile from the board ... Any battlers that fell off of the
    # board ... are eliminated ... These do not count towards anyone's tie-breaker count."
    # House rule: each falls with probability 1/2, or lands on a random open tile next to it.
    s = start(hands=BOOM, board={"B2": "R2 B2", "E5": "R1"}, eliminator="B2")
    before = fallen(s)
    explode(s, lambda c: [len(x) for x in falls_and_lands(c)] == [2, 2])
    assert "B2" in removed(s) and "B2" not in board(s)
    assert "BOOM! B2 explodes with 4 battlers on it." in s.log
    landed = {t: text for t, text in board(s).items() if text and t in ("B1", "A2", "C2", "B3")}
    assert sum(int(part[1:]) for text in landed.values() for part in text.split()) == 2
    assert fallen(s) != before and pile(s, 0) == pile(s, 1) == ""
    assert conserved(s)


def test_an_explosion_with_no_open_tile_next_to_it_eliminates_everyone_on_it():
    s = start(hands=BOOM, board={"A1": "R1 B3", "E5": "R1"}, eliminator="A1", removed=["B1", "A2"])
    s.apply_label("Move 1 battler 1 tile each (play 1 + Explosion and 1)")
    s.apply_label("Move a battler from E5")
    s.apply_label("Move to D5")
    assert falls_and_lands(s)[0] == ["A red battler falls off the board."] + ["A blue battler falls off the board."] * 3


@pytest.mark.parametrize("under", ["C3", "B2"])
def test_explosion_under_the_centre_or_a_removed_tile_moves_the_eliminator_instead(under):
    # "If the eliminator is underneath a removed tile, or the center tile: You must do the action
    # instead" (house rule: Move Eliminator). "You may move it left, right, up, down, or
    # diagonally. You may not move the eliminator underneath any removed tiles."
    s = start(hands=BOOM, board={"A1": "R1 B1", "E5": "R1"}, eliminator=under,
              removed=["B2", "C4"] if under == "B2" else ["C4"])
    s.apply_label("Move 1 battler 1 tile each (play 1 + Explosion and 1)")
    s.apply_label("Move a battler from E5")
    s.apply_label("Move to D5")
    assert f"The eliminator is under {under}, which cannot explode: Move Eliminator instead." in s.log
    if under == "C3":
        assert s.options() == [f"Move the eliminator under {t}" for t in ("B2", "C2", "D2", "B3", "D3", "B4", "D4")]
    else:
        assert s.options() == [f"Move the eliminator under {t}" for t in ("A1", "B1", "C1", "A2", "C2", "A3", "B3", "C3")]
    s.apply_label("Move the eliminator under B3")
    assert eliminator(s) == "B3" and len(removed(s)) == (1 if under == "C3" else 2)


def test_an_eliminator_with_no_tile_next_to_it_moves_under_a_nearest_one():
    # Our reading of "You must move the eliminator underneath a tile adjacent to its current
    # position" when none is left: one of the nearest tiles, counting diagonal steps.
    s = start(hands={0: ["2 + Move Eliminator", "1"]}, board={"E5": "R1", "A3": "B1"}, eliminator="A1",
              removed=["A1", "B1", "A2", "B2", "C1", "C2"])
    s.apply_label("Move 1 battler 2 tiles each (play 1 and 2 + Move Eliminator)")
    s.apply_label("Move a battler from E5")
    s.apply_label("Move to E3")
    assert "No tile is left next to the eliminator: it moves under one of the nearest." in s.log
    # two steps away: A3, B3 and C3 (C1 and C2 are gone; D1 is three steps away)
    assert s.options() == ["Move the eliminator under A3", "Move the eliminator under B3", "Move the eliminator under C3"]


def test_the_collapse_removes_every_tile_cut_off_from_the_centre():
    # "Tiles on the board must be connected to the center tile by a vertical or horizontal path of
    # other tiles. After an explosion action, you must remove any tiles and eliminate any battlers
    # not connected to the center tile. Battlers eliminated, do not count towards any tie-breaker
    # count." B1 is the only way from A1 and A2 to the centre.
    open_tiles = ("A1", "A2", "B1", "C1", "C2", "D3", "E3", "E4", "E5")
    s = start(hands=BOOM, board={"A1": "R2", "A2": "B3", "B1": "G1", "C2": "B1", "E5": "R1"}, eliminator="B1",
              removed=only(*open_tiles), players=3)
    before = fallen(s)
    explode(s, lambda c: falls_and_lands(c)[0] == ["A green battler falls off the board."], to="E4")
    assert {"A1", "A2", "B1"} <= removed(s)
    assert set(board(s)) == {"C1", "C2", "C3", "D3", "E3", "E4", "E5"}
    assert "A1 is cut off from the centre and collapses with 2 battlers on it." in s.log
    assert "A2 is cut off from the centre and collapses with 3 battlers on it." in s.log
    assert fallen(s) != before and all(pile(s, k) == "" for k in range(3))
    assert conserved(s)


# ---------------------------------------------------------------- special cards, redraw, doom die
def test_two_special_cards_are_performed_in_the_order_the_player_chooses():
    # "If you play two special action cards at the same time, you may choose in which order to
    # perform the actions after moving."
    s = start(hands={0: ["1 + Battle Royale", "2 + Move Eliminator"]}, board={"B2": "R2 B1", "E5": "R1", "A5": "B1"})
    s.apply_label("Move 1 battler 2 tiles each (play 1 + Battle Royale and 2 + Move Eliminator)")
    s.apply_label("Move a battler from E5")
    s.apply_label("Move to E3")
    assert sorted(s.options()) == ["Battle Royale first, then Move Eliminator",
                                   "Move Eliminator first, then Battle Royale"]
    s.apply_label("Move Eliminator first, then Battle Royale")
    assert s.pending.prompt == "Move Eliminator: the eliminator is under C3"
    assert board(s)["B2"] == "R2 B1"           # the battle comes second
    force(s, moves("Move the eliminator under D4"), lambda c: rolled(c, "Move Eliminator"))
    assert board(s)["B2"] == "R2" and pile(s, 0) == "B1" and eliminator(s) == "D4"


@pytest.mark.parametrize("deck", [[], ["3"]])
def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out(deck):
    # "3. Redraw: Place the 2 used cards in the discard pile next to your deck and draw 2 new cards
    # from your deck. If your deck is empty, shuffle the discard pile and place it face down to
    # form a new deck. Then draw back up to 4 cards." The two cards just played are shuffled in.
    s = start(hands={0: ["1", "2", "2", "3"]}, decks={0: deck}, board={"E5": "R1", "A1": "B1"})
    assert len(pz(s, 0, "discard")) == 9 - len(deck)
    s.apply_label("Move 1 battler 2 tiles each (play 1 and 2)")
    s.apply_label("Move a battler from E5")
    force(s, moves("Move to E3"), lambda c: rolled(c, "Move Eliminator"))
    assert "Player 1 (red) shuffles the discard pile into a new deck." in s.log
    assert len(pz(s, 0, "hand")) == 4 and pz(s, 0, "discard") == [] and len(pz(s, 0, "deck")) == 9
    assert conserved(s)


def test_action_of_choice():
    # "Choose any one Doom Die actions you would like to use."
    s = start(hands={0: ["1", "2"]}, board={"B2": "R2 B1", "E5": "R1"})
    s.apply_label("Move 1 battler 2 tiles each (play 1 and 2)")
    s.apply_label("Move a battler from E5")
    force(s, moves("Move to E3"), lambda c: rolled(c, "Action of Choice"))
    assert s.pending.prompt == "Action of Choice: choose any one Doom Die action"
    assert s.options() == ["Battle Royale", "Move Eliminator", "Explosion"]
    t = s.copy()
    s.apply_label("Battle Royale")
    assert board(s)["B2"] == "R2" and pile(s, 0) == "B1"
    t.apply_label("Explosion")                 # under the centre: Move Eliminator instead
    assert t.pending.prompt == "Move Eliminator: the eliminator is under C3"


# ---------------------------------------------------------------- the end
def test_the_last_team_left_wins():
    # "Only one team is left: they win the game!"
    s = start(hands=BATTLE, board={"B2": "R2 B1", "E5": "R1"})
    s.apply_label("Move 1 battler 1 tile each (play 1 + Battle Royale and 1)")
    s.apply_label("Move a battler from E5")
    s.apply_label("Move to D5")
    assert s.is_over
    assert s.result.reason == "Only Player 1 (red) is left." and s.result.winners == [0]
    assert s.result.scores == [3, 0]


@pytest.mark.parametrize("fate, piles, winners", [
    ("falls", {0: "B1"}, [0]),          # 2 each on the centre: red has more tie-breakers
    ("falls", {}, [0, 1]),              # still tied: a shared win (house rule)
    ("lands", {0: "B2"}, [1]),          # blue has more on the centre
])
def test_only_the_centre_tile_left(fate, piles, winners):
    # "The center tile is the only tile left: the player with the most battlers on the center tile
    # wins the game! If there are multiple players with the most battlers on the center tile, the
    # player with the highest number of tie-breaker battlers wins."
    s = start(hands=BOOM, board={"C3": "R1 B2", "C2": "R1 B1"}, eliminator="C2", removed=only("C2"), piles=piles)
    s.apply_label("Move 1 battler 1 tile each (play 1 + Explosion and 1)")
    s.apply_label("Move a battler from C2")
    word = "falls off the board." if fate == "falls" else "lands on C3."
    force(s, moves("Move to C3"), lambda c: falls_and_lands(c) == (([f"A blue battler {word}"], []) if fate == "falls"
                                                                    else ([], [f"A blue battler {word}"])))
    assert s.is_over and s.result.reason == "The center tile is the only tile left."
    assert board(s) == {"C3": "R2 B2" if fate == "falls" else "R2 B3"}
    assert s.result.winners == winners


def test_a_team_with_no_battlers_left_is_skipped():
    # "When a player has no battlers left, they are eliminated and out of the game."
    s = start(3, board={"A1": "R3", "E5": "B3", "A5": "B2 R1"}, seed=3)
    turns = []
    while len(turns) < 6 and not s.is_over:
        if s.pending.prompt.endswith("play 2 cards"):
            turns.append(s.current_player)
        s.apply(0)
    assert turns == [0, 1, 0, 1, 0, 1]
    assert evaluate(s, "skip_turn", 2) is True


# ---------------------------------------------------------------- seeded random games
PUSHING = "battlers: push one"


class Capacity:
    """"Never more than the maximum on a tile after a move's pushes end": a tile holds more only
    where an explosion left battlers, and such a tile never grows until an explosion again."""

    def __init__(self, s):
        self.capacity = 6 if s.players == 4 else 5
        self.removed = len(removed(s))
        self.allowed = {}

    def check(self, s):
        if PUSHING in s.pending.prompt:
            return                              # a push is under way
        counts = {t: len(text.split()) and sum(int(p[1:]) for p in text.split()) for t, text in board(s).items()}
        exploded = len(removed(s)) > self.removed
        self.removed = len(removed(s))
        for t, n in counts.items():
            if not exploded:
                assert n <= self.allowed.get(t, self.capacity), f"{t} holds {n} battlers"
            self.allowed[t] = max(self.capacity, n)


def check_step(s, capacity):
    opts = s.options()
    assert opts and len(set(opts)) == len(opts)
    assert conserved(s)
    capacity.check(s)
    for seat in range(s.players):
        assert 0 <= evaluate(s, "battlers_left", seat) <= 21
        assert 0 <= evaluate(s, "tiebreaker_count", seat) <= 21 * (s.players - 1) + 21


def run_random(g, players, seed, *, roundtrip=False, bound=2000):
    s = g.new_state(players=players, seed=seed)
    rnd = random.Random(seed)
    capacity = Capacity(s)
    played = []
    while not s.is_over:
        check_step(s, capacity)
        if roundtrip and len(played) % 5 == 0:
            t = g.load_state(json.loads(json.dumps(s.to_json())))
            assert t.options() == s.options() and t.render(0) == s.render(0)
        i = rnd.randrange(len(s.options()))
        played.append(i)
        s.apply(i)
        assert len(played) <= bound, "the game did not end"
    assert conserved(s)
    r = s.result
    assert r.winners and all(0 <= w < players for w in r.winners)
    assert r.reason in ("The center tile is the only tile left.", "No team has a battler left.") or \
        r.reason.startswith("Only Player ")
    return s, played


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(players):
    g = game()
    endings = set()
    for seed in range(12):
        s, played = run_random(g, players, seed, roundtrip=seed % 6 == 0)
        endings.add(s.result.reason.split(" (")[0])
        if seed % 6 == 0:                               # same seed and moves -> same game
            t = g.new_state(players=players, seed=seed)
            for i in played:
                t.apply(i)
            assert t.to_json() == s.to_json()
    assert endings & {"Only Player 1", "Only Player 2", "Only Player 3", "Only Player 4"}


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_random_games(players, soak_scale):
    g = game()
    endings = set()
    for seed in range(100, 100 + 30 * soak_scale):
        s, _ = run_random(g, players, seed, roundtrip=seed % 10 == 0)
        endings.add(s.result.reason)
    assert "The center tile is the only tile left." in endings


def test_a_copy_and_a_saved_game_play_on_identically():
    g = game()
    s = g.new_state(players=4, seed=9)
    rnd = random.Random(9)
    for _ in range(40):
        s.apply(rnd.randrange(len(s.options())))
    c, t = s.copy(), g.load_state(s.to_json())
    while not s.is_over:
        i = rnd.randrange(len(s.options()))
        for x in (s, c, t):
            x.apply(i)
    assert s.to_json() == c.to_json() == t.to_json()


def test_a_seat_sees_its_own_hand_only():
    s = game().new_state(players=3, seed=2)
    for seat in range(3):
        v = s.view(seat)
        for k, p in enumerate(v["players"]):
            assert (p["hand"] == pz(s, k, "hand")) == (k == seat)
            assert p["deck"] == [None] * 9
        assert v["fields"]["tile"]["battlers"] == s.data["fields"]["tile"]["battlers"]
    text = s.render(1)
    assert "Player 2 (blue): 21 battlers on the board, 0 tie-breakers; hand " in text
    assert "Player 1 (red): 21 battlers on the board, 0 tie-breakers; hand 4 hidden cards" in text


# ---------------------------------------------------------------- a scripted game
SCRIPT = DATA / "abatteroxie_3p.moves"


def test_the_scripted_game_plays_to_its_end():
    # tabletop play abatteroxie --players 3 --seed 132 --moves tests/data/abatteroxie_3p.moves
    labels = [ln.strip() for ln in SCRIPT.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    s = game().new_state(players=3, seed=132)
    capacity = Capacity(s)
    for label in labels:
        assert not s.is_over
        check_step(s, capacity)
        s.apply_label(label)
    assert s.is_over and conserved(s)
    r = s.result
    assert r.reason == "The center tile is the only tile left."
    assert board(s) == {"C3": "B1 G1"}
    # blue and green have one battler each on the centre; blue has more tie-breakers
    assert r.scores == [0, 1, 1] and r.winners == [1]
    assert [evaluate(s, "tiebreaker_count", k) for k in range(3)] == [9, 6, 2]


def test_the_scripted_game_plays_to_its_end_at_the_command_line():
    done = tabletop("play", "abatteroxie", "--players", 3, "--seed", 132, "--moves", SCRIPT)
    assert done.returncode == 0, done.stderr
    assert "Game over: The center tile is the only tile left." in done.stdout
    assert "Winner: Player 2" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
