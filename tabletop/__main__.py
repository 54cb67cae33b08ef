"""`python -m tabletop` and the `tabletop` script: the command line, with Ctrl-C caught from
the first moment (even while the engine's modules are still being imported), so that it never
shows a traceback (Python 3.11 wraps a Ctrl-C that lands while a class is being made, in
`__set_name__`, in a RuntimeError: that is an interrupt too). When the command is done, every object still alive is handed to Python's
collector as permanent (`gc.freeze`): the interpreter's collections as it exits would otherwise
walk them all only to free memory the operating system takes back with the process (a twentieth
of a cold `tabletop check`). It must not do anything else."""
import sys


def _interrupt_inside(e: BaseException) -> bool:
    """Whether Ctrl-C is what `e` was raised from (its cause, or their causes)."""
    seen = set()
    while e is not None and id(e) not in seen:
        if isinstance(e, KeyboardInterrupt):
            return True
        seen.add(id(e))
        e = e.__cause__ or e.__context__
    return False


def main() -> int:
    try:
        from tabletop.interpreter.cli import main as run
        code = run()
    except (KeyboardInterrupt, RuntimeError) as e:
        if not _interrupt_inside(e):
            raise
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
