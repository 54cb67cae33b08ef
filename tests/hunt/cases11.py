"""The cases of the broken-rulebook hunt, round 11: (1) several mistakes in one rulebook at
once (two or three slips in different rules, in a rule and a data file, in a base and its
variant; a misspelt declaration, an unknown type or a syntax error beside later slips), judged
by harness.verdict_multi: TOLD means every edited line is named by an error at its own
file:line, a file's edits top to bottom (files in any order), the first error at one of the
edits, at most one error for each edit (plus a case's `extra`: a follow-on error that repeats a
mistake at each use buries the others) and each edit's first error holding that edit's words;
(2) scenario files using the newest format (`seen by Player N: {options, offered, prompt}`,
`when said`, forced dice, a timed move's `time`, a move misspelt or given to the wrong seat, a
hidden thing expected from a seat that cannot see it, a case for a variant naming the base, a
setup putting one card in two places): the first failure of `tabletop test` must name the
scenario file's line and hold the words of the fix; (3) round 10's leftovers beside three new
ones (two `{x.name}` on one line, a `last(kept) + 1` side, `remove var NAME` misspelt). Each is
a Case of harness.py; `python tests/hunt/cases11.py [VERDICTS]` runs them and prints each result
(only those of the verdicts named, as "missed some,noisy") and the counts. A tool, not a test:
the tests that keep what it found are in tests/test_hunt11.py."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import Case  # noqa: E402

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
RA, TR5, SQ = (str(HERE / "games5" / g) for g in ("race", "tricks", "squares"))
AU, DI, MI, MK, DR, FL, YA, FW, BO = (str(TESTS / "games" / g) for g in
                                      ("auction", "dice", "mini", "market", "draft", "flip", "yacht", "fireworks", "board"))
T, S, A, K, H = "taboo_atoll_express", "smores_galore", "abatteroxie", "smackatoa", "smackshapes"
G = "game.rules"
X = "variants/x.rules"
XY = "variants/x.yaml"
CS = "variants/calm_seas.rules"
CC = "variants/colorcracks.rules"
CASES = []


def m(group, name, book, edits, words=(), **kw):
    """Several edits at once (G's when a tuple has two items: (old, new)), checked."""
    edits = [e if len(e) == 3 else (G, *e) for e in edits]
    CASES.append(Case(name, book, edits, tuple(tuple(w) for w in words), group=group, multi=True, **kw))


def mv(group, name, book, base_edits, text, words=(), data=None, **kw):
    """Edits of the base (G) and a new variant x.rules (its mistakes marked '^'), checked with it."""
    edits = [(G, *e) for e in base_edits] + [(X, 'extends "../game.rules"\n' + text)]
    if data is not None:
        edits.append((XY, data))
    CASES.append(Case(name, book, edits, tuple(tuple(w) for w in words), group=group, multi=True,
                      args=("--variant", "x"), **kw))


# ================================================================== 1. several mistakes at once
n = "two slips"
m(n, "mini: a field misspelt and a variable misspelt in a say", MI,
  [("        p.points += c.value\n", "        p.points += c.^valu\n"), ('    say "target is {target}"', '    say "target is {^targt}"')],
  [["value"], ["target"]])
m(n, "mini: a call with one argument too many, and an unknown function", MI,
  [("    target = next_player(current)\n", "    target = ^next_player(current, 1)\n"),
   ("    draw 1 from deck to current.hand\n", "    draw 1 from deck to ^hand_of(current)\n")],
  [["next_player"], ["hand_of"]])
m(n, "dice: a number added to a list, and a text compared to a number", DI,
  [("            add f to kept\n", "            add f to kept\n            at_stake += ^kept\n"),
   ("    if p.banked >= summit[length]:", "    if p.banked >= ^\"summit\":")],
  [["at_stake"], []])
m(n, "dice: a reaction's event misspelt and a rule called with too few arguments", DI,
  [("reaction call_a_bust on rolling_again(roller)", "reaction call_a_bust on ^rolling_agian(roller)"),
   ("                bank(q, 5)\n", "                ^bank(q)\n")],
  [["rolling_again"], ["bank"]])
m(n, "race: a table looked up by a name it lacks, and a die misspelt", RA,
  [("    p.position = min(p.position + n, goal[length])\n    s = here(p)", "    p.position = min(p.position + n, goal[^lenght])\n    s = here(p)"),
   ("    r = roll(d6)\n", "    r = roll(^d8)\n")],
  [["length"], ["d6"]])
m(n, "race: an option label without its quotes, and an end game in the display", RA,
  [('        option "Rest":', '        option ^Rest:'), ('    show "{p}: {p.position}" for p in players', '    show "{p}: {p.position}" for p in ^player')],
  [[], ["players"]])
m(n, "yacht: a category misspelt in a list and a field of an int", YA,
  [("    if cat in [ones, twos, threes, fours, fives, sixes]", "    if cat in [ones, ^two, threes, fours, fives, sixes]"),
   ("    current.total += points_for(cat)\n", "    current.total += ^cat.points\n")],
  [["twos"], []])
m(n, "yacht: three slips: a while without its colon, a misspelt local, a wrong say", YA,
  [("    while rerolls > 0:\n", "    while rerolls > 0^\n"),
   ("    add cat to current.used\n", "    add ^kat to current.used\n"),
   ('    say "{current} scores {points_for(cat)} in {cat} with {dice}."', '    say "{current} scores {^point_for(cat)} in {cat} with {dice}."')],
  [["':'"], ["cat"], ["points_for"]])
m(n, "fireworks: two fields of the same kind misspelt in two rules", FW,
  [("    c = current.hand[i - 1]\n", "    c = current.hand[i - 1]\n    say \"{c.^numbr}\"\n"),
   ("    draw 1 from deck to p.hand", "    draw 1 from deck to p.^hnd")],
  [["number"], ["hand"]])

n = "misspelt declaration"
m(n, "mini: a zone misspelt where it is declared, used twice", MI,
  [("zone table: card, public", "zone ^tabel: card, public")], [["table"]])
m(n, "mini: a player var misspelt where declared, and a field misspelt later", MI,
  [("player var points: int = 0", "player var ^pionts: int = 0"),
   ("    move first([c for c in r.hand if c.name == \"Shield\"]) from r.hand to table", "    move first([c for c in r.hand if c.^nam == \"Shield\"]) from r.hand to table")],
  [["points"], ["name"]])
m(n, "dice: a var misspelt where declared (used in five places), and a number written as a word", DI,
  [("var at_stake: int = 0", "var ^at_stak: int = 0"), ("    p.calls -= 1\n", "    p.calls -= ^one\n")],
  [["at_stake"], ["1"]])
m(n, "race: a kind misspelt where declared", RA, [("kind space from", "kind ^spaces from")], [["space"]])
m(n, "dice: a rule misspelt where declared, called twice", DI, [("rule bank(p: player, n: int):", "rule ^bnak(p: player, n: int):")], [["bank"]])
m(n, "yacht: an enum misspelt where declared (type of a var, a parameter and a choice)", YA,
  [("enum category: ones", "enum ^categry: ones")], [["category"]])
m(n, "smackatoa: a var misspelt where declared and another slip later", K,
  [("var level: int in 1 to 4 = 1", "var ^levl: int in 1 to 4 = 1"), ("    played_this_turn += 1\n", "    played_this_turn += ^tru\n")],
  [["level"], ["true"]])
m(n, "smackatoa: a define misspelt where declared, used in many places", K,
  [("define cardholder(p: player): bool", "define ^cardholdr(p: player): bool")], [["cardholder"]])
m(n, "smackatoa: an event misspelt where declared, and its signal", K,
  [("event discarding_all(victim: player)", "event ^discarding_al(victim: player)")], [["discarding_all"]])

n = "unknown type"
m(n, "mini: a var of an unknown type, used in three places", MI, [("var target: player = none", "var target: ^playr = none")], [["player"]])
m(n, "dice: a list of an unknown type, and a later slip", DI,
  [("var kept: list of int = []", "var kept: list of ^integer = []"), ("            return\n", "            ^retrun\n")],
  [["int"], []])
m(n, "race: a kind's field of an unknown type", RA, [("    bonus: int\n", "    bonus: ^number\n")], [["int"]])
m(n, "smackatoa: a define's type misspelt and a parameter's type misspelt", K,
  [("define holds(p: player, t: title): bool", "define holds(p: player, t: ^titel): bool"),
   ("define totems_of(p: player): list of totem", "define totems_of(p: player): list of ^totems")],
  [["title"], ["totem"]])

n = "syntax then more"
m(n, "mini: a say's quote left open, and a later unknown name", MI,
  [('        say "{p} played {c.name} after {t} ms"', '        say "{p} played {c.name} after {t} ms^'),
   ("    target = next_player(r)\n", "    target = next_player(^rr)\n")],
  [["never closed"], ["r"]])
m(n, "dice: a missing colon in a turn, and a later unknown name", DI,
  [("        if new_faces == []:\n", "        if new_faces == []^\n"), ("    p.banked = min(p.banked + n, 100)", "    p.banked = ^mn(p.banked + n, 100)")],
  [["':'"], ["min"]])
m(n, "dice: two syntax errors in two rules", DI,
  [("        if new_faces == []:\n", "        if new_faces == []^\n"), ("    if p.banked >= summit[length]:", "    if p.banked >= summit[length]^")],
  [["':'"], ["':'"]])
m(n, "race: '=' for '==' in a condition, and an unknown name later", RA,
  [("    if s != none and s.bonus > 0:", "    if s != none and s.bonus ^= 0:"), ("        end game \"{current} reaches the end.\"", "        end game \"{^currant} reaches the end.\"")],
  [["=="], ["current"]])
m(n, "yacht: an unclosed bracket in a define, and a later misspelt local", YA,
  [("define most_alike: int = max([dice_showing(f) for f in range(1, 6)])", "define most_alike: int = max([dice_showing(f) for f in range(1, 6)^)"),
   ("    add cat to current.used\n", "    add ^kat to current.used\n")],
  [[], ["cat"]])
m(n, "smackatoa: a syntax error in one rule and two unknown names in later rules", K,
  [("    hand_number += 1\n", "    hand_number += ^= 1\n"), ("    played_this_turn += 1\n", "    played_this_turn += ^tru\n"),
   ("    turn_of = none\n    # \"Play continues", "    turn_of = ^nobody\n    # \"Play continues")],
  [[], ["true"], ["none"]])
m(n, "smackatoa: a keyword misspelt at the start of a rule, and a slip in the next rule", K,
  [("rule refill_deck:", "^rul refill_deck:"), ("        draw 1 from deck to p.hand\n    note_out()", "        draw 1 from ^dek to p.hand\n    note_out()")],
  [["rule"], ["deck"]])
m(n, "taboo: an indentation slip and an unknown name later", T,
  [("    actions_left = 3\n    pilot_flew = false\n", "    actions_left = 3\n  ^      pilot_flew = false\n"),
   ("    repeat floods_per_turn[water_level] times:", "    repeat floods_per_turn[^water_levl] times:")],
  [["indent"], ["water_level"]])
m(n, "mini: a syntax error in the last rule (nothing follows), and one before it", MI,
  [("    p.points += c.value\n", "    p.points += c.^valeu\n"), ("define hand_suits(p: player): list of suit = [c.suit for c in p.hand]", "define hand_suits(p: player): list of suit = [c.suit for c in p.hand^")],
  [["value"], []])

n = "data and rules"
m(n, "mini: a card's value a word, and a rule's unknown name", MI,
  [("cards.yaml", '  - {name: "Two", value: 2, suit: blue}', '  - {name: "Two", value: ^two, suit: blue}'),
   (G, '    say "target is {target}"', '    say "target is {^targt}"')],
  [["value"], ["target"]])
m(n, "mini: a suit misspelt in the data and a field misspelt in the rules", MI,
  [("cards.yaml", '  - {name: "Ace", value: 1, suit: red}', '  - {name: "Ace", value: 1, suit: ^redd}'),
   (G, "        p.points += c.value\n", "        p.points += c.^valu\n")],
  [["red"], ["value"]])
m(n, "race: a field missing in the data and a die misspelt in the rules", RA,
  [("track.yaml", '  - {name: "Meadow", index: 1, bonus: 0}', '  - ^{name: "Meadow", index: 1}'), (G, "    r = roll(d6)\n", "    r = roll(^d8)\n")],
  [["bonus"], ["d6"]])
m(n, "race: the data file not YAML, and an unknown name in the rules", RA,
  [("track.yaml", '  - {name: "Meadow", index: 1, bonus: 0}', '  - {name: "Meadow", index: 1, bonus: 0^'),
   (G, "        end game \"{current} reaches the end.\"", "        end game \"{^currant} reaches the end.\"")],
  [[], ["current"]])
m(n, "smackatoa: a card's title misspelt in the data, and a title misspelt in the rules", K,
  [("cards.yaml", '{name: "Driftwood", title: driftwood,', '{name: "Driftwood", title: ^driftwod,'),
   (G, "define skull: totem = totem \"Evil Looking Skull\"", "define skull: totem = totem \"Evil Looking ^Skul\"")],
  [["driftwood"], ["Evil Looking Skull"]])
m(n, "smackatoa: two data files broken and a rule slip", K,
  [("cards.yaml", '{name: "Jetsam", title: jetsam, type: raft', '{name: "Jetsam", title: jetsam, type: ^rafts'),
   ("totems.yaml", '  - {name: "4", number: 4}', '  - {name: "4", number: ^four}'),
   (G, "    played_this_turn += 1\n", "    played_this_turn += ^tru\n")],
  [["raft"], ["number"], ["true"]])
m(n, "taboo: a treasure's colour misspelt in the data, and a colour misspelt in the rules", T,
  [("treasures.yaml", '{name: "blue treasure", colour: blue}', '{name: "blue treasure", colour: ^bleu}'),
   (G, "    repeat floods_per_turn[water_level] times:", "    repeat floods_per_turn[^water_levl] times:")],
  [["blue"], ["water_level"]])

n = "base and variant"
mv(n, "taboo: a slip in the base and a replace of a name the base lacks", T,
   [("    repeat floods_per_turn[water_level] times:", "    repeat floods_per_turn[^water_levl] times:")],
   "^replace var special_action: int in 0 to 3 = 1\n", [["water_level"], ["special_actions"]])
mv(n, "taboo: two slips in the variant", T, [],
   "^replace var special_action: int in 0 to 3 = 1\nreplace table floods_per_turn:\n    0 to 1 -> ^one\n",
   [["special_actions"], []])
mv(n, "mini: the variant's rule has an unknown name, the base a misspelt field", MI,
   [("        p.points += c.value\n", "        p.points += c.^valu\n")],
   "rule bonus(p: player):\n    p.points += ^pionts\n", [["value"], ["points"]])
mv(n, "race: a variant that removes a rule the base calls, and a slip in the base", RA,
   [("        end game \"{current} reaches the end.\"", "        end game \"{^currant} reaches the end.\"")],
   "^remove rule advance\n", [["current"], ["advance"]])
mv(n, "dice: a variant replacing a table with a wrong key, and a base slip", DI,
   [("    p.banked = min(p.banked + n, 100)", "    p.banked = ^mn(p.banked + n, 100)")],
   "replace table summit:\n    short -> 30\n    ^medium -> 50\n", [["min"], ["medium"]])
mv(n, "smackshapes-like: a variant with a syntax error and an unknown name after it", MI, [],
   "rule bonus(p: player):\n    p.points += 1\n^        pass\nrule malus(p: player):\n    p.points -= ^pionts\n", [[], ["points"]])
mv(n, "yacht: a variant's extend of a kind it lacks, and a replace of a define with an unknown name", YA, [],
   "^extend kind dice from \"x.yaml\":\n    colour: text\nreplace define most_alike: int = max([^dice_show(f) for f in range(1, 6)])\n",
   [["kind"], ["dice_showing"]])
m(n, "dice: an option's default misspelt and a slip in a rule", DI,
  [("option length: short, long = short", "option length: short, long = ^shrot"), ("    p.banked = min(p.banked + n, 100)", "    p.banked = ^mn(p.banked + n, 100)")],
  [["short"], ["min"]])
m(n, "mini: a pattern's enum value misspelt, and a define's field misspelt", MI,
  [("pattern redblue of suit: red, {blue, red}", "pattern redblue of suit: red, {blue, ^rd}"), ("define score(p: player): int = p.points", "define score(p: player): int = p.^point")],
  [["red"], ["points"]])

n = "three slips"
m(n, "race: a range upside down, a rule's unknown name, and a display's misspelt field", RA,
  [("player var position: int in 0 to 20 = 0", "player var position: int in ^20 to 0 = 0"),
   ("    rolls += 1\n", "    ^rols += 1\n"),
   ('    show "{p}: {p.position}" for p in players', '    show "{p}: {p.^positon}" for p in players')],
  [[], ["rolls"], ["position"]])
m(n, "dice: three misspelt names in three rules", DI,
  [("    p.calls -= 1\n", "    p.^cals -= 1\n"), ("            add f to kept\n", "            add f to ^kep\n"), ("    p.banked = min(p.banked + n, 100)", "    p.^banke = min(p.banked + n, 100)")],
  [["calls"], ["kept"], ["banked"]])
m(n, "mini: a type, a zone and a say, one slip each", MI,
  [("var target: player = none", "var target: player = ^nobody"), ("        move c from p.hand to table\n", "        move c from p.hand to ^tabel\n"),
   ('    say "target is {target}"', '    say "target is {target.^nme}"')],
  [["none"], ["table"], []])


# ================================================================== 2. scenario files
SC = "scenarios/x.yaml"

SS = """rest: {card: deck}

cases:
  - name: Each player is offered the cards of their own hand
    players: 2
    force setup: [{shuffle: []}, {pick: Player 1}]
    set:
      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}
      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}
    steps:
      - expect:
          deciding: [Player 1, Player 2]
          seen by Player 1: {options: [Play 1 red circle, Play 2 yellow circles, Play 3 blue circles]}
          seen by Player 2:
            prompt: Pick the card you will play
            options: [Play 8 yellow squares, Play 4 green circles, Play 6 green circles]
            not offered: [Play 1 red circle]
            Player 1: {hand: [hidden, hidden, hidden]}
      - {move: Play 2 yellow circles, by: Player 1}
      - expect:
          deciding: [Player 2]
          seen by Player 2: {options: {count: 3, has: [Play 8 yellow squares]}}

  - name: At the round's end the winner takes the cards
    players: 2
    force setup: [{shuffle: []}, {pick: Player 1}]
    set:
      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}
      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}
    steps:
      - {move: Play 1 red circle, by: Player 1}
      - {move: Play 8 yellow squares, by: Player 2}
      - {move: Smack 1 red circle, by: Player 1, time: 0.4}
      - {move: Smack 8 yellow squares, by: Player 2, time: 0.5}
      - expect:
          round_winners: [Player 2]
          table: [1 red circle, 8 yellow squares]
          smackhead: Player 1
        when said: Player 2 wins 2 cards
      - expect:
          smackhead: Player 2
          table: []
          deciding: [Player 2, Player 1]
"""

MINI = """rest: {card: deck}

cases:
  - name: The race reveals in order of reaction time, then the target may react
    players: 2
    set:
      Player 1: {hand: [Ace, Shield]}
      Player 2: {hand: [Two, Shield]}
    steps:
      - expect: {deciding: [Player 1, Player 2], prompt: Choose in secret}
      - move: Play Ace
        by: Player 1
        time: 0.8
      - move: Play Two
        by: Player 2
        time: 0.3
      - expect:
          log: [Player 2 played Two after 300 ms, Player 1 played Ace after 800 ms]
          deciding: [Player 2]
          options: [Play a Shield, Don't react]
      - move: Play a Shield
        by: Player 2
      - expect: {target: Player 1}
"""

DICE = """cases:
  - name: The kept die's face is added to the points at stake
    players: 2
    force setup: [3, 5, 5]
    steps:
      - move: Keep the 5
      - expect:
          at_stake: 5
          options: [Roll again, Bank 5 points]
      - move: Roll again
      - force: [5, 5, 2]
      - {move: Don't react, by: Player 2}
      - expect:
          options: [Keep the 2]
          not offered: [Keep the 5]
"""

KFT = """rest: {card: deck}

common:
  totems: &totems
    "2": {holder: Player 1}
    "3": {holder: Player 1}
    "4": {holder: Player 1}
    "5": {holder: Player 1}
    "6": {holder: Player 2}
    "7": {holder: Player 2}
    "8": {holder: Player 2}
    "9": {holder: Player 2}
    "10": {holder: Player 3}
    "11": {holder: Player 3}
    "12": {holder: Player 3}
    Evil Looking Skull: {holder: Player 3}

cases:
  - name: Fast Talk shows its player the other player's cards
    players: 3
    set:
      totem: *totems
      leader: Player 1
      Player 1: {hand: [Fast Talk, Flotsam]}
      Player 2: {hand: [Jetsam]}
      Player 3: {hand: [Coconut Tree, Taboo Tree]}
    steps:
      - move: Play Fast Talk
      - expect:
          seen by Player 1: {options: [Fast Talk Player 2, Fast Talk Player 3]}
      - move: Fast Talk Player 3
      - expect:
          seen by Player 1:
            prompt: "Player 3's hand: take one card"
            options: [Take Coconut Tree, Take Taboo Tree]
            Player 3: {hand: [Coconut Tree, Taboo Tree]}
      - move: Take Taboo Tree
      - expect: {Player 1: {hand: {has: [Taboo Tree, Flotsam], count: 2}}}

  - name: The scores as they stand when a hand ends
    players: 3
    set:
      totem: *totems
      leader: Player 1
      Player 1: {hand: [Flotsam]}
      Player 2: {hand: [Flotsam]}
      Player 3: {hand: [Flotsam]}
    steps:
      - moves: [Play Flotsam, Play Flotsam, Play Flotsam]
      - expect:
          hand_number: 1
          Player 1: {points: 50, hand: []}
          volcano: {points: 75}
        when said: After hand 1
"""


def s(group, name, book, template, old=None, new=None, words=(), **kw):
    """A new scenario file x.yaml (the template with `old` replaced by `new`, whose '^' marks the
    line the failure belongs at), run by `tabletop test`."""
    text = template
    if old is not None:
        assert old in text, f"{name}: no {old!r}"
        text = text.replace(old, new, 1)
    CASES.append(Case(name, book, [(SC, text)], tuple(words), cmd="test", group=group, **kw))


n = "templates"
s(n, "smackshapes: the seen-by template passes", H, SS, valid=True)
s(n, "mini: the timed template passes", MI, MINI, valid=True)
s(n, "dice: the forced-dice template passes", DI, DICE, valid=True)
s(n, "smackatoa: the Fast Talk template passes", K, KFT, valid=True)

n = "seen by"
s(n, "a seat past the last", H, SS, "          seen by Player 1: {options: [Play 1", "          ^seen by Player 3: {options: [Play 1", ["Player 3", "Player 2"])
s(n, "another seat's options expected", H, SS, "            options: [Play 8 yellow squares, Play 4 green circles, Play 6 green circles]",
  "            ^options: [Play 1 red circle, Play 2 yellow circles, Play 3 blue circles]", ["Player 2", "Play 8 yellow squares"])
s(n, "the prompt misspelt", H, SS, "            prompt: Pick the card you will play", "            ^prompt: Pick the card you wil play", ["Pick the card you will play"])
s(n, "another seat's card offered", H, SS, "            not offered: [Play 1 red circle]", "            ^offered: [Play 1 red circle]", ["Player 2", "Play 1 red circle"])
s(n, "not offered one letter from an option", H, SS, "            not offered: [Play 1 red circle]", "            ^not offered: [Play 8 yellow square]", ["Play 8 yellow squares"])
s(n, "options misspelt inside seen by", H, SS, "          seen by Player 1: {options:", "          ^seen by Player 1: {optoins:", ["options"])
s(n, "seen by without a seat", H, SS, "          seen by Player 1: {options:", "          ^seen by: {options:", ["Player"])
s(n, "seen by a seat named by number only", H, SS, "          seen by Player 1: {options:", "          ^seen by 1: {options:", ["Player 1"])
s(n, "a hidden hand expected in the clear", H, SS, "            Player 1: {hand: [hidden, hidden, hidden]}",
  "            ^Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}", ["hidden"])
s(n, "a seat not asked any more", H, SS, "          seen by Player 2: {options: {count: 3", "          ^seen by Player 1: {options: {count: 3", ["Player 1", "not asked"])
s(n, "the prompt expected from a spectator", H, SS, "          seen by Player 2:\n", "          ^seen by a spectator: {prompt: Pick the card you will play}\n          seen by Player 2:\n", ["spectator"])
s(n, "a count of hidden cards wrong", H, SS, "            Player 1: {hand: [hidden, hidden, hidden]}", "            ^Player 1: {hand: [hidden, hidden]}", ["3"])
s(n, "Fast Talk: the looked-at hand expected hidden", K, KFT, "            Player 3: {hand: [Coconut Tree, Taboo Tree]}", "            ^Player 3: {hand: [hidden, hidden]}", ["Coconut Tree"])
s(n, "Fast Talk: options of a seat not asked", K, KFT, "          seen by Player 1: {options: [Fast Talk Player 2", "          ^seen by Player 2: {options: [Fast Talk Player 2", ["Player 2", "not asked"])

n = "when said"
s(n, "a line never said", H, SS, "        when said: Player 2 wins 2 cards", "        ^when said: Player 2 takes 2 cards", ["Player 2 wins"])
s(n, "options checked when said", H, SS, "          smackhead: Player 1\n        when said", "          smackhead: Player 1\n          ^options: [Take 8 yellow squares]\n        when said", ["options"])
s(n, "when said as a list", H, SS, "        when said: Player 2 wins 2 cards", "        ^when said: [Player 2 wins 2 cards]", ["text"])
s(n, "when said beside a move", H, SS, "      - {move: Smack 8 yellow squares, by: Player 2, time: 0.5}", "      - ^{move: Smack 8 yellow squares, by: Player 2, time: 0.5, when said: wins}", ["expect"])
s(n, "a value wrong when said", K, KFT, "          volcano: {points: 75}", "          ^volcano: {points: 50}", ["75"])
s(n, "when said misspelt", K, KFT, "        when said: After hand 1", "        ^when sad: After hand 1", ["when said"])
s(n, "when said with a text several lines hold", K, KFT, "        when said: After hand 1", "        ^when said: Player", ["one moment", "more of the line"])

n = "time"
s(n, "a time given as a word", MI, MINI, "        time: 0.8", "        ^time: fast", ["seconds"])
s(n, "a negative time", MI, MINI, "        time: 0.3", "        ^time: -0.3", ["time"])
s(n, "a time on an untimed move", DI, DICE, "      - move: Keep the 5\n", "      - move: Keep the 5\n        ^time: 0.5\n", ["time"])
s(n, "the time in ms (a warning), then a log expected in seconds", MI, MINI, "          log: [Player 2 played Two after 300 ms, Player 1 played Ace after 800 ms]",
  "          ^log: [Player 2 played Two after 0.3 ms, Player 1 played Ace after 800 ms]", ["300"])
s(n, "time misspelt", MI, MINI, "        time: 0.8", "        ^tiem: 0.8", ["time"])

n = "moves"
s(n, "a move given to the wrong seat", MI, MINI, "      - move: Play Ace\n        by: Player 1", "      - move: Play Ace\n        ^by: Player 2", ["by: Player 1"])
s(n, "a move's label misspelt", MI, MINI, "      - move: Play Two\n", "      - ^move: Play Tow\n", ["Play Two"])
s(n, "a move by a seat past the last", MI, MINI, "      - move: Play Ace\n        by: Player 1", "      - move: Play Ace\n        ^by: Player 3", ["Player 3"])
s(n, "a reaction answered by the seat not asked", MI, MINI, "      - move: Play a Shield\n        by: Player 2", "      - move: Play a Shield\n        ^by: Player 1", ["Player 2"])
s(n, "by misspelt", MI, MINI, "        by: Player 1\n", "        ^bye: Player 1\n", ["by"])
s(n, "smackshapes: a smack of a card not on the table", H, SS, "      - {move: Smack 1 red circle, by: Player 1, time: 0.4}", "      - ^{move: Smack 2 yellow circles, by: Player 1, time: 0.4}", ["Smack 1 red circle"])

n = "forced dice"
s(n, "a face no die has", DI, DICE, "      - force: [5, 5, 2]", "      - force: [5, 5, ^7]", ["7"])
s(n, "a die that does not exist", DI, DICE, "      - force: [5, 5, 2]", "      - force: [5, 5, ^{d8: 2}]", ["d6"])
s(n, "a forced roll after the move that rolls", DI, DICE, "      - force: [5, 5, 2]\n      - {move: Don't react, by: Player 2}\n", "      - {move: Don't react, by: Player 2}\n      ^- force: [5, 5, 2]\n", ["before"])
s(n, "two dice of a total forced as one", K, KFT, "    steps:\n      - move: Play Fast Talk", "    force setup: [{shuffle: []}, {shuffle: []}, ^7]\n    steps:\n      - move: Play Fast Talk", ["two"])
s(n, "a setup pick of a seat past the last", H, SS, "    force setup: [{shuffle: []}, {pick: Player 1}]\n    set:\n      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}\n      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}\n    steps:\n      - expect:",
  "    force setup: [{shuffle: []}, {pick: ^Player 3}]\n    set:\n      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}\n      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}\n    steps:\n      - expect:", ["Player 3"])
s(n, "a forced option", DI, DICE, "      - force: [5, 5, 2]\n      - {move: Don't react, by: Player 2}\n", "      - force: [^Call a bust on Player 1]\n      - {move: Don't react, by: Player 2}\n", ["move"])

n = "variant"
s(n, "variant named by the base's file", H, SS, "rest: {card: deck}\n", "rest: {card: deck}\n^variant: game\n", ["colorcracks"])
s(n, "variant named by its file's path", H, SS, "rest: {card: deck}\n", "rest: {card: deck}\n^variant: variants/colorcracks.rules\n", ["write 'colorcracks'"])
s(n, "a variant case: its extra special action", T, "cases:\n  - name: calm\n    variant: calm_seas\n    steps:\n      - expect: {special_actions: 2}\n",
  valid=True)
s(n, "game naming the rules file, not the folder (allowed)", T, "game: ../game.rules\ncases:\n  - name: calm\n    steps:\n      - expect: {special_actions: 1}\n", valid=True)
s(n, "a variant's value expected without the variant", T, "cases:\n  - name: calm\n    steps:\n      - expect: {^special_actions: 2}\n", words=["special_actions"])

n = "one card two places"
s(n, "the same card in two hands", H, SS, "      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}\n    steps:\n      - expect:\n          deciding",
  "      ^Player 2: {hand: [1 red circle, 4 green circles, 6 green circles]}\n    steps:\n      - expect:\n          deciding", ["1 red circle"])
s(n, "the same card twice in one hand", H, SS, "      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}\n      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}\n    steps:\n      - expect:\n          deciding",
  "      ^Player 1: {hand: [1 red circle, 1 red circle, 3 blue circles]}\n      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}\n    steps:\n      - expect:\n          deciding", ["1 red circle"])
s(n, "a card in a hand and on the table", H, SS, "      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}\n    steps:\n      - expect:\n          deciding",
  "      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}\n      ^table: [8 yellow squares]\n    steps:\n      - expect:\n          deciding", ["8 yellow squares"])
s(n, "smackatoa: more Taboo Trees than the deck holds", K, KFT, "      Player 3: {hand: [Coconut Tree, Taboo Tree]}", "      ^Player 3: {hand: [Taboo Tree, Taboo Tree, Taboo Tree]}", ["Taboo Tree", "2"])
s("variant", "a colorcracks card set without the variant", H, SS, "      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}\n      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}\n    steps:\n      - expect:\n          deciding",
  "      ^Player 1: {hand: [5 red circles, 2 yellow circles, 3 blue circles]}\n      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}\n    steps:\n      - expect:\n          deciding", ["variant: colorcracks"])
s("when said", "when said before any move", K, KFT.replace("      - moves: [Play Flotsam, Play Flotsam, Play Flotsam]\n", "").replace("        when said: After hand 1", "        ^when said: After hand 1"),
  words=["move"])


# ================================================================== 3. round 10's leftovers and three new ones
def p(group, name, book, old, new, words=(), args=(), **kw):
    """One replacement in game.rules, played as cases7.py plays it."""
    CASES.append(Case(name, book, [(G, old, new)], tuple(words), cmd="simulate", args=tuple(args), group=group, **kw))


def variant(group, name, book, text, words=(), **kw):
    CASES.append(Case(name, book, [(X, 'extends "../game.rules"\n' + text)], tuple(words), group=group, args=("--variant", "x"), **kw))


n = "leftovers"
p(n, "board: two names of none tiles on one line, the second none", BO, "        if landing == none:\n",
  "        ^say \"{v.name} from {v.tile.name} lands on {landing.name}.\"\n        if landing == none:\n", ["landing"])
p(n, "board: two names on one line, the first none", BO, "        if landing == none:\n",
  "        ^say \"{landing.name} takes {v.name}.\"\n        if landing == none:\n", ["landing"])
p(n, "dice: last(kept) + 1 with nothing kept", DI, '        callers_now = callers\n',
  '        callers_now = callers\n        ^say "Next: {last(kept) + 1}."\n', ["last(kept)", "none"])
p(n, "dice: 1 + last(kept), the none on the right", DI, '        callers_now = callers\n',
  '        callers_now = callers\n        ^say "Next: {1 + last(kept)}."\n', ["last(kept)", "none"])
p(n, "dice: first(kept) * 2 with nothing kept", DI, '        callers_now = callers\n',
  '        callers_now = callers\n        ^at_stake = first(kept) * 2\n', ["first(kept)", "none"])
variant(n, "remove var water_levl", T, "remove var ^water_levl\n", ["water_level"])
variant(n, "remove rule flood_phas", T, "remove rule ^flood_phas\n", ["flood_phase"])
variant(n, "remove define skul", T, "remove define ^skul\n", ["skull"])
variant(n, "remove table misspelt with its keyword", T, "remove table ^floods_per_tun\n", ["floods_per_turn"])
p(n, "draft: rounds never counted", DR, "    round_number += 1\n", "    ^round_number += 0\n", ["round_number"])
p(n, "market: the row refilled while the deck is empty", MK, "while count(row) < row_size and count(deck) > 0:",
  "while count(row) < row_size:", ["loop", "count(row) < row_size", "count(deck)"], at=(G, 50))


def run_all(show: str = "") -> None:
    """Each case checked (harness.run) or, with cmd "simulate", played as cases7.py plays it."""
    from cases7 import play
    from harness import main, run
    main(CASES, show, lambda case: play(case, 40) if case.cmd == "simulate" else run(case))


if __name__ == "__main__":
    run_all(sys.argv[1] if len(sys.argv) > 1 else "")
