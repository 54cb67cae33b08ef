"""The grammar and the parser: an LALR grammar without conflicts, each construct's AST, spans."""
import dataclasses
from pathlib import Path

import pytest
from lark import Lark

from tabletop.dsl import ast as A
from tabletop.dsl.parser import GRAMMAR_PATH, build_parser, parse, parse_expression

ROOT = Path(__file__).resolve().parent.parent
TABOO = ROOT / "rulebooks" / "taboo_atoll_express" / "game.rules"


def parse_ok(text, file="t.rules"):
    module, errors = parse(text, file)
    assert errors == [], [f"{e.span}: {e.message}" for e in errors]
    return module


def one_decl(text):
    decls = parse_ok(text).decls
    assert len(decls) == 1
    return decls[0]


def stmts_of(body_text):
    """The statements of a turn section whose body is the given (unindented) text."""
    body = "".join("    " + line + "\n" for line in body_text.strip("\n").splitlines())
    decl = one_decl("turn:\n" + body)
    assert isinstance(decl, A.PhaseDecl) and decl.name == "turn"
    return decl.body


def expr(text):
    return parse_expression(text)


def walk(node):
    """Every AST node under node, with node itself."""
    if isinstance(node, A.Node):
        yield node
        for f in dataclasses.fields(node):
            yield from walk(getattr(node, f.name))
    elif isinstance(node, (list, tuple)):
        for x in node:
            yield from walk(x)


# ============================================================================ the grammar
def test_the_grammar_builds_with_strict_lalr():
    parser = build_parser(strict=True)
    assert isinstance(parser, Lark)
    assert parser.options.parser == "lalr"


def test_the_grammar_is_one_lark_file():
    assert GRAMMAR_PATH.name == "grammar.lark"
    assert [p.name for p in GRAMMAR_PATH.parent.glob("*.lark")] == ["grammar.lark"]
    text = GRAMMAR_PATH.read_text()
    assert "%import" not in text                      # self-contained


def test_the_strict_parser_parses_like_the_default_one():
    text = TABOO.read_text()
    assert build_parser(strict=True).parse(text, start="start") == build_parser().parse(text, start="start")


def test_the_taboo_rulebook_parses_without_errors():
    module = parse_ok(TABOO.read_text(), "game.rules")
    kinds = [type(d).__name__ for d in module.decls]
    assert kinds.count("RuleDecl") == 7
    assert kinds.count("PhaseDecl") == 2
    assert kinds.count("KindDecl") == 2
    assert "WinnersDecl" in kinds and "DisplayDecl" in kinds
    rules = {d.name for d in module.decls if isinstance(d, A.RuleDecl)}
    assert {"action_phase", "search_for_treasure", "flood_phase", "sink", "escape_from"} <= rules


# ============================================================================ declarations
def test_game_and_players():
    assert one_decl('game "Taboo \\"Atoll\\""\n') == A.GameDecl('Taboo "Atoll"')
    d = one_decl("players 2 to 4\n")
    assert (d.low, d.high) == (2, 4)
    d = one_decl("players 1\n")
    assert (d.low, d.high) == (1, 1)


def test_option_and_enum():
    d = one_decl("option difficulty: newbie, normal, elite = normal\n")
    assert d == A.OptionDecl("difficulty", choices=["newbie", "normal", "elite"], default="normal")
    d = one_decl("option mode: quick, long\n")
    assert d.default is None
    assert one_decl("enum colour: red, blue\n") == A.EnumDecl("colour", values=["red", "blue"])


def test_kind_with_data_file_fields_and_defaults():
    d = one_decl('kind space from "atoll.yaml":\n    name: text\n    flood: flood_state = dry\n'
                 '    marks: list of int = []\n')
    assert d.name == "space" and d.source == "atoll.yaml"
    assert [f.name for f in d.fields] == ["name", "flood", "marks"]
    assert d.fields[0].default is None
    assert d.fields[1].default == A.Name("dry")
    assert d.fields[2].type == A.TypeRef("list", A.TypeRef("int"))
    d = one_decl("kind token\n")
    assert d.fields == [] and d.source is None


def test_grid_and_dice():
    assert one_decl("grid space at row, col\n") == A.GridDecl("space", row="row", col="col")
    d = one_decl("die number_die: 1 to 6\n")
    assert d.faces == [1, 2, 3, 4, 5, 6]
    d = one_decl("die colour_die: red, blue, black\n")
    assert d.faces == ["red", "blue", "black"]
    d = one_decl("die odd: 1, 3, -5\n")
    assert d.faces == [1, 3, -5]


