"""The cases of the broken-rulebook hunt, round 15: first drafts of new games. Four small games
of kinds no bundled game is were written from a blank file, by an author who knew only
docs/language.md, docs/scenarios.md and the bundled rulebooks (tests/hunt/games15: Shed, a
shedding game with skip, draw two and reverse; Drop Four, discs falling in a grid; Trumps,
tricks with trumps and bids in hands; Liar, dice under cups with a challenge). Every draft that
failed `tabletop check` or went wrong in play is kept as it was (tests/hunt/drafts15/GAME/N) and is
a case here ("draft" group), judged at the line and with the words its error should give. The
other cases are the smallest edits of the finished games that repeat a slip of the same writing:
what a first draft of such a game gets wrong (data records without a field, turn order, gravity
on a grid, bids and trumps, hidden dice and their reveal, reactions, stages).

Each case is a Case of harness.py: cmd "check" is judged by harness.verdict, cmd "simulate" is
played as cases7.play plays (`simulate -n GAMES --seed 1`). `python tests/hunt/cases15.py
[VERDICTS]` runs them and prints each result (only those of the verdicts named) and the counts. A
tool, not a test: the tests that keep what it found are in tests/test_hunt15.py.

Counts, 194 cases, before this round's fixes (main at 218d50c) and after:
  before: told 122, valid 39, right line 26, warned 4, wrong line 2, weak hint 1
  after:  told 151, valid 39, warned 4
(before: the drafts' own mistakes: an option with two 'for's told "not directly in the block of a
'choose' ... indent it" (the hint sent the author the wrong way); take_while, an unknown function,
told with no hint and a second error for the `x => ...` given to it; action cards without a number
told without the way out (a default); a skip flag that is never reset blamed on next_turn, not
skip_turn; `end play` for `end game` told first as E404 at the game's line; a Shed scenario's
card dealt to another hand told without how to free it, and `Player 2: {}` shown an example of
another game's value (lineup). Then the slips of the same writing: a player where a zone is
wanted, a list compared with a number, a pair's items read as fields, a text nested too deep
past a part of two texts (E102 for E103), a board over a list ("add ':'"), 'replace rule' of a
stage named like a zone ("replace player zone hand"), "none" in quotes, a definition found none
in play that did not say what it is (first of an empty pile), and habits ('choose k in', a label
joined with '+', '==' or ':=' to set (":=" gave "p.taken = = 0"), a die's faces '1..6' or after
'=', 'winners: current'). The warnings left (4) are the language's by design: W106 at a 'say'
that reads the cups before they are lifted, and W103 at steps after 'take turns' or after the
base's 'end game' (now naming the base's line and what 'extend' does).)
The other hunt files, before (main at 218d50c) and after; no file worse ("slow" is wall-clock, on
a machine at a load of 8 to 11):
  cases.py   told 489, valid 86, warned 6, missed 1, wrong line 1 -> the same (3 of its cases edit a line
             of S'mores Galore the bundled game no longer has: BAD CASE, before and after)
  cases4.py  told 228, valid 38, warned 7 -> the same
  cases5.py  told 156, valid 42, warned 15, wrong line 1 -> the same
  cases9.py  told 299, valid 26, warned 7 -> the same
  cases11.py told 106, valid 6, slow 2 -> told 107, valid 6, slow 1 (wall-clock)
  cases13.py told 136, valid 29, warned 9, wrong line 3 -> the same
  cases14.py told 179, valid 52, loud 2, warned 1 -> the same"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import Case, adders, main as check_main, run as check_run  # noqa: E402
import cases7  # noqa: E402

HERE = Path(__file__).resolve().parent
SH, DF, TP, LI = (str(HERE / "games15" / g) for g in ("shed", "drop", "trumps", "liar"))
DRAFTS = HERE / "drafts15"
G = "game.rules"
GAMES = 5
CASES = []


c, p = adders(CASES)


def draft(name, folder, at, words=(), **kw):
    """A kept draft as it was written: `at` is (file, line) of the mistake."""
    CASES.append(Case(name, str(DRAFTS / folder), [], tuple(words), group="draft", at=at, **kw))


def marked(folder: str, marks: list) -> str:
    """A draft's game.rules with a '^' put before each (line, text) of `marks`: a multi case."""
    lines = (DRAFTS / folder / G).read_text(encoding="utf-8").split("\n")
    for line, text in marks:
        lines[line - 1] = lines[line - 1].replace(text, "^" + text, 1)
    return "\n".join(lines)


# ================================================================== the drafts, as written
n = "draft"
for book, nm in ((SH, "shed"), (DF, "drop"), (TP, "trumps"), (LI, "liar")):
    CASES.append(Case(f"{nm}: the finished game", book, [], group=n, valid=True))
