"""Scenario messages for a name the file had to guess: a tester who writes a case from the printed
rules knows the game's words, not the rulebook's names, so an unknown player value, field or
variable with no close name says which names there are, and a definition of a player (`score`)
written as a player's value says where to read it. A failure quoting a value that is a sentence
itself (a game's reason) quotes it, so the message does not run on into it.
"""
from pathlib import Path

from tabletop.interpreter import scenarios

ROOT = Path(__file__).resolve().parent.parent


def run(tmp_path, text, game="smores_galore"):
    path = tmp_path / "case.yaml"
    path.write_text(f"game: {ROOT / 'rulebooks' / game}\nrest: {{ingredient: deck, recipe: box}}\n" + text)
    report = scenarios.run_files([path])
    return report.failures


def one_message(tmp_path, text, code):
    failures = run(tmp_path, text)
    assert [f.code for f in failures] == [code], [f.message for f in failures]
    return failures[0].message


def test_an_unknown_player_value_names_the_players_values(tmp_path):
    """`Player 1: {score pile: []}` said only "This game has no player value 'score pile'.", and
    nothing close was guessed: the tester could not find `sticks` and `recipes`."""
    expect = "cases:\n  - name: x\n    steps:\n      - expect: {Player 1: {score pile: []}}\n"
    message = one_message(tmp_path, expect, "T030")
    assert message.endswith("This game has no player value 'score pile'; a player's values are lineup, below, "
                            "sticks, recipes and extra_straight_ups."), message
    put = "cases:\n  - name: x\n    set: {Player 1: {points: 3}}\n    steps:\n      - expect: {over: false}\n"
    message = one_message(tmp_path, put, "T010")
    assert "no player value 'points'; a player's values are lineup, below, sticks" in message, message


def test_a_players_definition_written_as_a_player_value_says_how_to_read_it(tmp_path):
    """`Player 1: {score: 0}` is the natural way to ask a player's score; the score is a
    definition, read at the top as `score(Player 1)`, and cannot be set."""
    expect = "cases:\n  - name: x\n    steps:\n      - expect: {Player 1: {score: 0}}\n"
    message = one_message(tmp_path, expect, "T030")
    assert message.endswith("'score' is a definition of a player: check it beside the players, as "
                            "'score(Player 1)'."), message
    put = "cases:\n  - name: x\n    set: {Player 1: {score: 3}}\n    steps:\n      - expect: {over: false}\n"
    message = one_message(tmp_path, put, "T010")
    assert "'score' is a definition, worked out from the game each time it is used, so it cannot be set" in message


def test_a_things_fields_are_named_when_the_file_gives_a_bare_value_or_an_unknown_field(tmp_path):
    """`space: {top left: Chocolate}` said "e.g. {FIELD: VALUE}" without saying the field is `card`."""
    put = "cases:\n  - name: x\n    set: {space: {top left: Chocolate}}\n    steps:\n      - expect: {over: false}\n"
    assert "give its fields as a mapping, e.g. {card: VALUE}" in one_message(tmp_path, put, "T010")
    expect = "cases:\n  - name: x\n    steps:\n      - expect: {space: {top left: Chocolate}}\n"
    assert "should be a mapping of fields, e.g. {card: VALUE}" in one_message(tmp_path, expect, "T030")
    expect = "cases:\n  - name: x\n    steps:\n      - expect: {space: {top left: {ingredient: Chocolate}}}\n"
    message = one_message(tmp_path, expect, "T030")
    assert message.endswith("A space has no changing field 'ingredient'; a space's changing field is card."), message


def test_an_unknown_variable_with_nothing_close_names_the_games_variables(tmp_path):
    put = "cases:\n  - name: x\n    set: {market: []}\n    steps:\n      - expect: {over: false}\n"
    message = one_message(tmp_path, put, "T010")
    assert ("its variables and zones are deck, taken, discard, campfire, straight_ups, pile, box, arrow, "
            "actions_left, scored_this_turn, last_round and last_round_caller, its kinds ingredient, recipe, "
            "space and place.") in message, message
    expect = "cases:\n  - name: x\n    steps:\n      - expect: {the fire: []}\n"
    assert "its variables and zones are deck, taken" in one_message(tmp_path, expect, "T030")
    # a close name is still the one guess
    expect = "cases:\n  - name: x\n    steps:\n      - expect: {last round: false}\n"
    assert one_message(tmp_path, expect, "T030").endswith("did you mean 'last_round'?")


def test_a_reason_in_a_failure_is_quoted_so_the_sentence_does_not_run_on(tmp_path):
    """"should be x, but it is Two recipe piles are empty and ... turn.." read as one sentence."""
    text = """cases:
  - name: x
    set:
      space: {every: {card: Graham Cracker}}
      straight_ups: [Straight Up S'mores]
      pile: [[], [Hot Mess]]
      Player 1: {lineup: [Graham Cracker, Chocolate, Marshmallow, Graham Cracker]}
    steps:
      - moves: [Take row 1 from the left, Flip, Flip, Score Straight Up S'mores (2), discard pile 1, End your turn]
      - moves: [Take row 1 from the right, Flip, Flip, End your turn]
      - expect: {reason: Two piles are empty.}
"""
    message = one_message(tmp_path, text, "T030")
    assert message.endswith("should be 'Two piles are empty.', but it is 'Two recipe piles are empty and everyone "
                            "has had one more turn.'."), message
