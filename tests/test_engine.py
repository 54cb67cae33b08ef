"""The engine's API: refusing illegal moves, saving and loading, copies, views and budgets."""
import copy
import json
import textwrap

import pytest

from tabletop.dsl.diagnostics import RulebookError
from tabletop.interpreter.api import IllegalMove, PositionError, RuleError, SaveError, load_game
from tabletop.interpreter.errors import BudgetExceeded
from taboo_helpers import game, get_var, scenario


@pytest.fixture
def fresh():
    return game().new_state(seed=1)


def write_rules(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip())
    return str(path)


def line_of(path, needle):
    for n, line in enumerate(open(path).read().splitlines(), 1):
        if needle in line:
            return n
    raise AssertionError(needle)


# ============================================================================ refusing moves
@pytest.mark.parametrize("bad", [-1, 10_000, True, "0", 1.0, None])
def test_an_illegal_option_is_refused_with_a_reason(fresh, bad):
    before = fresh.to_json()
    with pytest.raises(IllegalMove) as e:
        fresh.apply(bad)
    assert f"There is no option {bad!r}" in e.value.reason
    assert f"numbered 0 to {len(fresh.options()) - 1}" in e.value.reason
    assert fresh.to_json() == before                  # nothing changed


def test_an_unknown_label_is_refused_with_a_suggestion(fresh):
    before = fresh.to_json()
    with pytest.raises(IllegalMove) as e:
        fresh.apply_label("Move to Flame Sanctuar")
    assert "'Move to Flame Sanctuar' is not an option now" in e.value.reason
    assert "Move to Flame Sanctuary" in e.value.reason
    assert fresh.to_json() == before


def test_a_move_the_rules_do_not_allow_is_not_offered():
    # Claiming needs 5 points: with 4 the label is refused, not carried out.
    s = scenario(pawn="Blood Woods", treasure={"red treasure": {"search": 4, "location": "Blood Woods"}})
    with pytest.raises(IllegalMove):
        s.apply_label("Claim the red treasure")
    assert not s.data["fields"]["treasure"]["claimed"][0]


def test_only_the_deciding_seat_may_answer(fresh):
    two = load_game("smores_galore").new_state(players=2, seed=1)
    with pytest.raises(IllegalMove) as e:
        two.apply(0, seat=1)
    assert "not Player 2's decision" in e.value.reason
    assert two.options(1) == []


@pytest.mark.parametrize("seat", [1, -1, "0", True, 0.0])
def test_a_seat_that_is_not_at_the_table_is_refused(fresh, seat):
    """A one-player game has seat 0 alone: another seat is an error, not an empty answer."""
    with pytest.raises(IllegalMove) as e:
        fresh.apply(0, seat=seat)
    assert "There is no seat" in e.value.reason and "numbered 0 to 0" in e.value.reason
    for look in (fresh.options, fresh.prompt, fresh.view, fresh.display, fresh.render):
        with pytest.raises(ValueError, match="There is no seat"):
            look(seat)


def test_a_label_is_a_text_and_a_seed_a_whole_number(fresh):
    with pytest.raises(IllegalMove, match="a text, not None"):
        fresh.apply_label(None)
    for seed in ("x", 1.5, None):
        with pytest.raises(ValueError, match="The seed is a whole number"):
            fresh.game.new_state(seed=seed)


def test_evaluate_reads_variables_and_takes_seat_numbers():
    s = load_game("smores_galore").new_state(players=2, seed=1)
    assert s.evaluate("lineup", 0) == s.evaluate("lineup", "Player 1")
    assert s.evaluate("score", 1) == s.evaluate("score", "Player 2")
    deck = s.evaluate("deck")          # a hidden zone: evaluate sees what the rules see
    assert deck and set(deck) <= {"Chocolate", "Marshmallow", "Graham Cracker"}
    with pytest.raises(PositionError, match="there is no seat 5"):
        s.evaluate("lineup", 5)
    with pytest.raises(PositionError, match="did you mean 'score'\\?$"):
        s.evaluate("scroe")


def test_apply_after_the_game_is_over_is_refused():
    s = scenario(special_actions=1, pawn="Idiot's Platform", treasure={"every": {"claimed": True}})
    s.apply_label("Air Support: fly off the atoll with all four treasures")
    assert s.is_over
    for attempt in (lambda: s.apply(0), lambda: s.apply_label("Pass")):
        with pytest.raises(IllegalMove) as e:
            attempt()
        assert "over" in str(e.value) or "not an option" in str(e.value)
    with pytest.raises(IllegalMove, match="The game is over"):
        s.apply(0)
    assert s.options() == [] and s.pending is None


def test_a_wrong_player_count_is_refused():
    with pytest.raises(ValueError, match="Taboo Atoll Express is played by 1"):
        game().new_state(players=2)


def test_unknown_options_and_games_are_diagnostics():
    with pytest.raises(RulebookError) as e:
        load_game("taboo_atoll_express", options={"dificulty": "elite"})
    assert e.value.diagnostics[0].code == "E030"
    assert "difficulty" in e.value.diagnostics[0].hint
    with pytest.raises(RulebookError) as e:
        load_game("taboo_atol_express")
    assert e.value.diagnostics[0].code == "E001"
    assert "taboo_atoll_express" in e.value.diagnostics[0].hint