draft("shed 1: action cards with no number in the data", "shed/1", ("cards.yaml", 5), ["number", "default"])
draft("shed 2: a skip that is never reset skips every turn", "shed/2", (G, 30), ["skip_turn"], cmd="simulate")
draft("drop 1: take_while, a function the language lacks", "drop/1", (G, 18), ["take_while", "built-in"])
draft("liar 2: an option with two 'for's", "liar/2", (G, 43), ["one 'for'", "product"])
draft("liar 3: the cups lifted by a say (W106)", "liar/3", (G, 52), ["cup"])
CASES.append(Case("liar 1: two 'for's in a list and in an option, a name set in if and else", str(DRAFTS / "liar/1"),
                  [(G, marked("liar/1", [(21, "for d in p.cup"), (43, "option"), (57, "loser.dice")]))],
                  (("one 'for'", "flatten"), ("one 'for'", "product"), ("loser", "before")), group=n, multi=True))

# ================================================================== Shed: a shedding game
n = "shed"
c(n, "a data field with no default, read by cards that lack it", SH, "    number: int, default 0", "    number: int", ["number", "default"],
  at=("cards.yaml", 5))
c(n, "the default written as a changing field", SH, "    number: int, default 0", "    number: int = 0", [], maybe_valid=True,
  at=("cards.yaml", 2))
c(n, "a default of the wrong type", SH, "    number: int, default 0", "    number: int, default ^none", ["none"])
c(n, "'!' for not", SH, "        reversed = not reversed", "        reversed = ^!reversed", ["not"])
c(n, "'else if' for elif", SH, "    elif c.action == skip:", "    ^else if c.action == skip:", ["elif"])
c(n, "an action misspelt", SH, "    elif c.action == draw_two:", "    elif c.action == ^draw2:", ["draw_two"])
c(n, "a colour compared with an action", SH, "    if c.action == wild_card:", "    if ^c.action == wild:", ["colour", "action"])
c(n, "the wild colour called from the enum with wild in it", SH, "        choose k from [red, yellow, green, blue] labelled \"Call {k}\"",
  "        choose k from colour labelled \"Call {k}\"", [], maybe_valid=True)
c(n, "called set to a text", SH, "        called = k", "        called = ^\"{k}\"", ["called"])
c(n, "skip_turn of no parameter", SH, "define skip_turn(p: player): bool = p == skipped", "^define skip_turn: bool = skipped != none",
  ["skip_turn", "player"])
c(n, "next_turn returning a number", SH, "define next_turn(p: player): player = if reversed then previous(p) else next_player(p)",
  "^define next_turn(p: player): int = if reversed then index_of(players, previous(p)) else index_of(players, next_player(p))",
  ["next_turn", "player"])
c(n, "next_turn without its type (the type is optional)", SH, "define next_turn(p: player): player =", "define next_turn(p: player) =", [], valid=True)
c(n, "skipped set to a truth", SH, "        skipped = next_turn(current)\n    elif c.action == reverse:",
  "        skipped = ^true\n    elif c.action == reverse:", ["skipped"])
c(n, "a may choose without its 'or' text after the prompt", SH,
  "labelled \"Play {c.name}\" or \"Draw a card\"", "labelled \"Play {c.name}\" prompt \"Your card\" ^or \"Draw a card\"", ["or"])
c(n, "'or' text on a plain choose", SH, "    may choose c from current.hand", "    ^choose c from current.hand", ["may"])
c(n, "c used after a declined may choose, unguarded", SH, "    if c == none:\n        draw_cards(current, 1)\n        return\n", "", ["c"],
  maybe_valid=True, at=(G, 51))
c(n, "a move to the top of a zone written 'onto'", SH, "    move c from current.hand to top of discard", "    move c from current.hand ^onto discard",
  ["to"])
c(n, "a draw with 'cards'", SH, "        draw 7 from deck to p.hand", "        draw 7 ^cards from deck to p.hand", ["cards"])
c(n, "draw into a player, not their hand", SH, "        draw 7 from deck to p.hand", "        draw 7 from deck to ^p", ["hand"])
c(n, "a rule called with too few values", SH, "        draw_cards(current, 1)", "        ^draw_cards(current)", ["n"])
c(n, "a rule called as a value", SH, "        draw_cards(current, 1)", "        x = ^draw_cards(current, 1)", ["draw_cards"])
c(n, "the top card by index", SH, "define top: card = first(discard)", "define top: card = discard[0]", [], maybe_valid=True)
c(n, "the top card by last (under the top)", SH, "    show \"On the pile: {top.name}\"", "    ^show \"On the pile: {last(discard).name}\"",
  ["discard"])
c(n, "a hand's cards in the display", SH, "    show \"{p}: {count(p.hand)} cards\" for p in players",
  "    ^show \"{p}: {p.hand}\" for p in players", ["hand"], maybe_valid=True)
c(n, "the pile's top said with a card under it", SH, "    say \"{current} plays {c.name}.\"", "    ^say \"{current} plays {c.name} on {discard[1].name}.\"",
  ["discard"], maybe_valid=True)
c(n, "score of a list", SH, "define score(p: player): int = 0 - count(p.hand)", "define score(p: player): int = ^p.hand", ["score"])
c(n, "winners: fewest cards by a name not defined", SH, "define score(p: player): int = 0 - count(p.hand)",
  "define score(p: player): int = 0 - count(p.hand)\nwinners: lowest ^cards_left", ["cards_left"])
