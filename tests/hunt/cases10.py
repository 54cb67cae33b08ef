"""The cases of the broken-rulebook hunt, round 10: (1) mistakes that pass `tabletop check` and
show only in play (a draw from an empty zone, a `first` of an empty list, a position past a
list's end, a field of none, a division or `%` by zero, a table looked up by a key it lacks, a
choice with nothing to choose, a loop or a rule that never ends, reactions that call each other,
an `end game` never reached, a move of a thing from a zone it is not in, a seat past the last, a
number below its range, a secret choice empty for one seat), each played as cases7.py plays
them: the first error of `simulate` must name the edited line (file:line) and hold the words;
and (2) variant and expansion files (an `extends` misspelt, a `replace`, `remove` or `extend` of
a name the base lacks, a removal the base still uses, a variant's data file with a kind, a name
or a field the base lacks, an `extend choose` label the base lacks, a variant of a variant that
clashes with it, a `replace` whose signature differs from the base's), checked: the first error
must name the variant's file and line. Each is a Case of harness.py; `python
tests/hunt/cases10.py [VERDICTS]` runs them and prints each result (only those of the verdicts
named, as "wrong line,right line") and the counts. A tool, not a test: the tests that keep what
it found are in tests/test_hunt10.py."""
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
CC = "variants/colorcracks.rules"
CY = "variants/colorcracks.yaml"
CS = "variants/calm_seas.rules"
CASES = []


def line_of(book, old, new, near, file=G):
    """The line of the edited file that holds `near` (the first such line)."""
    root = Path(book) if "/" in book else HERE.parents[1] / "rulebooks" / book
    text = (root / file).read_text(encoding="utf-8").replace(old, new.replace("^", ""), 1)
    assert near in text, f"{near!r} not in the edited {book}/{file}"
    return text.count("\n", 0, text.index(near)) + 1


def p(group, name, book, old, new, words=(), args=(), near=None, **kw):
    """One replacement in game.rules, played: `simulate -n 40 --seed 1` and `args` (cases7's way);
    `near`: a text of the line where the error belongs (else the '^' or the edit's start)."""
    if near is not None:
        kw["at"] = (G, line_of(book, old, new, near))
    CASES.append(Case(name, book, [(G, old, new)], tuple(words), cmd="simulate", args=tuple(args), group=group, **kw))


def c(group, name, book, edits, words=(), **kw):
    CASES.append(Case(name, book, edits, tuple(words), group=group, **kw))


def variant(group, name, book, text, words=(), data=None, **kw):
    """A new variant file x.rules in the book's variants/ folder (and its data file x.yaml), checked."""
    edits = [(X, 'extends "../game.rules"\n' + text)]
    if data is not None:
        edits.append((XY, data))
    c(group, name, book, edits, words, args=("--variant", "x"), **kw)


def vplay(group, name, book, text, words=(), args=(), **kw):
    """A new variant file x.rules, played with it."""
    CASES.append(Case(name, book, [(X, 'extends "../game.rules"\n' + text)], tuple(words), cmd="simulate",
                      args=("--variant", "x", *args), group=group, **kw))


# ================================================================== 1. mistakes that show in play
n = "empty"
p(n, "tricks5: the round deals one more card from the emptied deck (a draw from an empty zone draws nothing)", TR5,
  "    winner.tricks += 1\n", "    winner.tricks += 1\n    ^draw 1 from deck to winner.hand\n", [], args=("--players", "4"), maybe_valid=True)
p(n, "tricks5: the suit led read before the first card", TR5, "count(trick) == 0 or not can_follow(p) or c.suit == led",
  "c.suit == led or count(trick) == 0 or not can_follow(p)", ["none", "trick"], near="define led", also=((G, 21),))
p(n, "draft: twice the hand from the deck (draws what is left)", DR, "draw hand_size[player_count] from deck to p.hand",
  "draw hand_size[player_count] * 2 from deck to p.hand", [], maybe_valid=True)
p(n, "draft: the picks go on while the hands are empty", DR, "while count(first(players).hand) > 0:",
  "while count(first(players).hand) >= 0:", ["loop"], near="while count(first(players).hand) >= 0:")
