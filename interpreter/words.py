"""Values in the game's words: the state's plain values as a rulebook's players name them, and back.

The state stores a thing as its position in its kind's list, a player as a seat number from 0
and an enum value as its name. People and scenario files say "Dark Pit", "Player 2", "no role"
(or "No Role": names and enum values are read in any case).
This module turns one into the other for a declared type (`dsl/types.py` strings), compares a
plain value with words, and describes values in messages. Things that share a name (twenty
"Chocolate" cards) are told apart as "Chocolate #3", the third of that name in data order.

It reads the compiled rulebook only; it must not change a state or know any game.
"""
from __future__ import annotations

import functools
import json
import re

NONE_WORDS = ("none", "nobody")
ENDED = "The game is over."       # the reason of an `end game` without one


def game_over(reason: str) -> str:
    """The log's last line when a game ends (`Machine.end_game`), and the first line of the result
    where the log is not shown: "The game is over: " and the reason, or ENDED alone."""
    return ENDED if reason in ("", ENDED) else f"The game is over: {reason}"


# Numbers in names have at most 9 digits: Python will not turn 4,300 digits into a number at all.
_NUMBERED = re.compile(r"^(.*\S)\s*#(\d{1,9})$")
_PLAYER = re.compile(r"^player\s+(\d{1,9})$", re.IGNORECASE)
_OWNED = re.compile(r"^player\s+(\d{1,9})'s\s+(.+)$", re.IGNORECASE)


# YAML's words for truths (as the data files read them): where the game has a truth, `no` is false.
TRUTHS = {**dict.fromkeys(("true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"), True),
          **dict.fromkeys(("false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"), False)}


def holds_part(part: str, label: str) -> bool:
    """Whether `label` holds the text `part` (both `plain_label`s), never inside a word: "no" is not
    a part of "Move to Foggy Knoll", nor "pass" of "Passage". The one rule for a part of a label,
    wherever one is typed or written (`labels_fitting`: the play prompt, `find_option`, scenarios)."""
    if len(part) > len(label):      # never a part; and a line of a megabyte made a pattern per label
        return False
    pattern = ("(?<!\\w)" if re.match(r"\w", part[:1]) else "") + re.escape(part) + \
        ("(?!\\w)" if re.match(r"\w", part[-1:]) else "")
    return re.search(pattern, label) is not None


def labels_fitting(text: str, labels: list[str], parts: bool, forms=()) -> list[int]:
    """The labels `text` names other than whole: those that list the same items in another order
    ("Keep blue and red" for "Keep red and blue"), else, with `parts`, those holding it in any
    case, in whole words (a long menu shows an option's label under its group's heading).

    `forms` are the rulebook's labels as parts (`Compiled.label_patterns`). A text written whole in
    one of them names only labels of that form: "Take 3 gems" names "Take 3 gems from pile 1" (a
    value left out where the label adds a note), but "Move to B2" never names "Bonus: move to B2",
    another option holding the same words. A label is of the form with the most fixed text it
    fits: "Move to B2 and back" is of the form "Move to {t} and back", not of "Move to {t}" with
    "B2 and back" put in."""
    found = [i for i, label in enumerate(labels) if same_list_reordered(text, label)]
    if found or not parts:
        return found
    plain = plain_label(text)
    written = written_forms(plain, forms)
    if not written:
        return [i for i, label in enumerate(labels) if holds_part(plain, plain_label(label))]
    folded = [plain_label(label) for label in labels]
    same = [i for i, label in enumerate(folded) if set(own_forms(label, forms)) & set(written)]
    found = [i for i in same if _fills(written, plain, folded[i])]
    return found or [i for i in same if holds_part(plain, folded[i])]


@functools.lru_cache(maxsize=1024)
def _form(pattern: tuple):
    """A label form as a pattern: its fixed text as it is, each value put in as any text."""
    return re.compile("".join("(.*?)" if p is None else re.escape(plain_label(p)) for p in pattern), re.S)