# ============================================================================ saving and loading
def test_a_state_round_trips_through_json(fresh):
    g = fresh.game
    for i in range(5):
        data = json.loads(json.dumps(fresh.to_json()))
        loaded = g.load_state(data)
        assert loaded.to_json() == fresh.to_json()
        assert loaded.options() == fresh.options()
        assert loaded.pending == fresh.pending
        loaded.apply(0)
        fresh.apply(0)
        assert loaded.to_json() == fresh.to_json()


def _corrupt(s, how):
    d = copy.deepcopy(s.to_json())
    how(d)
    return d


CORRUPT = {
    "not an object": lambda d: d.clear() or d.update({"x": 1}),
    "no globals": lambda d: d.pop("globals"),
    "rng not a number": lambda d: d.__setitem__("rng", "lucky"),
    "over not a truth": lambda d: d.__setitem__("over", "no"),
    "a variable missing": lambda d: d["globals"].pop(),
    "two players": lambda d: d.__setitem__("players", [[], []]),
    "a kind's field missing": lambda d: d["fields"]["space"].pop("flood"),
    "too few spaces": lambda d: d["fields"]["space"]["flood"].pop(),
    "a rule position past the rulebook": lambda d: d["stack"].append([10_000, 0, 0, None]),
    "a rule position in a missing frame of locals": lambda d: d.__setitem__("envs", []),
    "a decision of no statement": lambda d: d["pending"].__setitem__("stmt", 10_000),
    "a decision for an unknown seat": lambda d: d["pending"].__setitem__("players", [3]),
    "a decision without options": lambda d: d["pending"].pop("labels"),
    "neither over nor deciding": lambda d: d.__setitem__("pending", None),
    # a kind the rulebook has not was carried along for ever; a number as its name is not JSON
    "fields of a kind the rulebook has not": lambda d: d["fields"].__setitem__("dragon", {"fire": [1]}),
    "fields of a kind named by a number": lambda d: d["fields"].__setitem__(5, {}),
    # not JSON, which writes every key as a text: comparing the decision's keys was a TypeError
    "a decision with a key that is not a text": lambda d: d["pending"].__setitem__(7, 1),
}


@pytest.mark.parametrize("name", sorted(CORRUPT))
def test_a_corrupt_state_is_refused(fresh, name):
    data = _corrupt(fresh, CORRUPT[name])
    with pytest.raises(SaveError) as e:
        fresh.game.load_state(data)
    assert str(e.value).startswith("The saved state does not fit Taboo Atoll Express")


@pytest.mark.parametrize("data", [None, [], "state", 3])
def test_something_that_is_not_a_state_is_refused(fresh, data):
    with pytest.raises(SaveError, match="not a JSON object"):
        fresh.game.load_state(data)


# Corrupt states with the right shape but wrong contents: load_state refuses each, naming the
# problem, rather than letting it fail later with a raw Python error.
WRONG_CONTENTS = {
    "the paused rule's locals are out of range":
        lambda d: d["pending"].__setitem__("env", 99),
    "fewer option values than option labels":
        lambda d: d["pending"].__setitem__("values", []),
    "a search track holding a text":
        lambda d: d["fields"]["treasure"]["search"].__setitem__(0, "x"),
    "the role holding a number":
        lambda d: d["globals"].__setitem__(2, 3),
    "a log entry that is not a text":
        lambda d: d["log"].append(5),
}


@pytest.mark.parametrize("name", sorted(WRONG_CONTENTS))
def test_a_state_with_wrong_contents_is_refused(fresh, name):
    data = _corrupt(fresh, WRONG_CONTENTS[name])
    with pytest.raises(SaveError, match="does not fit Taboo Atoll Express"):
        fresh.game.load_state(data)


# ============================================================================ copies and views
def test_a_copy_is_independent(fresh):
    before = fresh.to_json()
    c = fresh.copy()
    c.apply(0)
    c.apply(0)
    c.data["fields"]["space"]["flood"][0] = "sunk"
    c.data["globals"][0] = 9
    assert fresh.to_json() == before
    # and the other way round
    snapshot = c.to_json()
    fresh.apply(1)
    assert c.to_json() == snapshot


def test_to_json_is_a_copy(fresh):
    data = fresh.to_json()
    data["fields"]["space"]["flood"][0] = "sunk"
    data["globals"][0] = 13
    data["pending"]["labels"].clear()
    assert "sunk" not in fresh.data["fields"]["space"]["flood"]
    assert get_var(fresh, "water_level") == 0
    assert fresh.options()


def test_the_games_options_are_a_copy(fresh):
    options = fresh.game.options
    options["difficulty"]["choices"].append("forged")
    options["difficulty"]["default"] = "forged"
    assert fresh.game.options["difficulty"] == {"choices": ["newbie", "normal", "elite", "crazy", "insane", "idiotic"],
                                                "default": "newbie"}


