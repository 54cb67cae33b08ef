"""dsl/quick_schema.py: its quick yes is never jsonschema's no, nor its sure no jsonschema's yes; it
vouches for the bundled data, so checking a rulebook's data does not import jsonschema (and for the
bundled scenario files: tests/test_scenario_yaml.py)."""
import datetime
import functools
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.dsl.loader import json_schema_for_data
from tabletop.dsl.quick_schema import surely_fails, surely_fits
from tabletop.interpreter import scenarios

ROOT = Path(__file__).resolve().parent.parent

# Values as YAML gives them: scalars of every JSON type and a few it has not (floats, dates),
# lists and objects (keys may be texts or, from YAML, numbers).
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 1003), st.sampled_from(["", "red", "count"]),
                    st.floats(allow_nan=False, allow_infinity=False), st.just(datetime.date(2026, 1, 1)))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.sampled_from(["name", "count", "colour", "cards"]), st.integers(0, 2)), inner, max_size=4)),
    max_leaves=12)

# Schemas of the keywords the module knows (and one it does not: "enum"), nested.
TYPE_NAMES = st.sampled_from(["string", "integer", "boolean", "null", "array", "object", "number"])
LEAF_SCHEMAS = st.one_of(
    st.booleans(),
    st.builds(lambda t: {"type": t}, st.one_of(TYPE_NAMES, st.lists(TYPE_NAMES, min_size=1, max_size=3))),
    st.builds(lambda lo, hi: {"minimum": lo, "maximum": hi}, st.integers(-2, 3), st.integers(0, 1000)),
    st.builds(lambda n: {"maxItems": n, "minItems": 1}, st.integers(0, 3)),
    st.just({"enum": ["red"]}),
)
SCHEMAS = st.recursive(LEAF_SCHEMAS, lambda inner: st.one_of(
    st.builds(lambda s: {"type": "array", "items": s}, inner),
    st.builds(lambda props, extra, req: {"type": "object", "properties": props, "additionalProperties": extra,
                                         "required": req, "maxProperties": 3},
              st.dictionaries(st.sampled_from(["name", "count", "colour"]), inner, max_size=3), inner,
              st.lists(st.sampled_from(["name", "count"]), max_size=2, unique=True)),
    st.builds(lambda options: {"anyOf": options}, st.lists(inner, min_size=1, max_size=3)),
), max_leaves=8)


# The keywords the scenario schema adds: oneOf and not (judged with the sure no), texts' minLength,
# and a $ref to the schema's own $defs (here always "#/$defs/d", defined beside it).
KEYS = st.sampled_from(["name", "count", "colour"])


def more_schemas(refs: bool):
    return st.recursive(st.one_of(
        LEAF_SCHEMAS,
        st.builds(lambda keys: {"required": keys}, st.lists(KEYS, min_size=1, max_size=2, unique=True)),
        st.builds(lambda n: {"type": "string", "minLength": n}, st.integers(0, 4)),
    ), lambda inner: st.one_of(
        st.builds(lambda s: {"type": "array", "items": s}, inner),
        st.builds(lambda props, extra: {"type": "object", "properties": props, "additionalProperties": extra},
                  st.dictionaries(KEYS, inner, max_size=3), inner),
        st.builds(lambda options: {"anyOf": options}, st.lists(inner, min_size=1, max_size=3)),
        st.builds(lambda options: {"oneOf": options}, st.lists(inner, min_size=1, max_size=3)),
        st.builds(lambda s: {"not": s}, inner),
        *([st.builds(lambda t: {"$ref": "#/$defs/d", **t} if isinstance(t, dict) else {"$ref": "#/$defs/d"}, inner)]
          if refs else []),
    ), max_leaves=8)


def _judged(instance, schema, definition):
    """(the quick yes, the sure no, jsonschema's verdict) of `schema` with `definition` as its $defs' d."""
    root = {"$defs": {"d": definition}, "allOf": [schema]}       # allOf: not known, so only the parts judge
    valid = jsonschema.Draft202012Validator(root).is_valid(instance)
    return surely_fits(instance, schema, root), surely_fails(instance, schema, root), valid


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(VALUES, more_schemas(refs=True), more_schemas(refs=False))   # a definition naming no other
def test_a_quick_yes_and_a_sure_no_agree_with_jsonschema_through_one_of_not_and_refs(instance, schema, definition):
    fits, fails, valid = _judged(instance, schema, definition)
    assert not (fits and fails), (instance, schema, definition)
    assert valid if fits else True, (instance, schema, definition)
    assert not valid if fails else True, (instance, schema, definition)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(VALUES, SCHEMAS)
def test_a_quick_yes_is_never_a_no_of_jsonschema(instance, schema):
    if surely_fits(instance, schema):
        assert jsonschema.Draft202012Validator(schema).is_valid(instance), (instance, schema)


