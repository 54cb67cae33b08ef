"""The hostile corpus: rulebooks and saves written as a careful user or an attacker would (issue 13).

Each `Case` builds its files in a fresh folder (next to a folder `outside/` holding files whose
text is `SENTINEL`, which no output may ever show) and names the `tabletop` command to run on
them, what it must answer (exit code and a message naming the line), and its budget: the
seconds and the megabytes of memory (beyond the engine's own) it may take at most. `driver.py`
runs each case in a process of its own under those limits and records every file it opens;
`tests/test_hostile.py` checks the results. Cases marked `soak` are big and run only with
`pytest --soak`. Small rulebooks are written here in full; huge ones are made by code.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

SENTINEL = "SENTINEL-4f1c9b-this-text-must-never-be-shown"
HEAD = 'game "Hostile"\nplayers 1\nvar x: int = 0\ndefine score(p: player): int = x\n'
END = '    end game "done"\n'


@dataclass
class Case:
    name: str
    group: str                   # files, load or play: which driver run it belongs to
    build: Callable              # (case folder, outside folder) -> the command's arguments
    code: int                    # the exit code expected
    says: str                    # a regular expression the output must match (naming the line)
    seconds: float = 5.0         # budget: CPU seconds at most (the driver's kill: 4 times as many of wall time, + 5)
    megabytes: int = 300         # budget: memory beyond the engine's own, at most
    soak: bool = False
    may_read: tuple = ()         # files in outside/ the command may open (never show)


def folder(root: Path, files: dict) -> Path:
    """A rulebook folder `root/game` holding `files` (name -> text)."""
    game = root / "game"
    for name, text in files.items():
        path = game / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return game


def outside_files(outside: Path) -> None:
    """The files outside every rulebook's folder that cases try to read: each holds SENTINEL."""
    outside.mkdir(exist_ok=True)
    for name in ("secret.rules", "secret.yaml", "secret.txt"):
        (outside / name).write_text(f"{SENTINEL}\n{SENTINEL}: 1\n")


def check(game: Path, *more) -> list:
    return ["check", str(game), *more]


def play(game: Path, *more) -> list:
    return ["play", str(game), "--seed", "1", *more]


# ---------------------------------------------------------------------------- files outside
def include(path_of: Callable) -> Callable:
    def build(root, outside):
        return check(folder(root, {"game.rules": HEAD + f'include "{path_of(outside)}"\nturn:\n' + END}))
    return build


def link(target_of: Callable, name: str = "link.rules", text: str = 'include "link.rules"\n') -> Callable:
    def build(root, outside):
        game = folder(root, {"game.rules": HEAD + text + "turn:\n" + END})
        os.symlink(target_of(outside), game / name)
        return check(game)
    return build


def kind_from_outside(root, outside):
    return check(folder(root, {"game.rules": HEAD + 'kind card from "../../outside/secret.yaml":\n    name: text\n'
                                                     "turn:\n" + END}))


def extends_outside(root, outside):
    game = folder(root, {"game.rules": HEAD + "turn:\n" + END,
                         "variants/v.rules": 'extends "../../../outside/secret.rules"\n'})
    return check(game, "--variant", "v")


def variant_path(root, outside):
    return check(folder(root, {"game.rules": HEAD + "turn:\n" + END}), "--variant", "../../../outside/secret")


def variant_link(root, outside):
    game = folder(root, {"game.rules": HEAD + "turn:\n" + END, "variants/keep.txt": ""})
    os.symlink(outside / "secret.rules", game / "variants" / "v.rules")
    return check(game, "--variant", "v")


def fifo_include(root, outside):
    game = folder(root, {"game.rules": HEAD + 'include "pipe.rules"\nturn:\n' + END})
    os.mkfifo(game / "pipe.rules")
    return check(game)


def fifo_data(root, outside):
    game = folder(root, {"game.rules": HEAD + 'kind card from "cards.yaml":\n    name: text\nturn:\n' + END})
    os.mkfifo(game / "cards.yaml")
    return check(game)


def not_a_rulebook(root, outside):
    return check(outside / "secret.txt")