def test_a_view_is_a_copy(fresh):
    """Sorting or changing anything in a view must not change the game (issue 13)."""
    before = fresh.to_json()
    view = fresh.view(0)
    view["fields"]["space"]["flood"].sort(reverse=True)
    view["fields"]["space"]["flood"][0] = "sunk"
    for values in view["variables"].values():
        if isinstance(values, list):
            values.reverse()
            values.append("forged")
    for row in view["players"]:
        row.clear()
    view["log"].append("forged")
    assert fresh.to_json() == before


@pytest.mark.parametrize("time", [float("nan"), float("inf"), -float("inf"), "fast", [1], -5, 1e300,
                                  10 ** 400, 3600.5, True])
def test_a_reaction_time_must_be_a_finite_number_of_seconds_within_the_cap(tmp_path, time):
    """A refused time leaves the state exactly as it was (issue 13)."""
    rules = write_rules(tmp_path, "race.rules", """
        game "Race"
        players 2
        player var wins: int = 0
        turn:
            secretly each p in players chooses s from [1, 2] labelled "Tap {s}" timed as t:
                if t < 500:
                    p.wins += 1
            end game "One race."
        define score(p: player): int = p.wins
    """)
    state = load_game(rules).new_state(players=2, seed=1)
    before = state.to_json()
    with pytest.raises(IllegalMove, match="reaction time"):
        state.apply(0, seat=0, time=time)
    assert state.to_json() == before
    state.apply(0, seat=0, time=0)           # the bounds themselves are fine
    state.apply(0, seat=1, time=3600)
    assert state.is_over and state.scores() == [1, 0]


def test_the_lines_said_are_counted_and_kept_across_a_save(fresh):
    while fresh.said == 0:
        fresh.apply(0)
    assert fresh.said == len(fresh.log) > 0
    again = fresh.game.load_state(fresh.to_json())
    assert again.said == fresh.said
    forged = fresh.to_json()
    forged["said"] = "many"
    with pytest.raises(SaveError, match="count of lines said"):
        fresh.game.load_state(forged)


def test_the_display_comes_in_parts_a_terminal_can_lay_out(fresh):
    parts = fresh.display(0)
    boards = [p["board"] for p in parts if "board" in p]
    assert len(boards) == 1 and len(boards[0]) == 6 and {len(row) for row in boards[0]} == {6}
    assert boards[0][0][0] is None                                 # no space in that corner of the map
    assert any("Idiot's Platform" in (cell or "") for row in boards[0] for cell in row)
    texts = [p["text"] for p in parts if "text" in p]
    assert texts[0].startswith("Water level") and texts[-1].startswith("Special actions")
    assert "\n".join(texts) in fresh.render(0)


@pytest.mark.parametrize("looked", ["count(looking) > 0", "looking != []"])
def test_a_display_line_with_if_is_shown_only_while_its_condition_holds(tmp_path, looked):
    """`show ... if cond` once, and `show ... for x in xs if cond` for the items that pass; a line
    of a zone one seat sees shows the others its size only (and its emptiness, which the seat
    that may not see the cards is shown alike)."""
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "cards.yaml").write_text("cards:\n- name: A\n- name: B\n- name: C\n- name: D\n")
    write_rules(folder, "game.rules", """
        game "Shown If"
        players 2
        kind card from "cards.yaml":
            name: text
        zone deck: card, hidden
        player zone hand: card, owner
        zone looking: card, seen by current
        var bonus: int = 0
        setup:
            deck = card
            for p in players:
                draw 1 from deck to p.hand
        turn:
            draw 1 from deck to looking
            choose prompt "Pick":
                option "Keep":
                    move first(looking) from looking to current.hand
                    bonus += 1
                option "Leave":
                    move first(looking) from looking to deck
            if bonus >= 2:
                end game "done"
        define score(p: player): int = count(p.hand)
        display:
            show "Bonus {bonus}" if bonus > 0
            show "Looking at {looking}" if LOOKED
            show "{p} holds {count(p.hand)}" for p in players if count(p.hand) > 1
        """.replace("LOOKED", looked))
    s = load_game(str(folder)).new_state(seed=1)
    assert [p["text"] for p in s.display(0)] == ["Looking at C"]
    assert [p["text"] for p in s.display(1)] == ["Looking at 1 hidden card"]
    s.apply(0, 0)                                    # Player 1 keeps C: a bonus, and two cards
    assert [p["text"] for p in s.display(1)] == ["Bonus 1", "Looking at D", "Player 1 holds 2"]
    s.apply(1, 1)                                    # Player 2 leaves D; Player 1 draws it again
    assert [p["text"] for p in s.display(0)] == ["Bonus 1", "Looking at D", "Player 1 holds 2"]
    assert [p["text"] for p in s.display(1)] == ["Bonus 1", "Looking at 1 hidden card", "Player 1 holds 2"]
    s.apply(0, 0)                                    # kept: two bonuses end the game, nothing looked at
    assert s.is_over and [p["text"] for p in s.display(0)] == ["Bonus 2", "Player 1 holds 3"]


