"""Values in data files checked against their fields before play, each at its own place in the
YAML: every item of a `list of` field is of the list's type; a number has at most 15 digits, as in
the rules (E027, the data's E106); a number YAML 1.1 reads from a notation other than plain
digits (`010` is 8, `1:30` is 90) is a warning where the field takes a number (W117) and the
hint of the error where it does not; a number with a point (`1.0`) is never a whole number."""
import textwrap

import pytest

from inline import diagnostics, game

HEAD = '''\
game "T"
players 2
player var points: int = 0
define score(p: player): int = p.points
define total: int = sum([i.value for i in item])
enum colour: red, blue
kind item from "items.yaml":
    name: text
    value: int
{fields}turn:
    for i in item:
        current.points += i.value
    say "{{total}}"
    end game
'''


def rules(*fields: str) -> str:
    return HEAD.format(fields="".join(f"    {f}\n" for f in fields))


def found(tmp_path, data: str, *fields: str) -> list:
    """(severity, code, line, column, message, hint) of everything checking the rulebook reports."""
    return [(d.severity, d.code, d.span.line, d.span.column, d.message, d.hint)
            for d in diagnostics(tmp_path, rules(*fields), **{"items.yaml": textwrap.dedent(data)})]


def codes(tmp_path, data: str, *fields: str) -> list:
    return [(code, line, column) for _, code, line, column, _, _ in found(tmp_path, data, *fields)]


# ---------------------------------------------------------------------------- a field named count
@pytest.mark.parametrize("field, data", [("count: int", "{name: A, value: 1, count: 3}"),
                                         ("count: int", "{name: A, value: 1}"),
                                         ("count: int = 0", "{name: A, value: 1, count: 3}")])
def test_a_field_named_count_is_refused_since_data_makes_copies_with_it(tmp_path, field, data):
    # Its value in data was taken as the number of copies: the field was none in play, or data
    # making copies was told it set a changing field.
    [(severity, code, line, column, message, hint)] = found(tmp_path, f"items:\n  - {data}\n", field)
    assert (severity, code, line, column) == ("error", "E202", 10, 5)
    assert message == ("The kind 'item' declares a field 'count', but in a data file 'count' is how many copies "
                       "of a record to make, so it can never be a field.")


# ---------------------------------------------------------------------------- items of lists
def test_an_item_of_a_list_of_int_that_is_a_text_is_an_error_at_the_item(tmp_path):
    [(severity, code, line, column, message, hint)] = found(
        tmp_path, 'items:\n  - {name: A, value: 1, tags: [1, "b"]}\n', "tags: list of int")
    assert (severity, code, line, column) == ("error", "E022", 2, 35)
    assert message == ('The item "A" does not fit the kind: item 2 of the field \'tags\' should be a whole '
                       "number, not 'b'.")
    assert hint == "the field 'tags' is a list of int: every item of it is a whole number"


def test_an_item_on_a_line_of_its_own_is_pointed_at_on_its_line(tmp_path):
    data = "items:\n  - name: A\n    value: 1\n    tags:\n      - 1\n      - two\n"
    assert codes(tmp_path, data, "tags: list of int") == [("E022", 6, 9)]


@pytest.mark.parametrize("field, items, bad", [
    ("list of text", '[a, 2]', "should be a text, not 2"),
    ("list of bool", '[true, "x"]', "should be true or false, not 'x'"),
])
def test_items_of_lists_of_texts_and_truths_are_checked(tmp_path, field, items, bad):
    [(_, code, line, _, message, _)] = found(tmp_path, f"items:\n  - {{name: A, value: 1, tags: {items}}}\n",
                                             f"tags: {field}")
    assert (code, line) == ("E022", 2) and message.endswith(f"item 2 of the field 'tags' {bad}.")


def test_several_wrong_items_of_one_record_are_that_records_mistakes_not_the_declarations(tmp_path):
    data = "items:\n  - {name: A, value: 1, tags: [x, y]}\n  - {name: B, value: 2, tags: [3]}\n"
    assert codes(tmp_path, data, "tags: list of int") == [("E022", 2, 32), ("E022", 2, 35)]


def test_wrong_items_in_most_records_blame_the_declaration_once(tmp_path):
    data = "items:\n  - {name: A, value: 1, tags: [x]}\n  - {name: B, value: 2, tags: [y]}\n"
    [(_, code, line, _, message, _)] = found(tmp_path, data, "tags: list of int")
    assert (code, line) == ("E022", 10)
    assert message == ("The field 'tags' of the kind 'item' is declared list of int, but 2 of its 2 records give "
                       "something else ('x', 'y').")


