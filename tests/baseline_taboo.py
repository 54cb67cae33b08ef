"""A hand-written Python Taboo Atoll Express for the benchmark: the yardstick for engine speed.

It plays the same rules as rulebooks/taboo_atoll_express with the same policy (each decision
lists the same options and picks one uniformly at random), so games per second and decisions
per second can be compared with the engine's. It is a measuring stick, not a second
implementation to trust: the rulebook is the game. It must not be imported by the engine.
"""
from __future__ import annotations

import random
from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parent.parent / "rulebooks" / "taboo_atoll_express"
SPACES = yaml.safe_load((DATA / "atoll.yaml").read_text())["spaces"]
POS = {(s["row"], s["col"]): i for i, s in enumerate(SPACES)}
ORTHO = [[POS[q] for q in ((s["row"] - 1, s["col"]), (s["row"], s["col"] - 1), (s["row"], s["col"] + 1),
                           (s["row"] + 1, s["col"])) if q in POS] for s in SPACES]
DIAG = [[POS[q] for q in ((s["row"] - 1, s["col"] - 1), (s["row"] - 1, s["col"] + 1), (s["row"] + 1, s["col"] - 1),
                          (s["row"] + 1, s["col"] + 1)) if q in POS] for s in SPACES]
AT = {(s["colour"], s["number"]): i for i, s in enumerate(SPACES)}
PLATFORM = next(i for i, s in enumerate(SPACES) if s["name"] == "Idiot's Platform")
COLOURS = ["red", "blue", "green", "yellow"]
DIE = ["red", "blue", "yellow", "green", "black", "white"]
ROLES = ["explorer", "engineer", "diver", "pilot", "navigator", "messenger"]
DRY, FLOODED, SUNK = 0, 1, 2
SKULL = 14


class Over(Exception):
    pass


