"""`python -m tabletop`: the same command line as the `tabletop` script."""
import sys

from tabletop.interpreter.cli import main

sys.exit(main())
