"""What people at the terminal see of a game: the hand-over of the keyboard when the output is not
a terminal, and how a seat's question is headed. Run in-process on the real rulebooks, with
standard input (and, where it matters, standard output) standing in for a terminal."""
import io
import re
import sys

from cli_fixtures import EchoedTTYInput, TTYInput
from tabletop.interpreter import cli
from tabletop.interpreter.session import headed
from tabletop.interpreter.terminal import fit


class TTYOutput(io.StringIO):
    """Standard output that is a terminal, as a person's is."""

    def isatty(self):
        return True


def played(monkeypatch, tmp_path, capsys, typed, *argv, screen=None, echoed=False):
    """(exit code, standard output, standard error) of `tabletop play ARGV` with `typed` at a
    terminal's keyboard (shown on `screen` as it is typed, when `echoed`); standard output is
    `screen` if given, else not a terminal (a pipe)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", EchoedTTYInput(typed, screen) if echoed else TTYInput(typed))
    if screen is not None:
        monkeypatch.setattr(sys, "stdout", screen)
    code = cli.main(["play", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, screen.getvalue() if screen is not None else out, err


# ---------------------------------------------------------------- people at one keyboard, output piped

def test_people_at_one_keyboard_with_the_output_piped_are_not_shown_each_others_hands(monkeypatch, tmp_path, capsys):
    """`tabletop play smackatoa --players 3 | tee log.txt`: the pipe cannot be cleared, so the
    hand-over showed Player 1's hand, then Player 2's under it, on the screen and in the log. Now
    the game stops before the first private screen, says why and what to do, and saves nothing
    when nothing was played."""
    code, out, err = played(monkeypatch, tmp_path, capsys, "\n1\n\n1\n\n", "smackatoa", "--players", 3, "--seed", 5)
    assert code == 1 and "Traceback" not in out + err
    assert "Player 1 is about to be shown what only they may see, and the game's output is not a terminal" in err
    assert "--seat N=random" in err and "Nothing was played, so nothing was saved." in err
    assert "Pass the keyboard" not in out and "Your turn" not in out and "Play " not in out, out
    assert not list(tmp_path.glob("*.json"))


def test_when_bots_played_before_the_stop_the_game_is_saved(monkeypatch, tmp_path, capsys):
    """A bot's turns came first: the game so far is kept, to go on with the output on the terminal."""
    code, out, err = played(monkeypatch, tmp_path, capsys, "\n1\n\n", "smackatoa", "--players", 3, "--seed", 5,
                            "--seat", "1=random")
    assert code == 1 and "Player 2 is about to be shown what only they may see" in err
    assert "Game saved to tabletop-autosave.json. Resume it with: tabletop play --load tabletop-autosave.json" in err
    assert "Your turn" not in out


def test_with_the_output_on_the_terminal_the_keyboard_is_handed_over(monkeypatch, tmp_path, capsys):
    """The same game on a terminal: cleared, handed over, and Player 1's own screen shown."""
    screen = TTYOutput()
    code, shown, err = played(monkeypatch, tmp_path, capsys, "\nquit\nn\n", "smackatoa", "--players", 3,
                              "--seed", 5, screen=screen)
    assert "Pass the keyboard to Player 1, then press Enter." in shown and "\x1b[2J" in shown
    assert "Player 1: Your turn" in shown and "is about to be shown" not in err
    # the game's first lines, with how to get help (and, every seat a person's, how to play
    # against bots: one person alone did not know why to pass the keyboard), are not cleared away
    for screen in screens(shown)[1:]:
        first = " ".join(screen.split("\nPass the keyboard")[0].split())
        assert first.startswith("\x1b[HSmackatoa!: 3 players, seed 5. Type ? for help. All 3 seats are people at "
                                "this keyboard, who pass it when asked. To play against bots instead, start the "
                                "game with --seat 2=random --seat 3=random. "), screen[:300]


def test_one_person_with_bots_may_pipe_the_output(monkeypatch, tmp_path, capsys):
    """Nobody else is at the keyboard: nothing to hide, so a log of the game is fine."""
    code, out, err = played(monkeypatch, tmp_path, capsys, "quit\nn\n", "smackatoa", "--players", 3, "--seed", 5,
                            "--seat", "2=random", "--seat", "3=random")
    assert "Player 1: Your turn" in out and "is about to be shown" not in err


