"""Mutation testing of a bundled rulebook against its own scenario cases: a tool, not a test.

Each mutant is one plausible misreading of the printed rules (an off-by-one in a count or a
table cell, `>` for `>=`, a tie broken the other way, a card's effect on the wrong player, a
`may` made compulsory, a dropped condition, two steps swapped, ...) written as a text
replacement in one file of the rulebook. The tool copies the rulebook to a temporary folder,
applies the one replacement there, runs `tabletop check` and `tabletop test` on the copy in
this process, and sorts the mutant: `invalid` (the checker refuses the edit), `killed` (some case
fails) or `SURVIVED` (every case passes: either the cases miss the misreading, or the mutant is
an equivalent one that plays the same game). It never touches the bundled rulebooks.

Run it from the repository root:

    PYTHONPATH=. python tests/hunt/mutants.py smackatoa [abatteroxie ...] [-k WORDS] [--list]

It holds mutants for smackatoa, abatteroxie, smores_galore, taboo_atoll_express and smackshapes
(with its Colorcracks variant file).

`-k` runs only the mutants whose name holds WORDS (or one of WORDS|WORDS...); `--list` prints the mutants without running
them. A JSON summary goes to /tmp/mutants_<game>.json. Mutants known to be equivalent carry
`equivalent` (a reason), and those no case can tell apart `unseen` (a reason); they are still
run, so a change that makes them differ shows.
"""
from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO.parent))

from tabletop.interpreter import cli, scenarios  # noqa: E402


@dataclass
class Mutant:
    name: str
    old: str
    new: str
    file: str = "game.rules"
    nth: int = 0                 # which occurrence of `old` (0: it must occur exactly once)
    equivalent: str = ""         # why the rules give the same game, when they do
    unseen: str = ""             # why no scenario case can tell it from the rulebook, when none can


def M(name, old, new, file="game.rules", nth=0, equivalent="", unseen=""):
    return Mutant(name, old, new, file, nth, equivalent, unseen)


# A die's faces are forced by name in a case, so how many faces show one result is beyond a case.
DIE_ODDS = "a case forces a die's face by name: how many faces show it (the odds) is beyond a case"


# ---------------------------------------------------------------------------- Smackatoa!

