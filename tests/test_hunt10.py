"""What the tenth broken-rulebook hunt (tests/hunt/cases10.py) found: mistakes that show only in
play (a table looked up by a key a variant's table lacks, a choice with nothing to choose, a seat
asked of a player variable never set, a loop that never ends) and in variant files (a `replace`
of a name the base declares as another sort, an `extend` or `replace` of a name with no near
name in the base, a `replace option` of a label the menu lacks, a removal that another variant
goes on to replace, a variant's data under another kind's name, the removal of an event or a die
the base still uses). Each test is one edit of a test game, or one variant file of a small
rulebook, with what `simulate` or the checker must say; each fails without the change it names."""
import json
from pathlib import Path

import pytest

from inline import edited
from tabletop.interpreter import cli
from test_author_mistakes import build, diagnose, expect, run

TESTS = Path(__file__).resolve().parent
GAMES = TESTS / "games"
VARIANT = "variants/x.rules"


def first_error(capsys, folder, *args, games: int = 3) -> str:
    """The first error message of `simulate` (3 games, seed 1), which must fail. The first game is
    the same in a run of any length, and so is its message: a runaway, which spends the whole work
    budget in each game, is run once (`games=1`)."""
    code = cli.main(["simulate", str(folder), "-n", str(games), "--seed", "1", "--json", "--workers", "1",
                     *map(str, args)])
    stats = json.loads(capsys.readouterr().out)
    assert code == 1 and stats["error_messages"], stats
    return stats["error_messages"][0]


def variant_of(tmp_path, text: str, data: str | None = None):
    """The small rulebook of test_author_mistakes.py with a variant x (its data file x.yaml):
    what checking it with the variant finds, and the line of the '^' in the variant's text."""
    line = text[:text.index("^")].count("\n") + 2 if "^" in text else 0
    add = {VARIANT: 'extends "../game.rules"\n' + text.replace("^", "")}
    if data is not None:
        add["variants/x.yaml"] = data
    found, _ = run(tmp_path, add=add, variant="x")
    return found, line


# ------------------------------------------------------------------ play: what was missing, and the fix
def test_a_look_up_a_replaced_table_lacks_names_the_table_and_its_entries(tmp_path, capsys):
    """A variant's `replace table` with a gap: was "The table 'hand_size' has no entry for 6." at
    the base's look-up, naming neither the table's lines nor what to do."""
    folder = edited(tmp_path, GAMES / "draft", "players 2 to 5", "players 2 to 6")
    (folder / "variants").mkdir()
    (folder / VARIANT).write_text('extends "../game.rules"\nreplace table hand_size:\n    2 to 4 -> 8\n    5 -> 7\n')
    said = first_error(capsys, folder, "--variant", "x", "--players", 6)
    assert "The table 'hand_size' has no entry for 6" in said, said
    assert f"written at {folder / VARIANT}:2, has entries for 2 to 4, 5" in said, said
    assert "Add an entry for 6 to the table" in said, said


def test_a_choice_with_nothing_to_choose_says_who_is_stuck_and_the_guard(tmp_path, capsys):
    """Flip without its pass: was "'choose s from legal(current)' has nothing to choose from:
    'legal(current)' is empty." alone."""
    folder = edited(tmp_path, GAMES / "flip", "        say \"{current} cannot place a disc and passes.\"\n        return\n",
                    "        say \"{current} cannot place a disc and passes.\"\n")
    said = first_error(capsys, folder)
    assert "'legal(current)' is empty. Player " in said and "was to choose, and cannot." in said, said
    assert "'if count(legal(current)) > 0:' around it" in said, said


def test_a_choice_no_item_meets_says_who_is_stuck(tmp_path, capsys):
    folder = edited(tmp_path, GAMES / "yacht", "if all([count(p.used) == count(category) for p in players]):",
                    "if all([count(p.used) == count(category) + 1 for p in players]):")
    said = first_error(capsys, folder)
    assert "meets the condition 'cat not in current.used'. Player 1 was to choose, and cannot." in said, said
    assert "'may choose'" in said, said


def test_a_seat_asked_of_a_player_never_set_names_it(tmp_path, capsys):
    """The auctioneer never set: was "The player here is none (no player is named), so nobody can
    have a seat to its left."."""
    folder = edited(tmp_path, GAMES / "auction", "    auctioneer = players[0]\n", "    pass\n")
    said = first_error(capsys, folder)
    assert "'auctioneer' is none here (no player is named), so nobody can have a seat to its left." in said, said
    assert "Set 'auctioneer' to a player before this line" in said, said


def test_a_local_that_is_none_names_the_line_that_set_it(tmp_path, capsys):
    """The lots run out and `up = first(block)` is none: was "('up' is none here)" alone, at the
    line that read it."""
    folder = edited(tmp_path, GAMES / "auction", "    while count(lots) > 0:", "    while count(lots) >= 0:")
    said = first_error(capsys, folder)
    assert f"game.rules:46:" in said, said
    assert f"('up' is none here, as set at {folder / 'game.rules'}:45: 'up = first(block)')" in said, said