# ---------------------------------------------------------------- a seat's question

def test_a_prompt_that_names_its_seat_is_not_headed_by_the_name_again(monkeypatch, tmp_path, capsys):
    """Abatteroxie's rulebook asks "Player 1 (red): play 2 cards"; the terminal headed it
    "Player 1: Player 1 (red): play 2 cards"."""
    code, out, err = played(monkeypatch, tmp_path, capsys, "quit\nn\n", "abatteroxie", "--players", 2, "--seed", 3,
                            "--seat", "2=random")
    assert "\nPlayer 1 (red): play 2 cards\n" in out, out[-1500:]
    assert "Player 1: Player 1" not in out


def test_only_the_whole_name_of_the_seat_counts():
    assert headed("Player 2 (blue): play 2 cards", 1, 2) == "Player 2 (blue): play 2 cards"
    assert headed("player 2, your turn", 1, 2) == "player 2, your turn"
    assert headed("Player 10 has the majority", 0, 4) == "Player 1: Player 10 has the majority"
    assert headed("Your turn", 0, 2) == "Player 1: Your turn"
    assert headed("Your turn", 0, 1) == "Your turn"
    assert not re.search("Player 3: Player 3", headed("Player 3", 2, 3))


def test_a_prompt_naming_its_seat_and_no_other_is_not_headed_wherever_the_name_is():
    """Abatteroxie asks the majority holder "Battle Royale on A1: Player 1 (red) holds the
    majority"; it was headed "Player 1: Battle Royale on A1: Player 1 (red) ...". A prompt that
    names another seat too is headed, or the table could not tell which of them answers."""
    royale = "Battle Royale on A1: Player 1 (red) holds the majority"
    assert headed(royale, 0, 2) == royale
    assert headed(royale, 1, 2) == "Player 2: " + royale
    assert headed("Player 1 is about to discard all their cards: play Voodoo Schmoodoo?", 0, 3).startswith("Player 1 is")
    assert headed("Player 2's hand: take one card", 0, 3) == "Player 1: Player 2's hand: take one card"
    assert headed("Player 2 attacks Player 1: defend?", 0, 3) == "Player 1: Player 2 attacks Player 1: defend?"
    assert headed("Give it to player 1?", 0, 2) == "Give it to player 1?"
    assert headed("Player 11 and Player 1", 0, 12) == "Player 1: Player 11 and Player 1"
    assert headed("Player " + "9" * 5000, 0, 2) == "Player 1: Player " + "9" * 5000


# ---------------------------------------------------------------- lines broken to the width

def test_a_broken_line_goes_on_indented_and_keeps_a_number_with_the_word_before_it():
    """At 40 columns Smackatoa's display read "Penguins:" / "0. Eruption level 1." (a line that
    looks like option 0) and "... at level 1: Player" / "1 must discard 1.", each piece at the
    line's own indentation, as if it were a line of its own."""
    assert fit("Hand 1. Raft: 0 of 16 pieces. Penguins: 0. Eruption level 1.", 40) == \
        ["Hand 1. Raft: 0 of 16 pieces.", "  Penguins: 0. Eruption level 1."]
    assert fit("  The volcano rolls 9 at level 1: Player 1 must discard 1.", 40) == \
        ["  The volcano rolls 9 at level 1:", "    Player 1 must discard 1."]
    assert fit("Scores: Player 1 6, Player 2 0, Player 3 3", 40) == ["Scores: Player 1 6, Player 2 0,", "  Player 3 3"]
    # the items of a list of numbers may still part; an option goes on under its label
    assert fit("Player 1: 0 points; totems 4, 6, 8, 10, 12; hand: nothing", 40) == \
        ["Player 1: 0 points; totems 4, 6, 8, 10,", "  12; hand: nothing"]
    assert fit("   6. Move 1 battler 1 tile each (play 1 + Battle Royale and 1)", 40) == \
        ["   6. Move 1 battler 1 tile each (play 1", "      + Battle Royale and 1)"]
    assert fit("x" * 50 + " y", 40) == ["x" * 50, "  y"]       # a word wider than the line stays whole


