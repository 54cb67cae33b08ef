"""Checks Smackshapes' and Colorcracks' card lists against the house rules' description of them.

A scenario case cannot check a printed field (T030), so a misprinted number or ranking in
cards.yaml would show only in a round that happens to turn on it. These tests read the data files
and check what the house rules ("Smackshapes and Colorcracks") fix: each card's name agrees with its
shape, colour and number; every shape-and-number pair once; the base's numbers 1, 2, 3, 4, 6, 8
and the expansion's 5, 7, 9; colours spread evenly; 24 different rankings; two cards per action.
They must not check what the house rules leave to the rulebook (which card carries which ranking).
"""
from collections import Counter
from pathlib import Path

import yaml

BOOK = Path(__file__).resolve().parents[1] / "rulebooks" / "smackshapes"
BASE = yaml.safe_load((BOOK / "cards.yaml").read_text())["cards"]
CC = yaml.safe_load((BOOK / "variants" / "colorcracks.yaml").read_text())["cards"]
SHAPES = {"circle", "square", "triangle", "star"}


def test_each_name_says_the_cards_number_colour_and_shape():
    for c in BASE + CC:
        number, colour, shape = c["name"].split()
        assert (int(number), colour, shape.rstrip("s")) == (c["number"], c["colour"], c["shape"]), \
            f"card {c['name']!r} shows {c['number']} {c['colour']} {c['shape']}, not what its name says"


def test_every_shape_and_number_pair_once():
    for cards, numbers in ((BASE, {1, 2, 3, 4, 6, 8}), (CC, {5, 7, 9})):
        pairs = Counter((c["shape"], c["number"]) for c in cards)
        assert set(pairs) == {(s, n) for s in SHAPES for n in numbers}, sorted(pairs)
        assert max(pairs.values()) == 1, [p for p, k in pairs.items() if k > 1]


def test_colours_are_spread_evenly():
    assert set(Counter(c["colour"] for c in BASE).values()) == {6}
    assert max(Counter((c["colour"], c["shape"]) for c in BASE).values()) <= 2
    assert set(Counter(c["colour"] for c in CC).values()) == {3}


def test_each_base_card_shows_a_different_full_ranking():
    rankings = [(c["first"], c["second"], c["third"], c["fourth"]) for c in BASE]
    assert all(set(r) == SHAPES for r in rankings), [c["name"] for c, r in zip(BASE, rankings) if set(r) != SHAPES]
    assert len(set(rankings)) == 24, [r for r, k in Counter(rankings).items() if k > 1]


def test_two_expansion_cards_of_each_action():
    assert Counter(c["action"] for c in CC) == {a: 2 for a in (
        "ignore_colour", "ignore_shape", "reversed_ranking", "lowest_number", "colour_wins", "smackhead_loses")}
