"""The cases of the broken-rulebook hunt, round 4: mistakes the earlier rounds did not try. An
expansion written as a file (extend or replace of what does not exist or is another sort of
thing, its data file, a variant of a variant), reactions, secret and timed choices, stages, the
turn order, `end game`, `winners:`, score, tables keyed by enums, templates, type confusions,
scope and arity, layout (tabs, continuations, colons, line endings, byte order marks, typographic
quotes), data files of the wrong shape and scenario files. Each is one Case of harness.py;
`python tests/hunt/cases4.py [VERDICTS]` runs them and prints each result (only those of the
verdicts named, as "wrong line,right line,crash") and the counts. A tool, not a test: the tests
that keep what it found are in tests/test_hunt4.py."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import Case, main  # noqa: E402

T, S, A, K, H = "taboo_atoll_express", "smores_galore", "abatteroxie", "smackatoa", "smackshapes"
G = "game.rules"
ROOT = Path(__file__).resolve().parents[2] / "rulebooks"
CASES = []


def c(group, name, book, edits, words=(), **kw):
    CASES.append(Case(name, book, edits, tuple(words), group=group, **kw))


def variant(group, name, book, text, words=(), data=None, **kw):
    """A new variant file x.rules in the book's variants/ folder (and its data file x.yaml)."""
    edits = [("variants/x.rules", 'extends "../game.rules"\n' + text)]
    if data is not None:
        edits.append(("variants/x.yaml", data))
    c(group, name, book, edits, words, args=("--variant", "x"), **kw)


# ------------------------------------------------------------------------------ expansions
x = "expansion"
XT = 'treasures:\n  - {name: "white treasure", colour: white}\n'
variant(x, "extend kind misspelt", T, 'extend kind ^treasur from "x.yaml":\n    weight: int = 0\n', ["treasure"], data=XT)
variant(x, "replace define that does not exist", T, "replace define ^skul: int = 12\n", ["skull"])
variant(x, "replace rule that does not exist", T, 'replace rule ^flood_phaze:\n    say "calm"\n', ["flood_phase"])
variant(x, "replace stage in a game without one", T, 'replace stage ^hand:\n    say "x"\n', ["hand"])
variant(x, "extend enum names a kind", T, "extend enum ^space: lagoon\n", ["kind"])
variant(x, "extend kind names an enum", T, "extend kind ^colour:\n    shade: int = 0\n", ["enum"])
variant(x, "extend table names a var", T, "extend table ^water_level:\n    1 -> 2\n", ["var"])
variant(x, "extend rule names a definition", T, 'extend rule ^skull:\n    say "x"\n', ["definition"])
variant(x, "extend option names an enum", T, "extend option ^colour: purple\n", ["enum"])
variant(x, "extend enum names an option", T, "extend enum ^difficulty: legendary\n", ["option"])
variant(x, "extend stage names a rule", K, 'extend stage ^erupt:\n    say "x"\n', ["rule"])
variant(x, "extend choose in a rule without a menu", T, 'extend choose in ^flood_phase:\n    option "Wait":\n        say "x"\n', ["menu"])
variant(x, "extend choose replace option label misspelt", T, 'extend choose in action_phase:\n    replace option ^"pass" if actions_left > 0:\n        actions_left -= 1\n', ["Pass"])
variant(x, "extend choose adds an option with the base's label", T, 'extend choose in action_phase:\n    option ^"Pass" if actions_left > 0:\n        actions_left -= 1\n', ["replace option"])
variant(x, "extend choose option body names unknown", T, 'extend choose in action_phase:\n    option "Rest" if actions_left > 0:\n        ^action_left -= 1\n', ["actions_left"])
variant(x, "extend table key of the wrong enum", T, "extend table start_level:\n    ^red -> 3\n", ["difficulty"])
variant(x, "extend table key the base has", T, "extend table start_level:\n    ^elite -> 3\n", ["replace"])
variant(x, "extend option with its table row fine", T, "extend option difficulty: legendary\nextend table start_level:\n    legendary -> 10\n", [], valid=True)
variant(x, "extend option without a table row", T, "extend option difficulty: legendary\n", ["legendary"], at=(G, 64))
variant(x, "extend enum value the base has", T, "extend enum colour: purple, ^red\n", ["red"])
variant(x, "replace option drops a value a table keys", T, "replace option difficulty: newbie, normal = newbie\n", ["elite"], at=(G, 43))
# (since round 10 told at the variant's first key itself, so the words are its own, not the base error's "x.rules:2")
variant(x, "replace table with keys of the wrong sort", T, "replace table start_level:\n    ^1 -> 0\n    2 -> 2\n", ["keyed by whole numbers"], also=((G, 64),))
variant(x, "replace define with a text for an int", T, 'replace define skull: int = ^"14"\n', ["int"])
variant(x, "replace var changes its type", T, "replace var ^won: int = 0\n", ["bool"], also=((G, 160),))
# (since round 10 the replace line itself is told first, so the words are its own, not the base error's "x.rules:2")
variant(x, "replace rule drops its parameter", T, 'replace rule ^sink:\n    say "x"\n', ["(s: space)"], also=((G, 279),))
variant(x, "extend rule with other parameters", T, 'extend rule sink(^t: space):\n    say "x"\n', ["s"])
variant(x, "remove a rule still called", T, "remove rule ^flood_phase\n", ["flood_phase"], also=((G, 128),))
variant(x, "replace winners with things", T, "replace winners: ^[t for t in treasure]\n", ["player"])
variant(x, "extend display line with unknown name", T, 'extend display:\n    show "Calm: {^calmness}"\n', ["calmness"])
variant(x, "extend kind field without a default", T, 'extend kind treasure from "x.yaml":\n    ^weight: int\n', ["default"], data=XT)
variant(x, "extend kind field the base has", T, 'extend kind treasure from "x.yaml":\n    ^search: int = 1\n', ["search"], data=XT)
variant(x, "variant data record missing a field", T, 'extend kind treasure from "x.yaml":\n    weight: int = 0\n', ["colour"],
        data='treasures:\n  - ^{name: "white treasure"}\n')
variant(x, "variant data record with an extra field", T, 'extend kind treasure from "x.yaml":\n    weight: int = 0\n', ["heft"],
        data='treasures:\n  - {name: "white treasure", colour: white, ^heft: 3}\n')
variant(x, "variant data record fills a changing field", T, 'extend kind treasure from "x.yaml":\n    weight: int = 0\n', ["changing"],
        data='treasures:\n  - {name: "white treasure", colour: white, ^weight: 3}\n')
