"""Smackshapes and its Colorcracks expansion: the cards as the house rules give them, the
expansion as a file that adds to the base (its data holds only its 12 cards and it declares no
card kind), seeded random games at 2 to 6 players with and without the expansion checked at
every step, and a scripted game with `tabletop play --moves`. The rules are scenarios
(rulebooks/smackshapes/scenarios)."""
import itertools
import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from tabletop.interpreter.api import load_game

RULEBOOK = Path(__file__).resolve().parent.parent / "rulebooks" / "smackshapes"
SHAPES = {"circle", "square", "triangle", "star"}
COLOURS = {"red", "green", "blue", "yellow"}


@pytest.fixture(scope="module")
def base():
    return load_game(str(RULEBOOK))


@pytest.fixture(scope="module")
def colorcracks():
    return load_game(str(RULEBOOK), variant="colorcracks")


def records(path):
    return yaml.safe_load(path.read_text())["cards"]


def test_the_24_base_cards():
    cards = records(RULEBOOK / "cards.yaml")
    assert len(cards) == 24 and all("count" not in c for c in cards)
    assert {(c["shape"], c["number"]) for c in cards} == set(itertools.product(SHAPES, [1, 2, 3, 4, 6, 8]))
    assert Counter(c["colour"] for c in cards) == {c: 6 for c in COLOURS}
    assert max(Counter((c["shape"], c["colour"]) for c in cards).values()) <= 2
    rankings = [(c["first"], c["second"], c["third"], c["fourth"]) for c in cards]
    assert sorted(rankings) == sorted(itertools.permutations(sorted(SHAPES))), "each of the 24 rankings once"


def test_the_expansion_is_its_12_cards_and_declares_no_card_kind():
    cards = records(RULEBOOK / "variants" / "colorcracks.yaml")
    assert {(c["shape"], c["number"]) for c in cards} == set(itertools.product(SHAPES, [5, 7, 9]))
    assert Counter(c["action"] for c in cards) == {a: 2 for a in (
        "ignore_colour", "ignore_shape", "reversed_ranking", "lowest_number", "colour_wins", "smackhead_loses")}
    assert Counter(c["colour"] for c in cards) == {c: 3 for c in COLOURS}
    base_names = {c["name"] for c in records(RULEBOOK / "cards.yaml")}
    assert not base_names & {c["name"] for c in cards}, "no base card in the expansion's data"
    text = (RULEBOOK / "variants" / "colorcracks.rules").read_text()
    assert not re.search(r"^(replace )?kind card", text, re.M), "the card kind is declared once, in the base"
    assert re.search(r"^extend kind card from \"colorcracks.yaml\":", text, re.M)


def test_the_game_with_the_expansion_has_36_cards(base, colorcracks):
    assert len(base.compiled.kind_names["card"]) == 24
    assert len(colorcracks.compiled.kind_names["card"]) == 36


def check_invariants(state, cards):
    data = state.to_json()
    prog = state.game.compiled
    g = dict(zip(prog.global_names, data["globals"]))
    zones = [prog.player_names.index("hand"), prog.player_names.index("score_pile")]
    places = g["deck"] + g["table"] + g["discard"] + [c for row in data["players"] for z in zones for c in row[z]]
    assert sorted(places) == list(range(cards)), f"the {cards} cards are each in exactly one place"
    hand = zones[0]
    assert all(0 <= len(row[hand]) <= 3 for row in data["players"])
    assert all(0 <= s <= cards for s in state.scores())
    if not state.is_over:
        for seat in state.pending.players:
            options = state.options(seat)
            assert options and len(set(options)) == len(options), f"options must be distinct: {options}"


