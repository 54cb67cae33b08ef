"""`python -m tabletop` and the `tabletop` script: the command line, with Ctrl-C caught from
the first moment (even while the engine's modules are still being imported), so that it never
shows a traceback. When the command is done, every object still alive is handed to Python's
collector as permanent (`gc.freeze`): the interpreter's collections as it exits would otherwise
walk them all only to free memory the operating system takes back with the process (a twentieth
of a cold `tabletop check`). It must not do anything else."""
import sys


def main() -> int:
    try:
        from tabletop.interpreter.cli import main as run
        code = run()
    except KeyboardInterrupt:
        try:
            print("Interrupted.", file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass
        code = 1
    import gc
    gc.freeze()
    return code


if __name__ == "__main__":
    sys.exit(main())