class Game:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.flood = [DRY] * len(SPACES)
        self.search = dict.fromkeys(COLOURS, 0)
        self.claimed = dict.fromkeys(COLOURS, False)
        self.location = {}
        self.water, self.special, self.role, self.pawn, self.won = 0, 0, "none", PLATFORM, False
        self.decisions = 0
        for _ in range(6):
            s = self.roll_space()
            while self.flood[s] == FLOODED:
                s = self.roll_space()
            self.flood[s] = FLOODED
        for c in COLOURS:
            spot = AT[(c, self.r.randint(1, 6))]
            while spot == PLATFORM:
                spot = AT[(c, self.r.randint(1, 6))]
            self.location[c] = spot
        for _ in range(5):
            d = self.r.choice(DIE)
            while d == "black":
                d = self.r.choice(DIE)
            self.apply_die(d)

    def choose(self, options):
        self.decisions += 1
        return options[self.r.randrange(len(options))]

    def roll_space(self):
        c = self.r.choice(DIE)
        while c in ("black", "white"):
            c = self.r.choice(DIE)
        return AT[(c, self.r.randint(1, 6))]

    def steps(self, s):
        return ORTHO[s] + DIAG[s] if self.role == "explorer" else ORTHO[s]

    def reach(self, start, through):
        seen, todo = {start}, [start]
        while todo:
            x = todo.pop()
            for y in ORTHO[x]:
                if y not in seen:
                    seen.add(y)
                    if through(y):
                        todo.append(y)
        return [x for x in seen if x != start]

    def within2(self, start):
        out = set()
        for a in ORTHO[start]:
            if self.flood[a] != SUNK:
                out.add(a)
                out.update(b for b in ORTHO[a] if self.flood[b] != SUNK)
        out.discard(start)
        return out

    def turn(self):
        actions, flew = 3, False
        while actions > 0 or self.special > 0:
            opts = []
            unsunk = [s for s in range(len(SPACES)) if self.flood[s] != SUNK and s != self.pawn]
            moves = [s for s in self.steps(self.pawn) if self.flood[s] != SUNK]
            shore = [s for s in [self.pawn] + self.steps(self.pawn) if self.flood[s] == FLOODED]
            if actions > 0:
                opts += [("move", s) for s in moves]
                if self.role == "navigator":
                    opts += [("move", s) for s in self.within2(self.pawn) if s not in moves]
                if self.role == "diver":
                    opts += [("move", s) for s in self.reach(self.pawn, lambda x: self.flood[x] != DRY)
                             if self.flood[s] != SUNK and s not in moves]
                if self.role == "pilot" and not flew:
                    opts += [("fly", s) for s in unsunk]
                opts += [("shore", [s]) for s in shore]
                if self.role == "engineer":
                    opts += [("shore", [a, b]) for i, a in enumerate(shore) for b in shore[i + 1:]]
                opts += [("claim", c) for c in COLOURS if not self.claimed[c] and self.location[c] == self.pawn
                         and self.search[c] >= 5]
                opts.append(("pass", None))
            if self.special > 0:
                if self.pawn == PLATFORM and all(self.claimed.values()):
                    opts.append(("win", None))
                opts += [("air", s) for s in unsunk]
                opts += [("dig", s) for s in range(len(SPACES)) if self.flood[s] == FLOODED]
                opts += [("school", r) for r in ROLES if r != self.role]
            if actions == 0:
                opts.append(("end", None))
            kind, x = self.choose(opts)
            if kind == "end":
                break
            if kind in ("move", "fly", "shore", "claim", "pass"):
                actions -= 1
            else:
                self.special -= 1
            if kind in ("move", "fly", "air"):
                self.pawn = x
                flew = flew or kind == "fly"
            elif kind == "shore":
                for s in x:
                    self.flood[s] = DRY
            elif kind == "dig":
                self.flood[x] = DRY
            elif kind == "claim":
                self.claimed[x] = True
            elif kind == "school":
                self.role = x
            elif kind == "win":
                self.won = True
                raise Over
        self.search_dice()
        self.flood_phase()
        self.role = ROLES[self.r.randint(1, 6) - 1]

    def usable(self, d):
        return d in ("black", "white") or not self.claimed[d]

    def search_die(self):
        d = self.r.choice(DIE)
        while not self.usable(d):
            d = self.r.choice(DIE)
        return d

    def search_dice(self):
        """The rulebook's search_for_treasure: keep two dice; a messenger may change one die once
        (the changed die is then kept on its own, or with one of the others)."""
        kept, rolled, changed = [], [self.search_die() for _ in range(3)], []
        can_change = self.role == "messenger"
        while len(kept) < 2:
            blacks = rolled.count("black")
            if blacks >= 2 and not (can_change and blacks == 2):
                kept = ["black", "black"]
                continue
            if blacks == 2:
                kind, x = self.choose([("both", None)] + [("black_to", c) for c in COLOURS if self.usable(c)])
                kept = ["black", "black"] if kind == "both" else [x, "black"]
                continue
            opts = []
            if not changed:
                opts += [("one", d) for d in (["black"] if "black" in rolled else list(dict.fromkeys(rolled)))]
                if not kept:
                    twos = []
                    for i, a in enumerate(rolled):
                        for b in rolled[i + 1:]:
                            two = sorted((a, b))
                            if ("black" not in rolled or "black" in two) and two not in twos:
                                twos.append(two)
                    opts += [("two", t) for t in twos]
            if can_change:
                opts += [("change", (a, b)) for a in dict.fromkeys(rolled) for b in COLOURS
                         if a != b and self.usable(b) and 1 + blacks - (a == "black") <= 2 - len(kept)]
            if changed and (len(kept) == 1 or blacks == 0):
                opts.append(("changed", None))
            if changed and not kept:
                opts += [("changed_and", d) for d in dict.fromkeys(rolled) if blacks == 0 or d == "black"]
            kind, x = self.choose(opts)
            if kind in ("one", "changed"):
                kept.append(x if kind == "one" else changed[0])
                changed = []
                if len(kept) < 2:
                    rolled = [self.search_die() for _ in range(2)]
            elif kind == "two":
                kept = list(x)
            elif kind == "change":
                can_change = False
                rolled.remove(x[0])
                changed = [x[1]]
            else:
                kept = [changed[0], x]
        for d in kept:
            self.apply_die(d)
        if self.water >= SKULL:      # after both saved dice count
            raise Over

    def apply_die(self, d):
        if d == "black":
            self.water = min(self.water + 1, SKULL)
        elif d == "white":
            self.special = min(self.special + 1, 3)
        else:
            self.search[d] = min(self.search[d] + 1, 5)

    def flood_phase(self):
        done = []
        for _ in range(2 if self.water <= 1 else 3 if self.water <= 5 else 4 if self.water <= 8 else 5):
            s = self.roll_space()
            while self.flood[s] == SUNK or (s in done and not all(
                    x in done for x in range(len(SPACES)) if self.flood[x] != SUNK)):
                s = self.roll_space()
            done.append(s)
            if self.flood[s] == DRY:
                self.flood[s] = FLOODED
            else:
                self.sink(s)

    def sink(self, s):
        self.flood[s] = SUNK
        self.water = min(self.water + 1, SKULL)      # the water rises before the pawn escapes
        if s == PLATFORM or any(self.location[c] == s and not self.claimed[c] for c in COLOURS) \
                or self.water >= SKULL:
            raise Over
        if self.pawn == s:
            if self.role == "pilot":
                targets = [x for x in range(len(SPACES)) if self.flood[x] != SUNK]
            elif self.role == "diver":
                targets = [x for x in self.reach(s, lambda x: self.flood[x] != DRY) if self.flood[x] != SUNK]
            else:
                targets = [x for x in self.steps(s) if self.flood[x] != SUNK]
            if not targets:
                raise Over
            self.pawn = self.choose(targets)


def play(seed: int) -> int:
    """Play one random game; return the number of decisions made."""
    g = Game(seed)
    try:
        while True:
            g.turn()
    except Over:
        return g.decisions
