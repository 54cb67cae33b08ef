"""A face-up pile (`top public`): every seat sees its top thing and how many lie under it, nobody
the things under it. Its views (plain, named, text), a bot's believed worlds, the hidden-read
checks (E311, W106, a choice's labels), a variant's use of it and the mistakes in writing it."""
import json

import pytest

from tabletop.dsl.checker import check
from tabletop.dsl.diagnostics import RulebookError
from tabletop.dsl.loader import load_program
from tabletop.interpreter.api import load_game
from tabletop.interpreter.determinize import believed

CARDS = "cards:\n" + "".join(f"  - {{name: {n}, n: {i}}}\n" for i, n in enumerate(
    ["Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"]))

RULES = """game "Piles"
players 2
kind card from "cards.yaml":
    name: text
    n: int
zone deck: card, hidden
zone discard[2]: card, top public
player zone pile: card, top public
var total: int = 0

setup:
    deck = shuffled(card)
    for k in [0, 1]:
        repeat 3 times:
            move first(deck) from deck to top of discard[k]
    for p in players:
        repeat 2 times:
            move first(deck) from deck to top of p.pile

define top_name(k: int): text = if count(discard[k]) == 0 then "nothing" else first(discard[k]).name

turn:
    choose prompt "Take from which pile?":
        option "Take {top_name(k)} from pile {k + 1}" for k in [0, 1] if count(discard[k]) > 0:
            move first(discard[k]) from discard[k] to top of current.pile
    total += 1
    if total >= 4:
        end game "Four turns."

define score(p: player): int = count(p.pile)

display:
    show "Pile {k + 1}: {discard[k]} (top {top_name(k)}, {count(discard[k])} cards)" for k in [0, 1]
    show "{p}: {p.pile}" for p in players
"""


def book(tmp_path, rules=RULES, variant=None):
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "cards.yaml").write_text(CARDS)
    (tmp_path / "game.rules").write_text(rules)
    if variant is not None:
        (tmp_path / "variants").mkdir(exist_ok=True)
        (tmp_path / "variants" / "v.rules").write_text(variant)
    return tmp_path


def diagnose(folder, variant=None) -> list:
    try:
        return list(check(load_program(str(folder), variant)).warnings)
    except RulebookError as e:
        return list(e.diagnostics) + list(getattr(e, "warnings", []) or [])


def test_each_seat_sees_the_top_of_a_pile_and_how_many_lie_under_it(tmp_path):
    g = load_game(str(book(tmp_path)))
    s = g.new_state(players=2, seed=3)
    data = s.to_json()
    piles, hands = data["globals"][g.compiled.global_names.index("discard")], [row[0] for row in data["players"]]
    assert [len(z) for z in piles] == [3, 3] and [len(z) for z in hands] == [2, 2]
    names = g.compiled.kind_names["card"]
    for seat in (None, 0, 1):
        v = s.view(seat)
        assert v["variables"]["discard"] == [[z[0], None, None] for z in piles]
        assert [row["pile"] for row in v["players"]] == [[z[0], None] for z in hands]     # a player's own too
        named = json.loads(json.dumps(s.view(seat, named=True)))
        assert named["variables"]["discard"] == [[names[z[0]], None, None] for z in piles]
        text = s.render(seat)
        for k, z in enumerate(piles):
            assert f"Pile {k + 1}: {names[z[0]]} and 2 hidden cards (top {names[z[0]]}, 3 cards)" in text
            assert all(names[x] not in text for x in z[1:])
    assert s.options(0) == [f"Take {names[z[0]]} from pile {k + 1}" for k, z in enumerate(piles)]
    assert s.options_name_secrets() is False       # labels read only the tops: every seat reads the answer


def test_a_pile_of_one_hides_nothing_and_the_state_keeps_every_card(tmp_path):
    g = load_game(str(book(tmp_path)))
    s = g.new_state(players=2, seed=3)
    data = s.to_json()
    top = data["globals"][g.compiled.global_names.index("discard")][0][0]
    s.apply(0, 0)                 # the top of pile 1 goes onto player 1's pile
    v = s.view(1)
    assert v["players"][0]["pile"] == [top, None, None]
    assert s.to_json()["players"][0][0][0] == top and None not in s.to_json()["players"][0][0]


