"""The command line as a process of its own, at a real terminal or under signals: SIGTERM and
SIGHUP at a prompt save the game like Ctrl-C does, Ctrl-C in the first moment prints no
traceback, and at a terminal the arrow keys edit the line and bring back earlier ones (issues 10
and 13). Each test is bounded by timeouts; together they take a few seconds."""
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from cli_fixtures import ROOT

ENV = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm", COLUMNS="100")


def _interruptible():
    """Ctrl-C as at a terminal. A shell that starts a job in the background without job control
    (`bash .ci/run &` in a script) makes it ignore SIGINT, and children inherit that: Python then
    leaves SIGINT ignored, and the tests below would send it in vain."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*argv, cwd, **streams):
    return subprocess.Popen([sys.executable, "-m", "tabletop", *map(str, argv)], cwd=cwd, env=ENV,
                            preexec_fn=_interruptible, **streams)


def read_until(fd, needle: bytes, seconds: float = 30) -> bytes:
    """What the process wrote on `fd` up to and including `needle` (fails after `seconds`)."""
    got, deadline = b"", time.monotonic() + seconds
    while needle not in got:
        left = deadline - time.monotonic()
        assert left > 0, f"waited {seconds} s for {needle!r}; got {got[-400:]!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 4096)
            assert chunk, f"the stream ended before {needle!r}; got {got[-400:]!r}"
            got += chunk
    return got


def quit_unsaved(fd, read, proc) -> None:
    """At a prompt on the terminal `fd`: quit, decline to save, and check the exit code (1)."""
    os.write(fd, b"quit\r")
    read(b"[Y/n] ")
    os.write(fd, b"n\r")
    read(b"Not saved.")
    assert proc.wait(timeout=30) == 1


@pytest.mark.parametrize("signum, said", [(signal.SIGTERM, "The game was told to stop (SIGTERM)."),
                                          (signal.SIGHUP, "The terminal was closed.")])
def test_sigterm_and_sighup_at_a_prompt_save_the_game(tmp_path, signum, said):
    proc = start("play", "taboo_atoll_express", "--seed", 1, cwd=tmp_path,
                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        proc.stdin.write(b"1\n")
        proc.stdin.flush()
        read_until(proc.stdout.fileno(), b"> ")         # the first answer was taken...
        read_until(proc.stdout.fileno(), b"> ")         # ...and it waits at the second prompt
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    err = err.decode()
    assert proc.returncode == 1 and "Traceback" not in err
    assert f"{said} The game is not over." in err
    assert "Game saved to tabletop-autosave.json. Resume it with: tabletop play --load tabletop-autosave.json" in err
    assert len(json.loads((tmp_path / "tabletop-autosave.json").read_text())["moves"]) == 1


def python_starting(err: str) -> bool:
    """Whether an interrupt's traceback is Python's own start-up (its site module, or runpy
    finding the entry module), before the first line of this project's code ran."""
    if err.startswith(("Fatal Python error: init_import_site", "Could not import runpy module")):
        return True
    files = re.findall(r'File "([^"]+)"', err)
    return bool(files) and all(f.startswith("<frozen") for f in files)


def test_ctrl_c_in_the_first_moment_prints_no_traceback(tmp_path):
    """SIGINT at moments spread over start-up (the modules loading, the rulebook compiling, the
    games starting): whenever it lands, the process ends without a traceback. An interrupt that
    lands while Python itself is still starting, before the first line of the entry module
    runs, is Python's to report, and is left out."""
    interrupted = 0
    # Spread from the start onwards; a busy machine starts Python more slowly, so the moments go on
    # later until enough have landed after it started (the run of 500 games lasts far longer).
    for delay in [0.05 * k for k in range(1, 31)]:
        if interrupted >= 6:
            break
        proc = start("simulate", "taboo_atoll_express", "-n", 500, cwd=tmp_path,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            time.sleep(delay)
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=60)
        finally:
            proc.kill()
        err = err.decode()
        if python_starting(err):
            continue
        assert "Traceback" not in err, (delay, err[-800:])
        assert proc.returncode in (1, -signal.SIGINT)
        interrupted += "Interrupted." in err
    assert interrupted >= 4


