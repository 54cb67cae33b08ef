"""Types of the rulebook language, as short strings, and the rules for combining them.

A type is "int", "bool", "text", "player", "any", "none", "enum:NAME", "thing:KIND",
"list:T", "die:NAME" or "fn:T" (a `x => ...` function whose body has type T); "error" is the
type of a value whose mistake was already reported. This module
only describes and compares types; it must not look at declarations or AST nodes.
"""
from __future__ import annotations

INT, BOOL, TEXT, PLAYER, ANY, NONE = "int", "bool", "text", "player", "any", "none"
# The type of a value whose mistake was already told (an unknown name, a kind that is not one): it
# fits everything and nothing more is said of it, so one mistake is one error, not one per use.
ERROR = "error"
NULLABLE_PREFIXES = ("enum:", "thing:")


def list_of(t: str) -> str:
    return "list:" + t


def elem(t: str) -> str:
    if t.startswith("list:"):
        return t[5:]
    return ERROR if t == ERROR else ANY


def is_list(t: str) -> bool:
    return t.startswith("list:") or t in (ANY, ERROR)


_LOOSE = frozenset((ANY, ERROR))       # types that fit any other


def unknown(t: str) -> bool:
    """A type nothing can be said against: anything, or a mistake already told."""
    return t in (ANY, ERROR)


def nullable(t: str) -> bool:
    return t in (PLAYER, ANY, NONE, ERROR) or t.startswith(NULLABLE_PREFIXES)


def fits(value: str, target: str) -> bool:
    """Can a value of type `value` be used where `target` is wanted?"""
    if value == target or value in _LOOSE or target in _LOOSE:
        return True
    if value == NONE:
        return nullable(target)
    if value.startswith("list:") and target.startswith("list:"):
        return fits(elem(value), elem(target))
    return False


def join(a: str, b: str) -> str:
    """The type of `if c then a else b` and of a list holding both."""
    if ERROR in (a, b):
        return ERROR
    if fits(a, b) and a != NONE and a != ANY:
        return a if b in (NONE, ANY) or a == b or fits(b, a) else b
    if a == NONE and fits(a, b):        # `if c then none else explorer`: a role, or none
        return b
    if fits(b, a):
        return b if a in (NONE, ANY) else a
    return ANY


def show(t: str) -> str:
    """A type in the words a rulebook uses."""
    if t.startswith("list:"):
        return "list of " + show(t[5:])
    if t.startswith("die:"):
        return "die"              # its faces' type is what a roll gives, not what the die is
    if t.startswith(("enum:", "thing:")):
        return t.split(":", 1)[1]
    if t.startswith("fn:"):
        return "function"
    return {"any": "anything", "none": "none", "error": "anything"}.get(t, t)


def plural(t: str) -> str:
    """A type as many of it, in plain English: "cards", "lists of cards", "whole numbers"."""
    if t.startswith("list:"):
        return "lists of " + plural(t[5:])
    word = {"int": "whole numbers", "bool": "truths", "text": "texts", "player": "players",
            ANY: "anything", ERROR: "anything"}.get(t)
    if word:
        return word
    word = show(t)
    if word == "die" and t.startswith("die:"):
        return "dice"
    if word.endswith("s"):
        return word
    return word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in ("a", "e", "o", "u") else word + "s"


def a(t: str) -> str:
    """A type with its article, for messages: "an int", "a card", "a list of cards"."""
    if t.startswith("list:"):
        return "a list of " + plural(t[5:])
    if t in (ANY, ERROR):
        return "anything"
    word = show(t)
    if word.endswith("s") and t.startswith(("thing:", "enum:")):    # a kind named in the plural ("cells")
        return f"one of the {word}"
    return ("an " if _vowel_sound(word) else "a ") + word


def article(word: str) -> str:
    """'a' or 'an' before a word: "an ingredient", "a card"."""
    return "an" if _vowel_sound(word) else "a"


def _vowel_sound(word: str) -> bool:
    """Whether "an" goes before the word: it starts with a vowel's sound ("an int", "a use", "a one")."""
    w = word.lower()
    if w.startswith(("uni", "use", "usu", "uti", "ura", "ure", "uro", "eu", "one", "once")):
        return False
    return w[:1] in "aeiou"