def test_a_bots_world_keeps_each_top_and_deals_only_the_cards_under_it(tmp_path):
    g = load_game(str(book(tmp_path)))
    s = g.new_state(players=2, seed=3)
    data, slot = s.to_json(), g.compiled.global_names.index("discard")
    under = sorted(x for z in data["globals"][slot] for x in z[1:]) + sorted(row[0][1] for row in data["players"])
    moved = 0
    for generator in range(1, 30):
        world, _ = believed(g.compiled, s.to_json(), 0, generator)
        assert [z[0] for z in world["globals"][slot]] == [z[0] for z in data["globals"][slot]]
        assert [row[0][0] for row in world["players"]] == [row[0][0] for row in data["players"]]
        again = sorted(x for z in world["globals"][slot] for x in z[1:]) + sorted(row[0][1] for row in world["players"])
        assert sorted(again) == sorted(under)      # the same cards under the tops, dealt again
        moved += world["globals"][slot] != data["globals"][slot]
        assert type(s)(g, world).view(0) == s.view(0)
    assert moved > 10


def test_smores_galore_shows_each_pile_by_its_top_alone():
    g = load_game("smores_galore")
    s = g.new_state(players=3, seed=1)
    data, names = s.to_json(), g.compiled.global_names
    for zone in ("discard", "pile"):
        real = data["globals"][names.index(zone)]
        for seat in (None, 0, 2):
            assert s.view(seat)["variables"][zone] == [z[:1] + [None] * (len(z) - 1) for z in real]
    ups = data["globals"][names.index("straight_ups")]
    assert len(ups) == 6 and s.view(1)["variables"]["straight_ups"] == ups[:1] + [None] * 5
    assert s.options_name_secrets() is False


@pytest.mark.parametrize("line, code", [
    ('    show "Under: {discard[0][1].name}"\n', "E311"),
    ('    show "Last: {last(discard[1]).name}"\n', "E311"),
    ('    show "Under: {join([c.name for c in drop(discard[0], 1)])}"\n', "E311"),
    ('    show "Any ace" if any([c.n == 0 for c in discard[0]])\n', "E311"),
    ('    show "{p}: {sum([c.n for c in p.pile])}" for p in players\n', "E311"),
])
def test_a_display_line_reading_the_cards_under_a_top_is_refused(tmp_path, line, code):
    found = diagnose(book(tmp_path, RULES + line))
    hits = [d for d in found if d.code == code]
    assert len(hits) == 1 and hits[0].span.line == RULES.count("\n") + 1, [(d.code, d.message) for d in found]
    assert "whose cards under the top one nobody may see" in hits[0].message


@pytest.mark.parametrize("line", [
    '    show "Tops: {first(discard[0]).name} {discard[1][0].name} {join([c.name for c in take(discard[0], 1)])}"\n',
    '    show "Deep" if count(discard[0]) > 1 and discard[1] != []\n',
    '    show "{p}: {first(p.pile).name}" for p in players if count(p.pile) > 0\n',
])
def test_a_display_line_reading_the_top_or_the_count_is_accepted(tmp_path, line):
    found = diagnose(book(tmp_path, RULES + line))
    assert not [d for d in found if d.severity == "error" or d.code == "W106"], [(d.code, d.message) for d in found]


def test_a_say_line_reading_under_the_top_is_told_and_one_reading_the_top_is_not(tmp_path):
    said = RULES.replace('    total += 1\n', '    say "{first(discard[0]).name} shows"\n    say "{drop(discard[1], 1)} lie under"\n'
                                                '    total += 1\n', 1)
    found = diagnose(book(tmp_path, said))
    hits = [d for d in found if d.code == "W106"]
    assert [d.span.line for d in hits] == [said.split("\n").index('    say "{drop(discard[1], 1)} lie under"') + 1]


def test_labels_reading_a_card_under_the_top_are_no_seats_but_the_choosers(tmp_path):
    peek = RULES.replace('"Take {top_name(k)} from pile {k + 1}"', '"Take {discard[k][1].name} from pile {k + 1}"')
    g = load_game(str(book(tmp_path, peek)))
    assert g.new_state(players=2, seed=3).options_name_secrets() is True


def test_a_variant_makes_a_public_pile_face_up(tmp_path):
    base = RULES.replace("zone discard[2]: card, top public", "zone discard[2]: card, public")
    variant = 'extends "../game.rules"\n\nreplace zone discard[2]: card, top public\n'
    folder = book(tmp_path, base, variant)
    plain, face_up = load_game(str(folder)), load_game(str(folder), variant="v")
    for g, under in ((plain, True), (face_up, False)):
        s = g.new_state(players=2, seed=3)
        real = s.to_json()["globals"][g.compiled.global_names.index("discard")]
        assert (s.view(1)["variables"]["discard"] == real) is under