def test_the_view_hides_the_random_generator(fresh):
    view = fresh.view(0)
    text = json.dumps(view)          # plain JSON
    assert "rng" not in view
    assert str(fresh.data["rng"]) not in text
    assert "stack" not in view and "envs" not in view
    assert view["pending"]["options"] == fresh.options()
    assert view["variables"]["water_level"] == get_var(fresh, "water_level")
    # An onlooker sees the decision but not its options.
    assert "options" not in fresh.view(None)["pending"]


def test_views_and_renders_do_not_change_the_state(fresh):
    before = fresh.to_json()
    fresh.view(0)
    fresh.view(None)
    text = fresh.render(0)
    assert "Idiot's Platform" in text and "[YOU]" in text
    fresh.scores()
    assert fresh.to_json() == before


def test_the_log_and_decision_count(fresh):
    assert fresh.decisions == 0
    for _ in range(3):
        fresh.apply_label("Pass") if "Pass" in fresh.options() else fresh.apply(0)
    assert fresh.decisions == 3
    assert isinstance(fresh.log, list)


# ============================================================================ budgets
def test_a_loop_without_decisions_stops_with_an_error_naming_the_rule(tmp_path):
    path = write_rules(tmp_path, "spin.rules", """
        game "Runaway"
        players 1

        rule spin:
            while player_count > 0:
                pass

        turn:
            spin()
            end game "never"

        define score(p: player): int = 0
    """)
    g = load_game(path)
    with pytest.raises(BudgetExceeded) as e:
        g.new_state(seed=1)
    assert isinstance(e.value, RuleError)
    assert "spin" in str(e.value)
    assert e.value.span.line == line_of(path, "pass")
    assert f"spin.rules:{line_of(path, 'pass')}:" in str(e.value)


def test_infinite_recursion_of_a_rule_stops_with_an_error_naming_the_rule(tmp_path):
    path = write_rules(tmp_path, "dive.rules", """
        game "Recursion"
        players 1

        rule dive(n: int):
            if n < 0:
                return
            dive(n + 1)

        turn:
            dive(0)
            end game "never"

        define score(p: player): int = 0
    """)
    # The way out never comes (n only grows), which the checker cannot know: a rule calling itself
    # with no way out at all is refused before play (E309, tests/test_author_mistakes.py).
    g = load_game(path)
    with pytest.raises(BudgetExceeded) as e:
        g.new_state(seed=1)
    assert "'dive'" in str(e.value)
    assert e.value.span.line == line_of(path, "dive(n + 1)")


def test_a_runaway_after_a_decision_stops_the_apply(tmp_path):
    path = write_rules(tmp_path, "later.rules", """
        game "Loops after a choice"
        players 1

        var n: int = 0

        rule spin:
            while n >= 0:
                n += 1

        turn:
            choose x from [1, 2] labelled "Pick {x}"
            if x == 2:
                spin()
            end game "done"

        define score(p: player): int = n
    """)
    g = load_game(path)
    s = g.new_state(seed=1)
    assert s.options() == ["Pick 1", "Pick 2"]
    ok = s.copy()
    ok.apply_label("Pick 1")
    assert ok.is_over and ok.result.reason == "done"
    with pytest.raises(BudgetExceeded) as e:
        s.apply_label("Pick 2")
    assert "'spin'" in str(e.value)
    assert e.value.span.line == line_of(path, "n += 1")


def test_infinite_recursion_of_a_definition_stops_with_a_budget_error_naming_it(tmp_path):
    path = write_rules(tmp_path, "deep.rules", """
        game "Definition recursion"
        players 1

        define deep(n: int): int = deep(n + 1) + 1

        turn:
            x = deep(0)
            end game "never"

        define score(p: player): int = 0
    """)
    g = load_game(path)
    with pytest.raises(BudgetExceeded) as e:
        g.new_state(seed=1)
    assert e.value.span.line == line_of(path, "define deep")    # the definition that runs away
    assert "'deep'" in e.value.message


def test_a_runtime_mistake_is_a_rule_error_naming_its_line(tmp_path):
    path = write_rules(tmp_path, "oops.rules", """
        game "Oops"
        players 1

        var xs: list of int = [1, 2]

        turn:
            remove 3 from xs
            end game "never"

        define score(p: player): int = 0
    """)
    with pytest.raises(RuleError) as e:
        load_game(path).new_state(seed=1)
    assert e.value.span.line == line_of(path, "remove 3 from xs")
    assert "3" in e.value.message


# Expressions the engine evaluates outside a rule's statements: a mistake in them should be a
# RuleError naming the line, like the same mistake inside a rule.
OUTSIDE_RULES = {
    "a variable's starting value": ("var x: int = [1][5]\ndefine score(p: player): int = 0\n", "new_state"),
    "the score": ("var x: int = 0\ndefine score(p: player): int = [1][x + 3]\n", "result"),
    "the winners": ("var x: int = 0\ndefine score(p: player): int = 0\nwinners: [players[x + 5]]\n", "result"),
    "the display": ("var x: int = 0\ndefine score(p: player): int = 0\ndisplay:\n    show \"{[1][x + 2]}\"\n",
                    "render"),
}


