"""The hostile corpus (issue 13, tests/hostile/): rulebooks and saves written to break out or run
away, each run as `tabletop` in a process of its own under a stated budget (seconds, and megabytes
beyond the engine's own, given per case in tests/hostile/corpus.py). Each must stop within its
budget with the expected exit code and a message naming the rulebook line, never a traceback or
an internal error, never showing the sentinel text of the files outside the rulebook's folder,
never opening a file outside that folder, nor a FIFO or device anywhere (an audit hook records
every file opened). The big cases run with --soak."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

HOSTILE = Path(__file__).resolve().parent / "hostile"
sys.path.insert(0, str(HOSTILE))

from corpus import CASES, SENTINEL  # noqa: E402

GROUPS = sorted({c.group for c in CASES})
pytestmark = pytest.mark.skipif(not hasattr(__import__("os"), "fork") or not Path("/proc/self/status").exists(),
                                reason="the hostile driver forks and reads /proc (Linux)")


def run_driver(group: str, mode: str) -> dict:
    done = subprocess.run([sys.executable, str(HOSTILE / "driver.py"), group, mode], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return {r["name"]: r for r in map(json.loads, done.stdout.splitlines())}


def problems(case, result) -> list:
    said = result["out"] + result["err"]
    found = []
    if result["code"] != case.code:
        found.append(f"exit code {result['code']!r}, not {case.code}: {said[-600:]}")
    if not re.search(case.says, said):
        found.append(f"the output does not say /{case.says}/: {said[-600:]}")
    for bad in ("Traceback", "internal error", SENTINEL):
        if bad in said:
            found.append(f"the output shows {bad!r}")
    if result["opened_outside"]:
        found.append(f"opened files outside the rulebook's folder: {result['opened_outside']}")
    if result["opened_special"]:
        found.append(f"opened a FIFO or device: {result['opened_special']}")
    if result["seconds"] > case.seconds:
        found.append(f"took {result['seconds']:.1f} s, over its budget of {case.seconds} s")
    if result["megabytes"] > case.megabytes:
        found.append(f"used {result['megabytes']} MB, over its budget of {case.megabytes} MB")
    return found


def check_group(group: str, mode: str) -> None:
    cases = [c for c in CASES if c.group == group and c.soak == (mode == "--only-soak")]
    results = run_driver(group, mode)
    failures = {c.name: problems(c, results[c.name]) if c.name in results else ["no result"] for c in cases}
    failures = {name: found for name, found in failures.items() if found}
    assert not failures, "\n".join(f"{name}: {'; '.join(found)}" for name, found in failures.items())


@pytest.mark.parametrize("group", GROUPS)
def test_hostile_cases_stop_within_their_budgets_naming_the_line(group):
    check_group(group, "")


@pytest.mark.soak
@pytest.mark.parametrize("group", [g for g in GROUPS if any(c.soak and c.group == g for c in CASES)])
def test_big_hostile_cases_stop_within_their_budgets_naming_the_line(group):
    check_group(group, "--only-soak")


def test_the_corpus_covers_every_attack_the_issue_names():
    """Issue 13's list, case by case: a case missing from the corpus fails here, not silently."""
    names = {c.name for c in CASES}
    for needed in ["include an absolute path", "include ../", "include a link to outside", "--variant as a path",
                   "include the process's environment", "include the zero device", "include a FIFO",
                   "data from outside", "a save naming a file outside",
                   "a definition that calls itself twice, 40 deep", "nested comprehensions over range(1, 100000)",
                   "unique(range(1, 100000)) in a loop", "paths of 60 steps on a 7x7 grid",
                   "a list of 100,000 lists of 100,000", 'a text doubled 64 times by "{t}{t}"',
                   "a text doubled 64 times by join", "skip_turn always true",
                   "1,000 parentheses inside a text", "500 nested if then else", "450 nested if blocks",
                   "a number of 5,000 digits", "YAML nested 50,000 deep", "100,000 parentheses",
                   "a sum of 300,000 terms", "YAML aliases expanding to a billion names",
                   "70,000 unused definitions (1.9 MB)"]:
        assert needed in names, needed
