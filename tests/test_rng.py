"""The C copy of the generator's hot path (interpreter/_splitmix.c) gives rng.py's numbers for every
input, so a game never depends on which one ran; and the build makes it on this kind of machine."""
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from tabletop.interpreter import rng as R

try:
    from tabletop.interpreter import _splitmix as C
    C.use_for_large_bounds(R.python_below)      # as rng.py does, also when TABLETOP_PURE_PYTHON=1
except ImportError:
    C = None

# .ci/run sets TABLETOP_EXPECT_C=1: there a missing build fails these tests instead of skipping them.
needs_c = pytest.mark.skipif(C is None and os.environ.get("TABLETOP_EXPECT_C") != "1",
                             reason="the C generator was not built here (no C compiler)")
STATES = st.one_of(st.integers(0, R.MASK), st.integers(-(1 << 80), 1 << 80))
BOUNDS = st.one_of(st.integers(1, 300), st.integers(1, (1 << 63) - 1), st.sampled_from([1, 2, 3, 6, 52, 256, 257]))


@needs_c
def test_the_c_generator_is_built_and_used():
    """CI builds it (a fresh machine of this kind has gcc and Python's headers); where it is built
    the engine uses it unless TABLETOP_PURE_PYTHON=1."""
    assert C is not None, "interpreter/_splitmix.c was not built: is a C compiler installed?"
    if os.environ.get("TABLETOP_PURE_PYTHON") != "1":
        assert R.IN_C and R.below is C.below and R.shuffle is C.shuffle
    code = "from tabletop.interpreter import rng; print(rng.IN_C)"
    env = dict(os.environ, TABLETOP_PURE_PYTHON="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@needs_c
@pytest.mark.parametrize("examples", [400, pytest.param(4000, marks=pytest.mark.soak)])
def test_below_gives_the_same_numbers(examples):
    """400 random inputs in the quick suite, 4,000 more in the soak run."""
    @settings(max_examples=examples, deadline=None)
    @given(STATES, BOUNDS)
    def same(state, n):
        assert C.below(state, n) == R.python_below(state, n)
    same()


@needs_c
def test_below_repeats_the_same_sequence():
    """A long run from one state: each draw's new state feeds the next, as the dice do."""
    a = b = R.seed_state(11)
    for i in range(20_000):
        n = 1 + i % 300
        a, x = C.below(a, n)
        b, y = R.python_below(b, n)
        assert (a, x) == (b, y)


@pytest.mark.slow
@needs_c
@settings(max_examples=500, deadline=None)
@given(STATES, st.lists(st.integers(), max_size=80))
def test_shuffle_gives_the_same_order(state, xs):
    ys = list(xs)
    assert C.shuffle(state, xs) == R.python_shuffle(state, ys) and xs == ys


@needs_c
def test_bounds_left_to_python_are_the_same():
    """A bound of 2**63 or more goes to rng.py's own below(); none or a negative one is refused alike."""
    for n in (1 << 63, (1 << 64) - 1, 1 << 64):
        assert C.below(12345, n) == R.python_below(12345, n)
    for n in (0, -1, -(1 << 70)):
        with pytest.raises(ValueError, match="positive bound"):
            C.below(1, n)
    with pytest.raises(TypeError):
        C.below("1", 6)
    with pytest.raises(TypeError):
        C.shuffle(1, (1, 2))
    # A list of a kind of its own (a redacted zone is one) is shuffled as a list.
    from tabletop.interpreter.view import Hidden
    xs, ys = Hidden(range(30)), list(range(30))
    assert C.shuffle(7, xs) == R.python_shuffle(7, ys) and list(xs) == ys
