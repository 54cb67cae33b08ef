"""`extend choose in RULE:` adds options to a base rule's menu without copying the rule, and
`replace option` / `remove option` change one base option by its label. The Scout
(tests/data/scout.rules, put into a copy of Taboo Atoll Express's variants/ folder) is the
worked case: it checks clean, its option is offered exactly when its condition holds, runs its
body, and games of it play; small inline rulebooks show the rest, and every mistake is E015 (or
the checker's own code) at the variant's line."""
import shutil
from pathlib import Path

import pytest

from inline import diagnostics, game, same_after_reload
from tabletop.dsl.formatter import format_text
from tabletop.interpreter.api import load_game
from tabletop.interpreter.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
SCOUT = ROOT / "tests" / "data" / "scout.rules"
TABOO = ROOT / "rulebooks" / "taboo_atoll_express"
SCHOOLING = [f"Quick Schooling: become the {r}" for r in ("explorer", "engineer", "diver", "pilot", "navigator",
                                                          "messenger")]


@pytest.fixture(scope="module")
def taboo(tmp_path_factory) -> Path:
    """A copy of Taboo Atoll Express with the Scout among its variants."""
    folder = tmp_path_factory.mktemp("taboo") / "taboo_atoll_express"
    shutil.copytree(TABOO, folder)
    shutil.copy(SCOUT, folder / "variants" / "scout.rules")
    return folder


@pytest.fixture(scope="module")
def scout(taboo):
    return load_game(str(taboo), variant="scout")


def taboo_errors(taboo: Path, text: str) -> list:
    """What checking Taboo with a variant of `text` reports."""
    (taboo / "variants" / "probe.rules").write_text('extends "../game.rules"\n' + text)
    try:
        return list(load_game(str(taboo), variant="probe").warnings)
    except Exception as e:       # RulebookError: the diagnostics
        return list(e.diagnostics)


def at_action_menu(g, **changes):
    s = g.new_state(seed=4)
    s.set_position({"space": {"every": {"flood": "dry"}}, "special_actions": 0, **changes})
    return s


def test_the_scout_checks_clean(scout):
    assert scout.warnings == []


def test_the_scout_option_is_offered_only_to_the_scout_after_the_base_options(scout):
    s = at_action_menu(scout, current_role="scout")
    labels = s.options()
    runs = [x for x in labels if x.startswith("Scout: run to ")]
    assert runs and labels[-len(runs):] == runs         # after the base's own options, in order
    assert "Pass" in labels
    for role in ("explorer", "navigator", "no_role"):
        assert not any(x.startswith("Scout") for x in at_action_menu(scout, current_role=role).options())
    # with no action left, not even the Scout may run (the `if` is the option's own)
    spent = at_action_menu(scout, current_role="scout", actions_left=0, special_actions=1)
    assert not any(x.startswith("Scout") for x in spent.options())


def test_choosing_the_scout_option_runs_its_body(scout):
    s = at_action_menu(scout, current_role="scout")
    label = next(x for x in s.options() if x.startswith("Scout: run to "))
    left = s.evaluate("actions_left")
    s.apply_label(label)
    assert s.evaluate("pawn") == label[len("Scout: run to "):]
    assert s.evaluate("actions_left") == left - 1
    assert any(x.startswith("Move to") for x in s.options())     # the menu's loop goes on
    same_after_reload(scout, s, lambda t: [t.apply(0) for _ in range(3)])     # and a saved game resumes


def test_an_added_role_joins_quick_schooling_and_a_base_game_is_untouched(scout, taboo):
    changes = dict(current_role="explorer", special_actions=1, actions_left=0)
    labels = at_action_menu(scout, **changes).options()
    # Quick Schooling offers every value of the enum 'role': the Scout's `extend enum` alone adds it
    # there, where the base lists its options (before the last)
    assert [x for x in labels if x.startswith("Quick Schooling")] == SCHOOLING[1:] + ["Quick Schooling: become the scout"]
    assert labels[-2:] == ["Quick Schooling: become the scout", "End the action phase"]
    base = at_action_menu(load_game(str(taboo)), **changes).options()
    assert base == labels[:-2] + ["End the action phase"]     # the base's menu as it was: the variant changed a copy


def test_games_of_the_scout_play_and_use_the_new_option(scout):
    stats = simulate(scout, 40, seed=5)
    assert stats["errors"] == 0 and stats["finished"] == 40
    ran = 0
    for seed in range(30):
        s = scout.new_state(seed=seed)
        while not s.is_over and s.decisions < 200:
            labels = s.options()
            pick = next((i for i, x in enumerate(labels) if x.startswith(("Scout", "Quick Schooling: become the scout"))), 0)
            ran += labels[pick].startswith("Scout")
            s.apply(pick)
    assert ran > 0


def test_the_added_options_compile_to_the_same_game_as_the_closures(scout, taboo):
    closures = load_game(str(taboo), variant="scout", source=False)
    for seed in range(3):
        games = [g.new_state(seed=seed) for g in (scout, closures)]
        for s in games:
            s.set_position({"current_role": "scout"})
            while not s.is_over:
                labels = s.options()
                s.apply(next((i for i, x in enumerate(labels) if x.startswith("Scout")), len(labels) - 1))
        assert games[0].to_json() == games[1].to_json()


def test_the_formatter_lays_it_out_and_changes_nothing():
    text = SCOUT.read_text()
    assert format_text(text) == text
    messy = text.replace("extend choose in action_phase:", "extend  choose in   action_phase :") \
                .replace('    remove', '  remove').replace("    replace option", "    replace   option")
    messy += '\nextend choose  prompt "Go"  in  turn:\n  remove   option  "Stay"\n'
    assert format_text(messy) == text + '\nextend choose prompt "Go" in turn:\n    remove option "Stay"\n'


