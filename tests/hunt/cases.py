"""The cases of the broken-rulebook hunt, round 2: data files, variants, scenario files,
single edits of bundled rulebooks, and habits from other game languages. Each is one Case of
harness.py; `python tests/hunt/cases.py [VERDICTS]` runs them and prints each result (only
those of the verdicts named, as "wrong line,crash") and the counts. A tool, not a test."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import Case, main  # noqa: E402

T, S, A, K, H = "taboo_atoll_express", "smores_galore", "abatteroxie", "smackatoa", "smackshapes"
AT, TR = "atoll.yaml", "treasures.yaml"
BD = '  - {name: "Breakneck Dive", row: 0, col: 2, colour: blue, number: 5}'
RT = '  - {name: "red treasure", colour: red}'
G = "game.rules"
CASES = []


def c(group, name, book, edits, words=(), **kw):
    CASES.append(Case(name, book, edits, tuple(words), group=group, **kw))


# ------------------------------------------------------------------------------ data files
d = "data"
c(d, "tab indent in a block record", T, [(TR, RT, '  - name: "red treasure"\n^\tcolour: red')], ["tab"])
c(d, "tab before a flow record", T, [(TR, RT, '^\t- {name: "red treasure", colour: red}')], ["tab"])
c(d, "block record field dedented", T, [(TR, RT, '  - name: "red treasure"\n^  colour: red')], [])
c(d, "block record field over-indented", T, [(TR, RT, '  - name: "red treasure"\n^        colour: red\n')], [])
c(d, "record as a list", T, [(AT, BD, '  - ^["Breakneck Dive", 0, 2, blue, 5]')], ["record"])
c(d, "record as a plain text", T, [(TR, RT, '  - ^red treasure')], ["record"])
c(d, "record key given twice", T, [(AT, BD, '  - {name: "Breakneck Dive", row: 0, ^row: 0, col: 2, colour: blue, number: 5}')], ["twice"])
c(d, "unknown field, a typo of a default field", T, [(TR, RT, '  - {name: "red treasure", colour: red, ^serch: 1}')], ["search"])
c(d, "text where a number is", T, [(AT, BD, '  - {name: "Breakneck Dive", row: ^zero, col: 2, colour: blue, number: 5}')], ["row"])
c(d, "number with a point", T, [(AT, BD, '  - {name: "Breakneck Dive", row: ^0.5, col: 2, colour: blue, number: 5}')], ["whole"])
c(d, "enum value misspelt", T, [(AT, BD, '  - {name: "Breakneck Dive", row: 0, col: 2, colour: ^bleu, number: 5}')], ["blue"])
c(d, "enum value not in enum", T, [(AT, BD, '  - {name: "Breakneck Dive", row: 0, col: 2, colour: ^purple, number: 5}')], ["colour"])
c(d, "enum value capitalised", T, [(AT, BD, '  - {name: "Breakneck Dive", row: 0, col: 2, colour: ^Blue, number: 5}')], ["blue"])
c(d, "default field given wrong enum", T, [(AT, BD, '  - {name: "Breakneck Dive", row: 0, col: 2, colour: blue, number: 5, flood: ^wet}')], ["changing"])
c(d, "thing field names no thing", T, [(TR, RT, '  - {name: "red treasure", colour: red, location: ^Atlantis}')], ["changing"])
c(d, "thing field misspelt name", T, [(TR, RT, '  - {name: "red treasure", colour: red, location: ^Dark Pitt}')], ["changing"])
c(d, "bool field given text", T, [(TR, RT, '  - {name: "red treasure", colour: red, claimed: ^nope}')], ["changing"])
c(d, "name given as a number", T, [(TR, RT, '  - {name: ^12, colour: red}')], [])
c(d, "name given as yes (YAML 1.1 bool)", T, [(TR, RT, '  - {name: ^yes, colour: red}')], ["quote"])
c(d, "name given as a date", T, [(TR, RT, '  - {name: ^2024-01-01, colour: red}')], ["quote"])
c(d, "field empty (null)", T, [(TR, RT, '  - {name: "red treasure", colour: ^}')], ["colour"])
c(d, "field tilde", T, [(TR, RT, '  - {name: "red treasure", colour: ^~}')], ["colour"], valid=True)
c(d, "required field missing", T, [(TR, RT, '  - ^{name: "red treasure"}')], ["colour"])
c(d, "name missing", T, [(TR, RT, '  - ^{colour: red}')], ["name"])
c(d, "count zero", S, [("ingredients.yaml", 'count: 24}', 'count: ^0}')], ["count"])
c(d, "count negative", S, [("ingredients.yaml", 'count: 24}', 'count: ^-3}')], ["count"])
c(d, "count text", S, [("ingredients.yaml", 'count: 24}', 'count: ^two dozen}')], ["count"])
c(d, "top key misspelt", T, [(TR, "treasures:", "^treasure:")], ["treasures"], valid=True)
c(d, "top key of another file", T, [(TR, "treasures:", "^spaces:")], ["treasures"], valid=True)
c(d, "two top keys", T, [(TR, "treasures:", "^extra: 1\ntreasures:")], [])
c(d, "top level is a list", T, [(TR, "treasures:\n", "")], ["treasures"], at=(TR, 2))
c(d, "records not a list (mapping)", T, [(TR, '  - {name: "red treasure", colour: red}', '  red: {name: "red treasure", colour: red}')], [], at=(TR, 4))
c(d, "records key with nothing", T, [(TR, "treasures:", "^treasures:\nother:")], [])
c(d, "missing data file", T, [(TR, None)], ["treasures.yaml"], at=(G, 27))
c(d, "empty data file", T, [(TR, b"")], ["empty"])
c(d, "data file only comments", T, [(TR, "# only a comment\n")], ["treasures"])
c(d, "huge data file", T, [(TR, b"treasures:\n" + b'  - {name: "x", colour: red}\n' * 80000)], ["2,000,000"])
c(d, "binary junk", T, [(TR, bytes(range(256)) * 4)], ["UTF-8"])
c(d, "BOM at start", T, [(TR, b"\xef\xbb\xbf" + (Path(__file__).resolve().parents[2] / "rulebooks" / T / TR).read_bytes())], [], valid=True)
c(d, "UTF-16 file", T, [(TR, (Path(__file__).resolve().parents[2] / "rulebooks" / T / TR).read_text().encode("utf-16"))], ["UTF"])
c(d, "Latin-1 file", T, [(TR, 'treasures:\n  - {name: "trésor", colour: red}\n'.encode("latin-1"))], ["UTF-8"])
c(d, "link outside the folder", T, [(TR, "->/etc/hostname")], [])
c(d, "link inside the folder", T, [(TR, "->atoll.yaml")], [])
c(d, "link dangling", T, [(TR, "->nowhere.yaml")], [])
c(d, "data file is a folder", T, [(TR, None), (TR + "/x", b"")], [])
c(d, "kind from wrong case file name", T, [(G, 'kind treasure from "treasures.yaml"', 'kind treasure from ^"Treasures.yaml"')], ["treasures.yaml"])
c(d, "kind from json file", T, [(G, 'kind treasure from "treasures.yaml"', 'kind treasure from ^"treasures.json"')], ["treasures.yaml"])
c(d, "kind from file outside", T, [(G, 'kind treasure from "treasures.yaml"', 'kind treasure from ^"../treasures.yaml"')], [])
c(d, "kind from without quotes", T, [(G, 'kind treasure from "treasures.yaml"', 'kind treasure from ^treasures.yaml')], ["quote"])
c(d, "yaml unclosed brace", T, [(AT, BD, '  - {name: "Breakneck Dive", row: 0, col: 2, colour: blue, number: 5^')], [], at=(AT, 4))
c(d, "yaml unclosed quote", T, [(AT, BD, '  - {name: ^"Breakneck Dive, row: 0, col: 2, colour: blue, number: 5}')], ["quote"])
c(d, "yaml colon in unquoted name", T, [(TR, RT, '  - {name: red treasure: the ruby, colour: red}')], ["quote"])
c(d, "yaml name with hash unquoted", T, [(TR, RT, '  - {name: red ^#1, colour: red}')], [])
c(d, "yaml two documents", T, [(TR, "treasures:", "---\nextra: 1\n^---\ntreasures:")], ["---"])
c(d, "yaml field key capitalised", T, [(TR, RT, '  - {name: "red treasure", ^Colour: red}')], ["colour"])
c(d, "yaml anchors merge fine", T, [(TR, RT, '  - &r {name: "red treasure", colour: red}\n  - {<<: *r, name: "ruby"}')], [], at=None, valid=True)
c(d, "yaml undefined alias", T, [(TR, RT, '  - ^*nothing')], ["names no anchor"])
c(d, "grid: two spaces at one place", T, [(AT, BD, '  - {name: "Breakneck Dive", row: 0, col: ^3, colour: blue, number: 5}')], ["Breakneck Dive"], at=(AT, 5))
c(d, "grid: a space without row", T, [(AT, BD, '  - ^{name: "Breakneck Dive", col: 2, colour: blue, number: 5}')], ["row"])
c(d, "grid: negative row", T, [(AT, BD, '  - {name: "Breakneck Dive", row: ^-1, col: 2, colour: blue, number: 5}')], [], valid=True)
c(d, "grid: huge row", T, [(AT, BD, '  - {name: "Breakneck Dive", row: ^1000000000, col: 2, colour: blue, number: 5}')], [], valid=True)
c(d, "two things one name referenced by name", T, [(AT, BD, '  - {name: "Idiot\'s Platform", row: 0, col: 2, colour: blue, number: 5}')], ["Idiot"], at=(AT, 27))
c(d, "name referenced in rules missing from data", T, [(AT, "Idiot's Platform\", row: 5", "Idiots Platform\", row: 5")], ["Idiots Platform"], at=(G, 68))
c(d, "abatteroxie board tile name typo referenced", A, [("board.yaml", "{name: C3,", "{name: C03,")], ["C03"], at=(G, 61))
c(d, "player kind file with count text", A, [("battlers.yaml", "count: 21", "count: ^21 each")], ["count"])
c(d, "cards: quoted number name fine, unquoted action typo", A, [("cards.yaml", "action: battle_royale, count: 2}", "action: ^battleroyale, count: 2}")], ["battle_royale"])
c(d, "variant data file missing", H, [("variants/colorcracks.yaml", None)], ["colorcracks.yaml"], at=("variants/colorcracks.rules", 12), args=("--variant", "colorcracks"), bad=("colorcracks.rules",))
c(d, "variant data unknown enum", H, [("variants/colorcracks.yaml", "action: smackhead_loses}", "action: ^smackhead_lose}")], ["smackhead_loses"], args=("--variant", "colorcracks"))
c(d, "data record has a field the variant adds only", H, [("cards.yaml", "fourth: circle}", "fourth: circle, ^action: colour_wins}")], ["action"])
c(d, "a record with a trailing comma", T, [(TR, RT, '  - {name: "red treasure", colour: red,^}')], [], at=None, valid=True)
c(d, "indented top key", T, [(TR, "treasures:", "^  treasures:")], [], valid=True)
c(d, "list items first at the margin, then indented", T, [(TR, RT, '- {name: "red treasure", colour: red}')], [], at=(TR, 4))
c(d, "list items mixed indentation", T, [(TR, RT, '  - {name: "red treasure", colour: red}\n^ - {name: "ruby", colour: red}')], [])

# ------------------------------------------------------------------------------ variants
v, CS = "variant", "variants/calm_seas.rules"
VA = ("--variant", "calm_seas")
c(v, "extends wrong file", T, [(CS, 'extends "../game.rules"', 'extends ^"../games.rules"')], ["../game.rules"], args=VA)
c(v, "extends without ../", T, [(CS, 'extends "../game.rules"', 'extends ^"game.rules"')], ["../game.rules"], args=VA, bad=("calm_seas.rules",))
c(v, "extends without quotes", T, [(CS, 'extends "../game.rules"', 'extends ^../game.rules')], ["quote"], args=VA)
c(v, "extends not first", T, [(CS, 'extends "../game.rules"', 'define calm_bonus: int = 1\n^extends "../game.rules"')], ["first"], args=VA, valid=True)
c(v, "extends twice", T, [(CS, 'extends "../game.rules"', 'extends "../game.rules"\n^extends "../game.rules"')], ["only one"], args=VA)
c(v, "replace unknown table", T, [(CS, "replace table floods_per_turn:", "replace table ^flood_per_turn:")], ["floods_per_turn"], args=VA)
c(v, "replace table as var", T, [(CS, "replace table floods_per_turn:\n    0 to 1 -> 1\n    2 to 5 -> 2\n    6 to 8 -> 3\n    9 to 14 -> 4", "^replace var floods_per_turn: int = 1")], ["table"], args=VA)
c(v, "redeclare without replace", T, [(CS, "replace table floods_per_turn:", "^table floods_per_turn:")], ["replace"], args=VA)
c(v, "redeclare var without replace", T, [(CS, "replace var special_actions", "^var special_actions")], ["replace"], args=VA)
c(v, "replace var changes type", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "replace var special_actions: ^bool = true")], [], args=VA)
c(v, "replace var default out of range", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "replace var special_actions: int in 0 to 3 = ^5")], ["0 to 3"], args=VA)
c(v, "replace in the base game", T, [(G, "define skull: int = 14", "^replace define skull: int = 14")], ["variant"])
c(v, "extend in the base game", T, [(G, "rule flood_phase:", "^extend rule flood_phase:")], ["variant"])
c(v, "replace table missing entry used", T, [(CS, "    9 to 14 -> 4\n", "")], ["14"], args=VA, at=(G, 265))
c(v, "replace table wrong key type", T, [(CS, "    0 to 1 -> 1", "    ^low -> 1")], [], args=VA)
c(v, "remove unknown", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "remove define ^skul")], ["name alone"], args=VA)
c(v, "remove something used", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "^remove define skull")], ["skull"], args=VA)
c(v, "remove with a body", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "remove define skull: int = 14")], ["name alone"], args=VA, at=(CS, 12))
c(v, "remove a rule keyword wrong", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "remove rule ^skull")], ["name alone"], args=VA)
c(v, "extend unknown kind", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "extend kind ^spaces:\n    height: int, default 0")], ["space"], args=VA)
c(v, "extend rule unknown", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "extend rule ^flood:\n    say \"x\"")], ["flood_one"], args=VA)
c(v, "extend enum new value", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "extend enum colour: purple")], [], args=VA, at=None, valid=True)
c(v, "replace option", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "replace option difficulty: newbie, normal = ^hard")], ["newbie"], args=VA)
c(v, "replace setup", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "replace setup:\n    ^spcial_actions = 1")], ["special_actions"], args=VA)
c(v, "extend setup no body", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "extend setup:\n^")], ["empty"], args=VA, at=(CS, 12))
c(v, "variant name unknown", T, [], ["calm_seas"], args=("--variant", "calm_sea"))
c(v, "variant replaces define with rule", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "^replace rule skull:\n    say \"x\"")], ["definition"], args=VA)
c(v, "variant of a variant missing", T, [("variants/stormy.rules", '^extends "calm_seas"\nreplace define skull: int = 12\n')], ["calm_seas.rules"], args=("--variant", "stormy"))
c(v, "variant extends itself by name", T, [("variants/stormy.rules", 'extends ^"stormy.rules"\n')], ["itself"], args=("--variant", "stormy"))
c(v, "colorcracks extend kind without from", H, [("variants/colorcracks.rules", 'extend kind card from "colorcracks.yaml":', 'extend kind card:')], [], args=("--variant", "colorcracks"), at=None, valid=True)
c(v, "colorcracks enum value misspelt in data field default", H, [("variants/colorcracks.rules", "    action: action, default none", "    action: action, default ^nothing")], ["action"], args=("--variant", "colorcracks"))
c(v, "colorcracks replace define wrong params", H, [("variants/colorcracks.rules", "replace define best_rank_of(cs: list of card): int", "replace define ^best_rank_of(cards: list of card, x: int): int")], ["cs"], args=("--variant", "colorcracks"), at=("variants/colorcracks.rules", 35))
c(v, "colorcracks replace define other result type", H, [("variants/colorcracks.rules", "replace define tap_targets: list of card = table + [none]", "replace define tap_targets: ^list of player = players")], ["colorcracks"], args=("--variant", "colorcracks"), at=(G, 38),
  also=(("variants/colorcracks.rules", 46),))      # since round 10 the replace line is told first, naming the base's
c(v, "colorcracks extend rule not existing", H, [("variants/colorcracks.rules", "extend rule reveal:", "extend rule ^revealed:")], ["reveal"], args=("--variant", "colorcracks"))

# ------------------------------------------------------------------------------ scenarios
s, SC = "scenario", "scenarios/actions.yaml"
c(s, "set unknown variable", T, [(SC, "    special_actions: 0\n    water_level: 0", "    ^special_action: 0\n    water_level: 0")], ["special_actions"], cmd="test")
c(s, "set unknown thing", T, [(SC, "    pawn: Dark Pit", "    pawn: ^Dark Pitt")], ["Dark Pit"], cmd="test")
c(s, "set enum misspelt", T, [(SC, "    current_role: no_role", "    current_role: ^no role please")], ["no_role"], cmd="test")
c(s, "set field of unknown field", T, [(SC, "    space: {every: {flood: dry}}", "    space: {every: {^flod: dry}}")], ["flood"], cmd="test")
c(s, "set number out of range", T, [(SC, "    special_actions: 0", "    special_actions: ^7")], ["0 to 3"], cmd="test", at=(SC, 15))
c(s, "move not offered", T, [(SC, "      - move: Pass\n", "      - move: ^Teleport\n")], [], cmd="test")
c(s, "expect wrong value", T, [(SC, '      - expect: {prompt: "Take an action (2 left, 0 special)", actions_left: 2}', '      - expect: {prompt: "Take an action (2 left, 0 special)", ^actions_left: 3}')], ["3"], cmd="test")
c(s, "expect unknown key", T, [(SC, '      - expect: {prompt: "Take an action (2 left, 0 special)", actions_left: 2}', '      - expect: {prompt: "Take an action (2 left, 0 special)", ^action_left: 2}')], ["actions_left"], cmd="test")
c(s, "expect offered as a text", T, [(SC, "          offered: [Move to Secret Eden, Move to Blood Woods, Move to Flame Sanctuary]", "          offered: ^Move to Secret Eden")], [], cmd="test", at=None, valid=True)
c(s, "moves as a text", T, [(SC, "      - moves: [Pass, Pass]", "      - moves: ^Pass")], ["list"], cmd="test")
c(s, "step misspelt", T, [(SC, "      - moves: [Pass, Pass]", "      - ^mvoes: [Pass, Pass]")], ["moves"], cmd="test")
c(s, "case without name", T, [(SC, "  - name: Three actions a turn, then the treasure search\n    rule:", "  - ^rule:")], ["name"], cmd="test")
c(s, "cases misspelt", T, [(SC, "\ncases:", "\n^case:")], ["cases"], cmd="test")
c(s, "tab in scenario", T, [(SC, "      - move: Pass\n", "      - move: Pass\n^\t\n")], ["tab"], cmd="test")
c(s, "force a face no die has", T, [(SC, "      - move: Pass\n", "      - force: [^purple]\n      - move: Pass\n")], ["purple"], cmd="test")
c(s, "players too many", T, [(SC, "    set: *quiet\n    steps:\n      - expect: {prompt: \"Take an action (3 left", "    ^players: 3\n    set: *quiet\n    steps:\n      - expect: {prompt: \"Take an action (3 left")], ["1"], cmd="test")
c(s, "seed as text", T, [(SC, "    set: *quiet\n    steps:\n      - expect: {prompt: \"Take an action (3 left", "    seed: ^lucky\n    set: *quiet\n    steps:\n      - expect: {prompt: \"Take an action (3 left")], ["seed"], cmd="test")
c(s, "variant unknown", T, [(SC, "\ncases:", "\n^variant: calm_sea\ncases:")], ["calm_seas"], cmd="test")
c(s, "option unknown value", T, [(SC, "\ncases:", "\noptions: {difficulty: ^easy}\ncases:")], ["newbie"], cmd="test")
c(s, "game path wrong", T, [(SC, "\ncases:", "\ngame: ^../taboo\ncases:")], [], cmd="test")
c(s, "duplicate key in case", T, [(SC, "    set: *quiet\n    steps:\n      - expect: {prompt: \"Take an action (3 left", "    set: *quiet\n    ^set: *quiet\n    steps:\n      - expect: {prompt: \"Take an action (3 left")], ["twice"], cmd="test")
c(s, "anchor undefined", T, [(SC, "    set: *quiet\n    steps:\n      - expect: {prompt: \"Take an action (3 left", "    set: ^*quite\n    steps:\n      - expect: {prompt: \"Take an action (3 left")], ["quiet"], cmd="test")
c(s, "set player unknown", T, [(SC, "    pawn: Dark Pit", "    pawn: Dark Pit\n    ^Player 2: {}")], ["Player"], cmd="test")
c(s, "expect log as mapping", T, [(SC, "      - expect: {prompt: {starts: Treasure search}}", "      - expect: {prompt: {^start: Treasure search}}")], ["starts"], cmd="test")
c(s, "step with two things", T, [(SC, "      - move: Pass\n", "      - ^move: Pass\n        expect: {over: false}\n")], [], cmd="test")
c(s, "by unknown player", T, [(SC, "      - move: Pass\n", "      - move: Pass\n        by: ^Player 3\n")], ["Player"], cmd="test")
c(s, "expect over as maybe", T, [(SC, "      - move: Pass\n", "      - move: Pass\n      - expect: {over: ^maybe}\n")], ["true"], cmd="test")
c(s, "empty scenario file", T, [(SC, b"")], [], cmd="test", at=None)
c(s, "scenario BOM", T, [(SC, b"\xef\xbb\xbf" + (Path(__file__).resolve().parents[2] / "rulebooks" / T / SC).read_bytes())], [], cmd="test", at=None, valid=True)
c(s, "scenario steps not a list", T, [(SC, "    steps:\n      - expect: {prompt: \"Take an action (3 left, 0 special)\"}\n      - move: Pass\n", "    steps:\n      ^expect: {prompt: \"Take an action (3 left, 0 special)\"}\n      move: Pass\n")], [], cmd="test", at=(SC, 27))

# ------------------------------------------------------------------------------ structural edits of bundled rulebooks
e = "edit"
c(e, "misspell enum value in table", T, [(G, "    elite -> 5", "    ^elit -> 5")], ["elite"])
c(e, "remove a table entry of an enum", T, [(G, "    elite -> 5\n", "")], ["elite"], at=(G, 63))
c(e, "misspell kind in a field", T, [(G, "    location: space = none", "    location: ^spaec = none")], ["space"])
c(e, "misspell zone", S, [(G, "        move c from taken to current.lineup", "        move c from taken to current.^linup")], ["lineup"])
c(e, "misspell die face", A, [(G, "die doom_die: battle_royale, battle_royale,", "die doom_die: battle_royale, ^battle_royal,")], ["battle_royale"])
c(e, "misspell die name in roll", T, [(G, "define roll_space: space = space_of(roll(colour_die", "define roll_space: space = space_of(roll(^color_die")], ["colour_die"])
c(e, "rename definition in one place", T, [(G, "define skull: int = 14", "define ^skul: int = 14")], [], at=(G, 245))
c(e, "rename rule def in one place", T, [(G, "rule flood_phase:", "rule ^flood_phases:")], ["flood_phase"], at=(G, 127))
c(e, "change a var type", T, [(G, "var pilot_flew: bool = false", "var pilot_flew: ^int = false")], ["bool"])
c(e, "change define result type", T, [(G, "define all_claimed: bool =", "define all_claimed: ^int =")], ["bool"])
c(e, "dedent a block line", T, [(G, "                pawn = s\n                actions_left -= 1\n            option \"Navigate", "                pawn = s\n^            actions_left -= 1\n            option \"Navigate")], [])
c(e, "over-indent a line", T, [(G, "    pilot_flew = false\n", "    pilot_flew = false\n^        action_phase()\n")], ["indent"])
c(e, "delete a block's body", T, [(G, "            option \"Pass\" if actions_left > 0:\n                actions_left -= 1\n", "            option \"Pass\" if actions_left > 0:\n")], ["empty"], at=(G, 161))
c(e, "choose without options", T, [(G, "    choose t from escape_targets(s) labelled \"Escape to {t.name}\" prompt \"{s.name} is sinking! Where do you go?\"", "    ^choose prompt \"{s.name} is sinking! Where do you go?\":")], ["empty"])
c(e, "choose from without labelled", T, [(G, " labelled \"Escape to {t.name}\" prompt \"{s.name} is sinking! Where do you go?\"", " prompt \"{s.name} is sinking! Where do you go?\"")], [], at=None, valid=True)
c(e, "choose option without label", T, [(G, "            option \"Pass\" if actions_left > 0:", "            option ^if actions_left > 0:")], ["label"], bad=("then",))
c(e, "option missing colon", T, [(G, "            option \"Pass\" if actions_left > 0:", "            option \"Pass\" if actions_left > 0^")], ["end the line with"])
c(e, "option outside choose", T, [(G, "    pawn = t\n", "    pawn = t\n    ^option \"Stay\":\n        pawn = s\n")], ["choose"])
c(e, "choose labelled in wrong order", T, [(G, 'choose t from escape_targets(s) labelled "Escape to {t.name}" prompt "{s.name} is sinking! Where do you go?"', 'choose t from escape_targets(s) prompt "{s.name} is sinking! Where do you go?" ^labelled "Escape to {t.name}"')], ["labelled"])
c(e, "label template unknown name", T, [(G, 'labelled "Escape to {t.name}"', 'labelled "Escape to {^tt.name}"')], ["t"])
c(e, "label template unknown field", T, [(G, 'labelled "Escape to {t.name}"', 'labelled "Escape to {t.^nmae}"')], ["name"])
c(e, "secretly block misspelt chooses", H, [(G, "secretly each p in players_from(smackhead) chooses c from p.hand", "secretly each p in players_from(smackhead) ^choose c from p.hand")], ["chooses"])
c(e, "secretly without each", H, [(G, "secretly each p in players_from(smackhead) chooses c from p.hand", "secretly ^p in players_from(smackhead) chooses c from p.hand")], ["each"])
c(e, "secretly timed misspelt", H, [(G, "timed as t:", "^time as t:")], ["timed"])
c(e, "secretly unknown zone", H, [(G, "chooses c from p.hand labelled", "chooses c from p.^hnd labelled")], ["hand"])
c(e, "secretly body dedented", H, [(G, "        move c from p.hand to table\n        if p == smackhead:", "^    move c from p.hand to table\n        if p == smackhead:")], ["empty"], at=(G, 57))
c(e, "timed variable misused as text", H, [(G, "after {t} ms.\"", "after {t} ms.\"\n            ^t = \"late\"")], ["t"])
c(e, "reaction unknown event", K, [(G, "reaction magma_powered_buzzsaw on damage_rolled(victim, cards)", "reaction magma_powered_buzzsaw on ^damage_roled(victim, cards)")], ["damage_rolled"])
c(e, "reaction event wrong arity", K, [(G, "reaction magma_powered_buzzsaw on damage_rolled(victim, cards)", "reaction magma_powered_buzzsaw on ^damage_rolled(victim)")], ["2"])
c(e, "reaction without by", K, [(G, "reaction magma_powered_buzzsaw on damage_rolled(victim, cards) by p if", "reaction magma_powered_buzzsaw on damage_rolled(victim, cards) if")], ["by"], at=(G, 728))
c(e, "reaction labelled missing", K, [(G, ' labelled "Play Magma Powered Buzzsaw" prompt "You must discard {cards}: add a raft piece for each?":', ' prompt "You must discard {cards}: add a raft piece for each?":')], [], at=None)
c(e, "reaction instantly misspelt", K, [(G, "reaction voodoo_schmoodoo_on_the_out instantly by p", "reaction voodoo_schmoodoo_on_the_out ^instantely by p")], ["instantly"])
c(e, "winners unknown def", S, [(G, "winners: highest score, then lowest recipes_done", "winners: highest score, then lowest ^recipe_done")], ["recipes_done"])
c(e, "winners most instead of highest", S, [(G, "winners: highest score,", "winners: ^most score,")], ["highest"])
c(e, "winners without then", S, [(G, "winners: highest score, then lowest recipes_done", "winners: highest score, ^lowest recipes_done")], ["then"])
c(e, "winners definition with wrong type", S, [(G, "define stick_count(p: player): int = count(p.sticks)", "define stick_count(p: player): ^bool = count(p.sticks) > 0")], [])
c(e, "winners twice", S, [(G, "# ---------------------------------------------------------------- at the table", "^winners: highest score\n")], ["two"])
c(e, "winners non-player list", T, [(G, "winners: [p for p in players if won]", "winners: ^[t for t in treasure if t.claimed]")], ["player"])
c(e, "delete score definition", S, [(G, "define score(p: player): int = recipe_points(p) + stick_count(p) + lineup_bonus(p)\n", "")], ["score"], at=(G, 413), also=((G, 417),), bad=("scorable",))
c(e, "swap two lines: use before assign", S, [(G, "    arrow = pl\n    taken = line_cards(pl)\n", "    arrow = pl\n    for s in line_spaces(pl):\n        s.card = none\n    taken = line_cards(pl)\n")], [], at=None, valid=True)
c(e, "swap a define into a block", T, [(G, "    actions_left = 3\n", "    actions_left = 3\n    ^define x: int = 1\n")], ["margin"])
c(e, "delete the colon of a rule", T, [(G, "rule flood_phase:", "rule flood_phase^")], ["ends too early"])
c(e, "delete the colon of turn", T, [(G, "\nturn:\n", "\nturn^\n")], ["ends too early"])
c(e, "unknown field on a thing", T, [(G, "    while s.flood == sunk or", "    while s.^flooded == sunk or")], ["flood"])
c(e, "compare enum with text", T, [(G, "    while s.flood == sunk or", "    while s.flood == ^\"sunk\" or")], ["sunk"])
c(e, "enum value misspelt in comparison", T, [(G, "    while s.flood == sunk or", "    while s.flood == ^snuk or")], ["sunk"])
c(e, "assign enum to int var", T, [(G, "    actions_left = 3\n", "    actions_left = ^three\n")], ["digits"])
c(e, "call a rule with too few args", T, [(G, "        sink(s)\n", "        ^sink()\n")], ["1"])
c(e, "call a define as a statement", T, [(G, "        sink(s)\n", "        ^unsunk(s)\n")], [])
c(e, "roll a die in a definition used by a choose", T, [(G, "option \"Pass\" if actions_left > 0:", "option \"Pass\" if roll(number_die) > 0:")], [], at=None, valid=True)
c(e, "while without colon body", T, [(G, "        while spot == platform:\n", "        while spot == platform\n")], ["end the line with"], at=(G, 113))
c(e, "for loop over an int", T, [(G, "    for t in treasure:\n", "    for t in ^3:\n")], ["list"])
c(e, "repeat without times", T, [(G, "    repeat 6 times:", "    repeat 6^:")], ["times"])
c(e, "if with = instead of ==", T, [(G, "    if d == black:", "    if d ^= black:")], ["=="])
c(e, "elif written else if", T, [(G, "    elif d == white:", "    ^else if d == white:")], ["elif"])
c(e, "zone declared twice", S, [(G, "zone campfire: ingredient, public", "zone campfire: ingredient, public\n^zone campfire: ingredient, public")], ["twice"])
c(e, "zone of unknown kind", S, [(G, "zone campfire: ingredient, public", "zone campfire: ^ingredients, public")], ["ingredient"])
c(e, "zone visibility misspelt", S, [(G, "zone campfire: ingredient, public", "zone campfire: ingredient, ^publik")], ["public"])
c(e, "player zone without player in use", S, [(G, "        move c from taken to current.lineup", "        move c from taken to ^lineup")], ["lineup"])
c(e, "numbered zone without index", S, [(G, "define cards_under_tops: bool = count(discard[0]) > 1", "define cards_under_tops: bool = count(^discard) > 1")], ["discard"])
c(e, "numbered zone index text", S, [(G, "define cards_under_tops: bool = count(discard[0]) > 1", "define cards_under_tops: bool = count(discard[^\"0\"]) > 1")], [])
c(e, "grid misspelt kind", S, [(G, "grid space at row, col", "grid ^spaces at row, col")], ["space"])
c(e, "grid field missing", S, [(G, "grid space at row, col", "grid space at row, ^column")], ["col"])
c(e, "kind field type unknown", S, [(G, "    points: int\n    advanced: bool", "    points: ^integer\n    advanced: bool")], ["int"])
c(e, "kind field default wrong type", T, [(G, "    search: int = 0", "    search: int = ^false")], ["int"])
c(e, "enum value duplicated", T, [(G, "enum flood_state: dry, flooded, sunk", "enum flood_state: dry, flooded, ^dry")], ["twice"])
c(e, "enum value is a keyword", T, [(G, "enum flood_state: dry, flooded, sunk", "enum flood_state: dry, flooded, sunk, ^none")], [])
c(e, "option default not a value", T, [(G, "idiotic = newbie", "idiotic = ^beginner")], ["newbie"])
c(e, "table key of another enum", T, [(G, "    newbie -> 0", "    ^red -> 0")], ["difficulty"])
c(e, "table range overlapping", T, [(G, "    2 to 5 -> 3", "    ^1 to 5 -> 3")], ["twice"])
c(e, "table range gap used", T, [(G, "    6 to 8 -> 4\n", "    6 to 7 -> 4\n")], ["8"], at=(G, 265))
c(e, "var range default outside", T, [(G, "var actions_left: int in 0 to 3 = 0", "var actions_left: int in 0 to 3 = ^4")], ["0 to 3"])
c(e, "string var default number", T, [(G, "var won: bool = false", "var won: bool = ^0")], ["bool"])
c(e, "say without quotes", T, [(G, '    say "Your role for the next turn: {current_role}."', '    say ^Your role for the next turn')], ["quote"])
c(e, "say template unclosed", T, [(G, '    say "Your role for the next turn: {current_role}."', '    say "Your role for the next turn: ^{current_role."')], ["}"])
c(e, "end game without text", T, [(G, '        end game "You drowned when {s.name} sank."', '        end game^')], [], valid=True)
c(e, "move to unknown zone", S, [(G, "                move c from taken to current.below", "                move c from taken to current.^bellow")], ["below"])
c(e, "move from wrong kind zone", S, [(G, "                move c from taken to current.below", "                move c from taken to current.^recipes")], ["recipe"])
c(e, "draw from player zone", A, [(G, "winners: highest still_in", "winners: highest ^stillin")], ["still_in"])
c(e, "player var accessed as game var", K, [(G, "    victim.voodoo += 1", "    ^voodoo += 1")], ["voodoo"])
c(e, "abatteroxie table key out of player range", A, [(G, "    4 -> 6\n", "    5 -> 6\n")], ["4"], at=(G, 79))
c(e, "abatteroxie colour table enum misspelt", A, [(G, "    4 -> purple", "    4 -> ^purpel")], ["purple"])
c(e, "abatteroxie tile name wrong literal", A, [(G, 'var eliminator: tile = tile "C3"', 'var eliminator: tile = tile ^"C6"')], ["no tile"])
c(e, "abatteroxie thing literal of wrong kind", A, [(G, 'var eliminator: tile = tile "C3"', 'var eliminator: tile = ^battler "C3"')], [])
c(e, "smackatoa stage unknown", K, [(G, "stage hand:", "stage ^hands:")], ["hands"], at=(G, 224))
c(e, "smackshapes take rounds led by unknown", H, [(G, "take rounds led by smackhead", "take rounds led by ^smakhead")], ["smackhead"])
c(e, "smackshapes round misspelt", H, [(G, "\nround:\n", "\n^rounds:\n")], ["round"])
c(e, "smackshapes play without take", H, [(G, "    take rounds led by smackhead", "    ^rounds led by smackhead")], [])
c(e, "display board unknown", T, [(G, "    board s in space:", "    board s in ^spaces:")], ["space"])
c(e, "display show misspelt", T, [(G, '    show "Special actions', '    ^shwo "Special actions')], ["show"])
c(e, "player count backwards", S, [(G, "players 2 to 4", "players ^4 to 2")], ["fewest"])
c(e, "player count zero", S, [(G, "players 2 to 4", "players ^0 to 4")], [])
c(e, "game title missing quotes", S, [(G, "game \"S'mores Galore\"", "game ^Smores")], ["quote"])
c(e, "include missing", T, [(G, "players 1\n", "players 1\n^include \"extra.rules\"\n")], ["extra.rules"], bad=("game.rules",))
c(e, "lambda misuse", T, [(G, "roll(colour_die, c => c != black and c != white)", "roll(colour_die, c -> c != black and c != white)")], ["=>"], at=(G, 81))
c(e, "list of list type misspelt", T, [(G, "define keep_two_choices(rolled: list of colour): list of list of colour", "define keep_two_choices(rolled: list of colour): list of ^lists of colour")], ["list"])
c(e, "comprehension missing in", T, [(G, "define fly_targets: list of space = [s for s in space if", "define fly_targets: list of space = [s for s ^space if")], ["in"])
c(e, "missing closing bracket", T, [(G, "define fly_targets: list of space = [s for s in space if unsunk(s) and s != pawn]", "define fly_targets: list of space = [s for s in space if unsunk(s) and s != pawn^")], ["]"])
c(e, "string not closed", T, [(G, 'say "{s.name} sinks."', 'say "{s.name} sinks.^')], ["never closed"])
c(e, "return in a rule with value", T, [(G, "    pawn = t\n", "    pawn = t\n    ^return t\n")], [])

# ------------------------------------------------------------------------------ other languages' habits
o = "other"
c(o, "python def", T, [(G, "define skull: int = 14", "^def skull(): return 14")], ["define"])
c(o, "python True", T, [(G, "var won: bool = false", "var won: bool = ^False")], ["false"])
c(o, "python None", T, [(G, "    location: space = none", "    location: space = ^None")], ["none"])
c(o, "python len", T, [(G, "    if count(escape_targets(s)) == 0:", "    if ^len(escape_targets(s)) == 0:")], ["count"])
c(o, "python print", T, [(G, '    say "{s.name} sinks."', '    ^print("{s.name} sinks.")')], ["say"])
c(o, "python f-string", T, [(G, '    say "{s.name} sinks."', '    say ^f"{s.name} sinks."')], [])
c(o, "python not equal <>", T, [(G, "    while s.flood == sunk or", "    while s.flood ^<> sunk or")], ["!="])
c(o, "python &&", T, [(G, "if special_actions > 0 and pawn == platform", "if special_actions > 0 ^&& pawn == platform")], ["and"])
c(o, "js ||", T, [(G, "while s.flood == sunk or (s", "while s.flood == sunk ^|| (s")], ["or"])
c(o, "js !", T, [(G, "option \"Fly to {s.name}\" for s in fly_targets if actions_left > 0 and current_role == pilot and not pilot_flew:", "option \"Fly to {s.name}\" for s in fly_targets if actions_left > 0 and current_role == pilot and ^!pilot_flew:")], ["not"])
c(o, "js ===", T, [(G, "    if d == black:", "    if d ^=== black:")], ["=="])
c(o, "js semicolon", T, [(G, "    actions_left = 3\n", "    actions_left = 3^;\n")], [";"])
c(o, "js // comment", T, [(G, "    actions_left = 3\n", "    ^// three actions\n    actions_left = 3\n")], ["#"])
c(o, "js braces block", T, [(G, "rule flood_phase:", "rule flood_phase ^{")], [":"])
c(o, "js const", T, [(G, "    actions_left = 3\n", "    ^const n = 3\n    actions_left = 3\n")], [])
c(o, "js ctx.currentPlayer", T, [(G, "define score(p: player): int = 50", "define score(p: player): int = ^ctx.currentPlayer + 50")], [])
c(o, "python range loop", T, [(G, "    repeat 6 times:", "    for i in range(6):")], ["range"], at=(G, 104))
c(o, "python pass", T, [(G, "            option \"End the action phase\" if actions_left == 0:\n                stop", "            option \"End the action phase\" if actions_left == 0:\n                ^pass")], [], valid=True)
c(o, "python import", T, [(G, "players 1\n", "players 1\n^import random\n")], ["not part of the language"])
c(o, "python self", T, [(G, "    actions_left = 3\n", "    ^self.actions_left = 3\n")], [])
c(o, "python docstring", T, [(G, "rule flood_phase:\n", "rule flood_phase:\n    ^\"\"\"Flood the atoll.\"\"\"\n")], ["docstring"])
c(o, "python else:if", T, [(G, "    if d == black:", "    if d == black^\n        pass\n    if d == black:")], [])
c(o, "python lambda", T, [(G, "roll(colour_die, c => c != black and c != white)", "roll(colour_die, ^lambda c: c != black and c != white)")], ["=>"])
c(o, "python in range", T, [(G, "var actions_left: int in 0 to 3 = 0", "var actions_left: int in ^range(0, 3) = 0")], ["to"])
c(o, "python type hint arrow", T, [(G, "define usable(c: colour): bool =", "define usable(c: colour) ^-> bool:")], ["type follows"])
c(o, "python list type", T, [(G, "var flooded_this_turn: list of space = []", "var flooded_this_turn: ^list[space] = []")], ["list of"])
c(o, "python str type", T, [(G, "    name: text\n    row: int", "    name: ^str\n    row: int")], ["text"])
c(o, "python bool ops on enum", T, [(G, "define unsunk(s: space): bool = s.flood != sunk", "define unsunk(s: space): bool = s.flood is not sunk")], ["!="], at=(G, 87))
c(o, "ludii s-expression", T, [(G, 'game "Taboo Atoll Express"', '^(game "Taboo Atoll Express")')], ["not with '('"])
c(o, "ludii players", T, [(G, "players 1\n", "^(players 1)\n")], ["not with '('"])
c(o, "ludii equipment", T, [(G, "players 1\n", "players 1\n^(equipment { (board (square 5)) })\n")], ["not with '('"])
c(o, "yaml-first game key", T, [(G, 'game "Taboo Atoll Express"', '^game: "Taboo Atoll Express"')], ["with no ':'"])
c(o, "yaml-first players key", T, [(G, "players 1\n", "^players: 1\n")], ["with no ':'"])
c(o, "yaml-first kind fields as list", T, [(G, "    name: text\n    colour: colour\n    search: int = 0", "    ^- name: text\n    - colour: colour\n    - search: int = 0")], ["no '-'"])
c(o, "yaml-first enum as list", T, [(G, "enum flood_state: dry, flooded, sunk", "enum flood_state: ^[dry, flooded, sunk]")], ["brackets"])
c(o, "yaml-first table as mapping", T, [(G, "    newbie -> 0", "    newbie^: 0")], ["->"], bad=("=",))
c(o, "yaml-first var with colon default", T, [(G, "var won: bool = false", "var won: ^false")], [])
c(o, "boardgame.io moves object", T, [(G, "rule flood_phase:", "^moves: {\n    flood: (G, ctx) => {}\n}\nrule flood_phase:")], [])
c(o, "python += string", T, [(G, "    actions_left = 3\n", "    actions_left = 3\n    actions_left += ^\"1\"\n")], [])
c(o, "python ** power", T, [(G, "define skull: int = 14", "define skull: int = 2 ^** 4")], [])
c(o, "python % modulo", T, [(G, "define skull: int = 14", "define skull: int = 29 ^% 15")], [], valid=True)
c(o, "python // division", T, [(G, "define skull: int = 14", "define skull: int = 28 ^// 2")], [])
c(o, "python ternary", T, [(G, "define pawn_mark(s: space): text = if s == pawn then \" [YOU]\" else \"\"", "define pawn_mark(s: space): text = \" [YOU]\" ^if s == pawn else \"\"")], ["then"])
c(o, "python dict literal", T, [(G, "define skull: int = 14", "define skull: int = ^{\"a\": 14}[\"a\"]")], [])
c(o, "python negative index", T, [(G, "                two[0].flood = dry\n                two[1].flood = dry", "                two[0].flood = dry\n                two[-1].flood = dry")], [], at=(G, 156))
c(o, "python len method", T, [(G, "    if count(escape_targets(s)) == 0:", "    if escape_targets(s).^length == 0:")], ["count"])
c(o, "python append", T, [(G, "    add s to flooded_this_turn", "    flooded_this_turn.^append(s)")], ["add"])
c(o, "python while True", T, [(G, "    while actions_left > 0 or special_actions > 0:", "    while ^True:")], ["true"])
c(o, "python break", T, [(G, "            option \"End the action phase\" if actions_left == 0:\n                stop", "            option \"End the action phase\" if actions_left == 0:\n                ^break")], ["stop"])
c(o, "python continue", T, [(G, "            option \"End the action phase\" if actions_left == 0:\n                stop", "            option \"End the action phase\" if actions_left == 0:\n                ^continue")], [])
c(o, "python assert", T, [(G, "    actions_left = 3\n", "    actions_left = 3\n    ^assert actions_left == 3\n")], ["not part of the language"], bad=("assert =",))
c(o, "python global", T, [(G, "    actions_left = 3\n", "    ^global actions_left\n    actions_left = 3\n")], ["not part of the language"], bad=("global =",))
c(o, "python return in rule", T, [(G, "    pawn = t\n", "    pawn = t\n    ^return None\n")], [])

# ------------------------------------------------------------------------------ a second batch
d2, RC, BO = "data", "recipes.yaml", "board.yaml"
SU = '  - {name: "Straight Up S\'mores", dish: straight_up, points: 2, advanced: false, count: 8}'
SUx = '  - {name: "Straight Up S\'mores", dish: straight_up, '
c(d2, "number in quotes", S, [(RC, SU, SUx + 'points: ^"2", advanced: false, count: 8}')], ["quotes"])
c(d2, "bool as maybe", S, [(RC, SU, SUx + 'points: 2, advanced: ^maybe, count: 8}')], ["true"])
c(d2, "list where a number is", S, [(RC, SU, SUx + 'points: ^[2, 3], advanced: false, count: 8}')], ["points"])
c(d2, "mapping where a number is", S, [(RC, SU, SUx + 'points: ^{a: 2}, advanced: false, count: 8}')], ["points"])
c(d2, "key with a trailing space in quotes", S, [(RC, SU, SUx + '^"points ": 2, advanced: false, count: 8}')], ["points"])
c(d2, "enum value capitalised in data", S, [("ingredients.yaml", "food: graham", "food: ^Graham")], ["graham"])
c(d2, "records list empty", S, [(RC, None), (RC, "recipes: []\n")], [], at=None)
c(d2, "records key with no list", S, [(RC, None), (RC, "^recipes:\n")], ["list"])
c(d2, "record with count on a grid kind", S, [("market.yaml", '{name: "top left", row: 0, col: 1}', '{name: "top left", row: 0, col: 1, ^count: 2}')], ["count"])
c(d2, "changing field given in grid data", S, [("market.yaml", '{name: "top left", row: 0, col: 1}', '{name: "top left", row: 0, col: 1, ^card: Chocolate}')], ["changing"])
c(d2, "kind from yml", S, [(G, 'kind recipe from "recipes.yaml"', 'kind recipe from ^"recipes.yml"')], ["recipes.yaml"])
c(d2, "CRLF data", S, [(RC, (Path(__file__).resolve().parents[2] / "rulebooks" / S / RC).read_text().replace("\n", "\r\n").encode())], [], valid=True)
c(d2, "no-break space in a key", S, [(RC, SU, SUx + '^points\u00a0: 2, advanced: false, count: 8}')], ["did you mean 'points'"])
c(d2, "board tile row as a letter", A, [(BO, "{name: A1, row: 0, col: 0}", "{name: A1, row: ^A, col: 0}")], ["row"])
c(d2, "board tile named twice", A, [(BO, "{name: B1, row: 0, col: 1}", "{name: A1, row: 0, col: 1}")], ["A1"], at=(BO, 5))
c(d2, "board block records mis-indented", A, [(BO, "  - {name: A1, row: 0, col: 0}", "  - name: A1\n    row: 0\n   ^col: 0")], [])
c(d2, "battlers as a number", A, [("battlers.yaml", "  - {name: battler, count: 21}", "  - ^21")], ["record"])
c(d2, "deeply nested data", S, [(RC, SU, "  - {name: x, dish: straight_up, points: 2, advanced: false, extra: " + "[" * 60 + "]" * 60 + "}")], ["deep"], at=(RC, 5))

v2 = "variant"
c(v2, "empty variant file", T, [(CS, b"")], ["extends"], at=(CS, 1), args=VA)
c(v2, "variant only comments", T, [(CS, "# nothing yet\n")], ["extends"], at=(CS, 1), args=VA)
c(v2, "variant name with .rules", T, [], ["calm_seas"], args=("--variant", "calm_seas.rules"))
c(v2, "remove a table still used", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "^remove floods_per_turn")], ["still uses"], args=VA, at=(CS, 12))
c(v2, "remove a var still used", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "^remove special_actions")], ["still uses"], args=VA, at=(CS, 12))
c(v2, "replace define with wrong type value", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", 'replace define skull: int = ^"14"')], ["int"], args=VA)
c(v2, "extend table with an overlapping entry", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "extend table floods_per_turn:\n    9 -> 6")], ["replace"], args=VA, at=(CS, 12), also=((CS, 13),))
c(v2, "variant indented with a tab", T, [(CS, "    0 to 1 -> 1", "^\t0 to 1 -> 1")], ["tab"], args=VA)
c(v2, "extend kind with a missing data file", H, [("variants/colorcracks.rules", 'extend kind card from "colorcracks.yaml":', 'extend kind card from ^"colourcracks.yaml":')], ["colorcracks.yaml"], args=("--variant", "colorcracks"))
c(v2, "variant in latin-1", T, [(CS, "# Calm Seas: a gentle house rule, caf\xe9\n".encode("latin-1") + (Path(__file__).resolve().parents[2] / "rulebooks" / T / CS).read_bytes())], ["UTF-8"], at=(CS, 1), args=VA)
c(v2, "extend option then a table lacks it", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "extend option difficulty: legendary")], [], args=VA, at=(G, 64))

s2 = "scenario"
c(s2, "expect empty", T, [(SC, '      - expect: {prompt: {starts: Treasure search}}', '      - expect: ^{}')], [], cmd="test")
c(s2, "moves empty list", T, [(SC, "      - moves: [Pass, Pass]", "      - moves: ^[]")], ["empty"], cmd="test")
c(s2, "players zero", T, [(SC, "    set: *quiet\n    steps:\n      - expect: {prompt: \"Take an action (3 left", "    ^players: 0\n    set: *quiet\n    steps:\n      - expect: {prompt: \"Take an action (3 left")], ["1"], cmd="test")
c(s2, "Cases capitalised", T, [(SC, "\ncases:", "\n^Cases:")], ["cases"], cmd="test")
c(s2, "name empty", T, [(SC, "  - name: Three actions a turn, then the treasure search", "  - ^name:")], ["name"], cmd="test")
c(s2, "seed with a point", T, [(SC, "    set: *quiet\n    steps:\n      - expect: {prompt: \"Take an action (3 left", "    seed: ^1.5\n    set: *quiet\n    steps:\n      - expect: {prompt: \"Take an action (3 left")], ["whole"], cmd="test")
c(s2, "set a zone the game lacks", T, [(SC, "    pawn: Dark Pit", "    pawn: Dark Pit\n    ^hand: [Dark Pit]")], ["hand"], cmd="test")
c(s2, "expect winners of a player not there", T, [(SC, '      - expect: {prompt: {starts: Treasure search}}', '      - expect: {winners: [^Player 3]}')], ["Player 3"], cmd="test")
c(s2, "force not a list", T, [(SC, "      - move: Pass\n", "      - force: black\n      - move: Pass\n")], [], cmd="test", maybe_valid=True)
c(s2, "move by number", T, [(SC, "      - move: Pass\n", "      - move: 1\n")], [], cmd="test", maybe_valid=True)
c(s2, "steps item a text", T, [(SC, "      - move: Pass\n", "      - ^Pass\n")], ["step"], cmd="test")

e2 = "edit"
c(e2, "for over a kind named as plural", S, [(G, "    for p in players:\n        move first", "    for p in ^player:\n        move first")], ["players"])
c(e2, "draw a quoted number", H, [(G, "        draw 3 from deck to p.hand", "        draw ^\"3\" from deck to p.hand")], ["3"])
c(e2, "player zone without its player in move", H, [(G, "        move c from p.hand to table", "        move c from ^hand to table")], ["p.hand"])
c(e2, "template unknown name", H, [(G, 'say "Revealed: {table}.', 'say "Revealed: {^tabel}.')], ["table"])
c(e2, "take turns led by", H, [(G, "take rounds led by smackhead", "take turns ^led by smackhead")], ["from"])
c(e2, "winners empty", S, [(G, "winners: highest score, then lowest recipes_done, then highest stick_count", "winners:^")], [])
c(e2, "winners comma missing before then", S, [(G, "winners: highest score, then lowest recipes_done", "winners: highest score ^then lowest recipes_done")], [","])
c(e2, "grid with one field", S, [(G, "grid space at row, col", "grid space at row^")], ["col"])
c(e2, "players with a dash", S, [(G, "players 2 to 4", "players 2 ^- 4")], ["to"])
c(e2, "die range with dots", T, [(G, "die number_die: 1 to 6", "die number_die: 1^..6")], ["to"])
c(e2, "die faces backwards", T, [(G, "die number_die: 1 to 6", "die number_die: ^6 to 1")], ["1 to 6"])
c(e2, "var range with dots", T, [(G, "var special_actions: int in 0 to 3 = 0", "var special_actions: int in 0^..3 = 0")], ["to"])
c(e2, "define without type", T, [(G, "define skull: int = 14", "define skull = 14")], [], valid=True)
c(e2, "option with = only", T, [(G, "option difficulty: newbie, normal, elite, crazy, insane, idiotic = newbie", "option difficulty^ = newbie")], [])
c(e2, "choose by an unknown player", T, [(G, 'choose t from escape_targets(s) labelled "Escape to {t.name}"', 'choose t from escape_targets(s) labelled "Escape to {t.name}" by ^q')], ["q"])
c(e2, "secretly body names another", H, [(G, "        move c from p.hand to table\n", "        move c from ^q.hand to table\n")], ["p"])
c(e2, "stage end misspelt", K, [(G, '        end hand "Nobody holds any cards: the hand is over."', '        end ^hnd "Nobody holds any cards: the hand is over."')], ["hand"])
c(o, "trailing // comment", T, [(G, "    actions_left = 3\n", "    actions_left = 3 ^// three actions a turn\n")], ["#"])
c(o, "c block comment", T, [(G, "    actions_left = 3\n", "    ^/* three actions */\n    actions_left = 3\n")], ["#"])
c(o, "lua -- comment", T, [(G, "    actions_left = 3\n", "    ^-- three actions\n    actions_left = 3\n")], ["#"])
c(o, "yaml list of steps", T, [(G, "    actions_left = 3\n", "    ^- actions_left = 3\n")], ["'-'"])
c(o, "switch statement", T, [(G, "    actions_left = 3\n", "    ^switch current_role:\n        case pilot:\n            actions_left = 3\n")], [])
c(o, "foreach", T, [(G, "    for t in treasure:\n", "    ^foreach t in treasure:\n")], ["for"])
c(o, "while with parentheses fine", T, [(G, "    while actions_left > 0 or special_actions > 0:", "    while (actions_left > 0 or special_actions > 0):")], [], valid=True)
c(o, "else: if on one line", T, [(G, "    elif d == white:", "    ^else: if d == white:")], [])
c(o, "ludii game with rules", T, [(G, 'game "Taboo Atoll Express"', '^(game "Taboo Atoll Express" (players 1) (rules (play (move Add))))')], ["not with '('"])
c(o, "boardgame.io setup arrow", T, [(G, "\nsetup:\n", "\n^setup: () => ({ water: 0 })\n")], [])
c(o, "python def with colon body", T, [(G, "define skull: int = 14", "^def skull():\n    return 14")], ["define"])
c(o, "python is None", T, [(G, "    if pawn == s:", "    if pawn ^is None:")], ["=="])
c(o, "js null", T, [(G, "    location: space = none", "    location: space = ^null")], ["none"])
c(o, "python not in fine", T, [(G, "define unsunk(s: space): bool = s.flood != sunk", "define unsunk(s: space): bool = s.flood not in [sunk]")], [], valid=True)
c(o, "python list += item", T, [(G, "    add s to flooded_this_turn", "    flooded_this_turn += [s]")], [], maybe_valid=True, at=(G, 273))

# ------------------------------------------------------------------------------ a third batch
r3 = "r3"
c(r3, "r3 data list of records under a wrong indent", T, [(TR, RT, '    - {name: "red treasure", colour: red}')], [], at=(TR, 4))
c(r3, "r3 data record field with a list of enum values misspelt", A, [("cards.yaml", "use: tiles, action: no_action}", "use: ^tile, action: no_action}")], ["tiles"])
c(r3, "r3 data key in single quotes with apostrophe", S, [(RC, SU, "  - {name: ^'Straight Up S'mores', dish: straight_up, points: 2, advanced: false, count: 8}")], ["double quotes"])
c(r3, "r3 data yes for a bool fine", S, [(RC, SU, SUx + "points: 2, advanced: no, count: 8}")], [], valid=True)
c(r3, "r3 data on as a name", T, [(TR, RT, '  - {name: ^on, colour: red}')], ["quote"])
c(r3, "r3 data count on a player kind", A, [("battlers.yaml", "count: 21", "count: ^2000")], ["1,000"])
c(r3, "r3 data count 1000 copies beyond the limit", S, [("ingredients.yaml", "count: 24}", "count: 1000}"), ("ingredients.yaml", "count: 20}", "count: 1000}")], [], at=None, valid=True)
c(r3, "r3 variant extends a folder", T, [(CS, 'extends "../game.rules"', 'extends ^".."')], [], args=VA, valid=True)
c(r3, "r3 variant extends a yaml", T, [(CS, 'extends "../game.rules"', 'extends ^"../atoll.yaml"')], ["rules"], args=VA)
c(r3, "r3 variant replace kind without fields the rules use", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "^replace kind treasure from \"treasures.yaml\":\n    name: text")], ["colour"], args=VA)
c(r3, "r3 variant include of the base", T, [(CS, 'extends "../game.rules"', '^include "../game.rules"')], ["not 'include'"], args=VA, also=((CS, 6),))
c(r3, "r3 variant extend setup with a local misspelt", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "extend setup:\n    ^spcial_actions = 1")], ["special_actions"], args=VA)
c(r3, "r3 variant replace turn missing take actions", T, [(CS, "replace var special_actions: int in 0 to 3 = 1", "replace turn:\n    ^acton_phase()")], ["action_phase"], args=VA)
c(r3, "r3 scenario expect a definition with wrong args", T, [(SC, '      - expect: {prompt: {starts: Treasure search}}', '      - expect: {"^score(Player 1, Player 2)": 3}')], ["score"], cmd="test")
c(r3, "r3 scenario expect a definition unknown", T, [(SC, '      - expect: {prompt: {starts: Treasure search}}', '      - expect: {"^scor(Player 1)": 3}')], ["score"], cmd="test")
c(r3, "r3 scenario force a pick of a missing item", T, [(SC, "      - move: Pass\n", "      - force: [{pick: ^Atlantis}]\n      - move: Pass\n")], [], cmd="test")
c(r3, "r3 scenario log with a list of mappings", T, [(SC, '      - expect: {prompt: {starts: Treasure search}}', '      - expect: {log: [^{a: 1}]}')], ["log"], cmd="test")
c(r3, "r3 scenario time on a move that is not timed", T, [(SC, "      - move: Pass\n", "      - move: Pass\n        time: ^fast\n")], ["time"], cmd="test")
c(r3, "r3 edit say with two texts", T, [(G, '    say "Your role for the next turn: {current_role}."', '    say "Your role:" ^"{current_role}"')], [])
c(r3, "r3 edit move a thing to a var", T, [(G, "    add s to flooded_this_turn", "    move s from space to ^pawn")], [])
c(r3, "r3 edit roll a kind", T, [(G, "current_role = role_for_roll[roll(number_die)]", "current_role = role_for_roll[roll(^space)]")], ["die"])
c(r3, "r3 edit choose from a number", T, [(G, 'choose t from escape_targets(s) labelled', 'choose t from ^3 labelled')], ["list"])
c(r3, "r3 edit while over a list", T, [(G, "    while actions_left > 0 or special_actions > 0:", "    while ^flooded_this_turn:")], ["bool"])
c(r3, "r3 edit end game in a define", T, [(G, "define skull: int = 14", "define skull: int = ^end game \"x\"")], [])
c(r3, "r3 edit option label not a text", T, [(G, '            option "Pass" if actions_left > 0:', '            option ^Pass if actions_left > 0:')], ["quote"])
c(r3, "r3 other python elif in value", T, [(G, 'define flood_mark(s: space): text = if s.flood == dry then "" else if', 'define flood_mark(s: space): text = if s.flood == dry then "" ^elif')], ["else if"])
c(r3, "r3 other js arrow function", T, [(G, "roll(colour_die, c => c != black and c != white)", "roll(colour_die, ^(c) => c != black and c != white)")], [], maybe_valid=True)
c(r3, "r3 other python range 3 args", T, [(G, "    repeat 6 times:", "    for i in range(0, 6, ^1):")], ["2"])
c(r3, "r3 other python list index -1 variable", T, [(G, "    pawn = t\n", "    pawn = escape_targets(s)[^-1]\n")], ["-1"])
c(r3, "r3 other python string concat with number", T, [(G, '    say "{s.name} sinks."', '    say s.name ^+ " sinks."')], ["say"])
c(r3, "r3 other python len on zone method", S, [(G, "define cards_under_tops: bool = count(discard[0]) > 1", "define cards_under_tops: bool = discard[0].^size() > 1")], ["count"])

# ------------------------------------------------------------------------------ automatic single edits
# Seeded edits of three bundled rulebooks: a block line dedented, two neighbouring lines swapped,
# a definition renamed where it is declared only, a name misspelt at one use, a line deleted.
import random as _random  # noqa: E402
import re as _re  # noqa: E402

ROOT = Path(__file__).resolve().parents[2] / "rulebooks"


def _code_lines(text):
    return [i for i, l in enumerate(text.split("\n")) if l.strip() and not l.lstrip().startswith("#")]


def auto_cases(book, n_each, seed):
    rnd = _random.Random(seed)
    text = (ROOT / book / G).read_text()
    lines = text.split("\n")
    code = _code_lines(text)
    ind = lambda l: len(l) - len(l.lstrip())
    made = set()
    # a block line dedented by one step (the line above opened a deeper block)
    cands = [i for i in code if ind(lines[i]) >= 8 and i - 1 in code and ind(lines[i - 1]) == ind(lines[i])]
    for i in rnd.sample(cands, min(n_each, len(cands))):
        old = lines[i - 1] + "\n" + lines[i] + "\n"
        if text.count(old) != 1:
            continue
        c("auto", f"{book} dedent line {i + 1}", book, [(G, old, lines[i - 1] + "\n" + lines[i][4:] + "\n")], [],
          at=(G, i + 1), also=((G, i), (G, i + 2)), maybe_valid=True)
    # two neighbouring lines of one block swapped
    cands = [i for i in code if i + 1 in code and ind(lines[i]) == ind(lines[i + 1]) > 0]
    for i in rnd.sample(cands, min(n_each, len(cands))):
        old = lines[i] + "\n" + lines[i + 1] + "\n"
        if text.count(old) != 1:
            continue
        c("auto", f"{book} swap lines {i + 1}-{i + 2}", book, [(G, old, lines[i + 1] + "\n" + lines[i] + "\n")], [],
          at=(G, i + 1), also=((G, i + 2),), maybe_valid=True)
    # a definition or rule renamed where it is declared only: told where it is used
    decls = [(i, m.group(2)) for i in code for m in [_re.match(r"(define|rule) ([a-z_]+)\b", lines[i])] if m]
    for i, name in rnd.sample(decls, min(n_each, len(decls))):
        uses = [j + 1 for j in code if j != i and _re.search(r"\b" + name + r"\b", lines[j])]
        if not uses:
            continue
        c("auto", f"{book} rename {name} at its declaration", book,
          [(G, lines[i], lines[i].replace(name, name + "s", 1))], [name], at=(G, uses[0]),
          also=tuple((G, u) for u in uses[1:]))
    # a name misspelt at one use (a letter dropped)
    names = sorted({w for i in code for w in _re.findall(r"\b[a-z][a-z_]{5,}\b", _re.sub(r'"[^"]*"', "", lines[i]))})
    for name in rnd.sample(names, min(n_each, len(names))):
        users = [i for i in code if _re.search(r"\b" + name + r"\b", _re.sub(r'"[^"]*"', "", lines[i]))]
        i = rnd.choice(users)
        k = rnd.randrange(1, len(name) - 1)
        wrong = name[:k] + name[k + 1:]
        new = _re.sub(r"\b" + name + r"\b", wrong, lines[i], count=1)
        if text.count(lines[i]) != 1 or new == lines[i] or (book, i, wrong) in made:
            continue
        made.add((book, i, wrong))
        # a name misspelt where it is declared is told where it is used
        uses = tuple((G, j + 1) for j in code if j != i and _re.search(r"\b" + name + r"\b", lines[j])) \
            if _declares(lines[i], name) else ()
        c("auto", f"{book} misspell {name} as {wrong} at line {i + 1}", book, [(G, lines[i], new)], [name],
          at=(G, i + 1), also=uses)
    # a variable's or definition's type changed (int <-> bool): told at it or where it is used
    typed = [(i, m) for i in code for m in [_re.match(r"((?:player )?var|define) ([a-z_]+)(\(.*?\))?: (int|bool)\b", lines[i])] if m]
    for i, m in rnd.sample(typed, min(n_each, len(typed))):
        name, was = m.group(2), m.group(4)
        new = lines[i].replace(f"{name}{m.group(3) or ''}: {was}", f"{name}{m.group(3) or ''}: {'bool' if was == 'int' else 'int'}", 1)
        uses = tuple((G, j + 1) for j in code if j != i and _re.search(r"\b" + name + r"\b", lines[j]))
        c("auto", f"{book} {name} made {'bool' if was == 'int' else 'int'}", book, [(G, lines[i], new)], [],
          at=(G, i + 1), also=uses)
    # a table's entry deleted: an error or W109 where the table is looked up, or nothing (a spare entry)
    def in_table(i):
        owner = next((lines[k] for k in range(i, -1, -1) if lines[k] and not lines[k].startswith((" ", "#"))), "")
        return owner.startswith("table ")
    entries = [i for i in code if _re.match(r"    \S.* -> ", lines[i]) and in_table(i)]
    for i in rnd.sample(entries, min(n_each, len(entries))):
        table = next(_re.match(r"table (\w+)", lines[k]).group(1) for k in range(i, -1, -1) if lines[k].startswith("table "))  # noqa: E501
        uses = tuple((G, j) for j in range(1, len(lines)) if _re.search(r"\b" + table + r"\[", lines[j]))
        if text.count(lines[i] + "\n") != 1:
            continue
        c("auto", f"{book} entry of {table} deleted at line {i + 1}", book, [(G, lines[i] + "\n", "")], [],
          at=(G, i + 1), also=uses, maybe_valid=True)
    # a line deleted (a declaration deleted is told where its name is used)
    for i in rnd.sample(code, min(n_each, len(code))):
        old = lines[i] + "\n"
        if text.count(old) != 1 or ind(lines[i]) == 0 and lines[i].rstrip().endswith(":"):
            continue
        gone = [w for w in _re.findall(r"\b[a-z_]\w*\b", lines[i]) if _declares(lines[i], w)]
        uses = tuple((G, j) for j in range(1, len(lines)) if any(_re.search(r"\b" + w + r"\b", lines[j - 1]) for w in gone)
                     and j > i + 1)
        uses = tuple((G, j - 1) for _, j in uses)      # lines after the deleted one move up one
        c("auto", f"{book} delete line {i + 1}", book, [(G, old, "")], [], at=(G, i + 1),
          also=((G, i), (G, i + 2)) + uses, maybe_valid=True)


def _declares(line, name):
    """Whether `line` declares `name` (a definition, rule, variable, table, zone, kind, enum or die,
    or one of an enum's values), or sets a local (`piece = gains_piece(c)`: deleted, it is told where
    the local is read)."""
    return bool(_re.match(r"((replace|extend)\s+)?(player\s+)?(define|rule|var|table|zone|kind|enum|die|stage|event|option|pattern)\s+"
                          + name + r"\b", line) or (line.startswith("enum ") and _re.search(r"[:,]\s*" + name + r"\b", line))
                or _re.match(r"\s+" + name + r"\s*=[^=]", line))      # a local first set there


for _book, _seed in ((S, 1), (A, 2), (K, 3), (T, 4), (H, 5)):
    auto_cases(_book, 6, _seed)

if __name__ == "__main__":
    main(CASES, sys.argv[1] if len(sys.argv) > 1 else "")
