"""Types of the rulebook language, as short strings, and the rules for combining them.

A type is "int", "bool", "text", "player", "any", "none", "enum:NAME", "thing:KIND",
"list:T", "die:NAME" or "fn:T" (a `x => ...` function whose body has type T). This module
only describes and compares types; it must not look at declarations or AST nodes.
"""
from __future__ import annotations

INT, BOOL, TEXT, PLAYER, ANY, NONE = "int", "bool", "text", "player", "any", "none"
NULLABLE_PREFIXES = ("enum:", "thing:")


def list_of(t: str) -> str:
    return "list:" + t


def elem(t: str) -> str:
    if t.startswith("list:"):
        return t[5:]
    return ANY


def is_list(t: str) -> bool:
    return t.startswith("list:") or t == ANY


def nullable(t: str) -> bool:
    return t in (PLAYER, ANY, NONE) or t.startswith(NULLABLE_PREFIXES)


def fits(value: str, target: str) -> bool:
    """Can a value of type `value` be used where `target` is wanted?"""
    if value == target or ANY in (value, target):
        return True
    if value == NONE:
        return nullable(target)
    if value.startswith("list:") and target.startswith("list:"):
        return fits(elem(value), elem(target))
    return False


def join(a: str, b: str) -> str:
    """The type of `if c then a else b` and of a list holding both."""
    if fits(a, b) and a != NONE and a != ANY:
        return a if b in (NONE, ANY) or a == b or fits(b, a) else b
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
    return {"any": "anything", "none": "none"}.get(t, t)


def plural(t: str) -> str:
    """A type as many of it, in plain English: "cards", "lists of cards", "whole numbers"."""
    if t.startswith("list:"):
        return "lists of " + plural(t[5:])
    word = {"int": "whole numbers", "bool": "truths", "text": "texts", "player": "players"}.get(t)
    if word:
        return word
    word = show(t)
    if word == "die" and t.startswith("die:"):
        return "dice"
    return word if word.endswith("s") else word + "s"


def a(t: str) -> str:
    """A type with its article, for messages: "an int", "a card", "a list of cards"."""
    if t.startswith("list:"):
        return "a list of " + plural(t[5:])
    word = show(t)
    if word.endswith("s") and t.startswith(("thing:", "enum:")):    # a kind named in the plural ("cells")
        return f"one of the {word}"
    return ("an " if _vowel_sound(word) else "a ") + word


def _vowel_sound(word: str) -> bool:
    """Whether "an" goes before the word: it starts with a vowel's sound ("an int", "a use", "a one")."""
    w = word.lower()
    if w.startswith(("uni", "use", "usu", "uti", "ura", "ure", "uro", "eu", "one", "once")):
        return False
    return w[:1] in "aeiou"
