"""tabletop installed like any Python tool: the wheel built from this checkout (not an editable
install) goes into a fresh virtual environment, and from another folder the installed
`tabletop` finds its bundled rulebooks and schemas, checks them, and plays a scripted game
to its end, saving and loading it on the way (issue 10).

The wheel is built from a copy of the project's files, so nothing is written into the checkout.
The environment is made with `--system-site-packages` so that the dependencies CI installed are
used without a network; the test checks that `tabletop` itself comes from the environment's own
wheel. It takes several seconds, most of them building the wheel and running the installed tool.
"""
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ["pyproject.toml", "setup.py", "README.md", "tabletop", "dsl", "interpreter", "rulebooks", "schemas"]


# Where the checkout's C generator was built (or CI says it must be), so is the wheel's.
C_EXPECTED = importlib.util.find_spec("tabletop.interpreter._splitmix") is not None \
    or os.environ.get("TABLETOP_EXPECT_C") == "1"


def run(*argv, cwd, env=None, timeout=300):
    proc = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, f"{argv}: {proc.stdout[-2000:]}{proc.stderr[-2000:]}"
    return proc


def build_wheel(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    for name in PROJECT:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so"))
        else:
            shutil.copy2(ROOT / name, source / name)
    isolation = []
    try:   # the test extra installs the build backend: then build offline, and quicker
        import setuptools
        import wheel  # noqa: F401  (setuptools needs it to build a wheel)
        if int(setuptools.__version__.split(".")[0]) >= 61:
            isolation = ["--no-build-isolation"]
    except ImportError:
        pass      # pip fetches the build backend into an isolated environment
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", *isolation, "-q", "-w", tmp_path / "dist", source,
        cwd=tmp_path)
    wheels = list((tmp_path / "dist").glob("tabletop-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def installed(tmp_path_factory, wheel):
    """A fresh virtual environment with the built wheel installed; its bin folder."""
    tmp_path = tmp_path_factory.mktemp("install")
    env_dir = tmp_path / "env"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    # The outer pip installs into the new environment: quicker than bootstrapping a pip there.
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "-q", wheel, cwd=tmp_path)
    return env_dir / "bin"


def in_env(bin_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return env


def test_the_wheel_holds_one_package_with_its_rulebooks_and_schemas(wheel):
    import zipfile
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"tabletop"}
    for needed in ("tabletop/dsl/grammar.lark", "tabletop/interpreter/cli.py",
                   "tabletop/rulebooks/taboo_atoll_express/game.rules",
                   "tabletop/rulebooks/smores_galore/recipes.yaml", "tabletop/schemas/save.schema.json"):
        assert needed in names
    # The C generator, built for this machine (setup.py) wherever the checkout's was built.
    if C_EXPECTED:
        assert any(n.startswith("tabletop/interpreter/_splitmix.") and n.endswith((".so", ".pyd")) for n in names)


def test_the_installed_tool_plays_a_scripted_game_from_another_folder(installed, tmp_path):
    env = in_env(installed)
    where = run(installed / "python", "-c", "import tabletop, tabletop.interpreter.rng as r; print(tabletop.__file__, r.IN_C)",
                cwd=tmp_path, env=env)
    path, in_c = where.stdout.split()
    assert path.startswith(str(installed.parent))        # the wheel, not this checkout
    in_use = C_EXPECTED and os.environ.get("TABLETOP_PURE_PYTHON") != "1"
    assert in_c == str(in_use)                          # with the wheel's own C generator
    tabletop = str(installed / "tabletop")
    run(tabletop, "check", "taboo_atoll_express", "smores_galore", cwd=tmp_path, env=env)

    # A whole game of Taboo Atoll Express, scripted, stopped half-way and resumed.
    labels = json.loads(run(installed / "python", "-c", SCRIPT, cwd=tmp_path, env=env).stdout)
    half = len(labels) // 2
    (tmp_path / "first.txt").write_text("\n".join(labels[:half]) + "\n")
    (tmp_path / "rest.txt").write_text("\n".join(labels[half:]) + "\n")
    stopped = subprocess.run([tabletop, "play", "taboo_atoll_express", "--seed", "4", "--moves", "first.txt",
                              "--save", "game.json"], cwd=tmp_path, env=env, capture_output=True, text=True,
                             stdin=subprocess.DEVNULL, timeout=120)
    assert stopped.returncode == 1 and "Game saved to game.json" in stopped.stderr
    assert json.loads((tmp_path / "game.json").read_text())["game"] == "taboo_atoll_express"
    done = run(tabletop, "play", "--load", "game.json", "--moves", "rest.txt", cwd=tmp_path, env=env)
    assert "The game is over:" in done.stdout and "Traceback" not in done.stdout + done.stderr


# The option labels of a random game, chosen through the installed engine's API.
SCRIPT = """
import json
from tabletop.interpreter.api import load_game
from tabletop.interpreter.bots import make_bot
state, bot, labels = load_game("taboo_atoll_express").new_state(seed=4), make_bot("random", 2), []
while not state.is_over:
    i = bot.choose(state, 0)
    labels.append(state.options(0)[i])
    state.apply(i)
print(json.dumps(labels))
"""


def test_the_readme_quick_start_is_two_commands_in_a_virtual_environment():
    """One command sets up and plays a game on its defaults, one sets up and runs the tests."""
    import re
    import tomllib
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert "Python 3.11 or newer" in section
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    assert len(blocks) == 1
    play, test = blocks[0].strip().splitlines()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["requires-python"] == ">=3.11"
    for command in (play, test):
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install ")
    game = play.rsplit("tabletop play ", 1)[1]
    assert play.endswith(f"tabletop play {game}") and (ROOT / "rulebooks" / game / "game.rules").is_file()
    assert "'.[test]'" in test and "test" in project["optional-dependencies"] and test.endswith("pytest -q")