p(n, "flip: a player who cannot place is asked anyway", FL, "        say \"{current} cannot place a disc and passes.\"\n        return\n",
  "        say \"{current} cannot place a disc and passes.\"\n", ["nothing to choose", "legal(current)"], near="    choose s from legal(current)")
p(n, "yacht: one more box than the categories", YA, "if all([count(p.used) == count(category) for p in players]):",
  "if all([count(p.used) == count(category) + 1 for p in players]):", ["nothing to choose", "category"], near="    choose cat from category",
  also=((G, 85),))
p(n, "mini: the secret play after the hands run out (a seat with nothing to choose is left out)", MI,
  "if count(deck) == 0 or turn_number >= 4:", "if turn_number >= 8:", [], maybe_valid=True)
p(n, "market: the row refilled while the deck is empty", MK, "while count(row) < row_size and count(deck) > 0:",
  "while count(row) < row_size:", ["loop", "count(row) < row_size"], near="    while count(row) < row_size:", also=((G, 51),))
p(n, "fireworks: a draw without the deck's guard (draws nothing)", FW, "    if count(deck) == 0:\n        return\n    draw 1 from deck to p.hand",
  "    draw 1 from deck to p.hand", [], maybe_valid=True)
p(n, "auction: a lot put up after the last", AU, "    while count(lots) > 0:", "    while count(lots) >= 0:", ["'up' is none", "first(block)"],
  near="    up = first(block)", also=((G, 38), (G, 46)))
p(n, "dice: the last kept face of nothing, added to", DI, '        callers_now = callers\n',
  '        callers_now = callers\n        ^say "Next: {last(kept) + 1}."\n', ["kept", "none"])
p(n, "board: a battler placed on a tile picked from none", BO, "b.tile = pick([t for t in tile if not t.removed and count(on(t)) == 0])",
  "b.tile = pick([t for t in tile if t.removed])", [], near="        b.tile = pick(", maybe_valid=True)

n = "none"
p(n, "race: the landing space's bonus without its none guard", RA, "if s != none and s.bonus > 0:", "^if s.bonus > 0:",
  ["none", "'s'"])
p(n, "squares: a piece off the board still chosen", SQ, "if x.colour == colour_of(current) and x.at != none labelled",
  "if x.colour == colour_of(current) labelled", ["none", "x.at"], near="    choose x from piece", also=((G, 28),))
p(n, "market: the space past the Finish", MK, "p.at = space_at(min(p.at.mile + n, finish.mile))", "^p.at = space_at(p.at.mile + n)",
  ["none", "p.at"], near="    if p.at.bonus > 0:", also=((G, 74),))
p(n, "auction: the auctioneer never set", AU, "    auctioneer = players[0]\n", "    pass\n", ["auctioneer", "none"],
  near="    secretly each p in", also=((G, 46), (G, 25), (G, 34)))
p(n, "board: a pushed battler's none tile read in a say", BO, "        if landing == none:\n",
  "        ^say \"{v.name} lands on {landing.name}.\"\n        if landing == none:\n", ["none", "landing"])
p(n, "tricks5: a played card read before any is played", TR5, "    current.played = c\n",
  "    current.played = c\n    ^say \"{next_player(current).played.name} was before.\"\n", ["none", "played"])
p(n, "fireworks: the told colour of a card past the hand", FW, "    where colour_told = p.told_colour[i - 1]", "    where colour_told = ^p.told_colour[i]",
  ["told_colour", "from 0"])

n = "positions"
p(n, "race: a seat past the last", RA, "    rolls += 1\n", "    rolls += 1\n    ^say \"Next up: {players[turn_number]}.\"\n", ["players", "item"])
p(n, "fireworks: a card read one past the hand's end", FW, "    c = current.hand[i - 1]\n    forget(current, i)\n    if c.number",
  "    ^c = current.hand[i]\n    forget(current, i)\n    if c.number", ["hand", "from 0"])
p(n, "flip: the gap's not-found -1 used as a position", FL, "if gap <= 0 then []", "^if gap == 0 then []", ["-1"])
p(n, "yacht: the dice read one past the end", YA, "    say \"{current} scores {points_for(cat)} in {cat} with {dice}.\"\n",
  "    ^say \"{current} scores {points_for(cat)} in {cat}; top die {dice[5]}.\"\n", ["dice", "5"])
