"""S'mores Galore tests that need Python: the components and the setup over many seeds, the
recipes as patterns (a table of one definition), hidden information and the display, and seeded
random games with per-step checks. The text's examples and the rules' worked cases (taking, the
arrow, the deck running out, the actions, the end of a turn, the last round, final scoring) are
scenarios in rulebooks/smores_galore/scenarios/, run by tests/test_scenarios.py."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.interpreter.api import load_game
from tabletop.interpreter.bots import RandomBot

from smores_helpers import LETTER, RecipeBot, conserved, dish, evaluate, glob, letters, market, pz

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def g():
    return load_game("smores_galore")


def cards_for(g, text):
    """Distinct ingredient cards spelling `text` in G, C and M."""
    pool = {f: [c for c in range(64) if g.compiled.static["ingredient"]["food"][c] == f] for f in LETTER.values()}
    return [pool[LETTER[ch]].pop(0) for ch in text]


def play(s, *labels):
    for label in labels:
        s.apply(s.find_option(label, substring=True))


# ---------------------------------------------------------------- components and setup
def test_components_come_from_the_data(g):
    st = g.compiled.static
    foods = st["ingredient"]["food"]
    assert len(foods) == 64
    assert (foods.count("graham"), foods.count("chocolate"), foods.count("marshmallow")) == (24, 20, 20)
    dishes = st["recipe"]["dish"]
    assert len(dishes) == 29 and dishes.count("straight_up") == 8
    adv = [d for d, a in zip(dishes, st["recipe"]["advanced"]) if a]
    assert len(adv) == 21 and all(adv.count(d) == 3 for d in set(adv)) and len(set(adv)) == 7
    points = dict(zip(st["recipe"]["name"], st["recipe"]["points"]))
    assert points == {"Straight Up S'mores": 2, "Chocoholic": 4, "S'mores Stack Attack": 5, "Hot Mess": 3,
                      "Double Stuff S'mores": 4, "Zebra S'mores": 6, "Mallow Mania": 4, "Graham Slam": 3}
    assert len(g.compiled.kind_names["place"]) == 14 and len(g.compiled.kind_names["space"]) == 8


@pytest.mark.parametrize("players,piles,size", [(2, 2, 3), (3, 3, 3), (4, 3, 4)])
def test_setup_by_player_count(g, players, piles, size):
    for seed in range(40):
        s = g.new_state(players=players, seed=seed)
        assert conserved(s)
        for seat in range(players):
            assert letters(s, pz(s, seat, "lineup")) == "G"          # one graham cracker each
        assert "." not in market(s) and len(glob(s, "deck")) == 64 - players - 8 - 2
        assert len(glob(s, "discard")[0]) == len(glob(s, "discard")[1]) == 1
        assert letters(s, glob(s, "discard")[0]) != letters(s, glob(s, "discard")[1])
        assert [dish(g, r) for r in glob(s, "straight_ups")] == ["straight_up"] * (2 * players)
        sizes = [len(pile) for pile in glob(s, "pile")]
        assert sizes == [size] * piles + [0] * (3 - piles)
        tops = [dish(g, glob(s, "pile")[k][0]) for k in range(piles)]
        assert len(set(tops)) == piles                                   # distinct tops
        assert all(dish(g, r) != "straight_up" for pile in glob(s, "pile") for r in pile)
        assert len(glob(s, "box")) == 29 - 2 * players - piles * size
        assert glob(s, "arrow") is None and s.current_player == 0
        assert len(s.options()) == 14


# ---------------------------------------------------------------- recipes as patterns
PATTERN_CASES = [
    ("straight_up", "GCMG", 4), ("straight_up", "GMCG", 4), ("straight_up", "GMCGCC", 4),
    ("straight_up", "GCCG", 0), ("straight_up", "GCM", 0), ("straight_up", "CGCMG", 0),
    ("chocoholic", "GCCCCG", 6), ("chocoholic", "GCCCCGM", 6), ("chocoholic", "GCCCG", 0), ("chocoholic", "GCCMCG", 0),
    # Stack Attack: a chocolate and a marshmallow in each half
    ("stack_attack", "GCMGMCG", 7), ("stack_attack", "GMCGCMG", 7), ("stack_attack", "GCMGCMG", 7),
    ("stack_attack", "GCCGMMG", 0), ("stack_attack", "GMMGCCG", 0), ("stack_attack", "GCMGCMC", 0),
    # Hot Mess: no grahams
    ("hot_mess", "CMMC", 4), ("hot_mess", "CMMCG", 4), ("hot_mess", "GCMMC", 0), ("hot_mess", "MCCM", 0),
    ("hot_mess", "CMCM", 0),
    # Double Stuff: two separate pairs, each in any order
    ("double_stuff", "GCMCMG", 6), ("double_stuff", "GMCCMG", 6), ("double_stuff", "GMCMCG", 6),
    ("double_stuff", "GCMMCG", 6), ("double_stuff", "GCCMMG", 0), ("double_stuff", "GMMCCG", 0),
    # Zebra: alternating, starting either way
    ("zebra", "GCMCMCMG", 8), ("zebra", "GMCMCMCG", 8), ("zebra", "GMCMCMCGG", 8), ("zebra", "GCMCMCG", 0),
    ("zebra", "GCMMCCMG", 0), ("zebra", "GCMCMCMC", 0), ("zebra", "GCMCMCCG", 0),
    ("mallow_mania", "GMMMMG", 6), ("mallow_mania", "GMMMG", 0), ("mallow_mania", "GMMCMG", 0),
    ("graham_slam", "GGG", 3), ("graham_slam", "GGGG", 3), ("graham_slam", "GG", 0), ("graham_slam", "GGCG", 0),
    # only at the left end of the lineup
    ("graham_slam", "CGGG", 0), ("mallow_mania", "MGMMMMG", 0), ("zebra", "CGCMCMCMG", 0),
]


@pytest.mark.parametrize("dish_name,lineup,length", PATTERN_CASES)
def test_recipe_patterns(g, dish_name, lineup, length):
    s = g.new_state(players=2, seed=0)
    assert evaluate(s, "dish_length", dish_name, cards_for(g, lineup)) == length


# ---------------------------------------------------------------- hidden information and display
def test_the_deck_is_hidden_the_piles_show_their_tops_and_the_rest_is_public(g):
    s = g.new_state(players=3, seed=4)
    ups = glob(s, "straight_ups")
    for seat in (0, 1, 2, None):
        v = s.view(seat)
        assert v["variables"]["deck"] == [None] * len(glob(s, "deck"))
        assert v["variables"]["discard"] == [z[:1] + [None] * (len(z) - 1) for z in glob(s, "discard")]
        assert v["variables"]["straight_ups"] == ups[:1] + [None] * (len(ups) - 1) and len(ups) == 6
        assert [p["lineup"] for p in v["players"]] == [pz(s, i, "lineup") for i in range(3)]
    text = s.render(1)
    for words in ("Arrow: not placed yet", "Player 3 lineup: 1:Graham Cracker", "Campfire: 0 sticks",
                  "Discard piles: 1 shows", "Straight Up pile: Straight Up S'mores (2 pts), 6 cards",
                  "Advanced pile 3:", "Scores so far: Player 1 0, Player 2 0, Player 3 0."):
        assert words in text
    assert "+" in text.splitlines()[0]                   # the market as a grid


def test_display_shows_the_arrow_and_the_last_round(g):
    s = g.new_state(players=2, seed=1)
    s.set_position({"Player 1": {"lineup": ["Graham Cracker"] * 3}, "straight_ups": [],
                    "pile": [["Graham Slam"], ["Zebra S'mores"], []]}, rest={"ingredient": "deck", "recipe": "box"})
    play(s, "Take column 1 from the top", "Flip the 1st card", "Score Graham Slam (3)",
         "Discard the 3 ingredients onto discard pile 1")
    text = s.render(0)
    assert "Arrow: at column 1 from the top." in text
    assert "Advanced pile 1: empty" in text and "LAST ROUND" in text and "Player 1 3," in text


# ---------------------------------------------------------------- random games
def check_step(s):
    opts = s.options()
    assert opts and len(set(opts)) == len(opts)
    assert conserved(s)


def run_random(g, players, seed, *, roundtrip=False, bound=3000):
    s = g.new_state(players=players, seed=seed)
    bot = RandomBot(seed)
    moves = []
    while not s.is_over:
        check_step(s)
        if roundtrip and len(moves) % 7 == 0:
            t = g.load_state(s.to_json())
            assert t.options() == s.options() and t.render(0) == s.render(0)
        i = bot.choose(s, s.pending.players[0])
        moves.append(i)
        s.apply(i)
        assert len(moves) <= bound, "the game did not end"
    assert conserved(s)
    r = s.result
    assert r.winners and all(0 <= w < players for w in r.winners) and len(r.scores) == players
    return s, moves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games(g, players):
    for seed in range(30):
        s, moves = run_random(g, players, seed, roundtrip=seed % 10 == 0)
        if seed % 10 == 0:                               # same seed and moves -> same game
            t = g.new_state(players=players, seed=seed)
            for i in moves:
                t.apply(i)
            assert t.to_json() == s.to_json()


@pytest.mark.parametrize("players", [pytest.param(2, marks=pytest.mark.slow), 3, pytest.param(4, marks=pytest.mark.slow)])
def test_games_played_towards_recipes_reach_the_last_round(g, players):
    endings = []
    for seed in range(4):         # seeds 101-102 end so at every player count (the soak run plays more)
        s = g.new_state(players=players, seed=100 + seed)
        bot = RecipeBot(seed)
        while not s.is_over:
            check_step(s)
            s.apply(bot.choose(s))
            assert s.decisions < 8000
        assert conserved(s)
        endings.append(s.result.reason)
        if glob(s, "last_round"):
            # the game ended right before the caller's next turn
            assert (s.current_player + 1) % players == glob(s, "last_round_caller")
    assert "Two recipe piles are empty and everyone has had one more turn." in endings


def test_a_copy_and_a_saved_game_play_on_identically(g):
    s = g.new_state(players=3, seed=9)
    rng = random.Random(9)
    for _ in range(60):
        s.apply(rng.randrange(len(s.options())))
    c, t = s.copy(), g.load_state(s.to_json())
    for _ in range(200):
        if s.is_over:
            break
        i = rng.randrange(len(s.options()))
        for x in (s, c, t):
            x.apply(i)
    assert s.to_json() == c.to_json() == t.to_json()


# ---------------------------------------------------------------- a scripted game
def test_the_scripted_game_plays_to_final_scores(g):
    # CLI: tabletop play smores_galore --players 2 --seed 3 --moves tests/data/smores_galore_2p.moves
    lines = [ln.strip() for ln in (DATA / "smores_galore_2p.moves").read_text().splitlines()]
    labels = [ln for ln in lines if ln and not ln.startswith("#")]
    s = g.new_state(players=2, seed=3)
    for label in labels:
        assert not s.is_over
        s.apply_label(label)
        assert conserved(s)
    assert s.is_over
    r = s.result
    assert r.reason == "Two recipe piles are empty and everyone has had one more turn."
    assert r.scores == SCRIPTED_SCORES and r.winners == SCRIPTED_WINNERS


SCRIPTED_SCORES = [18, 18]
SCRIPTED_WINNERS = [0]