def smackatoa_mutants(book: Path) -> list[Mutant]:
    ms = []
    # Card counts: one more or one fewer of each card than the house rules' 63.
    for line in (book / "cards.yaml").read_text().splitlines():
        m = re.search(r'name: "([^"]+)".*count: (\d+)', line)
        if m:
            n = int(m.group(2))
            for k in ([n - 1, n + 1] if n > 1 else [n + 1]):
                ms.append(M(f"cards: {m.group(1)} x{k} (not {n})", line, line.replace(f"count: {n}", f"count: {k}"), "cards.yaml"))
    # The Eruption Table, every cell one higher (or one lower).
    text = (book / "game.rules").read_text()
    for m in re.finditer(r"^    (\d), ([\d to]+) -> (\d)$", text, re.M):
        v = int(m.group(3))
        ms.append(M(f"damage[{m.group(1)}, {m.group(2)}] = {v + 1}", m.group(0), m.group(0)[:-1] + str(v + 1)))
    for size, pts in [(3, 8), (4, 6), (5, 5), (6, 4)]:
        ms.append(M(f"hand_size {size} -> {pts + 1}", f"    {size} -> {pts}\n", f"    {size} -> {pts + 1}\n"))
    for size, pts in [(3, 25), (4, 20), (5, 15), (6, 10)]:
        ms.append(M(f"volcano_points {size} -> {pts + 5}", f"    {size} -> {pts}\n", f"    {size} -> {pts + 5}\n"))
    # The Plot Twist Table: a clause dropped, or two neighbouring results swapped.
    ms += [
        M("twist 3 loses its draw", "3 -> [penguin_adds_piece, penguin_draws]", "3 -> [penguin_adds_piece]"),
        M("twist 5 loses its piece", "5 -> [penguin_adds_piece, penguin_plays_again]", "5 -> [penguin_plays_again]"),
        M("twist 2 <-> 12", "2 -> [plot_adds_piece]\n", "2 -> [raft_draws]\n"),
        M("twist 12 is 2", "12 -> [raft_draws]\n", "12 -> [plot_adds_piece]\n"),
        M("twist 4 <-> 10", "4 -> [penguin_scores]\n", "4 -> [taboo_feeds_volcano]\n"),
        M("twist 6 is Jetsam's", "6 -> [flotsam_draws]\n", "6 -> [jetsam_plays_again]\n"),
        M("twist 8 is Flotsam's", "8 -> [jetsam_plays_again]\n", "8 -> [flotsam_draws]\n"),
        M("twist 9 is Death's", "9 -> [sabotage_draws]\n", "9 -> [death_adds_piece]\n"),
        M("twist 11 is Sabotage's", "11 -> [death_adds_piece]\n", "11 -> [sabotage_draws]\n"),
        M("twist 7 is nothing new (repeats 6)", "7 -> [eruption_plus_one]\n", "7 -> [flotsam_draws]\n"),
        M("Skull ranks lowest", '{name: "Evil Looking Skull", number: 13}', '{name: "Evil Looking Skull", number: 1}', "totems.yaml"),
    ]
    ms += [
        # totems and the start
        M("5-player removal in a 6-player game", "player_count != 5 or", "player_count != 6 or"),
        M("5 players remove 2 and 11", "(t.number != 2 and t.number != 12)", "(t.number != 2 and t.number != 11)"),
        M("all 12 totems dealt with 5 players", "dealt = shuffled([t for t in totem if in_play(t)])", "dealt = shuffled([t for t in totem])"),
        M("start roll not re-rolled", "while not in_play(start):", "while false:"),
        M("scapegoat roll not re-rolled", "while not in_play(goat):", "while false:"),
        M("Appearance Fee to the last out", "define fee_holder: player = first(out_order)", "define fee_holder: player = last(out_order)"),
        # playing cards
        M("Zap cards playable on your turn", "c.type != zap and \\", "true and \\"),
        M("Backstab/Fast Talk with nobody to choose", "or any([q != p and cardholder(q) for q in players]))", "or true)"),
        M("twist 2 on Raft cards", "(c.type == plot and plot_adds_piece in in_force)", "(c.type == raft and plot_adds_piece in in_force)"),
        M("twist 12 on Plot cards", "(c.type == raft and raft_draws in in_force)", "(c.type == plot and raft_draws in in_force)"),
        M("twist 6 on Jetsam", "(c.title == flotsam and flotsam_draws in in_force)", "(c.title == jetsam and flotsam_draws in in_force)"),
        M("twist 9 on Backstab", "(c.title == sabotage and sabotage_draws in in_force)", "(c.title == backstab and sabotage_draws in in_force)"),
        M("twist 8 on Flotsam", "(c.title == jetsam and jetsam_plays_again in in_force)", "(c.title == flotsam and jetsam_plays_again in in_force)"),
        M("twist 11 on What They Float", "(c.title == death_comes_a_waddlin and death_adds_piece in in_force)", "(c.title == what_they_float and death_adds_piece in in_force)"),
        M("twist 3 draw on Death", "(c.title == oh_look_penguins and penguin_draws in in_force)", "(c.title == death_comes_a_waddlin and penguin_draws in in_force)"),
        # winning
        M("ties with the volcano go to the players", "if volcano in leaders then [volcano]", "if false then [volcano]"),
        M("ties between players to the lowest totem", "best_totem(p) == max([best_totem(q) for q in leaders])", "best_totem(p) == min([best_totem(q) for q in leaders])"),
        M("ties between players shared", "best_totem(p) == max([best_totem(q) for q in leaders])", "true"),
        M("Spite's 12 has winners", "winners: if exploded then [] else champions", "winners: champions"),
        M("300 needs more than 300", "if top_score >= winning_points:", "if top_score > winning_points:"),
        M("250 wins", "define winning_points: int = 300", "define winning_points: int = 250"),
        M("no win check during a hand (Reward Competition)", 'gains 50 points."\n    reach_300()', 'gains 50 points."'),
        M("no win check during a hand (Taboo Tree)", "        volcano.points += 25\n    reach_300()", "        volcano.points += 25"),
        M("no win check after Sabotage", "current.points += 25\n                reach_300()", "current.points += 25"),
        # a new hand
        M("new hand keeps the level", "    level = 1\n    twists", "    level = 2\n    twists"),
        M("new hand keeps penguins", "    penguins = 0\n    level = 1", "    level = 1"),
        M("new hand keeps the raft", "    raft_pieces = 0\n    penguins = 0", "    penguins = 0"),
        M("new hand keeps plot twists", "    twists = []\n    in_force = []", "    twists = []"),
        M("new hand keeps a Rumble Rumble", "    rumbling = false\n    turn_of = none", "    turn_of = none"),
        M("new hand keeps Volcanopult", "        p.catapulted = false\n        p.hand = []", "        p.hand = []"),
        M("new hand keeps the discard pile", "    discard = []\n    looking = []", "    looking = []"),
        M("out players take turns", "define skip_turn(p: player): bool = not cardholder(p)", "define skip_turn(p: player): bool = false"),
        # the turn
        M("no card to play: discard two", "discard_cards(current, 1)", "discard_cards(current, 2)"),
        M("no card to play: discard none", "discard_cards(current, 1)", "pass"),
        M("the round ends without an eruption level rise", "    erupt(true)", "    erupt(false)"),
        M("hand does not end when all are out after a turn", '    turn_of = none\n    # "Play continues until either the raft is complete ..., or no players have any cards left."\n    if count(cardholders) == 0:', '    turn_of = none\n    if false:'),
        M("discard pile not shuffled into the deck", "        move discard from discard to deck\n        shuffle deck", "        move discard from discard to deck"),
        M("draw one fewer", "    repeat n times:\n        refill_deck()\n        draw 1 from deck to p.hand", "    repeat n - 1 times:\n        refill_deck()\n        draw 1 from deck to p.hand"),
        M("a player drawn back in keeps the Appearance Fee", "            remove p from out_order\n", ""),
        M("a player drawn back in keeps the Corporate Sponsor", "            remove p from out_order\n            p.catapulted = false", "            remove p from out_order"),
        M("out order by seat", "    for p in players_from(current):\n        if not cardholder(p) and p not in out_order:", "    for p in players:\n        if not cardholder(p) and p not in out_order:",
          equivalent="only one player goes out at a time, so the seat order of the scan never decides"),
        M("about to discard all: > for >=", "if cardholder(p) and n >= count(p.hand):", "if cardholder(p) and n > count(p.hand):"),
        M("about to discard all: out players too", "if cardholder(p) and n >= count(p.hand):", "if n >= count(p.hand):"),
        M("Voodoo brings one card", "draw_cards(p, 2 * p.voodoo)", "draw_cards(p, 1 * p.voodoo)"),
        M("two Voodoos bring two cards", "draw_cards(p, 2 * p.voodoo)", "draw_cards(p, 2)"),
        M("raft complete at 15", "if raft_pieces == 16:", "if raft_pieces == 15:"),
        M("completing with the last card never counts", "escaped_with_last_card = not cardholder(p)", "escaped_with_last_card = false"),
        M("completing with any card spares the volcano points", "escaped_with_last_card = not cardholder(p)", "escaped_with_last_card = true",
          equivalent="the hand ends at the sixteenth piece, so the player who placed it is out only if that was their last card"),
        M("played count not kept", "    played_this_turn += 1\n", ""),
        M("a card's twist clauses read after its effect", "    piece = gains_piece(c)\n    draws = gains_draw(c)\n    again = gains_another(c)\n    resolve(c)", "    resolve(c)\n    piece = gains_piece(c)\n    draws = gains_draw(c)\n    again = gains_another(c)"),
        M("twist draw before twist piece", "    if piece:\n        add_pieces(current, 1, c)\n    if draws:\n        draw_cards(current, 1)", "    if draws:\n        draw_cards(current, 1)\n    if piece:\n        add_pieces(current, 1, c)"),
        M("twist piece before the card's effect", "    resolve(c)\n    if piece:\n        add_pieces(current, 1, c)", "    if piece:\n        add_pieces(current, 1, c)\n    resolve(c)"),
        M("twist 'play another' only Raft", "        may_play_another([raft, plot], \"You may play another card\")", "        may_play_another([raft], \"You may play another card\")"),
        M("play another: any type", "if next.type in types and can_play(current, next)", "if can_play(current, next)"),
        M("play another: compulsory", "    may choose next from current.hand if next.type in types", "    choose next from current.hand if next.type in types"),
        # Raft cards
        M("Flotsam adds two", "rule flotsam(c: card):\n    add_pieces(current, 1, c)", "rule flotsam(c: card):\n    add_pieces(current, 2, c)"),
        M("Driftwood adds no piece", "rule driftwood(c: card):\n    add_pieces(current, 1, c)\n", "rule driftwood(c: card):\n"),
        M("Driftwood gift compulsory", "    may choose t from totems_of(current)", "    choose t from totems_of(current)"),
        M("Driftwood gift to yourself", 'choose q from players if q != current labelled "Give the {t} totem', 'choose q from players labelled "Give the {t} totem'),
        M("Driftwood gift only to cardholders", 'choose q from players if q != current labelled "Give the {t} totem', 'choose q from players if q != current and cardholder(q) labelled "Give the {t} totem'),
        M("Driftwood gift any totem (not yours)", "may choose t from totems_of(current)", "may choose t from [x for x in totem if x.holder != none]"),
        M("Jetsam draws two", "    add_pieces(current, 1, c)\n    draw_cards(current, 1)\n", "    add_pieces(current, 1, c)\n    draw_cards(current, 2)\n"),
        M("Jetsam draws none", "    add_pieces(current, 1, c)\n    draw_cards(current, 1)\n", "    add_pieces(current, 1, c)\n"),
        M("Jetsam draws before its piece", "    add_pieces(current, 1, c)\n    draw_cards(current, 1)\n", "    draw_cards(current, 1)\n    add_pieces(current, 1, c)\n"),
        M("Coconut draws one", "    draw_cards(current, 2)\n", "    draw_cards(current, 1)\n"),
        M("Coconut draws before its piece", "    add_pieces(current, 1, c)\n    draw_cards(current, 2)\n", "    draw_cards(current, 2)\n    add_pieces(current, 1, c)\n"),
        M("Bamboo: any card", 'may_play_another([raft], "Bamboo', 'may_play_another([raft, plot], "Bamboo'),
        M("Bamboo: Plot card", 'may_play_another([raft], "Bamboo', 'may_play_another([plot], "Bamboo'),
        M("Banana: any card", 'may_play_another([plot], "Banana', 'may_play_another([raft, plot], "Banana'),
        M("Banana: Raft card", 'may_play_another([plot], "Banana', 'may_play_another([raft], "Banana'),
        M("Rubber Tree not counting itself", "add_pieces(current, played_this_turn, c)", "add_pieces(current, played_this_turn - 1, c)"),
        M("Rubber Tree one more", "add_pieces(current, played_this_turn, c)", "add_pieces(current, played_this_turn + 1, c)"),
        M("Rubber Tree one piece", "add_pieces(current, played_this_turn, c)", "add_pieces(current, 1, c)"),
        M("Taboo Tree one piece", "add_pieces(current, 2, c)", "add_pieces(current, 1, c)"),
        M("Taboo Tree feeds the volcano 20", "    add_pieces(current, 2, c)\n    volcano.points += 25", "    add_pieces(current, 2, c)\n    volcano.points += 20"),
        M("Taboo Tree points to the player", "    add_pieces(current, 2, c)\n    volcano.points += 25", "    add_pieces(current, 2, c)\n    current.points += 25"),
        M("twist 10 feeds 50 more", "    if taboo_feeds_volcano in in_force:\n        volcano.points += 25", "    if taboo_feeds_volcano in in_force:\n        volcano.points += 50"),
        M("Taboo Tree feeds before its pieces", "    add_pieces(current, 2, c)\n    volcano.points += 25\n", "    volcano.points += 25\n    add_pieces(current, 2, c)\n"),
        # Plot cards
        M("penguins uncapped (6th placed)", "    if penguins < 5:", "    if penguins < 6:"),
        M("twist 4 not counting this penguin", "current.points += 10 * penguins", "current.points += 10 * (penguins - 1)"),
        M("twist 4 gives 5 per penguin", "current.points += 10 * penguins", "current.points += 5 * penguins"),
        M("twist 4 gives points to the volcano", "current.points += 10 * penguins", "volcano.points += 10 * penguins"),
        M("Death on others only", 'choose q from players labelled "{q} loses', 'choose q from players if q != current labelled "{q} loses'),
        M("Death leaves the penguins", "    q.points = max(0, q.points - 10 * penguins)\n    penguins = 0", "    q.points = max(0, q.points - 10 * penguins)"),
        M("Death may go below zero", "q.points = max(0, q.points - 10 * penguins)", "q.points = q.points - 10 * penguins"),
        M("Death 20 per penguin", "q.points = max(0, q.points - 10 * penguins)", "q.points = max(0, q.points - 20 * penguins)"),
        M("Death hits the player who plays it", 'choose q from players labelled "{q} loses {10 * penguins} points" prompt "Death Comes A\'Waddlin\': choose a player"\n    q.points', 'q = current\n    q.points'),
        M("What They Float one more", "add_pieces(current, penguins, c)", "add_pieces(current, penguins + 1, c)"),
        M("What They Float removes the penguins", "    add_pieces(current, penguins, c)\n", "    add_pieces(current, penguins, c)\n    penguins = 0\n"),
        M("Volcanopult no sponsor mark", "    current.catapulted = true\n", ""),
        M("Volcanopult discards one fewer", "discard_cards(current, count(current.hand))\n\n# Plot Twist", "discard_cards(current, count(current.hand) - 1)\n\n# Plot Twist"),
        M("twists stack", "    for k in plot_twist_table[r] if k not in in_force:", "    for k in plot_twist_table[r]:",
          equivalent="a clause is only ever tested with `in`, so a duplicate in the list changes nothing"),
        M("Reward Competition to the player", "    t.holder.points += 50", "    current.points += 50"),
        M("Reward Competition 25", "    t.holder.points += 50", "    t.holder.points += 25"),
        M("Reward Competition not re-rolled with 5", "    while not in_play(t):", "    while false:"),
        M("Reward Competition only cardholders", "    while not in_play(t):\n        t = totem_roll", "    while not in_play(t) or not cardholder(t.holder):\n        t = totem_roll"),
        M("Taunt raises the level", "    erupt(false)\n    if target", "    erupt(true)\n    if target"),
        M("Taunt piece when you ARE the target", "    if target != current:\n        add_pieces(current, 1, c)", "    if target == current:\n        add_pieces(current, 1, c)"),
        M("Taunt no piece when nobody is the target", "    if target != current:\n        add_pieces(current, 1, c)", "    if target != current and target != none:\n        add_pieces(current, 1, c)"),
        M("Taunt piece always", "    if target != current:\n        add_pieces(current, 1, c)", "    if true:\n        add_pieces(current, 1, c)"),
        M("Taunt piece before the eruption", "    erupt(false)\n    if target != current:\n        add_pieces(current, 1, c)", "    if target != current:\n        add_pieces(current, 1, c)\n    erupt(false)"),
        M("Rumble Rumble does nothing", "    rumbling = true", "    pass"),
        M("Sabotage compulsory", '            option "Leave the raft alone":\n                pass\n', ""),
        M("Sabotage 50", "current.points += 25\n                reach_300()", "current.points += 50\n                reach_300()"),
        M("Sabotage leaves the piece", "                raft_pieces -= 1\n", ""),
        M("Sabotage needs 2 pieces", "    if raft_pieces > 0:\n        choose prompt \"Sabotage!\"", "    if raft_pieces > 1:\n        choose prompt \"Sabotage!\""),
        M("Backstab yourself", '        option "Backstab {q}" for q in other_cardholders:', '        option "Backstab {q}" for q in [x for x in players if cardholder(x)]:'),
        M("Backstab anyone (out too)", '        option "Backstab {q}" for q in other_cardholders:', '        option "Backstab {q}" for q in [x for x in players if x != current]:'),
        M("Backstab one card kept", "            discard_cards(q, count(q.hand))\n        option \"Nobody", "            discard_cards(q, count(q.hand) - 1)\n        option \"Nobody"),
        M("Fast Talk then only Raft", 'may_play_another([raft, plot], "Fast Talk', 'may_play_another([raft], "Fast Talk'),
        M("Fast Talk no second card", '    may_play_another([raft, plot], "Fast Talk: you may now play another card")\n', ""),
        M("Fast Talk on out players", '        option "Fast Talk {q}" for q in other_cardholders:', '        option "Fast Talk {q}" for q in [x for x in players if x != current]:'),
        M("Fast Talk: card to discard", "            move taken from q.hand to current.hand", "            move taken from q.hand to discard"),
        M("Trust Me with yourself", 'choose q from players if q != current labelled "Exchange', 'choose q from players labelled "Exchange'),
        M("Trust Me only cardholders", 'choose q from players if q != current labelled "Exchange', 'choose q from players if q != current and cardholder(q) labelled "Exchange'),
        M("Waiter: you draw too", "    for q in players_from(current) if q != current:\n        draw_cards(q, 1)", "    for q in players_from(current):\n        draw_cards(q, 1)"),
        M("Waiter: two cards", "    for q in players_from(current) if q != current:\n        draw_cards(q, 1)", "    for q in players_from(current) if q != current:\n        draw_cards(q, 2)"),
        M("Waiter: cardholders only", "    for q in players_from(current) if q != current:\n        draw_cards(q, 1)", "    for q in players_from(current) if q != current and cardholder(q):\n        draw_cards(q, 1)"),
        M("Waiter: only you draw", "    for q in players_from(current) if q != current:\n        draw_cards(q, 1)", "    draw_cards(current, 1)"),
        M("Treasure Map: two cards", "    repeat 3 times:\n        refill_deck()\n        draw 1 from deck to looking", "    repeat 2 times:\n        refill_deck()\n        draw 1 from deck to looking"),
        M("Treasure Map: give to yourself", 'choose q from players if q != current labelled "Give {given}', 'choose q from players labelled "Give {given}'),
        M("Treasure Map: give to cardholders only", 'choose q from players if q != current labelled "Give {given}', 'choose q from players if q != current and cardholder(q) labelled "Give {given}'),
        M("Treasure Map: keep all", "    for given in [c for c in looking]:", "    move looking from looking to current.hand\n    for given in [c for c in looking]:"),
        # the eruption
        M("Rumble skips every eruption", '        rumbling = false\n        say "The ground rumbles', '        say "The ground rumbles'),
        M("twist 7 two more", "(if eruption_plus_one in in_force then 1 else 0)", "(if eruption_plus_one in in_force then 2 else 0)"),
        M("eruption reads the next level", "n = damage[level, r]", "n = damage[if level == 4 then 1 else level + 1, r]"),
        M("MPB counts itself", "add_pieces(target, discarded, buzzsaw)", "add_pieces(target, discarded + 1, buzzsaw)"),
        M("MPB counts the rolled damage", "add_pieces(target, discarded, buzzsaw)", "add_pieces(target, n, buzzsaw)"),
        M("hot totem gift compulsory", '        may choose q from players if q != target and cardholder(q) labelled "Give the hot', '        choose q from players if q != target and cardholder(q) labelled "Give the hot'),
        M("hot totem gift to out players", 'may choose q from players if q != target and cardholder(q) labelled "Give the hot', 'may choose q from players if q != target labelled "Give the hot'),
        M("hot totem gift to yourself offered", 'may choose q from players if q != target and cardholder(q) labelled "Give the hot', 'may choose q from players if cardholder(q) labelled "Give the hot'),
        M("hot totem gift by the player who went last", 'labelled "Give the hot {hot} totem to {q}" by target prompt', 'labelled "Give the hot {hot} totem to {q}" prompt'),
        M("level stays at 4", "level = if level == 4 then 1 else level + 1", "level = if level == 4 then 4 else level + 1"),
        M("level resets to 1 from 3", "level = if level == 4 then 1 else level + 1", "level = if level >= 3 then 1 else level + 1"),
        M("five-player 2/12 re-rolled, not Skull", "    if not in_play(hot):\n        hot = skull", "    while not in_play(hot):\n        hot = totem_roll"),
        M("out holder: no Skull, a miss", "    if not cardholder(hot.holder):\n        hot = skull\n", ""),
        M("out holder: re-roll", "    if not cardholder(hot.holder):\n        hot = skull\n", "    if not cardholder(hot.holder):\n        hot = totem_roll\n"),
        # Zap cards
        M("Zaps on your own turn too", "define off_turn(p: player): bool = p != turn_of", "define off_turn(p: player): bool = true"),
        M("Zaps never by the player who went last", "define off_turn(p: player): bool = p != turn_of", "define off_turn(p: player): bool = p != current"),
        M("Fireproof to cardholders only", 'choose q from players if q != p labelled "Give the hot {hot} totem to {q}" by p prompt "Fireproof', 'choose q from players if q != p and cardholder(q) labelled "Give the hot {hot} totem to {q}" by p prompt "Fireproof'),
        M("Fireproof to yourself", 'choose q from players if q != p labelled "Give the hot {hot} totem to {q}" by p prompt "Fireproof', 'choose q from players labelled "Give the hot {hot} totem to {q}" by p prompt "Fireproof'),
        M("Fireproof: target unchanged", "    hot.holder = q\n    target = q\n", "    hot.holder = q\n"),
        M("Fireproof: totem not passed", "    hot.holder = q\n    target = q\n", "    target = q\n"),
        M("Fireproof by anyone", "by p if off_turn(p) and p == target and holds(p, fireproof_immunity)", "by p if off_turn(p) and holds(p, fireproof_immunity)"),
        M("Fireproof chosen by the player who went last", 'labelled "Give the hot {hot} totem to {q}" by p prompt "Fireproof', 'labelled "Give the hot {hot} totem to {q}" prompt "Fireproof'),
        M("MPB by anyone", "by p if off_turn(p) and p == victim and buzzsaw == none", "by p if off_turn(p) and buzzsaw == none"),
        M("MPB twice", "p == victim and buzzsaw == none and holds", "p == victim and holds"),
        M("Voodoo on yourself after Spite", "and not (p == victim and victim.spite) labelled", "labelled"),
        M("Voodoo on your own turn", "by p if off_turn(p) and holds(p, voodoo_schmoodoo) and not", "by p if holds(p, voodoo_schmoodoo) and not"),
        M("Voodoos do not add up", "    victim.voodoo += 1", "    victim.voodoo = 1"),
        M("Voodoo on an out player brings one", "    draw_cards(victim, 2)", "    draw_cards(victim, 1)"),
        M("Voodoo never on the out", "for victim in out_players if off_turn(p) and holds(p, voodoo_schmoodoo)", "for victim in out_players if false and holds(p, voodoo_schmoodoo)"),
        M("Voodoo on yourself does not stop Spite", " and not p.voodoo_from_self labelled", " labelled"),
        M("Spite on others", "by p if off_turn(p) and p == victim and holds(p, spite_my_only_friend)", "by p if off_turn(p) and holds(p, spite_my_only_friend)"),
        M("Spite explodes on 11 or 12", "    if r == 12:\n        exploded = true", "    if r >= 11:\n        exploded = true"),
        M("Spite explodes on 2", "    if r == 12:\n        exploded = true", "    if r == 2:\n        exploded = true"),
        M("Spite's player wins", "winners: if exploded then [] else champions", "winners: if exploded then [p for p in players if p.spite] else champions"),
        # a second batch
        M("Trust Me: out order not kept", "    move looking from looking to q.hand\n    note_out()", "    move looking from looking to q.hand"),
        M("Taunt's eruption ignores a Rumble Rumble", "    target = none\n    if rumbling:", "    target = none\n    if rumbling and level_up:"),
        M("Skull holder out: targeted anyway", "    target = if cardholder(hot.holder) then hot.holder else none", "    target = hot.holder"),
        M("a Zap's last card: out order not kept", "    move card_of(p, t) from p.hand to discard\n    note_out()", "    move card_of(p, t) from p.hand to discard"),
        M("Spite not marked", "    play_zap(p, spite_my_only_friend)\n    p.spite = true", "    play_zap(p, spite_my_only_friend)"),
        M("Fireproof after the damage roll", "reaction fireproof_immunity on hot_totem(holder)", "reaction fireproof_immunity on damage_rolled(holder, cards)"),
        M("no win check at a hand's end before scoring", "        hand()\n        score_hand()\n        reach_300()", "        hand()\n        reach_300()\n        score_hand()"),
        M("the volcano never wins", "define everyone: list of player = players + [volcano]", "define everyone: list of player = players"),
        M("totems dealt from Player 2", "t.holder = players[index_of(dealt, t) % player_count]", "t.holder = players[(index_of(dealt, t) + 1) % player_count]"),
        M("Rubber Tree counts earlier turns", "    turn_of = current\n    played_this_turn = 0\n", "    turn_of = current\n"),
        M("Voodoo draws before the discard", "    k = min(n, count(p.hand))\n    discarded = 0", "    if p.voodoo > 0:\n        draw_cards(p, 2 * p.voodoo)\n        p.voodoo = 0\n    k = min(n, count(p.hand))\n    discarded = 0"),
        M("Death takes penguins before counting", "    q.points = max(0, q.points - 10 * penguins)\n    penguins = 0", "    penguins = 0\n    q.points = max(0, q.points - 10 * penguins)"),
        M("Buzzsaw pieces before the discard", "    discard_cards(target, n)\n    if buzzsaw != none:\n        add_pieces(target, discarded, buzzsaw)", "    if buzzsaw != none:\n        add_pieces(target, n, buzzsaw)\n    discard_cards(target, n)"),
        # a third batch: a card's later words before its piece (the sixteenth piece cuts them off)
        M("Driftwood gift before its piece", 'rule driftwood(c: card):\n    add_pieces(current, 1, c)\n    may choose t from totems_of(current) labelled "Give away the {t} totem" prompt "Driftwood: give one of your totems to another player?"\n    if t != none:\n        choose q from players if q != current labelled "Give the {t} totem to {q}" prompt "Who gets the {t} totem?"\n        t.holder = q', 'rule driftwood(c: card):\n    may choose t from totems_of(current) labelled "Give away the {t} totem" prompt "Driftwood: give one of your totems to another player?"\n    if t != none:\n        choose q from players if q != current labelled "Give the {t} totem to {q}" prompt "Who gets the {t} totem?"\n        t.holder = q\n    add_pieces(current, 1, c)'),
        M("Bamboo's second card before its piece", "    add_pieces(current, 1, c)\n    may_play_another([raft], \"Bamboo Tree: you may play another Raft card\")", "    may_play_another([raft], \"Bamboo Tree: you may play another Raft card\")\n    add_pieces(current, 1, c)"),
        M("Banana's Plot card before its piece", "    add_pieces(current, 1, c)\n    may_play_another([plot], \"Banana Tree: you may play a Plot card\")", "    may_play_another([plot], \"Banana Tree: you may play a Plot card\")\n    add_pieces(current, 1, c)"),
        M("NACF only with the last card", "if escaped_with == coconut_tree:", "if escaped_with == coconut_tree and escaped_with_last_card:"),
        # scoring
        M("escape 50", "        escaped.points += 100", "        escaped.points += 50"),
        M("escape to the volcano", "        escaped.points += 100", "        volcano.points += 100"),
        M("NACF 100", "            escaped.points += 50", "            escaped.points += 100"),
        M("NACF for any Tree", "if escaped_with == coconut_tree:", "if escaped_with == coconut_tree or escaped_with == bamboo_tree or escaped_with == banana_tree:"),
        M("Appearance Fee 25", "        fee_holder.points += 50\n        say \"{fee_holder} takes", "        fee_holder.points += 25\n        say \"{fee_holder} takes"),
        M("Corporate Sponsor for any Volcanopult", "        if fee_holder.catapulted:", "        if any([p.catapulted for p in players]):"),
        M("Corporate Sponsor 100", "            fee_holder.points += 50\n            say \"{fee_holder} earns", "            fee_holder.points += 100\n            say \"{fee_holder} earns"),
        M("volcano scores the raft-completer out", "for p in out_players if not (p == escaped and escaped_with_last_card):", "for p in out_players:"),
        M("volcano scores per cardholder", "for p in out_players if not (p == escaped and escaped_with_last_card):", "for p in cardholders:"),
        M("volcano scores once", "for p in out_players if not (p == escaped and escaped_with_last_card):", "for p in take(out_players, 1) if not (p == escaped and escaped_with_last_card):"),
    ]
    return ms


