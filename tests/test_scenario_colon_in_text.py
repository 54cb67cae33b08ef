"""A ': ' inside the plain text of a key (a case's name, a move's label) is told as such by
`tabletop test`, with the text in quotes as the fix, and not as a key indented too far."""
from pathlib import Path

from tabletop.interpreter import scenarios

ROOT = Path(__file__).resolve().parent.parent


def failures_of(tmp_path, body):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / 'smackatoa'}\n" + body)
    return scenarios.run_files([path]).failures


def test_a_colon_in_a_case_name_is_told_with_the_name_in_quotes(tmp_path):
    body = ("cases:\n"
            "  - name: x\n"
            "    steps:\n"
            "      - expect: {over: false}\n"
            "  - name: Ties at 300: the volcano wins\n"
            "    steps:\n"
            "      - expect: {over: false}\n")
    [failure] = failures_of(tmp_path, body)
    assert failure.code == "T001"
    assert (failure.line, failure.column) == (6, 22)
    assert failure.message == ("The scenario file is not valid YAML: the text of 'name' holds ': ', which YAML "
                               "reads as the start of another key.")
    assert failure.hint == 'write the text in quotes: name: "Ties at 300: the volcano wins"'


def test_a_colon_in_a_move_holding_a_quote_is_quoted_with_single_quotes(tmp_path):
    body = ("cases:\n"
            "  - name: x\n"
            "    steps:\n"
            "      - move: Play \"Spite: My Only Friend  # the zap card\n"
            "      - expect: {over: false}\n")
    [failure] = failures_of(tmp_path, body)
    assert failure.message.startswith("The scenario file is not valid YAML: the text of 'move' holds ': '")
    assert failure.hint == "write the text in quotes: move: 'Play \"Spite: My Only Friend'"


def test_a_key_indented_too_far_keeps_the_indentation_hint(tmp_path):
    body = ("cases:\n"
            "  - name: x\n"
            "    steps:\n"
            "      - move: Play Flotsam\n"
            "         by: Player 2\n"
            "      - expect: {over: false}\n")
    [failure] = failures_of(tmp_path, body)
    assert failure.line == 6
    assert "the text of" not in failure.message
    assert "a key indented further than the keys around it" in failure.message
    assert failure.hint.startswith("this line is indented by 9 spaces, the line above it (line 5) by 6")
