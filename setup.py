"""The one part of the build pyproject.toml cannot say: the optional C generator.

interpreter/_splitmix.c makes the dice fast (rng.py says what it computes). It is optional: where
no C compiler is found the install goes on without it, and the engine plays the same games with
rng.py alone, more slowly.
"""
from setuptools import Extension, setup

setup(ext_modules=[Extension("tabletop.interpreter._splitmix", ["interpreter/_splitmix.c"], optional=True)])