def test_variables_and_zones():
    d = one_decl("var water_level: int in 0 to 14 = 3\n")
    assert (d.name, d.type, d.low, d.high, d.init, d.per_player) == ("water_level", A.TypeRef("int"), 0, 14,
                                                                     A.Lit(3), False)
    d = one_decl("player var coins: int = 0\n")
    assert d.per_player and d.low is None
    d = one_decl("var temp: int in -5 to 5 = -1\n")
    assert (d.low, d.high) == (-5, 5)
    assert d.init == A.Unary("-", A.Lit(1))
    d = one_decl("player zone hand: card, owner\n")
    assert (d.name, d.elem, d.per_player, d.visibility) == ("hand", "card", True, "owner")
    assert one_decl("zone deck: card, hidden\n").visibility == "hidden"


def test_tables():
    d = one_decl('table floods:\n    0 to 1 -> 2\n    2 -> 3\n    elite -> 5\n    "x" -> 1\n')
    assert [(e.low, e.high) for e in d.entries] == [(0, 1), (2, 2), ("elite", "elite"), ("x", "x")]
    assert d.entries[0].value == A.Lit(2)


def test_definitions():
    d = one_decl("define skull: int = 14\n")
    assert (d.params, d.has_params, d.result, d.body) == ([], False, A.TypeRef("int"), A.Lit(14))
    d = one_decl("define space_of(c: colour, n: int): space = first(xs)\n")
    assert [(p.name, p.type.name) for p in d.params] == [("c", "colour"), ("n", "int")]
    assert d.has_params and d.result == A.TypeRef("space")
    d = one_decl("define nothing(): int = 0\n")
    assert d.params == [] and d.has_params
    d = one_decl("define untyped = 3\n")
    assert d.result is None


def test_rules_phases_and_winners():
    d = one_decl("rule sink(s: space):\n    s.flood = sunk\n")
    assert d.name == "sink" and d.params[0].name == "s"
    assert d.body == [A.Assign(A.Field(A.Name("s"), "flood"), "=", A.Name("sunk"))]
    for phase in ("setup", "turn", "round"):
        assert one_decl(f"{phase}:\n    pass\n") == A.PhaseDecl(phase, body=[A.Pass()])
    assert one_decl("winners: highest score, then lowest cards\n").ranking == [("highest", "score"),
                                                                                 ("lowest", "cards")]
    assert one_decl("winners: [p for p in players if won]\n").expr == A.Comprehension(
        A.Name("p"), "p", A.Name("players"), A.Name("won"))


def test_patterns_display_events_reactions():
    d = one_decl("pattern zebra of ingredient:\n    g, c, m, g\n    g, {c, m}, g\n")
    assert d.enum == "ingredient"
    assert d.alternatives == [[["g"], ["c"], ["m"], ["g"]], [["g"], ["c", "m"], ["g"]]]
    d = one_decl('display:\n    board s in space: "{s.name}"\n    show "Water {w}"\n    show "{t}" for t in ts\n')
    assert isinstance(d.items[0], A.ShowBoard) and d.items[0].kind == "space"
    assert d.items[1].var is None and d.items[2].var == "t"
    assert one_decl("event erupted(p: player, n: int)\n").params[1].name == "n"
    d = one_decl('reaction immunity on erupted(victim, n) by q if q == victim labelled "Play {n}":\n    pass\n')
    assert (d.event, d.event_args, d.player_var) == ("erupted", ["victim", "n"], "q")
    assert d.cond == A.Binary("==", A.Name("q"), A.Name("victim"))


def test_include_extends_remove_replace():
    assert one_decl('include "cards.rules"\n') == A.IncludeDecl("cards.rules")
    assert one_decl('extends "../base"\n') == A.ExtendsDecl("../base")
    assert one_decl("remove old_rule\n") == A.RemoveDecl("old_rule")
    d = one_decl("replace rule bump:\n    pass\n")
    assert isinstance(d, A.RuleDecl) and d.replace
    assert one_decl("replace var x: int = 1\n").replace


# ============================================================================ statements
def test_assignments_and_calls():
    body = stmts_of("x = 1\nx += 2\nt.search -= 1\nbump(1, 2)\nsay \"hi\"\n")
    assert [s.op for s in body[:3]] == ["=", "+=", "-="]
    assert body[2].target == A.Field(A.Name("t"), "search")
    assert body[3] == A.CallStmt("bump", [A.Lit(1), A.Lit(2)])
    assert body[4] == A.Say(A.Template(["hi"]))


