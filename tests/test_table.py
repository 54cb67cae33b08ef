"""Playing at the table: the display laid out for the terminal's width, long menus in groups and
columns, each event shown once, hidden cards counted, nothing secret shown before the reveal,
odd input answered in words, and a shipped bot that finishes the games it plays (issues 10, 13).
"""
import re
import textwrap

import pytest

from cli_fixtures import real, run  # noqa: F401
from inline import game
from tabletop.interpreter.api import load_game
from tabletop.interpreter.bots import make_bot
from tabletop.interpreter.terminal import SHORT_MENU, Terminal, menu_lines
from tabletop.interpreter.view import board_text

TABOO = "taboo_atoll_express"


def book(tmp_path, name, rules):
    path = tmp_path / f"{name}.rules"
    path.write_text(textwrap.dedent(rules).lstrip("\n"))
    return path


def taboo_after(moves, seed=1, bot_seed=3):
    """A Taboo Atoll Express state after `moves` random answers, and the labels answered."""
    state = load_game(TABOO).new_state(seed=seed)
    bot, labels = make_bot("random", bot_seed), []
    for _ in range(moves):
        if state.is_over:
            break
        i = bot.choose(state, 0)
        labels.append(state.options(0)[i])
        state.apply(i)
    return state, labels


# ---------------------------------------------------------------- the display fits the terminal

class Screen:
    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s

    def flush(self):
        pass

    def isatty(self):
        return False


def drawn(state, width):
    screen = Screen()
    Terminal(screen, width=width).display(state.display(0))
    return screen.text


@pytest.mark.parametrize("width", [80, 100])
def test_the_taboo_map_fits_an_80_column_terminal(width):
    state, _ = taboo_after(6)
    plain = "\n".join(p["text"] if "text" in p else board_text(p["board"]) for p in state.display(0))
    assert max(len(line) for line in plain.splitlines()) > 120        # the map at its natural width
    text = drawn(state, width)
    assert max(len(line) for line in text.splitlines()) <= width
    words = set(re.findall(r"[A-Za-z']+", plain))
    assert words <= set(re.findall(r"[A-Za-z']+", text))               # every word is still there, whole
    assert "Water level" in text and "Treasure search: red" in text


def test_a_wide_terminal_shows_each_space_name_on_one_line():
    text = drawn(taboo_after(6)[0], 160)
    assert "Idiot's Platform" in text and "Sands of Despair" in text


# ---------------------------------------------------------------- long menus

def test_a_short_menu_is_one_option_a_line():
    labels = [f"Option {n}" for n in range(1, SHORT_MENU + 1)]
    assert menu_lines(labels, None, 80) == [f"  {n:>2}. Option {n}" for n in range(1, SHORT_MENU + 1)]


def test_a_long_menu_is_grouped_by_clause_with_shared_words_once_and_columns():
    """Taboo's longest menus (41 options here) would push the board off the screen."""
    state = load_game(TABOO).new_state(seed=1)
    bot = make_bot("random", 3)
    while len(state.options(0)) < 30:
        state.apply(bot.choose(state, 0))
    labels, groups = state.options(0), state.option_groups(0)
    lines = menu_lines(labels, groups, 80)
    assert len(lines) <= len(labels) // 2 + 4
    assert all(len(line) <= 80 for line in lines)
    assert "  Air Support: fly to …" in lines
    # each number once, in order, naming its label: whole, or its rest under its group's heading
    heading, named = "", {}
    for line in lines:
        if line.endswith(" …"):
            heading = line.strip()[:-2]
            continue
        if not line.startswith("    "):
            heading = ""
        for number, text in re.findall(r"(\d+)\. (.+?)(?=\s{2,}\d+\. |$)", line):
            named[int(number)] = f"{heading} {text.strip()}" if heading else text.strip()
    assert named == {n: label for n, label in enumerate(labels, 1)}


def test_option_groups_follow_the_menus_clauses():
    state = load_game(TABOO).new_state(seed=1)
    labels, groups = state.options(0), state.option_groups(0)
    assert len(groups) == len(labels) and groups == sorted(groups)
    firsts = {labels[i].split(" ")[0] for i, g in enumerate(groups) if g == groups[0]}
    assert len(firsts) == 1


def test_a_seat_not_asked_learns_nothing_of_a_menus_groups(tmp_path):
    """The groups of a menu tell how many options each clause offers (how many cards a hand
    holds that may be played): a seat not asked gets none, as it gets no options."""
    state = game(tmp_path, '''
        game "Zaps"
        players 2
        kind card from "cards.yaml":
            name: text
        zone pile: card, hidden
        player zone hand: card, owner
        setup:
            pile = shuffled(card)
            draw 2 from pile to players[0].hand
        turn:
            choose:
                option "Play {c}" for c in current.hand:
                    end game
                option "Pass":
                    end game
        define score(p: player): int = 0
    ''', **{"cards.yaml": "cards:\n  - {name: zap}\n  - {name: zip}\n"}).new_state(players=2, seed=1)
    assert state.pending.kind == "menu" and state.pending.players == [0]
    assert state.option_groups(1) == [] == state.options(1)