variant(x, "variant data record fills a data field fine", T, 'extend kind treasure from "x.yaml":\n    weight: int, default 0\n', [],
        data='treasures:\n  - {name: "white treasure", colour: white, weight: 3}\n', valid=True)
variant(x, "variant data new field as text", T, 'extend kind treasure from "x.yaml":\n    weight: int, default 0\n', ["weight"],
        data='treasures:\n  - {name: "white treasure", colour: white, weight: ^heavy}\n')
variant(x, "variant data file with the base's records again", T, 'extend kind treasure from "x.yaml":\n    weight: int = 0\n', [],
        data=(ROOT / T / "treasures.yaml").read_text(), at=("variants/x.yaml", 3))
variant(x, "variant data file missing", T, 'extend kind treasure from ^"x.yaml":\n    weight: int = 0\n', ["x.yaml"])
c(x, "variant of a variant: both replace one var", T, [("variants/x.rules", 'extends "calm_seas.rules"\nreplace var special_actions: int in 0 to 3 = 2\n')], [], args=("--variant", "x"), valid=True)
c(x, "variant of a variant: replace of the first's new define", T, [("variants/calm_seas.rules", "replace var special_actions: int in 0 to 3 = 1", "replace var special_actions: int in 0 to 3 = 1\ndefine calm: int = 1"),
                                                                   ("variants/x.rules", 'extends "calm_seas.rules"\nreplace define calm: int = 2\n')], [], args=("--variant", "x"), valid=True)
c(x, "variant of a variant: replace of a define neither has", T, [("variants/x.rules", 'extends "calm_seas.rules"\nreplace define ^calmer: int = 2\n')], ["calmer"], args=("--variant", "x"))
c(x, "variant of a variant: extend table the first replaced, overlapping", T, [("variants/x.rules", 'extends "calm_seas.rules"\nextend table floods_per_turn:\n    ^14 -> 9\n')], ["replace"], args=("--variant", "x"))
CC = "variants/colorcracks.yaml"
CC1 = "  - {name: \"5 red circles\", shape: circle, colour: red, number: 5, first: star, second: triangle, third: square, fourth: circle, action: smackhead_loses}"
CV = ("--variant", "colorcracks")
c(x, "colorcracks record without its action fine", H, [(CC, CC1, CC1.replace(", action: smackhead_loses", ""))], [], args=CV, valid=True)
c(x, "colorcracks record with an extra field", H, [(CC, CC1, CC1.replace("action: smackhead_loses", "action: smackhead_loses, ^power: 3"))], ["power"], args=CV)
c(x, "colorcracks record action as a number", H, [(CC, CC1, CC1.replace("action: smackhead_loses", "action: ^3"))], ["action"], args=CV)
c(x, "colorcracks record missing a base field", H, [(CC, CC1, CC1.replace("  - {name", "  - ^{name").replace(", fourth: circle", ""))], ["fourth"], args=CV)
c(x, "colorcracks record named like a base card", H, [(CC, CC1, CC1.replace("5 red circles", "1 red circle"))], [], args=CV, at=(CC, 6))
c(x, "colorcracks extend kind of an enum", H, [("variants/colorcracks.rules", 'extend kind card from "colorcracks.yaml":', 'extend kind ^shape from "colorcracks.yaml":')], ["enum"], args=CV)
c(x, "colorcracks replace define of another type", H, [("variants/colorcracks.rules", "replace define candidates: list of card = [c for c in table", "replace define candidates: ^list of player = [c for c in table")], ["card"], args=CV)
c(x, "colorcracks extend rule award then replace it", H, [("variants/colorcracks.rules", "replace rule award:", "extend rule award:\n    say \"x\"\n^replace rule award:")], [], args=CV, maybe_valid=True)
c(x, "colorcracks enum action declared after use fine", H, [("variants/colorcracks.rules", "enum action: ignore_colour, ignore_shape, reversed_ranking, lowest_number, colour_wins, smackhead_loses\n", ""),
                                                          ("variants/colorcracks.rules", "replace define tap_targets", "enum action: ignore_colour, ignore_shape, reversed_ranking, lowest_number, colour_wins, smackhead_loses\nreplace define tap_targets")], [], args=CV, valid=True)
c(x, "colorcracks enum value used not declared", H, [("variants/colorcracks.rules", "define in_force(a: action): bool", "define spare: bool = in_force(^double_trouble)\ndefine in_force(a: action): bool")], ["double_trouble"], args=CV)
c(x, "colorcracks extends without ../", H, [("variants/colorcracks.rules", 'extends "../game.rules"', 'extends ^"game.rules"')], ["../game.rules"], args=CV)
c(x, "variant adds a players line", T, [("variants/x.rules", 'extends "../game.rules"\nplayers 1\n')], [], args=("--variant", "x"), valid=True)
variant(x, "variant replaces kind dropping a field the rules use", S, 'replace kind recipe from "../recipes.yaml":\n    name: text\n    dish: dish\n    points: int\n', ["advanced"], at=None)
variant(x, "extend kind from the base's own file", S, 'extend kind recipe from ^"../recipes.yaml":\n    spicy: bool = false\n', [], maybe_valid=True)

