"""Statements of docs/language.md checked one by one: each test is the smallest rulebook that
exercises what the reference promises, and failed before the fix it came with."""
from inline import diagnostics, game


TOKENS = {"tokens.yaml": "tokens:\n  - {name: T}\n", "cards.yaml": "cards:\n  - {name: C}\n"}


def test_a_say_line_showing_a_things_own_secret_zone_is_w106(tmp_path):
    # W106: "a `say` line ... that shows a whole zone not everyone may see (`{deck}`, `{p.hand}`)":
    # a thing's own zone seen by its owner (`zone inside: card, owner` in a player kind) is one too.
    found = diagnostics(tmp_path, """
        game "Tokens"
        players 2
        kind card from "cards.yaml":
            name: text
        player kind token from "tokens.yaml":
            name: text
            zone inside: card, owner
            zone shown: card, public
        define score(p: player): int = 0
        turn:
            tk = first([t for t in token if t.owner == current])
            add first(card) to tk.inside
            say "{tk.inside}"
            say "{tk.shown} {count(tk.inside)}"
            end game "done"
        """, **TOKENS)
    hits = [d for d in found if d.code == "W106"]
    assert len(hits) == 1 and "'inside'" in hits[0].message and "only its owner" in hits[0].message
    assert hits[0].span.line == 13
