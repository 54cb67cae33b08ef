"""tabletop: a rulebook language for tabletop games, and one engine that plays any rulebook.

The installed package is `tabletop`: the language is `tabletop.dsl` (the folder `dsl/`), the
engine `tabletop.interpreter` (`interpreter/`), and the bundled rulebooks and JSON Schemas are
package data (`rulebooks/`, `schemas/`). A wheel places those folders inside this package; in a
source checkout they stay at the top level, beside this folder, and this file makes the same
names work there. It must not import the rest of the package, so `import tabletop` stays cheap.
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_CHECKOUT = _HERE.parent

# A source checkout (or an editable install of one): tabletop.dsl is ../dsl, and so on.
if not (_HERE / "dsl").is_dir() and (_CHECKOUT / "dsl" / "grammar.lark").is_file():
    __path__.append(str(_CHECKOUT))


def data_dir(name: str) -> Path:
    """The bundled folder `name` ("rulebooks" or "schemas"): package data when installed,
    the top-level folder of a source checkout otherwise."""
    installed = Path(str(resources.files(__name__))) / name
    return installed if installed.is_dir() else _CHECKOUT / name
