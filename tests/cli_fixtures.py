"""Fixtures for running the `tabletop` command line in tests: in-process against the fake
engine (`run`) or the real one (`real`), or as a process of its own (`tabletop`). A test file
imports the ones it uses by name."""
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import fake_game
from tabletop.interpreter import cli

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"


def schema(name):
    return json.loads((SCHEMAS / name).read_text())


class TTYInput(io.StringIO):
    def isatty(self):
        return True


class EchoedTTYInput(TTYInput):
    """A terminal's keyboard whose typed lines the terminal shows on `screen`, as a real one does
    (its line end too, so what is shown next starts a line of its own, not after the prompt)."""

    def __init__(self, typed, screen):
        super().__init__(typed)
        self.screen = screen

    def readline(self, *args):
        line = super().readline(*args)
        self.screen.write(line)
        return line


class CtrlC(io.StringIO):
    """Standard input on which the person presses Ctrl-C after the given lines."""

    def readline(self, *args):
        line = super().readline(*args)
        if not line:
            raise KeyboardInterrupt
        return line


@pytest.fixture
def run(monkeypatch, tmp_path, capsys):
    """Run `tabletop ARGS` in-process in a fresh folder with the fake engine and given stdin."""
    monkeypatch.setattr(cli, "engine", lambda: fake_game)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "counting").mkdir()     # the fake's rulebook, as a folder a save can name

    def _run(*argv, stdin=""):
        monkeypatch.setattr(sys, "stdin", stdin if isinstance(stdin, io.StringIO) else io.StringIO(stdin))
        code = cli.main([str(a) for a in argv])
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return code, out, err

    return _run


def write(path, text):
    Path(path).write_text(text)
    return str(path)


def final_state(run, *argv, stdin=""):
    code, out, _ = run(*argv, "--dump-state", stdin=stdin)
    return code, json.loads(out)


@pytest.fixture
def real(monkeypatch, tmp_path, capsys):
    """Run `tabletop ARGS` in-process with the real engine, in a fresh folder."""
    monkeypatch.chdir(tmp_path)

    def _run(*argv, stdin=""):
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = cli.main([str(a) for a in argv])
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return code, out, err

    return _run


def tabletop(*argv, stdin=None, cwd=None):
    """The command line of this checkout, in a process of its own (`python -m tabletop`)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "tabletop", *map(str, argv)], capture_output=True, text=True,
                          timeout=120, input=stdin, cwd=cwd, env=env)