# ------------------------------------------------------------------------------ reactions, secret and timed choices, stages, turns, the end, tables, templates
r = "play"
c(r, "signal with one value too many", K, [(G, "    signal hot_totem(target)\n", "    ^signal hot_totem(target, 1)\n")], ["1"])
c(r, "signal an unknown event", K, [(G, "    signal hot_totem(target)\n", "    signal ^hot_totm(target)\n")], ["hot_totem"])
c(r, "signal with a value of the wrong type", K, [(G, "    signal hot_totem(target)\n", "    signal hot_totem(^level)\n")], ["player"])
c(r, "signal a rule", K, [(G, "    signal hot_totem(target)\n", "    signal ^roll_for_target()\n")], ["event"])
c(r, "call an event as a rule", K, [(G, "    signal hot_totem(target)\n", "    ^hot_totem(target)\n")], ["signal"])
c(r, "reaction on a rule", K, [(G, "reaction fireproof_immunity on hot_totem(holder)", "reaction fireproof_immunity on ^erupt(holder)")], ["event"])
c(r, "reaction renames the event's values fine", K, [(G, "reaction fireproof_immunity on hot_totem(holder)", "reaction fireproof_immunity on hot_totem(h)")], [], valid=True)
c(r, "reaction by an unknown name", K, [(G, "reaction fireproof_immunity on hot_totem(holder) by p if off_turn(p)", "reaction fireproof_immunity on hot_totem(holder) by q if off_turn(^p)")], ["q"])
c(r, "reaction declared twice", K, [(G, "# Magma Powered Buzzsaw: \"If you are", "reaction ^fireproof_immunity on hot_totem(holder) by p labelled \"x\":\n    say \"x\"\n# Magma Powered Buzzsaw: \"If you are")], ["twice"])
c(r, "reaction indented into a rule", K, [(G, "\n# Magma Powered Buzzsaw: \"If you are", "\n    ^reaction x on hot_totem(holder) by p labelled \"x\":\n        say \"x\"\n# Magma Powered Buzzsaw: \"If you are")], ["margin"])
c(r, "reaction condition not a bool", K, [(G, "by p if off_turn(p) and p == target and holds(p, fireproof_immunity) labelled", "by p if ^count(p.hand) labelled")], ["bool"])
c(r, "reaction reads the event value it did not name", K, [(G, "    play_zap(p, fireproof_immunity)\n    choose q from players if q != p", "    play_zap(p, fireproof_immunity)\n    say \"{^victim}\"\n    choose q from players if q != p")], ["victim"])
c(r, "reaction instantly with an event", K, [(G, "reaction voodoo_schmoodoo_on_the_out instantly by p", "reaction voodoo_schmoodoo_on_the_out instantly ^on hot_totem(holder) by p")], ["instantly"])
c(r, "reaction's player used in a definition", K, [(G, "define off_turn(p: player): bool = p != turn_of", "define off_turn(q: player): bool = ^p != turn_of")], ["p"])
c(r, "end a stage misspelt from a round", K, [(G, "round:\n    erupt(true)\n    if count(cardholders) == 0:\n        end hand", "round:\n    erupt(true)\n    if count(cardholders) == 0:\n        end ^hands")], ["hand"])
c(r, "end a stage from setup", K, [(G, "    dealt = shuffled([t for t in totem if in_play(t)])", "    ^end hand \"x\"\n    dealt = shuffled([t for t in totem if in_play(t)])")], ["hand"])
c(r, "end a rule name", K, [(G, "        end hand \"Nobody holds any cards: the hand is over.\"\n\n# \"After", "        end ^erupt \"x\"\n\n# \"After")], ["stage"])
c(r, "stage called with a value", K, [(G, "        hand()\n", "        ^hand(1)\n")], ["0"])
c(r, "stage declared with parameters", K, [(G, "stage hand:", "stage hand(n: int):")], ["stage"], at=(G, 224))
c(r, "take turns from a totem", K, [(G, "    take turns from opener", "    take turns from ^start")], ["player"])
c(r, "take turns from a list", K, [(G, "    take turns from opener", "    take turns from ^players")], ["player"])
c(r, "take turns in a rule", K, [(G, "rule new_hand:\n    hand_number += 1", "rule new_hand:\n    ^take turns\n    hand_number += 1")], [], maybe_valid=True)
c(r, "take rounds led by a list", H, [(G, "take rounds led by smackhead", "take rounds led by ^round_winners")], ["player"])
c(r, "take rounds twice in play", H, [(G, "    take rounds led by smackhead", "    take rounds led by smackhead\n    ^take rounds led by smackhead")], [], maybe_valid=True)
c(r, "end game with a number", K, [(G, '        end game "{champion_text}."', "        end game ^3")], ["text"])
c(r, "end game in a definition's if", K, [(G, "define off_turn(p: player): bool = p != turn_of", "define off_turn(p: player): bool = if p == turn_of then ^end game else true")], [])
c(r, "end game without a reason fine", K, [(G, '        end game "{champion_text}."', "        end game")], [], valid=True)
c(r, "end round outside a stage", H, [(G, '    award()\n', '    award()\n    ^end round "x"\n')], ["stage"])
c(r, "winners a single player", K, [(G, "winners: if exploded then [] else champions", "winners: if exploded then [] else ^volcano")], ["list"])
c(r, "winners a player var fine", K, [(G, "winners: if exploded then [] else champions", "winners: highest points")], [], maybe_valid=True, at=(G, 209))
c(r, "winners the same key twice", S, [(G, "winners: highest score, then lowest recipes_done, then highest stick_count", "winners: highest score, then lowest ^score")], ["score"], maybe_valid=True)
c(r, "winners by a definition of two values", S, [(G, "winners: highest score, then lowest recipes_done, then highest stick_count", "winners: highest score, then lowest ^many")], ["player"])
c(r, "winners by a text definition", S, [(G, "winners: highest score, then lowest recipes_done, then highest stick_count", "winners: highest score, then lowest ^score_text")], ["int"])
c(r, "score of a card", H, [(G, "define score(p: player): int = count(p.score_pile)", "define score(^p: card): int = count(p.score_pile)")], ["player"])
c(r, "score a text", H, [(G, "define score(p: player): int = count(p.score_pile)", 'define score(p: player): ^text = "{count(p.score_pile)}"')], ["int"])
c(r, "score without its player", H, [(G, "define score(p: player): int = count(p.score_pile)", "define ^score: int = count(discard)")], ["player"])
c(r, "secretly each over one player", H, [(G, "secretly each p in players_from(smackhead) chooses c from p.hand", "secretly each p in ^smackhead chooses c from p.hand")], ["list"])
c(r, "secretly each over cards", H, [(G, "secretly each p in players_from(smackhead) chooses c from p.hand", "secretly each p in ^table chooses c from p.hand")], ["player"])
c(r, "secretly from a player", H, [(G, "secretly each p in players_from(smackhead) chooses c from p.hand", "secretly each p in players_from(smackhead) chooses c from ^p")], ["list"])
c(r, "secretly with by", H, [(G, 'chooses c from p.hand labelled "Play {c}" prompt', 'chooses c from p.hand labelled "Play {c}" ^by p prompt')], [])
c(r, "timed without as", H, [(G, 'prompt "Smack the winning card!" timed as t:', 'prompt "Smack the winning card!" timed^:')], ["as"])
c(r, "timed as a variable's name", H, [(G, 'prompt "Smack the winning card!" timed as t:', 'prompt "Smack the winning card!" timed as ^smackhead:')], ["smackhead"])
c(r, "timed on a plain choose", T, [(G, 'prompt "{s.name} is sinking! Where do you go?"', 'prompt "{s.name} is sinking! Where do you go?" ^timed as t')], ["secretly"])
c(r, "time read after the secret block", H, [(G, "    award()\n", "    say \"{^t}\"\n    award()\n")], ["t"])
c(r, "secret choice read after the block", H, [(G, "    reveal()\n", "    say \"{^c}\"\n    reveal()\n")], ["c"])
c(r, "players_from a list", H, [(G, "secretly each p in players_from(smackhead) chooses c from p.hand", "secretly each p in players_from(^players) chooses c from p.hand")], ["player"])
c(r, "may choose from a number", K, [(G, "may choose q from players if q != target and cardholder(q)", "may choose q from ^level if q != target and cardholder(q)")], ["list"])
c(r, "choose by a list of players", K, [(G, 'labelled "Give the hot {hot} totem to {q}" by target prompt', 'labelled "Give the hot {hot} totem to {q}" by ^players prompt')], ["player"])
c(r, "table keyed by enum: unknown key", A, [(G, '    explosion -> "Explosion"', '    ^explsion -> "Explosion"')], ["explosion"])
c(r, "table keyed by enum: key twice", A, [(G, '    explosion -> "Explosion"', '    explosion -> "Explosion"\n    ^explosion -> "Boom"')], ["twice"])
c(r, "table keyed by enum: a value of another type", A, [(G, '    explosion -> "Explosion"', '    explosion -> ^3')], ["text"])
c(r, "table keyed by enum: looked up with a number", A, [(G, "define team(p: player): text", "define action_title: text = action_name[^3]\ndefine team(p: player): text")], ["action"])
c(r, "table keyed by enum: looked up with two keys", A, [(G, "define team(p: player): text", "define action_title: text = action_name[no_action, ^1]\ndefine team(p: player): text")], ["1"])
c(r, "table keyed by enum: an entry missing", A, [(G, '    explosion -> "Explosion"\n', "")], ["explosion"], at=(G, 251))
c(r, "table keyed by enum: a key of another enum", A, [(G, '    explosion -> "Explosion"', '    ^red -> "Explosion"')], ["action"])
c(r, "table keyed by enum: looked up with a text", A, [(G, "define team(p: player): text", "define action_title: text = action_name[^\"explosion\"]\ndefine team(p: player): text")], ["explosion"])
c(r, "template with empty braces", H, [(G, 'say "Revealed: {table}.', 'say "Revealed: ^{}.')], ["{{"])
c(r, "template with a python format spec", S, [(G, 'define score_text(p: player): text = "{p} {score(p)}"', 'define score_text(p: player): text = "{p} {score(p)^:3d}"')], [])
c(r, "template with a field left off", H, [(G, 'say "Revealed: {table}.', 'say "Revealed: {table.^}.')], [])
c(r, "template with single quotes inside", S, [(G, 'join(["{i}:{p.lineup[i - 1].name}" for i in range(1, count(p.lineup))], "  ")', "join([\"{i}:{p.lineup[i - 1].name}\" for i in range(1, count(p.lineup))], ^'  ')")], ["double"])
c(r, "template naming a rule", H, [(G, 'say "Revealed: {table}.', 'say "Revealed: {^award}.')], ["rule"])
c(r, "template with an assignment", H, [(G, 'say "Revealed: {table}.', 'say "Revealed: {x ^= table}.')], [])
c(r, "template with a dollar fine", H, [(G, 'say "Revealed: {table}.', 'say "Revealed: ${table}.')], [], valid=True)
c(r, "template with a literal hash fine", H, [(G, 'say "Revealed: {table}.', 'say "Revealed #1: {table}.')], [], valid=True)
c(r, "template of a zone of hidden cards fine", H, [(G, 'say "Revealed: {table}.', 'say "Revealed: {table}. Deck: {deck}.')], [], valid=True)