def test_a_game_variable_that_is_none_names_no_line_that_set_a_local(tmp_path, capsys):
    """`auctioneer` is a variable of the game, not a local: no line is named for it."""
    folder = edited(tmp_path, GAMES / "auction", '    say "{auctioneer} puts up the {up.name} ({up.value})."',
                    '    auctioneer = none\n    say "{auctioneer.coins} coins."')
    said = first_error(capsys, folder)
    assert "('auctioneer' is nobody here)" in said, said


def test_a_value_out_of_range_in_a_rule_names_the_call(tmp_path, capsys):
    """`advance(current, 0 - r)`: was "'position' of Player 2 must stay from 0 to 20, but would
    become -6." at the rule's line alone, not the call that passed the number."""
    folder = edited(tmp_path, TESTS / "hunt" / "games5" / "race", "            advance(current, r)",
                    "            advance(current, 0 - r)")
    said = first_error(capsys, folder)
    assert "game.rules:22:5: 'position' of Player" in said and "but would become -" in said, said
    assert f"(It is in a rule called at {folder / 'game.rules'}:33.)" in said, said


def test_an_error_on_the_calling_line_itself_names_no_call(tmp_path, capsys):
    folder = edited(tmp_path, TESTS / "hunt" / "games5" / "race", "            advance(current, r)",
                    "            advance(current, 100 / (r - r))")
    said = first_error(capsys, folder)
    assert "game.rules:33:" in said and "called at" not in said, said


@pytest.mark.slow        # runs a million statements; test_codegen keeps a quicker runaway of the step budget
def test_rules_that_never_pause_name_the_loop_they_were_in(tmp_path, capsys):
    """A `while` on the hands that are never empty enough: was "the rule 'draft_round' seems to
    loop forever" at a line of the loop's body, naming no loop."""
    folder = edited(tmp_path, GAMES / "draft", "while count(first(players).hand) > 0:",
                    "while count(first(players).hand) >= 0:")
    said = first_error(capsys, folder, games=1)
    assert f"It was inside the while loop at {folder / 'game.rules'}:59: check that its condition can become false" \
        in said, said


# ------------------------------------------------------------------ variants: the fix in the hint
def test_replace_of_a_name_the_base_declares_as_another_sort_gives_the_words(tmp_path):
    """Was "write 'replace' before a definition declaration"."""
    found, line = variant_of(tmp_path, "replace rule ^best:\n    pass\n")
    expect(found, "E015", "x.rules", (line, None), "'best' is a definition in the base",
           "write 'replace define best ...' with the whole new definition")
    (tmp_path / "b").mkdir()
    found, line = variant_of(tmp_path / "b", "replace define ^deck: int = 1\n")
    expect(found, "E015", "x.rules", (line, None), "write 'replace zone deck ...' with the whole new zone")


def test_an_extend_of_a_name_with_no_near_one_lists_the_bases(tmp_path):
    """Was an empty hint."""
    found, line = variant_of(tmp_path, 'extend kind ^gem from "x.yaml":\n    weight: int, default 0\n',
                             'gems:\n  - {name: "Opal"}\n')
    expect(found, "E015", "x.rules", (line, None), "the base's kinds: 'card', 'cell'")


def test_a_replace_option_of_a_label_the_menu_lacks_lists_its_labels(tmp_path):
    """Was "name the option by its label exactly as the base writes it, braces and all" alone."""
    base = ('    if level < 9:\n', '    choose prompt "Act":\n        option "Rest":\n            pass\n'
                                  '        option "Climb {level}":\n            pass\n    if level < 9:\n')
    (tmp_path / "v").mkdir()
    found, _ = run(tmp_path / "v", base, add={VARIANT: 'extends "../game.rules"\nextend choose in turn:\n'
                                                      '    remove option "Sleep"\n'}, variant="x")
    expect(found, "E015", "x.rules", (3, None), '"Rest", "Climb {level}"')


def test_a_removal_another_variant_replaces_names_that_file(tmp_path):
    """Was "which the variant goes on to replace at line 2", the line of another file."""
    found, _ = run(tmp_path, add={"variants/a.rules": 'extends "../game.rules"\nremove bonus\n',
                                  VARIANT: 'extends "a.rules"\nreplace table bonus:\n    hearts -> 1\n    spades -> 1\n'},
                   variant="x")
    hit = expect(found, "E015", "a.rules", (2, None), "goes on to replace at line 2 of")
    assert "x.rules" in hit.message, hit.message


def test_a_variants_records_under_another_kinds_name_are_warned_of(tmp_path):
    """`cells:` in the data file of `extend kind card`: was read as cards, silently. Any key is
    read (tests/hunt/cases.py, "top key of another file"), so it is a warning."""
    found, _ = variant_of(tmp_path, 'extend kind card from "x.yaml":\n    power: int, default 0\n',
                          'cells:\n  - {name: "Joker", suit: hearts, rank: 9}\n')
    hit = expect(found, "W129", "x.yaml", (1, 1), "under 'cells', which names the kind 'cell'", "write 'cards:'")
    assert hit.severity == "warning" and not [d for d in found if d.severity == "error"], found


