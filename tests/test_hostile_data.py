"""Hostile and careless input the checker must answer quickly and in the language's words: tables
whose ranges cover billions of keys, data files that give a key twice or hold odd values, texts
with escapes the language does not know, and characters that cannot be seen."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

from inline import diagnostics, game, write
from tabletop.dsl.checker import MAX_TABLE_KEYS
from tabletop.dsl.diagnostics import RulebookError, render
from tabletop.dsl.parser import parse

HEAD = 'game "Hostile"\nplayers 1\ndefine score(p: player): int = 0\n'
TURN = 'turn:\n    end game "done"\n'

# Checks a rulebook in a process of its own, with its memory limited, so a table expanded key by
# key fails the test (MemoryError or the timeout) instead of taking the machine down.
CHILD = textwrap.dedent('''
    import json, resource, sys, time
    from pathlib import Path
    from tabletop.dsl.diagnostics import RulebookError
    from tabletop.interpreter.api import load_game
    size = int(next(l for l in Path("/proc/self/status").read_text().splitlines()
                    if l.startswith("VmSize:")).split()[1]) * 1024
    resource.setrlimit(resource.RLIMIT_AS, (size + (400 << 20),) * 2)
    start = time.process_time()     # CPU seconds: a busy machine stretches wall time, not these
    try:
        g = load_game(sys.argv[1], source=False)
        out = {"log": g.new_state(players=1, seed=0).log, "errors": []}
    except RulebookError as e:
        out = {"errors": [(d.code, d.span.line, d.span.column, d.message) for d in e.diagnostics]}
    out["seconds"] = time.process_time() - start
    print(json.dumps(out))
''')


def fresh(tmp_path, name: str):
    """A folder of its own for one of several rulebooks in a test."""
    (tmp_path / name).mkdir()
    return tmp_path / name


def checked_in_a_child(tmp_path, rules: str) -> dict:
    folder = write(tmp_path, rules)
    done = subprocess.run([sys.executable, "-c", CHILD, str(folder)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def errors(found) -> list:
    return [(d.code, d.span.line, d.message) for d in found if d.severity == "error"]


# ---------------------------------------------------------------------------- tables and ranges
def test_a_range_of_a_quadrillion_keys_is_one_entry_checked_at_once(tmp_path):
    rules = HEAD + ('table t:\n    0 -> 1\n    1 to 999999999999999 -> 4\n'
                    'turn:\n    say "{t[0]} {t[5]} {t[999999999999999]}"\n    end game "done"\n')
    out = checked_in_a_child(tmp_path, rules)
    assert out["errors"] == [] and out["log"][0] == "1 4 4"
    # Expanded, the range would never end; a bound far above a load's time keeps a busy machine
    # from failing the test (it is no measure of speed).
    assert out["seconds"] < 10.0


def test_a_two_key_table_covering_too_many_combinations_is_refused_before_expanding(tmp_path):
    rules = HEAD + 'table t:\n    1 to 20000, 1 to 20000 -> 4\n' + TURN
    out = checked_in_a_child(tmp_path, rules)
    assert [tuple(e[:3]) for e in out["errors"]] == [("E206", 5, 5)]
    assert "more than 100,000 combinations" in out["errors"][0][3] and "400,000,000" in out["errors"][0][3]
    assert out["seconds"] < 10.0      # refused before 400,000,000 combinations are made, not after


def test_the_combination_limit_counts_the_whole_table_and_names_the_entry_past_it(tmp_path):
    half = MAX_TABLE_KEYS // 2
    ok = HEAD + f'enum e: a, b\ntable t:\n    1 to {half}, a -> 1\n    1 to {half}, b -> 2\n' + TURN
    assert errors(diagnostics(fresh(tmp_path, "ok"), ok)) == []
    over = ok.replace(f"1 to {half}, b", f"1 to {half + 1}, b")
    assert [(c, line) for c, line, _ in errors(diagnostics(fresh(tmp_path, "over"), over))] == [("E206", 7)]


def test_overlapping_ranges_are_still_found_in_any_order(tmp_path):
    rules = HEAD + textwrap.dedent('''\
        table t:
            7 -> 0
            1 to 10 -> 1
            20 to 30 -> 2
            31 to 40 -> 3
            25 -> 4
            11 to 19 -> 5
        table u:
            "a" -> 6
            "a" -> 7
        ''') + TURN
    assert errors(diagnostics(tmp_path, rules)) == [
        ("E202", 6, "The table 't' gives '7' twice (first at line 5)."),
        ("E202", 9, "The table 't' gives '25' twice (first at line 7)."),
        ("E202", 13, "The table 'u' gives 'a' twice (first at line 12)."),
    ]


def test_ranges_that_only_touch_do_not_overlap_and_look_up_rightly(tmp_path):
    rules = HEAD + ('table t:\n    5 to 9 -> 2\n    1 to 4 -> 1\n    10 to 99 -> 3\n'
                    'turn:\n    say "{t[1]} {t[4]} {t[5]} {t[9]} {t[10]} {t[99]}"\n    end game "done"\n')
    assert game(tmp_path, rules).new_state(players=1, seed=0).log[0] == "1 1 2 2 3 3"


# ---------------------------------------------------------------------------- data files
KIND = HEAD + 'kind recipe from "recipes.yaml":\n    name: text\n' + TURN


def data_errors(tmp_path, data: str) -> list:
    return [(d.code, d.span.line, d.span.column, d.message)
            for d in diagnostics(tmp_path, KIND, **{"recipes.yaml": data}) if d.severity == "error"]


def test_a_key_given_twice_in_a_record_is_an_error_at_the_second(tmp_path):
    assert data_errors(tmp_path, "recipes:\n  - {name: Toast}\n  - name: Soup\n    name: Stew\n") == [
        ("E020", 4, 5, "The data file gives the key 'name' twice in one mapping (first at line 3).")]


def test_a_key_given_twice_in_a_flow_record_or_at_the_top_is_an_error(tmp_path):
    assert data_errors(fresh(tmp_path, "a"), "recipes:\n  - {name: Toast, name: Soup}\n")[0][:3] == ("E020", 2, 19)
    assert data_errors(fresh(tmp_path, "b"), "recipes:\n  - {name: Toast}\nrecipes:\n  - {name: Soup}\n")[0][:3] == \
        ("E020", 3, 1)


def test_a_key_merged_in_may_be_given_again(tmp_path):
    data = "base: &b {name: Toast}\nrecipes:\n  - <<: *b\n    name: Soup\n"
    assert "E020" not in [e[0] for e in data_errors(tmp_path, data)]


def test_an_empty_record_is_pointed_at_and_described_in_the_languages_words(tmp_path):
    found = data_errors(tmp_path, "recipes:\n  - {name: Toast}\n  -\n")
    assert found == [("E021", 3, 3, "The data file does not fit its schema: record 2 of 'recipes' should be "
                                    "a mapping of fields, not none.")]


def test_schema_errors_name_their_line_and_never_show_python_values(tmp_path):
    cases = {
        "recipes:\n  - {name: Toast}\n  - true\n": (3, 5, "not true"),
        "recipes:\n  - {name: Toast, count: yes}\n": (2, 19, "not true"),
        "recipes:\n  - {name: Toast, extra: {a: 1}}\n": (2, 19, "is a mapping"),
        "recipes:\n  - {name: Toast}\nother:\n  - {name: Soup}\n": (1, 1, "2 keys ('recipes', 'other')"),
        "recipes:\n  - {name: [Toast, [Jam]]}\n": (2, 6, "holds a list"),
        "recipes:\n  - name: Toast\n    count: 1.5\n": (3, 5, "1.5, which is not whole"),
        "recipes:\n  - {name: [" + ", ".join(["x"] * 1001) + "]}\n": (2, 6, "holds 1,001 items, and a list in "
                                                                     "data holds at most 1,000"),
    }
    for i, (data, (line, column, words)) in enumerate(cases.items()):
        [(code, at_line, at_column, message)] = data_errors(fresh(tmp_path, str(i)), data)
        assert (code, at_line, at_column) == ("E021", line, column), data
        assert words in message, message
        assert not any(python in message for python in ("None", "True", "False", "{'", "[('", "type '"))


def test_a_key_that_is_not_a_name_is_an_error_not_a_crash(tmp_path):
    assert data_errors(tmp_path, "recipes:\n  - {name: Toast, 1: Jam}\n") == [
        ("E021", 2, 19, "The data file uses 1 as a key, and a key names a field.")]


def test_records_libyaml_kept_are_not_pure_python_yaml_s(tmp_path, monkeypatch):
    """Kept records are keyed by the file's text (not its name) and by the YAML reader that read
    them: a text libyaml read cleanly, read again by PyYAML's own (where libyaml is missing), is
    read again and told, not taken from the cache."""
    import yaml
    from tabletop.dsl import loader, parse_cache
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("TABLETOP_NO_CACHE", raising=False)
    parse_cache.forget()
    text = "recipes:\n  - {name: What? Toast}\n"
    assert data_errors(fresh(tmp_path, "libyaml"), text) == []
    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    loader._yaml.cache_clear()
    try:
        assert [e[0] for e in data_errors(fresh(tmp_path, "python"), text)] == ["E020"]
    finally:
        monkeypatch.undo()
        loader._yaml.cache_clear()
        parse_cache.forget()


def test_a_question_mark_inside_brackets_in_a_data_file_says_to_quote_the_name(tmp_path, monkeypatch):
    """Pure-Python PyYAML (used where libyaml is missing) ends an unquoted text at '?' inside { }:
    the record was "This '{' is never closed."; libyaml reads `What? Toast` as the text."""
    import yaml
    from tabletop.dsl import loader
    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    loader._yaml.cache_clear()
    try:
        found = diagnostics(tmp_path, KIND, **{"recipes.yaml": "recipes:\n  - {name: What? Toast}\n"})
    finally:
        loader._yaml.cache_clear()
    [d] = [d for d in found if d.severity == "error"]
    assert (d.code, d.span.line, d.span.column) == ("E020", 2, 16)
    assert d.message == ("The '?' in 'What? Toast' ends a text not in quotes: inside [ ] or { }, YAML reads '?' "
                         "as the start of a key.")
    assert d.hint == 'write "What? Toast" in quotes'
    monkeypatch.undo()
    loader._yaml.cache_clear()
    assert data_errors(fresh(tmp_path, "libyaml"), "recipes:\n  - {name: What? Toast}\n") == []


def test_a_wrong_type_in_a_record_is_said_in_the_languages_words(tmp_path):
    [(code, _, _, message)] = data_errors(tmp_path, "recipes:\n  - name: yes\n")
    assert code == "E022" and message.endswith("should be a text, not true.")


@pytest.mark.parametrize("before", ["", "Bébé € 😀 "])
def test_a_nul_in_a_data_file_is_placed_at_its_line_and_column_in_the_games_words(tmp_path, before):
    """PyYAML places it by an offset in the stream ("position 20", in UTF-8 bytes when libyaml
    reads it), in its own words ("special characters are not allowed in "<unicode string>"")."""
    found = diagnostics(tmp_path, KIND, **{"recipes.yaml": f'recipes:\n  - {{name: "{before}A\0"}}\n'})
    [d] = [d for d in found if d.severity == "error"]
    assert (d.code, d.span.line, d.span.column) == ("E020", 2, 14 + len(before))
    assert d.message == "The data file is not valid YAML: it holds a NUL character (U+0000), which YAML does not allow."
    with pytest.raises(RulebookError) as raised:
        game(tmp_path, KIND, **{"recipes.yaml": f'recipes:\n  - {{name: "{before}A\0"}}\n'})
    shown = render(raised.value.diagnostics[0], raised.value.sources)
    assert f"{before}A\u2400" in shown and "\0" not in shown and "position" not in shown


def test_another_control_character_in_a_data_file_is_named_by_its_code_point(tmp_path):
    [(code, line, column, message)] = data_errors(tmp_path, "recipes:\n  - name: To\x01ast\n")
    assert (code, line, column) == ("E020", 2, 13)
    assert message == ("The data file is not valid YAML: it holds a control character (U+0001), which YAML does "
                       "not allow.")


def test_a_number_of_thousands_of_digits_in_a_data_file_is_an_error_not_a_crash(tmp_path):
    """Python will not turn 4,300 digits into a number: `check` said Python's words."""
    rules = HEAD + 'kind recipe from "recipes.yaml":\n    name: text\n    cost: int\n' + TURN
    [d] = [d for d in diagnostics(tmp_path, rules, **{"recipes.yaml": "recipes:\n  - {name: A, cost: " + "9" * 5000
                                                           + "}\n"}) if d.severity == "error"]
    assert (d.code, d.span.line, d.span.column) == ("E027", 2, 21)
    assert d.message == "The number given for 'cost' has 5,000 digits; a rulebook's numbers have at most 15."


