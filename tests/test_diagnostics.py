"""Diagnostics against a corpus of broken rulebooks, and how they are shown to people.

Each entry of tests/broken/ is a small .rules file, or a folder whose game.rules is the
rulebook, with its expected errors in header comments:

    # expect: E201 line 13 hint total
    # expect: E022 line 5 in cards.yaml

meaning: an error with that code at that line (of the given file, by default the rules file),
whose hint mentions the given words. A header without a line (`# expect: E021 in cards.yaml`)
only asserts the code and file. Every diagnostic of an entry must be at an expected line.
"""
import re
import shutil
from pathlib import Path

import pytest

from tabletop.dsl.checker import check
from tabletop.dsl.diagnostics import Diagnostic, RulebookError, Sources, Span, did_you_mean, render, render_all
from tabletop.dsl.loader import load_program
from tabletop.interpreter.api import load_game

ROOT = Path(__file__).resolve().parent.parent
BROKEN = Path(__file__).resolve().parent / "broken"
TABOO = ROOT / "rulebooks" / "taboo_atoll_express"

EXPECT = re.compile(r"^#\s*expect:\s*(?P<code>[EW]\d{3})(?:\s+line\s+(?P<line>\d+))?"
                    r"(?:\s+in\s+(?P<file>\S+))?(?:\s+hint\s+(?P<hint>.+?))?\s*$")
LARK_INTERNALS = ("__ANON", "_NL", "_INDENT", "_DEDENT", "$END", "Token(", "Traceback", "lark", "RULE", "NAME")
LOCATION = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): (error|warning) [EW]\d{3}: ")

# Corpus entries whose diagnostic is not where it should be (see the report).
KNOWN_BUGS = {}   # corpus entry -> reason, for a diagnostic known to be wrong (none at present)


def corpus():
    """The whole broken rulebooks (the mistakes/ folder is the one-change corpus of test_mistakes.py)."""
    return sorted(p.name for p in BROKEN.iterdir() if (p.suffix == ".rules" or p.is_dir()) and p.name != "mistakes")


def rules_file(entry: Path) -> Path:
    return entry / "game.rules" if entry.is_dir() else entry


def expectations(entry: Path):
    out = []
    for line in rules_file(entry).read_text().splitlines():
        if line.startswith("# expect"):
            m = EXPECT.match(line)
            assert m, f"bad expectation header: {line!r}"
            out.append(m.groupdict())
    assert out, f"{entry.name} has no '# expect:' header"
    return out


def diagnose(path) -> RulebookError:
    with pytest.raises(RulebookError) as e:
        check(load_program(str(path)))
    return e.value


def assert_readable(err: RulebookError):
    """Rendered text: file:line:col, the source line with a caret, and no lark internals."""
    sources = getattr(err, "sources", None)
    assert sources is not None, "a RulebookError should carry its sources"
    for d in err.diagnostics:
        text = render(d, sources)
        first = text.splitlines()[0]
        for word in LARK_INTERNALS:
            assert word not in text, f"{word!r} shown to people:\n{text}"
        if d.span.line:
            m = LOCATION.match(first)
            assert m, text
            assert (int(m["line"]), int(m["col"])) == (d.span.line, d.span.column)
            src = sources.line(d.span.file, d.span.line)
            assert src is not None, f"no source for {d.span}"
            lines = text.splitlines()
            assert lines[1].endswith(src.replace("\t", " ")), text
            gutter, caret = lines[2].split("| ", 1)
            assert caret.lstrip().startswith("^"), text
            assert len(caret) - len(caret.lstrip(" ")) == max(d.span.column, 1) - 1, text
        assert (d.message[0].isupper() or d.message[0] in "'\"") and d.message.rstrip()[-1] in ".?!'\"", d.message


# ============================================================================ the corpus
def corpus_params():
    out = []
    for name in corpus():
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[name])] if name in KNOWN_BUGS else []
        out.append(pytest.param(name, marks=marks, id=name))
    return out