# ---------------------------------------------------------------------------- Abatteroxie

def abatteroxie_mutants(book: Path) -> list[Mutant]:
    ms = []
    for line in (book / "cards.yaml").read_text().splitlines():
        m = re.search(r'name: "([^"]+)", number: (\d+), use: (\w+)', line)
        if not m:
            continue
        nm, n, use = m.group(1), int(m.group(2)), m.group(3)
        ms.append(M(f"card {nm}: number {n + 1}", line, line.replace(f"number: {n}", f"number: {n + 1}"), "cards.yaml"))
        if n > 1:
            ms.append(M(f"card {nm}: number {n - 1}", line, line.replace(f"number: {n}", f"number: {n - 1}"), "cards.yaml"))
        c = re.search(r"count: (\d+)", line)
        k = int(c.group(1)) if c else 1
        ms.append(M(f"card {nm}: x{k + 1}", line, (line.replace(f"count: {k}", f"count: {k + 1}") if c else line.replace("}", f", count: {k + 1}}}")), "cards.yaml"))
        if k > 1:
            ms.append(M(f"card {nm}: x{k - 1}", line, line.replace(f"count: {k}", f"count: {k - 1}"), "cards.yaml"))
        for other in ("any", "battlers", "tiles"):
            if other != use:
                ms.append(M(f"card {nm}: use {other}", line, line.replace(f"use: {use}", f"use: {other}"), "cards.yaml"))
    ms += [
        M("20 battlers a team", "  - {name: battler, count: 21}", "  - {name: battler, count: 20}", "battlers.yaml",
          equivalent="20 open tiles at most take one battler each: the supply of 21 is never used up"),
        M("capacity 4 with 2-3", "    2 to 3 -> 5", "    2 to 3 -> 4"),
        M("capacity 6 with 2-3", "    2 to 3 -> 5", "    2 to 3 -> 6"),
        M("capacity 5 with 4", "    4 -> 6\ndefine capacity", "    4 -> 5\ndefine capacity"),
        M("capacity 7 with 4", "    4 -> 6\ndefine capacity", "    4 -> 7\ndefine capacity"),
        M("capacity 6 with 3", "    2 to 3 -> 5\n    4 -> 6", "    2 -> 5\n    3 to 4 -> 6"),
        M("3 explosion tiles", "define explosion_tiles: int = 4", "define explosion_tiles: int = 3"),
        M("5 explosion tiles", "define explosion_tiles: int = 4", "define explosion_tiles: int = 5"),
        M("hand of 5", "define hand_size: int = 4", "define hand_size: int = 5"),
        M("hand of 3", "define hand_size: int = 4", "define hand_size: int = 3"),
        M("eliminator starts under C2", 'var eliminator: tile = tile "C3"', 'var eliminator: tile = tile "C2"'),
        M("no battler on the centre at setup", "        for t in open_tiles:\n            move first(p.supply)", "        for t in open_tiles if t != centre:\n            move first(p.supply)"),
        M("two battlers per tile at setup", "            move first(p.supply) from p.supply to t.battlers", "            move first(p.supply) from p.supply to t.battlers\n            move first(p.supply) from p.supply to t.battlers"),
        M("hand of 4 drawn before the shuffle", "        p.deck = shuffled([c for c in card if c.owner == p])", "        p.deck = [c for c in card if c.owner == p]"),
        M("teams out still take turns", "define skip_turn(p: player): bool = battlers_left(p) == 0", "define skip_turn(p: player): bool = false"),
        # the turn
        M("special actions before moving", "    move_battlers()\n    check_end()\n    special_actions()", "    special_actions()\n    move_battlers()\n    check_end()"),
        M("no end check after moving", "    move_battlers()\n    check_end()\n    special_actions()", "    move_battlers()\n    special_actions()"),
        M("doom phase for a team that went out", "    if battlers_left(current) > 0:\n        doom_phase()", "    doom_phase()"),
        M("doom before the redraw", "    redraw()\n    # A team that lost its last battler during its own special actions is out at once.\n    if battlers_left(current) > 0:\n        doom_phase()", "    if battlers_left(current) > 0:\n        doom_phase()\n    redraw()"),
        M("no special actions", "    special_actions()\n    redraw()", "    redraw()"),
        # cards
        M("tiles-only card for battlers", "define for_battlers(c: card): bool = c.use != tiles", "define for_battlers(c: card): bool = true"),
        M("battlers-only card for tiles", "define for_tiles(c: card): bool = c.use != battlers", "define for_tiles(c: card): bool = true"),
        M("only-symbols read the other way", "define for_battlers(c: card): bool = c.use != tiles\ndefine for_tiles(c: card): bool = c.use != battlers", "define for_battlers(c: card): bool = c.use != battlers\ndefine for_tiles(c: card): bool = c.use != tiles"),
        M("one card for both numbers", "if pr[0] != pr[1] and pr[1] == first", "if pr[1] == first",
          equivalent="the second card is looked for among the hand without the first, so it is never the first"),
        M("flipped twins offered twice", " and not flipped_twin(p.hand, pr)]", "]",
          equivalent="only repeats an option that plays the same"),
        M("cards not flippable", "for_battlers(pr[0]) and for_tiles(pr[1]) and not flipped_twin", "for_battlers(pr[0]) and for_tiles(pr[1]) and index_of(p.hand, pr[0]) < index_of(p.hand, pr[1]) and not flipped_twin"),
        M("battlers and tiles swapped", "    battlers_to_move = pr[0].number\n    tiles_to_move = pr[1].number", "    battlers_to_move = pr[1].number\n    tiles_to_move = pr[0].number"),
        M("played cards go to the discard at once", "    move pr from current.hand to current.played", "    move pr from current.hand to current.discard"),
        # moving
        M("a battler may move twice", "define unmoved_on(t: tile): list of battler = [b for b in t.battlers if b.owner == current and b not in moved_this_turn]", "define unmoved_on(t: tile): list of battler = [b for b in t.battlers if b.owner == current]"),
        M("move any team's battlers", "define unmoved_on(t: tile): list of battler = [b for b in t.battlers if b.owner == current and b not in moved_this_turn]", "define unmoved_on(t: tile): list of battler = [b for b in t.battlers if b not in moved_this_turn]"),
        M("move over removed tiles (reach)", "longest_path(t, tiles_to_move, x => not x.removed)", "longest_path(t, tiles_to_move, x => true)"),
        M("move over removed tiles (ways)", "paths(t, n, x => not x.removed)", "paths(t, n, x => true)"),
        M("no shorter move when the card's number is out of reach", "        if count(ready) == 0:\n            n = max", "        if false:\n            n = max"),
        M("one battler fewer", "    repeat battlers_to_move times:", "    repeat battlers_to_move - 1 times:"),
        M("one tile fewer", "        n = tiles_to_move\n", "        n = tiles_to_move - 1\n"),
        M("push only above capacity", "if count(last(p).battlers) >= capacity then", "if count(last(p).battlers) > capacity then"),
        M("push direction from the start", "[last(p), if n == 1 then t else p[n - 2]]", "[last(p), t]"),
        M("push direction reversed", "push(way[0], way[0].row - way[1].row, way[0].col - way[1].col, b)", "push(way[0], way[1].row - way[0].row, way[1].col - way[0].col, b)"),
        M("no end check after a push", "            push(way[0], way[0].row - way[1].row, way[0].col - way[1].col, b)\n            # \"Only one team is left: they win the game!\": as soon as a push leaves one team.\n            check_end()", "            push(way[0], way[0].row - way[1].row, way[0].col - way[1].col, b)"),
        M("push only one battler", "    while count(t.battlers) > capacity:", "    if count(t.battlers) > capacity:"),
        M("the arriving battler may be pushed", "[b for b in t.battlers if b != arrived and b == first([d for d in t.battlers if d != arrived and alike(d, b)])]", "[b for b in t.battlers if b == first([d for d in t.battlers if alike(d, b)])]"),
        M("pushed battler chosen for you", "        if count(candidates) > 1:\n            choose pushed", "        if false:\n            choose pushed"),
        M("battlers of one team all alike", "define alike(a: battler, b: battler): bool = a.owner == b.owner and (a in moved_this_turn) == (b in moved_this_turn)", "define alike(a: battler, b: battler): bool = a.owner == b.owner"),
        M("pushed off: no tie-breaker", "            move pushed from t.battlers to current.tiebreakers", "            move pushed from t.battlers to fallen"),
        M("pushed off: to the pushed team's pile", "            move pushed from t.battlers to current.tiebreakers", "            move pushed from t.battlers to whose.tiebreakers"),
        M("pushed onto a removed tile survives", "        if beyond == none or beyond.removed:", "        if beyond == none:"),
        M("no chain push", "            push(beyond, dr, dc, pushed)\n", ""),
        # special actions
        M("special order not chosen", "    if count(order) == 2 and order[0] != order[1]:", "    if false:"),
        M("special actions for a team that went out", "        if battlers_left(current) > 0:\n            say \"{team(current)} performs", "        if true:\n            say \"{team(current)} performs"),
        M("only the first special action", "    for a in order:", "    for a in take(order, 1):"),
        M("two same specials done once", "define specials: list of action = [c.action for c in current.played if c.action != no_action]", "define specials: list of action = unique([c.action for c in current.played if c.action != no_action])"),
        # redraw
        M("redraw without shuffle", "            move current.discard from current.discard to current.deck\n            shuffle current.deck", "            move current.discard from current.discard to current.deck"),
        M("played cards discarded after the redraw",
          "    move current.played from current.played to top of current.discard\n"
          "    while count(current.hand) < hand_size and count(current.deck) + count(current.discard) > 0:\n        if count(current.deck) == 0:\n            move current.discard from current.discard to current.deck\n            shuffle current.deck\n            say \"{team(current)} shuffles the discard pile into a new deck.\"\n        draw 1 from current.deck to current.hand\n",
          "    while count(current.hand) < hand_size and count(current.deck) + count(current.discard) > 0:\n        if count(current.deck) == 0:\n            move current.discard from current.discard to current.deck\n            shuffle current.deck\n            say \"{team(current)} shuffles the discard pile into a new deck.\"\n        draw 1 from current.deck to current.hand\n"
          "    move current.played from current.played to top of current.discard\n"),
        M("redraw stops when the deck runs out", "    while count(current.hand) < hand_size and count(current.deck) + count(current.discard) > 0:", "    while count(current.hand) < hand_size and count(current.deck) > 0:"),
        # doom
        M("doom die: 1 Battle Royale, 2 Explosions", "die doom_die: battle_royale, battle_royale, move_eliminator", "die doom_die: battle_royale, explosion, move_eliminator", unseen=DIE_ODDS),
        M("doom die: 1 Move Eliminator", "battle_royale, battle_royale, move_eliminator, move_eliminator, explosion", "battle_royale, battle_royale, move_eliminator, battle_royale, explosion", unseen=DIE_ODDS),
        M("doom die: no Action of Choice", "move_eliminator, explosion, action_of_choice\n", "move_eliminator, explosion, explosion\n"),
        M("Action of Choice without Move Eliminator", "choose face from [battle_royale, move_eliminator, explosion]", "choose face from [battle_royale, explosion]"),
        M("Action of Choice without Battle Royale", "choose face from [battle_royale, move_eliminator, explosion]", "choose face from [move_eliminator, explosion]"),
        M("fall die two-to-one falls", "die fall_die: falls, lands", "die fall_die: falls, falls, lands", unseen=DIE_ODDS),
        M("fall die faces swapped", "        if count(landing) == 0 or roll(fall_die) == falls:", "        if count(landing) == 0 or roll(fall_die) == lands:"),
        M("no end check after an action", "        explosion()\n    check_end()", "        explosion()"),
        # the eliminator
        M("eliminator not diagonal", "neighbours(eliminator) + diagonals(eliminator) if open(t)", "neighbours(eliminator) if open(t)"),
        M("eliminator under removed tiles", "neighbours(eliminator) + diagonals(eliminator) if open(t)", "neighbours(eliminator) + diagonals(eliminator) if true"),
        M("eliminator may stay", "    spots = next_to_eliminator\n", "    spots = next_to_eliminator + [eliminator]\n"),
        M("eliminator stuck: nearest by straight steps", "define king_steps(a: tile, b: tile): int = max(abs(a.row - b.row), abs(a.col - b.col))", "define king_steps(a: tile, b: tile): int = abs(a.row - b.row) + abs(a.col - b.col)"),
        M("eliminator stuck: stays put", "        spots = nearest_to_eliminator\n", "        spots = [eliminator]\n"),
        # explosion
        M("centre explodes", "    if eliminator == centre or eliminator.removed:", "    if eliminator.removed:"),
        M("a removed tile 'explodes' again", "    if eliminator == centre or eliminator.removed:", "    if eliminator == centre:"),
        M("no Move Eliminator instead", "        move_the_eliminator()\n        return\n    boom", "        return\n    boom"),
        M("Battle Royale instead of Move Eliminator", "        move_the_eliminator()\n        return\n    boom", "        battle_royale()\n        return\n    boom"),
        M("no end check between blast and collapse", "    boom(eliminator)\n    # A team whose last battler fell in the blast is out before the tiles cut off collapse.\n    check_end()\n    collapse()", "    boom(eliminator)\n    collapse()"),
        M("no collapse", "    check_end()\n    collapse()", "    check_end()"),
        M("land diagonally too", "    landing = [x for x in neighbours(t) if open(x)]", "    landing = [x for x in neighbours(t) + diagonals(t) if open(x)]"),
        M("land on any tile", "    landing = [x for x in neighbours(t) if open(x)]", "    landing = open_tiles"),
        M("fallen count as tie-breakers", "            move b from t.battlers to fallen\n", "            move b from t.battlers to current.tiebreakers\n"),
        M("collapsed count as tie-breakers", "        move t.battlers from t.battlers to fallen", "        move t.battlers from t.battlers to current.tiebreakers"),
        M("collapse keeps the battlers", "        move t.battlers from t.battlers to fallen\n", "        pass\n"),
        M("collapsed tiles' battlers land on the centre", "        move t.battlers from t.battlers to fallen", "        move t.battlers from t.battlers to centre.battlers"),
        M("centre excluded from the collapse test", "    for t in tile if open(t) and t != centre and t not in linked:", "    for t in tile if open(t) and t not in linked:",
          equivalent="the centre is always reachable from itself"),
        # Battle Royale
        M("Battle Royale from the bottom right", "    for t in open_tiles if", "    for t in reverse(open_tiles) if"),
        M("Battle Royale holders from seat 1", "    holders = [p for p in players_from(current) if on_tile(t, p) == most]", "    holders = [p for p in players if on_tile(t, p) == most]"),
        M("Battle Royale: one majority holder only", "    for p in holders:\n        victims", "    for p in take(holders, 1):\n        victims"),
        M("Battle Royale: shared majority, nothing happens", "    if count(minority) == 0:\n        return\n    for p in holders:", "    if count(minority) == 0 or count(holders) > 1:\n        return\n    for p in holders:"),
        M("Battle Royale: victims to the current team", "to p.tiebreakers\n        say \"Battle Royale", "to current.tiebreakers\n        say \"Battle Royale"),
        M("Battle Royale: victims not kept", "to p.tiebreakers\n        say \"Battle Royale", "to fallen\n        say \"Battle Royale"),
        M("Battle Royale: victim chosen for you", "        if count(victims) > 1:\n            choose victim", "        if false:\n            choose victim"),
        M("Battle Royale: the current team chooses", 'labelled "Eliminate a {colour(victim)} battler on {t}" by p prompt', 'labelled "Eliminate a {colour(victim)} battler on {t}" prompt'),
        M("Battle Royale: two eliminations each", "        move first([b for b in t.battlers if b.owner == victim]) from t.battlers to p.tiebreakers", "        move take([b for b in t.battlers if b.owner == victim], 2) from t.battlers to p.tiebreakers"),
        M("Battle Royale: lone team tile skipped test dropped", "    if count(teams) < 2:\n        return\n", "",
          equivalent="a tile with one team has no minority, and the next test returns"),
        M("Battle Royale: no-minority test dropped", "    if count(minority) == 0:\n        return\n    for p in holders:", "    for p in holders:",
          equivalent="with no minority every holder finds no victim and the loop stops"),
        # the end
        M("Battle Royale: other holders are victims too", "        victims = [q for q in minority if on_tile(t, q) > 0]", "        victims = [q for q in teams_on(t) if q != p and on_tile(t, q) > 0]"),
        M("blast: every battler falls", "        if count(landing) == 0 or roll(fall_die) == falls:", "        if true:"),
        M("blast: every battler lands", "        if count(landing) == 0 or roll(fall_die) == falls:", "        if count(landing) == 0:"),
        M("only the first card's special action", "define specials: list of action = [c.action for c in current.played if", "define specials: list of action = [c.action for c in take(current.played, 1) if"),
        M("the mover's own battlers are never pushed", "[b for b in t.battlers if b != arrived and b == first", "[b for b in t.battlers if b.owner != current and b == first"),
        M("third count before the second", "then highest tiebreaker_count, then highest tied_tiebreakers", "then highest tied_tiebreakers, then highest tiebreaker_count"),
        M("eliminator moves before the blast", "    boom(eliminator)\n", "    move_the_eliminator()\n    boom(eliminator)\n"),
        M("Move Eliminator from the doom die explodes", "    elif a == move_eliminator:\n        move_the_eliminator()", "    elif a == move_eliminator:\n        explosion()"),
        # a second batch
        M("the centre may be an explosion tile", "    for t in take(shuffled([t for t in tile if t != centre]), explosion_tiles):", "    for t in take(shuffled([t for t in tile]), explosion_tiles):"),
        M("two same specials: order asked", "    if count(order) == 2 and order[0] != order[1]:", "    if count(order) == 2:"),
        M("a landing battler goes to the first tile", "            spot = pick(landing)", "            spot = first(landing)"),
        M("redraw only two", "    while count(current.hand) < hand_size and", "    while count(current.hand) < 2 and"),
        M("push eliminations credited to the pushed battler's mover", "            move pushed from t.battlers to current.tiebreakers", "            move pushed from t.battlers to first(players).tiebreakers"),
        M("Battle Royale on the centre skipped", "    for t in open_tiles if", "    for t in open_tiles if t != centre and"),
        M("Battle Royale: ties of one battler each skipped", "    holders = [p for p in players_from(current) if on_tile(t, p) == most]", "    holders = [p for p in players_from(current) if on_tile(t, p) == most and most > 1]",
          equivalent="with one battler the most, every team on the tile has one: there is no minority"),
        M("Explosion card before the move", "    play_two_cards()\n    move_battlers()", "    play_two_cards()\n    special_actions()\n    move_battlers()"),
        M("eliminator moves two", "define next_to_eliminator: list of tile = sort([t for t in neighbours(eliminator) + diagonals(eliminator) if open(t)])", "define next_to_eliminator: list of tile = sort([t for t in open_tiles if t != eliminator and king_steps(eliminator, t) <= 2])"),
        M("no end when one team is left", "    if count(left) == 1:\n        end game", "    if false:\n        end game"),
        M("no end when only the centre is left", "    if only_centre_left:\n        end game", "    if false:\n        end game"),
        M("end with two tiles left", "define only_centre_left: bool = count(open_tiles) == 1", "define only_centre_left: bool = count(open_tiles) <= 2"),
        M("teams out before the end can win", "winners: highest still_in, then highest score", "winners: highest score"),
        M("no third count", ", then highest tiebreaker_count, then highest tied_tiebreakers", ", then highest tiebreaker_count"),
        M("fewest tie-breakers win", "then highest tiebreaker_count", "then lowest tiebreaker_count"),
        M("tie-breakers before battlers", "then highest score, then highest tiebreaker_count", "then highest tiebreaker_count, then highest score"),
        M("score: battlers on the centre", "define score(p: player): int = battlers_left(p)", "define score(p: player): int = on_tile(centre, p)",
          equivalent="the game is decided by battlers only when the centre is the last tile, where they are all"),
        M("third count: all of the pile", "define tied_tiebreakers(p: player): int = count([b for b in p.tiebreakers if b.owner in tied_with(p)])", "define tied_tiebreakers(p: player): int = count([b for b in p.tiebreakers if b.owner != p])"),
        M("third count: tied ignoring still_in", "[q for q in players if still_in(q) == still_in(p) and score(q)", "[q for q in players if score(q)"),
        M("out teams never checked together", "    in_game = left\n", ""),
    ]
    return ms


