"""`python -m tabletop` and the `tabletop` script: the command line, with Ctrl-C caught from
the first moment (even while the engine's modules are still being imported), so that it never
shows a traceback. It must not do anything else."""
import sys


def main() -> int:
    try:
        from tabletop.interpreter.cli import main as run
        return run()
    except KeyboardInterrupt:
        try:
            print("Interrupted.", file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass
        return 1


if __name__ == "__main__":
    sys.exit(main())