c(n, "the refill moving the whole pile, its top too", SH, "        move drop(discard, 1) from discard to deck",
  "        move discard from discard to deck", [], maybe_valid=True)
p(n, "a refill loop that waits for a deck the pile cannot fill", SH, "    if count(deck) == 0:\n        move drop(discard, 1) from discard to deck",
  "    while count(deck) == 0:\n        ^move drop(discard, 1) from discard to deck", ["deck"], maybe_valid=True, also=((G, 39),))
c(n, "a deal of 7 to 4 players from a deck too small", SH, "        draw 7 from deck to p.hand", "        draw 17 from deck to p.hand", [],
  maybe_valid=True)
p(n, "the discard pile started empty", SH, "    draw 1 from deck to discard\n", "", ["discard"], also=((G, 26), (G, 27)))
c(n, "a reaction to a draw two with no event", SH, "define score(p: player): int", "reaction stack on ^drawing(p) by q labelled \"Stack\":\n    pass\n\ndefine score(p: player): int",
  ["drawing"])
c(n, "a colour enum value used as a name twice", SH, "enum action: number, skip, draw_two, reverse, wild_card",
  "enum action: number, skip, draw_two, reverse, ^wild", ["wild"])
c(n, "an enum value named like a kind's field", SH, "enum action: number, skip, draw_two, reverse, wild_card",
  "enum action: number, skip, draw_two, reverse, wild_card, colour", ["colour"], maybe_valid=True, at=(G, 9))
c(n, "the players' hands public by typo", SH, "player zone hand: card, owner", "player zone hand: card, ^owners", ["owner"])
c(n, "a card named in the data by a colour of another enum", SH, "Red Skip\", colour: red", "Red Skip\", colour: ^crimson", ["crimson"],
  file="cards.yaml")
c(n, "a count of 0 in the data", SH, "  - {name: \"Wild\", colour: wild, action: wild_card, count: 4}",
  "  - {name: \"Wild\", colour: wild, action: wild_card, ^count: 0}", ["count"], file="cards.yaml")
c(n, "an action written with a space", SH, "action: draw_two}\n  - {name: \"Red Reverse\"", "^action: draw two}\n  - {name: \"Red Reverse\"",
  ["draw_two"], file="cards.yaml", at=("cards.yaml", 6))

# ================================================================== Drop Four: gravity on a grid
n = "drop"
c(n, "take_while (not a built-in)", DF, "index_of([x.owner == c.owner for x in line_from(c, dr, dc)] + [false], false)",
  "count(^take_while(line_from(c, dr, dc), x => x.owner == c.owner))", ["take_while", "built-in"])
c(n, "count_while (not a built-in), with no function in it", DF, "index_of([x.owner == c.owner for x in line_from(c, dr, dc)] + [false], false)",
  "^count_while([x.owner == c.owner for x in line_from(c, dr, dc)])", ["count_while", "built-in"])
c(n, "a function given to filter", DF, "define column(k: int): list of cell = [c for c in cell if c.col == k]",
  "define column(k: int): list of cell = ^filter(cell, c => c.col == k)", ["filter", "if"])
c(n, "a function given to any", DF, "define open_columns: list of int = [k for k in range(0, 6) if any([c.owner == none for c in column(k)])]",
  "define open_columns: list of int = [k for k in range(0, 6) if any(column(k), ^c => c.owner == none)]", ["any"])
c(n, "a function given to count", DF, "index_of([x.owner == c.owner for x in line_from(c, dr, dc)] + [false], false)",
  "count(line_from(c, dr, dc), ^x => x.owner == c.owner)", ["count"])
c(n, "no grid line for line_from", DF, "grid cell at row, col\n", "", ["grid"], at=(G, 17))
c(n, "the grid by names it does not have", DF, "grid cell at row, col", "grid cell at ^y, x", ["row"])
c(n, "the disc's owner a data field", DF, "    owner: player = none", "    owner: player", ["owner"], at=(G, 24), also=(("board.yaml", 2),))
c(n, "the disc's owner a number of a seat", DF, "    owner: player = none", "    owner: int = 0", ["owner"], at=(G, 24),
  also=((G, 10),))
c(n, "line_from with a list of two", DF, "line_from(c, dr, dc)", "line_from(c, ^[dr, dc])", ["line_from"])
c(n, "a direction as a pair (list of list) indexed past its end", DF, "run(c, d[0], d[1]) + run(c, -d[0], -d[1])",
  "run(c, d[0], d[2]) + run(c, -d[0], -d[1])", [], maybe_valid=True)
c(n, "minus before a name read as a binary minus", DF, "run(c, -d[0], -d[1])", "run(c, 0-d[0], 0-d[1])", [], valid=True)
c(n, "four_at returning a number", DF, "define four_at(c: cell): bool =", "define four_at(c: cell): ^int =", ["four_at"], at=(G, 19),
  also=((G, 26),))
