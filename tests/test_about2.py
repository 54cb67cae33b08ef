"""The passes that amend a diagnostic after it is made decide by its code and `about` (data set
where it is made), never by the words of its message or hint: each case here is played with every
message and hint reworded (upper-cased as it is made), and must find the same errors at the same
places. Each fails on the code that matched the words (`_MISSING` in the checker, the loader's
`_REMOVE_ALONE`, the parser's `_mended` comparing two exact sentences)."""
import shutil
from pathlib import Path

import pytest

from inline import edited
from tabletop.dsl import diagnostics
from test_author_mistakes import diagnose

TESTS = Path(__file__).resolve().parent
GAMES = TESTS / "games"
RULEBOOKS = TESTS.parent / "rulebooks"


@pytest.fixture
def reworded(monkeypatch):
    """Every diagnostic's message and hint in other words (the same words upper-cased), from the
    moment it is made: a pass that reads the words no longer finds them."""
    made = diagnostics.Diagnostic.__init__

    def init(self, code, message, span, hint="", *args, **kw):
        made(self, code, message.upper(), span, (hint or "").upper(), *args, **kw)
    monkeypatch.setattr(diagnostics.Diagnostic, "__init__", init)


def errors_of(folder, variant=None) -> list:
    return [d for d in diagnose(folder, variant) if d.severity == "error"]


def shown(found) -> list:
    return [f"{d.code} {d.span.line}: {d.message} | {d.hint}" for d in found]


def test_a_zone_misspelt_where_declared_is_one_error_in_any_words(tmp_path, reworded):
    """`zone tabel`, `table` used twice: one error, at the declaration, about the name."""
    folder = edited(tmp_path, GAMES / "mini", "zone table: card, public", "zone tabel: card, public")
    found = errors_of(folder)
    assert [(d.code, d.span.line, d.about) for d in found] == [("E201", 12, ("names", "tabel"))], shown(found)
    assert "DECLARED HERE AND NEVER USED" in found[0].message, shown(found)     # the reworded words


def test_a_misspelt_variable_and_its_local_are_one_error_in_any_words(tmp_path, reworded):
    """`var levl` in Smackatoa!, whose rules set and read `level`: the local set ("set here but
    never used") and the unknown reads are one error at the declaration."""
    folder = tmp_path / "k"
    shutil.copytree(RULEBOOKS / "smackatoa", folder)
    rules = folder / "game.rules"
    rules.write_text(rules.read_text().replace("var level: int in 1 to 4 = 1", "var levl: int in 1 to 4 = 1"))
    found = errors_of(folder)
    assert [(d.code, d.span.line) for d in found] == [("E201", 131)], shown(found)


def test_a_block_without_its_colon_is_mended_in_any_words(tmp_path, reworded):
    """Yacht's `while rerolls > 0` without its ':': its rule's other slip is still told."""
    folder = edited(tmp_path, GAMES / "yacht", "    while rerolls > 0:\n", "    while rerolls > 0\n")
    rules = folder / "game.rules"
    rules.write_text(rules.read_text().replace("    add cat to current.used\n", "    add kat to current.used\n"))
    found = errors_of(folder)
    assert [(d.code, d.span.line) for d in found] == [("E101", 67), ("E201", 78)], shown(found)
    assert found[0].about == ("':' missing",), shown(found)


def test_an_equals_sign_in_a_condition_is_mended_in_any_words(tmp_path, reworded):
    """`if s != none and s.bonus = 0:`: its rule's other slip is still told."""
    folder = edited(tmp_path, TESTS / "hunt" / "games5" / "race", "    if s != none and s.bonus > 0:",
                    "    if s != none and s.bonus = 0:")
    rules = folder / "game.rules"
    rules.write_text(rules.read_text().replace("        p.position = min(p.position + s.bonus",
                                               "        p.position = min(p.positon + s.bonus"))
    found = errors_of(folder)
    assert [(d.code, d.span.line) for d in found] == [("E101", 24), ("E201", 26)], shown(found)
    assert found[0].about == ("'=' for '=='",), shown(found)


def test_remove_with_its_keyword_names_the_base_name_in_any_words(tmp_path, reworded):
    """`remove var water_levl` in a variant of Taboo: the hint names the base's `water_level`."""
    folder = tmp_path / "t"
    shutil.copytree(RULEBOOKS / "taboo_atoll_express", folder)
    (folder / "variants" / "x.rules").write_text('extends "../game.rules"\nremove var water_levl\n')
    found = errors_of(folder, "x")
    assert found and found[0].span.line == 2, shown(found)
    assert "WRITE 'REMOVE WATER_LEVEL'" in found[0].hint, shown(found)
    assert found[0].about == ("remove with its keyword", "water_levl"), shown(found)


def test_a_misspelt_extends_is_told_alone_in_any_words(tmp_path, reworded):
    """`extend "../game.rules"` in a variant: the loader tells that line alone (the rest, read
    without its base, would all be errors), found by its `about`."""
    folder = tmp_path / "t"
    shutil.copytree(RULEBOOKS / "taboo_atoll_express", folder)
    (folder / "variants" / "x.rules").write_text('extend "../game.rules"\nreplace define skull: int = 3\n')
    found = errors_of(folder, "x")
    assert [(d.code, d.span.line, d.about) for d in found] == [("E101", 1, ("extends misspelt",))], shown(found)


