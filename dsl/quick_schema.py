"""A quick yes for data that certainly fits a JSON schema: so a rulebook's data is checked without
importing jsonschema, which is a sixth of a cold `tabletop check`, and a scenario file is checked
without jsonschema walking each of its steps (a third of reading the file).

`surely_fits(instance, schema)` is True only when the instance fits by every keyword of the
schema, each read as JSON Schema (draft 2020-12) reads it. It knows the few keywords the
loader's data schemas and the scenario schema use (a `$ref` only to the schema's own `$defs`);
a schema with any other keyword, or a value it does not know how JSON Schema would judge (a
date), gives False, as does data that does not fit. False means "ask jsonschema": it stays the
judge of every doubtful case and writes every message. `oneOf` and `not` need the other answer
too, a sure no (`surely_fails`), which knows fewer keywords and says False whenever it cannot
tell. This module must never say yes where jsonschema would say no, nor a sure no where it
would say yes (`tests/test_quick_schema.py` checks both on random data), and never explains
anything.
"""
from __future__ import annotations

ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "$defs"})
KNOWN = frozenset({"type", "properties", "additionalProperties", "required", "items", "anyOf", "oneOf", "not",
                   "$ref", "minimum", "maximum", "minItems", "maxItems", "minProperties", "maxProperties",
                   "minLength"}) | ANNOTATIONS
TYPES = {
    "string": lambda x: type(x) is str,
    "integer": lambda x: type(x) is int,       # a bool is not an integer in JSON Schema
    "number": lambda x: type(x) in (int, float),
    "boolean": lambda x: type(x) is bool,
    "null": lambda x: x is None,
    "array": lambda x: isinstance(x, list),
    "object": lambda x: isinstance(x, dict) and all(type(k) is str for k in x),
}
# The values whose judgement is known; a list or a mapping may be of a subclass (a scenario's,
# which remembers lines), as jsonschema takes any list and any dict.
PLAIN = (str, int, float, bool, type(None))
DEFS = "#/$defs/"


def _plain(x) -> bool:
    return type(x) in PLAIN or isinstance(x, (list, dict))


def surely_fits(instance, schema, root=None) -> bool:
    """Does `instance` certainly fit `schema` (a part of `root`, whose `$defs` a `$ref` names)?
    False also for "cannot tell"."""
    root = schema if root is None else root
    if schema is True:
        return True
    if type(schema) is not dict or not KNOWN.issuperset(schema):
        return False
    if not _plain(instance):        # a date...: JSON Schema's view is not ours to guess
        return False
    if "type" in schema:
        wanted = schema["type"]
        names = wanted if type(wanted) is list else [wanted]
        if not all(n in TYPES for n in names) or not any(TYPES[n](instance) for n in names):
            return False
    if type(instance) in (int, float):
        if "minimum" in schema and not (type(schema["minimum"]) is int and instance >= schema["minimum"]):
            return False
        if "maximum" in schema and not (type(schema["maximum"]) is int and instance <= schema["maximum"]):
            return False
    elif type(instance) is str:
        if "minLength" in schema and not (type(schema["minLength"]) is int and len(instance) >= schema["minLength"]):
            return False
    elif isinstance(instance, list):
        if not _within(len(instance), schema, "minItems", "maxItems"):
            return False
        if "items" in schema and not all(surely_fits(x, schema["items"], root) for x in instance):
            return False
    elif isinstance(instance, dict):
        if not _object_fits(instance, schema, root):
            return False
    if "anyOf" in schema:
        options = schema["anyOf"]
        if type(options) is not list or not any(surely_fits(instance, s, root) for s in options):
            return False
    if "oneOf" in schema:
        # exactly one: one surely fits, and every other surely fails
        options = schema["oneOf"]
        fits = [i for i, s in enumerate(options) if surely_fits(instance, s, root)] if type(options) is list else []
        if len(fits) != 1 or not all(surely_fails(instance, s, root) for i, s in enumerate(options) if i != fits[0]):
            return False
    if "not" in schema and not surely_fails(instance, schema["not"], root):
        return False
    return "$ref" not in schema or surely_fits(instance, _target(schema["$ref"], root), root)


def surely_fails(instance, schema, root=None) -> bool:
    """Does `instance` certainly not fit `schema`? False also for "cannot tell". One keyword that
    surely fails is enough, whatever the others are: a schema holds only when all of them do."""
    root = schema if root is None else root
    if schema is False:
        return True
    if type(schema) is not dict or not _plain(instance):
        return False
    if isinstance(instance, dict) and any(type(k) is not str for k in instance):
        return False        # an object to JSON Schema, which TYPES does not vouch for
    if "type" in schema and type(instance) is not float:      # JSON Schema may call 1.0 an integer
        wanted = schema["type"]
        names = wanted if type(wanted) is list else [wanted]
        if all(n in TYPES for n in names) and not any(TYPES[n](instance) for n in names):
            return True
    required = schema.get("required")
    if isinstance(instance, dict) and type(required) is list and any(type(k) is str and k not in instance
                                                                     for k in required):
        return True
    options = schema.get("anyOf")
    if type(options) is list and options and all(surely_fails(instance, s, root) for s in options):
        return True
    if "not" in schema and surely_fits(instance, schema["not"], root):
        return True
    return "$ref" in schema and surely_fails(instance, _target(schema["$ref"], root), root)


def _target(ref, root):
    """The schema a `$ref` to the root's own `$defs` names; None (which nothing surely fits or
    fails) for any other."""
    if type(ref) is not str or not ref.startswith(DEFS) or type(root) is not dict:
        return None
    defs = root.get("$defs")
    return defs.get(ref[len(DEFS):]) if type(defs) is dict else None


def _object_fits(instance: dict, schema: dict, root) -> bool:
    if not _within(len(instance), schema, "minProperties", "maxProperties"):
        return False
    required = schema.get("required", [])
    if type(required) is not list or any(type(k) is not str or k not in instance for k in required):
        return False
    properties = schema.get("properties", {})
    if type(properties) is not dict:
        return False
    rest = schema.get("additionalProperties", True)
    for key, value in instance.items():
        if type(key) is not str:
            return False
        if not surely_fits(value, properties[key] if key in properties else rest, root):
            return False
    return True


def _within(n: int, schema: dict, low: str, high: str) -> bool:
    if low in schema and not (type(schema[low]) is int and n >= schema[low]):
        return False
    return not (high in schema and not (type(schema[high]) is int and n <= schema[high]))