# ------------------------------------------------------------------------------ type confusions, scope, arity
t = "types"
c(t, "a player for a list of players", H, [(G, "var round_winners: list of player = []", "var round_winners: list of player = ^smackhead")], ["list"])
c(t, "for over one player", H, [(G, "    for p in players:\n        draw 3 from deck to p.hand", "    for p in ^smackhead:\n        draw 3 from deck to p.hand")], ["list"])
c(t, "count of a player", H, [(G, "    if count(round_winners) == 0:", "    if count(^smackhead) == 0:")], ["list"])
c(t, "add a list to a list", H, [(G, "            add p to round_winners", "            add ^players to round_winners")], ["player"])
c(t, "a kind for a thing", T, [(G, "    pawn = t\n", "    pawn = ^space\n")], ["space"])
c(t, "a kind passed for a thing", T, [(G, "        sink(s)\n", "        sink(^space)\n")], ["space"])
c(t, "a thing for its kind in a for", T, [(G, "    for t in treasure:\n", "    for t in ^pawn:\n")], ["list"])
c(t, "a text for an enum value", T, [(G, "    current_role = role_for_roll[roll(number_die)]", "    current_role = ^\"pilot\"")], ["pilot"])
c(t, "an enum value for a text", T, [(G, 'say "Your role for the next turn: {current_role}."', "say ^current_role")], [])
c(t, "an int for a bool", T, [(G, "    pilot_flew = false\n", "    pilot_flew = ^0\n")], ["false"])
c(t, "a bool for an int", T, [(G, "    actions_left = 3\n", "    actions_left = ^true\n")], ["int"])
c(t, "an int as a condition", T, [(G, "    while actions_left > 0 or special_actions > 0:", "    while ^actions_left:")], ["> 0"])
c(t, "a bool in a sum", T, [(G, "50 * (if won then 1 else 0)", "50 * ^won")], ["if"])
c(t, "an enum compared with a number", T, [(G, "    if d == black:", "    if d == ^3:")], [])
c(t, "a thing compared with its name", T, [(G, "    if pawn == s:", "    if pawn == ^\"Dark Pit\":")], ["space"])
c(t, "a list plus an item", T, [(G, "    add s to flooded_this_turn", "    flooded_this_turn = flooded_this_turn + ^s")], ["[s]"])
c(t, "a list compared with a thing", T, [(G, "    if pawn == s:", "    if ^flooded_this_turn == s:")], ["in"])
c(t, "in over a thing", T, [(G, "    if pawn == s:", "    if pawn in ^s:")], ["list"])
c(t, "a field of a list", T, [(G, "    if pawn == s:", "    if flooded_this_turn.^flood == dry:")], ["for"])
c(t, "a game var as a player's field", K, [(G, "    turn_of = current\n", "    current.^turn_of = current\n")], ["turn_of"])
c(t, "a player var without its player", K, [(G, "    p.spite = false\n", "    ^spite = false\n")], ["p.spite"])
c(t, "assign to a definition", T, [(G, "    actions_left = 3\n", "    ^skull = 12\n    actions_left = 3\n")], ["definition"])
c(t, "assign to a field of a kind", T, [(G, "    actions_left = 3\n", "    space.^flood = dry\n    actions_left = 3\n")], ["for"])
c(t, "assign a number to a zone", S, [(G, "    box = box + drop(fancy,", "    box = ^3\n    box = box + drop(fancy,")], ["recipe"])
c(t, "add a number to a list of spaces", T, [(G, "    add s to flooded_this_turn", "    add ^3 to flooded_this_turn")], ["space"])
c(t, "move a recipe into a lineup", S, [(G, "        for r in take(drop(fancy, k * size), size):\n            add r to pile[k]", "        for r in take(drop(fancy, k * size), size):\n            move r from box to ^current.lineup")], ["ingredient"])
c(t, "pick of a number", H, [(G, "smackhead = pick(players)", "smackhead = pick(^3)")], ["list"])
c(t, "a rule's local read in a definition", S, [(G, "define advanced_numbers: list of int", "define fancy_count: int = count(^fancy)\ndefine advanced_numbers: list of int")], ["fancy"])
c(t, "a rule's local read in another rule", H, [(G, "rule reveal:\n    say \"Revealed:", "rule reveal:\n    say \"{^winner}\"\n    say \"Revealed:")], ["winner"])
c(t, "a loop variable after its loop", H, [(G, "    # \"Pick anyone to be Smackhead (= start player).\"\n    smackhead = pick(players)", "    # \"Pick anyone to be Smackhead (= start player).\"\n    smackhead = ^p")], ["p"])
c(t, "a local set in an else read after the if", H, [(G, "        smackhead = winner\n", "    smackhead = ^winner\n")], ["winner"])
c(t, "an option's item after the menu", T, [(G, "    search_for_treasure()\n", "    pawn = ^s\n    search_for_treasure()\n")], ["s"])
c(t, "a parameter read in another definition", H, [(G, "define ranking_text: text = join(ranking, \" > \")", "define ranking_text: text = join(ranking, \" > \") + ^c.name")], ["c"])
c(t, "a where name used outside", H, [(G, "define tap_targets: list of card = table", "define tap_targets: list of card = ^ranks")], ["ranks"], maybe_valid=True)
c(t, "a rule called with one value too many", T, [(G, "    flood_phase()\n", "    ^flood_phase(1)\n")], ["0"])
c(t, "a definition called with too few values", H, [(G, "define best_of(cs: list of card, r: int): list of card = numbered(cs, r, best_number_of(cs, r))", "define best_of(cs: list of card, r: int): list of card = numbered(cs, r, ^best_number_of(cs))")], ["2"])
c(t, "a definition without parameters called", T, [(G, "5 * (skull - water_level)", "5 * (^skull(1) - water_level)")], ["skull"])
c(t, "a definition with parameters used bare", H, [(G, "define ranking_text: text = join(ranking, \" > \")", "define ranking_text: text = join(ranking, \" > \") + ^tap_name")], ["tap_name"])
c(t, "count with two values", H, [(G, "    if count(round_winners) == 0:", "    if ^count(round_winners, table) == 0:")], ["1"])
c(t, "max with nothing", S, [(G, "define lineup_bonus(p: player): int = min(count(p.lineup) / 5, 2)", "define lineup_bonus(p: player): int = ^max()")], ["max"])
c(t, "roll with nothing", T, [(G, "current_role = role_for_roll[roll(number_die)]", "current_role = role_for_roll[^roll()]")], ["die"])
c(t, "shuffled with two values", H, [(G, "    deck = shuffled(card)", "    deck = ^shuffled(card, 2)")], ["1"])
c(t, "join with nothing", H, [(G, 'define ranking_text: text = join(ranking, " > ")', "define ranking_text: text = ^join()")], ["join"])
c(t, "index_of with one value", H, [(G, "define rank(c: card): int = index_of(ranking, c.shape)", "define rank(c: card): int = ^index_of(ranking)")], ["2"])
c(t, "range with one value", S, [(G, "range(0, advanced_piles[player_count] - 1)", "^range(advanced_piles[player_count] - 1)")], ["2"])
c(t, "python keyword arguments", T, [(G, "        sink(s)\n", "        sink(^s=s)\n")], [])
c(t, "a method call on a zone", H, [(G, "    if count(round_winners) == 0:", "    if round_winners.^count() == 0:")], ["count"])
c(t, "a variable called", T, [(G, "5 * (skull - water_level)", "5 * (skull - ^water_level())")], ["water_level"])
c(t, "a kind called for a thing", T, [(G, "var pawn: space = space \"Idiot's Platform\"", "var pawn: space = ^space(\"Idiot's Platform\")")], ["space \""])
c(t, "a thing indexed", T, [(G, "    if pawn == s:", "    if ^pawn[0] == s:")], ["list"])
c(t, "an event's value count in a reaction", K, [(G, "reaction magma_powered_buzzsaw on damage_rolled(victim, cards)", "reaction magma_powered_buzzsaw on ^damage_rolled(victim, cards, extra)")], ["2"])