@pytest.mark.parametrize("where", sorted(OUTSIDE_RULES))
def test_a_mistake_outside_the_rules_is_a_rule_error(tmp_path, where):
    decls, step = OUTSIDE_RULES[where]
    path = write_rules(tmp_path, "outside.rules", 'game "Outside"\nplayers 1\n' + decls +
                       'turn:\n    choose c from [1, 2] labelled "Pick {c}"\n    end game "done"\n')
    g = load_game(path)
    with pytest.raises(RuleError):
        s = g.new_state(seed=1)
        if step == "result":
            s.apply(0)
            s.result
        elif step == "render":
            s.render(0)


def test_the_same_mistake_inside_a_rule_is_a_rule_error(tmp_path):
    path = write_rules(tmp_path, "inside.rules", 'game "Inside"\nplayers 1\nvar x: int = 0\n'
                       'define score(p: player): int = 0\nturn:\n    x = [1][x + 5]\n    end game "done"\n')
    with pytest.raises(RuleError) as e:
        load_game(path).new_state(seed=1)
    assert e.value.span.line == 6


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(current=7), "its current player, 7, is not a seat"),
    (lambda d: d.update(decisions=-1), "below 0"),
    (lambda d: d.update(turn_number=-3), "below 0"),
    (lambda d: d.update(over=True), "it is over and still waits for a decision"),
    (lambda d: d.update(format=2), "its format is 2"),
    (lambda d: d.update(extra=1), "a field 'extra' that a state does not have"),
    (lambda d: d.update(rng=1 << 70), "not a 64-bit number"),
    (lambda d: d.update(ended_at="game.rules:241"), "it says where the game ended, but the game is not over"),
    # A reason is given only by the end of the game: a view would show it in a game going on.
    (lambda d: d.update(reason="The volcano erupted."), "gives the reason the game ended, .*but the game is not over"),
])
def test_load_state_refuses_a_state_the_engine_could_never_make(change, words):
    from tabletop.interpreter.api import SaveError
    g = load_game("rulebooks/smackatoa")
    data = g.new_state(players=3, seed=1).to_json()
    change(data)
    with pytest.raises(SaveError, match=words):
        g.load_state(data)


def test_a_state_names_its_options_and_another_options_game_refuses_it():
    """An option's value is compiled into the rules: a state played on elite, loaded into a game
    of newbie, would go on as newbie without a word. The state carries its options, and the
    round trip through the API refuses the other values, naming the option and both."""
    elite = load_game("taboo_atoll_express", options={"difficulty": "elite"})
    data = elite.new_state(seed=3).to_json()
    assert data["options"] == {"difficulty": "elite"}
    assert elite.load_state(data).to_json() == data
    with pytest.raises(SaveError, match="played with the option difficulty 'elite', and this game was loaded "
                                        "with difficulty 'newbie'"):
        game().load_state(data)
    data["options"] = {"difficulty": "elite", "tides": "high"}
    with pytest.raises(SaveError, match="the option 'tides', which the rulebook does not have"):
        elite.load_state(data)
    # A game without options makes states without the key (its states are as they were)...
    assert "options" not in load_game("rulebooks/smackshapes").new_state(players=2, seed=1).to_json()
    # ...and a state saved before states recorded options is taken under the game's own.
    del data["options"]
    assert elite.load_state(data).to_json()["options"] == {"difficulty": "elite"}


def test_a_finished_game_keeps_where_it_ended_and_a_state_naming_no_end_game_line_is_refused():
    g = load_game("rulebooks/taboo_atoll_express")
    s = g.new_state(seed=5)
    while not s.is_over:
        s.apply(0)
    data = s.to_json()
    assert data["ended_at"] == s.result.ended_at and data["ended_at"] in g.endings
    assert data["log"][-1] == f"The game is over: {s.result.reason}"
    assert g.load_state(data).result.ended_at == data["ended_at"]
    for wrong in ("game.rules:1", ["game.rules", 246]):
        data["ended_at"] = wrong
        with pytest.raises(SaveError, match="which is no 'end game' line of the rulebook"):
            g.load_state(data)


def test_a_save_edited_to_an_equal_value_of_another_type_is_refused(tmp_path):
    """2.0 for 2 and true for 1 are equal to Python, but they are not what the engine wrote."""
    from tabletop.interpreter import savefile
    g = load_game("rulebooks/smackshapes")
    state = g.new_state(players=3, seed=4)
    saved = savefile.snapshot(g, state, 4, [])
    values = next(iter(saved.state["pending"]["by_seat_values"].values()))
    values[-1] = float(values[-1])         # a card's number, written 2.0
    with pytest.raises(savefile.SaveFileError, match="differs from its moves"):
        savefile.restore(g, saved, tmp_path / "x.json")