def test_two_kinds_reading_one_file_are_not_warned_of(tmp_path):
    found, _ = run(tmp_path, ("kind cell from \"cells.yaml\":", "kind spot from \"cells.yaml\":\n    name: text\n    row: int\n"
                                                               "    col: int\nkind cell from \"cells.yaml\":"))
    assert not [d for d in found if d.code == "W129"], found


def test_a_data_file_under_a_name_of_its_own_is_still_read(tmp_path):
    found, _ = variant_of(tmp_path, 'extend kind card from "x.yaml":\n    power: int, default 0\n',
                          'jokers:\n  - {name: "Joker", suit: hearts, rank: 9}\n')
    assert not [d for d in found if d.severity == "error"], [str(d.span) + d.message for d in found]


def checked(capsys, book, variant: str) -> list:
    """The diagnostics of `tabletop check --variant` (which notes a removal in the base's errors)."""
    cli.main(["check", "--format", "json", "--variant", variant, str(book)])
    return json.loads(capsys.readouterr().out)["diagnostics"]


def test_removing_an_event_or_a_die_the_base_uses_is_told_at_the_removal(tmp_path, capsys):
    """Was an E201 in the base, "There is no event named 'rose'", naming no removal."""
    change = ("    if level < 9:\n", "    signal rose(current)\n    say \"{roll(d6)}\"\n    if level < 9:\n")
    for name in ("rose", "d6"):
        book = tmp_path / name / "book"
        book.parent.mkdir()
        build(book, change, add={VARIANT: f'extends "../game.rules"\nremove {name}\n'})
        rules = book / "game.rules"
        rules.write_text(rules.read_text(encoding="utf-8") + "event rose(p: player)\ndie d6: 1 to 6\n", encoding="utf-8")
        assert not [d for d in diagnose(book) if d.severity == "error"]
        first = checked(capsys, book, "x")[0]
        assert first["code"] == "E014" and first["file"].endswith(VARIANT) and first["line"] == 2, first
        assert f"This removes '{name}', but the base rulebook still uses it" in first["message"], first


# ------------------------------------------------------------------ variants: the first error at the variant's line
def test_a_variants_name_the_base_gives_its_locals_is_told_at_the_variant(tmp_path, capsys):
    """`define c: int = 1` in a variant of a base that writes `[c.rank for c in cs]`: was E202s
    and type errors in the base alone, the first of them at a line of the base."""
    book = tmp_path / "book"
    build(book, add={VARIANT: 'extends "../game.rules"\ndefine c: int = 1\n'})
    first = checked(capsys, book, "x")[0]
    assert first["code"] == "E202" and first["file"].endswith(VARIANT) and (first["line"], first["column"]) == (2, 8), first
    assert "This definition is named 'c', a name the base rulebook gives its own parameters and locals" in first["message"]
    assert "give the definition a name the base does not use" in first["hint"], first


def test_a_replacement_of_another_type_is_told_at_the_variant_first(tmp_path, capsys):
    """`replace define best(...): text`: was an E301 at the base's line first, with the variant's
    line in its hint only."""
    book = tmp_path / "book"
    build(book, add={VARIANT: 'extends "../game.rules"\nreplace define best(cs: list of card): text = "high"\n'})
    found = checked(capsys, book, "x")
    first = found[0]
    assert first["code"] == "E301" and first["file"].endswith(VARIANT) and first["line"] == 2, first
    assert "This replaces 'best' as" in first["message"] and "the base's rules still use it" in first["message"], first
    assert any(d["file"].endswith("game.rules") and "'best' was replaced by" in d["hint"] for d in found[1:]), found


def test_a_table_replaced_with_keys_of_another_enum_names_both_enums(tmp_path, capsys):
    book = tmp_path / "book"
    build(book, ("table bonus:\n    hearts -> 2\n    spades -> 1\n",
                 "enum colour: red, blue\ntable bonus:\n    hearts -> 2\n    spades -> 1\n"),
          add={VARIANT: 'extends "../game.rules"\nreplace table bonus:\n    red -> 2\n    blue -> 1\n'})
    first = checked(capsys, book, "x")[0]
    assert first["file"].endswith(VARIANT) and first["line"] == 3, first      # at the first key
    assert "keyed by the values of 'colour' where the base has a table keyed by the values of 'suit'" in first["message"]


def test_a_replacement_field_without_a_default_over_the_bases_data_is_told_at_the_field(tmp_path, capsys):
    """Was an E022 at each base record, "the field 'weight' is missing", naming no variant."""
    book = tmp_path / "book"
    build(book, add={VARIANT: 'extends "../game.rules"\nreplace kind card from "../cards.yaml":\n    name: text\n'
                              '    suit: suit\n    rank: int\n    weight: int\n'})
    found = checked(capsys, book, "x")
    assert len(found) == 1 and found[0]["code"] == "E022", found
    assert found[0]["file"].endswith(VARIANT) and found[0]["line"] == 6, found
    assert "The field 'weight' of this replacement has no default" in found[0]["message"], found
    assert "'weight: int, default ...'" in found[0]["hint"], found