def _fixed(pattern: tuple) -> int:
    return sum(len(p) for p in pattern if p is not None)


def _fitting(plain: str, forms) -> list:
    """The forms with some fixed text that the whole of `plain` (a `plain_label`) fits."""
    return [p for p in dict.fromkeys(forms)
            if any(x is not None and x.strip() for x in p) and _form(p).fullmatch(plain)]


def written_forms(plain: str, forms) -> list:
    """The forms the whole of a text (a `plain_label`) is written in."""
    return [_form(p) for p in _fitting(plain, forms)]


def own_forms(label: str, forms) -> list:
    """The forms a label (a `plain_label`) is of: of those it fits whole, the ones with the most
    fixed text."""
    fitting = _fitting(label, forms)
    most = max((_fixed(p) for p in fitting), default=0)
    return [_form(p) for p in fitting if _fixed(p) == most]


def _fills(written: list, plain: str, label: str) -> bool:
    """Whether `label` is of a form `plain` is written in, with the same values, or a value the
    text leaves empty."""
    for r in written:
        a, b = r.fullmatch(plain), r.fullmatch(label)
        if a and b and all(x == "" or x == y for x, y in zip(a.groups(), b.groups())):
            return True
    return False


_TOKENS = re.compile(r"[,()\[\]]|[^\s,()\[\]]+")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def plain_label(text: str) -> str:
    """A label as compared: any case, typographic quotes as typed ones (’ as ')."""
    return str(text).translate(_QUOTES).casefold()
_SEPARATORS = frozenset({",", "and", "&"})


def near_miss(text: str, labels: list[str]) -> str | None:
    """A label `text` almost is, but is not: the same but for punctuation ('Play Ace' for
    'Play Ace!'), or for one letter ('Play Qeen'). A claim that such a text is *not* offered
    would hold whatever the rules do. Numbers are never near: 'Score (4)' and 'Score (5)' are two."""
    def bare(t):
        return re.sub(r"[^\w]+", " ", plain_label(t)).strip()
    want = bare(text)
    for label in labels:
        got = bare(label)
        if got == want:
            return label
        if len(want) >= 6 and len(got) >= 6 and abs(len(got) - len(want)) <= 1 and _one_letter_apart(want, got):
            return label
    return None


def _one_letter_apart(a: str, b: str) -> bool:
    """One letter added, dropped or changed in a word of four letters or more makes `a` into
    `b`: a misspelt word ('Qeen'). A short code or a word with a digit ('E2' and 'A2', two tiles)
    is never near another."""
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    same_length = len(a) == len(b)
    if not (a[i + 1:] == b[i + 1:] if same_length else a[i:] == b[i + 1:]):
        return False

    def word_at(t: str) -> str:       # the word of `t` around position i
        start = t.rfind(" ", 0, i) + 1
        end = t.find(" ", i)
        return t[start:end if end >= 0 else len(t)]
    word = word_at(b)
    return len(word) >= 4 and word.isalpha() and (not same_length or word_at(a).isalpha())


@functools.lru_cache(maxsize=16)
def _tokens(text: str) -> list:
    """A text's words and marks as `same_list_reordered` compares them (kept for the few last
    texts: one typed answer is compared with every label, and a moves file's line may be a
    megabyte long). Its callers never change the list."""
    return _TOKENS.findall(plain_label(text))


def same_list_reordered(a: str, b: str) -> bool:
    """Do `a` and `b` say the same, but for the order of the items of a list in them? Where they
    first and last differ, both must hold the same items, parted by the same separators (commas,
    'and', '&'): "Keep blue and red" is "Keep red and blue", "Take Chocolate and Graham Cracker"
    is "Take Graham Cracker and Chocolate", but "change a blue die to red" is not "change a red
    die to blue", nor "pile 1 onto pile 2" "pile 2 onto pile 1". Any case."""
    x, y = _tokens(a), _tokens(b)
    if len(x) != len(y) or sorted(x) != sorted(y):
        return False
    differ = [i for i in range(len(x)) if x[i] != y[i]]
    if not differ:
        return True
    lo, hi = differ[0], differ[-1] + 1

    def items(tokens):
        parts, seps, item = [], [], []
        for t in tokens:
            if t in _SEPARATORS:
                parts.append(tuple(item))
                seps.append(t)
                item = []
            else:
                item.append(t)
        parts.append(tuple(item))
        return sorted(parts), seps, all(parts)
    (xs, xsep, x_whole), (ys, ysep, y_whole) = items(x[lo:hi]), items(y[lo:hi])
    return x_whole and y_whole and xsep == ysep and xs == ys and len(xs) > 1