@pytest.mark.parametrize("written, at, hint", [
    ("public top", "top", "'top public'"),
    ("top seen", "seen", "'top public'"),
    ("top", None, "'public'"),                   # the line ends too early: at its end
])
def test_a_visibility_written_wrong_names_its_line(tmp_path, written, at, hint):
    line = f"zone discard[2]: card, {written}"
    found = diagnose(book(tmp_path, RULES.replace("zone discard[2]: card, top public", line)))
    first = found[0]
    column = line.rindex(at) + 1 if at else len(line) + 1
    assert (first.code, first.span.line, first.span.column) == ("E101", 7, column), [str(d) for d in found]
    assert hint in first.hint


def test_a_display_line_reading_into_the_top_of_a_hidden_deck_is_refused(tmp_path):
    """`{first(deck).name}` reads a card of a hidden zone (none in every seat's view), though a
    field of a value: only a name or a field of a name (`{deck}`, `{p.hand}`) is a zone shown whole.
    Before, a field's part was let through whatever it was the field of."""
    found = diagnose(book(tmp_path, RULES.replace("top public", "public") + '    show "Next: {first(deck).name}"\n'))
    hits = [d for d in found if d.code == "E311"]
    assert len(hits) == 1 and "the zone 'deck', which nobody may see" in hits[0].message


TOWERS = """game "Towers"
players 2
kind card from "cards.yaml":
    name: text
    n: int
kind tower from "towers.yaml":
    name: text
    zone stack: card, top public
zone deck: card, hidden
var total: int = 0

setup:
    deck = shuffled(card)
    for t in tower:
        repeat 3 times:
            move first(deck) from deck to top of t.stack

turn:
    choose t from tower labelled "Take from {t.name} ({first(t.stack).name} on top)" prompt "Which tower?"
    move first(t.stack) from t.stack to deck
    total += 1
    if total >= 3:
        end game "Done."

define score(p: player): int = 0

display:
    show "{t.name}: {t.stack}" for t in tower
"""


def test_a_zone_of_each_thing_of_a_kind_may_be_a_face_up_pile(tmp_path):
    folder = book(tmp_path, TOWERS)
    (folder / "towers.yaml").write_text("towers:\n  - {name: North}\n  - {name: South}\n")
    g = load_game(str(folder))
    s = g.new_state(players=2, seed=2)
    stacks = s.to_json()["fields"]["tower"]["stack"]
    names = g.compiled.kind_names["card"]
    assert s.view(1)["fields"]["tower"]["stack"] == [[z[0], None, None] for z in stacks]
    assert s.render(0).splitlines() == [f"{t}: {names[z[0]]} and 2 hidden cards" for t, z in zip(["North", "South"], stacks)]
    world, _ = believed(g.compiled, s.to_json(), 0, 5)
    assert [z[0] for z in world["fields"]["tower"]["stack"]] == [z[0] for z in stacks]
    assert s.options_name_secrets() is False


@pytest.mark.parametrize("choice", [
    '    choose c from discard[0] labelled "Take {c.name}":\n        move c from discard[0] to top of current.pile\n',
    '    choose prompt "Take":\n        option "Take {c.name}" for c in current.pile:\n            total += 0\n',
])
def test_a_choice_among_the_cards_of_a_face_up_pile_is_warned(tmp_path, choice):
    """W139: each option is one of the pile's cards, so its label shows the chooser the cards under
    the top, which nobody sees; a choice among a public pile's cards is not warned."""
    rules = RULES.replace("    total += 1\n", choice + "    total += 1\n", 1)
    line = rules.split("\n").index(choice.split("\n")[0 if choice.startswith("    choose c") else 1]) + 1
    found = [d for d in diagnose(book(tmp_path / "top", rules)) if d.code == "W139"]
    assert [d.span.line for d in found] == [line], [(d.code, d.span.line, d.message) for d in found]
    assert "under its top nobody sees" in found[0].message and "first(" in found[0].hint, found[0].hint
    public = rules.replace("top public", "public")
    assert not [d for d in diagnose(book(tmp_path / "public", public)) if d.code == "W139"]