def test_card_statements():
    body = stmts_of("move c from hand to top of deck\nmove c from hand to pile\ndraw 2 from deck to hand\n"
                    "shuffle deck\nadd 3 to xs\nremove 3 from xs\n")
    assert body[0].to_top and not body[1].to_top
    assert body[2] == A.Draw(A.Lit(2), A.Name("deck"), A.Name("hand"))
    assert body[3] == A.Shuffle(A.Name("deck"))
    assert body[4] == A.AddTo(A.Lit(3), A.Name("xs"))
    assert body[5] == A.RemoveFrom(A.Lit(3), A.Name("xs"))


def test_flow_statements():
    body = stmts_of('end game "over"\nend game\npass\nstop\nreturn\nsignal boom(1)\n')
    assert body[0] == A.EndGame(A.Template(["over"]))
    assert body[1] == A.EndGame(None)
    assert [type(s) for s in body[2:5]] == [A.Pass, A.Stop, A.Return]
    assert body[5] == A.Signal("boom", [A.Lit(1)])


def test_compound_statements():
    body = stmts_of("if a:\n    pass\nelif b:\n    stop\nelse:\n    return\n"
                    "for t in ts if t.ok:\n    pass\nrepeat 6 times:\n    pass\nwhile x < 3:\n    x += 1\n")
    if_, for_, repeat, while_ = body
    assert [c for c, _ in if_.branches] == [A.Name("a"), A.Name("b")]
    assert if_.other == [A.Return()]
    assert (for_.var, for_.iterable, for_.cond) == ("t", A.Name("ts"), A.Field(A.Name("t"), "ok"))
    assert repeat.count == A.Lit(6)
    assert while_.cond == A.Binary("<", A.Name("x"), A.Lit(3))


def test_choices():
    body = stmts_of('choose t from targets if t != pawn labelled "Escape to {t.name}" by current prompt "Where?"\n'
                    'may choose c from cards\n'
                    'choose d from dice:\n    pass\n')
    c = body[0]
    assert (c.var, c.source, c.may, c.body) == ("t", A.Name("targets"), False, None)
    assert c.cond == A.Binary("!=", A.Name("t"), A.Name("pawn"))
    assert c.label == A.Template(["Escape to ", A.Field(A.Name("t"), "name")])
    assert c.by == A.Name("current") and c.prompt == A.Template(["Where?"])
    assert body[1].may and body[1].label is None
    assert body[2].body == [A.Pass()]


def test_menus_and_secret_choices():
    body = stmts_of('choose prompt "Act":\n'
                    '    option "Move to {s.name}" for s in targets if left > 0:\n'
                    '        pawn = s\n'
                    '    option "Pass":\n'
                    '        pass\n'
                    'secretly each p in players chooses c from p.hand labelled "{c}" timed as t:\n'
                    '    pass\n')
    menu, secret = body
    assert menu.prompt == A.Template(["Act"]) and menu.by is None
    first, second = menu.options
    assert (first.var, first.iterable) == ("s", A.Name("targets"))
    assert first.cond == A.Binary(">", A.Name("left"), A.Lit(0))
    assert (second.var, second.iterable, second.cond) == (None, None, None)
    assert (secret.player_var, secret.var, secret.time_var) == ("p", "c", "t")
    assert secret.source == A.Field(A.Name("p"), "hand")


# ============================================================================ expressions
def test_precedence():
    assert expr("1 + 2 * 3") == A.Binary("+", A.Lit(1), A.Binary("*", A.Lit(2), A.Lit(3)))
    assert expr("1 - 2 - 3") == A.Binary("-", A.Binary("-", A.Lit(1), A.Lit(2)), A.Lit(3))
    assert expr("(1 + 2) % 3") == A.Binary("%", A.Binary("+", A.Lit(1), A.Lit(2)), A.Lit(3))
    assert expr("a or b and not c") == A.Binary("or", A.Name("a"), A.Binary("and", A.Name("b"),
                                                                           A.Unary("not", A.Name("c"))))
    assert expr("a + 1 >= b") == A.Binary(">=", A.Binary("+", A.Name("a"), A.Lit(1)), A.Name("b"))
    assert expr("not a == b") == A.Unary("not", A.Binary("==", A.Name("a"), A.Name("b")))
    assert expr("-x * 2") == A.Binary("*", A.Unary("-", A.Name("x")), A.Lit(2))


def test_membership_and_patterns():
    assert expr("s in xs") == A.Binary("in", A.Name("s"), A.Name("xs"))
    assert expr("black not in two") == A.Binary("not in", A.Name("black"), A.Name("two"))
    assert expr("hand starts with zebra") == A.StartsWith(A.Name("hand"), "zebra")