@pytest.mark.parametrize("name", corpus_params())
def test_broken_rulebook_gives_the_expected_diagnostic(name):
    entry = BROKEN / name
    err = diagnose(entry)
    got = [(d.code, Path(d.span.file).name, d.span.line, d) for d in err.diagnostics]
    wanted_lines = set()
    for exp in expectations(entry):
        file = exp["file"] or rules_file(entry).name
        hits = [d for code, f, line, d in got
                if code == exp["code"] and f == file and (exp["line"] is None or line == int(exp["line"]))]
        assert hits, f"expected {exp} among {[(c, f, l) for c, f, l, _ in got]}"
        if exp["hint"]:
            assert any(exp["hint"] in d.hint for d in hits), [d.hint for d in hits]
        if exp["line"] is not None:
            wanted_lines.add((file, int(exp["line"])))
    if wanted_lines:
        stray = [(c, f, line) for c, f, line, _ in got if (f, line) not in wanted_lines]
        assert not stray, f"diagnostics at unexpected places: {stray}"
    assert_readable(err)


def test_the_corpus_covers_the_mistakes_the_checker_must_find():
    codes = {exp["code"] for name in corpus() for exp in expectations(BROKEN / name)}
    # syntax, unknown names, duplicates, types, argument counts, structure, YAML data, stop
    assert {"E100", "E101", "E102", "E103", "E104", "E201", "E202", "E204", "E207", "E301", "E303", "E304",
            "E401", "E402", "E403", "E404", "E405", "E011", "E020", "E021", "E022", "E023", "E025"} <= codes
    assert len(corpus()) >= 40


def test_several_syntax_errors_are_all_reported_in_one_run():
    err = diagnose(BROKEN / "syntax_several_errors.rules")
    assert [(d.code, d.span.line) for d in err.diagnostics] == [("E101", 6), ("E100", 11), ("E101", 14)]


def test_several_checker_errors_are_all_reported_in_one_run(tmp_path):
    path = tmp_path / "many.rules"
    path.write_text('game "Many"\nplayers 1\nvar total: int = 0\ndefine score(p: player): int = total\n'
                    'rule a:\n    total = totl\n'
                    'rule b:\n    total = "x"\n'
                    'rule c:\n    a(1)\n'
                    'var total: int = 1\n'
                    'turn:\n    stop\n    end game "x"\n')
    err = diagnose(path)
    assert [(d.code, d.span.line) for d in err.diagnostics] == [
        ("E201", 6), ("E301", 8), ("E207", 10), ("E202", 11), ("E304", 13)]
    assert_readable(err)


def test_yaml_errors_point_at_the_yaml_line_and_show_it():
    err = diagnose(BROKEN / "yaml_wrong_type")
    d = err.diagnostics[0]
    text = render(d, err.sources)
    assert d.span.file.endswith("cards.yaml")
    assert '- {name: "Three", value: "three"}' in text
    assert "'three'" in d.message


def test_an_unknown_name_suggests_the_nearest():
    err = diagnose(BROKEN / "unknown_name.rules")
    text = render_all(err.diagnostics, err.sources)
    assert "Unknown name 'totl'" in text
    assert "hint: did you mean 'total'?" in text


# ============================================================================ stray lines in the Taboo rules
@pytest.fixture
def taboo_copy(tmp_path):
    dest = tmp_path / "taboo"
    shutil.copytree(TABOO, dest)
    return dest


def test_the_taboo_rulebook_is_clean():
    program = load_program(str(TABOO))
    checked = check(program)
    assert checked.warnings == []
    assert checked.title == "Taboo Atoll Express"


@pytest.mark.parametrize("stray", ["stray words", "42", "oops:", '"a text"', "x = 1"])
def test_a_stray_line_at_the_top_of_the_rules_file(taboo_copy, stray):
    rules = taboo_copy / "game.rules"
    rules.write_text(stray + "\n" + rules.read_text())
    err = diagnose(taboo_copy)
    assert [d.span.line for d in err.diagnostics] == [1]
    assert Path(err.diagnostics[0].span.file).name == "game.rules"
    text = render(err.diagnostics[0], err.sources)
    assert f"   1 | {stray}" in text
    assert_readable(err)