c(n, "'in' a list of directions not brackets", DF, "for d in [[0, 1], [1, 0], [1, 1], [1, -1]]", "for d in ^((0, 1), (1, 0))", [])
p(n, "a column past the board (range counted from 1): never open, so never offered", DF, "for k in range(0, 6)", "for k in range(0, 7)", [],
  maybe_valid=True)
c(n, "the column chosen by a cell, its number read", DF, "    choose k from open_columns labelled \"Drop in column {k + 1}\"",
  "    choose k from open_columns labelled \"Drop in column {^k.col + 1}\"", ["k"])
c(n, "a cell's owner set on a list", DF, "    c = lowest_empty(k)", "    c = [x for x in column(k) if x.owner == none]", ["c"], at=(G, 24),
  also=((G, 23),))
c(n, "the board's cell text not a text", DF, "    board c in cell: \"{if c.owner == none then \".\" else if c.owner == players[0] then \"X\" else \"O\"}\"",
  "    board c in cell: ^c.owner", ["quoted text"])
c(n, "a board over a kind with no grid", DF, "grid cell at row, col\n", "", ["grid"], at=(G, 17), also=((G, 34),))
c(n, "a template with a quote too deep", DF, "{if c.owner == none then \".\" else if c.owner == players[0] then \"X\" else \"O\"}",
  "{if c.owner == none then \".\" else \"{if c.owner == players[0] then ^\"X\" else \"O\"}\"}", ["define"])
c(n, "winners by a truth", DF, "winners: [p for p in players if p.won]", "winners: ^highest won", ["won"])
c(n, "winners with no players and no score", DF, "winners: [p for p in players if p.won]\n", "", ["winners", "score"], at=(G, 1),
  also=((G, 3),))
c(n, "a grid of 100 columns in the data", DF, "  - {name: \"A6\", row: 0, col: 0}", "  - {name: \"A6\", row: 0, ^col: x}", ["col"],
  file="board.yaml")
c(n, "two cells at one place", DF, "  - {name: \"B6\", row: 0, col: 1}", "  - {name: \"B6\", row: 0, ^col: 0}", ["A6"], file="board.yaml",
  maybe_valid=True)
c(n, "two cells of one name", DF, "  - {name: \"B6\", row: 0, col: 1}", "  - {name: ^\"A6\", row: 0, col: 1}", ["A6"], file="board.yaml",
  maybe_valid=True)
c(n, "players 2 written as a pair", DF, "players 2\n", "players ^2, 2\n", ["to"])
c(n, "two-player game with a third colour", DF, "players 2\n", "players 2 to 3\n", [], valid=True)
c(n, "a board of a list, not a kind", DF, "    board c in cell:", "    board c in ^column(0):", ["cell"])
p(n, "the won flag never set (nobody ever wins)", DF, "        current.won = true\n", "", [], maybe_valid=True)
c(n, "end game without its text", DF, "        end game \"The board is full.\"", "        end game", [], maybe_valid=True)

# ================================================================== Trumps: bids, trumps, hands
n = "trumps"
c(n, "the stage named like the hand zone, ended by the zone's word", TP, "        end hand\n", "        end ^hands\n", ["hand"])
c(n, "a stage called without parentheses", TP, "        hand()\n", "        ^hand\n", ["hand()"])
c(n, "end of a rule name, not a stage", TP, "        end hand\n", "        end ^score_hand\n", ["stage"])
p(n, "no end hand: turns go on with empty hands", TP, "                p.points += 10 + p.bid\n        end hand\n",
  "                p.points += 10 + p.bid\n", ["hand"], also=((G, 45),))
p(n, "the leader never set", TP, "    leader = players[0]\n", "", ["leader"], also=((G, 39), (G, 42)))
c(n, "led read before anything is played, unguarded", TP, "trick == [] or c.suit == led or", "c.suit == led or trick == [] or", [],
  maybe_valid=True)
p(n, "the trump read from an empty deck", TP, "    deck = shuffled(card)\n    for p in players:\n        draw hand_size",
  "    deck = shuffled(card)\n    for p in players:\n        draw 11", ["deck"], also=((G, 37),))
c(n, "a bid chosen from range(hand_size)", TP, "range(0, hand_size)", "^range(hand_size)", ["range"])
c(n, "the bid prompt before its label", TP, "labelled \"Bid {b}\" by p prompt", "^prompt \"Your bid\" labelled \"Bid {b}\" by p prompt", ["prompt"])
c(n, "the bid prompt naming the bid", TP, "prompt \"Trumps are {trump}: your bid\"", "prompt \"Trumps are {trump}: your bid {^b}\"", ["b"])
c(n, "'by' naming a list of players", TP, "labelled \"Bid {b}\" by p prompt", "labelled \"Bid {b}\" by ^players prompt", ["player", "first(players)"])
c(n, "secret bids with the player name as the choice's", TP,
  "    for p in players_from(leader):\n        choose b from range(0, hand_size) labelled \"Bid {b}\" by p prompt \"Trumps are {trump}: your bid\"\n        p.bid = b\n",
  "    secretly each p in players chooses b from range(0, hand_size) labelled \"Bid {b}\":\n        p.bid = b\n", [], valid=True)
