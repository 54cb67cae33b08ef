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
        M("one card for both numbers", "if pr[0] != pr[1] and alike_first", "if alike_first",
          equivalent="alike_first looks for the second card among the hand without the first, so it is never the first"),
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
        M("played cards discarded after the redraw", "    move current.played from current.played to current.discard\n    while count(current.hand) < hand_size and count(current.deck) + count(current.discard) > 0:", "    while count(current.hand) < hand_size and count(current.deck) + count(current.discard) > 0:"),
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
        M("Battle Royale from the bottom right", "    for t in open_tiles:\n        battle_on(t)", "    for t in reverse(open_tiles):\n        battle_on(t)"),
        M("Battle Royale holders from seat 1", "    holders = [p for p in players_from(current) if on_tile(t, p) == most]", "    holders = [p for p in players if on_tile(t, p) == most]"),
        M("Battle Royale: one majority holder only", "    for p in holders:\n        victims", "    for p in take(holders, 1):\n        victims"),
        M("Battle Royale: shared majority, nothing happens", "    if count(minority) == 0:\n        return\n    for p in holders:", "    if count(minority) == 0 or count(holders) > 1:\n        return\n    for p in holders:"),
        M("Battle Royale: victims to the current team", "to p.tiebreakers\n        say \"Battle Royale", "to current.tiebreakers\n        say \"Battle Royale"),
        M("Battle Royale: victims not kept", "to p.tiebreakers\n        say \"Battle Royale", "to fallen\n        say \"Battle Royale"),
        M("Battle Royale: victim chosen for you", "        if count(victims) > 1:\n            choose victim", "        if false:\n            choose victim"),
        M("Battle Royale: the current team chooses", 'labelled "Eliminate a {colour(victim)} battler on {t}" by p prompt', 'labelled "Eliminate a {colour(victim)} battler on {t}" prompt'),
        M("Battle Royale: two eliminations each", "        move first([b for b in t.battlers if b.owner == victim]) from t.battlers to p.tiebreakers", "        move take([b for b in t.battlers if b.owner == victim], 2) from t.battlers to p.tiebreakers"),
        M("Battle Royale: lone team tile skipped test dropped", "    if count(teams_on(t)) < 2:\n        return\n", "",
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
        M("Battle Royale on the centre skipped", "    for t in open_tiles:\n        battle_on(t)", "    for t in open_tiles if t != centre:\n        battle_on(t)"),
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


GAMES = {"smackatoa": smackatoa_mutants, "abatteroxie": abatteroxie_mutants}


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
