"""Test options shared by the whole suite.

`pytest -q` is the quick suite (two and a half to three minutes on two cores). `pytest -q --soak` also runs
the tests marked `soak` (long random-play and fuzz runs) and those marked `slow` (single tests of
several seconds on a narrow ground: a parser built again from the grammar, a runaway spending its
whole budget, a property tried hundreds of times). CI runs both (`.ci/run`). A soak test reads its
size from `soak_scale` so that one test can serve both runs where that fits.
"""
import sys

import pytest


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", default=False,
                     help="also run the long soak and fuzz tests and the slow ones (marked 'soak' and 'slow')")


def pytest_configure(config):
    config.addinivalue_line("markers", "soak: a long soak or fuzz run, only with --soak")
    config.addinivalue_line("markers", "slow: a test of several seconds on a narrow ground, only with --soak")


@pytest.hookimpl(wrapper=True)
def pytest_collection(session):
    """pytest rewrites the asserts of each test module it imports (10 s of CPU in each worker, more
    than half of collecting) and keeps the result in __pycache__, as Python keeps a module's
    code, unless bytecode is not to be written (PYTHONDONTWRITEBYTECODE): then every worker of
    every run rewrote the whole suite again. While collecting, the suite's modules are kept."""
    before, sys.dont_write_bytecode = sys.dont_write_bytecode, False
    try:
        return (yield)
    finally:
        sys.dont_write_bytecode = before


def pytest_collection_modifyitems(config, items):
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="a soak or slow test; run with --soak")
    for item in items:
        if "soak" in item.keywords or "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def soak_scale(request) -> int:
    """1 in the quick suite, 10 with --soak: multiply a random-play or fuzz run's size by it."""
    return 10 if request.config.getoption("--soak") else 1