c(n, "secret bids without the block's colon", TP,
  "    for p in players_from(leader):\n        choose b from range(0, hand_size) labelled \"Bid {b}\" by p prompt \"Trumps are {trump}: your bid\"\n        p.bid = b\n",
  "    secretly each p in players chooses b from range(0, hand_size) labelled \"Bid {b}\"^\n        p.bid = b\n", ["':'"])
c(n, "secret bids with 'each' left out", TP,
  "    for p in players_from(leader):\n        choose b from range(0, hand_size) labelled \"Bid {b}\" by p prompt \"Trumps are {trump}: your bid\"\n        p.bid = b\n",
  "    secretly ^p in players chooses b from range(0, hand_size) labelled \"Bid {b}\":\n        p.bid = b\n", ["each"])
c(n, "the trump a card, not a suit", TP, "    trump = first(deck).suit", "    trump = ^first(deck)", ["trump", "suit"])
c(n, "the trump compared with a card", TP, "if c.suit == trump then", "if ^c == trump then", ["trump"])
c(n, "strength of a player", TP, "p => 0 - strength(p.played)", "p => 0 - strength(^p)", ["strength"])
c(n, "sort by a key that is a truth list", TP, "p => 0 - strength(p.played)", "p => ^[strength(p.played)]", ["sort"])
c(n, "a 'highest' in a sort", TP, "first(sort(players, p => 0 - strength(p.played)))", "first(sort(players, ^highest strength))", [])
c(n, "max of a list of players", TP, "first(sort(players, p => 0 - strength(p.played)))", "^max(players, p => strength(p.played))", ["max"])
c(n, "a ternary written the Python way", TP, "define strength(c: card): int = if c.suit == trump then 100 + c.rank else if c.suit == led then c.rank else 0",
  "define strength(c: card): int = 100 + c.rank ^if c.suit == trump else c.rank", ["then"])
c(n, "moving the whole trick written as a loop of removes", TP, "    move trick from trick to deck", "    for c in trick:\n        remove c from trick", [],
  valid=True)
c(n, "moving the trick to a player", TP, "    move trick from trick to deck", "    move trick from trick to ^w", ["w"])
c(n, "a player's hand counted without count", TP, "    if count(w.hand) == 0:", "    if ^w.hand == 0:", ["count"])
c(n, "points a text", TP, "player var points: int = 0", "player var points: int = ^\"0\"", ["points"])
c(n, "a bid ranged too small", TP, "player var bid: int = 0", "player var bid: int in 0 to 3 = 0", [], maybe_valid=True)
c(n, "repeat without times", TP, "    repeat 4 times:", "    repeat 4^:", ["times"])
c(n, "a for over a number", TP, "    repeat 4 times:", "    for i in ^4:", ["range"])
c(n, "end game in a stage's round by the stage's name", TP, "    end game \"Four hands are played.\"", "    end ^play \"Four hands are played.\"",
  ["game"])
c(n, "a stage named round", TP, "stage hand:", "stage ^round:", ["round"])
c(n, "the turn inside the stage", TP, "    take turns from leader\n\nturn:", "    take turns from leader\n\n    ^turn:", [])
c(n, "take turns written with 'take turn'", TP, "    take turns from leader", "    ^take turn from leader", ["turns"])
c(n, "take rounds in a game with turns", TP, "    take turns from leader", "    take rounds led by leader", [], maybe_valid=True)
c(n, "a suit enum missing the data's suit", TP, "enum suit: hearts, spades, diamonds, clubs", "enum suit: hearts, spades, diamonds", ["clubs"],
  at=("cards.yaml", 26))
c(n, "a card rank given as Ace", TP, "  - {name: \"Ace of Hearts\", suit: hearts, rank: 14}", "  - {name: \"Ace of Hearts\", suit: hearts, ^rank: A}",
  ["rank"], file="cards.yaml")
c(n, "a follow-suit rule over the wrong player's hand", TP, "if may_play(current, c) labelled", "if may_play(^c, current) labelled",
  ["may_play"])
c(n, "display of a hidden hand", TP, "    show \"Trick: {join(trick)}\"", "    ^show \"Hand: {join(current.hand)}\"", ["hand"])

# ================================================================== Liar: dice under cups, a challenge
n = "liar"
c(n, "two 'for's in a list", LI, "count([d for d in flatten([p.lifted for p in players]) if d.face == f])",
  "count([d for p in players ^for d in p.lifted if d.face == f])", ["one 'for'", "flatten"])
c(n, "two 'for's in an option", LI, "for b in product(range(1, 20), range(1, 6)) if b[0] > bid_count or (b[0] == bid_count and b[1] > bid_face):\n            bid_count = b[0]\n            bid_face = b[1]",
  "for n in range(1, 20) ^for f in range(1, 6) if n > bid_count or (n == bid_count and f > bid_face):\n            bid_count = n\n            bid_face = f",
  ["one 'for'", "product"], at=(G, 44))
