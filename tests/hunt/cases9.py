"""The cases of the broken-rulebook hunt, round 9: slips in the constructs added since round 7
(`extend choose`, `may choose ... or "..."`, `secretly each p in P may choose`, tables of several
keys, stages, sides, `winners:` and score, timed choices, reactions, `take rounds`), the habits a
porter brings from Python and other game languages (`elif`, `==` for `=`, `True`, `len(x)`,
`x.append(y)`, `def`, f-strings, dict literals, `->` arrows, colons and indentation), data files
(a key misspelt, a list for a map, a number as text, a duplicate, a card list short by one) and
scenario files (a zone that does not exist, a face the die lacks, an expect of the wrong type, a
move label misspelt). Each is one Case of harness.py; `python tests/hunt/cases9.py [VERDICTS]`
runs them (a case with cmd "simulate" is played, as cases7.py plays its cases) and prints each result (only those of the verdicts named, as "wrong line,right line")
and the counts. A tool, not a test: the tests that keep what it found are in tests/test_hunt9.py."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import Case  # noqa: E402

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
RA, TR5, SQ = (str(HERE / "games5" / g) for g in ("race", "tricks", "squares"))
AU, DI, TRK, BL = (str(TESTS / "games" / g) for g in ("auction", "dice", "tricks", "bluff"))
T, S, A, K, H = "taboo_atoll_express", "smores_galore", "abatteroxie", "smackatoa", "smackshapes"
G = "game.rules"
CC = "variants/colorcracks.rules"
CY = "variants/colorcracks.yaml"
CASES = []


def c(group, name, book, edits, words=(), **kw):
    CASES.append(Case(name, book, edits, tuple(words), group=group, **kw))


def g(group, name, book, old, new, words=(), **kw):
    """One replacement in the book's game.rules."""
    c(group, name, book, [(G, old, new)], words, **kw)


def variant(group, name, book, text, words=(), data=None, **kw):
    """A new variant file x.rules in the book's variants/ folder (and its data file x.yaml)."""
    edits = [("variants/x.rules", 'extends "../game.rules"\n' + text)]
    if data is not None:
        edits.append(("variants/x.yaml", data))
    c(group, name, book, edits, words, args=("--variant", "x"), **kw)


def cc(group, name, old, new, words=(), file=CC, **kw):
    """One replacement in Smackshapes' Colorcracks variant (or its data file), checked with it."""
    c(group, name, H, [(file, old, new)], words, args=("--variant", "colorcracks"), **kw)


# ------------------------------------------------------------------ 1. extend choose
n = "extend choose"
TA = T
EXT = "extend choose in action_phase:\n"
variant(n, "adds an option, fine", TA, EXT + '    option "Wait" if actions_left > 0:\n        actions_left -= 1\n', [], valid=True)
variant(n, "rule name misspelt", TA, "extend choose in ^action_phse:\n" + '    option "Wait":\n        pass\n', ["action_phase"])
variant(n, "replace option of a label misspelt", TA, EXT + '    ^replace option "Pas" if actions_left > 0:\n        actions_left -= 1\n', ["Pass"])
variant(n, "replace option with the label's braces filled", TA, EXT + '    ^replace option "Move to Dark Pit" if actions_left > 0:\n        pass\n', ["Move to {s.name}"])
variant(n, "remove option of a label misspelt", TA, EXT + '    ^remove option "End the action phaze"\n', ["End the action phase"])
variant(n, "added option whose label the menu has", TA, EXT + '    ^option "Pass" if actions_left > 0:\n        actions_left -= 1\n', ["replace option"])
variant(n, "option's body reads a name it lacks", TA, EXT + '    option "Wait":\n        ^actions_lft -= 1\n', ["actions_left"])
variant(n, "remove option without quotes", TA, EXT + '    ^remove option Pass\n', ["quotes"])
variant(n, "extend choose of a rule without a menu", TA, "extend choose in ^flood_one:\n" + '    option "Wait":\n        pass\n', ["menu"])
variant(n, "extend choose of a rule with several menus", TA, "^extend choose in search_for_treasure:\n" + '    option "Wait":\n        pass\n', ["prompt"])
variant(n, "extend choose prompt misspelt", TA, '^extend choose prompt "Take an action" in action_phase:\n    option "Wait":\n        pass\n', ["Take an action ({actions_left} left, {special_actions} special)"])
variant(n, "extend choose without 'in'", TA, "extend choose ^action_phase:\n" + '    option "Wait":\n        pass\n', ["in"])
variant(n, "option in extend choose without a body", TA, EXT + '    option "Wait":\n^', [], at=("variants/x.rules", 3), also=(("variants/x.rules", 4),))
variant(n, "extend choose written extend choices", TA, "extend ^choices in action_phase:\n" + '    option "Wait":\n        pass\n', ["choose"])

# ------------------------------------------------------------------ 2. may choose ... or "..."
n = "may choose or"
g(n, "or text before the label", AU, 'may choose b from range(1, p.coins) labelled "Bid {b}" or "Bid nothing"',
  'may choose b from range(1, p.coins) ^or "Bid nothing" labelled "Bid {b}"', ["labelled"])
g(n, "or on a plain choose", AU, 'may choose b from range(1, p.coins) labelled "Bid {b}" or "Bid nothing"',
  '^chooses b from range(1, p.coins) labelled "Bid {b}" or "Bid nothing"', ["may"])
g(n, "or text naming the choice", AU, 'labelled "Bid {b}" or "Bid nothing"', 'labelled "Bid {b}" or "^Bid {b} nothing"', ["b"], at=(G, 50))
g(n, "or without quotes", AU, 'labelled "Bid {b}" or "Bid nothing"', 'labelled "Bid {b}" or ^Bid_nothing', ["quotes"], at=(G, 50))
g(n, "or written else", AU, 'labelled "Bid {b}" or "Bid nothing"', 'labelled "Bid {b}" ^else "Bid nothing"', ["or"], at=(G, 50))
g(n, "a may choose's none used without a guard", AU, "        p.bid = if b == none then 0 else b", "        p.bid = ^b", ["none"])
g(n, "the declined value compared with 0", AU, "        p.bid = if b == none then 0 else b", "        p.bid = if b == 0 then 0 else b", ["none"], at=(G, 51))
g(n, "or with a number", AU, 'labelled "Bid {b}" or "Bid nothing"', 'labelled "Bid {b}" or ^0', ["text"], at=(G, 50))

# ------------------------------------------------------------------ 3. secretly each ... may choose
n = "secretly"
g(n, "secretly each without 'each'", AU, "secretly each p in players_from", "secretly ^p in players_from", ["each"])
g(n, "secretly may choose written may chooses", AU, "p in players_from(next_player(auctioneer)) may choose b", "p in players_from(next_player(auctioneer)) ^may chooses b", ["may choose"])
g(n, "secretly chooses over a player, no list", AU, "secretly each p in players_from(next_player(auctioneer))", "secretly each p in ^auctioneer", ["list"])
g(n, "secretly each without a block", H, "prompt \"Pick the card you will play\":\n        move c from p.hand to table\n        if p == smackhead:\n            smackhead_card = c\n",
  "prompt \"Pick the card you will play\"\n^        move c from p.hand to table\n        if p == smackhead:\n            smackhead_card = c\n", ["':'"], at=(G, 57))