def test_items_naming_enum_values_things_and_seats_are_pointed_at_on_their_lines(tmp_path):
    data = ("items:\n  - name: A\n    value: 1\n    colours: [red]\n    friends: [A]\n    seats: [1]\n"
            "  - name: B\n    value: 2\n    colours:\n      - red\n      - bleu\n    friends:\n      - A\n"
            "      - Nobody\n    seats:\n      - 2\n      - 5\n")
    found_ = found(tmp_path, data, "colours: list of colour", "friends: list of item", "seats: list of player")
    assert [(c, line, column) for _, c, line, column, _, _ in found_] == [("E025", 11, 9), ("E025", 14, 9),
                                                                       ("E025", 17, 9)]
    assert "'bleu'" in found_[0][4] and "'Nobody'" in found_[1][4] and "not 5" in found_[2][4]


def test_a_list_in_a_list_is_refused_as_before(tmp_path):
    assert [c for c, _, _ in codes(tmp_path, "items:\n  - {name: A, value: 1, grid: [[1], [2]]}\n",
                                   "grid: list of list of int")] == ["E021"]


def test_good_lists_play(tmp_path):
    g = game(tmp_path, rules("tags: list of int", "words: list of text", "flags: list of bool"),
             **{"items.yaml": "items:\n  - {name: A, value: 2, tags: [1, -2], words: [a, '3'], flags: [true]}\n"})
    assert g.new_state(players=2, seed=1).evaluate("total") == 2


# ---------------------------------------------------------------------------- numbers too long
@pytest.mark.parametrize("value, column", [("99999999999999999999999999", 22), ("-99999999999999999999999999", 22)])
def test_a_number_of_more_than_15_digits_is_an_error_at_the_number(tmp_path, value, column):
    [(severity, code, line, at, message, hint)] = found(tmp_path, f"items:\n  - {{name: A, value: {value}}}\n")
    assert (severity, code, line, at) == ("error", "E027", 2, column)
    assert message == (f"The item \"A\" gives its field 'value' as {value}, a number of 26 digits; a rulebook's "
                       "numbers have at most 15.")
    assert hint == "write a number from -999,999,999,999,999 to 999,999,999,999,999 (without the commas)"


def test_a_number_too_long_in_a_list_or_on_a_line_of_its_own_is_pointed_at(tmp_path):
    assert codes(tmp_path, "items:\n  - {name: A, value: 1, tags: [1, 1000000000000000]}\n",
                 "tags: list of int") == [("E027", 2, 35)]
    (tmp_path / "book" / "items.yaml").unlink()
    data = "items:\n  - name: A\n    value: -1000000000000000\n"
    [(_, code, line, column, message, _)] = found(tmp_path, data)
    assert (code, line, column) == ("E027", 3, 12) and "16 digits" in message


def test_fifteen_digits_play(tmp_path):
    g = game(tmp_path, rules(), **{"items.yaml": "items:\n  - {name: A, value: 999999999999999}\n"})
    assert g.new_state(players=2, seed=1).evaluate("total") == 999999999999999


# ---------------------------------------------------------------------------- numbers YAML misreads
@pytest.mark.parametrize("written, read, why", [
    ("010", 8, "octal (base 8)"),
    ("1:30", 90, "base 60"),
    ("0x10", 16, "hexadecimal"),
    ("0b11", 3, "binary"),
    ("1_000", 1000, "'_'"),
    ("-010", -8, "octal"),
])
def test_a_number_yaml_reads_from_another_notation_is_a_warning_at_it(tmp_path, written, read, why):
    data = f"items:\n  - {{name: A, value: 1}}\n  - name: B\n    value: {written}\n"
    [(severity, code, line, column, message, hint)] = found(tmp_path, data)
    assert (severity, code, line, column) == ("warning", "W117", 4, 12)
    assert message.startswith(f"The item \"B\" gives its field 'value' as {written}, which YAML reads as the "
                              f"number {read}: ") and why in message and message.endswith(".")
    assert str(read) in hint


def test_the_octal_warning_says_both_numbers(tmp_path):
    [(_, _, _, _, message, hint)] = found(tmp_path, "items:\n  - {name: A, value: 010}\n")
    assert message == ("The item \"A\" gives its field 'value' as 010, which YAML reads as the number 8: a whole "
                       "number written with a leading 0 is octal (base 8) to YAML.")
    assert hint == "write 10 without the leading 0 if 10 is meant, or 8 if 8 is"