c(n, "two names bound by an option's for", LI, "for b in product(range(1, 20), range(1, 6)) if b[0] > bid_count or (b[0] == bid_count and b[1] > bid_face):\n            bid_count = b[0]\n            bid_face = b[1]",
  "for n, f in product(range(1, 20), range(1, 6)) if n > bid_count or (n == bid_count and f > bid_face):\n            bid_count = n\n            bid_face = f",
  ["one", "n[0]"], at=(G, 44))
c(n, "a pair's items named by fields", LI, "            bid_count = b[0]", "            bid_count = ^b.first", ["b[0]"])
c(n, "the loser set in if and else", LI, "    loser = if have >= bid_count then current else bidder\n",
  "    if have >= bid_count:\n        loser = current\n    else:\n        loser = bidder\n", ["loser", "before"], at=(G, 60))
c(n, "a die rolled by its faces", LI, "            f = roll(d6)", "            f = roll(^1, 6)", ["roll"])
c(n, "a die never declared", LI, "die d6: 1 to 6\n", "", ["d6"], at=(G, 34))
c(n, "a die of a list", LI, "die d6: 1 to 6", "die d6: ^[1, 2, 3, 4, 5, 6]", ["die"])
c(n, "a face that is a pip set to a changing field", LI, "    face: int", "    face: int = 0", ["face"], at=("pips.yaml", 2),
  maybe_valid=True)
c(n, "the cup public (the bids mean nothing)", LI, "player zone cup: pip, owner", "player zone cup: pip, public", [], valid=True)
c(n, "the cups counted in a say before they are lifted", LI, "    for p in players:\n        move p.cup from p.cup to p.lifted\n", "", ["cup"],
  at=(G, 22), maybe_valid=True)
c(n, "a die's value kept in a player var, seen by all", LI, "player var dice: int in 0 to 5 = 5", "player var dice: int in 0 to 5 = 5\nplayer var rolled: list of int = []", [],
  valid=True)
c(n, "the supply given the pips of every player", LI, "        p.supply = [d for d in pip if d.owner == p]", "        p.supply = pip", [],
  maybe_valid=True)
p(n, "the supply never filled", LI, "    for p in players:\n        p.supply = [d for d in pip if d.owner == p]\n", "", ["supply"], also=((G, 33),))
p(n, "the lifted dice never put back", LI, "        move p.lifted from p.lifted to p.supply\n", "", ["supply"], also=((G, 34),))
c(n, "a player kind's things named by name", LI, "move first([d for d in p.supply if d.face == f]) from", "move ^pip \"1\" from", ["pip"])
c(n, "the dice count below the range", LI, "player var dice: int in 0 to 5 = 5", "player var dice: int in 1 to 5 = 5", ["dice"], cmd="simulate",
  also=((G, 15), (G, 57)))
c(n, "winners a player, not a list", LI, "winners: in_game", "winners: ^first(in_game)", ["winners"])
c(n, "the call option shown with a none bidder", LI, "        option \"Call {bidder} a liar\" if bidder != none:", "        option \"Call {bidder} a liar\":",
  [], maybe_valid=True)
p(n, "a call with no bid crashes on none", LI, "        option \"Call {bidder} a liar\" if bidder != none:", "        option \"Call {bidder} a liar\":",
  ["bidder"], maybe_valid=True, also=((G, 58), (G, 59)))
c(n, "bidding on oneself: 'current' in a rule without a turn", LI, "    loser = if have >= bid_count then current else bidder", "    loser = if have >= bid_count then current else bidder", [],
  valid=True)
c(n, "the option's condition on its own line", LI, " if b[0] > bid_count or (b[0] == bid_count and b[1] > bid_face):",
  ":\n            ^if b[0] > bid_count or (b[0] == bid_count and b[1] > bid_face):", [], maybe_valid=True)
c(n, "an option without a label", LI, "        option \"Call {bidder} a liar\" if bidder != none:", "        ^option if bidder != none:", ["label"])
c(n, "a choose block with a statement among its options", LI, "        option \"Call {bidder} a liar\" if bidder != none:",
  "        ^say \"Your move\"\n        option \"Call {bidder} a liar\" if bidder != none:", ["option"])
c(n, "a reaction to call a liar out of turn, with no event", LI, "winners: in_game",
  "winners: in_game\nreaction doubt instantly by p if p != bidder and bidder != none labelled \"Call {bidder} a liar\":\n    call()", [],
  maybe_valid=True)
c(n, "an event signalled with too few values", LI, "winners: in_game",
  "winners: in_game\nevent bid_made(who: player, n: int)\nrule announce:\n    ^signal bid_made(current)", ["n"])
c(n, "a reaction naming the event's values in another order", LI, "winners: in_game",
  "winners: in_game\nevent bid_made(who: player, n: int)\nreaction doubt on bid_made(n, ^who) by p if p != who labelled \"Doubt\":\n    call()\nrule announce:\n    signal bid_made(current, 1)",
  [], maybe_valid=True)
c(n, "pips' owner set in the data", LI, "  - {name: \"1\", face: 1, count: 5}", "  - {name: \"1\", face: 1, ^owner: 1, count: 5}", ["owner"],
  file="pips.yaml")
