"""A card chosen from a zone not everyone sees stays secret in what comes after the choice: a later
menu whose labels name it (Coup's Inquisitor, told which character was shown) keeps its answers
from the others, as one whose labels name a local set by `c = ...` or `for c in ...` does, and a
`say` that names it before it is moved face up is W106."""
from inline import diagnostics, game

CARDS = """
cards:
  - {name: "Duke", count: 3}
  - {name: "Contessa", count: 3}
"""

RULES = """
game "Examine"
players 2
kind card from "cards.yaml":
    name: text
zone deck: card, hidden
player zone hand: card, owner
setup:
    deck = shuffled(card)
    for p in players:
        draw 2 from deck to p.hand
turn:
    q = next_player(current)
    choose c from q.hand labelled "Show {c}" by q prompt "Show a character"
    choose by current prompt "{q} shows you a character":
        option "Let {q} keep the {c}":
            pass
        option "Make {q} exchange the {c}":
            move c from q.hand to deck
            draw 1 from deck to q.hand
    end game "Examined."
define score(p: player): int = 0
"""


def test_a_menu_naming_a_card_chosen_from_a_hand_keeps_its_answers_secret(tmp_path):
    g = game(tmp_path, RULES, **{"cards.yaml": CARDS})
    s = g.new_state(players=2, seed=1)
    s.apply(0, seat=1)                       # Player 2 shows one of their characters to Player 1
    assert s.pending.players == [0] and s.options(0)[0].startswith("Let Player 2 keep the ")
    assert s.options_name_secrets()          # a screen several read lists them for Player 1 alone
    assert not s.answer_is_public(0, 0)      # and a bot's answer is "has chosen", not the card


def test_the_same_with_the_choice_s_own_block(tmp_path):
    rules = RULES.replace('choose c from q.hand labelled "Show {c}" by q prompt "Show a character"\n',
                          'choose c from q.hand labelled "Show {c}" by q prompt "Show a character":\n        pass\n'
                          '    choose c from q.hand labelled "Show {c}" by q prompt "Show a character"\n')
    g = game(tmp_path, rules, **{"cards.yaml": CARDS})
    s = g.new_state(players=2, seed=1)
    s.apply(0, seat=1)
    s.apply(0, seat=1)
    assert s.options_name_secrets() and not s.answer_is_public(0, 0)


def test_saying_a_card_chosen_from_a_hand_is_w106_until_it_is_moved_face_up(tmp_path):
    said = RULES.replace('    choose by current prompt', '    say "{q} shows {c}."\n    choose by current prompt')
    found = [(d.code, d.span.line) for d in diagnostics(tmp_path, said, **{"cards.yaml": CARDS})]
    assert ("W106", 14) in found, found
    public = said.replace("zone deck: card, hidden", "zone deck: card, hidden\nzone shown: card, public") \
        .replace('    say "{q} shows {c}."\n', '    move c from q.hand to shown\n    say "{q} shows {c}."\n')
    assert [d.code for d in diagnostics(tmp_path, public, **{"cards.yaml": CARDS}) if d.code == "W106"] == []