def test_literals_and_things():
    assert expr("true") == A.Lit(True) and expr("false") == A.Lit(False) and expr("none") == A.Lit(None)
    assert expr("42") == A.Lit(42)
    assert expr('space "Idiot\'s Platform"') == A.ThingRef("space", "Idiot's Platform")
    assert expr("[]") == A.ListLit([])
    assert expr("[1, 2]") == A.ListLit([A.Lit(1), A.Lit(2)])


def test_postfix_chains_and_calls():
    assert expr("two[0].name") == A.Field(A.Index(A.Name("two"), A.Lit(0)), "name")
    assert expr("f(x).y") == A.Field(A.Call("f", [A.Name("x")]), "y")
    assert expr("f()") == A.Call("f", [])
    assert expr("t[difficulty]") == A.Index(A.Name("t"), A.Name("difficulty"))


def test_conditional_lambda_and_comprehension():
    assert expr("if a then 1 else 2") == A.Cond(A.Name("a"), A.Lit(1), A.Lit(2))
    assert expr("if a then 1 else if b then 2 else 3") == A.Cond(A.Name("a"), A.Lit(1),
                                                                 A.Cond(A.Name("b"), A.Lit(2), A.Lit(3)))
    assert expr("roll(d, c => c != black)") == A.Call("roll", [A.Name("d"), A.Lambda(
        "c", A.Binary("!=", A.Name("c"), A.Name("black")))])
    assert expr("[s for s in space if s.flood == dry]") == A.Comprehension(
        A.Name("s"), "s", A.Name("space"), A.Binary("==", A.Field(A.Name("s"), "flood"), A.Name("dry")))
    assert expr("[s for s in space]").cond is None


def test_texts_with_expressions_braces_and_escapes():
    t = expr('"Water {w} of {max(w, 14)}"')
    assert t.parts == ["Water ", A.Name("w"), " of ", A.Call("max", [A.Name("w"), A.Lit(14)])]
    assert expr('"a {{literal}} b"').parts == ["a {literal} b"]
    assert expr('"say \\"hi\\"\\n"').parts == ['say "hi"\n']
    assert expr('""').parts == [""]


# ============================================================================ layout
def test_comments_blank_lines_and_continuations():
    module = parse_ok('# a comment\n\ngame "T"   # trailing comment\n\n\nvar x: int = 1 + \\\n    2\n'
                      'turn:\n    # a comment inside a block\n    pass\n\n    pass\n')
    assert [type(d).__name__ for d in module.decls] == ["GameDecl", "VarDecl", "PhaseDecl"]
    assert module.decls[1].init == A.Binary("+", A.Lit(1), A.Lit(2))
    assert module.decls[2].body == [A.Pass(), A.Pass()]


def test_brackets_continue_over_lines():
    d = one_decl("define xs: list of int = [1,\n    2,\n        3]\n")
    assert d.body == A.ListLit([A.Lit(1), A.Lit(2), A.Lit(3)])


def test_crlf_and_tabs_and_no_final_newline():
    module = parse_ok('game "T"\r\nturn:\r\n\tpass\r\n\tstop')
    assert module.decls[1].body == [A.Pass(), A.Stop()]


def test_deeper_blocks():
    body = stmts_of("if a:\n    if b:\n        for x in xs:\n            while c:\n                pass\n")
    assert body[0].branches[0][1][0].branches[0][1][0].body[0].body == [A.Pass()]


# ============================================================================ spans
def test_every_node_keeps_its_span():
    module = parse_ok(TABOO.read_text(), "game.rules")
    nodes = list(walk(module.decls))
    assert len(nodes) > 1000
    for node in nodes:
        assert node.span.file == "game.rules", node
        assert node.span.line >= 1, node
        assert node.span.column >= 1, node
        assert (node.span.end_line, node.span.end_column) >= (node.span.line, node.span.column), node


def test_spans_point_at_the_source_text():
    text = TABOO.read_text()
    lines = text.splitlines()
    module = parse_ok(text, "game.rules")
    checked = 0
    for node in walk(module.decls):
        s = node.span
        src = lines[s.line - 1]
        if isinstance(node, A.Name):
            assert src[s.column - 1:s.column - 1 + len(node.name)] == node.name, (s, src)
            checked += 1
        elif isinstance(node, A.Decl) and not isinstance(node, (A.PhaseDecl, A.WinnersDecl, A.DisplayDecl)):
            assert node.name in src, (s, src)
        elif isinstance(node, A.Lit) and isinstance(node.value, int) and not isinstance(node.value, bool):
            assert src[s.column - 1:].startswith(str(node.value)), (s, src)
    assert checked > 300