def oversized(root, outside):
    return check(folder(root, {"game.rules": HEAD + "turn:\n" + END + "# " + "x" * 3_000_000 + "\n"}))


def save_naming_outside(root, outside):
    """A save whose game is a .rules file outside: the command may load it as a rulebook (a save
    names its game by absolute path) but must not show what it holds."""
    save = root / "save.json"
    save.write_text(json.dumps({"format": "tabletop-save", "version": 1, "game": str(outside / "secret.rules"),
                                "variant": None, "options": {}, "players": 1, "seed": 1, "moves": [],
                                "state": {}}))
    return ["play", "--load", str(save)]


FILES = [
    Case("include an absolute path", "files", include(lambda o: o / "secret.rules"), 1,
         r"game\.rules:5:9: error E018: The include \".*secret\.rules\" names a file outside"),
    Case("include ../", "files", include(lambda o: "../../outside/secret.rules"), 1,
         r"game\.rules:5:9: error E018: The include \"\.\./\.\./outside/secret\.rules\" names a file outside"),
    Case("include a link to outside", "files", link(lambda o: o / "secret.rules"), 1,
         r"game\.rules:5:9: error E018: The include \"link\.rules\" is a link to a file outside"),
    Case("a link in the folder to outside", "files", link(lambda o: o / "secret.rules", "other.rules", ""), 1,
         r"other\.rules: error E018: The file .*other\.rules is a link to a file outside"),
    Case("include the process's environment", "files", include(lambda o: "/proc/self/environ"), 1,
         r"game\.rules:5:9: error E018: The include \"/proc/self/environ\" names a file outside"),
    Case("a link to the process's environment", "files", link(lambda o: "/proc/self/environ"), 1,
         r"game\.rules:5:9: error E018: The include \"link\.rules\" is a link to a file outside"),
    Case("include the zero device", "files", include(lambda o: "/dev/zero"), 1,
         r"game\.rules:5:9: error E018: The include \"/dev/zero\" names a file outside"),
    Case("a link to the zero device", "files", link(lambda o: "/dev/zero"), 1,
         r"game\.rules:5:9: error E018: The include \"link\.rules\" is a link to a file outside"),
    Case("include a FIFO", "files", fifo_include, 1,
         r"game\.rules:5:9: error E012: The include \"pipe\.rules\" is a FIFO, not a regular file"),
    Case("data from a FIFO", "files", fifo_data, 1,
         r"game\.rules:5:16: error E012: The data file \"cards\.yaml\" of the kind 'card' is a FIFO"),
    Case("data from outside", "files", kind_from_outside, 1,
         r"game\.rules:5:16: error E018: The data file \"\.\./\.\./outside/secret\.yaml\" of the kind 'card' names a file "
         r"outside"),
    Case("a variant extending outside", "files", extends_outside, 1,
         r"v\.rules:1:9: error E018: The rulebook \"\.\./\.\./\.\./outside/secret\.rules\" that this one extends names a "
         r"file outside"),
    Case("--variant as a path", "files", variant_path, 2, r"--variant: The rulebook has no variant '\.\./\.\./"),
    Case("a variant linked outside", "files", variant_link, 1,
         r"error E018: The variant 'v' is a link to a file outside"),
    Case("a GAME that is not a rulebook", "files", not_a_rulebook, 2,
         r"tabletop check: '.*secret\.txt' is not a rulebook"),
    Case("a file of 3 MB", "files", oversized, 1, r"error E010: The file .*game\.rules is larger than 2,000,000 bytes"),
    Case("a save naming a file outside", "files", save_naming_outside, 1,
         r"Cannot load .*save\.json: its game .*secret\.rules does not load", may_read=("secret.rules",)),
]


# ---------------------------------------------------------------------------- load-time limits
def rules(text: str, name: str = "game.rules", **more: str) -> Callable:
    def build(root, outside):
        return check(folder(root, {name: text, **more}))
    return build


def yaml_rules(data: str) -> Callable:
    return rules(HEAD + 'kind card from "cards.yaml":\n    name: text\nturn:\n' + END, **{"cards.yaml": data})