def started_workers(proc, n: int) -> set[int]:
    """The first `n` worker processes `proc` starts, waited for up to 30 s."""
    workers: set[int] = set()
    deadline = time.monotonic() + 30
    while len(workers) < n:
        assert time.monotonic() < deadline and proc.poll() is None, "the workers never started"
        workers |= children(proc.pid)
    return workers


def wait_catching(proc, signum: int, seconds: float = 60) -> None:
    """Until `proc` catches `signum` (Linux's /proc shows the signals a process catches): the run
    has set its handlers. Sent earlier, the signal would kill Python outright, which is not what
    is tested; a fixed sleep was too short on a busy machine. Without /proc, a sleep it is."""
    status = f"/proc/{proc.pid}/status"
    if not os.path.exists(status):
        time.sleep(2.5)
        return
    deadline = time.monotonic() + seconds
    while True:
        assert proc.poll() is None, "the run ended before it caught the signal"
        with open(status) as f:
            caught = next(int(line.split()[1], 16) for line in f if line.startswith("SigCgt:"))
        if caught >> (signum - 1) & 1:
            return
        assert time.monotonic() < deadline, f"the run did not catch signal {signum} in {seconds} s"
        time.sleep(0.02)


def children(pid: int) -> set[int]:
    """The processes `pid` started that are still alive (read from /proc)."""
    found = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            found |= {int(c) for c in f.read().split()}
    return found


@pytest.mark.skipif(not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"),
                    reason="needs Linux's /proc to see a process's children")