def test_an_answer_naming_a_card_of_a_loop_over_a_hand_is_not_shown_to_the_others(tmp_path):
    """The labels name the card of a loop over cards only one player sees (Smackatoa's
    Inevitable Treasure Map: "Give Flotsam to Player 3"): a bot's answer to it is not public."""
    state = game(tmp_path, '''
        game "Gifts"
        players 3
        kind card from "cards.yaml":
            name: text
        zone pile: card, hidden
        zone looking: card, hidden
        player zone hand: card, owner
        setup:
            pile = shuffled(card)
        turn:
            draw 2 from pile to looking
            for given in [c for c in looking]:
                choose q from players if q != current labelled "Give {given} to {q}" prompt "Who gets the next card?"
                move given from looking to q.hand
            end game
        define score(p: player): int = 0
    ''', **{"cards.yaml": "cards:\n  - {name: zap}\n  - {name: zip}\n"}).new_state(players=3, seed=1)
    assert state.options(0)[0].startswith("Give z")
    assert not state.answer_is_public(0) and state.options_name_secrets()


# ---------------------------------------------------------------- the event log

def test_each_event_is_shown_once_and_the_floods_are_among_them(real, tmp_path):
    state = load_game(TABOO).new_state(seed=2)
    bot, labels, said = make_bot("random", 5), [], list(state.log)
    for _ in range(25):
        if state.is_over:
            break
        i = bot.choose(state, 0)
        labels.append(state.options(0)[i])
        before = state.said
        state.apply(i)
        said += state.log[len(state.log) - (state.said - before):] if state.said > before else []
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join(labels) + "\n")
    code, out, _ = real("play", TABOO, "--seed", 2, "--moves", moves)
    shown = [line[2:] for line in out.splitlines() if line.startswith("  ") and line[2:] in said]
    if state.is_over:       # the game's end is said once too, under the final table, with the result
        assert out.count(said[-1]) == 1 and f"\n{said[-1]}\n" in out
        shown.append(said[-1])
    assert shown == said
    assert any(line.endswith(" floods.") for line in said)


def test_lines_said_are_counted_beyond_the_30_the_log_keeps():
    longest = max((taboo_after(200, seed=seed)[0] for seed in range(5)), key=lambda s: s.said)
    assert longest.said > len(longest.log) == 30


# ---------------------------------------------------------------- hidden cards

HIDDEN = """
    game "Hands"
    players 2
    kind card from "cards.yaml":
        name: text
    zone deck: card, hidden
    player zone hand: card, owner
    setup:
        deck = shuffled(card)
        for p in players:
            draw 2 from deck to p.hand
    turn:
        choose c from current.hand labelled "Play {c}"
        end game "One card played."
    define score(p: player): int = 0
    display:
        show "Deck: {deck}"
        show "{p} holds {p.hand}" for p in players
"""


def test_hidden_cards_show_as_how_many(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "game.rules").write_text(textwrap.dedent(HIDDEN).lstrip())
    (tmp_path / "book" / "cards.yaml").write_text("card:\n" + "".join(f"  - {{name: C{i}}}\n" for i in range(5)))
    state = load_game(str(tmp_path / "book")).new_state(players=2, seed=1)
    text = state.render(0)
    assert "Deck: 1 hidden card" in text and "Player 2 holds 2 hidden cards" in text
    own = ", ".join(f"C{i}" for i in sorted(int(c[1]) for c in re.findall(r"C\d", text.split("Player 1 holds ")[1])))
    assert re.search(r"Player 1 holds C\d, C\d", text) and "none" not in text and own
    assert state.view(0)["variables"]["deck"] == [None]                 # the data is unchanged: None each


# ---------------------------------------------------------------- nothing secret before the reveal

QUICK_DRAW = """
    game "Quick Draw"
    players 2 to 3
    enum sign: rock, paper, scissors
    player var points: int = 0
    turn:
        secretly each p in players chooses s from [rock, paper, scissors] labelled "Show {s}":
            say "{p} shows {s}."
        if turn_number >= 2:
            end game "Two rounds played."
    define score(p: player): int = p.points
"""


def test_a_bots_secret_answer_is_not_shown_before_the_humans_answer(real, tmp_path):
    rules = book(tmp_path, "quick_draw", QUICK_DRAW)
    code, out, _ = real("play", rules, "--players", 2, "--seat", "1=random", "--seed", 1, stdin="1\n2\n")
    assert code == 0
    before_asking = out[:out.index("Player 2: Choose")]
    assert "Player 1 (random) has chosen." in before_asking
    assert not re.search(r"rock|paper|scissors", before_asking)
    assert not re.search(r"Player 1 \(random\): Show", out)
    assert re.search(r"  Player 1 shows \w+\.\n  Player 2 shows rock\.", out)     # the reveal, after


def test_secret_answers_from_a_moves_file_are_not_shown_either(real, tmp_path):
    rules = book(tmp_path, "quick_draw", QUICK_DRAW)
    moves = tmp_path / "moves.txt"
    moves.write_text("Show paper\n")
    code, out, _ = real("play", rules, "--players", 2, "--moves", moves, "--seed", 1, stdin="1\n1\n1\n")
    before_asking = out[:out.index("Player 2: Choose")]
    assert "Player 1 has chosen." in before_asking and "paper" not in before_asking