g(n, "the secret block reads the choice outside it", H, "    reveal()\n", "    ^say \"{c}\"\n    reveal()\n", ["c"])
g(n, "secretly each by p", H, 'labelled "Play {c}" prompt "Pick the card you will play":', 'labelled "Play {c}" ^by p prompt "Pick the card you will play":', ["by"])
g(n, "secretly over a list of cards", H, "secretly each p in players_from(smackhead) chooses c from p.hand", "secretly each p in ^table chooses c from p.hand", ["player"])
g(n, "secretly prompt before the label", H, 'labelled "Play {c}" prompt "Pick the card you will play":', '^prompt "Pick the card you will play" labelled "Play {c}":', ["labelled"])

# ------------------------------------------------------------------ 4. timed choices
n = "timed"
g(n, "timed without 'as'", H, "timed as t:", "timed ^t:", ["as"])
g(n, "timed as a taken name", H, "timed as t:", "timed as ^smackhead:", ["smackhead"])
g(n, "the time read as seconds text", H, 'say "{p} smacks {tap_name(c)} first, after {t} ms."', 'say "{p} smacks {tap_name(c)} first, after {^t.seconds} ms."', ["t"])
g(n, "timed on a plain choose", H, "    reveal()\n", "    reveal()\n    ^choose c from table labelled \"Tap {c}\" timed as t\n", ["secretly"])
g(n, "time compared with a text", H, "if right and c not in tapped:", "if right and ^t < \"500\" and c not in tapped:", ["int"])

# ------------------------------------------------------------------ 5. tables keyed by several keys
n = "tables of several keys"
g(n, "an entry with one key too few", K, "    1, 11 -> 2\n", "    ^11 -> 2\n", ["2"])
g(n, "an entry with one key too many", K, "    1, 11 -> 2\n", "    ^1, 11, 1 -> 2\n", ["2"])
g(n, "looked up with one key", K, "n = damage[level, r] + ", "n = ^damage[r] + ", ["2"])
g(n, "looked up with the keys swapped", K, "n = damage[level, r] + ", "n = damage[r, level] + ", [], maybe_valid=True)
g(n, "looked up with a text key", K, "n = damage[level, r] + ", "n = damage[level, ^\"{r}\"] + ", ["int"])
g(n, "a combination given twice", K, "    2, 11 -> 2\n", "    ^2, 12 -> 2\n", ["twice"], also=((G, 81),))
g(n, "written as a tuple of keys", K, "    1, 11 -> 2\n", "    ^(1, 11) -> 2\n", ["1, 11 -> 2"])
g(n, "looked up with two brackets", K, "n = damage[level, r] + ", "n = damage[level]^[r] + ", ["damage[level, r]"])
g(n, "a value of another type", K, "    1, 12 -> 2\n", "    1, 12 -> ^\"2\"\n", ["int"])
g(n, "keys separated by a space", K, "    1, 11 -> 2\n", "    1 ^11 -> 2\n", [","])

# ------------------------------------------------------------------ 6. stages
n = "stages"
g(n, "end of a stage misspelt", K, 'end hand "Nobody holds any cards: the hand is over."\n\n# "After', 'end ^hnad "Nobody holds any cards: the hand is over."\n\n# "After', ["hand"])
g(n, "a stage called with no brackets", K, "        hand()\n        score_hand()", "        ^hand\n        score_hand()", ["hand()"])
c(n, "a stage named round", K, [(G, "stage hand:\n", "stage ^round:\n"), (G, "        hand()\n        score_hand()", "        round()\n        score_hand()")], ["round"])
g(n, "end stage outside the stage", K, "        reach_300()\n", "        reach_300()\n        ^end hand \"again\"\n", ["hand"])
g(n, "a stage with a result type", K, "stage hand:\n", "stage hand^: int:\n", ["stage"])
g(n, "a stage written rule and ended", K, "stage hand:\n", "^rule hand:\n", ["stage"], also=((G, 258), (G, 303), (G, 310), (G, 386)))
g(n, "end hand with a number", K, 'end hand "Nobody holds any cards: the hand is over."\n\n# "After', 'end hand ^3\n\n# "After', ["text"])
g(n, "return used to end a stage", K, 'end hand "Nobody holds any cards: the hand is over."\n\n# "After', '^return "Nobody holds any cards: the hand is over."\n\n# "After', ["end"])

# ------------------------------------------------------------------ 7. sides
n = "sides"
g(n, "a side and a var of its name", K, "side volcano\n", "side volcano\n^var volcano: player = none\n", ["volcano"])
g(n, "a side choosing", K, 'may choose q from players if q != target and cardholder(q) labelled "Give the hot {hot} totem to {q}" by target',
  'may choose q from players if q != target and cardholder(q) labelled "Give the hot {hot} totem to {q}" by ^volcano', ["volcano"], maybe_valid=True)
g(n, "a side written with a type", K, "side volcano\n", "side volcano^: player\n", ["side"])
g(n, "a side named twice", K, "side volcano\n", "side volcano\n^side volcano\n", ["volcano"])
g(n, "a side written in quotes", K, "side volcano\n", "side ^\"volcano\"\n", ["quotes"])
g(n, "a side's turn taken", K, "    take turns from opener\n", "    take turns from ^volcano\n", ["volcano"], maybe_valid=True)
g(n, "the side counted among players", K, "winners: if exploded then [] else champions", "winners: if exploded then [] else [p for p in players if p == volcano]", [], maybe_valid=True)

# ------------------------------------------------------------------ 8. winners and score
n = "winners"
g(n, "winners highest of a variable", AU, "winners: highest score, then highest coins_left", "winners: highest score, then highest ^coins", ["define coins_of"])
g(n, "winners with 'and then'", AU, "winners: highest score, then highest coins_left", "winners: highest score, ^and highest coins_left", ["then"])
g(n, "winners most instead of highest", AU, "winners: highest score, then highest coins_left", "winners: ^most score, then highest coins_left", ["highest"])
g(n, "winners of one player, not a list", AU, "winners: highest score, then highest coins_left", "winners: ^auctioneer", ["list"])
g(n, "score returning a bool", AU, "define score(p: player): int = lot_value(p) + p.coins", "define score(p: player): ^bool = lot_value(p) > p.coins", ["int"])
g(n, "score taking two players", AU, "define score(p: player): int = lot_value(p) + p.coins", "define score(p: player, ^q: player): int = lot_value(p) + p.coins", ["player"])
g(n, "winners twice", AU, "winners: highest score, then highest coins_left", "winners: highest score, then highest coins_left\n^winners: highest score", ["winners"])
g(n, "winners with a colon missing", AU, "winners: highest score, then highest coins_left", "^winners highest score, then highest coins_left", ["':'"])