def test_numbers_read_as_written_are_not_warned_of(tmp_path):
    data = "items:\n  - {name: A, value: 007}\n  - {name: B, value: +5}\n  - {name: C, value: -0}\n"
    assert found(tmp_path, data) == []


def test_a_misread_number_in_a_list_in_a_count_and_in_a_seat_is_warned_of(tmp_path):
    data = "items:\n  - {name: A, value: 1, tags: [1, 0x10], seat: 0b1, count: 010}\n"
    assert codes(tmp_path, data, "tags: list of int", "seat: player") == [
        ("W117", 2, 35), ("W117", 2, 48), ("W117", 2, 60)]


def test_a_number_misread_where_a_text_is_wanted_is_the_error_with_the_hint(tmp_path):
    data = "items:\n  - {name: A, value: 1, time: 1:30}\n"
    [(severity, code, line, column, message, hint)] = found(tmp_path, data, "time: text")
    assert (severity, code, line, column) == ("error", "E022", 2, 31)
    assert message == "The item \"A\" does not fit the kind: the field 'time' should be a text, not 90."
    assert hint == 'YAML reads 1:30 as the number 90: write it in quotes, "1:30"'


def test_a_number_yaml_keeps_as_a_text_gets_it_in_plain_digits(tmp_path):
    data = "items:\n  - {name: A, value: 08}\n  - {name: B, value: 0o10}\n"
    found_ = found(tmp_path, data)
    assert [(c, line) for _, c, line, _, _, _ in found_] == [("E022", 2), ("E022", 3)], \
        "two records, each its own mistake: not the field's declaration"
    assert [h for *_, h in found_] == ["YAML reads 08 as a text, not a number: write the number in plain digits, 8",
                                       "YAML reads 0o10 as a text, not a number: write the number in plain digits, 8"]


def test_a_file_with_a_warning_warns_at_every_load(tmp_path):
    rulebook = rules()
    first = diagnostics(tmp_path, rulebook, **{"items.yaml": "items:\n  - {name: A, value: 1:30}\n"})
    again = diagnostics(tmp_path, rulebook, **{"items.yaml": "items:\n  - {name: A, value: 1:30}\n"})
    assert [d.code for d in first] == [d.code for d in again] == ["W117"]


# ---------------------------------------------------------------------------- numbers with a point
@pytest.mark.parametrize("written, words", [
    ("1.0", "is the number 1.0, written with a point"),
    ("2.5", "is the number 2.5, which is not whole"),
    (".inf", "is infinity (.inf)"),
    (".nan", "is YAML's 'not a number' (.nan)"),
])
def test_a_number_with_a_point_is_never_a_whole_number(tmp_path, written, words):
    [(severity, code, line, column, message, hint)] = found(tmp_path, f"items:\n  - {{name: A, value: {written}}}\n")
    assert (severity, code, line, column) == ("error", "E021", 2, 15)
    assert words in message and "numbers in data are whole" in hint
    if written == "1.0":
        assert "write 1, without the point" in hint


# ---------------------------------------------------------------------------- a value left out
@pytest.mark.parametrize("data, at", [
    ("items:\n  - {name: A, value: 1, hue: , count: 2}\n", (2, 30)),
    ("items:\n  - name: A\n    value: 1\n    hue:\n", (4, 9)),
    ("items:\n  - {name: A, value: 1, hue: }\n", (2, 30)),
    ("items:\n  - name: A\n    hue:    # forgot\n    value: 1\n", (3, 9)),
])
def test_a_field_given_no_value_is_a_warning_at_it(tmp_path, data, at):
    """`hue: ,` is none to YAML, which an enum's field may hold: it passed the check, and the game
    failed where a rule compared it."""
    [(severity, code, line, column, message, hint)] = found(tmp_path, data, "hue: colour")
    assert (severity, code, (line, column)) == ("warning", "W119", at)
    assert message == "The item \"A\" gives its field 'hue' no value, which YAML reads as none."
    assert hint == "write its value, or 'none' if this item has none"


@pytest.mark.parametrize("none", ["none", "null", "~", "Null"])
def test_none_written_out_is_meant(tmp_path, none):
    assert found(tmp_path, f"items:\n  - {{name: A, value: 1, hue: {none}}}\n", "hue: colour") == []