def test_a_reactions_own_question_is_seen_only_by_the_seat_asked():
    """Smackatoa's 'The hot totem is hot and you are the volcano's target' tells that the seat holds
    Fireproof Immunity: the others' views read only 'React?'."""
    import random
    g = load_game("rulebooks/smackatoa")
    for seed in range(40):
        s, rnd = g.new_state(players=3, seed=seed), random.Random(seed)
        while not s.is_over:
            p = s.pending
            if p.kind == "reaction" and p.prompt != "React?":
                asked = p.players[0]
                others = [x for x in range(3) if x != asked]
                assert s.view(asked)["pending"]["prompt"] == p.prompt
                assert all(s.view(x)["pending"]["prompt"] == "React?" for x in others + [None])
                return
            s.apply(rnd.randrange(len(s.options(p.players[0]))), p.players[0])
    pytest.fail("no reaction with a question of its own came up in 40 games")


def test_the_options_of_a_choice_from_a_hand_name_secrets_and_a_tap_on_the_table_does_not():
    """Smackshapes: each picks a card from their own hand (secret to the others), then all tap a
    card on the table (every racer's options the same, and public)."""
    g = load_game("rulebooks/smackshapes")
    s = g.new_state(players=2, seed=3)
    assert s.pending.kind == "secret" and s.options_name_secrets()
    for seat in list(s.pending.players):
        s.apply(0, seat)
    assert s.pending.timed and not s.options_name_secrets() and s.options(0) == s.options(1)


def test_a_state_whose_data_was_replaced_in_part_plays_on_from_the_new_data():
    """The API keeps one machine per state between answers; data given new lists (as a caller
    editing a state by hand may) is played from those lists, as a copy of it would be."""
    played = game().new_state(seed=3)
    for _ in range(3):
        played.apply(0)
    edited = played.copy()
    played.data["globals"] = list(played.data["globals"])
    played.data["fields"] = json.loads(json.dumps(played.data["fields"]))
    for _ in range(6):
        played.apply(len(played.options()) - 1)
        edited.apply(len(edited.options()) - 1)
    assert played.to_json() == edited.to_json()


# ============================================================================ the API's arguments, as docs/engine.md promises
def test_answer_is_public_refuses_a_seat_not_at_the_table_and_reads_a_non_number_as_no_answer():
    """As `options`, `view` and the other readers do: a seat past the last is a ValueError, not a
    quiet False; an index that is not a whole number names no answer (it was a TypeError for a
    text or None, and True or 1.5 was read as answer 1)."""
    s = load_game("smores_galore").new_state(players=2, seed=1)
    assert s.answer_is_public(1) is True
    for bad in (True, 1.5, "1", None, -1, 99):
        assert s.answer_is_public(bad) is False
    for seat in (2, -1, "0"):
        with pytest.raises(ValueError, match="There is no seat"):
            s.answer_is_public(0, seat)


def test_evaluate_names_a_definition_by_a_text(fresh):
    for name in (5, None, ["water_level"]):
        with pytest.raises(PositionError, match="named by a text"):
            fresh.evaluate(name)


def test_set_position_takes_rest_as_a_mapping(fresh):
    before = fresh.to_json()
    with pytest.raises(PositionError, match="rest maps each kind"):
        fresh.set_position({"water_level": 1}, rest=["treasure"])
    assert fresh.to_json() == before


def test_forcing_a_result_on_a_finished_game_is_refused():
    """Nothing more will be drawn: as set_position, force says so instead of keeping it."""
    s = scenario(special_actions=1, pawn="Idiot's Platform", treasure={"every": {"claimed": True}})
    s.apply_label("Air Support: fly off the atoll with all four treasures")
    with pytest.raises(PositionError, match="The game is over"):
        s.force(["black"])
    assert s.forced == []


@pytest.mark.parametrize("call, code", [
    (lambda: load_game(""), "E001"),            # would have loaded whatever the current folder holds
    (lambda: load_game(None), "E001"),
    (lambda: load_game("taboo_atoll_express", variant=""), "E016"),       # would have been the base game
    (lambda: load_game("taboo_atoll_express", options={"difficulty": 3}), "E031"),
    (lambda: load_game("taboo_atoll_express", options={3: "elite"}), "E030"),
])
def test_load_game_refuses_empty_names_and_options_that_are_not_texts(call, code):
    with pytest.raises(RulebookError) as e:
        call()
    assert [d.code for d in e.value.diagnostics] == [code]


def test_load_game_takes_options_as_a_mapping_and_a_path_object():
    import pathlib
    with pytest.raises(ValueError, match="The options are a mapping"):
        load_game("taboo_atoll_express", options=[("difficulty", "elite")])
    folder = pathlib.Path(__file__).resolve().parent.parent / "rulebooks" / "taboo_atoll_express"
    assert load_game(folder).path == str(folder)      # a text, as a save file names its game


