"""Variants as small text files: `extends` with `replace` and `remove`, and their errors."""
import re
from pathlib import Path

import pytest

from tabletop.dsl.diagnostics import RulebookError
from tabletop.interpreter.api import RuleError, load_game
from tabletop.interpreter.errors import SaveError

BASE = '''game "Base"
players 1
var level: int = 3
table gain:
    1 -> 10
define score(p: player): int = level + gain[1]
turn:
    say "level {level}"
    end game "done"
'''


def write(tmp_path, files):
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_calm_seas_replaces_a_table_and_a_variable_of_taboo_atoll_express():
    base, calm = load_game("taboo_atoll_express"), load_game("taboo_atoll_express", variant="calm_seas")
    assert "2 floods a turn" in base.new_state(seed=7).render(0)
    assert "1 floods a turn" in calm.new_state(seed=7).render(0)
    assert calm.title == base.title


def test_a_gap_in_a_table_a_variant_replaced_names_the_replacement(tmp_path):
    import shutil
    book = tmp_path / "taboo"
    shutil.copytree(Path(__file__).resolve().parent.parent / "rulebooks" / "taboo_atoll_express", book)
    calm = book / "variants" / "calm_seas.rules"
    calm.write_text(calm.read_text().replace("    9 to 14 -> 4", "    9 to 12 -> 4"))
    gaps = [w for w in load_game(str(book), variant="calm_seas").warnings if w.code == "W109"]
    assert gaps and all(w.span.file.endswith("/game.rules") and "no entry for 13, 14" in w.message for w in gaps)
    assert all(w.hint.endswith("the table is the one " + str(calm) + ":6 replaces it with") for w in gaps)


def test_a_choice_a_variant_adds_to_an_option_the_base_s_table_lacks_names_the_variant(tmp_path):
    """The base's table has an entry for each choice of its option; a variant that replaces the
    option with one more choice leaves the table a gap, and the base's W109 says which line did."""
    base = ('game "Base"\nplayers 1\noption speed: slow, fast = slow\ntable pace:\n    slow -> 1\n    fast -> 2\n'
            'var level: int = pace[speed]\ndefine score(p: player): int = level\nturn:\n    end game "done"\n')
    write(tmp_path, {"game.rules": base, "variants/v.rules": 'extends "../game.rules"\n'
                     'replace option speed: slow, fast, warp = slow\n'})
    gaps = [w for w in load_game(str(tmp_path), variant="v").warnings if w.code == "W109"]
    assert len(gaps) == 1 and "no entry for warp" in gaps[0].message, [(w.message, w.hint) for w in gaps]
    assert "variants/v.rules:2 replaces the option 'speed'" in gaps[0].hint, gaps[0].hint

def test_replace_and_remove_in_a_variant(tmp_path):
    write(tmp_path, {"game.rules": BASE, "variants/v.rules": '''extends "../game.rules"
replace var level: int = 5
replace table gain:
    1 -> 20
'''})
    s = load_game(str(tmp_path), variant="v").new_state(seed=0)
    assert s.result.scores == [25]
    assert load_game(str(tmp_path)).new_state(seed=0).result.scores == [13]


@pytest.mark.parametrize("line, words", [("remove define score", "without 'define'"),
                                         ("remove table gain", "without 'table'"),
                                         ("remove player var level", "without 'player var'")])