p(n, "dice: the kept faces read by the roll's count", DI, "            add f to kept\n", "            add f to kept\n            ^say \"{kept[count(kept)]}\"\n",
  ["kept"])
p(n, "tricks5: the trick's last card by its count", TR5, "    say \"{winner} takes the trick.\"\n",
  "    ^say \"{winner} takes the trick with {trick[count(trick)].name}.\"\n", ["trick"])
p(n, "auction: the seat after the last by number", AU, "        auctioneer = next_player(auctioneer)",
  "        ^auctioneer = players[index_of(players, auctioneer) + 1]", ["players"])

n = "arithmetic"
p(n, "race: the average over no rolls yet", RA, "    r = roll(d6)\n", "    r = roll(d6)\n    ^say \"Average {100 / rolls}\"\n", ["rolls", "0"])
p(n, "race: a remainder by zero", RA, "    rolls += 1\n", "    rolls += 1\n    ^say \"{r % (r - r)}\"\n", ["0"])
p(n, "draft: the pearl share among no leaders", DR, "define pearl_share(p: player): int = if p in pearl_leaders then 6 / count(pearl_leaders) else 0",
  "^define pearl_share(p: player): int = 6 / count(pearl_leaders)", ["pearl_leaders", "0"])
p(n, "market: a coin per card bought shared out", MK, "define income(p: player): int = 1 + sum([c.income for c in p.bought])",
  "^define income(p: player): int = 1 + sum([c.income for c in p.bought]) / count(p.bought)", ["count(p.bought)", "0"])
p(n, "yacht: a remainder of the rerolls by zero", YA, "                rerolls -= 1\n",
  "                rerolls -= 1\n                ^say \"{5 % rerolls}\"\n", ["rerolls", "0"])
p(n, "auction: each coin's share by bids", AU, "        say \"{p} bid {p.bid}.\"", "        ^say \"{p} bid {p.bid}, {p.coins / p.bid} a coin.\"",
  ["p.bid", "0"])

n = "tables"
p(n, "draft: six seats, a hand size for five", DR, "players 2 to 5", "players 2 to 6", ["hand_size", "6"], args=("--players", "6"),
  near="        draw hand_size[player_count]", also=((G, 25), (G, 7)))
p(n, "yacht: a face looked up for chance", YA, "if cat in [ones, twos, threes, fours, fives, sixes] then",
  "if cat in [ones, twos, threes, fours, fives, sixes, chance] then", ["face_of", "chance"], near="    if cat in [ones")
p(n, "race: the goal keyed by the position", RA, "    if current.position >= goal[length]:", "    if goal[current.position] > 0:", [], maybe_valid=True)
p(n, "dice: a summit by none left", DI, "    if p.banked >= summit[length]:", "    ^if p.banked >= summit[short] + summit[long] / (p.banked - p.banked):",
  ["0"])

n = "ranges"
p(n, "race: moved back below the start", RA, "            advance(current, r)", "            ^advance(current, 0 - r)", ["position", "0 to 20"],
  also=((G, 21),))
p(n, "yacht: two throws used at once (fine: 2 - 2 is 0)", YA, "                rerolls -= 1\n", "                rerolls -= 2\n", [], maybe_valid=True)
p(n, "dice: a call spent twice (fine: 2 - 2 is 0)", DI, "    p.calls -= 1\n", "    p.calls -= 2\n", [], maybe_valid=True)
p(n, "fireworks: a clue given with no tokens (the fuses burn before the clues run out)", FW, "if q != current and clues > 0:",
  "if q != current:", [], maybe_valid=True)
p(n, "fireworks: a fuse lost past the last", FW, "        if fuses == 0:\n", "        ^if fuses < 0:\n", ["fuses", "0 to 3"],
  near="        fuses -= 1", also=((G, 125),))
p(n, "draft: a fourth round", DR, "    while round_number < 3:", "    ^while round_number < 4:", ["round_number", "0 to 3"], also=((G, 54),))
p(n, "auction: the bid may be every coin plus one", AU, "range(1, p.coins)", "range(1, p.coins + 1)", ["coins", "0 to 15"],
  near="    buyer.coins -= top_bid", also=((G, 50),))

n = "moves"
p(n, "tricks5: a card moved from the deck, not the hand", TR5, "    move c from current.hand to trick", "    ^move c from deck to trick",
  ["deck", "not"])