# ------------------------------------------------------------------------------ layout
l = "layout"
def crlf(book):
    return (G, (ROOT / book / G).read_bytes().replace(b"\n", b"\r\n"))
c(l, "a tab where 8 spaces are", T, [(G, "    pilot_flew = false\n    action_phase()", "    pilot_flew = false\n^\taction_phase()")], [], maybe_valid=True)
c(l, "a tab and spaces in one indent", T, [(G, "                pawn = s\n                actions_left -= 1\n            option \"Navigate", "                pawn = s\n^\t            actions_left -= 1\n            option \"Navigate")], ["tab"])
c(l, "a block indented with a tab, the next with spaces", H, [(G, "rule reveal:\n    say", "rule reveal:\n^\tsay")], ["tab"])
c(l, "a whole file indented with tabs fine", H, [(G, (ROOT / H / G).read_text().replace("    ", "\t"))], [], valid=True)
c(l, "a continuation backslash with a space after fine", T, [(G, "define score(p: player): int = 50 * (if won then 1 else 0) + ", "define score(p: player): int = 50 * (if won then 1 else 0) + ^\\ \n    ")], [], valid=True)
c(l, "a line broken without a backslash", T, [(G, "define score(p: player): int = 50 * (if won then 1 else 0) + ", "define score(p: player): int = 50 * (if won then 1 else 0) +\n    ")], ["\\"], at=(G, 307))
c(l, "a backslash then a blank line", T, [(G, "define skull: int = 14\n", "define skull: int = \\\n\n14\n")], [], at=None)
c(l, "a backslash at the end of a comment fine", T, [(G, "# House rule: floods per turn", "# a comment \\\n# House rule: floods per turn")], [], valid=True)
c(l, "a text broken over two lines", H, [(G, 'say "Revealed: {table}.', 'say ^"Revealed:\n{table}.')], ["same line"])
c(l, "a comment inside a template", H, [(G, 'say "Revealed: {table}.', 'say "Revealed: {table ^# the cards\n}.')], [])
c(l, "a comment after a continuation backslash", T, [(G, "define score(p: player): int = 50 * (if won then 1 else 0) + ", "define score(p: player): int = 50 * (if won then 1 else 0) + \\ ^# more\n    ")], ["\\"])
c(l, "a missing colon after if", H, [(G, "    if count(round_winners) == 0:", "    if count(round_winners) == 0^")], ["end the line with"])
c(l, "a missing colon after else", H, [(G, "    else:\n        winner = first(round_winners)", "    else^\n        winner = first(round_winners)")], [":"])
c(l, "a missing colon after for", H, [(G, "    for p in players:\n        draw 3", "    for p in players^\n        draw 3")], ["end the line with"])
c(l, "a missing colon after a kind", H, [(G, 'kind card from "cards.yaml":', 'kind card from "cards.yaml"^')], [":"])
c(l, "a missing colon after display", H, [(G, "\ndisplay:\n", "\ndisplay^\n")], [":"])
c(l, "a missing colon after winners", S, [(G, "winners: highest score", "winners^ highest score")], [":"])
c(l, "a missing colon after a table", K, [(G, "table hand_size:", "table hand_size^")], [":"])
c(l, "a missing colon after a secretly block", H, [(G, 'prompt "Pick the card you will play":', 'prompt "Pick the card you will play"^')], [":"])
c(l, "a missing equals in a define", T, [(G, "define skull: int = 14", "define skull: int ^14")], ["="])
c(l, "an elif after else", H, [(G, "        smackhead = winner\n", "        smackhead = winner\n    ^elif true:\n        say \"x\"\n")], ["else"])
c(l, "an else after else", H, [(G, "        smackhead = winner\n", "        smackhead = winner\n    ^else:\n        say \"x\"\n")], ["else"])
c(l, "an else without if", H, [(G, "    reveal()\n", "    reveal()\n    ^else:\n        say \"x\"\n")], ["if"])
c(l, "an else indented under its if", H, [(G, "    else:\n        winner = first(round_winners)", "        ^else:\n        winner = first(round_winners)")], ["else"])
c(l, "Windows line endings", T, [crlf(T)], [], valid=True)
c(l, "Windows line endings in smackatoa", K, [crlf(K)], [], valid=True)
c(l, "Windows line endings in a variant", H, [("variants/colorcracks.rules", (ROOT / H / "variants/colorcracks.rules").read_bytes().replace(b"\n", b"\r\n"))], [], args=("--variant", "colorcracks"), valid=True)
c(l, "Windows line endings in a data file", H, [("cards.yaml", (ROOT / H / "cards.yaml").read_bytes().replace(b"\n", b"\r\n"))], [], valid=True)
c(l, "line endings mixed", T, [(G, (ROOT / T / G).read_bytes().replace(b"\n", b"\r\n", 40))], [], valid=True)
c(l, "old Mac line endings", H, [(G, (ROOT / H / G).read_bytes().replace(b"\n", b"\r"))], [], valid=True)
c(l, "a byte order mark", S, [(G, b"\xef\xbb\xbf" + (ROOT / S / G).read_bytes())], [], valid=True)
c(l, "a byte order mark in a variant", T, [("variants/calm_seas.rules", b"\xef\xbb\xbf" + (ROOT / T / "variants/calm_seas.rules").read_bytes())], [], args=("--variant", "calm_seas"), valid=True)
c(l, "a byte order mark in the middle", T, [(G, "define skull: int = 14", "^\ufeffdefine skull: int = 14")], ["byte order mark"])
c(l, "typographic double quotes", H, [(G, 'say "Revealed: {table}. {smackhead}\'s card ranks {ranking_text}."', 'say ^\u201cRevealed: {table}. {smackhead}\'s card ranks {ranking_text}.\u201d')], ['"'])
c(l, "typographic single quotes", H, [(G, 'say "Revealed: {table}. {smackhead}\'s card ranks {ranking_text}."', 'say ^\u2018Revealed\u2019')], ['"'])
c(l, "typographic quotes around a file name", H, [(G, 'kind card from "cards.yaml":', 'kind card from ^\u201ccards.yaml\u201d:')], ['"'])
c(l, "a typographic apostrophe inside a text fine", H, [(G, "{smackhead}'s card ranks", "{smackhead}\u2019s card ranks")], [], valid=True)
c(l, "an en dash for to", H, [(G, "players 2 to 6", "players 2 ^\u2013 6")], ["to"])
c(l, "a not-equal sign", H, [(G, "define correct(c: card): bool = if c == none", "define correct(c: card): bool = if c ^\u2260 none")], ["!="])
c(l, "a less-or-equal sign", S, [(G, "define lineup_bonus(p: player): int = min(count(p.lineup) / 5, 2)", "define lineup_bonus(p: player): int = if count(p.lineup) ^\u2264 5 then 0 else 1")], ["<="])
c(l, "a no-break space in the indent", H, [(G, "    reveal()\n", "\u00a0   ^reveal()\n")], [])
c(l, "a zero-width space in a name", H, [(G, "    reveal()\n", "    rev\u200b^eal()\n")], [])
c(l, "a non-ASCII letter in a name", H, [(G, "var tapped: list of card = []", "var tapp\u00e9d: list of card = []")], [], maybe_valid=True, at=(G, 38))
c(l, "a form feed between declarations", H, [(G, "\nrule reveal:", "\n\x0c\nrule reveal:")], ["delete"], at=(G, 82))
c(l, "a multiplication sign", S, [(G, "k * size", "k ^\u00d7 size")], ["*"])
c(l, "trailing spaces after a colon fine", H, [(G, "rule reveal:\n", "rule reveal:   \n")], [], valid=True)
c(l, "a tab inside a text fine", H, [(G, 'say "Revealed: {table}.', 'say "Revealed:\t{table}.')], [], valid=True)
c(l, "a continuation into a block", T, [(G, "    while actions_left > 0 or special_actions > 0:", "    while actions_left > 0 or \\\n        special_actions > 0:")], [], valid=True)