def test_remove_written_with_the_declaring_word_is_told_to_drop_it(tmp_path, line, words):
    write(tmp_path, {"game.rules": BASE, "variants/v.rules": f'extends "../game.rules"\n{line}\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    [d] = e.value.diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E101", 2, 1) and words in d.message
    assert d.hint == f"write 'remove {line.split()[-1]}'"


def test_removing_a_variable_the_base_only_sets_in_one_rule_is_still_an_error(tmp_path):
    """The base's `level = 5` would quietly make a local of that rule's own once `level` is gone."""
    base = BASE.replace('    say "level {level}"\n', "    level = 5\n    say \"level {level}\"\n")
    base = base.replace("define score(p: player): int = level + gain[1]", "define score(p: player): int = gain[1]")
    write(tmp_path, {"game.rules": base, "variants/v.rules": 'extends "../game.rules"\nremove level\n',
                     "variants/own.rules": 'extends "../game.rules"\nremove level\nreplace turn:\n'
                                           '    level = 1\n    end game "done"\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    found = [(d.code, Path(d.span.file).name, d.span.line) for d in e.value.diagnostics]
    assert found == [("E014", "v.rules", 2), ("E014", "game.rules", 8)], found
    assert load_game(str(tmp_path), variant="own").new_state(seed=0).result.scores == [10], \
        "a variant's own rules may use the name as their own"


RANGED = '''game "Ranged"
players 1
var left: int in 0 to 2 = 0
define per_turn: int = 2
define score(p: player): int = left
turn:
    left = per_turn
    end game "done"
'''


@pytest.mark.parametrize("value, words", [("3", "but this sets it to 3."), ("-1", "but this sets it to -1."),
                                          ("per_turn", "but this sets it to 3 ('per_turn' is 3).")])
def test_a_number_certain_to_leave_a_variable_s_range_is_an_error_at_check(tmp_path, value, words):
    rules = RANGED.replace("define per_turn: int = 2", "define per_turn: int = 3").replace("left = per_turn", f"left = {value}")
    write(tmp_path, {"game.rules": rules})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path))
    [d] = e.value.diagnostics
    assert (d.code, d.span.line) == ("E208", 7) and words in d.message and "'left' must stay from 0 to 2" in d.message


def test_a_start_given_by_a_definition_outside_the_range_is_an_error_at_check(tmp_path):
    write(tmp_path, {"game.rules": RANGED.replace("var left: int in 0 to 2 = 0", "var left: int in 0 to 2 = per_turn")
                     .replace("define per_turn: int = 2", "define per_turn: int = 3")})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path))
    assert ("E208", 3, "'left' must stay from 0 to 2, but starts at 3 ('per_turn' is 3).") in \
        [(d.code, d.span.line, d.message) for d in e.value.diagnostics]


def test_a_variant_s_number_that_leaves_a_base_variable_s_range_names_the_variant(tmp_path):
    write(tmp_path, {"game.rules": RANGED, "variants/v.rules": 'extends "../game.rules"\nreplace define per_turn: int = 3\n'})
    assert load_game(str(tmp_path)).new_state(seed=0).result.scores == [2]
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    [d] = e.value.diagnostics
    assert d.code == "E208" and d.span.line == 7 and f"as {tmp_path / 'variants' / 'v.rules'}:2 replaces it, is 3" in d.message


def test_a_variant_s_table_without_a_key_the_base_looks_up_written_out_names_the_variant(tmp_path):
    rules = RANGED.replace("left = per_turn", "left = steps[2]") + "table steps:\n    1 -> 1\n    2 -> 2\n"
    write(tmp_path, {"game.rules": rules, "variants/v.rules": 'extends "../game.rules"\nreplace table steps:\n    1 -> 2\n'})
    load_game(str(tmp_path))
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    [d] = e.value.diagnostics
    assert d.code == "E208" and d.span.line == 7 and "The table 'steps' (as " in d.message \
        and f"{tmp_path / 'variants' / 'v.rules'}:2 replaces it) has no entry for 2" in d.message, d.message


