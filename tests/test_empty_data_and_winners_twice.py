"""Two small checks: a data file whose list of records is empty (W124, at its key, naming the
kind), and a second `winners` line (E202, naming the first one's line)."""
from inline import diagnostics

RULES = '''
    game "Cooking"
    players 1
    kind recipe from "recipes.yaml":
        name: text
        points: int
    define score(p: player): int = sum([r.points for r in recipe])
    turn:
        end game "done"
    winners: highest score
'''


def test_a_data_file_with_no_records_is_w124_at_its_key_naming_the_kind(tmp_path):
    found = diagnostics(tmp_path, RULES, **{"recipes.yaml": "# cut down while testing\nrecipes: []\n"})
    w124 = [d for d in found if d.code == "W124"]
    assert len(w124) == 1, [(d.code, d.message) for d in found]
    assert "'recipe'" in w124[0].message and "no records under 'recipes'" in w124[0].message
    assert w124[0].span.file.endswith("recipes.yaml") and (w124[0].span.line, w124[0].span.column) == (2, 1)


def test_a_data_file_with_records_is_not_w124(tmp_path):
    found = diagnostics(tmp_path, RULES, **{"recipes.yaml": "recipes:\n  - {name: Stew, points: 3}\n"})
    assert [d for d in found if d.code == "W124"] == []


def test_a_second_winners_line_names_the_first(tmp_path):
    found = diagnostics(tmp_path, RULES + "    winners: lowest score\n",
                        **{"recipes.yaml": "recipes:\n  - {name: Stew, points: 3}\n"})
    e202 = [d for d in found if d.code == "E202"]
    assert len(e202) == 1, [(d.code, d.message) for d in found]
    assert "two 'winners' rules (the first at line 9)" in e202[0].message
    assert (e202[0].span.line, e202[0].span.column) == (10, 1)