p(n, "draft: the picked card moved from the passing hand", DR, "            move c from p.hand to p.picked", "            ^move c from p.passing to p.picked",
  ["passing", "not"])
p(n, "auction: the lot moved from the lots, not the block", AU, "    move up from block to buyer.won", "    ^move up from lots to buyer.won",
  ["lots", "not"])
p(n, "fireworks: the played card moved from the discard", FW, "        move c from current.hand to fireworks", "        ^move c from discard to fireworks",
  ["discard", "not"])
p(n, "mini: a card removed from a zone it is not in", MI, "        move c from p.hand to table", "        ^remove c from table", ["table"])

n = "runaway"
p(n, "race: advance calls itself", RA, "    s = here(p)\n", "    s = here(p)\n    ^advance(p, n)\n", ["calls itself"], also=((G, 21), (G, 20)))
p(n, "dice: the bust no longer ends the turn", DI, "                say \"{q} called it and banks 5 points.\"\n            return\n",
  "                say \"{q} called it and banks 5 points.\"\n", ["nothing to choose", "new_faces"], near="        choose f from sort(new_faces)")
p(n, "flip: the end removed", FL, "            end game \"Neither player can place a disc.\"\n", "            ^pass\n", ["end game"],
  also=((G, 6),))
p(n, "yacht: a loop waiting on rerolls never spent (a bot scores at last)", YA, "                rerolls -= 1\n", "", [], maybe_valid=True)
p(n, "squares: the twelve turns never counted", SQ, "    if turn_number >= 12:", "    ^if turn_number == 0:", [])
p(n, "market: refill calls refill (bounded by the deck)", MK, "        draw 1 from deck to row\n", "        draw 1 from deck to row\n        refill()\n",
  [], maybe_valid=True)
p(n, "mini: two reactions that signal each other", MI, "    target = next_player(r)\n    signal attacked(target)",
  "    signal parried(r)\nevent parried(who: player)\nreaction riposte on parried(who) by q if q != who labelled \"Riposte\":\n    signal attacked(who)",
  [], maybe_valid=True)
p(n, "draft: rounds never counted", DR, "    round_number += 1\n", "    ^round_number += 0\n", ["round_number"], also=((G, 49),))

n = "stages"
p(n, "smackatoa: a stage ended twice", K, "        reach_300()\n", "        reach_300()\n        ^end hand \"again\"\n        end hand \"again\"\n",
  ["hand", "under way"])


# ================================================================== 2. variants and expansions
n = "extends"
c(n, "extends a base misspelt", T, [(X, 'extends ^"../game.rule"\n')], ["game.rules"], args=("--variant", "x"))
c(n, "extends a base of another case", T, [(X, 'extends ^"../Game.rules"\n')], ["game.rules"], args=("--variant", "x"))
c(n, "extends without quotes", T, [(X, 'extends ^../game.rules\n')], ["quotes"], args=("--variant", "x"))
c(n, "extend for extends", T, [(X, '^extend "../game.rules"\n')], ["extends"], args=("--variant", "x"))
c(n, "extends the folder (its game.rules)", T, [(X, 'extends ".."\n')], [], args=("--variant", "x"), valid=True)
c(n, "extends another game's rules", T, [(X, 'extends ^"../../smackatoa/game.rules"\n')], ["folder"], args=("--variant", "x"))
c(n, "extends twice", T, [(X, 'extends "../game.rules"\n^extends "calm_seas.rules"\n')], [], args=("--variant", "x"))
c(n, "extends below a declaration (allowed)", T, [(X, 'define calm: int = 1\nextends "../game.rules"\n')], [], args=("--variant", "x"), maybe_valid=True)
c(n, "extends itself", T, [(X, 'extends ^"x.rules"\n')], [], args=("--variant", "x"))
c(n, "a variant of a missing variant", T, [(X, 'extends ^"calm_sea.rules"\n')], ["calm_seas"], args=("--variant", "x"))
c(n, "variant named with .rules", T, [(X, 'extends "../game.rules"\n')], [], args=("--variant", "x.rules"), maybe_valid=True)
c(n, "a variant named misspelt", T, [], ["calm_seas"], args=("--variant", "calm_sea"))