# ---------------------------------------------------------------- odd input

@pytest.mark.parametrize("typed", ["²", "①", "١", "２"])
def test_unicode_digits_at_the_prompt_are_not_numbers_and_lose_nothing(run, typed):
    code, out, _ = run("play", "counting", "--seed", 1, stdin=f"{typed}\n" + "2\n" * 10)
    assert code == 0 and f"'{typed}' is not an option or a command" in out and "The game is over" in out


SETUP_FAILS = """
    game "Bad Setup"
    players 1
    var x: int in 0 to 2 = 0
    setup:
        x = count([1, 2, 3, 4, 5])
    turn:
        choose n from [1, 2] labelled "Take {n}"
        end game "Done."
    define score(p: player): int = x
"""


def test_a_rule_error_before_the_first_decision_is_reported_as_one(real, tmp_path):
    code, _, err = real("play", book(tmp_path, "bad", SETUP_FAILS))
    assert code == 1 and "internal error" not in err
    assert "The rulebook failed before the first decision of the game:" in err and "bad.rules:5" in err


# ---------------------------------------------------------------- the shipped bots finish their games

def test_smores_galore_with_every_seat_first_ends(real):
    code, out, _ = real("play", "smores_galore", "--players", 2, "--seat", "1=first", "--seat", "2=first",
                        "--seed", 1, "--quiet")
    assert code == 0 and "The game is over:" in out


def test_simulate_says_when_a_rulebook_lets_a_game_go_on_for_ever(real):
    code, out, _ = real("simulate", "smores_galore", "-n", 2, "--bot", "first:patience=200")
    assert code == 0 and "errors: 0" in out
    assert ("finding about the rulebook, in 2 of 2 games: taking the first option every time had not "
            "ended the game after 200 decisions") in out
    assert "the rules may let a game go on for ever" in out


def test_a_game_past_the_decision_limit_is_a_finding_too(run):
    code, out, _ = run("simulate", "counting", "-n", 2, "--variant", "endless", "--max-decisions", 20)
    assert code == 1 and "finding about the rulebook, in 2 of 2 games: the game was not over after 20 decisions" in out


# ---------------------------------------------------------------- what a recipe needs

def test_smores_shows_what_each_recipe_on_display_needs():
    """A player must be able to tell what Zebra S'mores is: each pile shows its top recipe's
    pattern in words, the pattern the rules check (issue 10)."""
    g = load_game("smores_galore")
    for seed in range(60):
        text = g.new_state(players=3, seed=seed).render(0)
        if "Zebra S'mores (6 pts)" in text:
            break
    assert ("Zebra S'mores (6 pts), 3 cards\n    needs graham, chocolate, marshmallow, chocolate, "
            "marshmallow, chocolate, marshmallow, graham or graham, marshmallow, chocolate, marshmallow, "
            "chocolate, marshmallow, chocolate, graham") in text
    assert ("Straight Up pile: Straight Up S'mores (2 pts), 6 cards\n"
            "    needs graham, (chocolate and marshmallow in any order), graham") in text
    assert text.count("    needs ") == 4            # the Straight Up pile and three advanced piles


def test_taboo_says_each_flood():
    """"Any rolled space without a purple or black cube on it has flooded": the log says so."""
    state = load_game(TABOO).new_state(seed=20)
    names = state.game.compiled.kind_names["space"]
    before = state.said
    while not any(line.endswith(" floods.") for line in state.log[len(state.log) - (state.said - before):]):
        assert not state.is_over, "a whole game without a flood said"
        before = state.said
        state.apply(state.options(0).index("Pass") if "Pass" in state.options(0) else 0)
    flood = state.view(0)["fields"]["space"]["flood"]
    new = state.log[len(state.log) - (state.said - before):]
    flooded = [line[:-len(" floods.")] for line in new if line.endswith(" floods.")]
    assert flooded and all(flood[names.index(name)] in ("flooded", "sunk") for name in flooded)


def test_a_groups_heading_never_parts_a_name_from_its_number():
    ranks = ["aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
             "queens", "kings"]
    labels = [f"Ask Player {p} for {rank}" for p in (2, 3) for rank in ranks]
    lines = menu_lines(labels, [1] * len(labels), 80)
    assert "  Ask …" in lines and any("Player 2 for queens" in line for line in lines), lines
    assert not any(line.strip() == "Ask Player …" for line in lines)


def test_a_wrapped_display_line_ends_with_no_trailing_blanks():
    """Rich padded each wrapped piece with spaces to the longest one's width, so a line of the
    display that wrapped left trailing blanks in a pipe or a log."""
    screen = Screen()
    Terminal(screen, width=30).display([{"text": "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk"},
                                        {"text": "  an indented line that wraps around the width"}])
    lines = screen.text.splitlines()
    assert lines == ["aaa bbb ccc ddd eee fff ggg", "  hhh iii jjj kkk",
                     "  an indented line that wraps", "    around the width"], lines