def test_a_wide_character_counts_as_two_columns():
    """22 characters, 39 columns at a terminal: counted as characters, it was left whole at 35."""
    assert fit("海" * 15 + " 海海 end", 35) == ["海" * 15 + " 海海", "  end"]


def test_the_display_at_40_columns_breaks_no_line_into_what_looks_like_an_option(monkeypatch, tmp_path, capsys):
    """Smackatoa with one person and two bots, on a 40-column terminal."""
    monkeypatch.setenv("COLUMNS", "40")
    code, shown, err = played(monkeypatch, tmp_path, capsys, "1\nquit\nn\n", "smackatoa", "--players", 3, "--seed", 7,
                              "--seat", "2=random", "--seat", "3=random", screen=TTYOutput(), echoed=True)
    lines = shown.split("\n")
    assert max(len(line) for line in lines) <= 40, [line for line in lines if len(line) > 40]
    assert "  Penguins: 0. Eruption level 1." in lines and "Player 3: 0 points; totems 2, 6, 7, Evil" in lines
    options = [line for line in lines if re.match(r" *[0-9]+\. ", line)]
    assert all(re.match(r"   [0-9]\. Play ", line) for line in options), options


def test_the_help_is_broken_by_the_terminal_not_by_its_text(monkeypatch, tmp_path, capsys):
    """Its lines were broken at about 95 columns in the text: at 80 the terminal broke them again,
    "... the option of that" / "number), or whole words ...", and ragged at 40 too."""
    monkeypatch.setenv("COLUMNS", "80")
    code, shown, err = played(monkeypatch, tmp_path, capsys, "?\nquit\nn\n", "taboo_atoll_express", "--seed", 7,
                              screen=TTYOutput())
    lines = shown.split("\n")
    start = lines.index("> Answer with the option's number or its exact label, or whole words of one label")
    assert lines[start + 1:start + 3] == [
        "  only (\"Move to Flame\" for \"Move to Flame Sanctuary\"). Other commands:",
        "    ?, help      this help"], lines[start:start + 8]


def test_a_word_cut_short_is_told_which_options_it_starts(monkeypatch, tmp_path, capsys):
    """"Move to Fog" was "not an option or a command", as "blah" is: a new player could not tell
    that labels are named by whole words, nor which option they had begun."""
    code, out, err = played(monkeypatch, tmp_path, capsys, "Move to Fog\nmove to f\nquit\nn\n", "taboo_atoll_express",
                            "--seed", 7)
    assert ("'Move to Fog' names no option (a label is named by whole words); it is the start of "
            "'2. Move to Foggy Knoll': type its number.") in out
    assert "it is the start of '1. Move to Flame Sanctuary', '2. Move to Foggy Knoll': type the number of one." in out


def test_the_first_line_names_the_variant_played(monkeypatch, tmp_path, capsys):
    """`--variant colorcracks` began "Smackshapes: 2 players, seed 8.", as the plain game does."""
    code, out, err = played(monkeypatch, tmp_path, capsys, "quit\nn\n", "smackshapes", "--variant", "colorcracks",
                            "--players", 2, "--seat", "2=racer", "--seed", 8)
    assert out.startswith("Smackshapes, variant colorcracks: 2 players, seed 8. Type ? for help.\n"), out[:100]


def test_the_helps_example_is_taken_from_the_menu_on_the_screen(monkeypatch, tmp_path, capsys):
    """The help's example of a label named by its first words was Taboo's ("Move to Foggy" for
    "Move to Foggy Knoll") in every game; in Smackatoa there is no such option. It is now the
    fewest first words of an option on the screen that name it alone."""
    from tabletop.interpreter.session import short_form
    code, out, err = played(monkeypatch, tmp_path, capsys, "?\nquit\nn\n", "smackatoa", "--players", 3, "--seed", 9,
                            "--seat", "2=random", "--seat", "3=random")
    assert 'whole words of one label only ("Play Rubber" for "Play Rubber Tree"). Other commands:' in out
    assert "Foggy" not in out
    assert short_form(["Pass", "Play Rubber Tree", "Play Coconut Tree"]) == ("Play Rubber", "Play Rubber Tree")
    assert short_form(["Yes", "No"]) is None           # no label of several words: no example
    assert short_form(["Play Rubber Tree (2)", "Play Rubber Tree"]) is None     # no first words name one alone


# ---------------------------------------------------------------- every answer, as the table sees it