n = "replace misspelt"
variant(n, "replace var misspelt", T, "replace var ^water_levl: int in 0 to 14 = 2\n", ["water_level"])
variant(n, "replace zone misspelt", K, "replace zone ^discrad: card, public\n", ["discard"])
variant(n, "replace table misspelt", T, "replace table ^flood_per_turn:\n    0 to 14 -> 1\n", ["floods_per_turn"])
variant(n, "replace enum misspelt", T, "replace enum ^color: red, blue, green, yellow\n", ["colour"])
variant(n, "replace die misspelt", K, "replace die ^d7: 1 to 7\n", [])
variant(n, "replace option misspelt", T, "replace option ^dificulty: newbie, normal, elite, crazy, insane, idiotic = newbie\n", ["difficulty"])
variant(n, "replace reaction misspelt", K, 'replace reaction ^firepoof_immunity on hot_totem(p) by q labelled "x":\n    pass\n', [])
variant(n, "replace stage misspelt", K, 'replace stage ^hands:\n    pass\n', ["hand"])
variant(n, "replace rule of a definition", T, 'replace rule ^skull:\n    pass\n', ["define"])
variant(n, "replace define of a rule", T, 'replace define ^flood_phase: int = 1\n', ["rule"])
variant(n, "replace var of a define", T, 'replace var ^skull: int = 12\n', ["define"])
variant(n, "replace kind misspelt", T, 'replace kind ^treasures from "../treasures.yaml":\n    name: text\n    colour: colour\n', ["treasure"])
variant(n, "replace winners in a game without winners", T, "replace ^winners: players\n", [], maybe_valid=True)
variant(n, "replace setup without a base setup", RA, 'replace setup:\n    pass\n', [], maybe_valid=True)

n = "remove"
variant(n, "remove var misspelt", T, "remove var ^water_levl\n", ["water_level"])
variant(n, "remove a define misspelt", T, "remove ^skul\n", ["skull"])
variant(n, "remove a var still read", T, "^remove special_actions\n", ["special_actions"], also=((G, 1),))
variant(n, "remove a table still looked up", T, "^remove floods_per_turn\n", ["floods_per_turn"])
variant(n, "remove a zone still used", K, "^remove discard\n", ["discard"])
variant(n, "remove an enum still used", T, "^remove colour\n", ["colour"])
variant(n, "remove a kind still used", T, "^remove treasure\n", ["treasure"])
variant(n, "remove an option still used", T, "^remove difficulty\n", ["difficulty"])
variant(n, "remove an event still signalled", K, "^remove hot_totem\n", ["hot_totem"])
variant(n, "remove the die still rolled", K, "^remove d6\n", [], maybe_valid=True)
variant(n, "remove a stage still entered", K, "^remove hand\n", ["hand"])
variant(n, "remove the display, fine", T, "remove display\n", [], valid=True)
variant(n, "remove written with a kind word of another sort", T, "remove ^rule skull\n", ["remove skull"])
variant(n, "remove twice", T, "remove display\n^remove display\n", ["display"])
variant(n, "remove then replace the same", T, "remove skull\n^replace define skull: int = 12\n", [], also=((X, 2),))
variant(n, "remove a reaction misspelt", K, "remove ^firepoof_immunity\n", [])

n = "data files"
variant(n, "extend kind of a kind the base lacks", T, 'extend kind ^gem from "x.yaml":\n    weight: int, default 0\n', ["treasure"],
        data='gems:\n  - {name: "white gem"}\n')
variant(n, "the data file's list named for another kind", T, 'extend kind treasure from "x.yaml":\n    weight: int, default 0\n', ["treasures"],
        data='^spaces:\n  - {name: "white treasure", colour: white}\n')
variant(n, "the data file's list under a name of the author's own, fine", T, 'extend kind treasure from "x.yaml":\n    weight: int, default 0\n', [],
        data='gems:\n  - {name: "white treasure", colour: white}\n', valid=True)
variant(n, "a variant's card named like a base card", T, 'extend kind treasure from "x.yaml":\n    weight: int, default 0\n', [],
        data='treasures:\n  - {name: "^red treasure", colour: red}\n', at=(XY, 2))
variant(n, "a variant's record with a base field misspelt", T, 'extend kind treasure from "x.yaml":\n    weight: int, default 0\n', ["colour"],
        data='treasures:\n  - {name: "white treasure", ^color: red}\n')