# ---------------------------------------------------------------------------- S'mores Galore

def smores_galore_mutants(book: Path) -> list[Mutant]:
    ms = []
    for line in (book / "recipes.yaml").read_text().splitlines():
        m = re.search(r'name: "([^"]+)".*points: (\d+)', line)
        if m:
            p = int(m.group(2))
            ms.append(M(f"recipes: {m.group(1)} {p + 1} points", line, line.replace(f"points: {p},", f"points: {p + 1},"), "recipes.yaml"))
    for line in (book / "ingredients.yaml").read_text().splitlines():
        m = re.search(r'name: "([^"]+)".*count: (\d+)', line)
        if m:
            n = int(m.group(2))
            ms.append(M(f"ingredients: {m.group(1)} x{n - 1}", line, line.replace(f"count: {n}", f"count: {n - 1}"), "ingredients.yaml"))
    ms += [
        M("recipes: 7 Straight Ups", 'points: 2, advanced: false, count: 8}', 'points: 2, advanced: false, count: 7}', "recipes.yaml"),
        M("recipes: 2 Zebras", 'dish: zebra, points: 6, advanced: true, count: 3}', 'dish: zebra, points: 6, advanced: true, count: 2}', "recipes.yaml"),
        M("arrow: row 1 from the right is forwards", '{name: "row 1 from the right", row: 0, col: -1, backwards: true}', '{name: "row 1 from the right", row: 0, col: -1, backwards: false}', "arrow.yaml"),
        M("arrow: column 2 from the bottom is forwards", '{name: "column 2 from the bottom", row: -1, col: 1, backwards: true}', '{name: "column 2 from the bottom", row: -1, col: 1, backwards: false}', "arrow.yaml"),
        M("arrow: column 4 from the top is column 3", '{name: "column 4 from the top", row: -1, col: 3, backwards: false}', '{name: "column 4 from the top", row: -1, col: 2, backwards: false}', "arrow.yaml"),
        M("market: top right at column 3", '{name: "top right", row: 0, col: 2}', '{name: "top right", row: 0, col: 3}', "market.yaml"),
        M("market: bottom left at column 0", '{name: "bottom left", row: 2, col: 1}', '{name: "bottom left", row: 2, col: 0}', "market.yaml"),
        # setup tables
        M("2 players: 3 piles", "table advanced_piles:\n    2 -> 2", "table advanced_piles:\n    2 -> 3"),
        M("4 players: 4 piles", "    3 -> 3\n    4 -> 3\n\ntable advanced_pile_size", "    3 -> 3\n    4 -> 4\n\ntable advanced_pile_size"),
        M("3 players: piles of 4", "table advanced_pile_size:\n    2 -> 3\n    3 -> 3", "table advanced_pile_size:\n    2 -> 3\n    3 -> 4"),
        M("4 players: piles of 3", "    3 -> 3\n    4 -> 4\n", "    3 -> 3\n    4 -> 3\n"),
        M("2 players: piles of 2", "table advanced_pile_size:\n    2 -> 3", "table advanced_pile_size:\n    2 -> 2"),
        M("three Straight Ups per player", "define straight_ups_per_player: int = 2", "define straight_ups_per_player: int = 3"),
        # patterns
        M("Straight Up: C M in order", "pattern straight_up_smore of food: graham, {chocolate, marshmallow}, graham", "pattern straight_up_smore of food: graham, chocolate, marshmallow, graham"),
        M("Chocoholic: three chocolates", "pattern chocoholic_smore of food: graham, chocolate, chocolate, chocolate, chocolate, graham", "pattern chocoholic_smore of food: graham, chocolate, chocolate, chocolate, graham"),
        M("Stack Attack: halves free", "pattern stack_attack_smore of food: graham, {chocolate, marshmallow}, graham, {chocolate, marshmallow}, graham", "pattern stack_attack_smore of food: graham, {chocolate, marshmallow}, graham, {marshmallow, marshmallow}, graham"),
        M("Hot Mess: between grahams", "pattern hot_mess_smore of food: chocolate, marshmallow, marshmallow, chocolate", "pattern hot_mess_smore of food: graham, marshmallow, marshmallow, graham"),
        M("Hot Mess: M C C M", "pattern hot_mess_smore of food: chocolate, marshmallow, marshmallow, chocolate", "pattern hot_mess_smore of food: marshmallow, chocolate, chocolate, marshmallow"),
        M("Double Stuff: pairs not separate", "pattern double_stuff_smore of food: graham, {chocolate, marshmallow}, {chocolate, marshmallow}, graham", "pattern double_stuff_smore of food: graham, {chocolate, marshmallow, chocolate, marshmallow}, graham"),
        M("Zebra: only C first", "    graham, chocolate, marshmallow, chocolate, marshmallow, chocolate, marshmallow, graham\n    graham, marshmallow, chocolate, marshmallow, chocolate, marshmallow, chocolate, graham\n", "    graham, chocolate, marshmallow, chocolate, marshmallow, chocolate, marshmallow, graham\n"),
        M("Zebra: only M first", "    graham, chocolate, marshmallow, chocolate, marshmallow, chocolate, marshmallow, graham\n    graham, marshmallow", "    graham, marshmallow"),
        M("Mallow Mania: three", "pattern mallow_mania_smore of food: graham, marshmallow, marshmallow, marshmallow, marshmallow, graham", "pattern mallow_mania_smore of food: graham, marshmallow, marshmallow, marshmallow, graham"),
        M("Graham Slam: two", "pattern graham_slam_smore of food: graham, graham, graham", "pattern graham_slam_smore of food: graham, graham"),
        M("Hot Mess checks Chocoholic", "else if d == hot_mess then match_length(xs, hot_mess_smore)", "else if d == hot_mess then match_length(xs, chocoholic_smore)"),
        # market and arrow
        M("arrow may stay", "define arrow_choices: list of place = [pl for pl in place if pl != arrow]", "define arrow_choices: list of place = place"),
        M("arrow not to the same line", "define arrow_choices: list of place = [pl for pl in place if pl != arrow]", "define arrow_choices: list of place = [pl for pl in place if arrow == none or pl.row != arrow.row or pl.col != arrow.col]"),
        M("lines never backwards", "define line_spaces(pl: place): list of space = if pl.backwards then reverse(spaces_on(pl)) else spaces_on(pl)", "define line_spaces(pl: place): list of space = spaces_on(pl)"),
        M("lines always reversed", "define line_spaces(pl: place): list of space = if pl.backwards then reverse(spaces_on(pl)) else spaces_on(pl)", "define line_spaces(pl: place): list of space = if pl.backwards then spaces_on(pl) else reverse(spaces_on(pl))"),
        M("taken line stays in the market", "    for s in line_spaces(pl):\n        s.card = none\n", ""),
        M("no stick option", '            option "Flip the {ordinal[n]} card ({c.name}) into a stick":\n                move c from taken to current.below\n', ""),
        M("sticks straight to the score pile", "                move c from taken to current.below", "                move c from taken to current.sticks"),
        M("taken cards added at the left", "                move c from taken to current.lineup", "                move c from taken to top of current.lineup"),
        M("no refill after taking", "    take_line(pl)\n    # \"Once you have taken your cards, the next player should draw cards to refill the empty\n    # row or column.\"\n    refill_market()\n", "    take_line(pl)\n"),
        M("no end when the market is empty", "    if market_empty:\n        end game", "    if false:\n        end game"),
        M("new deck takes the tops too", "        move drop(discard[k], 1) from discard[k] to deck", "        move discard[k] from discard[k] to deck"),
        M("new deck not shuffled", "        move drop(discard[k], 1) from discard[k] to deck\n    shuffle deck\n", "        move drop(discard[k], 1) from discard[k] to deck\n"),
        M("no new deck", "        if count(deck) == 0 and cards_under_tops:\n            new_deck()\n        if count(deck) > 0:", "        if count(deck) > 0:"),
        # setup
        M("two graham crackers each", "        move first([c for c in deck if c.food == graham]) from deck to p.lineup", "        move take([c for c in deck if c.food == graham], 2) from deck to p.lineup"),
        M("discard piles may match at the start", "    while top_food(1) == top_food(0):", "    while false:"),
        M("setup clash: no fix", "    while count(clashing_piles) > 0:", "    while false:"),
        M("setup clash: card discarded", "        move first(pile[k]) from pile[k] to pile[k]", "        move first(pile[k]) from pile[k] to box"),
        # actions
        M("three actions", "define actions_per_turn: int = 2", "define actions_per_turn: int = 1"),
        M("score twice a turn", 'for r in scorable if not scored_this_turn:', 'for r in scorable:'),
        M("scoring costs no action", "                score_smore(r)\n                actions_left -= 1", "                score_smore(r)"),
        M("burn from the right", "    discard_cards(take(current.lineup, n), k)", "    discard_cards(drop(current.lineup, count(current.lineup) - n), k)"),
        M("burn one at most", "for b in product(range(1, count(current.lineup)), both_piles):", "for b in product(range(1, min(count(current.lineup), 1)), both_piles):"),
        M("burn onto pile 1 only", "for b in product(range(1, count(current.lineup)), both_piles):", "for b in product(range(1, count(current.lineup)), [0]):"),
        M("churn two apart", "[current.lineup[i], current.lineup[i - 1]] + drop(current.lineup, i + 1)", "[current.lineup[i - 1], current.lineup[i]] + drop(current.lineup, i + 1)"),
        M("churn not the last pair", 'option "Churn cards {i} and {i + 1}" for i in range(1, count(current.lineup) - 1):', 'option "Churn cards {i} and {i + 1}" for i in range(1, count(current.lineup) - 2):'),
        M("return any pair", "define pair_at(i: int): bool = current.lineup[i - 1].food == current.lineup[i].food", "define pair_at(i: int): bool = true"),
        M("return: no card back", "                discard_cards([current.lineup[pr[0] - 1], current.lineup[pr[0]]], pr[1])\n                return_one()", "                discard_cards([current.lineup[pr[0] - 1], current.lineup[pr[0]]], pr[1])"),
        M("return: card to the left", "    move first(discard[k]) from discard[k] to current.lineup", "    move first(discard[k]) from discard[k] to top of current.lineup"),
        M("return: bottom card", "    move first(discard[k]) from discard[k] to current.lineup", "    move last(discard[k]) from discard[k] to current.lineup"),
        M("discards go under", "        move c from current.lineup to top of discard[k]", "        move c from current.lineup to discard[k]"),
        # scoring a s'more
        M("recipes anywhere in the lineup", "define scorable: list of recipe = [r for r in on_display if dish_length(r.dish, current.lineup) > 0]", "define scorable: list of recipe = [r for r in on_display if dish_length(r.dish, current.lineup) > 0 or dish_length(r.dish, drop(current.lineup, 1)) > 0]"),
        M("only top recipes: Straight Up pile hidden", "define on_display: list of recipe = take(straight_ups, 1) + ", "define on_display: list of recipe = "),
        M("sticks not collected", "    n = dish_length(r.dish, current.lineup)\n    collect_sticks()", "    n = dish_length(r.dish, current.lineup)"),
        M("scored ingredients stay", "    discard_left(n, k)\n    if r in straight_ups:", "    if r in straight_ups:"),
        M("scoring does not check the end", "    say \"{current} scores {r.name} for {r.points} points.\"\n    check_game_end()", "    say \"{current} scores {r.name} for {r.points} points.\""),
        M("fallback: not in the last round", "define straight_up_fallback: bool = last_round and", "define straight_up_fallback: bool = "),
        M("fallback: one stick", "    move take(discard[k], 2) from discard[k] to current.sticks", "    move take(discard[k], 1) from discard[k] to current.sticks"),
        M("fallback: not counted as a recipe", "    current.extra_straight_ups += 1\n", ""),
        # the end
        M("one empty pile ends it", "if not last_round and empty_piles >= 2:", "if not last_round and empty_piles >= 1:"),
        M("three empty piles end it", "if not last_round and empty_piles >= 2:", "if not last_round and empty_piles >= 3:"),
        M("Straight Up pile never counts", "define straight_ups_empty: int = if count(straight_ups) == 0 then 1 else 0", "define straight_ups_empty: int = 0"),
        M("caller gets a turn too", "    if last_round and next_player(current) == last_round_caller:", "    if last_round and current == last_round_caller and false:"),
        M("the game ends at once", "    if last_round and next_player(current) == last_round_caller:", "    if last_round:"),
        # end of turn
        M("sticks stay below", "    move current.below from current.below to campfire\n", ""),
        M("sticks to the discard", "    move current.below from current.below to campfire", "    move current.below from current.below to discard[0]"),
        M("discard piles may match", "    if tops_match:\n        if can_unmatch", "    if false:\n        if can_unmatch"),
        M("pile 1 always moves", "            choose k from both_piles labelled \"Move cards from discard pile {k + 1}", "            k = 0\n            choose k from [0] labelled \"Move cards from discard pile {k + 1}"),
        M("empty pile not refilled", "        if count(discard[k]) == 0 and count(discard[other_pile(k)]) > 1:", "        if false:"),
        M("unmatch moves one card only", "    while tops_match:\n        move first(discard[k]) from discard[k] to top of discard[other_pile(k)]", "    move first(discard[k]) from discard[k] to top of discard[other_pile(k)]"),
        # final scoring
        M("sticks 2 points", "define score(p: player): int = recipe_points(p) + stick_count(p) + lineup_bonus(p)", "define score(p: player): int = recipe_points(p) + 2 * stick_count(p) + lineup_bonus(p)"),
        M("lineup bonus per four", "define lineup_bonus(p: player): int = min(count(p.lineup) / 5, 2)", "define lineup_bonus(p: player): int = min(count(p.lineup) / 4, 2)"),
        M("lineup bonus uncapped", "define lineup_bonus(p: player): int = min(count(p.lineup) / 5, 2)", "define lineup_bonus(p: player): int = count(p.lineup) / 5"),
        M("lineup bonus cap 3", "define lineup_bonus(p: player): int = min(count(p.lineup) / 5, 2)", "define lineup_bonus(p: player): int = min(count(p.lineup) / 5, 3)"),
        M("no lineup bonus", "define score(p: player): int = recipe_points(p) + stick_count(p) + lineup_bonus(p)", "define score(p: player): int = recipe_points(p) + stick_count(p)"),
        M("ties: most recipes win", "winners: highest score, then lowest recipes_done, then highest stick_count", "winners: highest score, then highest recipes_done, then highest stick_count"),
        M("ties: fewest sticks win", "winners: highest score, then lowest recipes_done, then highest stick_count", "winners: highest score, then lowest recipes_done, then lowest stick_count"),
        M("ties: sticks before recipes", "winners: highest score, then lowest recipes_done, then highest stick_count", "winners: highest score, then highest stick_count, then lowest recipes_done"),
        M("ties: fallback not a recipe", "define recipes_done(p: player): int = count(p.recipes) + p.extra_straight_ups", "define recipes_done(p: player): int = count(p.recipes)"),
        M("ties: shared at once", "winners: highest score, then lowest recipes_done, then highest stick_count", "winners: highest score"),
        # a second batch
        M("deck is public", "zone deck: ingredient, hidden", "zone deck: ingredient, public"),
        M("box is public", "zone box: recipe, hidden", "zone box: recipe, public"),
        M("sticks below the lineup are private", "player zone below: ingredient, public", "player zone below: ingredient, owner",
          equivalent="a stick's face never matters again (sticks go to the campfire and score piles, never back to the deck), and every seat saw it in the market"),
        M("no new deck when the last card is drawn", "            remove s.card from deck\n            if count(deck) == 0 and cards_under_tops:\n                new_deck()\n", "            remove s.card from deck\n"),
        M("setup clash: always the lowest pile turns", "        k = pick([j + 1 for j in clashing_piles]) - 1", "        k = first(clashing_piles)"),
        M("fallback: sticks from the other pile", "    move take(discard[k], 2) from discard[k] to current.sticks", "    move take(discard[other_pile(k)], 2) from discard[other_pile(k)] to current.sticks"),
        M("fallback: campfire sticks not collected", "rule score_straight_up_without_card:\n    collect_sticks()\n", "rule score_straight_up_without_card:\n"),
        M("fallback: scoring again allowed", "    current.extra_straight_ups += 1\n    scored_this_turn = true\n", "    current.extra_straight_ups += 1\n"),
        M("score: scoring again allowed", "        move r from pile[pile_of(r)] to current.recipes\n    scored_this_turn = true\n", "        move r from pile[pile_of(r)] to current.recipes\n"),
        M("the last round ends after the caller's next turn", "    if last_round and next_player(current) == last_round_caller:", "    if last_round and current == last_round_caller and turn_number > 1 and false:"),
        M("market checked before the refill", "    refill_market()\n    if market_empty:\n        end game", "    if market_empty:\n        end game"),
        M("arrow not recorded", "    arrow = pl\n    taken = line_cards(pl)", "    taken = line_cards(pl)"),
        M("burn nothing as an action", "for b in product(range(1, count(current.lineup)), both_piles):", "for b in product(range(0, count(current.lineup)), both_piles):"),
        M("no ending the turn early", '            option "End your turn":\n                stop\n', '            option "End your turn" if false:\n                stop\n'),
        M("return: only from discard pile 1", "    choose k from both_piles if count(discard[k]) > 0 labelled \"Take the", "    choose k from [0] if count(discard[k]) > 0 labelled \"Take the"),
        M("every Straight Up card on display", "define on_display: list of recipe = take(straight_ups, 1) + ", "define on_display: list of recipe = straight_ups + "),
        M("lineup bonus rounds up", "define lineup_bonus(p: player): int = min(count(p.lineup) / 5, 2)", "define lineup_bonus(p: player): int = min((count(p.lineup) + 4) / 5, 2)"),
        M("unmatch only if every card differs", "define can_unmatch_from(k: int): bool = any(", "define can_unmatch_from(k: int): bool = all("),
        M("empty pile takes the other's last card", "        if count(discard[k]) == 0 and count(discard[other_pile(k)]) > 1:", "        if count(discard[k]) == 0 and count(discard[other_pile(k)]) > 0:",
          equivalent="the loop over both piles moves a lone card back to where it was"),
        M("market refilled from the bottom right", "    for s in space if s.card == none:\n        if count(deck) == 0", "    for s in reverse([x for x in space if x.card == none]):\n        if count(deck) == 0"),
        M("the caller is the next player", "        last_round_caller = current\n", "        last_round_caller = next_player(current)\n"),
        M("Straight Up pile empty counts twice", "define straight_ups_empty: int = if count(straight_ups) == 0 then 1 else 0", "define straight_ups_empty: int = if count(straight_ups) == 0 then 2 else 0"),
        M("stick placed at the right of the lineup", "                move c from taken to current.below", "                move c from taken to current.lineup"),
        M("sticks to the campfire before the discard fix", "    move current.below from current.below to campfire\n    fix_discard_piles()", "    fix_discard_piles()\n    move current.below from current.below to campfire",
          equivalent="the campfire and the discard piles share no card"),
        # a third batch
        M("recipes private", "player zone recipes: recipe, public", "player zone recipes: recipe, owner"),
        M("taken line private", "zone taken: ingredient, public", "zone taken: ingredient, owner"),
        M("return: the first pair not offered", "define matching_pairs: list of int = [i for i in range(1, count(current.lineup) - 1) if pair_at(i)]", "define matching_pairs: list of int = [i for i in range(2, count(current.lineup) - 1) if pair_at(i)]"),
        M("taken cards placed last first", "        c = first(taken)\n", "        c = last(taken)\n"),
        M("straight ups: unused ones stay in play", "    box = drop(plain, straight_ups_per_player * player_count)\n", "    box = []\n"),
        M("advanced piles dealt round-robin", "        for r in take(drop(fancy, k * size), size):", "        for r in [fancy[i] for i in range(0, count(fancy) - 1) if i % advanced_piles[player_count] == k and i < advanced_piles[player_count] * size]:"),
    ]
    return ms


