"""What the fourteenth broken-rulebook hunt (tests/hunt/cases14.py, hostile and pathological
input) found: a name or text of a megabyte was quoted whole by every message naming it (a
thousand records printed a gigabyte); lines were counted at a form feed, putting an error one
line off; a file over the size limit was told at no line; a data file of too many plain values
was said to have too many aliases; a chain of 500 variants was told as a declaration nested too
deeply, and a file including itself was not told at all; an invisible or look-alike character
inside a name did not say what the name then reads, nor a full-width ':' which plain one to
type; a file saved as UTF-16 without a byte order mark was told as NULs; a data number of
thousands of digits did not name its field. Each test is a small rulebook or one edit of a test
game, with what must be said; each fails without the change it names."""
import json
from pathlib import Path

from inline import edited
from tabletop.interpreter import cli
from test_hunt11 import errors_of
from test_author_mistakes import diagnose

TESTS = Path(__file__).resolve().parent
GAMES = TESTS / "games"
MINI = GAMES / "mini"
T = TESTS.parent / "rulebooks" / "taboo_atoll_express"


def shown(found) -> list:
    return [f"{d.code} {Path(d.span.file).name}:{d.span.line}:{d.span.column}: {d.message} | {d.hint}" for d in found]


def line_of(folder: Path, text: str, file: str = "game.rules") -> int:
    whole = (folder / file).read_text(encoding="utf-8")
    return whole[:whole.index(text)].count("\n") + 1


# ------------------------------------------------------------------ hostile sizes
def test_a_megabyte_name_is_quoted_cut_short(tmp_path):
    """Two cards named by one name of 300,000 letters: W105 quoted the name whole in its message
    (a thousand such records printed a gigabyte). Now every diagnostic cuts a run of more than
    200 characters without a space to 80 and '…'."""
    folder = edited(tmp_path, MINI, "\n", "\n")
    name = "B" * 300_000
    (folder / "cards.yaml").write_text(f'cards:\n  - {{name: "{name}", value: 1, suit: red}}\n'
                                       f'  - {{name: "{name}", value: 2, suit: blue}}\n')
    found = [d for d in diagnose(folder) if d.code == "W105"]
    assert found and found[0].span.line == 3, shown(found)
    assert len(found[0].message) < 500 and "B" * 79 + "…" in found[0].message, found[0].message[:300]


def test_lines_are_counted_at_line_ends_only(tmp_path):
    """A form feed in a line's indentation: the indentation's error was told at the next line
    (Python's splitlines also splits at a form feed). Now at the line itself."""
    folder = edited(tmp_path, MINI, "    shuffle deck", "  \f  shuffle deck")
    found = errors_of(folder)
    assert found and (found[0].code, found[0].span.line) == ("E104", line_of(folder, "  \f  shuffle deck")), shown(found)


def test_a_rules_file_too_large_is_told_where_it_passes_the_limit(tmp_path):
    """A game.rules of 2.6 MB (comments after the game): E010 at line 0, no line. Now at the line
    where the 2,000,000th byte falls."""
    folder = edited(tmp_path, MINI, "\n", "\n")
    text = (folder / "game.rules").read_text() + ("# " + "y" * 77 + "\n") * 33_000
    (folder / "game.rules").write_text(text)
    found = errors_of(folder)
    assert found and found[0].code == "E010", shown(found)
    assert found[0].span.line == text.encode()[:2_000_000].count(b"\n") + 1, shown(found)
    assert "2,000,000" in found[0].message, shown(found)


def test_a_data_file_of_too_many_plain_values_does_not_speak_of_aliases(tmp_path):
    """A data file of 200,001 values and no alias: E026 said the file "would hold more than
    200,000 values once its aliases (*name) are expanded". Now it says it holds them, and how
    many things a data file makes at most."""
    folder = edited(tmp_path, MINI, "\n", "\n")
    (folder / "cards.yaml").write_text("cards: [" + "1, " * 200_001 + "]\n")
    found = errors_of(folder)
    assert found and found[0].code == "E026", shown(found)
    assert "alias" not in found[0].message and "5,000 things" in found[0].message, shown(found)


