"""Smackatoa!: the components as the house rules list them, seeded random matches at 3 to 6
players checked at every step, and a scripted match played to its end with `tabletop play
--moves`. The worked examples of the text are scenarios (rulebooks/smackatoa/scenarios)."""
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tabletop.interpreter.api import load_game

RULEBOOK = Path(__file__).resolve().parent.parent / "rulebooks" / "smackatoa"
MAX_DECISIONS = 3000      # a match to 300 points takes a few hundred


@pytest.fixture(scope="module")
def game():
    return load_game(str(RULEBOOK))


def test_the_63_cards_and_12_totems(game):
    names = game.compiled.kind_names["card"]
    types = game.compiled.static["card"]["type"]
    assert len(names) == 63
    assert Counter(types) == {"raft": 31, "plot": 25, "zap": 7}
    counts = Counter(names)
    assert len(counts) == 26
    assert counts == {"Flotsam": 8, "Driftwood": 4, "Jetsam": 5, "Coconut Tree": 3, "Bamboo Tree": 3,
                      "Banana Tree": 3, "Rubber Tree": 3, "Taboo Tree": 2, "Oh Look! Penguins!": 5,
                      "Death Comes A'Waddlin'": 2, "What? They Float!": 2, "Volcanopult": 1, "Plot Twist": 3,
                      "Reward Competition": 1, "Don't Taunt the Lava": 2, "Rumble Rumble": 2, "Sabotage!": 2,
                      "Backstab!": 1, "Fast Talk": 1, "Trust Me!": 1, "Waiter at the Bug Buffet": 1,
                      "The Inevitable Treasure Map": 1, "Fireproof Immunity": 2, "Magma Powered Buzzsaw": 2,
                      "Voodoo Schmoodoo": 2, "Spite: My Only Friend": 1}
    assert game.compiled.kind_names["totem"] == [str(n) for n in range(2, 13)] + ["Evil Looking Skull"]
    assert game.sides == ["volcano"]


def check_invariants(state, players):
    """The game's own invariants, from a spectator's view and the state."""
    data = state.to_json()
    prog = state.game.compiled
    g = dict(zip(prog.global_names, data["globals"]))
    hand = prog.player_names.index("hand")
    places = (g["deck"] + g["discard"] + g["looking"] + g["on_table"]
              + [c for row in data["players"] for c in row[hand]])
    assert sorted(places) == list(range(63)), "the 63 cards are each in exactly one place"
    assert 0 <= g["raft_pieces"] <= 16 and 0 <= g["penguins"] <= 5 and 1 <= g["level"] <= 4
    points = prog.player_names.index("points")
    assert all(row[points] >= 0 for row in data["players"] + data["sides"]), "scores never go below zero"
    holders = data["fields"]["totem"]["holder"]
    in_play = [n for n in range(2, 14) if players != 5 or n not in (2, 12)]
    assert all(0 <= holders[n - 2] < players for n in in_play), "every totem in play is held by a player"
    assert all(holders[n - 2] is None for n in (2, 12)) if players == 5 else True
    if not state.is_over:
        for seat in state.pending.players:
            options = state.options(seat)
            assert options and len(set(options)) == len(options), f"options must be distinct: {options}"


def play_checked(game, players, seed, check_every=1):
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over:
        assert state.decisions < MAX_DECISIONS, "the match did not end"
        if state.decisions % check_every == 0:
            check_invariants(state, players)
            again = game.load_state(json.loads(json.dumps(state.to_json())))
            assert again.to_json() == state.to_json()
        seat = state.pending.players[0]
        index = rng.randrange(len(state.options(seat)))
        moves.append((seat, index))
        state.apply(index, seat=seat)
    check_invariants(state, players)
    return state, moves


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_matches_keep_the_invariants_and_replay_identically(game, players):
    for seed in range(2):
        state, moves = play_checked(game, players, seed)
        r = state.result
        assert len(r.winners) + len(r.sides) >= 1 or "everyone loses" in r.reason
        assert r.side_scores["volcano"] >= 300 or max(r.scores) >= 300 or "everyone loses" in r.reason
        again = game.new_state(players=players, seed=seed)
        for seat, index in moves:
            again.apply(index, seat=seat)
        assert again.to_json() == state.to_json()


@pytest.mark.soak
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_many_random_matches_keep_the_invariants(game, players, soak_scale):
    for seed in range(100, 100 + 5 * soak_scale):
        play_checked(game, players, seed, check_every=3)


def test_a_scripted_match_plays_to_its_end_with_play_moves(game, tmp_path):
    """Answers chosen by a seeded policy are written as labels to a moves file; `tabletop play
    --moves` with the same seed plays the whole match from it and prints the result."""
    state = game.new_state(players=4, seed=21)
    rng = random.Random(21)
    labels = []
    while not state.is_over:
        options = state.options()
        label = options[rng.randrange(len(options))]
        labels.append(label)
        state.apply_label(label)
    moves = tmp_path / "match.txt"
    moves.write_text("\n".join(labels) + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "tabletop", "play", "smackatoa", "--players", "4", "--seed", "21",
                          "--moves", str(moves), "--quiet"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert f"The game is over: {state.result.reason}" in out.stdout
    winners = [f"Player {w + 1}" for w in state.result.winners] + state.result.sides
    assert f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}" in out.stdout
    assert f"volcano {state.result.side_scores['volcano']}" in out.stdout


def test_the_treasure_map_s_cards_are_on_the_looking_player_s_display_only(game):
    """The Inevitable Treasure Map: "Look at the top three cards of the deck." The display shows
    them to the player looking, and to the others how many there are, and not at all otherwise."""
    for seed in range(200):
        s, rnd = game.new_state(players=3, seed=seed), random.Random(seed)
        while not s.is_over:
            seat = s.pending.players[0]
            lines = [p.get("text", "") for p in s.display(seat)]
            shown = [x for x in lines if x.startswith("The Inevitable Treasure Map: looking at")]
            if s.prompt(seat).startswith("The Inevitable Treasure Map: add one"):
                kept = [o[len("Keep "):] for o in s.options(seat)]
                assert shown == [f"The Inevitable Treasure Map: looking at {', '.join(kept)}"], lines
                other = (seat + 1) % 3
                hidden = f"{len(kept)} hidden card{'' if len(kept) == 1 else 's'}"
                assert f"The Inevitable Treasure Map: looking at {hidden}" in [p.get("text", "") for p in s.display(other)]
                return
            assert shown == [] or s.prompt(seat).startswith("The Inevitable Treasure Map"), lines
            s.apply(rnd.randrange(len(s.options(seat))), seat, rnd.uniform(0.3, 1.5) if s.pending.timed else None)
    pytest.fail("no seeded game played The Inevitable Treasure Map")
