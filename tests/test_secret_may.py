"""`secretly each p in P may choose x from L ...:`: a secret choice each player may decline (Sushi
Go's chopsticks: "you may take a second card"). Each asked player gets the engine's "Decline"
besides their items; the block runs for every player of P, x none for those who declined and for
those with nothing to choose (not asked, as `may choose`); W120 guards the block; a position
paused in it saves and loads."""
from inline import diagnostics, game, same_after_reload

CARDS = """
cards:
  - {name: "Tempura", count: 6}
"""

RULES = """
game "Chopsticks"
players 3
kind card from "cards.yaml":
    name: text
zone deck: card, hidden
player zone hand: card, owner
player zone kept: card, public
player var declined: int = 0
setup:
    deck = shuffled(card)
    draw 2 from deck to players[0].hand
    draw 1 from deck to players[1].hand
turn:
    # Player 3 holds nothing: not asked, and its block runs with none.
    secretly each p in players may choose c from p.hand labelled "Keep {c}" prompt "Keep a card?":
        if c != none:
            move c from p.hand to p.kept
        else:
            p.declined += 1
    end game "One pick."
define score(p: player): int = count(p.kept)
"""


def test_each_player_may_decline_a_secret_choice_and_the_block_runs_for_everyone(tmp_path):
    g = game(tmp_path, RULES, **{"cards.yaml": CARDS})
    s = g.new_state(players=3)
    assert s.pending.kind == "secret" and s.pending.players == [0, 1]     # Player 3 has nothing: not asked
    assert s.options(0) == ["Keep Tempura", "Decline"]      # two Tempura cards alike: one option
    assert s.options(1) == ["Keep Tempura", "Decline"]
    s.apply_label("Keep Tempura", seat=0)
    s.apply_label("Decline", seat=1)
    assert s.is_over
    declined = [s.evaluate("declined", f"Player {n}") for n in (1, 2, 3)]
    assert declined == [0, 1, 1]                            # the block ran for Player 3 too, with none
    assert s.result.scores == [1, 0, 0]


def test_a_declinable_secret_choice_paused_saves_and_loads(tmp_path):
    g = game(tmp_path, RULES, **{"cards.yaml": CARDS})
    s = g.new_state(players=3)
    s.apply_label("Decline", seat=1)          # one answer in, the other still waited for

    def play(state):
        state.apply_label("Keep Tempura", seat=0)
    same_after_reload(g, s, play)


def test_nobody_with_anything_to_choose_runs_the_block_with_none(tmp_path):
    g = game(tmp_path, RULES.replace("    draw 2 from deck to players[0].hand\n    draw 1 from deck to players[1].hand\n",
                                     "    pass\n"), **{"cards.yaml": CARDS})
    s = g.new_state(players=3)
    assert s.is_over and [s.evaluate("declined", f"Player {n}") for n in (1, 2, 3)] == [1, 1, 1]


def test_a_declinable_secret_choice_whose_block_uses_the_item_unguarded_is_w120(tmp_path):
    rules = RULES.replace("""        if c != none:
            move c from p.hand to p.kept
        else:
            p.declined += 1
""", "        move c from p.hand to p.kept\n")
    found = [(d.code, d.span.line) for d in diagnostics(tmp_path, rules, **{"cards.yaml": CARDS})]
    assert ("W120", 16) in found, found