_NUMBER = re.compile(r"\d+(?:st|nd|rd|th)?")


def numbers_apart(a: str, b: str) -> bool:
    """Do `a` and `b` say the same words but for one or more numbers ("Take column 3 from the top"
    and "Take column 4 from the top", "Add the 1st card" and "Add the 2nd card")? Then they are two
    options, never one misspelt for the other (as `near_miss` holds: numbers are never near)."""
    x, y = _tokens(a), _tokens(b)
    return len(x) == len(y) and x != y and \
        all(p == q or (_NUMBER.fullmatch(p) and _NUMBER.fullmatch(q)) for p, q in zip(x, y))


def another_number(text: str, labels: list[str]) -> str:
    """For a label not offered: a hint naming the options of the same words with another number
    ("the option 'Take column 3 from the top' has the same words with another number: ..."), or ""
    when there is none. A "did you mean" there would read a right label, written for a number the
    rules do not offer now, as a slip of spelling, and lead the writer to the wrong option."""
    apart = [label for label in labels if numbers_apart(text, label)]
    if not apart:
        return ""
    shown = ", ".join(f"'{label}'" for label in apart[:5]) + (", ..." if len(apart) > 5 else "")
    which = f"the option {shown} has" if len(apart) == 1 else f"the options {shown} have"
    return (f"{which} the same words with another number: another number is another option, not a "
            "misspelling, so the rules do not offer this one here")


class WordsError(ValueError):
    """Words that do not name a value of the wanted type; the message says what is wrong."""


def is_none(w) -> bool:
    """Do the words say "none" (YAML null, or the word none or nobody)?"""
    return w is None or (isinstance(w, str) and w.lower() in NONE_WORDS)


def written(w, quoted: bool = False) -> str:
    """Words as a scenario file writes them: [Graham Cracker, Chocolate], none, true; with
    `quoted`, texts in quotes, for messages ('Dark Pit')."""
    if isinstance(w, str):
        return f"'{w}'" if quoted else w
    if isinstance(w, list):
        return "[" + ", ".join(_inside(x, quoted) for x in w) + "]"
    if isinstance(w, dict):
        return "{" + ", ".join(f"{_inside(k, False)}: {_inside(v, quoted)}" for k, v in w.items()) + "}"
    if w is None:
        return "none"
    if isinstance(w, bool):
        return "true" if w else "false"
    return str(w)


# A text in a list or mapping that would not read as one item there: a label made with
# join(xs, ", ") ("B miner, trader") shown bare in a list would look like two items.
_NOT_BARE = re.compile(r"[,\[\]{}]|: |:$")


def _inside(w, quoted: bool) -> str:
    """An item of a list or mapping as the file would write it: a text holding a comma, a bracket
    or ': ' in double quotes ("B miner, trader"), so the items of the list shown can be counted."""
    if isinstance(w, str) and not quoted and _NOT_BARE.search(w):
        return json.dumps(w, ensure_ascii=False)
    return written(w, quoted)


def quote(w) -> str:
    """Words quoted in a message ('Dark Pit'): at most `ECHO_WIDTH` characters of them, and their
    control characters shown as pictures (diagnostics.echo), since they are often what a person
    wrote, which may be a line of a million characters or hold a NUL."""
    from tabletop.dsl.diagnostics import echo
    if isinstance(w, str):
        return f"'{echo(w)}'"
    return echo(written(w, quoted=True))