# ------------------------------------------------------------------------------ data files
d = "data"
HC = '  - {name: "1 red circle", shape: circle, colour: red, number: 1, first: triangle, second: square, third: star, fourth: circle}'
c(d, "records a map of records", H, [("cards.yaml", (ROOT / H / "cards.yaml").read_text().split("cards:\n")[1], '  one: {name: "1 red circle", shape: circle, colour: red, number: 1, first: triangle, second: square, third: star, fourth: circle}\n')], ["list"], at=("cards.yaml", 4), also=(("cards.yaml", 5),))
c(d, "records a list of lists", H, [("cards.yaml", HC, "  - ^[" + HC[4:] + "]")], ["record"])
c(d, "records an empty map", S, [("ingredients.yaml", (ROOT / S / "ingredients.yaml").read_text().split("ingredients:")[1], "")], [], at=("ingredients.yaml", 2))
c(d, "records null", S, [("ingredients.yaml", "ingredients:", "^ingredients: ~\nx:")], [])
c(d, "an empty record item", H, [("cards.yaml", HC, "  -^\n" + HC)], ["record"])
c(d, "a field holding a map", H, [("cards.yaml", HC, HC.replace("colour: red", "colour: ^{red: 1}"))], ["colour"])
c(d, "a field holding a list", H, [("cards.yaml", HC, HC.replace("colour: red", "colour: ^[red]"))], ["colour"])
c(d, "a number as text", H, [("cards.yaml", HC, HC.replace("number: 1", 'number: ^"1"'))], ["quotes"])
c(d, "a count as text", S, [("ingredients.yaml", 'food: graham, count: 24}', 'food: graham, count: ^"24"}')], ["count"])
c(d, "points as text", S, [("recipes.yaml", "dish: straight_up, points: 2", 'dish: straight_up, points: ^"2"')], ["points"])
c(d, "a row as text", A, [("board.yaml", "{name: A1, row: 0, col: 0}", '{name: A1, row: ^"0", col: 0}')], ["row"])
c(d, "a totem number as text", K, [("totems.yaml", '{name: "2", number: 2}', '{name: "2", number: ^"2"}')], ["number"])
c(d, "a bool as text", S, [("recipes.yaml", "points: 2, advanced: false", 'points: 2, advanced: ^"false"')], ["advanced"])
c(d, "a bool as a number", S, [("recipes.yaml", "points: 2, advanced: false", "points: 2, advanced: ^0")], ["false"])
c(d, "an enum value as a number", H, [("cards.yaml", HC, HC.replace("shape: circle", "shape: ^3"))], ["shape"])
c(d, "an enum value quoted fine", H, [("cards.yaml", HC, HC.replace("shape: circle", 'shape: "circle"'))], [], valid=True)
c(d, "an enum value with a trailing space", H, [("cards.yaml", HC, HC.replace("shape: circle", 'shape: ^"circle "'))], ["circle"])
c(d, "a whole number with an exponent", H, [("cards.yaml", HC, HC.replace("number: 1", "number: ^1e0"))], ["number"])
c(d, "a whole number too large", H, [("cards.yaml", HC, HC.replace("number: 1", "number: ^100000000000000000000"))], ["15"])
c(d, "a hex number", H, [("cards.yaml", HC, HC.replace("number: 1", "number: ^0x1"))], ["0x1"], maybe_valid=True)
c(d, "a field of another kind", S, [("recipes.yaml", "dish: straight_up, points: 2", "dish: straight_up, ^food: graham, points: 2")], ["recipe"])
c(d, "a field of the kind in another case", S, [("recipes.yaml", "dish: straight_up, points: 2", "dish: straight_up, ^Points: 2")], ["points"])
c(d, "a field the kind does not declare", A, [("board.yaml", "{name: A1, row: 0, col: 0}", "{name: A1, row: 0, col: 0, ^lava: true}")], ["lava"])
c(d, "a changing field given at the start", A, [("board.yaml", "{name: A1, row: 0, col: 0}", "{name: A1, row: 0, col: 0, removed: true}")], [], maybe_valid=True, at=("board.yaml", 4))
c(d, "an owner on a player kind", A, [("battlers.yaml", "{name: battler, count: 21}", "{name: battler, ^owner: 1, count: 21}")], ["owner"])
c(d, "a duplicate record name", H, [("cards.yaml", HC, HC + "\n" + HC.replace("colour: red", "colour: blue").replace("{name", "^{name", 1))], [])
c(d, "a duplicate record name in smackatoa totems", K, [("totems.yaml", '{name: "3", number: 3}', '{name: "2", number: 3}')], [], at=("totems.yaml", 5))
c(d, "a record name with spaces around it", H, [("cards.yaml", HC, HC.replace('"1 red circle"', '"1 red circle "'))], [], maybe_valid=True, at=("cards.yaml", 5))
c(d, "a record as a YAML block", H, [("cards.yaml", HC, "  - name: 1 red circle\n    shape: circle\n    colour: red\n    number: 1\n    first: triangle\n    second: square\n    third: star\n    fourth: circle")], [], valid=True)
c(d, "a record as a block with a field under-indented", H, [("cards.yaml", HC, "  - name: 1 red circle\n    shape: circle\n   ^colour: red\n    number: 1\n    first: triangle\n    second: square\n    third: star\n    fourth: circle")], [])
c(d, "a name folded over two lines fine", H, [("cards.yaml", HC, '  - {name: "1 red\n      circle", shape: circle, colour: red, number: 1, first: triangle, second: square, third: star, fourth: circle}')], [], maybe_valid=True, at=("cards.yaml", 5))
c(d, "a count of 1.0", S, [("ingredients.yaml", 'food: graham, count: 24}', 'food: graham, count: ^24.0}')], ["whole"])
c(d, "two records on one line", S, [("ingredients.yaml", '  - {name: "Chocolate", food: chocolate, count: 20}', '  - {name: "Chocolate", food: chocolate, count: 20}, ^{name: "x", food: graham}')], [])
c(d, "a thing field by a name of another kind", T, [("treasures.yaml", '  - {name: "red treasure", colour: red}', '  - {name: "red treasure", colour: red, location: ^red treasure}')], ["changing"])
c(d, "records under the kind's singular name fine", H, [("cards.yaml", "cards:", "card:")], [], valid=True)
c(d, "a record list item as a plain number", K, [("totems.yaml", '  - {name: "2", number: 2}', "  - ^2")], ["record"])
c(d, "a name as a number fine", K, [("totems.yaml", '{name: "2", number: 2}', "{name: 2, number: 2}")], [], maybe_valid=True, at=("totems.yaml", 4))
c(d, "a YAML anchor reused with a change fine", H, [("cards.yaml", HC, "  - &one {name: \"1 red circle\", shape: circle, colour: red, number: 1, first: triangle, second: square, third: star, fourth: circle}\n  - {<<: *one, name: \"1 red circle again\"}")], [], maybe_valid=True, at=("cards.yaml", 5))
c(d, "a YAML tag", H, [("cards.yaml", HC, HC.replace("number: 1", "number: ^!!str 1"))], ["number"])
c(d, "a YAML python tag", H, [("cards.yaml", HC, HC.replace("number: 1", "number: ^!!python/int 1"))], [])