def test_a_data_number_of_thousands_of_digits_names_its_field(tmp_path):
    """`value: 777...` of 5,000 digits: "This number has 5,000 digits", naming no field (one of
    25 digits names it). Now the field is named."""
    folder = edited(tmp_path, MINI, "\n", "\n")
    cards = (folder / "cards.yaml").read_text().replace("value: 1, suit: red}", "value: " + "7" * 5_000 + ", suit: red}")
    (folder / "cards.yaml").write_text(cards)
    found = errors_of(folder)
    assert found and (found[0].code, found[0].span.line) == ("E027", 2), shown(found)
    assert "'value'" in found[0].message and "5,000 digits" in found[0].message, shown(found)


# ------------------------------------------------------------------ chains and loops of files
def chain(tmp_path, links: int) -> Path:
    """Taboo Atoll Express with variants v0 (extending the game) to v{links - 1}, each extending
    the one before, and x.rules extending the last."""
    folder = edited(tmp_path, T, "\n", "\n")
    (folder / "variants" / "v0.rules").write_text('extends "../game.rules"\n')
    for i in range(1, links):
        (folder / "variants" / f"v{i}.rules").write_text(f'extends "v{i - 1}.rules"\n')
    (folder / "variants" / "x.rules").write_text(f'extends "v{links - 1}.rules"\ndefine chained: int = 1\n')
    return folder


def test_a_chain_of_70_variants_is_told_where_it_passes_64_files(tmp_path):
    """x.rules extending v69 ... extending v0 extending the game: passed at 70, and at 500 was
    told as "This declaration nests too deeply to read" (Python's recursion ran out). Now E013
    at the `extends` that reads the 65th file, the hint naming where the chain starts."""
    found = errors_of(chain(tmp_path, 70), "x")
    assert found and found[0].code == "E013", shown(found)
    assert Path(found[0].span.file).name == "v7.rules" and "64 files" in found[0].message, shown(found)
    assert "x.rules" in found[0].hint, shown(found)


def test_a_chain_of_ten_variants_passes(tmp_path):
    """A chain far inside the limit is a rulebook like any other."""
    assert errors_of(chain(tmp_path, 10), "x") == []


def test_a_file_that_includes_itself_is_told(tmp_path):
    """A variant with `include "x.rules"`, its own name: passed (the file, read already, was
    skipped). Now E019 at the include."""
    folder = edited(tmp_path, T, "\n", "\n")
    (folder / "variants" / "x.rules").write_text('extends "../game.rules"\ninclude "x.rules"\n')
    found = errors_of(folder, "x")
    assert found and (found[0].code, found[0].span.line) == ("E019", 2) and "this very file" in found[0].message, shown(found)


def test_two_files_including_each_other_are_told(tmp_path):
    """x.rules includes y.rules, which includes x.rules: passed. Now E019 at the include that
    closes the loop."""
    folder = edited(tmp_path, T, "\n", "\n")
    (folder / "variants" / "x.rules").write_text('extends "../game.rules"\ninclude "y.rules"\n')
    (folder / "variants" / "y.rules").write_text('include "x.rules"\ndefine zz: int = 1\n')
    found = errors_of(folder, "x")
    assert found and found[0].code == "E019" and Path(found[0].span.file).name == "y.rules", shown(found)
    assert "loop of 'include'" in found[0].message, shown(found)


# ------------------------------------------------------------------ hostile characters
def test_an_invisible_mark_inside_a_name_says_what_the_name_reads(tmp_path):
    """`tar<U+200F>get = ...`: E100 "delete it" without saying which name it spoils. Now the hint
    says the name then reads 'target'."""
    folder = edited(tmp_path, MINI, "    target = next_player(current)", "    tar\u200fget = next_player(current)")
    found = errors_of(folder)
    assert found and found[0].code == "E100" and "the name then reads 'target'" in found[0].hint, shown(found)


def test_a_look_alike_letter_inside_a_name_says_what_the_name_reads(tmp_path):
    """`t<Cyrillic a>rget`: "type 'a' again". Now with the name it makes."""
    folder = edited(tmp_path, MINI, "    signal attacked(target)\n    say", "    signal attacked(t\u0430rget)\n    say")
    found = errors_of(folder)
    assert found and found[0].code == "E100" and "the name then reads 'target'" in found[0].hint, shown(found)


def test_a_full_width_colon_says_which_plain_one_to_type(tmp_path):
    """`setup：` (a full-width colon of an East Asian keyboard): E100 with no hint. Now it says to
    type the plain ':'."""
    found = errors_of(edited(tmp_path, MINI, "setup:", "setup\uff1a"))
    assert found and found[0].code == "E100" and "the plain ':'" in found[0].hint, shown(found)