def test_a_variant_that_includes_its_base_instead_of_extending_it_is_told_so(tmp_path):
    write(tmp_path, {"game.rules": BASE, "variants/v.rules": 'include "../game.rules"\nreplace var level: int = 5\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    [d] = e.value.diagnostics
    assert d.code == "E202" and d.span.line == 2 and "an included file's declarations are not" in d.message
    assert "extends \"../game.rules\"', not 'include'" in d.hint


def test_including_a_variant_is_told_to_extend_it(tmp_path):
    write(tmp_path, {"game.rules": BASE, "variants/v.rules": 'extends "../game.rules"\nreplace var level: int = 5\n',
                     "variants/w.rules": 'extends "../game.rules"\ninclude "v.rules"\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="w")
    [d] = e.value.diagnostics
    assert (d.code, Path(d.span.file).name, d.span.line) == ("E013", "w.rules", 2)
    assert "so it cannot be included" in d.message and d.hint.endswith('extend it instead: extends "v.rules"')


def test_a_local_named_like_a_removed_rule_is_no_removed_variable(tmp_path):
    base = BASE + "rule bonus:\n    level += 1\nrule tally:\n    bonus = 2\n    say \"{bonus}\"\n"
    write(tmp_path, {"game.rules": base, "variants/v.rules": 'extends "../game.rules"\nremove bonus\n'})
    assert load_game(str(tmp_path), variant="v").new_state(seed=0).is_over


def test_a_badly_named_variant_file_is_offered_a_name_not_taken(tmp_path):
    write(tmp_path, {"game.rules": BASE, "variants/calm_seas.rules": 'extends "../game.rules"\n',
                     "variants/Calm Seas.rules": 'extends "../game.rules"\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="Calm Seas")
    assert [d.hint for d in e.value.diagnostics if d.code == "E016"] == ["rename the file 'calm_seas_2.rules'"]


def test_a_variant_that_redeclares_without_replace_is_told_to_use_replace(tmp_path):
    write(tmp_path, {"game.rules": BASE, "variants/v.rules": 'extends "../game.rules"\nvar level: int = 5\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    d = e.value.diagnostics[0]
    assert d.code == "E202" and d.span.line == 2 and "replace" in d.hint


def test_replacing_or_removing_something_missing_names_the_closest(tmp_path):
    write(tmp_path, {"game.rules": BASE, "variants/v.rules": 'extends "../game.rules"\nreplace var levle: int = 1\nremove gian\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    codes = {(d.code, d.span.line): d.hint for d in e.value.diagnostics}
    assert "level" in codes[("E015", 2)] and "gain" in codes[("E014", 3)]


def test_an_unknown_variant_lists_the_known_ones():
    with pytest.raises(RulebookError) as e:
        load_game("taboo_atoll_express", variant="calm_sea")
    assert e.value.diagnostics[0].code == "E016"
    assert "calm_seas" in e.value.diagnostics[0].hint


@pytest.mark.parametrize("body, words", [
    ("n = 1000000000\n    x = range(1, n)", "range"),      # (with numbers written in, the checker refuses it)
    ("t = \"ab\"\n    while player_count > 0:\n        t = t + t", "limit"),
    ("xs = [1]\n    while player_count > 0:\n        xs = xs + xs", "limit"),
])
def test_rulebooks_cannot_exhaust_memory(tmp_path, body, words):
    write(tmp_path, {"game.rules": f'game "Greedy"\nplayers 1\nturn:\n    {body}\n    end game "never"\nwinners: players\n'})
    g = load_game(str(tmp_path))
    with pytest.raises(RuleError, match=words) as e:
        g.new_state(seed=0)
    assert e.value.span.line >= 4


def test_a_variants_own_file_with_its_own_name_as_the_variant_is_that_variant():
    """As a save of a Colorcracks game names it: the variant's file, and the variant colorcracks."""
    from tabletop.interpreter.api import load_game
    by_file = load_game("rulebooks/smackshapes/variants/colorcracks.rules", "colorcracks")
    by_name = load_game("rulebooks/smackshapes", "colorcracks")
    assert by_file.compiled.kinds == by_name.compiled.kinds and by_file.variant == "colorcracks"


@pytest.mark.parametrize("game, variant, words", [
    ("smackatoa", "replace define winning_points: int = 150\n", None),
    ("smores_galore", "replace define actions_per_turn: int = 3\nreplace var actions_left: int in 0 to 3 = 0\n",
     "Take an action (3 left)"),
])
def test_a_house_rule_that_changes_a_number_is_a_variant_of_a_line_or_two(tmp_path, game, variant, words):
    """The number a player would change (the score to reach, the actions a turn) is a named
    definition, so the variant replaces it and copies no rule."""
    import random
    import shutil
    from tabletop.interpreter.api import load_game
    book = tmp_path / game
    shutil.copytree(Path(__file__).resolve().parent.parent / "rulebooks" / game, book, ignore=shutil.ignore_patterns("scenarios"))
    (book / "variants").mkdir(exist_ok=True)
    (book / "variants" / "house.rules").write_text('extends "../game.rules"\n\n' + variant)
    g = load_game(str(book), "house")
    s, rnd, prompts = g.new_state(players=3, seed=2), random.Random(2), set()
    while not s.is_over:
        seat = s.pending.players[0]
        prompts.add(s.prompt(seat))
        s.apply(rnd.randrange(len(s.options(seat))), seat, 1.0 if s.pending.timed else None)
    if words:
        assert words in prompts
    else:
        assert max(s.result.scores + list(s.result.side_scores.values())) >= 150
        assert max(s.result.scores + list(s.result.side_scores.values())) < 300


def test_a_variant_s_own_file_is_played_as_that_variant_and_says_so():
    """`simulate rulebooks/x/variants/v.rules` played the variant without saying so (outside author)."""
    path = Path(__file__).resolve().parent.parent / "rulebooks" / "taboo_atoll_express" / "variants" / "calm_seas.rules"
    g = load_game(str(path))
    assert g.variant == "calm_seas"
    assert load_game(str(path), "calm_seas").variant == "calm_seas"


def test_a_variant_that_removes_what_it_then_replaces_is_told_at_the_remove(tmp_path):
    """'replace' said the base had no such rule, with a 'did you mean' about another name
    (outside tester mut10)."""
    from inline import write
    book = write(tmp_path, BASE, **{"variants__v.rules": 'extends "../game.rules"\nremove gain\n'
                                                         'replace table gain:\n    1 -> 20\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(book), "v")
    [d] = e.value.diagnostics
    assert d.code == "E015" and (Path(d.span.file).name, d.span.line, d.span.column) == ("v.rules", 2, 8), d
    assert "which the variant goes on to replace at line 3" in d.message


def test_a_kind_declared_again_in_a_variant_is_one_error(tmp_path):
    """`kind card` for `extend kind card` gave the E202 and 15 follow-ons in both files (outside
    tester mut10)."""
    from inline import write
    rules = '''game "Cards"
players 2
kind card from "cards.yaml":
    name: text
    rank: int
zone deck: card, hidden
player var points: int = 0
setup:
    deck = shuffled(card)
turn:
    current.points += first(deck).rank
    end game "Done."
define score(p: player): int = p.points
'''
    book = write(tmp_path, rules, **{"cards.yaml": "card:\n  - {name: A, rank: 1}\n",
                                     "variants__v.rules": 'extends "../game.rules"\nkind card from "more.yaml":\n    bonus: int\n',
                                     "variants__more.yaml": "card:\n  - {name: B, rank: 2, bonus: 1}\n"})
    with pytest.raises(RulebookError) as e:
        load_game(str(book), "v")
    assert [d.code for d in e.value.diagnostics] == ["E202"], e.value.diagnostics


def test_a_rule_replaced_with_other_values_says_so_at_the_base_s_calls(tmp_path):
    from inline import write
    rules = BASE + "rule bump:\n    level += 1\n"
    rules = rules.replace("turn:", "turn:\n    bump()", 1)
    book = write(tmp_path, rules, **{"variants__v.rules": 'extends "../game.rules"\nreplace rule bump(p: player):\n    level += 2\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(book), "v")
    # (since round 10 one error at the replacement comes first, naming the base's calls)
    lead, d = e.value.diagnostics[:2]
    assert lead.code == "E301" and lead.span.file.endswith("v.rules") and lead.span.line == 2, lead
    assert d.code == "E207" and "'bump' was replaced by" in d.hint and "as '(p: player)'" in d.hint, d


def test_remove_of_a_bare_name_inside_a_block_says_where_remove_name_belongs(tmp_path):
    """`remove NAME` indented under a rule reads as the zone statement missing its 'from'."""
    rules = BASE.replace('    say "level {level}"\n', '    say "level {level}"\n    remove level\n')
    write(tmp_path, {"game.rules": rules})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path))
    d = e.value.diagnostics[0]
    assert d.code == "E101" and "expected 'from'" in d.message
    assert "'remove NAME' written at the left margin" in d.hint


def test_a_table_replaced_with_values_of_another_kind_is_named_at_the_base_error(tmp_path):
    """The base adds `gain[1]` to a number; the variant's table gives texts: the error is at the
    base's line (whose words only name 'score'), and its hint names the replacing line."""
    write(tmp_path, {"game.rules": BASE, "variants/v.rules": 'extends "../game.rules"\nreplace table gain:\n'
                                                             '    1 -> "ten"\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    # (since round 10 one error at the replacement comes first, naming the base's line)
    lead, d = e.value.diagnostics
    assert lead.code == "E301" and lead.span.file.endswith("v.rules") and lead.span.line == 2, lead
    assert "where the base has a table of whole numbers" in lead.message and "game.rules:6)" in lead.message, lead
    assert d.code == "E301" and d.span.file.endswith("game.rules") and d.span.line == 6
    assert d.hint.startswith("'gain' was replaced by ") and d.hint.endswith(
        "v.rules:2 as a table of texts; the base's rules use it as a table of whole numbers"), d.hint


@pytest.mark.parametrize("line, message, hint", [
    ("replace players 1 to 2", "A variant cannot replace the player count.", "write 'players ...' again, without"),
    ('replace game "Again"', "A variant cannot replace the title.", "write 'game \"...\"' again, without"),
    ("extend event boom(p: player)", "A variant cannot extend an event.", "declare a new event under another name"),
])
def test_what_a_variant_cannot_replace_says_what_it_does_instead(tmp_path, line, message, hint):
    """'replace players' was "did you mean 'player'?", and 'extend event' a list of expected words."""
    write(tmp_path, {"game.rules": BASE, "variants/v.rules": f'extends "../game.rules"\n{line}\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    [d] = e.value.diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E101", 2, len(line.split()[0]) + 2)
    assert d.message == message and d.hint.startswith(hint), d


def test_a_variant_gives_the_player_count_and_title_again_without_replace(tmp_path):
    write(tmp_path, {"game.rules": BASE, "variants/v.rules": 'extends "../game.rules"\nplayers 1 to 2\ngame "Again"\n'})
    g = load_game(str(tmp_path), variant="v")
    assert (g.title, g.max_players) == ("Again", 2)


@pytest.mark.parametrize("line, what", [
    ("extend var level: int = 4", "a variable"),
    ("extend define bonus: int = 2", "a definition"),
    ("extend die d6: 1 to 6", "a die"),
])
def test_extend_of_what_only_replace_changes_says_to_write_replace(tmp_path, line, what):
    """'extend var' was a bare "Unexpected 'var'; expected the end of the line, 'kind', ..."."""
    write(tmp_path, {"game.rules": BASE + "define bonus: int = 1\n",
                     "variants/v.rules": f'extends "../game.rules"\n{line}\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    [d] = e.value.diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E101", 2, len("extend ") + 1)
    assert d.message.startswith(f"A variant cannot extend {what}: 'extend' adds"), d
    assert "entries to a table" in d.message and d.message.endswith("a section or the display."), d.message
    assert d.hint.startswith("write 'replace' in place of 'extend'"), d


def test_a_variant_that_removes_an_enum_it_uses_itself_is_told_at_the_remove(tmp_path):
    """The variant's own use of the removed type was the only error, an "Unknown type" that did
    not name the `remove` line, with the base's uses folded into its hint."""
    base = BASE.replace("var level: int = 3\n", "enum colour: red, blue\nvar paint: colour = red\nvar level: int = 3\n")
    write(tmp_path, {"game.rules": base, "variants/v.rules": 'extends "../game.rules"\n'
                                                           "define best: list of colour = [red]\nremove colour\n"})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    lead, use = e.value.diagnostics[:2]
    assert (lead.code, lead.span.file.endswith("v.rules"), lead.span.line) == ("E014", True, 3), lead
    assert lead.message.startswith("This removes 'colour', but the base rulebook still uses it (") and \
        "game.rules:4)" in lead.message, lead
    assert (use.code, use.span.line) == ("E204", 2) and use.hint.startswith("'colour' was removed by line 3"), use


def test_the_base_use_of_a_removed_name_is_found_in_a_folder_with_a_space(tmp_path):
    """The base's use, folded into the variant's error, was read back out of the hint's words by
    a pattern of a path without spaces: 'games/game.rules:4' was named, not the file."""
    folder = tmp_path / "my games"
    base = BASE.replace("var level: int = 3\n", "enum colour: red, blue\nvar paint: colour = red\nvar level: int = 3\n")
    write(folder, {"game.rules": base, "variants/v.rules": 'extends "../game.rules"\n'
                                                         "define best: list of colour = [red]\nremove colour\n"})
    with pytest.raises(RulebookError) as e:
        load_game(str(folder), variant="v")
    lead = e.value.diagnostics[0]
    assert lead.code == "E014" and lead.message.endswith(f"still uses it ({folder / 'game.rules'}:4)."), lead


@pytest.mark.parametrize("line, example", [
    ("replace level: int = 4", "'replace define level...' or 'replace var level...'"),
    ("replace score(p: player): int = 1", "'replace define score...'"),
    ("extend scoring:\n    pass", "'extend rule scoring:' or 'extend kind scoring:'"),
])
def test_replace_or_extend_without_the_declaring_word_says_to_write_it(tmp_path, line, example):
    """'replace level: ...' was "Unexpected 'level'; expected the end of the line, 'define', ..."."""
    write(tmp_path, {"game.rules": BASE, "variants/v.rules": f'extends "../game.rules"\n{line}\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    [d] = e.value.diagnostics
    verb, name = line.split()[0], re.match(r"\w+ (\w+)", line).group(1)
    assert (d.code, d.span.line, d.span.column) == ("E101", 2, len(verb) + 2)
    assert d.message == (f"'{verb}' is followed by the whole declaration, with its first word: '{name}' alone "
                         "does not say what it is."), d
    assert example in d.hint, d


# A house rule written by a player: three mistakes in one variant file, each told at once.
HOUSE_BASE = '''game "House"
players 2
kind card from "cards.yaml":
    name: text
    value: int
zone deck: card, hidden
player var points: int = 0
define target: int = 30
rule gain(n: int):
    current.points += n
    if current.points >= target:
        end game "{current} wins."
turn:
    gain(1)
    gain(2)
    gain(3)
define score(p: player): int = p.points
'''
HOUSE_CARDS = "cards:\n  - {name: Ace, value: 1}\n"


def test_a_misspelt_replace_does_not_hide_the_variants_other_mistakes(tmp_path):
    """The unknown `replace` is left out, and the rest of the variant is still checked: the
    removed rule the base still calls and the data field the kind lacks are told with it."""
    from inline import diagnostics
    found = diagnostics(tmp_path, HOUSE_BASE, "house", **{
        "cards.yaml": HOUSE_CARDS,
        "variants__house.rules": 'extends "../game.rules"\nreplace define targt: int = 10\nremove gain\n'
                                 'extend kind card from "house.yaml"\n',
        "variants__house.yaml": "cards:\n  - {name: Shell, value: 2, bonus: 5}\n"})
    said = {(d.code, Path(d.span.file).name, d.span.line) for d in found}
    assert ("E015", "house.rules", 2) in said and "did you mean 'target'?" in found[[d.code for d in found].index("E015")].hint
    assert ("E014", "house.rules", 3) in said
    assert ("E023", "house.yaml", 2) in said


def test_a_data_error_is_not_lost_beside_a_syntax_error(tmp_path):
    """A line that does not parse and a data record with an unknown field: both are told (the
    data errors were cut short by as many as there were syntax errors)."""
    from inline import diagnostics
    found = diagnostics(tmp_path, HOUSE_BASE + "var broken: int = = 1\n",
                        **{"cards.yaml": "cards:\n  - {name: Ace, value: 1, bonus: 5}\n"})
    assert any(d.code.startswith("E1") for d in found), found
    assert any(d.code == "E023" and "'bonus'" in d.message for d in found), found


def test_removing_a_rule_the_base_calls_counts_every_place_it_is_called(tmp_path):
    from inline import diagnostics
    found = diagnostics(tmp_path, HOUSE_BASE, "house", **{
        "cards.yaml": HOUSE_CARDS, "variants__house.rules": 'extends "../game.rules"\nremove gain\n'})
    lead = found[0]
    assert lead.code == "E014" and lead.message.endswith("game.rules:14 and 2 more places)."), lead
    [use] = [d for d in found if d.code == "E201"]
    assert re.fullmatch(r"'gain' was removed by .*house\.rules:2; the same at 2 more places \(lines 15, 16\)", use.hint), use


def test_a_field_the_kind_lacks_in_a_variants_data_is_declared_under_its_extend(tmp_path):
    """The variant cannot edit the base's kind: the hint names its own `extend kind` line."""
    from inline import diagnostics
    [d] = diagnostics(tmp_path, HOUSE_BASE, "house", **{
        "cards.yaml": HOUSE_CARDS,
        "variants__house.rules": 'extends "../game.rules"\nextend kind card from "house.yaml"\n',
        "variants__house.yaml": "cards:\n  - {name: Shell, value: 2, bonus: 5}\n"})
    assert d.code == "E023" and re.fullmatch(
        r"declare it under 'extend kind card from \"house\.yaml\":' \(.*house\.rules:2\), as 'bonus: TYPE, "
        r"default \.\.\.' \(the base's records do not give it\)", d.hint), d


COLOURS = '''game "Colours"
players 1
option length: short, long = short
enum colour: red, blue
table points:
    red -> 1
    blue -> 2
var total: int = 0
define rounds: int = if length == short then 1 else 3
define score(p: player): int = total
turn:
    repeat rounds times:
        choose c from [red, blue] labelled "Take {c}"
        total += points[c]
    end game "done"
'''


def test_a_variant_adds_a_value_to_an_enum_and_a_choice_to_an_option_without_repeating_them(tmp_path):
    """A new card title, role or dish was a `replace enum` repeating every value of the base's
    (26 titles for one new card): `extend enum` and `extend option` add the new ones alone."""
    write(tmp_path, {"game.rules": COLOURS, "variants/green.rules": '''extends "../game.rules"
extend enum colour: green
extend option length: marathon
replace table points:
    red -> 1
    blue -> 2
    green -> 5
replace define rounds: int = if length == marathon then 6 else if length == short then 1 else 3
replace turn:
    repeat rounds times:
        choose c from [red, blue, green] labelled "Take {c}"
        total += points[c]
    end game "done"
'''})
    g = load_game(str(tmp_path), variant="green", options={"length": "marathon"})
    assert g.options["length"]["choices"] == ["short", "long", "marathon"]
    assert g.options["length"]["default"] == "short"
    s = g.new_state(seed=1)
    assert s.options(0) == ["Take red", "Take blue", "Take green"]
    for _ in range(6):
        s.apply_label("Take green")
    assert s.is_over and s.scores() == [30]
    assert load_game(str(tmp_path)).options["length"]["choices"] == ["short", "long"]    # the base is as it was


def test_an_extend_of_an_enum_or_option_adds_new_values_only(tmp_path):
    write(tmp_path, {"game.rules": COLOURS, "variants/v.rules":
                     'extends "../game.rules"\nextend enum colour: green, red\nextend option length: epic = epic\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    found = {(d.code, d.span.line, d.span.column): d for d in e.value.diagnostics}
    red = found[("E015", 2, 28)]
    assert "adds 'red', which the enum already has" in red.message and red.hint == "leave 'red' out"
    default = next(d for (code, line, _), d in found.items() if line == 3)
    assert default.code == "E015" and "cannot change the option's default, 'short'" in default.message


def test_a_change_left_out_does_not_hide_the_games_structure_errors(tmp_path):
    """A misspelt `replace` is left out of the merge and the rest is checked, but it counted as a
    syntax error, which hides the game's structure (a broken section might hold it): removing
    `score` left no way to find the winners, and nothing said so."""
    write(tmp_path, {"game.rules": BASE, "variants/v.rules":
                     'extends "../game.rules"\nreplace define scroe(p: player): int = 2\nremove score\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    assert [(d.code, d.span.line) for d in e.value.diagnostics] == [("E015", 2), ("E405", 3)]


def test_a_definition_replaced_with_another_result_type_is_named_where_its_value_went(tmp_path):
    """Colorcracks' `tap_targets` replaced as a list of players: the base's errors are about the
    `c` its secret choice took from it (`tap_label(c)`, `correct(c)`, the lists `c` goes into),
    whose words never name 'tap_targets'; each hint names the variant's line and the base's line
    that reads it."""
    import shutil
    book = tmp_path / "smackshapes"
    shutil.copytree(Path(__file__).resolve().parent.parent / "rulebooks" / "smackshapes", book)
    variant = book / "variants" / "colorcracks.rules"
    text = variant.read_text()
    old = "replace define tap_targets: list of card = table + [none]"
    assert old in text
    variant.write_text(text.replace(old, "replace define tap_targets: list of player = players"))
    at = text[:text.index(old)].count("\n") + 1
    reads = 1 + (book / "game.rules").read_text().split("\n").index(
        next(x for x in (book / "game.rules").read_text().split("\n") if "chooses c from tap_targets" in x))
    with pytest.raises(RulebookError) as e:
        load_game(str(book), variant="colorcracks")
    base = [d for d in e.value.diagnostics if d.span.file.endswith("game.rules") and d.severity == "error"]
    assert len(base) >= 2 and any(d.span.line == reads + 1 for d in base), [(d.span.line, d.message) for d in base]
    for d in base:
        assert f"reads 'tap_targets', which" in d.hint and f"colorcracks.rules:{at} replaces as 'list of player' " \
            "where the base has 'list of card'" in d.hint, (d.span.line, d.message, d.hint)


def test_an_error_that_quotes_a_removed_name_in_another_role_is_not_said_to_follow_from_the_removal(tmp_path):
    """note_changes read "'level'" in the words of an error about a call's parameter named level and
    said "'level' was removed by line 2"; it now reads what the error is about (Diagnostic.about)."""
    write(tmp_path, {"game.rules": BASE.replace("level + ", "").replace("level {level}", "hello"),
                     "variants/v.rules": 'extends "../game.rules"\nremove level\n'
                                         'define bonus(level: int): int = level\ndefine b: int = bonus("x")\n'})
    with pytest.raises(RulebookError) as e:
        load_game(str(tmp_path), variant="v")
    [d] = [d for d in e.value.diagnostics if d.code == "E301"]
    assert d.message == "'bonus' wants an int for 'level', not a text.", d
    assert "removed" not in d.hint, d.hint



@pytest.mark.parametrize("saved_with, loaded_with", [("calm_seas", None), (None, "calm_seas")])
def test_a_state_loaded_into_another_variant_names_the_variant_it_was_played_with(saved_with, loaded_with):
    """load_state took a state of Calm Seas into the base game (and the other way) without a word,
    and the game went on under the other rules."""
    state = load_game("taboo_atoll_express", variant=saved_with).new_state(seed=3).to_json()
    with pytest.raises(SaveError) as e:
        load_game("taboo_atoll_express", variant=loaded_with).load_state(state)
    if saved_with:
        assert str(e.value).endswith("it was played with the variant 'calm_seas', and this game was loaded without a "
                                     "variant (load the game with variant='calm_seas' to go on: at the command line, "
                                     "--variant calm_seas)."), e.value
    else:
        assert str(e.value).endswith("it was played without a variant, and this game was loaded with the variant "
                                     "'calm_seas' (load the game without a variant to go on: at the command line, "
                                     "without --variant)."), e.value


def test_a_state_of_one_variant_loaded_into_another_names_both(tmp_path):
    write(tmp_path, {"game.rules": BASE, "variants/a.rules": 'extends "../game.rules"\n',
                     "variants/b.rules": 'extends "../game.rules"\n'})
    state = load_game(str(tmp_path), variant="a").new_state(seed=1).to_json()
    with pytest.raises(SaveError, match="it was played with the variant 'a', and this game was loaded with the "
                                        "variant 'b' \\(load the game with variant='a' to go on: at the command "
                                        "line, --variant a\\)"):
        load_game(str(tmp_path), variant="b").load_state(state)