# ---------------------------------------------------------------------------- Taboo Atoll Express

def taboo_atoll_express_mutants(book: Path) -> list[Mutant]:
    ms = []
    # The map: a space's number one off (two spaces of a colour then share a number).
    for line in (book / "atoll.yaml").read_text().splitlines():
        m = re.search(r'name: "([^"]+)".*colour: (\w+), number: (\d)', line)
        if m and m.group(1) in ("Temple Reef", "Dark Pit", "Secret Eden", "Solar Palace", "Idiot's Platform", "Foggy Knoll"):
            n = int(m.group(3))
            k = n + 1 if n < 6 else n - 1
            ms.append(M(f"map: {m.group(1)} is {m.group(2)} {k}", line, line.replace(f"number: {n}", f"number: {k}"), "atoll.yaml"))
    for lvl, v in [("newbie", 0), ("normal", 2), ("elite", 5), ("crazy", 6), ("insane", 8), ("idiotic", 9)]:
        ms.append(M(f"start_level {lvl} = {v + 1}", f"    {lvl} -> {v}\n", f"    {lvl} -> {v + 1}\n"))
    ms += [
        M("floods: level 1 floods 3", "    0 to 1 -> 2\n    2 to 5 -> 3\n", "    0 -> 2\n    1 to 5 -> 3\n"),
        M("floods: level 2 floods 2", "    0 to 1 -> 2\n    2 to 5 -> 3\n", "    0 to 2 -> 2\n    3 to 5 -> 3\n"),
        M("floods: level 5 floods 4", "    2 to 5 -> 3\n    6 to 8 -> 4\n", "    2 to 4 -> 3\n    5 to 8 -> 4\n"),
        M("floods: level 6 floods 3", "    2 to 5 -> 3\n    6 to 8 -> 4\n", "    2 to 6 -> 3\n    7 to 8 -> 4\n"),
        M("floods: level 8 floods 5", "    6 to 8 -> 4\n    9 to 14 -> 5\n", "    6 to 7 -> 4\n    8 to 14 -> 5\n"),
        M("floods: level 9 floods 4", "    6 to 8 -> 4\n    9 to 14 -> 5\n", "    6 to 9 -> 4\n    10 to 14 -> 5\n"),
        M("roles: 1 Engineer, 2 Explorer", "    1 -> explorer\n    2 -> engineer\n", "    1 -> engineer\n    2 -> explorer\n"),
        M("roles: 3 Pilot, 4 Diver", "    3 -> diver\n    4 -> pilot\n", "    3 -> pilot\n    4 -> diver\n"),
        M("roles: 5 Messenger, 6 Navigator", "    5 -> navigator\n    6 -> messenger\n", "    5 -> messenger\n    6 -> navigator\n"),
        M("a role from the start", "var current_role: role = no_role", "var current_role: role = explorer"),
        M("pawn starts at Foggy Knoll", 'var pawn: space = space "Idiot\'s Platform"', 'var pawn: space = space "Foggy Knoll"'),
        # rolling spaces
        M("white not re-rolled for a space", "roll(colour_die, c => c != black and c != white)", "roll(colour_die, c => c != black)"),
        # setup
        M("setup floods 5", "    repeat 6 times:\n        s = roll_space", "    repeat 5 times:\n        s = roll_space"),
        M("setup may roll a space twice", "        while s.flood == flooded:\n            s = roll_space\n", ""),
        M("treasure on the platform kept", "        while spot == platform:\n            spot = space_of(t.colour, roll(number_die))\n", ""),
        M("setup search: 4 dice", "    repeat 5 times:\n        apply_search_die", "    repeat 4 times:\n        apply_search_die"),
        M("setup search: black kept", "        apply_search_die(roll(colour_die, c => c != black))", "        apply_search_die(roll(colour_die))"),
        M("setup search: white re-rolled", "        apply_search_die(roll(colour_die, c => c != black))", "        apply_search_die(roll(colour_die, c => c != black and c != white))"),
        # the turn
        M("4 actions", "    actions_left = 3\n", "    actions_left = 4\n"),
        M("2 actions", "    actions_left = 3\n", "    actions_left = 2\n"),
        M("pilot flies every action", "    actions_left = 3\n    pilot_flew = false\n", "    actions_left = 3\n"),
        M("flood before search", "    search_for_treasure()\n    flood_phase()", "    flood_phase()\n    search_for_treasure()"),
        M("role not re-rolled", "    current_role = role_for_roll[roll(number_die)]\n", ""),
        M("explorer not diagonal", "if current_role == explorer then neighbours(s) + diagonals(s) else", "if false then neighbours(s) + diagonals(s) else"),
        M("everyone diagonal", "if current_role == explorer then neighbours(s) + diagonals(s) else neighbours(s)", "neighbours(s) + diagonals(s)"),
        M("move onto sunk spaces", "define move_targets: list of space = [s for s in steps(pawn) if unsunk(s)]", "define move_targets: list of space = steps(pawn)"),
        M("navigator moves three", "within(pawn, 2, x => unsunk(x))", "within(pawn, 3, x => unsunk(x))"),
        M("navigator not offered", "if actions_left > 0 and current_role == navigator:", "if false:"),
        M("diver swims through dry", "reachable(start, x => x.flood != dry)", "reachable(start, x => true)"),
        M("diver swims only through flooded", "reachable(start, x => x.flood != dry)", "reachable(start, x => x.flood == flooded)"),
        M("diver ends on sunk", "[s for s in reachable(start, x => x.flood != dry) if unsunk(s) and s != start]", "[s for s in reachable(start, x => x.flood != dry) if s != start]"),
        M("pilot flies twice", " and current_role == pilot and not pilot_flew:", " and current_role == pilot:"),
        M("pilot flies onto sunk", "define fly_targets: list of space = [s for s in space if unsunk(s) and s != pawn]", "define fly_targets: list of space = [s for s in space if s != pawn]"),
        M("shore up not own space", "define shore_targets: list of space = [s for s in [pawn] + steps(pawn) if s.flood == flooded]", "define shore_targets: list of space = [s for s in steps(pawn) if s.flood == flooded]"),
        M("shore up sunk", "define shore_targets: list of space = [s for s in [pawn] + steps(pawn) if s.flood == flooded]", "define shore_targets: list of space = [s for s in [pawn] + steps(pawn) if s.flood != dry]"),
        M("engineer not offered", "if actions_left > 0 and current_role == engineer:", "if false:"),
        M("engineer for everyone", "if actions_left > 0 and current_role == engineer:", "if actions_left > 0:"),
        M("claim at 4", "t.location == pawn and t.search >= 5]", "t.location == pawn and t.search >= 4]"),
        M("claim from anywhere", "t.location == pawn and t.search >= 5]", "t.search >= 5]"),
        M("claim is free", "                t.claimed = true\n                actions_left -= 1\n", "                t.claimed = true\n"),
        M("no Pass", '            option "Pass" if actions_left > 0:\n                actions_left -= 1\n', ""),
        M("win away from the platform", "if special_actions > 0 and pawn == platform and all_claimed:", "if special_actions > 0 and all_claimed:"),
        M("win with three treasures", "if special_actions > 0 and pawn == platform and all_claimed:", "if special_actions > 0 and pawn == platform and count([t for t in treasure if t.claimed]) >= 3:"),
        M("win without a special action", "if special_actions > 0 and pawn == platform and all_claimed:", "if pawn == platform and all_claimed:"),
        M("Air Support costs an action", "                special_actions -= 1\n                pawn = s\n", "                special_actions -= 1\n                actions_left = max(0, actions_left - 1)\n                pawn = s\n"),
        M("Get Digging only near", 'option "Get Digging: shore up {s.name}" for s in space if', 'option "Get Digging: shore up {s.name}" for s in shore_targets if'),
        M("Quick Schooling keeps current role offered", "if special_actions > 0 and r != no_role and r != current_role:", "if special_actions > 0 and r != no_role:"),
        M("specials after actions end", "    while actions_left > 0 or special_actions > 0:", "    while actions_left > 0:"),
        # treasure search
        M("search rolls 2 dice", "    rolled = search_dice(3)", "    rolled = search_dice(2)"),
        M("re-roll rolls 3", "                    if count(kept) < 2:\n                        rolled = search_dice(2)\n                option \"Keep {two[0]}", "                    if count(kept) < 2:\n                        rolled = search_dice(3)\n                option \"Keep {two[0]}"),
        M("claimed colour not re-rolled", "define usable(c: colour): bool = c == black or c == white or not treasure_of(c).claimed", "define usable(c: colour): bool = true"),
        M("black optional", "define keep_one_choices(rolled: list of colour): list of colour = if black in rolled then [black] else unique(rolled)", "define keep_one_choices(rolled: list of colour): list of colour = unique(rolled)"),
        M("two blacks not forced", "        if blacks(rolled) >= 2 and not (can_change and blacks(rolled) == 2):", "        if false:"),
        M("two blacks keep the saved die", "            kept = [black, black]\n        elif", "            kept = take(kept + [black, black], 2)\n        elif"),
        M("keep two: black may be left", "if black not in rolled or black in two])", "])"),
        M("messenger for everyone", "    can_change = current_role == messenger", "    can_change = true"),
        M("messenger never", "    can_change = current_role == messenger", "    can_change = false"),
        M("messenger changes twice", "                    can_change = false\n                    remove c[0] from rolled", "                    remove c[0] from rolled"),
        M("messenger may change to black", "product(unique(rolled), [red, blue, green, yellow])", "product(unique(rolled), [red, blue, green, yellow, black, white])"),
        M("black raises the water 2", "    if d == black:\n        water_level = min(water_level + 1, skull)", "    if d == black:\n        water_level = min(water_level + 2, skull)"),
        M("white cap 2", "        special_actions = min(special_actions + 1, 3)", "        special_actions = min(special_actions + 1, 2)"),
        M("white gives nothing", "        special_actions = min(special_actions + 1, 3)", "        special_actions = special_actions"),
        M("search tracker 2 per die", "        t.search = min(t.search + 1, 5)", "        t.search = min(t.search + 2, 5)"),
        M("no skull check after the search", "    for d in kept:\n        apply_search_die(d)\n    # Both saved dice count, the black one as much as the other: the water is checked once every\n    # saved die has moved its tracker.\n    if water_level >= skull:", "    for d in kept:\n        apply_search_die(d)\n    if false:"),
        # flooding
        M("no re-roll of a space flooded this turn", " or (s in flooded_this_turn and not every_unsunk_flooded)", ""),
        M("sunk space floods again", "    while s.flood == sunk or (s in flooded_this_turn", "    while (s in flooded_this_turn"),
        M("flooded space stays flooded", "    else:\n        sink(s)", "    else:\n        pass"),
        M("dry space sinks", "    if s.flood == dry:\n        s.flood = flooded", "    if false:\n        s.flood = flooded"),
        M("sinking does not raise the water", "counts it.\n    water_level = min(water_level + 1, skull)", "counts it."),
        M("platform sinking not the end", "    if s == platform:\n        end game", "    if false:\n        end game"),
        M("treasure sinking not the end", "    for t in treasure if t.location == s and not t.claimed:", "    for t in treasure if false:"),
        M("claimed treasure sinks too", "    for t in treasure if t.location == s and not t.claimed:", "    for t in treasure if t.location == s:"),
        M("no escape", "    if pawn == s:\n        escape_from(s)", "    if false:\n        escape_from(s)"),
        M("escape: pilot swims", "if current_role == pilot then fly_targets", "if false then fly_targets"),
        M("escape: diver walks", "else if current_role == diver then swim_targets(s)", "else if false then swim_targets(s)"),
        M("escape always possible diagonally", "else [t for t in steps(s) if unsunk(t)]", "else [t for t in neighbours(s) + diagonals(s) if unsunk(t)]"),
        M("skull at 13", "define skull: int = 14", "define skull: int = 13"),
        # scoring
        M("score: win 40", "define score(p: player): int = 50 *", "define score(p: player): int = 40 *"),
        M("score: treasure 10", "+ 15 * count([t for t in treasure if t.claimed])", "+ 10 * count([t for t in treasure if t.claimed])"),
        M("score: water 4 a square", "+ 5 * (skull - water_level)", "+ 4 * (skull - water_level)"),
        M("score: dry 1", "+ 2 * count([s for s in space if s.flood == dry])", "+ count([s for s in space if s.flood == dry])"),
        M("score: flooded 2", "+ count([s for s in space if s.flood == flooded])", "+ 2 * count([s for s in space if s.flood == flooded])"),
        M("score: claimed trackers count", "+ sum([t.search for t in treasure if not t.claimed])", "+ sum([t.search for t in treasure])"),
        M("score: no trackers", " + sum([t.search for t in treasure if not t.claimed])", ""),
        M("winner without winning", "winners: [p for p in players if won]", "winners: players"),
        # a second batch
        M("treasure on any colour", "        spot = space_of(t.colour, roll(number_die))\n        while", "        spot = roll_space\n        while"),
        M("water rises after the platform ends it", "    water_level = min(water_level + 1, skull)\n    # \"If 'Idiot's Platform' sinks", "    # \"If 'Idiot's Platform' sinks"),
        M("no skull check when a space sinks", "    if water_level >= skull:\n        end game \"The water level reached the skull and crossbones.\"\n    if pawn == s:", "    if pawn == s:"),
        M("messenger may change to the same colour", "for c in product(unique(rolled), [red, blue, green, yellow]) if c[0] != c[1] and usable(c[1])]", "for c in product(unique(rolled), [red, blue, green, yellow]) if usable(c[1])]"),
        M("messenger change to a claimed colour", "for c in product(unique(rolled), [red, blue, green, yellow]) if c[0] != c[1] and usable(c[1])]", "for c in product(unique(rolled), [red, blue, green, yellow]) if c[0] != c[1]]"),
        M("messenger change need not fit", "if can_change and change_fits(c[0], rolled, count(kept)):", "if can_change:"),
        M("messenger two blacks: both change", "                    kept = [c, black]\n", "                    kept = [c, c]\n"),
        M("messenger re-roll after the changed die: 3", "                    changed = []\n                    if count(kept) < 2:\n                        rolled = search_dice(2)", "                    changed = []\n                    if count(kept) < 2:\n                        rolled = search_dice(3)"),
        M("Get Digging a sunk space", 'for s in space if special_actions > 0 and s.flood == flooded:', 'for s in space if special_actions > 0 and s.flood != dry:'),
        M("navigator through sunk spaces", "within(pawn, 2, x => unsunk(x))", "within(pawn, 2, x => true)"),
        M("explorer shores up straight only", "define shore_targets: list of space = [s for s in [pawn] + steps(pawn)", "define shore_targets: list of space = [s for s in [pawn] + neighbours(pawn)"),
        M("explorer escapes straight only", "else [t for t in steps(s) if unsunk(t)]", "else [t for t in neighbours(s) if unsunk(t)]"),
        M("role rolled before the flood", "    flood_phase()\n    # \"Finally, roll the number die to determine your role for the next turn.\"\n    current_role = role_for_roll[roll(number_die)]", "    current_role = role_for_roll[roll(number_die)]\n    flood_phase()"),
        M("score: sunk spaces count 1", "+ count([s for s in space if s.flood == flooded])", "+ count([s for s in space if s.flood != dry])"),
        M("score: water squares to 13", "+ 5 * (skull - water_level)", "+ 5 * (skull - 1 - water_level)"),
        M("Air Support fly anywhere incl. here", 'option "Air Support: fly to {s.name}" for s in fly_targets if', 'option "Air Support: fly to {s.name}" for s in [x for x in space if unsunk(x)] if'),
        M("setup: a black die raises the water", "        apply_search_die(roll(colour_die, c => c != black))", "        apply_search_die(roll(colour_die, c => true))"),
        M("treasure tracker uncapped at 5", "        t.search = min(t.search + 1, 5)", "        t.search = min(t.search + 1, 6)"),
        M("diver swims from a dry start only through flood", "define diver_targets: list of space = [s for s in swim_targets(pawn) if s not in move_targets]", "define diver_targets: list of space = [s for s in swim_targets(pawn) if s not in move_targets and s.flood == dry]"),
        M("pilot's flight blocks Air Support", 'option "Air Support: fly to {s.name}" for s in fly_targets if special_actions > 0:', 'option "Air Support: fly to {s.name}" for s in fly_targets if special_actions > 0 and not pilot_flew:'),
        M("two blacks kept even with a saved black", "        if blacks(rolled) >= 2 and not", "        if blacks(rolled) + blacks(kept) >= 2 and not"),
        # a third batch
        M("engineer shores two anywhere", "for two in pairs(shore_targets) if actions_left > 0 and current_role == engineer:", "for two in pairs([s for s in space if s.flood == flooded]) if actions_left > 0 and current_role == engineer:"),
        M("a claimed treasure claimed again", "define claimable: list of treasure = [t for t in treasure if not t.claimed and", "define claimable: list of treasure = [t for t in treasure if"),
        M("keep two after saving one", "for two in keep_two_choices(rolled) if count(kept) == 0 and count(changed) == 0:", "for two in keep_two_choices(rolled) if count(kept) < 2 and count(changed) == 0:"),
        M("diver escapes on foot", "else if current_role == diver then swim_targets(s) else", "else if current_role == diver then [t for t in steps(s) if unsunk(t)] else"),
        M("navigator moves two straight only", "define navigator_targets: list of space = [s for s in within(pawn, 2, x => unsunk(x)) if s not in move_targets]", "define navigator_targets: list of space = [s for s in within(pawn, 2, x => unsunk(x)) if s not in move_targets and (s.row == pawn.row or s.col == pawn.col)]"),
        M("setup floods may hit the platform twice", "        while s.flood == flooded:\n            s = roll_space\n        s.flood = flooded", "        s.flood = flooded"),
    ]
    return ms