def _hidden_places(prog, data, seat):
    """Where things lie that `seat` may not see, by the zones' declared visibility (language.md):
    (list, index) pairs, per kind. A `hidden` zone is no one's; an `owner` zone is its player's
    (in a game's zone of a player kind's things, each thing its owner's); a side's, no seat's. A
    player zone `owner and seen by NAME` is its player's and the one its player's variable NAME
    (or the game's, or `current`) names. A face-up pile (`top public`) shows all its first thing,
    and nobody the things under it."""
    def hidden(vis, owner, looker=None, i=0):
        return vis == "hidden" or vis == "top" and i > 0 or (vis == "owner" or vis.startswith("owner and seen by ")) and \
            (seat is None or owner != seat and looker != seat)

    def looker_of(vis, row):
        name = vis[len("owner and seen by "):] if vis.startswith("owner and seen by ") else None
        if name is None:
            return None
        if name == "current":
            return data["current"]
        if name in prog.global_names:
            return data["globals"][prog.global_names.index(name)]
        return row[prog.player_names.index(name)]
    places = {}

    def add(zone, kind, owner_of, looker=None):
        for i, x in enumerate(zone):
            if x is not None and hidden(vis, owner_of(x), looker, i):
                places.setdefault(kind, []).append((zone, i))

    def zones(value, t, numbered):
        t = t[len("list:"):] if numbered else t
        if not t.startswith("list:thing:"):
            return []
        return [(z, t[len("list:thing:"):]) for z in (value if numbered else [value])]
    for value, (vis, numbered), t in zip(data["globals"], prog.global_vis, prog.global_types):
        for zone, kind in zones(value, t, numbered):
            owners = prog.static.get(kind, {}).get("owner")
            add(zone, kind, lambda x: owners[x] if owners else None)
    for who, rows in [*enumerate(data["players"]), *((-1, row) for row in data.get("sides", []))]:
        for value, (vis, numbered), t in zip(rows, prog.player_vis, prog.player_types):
            for zone, kind in zones(value, t, numbered):
                add(zone, kind, lambda x: who, looker_of(vis, rows))
    return places


@pytest.mark.parametrize("name, variant, players", [("smores_galore", None, 3), ("smackatoa", None, 4),
                                                    ("abatteroxie", None, 3), ("smackshapes", "colorcracks", 5)])
def test_a_seats_view_is_the_same_whatever_lies_where_it_may_not_see(name, variant, players):
    """At many points of a random game (secret choices half answered and reactions included), for
    each seat and a spectator: shuffle the things in the places hidden from that seat among those
    places, and its view, named view and display must not change. Nor may a seat not asked read
    the options of the pending decision."""
    import random
    g = load_game(name, variant)
    prog = g.compiled
    state, rnd, seen, shuffled = g.new_state(players=players, seed=2), random.Random(2), set(), 0
    for step in range(90):
        if state.is_over:
            break
        if step % 5 == 0:
            for seat in [None, *range(players)]:
                data = state.to_json()
                for kind, spots in _hidden_places(prog, data, seat).items():
                    things = [zone[i] for zone, i in spots]
                    rnd.shuffle(things)
                    for (zone, i), x in zip(spots, things):
                        shuffled += zone[i] != x
                        zone[i] = x
                other = type(state)(g, data)
                assert other.view(seat) == state.view(seat)
                assert other.view(seat, named=True) == state.view(seat, named=True)
                assert other.display(seat) == state.display(seat)
                asked = state.pending.players
                assert ("options" in state.view(seat)["pending"]) == (seat in asked)
            seen.add(state.pending.kind)
        seat = rnd.choice(state.pending.players)
        state.apply(rnd.randrange(len(state.options(seat))), seat, time=rnd.random() if state.pending.timed else None)
    assert shuffled > 100 and (seen - {"choose", "menu"} or name in ("smores_galore", "abatteroxie")), (shuffled, seen)


@pytest.mark.parametrize("name, players", [("abatteroxie", 2), ("smackatoa", 3), ("smackshapes", 3)])
def test_copies_played_apart_never_change_each_other_nor_their_kept_values(name, players):
    """Copies taken along a game are played on differently (every other one's `data` handed out),
    interleaved with the original: each ends exactly as its own moves replayed from the seed give,
    so no kept value (memo.py) or cache of one reached another."""
    import random
    g = load_game(name)
    rnd = random.Random(5)

    def move(s):
        seat = rnd.choice(s.pending.players)
        m = (rnd.randrange(len(s.options(seat))), seat, round(rnd.random(), 3) if s.pending.timed else None)
        s.apply(*m)
        return m

    def replay(moves):
        s = g.new_state(players=players, seed=5)
        for m in moves:
            s.apply(*m)
        return s.to_json()
    state, moves, copies = g.new_state(players=players, seed=5), [], []
    while not state.is_over and len(moves) < 80:
        if len(moves) % 8 == 3:
            other = state.copy()
            if len(copies) % 2:
                assert other.data is not state.data       # handed out: its machine keeps no value after
            copies.append((other, list(moves)))
        moves.append(move(state))
        for other, its in copies:
            if not other.is_over:
                its.append(move(other))
    assert state.to_json() == replay(moves)
    assert len(copies) >= 2 and all(other.to_json() == replay(its) for other, its in copies)