# ---------------------------------------------------------------------------- small rulebooks
BASE = '''
    game "Walk"
    players 1
    var steps: int = 0
    var said: text = ""
    rule walk:
        far = 2
        while true:
            choose prompt "Walk ({steps} steps)":
                option "Step":
                    steps += 1
                option "Rest" if steps > 5:
                    stop
        choose prompt "Say something":
            option "Hello":
                said = "hello"
            option "Bye":
                said = "bye"
    rule tally:
        steps += 1
    turn:
        walk()
        end game "Done."
    define score(p: player): int = steps
'''


def test_an_option_added_in_a_loop_sees_the_rule_s_locals_and_can_stop_it(tmp_path):
    g = game(tmp_path, BASE, "v", **{"variants/v.rules": '''
        extends "../game.rules"
        extend choose prompt "Walk ({steps} steps)" in walk:
            option "Stop after {far} steps" if steps >= far:
                stop
    '''})
    s = g.new_state()
    assert s.options() == ["Step"]
    s.apply_label("Step")
    s.apply_label("Step")
    assert s.options() == ["Step", "Stop after 2 steps"]       # its condition holds now
    s.apply_label("Stop after 2 steps")
    assert s.prompt() == "Say something"                       # `stop` left the loop


def test_replace_and_remove_an_option_by_its_label(tmp_path):
    g = game(tmp_path, BASE, "v", **{"variants/v.rules": '''
        extends "../game.rules"
        extend choose prompt "Say something" in walk:
            remove option "Hello"
            option "Wave":
                said = "wave"
            replace option "Bye":
                said = "see you"
    '''})
    s = g.new_state()
    s.set_position({"steps": 6})
    s.apply_label("Rest")
    assert s.options() == ["Bye", "Wave"]
    s.apply_label("Bye")
    assert s.evaluate("said") == "see you"


def codes(ds):
    return [(d.code, d.span.file.rsplit("/", 1)[-1], d.span.line) for d in ds if d.severity == "error"]


@pytest.mark.parametrize("variant, code, line, words", [
    ('extend choose in wakl:\n    option "A":\n        pass\n', "E015", 2, "did you mean 'walk'?"),
    ('remove walk\nextend choose in walk:\n    option "A":\n        pass\n', "E015", 2, "goes on to extend at line 3"),
    ('extend choose in tally:\n    option "A":\n        pass\n', "E015", 2, "write 'extend rule tally:'"),
    ('extend choose in walk:\n    option "A":\n        pass\n', "E015", 2,
     "write 'extend choose prompt \"Walk ({steps} steps)\" in walk:'"),
    ('extend choose prompt "Walk ({step} steps)" in walk:\n    option "A":\n        pass\n', "E015", 2,
     'did you mean "Walk ({steps} steps)"?'),
    ('extend choose prompt "Say something" in walk:\n    option "A":\n        said = nope\n', "E201", 4, ""),
    ('extend choose prompt "Say something" in walk:\n    option "Hello":\n        pass\n', "E015", 3,
     "write 'replace option \"Hello\" ...:'"),
    ('extend choose prompt "Say something" in walk:\n    remove option "Helo"\n', "E015", 3, 'did you mean "Hello"?'),
    ('extend choose prompt "Say something" in walk:\n    remove option "Hello"\n    remove option "Bye"\n',
     "E015", 2, ""),
    ('extend choose prompt "Say something" in walk:\n    option "A":\n        pass\nreplace rule walk:\n    pass\n',
     "E015", 5, "put the 'extend' after the 'replace'"),
])
def test_mistakes_are_named_at_the_variant_s_line(tmp_path, variant, code, line, words):
    ds = diagnostics(tmp_path, BASE, "v", **{"variants/v.rules": 'extends "../game.rules"\n' + variant})
    assert codes(ds)[:1] == [(code, "v.rules", line)], [str(d) for d in ds]
    assert words in ds[0].hint + ds[0].message


def test_an_extend_choose_in_a_rulebook_that_extends_none_is_refused(tmp_path):
    ds = diagnostics(tmp_path, BASE + '''
    extend choose in walk:
        option "A":
            pass
    ''')
    assert codes(ds) == [("E015", "game.rules", 25)] and "this file extends none" in ds[0].message


def test_taboo_mistakes_name_the_variant_s_line(taboo):
    ds = taboo_errors(taboo, 'extend choose in search_for_treasure:\n    option "A":\n        pass\n'
                             'extend choose in action_phas:\n    option "B":\n        pass\n'
                             'extend choose in action_phase:\n    option "C" if actions_left > 0:\n        pawn = nowhere\n')
    assert codes(ds) == [("E015", "probe.rules", 2), ("E015", "probe.rules", 5), ("E201", "probe.rules", 10)]
    assert "has 2 menus (lines 214 and 221 of " in ds[0].message and "by its prompt" in ds[0].message
    assert ds[1].hint == "did you mean 'action_phase'?"
    assert "nowhere" in ds[2].message


def test_a_section_s_menu_is_extended_by_the_section_s_word(tmp_path):
    g = game(tmp_path, '''
        game "Count"
        players 1
        var n: int = 0
        turn:
            choose prompt "Go":
                option "One":
                    n += 1
            if n >= 3:
                end game "Done."
        define score(p: player): int = n
    ''', "two", **{"variants/two.rules": '''
        extends "../game.rules"
        extend choose in turn:
            option "Two":
                n += 2
    '''})
    s = g.new_state()
    assert s.options() == ["One", "Two"]
    s.apply_label("Two")
    assert s.evaluate("n") == 2