# ------------------------------------------------------------------ 9. reactions
n = "reactions"
g(n, "reaction on an event misspelt", DI, "reaction call_a_bust on rolling_again(roller)", "reaction call_a_bust on ^rolling_agian(roller)", ["rolling_again"])
g(n, "reaction with too many event values", DI, "reaction call_a_bust on rolling_again(roller)", "reaction call_a_bust on rolling_again(roller, ^stake)", ["1"])
g(n, "signal of an event misspelt", DI, "signal rolling_again(current)", "signal ^rolling_agian(current)", ["rolling_again"])
g(n, "signal with no values", DI, "signal rolling_again(current)", "signal ^rolling_again()", ["roller"])
g(n, "signal written as a call", DI, "signal rolling_again(current)", "^rolling_again(current)", ["signal"])
g(n, "reaction with no 'by'", DI, "reaction call_a_bust on rolling_again(roller) by p if p != roller", "reaction call_a_bust on rolling_again(roller) ^if roller != none", ["by"])
g(n, "reaction without a label", DI, 'labelled "Call a bust on {roller}" prompt', "^prompt", ["labelled"])
g(n, "instant reaction with 'on'", K, "reaction voodoo_schmoodoo_on_the_out instantly by p", "reaction voodoo_schmoodoo_on_the_out ^instantly on discarding_all(victim) by p", ["instantly"])
g(n, "instant written instant", K, "reaction voodoo_schmoodoo_on_the_out instantly by p", "reaction voodoo_schmoodoo_on_the_out ^instant by p", ["instantly"])
g(n, "event with untyped values", DI, "event rolling_again(roller: player)", "event rolling_again(^roller)", ["player"])
g(n, "a reaction rolls while options are worked out", K, 'labelled "Play Voodoo Schmoodoo on {victim}" prompt "{victim} has no cards',
  'labelled "Play Voodoo Schmoodoo on {victim} ({^roll(d6)})" prompt "{victim} has no cards', ["roll"], maybe_valid=True)

# ------------------------------------------------------------------ 10. take rounds / take turns
n = "take rounds"
g(n, "take rounds led by a card", H, "    take rounds led by smackhead", "    take rounds led by ^smackhead_card", ["player"])
g(n, "take rounds without 'by'", H, "    take rounds led by smackhead", "    take rounds led ^smackhead", ["by"])
g(n, "take round, not rounds", H, "    take rounds led by smackhead", "    take ^round led by smackhead", ["rounds"])
g(n, "take turns from a list", K, "    take turns from opener", "    take turns from ^players", ["player"])
g(n, "take turns with no play section", AU, "play:\n    # \"The auction ends when every lot has gone up.\"\n    while count(lots) > 0:", "^setup2:\n    # \"The auction ends when every lot has gone up.\"\n    while count(lots) > 0:", [], maybe_valid=False)

# ------------------------------------------------------------------ 11. a porter's habits
n = "porter"
g(n, "elif written else if", RA, "    if current.position >= goal[length]:\n", "    if current.position >= goal[length]:\n        pass\n    ^else if current.position > 100:\n        pass\n    if current.position >= goal[length]:\n", ["elif"])
g(n, "elif written elsif", RA, "    if current.position >= goal[length]:\n", "    if current.position >= goal[length]:\n        pass\n    ^elsif current.position > 100:\n        pass\n    if current.position >= goal[length]:\n", ["elif"])
g(n, "= in a condition", RA, "    if current.position >= goal[length]:", "    if current.position ^= goal[length]:", ["=="])
g(n, "== in a setting", RA, "    rolls += 1", "    rolls ^== rolls + 1", ["="])
g(n, "True for true", RA, "    if s != none and s.bonus > 0:", "    if s != none and s.bonus > 0 and ^True:", ["true"])
g(n, "False in a var", TR5, "player var tricks: int = 0", "player var tricks: int = 0\nvar done: bool = ^False", ["false"])
g(n, "None for none", TR5, "player var played: card = none", "player var played: card = ^None", ["none"])
g(n, "len(x)", TR5, "count([c for c in p.hand if c.suit == led]) > 0", "^len([c for c in p.hand if c.suit == led]) > 0", ["count"])
g(n, "x.append(y)", TR5, "        remove c from trick", "        ^trick.append(c)", ["add"])
g(n, "x.remove(y)", TR5, "        remove c from trick", "        ^trick.remove(c)", ["remove c from trick"])
g(n, "range(n) as Python's", TR5, "    for p in players:\n        draw 3", "    for i in ^range(3):\n        pass\n    for p in players:\n        draw 3", ["range(1, 3)"], maybe_valid=True)
g(n, "for i in 0..n", TR5, "    for p in players:\n        draw 3", "    for i in ^0..3:\n        pass\n    for p in players:\n        draw 3", ["range"])
g(n, "!= written <>", RA, "    if s != none and s.bonus > 0:", "    if s ^<> none and s.bonus > 0:", ["!="])
g(n, "not written !", RA, "    if s != none and s.bonus > 0:", "    if s != none and ^!(s.bonus > 0):", ["not"])
g(n, "&& for and", RA, "    if s != none and s.bonus > 0:", "    if s != none ^&& s.bonus > 0:", ["and"])
g(n, "|| for or", RA, "    if s != none and s.bonus > 0:", "    if s != none ^|| s.bonus > 0:", ["or"])
g(n, "a dict literal as a table", RA, "table goal:\n    short -> 8\n    long -> 12\n", "^define goals: int = {short: 8, long: 12}\ntable goal:\n    short -> 8\n    long -> 12\n", ["table"])
g(n, "an f-string", RA, 'say "{p} lands on {s.name} and moves {s.bonus} more."', 'say ^f"{p} lands on {s.name} and moves {s.bonus} more."', ["f"])
g(n, "a -> return arrow on a define", RA, "define here(p: player): space =", "define here(p: player) ^-> space =", [":"])
g(n, "def for define", RA, "define here(p: player): space =", "^def here(p: player): space =", ["define"])
g(n, "def for rule", RA, "rule advance(p: player, n: int):", "^def advance(p: player, n: int):", ["rule"])
g(n, "return a value from a rule", RA, "    p.position = min(p.position + n, goal[length])\n    s = here(p)", "    p.position = min(p.position + n, goal[length])\n    ^return p.position\n    s = here(p)", ["define"])
g(n, "return outside a rule", RA, "    rolls += 1\n", "    rolls += 1\n    ^return\n", [], maybe_valid=True)
g(n, "an if without its colon", RA, "    if current.position >= goal[length]:", "    ^if current.position >= goal[length]", ["':'"])
g(n, "a for with a trailing colon missing", TR5, "    for c in trick:", "    ^for c in trick", ["':'"])
g(n, "a colon on a plain statement", RA, "    rolls += 1", "    rolls += 1^:", [":"])
g(n, "two-space indentation in a block", RA, "        say \"{p} lands on {s.name} and moves {s.bonus} more.\"\n        p.position",
  "        say \"{p} lands on {s.name} and moves {s.bonus} more.\"\n      ^p.position", ["indent"])
g(n, "a whole rule in 2 spaces", RA, "rule advance(p: player, n: int):\n    p.position = min(p.position + n, goal[length])\n    s = here(p)\n    if s != none and s.bonus > 0:\n        say \"{p} lands on {s.name} and moves {s.bonus} more.\"\n        p.position",
  "rule advance(p: player, n: int):\n  p.position = min(p.position + n, goal[length])\n  s = here(p)\n  if s != none and s.bonus > 0:\n    say \"{p} lands on {s.name} and moves {s.bonus} more.\"\n    p.position", [], valid=True)