def type_words(t: str) -> str:
    from tabletop.dsl import types as T
    return T.a(t)


# ---------------------------------------------------------------------------- plain -> words
def show(prog, t: str, v, players: int):
    """A plain value in words: things by name, players as "Player N", lists item by item."""
    if v is None:
        return None
    if t.startswith("list:"):
        return [show(prog, t[5:], x, players) for x in v] if isinstance(v, list) else v
    if t.startswith("thing:"):
        names = prog.kind_names.get(t[6:], [])
        if not (type(v) is int and 0 <= v < len(names)):
            return v
        return owned_name(prog, t[6:], v) if t[6:] in prog.per_player_kinds else names[v]
    if t == "player":
        if type(v) is int and v >= players and v - players < len(prog.sides):
            return prog.sides[v - players]          # a side, by its name (the volcano)
        return f"Player {v + 1}" if type(v) is int else v
    return v


def numbered_words(w) -> bool:
    """Whether words name a thing by its number among those of its name (`Chocolate #3`)."""
    if isinstance(w, list):
        return any(numbered_words(x) for x in w)
    return isinstance(w, str) and _NUMBERED.match(w) is not None


def show_numbered(prog, t: str, v, n: int):
    """A value in words, each thing that shares its name numbered as a file names it (`Chocolate
    #3`), so that a scenario's failure of `Chocolate #4` says which chocolate is there."""
    if t.startswith("list:") and isinstance(v, list):
        return [show_numbered(prog, t[5:], x, n) for x in v]
    words = show(prog, t, v, n)
    if t.startswith("thing:") and type(v) is int and isinstance(words, str):
        names = prog.kind_names.get(t[6:], [])
        same = [i for i in range(len(names)) if names[i] == names[v]] if 0 <= v < len(names) else []
        if t[6:] in prog.per_player_kinds:       # "Player 2's 1 #2": numbered among its owner's own
            owner = prog.static[t[6:]]["owner"]
            same = [i for i in same if owner[i] == owner[v]]
        if len(same) > 1:
            return f"{words} #{same.index(v) + 1}"
    return words


def describe(prog, t: str, v, players: int) -> str:
    """A value for a message: 'Dark Pit', [Chocolate, Marshmallow], 3, none."""
    return quote(show(prog, t, v, players))


def describe_forced(entry: dict) -> str:
    if "roll" in entry:
        return f"a roll of {quote(entry['roll'])}" + (f" on {entry['die']}" if entry.get("die") else "")
    if "pick" in entry:
        return f"a pick of {quote(entry['pick'])}"
    return f"a shuffle putting {quote(entry['shuffle'])} first"


def owned_name(prog, kind: str, v: int) -> str:
    """A `player kind`'s thing in words: its owner's, "Player 2's battler"."""
    return f"Player {prog.static[kind]['owner'][v] + 1}'s {prog.kind_names[kind][v]}"


# ---------------------------------------------------------------------------- words -> plain
def in_game(prog, kind: str, i: int, players: int | None) -> bool:
    """Whether thing `i` of `kind` is in a game of `players`: a `player kind`'s things of a seat
    not at the table (Player 3's cards in a game of two) are not (any number: None)."""
    per = prog.per_player_kinds.get(kind)
    return not per or players is None or i // per < players