# ---------------------------------------------------------------------------- Smackshapes (+ Colorcracks)

CC = "variants/colorcracks.rules"
# A case cannot check a printed field (T030): a card's misprint shows only in a round that turns on it.
# A base card's 4, 6 or 8 read one higher still sits between the same base numbers.
CARD_DATA = ("a base card's number one higher (5, 7, 9) orders it the same among the base cards, and beside the "
             "expansion's card of that number its action mostly decides; tests/test_smackshapes_cards.py checks the card list")


def smackshapes_mutants(book: Path) -> list[Mutant]:
    ms = []
    # A card's ranking read with its first two shapes swapped, or its number misprinted.
    for line in (book / "cards.yaml").read_text().splitlines():
        m = re.search(r'name: "([^"]+)".*number: (\d+), first: (\w+), second: (\w+)', line)
        if m:
            ms.append(M(f"cards: {m.group(1)} ranks {m.group(4)} first", line,
                        line.replace(f"first: {m.group(3)}, second: {m.group(4)}", f"first: {m.group(4)}, second: {m.group(3)}"), "cards.yaml"))
            n = int(m.group(2))
            ms.append(M(f"cards: {m.group(1)} shows {n + 1}", line, line.replace(f"number: {n},", f"number: {n + 1},"), "cards.yaml",
                        unseen=CARD_DATA if n >= 4 else ""))
    for line in (book / "variants" / "colorcracks.yaml").read_text().splitlines():
        m = re.search(r'name: "([^"]+)".*action: (\w+)', line)
        if m:
            other = "reversed_ranking" if m.group(2) != "reversed_ranking" else "lowest_number"
            ms.append(M(f"colorcracks cards: {m.group(1)} does {other}", line, line.replace(f"action: {m.group(2)}", f"action: {other}"), "variants/colorcracks.yaml"))
    ms += [
        # the deal and the round
        M("deal 4 cards", "        draw 3 from deck to p.hand", "        draw 4 from deck to p.hand"),
        M("deal 2 cards", "        draw 3 from deck to p.hand", "        draw 2 from deck to p.hand"),
        M("first seat is always the Smackhead", "    smackhead = pick(players)", "    smackhead = first(players)"),
        M("the ranking from the last card played", "        if p == smackhead:\n            smackhead_card = c", "        smackhead_card = c"),
        M("cards played stay in hand", "        move c from p.hand to table\n", "        add c to table\n"),
        M("ranking read backwards", "define rank(c: card): int = index_of(ranking, c.shape)", "define rank(c: card): int = 3 - index_of(ranking, c.shape)"),
        M("ranking skips the first shape", "define ranking: list of shape = [smackhead_card.first, smackhead_card.second, smackhead_card.third, smackhead_card.fourth]",
          "define ranking: list of shape = [smackhead_card.second, smackhead_card.first, smackhead_card.third, smackhead_card.fourth]"),
        M("lowest number wins a shape tie", "define best_number_of(cs: list of card, r: int): int = max(", "define best_number_of(cs: list of card, r: int): int = min("),
        M("every card of the best shape wins", "define best_of(cs: list of card, r: int): list of card = numbered(cs, r, best_number_of(cs, r))",
          "define best_of(cs: list of card, r: int): list of card = [c for c in cs if rank(c) == r]"),
        M("the number only, no shape", "define numbered(cs: list of card, r: int, n: int): list of card = [c for c in cs if rank(c) == r and c.number == n]",
          "define numbered(cs: list of card, r: int, n: int): list of card = [c for c in cs if c.number == n]"),
        M("a late right tap also wins", "        if right and c not in tapped:", "        if right:"),
        M("a wrong tap wins", "        right = correct(c)\n", "        right = true\n"),
        M("taps from seat 1, not the Smackhead", "    secretly each p in players_from(smackhead) chooses c from tap_targets", "    secretly each p in players chooses c from tap_targets"),
        M("the last tapper wins", "        winner = first(round_winners)\n        say \"{winner} wins {count(table)} cards and becomes", "        winner = last(round_winners)\n        say \"{winner} wins {count(table)} cards and becomes",
          equivalent="every shape-and-number pair exists once, so the base game has one winning card and one winner at most"),
        M("the winner does not become the Smackhead", "        move table from table to winner.score_pile\n        smackhead = winner", "        move table from table to winner.score_pile"),
        M("no correct tap: the Smackhead still changes", "        say \"Nobody smacked a winning card: the cards are discarded.\"\n        move table from table to discard\n    else:\n        winner = first(round_winners)\n        say",
          "        say \"Nobody smacked a winning card: the cards are discarded.\"\n        move table from table to discard\n        smackhead = next_player(smackhead)\n    else:\n        winner = first(round_winners)\n        say"),
        M("no correct tap: the cards stay on the table", "        say \"Nobody smacked a winning card: the cards are discarded.\"\n        move table from table to discard\n    else:\n        winner = first(round_winners)\n        say",
          "        say \"Nobody smacked a winning card: the cards are discarded.\"\n    else:\n        winner = first(round_winners)\n        say"),
        M("the winner's pile is public", "player zone score_pile: card, hidden", "player zone score_pile: card, public"),
        M("hands are public", "player zone hand: card, owner", "player zone hand: card, public"),
        M("the game ends only when all are out", "    if any([count(p.hand) == 0 for p in players]):", "    if all([count(p.hand) == 0 for p in players]):"),
        M("the game ends with one card left", "    if any([count(p.hand) == 0 for p in players]):", "    if any([count(p.hand) <= 1 for p in players]):"),
        M("score counts one less", "define score(p: player): int = count(p.score_pile)", "define score(p: player): int = count(p.score_pile) - 1",
          equivalent="every score one lower orders the players the same"),
        M("score is the hand left", "define score(p: player): int = count(p.score_pile)", "define score(p: player): int = count(p.hand)"),
        # Colorcracks
        M("CC: inversion needs two colours", "define inverted: bool = count(unique([c.colour for c in table])) == 1", "define inverted: bool = count(unique([c.colour for c in table])) <= 2", CC),
        M("CC: no inversion", "define inverted: bool = count(unique([c.colour for c in table])) == 1", "define inverted: bool = false", CC),
        M("CC: reversed ranking does not undo the inversion", "define reversed: bool = inverted != in_force(reversed_ranking)", "define reversed: bool = inverted or in_force(reversed_ranking)", CC),
        M("CC: reversed ranking ignored", "define reversed: bool = inverted != in_force(reversed_ranking)", "define reversed: bool = inverted", CC),
        M("CC: inversion keeps the highest number", "define lowest: bool = inverted or in_force(lowest_number)", "define lowest: bool = in_force(lowest_number)", CC),
        M("CC: lowest-number card ignored", "define lowest: bool = inverted or in_force(lowest_number)", "define lowest: bool = inverted", CC),
        M("CC: lowest number undoes the inversion", "define lowest: bool = inverted or in_force(lowest_number)", "define lowest: bool = inverted != in_force(lowest_number)", CC),
        M("CC: ignore colour ignored", "c.colour not in ignored_colours and ", "", CC),
        M("CC: ignore shape ignored", "c.shape not in ignored_shapes and ", "", CC),
        M("CC: Smackhead's card may win", " and not (in_force(smackhead_loses) and c == smackhead_card)", "", CC),
        M("CC: Smackhead's card never wins", "not (in_force(smackhead_loses) and c == smackhead_card)", "not (c == smackhead_card)", CC),
        M("CC: the action card itself exempt from its ignore", "define ignored_colours: list of colour = [c.colour for c in acting(ignore_colour)]", "define ignored_colours: list of colour = []", CC),
        M("CC: colour wins ignores what may not win", "then [c for c in candidates if c.colour in winning_colours]", "then [c for c in table if c.colour in winning_colours]", CC),
        M("CC: colour wins only its best card", "then [c for c in candidates if c.colour in winning_colours] else", "then best_of([c for c in candidates if c.colour in winning_colours], best_rank_of([c for c in candidates if c.colour in winning_colours])) else", CC),
        M("CC: no Nothing to smack!", "replace define tap_targets: list of card = table + [none]", "replace define tap_targets: list of card = table", CC),
        M("CC: Nothing to smack! always wrong", "replace define tap_targets: list of card = table + [none]\n", "replace define tap_targets: list of card = table + [none]\nreplace define correct(c: card): bool = if c == none then false else c in winning\n", CC),
        M("CC: shared win all to the first", "        if count(round_winners) == 1:\n", "        if true:\n", CC),
        M("CC: shares from seat 1", "            sharers = [p for p in players_from(smackhead) if p in round_winners]", "            sharers = [p for p in players if p in round_winners]", CC),
        M("CC: shares in tap order", "            sharers = [p for p in players_from(smackhead) if p in round_winners]", "            sharers = round_winners", CC),
        M("CC: leftovers to the first winner", "            move table from table to discard\n            say \"{winner} becomes", "            move table from table to winner.score_pile\n            say \"{winner} becomes", CC),
        M("CC: one card each", "            repeat each times:", "            repeat 1 times:", CC),
        M("CC: shared win keeps the Smackhead", "            say \"{winner} becomes the Smackhead.\"\n        smackhead = winner", "            say \"{winner} becomes the Smackhead.\"\n        if count(round_winners) == 1:\n            smackhead = winner", CC),
        M("CC: shared win, last winner Smackhead", "    else:\n        winner = first(round_winners)\n        if count(round_winners) == 1:", "    else:\n        winner = last(round_winners)\n        if count(round_winners) == 1:", CC),
        # a second batch
        M("the game end checked before the award", "    award()\n    # \"The game ends as soon as somebody is out of (hand) cards.\"\n    if any(", "    # \"The game ends as soon as somebody is out of (hand) cards.\"\n    if any("),
        M("CC: inversion only among the cards that may win", "define inverted: bool = count(unique([c.colour for c in table])) == 1", "define inverted: bool = count(unique([c.colour for c in candidates])) == 1", CC),
        M("CC: an action needs two cards", "define in_force(a: action): bool = count(acting(a)) > 0", "define in_force(a: action): bool = count(acting(a)) > 1", CC),
        M("CC: Nothing to smack! right with one winner", "replace define tap_targets: list of card = table + [none]\n", "replace define tap_targets: list of card = table + [none]\nreplace define correct(c: card): bool = if c == none then count(winning) <= 1 else c in winning\n", CC),
        M("CC: ignore colour ignores every other colour", "c.colour not in ignored_colours and", "(count(ignored_colours) == 0 or c.colour in ignored_colours) and", CC),
        M("CC: a shared win counted as one winner's", "            each = count(table) / count(sharers)", "            each = count(table) / count(round_winners) + 0", CC,
          equivalent="the sharers are the round's winners in another order"),
        M("CC: colour wins leaves the best card too", "then [c for c in candidates if c.colour in winning_colours] else", "then unique([c for c in candidates if c.colour in winning_colours] + best_of(candidates, best_rank_of(candidates))) else", CC),
        M("taps ordered from the last seat", "    secretly each p in players_from(smackhead) chooses c from tap_targets", "    secretly each p in reverse(players_from(smackhead)) chooses c from tap_targets"),
        # a third batch
        M("deck public", "zone deck: card, hidden", "zone deck: card, public"),
        M("round winners not cleared", "    tapped = []\n    round_winners = []\n", "    tapped = []\n"),
        M("CC: shares chosen for the winners", '                    choose c from table labelled "Take {c}" by p prompt "Take a card of your share"\n', '                    c = first(table)\n', CC),
        M("CC: leftovers kept on the table", "            move table from table to discard\n            say \"{winner} becomes", "            say \"{winner} becomes", CC),
        M("CC: Nothing to smack! never offered when a card wins", "replace define tap_targets: list of card = table + [none]", "replace define tap_targets: list of card = if count(winning) > 0 then table else table + [none]", CC),
    ]
    return ms