variant(n, "a variant's record with a field no kind has", H, 'extend kind card from "x.yaml":\n    bonus: int, default 0\n', ["action"],
        data='cards:\n  - {name: "3 red stars", shape: star, colour: red, number: 3, first: star, second: circle, third: triangle, fourth: square, ^action: none}\n')
variant(n, "a variant's record of a colour the base lacks", T, 'extend kind treasure from "x.yaml":\n    weight: int, default 0\n', ["purple"],
        data='treasures:\n  - {name: "purple treasure", colour: ^purple}\n')
variant(n, "a variant's record of a colour it adds, fine", T, 'extend enum colour: purple\nextend kind treasure from "x.yaml":\n    weight: int, default 0\n', [],
        data='treasures:\n  - {name: "purple treasure", colour: purple}\n', maybe_valid=True)
variant(n, "a variant's data file missing", T, 'extend kind treasure from ^"x2.yaml":\n    weight: int, default 0\n', ["x2.yaml"],
        data='treasures:\n  - {name: "white treasure", colour: white}\n')
variant(n, "the variant's data file is not YAML", T, 'extend kind treasure from "x.yaml":\n    weight: int, default 0\n', [],
        data='treasures:\n  - {name: "white treasure", colour: white\n^', at=(XY, 2), also=((XY, 3),))
variant(n, "the variant's field default of the wrong type", T, 'extend kind treasure from "x.yaml":\n    weight: int, default ^"none"\n', ["int"],
        data='treasures:\n  - {name: "white treasure", colour: white}\n')
variant(n, "a variant's data record duplicated", T, 'extend kind treasure from "x.yaml":\n    weight: int, default 0\n', [],
        data='treasures:\n  - {name: "white treasure", colour: white}\n  - {name: "^white treasure", colour: white}\n', at=(XY, 3))
c(n, "colorcracks: a card's action misspelt", H, [(CY, "action: smackhead_loses}", "action: ^smackhead_lose}")], ["smackhead_loses"],
  args=("--variant", "colorcracks"), at=(CY, 6))
c(n, "colorcracks: a card's colour the base lacks", H, [(CY, "colour: red, number: 5, first: star", "colour: ^purple, number: 5, first: star")], ["purple"],
  args=("--variant", "colorcracks"))

n = "extend choose"
variant(n, "extend choose in a stage misspelt", K, 'extend choose in ^hnad:\n    option "Wait":\n        pass\n', [])
variant(n, "replace option of a label the base lacks", T, 'extend choose in action_phase:\n    ^replace option "Rest":\n        pass\n', ["Pass"])
variant(n, "remove option of a label the base lacks", T, 'extend choose in action_phase:\n    ^remove option "Rest"\n', ["Pass"])
variant(n, "replace option with another case", T, 'extend choose in action_phase:\n    ^replace option "pass" if actions_left > 0:\n        actions_left -= 1\n', ["Pass"])
variant(n, "extend choose in a rule without a menu", H, 'extend choose in ^reveal:\n    remove option "x"\n', ["menu"])
variant(n, "extend choose option reads the base's choice name it lacks", T,
        'extend choose in action_phase:\n    option "Wait {n}" for n in range(1, 2):\n        ^actions_left -= m\n', ["n"])

n = "two variants"
c(n, "a variant of calm seas replaces a table calm seas removed", T,
  [(CS, "replace var special_actions: int in 0 to 3 = 1", "replace var special_actions: int in 0 to 3 = 1\nremove start_level"),
   (X, 'extends "calm_seas.rules"\nreplace table start_level:\n    newbie -> 1\n')], ["x.rules"], args=("--variant", "x"), at=(CS, 13))
c(n, "a variant of calm seas extends a table calm seas replaced with an overlap", T,
  [(X, 'extends "calm_seas.rules"\nextend table floods_per_turn:\n    ^9 to 14 -> 5\n')], ["replace"], args=("--variant", "x"))
c(n, "a variant of calm seas adds an enum value twice", T,
  [(CS, "replace var special_actions: int in 0 to 3 = 1", "replace var special_actions: int in 0 to 3 = 1\nextend enum colour: purple"),
   (X, 'extends "calm_seas.rules"\nextend enum colour: purple\n')], ["purple"], args=("--variant", "x"), at=(X, 2))