def test_an_empty_text_names_no_option_even_of_a_decision_with_one(tmp_path):
    """With `substring`, "" is part of every label: the one option of a decision was chosen by it."""
    path = write_rules(tmp_path, "one.rules", """
        game "One Way"
        players 1
        var moved: int = 0
        turn:
            choose n from [1] labelled "Step {n}":
                moved += n
            if moved >= 2:
                end game "Done."
        define score(p: player): int = moved
        """)
    s = load_game(path).new_state()
    assert s.find_option("step", substring=True) == 0
    for text in ("", "  "):
        with pytest.raises(IllegalMove, match="An empty text names no option"):
            s.find_option(text, substring=True)
        with pytest.raises(IllegalMove, match="An empty text names no option"):
            s.apply_label(text)
    assert s.decisions == 0


@pytest.mark.parametrize("loop, forged", [
    ("for n in [1, 2, 3]:", [[1, 2], 7]),      # the item under way past the items
    ("for n in [1, 2, 3]:", 5),
    ("repeat 3 times:", [3, 0]),                 # rounds are counted from 1
    ("repeat 3 times:", [[1], 1]),
    ("while total < 10:", [1, 1]),               # a block that is no loop holds no loop state
])
def test_load_state_refuses_a_loop_in_progress_the_machine_could_not_have_made(tmp_path, loop, forged):
    """It was accepted, and the game failed later in play ('given a value of the wrong kind'), or
    carried it along for ever."""
    path = write_rules(tmp_path, "loops.rules", f"""
        game "Loops"
        players 1
        var total: int = 0
        turn:
            {loop}
                choose k from [1, 2] labelled "Add {{k}}":
                    total += k
            end game "Done."
        define score(p: player): int = total
        """)
    g = load_game(path)
    data = g.new_state().to_json()
    frame = next(f for f in data["stack"] if g.compiled.blocks[f[0]].kind in ("for", "repeat", "while"))
    g.load_state(data)
    frame[3] = forged
    with pytest.raises(SaveError, match="its loops in progress do not match the rulebook"):
        g.load_state(data)


def test_an_end_game_line_is_named_alike_whether_the_rulebook_is_loaded_by_folder_or_by_file():
    """Loaded by its game.rules, the rulebook's root is that file, and every line was named ".:246",
    so a finished game saved from one load was refused by the other."""
    by_folder = load_game("rulebooks/taboo_atoll_express")
    by_file = load_game("rulebooks/taboo_atoll_express/game.rules")
    assert list(by_file.endings) == list(by_folder.endings) and "game.rules:246" in by_file.endings


# ============================================================================ plain prompts and labels
def test_a_plain_prompt_is_asked_as_its_text_and_twin_plain_labels_are_numbered(tmp_path):
    path = write_rules(tmp_path, "plain.rules", """
        game "Plain"
        players 2
        var n: int = 0
        turn:
            choose prompt "Pick {{one}}":
                option "Left":
                    n += 1
                option "Left":
                    n += 2
            choose prompt "Now {n}":
                option "Go":
                    n += 1
                option "Stay":
                    n += 0
            if n >= 3:
                end game
        define score(p: player): int = n
    """)
    s = load_game(path).new_state(seed=1)
    assert (s.pending.prompt, s.pending.options) == ("Pick {one}", ["Left", "Left (2)"])
    s.apply(1, 0)
    assert (s.pending.prompt, s.pending.options) == ("Now 2", ["Go", "Stay"])


def test_every_bundled_plain_prompt_is_the_text_its_prompt_works_out():
    from pathlib import Path
    from tabletop.interpreter.machine import Machine
    rulebooks = sorted(p.parent for p in (Path(__file__).resolve().parent.parent / "rulebooks").glob("*/game.rules"))
    plain = 0
    for folder in rulebooks:
        g = load_game(str(folder))
        m = Machine(g.compiled, g.new_state(seed=1).data)
        for st in g.compiled.stmts:
            if getattr(st, "fixed_prompt", None) is not None and st.prompt is not None:
                plain += 1
                assert st.prompt(m, [None] * 1000) == st.fixed_prompt, (folder.name, st.span)
    assert plain >= 10


def test_twins_among_labels_are_found_as_a_set_finds_them():
    """`statements._twins`, which compares two or three labels pair by pair, says what a set of
    them says, for every list of up to six labels drawn from three words (twins or none)."""
    import itertools
    from tabletop.interpreter.statements import _twins
    words = ["Move to A", "Move to B", "Pass"]
    for n in range(7):
        for labels in itertools.product(words, repeat=n):
            labels = [w + "" for w in labels]
            assert _twins(labels) == (len(set(labels)) != len(labels)), labels


def test_pending_is_the_decision_its_class_makes():
    """`State.pending` makes its Decision without calling the class: it is the same value, field
    by field and in the same order, as Decision(...) gives, and a new copy at each call."""
    from tabletop.interpreter.api import Decision
    for name, players in (("taboo_atoll_express", None), ("smackatoa", 4), ("smores_galore", 3)):
        s = load_game(name).new_state(players=players, seed=2)
        d = s.pending
        p = s.data["pending"]
        made = Decision(list(p["players"]), p["prompt"], list(p["labels"]), bool(p.get("timed")), p["kind"])
        assert type(d) is Decision and d == made and list(vars(d).items()) == list(vars(made).items())
        assert repr(d) == repr(made)
        d.options.append("x")
        d.players.append(9)
        assert s.pending == made and s.pending is not d