def screens(shown: str) -> list[str]:
    """What a terminal showed, cut where the screen was cleared."""
    return shown.split("\x1b[2J")


def test_a_persons_answer_the_rules_do_not_announce_is_shown_to_the_next_player(monkeypatch, tmp_path, capsys):
    """S'mores Galore's card placement is said by no rule: after "> 1" the table was redrawn, and
    Player 2 never learnt where Player 1's cards went. A person's answer is shown as a bot's is."""
    code, out, err = played(monkeypatch, tmp_path, capsys, "1\n" * 6, "smores_galore", "--players", 2, "--seed", 3)
    before_player_2 = out[:out.index("Player 2: Move the arrow")]
    assert "Player 1 chose: Add the 1st card (Graham Cracker) to your lineup\n" in before_player_2
    code, out, err = played(monkeypatch, tmp_path, capsys, "1\n" * 6, "smores_galore", "--players", 2, "--seed", 3,
                            "--quiet")
    assert "Player 2: Move the arrow" in out and "chose" not in out       # --quiet: the table and the question


def test_an_answer_the_rules_tell_in_a_line_of_their_own_is_shown_once(monkeypatch, tmp_path, capsys):
    """S'mores Galore: "Player 1 chose: Take row 1 from the left" stood above the rules' own
    "Player 1 takes row 1 from the left: ...", the same news twice (Abatteroxie's "Move to A1" and
    "Eliminate a green battler on A1" too). The rules' line is shown alone; an answer no line tells
    (where the card goes) is still shown as chosen."""
    code, out, err = played(monkeypatch, tmp_path, capsys, "1\n" * 6, "smores_galore", "--players", 2, "--seed", 3)
    before_player_2 = out[:out.index("Player 2: Move the arrow")]
    assert "  Player 1 takes row 1 from the left: " in before_player_2 and "chose: Take row" not in out
    assert "Player 1 chose: Add the 1st card (Graham Cracker) to your lineup\n" in before_player_2
    code, out, err = played(monkeypatch, tmp_path, capsys, "", "smores_galore", "--players", 2, "--seed", 3,
                            "--seat", "1=random", "--seat", "2=random")
    assert "  Player 1 takes row" in out and "(random) chose: Take row" not in out and "(random) chose: Add" in out


def test_which_rules_line_tells_an_answer():
    from tabletop.interpreter.session import tells_the_answer
    assert tells_the_answer("Battle Royale on A1: Player 1 (red) eliminates a green battler.", 0,
                            "Eliminate a green battler on A1")
    assert tells_the_answer("Player 2 plays Rubber Tree.", 1, "Play Rubber Tree (2)")     # the engine's copy number
    assert tells_the_answer("Player 1 carries the idol.", 0, "Carry the idol")
    assert not tells_the_answer("Player 10 takes row 1 from the left.", 0, "Take row 1 from the left")
    assert not tells_the_answer("Player 2 takes row 1 from the left.", 0, "Take row 1 from the left")
    assert not tells_the_answer("Player 1 performs the card's Move Eliminator.", 0,
                                "Move Eliminator first, then Battle Royale")
    assert tells_the_answer("Player 1 (red) plays 4 battlers only and 2: 4 battlers, 2 tiles each.", 0,
                            "Move 4 battlers 2 tiles each (play 4 battlers only and 2)")     # its own verb
    assert not tells_the_answer("Player 1 plays Jetsam.", 0, "Discard Jetsam")    # too short to go without the verb


def test_a_public_answer_is_shown_above_the_hand_over_and_on_the_next_players_screen(monkeypatch, tmp_path, capsys):
    """Smackatoa, three people at one terminal: Player 1's cards come from their hand (only that
    they chose is shown; the rules say what was played), the totem given away is public."""
    code, shown, err = played(monkeypatch, tmp_path, capsys, "\n1\n1\n1\n1\n\nquit\nn\n", "smackatoa", "--players", 3,
                              "--seed", 5, screen=TTYOutput())
    *_, passing, player_2 = screens(shown)
    assert "Pass the keyboard to Player 2" in passing and "Player 2: Your turn" in player_2
    for screen in (passing, player_2):
        assert "Player 1 has chosen.\n  Player 1 plays Bamboo Tree." in screen
        assert "Player 1 chose: Give away the 2 totem\nPlayer 1 chose: Give the 2 totem to Player 2\n" in screen
        assert "chose: Play" not in screen


