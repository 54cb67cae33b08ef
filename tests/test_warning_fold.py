"""`tabletop check` folds a warning met many times: the first FOLD_AFTER of a code are shown in
full, the rest in one line naming their places, so a draft's one error is not buried under
thousands of lines of the same warning. `--every-warning` and `--json` give each one; errors are
never folded."""
from pathlib import Path

import pytest

from cli_fixtures import real  # noqa: F401
from tabletop.dsl.diagnostics import FOLD_AFTER

GAME = """\
game "Fold"
players 2
define score(p: player): int = 0
turn:
    end game "done"
"""


def _game_with(tmp_path, extra: str) -> Path:
    folder = tmp_path / "fold"
    folder.mkdir()
    (folder / "game.rules").write_text(GAME + extra)
    return folder


def _unused_rules(n: int) -> str:
    return "".join(f"rule unused_{i}:\n    say \"x\"\n" for i in range(n))


FIRST = len(GAME.splitlines()) + 1     # the line of the first rule added


def test_a_warning_met_many_times_is_shown_ten_times_then_in_one_line(real, tmp_path):
    folder = _game_with(tmp_path, _unused_rules(FOLD_AFTER + 3))
    code, out, _ = real("check", folder)
    assert code == 0
    assert out.count("warning W102") == FOLD_AFTER
    left_out = [FIRST + 2 * i for i in range(FOLD_AFTER, FOLD_AFTER + 3)]
    folded = [line for line in out.splitlines() if line.startswith("... ")]
    assert folded == [f"... 3 more warnings W102 like those above, at lines {', '.join(map(str, left_out))} of "
                      "fold/game.rules. ('tabletop check --every-warning' shows each.)"]
    assert "ok (13 warnings)" in out


def test_every_warning_and_json_show_each(real, tmp_path):
    folder = _game_with(tmp_path, _unused_rules(FOLD_AFTER + 3))
    code, out, _ = real("check", "--every-warning", folder)
    assert code == 0 and out.count("warning W102") == FOLD_AFTER + 3 and "... " not in out
    code, out, _ = real("check", "--json", folder)
    assert out.count('"W102"') == FOLD_AFTER + 3


def test_ten_of_a_code_are_not_folded(real, tmp_path):
    code, out, _ = real("check", _game_with(tmp_path, _unused_rules(FOLD_AFTER)))
    assert out.count("warning W102") == FOLD_AFTER and "more warning" not in out


def test_errors_are_never_folded(real, tmp_path):
    broken = "".join(f"rule broken_{i}:\n    x = nothing_{i} + 1\n" for i in range(FOLD_AFTER + 3))
    code, out, _ = real("check", _game_with(tmp_path, broken))
    assert code == 1
    assert out.count("error E201") == FOLD_AFTER + 3 and "more " not in out


@pytest.mark.parametrize("lines", [[5, 0], [0, 0]])
def test_places_without_a_line_name_the_file(lines):
    from tabletop.dsl.diagnostics import Diagnostic, Span, render_all
    diags = [Diagnostic("W102", f"w{i}", Span("a.rules", 1), severity="warning") for i in range(FOLD_AFTER)]
    diags += [Diagnostic("W102", "late", Span("b.yaml", line), severity="warning") for line in lines]
    last = render_all(diags).splitlines()[-1]
    named = "line 5 of b.yaml" if lines[0] else "at b.yaml."
    assert last.startswith("... 2 more warnings W102") and named in last