c(n, "a variant of calm seas defines what calm seas defines", T,
  [(CS, "replace var special_actions: int in 0 to 3 = 1", "replace var special_actions: int in 0 to 3 = 1\ndefine calm: int = 1"),
   (X, 'extends "calm_seas.rules"\ndefine calm: int = 2\n')], ["replace"], args=("--variant", "x"), at=(X, 2))
c(n, "a variant of calm seas replaces special actions out of range", T,
  [(X, 'extends "calm_seas.rules"\nreplace var special_actions: int in 0 to 3 = ^5\n')], ["0 to 3"], args=("--variant", "x"))
c(n, "a variant of calm seas replaces the same twice", T,
  [(X, 'extends "calm_seas.rules"\nreplace var special_actions: int in 0 to 3 = 2\n^replace var special_actions: int in 0 to 3 = 3\n')], [], args=("--variant", "x"))
c(n, "colorcracks' variant removes an action the base's card kind gets", H,
  [(X, 'extends "colorcracks.rules"\n^remove action\n')], ["action"], args=("--variant", "x"))
c(n, "a variant of colorcracks with its own data of a card colorcracks has", H,
  [(X, 'extends "colorcracks.rules"\nextend kind card from "x.yaml":\n    bonus: int, default 0\n'),
   (XY, 'cards:\n  - {name: "^5 red circles", shape: circle, colour: red, number: 5, first: star, second: triangle, third: square, fourth: circle}\n')],
  [], args=("--variant", "x"))

n = "signatures"
variant(n, "replace define with a parameter more", T, "replace define ^treasure_of(c: colour, n: int): treasure = first([t for t in treasure if t.colour == c])\n",
        ["treasure_of"], also=((G, 183),))
variant(n, "replace define with a parameter fewer", T, "replace define ^treasure_of: treasure = first(treasure)\n", ["treasure_of"], also=((G, 183),))
variant(n, "replace define with another parameter type", T, "replace define treasure_of(c: ^int): treasure = first(treasure)\n", ["colour"], also=((G, 183),))
variant(n, "replace define returning another type", T, "replace define skull: ^text = \"14\"\n", ["int", "game.rules:245"], also=((G, 245),))
variant(n, "replace var of another type", T, "replace var special_actions: ^bool = true\n", ["int"], also=((G, 1),))
variant(n, "replace rule with a parameter more", T, "replace rule ^sink(s: space, t: treasure):\n    pass\n", ["sink"], also=((G, 279),))
variant(n, "replace zone of another kind", K, "replace zone discard: ^totem, public\n", ["card"], also=((G, 1),))
variant(n, "replace table of another value type", T, "replace table ^floods_per_turn:\n    0 to 14 -> \"two\"\n", ["a table of texts", "whole numbers"],
        also=((G, 265),))
variant(n, "replace enum dropping a value the base uses", T, "^replace enum colour: red, blue, green\n", ["yellow", "x.rules:2"], also=((G, 35),))
variant(n, "replace event with another parameter", K, "replace event ^hot_totem(x: int)\n", ["event"])
variant(n, "replace var dropping its player", T, "replace var ^actions_left: int = 3\n", [], maybe_valid=True)
variant(n, "replace rule same signature, fine", T, "replace rule sink(s: space):\n    pass\n", [], maybe_valid=True)

n = "variant play"
vplay(n, "calm seas table with a gap", T, "replace table floods_per_turn:\n    0 to 1 -> 1\n    2 to 5 -> 2\n    9 to 14 -> 4\n",
      ["floods_per_turn"], at=(X, 2))
vplay(n, "a variant's define divides by zero", RA, "replace define here(p: player): space = first([s for s in space if s.index == p.position / (p.position - p.position)])\n",
      ["0"], at=(X, 2))
vplay(n, "a variant's rule that calls itself", RA, "replace rule advance(p: player, n: int):\n    advance(p, n)\n", ["calls itself"], at=(X, 3))
vplay(n, "a variant's end never reached", RA, "replace define here(p: player): space = none\nreplace table goal:\n    short -> 99\n    long -> 99\n", [],
      at=(X, 3), also=((X, 4), (X, 5), (G, 37)))
vplay(n, "a variant's range too small for the base's moves", RA, "replace var position: int in 0 to 5 = 0\n", ["0 to 5"], at=(X, 2),
      also=((G, 22), (G, 26)))