# ---------------------------------------------------------------------------- texts
def test_a_closing_brace_that_closes_nothing_is_an_error_not_printed():
    """docs/language.md: `}}` is a literal brace; `say "{current}}"` printed "Player 1}"."""
    text = HEAD + 'turn:\n    say "{current}}"\n    say "a } b"\n    say "{{{current}}} and }}"\n' + TURN
    found = [(d.code, d.span.line, d.span.column, d.message) for d in parse(text, "t.rules")[1]]
    assert found == [("E102", 5, 19, "This text has a '}' that closes no '{'."),
                     ("E102", 6, 12, "This text has a '}' that closes no '{'.")]


def test_doubled_braces_are_still_literal_braces(tmp_path):
    rules = HEAD + 'turn:\n    say "{{{current}}} and }} {{"\n    end game "done"\n'
    assert game(tmp_path, rules).new_state(players=1, seed=0).log[0] == "{Player 1} and } {"


def test_an_unknown_escape_is_an_error_at_its_backslash():
    text = HEAD + 'turn:\n    say "fine \\\\ \\" \\n \\t then \\q"\n    end game "C:\\games"\n'
    found = [(d.code, d.span.line, d.span.column) for d in parse(text, "t.rules")[1]]
    assert found == [("E109", 5, 32), ("E109", 6, 17)]
    message = parse(text, "t.rules")[1][0].message
    assert "'\\q'" in message and "does not know" in message