@pytest.mark.parametrize("stray", ["stray words", "42", "oops:", "    indented words", "turn", "ü"])
@pytest.mark.parametrize("newline", ["\n", ""])
def test_a_stray_line_at_the_bottom_of_the_rules_file(taboo_copy, stray, newline):
    rules = taboo_copy / "game.rules"
    text = rules.read_text()
    last = len(text.splitlines()) + 1
    rules.write_text(text + stray + newline)
    err = diagnose(taboo_copy)
    assert [d.span.line for d in err.diagnostics] == [last]
    assert f"{last} | {stray}" in render(err.diagnostics[0], err.sources)
    assert_readable(err)


def test_a_stray_line_between_declarations(taboo_copy):
    rules = taboo_copy / "game.rules"
    lines = rules.read_text().splitlines(keepends=True)
    at = next(i for i, l in enumerate(lines) if l.startswith("rule flood_phase"))
    rules.write_text("".join(lines[:at]) + "nonsense here\n" + "".join(lines[at:]))
    err = diagnose(taboo_copy)
    assert [(d.code, d.span.line) for d in err.diagnostics] == [("E101", at + 1)]


def test_errors_in_three_places_of_the_taboo_rules_are_all_reported(taboo_copy):
    rules = taboo_copy / "game.rules"
    lines = rules.read_text().splitlines(keepends=True)
    targets = {}
    for needle, bad in [("    actions_left = 3", "    actions_left = = 3\n"),
                        ("    flooded_this_turn = []", "    flooded_this_turn = [\n"),
                        ("    if count(escape_targets(s)) == 0:", "    if count(escape_targets(s)) == 0\n")]:
        i = next(k for k, l in enumerate(lines) if l.startswith(needle))
        lines[i] = bad
        targets[i + 1] = needle
    rules.write_text("".join(lines))
    err = diagnose(taboo_copy)
    assert {d.span.line for d in err.diagnostics} >= {min(targets), max(targets)}
    assert len(err.diagnostics) == 3
    assert_readable(err)


def test_load_game_raises_the_same_diagnostics(taboo_copy):
    rules = taboo_copy / "game.rules"
    rules.write_text(rules.read_text() + "stray\n")
    with pytest.raises(RulebookError) as e:
        load_game(str(taboo_copy))
    assert e.value.diagnostics[0].code == "E101"


def test_a_mistake_in_the_yaml_of_the_taboo_rulebook(taboo_copy):
    atoll = taboo_copy / "atoll.yaml"
    lines = atoll.read_text().splitlines(keepends=True)
    i = next(k for k, l in enumerate(lines) if "Dark Pit" in l)
    lines[i] = lines[i].replace("number: 1", "number: one")
    atoll.write_text("".join(lines))
    err = diagnose(taboo_copy)
    assert [(Path(d.span.file).name, d.span.line) for d in err.diagnostics] == [("atoll.yaml", i + 1)]
    assert "Dark Pit" in render(err.diagnostics[0], err.sources)


# ============================================================================ rendering
def test_render_shows_location_source_caret_and_hint():
    sources = Sources({"g.rules": "game \"x\"\n    total = totl + 1\n"})
    d = Diagnostic("E201", "Unknown name 'totl'.", Span("g.rules", 2, 13, 2, 17), "did you mean 'total'?")
    assert render(d, sources).splitlines() == [
        "g.rules:2:13: error E201: Unknown name 'totl'.",
        "   2 |     total = totl + 1",
        "     |             ^^^^",
        "     = hint: did you mean 'total'?",
    ]


@pytest.mark.parametrize("span", [Span("g.rules"), Span("g.rules", 99, 1), Span("g.rules", 1, 500),
                                  Span("g.rules", 1, 0), Span("other.rules", 1, 1), Span("g.rules", 1, 3, 5, 1)])