def play_checked(game, players, seed, cards):
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over:
        assert state.decisions < 200, "the game did not end"
        check_invariants(state, cards)
        again = game.load_state(json.loads(json.dumps(state.to_json())))
        assert again.to_json() == state.to_json()
        seat = state.pending.players[0]
        index = rng.randrange(len(state.options(seat)))
        time = rng.uniform(0.1, 1.5) if state.pending.timed else None
        moves.append((seat, index, time))
        state.apply(index, seat=seat, time=time)
    check_invariants(state, cards)
    return state, moves


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variant", [None, "colorcracks"])
def test_random_games_keep_the_invariants_and_replay_identically(base, colorcracks, variant, players):
    game, cards = (colorcracks, 36) if variant else (base, 24)
    for seed in range(3):
        state, moves = play_checked(game, players, seed, cards)
        assert "is out of cards" in state.result.reason
        again = game.new_state(players=players, seed=seed)
        for seat, index, time in moves:
            again.apply(index, seat=seat, time=time)
        assert again.to_json() == state.to_json()


def test_a_scripted_game_plays_to_its_end_with_play_moves(colorcracks, tmp_path):
    state = colorcracks.new_state(players=3, seed=8)
    rng = random.Random(8)
    labels = []
    while not state.is_over:
        seat = state.pending.players[0]
        options = state.options(seat)
        label = options[rng.randrange(len(options))]
        labels.append(label)
        state.apply_label(label, seat=seat, time=1.0 if state.pending.timed else None)
    moves = tmp_path / "game.txt"
    moves.write_text("\n".join(labels) + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "tabletop", "play", "smackshapes", "--variant", "colorcracks",
                          "--players", "3", "--seed", "8", "--moves", str(moves), "--quiet"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert f"The game is over: {state.result.reason}" in out.stdout


def test_no_seat_sees_the_winning_cards_during_the_race(base, colorcracks):
    """"Everyone quickly studies what has been played": the answer is worked out by each racer, so
    no seat's view may hold it (nor anything else the table does not show)."""
    for game in (base, colorcracks):
        for seed in range(6):
            state = game.new_state(players=3, seed=seed)
            for seat in range(3):
                state.apply(0, seat=seat)
            assert state.prompt(0) == "Smack the winning card!"
            winning = state.evaluate("winning")
            for seat in range(3):
                view = state.view(seat, named=True)
                assert set(view["variables"]) == {"deck", "table", "discard", "smackhead", "smackhead_card", "tapped", "round_winners"}
            assert all(w in state.view(0, named=True)["variables"]["table"] for w in winning)


def test_a_racer_finds_the_winning_taps_by_trying_them_on_copies(colorcracks):
    from tabletop.interpreter.bots import make_bot
    racer = make_bot("racer", 1, {"skill": "1"})
    prog = colorcracks.compiled
    checked = 0
    for seed in range(12):
        state = colorcracks.new_state(players=3, seed=seed)
        for seat in range(3):
            state.apply(0, seat=seat)
        winning = state.evaluate("winning")
        labels = state.options(0)
        expected = sorted(i for i, label in enumerate(labels)
                          if any(label.startswith(f"Smack {w}") for w in winning)
                          or (not winning and label == "Nothing to smack!"))
        before = state.to_json()
        assert [i for i, d in enumerate(racer.changes(state, 0)) if d > 0] == expected
        assert state.to_json() == before, "trying options must not change the game"
        checked += 1
    assert checked == 12


def test_simulate_with_racers_of_different_skill_says_the_win_rates_compare_them(base):
    from tabletop.interpreter.simulate import simulate
    stats = simulate(base, 60, seed=4, players=2, bot="racer:skill=0.1", seats={0: "racer:skill=0.9"})
    assert stats["errors"] == 0
    assert stats["seats"] == ["racer:skill=0.9", "racer:skill=0.1"]
    assert stats["wins"][0] > 2 * stats["wins"][1]
    swapped = simulate(base, 60, seed=4, players=2, bot="racer:skill=0.1", seats={1: "racer:skill=0.9"})
    assert swapped["wins"][1] > 2 * swapped["wins"][0]
    from tabletop.interpreter.cli import format_stats
    assert "the win rates below compare the bots" in format_stats(stats)