def test_an_escaped_brace_is_an_unknown_escape_with_a_hint(tmp_path):
    [d] = [d for d in parse(HEAD + 'define t: text = "\\{"\n' + TURN, "t.rules")[1] if d.code == "E109"]
    assert d.hint == "write {{ or }} for a brace"


def test_the_known_escapes_still_mean_what_they_did(tmp_path):
    rules = HEAD + 'turn:\n    say "a\\\\b \\"c\\" d\\te"\n    end game "done"\n'
    assert game(tmp_path, rules).new_state(players=1, seed=0).log[0] == 'a\\b "c" d\te'


def test_escapes_in_names_of_files_and_things_and_keys_are_checked():
    text = HEAD + 'include "parts\\x.rules"\ntable t:\n    "a\\b" -> 1\n' + TURN
    assert [(d.code, d.span.line) for d in parse(text, "t.rules")[1]] == [("E109", 4), ("E109", 6)]


# ---------------------------------------------------------------------------- characters
def test_a_nul_is_named_and_shown_where_it_is(tmp_path):
    with pytest.raises(RulebookError) as raised:
        game(tmp_path, HEAD + "turn:\n    x = 1 \0 2\n" + TURN)
    [d] = raised.value.diagnostics
    assert d.code == "E100" and d.message == "The NUL character (U+0000) cannot start anything here."
    shown = render(d, raised.value.sources)
    assert "x = 1 \u2400 2" in shown and "\0" not in shown