def thing_candidates(prog, kind: str, w, players: int | None = None) -> list[int]:
    """The things of `kind` that `w` names: every thing of that name, or the one "NAME #k". A
    `player kind`'s things are also named with their owner: "Player 2's battler". With `players`,
    only the things in a game of that many (a seat not at the table has none)."""
    if players is not None and prog.per_player_kinds.get(kind):
        return [i for i in thing_candidates(prog, kind, w) if in_game(prog, kind, i, players)]
    if isinstance(w, int) and not isinstance(w, bool):
        w = str(w)      # YAML reads a card named 1 (Abatteroxie's) as a number: `hand: [1, 2]`
    if not isinstance(w, str):
        return []
    names = prog.kind_names.get(kind, [])
    m = _OWNED.match(w) if kind in prog.per_player_kinds else None
    if m:
        seat = int(m.group(1)) - 1
        owners = prog.static[kind]["owner"]
        numbered = _NUMBERED.match(m.group(2))
        if numbered and m.group(2) not in names:      # "Player 2's 1 #2": the second of Player 2's own
            own = [i for i in thing_candidates(prog, kind, numbered.group(1)) if owners[i] == seat]
            k = int(numbered.group(2))
            return [own[k - 1]] if 1 <= k <= len(own) else []
        return [i for i in thing_candidates(prog, kind, m.group(2)) if owners[i] == seat]
    same = [i for i, n in enumerate(names) if n == w]
    if same:
        return same
    m = _NUMBERED.match(w)
    if m:
        same = [i for i, n in enumerate(names) if n == m.group(1)]
        k = int(m.group(2))
        if not same:      # in another case, or with typographic quotes: "king’s gate #2"
            same = [i for i, n in enumerate(names) if plain_label(n) == plain_label(m.group(1))]
        return [same[k - 1]] if 1 <= k <= len(same) else []
    return [i for i, n in enumerate(names) if plain_label(n) == plain_label(w)]


def _a(name: str) -> str:
    """A kind or enum named with its article: "an ingredient", "a space"."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def _seat_thing(seat: int, name: str) -> str:
    """A player's own thing in words, by seat number and name: "Player 2's battler"."""
    return f"Player {seat}'s {name}"


def _unknown_thing(prog, kind: str, w, players: int | None = None, seat: int | None = None) -> WordsError:
    """The error of words that name no thing of `kind`, with a hint; `seat` (1 for Player 1) is
    whose place the thing was meant for, when it is a seat's, so a player's own thing is
    suggested as that seat's."""
    from tabletop.dsl.diagnostics import closest, did_you_mean
    names = prog.kind_names.get(kind, [])
    if isinstance(w, dict) and len(w) == 1:
        # A name holding ': ' unquoted inside [ ] or { } ("Spite: My Only Friend") is a mapping to YAML.
        (k, v), = w.items()
        if not isinstance(k, (list, dict)) and not isinstance(v, (list, dict)):
            text = f"{k}: {'' if v is None else v}".rstrip()
            return WordsError(f"{quote(w)} is not {_a(kind)}: YAML reads a text holding ': ' inside [ ] or {{ }} "
                              f"as a mapping; write it in quotes, \"{text[:80]}\"")
    owned = _OWNED.match(w) if isinstance(w, str) and kind in prog.per_player_kinds else None
    if owned and players is not None and int(owned.group(1)) > players and thing_candidates(prog, kind, w):
        return WordsError(f"{quote(w)} is not in this game: Player {owned.group(1)} does not play in a game of "
                          f"{players}, so has no {kind}s (Player 1 to Player {players} have)")
    m = _NUMBERED.match(w) if isinstance(w, str) else None
    if m and m.group(1) in names:
        n = names.count(m.group(1))
        return WordsError(f"there are only {n} of '{m.group(1)}' ({kind}), so there is no {quote(w)}")
    hint = did_you_mean(str(w), names)
    if kind in prog.per_player_kinds:
        # Each player owns one of every such thing, named with its owner ("Player 4's battler"):
        # an outsider writes a team's colour ("purple battler") or misspells the name after the owner.
        tail = owned.group(2) if owned else str(w)
        close = closest(tail, names)
        if owned:
            hint = f"did you mean {quote(_seat_thing(int(owned.group(1)), close))}?" if close else ""
        elif close and seat is not None:
            hint = (f"did you mean {quote(_seat_thing(seat, close))}? ({_a(kind)} is each player's own; "
                    f"{quote(close)} alone means anyone's)")
        elif names:
            example = close or names[0]
            hint = (f"{_a(kind)} is each player's own, named with its owner: "
                    f"{quote(_seat_thing(2, example))} ({quote(example)} alone means anyone's)")
            distinct = list(dict.fromkeys(names))
            if not close and len(distinct) <= 12:       # what there is to name, as for other kinds below
                hint += f"; the {kind}s are named {', '.join(quote(n) for n in distinct)}"
    else:
        distinct = list(dict.fromkeys(names))
        if not hint and 0 < len(distinct) <= 12:
            # `cup: [1, 1]` for pips named ace, two, ...: a thing is named by its name, not its number
            hint = f"{_a(kind)} is named by its name: {', '.join(distinct)}"
    return WordsError(f"{quote(w)} is not {_a(kind)}" + (f"; {hint}" if hint else ""))


