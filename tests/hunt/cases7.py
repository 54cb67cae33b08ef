"""The cases of the broken-rulebook hunt, round 7: single plausible edits of the bundled rulebooks
and the test games that still pass `tabletop check` and go wrong in play (an off-by-one, a list
that can be empty where it is chosen from or read, a zone that runs out, a loop that never ends,
a division by zero, a rule that calls itself, a none in a template, a number out of its range, a
secret choice nobody answers, an `end game` never reached). Each is a Case of harness.py; with
cmd "simulate" it is played, `simulate -n N --seed 1`, and sorted by what play said: told (exit
1, the first error message names the edited line, as file:line, and holds the words), wrong line,
missed (exit 0: the game plays on, which an edit may rightly allow, `maybe_valid`), slow (past
SLOW seconds) or crash. With cmd "check" the checker is to tell it (the cases it now does).
`python tests/hunt/cases7.py [VERDICTS]` runs them and prints each result and the counts. A tool,
not a test: the tests that keep what it found are in tests/test_hunt7.py."""
import contextlib
import io
import json
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import Case, Result, make, main as check_main, run as check_run  # noqa: E402,F401

from tabletop.interpreter import cli  # noqa: E402

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
RA, TR5 = str(HERE / "games5" / "race"), str(HERE / "games5" / "tricks")
LH, AU, MK, MI = (str(TESTS / "games" / g) for g in ("tricks", "auction", "market", "mini"))
T, S, A, K, H = "taboo_atoll_express", "smores_galore", "abatteroxie", "smackatoa", "smackshapes"
G = "game.rules"
SLOW = 30.0
CASES = []


def p(group, name, book, old, new, words=(), args=(), **kw):
    """One replacement in game.rules, played: `simulate -n 100 --seed 1` and `args`."""
    CASES.append(Case(name, book, [(G, old, new)], tuple(words), cmd="simulate", args=tuple(args), group=group, **kw))


def c(group, name, book, old, new, words=(), **kw):
    """One replacement in game.rules that `tabletop check` now tells."""
    CASES.append(Case(name, book, [(G, old, new)], tuple(words), group=group, **kw))


# ------------------------------------------------------------------ out of a range, off by one
n = "ranges and positions"
p(n, "race: goal past the position's range", RA, "long -> 12", "long -> ^21", ["must stay from 0 to 20"],
  args=("--option", "length=long"), at=(G, 22))
p(n, "race: position's range too small", RA, "in 0 to 20", "in 0 to 10", ["must stay from 0 to 10"],
  args=("--option", "length=long"), at=(G, 22))
c(n, "hearts: the dealer players[player_count] (E208 now)", LH, "dealer = players[player_count - 1]",
  "dealer = players[^player_count]", ["there is no players[player_count]"])
p(n, "hearts: who played the winning card, one on", LH, "played_by[index_of(trick, winning_card)]",
  "played_by[index_of(trick, winning_card) + 1]", ["'played_by'", "items count from 0"], at=(G, 45))
p(n, "auction: a bid may be one more than the coins", AU, "range(1, p.coins)", "range(1, p.coins + 1)",
  ["'coins' of Player", "must stay from 0 to 15"], at=(G, 59))
p(n, "auction: the buyer pays one more", AU, "buyer.coins -= top_bid", "^buyer.coins -= top_bid + 1", ["must stay from 0 to 15"])
p(n, "market: income without its cap", MK, "min(current.coins + income(current), 99)", "current.coins + income(current) * 30",
  ["must stay from 0 to 99"], at=(G, 62))
p(n, "taboo: the water level's range cut", T, "var water_level: int in 0 to 14", "var water_level: int in 0 to 9",
  ["must stay from 0 to 9"], at=(G, 286), also=((G, 253),))
p(n, "smackatoa: the raft's 16th piece counted as 17", K, "        if raft_pieces == 16:", "        if raft_pieces == 17:",
  ["must stay from 0 to 16"], at=(G, 381))
c(n, "smackatoa: the raft's range cut to 15 (W133 at the == 16)", K, "var raft_pieces: int in 0 to 16 = 0",
  "var raft_pieces: int in 0 to 15 = 0", ["stays from 0 to 15", "always false"], at=(G, 382))
p(n, "smores: a pair read one on", S, "current.lineup[i - 1].food == current.lineup[i].food",
  "current.lineup[i].food == current.lineup[i + 1].food", ["'lineup'", "items count from 0"], at=(G, 168))
p(n, "smackshapes: the ranking counted from 1", H, "define rank(c: card): int = index_of(ranking, c.shape)",
  "define rank(c: card): int = index_of(ranking, c.shape) + 1", [], maybe_valid=True)

# ------------------------------------------------------------------ none where a value was meant
n = "none"
p(n, "tricks5: the trick's taker among none", TR5, "p.played.suit == led]", "p.played.suit == led and p.played.rank > 3]",
  ["a player who is nobody", "'winner' is nobody here"], at=(G, 36))
