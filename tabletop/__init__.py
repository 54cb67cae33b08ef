"""tabletop: a rulebook language for tabletop games, and one engine that plays any rulebook.

The installed package is `tabletop`: the language is `tabletop.dsl` (the folder `dsl/`), the
engine `tabletop.interpreter` (`interpreter/`), and the bundled rulebooks and JSON Schemas are
package data (`rulebooks/`, `schemas/`). A wheel places those folders inside this package; in a
source checkout they stay at the top level, beside this folder, and this file makes the same
names work there. It must not import the rest of the package, and imports little itself, so
`import tabletop` stays cheap; Ctrl-C while it runs ends the program with no traceback, as
`__main__.py` does once it runs.
"""
import os as _os

try:
    _HERE = _os.path.dirname(_os.path.realpath(__file__))
    _CHECKOUT = _os.path.dirname(_HERE)

    # A source checkout (or an editable install of one): tabletop.dsl is ../dsl, and so on.
    if not _os.path.isdir(_os.path.join(_HERE, "dsl")) and \
            _os.path.isfile(_os.path.join(_CHECKOUT, "dsl", "grammar.lark")):
        __path__.append(_CHECKOUT)
except KeyboardInterrupt:
    # Ctrl-C this early (the command's own catching starts once this package is imported).
    import sys as _sys
    print("Interrupted.", file=_sys.stderr, flush=True)
    raise SystemExit(1) from None


def data_dir(name: str):
    """The bundled folder `name` ("rulebooks" or "schemas") as a Path: package data when
    installed, the top-level folder of a source checkout otherwise."""
    from pathlib import Path
    # This package's own folder, as importlib.resources.files would give it (without importing
    # that, a fiftieth of a cold `check`).
    installed = Path(_os.path.dirname(_os.path.abspath(__file__))) / name
    return installed if installed.is_dir() else Path(_CHECKOUT) / name