g(n, "++ for += 1", RA, "    rolls += 1", "    rolls^++", ["+= 1"])
g(n, "a semicolon at a line's end", RA, "    rolls += 1", "    rolls += 1^;", [";"])
g(n, "a Python comment-quoted docstring", RA, "rule advance(p: player, n: int):\n", "rule advance(p: player, n: int):\n    ^\"\"\"Move p on.\"\"\"\n", ["#"])
g(n, "single quotes for a text", RA, 'end game "{current} reaches the end."', "end game ^'{current} reaches the end.'", ["double quotes"])
g(n, "a list's length as a field", TR5, "if count(first(players).hand) == 0:", "if ^first(players).hand.length == 0:", ["count"])
g(n, "a lambda", TR5, "p => 0 - p.played.rank", "^lambda p: 0 - p.played.rank", ["=>"])
g(n, "is none for == none", RA, "    if s != none and s.bonus > 0:", "    if s ^is not none and s.bonus > 0:", ["!="])
g(n, "a while with do", RA, "    rolls += 1\n", "    rolls += 1\n    ^while rolls < 0 do:\n        pass\n", ["while"])
g(n, "print for say", RA, "        say \"{p} lands on {s.name} and moves {s.bonus} more.\"", "        ^print(\"{p} lands on {s.name} and moves {s.bonus} more.\")", ["say"])
g(n, "a player's index from 1", TR5, "    for p in players:\n        draw 3", "    x = players[^player_count]\n    for p in players:\n        draw 3", ["players[player_count - 1]"])
g(n, "a string concatenated with a number", RA, 'say "{p} lands on {s.name} and moves {s.bonus} more."', 'say "{p} lands on " + s.name + " and moves " + s.bonus + " more."', ["braces"], at=(G, 25))
g(n, "a var without a type", RA, "var rolls: int = 0", "var ^rolls = 0", ["int"])
g(n, "a type after the name, C style", RA, "var rolls: int = 0", "var ^int rolls = 0", ["rolls: int"])
g(n, "an else: with a condition", RA, "        option \"Rest\":\n            pass\n", "        option \"Rest\":\n            pass\n    if rolls > 3:\n        pass\n    ^else rolls > 4:\n        pass\n", ["elif"])