# ------------------------------------------------------------------------------ scenario files
s = "scenario"
SW = "scenarios/winning_card.yaml"
c(s, "a hand of one card as text", H, [(SW, "      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}", "      Player 1: {hand: ^1 red circle}")], ["list"], cmd="test")
c(s, "a hand given a number", H, [(SW, "      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}", "      Player 1: {hand: ^3}")], ["hand"], cmd="test")
c(s, "players as text", H, [(SW, "    players: 4\n", '    players: ^"4"\n')], ["players"], cmd="test")
c(s, "players beyond the game's", H, [(SW, "    players: 4\n", "    players: ^7\n")], ["6"], cmd="test")
c(s, "by a seat number", H, [(SW, "      - {move: Play 1 red circle, by: Player 1}", "      - {move: Play 1 red circle, by: ^1}")], ["Player 1"], cmd="test")
c(s, "a negative time", H, [(SW, "      - {move: Smack 8 yellow squares, by: Player 1, time: 0.4}", "      - {move: Smack 8 yellow squares, by: Player 1, time: ^-0.4}")], ["time"], cmd="test")
c(s, "cases a mapping", H, [(SW, "\ncases:\n", "\ncases:\n  ^first:\n")], ["list"], cmd="test", also=((SW, 7),))
c(s, "set as a list", H, [(SW, "    set:\n      Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}\n      Player 2:", "    set:\n      ^- Player 1: {hand: [1 red circle, 2 yellow circles, 3 blue circles]}\n      - Player 2:")], ["mapping"], cmd="test", also=((SW, 28),))
c(s, "force setup a text", H, [(SW, "    force setup: [{shuffle: []}, {pick: Player 3}]", "    force setup: ^shuffle")], ["list"], cmd="test")
c(s, "expect a list where one card is", H, [(SW, "          smackhead: Player 3", "          smackhead: ^[Player 3]")], ["smackhead"], cmd="test")
c(s, "variant named in a scenario missing", H, [(SW, "\ncases:\n", "\n^variant: colorcrack\ncases:\n")], ["colorcracks"], cmd="test")
c(s, "Windows line endings in a scenario", H, [(SW, (ROOT / H / SW).read_bytes().replace(b"\n", b"\r\n"))], [], cmd="test", valid=True)
c(s, "a tab-indented scenario line", H, [(SW, "    players: 4\n", "^\tplayers: 4\n")], ["tab"], cmd="test")