c(n, "a plain kind read as a player kind", LI, "player kind pip from \"pips.yaml\":", "kind pip from \"pips.yaml\":", ["owner"], at=(G, 27))
c(n, "in_game a definition of one player", LI, "define in_game: list of player =", "define in_game: ^player =", ["in_game"])


# ================================================================== a tester's first scenario file, and two variants
n = "scenarios"
SC = "scenarios/actions.yaml"


def t(name, book, old, new, words=(), **kw):
    """One replacement in Shed's scenario file, run with `tabletop test`."""
    CASES.append(Case(name, book, [(SC, old, new)], tuple(words), cmd="test", group=n, **kw))


CASES.append(Case("shed 4: a card another hand was dealt, and a player checked with {}", str(DRAFTS / "shed/4"),
                  [(SC, (DRAFTS / "shed/4" / SC).read_text(encoding="utf-8").replace("      Player 1: {hand: [Red Skip",
                                                                                      "      Player 1: {^hand: [Red Skip"))],
                  ("Red Skip", "Player 3", "set Player 3's hand"), group="draft", cmd="test"))
t("a player checked with {} (the example names the game's own value)", SH, "          current: Player 3\n\n  - name: A Draw Two",
  "          current: Player 3\n          ^Player 2: {}\n\n  - name: A Draw Two", ["hand"])
t("a player named by a number", SH, "          current: Player 3\n\n  - name: A Draw Two", "          current: ^3\n\n  - name: A Draw Two",
  ["Player 3"])
t("a card misspelt", SH, "      Player 1: {hand: [Red Skip, Blue 3]}", "      Player 1: {hand: [^Red Skp, Blue 3]}", ["Red Skip"])
t("a zone set to one card, not a list", SH, "      discard: [Red 2]\n      Player 1: {hand: [Blue 2", "      ^discard: Red 2\n      Player 1: {hand: [Blue 2",
  [], maybe_valid=True)
t("a colour checked in capitals (allowed)", SH, "          reversed: true", "          reversed: yes", [], valid=True)
t("a move naming a part of its label", SH, "      - move: Play Red Skip", "      - move: Red Skip", [], valid=True)
t("a move no option has", SH, "      - move: Play Red Skip", "      - ^move: Play Red Skipper", ["Play Red Skip"])
t("a variable the game does not have", SH, "          reversed: true", "          ^reverse: true", ["reversed"])
t("a card in two hands at once", SH, "      Player 1: {hand: [Red Skip, Blue 3]}\n      Player 2: {hand: [Green 1]}",
  "      Player 1: {hand: [Red Skip, Blue 3]}\n      Player 2: {hand: [^Red Skip]}", ["Red Skip"])
t("players more than the game takes", SH, "    players: 3\n    set:\n      discard: [Red 2]\n      Player 1: {hand: [Red Skip",
  "    ^players: 5\n    set:\n      discard: [Red 2]\n      Player 1: {hand: [Red Skip", ["4"])
t("an expect with nothing in it", SH, "      - expect:\n          current: Player 3\n\n  - name: A Draw Two",
  "      - ^expect: {}\n\n  - name: A Draw Two", [])
t("the rest zone of a kind the game lacks", SH, "rest: {card: deck}", "rest: {^cards: deck}", ["card"])

n = "variants"
HK = "variants/hook.rules"


def v(name, book, old, new, words=(), file=HK, variant="hook", **kw):
    """One replacement in a finished game's variant file, checked with --variant."""
    CASES.append(Case(name, book, [(file, old, new)], tuple(words), group=n, args=("--variant", variant), **kw))


CASES.append(Case("trumps hook 1: a step added after the base's end game, and one after take turns", str(DRAFTS / "trumps/v1"), [],
                  ("extend", "replace"), group="draft", args=("--variant", "hook"), at=(HK, 26)))
v("a step extended after the base's end game", TP, "    take turns from leader\n", "    take turns from leader\n\nextend play:\n    ^dealer = players[0]\n",
  ["game.rules:66", "extend"])
v("a step after take turns in a replaced stage", TP, "    hands_played += 1\n    leader = next_player(dealer)\n    take turns from leader\n",
  "    leader = next_player(dealer)\n    take turns from leader\n    ^hands_played += 1\n", ["take turns"])
v("replace of a stage misspelt", TP, "replace stage hand:", "replace stage ^hnd:", ["hand"])
v("replace stage written replace rule", TP, "replace stage hand:", "replace ^rule hand:", ["stage"])
v("a trump of none said", TP, "    say \"Trumps are {trump}.\"", "    say \"Trumps are {trump}.\"", [], valid=True)
v("the trump none in a base whose var cannot be none", TP, "    trump = if hands_played == 3 then none else first(deck).suit",
  "    trump = if hands_played == 3 then ^\"none\" else first(deck).suit", ["none", "without quotes"])
v("has_bid used before its declaration line (allowed)", TP, "player var has_bid: bool = false\n", "", [], at=(HK, 7),
  also=((HK, 16),))