def test_rules_saved_as_utf16_without_a_byte_order_mark_are_told_as_such(tmp_path):
    """game.rules in UTF-16 with no byte order mark decodes as UTF-8 with a NUL after every
    letter: E100 "The NUL character cannot start anything here" at line 2. Now E012 at line 1
    saying it looks saved as UTF-16."""
    folder = edited(tmp_path, MINI, "\n", "\n")
    (folder / "game.rules").write_bytes((folder / "game.rules").read_text().encode("utf-16-le"))
    found = errors_of(folder)
    assert found and (found[0].code, found[0].span.line) == ("E012", 1) and "UTF-16" in found[0].message, shown(found)


def test_a_scenario_file_too_large_is_told_at_a_line(tmp_path, capsys):
    """A scenario file of 3 MB: T001 at line 0 with "2000000 bytes". Now at the line where the
    limit is passed, the number written with its commas."""
    folder = edited(tmp_path, GAMES / "dice", "\n", "\n")
    scenario = folder / "scenarios" / "dice.yaml"
    scenario.write_text(scenario.read_text() + "#" * 3_000_000 + "\n")
    code = cli.main(["test", "--format", "json", str(scenario)])
    said = capsys.readouterr().out
    assert code == 1, said
    lines = scenario.read_text().count("\n")
    assert "2,000,000" in said and f'"line": {lines}' in said.replace(" ", "").replace('"line":', '"line": '), said[:600]


def test_a_declaration_of_more_than_10000_lines_is_refused_before_it_is_parsed(tmp_path):
    """A table of 100,000 entries took 14 s of the parser's time (lark reads a declaration at
    once) and passed. Now the quick scan refuses a declaration past 10,000 lines, E105 at its
    10,001st line, and the declaration is never handed to lark."""
    folder = edited(tmp_path, MINI, "\n", "\n")
    rules = folder / "game.rules"
    start = rules.read_text().count("\n") + 1
    rules.write_text(rules.read_text() + "table big:\n" + "".join(f"    {i} -> {i}\n" for i in range(10_500)))
    found = errors_of(folder)
    assert found and (found[0].code, found[0].span.line) == ("E105", start + 10_000), shown(found)
    assert f"line {start}" in found[0].message and "10,000 lines" in found[0].message, shown(found)


def test_blank_lines_after_a_declaration_are_no_part_of_it(tmp_path):
    """50,000 blank lines and comments after the last declaration, then a rule: no E105 (only
    lines of code count), and the rule's mistake is told at its line."""
    folder = edited(tmp_path, MINI, "\n", "\n")
    rules = folder / "game.rules"
    text = rules.read_text() + "\n# a comment\n" * 25_000 + 'rule late:\n    say "{nobody}"\n'
    rules.write_text(text)
    found = errors_of(folder)
    assert found and (found[0].code, found[0].span.line) == ("E201", text.count("\n")), shown(found)


# ------------------------------------------------------------------ runaway play
def test_an_event_signalled_in_a_loop_until_the_work_runs_out_names_the_loop(tmp_path, capsys):
    """A rule signalling an event a million times, whose reaction stays closed: the work ran out
    while the reaction's condition was asked, and the error named the reaction's line (35), not
    the loop that kept signalling. Now it names the loop, as a loop of plain statements is."""
    folder = edited(tmp_path, MINI, "    draw 1 from deck to current.hand\n",
                    "    draw 1 from deck to current.hand\n    hook()\n")
    rules = folder / "game.rules"
    rules.write_text(rules.read_text(encoding="utf-8")
                     + "rule hook:\n    repeat 1000000 times:\n        signal attacked(target)\n", encoding="utf-8")
    loop = line_of(folder, "    repeat 1000000 times:")
    reaction = line_of(folder, "reaction shield on attacked")
    code = cli.main(["simulate", str(folder), "--json", "--workers", "1", "-n", "1", "--seed", "1"])
    message = json.loads(capsys.readouterr().out)["error_messages"][0]
    assert code == 1 and f"game.rules:{loop}:" in message, message
    assert f"The loop at line {loop} of the rule 'hook' kept repeating" in message, message
    assert f"the work ran out at line {reaction}, in the reaction 'shield'" in message, message