def test_render_never_fails_on_odd_spans(span):
    sources = Sources({"g.rules": "\tgame\n"})
    text = render(Diagnostic("E999", "Odd.", span), sources)
    assert text.startswith(str(span))
    render(Diagnostic("E999", "Odd.", span), None)


def test_diagnostics_as_json():
    d = Diagnostic("E201", "Unknown name 'x'.", Span("g.rules", 3, 4), "hint")
    assert d.to_json() == {"code": "E201", "severity": "error", "message": "Unknown name 'x'.", "file": "g.rules",
                           "line": 3, "column": 4, "hint": "hint"}


def test_did_you_mean():
    assert did_you_mean("totl", ["total", "other"]) == "did you mean 'total'?"
    assert did_you_mean("zzzz", ["total", "other"]) == ""
    assert did_you_mean("x", []) == ""


def test_a_syntax_error_does_not_hide_the_other_declarations_errors(tmp_path):
    """Issue 12: one declaration that does not parse still lets every other one be checked, and
    the names it declares are not reported as unknown where they are used."""
    path = tmp_path / "both.rules"
    path.write_text('game "Both"\nplayers 2\nplayer var points: int = 0\n'
                    'define bonus(p: player): int = max(p.points, 2\n'
                    'turn:\n    current.pointz += bonus(current)\n    if current.points > 3:\n        end game\n'
                    'define score(p: player): int = p.points\n')
    with pytest.raises(RulebookError) as e:
        check(load_program(str(path)))
    found = [(d.code, d.span.line, d.span.column) for d in e.value.diagnostics]
    assert found == [("E107", 4, 35), ("E201", 6, 13)]


def test_a_data_error_does_not_hide_the_rules_errors(tmp_path):
    (tmp_path / "cards.yaml").write_text("cards:\n  - {name: A, rank: one}\n")
    path = tmp_path / "game.rules"
    path.write_text('game "Data"\nplayers 2\nkind card from "cards.yaml":\n    name: text\n    rank: int\n'
                    'player var points: int = 0\nturn:\n    current.pointz += 1\n    end game\n'
                    'define score(p: player): int = p.points\n')
    with pytest.raises(RulebookError) as e:
        check(load_program(str(tmp_path)))
    # both told, the rules first: a data error is more often a rules mistake's follow-on
    assert [(d.code, Path(d.span.file).name, d.span.line) for d in e.value.diagnostics] == \
        [("E201", "game.rules", 8), ("E022", "cards.yaml", 2)]


def test_a_wrong_data_type_does_not_hide_a_bad_enum_value(tmp_path):
    (tmp_path / "cards.yaml").write_text("cards:\n  - {name: A, suit: hearts, rank: one}\n"
                                         "  - {name: B, suit: spade, rank: 2}\n")
    (tmp_path / "game.rules").write_text('game "T"\nplayers 2\nenum suit: hearts, spades\n'
                                         'kind card from "cards.yaml":\n    name: text\n    suit: suit\n    rank: int\n'
                                         'turn:\n    end game\ndefine score(p: player): int = 0\n')
    with pytest.raises(RulebookError) as e:
        check(load_program(str(tmp_path)))
    assert [(d.code, d.span.line, d.hint) for d in e.value.diagnostics] == \
        [("E022", 2, "the kind 'card' reads name, rank, suit from its data"), ("E025", 3, "did you mean 'spades'?")]


def test_echo_quotes_input_cut_short_with_its_control_characters_visible():
    from tabletop.dsl.diagnostics import echo
    assert echo("Play Ace") == "Play Ace"
    assert echo("x" * 1_000_000) == "x" * 80 + "…"
    assert echo("a\0b\x1b[2J\x7f\x9b") == "a\u2400b\u241b[2J\u2421\ufffd"
    assert echo("y" * 100, 10) == "y" * 10 + "…"
    assert echo(12345) == "12345"