def laughs() -> str:
    """Nine levels of ten aliases each: a billion names once expanded."""
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    return "\n".join(lines) + "\ncards:\n  - {name: *a8}\n"


def zone_handed_down() -> str:
    """A zone handed down 40 rules, each calling the next twice: 2^40 ways down to the one that
    moves cards from it, which the checker must not walk one by one."""
    rules_ = "".join(f"rule r{i}(cs: list of card):\n    r{i + 1}(cs)\n    r{i + 1}(cs)\n" for i in range(40))
    return (HEAD + 'kind card from "cards.yaml":\n    name: text\nzone left: card, public\nzone right: card, public\n'
            + rules_ + "rule r40(cs: list of card):\n    move first(cs) from cs to right\nturn:\n    r0(left)\n" + END)


def unused_definitions() -> str:
    return HEAD + "turn:\n" + END + "".join(f"define d{i}: int = {i}\n" for i in range(70_000))


LOAD = [
    Case("1,000 parentheses inside a text", "load",
         rules(HEAD + 'turn:\n    say "{' + "(" * 1000 + "1" + ")" * 1000 + '}"\n' + END), 1,
         r"game\.rules:6:\d+: error E105: This line nests more than 100 brackets deep"),
    Case("500 nested if then else", "load",
         rules(HEAD + "turn:\n    x = " + "if x == 0 then 1 else " * 500 + "2\n" + END), 1,
         r"game\.rules:6:\d+: error E105: This line chains more than 300 operators"),
    Case("450 nested if blocks", "load",
         rules(HEAD + "turn:\n" + "".join("    " * (d + 1) + "if x == 0:\n" for d in range(450))
               + "    " * 451 + 'end game "done"\n'), 1,
         r"game\.rules:106:\d+: error E105: Blocks are nested more than 100 deep here"),
    Case("a number of 5,000 digits", "load", rules(HEAD + "turn:\n    x = " + "9" * 5000 + "\n" + END), 1,
         r"game\.rules:6:9: error E106: This number has 5000 digits"),
    Case("a die of a trillion faces", "load", rules(HEAD + "die d: 1 to 1000000000000\nturn:\n" + END), 1,
         r"game\.rules:5:\d+: error E206: A die has at most 1000 faces"),
    Case("100,000 parentheses", "load",
         rules(HEAD + "turn:\n    x = " + "(" * 100_000 + "1" + ")" * 100_000 + "\n" + END), 1,
         r"game\.rules:6:\d+: error E105: This line nests more than 100 brackets deep", seconds=3),
    Case("a sum of 300,000 terms", "load", rules(HEAD + "turn:\n    x = 1" + " + 1" * 300_000 + "\n" + END), 1,
         r"game\.rules:6:\d+: error E105: This line chains more than 300 operators", seconds=3),
    Case("YAML nested 50,000 deep", "load", yaml_rules("cards:\n  - name: " + "[" * 50_000 + "]" * 50_000 + "\n"), 1,
         r"cards\.yaml:2:\d+: error E026: The data file nests more than 20 lists or maps deep"),
    Case("YAML aliases expanding to a billion names", "load", yaml_rules(laughs()), 1,
         r"cards\.yaml:\d+:\d+: error E026: The data file would hold more than 200,000 values"),
    Case("a zone handed down 40 rules, each calling the next twice", "load",
         rules(zone_handed_down(), **{"cards.yaml": "cards:\n  - {name: A}\n"}), 1,
         r"game\.rules:132:8: error E307: The zone 'left' is handed to the rule 'r0'", seconds=3),
    Case("70,000 unused definitions (1.9 MB)", "load", rules(unused_definitions()), 0,
         r"/game: ok \(70000 warnings\)", seconds=60, megabytes=600, soak=True),
]


# ---------------------------------------------------------------------------- budgets in play
def game_of(text: str, **more: str) -> Callable:
    def build(root, outside):
        return play(folder(root, {"game.rules": HEAD + text, **more}))
    return build


def grid(n: int) -> str:
    return "cells:\n" + "".join(f"  - {{name: c{r}{c}, row: {r}, col: {c}}}\n" for r in range(n) for c in range(n))