p(n, "tricks5: the led card read after the trick is cleared", TR5, "    if count(first(players).hand) == 0:",
  "    ^say \"Led was {first(trick).name}\"\n    if count(first(players).hand) == 0:", ["of a card that is none", "'first(trick)' is none here"])
p(n, "auction: nobody bids more than the top bid", AU, "if p.bid == top_bid]", "if p.bid > top_bid]",
  ["a player who is nobody", "'buyer' is nobody here"], at=(G, 59))
p(n, "market: past the Finish, no space", MK, "    p.at = space_at(min(p.at.mile + n, finish.mile))",
  "    p.at = space_at(p.at.mile + n)", ["of a space that is none", "'p.at' is none here"], at=(G, 75))
p(n, "mini: the Shield misspelt in a reaction (now W132 too)", MI, 'move first([c for c in r.hand if c.name == "Shield"])',
  'move first([c for c in r.hand if c.name == "Sheild"])', ["is none here"], at=(G, 35))
c(n, "mini: the Shield misspelt, told by check", MI, 'move first([c for c in r.hand if c.name == "Shield"])',
  'move first([c for c in r.hand if c.name == ^"Sheild"])', ["No card has the name", "Shield"])
p(n, "smackshapes: a Smackhead picked among none", H, "smackhead = pick(players)",
  "smackhead = pick([p for p in players if count(p.hand) > 3])", ["cannot be led by nobody"], at=(G, 52))
p(n, "smackshapes: nobody chooses in the secret play", H, "secretly each p in players_from(smackhead) chooses c from p.hand",
  "secretly each p in [q for q in players_from(smackhead) if count(q.hand) > 3] chooses c from p.hand",
  ["'smackhead_card' is none here", "used by line 83"], at=(G, 86))
p(n, "taboo: no treasure of red", T, "define treasure_of(c: colour): treasure = first([t for t in treasure if t.colour == c])",
  "define treasure_of(c: colour): treasure = first([t for t in treasure if t.colour == c and t.colour != red])",
  ["of a treasure that is none", "'treasure_of(c)' is none here"], at=(G, 82), also=((G, 183),))
p(n, "abatteroxie: a battler moved to the tile it came from", A, "move b from start.battlers to way[0].battlers",
  "^move b from start.battlers to way[1].battlers", ["of a tile that is none"])
p(n, "smackatoa: the Buzzsaw never found in a hand", K,
  "define card_of(p: player, t: title): card = first([c for c in p.hand if c.title == t])",
  "define card_of(p: player, t: title): card = first([c for c in p.hand if c.title == t and c.title != magma_powered_buzzsaw])",
  ["'card_of(p, t)' is none here"], at=(G, 373))

# ------------------------------------------------------------------ a list or a zone that runs out
n = "running out"
p(n, "tricks5: four hands of a twelve-card deck", TR5, "draw 3 from deck", "draw 4 from deck", ["nothing to choose from", "is empty"],
  args=("--players", "4"), at=(G, 30))
c(n, "tricks5: five each of a twelve-card deck (W134)", TR5, "draw 3 from deck", "draw ^5 from deck",
  ["holds 12 things here", "even with 3 players"])
p(n, "hearts: nine cards each of 24", LH, "draw 24 / player_count", "draw 9", ["nothing to choose from"], at=(G, 104))
p(n, "hearts: a trick played while the hand is empty", LH, "while count(leader.hand) > 0:", "while count(leader.hand) >= 0:",
  ["nothing to choose from"], at=(G, 104))
p(n, "smores: the discard tops swapped into themselves (W108 too)", S,
  "    while top_food(1) == top_food(0):\n        move first(discard[1]) from discard[1] to deck\n",
  "    while top_food(1) == top_food(0):\n        move first(discard[1]) from discard[1] to top of discard[1]\n",
  ["'first(deck)' is none here (deck is empty)"], at=(G, 196))
p(n, "smackatoa: Fireproof Immunity given to the player whose turn it is", K, "choose q from players if q != p labelled",
  "choose q from players if q != p and q == turn_of labelled", ["has nothing to choose from", "meets the condition"], at=(G, 719))
p(n, "abatteroxie: a hand of 20 more than the deck", A, "draw hand_size from p.deck to p.hand",
  "draw hand_size + 20 from p.deck to p.hand", [], maybe_valid=True)

# ------------------------------------------------------------------ loops, recursion, division
n = "runaway"
p(n, "race: the end passed by", RA, "if current.position >= goal[length]:", "if current.position > goal[length]:",
  ["The run stopped after 3 of", "game.rules:37"], args=("--max-decisions", "2000"), at=(G, 37))
p(n, "race: a loop on a roll never changed, past the check", RA, "    rolls += 1\n",
  "    rolls += 1\n    while r > 0 and roll(d6) > 0:\n        rolls += 1\n", ["loop forever", "The run stopped after 3"],
  at=(G, 32))