@pytest.mark.parametrize("moment", ["as the first worker starts", "while the workers play"])
def test_ctrl_c_in_a_run_in_two_processes_stops_every_worker(tmp_path, moment):
    """Ctrl-C reaches the parent alone (as `kill -INT` does), here at the moment its first
    worker appears (the pool is still being made) or during play: it stops every worker and
    ends. A worker that outlived it would wait for work for ever and keep the output open."""
    proc = start("simulate", "smores_galore", "-n", 100_000, "--workers", 2, cwd=tmp_path,
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wanted = 1 if moment == "as the first worker starts" else 2
    seen: set[int] = set()
    try:
        deadline = time.monotonic() + 30
        while len(seen) < wanted:
            assert time.monotonic() < deadline and proc.poll() is None, "the workers never started"
            seen |= children(proc.pid)
        if wanted == 2:
            time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    err = err.decode()
    assert proc.returncode == 1 and "Traceback" not in err and "Interrupted." in err, err[-800:]
    assert not any(os.path.exists(f"/proc/{w}") for w in seen), "a worker outlived the run"


@pytest.mark.skipif(not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"),
                    reason="needs Linux's /proc to see a process's children")
def test_the_workers_of_a_run_whose_parent_is_killed_end_too(tmp_path):
    """`kill -9` of the run itself: a forked worker held the parent's end of its own pipe too, so
    the pipe never closed and the worker waited for work for ever."""
    proc = start("simulate", "smackshapes", "-n", 16, "--workers", 2, cwd=tmp_path,
                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        workers = started_workers(proc, 2)
    finally:
        proc.kill()
        proc.wait()
    deadline = time.monotonic() + 20        # each ends once its game is played
    while any(_state(w) not in ("Z", "") for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    alive = [w for w in workers if _state(w) not in ("Z", "")]
    for w in alive:
        os.kill(w, signal.SIGKILL)
    assert not alive, "a worker outlived the run's parent"


@pytest.mark.parametrize("signum, workers", [(signal.SIGTERM, 1), (signal.SIGHUP, 2), (signal.SIGQUIT, 1)])
def test_sigterm_sighup_and_sigquit_stop_a_run_in_words(tmp_path, signum, workers):
    """In one process the signal lands inside a game, whose errors a run counts and goes on: it
    must stop the run all the same. SIGHUP (the terminal closed) reaches every process of the
    group; the workers leave it to the parent, which stops them."""
    proc = start("simulate", "smores_galore", "-n", 100_000, "--workers", workers, cwd=tmp_path,
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        wait_catching(proc, signum)
        time.sleep(0.3)                     # and into the games (on a busy machine, maybe not yet)
        os.killpg(proc.pid, signum)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    err = err.decode()
    name = signal.Signals(signum).name
    assert proc.returncode == 1 and "Traceback" not in err, err[-800:]
    assert f"The run was told to stop ({name}); it ends without statistics." in err


def test_at_a_terminal_the_arrow_keys_edit_the_line_and_recall_earlier_ones(tmp_path):
    """'elp', then Left three times and 'h', is 'help'; Up brings 'help' back. Without line
    editing the escape codes would be part of the line and neither would be a command. Then
    Enter at "Save the game? [Y/n]" takes the default on a line of its own."""
    main, other = pty.openpty()
    proc = start("play", "taboo_atoll_express", "--seed", 1, cwd=tmp_path, stdin=other, stdout=other, stderr=other)
    os.close(other)
    try:
        read_until(main, b"> ")
        os.write(main, b"elp" + b"\x1b[D" * 3 + b"h\r")
        first = read_until(main, b"> ")
        assert b"Answer with the option's number or its exact label" in first
        os.write(main, b"\x1b[A\r")
        again = read_until(main, b"> ")
        assert b"Answer with the option's number or its exact label" in again
        # Enter for the default at a question on standard error ends its line: readline, given no
        # prompt of its own, ended no empty line, so "Game saved to ..." ran on after "[Y/n] "
        # and the terminal broke it in the middle of a word. (A move first: a game with none
        # played is not offered to be saved.)
        os.write(main, b"Pass\r")
        read_until(main, b"> ")
        os.write(main, b"quit\r")
        read_until(main, b"[Y/n] ")
        os.write(main, b"\r")
        after = read_until(main, b"Resume it with")
        assert after.startswith(b"\r\n") and b"Game saved to tabletop-autosave.json" in after, after
        assert proc.wait(timeout=30) == 1
    finally:
        proc.kill()
        os.close(main)


def _state(pid: int) -> str:
    """The one-letter state of a process (R, S, T, Z...), or '' when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


@pytest.mark.skipif(not os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children"),
                    reason="needs Linux's /proc to see a process's children")
def test_sigterm_to_the_process_group_reaches_the_parent_alone_which_stops_the_workers(tmp_path):
    """`timeout 2 tabletop simulate ... --workers 2` sends SIGTERM to the whole group. A worker it
    killed while putting a result kept the pool's queue lock, and the parent then waited for that
    lock for ever (2 runs in 30 hung). Each worker is now a process group of its own: while the
    parent is stopped, the group's SIGTERM kills no worker; once it goes on, it stops them itself."""
    proc = start("simulate", "smores_galore", "-n", 100_000, "--workers", 2, cwd=tmp_path,
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        workers = started_workers(proc, 2)
        time.sleep(0.3)
        os.kill(proc.pid, signal.SIGSTOP)        # the parent cannot stop them, nor reap one the signal kills
        os.killpg(proc.pid, signal.SIGTERM)
        time.sleep(0.3)
        states = {w: _state(w) for w in workers}
        os.kill(proc.pid, signal.SIGCONT)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert all(s not in ("Z", "") for s in states.values()), f"the group's SIGTERM killed a worker: {states}"
    err = err.decode()
    assert proc.returncode == 1 and "The run was told to stop (SIGTERM); it ends without statistics." in err, err[-800:]
    assert not any(os.path.exists(f"/proc/{w}") for w in workers), "a worker outlived the run"


def test_ctrl_c_wrapped_by_python_while_a_class_is_made_is_an_interrupt_too(monkeypatch, capsys):
    """Python 3.11 wraps a KeyboardInterrupt raised in `__set_name__` (as a dataclass is made while
    the engine is imported) in a RuntimeError: it is said as an interrupt, with no traceback; any
    other RuntimeError is not swallowed."""
    import tabletop.__main__ as entry
    import tabletop.interpreter.cli as cli

    def wrapped():
        class Named:
            def __set_name__(self, owner, name):
                raise KeyboardInterrupt
        type("Made", (), {"x": Named()})
    monkeypatch.setattr(cli, "main", wrapped)
    assert entry.main() == 1
    assert capsys.readouterr().err == "Interrupted.\n"

    def broken():
        raise RuntimeError("not an interrupt")
    monkeypatch.setattr(cli, "main", broken)
    with pytest.raises(RuntimeError, match="not an interrupt"):
        entry.main()