# ------------------------------------------------------------------ 12. data files
n = "data files"
TY = "track.yaml"
CY5 = "cards.yaml"
c(n, "a field name misspelt", RA, [(TY, '{name: "Brook", index: 2, bonus: 1}', '{name: "Brook", ^indx: 2, bonus: 1}')], ["index"])
c(n, "a list where a map goes", RA, [(TY, '  - {name: "Brook", index: 2, bonus: 1}', '  - ^["Brook", 2, 1]')], ["name"])
c(n, "a number as text", RA, [(TY, '{name: "Brook", index: 2, bonus: 1}', '{name: "Brook", index: ^"2", bonus: 1}')], ["int"])
c(n, "a number spelt out", RA, [(TY, '{name: "Brook", index: 2, bonus: 1}', '{name: "Brook", index: 2, bonus: ^one}')], ["int"])
c(n, "a field missing", RA, [(TY, '{name: "Brook", index: 2, bonus: 1}', '^{name: "Brook", index: 2}')], ["bonus"])
c(n, "the top key misspelt", RA, [(TY, "spaces:", "^spacs:")], ["space"])
c(n, "an enum value misspelt", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", suit: ^heart, rank: 2}')], ["hearts"])
c(n, "an enum value capitalised", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", suit: ^Hearts, rank: 2}')], ["hearts"])
c(n, "a bool for a number", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", suit: hearts, rank: ^true}')], ["int"])
c(n, "a record as a block missing a dash", RA, [(TY, '  - {name: "Brook", index: 2, bonus: 1}', '  ^{name: "Brook", index: 2, bonus: 1}')], ["-"])
c(n, "a record with a tab", RA, [(TY, '  - {name: "Brook", index: 2, bonus: 1}', '\t^- {name: "Brook", index: 2, bonus: 1}')], ["tab"])
c(n, "a record written block-style, mis-indented", RA, [(TY, '  - {name: "Brook", index: 2, bonus: 1}', '  - name: Brook\n    index: 2\n   ^bonus: 1')], ["indent"])
c(n, "a duplicate name on the track", RA, [(TY, '{name: "Hill", index: 3, bonus: 0}', '{name: ^"Brook", index: 3, bonus: 0}')], [], maybe_valid=True)
c(n, "a duplicate name used by name", RA, [(TY, '{name: "Hill", index: 3, bonus: 0}', '{name: ^"Brook", index: 3, bonus: 0}'),
                                          (G, "define here(p: player): space =", "define brook: space = space \"Brook\"\ndefine here(p: player): space =")], ["Brook"])
c(n, "count as text", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", suit: hearts, rank: 2, count: ^"2"}')], ["count"])
c(n, "count of zero", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", suit: hearts, rank: 2, count: ^0}')], ["count"])
c(n, "a card list short by one for a card the rules name", TR5, [(CY5, '  - {name: "4 of clubs", suit: clubs, rank: 4}\n', ''),
                                                                  (G, "define led: suit", "define top: card = card \"4 of clubs\"\ndefine led: suit")], ["4 of clubs", "cards.yaml"], also=((G, 19),))
c(n, "a card list short by one, dealt too few", TR5, [(CY5, '  - {name: "4 of clubs", suit: clubs, rank: 4}\n', '')], [], maybe_valid=True)
c(n, "a field of the wrong kind (a list)", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", suit: hearts, rank: ^[2]}')], ["int"])
c(n, "a key with a colon in the name", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: ^2 of hearts: low, suit: hearts, rank: 2}')], ["quote"])
cc(n, "variant data: action misspelt", "action: smackhead_loses}\n  - {name: \"7 green circles\"", "action: ^smackhead_looses}\n  - {name: \"7 green circles\"", ["smackhead_loses"], file=CY)
cc(n, "variant data: the extended field missing its default", "    action: action, default none", "    ^action: action", ["default"])
cc(n, "variant data: a base card repeated", '{name: "5 red circles", shape: circle', '{name: ^"1 red circle", shape: circle', [], file=CY, maybe_valid=True)
cc(n, "variant data: the key misspelt", "cards:", "^crads:", ["card"], file=CY)
cc(n, "variant data: a field the kind lacks", "action: smackhead_loses}\n  - {name: \"7 green circles\"", "action: smackhead_loses, ^power: 2}\n  - {name: \"7 green circles\"", ["power"], file=CY)
cc(n, "variant data: a number as text", '{name: "5 red circles", shape: circle, colour: red, number: 5,', '{name: "5 red circles", shape: circle, colour: red, number: ^"5",', ["int"], file=CY)
cc(n, "variant: extend kind from a file misspelt", 'extend kind card from "colorcracks.yaml":', 'extend kind card from ^"colorcrack.yaml":', ["colorcracks.yaml"])
cc(n, "variant: extend kind of a kind misspelt", 'extend kind card from "colorcracks.yaml":', 'extend kind ^cards from "colorcracks.yaml":', ["card"])
cc(n, "variant: replace define with a new type", "replace define tap_targets: list of card = table + [none]", "replace define tap_targets: list of ^player = players", ["tap_targets"], at=(CC, 46), also=((G, 38), (G, 69)))
cc(n, "variant: extend rule of a rule misspelt", "extend rule reveal:", "extend rule ^reveals:", ["reveal"])

# ------------------------------------------------------------------ 13. scenario files
n = "scenarios"
SB = "scenarios/bonus.yaml"
SA = "scenarios/auction.yaml"
SW = "scenarios/winning_card.yaml"


def sc(name, book, file, old, new, words=(), **kw):
    c(n, name, book, [(file, old, new)], words, cmd="test", **kw)


sc("set a zone that does not exist", AU, SA, "      Player 2: {coins: 3}", "      Player 2: {^coin: 3}", ["coins"])
sc("set a game zone that does not exist", AU, SA, "      Player 2: {coins: 3}", "      Player 2: {coins: 3}\n      ^lot_pile: []", ["lots"])
sc("set a player zone misspelt", H, SW, "      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}", "      Player 1: {^hnad: [1 red circle, 2 yellow circles, 3 blue circles]}", ["hand"])
sc("set a card misspelt in a zone", H, SW, "      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}", "      Player 1: {hand: [^1 red circles, 2 yellow circles, 3 blue circles]}", ["1 red circle"])
sc("force a face the die lacks", RA, SB, "    force setup: [2]", "    force setup: [^0]", ["6"])
sc("force a pick of a player not in the game", H, SW, "    force setup: [{shuffle: []}, {pick: Player 3}]", "    force setup: [{shuffle: []}, {pick: ^Player 5}]", ["Player 4"])
sc("force a shuffle of a card misspelt", AU, SA, "    force setup: [{shuffle: [Crown]}]\n    steps:\n      - expect:\n          block: [Crown]",
   "    force setup: [{shuffle: [^Crwn]}]\n    steps:\n      - expect:\n          block: [Crown]", ["Crown"])
sc("expect a number as text", RA, SB, "          rolls: 2", "          rolls: ^two", ["2"])
sc("expect a zone as a number", AU, SA, "          block: [Crown]", "          block: ^1", ["list"])
sc("expect a player's field of the wrong type", RA, SB, "          Player 1: {position: 3}", "          Player 1: {position: ^Brook}", ["int"])
sc("expect a bool as yes", AU, SA, "          Player 2: {coins: 15, bid: 0}", "          Player 2: {coins: 15, bid: ^yes}", ["int"])
sc("move label misspelt", RA, SB, "      - move: Move 2", "      - move: ^Mvoe 2", ["Move 2"])
sc("move label of another case", AU, SA, "      - move: Bid 7", "      - move: ^Bid 70", ["Bid 7"])
sc("move by a player not asked", AU, SA, "      - move: Bid 7\n        by: Player 2", "      - move: Bid 7\n        by: ^Player 7", ["Player 2"])
sc("move time as text", H, SW, "      - {move: Smack 8 yellow squares, by: Player 1, time: 0.4}", "      - {move: Smack 8 yellow squares, by: Player 1, time: ^fast}", ["seconds"])
sc("move time without by in a timed race", H, SW, "      - {move: Smack 8 yellow squares, by: Player 1, time: 0.4}", "      - {^move: Smack 8 yellow squares, time: 0.4}", ["by"], maybe_valid=True)
sc("expect options misspelt key", RA, SB, "          options: [Move 2, Rest]", "          ^option: [Move 2, Rest]", ["options"])
sc("expect deciding a bare seat number", AU, SA, "          deciding: [Player 2, Player 3, Player 1]", "          deciding: [^2, 3, 1]", ["Player 2"])
sc("players outside the game's range", AU, SA, "    players: 3\n    force setup: [{shuffle: [Crown]}]\n    steps:\n      - expect:\n          block: [Crown]",
   "    players: ^7\n    force setup: [{shuffle: [Crown]}]\n    steps:\n      - expect:\n          block: [Crown]", ["3 to 5"])
sc("a variant that does not exist", RA, SB, "cases:", "^variant: long\ncases:", ["variant"])
sc("an option choice misspelt", RA, SB, "cases:", "^options: {length: longg}\ncases:", ["long"])
sc("an option name misspelt", RA, SB, "cases:", "^options: {lenght: long}\ncases:", ["length"])
sc("expect said as one text", AU, SA, "          said: [Player 1 puts up the Crown (12).]", "          said: ^Player 1 puts up the Crown (12)", ["Player 1 puts up the Crown (12)."], maybe_valid=True)
sc("seed as text", RA, SB, "    force setup: [5]", "    force setup: [5]\n    seed: ^abc", ["seed"])


# ================================================================== batch 2: deeper slips
# ------------------------------------------------------------------ 14. play-time slips of the new constructs
def p(group, name, book, old, new, words=(), args=(), **kw):
    """One replacement in game.rules, played: `simulate -n 40 --seed 1` and `args` (cases7's way)."""
    CASES.append(Case(name, book, [(G, old, new)], tuple(words), cmd="simulate", args=tuple(args), group=group, **kw))


n = "play"
p(n, "reaction that uses nothing up, offered forever", DI, "    p.calls -= 1\n    add p to callers\n", "    ^say \"again\"\n",
  ["reaction"], at=(G, 26), maybe_valid=True)
p(n, "take rounds led by nobody", H, "    smackhead = pick(players)\n", "    pass\n", ["led by nobody"], at=(G, 52))
p(n, "secret bids stored without their decline", AU, "        p.bid = if b == none then 0 else b", "        p.bid = b", ["none"], at=(G, 51))
p(n, "a stage ended that is not running", K, "        reach_300()\n", "        reach_300()\n        end hand \"again\"\n", ["hand"], at=(G, 227))
p(n, "a two-key table looked up past its rows", K, "n = damage[level, r] + ", "n = damage[level + 1, r] + ", ["damage"], at=(G, 673), maybe_valid=True)

# ------------------------------------------------------------------ 15. more porter habits
n = "porter 2"
g(n, "a Python conditional expression", RA, "    p.position = min(p.position + n, goal[length])", "    p.position = min(p.position + n, goal[length]) ^if n > 0 else 0", ["if"])
g(n, "str() around a number", RA, 'say "{p} lands on {s.name} and moves {s.bonus} more."', 'say "{p} lands on {s.name} and moves " + ^str(s.bonus)', [], maybe_valid=False)
g(n, "enumerate in a for", TR5, "    for c in trick:", "    for ^i, c in enumerate(trick):", [], maybe_valid=False)
g(n, "an if with its body on the same line", RA, "    if current.position >= goal[length]:\n        end game", "    if current.position >= goal[length]: ^end game", ["block"], maybe_valid=True)
g(n, "switch for a menu", RA, "    choose prompt \"You rolled {r}\":", "    ^switch r:", ["choose"], maybe_valid=False)
g(n, "null for none", TR5, "player var played: card = none", "player var played: card = ^null", ["none"])
g(n, "self.field", TR5, "    current.played = c", "    ^self.played = c", ["current"])
g(n, "a capitalised If", RA, "    if current.position >= goal[length]:", "    ^If current.position >= goal[length]:", ["if"])
g(n, "end on a line of its own, as Lua and Ruby close a block", RA, "    if current.position >= goal[length]:\n        end game \"{current} reaches the end.\"\n",
  "    if current.position >= goal[length]:\n        end game \"{current} reaches the end.\"\n    ^end\n", ["end"])
g(n, "for ... else as Python writes it", TR5, "    for c in trick:\n        remove c from trick\n", "    for c in trick:\n        remove c from trick\n    ^else:\n        pass\n", ["else"])
g(n, "a .format on a text", RA, 'say "{p} lands on {s.name} and moves {s.bonus} more."', 'say "{} lands".^format(p)', ["{"])
g(n, "an int() conversion", RA, "    rolls += 1", "    rolls += ^int(r)", ["int"])
g(n, "x is None", RA, "    if s != none and s.bonus > 0:", "    if s ^is None and s.bonus > 0:", ["=="])
g(n, "a chained comparison", RA, "    if s != none and s.bonus > 0:", "    if s != none and ^0 < s.bonus < 3:", ["and"], maybe_valid=False)
g(n, "a trailing colon on a define", RA, "define here(p: player): space = first([s for s in space if s.index == p.position])",
  "define here(p: player): space = first([s for s in space if s.index == p.position])^:", [":"])
g(n, "a list method pop", TR5, "        remove c from trick", "        ^trick.pop()", ["remove"])
g(n, "a dict lookup with get", RA, "goal[length]:\n        end game", "goal.^get(length):\n        end game", ["goal[length]"])
g(n, "a negative index for the last item", TR5, "define led: suit = first(trick).suit", "define led: suit = trick[^-1].suit", ["last"], maybe_valid=True)
g(n, "a tab-indented line among spaces", RA, "    rolls += 1", "\t^rolls += 1", ["tab"])
g(n, "continue in a loop", TR5, "        remove c from trick", "        remove c from trick\n        ^continue", ["continue"])
g(n, "True in a while", RA, "    rolls += 1\n", "    rolls += 1\n    while ^True:\n        stop\n", ["true"])

# ------------------------------------------------------------------ 16. more of the new constructs
n = "constructs 2"
g(n, "or after by", AU, 'labelled "Bid {b}" or "Bid nothing" prompt', 'labelled "Bid {b}" prompt "Your sealed bid" ^or "Bid nothing" prompt', ["or"], at=(G, 50))
variant(n, "replace option with another loop name", TA, EXT + '    replace option "Move to {s.name}" for t in move_targets if actions_left > 0:\n        ^pawn = s\n', ["s"])
variant(n, "extend choose in a file that extends nothing", TA, "", [], maybe_valid=True)
c(n, "extend choose with no base", TA, [("variants/x.rules", 'extend choose in action_phase:\n^    option "Wait":\n        pass\n')], ["extends"], args=("--variant", "x"), at=("variants/x.rules", 1))
variant(n, "extend table of two keys with one key", K, "extend table damage:\n    ^5 -> 4\n", ["2"])
variant(n, "extend table of two keys, an existing combination", K, "extend table damage:\n    ^4, 12 -> 5\n", ["replace table"])
g(n, "a two-key entry whose ranges overlap another's", K, "    1, 4 to 5 -> 1\n", "    ^1, 3 to 5 -> 1\n", ["ranges"], also=((G, 70),))
g(n, "a two-key table's second key of another type", K, "    1, 11 -> 2\n", "    1, ^eruption_plus_one -> 2\n", ["int"])
g(n, "stage called from a definition", K, "define winning_points: int = 300", "define winning_points: int = ^hand()", ["stage"])
g(n, "stage with a parameter called without it", K, "stage hand:\n", "stage hand(n: int):\n", ["n"], at=(G, 224))
g(n, "next_player of the side", K, "    opener = start.holder", "    opener = ^next_player(volcano)", ["volcano"], maybe_valid=True)
g(n, "the side in a secret choice", H, "secretly each p in players_from(smackhead) chooses c from p.hand", "secretly each p in players_from(smackhead) chooses c from p.hand", [], valid=True)
g(n, "winners ranked by a definition of no player", AU, "winners: highest score, then highest coins_left", "winners: highest score, then highest ^top_bid", ["player"])
g(n, "winners with a comma missing", AU, "winners: highest score, then highest coins_left", "winners: highest score ^then highest coins_left", [","])
g(n, "timed on a may choose secret", AU, 'or "Bid nothing" prompt "Your sealed bid for the {up.name}":', 'or "Bid nothing" prompt "Your sealed bid for the {up.name}" timed as t:', [], valid=True)
g(n, "reaction label naming the reacting player's hand card", DI, 'labelled "Call a bust on {roller}"', 'labelled "Call a bust on {^rollr}"', ["roller"])
g(n, "signal with a value of the wrong type", DI, "signal rolling_again(current)", "signal rolling_again(^at_stake)", ["player"])
g(n, "reaction for-loop over a table of lists", BL, "by p for r in blockers[act] if", "by p for r in ^blockers if", ["look it up", "blockers["])
g(n, "instant reaction whose condition rolls", K, "for victim in out_players if off_turn(p) and holds(p, voodoo_schmoodoo)",
  "for victim in out_players if off_turn(p) and holds(p, voodoo_schmoodoo) and ^roll(d6) > 3", ["roll"])

# ------------------------------------------------------------------ 17. more data files
n = "data files 2"
c(n, "a record's enum given as a list", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", suit: ^[hearts], rank: 2}')], ["suit"])
c(n, "a negative count", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", suit: hearts, rank: 2, count: ^-1}')], ["count"])
c(n, "the top key twice", TR5, [(CY5, "cards:\n", "cards:\n  - {name: \"0 of hearts\", suit: hearts, rank: 0}\n^cards:\n")], ["cards"])
c(n, "a data file named with a capital", RA, [(G, 'kind space from "track.yaml":', 'kind space from ^"Track.yaml":')], ["track.yaml"])
c(n, "two documents in one file", RA, [(TY, "spaces:", "^---\nspaces:")], [], maybe_valid=True)
c(n, "a field given twice in a record", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", suit: hearts, rank: 2, ^rank: 3}')], ["rank"])
c(n, "a name as a number", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: ^22, suit: hearts, rank: 2}')], [], maybe_valid=True)
c(n, "a record with a trailing comma", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", suit: hearts, rank: 2,^}')], [], maybe_valid=True)
c(n, "a list of records without the top key", TR5, [(CY5, "cards:\n", "")], ["cards"], at=(CY5, 1))
c(n, "a kind read from a file of another kind's records", TR5, [(CY5, "cards:", "^spaces:")], ["card"], maybe_valid=True)

# ------------------------------------------------------------------ 18. more scenario files
n = "scenarios 2"
sc("expect a number as a list", RA, SB, "          Player 1: {position: 3}", "          Player 1: {position: ^[3]}", ["3"])
sc("moves as one text", AU, SA, "      - move: Bid 7\n        by: Player 2", "      - moves: ^Bid 7\n        by: Player 2", ["list"])
sc("force as a number, not a list", RA, SB, "    force setup: [2]", "    force setup: ^2", [], maybe_valid=True)
sc("set current by seat number", RA, SB, "    force setup: [5]", "    force setup: [5]\n    set:\n      current: ^2", ["Player 2"])
sc("rest of a zone misspelt", AU, SA, "rest: {lot: lots}", "rest: {lot: ^lot}", ["lots"])
sc("options with a label's braces", RA, SB, "          options: [Move 2, Rest]", "          options: [^Move {r}, Rest]", ["filled in"])
sc("by a seat in a turn not theirs", RA, SB, "      - move: Move 2\n", "      - move: Move 2\n        by: ^Player 2\n", ["Player 1"])
sc("time in milliseconds", H, SW, "      - {move: Smack 8 yellow squares, by: Player 1, time: 0.4}", "      - {move: Smack 8 yellow squares, by: Player 1, time: ^400}", ["seconds"])
sc("a variant misspelt on a case", H, "scenarios/colorcracks.yaml", "variant: colorcracks", "variant: ^colorcrack", ["colorcracks"])
sc("expect over as a text", RA, SB, "          rolls: 2", "          rolls: 2\n          ^over: maybe", ["true"])

# ================================================================== batch 3
n = "constructs 3"
g(n, "timed before or", AU, 'labelled "Bid {b}" or "Bid nothing" prompt "Your sealed bid for the {up.name}":',
  'labelled "Bid {b}" ^timed as t or "Bid nothing" prompt "Your sealed bid for the {up.name}":', ["timed"])
g(n, "a secret choice by players of one seat", AU, "secretly each p in players_from(next_player(auctioneer))", "secretly each p in ^next_player(auctioneer)", ["list"])
g(n, "score of a card", AU, "define score(p: player): int = lot_value(p) + p.coins", "define score(^p: lot): int = p.value", ["player"])
g(n, "winners ranked by a truth", AU, "define coins_left(p: player): int = p.coins", "define coins_left(p: player): bool = p.coins > 0", ["int"], at=(G, 30), also=((G, 29),))
variant(n, "extend stage that is a rule", K, "extend stage ^score_hand:\n    say \"x\"\n", ["rule"])
variant(n, "replace stage with another parameter", K, "replace stage hand(^n: int):\n    pass\n", ["n"], at=("variants/x.rules", 2), also=((G, 224),))
variant(n, "remove the side the base uses", K, "^remove volcano\n", ["volcano"], also=((G, 44),))
variant(n, "extend enum with a value the table lacks", H, "extend enum shape: ^hexagon\n", [], maybe_valid=True)
variant(n, "extend choose of a section", RA, 'extend choose in turn:\n    option "Sprint":\n        advance(current, 2 * r)\n', [], valid=True)
variant(n, "extend choose option reads a local set after the menu", RA, 'extend choose in turn:\n    option "Sprint":\n        advance(current, 2 * ^rolls_now)\n', ["rolls_now"])
variant(n, "extend choose remove every option", RA, '^extend choose in turn:\n    remove option "Move {r}"\n    remove option "Rest"\n', ["every option"])
g(n, "take turns in a round section", TR5, "round:\n    winner = taker", "round:\n    ^take turns\n    winner = taker", ["round"])
g(n, "end turn in setup", TR5, "    deck = shuffled(card)\n", "    deck = shuffled(card)\n    ^end turn \"no\"\n", ["turn"])
g(n, "reaction on an event with a typed name", DI, "reaction call_a_bust on rolling_again(roller)", "reaction call_a_bust on rolling_again(roller^: player)", ["roller"])
g(n, "a pattern of a value misspelt", S, "graham, {chocolate, marshmallow}, graham", "graham, {chocolate, ^marshmalow}, graham", ["marshmallow"])

n = "porter 3"
g(n, "range(len(xs))", TR5, "    for c in trick:", "    for i in range(^len(trick)):\n        pass\n    for c in trick:", ["count"])
g(n, "xs[len(xs) - 1]", TR5, "define led: suit = first(trick).suit", "define led: suit = trick[^len(trick) - 1].suit", ["count"])
g(n, "+= on a list", TR5, "        remove c from trick", "        ^trick += [c]", ["add"])
g(n, "a string multiplied", RA, 'show "{p}: {p.position}" for p in players', 'show "{p}: " + ^"#" * p.position for p in players', [], maybe_valid=True)
g(n, "true written yes", RA, "    if s != none and s.bonus > 0:", "    if s != none and ^yes:", ["true"])
g(n, "an assignment in a condition (walrus)", RA, "    if s != none and s.bonus > 0:", "    if (s ^:= here(p)) != none and s.bonus > 0:", [":="])
g(n, "a return value from a define", RA, "define here(p: player): space = first([s for s in space if s.index == p.position])",
  "define here(p: player): space = ^return first([s for s in space if s.index == p.position])", ["return"])
g(n, "a default parameter value", RA, "rule advance(p: player, n: int):", "rule advance(p: player, n: int ^= 1):", ["="])
g(n, "a parameter's type written first", RA, "rule advance(p: player, n: int):", "rule advance(p: player, ^int n):", ["n: int"])
g(n, "an in-place list sort", TR5, "        remove c from trick", "        ^trick.sort()", ["sort"])
g(n, "a semicolon between two statements", RA, "    rolls += 1", "    rolls += 1^; r = r", [";"])
g(n, "lower-case none written Nothing", TR5, "player var played: card = none", "player var played: card = ^nothing", ["none"])
g(n, "the current player written me", TR5, "    current.played = c", "    ^me.played = c", ["current"])
g(n, "an else after an else", RA, "    if current.position >= goal[length]:\n        end game \"{current} reaches the end.\"\n",
  "    if current.position >= goal[length]:\n        end game \"{current} reaches the end.\"\n    else:\n        pass\n    ^else:\n        pass\n", ["else"])
g(n, "a function call with a keyword", RA, "    p.position = min(p.position + n, goal[length])", "    p.position = min(p.position + n, ^b=goal[length])", ["order"])

n = "data files 3"
c(n, "a player kind's record naming its owner", A, [("battlers.yaml", "  - {name: battler, count: 21}", "  - {name: battler, count: 21, ^owner: 1}")], ["owner"])
c(n, "a count that is not whole", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", suit: hearts, rank: 2, count: ^2.5}')], ["count"])
c(n, "a text field given a list", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: ^["2 of hearts"], suit: hearts, rank: 2}')], ["name"])
c(n, "a quote never closed", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: ^"2 of hearts, suit: hearts, rank: 2}')], ["quote"], also=((CY5, 5),))
c(n, "a record's mapping never closed", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '^{name: "2 of hearts", suit: hearts, rank: 2')], ["}"], also=((CY5, 5),))
c(n, "a field of another kind's name", TR5, [(CY5, '{name: "2 of hearts", suit: hearts, rank: 2}', '{name: "2 of hearts", ^colour: hearts, rank: 2}')], ["suit"])

n = "scenarios 3"
SK = "scenarios/cards.yaml"
sc("a player set by seat number", H, SW, "    force setup: [{shuffle: []}, {pick: Player 3}]\n    steps:\n      - expect:\n          smackhead: Player 3",
   "    force setup: [{shuffle: []}, {pick: Player 3}]\n    steps:\n      - expect:\n          smackhead: ^3", ["Player 3"])
sc("a move in a secret choice without by", H, SW, "      - {move: Play 1 red circle, by: Player 1}", "      - {^move: Play 1 red circle}", ["by"], maybe_valid=True)
sc("force a pick of a player past the count", H, SW, "    force setup: [{shuffle: []}, {pick: Player 1}]\n    set:\n      Player 1: {hand: [1 red circle",
   "    force setup: [{shuffle: []}, {pick: ^Player 3}]\n    set:\n      Player 1: {hand: [1 red circle", ["Player 2"])
sc("a card in two hands", H, SW, "      Player 2: {hand: [8 yellow squares, 4 green circles, 6 green circles]}",
   "      Player 2: {hand: [^1 red circle, 4 green circles, 6 green circles]}", ["1 red circle"])
sc("winners as one name", RA, SB, "          rolls: 2", "          rolls: 2\n          ^winners: Player 1", [], maybe_valid=True)

# ================================================================== batch 4
n = "statements"
g(n, "choose with 'in' for 'from'", TR5, "choose c from current.hand if may_play", "choose c ^in current.hand if may_play", ["from"])
g(n, "choose without a name", TR5, "choose c from current.hand if may_play(current, c)", "choose ^from current.hand if may_play(current, c)", ["name"])
g(n, "move without from", TR5, "    move c from current.hand to trick", "    move c ^to trick", ["from"])
g(n, "shuffle called as a function", TR5, "    deck = shuffled(card)\n", "    deck = shuffled(card)\n    ^shuffle(deck)\n", [], valid=True)
g(n, "say called as a function", RA, '        say "{p} lands', '        say("{p} lands', [], maybe_valid=True)
g(n, "a generator in sum", TR5, "count([c for c in p.hand if c.suit == led]) > 0", "sum(1 ^for c in p.hand if c.suit == led) > 0", ["["])
g(n, "AND in capitals", RA, "    if s != none and s.bonus > 0:", "    if s != none ^AND s.bonus > 0:", ["and"])
g(n, "elif with no condition", RA, "        option \"Rest\":\n            pass\n", "        option \"Rest\":\n            pass\n    if rolls > 3:\n        pass\n    ^elif:\n        pass\n", ["else"])
g(n, "a lambda of two parameters", TR5, "p => 0 - p.played.rank", "^(p, q) => 0 - p.played.rank", ["one"], maybe_valid=False)
g(n, "a tuple for a list", RA, "    if s != none and s.bonus > 0:", "    if s != none and s.bonus in ^(1, 2):", ["["])
g(n, "an empty dict as a list's start", RA, "var rolls: int = 0", "var rolls: int = 0\nvar seen: list of int = ^{}", ["[]"])
g(n, "end game without its reason", RA, 'end game "{current} reaches the end."', "end game", [], maybe_valid=True)
g(n, "a for over a number", TR5, "    for p in players:\n        draw 3", "    for i in ^3:\n        pass\n    for p in players:\n        draw 3", ["range"])
g(n, "repeat without times", TR5, "    for p in players:\n        draw 3", "    repeat 3^:\n        pass\n    for p in players:\n        draw 3", ["times"])
g(n, "a while without its condition", RA, "    rolls += 1\n", "    rolls += 1\n    while^:\n        stop\n", ["condition"])

n = "variants 2"
c(n, "extends without ../", T, [("variants/x.rules", 'extends ^"game.rules"\n')], ["../game.rules"], args=("--variant", "x"))
c(n, "extends a file misspelt", T, [("variants/x.rules", 'extends ^"../games.rules"\n')], ["game.rules"], args=("--variant", "x"))
variant(n, "remove option outside extend choose", T, '^remove option "Pass"\n', ["extend choose"])
variant(n, "replace kind from a file not in the variant", T, 'replace kind treasure from ^"x2.yaml":\n    name: text\n    colour: colour\n    search: int = 0\n    claimed: bool = false\n', ["extend kind"])
variant(n, "extend choose option without a label", T, EXT + '    option ^if actions_left > 0:\n        pass\n', ["label"])
variant(n, "extend kind record missing a base field", T, 'extend kind treasure from "x.yaml":\n    weight: int, default 0\n', ["colour"],
        data='treasures:\n  - {name: "white treasure"}\n', at=("variants/x.yaml", 2))
variant(n, "a variant's variable shadowing the base's", T, "^var water_level: int = 3\n", ["replace"])
variant(n, "replace a rule with a different parameter", T, "replace rule sink(^t: treasure):\n    pass\n", ["space"], also=((G, 279), (G, 281)))

n = "scenarios 4"
sc("expect a number as a list", RA, SB, "          rolls: 2", "          rolls: ^[2]", ["2"])
sc("force a die face for a named die that lacks it", RA, SB, "    force setup: [2]", "    force setup: [{d6: ^7}]", ["6"])
sc("force a die by a name misspelt", RA, SB, "    force setup: [2]", "    force setup: [{^d8: 2}]", ["d6"])
sc("seed not whole", RA, SB, "    force setup: [5]", "    force setup: [5]\n    seed: ^1.5", ["whole"])
sc("players as a list", AU, SA, "    players: 3\n    force setup: [{shuffle: [Crown]}]\n    steps:\n      - expect:\n          block: [Crown]",
   "    players: ^[3]\n    force setup: [{shuffle: [Crown]}]\n    steps:\n      - expect:\n          block: [Crown]", ["players: 3"])
sc("game misspelt at the top", RA, SB, "cases:", "^game: racee\ncases:", ["race"], maybe_valid=False)
sc("rest of a kind misspelt", AU, SA, "rest: {lot: lots}", "rest: {^lots: lots}", ["lot"])
sc("expect the prompt misspelt", AU, SA, "          prompt: Your sealed bid for the Crown", "          prompt: ^Your sealed bid for Crown", ["Your sealed bid for the Crown"])

# ================================================================== batch 5
n = "newest 2"
variant(n, "extend choose replace option keeps a for the label no longer names", TA, EXT + '    replace option "Pass" for s in move_targets if actions_left > 0:\n        actions_left -= 1\n', [], maybe_valid=True)
variant(n, "extend choose option label twice in the block", TA, EXT + '    option "Wait":\n        pass\n    ^option "Wait":\n        pass\n', ["Wait"])
variant(n, "extend choose replace and remove of one label", TA, EXT + '    replace option "Pass" if actions_left > 0:\n        actions_left -= 1\n    ^remove option "Pass"\n', ["Pass"])
variant(n, "extend choose twice of one menu", TA, EXT + '    option "Wait":\n        pass\n' + EXT + '    option "Rest":\n        pass\n', [], maybe_valid=True)
variant(n, "extend choose prompt with its braces filled", TA, '^extend choose prompt "Take an action (3 left, 0 special)" in action_phase:\n    option "Wait":\n        pass\n', ["{actions_left}"])
variant(n, "extend choose option with a stop outside a loop", TA, EXT + '    option "Wait":\n        ^stop\n', [], maybe_valid=True)
g(n, "secret may choose with a may guard reading the choice in the label", AU, 'labelled "Bid {b}" or "Bid nothing"', 'labelled "Bid {b}" or "Bid {^b} or nothing"', ["b"], at=(G, 50))
g(n, "secret choice's player name reused in the block", AU, "        say \"{p} bid {p.bid}.\"", "        p = auctioneer", ["p"], at=(G, 52))
g(n, "secret choice's block reads time it did not ask", AU, "        say \"{p} bid {p.bid}.\"", "        say \"{p} bid {p.bid} after {^t} ms.\"", ["timed"])
g(n, "secret choice over players twice", AU, "secretly each p in players_from(next_player(auctioneer))", "secretly each p in players + ^players", [], maybe_valid=True)
g(n, "winners then without a second ranking", AU, "winners: highest score, then highest coins_left", "winners: highest score, then^", ["then"])
g(n, "winners lowest of a player var", AU, "winners: highest score, then highest coins_left", "winners: highest score, then lowest ^coins", ["coins_of", "define"])
g(n, "score and winners both, the winners a list of texts", AU, "winners: highest score, then highest coins_left", 'winners: ^["Player 1"]', ["player"])
g(n, "take rounds with a turn section", H, "    take rounds led by smackhead", "    take rounds led by smackhead", [], valid=True)
g(n, "a stage ended by a reaction of another stage's name", K, 'end hand "{p} places the sixteenth piece', 'end ^hands "{p} places the sixteenth piece', ["hand"])

def run_all(show: str = "") -> None:
    """Each case checked (harness.run) or, with cmd "simulate", played as cases7.py plays it."""
    from cases7 import play
    from harness import main, run
    main(CASES, show, lambda case: play(case, 40) if case.cmd == "simulate" else run(case))


if __name__ == "__main__":
    run_all(sys.argv[1] if len(sys.argv) > 1 else "")