GAMES = {"smackatoa": smackatoa_mutants, "abatteroxie": abatteroxie_mutants, "smores_galore": smores_galore_mutants,
         "taboo_atoll_express": taboo_atoll_express_mutants, "smackshapes": smackshapes_mutants}


def apply(m: Mutant, root: Path) -> None:
    path = root / m.file
    text = path.read_text()
    n = text.count(m.old)
    if n == 0 or (m.nth == 0 and n > 1):
        raise ValueError(f"mutant {m.name!r}: the text to replace occurs {n} times in {m.file}")
    at = -1
    for _ in range(max(m.nth, 1)):
        at = text.index(m.old, at + 1)
    path.write_text(text[:at] + m.new + text[at + len(m.old):])


def cli_run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            rc = cli.main(argv)
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 1
        except Exception as e:                          # a crash kills the mutant too
            return 3, repr(e)
    return rc or 0, out.getvalue()


def run_one(game: str, m: Mutant) -> tuple[str, str]:
    with tempfile.TemporaryDirectory(prefix="mutant_") as tmp:
        root = Path(tmp) / game
        shutil.copytree(REPO / "rulebooks" / game, root)
        apply(m, root)
        rc, out = cli_run(["check", str(root)])
        if rc not in (0,):
            return "invalid", out.strip().splitlines()[0] if out.strip() else f"exit {rc}"
        return run_cases(root)