def test_a_secret_answer_is_never_shown_only_that_it_was_given(monkeypatch, tmp_path, capsys):
    """Smackshapes: each person picks a card in secret; the table reads who has chosen."""
    code, shown, err = played(monkeypatch, tmp_path, capsys, "\n1\n\n1\nquit\nn\n", "smackshapes", "--players", 2,
                              "--seed", 3, screen=TTYOutput())
    passing = next(screen for screen in screens(shown) if "Pass the keyboard to Player 1" in screen)
    assert "Player 2 has chosen.\n" in passing and "Player 1 has chosen." in shown
    assert "chose:" not in shown and "Revealed: " in shown


def test_a_card_from_a_hand_and_a_declined_reaction_are_never_shown(monkeypatch, tmp_path, capsys):
    """Abatteroxie's 2 cards are played from the hand; its moves are public. Smackatoa, seed 1: the
    third answer declines Fireproof Immunity, which would tell the table it is in the hand."""
    code, out, err = played(monkeypatch, tmp_path, capsys, "1\n" * 3, "abatteroxie", "--players", 2, "--seed", 3,
                            "--seat", "2=random")
    # the first step of a move is told with its second by the rules' line (test_leftovers2), not twice
    assert "Player 1 has chosen.\n" in out and "  Player 1 (red) moves a battler from A1 to C2.\n" in out
    assert "chose: Move a battler from A1" not in out
    assert not re.search(r"Player 1 chose: Move [0-9]+ battlers? [0-9]+ tiles? each", out)
    code, out, err = played(monkeypatch, tmp_path, capsys, "1\n" * 2 + "Don't react\n1\n", "smackatoa",
                            "--players", 3, "--seed", 1, "--seat", "2=random", "--seat", "3=random")
    offered = out.index("   2. Don't react\n")
    assert out.count("Player 1 has chosen.") >= 1 and "Player 1 chose: Play " not in out[:offered]
    assert out[offered:].startswith("   2. Don't react\n>   The volcano rolls "), out[offered:offered + 200]


# ---------------------------------------------------------------- the end of a game

def test_the_end_is_said_under_the_final_table_with_the_result(monkeypatch, tmp_path, capsys):
    """Taboo at 40 columns: the game's end was said above the map, 50 lines drawn row by row, and
    "Nobody wins." / "Score: Player 1 95" came under it, apart from why, as if another could win."""
    monkeypatch.setenv("COLUMNS", "40")
    code, shown, err = played(monkeypatch, tmp_path, capsys, "", "taboo_atoll_express", "--seed", 4,
                              "--seat", "1=random", screen=TTYOutput())
    lines = shown.split("\n")
    assert code == 0 and max(len(line) for line in lines) <= 40
    end = lines.index("The game is over: The green treasure")
    assert lines[end - 2:] == ["  actions left: 0", "", "The game is over: The green treasure",
                               "  sank with Earth Sanctuary.", "Player 1 does not win.", "Final score: 95", ""]
    assert shown.count("sank with Earth Sanctuary") == 1 and lines.index("Row 1:") < end


def test_the_result_in_words():
    from types import SimpleNamespace as Result
    from tabletop.interpreter.session import format_result
    solo = Result(winners=[], scores=[105], reason="You drowned.", sides=[], side_scores={})
    assert format_result(solo, 1) == "The game is over: You drowned.\nPlayer 1 does not win.\nFinal score: 105"
    assert format_result(Result(**{**vars(solo), "winners": [0]}), 1, told=True) == "Player 1 wins.\nFinal score: 105"
    shared = Result(winners=[0, 1], scores=[3, 3], reason="", sides=[], side_scores={})
    assert format_result(shared, 2) == "The game is over.\nShared win: Player 1, Player 2\nScores: Player 1 3, Player 2 3"
    volcano = Result(winners=[], scores=[5], reason="", sides=["volcano"], side_scores={"volcano": 9})
    assert format_result(volcano, 1, told=True) == "Winner: volcano\nScores: Player 1 5, volcano 9"


# ---------------------------------------------------------------- the screen at a hand-over