CASES[-1].edits.append((HK, "var dealer: player = none\n", "var dealer: player = none\nplayer var has_bid: bool = false\n"))
CASES[-1].valid = True
v("the dealer's hook in a condition read as a choice's label", TP, "if p != dealer or bids_so_far + b != hand_size labelled",
  "labelled \"Bid {b}\" ^if p != dealer or bids_so_far + b != hand_size labelled", ["labelled"])
v("a variant that extends a file not there", TP, 'extends "../game.rules"', 'extends ^"../games.rules"', ["game.rules"])
v("the stack reaction's event misspelt", SH, "reaction stack on draw_two_played(target)", "reaction stack on ^draw_two_plaid(target)",
  ["draw_two_played"], file="variants/stack.rules", variant="stack")
v("the stack's signal with no value", SH, "        signal draw_two_played(victim)\n        draw_cards",
  "        ^signal draw_two_played()\n        draw_cards", ["target"], file="variants/stack.rules", variant="stack")
v("the stack reaction that uses nothing up", SH, "    move d from p.hand to top of discard\n", "", [], file="variants/stack.rules",
  variant="stack", maybe_valid=True, at=("variants/stack.rules", 13))
v("replace turn in a variant, written 'turn:' again", SH, "replace turn:", "^turn:", ["replace"], file="variants/stack.rules", variant="stack")


# ================================================================== habits met while drafting (one edit each)
n = "habits"
c(n, "choose ... in, a loop's word", DF, "    choose k from open_columns labelled", "    choose k ^in open_columns labelled", ["from"])
c(n, "a label joined with +", DF, "    choose k from open_columns labelled \"Drop in column {k + 1}\"",
  "    choose k from open_columns labelled \"Drop in column \" ^+ (k + 1)", ["braces"])
c(n, "a prompt joined with +", TP, "prompt \"Trumps are {trump}: your bid\"", "prompt \"Trumps are \" ^+ trump", ["braces"])
c(n, "a flag set with ==", DF, "        current.won = true", "        current.won ^== true", ["current.won = true"])
c(n, "a value set with :=", TP, "        p.taken = 0", "        p.taken ^:= 0", ["p.taken = 0'"])
c(n, "a die's faces 1..6", LI, "die d6: 1 to 6", "die d6: 1^..6", ["1 to 6"])
c(n, "a die's faces after =", LI, "die d6: 1 to 6", "die d6 ^= 1 to 6", ["die d6: 1 to 6"])
c(n, "winners one player", DF, "winners: [p for p in players if p.won]", "winners: ^current", ["[current]"])
c(n, "'is' for ==", SH, "    elif c.action == skip:", "    elif c.action ^is skip:", ["=="])
c(n, "'++'", TP, "    w.taken += 1", "    w.taken^++", ["+= 1"])
c(n, "a ';' at a line's end", LI, "    loser.dice -= 1", "    loser.dice -= 1^;", [";"])
c(n, "range of one value", TP, "    repeat 4 times:", "    for i in ^range(4):", ["range(0, 3)"])
c(n, "a text in single quotes", SH, "    say \"{current} plays {c.name}.\"", "    say ^'{current} plays {c.name}.'", ["double quotes"])
c(n, "a define with no type (allowed)", TP, "define hand_size: int = 5", "define hand_size = 5", [], valid=True)
c(n, "len of a list", DF, "    if open_columns == []:", "    if ^len(open_columns) == 0:", ["count"])
c(n, "a list's .empty", DF, "    if open_columns == []:", "    if ^open_columns.empty:", ["open_columns"])


# ================================================================== first plays that went wrong (one edit each)
n = "play"
p(n, "trumps: the trick never gathered, then the deck set to every card", TP, "    move trick from trick to deck\n", "", ["trick", "move"],
  at=(G, 53), also=((G, 33),))
p(n, "liar: a pip taken from every player's, not the supply", LI, "move first([d for d in p.supply if d.face == f]) from",
  "move first([d for d in pip if d.face == f]) from", ["supply"], at=(G, 35))
p(n, "drop: the lowest empty cell read as the first full one", DF,
  "define lowest_empty(k: int): cell = last([c for c in column(k) if c.owner == none])",
  "define lowest_empty(k: int): cell = first([c for c in column(k) if c.owner != none])", ["lowest_empty"], at=(G, 17),
  also=((G, 23), (G, 24)))
p(n, "shed: a declined card played anyway (no return after the draw)", SH, "        draw_cards(current, 1)\n        return\n",
  "        draw_cards(current, 1)\n", ["none"], at=(G, 53))
c(n, "shed: a declined card played anyway, checked (W120)", SH, "        draw_cards(current, 1)\n        return\n",
  "        draw_cards(current, 1)\n", ["c"], at=(G, 53), maybe_valid=True)
c(n, "trumps: a bid from an empty range", TP, "choose b from range(0, hand_size)", "choose b from ^range(1, 0)", ["empty"])


def main(show: str = "") -> None:
    check_main(CASES, show, lambda case: cases7.play(case, GAMES) if case.cmd == "simulate" else check_run(case))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")