# ------------------------------------------------------------------------------ what a right hint holds
# The words a right hint holds for cases whose first error was at its line with a hint that did
# not say how to fix it (or said something wrong): kept apart, so the cases above read as written.
HINTS = {
    "extend enum names a kind": ["extend kind space"], "extend kind names an enum": ["extend enum colour"],
    "extend table names a var": ["replace var"], "extend rule names a definition": ["replace define"],
    "extend option names an enum": ["extend enum colour"], "extend enum names an option": ["extend option difficulty"],
    "extend stage names a rule": ["extend rule erupt"], "colorcracks extend kind of an enum": ["extend enum shape"],
    "signal a rule": ["is a rule"], "reaction on a rule": ["is a rule"],
    "template with a python format spec": ["without a format"], "template with an assignment": ["line of its own"],
    "template with empty braces": ["write {{"], "a text for an enum value": ["without quotes"],
    "a bool in a sum": ["then 1 else 0"], "a kind for a thing": ["is the kind"], "a kind passed for a thing": ["is the kind"],
    "a thing compared with its name": ["pawn.name"], "a field of a list": ["x.flood for x in"],
    "assign to a field of a kind": ["for x in space"], "add a list to a list": ["for x in players"],
    "a player for a list of players": ["[smackhead]"], "an enum compared with a number": ["red, blue"],
    "typographic double quotes": ["plain double quotes"], "typographic single quotes": ["plain double quotes"],
    "typographic quotes around a file name": ["plain double quotes"], "an en dash for to": ["'to'"],
    "a not-equal sign": ["'!='"], "a less-or-equal sign": ["'<='"], "a multiplication sign": ["'*'"],
    "a no-break space in the indent": ["plain space"], "a zero-width space in a name": ["delete it"],
    "a comment after a continuation backslash": ["nothing may follow"], "an elif after else": ["before the 'else'"],
    "an else after else": ["two 'else'"], "timed without as": ["timed as t"],
    "reaction instantly with an event": ["waits for no event"], "a name as a number fine": ["quotes"],
    "a YAML python tag": ["tags"], "two records on one line": ["one record a line"], "by a seat number": ["by: Player 1"],
    "replace define with a text for an int": ["without the quotes"], "stage called with a value": ["stage 'hand'"],
    "a backslash then a blank line": ["blank"], "a kind called for a thing": ['space "Idiot\'s Platform"'],
    "table keyed by enum: looked up with a text": ["explosion without quotes"],
    "winners a single player": ["[volcano]"], "colorcracks enum value used not declared": ["one of: ignore_colour"], "a missing equals in a define": ["put '='"],
    "reaction by an unknown name": ["q"], "reaction's player used in a definition": ["q"],
}
BAD = {"reaction by an unknown name": ["zap"], "reaction's player used in a definition": ["zap"]}
for _case in CASES:
    _case.words = tuple(HINTS.get(_case.name, _case.words))
    _case.bad = tuple(BAD.get(_case.name, _case.bad))
assert not set(HINTS) - {x.name for x in CASES}, set(HINTS) - {x.name for x in CASES}

if __name__ == "__main__":
    main(CASES, sys.argv[1] if len(sys.argv) > 1 else "")
