"""A quick yes for data that certainly fits a JSON schema: so a rulebook's data is checked without
importing jsonschema, which is a sixth of a cold `tabletop check`.

`surely_fits(instance, schema)` is True only when the instance fits by every keyword of the
schema, each read as JSON Schema (draft 2020-12) reads it. It knows the few keywords the
loader's data schemas use; a schema with any other keyword, or a value it does not know how
JSON Schema would judge (a float, a date), gives False, as does data that does not fit. False
means "ask jsonschema": it stays the judge of every doubtful case and writes every message. This
module must never say yes where jsonschema would say no (`tests/test_quick_schema.py` checks
that on random data), and never explains anything.
"""
from __future__ import annotations

ANNOTATIONS = frozenset({"$schema", "$id", "title", "description"})
KNOWN = frozenset({"type", "properties", "additionalProperties", "required", "items", "anyOf",
                   "minimum", "maximum", "minItems", "maxItems", "minProperties", "maxProperties"}) | ANNOTATIONS
TYPES = {
    "string": lambda x: type(x) is str,
    "integer": lambda x: type(x) is int,       # a bool is not an integer in JSON Schema
    "boolean": lambda x: type(x) is bool,
    "null": lambda x: x is None,
    "array": lambda x: type(x) is list,
    "object": lambda x: type(x) is dict and all(type(k) is str for k in x),
}
PLAIN = (str, int, bool, type(None), list, dict)


def surely_fits(instance, schema) -> bool:
    """Does `instance` certainly fit `schema`? False also for "cannot tell"."""
    if schema is True:
        return True
    if type(schema) is not dict or not KNOWN.issuperset(schema):
        return False
    if type(instance) not in PLAIN:        # a float, a date...: JSON Schema's view is not ours to guess
        return False
    if "type" in schema:
        wanted = schema["type"]
        names = wanted if type(wanted) is list else [wanted]
        if not all(n in TYPES for n in names) or not any(TYPES[n](instance) for n in names):
            return False
    if type(instance) is int:
        if "minimum" in schema and not (type(schema["minimum"]) is int and instance >= schema["minimum"]):
            return False
        if "maximum" in schema and not (type(schema["maximum"]) is int and instance <= schema["maximum"]):
            return False
    elif type(instance) is list:
        if not _within(len(instance), schema, "minItems", "maxItems"):
            return False
        if "items" in schema and not all(surely_fits(x, schema["items"]) for x in instance):
            return False
    elif type(instance) is dict:
        if not _object_fits(instance, schema):
            return False
    if "anyOf" in schema:
        options = schema["anyOf"]
        if type(options) is not list or not any(surely_fits(instance, s) for s in options):
            return False
    return True


def _object_fits(instance: dict, schema: dict) -> bool:
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
        if not surely_fits(value, properties[key] if key in properties else rest):
            return False
    return True


def _within(n: int, schema: dict, low: str, high: str) -> bool:
    if low in schema and not (type(schema[low]) is int and n >= schema[low]):
        return False
    return not (high in schema and not (type(schema[high]) is int and n <= schema[high]))