vplay(n, "a variant's first of an empty list", TR5, "replace define taker: player = first([p for p in players if p.played.rank > 99])\n",
      ["none"], at=(X, 2), also=((G, 36),))

n = "variants 3"
variant(n, "v2 a second setup instead of replace or extend", T, '^setup:\n    special_actions = 1\n', ["replace"])
variant(n, "v2 replace round where the base has none", T, 'replace ^round:\n    pass\n', ["round"])
variant(n, "v2 extend rule without the base's parameters (its block reads them all the same)", T, 'extend rule sink:\n    say "{s.name}"\n', [],
        valid=True)
variant(n, "v2 extend enum value without a table row", T, "extend enum role: ^sailor\n", [], maybe_valid=True)
variant(n, "v2 a new rule named like a base definition (rules have names of their own)", T, '^rule skull:\n    pass\n', [], maybe_valid=True)
variant(n, "v2 replace score as text", T, 'replace define score(p: player): ^text = "high"\n', ["int"], also=((G, 1),))
variant(n, "v2 remove score (its winners need none)", T, 'remove score\n', [], maybe_valid=True)
c(n, "v2 include for extends, alone (a copy of the game)", T, [(X, 'include "../game.rules"\n')], [], args=("--variant", "x"), maybe_valid=True)
c(n, "v2 include for extends, then a replace", T, [(X, 'include "../game.rules"\nreplace var ^special_actions: int in 0 to 3 = 1\n')], ["extends"],
  args=("--variant", "x"))
variant(n, "v2 reaction on a base event with its parameters wrong", K,
        'reaction calm on hot_totem(^a, b) by p labelled "Calm":\n    pass\n', ["holder"])
variant(n, "v2 extend choose in a rule of the variant's own", T,
        'rule rest:\n    choose prompt "Rest":\n        option "Nap":\n            pass\nextend choose in rest:\n    option "Doze":\n        pass\n', [],
        maybe_valid=True)
variant(n, "v2 replace table keyed by another enum", T, 'replace table start_level:\n    ^red -> 1\n', ["difficulty"])
variant(n, "v2 extend table of a table keyed by numbers with an enum", T, 'extend table floods_per_turn:\n    ^red -> 1\n', ["int"])
variant(n, "v2 replace var with its range cut below a value the base sets", T, 'replace var actions_left: int in 0 to ^2 = 0\n', ["3", "x.rules"],
        also=((G, 123),))
variant(n, "v2 replace kind adds a field without a default", T,
        'replace kind treasure from "../treasures.yaml":\n    name: text\n    colour: colour\n    search: int = 0\n    claimed: bool = false\n    location: space = none\n    ^weight: int\n',
        ["weight"])
variant(n, "v2 extend display where the base has a display, fine", T, 'extend display:\n    show "Calm seas"\n', [], valid=True)
variant(n, "v2 a variant's define named like the base's locals", T, 'define ^s: int = 1\n', ["locals", "name the base does not use"])
variant(n, "v2 replace rule calls a rule the base lacks", T, 'replace rule flood_phase:\n    ^flood_al()\n', ["did you mean"])
variant(n, "v2 extend rule uses the base rule's local", T, 'extend rule flood_phase:\n    say "{^n}"\n', [], maybe_valid=True)
variant(n, "v2 replace option drops the default", T, 'replace option difficulty: newbie, normal, elite, crazy, insane, idiotic = ^legendary\n', ["legendary"])
c(n, "v2 a variant file with a space in its name", T, [("variants/calm seas 2.rules", 'extends "../game.rules"\n')], [], args=("--variant", "calm seas 2"),
  maybe_valid=True)
c(n, "v2 extends a variant of another game", T, [(X, 'extends ^"../../smackshapes/variants/colorcracks.rules"\n')], ["folder"], args=("--variant", "x"))


def run_all(show: str = "") -> None:
    """Each case checked (harness.run) or, with cmd "simulate", played as cases7.py plays it."""
    from cases7 import play
    from harness import main, run
    main(CASES, show, lambda case: play(case, 40) if case.cmd == "simulate" else run(case))


if __name__ == "__main__":
    run_all(sys.argv[1] if len(sys.argv) > 1 else "")
