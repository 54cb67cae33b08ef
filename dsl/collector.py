"""Python's collector of reference cycles paused while a pass builds a large graph of objects.

Loading, checking and compiling a rulebook each build a graph that all stays alive (lark's tree,
the AST, the checker's tables, the compiled functions), and each full collection walks all of
it: with the collector on, a long rulebook (thousands of `elif`s) parses in twice the time, and
its time grows faster than its length. Paused, the objects a pass made are walked once, by the
first collection after it. The passes leave no cycles of their own behind (a nested function that
calls itself is one: test_leftovers2 checks every bundled rulebook), so what they drop is freed at
once; the compiled program itself is cyclic, its functions and their table. `collector_paused()`
is a context manager and a decorator; nested, only the outermost turns the collector back on,
and only if it was on. This module must not collect, or change the collector's thresholds.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def collector_paused():
    """The collector paused, then as it was."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
