"""Today's features where they meet: a variant's `extend` forms, an enum's name as its list of
values, `combinations`, texts inside braces and secret `may choose`, each probed together with
the others (check, play, save and load). Each test here held a fault found so."""
from inline import diagnostics, game, same_after_reload

PAIRS = """
game "Pairs"
players 2
enum role: miner, trader, smith
player var coins: int = 0
turn:
    secretly each p in players may choose pr from combinations(role, 2) labelled "Pair {join(pr, "+")}" prompt "Pick a pair?":
        if pr != none:
            p.coins += count(pr)
    end game "One pick."
define score(p: player): int = p.coins
"""


def test_a_declined_list_may_be_tested_against_none(tmp_path):
    # What a `may choose` chooses is none after a "Decline", even when the items are lists (pairs
    # of combinations): `pr != none` is the guard W120 asks for, not an always-true E301.
    assert [d.code for d in diagnostics(tmp_path, PAIRS)] == []
    g = game(tmp_path, PAIRS)
    s = g.new_state(players=2)
    assert s.options(0) == ["Pair miner+trader", "Pair miner+smith", "Pair trader+smith", "Decline"]
    s.apply_label("Decline", seat=1)

    def play(state):
        state.apply_label("Pair trader+smith", seat=0)
    same_after_reload(g, s, play)
    assert s.is_over and s.result.scores == [2, 0]


def test_a_list_outside_a_may_choose_is_still_never_none(tmp_path):
    rules = PAIRS.replace("may choose", "chooses").replace("if pr != none:", "if pr == none:")
    assert [d.code for d in diagnostics(tmp_path, rules)] == ["E301"]


def test_a_declinable_list_read_as_a_list_unguarded_is_w120(tmp_path):
    # count(), join(), pr[0], [x for x in pr] and `for x in pr:` fail on the none a "Decline" leaves:
    # W120 tells each where a `move pr` or `pr.field` would be told. first() and last() give none.
    for line, warned in (("p.coins += count(pr)", True), ('say "{join(pr, "+")}"', True),
                         ('say "{pr[0]}"', True), ("p.coins += count([x for x in pr])", True),
                         ("for x in pr:\n            p.coins += 1", True), ('say "{first(pr)}"', False),
                         ("if pr != none:\n            p.coins += count(pr)", False)):
        rules = PAIRS.replace("if pr != none:\n            p.coins += count(pr)", line)
        codes = [d.code for d in diagnostics(tmp_path, rules)]
        assert codes == (["W120"] if warned else []), line


MENU = """
game "Menu"
players 2
enum role: miner, trader
player var coins: int = 0
rule act:
    choose prompt "Go":
        option "A":
            current.coins += 1
turn:
    act()
    end game "Done."
define score(p: player): int = p.coins
"""

JOINED = """
extends "../game.rules"
extend enum role: smith
extend choose in act:
    option "B {join([r for r in role], ", ")}":
        current.coins += 2
"""

EXPECT_OPTIONS = """
variant: joined
cases:
  - name: the joined label
    steps:
      - expect: {scores: [0, 0], options: [A, B miner, trader, smith]}
"""


def test_a_failed_options_check_quotes_a_label_holding_a_comma(tmp_path):
    # A variant's option labelled with join(role, ", "): a failure that showed the options bare
    # ([A, B miner, trader, smith]) looked the same as the list the file expected, of four items.
    from tabletop.interpreter import scenarios
    from inline import write
    folder = write(tmp_path, MENU, **{"variants__joined.rules": JOINED, "scenarios__s.yaml": EXPECT_OPTIONS})
    report = scenarios.run_files([folder / "scenarios" / "s.yaml"])
    assert [f.code for f in report.failures] == ["T030"]      # scores mid-game in the variant hold
    failure = report.failures[0]
    assert failure.got == '[A, "B miner, trader, smith"]' and failure.expected == "[A, B miner, trader, smith]"
    assert failure.got in failure.message


RANGED = MENU.replace("player var coins: int = 0", "player var coins: int = 0\nvar level: int in 0 to 9 = 0")


def test_a_variant_line_told_of_a_base_declaration_names_the_base_file(tmp_path):
    # An error in a variant's file whose hint points at the base's declaration said only "(line 4)":
    # read as the variant's own line 4.
    variant = """
    extends "../game.rules"
    extend choose in act:
        option "Spy":
            role = 3
            level = 20
    extend turn:
        level += 30
    """
    found = diagnostics(tmp_path, RANGED, "spy", **{"variants__spy.rules": variant})
    assert sorted(d.code for d in found) == ["E208", "E208", "E303"]
    base = str(tmp_path / "book" / "game.rules")
    for d in found:
        assert d.span.file.endswith("spy.rules") and f" of {base})" in d.hint, d.hint


def test_an_extend_enum_value_clashing_with_a_base_name_is_told_at_the_variant(tmp_path):
    # The merged enum keeps the base's line, so the clash was told at the base's var, "first
    # declared" at the base's enum: neither line the variant's author wrote.
    found = diagnostics(tmp_path, RANGED, "more", **{"variants__more.rules": 'extends "../game.rules"\n'
                                                                              "extend enum role: smith, level\n"})
    assert [(d.code, d.span.file.endswith("more.rules"), d.span.line, d.span.column) for d in found] == \
        [("E202", True, 2, 26)]
    assert "game.rules:5:5" in found[0].message and "'extend' adds" in found[0].message


def test_an_extend_enum_value_named_like_a_built_in_or_the_score_is_told_once_at_the_variant(tmp_path):
    for values, code, column in (("smith, current", "E203", 26), ("score", "E202", 19)):
        found = diagnostics(tmp_path, MENU, "more", **{"variants__more.rules": 'extends "../game.rules"\n'
                                                                                f"extend enum role: {values}\n"})
        assert [(d.code, d.span.file.endswith("more.rules"), d.span.line, d.span.column) for d in found] == \
            [(code, True, 2, column)], [str(d.message) for d in found]


TWO_KEYS = """
game "Two keys"
players 2
option pace: slow, fast = slow
enum role: miner, trader
table gain:
    miner, slow -> 1
    miner, fast -> 2
    trader, slow -> 1
    trader, fast -> 3
player var coins: int = 0
turn:
    choose r from role labelled "Be {r} ({gain[r, pace]})"
    current.coins += gain[r, pace]
    end game "Done."
define score(p: player): int = p.coins
"""


def test_a_table_of_two_enum_keys_missing_a_combination_is_w109(tmp_path):
    # A variant's extend enum and extend option each gave the table rows, but not every pair:
    # 'tabletop check' said ok and every game with pace=frantic failed at its first turn.
    assert [d.code for d in diagnostics(tmp_path, TWO_KEYS)] == []
    variant = """
    extends "../game.rules"
    extend enum role: smith
    extend option pace: frantic
    extend table gain:
        smith, slow -> 4
        smith, fast -> 5
        miner, frantic -> 6
    """
    found = diagnostics(tmp_path, TWO_KEYS, "more", **{"variants__more.rules": variant})
    assert [(d.code, d.span.line) for d in found] == [("W109", 12)]
    assert "trader, frantic; smith, frantic" in found[0].message and "extend table gain" in found[0].hint