@settings(max_examples=400, deadline=None)
@given(st.one_of(SCALARS, st.lists(SCALARS, max_size=3)), LEAF_SCHEMAS)
def test_a_quick_yes_to_one_keyword_is_never_a_no_of_jsonschema(instance, schema):
    if surely_fits(instance, schema):
        assert jsonschema.Draft202012Validator(schema).is_valid(instance), (instance, schema)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_a_quick_yes_to_the_data_schema_is_never_a_no_of_jsonschema(instance):
    schema = json_schema_for_data()
    if surely_fits(instance, schema):
        assert jsonschema.Draft202012Validator(schema).is_valid(instance), instance


@pytest.mark.parametrize("instance, schema, fits", [
    ({"cards": [{"name": "a", "count": 2}]}, None, True),
    ({"cards": [{"name": "a", "count": 0}]}, None, False),        # below count's minimum
    ({"cards": [], "more": []}, None, False),                    # two keys
    ({"cards": [{"name": 1.5}]}, None, False),                   # a float: jsonschema decides
    (True, {"type": "integer"}, False),                          # a bool is no integer
    ({"a": 1}, {"type": "object", "required": ["b"]}, False),
    ([1, 2], {"type": "array", "items": {"type": "integer"}, "maxItems": 2}, True),
    ("x", {"type": "string", "pattern": "x"}, False),           # a keyword it does not know
    ({"a": 1}, {"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}, True),
    ({"a": 1, "b": 2}, {"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}, False),
    ({"a": 1}, {"oneOf": [{"required": ["a"]}, {"pattern": "x"}]}, False),   # the other cannot be told to fail
    ({"a": 1}, {"not": {"required": ["b"]}}, True),
    ({"a": 1}, {"not": {"anyOf": [{"required": ["b"]}, {"required": ["a"]}]}}, False),
    (0.5, {"type": "number", "minimum": 0}, True),
    (1.0, {"type": "integer"}, False),                          # jsonschema's call, not ours
    ("", {"type": "string", "minLength": 1}, False),
    ({"$x": 1}, {"$ref": "#/$defs/none"}, False),                # a $ref to nothing vouches for nothing
])
def test_examples(instance, schema, fits):
    assert surely_fits(instance, schema if schema is not None else json_schema_for_data()) is fits


def test_checking_the_bundled_rulebooks_does_not_import_jsonschema():
    """Their data is vouched for by the quick check, so a cold check of a rulebook never seen
    saves the import (the cache is off, so every data file is read and checked)."""
    code = ("import sys\nfrom tabletop.interpreter import cli\n"
            "codes = [cli.main(['check', p]) for p in sys.argv[1:]]\n"
            "print(codes, 'jsonschema' in sys.modules)\n")
    books = [str(p) for p in sorted((ROOT / "rulebooks").iterdir()) if (p / "game.rules").exists()]
    env = dict(os.environ, TABLETOP_NO_CACHE="1")
    out = subprocess.run([sys.executable, "-c", code, *books], capture_output=True, text=True, env=env,
                         cwd=str(ROOT), check=True).stdout
    assert out.strip().splitlines()[-1] == f"{[0] * len(books)} False"


SCENARIO_FILES = sorted((ROOT / "rulebooks").glob("*/scenarios/*.yaml")) + sorted((ROOT / "tests" / "games").glob("*/scenarios/*.yaml"))


@functools.cache
def _step_validator():
    """jsonschema's judge of one scenario step, made once (making one resolves the schema's refs)."""
    schema = scenarios._validator().schema
    return scenarios._validator().evolve(schema={"$defs": schema["$defs"], "$ref": "#/$defs/step"})


@functools.cache
def _scenario_steps():
    """The steps of the cases of a dozen bundled scenario files (each a list of steps)."""
    from tabletop.dsl.diagnostics import Sources
    return [case["steps"] for p in SCENARIO_FILES[::7] for case in scenarios.read_file(p, p.name, Sources())["cases"]]


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_quick_yes_to_a_changed_scenario_step_is_never_a_no_of_jsonschema(data):
    """Steps of the bundled files with keys taken away, added from the other steps' keys, or given
    another value: the quick check's yes and sure no agree with jsonschema on each."""
    schema = scenarios._validator().schema
    step_schema = {"$ref": "#/$defs/step"}
    steps = data.draw(st.sampled_from(_scenario_steps()))
    step = dict(data.draw(st.sampled_from(steps)))
    for key in data.draw(st.lists(st.sampled_from(sorted(step)), max_size=2, unique=True)):
        del step[key]
    for key in data.draw(st.lists(st.sampled_from(STEP_KEYS), max_size=2, unique=True)):
        step[key] = data.draw(st.one_of(VALUES, st.sampled_from([0.4, -1, "Player 2", ["Pass"], {"x": 1}])))
    valid = _step_validator().is_valid(step)
    if surely_fits(step, step_schema, schema):
        assert valid, step
    if surely_fails(step, step_schema, schema):
        assert not valid, step


STEP_KEYS = ["set", "rest", "restart turn", "force", "move", "by", "time", "moves", "expect", "when said"]