WORK = r"The rules did more than 5,000,000 units of work in {where} without anyone deciding anything"

PLAY = [
    Case("a definition that calls itself twice, 40 deep", "play",
         game_of("define h(n: int): int = if n == 0 then 1 else h(n - 1) + h(n - 1)\nturn:\n    x = h(40)\n" + END), 1,
         r"game\.rules:5:1: " + WORK.format(where="the definition 'h'")),
    Case("nested comprehensions over range(1, 100000)", "play",
         game_of("turn:\n    x = count([y for y in range(1, 100000) if count([z for z in range(1, 100000) if z == y])"
                 " > 0])\n" + END), 1,
         r"game\.rules:6:\d+: " + WORK.format(where="the turn section")),
    Case("unique(range(1, 100000)) in a loop", "play",
         game_of("turn:\n    while x < 1000000:\n        x += count(unique(range(1, 100000))) - 99998\n" + END), 1,
         r"game\.rules:7:\d+: " + WORK.format(where="the turn section")),
    Case("paths of 60 steps on a 7x7 grid", "play",
         game_of('kind cell from "cells.yaml":\n    name: text\n    row: int\n    col: int\ngrid cell at row, col\n'
                 "turn:\n    x = count(paths(first(cell), 60, c => true))\n" + END, **{"cells.yaml": grid(7)}), 1,
         r"game\.rules:11:\d+: " + WORK.format(where="the turn section")),
    Case("a list of 100,000 lists of 100,000", "play",
         game_of("var ll: list of list of int = []\nturn:\n    ll = [range(1, 100000) for y in range(1, 100000)]\n"
                 + END), 1,
         r"game\.rules:7:\d+: " + WORK.format(where="the turn section")),
    Case("one list of 100,000 held 100,000 times", "play",
         game_of("var ll: list of list of int = []\nturn:\n    r = range(1, 100000)\n"
                 "    ll = [r for y in range(1, 100000)]\n" + END), 1,
         r"game\.rules:8:\d+: This would store a list holding more than 1,000,000 items in its lists"),
    Case("a list doubled inside itself", "play",
         game_of("var ll: list of list of int = [[1]]\nturn:\n    repeat 64 times:\n        ll = ll + ll\n" + END), 1,
         r"game\.rules:8:\d+: (This would make a list of|This would store a list holding more than)"),
    Case('a text doubled 64 times by "{t}{t}"', "play",
         game_of('var t: text = "ab"\nturn:\n    repeat 64 times:\n        t = "{t}{t}"\n' + END), 1,
         r"game\.rules:8:\d+: This would make a text of more than 100,000 characters"),
    Case("a text doubled 64 times by join", "play",
         game_of('var t: text = "ab"\nturn:\n    repeat 64 times:\n        t = join([t, t], "")\n' + END), 1,
         r"game\.rules:8:\d+: This would make a text of more than 100,000 characters"),
    Case("a list of 100,000 long texts shown", "play",
         game_of('var t: text = "ab"\nturn:\n    repeat 15 times:\n        t = "{t}{t}"\n'
                 '    say "{[t for y in range(1, 100000)]}"\n' + END), 1,
         r"game\.rules:9:\d+: This would make a text of more than 100,000 characters"),
    Case("skip_turn always true", "play", game_of("define skip_turn(p: player): bool = player_count > 0\nturn:\n" + END), 1,
         r"game\.rules:5:1: skip_turn skipped every player's turn 100 rounds in a row"),
    Case("'in' a list of 100,000, for ever", "play",
         game_of("turn:\n    xs = range(1, 100000)\n    while x < 5:\n        x = if 0 in xs then 9 else 0\n"
                 + END), 1,
         r"game\.rules:8:\d+: " + WORK.format(where="the turn section")),
    Case("a while loop that never ends", "play",
         game_of("turn:\n    while x >= 0:\n        x = 1\n" + END), 1,
         r"game\.rules:7:\d+: The rules ran 1000000 steps without asking anyone anything", seconds=20, soak=True),
]

CASES = FILES + LOAD + PLAY