def test_an_invisible_character_is_named_by_its_code_point():
    [d] = parse(HEAD + "turn:\n    x = 1 \u00a0 2\n" + TURN, "t.rules")[1]
    assert d.message == "The invisible character U+00A0 (NO-BREAK SPACE) cannot start anything here."
    [d] = parse(HEAD + "turn:\n    x = 1 \x01 2\n" + TURN, "t.rules")[1]
    assert d.message == "The control character U+0001 cannot start anything here."


@pytest.mark.parametrize("char, words", [("\u00a0", "The invisible character U+00A0 (NO-BREAK SPACE)"),
                                         ("\x0c", "The form feed character (U+000C)")])
def test_an_invisible_character_opening_a_block_line_is_the_one_mistake(char, words):
    """Not also an empty block above it: the line belongs to the block it is indented under."""
    found = parse(HEAD + "turn:\n" + char + "   x = 1\n" + TURN, "t.rules")[1]
    assert [(d.code, d.message) for d in found] == [("E100", f"{words} cannot start anything here.")]


def test_a_form_feed_does_not_shift_the_line_a_character_is_read_from():
    [d] = parse(HEAD + 'turn:\n    say "page\x0cbreak"\n    x = 1 @ 2\n    end game "done"\n', "t.rules")[1]
    assert (d.span.line, d.message) == (6, "The character '@' cannot start anything here.")


def test_rules_files_linked_in_a_loop_are_errors_that_name_them(tmp_path, capsys):
    from tabletop.interpreter import cli
    (tmp_path / "game.rules").write_text('game "Loop"\nplayers 1\n')
    os.symlink("b.rules", tmp_path / "a.rules")
    os.symlink("a.rules", tmp_path / "b.rules")
    assert cli.main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr()
    assert "a.rules: error E012" in out.out + out.err and "Too many levels of symbolic links" in out.out + out.err
    assert "internal error" not in out.out + out.err
    assert cli.main(["check", str(tmp_path / "a.rules")]) == 2      # the path given leads to no file
    out = capsys.readouterr()
    assert "symbolic link that leads to no file" in out.err


@pytest.mark.parametrize("text", ["", "replace var x: int = 1\n"])
def test_a_variant_that_extends_nothing_is_one_error_not_a_cascade(tmp_path, text):
    found = diagnostics(tmp_path, 'game "Base"\nplayers 1\nvar x: int = 0\nturn:\n    end game "done"\n',
                        variant="plain", **{"variants__plain.rules": text})
    assert [d.code for d in found] == ["E015"]
    assert "The variant 'plain' extends no rulebook" in found[0].message and found[0].span.line == 1
