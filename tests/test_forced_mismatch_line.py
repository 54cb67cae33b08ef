"""A forced result that does not fit what the rules draw is told at its own item of the `force` or
`force setup` list, not at the list's first line: in a list of three written one a line, the
third is the one the tester has to change (S'mores Galore's setup forces two shuffles and a
pick; the pick, counted from 0, is the usual slip).
"""

from tabletop.interpreter import scenarios
from test_scenarios import run_text


def failures_of(tmp_path, game, text):
    return run_text(tmp_path, text, game)


def test_a_setup_pick_that_does_not_fit_is_told_at_the_pick(tmp_path):
    report, failures = failures_of(tmp_path, "smores_galore", """cases:
  - name: setup
    force setup:
      - shuffle: []
      - shuffle: [Chocoholic, Hot Mess, Graham Slam, Chocoholic, Zebra S'mores, Mallow Mania]
      - pick: advanced pile 2
    steps:
      - expect: {over: false}
""")
    assert [(f.code, f.line, f.column) for f in failures] == [("T021", 7, 9)], scenarios.render(report)
    assert "forced a pick of 'advanced pile 2', but the rules pick from [1, 2]" in failures[0].message


def test_a_forced_die_that_does_not_fit_a_move_is_told_at_that_die(tmp_path):
    report, failures = failures_of(tmp_path, "taboo_atoll_express", """cases:
  - name: third die
    set: {space: {every: {flood: dry}}, treasure: {every: {search: 0}}, special_actions: 0,
          current_role: messenger, pawn: Dark Pit}
    steps:
      - force:
          - black
          - black
          - {number_die: 3}
      - moves: [Pass, Pass, Pass]
      - expect: {over: false}
""")
    assert [(f.code, f.line, f.column) for f in failures] == [("T021", 10, 13)], scenarios.render(report)
    assert "forced a roll of number_die, but the rules roll colour_die here" in failures[0].message
