"""Python's collector of reference cycles paused while a pass builds a large graph of objects.

Loading, checking and compiling a rulebook each build a graph that all stays alive (lark's tree,
the AST, the checker's tables, the compiled functions), and each full collection walks all of
it: with the collector on, a long rulebook parses in twice the time, its time grows faster than
its length, and loading the five bundled rulebooks warm takes half as long again. The passes
leave few cycles behind; they are collected once the collector is on again. `collector_paused()`
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