def run_cases(root: Path) -> tuple[str, str]:
    """Runs the copy's cases, smallest file first, and stops at the first that fails."""
    files = sorted((root / "scenarios").glob("*.yaml"), key=lambda f: f.stat().st_size)
    report = scenarios.Report()
    games: dict = {}
    for path in files:
        doc = scenarios.read_file(path, path.name, report.sources)
        if isinstance(doc, scenarios.Failure):
            return "killed", f"{path.name}: unreadable"
        runner = scenarios._FileRunner(path, path.name, doc, games)
        for i, case in enumerate(doc["cases"]):
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                try:
                    ok = runner.run(i, case).ok
                except Exception as e:                  # a crash kills the mutant too
                    return "killed", f"{path.name}: {case['name']}: crash {e!r}"[:200]
            if not ok:
                return "killed", f"{path.name}: {case['name']}"
    return "SURVIVED", ""


def main(argv: list[str]) -> int:
    games = [a for a in argv if a in GAMES]
    words = argv[argv.index("-k") + 1] if "-k" in argv else ""
    for game in games:
        ms = [m for m in GAMES[game](REPO / "rulebooks" / game) if any(w in m.name for w in words.split("|"))]
        if "--list" in argv:
            for m in ms:
                print(f"{game}: {m.name}")
            continue
        results = []
        for m in ms:
            verdict, why = run_one(game, m)
            tag = verdict + (" (equivalent)" if m.equivalent and verdict == "SURVIVED" else
                             " (unseen)" if m.unseen and verdict == "SURVIVED" else "")
            print(f"{game}: {tag:22} {m.name}  {why[:100]}", flush=True)
            results.append({"name": m.name, "verdict": verdict, "equivalent": m.equivalent, "unseen": m.unseen,
                            "why": why[:300]})
        counts = {v: sum(r["verdict"] == v for r in results) for v in ("killed", "SURVIVED", "invalid")}
        print(f"{game}: {len(results)} mutants: {counts}")
        Path(f"/tmp/mutants_{game}.json").write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
