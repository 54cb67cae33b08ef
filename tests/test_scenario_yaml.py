"""Reading a scenario file's YAML: libyaml's parser when PyYAML has it, giving the same data and the
same lines and columns as PyYAML's pure-Python one; any file libyaml refuses, or reads where the two
would differ (a tab, a '?' inside brackets, a value left out), is read by PyYAML, so every error
and its place are PyYAML's own (interpreter/scenarios.py, `_load`)."""
from pathlib import Path

import pytest
import yaml

from tabletop.dsl.diagnostics import Sources
from tabletop.interpreter import scenarios

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "rulebooks").glob("*/scenarios/*.yaml")) + sorted((ROOT / "tests" / "games").glob("*/scenarios/*.yaml"))
needs_libyaml = pytest.mark.skipif(not getattr(yaml, "__with_libyaml__", False), reason="PyYAML without libyaml")


def shape(x):
    """The data with every line and column it remembers."""
    if isinstance(x, dict):
        return ("mapping", x.where, x.lines, x.values, x.empty, [(k, shape(v)) for k, v in x.items()])
    if isinstance(x, list):
        return ("list", x.where, x.lines, [shape(v) for v in x])
    return type(x).__name__, x


def pure(text):
    try:
        return shape(yaml.load(text, Loader=scenarios._Loader))   # noqa: S506 -- a SafeLoader subclass
    except yaml.YAMLError as e:
        return type(e).__name__, str(e)


def loaded(text):
    try:
        return shape(scenarios._load(text))
    except yaml.YAMLError as e:
        return type(e).__name__, str(e)


@needs_libyaml
@pytest.mark.parametrize("step", [10, pytest.param(1, marks=pytest.mark.soak)], ids=["every tenth file", "every file"])
def test_the_bundled_scenario_files_read_by_libyaml_are_what_pyyaml_reads(step):
    """Every tenth file in the quick suite (PyYAML's own reading is the slow part), each in the soak run."""
    files = FILES[::step]
    assert len(files) >= 8
    assert [p.name for p in files if loaded(p.read_text(encoding="utf-8")) != pure(p.read_text(encoding="utf-8"))] == []


@pytest.mark.slow
@needs_libyaml
def test_a_bundled_scenario_file_is_read_without_pyyaml_s_own_scanner_or_jsonschema(monkeypatch):
    """The quick ways are the ones taken: libyaml reads each file, and the quick schema check
    vouches for it (dsl/quick_schema.py), so jsonschema never walks its steps."""
    def refused(*args, **kwargs):
        raise AssertionError("a slow way was taken")
    monkeypatch.setattr(yaml.scanner.Scanner, "fetch_more_tokens", refused)
    monkeypatch.setattr(type(scenarios._validator()), "iter_errors", refused)
    assert len(FILES) > 50
    for path in FILES:
        doc = scenarios.read_file(path, path.name, Sources())
        assert isinstance(doc, dict) and doc["cases"], (path, doc)


@pytest.mark.parametrize("text", [
    "cases: [{name: a, steps: [{moves: [Bid\t7]}]}]\n",       # a tab inside a text: PyYAML refuses it
    "cases:\n  - name: a\n    steps:\n      - moves: [What? They Float!]\n",
    "cases:\n  - name: a\n    steps:\n      - expect: {tile: {C?2: 1}}\n",
    "cases:\n  - name: a\n    steps:\n      - set: {row: , col: 2}\n",       # a value left out, inside { }
    "cases:\n  - name: a\n    steps:\n      - set:\n          row:\n?",       # and a key with nothing after it
    "cases:\n  - name: a\n    steps:\n      - move: Pass\n        by:\n",
    "cases:\n  - name: a\n    steps: [{move: Pass}, {move: Pass, move: Pass}]\n",   # a key given twice
    "cases:\n  - name: a\n    steps:\n     - move: Pass\n      - move: Pass\n",        # indentation
])
def test_where_the_two_parsers_differ_the_file_is_read_as_pyyaml_reads_it(text):
    assert loaded(text) == pure(text)