def test_an_unknown_value_where_an_enum_is_wanted_lists_its_values_in_any_words(tmp_path, reworded):
    """`points_for(yahtzee_bonus)` in Yacht, a value the enum lacks and nothing like it: the unknown
    name's hint is amended (by its `about`) to list the category's values."""
    folder = edited(tmp_path, GAMES / "yacht", "define score(p: player)",
                    "define extra: int = points_for(yahtzee_bonus)\ndefine score(p: player)")
    found = errors_of(folder)
    assert found and found[0].about == ("unknown", "yahtzee_bonus"), shown(found)
    assert "IS WANTED HERE, ONE OF: ONES, TWOS" in found[0].hint, shown(found)


# ------------------------------------------------------------------ rules under way after the last move
ERUPTION = """
rest: {card: deck}
cases:
  - name: the round's eruption asks its target
    players: 3
    set:
      leader: Player 1
      level: 2
      totem: {"9": {holder: Player 2}}
      Player 1: {hand: [Flotsam, Flotsam]}
      Player 2: {hand: [Flotsam, Jetsam, Coconut Tree, Flotsam]}
      Player 3: {hand: [Flotsam, Flotsam]}
    steps:
      - move: Play Flotsam
      - move: Play Flotsam
        by: Player 2
      - force: [4, 5, 4, 5]
      - move: Play Flotsam
        by: Player 3
      - expect: {Player 2: {hand: {count: 1}}}
"""


def scenario_failure(tmp_path, text):
    from tabletop.interpreter import scenarios
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {RULEBOOKS / 'smackatoa'}\n" + text)
    [failure] = scenarios.run_files([path]).failures
    return failure


def test_the_rounds_eruption_after_the_last_move_is_named_as_rules_under_way(tmp_path):
    """The round's last move is done and the round's eruption asks its target to discard: was the
    list alone, with no word that the checked moment is inside rules still running."""
    failure = scenario_failure(tmp_path, ERUPTION)
    assert failure.code == "T030" and failure.line == 21
    assert failure.hint == ("the list is [Jetsam, Coconut Tree, Flotsam]; the last move is done, but the rules after "
                            "it are still under way (round section, rule 'erupt', rule 'discard_cards'): the game asks "
                            "Player 2 'Discard a card (2 in all)' inside them; what they did before that question is "
                            "done, what they do after the answer is not done yet")


def test_no_rules_under_way_once_the_next_turn_asks(tmp_path):
    """The target has discarded and declined to give the totem: the next turn's first question is
    no rule under way."""
    text = ERUPTION.replace("      - expect: {Player 2: {hand: {count: 1}}}\n",
                            "      - moves: [Discard Jetsam, Discard Coconut Tree, Decline]\n        by: Player 2\n"
                            "      - expect: {raft_pieces: 9}\n")
    failure = scenario_failure(tmp_path, text)
    assert failure.code == "T030" and failure.line == 23 and "under way" not in (failure.hint or ""), failure.hint


# ------------------------------------------------------------------ two fields of none on one line
def none_named(tmp_path, capsys, say: str) -> str:
    """The first error of 40 games of the test game Board with `say` written before the line
    `if landing == none:` (where a pushed battler's landing tile may be none)."""
    import json
    from tabletop.interpreter import cli
    folder = edited(tmp_path, GAMES / "board", "        if landing == none:\n", f"        {say}\n        if landing == none:\n")
    code = cli.main(["simulate", str(folder), "--json", "--workers", "1", "-n", "40"])
    stats = json.loads(capsys.readouterr().out)
    assert code == 1 and stats["error_messages"], stats
    return stats["error_messages"][0]


def test_the_first_of_two_fields_read_on_one_line_is_named_when_none(tmp_path, capsys):
    """`{landing.name} takes {v.name}`: was "...of a tile that is none." with no name (two values'
    fields on the line: which one the compiled code failed on was not told)."""
    message = none_named(tmp_path, capsys, 'say "{landing.name} takes {v.name}."')
    assert "it reads the field 'name' of a tile that is none ('landing' is none here, as set at " in message, message


def test_the_field_of_a_field_that_is_none_is_named_with_the_line_that_set_it(tmp_path, capsys):
    """`{v.name} from {v.tile.name} lands on {landing.name}` after `v.tile = landing`: 'v.tile' is
    the first none read, named with the line above that set it to `landing`."""
    message = none_named(tmp_path, capsys, 'say "{v.name} from {v.tile.name} lands on {landing.name}."')
    assert "of a tile that is none ('v.tile' is none here, as set at " in message, message
    assert "game.rules:31: 'v.tile = landing')." in message, message


# ------------------------------------------------------------------ a while loop that never ends, at its line
@pytest.mark.slow
def test_a_while_refilling_from_an_empty_deck_is_told_at_the_loop_with_its_draw(tmp_path, capsys):
    """Market's `while count(row) < row_size:` without `and count(deck) > 0`: was told at line 51
    (the draw, inside a fused run) naming the rule alone, no loop; now naming the loop's line 50
    too, with its condition and the draw that draws nothing from an empty deck."""
    import json
    from tabletop.interpreter import cli
    folder = edited(tmp_path, GAMES / "market", "while count(row) < row_size and count(deck) > 0:",
                    "while count(row) < row_size:")
    code = cli.main(["simulate", str(folder), "--json", "--workers", "1", "-n", "40", "--seed", "1"])
    message = json.loads(capsys.readouterr().out)["error_messages"][0]
    assert code == 1 and "game.rules:51:9:" in message and "game.rules:50: check" in message, message
    assert "It was inside the while loop at " in message and "check that its condition can become false " \
        "('count(row) < row_size' never did)" in message, message
    assert "game.rules:51 takes from deck" in message and "test count(deck) > 0 in the condition too" in message, message