def test_the_hand_over_shows_every_line_missed_not_the_logs_last_30(monkeypatch):
    """A person away while bots played more than 30 lines (the log keeps 30) was shown the last
    30 at the hand-over, and lost the rest without a word. Every line since the last clear is
    shown again; past KEPT_EVENTS, the screen says how many earlier ones are not."""
    from tabletop.interpreter import session
    from tabletop.interpreter.terminal import Terminal
    screen = TTYOutput()
    table = session.Session(api=None, game=None, state=None, seed=0, moves=[], seats=[], place=None,
                            term=Terminal(screen, width=80))
    for n in range(1, 46):
        table.event(f"line {n}")
    table.clear()
    again = screen.getvalue().split("\x1b[2J\x1b[H")[-1].split("\n")
    assert [line for line in again if line.startswith("line ")] == [f"line {n}" for n in range(1, 46)]
    monkeypatch.setattr(session, "KEPT_EVENTS", 40)
    table.cleared()
    for n in range(1, 46):
        table.event(f"line {n}")
    table.clear()
    again = screen.getvalue().split("\x1b[2J\x1b[H")[-1].split("\n")
    assert again[:2] == ["(5 earlier lines since the screen was cleared are not shown again.)", "line 6"], again[:2]


def test_a_move_that_said_more_than_the_log_keeps_says_how_many_lines_are_not_shown(monkeypatch, tmp_path, capsys):
    """One answer that says 35 lines: the log keeps 30, and the first 5 were "(5 earlier lines not
    kept)", which did not say that they were said and are lost, nor why."""
    (tmp_path / "chatter").mkdir()
    (tmp_path / "chatter" / "game.rules").write_text(
        'game "Chatter"\nplayers 1\nvar n: int = 0\nturn:\n    choose prompt "Talk?":\n        option "Talk":\n'
        '            repeat 35 times:\n                n += 1\n                say "line {n}"\n'
        '        option "Stop":\n            end game "stopped"\ndefine score(p: player): int = n\n')
    code, out, err = played(monkeypatch, tmp_path, capsys, "1\n2\n", tmp_path / "chatter")
    assert code == 0 and "  (5 lines said before these are not shown: the game keeps only its last 30.)\n  line 6\n" in out
    assert "line 5\n" not in out and "  line 35\n" in out


def test_quitting_before_anything_was_played_does_not_offer_to_save(monkeypatch, tmp_path, capsys):
    """`quit` at the first question asked "Save the game to tabletop-autosave.json?" of a game with
    no move in it: the same seed starts it again, so there is nothing to keep."""
    code, out, err = played(monkeypatch, tmp_path, capsys, "quit\n", "smackatoa", "--players", 3, "--seed", 5,
                            "--seat", "2=random", "--seat", "3=random")
    assert code == 1 and "You left the game. The game is not over." in err
    assert "Nothing was played, so nothing was saved." in err and "Save the game" not in out + err
    assert not list(tmp_path.glob("*.json"))


def test_a_menu_taller_than_the_screen_says_its_question_again_under_the_options(monkeypatch):
    """Taboo's 39 options at 40 columns and 24 rows scrolled the question away before the answer
    was typed; now it is said again under them. A menu that fits is not followed by it."""
    from tabletop.interpreter.terminal import Terminal
    monkeypatch.setenv("LINES", "24")
    places = ["Move to Flame Sanctuary", "Move to Foggy Knoll", "Pass"] + \
        [f"Air Support: fly to Place Number {n}" for n in range(30)] + [f"Become the role {n}" for n in range(6)]
    screen = TTYOutput()
    Terminal(screen, width=40).menu("Player 1: Take an action (3 left)", places, [0, 0, 1] + [2] * 30 + [3] * 6)
    under = " ".join(screen.getvalue().split("39. ")[1].split("\n", 1)[1].split())
    assert under == "Player 1: Take an action (3 left) (options 1 to 39 above: scroll up to see them all)", under
    screen = TTYOutput()
    Terminal(screen, width=40).menu("Player 1: Take an action (3 left)", places[:12])
    assert screen.getvalue().count("Take an action") == 1
    piped = io.StringIO()
    Terminal(piped, width=40).menu("Player 1: Take an action (3 left)", places)
    assert piped.getvalue().count("Take an action") == 1      # a log is never scrolled