c(n, "race: a loop on a roll never changed (E309)", RA, "    rolls += 1\n", "    rolls += 1\n    while ^r > 0:\n        rolls += 1\n",
  ["nothing in it changes what its condition"])
c(n, "taboo: the setup's reroll dropped from its loop (E309)", T, "        while s.flood == flooded:\n            s = roll_space\n",
  "        while ^s.flood == flooded:\n            say \"again\"\n", ["nothing in it changes what its condition"])
p(n, "taboo: a flood re-rolled while every space was flooded (fine: the water rises first)", T,
  "while s.flood == sunk or (s in flooded_this_turn and not every_unsunk_flooded):",
  "while s.flood == sunk or s in flooded_this_turn:", [], maybe_valid=True)
p(n, "race: an average by the roll less one", RA, "    rolls += 1\n", "    rolls += 1\n    say \"avg {100 / (r - 1)}\"\n",
  ["divides by 'r - 1', which is 0 here"], at=(G, 31))
p(n, "hearts: the deal divided by none left", LH, "draw 24 / player_count", "^draw 24 / (player_count - 3)", ["which is 0 here"])
p(n, "smores: the lineup bonus upside down", S, "min(count(p.lineup) / 5, 2)", "min(5 / count(p.lineup), 2)",
  ["divides by 'count(p.lineup)'"], at=(G, 411))
p(n, "race: a bonus space moves on by advancing again", RA, "        p.position = min(p.position + s.bonus, goal[length])",
  "        advance(p, 0)", ["nest more than 400 deep", "calls itself"], at=(G, 26))
p(n, "market: a rule calling one that calls back (fine: n is 0)", MK, "            refill()\n            say",
  "            advance(current, 0)\n            say", [], maybe_valid=True)
p(n, "market: refill while the deck is empty", MK, "while count(row) < row_size and count(deck) > 0:",
  "while count(row) < row_size:", ["loop forever"], at=(G, 51))
p(n, "hearts: an end at a hundred times the limit", LH, ">= limit", ">= limit * 100", ["The run stopped after 3 of"],
  args=("--max-decisions", "3000"), at=(G, 60), also=((G, 62),))
p(n, "smackshapes: the end only once every hand and the deck are empty", H,
  "if any([count(p.hand) == 0 for p in players]):", "if all([count(p.hand) == 0 for p in players]) and count(deck) == 0:",
  ["rounds were played since anyone last decided anything", "The run stopped after 3"], at=(G, 58), also=((G, 87),))

# ------------------------------------------------------------------ reactions
n = "reactions"
p(n, "mini: a Shield that signals its own event again", MI, "    target = next_player(r)\n    signal attacked(target)",
  "    signal attacked(r)", [], maybe_valid=True)
p(n, "smackatoa: Fireproof Immunity signals the hot totem again", K, "    hot.holder = q\n    target = q\n",
  "    hot.holder = q\n    target = q\n    signal hot_totem(q)\n", [], maybe_valid=True)
p(n, "smackatoa: off_turn read the other way round", K, "define off_turn(p: player): bool = p != turn_of",
  "define off_turn(p: player): bool = p == turn_of", [], maybe_valid=True)


def play(case: Case, games: int = 100) -> Result:
    """Play the edited copy: `simulate -n games --seed 1 --json --workers 1` in this process."""
    with tempfile.TemporaryDirectory() as tmp:
        book, where = make(case, Path(tmp))
        out, errs = io.StringIO(), io.StringIO()
        crash = ""
        started = time.perf_counter()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(errs):
            try:
                rc = cli.main(["simulate", str(book), "-n", str(games), "--seed", "1", "--json", "--workers", "1", *case.args])
            except BaseException as e:  # noqa: BLE001 - a crash is what the hunt looks for
                rc, crash = -1, f"{type(e).__name__}: {e}"
        seconds = time.perf_counter() - started
        text = (out.getvalue() + errs.getvalue() + crash).replace(tmp + "/book/", "")
        r = Result(case, rc, text, where)
        try:
            stats = json.loads(out.getvalue())
        except ValueError:
            stats = {}
        said = " ".join(stats.get("error_messages", [])[:1] + [stats.get("stopped", {}).get("why", "")])
        said = said.replace(tmp + "/book/", "") if stats else text     # a rulebook refused at load: its errors
        r.first = {"message": said}
        file, line = where or ("", 0)
        if rc not in (0, 1) or "Traceback" in text:
            r.verdict = "crash"
        elif seconds > SLOW:
            r.verdict = "slow"
        elif rc == 0:
            r.verdict = "valid" if case.maybe_valid else "missed"
        elif not any(re.search(rf"\b{re.escape(f)}:{l}(?!\d)", said) for f, l in ((file, line), *case.also)):
            r.verdict = "wrong line"
        else:
            r.verdict = "told" if all(w.lower() in said.lower() for w in case.words) else "right line"
        return r


def main(show: str = "") -> None:
    check_main(CASES, show, lambda case: play(case) if case.cmd == "simulate" else check_run(case))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")
