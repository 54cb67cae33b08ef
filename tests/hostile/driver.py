"""Runs hostile cases (corpus.py), each in a process of its own under its budget, and prints one
JSON result per case: `python tests/hostile/driver.py GROUP [--soak | --only-soak]`.

The driver imports the engine once, then forks a child per case. The child limits its memory
(RLIMIT_AS: the engine's own size plus the case's megabytes, so a runaway fails instead of
swapping), puts the sentinel text in its environment (so reading /proc/self/environ would show
it), records every file it opens (an audit hook on "open"), and runs the `tabletop` command
in-process with its output captured. The parent kills a child that outlives its seconds (four
times over, and five more, of wall time). A result holds the exit code, the output, the CPU
seconds (a machine busy with other work stretches wall time, not these), the peak memory beyond the engine's own,
each file opened outside the case's folder, Python's and tabletop's own files and tabletop's
cache, and each FIFO or device opened anywhere.
"""
from __future__ import annotations

import json
import os
import resource
import select
import signal
import stat
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE.parent))     # tests/, for cpu.py
sys.path.insert(0, str(HERE))

from corpus import CASES, SENTINEL, outside_files  # noqa: E402
from cpu import cpu_seconds  # noqa: E402
from tabletop.dsl.parse_cache import cache_folder  # noqa: E402
from tabletop.interpreter import cli  # noqa: E402

# Python's and tabletop's own files, and tabletop's cache folder (a fixed place no rulebook names).
ENGINE_FILES = [os.path.realpath(p) for p in {sys.prefix, sys.base_prefix, sys.exec_prefix, str(REPO)}]
if cache_folder() is not None:
    ENGINE_FILES.append(os.path.realpath(cache_folder()))


def _status(field: str) -> int:
    """A number of kB from /proc/self/status (VmSize, VmRSS, VmHWM)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def _inside(path: str, folders: list) -> bool:
    return any(path == f or path.startswith(f.rstrip("/") + "/") for f in folders)


def child(case, argv: list, allowed: list) -> dict:
    """Run one case in this (forked) process and return its result."""
    limit = _status("VmSize") * 1024 + case.megabytes * 2 ** 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.environ["TABLETOP_HOSTILE"] = SENTINEL
    opened: list = []
    recording = [True]

    def audit(event, args):
        if recording[0] and event == "open" and args and isinstance(args[0], (str, bytes)):
            opened.append(os.fsdecode(args[0]))
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(out.fileno(), 1)
    os.dup2(err.fileno(), 2)
    try:
        Path("/proc/self/clear_refs").write_text("5")      # the peak memory starts from here
    except OSError:
        pass
    start_rss = _status("VmRSS")
    sys.addaudithook(audit)
    t0 = cpu_seconds()
    try:
        code = cli.main(argv)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 2
    except MemoryError:
        code = "MemoryError"
    seconds = cpu_seconds() - t0
    recording[0] = False
    sys.stdout.flush()
    sys.stderr.flush()
    peak = max(_status("VmHWM") - start_rss, 0) // 1024
    folders = ENGINE_FILES + [os.path.realpath(p) for p in allowed] + ["/dev/null"]
    real = {os.path.realpath(p) for p in opened}
    outside = sorted(p for p in real if not _inside(p, folders))
    special = sorted(p for p in real if os.path.exists(p) and not stat.S_ISREG(os.stat(p).st_mode)
                     and not stat.S_ISDIR(os.stat(p).st_mode) and p != "/dev/null")
    out.seek(0)
    err.seek(0)
    return {"code": code, "out": out.read().decode("utf-8", "replace"), "err": err.read().decode("utf-8", "replace"),
            "seconds": seconds, "megabytes": peak, "opened_outside": outside, "opened_special": special}


def run(case, root: Path) -> dict:
    work = root / "".join(ch if ch.isalnum() else "_" for ch in case.name)
    work.mkdir()
    outside = root / "outside"
    argv = case.build(work, outside)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:                       # the child: run, report, and leave without cleaning up
        os.close(r)
        try:
            result = child(case, argv, [str(work)] + [str(outside / p) for p in case.may_read])
        except BaseException as e:     # the driver itself failed: say so rather than hang
            result = {"code": "driver", "out": "", "err": repr(e), "seconds": 0, "megabytes": 0,
                      "opened_outside": [], "opened_special": []}
        data = json.dumps(result).encode()
        while data:
            data = data[os.write(w, data):]
        os._exit(0)
    os.close(w)
    chunks, deadline = [], time.monotonic() + case.seconds * 4 + 5
    while True:
        left = deadline - time.monotonic()
        ready, _, _ = select.select([r], [], [], max(left, 0))
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(r)
            return {"code": "killed", "out": "", "err": f"still running after {case.seconds * 4 + 5:.0f} s",
                    "seconds": case.seconds * 4 + 5, "megabytes": 0, "opened_outside": [], "opened_special": []}
        chunk = os.read(r, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if not chunks:
        return {"code": f"died ({status})", "out": "", "err": "", "seconds": 0, "megabytes": 0,
                "opened_outside": [], "opened_special": []}
    return json.loads(b"".join(chunks))


def warm_up(root: Path) -> None:
    """Build the parser and import everything once, before forking, so each case pays only for itself."""
    game = root / "warm-up.rules"
    game.write_text('game "Warm"\nplayers 1\ndefine score(p: player): int = 0\nturn:\n    end game "done"\n')
    saved = sys.stdout
    sys.stdout = open(os.devnull, "w")
    try:
        cli.main(["check", str(game)])
    finally:
        sys.stdout.close()
        sys.stdout = saved


def main(argv: list) -> int:
    group, mode = argv[0], (argv[1] if len(argv) > 1 else "")
    cases = [c for c in CASES if c.group == group and (c.soak == (mode == "--only-soak") or mode == "--soak")]
    with tempfile.TemporaryDirectory(prefix="tabletop-hostile-") as tmp:
        root = Path(tmp)
        outside_files(root / "outside")
        warm_up(root)
        for case in cases:
            result = run(case, root)
            print(json.dumps({"name": case.name, **result}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