def test_spans_of_a_small_file():
    text = 'game "T"\n\nrule bump(n: int):\n    total = total + n\n    say "now {total}"\n'
    module = parse_ok(text)
    rule = module.decls[1]
    assert (rule.span.line, rule.span.column) == (3, 1)
    assign, say = rule.body
    assert (assign.span.line, assign.span.column) == (4, 5)
    assert (assign.value.span.line, assign.value.span.column) == (4, 13)
    assert (assign.value.right.span.column, assign.value.right.span.end_column) == (21, 22)
    inner = say.text.parts[1]
    assert inner == A.Name("total")
    assert (inner.span.line, inner.span.column) == (5, 15)      # inside the text, at its real place
    assert text.splitlines()[4][inner.span.column - 1:inner.span.end_column - 1] == "total"


def test_spans_do_not_take_part_in_equality():
    a = parse_ok("var x: int = 1\n").decls[0]
    b = parse_ok("\n\n  \nvar x: int = 1\n").decls[0]
    assert a == b and a.span.line != b.span.line


# ============================================================================ errors are diagnostics


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "game", "(((", "turn:\n", '"', "\x00",
                                  "rule r:\n  pass\n    pass\n",
                                  "rule r:\n        pass\n    pass\n",
                                  "turn:\n    if a:\n            pass\n        pass\n"])
def test_parse_returns_diagnostics_and_never_raises(text):
    module, errors = parse(text, "t.rules")
    assert isinstance(module, A.Module)
    for e in errors:
        assert e.code.startswith("E1")
        assert e.span.file == "t.rules"


def test_a_name_inside_a_text_reads_as_lark_reads_it():
    """`{name}` is read without a parse (parser._sub_expr): the same node, at the same place, as a
    parse of it gives, for every word of the grammar and for plain names; a word of the grammar
    still goes to lark (`{true}` is a literal, `{if}` is a mistake)."""
    from tabletop.dsl import parser as P
    name, words = P._plain_names()
    assert {"true", "none", "if", "players"} <= words and not name.fullmatch("top of")
    for text in sorted(words) + ["x", "current", "_", "a1", "Player", "truest", "ifx", "b_2"]:
        errors_fast, errors_lark = [], []
        template = f'"say {{{text}}} now"'
        tok = P.Token("STRING", template, line=3, column=5)
        fast = P._ToAst("f.rules", 10, errors_fast).template(tok)
        words_before = P._plain_names
        P._plain_names = lambda: (name, words | {text})      # every text through lark
        try:
            slow = P._ToAst("f.rules", 10, errors_lark).template(tok)
        finally:
            P._plain_names = words_before
        assert repr(fast) == repr(slow) and [p.span for p in fast.parts if not isinstance(p, str)] == \
            [p.span for p in slow.parts if not isinstance(p, str)], text
        assert [d.message for d in errors_fast] == [d.message for d in errors_lark], text


def test_a_plain_name_inside_a_text_is_not_parsed(monkeypatch):
    from tabletop.dsl import parser as P
    P._plain_names()
    monkeypatch.setattr(P, "build_parser", lambda strict=False: pytest.fail("a plain {name} went to lark"))
    node = P._ToAst("f.rules", 0, []).template(P.Token("STRING", '"Hello {who}"', line=1, column=1))
    assert isinstance(node.parts[1], A.Name) and node.parts[1].name == "who"


def test_a_list_or_a_calls_values_written_one_a_line_may_end_with_a_comma():
    """`[\\n 1,\\n 2,\\n]` is the list [1, 2] (it was E107, "this '[' is never closed", which
    pointed at the wrong thing); a comma with nothing before it is still a mistake."""
    assert expr("[\n    1,\n    2,\n]") == expr("[1, 2]")
    assert expr("max(\n    1,\n    2,\n)") == expr("max(1, 2)")
    assert parse("define xs: list of int = [,]\n", "t.rules")[1][0].code == "E101"
    assert parse("define xs: list of int = [1,, 2]\n", "t.rules")[1][0].code == "E101"


def test_parameters_written_one_a_line_may_end_with_a_comma():
    """`define a(\\n k: int,\\n j: int,\\n)` is the definition without the last comma, as a list's
    and a call's values are: it was E107, "this '(' is never closed", blaming the bracket."""
    def decl(text):
        module, errors = parse('game "x"\nplayers 1\n' + text, "t.rules")
        assert not [d for d in errors if d.severity == "error"], errors
        return module.decls[-1]
    with_comma = decl("define a(\n    k: int,\n    j: int,\n): int = k\n")
    assert with_comma == decl("define a(k: int, j: int): int = k\n")
    assert decl("rule r(\n    k: int,\n):\n    pass\n") == decl("rule r(k: int):\n    pass\n")