def listed(names) -> str:
    """Names in a sentence: "a", "a and b", "a, b and c"."""
    names = [str(n) for n in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def player_value_hint(prog, name: str, setting: bool) -> str:
    """The end of "this game has no player value NAME", for a file that guessed the name: a close
    name, or for a definition of one player (`score`) where it is read, or else the values a
    player has, so that the next guess need not be one too."""
    from tabletop.dsl.diagnostics import did_you_mean
    hint = did_you_mean(name, prog.player_names)
    if hint:
        return hint
    d = prog.define_types.get(name)
    if d is not None and d[0] == ["player"]:
        if setting:
            return (f"'{name}' is a definition, worked out from the game each time it is used, so it cannot "
                    "be set; set the values it reads instead")
        return f"'{name}' is a definition of a player: check it beside the players, as '{name}(Player 1)'"
    if not prog.player_names:
        return "this game gives its players no values of their own"
    return f"a player's value{' is' if len(prog.player_names) == 1 else 's are'} {listed(prog.player_names)}"


def name_hint(prog, name: str, extra=()) -> str:
    """The end of "NAME is not a variable, zone or kind of this game": a close name among those
    and `extra`, or else the game's variables, zones and kinds, which a file cannot guess."""
    from tabletop.dsl.diagnostics import did_you_mean
    hint = did_you_mean(name, list(prog.global_names) + list(prog.kinds) + list(extra))
    if hint:
        return hint
    return f"its variables and zones are {listed(prog.global_names)}, its kinds {listed(prog.kinds)}" \
        if prog.global_names and prog.kinds else ""


def field_hint(prog, kind: str, name: str) -> str:
    """The end of "a KIND has no changing field NAME": a close name, or else its changing fields."""
    from tabletop.dsl.diagnostics import did_you_mean
    fields = prog.field_types.get(kind, {})
    hint = did_you_mean(str(name), fields)
    if hint or not fields:
        return hint or f"{_a(kind)} has no field that changes"
    return f"{_a(kind)}'s changing field{' is' if len(fields) == 1 else 's are'} {listed(fields)}"


def fields_example(prog, kind: str) -> str:
    """A mapping of a thing's fields as a file writes it, with the kind's own first field:
    "{card: VALUE}" for a market space, "{FIELD: VALUE}" for a kind with none that change."""
    fields = list(prog.field_types.get(kind, {}))
    return f"{{{fields[0]}: VALUE}}" if fields else "{FIELD: VALUE}"


def one_named(words: str, values):
    """The one value of `values` (an enum's, a die's faces) that `words` name in the game's words,
    as a rule text prints it: "battle royale" or "Battle Royale" for battle_royale, "No Role" for
    no_role; None when no value or several (an enum could hold both `red` and `Red`) are named so."""
    v = words.replace(" ", "_").casefold()
    found = {x for x in values if isinstance(x, str) and x.casefold() == v}
    return found.pop() if len(found) == 1 else None


def read(prog, t: str, w, players: int):
    """Words -> the plain value of type `t`; WordsError names what does not fit."""
    if t.startswith("list:"):
        if not isinstance(w, list):
            raise WordsError(f"{quote(w)} is not a list")
        return [read(prog, t[5:], x, players) for x in w]
    if is_none(w) and t != "text":
        if t.startswith(("thing:", "enum:")) or t in ("player", "any"):
            return None
        raise WordsError(f"{type_words(t)} cannot be none")
    if t == "int":
        if type(w) is not int:
            raise WordsError(f"{quote(w)} is not a whole number")
        return w
    if t == "bool":
        if isinstance(w, str) and w in TRUTHS:
            return TRUTHS[w]
        if type(w) is not bool:
            raise WordsError(f"{quote(w)} is not true or false")
        return w
    if t == "text":
        if not isinstance(w, str):
            raise WordsError(f"{quote(w)} is not a text")
        return w
    if t == "player":
        sides = getattr(prog, "sides", [])
        if isinstance(w, str) and w in sides:
            return players + sides.index(w)
        m = _PLAYER.match(w) if isinstance(w, str) else None
        if not m or not 1 <= int(m.group(1)) <= players:
            also = "".join(f" or {s}" for s in sides)
            raise WordsError(f"{quote(w)} is not a player of this game (Player 1 to Player {players}{also})")
        return int(m.group(1)) - 1
    if t.startswith("thing:"):
        kind = t[6:]
        found = thing_candidates(prog, kind, w, players)
        if not found:
            raise _unknown_thing(prog, kind, w, players)
        if len(found) > 1:
            raise WordsError(f"{len(found)} things are called {quote(w)}; name one as '{w} #1' to '{w} #{len(found)}'")
        return found[0]
    if t.startswith("enum:"):
        values = prog.enum_values.get(t[5:], ())
        if not isinstance(w, str):
            raise WordsError(f"{quote(w)} is not {_a(t[5:])} (one of {', '.join(sorted(values))})")
        v = w.replace(" ", "_")
        folded = one_named(w, values) if v not in values else None
        if folded is not None:
            return folded
        if v not in values:
            from tabletop.dsl.diagnostics import did_you_mean
            hint = did_you_mean(str(v), values)
            raise WordsError(f"{quote(w)} is not {_a(t[5:])}" + (f"; {hint}" if hint else
                             f" (one of {', '.join(sorted(values))})"))
        return v
    return w


def truths(t: str, w):
    """The words with YAML's truths (`yes`, `no`, `on`, `off`) read as true and false where the
    type `t` is a truth, or a list of them; anything else as it is."""
    if t == "bool" and isinstance(w, str) and w in TRUTHS:
        return TRUTHS[w]
    if t.startswith("list:") and isinstance(w, list):
        return [truths(t[5:], x) for x in w]
    return w


def check_words(prog, t: str, w, players: int, seat: int | None = None) -> None:
    """Raise WordsError when the words cannot name any value of type `t` (an unknown thing, enum
    value or player; a text where a number belongs). Unlike `read`, words naming several things of
    one name are fine: they are compared by name. `seat` (1 for Player 1): whose value the words
    are, for the hint of a player's own thing misnamed."""
    if t.startswith("list:"):
        if not isinstance(w, list):
            raise WordsError(f"{quote(w)} is not a list")
        for x in w:
            check_words(prog, t[5:], x, players, seat)
        return
    if t.startswith("thing:"):
        if not is_none(w) and not thing_candidates(prog, t[6:], w, players):
            raise _unknown_thing(prog, t[6:], w, players, seat)
        return
    read(prog, t, w, players)


def matches(prog, t: str, v, w, players: int) -> bool:
    """Does the plain value `v` (of type `t`) match the words `w`? Things match by name, unless
    the words pick one thing ("Chocolate #3")."""
    if t.startswith("list:"):
        return isinstance(v, list) and isinstance(w, list) and len(v) == len(w) \
            and all(matches(prog, t[5:], x, y, players) for x, y in zip(v, w))
    if t.startswith("thing:") and v is not None:
        return v in thing_candidates(prog, t[6:], w, players)
    try:
        return read(prog, t, w, players) == v and type(read(prog, t, w, players)) is type(v)
    except WordsError:
        return False
