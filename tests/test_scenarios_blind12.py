"""A hand another player looks at is seen by them while they look (round 12 of blind cases).

Smackatoa!'s Fast Talk: "Choose another cardholder and look at their hand. Choose one card from
their hand". The hand looked at stayed hidden in every view, the chooser's too (only the options'
labels named its cards), so a case checking what the chooser sees failed. A `player zone` may now
be `owner and seen by NAME`: seen by its owner and by the player a variable names, for a player
zone a player variable of the zone's own player (`looked_at_by`, set while the choice is made).
"""
import shutil
from pathlib import Path

import pytest

from tabletop.dsl.checker import check
from tabletop.dsl.diagnostics import RulebookError
from tabletop.dsl.loader import load_program
from tabletop.interpreter import scenarios
from tabletop.interpreter.api import load_game
from tabletop.interpreter.determinize import _places

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "games" / "mini"


def test_the_blind_case_of_fast_talks_look_passes():
    path = ROOT / "rulebooks" / "smackatoa" / "scenarios" / "blind_12.yaml"
    report = scenarios.run_files([path], only="sees the hand they look at")
    assert report.ok and len(report.cases) == 1, [f.message for f in report.failures]


def fast_talk_choosing():
    """Three players; Player 1 has played Fast Talk on Player 2 and chooses a card from their hand."""
    state = load_game("smackatoa").new_state(players=3, seed=3)
    state.set_position({"leader": "Player 1", "Player 1": {"hand": ["Fast Talk", "Flotsam"]},
                        "Player 2": {"hand": ["Jetsam", "Sabotage!"]}, "Player 3": {"hand": ["Coconut Tree"]}},
                       rest={"card": "deck"})
    state.apply_label("Play Fast Talk")
    state.apply_label("Fast Talk Player 2")
    assert state.pending.prompt == "Player 2's hand: take one card"
    return state


def hand(state, seat, player):
    return state.view(seat, named=True)["players"][player]["hand"]


def test_the_chooser_sees_the_hand_looked_at_and_nobody_else_does():
    state = fast_talk_choosing()
    assert sorted(hand(state, 0, 1)) == ["Jetsam", "Sabotage!"]         # Player 1, looking
    assert sorted(hand(state, 1, 1)) == ["Jetsam", "Sabotage!"]         # Player 2, its owner
    assert hand(state, 2, 1) == [None, None]                            # Player 3
    assert hand(state, None, 1) == [None, None]                         # a spectator
    assert hand(state, 0, 2) == [None]                                  # Player 3's hand: not looked at


def test_the_look_ends_with_the_choice():
    state = fast_talk_choosing()
    state.apply_label("Take Sabotage!")
    assert hand(state, 0, 1) == [None]


def test_a_bots_world_keeps_the_hand_its_seat_looks_at():
    # A looking-ahead bot deals again only what its seat may not see: Player 2's hand, seen by
    # Player 1 now, is not among those places; Player 3's hand is.
    state = fast_talk_choosing()
    data, prog = state.data, state.game.compiled
    hand_at = prog.player_names.index("hand")
    places = [id(z) for z, _ in _places(prog, data, 0).get("card", [])]
    assert id(data["players"][1][hand_at]) not in places
    assert id(data["players"][2][hand_at]) in places


def rulebook(tmp_path, old, new):
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder)
    rules = folder / "game.rules"
    text = rules.read_text()
    assert old in text
    rules.write_text(text.replace(old, new))
    return folder


def diagnostics(folder):
    try:
        program = load_program(str(folder))
        return list(check(program).warnings)
    except RulebookError as e:
        return list(e.diagnostics)


def test_a_player_zone_seen_by_its_owner_and_a_player_variable_checks_and_plays(tmp_path):
    folder = rulebook(tmp_path, "player zone hand: card, owner\n",
                      "player var peeker: player = none\nplayer zone hand: card, owner and seen by peeker\n")
    assert [d for d in diagnostics(folder) if d.severity == "error"] == []
    state = load_game(str(folder)).new_state(players=3, seed=1)
    hand_at = state.game.compiled.player_names.index("hand")
    peeker_at = state.game.compiled.player_names.index("peeker")
    assert state.view(2)["players"][0]["hand"] == [None, None]
    state.data["players"][0][peeker_at] = 2                     # Player 3 looks at Player 1's hand
    assert state.view(2)["players"][0]["hand"] == state.data["players"][0][hand_at]
    assert state.view(2)["players"][1]["hand"] == [None, None]  # and at nobody else's
    assert state.view(1)["players"][0]["hand"] == [None, None]


@pytest.mark.parametrize("old, new, code, words", [
    # a game's zone has no owner to see it beside the player named
    ("zone table: card, public\n", "zone table: card, owner and seen by target\n", "E205",
     ["not a player's", "seen by target"]),
    # a name that is nothing
    ("player zone hand: card, owner\n", "player zone hand: card, owner and seen by peker\n", "E201",
     ["not a known name"]),
    # a player variable that holds no player
    ("player zone hand: card, owner\n", "player zone hand: card, owner and seen by points\n", "E205",
     ["not a player"]),
])
def test_owner_and_seen_by_is_refused_where_it_cannot_name_one_player(tmp_path, old, new, code, words):
    found = [d for d in diagnostics(rulebook(tmp_path, old, new)) if d.severity == "error"]
    assert [d.code for d in found] == [code], [(d.code, d.message) for d in found]
    text = (found[0].message + " " + (found[0].hint or "")).lower()
    for w in words:
        assert w.lower() in text, found[0].message
